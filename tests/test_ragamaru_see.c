/* RAGAMARU: what a player sees (issue 16). Events per viewer and the
 * spectator, the end laid open (hand_summary, last_hand), why a move is
 * not legal, rules text, the warning, and the board's prompts, each tied to
 * the spec rule it shows (RG-n). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cardhall/bot.h"
#include "cardhall/ragamaru.h"
#include "ragamaru_kit.h"

/* ---- helpers (the rest are in ragamaru_kit.h) ---- */

/* Every stock card into seat p's hand: nothing is left to draw. */
static void empty_stock(rg_state *s, int p)
{
    while (s->nstock)
        assert_true(rg_give(s, p, s->stock[s->nstock - 1]));
}

static char *render(const rg_state *s, int viewer, ch_lang lang)
{
    static char buf[8192];
    int n = rg_game.render(s, viewer, lang, buf, sizeof buf);
    assert_true(n > 0 && (size_t)n < sizeof buf);
    return buf;
}

/* The last line of the board: the prompt. */
static const char *prompt(const char *board)
{
    size_t n = strlen(board);
    assert_true(n > 1);
    const char *p = board + n - 2;
    while (p > board && p[-1] != '\n')
        p--;
    return p;
}

/* The events of text applied to s, for viewer. */
static json_t *events(const rg_state *s, const char *text, int viewer, ch_lang lang)
{
    json_t *e = rg_game.events(s, rgt_parse(s, text), viewer, lang);
    assert_non_null(e);
    assert_true(json_is_array(e));
    return e;
}

static json_t *find_event(json_t *evs, const char *type, int seat)
{
    size_t i;
    json_t *e;
    json_array_foreach(evs, i, e)
    {
        json_t *st = json_object_get(e, "seat");
        if (!strcmp(json_string_value(json_object_get(e, "type")), type) &&
            (seat < 0 || (json_is_integer(st) && json_integer_value(st) == seat)))
            return e;
    }
    return NULL;
}

static const char *text_of(json_t *e)
{
    assert_non_null(e);
    return json_string_value(json_object_get(e, "text"));
}

/* English words that must not appear in a Japanese text. */
static void no_english(const char *ja)
{
    static const char *const words[] = {"play",   "draw",   "cards", "colour", "stock", "attack",
                                        "accept", "pass ",  "wins",  "left",   "went",  "the ",
                                        "turn",   "number", "Game",  "rest"};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (strstr(ja, words[i])) fail_msg("English '%s' in: %s", words[i], ja);
}

/* ---- review items ---- */

/* RG-80, RG-35: after the winning play the board shows what it left (top
 * R5: red, 5), not the requirement before it (blue, 11). */
static void winning_play_leaves_its_requirement(void **st)
{
    (void)st;
    rg_state s;
    rgt_table(&s, 3);
    rgt_top(&s, "B5");
    s.C = RG_B;
    s.N = 11; /* as after a Reserve declaring blue 11 */
    s.T = RG_RES;
    rgt_hand(&s, 0, "R5");
    rgt_hand(&s, 1, "K1 K2");
    rgt_hand(&s, 2, "Y3");
    s.N = 5; /* R5 follows B5 by number */
    rgt_act(&s, "R5");
    assert_int_equal(s.phase, RG_PH_OVER);
    assert_int_equal(s.C, RG_R);
    assert_int_equal(s.N, 5);
    const char *b = render(&s, 1, CH_LANG_EN);
    assert_non_null(strstr(b, "colour: red  number: 5"));
    assert_null(strstr(b, "blue"));
}

/* RG-46, RG-70, RG-71: an accept says what can really be drawn (only the
 * pile below the top is left: 1 card, not 5), and the turn that follows
 * offers pass, not draw, once nothing is left. */
