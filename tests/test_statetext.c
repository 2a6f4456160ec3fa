/* The server's state message written straight (tb_room_state_text,
 * cardhall/room.h) against the tree it stands for (tb_room_state_msg,
 * written by tb_json_append, whose bytes test_jsontext holds to jansson's):
 * the same bytes for every game, every viewer (each seat and a spectator)
 * and both languages, at every move of games with a person (present, away,
 * between hands), a computer level, clocks on and off, before the start
 * and once finished; and a member whose text is not UTF-8 is left out by
 * both, as json_string refuses it (issue 29). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cardhall/jsontext.h"
#include "cardhall/registry.h"
#include "cardhall/room.h"
#include "cardhall/table.h"

static long compared;
static int kept_games[16]; /* per game: games in which a hand ended */

static void same(tb_room *r, int viewer, ch_lang lang, int64_t now, int move)
{
    json_t *o = tb_room_state_msg(r, viewer, lang, now, move);
    tb_text want = TB_TEXT_INIT, got = TB_TEXT_INIT;
    assert_int_equal(tb_json_append(&want, o), 0);
    json_decref(o);
    assert_int_equal(tb_room_state_text(&got, r, viewer, lang, now, move), 0);
    if (want.len != got.len || memcmp(want.p, got.p, want.len) != 0)
        fail_msg("%s viewer %d lang %d move %d:\n tree:     %s\n straight: %s", r->game->name,
                 viewer, (int)lang, move, want.p, got.p);
    free(want.p);
    free(got.p);
    compared++;
}

static void every_viewer(tb_room *r, int64_t now)
{
    int n = r->n_seats, k = r->status == TB_ROOM_OPEN ? 0 : r->m.n_actions;
    for (int v = -1; v < n; v++)
        for (int l = 0; l < CH_NLANGS; l++) {
            same(r, v < 0 ? CH_SPECTATOR : v, (ch_lang)l, now, k);
            if (k > 0 && v <= 0) same(r, v < 0 ? CH_SPECTATOR : v, (ch_lang)l, now, 0);
        }
}

static void play_game(const ch_game *g, uint64_t seed)
{
    const char *seats[CH_MAX_PLAYERS];
    int n = g->min_players;
    seats[0] = "open";
    for (int i = 1; i < n; i++)
        seats[i] = "random";
    json_t *opts = json_pack("{s:i}", "players", n);
    tb_room r;
    ch_err err;
    /* A level where the game has one (else a bot by name). */
    if (n > 1) seats[1] = "normal";
    if (tb_room_init(&r, (int64_t)seed, g, opts, NULL, seats, n, seed, 3000, &err) != CH_OK) {
        seats[1] = "random";
        if (tb_room_init(&r, (int64_t)seed, g, opts, NULL, seats, n, seed, 3000, &err) != CH_OK)
            fail_msg("%s: %s", g->name, err.msg);
    }
    json_decref(opts);
    if (seed % 2 && tb_room_set_clock(&r, 5000, 1000, &err) != CH_OK) fail_msg("%s", err.msg);
    int64_t now = 1000;
    every_viewer(&r, now); /* open: the summary only */
    unsigned char h[TB_TOKEN_HASH] = {1};
    assert_int_equal(tb_room_join(&r, 0, seed % 3 ? "Ann" : "花子 \"Q\"", h, &err), 0);
    for (int ply = 0; ply < 400 && r.status == TB_ROOM_RUNNING; ply++) {
        tb_room_clock_sync(&r, now);
        every_viewer(&r, now);
        now += 700;
        if (ply % 9 == 3) tb_room_presence(&r, 0, -1, now); /* away, then back */
        if (ply % 9 == 6) tb_room_presence(&r, 0, +1, now);
        if (tb_room_paused(&r, now)) { /* between hands: the summary and who continued */
            every_viewer(&r, now);
            assert_int_equal(tb_room_continue(&r, 0, now, &err), CH_OK);
            r.paused = 0;
        }
        int p = tb_room_to_move(&r);
        if (p < 0) break;
        ch_action a = ch_bot_act(&r.seats[p].bot, ch_match_state(&r.m), p);
        assert_int_equal(tb_room_apply_at(&r, a, now, &err), CH_OK);
    }
    every_viewer(&r, now); /* finished: the last hand and the scores */
    /* The messages above wrote a kept record of a hand (game.h's
     * view_json_lean), and it was the hand that ended last. */
    if (g->view_json_lean) {
        ch_result res;
        g->result(ch_match_state(&r.m), &res);
        assert_non_null(r.last_hand.p);
        assert_int_equal(r.last_hand_hands, res.hands);
        int i = 0;
        while (ch_games()[i] != g)
            i++;
        if (res.hands > 0) kept_games[i]++;
    }
    /* A name that is not UTF-8 (none can be joined with; a record could
     * hold one) is left out of the summary by both. */
    memcpy(r.seats[0].name, "A\xff", 3);
    every_viewer(&r, now);
    tb_room_free(&r);
}

