/* Internal to the RAGAMARU module: action codes and shared helpers. */
#ifndef CARDHALL_RAGAMARU_INTERNAL_H
#define CARDHALL_RAGAMARU_INTERNAL_H

#include <assert.h>
#include <stddef.h>

#include "cardhall/ragamaru.h"
#include "cardhall/text.h"

/* Action kinds. */
enum {
    RG_A_KICKOFF,
    RG_A_DRAW,
    RG_A_PASS,
    RG_A_ACCEPT,
    RG_A_PLAY,
    RG_A_DISCARD,
    RG_A_KEEP,
    RG_A_DECLARE /* Reserve (RG-62): decl 0 names the colour, decl 1..15 the number */
};

/* A decoded action. A play is identified by its card set and top card
 * (RG-36): coloured types by a colour mask and the top colour (for Tries
 * with a Conversion, the Try beneath it); colourless types by a count. */
typedef struct rg_move {
    int kind;
    int type;   /* RG_NUMBER..RG_RGM */
    int number; /* number cards: 1..15 */
    int set;    /* coloured: colour mask; colourless: count */
    int top;    /* coloured: colour of the top card (or of the Try under CONV) */
    int conv;   /* a Conversion closes a Try play */
    int colour; /* named colour: kickoff, RES, SIN, TMO */
    int decl;   /* RES: declared number 1..15 */
    int face;   /* DISCARD */
} rg_move;

/* Field layout of a ch_action; inline: apply() decodes at every step. */
static inline ch_action rg_encode(const rg_move *m)
{
    return (ch_action)m->kind | (ch_action)m->type << 3 | (ch_action)m->number << 7 |
           (ch_action)m->set << 11 | (ch_action)m->top << 15 | (ch_action)m->conv << 17 |
           (ch_action)m->colour << 18 | (ch_action)m->decl << 20 | (ch_action)m->face << 24;
}

static inline void rg_decode(ch_action a, rg_move *m)
{
    m->kind = (int)(a & 7);
    m->type = (int)(a >> 3 & 15);
    m->number = (int)(a >> 7 & 15);
    m->set = (int)(a >> 11 & 15);
    m->top = (int)(a >> 15 & 3);
    m->conv = (int)(a >> 17 & 1);
    m->colour = (int)(a >> 18 & 3);
    m->decl = (int)(a >> 20 & 15);
    m->face = (int)(a >> 24 & 127);
}

/* Card data (cardfile.c): filled once from data/ragamaru/cards.csv when
 * the library loads, read-only afterwards; the hot path reads its arrays. */
extern rg_cards rg_box;
int rg_cards_ready(ch_err *err); /* CH_OK, or CH_EINVAL naming the file's bad line */

/* Cards (cards.c). */
int rg_face_of(int type, int colour, int number);
int rg_card_text(int face, char *buf, size_t cap);
int rg_card_parse(const char *text, int *face);
const char *rg_colour_name(int colour, ch_lang lang);
const char *rg_type_code(int type);
const char *rg_type_name(int type, ch_lang lang);
int rg_in_deck(int deck, int face); /* copies of face the deck option uses */

/* Hot helpers, inline: legal() and apply() run at every step of a simulation. */
static inline int rg_type_of(int face)
{
    return face < 60 ? RG_NUMBER : face < 96 ? 1 + (face - 60) / 4 : RG_CONV + (face - 96);
}

static inline int rg_colour_of(int face)
{
    return face < 96 ? face % 4 : RG_ANY;
}

static inline int rg_number_of(int face)
{
    return face < 60 ? face / 4 + 1 : 0;
}

static inline int rg_face_at(int type, int colour, int number)
{
    if (type == RG_NUMBER) return (number - 1) * 4 + colour;
    if (type < RG_CONV) return 60 + (type - 1) * 4 + colour;
    return 96 + (type - RG_CONV);
}

static inline int rg_count(const rg_hand *h, int face)
{
    if (face < 60) return (int)((h->num >> face) & 1);
    if (face < 96) return (int)((h->sp >> (face - 60)) & 1);
    return h->multi[face - 96];
}

/* A coloured card's bit lives in num (faces 0..59) or sp (60..95): the word
 * is picked without a branch, since random play draws and plays cards of
 * either kind unpredictably (issue 29). */
static inline uint64_t *rg_hand_word(rg_hand *h, int face, int *bit)
{
    int sp = face >= 60;
    *bit = face - 60 * sp;
    return sp ? &h->sp : &h->num;
}

static inline void rg_hand_add(rg_hand *h, int face)
{
    if (face < 96) {
        int bit;
        uint64_t *w = rg_hand_word(h, face, &bit);
        *w |= 1ull << bit;
    } else {
        h->multi[face - 96]++;
    }
    h->n++;
}

static inline void rg_hand_remove(rg_hand *h, int face)
{
    assert(rg_count(h, face) > 0);
    if (face < 96) {
        int bit;
        uint64_t *w = rg_hand_word(h, face, &bit);
        *w &= ~(1ull << bit);
    } else {
        h->multi[face - 96]--;
    }
    h->n--;
}

/* The play's cards in the order they go down; returns the count. A single
 * coloured card, the usual play, is inline (apply() runs at every step). */
int rg_play_cards_multi(const rg_state *s, const rg_move *m, int *cards);

static inline int rg_play_cards(const rg_state *s, const rg_move *m, int *cards)
{
    if (m->set & (m->set - 1) || m->conv || m->type >= RG_CONV)
        return rg_play_cards_multi(s, m, cards);
    cards[0] = rg_face_at(m->type, m->top, m->number);
    return 1;
}

