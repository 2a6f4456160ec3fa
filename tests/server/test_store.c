/* The server's storage (src/server/store.c): tables, seats and moves go to
 * SQLite and come back exactly; the schema is versioned. With
 * CH_TEST_PG_URL set (tests/server/pg_cluster.sh: test_store_pg) the tests
 * that do not open SQLite themselves run on that PostgreSQL database, emptied
 * before each. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include <libpq-fe.h>

#include "cardhall/file.h"
#include "cardhall/registry.h"
#include "store.h"
#include "walckpt.h"

static char path[512];
static int on_pg; /* path is CH_TEST_PG_URL */

static int setup(void **unused)
{
    const char *url = getenv("CH_TEST_PG_URL");
    on_pg = url && *url;
    if (!on_pg) {
        snprintf(path, sizeof path, "/tmp/ch_store_%d.db", (int)getpid());
        unlink(path);
        return 0;
    }
    snprintf(path, sizeof path, "%s", url);
    PGconn *c = PQconnectdb(url);
    PGresult *r = PQexec(c, "SET client_min_messages=warning; DROP SCHEMA public CASCADE; "
                            "CREATE SCHEMA public");
    int ok = PQresultStatus(r) == PGRES_COMMAND_OK;
    if (!ok) fprintf(stderr, "test_store: %s", PQerrorMessage(c));
    PQclear(r);
    PQfinish(c);
    return ok ? 0 : -1;
}

/* For the tests that read or write the SQLite file themselves. */
#define SQLITE_ONLY()                                                                              \
    do {                                                                                           \
        if (on_pg) skip();                                                                         \
    } while (0)

static int teardown(void **unused)
{
    if (on_pg) return 0;
    char p[600];
    unlink(path);
    snprintf(p, sizeof p, "%s-wal", path);
    unlink(p);
    snprintf(p, sizeof p, "%s-shm", path);
    unlink(p);
    return 0;
}

/* One move by whoever plays the seat to move (bot or the first legal move),
 * committed before it is applied, as the server does. */
static void step(sv_store *s, tb_room *r)
{
    ch_action a;
    ch_err err;
    if (!tb_room_bot_due(r, 0, &a)) {
        const void *st = ch_match_state(&r->m);
        r->game->legal(st, r->acts);
        a = r->acts[0];
    }
    char text[256];
    r->game->action_text(ch_match_state(&r->m), a, text, sizeof text);
    ch_action back;
    assert_int_equal(tb_room_check(r, tb_room_to_move(r), text, &back, &err), CH_OK);
    assert_true(back == a);
    assert_int_equal(sv_store_move(s, r, r->m.n_actions, text, &err), CH_OK);
    assert_int_equal(tb_room_apply(r, a, &err), CH_OK);
}

/* Opens the store and adds a two-seat Rack-O table, seed 5, to it. */
static const ch_game *open_racko_table(sv_store *s, tb_room *r, const char *specs[2])
{
    ch_err err;
    assert_int_equal(sv_store_open(s, path, &err), CH_OK);
    const ch_game *g = ch_game_find("racko");
    json_t *o = json_pack("{s:i}", "players", 2);
    assert_int_equal(tb_room_init(r, 0, g, o, NULL, specs, 2, 5, 0, &err), CH_OK);
    json_decref(o);
    assert_int_equal(sv_store_add_table(s, r, specs, &err), CH_OK);
    return g;
}

static tb_room *loaded;
static int n_loaded;

static int take(void *ctx, tb_room *r)
{
    loaded = r;
    n_loaded++;
    return CH_OK;
}

static int take_all(void *ctx, tb_room *r)
{
    ((tb_room **)ctx)[n_loaded++] = r;
    return CH_OK;
}

static void reload(sv_store *s)
{
    ch_err err;
    sv_store_close(s);
    if (sv_store_open(s, path, &err) != CH_OK) fail_msg("%s", err.msg);
    n_loaded = 0;
    if (sv_store_load(s, 5000, take, NULL, &err) != CH_OK) fail_msg("%s", err.msg);
    assert_int_equal(n_loaded, 1);
}

