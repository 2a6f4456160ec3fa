/* A match: one game from its start, with every action taken, so it can be
 * undone, written as a record and replayed. Front ends hold a ch_match; fast
 * loops (sim, bench, search) use bare states instead. */
#ifndef CARDHALL_MATCH_H
#define CARDHALL_MATCH_H

#include "cardhall/game.h"

typedef struct ch_match {
    const ch_game *game;
    ch_opts opts;
    uint64_t seed;
    int *order; /* owned; NULL when dealt from the seed */
    int n_order;
    unsigned char *states; /* states[k] = state after k actions; owned */
    ch_action *actions;    /* owned */
    int n_actions;
    int cap;
} ch_match;

/* Parses kv options, then sets up. On error m needs no ch_match_free. */
int ch_match_init(ch_match *m, const ch_game *g, const char *const *kv, int nkv, uint64_t seed,
                  const int *order, int n_order, ch_err *err);
int ch_match_init_opts(ch_match *m, const ch_game *g, const ch_opts *o, uint64_t seed,
                       const int *order, int n_order, ch_err *err);
void ch_match_free(ch_match *m);

const void *ch_match_state(const ch_match *m);
const void *ch_match_state_at(const ch_match *m, int k); /* after k actions */
int ch_match_apply(ch_match *m, ch_action a, ch_err *err);
int ch_match_apply_text(ch_match *m, const char *text, ch_err *err);
int ch_match_undo(ch_match *m, ch_err *err);

/* The record: {"format":"cardhall-record/1","game","options":{..},"seed",
 * "order":[..]?,"actions":[text..],"hands":[[..]..],"result":{..}}.
 * Returns a new object the caller may extend (players, bots) and must decref. */
json_t *ch_match_record(const ch_match *m);
/* Sets m up from a record of game g and replays it. A move that does not replay is an
 * error naming its number and text. The record's result, if present, must
 * match. */
int ch_match_from_record(ch_match *m, const ch_game *g, const json_t *rec, ch_err *err);
/* The record's "game" name (look it up with ch_game_find), or NULL. */
const char *ch_record_game(const json_t *rec);
int ch_record_load(const char *path, json_t **rec, ch_err *err);
int ch_record_save(const char *path, const json_t *rec, ch_err *err);

/* Options from JSON: {"key": value, ...} (strings, integers, booleans) or
 * ["key=value", ...]; NULL gives the defaults. On error o is unchanged. */
int ch_opts_from_json(const ch_game *g, const json_t *j, ch_opts *o, ch_err *err);

/* JSON of a result, as records and the engine write it. */
json_t *ch_result_json(const ch_result *r);

#endif
