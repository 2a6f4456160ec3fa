/* The server's rooms on their own (cardhall/room.h): seats, tokens,
 * timeouts, rematch, spectators and what each viewer is told. No sockets,
 * no database: the clock is a number passed in. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cardhall/file.h"
#include "cardhall/registry.h"
#include "cardhall/room.h"
#include "cardhall/table.h"

static void hash_of(int n, unsigned char h[TB_TOKEN_HASH])
{
    memset(h, 0, TB_TOKEN_HASH);
    h[0] = (unsigned char)n;
    h[31] = 0xa5;
}

static void make(tb_room *r, const char *game, const char *const *seats, int n, int64_t timeout)
{
    const ch_game *g = ch_game_find(game);
    assert_non_null(g);
    json_t *o = json_pack("{s:i}", "players", n);
    ch_err err;
    int rc = tb_room_init(r, 7, g, o, NULL, seats, n, 42, timeout, &err);
    json_decref(o);
    if (rc != CH_OK) fail_msg("%s", err.msg);
}

/* The first legal move of the seat to move, as the seat itself is offered it. */
static void first_legal(tb_room *r, int seat, char *out, size_t cap)
{
    json_t *s = tb_room_state_json(r, seat, CH_LANG_EN);
    json_t *legal = json_object_get(s, "legal");
    assert_true(json_array_size(legal) > 0);
    snprintf(out, cap, "%s",
             json_string_value(json_object_get(json_array_get(legal, 0), "action")));
    json_decref(s);
}

static void seats_fill_then_the_game_starts(void **unused)
{
    tb_room r;
    unsigned char h1[32], h2[32];
    hash_of(1, h1);
    hash_of(2, h2);
    make(&r, "racko", (const char *const[]){"open", "open", "heuristic"}, 3, 1000);
    assert_int_equal(r.status, TB_ROOM_OPEN);
    ch_err err;
    assert_int_equal(tb_room_join(&r, 1, "Ann", h1, &err), 1);
    assert_int_equal(tb_room_join(&r, 1, "Bob", h2, &err), CH_ESTATE); /* taken */
    assert_int_equal(tb_room_join(&r, 2, "Bob", h2, &err), CH_ESTATE); /* a bot's seat */
    assert_int_equal(tb_room_join(&r, 9, "Bob", h2, &err), CH_EINVAL);
    assert_int_equal(tb_room_join(&r, -1, "", h2, &err), CH_EINVAL);
    assert_int_equal(tb_room_join(&r, -1, "a\nb", h2, &err), CH_EINVAL);
    assert_int_equal(tb_room_join(&r, -1, "\xff\xfe", h2, &err), CH_EINVAL);
    /* Issue 23: C1 controls and bidi overrides/isolates would reorder the lobby's text. */
    assert_int_equal(tb_room_join(&r, -1, "Bob\xC2\x85", h2, &err), CH_EINVAL);
    assert_int_equal(tb_room_join(&r, -1, "\xE2\x80\xAE" "boB", h2, &err), CH_EINVAL);
    assert_int_equal(tb_room_join(&r, -1, "Bo\xE2\x81\xA7" "b", h2, &err), CH_EINVAL);
    assert_int_equal(r.status, TB_ROOM_OPEN);
    /* Leaving before the game opens the seat again. */
    assert_int_equal(tb_room_leave(&r, 1, &err), CH_OK);
    assert_int_equal(r.seats[1].kind, TB_SEAT_OPEN);
    assert_int_equal(tb_room_join(&r, -1, "Ann", h1, &err), 0);
    assert_int_equal(tb_room_join(&r, -1, "Bob", h2, &err), 1);
    assert_int_equal(r.status, TB_ROOM_RUNNING);
    assert_int_equal(tb_room_join(&r, -1, "Cy", (unsigned char[32]){9}, &err), CH_ESTATE);
    json_t *sum = tb_room_summary(&r);
    assert_string_equal(json_string_value(json_object_get(sum, "status")), "running");
    assert_string_equal(json_string_value(json_object_get(
                            json_array_get(json_object_get(sum, "seats"), 2), "name")),
                        "heuristic");
    json_decref(sum);
    tb_room_free(&r);
}

static void bad_tables_are_refused(void **unused)
{
    tb_room r;
    ch_err err;
    const ch_game *g = ch_game_find("racko");
    json_t *o = json_pack("{s:i}", "players", 2);
    assert_int_equal(tb_room_init(&r, 1, g, o, NULL, (const char *const[]){"open"}, 1, 1, 0, &err),
                     CH_EINVAL);
    assert_int_equal(tb_room_init(&r, 1, g, o, NULL, (const char *const[]){"open", "/etc/passwd"},
                                  2, 1, 0, &err),
                     CH_EINVAL);
    json_decref(o);
    /* Nothing a client sends names a file on the server. */
    const ch_game *db = ch_game_find("babasuki");
    o = json_pack("{s:i,s:s}", "players", 2, "cards", "/etc/passwd");
    assert_int_equal(
        tb_room_init(&r, 1, db, o, NULL, (const char *const[]){"open", "open"}, 2, 1, 0, &err),
        CH_EINVAL);
    assert_non_null(strstr(err.msg, "data.cards"));
    json_decref(o);

    /* Issue 23: options and data are checked by the game's setup when the
     * table is created, open seats or not, not when the last seat fills. */
    const char *open2[] = {"open", "open"}, *open3[] = {"open", "open", "open"};
    o = json_pack("{s:i,s:b}", "players", 2, "partnership", 1); /* RK-V3: 4 players */
    assert_int_equal(tb_room_init(&r, 1, g, o, NULL, open2, 2, 1, 0, &err), CH_EINVAL);
    assert_non_null(strstr(err.msg, "partnership"));
    json_decref(o);
    static const char *const two_player[] = {"optional_declare", "run_required"};
    for (size_t i = 0; i < 2; i++) { /* RK-V2: a two-player rule with 3 players */
        o = json_pack("{s:i,s:s}", "players", 3, "two_player_rule", two_player[i]);
        assert_int_equal(tb_room_init(&r, 1, g, o, NULL, open3, 3, 1, 0, &err), CH_EINVAL);
        assert_non_null(strstr(err.msg, "players=2"));
        json_decref(o);
    }
    o = json_pack("{s:i,s:s}", "players", 2, "cards", "mine.csv");
    static const char *const bad_files[] = {"tests/data/babasuki/bad_24_cards.csv",
                                            "tests/data/babasuki/bad_header.csv"};
    for (size_t i = 0; i < 2; i++) {
        char *csv;
        size_t len;
        assert_int_equal(ch_file_read(bad_files[i], 1 << 16, &csv, &len, &err), CH_OK);
        json_t *d = json_pack("{s:s#}", "cards", csv, (int)len);
        free(csv);
        assert_int_not_equal(tb_room_init(&r, 1, db, o, d, open2, 2, 1, 0, &err), CH_OK);
        json_decref(d);
    }
    json_t *d = json_pack("{s:s}", "cards", "");
    assert_int_not_equal(tb_room_init(&r, 1, db, o, d, open2, 2, 1, 0, &err), CH_OK);
    json_decref(d);
    json_decref(o);
}

