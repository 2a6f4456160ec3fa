/* The table of open-hand solvers, one per game that has one. */
#include <string.h>

#include "cardhall/solve.h"

#ifdef CH_HAVE_COMRADE
extern const ch_solver_def cm_solver_def;
#endif

static const ch_solver_def *const solvers[] = {
#ifdef CH_HAVE_COMRADE
    &cm_solver_def,
#endif
    NULL,
};

const ch_solver_def *ch_solver_find(const ch_game *g)
{
    for (int i = 0; solvers[i]; i++)
        if (strcmp(solvers[i]->game, g->name) == 0) return solvers[i];
    return NULL;
}
