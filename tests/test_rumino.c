/* Rumino: one test per rule of the spec (RU-1..RU-81, RU-V1..RU-V8) and one
 * per acceptance scenario (RU-T1..RU-T25). Scenario states come from setup
 * (with an explicit card order where the deal itself is tested) and then
 * swapping cards between places, so every state keeps all 108 cards. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cardhall/match.h"
#include "cardhall/rumino.h"

/* ---- Helpers ---- */

static int card(const char *t)
{
    int f;
    assert_int_equal(ru_game.card_parse(t, &f), CH_OK);
    return f;
}

/* Parses card texts into out[cap]; more than cap cards fail the test (the
 * bound also keeps gcc -O3's -Wstringop-overflow satisfied). */
static int cards(const char *text, uint8_t *out, size_t cap)
{
    int f[RU_NCARDS], n;
    ch_err err;
    assert_int_equal(ch_parse_order(&ru_game, text, f, RU_NCARDS, &n, &err), CH_OK);
    assert_true((size_t)n <= cap);
    for (int i = 0; i < n && (size_t)i < cap; i++)
        out[i] = (uint8_t)f[i];
    return n;
}

static int dw(const char *text)
{
    uint8_t h[RU_MAX_HAND];
    int n = cards(text, h, sizeof h);
    return ru_meld_deadwood(h, n);
}

static void start(ru_state *s, int np, int dealer, uint64_t seed, const char *const *extra,
                  int nextra)
{
    const char *kv[16];
    char a[32], b[32];
    snprintf(a, sizeof a, "players=%d", np);
    snprintf(b, sizeof b, "first_dealer=%d", dealer);
    kv[0] = a;
    kv[1] = b;
    for (int i = 0; i < nextra; i++)
        kv[2 + i] = extra[i];
    ch_opts o;
    ch_err err;
    assert_int_equal(ch_opts_parse(&o, ru_game.opts, ru_game.n_opts, kv, 2 + nextra, &err), CH_OK);
    assert_int_equal(ch_setup(&ru_game, s, &o, seed, NULL, 0, &err), CH_OK);
}

/* Places we have arranged and must not disturb again. */
typedef struct locks {
    uint8_t hand[RU_MAX_PLAYERS][RU_MAX_HAND], stock[RU_NCARDS], discard[RU_NCARDS];
} locks;

/* Swaps a copy of face from any unlocked place into *slot, then locks it. */
static void place(ru_state *s, locks *L, uint8_t *slot, uint8_t *lock, int face)
{
    uint8_t *from = NULL;
    if (*slot == face && !*lock) from = slot;
    for (int p = 0; p < s->np && !from; p++)
        for (int i = 0; i < s->nhand[p] && !from; i++)
            if (!L->hand[p][i] && s->hand[p][i] == face) from = &s->hand[p][i];
    for (int i = 0; i < s->nstock && !from; i++)
        if (!L->stock[i] && ru_stock_card(s, i) == face) from = ru_stock(s, i);
    for (int i = 0; i < s->ndiscard && !from; i++)
        if (!L->discard[i] && s->discard[i] == face) from = &s->discard[i];
    assert_non_null(from);
    *from = *slot;
    *slot = (uint8_t)face;
    *lock = 1;
}

static void give(ru_state *s, locks *L, int seat, const char *text)
{
    uint8_t h[RU_MAX_HAND];
    int n = cards(text, h, sizeof h);
    assert_true(n <= s->nhand[seat]);
    for (int i = 0; i < n; i++)
        place(s, L, &s->hand[seat][i], &L->hand[seat][i], h[i]);
}

/* Cards on top of the stock, top first. */
static void stock_top(ru_state *s, locks *L, const char *text)
{
    uint8_t h[16];
    int n = cards(text, h, sizeof h);
    for (int i = 0; i < n; i++) {
        int at = s->nstock - 1 - i;
        place(s, L, ru_stock(s, at), &L->stock[at], h[i]);
    }
}

static void upcard(ru_state *s, locks *L, const char *text)
{
    int at = s->ndiscard - 1;
    place(s, L, &s->discard[at], &L->discard[at], card(text));
}

static int legal(const ru_state *s, ch_action *acts)
{
    return ru_game.legal(s, acts);
}

static int is_legal(const ru_state *s, int type, const char *face)
{
    return ch_is_legal(&ru_game, s, ru_action(type, face ? card(face) : 0));
}

static int count_type(const ru_state *s, int type)
{
    ch_action acts[64];
    int n = legal(s, acts), k = 0;
    for (int i = 0; i < n; i++)
        k += ru_action_type(acts[i]) == type;
    return k;
}

static void act(ru_state *s, int type, const char *face)
{
    ch_err err;
    ch_action a = ru_action(type, face ? card(face) : 0);
    if (ch_apply(&ru_game, s, a, &err) != CH_OK) {
        char t[32];
        ru_game.action_text(s, a, t, sizeof t);
        fail_msg("'%s' is not legal: %s", t, err.msg);
    }
}

static void act_text(ru_state *s, const char *text)
{
    ch_action a;
    ch_err err;
    assert_int_equal(ch_parse_action(&ru_game, s, text, &a, &err), CH_OK);
    ru_game.apply(s, a);
}

static int same_cards(const uint8_t *h, int n, const char *text)
{
    uint8_t want[RU_MAX_HAND];
    int m = cards(text, want, sizeof want), count[RU_NFACES] = {0};
    if (m != n) return 0;
    for (int i = 0; i < n; i++)
        count[h[i]]++, count[want[i]]--;
    for (int f = 0; f < RU_NFACES; f++)
        if (count[f]) return 0;
    return 1;
}

static int64_t ledger_sum(const ru_state *s)
{
    int64_t sum = s->pool;
    for (int p = 0; p < s->np; p++)
        sum += s->chips[p];
    return sum;
}

/* One figure of ru_game.tally by name; the names must all be there. */
static double tally(const ru_state *s, const char *name)
{
    ch_tally t[CH_MAX_TALLY];
    int n = ru_game.tally(s, t);
    assert_int_equal(n, 16);
    for (int i = 0; i < n; i++)
        if (strcmp(t[i].name, name) == 0) return t[i].value;
    fail_msg("no tally figure %s", name);
    return -1;
}

/* Ends the current hand by a knock of the player to move (given a dw-7
 * hand), with each active seat's cumulative score landing on target. */
static void knock_to(ru_state *s, const int *target)
{
    locks L = {0};
    assert_int_equal(s->phase, RU_PH_TURN);
    give(s, &L, s->to_move, "3H 4H 5H 9S 9D 9C 7D");
    for (int q = 0; q < s->np; q++)
        if (s->active[q]) s->cum[q] = (int16_t)(target[q] - ru_hand_deadwood(s, q));
    act(s, RU_A_KNOCK, NULL);
}

/* The player to move draws from the stock and throws that card back. */
static void draw_and_throw(ru_state *s)
{
    assert_int_equal(s->phase, RU_PH_TURN);
    int top = ru_stock_card(s, s->nstock - 1);
    act(s, RU_A_DRAW, NULL);
    ru_game.apply(s, ru_action(RU_A_DISCARD, top));
}

/* Players other than seat draw and throw back until seat is to move. */
static void pass_to(ru_state *s, int seat)
{
    while (s->to_move != seat)
        draw_and_throw(s);
}

/* Moves the bottom stock cards onto the discard pile until one is left. */
static void drain_stock(ru_state *s)
{
    while (s->nstock > 1) {
        /* The stock shares the pile's array, reversed (ru_stock): shift it
         * first, which frees its top slot, then grow the discard pile. */
        int bottom = ru_stock_card(s, 0);
        for (int i = 0; i + 1 < s->nstock; i++)
            *ru_stock(s, i) = (uint8_t)ru_stock_card(s, i + 1);
        *ru_stock(s, --s->nstock) = 0;
        ru_set_discarder(s, s->ndiscard, 0);
        s->discard[s->ndiscard++] = (uint8_t)bottom;
    }
}

/* ---- RU-1..RU-7: melds, deadwood, Rumino combinations ---- */

/* RU-1, RU-2 */
static void ru1_ru2_sets_of_three_or_four_with_twins(void **st)
{
    (void)st;
    assert_int_equal(dw("7H 7H 7S"), 0);          /* RU-2: twins allowed */
    assert_int_equal(dw("7H 7H 7S 7C"), 0);       /* RU-1: up to 4 */
    assert_int_equal(dw("7H 7H 7S 7C 7D"), 7);    /* no set of 5 */
    assert_int_equal(dw("7H 7S"), 14);            /* RU-1: at least 3 */
    assert_int_equal(dw("7H 7S 7D 2C 2D 2S"), 0); /* two melds, disjoint */
    assert_int_equal(dw("7H 7S 7D 8H 9H"), 14);   /* a card in one meld only */
}

/* RU-3 */
static void ru3_runs_of_three_or_four_ace_low(void **st)
{
    (void)st;
    assert_int_equal(dw("AS 2S 3S"), 0);
    assert_int_equal(dw("QS KS AS"), 21); /* no wrap-around */
    assert_int_equal(dw("KS AS 2S"), 13);
    assert_int_equal(dw("4S 5S 6S 7S 8S"), 4); /* no run of 5 */
    assert_int_equal(dw("4S 5S 6H"), 15);      /* one suit */
    assert_int_equal(dw("4S 4S 5S 6S"), 4);    /* distinct ranks */
}

/* RU-4 */
static void ru4_jokers_wild_any_number(void **st)
{
    (void)st;
    assert_int_equal(dw("JK JK JK"), 0); /* a meld of jokers only */
    assert_int_equal(dw("JK JK JK JK"), 0);
    assert_int_equal(dw("5S JK 7S"), 0);       /* joker inside a run */
    assert_int_equal(dw("5S JK JK 8S"), 0);    /* span 3 in a 4-run */
    assert_int_equal(dw("5S JK 9S"), 24);      /* span too wide */
    assert_int_equal(dw("QS KS JK"), 0);       /* the joker as JS */
    assert_int_equal(dw("9D 9H JK JK JK"), 9); /* 9D JK JK JK + dead 9H */
    assert_int_equal(dw("JK 2C"), 12);         /* a lone joker is deadwood 10 */
}

/* RU-5 */
static void ru5_minimum_over_layouts(void **st)
{
    (void)st;
    /* RU-T3's hand: the run + set layout, not the four 7s. */
    ru_layout l;
    uint8_t h[7];
    cards("5H 6H 7H 7S 7D 7C 2C", h, sizeof h);
    assert_int_equal(ru_meld_best(h, 7, &l), 2);
    assert_int_equal(l.n_melds, 2);
    assert_int_equal(l.n_dead, 1);
    assert_int_equal(l.dead[0], card("2C"));
}

