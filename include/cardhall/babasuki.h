/* Draft Babasuki (ドラフト・ババスキ!): draft a hand, then raid the
 * neighbours' hands old-maid style with villains; rounds to 100 points.
 * Rules: docs/rules/babasuki.md (rule IDs DB-n). Notation:
 * docs/notation/babasuki.md.
 *
 * The printed card values are not in the rule book, so the 25 cards come from
 * a CSV card file (db_cards_parse); the default file is compiled in, another
 * one comes as content in the cards option's data (never read by the game). The
 * parsed table is copied into the state, so a state stays pointer-free.
 *
 * Faces: a card's face is its rank by No in the card table (0..24); with the
 * default deck face k is the card with No k+1. */
#ifndef CARDHALL_BABASUKI_H
#define CARDHALL_BABASUKI_H

#include <stdint.h>
#include <string.h>

#include "cardhall/bot.h"
#include "cardhall/game.h"

#define DB_NCARDS 25
#define DB_MAXP 6
#define DB_MAXHAND 8 /* the largest hand: 3 players */
#define DB_NAME_MAX 32

enum { DB_VILLAIN, DB_HERO, DB_TREASURE, DB_CAT };

/* One card's data. suits: bit k = letter 'A'+k. suits and type share one
 * 32-bit word so a card is 8 bytes: the state holds 25 of them (issue 29). */
typedef struct db_card {
    uint32_t suits : 26;
    uint32_t type : 2; /* DB_VILLAIN .. DB_CAT */
    uint16_t no;       /* 1..999 */
    int8_t secured;
    int8_t hand;
} db_card;

/* A parsed card file: the cards sorted by No, and their names (names never
 * enter a game state). */
typedef struct db_deck {
    db_card card[DB_NCARDS];
    char name[DB_NCARDS][DB_NAME_MAX];
    char suit_order[27]; /* suit letters in order of first appearance: how suits are shown */
} db_deck;

/* Parses a card file's content text[0..len) (format in docs/rules/babasuki.md;
 * at most CH_OPT_DATA_MAX bytes, UTF-8, a leading byte-order mark skipped).
 * relaxed: DB-V5. CH_EFORMAT with the line and column of the mistake. The
 * game reads no files: a front end reads cards=PATH and passes the content
 * as the option's data (cardhall/options.h). */
int db_cards_parse(const char *text, size_t len, int relaxed, db_deck *d, ch_err *err);
/* The same for NUL-terminated text; src names it in messages. */
int db_deck_parse(db_deck *d, const char *text, int relaxed, const char *src, ch_err *err);
/* The default card file's text, as compiled in from data/babasuki/default.csv. */
const char *db_default_csv(void);

enum { DB_PH_DRAFT, DB_PH_ACQUIRE, DB_PH_RAID, DB_PH_ARRANGE, DB_PH_DRAW, DB_PH_OVER };

/* Outcome of a raid turn (DB-24, DB-27 cases a..d). */
enum { DB_OUT_NONE, DB_OUT_STEAL, DB_OUT_CAUGHT, DB_OUT_BOTH_OUT, DB_OUT_MISS, DB_OUT_NO_TARGET };

/* Options, in the order of the option table. */
enum {
    DB_OPT_PLAYERS,
    DB_OPT_CARDS,
    DB_OPT_RELAXED,
    DB_OPT_SUDDEN_DEATH,
    DB_OPT_ONE_SHOT,
    DB_OPT_TARGET_ARRANGES,
    DB_OPT_TARGET_SCORE,
    DB_OPT_MAX_ROUNDS,
    DB_OPT_FIRST_DEALER,
    DB_NOPTS
};

/* Zones, in the order of their cards in db_state.zc: a seat's hand, pack
 * (draft), kept cards, villain row and score pile; for 2 players the
 * taken pair, the set-aside card and the revealed discards; the deck and
 * the discard pile. */
enum {
    DB_Z_HAND = 0,
    DB_Z_PACK = DB_Z_HAND + DB_MAXP,
    DB_Z_KEPT = DB_Z_PACK + DB_MAXP,
    DB_Z_VROW = DB_Z_KEPT + DB_MAXP,
    DB_Z_SCORE = DB_Z_VROW + DB_MAXP,
    DB_Z_TAKEN = DB_Z_SCORE + DB_MAXP,
    DB_Z_ASIDE = DB_Z_TAKEN + 2,
    DB_Z_DROW = DB_Z_ASIDE + 2,
    DB_Z_DECK = DB_Z_DROW + 2,
    DB_Z_DISC,
    DB_NZONES
};

