/* RAGAMARU rules and acceptance scenarios (spec RG-n, RG-Vn, RG-Tn). Scenario
 * states come from setup, then cards are moved between stock, hands and the
 * discard pile with the module's helpers, so every card stays in one place. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cardhall/match.h"
#include "cardhall/ragamaru.h"
#include "ragamaru_kit.h"

/* ---- helpers ---- */
/* One figure of rg_game.tally by name (the names are fixed per options). */
static double tally_of(const rg_state *s, const char *name)
{
    ch_tally t[CH_MAX_TALLY];
    int n = rg_game.tally(s, t);
    for (int i = 0; i < n; i++)
        if (!strcmp(t[i].name, name)) return t[i].value;
    fail_msg("no tally %s", name);
    return -1;
}

/* Calls fn on every card named in a space-separated list. */
static void each(rg_state *s, int p, const char *list, int (*fn)(rg_state *, int, int))
{
    char buf[256], *save = NULL;
    snprintf(buf, sizeof buf, "%s", list);
    for (char *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save))
        if (!fn(s, p, rgt_card(t))) fail_msg("card %s is not available", t);
}

static int stock1(rg_state *s, int p, int f)
{
    (void)p;
    return rg_put_stock_top(s, f);
}

/* list is top first. */
static void stock_top(rg_state *s, const char *list)
{
    char buf[256], *t[32], *save = NULL;
    int n = 0;
    snprintf(buf, sizeof buf, "%s", list);
    for (char *x = strtok_r(buf, " ", &save); x; x = strtok_r(NULL, " ", &save))
        t[n++] = x;
    for (int i = n - 1; i >= 0; i--)
        each(s, 0, t[i], stock1);
}

static int nlegal(const rg_state *s)
{
    ch_action a[RG_MAX_ACTIONS];
    return rg_game.legal(s, a);
}

static int can(const rg_state *s, const char *text)
{
    ch_action a;
    ch_err e;
    return ch_parse_action(&rg_game, s, text, &a, &e) == CH_OK;
}

static int has(const rg_state *s, int p, const char *c)
{
    return rg_hand_count(&s->hand[p], rgt_card(c));
}

/* An arrival that plays nothing: draw, then pass. */
static void pass_turn(rg_state *s)
{
    rgt_act(s, "draw");
    rgt_act(s, "pass");
}

/* ---- Components and setup ---- */

/* RG-T1, RG-10, RG-V1, RG-V2: deck sizes; the Kickoff card is no card at all. */
static void t1_deck_sizes(void **st)
{
    (void)st;
    static const struct {
        const char *deck;
        int np, stock;
    } c[] = {{"deck=advanced", 4, 80},
             {"deck=advanced_noloop", 2, 90},
             {"deck=beginner", 5, 71},
             {"deck=beginner_noloop", 8, 46}};
    int total = 0;
    for (int f = 0; f < RG_NFACES; f++)
        total += rg_game.face_copies[f];
    assert_int_equal(total, 108);
    for (int i = 0; i < 4; i++) {
        rg_state s;
        ch_opts o;
        ch_err err;
        char kv0[16];
        snprintf(kv0, sizeof kv0, "players=%d", c[i].np);
        const char *kv[] = {kv0, c[i].deck};
        assert_int_equal(ch_opts_parse(&o, rg_game.opts, rg_game.n_opts, kv, 2, &err), CH_OK);
        assert_int_equal(rg_game.setup(&s, &o, 3, NULL, 0, &err), CH_OK);
        assert_int_equal(s.nstock, c[i].stock);
        int dealt = 0;
        for (int p = 0; p < c[i].np; p++)
            dealt += s.hand[p].n;
        assert_int_equal(dealt, 7 * c[i].np);
        /* The census puts the removed cards out of play. */
        ch_census cen = {0};
        rg_game.census(&s, CH_ALL, &cen);
        assert_int_equal(ch_census_check(&rg_game, &cen, &err), CH_OK);
        int out = 0;
        for (int k = 0; k < cen.n; k++)
            out += cen.e[k].zone == 2;
        assert_int_equal(out, 108 - dealt - c[i].stock);
    }
    assert_int_equal(rg_game.card_parse("KICKOFF", &total), CH_EINVAL);
}

/* RG-T2, RG-11, RG-12, RG-13, RG-14, RG-6: deal from an explicit order; chooser. */
static void t2_deal_and_chooser(void **st)
{
    (void)st;
    int d[108], n = 0;
    for (int f = RG_NFACES - 1; f >= 0; f--)
        for (int c = 0; c < rg_game.face_copies[f]; c++)
            d[n++] = f;
    ch_match m;
    ch_err err;
    const char *kv[] = {"players=3", "first_player=1"};
    assert_int_equal(ch_match_init(&m, &rg_game, kv, 2, 9, d, n, &err), CH_OK);
    const rg_state *s = ch_match_state(&m);
    for (int p = 0; p < 3; p++)
        for (int i = 0; i < 7; i++)
            assert_true(rg_hand_count(&s->hand[p], d[p + 3 * i]) > 0);
    assert_int_equal(s->nstock, 87);
    assert_int_equal(s->stock[s->nstock - 1], d[21]);
    assert_int_equal(s->stock[0], d[107]);
    assert_int_equal(s->ndisc, 0);
    assert_int_equal(s->chooser, 0);
    assert_int_equal(rg_game.to_move(s), 0);
    assert_string_equal(rg_game.phase(s), "kickoff");
    /* RG-14: no kickoff colour in any view until the chooser names one. */
    for (int viewer = CH_SPECTATOR; viewer < 3; viewer++) {
        json_t *v = rg_game.view_json(s, viewer);
        assert_true(json_is_null(json_object_get(v, "kickoff")));
        json_decref(v);
    }
    ch_action a;
    assert_int_equal(ch_parse_action(&rg_game, s, "kickoff B", &a, &err), CH_OK);
    assert_int_equal(ch_match_apply(&m, a, &err), CH_OK);
    json_t *v = rg_game.view_json(ch_match_state(&m), CH_SPECTATOR);
    assert_string_equal(json_string_value(json_object_get(v, "kickoff")), "B");
    json_decref(v);
    ch_match_free(&m);
    const char *kv2[] = {"players=3", "first_player=0"};
    assert_int_equal(ch_match_init(&m, &rg_game, kv2, 2, 9, d, n, &err), CH_OK);
    assert_int_equal(((const rg_state *)ch_match_state(&m))->chooser, 2);
    ch_match_free(&m);
    /* A wrong order is refused with a message. */
    d[20] = d[0];
    assert_int_equal(ch_match_init(&m, &rg_game, kv, 2, 9, d, n, &err), CH_EINVAL);
    assert_non_null(strstr(err.msg, "too many"));
    assert_int_equal(ch_match_init(&m, &rg_game, kv, 2, 9, d, 50, &err), CH_EINVAL);
    /* RG-13: without first_player, a seeded random seat. */
    const char *kv3[] = {"players=5"};
    int seen = 0;
    for (uint64_t seed = 0; seed < 64; seed++) {
        assert_int_equal(ch_match_init(&m, &rg_game, kv3, 1, seed, NULL, 0, &err), CH_OK);
        const rg_state *t = ch_match_state(&m);
        seen |= 1 << t->first;
        assert_int_equal(t->chooser, (t->first + 4) % 5);
        ch_match_free(&m);
    }
    assert_int_equal(seen, 31);
}

