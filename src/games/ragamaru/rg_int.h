/* Internal to the RAGAMARU module: action codes and shared helpers. */
#ifndef RG_INT_H
#define RG_INT_H

#include <stddef.h>

#include "cardhall/ragamaru.h"

/* Action kinds. */
enum { RG_A_KICKOFF, RG_A_DRAW, RG_A_PASS, RG_A_ACCEPT, RG_A_PLAY, RG_A_DISCARD, RG_A_KEEP };

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

ch_action rg_encode(const rg_move *m);
void rg_decode(ch_action a, rg_move *m);

/* The play's cards in the order they go down; returns the count. */
int rg_play_cards(const rg_state *s, const rg_move *m, int *cards);

/* Card tables (cards.c). */
extern const uint8_t rg_copies[RG_NFACES];
extern const char *const rg_colour_letter[5];
int rg_face_of(int type, int colour, int number);
int rg_card_text(int face, char *buf, size_t cap);
int rg_card_parse(const char *text, int *face);
int rg_card_name(int face, ch_lang lang, char *buf, size_t cap);
const char *rg_colour_name(int colour, ch_lang lang);
const char *rg_type_code(int type);
int rg_in_deck(int deck, int face); /* copies of face the deck option uses */

/* Hands (cards.c). */
void rg_hand_add(rg_hand *h, int face);
void rg_hand_remove(rg_hand *h, int face);
int rg_hand_faces(const rg_hand *h, int *faces); /* every card, by face, copies repeated */

/* Rules (rules.c, legal.c). */
int rg_legal(const void *st, ch_action *out);
void rg_apply(void *st, ch_action a);
int rg_dry(const rg_state *s);
int rg_first_ok(const rg_state *s, int face); /* RG-31 for a first card in a normal turn */
int rg_limit(const rg_state *s, int type);    /* RG-33 */

/* Text (text.c) and views (view.c). */
int rg_action_text(const void *st, ch_action a, char *buf, size_t cap);
int rg_action_name(const void *st, ch_action a, int viewer, ch_lang lang, char *buf, size_t cap);
int rg_render(const void *st, int viewer, ch_lang lang, char *buf, size_t cap);
json_t *rg_view_json(const void *st, int viewer);
void rg_census(const void *st, int viewer, ch_census *c);
void rg_resample(void *st, int viewer, ch_rng *rng);

#endif