/* The whole game. known[c] (bit p) says seat p knows which zone card c is in;
 * it is what views, census and resample read, and it moves with the card. */
typedef struct db_state {
    ch_rng rng;
    db_card card[DB_NCARDS];
    int32_t total[DB_MAXP];
    int16_t last_round[DB_MAXP], last_secured[DB_MAXP], last_hand[DB_MAXP];
    int32_t round;       /* 1-based current round */
    int32_t rounds_done; /* completed rounds */
    int16_t target_score, max_rounds;
    /* For designers (db_game.tally): raid turns by outcome, rounds played
     * in sudden death. */
    uint16_t outcomes[DB_OUT_NO_TARGET + 1], sd_rounds;
    char suit_order[27];
    uint8_t known[DB_NCARDS];
    uint8_t n, sudden_death, one_shot, arranges;
    uint8_t unsorted; /* rule set 1 (ch_opts.compat): piles kept in the order dealt */
    uint8_t dealer, phase, mover, raider, target;
    uint8_t sd_active; /* sudden death under way (DB-V1) */
    uint8_t chosen;    /* draft/acquisition: bit p = seat p has chosen this step */
    uint8_t arranged;  /* arrange phase: hand positions fixed so far */
    uint8_t centre;    /* villain in the centre, 0xff if none */
    /* The last raid turn, public: raider, target, villain, drawn card (0xff), outcome. */
    uint8_t last_raider, last_target, last_villain, last_drawn, last_out;
    /* Every zone's cards, back to back in zone order (DB_Z_*) in zc, each
     * zone's in its own order (a pack's, a hand's arranged order): a card is
     * in one zone at a time, so 25 bytes hold them all, where one array per
     * zone and seat took 410 (issue 29: states within 512 bytes). The counts
     * are zn[], also under their names (nhand[p] is zn[DB_Z_HAND + p]);
     * db_zone and db_hand .. db_disc find a zone's cards. Only a seat's hand
     * keeps a (taken, aside, drow, deck: 2 players only). */
    union {
        uint8_t zn[DB_NZONES + 2]; /* 2 always 0: five whole words to sum */
        struct {
            uint8_t nhand[DB_MAXP], npack[DB_MAXP], nkept[DB_MAXP], nvrow[DB_MAXP], nscore[DB_MAXP];
            uint8_t ntaken[2], naside[2], ndrow[2]; /* 2 players: the step's two cards,
                                                       the set-aside card, revealed discards */
            uint8_t ndeck, ndisc;                   /* 2 players: the deck's top is last */
        };
    };
    uint8_t zc[DB_NCARDS];
    /* The last scored round as turned face up (DB-31), kept until the next
     * one is scored: where each card lay (internal.h's DB_REV_*). */
    uint8_t rev[DB_NCARDS];
    /* The zone each card is in (DB_Z_*; DB_NONE: none, as the centre's),
     * kept with zc by every change of a zone's cards: the observation
     * tensor reads where a card is from it, card by card, where a walk
     * over the zones cost a branch a card (docs/python.md). */
    uint8_t zof[DB_NCARDS];
} db_state;

extern const ch_game db_game;

_Static_assert(sizeof(db_state) <= 512, "a Draft Babasuki state stays within 512 bytes (issue 29)");

/* Zone z's cards (db_state.zc): its count is s->zn[z]. Like strchr, one
 * function serves a const state and a changing one; only the game's rules
 * change a zone's size (db_zone_push, db_zone_take). */
static inline int db_zone_start(const db_state *s, int z)
{
    /* The counts before z, added a word (8 counts) at a time and the words'
     * bytes then summed by one multiply into the top byte: exact, as no sum
     * reaches 256 (there are 25 cards). Zones are looked up at every step. */
    const uint64_t ones = 0x0101010101010101ull;
    uint64_t w, acc = 0;
    int k = 0;
    for (; k + 8 <= z; k += 8) {
        memcpy(&w, s->zn + k, sizeof w);
        acc += w;
    }
    if (z > k) {
        memcpy(&w, s->zn + k, sizeof w);
        acc += w & (~0ull >> (64 - 8 * (z - k))); /* little-endian: zn[k] is the low byte */
    }
    return (int)((acc * ones) >> 56);
}

