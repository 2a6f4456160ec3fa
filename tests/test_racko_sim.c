/* Rack-O under the random-simulation harness (every player count and
 * variant), golden traces, and the heuristic against random play. Random
 * play alone almost never completes a rack, so most harness games are
 * driven by the heuristic with a share of random moves mixed in. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "cardhall/racko.h"
#include "golden.h"
#include "harness.h"

static void run(const char *const *kv, int nkv, int games, uint64_t seed)
{
    ch_harness_cfg cfg = {.game = &rk_game,
                          .kv = kv,
                          .nkv = nkv,
                          .games = games,
                          .seed = seed,
                          .deep_every = 10,
                          .bot = "heuristic",
                          .explore = 25};
    assert_true(ch_harness_run(&cfg) > games);
}

static void harness_2p(void **st)
{
    (void)st;
    const char *kv[] = {"players=2", "target_score=100"};
    run(kv, 2, 200, 1000);
}

static void harness_3p(void **st)
{
    (void)st;
    const char *kv[] = {"players=3", "target_score=100"};
    run(kv, 2, 120, 2000);
}

static void harness_4p(void **st)
{
    (void)st;
    const char *kv[] = {"players=4", "target_score=100"};
    run(kv, 2, 80, 3000);
}

/* RK-V1 .. RK-V5 under the harness. (Game counts were cut by 2.5 when the
 * harness began checking every viewer's events, summaries and choices.) */
static void harness_variants(void **st)
{
    (void)st;
    const char *bonus[] = {"players=3", "target_score=200", "bonus_racko=true"};
    run(bonus, 3, 60, 4000);
    const char *opt[] = {"players=2", "target_score=200", "two_player_rule=optional_declare",
                         "bonus_racko=true"};
    run(opt, 4, 60, 5000);
    const char *runreq[] = {"players=2", "target_score=150", "two_player_rule=run_required"};
    run(runreq, 3, 60, 6000);
    const char *team[] = {"players=4", "target_score=150", "partnership=true"};
    run(team, 3, 40, 7000);
    const char *tie[] = {"players=2", "target_score=100", "tie_rule=play_on"};
    run(tie, 3, 80, 8000);
    const char *cap[] = {"players=3", "target_score=100", "max_turns_per_round=12"};
    run(cap, 3, 60, 9000);
}

/* Purely random play: long rounds, many turnovers of the discard pile. */
static void harness_random_play(void **st)
{
    (void)st;
    const char *kv[] = {"players=2"};
    ch_harness_cfg cfg = {.game = &rk_game,
                          .kv = kv,
                          .nkv = 1,
                          .games = 60,
                          .seed = 11,
                          .max_steps = 600,
                          .deep_every = 5};
    assert_true(ch_harness_run(&cfg) >= 60 * 600 / 8);
    const char *kv4[] = {"players=4", "partnership=true", "max_turns_per_round=40"};
    ch_harness_cfg cfg4 = {.game = &rk_game,
                           .kv = kv4,
                           .nkv = 3,
                           .games = 40,
                           .seed = 12,
                           .max_steps = 600,
                           .deep_every = 5};
    assert_true(ch_harness_run(&cfg4) > 0);
}

static void golden_traces(void **st)
{
    (void)st;
    const char *two[] = {"players=2", "target_score=150"};
    ch_golden_check(&rk_game, two, 2, 42, "tests/golden/racko-2p.txt");
    const char *three[] = {"players=3", "target_score=200", "bonus_racko=true"};
    ch_golden_check(&rk_game, three, 3, 7, "tests/golden/racko-3p-bonus.txt");
    const char *four[] = {"players=4", "target_score=150", "partnership=true"};
    ch_golden_check(&rk_game, four, 3, 2026, "tests/golden/racko-4p-partnership.txt");
}