static void tables_seats_and_moves_come_back_exactly(void **unused)
{
    sv_store s;
    ch_err err;
    assert_int_equal(sv_store_open(&s, path, &err), CH_OK);
    const ch_game *g = ch_game_find("ragamaru");
    const char *specs[] = {"open", "heuristic", "random"};
    json_t *o = json_pack("{s:i}", "players", 3);
    tb_room r;
    assert_int_equal(tb_room_init(&r, 0, g, o, NULL, specs, 3, 987654321, 30000, &err), CH_OK);
    json_decref(o);
    assert_int_equal(sv_store_add_table(&s, &r, specs, &err), CH_OK);
    assert_true(r.id > 0);
    unsigned char h[TB_TOKEN_HASH] = {1, 2, 3};
    assert_int_equal(tb_room_join(&r, 0, "Ann", h, &err), 0);
    assert_int_equal(sv_store_seat(&s, &r, 0, &err), CH_OK);
    for (int i = 0; i < 30 && r.status == TB_ROOM_RUNNING; i++)
        step(&s, &r);
    reload(&s);
    assert_int_equal(loaded->id, r.id);
    assert_int_equal(loaded->m.n_actions, r.m.n_actions);
    assert_true(ch_equal(g, ch_match_state(&loaded->m), ch_match_state(&r.m)));
    assert_int_equal(tb_room_seat_of(loaded, h), 0);
    assert_string_equal(loaded->seats[0].name, "Ann");
    assert_int_equal(loaded->seats[0].present, 0); /* nobody is connected after a restart */
    assert_int_equal(loaded->timeout_ms, 30000);

    /* Finish, rematch, a few moves of game 1; then game 0 is a record that replays. */
    tb_room_leave(&r, 0, &err);
    for (int i = 0; i < 200000 && r.status == TB_ROOM_RUNNING; i++)
        step(&s, &r);
    assert_int_equal(r.status, TB_ROOM_FINISHED);
    assert_int_equal(tb_room_rematch(&r, 777, &err), CH_OK);
    assert_int_equal(sv_store_rematch(&s, &r, &err), CH_OK);
    for (int i = 0; i < 5; i++)
        step(&s, &r);
    tb_room_free(loaded);
    free(loaded);
    reload(&s);
    assert_int_equal(loaded->game_no, 1);
    assert_true(ch_equal(g, ch_match_state(&loaded->m), ch_match_state(&r.m)));
    json_t *rec = sv_store_record(&s, loaded, 0, &err);
    assert_non_null(rec);
    ch_match m;
    assert_int_equal(ch_match_from_record(&m, g, rec, &err), CH_OK);
    assert_int_equal(g->to_move(ch_match_state(&m)), CH_TERMINAL);
    ch_match_free(&m);
    json_decref(rec);
    assert_null(sv_store_record(&s, loaded, 1, &err)); /* still being played */
    tb_room_free(loaded);
    free(loaded);
    tb_room_free(&r);
    sv_store_close(&s);
}

/* A Babasuki table's card content is stored with it and comes back. */
static void card_content_comes_back(void **unused)
{
    (void)unused;
    sv_store s;
    ch_err err;
    assert_int_equal(sv_store_open(&s, path, &err), CH_OK);
    const ch_game *g = ch_game_find("babasuki");
    char *csv;
    size_t len;
    assert_int_equal(
        ch_file_read("tests/data/babasuki/spaces_and_blank_lines.csv", 1 << 16, &csv, &len, &err),
        CH_OK);
    const char *specs[] = {"random", "random"};
    json_t *o = json_pack("{s:i,s:s}", "players", 2, "cards", "mine.csv");
    json_t *d = json_pack("{s:s#}", "cards", csv, (int)len);
    tb_room r;
    assert_int_equal(tb_room_init(&r, 0, g, o, d, specs, 2, 5, 0, &err), CH_OK);
    json_decref(o);
    json_decref(d);
    assert_int_equal(sv_store_add_table(&s, &r, specs, &err), CH_OK);
    for (int i = 0; i < 20 && r.status == TB_ROOM_RUNNING; i++)
        step(&s, &r);
    reload(&s);
    int k = ch_opts_index(g->opts, g->n_opts, "cards");
    assert_int_equal(loaded->opts.data_len[k], len);
    assert_memory_equal(loaded->opts.data[k], csv, len);
    assert_true(ch_equal(g, ch_match_state(&loaded->m), ch_match_state(&r.m)));
    free(csv);
    tb_room_free(loaded);
    free(loaded);
    tb_room_free(&r);
    sv_store_close(&s);
}

/* Issue 23: an open table stored by an older server that could never start
 * (partnership=true for 2 players, RK-V3 needs 4) is left out on loading,
 * with the others loaded; the file keeps it. */
