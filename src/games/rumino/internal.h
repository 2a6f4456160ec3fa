/* Functions the Rumino files share; not part of the public API. */
#ifndef CARDHALL_RUMINO_INTERNAL_H
#define CARDHALL_RUMINO_INTERNAL_H

#include "cardhall/rumino.h"

#define RU_MAX_ACTIONS 32

extern const ch_optdesc ru_opts[RU_NOPTS];
extern const uint8_t ru_face_copies[RU_NFACES];

/* rules.c */
int ru_setup(void *st, const ch_opts *o, uint64_t seed, const int *order, int n_order, ch_err *err);
int ru_legal(const void *st, ch_action *out);
void ru_apply(void *st, ch_action a);
void ru_result(const void *st, ch_result *r);

/* text.c */
int ru_card_text(int face, char *buf, size_t cap);
int ru_card_parse(const char *text, int *face);
int ru_action_text(const void *st, ch_action a, char *buf, size_t cap);
int ru_action_name(const void *st, ch_action a, int viewer, ch_lang lang, char *buf, size_t cap);
int ru_choice_name(const void *st, ch_action a, ch_lang lang, char *buf, size_t cap);
int ru_render(const void *st, int viewer, ch_lang lang, char *buf, size_t cap);
const char *ru_phase_name(const void *st);

/* view.c */
json_t *ru_view_json(const void *st, int viewer);
json_t *ru_view_json_lean(const void *st, int viewer);
void ru_census(const void *st, int viewer, ch_census *c);
void ru_resample(void *st, int viewer, ch_rng *rng);
/* Seat p's hand sorted into h (returns its size) and its best layout. */
int ru_sorted_layout(const ru_state *s, int p, uint8_t *h, ru_layout *l);
/* Whether viewer may see slot i of seat p's hand. */
int ru_slot_seen(const ru_state *s, int viewer, int p, int i);

/* learn.c (docs/spaces.md) */
int ru_num_action_ids(const ch_opts *o);
int ru_action_id(const void *st, ch_action a);
int ru_obs_shape(const ch_opts *o, int *dims);
void ru_obs(const void *st, int viewer, float *out);

/* events.c */
json_t *ru_events(const void *before, ch_action a, int viewer, ch_lang lang);
int ru_hand_summary(const void *st, int viewer, ch_lang lang, char *buf, size_t cap);
json_t *ru_last_hand_json(const ru_state *s);
int ru_explain_illegal(const void *st, const char *text, ch_lang lang, char *buf, size_t cap);
int ru_rules_text(const ch_opts *o, ch_lang lang, char *buf, size_t cap);
/* "seat 2" / "席 2", or "you" / "あなた" for the viewer's own seat. */
const char *ru_who(int seat, int viewer, int ja, char *buf, size_t cap);

#endif
