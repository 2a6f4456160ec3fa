/* The Rumino meld solver against a brute-force reference written straight
 * from the spec's formulas (RU-1..RU-7): every subset of the hand is tested
 * as a meld with the RU-4 formula, every disjoint pair is tried. Hundreds of
 * thousands of random hands, uniform and meld-rich, with and without jokers. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cardhall/rng.h"
#include "cardhall/rumino_meld.h"
#include "harness.h"

/* ---- Reference, independent of src/games/rumino/meld.c ---- */
static int ref_points(int f)
{
    if (f == RU_JOKER) return 10;
    int r = f % 13 + 1;
    return r >= 10 ? 10 : r;
}

/* RU-4: a group of size k is a set if its naturals share a rank, a run if
 * they share a suit, have distinct ranks and max - min <= k - 1. */
static int ref_is_meld(const uint8_t *g, int k)
{
    if (k != 3 && k != 4) return 0;
    int set = 1, run = 1, r0 = -1, s0 = -1, lo = 99, hi = -99;
    int seen[14] = {0};
    for (int i = 0; i < k; i++) {
        if (g[i] == RU_JOKER) continue;
        int r = g[i] % 13 + 1, s = g[i] / 13;
        if (r0 < 0) r0 = r, s0 = s;
        if (r != r0) set = 0;
        if (s != s0 || seen[r]++) run = 0;
        if (r < lo) lo = r;
        if (r > hi) hi = r;
    }
    if (r0 >= 0 && hi - lo > k - 1) run = 0;
    return set || run;
}

static int ref_deadwood(const uint8_t *h, int n)
{
    int total = 0;
    for (int i = 0; i < n; i++)
        total += ref_points(h[i]);
    int masks[256], pts[256], nm = 0;
    for (int m = 1; m < 1 << n; m++) {
        int k = __builtin_popcount((unsigned)m);
        if (k < 3 || k > 4) continue;
        uint8_t g[4];
        int j = 0, p = 0;
        for (int i = 0; i < n; i++)
            if (m >> i & 1) g[j++] = h[i], p += ref_points(h[i]);
        if (ref_is_meld(g, k)) masks[nm] = m, pts[nm++] = p;
    }
    int best = 0;
    for (int a = 0; a < nm; a++) {
        if (pts[a] > best) best = pts[a];
        for (int b = a + 1; b < nm; b++)
            if (!(masks[a] & masks[b]) && pts[a] + pts[b] > best) best = pts[a] + pts[b];
    }
    return total - best;
}

/* RU-7 by windows: some rank holds every natural, or some suit and window of
 * 7 ranks inside A..K holds them with no rank twice. */
static int ref_is_rumino(const uint8_t *h, int n, int natural_only)
{
    if (n != 7) return 0;
    for (int i = 0; i < n; i++)
        if (natural_only && h[i] == RU_JOKER) return 0;
    for (int r = 1; r <= 13; r++) {
        int ok = 1;
        for (int i = 0; i < n; i++)
            if (h[i] != RU_JOKER && h[i] % 13 + 1 != r) ok = 0;
        if (ok) return 1;
    }
    for (int s = 0; s < 4; s++) {
        for (int w = 1; w + 6 <= 13; w++) {
            int ok = 1, seen[14] = {0};
            for (int i = 0; i < n; i++) {
                if (h[i] == RU_JOKER) continue;
                int r = h[i] % 13 + 1;
                if (h[i] / 13 != s || r < w || r > w + 6 || seen[r]++) ok = 0;
            }
            if (ok) return 1;
        }
    }
    return 0;
}

/* ---- Hand generators ---- */
static int box[108];

static void fill_box(void)
{
    for (int i = 0; i < 104; i++)
        box[i] = i % 52;
    for (int i = 104; i < 108; i++)
        box[i] = RU_JOKER;
}

