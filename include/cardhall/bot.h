/* Computer players. A bot chooses among the legal actions of the seat to
 * move. It must decide from that seat's view only: heuristics read the
 * game's view struct, searchers call game->resample, never the hidden cards. */
#ifndef CARDHALL_BOT_H
#define CARDHALL_BOT_H

#include "cardhall/game.h"

typedef struct ch_bot ch_bot;
typedef ch_action (*ch_bot_fn)(ch_bot *b, const void *st, int seat);
/* Why a bot would make move a at st for seat, in lang, from the seat's view
 * only (issue 24's "Suggest a move"): the length written, 0 if it has no
 * reason to give for this move. Optional: only heuristics where it is cheap. */
typedef int (*ch_bot_why_fn)(const void *st, int seat, ch_action a, ch_lang lang, char *buf,
                             size_t cap);

typedef enum { CH_ROLLOUT_RANDOM, CH_ROLLOUT_HEURISTIC } ch_rollout;

/* Settings of the search players (ismcts, pimc, Comrade's solver), given after the name:
 * "ismcts:iters=4000", "pimc:worlds=32,ms=200". */
typedef struct ch_search_cfg {
    int iters;          /* iterations per move; with ms, whichever ends first */
    int ms;             /* milliseconds per move, 0 = none (then not deterministic) */
    int worlds;         /* pimc: determinizations per move, 0 = iters / actions */
    int threads;        /* root-parallel; same choice for a seed and thread count */
    ch_rollout rollout; /* how a simulation finishes the game */
    int depth;          /* moves a rollout may take before the position is scored */
    int hand_cut;       /* 1: a rollout stops when the current hand ends (cut=hand|game) */
    double c;           /* UCB exploration constant (c=70: 0.70) */
    double z;           /* pimc: standard errors by which a move must beat the
                           heuristic's to be chosen instead (z=150: 1.5; 0: off) */
    long nodes;         /* solver (Comrade): open-hand search nodes per world and play */
    int infer;          /* 1: ismcts and pimc weigh worlds by the game's model of the other
                           seats where it has one (src/bots/infer.h); 2: the game's second
                           model where it has one (Rumino: the others' deadwood too), else
                           as 1; solver: worlds agree with the bids as the heuristic makes
                           them (2 as 1) */
    int bid;            /* solver: 1 = a bid that ends the bidding may be chosen by search */
    int tuned;          /* pimc: 1 = the seat's own moves in rollouts, and the anchor, by the
                           game's "tuned" player where it has one (Rack-O); 2 = the anchor
                           only; 0 = the heuristic for both (Rumino's default) */
    int halve;          /* pimc: 1 = the budget in rounds, each dropping the worse half of
                           the moves still in (successive halving) */
    int top;            /* pimc: 0 = every legal move searched; N = only the N its game's
                           ranking (Rumino's heuristic) puts first, the anchor always in */
    int race;           /* Rumino: 1 = a rollout cut before the game's end is worth the chance
                           of winning the race to the elimination score (rumino_value.c),
                           its constants chosen; 2 = the same, fitted to heuristic play;
                           0 = the lead over one hand's swing */
    int play;           /* solver: with infer, each play of another seat that the heuristic
                           would not have made from a world's hand halves that world's
                           weight this many times (0: the play is not read) */
    int conv;           /* solver: the team's bidding convention, made and read alike by
                           every seat (0: the heuristic's bids; comrade_search.c) */
    double prior;       /* ismcts: weight of the heuristic's move in each world (progressive
                           bias: expanded first, then prior / (visits + 1) added to its
                           UCB; prior=50: 0.5; 0 = off, untried moves expanded at random) */
} ch_search_cfg;

/* Room for the legal actions of any game in this tree (RAGAMARU's 1100 is
 * the most; bot.c checks it), so a bot lists them without allocating. */
#define CH_BOT_ACTIONS 1100

struct ch_bot {
    /* As given, settings included. It points into this bot's own spec, so
     * a copy of a ch_bot must read spec (or reset name = spec). */
    const char *name;
    const ch_game *game;
    ch_bot_fn act;
    ch_bot_why_fn why; /* NULL: no reasons */
    ch_rng rng;        /* the bot's own randomness, never the game's */
    char spec[96];
    ch_search_cfg search; /* search players only */
    /* Scratch for legal(), reused every move. Inside the struct, not on the
     * heap, so a ch_bot stays a plain value the caller may copy and drop
     * without a free. */
    ch_action acts[CH_BOT_ACTIONS];
};

/* name: "random", a bot the game has ("heuristic"), a search player with
 * optional settings ("ismcts", "ismcts:iters=4000", "pimc:worlds=32,ms=200"),
 * or a level ("easy", "hard"), which b->spec then holds resolved. */
int ch_bot_init(ch_bot *b, const ch_game *g, const char *name, uint64_t seed, ch_err *err);
ch_action ch_bot_act(ch_bot *b, const void *st, int seat);
/* 1 for a search player (ismcts, pimc, Comrade's solver): a move takes it
 * tens of milliseconds to a second, where the others take microseconds. */
int ch_bot_searches(const ch_bot *b);
/* The bot's reason for move a (ch_bot_why_fn) into buf; 0 (buf "") where it gives none. */
int ch_bot_why(const ch_bot *b, const void *st, int seat, ch_action a, ch_lang lang, char *buf,
               size_t cap);
/* Splits a list of bot specs (--bots) into names, pointers into buf (cap
 * bytes). Commas separate bots, except that a piece holding '=' and no ':'
 * is a further setting of the search player before it, so
 * "random,pimc:worlds=32,ms=200,heuristic" is three bots. Returns the count,
 * or CH_EINVAL with a message (empty name, a setting with no bot before it,
 * more than max names, text longer than buf). */
int ch_bot_split(const char *text, char *buf, size_t cap, const char **names, int max, ch_err *err);
/* Bot names available for g, comma-separated, into buf. */
void ch_bot_list(const ch_game *g, char *buf, size_t cap);

/* Levels (issue 24): what people choose from, each a bot per game by
 * measured strength (src/bots/levels.c holds the one table). */
typedef enum { CH_LEVEL_EASY, CH_LEVEL_NORMAL, CH_LEVEL_HARD, CH_LEVEL_EXPERT, CH_LEVELS } ch_level;
/* "easy", "normal", "hard", "expert" to a level, or -1. */
int ch_level_parse(const char *word);
/* The level's word, or NULL out of range. */
const char *ch_level_name(int level);
/* The bot spec level stands for in g, or NULL where g offers no such level
 * (Comrade, a team game, has no Easy; Expert only where a stronger player
 * within about a second a move has been measured). */
const char *ch_bot_level(const ch_game *g, int level);
/* The levels g offers, comma-separated, weakest first, into buf. */
void ch_level_list(const ch_game *g, char *buf, size_t cap);

/* Per-game bots register here (src/bots/registry.c). */
typedef struct ch_bot_entry {
    const char *game; /* NULL: any game */
    const char *name;
    ch_bot_fn act;
    ch_bot_why_fn why; /* optional */
} ch_bot_entry;

#endif