static void a_stored_table_that_could_never_start_is_left_out(void **unused)
{
    SQLITE_ONLY();
    sv_store s;
    ch_err err;
    assert_int_equal(sv_store_open(&s, path, &err), CH_OK);
    const ch_game *g = ch_game_find("racko");
    const char *specs[] = {"open", "open"};
    json_t *o = json_pack("{s:i}", "players", 2);
    tb_room a, b;
    assert_int_equal(tb_room_init(&a, 0, g, o, NULL, specs, 2, 1, 0, &err), CH_OK);
    assert_int_equal(tb_room_init(&b, 0, g, o, NULL, specs, 2, 2, 0, &err), CH_OK);
    json_decref(o);
    assert_int_equal(sv_store_add_table(&s, &a, specs, &err), CH_OK);
    assert_int_equal(sv_store_add_table(&s, &b, specs, &err), CH_OK);
    char sql[160];
    snprintf(sql, sizeof sql,
             "UPDATE tables SET options=json_set(options,'$.partnership','true') WHERE id=%lld",
             (long long)a.id);
    assert_int_equal(sqlite3_exec(sv_store_sqlite_db(&s), sql, NULL, NULL, NULL), SQLITE_OK);
    reload(&s); /* exactly one table */
    assert_int_equal(loaded->id, b.id);
    tb_room_free(loaded);
    free(loaded);
    sqlite3_stmt *st;
    assert_int_equal(sqlite3_prepare_v2(sv_store_sqlite_db(&s), "SELECT count(*) FROM tables", -1, &st, NULL),
                     SQLITE_OK);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    assert_int_equal(sqlite3_column_int(st, 0), 2);
    sqlite3_finalize(st);
    tb_room_free(&a);
    tb_room_free(&b);
    sv_store_close(&s);
}

static void a_newer_schema_is_refused(void **unused)
{
    SQLITE_ONLY();
    sv_store s;
    ch_err err;
    assert_int_equal(sv_store_open(&s, path, &err), CH_OK);
    assert_int_equal(sqlite3_exec(sv_store_sqlite_db(&s), "PRAGMA user_version=99", NULL, NULL, NULL), SQLITE_OK);
    sv_store_close(&s);
    assert_int_equal(sv_store_open(&s, path, &err), CH_EFORMAT);
    assert_non_null(strstr(err.msg, "99"));
}

/* Issue 25: a database of schema 2 (as cardhall wrote it before chat and
 * clocks) is upgraded in place: its table and moves still replay. Then chat
 * (the last TB_CHAT_KEEP of a table), each move's clocks and a move made
 * for a person out of time come back after a restart. */
