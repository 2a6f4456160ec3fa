/* cardhall: dispatches to one subcommand per file. */
#include <stdio.h>
#include <string.h>

#include "args.h"
#include "cli.h"

static const struct {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *usage;
} commands[] = {
    {"list", cli_list, "list [--json]                 games, their options and bots"},
    {"play", cli_play,
     "play GAME [key=value ...] [--seat N] [--bots b1,b2,..] [--seed S] [--lang en|ja]\n"
     "       [--order CARDS] [--record FILE] [--max-moves N]   play in the terminal"},
    {"engine", cli_engine,
     "engine [--untrusted] [--max-request BYTES]\n"
     "                              JSON-lines protocol on stdin/stdout"},
    {"sim", cli_sim,
     "sim GAME [key=value ...] --games N --bots b1,b2,.. [--seed S] [--threads T]\n"
     "       [--max-steps M] [--json FILE] [--csv FILE] [--report FILE.html]\n"
     "                                     bot-vs-bot statistics\n"
     "       [--compare 'k=v ..' 'k=v ..' ... | --sweep key=a,b,c | --sweep key=lo..hi]\n"
     "                                     option sets on the same seeds, with differences"},
    {"ladder", cli_ladder,
     "ladder GAME [key=value ...] --bots b1,b2,.. [--games N] [--seed S] [--threads T]\n"
     "       [--self] [--max-steps M] [--json FILE|-]   every pairing: win rates and Elo"},
    {"bench", cli_bench, "bench [GAME] [--seconds X]    random-play speed, clone time, state size"},
    {"replay", cli_replay, "replay FILE [--lang en|ja]    replay a record move by move"},
    {"solve", cli_solve,
     "solve GAME [key=value ...] [--deals N] [--seed S] [--max-nodes M] [--bids made|free]\n"
     "                                     hands winnable with every card known (comrade)"},
    {"serve", cli_serve,
     "serve [--port 8080] [--host 127.0.0.1] [--db FILE] [--max-message BYTES]\n"
     "       [--rate MSGS/S] [--table-conns N] [--max-tables N] [--max-conns N]\n"
     "       [--max-memory-mb MB] [--timeout SECONDS] [--bot-delay MS]\n"
     "       [--chat-rate MSGS/10S] [--no-spectator-chat]\n"
     "       [--metrics-token-file FILE | --metrics-token TOKEN]   (/metrics; also\n"
     "       $CARDHALL_METRICS_TOKEN)\n"
     "                                     card tables over WebSocket"},
    {"backup", cli_backup,
     "backup --db FILE OUT          copy a server's database while it runs"},
};
#define NCOMMANDS (sizeof commands / sizeof commands[0])

static void usage(FILE *f)
{
    fputs("usage: cardhall COMMAND [ARGS]\n\ncommands:\n", f);
    for (size_t i = 0; i < NCOMMANDS; i++)
        fprintf(f, "  cardhall %s\n", commands[i].usage);
    fputs("\nGame options are key=value words (see `cardhall list`). Exit status: 0 ok,\n"
          "1 runtime error, 2 usage error.\n",
          f);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return CLI_USAGE;
    }
    const char *cmd = argv[1];
    if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h") || !strcmp(cmd, "help")) {
        usage(stdout);
        return CLI_OK;
    }
    for (size_t i = 0; i < NCOMMANDS; i++) {
        if (strcmp(cmd, commands[i].name) != 0) continue;
        for (int k = 2; k < argc; k++) {
            if (!strcmp(argv[k], "--help") || !strcmp(argv[k], "-h")) {
                printf("usage: cardhall %s\n", commands[i].usage);
                return CLI_OK;
            }
        }
        return commands[i].run(argc - 2, argv + 2);
    }
    cli_fail(CLI_USAGE, "unknown command '%s'", cmd);
    usage(stderr);
    return CLI_USAGE;
}