static void accept_with_empty_stock(void **st)
{
    (void)st;
    rg_state s;
    rgt_table(&s, 3);
    rgt_top(&s, "R2");
    rgt_hand(&s, 0, "TRY-R K1 K2");
    rgt_hand(&s, 1, "Y7 Y8");
    rgt_act(&s, "TRY-R");
    empty_stock(&s, 2);
    assert_int_equal(s.phase, RG_PH_RESPOND);
    char buf[256];
    rg_game.action_name(&s, rgt_parse(&s, "accept"), 1, CH_LANG_EN, buf, sizeof buf);
    assert_null(strstr(buf, "draws 5"));
    assert_string_equal(buf, "Accept the attack of 5 cards and draw the 1 left");
    assert_non_null(strstr(prompt(render(&s, 1, CH_LANG_EN)), "only 1 left to draw"));
    json_t *e = events(&s, "accept", 1, CH_LANG_EN);
    json_t *take = find_event(e, "take_attack", 1);
    assert_int_equal(json_integer_value(json_object_get(take, "count")), 1);
    assert_non_null(strstr(text_of(take), "(4 more could not be drawn: nothing left)"));
    json_decref(e);
    rgt_act(&s, "accept");
    assert_int_equal(s.hand[1].n, 3);
    const char *p = prompt(render(&s, 1, CH_LANG_EN));
    assert_string_equal(p, "Your turn: play cards or pass (nothing is left to draw)\n");
    assert_null(strstr(prompt(render(&s, 1, CH_LANG_JA)), "山札から引く"));
}

/* RG-64, RG-45: a Sin Bin is no attack, and the TMO cannot answer it. */
static void sin_bin_prompt_is_no_attack(void **st)
{
    (void)st;
    rg_state s;
    rgt_table(&s, 3);
    rgt_top(&s, "R2");
    rgt_hand(&s, 0, "SIN K1");
    rgt_hand(&s, 1, "TMO Y8 Y9");
    json_t *e = events(&s, "SIN Y", 2, CH_LANG_JA);
    assert_string_equal(text_of(find_event(e, "sin_bin", 0)),
                        "シンビン: {P1}は回すか2回休む。次の色は黄");
    json_decref(e);
    rgt_act(&s, "SIN Y");
    const char *p = prompt(render(&s, 1, CH_LANG_EN));
    assert_null(strstr(p, "attack"));
    assert_null(strstr(p, "TMO"));
    assert_non_null(strstr(p, "Sin Bin"));
    assert_non_null(strstr(p, "accept 2 rests"));
    p = prompt(render(&s, 1, CH_LANG_JA));
    assert_null(strstr(p, "攻撃"));
    assert_non_null(strstr(p, "シンビン"));
    char buf[256];
    assert_true(rg_game.explain_illegal(&s, "TMO K", CH_LANG_EN, buf, sizeof buf) > 0);
    assert_non_null(strstr(buf, "only a Sin Bin passes a Sin Bin on"));
}

/* RG-13, RG-14: the kickoff screen says who plays first and that the colour
 * is for their first card. */
static void kickoff_says_who_plays_first(void **st)
{
    (void)st;
    ch_opts o;
    ch_err err;
    const char *kv[] = {"players=4", "first_player=2"};
    assert_int_equal(ch_opts_parse(&o, rg_game.opts, rg_game.n_opts, kv, 2, &err), CH_OK);
    rg_state s;
    assert_int_equal(rg_game.setup(&s, &o, 3, NULL, 0, &err), CH_OK);
    assert_int_equal(s.turn, 1);
    assert_string_equal(prompt(render(&s, 1, CH_LANG_EN)),
                        "Your turn: name the kickoff colour: {P2} plays first, and their first "
                        "card must "
                        "be of this colour\n");
    const char *ja = prompt(render(&s, 1, CH_LANG_JA));
    assert_non_null(strstr(ja, "最初に出すのは{P2}"));
    no_english(ja);
    json_t *e = events(&s, "kickoff B", CH_SPECTATOR, CH_LANG_EN);
    assert_non_null(strstr(text_of(find_event(e, "kickoff", 1)), "{P2} plays first"));
    json_decref(e);
}

/* RG-62: with Reserves in hand the choices stay few: the card first (one
 * per count), then 4 colours, then 15 numbers; the board plus the choices
 * fit a 50-line screen. */
