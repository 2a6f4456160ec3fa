/* Inference for the search players (issue 28): a world drawn from a seat's
 * view is weighted by how likely the other seats' observed moves are in it,
 * under a model of them. A game's model is a likelihood callback; worlds
 * are then drawn by rejection: a uniform world from the game's resample is
 * kept with probability equal to its weight (weights are in (0, 1], 1 for a
 * world where every observed move is as likely as it can be), so the worlds
 * searched follow the posterior and PIMC and ISMCTS average them unchanged.
 * Private to src/bots.
 *
 * Fair play: a likelihood reads the root only through seat's view and the
 * world only as a world (every card in it hidden from seat was drawn by
 * resample), so the worlds drawn depend on seat's view alone
 * (tests/test_search.c, infer_fair_play). */
#ifndef CARDHALL_BOTS_INFER_H
#define CARDHALL_BOTS_INFER_H

#include "cardhall/game.h"

/* How likely, in (0, 1], the moves the other seats have made so far that
 * seat saw are, if world's hidden cards are the truth; root is the position
 * the world was drawn from. */
typedef double (*ch_infer_fn)(const void *world, const void *root, int seat);

/* g's likelihood, or NULL where the game has none (uniform worlds). */
ch_infer_fn ch_infer_for(const ch_game *g);
/* The likelihood of the search setting infer=level: NULL for 0, g's model
 * (ch_infer_for) for 1, and for 2 the game's second model where it has one
 * (Rumino: how far along the others' hands are, too), else its first. */
ch_infer_fn ch_infer_model(const ch_game *g, int level);

/* Worlds drawn for one world at most before the likeliest seen is taken:
 * bounds a move's time when the observations are far from the model. */
enum { CH_INFER_TRIES = 24 };

/* Copies root to world and draws world's hidden cards from seat's view
 * through g->resample with rng; with f, draws again until a world is kept
 * with probability f(world) (at most CH_INFER_TRIES draws, then the likeliest
 * drawn). Returns the weight of the world kept (1 without f). tmp: room for
 * one state, scratch. */
double ch_infer_resample(const ch_game *g, ch_infer_fn f, void *world, void *tmp, const void *root,
                         int seat, ch_rng *rng);

#ifdef CH_HAVE_RACKO
double rk_infer_likelihood(const void *world, const void *root, int seat);
/* Cards of rack r that can all stay where they are (racko_infer.c). */
int rk_infer_kept(const uint8_t *r, int deck_size);
#endif
#ifdef CH_HAVE_RUMINO
double ru_infer_likelihood(const void *world, const void *root, int seat);
/* infer=2: the above times a factor for the deadwood each other seat's
 * hand leaves after the discards it has made this hand. */
double ru_infer_likelihood_deadwood(const void *world, const void *root, int seat);
#endif

#endif
