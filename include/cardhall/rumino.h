/* Rumino (ルーミノ): a gin-rummy game for 2-6 players with two decks and four
 * jokers, played as a series of hands with elimination at 100, rebuys and a
 * chip pool. Rules: docs/rules/rumino.md; notation: docs/notation/rumino.md. */
#ifndef CARDHALL_RUMINO_H
#define CARDHALL_RUMINO_H

#include "cardhall/bot.h"
#include "cardhall/game.h"
#include "cardhall/rumino_meld.h"

extern const ch_game ru_game;
ch_action ru_heuristic_act(ch_bot *b, const void *st, int seat);
ch_action ru_tuned_act(ch_bot *b, const void *st, int seat);

#define RU_MAX_PLAYERS 6
#define RU_NCARDS 108
#define RU_HAND 7
#define RU_NONE 255
/* The most cards the stock and the discard pile hold together: every hand
 * in play has at least RU_HAND cards and at least two seats are in play. */
#define RU_PILE_MAX (RU_NCARDS - 2 * RU_HAND)
/* The last hand's cards, packed: per seat 3 bits of count, 6 per face. */
#define RU_LAST_BITS (3 + 6 * RU_HAND)
#define RU_LAST_BYTES ((RU_MAX_PLAYERS * RU_LAST_BITS + 7) / 8)

/* Option indexes in ru_game.opts. */
enum {
    RU_OPT_PLAYERS,
    RU_OPT_ANTE,
    RU_OPT_KNOCK_LIMIT,
    RU_OPT_ELIMINATION,
    RU_OPT_FIRST_DEALER,
    RU_OPT_NATURAL_RUMINO, /* RU-V1 */
    RU_OPT_MAX_REBUYS,     /* RU-V2 */
    RU_OPT_VOID_ON_EMPTY,  /* RU-V3 */
    RU_OPT_THREE_GINS,     /* RU-V4 */
    RU_OPT_RUMINO_CLAIM,   /* RU-V5 */
    RU_OPT_FREE_DISCARD,   /* RU-V6 */
    RU_OPT_STARTING_CHIPS, /* RU-V7 */
    RU_OPT_MAX_TURNS,      /* RU-V8 */
    RU_NOPTS
};

typedef enum {
    RU_PH_TURN,  /* D1: knock, draw or take */
    RU_PH_DRAWN, /* D2: discard, gin or rumino */
    RU_PH_REBUY, /* D3 */
    RU_PH_CLAIM, /* D4 (RU-V5) */
    RU_PH_OVER
} ru_phase;

typedef enum {
    RU_A_KNOCK = 1,
    RU_A_DRAW,    /* from the stock */
    RU_A_TAKE,    /* the top of the discard pile */
    RU_A_DISCARD, /* face */
    RU_A_GIN,     /* face put down */
    RU_A_RUMINO,  /* face put down */
    RU_A_REBUY,
    RU_A_DECLINE,
    RU_A_CLAIM,
    RU_A_PASS
} ru_act;

static inline ch_action ru_action(int type, int face)
{
    return (ch_action)((unsigned)type << 8 | (unsigned)face);
}
static inline int ru_action_type(ch_action a)
{
    return (int)(a >> 8);
}
static inline int ru_action_face(ch_action a)
{
    return (int)(a & 0xffu);
}

typedef enum { RU_END_NONE, RU_END_KNOCK, RU_END_GIN, RU_END_RUMINO, RU_END_VOID } ru_end;

/* The whole game. Stacks grow upwards: stock[nstock-1] and
 * discard[ndiscard-1] are the top cards. */
