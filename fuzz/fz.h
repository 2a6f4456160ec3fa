/* Helpers shared by the libFuzzer targets in fuzz/ (built with CH_FUZZ=ON).
 * A broken invariant is reported with fz_fail, which aborts so libFuzzer
 * saves the input as a crash. */
#ifndef CARDHALL_FUZZ_FZ_H
#define CARDHALL_FUZZ_FZ_H

#include <stddef.h>
#include <stdint.h>
#include <jansson.h>

#include "cardhall/game.h"

/* Prints the message and aborts. */
_Noreturn void fz_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* The game picked by one byte (every game in the registry). */
const ch_game *fz_game(uint8_t pick);

/* A NUL-terminated copy of data (caller frees). */
char *fz_text(const uint8_t *data, size_t size);

/* Nonzero if j (a request, a record or options, at any depth) could make the
 * library open a file: an object key "file" or "cards", or a string starting
 * "cards" (a "cards=..." option). Such inputs are not passed on, so a fuzzer
 * never reads this machine's files whatever the library allows. */
int fz_names_file(const json_t *j);
/* The same for parsed options: Babasuki reads its card file in setup when
 * the "cards" option is set. */
int fz_opts_name_file(const ch_game *g, const ch_opts *o);

/* Checks the full census of st against the box (every card exactly once). */
void fz_census(const ch_game *g, const void *st, const char *where);

/* Plays up to k uniformly random legal moves from rng seed; returns how many
 * were played. acts has room for g->max_actions. */
int fz_random_moves(const ch_game *g, void *st, ch_action *acts, int k, uint64_t seed);

#endif
