/* cardhall play: people against computer players (or each other) in the
 * terminal. Everything goes through ch_match, so undo is a rewind and the
 * record is written from the match on exit. Plain text through a pipe, so a
 * script can drive a whole game. */
#include <ctype.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "args.h"
#include "cardhall/table.h"
#include "cardhall/bot.h"
#include "cardhall/file.h"
#include "cardhall/match.h"
#include "cardhall/registry.h"
#include "cli.h"
#include "narrate.h"
#include "nearest.h"
#include "show.h"
#include "term.h"

/* Moves a table of bots only may make (--max-moves): as sim's --max-steps,
 * far beyond any real game of the five, so only a game that would never end
 * meets it. */
#define PLAY_MAX_MOVES 100000

typedef struct play {
    const ch_game *g;
    ch_match m;
    ch_lang lang;
    int n;
    int human[CH_MAX_PLAYERS];
    ch_bot bot[CH_MAX_PLAYERS];
    uint64_t bot_seed[CH_MAX_PLAYERS];
    char label[CH_MAX_PLAYERS][72];
    const char *labels[CH_MAX_PLAYERS];
    int shown[CH_MAX_PLAYERS]; /* actions already shown to each human */
    int humans;                /* none: bots only, every move is shown as it happens */
    int max_moves;             /* bots only: the game stops unfinished after this many */
    ch_action *acts;
} play;

/* Ctrl-C ends the game like quit, so the record is still written: the
 * handler only sets this, and the blocked read returns with EINTR. */
static volatile sig_atomic_t interrupted;

static void on_interrupt(int sig)
{
    (void)sig;
    interrupted = 1;
}

static int actor(const play *pl, int k)
{
    return pl->g->to_move(ch_match_state_at(&pl->m, k));
}

static void seat_label(play *pl, int p, const char *who)
{
    char seat[32];
    snprintf(seat, sizeof seat, show_msg(pl->lang, MSG_SEAT), p + 1); /* people count from 1 */
    /* Japanese text brackets with full-width parentheses, as the board does. */
    snprintf(pl->label[p], sizeof pl->label[p],
             pl->lang == CH_LANG_JA ? "%.20s（%.40s）" : "%.20s (%.40s)", seat, who);
}

/* Seats from --seat and --bots: a list as long as the table names every seat
 * ("human" for people); one name short fills the seats other than --seat;
 * a single name fills them all. */
static int assign_seats(play *pl, const char *seat_arg, const char *bots_arg, uint64_t seed)
{
    int seat = 0;
    if (seat_arg && cli_int("--seat", seat_arg, 0, pl->n - 1, &seat) != CLI_OK) return CLI_USAGE;
    char buf[512];
    const char *words[CH_MAX_PLAYERS];
    int nb = 0;
    if (bots_arg) {
        /* Settings stay with their bot: "human,pimc:worlds=32,ms=200". */
        ch_err serr;
        nb = ch_bot_split(bots_arg, buf, sizeof buf, words, CH_MAX_PLAYERS, &serr);
        if (nb < 0) return cli_fail(CLI_USAGE, "--bots: %s", serr.msg);
        if (nb != pl->n && nb != pl->n - 1 && nb != 1)
            return cli_fail(CLI_USAGE,
                            "--bots: %d names for %d players (give %d, %d, or one for all)", nb,
                            pl->n, pl->n, pl->n - 1);
        if (nb == pl->n && seat_arg)
            return cli_fail(CLI_USAGE, "--seat: --bots already names every seat");
    }
    ch_err err;
    const char *dflt =
        ch_bot_init(&pl->bot[0], pl->g, "heuristic", 0, &err) == CH_OK ? "heuristic" : "random";
    for (int p = 0, k = 0; p < pl->n; p++) {
        const char *name;
        if (nb == pl->n)
            name = words[p];
        else if (p == seat)
            name = "human";
        else if (nb == 0)
            name = dflt;
        else if (nb == 1)
            name = words[0];
        else
            name = words[k++];
        pl->human[p] = strcmp(name, "human") == 0;
        if (pl->human[p]) {
            seat_label(pl, p, show_msg(pl->lang, MSG_HUMAN));
            continue;
        }
        /* Below 2^63, so the record holds it as a JSON integer. */
        pl->bot_seed[p] = ch_mix64(seed ^ ch_mix64((uint64_t)p + 1)) >> 1;
        if (ch_bot_init(&pl->bot[p], pl->g, name, pl->bot_seed[p], &err) != CH_OK)
            return cli_fail(CLI_USAGE, "--bots: %s (or human)", err.msg);
        seat_label(pl, p, narrate_bot_name(name, pl->lang));
    }
    for (int p = 0; p < pl->n; p++)
        pl->humans += pl->human[p];
    if (pl->humans == 1)
        for (int p = 0; p < pl->n; p++)
            if (pl->human[p]) seat_label(pl, p, show_msg(pl->lang, MSG_YOU));
    for (int p = 0; p < pl->n; p++)
        pl->labels[p] = pl->label[p];
    return CLI_OK;
}

