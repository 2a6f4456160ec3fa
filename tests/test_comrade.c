/* Comrade rules, one test per rule ID (CM-1..CM-31), variant (CM-V1..V4)
 * and acceptance scenario (CM-T1..CM-T20) of the specification. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cardhall/bot.h"
#include "cardhall/comrade.h"

/* ---- helpers ---- */

static int face(const char *t)
{
    int f = -1;
    assert_int_equal(cm_game.card_parse(t, &f), CH_OK);
    return f;
}

static uint64_t mask_of(const char *cards)
{
    uint64_t m = 0;
    char buf[256], *save = NULL;
    snprintf(buf, sizeof buf, "%s", cards);
    for (char *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save))
        m |= 1ull << face(t);
    return m;
}

static int new_game(cm_state *st, const char *const *kv, int nkv, uint64_t seed, const int *order,
                    int n, ch_err *err)
{
    ch_opts o;
    int rc = ch_opts_parse(&o, cm_game.opts, cm_game.n_opts, kv, nkv, err);
    if (rc != CH_OK) return rc;
    return ch_setup(&cm_game, st, &o, seed, order, n, err);
}

/* Five players, dealer P0 (or `dealer`), one deal unless told otherwise. */
static void start(cm_state *st, const char *extra)
{
    const char *kv[] = {"dealer=0", "deals=1", extra ? extra : "deals=1"};
    ch_err err;
    if (new_game(st, kv, 3, 42, NULL, 0, &err) != CH_OK) fail_msg("%s", err.msg);
}

static void act(cm_state *st, const char *text)
{
    ch_action a;
    ch_err err;
    if (ch_parse_action(&cm_game, st, text, &a, &err) != CH_OK)
        fail_msg("'%s' refused: %s", text, err.msg);
    assert_int_equal(ch_apply(&cm_game, st, a, &err), CH_OK);
}

static void acts(cm_state *st, const char *list)
{
    char buf[512], *save = NULL;
    snprintf(buf, sizeof buf, "%s", list);
    for (char *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save))
        act(st, t);
}

static int is_legal_text(const cm_state *st, const char *text)
{
    ch_action a;
    return ch_parse_action(&cm_game, st, text, &a, NULL) == CH_OK;
}

static int n_legal(const cm_state *st)
{
    ch_action a[32];
    return cm_game.legal(st, a);
}

static int total_of(const cm_state *st)
{
    int t = 0;
    for (int p = 0; p < st->np; p++)
        for (int s = 0; s < 4; s++)
            t += st->v[p][s];
    return t;
}

enum { S, H, D, C };

/* CM-T3's bidding, which the trick scenarios start from. */
static void t3_bids(cm_state *st)
{
    acts(st, "take H2,take S3,pass,take D1,pass,take H3,pass,take C3");
}

/* The trick scenarios give only the cards that matter; the hands are
 * written directly (the only way to give P1 no hearts at all, as CM-T14
 * needs). */
static void set_hands(cm_state *st, const char *const hands[5])
{
    for (int p = 0; p < 5; p++)
        st->hand[p] = mask_of(hands[p]);
}

/* An order for dealer d from the five hands listed by seat. */
static void order_from_hands(const char *const hands[5], int d, int *order)
{
    int cards[5][11], n[5] = {0};
    for (int p = 0; p < 5; p++) {
        char buf[256], *save = NULL;
        snprintf(buf, sizeof buf, "%s", hands[p]);
        for (char *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save))
            cards[p][n[p]++] = face(t);
    }
    for (int i = 0; i < 52; i++)
        order[i] = cards[(d + i) % 5][i / 5];
}

/* ---- Components, setup, deal ---- */

/* CM-T1, CM-9: one card at a time from the dealer, clockwise. */
static void cm_t1_deal_order_and_sizes(void **s)
{
    (void)s;
    int order[52];
    for (int i = 0; i < 52; i++)
        order[i] = (i * 7) % 52; /* a fixed permutation */
    const char *kv[] = {"dealer=2"};
    cm_state st;
    ch_err err;
    assert_int_equal(new_game(&st, kv, 1, 1, order, 52, &err), CH_OK);
    for (int i = 0; i < 52; i++)
        assert_true(st.hand[(2 + i) % 5] >> order[i] & 1);
    int sizes[5] = {10, 10, 11, 11, 10};
    for (int p = 0; p < 5; p++)
        assert_int_equal(__builtin_popcountll(st.hand[p]), sizes[p]);
    assert_int_equal(cm_game.to_move(&st), 2);
    assert_string_equal(cm_game.phase(&st), "bid");
}

/* CM-T2, CM-10, CM-11: the dealer alone acts first, with 21 actions. */
static void cm_t2_first_bidding_turn(void **s)
{
    (void)s;
    cm_state st;
    start(&st, NULL);
    ch_action a[32];
    assert_int_equal(cm_game.legal(&st, a), 21);
    assert_int_equal(a[0], CM_PASS);
    for (int i = 0; i < 16; i++)
        assert_int_equal(a[1 + i], CM_TAKE(i / 4, i % 4 + 1));
    for (int i = 0; i < 4; i++)
        assert_int_equal(a[17 + i], CM_JOKER(i));
    assert_int_equal(cm_game.to_move(&st), 0);
}

/* CM-T3, CM-12, CM-13, CM-2: covering, the effective total, stopping at 10. */
static void cm_t3_cover_and_stop_partway(void **s)
{
    (void)s;
    cm_state st;
    start(&st, NULL);
    acts(&st, "take H2,take S3,pass,take D1,pass");
    assert_int_equal(st.total, 6);
    assert_int_equal(n_legal(&st), 17);
    assert_true(is_legal_text(&st, "take H3") && is_legal_text(&st, "take H4"));
    assert_false(is_legal_text(&st, "take H1"));
    assert_false(is_legal_text(&st, "take H2"));
    act(&st, "take H3");
    assert_int_equal(st.v[0][H], 3);
    assert_int_equal(st.total, 7); /* not 9: [H2] is covered */
    assert_false(st.pool >> (H * 4 + 1) & 1);
    acts(&st, "pass,take C3");
    assert_int_equal(st.total, 10);
    assert_int_equal(total_of(&st), 10);
    assert_string_equal(cm_game.phase(&st), "play");
    assert_int_equal(st.turn, 8); /* P3 and P4 get no second turn */
    assert_int_equal(st.v[1][S], 3);
    assert_int_equal(st.v[2][C], 3);
    assert_int_equal(st.v[3][D], 1);
    for (int su = 0; su < 4; su++)
        assert_int_equal(st.v[4][su], 0);
    assert_int_equal(cm_game.to_move(&st), 0); /* CM-21 */
}

