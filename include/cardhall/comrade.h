/* Comrade (カムレッド): the cooperative trick-taking game by domi. Five
 * players bid as a team with a shared pool of bid cards and two jokers, then
 * each must win exactly the tricks they bid, counted per suit led. One state
 * plays the whole series (one deal per seat by default).
 *
 * Faces: play cards 0..51 = suit*13 + rank index (2 = 0 ... A = 12), suits
 * in the order S H D C; bid cards 52..67 = 52 + suit*4 + value-1; the joker
 * is face 68 (two copies). */
#ifndef CARDHALL_COMRADE_H
#define CARDHALL_COMRADE_H

#include <stdint.h>

#include "cardhall/bot.h"
#include "cardhall/game.h"

#define CM_SEATS 5       /* most seats of any version */
#define CM_MAX_TRICKS 12 /* 3-player version */
#define CM_MAX_DEALS 20
#define CM_BID_TURNS 15 /* 3 rounds of 5 */

#define CM_FACE_BID 52
#define CM_FACE_JOKER 68
#define CM_FACES 69

/* Actions. */
#define CM_PASS 0
#define CM_TAKE(s, n) (1 + (s)*4 + (n)-1) /* 1..16 */
#define CM_JOKER(s) (17 + (s))            /* 17..20 */
#define CM_PLAY(f) (32 + (f))             /* 32..83 */

enum { CM_PH_BID, CM_PH_PLAY, CM_PH_OVER };

/* Deal outcomes (CM-28); 0 = not played yet. */
enum {
    CM_NONE,
    CM_WIN,
    CM_BID_OVER,    /* BID_OVER_10 */
    CM_ALL_PASSED,  /* ALL_PASSED */
    CM_NO_FITTING,  /* NO_FITTING_BID */
    CM_ROUNDS_OVER, /* ROUNDS_EXHAUSTED */
    CM_WRONG_SUIT,  /* WRONG_SUIT */
    CM_OVER_BID,    /* OVER_BID */
};

#define CM_NOBODY 0xFF

typedef struct cm_state {
    ch_rng rng;
    uint64_t hand[CM_SEATS]; /* bit f: play card f is in that hand */
    uint16_t pool;           /* bit s*4+n-1: bid card (s, n) is still in the pool */
    uint8_t np, target, ace_high, safe_bids, ndeals, njokers;
    uint8_t first_dealer, dealer, deal; /* deal: index of the current deal, 0-based */
    uint8_t phase, to_move;
    uint8_t jokers; /* jokers in the pool */
    uint8_t turn;   /* bidding turns taken this deal */
    uint8_t passes; /* c: passes since the last take */
    uint8_t total;  /* T */
    uint8_t v[CM_SEATS][4];
    uint8_t won[CM_SEATS][4];
    uint8_t bidlog[CM_BID_TURNS]; /* action of bidding turn i, by seat (dealer + i) % np */
    uint8_t trick;                /* tricks completed this deal */
    uint8_t nplay;                /* cards played this deal */
    uint8_t play[CM_MAX_TRICKS * CM_SEATS]; /* card i of trick t at t*np + i */
    uint8_t lead[CM_MAX_TRICKS];            /* leader of trick t */
    uint8_t voids[CM_SEATS]; /* bit s: that seat showed it has no card of suit s this deal */
    uint8_t wins;            /* deals won so far */
    uint8_t res[CM_MAX_DEALS], res_at[CM_MAX_DEALS], res_by[CM_MAX_DEALS];
    /* The last finished deal, kept until the next one ends so every view
     * can show it (its bids, tricks and leaders follow from these): its
     * bidding turns and its played cards. Hands are not kept: leftovers
     * are never revealed (CM-27, E21). */
    uint8_t last_turn, last_nplay;
    uint8_t last_bidlog[CM_BID_TURNS];
    uint8_t last_play[CM_MAX_TRICKS * CM_SEATS];
} cm_state;

_Static_assert(sizeof(cm_state) <= 512, "A Comrade state stays within 512 bytes (issue 29)");

/* What one seat may know, for the heuristic (filled by cm_observe). */
typedef struct cm_view {
    int seat, np, target, phase, dealer, to_move;
    int ace_high, safe_bids;
    uint64_t hand;   /* own cards */
    uint64_t played; /* every card played this deal */
    uint16_t pool;
    int jokers, turn, passes, total;
    uint8_t v[CM_SEATS][4], won[CM_SEATS][4];
    uint8_t count[CM_SEATS];  /* cards in each hand */
    uint8_t voids[CM_SEATS];  /* bit s: that seat showed it has no card of suit s */
    int trick;                /* tricks completed */
    int ncur;                 /* cards in the trick in progress */
    int leader, led;          /* led = suit of the trick in progress, -1 before the lead */
    uint8_t cur[CM_SEATS];    /* its cards in play order */
    int best_seat, best_face; /* who is winning it so far, with what (-1 when empty) */
} cm_view;

extern const ch_game cm_game;

/* Action ids for learning programs (cm_game.action_id; docs/spaces.md), the
 * same for every option set: the bidding codes 0..20 as they are, then the
 * play of face f at 21 + f. */
#define CM_ID_PLAY 21
#define CM_NUM_IDS (CM_ID_PLAY + 52)

/* The observation tensor (cm_game.observe; docs/spaces.md): offsets into a
 * flat vector. Per-seat entries by relative seat (0: the viewer; the
 * spectator: seat 0), 5 of them; card planes are the 52 play cards. */
