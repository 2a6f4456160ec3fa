/* Rack-O internals shared by the files of src/games/racko. */
#ifndef CARDHALL_RACKO_INTERNAL_H
#define CARDHALL_RACKO_INTERNAL_H

#include "cardhall/racko.h"

#define RK_RNG_STREAM 0x7ac0u

/* rules.c */
void rk_start_turn(rk_state *s);
void rk_end_round(rk_state *s, int declarer);
int rk_setup(void *st, const ch_opts *o, uint64_t seed, const int *order, int n_order, ch_err *err);
int rk_legal(const void *st, ch_action *out);
void rk_apply(void *st, ch_action a);
void rk_result(const void *st, ch_result *r);

/* text.c */
int rk_card_text(int face, char *buf, size_t cap);
int rk_card_parse(const char *text, int *face);
int rk_action_text(const void *st, ch_action a, char *buf, size_t cap);
int rk_action_name(const void *st, ch_action a, int viewer, ch_lang lang, char *buf, size_t cap);
int rk_choice_name(const void *st, ch_action a, ch_lang lang, char *buf, size_t cap);
int rk_render(const void *st, int viewer, ch_lang lang, char *buf, size_t cap);

/* view.c */
int rk_sees_slot(const rk_state *s, int viewer, int seat, int slot);
int rk_sees_hand(const rk_state *s, int viewer);
json_t *rk_view_json(const void *st, int viewer);
json_t *rk_view_json_lean(const void *st, int viewer);
void rk_census(const void *st, int viewer, ch_census *c);
void rk_resample(void *st, int viewer, ch_rng *rng);

/* events.c */
json_t *rk_events(const void *before, ch_action a, int viewer, ch_lang lang);
int rk_hand_summary(const void *st, int viewer, ch_lang lang, char *buf, size_t cap);
json_t *rk_last_hand_json(const rk_state *s);
int rk_explain_illegal(const void *st, const char *text, ch_lang lang, char *buf, size_t cap);
int rk_rules_text(const ch_opts *o, ch_lang lang, char *buf, size_t cap);

/* learn.c */
int rk_num_action_ids(const ch_opts *o);
int rk_action_id(const void *st, ch_action a);
int rk_obs_shape(const ch_opts *o, int *dims);
void rk_obs(const void *st, int viewer, float *out);

#endif