/* CM-T4, CM-14, CM-15: jokers raise past 4; none left, no JOKER. */
static void cm_t4_jokers_up_to_five(void **s)
{
    (void)s;
    cm_state st;
    start(&st, NULL);
    acts(&st, "take H4,take S1,pass,take S2,pass");
    for (int v = 1; v <= 4; v++) {
        char t[16];
        snprintf(t, sizeof t, "take H%d", v);
        assert_false(is_legal_text(&st, t));
    }
    act(&st, "joker H");
    assert_int_equal(st.v[0][H], 5);
    assert_int_equal(st.total, 8);
    act(&st, "joker S");
    assert_int_equal(st.v[1][S], 2);
    assert_int_equal(st.total, 9);
    assert_int_equal(st.jokers, 0);
    assert_int_equal(n_legal(&st), 14);
    assert_false(is_legal_text(&st, "joker C"));
    acts(&st, "pass,pass");
    /* CM-T11's concrete check: P2's [C1] and P0's [D1] both fit here. */
    act(&st, "take C1");
    assert_int_equal(st.total, 10);
    assert_string_equal(cm_game.phase(&st), "play");
    assert_int_equal(st.v[0][H], 5);
    assert_int_equal(st.v[3][S], 2);
    assert_int_equal(st.v[4][C], 1);
}

/* CM-15: the second joker on the same suit reaches 6. */
static void cm_15_two_jokers_make_six(void **s)
{
    (void)s;
    cm_state st;
    start(&st, NULL);
    acts(&st, "take H4,pass,pass,pass,pass,joker H,pass,pass,pass,pass,joker H");
    assert_int_equal(st.v[0][H], 6);
    assert_int_equal(st.total, 6);
}

/* CM-T5, CM-3, CM-14: a joker in a new suit, covered, never returns. */
static void cm_t5_joker_new_suit_then_covered(void **s)
{
    (void)s;
    cm_state st;
    start(&st, NULL);
    act(&st, "joker S");
    assert_int_equal(st.v[0][S], 1);
    assert_true(st.pool & 1); /* [S1] still in the pool */
    acts(&st, "pass,pass,pass,pass");
    assert_int_equal(st.passes, 4);
    assert_false(is_legal_text(&st, "take S1"));
    assert_true(is_legal_text(&st, "take S2") && is_legal_text(&st, "take S3") &&
                is_legal_text(&st, "take S4") && is_legal_text(&st, "joker S"));
    act(&st, "take S2");
    assert_int_equal(st.v[0][S], 2);
    assert_int_equal(st.total, 2);
    assert_int_equal(st.passes, 0);
    assert_int_equal(st.jokers, 1);
    act(&st, "take S1");
    assert_int_equal(st.v[1][S], 1);
    assert_int_equal(st.total, 3);
}

/* CM-T6, CM-20: a take over 10 is legal and loses at once. */
static void cm_t6_going_over_ten(void **s)
{
    (void)s;
    cm_state st;
    start(&st, NULL);
    acts(&st, "take H4,take S4");
    assert_true(is_legal_text(&st, "take D3"));
    act(&st, "take D3");
    assert_int_equal(cm_game.to_move(&st), CH_TERMINAL);
    assert_int_equal(st.res[0], CM_BID_OVER);
    assert_int_equal(st.res_at[0], 3);
    assert_int_equal(st.res_by[0], 2);
    assert_int_equal(st.nplay, 0);

    start(&st, NULL);
    acts(&st, "take H2,take S4,take D3,pass,pass");
    assert_true(is_legal_text(&st, "take H3") && is_legal_text(&st, "take C1") &&
                is_legal_text(&st, "joker D"));
    act(&st, "take H4");
    assert_int_equal(st.res[0], CM_BID_OVER);
    assert_int_equal(st.res_at[0], 6);
    assert_int_equal(st.res_by[0], 0);
}

/* CM-T7, CM-17: five passes in a row, across a round boundary. */
static void cm_t7_five_passes_across_rounds(void **s)
{
    (void)s;
    cm_state st;
    start(&st, NULL);
    acts(&st, "pass,pass,take H2,pass,pass,pass,pass");
    assert_int_equal(st.passes, 4);
    act(&st, "pass");
    assert_int_equal(st.res[0], CM_ALL_PASSED);
    assert_int_equal(st.res_at[0], 8);
    assert_int_equal(st.total, 2);
}

/* CM-T8, CM-10: three rounds are the limit. */
static void cm_t8_rounds_exhausted(void **s)
{
    (void)s;
    cm_state st;
    start(&st, NULL);
    acts(&st, "take H1,pass,pass,pass,pass,take S1,pass,pass,pass,pass,take D1,pass,pass,pass");
    assert_int_equal(st.turn, 14);
    assert_true(st.passes <= 4);
    act(&st, "pass");
    assert_int_equal(st.res[0], CM_ROUNDS_OVER);
    assert_int_equal(st.res_at[0], 15);
    assert_int_equal(st.total, 3);
}

/* CM-T9: ten on turn 15 succeeds; bids in three suits. */
static void cm_t9_ten_on_turn_fifteen(void **s)
{
    (void)s;
    cm_state st;
    start(&st, NULL);
    acts(&st, "take H4,pass,pass,pass,pass,take S4,pass,pass,pass,pass,take D1,pass,pass,pass,"
              "take C1");
    assert_string_equal(cm_game.phase(&st), "play");
    assert_int_equal(st.v[0][H], 4);
    assert_int_equal(st.v[0][S], 4);
    assert_int_equal(st.v[0][D], 1);
    assert_int_equal(st.v[4][C], 1);
    assert_int_equal(cm_game.to_move(&st), 0);
}