/* Issue 12: a Babasuki table plays a card file sent as content (checked as a
 * card file is); the room keeps its own copy, the record carries it and
 * replays to the same state. */
static void a_babasuki_table_plays_card_content(void **unused)
{
    (void)unused;
    const ch_game *db = ch_game_find("babasuki");
    char *csv;
    size_t len;
    ch_err err;
    assert_int_equal(
        ch_file_read("tests/data/babasuki/spaces_and_blank_lines.csv", 1 << 16, &csv, &len, &err),
        CH_OK);
    json_t *o = json_pack("{s:i,s:s}", "players", 2, "cards", "mine.csv");
    json_t *d = json_pack("{s:s#}", "cards", csv, (int)len);
    free(csv);
    tb_room r;
    assert_int_equal(
        tb_room_init(&r, 1, db, o, d, (const char *const[]){"random", "random"}, 2, 1, 0, &err),
        CH_OK);
    json_decref(d); /* the room has its own copy */
    assert_int_equal(r.status, TB_ROOM_RUNNING);
    ch_action a;
    for (int step = 0; step < 30 && tb_room_bot_due(&r, 0, &a); step++)
        assert_int_equal(tb_room_apply(&r, a, &err), CH_OK);
    json_t *rec = ch_match_record(&r.m);
    assert_non_null(json_object_get(json_object_get(rec, "data"), "cards"));
    ch_match m;
    assert_int_equal(ch_match_from_record(&m, db, rec, &err), CH_OK);
    assert_true(ch_equal(db, ch_match_state(&m), ch_match_state(&r.m)));
    ch_match_free(&m);
    json_decref(rec);
    tb_room_free(&r);

    /* A broken card file is refused as a card file is; content without a label too. */
    d = json_pack("{s:s}", "cards", "No,Name\n1,x\n");
    assert_int_not_equal(
        tb_room_init(&r, 1, db, o, d, (const char *const[]){"random", "random"}, 2, 1, 0, &err),
        CH_OK);
    assert_non_null(strstr(err.msg, "mine.csv"));
    json_decref(o);
    o = json_pack("{s:i}", "players", 2);
    assert_int_not_equal(
        tb_room_init(&r, 1, db, o, d, (const char *const[]){"open", "open"}, 2, 1, 0, &err), CH_OK);
    assert_non_null(strstr(err.msg, "label"));
    json_decref(d);
    json_decref(o);
}

static void a_token_finds_its_seat(void **unused)
{
    tb_room r;
    unsigned char h1[32], h2[32];
    hash_of(1, h1);
    hash_of(2, h2);
    make(&r, "comrade", (const char *const[]){"open", "random", "random", "random", "random"}, 5,
         1000);
    ch_err err;
    assert_int_equal(tb_room_seat_of(&r, h1), -1);
    assert_int_equal(tb_room_join(&r, -1, "Ann", h1, &err), 0);
    assert_int_equal(tb_room_seat_of(&r, h1), 0);
    assert_int_equal(tb_room_seat_of(&r, h2), -1); /* a wrong token finds nothing */
    tb_room_free(&r);
}

static void an_away_person_is_played_by_the_heuristic_after_the_timeout(void **unused)
{
    tb_room r;
    unsigned char h[32];
    hash_of(1, h);
    make(&r, "racko", (const char *const[]){"open", "random"}, 2, 5000);
    ch_err err;
    assert_int_equal(tb_room_join(&r, 0, "Ann", h, &err), 0);
    ch_action a;
    /* Let the bot move until it is Ann's turn. */
    for (int i = 0; i < 100 && tb_room_to_move(&r) != 0; i++) {
        assert_int_equal(tb_room_bot_due(&r, 0, &a), 1);
        assert_int_equal(tb_room_apply(&r, a, &err), CH_OK);
    }
    assert_int_equal(tb_room_to_move(&r), 0);
    assert_int_equal(tb_room_bot_due(&r, 0, &a), 0); /* present: Ann plays */
    tb_room_presence(&r, 0, -1, 1000);               /* her connection drops at t=1s */
    assert_int_equal(tb_room_bot_due(&r, 5999, &a), 0);
    assert_int_equal(tb_room_bot_due(&r, 6000, &a), 1);
    assert_string_equal(r.seats[0].bot.name, "heuristic");
    tb_room_presence(&r, 0, +1, 7000); /* she is back */
    assert_int_equal(tb_room_bot_due(&r, 100000, &a), 0);
    /* Leaving during the game hands the seat to the heuristic at once, and
     * the token still holds it. */
    assert_int_equal(tb_room_leave(&r, 0, &err), CH_OK);
    assert_int_equal(tb_room_bot_due(&r, 7001, &a), 1);
    assert_int_equal(tb_room_seat_of(&r, h), 0);
    tb_room_free(&r);
}

static void only_the_seat_to_move_may_move(void **unused)
{
    tb_room r;
    unsigned char h1[32], h2[32];
    hash_of(1, h1);
    hash_of(2, h2);
    make(&r, "racko", (const char *const[]){"open", "open"}, 2, 0);
    ch_err err;
    tb_room_join(&r, 0, "Ann", h1, &err);
    tb_room_join(&r, 1, "Bob", h2, &err);
    int p = tb_room_to_move(&r), q = 1 - p;
    char text[256];
    first_legal(&r, p, text, sizeof text);
    ch_action a;
    int before = r.m.n_actions;
    assert_int_equal(tb_room_check(&r, q, text, &a, &err), CH_ESTATE);
    assert_int_not_equal(tb_room_check(&r, p, "no such move", &a, &err), CH_OK);
    assert_int_equal(tb_room_check(&r, p, NULL, &a, &err), CH_EINVAL);
    assert_int_equal(r.m.n_actions, before);
    assert_int_equal(tb_room_check(&r, p, text, &a, &err), CH_OK);
    assert_int_equal(r.m.n_actions, before); /* checking changes nothing */
    assert_int_equal(tb_room_apply(&r, a, &err), CH_OK);
    assert_int_equal(r.m.n_actions, before + 1);
    tb_room_free(&r);
}

