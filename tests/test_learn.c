/* The learning hooks of issue 26 (docs/spaces.md), game by game: a few
 * action ids pinned to their notation, and tensor cells pinned against
 * positions the games themselves deal from known card orders. Rule IDs name
 * the rule that decides what a seat may know. (The harness checks the
 * general contract at every step of random play: ids in range, unique,
 * round-tripping; tensors whole, finite and unchanged by resampling.) */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cardhall/game.h"
#include "cardhall/racko.h"

/* Sets st up for g from options and an optional order; fails on error. */
static void start(const ch_game *g, void *st, ch_opts *o, const char *const *kv, int nkv,
                  const int *order, int n_order, uint64_t seed)
{
    ch_err err;
    if (ch_opts_parse(o, g->opts, g->n_opts, kv, nkv, &err) != CH_OK) fail_msg("%s", err.msg);
    if (ch_setup(g, st, o, seed, order, n_order, &err) != CH_OK) fail_msg("%s", err.msg);
}

static void act(const ch_game *g, void *st, const char *text)
{
    ch_action a;
    ch_err err;
    if (ch_parse_action(g, st, text, &a, &err) != CH_OK) fail_msg("%s: %s", text, err.msg);
    if (ch_apply(g, st, a, &err) != CH_OK) fail_msg("%s: %s", text, err.msg);
}

/* The id of the legal move whose notation is text. */
static int id_of(const ch_game *g, const void *st, const char *text)
{
    ch_action a;
    ch_err err;
    if (ch_parse_action(g, st, text, &a, &err) != CH_OK) fail_msg("%s: %s", text, err.msg);
    return g->action_id(st, a);
}

/* The notation of the legal move with this id. */
static const char *text_of(const ch_game *g, const void *st, int id)
{
    static char buf[256];
    ch_action *acts = malloc(sizeof *acts * (size_t)g->max_actions), a;
    ch_err err;
    if (ch_action_of_id(g, st, id, acts, &a, &err) != CH_OK) fail_msg("id %d: %s", id, err.msg);
    g->action_text(st, a, buf, sizeof buf);
    free(acts);
    return buf;
}

static int is_legal_id(const ch_game *g, const void *st, int id)
{
    ch_action *acts = malloc(sizeof *acts * (size_t)g->max_actions), a;
    ch_err err;
    int rc = ch_action_of_id(g, st, id, acts, &a, &err);
    free(acts);
    return rc == CH_OK;
}

static int obs_size(const ch_game *g, const ch_opts *o)
{
    int dims[CH_OBS_RANK], size = 1;
    int rank = g->obs_shape(o, dims);
    for (int i = 0; i < rank; i++)
        size *= dims[i];
    return size;
}

/* How many entries of v[0..n) are not 0. */
static int nonzero(const float *v, int n)
{
    int k = 0;
    for (int i = 0; i < n; i++)
        k += v[i] != 0.0f;
    return k;
}

/* ---- Rack-O ---- */

static rk_state RK;
static ch_opts RKO;
static float RKV[RK_OBS_SIZE];

/* Two players, seat 0 deals, cards 1..40 in order (RK-16, RK-17): seat 1
 * (first to move) holds 19 17 .. 1 from #5 to #50, seat 0 holds 20 18 .. 2,
 * the upcard is 21 and the deck 22 (top) .. 40. Neither rack is a Rack-O. */
static void rk_start(void)
{
    static const char *const kv[] = {"players=2", "first_dealer=0"};
    int order[40];
    for (int i = 0; i < 40; i++)
        order[i] = i + 1;
    start(&rk_game, &RK, &RKO, kv, 2, order, 40, 1);
    assert_int_equal(rk_game.to_move(&RK), 1);
}

static const float *rk_rack_plane(const float *v, int rel, int slot)
{
    return v + RK_OB_RACK + (rel * RK_SLOTS + slot) * RK_MAX_CARD;
}

static void racko_ids(void **state)
{
    (void)state;
    rk_start();
    assert_int_equal(rk_game.num_action_ids(&RKO), 15);
    assert_int_equal(id_of(&rk_game, &RK, "draw"), 0);
    assert_int_equal(id_of(&rk_game, &RK, "take"), 1);
    assert_false(is_legal_id(&rk_game, &RK, 2)); /* swap 5: only after draw or take */
    act(&rk_game, &RK, "draw");
    assert_string_equal(text_of(&rk_game, &RK, 2), "swap 5");
    assert_string_equal(text_of(&rk_game, &RK, 11), "swap 50");
    assert_string_equal(text_of(&rk_game, &RK, 12), "discard");
    assert_false(is_legal_id(&rk_game, &RK, 0));
    /* declare and end exist only under optional_declare (RK-V2). */
    assert_false(is_legal_id(&rk_game, &RK, 13));
    assert_false(is_legal_id(&rk_game, &RK, 14));
}