/* RU-6 */
static void ru6_complete_hand_is_four_plus_three(void **st)
{
    (void)st;
    assert_int_equal(dw("AC AD AS AH 5S 6S 7S"), 0);
    assert_int_equal(dw("2C 3C 4C 8D 8H 8S KD"), 10); /* 3+3 leaves a card */
}

/* RU-7 */
static void ru7_rumino_combinations(void **st)
{
    (void)st;
    uint8_t h[7];
    cards("9S 9S 9H 9D 9C JK JK", h, sizeof h);
    assert_true(ru_meld_is_rumino(h, 7, 0)); /* seven of a kind */
    assert_false(ru_meld_is_rumino(h, 7, 1));
    cards("7H 8H 9H 10H JH QH KH", h, sizeof h);
    assert_true(ru_meld_is_rumino(h, 7, 1)); /* 7-K straight flush */
    cards("AH 2H 3H 4H 5H 6H JK", h, sizeof h);
    assert_true(ru_meld_is_rumino(h, 7, 0));
    cards("QH KH AH 2H 3H 4H 5H", h, sizeof h);
    assert_false(ru_meld_is_rumino(h, 7, 0)); /* no wrap-around */
    cards("2H 3H 4H 5H 6H 7H 7H", h, sizeof h);
    assert_false(ru_meld_is_rumino(h, 7, 0)); /* ranks distinct */
}

/* ---- Setup and deal: RU-10..RU-16, RU-80 ---- */

/* RU-10, RU-11, RU-80 */
static void ru10_ru11_ru80_antes_scores_and_ledger(void **st)
{
    (void)st;
    ru_state s;
    const char *kv[] = {"ante=3"};
    start(&s, 4, 0, 1, kv, 1);
    assert_int_equal(s.pool, 12);
    for (int p = 0; p < 4; p++) {
        assert_int_equal(s.chips[p], -3);
        assert_int_equal(s.cum[p], 0);
        assert_true(s.active[p]);
    }
    assert_int_equal(ledger_sum(&s), 0);
}

/* RU-12, RU-20 */
static void ru12_first_dealer_given_or_random(void **st)
{
    (void)st;
    ru_state s;
    start(&s, 5, 3, 1, NULL, 0);
    assert_int_equal(s.dealer, 3);
    assert_int_equal(s.to_move, 4); /* RU-20 */
    const char *kv[] = {"players=5"};
    ch_opts o;
    ch_err err;
    assert_int_equal(ch_opts_parse(&o, ru_game.opts, ru_game.n_opts, kv, 1, &err), CH_OK);
    unsigned seen = 0;
    for (uint64_t seed = 0; seed < 200; seed++) {
        assert_int_equal(ru_game.setup(&s, &o, seed, NULL, 0, &err), CH_OK);
        seen |= 1u << s.dealer;
    }
    assert_int_equal(seen, 0x1f);
    /* An impossible dealer is refused, naming the option. */
    const char *bad[] = {"players=3", "first_dealer=4"};
    assert_int_equal(ch_opts_parse(&o, ru_game.opts, ru_game.n_opts, bad, 2, &err), CH_OK);
    assert_int_equal(ru_game.setup(&s, &o, 1, NULL, 0, &err), CH_EINVAL);
    assert_non_null(strstr(err.msg, "first_dealer"));
}

/* RU-14 */
static void ru14_each_hand_is_shuffled(void **st)
{
    (void)st;
    ru_state a, b;
    start(&a, 3, 0, 1, NULL, 0);
    start(&b, 3, 0, 2, NULL, 0);
    /* The stock fills the far end of the pile array (ru_stock). */
    assert_int_equal(a.nstock, b.nstock);
    assert_memory_not_equal(ru_stock(&a, a.nstock - 1), ru_stock(&b, b.nstock - 1), a.nstock);
}

/* RU-T1: deal sizes; RU-1.1 the box. */
static void ru_t1_deal_sizes(void **st)
{
    (void)st;
    static const int stock[7] = {0, 0, 93, 0, 79, 0, 65};
    for (int np = 2; np <= 6; np += 2) {
        ru_state s;
        start(&s, np, 0, 5, NULL, 0);
        for (int p = 0; p < np; p++)
            assert_int_equal(s.nhand[p], 7);
        assert_int_equal(s.ndiscard, 1);
        assert_int_equal(s.nstock, stock[np]);
        int count[RU_NFACES] = {0};
        for (int i = 0; i < s.nstock; i++)
            count[ru_stock_card(&s, i)]++;
        count[s.discard[0]]++;
        for (int p = 0; p < np; p++)
            for (int i = 0; i < 7; i++)
                count[s.hand[p][i]]++;
        for (int f = 0; f < RU_JOKER; f++)
            assert_int_equal(count[f], 2);
        assert_int_equal(count[RU_JOKER], 4);
        assert_int_equal(ru_game.face_copies[RU_JOKER], 4);
    }
}

/* RU-T2: RU-15 deal order, RU-16 upcard and stock, RU-20 first to act. */
static void ru_t2_deal_order(void **st)
{
    (void)st;
    int order[RU_NCARDS];
    for (int i = 0; i < RU_NCARDS; i++)
        order[i] = i < 104 ? (i * 37) % 52 : RU_JOKER; /* 0..51 twice, scrambled */
    ch_opts o;
    ch_err err;
    const char *kv[] = {"players=3", "first_dealer=0"};
    assert_int_equal(ch_opts_parse(&o, ru_game.opts, ru_game.n_opts, kv, 2, &err), CH_OK);
    ru_state s;
    assert_int_equal(ch_setup(&ru_game, &s, &o, 9, order, RU_NCARDS, &err), CH_OK);
    for (int k = 0; k < 7; k++) {
        assert_int_equal(s.hand[1][k], order[3 * k]);
        assert_int_equal(s.hand[2][k], order[3 * k + 1]);
        assert_int_equal(s.hand[0][k], order[3 * k + 2]);
    }
    assert_int_equal(s.discard[0], order[21]);
    assert_int_equal(s.nstock, 86);
    assert_int_equal(ru_stock_card(&s, s.nstock - 1), order[22]);
    assert_int_equal(ru_stock_card(&s, 0), order[107]);
    assert_int_equal(s.to_move, 1);
    act(&s, RU_A_DRAW, NULL);
    assert_int_equal(s.hand[1][7], order[22]);
    /* A wrong order is refused. */
    order[5] = order[6] = order[7] = 0;
    assert_int_equal(ch_setup(&ru_game, &s, &o, 9, order, RU_NCARDS, &err), CH_EINVAL);
    assert_non_null(strstr(err.msg, "AS"));
    assert_int_equal(ch_setup(&ru_game, &s, &o, 9, order, 50, &err), CH_EINVAL);
}

/* ---- Turn: RU-20..RU-25, knock RU-30..RU-33 ---- */

/* RU-T3, RU-T4: the best layout decides the knock (RU-21, RU-30). */
static void ru_t3_t4_best_layout_and_knock_boundary(void **st)
{
    (void)st;
    assert_int_equal(dw("5H 6H 7H 7S 7D 7C 2C"), 2);
    assert_int_equal(dw("3H 4H 5H 9S 9D 9C 7D"), 7);
    assert_int_equal(dw("3H 4H 5H 9S 9D 9C 8D"), 8);
    static const char *const hands[] = {"5H 6H 7H 7S 7D 7C 2C", "3H 4H 5H 9S 9D 9C 7D",
                                        "3H 4H 5H 9S 9D 9C 8D"};
    for (int i = 0; i < 3; i++) {
        ru_state s;
        locks L = {0};
        start(&s, 2, 0, 3, NULL, 0);
        give(&s, &L, 1, hands[i]);
        assert_int_equal(is_legal(&s, RU_A_KNOCK, NULL), i < 2);
        assert_true(is_legal(&s, RU_A_DRAW, NULL));
        assert_true(is_legal(&s, RU_A_TAKE, NULL));
    }
}

/* RU-T5, RU-T6, RU-T7, RU-T8: Ace low, set and run limits, jokers. */
static void ru_t5_t6_t7_t8_deadwood_examples(void **st)
{
    (void)st;
    assert_int_equal(dw("QH KH AH 2H 3H 9C 9D"), 38);
    assert_int_equal(dw("6C 6C 6D 6H 6S 2D 3D"), 11);
    assert_int_equal(dw("4S 5S 6S 7S 8S KD KH"), 24);
    assert_int_equal(dw("JK 5S 7S 9D 9H JK KC"), 10);
    ru_state s;
    locks L = {0};
    start(&s, 2, 0, 3, NULL, 0);
    give(&s, &L, 1, "JK 5S 7S 9D 9H JK KC");
    assert_false(is_legal(&s, RU_A_KNOCK, NULL));
}

/* RU-T9: an all-joker meld; a knock at 0 scores 0 (RU-33); Gin after any draw. */
static void ru_t9_knock_at_zero_scores_zero(void **st)
{
    (void)st;
    ru_state s, t;
    locks L = {0};
    start(&s, 2, 0, 4, NULL, 0);
    give(&s, &L, 1, "JK JK JK 4C 5C 6C 7C");
    assert_int_equal(ru_hand_deadwood(&s, 1), 0);
    t = s;
    act(&s, RU_A_KNOCK, NULL);
    assert_int_equal(s.hand_score[1], 0);
    assert_int_equal(s.cum[1], 0);
    int x = ru_stock_card(&t, t.nstock - 1);
    act(&t, RU_A_DRAW, NULL);
    assert_true(ch_is_legal(&ru_game, &t, ru_action(RU_A_GIN, x)));
}

/* RU-T10: RU-31 the knock ends the hand at once, RU-32 everyone scores own
 * deadwood, RU-13 the deal passes. */
static void ru_t10_knock_ends_hand_at_once(void **st)
{
    (void)st;
    ru_state s;
    locks L = {0};
    start(&s, 3, 0, 6, NULL, 0);
    give(&s, &L, 1, "3H 4H 5H 9S 9D 9C 7D");
    give(&s, &L, 2, "KS KH KD 2C 3C 4C QD");
    give(&s, &L, 0, "AS 2D 5C 8H JH QS JK");
    assert_int_equal(s.to_move, 1);
    act(&s, RU_A_KNOCK, NULL);
    assert_int_equal(s.hand_score[1], 7);
    assert_int_equal(s.hand_score[2], 10);
    assert_int_equal(s.hand_score[0], 46);
    assert_int_equal(s.hands, 1);
    assert_int_equal(s.last_end, RU_END_KNOCK);
    assert_int_equal(s.dealer, 1);
    assert_int_equal(s.to_move, 2);
    assert_int_equal(s.phase, RU_PH_TURN);
    ch_result r;
    ru_game.result(&s, &r);
    assert_int_equal(r.hands, 1);
    assert_int_equal(r.score[0], 46);
}

