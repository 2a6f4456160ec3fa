/* Rack-O (2-4 players): the rules of docs/rules/racko.md behind ch_game.
 *
 * The state is public so tests can build exact positions; everything else
 * should go through rk_game. Cards are their numbers 1..60 (face 0 is
 * unused). Slot index i = 0..9 is rack slot #5(i+1): index 0 is #5, the
 * front, which should hold the lowest card. */
#ifndef CARDHALL_RACKO_H
#define CARDHALL_RACKO_H

#include <stdint.h>

#include "cardhall/bot.h"
#include "cardhall/game.h"

#define RK_SLOTS 10
#define RK_MAX_PLAYERS 4
#define RK_MAX_CARD 60
#define RK_OUTSIDE 20 /* cards outside the racks during a round: deck + discard */

enum rk_phase {
    RK_PH_START, /* D0/D1: draw or take (or declare, optional_declare) */
    RK_PH_TAKEN, /* D2a: must swap the taken card */
    RK_PH_DRAWN, /* D2b: swap the drawn card or discard it */
    RK_PH_END,   /* D3: declare or end the turn (optional_declare) */
    RK_PH_OVER
};

/* Actions: RK_A_SWAP + i puts the card in hand into slot index i. */
enum rk_action {
    RK_A_DRAW = 0,
    RK_A_TAKE = 1,
    RK_A_SWAP = 2,
    RK_A_DISCARD = RK_A_SWAP + RK_SLOTS,
    RK_A_DECLARE,
    RK_A_END_TURN,
    RK_NACTIONS
};

enum rk_two_player_rule { RK_2P_NONE, RK_2P_OPTIONAL, RK_2P_RUN };
enum rk_tie_rule { RK_TIE_SHARED, RK_TIE_PLAY_ON };

/* Option indexes in rk_game.opts. */
enum {
    RK_OPT_PLAYERS,
    RK_OPT_TARGET,
    RK_OPT_FIRST_DEALER,
    RK_OPT_BONUS,
    RK_OPT_TWO_PLAYER,
    RK_OPT_PARTNERSHIP,
    RK_OPT_TIE,
    RK_OPT_MAX_TURNS,
    RK_NOPTS
};

#define RK_NOBODY 0xff

typedef struct rk_state {
    ch_rng rng;
    /* options */
    uint8_t n, deck_size; /* players; N = 40, 50 or 60 */
    uint8_t bonus, two_player_rule, partnership, tie_rule;
    uint16_t target, max_turns; /* max_turns 0: no cap */
    /* the round */
    uint8_t phase, turn, dealer;
    uint8_t hand;        /* card drawn or taken this turn, 0 if none */
    uint8_t hand_public; /* everyone knows which card hand is */
    uint8_t deck_public; /* deck order follows from public history (RK-26) */
    uint8_t ndeck, ndisc;
    uint8_t deck[RK_OUTSIDE]; /* deck[ndeck-1] is the top card */
    uint8_t disc[RK_OUTSIDE]; /* disc[0] is the oldest, disc[ndisc-1] the top */
    uint8_t rack[RK_MAX_PLAYERS][RK_SLOTS];
    uint16_t known[RK_MAX_PLAYERS]; /* bit i: everyone knows rack slot i */
    uint16_t turns;                 /* turns completed this round */
    /* bit p: everyone knows seat p holds a Rack-O, because p chose not to
     * declare it (optional_declare) and has not swapped since */
    uint8_t held;
    /* the game */
    uint8_t dealer_draw[RK_MAX_PLAYERS]; /* RK-13 cards, 0 if first_dealer was given */
    uint8_t last_declarer;               /* of the last completed round; RK_NOBODY if void */
    uint16_t hands;                      /* completed rounds */
    uint16_t void_rounds, turnovers;     /* for designers (rk_game.tally) */
    int16_t score[RK_MAX_PLAYERS];
    int16_t last[RK_MAX_PLAYERS];                /* last round's scores */
    uint8_t last_rack[RK_MAX_PLAYERS][RK_SLOTS]; /* racks revealed at its end */
} rk_state;

_Static_assert(sizeof(rk_state) <= 512, "A Rack-O state stays within 512 bytes (issue 29)");

extern const ch_game rk_game;