static void schema_2_upgrades_and_chat_and_clocks_come_back(void **unused)
{
    SQLITE_ONLY();
    sqlite3 *db;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    /* Schema 2, frozen as it was shipped. */
    assert_int_equal(
        sqlite3_exec(db,
                     "CREATE TABLE tables (id INTEGER PRIMARY KEY AUTOINCREMENT, game TEXT NOT "
                     "NULL, options TEXT NOT NULL, seats TEXT NOT NULL, seed TEXT NOT NULL, "
                     "timeout_ms INTEGER NOT NULL, game_no INTEGER NOT NULL DEFAULT 0, created "
                     "INTEGER NOT NULL DEFAULT (strftime('%s','now')), data TEXT NOT NULL DEFAULT "
                     "'{}');"
                     "CREATE TABLE seats (table_id INTEGER NOT NULL REFERENCES tables(id), seat "
                     "INTEGER NOT NULL, name TEXT NOT NULL, token_sha256 BLOB NOT NULL, PRIMARY "
                     "KEY (table_id, seat));"
                     "CREATE TABLE games (table_id INTEGER NOT NULL REFERENCES tables(id), game_no "
                     "INTEGER NOT NULL, seed TEXT NOT NULL, PRIMARY KEY (table_id, game_no)) "
                     "WITHOUT ROWID;"
                     "CREATE TABLE moves (table_id INTEGER NOT NULL REFERENCES tables(id), game_no "
                     "INTEGER NOT NULL, ply INTEGER NOT NULL, action TEXT NOT NULL, PRIMARY KEY "
                     "(table_id, game_no, ply)) WITHOUT ROWID;"
                     "INSERT INTO tables(game, options, seats, seed, timeout_ms) VALUES "
                     "('racko', '{\"players\":\"2\"}', '[\"random\",\"random\"]', '5', 1000);"
                     "INSERT INTO games VALUES (1, 0, '5');"
                     "PRAGMA user_version=2;",
                     NULL, NULL, NULL),
        SQLITE_OK);
    /* Two moves of that game, as the bots would play them. */
    tb_room r;
    ch_err err;
    const ch_game *g = ch_game_find("racko");
    json_t *o = json_pack("{s:i}", "players", 2);
    assert_int_equal(tb_room_init(&r, 1, g, o, NULL, (const char *const[]){"random", "random"}, 2,
                                  5, 1000, &err),
                     CH_OK);
    json_decref(o);
    for (int i = 0; i < 2; i++) {
        ch_action a;
        char text[256], sql[400];
        assert_int_equal(tb_room_bot_due(&r, 0, &a), 1);
        g->action_text(ch_match_state(&r.m), a, text, sizeof text);
        snprintf(sql, sizeof sql, "INSERT INTO moves VALUES (1, 0, %d, '%s')", i, text);
        assert_int_equal(sqlite3_exec(db, sql, NULL, NULL, NULL), SQLITE_OK);
        assert_int_equal(tb_room_apply(&r, a, &err), CH_OK);
    }
    sqlite3_close(db);
    sv_store s;
    assert_int_equal(sv_store_open(&s, path, &err), CH_OK);
    n_loaded = 0;
    assert_int_equal(sv_store_load(&s, 0, take, NULL, &err), CH_OK);
    assert_int_equal(n_loaded, 1);
    assert_true(ch_equal(g, ch_match_state(&loaded->m), ch_match_state(&r.m)));
    assert_false(tb_clock_on(&loaded->clock));
    assert_int_equal(loaded->spectator_chat, 1);
    assert_int_equal(loaded->chat.n, 0);
    tb_room_free(loaded);
    free(loaded);
    tb_room_free(&r);

    /* A table with a clock, chat and a timed-out move. */
    o = json_pack("{s:i}", "players", 2);
    assert_int_equal(tb_room_init(&r, 0, g, o, NULL, (const char *const[]){"open", "random"}, 2, 9,
                                  60000, &err),
                     CH_OK);
    json_decref(o);
    assert_int_equal(tb_room_set_clock(&r, 5000, 2000, &err), CH_OK);
    r.spectator_chat = 0;
    assert_int_equal(sv_store_add_table(&s, &r, (const char *const[]){"open", "random"}, &err),
                     CH_OK);
    unsigned char h[TB_TOKEN_HASH] = {7};
    assert_int_equal(tb_room_join(&r, 0, "Ann", h, &err), 0);
    assert_int_equal(sv_store_seat(&s, &r, 0, &err), CH_OK);
    tb_room_clock_sync(&r, 0);
    int64_t now = 0;
    int timed_out_ply = -1;
    for (int i = 0; i < 6; i++) {
        ch_action a;
        /* Ann never moves: her bank runs out and the heuristic plays. */
        int p = tb_room_to_move(&r);
        if (p == 0) now += tb_clock_left(&r.clock, 0, now);
        else now += 300;
        assert_int_equal(tb_room_bot_due(&r, now, &a), 1);
        int64_t left[CH_MAX_PLAYERS];
        int n = tb_room_clock_after(&r, now, left);
        int out = tb_room_timed_out(&r, now) >= 0;
        if (out && timed_out_ply < 0) timed_out_ply = r.m.n_actions;
        char text[256];
        g->action_text(ch_match_state(&r.m), a, text, sizeof text);
        assert_int_equal(sv_store_move_at(&s, &r, r.m.n_actions, text, out, left, n, &err), CH_OK);
        assert_int_equal(tb_room_apply_at(&r, a, now, &err), CH_OK);
    }
    assert_true(timed_out_ply >= 0);
    char text[32];
    for (int i = 0; i < TB_CHAT_KEEP + 20; i++) {
        snprintf(text, sizeof text, "hello %d", i);
        tb_chat tmp;
        tb_chat_init(&tmp);
        tmp.last_id = r.chat.last_id;
        const tb_chat_msg *m = tb_chat_add(&tmp, 0, i % 2 ? 0 : -1, i % 2 ? "Ann" : "", text,
                                           strlen(text), &err);
        assert_int_equal(sv_store_chat(&s, &r, m, &err), CH_OK);
        assert_non_null(tb_chat_add(&r.chat, m->id, m->seat, m->name, m->text, m->len, &err));
        tb_chat_free(&tmp);
    }
    sqlite3_stmt *st;
    assert_int_equal(sqlite3_prepare_v2(sv_store_sqlite_db(&s), "SELECT count(*) FROM chat WHERE table_id=?", -1,
                                        &st, NULL),
                     SQLITE_OK);
    sqlite3_bind_int64(st, 1, r.id);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    assert_int_equal(sqlite3_column_int(st, 0), TB_CHAT_KEEP); /* bounded on disk too */
    sqlite3_finalize(st);
    sv_store_close(&s);
    assert_int_equal(sv_store_open(&s, path, &err), CH_OK);
    n_loaded = 0;
    tb_room *back[2];
    assert_int_equal(sv_store_load(&s, 0, take_all, back, &err), CH_OK);
    assert_int_equal(n_loaded, 2);
    tb_room *b = back[1];
    assert_int_equal(b->clock.bank_ms, 5000);
    assert_int_equal(b->clock.inc_ms, 2000);
    assert_int_equal(b->spectator_chat, 0);
    assert_int_equal(b->clock.running, -1);
    for (int i = 0; i < 2; i++)
        assert_int_equal(tb_clock_left(&b->clock, i, 0), tb_clock_left(&r.clock, i, now));
    assert_true(tb_clock_was_timeout(&b->clock, timed_out_ply));
    int bots = 0;
    for (int k = 0; k < r.m.n_actions; k++) {
        assert_int_equal(tb_clock_was_timeout(&b->clock, k), tb_clock_was_timeout(&r.clock, k));
        bots += !tb_clock_was_timeout(&r.clock, k);
    }
    assert_true(bots > 0); /* the random seat's moves are not timeouts */
    assert_int_equal(b->chat.n, TB_CHAT_KEEP);
    assert_int_equal(b->chat.last_id, r.chat.last_id);
    for (int i = 0; i < TB_CHAT_KEEP; i++) {
        const tb_chat_msg *x = tb_chat_at(&b->chat, i), *y = tb_chat_at(&r.chat, i);
        assert_int_equal(x->id, y->id);
        assert_int_equal(x->seat, y->seat);
        assert_string_equal(x->name, y->name);
        assert_string_equal(x->text, y->text);
    }
    for (int i = 0; i < 2; i++) {
        tb_room_free(back[i]);
        free(back[i]);
    }
    tb_room_free(&r);
    sv_store_close(&s);
}