/* n distinct physical cards of the 108. */
static void uniform_hand(ch_rng *r, uint8_t *h, int n)
{
    int idx[108];
    for (int i = 0; i < 108; i++)
        idx[i] = i;
    for (int i = 0; i < n; i++) {
        int j = i + (int)ch_rng_below(r, (uint32_t)(108 - i));
        int t = idx[i];
        idx[i] = idx[j];
        idx[j] = t;
        h[i] = (uint8_t)box[idx[i]];
    }
}

/* Meld-rich: cards from two suits and a window of 5 ranks (two copies each,
 * so at most 20 naturals), plus 0..jmax jokers. */
static void dense_hand(ch_rng *r, uint8_t *h, int n, int jmax)
{
    int pool[24], np = 0;
    int lo = (int)ch_rng_below(r, 9), s1 = (int)ch_rng_below(r, 4), s2 = (int)ch_rng_below(r, 4);
    for (int c = 0; c < 2; c++)
        for (int k = 0; k < 5; k++) {
            pool[np++] = s1 * 13 + lo + k;
            if (s2 != s1) pool[np++] = s2 * 13 + lo + k;
        }
    int jokers = (int)ch_rng_below(r, (uint32_t)jmax + 1);
    for (int i = 0; i < jokers && i < n; i++)
        h[i] = RU_JOKER;
    for (int i = jokers; i < n; i++) {
        int j = (int)ch_rng_below(r, (uint32_t)np);
        h[i] = (uint8_t)pool[j];
        pool[j] = pool[--np];
    }
    /* Shuffle the positions so jokers are not always first. */
    ch_rng_shuffle_u8(r, h, n);
}

/* The layout from ru_meld_best really is one: valid disjoint melds from the
 * hand, dead cards adding up to the deadwood. */
static void check_layout(const uint8_t *h, int n, const ru_layout *l)
{
    int count[RU_NFACES] = {0}, dead = 0;
    for (int i = 0; i < n; i++)
        count[h[i]]++;
    for (int m = 0; m < l->n_melds; m++) {
        assert_true(ref_is_meld(l->meld[m], l->meld_n[m]));
        for (int i = 0; i < l->meld_n[m]; i++)
            assert_true(count[l->meld[m][i]]-- > 0);
    }
    for (int i = 0; i < l->n_dead; i++) {
        assert_true(count[l->dead[i]]-- > 0);
        dead += ref_points(l->dead[i]);
    }
    for (int f = 0; f < RU_NFACES; f++)
        assert_int_equal(count[f], 0);
    assert_int_equal(dead, l->deadwood);
}

static void check_hand(const uint8_t *h, int n)
{
    int want = ref_deadwood(h, n);
    int got = ru_meld_deadwood(h, n);
    if (got != want) {
        char buf[128];
        int len = 0;
        for (int i = 0; i < n; i++)
            len += snprintf(buf + len, sizeof buf - (size_t)len, " %d", h[i]);
        fail_msg("hand%s: solver %d, reference %d", buf, got, want);
    }
    /* The capped form agrees about every cap near the value. */
    for (int cap = want - 3; cap <= want + 3; cap++) {
        int up = ru_meld_deadwood_upto(h, n, cap);
        if (want <= cap)
            assert_int_equal(up, want);
        else
            assert_true(up > cap);
    }
    ru_layout l;
    assert_int_equal(ru_meld_best(h, n, &l), want);
    check_layout(h, n, &l);
}

static void check_eight(const uint8_t *h)
{
    unsigned gin = ru_meld_gin_mask(h, 8), rum = ru_meld_rumino_mask(h, 8, 0);
    unsigned nat = ru_meld_rumino_mask(h, 8, 1);
    for (int i = 0; i < 8; i++) {
        uint8_t rest[7];
        int k = 0;
        for (int j = 0; j < 8; j++)
            if (j != i) rest[k++] = h[j];
        assert_int_equal(gin >> i & 1u, ref_deadwood(rest, 7) == 0);
        assert_int_equal(rum >> i & 1u, ref_is_rumino(rest, 7, 0));
        assert_int_equal(nat >> i & 1u, ref_is_rumino(rest, 7, 1));
    }
}

/* Uniform random hands of 7 and 8 cards; with_joker puts a joker into
 * every hand that has none (the solver's one-joker shortcut). */