/* Plays games between bots a (seat `a_seat`) and b; returns a's wins. */
static int duel(const char *a, const char *b, int games, int players)
{
    char pl[16];
    snprintf(pl, sizeof pl, "players=%d", players);
    const char *kv[] = {pl};
    ch_opts o;
    ch_err err;
    assert_int_equal(ch_opts_parse(&o, rk_game.opts, rk_game.n_opts, kv, 1, &err), CH_OK);
    int wins = 0;
    for (int g = 0; g < games; g++) {
        rk_state s;
        assert_int_equal(ch_setup(&rk_game, &s, &o, (uint64_t)g, NULL, 0, &err), CH_OK);
        int seat_a = g % players;
        ch_bot bots[2];
        assert_int_equal(ch_bot_init(&bots[0], &rk_game, a, (uint64_t)g, &err), CH_OK);
        assert_int_equal(ch_bot_init(&bots[1], &rk_game, b, (uint64_t)g + 1, &err), CH_OK);
        for (int step = 0; rk_game.to_move(&s) != CH_TERMINAL; step++) {
            assert_true(step < 200000);
            int p = rk_game.to_move(&s);
            rk_game.apply(&s, ch_bot_act(&bots[p == seat_a ? 0 : 1], &s, p));
        }
        ch_result r;
        rk_game.result(&s, &r);
        wins += (r.winners >> seat_a) & 1u;
    }
    return wins;
}

/* The heuristic must beat random play decisively (seats rotated). */
static void heuristic_beats_random(void **st)
{
    (void)st;
    int games = 100;
    int wins = duel("heuristic", "random", games, 2);
    print_message("heuristic vs random (2 players): %d / %d\n", wins, games);
    assert_true(wins >= games * 9 / 10);
    wins = duel("heuristic", "random", 60, 4);
    print_message("heuristic vs 3 random (4 players): %d / 60\n", wins);
    assert_true(wins >= 60 * 9 / 10);
}

/* The tuned heuristic (issue 28: the search players' own rollout player)
 * is stronger than the heuristic: 64.1 % of 16 000 games to 200 points in
 * `cardhall ladder` (seed 501). Here 2 000 games to the default 500, seats
 * rotated: it wins 71.9 %; a win rate's standard error over them is about
 * 1.1 points. 66 % asks for its rack evaluation by expected draws: with the
 * old weights alone (band and kept count, no draws) it won 59 %. */
static void tuned_beats_heuristic(void **st)
{
    (void)st;
    int games = 2000;
    int wins = duel("tuned", "heuristic", games, 2);
    print_message("tuned vs heuristic (2 players): %d / %d\n", wins, games);
    assert_true(wins >= games * 66 / 100);
}

/* RK-V1, RK-V2: the heuristic playing itself finishes every game, even when
 * only a run or a bonus makes a rack worth declaring (such games once
 * looped for ever on ordered racks that could not be declared). */
static void heuristic_games_end(void **st)
{
    (void)st;
    const char *rules[][2] = {{"players=2", "two_player_rule=run_required"},
                              {"players=2", "bonus_racko=true"},
                              {"players=2", "two_player_rule=optional_declare"}};
    for (int v = 0; v < 3; v++) {
        ch_opts o;
        ch_err err;
        assert_int_equal(ch_opts_parse(&o, rk_game.opts, rk_game.n_opts, rules[v], 2, &err), CH_OK);
        for (int g = 0; g < 300; g++) {
            rk_state s;
            assert_int_equal(ch_setup(&rk_game, &s, &o, 1000 + (uint64_t)g, NULL, 0, &err), CH_OK);
            ch_bot bots[2];
            for (int p = 0; p < 2; p++)
                assert_int_equal(
                    ch_bot_init(&bots[p], &rk_game, "heuristic", (uint64_t)(g * 2 + p), &err),
                    CH_OK);
            int step = 0;
            for (; step < 20000 && rk_game.to_move(&s) != CH_TERMINAL; step++) {
                int p = rk_game.to_move(&s);
                rk_game.apply(&s, ch_bot_act(&bots[p], &s, p));
            }
            assert_int_equal(rk_game.to_move(&s), CH_TERMINAL);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(harness_2p),
        cmocka_unit_test(harness_3p),
        cmocka_unit_test(harness_4p),
        cmocka_unit_test(harness_variants),
        cmocka_unit_test(harness_random_play),
        cmocka_unit_test(golden_traces),
        cmocka_unit_test(heuristic_beats_random),
        cmocka_unit_test(tuned_beats_heuristic),
        cmocka_unit_test(heuristic_games_end),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
