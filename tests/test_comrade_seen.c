/* Comrade: what a player sees (issue 16). The end-of-deal reveal (CM-28,
 * CM-27/E21: leftovers never shown), events per action, warnings for moves
 * that lose on the spot (CM-18, CM-20), why a move is illegal (CM-12,
 * CM-14, CM-22), the rules text, the spectator viewer and the board. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cardhall/comrade.h"

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

static void start_kv(cm_state *st, const char *const *kv, int n, const int *order)
{
    ch_opts o;
    ch_err err;
    if (ch_opts_parse(&o, cm_game.opts, cm_game.n_opts, kv, n, &err) != CH_OK)
        fail_msg("%s", err.msg);
    if (ch_setup(&cm_game, st, &o, 42, order, order ? 52 : 0, &err) != CH_OK)
        fail_msg("%s", err.msg);
}

static ch_action parse(const cm_state *st, const char *text)
{
    ch_action a;
    ch_err err;
    if (ch_parse_action(&cm_game, st, text, &a, &err) != CH_OK)
        fail_msg("'%s' refused: %s", text, err.msg);
    return a;
}

static void acts(cm_state *st, const char *list)
{
    char buf[512], *save = NULL;
    snprintf(buf, sizeof buf, "%s", list);
    for (char *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        ch_err err;
        assert_int_equal(ch_apply(&cm_game, st, parse(st, t), &err), CH_OK);
    }
}

static const char *render(const cm_state *st, int viewer, ch_lang lang)
{
    static char buf[8192];
    int n = cm_game.render(st, viewer, lang, buf, sizeof buf);
    assert_true(n > 0 && (size_t)n < sizeof buf);
    return buf;
}

static const char *summary(const cm_state *st, int viewer, ch_lang lang)
{
    static char buf[4096];
    int n = cm_game.hand_summary(st, viewer, lang, buf, sizeof buf);
    assert_true(n >= 0 && (size_t)n < sizeof buf);
    return buf;
}

static char *dump(json_t *j)
{
    char *t = json_dumps(j, JSON_SORT_KEYS);
    json_decref(j);
    return t;
}

/* CM-T3's bids: P0{H3}, P1{S3}, P2{C3}, P3{D1}, P4{}. */
static const char *const t3_bids = "take H2,take S3,pass,take D1,pass,take H3,pass,take C3";

/* CM-T16's deal (dealer P0). */
static const char *const t16_hands[5] = {
    "AH KH QH 2S 3S 4S 3C 4C 3D 4D 5D", "JH 10H 9H AS KS QS 2C 5C 6C 6D 7D",
    "8H 7H 6H JS 10S 9S AC KC QC 2D",   "5H 4H 3H 8S 7S 6S JC 10C 9C AD",
    "2H 5S 8C 7C KD QD JD 10D 9D 8D",
};
static const char *const t16_plays = "AH,JH,8H,5H,2H,KH,10H,7H,4H,8D,QH,9H,6H,3H,9D,"
                                     "2S,AS,9S,6S,5S,KS,10S,7S,10D,3S,QS,JS,8S,JD,4S,"
                                     "2C,AC,9C,7C,3C,KC,10C,8C,4C,5C,QC,JC,QD,3D,6C,"
                                     "2D,AD,KD,4D,6D";

static void t16_order(int *order)
{
    int cards[5][11], n[5] = {0};
    for (int p = 0; p < 5; p++) {
        char buf[256], *save = NULL;
        snprintf(buf, sizeof buf, "%s", t16_hands[p]);
        for (char *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save))
            cards[p][n[p]++] = face(t);
    }
    for (int i = 0; i < 52; i++)
        order[i] = cards[i % 5][i / 5];
}

/* ---- The reveal ---- */

/* CM-T6 (a), CM-28: a bid over 10 ends the deal; every view then carries
 * the deal, its reason in words (who took what, the total) and each seat's
 * bids, until the next deal ends. */
