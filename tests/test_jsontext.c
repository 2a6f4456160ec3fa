/* tb_json_dumps (cardhall/jsontext.h), the server's serialiser, against
 * jansson's json_dumps(JSON_COMPACT): the same bytes for every text a
 * viewer is sent (each game's states, events and pauses from random play,
 * every viewer, both languages) and for the corners of the format
 * (escapes, UTF-8, integer limits, reals, empties, deep nesting, a cycle). */
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

/* Both writers on j: equal texts, or both refuse. Steals j. */
static void same(json_t *j)
{
    char *want = json_dumps(j, JSON_COMPACT);
    size_t len = 0;
    char *got = tb_json_dumps(j, &len);
    if (!want) {
        assert_null(got);
    } else {
        assert_non_null(got);
        if (strcmp(want, got) != 0) fail_msg("jansson: %.300s\nours:    %.300s", want, got);
        assert_int_equal(len, strlen(want));
    }
    compared++;
    free(want);
    free(got);
    json_decref(j);
}

static void escapes_and_utf8(void **unused)
{
    (void)unused;
    char all[0x80];
    for (int c = 1; c < 0x80; c++)
        all[c - 1] = (char)c;
    all[0x7f] = '\0';
    same(json_pack("[s]", all));
    same(json_pack("{s:s}", all, all)); /* keys are escaped too */
    same(json_pack("[s,s,s,s,s]", "", "\"quoted\" \\back\\ /slash/", "日本語のテキスト",
                   "emoji \xf0\x9f\x82\xa1 and \xc3\xa9", "\x7f del"));
    /* A NUL inside a string (jansson keeps its length). */
    same(json_pack("[s#]", "a\0b", (int)3));
}

static void numbers_and_constants(void **unused)
{
    (void)unused;
    same(json_pack("[I,I,I,I,I,i,i]", (json_int_t)INT64_MIN, (json_int_t)INT64_MAX, (json_int_t)0,
                   (json_int_t)-1, (json_int_t)1000000007, 9, -10));
    same(json_pack("[f,f,f,f,f]", 0.1, 1e300, -0.0, 3.0, 123456.789));
    same(json_pack("{s:b,s:b,s:n,s:{},s:[],s:[[],{}]}", "t", 1, "f", 0, "n", "o", "a", "x"));
    same(json_object());
    same(json_array());
}

static void nesting_order_and_refusals(void **unused)
{
    (void)unused;
    json_t *deep = json_array();
    for (int i = 0; i < 300; i++)
        deep = json_pack("[o,{s:o}]", deep, "k", json_integer(i));
    same(deep);
    /* Keys keep the order they were set in, replaced ones their place. */
    json_t *o = json_object();
    json_object_set_new(o, "zeta", json_integer(1));
    json_object_set_new(o, "alpha", json_integer(2));
    json_object_set_new(o, "mid", json_integer(3));
    json_object_set_new(o, "zeta", json_string("again"));
    json_object_del(o, "alpha");
    json_object_set_new(o, "alpha", json_true());
    same(o);
    /* One subtree in two places is no cycle. */
    json_t *shared = json_pack("{s:i}", "x", 1);
    same(json_pack("[O,O]", shared, shared));
    json_decref(shared);
    /* A bare value is no document for json_dumps: both refuse it. */
    same(json_integer(5));
    same(json_string("x"));
    /* A cycle: both refuse it instead of looping. */
    json_t *a = json_array(), *b = json_array();
    json_array_append(a, b);
    json_array_append(b, a);
    assert_null(tb_json_dumps(a, NULL));
    assert_null(json_dumps(a, JSON_COMPACT));
    json_array_clear(b);
    json_decref(a);
    json_decref(b);
}

/* A room of random bots, played out: every viewer's state and events at
 * every move, in both languages, as the server would send them. */
static void play_game(const ch_game *g, uint64_t seed)
{
    const char *seats[CH_MAX_PLAYERS];
    int n = g->min_players;
    for (int i = 0; i < n; i++)
        seats[i] = "random";
    json_t *opts = json_pack("{s:i}", "players", n);
    tb_room r;
    ch_err err;
    if (tb_room_init(&r, 1, g, opts, NULL, seats, n, seed, 0, &err) != CH_OK)
        fail_msg("%s: %s", g->name, err.msg);
    json_decref(opts);
    int64_t now = 0;
    for (int ply = 0; ply < 400 && r.status == TB_ROOM_RUNNING; ply++) {
        for (int v = -1; v < n; v++) {
            int viewer = v < 0 ? CH_SPECTATOR : v;
            for (int l = 0; l < CH_NLANGS; l++) {
                same(tb_room_state_json(&r, viewer, (ch_lang)l));
                if (r.m.n_actions > 0)
                    same(tb_room_events(&r, r.m.n_actions - 1, viewer, (ch_lang)l));
                same(json_pack("{s:o}", "pause", tb_room_pause_json(&r, viewer, now, (ch_lang)l)));
            }
        }
        now += 1000;
        r.paused = 0; /* no person holds a pause: bots only */
        ch_action a;
        if (!tb_room_bot_due(&r, now, &a)) break;
        assert_int_equal(tb_room_apply_at(&r, a, now, &err), CH_OK);
    }
    for (int v = -1; v < n; v++)
        same(tb_room_state_json(&r, v < 0 ? CH_SPECTATOR : v, CH_LANG_JA));
    tb_room_free(&r);
}

static void every_game_every_viewer(void **unused)
{
    (void)unused;
    for (const ch_game *const *g = ch_games(); *g; g++)
        for (uint64_t seed = 1; seed <= 2; seed++)
            play_game(*g, seed);
    assert_true(compared > 1000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(escapes_and_utf8),
        cmocka_unit_test(numbers_and_constants),
        cmocka_unit_test(nesting_order_and_refusals),
        cmocka_unit_test(every_game_every_viewer),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
