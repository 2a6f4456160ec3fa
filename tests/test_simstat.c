/* The figures of cardhall sim (src/cli/simstat.c, issue 15): exact counts,
 * Wilson intervals, the fold of games, and the paired differences between
 * option sets played on the same seeds. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "simstat.h"

static void close_to(double got, double want, double tol)
{
    if (fabs(got - want) > tol) fail_msg("got %.17g, want %.17g (+-%g)", got, want, tol);
}

/* Median and 95th percentile by nearest rank, mean and sample sd, over a
 * hash table that had to grow many times. */
static void test_describe(void **unused)
{
    (void)unused;
    sim_hist h;
    memset(&h, 0, sizeof h);
    for (int v = 100; v >= 1; v--)
        assert_int_equal(sim_hist_add(&h, v), 0);
    sim_dist d = sim_describe(&h);
    close_to(d.mean, 50.5, 1e-12);
    close_to(d.sd, sqrt(100.0 * 101 / 12), 1e-12); /* (n^2 - 1)/12 * n/(n-1) */
    assert_int_equal(d.p50, 50);
    assert_int_equal(d.p95, 95);
    assert_int_equal(d.min, 1);
    assert_int_equal(d.max, 100);
    size_t m;
    int64_t(*vc)[2] = sim_hist_sorted(&h, &m);
    assert_non_null(vc);
    assert_int_equal(m, 100);
    for (size_t i = 0; i < m; i++) {
        assert_int_equal(vc[i][0], (int64_t)i + 1);
        assert_int_equal(vc[i][1], 1);
    }
    free(vc);
    sim_figures f;
    memset(&f, 0, sizeof f);
    f.len = h;
    sim_figures_free(&f);
}

/* Wilson's interval for 20 of 40, as the pinned reports have it, and the
 * ends clipped at 0 and 1. */
static void test_wilson(void **unused)
{
    (void)unused;
    double lo, hi;
    sim_wilson(20, 40, &lo, &hi);
    close_to(lo, 0.35199526933465386, 1e-15);
    close_to(hi, 0.64800473066534614, 1e-15);
    sim_wilson(40, 40, &lo, &hi);
    close_to(hi, 1, 0);
    close_to(lo, 0.91237839880271354, 1e-15);
    sim_wilson(0, 0, &lo, &hi);
    close_to(lo, 0, 0);
    close_to(hi, 1, 0);
}

/* A capped game counts only as capped; a win shared by k seats counts 1/k
 * to each seat and to the bot in it; bots rotate through the seats. */
static void test_fold(void **unused)
{
    (void)unused;
    sim_figures f;
    memset(&f, 0, sizeof f);
    f.n = 3, f.nb = 2;
    sim_game g = {.actions = 10, .hands = 2, .winners = 0x3, .score = {5, 5, 1}};
    sim_fold(&f, 0, &g); /* seats 0,1,2 hold bots 0,1,0 */
    sim_game c = {.actions = 99, .capped = 1};
    sim_fold(&f, 1, &c);
    g.winners = 0x4;
    sim_fold(&f, 1, &g); /* game 1: seats hold bots 1,0,1; seat 2 wins alone */
    assert_int_equal(f.played, 3);
    assert_int_equal(f.finished, 2);
    assert_int_equal(f.capped, 1);
    assert_int_equal(f.shared, 1);
    close_to(f.seat_wins[0], 0.5, 0);
    close_to(f.seat_wins[1], 0.5, 0);
    close_to(f.seat_wins[2], 1, 0);
    close_to(f.bot_wins[0], 0.5, 0);
    close_to(f.bot_wins[1], 1.5, 0);
    assert_int_equal(f.bot_seats[0], 3);
    assert_int_equal(f.bot_seats[1], 3);
    assert_int_equal(f.len.n, 2); /* the capped game's length is not counted */
    sim_figures_free(&f);
}

/* A set against itself: every difference is exactly 0, interval [0, 0]. */
static void test_pair_self(void **unused)
{
    (void)unused;
    sim_pair p;
    memset(&p, 0, sizeof p);
    uint64_t r = 12345;
    for (int i = 0; i < 1000; i++) {
        r = r * 6364136223846793005ULL + 1442695040888963407ULL;
        double x = (double)(r >> 40) / 7.0, w = 1 + (double)(r >> 62);
        sim_pair_add(&p, x, x, w, w);
    }
    double d, lo, hi;
    sim_pair_diff(&p, &d, &lo, &hi);
    assert_true(d == 0 && lo == 0 && hi == 0);
}