static void reserve_is_chosen_in_steps(void **st)
{
    (void)st;
    rg_state s;
    rgt_table(&s, 4);
    rgt_top(&s, "R2");
    rgt_hand(&s, 0, "RES RES R3 R4 Y4 B4 K4 Y9 TRY-R CUT-R SIN");
    ch_action a[RG_MAX_ACTIONS];
    int n = rg_game.legal(&s, a);
    assert_true(n < 40);
    int lines = 0;
    for (const char *b = render(&s, 0, CH_LANG_JA); *b; b++)
        lines += *b == '\n';
    assert_true(lines + n < 50);
    rgt_act(&s, "RES RES");
    assert_int_equal(rg_game.legal(&s, a), 4);
    assert_non_null(strstr(prompt(render(&s, 0, CH_LANG_EN)), "declare the Reserve's colour"));
    assert_non_null(strstr(render(&s, 0, CH_LANG_EN), "colour: being declared"));
    no_english(render(&s, 0, CH_LANG_JA) + 9); /* past the game's name, RAGAMARU */
    json_t *e = events(&s, "declare K", 2, CH_LANG_EN);
    assert_string_equal(text_of(find_event(e, "declare", 0)), "{P0} declares black for the Reserve");
    json_decref(e);
    rgt_act(&s, "declare K");
    assert_int_equal(rg_game.legal(&s, a), 15);
    assert_non_null(strstr(prompt(render(&s, 0, CH_LANG_EN)), "number (colour black)"));
    rgt_act(&s, "declare K12");
    assert_int_equal(s.C, RG_K);
    assert_int_equal(s.N, 12);
    assert_int_equal(s.T, RG_RES);
    assert_int_equal(s.turn, 1);
}

/* ---- events ---- */

/* RG-21: a draw names the card to the drawer only; others and the
 * spectator get the count. */
static void draw_event_per_viewer(void **st)
{
    (void)st;
    rg_state s;
    rgt_table(&s, 3);
    rgt_top(&s, "R2");
    rgt_hand(&s, 0, "K1 K2");
    rgt_hand(&s, 1, "Y1");
    rgt_hand(&s, 2, "Y2");
    int f = s.stock[s.nstock - 1];
    char code[16];
    rg_game.card_text(f, code, sizeof code);
    for (int v = CH_SPECTATOR; v < 3; v++) {
        json_t *e = events(&s, "draw", v, CH_LANG_EN);
        json_t *d = find_event(e, "draw", 0);
        assert_int_equal(json_integer_value(json_object_get(d, "count")), 1);
        json_t *cards = json_object_get(d, "cards");
        if (v == 0 || v == CH_ALL) {
            assert_string_equal(json_string_value(json_array_get(cards, 0)), code);
            char name[96];
            rg_card_name(f, CH_LANG_EN, name, sizeof name);
            assert_non_null(strstr(text_of(d), name)); /* the card as a player says it */
            assert_null(strstr(text_of(d), code));
        } else {
            assert_null(cards);
            assert_string_equal(text_of(d), "{P0} draws 1 card");
        }
        json_decref(e);
    }
}

/* RG-46: the cards taken on accepting an attack are named to the taker,
 * counted to others. */
static void take_attack_named_to_taker(void **st)
{
    (void)st;
    rg_state s;
    rgt_table(&s, 3);
    rgt_top(&s, "R2");
    rgt_hand(&s, 0, "PG-R K1 K2");
    rgt_hand(&s, 1, "Y7 Y8");
    rgt_hand(&s, 2, "B1");
    rgt_act(&s, "PG-R");
    json_t *mine = events(&s, "accept", 1, CH_LANG_EN),
           *theirs = events(&s, "accept", 2, CH_LANG_JA);
    json_t *a = find_event(mine, "take_attack", 1), *b = find_event(theirs, "take_attack", 1);
    assert_int_equal(json_array_size(json_object_get(a, "cards")), 3);
    assert_null(json_object_get(b, "cards"));
    assert_int_equal(json_integer_value(json_object_get(b, "count")), 3);
    assert_string_equal(text_of(b), "{P1}が攻撃を受けて山札から3枚引く");
    json_decref(mine);
    json_decref(theirs);
}

/* RG-66: "everyone else draws 2", each named to its drawer only; RG-47:
 * a turn lost to the Sin Bin is an event; RG-51: the Kick Pass says whom
 * it skips; RG-53: a direction change; RG-45: TMO. */
