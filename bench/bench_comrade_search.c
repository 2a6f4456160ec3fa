/* Comrade's searching pieces: cm_resample (a fresh deal of the hidden hands
 * that keeps every shown void) on states deep into a deal, and the heuristic
 * team's whole five-deal series (its late-deal search dominates). Prints one
 * figure per line. */
#include <stdio.h>
#include <time.h>

#include "cardhall/comrade.h"

enum { STATES = 64 };

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void setup(cm_state *s, uint64_t seed)
{
    const char *kv[] = {"safe_bids=true"};
    ch_opts o;
    ch_err err;
    ch_opts_parse(&o, cm_game.opts, cm_game.n_opts, kv, 1, &err);
    cm_game.setup(s, &o, seed, NULL, 0, &err);
}

/* States in the play phase after 5 tricks, reached by the heuristic team. */
static int deep_states(cm_state *st)
{
    ch_err err;
    ch_bot b;
    ch_bot_init(&b, &cm_game, "heuristic", 1, &err);
    int n = 0;
    for (uint64_t seed = 1; n < STATES && seed < 100000; seed++) {
        setup(&st[n], seed);
        while (st[n].deal == 0 && !(st[n].phase == CM_PH_PLAY && st[n].trick == 5))
            cm_game.apply(&st[n], ch_bot_act(&b, &st[n], st[n].to_move));
        n += st[n].deal == 0;
    }
    return n;
}

int main(void)
{
    static cm_state st[STATES];
    int n = deep_states(st);
    ch_rng rng;
    ch_rng_seed(&rng, 1, 2);
    long calls = 0;
    double t0 = now(), t;
    do {
        for (int i = 0; i < n; i++) {
            cm_state s = st[i];
            cm_game.resample(&s, s.to_move, &rng);
        }
        calls += n;
        t = now() - t0;
    } while (t < 0.3);
    printf("comrade resample (after 5 tricks): %.1f ns/call\n", 1e9 * t / (double)calls);

    ch_err err;
    ch_bot b;
    ch_bot_init(&b, &cm_game, "heuristic", 2, &err);
    long games = 0;
    t0 = now();
    do {
        cm_state s;
        setup(&s, 500 + (uint64_t)games);
        while (s.phase != CM_PH_OVER)
            cm_game.apply(&s, ch_bot_act(&b, &s, s.to_move));
        games++;
        t = now() - t0;
    } while (t < 1.0);
    printf("comrade heuristic team (5 deals, safe_bids): %.1f series/s\n", (double)games / t);
    return 0;
}