/* The paired interval is that of the per-game differences: x - y =
 * 1, 2, 2, 3 has mean 2 and sd sqrt(2/3). */
static void test_pair_known(void **unused)
{
    (void)unused;
    sim_pair p;
    memset(&p, 0, sizeof p);
    const double x[] = {1, 2, 3, 4}, y[] = {0, 0, 1, 1};
    for (int i = 0; i < 4; i++)
        sim_pair_add(&p, x[i], y[i], 1, 1);
    double d, lo, hi, half = 1.959963984540054 * sqrt(2.0 / 3) / 2;
    sim_pair_diff(&p, &d, &lo, &hi);
    close_to(d, 2, 1e-12);
    close_to(lo, 2 - half, 1e-12);
    close_to(hi, 2 + half, 1e-12);
    /* Fewer than two pairs: the difference, no interval. */
    memset(&p, 0, sizeof p);
    sim_pair_add(&p, 3, 1, 1, 1);
    sim_pair_diff(&p, &d, &lo, &hi);
    assert_true(d == 2 && lo == 2 && hi == 2);
}

/* With weights (a bot's seats per game) the figure is a ratio of sums, and
 * its variance that of a x - b y with a = n / sum(wx), b = n / sum(wy). */
static void test_pair_weighted(void **unused)
{
    (void)unused;
    sim_pair p;
    memset(&p, 0, sizeof p);
    const double x[] = {1, 0, 2, 1, 1}, wx[] = {1, 1, 2, 2, 1};
    const double y[] = {0, 1, 1, 0, 1}, wy[] = {1, 2, 1, 1, 2};
    double sx = 0, swx = 0, sy = 0, swy = 0;
    for (int i = 0; i < 5; i++) {
        sim_pair_add(&p, x[i], y[i], wx[i], wy[i]);
        sx += x[i], swx += wx[i], sy += y[i], swy += wy[i];
    }
    double a = 5 / swx, b = 5 / swy, dd[5], mean = 0, var = 0;
    for (int i = 0; i < 5; i++)
        mean += (dd[i] = a * x[i] - b * y[i]) / 5;
    for (int i = 0; i < 5; i++)
        var += (dd[i] - mean) * (dd[i] - mean) / 4;
    double d, lo, hi, half = 1.959963984540054 * sqrt(var / 5);
    sim_pair_diff(&p, &d, &lo, &hi);
    close_to(d, sx / swx - sy / swy, 1e-12);
    close_to(d, mean, 1e-12);
    close_to(lo, d - half, 1e-12);
    close_to(hi, d + half, 1e-12);
}

/* Two sets of pairs: capped games do not pair; seats pair only up to the
 * fewer seats; the bot of a seat is the same under both sets. */
static void test_pairs_fold(void **unused)
{
    (void)unused;
    sim_pairs ps;
    sim_pairs_init(&ps, 2, 2);
    sim_game a = {.actions = 10, .winners = 0x1, .score = {3, 1, 0}, .ntally = 1, .tally = {1}};
    sim_game b = {.actions = 7, .winners = 0x4, .score = {0, 1, 9}, .ntally = 1, .tally = {0}};
    sim_pairs_fold(&ps, 0, &a, 2, &b, 3);
    sim_game cap = {.capped = 1};
    sim_pairs_fold(&ps, 1, &cap, 2, &b, 3);
    assert_int_equal(ps.actions.n, 1);
    assert_int_equal(ps.ntally, 1);
    double d, lo, hi;
    sim_pair_diff(&ps.actions, &d, &lo, &hi);
    close_to(d, 3, 0);
    sim_pair_diff(&ps.seat_win[0], &d, &lo, &hi);
    close_to(d, 1, 0);
    /* Bot 0 holds seat 0 in A, seats 0 and 2 in B (which seat 2 won). */
    sim_pair_diff(&ps.bot_win[0], &d, &lo, &hi);
    close_to(d, 1.0 / 1 - 1.0 / 2, 1e-15);
    sim_pair_diff(&ps.bot_score[0], &d, &lo, &hi);
    close_to(d, 3.0 / 1 - 9.0 / 2, 1e-15);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_describe),   cmocka_unit_test(test_wilson),
        cmocka_unit_test(test_fold),       cmocka_unit_test(test_pair_self),
        cmocka_unit_test(test_pair_known), cmocka_unit_test(test_pair_weighted),
        cmocka_unit_test(test_pairs_fold),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
