/* What the two search players (ismcts.c, pimc.c) share: settings, the
 * rollout that finishes a simulated game, and the score of a finished or
 * cut-off game for one seat. Private to src/bots. */
#ifndef CARDHALL_BOTS_SEARCH_H
#define CARDHALL_BOTS_SEARCH_H

#include "cardhall/bot.h"

/* The bidding conventions Comrade's solver knows besides the heuristic's
 * (conv=1..CH_SEARCH_CONVS, comrade_search.c). */
#define CH_SEARCH_CONVS 1

/* Defaults for g: rollout policy and depth chosen per game by measurement
 * (docs in README, "Search players"). */
void ch_search_defaults(const ch_game *g, ch_search_cfg *c);
/* Applies "key=value[,key=value...]" to c: CH_EINVAL naming a bad one. */
int ch_search_parse(ch_search_cfg *c, const char *settings, ch_err *err);

/* A simulation's private tools: a rollout bot (heuristic rollouts) and a
 * buffer of max_actions actions. */
typedef struct ch_sim_ctx {
    const ch_game *g;
    const ch_search_cfg *cfg;
    ch_bot roll; /* the heuristic, when rollouts use it */
    /* The searching seat's own rollout player (the game's "tuned" one,
     * tuned=1), or seat -1: roll plays every seat. */
    ch_bot own;
    int seat;
    ch_rng rng;
    ch_action *buf;
} ch_sim_ctx;

int ch_sim_ctx_init(ch_sim_ctx *x, const ch_game *g, const ch_search_cfg *cfg, uint64_t seed);
void ch_sim_ctx_free(ch_sim_ctx *x);
/* Lets the game's "tuned" player, where it has one and cfg->tuned, make
 * seat's moves in the rollouts. */
void ch_sim_ctx_own(ch_sim_ctx *x, int seat);
/* The name of the player whose choice anchors pimc at the root and plays
 * the searching seat in its rollouts: "tuned" or "heuristic". */
const char *ch_search_own_player(const ch_game *g, const ch_search_cfg *cfg);
/* Restarts the rollout randomness (the random policy's and the heuristic's)
 * from seed, so rollouts can be repeated on equal terms. */
void ch_sim_ctx_reseed(ch_sim_ctx *x, uint64_t seed);

/* Plays st on by the rollout policy (at most cfg->depth moves), then writes
 * each seat's score in [0, 1] to out (n_players entries). */
void ch_sim_rollout(ch_sim_ctx *x, void *st, double *out);
/* 1 if g's rollouts stop at the end of the current hand by default. */
int ch_search_hand_cut(const ch_game *g);
/* The score in [0, 1] of st for every seat: winners 1, losers 0 at the end;
 * before the end, the seat's points against the best other seat, scaled
 * per game (search.c, profiles). */
void ch_search_value(const ch_game *g, const void *st, double *out);

/* A game's ranking of the legal moves at st from seat's view (pimc's
 * top=N): key[i] for acts[i], lower is better. Reads seat's view only. */
typedef void (*ch_rank_fn)(const void *st, int seat, const ch_action *acts, int n, double *key);
/* g's ranking, or NULL (then top=N searches every move). */
ch_rank_fn ch_rank_for(const ch_game *g);
#ifdef CH_HAVE_RUMINO
/* Rumino: discards by the deadwood they leave, then the heuristic's ties
 * (rumino_heuristic.c); every other move 0. */
void ru_heuristic_rank(const void *st, int seat, const ch_action *acts, int n, double *key);
/* Rumino (race=1 chosen, race=2 fitted constants): each seat's chance in
 * [0, 1] of winning the race to the elimination score from the scores of a
 * game not over (rumino_value.c). */
void ru_race_value(const void *st, int race, double *out);
#endif

/* Milliseconds on a monotonic clock. */
double ch_search_now_ms(void);

/* Runs fn(i, arg_i) for i in 0..n-1 on n threads (n = 1: inline). */
void ch_search_parallel(int n, void (*fn)(void *arg), void *args, size_t arg_size);

ch_action ch_ismcts_act(ch_bot *b, const void *st, int seat);
ch_action ch_pimc_act(ch_bot *b, const void *st, int seat);
/* Comrade only (comrade_search.c): double-dummy Monte Carlo, "solver". */
ch_action cm_solver_bot_act(ch_bot *b, const void *st, int seat);

#endif