/* CM-T10, CM-18: ALL_PASSED is reported before ROUNDS_EXHAUSTED. */
static void cm_t10_reason_order(void **s)
{
    (void)s;
    cm_state st;
    start(&st, NULL);
    acts(&st, "take H1,pass,pass,pass,pass,take S1,pass,pass,pass,take D1,pass,pass,pass,pass,"
              "pass");
    assert_int_equal(st.res[0], CM_ALL_PASSED);
    assert_int_equal(st.res_at[0], 15);
    assert_int_equal(st.total, 3);
}

/* CM-T11, CM-19: over random bidding, a +1 take always exists below 10, so
 * NO_FITTING_BID never happens. */
static void cm_t11_fitting_take_always_exists(void **s)
{
    (void)s;
    ch_opts o;
    ch_opts_defaults(&o, cm_game.opts, cm_game.n_opts);
    ch_rng rng;
    ch_rng_seed(&rng, 9, 9);
    for (int g = 0; g < 3000; g++) {
        cm_state st;
        assert_int_equal(cm_game.setup(&st, &o, (uint64_t)g, NULL, 0, NULL), CH_OK);
        while (st.phase == CM_PH_BID && st.deal == 0) {
            int plus_one = st.jokers > 0;
            for (int q = 0; q < 5; q++)
                for (int su = 0; su < 4; su++)
                    if (st.v[q][su] < 4 && st.pool >> (su * 4 + st.v[q][su]) & 1) plus_one = 1;
            assert_true(plus_one);
            ch_action a[32];
            int n = cm_game.legal(&st, a);
            cm_game.apply(&st, a[ch_rng_below(&rng, (uint32_t)n)]);
        }
        if (st.deal) assert_int_not_equal(st.res[0], CM_NO_FITTING);
    }
}

/* The bidding list written from the rules (CM-12..CM-14, safe_bids):
 * pass; each take of a pool card above the seat's value in its suit, suit
 * by suit, value by value; then a joker per suit while one is left. The
 * engine's list must equal it, in order; its length is returned. */
static int check_bid_list(const cm_state *st)
{
    ch_action want[32], got[32];
    int n = 0, p = st->to_move;
    want[n++] = CM_PASS;
    for (int su = 0; su < 4; su++)
        for (int val = st->v[p][su] + 1; val <= 4; val++) {
            int fits = st->total - st->v[p][su] + val <= st->target;
            if (st->pool >> (su * 4 + val - 1) & 1 && (!st->safe_bids || fits))
                want[n++] = CM_TAKE(su, val);
        }
    if (st->jokers && (!st->safe_bids || st->total + 1 <= st->target))
        for (int su = 0; su < 4; su++)
            want[n++] = CM_JOKER(su);
    int k = cm_game.legal(st, got);
    assert_int_equal(k, n);
    assert_memory_equal(got, want, (size_t)n * sizeof *got);
    return k;
}

/* CM-12, CM-13, CM-14, safe_bids: the bidding list equals the rules' over
 * random bidding in every version, and where a joker has lifted a value
 * past 4. The engine builds it from masks and tables (issue 29). */
static void cm_12_bid_list_follows_the_rules(void **s)
{
    (void)s;
    static const char *const variants[][2] = {
        {"players=5", "safe_bids=false"},
        {"players=5", "safe_bids=true"},
        {"players=3", "safe_bids=false"},
        {"players=3", "safe_bids=true"},
    };
    ch_rng rng;
    ch_rng_seed(&rng, 12, 12);
    long lists = 0;
    for (int vi = 0; vi < 4; vi++)
        for (int g = 0; g < 400; g++) {
            cm_state st;
            ch_err err;
            assert_int_equal(new_game(&st, variants[vi], 2, (uint64_t)g, NULL, 0, &err), CH_OK);
            while (st.phase == CM_PH_BID) {
                ch_action a[32];
                int k = check_bid_list(&st);
                assert_int_equal(cm_game.legal(&st, a), k);
                cm_game.apply(&st, a[ch_rng_below(&rng, (uint32_t)k)]);
                lists++;
            }
        }
    assert_true(lists > 4000);
    /* P0 takes S4 and a joker on it: spades at 5, none of them open to it. */
    cm_state st;
    start(&st, NULL);
    acts(&st, "take S4,pass,pass,pass,pass,joker S,pass,pass,pass,pass");
    assert_int_equal(st.v[0][0], 5);
    assert_int_equal(check_bid_list(&st), 1 + 12 + 4);
}

/* CM-19, CM-18 (4): the check itself, on a pool no real bidding can leave
 * (written directly): nothing left that keeps T <= 10 loses at once. */
static void cm_19_no_fitting_bid_check(void **s)
{
    (void)s;
    cm_state st;
    start(&st, NULL);
    act(&st, "take H4");
    st.pool = 0;
    st.jokers = 0;
    act(&st, "pass");
    assert_int_equal(st.res[0], CM_NO_FITTING);
    assert_int_equal(st.res_at[0], 2);
}

/* CM-T19, CM-12, CM-16: illegal bids are refused and change nothing. */
static void cm_t19_illegal_actions_rejected(void **s)
{
    (void)s;
    cm_state st, before;
    ch_err err;
    start(&st, NULL);
    acts(&st, "take H2,take S3");
    before = st;
    assert_int_equal(ch_apply(&cm_game, &st, CM_TAKE(S, 3), &err), CH_EILLEGAL);
    assert_memory_equal(&st, &before, sizeof st);
    acts(&st, "pass,pass,pass");
    before = st;
    assert_int_equal(ch_apply(&cm_game, &st, CM_TAKE(H, 1), &err), CH_EILLEGAL);
    assert_int_equal(ch_apply(&cm_game, &st, CM_TAKE(H, 2), &err), CH_EILLEGAL);
    assert_memory_equal(&st, &before, sizeof st);
    acts(&st, "joker H,joker D");
    for (int q = 0; q < 3; q++) {
        for (int su = 0; su < 4; su++)
            assert_int_equal(ch_apply(&cm_game, &st, CM_JOKER(su), &err), CH_EILLEGAL);
        assert_true(is_legal_text(&st, "pass"));
        act(&st, "pass");
    }
    assert_int_equal(st.v[0][H], 3); /* CM-16: passing kept P0's bid */
}

