/* Playing the games of cardhall sim: one or more option sets on the same
 * seeds (common random numbers), in batches, on threads and, when started
 * by mpirun, on several processes. Game i depends only on (seed, i) and the
 * fold follows i, so every figure is the same however the games were
 * shared out. */
#ifndef CARDHALL_CLI_SIMRUN_H
#define CARDHALL_CLI_SIMRUN_H

#include <stdatomic.h>

#include "cardhall/game.h"
#include "cardhall/options.h"
#include "simstat.h"

#define SIM_MAX_SETS 16
#define SIM_NAME 48 /* bytes of a game figure's name, with its NUL */

/* One option set and its figures. */
typedef struct sim_set {
    ch_opts opts;
    char label[256]; /* the words that made it, e.g. "deck=beginner" */
    int n;           /* seats */
    sim_figures f;
    char names[CH_MAX_TALLY][SIM_NAME]; /* of the game's own figures */
    atomic_int named;                   /* 0 none, 1 being written, 2 written */
} sim_set;

typedef struct sim {
    const ch_game *g;
    uint64_t seed;
    int games, nb, max_steps, threads;
    const char *bots[SIM_MAX_BOTS];
    int nsets;
    sim_set set[SIM_MAX_SETS];
    sim_pairs pairs[SIM_MAX_SETS]; /* pairs[k]: set k against set 0 */
    const char *sweep_key;         /* --sweep: the option swept, else NULL */
    int rank, ranks;               /* this process among those of mpirun */
    int quiet_progress;            /* no progress line even on a terminal */
    /* Filled by sim_run. */
    int played;  /* games (per set) folded: games, or fewer when interrupted */
    int partial; /* interrupted (Ctrl-C): the figures are of the first played */
    int used;    /* threads that ran */
    double secs; /* wall time */
    /* The batch being played: indices first..limit-1, this process's share
     * lo..hi-1; out[(i - first) * nsets + k] is game i under set k. */
    sim_game *out;
    unsigned char *ready; /* ready[i - first]: game i played under every set */
    int first, limit, lo, hi;
    atomic_int next, done, running;
} sim;

/* Plays every game and folds the figures (on rank 0). CLI_OK, or an error
 * already reported. An interruption (SIGINT) is not an error: the figures
 * of the games played so far are kept and s->partial is set. */
int sim_run(sim *s);
/* Frees the figures. */
void sim_free(sim *s);

#endif