/* RG-T3, RG-15, RG-31, RG-62, RG-63: kickoff and the first legal plays. */
static void t3_kickoff_legal_actions(void **st)
{
    (void)st;
    ch_match m;
    ch_err err;
    const char *kv[] = {"players=3", "first_player=1"};
    assert_int_equal(ch_match_init(&m, &rg_game, kv, 2, 4, NULL, 0, &err), CH_OK);
    rg_state s = *(const rg_state *)ch_match_state(&m);
    ch_match_free(&m);
    rg_clear_hand(&s, 1);
    rgt_hand(&s, 1, "R5 Y9 B9 RES SIN TMO CONV");
    assert_int_equal(nlegal(&s), 4);
    rgt_act(&s, "kickoff Y");
    assert_int_equal(s.C, RG_Y);
    assert_int_equal(s.N, 0);
    assert_int_equal(s.T, RG_NONE);
    assert_int_equal(s.turn, 1);
    assert_int_equal(s.dir, 1);
    /* The Reserve is one choice; its colour and number come after it (RG-62). */
    assert_int_equal(nlegal(&s), 8);
    assert_true(can(&s, "Y9"));
    assert_true(can(&s, "Y9 B9"));
    assert_true(can(&s, "RES"));
    assert_false(can(&s, "RES K8"));
    assert_true(can(&s, "SIN B"));
    assert_true(can(&s, "draw"));
    assert_false(can(&s, "R5"));
    assert_false(can(&s, "B9"));
    assert_false(can(&s, "B9 Y9"));
    assert_false(can(&s, "TMO R"));
    assert_false(can(&s, "CONV"));
}

/* RG-T4, RG-30, RG-32, RG-33, RG-35, RG-36: several number cards at once, placed in order. */
static void t4_multi_card_numbers(void **st)
{
    (void)st;
    rg_state s;
    rgt_table(&s, 4);
    rgt_top(&s, "R7");
    rgt_hand(&s, 0, "B7 Y7 K7 R2 Y12");
    assert_int_equal(nlegal(&s), 14);
    const char *ok[] = {"R2",    "B7",    "Y7",    "K7",       "Y7 B7",    "B7 Y7",   "Y7 K7",
                        "K7 Y7", "B7 K7", "K7 B7", "B7 K7 Y7", "Y7 K7 B7", "Y7 B7 K7"};
    for (int i = 0; i < 13; i++)
        if (!can(&s, ok[i])) fail_msg("%s should be legal", ok[i]);
    assert_false(can(&s, "Y12"));
    rgt_act(&s, "B7 K7 Y7");
    assert_int_equal(s.hand[0].n, 2);
    assert_true(has(&s, 0, "R2") && has(&s, 0, "Y12"));
    assert_int_equal(s.turn, 1);
    assert_int_equal(s.C, RG_Y);
    assert_int_equal(s.N, 7);
    assert_int_equal(s.disc[s.ndisc - 1], rgt_card("Y7"));
}

/* RG-36: a play is the same action in every order with the same top card
 * (and the same Try under a closing CONV): typed in another order than the
 * notation writes, it is that action; an order that changes the top card is
 * another play, legal only if some order of it is. */
static void rg_36_any_order_with_the_same_top_is_the_same_action(void **st)
{
    (void)st;
    rg_state s;
    rgt_table(&s, 4);
    rgt_top(&s, "R5");
    rgt_hand(&s, 0, "R9 B9 Y9 K2");
    ch_action written, typed;
    ch_err e;
    assert_int_equal(ch_parse_action(&rg_game, &s, "R9 B9 Y9", &written, &e), CH_OK);
    /* B9 cannot lead on R5, but R9 before it may: the same cards, Y9 on top. */
    assert_int_equal(ch_parse_action(&rg_game, &s, "B9 R9 Y9", &typed, &e), CH_OK);
    assert_int_equal(typed, written);
    assert_int_equal(ch_parse_action(&rg_game, &s, " b9   r9 y9 ", &typed, &e), CH_OK);
    assert_int_equal(typed, written);
    /* R9 on top: no other card may lead, so no order of it is legal. */
    assert_false(can(&s, "B9 Y9 R9"));
    assert_false(can(&s, "Y9 B9 R9"));
    /* Two cards: the order is the top card (RG-36's own example). */
    assert_true(can(&s, "R9 B9"));
    assert_false(can(&s, "B9 R9"));
    /* Not the same cards. */
    assert_false(can(&s, "B9 R9 K2"));
    assert_false(can(&s, "B9 R9 Y9 Y9"));
    rgt_act(&s, "Y9 R9 B9");
    assert_int_equal(s.C, RG_B);
    assert_int_equal(s.disc[s.ndisc - 1], rgt_card("B9"));
    assert_true(has(&s, 0, "K2") && s.hand[0].n == 1);

    /* Under a closing Conversion, the Try beneath it is part of the play
     * (three Tries at once: RG-V4). */
    rgt_table_kv(&s, 4, (const char *const[]){"unlimited_multiples=true"}, 1);
    rgt_top(&s, "R3");
    rgt_hand(&s, 0, "TRY-R TRY-K TRY-B CONV B13");
    assert_int_equal(ch_parse_action(&rg_game, &s, "TRY-R TRY-B TRY-K CONV", &written, &e), CH_OK);
    assert_int_equal(ch_parse_action(&rg_game, &s, "TRY-B TRY-R TRY-K CONV", &typed, &e), CH_OK);
    assert_int_equal(typed, written);
    assert_int_equal(ch_parse_action(&rg_game, &s, "TRY-R TRY-K TRY-B CONV", &typed, &e), CH_OK);
    assert_true(typed != written);
    /* A named colour stays last: moved, it is no play. */
    assert_false(can(&s, "TRY-R CONV TRY-K TRY-B"));
}

/* RG-T5, RG-41, RG-42, RG-43, RG-44, RG-46, RG-4: a Try chain closed by a Conversion. */
static void t5_try_chain_conversion(void **st)
{
    (void)st;
    rg_state s;
    rgt_table(&s, 4);
    rgt_top(&s, "R3");
    rgt_hand(&s, 0, "TRY-R K9 K10");
    rgt_hand(&s, 1, "TRY-B K11");
    rgt_hand(&s, 2, "CONV K12");
    rgt_hand(&s, 3, "TRY-Y CONV B4 R1 Y14 K2");
    rgt_act(&s, "TRY-R");
    assert_int_equal(s.turn, 1);
    assert_string_equal(rg_game.phase(&s), "respond");
    assert_int_equal(s.ptotal, 5);
    rgt_act(&s, "TRY-B");
    assert_int_equal(s.turn, 2);
    assert_int_equal(s.ptotal, 10);
    assert_int_equal(s.C, RG_B);
    rgt_act(&s, "CONV");
    assert_int_equal(s.turn, 3);
    assert_int_equal(s.ptotal, 12);
    assert_true(s.pclosed);
    assert_int_equal(s.C, RG_B);
    assert_int_equal(nlegal(&s), 1);
    assert_true(can(&s, "accept"));
    rgt_act(&s, "accept");
    assert_int_equal(tally_of(&s, "largest_attack"), 12);
    assert_int_equal(tally_of(&s, "cards_drawn"), 12);
    assert_int_equal(s.hand[3].n, 18);
    assert_int_equal(s.turn, 3);
    assert_string_equal(rg_game.phase(&s), "play");
    assert_int_equal(s.C, RG_B);
    assert_int_equal(s.T, RG_CONV);
    assert_true(can(&s, "B4"));
    assert_false(can(&s, "TRY-Y"));
    assert_false(can(&s, "R1"));
    assert_false(can(&s, "CONV"));
    rgt_act(&s, "B4");
    assert_int_equal(s.hand[3].n, 17);
    assert_int_equal(s.turn, 0);
    assert_int_equal(s.C, RG_B);
    assert_int_equal(s.N, 4);
}