/* CM-16: a player who passed may take later; passing never resets a bid. */
static void cm_16_pass_keeps_bid(void **s)
{
    (void)s;
    cm_state st;
    start(&st, NULL);
    acts(&st, "take H2,pass,pass,pass,take D1,pass,take C2");
    assert_int_equal(st.v[0][H], 2);
    assert_int_equal(st.v[1][C], 2);
    assert_int_equal(st.passes, 0);
}

/* ---- Tricks ---- */

/* CM-T12, CM-25, CM-4: a diamond trick won by P4, who bid no diamonds. */
static void cm_t12_wrong_suit(void **s)
{
    (void)s;
    cm_state st;
    start(&st, NULL);
    t3_bids(&st);
    const char *hands[5] = {"5D", "9D", "3D", "7D", "KD"};
    set_hands(&st, hands);
    acts(&st, "5D,9D,3D,7D,KD");
    assert_int_equal(st.won[4][D], 1);
    assert_int_equal(st.res[0], CM_WRONG_SUIT);
    assert_int_equal(st.res_at[0], 1);
    assert_int_equal(st.res_by[0], 4);
    assert_int_equal(cm_game.to_move(&st), CH_TERMINAL);
    assert_int_equal(st.trick, 1);
}

/* CM-T13, CM-24, CM-25: the winner leads; a second diamond trick is over. */
static void cm_t13_over_bid(void **s)
{
    (void)s;
    cm_state st;
    start(&st, NULL);
    t3_bids(&st);
    const char *hands[5] = {"4D 7D", "2D 8D", "6D 10D", "QD JD", "3D 5D"};
    set_hands(&st, hands);
    acts(&st, "4D,2D,6D,QD,3D");
    assert_int_equal(st.won[3][D], 1);
    assert_string_equal(cm_game.phase(&st), "play");
    assert_int_equal(cm_game.to_move(&st), 3);
    acts(&st, "JD,5D,7D,8D,10D");
    assert_int_equal(st.res[0], CM_OVER_BID);
    assert_int_equal(st.res_at[0], 2);
    assert_int_equal(st.res_by[0], 3);
}

/* CM-T14, CM-22, CM-23: must follow; an off-suit Ace never wins. */
static void cm_t14_follow_suit(void **s)
{
    (void)s;
    cm_state st;
    ch_err err;
    start(&st, NULL);
    t3_bids(&st);
    const char *hands[5] = {"QH 2C", "AS KS", "5H JH 9C", "4H 3S", "9H 2S"};
    set_hands(&st, hands);
    act(&st, "QH");
    assert_true(is_legal_text(&st, "AS") && is_legal_text(&st, "KS"));
    act(&st, "AS");
    assert_int_equal(n_legal(&st), 2);
    assert_true(is_legal_text(&st, "5H") && is_legal_text(&st, "JH"));
    cm_state before = st;
    assert_int_equal(ch_apply(&cm_game, &st, CM_PLAY(face("9C")), &err), CH_EILLEGAL);
    assert_memory_equal(&st, &before, sizeof st);
    acts(&st, "JH,4H,9H");
    assert_int_equal(st.won[0][H], 1);
    assert_int_equal(st.won[1][S], 0);
    assert_string_equal(cm_game.phase(&st), "play");
    assert_int_equal(cm_game.to_move(&st), 0);
}

/* CM-T15, CM-V1, CM-23: the Ace's rank decides who wins. */
static void cm_t15_ace_rank(void **s)
{
    (void)s;
    const char *hands[5] = {"KH", "AH", "2H", "3H", "4H"};
    cm_state st;
    start(&st, NULL);
    t3_bids(&st);
    set_hands(&st, hands);
    acts(&st, "KH,AH,2H,3H,4H");
    assert_int_equal(st.res[0], CM_WRONG_SUIT);
    assert_int_equal(st.res_by[0], 1);

    start(&st, "ace_high=false");
    t3_bids(&st);
    set_hands(&st, hands);
    acts(&st, "KH,AH,2H,3H,4H");
    assert_int_equal(st.won[0][H], 1);
    assert_string_equal(cm_game.phase(&st), "play");
    assert_int_equal(cm_game.to_move(&st), 0);
}

static const char *const t16_hands[5] = {
    "AH KH QH 2S 3S 4S 3C 4C 3D 4D 5D", "JH 10H 9H AS KS QS 2C 5C 6C 6D 7D",
    "8H 7H 6H JS 10S 9S AC KC QC 2D",   "5H 4H 3H 8S 7S 6S JC 10C 9C AD",
    "2H 5S 8C 7C KD QD JD 10D 9D 8D",
};

static const char t16_plays[] = "AH,JH,8H,5H,2H, KH,10H,7H,4H,8D, QH,9H,6H,3H,9D,"
                                "2S,AS,9S,6S,5S, KS,10S,7S,10D,3S, QS,JS,8S,JD,4S,"
                                "2C,AC,9C,7C,3C, KC,10C,8C,4C,5C, QC,JC,QD,3D,6C";

/* CM-T16, CM-26, CM-27: a full winning deal; leftovers stay hidden. */
static void cm_t16_full_winning_deal(void **s)
{
    (void)s;
    int order[52];
    order_from_hands(t16_hands, 0, order);
    const char *kv[] = {"dealer=0", "deals=1"};
    cm_state st;
    ch_err err;
    assert_int_equal(new_game(&st, kv, 2, 1, order, 52, &err), CH_OK);
    for (int p = 0; p < 5; p++)
        assert_true(st.hand[p] == mask_of(t16_hands[p]));
    t3_bids(&st);
    acts(&st, t16_plays);
    /* Trick 10: P0 may choose 4D or 5D, P1 6D or 7D; P4 must play KD. */
    assert_int_equal(n_legal(&st), 1);
    act(&st, "2D");
    act(&st, "AD");
    assert_int_equal(n_legal(&st), 1);
    assert_true(is_legal_text(&st, "KD"));
    act(&st, "KD");
    assert_int_equal(n_legal(&st), 2);
    assert_true(is_legal_text(&st, "4D") && is_legal_text(&st, "5D"));
    act(&st, "4D");
    assert_true(is_legal_text(&st, "6D") && is_legal_text(&st, "7D"));
    act(&st, "6D");
    assert_int_equal(st.res[0], CM_WIN);
    assert_int_equal(st.wins, 1);
    for (int p = 0; p < 5; p++)
        assert_memory_equal(st.won[p], st.v[p], 4);
    assert_true(st.hand[0] == mask_of("5D"));
    assert_true(st.hand[1] == mask_of("7D"));
    /* CM-27: nobody else sees them. */
    for (int viewer = 2; viewer < 5; viewer++) {
        json_t *v = cm_game.view_json(&st, viewer);
        char *text = json_dumps(v, 0);
        assert_null(strstr(text, "\"5D\""));
        assert_null(strstr(text, "\"7D\""));
        free(text);
        json_decref(v);
    }
    ch_result r;
    cm_game.result(&st, &r);
    assert_true(r.terminal);
    assert_int_equal(r.winners, 0x1f);

    /* Under CM-V1 the same first trick is lost: JH beats AH. */
    const char *kv1[] = {"dealer=0", "deals=1", "ace_high=false"};
    assert_int_equal(new_game(&st, kv1, 3, 1, order, 52, &err), CH_OK);
    t3_bids(&st);
    acts(&st, "AH,JH,8H,5H,2H");
    assert_int_equal(st.res[0], CM_WRONG_SUIT);
    assert_int_equal(st.res_by[0], 1);
    assert_int_equal(st.res_at[0], 1);
}