static void automatic_steps_are_events(void **st)
{
    (void)st;
    rg_state s;
    rgt_table(&s, 4);
    rgt_top(&s, "R2");
    rgt_hand(&s, 0, "RGM K1 K2");
    rgt_hand(&s, 1, "Y1");
    rgt_hand(&s, 2, "Y2");
    rgt_hand(&s, 3, "Y3");
    json_t *e = events(&s, "RGM", 2, CH_LANG_EN);
    assert_string_equal(json_string_value(json_object_get(json_array_get(e, 0), "type")), "play");
    for (int p = 1; p < 4; p++) {
        json_t *d = find_event(e, "ragamaru_draw", p);
        assert_int_equal(json_integer_value(json_object_get(d, "count")), 2);
        assert_int_equal(json_object_get(d, "cards") != NULL, p == 2);
    }
    assert_non_null(find_event(e, "free_play", 0));
    json_decref(e);

    rgt_table(&s, 4);
    rgt_top(&s, "R2");
    rgt_hand(&s, 0, "KICK-R K1");
    rgt_hand(&s, 3, "R9 R8");
    e = events(&s, "KICK-R", CH_SPECTATOR, CH_LANG_EN);
    assert_string_equal(text_of(find_event(e, "skip", 0)),
                        "the turn skips 2 players ({P1}, {P2}) to {P3}");
    json_decref(e);

    rgt_table(&s, 3);
    rgt_top(&s, "R2");
    rgt_hand(&s, 0, "TURN-R K1");
    e = events(&s, "TURN-R", 1, CH_LANG_JA);
    assert_string_equal(text_of(find_event(e, "direction", 0)), "回る向きは反時計回り");
    json_decref(e);

    /* RG-47: an attack on a resting player is not offered as one to answer. */
    rgt_table(&s, 3);
    rgt_top(&s, "R2");
    rgt_hand(&s, 0, "TRY-R K1");
    rgt_hand(&s, 1, "TMO Y8");
    rgt_hand(&s, 2, "R7 R8");
    s.rests[1] = 1;
    e = events(&s, "TRY-R", CH_SPECTATOR, CH_LANG_EN);
    assert_string_equal(text_of(find_event(e, "attack", 0)),
                        "Try attack: {P1} is resting, so it cannot be answered");
    json_decref(e);
    s.rests[1] = 0;
    e = events(&s, "TRY-R", CH_SPECTATOR, CH_LANG_EN);
    assert_string_equal(text_of(find_event(e, "attack", 0)),
                        "Try attack: {P1} answers it or draws 5");
    json_decref(e);

    /* P1 rests (an accepted Sin Bin): the arrival uses up one rest. */
    rgt_table(&s, 3);
    rgt_top(&s, "R2");
    rgt_hand(&s, 0, "R5 K1");
    rgt_hand(&s, 1, "Y1 Y2");
    rgt_hand(&s, 2, "R7 R8");
    s.rests[1] = 2;
    e = events(&s, "R5", CH_SPECTATOR, CH_LANG_EN);
    assert_string_equal(text_of(find_event(e, "rest", 1)),
                        "{P1} loses a turn to the Sin Bin (1 more)");
    json_decref(e);

    rgt_table(&s, 3);
    rgt_top(&s, "R2");
    rgt_hand(&s, 0, "TRY-R K1");
    rgt_hand(&s, 1, "TMO Y8");
    rgt_act(&s, "TRY-R");
    e = events(&s, "TMO B", 2, CH_LANG_EN);
    assert_non_null(strstr(text_of(find_event(e, "tmo", 1)), "cancels the attack"));
    json_decref(e);
}

/* RG-70: a reshuffle is an event with its count; RG-80/RG-82: going out
 * ends the game with a hand_end event and a score per seat. */