typedef struct ru_state {
    ch_rng rng;
    /* 64 bits: a pool that doubles with every rebuy outgrows 32 bits; a
     * rebuy that would take it past RU_CHIP_LIMIT is not offered. */
    int64_t chips[RU_MAX_PLAYERS], pool;
    int64_t rebuy_cost; /* rebuy step (RU-63..66) */
    /* Options. */
    int32_t ante, starting_chips, max_turns; /* max_turns 0: no cap */
    int16_t elimination, max_rebuys;         /* max_rebuys -1: no cap */
    uint8_t np, knock_limit, natural_rumino, void_on_empty, three_gins, claim, free_discard,
        bankroll;
    /* Table. */
    uint8_t phase, to_move, dealer, active[RU_MAX_PLAYERS];
    uint8_t nhand[RU_MAX_PLAYERS], hand[RU_MAX_PLAYERS][RU_MAX_HAND];
    /* known: bit i of known[p] (ru_known): everyone knows hand[p][i] is
     * there (taken from the discard pile). gen: the stock generation it came
     * from, so a resample only swaps cards drawn from the same shuffle. */
    uint8_t known[RU_MAX_PLAYERS], gen[RU_MAX_PLAYERS][RU_MAX_HAND];
    uint8_t nstock, stock_gen, ndiscard, taken, revealed;
    /* One array for both piles, as the state stays within 512 bytes (issue
     * 29): the discard pile is discard[0..ndiscard), its top last; the stock
     * fills the far end reversed, its card i (0: bottom) at
     * discard[RU_PILE_MAX - 1 - i] (ru_stock). Every hand in play holds at
     * least RU_HAND cards, so the two never meet; a free slot holds 0. */
    uint8_t discard[RU_PILE_MAX];
    /* The seat that put discard[i] there (RU_NONE: the upcard), 3 bits in
     * bit planes: bit i of plane b (ru_discarder). */
    uint8_t discarder[3][(RU_PILE_MAX + 7) / 8];
    /* Series. */
    int16_t cum[RU_MAX_PLAYERS], hand_score[RU_MAX_PLAYERS];
    int16_t out_at[RU_MAX_PLAYERS]; /* hands scored when eliminated, for ranks */
    int16_t hands, dealt, rebuys;
    int16_t scored; /* hands whose deadwood went into the totals (E24): knocks and Gins,
                       not a void or Rumino hand nor RU-V4's winning Gin (decision 3) */
    int32_t turns;  /* ordinary discards in this hand */
    /* Rebuy step (RU-63..66). */
    uint8_t rebuy_queue[RU_MAX_PLAYERS], nrebuy, rebuy_pos;
    int16_t rebuy_score;
    /* Claim step (RU-V5): who discarded, who may still claim. */
    uint8_t claim_queue[RU_MAX_PLAYERS], nclaim, claim_pos, claim_from, must_rumino;
    /* How the last hand ended and the result. */
    uint8_t last_end, last_ender, winners;
    uint8_t gin_seat, gin_run; /* RU-V4: opening Gins by one seat */
    /* Figures for ru_game.tally, counted as the game goes (cheap, and a
     * finished state alone cannot tell how its hands ended): hands ended
     * each way (indexed by ru_end), those ended by the hand's first player,
     * the knockers' deadwood, turns, reshuffles, players put out; how the
     * game ended (ru_game_end); who acted first in hand 1 and in this hand. */
    uint16_t ends[5], first_ends, reshuffles, eliminated;
    int32_t knock_dw, all_turns;
    uint8_t game_end, first_actor, hand_first;
    uint8_t drawn; /* the face drawn from the stock this turn (its drawer sees it), RU_NONE */
    /* The last completed hand as laid open at its end (RU-52), until the
     * next hand ends: each seat's cards sorted (none: not in it),
     * the card put down with Gin or Rumino (in a void hand: RU_END_VOID when the
     * turn cap voided it, else RU_NONE), the totals right after scoring
     * (before any rebuy) and the hand's number (0: no hand ended yet). The
     * melds are found again from the cards (ru_meld_best is deterministic).
     * The hands are packed, per seat a count (3 bits) and its faces (6 bits
     * each, faces being below 64): read them with ru_last_hand. */
    uint8_t last_hands[RU_LAST_BYTES];
    uint8_t last_put;
    int16_t last_no, last_total[RU_MAX_PLAYERS];
} ru_state;