/* RG-T6, RG-45: Try and Conversion together; TMO cancels; accepting instead. */
static void t6_try_conversion_tmo(void **st)
{
    (void)st;
    rg_state s;
    rgt_table(&s, 3);
    rgt_top(&s, "Y10");
    rgt_hand(&s, 0, "TRY-Y CONV K2");
    rgt_hand(&s, 1, "TRY-R TMO R2 Y6 B8 K9");
    rgt_act(&s, "TRY-Y CONV");
    assert_int_equal(s.turn, 1);
    assert_int_equal(s.ptotal, 7);
    assert_true(s.pclosed);
    assert_int_equal(nlegal(&s), 5);
    assert_true(can(&s, "TMO R") && can(&s, "TMO Y") && can(&s, "TMO B") && can(&s, "TMO K"));
    assert_false(can(&s, "TRY-R"));
    assert_false(can(&s, "Y6"));
    rg_state alt = s;
    int stock = s.nstock;
    rgt_act(&s, "TMO K");
    assert_int_equal(s.nstock, stock);
    assert_int_equal(s.hand[1].n, 5);
    assert_int_equal(s.turn, 2);
    assert_string_equal(rg_game.phase(&s), "play");
    assert_int_equal(s.C, RG_K);
    assert_int_equal(s.N, 0);
    assert_int_equal(s.T, RG_TMO);
    assert_int_equal(s.ptype, RG_NONE);
    rgt_act(&alt, "accept");
    assert_int_equal(alt.hand[1].n, 13);
    assert_int_equal(alt.turn, 1);
    assert_int_equal(alt.C, RG_Y);
    assert_int_equal(alt.T, RG_CONV);
}

/* RG-T7, RG-36, RG-40: two Tries at once; order matters. */
static void t7_two_tries(void **st)
{
    (void)st;
    rg_state s;
    rgt_table(&s, 4);
    rgt_top(&s, "R3");
    rgt_hand(&s, 0, "TRY-R TRY-K B13");
    rgt_hand(&s, 1, "TRY-Y K3");
    rgt_hand(&s, 2, "B1 B2");
    assert_true(can(&s, "TRY-R"));
    assert_true(can(&s, "TRY-R TRY-K"));
    assert_false(can(&s, "TRY-K"));
    assert_false(can(&s, "TRY-K TRY-R"));
    rgt_act(&s, "TRY-R TRY-K");
    assert_int_equal(s.ptotal, 10);
    assert_int_equal(s.C, RG_K);
    rgt_act(&s, "TRY-Y");
    assert_int_equal(s.turn, 2);
    assert_int_equal(s.ptotal, 15);
    assert_int_equal(nlegal(&s), 1);
    rgt_act(&s, "accept");
    assert_int_equal(s.hand[2].n, 17);
    assert_int_equal(s.turn, 2);
    assert_int_equal(s.C, RG_Y);
    assert_int_equal(s.T, RG_TRY);
}

/* RG-T8, RG-42 (E10): PG and DG do not mix; after accepting, a new attack. */
static void t8_pg_dg_do_not_mix(void **st)
{
    (void)st;
    rg_state s;
    rgt_table(&s, 3);
    rgt_top(&s, "R6");
    rgt_hand(&s, 0, "DG-R K1");
    rgt_hand(&s, 1, "PG-R DG-B R9 Y2");
    rgt_act(&s, "DG-R");
    assert_int_equal(s.ptotal, 3);
    assert_int_equal(nlegal(&s), 2);
    assert_true(can(&s, "DG-B"));
    assert_false(can(&s, "PG-R"));
    assert_false(can(&s, "R9"));
    rg_state stack = s;
    rgt_act(&stack, "DG-B");
    assert_int_equal(stack.turn, 2);
    assert_int_equal(stack.ptotal, 6);
    rgt_act(&s, "accept");
    assert_int_equal(s.hand[1].n, 7);
    assert_int_equal(s.C, RG_R);
    assert_int_equal(s.T, RG_DG);
    assert_true(can(&s, "R9"));
    assert_false(can(&s, "Y2"));
    rg_state pg = s;
    rgt_act(&pg, "PG-R");
    assert_int_equal(pg.turn, 2);
    assert_int_equal(pg.ptype, RG_PG);
    assert_int_equal(pg.ptotal, 3);
    rgt_act(&s, "DG-B");
    assert_int_equal(s.turn, 2);
    assert_int_equal(s.ptype, RG_DG);
    assert_int_equal(s.ptotal, 3);
}

/* RG-T9, RG-44: no Conversion on a resolved Try. */
static void t9_no_conversion_on_resolved_try(void **st)
{
    (void)st;
    rg_state s;
    rgt_table(&s, 3);
    rgt_top(&s, "TRY-R");
    s.turn = 1;
    rgt_hand(&s, 1, "CONV TRY-B Y5");
    assert_int_equal(nlegal(&s), 3); /* TRY-B, TRY-B CONV, draw */
    assert_true(can(&s, "TRY-B"));
    assert_true(can(&s, "TRY-B CONV"));
    assert_false(can(&s, "CONV"));
    assert_false(can(&s, "Y5"));
    rgt_act(&s, "TRY-B CONV");
    assert_int_equal(s.turn, 2);
    assert_int_equal(s.ptotal, 7);
    assert_true(s.pclosed);
    assert_int_equal(s.C, RG_B);
}

/* RG-T10, RG-24, RG-50, RG-51, RG-52, RG-53, RG-54, RG-2, RG-17: the landing table. */
static void t10_landing_table(void **st)
{
    (void)st;
    static const struct {
        const char *play;
        int land[5]; /* n = 2..6 */
    } rows[] = {
        {"R5", {1, 1, 1, 1, 1}},
        {"ADV-R", {1, 1, 1, 1, 1}},
        {"RES", {1, 1, 1, 1, 1}},
        {"CUT-R", {0, 2, 2, 2, 2}},
        {"CUT-R CUT-Y", {1, 0, 3, 3, 3}},
        {"KICK-R", {1, 0, 3, 3, 3}},
        {"KICK-R KICK-Y", {1, 2, 1, 0, 5}},
        {"RET-R", {1, 2, 3, 4, 5}},
        {"RET-R RET-Y", {0, 1, 2, 3, 4}},
        {"TURN-R", {1, 2, 3, 4, 5}},
        {"TURN-R TURN-Y", {1, 1, 1, 1, 1}},
        {"LOOP-R", {1, 1, 1, 1, 1}},
    };
    for (int n = 2; n <= 6; n++) {
        for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++) {
            rg_state s;
            rgt_table(&s, n);
            rgt_top(&s, "R2");
            rgt_hand(&s, 0, "R5 ADV-R RES CUT-R CUT-Y KICK-R KICK-Y RET-R RET-Y TURN-R TURN-Y LOOP-R");
            for (int p = 1; p < n; p++)
                rgt_hand(&s, p, p == 1 ? "R11 K14" : p == 2 ? "R12" : p == 3 ? "R13" : "R14");
            rgt_act(&s, rows[r].play);
            if (s.phase == RG_PH_DISCARD) rgt_act(&s, "keep");
            if (s.phase == RG_PH_DECLARE) {
                rgt_act(&s, "declare R");
                rgt_act(&s, "declare R5");
            }
            if (s.turn != rows[r].land[n - 2])
                fail_msg("%s with %d players lands on P%d", rows[r].play, n, s.turn);
            assert_string_equal(rg_game.phase(&s), "play");
            if (strcmp(rows[r].play, "TURN-R") == 0) assert_int_equal(s.dir, -1);
            if (strcmp(rows[r].play, "TURN-R TURN-Y") == 0) assert_int_equal(s.dir, 1);
            if (rows[r].land[n - 2] == 0)
                assert_int_equal(s.C, rg_face_colour(s.disc[s.ndisc - 1]));
            if (strncmp(rows[r].play, "LOOP", 4) == 0) {
                rgt_act(&s, "R11");
                assert_int_equal(s.turn, 0);
            }
        }
    }
}