/* Each seat's state holds exactly view_json(state, seat), its legal moves
 * only when it is to move, and its own events; a spectator gets the game's
 * spectator view and events (issue 16), never a seat's, and no legal moves. */
static void each_viewer_gets_its_own_view(void **unused)
{
    static const char *const games[] = {"racko", "ragamaru", "rumino", "babasuki", "comrade"};
    for (size_t gi = 0; gi < sizeof games / sizeof *games; gi++) {
        const ch_game *g = ch_game_find(games[gi]);
        tb_room r;
        int n = g->min_players < 2 ? 2 : g->min_players;
        if (strcmp(games[gi], "comrade") == 0) n = 5;
        const char *seats[CH_MAX_PLAYERS];
        for (int i = 0; i < n; i++)
            seats[i] = "random";
        make(&r, games[gi], seats, n, 0);
        assert_int_equal(r.status, TB_ROOM_RUNNING); /* bots only: starts at once */
        ch_action a;
        ch_err err;
        for (int step = 0; step < 40 && tb_room_bot_due(&r, 0, &a); step++)
            assert_int_equal(tb_room_apply(&r, a, &err), CH_OK);
        const void *st = ch_match_state(&r.m);
        for (int v = 0; v < n; v++) {
            json_t *s = tb_room_state_json(&r, v, CH_LANG_EN);
            json_t *want = g->view_json(st, v);
            assert_true(json_equal(json_object_get(s, "view"), want));
            json_decref(want);
            /* The browser fills the seat placeholders with the seats' names. */
            char *board = tb_render_as(g, st, v, CH_LANG_EN, NULL);
            assert_string_equal(json_string_value(json_object_get(s, "board")), board);
            free(board);
            assert_int_equal(json_object_get(s, "legal") != NULL, tb_room_to_move(&r) == v);
            json_decref(s);
            if (r.m.n_actions > 0) {
                int k = r.m.n_actions - 1;
                json_t *ev = tb_room_events(&r, k, v, CH_LANG_EN);
                json_t *want_ev;
                if (g->events) /* through the table layer, seats left for the browser */
                    want_ev = tb_events_as(g, ch_match_state_at(&r.m, k), r.m.actions[k], v,
                                           CH_LANG_EN, NULL);
                else {
                    char name[512];
                    g->action_name(ch_match_state_at(&r.m, k), r.m.actions[k], v, CH_LANG_EN, name,
                                   sizeof name);
                    want_ev = json_pack("[{s:s,s:i,s:s}]", "type", "move", "seat",
                                        g->to_move(ch_match_state_at(&r.m, k)), "text", name);
                }
                assert_true(json_equal(ev, want_ev));
                json_decref(ev);
                json_decref(want_ev);
            }
        }
        json_t *s = tb_room_state_json(&r, CH_SPECTATOR, CH_LANG_EN);
        json_t *want = g->view_json(st, CH_SPECTATOR);
        assert_true(json_equal(json_object_get(s, "view"), want));
        for (int v = 0; v < n; v++) { /* not any seat's view */
            json_t *seat_view = g->view_json(st, v);
            assert_false(json_equal(want, seat_view));
            json_decref(seat_view);
        }
        json_decref(want);
        char *board = tb_render_as(g, st, CH_SPECTATOR, CH_LANG_EN, NULL);
        assert_string_equal(json_string_value(json_object_get(s, "board")), board);
        free(board);
        assert_null(json_object_get(s, "legal"));
        json_decref(s);
        json_t *h = tb_room_history(&r, CH_SPECTATOR, CH_LANG_EN);
        assert_int_equal((int)json_array_size(h), r.m.n_actions);
        for (int k = 0; k < r.m.n_actions; k++) {
            /* The game's events through the table layer, seats left for the browser. */
            json_t *want_ev = tb_events_as(g, ch_match_state_at(&r.m, k), r.m.actions[k],
                                           CH_SPECTATOR, CH_LANG_EN, NULL);
            assert_true(
                json_equal(json_object_get(json_array_get(h, (size_t)k), "events"), want_ev));
            json_decref(want_ev);
        }
        json_decref(h);
        tb_room_free(&r);
    }
}

/* Issue 16: the mover's legal moves carry the game's warning for a move that
 * loses on the spot (Comrade: a bid over the total, the fifth pass), as the
 * engine's legal does; random Comrade play meets both within a few deals. */
static void legal_moves_carry_warnings(void **unused)
{
    (void)unused;
    const ch_game *g = ch_game_find("comrade");
    tb_room r;
    const char *seats[] = {"random", "random", "random", "random", "random"};
    make(&r, "comrade", seats, 5, 0);
    ch_action a, acts[1100];
    ch_err err;
    int warned = 0;
    for (int step = 0; step < 3000 && tb_room_bot_due(&r, 0, &a); step++) {
        const void *st = ch_match_state(&r.m);
        int p = tb_room_to_move(&r);
        json_t *s = tb_room_state_json(&r, p, CH_LANG_EN);
        json_t *legal = json_object_get(s, "legal");
        assert_int_equal((int)json_array_size(legal), g->legal(st, acts));
        for (size_t i = 0; i < json_array_size(legal); i++) {
            char want[512];
            int has = tb_warning(g, st, acts[i], CH_LANG_EN, want, sizeof want) > 0;
            json_t *w = json_object_get(json_array_get(legal, i), "warning");
            assert_int_equal(w != NULL, has);
            if (has) {
                /* Seats stay placeholders for the browser to fill with names. */
                char *named = tb_fill(json_string_value(w), &tb_seat_numbers, CH_LANG_EN);
                assert_string_equal(named, want);
                free(named);
            }
            warned += has;
        }
        json_decref(s);
        assert_int_equal(tb_room_apply(&r, a, &err), CH_OK);
    }
    assert_true(warned > 0);
    tb_room_free(&r);
}