/* Hands (cards.c). */
int rg_hand_faces(const rg_hand *h, int *faces); /* every card, by face, copies repeated */

/* What happened while applying one action, for events (events.c). apply
 * records nothing (lg NULL), so random play pays one untaken branch per
 * step. */
enum {
    RG_EV_KICKOFF,   /* seat names colour aux; target plays first */
    RG_EV_DRAW,      /* seat draws from the stock (RG-21) */
    RG_EV_TAKE,      /* seat accepts an attack and draws (RG-46) */
    RG_EV_RGM_DRAW,  /* seat draws for another's RAGAMARU (RG-66) */
    RG_EV_HIT,       /* resting seat draws for an attack aimed at it (RG-47) */
    RG_EV_RESHUFFLE, /* count cards become the new stock (RG-70) */
    RG_EV_PASS,
    RG_EV_PLAY,
    RG_EV_ATTACK,    /* target must answer count cards (aux: type) */
    RG_EV_SIN,       /* target must answer count rests */
    RG_EV_TMO,       /* the attack is cancelled; colour aux */
    RG_EV_SIN_TAKE,  /* seat accepts count rests (one served at once) */
    RG_EV_SIN_ADD,   /* resting seat gets count more rests (RG-47) */
    RG_EV_REST,      /* seat loses a turn; aux rests left */
    RG_EV_SKIP,      /* the turn jumps past count seats (mask aux) to target */
    RG_EV_RETURN,    /* the turn goes back to target */
    RG_EV_DIRECTION, /* play now goes aux (+1 clockwise, -1 counter) */
    RG_EV_LOOP,      /* seat moves past count players */
    RG_EV_FREE,      /* RAGAMARU: seat plays again */
    RG_EV_DISCARD,   /* Advantage discard */
    RG_EV_KEEP,
    RG_EV_RES,     /* seat plays the Reserve and now declares */
    RG_EV_DECLARE, /* colour aux, number count (0: colour only) */
    RG_EV_OUT,     /* seat went out and wins (with team) */
    RG_EV_DRY,     /* everyone passed with nothing to draw: a draw */
    RG_EV_CAP,     /* the arrival cap: a draw */
    RG_EV_ADV      /* seat may now discard count cards */
};
#define RG_MAX_EV 48

typedef struct rg_ev {
    int type, seat, target, count, aux, want;
    int nf;
    uint8_t f[RG_DECK_MAX]; /* cards moved, in order */
} rg_ev;

typedef struct rg_log {
    int n;
    rg_ev e[RG_MAX_EV];
} rg_log;

/* Rules (rules.c, legal.c). */
void rg_legal_init(void); /* legal.c's tables, once, before any legal() (cardfile.c) */
int rg_legal(const void *st, ch_action *out);
void rg_apply(void *st, ch_action a);
void rg_apply_log(rg_state *s, ch_action a, rg_log *lg);
/* Cards a draw can take now: the stock and all but the top discard (RG-70, RG-71). */
int rg_drawable(const rg_state *s);
/* Why the game ended: RG_EV_OUT, RG_EV_DRY or RG_EV_CAP; -1 while it runs. */
int rg_end_reason(const rg_state *s);
static inline int rg_dry(const rg_state *s) /* RG-73: nothing left to draw */
{
    return s->nstock == 0 && s->ndisc <= 1;
}
int rg_first_ok(const rg_state *s, int face); /* RG-31 for a first card in a normal turn */

/* Text (text.c) and views (view.c). */
int rg_action_text(const void *st, ch_action a, char *buf, size_t cap);
int rg_action_name(const void *st, ch_action a, int viewer, ch_lang lang, char *buf, size_t cap);
int rg_render(const void *st, int viewer, ch_lang lang, char *buf, size_t cap);
json_t *rg_view_json(const void *st, int viewer);
json_t *rg_view_json_lean(const void *st, int viewer);
json_t *rg_last_hand_json(const rg_state *s);
void rg_put_card_for(ch_text *o, int face, ch_lang lang); /* code; Japanese: short name */
json_t *rg_events(const void *before, ch_action a, int viewer, ch_lang lang);
int rg_hand_summary(const void *st, int viewer, ch_lang lang, char *buf, size_t cap);
int rg_explain_illegal(const void *st, const char *text, ch_lang lang, char *buf, size_t cap);
int rg_upgrade_action(const void *st, int format, const char *text, char *buf, size_t cap);
int rg_same_play(const char *typed, const char *written);
int rg_warning(const void *st, ch_action a, ch_lang lang, char *buf, size_t cap);
int rg_rules_text(const ch_opts *o, ch_lang lang, char *buf, size_t cap);
void rg_census(const void *st, int viewer, ch_census *c);
void rg_resample(void *st, int viewer, ch_rng *rng);
/* Whether viewer knows seat's hand (its own; every hand once the game is
 * over), and whether seat holds a card just drawn (view.c). */
int rg_knows_hand(const rg_state *s, int viewer, int seat);
int rg_has_drawn(const rg_state *s, int p);

/* Learning hooks (learn.c, docs/spaces.md). */
int rg_num_action_ids(const ch_opts *o);
int rg_action_id(const void *st, ch_action a);
int rg_obs_shape(const ch_opts *o, int *dims);
void rg_obs(const void *st, int viewer, float *out);
void rg_obs_kept(const void *st, int viewer, float *out, uint16_t *memo, int first);

#endif
