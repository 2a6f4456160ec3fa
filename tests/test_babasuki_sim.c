/* Draft Babasuki under the random-simulation harness (every player count and
 * option), golden traces, the heuristic against random, and simultaneous
 * choices staying hidden. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cardhall/babasuki.h"
#include "cardhall/match.h"
#include "golden.h"
#include "harness.h"

static void run(const char *const *kv, int nkv, int games, uint64_t seed, int deep_every)
{
    ch_harness_cfg cfg = {.game = &db_game,
                          .kv = kv,
                          .nkv = nkv,
                          .games = games,
                          .seed = seed,
                          .deep_every = deep_every};
    long steps = ch_harness_run(&cfg);
    assert_true(steps > games);
}

static void harness_2_players(void **st)
{
    (void)st;
    const char *kv[] = {"players=2"};
    run(kv, 1, 300, 1000, 3);
}

static void harness_3_players(void **st)
{
    (void)st;
    const char *kv[] = {"players=3"};
    run(kv, 1, 250, 2000, 4);
}

static void harness_4_players(void **st)
{
    (void)st;
    const char *kv[] = {"players=4"};
    run(kv, 1, 250, 3000, 4);
}

static void harness_5_players(void **st)
{
    (void)st;
    const char *kv[] = {"players=5"};
    run(kv, 1, 200, 4000, 5);
}

static void harness_6_players(void **st)
{
    (void)st;
    const char *kv[] = {"players=6"};
    run(kv, 1, 200, 5000, 5);
}

/* DB-V1..V6 together and apart. */
static void harness_options(void **st)
{
    (void)st;
    const char *a[] = {"players=3", "target_arranges=true", "sudden_death=true"};
    run(a, 3, 150, 6000, 4);
    const char *b[] = {"players=2", "target_arranges=true", "one_shot=true"};
    run(b, 3, 300, 7000, 1);
    const char *c[] = {"players=5", "one_shot=true"};
    run(c, 2, 300, 8000, 1);
    const char *d[] = {"players=4", "target_score=30", "max_rounds=2", "first_dealer=3"};
    run(d, 4, 200, 9000, 2);
    const char *e[] = {"players=6", "target_arranges=true", "sudden_death=true", "target_score=40"};
    run(e, 4, 150, 10000, 3);
    char cards[512];
    snprintf(cards, sizeof cards, "cards=%s/tests/data/babasuki/relaxed.csv",
             getenv("CH_SOURCE_DIR") ? getenv("CH_SOURCE_DIR") : ".");
    const char *f[] = {"players=3", "relaxed=true", cards};
    run(f, 3, 150, 11000, 3);
}

static void golden_traces(void **st)
{
    (void)st;
    const char *a[] = {"players=3"};
    ch_golden_check(&db_game, a, 1, 42, "tests/golden/babasuki-3p.txt");
    const char *b[] = {"players=2", "target_arranges=true", "one_shot=true"};
    ch_golden_check(&db_game, b, 3, 7, "tests/golden/babasuki-2p-arrange-oneshot.txt");
    const char *c[] = {"players=6", "sudden_death=true", "target_score=40"};
    /* Seed 9 ties at the top after round 3 (DB-V1 plays round 4). */
    ch_golden_check(&db_game, c, 3, 9, "tests/golden/babasuki-6p-sudden.txt");
}

/* Plays one game; seat `hero` uses the heuristic, the others random. */
static unsigned play_one(const char *const *kv, int nkv, uint64_t seed, int hero)
{
    ch_match m;
    ch_err err;
    assert_int_equal(ch_match_init(&m, &db_game, kv, nkv, seed, NULL, 0, &err), CH_OK);
    ch_bot h, r;
    assert_int_equal(ch_bot_init(&h, &db_game, "heuristic", seed, &err), CH_OK);
    assert_int_equal(ch_bot_init(&r, &db_game, "random", seed + 1, &err), CH_OK);
    int p;
    while ((p = db_game.to_move(ch_match_state(&m))) != CH_TERMINAL) {
        ch_action a = ch_bot_act(p == hero ? &h : &r, ch_match_state(&m), p);
        assert_int_equal(ch_match_apply(&m, a, &err), CH_OK);
    }
    ch_result res;
    db_game.result(ch_match_state(&m), &res);
    ch_match_free(&m);
    return res.winners;
}

static void heuristic_beats_random(void **st)
{
    (void)st;
    for (int n = 2; n <= 6; n++) {
        char players[16];
        snprintf(players, sizeof players, "players=%d", n);
        const char *kv[] = {players};
        int games = 200, wins = 0;
        for (int g = 0; g < games; g++) {
            int hero = g % n; /* seats rotated */
            wins += (play_one(kv, 1, 500 + (uint64_t)g, hero) >> hero & 1) != 0;
        }
        double fair = (double)games / n;
        print_message("babasuki %d players: heuristic won %d of %d (fair share %.0f)\n", n, wins,
                      games, fair);
        assert_true(wins > 1.3 * fair);
    }
}

/* A seat's draft choice is invisible to every other seat until revealed:
 * views, census and action names show nothing of it. */
static void draft_choice_stays_hidden(void **st)
{
    (void)st;
    const char *kv[] = {"players=4", "first_dealer=0"};
    ch_match m;
    ch_err err;
    assert_int_equal(ch_match_init(&m, &db_game, kv, 2, 77, NULL, 0, &err), CH_OK);
    const db_state *s = ch_match_state(&m);
    int p = s->mover;
    ch_action acts[DB_MAXHAND];
    int n = db_game.legal(s, acts);
    json_t *before[DB_MAXP];
    for (int q = 0; q < 4; q++)
        before[q] = db_game.view_json(s, q);
    char other[128], own[128];
    db_game.action_name(s, acts[2], (p + 1) % 4, CH_LANG_EN, other, sizeof other);
    db_game.action_name(s, acts[2], p, CH_LANG_EN, own, sizeof own);
    assert_non_null(strstr(other, "Choose a card"));
    assert_null(strstr(own, "Choose a card"));
    /* Two different choices look the same to everyone else. */
    db_state a = *s, b = *s;
    db_game.apply(&a, acts[0]);
    db_game.apply(&b, acts[n - 1]);
    for (int q = 0; q < 4; q++) {
        json_t *va = db_game.view_json(&a, q), *vb = db_game.view_json(&b, q);
        if (q == p)
            assert_false(json_equal(va, vb));
        else
            assert_true(json_equal(va, vb));
        json_decref(va);
        json_decref(vb);
        json_decref(before[q]);
    }
    ch_match_free(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(harness_2_players),
        cmocka_unit_test(harness_3_players),
        cmocka_unit_test(harness_4_players),
        cmocka_unit_test(harness_5_players),
        cmocka_unit_test(harness_6_players),
        cmocka_unit_test(harness_options),
        cmocka_unit_test(golden_traces),
        cmocka_unit_test(heuristic_beats_random),
        cmocka_unit_test(draft_choice_stays_hidden),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