static void cm_28_reveal_of_a_bidding_loss(void **s)
{
    (void)s;
    const char *kv[] = {"dealer=0", "deals=3"};
    cm_state st;
    start_kv(&st, kv, 2, NULL);
    json_t *v = cm_game.view_json(&st, 1);
    assert_true(json_is_null(json_object_get(v, "last_hand")));
    json_decref(v);
    assert_string_equal(summary(&st, 1, CH_LANG_EN), "");
    acts(&st, "take H4,take S4,take D3");
    assert_int_equal(st.deal, 1);
    v = cm_game.view_json(&st, 1);
    json_t *lh = json_object_get(v, "last_hand");
    assert_int_equal(json_integer_value(json_object_get(lh, "hand")), 1);
    const char *en = json_string_value(json_object_get(json_object_get(lh, "reason"), "en"));
    const char *ja = json_string_value(json_object_get(json_object_get(lh, "reason"), "ja"));
    assert_non_null(strstr(en, "{P2} took the ♦3 bid card"));
    assert_non_null(strstr(en, "11, over 10"));
    assert_non_null(strstr(ja, "{P2}が♦3の場札を取り"));
    json_t *b2 = json_array_get(json_object_get(lh, "breakdown"), 2);
    assert_int_equal(json_integer_value(json_array_get(json_object_get(b2, "bid"), 2)), 3);
    assert_int_equal(json_array_size(json_array_get(json_object_get(lh, "hands"), 0)), 0);
    json_decref(v);
    const char *t = summary(&st, CH_SPECTATOR, CH_LANG_EN);
    assert_non_null(strstr(t, "Deal 1 (dealer {P0}) lost"));
    assert_non_null(strstr(t, " {P2} bid ♦3, won -  played: -\n"));
    assert_non_null(strstr(summary(&st, 0, CH_LANG_JA), "第1戦 (親 {P0}) 敗北"));
    /* It stays through the next deal's moves... */
    acts(&st, "pass,pass");
    assert_non_null(strstr(summary(&st, 3, CH_LANG_EN), "Deal 1"));
    /* ...and the next deal's end replaces it (CM-T7's five passes). */
    acts(&st, "pass,pass,pass");
    assert_int_equal(st.deal, 2);
    t = summary(&st, 3, CH_LANG_EN);
    assert_non_null(strstr(t, "Deal 2 (dealer {P1}) lost"));
    assert_non_null(strstr(t, "all 5 players had passed in a row"));
}

/* CM-T12, CM-25: the trick that lost the deal is named with its seats. */
static void cm_25_reveal_names_the_losing_trick(void **s)
{
    (void)s;
    const char *kv[] = {"dealer=0", "deals=2"};
    cm_state st;
    start_kv(&st, kv, 2, NULL);
    acts(&st, t3_bids);
    const char *hands[5] = {"5D 2C", "9D 3C", "3D 4C", "7D 5C", "KD 6C"};
    for (int p = 0; p < 5; p++)
        st.hand[p] = mask_of(hands[p]);
    acts(&st, "5D,9D,3D,7D,KD");
    const char *t = summary(&st, 0, CH_LANG_EN);
    assert_non_null(strstr(t, "trick 1, led in diamonds ({P0} 5♦, {P1} 9♦, {P2} 3♦, {P3} 7♦, "
                              "{P4} K♦), was won by {P4} with K♦, who bid no diamonds"));
    assert_non_null(strstr(summary(&st, 0, CH_LANG_JA), "{P4}はダイヤにビッドしていない"));
    /* The cards not played (2C .. 6C) are never revealed. */
    for (int viewer = CH_SPECTATOR; viewer < 5; viewer++) {
        static const char *const unplayed[] = {"2C", "3C", "4C", "5C", "6C"};
        for (int i = 0; i < 5; i++)
            assert_null(strstr(summary(&st, viewer, CH_LANG_EN), unplayed[i]));
        json_t *v = cm_game.view_json(&st, viewer);
        char *d = dump(json_incref(json_object_get(v, "last_hand")));
        json_decref(v);
        assert_null(strstr(d, "2C\"") || strstr(d, "6C\""));
        free(d);
    }
}

/* CM-T16, CM-27, E21: after a won deal and at the end of the series the
 * leftovers 5D (P0) and 7D (P1) are shown to nobody: not in the reveal, not
 * on the final board, even the omniscient one the terminal prints. */