static void a_finished_game_gives_its_record_and_a_rematch(void **unused)
{
    tb_room r;
    make(&r, "racko", (const char *const[]){"heuristic", "random"}, 2, 0);
    ch_action a;
    ch_err err;
    assert_null(tb_room_record(&r, &err)); /* not while running: it shows every card */
    int steps = 0;
    while (tb_room_bot_due(&r, 0, &a) && steps++ < 100000)
        assert_int_equal(tb_room_apply(&r, a, &err), CH_OK);
    assert_int_equal(r.status, TB_ROOM_FINISHED);
    assert_int_equal(tb_room_bot_due(&r, 0, &a), 0);
    json_t *rec = tb_room_record(&r, &err);
    assert_non_null(rec);
    ch_match back;
    assert_int_equal(ch_match_from_record(&back, r.game, rec, &err), CH_OK);
    assert_true(ch_equal(r.game, ch_match_state(&back), ch_match_state(&r.m)));
    ch_match_free(&back);
    json_decref(rec);
    uint64_t seed0 = r.m.seed;
    assert_int_equal(tb_room_rematch(&r, 4242, &err), CH_OK);
    assert_int_equal(r.status, TB_ROOM_RUNNING);
    assert_int_equal(r.game_no, 1);
    assert_int_equal(r.m.n_actions, 0);
    assert_true(r.m.seed != seed0);
    assert_true(r.m.seed == 4242);
    assert_string_equal(r.seats[0].name, "heuristic");
    assert_int_equal(tb_room_rematch(&r, 1, &err), CH_ESTATE); /* only once finished */
    tb_room_free(&r);
}

/* Issue 25: a table keeps its last TB_CHAT_KEEP messages, ids in order;
 * text is 1..500 bytes with no control character or direction override;
 * a refused message changes nothing; a spectator's is marked as one. */
static void the_chat_keeps_the_last_hundred_and_refuses_bad_text(void **unused)
{
    tb_chat c;
    tb_chat_init(&c);
    ch_err err;
    char big[TB_CHAT_MAX + 2];
    memset(big, 'a', sizeof big);
    assert_null(tb_chat_add(&c, 0, 0, "Ann", "", 0, &err));
    assert_null(tb_chat_add(&c, 0, 0, "Ann", big, TB_CHAT_MAX + 1, &err));
    assert_non_null(strstr(err.msg, "500"));
    assert_null(tb_chat_add(&c, 0, 0, "Ann", "a\nb", 3, &err));
    assert_null(tb_chat_add(&c, 0, 0, "Ann", "\xE2\x80\xAE" "evil", 7, &err)); /* RLO */
    assert_null(tb_chat_add(&c, 0, 0, "Ann", "\xC2\x85", 2, &err));          /* NEL, C1 */
    assert_int_equal(c.n, 0);
    assert_int_equal(c.last_id, 0);
    assert_non_null(tb_chat_add(&c, 0, 0, "Ann", big, TB_CHAT_MAX, &err));
    const tb_chat_msg *m = tb_chat_add(&c, 0, -1, "", "<img src=x onerror=alert(1)>", 28, &err);
    assert_non_null(m);
    json_t *j = tb_chat_msg_json(m);
    assert_true(json_is_null(json_object_get(j, "seat")));
    assert_true(json_is_true(json_object_get(j, "spectator")));
    assert_string_equal(json_string_value(json_object_get(j, "text")), "<img src=x onerror=alert(1)>");
    /* Public fields only: no token, nothing of the game. */
    assert_int_equal(json_object_size(j), 6);
    json_decref(j);
    char text[32];
    for (int i = 0; i < 250; i++) {
        snprintf(text, sizeof text, "message %d", i);
        assert_non_null(tb_chat_add(&c, 0, i % 3, "Bob", text, strlen(text), &err));
    }
    assert_int_equal(c.n, TB_CHAT_KEEP);
    assert_int_equal(c.last_id, 252);
    assert_int_equal(tb_chat_at(&c, 0)->id, 153);
    assert_string_equal(tb_chat_at(&c, TB_CHAT_KEEP - 1)->text, "message 249");
    size_t bytes = c.bytes;
    assert_true(bytes < TB_CHAT_KEEP * (sizeof(tb_chat_msg) + 20));
    /* Ids only go up (storage gives them back in order). */
    assert_null(tb_chat_add(&c, 5, 0, "Bob", "late", 4, &err));
    assert_int_equal(c.bytes, bytes);
    j = tb_chat_history_json(&c);
    assert_int_equal(json_array_size(json_object_get(j, "messages")), TB_CHAT_KEEP);
    json_decref(j);
    json_t *req = json_pack("{s:s,s:i}", "type", "chat", "text", 5);
    const char *t;
    size_t len;
    assert_int_equal(tb_chat_text_of(req, &t, &len, &err), CH_EINVAL);
    json_object_set_new(req, "text", json_string("Good game!"));
    assert_int_equal(tb_chat_text_of(req, &t, &len, &err), CH_OK);
    assert_int_equal(len, 10);
    json_decref(req);
    tb_chat_free(&c);
}

/* Issue 25: a time bank per seat plus an increment per move. The seat to
 * move spends its bank; once it is spent the heuristic moves for the
 * person, and the log of that move says so; a rematch fills the banks. */
