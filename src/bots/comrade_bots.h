/* What Comrade's bots share inside src/bots: the heuristic's parts that the
 * solver player (comrade_search.c) reuses, and the open-hand solver's
 * incremental entry. Private to src/bots. */
#ifndef CARDHALL_BOTS_COMRADE_BOTS_H
#define CARDHALL_BOTS_COMRADE_BOTS_H

#include "cardhall/comrade.h"

/* Bits set in x. __builtin_popcountll is a call into libgcc on a generic
 * x86-64 build (no POPCNT instruction assumed), and the solver and the
 * heuristic's bidding count bits millions of times a move. */
static inline int cm_popcount(uint64_t x)
{
    x -= (x >> 1) & 0x5555555555555555ull;
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
    return (int)((x * 0x0101010101010101ull) >> 56);
}

/* A bidding convention: the heuristic's bidding with other estimates, in
 * tenths of a trick: a guarded card with one higher card out (second), with
 * two out and two guards (third), each card of a suit beyond its fourth
 * (length), and the surplus from which a suit's estimate rounds up
 * (round_up). The heuristic's own: 8, 3, 6, 0. */
typedef struct cm_bid_conv {
    int second, third, round_up, length;
} cm_bid_conv;

/* The bid of the heuristic's rule under conv (NULL: the heuristic's own)
 * for the seat and hand of v, a bidding view. */
ch_action cm_conv_bid(const cm_view *v, const cm_bid_conv *conv);
/* cm_heuristic_finish_bids with every seat bidding under conv. */
int cm_conv_finish_bids(cm_state *t, const cm_bid_conv *conv, uint8_t *acts);

/* The heuristic's bidding action for the seat and hand of v (a bidding
 * view: v->played empty): what cm_heuristic_act bids from that view. */
ch_action cm_heuristic_bid(const cm_view *v);
/* The heuristic's plain choice (no endgame sampling) from view v, bidding
 * or playing: what cm_heuristic_plain chooses for v's seat. */
ch_action cm_heuristic_choice(const cm_view *v);
/* Makes the rest of t's bidding as the heuristic team would, every seat
 * bidding from its own view; the actions go to acts (if not NULL), and
 * their count is returned. */
int cm_heuristic_finish_bids(cm_state *t, uint8_t *acts);
/* The heuristic's choice without its endgame sampling (a cheap rollout
 * policy; no randomness). */
ch_action cm_heuristic_plain(const void *st, int seat);
/* Plays the current deal of s out with cm_heuristic_plain at every seat;
 * 1 if the team wins it. */
int cm_heuristic_rollout(cm_state *s);

/* A world for the solver player of seat viewer (comrade_search.c): st's
 * hidden hands redrawn by resample from viewer's view and then, with infer,
 * walked towards hands that make every other seat's bids as the heuristic
 * would have made them; with closing_searched (the players' bid=1), all but
 * the bid that ended the bidding; with play (the players' play=N), each play
 * of another seat that the plain heuristic would not have made from the
 * world's hand weighs like a third of a bidding turn per N; with conv (the
 * players' conv=N), the bids are read as that convention makes them, not as
 * the heuristic does. Returns the
 * bidding turns still disagreeing (0 when the world agrees, or without
 * infer). Reads nothing hidden. */
int cm_solver_world(const cm_state *st, int viewer, int infer, int closing_searched, int play,
                    int conv, ch_rng *r, cm_state *w);

/* The bidding convention of the solver players' conv=N (NULL for 0: the
 * heuristic's bids), which they make and read alike. */
const cm_bid_conv *cm_solver_conv(int conv);

/* The plays of the seats other than viewer in st's deal that the plain
 * heuristic (cm_heuristic_choice), holding the hands w's seats were dealt,
 * would not have made: what the walk of cm_solver_world counts against a
 * world when it reads the play. */
int cm_solver_world_plays(const cm_state *st, int viewer, const cm_state *w);

/* cm_solve without forgetting: the table of lost positions found by earlier
 * calls since the last cm_solver_forget stays in use (a lost position is
 * lost whatever led to it, so answers are the same; only the nodes spent,
 * hence the give-ups, differ). cm_solve itself forgets first. */
/* A solver whose table holds 2^bits positions (cm_solver_new: 2^18, 4 MiB;
 * a small one stays in cache when each search is short). */
cm_solver *cm_solver_new_sized(int bits);
int cm_solve_more(cm_solver *x, const cm_state *s, long max_nodes, long *nodes);
void cm_solver_forget(cm_solver *x);

#endif