/* ---- The series ---- */

/* Plays the current deal to its end with the given outcome: W by CM-T16's
 * winning deal is not reachable from a random shuffle, so a win is made by
 * writing that deal's hands over the shuffled ones. */
static void play_deal(cm_state *st, int win)
{
    int d = st->deal;
    if (!win) {
        acts(st, "pass,pass,pass,pass,pass");
        assert_int_equal(st->res[d], CM_ALL_PASSED);
        return;
    }
    /* Rotate CM-T16's hands so the dealer holds the dealer's cards. */
    for (int i = 0; i < 5; i++)
        st->hand[(st->dealer + i) % 5] = mask_of(t16_hands[i]);
    const char *bids = "take H2,take S3,pass,take D1,pass,take H3,pass,take C3";
    acts(st, bids);
    acts(st, t16_plays);
    acts(st, "2D,AD,KD,4D,6D");
    assert_int_equal(st->res[d], CM_WIN);
}

/* CM-T17, CM-1, CM-5, CM-6, CM-7, CM-29: the dealer rotates; every deal is played. */
static void cm_t17_series_order_and_label(void **s)
{
    (void)s;
    const char *kv[] = {"dealer=3"};
    cm_state st;
    ch_err err;
    assert_int_equal(new_game(&st, kv, 1, 5, NULL, 0, &err), CH_OK);
    assert_int_equal(st.ndeals, 5);
    int dealers[5] = {3, 4, 0, 1, 2}, results[5] = {1, 0, 1, 1, 0};
    for (int d = 0; d < 5; d++) {
        assert_int_equal(st.deal, d);
        assert_int_equal(st.dealer, dealers[d]);
        assert_int_equal(cm_game.to_move(&st), dealers[d]);
        /* CM-7: the pool and every count start afresh. */
        assert_int_equal(st.pool, 0xFFFF);
        assert_int_equal(st.jokers, 2);
        assert_int_equal(st.total, 0);
        assert_int_equal(st.nplay, 0);
        play_deal(&st, results[d]);
        ch_result r;
        cm_game.result(&st, &r);
        assert_int_equal(r.hands, d + 1);
        assert_int_equal(r.hand_score[0], results[d]);
    }
    assert_int_equal(cm_game.to_move(&st), CH_TERMINAL);
    assert_int_equal(st.wins, 3);
    assert_string_equal(cm_label(st.wins, st.ndeals), "Good");
    ch_result r;
    cm_game.result(&st, &r);
    assert_int_equal(r.score[0], 3);
    assert_int_equal(r.winners, 0x1f);
    json_t *v = cm_game.view_json(&st, 0);
    assert_string_equal(json_string_value(json_object_get(v, "label")), "Good");
    json_decref(v);
    char text[4096];
    cm_game.render(&st, 0, CH_LANG_EN, text, sizeof text);
    assert_non_null(strstr(text, "Good"));
    /* The tally: 3 of 5 deals won, 2 ended in bidding by five passes. */
    ch_tally t[CH_MAX_TALLY];
    int n = cm_game.tally(&st, t);
    assert_int_equal(n, 15);
    const char *names[] = {"success",      "ended_in_bidding", "all_passed",
                           "lost_in_play", "label_good",       "label_great"};
    double want[] = {0.6, 0.4, 0.4, 0.0, 1.0, 0.0};
    for (int k = 0; k < 6; k++) {
        int i = 0;
        while (i < n && strcmp(t[i].name, names[k]) != 0)
            i++;
        assert_true(i < n);
        assert_float_equal(t[i].value, want[k], 1e-9);
    }
}

/* CM-T18, CM-30: the label table. */
static void cm_t18_label_table(void **s)
{
    (void)s;
    const char *want[] = {"Low", "Bad", "Average", "Good", "Great", "Excellent"};
    for (int w = 0; w <= 5; w++)
        assert_string_equal(cm_label(w, 5), want[w]);
    assert_null(cm_label(2, 3));
}

/* CM-5: the first dealer is a parameter or a uniform chance event. */
static void cm_5_first_dealer(void **s)
{
    (void)s;
    int seen[5] = {0};
    cm_state st;
    ch_err err;
    for (uint64_t seed = 0; seed < 200; seed++) {
        assert_int_equal(new_game(&st, NULL, 0, seed, NULL, 0, &err), CH_OK);
        seen[st.first_dealer]++;
    }
    for (int p = 0; p < 5; p++)
        assert_in_range(seen[p], 20, 60);
    const char *kv[] = {"dealer=4"};
    assert_int_equal(new_game(&st, kv, 1, 1, NULL, 0, &err), CH_OK);
    assert_int_equal(st.dealer, 4);
}

/* CM-8: the shuffle comes from the seed; an order replaces only the first deal. */
static void cm_8_shuffle(void **s)
{
    (void)s;
    cm_state a, b;
    ch_err err;
    const char *kv[] = {"dealer=0"};
    assert_int_equal(new_game(&a, kv, 1, 1, NULL, 0, &err), CH_OK);
    assert_int_equal(new_game(&b, kv, 1, 2, NULL, 0, &err), CH_OK);
    assert_true(a.hand[0] != b.hand[0]);
    int order[52];
    for (int i = 0; i < 52; i++)
        order[i] = i;
    assert_int_equal(new_game(&a, kv, 1, 1, order, 52, &err), CH_OK);
    acts(&a, "pass,pass,pass,pass,pass");
    assert_int_equal(a.deal, 1);
    int sorted = 1;
    for (int i = 0; i < 52 && sorted; i++)
        sorted = a.hand[(1 + i) % 5] >> i & 1;
    assert_false(sorted);
}