/* RG-T11, RG-52, RG-53: Turnover and Return sequences. */
static void t11_turnover_and_return(void **st)
{
    (void)st;
    rg_state s;
    rgt_table(&s, 4);
    rgt_top(&s, "R4");
    s.turn = 1;
    rgt_hand(&s, 0, "TURN-Y TURN-B K1");
    rgt_hand(&s, 1, "TURN-R K2");
    rgt_hand(&s, 3, "B8 K3");
    rgt_hand(&s, 2, "K4");
    rgt_act(&s, "TURN-R");
    assert_int_equal(s.dir, -1);
    assert_int_equal(s.turn, 0);
    rgt_act(&s, "TURN-Y TURN-B");
    assert_int_equal(s.dir, -1);
    assert_int_equal(s.C, RG_B);
    assert_int_equal(s.turn, 3);
    rgt_act(&s, "B8");
    assert_int_equal(s.turn, 2);

    rg_state b;
    rgt_table(&b, 4);
    rgt_top(&b, "K5");
    b.turn = 2;
    rgt_hand(&b, 2, "RET-K RET-Y K1 Y3");
    rgt_hand(&b, 1, "K9 Y4");
    rgt_hand(&b, 0, "Y5 R1");
    rg_state c = b;
    rgt_act(&b, "RET-K");
    assert_int_equal(b.turn, 1);
    rgt_act(&b, "K9");
    assert_int_equal(b.turn, 2);
    rgt_act(&b, "K1");
    assert_int_equal(b.turn, 3);

    rgt_act(&c, "RET-K RET-Y");
    assert_int_equal(c.turn, 0);
    rgt_act(&c, "Y5");
    assert_int_equal(c.turn, 1);
    rgt_act(&c, "Y4");
    assert_int_equal(c.turn, 2);
}

/* Checks the clockwise order against a rotation of want. */
static void order_is(const rg_state *s, const int *want)
{
    int start = s->pos[want[0]];
    for (int i = 0; i < s->np; i++)
        assert_int_equal(s->order[(start + i) % s->np], want[i]);
}

/* RG-T12, RG-54, RG-1: Loop moves a seat. */
static void t12_loop(void **st)
{
    (void)st;
    for (int v = 0; v < 4; v++) {
        rg_state s;
        rgt_table(&s, v == 3 ? 2 : 4);
        rgt_top(&s, "R2");
        rgt_hand(&s, 0, "LOOP-R LOOP-B K1");
        if (v == 1) s.dir = -1;
        rgt_act(&s, v == 2 ? "LOOP-R LOOP-B" : "LOOP-R");
        static const int cw[4][4] = {{1, 0, 2, 3}, {1, 2, 0, 3}, {1, 2, 0, 3}, {0, 1}};
        static const int turns[4][5] = {
            {1, 0, 2, 3, 1}, {3, 0, 2, 1, 3}, {1, 2, 0, 3, 1}, {1, 0, 1, 0, 1}};
        order_is(&s, cw[v]);
        assert_int_equal(s.turn, turns[v][0]);
        for (int k = 1; k < 5; k++)
            assert_int_equal(rg_seat_next(&s, turns[v][k - 1], 1), turns[v][k]);
        pass_turn(&s);
        assert_int_equal(s.turn, turns[v][1]);
    }
}

/* RG-T13, RG-42, RG-62, RG-66: only responses while an attack is pending. */
static void t13_only_responses(void **st)
{
    (void)st;
    rg_state s;
    rgt_table(&s, 3);
    rgt_top(&s, "PG-R");
    s.turn = 1;
    s.phase = RG_PH_RESPOND;
    s.ptype = RG_PG;
    s.ptotal = 3;
    rgt_hand(&s, 1, "RES SIN RGM PG-Y R3 TMO");
    assert_int_equal(nlegal(&s), 6);
    assert_true(can(&s, "PG-Y"));
    assert_true(can(&s, "TMO B"));
    assert_true(can(&s, "accept"));
    assert_false(can(&s, "RES R3"));
    assert_false(can(&s, "SIN R"));
    assert_false(can(&s, "RGM"));
    assert_false(can(&s, "R3"));
    rgt_act(&s, "PG-Y");
    assert_int_equal(s.turn, 2);
    assert_int_equal(s.ptotal, 6);
}

/* RG-T14, RG-63, RG-64, RG-65, RG-20, RG-5: Sin Bin. */
static void t14_sin_bin(void **st)
{
    (void)st;
    rg_state s;
    rgt_table(&s, 3);
    rgt_top(&s, "R1");
    rgt_hand(&s, 0, "SIN K1");
    rgt_hand(&s, 1, "R2 R3");
    rgt_hand(&s, 2, "Y2 R4");
    rgt_act(&s, "SIN Y");
    assert_int_equal(s.turn, 1);
    assert_int_equal(nlegal(&s), 1);
    rgt_act(&s, "accept");
    assert_int_equal(s.rests[1], 1);
    assert_int_equal(s.turn, 2);
    assert_int_equal(s.C, RG_Y);
    assert_true(can(&s, "Y2"));
    assert_false(can(&s, "R4"));
    int arrivals = 1; /* P1's Sin Bin arrival */
    pass_turn(&s);    /* P2 */
    pass_turn(&s);    /* P0; P1 rests */
    arrivals++;
    assert_int_equal(s.rests[1], 0);
    assert_int_equal(s.turn, 2);
    pass_turn(&s); /* P2 */
    pass_turn(&s); /* P0 */
    arrivals++;
    assert_int_equal(s.turn, 1);
    assert_string_equal(rg_game.phase(&s), "play");
    assert_int_equal(arrivals, 3);
}

/* RG-T15, RG-64: a Sin Bin bounce makes 4 rests. */
static void t15_sin_bin_bounce(void **st)
{
    (void)st;
    rg_state s;
    rgt_table(&s, 4);
    rgt_top(&s, "R1");
    rgt_hand(&s, 0, "SIN K1");
    rgt_hand(&s, 1, "SIN K2");
    rgt_hand(&s, 2, "R2 R3");
    rgt_act(&s, "SIN R");
    assert_true(can(&s, "SIN K"));
    rgt_act(&s, "SIN K");
    assert_int_equal(s.turn, 2);
    assert_int_equal(s.ptotal, 4);
    assert_int_equal(nlegal(&s), 1);
    rgt_act(&s, "accept");
    assert_int_equal(s.rests[2], 3);
    assert_int_equal(s.turn, 3);
    assert_int_equal(s.C, RG_K);
    for (int left = 2; left >= 0; left--) {
        pass_turn(&s); /* P3 */
        pass_turn(&s); /* P0 */
        pass_turn(&s); /* P1; P2 rests */
        assert_int_equal(s.rests[2], left);
        assert_int_equal(s.turn, 3);
    }
    pass_turn(&s);
    pass_turn(&s);
    pass_turn(&s);
    assert_int_equal(s.turn, 2);
    assert_int_equal(s.rests[1], 0);
    int sins = 0;
    for (int i = 0; i < s.ndisc; i++)
        sins += s.disc[i] == RG_FACE_SIN;
    assert_int_equal(sins, 2);
}

/* RG-T16, RG-47, RG-55, RG-65: resting players, attacks and skips. */
static void t16_resting_attacks_skips(void **st)
{
    (void)st;
    rg_state s;
    rgt_table(&s, 4);
    rgt_top(&s, "R5");
    s.turn = 1;
    s.rests[2] = 2;
    rgt_hand(&s, 1, "TRY-R CUT-R K1");
    rgt_hand(&s, 2, "TMO TRY-B");
    rgt_hand(&s, 3, "TRY-Y K2");
    rg_state b = s;
    rgt_act(&s, "TRY-R");
    assert_int_equal(s.hand[2].n, 7);
    assert_int_equal(s.rests[2], 1);
    assert_int_equal(s.turn, 3);
    assert_string_equal(rg_game.phase(&s), "play");
    assert_int_equal(s.ptype, RG_NONE);
    assert_int_equal(s.C, RG_R);
    assert_int_equal(s.T, RG_TRY);
    rgt_act(&s, "TRY-Y");
    assert_int_equal(s.turn, 0);
    assert_int_equal(s.ptotal, 5);

    rgt_act(&b, "CUT-R");
    assert_int_equal(b.turn, 3);
    assert_int_equal(b.rests[2], 2);
    pass_turn(&b); /* P3 */
    pass_turn(&b); /* P0 */
    pass_turn(&b); /* P1; P2 rests */
    assert_int_equal(b.rests[2], 1);
    assert_int_equal(b.turn, 3);
}