/* RU-T11: RU-25 no knock after drawing; the next turn may knock. */
static void ru_t11_no_knock_after_drawing(void **st)
{
    (void)st;
    ru_state s;
    locks L = {0};
    start(&s, 2, 0, 7, NULL, 0);
    give(&s, &L, 1, "2C 3C 4C 9S 9D KH 5D");
    stock_top(&s, &L, "9H QS");
    assert_false(is_legal(&s, RU_A_KNOCK, NULL));
    act(&s, RU_A_DRAW, NULL);
    assert_int_equal(count_type(&s, RU_A_DISCARD), 8);
    assert_int_equal(count_type(&s, RU_A_GIN), 0);
    assert_int_equal(count_type(&s, RU_A_KNOCK), 0);
    act(&s, RU_A_DISCARD, "KH");
    assert_true(same_cards(s.hand[1], 7, "2C 3C 4C 9S 9D 9H 5D"));
    assert_int_equal(ru_hand_deadwood(&s, 1), 5);
    pass_to(&s, 1);
    act(&s, RU_A_KNOCK, NULL);
    assert_int_equal(s.hand_score[1], 5);
}

/* RU-T12: RU-35, RU-36, RU-37, RU-51, RU-60, RU-63, RU-64, RU-65, RU-67.
 * RU-35/36 Gin scoring, RU-51 cumulative, RU-60/63/64/65 a rebuy. */
static void ru_t12_gin_scoring_and_rebuy(void **st)
{
    (void)st;
    ru_state s;
    locks L = {0};
    start(&s, 3, 0, 8, NULL, 0);
    give(&s, &L, 1, "AC AD AS AH 5S 6S 7S");
    give(&s, &L, 2, "5D 6D 7D 8D QC QS JK");
    give(&s, &L, 0, "2S 2H 2D 4C 4C 9H 10H");
    stock_top(&s, &L, "KD 3H");
    s.cum[0] = 90, s.cum[1] = 50, s.cum[2] = 5;
    act(&s, RU_A_DRAW, NULL); /* P1 draws KD and discards it */
    act(&s, RU_A_DISCARD, "KD");
    act(&s, RU_A_DRAW, NULL); /* P2 draws 3H */
    assert_true(is_legal(&s, RU_A_GIN, "3H"));
    assert_true(is_legal(&s, RU_A_DISCARD, "3H")); /* RU-37: Gin is optional */
    act(&s, RU_A_GIN, "3H");
    assert_int_equal(s.hand_score[2], -10);
    assert_int_equal(s.hand_score[0], 27);
    assert_int_equal(s.hand_score[1], 0);
    assert_int_equal(s.cum[0], 117);
    assert_int_equal(s.cum[1], 50);
    assert_int_equal(s.cum[2], -5);
    assert_int_equal(s.phase, RU_PH_REBUY);
    assert_int_equal(s.to_move, 0);
    assert_int_equal(s.pool, 3);
    act(&s, RU_A_REBUY, NULL);
    assert_int_equal(s.pool, 6);
    assert_int_equal(s.cum[0], 50);
    assert_int_equal(s.chips[0], -4);
    assert_int_equal(ledger_sum(&s), 0);
    assert_int_equal(s.phase, RU_PH_TURN); /* RU-67: the next hand is dealt */
    assert_int_equal(s.dealer, 1);
    assert_true(s.active[0]);
}

/* RU-T13: 3+3 is not Gin. */
static void ru_t13_three_plus_three_is_not_gin(void **st)
{
    (void)st;
    ru_state s;
    locks L = {0};
    start(&s, 2, 0, 9, NULL, 0);
    give(&s, &L, 1, "2C 3C 4C 8D 8H 8S KD");
    stock_top(&s, &L, "QD");
    act(&s, RU_A_DRAW, NULL);
    assert_int_equal(count_type(&s, RU_A_GIN), 0);
    assert_int_equal(count_type(&s, RU_A_DISCARD), 8);
}

/* RU-T14: RU-40, RU-41, RU-42, RU-70, RU-71, RU-72, RU-V1.
 * RU-40/41/42 Rumino with jokers ends the game; RU-V1 forbids it. */
static void ru_t14_rumino_with_jokers_and_v1(void **st)
{
    (void)st;
    for (int v1 = 0; v1 < 2; v1++) {
        ru_state s;
        locks L = {0};
        const char *kv[] = {"natural_rumino=true"};
        start(&s, 4, 0, 10, kv, v1);
        give(&s, &L, 1, "9S 9S 9H 9D 9C JK 4D");
        stock_top(&s, &L, "JK");
        s.cum[0] = 20, s.cum[1] = 90, s.cum[2] = 5, s.cum[3] = 60;
        act(&s, RU_A_DRAW, NULL);
        assert_int_equal(count_type(&s, RU_A_RUMINO), v1 ? 0 : 1);
        assert_int_equal(is_legal(&s, RU_A_RUMINO, "4D"), !v1);
        assert_int_equal(count_type(&s, RU_A_GIN), 5);
        assert_true(is_legal(&s, RU_A_GIN, "9H"));
        assert_false(is_legal(&s, RU_A_GIN, "JK"));
        if (v1) continue;
        act(&s, RU_A_RUMINO, "4D");
        assert_int_equal(s.phase, RU_PH_OVER);
        assert_int_equal(s.winners, 1u << 1);
        assert_int_equal(s.chips[1], 3);
        assert_int_equal(s.chips[0], -1);
        assert_int_equal(s.chips[2], -1);
        assert_int_equal(s.chips[3], -1);
        /* The hand was played to its end, so it counts (a Rumino win once
         * read "after 0 hands"), but nobody scores in it (E24). */
        assert_int_equal(s.hands, 1);
        for (int p = 0; p < 4; p++)
            assert_int_equal(s.hand_score[p], 0);
        assert_int_equal(s.cum[1], 90);
        /* Tally: one hand, ended by a Rumino of its first player (seat 1,
         * who also played first in the game and takes the whole pool). */
        assert_true(tally(&s, "hands") == 1);
        assert_true(tally(&s, "rumino_hands") == 1);
        assert_true(tally(&s, "knock_hands") == 0);
        assert_true(tally(&s, "end_rumino") == 1);
        assert_true(tally(&s, "end_one_survivor") == 0);
        assert_true(tally(&s, "hands_ended_by_first_to_act") == 1);
        assert_true(tally(&s, "first_player_share") == 1);
        ch_result r;
        ru_game.result(&s, &r);
        assert_true(r.terminal);
        assert_int_equal(r.rank[1], 1);
        assert_int_equal(ru_game.to_move(&s), CH_TERMINAL);
    }
}

/* RU-T15: straight-flush Rumino, RU-43 declared with the drawn card; no wrap. */
static void ru_t15_straight_flush_no_wrap(void **st)
{
    (void)st;
    ru_state s;
    locks L = {0};
    start(&s, 2, 0, 11, NULL, 0);
    give(&s, &L, 1, "AH 2H 3H 4H 5H 6H JK");
    stock_top(&s, &L, "KC");
    act(&s, RU_A_DRAW, NULL);
    assert_int_equal(count_type(&s, RU_A_RUMINO), 1);
    assert_true(is_legal(&s, RU_A_RUMINO, "KC"));
    assert_int_equal(count_type(&s, RU_A_GIN), 1);
    assert_true(is_legal(&s, RU_A_GIN, "KC"));

    locks M = {0};
    start(&s, 2, 0, 12, NULL, 0);
    give(&s, &M, 1, "9H 10H JH QH KH AH 2H");
    stock_top(&s, &M, "5C");
    act(&s, RU_A_DRAW, NULL);
    assert_int_equal(count_type(&s, RU_A_RUMINO), 0);
    assert_int_equal(count_type(&s, RU_A_GIN), 0);
    act(&s, RU_A_DISCARD, "5C");
    assert_int_equal(ru_hand_deadwood(&s, 1), 12);
}

/* RU-T16: RU-22 the first player may take the upcard; RU-24 the restriction. */
static void ru_t16_upcard_and_discard_restriction(void **st)
{
    (void)st;
    ru_state s, t;
    locks L = {0};
    start(&s, 2, 0, 13, NULL, 0);
    give(&s, &L, 1, "7D 7S 2D 5C 9C JD KS");
    upcard(&s, &L, "7D");
    stock_top(&s, &L, "4H");
    t = s;
    assert_true(is_legal(&s, RU_A_TAKE, NULL));
    act(&s, RU_A_TAKE, NULL);
    assert_int_equal(count_type(&s, RU_A_DISCARD), 6);
    assert_false(is_legal(&s, RU_A_DISCARD, "7D"));
    assert_true(is_legal(&s, RU_A_DISCARD, "7S"));
    act(&t, RU_A_DRAW, NULL);
    assert_int_equal(count_type(&t, RU_A_DISCARD), 8);
}

/* RU-T17: RU-45 the discard pile but its top becomes the new stock. */
static void ru_t17_reshuffle(void **st)
{
    (void)st;
    ru_state s;
    locks L = {0};
    start(&s, 2, 0, 14, NULL, 0);
    give(&s, &L, 1, "6C");
    /* Move all but one stock card onto the discard pile. */
    drain_stock(&s);
    int count[RU_NFACES] = {0};
    for (int i = 0; i < s.ndiscard; i++)
        count[s.discard[i]]++;
    act(&s, RU_A_DRAW, NULL);
    act(&s, RU_A_DISCARD, "6C");
    assert_int_equal(s.nstock + s.ndiscard, 94);
    assert_int_equal(s.nstock, 93);
    assert_int_equal(s.ndiscard, 1);
    assert_int_equal(s.discard[0], card("6C"));
    for (int i = 0; i < s.nstock; i++)
        count[ru_stock_card(&s, i)]--;
    for (int f = 0; f < RU_NFACES; f++)
        assert_int_equal(count[f], 0);
    assert_true(tally(&s, "reshuffles") == 1);
    assert_int_equal(s.to_move, 0);
    assert_true(is_legal(&s, RU_A_TAKE, NULL));
    assert_true(is_legal(&s, RU_A_DRAW, NULL));
}

/* ---- Elimination, rebuys and the pool: RU-60..RU-72 ---- */

/* RU-T18: RU-63, RU-64, RU-65, RU-66.
 * A single rebuy (RU-63/64/65), or a decline (RU-66). */
