/* RAGAMARU legal-move generation on large hands: random players hoard cards,
 * and multi-card plays (numbers of one value, pairs, Try + Conversion, the
 * 60 Reserve declarations) must be enumerated per card kind, never per
 * subset of the hand. Prints ns per legal() call for 7 to 60 cards, in a
 * normal turn (colour requirement, and a free play after RAGAMARU) and after
 * a draw. */
#include <stdio.h>
#include <time.h>

#include "cardhall/ragamaru.h"

enum { SAMPLES = 256 };

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* A 2-player game after the kickoff, with seat 0 to play holding `cards`
 * random cards (taken from the stock) under requirement colour C. */
static void make_state(rg_state *s, int cards, int C, uint64_t seed)
{
    const char *kv[] = {"players=2", "first_player=0"};
    ch_opts o;
    ch_err err;
    ch_action acts[RG_MAX_ACTIONS];
    ch_opts_parse(&o, rg_game.opts, rg_game.n_opts, kv, 2, &err);
    rg_game.setup(s, &o, seed, NULL, 0, &err);
    rg_game.legal(s, acts);
    rg_game.apply(s, acts[0]); /* kickoff: red */
    while (s->hand[0].n < cards && s->nstock > 0)
        rg_give(s, 0, s->stock[s->nstock - 1]);
    s->C = (uint8_t)C;
}

static void measure(const char *what, int cards, int C, int drawn)
{
    static rg_state st[SAMPLES];
    static ch_action acts[RG_MAX_ACTIONS];
    for (int i = 0; i < SAMPLES; i++) {
        make_state(&st[i], cards, C, 1000 + (uint64_t)i);
        if (drawn) { /* RG-22: the last card taken counts as just drawn */
            st[i].phase = RG_PH_DRAWN;
            st[i].drawn = (uint8_t)st[i].stock[st[i].nstock];
        }
    }
    long calls = 0, total = 0;
    double t0 = now(), t;
    do {
        for (int r = 0; r < 64; r++)
            for (int i = 0; i < SAMPLES; i++)
                total += rg_game.legal(&st[i], acts);
        calls += 64 * SAMPLES;
        t = now() - t0;
    } while (t < 0.3);
    printf("ragamaru legal (%2d cards, %s): %.1f ns/call, %.1f actions\n", cards, what,
           1e9 * t / (double)calls, (double)total / (double)calls);
}

int main(void)
{
    static const int sizes[] = {7, 20, 30, 40, 60};
    for (int i = 0; i < 5; i++)
        measure("red to follow", sizes[i], RG_R, 0);
    for (int i = 1; i < 5; i++)
        measure("free play", sizes[i], RG_ANY, 0);
    for (int i = 1; i < 5; i++)
        measure("after a draw", sizes[i], RG_R, 1);
    return 0;
}
