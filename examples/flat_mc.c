/* A searching player in ~100 lines, for researchers starting with the C API:
 * determinized flat Monte Carlo. At its turn it samples worlds consistent
 * with its own view (game->resample: never the true hidden cards), tries
 * each legal action in each world, finishes the game with random moves, and
 * picks the action that won most. Then it plays a match against a bot.
 *
 *   flat_mc GAME [key=value ...] [--games N] [--worlds W] [--vs BOT]
 *
 * Everything it uses is public: registry.h, game.h, bot.h, options.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cardhall/bot.h"
#include "cardhall/registry.h"

#define MAX_KV 16
#define PLAYOUT_CAP 5000 /* moves; a playout that does not end counts as a loss */

/* Finishes st with uniformly random moves; 1 if seat is among the winners. */
static int playout(const ch_game *g, void *st, int seat, ch_rng *rng, ch_action *buf)
{
    for (int k = 0; k < PLAYOUT_CAP && g->to_move(st) != CH_TERMINAL; k++) {
        int n = g->legal(st, buf);
        g->apply(st, buf[ch_rng_below(rng, (uint32_t)n)]);
    }
    ch_result r;
    g->result(st, &r);
    return r.terminal && (r.winners >> seat & 1u);
}

static ch_action flat_mc(const ch_game *g, const void *st, int worlds, ch_rng *rng)
{
    int seat = g->to_move(st);
    ch_action *moves = malloc(sizeof *moves * (size_t)g->max_actions * 2);
    void *world = malloc(g->state_size), *trial = malloc(g->state_size);
    if (!moves || !world || !trial) abort();
    ch_action *scratch = moves + g->max_actions;
    int n = g->legal(st, moves), best = 0, best_wins = -1;
    for (int i = 0; n > 1 && i < n; i++) {
        int wins = 0;
        for (int w = 0; w < worlds; w++) {
            ch_clone(g, world, st);
            g->resample(world, seat, rng); /* the hidden part, redrawn */
            ch_clone(g, trial, world);
            g->apply(trial, moves[i]);
            wins += playout(g, trial, seat, rng, scratch);
        }
        if (wins > best_wins) best = i, best_wins = wins;
    }
    ch_action a = moves[best];
    free(moves);
    free(world);
    free(trial);
    return a;
}

int main(int argc, char **argv)
{
    const char *kv[MAX_KV], *vs = "random";
    int nkv = 0, games = 20, worlds = 8;
    if (argc < 2) {
        fprintf(stderr,
                "usage: flat_mc GAME [key=value ...] [--games N] [--worlds W] [--vs BOT]\n");
        return 2;
    }
    const ch_game *g = ch_game_find(argv[1]);
    if (!g) {
        fprintf(stderr, "flat_mc: no game '%s'\n", argv[1]);
        return 2;
    }
    for (int i = 2; i < argc; i++) {
        if (!strcmp(argv[i], "--games") && i + 1 < argc)
            games = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--worlds") && i + 1 < argc)
            worlds = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--vs") && i + 1 < argc)
            vs = argv[++i];
        else if (strchr(argv[i], '=') && nkv < MAX_KV)
            kv[nkv++] = argv[i];
        else {
            fprintf(stderr, "flat_mc: unexpected '%s'\n", argv[i]);
            return 2;
        }
    }
    ch_opts o;
    ch_err err;
    if (ch_opts_parse(&o, g->opts, g->n_opts, kv, nkv, &err) != CH_OK) {
        fprintf(stderr, "flat_mc: %s\n", err.msg);
        return 2;
    }
    void *st = malloc(g->state_size);
    if (!st) return 1;
    ch_rng rng;
    ch_rng_seed(&rng, 1, 99);
    double wins = 0;
    int played = 0;
    for (int game = 0; game < games; game++) {
        if (ch_setup(g, st, &o, (uint64_t)game, NULL, 0, &err) != CH_OK) {
            fprintf(stderr, "flat_mc: %s\n", err.msg);
            free(st);
            return 2;
        }
        int me = game % g->num_players(st); /* seats rotate */
        ch_bot other;
        if (ch_bot_init(&other, g, vs, (uint64_t)game, &err) != CH_OK) {
            fprintf(stderr, "flat_mc: %s\n", err.msg);
            free(st);
            return 2;
        }
        for (int k = 0; k < 100000 && g->to_move(st) != CH_TERMINAL; k++) {
            int p = g->to_move(st);
            g->apply(st, p == me ? flat_mc(g, st, worlds, &rng) : ch_bot_act(&other, st, p));
        }
        ch_result r;
        g->result(st, &r);
        if (!r.terminal) continue;
        played++;
        int k = __builtin_popcount(r.winners);
        if (r.winners >> me & 1u) wins += 1.0 / k;
    }
    printf("flat_mc (%d worlds) vs %s in %s: %.1f wins of %d games\n", worlds, vs, g->name, wins,
           played);
    free(st);
    return 0;
}
