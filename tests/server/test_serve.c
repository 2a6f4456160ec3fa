/* `cardhall serve` over WebSocket, as a client sees it: whole games of each
 * game, hostile messages, tokens and seats, kill -9 and restart. Every
 * view and event a seat receives is checked against what that seat may
 * know, recomputed from the finished game's record. Loopback only, a port
 * the kernel picks, every wait bounded; the server processes are killed at
 * the end. argv[1]: the cardhall binary. With CH_TEST_PG_URL set (by
 * tests/server/pg_cluster.sh: test_serve_pg) the server stores on that
 * PostgreSQL database instead of a SQLite file, and every check is the
 * same. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cardhall/match.h"
#include "cardhall/registry.h"
#include "cardhall/rng.h"
#include "cardhall/room.h"
#include "cardhall/table.h"
#include "store.h"
#include "playlog.h"
#include "proc.h"
#include "wsc.h"

#define WAIT 20000 /* ms for any one reply */

static const char *cardhall;
static char dir[64], db[512];
static pid_t server = -1;
static int port;
static const char *extra_flag; /* one more flag for the next start, or NULL */

/* Starts the server on the test database; reads the port it prints. */
static void start_server(void)
{
    const char *args[] = {"serve", "--port", "0", "--host", "127.0.0.1", "--db", db,
                          "--bot-delay", "0", "--rate", "500", "--rate-per-ip", "100000",
                          "--max-message", "8192", "--table-conns", "8", extra_flag, NULL};
    char line[512];
    server = proc_start(cardhall, args, &port, line, sizeof line);
    if (server < 0) fail_msg("server did not start: '%s'", line);
}