static void reshuffle_and_going_out(void **st)
{
    (void)st;
    rg_state s;
    rgt_table(&s, 2);
    rgt_top(&s, "R2");
    rgt_hand(&s, 0, "K1 K2");
    rgt_hand(&s, 1, "Y1");
    empty_stock(&s, 1);
    /* Three cards go on the pile above R2: a draw reshuffles all but the top. */
    int moved = 0;
    for (int f = 0; f < RG_NFACES && moved < 3; f++)
        if (rg_hand_count(&s.hand[1], f) && f != rgt_card("Y1")) {
            assert_true(rg_put_discard(&s, f));
            moved++;
        }
    json_t *e = events(&s, "draw", 1, CH_LANG_EN);
    json_t *d = json_array_get(e, 0);
    assert_string_equal(json_string_value(json_object_get(d, "type")), "draw");
    assert_non_null(find_event(e, "reshuffle", -1));
    json_decref(e);

    rgt_table(&s, 3);
    rgt_top(&s, "R2");
    rgt_hand(&s, 0, "R5");
    rgt_hand(&s, 1, "K1 K2");
    rgt_hand(&s, 2, "Y3");
    e = events(&s, "R5", 1, CH_LANG_EN);
    assert_string_equal(text_of(find_event(e, "hand_end", 0)),
                        "{P0} played their last card and wins");
    json_t *sc = find_event(e, "score", 1);
    assert_int_equal(json_integer_value(json_object_get(sc, "points")), 0);
    assert_int_equal(json_integer_value(json_object_get(sc, "count")), 2);
    assert_int_equal(json_integer_value(json_object_get(find_event(e, "score", 0), "points")), 1);
    json_decref(e);
}

/* An event never names a card its viewer cannot know: random games, every
 * action, every seat and the spectator. Cards named in an event are cards
 * the viewer sees before or after the action (census), and where another
 * viewer's event names cards this one does not see, the text does not
 * either. */
static void events_never_leak(void **st)
{
    (void)st;
    for (int g = 0; g < 12; g++) {
        ch_opts o;
        ch_err err;
        char kv0[16];
        snprintf(kv0, sizeof kv0, "players=%d", 2 + g % 5);
        const char *kv[] = {kv0};
        assert_int_equal(ch_opts_parse(&o, rg_game.opts, rg_game.n_opts, kv, 1, &err), CH_OK);
        rg_state s;
        assert_int_equal(rg_game.setup(&s, &o, 50 + (uint64_t)g, NULL, 0, &err), CH_OK);
        ch_bot b;
        assert_int_equal(ch_bot_init(&b, &rg_game, "random", (uint64_t)g, &err), CH_OK);
        for (int step = 0; step < 400 && rg_game.to_move(&s) != CH_TERMINAL; step++) {
            ch_action a = ch_bot_act(&b, &s, rg_game.to_move(&s));
            rg_state after = s;
            rg_game.apply(&after, a);
            for (int v = CH_SPECTATOR; v < s.np; v++) {
                if (v == CH_ALL) continue;
                static ch_census c0, c1;
                memset(&c0, 0, sizeof c0);
                memset(&c1, 0, sizeof c1);
                rg_game.census(&s, v, &c0);
                rg_game.census(&after, v, &c1);
                int seen[RG_NFACES] = {0};
                for (int i = 0; i < c0.n; i++)
                    seen[c0.e[i].face] |= c0.e[i].seen;
                for (int i = 0; i < c1.n; i++)
                    seen[c1.e[i].face] |= c1.e[i].seen;
                json_t *ev = rg_game.events(&s, a, v, CH_LANG_EN);
                json_t *all = rg_game.events(&s, a, CH_ALL, CH_LANG_EN);
                assert_int_equal(json_array_size(ev), json_array_size(all));
                size_t i;
                json_t *e;
                json_array_foreach(ev, i, e)
                {
                    json_t *cards = json_object_get(e, "cards"), *c;
                    size_t j;
                    json_array_foreach(cards, j, c)
                    {
                        int f = rgt_card(json_string_value(c));
                        if (!seen[f])
                            fail_msg("viewer %d: event names unseen %s", v, json_string_value(c));
                    }
                    json_t *full = json_object_get(json_array_get(all, i), "cards");
                    if (cards || !full) continue;
                    json_array_foreach(full, j, c)
                    {
                        char pat[24];
                        snprintf(pat, sizeof pat, " %s", json_string_value(c));
                        const char *t = text_of(e), *hit = strstr(t, pat);
                        if (hit && (hit[strlen(pat)] == 0 || hit[strlen(pat)] == ' '))
                            fail_msg("viewer %d: text names %s: %s", v, pat, t);
                    }
                }
                json_decref(ev);
                json_decref(all);
            }
            s = after;
        }
    }
}

/* ---- the end laid open ---- */

/* RG-80..RG-82: every hand is laid open at the end, with why it ended and
 * each seat's cards left; the same for every viewer, the spectator too. */