/* Scoring helpers on a rack r[0..9] (front to back). */
int rk_prefix(const uint8_t *r);                 /* RK-1: ascending prefix p(R) */
int rk_is_racko(const uint8_t *r);               /* RK-2 */
int rk_longest_run(const uint8_t *r);            /* RK-3: L(R) */
int rk_run_bonus(int run);                       /* RK-V1: B(L) */
int rk_can_declare(const rk_state *s, int seat); /* RK-30 */
int rk_team_score(const rk_state *s, int team);  /* RK-V3: team 0 = seats 0+2 */

/* What one seat may know: the input of the heuristic bot. */
typedef struct rk_view {
    int n, deck_size, seat, turn, phase;
    int bonus, two_player_rule, target;
    uint8_t rack[RK_SLOTS];                   /* own rack */
    uint8_t others[RK_MAX_PLAYERS][RK_SLOTS]; /* public slots of every rack, 0 = unknown */
    int hand;                                 /* card in hand, 0 if none */
    int disc_top;                             /* 0 if the pile is empty */
    int ndeck, deck_public;
    int deck_top; /* 0 unless the deck order is public */
    int turns;
    int score[RK_MAX_PLAYERS];
} rk_view;

void rk_observe(const rk_state *s, int seat, rk_view *v);

/* The observation tensor for learning programs (rk_game.observe; the table
 * in docs/spaces.md): offsets into one flat vector of RK_OBS_SIZE floats.
 * Per-seat entries are by relative seat: 0 is the viewer (the spectator:
 * seat 0), then round the table. A card c is entry c-1 of a 60-card plane. */
enum {
    RK_OB_MOVER = 0,                           /* 4: seat to move, one-hot (none when over) */
    RK_OB_PHASE = RK_OB_MOVER + 4,             /* 5: enum rk_phase, one-hot */
    RK_OB_DEALER = RK_OB_PHASE + 5,            /* 4: dealer, one-hot */
    RK_OB_SEATS = RK_OB_DEALER + 4,            /* 4: 1 per seat at the table */
    RK_OB_IS_SEAT = RK_OB_SEATS + 4,           /* 1: 1 for a seat, 0 for the spectator */
    RK_OB_SCORE = RK_OB_IS_SEAT + 1,           /* 4: total / target_score */
    RK_OB_LAST = RK_OB_SCORE + 4,              /* 4: last round's score / 100 */
    RK_OB_HELD = RK_OB_LAST + 4,               /* 4: known to hold an undeclared Rack-O */
    RK_OB_DECK_COUNT = RK_OB_HELD + 4,         /* 1: cards in the deck / 20 */
    RK_OB_DISC_COUNT = RK_OB_DECK_COUNT + 1,   /* 1: cards in the discard pile / 20 */
    RK_OB_TURNS = RK_OB_DISC_COUNT + 1,        /* 1: turns this round / 100 */
    RK_OB_DECK_PUBLIC = RK_OB_TURNS + 1,       /* 1: deck order public (RK-26) */
    RK_OB_HAND_HELD = RK_OB_DECK_PUBLIC + 1,   /* 1: the mover holds a drawn/taken card */
    RK_OB_HAND = RK_OB_HAND_HELD + 1,          /* 60: that card, when the viewer knows it */
    RK_OB_DISC_TOP = RK_OB_HAND + RK_MAX_CARD, /* 60: the upcard */
    RK_OB_DISC = RK_OB_DISC_TOP + RK_MAX_CARD, /* 60: (k+1)/20 for disc[k], bottom k=0 */
    RK_OB_DECK = RK_OB_DISC + RK_MAX_CARD,     /* 60: public deck: depth from top (1 = top) / 20 */
    RK_OB_RACK = RK_OB_DECK + RK_MAX_CARD,     /* 4*10*60: [seat][slot #5..#50][card] known cards */
    RK_OBS_SIZE = RK_OB_RACK + RK_MAX_PLAYERS * RK_SLOTS * RK_MAX_CARD
};

ch_action rk_heuristic_act(ch_bot *b, const void *st, int seat);
/* The heuristic with weights tuned against it ("tuned", issue 28). */
ch_action rk_tuned_act(ch_bot *b, const void *st, int seat);
/* Why the heuristic makes move a (issue 24's hints), from seat's view. */
int rk_heuristic_why(const void *st, int seat, ch_action a, ch_lang lang, char *buf, size_t cap);

#endif
