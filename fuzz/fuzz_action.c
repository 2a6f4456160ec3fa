/* Fuzz target: action texts (ch_parse_action) on states reached by a few
 * random moves. Input: game byte, move count byte, 4 seed bytes, then the
 * text. Asserted: every legal action's text parses back to that action; a
 * text that parses names a legal action, whose own text parses back to it;
 * applying it keeps the census whole. */
#include <stdlib.h>
#include <string.h>

#include "cardhall/options.h"
#include "fz.h"

static void round_trip(const ch_game *g, const void *st, ch_action a)
{
    char text[256];
    ch_action b;
    ch_err err;
    if (g->action_text(st, a, text, sizeof text) <= 0)
        fz_fail("%s: an action without text", g->name);
    if (ch_parse_action(g, st, text, &b, &err) != CH_OK)
        fz_fail("%s: action text '%s' does not parse: %s", g->name, text, err.msg);
    if (b != a) fz_fail("%s: action text '%s' parses to another action", g->name, text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 6) return 0;
    const ch_game *g = fz_game(data[0]);
    int moves = data[1] % 64;
    uint64_t seed = (uint64_t)data[2] | (uint64_t)data[3] << 8 | (uint64_t)data[4] << 16 |
                    (uint64_t)data[5] << 24;
    ch_opts o;
    ch_err err;
    ch_opts_defaults(&o, g->opts, g->n_opts);
    void *st = malloc(g->state_size);
    ch_action *acts = malloc(sizeof *acts * (size_t)g->max_actions);
    if (!st || !acts) abort();
    if (ch_setup(g, st, &o, seed, NULL, 0, &err) != CH_OK)
        fz_fail("%s: default setup: %s", g->name, err.msg);
    fz_random_moves(g, st, acts, moves, seed);
    if (g->to_move(st) != CH_TERMINAL) {
        int n = g->legal(st, acts);
        for (int i = 0; i < n; i++)
            round_trip(g, st, acts[i]);
    }
    char *text = fz_text(data + 6, size - 6);
    ch_action a;
    if (ch_parse_action(g, st, text, &a, &err) == CH_OK) {
        if (!ch_is_legal(g, st, a)) fz_fail("%s: '%s' parses to an illegal action", g->name, text);
        round_trip(g, st, a);
        if (ch_apply(g, st, a, &err) != CH_OK)
            fz_fail("%s: '%s' does not apply: %s", g->name, text, err.msg);
        fz_census(g, st, "after a parsed action");
    }
    free(text);
    free(acts);
    free(st);
    return 0;
}
