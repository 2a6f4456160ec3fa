/* RAGAMARU: the rugby shedding game (docs/rules/ragamaru.md, rule IDs RG-n).
 *
 * Card faces (101 kinds, 108 physical cards in the full box):
 *   0..59    number cards, face = (number-1)*4 + colour      (R1 = 0, Y1 = 1, ... K15 = 59)
 *   60..95   coloured specials, face = 60 + (type-1)*4 + colour, type TRY..ADV
 *   96..100  colourless: CONV, RES, TMO, SIN, RGM (several copies each)
 * Colours: 0 R, 1 Y, 2 B, 3 K. */
#ifndef CARDHALL_RAGAMARU_H
#define CARDHALL_RAGAMARU_H

#include <stdint.h>

#include "cardhall/bot.h"
#include "cardhall/game.h"

extern const ch_game rg_game;
ch_action rg_heuristic_act(ch_bot *b, const void *st, int seat);

enum { RG_R, RG_Y, RG_B, RG_K, RG_ANY = 4 };

/* Card types (RG-1.2); also the requirement T. */
enum {
    RG_NUMBER,
    RG_TRY,
    RG_PG,
    RG_DG,
    RG_CUT,
    RG_KICK,
    RG_RET,
    RG_LOOP,
    RG_TURN,
    RG_ADV,
    RG_CONV,
    RG_RES,
    RG_TMO,
    RG_SIN,
    RG_RGM,
    RG_NONE,
    RG_NTYPES = RG_NONE
};

#define RG_NFACES 101
#define RG_FACE_CONV 96
#define RG_FACE_RES 97
#define RG_FACE_TMO 98
#define RG_FACE_SIN 99
#define RG_FACE_RGM 100
#define RG_DECK_MAX 108
#define RG_MAX_ACTIONS 1100 /* bound on legal actions (see legal.c) */

/* Phases: who decides what (spec 4.1). */
enum {
    RG_PH_KICKOFF,
    RG_PH_PLAY,
    RG_PH_DRAWN,
    RG_PH_RESPOND,
    RG_PH_DISCARD,
    RG_PH_OVER,
    RG_PH_DECLARE /* the Reserve's colour, then number, chosen after it is played (RG-62) */
};
/* Deck option (RG-V1/V2). */
enum { RG_DECK_ADVANCED, RG_DECK_ADVANCED_NOLOOP, RG_DECK_BEGINNER, RG_DECK_BEGINNER_NOLOOP };

/* One hand as masks (fast legal-move generation) plus counts of the
 * multi-copy faces; and, in what would be padding, the seat's neighbours,
 * a copy of what order says, kept by rg_link_seats: the turn's usual step
 * (RG-2) reads one byte where it read pos, dir and order in a row, which
 * the next move's list waited for (issue 29). */
typedef struct rg_hand {
    uint64_t num;     /* bit face: number cards 0..59 */
    uint64_t sp;      /* bit face-60: coloured specials */
    uint8_t multi[5]; /* CONV, RES, TMO, SIN, RGM */
    uint8_t n;        /* cards in hand */
    uint8_t next[2];  /* the seats after this one clockwise, counter-clockwise */
} rg_hand;