static void a_person_out_of_time_is_played_for_and_the_log_says_so(void **unused)
{
    tb_room r;
    unsigned char h1[32], h2[32];
    hash_of(1, h1);
    hash_of(2, h2);
    make(&r, "racko", (const char *const[]){"open", "open"}, 2, 60000);
    ch_err err;
    assert_int_equal(tb_room_set_clock(&r, 999, 0, &err), CH_EINVAL);
    assert_int_equal(tb_room_set_clock(&r, 5000, -1, &err), CH_EINVAL);
    assert_int_equal(tb_room_set_clock(&r, 5000, 1000, &err), CH_OK);
    tb_room_join(&r, 0, "Ann", h1, &err);
    tb_room_join(&r, 1, "Bob", h2, &err);
    int p = tb_room_to_move(&r), q = 1 - p;
    tb_room_clock_sync(&r, 10000); /* the game starts at t = 10 s */
    char text[256];
    ch_action a;
    first_legal(&r, p, text, sizeof text);
    assert_int_equal(tb_room_check(&r, p, text, &a, &err), CH_OK);
    /* p moves after 3 s: 2 s left and the 1 s increment. Then the next
     * seat to move (q, or p again where a turn is two moves, as Rack-O's
     * draw and place) spends its time. */
    assert_int_equal(tb_room_apply_at(&r, a, 13000, &err), CH_OK);
    int x = tb_room_to_move(&r), y = 1 - x;
    assert_int_equal(tb_clock_left(&r.clock, p, 13000), 3000);
    assert_int_equal(tb_clock_left(&r.clock, q, 13000), 5000);
    int64_t out_at = 13000 + tb_clock_left(&r.clock, x, 13000);
    assert_int_equal(tb_clock_left(&r.clock, x, 14000), tb_clock_left(&r.clock, x, 13000) - 1000);
    assert_int_equal(tb_clock_left(&r.clock, y, 14000), tb_clock_left(&r.clock, y, 13000));
    json_t *cj = tb_clock_json(&r.clock, 14000);
    assert_int_equal(json_integer_value(json_object_get(cj, "running")), x);
    assert_int_equal(json_integer_value(json_array_get(json_object_get(cj, "left_ms"), (size_t)x)),
                     out_at - 14000);
    json_decref(cj);
    /* x is present, but once its time runs out the heuristic plays. */
    assert_int_equal(tb_room_timed_out(&r, out_at - 1), -1);
    assert_int_equal(tb_room_bot_due(&r, out_at - 1, &a), 0);
    assert_int_equal(tb_room_timed_out(&r, out_at), x);
    int64_t left[CH_MAX_PLAYERS];
    assert_int_equal(tb_room_clock_after(&r, out_at, left), 2);
    assert_int_equal(left[x], 1000); /* 0 and the increment */
    assert_int_equal(left[y], tb_clock_left(&r.clock, y, out_at));
    assert_int_equal(tb_room_bot_due(&r, out_at, &a), 1);
    assert_int_equal(tb_room_apply_at(&r, a, out_at, &err), CH_OK);
    assert_int_equal(tb_clock_left(&r.clock, x, out_at), 1000);
    json_t *ev = tb_room_events(&r, 1, p, CH_LANG_EN);
    json_t *first = json_array_get(ev, 0);
    assert_string_equal(json_string_value(json_object_get(first, "type")), "timeout");
    assert_int_equal(json_integer_value(json_object_get(first, "seat")), x);
    assert_non_null(strstr(json_string_value(json_object_get(first, "text")), "ran out of time"));
    /* The seat as the {Pn} placeholder every front end fills with its name. */
    assert_non_null(strstr(json_string_value(json_object_get(first, "text")), x ? "{P1}" : "{P0}"));
    json_decref(ev);
    ev = tb_room_events(&r, 1, CH_SPECTATOR, CH_LANG_JA);
    assert_non_null(strstr(json_string_value(json_object_get(json_array_get(ev, 0), "text")),
                           "持ち時間"));
    json_decref(ev);
    ev = tb_room_events(&r, 0, p, CH_LANG_EN); /* p moved in time */
    assert_true(json_array_size(ev) == 0 ||
                strcmp(json_string_value(json_object_get(json_array_get(ev, 0), "type")),
                       "timeout") != 0);
    json_decref(ev);
    /* A restart gives the banks back as stored, nothing running until synced. */
    tb_room_clock_restore(&r, (const int64_t[]){2500, 700}, 2);
    assert_int_equal(r.clock.running, -1);
    assert_int_equal(tb_clock_left(&r.clock, 1, 99999), 700);
    tb_room_clock_sync(&r, 100000);
    assert_int_equal(r.clock.running, tb_room_to_move(&r));
    tb_room_free(&r);

    /* A bot's seat keeps its bank: only people's time runs. */
    make(&r, "racko", (const char *const[]){"open", "random"}, 2, 60000);
    assert_int_equal(tb_room_set_clock(&r, 5000, 1000, &err), CH_OK);
    tb_room_join(&r, 0, "Ann", h1, &err);
    int64_t now = 0;
    for (int i = 0; i < 20; i++) {
        tb_room_clock_sync(&r, now);
        int bot = tb_room_to_move(&r) == 1;
        assert_int_equal(r.clock.running, bot ? -1 : 0);
        now += 200;
        if (!bot) {
            first_legal(&r, 0, text, sizeof text);
            assert_int_equal(tb_room_check(&r, 0, text, &a, &err), CH_OK);
        } else {
            assert_int_equal(tb_room_bot_due(&r, now, &a), 1);
        }
        assert_int_equal(tb_room_apply_at(&r, a, now, &err), CH_OK);
    }
    assert_int_equal(tb_clock_left(&r.clock, 1, now), 5000);
    assert_true(tb_clock_left(&r.clock, 0, now) > 5000); /* 800 ms a move under the increment */
    tb_room_free(&r);
}

/* Issue 25: leave during the game hands the seat to the heuristic at once
 * and notes since when; the token brings the person back. */
static void who_left_and_since_when(void **unused)
{
    tb_room r;
    unsigned char h1[32], h2[32];
    hash_of(1, h1);
    hash_of(2, h2);
    make(&r, "racko", (const char *const[]){"open", "open"}, 2, 60000);
    ch_err err;
    tb_room_join(&r, 0, "Ann", h1, &err);
    tb_room_join(&r, 1, "Bob", h2, &err);
    json_t *aw = tb_room_away_json(&r, 1000);
    assert_int_equal(json_array_size(aw), 0);
    json_decref(aw);
    assert_int_equal(tb_room_leave_at(&r, 1, 5000, &err), CH_OK);
    assert_int_equal(tb_room_bot_plays(&r, 1, 5000), 1); /* at once, not after 60 s */
    assert_int_equal(tb_room_bot_plays(&r, 0, 5000), 0);
    aw = tb_room_away_json(&r, 8000);
    assert_int_equal(json_array_size(aw), 1);
    assert_int_equal(json_integer_value(json_object_get(json_array_get(aw, 0), "seat")), 1);
    assert_int_equal(json_integer_value(json_object_get(json_array_get(aw, 0), "away_ms")), 3000);
    assert_true(json_is_true(json_object_get(json_array_get(aw, 0), "left")));
    json_decref(aw);
    assert_int_equal(tb_room_seat_of(&r, h2), 1);
    tb_room_presence(&r, 1, +1, 9000); /* back with the token */
    assert_int_equal(tb_room_bot_plays(&r, 1, 9000), 0);
    aw = tb_room_away_json(&r, 9000);
    assert_int_equal(json_array_size(aw), 0);
    json_decref(aw);
    /* A dropped connection is away too, but not "left". */
    tb_room_presence(&r, 0, -1, 10000);
    aw = tb_room_away_json(&r, 10500);
    assert_true(json_is_false(json_object_get(json_array_get(aw, 0), "left")));
    assert_int_equal(json_integer_value(json_object_get(json_array_get(aw, 0), "away_ms")), 500);
    json_decref(aw);
    tb_room_free(&r);
}