/* CM-28: the result record names the reason, the phase and the culprit. */
static void cm_28_result_record(void **s)
{
    (void)s;
    cm_state st;
    start(&st, NULL);
    acts(&st, "take H4,take S4,take D3");
    json_t *v = cm_game.view_json(&st, 1);
    json_t *r = json_array_get(json_object_get(v, "results"), 0);
    assert_string_equal(json_string_value(json_object_get(r, "result")), "LOSS");
    assert_string_equal(json_string_value(json_object_get(r, "reason")), "BID_OVER_10");
    assert_string_equal(json_string_value(json_object_get(r, "phase")), "bidding");
    assert_int_equal(json_integer_value(json_object_get(r, "at")), 3);
    assert_int_equal(json_integer_value(json_object_get(r, "by")), 2);
    json_decref(v);
    ch_result res;
    cm_game.result(&st, &res);
    assert_int_equal(res.winners, 0);
    assert_int_equal(res.score[3], 0);
    for (int p = 0; p < 5; p++)
        assert_int_equal(res.rank[p], 1);
}

/* Drops what only the viewer may see, leaving the public part of a view. */
static json_t *public_part(const cm_state *st, int viewer)
{
    json_t *v = cm_game.view_json(st, viewer);
    json_object_del(v, "viewer");
    json_t *seat;
    size_t i;
    json_array_foreach(json_object_get(v, "seats"), i, seat) json_object_del(seat, "hand");
    return v;
}

/* CM-31, CM-4, E24: views show bids, per-suit counts and played cards to
 * all, a hand only to its owner; nothing else differs between seats. */
static void cm_31_views_share_only_public_facts(void **s)
{
    (void)s;
    int order[52];
    order_from_hands(t16_hands, 0, order);
    const char *kv[] = {"dealer=0", "deals=1"};
    cm_state st;
    ch_err err;
    assert_int_equal(new_game(&st, kv, 2, 1, order, 52, &err), CH_OK);
    t3_bids(&st);
    acts(&st, "AH,JH,8H,5H,2H,KH,10H");
    json_t *v = cm_game.view_json(&st, 2);
    json_t *seats = json_object_get(v, "seats");
    for (int p = 0; p < 5; p++)
        assert_int_equal(json_object_get(json_array_get(seats, (size_t)p), "hand") != NULL, p == 2);
    json_t *p0 = json_array_get(seats, 0);
    assert_int_equal(json_integer_value(json_array_get(json_object_get(p0, "bid"), H)), 3);
    assert_int_equal(json_integer_value(json_array_get(json_object_get(p0, "won"), H)), 1);
    json_t *tricks = json_object_get(v, "tricks");
    assert_int_equal(json_array_size(tricks), 2);
    assert_int_equal(json_integer_value(json_object_get(json_array_get(tricks, 0), "winner")), 0);
    json_decref(v);
    for (int p = 1; p < 5; p++) {
        json_t *a = public_part(&st, 0), *b = public_part(&st, p);
        assert_true(json_equal(a, b));
        json_decref(a);
        json_decref(b);
    }
    /* The board shows each seat's bids and tricks per suit, each figure
     * right under its suit (P0 bid 3 and won 1 in hearts), the seat named
     * after them; cards as a player says them (issue 24). */
    char text[4096];
    cm_game.render(&st, 2, CH_LANG_EN, text, sizeof text);
    assert_non_null(strstr(text, "  bid ♠ ♥ ♦ ♣   won ♠ ♥ ♦ ♣  cards\n"
                                 "      0 3 0 0       0 1 0 0"));
    assert_non_null(strstr(text, "   {P0} (dealer)"));
    assert_non_null(strstr(text, "   {P2} (you)"));
    assert_non_null(strstr(text, "{P0} A♥, {P1} J♥, {P2} 8♥, {P3} 5♥, {P4} 2♥, won by {P0}"));
    assert_non_null(strstr(text, "your hand:"));
    assert_null(strstr(text, "'s hand:")); /* nobody else's */
}

/* CM-V2: takes that would pass 10 are not offered; PASS always is. */
static void cm_v2_safe_bids(void **s)
{
    (void)s;
    cm_state st;
    start(&st, "safe_bids=true");
    acts(&st, "take H2,take S4,take D3,pass,pass");
    ch_action a[32];
    int n = cm_game.legal(&st, a);
    assert_int_equal(n, 9); /* pass, [H3] [S1] [D1] [C1], 4 jokers */
    assert_true(is_legal_text(&st, "take H3") && is_legal_text(&st, "take S1") &&
                is_legal_text(&st, "take D1") && is_legal_text(&st, "take C1") &&
                is_legal_text(&st, "joker C") && is_legal_text(&st, "pass"));
    assert_false(is_legal_text(&st, "take H4"));
    assert_false(is_legal_text(&st, "take C2"));
    act(&st, "take C1");
    assert_string_equal(cm_game.phase(&st), "play");
}