typedef struct rg_state {
    ch_rng rng;
    /* table */
    rg_hand hand[CH_MAX_PLAYERS];
    uint32_t max_arrivals;                /* option (RG-V7), 0: no cap */
    uint32_t arrivals;                    /* turn arrivals so far (RG-V7) */
    uint32_t drawn_total[CH_MAX_PLAYERS]; /* cards drawn per seat (public, statistics) */
    /* Designer figures (rg_game.tally): public, cheap to keep. */
    uint32_t reshuffles;        /* discard pile turned into a new stock (RG-70) */
    uint8_t stock[RG_DECK_MAX]; /* top card is stock[nstock-1] */
    uint8_t disc[RG_DECK_MAX];  /* top card is disc[ndisc-1] */
    uint8_t nstock, ndisc;
    uint8_t order[CH_MAX_PLAYERS]; /* clockwise seating (RG-1) */
    uint8_t pos[CH_MAX_PLAYERS];   /* pos[seat]: index in order */
    uint8_t rests[CH_MAX_PLAYERS];
    /* Options and small flags as bit-fields: the state stays within 512
     * bytes (issue 29); reads are a mask and a shift. np 2..8, deck RG_DECK_*,
     * teams 0..4. */
    uint8_t np : 4, deck : 2, unlimited : 1, strict_draw : 1;
    uint8_t teams : 3, free_adv : 1, pclosed : 1;
    int8_t dir;      /* +1 clockwise, -1 counter-clockwise */
    uint8_t C, N, T; /* requirement (RG-3); N = 0: none */
    uint8_t ptype;   /* pending (RG-4): RG_NONE, TRY/PG/DG, or SIN */
    uint8_t ptotal;  /* pending total; pclosed: closed by a Conversion */
    uint8_t phase;
    int8_t turn;      /* seat to move, or CH_TERMINAL */
    uint8_t drawn;    /* RG_PH_DRAWN: the face just drawn */
    uint8_t adv_left; /* RG_PH_DISCARD: discards still allowed, in any order */
    uint8_t first, chooser, kickoff;
    uint8_t dry_passed; /* seats that passed while dry since the last card played (RG-73) */
    int8_t winner;      /* seat that went out, or -1 */
    uint8_t max_attack; /* largest attack total ever pending (RG-41, RG-43) */
} rg_state;

_Static_assert(sizeof(rg_state) <= 512, "a RAGAMARU state stays within 512 bytes (issue 29)");

/* What one seat may know, for bots (rg_observe). */
typedef struct rg_view {
    int seat, np, phase, teams;
    int C, N, T, ptype, ptotal, pclosed;
    int dir, drawn; /* drawn: face, or -1 */
    int adv_left;
    int order[CH_MAX_PLAYERS];
    int next[CH_MAX_PLAYERS]; /* seat met after k+1 moves along dir from seat: next[0] =
                                 next(seat,1) */
    int hand_n[CH_MAX_PLAYERS], rests[CH_MAX_PLAYERS];
    int nstock, ndisc;
    uint8_t cnt[RG_NFACES];  /* own hand */
    uint8_t gone[RG_NFACES]; /* copies in the discard pile or out of play */
} rg_view;

void rg_observe(const rg_state *s, int seat, rg_view *v);

/* Action ids for learning programs (rg_game.action_id; docs/spaces.md): a
 * play of one kind is its colour set with its top colour, p = one of the
 * 32 (set, top) pairs: sets by rising mask (R=1 Y=2 B=4 K=8), tops within a
 * set in colour order. The same ids under every option set. */
enum {
    RG_ID_KICKOFF = 0,                                /* 4: kickoff R, Y, B, K */
    RG_ID_DRAW = 4,                                   /* draw */
    RG_ID_PASS,                                       /* pass */
    RG_ID_ACCEPT,                                     /* accept */
    RG_ID_KEEP,                                       /* keep */
    RG_ID_DISCARD,                                    /* 101: discard <face> */
    RG_ID_DECLARE_COLOUR = RG_ID_DISCARD + RG_NFACES, /* 4: declare R .. K */
    RG_ID_DECLARE_NUMBER = RG_ID_DECLARE_COLOUR + 4,  /* 60: declare <colour><n>: 15*colour + n-1 */
    RG_ID_NUMBER = RG_ID_DECLARE_NUMBER + 60,         /* 15*32: number n: 32*(n-1) + p */
    RG_ID_SPECIAL = RG_ID_NUMBER + 15 * 32,           /* 9*32: TRY..ADV: 32*(type-1) + p */
    RG_ID_TRY_CONV = RG_ID_SPECIAL + 9 * 32,          /* 32: Tries closed by a CONV: p */
    RG_ID_CONV = RG_ID_TRY_CONV + 32,                 /* CONV (a response) */
    RG_ID_RES = RG_ID_CONV + 1,                       /* 4: RES x count-1 */
    RG_ID_TMO = RG_ID_RES + 4,                        /* 4: TMO <colour> */
    RG_ID_SIN = RG_ID_TMO + 4,                        /* 16: SIN x count: 4*(count-1) + colour */
    RG_ID_RGM = RG_ID_SIN + 16,                       /* 4: RGM x count-1 */
    RG_NUM_IDS = RG_ID_RGM + 4
};