/* SIGTERM must end the server cleanly (exit 0: under ASan, no leak). */
static int stop_server(int sig)
{
    if (server <= 0) return 0;
    kill(server, sig);
    int status = 0;
    waitpid(server, &status, 0);
    server = -1;
    return sig != SIGTERM || (WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

static int group_setup(void **unused)
{
    snprintf(dir, sizeof dir, "/tmp/ch_serve_XXXXXX");
    if (!mkdtemp(dir)) return -1;
    const char *pg = getenv("CH_TEST_PG_URL");
    if (pg && *pg)
        snprintf(db, sizeof db, "%s", pg);
    else
        snprintf(db, sizeof db, "%s/cardhall.db", dir);
    start_server();
    return 0;
}

static int group_teardown(void **unused)
{
    int clean = stop_server(SIGTERM);
    if (!clean) fprintf(stderr, "test_serve: the server did not exit cleanly on SIGTERM\n");
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd) == 0 && clean ? 0 : -1;
}

static const char *type_of(json_t *m)
{
    return json_string_value(json_object_get(m, "type"));
}

static json_t *request(wsc *w, wsc_conn *c, json_t *req, const char *want)
{
    wsc_send_json(c, req);
    json_t *r = wsc_expect(w, c, want, WAIT);
    if (!r) fail_msg("no '%s' reply", want);
    return r;
}

static json_int_t create(wsc *w, wsc_conn *c, const char *game, const char *const *seats, int n)
{
    json_t *s = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(s, json_string(seats[i]));
    json_t *r = request(w, c,
                        json_pack("{s:s,s:s,s:o,s:{s:i}}", "type", "create", "game", game, "seats",
                                  s, "options", "players", n),
                        "created");
    json_int_t id = json_integer_value(json_object_get(json_object_get(r, "table"), "id"));
    json_decref(r);
    return id;
}

/* Joins; returns the seat and copies the token. */
static int join(wsc *w, wsc_conn *c, json_int_t table, int seat, const char *name, char *token)
{
    json_t *req = json_pack("{s:s,s:I,s:s}", "type", "join", "table", table, "name", name);
    if (seat >= 0) json_object_set_new(req, "seat", json_integer(seat));
    json_t *r = request(w, c, req, "joined");
    int s = (int)json_integer_value(json_object_get(r, "seat"));
    if (token) snprintf(token, 64, "%s", json_string_value(json_object_get(r, "token")));
    json_decref(r);
    return s;
}

/* Plays seat's moves (a random legal one each time) until the game ends or
 * max_moves moves have been announced. Returns 1 if the game ended. */
static int play(wsc *w, wsc_conn *c, play_log *l, ch_rng *rng, int max_moves)
{
    for (int guard = 0; guard < 100000; guard++) {
        json_t *m = wsc_recv(w, c, WAIT);
        if (!m) fail_msg("no message while playing (move %d)", l->last_move);
        const char *t = type_of(m);
        if (t && strcmp(t, "error") == 0)
            fail_msg("error: %s", json_string_value(json_object_get(m, "error")));
        if (!t || strcmp(t, "state") != 0) {
            json_decref(m);
            continue;
        }
        playlog_keep(l, m);
        /* Issue 24: between hands, this seat continues at once. */
        if (playlog_waits_for(m, (int)json_integer_value(json_object_get(m, "seat"))))
            wsc_send_json(c, json_pack("{s:s}", "type", "continue"));
        if (playlog_terminal(m)) {
            json_decref(m);
            return 1;
        }
        if (l->last_move >= max_moves) {
            json_decref(m);
            return 0;
        }
        json_t *legal = json_object_get(m, "legal");
        if (legal) {
            size_t k = ch_rng_below(rng, (uint32_t)json_array_size(legal));
            const char *a = json_string_value(json_object_get(json_array_get(legal, k), "action"));
            /* At most one move per 2.5 ms: against instant bots a long game
             * (RAGAMARU with two random seats: up to ~1500 moves) could
             * otherwise pass the server's 500 messages a second and be
             * refused as a flood, which made this test flaky. */
            wsc_service(w, 3);
            wsc_send_json(c, json_pack("{s:s,s:s}", "type", "act", "action", a));
        }
        json_decref(m);
    }
    fail_msg("game did not end");
    return 0;
}

/* Every view and event seat was sent equals what the record says seat may know. */
static void check_against_record(wsc *w, wsc_conn *c, json_int_t table, const play_log *l, int seat)
{
    json_t *r = request(w, c, json_pack("{s:s,s:I}", "type", "record", "table", table), "record");
    json_t *rec = json_object_get(r, "record");
    ch_match m;
    const ch_game *g = playlog_record_match(rec, &m);
    ch_err err;
    assert_int_equal(m.n_actions, l->last_move);
    /* The record is one that `cardhall replay` reads, names and all. */
    char file[128], cmd[512], out[512] = "";
    snprintf(file, sizeof file, "%s/record.json", dir);
    assert_int_equal(ch_record_save(file, rec, &err), CH_OK);
    snprintf(cmd, sizeof cmd, "'%s' replay '%s'", cardhall, file);
    FILE *pipe = popen(cmd, "r");
    assert_non_null(pipe);
    size_t got = fread(out, 1, sizeof out - 1, pipe);
    out[got] = '\0';
    while (fread(cmd, 1, sizeof cmd, pipe) > 0)
        ;
    assert_int_equal(pclose(pipe), 0);
    assert_non_null(strstr(out, g->name));
    playlog_check(l, g, &m, seat);
    ch_match_free(&m);
    json_decref(r);
}

/* The next error c gets names needle (other messages are skipped). */
static void expect_error(wsc *w, wsc_conn *c, json_t *req, const char *needle)
{
    json_t *r = request(w, c, req, "error");
    const char *e = json_string_value(json_object_get(r, "error"));
    if (!e || !strstr(e, needle)) fail_msg("error '%s' lacks '%s'", e ? e : "", needle);
    json_decref(r);
}

/* The replay of a finished game after move k for viewer (a seat,
 * CH_SPECTATOR or CH_ALL) is that viewer's view, board and events of the
 * record's state k; its hands start where the record's hands do. */
static void check_replay(wsc *w, wsc_conn *c, json_int_t table, const ch_match *m, int k,
                         int viewer)
{
    const ch_game *g = m->game;
    json_t *jv = viewer == CH_ALL         ? json_string("all")
                 : viewer == CH_SPECTATOR ? json_null()
                                          : json_integer(viewer);
    json_t *r = request(w, c,
                        json_pack("{s:s,s:I,s:i,s:o}", "type", "replay", "table", table, "move", k,
                                  "viewer", jv),
                        "replay");
    assert_int_equal(json_integer_value(json_object_get(r, "move")), k);
    assert_int_equal(json_integer_value(json_object_get(r, "moves")), m->n_actions);
    json_t *want = g->view_json(ch_match_state_at(m, k), viewer);
    if (!json_equal(want, json_object_get(r, "view")))
        fail_msg("%s replay move %d viewer %d: view differs", g->name, k, viewer);
    json_decref(want);
    if (k > 0) {
        want = playlog_events(g, m, k - 1, viewer);
        if (!json_equal(want, json_object_get(r, "events")))
            fail_msg("%s replay move %d viewer %d: events differ", g->name, k, viewer);
        json_decref(want);
    }
    /* Seats left as placeholders for the browser, like the events. */
    char *board = tb_render_as(g, ch_match_state_at(m, k), viewer, CH_LANG_EN, NULL);
    assert_non_null(board);
    assert_string_equal(json_string_value(json_object_get(r, "board")), board);
    free(board);
    /* Hand i starts after the move that completed hand i - 1. */
    json_t *hands = json_object_get(r, "hands");
    assert_int_equal(json_integer_value(json_array_get(hands, 0)), 0);
    for (size_t i = 1; i < json_array_size(hands); i++) {
        int at = (int)json_integer_value(json_array_get(hands, i));
        ch_result before, after;
        g->result(ch_match_state_at(m, at - 1), &before);
        g->result(ch_match_state_at(m, at), &after);
        assert_int_equal(after.hands, (int)i);
        assert_int_equal(before.hands, (int)i - 1);
    }
    json_decref(r);
}

/* Replays of game_no 0 of table at every viewer at a few moves, and the
 * errors of a replay that may not be given. */
static void check_replays(wsc *w, wsc_conn *c, json_int_t table)
{
    json_t *r = request(w, c, json_pack("{s:s,s:I}", "type", "record", "table", table), "record");
    json_t *rec = json_object_get(r, "record");
    const ch_game *g = ch_game_find(ch_record_game(rec));
    ch_match m;
    ch_err err;
    if (ch_match_from_record(&m, g, rec, &err) != CH_OK) fail_msg("%s", err.msg);
    ch_result res;
    g->result(ch_match_state(&m), &res);
    int ks[] = {0, 1, m.n_actions / 2, m.n_actions};
    for (size_t i = 0; i < sizeof ks / sizeof *ks; i++) {
        check_replay(w, c, table, &m, ks[i], CH_ALL);
        check_replay(w, c, table, &m, ks[i], CH_SPECTATOR);
        for (int p = 0; p < res.n_players; p++)
            check_replay(w, c, table, &m, ks[i], p);
    }
    expect_error(w, c,
                 json_pack("{s:s,s:I,s:i,s:s}", "type", "replay", "table", table, "move", 0,
                           "viewer", "x"),
                 "viewer");
    /* Issue 23: a move that is not a number, or none, is an error, not move 0. */
    expect_error(w, c, json_pack("{s:s,s:I,s:s}", "type", "replay", "table", table, "move", "1"),
                 "move");
    expect_error(w, c, json_pack("{s:s,s:I}", "type", "replay", "table", table), "move");
    expect_error(w, c, json_pack("{s:s,s:I,s:i}", "type", "replay", "table", table, "move", -1),
                 "move");
    expect_error(w, c, json_pack("{s:s,s:I,s:i}", "type", "replay", "table", table, "game_no", 9),
                 "no such game");
    ch_match_free(&m);
    json_decref(r);
}

/* The rules of a table's game, with its options, in the asked language. */
static void check_rules(wsc *w, wsc_conn *c, json_int_t table, const char *game)
{
    json_t *r = request(w, c, json_pack("{s:s,s:I,s:s}", "type", "rules", "table", table, "lang", "ja"),
                        "rules");
    const ch_game *g = ch_game_find(game);
    assert_string_equal(json_string_value(json_object_get(r, "game")), game);
    assert_string_equal(json_string_value(json_object_get(r, "title")), g->title[CH_LANG_JA]);
    const char *text = json_string_value(json_object_get(r, "text"));
    assert_non_null(text);
    assert_true(strlen(text) > 100);
    json_decref(r);
    r = request(w, c, json_pack("{s:s,s:s}", "type", "rules", "game", game), "rules");
    assert_non_null(strstr(json_string_value(json_object_get(r, "text")), g->title[CH_LANG_EN]));
    json_decref(r);
    expect_error(w, c, json_pack("{s:s,s:s}", "type", "rules", "game", "chess"), "no such game");
    expect_error(w, c, json_pack("{s:s}", "type", "rules"), "expected");
}


static void whole_games_of_every_game_over_websocket(void **unused)
{
    static const struct {
        const char *game;
        int n;
    } games[] = {{"racko", 2}, {"ragamaru", 3}, {"rumino", 2}, {"babasuki", 3}, {"comrade", 5}};
    wsc w;
    assert_int_equal(wsc_init(&w, port), 0);
    ch_rng rng;
    ch_rng_seed(&rng, 12, 0);
    for (size_t gi = 0; gi < sizeof games / sizeof *games; gi++) {
        wsc_conn *c = wsc_open(&w, WAIT), *spec = wsc_open(&w, WAIT);
        assert_non_null(c);
        assert_non_null(spec);
        const char *seats[CH_MAX_PLAYERS] = {"open"};
        for (int i = 1; i < games[gi].n; i++)
            seats[i] = "heuristic";
        json_int_t id = create(&w, c, games[gi].game, seats, games[gi].n);
        json_decref(
            request(&w, spec, json_pack("{s:s,s:I}", "type", "watch", "table", id), "state"));
        assert_int_equal(join(&w, c, id, -1, "Ann", NULL), 0);
        play_log l = {0}, ls = {0};
        ch_rng_seed(&rng, gi, 1);
        assert_int_equal(play(&w, c, &l, &rng, 1 << 30), 1);
        /* The spectator saw every move too. */
        while (ls.last_move < l.last_move) {
            json_t *m = wsc_expect(&w, spec, "state", WAIT);
            if (!m) fail_msg("spectator missed moves after %d", ls.last_move);
            playlog_keep(&ls, m);
            json_decref(m);
        }
        check_against_record(&w, c, id, &l, 0);
        check_against_record(&w, spec, id, &ls, CH_SPECTATOR);
        /* The history a seat fetches is the events it was sent, move by move. */
        json_t *h = request(&w, c, json_pack("{s:s}", "type", "history"), "history");
        json_t *moves = json_object_get(h, "moves");
        assert_int_equal((int)json_array_size(moves), l.n);
        for (int i = 0; i < l.n; i++)
            assert_true(json_equal(json_object_get(json_array_get(moves, (size_t)i), "events"),
                                   l.v[i].events));
        json_decref(h);
        /* "last": the latest moves only. */
        h = request(&w, c, json_pack("{s:s,s:i}", "type", "history", "last", 3), "history");
        moves = json_object_get(h, "moves");
        assert_int_equal((int)json_array_size(moves), 3);
        for (int i = 0; i < 3; i++)
            assert_true(json_equal(json_object_get(json_array_get(moves, (size_t)i), "events"),
                                   l.v[l.n - 3 + i].events));
        json_decref(h);
        expect_error(&w, c, json_pack("{s:s,s:i}", "type", "history", "last", 0), "last");
        check_replays(&w, spec, id);
        check_rules(&w, spec, id, games[gi].game);
        print_message("%s: %d moves, each checked for seat 0 and the spectator\n", games[gi].game,
                      l.last_move);
        if (gi == 0) {
            /* Rematch: same seats, game 1 from 0 moves; game 0 stays fetchable. */
            wsc_send_json(c, json_pack("{s:s}", "type", "rematch"));
            json_t *st = wsc_expect(&w, c, "state", WAIT);
            json_t *tab = json_object_get(st, "table");
            assert_int_equal(json_integer_value(json_object_get(tab, "game_no")), 1);
            assert_string_equal(json_string_value(json_object_get(tab, "status")), "running");
            assert_string_equal(json_string_value(json_object_get(
                                    json_array_get(json_object_get(tab, "seats"), 0), "name")),
                                "Ann");
            json_decref(st);
            json_decref(request(
                &w, c, json_pack("{s:s,s:I,s:i}", "type", "record", "table", id, "game_no", 0),
                "record"));
            expect_error(&w, c,
                         json_pack("{s:s,s:I,s:i}", "type", "record", "table", id, "game_no", 1),
                         "not a finished game");
            /* A replay of the game being played is refused; without game_no
             * it is the last finished one. */
            expect_error(&w, c,
                         json_pack("{s:s,s:I,s:i}", "type", "replay", "table", id, "game_no", 1),
                         "not finished");
            json_t *rp = request(
                &w, c, json_pack("{s:s,s:I,s:i}", "type", "replay", "table", id, "move", 0),
                "replay");
            assert_int_equal(json_integer_value(json_object_get(rp, "game_no")), 0);
            json_decref(rp);
        }
        playlog_free(&l);
        playlog_free(&ls);
        wsc_close(&w, c);
        wsc_close(&w, spec);
    }
    wsc_free(&w);
}

static int still_serves(wsc *w)
{
    wsc_conn *c = wsc_open(w, WAIT);
    if (!c) return 0;
    wsc_send_json(c, json_pack("{s:s}", "type", "list"));
    json_t *r = wsc_expect(w, c, "tables", WAIT);
    int ok = r != NULL;
    json_decref(r);
    wsc_close(w, c);
    return ok;
}

static void hostile_messages_tokens_and_seats(void **unused)
{
    wsc w;
    assert_int_equal(wsc_init(&w, port), 0);
    wsc_conn *a = wsc_open(&w, WAIT), *b = wsc_open(&w, WAIT), *x = wsc_open(&w, WAIT);
    json_int_t id = create(&w, a, "racko", (const char *const[]){"open", "open"}, 2);
    char ta[64], tb[64];
    assert_int_equal(join(&w, a, id, 0, "Ann", ta), 0);
    assert_int_equal(join(&w, b, id, 1, "Bob", tb), 1);
    assert_int_equal((int)strlen(ta), 32);
    assert_string_not_equal(ta, tb);

    /* Malformed messages get an error; the connection stays. */
    wsc_send(x, "not json", 8);
    json_decref(wsc_expect(&w, x, "error", WAIT));
    wsc_send(x, "[1,2]", 5);
    json_decref(wsc_expect(&w, x, "error", WAIT));
    expect_error(&w, x, json_pack("{s:s}", "type", "fly"), "unknown");
    /* Replays and rules of what does not exist, or is not over. */
    expect_error(&w, x, json_pack("{s:s,s:s}", "type", "replay", "table", "1"), "no such table");
    expect_error(&w, x, json_pack("{s:s,s:I}", "type", "replay", "table", id), "not finished");
    expect_error(&w, x, json_pack("{s:s,s:I,s:s}", "type", "replay", "table", id, "game_no", "0"),
                 "no such game");
    expect_error(&w, x, json_pack("{s:s,s:I}", "type", "rules", "table", (json_int_t)1 << 40),
                 "no such table");
    expect_error(&w, x, json_pack("{s:s,s:i}", "type", "rules", "game", 3), "expected");
    expect_error(&w, x, json_pack("{s:s,s:s}", "type", "history", "last", "x"), "at a table");
    expect_error(&w, x, json_pack("{s:s,s:s}", "type", "act", "action", "x"), "seat first");
    expect_error(&w, x, json_pack("{s:s,s:I,s:s}", "type", "join", "table", id, "name", "Eve"),
                 "no open seat");
    /* A bot whose settings would think for minutes a move on the loop that
     * every table shares: only levels and bot names are taken. */
    expect_error(&w, x,
                 json_pack("{s:s,s:s,s:[s,s]}", "type", "create", "game", "racko", "seats",
                           "pimc:iters=1000000", "pimc:iters=1000000"),
                 "settings are not taken");
    expect_error(&w, x,
                 json_pack("{s:s,s:s,s:[s,s]}", "type", "create", "game", "racko", "seats", "open",
                           "ismcts:threads=64"),
                 "settings are not taken");
    /* A stolen seat: taken seats stay taken, a wrong token finds nothing. */
    expect_error(
        &w, x,
        json_pack("{s:s,s:I,s:i,s:s}", "type", "join", "table", id, "seat", 0, "name", "Eve"),
        "taken");
    expect_error(&w, x,
                 json_pack("{s:s,s:I,s:s}", "type", "resume", "table", id, "token",
                           "0123456789abcdef0123456789abcdef"),
                 "no seat");
    expect_error(&w, x, json_pack("{s:s,s:I,s:s}", "type", "resume", "table", id, "token", "../x"),
                 "no seat");
    expect_error(&w, x,
                 json_pack("{s:s,s:s,s:[s,s],s:{s:i,s:s}}", "type", "create", "game", "babasuki",
                           "seats", "open", "open", "options", "players", 2, "cards",
                           "/etc/passwd"),
                 "no files");

    /* Issue 23: a table that could never start is refused at create, with
     * the game's reason, and is neither listed nor counted. */
    json_t *before = request(&w, x, json_pack("{s:s}", "type", "list"), "tables");
    expect_error(&w, x,
                 json_pack("{s:s,s:s,s:[s,s],s:{s:i,s:b}}", "type", "create", "game", "racko",
                           "seats", "open", "open", "options", "players", 2, "partnership", 1),
                 "partnership=true needs players=4"); /* RK-V3 */
    expect_error(&w, x,
                 json_pack("{s:s,s:s,s:[s,s],s:{s:i,s:s},s:{s:s}}", "type", "create", "game",
                           "babasuki", "seats", "open", "open", "options", "players", 2, "cards",
                           "mine.csv", "data", "cards", "No,Name\n1,x\n"),
                 "mine.csv");
    json_t *after = request(&w, x, json_pack("{s:s}", "type", "list"), "tables");
    assert_int_equal(json_array_size(json_object_get(after, "tables")),
                     json_array_size(json_object_get(before, "tables")));
    json_decref(before);
    json_decref(after);

    /* The server deals: a client-chosen seed would show its chooser every card. */
    expect_error(&w, x,
                 json_pack("{s:s,s:s,s:[s,s],s:i}", "type", "create", "game", "racko", "seats",
                           "open", "open", "seed", 7),
                 "takes no seed");

    /* Out of turn: the seat not to move is refused and nothing changes. */
    json_t *sa = wsc_expect(&w, a, "state", WAIT);
    while (json_object_get(sa, "status") == NULL) {
        json_decref(sa);
        sa = wsc_expect(&w, a, "state", WAIT);
    }
    int p = (int)json_integer_value(json_object_get(json_object_get(sa, "status"), "to_move"));
    json_decref(sa);
    wsc_conn *idle = p == 0 ? b : a;
    expect_error(&w, idle, json_pack("{s:s,s:s}", "type", "act", "action", "draw"),
                 "not your turn");

    /* Two connections on one seat: the second takes over. */
    wsc_conn *a2 = wsc_open(&w, WAIT);
    json_decref(request(
        &w, a2, json_pack("{s:s,s:I,s:s}", "type", "resume", "table", id, "token", ta), "joined"));
    json_t *st = wsc_expect(&w, a2, "state", WAIT);
    assert_int_equal(json_integer_value(json_object_get(st, "seat")), 0);
    json_decref(st);
    json_decref(wsc_expect(&w, a, "replaced", WAIT));
    for (int i = 0; i < 100 && a->state != 2; i++)
        wsc_service(&w, 20);
    assert_int_equal(a->state, 2);

    /* Oversized: that connection is closed, the server serves on. */
    size_t big = 20000;
    char *blob = malloc(big);
    memset(blob, ' ', big);
    blob[0] = '{';
    blob[big - 1] = '}';
    wsc_send(x, blob, big);
    free(blob);
    for (int i = 0; i < 100 && x->state != 2; i++)
        wsc_service(&w, 20);
    assert_int_equal(x->state, 2);
    assert_true(still_serves(&w));

    /* Nesting deeper than the parser takes: an error, nothing more. */
    wsc_conn *y = wsc_open(&w, WAIT);
    char deep[6001];
    memset(deep, '[', 6000);
    deep[6000] = '\0';
    wsc_send(y, deep, 6000);
    json_decref(wsc_expect(&w, y, "error", WAIT));
    /* Text that is not UTF-8 closes that connection. */
    wsc_send(y, "{\"type\":\"\xff\xfe\"}", 13);
    for (int i = 0; i < 100 && y->state != 2; i++)
        wsc_service(&w, 20);
    assert_int_equal(y->state, 2);
    assert_true(still_serves(&w));
    wsc_close(&w, y);

    /* A flood over twice the rate closes that connection only. */
    wsc_conn *f = wsc_open(&w, WAIT);
    for (int i = 0; i < 1500; i++)
        wsc_send(f, "{\"type\":\"list\"}", 15);
    for (int i = 0; i < 200 && f->state != 2; i++)
        wsc_service(&w, 20);
    assert_int_equal(f->state, 2);
    assert_true(still_serves(&w));

    wsc_close(&w, a);
    wsc_close(&w, a2);
    wsc_close(&w, b);
    wsc_close(&w, x);
    wsc_close(&w, f);
    wsc_free(&w);
}

static void kill_9_mid_game_loses_no_move(void **unused)
{
    wsc w;
    assert_int_equal(wsc_init(&w, port), 0);
    wsc_conn *c;
    json_int_t id;
    char token[64];
    play_log l;
    ch_rng rng;
    ch_rng_seed(&rng, 99, 0);
    /* About one RAGAMARU deal in 1 200 ends within 12 moves (a seat goes
     * out at once): the kill would then find no game going, so that table
     * is left and another one played. */
    for (int tries = 0;; tries++) {
        assert_true(tries < 20);
        c = wsc_open(&w, WAIT);
        id = create(&w, c, "ragamaru", (const char *const[]){"open", "heuristic", "random"}, 3);
        join(&w, c, id, 0, "Ann", token);
        memset(&l, 0, sizeof l);
        if (play(&w, c, &l, &rng, 12) == 0) break;
        playlog_free(&l);
        wsc_close(&w, c);
    }
    /* Drain what was announced, then kill the server mid-game. */
    for (json_t *m; (m = wsc_recv(&w, c, 300));) {
        if (type_of(m) && !strcmp(type_of(m), "state")) playlog_keep(&l, m);
        json_decref(m);
    }
    int announced = l.last_move;
    assert_true(announced >= 12);
    stop_server(SIGKILL);
    wsc_close(&w, c);
    wsc_free(&w);

    start_server();
    assert_int_equal(wsc_init(&w, port), 0);
    c = wsc_open(&w, WAIT);
    json_decref(request(&w, c,
                        json_pack("{s:s,s:I,s:s}", "type", "resume", "table", id, "token", token),
                        "joined"));
    json_t *st = wsc_expect(&w, c, "state", WAIT);
    assert_non_null(st);
    /* Every announced move is there, and the seat sees what it saw. */
    assert_int_equal(json_integer_value(json_object_get(json_object_get(st, "table"), "moves")),
                     announced);
    assert_true(json_equal(json_object_get(st, "view"), l.last_view));
    json_t *legal = json_object_get(st, "legal");
    if (legal)
        wsc_send_json(
            c, json_pack("{s:s,s:s}", "type", "act", "action",
                         json_string_value(json_object_get(json_array_get(legal, 0), "action"))));
    json_decref(st);
    assert_int_equal(play(&w, c, &l, &rng, 1 << 30), 1);
    check_against_record(&w, c, id, &l, 0);
    playlog_free(&l);
    wsc_close(&w, c);
    wsc_free(&w);
}

static void an_away_seat_is_played_by_the_heuristic_until_its_person_returns(void **unused)
{
    wsc w;
    assert_int_equal(wsc_init(&w, port), 0);
    wsc_conn *c = wsc_open(&w, WAIT);
    json_t *r = request(&w, c,
                        json_pack("{s:s,s:s,s:[s,s],s:i}", "type", "create", "game", "racko",
                                  "seats", "open", "random", "timeout_ms", 300),
                        "created");
    json_int_t id = json_integer_value(json_object_get(json_object_get(r, "table"), "id"));
    json_decref(r);
    char token[64];
    join(&w, c, id, 0, "Ann", token);
    json_t *st = NULL;
    while (!st || !json_object_get(st, "legal")) { /* until it is Ann's turn */
        json_decref(st);
        st = wsc_expect(&w, c, "state", WAIT);
        assert_non_null(st);
    }
    json_int_t before = json_integer_value(json_object_get(json_object_get(st, "table"), "moves"));
    json_decref(st);
    wsc_close(&w, c); /* Ann's connection drops */
    wsc_service(&w, 1500);
    c = wsc_open(&w, WAIT);
    json_decref(request(&w, c,
                        json_pack("{s:s,s:I,s:s}", "type", "resume", "table", id, "token", token),
                        "joined"));
    st = wsc_expect(&w, c, "state", WAIT);
    json_int_t after = json_integer_value(json_object_get(json_object_get(st, "table"), "moves"));
    json_decref(st);
    assert_true(after > before); /* the heuristic played her seat while she was away */
    /* Back: her seat waits for her again. */
    wsc_service(&w, 200);
    for (json_t *m; (m = wsc_recv(&w, c, 100));)
        json_decref(m);
    wsc_send_json(c, json_pack("{s:s}", "type", "list"));
    r = wsc_expect(&w, c, "tables", WAIT);
    json_t *t = NULL;
    size_t i;
    json_array_foreach(json_object_get(r, "tables"), i,
                       t) if (json_integer_value(json_object_get(t, "id")) == id) break;
    json_int_t settled = json_integer_value(json_object_get(t, "moves"));
    json_decref(r);
    wsc_service(&w, 600);
    wsc_send_json(c, json_pack("{s:s}", "type", "list"));
    r = wsc_expect(&w, c, "tables", WAIT);
    json_array_foreach(json_object_get(r, "tables"), i,
                       t) if (json_integer_value(json_object_get(t, "id")) == id) break;
    assert_int_equal(json_integer_value(json_object_get(t, "moves")), settled);
    json_decref(r);
    wsc_close(&w, c);
    wsc_free(&w);
}

/* Issue 25: talking at the table, clocks, leaving. */

/* The next chat message c gets (other messages are skipped). */
static json_t *expect_chat(wsc *w, wsc_conn *c)
{
    json_t *m = wsc_expect(w, c, "chat", WAIT);
    if (!m) fail_msg("no chat message");
    return m;
}

static json_int_t create_with(wsc *w, wsc_conn *c, json_t *req)
{
    json_t *r = request(w, c, req, "created");
    json_int_t id = json_integer_value(json_object_get(json_object_get(r, "table"), "id"));
    json_decref(r);
    return id;
}

/* A chat message reaches everyone at the table, seats and spectators, as
 * the very text sent (HTML is text: the browser test checks the DOM), with
 * the sender's seat and name and nothing else (no token, nothing of the
 * game); a spectator's is marked as one; bad text, a table that keeps its
 * spectators read-only and a chat flood get errors; a resume brings the
 * chat back. */
static void chat_reaches_the_table_bounded_and_comes_back_on_resume(void **unused)
{
    wsc w;
    assert_int_equal(wsc_init(&w, port), 0);
    wsc_conn *a = wsc_open(&w, WAIT), *b = wsc_open(&w, WAIT), *sp = wsc_open(&w, WAIT),
             *x = wsc_open(&w, WAIT);
    json_int_t id = create(&w, a, "racko", (const char *const[]){"open", "open"}, 2);
    char ta[64];
    join(&w, a, id, 0, "Ann", ta);
    join(&w, b, id, 1, "Bob", NULL);
    json_decref(request(&w, sp,
                        json_pack("{s:s,s:I,s:s}", "type", "watch", "table", id, "name", "Cy"),
                        "chat_history"));
    expect_error(&w, x, json_pack("{s:s,s:s}", "type", "chat", "text", "hi"), "table first");

    static const char html[] = "<img src=x onerror=\"document.title='pwned'\">";
    wsc_send_json(a, json_pack("{s:s,s:s}", "type", "chat", "text", html));
    wsc_conn *all[] = {a, b, sp};
    for (int i = 0; i < 3; i++) {
        json_t *m = expect_chat(&w, all[i]);
        assert_string_equal(json_string_value(json_object_get(m, "text")), html);
        assert_int_equal(json_integer_value(json_object_get(m, "seat")), 0);
        assert_string_equal(json_string_value(json_object_get(m, "name")), "Ann");
        assert_true(json_is_false(json_object_get(m, "spectator")));
        /* type, id, seat, spectator, name, text: nothing else. */
        assert_int_equal(json_object_size(m), 6);
        char *dump = json_dumps(m, 0);
        assert_null(strstr(dump, ta));
        free(dump);
        json_decref(m);
    }
    /* Bounds: 1..500 bytes, no control character, no direction override. */
    char big[502];
    memset(big, 'x', 501);
    big[501] = '\0';
    expect_error(&w, b, json_pack("{s:s,s:s}", "type", "chat", "text", big), "500");
    big[500] = '\0';
    wsc_send_json(b, json_pack("{s:s,s:s}", "type", "chat", "text", big));
    json_t *m = expect_chat(&w, a);
    assert_int_equal(json_string_length(json_object_get(m, "text")), 500);
    json_decref(m);
    expect_error(&w, b, json_pack("{s:s,s:s}", "type", "chat", "text", ""), "500");
    expect_error(&w, b, json_pack("{s:s,s:i}", "type", "chat", "text", 7), "string");
    expect_error(&w, b, json_pack("{s:s}", "type", "chat"), "string");
    expect_error(&w, b, json_pack("{s:s,s:s}", "type", "chat", "text", "line\nbreak"), "control");
    expect_error(&w, b, json_pack("{s:s,s:s}", "type", "chat", "text", "\xE2\x80\xAE" "olleh"),
                 "override");
    expect_error(&w, b, json_pack("{s:s,s:s}", "type", "chat", "text", "\xC2\x9B" "31m"),
                 "control");
    /* A spectator's words are marked as a spectator's. */
    wsc_send_json(sp, json_pack("{s:s,s:s}", "type", "chat", "text", "よろしくお願いします"));
    m = expect_chat(&w, b);
    assert_true(json_is_null(json_object_get(m, "seat")));
    assert_true(json_is_true(json_object_get(m, "spectator")));
    assert_string_equal(json_string_value(json_object_get(m, "name")), "Cy");
    assert_string_equal(json_string_value(json_object_get(m, "text")), "よろしくお願いします");
    json_decref(m);
    expect_error(&w, x,
                 json_pack("{s:s,s:I,s:s}", "type", "watch", "table", id, "name", "a\x01"),
                 "name");
    /* Over the chat rate (10 per 10 s): an error, the connection stays. */
    int errors = 0;
    for (int i = 0; i < 12; i++)
        wsc_send_json(sp, json_pack("{s:s,s:s}", "type", "chat", "text", "spam"));
    for (json_t *r; (r = wsc_recv(&w, sp, 500));) {
        const char *e = json_string_value(json_object_get(r, "error"));
        if (e && strstr(e, "too many chat messages")) errors++;
        json_decref(r);
    }
    assert_int_equal(errors, 3); /* the first message and nine of these passed */
    assert_int_not_equal(sp->state, 2);

    /* A resume (a reload) brings the chat back, oldest first. */
    wsc_conn *a2 = wsc_open(&w, WAIT);
    wsc_send_json(a2, json_pack("{s:s,s:I,s:s}", "type", "resume", "table", id, "token", ta));
    json_t *h = wsc_expect(&w, a2, "chat_history", WAIT);
    json_t *msgs = json_object_get(h, "messages");
    assert_int_equal(json_array_size(msgs), 12);
    assert_string_equal(json_string_value(json_object_get(json_array_get(msgs, 0), "text")), html);
    assert_int_equal(json_integer_value(json_object_get(json_array_get(msgs, 0), "id")) + 11,
                     json_integer_value(json_object_get(json_array_get(msgs, 11), "id")));
    json_decref(h);

    /* A table whose spectators only read. */
    json_int_t quiet = create_with(
        &w, a2,
        json_pack("{s:s,s:s,s:[s,s],s:b}", "type", "create", "game", "racko", "seats", "open",
                  "random", "spectator_chat", 0));
    wsc_conn *s2 = wsc_open(&w, WAIT);
    json_decref(request(&w, s2, json_pack("{s:s,s:I}", "type", "watch", "table", quiet), "state"));
    expect_error(&w, s2, json_pack("{s:s,s:s}", "type", "chat", "text", "hi"), "may not write");
    expect_error(&w, a2,
                 json_pack("{s:s,s:s,s:[s,s],s:i}", "type", "create", "game", "racko", "seats",
                           "open", "random", "spectator_chat", 1),
                 "spectator_chat");
    wsc_conn *conns[] = {a, a2, b, sp, x, s2};
    for (size_t i = 0; i < sizeof conns / sizeof *conns; i++)
        wsc_close(&w, conns[i]);
    wsc_free(&w);
}

/* A chat flood at one table does not slow a game at another: every flooded
 * message past the chat rate is refused, and the other table's moves come
 * back as fast as before. */
static void a_chat_flood_slows_no_other_table(void **unused)
{
    wsc w;
    assert_int_equal(wsc_init(&w, port), 0);
    wsc_conn *f = wsc_open(&w, WAIT), *p = wsc_open(&w, WAIT);
    json_int_t flooded = create(&w, f, "racko", (const char *const[]){"open", "random"}, 2);
    join(&w, f, flooded, 0, "Flo", NULL);
    json_int_t other = create(&w, p, "racko", (const char *const[]){"open", "random"}, 2);
    join(&w, p, other, 0, "Pat", NULL);
    /* 400 messages at once (the message rate of this server is 500/s). */
    char text[64];
    for (int i = 0; i < 400; i++) {
        snprintf(text, sizeof text, "flood %d %s", i, "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx");
        wsc_send_json(f, json_pack("{s:s,s:s}", "type", "chat", "text", text));
    }
    /* Meanwhile, moves at the other table. */
    int moves = 0;
    long long worst = 0;
    json_t *m = wsc_expect(&w, p, "state", WAIT);
    for (int guard = 0; moves < 10 && guard < 2000; guard++) {
        assert_non_null(m);
        json_t *legal = json_object_get(m, "legal");
        if (!legal) {
            json_decref(m);
            m = wsc_expect(&w, p, "state", WAIT);
        } else {
            struct timespec t0, t1;
            clock_gettime(CLOCK_MONOTONIC, &t0);
            wsc_send_json(p, json_pack("{s:s,s:s}", "type", "act", "action",
                                       json_string_value(json_object_get(json_array_get(legal, 0),
                                                                         "action"))));
            json_t *r = wsc_expect(&w, p, "state", WAIT);
            clock_gettime(CLOCK_MONOTONIC, &t1);
            assert_non_null(r);
            long long ms =
                (t1.tv_sec - t0.tv_sec) * 1000LL + (t1.tv_nsec - t0.tv_nsec) / 1000000;
            worst = ms > worst ? ms : worst;
            moves++;
            json_decref(m);
            m = r;
        }
    }
    json_decref(m);
    int chats = 0, refused = 0;
    for (json_t *r; (r = wsc_recv(&w, f, 1000));) {
        const char *t = type_of(r);
        if (t && !strcmp(t, "chat")) chats++;
        if (t && !strcmp(t, "error")) refused++;
        json_decref(r);
    }
    print_message("chat flood: %d sent, %d passed, %d refused; other table's worst move %lld ms\n",
                  400, chats, refused, worst);
    assert_int_equal(chats, 10);
    assert_int_equal(refused, 390);
    assert_true(moves == 10);
    assert_true(worst < 3000);
    wsc_close(&w, f);
    wsc_close(&w, p);
    wsc_free(&w);
}

/* The clocks of a state message. */
static json_int_t left_of(json_t *st, int seat)
{
    return json_integer_value(
        json_array_get(json_object_get(json_object_get(st, "clock"), "left_ms"), (size_t)seat));
}

/* A person whose time bank runs out is played for by the heuristic (the
 * log says so: a "timeout" event), though connected; the clocks are in
 * every state; after kill -9 and a restart the banks are as the last move
 * left them, and the chat is back. */
static void out_of_time_is_played_for_and_clocks_and_chat_survive_kill_9(void **unused)
{
    wsc w;
    assert_int_equal(wsc_init(&w, port), 0);
    wsc_conn *c = wsc_open(&w, WAIT);
    expect_error(&w, c,
                 json_pack("{s:s,s:s,s:[s,s],s:{s:i}}", "type", "create", "game", "racko", "seats",
                           "open", "random", "clock", "bank_ms", 10),
                 "bank_ms");
    expect_error(&w, c,
                 json_pack("{s:s,s:s,s:[s,s],s:s}", "type", "create", "game", "racko", "seats",
                           "open", "random", "clock", "5+10"),
                 "clock");
    json_int_t id = create_with(
        &w, c,
        json_pack("{s:s,s:s,s:[s,s],s:{s:i,s:i},s:i}", "type", "create", "game", "racko", "seats",
                  "open", "random", "clock", "bank_ms", 1500, "increment_ms", 100, "timeout_ms",
                  600000));
    char token[64];
    join(&w, c, id, 0, "Ann", token);
    /* Ann stays connected and never moves. */
    int timeouts = 0, states = 0;
    json_t *last = NULL;
    for (int guard = 0; guard < 400 && timeouts < 2; guard++) {
        json_t *m = wsc_expect(&w, c, "state", WAIT);
        if (!m) fail_msg("no state while waiting for the clock");
        states++;
        assert_true(json_is_object(json_object_get(m, "clock")));
        assert_int_equal(json_integer_value(json_object_get(json_object_get(m, "clock"), "bank_ms")),
                         1500);
        json_t *ev;
        size_t i;
        json_array_foreach(json_object_get(m, "events"), i, ev)
        {
            const char *t = json_string_value(json_object_get(ev, "type"));
            if (t && !strcmp(t, "timeout")) {
                assert_int_equal(json_integer_value(json_object_get(ev, "seat")), 0);
                assert_non_null(strstr(json_string_value(json_object_get(ev, "text")), "{P0}"));
                timeouts++;
            }
        }
        json_decref(last);
        last = m;
    }
    assert_int_equal(timeouts, 2);
    /* Spent, then given the increment once per move made for her. */
    assert_true(left_of(last, 0) <= 100);
    json_decref(last);
    wsc_close(&w, c);

    /* A table with a longer clock: Ann moves, the server is killed, the
     * banks come back as the last move left them. */
    c = wsc_open(&w, WAIT);
    id = create_with(&w, c,
                     json_pack("{s:s,s:s,s:[s,s],s:{s:i,s:i}}", "type", "create", "game",
                               "racko", "seats", "open", "random", "clock", "bank_ms", 600000,
                               "increment_ms", 5000));
    join(&w, c, id, 0, "Ann", token);
    json_t *st = NULL;
    int moved = 0;
    for (int guard = 0; guard < 100 && moved < 3; guard++) {
        json_decref(st);
        st = wsc_expect(&w, c, "state", WAIT);
        assert_non_null(st);
        json_t *legal = json_object_get(st, "legal");
        if (!legal) continue;
        wsc_service(&w, 150);
        wsc_send_json(c, json_pack("{s:s,s:s}", "type", "act", "action",
                                   json_string_value(json_object_get(json_array_get(legal, 0),
                                                                     "action"))));
        moved++;
    }
    /* Settle: the last state announced holds the banks as stored. */
    for (json_t *m; (m = wsc_recv(&w, c, 500));) {
        if (type_of(m) && !strcmp(type_of(m), "state")) {
            json_decref(st);
            st = m;
        } else {
            json_decref(m);
        }
    }
    wsc_send_json(c, json_pack("{s:s,s:s}", "type", "chat", "text", "before the crash"));
    json_decref(expect_chat(&w, c));
    json_int_t moves = json_integer_value(json_object_get(json_object_get(st, "table"), "moves"));
    json_int_t ann = left_of(st, 0);
    int running = (int)json_integer_value(json_object_get(json_object_get(st, "clock"), "running"));
    assert_true(ann > 590000 && ann < 600000 + 3 * 5000);
    json_decref(st);
    stop_server(SIGKILL);
    wsc_close(&w, c);
    wsc_free(&w);

    extra_flag = "--no-spectator-chat";
    start_server();
    extra_flag = NULL;
    assert_int_equal(wsc_init(&w, port), 0);
    c = wsc_open(&w, WAIT);
    wsc_send_json(c, json_pack("{s:s,s:I,s:s}", "type", "resume", "table", id, "token", token));
    st = wsc_expect(&w, c, "state", WAIT);
    assert_non_null(st);
    assert_int_equal(json_integer_value(json_object_get(json_object_get(st, "table"), "moves")),
                     moves);
    /* Ann's bank as stored; if her time runs, at most the moments since the
     * restart are gone. */
    json_int_t back = left_of(st, 0);
    if (running == 0)
        assert_true(back <= ann && back > ann - 5000);
    else
        assert_int_equal(back, ann);
    json_decref(st);
    json_t *h = wsc_expect(&w, c, "chat_history", WAIT);
    json_t *msgs = json_object_get(h, "messages");
    assert_string_equal(
        json_string_value(json_object_get(json_array_get(msgs, json_array_size(msgs) - 1), "text")),
        "before the crash");
    json_decref(h);
    /* This server keeps every spectator read-only. */
    wsc_conn *sp = wsc_open(&w, WAIT);
    json_decref(request(&w, sp, json_pack("{s:s,s:I}", "type", "watch", "table", id), "state"));
    expect_error(&w, sp, json_pack("{s:s,s:s}", "type", "chat", "text", "hi"), "may not write");
    wsc_close(&w, sp);
    wsc_close(&w, c);
    wsc_free(&w);
}

/* leave during a game: the heuristic takes the seat at once, the table
 * shows who left and since when, the token brings the person back. */
static void a_person_who_leaves_is_played_for_and_shown_away_until_back(void **unused)
{
    wsc w;
    assert_int_equal(wsc_init(&w, port), 0);
    wsc_conn *c = wsc_open(&w, WAIT), *sp = wsc_open(&w, WAIT);
    json_int_t id = create_with(
        &w, c,
        json_pack("{s:s,s:s,s:[s,s],s:i}", "type", "create", "game", "racko", "seats", "open",
                  "random", "timeout_ms", 600000));
    char token[64];
    join(&w, c, id, 0, "Ann", token);
    json_decref(request(&w, sp, json_pack("{s:s,s:I}", "type", "watch", "table", id), "state"));
    json_decref(request(&w, c, json_pack("{s:s}", "type", "leave"), "left"));
    json_t *st = NULL;
    json_int_t moves0 = -1, moves = 0;
    for (int guard = 0; guard < 200 && moves < moves0 + 4; guard++) {
        json_decref(st);
        st = wsc_expect(&w, sp, "state", WAIT);
        assert_non_null(st);
        json_t *away = json_object_get(st, "away");
        moves = json_integer_value(json_object_get(json_object_get(st, "table"), "moves"));
        if (moves0 < 0) {
            assert_int_equal(json_array_size(away), 1);
            assert_int_equal(json_integer_value(json_object_get(json_array_get(away, 0), "seat")), 0);
            assert_true(json_is_true(json_object_get(json_array_get(away, 0), "left")));
            assert_true(json_integer_value(json_object_get(json_array_get(away, 0), "away_ms")) >= 0);
            moves0 = moves;
        }
    }
    /* Played for at once, though the table's timeout is ten minutes. */
    assert_true(moves >= moves0 + 4);
    json_int_t since = json_integer_value(json_object_get(json_array_get(json_object_get(st, "away"), 0), "away_ms"));
    assert_true(since >= 0 && since < 20000);
    json_decref(st);
    wsc_send_json(c, json_pack("{s:s,s:I,s:s}", "type", "resume", "table", id, "token", token));
    st = wsc_expect(&w, c, "state", WAIT);
    assert_int_equal(json_integer_value(json_object_get(st, "seat")), 0);
    assert_int_equal(json_array_size(json_object_get(st, "away")), 0);
    json_decref(st);
    wsc_close(&w, c);
    wsc_close(&w, sp);
    wsc_free(&w);
}

/* The table summary of id in a `list` reply (borrowed from r). */
static json_t *listed(json_t *r, json_int_t id)
{
    size_t i;
    json_t *t;
    json_array_foreach(json_object_get(r, "tables"), i, t) if (json_integer_value(
        json_object_get(t, "id")) == id) return t;
    return NULL;
}

/* Issue 23: a connection that goes back to the lobby (`away`) while staying
 * open leaves its seat away: the others are told, the heuristic plays it
 * after the timeout, and the token brings the person back. */

/* The state message of c's next turn (others skipped), or fails. */
static json_t *my_turn(wsc *w, wsc_conn *c)
{
    for (int guard = 0; guard < 1000; guard++) {
        json_t *m = wsc_expect(w, c, "state", WAIT);
        if (!m) fail_msg("no state");
        if (json_array_size(json_object_get(m, "legal")) > 0) return m;
        json_decref(m);
    }
    fail_msg("never my turn");
    return NULL;
}

/* Issue 24: levels at create, shown as levels (the bot behind one stays
 * unnamed) and kept over a restart; "Suggest a move" only where the table
 * allows hints, only on the seat's turn, one a second, and legal. */
static void levels_and_hints_where_the_table_allows_them(void **unused)
{
    wsc w;
    assert_int_equal(wsc_init(&w, port), 0);
    wsc_conn *c = wsc_open(&w, WAIT);
    /* Comrade has no Easy (a team game): refused, nothing made. */
    expect_error(&w, c,
                 json_pack("{s:s,s:s,s:[sssss]}", "type", "create", "game", "comrade", "seats",
                           "open", "easy", "easy", "easy", "easy"),
                 "no level 'easy'");
    expect_error(&w, c,
                 json_pack("{s:s,s:s,s:[ss],s:s}", "type", "create", "game", "racko", "seats",
                           "open", "hard", "hints", "yes"),
                 "hints: expected true or false");
    json_t *r = request(&w, c,
                        json_pack("{s:s,s:s,s:[ss],s:b}", "type", "create", "game", "racko",
                                  "seats", "open", "hard", "hints", 1),
                        "created");
    json_t *tab = json_object_get(r, "table");
    json_int_t id = json_integer_value(json_object_get(tab, "id"));
    assert_true(json_is_true(json_object_get(tab, "hints")));
    json_t *seat1 = json_array_get(json_object_get(tab, "seats"), 1);
    assert_string_equal(json_string_value(json_object_get(seat1, "name")), "hard");
    assert_string_equal(json_string_value(json_object_get(seat1, "level")), "hard");
    char *text = json_dumps(tab, 0);
    assert_null(strstr(text, "pimc")); /* players see the level, not the bot */
    free(text);
    json_decref(r);

    /* Not seated: no hint. */
    expect_error(&w, c, json_pack("{s:s}", "type", "hint"), "join or resume a seat first");
    char token[64];
    join(&w, c, id, 0, "Ann", token);
    json_t *st = my_turn(&w, c);
    json_t *legal = json_object_get(st, "legal");
    json_t *h = request(&w, c, json_pack("{s:s}", "type", "hint"), "hint");
    const char *act = json_string_value(json_object_get(h, "action"));
    assert_non_null(act);
    assert_non_null(json_string_value(json_object_get(h, "name")));
    /* Rack-O's heuristic gives its own reason, naming a card number. */
    const char *why = json_string_value(json_object_get(h, "why"));
    assert_non_null(why);
    if (strstr(why, "Normal computer player") || !strpbrk(why, "0123456789"))
        fail_msg("Rack-O's hint gives no reason of its own: %s", why);
    int found = 0;
    for (size_t i = 0; i < json_array_size(legal); i++)
        found |= !strcmp(act, json_string_value(json_object_get(json_array_get(legal, i), "action")));
    if (!found) fail_msg("hint '%s' is not a legal move", act);
    /* Rate-bounded: a second hint at once is refused. */
    expect_error(&w, c, json_pack("{s:s}", "type", "hint"), "one hint a second");
    /* Playing the hint is accepted; then (the bot is instant) it is the seat's turn again. */
    wsc_send_json(c, json_pack("{s:s,s:s}", "type", "act", "action", act));
    json_decref(h);
    json_decref(st);

    /* The level and hints survive a restart (stored with the table). */
    stop_server(SIGKILL);
    wsc_close(&w, c);
    wsc_free(&w);
    start_server();
    assert_int_equal(wsc_init(&w, port), 0);
    c = wsc_open(&w, WAIT);
    r = request(&w, c, json_pack("{s:s}", "type", "list"), "tables");
    json_t *tables = json_object_get(r, "tables");
    int listed = 0;
    for (size_t i = 0; i < json_array_size(tables); i++) {
        json_t *t = json_array_get(tables, i);
        if (json_integer_value(json_object_get(t, "id")) != id) continue;
        listed = 1;
        assert_true(json_is_true(json_object_get(t, "hints")));
        json_t *s1 = json_array_get(json_object_get(t, "seats"), 1);
        assert_string_equal(json_string_value(json_object_get(s1, "level")), "hard");
    }
    assert_true(listed);
    json_decref(r);

    /* A table without hints refuses them, at the seat's turn too. */
    r = request(&w, c,
                json_pack("{s:s,s:s,s:[ss]}", "type", "create", "game", "racko", "seats", "open",
                          "easy"),
                "created");
    id = json_integer_value(json_object_get(json_object_get(r, "table"), "id"));
    assert_true(json_is_false(json_object_get(json_object_get(r, "table"), "hints")));
    json_decref(r);
    join(&w, c, id, 0, "Bo", NULL);
    json_decref(my_turn(&w, c));
    expect_error(&w, c, json_pack("{s:s}", "type", "hint"), "this table gives no hints");
    wsc_close(&w, c);
    wsc_free(&w);
}

/* Fair play (issue 24): a hint is decided from the seat's view only. Two
 * states that differ only in the cards the seat cannot see (the game's
 * resample) get the same suggestion, in every game; not at another seat's
 * turn. */
static void a_hint_depends_only_on_the_seats_view(void **unused)
{
    (void)unused;
    for (const ch_game *const *p = ch_games(); *p; p++) {
        const ch_game *g = *p;
        for (uint64_t pos = 0; pos < 6; pos++) {
            ch_match m;
            ch_err err;
            assert_int_equal(ch_match_init(&m, g, NULL, 0, 7 + pos, NULL, 0, &err), CH_OK);
            ch_action *acts = malloc(sizeof *acts * (size_t)g->max_actions);
            ch_rng rng;
            ch_rng_seed(&rng, pos, 1);
            for (int k = 0; k < (int)(3 + 5 * pos); k++) {
                const void *st = ch_match_state(&m);
                if (g->to_move(st) == CH_TERMINAL) break;
                int n = g->legal(st, acts);
                assert_int_equal(ch_match_apply(&m, acts[ch_rng_below(&rng, (uint32_t)n)], &err), CH_OK);
            }
            const void *st = ch_match_state(&m);
            int seat = g->to_move(st);
            if (seat != CH_TERMINAL) {
                void *other = malloc(g->state_size);
                ch_clone(g, other, st);
                ch_rng r2;
                ch_rng_seed(&r2, 1000 + pos, 5);
                g->resample(other, seat, &r2);
                for (int lang = 0; lang < CH_NLANGS; lang++) {
                    json_t *a = tb_hint_json(g, st, seat, (ch_lang)lang, &err);
                    json_t *b = tb_hint_json(g, other, seat, (ch_lang)lang, &err);
                    assert_non_null(a);
                    if (!json_equal(a, b))
                        fail_msg("%s position %d: the hint depends on hidden cards", g->name,
                                 (int)pos);
                    json_decref(a);
                    json_decref(b);
                }
                /* Another seat's turn: no hint. */
                assert_null(tb_hint_json(g, st, (seat + 1) % g->min_players, CH_LANG_EN, &err));
                free(other);
            }
            free(acts);
            ch_match_free(&m);
        }
    }
}

static void a_seat_whose_connection_goes_to_the_lobby_is_away(void **unused)
{
    wsc w;
    assert_int_equal(wsc_init(&w, port), 0);
    wsc_conn *c = wsc_open(&w, WAIT), *spec = wsc_open(&w, WAIT);
    json_t *r = request(&w, c,
                        json_pack("{s:s,s:s,s:[s,s],s:i}", "type", "create", "game", "racko",
                                  "seats", "open", "random", "timeout_ms", 300),
                        "created");
    json_int_t id = json_integer_value(json_object_get(json_object_get(r, "table"), "id"));
    json_decref(r);
    char token[64];
    join(&w, c, id, 0, "Ann", token);
    json_t *st = NULL;
    while (!st || !json_object_get(st, "legal")) { /* until it is Ann's turn */
        json_decref(st);
        st = wsc_expect(&w, c, "state", WAIT);
        assert_non_null(st);
    }
    json_int_t before = json_integer_value(json_object_get(json_object_get(st, "table"), "moves"));
    json_decref(st);
    json_decref(request(&w, spec, json_pack("{s:s,s:I}", "type", "watch", "table", id), "state"));
    json_decref(request(&w, c, json_pack("{s:s}", "type", "away"), "away"));
    /* The spectator is told at once that seat 0 is away. */
    st = wsc_expect(&w, spec, "state", WAIT);
    assert_non_null(st);
    json_t *seat0 = json_array_get(json_object_get(json_object_get(st, "table"), "seats"), 0);
    assert_false(json_is_true(json_object_get(seat0, "present")));
    json_decref(st);
    wsc_service(&w, 1500); /* the connection stays open; the timeout passes */
    assert_int_equal(c->state, 1);
    r = request(&w, c, json_pack("{s:s}", "type", "list"), "tables");
    assert_true(json_integer_value(json_object_get(listed(r, id), "moves")) > before);
    json_decref(r);
    /* Not at a table: the same answer, nothing else. */
    json_decref(request(&w, c, json_pack("{s:s}", "type", "away"), "away"));
    json_decref(request(&w, c,
                        json_pack("{s:s,s:I,s:s}", "type", "resume", "table", id, "token", token),
                        "joined"));
    st = wsc_expect(&w, spec, "state", WAIT);
    while (st && !json_object_get(st, "move") &&
           !json_is_true(json_object_get(
               json_array_get(json_object_get(json_object_get(st, "table"), "seats"), 0),
               "present"))) {
        json_decref(st);
        st = wsc_expect(&w, spec, "state", WAIT);
    }
    assert_non_null(st);
    json_decref(st);
    r = request(&w, c, json_pack("{s:s}", "type", "list"), "tables");
    seat0 = json_array_get(json_object_get(listed(r, id), "seats"), 0);
    assert_true(json_is_true(json_object_get(seat0, "present")));
    json_decref(r);
    wsc_close(&w, c);
    wsc_close(&w, spec);
    wsc_free(&w);
}

/* Issue 24: two people and a bot at a Rumino table. Plays both seats
 * (random legal moves) until a state shows the table between hands; the
 * states seen by a go to *last_a. Returns 1, or 0 if the game ended with
 * its first hand (no pause comes then). */
static int until_pause(wsc *w, wsc_conn *a, wsc_conn *b, ch_rng *rng, json_t **last_a)
{
    wsc_conn *cs[2] = {a, b};
    for (int guard = 0; guard < 20000; guard++) {
        for (int i = 0; i < 2; i++) {
            json_t *m = wsc_recv(w, cs[i], 5);
            if (!m) continue;
            if (type_of(m) && !strcmp(type_of(m), "error"))
                fail_msg("error: %s", json_string_value(json_object_get(m, "error")));
            if (!type_of(m) || strcmp(type_of(m), "state") != 0) {
                json_decref(m);
                continue;
            }
            json_t *pause = json_object_get(m, "pause");
            if (playlog_terminal(m)) {
                json_decref(m);
                return 0;
            }
            if (pause && !json_is_null(pause)) {
                if (i == 0) {
                    json_decref(*last_a);
                    *last_a = m;
                    return 1;
                }
                json_decref(m);
                continue;
            }
            json_t *legal = json_object_get(m, "legal");
            if (legal) {
                size_t k = ch_rng_below(rng, (uint32_t)json_array_size(legal));
                wsc_send_json(cs[i], json_pack("{s:s,s:s}", "type", "act", "action",
                                               json_string_value(json_object_get(
                                                   json_array_get(legal, k), "action"))));
            }
            json_decref(m);
        }
    }
    fail_msg("no hand ended");
    return 0;
}

/* The next state on c, dropping anything else. */
static json_t *next_state(wsc *w, wsc_conn *c, int ms)
{
    return wsc_expect(w, c, "state", ms);
}

static json_t *pause_of(json_t *st)
{
    json_t *p = json_object_get(st, "pause");
    return json_is_null(p) ? NULL : p;
}

/* Ann (seat 0, on *a) and Bob (seat 1, on *b) at a new 3-player Rumino
 * table with the heuristic, played until it is between hands (*st: Ann's
 * state then). A game on a shuffled deal can end with its first hand, so
 * such a game is left for a new table on new connections, a bounded number
 * of times. Returns the table. */
static json_int_t paused_table(wsc *w, wsc_conn **a, wsc_conn **b, int hand_pause, ch_rng *rng,
                               char *ta, char *tb, json_t **st)
{
    for (int attempt = 1; attempt <= 4; attempt++) {
        *a = wsc_open(w, WAIT);
        *b = wsc_open(w, WAIT);
        json_int_t id = create_with(
            w, *a,
            json_pack("{s:s,s:s,s:[sss],s:{s:i},s:i}", "type", "create", "game", "rumino", "seats",
                      "open", "open", "heuristic", "options", "players", 3, "hand_pause",
                      hand_pause));
        assert_int_equal(join(w, *a, id, 0, "Ann", ta), 0);
        assert_int_equal(join(w, *b, id, 1, "Bob", tb), 1);
        if (until_pause(w, *a, *b, rng, st)) return id;
        print_message("table %lld: the game ended with its first hand; again\n", (long long)id);
        wsc_close(w, *a);
        wsc_close(w, *b);
    }
    fail_msg("4 games ended with their first hand");
    return 0;
}

static void between_hands_bots_wait_for_everyone_to_continue_even_across_kill_9(void **unused)
{
    wsc w;
    assert_int_equal(wsc_init(&w, port), 0);
    wsc_conn *a = wsc_open(&w, WAIT), *b;
    expect_error(&w, a,
                 json_pack("{s:s,s:s,s:[ss],s:i}", "type", "create", "game", "rumino", "seats",
                           "open", "open", "hand_pause", 601),
                 "hand_pause");
    wsc_close(&w, a);
    char ta[64], tb[64];
    ch_rng rng;
    ch_rng_seed(&rng, 24, 0);
    json_t *st = NULL;
    /* hand_pause 0: the summary waits for everyone, however long. */
    json_int_t id = paused_table(&w, &a, &b, 0, &rng, ta, tb, &st);
    json_t *p = pause_of(st);
    int moves = (int)json_integer_value(json_object_get(json_object_get(st, "table"), "moves"));
    assert_int_equal(json_integer_value(json_object_get(p, "move")), moves);
    assert_true(json_is_null(json_object_get(p, "left_ms")));
    json_t *end = json_object_get(p, "hand_end");
    assert_true(json_string_length(json_object_get(end, "summary")) > 0);
    assert_null(json_object_get(st, "legal")); /* nobody is offered a move */
    json_decref(st);
    /* Ann continues; Bob has not: the bot and everyone wait. */
    wsc_send_json(a, json_pack("{s:s}", "type", "continue"));
    st = next_state(&w, b, WAIT);
    while (st && pause_of(st) && json_array_size(json_object_get(pause_of(st), "continued")) == 0) {
        json_decref(st);
        st = next_state(&w, b, WAIT);
    }
    assert_non_null(st);
    assert_non_null(pause_of(st));
    assert_int_equal(json_integer_value(json_array_get(
                         json_object_get(pause_of(st), "continued"), 0)), 0);
    json_decref(st);
    /* Nothing more comes for a second: no move is made. */
    json_t *m = next_state(&w, b, 1000);
    if (m) {
        assert_non_null(pause_of(m));
        assert_int_equal(
            json_integer_value(json_object_get(json_object_get(m, "table"), "moves")), moves);
        json_decref(m);
    }
    expect_error(&w, b, json_pack("{s:s,s:s}", "type", "act", "action", "d"), "between hands");

    /* kill -9 in the pause: after the restart the summary waits again. */
    stop_server(SIGKILL);
    wsc_close(&w, a);
    wsc_close(&w, b);
    wsc_free(&w);
    start_server();
    assert_int_equal(wsc_init(&w, port), 0);
    a = wsc_open(&w, WAIT);
    b = wsc_open(&w, WAIT);
    json_decref(request(&w, a, json_pack("{s:s,s:I,s:s}", "type", "resume", "table", id, "token", ta),
                        "joined"));
    json_decref(request(&w, b, json_pack("{s:s,s:I,s:s}", "type", "resume", "table", id, "token", tb),
                        "joined"));
    /* The latest state b has: Bob back, still between hands, nobody continued. */
    st = next_state(&w, b, WAIT);
    for (json_t *more; (more = next_state(&w, b, 300));) {
        json_decref(st);
        st = more;
    }
    assert_non_null(pause_of(st));
    assert_int_equal(json_array_size(json_object_get(pause_of(st), "continued")), 0);
    assert_int_equal(json_integer_value(json_object_get(json_object_get(st, "table"), "moves")),
                     moves);
    json_decref(st);
    while ((m = wsc_recv(&w, a, 100))) json_decref(m);
    /* Both continue: play goes on (the next move is announced). */
    wsc_send_json(a, json_pack("{s:s}", "type", "continue"));
    wsc_send_json(b, json_pack("{s:s}", "type", "continue"));
    int resumed = 0;
    for (int i = 0; i < 50 && !resumed; i++) {
        st = next_state(&w, a, WAIT);
        assert_non_null(st);
        if (!pause_of(st)) resumed = 1;
        json_decref(st);
    }
    assert_true(resumed);
    expect_error(&w, a, json_pack("{s:s}", "type", "continue"), "not between hands");
    wsc_close(&w, a);
    wsc_close(&w, b);

    /* A table whose pause is 1 s goes on by itself. */
    st = NULL;
    paused_table(&w, &a, &b, 1, &rng, ta, tb, &st);
    assert_true(json_integer_value(json_object_get(pause_of(st), "left_ms")) <= 1000);
    json_decref(st);
    resumed = 0;
    for (int i = 0; i < 50 && !resumed; i++) {
        st = next_state(&w, a, 3000);
        assert_non_null(st);
        if (!pause_of(st)) resumed = 1;
        json_decref(st);
    }
    assert_true(resumed);
    wsc_close(&w, a);
    wsc_close(&w, b);
    wsc_free(&w);
}

/* Search players think off the event loop (src/server/think.c): a table
 * whose bots take 1.5 s a move (a search player with settings, stored as
 * an older server or another front end may have stored it; over the
 * network a seat can no longer ask for settings) holds up no other table.
 * On the loop its bots would run 64 moves, over a minute and a half,
 * before anyone else was answered; now another table's game goes on
 * meanwhile, and the slow table's bots still move, one answer at a time. */
static void a_bot_that_thinks_long_holds_up_no_other_table(void **unused)
{
    assert_true(stop_server(SIGTERM));
    sv_store st;
    ch_err err;
    assert_int_equal(sv_store_open(&st, db, &err), CH_OK);
    const char *slow[] = {"pimc:iters=1000000,ms=1500", "pimc:iters=1000000,ms=1500"};
    tb_room r;
    json_t *opts = json_pack("{s:i}", "players", 2);
    assert_int_equal(
        tb_room_init(&r, 0, ch_game_find("racko"), opts, NULL, slow, 2, 7, 60000, &err), CH_OK);
    json_decref(opts);
    assert_int_equal(sv_store_add_table(&st, &r, slow, &err), CH_OK);
    json_int_t slow_id = r.id;
    tb_room_free(&r);
    sv_store_close(&st);
    start_server();

    wsc w;
    assert_int_equal(wsc_init(&w, port), 0);
    wsc_conn *c = wsc_open(&w, WAIT), *spec = wsc_open(&w, WAIT);
    json_t *first =
        request(&w, spec, json_pack("{s:s,s:I}", "type", "watch", "table", slow_id), "state");
    assert_non_null(first);
    json_int_t at_start =
        json_integer_value(json_object_get(json_object_get(first, "table"), "moves"));
    json_decref(first);
    /* A whole game against the heuristic elsewhere, every move answered
     * within play()'s WAIT (20 s) while the slow bots think. */
    json_int_t id = create(&w, c, "racko", (const char *const[]){"open", "heuristic"}, 2);
    join(&w, c, id, 0, "Ann", NULL);
    play_log l = {0};
    ch_rng rng;
    ch_rng_seed(&rng, 5, 0);
    assert_int_equal(play(&w, c, &l, &rng, 40), 0);
    assert_true(l.last_move >= 40);
    playlog_free(&l);
    /* And the slow table moves on too: two more moves, each 1.5 s. */
    json_int_t moves = at_start;
    for (int guard = 0; guard < 100 && moves < at_start + 2; guard++) {
        json_t *m = wsc_expect(&w, spec, "state", WAIT);
        assert_non_null(m);
        moves = json_integer_value(json_object_get(json_object_get(m, "table"), "moves"));
        json_decref(m);
    }
    assert_true(moves >= at_start + 2);
    wsc_close(&w, c);
    wsc_close(&w, spec);
    wsc_free(&w);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: test_serve CARDHALL\n");
        return 2;
    }
    cardhall = argv[1];
    signal(SIGPIPE, SIG_IGN);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(hostile_messages_tokens_and_seats),
        cmocka_unit_test(whole_games_of_every_game_over_websocket),
        cmocka_unit_test(an_away_seat_is_played_by_the_heuristic_until_its_person_returns),
        cmocka_unit_test(a_seat_whose_connection_goes_to_the_lobby_is_away),
        cmocka_unit_test(kill_9_mid_game_loses_no_move),
        cmocka_unit_test(chat_reaches_the_table_bounded_and_comes_back_on_resume),
        cmocka_unit_test(a_chat_flood_slows_no_other_table),
        cmocka_unit_test(a_person_who_leaves_is_played_for_and_shown_away_until_back),
        cmocka_unit_test(out_of_time_is_played_for_and_clocks_and_chat_survive_kill_9),
        cmocka_unit_test(levels_and_hints_where_the_table_allows_them),
        cmocka_unit_test(a_hint_depends_only_on_the_seats_view),
        cmocka_unit_test(between_hands_bots_wait_for_everyone_to_continue_even_across_kill_9),
        /* Last: its bots go on thinking beside whatever runs after it. */
        cmocka_unit_test(a_bot_that_thinks_long_holds_up_no_other_table),
    };
    return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