static void racko_observe(void **state)
{
    (void)state;
    rk_start();
    assert_int_equal(obs_size(&rk_game, &RKO), RK_OBS_SIZE);
    assert_int_equal(RK_OBS_SIZE, 2675); /* the table in docs/spaces.md */
    assert_int_equal(RK_OB_RACK, 275);

    /* Seat 1 sees its own rack, slot by slot, and nothing of seat 0's. */
    rk_game.observe(&RK, 1, RKV);
    for (int i = 0; i < RK_SLOTS; i++) {
        const float *plane = rk_rack_plane(RKV, 0, i);
        assert_int_equal(nonzero(plane, RK_MAX_CARD), 1);
        assert_true(plane[RK.rack[1][i] - 1] == 1.0f);
        assert_int_equal(nonzero(rk_rack_plane(RKV, 1, i), RK_MAX_CARD), 0);
    }
    assert_int_equal(RK.rack[1][0], 19);
    assert_true(RKV[RK_OB_MOVER + 0] == 1.0f); /* seat 1 moves: relative seat 0 */
    assert_true(RKV[RK_OB_DEALER + 1] == 1.0f);
    assert_true(RKV[RK_OB_PHASE + RK_PH_START] == 1.0f);
    assert_true(RKV[RK_OB_IS_SEAT] == 1.0f);
    assert_true(RKV[RK_OB_DISC_TOP + 21 - 1] == 1.0f); /* the upcard (RK-17) */
    assert_true(RKV[RK_OB_DECK_COUNT] == 19.0f / 20.0f);
    assert_int_equal(nonzero(RKV + RK_OB_DECK, RK_MAX_CARD), 0); /* deck order hidden */

    /* RK-22/RK-23: a taken card is public; swapped into #5 it stays known
     * to seat 0, and the card it replaced tops the pile. */
    act(&rk_game, &RK, "take");
    rk_game.observe(&RK, 0, RKV);
    assert_true(RKV[RK_OB_HAND_HELD] == 1.0f);
    assert_true(RKV[RK_OB_HAND + 21 - 1] == 1.0f);
    act(&rk_game, &RK, "swap 5");
    rk_game.observe(&RK, 0, RKV);
    assert_true(RKV[RK_OB_HAND_HELD] == 0.0f);
    assert_int_equal(nonzero(rk_rack_plane(RKV, 1, 0), RK_MAX_CARD), 1);
    assert_true(rk_rack_plane(RKV, 1, 0)[21 - 1] == 1.0f);
    assert_int_equal(nonzero(rk_rack_plane(RKV, 1, 1), RK_MAX_CARD), 0);
    assert_true(RKV[RK_OB_DISC_TOP + 19 - 1] == 1.0f);
    assert_true(RKV[RK_OB_MOVER + 0] == 1.0f); /* now seat 0's turn */

    /* RK-22: a card drawn from a hidden deck is the drawer's alone. */
    act(&rk_game, &RK, "draw");
    rk_game.observe(&RK, 0, RKV);
    assert_int_equal(nonzero(RKV + RK_OB_HAND, RK_MAX_CARD), 1);
    assert_true(RKV[RK_OB_HAND + 22 - 1] == 1.0f);
    rk_game.observe(&RK, 1, RKV);
    assert_true(RKV[RK_OB_HAND_HELD] == 1.0f);
    assert_int_equal(nonzero(RKV + RK_OB_HAND, RK_MAX_CARD), 0);
    rk_game.observe(&RK, CH_SPECTATOR, RKV);
    assert_true(RKV[RK_OB_IS_SEAT] == 0.0f);
    assert_true(RKV[RK_OB_MOVER + 0] == 1.0f); /* the spectator's list starts at seat 0 */
    assert_int_equal(nonzero(RKV + RK_OB_HAND, RK_MAX_CARD), 0);
    assert_true(rk_rack_plane(RKV, 1, 0)[21 - 1] == 1.0f);
    assert_int_equal(nonzero(rk_rack_plane(RKV, 0, 0), RK_MAX_CARD), 0);
    act(&rk_game, &RK, "discard");

    /* RK-26: once the deck runs dry the pile turns over in an order
     * everyone knows, so every viewer's tensor carries the deck's order. */
    while (!RK.deck_public) {
        act(&rk_game, &RK, "draw");
        act(&rk_game, &RK, "discard");
    }
    assert_int_equal(RK.hands, 0);
    for (int v = CH_SPECTATOR; v < 2; v++) {
        if (v == CH_ALL) continue;
        rk_game.observe(&RK, v, RKV);
        assert_true(RKV[RK_OB_DECK_PUBLIC] == 1.0f);
        assert_int_equal(nonzero(RKV + RK_OB_DECK, RK_MAX_CARD), RK.ndeck);
        assert_true(RKV[RK_OB_DECK + RK.deck[RK.ndeck - 1] - 1] == 1.0f / 20.0f);
        assert_true(RKV[RK_OB_DECK + RK.deck[0] - 1] == (float)RK.ndeck / 20.0f);
    }
    /* ... and so whatever the mover draws next (RK-26 with RK-22). */
    int top = RK.deck[RK.ndeck - 1], other = 1 - RK.turn;
    act(&rk_game, &RK, "draw");
    rk_game.observe(&RK, other, RKV);
    assert_true(RKV[RK_OB_HAND + top - 1] == 1.0f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(racko_ids),
        cmocka_unit_test(racko_observe),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