/* The observation tensor (rg_game.observe; docs/spaces.md): offsets into a
 * flat vector. Per-seat entries by relative seat (0: the viewer; the
 * spectator: seat 0), 8 of them; card planes have one entry per face. */
enum {
    RG_OB_PHASE = 0,                      /* 7: phase, one-hot (RG_PH_*) */
    RG_OB_MOVER = RG_OB_PHASE + 7,        /* 8: seat to move, one-hot */
    RG_OB_IS_SEAT = RG_OB_MOVER + 8,      /* 1: 1 for a seat, 0 for the spectator */
    RG_OB_SEATS = RG_OB_IS_SEAT + 1,      /* 8: 1 per seat at the table */
    RG_OB_SEATING = RG_OB_SEATS + 8,      /* 8*8: [seat][clockwise places from the viewer's seat] */
    RG_OB_CLOCKWISE = RG_OB_SEATING + 64, /* 1: play goes clockwise */
    RG_OB_RULES = RG_OB_CLOCKWISE + 1,    /* 4: teams/4, unlimited_multiples, strict_draw, free_adv */
    RG_OB_TEAM = RG_OB_RULES + 4,         /* 8: on the viewer's team (teams) */
    RG_OB_COLOUR = RG_OB_TEAM + 8,        /* 5: required colour R Y B K, any */
    RG_OB_NUMBER = RG_OB_COLOUR + 5,      /* 16: required number, 0 = none */
    RG_OB_TYPE = RG_OB_NUMBER + 16,       /* 16: type that set it (RG_NUMBER..RG_NONE) */
    RG_OB_PENDING = RG_OB_TYPE + 16,      /* 16: pending attack type (RG_NONE: none) */
    RG_OB_PENDING_TOTAL = RG_OB_PENDING + 16,       /* 1: its total / 20 */
    RG_OB_PENDING_CLOSED = RG_OB_PENDING_TOTAL + 1, /* 1: closed by a Conversion */
    RG_OB_FIRST = RG_OB_PENDING_CLOSED + 1,         /* 8: first player, one-hot */
    RG_OB_CHOOSER = RG_OB_FIRST + 8,                /* 8: the kickoff's chooser, one-hot */
    RG_OB_KICKOFF = RG_OB_CHOOSER + 8,              /* 4: kickoff colour (after the kickoff) */
    RG_OB_DRY_PASSED = RG_OB_KICKOFF + 4,           /* 8: passed while the game is dry */
    RG_OB_WINNER = RG_OB_DRY_PASSED + 8,            /* 8: the seat that went out */
    RG_OB_COUNTS = RG_OB_WINNER + 8,                /* 4: stock/108, discards/108, arrivals/1000,
                                                       Advantage discards left/4 */
    RG_OB_HAND_N = RG_OB_COUNTS + 4,                /* 8: cards in hand / 20 */
    RG_OB_RESTS = RG_OB_HAND_N + 8,                 /* 8: rests to serve / 8 */
    RG_OB_DREW = RG_OB_RESTS + 8,                   /* 8: cards drawn so far / 50 */
    RG_OB_DRAWN = RG_OB_DREW + 8,                   /* 101: the card the viewer just drew */
    RG_OB_TOP = RG_OB_DRAWN + RG_NFACES,            /* 101: top of the discard pile */
    RG_OB_DISCARD = RG_OB_TOP + RG_NFACES,          /* 101: copies in the discard pile */
    RG_OB_OUT = RG_OB_DISCARD + RG_NFACES,          /* 101: copies out of play (deck option) */
    RG_OB_HANDS = RG_OB_OUT + RG_NFACES, /* 8*101: copies in each hand the viewer knows */
    RG_OBS_SIZE = RG_OB_HANDS + 8 * RG_NFACES
};

