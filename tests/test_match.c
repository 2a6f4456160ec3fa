/* ch_match's history (issue 11): a match keeps checkpoints, not every
 * state, so a game that never ends does not eat all memory; state_at, undo
 * and the record stay exact; a full history fails cleanly with CH_ENOMEM.
 *
 * Rack-O between random players is the long game: nobody orders a rack by
 * chance, so it never ends (cardhall play racko --bots random,random
 * --seed 3 ran until a 24 GiB realloc failed). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include "cardhall/bot.h"
#include "cardhall/match.h"
#include "cardhall/registry.h"

static const ch_game *game(const char *name)
{
    const ch_game *g = ch_game_find(name);
    assert_non_null(g);
    return g;
}

/* Plays n random moves (fewer if the game ends), keeping every state in
 * truth (n + 1 states) when truth is not NULL. */
static int play_random(ch_match *m, ch_bot *b, int n, unsigned char *truth)
{
    const ch_game *g = m->game;
    ch_err err;
    int k = m->n_actions;
    if (truth) memcpy(truth + (size_t)k * g->state_size, ch_match_state(m), g->state_size);
    for (; k < n; k++) {
        const void *st = ch_match_state(m);
        int p = g->to_move(st);
        if (p == CH_TERMINAL) break;
        assert_int_equal(ch_match_apply(m, ch_bot_act(b, st, p), &err), CH_OK);
        if (truth)
            memcpy(truth + (size_t)(k + 1) * g->state_size, ch_match_state(m), g->state_size);
    }
    return k;
}

static void assert_state(const ch_game *g, const void *st, const unsigned char *truth, int k)
{
    assert_non_null(st);
    if (memcmp(st, truth + (size_t)k * g->state_size, g->state_size) != 0)
        fail_msg("state after %d actions differs", k);
}

static size_t heap_in_use(void)
{
#if defined(__GLIBC__) && (__GLIBC__ > 2 || __GLIBC_MINOR__ >= 33)
    struct mallinfo2 mi = mallinfo2();
    return mi.uordblks + mi.hblkhd; /* small blocks, and large ones (mmap) */
#else
    return 0;
#endif
}

/* The bug: 192 bytes a move for Rack-O, without bound. Now about 8 + 3. */
static void never_ending_game_memory_grows_by_the_action_only(void **unused)
{
    (void)unused;
    const ch_game *g = game("racko");
    ch_match m;
    ch_bot b;
    ch_err err;
    const int n = 100000;
    const char *kv[] = {"players=2"};
    assert_int_equal(ch_bot_init(&b, g, "random", 3, &err), CH_OK);
    size_t before = heap_in_use();
    assert_int_equal(ch_match_init(&m, g, kv, 1, 3, NULL, 0, &err), CH_OK);
    assert_int_equal(play_random(&m, &b, n, NULL), n); /* random Rack-O never ends */
    size_t after = heap_in_use();
    /* Doubling growth may leave up to half of each buffer empty: 2 x 11. */
    size_t bound = (size_t)n * 2 * (sizeof(ch_action) + g->state_size / CH_MATCH_CHECKPOINT + 1) +
                   8 * g->state_size + 4096;
    if (before || after) { /* 0 under sanitizers: they keep their own books */
        if (after - before > bound)
            fail_msg("%zu bytes for %d moves (bound %zu)", after - before, n, bound);
    }
    ch_match_free(&m);
}

/* Every state_at(k) is the state after k actions, in any order of asking,
 * and two pointers (k and k + 1) stay valid together, as front ends use them
 * to show a hand's end. */
