/* "Did you mean take?" (issue 24): the legal move nearest to what a person
 * typed, by edit distance on each move's notation and its name in both
 * languages. */
#ifndef CH_CLI_NEAREST_H
#define CH_CLI_NEAREST_H

#include "cardhall/game.h"

/* Edit distance (Levenshtein) between a and b, counted in characters
 * (UTF-8 code points), ASCII letters compared without case. Texts longer
 * than 128 characters count as far from everything (INT_MAX / 2). */
int nearest_distance(const char *a, const char *b);
/* The index into acts[0..n) of the move nearest to typed, as seat sees it,
 * or -1 when none is near enough to be a typo (more than a third of the
 * longer text differs, at least 2 characters allowed). */
int nearest_move(const ch_game *g, const void *st, int seat, const char *typed,
                 const ch_action *acts, int n);

#endif