static void cm_27_leftovers_never_revealed(void **s)
{
    (void)s;
    int order[52];
    t16_order(order);
    const char *kv[] = {"dealer=0", "deals=1"};
    cm_state st;
    start_kv(&st, kv, 2, order);
    acts(&st, t3_bids);
    acts(&st, t16_plays);
    assert_int_equal(st.res[0], CM_WIN);
    for (int viewer = CH_SPECTATOR; viewer < 5; viewer++) {
        const char *t = summary(&st, viewer, CH_LANG_EN);
        assert_non_null(strstr(t, "Deal 1 (dealer {P0}) won"));
        assert_null(strstr(t, "5♦")); /* cards are named as players say them */
        assert_null(strstr(t, "7♦"));
        assert_non_null(strstr(t, "4♦"));
        json_t *v = cm_game.view_json(&st, viewer);
        char *d = dump(json_incref(json_object_get(v, "last_hand")));
        json_decref(v);
        assert_null(strstr(d, "\"5D\""));
        assert_null(strstr(d, "\"7D\""));
        assert_non_null(strstr(d, "\"4D\""));
        free(d);
    }
    for (int viewer = CH_ALL; viewer < 5; viewer++) {
        const char *t = render(&st, viewer, CH_LANG_EN);
        assert_null(strstr(t, "5♦"));
        assert_null(strstr(t, "7♦"));
        assert_non_null(strstr(t, "Series over: 1 won, 0 lost"));
    }
}

/* ---- Events ---- */

static json_t *events(const cm_state *st, const char *move, int viewer, ch_lang lang)
{
    json_t *e = cm_game.events(st, parse(st, move), viewer, lang);
    assert_true(json_is_array(e) && json_array_size(e) > 0);
    return e;
}

static const char *ev_field(json_t *e, size_t i, const char *key)
{
    return json_string_value(json_object_get(json_array_get(e, i), key));
}

/* CM-13, CM-18: a take names the card and the new total; reaching 10 starts
 * the tricks. */
static void cm_18_events_of_bidding(void **s)
{
    (void)s;
    const char *kv[] = {"dealer=0", "deals=2"};
    cm_state st;
    start_kv(&st, kv, 2, NULL);
    json_t *e = events(&st, "take H2", CH_SPECTATOR, CH_LANG_EN);
    assert_string_equal(ev_field(e, 0, "type"), "take");
    assert_string_equal(ev_field(e, 0, "text"),
                        "{P0} takes the ♥2 bid card: bids 2 in hearts (bid total 2/10)");
    assert_string_equal(
        json_string_value(json_array_get(json_object_get(json_array_get(e, 0), "cards"), 0)),
        "[H2]");
    json_decref(e);
    acts(&st, "take H2,take S3,pass,take D1,pass,take H3,pass");
    e = events(&st, "take C3", 2, CH_LANG_JA);
    assert_int_equal(json_array_size(e), 2);
    assert_string_equal(ev_field(e, 1, "type"), "bidding_end");
    assert_non_null(strstr(ev_field(e, 1, "text"), "トリック開始"));
    json_decref(e);
}

/* CM-24, CM-25, CM-6: the last card of a trick: the play, who won it, the
 * deal's end with its reason, then the next deal, whose cards only their
 * owner is told. */
static void cm_25_events_of_a_losing_trick(void **s)
{
    (void)s;
    const char *kv[] = {"dealer=0", "deals=2"};
    cm_state st;
    start_kv(&st, kv, 2, NULL);
    acts(&st, t3_bids);
    const char *hands[5] = {"5D", "9D", "3D", "7D", "KD"};
    for (int p = 0; p < 5; p++)
        st.hand[p] = mask_of(hands[p]);
    acts(&st, "5D,9D,3D,7D");
    cm_state after = st;
    acts(&after, "KD");
    for (int viewer = CH_SPECTATOR; viewer < 5; viewer++) {
        json_t *e = events(&st, "KD", viewer, CH_LANG_EN);
        assert_int_equal(json_array_size(e), 4);
        assert_string_equal(ev_field(e, 0, "type"), "play");
        assert_string_equal(ev_field(e, 1, "type"), "trick_won");
        assert_int_equal(json_integer_value(json_object_get(json_array_get(e, 1), "seat")), 4);
        assert_string_equal(ev_field(e, 2, "type"), "hand_end");
        assert_non_null(strstr(ev_field(e, 2, "text"), "who bid no diamonds"));
        assert_string_equal(ev_field(e, 3, "type"), "deal");
        json_t *cards = json_object_get(json_array_get(e, 3), "cards");
        if (viewer < 0) {
            assert_null(cards);
        } else {
            /* Exactly the viewer's own new hand, nobody else's. */
            assert_int_equal(json_array_size(cards), __builtin_popcountll(after.hand[viewer]));
            for (size_t i = 0; i < json_array_size(cards); i++) {
                int f = face(json_string_value(json_array_get(cards, i)));
                assert_true(after.hand[viewer] >> f & 1);
            }
        }
        json_decref(e);
    }
}

