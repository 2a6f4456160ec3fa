/* Rumino under simulation: the harness over thousands of seeded games for
 * 2-6 players and every variant, the chip ledger checked after every action,
 * golden traces and the heuristic against random play. (Speed: cardhall bench
 * rumino and bench/bench_rumino_meld.c.) */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cardhall/match.h"
#include "cardhall/rumino.h"
#include "golden.h"
#include "harness.h"

/* Mostly heuristic moves (random ones mostly never knock), some random. */
static long harness(const char *const *kv, int nkv, int games, uint64_t seed, const char *bot)
{
    ch_harness_cfg cfg = {&ru_game, kv, nkv, games, seed, 20000, 9, bot, 25};
    long steps = ch_harness_run(&cfg);
    assert_true(steps > games);
    return steps;
}

static void harness_players_2_to_6(void **s)
{
    (void)s;
    static const char *const kv[][1] = {
        {"players=2"}, {"players=3"}, {"players=4"}, {"players=5"}, {"players=6"}};
    for (int i = 0; i < 5; i++)
        harness(kv[i], 1, 120, 1000 + (uint64_t)i * 7919, "heuristic");
}

/* Pure random play, kept finite by the turn cap (RU-V8). */
static void harness_random_with_turn_cap(void **s)
{
    (void)s;
    const char *kv[] = {"players=3", "max_turns_per_hand=40", "elimination_score=60"};
    harness(kv, 3, 60, 555, NULL);
}

static void harness_variants(void **s)
{
    (void)s;
    const char *v1[] = {"players=3", "natural_rumino=true"};
    const char *v2[] = {"players=4", "max_rebuys_total=1"};
    const char *v3[] = {"players=2", "void_on_empty_stock=true", "max_rebuys_total=0"};
    const char *v4[] = {"players=3", "three_gins=true", "knock_limit=0"};
    const char *v5[] = {"players=5", "rumino_claim=true"};
    const char *v6[] = {"players=3", "free_discard=true"};
    const char *v7[] = {"players=4", "starting_chips=6", "ante=2"};
    const char *v8[] = {"players=6", "max_turns_per_hand=12"};
    harness(v1, 2, 60, 11, "heuristic");
    harness(v2, 2, 60, 12, "heuristic");
    harness(v3, 3, 60, 13, "heuristic");
    harness(v4, 3, 40, 14, "heuristic");
    harness(v5, 2, 60, 15, "heuristic");
    harness(v6, 2, 60, 16, "heuristic");
    harness(v7, 3, 60, 17, "heuristic");
    harness(v8, 2, 60, 18, "heuristic");
}

/* RU-80: chips + pool is constant after every action, for 2-6 players and
 * the variants RU-V1..V8 (0 in ledger mode,
 * n * starting_chips in bankroll mode), and bankroll chips never go below 0;
 * every physical card is somewhere. Thousands of games, fast loop. */
