/* cardhall bench: raw speed of each game on one core. Random play calls the
 * game's vtable directly with a tiny inline RNG and buffers allocated once,
 * so the figures measure the game, not the harness. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "args.h"
#include "cardhall/bot.h"
#include "cardhall/registry.h"
#include "cli.h"

#define BENCH_STEP_CAP 100000 /* a random game this long is stopped and counted as capped */

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* This thread's CPU time in seconds: a search's speed on one core, the same
 * on a busy machine (the search players run on the calling thread unless
 * given threads=N). */
static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* xorshift64*: a few cycles per draw; quality is ample for move picking. */
static inline uint64_t fast_rand(uint64_t *x)
{
    *x ^= *x >> 12;
    *x ^= *x << 25;
    *x ^= *x >> 27;
    return *x * 0x2545f4914f6cdd1du;
}

typedef struct bench_row {
    double actions_s, games_s, actions_game, clone_ns, bot_games_s;
    long games, capped;
    const char *bot;
} bench_row;

static void random_play(const ch_game *g, const ch_opts *o, double seconds, void *st,
                        ch_action *acts, bench_row *r)
{
    uint64_t x = 0x9e3779b97f4a7c15u, seed = 1;
    long actions = 0, games = 0, finished = 0;
    double t0 = now(), t;
    do {
        g->setup(st, o, seed++, NULL, 0, NULL);
        int steps = 0;
        while (g->to_move(st) != CH_TERMINAL && steps < BENCH_STEP_CAP) {
            uint32_t n = (uint32_t)g->legal(st, acts);
            /* Lemire's multiply-shift: uniform enough, no division. */
            g->apply(st, acts[(uint32_t)(((fast_rand(&x) >> 32) * n) >> 32)]);
            steps++;
        }
        actions += steps;
        games++;
        finished += steps < BENCH_STEP_CAP;
        t = now() - t0;
    } while (t < seconds);
    r->actions_s = (double)actions / t;
    r->games_s = (double)finished / t;
    r->actions_game = (double)actions / (double)games;
    r->games = games;
    r->capped = games - finished;
}

/* Whole games by the game's best bot: random play may never end (Rack-O),
 * so this is the games/s a simulation actually sees. */
static void bot_play(const ch_game *g, const ch_opts *o, double seconds, void *st, bench_row *r)
{
    ch_bot bots[CH_MAX_PLAYERS];
    r->bot = ch_bot_init(&bots[0], g, "heuristic", 1, NULL) == CH_OK ? "heuristic" : "random";
    long finished = 0;
    uint64_t seed = 1;
    double t0 = now(), t;
    do {
        g->setup(st, o, seed, NULL, 0, NULL);
        for (int p = 0; p < g->num_players(st); p++)
            ch_bot_init(&bots[p], g, r->bot, seed * CH_MAX_PLAYERS + (uint64_t)p, NULL);
        seed++;
        cli_bot_game(g, st, bots, BENCH_STEP_CAP);
        finished += g->to_move(st) == CH_TERMINAL;
        t = now() - t0;
    } while (t < seconds || (finished == 0 && seed < 100)); /* at least one game if possible */
    r->bot_games_s = (double)finished / t;
}

/* A figure, or "-" when no game finished to give it meaning. */
static void figure(double v, int ok, int width, int decimals)
{
    if (ok)
        printf(" %*.*f", width, decimals, v);
    else
        printf(" %*s", width, "-");
}

static double clone_ns(const ch_game *g, double seconds, void *a, void *b)
{
    long iters = 0, batch = 1 << 16;
    double t0 = now(), t;
    do {
        for (long i = 0; i < batch; i++) {
            memcpy(i & 1 ? a : b, i & 1 ? b : a, g->state_size);
            /* Tells the compiler the copy is observed, so it cannot drop it. */
            __asm__ __volatile__("" : : "r"(a), "r"(b) : "memory");
        }
        iters += batch;
        t = now() - t0;
    } while (t < seconds);
    return t * 1e9 / (double)iters;
}