static void the_end_is_laid_open(void **st)
{
    (void)st;
    rg_state s;
    rgt_table(&s, 3);
    rgt_top(&s, "R2");
    rgt_hand(&s, 0, "R5");
    rgt_hand(&s, 1, "K1 TRY-B");
    rgt_hand(&s, 2, "Y3");
    char buf[2048];
    assert_int_equal(rg_game.hand_summary(&s, 1, CH_LANG_EN, buf, sizeof buf), 0);
    json_t *v = rg_game.view_json(&s, 1);
    assert_true(json_is_null(json_object_get(v, "last_hand")));
    json_decref(v);
    rgt_act(&s, "R5");
    for (int viewer = CH_SPECTATOR; viewer < 3; viewer++) {
        assert_true(rg_game.hand_summary(&s, viewer, CH_LANG_EN, buf, sizeof buf) > 0);
        assert_string_equal(buf, "Game over: {P0} played their last card and wins\n"
                                 "  {P0}  went out (wins)\n"
                                 "  {P1}  2 cards left: Black 1 (Loosehead Prop), Try (blue)\n"
                                 "  {P2}  1 card left: Yellow 3 (Tighthead Prop)\n");
        v = rg_game.view_json(&s, viewer);
        json_t *lh = json_object_get(v, "last_hand");
        assert_int_equal(json_integer_value(json_object_get(lh, "hand")), 1);
        json_t *h1 = json_array_get(json_object_get(lh, "hands"), 1);
        assert_int_equal(json_array_size(h1), 2);
        assert_string_equal(json_string_value(json_array_get(h1, 0)), "K1");
        assert_string_equal(json_string_value(json_array_get(h1, 1)), "TRY-B");
        assert_int_equal(json_integer_value(json_array_get(json_object_get(lh, "scores"), 0)), 1);
        json_t *bd = json_array_get(json_object_get(lh, "breakdown"), 2);
        assert_int_equal(json_integer_value(json_object_get(bd, "cards_left")), 1);
        assert_string_equal(json_string_value(json_object_get(json_object_get(bd, "text"), "ja")),
                            "残り1枚");
        assert_string_equal(json_string_value(json_object_get(json_object_get(lh, "reason"), "en")),
                            "{P0} played their last card and wins");
        json_decref(v);
        /* The census agrees: every hand is seen by everyone now. */
        static ch_census c;
        memset(&c, 0, sizeof c);
        rg_game.census(&s, viewer, &c);
        for (int i = 0; i < c.n; i++)
            if (c.e[i].zone >= 10) assert_true(c.e[i].seen);
        /* The board shows every hand too. */
        assert_non_null(
            strstr(render(&s, viewer, CH_LANG_EN), "Black 1 (Loosehead Prop), Try (blue)"));
    }
    rg_game.hand_summary(&s, 2, CH_LANG_JA, buf, sizeof buf);
    assert_non_null(strstr(buf, "残り2枚: 黒1、トライ(青)"));
    no_english(buf);
    no_english(render(&s, 2, CH_LANG_JA));
}

/* RG-73 and RG-V7: a game that ends in a draw says why. */
static void draw_endings_say_why(void **st)
{
    (void)st;
    rg_state s;
    rgt_table(&s, 2);
    rgt_top(&s, "R2");
    rgt_hand(&s, 0, "K1 K2");
    empty_stock(&s, 1);
    assert_true(s.ndisc == 1);
    rgt_act(&s, "pass");
    char buf[1024];
    /* The last pass ends the game: flagged before it is made. */
    assert_true(rg_game.warning(&s, rgt_parse(&s, "pass"), CH_LANG_EN, buf, sizeof buf) > 0);
    assert_string_equal(buf, "ends the game: every player has passed, a draw");
    rgt_act(&s, "pass");
    rg_game.hand_summary(&s, CH_SPECTATOR, CH_LANG_EN, buf, sizeof buf);
    assert_non_null(strstr(buf, "a draw: nothing was left to draw and every player passed"));

    const char *kv[] = {"max_arrivals=3"};
    rgt_table_kv(&s, 2, kv, 1);
    rgt_top(&s, "R2");
    rgt_hand(&s, 0, "R3 R4 K5");
    rgt_hand(&s, 1, "R6 R7 K8");
    rgt_act(&s, "R3");
    rgt_act(&s, "R6");
    json_t *e = events(&s, "R4", 1, CH_LANG_EN);
    assert_string_equal(text_of(find_event(e, "hand_end", -1)),
                        "a draw: the turn arrived 3 times, the limit");
    json_decref(e);
}