/* Issue 24: every game offers Normal and Hard at least, each level a bot
 * of the game (never the level word itself, so the room keeps the bot);
 * Comrade, one team, has no Easy. A level seat shows the level, keeps the
 * bot it resolved to, and names no bot in the summary. */
static void levels_resolve_to_bots_and_seats_keep_them(void **unused)
{
    (void)unused;
    for (const ch_game *const *p = ch_games(); *p; p++) {
        const ch_game *g = *p;
        assert_non_null(ch_bot_level(g, CH_LEVEL_NORMAL));
        assert_non_null(ch_bot_level(g, CH_LEVEL_HARD));
        for (int l = 0; l < CH_LEVELS; l++) {
            const char *spec = ch_bot_level(g, l);
            static ch_bot b;
            ch_err err;
            int rc = ch_bot_init(&b, g, ch_level_name(l), 1, &err);
            if (!spec) {
                assert_int_equal(rc, CH_EINVAL);
                continue;
            }
            assert_int_equal(rc, CH_OK);
            assert_string_equal(b.spec, spec);
            assert_int_equal(ch_level_parse(spec), -1);
        }
    }
    const ch_game *cm = ch_game_find("comrade");
    assert_null(ch_bot_level(cm, CH_LEVEL_EASY));
    assert_int_equal(ch_level_parse("Hard"), -1); /* the words as the protocol spells them */

    tb_room r;
    make(&r, "racko", (const char *const[]){"open", "hard"}, 2, 1000);
    assert_int_equal(r.seats[1].level, CH_LEVEL_HARD);
    assert_string_equal(r.seats[1].name, "hard");
    assert_string_equal(r.seats[1].bot.spec, ch_bot_level(r.game, CH_LEVEL_HARD));
    assert_int_equal(r.seats[0].level, -1);
    json_t *sum = tb_room_summary(&r);
    char *text = json_dumps(sum, 0);
    assert_null(strstr(text, r.seats[1].bot.spec));
    assert_non_null(strstr(text, "\"level\": \"hard\""));
    free(text);
    json_decref(sum);
    ch_err err;
    assert_int_equal(tb_room_seat_level(&r, 0, "hard", &err), CH_EINVAL); /* not a bot seat */
    assert_int_equal(tb_room_seat_level(&r, 1, "pimc", &err), CH_EINVAL);
    tb_room_free(&r);
    /* A level the game does not offer is refused like an unknown bot. */
    json_t *o = json_pack("{s:i}", "players", 5);
    assert_int_equal(tb_room_init(&r, 1, cm, o, NULL,
                                  (const char *const[]){"open", "easy", "normal", "normal", "normal"},
                                  5, 1, 1000, &err),
                     CH_EINVAL);
    assert_non_null(strstr(err.msg, "no level 'easy'"));
    json_decref(o);
}

/* Issue 24: between hands. Plays (people by their heuristic stand-in,
 * each move checked as a person's would be) from now on until a hand ends
 * or the game does; returns the moves made. */
static int play_to_hand_end(tb_room *r, int64_t now)
{
    ch_err err;
    ch_action a;
    for (int n = 0; n < 5000; n++) {
        if (r->paused || r->status != TB_ROOM_RUNNING) return n;
        int p = tb_room_to_move(r);
        if (!tb_room_bot_due(r, now, &a)) {
            char text[256];
            a = ch_bot_act(&r->seats[p].bot, ch_match_state(&r->m), p);
            r->game->action_text(ch_match_state(&r->m), a, text, sizeof text);
            assert_int_equal(tb_room_check(r, p, text, &a, &err), CH_OK);
        }
        assert_int_equal(tb_room_apply_at(r, a, now, &err), CH_OK);
    }
    fail_msg("no hand ended in 5000 moves");
    return 0;
}

static void two_people(tb_room *r)
{
    unsigned char h1[32], h2[32];
    hash_of(1, h1);
    hash_of(2, h2);
    make(r, "rumino", (const char *const[]){"open", "open", "heuristic"}, 3, 60000);
    ch_err err;
    assert_int_equal(tb_room_join(r, 0, "Ann", h1, &err), 0);
    assert_int_equal(tb_room_join(r, 1, "Bob", h2, &err), 1);
}

static int seats_in(json_t *list, int seat)
{
    for (size_t i = 0; i < json_array_size(list); i++)
        if (json_integer_value(json_array_get(list, i)) == seat) return 1;
    return 0;
}