static void uniform_hands(uint64_t seed, int with_joker)
{
    ch_rng r;
    ch_rng_seed(&r, seed, 11 + 5 * (uint64_t)with_joker);
    uint8_t h[8];
    int n = ch_harness_scaled(200000);
    for (int i = 0; i < n; i++) {
        int len = 7 + (i & 1), jokers = 0;
        uniform_hand(&r, h, len);
        for (int k = 0; k < len; k++)
            jokers += h[k] == RU_JOKER;
        if (with_joker && jokers == 0) h[i % len] = RU_JOKER;
        check_hand(h, len);
    }
}

/* RU-5: exact minimum deadwood, uniform random hands of 7 and 8 cards. */
static void deadwood_matches_reference_uniform(void **s)
{
    (void)s;
    uniform_hands(2026, 0);
}

/* RU-4, RU-5: the same, every hand holding at least one joker. */
static void deadwood_matches_reference_uniform_with_a_joker(void **s)
{
    (void)s;
    uniform_hands(2027, 1);
}

/* RU-4 with many jokers and dense melds; also short hands (3..6 cards). */
static void deadwood_matches_reference_dense_with_jokers(void **s)
{
    (void)s;
    ch_rng r;
    ch_rng_seed(&r, 77, 12);
    uint8_t h[8];
    int n = ch_harness_scaled(200000);
    for (int i = 0; i < n; i++) {
        int len = i % 10 < 8 ? 7 + (i & 1) : 3 + (int)ch_rng_below(&r, 4);
        dense_hand(&r, h, len, 4);
        check_hand(h, len);
    }
}

/* Same, no jokers at all. */
static void deadwood_matches_reference_dense_natural(void **s)
{
    (void)s;
    ch_rng r;
    ch_rng_seed(&r, 78, 13);
    uint8_t h[8];
    int n = ch_harness_scaled(100000);
    for (int i = 0; i < n; i++) {
        dense_hand(&r, h, 7 + (i & 1), 0);
        check_hand(h, 7 + (i & 1));
    }
}

/* RU-6, RU-35, RU-7, RU-40: the Gin and Rumino masks of 8-card hands. */
static void gin_and_rumino_masks_match_reference(void **s)
{
    (void)s;
    ch_rng r;
    ch_rng_seed(&r, 79, 14);
    uint8_t h[8];
    int n = ch_harness_scaled(60000), gins = 0, ruminos = 0;
    for (int i = 0; i < n; i++) {
        if (i % 3 == 0) {
            uniform_hand(&r, h, 8);
        } else if (i % 3 == 1) {
            dense_hand(&r, h, 8, 4);
        } else {
            /* Rumino-rich: one rank, or one suit within 8 ranks, plus jokers. */
            int base = (int)ch_rng_below(&r, 7), s0 = (int)ch_rng_below(&r, 4);
            int rank = (int)ch_rng_below(&r, 13);
            for (int k = 0; k < 8; k++) {
                int roll = (int)ch_rng_below(&r, 10);
                if (roll == 0)
                    h[k] = RU_JOKER;
                else if (i & 8)
                    h[k] = (uint8_t)((int)ch_rng_below(&r, 4) * 13 + rank);
                else
                    h[k] = (uint8_t)(s0 * 13 + base + (int)ch_rng_below(&r, 7));
            }
        }
        check_eight(h);
        gins += ru_meld_gin_mask(h, 8) != 0;
        ruminos += ru_meld_rumino_mask(h, 8, 0) != 0;
    }
    /* The generators must reach both outcomes, or the comparison proves little. */
    assert_true(gins > n / 50);
    assert_true(ruminos > n / 100);
}

int main(void)
{
    fill_box();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(deadwood_matches_reference_uniform),
        cmocka_unit_test(deadwood_matches_reference_uniform_with_a_joker),
        cmocka_unit_test(deadwood_matches_reference_dense_with_jokers),
        cmocka_unit_test(deadwood_matches_reference_dense_natural),
        cmocka_unit_test(gin_and_rumino_masks_match_reference),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