static void state_at_is_exact_in_any_order(void **unused)
{
    (void)unused;
    const ch_game *g = game("ragamaru");
    ch_match m;
    ch_bot b;
    ch_err err;
    const int n = 700;
    const char *kv[] = {"players=3"};
    unsigned char *truth = malloc(g->state_size * (size_t)(n + 1));
    assert_non_null(truth);
    assert_int_equal(ch_bot_init(&b, g, "random", 11, &err), CH_OK);
    assert_int_equal(ch_match_init(&m, g, kv, 1, 11, NULL, 0, &err), CH_OK);
    int played = play_random(&m, &b, n, truth);
    assert_true(played > 3 * CH_MATCH_CHECKPOINT);
    for (int k = 0; k < played; k++) {
        const void *a = ch_match_state_at(&m, k), *c = ch_match_state_at(&m, k + 1);
        assert_state(g, a, truth, k);
        assert_state(g, c, truth, k + 1);
    }
    for (int k = played; k >= 0; k--)
        assert_state(g, ch_match_state_at(&m, k), truth, k);
    ch_rng rng;
    ch_rng_seed(&rng, 5, 1);
    for (int i = 0; i < 500; i++) {
        int k = (int)ch_rng_below(&rng, (uint32_t)played + 1);
        assert_state(g, ch_match_state_at(&m, k), truth, k);
    }
    assert_null(ch_match_state_at(&m, -1));
    assert_null(ch_match_state_at(&m, played + 1));
    assert_state(g, ch_match_state(&m), truth, played);
    ch_match_free(&m);
    free(truth);
}

/* A counting wrapper around a real game's apply. */
static const ch_game *counted_base;
static long applies;

static void counted_apply(void *st, ch_action a)
{
    applies++;
    counted_base->apply(st, a);
}

/* Front ends list the whole history (engine "history", replay, play's
 * news): walking k = 0..n must cost O(n) applies, not O(n * checkpoint). */
static void walking_the_history_costs_one_apply_a_step(void **unused)
{
    (void)unused;
    counted_base = game("racko");
    ch_game g = *counted_base;
    g.apply = counted_apply;
    ch_match m;
    ch_bot b;
    ch_err err;
    const int n = 5000;
    assert_int_equal(ch_bot_init(&b, &g, "random", 7, &err), CH_OK);
    assert_int_equal(ch_match_init(&m, &g, NULL, 0, 7, NULL, 0, &err), CH_OK);
    assert_int_equal(play_random(&m, &b, n, NULL), n);
    applies = 0;
    for (int k = 0; k < n; k++) {
        assert_non_null(ch_match_state_at(&m, k));
        assert_non_null(ch_match_state_at(&m, k + 1));
    }
    assert_true(applies <= n + CH_MATCH_CHECKPOINT);
    applies = 0;
    json_t *rec = ch_match_record(&m); /* walks the same way */
    assert_non_null(rec);
    json_decref(rec);
    assert_true(applies <= n + CH_MATCH_CHECKPOINT);
    ch_match_free(&m);
}

/* Undo steps back exactly across checkpoints; after an undo, another action
 * replaces the old one everywhere (checkpoint, cursor, record). */
static void undo_is_exact_across_checkpoints(void **unused)
{
    (void)unused;
    const ch_game *g = game("racko");
    ch_match m;
    ch_bot b;
    ch_err err;
    const int n = 3 * CH_MATCH_CHECKPOINT + 5;
    unsigned char *truth = malloc(g->state_size * (size_t)(n + 1));
    assert_non_null(truth);
    assert_int_equal(ch_bot_init(&b, g, "random", 21, &err), CH_OK);
    assert_int_equal(ch_match_init(&m, g, NULL, 0, 21, NULL, 0, &err), CH_OK);
    assert_int_equal(play_random(&m, &b, n, truth), n);
    /* Back to the start one undo at a time, with states asked on the way. */
    for (int k = n - 1; k >= 0; k--) {
        assert_state(g, ch_match_state_at(&m, k / 2), truth, k / 2);
        assert_int_equal(ch_match_undo(&m, &err), CH_OK);
        assert_int_equal(m.n_actions, k);
        assert_state(g, ch_match_state(&m), truth, k);
    }
    assert_int_equal(ch_match_undo(&m, &err), CH_ESTATE);
    /* Replay to one past a checkpoint, look at it, then take a different
     * action at the checkpoint itself. */
    const int c = 2 * CH_MATCH_CHECKPOINT;
    for (int k = 0; k <= c; k++) {
        ch_action a = 0;
        ch_action acts[64];
        int na = g->legal(truth + (size_t)k * g->state_size, acts);
        /* Find the action that led to truth[k + 1]. */
        for (int i = 0; i < na; i++) {
            unsigned char next[1024];
            assert_true(g->state_size <= sizeof next);
            memcpy(next, truth + (size_t)k * g->state_size, g->state_size);
            g->apply(next, acts[i]);
            if (memcmp(next, truth + (size_t)(k + 1) * g->state_size, g->state_size) == 0) {
                a = acts[i];
                break;
            }
        }
        assert_int_equal(ch_match_apply(&m, a, &err), CH_OK);
    }
    assert_state(g, ch_match_state_at(&m, c), truth, c);
    assert_state(g, ch_match_state_at(&m, c - 1), truth, c - 1);
    assert_int_equal(ch_match_undo(&m, &err), CH_OK);
    assert_int_equal(ch_match_undo(&m, &err), CH_OK); /* now at c - 1 */
    ch_action acts[64];
    int na = g->legal(ch_match_state(&m), acts);
    unsigned char alt[1024];
    ch_action other = 0;
    for (int i = 0; i < na; i++) {
        memcpy(alt, ch_match_state(&m), g->state_size);
        g->apply(alt, acts[i]);
        if (memcmp(alt, truth + (size_t)c * g->state_size, g->state_size) != 0) {
            other = acts[i];
            break;
        }
    }
    assert_int_equal(ch_match_apply(&m, other, &err), CH_OK); /* completes checkpoint 2 */
    assert_memory_equal(ch_match_state_at(&m, c), alt, g->state_size);
    assert_memory_equal(ch_match_state(&m), alt, g->state_size);
    assert_state(g, ch_match_state_at(&m, c - 1), truth, c - 1);
    /* The record replays to the new line of play. */
    json_t *rec = ch_match_record(&m);
    ch_match r;
    assert_int_equal(ch_match_from_record(&r, g, rec, &err), CH_OK);
    assert_memory_equal(ch_match_state(&r), alt, g->state_size);
    ch_match_free(&r);
    json_decref(rec);
    ch_match_free(&m);
    free(truth);
}