static void between_hands_bots_wait_until_everyone_continues(void **unused)
{
    tb_room r;
    two_people(&r);
    ch_err err;
    ch_action a;
    assert_false(r.paused);
    assert_true(json_is_null(tb_room_pause_json(&r, 0, 1000, CH_LANG_EN)));
    assert_int_equal(tb_room_continue(&r, 0, 1000, &err), CH_ESTATE); /* no hand has ended */
    assert_true(play_to_hand_end(&r, 1000) > 0);
    assert_int_equal(r.status, TB_ROOM_RUNNING);
    assert_true(r.paused);
    /* Nothing moves: no bot, no person, however long it has been short of the limit. */
    assert_true(tb_room_paused(&r, 30999));
    assert_int_equal(tb_room_bot_due(&r, 30999, &a), 0);
    int p = tb_room_to_move(&r);
    assert_true(p >= 0);
    char text[256];
    a = ch_bot_act(&r.seats[p].bot, ch_match_state(&r.m), p);
    r.game->action_text(ch_match_state(&r.m), a, text, sizeof text);
    assert_int_equal(tb_room_check(&r, p, text, &a, &err), CH_ESTATE);
    assert_non_null(strstr(err.msg, "between hands"));
    /* Each seat's summary of the hand, and who the table waits for. */
    json_t *pj = tb_room_pause_json(&r, 0, 2000, CH_LANG_EN);
    assert_int_equal(json_integer_value(json_object_get(pj, "move")), r.m.n_actions);
    json_t *end = json_object_get(pj, "hand_end");
    assert_int_equal(json_integer_value(json_object_get(end, "hand")), 1);
    assert_true(json_string_length(json_object_get(end, "summary")) > 0);
    assert_true(seats_in(json_object_get(pj, "waiting"), 0));
    assert_true(seats_in(json_object_get(pj, "waiting"), 1));
    assert_false(seats_in(json_object_get(pj, "waiting"), 2)); /* a bot waits, never holds up */
    assert_int_equal(json_array_size(json_object_get(pj, "continued")), 0);
    assert_int_equal(json_integer_value(json_object_get(pj, "left_ms")), 29000);
    json_decref(pj);
    /* Ann continues (twice: no harm); Bob has not: still paused. */
    assert_int_equal(tb_room_continue(&r, 0, 3000, &err), CH_OK);
    assert_int_equal(tb_room_continue(&r, 0, 3000, &err), CH_OK);
    assert_int_equal(tb_room_continue(&r, 2, 3000, &err), CH_EINVAL); /* the bot's seat */
    assert_int_equal(tb_room_bot_due(&r, 3000, &a), 0);
    pj = tb_room_pause_json(&r, 1, 3000, CH_LANG_EN);
    assert_true(seats_in(json_object_get(pj, "continued"), 0));
    assert_false(seats_in(json_object_get(pj, "waiting"), 0));
    assert_true(seats_in(json_object_get(pj, "waiting"), 1));
    json_decref(pj);
    /* Bob continues: play goes on. */
    assert_int_equal(tb_room_continue(&r, 1, 4000, &err), CH_OK);
    assert_false(r.paused);
    assert_true(json_is_null(tb_room_pause_json(&r, 0, 4000, CH_LANG_EN)));
    assert_int_equal(tb_room_continue(&r, 1, 4000, &err), CH_ESTATE);
    if (r.seats[p].kind == TB_SEAT_BOT) assert_int_equal(tb_room_bot_due(&r, 4000, &a), 1);
    else assert_int_equal(tb_room_check(&r, p, text, &a, &err), CH_OK);
    tb_room_free(&r);
}

static void a_pause_ends_by_its_time_and_an_absent_person_holds_nobody(void **unused)
{
    tb_room r;
    two_people(&r);
    ch_err err;
    assert_int_equal(r.hand_pause_ms, TB_HAND_PAUSE_DEFAULT);
    assert_int_equal(tb_room_set_hand_pause(&r, -1, &err), CH_EINVAL);
    assert_int_equal(tb_room_set_hand_pause(&r, TB_HAND_PAUSE_MAX + 1, &err), CH_EINVAL);
    assert_int_equal(tb_room_set_hand_pause(&r, 5000, &err), CH_OK);
    play_to_hand_end(&r, 10000);
    assert_true(r.paused);
    assert_true(tb_room_paused(&r, 14999));
    assert_false(tb_room_paused(&r, 15000)); /* nobody continued: the time did it */
    /* 0: no limit. The next hand's pause waits an hour, until the one who
     * has not continued is gone past the seat timeout (60 s here). */
    assert_int_equal(tb_room_set_hand_pause(&r, 0, &err), CH_OK);
    play_to_hand_end(&r, 20000);
    if (r.status != TB_ROOM_RUNNING) skip(); /* the game ended at its second hand */
    assert_true(r.paused);
    json_t *pj = tb_room_pause_json(&r, 0, 20000, CH_LANG_EN);
    assert_true(json_is_null(json_object_get(pj, "left_ms")));
    json_decref(pj);
    assert_int_equal(tb_room_continue(&r, 0, 3600000, &err), CH_OK);
    assert_true(tb_room_paused(&r, 3600000));
    tb_room_presence(&r, 1, -1, 3600000); /* Bob's connection drops */
    assert_true(tb_room_paused(&r, 3600000 + 59999));
    assert_false(tb_room_paused(&r, 3600000 + 60000)); /* away: the heuristic plays him */
    /* Leaving holds nobody up at once. */
    play_to_hand_end(&r, 3700000);
    if (r.status == TB_ROOM_RUNNING) {
        tb_room_presence(&r, 1, +1, 3700000);
        assert_true(tb_room_paused(&r, 3700000));
        assert_int_equal(tb_room_continue(&r, 1, 3700001, &err), CH_OK);
        assert_true(tb_room_paused(&r, 3700001));
        assert_int_equal(tb_room_leave_at(&r, 0, 3700002, &err), CH_OK);
        assert_false(tb_room_paused(&r, 3700002));
    }
    tb_room_free(&r);
}

static void a_restart_between_hands_pauses_again_and_bots_alone_never_wait(void **unused)
{
    tb_room r, again;
    two_people(&r);
    ch_err err;
    play_to_hand_end(&r, 1000);
    assert_true(r.paused);
    /* The server rebuilds a table from its seed and stored moves. */
    two_people(&again);
    for (int k = 0; k < r.m.n_actions; k++)
        assert_int_equal(tb_room_apply(&again, r.m.actions[k], &err), CH_OK);
    assert_false(again.paused);
    tb_room_pause_restore(&again, 500000);
    assert_true(again.paused);
    assert_int_equal(again.pause_move, r.m.n_actions);
    assert_true(tb_room_paused(&again, 500000 + 29999));
    assert_int_equal(tb_room_continue(&again, 0, 500001, &err), CH_OK);
    assert_int_equal(tb_room_continue(&again, 1, 500002, &err), CH_OK);
    assert_false(again.paused);
    /* One move further: no hand ended by the last move, no pause. */
    ch_err e2;
    assert_int_equal(tb_room_continue(&r, 0, 1000, &e2), CH_OK);
    assert_int_equal(tb_room_continue(&r, 1, 1000, &e2), CH_OK);
    ch_action a;
    int p = tb_room_to_move(&r);
    if (!tb_room_bot_due(&r, 1000, &a)) a = ch_bot_act(&r.seats[p].bot, ch_match_state(&r.m), p);
    assert_int_equal(tb_room_apply_at(&r, a, 1000, &err), CH_OK);
    tb_room_free(&again);
    two_people(&again);
    for (int k = 0; k < r.m.n_actions; k++)
        assert_int_equal(tb_room_apply(&again, r.m.actions[k], &err), CH_OK);
    tb_room_pause_restore(&again, 500000);
    assert_false(again.paused);
    tb_room_free(&again);
    tb_room_free(&r);
    /* A table of bots alone plays a whole game without a pause. */
    make(&r, "rumino", (const char *const[]){"heuristic", "heuristic", "random"}, 3, 60000);
    while (r.status == TB_ROOM_RUNNING) {
        assert_int_equal(tb_room_bot_due(&r, 0, &a), 1);
        assert_int_equal(tb_room_apply_at(&r, a, 0, &err), CH_OK);
        assert_false(tb_room_paused(&r, 0));
    }
    ch_result res;
    r.game->result(ch_match_state(&r.m), &res);
    assert_true(res.hands > 1);
    /* The finished game's state: its last hand and each hand's points, for
     * the result dialog. */
    json_t *st = tb_room_state_json(&r, 1, CH_LANG_EN);
    json_t *scores = json_object_get(st, "hand_scores");
    assert_int_equal(json_array_size(scores), res.hands);
    json_t *lastrow = json_array_get(scores, (size_t)res.hands - 1);
    for (int q = 0; q < 3; q++)
        assert_int_equal(json_integer_value(json_array_get(lastrow, (size_t)q)), res.hand_score[q]);
    json_t *end = json_object_get(st, "hand_end");
    assert_int_equal(json_integer_value(json_object_get(end, "hand")), res.hands);
    assert_true(json_string_length(json_object_get(end, "summary")) > 0);
    assert_null(json_object_get(st, "pause"));
    json_decref(st);
    tb_room_free(&r);
}