/* ---- Warnings ---- */

static const char *warning(const cm_state *st, const char *move, ch_lang lang)
{
    static char buf[256];
    cm_game.warning(st, parse(st, move), lang, buf, sizeof buf);
    return buf;
}

/* CM-20, CM-T6, CM-T7: a take over 10 and the fifth pass in a row are
 * flagged before they are made; other moves are not. */
static void cm_20_losing_moves_are_flagged(void **s)
{
    (void)s;
    const char *kv[] = {"dealer=0", "deals=1"};
    cm_state st;
    start_kv(&st, kv, 2, NULL);
    acts(&st, "take H4,take S4");
    assert_string_equal(warning(&st, "take D3", CH_LANG_EN), "ends the deal: total 11 > 10");
    assert_string_equal(warning(&st, "take D3", CH_LANG_JA), "この手で負け: ビッド合計 11 > 10");
    assert_string_equal(warning(&st, "take D2", CH_LANG_EN), "");
    assert_string_equal(warning(&st, "pass", CH_LANG_EN), "");
    start_kv(&st, kv, 2, NULL);
    acts(&st, "pass,pass,take H2,pass,pass,pass,pass");
    assert_string_equal(warning(&st, "pass", CH_LANG_EN), "ends the deal: pass 5 in a row");
    assert_string_equal(warning(&st, "pass", CH_LANG_JA), "この手で負け: 5人連続のパス");
    assert_string_equal(warning(&st, "take C1", CH_LANG_EN), "");
}

/* ---- Why a move is illegal ---- */

static const char *explain(const cm_state *st, const char *text, ch_lang lang)
{
    static char buf[256];
    cm_game.explain_illegal(st, text, lang, buf, sizeof buf);
    return buf;
}

/* CM-T19, CM-12, CM-14, CM-22: refusals in the game's words, no rule IDs. */
static void cm_12_illegal_moves_explained(void **s)
{
    (void)s;
    const char *kv[] = {"dealer=0", "deals=1"};
    cm_state st;
    start_kv(&st, kv, 2, NULL);
    acts(&st, "take H2,take S3");
    assert_string_equal(explain(&st, "take S3", CH_LANG_EN),
                        "the ♠3 bid card is no longer in the pool: {P1} took it");
    assert_string_equal(explain(&st, "5D", CH_LANG_EN),
                        "this is the bidding: pass, take a bid card (take H2) or a joker "
                        "(joker S)");
    acts(&st, "pass,pass,pass");
    assert_string_equal(explain(&st, "take H1", CH_LANG_EN),
                        "your hearts bid is already 2: take a card above 2");
    assert_string_equal(explain(&st, "take H1", CH_LANG_JA),
                        "あなたのハートのビッドはもう2。2より大きい場札を取る");
    acts(&st, "joker H,joker S,pass");
    assert_string_equal(explain(&st, "joker D", CH_LANG_EN), "no joker is left in the pool");
    /* CM-T14: P2 must follow hearts. */
    start_kv(&st, kv, 2, NULL);
    acts(&st, t3_bids);
    const char *hands[5] = {"QH 2C", "AS KS", "5H JH 9C", "4H 3S", "9H 2S"};
    for (int p = 0; p < 5; p++)
        st.hand[p] = mask_of(hands[p]);
    acts(&st, "QH,AS");
    assert_string_equal(explain(&st, "9C", CH_LANG_EN), "you must follow hearts: you hold 5♥ J♥");
    assert_string_equal(explain(&st, "2D", CH_LANG_EN), "2♦ is not in your hand");
    assert_string_equal(explain(&st, "pass", CH_LANG_EN),
                        "there is no passing in the tricks: play a card");
    assert_null(strstr(explain(&st, "take H2", CH_LANG_EN), "CM-"));
}

/* ---- Rules text ---- */