static int bench_game(const ch_game *g, double seconds)
{
    ch_opts o;
    ch_opts_defaults(&o, g->opts, g->n_opts);
    void *st = malloc(g->state_size), *st2 = malloc(g->state_size);
    ch_action *acts = malloc(sizeof *acts * (size_t)g->max_actions);
    ch_err err;
    int rc = CLI_OK;
    if (!st || !st2 || !acts) {
        rc = cli_fail(CLI_ERR, "out of memory");
    } else if (ch_setup(g, st, &o, 1, NULL, 0, &err) != CH_OK) {
        rc = cli_fail(CLI_ERR, "%s: %s", g->name, err.msg);
    } else {
        bench_row r;
        random_play(g, &o, seconds, st, acts, &r);
        memcpy(st2, st, g->state_size);
        r.clone_ns = clone_ns(g, seconds / 4, st, st2);
        bot_play(g, &o, seconds / 2, st, &r);
        int done = r.capped < r.games;
        printf("%-10s %12.0f", g->name, r.actions_s);
        figure(r.games_s, done, 10, 0);
        figure(r.actions_game, r.capped == 0, 9, 1);
        printf(" %9.1f %6zu %11.0f %s\n", r.clone_ns, g->state_size, r.bot_games_s, r.bot);
        if (r.capped)
            printf("%-10s (random play: %ld of %ld games stopped at %d actions)\n", "", r.capped,
                   r.games, BENCH_STEP_CAP);
        fflush(stdout);
    }
    free(st);
    free(st2);
    free(acts);
    return rc;
}

/* Search speed: iterations per second of CPU time of each search player
 * with its default settings (rollout policy, hand cut-off, inference),
 * averaged over the moves of a few positions a heuristic game passes
 * through. */
static double search_rate(const ch_game *g, const char *spec, double seconds)
{
    ch_opts o;
    ch_opts_defaults(&o, g->opts, g->n_opts);
    void *st = malloc(g->state_size);
    ch_bot *h = malloc(sizeof *h), *b = malloc(sizeof *b);
    double rate = 0;
    if (st && h && b && ch_setup(g, st, &o, 7, NULL, 0, NULL) == CH_OK &&
        ch_bot_init(b, g, spec, 1, NULL) == CH_OK) {
        int fixed = h && ch_bot_init(h, g, "heuristic", 1, NULL) == CH_OK;
        if (!fixed) ch_bot_init(h, g, "random", 1, NULL);
        long iters = 0;
        double t0 = now(), t = 0, busy = 0;
        while (t < seconds && g->to_move(st) != CH_TERMINAL) {
            int p = g->to_move(st);
            if (g->legal(st, h->acts) > 1) {
                double c0 = cpu_now();
                ch_bot_act(b, st, p);
                busy += cpu_now() - c0;
                iters += b->search.iters;
            }
            g->apply(st, ch_bot_act(h, st, p));
            t = now() - t0;
        }
        rate = busy > 0 ? (double)iters / busy : 0;
    }
    free(st), free(h), free(b);
    ch_opts_free_data(&o);
    return rate;
}

static void bench_search(const ch_game *only, double seconds)
{
    printf("\n%-10s %14s %14s %14s  (default options; iterations = rollouts; CPU time;\n"
           "%-10s %14s %14s %14s   worlds drawn with inference where the game has a model)\n",
           "game", "ismcts it/s", "pimc it/s", "pimc infer=0", "", "", "", "");
    for (const ch_game *const *p = ch_games(); *p; p++) {
        if (only && only != *p) continue;
        printf("%-10s %14.0f %14.0f %14.0f\n", (*p)->name,
               search_rate(*p, "ismcts:iters=500", seconds / 3),
               search_rate(*p, "pimc:iters=500,worlds=8", seconds / 3),
               search_rate(*p, "pimc:iters=500,worlds=8,infer=0", seconds / 3));
        fflush(stdout);
    }
}

int cli_bench(int argc, char **argv)
{
    static const cli_flag flags[] = {{"--seconds", 1}, {NULL, 0}};
    cli_args a;
    int rc = cli_parse(argc, argv, flags, &a);
    if (rc != CLI_OK) return rc;
    if (a.npos > 1 || a.nkv)
        return cli_fail(CLI_USAGE, "usage: cardhall bench [GAME] [--seconds X]");
    double seconds = 1.0;
    const char *v = cli_get(&a, "--seconds");
    if (v && cli_double("--seconds", v, 0.001, 3600, &seconds) != CLI_OK) return CLI_USAGE;
    const ch_game *one = NULL;
    if (a.npos == 1 && !(one = cli_game(a.pos[0]))) return CLI_USAGE;
    /* A decision is one action of a seat in random play (chance happens
     * inside apply); bytes is the state's size, what a clone copies. */
    printf("%-10s %12s %10s %9s %9s %6s %11s\n", "game", "decisions/s", "games/s", "act/game",
           "clone ns", "bytes", "bot games/s");
    if (one) {
        rc = bench_game(one, seconds);
    } else {
        for (const ch_game *const *p = ch_games(); *p && rc == CLI_OK; p++)
            rc = bench_game(*p, seconds);
    }
    if (rc == CLI_OK) bench_search(one, seconds);
    return rc;
}