static void ru_t18_single_rebuy_or_decline(void **st)
{
    (void)st;
    static const int target[4] = {104, 62, 88, 45};
    for (int rebuy = 0; rebuy < 2; rebuy++) {
        ru_state s;
        start(&s, 4, 3, 15, NULL, 0);
        knock_to(&s, target);
        assert_int_equal(s.phase, RU_PH_REBUY);
        assert_int_equal(s.to_move, 0);
        act(&s, rebuy ? RU_A_REBUY : RU_A_DECLINE, NULL);
        if (rebuy) {
            assert_int_equal(s.chips[0], -5);
            assert_int_equal(s.pool, 8);
            assert_int_equal(s.cum[0], 88);
            assert_true(s.active[0]);
            assert_true(tally(&s, "rebuys") == 1 && tally(&s, "eliminations") == 0);
        } else {
            assert_false(s.active[0]);
            assert_true(tally(&s, "eliminations") == 1);
            assert_int_equal(s.nhand[0], 0);
            assert_int_equal(s.nstock, 108 - 21 - 1); /* 3 players dealt */
        }
        assert_int_equal(ledger_sum(&s), 0);
    }
}

/* RU-T19: RU-63, RU-64, RU-65.
 * Simultaneous rebuys all pay the pool at the start of the step. */
static void ru_t19_simultaneous_rebuys(void **st)
{
    (void)st;
    static const int target[5] = {101, 110, 50, 70, 99};
    ru_state s;
    start(&s, 5, 4, 16, NULL, 0);
    knock_to(&s, target);
    assert_int_equal(s.phase, RU_PH_REBUY);
    assert_int_equal(s.to_move, 0); /* clockwise from the dealer's left */
    act(&s, RU_A_REBUY, NULL);
    assert_int_equal(s.to_move, 1);
    act(&s, RU_A_REBUY, NULL);
    assert_int_equal(s.chips[0], -6);
    assert_int_equal(s.chips[1], -6);
    assert_int_equal(s.pool, 15);
    assert_int_equal(s.cum[0], 99);
    assert_int_equal(s.cum[1], 99);
    assert_int_equal(s.phase, RU_PH_TURN);
    assert_int_equal(ledger_sum(&s), 0);
}

/* RU-T20: RU-60, RU-62, RU-70, RU-71.
 * RU-62 one survivor wins; exactly 100 is out (RU-60). */
static void ru_t20_one_survivor_wins(void **st)
{
    (void)st;
    static const int target[3] = {100, 120, 95};
    ru_state s;
    start(&s, 3, 0, 17, NULL, 0);
    knock_to(&s, target);
    assert_int_equal(s.phase, RU_PH_OVER);
    assert_int_equal(s.winners, 1u << 2);
    assert_int_equal(s.chips[2], 2);
    assert_int_equal(s.rebuys, 0);
    assert_int_equal(ledger_sum(&s), 0);
}

/* RU-T21: RU-61, RU-71, RU-72.
 * RU-61 nobody survives: lowest wins, ties share, odd chip (RU-72). */
static void ru_t21_everyone_out_tie_and_odd_chip(void **st)
{
    (void)st;
    static const int first[5] = {95, 97, 99, 100, 100};
    ru_state s;
    start(&s, 5, 1, 18, NULL, 0);
    knock_to(&s, first);
    assert_int_equal(s.phase, RU_PH_REBUY);
    assert_int_equal(s.to_move, 3);
    act(&s, RU_A_DECLINE, NULL);
    assert_int_equal(s.to_move, 4);
    act(&s, RU_A_DECLINE, NULL);
    /* Hand 2: dealer C, first to act A (seats 3 and 4 skipped). */
    assert_int_equal(s.dealer, 2);
    assert_int_equal(s.to_move, 0);
    assert_int_equal(s.cum[0], 95);
    locks L = {0};
    give(&s, &L, 0, "3H 4H 5H 9S 9D 9C 7D");
    give(&s, &L, 1, "KS KH KD 2C 3C 4C QD");
    give(&s, &L, 2, "5S 6S 7S JD JC JH 3D");
    act(&s, RU_A_KNOCK, NULL);
    assert_int_equal(s.cum[0], 102);
    assert_int_equal(s.cum[1], 107);
    assert_int_equal(s.cum[2], 102);
    assert_int_equal(s.phase, RU_PH_OVER);
    assert_int_equal(s.winners, 1u << 0 | 1u << 2);
    assert_int_equal(s.chips[0], 2);
    assert_int_equal(s.chips[2], 1);
    assert_int_equal(s.chips[1], -1);
    assert_int_equal(s.chips[3], -1);
    assert_int_equal(s.chips[4], -1);
    assert_int_equal(ledger_sum(&s), 0);
    ch_result r;
    ru_game.result(&s, &r);
    assert_int_equal(r.rank[0], 1);
    assert_int_equal(r.rank[2], 1);
    assert_int_equal(r.rank[1], 3);
    /* Tally: two hands, each knocked at 7 by its first player; D and E
     * declined; nobody survived; seat 2 played first in the game and
     * shares the pool with seat 0. */
    assert_true(tally(&s, "hands") == 2);
    assert_true(tally(&s, "knock_hands") == 2);
    assert_true(tally(&s, "knockers_deadwood") == 14);
    assert_true(tally(&s, "hands_ended_by_first_to_act") == 2);
    assert_true(tally(&s, "eliminations") == 2);
    assert_true(tally(&s, "end_no_survivor") == 1);
    assert_true(tally(&s, "first_player_share") == 0.5);
}

/* The deal of the next hand, replayed from a copy of the state's RNG:
 * which seat gets the k-th card. */
static void check_deal_order(const ru_state *before, const ru_state *after, const int *seats, int n)
{
    ch_rng r = before->rng;
    uint8_t d[RU_NCARDS];
    for (int i = 0; i < RU_NCARDS; i++)
        d[i] = (uint8_t)(i < 104 ? i / 2 : RU_JOKER);
    ch_rng_shuffle_u8(&r, d, RU_NCARDS);
    for (int k = 0; k < 7 * n; k++)
        assert_int_equal(after->hand[seats[k % n]][k / n], d[k]);
}

/* RU-T22: RU-13 dealer rotation skips eliminated seats (E18). */
static void ru_t22_dealer_rotation(void **st)
{
    (void)st;
    for (int out = 1; out >= 0; out--) {
        int target[4] = {10, 10, 10, 10};
        target[out] = 100;
        ru_state s, before;
        start(&s, 4, 0, 19, NULL, 0);
        knock_to(&s, target);
        assert_int_equal(s.phase, RU_PH_REBUY);
        before = s;
        act(&s, RU_A_DECLINE, NULL);
        if (out == 1) {
            static const int seats[3] = {3, 0, 2};
            assert_int_equal(s.dealer, 2);
            assert_int_equal(s.to_move, 3);
            check_deal_order(&before, &s, seats, 3);
        } else {
            static const int seats[3] = {2, 3, 1};
            assert_int_equal(s.dealer, 1);
            assert_int_equal(s.to_move, 2);
            check_deal_order(&before, &s, seats, 3);
        }
    }
}

/* RU-T23: RU-80 chips + pool stay 0 through rebuys and the payout. */
static void ru_t23_chip_conservation(void **st)
{
    (void)st;
    ru_state s;
    start(&s, 4, 0, 20, NULL, 0);
    assert_int_equal(ledger_sum(&s), 0);
    int t[4] = {0, 0, 0, 0};
    for (int hand = 1; hand <= 9; hand++) {
        for (int p = 0; p < 4; p++)
            t[p] = s.cum[p] + 5;
        if (hand == 3) t[0] = 100;
        if (hand == 6) t[1] = 100;
        if (hand == 9) t[0] = t[1] = t[3] = 150;
        knock_to(&s, t);
        assert_int_equal(ledger_sum(&s), 0);
        if (hand == 3 || hand == 6) {
            assert_int_equal(s.phase, RU_PH_REBUY);
            act(&s, RU_A_REBUY, NULL);
            assert_int_equal(ledger_sum(&s), 0);
        }
        if (hand == 3) assert_int_equal(s.pool, 8), assert_int_equal(s.chips[0], -5);
        if (hand == 6) assert_int_equal(s.pool, 16), assert_int_equal(s.chips[1], -9);
    }
    assert_int_equal(s.phase, RU_PH_OVER);
    assert_int_equal(s.winners, 1u << 2);
    assert_int_equal(s.chips[0], -5);
    assert_int_equal(s.chips[1], -9);
    assert_int_equal(s.chips[2], 15);
    assert_int_equal(s.chips[3], -1);
    assert_int_equal(s.pool, 0);
    /* Tally: nine knocks at 7 by each hand's first player, two rebuys, no
     * one put out, one survivor; seat 1 played first and won nothing. */
    assert_true(tally(&s, "hands") == 9);
    assert_true(tally(&s, "knock_hands") == 9);
    assert_true(tally(&s, "gin_hands") == 0);
    assert_true(tally(&s, "knockers_deadwood") == 63);
    assert_true(tally(&s, "hands_ended_by_first_to_act") == 9);
    assert_true(tally(&s, "turns") == 0);
    assert_true(tally(&s, "rebuys") == 2);
    assert_true(tally(&s, "eliminations") == 0);
    assert_true(tally(&s, "end_one_survivor") == 1);
    assert_true(tally(&s, "first_player_share") == 0);
}

/* RU-T24: no rebuy with 2 players (RU-62, E13). */
static void ru_t24_no_rebuy_with_two_players(void **st)
{
    (void)st;
    static const int target[2] = {103, 40};
    ru_state s;
    start(&s, 2, 0, 21, NULL, 0);
    knock_to(&s, target);
    assert_int_equal(s.phase, RU_PH_OVER);
    assert_int_equal(s.winners, 1u << 1);
    assert_int_equal(s.chips[1], 1);
    assert_int_equal(s.pool, 0);
}

/* RU-T25: RU-V4 three opening Gins by one player. */
static void ru_t25_v4_three_opening_gins(void **st)
{
    (void)st;
    for (int v4 = 0; v4 < 2; v4++) {
        ru_state s;
        const char *kv[] = {"elimination_score=1000", "three_gins=true"};
        start(&s, 3, 0, 22, kv, 1 + v4);
        int x = 1;
        for (int hand = 1; hand <= 3; hand++) {
            locks L = {0};
            give(&s, &L, x, "AC AD AS AH 5S 6S 7S");
            pass_to(&s, x);
            int drawn = ru_stock_card(&s, s.nstock - 1);
            act(&s, RU_A_DRAW, NULL);
            ru_game.apply(&s, ru_action(RU_A_GIN, drawn));
        }
        if (v4) {
            assert_int_equal(s.phase, RU_PH_OVER);
            assert_int_equal(s.winners, 1u << x);
            assert_int_equal(s.hands, 3); /* the third Gin ends the game unscored */
            assert_int_equal(s.cum[x], -20);
            assert_int_equal(s.chips[x], 2);
            assert_true(tally(&s, "gin_hands") == 3);
            assert_true(tally(&s, "end_three_gins") == 1);
        } else {
            assert_int_equal(s.phase, RU_PH_TURN);
            assert_int_equal(s.hands, 3);
            assert_int_equal(s.cum[x], -30);
        }
    }
}