/* CM-T20, CM-V3: three players, 5..K, 12 cards each, target 12, no jokers. */
static void cm_t20_three_players(void **s)
{
    (void)s;
    int order[36], k = 0;
    for (int f = 0; f < 52; f++)
        if (cm_deck_mask(3) >> f & 1) order[k++] = f;
    assert_int_equal(k, 36);
    const char *kv[] = {"players=3", "dealer=0", "deals=1"};
    cm_state st;
    ch_err err;
    assert_int_equal(new_game(&st, kv, 3, 1, order, 36, &err), CH_OK);
    for (int i = 0; i < 36; i++)
        assert_true(st.hand[(1 + i) % 3] >> order[i] & 1);
    for (int p = 0; p < 3; p++)
        assert_int_equal(__builtin_popcountll(st.hand[p]), 12);
    assert_int_equal(cm_game.to_move(&st), 0);
    assert_int_equal(n_legal(&st), 17);
    assert_false(is_legal_text(&st, "joker S"));
    acts(&st, "take S4,take C1,take D4,pass,take C3,pass");
    assert_int_equal(st.total, 11);
    act(&st, "take H1");
    assert_int_equal(st.total, 12);
    assert_string_equal(cm_game.phase(&st), "play");
    assert_int_equal(cm_game.to_move(&st), 0);
    assert_int_equal(st.target, 12);

    assert_int_equal(new_game(&st, kv, 3, 1, order, 36, &err), CH_OK);
    acts(&st, "take S4,pass,pass,pass");
    assert_int_equal(st.res[0], CM_ALL_PASSED);
    assert_int_equal(st.res_at[0], 4);

    /* Twelve tricks are played: find a deal the heuristic team wins. */
    const char *kv2[] = {"players=3", "deals=1"};
    ch_bot bot;
    assert_int_equal(ch_bot_init(&bot, &cm_game, "heuristic", 1, &err), CH_OK);
    int full = 0;
    for (uint64_t seed = 0; seed < 3000 && !full; seed++) {
        assert_int_equal(new_game(&st, kv2, 2, seed, NULL, 0, &err), CH_OK);
        while (cm_game.to_move(&st) != CH_TERMINAL)
            cm_game.apply(&st, ch_bot_act(&bot, &st, cm_game.to_move(&st)));
        full = st.res[0] == CM_WIN;
    }
    assert_true(full);
    assert_int_equal(st.res_at[0], 12);
    assert_int_equal(st.trick, 12);
    for (int p = 0; p < 3; p++)
        assert_int_equal(st.hand[p], 0); /* no leftovers with 3 players */
}

/* CM-V4: the series length, the dealers still rotating; 3 deals for 3 players. */
static void cm_v4_series_length(void **s)
{
    (void)s;
    const char *kv[] = {"deals=2", "dealer=4"};
    cm_state st;
    ch_err err;
    assert_int_equal(new_game(&st, kv, 2, 1, NULL, 0, &err), CH_OK);
    acts(&st, "pass,pass,pass,pass,pass");
    assert_int_equal(st.dealer, 0);
    acts(&st, "pass,pass,pass,pass,pass");
    assert_int_equal(cm_game.to_move(&st), CH_TERMINAL);
    assert_null(cm_label(st.wins, st.ndeals));
    const char *kv3[] = {"players=3"};
    assert_int_equal(new_game(&st, kv3, 1, 1, NULL, 0, &err), CH_OK);
    assert_int_equal(st.ndeals, 3);
}

/* Option combinations the rules do not define are refused by name. */
static void options_are_checked(void **s)
{
    (void)s;
    cm_state st;
    ch_err err;
    const char *four[] = {"players=4"};
    assert_int_equal(new_game(&st, four, 1, 1, NULL, 0, &err), CH_EINVAL);
    assert_non_null(strstr(err.msg, "players"));
    const char *ace[] = {"players=3", "ace_high=false"};
    assert_int_equal(new_game(&st, ace, 2, 1, NULL, 0, &err), CH_EINVAL);
    assert_non_null(strstr(err.msg, "ace_high"));
    const char *dealer[] = {"players=3", "dealer=3"};
    assert_int_equal(new_game(&st, dealer, 2, 1, NULL, 0, &err), CH_EINVAL);
    assert_non_null(strstr(err.msg, "dealer"));
}

static void card_order_is_checked(void **s)
{
    (void)s;
    cm_state st;
    ch_err err;
    int order[52];
    for (int i = 0; i < 52; i++)
        order[i] = i;
    assert_int_equal(new_game(&st, NULL, 0, 1, order, 51, &err), CH_EINVAL);
    assert_non_null(strstr(err.msg, "51"));
    order[7] = 3;
    assert_int_equal(new_game(&st, NULL, 0, 1, order, 52, &err), CH_EINVAL);
    assert_non_null(strstr(err.msg, "twice"));
    const char *kv[] = {"players=3"};
    assert_int_equal(new_game(&st, kv, 1, 1, order, 36, &err), CH_EINVAL);
    assert_non_null(strstr(err.msg, "2S"));
}

/* Notation: play cards as the spec writes them, bid cards in brackets. */
static void notation_round_trips(void **s)
{
    (void)s;
    char t[16];
    for (int f = 0; f < CM_FACES; f++) {
        int back = -1;
        cm_game.card_text(f, t, sizeof t);
        assert_int_equal(cm_game.card_parse(t, &back), CH_OK);
        assert_int_equal(back, f);
    }
    assert_int_equal(face("10h"), H * 13 + 8);
    assert_int_equal(face("AS"), 12);
    assert_int_equal(face("[H2]"), CM_FACE_BID + 5);
    assert_int_equal(face("JK"), CM_FACE_JOKER);
    int f;
    assert_int_equal(cm_game.card_parse("1H", &f), CH_EINVAL);
    assert_int_equal(cm_game.card_parse("[H5]", &f), CH_EINVAL);
    cm_state st;
    start(&st, NULL);
    cm_game.action_text(&st, CM_TAKE(H, 2), t, sizeof t);
    assert_string_equal(t, "take H2");
    cm_game.action_text(&st, CM_JOKER(C), t, sizeof t);
    assert_string_equal(t, "joker C");
    cm_game.action_text(&st, CM_PASS, t, sizeof t);
    assert_string_equal(t, "pass");
    cm_game.action_text(&st, CM_PLAY(face("10D")), t, sizeof t);
    assert_string_equal(t, "10D");
    char name[128];
    cm_game.action_name(&st, CM_TAKE(H, 2), 1, CH_LANG_JA, name, sizeof name);
    assert_non_null(strstr(name, "ハート"));
}

/* Every physical card is somewhere: 52 + 16 + 2, with the 3-player spares. */
static void census_counts_the_whole_box(void **s)
{
    (void)s;
    static ch_census c;
    ch_err err;
    cm_state st;
    start(&st, NULL);
    acts(&st, "take H2,joker S,take H3");
    memset(&c, 0, sizeof c);
    cm_game.census(&st, 1, &c);
    assert_int_equal(c.n, 70);
    assert_int_equal(ch_census_check(&cm_game, &c, &err), CH_OK);
    const char *kv[] = {"players=3"};
    assert_int_equal(new_game(&st, kv, 1, 1, NULL, 0, &err), CH_OK);
    memset(&c, 0, sizeof c);
    cm_game.census(&st, 0, &c);
    assert_int_equal(ch_census_check(&cm_game, &c, &err), CH_OK);
}