/* The warning hook stays silent where nothing ends the game (RAGAMARU has
 * no move that loses on the spot). */
static void no_warning_for_ordinary_moves(void **st)
{
    (void)st;
    rg_state s;
    rgt_table(&s, 3);
    rgt_top(&s, "R2");
    rgt_hand(&s, 0, "R5 K1");
    char buf[128];
    ch_action a[RG_MAX_ACTIONS];
    int n = rg_game.legal(&s, a);
    for (int i = 0; i < n; i++)
        assert_int_equal(rg_game.warning(&s, a[i], CH_LANG_EN, buf, sizeof buf), 0);
}

/* ---- why not, and the rules ---- */

/* RG-31, RG-32, RG-34, RG-36, RG-44, RG-45, RG-22, RG-62: in the game's
 * words, never a rule ID. */
static void explain_illegal_in_game_terms(void **st)
{
    (void)st;
    rg_state s;
    rgt_table(&s, 3);
    rgt_top(&s, "B11");
    rgt_hand(&s, 0, "R5 R9 B9 TMO CONV RES SIN K4");
    static const struct {
        const char *text, *want;
    } cases[] = {
        {"R5", "Red 5 (Lock) does not match: needed blue or number 11 (a Reserve, Sin Bin or "
               "RAGAMARU always fits)"},
        {"R9 B9", "put the matching card (Blue 9 (Scrum-half)) first; the last card stays on top"},
        {"TMO K", "the TMO is played only to answer an attack"},
        {"CONV", "a Conversion only follows a Try"},
        {"RES K8",
         "the Reserve's colour and number come after it: RES, then declare K, then declare K8"},
        {"SIN", "name a colour too (e.g. SIN K)"},
        {"Y3", "you do not hold Yellow 3 (Tighthead Prop)"},
        {"R5 K4", "cards played together must be the same number or the same kind"},
        {"accept", "there is no attack or Sin Bin to accept"},
        {"pass", "you may pass only after drawing (or when nothing is left to draw)"},
        {"declare K", "you declare only after playing a Reserve"},
    };
    char buf[512];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        assert_true(rg_game.explain_illegal(&s, cases[i].text, CH_LANG_EN, buf, sizeof buf) > 0);
        if (strcmp(buf, cases[i].want)) fail_msg("%s: got '%s'", cases[i].text, buf);
        assert_null(strstr(buf, "RG-"));
        assert_true(rg_game.explain_illegal(&s, cases[i].text, CH_LANG_JA, buf, sizeof buf) > 0);
        assert_null(strstr(buf, "RG-"));
    }
    /* RG-34: the last card must be a number card. */
    rgt_table(&s, 3);
    rgt_top(&s, "R2");
    rgt_hand(&s, 0, "CUT-R");
    assert_true(rg_game.explain_illegal(&s, "CUT-R", CH_LANG_EN, buf, sizeof buf) > 0);
    assert_string_equal(buf, "your last card must be a number card");
    /* RG-22: after a draw only the drawn card. */
    rgt_table(&s, 3);
    rgt_top(&s, "R2");
    rgt_hand(&s, 0, "R5 R6");
    rg_put_stock_top(&s, rgt_card("K9"));
    rgt_act(&s, "draw");
    assert_true(rg_game.explain_illegal(&s, "R5", CH_LANG_EN, buf, sizeof buf) > 0);
    assert_string_equal(buf, "after a draw only the drawn card (Black 9 (Scrum-half)), with cards "
                             "of its kind may be played");
    /* Garbage: nothing to add. */
    assert_int_equal(rg_game.explain_illegal(&s, "hello", CH_LANG_EN, buf, sizeof buf), 0);
}