/* Every move since seat p last decided, p's own among them (the outcome of
 * p's raid, the cards p drew), as p may know them. */
static void show_news(play *pl, int p)
{
    for (int k = pl->shown[p]; k < pl->m.n_actions; k++)
        narrate_move(&pl->m, k, p, pl->labels, pl->lang, 0);
    pl->shown[p] = pl->m.n_actions;
}

/* Move k as everyone may see it, for a table of bots only. */
static void show_move(const play *pl, int k)
{
    narrate_move(&pl->m, k, CH_ALL, pl->labels, pl->lang, 0);
}

static int list_moves(play *pl, int p)
{
    const void *st = ch_match_state(&pl->m);
    char text[256], name[512], warn[512];
    int n = pl->g->legal(st, pl->acts);
    /* The phase is the game's English word: shown in English only. */
    if (pl->lang == CH_LANG_EN)
        printf("%s%s%s (%s):\n", term_sgr(TERM_BOLD), show_msg(pl->lang, MSG_MOVES),
               term_sgr(TERM_RESET), pl->g->phase(st));
    else
        printf("%s%s%s:\n", term_sgr(TERM_BOLD), show_msg(pl->lang, MSG_MOVES),
               term_sgr(TERM_RESET));
    for (int i = 0; i < n; i++) {
        pl->g->action_text(st, pl->acts[i], text, sizeof text);
        tb_choice_name(pl->g, st, pl->acts[i], p, pl->lang, name, sizeof name);
        printf("  %s%2d%s  %-14s %s%s%s", term_sgr(TERM_GREEN), i + 1, term_sgr(TERM_RESET), text,
               term_sgr(TERM_DIM), name, term_sgr(TERM_RESET));
        if (tb_warning(pl->g, st, pl->acts[i], pl->lang, warn, sizeof warn) > 0) {
            printf("  %s", term_sgr(TERM_RED));
            printf(show_msg(pl->lang, MSG_WARN), warn);
            fputs(term_sgr(TERM_RESET), stdout);
        }
        putchar('\n');
    }
    return n;
}

static void print_board(const play *pl, int viewer)
{
    char *board = tb_render(pl->g, ch_match_state(&pl->m), viewer, pl->lang);
    if (board) {
        printf("\n%s", board);
        if (board[0] && board[strlen(board) - 1] != '\n') putchar('\n');
        free(board);
    }
}

static void show_turn(play *pl, int p)
{
    show_news(pl, p);
    print_board(pl, p);
    list_moves(pl, p);
}

/* Counts, per face, the cards seat p knows the place of. */
static void seen_counts(const ch_game *g, const void *st, int p, int *count)
{
    static ch_census c; /* 2 KB; play is single-threaded */
    memset(&c, 0, sizeof c);
    c.viewer = p;
    g->census(st, p, &c);
    memset(count, 0, sizeof(int) * CH_MAX_CARDS);
    for (int i = 0; i < c.n && i < CH_MAX_CARDS; i++)
        if (c.e[i].seen && c.e[i].face >= 0 && c.e[i].face < CH_MAX_CARDS) count[c.e[i].face]++;
}