/* Card data (spec 1.3): data/ragamaru/cards.csv, compiled in and parsed
 * once (cardfile.c). Categories of card kinds: */
enum { RG_CAT_NUMBER, RG_CAT_ATTACK, RG_CAT_ACTION, RG_CAT_SPECIAL };
#define RG_NAME_MAX 64 /* bytes of one display name, NUL included (UTF-8) */

typedef struct rg_cards {
    uint8_t copies[RG_NFACES];   /* physical copies of each face in the full box */
    uint8_t category[RG_NTYPES]; /* RG_CAT_* */
    uint8_t value[RG_NTYPES];    /* per card: cards drawn (TRY PG DG CONV: by the target; RGM:
                                    by every other player), rests (SIN); 0 for the others */
    char code[RG_NTYPES][8];     /* notation code; "NUM" names the number cards' row */
    char colour_code[5][2];      /* R Y B K, and * (RG_ANY) */
    char type_name[CH_NLANGS][RG_NTYPES][RG_NAME_MAX];
    char colour_name[CH_NLANGS][5][RG_NAME_MAX];
    char position[CH_NLANGS][16][RG_NAME_MAX]; /* [lang][n], n = 1..15 */
} rg_cards;

/* Parses and checks a card file's text against what the rules engine needs:
 * every expected code exactly once, counts, colours and values in range,
 * names non-empty, the text UTF-8 (a leading byte-order mark is skipped).
 * On error returns CH_EINVAL, *out unspecified, and err names the line. */
int rg_cards_parse(const char *text, rg_cards *out, ch_err *err);
const char *rg_cards_csv(void); /* the compiled-in data/ragamaru/cards.csv */
/* The compiled-in card data, parsed on first use; NULL (err set) if broken. */
const rg_cards *rg_cards_builtin(ch_err *err);
int rg_card_value(int type); /* value of the compiled-in data (see rg_cards) */

/* Card helpers (cards.c). */
int rg_face_type(int face);
int rg_face_colour(int face); /* RG_ANY for colourless */
int rg_face_number(int face); /* 1..15, or 0 */
int rg_hand_count(const rg_hand *h, int face);
int rg_seat_next(const rg_state *s, int p, int k); /* next(p, k) of RG-2 */
int rg_team_of(const rg_state *s, int seat);       /* -1 without teams */

/* Test helpers: move one card of face from wherever it is (stock first,
 * then discard, then hands) into seat p's hand / onto the discard pile, so
 * scenario states stay consistent. Return 0 if the face is nowhere. */
int rg_give(rg_state *s, int p, int face);
int rg_put_discard(rg_state *s, int face);
int rg_put_stock_top(rg_state *s, int face);
/* Sets every seat's next[] from order: after setting order and pos by
 * hand, as the rules do after a Loop (RG-54). */
void rg_link_seats(rg_state *s);
/* Moves every card of seat p's hand back to the bottom of the stock. */
void rg_clear_hand(rg_state *s, int p);
/* The plain paths that rg_game.legal and rg_game.apply's shortcuts for random
 * play must equal (issue 29; tests/test_ragamaru_fast.c): every kind's plays
 * by walking its colour subsets, and every action through the general apply
 * that records events. */
int rg_legal_plain(const rg_state *s, ch_action *out);
void rg_apply_plain(rg_state *s, ch_action a);

/* A card as a player says it: "Blue 9 (Scrum-half)", "Drop Goal (yellow)";
 * Japanese "青の9(スクラムハーフ)". */
int rg_card_name(int face, ch_lang lang, char *buf, size_t cap);

#endif