/* RG-T17, RG-66: RAGAMARU. */
static void t17_ragamaru(void **st)
{
    (void)st;
    rg_state s;
    rgt_table(&s, 3);
    rgt_top(&s, "R3");
    rgt_hand(&s, 0, "RGM K11 Y2");
    stock_top(&s, "B1 B2 B3 B4 B6");
    rgt_act(&s, "RGM");
    assert_true(has(&s, 1, "B1") && has(&s, 1, "B2"));
    assert_true(has(&s, 2, "B3") && has(&s, 2, "B4"));
    assert_int_equal(s.turn, 0);
    assert_int_equal(s.C, RG_ANY);
    assert_int_equal(nlegal(&s), 3);
    assert_true(can(&s, "K11") && can(&s, "Y2") && can(&s, "draw"));
    rgt_act(&s, "K11");
    assert_int_equal(s.turn, 1);
    assert_int_equal(s.C, RG_K);
    assert_int_equal(s.N, 11);

    rgt_table(&s, 3);
    rgt_top(&s, "R3");
    rgt_hand(&s, 0, "RGM CUT-Y");
    rgt_hand(&s, 1, "TMO CONV R9");
    stock_top(&s, "B1 B2 B3 B4 B6");
    rgt_act(&s, "RGM");
    assert_int_equal(nlegal(&s), 1);
    rgt_act(&s, "draw");
    assert_true(has(&s, 0, "B6"));
    assert_int_equal(nlegal(&s), 2);
    assert_true(can(&s, "B6"));
    rgt_act(&s, "pass");
    assert_int_equal(s.turn, 1);
    assert_int_equal(s.C, RG_ANY);
    assert_true(can(&s, "R9") && can(&s, "B1") && can(&s, "B2"));
    assert_false(can(&s, "TMO R"));
    assert_false(can(&s, "CONV"));

    rgt_table(&s, 4);
    rgt_top(&s, "R3");
    rgt_hand(&s, 0, "RGM RGM K5");
    rgt_act(&s, "RGM RGM");
    for (int p = 1; p < 4; p++)
        assert_int_equal(s.hand[p].n, 4);
    assert_int_equal(s.turn, 0);
    assert_string_equal(rg_game.phase(&s), "play");
}

/* RG-T18, RG-62, RG-V6: Reserve declares colour and number. */
static void t18_reserve(void **st)
{
    (void)st;
    for (int v6 = 0; v6 < 2; v6++) {
        rg_state s;
        const char *kv[] = {"free_advantage=true"};
        rgt_table_kv(&s, 3, kv, v6);
        rgt_top(&s, "R1");
        rgt_hand(&s, 0, "RES Y1");
        rgt_hand(&s, 1, "R8 Y3 K12 CUT-K ADV-Y TMO");
        rgt_act(&s, "RES");
        /* Two small choices instead of 60 (issue 16): colour, then number. */
        assert_string_equal(rg_game.phase(&s), "declare");
        assert_int_equal(s.turn, 0);
        assert_int_equal(nlegal(&s), 4);
        assert_false(can(&s, "declare K8"));
        rgt_act(&s, "declare K");
        assert_int_equal(nlegal(&s), 15);
        assert_false(can(&s, "declare R8"));
        rgt_act(&s, "declare K8");
        assert_int_equal(s.turn, 1);
        assert_int_equal(s.C, RG_K);
        assert_int_equal(s.N, 8);
        assert_int_equal(s.T, RG_RES);
        assert_int_equal(nlegal(&s), 4 + v6);
        assert_true(can(&s, "R8") && can(&s, "K12") && can(&s, "CUT-K") && can(&s, "draw"));
        assert_false(can(&s, "Y3"));
        assert_false(can(&s, "TMO K"));
        assert_int_equal(can(&s, "ADV-Y"), v6);
    }
}

/* Counts the distinct discard sets reachable in a discard phase. */
static int count_discards(const rg_state *s)
{
    if (s->phase != RG_PH_DISCARD) return 1;
    ch_action a[RG_MAX_ACTIONS];
    int n = rg_game.legal(s, a), total = 0;
    for (int i = 0; i < n; i++) {
        rg_state t = *s;
        rg_game.apply(&t, a[i]);
        total += count_discards(&t);
    }
    return total;
}

/* RG-T19, RG-60, RG-61: Advantage discards. */
static void t19_advantage(void **st)
{
    (void)st;
    rg_state s;
    rgt_table(&s, 3);
    rgt_top(&s, "B2");
    rgt_hand(&s, 0, "ADV-B TRY-R R5 CONV");
    rgt_act(&s, "ADV-B");
    assert_string_equal(rg_game.phase(&s), "discard");
    assert_int_equal(nlegal(&s), 4);
    assert_true(can(&s, "discard TRY-R") && can(&s, "discard R5") && can(&s, "discard CONV"));
    assert_true(can(&s, "keep"));
    rgt_act(&s, "discard TRY-R");
    assert_int_equal(s.turn, 1);
    assert_int_equal(s.ptype, RG_NONE);
    assert_int_equal(s.C, RG_B);
    assert_int_equal(s.T, RG_ADV);
    assert_int_equal(s.hand[0].n, 2);
    assert_true(has(&s, 0, "R5") && has(&s, 0, "CONV"));
    assert_int_equal(s.disc[s.ndisc - 1], rgt_card("ADV-B")); /* discards lie beneath */
    assert_int_equal(s.disc[s.ndisc - 2], rgt_card("TRY-R"));

    rgt_table(&s, 3);
    rgt_top(&s, "B9");
    rgt_hand(&s, 0, "ADV-B R5");
    assert_int_equal(nlegal(&s), 2);
    rgt_act(&s, "ADV-B");
    assert_int_equal(s.turn, 1);
    assert_true(has(&s, 0, "R5"));

    rgt_table(&s, 3);
    rgt_top(&s, "B9");
    rgt_hand(&s, 0, "ADV-B ADV-R TMO CONV Y4");
    assert_true(can(&s, "ADV-B ADV-R"));
    assert_false(can(&s, "ADV-R ADV-B"));
    rgt_act(&s, "ADV-B ADV-R");
    /* Any order (issue 16): keep, 3 single discards, 3 x 2 ordered pairs. */
    assert_int_equal(count_discards(&s), 10);
    rgt_act(&s, "discard TMO");
    assert_true(can(&s, "discard CONV")); /* below TMO in card order: still offered */
    rgt_act(&s, "discard CONV");
    assert_int_equal(s.hand[0].n, 1);
    assert_true(has(&s, 0, "Y4"));
    assert_int_equal(s.C, RG_R);
    assert_int_equal(s.turn, 1);
}

/* RG-T20, RG-34: the last card must be a number. */
static void t20_last_card_not_number(void **st)
{
    (void)st;
    for (int v = 0; v < 2; v++) {
        rg_state s;
        rgt_table(&s, 3);
        rgt_top(&s, "R3");
        rgt_hand(&s, 0, "CUT-R");
        stock_top(&s, v ? "CUT-B" : "R7");
        assert_int_equal(nlegal(&s), 1);
        rgt_act(&s, "draw");
        if (v == 0) {
            assert_int_equal(nlegal(&s), 2);
            rgt_act(&s, "R7");
            assert_true(has(&s, 0, "CUT-R"));
        } else {
            assert_int_equal(nlegal(&s), 1);
            assert_false(can(&s, "CUT-R CUT-B"));
            assert_true(can(&s, "pass"));
        }
    }
    rg_state s;
    rgt_table(&s, 3);
    rgt_top(&s, "TRY-R");
    s.turn = 1;
    s.phase = RG_PH_RESPOND;
    s.ptype = RG_TRY;
    s.ptotal = 5;
    rgt_hand(&s, 1, "TRY-B");
    assert_int_equal(nlegal(&s), 1);
    assert_true(can(&s, "accept"));
}