static inline uint8_t *db_zone(const db_state *s, int z)
{
    return (uint8_t *)s->zc + db_zone_start(s, z);
}

static inline uint8_t *db_hand(const db_state *s, int p)
{
    return db_zone(s, DB_Z_HAND + p);
}
static inline uint8_t *db_pack(const db_state *s, int p)
{
    return db_zone(s, DB_Z_PACK + p);
}
static inline uint8_t *db_kept(const db_state *s, int p)
{
    return db_zone(s, DB_Z_KEPT + p);
}
static inline uint8_t *db_vrow(const db_state *s, int p)
{
    return db_zone(s, DB_Z_VROW + p);
}
static inline uint8_t *db_score(const db_state *s, int p)
{
    return db_zone(s, DB_Z_SCORE + p);
}
static inline uint8_t *db_taken(const db_state *s, int p)
{
    return db_zone(s, DB_Z_TAKEN + p);
}
static inline uint8_t *db_aside(const db_state *s, int p)
{
    return db_zone(s, DB_Z_ASIDE + p);
}
static inline uint8_t *db_drow(const db_state *s, int p)
{
    return db_zone(s, DB_Z_DROW + p);
}
static inline uint8_t *db_deck_cards(const db_state *s)
{
    return db_zone(s, DB_Z_DECK);
}
static inline uint8_t *db_disc(const db_state *s)
{
    return db_zone(s, DB_Z_DISC);
}

/* Card c onto the end of zone z; removes card c from zone z, the rest
 * keeping their order (it must be there). */
void db_zone_push(db_state *s, int z, int c);
void db_zone_take(db_state *s, int z, int c);

/* Where a card is, as one seat knows it. */
enum {
    DB_AT_UNKNOWN,
    DB_AT_HAND, /* seat's hand (own, or another's when known) */
    DB_AT_PACK,
    DB_AT_KEPT,
    DB_AT_TAKEN,
    DB_AT_ASIDE,
    DB_AT_VROW,
    DB_AT_SCORE,
    DB_AT_DROW,
    DB_AT_DISCARD,
    DB_AT_CENTRE
};

/* What one seat knows, for the heuristic and front ends. */
typedef struct db_view {
    int seat, n, phase, round, dealer, left_dir; /* left_dir: 1 = odd round */
    int to_move, raider, target;
    db_card card[DB_NCARDS];
    uint8_t at[DB_NCARDS];   /* DB_AT_* */
    int8_t owner[DB_NCARDS]; /* seat of that zone, -1 for table zones */
    int nhand[DB_MAXP], npack[DB_MAXP], nkept[DB_MAXP];
    int total[DB_MAXP];
} db_view;

void db_observe(const db_state *s, int seat, db_view *v);

/* Rule helpers the tests and the heuristic share. */
int db_left(int n, int s);
int db_dir_next(const db_state *s, int seat);      /* the dir(r) neighbour (DB-5) */
int db_find_target(const db_state *s, int raider); /* DB-23, -1 if none */
int db_hand_size(int n);                           /* h of §2 */
int db_card_str(const db_state *s, int face, char *buf, size_t cap); /* "T21" */
/* The card as a player says it (ja: in Japanese): "Treasure 21 (Sun, Moon)". */
int db_card_say(const db_state *s, int face, int ja, char *buf, size_t cap);
int db_suits_str(const db_state *s, int face, char *buf, size_t cap); /* "SMFW", "" */

ch_action db_heuristic_act(ch_bot *b, const void *st, int seat);

/* Action ids for learning programs (db_game.action_id; docs/spaces.md), the
 * same for every option set and card file. */
enum {
    DB_ID_KEEP = 0,                      /* 25: keep <face> */
    DB_ID_PLAY = DB_ID_KEEP + DB_NCARDS, /* 25: play <face> */
    DB_ID_PUT = DB_ID_PLAY + DB_NCARDS,  /* 25: put <face> */
    DB_ID_DRAW = DB_ID_PUT + DB_NCARDS,  /* 8: draw 1 .. draw 8 */
    DB_NUM_IDS = DB_ID_DRAW + DB_MAXHAND
};