/* A full history (here a small mem_limit standing in for a failing malloc)
 * refuses the move with CH_ENOMEM and changes nothing; the record of what
 * was played is still written and replays; undo still works. */
static void out_of_memory_keeps_the_match_and_its_record(void **unused)
{
    (void)unused;
    const ch_game *g = game("racko");
    ch_match m;
    ch_bot b;
    ch_err err;
    assert_int_equal(ch_bot_init(&b, g, "random", 3, &err), CH_OK);
    assert_int_equal(ch_match_init(&m, g, NULL, 0, 3, NULL, 0, &err), CH_OK);
    m.mem_limit = 4096;
    int played = 0, rc = CH_OK;
    unsigned char before[1024];
    while (rc == CH_OK) {
        const void *st = ch_match_state(&m);
        memcpy(before, st, g->state_size);
        rc = ch_match_apply(&m, ch_bot_act(&b, st, g->to_move(st)), &err);
        played += rc == CH_OK;
        assert_true(played < 4096 / (int)sizeof(ch_action));
    }
    assert_int_equal(rc, CH_ENOMEM);
    assert_non_null(strstr(err.msg, "out of memory"));
    assert_true(played > CH_MATCH_CHECKPOINT);
    assert_int_equal(m.n_actions, played);
    assert_memory_equal(ch_match_state(&m), before, g->state_size);
    size_t used = sizeof(ch_action) * (size_t)m.cap + g->state_size * (size_t)m.ckpt_cap;
    assert_true(used <= m.mem_limit);

    json_t *rec = ch_match_record(&m);
    assert_non_null(rec);
    assert_int_equal((int)json_array_size(json_object_get(rec, "actions")), played);
    ch_match r;
    assert_int_equal(ch_match_from_record(&r, g, rec, &err), CH_OK);
    assert_memory_equal(ch_match_state(&r), before, g->state_size);
    ch_match_free(&r);
    json_decref(rec);

    assert_int_equal(ch_match_undo(&m, &err), CH_OK);
    assert_int_equal(m.n_actions, played - 1);
    m.mem_limit = CH_MATCH_MEM_LIMIT; /* room again: play goes on */
    assert_int_equal(play_random(&m, &b, played + 100, NULL), played + 100);
    ch_match_free(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(never_ending_game_memory_grows_by_the_action_only),
        cmocka_unit_test(state_at_is_exact_in_any_order),
        cmocka_unit_test(walking_the_history_costs_one_apply_a_step),
        cmocka_unit_test(undo_is_exact_across_checkpoints),
        cmocka_unit_test(out_of_memory_keeps_the_match_and_its_record),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