_Static_assert(sizeof(ru_state) <= 512, "a Rumino state stays within 512 bytes (issue 29)");

/* The stock's card i, 0 the bottom and nstock - 1 the top (see discard). */
static inline uint8_t *ru_stock(ru_state *s, int i)
{
    return &s->discard[RU_PILE_MAX - 1 - i];
}

static inline int ru_stock_card(const ru_state *s, int i)
{
    return s->discard[RU_PILE_MAX - 1 - i];
}

static inline int ru_known(const ru_state *s, int p, int i)
{
    return s->known[p] >> i & 1;
}

/* Who put discard[i] there: a seat, or RU_NONE for the upcard (stored as 7). */
static inline int ru_discarder(const ru_state *s, int i)
{
    unsigned byte = (unsigned)i / 8, at = (unsigned)i % 8;
    unsigned v = (s->discarder[0][byte] >> at & 1u) | (s->discarder[1][byte] >> at & 1u) << 1 |
                 (s->discarder[2][byte] >> at & 1u) << 2;
    return v == 7 ? RU_NONE : (int)v;
}

static inline void ru_set_discarder(ru_state *s, int i, int seat)
{
    unsigned byte = (unsigned)i / 8, bit = 1u << ((unsigned)i % 8);
    unsigned v = seat == RU_NONE ? 7u : (unsigned)seat;
    for (int b = 0; b < 3; b++)
        s->discarder[b][byte] =
            (uint8_t)((s->discarder[b][byte] & ~bit) | (v >> b & 1u ? bit : 0u));
}
/* The last completed hand's cards of seat p, sorted, into cards (room for
 * RU_HAND); returns their count, 0 when p was not in it. */
int ru_last_hand(const ru_state *s, int p, uint8_t *cards);

/* The most chips a pool or a player may hold: every figure stays exact as a
 * JSON number in any client (2^53 - 1). */
#define RU_CHIP_LIMIT 9007199254740991LL

/* How a game ended (RU-70, RU-V4), for the tally. */
typedef enum {
    RU_GAME_ON,
    RU_GAME_RUMINO,
    RU_GAME_ONE_SURVIVOR,
    RU_GAME_NO_SURVIVOR,
    RU_GAME_THREE_GINS
} ru_game_end;

/* What one seat may know, for the heuristic bot. */
typedef struct ru_view {
    int seat, np, phase, to_move, dealer;
    int nhand;
    uint8_t hand[RU_MAX_HAND];
    int top;   /* top of the discard pile, or -1 */
    int taken; /* face taken from the discard pile this turn, or -1 */
    int must_rumino, knock_limit, natural_rumino, free_discard, elimination, stock;
    int active[RU_MAX_PLAYERS], cum[RU_MAX_PLAYERS];
    long long chips[RU_MAX_PLAYERS], pool;
    int bankroll, rebuy_score;
    long long rebuy_cost;
    /* Public card knowledge: faces in the discard pile, known cards in each
     * hand, and what each seat threw away this hand. */
    uint8_t in_discard[RU_NFACES];
    uint8_t picked[RU_MAX_PLAYERS][RU_NFACES];
    uint8_t thrown[RU_MAX_PLAYERS][RU_NFACES];
} ru_view;

void ru_observe(const ru_state *s, int seat, ru_view *v);
/* Action ids for learning programs (ru_game.action_id; docs/spaces.md),
 * the same under every option set. Faces as rumino_meld.h numbers them. */
enum {
    RU_ID_KNOCK = 0,
    RU_ID_DRAW,
    RU_ID_TAKE,
    RU_ID_REBUY,
    RU_ID_DECLINE,
    RU_ID_CLAIM,
    RU_ID_PASS,
    RU_ID_DISCARD,                         /* 53: discard <face> */
    RU_ID_GIN = RU_ID_DISCARD + RU_NFACES, /* 53: gin <face> */
    RU_ID_RUMINO = RU_ID_GIN + RU_NFACES,  /* 53: rumino <face> */
    RU_NUM_IDS = RU_ID_RUMINO + RU_NFACES
};