/* ---- Variants ---- */

/* RU-V2: the rebuy cap; 0 means none, and a capped player is simply out. */
static void ru_v2_rebuy_limit(void **st)
{
    (void)st;
    static const int target[4] = {100, 10, 10, 100};
    ru_state s;
    const char *kv[] = {"max_rebuys_total=1"};
    start(&s, 4, 3, 23, kv, 1);
    knock_to(&s, target);
    assert_int_equal(s.to_move, 0);
    assert_true(is_legal(&s, RU_A_REBUY, NULL));
    act(&s, RU_A_REBUY, NULL);
    /* The cap is reached: seat 3 is out without an offer. */
    assert_int_equal(s.phase, RU_PH_TURN);
    assert_false(s.active[3]);
    const char *zero[] = {"max_rebuys_total=0"};
    start(&s, 4, 3, 23, zero, 1);
    knock_to(&s, target);
    assert_int_equal(s.phase, RU_PH_TURN);
    assert_false(s.active[0]);
    assert_false(s.active[3]);
}

/* RU-V3: an empty stock voids the hand; the deal passes. */
static void ru_v3_empty_stock_voids_hand(void **st)
{
    (void)st;
    ru_state s;
    const char *kv[] = {"void_on_empty_stock=true"};
    start(&s, 2, 0, 24, kv, 1);
    drain_stock(&s);
    draw_and_throw(&s);
    assert_int_equal(s.hands, 1);
    assert_int_equal(s.cum[0], 0);
    assert_int_equal(s.cum[1], 0);
    assert_int_equal(s.dealer, 1);
    assert_int_equal(s.nstock, 93); /* a fresh deal */
    assert_int_equal(s.last_end, RU_END_VOID);
    assert_true(tally(&s, "void_hands") == 1);
    assert_true(tally(&s, "hands_ended_by_first_to_act") == 0);
    assert_true(tally(&s, "turns") == 1);
}

/* RU-V5: an out-of-turn claim of a discard for a Rumino. */
/* P1 throws the eighth 8 while P0 holds seven of them. */
static void claim_position(ru_state *s)
{
    locks L = {0};
    const char *kv[] = {"rumino_claim=true"};
    start(s, 3, 0, 25, kv, 1);
    give(s, &L, 1, "KD");
    give(s, &L, 0, "8S 8S 8H 8H 8D 8C 2C");
    stock_top(s, &L, "8D");
    act(s, RU_A_DRAW, NULL);    /* P1 draws 8D */
    act(s, RU_A_DISCARD, "8D"); /* ...and throws it */
}

static void ru_v5_rumino_claim(void **st)
{
    (void)st;
    ru_state s;
    claim_position(&s);
    assert_int_equal(s.phase, RU_PH_CLAIM);
    assert_int_equal(s.to_move, 0); /* P2 cannot claim; P0 can */
    act(&s, RU_A_CLAIM, NULL);
    assert_int_equal(count_type(&s, RU_A_DISCARD), 0);
    assert_int_equal(count_type(&s, RU_A_GIN), 0);
    assert_true(is_legal(&s, RU_A_RUMINO, "2C"));
    act(&s, RU_A_RUMINO, "2C");
    assert_int_equal(s.phase, RU_PH_OVER);
    assert_int_equal(s.winners, 1u << 0);
    /* Passing lets play go on. */
    claim_position(&s);
    act(&s, RU_A_PASS, NULL);
    assert_int_equal(s.phase, RU_PH_TURN);
    assert_int_equal(s.to_move, 2);
}

/* RU-V6: the card just taken may be discarded again. */
static void ru_v6_free_discard(void **st)
{
    (void)st;
    ru_state s;
    locks L = {0};
    const char *kv[] = {"free_discard=true"};
    start(&s, 2, 0, 26, kv, 1);
    upcard(&s, &L, "QH");
    act(&s, RU_A_TAKE, NULL);
    assert_true(is_legal(&s, RU_A_DISCARD, "QH"));
}

/* RU-V7: bankroll mode: chips start at B, a rebuy needs the chips. */
static void ru_v7_bankroll(void **st)
{
    (void)st;
    static const int target[3] = {100, 10, 10};
    ru_state s;
    const char *kv[] = {"starting_chips=5", "ante=2"};
    start(&s, 4, 3, 27, kv, 2);
    assert_int_equal(s.chips[0], 3);
    assert_int_equal(s.pool, 8);
    int t4[4] = {target[0], target[1], target[2], 10};
    knock_to(&s, t4);
    /* The cost is 8, more than the 3 chips seat 0 has: no offer. */
    assert_false(s.active[0]);
    assert_int_equal(s.phase, RU_PH_TURN);
    const char *rich[] = {"starting_chips=20", "ante=2"};
    start(&s, 4, 3, 27, rich, 2);
    knock_to(&s, t4);
    assert_int_equal(s.phase, RU_PH_REBUY);
    act(&s, RU_A_REBUY, NULL);
    assert_int_equal(s.chips[0], 10);
    /* The ante may not exceed the bankroll. */
    ch_opts o;
    ch_err err;
    const char *bad[] = {"starting_chips=2", "ante=3"};
    assert_int_equal(ch_opts_parse(&o, ru_game.opts, ru_game.n_opts, bad, 2, &err), CH_OK);
    assert_int_equal(ru_game.setup(&s, &o, 1, NULL, 0, &err), CH_EINVAL);
    assert_non_null(strstr(err.msg, "ante"));
}

/* RU-V8: the turn cap voids a long hand. */
static void ru_v8_turn_cap(void **st)
{
    (void)st;
    ru_state s;
    const char *kv[] = {"max_turns_per_hand=3"};
    start(&s, 2, 0, 28, kv, 1);
    for (int k = 0; k < 3; k++) {
        assert_int_equal(s.hands, 0);
        draw_and_throw(&s);
    }
    assert_int_equal(s.hands, 1);
    assert_int_equal(s.last_end, RU_END_VOID);
    assert_int_equal(s.turns, 0);
}

/* The view's hands_scored (issue 23, decision 3): hands whose deadwood went
 * into the totals (E24). A void hand (RU-V8), a Rumino hand (RU-43) and
 * RU-V4's winning Gin end a hand, so the result's hands counts them, but
 * score nothing, so hands_scored does not. */
static int hands_scored(const ru_state *s)
{
    json_t *v = ru_game.view_json(s, 0);
    int n = (int)json_integer_value(json_object_get(v, "hands_scored"));
    assert_non_null(json_object_get(v, "hands_scored"));
    json_decref(v);
    return n;
}

static void ru_hands_scored_counts_only_scored_hands(void **st)
{
    (void)st;
    ch_result r;
    /* RU-V8: a void hand ends, nothing is scored. */
    ru_state s;
    const char *cap[] = {"max_turns_per_hand=3"};
    start(&s, 2, 0, 28, cap, 1);
    for (int k = 0; k < 3; k++)
        draw_and_throw(&s);
    assert_int_equal(s.last_end, RU_END_VOID);
    ru_game.result(&s, &r);
    assert_int_equal(r.hands, 1);
    assert_int_equal(hands_scored(&s), 0);
    /* RU-31: a knock scores the hand. */
    locks L = {0};
    start(&s, 3, 0, 6, NULL, 0);
    give(&s, &L, 1, "3H 4H 5H 9S 9D 9C 7D");
    give(&s, &L, 2, "KS KH KD 2C 3C 4C QD");
    give(&s, &L, 0, "AS 2D 5C 8H JH QS JK");
    act(&s, RU_A_KNOCK, NULL);
    assert_int_equal(hands_scored(&s), 1);
    /* RU-43: a Rumino ends the game unscored. */
    memset(&L, 0, sizeof L);
    start(&s, 4, 0, 10, NULL, 0);
    give(&s, &L, 1, "9S 9S 9H 9D 9C JK 4D");
    stock_top(&s, &L, "JK");
    act(&s, RU_A_DRAW, NULL);
    act(&s, RU_A_RUMINO, "4D");
    ru_game.result(&s, &r);
    assert_int_equal(r.hands, 1);
    assert_int_equal(hands_scored(&s), 0);
    /* RU-V4: two Gins scored, the third wins unscored. */
    const char *v4[] = {"elimination_score=1000", "three_gins=true"};
    start(&s, 3, 0, 22, v4, 2);
    for (int hand = 1; hand <= 3; hand++) {
        memset(&L, 0, sizeof L);
        give(&s, &L, 1, "AC AD AS AH 5S 6S 7S");
        pass_to(&s, 1);
        int drawn = ru_stock_card(&s, s.nstock - 1);
        act(&s, RU_A_DRAW, NULL);
        ru_game.apply(&s, ru_action(RU_A_GIN, drawn));
        assert_int_equal(hands_scored(&s), hand < 3 ? hand : 2);
    }
    ru_game.result(&s, &r);
    assert_int_equal(r.hands, 3);
}

/* ---- Information: RU-52, RU-81, knowledge of taken cards ---- */

static int census_seen(const ru_state *s, int viewer, int zone, int pos)
{
    static ch_census c;
    c.n = 0;
    ru_game.census(s, viewer, &c);
    for (int i = 0; i < c.n; i++)
        if (c.e[i].zone == zone && c.e[i].pos == pos) return c.e[i].seen;
    fail_msg("no card at zone %d pos %d", zone, pos);
    return -1;
}

