/* Rack-O rules, one test per rule of docs/rules/racko.md (IDs in the test
 * names or comments), and every acceptance scenario RK-T1..RK-T21. Scenario
 * positions are dealt from explicit card orders, so they are states the
 * game itself produces; only the mid-round positions of RK-T12 and the
 * running totals of RK-T14..T17 are written into the state directly. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "cardhall/match.h"
#include "cardhall/racko.h"

static rk_state S;

/* Sets S up from options and an optional card order; fails the test on error. */
static void start(const char *const *kv, int nkv, const int *order, int n_order, uint64_t seed)
{
    ch_opts o;
    ch_err err;
    if (ch_opts_parse(&o, rk_game.opts, rk_game.n_opts, kv, nkv, &err) != CH_OK)
        fail_msg("%s", err.msg);
    if (ch_setup(&rk_game, &S, &o, seed, order, n_order, &err) != CH_OK) fail_msg("%s", err.msg);
}

static int setup_error(const char *const *kv, int nkv, const int *order, int n_order, ch_err *err)
{
    ch_opts o;
    int rc = ch_opts_parse(&o, rk_game.opts, rk_game.n_opts, kv, nkv, err);
    if (rc != CH_OK) return rc;
    rk_state tmp;
    return ch_setup(&rk_game, &tmp, &o, 1, order, n_order, err);
}

/* A deal order giving seat p the rack racks[p] (front to back), then the
 * upcard, then the deck (top first); other cards go below, in rising order. */
static int order_for(int n, int dealer, const int racks[][RK_SLOTS], int upcard, const int *deck,
                     int ndeck, int *d)
{
    int N = RK_SLOTS * n + RK_OUTSIDE, used[RK_MAX_CARD + 1] = {0}, k = 0;
    for (int j = 0; j < RK_SLOTS * n; j++)
        d[k++] = racks[(dealer + 1 + j % n) % n][RK_SLOTS - 1 - j / n];
    d[k++] = upcard;
    for (int i = 0; i < ndeck; i++)
        d[k++] = deck[i];
    for (int i = 0; i < k; i++)
        used[d[i]]++;
    for (int c = 1; c <= N; c++)
        if (!used[c]) d[k++] = c;
    assert_int_equal(k, N);
    return N;
}

/* Deals the scenario with first_dealer=dealer and the extra options kv. */
static void deal(int n, int dealer, const int racks[][RK_SLOTS], int upcard, const int *deck,
                 int ndeck, const char *const *kv, int nkv)
{
    char players[32], first[32];
    snprintf(players, sizeof players, "players=%d", n);
    snprintf(first, sizeof first, "first_dealer=%d", dealer);
    const char *all[12] = {players, first};
    for (int i = 0; i < nkv; i++)
        all[2 + i] = kv[i];
    int d[RK_MAX_CARD];
    int N = order_for(n, dealer, racks, upcard, deck, ndeck, d);
    start(all, 2 + nkv, d, N, 7);
    assert_int_equal(S.hands, 0); /* no scenario starts with a round already over */
}

static void act(const char *text)
{
    ch_action a;
    ch_err err;
    if (ch_parse_action(&rk_game, &S, text, &a, &err) != CH_OK) fail_msg("%s: %s", text, err.msg);
    if (ch_apply(&rk_game, &S, a, &err) != CH_OK) fail_msg("%s: %s", text, err.msg);
}

static int legal_texts(char out[][16])
{
    ch_action a[RK_NACTIONS];
    int n = rk_game.legal(&S, a);
    for (int i = 0; i < n; i++)
        rk_game.action_text(&S, a[i], out[i], 16);
    return n;
}

static int is_legal_text(const char *text)
{
    ch_action a;
    return ch_parse_action(&rk_game, &S, text, &a, NULL) == CH_OK;
}

static void assert_rack(int p, const int *want)
{
    for (int i = 0; i < RK_SLOTS; i++)
        if (S.rack[p][i] != want[i])
            fail_msg("seat %d slot #%d: %d, expected %d", p, 5 * (i + 1), S.rack[p][i], want[i]);
}

static int top_discard(void)
{
    return S.disc[S.ndisc - 1];
}

static int deck_top(void)
{
    return S.deck[S.ndeck - 1];
}

/* The deal of RK-T2: 3 players, seat 0 deals, card 1 on top, 50 at the bottom. */
static void deal_in_order(void)
{
    int d[50];
    for (int j = 0; j < 50; j++)
        d[j] = j + 1;
    const char *kv[] = {"players=3", "first_dealer=0"};
    start(kv, 2, d, 50, 1);
}

/* ---- Definitions ---- */