static void ledger_balances_every_step(void **s)
{
    (void)s;
    static const char *const configs[][3] = {
        {"players=2", "ante=1", "max_turns_per_hand=200"},
        {"players=3", "ante=3", "max_turns_per_hand=200"},
        {"players=4", "starting_chips=20", "ante=1"},
        {"players=5", "rumino_claim=true", "ante=2"},
        {"players=6", "max_rebuys_total=3", "ante=1"},
        /* The other variants, so every RU-V1..V8 keeps the ledger. */
        {"players=3", "natural_rumino=true", "ante=2"},              /* RU-V1 */
        {"players=2", "void_on_empty_stock=true", "ante=1"},         /* RU-V3 */
        {"players=4", "three_gins=true", "knock_limit=0"},           /* RU-V4 */
        {"players=5", "free_discard=true", "max_turns_per_hand=60"}, /* RU-V6 */
    };
    long games = 0, rebuys = 0;
    for (int c = 0; c < 9; c++) {
        ch_opts o;
        ch_err err;
        assert_int_equal(ch_opts_parse(&o, ru_game.opts, ru_game.n_opts, configs[c], 3, &err),
                         CH_OK);
        ch_bot bots[2];
        assert_int_equal(ch_bot_init(&bots[0], &ru_game, "heuristic", 3, &err), CH_OK);
        assert_int_equal(ch_bot_init(&bots[1], &ru_game, "random", 4, &err), CH_OK);
        int n = ch_harness_scaled(600);
        for (int g = 0; g < n; g++, games++) {
            ru_state st;
            assert_int_equal(ru_game.setup(&st, &o, (uint64_t)(g * 31 + c), NULL, 0, &err), CH_OK);
            long base = st.bankroll ? (long)st.np * st.starting_chips : 0;
            for (int step = 0; st.phase != RU_PH_OVER && step < 20000; step++) {
                int p = st.to_move;
                /* Mostly heuristic, so hands end; some random moves. */
                ch_action a = ch_bot_act(&bots[(g + step) % 5 == 0], &st, p);
                ru_game.apply(&st, a);
                long sum = st.pool;
                int cards = st.nstock + st.ndiscard;
                for (int q = 0; q < st.np; q++) {
                    sum += st.chips[q];
                    cards += st.nhand[q];
                    if (st.bankroll) assert_true(st.chips[q] >= 0);
                }
                assert_int_equal(sum, base);
                assert_int_equal(cards, RU_NCARDS);
            }
            rebuys += st.rebuys;
        }
    }
    assert_true(games > 0);
    assert_true(rebuys > 0); /* the rebuy path was exercised */
}

static void golden_traces(void **s)
{
    (void)s;
    const char *two[] = {"players=2"};
    const char *four[] = {"players=4", "first_dealer=2"};
    const char *six[] = {"players=6", "rumino_claim=true", "max_rebuys_total=2"};
    ch_golden_check(&ru_game, two, 1, 20261122, "tests/golden/rumino-2p.txt");
    ch_golden_check(&ru_game, four, 2, 7, "tests/golden/rumino-4p.txt");
    ch_golden_check(&ru_game, six, 3, 99, "tests/golden/rumino-6p-variants.txt");
}

/* The heuristic against random players, seats rotated: it must win far more
 * than its fair share. */
static void heuristic_beats_random(void **s)
{
    (void)s;
    for (int np = 2; np <= 4; np += 2) {
        ch_opts o;
        ch_err err;
        char kv[32];
        snprintf(kv, sizeof kv, "players=%d", np);
        const char *kvs[] = {kv, "max_turns_per_hand=300"};
        assert_int_equal(ch_opts_parse(&o, ru_game.opts, ru_game.n_opts, kvs, 2, &err), CH_OK);
        ch_bot h, r;
        assert_int_equal(ch_bot_init(&h, &ru_game, "heuristic", 1, &err), CH_OK);
        assert_int_equal(ch_bot_init(&r, &ru_game, "random", 2, &err), CH_OK);
        int games = ch_harness_scaled(200), wins = 0;
        for (int g = 0; g < games; g++) {
            int hseat = g % np;
            ru_state st;
            assert_int_equal(ru_game.setup(&st, &o, (uint64_t)g + 77, NULL, 0, &err), CH_OK);
            for (int k = 0; st.phase != RU_PH_OVER && k < 100000; k++)
                ru_game.apply(&st, ch_bot_act(st.to_move == hseat ? &h : &r, &st, st.to_move));
            wins += st.phase == RU_PH_OVER && (st.winners >> hseat & 1u);
        }
        printf("# rumino heuristic vs random, %d players: %d/%d wins\n", np, wins, games);
        assert_true(wins * 10 >= games * 8); /* fair share would be 1/np */
    }
}