static void cm_4_rules_text_with_options(void **s)
{
    (void)s;
    ch_opts o;
    ch_err err;
    static char buf[8192];
    const char *kv[] = {"ace_high=false", "safe_bids=true"};
    assert_int_equal(ch_opts_parse(&o, cm_game.opts, cm_game.n_opts, NULL, 0, &err), CH_OK);
    int n = cm_game.rules_text(&o, CH_LANG_EN, buf, sizeof buf);
    assert_true(n > 0 && (size_t)n < sizeof buf);
    assert_non_null(strstr(buf, "Tricks count by the suit led"));
    assert_non_null(strstr(buf, "Ace high"));
    assert_non_null(strstr(buf, "over 10"));
    assert_null(strstr(buf, "Safe bids"));
    assert_null(strstr(buf, "CM-"));
    cm_game.rules_text(&o, CH_LANG_JA, buf, sizeof buf);
    assert_non_null(strstr(buf, "トリックはリードのスートで数える"));
    assert_int_equal(ch_opts_parse(&o, cm_game.opts, cm_game.n_opts, kv, 2, &err), CH_OK);
    cm_game.rules_text(&o, CH_LANG_EN, buf, sizeof buf);
    assert_non_null(strstr(buf, "Ace low"));
    assert_non_null(strstr(buf, "Safe bids"));
    const char *kv3[] = {"players=3"};
    assert_int_equal(ch_opts_parse(&o, cm_game.opts, cm_game.n_opts, kv3, 1, &err), CH_OK);
    cm_game.rules_text(&o, CH_LANG_EN, buf, sizeof buf);
    assert_non_null(strstr(buf, "exactly 12"));
    assert_null(strstr(buf, "joker"));
}

/* ---- The spectator ---- */

/* CM-31/E24: a spectator sees what every seat sees: no hand. */
static void cm_31_spectator_sees_no_hand(void **s)
{
    (void)s;
    const char *kv[] = {"dealer=0", "deals=1"};
    cm_state st;
    start_kv(&st, kv, 2, NULL);
    acts(&st, "take H2");
    json_t *v = cm_game.view_json(&st, CH_SPECTATOR);
    json_t *seats = json_object_get(v, "seats");
    for (size_t p = 0; p < json_array_size(seats); p++) {
        assert_null(json_object_get(json_array_get(seats, p), "hand"));
        assert_int_equal(json_integer_value(json_object_get(json_array_get(seats, p), "cards")),
                         p < 2 ? 11 : 10);
    }
    json_decref(v);
    ch_census c = {0};
    c.viewer = CH_SPECTATOR;
    cm_game.census(&st, CH_SPECTATOR, &c);
    for (int i = 0; i < c.n; i++)
        if (c.e[i].zone >= 1 && c.e[i].zone <= 5) assert_int_equal(c.e[i].seen, 0);
    assert_null(strstr(render(&st, CH_SPECTATOR, CH_LANG_EN), "hand:"));
    cm_state r = st;
    ch_rng rng;
    ch_rng_seed(&rng, 7, 1);
    cm_game.resample(&r, CH_SPECTATOR, &rng);
    assert_false(memcmp(r.hand, st.hand, sizeof st.hand) == 0);
    for (int p = 0; p < 5; p++)
        assert_int_equal(__builtin_popcountll(r.hand[p]), __builtin_popcountll(st.hand[p]));
}

/* ---- The board ---- */

/* CM-22: the trick in progress names who played each card; the prompt's
 * example is a card the mover holds, shown to the mover only. */
static void cm_22_board_trick_has_seats_and_true_example(void **s)
{
    (void)s;
    const char *kv[] = {"dealer=0", "deals=1"};
    cm_state st;
    start_kv(&st, kv, 2, NULL);
    acts(&st, t3_bids);
    const char *hands[5] = {"3S 2C", "AS", "4S 9C", "5S", "9H 2S"};
    for (int p = 0; p < 5; p++)
        st.hand[p] = mask_of(hands[p]);
    acts(&st, "3S,AS,4S,5S");
    const char *t = render(&st, 4, CH_LANG_EN);
    assert_non_null(strstr(t, "Trick 1/10 ({P0} leads): {P0} 3♠, {P1} A♠, {P2} 4♠, {P3} 5♠"));
    assert_non_null(strstr(t, "Your turn: play a card (e.g. 2♠)"));
    t = render(&st, 1, CH_LANG_EN);
    assert_non_null(strstr(t, "{P4} to play a card\n"));
    assert_null(strstr(t, "10♥"));
    assert_null(strstr(t, "2♠")); /* the mover's example is the mover's */
    t = render(&st, 4, CH_LANG_JA);
    assert_non_null(strstr(t, "トリック 1/10 ({P0}のリード): {P0} ♠3, {P1} ♠A, {P2} ♠4, {P3} ♠5"));
    assert_non_null(strstr(t, "あなたの番: カードを出す (例 ♠2)"));
}

