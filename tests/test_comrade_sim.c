/* Comrade under simulation: the harness over thousands of seeded series for
 * every version and variant, golden traces, the heuristic team against the
 * random team. (Speed: cardhall bench comrade.) */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cardhall/bot.h"
#include "cardhall/comrade.h"
#include "golden.h"
#include "harness.h"

static void run_with(const char *const *kv, int nkv, int games, uint64_t seed, int deep_every,
                     const char *bot)
{
    ch_harness_cfg cfg = {.game = &cm_game,
                          .kv = kv,
                          .nkv = nkv,
                          .games = games,
                          .seed = seed,
                          .deep_every = deep_every,
                          .bot = bot,
                          .explore = 10};
    long steps = ch_harness_run(&cfg);
    /* Every deal takes at least one bidding action. */
    assert_true(steps >= games / 8);
}

static void run(const char *const *kv, int nkv, int games, uint64_t seed, int deep_every)
{
    run_with(kv, nkv, games, seed, deep_every, NULL);
}

/* Random teams seldom play a deal to its end; the heuristic does, so the
 * checks also see late tricks, leftovers and won deals. */
static void harness_heuristic_play(void **s)
{
    (void)s;
    run_with(NULL, 0, 40, 7000, 3, "heuristic");
    const char *kv[] = {"players=3"};
    run_with(kv, 1, 30, 8000, 3, "heuristic");
}

/* CM-1, CM-6, CM-29: full five-deal series. */
static void harness_base_series(void **s)
{
    (void)s;
    run(NULL, 0, 3000, 1000, 5);
}

static void harness_ace_low_cm_v1(void **s)
{
    (void)s;
    const char *kv[] = {"ace_high=false"};
    run(kv, 1, 1500, 2000, 5);
}

/* Safe bids reach the trick phase far more often, so play gets covered too. */
static void harness_safe_bids_cm_v2(void **s)
{
    (void)s;
    const char *kv[] = {"safe_bids=true"};
    run(kv, 1, 1500, 3000, 5);
}

static void harness_three_players_cm_v3(void **s)
{
    (void)s;
    const char *kv[] = {"players=3", "safe_bids=true"};
    run(kv, 1, 1500, 4000, 5);
    const char *kv2[] = {"players=3"};
    run(kv2, 1, 1000, 4500, 5);
}

static void harness_series_length_cm_v4(void **s)
{
    (void)s;
    const char *kv[] = {"deals=1", "dealer=2"};
    run(kv, 2, 2000, 5000, 3);
    const char *kv2[] = {"deals=8", "safe_bids=true", "ace_high=false"};
    run(kv2, 3, 300, 6000, 5);
}

/* A five-deal series, and a won deal for 5 and for 3 players (even seats
 * play the heuristic, odd seats at random). */
static void golden_traces(void **s)
{
    (void)s;
    ch_golden_check(&cm_game, NULL, 0, 5, "tests/golden/comrade-base.txt");
    const char *kv[] = {"deals=1", "safe_bids=true"};
    ch_golden_check(&cm_game, kv, 2, 3350, "tests/golden/comrade-win.txt");
    const char *kv3[] = {"players=3", "deals=1", "safe_bids=true"};
    ch_golden_check(&cm_game, kv3, 3, 85, "tests/golden/comrade-3p.txt");
}

typedef struct team_stats {
    int deals, wins, ended_in_bidding;
    long actions;
} team_stats;

/* One bot for every seat: Comrade is won or lost by the whole team. */
static team_stats team_play(const char *bot, const char *const *kv, int nkv, int games,
                            uint64_t seed)
{
    team_stats t = {0};
    ch_opts o;
    ch_err err;
    cm_state st;
    assert_int_equal(ch_opts_parse(&o, cm_game.opts, cm_game.n_opts, kv, nkv, &err), CH_OK);
    ch_bot b;
    assert_int_equal(ch_bot_init(&b, &cm_game, bot, seed, &err), CH_OK);
    for (int g = 0; g < games; g++) {
        assert_int_equal(cm_game.setup(&st, &o, seed + (uint64_t)g, NULL, 0, &err), CH_OK);
        int deal = 0, bid_phase = 1;
        while (cm_game.to_move(&st) != CH_TERMINAL) {
            bid_phase = st.phase == CM_PH_BID;
            cm_game.apply(&st, ch_bot_act(&b, &st, cm_game.to_move(&st)));
            t.actions++;
            if (st.deal != deal) {
                t.ended_in_bidding += bid_phase;
                deal = st.deal;
            }
        }
        t.deals += st.deal;
        t.wins += st.wins;
    }
    return t;
}

static void heuristic_team_beats_random_team(void **s)
{
    (void)s;
    const char *versions[][2] = {{"players=5", NULL}, {"players=3", NULL}};
    for (int i = 0; i < 2; i++) {
        const char *kv[] = {versions[i][0]};
        /* The heuristic searches late in each deal, so it gets fewer series. */
        team_stats h = team_play("heuristic", kv, 1, ch_harness_scaled(i ? 300 : 200), 77);
        team_stats r = team_play("random", kv, 1, ch_harness_scaled(2000), 77);
        double hr = (double)h.wins / h.deals, rr = (double)r.wins / r.deals;
        print_message("comrade %s: heuristic team wins %.1f%% of %d deals (%.1f%% end in "
                      "bidding), random team %.2f%% (%.1f%% in bidding)\n",
                      kv[0], 100 * hr, h.deals, 100.0 * h.ended_in_bidding / h.deals, 100 * rr,
                      100.0 * r.ended_in_bidding / r.deals);
        assert_true(hr >= 0.12);
        assert_true(hr > 20 * rr + 0.08);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(harness_base_series),
        cmocka_unit_test(harness_ace_low_cm_v1),
        cmocka_unit_test(harness_safe_bids_cm_v2),
        cmocka_unit_test(harness_three_players_cm_v3),
        cmocka_unit_test(harness_series_length_cm_v4),
        cmocka_unit_test(harness_heuristic_play),
        cmocka_unit_test(golden_traces),
        cmocka_unit_test(heuristic_team_beats_random_team),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
