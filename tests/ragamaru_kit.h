/* What RAGAMARU's tests share: a table set up by hand, and cards and moves
 * by their notation (test_ragamaru.c, test_ragamaru_see.c). */
#ifndef CARDHALL_TESTS_RAGAMARU_KIT_H
#define CARDHALL_TESTS_RAGAMARU_KIT_H

#include "cardhall/ragamaru.h"

/* np seats, seat 0 to play, every hand empty, no requirement yet; extra
 * option strings ("players=3" style) after players and first_player. */
void rgt_table_kv(rg_state *s, int np, const char *const *extra, int nextra);
void rgt_table(rg_state *s, int np);
int rgt_card(const char *text);                        /* a face by its notation; fails the test if none */
void rgt_hand(rg_state *s, int p, const char *list);   /* gives seat p the space-separated cards */
void rgt_top(rg_state *s, const char *c);              /* c on the pile sets the requirement (RG-35) */
ch_action rgt_parse(const rg_state *s, const char *text); /* a legal move; fails the test if not */
void rgt_act(rg_state *s, const char *text);            /* plays that move */

#endif