/* Issue 27: two servers on one database race for a ply; the database
 * takes the first and refuses the second with CH_ESTATE (the ordinary
 * error its client gets), on either backend. The stored game is the
 * winner's. */
static void a_second_move_at_one_ply_is_refused(void **unused)
{
    sv_store s;
    ch_err err;
    tb_room r;
    const ch_game *g = open_racko_table(&s, &r, (const char *[]){"random", "random"});
    step(&s, &r);
    /* The same ply again, as a second server with a stale room would. */
    const void *st = ch_match_state(&r.m);
    int n = r.game->legal(st, r.acts);
    assert_true(n > 0);
    char text[256];
    r.game->action_text(st, r.acts[n - 1], text, sizeof text);
    assert_int_equal(sv_store_move(&s, &r, r.m.n_actions - 1, text, &err), CH_ESTATE);
    assert_non_null(strstr(err.msg, "made already"));
    step(&s, &r); /* the next ply is still free */
    reload(&s);
    assert_int_equal(loaded->m.n_actions, 2);
    assert_true(ch_equal(g, ch_match_state(&loaded->m), ch_match_state(&r.m)));
    tb_room_free(loaded);
    free(loaded);
    tb_room_free(&r);
    sv_store_close(&s);
}

/* Moves in the database as another connection (a reader, or the file
 * after a kill -9) sees them: committed ones only. */
static int committed_moves(void)
{
    sqlite3 *db;
    sqlite3_stmt *st;
    assert_int_equal(sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_prepare_v2(db, "SELECT count(*) FROM moves", -1, &st, NULL),
                     SQLITE_OK);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    int n = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    sqlite3_close(db);
    return n;
}

static int told_moves, told_groups;

static void committed(void *ctx, int moves, double seconds)
{
    (void)ctx;
    assert_true(seconds >= 0);
    told_moves += moves;
    told_groups++;
}