static void rk1_prefix_rk41_scores(void **st)
{
    (void)st;
    const uint8_t a[] = {3, 8, 12, 17, 25, 31, 22, 40, 45, 52};   /* RK-T5 */
    const uint8_t b[] = {20, 10, 30, 35, 40, 45, 50, 55, 57, 60}; /* RK-T6 */
    const uint8_t c[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
    assert_int_equal(rk_prefix(a), 6); /* RK-1: 30 points (RK-41) */
    assert_int_equal(rk_prefix(b), 1); /* RK-41: never below 5 points */
    assert_int_equal(rk_prefix(c), 10);
}

static void rk2_racko_needs_all_ten_rising(void **st)
{
    (void)st;
    const uint8_t yes[] = {3, 8, 11, 15, 19, 24, 28, 31, 36, 39};
    const uint8_t no[] = {3, 8, 11, 15, 19, 24, 28, 31, 39, 36};
    assert_true(rk_is_racko(yes)); /* RK-2: not consecutive, still a Rack-O */
    assert_false(rk_is_racko(no));
}

static void rk3_longest_run(void **st)
{
    (void)st;
    const uint8_t a[] = {3, 7, 12, 24, 25, 26, 30, 41, 42, 50};
    const uint8_t b[] = {2, 4, 6, 8, 10, 12, 14, 16, 18, 20};
    const uint8_t c[] = {31, 32, 33, 34, 35, 36, 37, 38, 39, 40};
    assert_int_equal(rk_longest_run(a), 3); /* RK-3 */
    assert_int_equal(rk_longest_run(b), 1);
    assert_int_equal(rk_longest_run(c), 10);
}

/* RK-4: a swap changes exactly one slot; nothing else can move a card. */
static void rk4_no_rearranging(void **st)
{
    (void)st;
    const char *kv[] = {"players=2", "first_dealer=0"};
    start(kv, 2, NULL, 0, 11);
    int p = S.turn;
    uint8_t before[RK_SLOTS];
    memcpy(before, S.rack[p], RK_SLOTS);
    int card = top_discard();
    act("take");
    act("swap 25");
    for (int i = 0; i < RK_SLOTS; i++)
        assert_int_equal(S.rack[p][i], i == 4 ? card : before[i]);
    char t[RK_NACTIONS][16];
    int n = legal_texts(t);
    for (int i = 0; i < n; i++)
        assert_true(!strcmp(t[i], "draw") || !strcmp(t[i], "take"));
}

/* ---- Setup ---- */

/* RK-T1, RK-10: deck sizes and what the deal leaves outside the racks. */
static void rkT1_deck_sizes(void **st)
{
    (void)st;
    for (int n = 2; n <= 4; n++) {
        char players[16];
        snprintf(players, sizeof players, "players=%d", n);
        const char *kv[] = {players};
        start(kv, 1, NULL, 0, (uint64_t)n);
        int N = 10 * n + 20, seen[RK_MAX_CARD + 1] = {0};
        assert_int_equal(S.deck_size, N);
        assert_int_equal(S.ndeck, 19);
        assert_int_equal(S.ndisc, 1);
        for (int p = 0; p < n; p++)
            for (int i = 0; i < RK_SLOTS; i++)
                seen[S.rack[p][i]]++;
        for (int k = 0; k < S.ndeck; k++)
            seen[S.deck[k]]++;
        seen[S.disc[0]]++;
        for (int c = 1; c <= RK_MAX_CARD; c++)
            assert_int_equal(seen[c], c <= N); /* 41..60 / 51..60 stay out */
    }
}

/* RK-11: every total starts at 0, team totals too. */
static void rk11_scores_start_at_zero(void **st)
{
    (void)st;
    const char *kv[] = {"players=4", "partnership=true"};
    start(kv, 2, NULL, 0, 5);
    ch_result r;
    rk_game.result(&S, &r);
    for (int p = 0; p < 4; p++)
        assert_int_equal(r.score[p], 0);
    assert_int_equal(rk_team_score(&S, 0), 0);
    assert_int_equal(rk_team_score(&S, 1), 0);
    assert_int_equal(r.hands, 0);
}

/* RK-12: the first dealer can be given; a seat that does not exist is an error. */
static void rk12_first_dealer_option(void **st)
{
    (void)st;
    const char *kv[] = {"players=3", "first_dealer=2"};
    start(kv, 2, NULL, 0, 99);
    assert_int_equal(S.dealer, 2);
    assert_int_equal(S.turn, 0);
    assert_int_equal(S.dealer_draw[0], 0); /* no draw was made */
    ch_err err;
    const char *bad[] = {"players=2", "first_dealer=3"};
    assert_int_equal(setup_error(bad, 2, NULL, 0, &err), CH_EINVAL);
    assert_non_null(strstr(err.msg, "first_dealer"));
}

/* RK-13: without first_dealer, each seat draws a card and the highest deals. */
static void rk13_highest_card_deals(void **st)
{
    (void)st;
    int dealt[4] = {0};
    for (uint64_t seed = 0; seed < 200; seed++) {
        const char *kv[] = {"players=4"};
        start(kv, 1, NULL, 0, seed);
        int best = 0;
        for (int p = 0; p < 4; p++) {
            assert_true(S.dealer_draw[p] >= 1 && S.dealer_draw[p] <= 60);
            if (S.dealer_draw[p] > S.dealer_draw[best]) best = p;
        }
        assert_int_equal(S.dealer, best);
        dealt[best]++;
    }
    for (int p = 0; p < 4; p++)
        assert_true(dealt[p] > 20); /* every seat deals sometimes */
}

/* RK-14: the dealer has a rack and takes turns like everyone else. */
static void rk14_dealer_plays(void **st)
{
    (void)st;
    const char *kv[] = {"players=2", "first_dealer=0"};
    start(kv, 2, NULL, 0, 3);
    assert_int_equal(S.turn, 1);
    act("draw");
    act("discard");
    assert_int_equal(S.turn, 0);
    assert_int_equal(rk_game.to_move(&S), 0);
}

/* RK-15: the round's shuffle comes from the seed: same seed, same deal. */
static void rk15_shuffle_from_seed(void **st)
{
    (void)st;
    const char *kv[] = {"players=3", "first_dealer=0"};
    start(kv, 2, NULL, 0, 1234);
    rk_state a = S;
    start(kv, 2, NULL, 0, 1234);
    assert_memory_equal(&a, &S, sizeof S);
    start(kv, 2, NULL, 0, 1235);
    assert_memory_not_equal(a.rack, S.rack, sizeof S.rack);
}

/* RK-T2, RK-16, RK-17, RK-20: deal order and slot placement. */
static void rkT2_deal_order_and_slots(void **st)
{
    (void)st;
    deal_in_order();
    const int s1[] = {28, 25, 22, 19, 16, 13, 10, 7, 4, 1};
    const int s2[] = {29, 26, 23, 20, 17, 14, 11, 8, 5, 2};
    const int s0[] = {30, 27, 24, 21, 18, 15, 12, 9, 6, 3};
    assert_rack(1, s1);
    assert_rack(2, s2);
    assert_rack(0, s0);
    assert_int_equal(top_discard(), 31);
    assert_int_equal(S.ndeck, 19);
    assert_int_equal(deck_top(), 32);
    assert_int_equal(S.deck[0], 50);
    assert_int_equal(rk_game.to_move(&S), 1); /* RK-20: the dealer's left */
    for (int p = 0; p < 3; p++)
        assert_int_equal(rk_prefix(S.rack[p]), 1);
}

/* A bad card order is an error naming the problem, and changes nothing. */
static void rk16_bad_card_order(void **st)
{
    (void)st;
    ch_err err;
    int d[40];
    for (int j = 0; j < 40; j++)
        d[j] = j + 1;
    const char *kv[] = {"players=2"};
    assert_int_equal(setup_error(kv, 1, d, 39, &err), CH_EINVAL);
    assert_non_null(strstr(err.msg, "39 cards"));
    d[5] = 7;
    assert_int_equal(setup_error(kv, 1, d, 40, &err), CH_EINVAL);
    assert_non_null(strstr(err.msg, "twice"));
    d[5] = 45;
    assert_int_equal(setup_error(kv, 1, d, 40, &err), CH_EINVAL);
    assert_non_null(strstr(err.msg, "45"));
}

/* RK-18: a player sees their own rack and nobody else's. */
static void rk18_own_rack_only(void **st)
{
    (void)st;
    const char *kv[] = {"players=3", "first_dealer=0"};
    start(kv, 2, NULL, 0, 8);
    json_t *v = rk_game.view_json(&S, 1);
    json_t *racks = json_object_get(v, "racks");
    for (int i = 0; i < RK_SLOTS; i++) {
        assert_int_equal(json_integer_value(json_array_get(json_array_get(racks, 1), (size_t)i)),
                         S.rack[1][i]);
        assert_true(json_is_null(json_array_get(json_array_get(racks, 0), (size_t)i)));
        assert_true(json_is_null(json_array_get(json_array_get(racks, 2), (size_t)i)));
    }
    assert_null(json_object_get(v, "deck")); /* nor the deck order */
    json_decref(v);
}

/* ---- The turn ---- */

/* RK-T3, RK-23: taking the discard forces a swap. */
static void rkT3_take_forces_swap(void **st)
{
    (void)st;
    deal_in_order();
    act("take");
    char t[RK_NACTIONS][16];
    assert_int_equal(legal_texts(t), 10);
    assert_false(is_legal_text("discard"));
    act("swap 50");
    const int s1[] = {28, 25, 22, 19, 16, 13, 10, 7, 4, 31};
    assert_rack(1, s1);
    assert_int_equal(S.ndisc, 1);
    assert_int_equal(top_discard(), 1);
    assert_int_equal(S.ndeck, 19);
    assert_int_equal(deck_top(), 32);
    /* Everyone now knows #50 of seat 1. */
    assert_true(S.known[1] & (1u << 9));
    json_t *v = rk_game.view_json(&S, 0);
    assert_int_equal(
        json_integer_value(json_array_get(json_array_get(json_object_get(v, "racks"), 1), 9)), 31);
    json_decref(v);
    assert_int_equal(S.turn, 2);
}

/* RK-T4, RK-24, RK-25: drawing from the deck; the drawn card is private. */
static void rkT4_draw_from_deck(void **st)
{
    (void)st;
    deal_in_order();
    act("take");
    act("swap 50");
    act("draw");
    assert_int_equal(S.hand, 32);
    char t[RK_NACTIONS][16];
    assert_int_equal(legal_texts(t), 11);
    json_t *mine = rk_game.view_json(&S, 2), *theirs = rk_game.view_json(&S, 0);
    assert_int_equal(json_integer_value(json_object_get(mine, "in_hand")), 32);
    assert_string_equal(json_string_value(json_object_get(theirs, "in_hand")), "?");
    json_decref(mine);
    json_decref(theirs);
    uint8_t rack[RK_SLOTS];
    memcpy(rack, S.rack[2], RK_SLOTS);
    act("discard");
    assert_int_equal(S.ndisc, 2);
    assert_int_equal(S.disc[0], 1);
    assert_int_equal(S.disc[1], 32);
    assert_memory_equal(rack, S.rack[2], RK_SLOTS);
    assert_int_equal(S.ndeck, 18); /* RK-25: one card left the deck */
    assert_int_equal(deck_top(), 33);
}

/* RK-T21, RK-21, RK-22: action counts, no pass, and a swap that hurts is legal. */
static void rkT21_action_counts_no_pass(void **st)
{
    (void)st;
    int racks[4][RK_SLOTS];
    for (int i = 0; i < RK_SLOTS; i++) {
        racks[0][i] = 40 - i;               /* 40 .. 31 */
        racks[1][i] = i < 9 ? 21 + i : 11;  /* 21 .. 29, 11: p = 9 */
        racks[2][i] = i == 0 ? 30 : 21 - i; /* 30, 20 .. 12 */
        racks[3][i] = 10 - i;               /* 10 .. 1 */
    }
    const int deck[] = {60};
    deal(4, 0, (const int(*)[RK_SLOTS])racks, 41, deck, 1, NULL, 0);
    char t[RK_NACTIONS][16];
    assert_int_equal(legal_texts(t), 2);
    assert_string_equal(t[0], "draw");
    assert_string_equal(t[1], "take");
    assert_false(is_legal_text("pass"));
    assert_false(is_legal_text("declare"));
    act("draw");
    assert_int_equal(legal_texts(t), 11);
    act("swap 5"); /* 60 into #5: legal, and p drops from 9 to 1 */
    assert_int_equal(S.rack[1][0], 60);
    assert_int_equal(rk_prefix(S.rack[1]), 1);
    act("take");
    assert_int_equal(legal_texts(t), 10);
}

/* RK-T12, RK-26, RK-27: deck exhaustion. */
static void exhaustion_position(void)
{
    const int racks[2][RK_SLOTS] = {{20, 2, 4, 6, 8, 10, 12, 14, 16, 18},
                                    {1, 3, 5, 7, 9, 11, 13, 15, 19, 17}};
    const int deck[] = {40};
    deal(2, 0, racks, 21, deck, 1, NULL, 0);
    /* Mid-round: the discard pile has grown to 21..39, one card is left. */
    for (int k = 0; k < 19; k++)
        S.disc[k] = (uint8_t)(21 + k);
    S.ndisc = 19;
    S.deck[0] = 40;
    S.ndeck = 1;
    assert_int_equal(S.turn, 1);
}

static void rkT12a_turnover_without_shuffle(void **st)
{
    (void)st;
    exhaustion_position();
    act("draw");
    assert_int_equal(S.ndeck, 0); /* RK-27: the turn goes on with an empty deck */
    act("discard");
    assert_int_equal(S.ndeck, 19);
    for (int k = 0; k < 19; k++)
        assert_int_equal(S.deck[S.ndeck - 1 - k], 22 + k); /* 22 on top ... 40 at the bottom */
    assert_int_equal(S.ndisc, 1);
    assert_int_equal(S.disc[0], 21);
    assert_int_equal(S.turn, 0);
    ch_tally t[CH_MAX_TALLY]; /* the turnover is counted for designers */
    assert_int_equal(rk_game.tally(&S, t), 3);
    assert_string_equal(t[1].name, "deck_turnovers");
    assert_true(t[1].value == 1.0);
    /* Both players know what comes next: the deck order is public. */
    json_t *v = rk_game.view_json(&S, 0);
    json_t *deck = json_object_get(v, "deck");
    assert_int_equal(json_array_size(deck), 19);
    assert_int_equal(json_integer_value(json_array_get(deck, 0)), 22);
    json_decref(v);
    /* ... even which card an opponent then draws. */
    act("draw");
    v = rk_game.view_json(&S, 1);
    assert_int_equal(json_integer_value(json_object_get(v, "in_hand")), 22);
    json_decref(v);
}

static void rkT12b_declare_before_turnover(void **st)
{
    (void)st;
    exhaustion_position();
    act("draw");
    act("swap 50"); /* RK-34: the round ends; no turnover */
    assert_int_equal(S.hands, 1);
    assert_int_equal(S.last_declarer, 1);
    assert_int_equal(S.last[1], 75);
    assert_int_equal(S.last[0], 5);
    const int want[] = {1, 3, 5, 7, 9, 11, 13, 15, 19, 40};
    for (int i = 0; i < RK_SLOTS; i++)
        assert_int_equal(S.last_rack[1][i], want[i]);
}

static void rkT12c_turnover_keeps_order(void **st)
{
    (void)st;
    exhaustion_position();
    act("draw");
    act("swap 5");
    assert_int_equal(S.rack[1][0], 40);
    assert_int_equal(S.ndeck, 19);
    for (int k = 0; k < 18; k++)
        assert_int_equal(S.deck[S.ndeck - 1 - k], 22 + k);
    assert_int_equal(S.deck[0], 1); /* the card just discarded is now at the bottom */
    assert_int_equal(S.disc[0], 21);
    assert_int_equal(S.ndisc, 1);
}

/* RK-27: no turn ever starts with an empty deck, over many played rounds. */
static void rk27_no_turn_starts_with_empty_deck(void **st)
{
    (void)st;
    const char *kv[] = {"players=2", "target_score=200"};
    ch_bot b;
    assert_int_equal(ch_bot_init(&b, &rk_game, "heuristic", 1, NULL), CH_OK);
    int turnovers = 0;
    for (uint64_t seed = 0; seed < 30; seed++) {
        start(kv, 1, NULL, 0, seed);
        while (rk_game.to_move(&S) != CH_TERMINAL) {
            if (S.phase == RK_PH_START) assert_true(S.ndeck > 0 && S.ndisc > 0);
            int before = S.deck_public;
            rk_game.apply(&S, ch_bot_act(&b, &S, S.turn));
            turnovers += !before && S.deck_public;
        }
    }
    assert_true(turnovers > 0);
}

/* ---- Declaring and the end of a round ---- */

static const int T7_RACKS[3][RK_SLOTS] = {
    {2, 7, 15, 11, 20, 30, 36, 40, 45, 47},
    {12, 5, 1, 3, 6, 8, 10, 14, 16, 17},
    {4, 9, 13, 18, 22, 27, 50, 38, 44, 49},
};

/* RK-T7, RK-31, RK-34, RK-40, RK-41, RK-42, RK-53: a Rack-O ends the round. */
static void rkT7_round_end_and_scoring(void **st)
{
    (void)st;
    const int deck[] = {33};
    deal(3, 0, T7_RACKS, 25, deck, 1, NULL, 0);
    act("draw"); /* seat 1 draws 33 and throws it */
    act("discard");
    assert_int_equal(S.turn, 2);
    assert_int_equal(top_discard(), 33);
    act("take");
    act("swap 35"); /* Rack-O: declared at once, no choice offered */
    assert_int_equal(S.hands, 1);
    assert_int_equal(S.last_declarer, 2);
    assert_int_equal(S.last[2], 75);
    assert_int_equal(S.last[0], 15);
    assert_int_equal(S.last[1], 5);
    assert_int_equal(S.score[2], 75); /* RK-42: added to the totals */
    const int want[] = {4, 9, 13, 18, 22, 27, 33, 38, 44, 49};
    for (int i = 0; i < RK_SLOTS; i++)
        assert_int_equal(S.last_rack[2][i], want[i]);
    /* RK-53: the next round is dealt by seat 1, and seat 2 acts first. */
    assert_int_equal(S.dealer, 1);
    assert_int_equal(S.turn, 2);
    assert_int_equal(S.phase, RK_PH_START);
    assert_int_equal(S.ndeck, 19);
    assert_int_equal(S.turns, 0);
}

/* RK-35: the racks of a finished round are revealed to everyone. */
static void rk35_racks_revealed(void **st)
{
    (void)st;
    const int deck[] = {33};
    deal(3, 0, T7_RACKS, 25, deck, 1, NULL, 0);
    act("draw");
    act("discard");
    act("take");
    act("swap 35");
    json_t *v = rk_game.view_json(&S, 1);
    json_t *last = json_object_get(json_object_get(v, "last_round"), "racks");
    for (int i = 0; i < RK_SLOTS; i++)
        assert_int_equal(json_integer_value(json_array_get(json_array_get(last, 0), (size_t)i)),
                         T7_RACKS[0][i]);
    json_decref(v);
}

/* RK-30, RK-33: a declaration that the rack does not allow is never accepted. */
static void rk30_no_false_declaration(void **st)
{
    (void)st;
    const char *kv[] = {"players=2", "first_dealer=0"};
    start(kv, 2, NULL, 0, 4);
    ch_err err;
    rk_state before = S;
    assert_int_equal(ch_apply(&rk_game, &S, RK_A_DECLARE, &err), CH_EILLEGAL);
    assert_memory_equal(&before, &S, sizeof S);
    assert_int_equal(ch_apply(&rk_game, &S, RK_A_END_TURN, &err), CH_EILLEGAL);
    assert_memory_equal(&before, &S, sizeof S);
}

/* RK-T13, RK-32, RK-33: a dealt Rack-O is declared at the start of its
 * owner's first turn; an earlier player can declare first. */
static void rkT13_dealt_racko(void **st)
{
    (void)st;
    int racks[2][RK_SLOTS] = {{3, 8, 11, 15, 19, 24, 28, 31, 36, 39},
                              {1, 2, 4, 5, 6, 7, 9, 10, 12, 13}};
    racks[1][0] = 13, racks[1][9] = 1; /* seat 1: not a Rack-O (p = 1) */
    const int deck[] = {40};
    deal(2, 0, (const int(*)[RK_SLOTS])racks, 14, deck, 1, NULL, 0);
    assert_int_equal(S.hands, 0); /* RK-33: not seat 0's turn yet */
    act("draw");
    act("discard");
    /* Seat 0's turn starts with its dealt Rack-O: declared before any draw. */
    assert_int_equal(S.hands, 1);
    assert_int_equal(S.last_declarer, 0);
    assert_int_equal(S.last[0], 75);
    assert_int_equal(S.last[1], 5 * rk_prefix(S.last_rack[1]));

    /* Seat 1 completes first: seat 0's dealt Rack-O scores 50, no bonus 25. */
    int racks2[2][RK_SLOTS] = {{3, 8, 11, 15, 19, 24, 28, 31, 36, 39},
                               {40, 2, 4, 5, 6, 7, 9, 10, 12, 13}};
    deal(2, 0, (const int(*)[RK_SLOTS])racks2, 1, deck, 0, NULL, 0);
    act("take");
    act("swap 5");
    assert_int_equal(S.last_declarer, 1);
    assert_int_equal(S.last[1], 75);
    assert_int_equal(S.last[0], 50);
}

/* ---- Scoring variants ---- */

/* A declarer holding r: seat 1 is dealt r with its card in `slot` replaced
 * by the highest free card, and completes r with the upcard. seat0 (may be
 * NULL) is seat 0's rack. Four players, so every card up to 60 exists.
 * Returns seat 1's round score. */
static int declare_with(const int *r, int slot, const int *seat0, const char *const *kv, int nkv)
{
    int racks[4][RK_SLOTS], used[RK_MAX_CARD + 1] = {0};
    memcpy(racks[1], r, sizeof racks[1]);
    for (int i = 0; i < RK_SLOTS; i++)
        used[r[i]] = 1;
    if (seat0) {
        memcpy(racks[0], seat0, sizeof racks[0]);
        for (int i = 0; i < RK_SLOTS; i++)
            used[seat0[i]] = 1;
    }
    int c = RK_MAX_CARD;
    while (used[c])
        c--;
    racks[1][slot] = c;
    used[c] = 1;
    /* The other racks get the highest free cards, falling: never a Rack-O. */
    const int fill[] = {0, 2, 3};
    for (int k = seat0 ? 1 : 0; k < 3; k++)
        for (int i = 0; i < RK_SLOTS; i++) {
            while (used[c])
                c--;
            racks[fill[k]][i] = c;
            used[c] = 1;
        }
    deal(4, 0, (const int(*)[RK_SLOTS])racks, r[slot], NULL, 0, kv, nkv);
    act("take");
    char swap[16];
    snprintf(swap, sizeof swap, "swap %d", 5 * (slot + 1));
    act(swap);
    assert_int_equal(S.last_declarer, 1);
    return S.last[1];
}

static const char *const BONUS[] = {"bonus_racko=true"};

/* RK-T8, RK-V1 */
static void rkT8_bonus_run_of_three(void **st)
{
    (void)st;
    const int r[] = {3, 7, 12, 24, 25, 26, 30, 41, 42, 50};
    assert_int_equal(declare_with(r, 6, NULL, BONUS, 1), 125); /* RK-V1 */
    assert_int_equal(declare_with(r, 6, NULL, NULL, 0), 75);   /* RK-40 */
}

/* RK-T9, RK-V1 */
static void rkT9_only_one_run_counts(void **st)
{
    (void)st;
    const int r[] = {1, 2, 3, 10, 20, 21, 22, 23, 40, 55};
    assert_int_equal(declare_with(r, 3, NULL, BONUS, 1), 175); /* RK-V1: the longest run */
}

/* RK-T10, RK-V1 */
static void rkT10_runs_of_six_or_more(void **st)
{
    (void)st;
    const int r[] = {5, 6, 7, 8, 9, 10, 11, 30, 44, 58};
    assert_int_equal(declare_with(r, 8, NULL, BONUS, 1), 475);
    const int r2[] = {31, 32, 33, 34, 35, 36, 37, 38, 39, 40};
    assert_int_equal(declare_with(r2, 4, NULL, BONUS, 1), 475);
    assert_int_equal(rk_run_bonus(5), 200);
    assert_int_equal(rk_run_bonus(2), 0);
}

/* RK-T11, RK-V1, RK-41 */
static void rkT11_no_bonus_for_others_or_gaps(void **st)
{
    (void)st;
    const int r[] = {2, 4, 6, 8, 10, 12, 14, 16, 18, 20};
    assert_int_equal(declare_with(r, 5, NULL, BONUS, 1), 75); /* L = 1 */
    /* A non-declarer with a run of 4 at the front scores 5 x p only. */
    const int seat0[] = {24, 25, 26, 27, 5, 1, 13, 30, 40, 50};
    const int r2[] = {3, 7, 11, 15, 17, 19, 21, 23, 29, 33};
    assert_int_equal(declare_with(r2, 5, seat0, BONUS, 1), 75);
    assert_int_equal(S.last[0], 20);
}

/* RK-T14, RK-50, RK-51: a non-declarer can reach the target and win. */
static void rkT14_non_declarer_reaches_target(void **st)
{
    (void)st;
    const int racks[3][RK_SLOTS] = {
        {2, 9, 3, 4, 5, 6, 7, 8, 1, 10},          /* A: p = 2 */
        {49, 12, 13, 14, 15, 16, 17, 18, 19, 20}, /* B: completes with 11 in #5 */
        {30, 21, 22, 23, 24, 25, 26, 27, 28, 29}, /* C: p = 1 */
    };
    deal(3, 0, racks, 11, NULL, 0, NULL, 0);
    S.score[0] = 495, S.score[1] = 300, S.score[2] = 420;
    act("take");
    act("swap 5");
    assert_int_equal(S.score[1], 375);
    assert_int_equal(S.score[0], 505);
    assert_int_equal(S.score[2], 425);
    assert_int_equal(rk_game.to_move(&S), CH_TERMINAL);
    ch_result r;
    rk_game.result(&S, &r);
    assert_true(r.terminal);
    assert_int_equal(r.winners, 1u << 0);
    assert_int_equal(r.rank[0], 1);
    assert_int_equal(r.rank[2], 2);
    assert_int_equal(r.rank[1], 3);
}

/* Two players: seat 1 (A) completes with the upcard in #5; seat 0 (B) holds
 * a rack whose prefix is b_prefix. Totals before: a, b. */
static void two_player_finish(int a, int b, int b_prefix, const char *const *kv, int nkv)
{
    int racks[2][RK_SLOTS] = {{0}, {40, 12, 13, 14, 15, 16, 17, 18, 19, 20}};
    /* Seat 0: 2, 3, ..., b_prefix+1 rising, then 1 breaks the order. */
    for (int i = 0; i < RK_SLOTS; i++)
        racks[0][i] = i < b_prefix ? i + 2 : i == b_prefix ? 1 : i + 1;
    deal(2, 0, (const int(*)[RK_SLOTS])racks, 11, NULL, 0, kv, nkv);
    S.score[1] = (int16_t)a, S.score[0] = (int16_t)b;
    act("take");
    act("swap 5");
    assert_int_equal(S.last[0], 5 * b_prefix);
}

/* RK-T15, RK-51: several players over the target: the highest total wins. */
static void rkT15_highest_total_wins(void **st)
{
    (void)st;
    ch_result r;
    two_player_finish(450, 490, 8, NULL, 0);
    assert_int_equal(S.score[1], 525);
    assert_int_equal(S.score[0], 530);
    rk_game.result(&S, &r);
    assert_true(r.terminal);
    assert_int_equal(r.winners, 1u << 0); /* B */
    two_player_finish(450, 490, 6, NULL, 0);
    rk_game.result(&S, &r);
    assert_int_equal(S.score[0], 520);
    assert_int_equal(r.winners, 1u << 1); /* A with 525 */
}

/* RK-T16, RK-52, RK-V4: a tie for the highest total. */
static void rkT16_tie_shared_or_play_on(void **st)
{
    (void)st;
    ch_result r;
    two_player_finish(445, 490, 6, NULL, 0);
    rk_game.result(&S, &r);
    assert_true(r.terminal);
    assert_int_equal(S.score[0], 520);
    assert_int_equal(S.score[1], 520);
    assert_int_equal(r.winners, 3u); /* RK-52: a shared win */
    assert_int_equal(r.rank[0], 1);
    assert_int_equal(r.rank[1], 1);

    const char *kv[] = {"tie_rule=play_on"};
    two_player_finish(445, 490, 6, kv, 1);
    assert_int_not_equal(rk_game.to_move(&S), CH_TERMINAL); /* RK-V4: play on */
    assert_int_equal(S.dealer, 1);                          /* dealt by the last dealer's left */
    assert_int_equal(S.hands, 1);
    ch_bot b;
    assert_int_equal(ch_bot_init(&b, &rk_game, "heuristic", 3, NULL), CH_OK);
    while (rk_game.to_move(&S) != CH_TERMINAL)
        rk_game.apply(&S, ch_bot_act(&b, &S, S.turn));
    rk_game.result(&S, &r);
    assert_true(S.hands >= 2);
    assert_int_not_equal(S.score[0], S.score[1]); /* ended on a strict leader */
    assert_int_equal(r.winners, 1u << (S.score[1] > S.score[0]));
}

/* RK-T17, RK-V3: partnership: team totals decide. */
static void rkT17_partnership(void **st)
{
    (void)st;
    const int racks[4][RK_SLOTS] = {
        {1, 5, 2, 3, 4, 6, 7, 8, 9, 10},          /* seat 0: p = 2 */
        {59, 12, 13, 14, 15, 16, 17, 18, 19, 20}, /* seat 1: completes with 11 */
        {22, 23, 24, 25, 26, 27, 28, 21, 29, 30}, /* seat 2: p = 7 */
        {32, 33, 34, 35, 31, 36, 37, 38, 39, 41}, /* seat 3: p = 4 */
    };
    const char *kv[] = {"partnership=true"};
    deal(4, 0, racks, 11, NULL, 0, kv, 1);
    S.score[0] = 230, S.score[2] = 230, S.score[1] = 200, S.score[3] = 200;
    act("take");
    act("swap 5");
    assert_int_equal(S.last[1], 75);
    assert_int_equal(S.last[3], 20);
    assert_int_equal(S.last[0], 10);
    assert_int_equal(S.last[2], 35);
    assert_int_equal(rk_team_score(&S, 1), 495);
    assert_int_equal(rk_team_score(&S, 0), 505);
    ch_result r;
    rk_game.result(&S, &r);
    assert_true(r.terminal);
    assert_int_equal(r.winners, (1u << 0) | (1u << 2)); /* team A */
    assert_int_equal(r.rank[1], 3);
}

/* RK-V2, RK-V3: options valid only for some player counts are refused. */
static void rkV2_V3_player_count_checks(void **st)
{
    (void)st;
    ch_err err;
    const char *a[] = {"players=3", "two_player_rule=run_required"};
    assert_int_equal(setup_error(a, 2, NULL, 0, &err), CH_EINVAL);
    assert_non_null(strstr(err.msg, "two_player_rule"));
    const char *b[] = {"players=2", "partnership=true"};
    assert_int_equal(setup_error(b, 2, NULL, 0, &err), CH_EINVAL);
    assert_non_null(strstr(err.msg, "partnership"));
    const char *c[] = {"players=5"};
    assert_int_equal(setup_error(c, 1, NULL, 0, &err), CH_EINVAL);
    assert_non_null(strstr(err.msg, "players"));
    const char *d[] = {"tie_rule=coin"};
    assert_int_equal(setup_error(d, 1, NULL, 0, &err), CH_EINVAL);
    assert_non_null(strstr(err.msg, "coin"));
}

/* RK-T18, RK-V2 optional_declare with RK-V1: hold a Rack-O to build a run. */
static void rkT18_optional_declare(void **st)
{
    (void)st;
    const int racks[2][RK_SLOTS] = {{40, 1, 3, 4, 5, 7, 8, 10, 11, 12},
                                    {2, 6, 9, 13, 17, 21, 26, 30, 31, 16}};
    const int deck[] = {14, 32};
    const char *kv[] = {"two_player_rule=optional_declare", "bonus_racko=true"};
    deal(2, 0, racks, 38, deck, 2, kv, 2);
    act("take");
    act("swap 50"); /* 2 6 9 13 17 21 26 30 31 38: Rack-O, L = 2 */
    char t[RK_NACTIONS][16];
    assert_int_equal(legal_texts(t), 2); /* D3 */
    assert_string_equal(t[0], "declare");
    assert_string_equal(t[1], "end");
    act("end");
    assert_int_equal(S.hands, 0);
    assert_int_equal(S.turn, 0);
    act("draw");
    act("discard");
    assert_int_equal(legal_texts(t), 3); /* D0 */
    assert_true(is_legal_text("declare") && is_legal_text("draw") && is_legal_text("take"));
    act("draw");
    assert_int_equal(S.hand, 32);
    act("swap 50");
    assert_int_equal(rk_longest_run(S.rack[1]), 3);
    act("declare");
    assert_int_equal(S.last_declarer, 1);
    assert_int_equal(S.last[1], 125);

    /* With two_player_rule=none the first completion ends the round: 75. */
    const char *kv2[] = {"bonus_racko=true"};
    deal(2, 0, racks, 38, deck, 2, kv2, 1);
    act("take");
    act("swap 50");
    assert_int_equal(S.hands, 1);
    assert_int_equal(S.last[1], 75);
}

/* RK-T19, RK-V2 run_required. */
static void rkT19_run_required(void **st)
{
    (void)st;
    const int racks[2][RK_SLOTS] = {{40, 1, 3, 4, 5, 7, 8, 10, 11, 12},
                                    {2, 6, 9, 13, 17, 21, 26, 30, 33, 16}};
    const int deck[] = {14, 31, 15, 32};
    const char *kv[] = {"two_player_rule=run_required"};
    deal(2, 0, racks, 38, deck, 4, kv, 1);
    act("take");
    act("swap 50"); /* Rack-O with L = 1: no declaration, no choice */
    assert_int_equal(S.hands, 0);
    assert_int_equal(S.turn, 0);
    assert_int_equal(S.phase, RK_PH_START);
    act("draw");
    act("discard");
    act("draw");
    act("swap 45"); /* ... 30 31 38: L = 2, still nothing */
    assert_int_equal(S.hands, 0);
    act("draw");
    act("discard");
    act("draw");
    act("swap 50"); /* ... 30 31 32: L = 3, declared automatically */
    assert_int_equal(S.hands, 1);
    assert_int_equal(S.last[1], 75);

    const char *kv2[] = {"two_player_rule=run_required", "bonus_racko=true"};
    deal(2, 0, racks, 38, deck, 4, kv2, 2);
    act("take");
    act("swap 50");
    act("draw");
    act("discard");
    act("draw");
    act("swap 45");
    act("draw");
    act("discard");
    act("draw");
    act("swap 50");
    assert_int_equal(S.last[1], 125);

    /* Seat 0 declares while seat 1 holds a run-less Rack-O: seat 1 scores 50. */
    const int racks3[2][RK_SLOTS] = {{1, 3, 4, 5, 7, 8, 10, 11, 40, 14},
                                     {2, 6, 9, 13, 17, 21, 26, 30, 33, 16}};
    const int deck3[] = {12};
    deal(2, 0, racks3, 38, deck3, 1, kv, 1);
    act("take");
    act("swap 50");
    act("draw");
    act("swap 45"); /* 1 3 4 5 7 8 10 11 12 14: a Rack-O with the run 3 4 5 */
    assert_int_equal(S.hands, 1);
    assert_int_equal(S.last_declarer, 0);
    assert_int_equal(S.last[1], 50);
}

/* RK-T20, RK-13, RK-53: dealer draw and rotation. Seed 141584 is one whose
 * dealer draw gives seat 0 17, seat 1 42 and seat 2 5. */
static void rkT20_dealer_draw_and_rotation(void **st)
{
    (void)st;
    const char *kv[] = {"players=3", "max_turns_per_round=1"};
    start(kv, 2, NULL, 0, 141584);
    assert_int_equal(S.dealer_draw[0], 17);
    assert_int_equal(S.dealer_draw[1], 42);
    assert_int_equal(S.dealer_draw[2], 5);
    const int dealer[] = {1, 2, 0}, first[] = {2, 0, 1};
    for (int round = 0; round < 3; round++) {
        assert_int_equal(S.dealer, dealer[round]);
        assert_int_equal(S.turn, first[round]);
        assert_int_equal(S.hands, round);
        act("draw");
        act("discard"); /* RK-V5 voids the round after one turn */
    }
}

/* RK-V5: a round that reaches the turn cap is void: nobody scores. */
static void rkV5_turn_cap_voids_round(void **st)
{
    (void)st;
    const char *kv[] = {"players=2", "first_dealer=0", "max_turns_per_round=3"};
    start(kv, 3, NULL, 0, 21);
    act("draw");
    act("discard");
    act("draw");
    act("discard");
    assert_int_equal(S.hands, 0);
    act("draw");
    act("discard");
    assert_int_equal(S.hands, 1);
    assert_int_equal(S.last_declarer, RK_NOBODY);
    assert_int_equal(S.score[0] + S.score[1], 0);
    assert_int_equal(S.dealer, 1);
    ch_tally t[CH_MAX_TALLY]; /* counted for designers */
    rk_game.tally(&S, t);
    assert_string_equal(t[0].name, "void_rounds");
    assert_true(t[0].value == 1.0);
}

/* Action notation parses back and bad text is refused (docs/notation/racko.md). */
static void notation_round_trip(void **st)
{
    (void)st;
    const char *kv[] = {"players=2", "first_dealer=0"};
    start(kv, 2, NULL, 0, 5);
    ch_action a;
    ch_err err;
    assert_int_equal(ch_parse_action(&rk_game, &S, "DRAW", &a, &err), CH_OK);
    assert_int_equal(a, RK_A_DRAW);
    assert_int_equal(ch_parse_action(&rk_game, &S, "swap 25", &a, &err), CH_EILLEGAL);
    act("draw");
    assert_int_equal(ch_parse_action(&rk_game, &S, "Swap 25", &a, &err), CH_OK);
    assert_int_equal(a, RK_A_SWAP + 4);
    assert_int_equal(ch_parse_action(&rk_game, &S, "swap 26", &a, &err), CH_EILLEGAL);
    int face;
    assert_int_equal(rk_game.card_parse("60", &face), CH_OK);
    assert_int_equal(face, 60);
    assert_int_equal(rk_game.card_parse("61", &face), CH_EINVAL);
    assert_int_equal(rk_game.card_parse("7H", &face), CH_EINVAL);
}

/* ---- What a player sees (issue 16) ---- */

/* Whether any event of list names card (in "cards", or in its text). */
static int names_card(json_t *list, const char *card)
{
    size_t i;
    json_t *e;
    json_array_foreach(list, i, e)
    {
        size_t j;
        json_t *c;
        json_array_foreach(json_object_get(e, "cards"), j, c)
        {
            if (!strcmp(json_string_value(c), card)) return 1;
        }
        /* as a whole number in the text: " 33" followed by a non-digit */
        const char *t = json_string_value(json_object_get(e, "text"));
        for (const char *p = strstr(t, card); p; p = strstr(p + 1, card))
            if ((p == t || p[-1] < '0' || p[-1] > '9') &&
                (p[strlen(card)] < '0' || p[strlen(card)] > '9'))
                return 1;
    }
    return 0;
}

static int has_type(json_t *list, const char *type)
{
    size_t i;
    json_t *e;
    json_array_foreach(list, i, e)
    {
        if (!strcmp(json_string_value(json_object_get(e, "type")), type)) return 1;
    }
    return 0;
}

/* No Latin letter in a Japanese text (card numbers, #slots, seats as P0 as
 * in every game, and the typed command words in parentheses aside). */
static void assert_no_english(const char *t)
{
    for (const char *p = t; *p; p++) {
        if (*p == 'P' && p[1] >= '0' && p[1] <= '9') continue; /* P2: a seat */
        if (*p == '(' && p[1] >= 'a' && p[1] <= 'z') { /* "(draw)": a command word */
            while (*p && *p != ')')
                p++;
            if (!*p) break;
            continue;
        }
        if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z'))
            fail_msg("English left in: %s", t);
    }
}

/* A drawn card is named to its drawer only; every seat and a spectator see
 * the card once it is discarded face up. */
static void rk22_events_name_drawn_card_to_drawer_only(void **st)
{
    (void)st;
    const int deck[] = {33};
    deal(3, 0, T7_RACKS, 25, deck, 1, NULL, 0);
    const int viewers[] = {0, 1, 2, CH_SPECTATOR, CH_ALL};
    for (int l = 0; l < CH_NLANGS; l++)
        for (int k = 0; k < 5; k++) {
            json_t *ev = rk_game.events(&S, RK_A_DRAW, viewers[k], (ch_lang)l);
            assert_true(has_type(ev, "draw"));
            int may = viewers[k] == 1 || viewers[k] == CH_ALL;
            assert_int_equal(names_card(ev, "33"), may);
            json_decref(ev);
        }
    act("draw");
    for (int k = 0; k < 5; k++) {
        json_t *ev = rk_game.events(&S, RK_A_DISCARD, viewers[k], CH_LANG_EN);
        assert_true(names_card(ev, "33"));
        json_decref(ev);
    }
}

/* RK-34, RK-35: the winning swap says who made Rack-O, what everyone scored
 * and that the next round is dealt, naming no card of the new racks. */
static void rk34_events_of_the_winning_move(void **st)
{
    (void)st;
    const int deck[] = {33};
    deal(3, 0, T7_RACKS, 25, deck, 1, NULL, 0);
    act("draw");
    act("discard");
    act("take");
    const int viewers[] = {0, 1, 2, CH_SPECTATOR};
    for (int k = 0; k < 4; k++) {
        json_t *ev = rk_game.events(&S, RK_A_SWAP + 6, viewers[k], CH_LANG_EN);
        assert_true(has_type(ev, "swap"));
        assert_true(has_type(ev, "hand_end"));
        assert_true(has_type(ev, "score"));
        assert_true(has_type(ev, "deal"));
        assert_true(names_card(ev, "33") && names_card(ev, "50"));
        const char *end = json_string_value(json_object_get(json_array_get(ev, 1), "text"));
        assert_non_null(strstr(end, "Rack-O"));
        size_t i;
        json_t *e;
        json_array_foreach(ev, i, e)
        {
            size_t j;
            json_t *c;
            json_array_foreach(json_object_get(e, "cards"), j, c)
            {
                const char *t = json_string_value(c);
                assert_true(!strcmp(t, "33") || !strcmp(t, "50"));
            }
        }
        json_decref(ev);
        ev = rk_game.events(&S, RK_A_SWAP + 6, viewers[k], CH_LANG_JA);
        i = 0;
        json_array_foreach(ev, i, e)
        {
            assert_no_english(json_string_value(json_object_get(e, "text")));
        }
        json_decref(ev);
    }
}

/* RK-26: the turnover is an event, with the new upcard. */
static void rk26_turnover_event(void **st)
{
    (void)st;
    exhaustion_position();
    act("draw");
    json_t *ev = rk_game.events(&S, RK_A_SWAP + 0, CH_SPECTATOR, CH_LANG_EN);
    assert_true(has_type(ev, "reshuffle"));
    assert_true(names_card(ev, "21"));
    json_decref(ev);
}

/* RK-35: after a round every viewer, a spectator too, sees every rack as it
 * was at the end (the declarer's and one's own), the scores and why the
 * round ended, in view_json's "last_hand" and in the summary. */
static void rk35_last_hand_reveal(void **st)
{
    (void)st;
    const int deck[] = {33};
    deal(3, 0, T7_RACKS, 25, deck, 1, NULL, 0);
    char buf[4096];
    assert_int_equal(rk_game.hand_summary(&S, 0, CH_LANG_EN, buf, sizeof buf), 0);
    json_t *v0 = rk_game.view_json(&S, 0);
    assert_true(json_is_null(json_object_get(v0, "last_hand")));
    json_decref(v0);
    act("draw");
    act("discard");
    act("take");
    act("swap 35");
    const int want[3][RK_SLOTS] = {
        {2, 7, 15, 11, 20, 30, 36, 40, 45, 47},
        {12, 5, 1, 3, 6, 8, 10, 14, 16, 17},
        {4, 9, 13, 18, 22, 27, 33, 38, 44, 49},
    };
    const int scores[3] = {15, 5, 75};
    const int viewers[] = {0, 1, 2, CH_SPECTATOR};
    for (int k = 0; k < 4; k++) {
        json_t *v = rk_game.view_json(&S, viewers[k]);
        json_t *last = json_object_get(v, "last_hand");
        assert_int_equal(json_integer_value(json_object_get(last, "hand")), 1);
        assert_non_null(
            strstr(json_string_value(json_object_get(json_object_get(last, "reason"), "en")),
                   "{P2} declared Rack-O")); /* the seat's name is filled by the table layer */
        for (int p = 0; p < 3; p++) {
            json_t *h = json_array_get(json_object_get(last, "hands"), (size_t)p);
            assert_int_equal(json_array_size(h), RK_SLOTS);
            for (int i = 0; i < RK_SLOTS; i++) {
                char c[8];
                snprintf(c, sizeof c, "%d", want[p][i]);
                assert_string_equal(json_string_value(json_array_get(h, (size_t)i)), c);
            }
            assert_int_equal(
                json_integer_value(json_array_get(json_object_get(last, "scores"), (size_t)p)),
                scores[p]);
        }
        json_decref(v);
        int n = rk_game.hand_summary(&S, viewers[k], CH_LANG_EN, buf, sizeof buf);
        assert_true(n > 0 && n < (int)sizeof buf);
        assert_non_null(strstr(buf, "   4   9  13  18  22  27  33  38  44  49")); /* declarer */
        assert_non_null(strstr(buf, "   2   7  15  11  20  30  36  40  45  47"));
        assert_non_null(strstr(buf, "   {P0}: 3 cards rising from #5 × 5 = 15 points"));
        /* Every seat by its placeholder, which the table layer fills with a name. */
        assert_non_null(strstr(buf, "{P0}"));
        assert_non_null(strstr(buf, "{P2}"));
        rk_game.hand_summary(&S, viewers[k], CH_LANG_JA, buf, sizeof buf);
        assert_no_english(buf);
    }
}

/* A spectator sees no hidden rack card and no hidden deck order. */
static void rk_spectator_sees_only_public(void **st)
{
    (void)st;
    const int deck[] = {33};
    deal(3, 0, T7_RACKS, 25, deck, 1, NULL, 0);
    act("take"); /* 25 goes into seat 1's #50 in public */
    act("swap 50");
    ch_census c;
    memset(&c, 0, sizeof c);
    rk_game.census(&S, CH_SPECTATOR, &c);
    for (int i = 0; i < c.n; i++)
        if (c.e[i].zone >= 4) /* racks */
            assert_int_equal(c.e[i].seen, c.e[i].zone == 5 && c.e[i].pos == 9);
        else if (c.e[i].zone == 0)
            assert_false(c.e[i].seen);
    json_t *v = rk_game.view_json(&S, CH_SPECTATOR);
    assert_null(json_object_get(v, "deck"));
    json_t *racks = json_object_get(v, "racks");
    for (int p = 0; p < 3; p++)
        for (int i = 0; i < RK_SLOTS; i++) {
            json_t *x = json_array_get(json_array_get(racks, (size_t)p), (size_t)i);
            if (p == 1 && i == 9)
                assert_int_equal(json_integer_value(x), 25);
            else
                assert_true(json_is_null(x));
        }
    json_decref(v);
    char buf[4096];
    rk_game.render(&S, CH_SPECTATOR, CH_LANG_EN, buf, sizeof buf);
    assert_null(strstr(buf, "you"));
    assert_null(strstr(buf, "  12")); /* seat 1's hidden #5 */
    /* A resample for the spectator keeps everything the spectator sees. */
    json_t *before = rk_game.view_json(&S, CH_SPECTATOR);
    for (uint64_t k = 0; k < 20; k++) {
        rk_state r = S;
        ch_rng rng;
        ch_rng_seed(&rng, k, 1);
        rk_game.resample(&r, CH_SPECTATOR, &rng);
        json_t *after = rk_game.view_json(&r, CH_SPECTATOR);
        assert_true(json_equal(before, after));
        json_decref(after);
    }
    json_decref(before);
}

/* Why a typed move is not legal, in the game's words and without rule IDs. */
static void rk_explain_illegal_moves(void **st)
{
    (void)st;
    const int deck[] = {33};
    deal(3, 0, T7_RACKS, 25, deck, 1, NULL, 0);
    char buf[512];
    assert_true(rk_game.explain_illegal(&S, "declare", CH_LANG_EN, buf, sizeof buf) > 0);
    assert_non_null(strstr(buf, "only up to #5")); /* seat 1: 12 5 … */
    assert_true(rk_game.explain_illegal(&S, "swap 5", CH_LANG_EN, buf, sizeof buf) > 0);
    assert_non_null(strstr(buf, "draw"));
    act("take");
    assert_true(rk_game.explain_illegal(&S, "discard", CH_LANG_EN, buf, sizeof buf) > 0);
    assert_non_null(strstr(buf, "25 was taken from the discard pile"));
    assert_null(strstr(buf, "RK-"));
    assert_true(rk_game.explain_illegal(&S, "swap 55", CH_LANG_JA, buf, sizeof buf) > 0);
    assert_non_null(strstr(buf, "#50"));
    assert_true(rk_game.explain_illegal(&S, "draw", CH_LANG_JA, buf, sizeof buf) > 0);
    assert_non_null(strstr(buf, "25"));
}

/* The rules at hand show the options in force, in both languages. */
static void rk_rules_text_shows_options(void **st)
{
    (void)st;
    ch_opts o;
    const char *kv[] = {"players=2", "target_score=300", "bonus_racko=true",
                        "two_player_rule=run_required"};
    assert_int_equal(ch_opts_parse(&o, rk_game.opts, rk_game.n_opts, kv, 4, NULL), CH_OK);
    char buf[4096];
    assert_true(rk_game.rules_text(&o, CH_LANG_EN, buf, sizeof buf) > 0);
    assert_non_null(strstr(buf, "cards 1-40"));
    assert_non_null(strstr(buf, "reaches 300"));
    assert_non_null(strstr(buf, "50/100/200/400"));
    assert_non_null(strstr(buf, "run of 3"));
    assert_true(rk_game.rules_text(&o, CH_LANG_JA, buf, sizeof buf) > 0);
    assert_non_null(strstr(buf, "300 点"));
    assert_no_english(buf);
}

/* The board, move names and summaries in Japanese have no English left, and
 * a spectator's name for a draw does not name the card. */
static void rk_japanese_board_and_spectator_names(void **st)
{
    (void)st;
    const int deck[] = {33};
    deal(3, 0, T7_RACKS, 25, deck, 1, NULL, 0);
    char buf[4096];
    const int viewers[] = {0, 1, CH_SPECTATOR};
    for (int k = 0; k < 3; k++) {
        rk_game.render(&S, viewers[k], CH_LANG_JA, buf, sizeof buf);
        assert_no_english(buf);
        rk_game.action_name(&S, RK_A_DRAW, viewers[k], CH_LANG_JA, buf, sizeof buf);
        assert_no_english(buf);
        assert_int_equal(strstr(buf, "33") != NULL, viewers[k] == 1);
        rk_game.action_name(&S, RK_A_DRAW, viewers[k], CH_LANG_EN, buf, sizeof buf);
        assert_int_equal(strstr(buf, "33") != NULL, viewers[k] == 1);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rk1_prefix_rk41_scores),
        cmocka_unit_test(rk2_racko_needs_all_ten_rising),
        cmocka_unit_test(rk3_longest_run),
        cmocka_unit_test(rk4_no_rearranging),
        cmocka_unit_test(rkT1_deck_sizes),
        cmocka_unit_test(rk11_scores_start_at_zero),
        cmocka_unit_test(rk12_first_dealer_option),
        cmocka_unit_test(rk13_highest_card_deals),
        cmocka_unit_test(rk14_dealer_plays),
        cmocka_unit_test(rk15_shuffle_from_seed),
        cmocka_unit_test(rkT2_deal_order_and_slots),
        cmocka_unit_test(rk16_bad_card_order),
        cmocka_unit_test(rk18_own_rack_only),
        cmocka_unit_test(rkT3_take_forces_swap),
        cmocka_unit_test(rkT4_draw_from_deck),
        cmocka_unit_test(rkT21_action_counts_no_pass),
        cmocka_unit_test(rkT12a_turnover_without_shuffle),
        cmocka_unit_test(rkT12b_declare_before_turnover),
        cmocka_unit_test(rkT12c_turnover_keeps_order),
        cmocka_unit_test(rk27_no_turn_starts_with_empty_deck),
        cmocka_unit_test(rkT7_round_end_and_scoring),
        cmocka_unit_test(rk35_racks_revealed),
        cmocka_unit_test(rk30_no_false_declaration),
        cmocka_unit_test(rkT13_dealt_racko),
        cmocka_unit_test(rkT8_bonus_run_of_three),
        cmocka_unit_test(rkT9_only_one_run_counts),
        cmocka_unit_test(rkT10_runs_of_six_or_more),
        cmocka_unit_test(rkT11_no_bonus_for_others_or_gaps),
        cmocka_unit_test(rkT14_non_declarer_reaches_target),
        cmocka_unit_test(rkT15_highest_total_wins),
        cmocka_unit_test(rkT16_tie_shared_or_play_on),
        cmocka_unit_test(rkT17_partnership),
        cmocka_unit_test(rkV2_V3_player_count_checks),
        cmocka_unit_test(rkT18_optional_declare),
        cmocka_unit_test(rkT19_run_required),
        cmocka_unit_test(rkT20_dealer_draw_and_rotation),
        cmocka_unit_test(rkV5_turn_cap_voids_round),
        cmocka_unit_test(notation_round_trip),
        cmocka_unit_test(rk22_events_name_drawn_card_to_drawer_only),
        cmocka_unit_test(rk34_events_of_the_winning_move),
        cmocka_unit_test(rk26_turnover_event),
        cmocka_unit_test(rk35_last_hand_reveal),
        cmocka_unit_test(rk_spectator_sees_only_public),
        cmocka_unit_test(rk_explain_illegal_moves),
        cmocka_unit_test(rk_rules_text_shows_options),
        cmocka_unit_test(rk_japanese_board_and_spectator_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