/* The observation tensor (db_game.observe; docs/spaces.md): offsets into a
 * flat vector. Per-seat entries by relative seat (0: the viewer; the
 * spectator: seat 0), 6 of them. Then one block of DB_OC_SIZE entries per
 * card face, at DB_OB_CARDS + DB_OC_SIZE * face. */
enum {
    DB_OB_PHASE = 0,                            /* 6: DB_PH_*, one-hot */
    DB_OB_MOVER = DB_OB_PHASE + 6,              /* 6: seat to move (none when over) */
    DB_OB_IS_SEAT = DB_OB_MOVER + 6,            /* 1: 1 for a seat, 0 for the spectator */
    DB_OB_SEATS = DB_OB_IS_SEAT + 1,            /* 6: 1 per seat at the table */
    DB_OB_DEALER = DB_OB_SEATS + 6,             /* 6: one-hot */
    DB_OB_RAIDER = DB_OB_DEALER + 6,            /* 6: the raider (raid, arrange, draw) */
    DB_OB_TARGET = DB_OB_RAIDER + 6,            /* 6: the target (a villain in the centre) */
    DB_OB_CHOSEN = DB_OB_TARGET + 6,            /* 6: has chosen in this draft step */
    DB_OB_FLAGS = DB_OB_CHOSEN + 6,             /* 5: passing left, sudden_death, sudden death
                                                   under way, one_shot, target_arranges */
    DB_OB_COUNTS = DB_OB_FLAGS + 5,             /* 6: round/20, rounds done/20, target/100,
                                                   deck/25, discards/25, hand positions fixed/8 */
    DB_OB_TOTAL = DB_OB_COUNTS + 6,             /* 6: totals / 100 */
    DB_OB_LAST_ROUND = DB_OB_TOTAL + 6,         /* 6: last round's points / 100 */
    DB_OB_LAST_SECURED = DB_OB_LAST_ROUND + 6,  /* 6: of them from secured cards / 100 */
    DB_OB_LAST_HAND = DB_OB_LAST_SECURED + 6,   /* 6: of them from the hand / 100 */
    DB_OB_ZONES = DB_OB_LAST_HAND + 6,          /* 30: [seat][hand, pack, kept, taken, aside]
                                                   sizes / 8 */
    DB_OB_RAID_RAIDER = DB_OB_ZONES + 30,       /* 6: the last raid: its raider */
    DB_OB_RAID_TARGET = DB_OB_RAID_RAIDER + 6,  /* 6: its target (a card was drawn) */
    DB_OB_RAID_VILLAIN = DB_OB_RAID_TARGET + 6, /* 25: its villain */
    DB_OB_RAID_DRAWN = DB_OB_RAID_VILLAIN + DB_NCARDS, /* 25: the card drawn */
    DB_OB_RAID_OUTCOME = DB_OB_RAID_DRAWN + DB_NCARDS, /* 6: DB_OUT_*, one-hot */
    DB_OB_OWN_HAND = DB_OB_RAID_OUTCOME + 6, /* 8*25: [position][face] of the viewer's hand */
    DB_OB_CARDS = DB_OB_OWN_HAND + DB_MAXHAND * DB_NCARDS, /* 25 blocks of DB_OC_SIZE */
    DB_OBS_SIZE = DB_OB_CARDS + DB_NCARDS * 95
};
/* Inside a card's block. */
enum {
    DB_OC_WHERE = 0,     /* 51: where the viewer knows it is: 0 unknown, 1 discard pile,
                            2 centre, 3 + 6*(zone-1) + seat for DB_AT_HAND .. DB_AT_DROW */
    DB_OC_REVEALED = 51, /* 12: the last scored round (DB-31): in seat's hand 0..5,
                            secured by seat 6..11 */
    DB_OC_TYPE = 63,     /* 4: villain, hero, treasure, cat */
    DB_OC_SECURED = 67,  /* 1: its secured value / 10 */
    DB_OC_HAND = 68,     /* 1: its value in hand / 10 */
    DB_OC_SUITS = 69,    /* 26: suit letters A..Z */
    DB_OC_SIZE = 95
};

/* Action codes: kind << 8 | argument (a face, or a position for DRAW). */
enum { DB_A_KEEP = 1, DB_A_PLAY, DB_A_PUT, DB_A_DRAW };
#define DB_ACTION(kind, arg) ((ch_action)(((kind) << 8) | (arg)))

#endif
