/* Open-hand solvers: with every hidden card known, whether the players can
 * still win the current hand. An upper bound on what any play, human or
 * computer, can reach, for the games that have one (Comrade, issue 14). */
#ifndef CARDHALL_SOLVE_H
#define CARDHALL_SOLVE_H

#include "cardhall/game.h"

typedef struct ch_solver_def {
    const char *game;
    void *(*create)(void); /* NULL when out of memory */
    void (*destroy)(void *solver);
    /* Whether st is where the solver starts: Comrade, the trick phase. */
    int (*ready)(const void *st);
    /* 1: the hand can still be won with open hands, 0: it cannot, -1: gave
     * up after max_nodes search nodes (0: no limit); nodes gets the count. */
    int (*solve)(void *solver, const void *st, long max_nodes, long *nodes);
    /* The same from any earlier position, the choices before the solver's
     * start still free (Comrade: the bids still to make): 1 some choices
     * win, 0 none can, -1 gave up. NULL when the game has none. */
    int (*solve_free)(void *solver, const void *st, long max_nodes, long *nodes);
} ch_solver_def;

/* The solver of game g, or NULL if it has none. */
const ch_solver_def *ch_solver_find(const ch_game *g);

#endif
