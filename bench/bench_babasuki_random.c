/* Draft Babasuki random play on one core, per player count: whole games
 * (setup included) with uniform random legal actions, timed by this thread's
 * CPU clock so other load on the machine does not lower the figure.
 * The goal is >= 10 M actions/s. */
#include <stdint.h>
#include <stdio.h>
#include <time.h>

#include "cardhall/babasuki.h"
#include "cardhall/options.h"

static double cpu_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static uint64_t next(uint64_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return *x;
}

/* Actions per CPU second over about `seconds` of play with n players. */
static double random_rate(int n, double seconds)
{
    ch_opts o;
    ch_opts_defaults(&o, db_game.opts, db_game.n_opts);
    o.val[DB_OPT_PLAYERS] = n;
    db_state s;
    ch_action acts[DB_NCARDS];
    uint64_t x = 0x9e3779b97f4a7c15u, seed = 1;
    long actions = 0;
    double t0 = cpu_now(), t;
    do {
        for (int g = 0; g < 256; g++) {
            db_game.setup(&s, &o, seed++, NULL, 0, NULL);
            while (db_game.to_move(&s) != CH_TERMINAL) {
                uint32_t k = (uint32_t)db_game.legal(&s, acts);
                db_game.apply(&s, acts[(uint32_t)(((next(&x) >> 32) * k) >> 32)]);
                actions++;
            }
        }
        t = cpu_now() - t0;
    } while (t < seconds);
    return (double)actions / t;
}

int main(void)
{
    for (int n = 2; n <= 6; n++)
        printf("babasuki random play (%d players, default deck): %.2f M actions/s (CPU time)\n", n,
               random_rate(n, 0.5) / 1e6);
    return 0;
}
