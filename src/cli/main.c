/* cardhall: dispatches to one subcommand per file. */
#include <stdio.h>
#include <string.h>

#include "args.h"
#include "cli.h"
#include "version.h"

static const struct {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *usage;
    void (*help)(FILE *f); /* `COMMAND --help` beyond the usage line, or NULL */
} commands[] = {
    {"list", cli_list, "list [--json]                 games, their options and bots", NULL},
    {"play", cli_play,
     "play [GAME] [key=value ...] [--seat N] [--bots b1,b2,..] [--seed S] [--lang en|ja]\n"
     "       [--order CARDS] [--record FILE] [--max-moves N]   play in the terminal",
     NULL},
    {"engine", cli_engine,
     "engine [--untrusted] [--max-request BYTES]\n"
     "                              JSON-lines protocol on stdin/stdout",
     NULL},
    {"sim", cli_sim,
     "sim GAME [key=value ...] --games N --bots b1,b2,.. [--seed S] [--threads T]\n"
     "       [--max-steps M] [--json FILE] [--csv FILE] [--report FILE.html]\n"
     "                                     bot-vs-bot statistics\n"
     "       [--compare 'k=v ..' 'k=v ..' ... | --sweep key=a,b,c | --sweep key=lo..hi]\n"
     "                                     option sets on the same seeds, with differences",
     NULL},
    {"ladder", cli_ladder,
     "ladder GAME [key=value ...] --bots b1,b2,.. [--games N] [--seed S] [--threads T]\n"
     "       [--self] [--max-steps M] [--json FILE|-]   every pairing: win rates and Elo",
     NULL},
    {"bench", cli_bench, "bench [GAME] [--seconds X]    random-play speed, clone time, state size",
     NULL},
    {"replay", cli_replay,
     "replay FILE [--lang en|ja] [--step]\n"
     "                                     replay a record move by move (--step: Enter for each)",
     NULL},
    {"solve", cli_solve,
     "solve GAME [key=value ...] [--deals N] [--seed S] [--max-nodes M] [--bids made|free]\n"
     "      [--bot NAME]\n"
     "                                     hands winnable with every card known (comrade)",
     NULL},
    {"serve", cli_serve,
     "serve [--port 8080] [--host 127.0.0.1] [--db FILE] [--help]\n"
     "       [--max-message BYTES] [--rate MSGS/S] [--table-conns N]\n"
     "       [--max-tables N] [--max-conns N] [--max-memory-mb MB]\n"
     "       [--timeout SECONDS] [--bot-delay MS] [--chat-rate MSGS/10S]\n"
     "       [--no-spectator-chat] [--tls-cert FILE --tls-key FILE] ...\n"
     "       [--metrics-token-file FILE | --metrics-token TOKEN]\n"
     "                                     card tables over WebSocket",
     cli_serve_help},
    {"backup", cli_backup, "backup --db FILE OUT          copy a server's database while it runs",
     NULL},
};
#define NCOMMANDS (sizeof commands / sizeof commands[0])

static void usage(FILE *f)
{
    fprintf(f, "cardhall %s\n\nusage: cardhall COMMAND [ARGS]\n\ncommands:\n", CH_VERSION);
    for (size_t i = 0; i < NCOMMANDS; i++)
        fprintf(f, "  cardhall %s\n", commands[i].usage);
    fputs("  cardhall version                      the version (also --version)\n"
          "\nGame options are key=value words (see `cardhall list`); one command's flags:\n"
          "`cardhall COMMAND --help`. Exit status: 0 ok, 1 runtime error, 2 usage error.\n",
          f);
}

/* What `cardhall` alone prints: where to start, not every flag. */
static void short_help(FILE *f)
{
    fprintf(f,
            "cardhall %s\n"
            "Five card games to play in the terminal or the browser, against computer\n"
            "players or friends, and to simulate and program against.\n\n"
            "  cardhall play racko      play Rack-O in the terminal against computer players\n"
            "  cardhall play            the games, and how to start one\n"
            "  cardhall serve           the card table in a browser, to play with friends\n"
            "  cardhall list            every game's options and computer players\n"
            "  cardhall help            every command and its flags\n"
            "  cardhall COMMAND --help  one command\n"
            "  cardhall --version       the version\n",
            CH_VERSION);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        /* Asking what there is is not a mistake: stdout, exit 0. */
        short_help(stdout);
        return CLI_OK;
    }
    const char *cmd = argv[1];
    if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h") || !strcmp(cmd, "help")) {
        usage(stdout);
        return CLI_OK;
    }
    if (!strcmp(cmd, "--version") || !strcmp(cmd, "version")) {
        printf("cardhall %s\n", CH_VERSION);
        return CLI_OK;
    }
    for (size_t i = 0; i < NCOMMANDS; i++) {
        if (strcmp(cmd, commands[i].name) != 0) continue;
        for (int k = 2; k < argc; k++) {
            if (!strcmp(argv[k], "--help") || !strcmp(argv[k], "-h")) {
                printf("usage: cardhall %s\n", commands[i].usage);
                if (commands[i].help) {
                    putchar('\n');
                    commands[i].help(stdout);
                }
                return CLI_OK;
            }
        }
        return commands[i].run(argc - 2, argv + 2);
    }
    cli_fail(CLI_USAGE, "unknown command '%s'", cmd);
    usage(stderr);
    return CLI_USAGE;
}