/* Rewinds to p's previous decision unless something since then showed p a
 * card it had not seen: taking that back would let p play with knowledge
 * from the future. Cards are compared by face and count, from the census
 * (what p knows is where), so moving known cards around does not count. */
static void undo(play *pl, int p)
{
    int k = pl->m.n_actions - 1;
    while (k >= 0 && actor(pl, k) != p)
        k--;
    if (k < 0) {
        fputs(show_msg(pl->lang, MSG_NO_UNDO), stdout);
        return;
    }
    /* Every state since, not only the last: a card seen and then hidden
     * again (shuffled back, covered) was still seen. */
    int then[CH_MAX_CARDS], later[CH_MAX_CARDS];
    seen_counts(pl->g, ch_match_state_at(&pl->m, k), p, then);
    for (int j = k + 1; j <= pl->m.n_actions; j++) {
        seen_counts(pl->g, ch_match_state_at(&pl->m, j), p, later);
        for (int f = 0; f < CH_MAX_CARDS; f++) {
            if (later[f] > then[f]) {
                char card[32];
                pl->g->card_text(f, card, sizeof card);
                printf(show_msg(pl->lang, MSG_UNDO_REFUSED), card);
                return;
            }
        }
    }
    while (pl->m.n_actions > k)
        ch_match_undo(&pl->m, NULL);
    for (int q = 0; q < pl->n; q++)
        if (pl->shown[q] > k) pl->shown[q] = k;
    fputs(show_msg(pl->lang, MSG_UNDONE), stdout);
}