static void ru52_ru81_information(void **st)
{
    (void)st;
    ru_state s, t;
    locks L = {0};
    start(&s, 3, 0, 29, NULL, 0);
    give(&s, &L, 1, "2C 5D 9H QS KH 4S 7C");
    upcard(&s, &L, "JD");
    stock_top(&s, &L, "8H");
    t = s;
    /* A taken card is known to all (zone 2 + seat); a drawn one only to its holder. */
    act(&s, RU_A_TAKE, NULL);
    assert_int_equal(census_seen(&s, 2, 3, 7), 1);
    json_t *v = ru_game.view_json(&s, 2);
    json_t *h1 = json_object_get(json_array_get(json_object_get(v, "players"), 1), "hand");
    assert_string_equal(json_string_value(json_array_get(h1, 7)), "JD");
    assert_true(json_is_null(json_array_get(h1, 0)));
    /* RU-81: chips, pool and scores are public. */
    assert_int_equal(json_integer_value(json_object_get(v, "pool")), 3);
    json_t *p0 = json_array_get(json_object_get(v, "players"), 0);
    assert_int_equal(json_integer_value(json_object_get(p0, "chips")), -1);
    assert_int_equal(json_integer_value(json_object_get(p0, "score")), 0);
    assert_null(json_object_get(v, "stock_order"));
    json_decref(v);
    act(&t, RU_A_DRAW, NULL);
    assert_int_equal(census_seen(&t, 2, 3, 7), 0);
    assert_int_equal(census_seen(&t, 1, 3, 7), 1);
    assert_int_equal(census_seen(&t, 1, 0, 0), 0); /* the stock is hidden */
    /* The view shows a player's own best layout (issue: why a knock is allowed). */
    v = ru_game.view_json(&t, 1);
    json_t *own = json_object_get(json_array_get(json_object_get(v, "players"), 1), "own");
    assert_non_null(own);
    assert_int_equal(json_integer_value(json_object_get(own, "deadwood_points")),
                     ru_hand_deadwood(&t, 1));
    json_decref(v);
    /* RU-52: after the hand every hand is public (here: the rebuy step). */
    static const int target[3] = {100, 10, 10};
    ru_state k;
    start(&k, 3, 0, 30, NULL, 0);
    knock_to(&k, target);
    assert_int_equal(k.phase, RU_PH_REBUY);
    for (int p = 0; p < 3; p++)
        for (int i = 0; i < 7; i++)
            assert_int_equal(census_seen(&k, 1, 2 + p, i), 1);
}

/* Notation: 7H, 10S, AS, JK; actions read back; names hide a drawn card. */
static void notation_cards_and_actions(void **st)
{
    (void)st;
    char t[32];
    for (int f = 0; f < RU_NFACES; f++) {
        int back;
        ru_game.card_text(f, t, sizeof t);
        assert_int_equal(ru_game.card_parse(t, &back), CH_OK);
        assert_int_equal(back, f);
    }
    assert_int_equal(card("10s"), 9);
    assert_int_equal(card("AS"), 0);
    assert_int_equal(card("KC"), 51);
    assert_int_equal(card("jk"), RU_JOKER);
    int f;
    assert_int_equal(ru_game.card_parse("1S", &f), CH_EINVAL);
    assert_int_equal(ru_game.card_parse("10X", &f), CH_EINVAL);
    assert_int_equal(ru_game.card_parse("S", &f), CH_EINVAL);
    ru_state s;
    locks L = {0};
    start(&s, 2, 0, 31, NULL, 0);
    give(&s, &L, 1, "10S");
    stock_top(&s, &L, "QD");
    ru_game.action_name(&s, ru_action(RU_A_DRAW, 0), 0, CH_LANG_EN, t, sizeof t);
    assert_null(strstr(t, "Q♦")); /* another player does not see the drawn card */
    ru_game.action_name(&s, ru_action(RU_A_DRAW, 0), 1, CH_LANG_EN, t, sizeof t);
    assert_non_null(strstr(t, "Q♦"));
    ru_game.action_name(&s, ru_action(RU_A_DRAW, 0), CH_ALL, CH_LANG_JA, t, sizeof t);
    assert_non_null(strstr(t, "♦Q"));
    act_text(&s, " DRAW ");
    act_text(&s, "Discard 10s");
    assert_int_equal(s.discard[s.ndiscard - 1], 9);
    char board[4096];
    assert_true(ru_game.render(&s, 0, CH_LANG_EN, board, sizeof board) > 0);
    assert_non_null(strstr(board, "melds:"));
    assert_true(ru_game.render(&s, 0, CH_LANG_JA, board, sizeof board) > 0);
}

/* RU-21: both draws are always offered at the start of a turn; RU-23 the
 * 8-card choices; D2 lists each kind once. */
static void ru21_ru23_turn_choices(void **st)
{
    (void)st;
    ru_state s;
    locks L = {0};
    start(&s, 2, 0, 32, NULL, 0);
    give(&s, &L, 1, "2C 2C 5D 9H QS KH 4S");
    stock_top(&s, &L, "5D");
    ch_action acts[64];
    assert_int_equal(legal(&s, acts), 2);
    act(&s, RU_A_DRAW, NULL);
    assert_int_equal(s.nhand[1], 8);
    assert_int_equal(count_type(&s, RU_A_DISCARD), 6); /* 2C listed once */
}

/* RU-50/RU-70: a hand ends only by knock, Gin or Rumino; with no action the
 * game goes on through reshuffles (RU-45) — hundreds of turns, still going. */
static void ru50_ru70_hand_ends_only_by_declaration(void **st)
{
    (void)st;
    ru_state s;
    start(&s, 2, 0, 33, NULL, 0);
    for (int k = 0; k < 400; k++) {
        assert_int_equal(s.hands, 0);
        draw_and_throw(&s);
    }
    assert_int_equal(s.hands, 0);
    assert_true(s.stock_gen >= 3);
    assert_int_equal(s.phase, RU_PH_TURN);
}

/* ---- What a player sees (issue 16) ---- */

/* Faces viewer may know in s: every card the census marks seen, and the
 * cards of the last hand laid open (RU-52). */
static void known_faces(const ru_state *s, int viewer, int *known)
{
    static ch_census c;
    c.n = 0;
    ru_game.census(s, viewer, &c);
    for (int i = 0; i < c.n; i++)
        if (c.e[i].seen) known[c.e[i].face] = 1;
    for (int p = 0; p < s->np; p++) {
        uint8_t last[RU_HAND];
        for (int i = 0, n = ru_last_hand(s, p, last); i < n; i++)
            known[last[i]] = 1;
    }
    /* The card put down with Gin or Rumino went face up on the pile. */
    if (s->last_no && (s->last_end == RU_END_GIN || s->last_end == RU_END_RUMINO))
        known[s->last_put] = 1;
}

/* Every card an event names (in "cards" or as a word of its text) is one
 * viewer knew before the move or knows after it. */
static int seen_types[8]; /* how often check_events met each kind below */
static const char *const watched[8] = {"draw",        "take",     "knock",     "gin",
                                       "elimination", "hand_end", "reshuffle", "deal"};

static void check_events(const ru_state *before, ch_action a, int viewer)
{
    ru_state after = *before;
    ru_game.apply(&after, a);
    int known[RU_NFACES] = {0};
    known_faces(before, viewer, known);
    known_faces(&after, viewer, known);
    for (int l = 0; l < CH_NLANGS; l++) {
        json_t *ev = ru_game.events(before, a, viewer, (ch_lang)l);
        assert_true(json_array_size(ev) > 0);
        size_t i;
        json_t *e;
        json_array_foreach(ev, i, e)
        {
            size_t j;
            json_t *c;
            json_array_foreach(json_object_get(e, "cards"), j, c)
            {
                int f;
                assert_int_equal(ru_game.card_parse(json_string_value(c), &f), CH_OK);
                if (!known[f])
                    fail_msg("event names %s to viewer %d: %s", json_string_value(c), viewer,
                             json_string_value(json_object_get(e, "text")));
            }
            for (int w = 0; w < 8; w++)
                seen_types[w] += !strcmp(json_string_value(json_object_get(e, "type")), watched[w]);
            char text[1024];
            snprintf(text, sizeof text, "%s", json_string_value(json_object_get(e, "text")));
            for (char *tok = strtok(text, " []():,.!、"); tok; tok = strtok(NULL, " []():,.!、")) {
                int f;
                if (ru_game.card_parse(tok, &f) == CH_OK && !known[f])
                    fail_msg("event text names %s to viewer %d: %s", tok, viewer,
                             json_string_value(json_object_get(e, "text")));
            }
        }
        json_decref(ev);
    }
}

/* Over whole games with knocks, Gins, reshuffles, rebuys and eliminations,
 * no event names a card its viewer cannot know, for every seat and a
 * spectator; and a drawn card is named to its drawer. */
static void ru_events_never_leak(void **st)
{
    (void)st;
    ch_bot heur, rnd;
    assert_int_equal(ch_bot_init(&heur, &ru_game, "heuristic", 3, NULL), CH_OK);
    assert_int_equal(ch_bot_init(&rnd, &ru_game, "random", 3, NULL), CH_OK);
    const char *kv[] = {"rumino_claim=true", "elimination_score=40", "knock_limit=0"};
    int named = 0;
    for (uint64_t seed = 1; seed <= 3; seed++) {
        /* Seed 1: random play that cannot knock, so the stock runs out. */
        ch_bot *b = seed == 1 ? &rnd : &heur;
        ru_state s;
        start(&s, 4, 0, seed, kv, seed == 1 ? 3 : 2);
        for (int k = 0; k < (seed == 1 ? 1500 : 3000) && s.phase != RU_PH_OVER; k++) {
            ch_action a = ch_bot_act(b, &s, s.to_move);
            for (int v = CH_SPECTATOR; v < s.np; v++)
                if (v != CH_ALL) check_events(&s, a, v);
            if (ru_action_type(a) == RU_A_DRAW) {
                char c[32];
                ru_card_say(ru_stock_card(&s, s.nstock - 1), 0, c, sizeof c);
                json_t *ev = ru_game.events(&s, a, s.to_move, CH_LANG_EN);
                const char *t = json_string_value(json_object_get(json_array_get(ev, 0), "text"));
                assert_non_null(strstr(t, c));
                named++;
                json_decref(ev);
            }
            ru_game.apply(&s, a);
        }
        if (seed > 1) assert_int_equal(s.phase, RU_PH_OVER);
    }
    assert_true(named > 0);
    for (int w = 0; w < 8; w++)
        if (!seen_types[w]) fail_msg("no %s event was checked", watched[w]);
}

/* RU-52: after a knock every viewer, a spectator too, gets every hand laid
 * open, exactly the cards that were in it, sorted, with melds, deadwood and
 * points as scored, and why the hand ended, until the next hand ends. */