/* RG-T21, RG-80, RG-81: going out. */
static void t21_going_out(void **st)
{
    (void)st;
    rg_state s;
    rgt_table(&s, 3);
    rgt_top(&s, "B11");
    rgt_hand(&s, 0, "R5 B5");
    assert_true(can(&s, "B5"));
    assert_false(can(&s, "R5"));
    assert_false(can(&s, "R5 B5"));
    rgt_act(&s, "B5 R5");
    assert_int_equal(rg_game.to_move(&s), CH_TERMINAL);
    ch_result r;
    rg_game.result(&s, &r);
    assert_true(r.terminal);
    assert_int_equal(r.winners, 1);
    assert_int_equal(r.rank[0], 1);
    assert_int_equal(r.rank[1], 2);

    rgt_table(&s, 3);
    rgt_top(&s, "R5");
    rgt_hand(&s, 0, "R9 B9");
    rgt_act(&s, "R9 B9");
    assert_int_equal(s.winner, 0);
    assert_int_equal(rg_game.legal(&s, NULL), 0);
}

/* RG-T22, RG-21, RG-22, RG-23, RG-V5: drawing, then playing. */
static void t22_draw_then_play(void **st)
{
    (void)st;
    for (int v5 = 0; v5 < 2; v5++) {
        rg_state s;
        const char *kv[] = {"strict_draw=true"};
        rgt_table_kv(&s, 3, kv, v5);
        rgt_top(&s, "B4");
        rgt_hand(&s, 0, "R2 Y9");
        stock_top(&s, "B9");
        assert_int_equal(nlegal(&s), 1);
        rgt_act(&s, "draw");
        assert_string_equal(rg_game.phase(&s), "drawn");
        assert_int_equal(nlegal(&s), v5 ? 2 : 3);
        assert_true(can(&s, "B9") && can(&s, "pass"));
        assert_int_equal(can(&s, "B9 Y9"), !v5);
        assert_false(can(&s, "R2"));
        assert_false(can(&s, "Y9"));
        assert_false(can(&s, "Y9 B9"));
    }
    rg_state s;
    rgt_table(&s, 3);
    rgt_top(&s, "B4");
    rgt_hand(&s, 0, "B2 K13");
    stock_top(&s, "Y6");
    assert_true(can(&s, "B2"));
    rgt_act(&s, "draw");
    assert_int_equal(nlegal(&s), 1);
    rgt_act(&s, "pass");
    assert_true(has(&s, 0, "B2") && has(&s, 0, "K13") && has(&s, 0, "Y6"));
    assert_int_equal(s.turn, 1);
    assert_int_equal(s.C, RG_B);
    assert_int_equal(s.N, 4);
}

/* Moves the whole stock into hands, keeping n cards in it. */
static void shrink_stock(rg_state *s, int keep)
{
    while (s->nstock > keep)
        assert_true(rg_give(s, s->np - 1, s->stock[s->nstock - 1]));
}

/* RG-T23, RG-70, RG-72: reshuffling. */
static void t23_reshuffle(void **st)
{
    (void)st;
    rg_state s;
    rgt_table(&s, 4);
    s.turn = 1;
    rgt_hand(&s, 1, "R1 R2");
    rgt_hand(&s, 0, "Y7");
    for (int i = 0; i < 29; i++)
        s.disc[s.ndisc++] = s.stock[--s.nstock];
    rgt_top(&s, "Y7");
    shrink_stock(&s, 0);
    assert_int_equal(s.ndisc, 30);
    assert_int_equal(tally_of(&s, "reshuffles"), 0);
    rgt_act(&s, "draw");
    assert_int_equal(tally_of(&s, "reshuffles"), 1);
    assert_int_equal(s.nstock, 28);
    assert_int_equal(s.ndisc, 1);
    assert_int_equal(s.disc[0], rgt_card("Y7"));
    assert_int_equal(s.C, RG_Y);
    assert_int_equal(s.N, 7);

    rgt_table(&s, 4);
    rgt_hand(&s, 0, "TRY-R");
    rgt_hand(&s, 2, "R1");
    for (int i = 0; i < 19; i++)
        s.disc[s.ndisc++] = s.stock[--s.nstock];
    rgt_top(&s, "TRY-R");
    shrink_stock(&s, 2);
    s.turn = 2;
    s.phase = RG_PH_RESPOND;
    s.ptype = RG_TRY;
    s.ptotal = 5;
    rgt_act(&s, "accept");
    assert_int_equal(s.hand[2].n, 6);
    assert_int_equal(s.nstock, 16);
    assert_int_equal(s.ndisc, 1);
}

/* RG-T24, RG-71, RG-73: the dry game. */
static void t24_dry_game(void **st)
{
    (void)st;
    rg_state s;
    rgt_table(&s, 3);
    rgt_top(&s, "TRY-R");
    shrink_stock(&s, 0);
    s.turn = 1;
    s.phase = RG_PH_RESPOND;
    s.ptype = RG_TRY;
    s.ptotal = 5;
    rgt_hand(&s, 1, "R1 B3");
    int before = s.hand[1].n;
    rgt_act(&s, "accept");
    assert_int_equal(s.hand[1].n, before);
    assert_int_equal(s.ptype, RG_NONE);
    assert_false(can(&s, "draw"));
    assert_true(can(&s, "pass"));

    rgt_table(&s, 3);
    rgt_top(&s, "R9");
    rgt_hand(&s, 0, "K1");
    rgt_hand(&s, 1, "R10 K2");
    rgt_hand(&s, 2, "K3");
    shrink_stock(&s, 0);
    rg_state alt = s;
    rgt_act(&s, "pass");
    rgt_act(&s, "pass");
    assert_int_equal(s.turn, 2);
    rgt_act(&s, "pass");
    assert_int_equal(rg_game.to_move(&s), CH_TERMINAL);
    ch_result r;
    rg_game.result(&s, &r);
    assert_true(r.terminal);
    assert_int_equal(r.winners, 0);
    assert_int_equal(tally_of(&s, "dry_deck_end"), 1);
    assert_int_equal(tally_of(&s, "turn_cap_end"), 0);
    assert_int_equal(tally_of(&s, "first_player_won"), 0);
    rgt_act(&alt, "pass");
    rgt_act(&alt, "R10");
    assert_int_equal(alt.ndisc, 2);
    assert_int_equal(alt.dry_passed, 0);
    int h = alt.hand[2].n;
    rgt_act(&alt, "draw");
    assert_int_equal(alt.hand[2].n, h + 1);
    assert_int_equal(alt.nstock, 0);
    assert_int_equal(alt.ndisc, 1);
}

/* RG-T25, RG-V3, RG-81: team play. */
static void t25_team_play(void **st)
{
    (void)st;
    ch_match m;
    ch_err err;
    const char *kv[] = {"players=4", "teams=2", "first_player=1"};
    assert_int_equal(ch_match_init(&m, &rg_game, kv, 3, 2, NULL, 0, &err), CH_OK);
    rg_state s = *(const rg_state *)ch_match_state(&m);
    ch_match_free(&m);
    assert_int_equal(s.chooser, 0);
    assert_int_not_equal(rg_team_of(&s, 0), rg_team_of(&s, 1));
    assert_int_equal(rg_team_of(&s, 0), rg_team_of(&s, 2));
    assert_int_equal(rg_team_of(&s, 1), rg_team_of(&s, 3));
    rg_clear_hand(&s, 1);
    rgt_hand(&s, 1, "RGM R1 R2");
    rgt_act(&s, "kickoff Y");
    int n0 = s.hand[0].n, n2 = s.hand[2].n, n3 = s.hand[3].n;
    rgt_act(&s, "RGM");
    assert_int_equal(s.hand[2].n, n2 + 2);
    assert_int_equal(s.hand[3].n, n3 + 2);
    assert_int_equal(s.hand[0].n, n0 + 2);
    /* Later P2 goes out on yellow. */
    rg_clear_hand(&s, 2);
    rgt_hand(&s, 2, "Y7");
    s.turn = 2;
    s.phase = RG_PH_PLAY;
    s.C = RG_Y;
    rgt_act(&s, "Y7");
    ch_result r;
    rg_game.result(&s, &r);
    assert_true(r.terminal);
    assert_int_equal(r.winners, (1u << 0) | (1u << 2));
    assert_int_equal(r.rank[0], 1);
    assert_int_equal(r.rank[1], 2);
    /* The first player was P1: the other team won; nobody passed dry. */
    assert_int_equal(tally_of(&s, "first_player_won"), 0);
    assert_int_equal(tally_of(&s, "dry_deck_end"), 0);
    assert_int_equal(tally_of(&s, "cards_drawn"), 6);
}

