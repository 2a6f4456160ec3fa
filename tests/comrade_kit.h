/* What Comrade's solver tests share: a deal set up from a seed, and a team
 * of heuristic players (test_comrade_solve.c, test_comrade_solver_bot.c,
 * test_comrade_freebids.c). */
#ifndef CARDHALL_TESTS_COMRADE_KIT_H
#define CARDHALL_TESTS_COMRADE_KIT_H

#include "cardhall/bot.h"
#include "cardhall/comrade.h"

/* A game with the default options and, if kv is not NULL, that one option
 * ("ace_high=false"); fails the test if it cannot be set up. */
void cmt_start(cm_state *s, uint64_t seed, const char *kv);
/* bot[p] is a heuristic player for every seat of s, seeded seed + p. */
void cmt_heuristic_team(ch_bot *bot, const cm_state *s, uint64_t seed);

#endif