static void ru52_last_hand_reveal(void **st)
{
    (void)st;
    ru_state s;
    locks L = {0};
    start(&s, 3, 0, 41, NULL, 0);
    char buf[4096];
    assert_int_equal(ru_game.hand_summary(&s, 1, CH_LANG_EN, buf, sizeof buf), 0);
    json_t *v = ru_game.view_json(&s, CH_SPECTATOR);
    assert_true(json_is_null(json_object_get(v, "last_hand")));
    json_decref(v);
    int knocker = s.to_move;
    give(&s, &L, knocker, "3H 4H 5H 9S 9D 9C 7D");
    uint8_t was[RU_MAX_PLAYERS][RU_MAX_HAND];
    memcpy(was, s.hand, sizeof was);
    act(&s, RU_A_KNOCK, NULL);
    assert_int_equal(s.dealt, 2); /* the next hand is already dealt */
    const int viewers[] = {0, 1, 2, CH_SPECTATOR};
    for (int k = 0; k < 4; k++) {
        v = ru_game.view_json(&s, viewers[k]);
        json_t *last = json_object_get(v, "last_hand");
        assert_int_equal(json_integer_value(json_object_get(last, "hand")), 1);
        assert_string_equal(json_string_value(json_object_get(last, "how")), "knock");
        for (int p = 0; p < 3; p++) {
            json_t *h = json_array_get(json_object_get(last, "hands"), (size_t)p);
            assert_int_equal(json_array_size(h), RU_HAND);
            int count[RU_NFACES] = {0}, prev = -1;
            for (int i = 0; i < RU_HAND; i++) {
                int f = card(json_string_value(json_array_get(h, (size_t)i)));
                assert_true(f >= prev); /* sorted */
                prev = f;
                count[f]++;
                count[was[p][i]]--;
            }
            for (int f = 0; f < RU_NFACES; f++)
                assert_int_equal(count[f], 0);
            json_t *b = json_array_get(json_object_get(last, "breakdown"), (size_t)p);
            assert_int_equal(json_integer_value(json_object_get(b, "points")), s.hand_score[p]);
            assert_int_equal(json_integer_value(json_object_get(b, "deadwood_points")),
                             ru_meld_deadwood(was[p], RU_HAND));
        }
        json_t *kb = json_array_get(json_object_get(last, "breakdown"), (size_t)knocker);
        assert_int_equal(json_array_size(json_object_get(kb, "melds")), 2);
        assert_int_equal(json_integer_value(json_object_get(kb, "points")), 7);
        json_decref(v);
        assert_true(ru_game.hand_summary(&s, viewers[k], CH_LANG_EN, buf, sizeof buf) > 0);
        assert_non_null(strstr(buf, "Hand 1 over"));
        assert_non_null(strstr(buf, "knocked"));
        assert_non_null(strstr(buf, "3♥ 4♥ 5♥"));
        assert_non_null(strstr(buf, "deadwood 7♦ = 7"));
        ru_game.hand_summary(&s, viewers[k], CH_LANG_JA, buf, sizeof buf);
        assert_non_null(strstr(buf, "ノック"));
        assert_null(strstr(buf, "deadwood"));
        assert_null(strstr(buf, "seat"));
        assert_null(strstr(buf, "Hand"));
    }
    /* It stays through the next hand's play. */
    draw_and_throw(&s);
    v = ru_game.view_json(&s, 0);
    assert_int_equal(json_integer_value(json_object_get(json_object_get(v, "last_hand"), "hand")),
                     1);
    json_decref(v);
}

/* A spectator sees no hidden hand card, no stock order and no drawn card. */
static void ru_spectator_sees_only_public(void **st)
{
    (void)st;
    ru_state s;
    locks L = {0};
    start(&s, 3, 0, 29, NULL, 0);
    upcard(&s, &L, "JD");
    stock_top(&s, &L, "8H");
    act(&s, RU_A_TAKE, NULL); /* seat 1 takes JD: known to all */
    json_t *v = ru_game.view_json(&s, CH_SPECTATOR);
    json_t *players = json_object_get(v, "players");
    for (int p = 0; p < 3; p++) {
        json_t *pl = json_array_get(players, (size_t)p);
        assert_null(json_object_get(pl, "own"));
        json_t *h = json_object_get(pl, "hand");
        for (size_t i = 0; i < json_array_size(h); i++) {
            json_t *c = json_array_get(h, i);
            if (p == 1 && ru_known(&s, 1, i))
                assert_string_equal(json_string_value(c), "JD");
            else
                assert_true(json_is_null(c));
        }
    }
    assert_null(json_object_get(v, "stock_order"));
    json_decref(v);
    char buf[4096];
    ru_game.render(&s, CH_SPECTATOR, CH_LANG_EN, buf, sizeof buf);
    assert_null(strstr(buf, "your hand"));
    assert_null(strstr(buf, "(you)"));
    assert_null(strstr(buf, "*"));
    /* A resample for the spectator keeps everything the spectator sees. */
    json_t *before = ru_game.view_json(&s, CH_SPECTATOR);
    for (uint64_t k = 0; k < 20; k++) {
        ru_state r = s;
        ch_rng rng;
        ch_rng_seed(&rng, k, 1);
        ru_game.resample(&r, CH_SPECTATOR, &rng);
        json_t *after = ru_game.view_json(&r, CH_SPECTATOR);
        assert_true(json_equal(before, after));
        json_decref(after);
    }
    json_decref(before);
}

/* The drawn card is named to its drawer on the board; the prompt lists only
 * the moves the player has, and no rule ID. */
static void ru_board_names_drawn_card_and_real_moves(void **st)
{
    (void)st;
    ru_state s;
    locks L = {0};
    start(&s, 2, 0, 5, NULL, 0);
    int p = s.to_move;
    give(&s, &L, p, "KS QH JD 10C 9S 8H 7D"); /* deadwood 64: no knock */
    stock_top(&s, &L, "2C");
    char buf[4096];
    ru_game.render(&s, p, CH_LANG_EN, buf, sizeof buf);
    assert_non_null(strstr(buf, "Your turn: draw or take"));
    assert_null(strstr(buf, "knock"));
    ru_game.render(&s, 1 - p, CH_LANG_EN, buf, sizeof buf);
    assert_null(strstr(buf, "draw or take")); /* the others are not told the mover's moves */
    for (int l = 0; l < CH_NLANGS; l++) {
        ru_game.action_name(&s, ru_action(RU_A_DRAW, 0), CH_SPECTATOR, (ch_lang)l, buf, sizeof buf);
        assert_null(strstr(buf, l ? "♣2" : "2♣"));
        ru_game.action_name(&s, ru_action(RU_A_DRAW, 0), p, (ch_lang)l, buf, sizeof buf);
        assert_non_null(strstr(buf, l ? "♣2" : "2♣"));
    }
    act(&s, RU_A_DRAW, NULL);
    ru_game.render(&s, p, CH_LANG_EN, buf, sizeof buf);
    assert_non_null(strstr(buf, "you drew 2♣"));
    assert_non_null(strstr(buf, "Your turn: discard\n"));
    ru_game.render(&s, p, CH_LANG_JA, buf, sizeof buf);
    assert_non_null(strstr(buf, "山札から引いたカード: ♣2"));
    {
        static const char *const english[] = {"hand", "total", "stock", "discard", "seat",
                                              "turn", "you",   "chips", "pool",    "dealer"};
        for (int i = 0; i < 10; i++)
            if (strstr(buf, english[i])) fail_msg("English '%s' left in: %s", english[i], buf);
    }
    ru_game.render(&s, 1 - p, CH_LANG_EN, buf, sizeof buf);
    assert_null(strstr(buf, "2♣"));
    ru_game.render(&s, CH_SPECTATOR, CH_LANG_EN, buf, sizeof buf);
    assert_null(strstr(buf, "2♣"));

    /* A knock hand offers the knock. */
    start(&s, 2, 0, 5, NULL, 0);
    memset(&L, 0, sizeof L);
    p = s.to_move;
    give(&s, &L, p, "3H 4H 5H 9S 9D 9C 7D");
    ru_game.render(&s, p, CH_LANG_EN, buf, sizeof buf);
    assert_non_null(strstr(buf, "Your turn: knock, draw or take"));
    /* The taken card: no rule ID in the words. */
    act(&s, RU_A_TAKE, NULL);
    for (int l = 0; l < CH_NLANGS; l++) {
        ru_game.render(&s, p, (ch_lang)l, buf, sizeof buf);
        assert_null(strstr(buf, "RU-"));
    }
    for (int i = 0; i < ru_game.n_opts; i++)
        assert_null(strstr(ru_game.opts[i].help, "RU-"));
}

/* Why a typed move is not legal, in the game's words. */
static void ru_explain_illegal_moves(void **st)
{
    (void)st;
    ru_state s;
    locks L = {0};
    start(&s, 2, 0, 5, NULL, 0);
    int p = s.to_move;
    give(&s, &L, p, "KS QH JD 10C 9S 8H 7D");
    upcard(&s, &L, "KD");
    char buf[512];
    assert_true(ru_game.explain_illegal(&s, "knock", CH_LANG_EN, buf, sizeof buf) > 0);
    assert_string_equal(buf, "knock needs deadwood 7 or less; yours is 64");
    assert_true(ru_game.explain_illegal(&s, "knock", CH_LANG_JA, buf, sizeof buf) > 0);
    assert_non_null(strstr(buf, "64"));
    assert_true(ru_game.explain_illegal(&s, "discard KS", CH_LANG_EN, buf, sizeof buf) > 0);
    assert_non_null(strstr(buf, "draw"));
    act(&s, RU_A_TAKE, NULL);
    assert_true(ru_game.explain_illegal(&s, "discard KD", CH_LANG_EN, buf, sizeof buf) > 0);
    assert_non_null(strstr(buf, "KD was taken from the discard pile"));
    assert_true(ru_game.explain_illegal(&s, "discard 2C", CH_LANG_EN, buf, sizeof buf) > 0);
    assert_non_null(strstr(buf, "2C is not in your hand"));
    assert_true(ru_game.explain_illegal(&s, "gin KS", CH_LANG_EN, buf, sizeof buf) > 0);
    assert_non_null(strstr(buf, "4-card and a 3-card meld"));
    assert_true(ru_game.explain_illegal(&s, "knock", CH_LANG_EN, buf, sizeof buf) > 0);
    assert_non_null(strstr(buf, "before you draw"));
    assert_null(strstr(buf, "RU-"));
}

/* A choice is named before it is made from what its mover knows: a knock
 * as a knock in either language (its action name tells every hand's
 * deadwood, so front ends could only show "knock"), a draw without the
 * stock's top card. */
static void ru_choices_named_without_outcome(void **st)
{
    (void)st;
    ru_state s;
    locks L = {0};
    start(&s, 2, 0, 5, NULL, 0);
    int p = s.to_move;
    give(&s, &L, p, "AS 2S 3S 4S 5H 5D 2C");
    upcard(&s, &L, "KD");
    char buf[256];
    assert_true(ru_game.choice_name(&s, ru_action(RU_A_KNOCK, 0), CH_LANG_JA, buf, sizeof buf) > 0);
    assert_string_equal(buf, "ノックする");
    ru_game.choice_name(&s, ru_action(RU_A_KNOCK, 0), CH_LANG_EN, buf, sizeof buf);
    assert_string_equal(buf, "Knock");
    ru_game.action_name(&s, ru_action(RU_A_KNOCK, 0), p, CH_LANG_EN, buf, sizeof buf);
    assert_non_null(strstr(buf, "hand scores")); /* the outcome: not for choosing */
    ru_game.choice_name(&s, ru_action(RU_A_DRAW, 0), CH_LANG_EN, buf, sizeof buf);
    assert_string_equal(buf, "Draw a card from the stock");
    ru_game.choice_name(&s, ru_action(RU_A_TAKE, 0), CH_LANG_EN, buf, sizeof buf);
    assert_string_equal(buf, "Take K♦ from the discard pile");
}

