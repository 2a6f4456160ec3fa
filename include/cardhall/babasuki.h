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

#include "cardhall/bot.h"
#include "cardhall/game.h"

#define DB_NCARDS 25
#define DB_MAXP 6
#define DB_MAXHAND 8 /* the largest hand: 3 players */
#define DB_NAME_MAX 32

enum { DB_VILLAIN, DB_HERO, DB_TREASURE, DB_CAT };

/* One card's data. suits: bit k = letter 'A'+k. */
typedef struct db_card {
    uint32_t suits;
    uint16_t no;
    uint8_t type; /* DB_VILLAIN .. DB_CAT */
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

/* The whole game. known[c] (bit p) says seat p knows which zone card c is in;
 * it is what views, census and resample read, and it moves with the card. */
typedef struct db_state {
    db_card card[DB_NCARDS];
    char suit_order[27];
    uint8_t known[DB_NCARDS];
    ch_rng rng;
    int32_t total[DB_MAXP];
    int16_t last_round[DB_MAXP], last_secured[DB_MAXP], last_hand[DB_MAXP];
    int32_t round;       /* 1-based current round */
    int32_t rounds_done; /* completed rounds */
    int16_t target_score, max_rounds;
    uint8_t n, sudden_death, one_shot, arranges;
    uint8_t unsorted; /* rule set 1 (ch_opts.compat): piles kept in the order dealt */
    uint8_t dealer, phase, mover, raider, target;
    uint8_t sd_active; /* sudden death under way (DB-V1) */
    uint8_t chosen;    /* draft/acquisition: bit p = seat p has chosen this step */
    uint8_t arranged;  /* arrange phase: hand positions fixed so far */
    uint8_t centre;    /* villain in the centre, 0xff if none */
    /* The last raid turn, public: raider, target, villain, drawn card (0xff), outcome. */
    uint8_t last_raider, last_target, last_villain, last_drawn, last_out;
    uint8_t hand[DB_MAXP][DB_MAXHAND], nhand[DB_MAXP];
    uint8_t pack[DB_MAXP][DB_MAXHAND], npack[DB_MAXP];
    uint8_t kept[DB_MAXP][DB_MAXHAND], nkept[DB_MAXP];
    uint8_t vrow[DB_MAXP][DB_MAXHAND], nvrow[DB_MAXP];
    uint8_t score[DB_MAXP][DB_NCARDS], nscore[DB_MAXP];
    uint8_t taken[2][2], ntaken[2]; /* 2 players: the step's two cards */
    uint8_t aside[2], naside[2];    /* 2 players: the set-aside card, face down */
    uint8_t drow[2][6], ndrow[2];   /* 2 players: revealed discards */
    uint8_t deck[DB_NCARDS], ndeck; /* 2 players: deck[ndeck-1] is the top */
    uint8_t disc[DB_NCARDS], ndisc;
    /* For designers (db_game.tally): raid turns by outcome, rounds played
     * in sudden death. */
    uint16_t outcomes[DB_OUT_NO_TARGET + 1], sd_rounds;
    /* The last scored round as turned face up (DB-31), kept until the next
     * one is scored: where each card lay (internal.h's DB_REV_*). */
    uint8_t rev[DB_NCARDS];
} db_state;

extern const ch_game db_game;

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
int db_card_str(const db_state *s, int face, char *buf, size_t cap);  /* "T21" */
/* The card as a player says it (ja: in Japanese): "Treasure 21 (Sun, Moon)". */
int db_card_say(const db_state *s, int face, int ja, char *buf, size_t cap);
int db_suits_str(const db_state *s, int face, char *buf, size_t cap); /* "SMFW", "" */

ch_action db_heuristic_act(ch_bot *b, const void *st, int seat);

/* Action codes: kind << 8 | argument (a face, or a position for DRAW). */
enum { DB_A_KEEP = 1, DB_A_PLAY, DB_A_PUT, DB_A_DRAW };
#define DB_ACTION(kind, arg) ((ch_action)(((kind) << 8) | (arg)))

#endif
