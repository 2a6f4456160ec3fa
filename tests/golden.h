/* Golden traces: a seeded game (even seats: the game's heuristic bot if it
 * has one; odd seats: random), printed move by move
 * (every action's text and name, then the final result) and compared with a
 * file under tests/golden/. CH_GOLDEN_UPDATE=1 rewrites the file instead. */
#ifndef CARDHALL_TEST_GOLDEN_H
#define CARDHALL_TEST_GOLDEN_H

#include <stdint.h>

#include "cardhall/game.h"

/* path is relative to the source tree. Fails the current cmocka test on a
 * difference, naming the first differing line. */
void ch_golden_check(const ch_game *g, const char *const *kv, int nkv, uint64_t seed,
                     const char *path);

#endif