/* E24, hidden hands: resampling deals the unseen cards at random but never
 * breaks a shown void, even when the voids leave few deals: here seat 1 may
 * hold only spades and hearts, seat 2 only clubs, seat 3 anything. */
static void resample_deal_keeps_voids_and_varies(void **s)
{
    (void)s;
    uint8_t cards[30];
    int n = 0;
    for (int f = 0; f < 52 && n < 30; f++)
        if (f / 13 != 2) cards[n++] = (uint8_t)f; /* no diamonds: 13 S, 13 H, 4 C */
    const int need[CM_SEATS] = {0, 12, 4, 14, 0};
    const unsigned voids[CM_SEATS] = {0, 1u << 2 | 1u << 3, 1u << 0 | 1u << 1 | 1u << 2, 0, 0};
    ch_rng rng;
    ch_rng_seed(&rng, 7, 1);
    uint64_t first[CM_SEATS] = {0};
    int differs = 0;
    for (int k = 0; k < 500; k++) {
        uint64_t hand[CM_SEATS];
        cm_deal_constrained(cards, n, need, voids, 5, &rng, hand);
        uint64_t all = 0;
        for (int p = 0; p < 5; p++) {
            assert_int_equal(__builtin_popcountll(hand[p]), need[p]);
            for (int su = 0; su < 4; su++)
                if (voids[p] >> su & 1) assert_true((hand[p] >> (13 * su) & 0x1FFFull) == 0);
            assert_true((all & hand[p]) == 0);
            all |= hand[p];
        }
        assert_int_equal(__builtin_popcountll(all), n);
        if (k == 0) memcpy(first, hand, sizeof first);
        differs += memcmp(first, hand, sizeof first) != 0;
    }
    assert_true(differs > 400); /* random, not one fixed answer */
}

/* cm_resample on real deals late in play, where the heuristic team has shown
 * voids: the viewer's hand and the shown voids stay, the hidden hands are a
 * fresh deal each time (never the true hands handed back). */
static void resample_late_deals_keep_voids(void **s)
{
    (void)s;
    const char *kv[] = {"safe_bids=true"};
    ch_err err;
    ch_bot b;
    assert_int_equal(ch_bot_init(&b, &cm_game, "heuristic", 3, &err), CH_OK);
    ch_rng rng;
    ch_rng_seed(&rng, 9, 1);
    int states = 0, with_voids = 0;
    for (uint64_t seed = 1; states < 12 && seed < 400; seed++) {
        cm_state st;
        assert_int_equal(new_game(&st, kv, 1, seed, NULL, 0, &err), CH_OK);
        while (st.deal == 0 && !(st.phase == CM_PH_PLAY && st.trick == 6))
            cm_game.apply(&st, ch_bot_act(&b, &st, st.to_move));
        if (st.deal) continue;
        states++;
        int me = st.to_move, differs = 0, voids = 0;
        for (int p = 0; p < 5; p++)
            voids += p != me && st.voids[p];
        with_voids += voids > 0;
        for (int k = 0; k < 100; k++) {
            cm_state r = st;
            cm_game.resample(&r, me, &rng);
            assert_true(r.hand[me] == st.hand[me]);
            for (int p = 0; p < 5; p++) {
                assert_int_equal(__builtin_popcountll(r.hand[p]), __builtin_popcountll(st.hand[p]));
                for (int su = 0; su < 4; su++)
                    if (st.voids[p] >> su & 1)
                        assert_true((r.hand[p] >> (13 * su) & 0x1FFFull) == 0);
            }
            differs += memcmp(r.hand, st.hand, sizeof r.hand) != 0;
        }
        assert_true(differs >= 90);
    }
    assert_int_equal(states, 12);
    assert_true(with_voids >= 6);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(cm_t1_deal_order_and_sizes),
        cmocka_unit_test(cm_t2_first_bidding_turn),
        cmocka_unit_test(cm_t3_cover_and_stop_partway),
        cmocka_unit_test(cm_t4_jokers_up_to_five),
        cmocka_unit_test(cm_15_two_jokers_make_six),
        cmocka_unit_test(cm_t5_joker_new_suit_then_covered),
        cmocka_unit_test(cm_t6_going_over_ten),
        cmocka_unit_test(cm_t7_five_passes_across_rounds),
        cmocka_unit_test(cm_t8_rounds_exhausted),
        cmocka_unit_test(cm_t9_ten_on_turn_fifteen),
        cmocka_unit_test(cm_t10_reason_order),
        cmocka_unit_test(cm_t11_fitting_take_always_exists),
        cmocka_unit_test(cm_19_no_fitting_bid_check),
        cmocka_unit_test(cm_t19_illegal_actions_rejected),
        cmocka_unit_test(resample_deal_keeps_voids_and_varies),
        cmocka_unit_test(resample_late_deals_keep_voids),
        cmocka_unit_test(cm_16_pass_keeps_bid),
        cmocka_unit_test(cm_t12_wrong_suit),
        cmocka_unit_test(cm_t13_over_bid),
        cmocka_unit_test(cm_t14_follow_suit),
        cmocka_unit_test(cm_t15_ace_rank),
        cmocka_unit_test(cm_t16_full_winning_deal),
        cmocka_unit_test(cm_t17_series_order_and_label),
        cmocka_unit_test(cm_t18_label_table),
        cmocka_unit_test(cm_5_first_dealer),
        cmocka_unit_test(cm_8_shuffle),
        cmocka_unit_test(cm_28_result_record),
        cmocka_unit_test(cm_31_views_share_only_public_facts),
        cmocka_unit_test(cm_v2_safe_bids),
        cmocka_unit_test(cm_t20_three_players),
        cmocka_unit_test(cm_v4_series_length),
        cmocka_unit_test(cm_12_bid_list_follows_the_rules),
        cmocka_unit_test(options_are_checked),
        cmocka_unit_test(card_order_is_checked),
        cmocka_unit_test(notation_round_trips),
        cmocka_unit_test(census_counts_the_whole_box),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