/* The observation tensor (ru_game.observe; docs/spaces.md): offsets into a
 * flat vector. Per-seat entries by relative seat (0: the viewer; the
 * spectator: seat 0), 6 of them; card planes have one entry per face (53),
 * holding copies. Chips are large: they are given as asinh(chips) / 10. */
enum {
    RU_OB_PHASE = 0,                              /* 5: ru_phase, one-hot */
    RU_OB_MOVER = RU_OB_PHASE + 5,                /* 6: seat to move (none when over) */
    RU_OB_IS_SEAT = RU_OB_MOVER + 6,              /* 1: 1 for a seat, 0 for the spectator */
    RU_OB_SEATS = RU_OB_IS_SEAT + 1,              /* 6: 1 per seat at the table */
    RU_OB_DEALER = RU_OB_SEATS + 6,               /* 6: one-hot */
    RU_OB_ACTIVE = RU_OB_DEALER + 6,              /* 6: still in the game */
    RU_OB_WINNERS = RU_OB_ACTIVE + 6,             /* 6: won (the game is over) */
    RU_OB_SCORE = RU_OB_WINNERS + 6,              /* 6: total / elimination */
    RU_OB_HAND_SCORE = RU_OB_SCORE + 6,           /* 6: last hand's score / 100 */
    RU_OB_CHIPS = RU_OB_HAND_SCORE + 6,           /* 6: asinh(chips) / 10 */
    RU_OB_CARDS = RU_OB_CHIPS + 6,                /* 6: cards in hand / 8 */
    RU_OB_RULES = RU_OB_CARDS + 6,                /* 7: knock_limit/10, elimination/100,
                                                     natural_rumino, void_on_empty,
                                                     three_gins, rumino_claim, free_discard */
    RU_OB_COUNTS = RU_OB_RULES + 7,               /* 6: stock/108, discards/108, turns/100,
                                                     hand number/20, rebuys/10, asinh(pool)/10 */
    RU_OB_REBUY = RU_OB_COUNTS + 6,               /* 2: rebuy step: asinh(cost)/10, score/100 */
    RU_OB_MUST_RUMINO = RU_OB_REBUY + 2,          /* 1: a claimant must declare Rumino */
    RU_OB_LAST_END = RU_OB_MUST_RUMINO + 1,       /* 5: how the last hand ended, ru_end */
    RU_OB_TAKEN = RU_OB_LAST_END + 5,             /* 53: the card taken from the pile this turn */
    RU_OB_DRAWN = RU_OB_TAKEN + RU_NFACES,        /* 53: the card the viewer drew this turn */
    RU_OB_TOP = RU_OB_DRAWN + RU_NFACES,          /* 53: top of the discard pile */
    RU_OB_UPCARD = RU_OB_TOP + RU_NFACES,         /* 53: pile cards no seat discarded */
    RU_OB_THROWN = RU_OB_UPCARD + RU_NFACES,      /* 6*53: pile cards by who discarded them */
    RU_OB_HAND = RU_OB_THROWN + 6 * RU_NFACES,    /* 6*53: cards the viewer knows in each hand */
    RU_OB_LAST_HAND = RU_OB_HAND + 6 * RU_NFACES, /* 6*53: the last hand as laid open (RU-52) */
    RU_OBS_SIZE = RU_OB_LAST_HAND + 6 * RU_NFACES
};

/* Deadwood of seat's current hand (RU-5). */
int ru_hand_deadwood(const ru_state *s, int seat);
/* Next active seat clockwise after seat. */
int ru_next_active(const ru_state *s, int seat);

/* A card as a player says it: "7♠", "10♥", "joker"; ja: the suit first, "♠7". */
int ru_card_say(int face, int ja, char *buf, size_t cap);

#endif
