/* RAGAMARU simulations: the harness over many seeded games for every player
 * count and every variant, golden traces, and the heuristic against random. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cardhall/match.h"
#include "cardhall/ragamaru.h"
#include "golden.h"
#include "harness.h"

/* Each configuration gets many uniformly random games, cut at 300 actions
 * (random players hoard cards, so whole random games run to thousands of
 * actions and would only repeat the same states), plus games steered by the
 * heuristic with 30% random moves, which reach the endings: going out,
 * team wins, dry decks. Deep checks (replay, resample, every action text)
 * run every 97th step. */
static void run(const char *const *kv, int nkv, int random_games, int steered_games, uint64_t seed)
{
    ch_harness_cfg rnd = {.game = &rg_game,
                          .kv = kv,
                          .nkv = nkv,
                          .games = random_games,
                          .seed = seed,
                          .max_steps = 300,
                          .deep_every = 97};
    ch_harness_cfg bot = {.game = &rg_game,
                          .kv = kv,
                          .nkv = nkv,
                          .games = steered_games,
                          .seed = seed + 500000,
                          .max_steps = 3000,
                          .deep_every = 97,
                          .bot = "heuristic",
                          .explore = 30};
    assert_true(ch_harness_run(&rnd) >= random_games / 8);
    if (steered_games) assert_true(ch_harness_run(&bot) >= steered_games / 8);
}

static void run1(const char *opt, int random_games, int steered_games, uint64_t seed)
{
    const char *kv[] = {opt};
    run(kv, 1, random_games, steered_games, seed);
}

static void harness_2_players(void **s)
{
    (void)s;
    run1("players=2", 1000, 500, 1000);
}

static void harness_3_players(void **s)
{
    (void)s;
    run1("players=3", 1000, 500, 2000);
}

static void harness_4_players(void **s)
{
    (void)s;
    run1("players=4", 1000, 500, 3000);
}

static void harness_5_and_7_players(void **s)
{
    (void)s;
    run1("players=5", 300, 100, 3500);
    run1("players=7", 300, 30, 3700);
}

static void harness_6_players(void **s)
{
    (void)s;
    run1("players=6", 1000, 300, 4000);
}

/* Eight players keep almost every card in hand: steered games run long. */
static void harness_8_players(void **s)
{
    (void)s;
    run1("players=8", 1000, 50, 5000);
}

/* RG-V1, RG-V2: the four decks. */
static void harness_decks_v1_v2(void **s)
{
    (void)s;
    const char *a[] = {"players=3", "deck=beginner"};
    const char *b[] = {"players=5", "deck=advanced_noloop"};
    const char *c[] = {"players=7", "deck=beginner_noloop"};
    const char *d[] = {"players=2", "deck=beginner"};
    run(a, 2, 250, 200, 11000);
    run(b, 2, 250, 100, 12000);
    run(c, 2, 250, 40, 13000);
    run(d, 2, 250, 200, 13500);
}

/* RG-V3: every team layout. */
static void harness_teams_v3(void **s)
{
    (void)s;
    const char *a[] = {"players=4", "teams=2"};
    const char *b[] = {"players=6", "teams=2"};
    const char *c[] = {"players=6", "teams=3"};
    const char *d[] = {"players=8", "teams=2"};
    const char *e[] = {"players=8", "teams=4"};
    run(a, 2, 250, 300, 14000);
    run(b, 2, 250, 100, 15000);
    run(c, 2, 250, 100, 16000);
    run(d, 2, 250, 30, 17000);
    run(e, 2, 250, 30, 18000);
}

/* RG-V4 .. RG-V7. */
static void harness_variants_v4_to_v7(void **s)
{
    (void)s;
    const char *a[] = {"players=4", "unlimited_multiples=true"};
    const char *b[] = {"players=3", "strict_draw=true"};
    const char *c[] = {"players=4", "free_advantage=true"};
    const char *d[] = {"players=2", "max_arrivals=150"};
    const char *e[] = {"players=6", "unlimited_multiples=true", "strict_draw=true",
                       "free_advantage=true", "teams=3"};
    run(a, 2, 250, 300, 19000);
    run(b, 2, 250, 300, 20000);
    run(c, 2, 250, 300, 21000);
    run(d, 2, 250, 300, 22000);
    run(e, 5, 250, 100, 23000);
}

