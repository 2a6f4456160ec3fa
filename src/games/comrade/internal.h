/* Shared inside the Comrade module only. */
#ifndef CARDHALL_COMRADE_INTERNAL_H
#define CARDHALL_COMRADE_INTERNAL_H

#include "cardhall/comrade.h"

#define CM_STREAM 0xc0de5u /* the state RNG stream */
#define CM_SUIT_MASK(s) (0x1FFFull << (13 * (s)))
#define CM_SUIT(f) ((f) / 13)
#define CM_RANK(f) ((f) % 13) /* 0 = the 2, 12 = the Ace */

/* Options, by index in cm_opts. */
enum { CM_OPT_PLAYERS, CM_OPT_DEALS, CM_OPT_DEALER, CM_OPT_ACE_HIGH, CM_OPT_SAFE_BIDS, CM_NOPTS };
extern const ch_optdesc cm_opts[CM_NOPTS];
extern const uint8_t cm_face_copies[CM_FACES];

int cm_bid_seat(const cm_state *s); /* seat of the current bidding turn */
/* What bidding action a of the seat to bid adds to T (PASS: 0); a take
 * that lifts T past the target loses the deal at once (CM-18). */
int cm_bid_add(const cm_state *s, ch_action a);
/* The seat winning trick t so far (all of it once complete), with its card;
 * -1 when the trick has no card yet. */
int cm_trick_winner(const cm_state *s, int t, int *best_face);
/* The items seat p took this deal, in order (bidding actions); returns the count. */
int cm_items(const cm_state *s, int p, uint8_t *items);
/* Bit s: seat p showed a void in suit s this deal. */
unsigned cm_voids(const cm_state *s, int p);

int cm_setup(void *st, const ch_opts *o, uint64_t seed, const int *order, int n, ch_err *err);
int cm_num_players(const void *st);
int cm_to_move(const void *st);
const char *cm_phase(const void *st);
int cm_legal(const void *st, ch_action *out);
void cm_apply(void *st, ch_action a);
void cm_result(const void *st, ch_result *r);

int cm_card_text(int face, char *buf, size_t cap);
int cm_card_parse(const char *text, int *face);
int cm_action_text(const void *st, ch_action a, char *buf, size_t cap);
int cm_action_name(const void *st, ch_action a, int viewer, ch_lang lang, char *buf, size_t cap);
/* A taken bid item as the spec writes it: "[H2]" or "JOKER(H)". */
int cm_item_text(int a, char *buf, size_t cap);
int cm_render(const void *st, int viewer, ch_lang lang, char *buf, size_t cap);

json_t *cm_view_json(const void *st, int viewer);
json_t *cm_view_json_lean(const void *st, int viewer);
void cm_census(const void *st, int viewer, ch_census *c);
void cm_resample(void *st, int viewer, ch_rng *rng);

/* learn.c (docs/spaces.md) */
int cm_num_action_ids(const ch_opts *o);
int cm_action_id(const void *st, ch_action a);
int cm_obs_shape(const ch_opts *o, int *dims);
void cm_obs(const void *st, int viewer, float *out);

/* Suit words, by suit index (S H D C). */
extern const char *const cm_suit_en[4];
extern const char *const cm_suit_ja[4];

/* The last finished deal (s->deal > 0) rebuilt into d, as it stood when it
 * ended: bids, items, tricks, leaders, counts; no hands (leftovers stay
 * hidden). d->deal is its 0-based index. */
void cm_last_deal(const cm_state *s, cm_state *d);
/* Why deal d (rebuilt by cm_last_deal, or s itself for d->deal == index)
 * ended with result res at turn/trick at, caused by seat by, in words. */
int cm_reason_text(const cm_state *d, int res, int at, int by, ch_lang lang, char *buf, size_t cap);
/* The cards of trick t with their seats: "P0 5D, P1 9D". */
/* Trick t's cards with their seats: as players say them ("{P1} 10♥, ...") for
 * texts, or (say 0) in notation ("P1 10H, ...") for the board. */
int cm_trick_text(const cm_state *d, int t, int ja, int say, char *buf, size_t cap);
int cm_card_say(int face, int ja, char *buf, size_t cap);
/* An action as the log tells it: "takes the ♠2 bid card: bids 2 in spades". */
int cm_deed_text(const cm_state *s, ch_action a, int ja, char *buf, size_t cap);
int cm_item_say(int a, int ja, char *buf, size_t cap);

/* What a player sees (game.h): reveal.c, events.c, help.c. */
int cm_hand_summary(const void *st, int viewer, ch_lang lang, char *buf, size_t cap);
json_t *cm_last_hand_json(const cm_state *s);
json_t *cm_events(const void *before, ch_action a, int viewer, ch_lang lang);
int cm_explain_illegal(const void *st, const char *text, ch_lang lang, char *buf, size_t cap);
int cm_warning(const void *st, ch_action a, ch_lang lang, char *buf, size_t cap);
int cm_rules_text(const ch_opts *o, ch_lang lang, char *buf, size_t cap);

#endif