/* Rules at hand, with the options in force; no rule IDs anywhere. */
static void rules_text_with_options(void **st)
{
    (void)st;
    ch_opts o;
    ch_err err;
    char en[4096], ja[4096];
    const char *kv[] = {"players=3", "deck=advanced_noloop", "max_arrivals=500"};
    assert_int_equal(ch_opts_parse(&o, rg_game.opts, rg_game.n_opts, kv, 3, &err), CH_OK);
    assert_true(rg_game.rules_text(&o, CH_LANG_EN, en, sizeof en) > 0);
    assert_true(rg_game.rules_text(&o, CH_LANG_JA, ja, sizeof ja) > 0);
    assert_non_null(strstr(en, "RAGAMARU (3 players)"));
    assert_non_null(strstr(en, "Kick Pass skips 2"));
    assert_non_null(strstr(en, "Your last card must be a number card"));
    assert_non_null(strstr(en, "TMO"));
    assert_non_null(strstr(en, "After 500 turns"));
    assert_null(strstr(en, "Loop")); /* not in this deck */
    assert_non_null(strstr(ja, "キックパス: 2人飛ばす"));
    assert_non_null(strstr(ja, "最後のカードは数字カード"));
    no_english(ja);
    assert_null(strstr(en, "RG-"));
    assert_null(strstr(ja, "RG-"));
    for (int i = 0; i < rg_game.n_opts; i++)
        assert_null(strstr(rg_game.opts[i].help, "RG-"));
    const char *kv2[] = {"players=4"};
    assert_int_equal(ch_opts_parse(&o, rg_game.opts, rg_game.n_opts, kv2, 1, &err), CH_OK);
    rg_game.rules_text(&o, CH_LANG_EN, en, sizeof en);
    assert_non_null(strstr(en, "Loop moves your seat"));
}

/* CH_SPECTATOR: only what every seat's view has in common. */
static void spectator_sees_the_public_part(void **st)
{
    (void)st;
    rg_state s;
    rgt_table(&s, 3);
    rgt_top(&s, "R2");
    rgt_hand(&s, 0, "R5 K1");
    rgt_hand(&s, 1, "Y7");
    rgt_hand(&s, 2, "B8");
    json_t *v = rg_game.view_json(&s, CH_SPECTATOR);
    assert_int_equal(json_object_size(json_object_get(v, "hands")), 0);
    assert_null(json_object_get(v, "stock"));
    assert_int_equal(json_integer_value(json_object_get(v, "stock_count")), s.nstock);
    json_decref(v);
    const char *b = render(&s, CH_SPECTATOR, CH_LANG_EN);
    assert_null(strstr(b, "Black 1"));
    assert_null(strstr(b, "Yellow 7"));
    static ch_census c;
    memset(&c, 0, sizeof c);
    rg_game.census(&s, CH_SPECTATOR, &c);
    for (int i = 0; i < c.n; i++)
        if (c.e[i].zone >= 10 || c.e[i].zone == 0) assert_false(c.e[i].seen);
    rg_state r = s;
    ch_rng rng;
    ch_rng_seed(&rng, 9, 1);
    rg_game.resample(&r, CH_SPECTATOR, &rng);
    for (int p = 0; p < 3; p++)
        assert_int_equal(r.hand[p].n, s.hand[p].n);
    char buf[256];
    assert_true(
        rg_game.action_name(&s, rgt_parse(&s, "draw"), CH_SPECTATOR, CH_LANG_EN, buf, sizeof buf) > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(winning_play_leaves_its_requirement),
        cmocka_unit_test(accept_with_empty_stock),
        cmocka_unit_test(sin_bin_prompt_is_no_attack),
        cmocka_unit_test(kickoff_says_who_plays_first),
        cmocka_unit_test(reserve_is_chosen_in_steps),
        cmocka_unit_test(draw_event_per_viewer),
        cmocka_unit_test(take_attack_named_to_taker),
        cmocka_unit_test(automatic_steps_are_events),
        cmocka_unit_test(reshuffle_and_going_out),
        cmocka_unit_test(events_never_leak),
        cmocka_unit_test(the_end_is_laid_open),
        cmocka_unit_test(draw_endings_say_why),
        cmocka_unit_test(no_warning_for_ordinary_moves),
        cmocka_unit_test(explain_illegal_in_game_terms),
        cmocka_unit_test(rules_text_with_options),
        cmocka_unit_test(spectator_sees_the_public_part),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
