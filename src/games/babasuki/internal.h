/* Shared between the Draft Babasuki source files; not part of the API. */
#ifndef CARDHALL_BABASUKI_INTERNAL_H
#define CARDHALL_BABASUKI_INTERNAL_H

#include "cardhall/babasuki.h"
#include "cardhall/text.h"

#define DB_NONE 0xff
/* known[c] bit for "shown to the whole table": what CH_SPECTATOR knows.
 * Seats use bits 0..5; a seat may also know a card by deduction (the
 * 2-player hands after the acquisition), which a spectator cannot. */
#define DB_PUBLIC 0x80

/* Where the last scored round's cards were when turned face up (DB-31):
 * rev[c] = DB_REV_HAND + 2p or DB_REV_SCORE + 2p, 0 elsewhere. */
enum { DB_REV_HAND = 1, DB_REV_SCORE = 2 };

/* Whether viewer (a seat, CH_ALL or CH_SPECTATOR) knows where card c is. */
static inline int db_knows(const db_state *s, int viewer, int c)
{
    if (viewer == CH_ALL) return 1;
    if (viewer < 0) return s->known[c] >> 7 & 1;
    return s->known[c] >> viewer & 1;
}

static inline uint8_t db_all_mask(int n)
{
    return (uint8_t)((1u << n) - 1);
}

/* rules.c: db_state.zof again from zc and zn, after cards were moved
 * between zones other than by db_zone_push / db_zone_take or set one by one
 * (a resample; the deal, the packs passed and the kept cards becoming the
 * hand set theirs). */
void db_zones_index(db_state *s);

/* cards.c: db_cards_parse, with src naming the file in messages. */
int db_cards_parse_named(const char *text, size_t len, int relaxed, const char *src, db_deck *d,
                         ch_err *err);

/* Every seat and the spectator: a card shown face up to the table. */
static inline uint8_t db_shown_mask(int n)
{
    return (uint8_t)(db_all_mask(n) | DB_PUBLIC);
}

/* text.c */
int db_action_text(const void *st, ch_action a, char *buf, size_t cap);
int db_action_name(const void *st, ch_action a, int viewer, ch_lang lang, char *buf, size_t cap);
int db_choice_name(const void *st, ch_action a, ch_lang lang, char *buf, size_t cap);
int db_card_text(int face, char *buf, size_t cap);
int db_card_parse(const char *text, int *face);
int db_render(const void *st, int viewer, ch_lang lang, char *buf, size_t cap);

/* seen.c: what a player sees (game.h) */
json_t *db_events(const void *before, ch_action a, int viewer, ch_lang lang);
int db_hand_summary(const void *st, int viewer, ch_lang lang, char *buf, size_t cap);
json_t *db_last_hand_json(const db_state *s);
int db_explain_illegal(const void *st, const char *text, ch_lang lang, char *buf, size_t cap);
int db_rules_text(const ch_opts *o, ch_lang lang, char *buf, size_t cap);
/* help.c: every card's values, grouped ("V1-4 3/0 ..."). */
void db_put_values(ch_text *o, const db_card *card, int lang);
/* The raid outcomes in words, per language (text.c). */
extern const char *const db_outcome_text[2][6];

/* learn.c (docs/spaces.md) */
int db_num_action_ids(const ch_opts *o);
int db_action_id(const void *st, ch_action a);
int db_obs_shape(const ch_opts *o, int *dims);
void db_obs(const void *st, int viewer, float *out);
void db_obs_kept(const void *st, int viewer, float *out, uint16_t *memo, int first);

/* view.c */
json_t *db_view_json(const void *st, int viewer);
json_t *db_view_json_lean(const void *st, int viewer);
void db_census(const void *st, int viewer, ch_census *c);
void db_resample(void *st, int viewer, ch_rng *rng);

#endif