/* ---- The heuristic (issue: how the computer player plays) ---- */

/* The heuristic's move for the seat to move, as action text. */
static void bot_plays(const rg_state *s, const char *want)
{
    ch_bot b;
    ch_err err;
    char buf[64];
    assert_int_equal(ch_bot_init(&b, &rg_game, "heuristic", 5, &err), CH_OK);
    rg_game.action_text(s, ch_bot_act(&b, s, s->turn), buf, sizeof buf);
    assert_string_equal(buf, want);
}

/* Gives every seat but p a few cards, so nobody looks close to going out. */
static void others_hold(rg_state *s, int p, int k)
{
    for (int q = 0; q < s->np; q++)
        while (q != p && s->hand[q].n < k)
            assert_true(rg_give(s, q, s->stock[s->nstock - 1]));
}

static void heuristic_names_a_colour_it_holds(void **st)
{
    (void)st;
    rg_state s;
    rgt_table(&s, 3);
    rgt_hand(&s, 2, "B1 B2 B3 TRY-B R4 K9");
    others_hold(&s, 2, 7);
    s.phase = RG_PH_KICKOFF;
    s.turn = 2;
    s.C = RG_ANY;
    bot_plays(&s, "kickoff B");
}

static void heuristic_saves_tmo_for_big_chains(void **st)
{
    (void)st;
    rg_state s;
    rgt_table(&s, 3);
    rgt_top(&s, "PG-R");
    rgt_hand(&s, 1, "TMO R5 R6 B7 K9 Y3");
    others_hold(&s, 1, 7);
    s.turn = 1;
    s.phase = RG_PH_RESPOND;
    s.ptype = RG_PG;
    s.ptotal = 3;
    bot_plays(&s, "accept");
    s.ptype = RG_TRY;
    s.ptotal = 12;
    bot_plays(&s, "TMO R"); /* names red: it holds two red cards */
}

static void heuristic_attacks_a_player_close_to_going_out(void **st)
{
    (void)st;
    rg_state s;
    rgt_table(&s, 3);
    rgt_top(&s, "R3");
    rgt_hand(&s, 0, "TRY-R R5 R7 B9 K2 Y3");
    rgt_hand(&s, 1, "Y1 Y2");
    others_hold(&s, 0, 7);
    bot_plays(&s, "TRY-R");
}

/* Team play (RG-V3): a partner sitting next is never attacked. */
static void heuristic_spares_its_partner(void **st)
{
    (void)st;
    rg_state s;
    const char *teams[] = {"teams=2"};
    rgt_table_kv(&s, 4, teams, 1);
    rgt_top(&s, "R3");
    rgt_hand(&s, 0, "TRY-R R5 B9 K2 Y3");
    others_hold(&s, 0, 2);
    const uint8_t order[4] = {0, 2, 1, 3}; /* after a Loop: P2, the partner, sits next */
    for (int i = 0; i < 4; i++) {
        s.order[i] = order[i];
        s.pos[order[i]] = (uint8_t)i;
    }
    bot_plays(&s, "R5");
}

static void heuristic_dumps_with_advantage(void **st)
{
    (void)st;
    rg_state s;
    rgt_table(&s, 3);
    rgt_top(&s, "B2");
    rgt_hand(&s, 0, "ADV-B CONV R5 K9 Y3");
    others_hold(&s, 0, 7);
    bot_plays(&s, "ADV-B");
    rgt_act(&s, "ADV-B");
    bot_plays(&s, "discard CONV");
}

/* RB tip: the last two cards a pair of numbers, to go out in one play. */
static void heuristic_keeps_a_pair_for_the_end(void **st)
{
    (void)st;
    rg_state s;
    rgt_table(&s, 3);
    rgt_top(&s, "R7");
    rgt_hand(&s, 0, "R5 B5 R9");
    others_hold(&s, 0, 7);
    bot_plays(&s, "R9");
}

/* ---- Further rules ---- */

/* RG-2, RG-1: counting seats wraps and passes over the counting player. */
static void rg2_counting_seats(void **st)
{
    (void)st;
    rg_state s;
    rgt_table(&s, 5);
    assert_int_equal(rg_seat_next(&s, 0, 1), 1);
    assert_int_equal(rg_seat_next(&s, 0, 5), 0);
    assert_int_equal(rg_seat_next(&s, 0, -1), 4);
    assert_int_equal(rg_seat_next(&s, 3, 4), 2);
    s.dir = -1;
    assert_int_equal(rg_seat_next(&s, 0, 1), 4);
    assert_int_equal(rg_seat_next(&s, 0, -2), 2);
}

/* RG-33, RG-V4: at most 2 cards of a non-number type unless RG-V4. */
static void rg33_v4_multiples(void **st)
{
    (void)st;
    for (int v4 = 0; v4 < 2; v4++) {
        rg_state s;
        const char *kv[] = {"unlimited_multiples=true"};
        rgt_table_kv(&s, 6, kv, v4);
        rgt_top(&s, "R1");
        rgt_hand(&s, 0, "CUT-R CUT-Y CUT-B K5 RES RES RES");
        assert_int_equal(can(&s, "CUT-R CUT-Y CUT-B"), v4);
        assert_int_equal(can(&s, "RES RES RES"), v4);
        assert_true(can(&s, "RES RES"));
        if (v4) {
            rgt_act(&s, "CUT-R CUT-Y CUT-B");
            assert_int_equal(s.turn, 4);
        }
    }
}

/* RG-45, RG-64: TMO never answers a Sin Bin; RG-3: requirement values. */
static void rg45_tmo_not_on_sin_bin(void **st)
{
    (void)st;
    rg_state s;
    rgt_table(&s, 3);
    rgt_top(&s, "R1");
    rgt_hand(&s, 0, "SIN R2");
    rgt_hand(&s, 1, "TMO R3");
    rgt_act(&s, "SIN B");
    assert_int_equal(nlegal(&s), 1);
    assert_false(can(&s, "TMO R"));
}

/* RG-25: only the player to move has actions; RG-82: final hand sizes. */
static void rg25_rg82_turn_and_result(void **st)
{
    (void)st;
    rg_state s;
    rgt_table(&s, 3);
    rgt_top(&s, "R1");
    rgt_hand(&s, 0, "R5");
    rgt_hand(&s, 1, "K1 K2 K3");
    rgt_hand(&s, 2, "K4");
    assert_int_equal(rg_game.to_move(&s), 0);
    rgt_act(&s, "R5");
    ch_result r;
    rg_game.result(&s, &r);
    /* Cards left are no points (issue 16: the end table showed them as "+3"). */
    assert_int_equal(r.hand_score[0], 1);
    assert_int_equal(r.hand_score[1], 0);
    assert_int_equal(r.hand_score[2], 0);
    assert_int_equal(r.score[0], 1);
    assert_int_equal(r.hands, 1);
}

