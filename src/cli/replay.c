/* cardhall replay: a record, move by move, as everyone could have seen it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "args.h"
#include "cardhall/table.h"
#include "cardhall/match.h"
#include "cardhall/registry.h"
#include "cli.h"
#include "narrate.h"
#include "show.h"
#include "term.h"

/* Seat labels from the record's "players" list when a front end wrote one. */
static void make_labels(const json_t *rec, int n, ch_lang lang, char label[][64],
                        const char **labels)
{
    json_t *players = json_object_get(rec, "players");
    for (int p = 0; p < n; p++) {
        char seat[32];
        snprintf(seat, sizeof seat, show_msg(lang, MSG_SEAT), p + 1); /* people count from 1 */
        const char *who = json_string_value(json_array_get(players, (size_t)p));
        /* The record's text is clipped; the names the program gives it are
         * its own and may be longer. */
        char clipped[25];
        if (who) narrate_clip(clipped, who, 24);
        if (who && strcmp(clipped, "human") == 0)
            who = show_msg(lang, MSG_HUMAN);
        else if (who)
            who = narrate_bot_name(clipped, lang);
        if (who)
            snprintf(label[p], 64, lang == CH_LANG_JA ? "%s（%s）" : "%s (%s)", seat, who);
        else
            snprintf(label[p], 64, "%s", seat);
        labels[p] = label[p];
    }
}

/* Every move with its notation and events, and each hand's summary. */
static void print_moves(const ch_match *m, const char *const *labels, ch_lang lang)
{
    for (int k = 0; k < m->n_actions; k++)
        narrate_move(m, k, CH_ALL, labels, lang, 1);
}

/* --step (issue 24): one move at a time, with the board after it (every
 * card open: a record is of a finished game, or one its owner quit), Enter
 * for the next, q to stop. At the end of input the rest plays through. */
static int step_moves(const ch_match *m, const char *const *labels, ch_lang lang)
{
    char *line = NULL;
    size_t cap = 0;
    int prompt = 1;
    for (int k = 0; k < m->n_actions; k++) {
        if (prompt) {
            fputs(show_msg(lang, MSG_STEP), stdout);
            fflush(stdout);
            if (getline(&line, &cap, stdin) < 0) {
                putchar('\n');
                prompt = 0;
            } else {
                narrate_plain_input(line);
                /* Through a pipe the input is not echoed: end the prompt's line. */
                if (!isatty(STDIN_FILENO)) putchar('\n');
                if (line[0] == 'q') {
                    free(line);
                    return 1;
                }
            }
        }
        narrate_move(m, k, CH_ALL, labels, lang, 1);
        char *board = prompt ? tb_render(m->game, ch_match_state_at(m, k + 1), CH_ALL, lang) : NULL;
        if (board) {
            fputs(board, stdout);
            if (board[0] && board[strlen(board) - 1] != '\n') putchar('\n');
            free(board);
        }
    }
    free(line);
    return 0;
}

int cli_replay(int argc, char **argv)
{
    static const cli_flag flags[] = {{"--lang", 1}, {"--step", 0}, {NULL, 0}};
    cli_args a;
    int rc = cli_parse(argc, argv, flags, &a);
    if (rc != CLI_OK) return rc;
    if (a.npos != 1 || a.nkv)
        return cli_fail(CLI_USAGE, "usage: cardhall replay FILE [--lang en|ja] [--step]");
    ch_lang lang;
    if (cli_lang(cli_get(&a, "--lang"), &lang) != CLI_OK) return CLI_USAGE;
    json_t *rec;
    ch_err err;
    if (ch_record_load(a.pos[0], &rec, &err) != CH_OK) return cli_fail(CLI_ERR, "%s", err.msg);
    const char *name = ch_record_game(rec);
    const ch_game *g = name ? ch_game_find(name) : NULL;
    ch_match m;
    if (!json_is_object(rec)) {
        rc = cli_fail(CLI_ERR, "%s: not a record (expected a JSON object)", a.pos[0]);
    } else if (!g) {
        rc = name ? cli_fail(CLI_ERR, "%s: unknown game '%s'", a.pos[0], name)
                  : cli_fail(CLI_ERR, "%s: the record names no game", a.pos[0]);
    } else if (ch_record_read_files(g, rec, &err) != CH_OK ||
               ch_match_from_record(&m, g, rec, &err) != CH_OK) {
        rc = cli_fail(CLI_ERR, "%s: %s", a.pos[0], err.msg);
    } else {
        int n = g->num_players(ch_match_state(&m));
        char label[CH_MAX_PLAYERS][64];
        const char *labels[CH_MAX_PLAYERS];
        make_labels(rec, n, lang, label, labels);
        char title[128];
        snprintf(title, sizeof title, "%s%s%s", term_sgr(TERM_BOLD), g->title[lang],
                 term_sgr(TERM_RESET));
        printf(show_msg(lang, MSG_REPLAY), title, g->name, n, (unsigned long long)m.seed,
               m.n_actions);
        /* Stopped with q: the end is not shown (it is not spoilt). */
        int stopped = cli_get(&a, "--step") ? step_moves(&m, labels, lang) : (print_moves(&m, labels, lang), 0);
        if (!stopped) show_result(g, ch_match_state(&m), labels, lang);
        ch_match_free(&m);
    }
    json_decref(rec);
    return rc;
}