/* The Japanese board has no English words left (card and move notation
 * aside), results included. */
static void cm_28_japanese_board_is_japanese(void **s)
{
    (void)s;
    const char *kv[] = {"dealer=0", "deals=3"};
    cm_state st;
    start_kv(&st, kv, 2, NULL);
    acts(&st, "take H4,take S4,take D3");
    const char *t = render(&st, 1, CH_LANG_JA);
    assert_null(strstr(t, "BID_OVER"));
    assert_non_null(strstr(t, "1:合計超過({P2})"));
    static const char *const english[] = {"Results", "Pool", "deal",    "hand",   "round", "won",
                                          "lost",    "bid ", "to play", "to bid", "suit",  "value"};
    for (size_t i = 0; i < sizeof english / sizeof *english; i++)
        if (strstr(t, english[i])) fail_msg("'%s' in:\n%s", english[i], t);
}

/* CM-27, E24: over whole random series, an event names only bid items,
 * played cards and its viewer's own hand; every warning and explanation
 * is complete text without rule IDs. */
static void cm_24_events_name_only_known_cards(void **s)
{
    (void)s;
    static const char *const counts[] = {"players=5", "players=3"};
    for (int k = 0; k < 2; k++) {
        const char *kv[] = {counts[k]};
        cm_state st, after;
        start_kv(&st, kv, 1, NULL);
        ch_rng rng;
        ch_rng_seed(&rng, 9, (uint64_t)k);
        while (cm_game.to_move(&st) != CH_TERMINAL) {
            ch_action a[32];
            int n = cm_game.legal(&st, a);
            for (int i = 0; i < n; i++) {
                char w[256];
                int len = cm_game.warning(&st, a[i], CH_LANG_JA, w, sizeof w);
                assert_true(len >= 0 && (size_t)len < sizeof w);
                assert_null(strstr(w, "CM-"));
            }
            ch_action pick = a[ch_rng_below(&rng, (uint32_t)n)];
            after = st;
            cm_game.apply(&after, pick);
            uint64_t played = 0;
            for (int i = 0; i < after.nplay; i++)
                played |= 1ull << after.play[i];
            for (int i = 0; i < after.last_nplay && after.deal > st.deal; i++)
                played |= 1ull << after.last_play[i];
            for (int viewer = CH_SPECTATOR; viewer < st.np; viewer++) {
                if (viewer == CH_ALL) continue;
                uint64_t own = viewer >= 0 ? st.hand[viewer] | after.hand[viewer] : 0;
                json_t *e = cm_game.events(&st, pick, viewer, CH_LANG_EN), *ev;
                size_t i;
                json_array_foreach(e, i, ev)
                {
                    json_t *cards = json_object_get(ev, "cards"), *c;
                    size_t j;
                    json_array_foreach(cards, j, c)
                    {
                        int f = face(json_string_value(c));
                        if (f < 52 && !(played >> f & 1) && !(own >> f & 1))
                            fail_msg("viewer %d told %s", viewer, json_string_value(c));
                    }
                }
                json_decref(e);
            }
            st = after;
        }
    }
}

/* Option help is read by players (cardhall list, play): no rule IDs. */
static void no_rule_ids_in_option_help(void **st)
{
    (void)st;
    for (int i = 0; i < cm_game.n_opts; i++)
        if (strstr(cm_game.opts[i].help, "CM-"))
            fail_msg("%s: %s", cm_game.opts[i].key, cm_game.opts[i].help);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(cm_28_reveal_of_a_bidding_loss),
        cmocka_unit_test(cm_25_reveal_names_the_losing_trick),
        cmocka_unit_test(cm_27_leftovers_never_revealed),
        cmocka_unit_test(cm_18_events_of_bidding),
        cmocka_unit_test(cm_25_events_of_a_losing_trick),
        cmocka_unit_test(cm_20_losing_moves_are_flagged),
        cmocka_unit_test(cm_12_illegal_moves_explained),
        cmocka_unit_test(cm_4_rules_text_with_options),
        cmocka_unit_test(cm_31_spectator_sees_no_hand),
        cmocka_unit_test(cm_22_board_trick_has_seats_and_true_example),
        cmocka_unit_test(cm_28_japanese_board_is_japanese),
        cmocka_unit_test(cm_24_events_name_only_known_cards),
        cmocka_unit_test(no_rule_ids_in_option_help),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