/* RG-V7 ends every game within the cap, as a draw when nobody went out. */
static void v7_cap_ends_random_games(void **s)
{
    (void)s;
    for (uint64_t seed = 1; seed <= 200; seed++) {
        ch_match m;
        ch_err err;
        const char *kv[] = {"players=3", "max_arrivals=40"};
        assert_int_equal(ch_match_init(&m, &rg_game, kv, 2, seed, NULL, 0, &err), CH_OK);
        ch_bot b;
        assert_int_equal(ch_bot_init(&b, &rg_game, "random", seed, &err), CH_OK);
        int steps = 0;
        while (rg_game.to_move(ch_match_state(&m)) != CH_TERMINAL) {
            const void *st = ch_match_state(&m);
            assert_int_equal(ch_match_apply(&m, ch_bot_act(&b, st, rg_game.to_move(st)), &err),
                             CH_OK);
            steps++;
        }
        const rg_state *st = ch_match_state(&m);
        assert_true(st->arrivals <= 40);
        if (st->winner < 0) assert_int_equal(st->arrivals, 40);
        ch_tally tl[CH_MAX_TALLY];
        assert_int_equal(rg_game.tally(st, tl), 7);
        assert_string_equal(tl[1].name, "turn_cap_end");
        assert_int_equal(tl[1].value, st->winner < 0 && st->dry_passed != 7);
        assert_int_equal(tl[3].value, st->arrivals);
        ch_match_free(&m);
    }
}

static void golden_traces(void **s)
{
    (void)s;
    const char *a[] = {"players=3"};
    const char *b[] = {"players=4", "teams=2", "first_player=1"};
    const char *c[] = {"players=2", "deck=beginner_noloop", "unlimited_multiples=true"};
    ch_golden_check(&rg_game, a, 1, 7, "tests/golden/ragamaru-3p.txt");
    ch_golden_check(&rg_game, b, 3, 11, "tests/golden/ragamaru-teams.txt");
    ch_golden_check(&rg_game, c, 3, 5, "tests/golden/ragamaru-2p-beginner.txt");
}

/* The heuristic in every seat position against random players. */
static double heuristic_win_rate(int np, int games)
{
    int wins = 0;
    for (int g = 0; g < games; g++) {
        int hseat = g % np;
        ch_bot bots[CH_MAX_PLAYERS];
        ch_err err;
        for (int p = 0; p < np; p++)
            assert_int_equal(ch_bot_init(&bots[p], &rg_game, p == hseat ? "heuristic" : "random",
                                         77 + g * 8 + p, &err),
                             CH_OK);
        char kv0[16];
        snprintf(kv0, sizeof kv0, "players=%d", np);
        const char *kv[] = {kv0, "max_arrivals=5000"};
        ch_opts o;
        assert_int_equal(ch_opts_parse(&o, rg_game.opts, rg_game.n_opts, kv, 2, &err), CH_OK);
        rg_state st;
        assert_int_equal(rg_game.setup(&st, &o, 900 + (uint64_t)g, NULL, 0, &err), CH_OK);
        while (rg_game.to_move(&st) != CH_TERMINAL) {
            int p = rg_game.to_move(&st);
            rg_game.apply(&st, ch_bot_act(&bots[p], &st, p));
        }
        wins += st.winner == hseat;
    }
    return (double)wins / games;
}

static void heuristic_beats_random(void **s)
{
    (void)s;
    double two = heuristic_win_rate(2, 120), four = heuristic_win_rate(4, 120);
    printf("heuristic vs random: 2 players %.0f%% (fair 50%%), 4 players %.0f%% (fair 25%%)\n",
           100 * two, 100 * four);
    assert_true(two >= 0.75);
    assert_true(four >= 0.55);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(harness_2_players),
        cmocka_unit_test(harness_3_players),
        cmocka_unit_test(harness_4_players),
        cmocka_unit_test(harness_5_and_7_players),
        cmocka_unit_test(harness_6_players),
        cmocka_unit_test(harness_8_players),
        cmocka_unit_test(harness_decks_v1_v2),
        cmocka_unit_test(harness_teams_v3),
        cmocka_unit_test(harness_variants_v4_to_v7),
        cmocka_unit_test(v7_cap_ends_random_games),
        cmocka_unit_test(golden_traces),
        cmocka_unit_test(heuristic_beats_random),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