/* Issue 29: the server looks at a table when tb_room_next_due says, not
 * on every tick: the time must be the first at which a bot, an away
 * person's timeout, a clock or a pause between hands could act, never
 * later (a late one would be a move made late). */
static void the_next_due_time_is_when_a_timeout_a_clock_or_a_pause_acts(void **unused)
{
    tb_room r;
    unsigned char h[32];
    hash_of(1, h);
    make(&r, "racko", (const char *const[]){"open", "random"}, 2, 5000);
    ch_err err;
    assert_int_equal(tb_room_next_due(&r, 0), INT64_MAX); /* open: only a join starts it */
    assert_int_equal(tb_room_join(&r, 0, "Ann", h, &err), 0);
    ch_action a;
    if (tb_room_to_move(&r) != 0) assert_int_equal(tb_room_next_due(&r, 0), 0); /* the bot's turn */
    for (int i = 0; i < 100 && tb_room_to_move(&r) != 0; i++) {
        assert_int_equal(tb_room_bot_due(&r, 0, &a), 1);
        assert_int_equal(tb_room_apply(&r, a, &err), CH_OK);
    }
    assert_int_equal(tb_room_next_due(&r, 500), INT64_MAX); /* Ann to move, present, no clock */
    tb_room_presence(&r, 0, -1, 1000);                      /* her connection drops */
    assert_int_equal(tb_room_next_due(&r, 1000), 6000);     /* the timeout's end */
    assert_int_equal(tb_room_bot_due(&r, 5999, &a), 0);
    assert_int_equal(tb_room_next_due(&r, 6000), 6000); /* the heuristic plays her now */
    assert_int_equal(tb_room_bot_due(&r, 6000, &a), 1);
    tb_room_presence(&r, 0, +1, 7000);
    assert_int_equal(tb_room_next_due(&r, 7000), INT64_MAX);
    tb_room_free(&r);

    /* A pause between hands ends by its time (both present, no clock). */
    two_people(&r);
    assert_int_equal(tb_room_set_hand_pause(&r, 5000, &err), CH_OK);
    play_to_hand_end(&r, 10000);
    assert_true(r.paused);
    assert_int_equal(tb_room_next_due(&r, 10000), 15000);
    assert_true(tb_room_paused(&r, 14999));
    assert_int_equal(tb_room_next_due(&r, 15000), 15000); /* tb_room_paused ends it */
    assert_false(tb_room_paused(&r, 15000));
    /* An absent person's timeout ends the wait for them first. */
    if (r.status == TB_ROOM_RUNNING) {
        assert_int_equal(tb_room_set_hand_pause(&r, 0, &err), CH_OK);
        play_to_hand_end(&r, 20000);
        if (r.status == TB_ROOM_RUNNING) {
            assert_true(r.paused);
            assert_int_equal(tb_room_next_due(&r, 20000), INT64_MAX); /* no limit: people */
            tb_room_presence(&r, 1, -1, 21000);
            assert_int_equal(tb_room_next_due(&r, 21000), 81000); /* the 60 s timeout */
        }
    }
    tb_room_free(&r);

    /* A clock: the bank's end of the seat to move. */
    unsigned char h2[32];
    hash_of(2, h2);
    make(&r, "racko", (const char *const[]){"open", "open"}, 2, 60000);
    assert_int_equal(tb_room_set_clock(&r, 5000, 1000, &err), CH_OK);
    tb_room_join(&r, 0, "Ann", h, &err);
    tb_room_join(&r, 1, "Bob", h2, &err);
    tb_room_clock_sync(&r, 10000);
    assert_int_equal(tb_room_next_due(&r, 10000), 15000);
    assert_int_equal(tb_room_next_due(&r, 12000), 15000);
    assert_int_equal(tb_room_timed_out(&r, 14999), -1);
    assert_int_equal(tb_room_next_due(&r, 15000), 15000); /* out of time: played for now */
    assert_true(tb_room_timed_out(&r, 15000) >= 0);
    tb_room_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(seats_fill_then_the_game_starts),
        cmocka_unit_test(bad_tables_are_refused),
        cmocka_unit_test(a_token_finds_its_seat),
        cmocka_unit_test(an_away_person_is_played_by_the_heuristic_after_the_timeout),
        cmocka_unit_test(only_the_seat_to_move_may_move),
        cmocka_unit_test(each_viewer_gets_its_own_view),
        cmocka_unit_test(a_babasuki_table_plays_card_content),
        cmocka_unit_test(legal_moves_carry_warnings),
        cmocka_unit_test(a_finished_game_gives_its_record_and_a_rematch),
        cmocka_unit_test(the_chat_keeps_the_last_hundred_and_refuses_bad_text),
        cmocka_unit_test(a_person_out_of_time_is_played_for_and_the_log_says_so),
        cmocka_unit_test(who_left_and_since_when),
        cmocka_unit_test(levels_resolve_to_bots_and_seats_keep_them),
        cmocka_unit_test(between_hands_bots_wait_until_everyone_continues),
        cmocka_unit_test(a_pause_ends_by_its_time_and_an_absent_person_holds_nobody),
        cmocka_unit_test(a_restart_between_hands_pauses_again_and_bots_alone_never_wait),
        cmocka_unit_test(the_next_due_time_is_when_a_timeout_a_clock_or_a_pause_acts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
