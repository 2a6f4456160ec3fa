/* What play and replay tell a viewer about each move: the game's events as
 * that viewer may know them (table.h: tb_events), the end-of-hand summary
 * before the next deal, the rules, and typed input made plain. */
#ifndef CARDHALL_CLI_NARRATE_H
#define CARDHALL_CLI_NARRATE_H

#include "cardhall/match.h"

/* Move k of m as viewer knows it: one line per event, labelled with the
 * seat it happened to; if it ended a hand, the hand's summary for viewer
 * and the scores. With notation (replay): the first line also shows the
 * move's text, numbered. */
void narrate_move(const ch_match *m, int k, int viewer, const char *const *labels, ch_lang lang,
                  int notation);

/* The game's rules with the options o in force (rules_text, or a fallback). */
void narrate_rules(const ch_game *g, const ch_opts *o, ch_lang lang);

/* Rewrites typed input in place as plain ASCII where a Japanese keyboard
 * gives full-width forms: digits, letters and signs (U+FF01..U+FF5E) and
 * the ideographic space (U+3000). Everything else is kept. */
void narrate_plain_input(char *s);

/* A bot's name as people read it in lang ("heuristic" is a computer player). */
const char *narrate_bot_name(const char *name, ch_lang lang);

/* Copies at most max bytes of src to dst (room for max + 1), never cutting
 * a UTF-8 character in two. */
void narrate_clip(char *dst, const char *src, size_t max);

#endif