enum {
    CM_OB_PHASE = 0,                 /* 3: bid, play, over */
    CM_OB_MOVER = CM_OB_PHASE + 3,   /* 5: seat to move (none when over) */
    CM_OB_IS_SEAT = CM_OB_MOVER + 5, /* 1: 1 for a seat, 0 for the spectator */
    CM_OB_SEATS = CM_OB_IS_SEAT + 1, /* 5: 1 per seat at the table */
    CM_OB_DEALER = CM_OB_SEATS + 5,  /* 5: one-hot */
    CM_OB_RULES = CM_OB_DEALER + 5,  /* 4: target/10, ace_high, safe_bids, deals/20 */
    CM_OB_COUNTS = CM_OB_RULES + 4,  /* 7: deal/20, wins/20, T/10, bidding turn/15,
                                        passes in a row/5, jokers in the pool/2,
                                        tricks done/12 */
    CM_OB_POOL = CM_OB_COUNTS + 7,   /* 16: bid card [s v] in the pool, at 4s + v-1 */
    CM_OB_BID = CM_OB_POOL + 16,     /* 5*4: [seat][suit] bid / 5 */
    CM_OB_WON = CM_OB_BID + 20,      /* 5*4: [seat][suit] tricks won / 12 */
    CM_OB_CARDS = CM_OB_WON + 20,    /* 5: cards in hand / 13 */
    CM_OB_VOIDS = CM_OB_CARDS + 5,   /* 5*4: [seat][suit] shown void */
    CM_OB_BIDLOG = CM_OB_VOIDS + 20, /* 15*21: [bidding turn][action code] one-hot */
    CM_OB_LEADER = CM_OB_BIDLOG + CM_BID_TURNS * 21, /* 5: leader of the trick in progress */
    CM_OB_WINNING = CM_OB_LEADER + 5,                /* 5: who is winning it so far */
    CM_OB_HAND = CM_OB_WINNING + 5,                  /* 52: the viewer's hand */
    CM_OB_PLAYED = CM_OB_HAND + 52,                  /* 5*52: cards each seat played this deal */
    CM_OB_TRICK = CM_OB_PLAYED + 5 * 52,  /* 5*52: the trick in progress, [position][card] */
    CM_OB_RESULTS = CM_OB_TRICK + 5 * 52, /* 20*8: finished deals' outcomes (CM_WIN ..) */
    CM_OBS_SIZE = CM_OB_RESULTS + CM_MAX_DEALS * 8
};

ch_action cm_heuristic_act(ch_bot *b, const void *st, int seat);
void cm_observe(const void *st, int seat, cm_view *v);

/* Deals cards[0..n) so that seat p gets need[p] of them and none of a suit
 * in voids[p] (bit per suit), at random; what resampling uses when voids
 * make plain rejection unlikely to succeed. The caller guarantees some such
 * deal exists (the true hands are one); this one never dead-ends. */
void cm_deal_constrained(const uint8_t *cards, int n, const int *need, const unsigned *voids,
                         int np, ch_rng *rng, uint64_t *hand);

/* Series label of CM-30 for W wins out of 5 ("Excellent" .. "Low"); NULL
 * when deals is not 5 (the rule book labels only a five-deal series). */
/* The open-hand solver (src/bots/comrade_solver.c): with every hand known
 * and the bids fixed, whether the team can still win the deal from s (in
 * the trick phase; a finished deal answers whether it was won): 1 yes,
 * 0 no, -1 gave up after max_nodes trick starts (0: no limit). nodes, if
 * not NULL, gets the trick starts searched. A solver holds a 4 MiB table;
 * one per thread. */
typedef struct cm_solver cm_solver;
cm_solver *cm_solver_new(void);
void cm_solver_free(cm_solver *x);
int cm_solve(cm_solver *x, const cm_state *s, long max_nodes, long *nodes);
/* After cm_solve said yes: the winning line it found, the faces to play
 * from that position in turn order; returns their count. */
int cm_solver_line(const cm_solver *x, uint8_t *faces);

/* A way to win a deal from a position: the bidding actions still to make,
 * then the cards to play, in turn order. */
typedef struct cm_plan {
    int nbids, nplays;
    uint8_t bids[CM_BID_TURNS];
    uint8_t plays[CM_MAX_TRICKS * CM_SEATS];
} cm_plan;

/* Open hands with free bids (src/bots/comrade_freebids.c): whether the team
 * can win the deal from s, a position of the bidding, with some bids still
 * to make: 1 yes (plan, if not NULL, gets a way, checked by the rules
 * engine), 0 no bids can, -1 gave up after about max_nodes nodes (0: no
 * limit). In the trick phase the bids are made: cm_solve's answer, with
 * the plan's cards. */
int cm_solve_free(cm_solver *x, const cm_state *s, long max_nodes, long *nodes, cm_plan *plan);
/* Bidding actions from s (in the bidding) that end it with exactly the
 * bids want[p][s] (every bidding rule kept, CM-10..CM-18): 1 found, acts
 * gets them and n their count; 0 there is none; -1 gave up after
 * max_nodes positions (0: no limit). */
int cm_bid_to(const cm_state *s, const uint8_t want[][4], long max_nodes, uint8_t *acts, int *n);

const char *cm_label(int wins, int deals);
/* The same grade for people: in Japanese when ja ("エクセレント"). */
const char *cm_label_text(int wins, int deals, int ja);
/* Name of an outcome: "WIN", "BID_OVER_10", ... */
const char *cm_reason_name(int res);
/* Trick-taking strength of a play card (higher wins), under ace_high. */
int cm_strength(int face, int ace_high);
/* Bit f: play card f is dealt with np players (52 cards, or 5..K for 3). */
uint64_t cm_deck_mask(int np);

#endif