/* RG-56: after an action card any card of its type follows, whatever its colour. */
static void rg56_action_card_requirement(void **st)
{
    (void)st;
    rg_state s;
    rgt_table(&s, 4);
    rgt_top(&s, "R1");
    rgt_hand(&s, 0, "CUT-R K3");
    rgt_hand(&s, 2, "CUT-Y KICK-B R9 B1");
    rgt_act(&s, "CUT-R");
    assert_int_equal(s.turn, 2);
    assert_int_equal(s.C, RG_R);
    assert_int_equal(s.T, RG_CUT);
    assert_true(can(&s, "CUT-Y"));
    assert_true(can(&s, "R9"));
    assert_false(can(&s, "KICK-B"));
    assert_false(can(&s, "B1"));
}

/* max_actions is a true bound: every card in one hand, free play, RG-V4. */
static void max_actions_bound(void **st)
{
    (void)st;
    rg_state s;
    const char *kv[] = {"unlimited_multiples=true"};
    rgt_table_kv(&s, 2, kv, 1);
    while (s.nstock)
        assert_true(rg_give(&s, 0, s.stock[s.nstock - 1]));
    s.C = RG_ANY;
    /* 15 x 32 numbers + 8 x 32 coloured + 32 x 2 Tries + 4 RES + 2 x 4 SIN + 2 RGM + pass */
    assert_int_equal(nlegal(&s), 815);
    assert_true(815 <= rg_game.max_actions);
}

/* RG-V3 options: team play needs 4, 6 or 8 players in equal teams. */
static void v3_team_options(void **st)
{
    (void)st;
    ch_match m;
    ch_err err;
    const char *bad[][2] = {{"players=5", "teams=2"},
                            {"players=4", "teams=4"},
                            {"players=6", "teams=4"},
                            {"players=3", "first_player=3"}};
    for (int i = 0; i < 4; i++) {
        assert_int_equal(ch_match_init(&m, &rg_game, bad[i], 2, 1, NULL, 0, &err), CH_EINVAL);
        assert_non_null(strstr(err.msg, i == 3 ? "first_player" : "teams"));
    }
    const char *good[][2] = {{"players=6", "teams=3"}, {"players=8", "teams=4"}};
    for (int i = 0; i < 2; i++) {
        assert_int_equal(ch_match_init(&m, &rg_game, good[i], 2, 1, NULL, 0, &err), CH_OK);
        ch_match_free(&m);
    }
}

/* RG-V7: the arrival cap ends the game as a draw. */
static void v7_turn_cap(void **st)
{
    (void)st;
    rg_state s;
    const char *kv[] = {"max_arrivals=3"};
    rgt_table_kv(&s, 3, kv, 1);
    rgt_top(&s, "R1");
    rgt_hand(&s, 0, "R2 K1");
    rgt_hand(&s, 1, "R3 K2");
    s.arrivals = 1;
    rgt_act(&s, "R2");
    assert_int_equal(s.turn, 1);
    rgt_act(&s, "R3");
    assert_int_equal(rg_game.to_move(&s), CH_TERMINAL);
    assert_int_equal(s.winner, -1);
}

/* Notation: every card parses back; names carry rugby positions in both languages. */
static void notation_and_names(void **st)
{
    (void)st;
    for (int f = 0; f < RG_NFACES; f++) {
        char t[16];
        int back;
        rg_game.card_text(f, t, sizeof t);
        assert_int_equal(rg_game.card_parse(t, &back), CH_OK);
        assert_int_equal(back, f);
    }
    rg_state s;
    rgt_table(&s, 3);
    rgt_top(&s, "R1");
    rgt_hand(&s, 0, "R9 B9 RES K3");
    ch_action a;
    ch_err err;
    char buf[2048];
    assert_int_equal(ch_parse_action(&rg_game, &s, "r9 b9", &a, &err), CH_OK);
    rg_game.action_name(&s, a, 0, CH_LANG_EN, buf, sizeof buf);
    assert_string_equal(buf, "Play Red 9 (Scrum-half), Blue 9 (Scrum-half)");
    rg_game.action_name(&s, a, 0, CH_LANG_JA, buf, sizeof buf);
    assert_string_equal(buf, "赤の9(スクラムハーフ)、青の9(スクラムハーフ)を出す");
    assert_int_equal(ch_parse_action(&rg_game, &s, "RES", &a, &err), CH_OK);
    rg_game.action_name(&s, a, 1, CH_LANG_EN, buf, sizeof buf);
    assert_string_equal(buf, "Play Reserve, then declare a colour and number");
    rg_game.action_text(&s, a, buf, sizeof buf);
    assert_string_equal(buf, "RES");
    /* The board names the top card and the own hand by the rule book's
     * names, never by the codes one types (issue 24). */
    rg_game.render(&s, 0, CH_LANG_JA, buf, sizeof buf);
    assert_null(strstr(buf, "R9"));
    assert_non_null(strstr(buf, "場: 赤の1(左プロップ)"));
    assert_non_null(
        strstr(buf, "黒の3(右プロップ)、赤の9(スクラムハーフ)、青の9(スクラムハーフ)、リザーブ"));
    rg_game.render(&s, 0, CH_LANG_EN, buf, sizeof buf);
    assert_non_null(strstr(buf, "top: Red 1 (Loosehead Prop)"));
    assert_non_null(
        strstr(buf, "Black 3 (Tighthead Prop), Red 9 (Scrum-half), Blue 9 (Scrum-half), Reserve"));
    assert_null(strstr(buf, "R1 "));
    assert_null(strstr(buf, "リザーブ"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(t1_deck_sizes),
        cmocka_unit_test(t2_deal_and_chooser),
        cmocka_unit_test(t3_kickoff_legal_actions),
        cmocka_unit_test(t4_multi_card_numbers),
        cmocka_unit_test(rg_36_any_order_with_the_same_top_is_the_same_action),
        cmocka_unit_test(t5_try_chain_conversion),
        cmocka_unit_test(t6_try_conversion_tmo),
        cmocka_unit_test(t7_two_tries),
        cmocka_unit_test(t8_pg_dg_do_not_mix),
        cmocka_unit_test(t9_no_conversion_on_resolved_try),
        cmocka_unit_test(t10_landing_table),
        cmocka_unit_test(t11_turnover_and_return),
        cmocka_unit_test(t12_loop),
        cmocka_unit_test(t13_only_responses),
        cmocka_unit_test(t14_sin_bin),
        cmocka_unit_test(t15_sin_bin_bounce),
        cmocka_unit_test(t16_resting_attacks_skips),
        cmocka_unit_test(t17_ragamaru),
        cmocka_unit_test(t18_reserve),
        cmocka_unit_test(t19_advantage),
        cmocka_unit_test(t20_last_card_not_number),
        cmocka_unit_test(t21_going_out),
        cmocka_unit_test(t22_draw_then_play),
        cmocka_unit_test(t23_reshuffle),
        cmocka_unit_test(t24_dry_game),
        cmocka_unit_test(heuristic_names_a_colour_it_holds),
        cmocka_unit_test(heuristic_saves_tmo_for_big_chains),
        cmocka_unit_test(heuristic_attacks_a_player_close_to_going_out),
        cmocka_unit_test(heuristic_spares_its_partner),
        cmocka_unit_test(heuristic_dumps_with_advantage),
        cmocka_unit_test(heuristic_keeps_a_pair_for_the_end),
        cmocka_unit_test(t25_team_play),
        cmocka_unit_test(rg2_counting_seats),
        cmocka_unit_test(rg33_v4_multiples),
        cmocka_unit_test(rg45_tmo_not_on_sin_bin),
        cmocka_unit_test(rg25_rg82_turn_and_result),
        cmocka_unit_test(rg56_action_card_requirement),
        cmocka_unit_test(max_actions_bound),
        cmocka_unit_test(v3_team_options),
        cmocka_unit_test(v7_turn_cap),
        cmocka_unit_test(notation_and_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