/* The rules at hand show the options in force. */
static void ru_rules_text_shows_options(void **st)
{
    (void)st;
    ch_opts o;
    const char *kv[] = {"players=4", "knock_limit=5", "natural_rumino=true", "max_rebuys_total=2",
                        "ante=3"};
    assert_int_equal(ch_opts_parse(&o, ru_game.opts, ru_game.n_opts, kv, 5, NULL), CH_OK);
    char buf[4096];
    assert_true(ru_game.rules_text(&o, CH_LANG_EN, buf, sizeof buf) > 0);
    assert_non_null(strstr(buf, "with deadwood 5 or less you may knock"));
    assert_non_null(strstr(buf, "seven of a kind or a seven-card straight flush (no jokers)"));
    assert_non_null(strstr(buf, "At most 2 rebuys"));
    assert_non_null(strstr(buf, "Ante: 3 chips"));
    assert_true(ru_game.rules_text(&o, CH_LANG_JA, buf, sizeof buf) > 0);
    assert_non_null(strstr(buf, "メルド外 (メルドになっていないカード) の点数が 5 点以下"));
    assert_non_null(strstr(buf, "ジョーカーなし"));
    assert_null(strstr(buf, "rebuy"));
}

/* RU-64, RU-80 at the extremes: 6 players, ante 1000000, every rebuy taken
 * (each step makes the pool 5 times larger). The pool never overflows, the
 * ledger always sums to 0, and once a rebuy would pass the chip limit it is
 * no longer offered, so those players are out. */
static void ru64_ru80_pool_never_overflows(void **st)
{
    (void)st;
    ru_state s;
    const char *kv[] = {"ante=1000000"};
    start(&s, 6, 0, 11, kv, 1);
    static const int target[6] = {100, 100, 100, 100, 10, 10};
    int steps = 0, refused = 0;
    while (s.phase != RU_PH_OVER && steps < 60) {
        knock_to(&s, target);
        steps++;
        int64_t before = s.pool;
        while (s.phase == RU_PH_REBUY) {
            int ok = is_legal(&s, RU_A_REBUY, NULL);
            act(&s, ok ? RU_A_REBUY : RU_A_DECLINE, NULL);
        }
        int active = 0;
        for (int p = 0; p < 6; p++)
            active += s.active[p];
        if (active < 6) {
            refused = 1;
            /* not offered because the pool would pass the limit */
            assert_true(before > RU_CHIP_LIMIT - before);
            break;
        }
        assert_int_equal(s.pool, before * 5);
        assert_true(s.pool > 0 && s.pool <= RU_CHIP_LIMIT);
        assert_int_equal(ledger_sum(&s), 0);
    }
    assert_true(refused);
    assert_true(steps > 4); /* past where 32-bit chips overflowed */
    assert_int_equal(ledger_sum(&s), 0);
    /* The two survivors play on; the pool is paid out whole. */
    const int end[6] = {100, 100, 100, 100, 100, 10};
    int64_t pool = s.pool, chips5 = s.chips[5];
    knock_to(&s, end);
    assert_int_equal(s.phase, RU_PH_OVER);
    assert_int_equal(s.chips[5], chips5 + pool);
    assert_int_equal(ledger_sum(&s), 0);
}

/* Bankroll at the extremes: 6 × 1000000000 chips fit, and the winner's
 * payout is exact. */
static void ru_v7_bankroll_extremes(void **st)
{
    (void)st;
    ru_state s;
    const char *kv[] = {"ante=1000000", "starting_chips=1000000000"};
    start(&s, 6, 0, 12, kv, 2);
    const int end[6] = {100, 100, 100, 100, 100, 10};
    knock_to(&s, end);
    assert_int_equal(s.phase, RU_PH_OVER);
    assert_int_equal(s.chips[5], 1000000000LL + 5 * 1000000LL);
}

/* RU-V8, RU-52: a void hand is laid open too, and says why it was void. */
static void ru_v8_void_hand_reveal(void **st)
{
    (void)st;
    ru_state s;
    const char *kv[] = {"max_turns_per_hand=1"};
    start(&s, 2, 0, 8, kv, 1);
    int p = s.to_move, top = ru_stock_card(&s, s.nstock - 1);
    act(&s, RU_A_DRAW, NULL);
    ru_game.apply(&s, ru_action(RU_A_DISCARD, top));
    assert_int_equal(s.dealt, 2);
    char buf[2048];
    assert_true(ru_game.hand_summary(&s, p, CH_LANG_EN, buf, sizeof buf) > 0);
    assert_non_null(strstr(buf, "Hand 1 is void (turn limit reached): nobody scores"));
    assert_non_null(strstr(buf, "→ 0 (void)"));
    ru_game.hand_summary(&s, p, CH_LANG_JA, buf, sizeof buf);
    assert_non_null(strstr(buf, "手番の上限"));
    json_t *v = ru_game.view_json(&s, CH_SPECTATOR);
    json_t *last = json_object_get(v, "last_hand");
    assert_string_equal(json_string_value(json_object_get(last, "how")), "void");
    assert_true(json_is_null(json_object_get(last, "seat")));
    assert_int_equal(json_array_size(json_array_get(json_object_get(last, "hands"), 0)), RU_HAND);
    json_decref(v);
}

/* Information (spec 4.2, "Private"): the card a player draws from the stock
 * is theirs alone. A resample from another seat's view must not keep it: in every resampled
 * world the mover's drawn card is one of the mover's cards, and across
 * worlds it is not always the true one (so a bot cannot read it). */
static void ru_private_draw_resample_hides_the_drawn_card(void **st)
{
    (void)st;
    ru_state s;
    start(&s, 3, 0, 11, NULL, 0);
    act(&s, RU_A_DRAW, NULL);
    assert_int_equal(s.phase, RU_PH_DRAWN);
    int p = s.to_move, other = (p + 1) % 3, differs = 0;
    ch_rng rng;
    ch_rng_seed(&rng, 5, 1);
    for (int k = 0; k < 64; k++) {
        ru_state w = s;
        ru_game.resample(&w, other, &rng);
        int in_hand = 0;
        for (int i = 0; i < w.nhand[p]; i++)
            in_hand |= w.hand[p][i] == w.drawn;
        assert_true(in_hand);
        differs += w.drawn != s.drawn;
    }
    assert_true(differs > 0);
    /* The mover's own resample keeps the card it saw. */
    ru_state w = s;
    ru_game.resample(&w, p, &rng);
    assert_int_equal(w.drawn, s.drawn);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ru1_ru2_sets_of_three_or_four_with_twins),
        cmocka_unit_test(ru3_runs_of_three_or_four_ace_low),
        cmocka_unit_test(ru4_jokers_wild_any_number),
        cmocka_unit_test(ru5_minimum_over_layouts),
        cmocka_unit_test(ru6_complete_hand_is_four_plus_three),
        cmocka_unit_test(ru7_rumino_combinations),
        cmocka_unit_test(ru10_ru11_ru80_antes_scores_and_ledger),
        cmocka_unit_test(ru12_first_dealer_given_or_random),
        cmocka_unit_test(ru14_each_hand_is_shuffled),
        cmocka_unit_test(ru_t1_deal_sizes),
        cmocka_unit_test(ru_t2_deal_order),
        cmocka_unit_test(ru_t3_t4_best_layout_and_knock_boundary),
        cmocka_unit_test(ru_t5_t6_t7_t8_deadwood_examples),
        cmocka_unit_test(ru_t9_knock_at_zero_scores_zero),
        cmocka_unit_test(ru_t10_knock_ends_hand_at_once),
        cmocka_unit_test(ru_t11_no_knock_after_drawing),
        cmocka_unit_test(ru_t12_gin_scoring_and_rebuy),
        cmocka_unit_test(ru_t13_three_plus_three_is_not_gin),
        cmocka_unit_test(ru_t14_rumino_with_jokers_and_v1),
        cmocka_unit_test(ru_t15_straight_flush_no_wrap),
        cmocka_unit_test(ru_t16_upcard_and_discard_restriction),
        cmocka_unit_test(ru_t17_reshuffle),
        cmocka_unit_test(ru_t18_single_rebuy_or_decline),
        cmocka_unit_test(ru_t19_simultaneous_rebuys),
        cmocka_unit_test(ru_t20_one_survivor_wins),
        cmocka_unit_test(ru_t21_everyone_out_tie_and_odd_chip),
        cmocka_unit_test(ru_t22_dealer_rotation),
        cmocka_unit_test(ru_t23_chip_conservation),
        cmocka_unit_test(ru_t24_no_rebuy_with_two_players),
        cmocka_unit_test(ru_t25_v4_three_opening_gins),
        cmocka_unit_test(ru_v2_rebuy_limit),
        cmocka_unit_test(ru_v3_empty_stock_voids_hand),
        cmocka_unit_test(ru_v5_rumino_claim),
        cmocka_unit_test(ru_v6_free_discard),
        cmocka_unit_test(ru_v7_bankroll),
        cmocka_unit_test(ru_v8_turn_cap),
        cmocka_unit_test(ru_hands_scored_counts_only_scored_hands),
        cmocka_unit_test(ru52_ru81_information),
        cmocka_unit_test(notation_cards_and_actions),
        cmocka_unit_test(ru21_ru23_turn_choices),
        cmocka_unit_test(ru50_ru70_hand_ends_only_by_declaration),
        cmocka_unit_test(ru_events_never_leak),
        cmocka_unit_test(ru52_last_hand_reveal),
        cmocka_unit_test(ru_spectator_sees_only_public),
        cmocka_unit_test(ru_board_names_drawn_card_and_real_moves),
        cmocka_unit_test(ru_explain_illegal_moves),
        cmocka_unit_test(ru_choices_named_without_outcome),
        cmocka_unit_test(ru_rules_text_shows_options),
        cmocka_unit_test(ru64_ru80_pool_never_overflows),
        cmocka_unit_test(ru_v7_bankroll_extremes),
        cmocka_unit_test(ru_v8_void_hand_reveal),
        cmocka_unit_test(ru_private_draw_resample_hides_the_drawn_card),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
