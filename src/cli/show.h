/* Printing shared by play and replay: hand ends and final results. */
#ifndef CARDHALL_CLI_SHOW_H
#define CARDHALL_CLI_SHOW_H

#include "cardhall/game.h"

/* If a hand ended between before and after, prints its scores and totals. */
void show_hand_end(const ch_game *g, const void *before, const void *after,
                   const char *const *labels);
/* Scores, ranks and winners of st (final or, if not terminal, so far). */
void show_result(const ch_game *g, const void *st, const char *const *labels);

#endif
