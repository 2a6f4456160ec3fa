/* The figures of cardhall sim, folded one game at a time in game order, so
 * memory does not grow with the number of games and every figure is the
 * same however the games were shared out (threads, MPI ranks). Also the
 * paired differences between two option sets played on the same seeds. */
#ifndef CARDHALL_CLI_SIMSTAT_H
#define CARDHALL_CLI_SIMSTAT_H

#include <stdint.h>

#include "cardhall/game.h"

#define SIM_MAX_BOTS 16

/* One game's result, as a worker hands it to the fold. Plain data without
 * pointers, so it can travel between processes (MPI) as bytes. */
typedef struct sim_game {
    int actions, hands, capped, ntally;
    unsigned winners;
    int score[CH_MAX_PLAYERS];
    double tally[CH_MAX_TALLY];
} sim_game;

/* How often each integer value occurred: an open-addressing hash table, so
 * memory follows the number of distinct values, not of games. */
typedef struct sim_hist {
    int64_t *key;
    uint64_t *count; /* 0 = empty slot */
    size_t cap, used;
    uint64_t n;
} sim_hist;

/* Mean and sd of one game figure (ch_tally), streamed in game order: the sum
 * as before, the squares by Welford's update. */
typedef struct sim_stream {
    uint64_t n;
    double sum, wmean, m2, min, max;
} sim_stream;

/* Every figure of one option set's report. */
typedef struct sim_figures {
    int n, nb;  /* seats, bots */
    int played; /* games folded (fewer than asked when interrupted) */
    int finished, capped, shared, nobody;
    double seat_wins[CH_MAX_PLAYERS], bot_wins[SIM_MAX_BOTS];
    int bot_seats[SIM_MAX_BOTS];
    sim_hist len, hands, score[SIM_MAX_BOTS];
    int ntally; /* figures of the first finished game that had any */
    sim_stream tally[CH_MAX_TALLY];
    int oom;
} sim_figures;

/* Seats rotate through the bot list, so over nb games every bot sits in
 * every seat equally often. */
static inline int sim_bot_at(int nb, int i, int seat)
{
    return (seat + i) % nb;
}

/* Adds game i (already played) to f; called in game order. */
void sim_fold(sim_figures *f, int i, const sim_game *o);
void sim_figures_free(sim_figures *f);

/* Counts one more v; -1 when out of memory. */
int sim_hist_add(sim_hist *h, int64_t v);
/* The distinct values in rising order with their counts: m pairs in a new
 * array (free it), or NULL when empty or out of memory. */
int64_t (*sim_hist_sorted(const sim_hist *h, size_t *m))[2];

typedef struct sim_dist {
    double mean, sd;
    int min, max, p50, p95;
} sim_dist;

/* Nearest-rank percentiles, mean and sd of the counted values. */
sim_dist sim_describe(const sim_hist *h);
/* Mean and sd of a streamed figure. */
void sim_stream_moments(const sim_stream *t, double *mean, double *sd);

/* Wilson score interval, 95%, of wins out of n. */
void sim_wilson(double wins, int n, double *lo, double *hi);

/* A paired figure: x from set A, y from set B, on the same game. Each game
 * also adds its weight to wx, wy (the seats it counts for, or 1), and the
 * figure is sum(x)/wx - sum(y)/wy. The co-moments are streamed (Welford) so
 * the difference's variance is exact for any mix of weights. */
typedef struct sim_pair {
    uint64_t n;
    double sx, sy, wx, wy, mx, my, cxx, cyy, cxy;
} sim_pair;

void sim_pair_add(sim_pair *p, double x, double y, double wx, double wy);
/* The difference A - B and its 95% interval (normal; lo = hi = diff when
 * fewer than 2 pairs, which the caller reports). */
void sim_pair_diff(const sim_pair *p, double *diff, double *lo, double *hi);

/* Every paired figure between two sets with the same bot list: per seat
 * both play (the fewer seats of the two), per bot, game length, and each of
 * the game's own figures the two sets name alike. Pairs are the games
 * finished under both sets. */
typedef struct sim_pairs {
    int nseat, nb, ntally;
    sim_pair seat_win[CH_MAX_PLAYERS];
    sim_pair bot_win[SIM_MAX_BOTS], bot_score[SIM_MAX_BOTS];
    sim_pair actions, hands, tally[CH_MAX_TALLY];
} sim_pairs;

/* nseat: the fewer seats of the two sets; nb bots. ntally grows to the
 * most figures two paired games both had; the report keeps those the two
 * sets name alike. */
void sim_pairs_init(sim_pairs *ps, int nseat, int nb);
/* Game i as played under A (na seats) and under B (nbs seats). */
void sim_pairs_fold(sim_pairs *ps, int i, const sim_game *a, int na, const sim_game *b, int nbs);

#endif