static void trim(char *s)
{
    size_t n = strlen(s);
    while (n && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
    size_t i = 0;
    while (isspace((unsigned char)s[i]))
        i++;
    memmove(s, s + i, n - i + 1);
}

static int all_digits(const char *s)
{
    if (!*s) return 0;
    for (; *s; s++)
        if (!isdigit((unsigned char)*s)) return 0;
    return 1;
}

/* One human decision. Returns 0 to go on, 1 to quit, -1 on a runtime error. */
static int human_turn(play *pl, int p)
{
    show_turn(pl, p);
    char *line = NULL;
    size_t cap = 0;
    int rc = 0;
    for (;;) {
        /* A forced move (issue 24): the only one is the default, and the
         * prompt says so; Enter plays it. */
        char only[256] = "";
        if (pl->g->legal(ch_match_state(&pl->m), pl->acts) == 1) {
            char name[512];
            const void *st = ch_match_state(&pl->m);
            pl->g->action_text(st, pl->acts[0], only, sizeof only);
            tb_choice_name(pl->g, st, pl->acts[0], p, pl->lang, name, sizeof name);
            printf(show_msg(pl->lang, MSG_FORCED), only, name);
        }
        printf(only[0] ? "%s [%s]> " : "%s> ", pl->labels[p], only);
        fflush(stdout);
        if (getline(&line, &cap, stdin) < 0) {
            printf("\n");
            rc = 1;
            break;
        }
        narrate_plain_input(line);
        trim(line);
        /* Through a pipe the input is not echoed; show it so a transcript reads right. */
        if (!isatty(STDIN_FILENO)) printf("%s\n", line);
        if (!strcmp(line, "quit") || !strcmp(line, "q") || !strcmp(line, "exit")) {
            rc = 1;
            break;
        }
        if (!strcmp(line, "help")) {
            fputs(show_msg(pl->lang, MSG_HELP), stdout);
            list_moves(pl, p);
            continue;
        }
        if (!strcmp(line, "rules") || !strcmp(line, "?")) {
            narrate_rules(pl->g, &pl->m.opts, pl->lang);
            continue;
        }
        if (!strcmp(line, "undo")) {
            int before = pl->m.n_actions;
            undo(pl, p);
            if (pl->m.n_actions != before) break;
            continue;
        }
        const void *st = ch_match_state(&pl->m);
        int n = pl->g->legal(st, pl->acts);
        ch_action a;
        ch_err err;
        int idx;
        if (all_digits(line) && strlen(line) < 6 && (idx = atoi(line)) >= 1 && idx <= n) {
            a = pl->acts[idx - 1];
        } else if (!line[0] && n == 1) {
            a = pl->acts[0];
        } else if (!line[0]) {
            printf(show_msg(pl->lang, MSG_ASK), n);
            continue;
        } else if (ch_parse_action(pl->g, st, line, &a, &err) != CH_OK) {
            char why[512];
            printf(show_msg(pl->lang, MSG_NOT_LEGAL), line, n);
            if (tb_explain_illegal(pl->g, st, line, pl->lang, why, sizeof why) > 0)
                printf(show_msg(pl->lang, MSG_REASON), why);
            /* A typo (issue 24): the nearest legal move, by its notation or
             * its name in either language. */
            int near = nearest_move(pl->g, st, p, line, pl->acts, n);
            if (near >= 0) {
                char text[256], name[512];
                pl->g->action_text(st, pl->acts[near], text, sizeof text);
                tb_choice_name(pl->g, st, pl->acts[near], p, pl->lang, name, sizeof name);
                printf(show_msg(pl->lang, MSG_DID_YOU_MEAN), text, name);
            }
            continue;
        }
        if (ch_match_apply(&pl->m, a, &err) != CH_OK) {
            rc = cli_fail(-1, "%s", err.msg);
            break;
        }
        break;
    }
    free(line);
    return rc;
}

/* mkdir -p: every missing directory of dir (a writable copy). */
static int make_dirs(char *dir)
{
    for (char *p = dir + 1;; p++) {
        if (*p != '/' && *p != '\0') continue;
        char c = *p;
        *p = '\0';
        int rc = mkdir(dir, 0777);
        *p = c;
        if (rc != 0 && errno != EEXIST) return -1;
        if (!c) return 0;
    }
}

/* Where the record goes: --record, else the user's data directory
 * ($XDG_DATA_HOME/cardhall/records, else ~/.local/share/cardhall/records),
 * never the current directory unasked. Checked before the game starts, so a
 * path that cannot be written is said at once, not after an hour of play. */
static int record_path(const play *pl, const char *arg, char *path, size_t cap)
{
    ch_err err;
    if (arg) {
        snprintf(path, cap, "%s", arg);
    } else {
        char dir[4096];
        const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
        /* The XDG spec ignores a relative XDG_DATA_HOME. */
        if (xdg && xdg[0] == '/')
            snprintf(dir, sizeof dir, "%s/cardhall/records", xdg);
        else if (home && home[0])
            snprintf(dir, sizeof dir, "%s/.local/share/cardhall/records", home);
        else
            return cli_fail(CLI_USAGE, "no place for the record: set HOME or XDG_DATA_HOME, or "
                                       "give --record FILE");
        if (make_dirs(dir) != 0)
            return cli_fail(CLI_ERR,
                            "record directory %s: %s (give --record FILE to write "
                            "elsewhere)",
                            dir, strerror(errno));
        if ((size_t)snprintf(path, cap, "%s/%s-%llu.json", dir, pl->g->name,
                             (unsigned long long)pl->m.seed) >= cap)
            return cli_fail(CLI_USAGE, "record path %s: too long", dir);
    }
    if (ch_file_check_writable(path, "record", &err) != CH_OK)
        return cli_fail(CLI_ERR, "%s", err.msg);
    return CLI_OK;
}

static int write_record(play *pl, const char *path)
{
    json_t *rec = ch_match_record(&pl->m);
    json_t *players = json_array(), *bots = json_array();
    for (int p = 0; p < pl->n; p++) {
        json_array_append_new(players, json_string(pl->human[p] ? "human" : pl->bot[p].name));
        if (!pl->human[p])
            json_array_append_new(bots,
                                  json_pack("{s:i,s:s,s:I}", "seat", p, "name", pl->bot[p].name,
                                            "seed", (json_int_t)pl->bot_seed[p]));
    }
    json_object_set_new(rec, "players", players);
    json_object_set_new(rec, "bots", bots);
    ch_err err;
    int rc = ch_record_save(path, rec, &err);
    json_decref(rec);
    if (rc != CH_OK) return cli_fail(CLI_ERR, "%s", err.msg);
    printf(show_msg(pl->lang, MSG_RECORD), path);
    return CLI_OK;
}

/* The end of a game that did not finish: cap reached, or an error (out of
 * memory). What was played is still shown and saved; rc is what play
 * returns. */
static int end_unfinished(play *pl, const char *record_path, int rc)
{
    show_result(pl->g, ch_match_state(&pl->m), pl->labels, pl->lang);
    int wrc = write_record(pl, record_path);
    return rc != CLI_OK ? rc : wrc;
}

/* For a table of bots only: true (after saying so) once the game has made
 * max_moves moves. Random play can go on for ever (a Rack-O rack that random
 * swaps never put in order). */
static int capped(const play *pl)
{
    if (pl->humans || pl->m.n_actions < pl->max_moves) return 0;
    printf(show_msg(pl->lang, MSG_CAPPED), pl->m.n_actions);
    return 1;
}

static int run(play *pl, const char *record_path)
{
    int quit = 0;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_interrupt; /* no SA_RESTART: getline must return */
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    while (!quit && !(quit = interrupted)) {
        const void *st = ch_match_state(&pl->m);
        int p = pl->g->to_move(st);
        if (p == CH_TERMINAL) break;
        if (pl->human[p]) {
            quit = human_turn(pl, p);
            if (quit < 0) return end_unfinished(pl, record_path, CLI_ERR);
            continue;
        }
        if (capped(pl)) return end_unfinished(pl, record_path, CLI_OK);
        ch_err err;
        ch_action a = ch_bot_act(&pl->bot[p], st, p);
        if (ch_match_apply(&pl->m, a, &err) != CH_OK)
            return end_unfinished(
                pl, record_path,
                cli_fail(CLI_ERR, "bot %s at seat %d: %s", pl->bot[p].name, p, err.msg));
        if (!pl->humans) show_move(pl, pl->m.n_actions - 1);
    }
    const void *st = ch_match_state(&pl->m);
    if (quit) {
        printf(show_msg(pl->lang, MSG_QUIT), pl->m.n_actions);
    } else {
        /* Let every person see how the game ended. */
        for (int p = 0; p < pl->n; p++)
            if (pl->human[p]) show_news(pl, p);
        print_board(pl, CH_ALL);
    }
    show_result(pl->g, st, pl->labels, pl->lang);
    return write_record(pl, record_path);
}

/* Writes text from column col on, wrapped at spaces before column 79, each
 * further line indented to column indent. */
static void put_wrapped(FILE *f, const char *text, int col, int indent)
{
    const char *p = text;
    while (*p) {
        const char *sp = strchr(p, ' ');
        int w = sp ? (int)(sp - p) : (int)strlen(p);
        if (col > indent && col + 1 + w > 78) {
            fprintf(f, "\n%*s", indent, "");
            col = indent;
        } else if (col > indent) {
            fputc(' ', f);
            col++;
        }
        fprintf(f, "%.*s", w, p);
        col += w;
        p += w;
        while (*p == ' ')
            p++;
    }
    fputc('\n', f);
}

/* `cardhall play` with no game: what there is to play and how to start. */
static void list_games(FILE *f)
{
    fputs("Games to play (cardhall play GAME):\n\n", f);
    int wname = 0;
    for (const ch_game *const *p = ch_games(); *p; p++)
        wname = (int)strlen((*p)->name) > wname ? (int)strlen((*p)->name) : wname;
    for (const ch_game *const *p = ch_games(); *p; p++) {
        const ch_game *g = *p;
        char line[512];
        if (g->min_players == g->max_players)
            snprintf(line, sizeof line, "%s, %d players: %s", g->title[CH_LANG_EN], g->min_players,
                     g->summary);
        else
            snprintf(line, sizeof line, "%s, %d-%d players: %s", g->title[CH_LANG_EN],
                     g->min_players, g->max_players, g->summary);
        fprintf(f, "  %-*s  ", wname, g->name);
        put_wrapped(f, line, wname + 4, wname + 4);
    }
    fputs("\nStart one against computer players:  cardhall play racko\n"
          "With options and your seat:          cardhall play racko players=3 --seat 0\n"
          "In Japanese:                         cardhall play racko --lang ja\n"
          "Options and computer players: cardhall list. Every flag: cardhall play --help\n",
          f);
}

int cli_play(int argc, char **argv)
{
    static const cli_flag flags[] = {{"--seat", 1},      {"--bots", 1},  {"--seed", 1},
                                     {"--lang", 1},      {"--order", 1}, {"--record", 1},
                                     {"--max-moves", 1}, {NULL, 0}};
    cli_args a;
    int rc = cli_parse(argc, argv, flags, &a);
    if (rc != CLI_OK) return rc;
    if (a.npos == 0 && argc == 0) {
        list_games(stdout);
        return CLI_OK;
    }
    if (a.npos == 0) {
        cli_fail(CLI_USAGE, "play: which game?");
        list_games(stderr);
        return CLI_USAGE;
    }
    if (a.npos != 1)
        return cli_fail(CLI_USAGE, "usage: cardhall play GAME [key=value ...] [flags]");
    static play pl;
    memset(&pl, 0, sizeof pl);
    pl.g = cli_game(a.pos[0]);
    if (!pl.g) return CLI_USAGE;
    if (cli_lang(cli_get(&a, "--lang"), &pl.lang) != CLI_OK) return CLI_USAGE;
    uint64_t seed;
    const char *seed_arg = cli_get(&a, "--seed");
    if (seed_arg) {
        if (cli_u64("--seed", seed_arg, &seed) != CLI_OK) return CLI_USAGE;
    } else {
        seed = tb_time_seed();
    }
    static int order[CH_MAX_CARDS];
    int n_order = 0;
    ch_err err;
    const char *order_arg = cli_get(&a, "--order");
    if (order_arg && ch_parse_order(pl.g, order_arg, order, CH_MAX_CARDS, &n_order, &err) != CH_OK)
        return cli_fail(CLI_USAGE, "--order: %s", err.msg);
    if (order_arg && n_order == 0) return cli_fail(CLI_USAGE, "--order: no cards given");
    if (ch_match_init(&pl.m, pl.g, a.kv, a.nkv, seed, order, n_order, &err) != CH_OK)
        return cli_fail(CLI_USAGE, "%s", err.msg);
    pl.n = pl.g->num_players(ch_match_state(&pl.m));
    rc = assign_seats(&pl, cli_get(&a, "--seat"), cli_get(&a, "--bots"), seed);
    pl.max_moves = PLAY_MAX_MOVES;
    const char *max_arg = cli_get(&a, "--max-moves");
    if (rc == CLI_OK && max_arg) rc = cli_int("--max-moves", max_arg, 1, 1 << 30, &pl.max_moves);
    char path[4096];
    if (rc == CLI_OK) rc = record_path(&pl, cli_get(&a, "--record"), path, sizeof path);
    pl.acts = malloc(sizeof *pl.acts * (size_t)pl.g->max_actions);
    if (rc == CLI_OK && !pl.acts) rc = cli_fail(CLI_ERR, "out of memory");
    if (rc == CLI_OK) {
        fputs(term_sgr(TERM_BOLD), stdout);
        printf(show_msg(pl.lang, MSG_START), pl.g->title[pl.lang], pl.n, (unsigned long long)seed);
        fputs(term_sgr(TERM_RESET), stdout);
        rc = run(&pl, path);
    }
    free(pl.acts);
    ch_match_free(&pl.m);
    return rc;
}
