/* A match: one game from its start, with every action taken, so it can be
 * undone, written as a record and replayed. Front ends hold a ch_match; fast
 * loops (sim, bench, search) use bare states instead.
 *
 * Memory: a match keeps the actions (8 bytes each), the current state and a
 * full state every CH_MATCH_CHECKPOINT actions; any other state is rebuilt
 * by replaying from the nearest checkpoint. So a game that never ends costs
 * about 8 + state_size / CH_MATCH_CHECKPOINT bytes a move (11 for Rack-O,
 * 23 for Draft Babasuki), and never more than mem_limit in all.
 *
 * A match is used by one thread at a time, even to read it: state_at keeps
 * a cursor inside the match. */
#ifndef CARDHALL_MATCH_H
#define CARDHALL_MATCH_H

#include "cardhall/game.h"

/* Actions between two stored states: undo and state_at replay at most this
 * many (one apply each, tens of nanoseconds). */
#define CH_MATCH_CHECKPOINT 64
/* The default for ch_match.mem_limit: about 12 million moves. */
#define CH_MATCH_MEM_LIMIT ((size_t)256 << 20)

typedef struct ch_match_cache ch_match_cache; /* private to match.c */

typedef struct ch_match {
    const ch_game *game;
    ch_opts opts;
    uint64_t seed;
    int *order; /* owned; NULL when dealt from the seed */
    int n_order;
    ch_action *actions; /* actions[k] was taken in the state after k actions; owned */
    int n_actions;
    int cap;               /* room in actions */
    unsigned char *ckpt;   /* ckpt[c]: state after c * CH_MATCH_CHECKPOINT actions; owned */
    int n_ckpt, ckpt_cap;  /* n_ckpt = n_actions / CH_MATCH_CHECKPOINT + 1 */
    size_t mem_limit;      /* bytes actions and checkpoints may take (set by init to
                              CH_MATCH_MEM_LIMIT; the caller may change it) */
    ch_match_cache *cache; /* current state, the one before, state_at's cursor; owned */
} ch_match;

/* Parses kv options, then sets up. On error m needs no ch_match_free.
 * kv are options as a local user types them (the command line, tests): an
 * option naming a data file (cards=PATH) is read here, ch_opts_read_files.
 * Anything serving others (the engine for untrusted clients, a server)
 * uses ch_match_init_opts with the data as content instead.
 * ch_match_init_opts copies o's data (o may be freed after). */
int ch_match_init(ch_match *m, const ch_game *g, const char *const *kv, int nkv, uint64_t seed,
                  const int *order, int n_order, ch_err *err);
int ch_match_init_opts(ch_match *m, const ch_game *g, const ch_opts *o, uint64_t seed,
                       const int *order, int n_order, ch_err *err);
void ch_match_free(ch_match *m);
/* Heap bytes the match holds (history, checkpoints, cached states, options'
 * data): what a server counts against its memory bound. */
size_t ch_match_bytes(const ch_match *m);

/* The current state: valid until the match changes (apply, undo, free). */
const void *ch_match_state(const ch_match *m);
/* The state after k actions (0..n_actions), or NULL. A past state lives in
 * one of two scratch buffers of the match: the pointer stays valid until the
 * match changes, or until two more calls have asked for other states — so a
 * caller may hold states k and k + 1 at once, never three. Walking k upwards
 * costs one apply a step (a cursor), however long the game. */
const void *ch_match_state_at(const ch_match *m, int k);
/* Applies a legal action. CH_ENOMEM when the history cannot grow (memory,
 * or mem_limit): the match is then unchanged, and undo and the record still
 * work for every move played so far. */
int ch_match_apply(ch_match *m, ch_action a, ch_err *err);
int ch_match_apply_text(ch_match *m, const char *text, ch_err *err);
int ch_match_undo(ch_match *m, ch_err *err);

/* The record: {"format":"cardhall-record/1","game","options":{..},"seed",
 * "order":[..]?,"data":{..}?,"actions":[text..],"hands":[[..]..],"result":{..}}.
 * "data" holds the content of options that name data files (key: content,
 * e.g. Babasuki's "cards"), so a record replays on any machine without the
 * file; "options" then holds only the file's base name, as a label.
 * Returns a new object the caller may extend (players, bots) and must decref.
 * It walks the match with ch_match_state_at, so pointers from that are then
 * stale. */
json_t *ch_match_record(const ch_match *m);
/* A seed as JSON: an integer up to 2^63-1, above it a decimal string (JSON
 * readers take integers as signed). ch_seed_from_json reads either back
 * strictly (no sign, no spaces, no overflow): CH_OK or CH_EFORMAT. */
json_t *ch_seed_json(uint64_t seed);
int ch_seed_from_json(const json_t *j, uint64_t *seed);
/* Sets m up from a record of game g and replays it; options' data comes
 * from the record's "data" only, never from a path. A move that does not replay is an
 * error naming its number and text. The record's result, if present, must
 * match. */
int ch_match_from_record(ch_match *m, const ch_game *g, const json_t *rec, ch_err *err);
/* The record's "game" name (look it up with ch_game_find), or NULL. */
const char *ch_record_game(const json_t *rec);
/* Records are read whole; this bounds a record file or text. */
#define CH_RECORD_MAX ((size_t)32 << 20)
/* Reads a record file (a local user's: ch_file_read, so only a regular file
 * of at most CH_RECORD_MAX bytes; a directory, FIFO or device is CH_EIO).
 * A UTF-8 byte-order mark is skipped. A parse error names the path, line
 * and column, and never quotes the file's content. */
int ch_record_load(const char *path, json_t **rec, ch_err *err);
/* The same for a record given as content (by a client, over the engine or
 * the network): text[0..len), BOM skipped; the message may quote the text,
 * as valid UTF-8. */
int ch_record_parse(const char *text, size_t len, json_t **rec, ch_err *err);
int ch_record_save(const char *path, const json_t *rec, ch_err *err);

/* Options from JSON: {"key": value, ...} (strings, integers, booleans) or
 * ["key=value", ...]; NULL gives the defaults. On error o is unchanged. */
int ch_opts_from_json(const ch_game *g, const json_t *j, ch_opts *o, ch_err *err);

/* Options' data as content from JSON: {"key": "content", ...} for STR
 * options (a record's "data", a client's request); NULL leaves o as it is.
 * The content is borrowed from j (keep j until the match is set up: a
 * ch_match copies it). On error o is unchanged. */
int ch_opts_data_from_json(const ch_game *g, const json_t *j, ch_opts *o, ch_err *err);

/* For a local reader only (cardhall replay, the engine without --untrusted):
 * every option of rec that names a data file (Babasuki's cards=PATH, as
 * records before issue 11 wrote them) and has no content under "data" gets
 * the file's content there, read with ch_file_read (regular files only, at
 * most CH_OPT_DATA_MAX bytes; a relative path is taken from the current
 * directory). On error rec is unchanged and the message names the option
 * and the path. */
int ch_record_read_files(const ch_game *g, json_t *rec, ch_err *err);

/* JSON of a result, as records and the engine write it. */
json_t *ch_result_json(const ch_result *r);

#endif