static void every_game_every_viewer_the_same_bytes(void **unused)
{
    (void)unused;
    for (const ch_game *const *g = ch_games(); *g; g++)
        for (uint64_t seed = 1; seed <= 3; seed++)
            play_game(*g, seed);
    assert_true(compared > 5000);
    for (const ch_game *const *g = ch_games(); *g; g++)
        if ((*g)->view_json_lean && kept_games[g - ch_games()] == 0)
            fail_msg("%s: no game ended a hand, so no kept record was written", (*g)->name);
}

static int hands_done(const tb_room *r)
{
    ch_result res;
    r->game->result(ch_match_state(&r->m), &res);
    return res.hands;
}

/* A game started again forgets the record of a hand it kept (room.h): a
 * restore replays the stored moves without a message, so the first message
 * after it may come at the count of hands the record was kept at, from the
 * game before. */
static void a_restored_game_does_not_reuse_the_record_before(void **unused)
{
    (void)unused;
    const ch_game *g = ch_game_find("racko");
    const char *seats[] = {"open", "random"};
    json_t *opts = json_pack("{s:i}", "players", 2);
    tb_room r;
    ch_err err;
    assert_int_equal(tb_room_init(&r, 1, g, opts, NULL, seats, 2, 11, 3000, &err), CH_OK);
    json_decref(opts);
    unsigned char h[TB_TOKEN_HASH] = {1};
    assert_int_equal(tb_room_join(&r, 0, "Ann", h, &err), 0);
    int64_t now = 1000;
    while (r.status == TB_ROOM_RUNNING) {
        same(&r, 0, CH_LANG_EN, now, 0);
        int p = tb_room_to_move(&r);
        ch_action a = ch_bot_act(&r.seats[p].bot, ch_match_state(&r.m), p);
        assert_int_equal(tb_room_apply(&r, a, &err), CH_OK);
    }
    same(&r, 0, CH_LANG_EN, now, 0);
    int kept = hands_done(&r);
    assert_true(kept > 0);
    assert_int_equal(r.last_hand_hands, kept);
    /* Another deal, played silently up to the same count of hands. */
    int reached = 0;
    for (uint64_t seed = 12; seed < 40 && !reached; seed++) {
        assert_int_equal(tb_room_restore_game(&r, 1, seed, &err), CH_OK);
        while (r.status == TB_ROOM_RUNNING && hands_done(&r) < kept) {
            int p = tb_room_to_move(&r);
            ch_action a = ch_bot_act(&r.seats[p].bot, ch_match_state(&r.m), p);
            assert_int_equal(tb_room_apply(&r, a, &err), CH_OK);
        }
        reached = hands_done(&r) == kept;
    }
    assert_true(reached);
    same(&r, 0, CH_LANG_EN, now, 0);
    tb_room_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_game_every_viewer_the_same_bytes),
        cmocka_unit_test(a_restored_game_does_not_reuse_the_record_before),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
