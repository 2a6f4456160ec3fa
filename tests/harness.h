/* The random-simulation harness every game plugs into. It plays seeded games
 * with uniformly random moves and, at every step, checks the contract of
 * game.h: clone equals original, undo restores, the record replays, the player
 * to move has legal actions that all apply, an illegal action is rejected
 * unchanged, every card is in exactly one place, views leak nothing a
 * resample could change, and a resample agrees with the view it came from.
 * For games with the issue-16 hooks it also checks what each seat and the
 * spectator are told: events name only cards the viewer may know, the
 * spectator's view and every viewer's hand summary survive a resample,
 * names of a mover's choices shown to others do not depend on hidden cards,
 * and history never shows another seat's move notation. For the learning
 * hooks (issue 26, docs/spaces.md): every legal action's id is in range and
 * unique, ch_action_of_id and the id's text lead back to the action, an id
 * names the same move (the same words) in every state of a run, ids that
 * are not legal are refused, and every seat's and the spectator's tensor is
 * whole (every float written, none past the declared shape), finite, and
 * unchanged by a resample from that viewer. Each check skips a hook the
 * game leaves NULL (the games in the tree must have them all).
 * Failures are reported through cmocka with the seed and step. */
#ifndef CARDHALL_TEST_HARNESS_H
#define CARDHALL_TEST_HARNESS_H

#include <stdint.h>

#include "cardhall/game.h"

typedef struct ch_harness_cfg {
    const ch_game *game;
    const char *const *kv; /* options, "key=value" */
    int nkv;
    int games; /* how many seeded games; CH_HARNESS_SCALE env divides it */
    uint64_t seed;
    int max_steps;  /* stop a game after this many actions (0: 100000) */
    int deep_every; /* run the expensive checks (replay, resample) every k steps (0: 1) */
    /* Moves come from this bot (e.g. "heuristic") instead of uniform random
     * choice, except for explore percent of them: games whose random play
     * never ends (Rack-O) then reach scoring and the game's end. NULL: random. */
    const char *bot;
    int explore;
} ch_harness_cfg;

/* 0 while the games are still being given the issue-16 hooks; the lead sets
 * it to 1 once all five have them, so the harness fails any game that leaves
 * events, hand_summary, explain_illegal or rules_text NULL. The environment
 * variable CH_HARNESS_REQUIRE_SEES=1 does the same for one run. */
extern const int ch_harness_require_sees;

/* Runs the harness; fails the current cmocka test on any violation. Returns
 * the number of actions played (so callers can assert it did work). */
long ch_harness_run(const ch_harness_cfg *cfg);
/* n divided by CH_HARNESS_SCALE (rounded up), for a test's own loops: the
 * sanitizer run sets it to do fewer, as ch_harness_run does. */
int ch_harness_scaled(int n);
/* A new state of game g (malloc'd; the caller frees it) set up with options
 * kv[0..nkv) from seed; fails the current test if they do not parse. */
void *ch_harness_new_state(const ch_game *g, const char *const *kv, int nkv, uint64_t seed);

#endif