/* Issue 29: with group commits on, the moves stored until sv_store_commit
 * are one transaction: none is in the database before it, all are after
 * it (the server tells nobody of them until then); any other write commits
 * the group first; a refused move (CH_ESTATE) does not lose the group. On
 * PostgreSQL, which has no groups, every move is committed at once. */
static void moves_of_a_group_are_committed_together(void **unused)
{
    sv_store s;
    ch_err err;
    tb_room r;
    const ch_game *g = open_racko_table(&s, &r, (const char *[]){"open", "random"});
    s.committed = committed;
    told_moves = told_groups = 0;
    unsigned char h[TB_TOKEN_HASH] = {4, 5, 6};
    assert_int_equal(tb_room_join(&r, 0, "Bo", h, &err), 0);
    assert_int_equal(sv_store_seat(&s, &r, 0, &err), CH_OK);
    sv_store_group(&s, 1);
    step(&s, &r);
    if (on_pg) {
        assert_false(sv_store_pending(&s));
    } else {
        step(&s, &r);
        step(&s, &r);
        assert_true(sv_store_pending(&s));
        assert_int_equal(committed_moves(), 0);
        /* The same ply again: refused, and the group goes on. */
        assert_int_equal(sv_store_move(&s, &r, r.m.n_actions - 1, "x", &err), CH_ESTATE);
        assert_true(sv_store_pending(&s));
        assert_int_equal(sv_store_commit(&s, &err), CH_OK);
        assert_false(sv_store_pending(&s));
        assert_int_equal(committed_moves(), 3);
        assert_int_equal(told_moves, 3);
        assert_int_equal(told_groups, 1);
        assert_int_equal(s.groups, 1);

        /* The seat written again: a write of its own, after the group's commit. */
        step(&s, &r);
        step(&s, &r);
        assert_int_equal(committed_moves(), 3);
        assert_int_equal(sv_store_seat(&s, &r, 0, &err), CH_OK);
        assert_false(sv_store_pending(&s));
        assert_int_equal(committed_moves(), 5);
        assert_int_equal(told_moves, 5);
        step(&s, &r); /* committed by the close */
    }
    reload(&s);
    assert_int_equal(loaded->m.n_actions, r.m.n_actions);
    assert_true(ch_equal(g, ch_match_state(&loaded->m), ch_match_state(&r.m)));
    tb_room_free(loaded);
    free(loaded);
    tb_room_free(&r);
    sv_store_close(&s);
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static long long file_size(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 ? (long long)st.st_size : -1;
}

/* The frames in the log after each commit of a connection, and how often
 * it went back to its start. */
typedef struct log_track {
    int last, most, restarts;
} log_track;

static int track_log(void *arg, sqlite3 *db, const char *name, int frames)
{
    (void)db, (void)name;
    log_track *t = arg;
    if (frames < t->last) t->restarts++;
    if (frames > t->most) t->most = frames;
    t->last = frames;
    return SQLITE_OK;
}

/* Issue 29: the store's own connection, the loop's, never checkpoints the
 * log (the copy and its sync stalled every table for 12-16 ms); a thread of
 * the store copies it into the file meanwhile, and under commits that never
 * pause restarts it, so the log stays bounded. */
static void the_log_is_checkpointed_off_the_loop(void **unused)
{
    SQLITE_ONLY();
    sv_store s;
    ch_err err;
    assert_int_equal(sv_store_open(&s, path, &err), CH_OK);
    sqlite3 *db = sv_store_sqlite_db(&s);
    sqlite3_stmt *st = NULL;
    assert_int_equal(sqlite3_prepare_v2(db, "PRAGMA wal_autocheckpoint", -1, &st, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    assert_int_equal(sqlite3_column_int(st, 0), 0);
    sqlite3_finalize(st);
    assert_int_equal(sqlite3_exec(db, "CREATE TABLE filler(x BLOB)", NULL, NULL, NULL), SQLITE_OK);
    long long before = file_size(path);
    /* The commit hook, which wal_autocheckpoint=0 leaves unused here. */
    log_track track = {0};
    sqlite3_wal_hook(db, track_log, &track);
    /* Commits one after another, each its own transaction, for at least
     * ten checkpoint rounds and three restarts' worth of frames, and until
     * the log has gone back to its start twice. A restart waits for a
     * moment between two commits, which a thread that gets little of a
     * busy machine's CPU may take a few rounds to find: hence a bound of
     * a minute rather than of the ten rounds, and of a log 32 times the
     * mark (0.5 GB; it stays under 8 times, where the restart may wait). */
    long commits = 0;
    double t0 = now_s();
    while (commits < 3 * SV_CKPT_RESTART_FRAMES || now_s() - t0 < 10 * SV_CKPT_MS / 1000.0 ||
           (track.restarts < 2 && now_s() - t0 < 60 &&
            track.most < 32 * SV_CKPT_RESTART_FRAMES)) {
        assert_int_equal(
            sqlite3_exec(db, "INSERT INTO filler VALUES (zeroblob(200))", NULL, NULL, NULL),
            SQLITE_OK);
        commits++;
    }
    sqlite3_wal_hook(db, NULL, NULL);
    print_message("%ld commits in %.1f s, %d restarts, at most %d frames in the log\n", commits,
                  now_s() - t0, track.restarts, track.most);
    assert_true(track.restarts >= 2);
    assert_true(track.most < 32 * SV_CKPT_RESTART_FRAMES);
    /* Copied into the file by the thread: this connection never did. */
    assert_true(file_size(path) > before);
    /* Every commit wrote at least a frame: a log that was never restarted
     * would hold at least as many frames as there were commits. */
    int log = -1, done = -1, rc = SQLITE_BUSY;
    for (int tries = 0; rc == SQLITE_BUSY && tries < 200; tries++) {
        rc = sqlite3_wal_checkpoint_v2(db, NULL, SQLITE_CHECKPOINT_PASSIVE, &log, &done);
        if (rc == SQLITE_BUSY) /* the thread's checkpoint of the moment */
            nanosleep(&(struct timespec){0, 10000000}, NULL);
    }
    assert_int_equal(rc, SQLITE_OK);
    assert_true(log >= 0);
    assert_true(log < commits);
    sv_store_close(&s);
    /* Closed, the log is gone and every row is in the file. */
    char wal[600];
    snprintf(wal, sizeof wal, "%s-wal", path);
    assert_int_equal(access(wal, F_OK), -1);
    assert_int_equal(sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_prepare_v2(db, "SELECT count(*) FROM filler", -1, &st, NULL),
                     SQLITE_OK);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    assert_int_equal(sqlite3_column_int64(st, 0), commits);
    sqlite3_finalize(st);
    sqlite3_close(db);
}

/* Issue 27: what the server prints of a PostgreSQL URL has no password. */
static void a_urls_password_is_never_printed(void **unused)
{
    char out[256];
    sv_store_redact("/var/lib/cardhall/cardhall.db", out, sizeof out);
    assert_string_equal(out, "/var/lib/cardhall/cardhall.db");
    assert_false(sv_store_is_pg("/var/lib/cardhall/cardhall.db"));
    assert_true(sv_store_is_pg("postgres://h/db"));
    sv_store_redact("postgresql://ann:s3cr%40t@db.example:5432/cardhall", out, sizeof out);
    assert_string_equal(out, "postgresql://ann:***@db.example:5432/cardhall");
    sv_store_redact("postgres://ann@db/cardhall?sslmode=require&password=s3cret", out, sizeof out);
    assert_string_equal(out, "postgres://ann@db/cardhall?sslmode=require&password=***");
    sv_store_redact("postgresql://ann:pw@h/db?password=pw2&x=1", out, sizeof out);
    assert_string_equal(out, "postgresql://ann:***@h/db?password=***&x=1");
    sv_store_redact("postgresql:///cardhall?host=/run/postgresql", out, sizeof out);
    assert_string_equal(out, "postgresql:///cardhall?host=/run/postgresql");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(tables_seats_and_moves_come_back_exactly, setup, teardown),
        cmocka_unit_test_setup_teardown(card_content_comes_back, setup, teardown),
        cmocka_unit_test_setup_teardown(a_newer_schema_is_refused, setup, teardown),
        cmocka_unit_test_setup_teardown(schema_2_upgrades_and_chat_and_clocks_come_back, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(a_stored_table_that_could_never_start_is_left_out, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(a_second_move_at_one_ply_is_refused, setup, teardown),
        cmocka_unit_test_setup_teardown(moves_of_a_group_are_committed_together, setup, teardown),
        cmocka_unit_test_setup_teardown(the_log_is_checkpointed_off_the_loop, setup, teardown),
        cmocka_unit_test(a_urls_password_is_never_printed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