/* Issue 28: "tuned" discards by the mean deadwood after the next draw
 * (rumino_heuristic.c) and so beats the heuristic, which discards by the
 * deadwood now: 55.7 % of 4 000 games in `cardhall ladder` (seed 501).
 * Here 2 000 games, seats alternating; a win rate's standard error over
 * them is about 1.1 points, so 52 % is three below the measure and out of
 * reach of an equal player. */
static void tuned_beats_heuristic(void **s)
{
    (void)s;
    ch_opts o;
    ch_err err;
    const char *kvs[] = {"players=2"};
    assert_int_equal(ch_opts_parse(&o, ru_game.opts, ru_game.n_opts, kvs, 1, &err), CH_OK);
    int games = 2000, wins = 0;
    for (int g = 0; g < games; g++) {
        ch_bot t, h;
        assert_int_equal(ch_bot_init(&t, &ru_game, "tuned", (uint64_t)g, &err), CH_OK);
        assert_int_equal(ch_bot_init(&h, &ru_game, "heuristic", (uint64_t)g + 1, &err), CH_OK);
        int tseat = g % 2;
        ru_state st;
        assert_int_equal(ru_game.setup(&st, &o, (uint64_t)g + 9000, NULL, 0, &err), CH_OK);
        for (int k = 0; st.phase != RU_PH_OVER && k < 100000; k++)
            ru_game.apply(&st, ch_bot_act(st.to_move == tseat ? &t : &h, &st, st.to_move));
        wins += st.phase == RU_PH_OVER && (st.winners >> tseat & 1u);
    }
    printf("# rumino tuned vs heuristic: %d/%d wins\n", wins, games);
    assert_true(wins * 100 >= games * 52);
}

/* Fair play for tuned's look-ahead: at every discard of 40 games, the same
 * view with the hidden cards dealt otherwise (resample) gives the same
 * discard, and the tuned choice differs from the heuristic's somewhere. */
static void tuned_reads_only_the_view(void **s)
{
    (void)s;
    ch_opts o;
    ch_err err;
    const char *kvs[] = {"players=2"};
    assert_int_equal(ch_opts_parse(&o, ru_game.opts, ru_game.n_opts, kvs, 1, &err), CH_OK);
    int discards = 0, differ = 0;
    for (int g = 0; g < 40; g++) {
        ch_bot h;
        assert_int_equal(ch_bot_init(&h, &ru_game, "heuristic", (uint64_t)g, &err), CH_OK);
        ru_state st, other;
        assert_int_equal(ru_game.setup(&st, &o, (uint64_t)g + 500, NULL, 0, &err), CH_OK);
        for (int k = 0; st.phase != RU_PH_OVER && k < 100000; k++) {
            int p = st.to_move;
            if (st.phase == RU_PH_DRAWN) {
                ch_bot t1, t2;
                assert_int_equal(ch_bot_init(&t1, &ru_game, "tuned", 7, &err), CH_OK);
                assert_int_equal(ch_bot_init(&t2, &ru_game, "tuned", 7, &err), CH_OK);
                ch_clone(&ru_game, &other, &st);
                ch_rng r;
                ch_rng_seed(&r, (uint64_t)k + 1, 5);
                ru_game.resample(&other, p, &r);
                ch_action a = ch_bot_act(&t1, &st, p), b = ch_bot_act(&t2, &other, p);
                assert_int_equal(a, b);
                discards++;
                differ += a != ch_bot_act(&h, &st, p);
            }
            ru_game.apply(&st, ch_bot_act(&h, &st, p));
        }
    }
    printf("# rumino tuned: %d discards, %d unlike the heuristic's\n", discards, differ);
    assert_true(discards > 100);
    assert_true(differ > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(harness_players_2_to_6), cmocka_unit_test(harness_random_with_turn_cap),
        cmocka_unit_test(harness_variants),       cmocka_unit_test(ledger_balances_every_step),
        cmocka_unit_test(golden_traces),          cmocka_unit_test(heuristic_beats_random),
        cmocka_unit_test(tuned_beats_heuristic),  cmocka_unit_test(tuned_reads_only_the_view),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
