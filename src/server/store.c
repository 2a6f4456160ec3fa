/* See store.h: SQLite storage of tables, seats and moves. */
#define _DEFAULT_SOURCE /* flock */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "cardhall/registry.h"
#include "store.h"

static int sql_fail(sv_store *s, ch_err *err, const char *what)
{
    return ch_errf(err, CH_EIO, "database: %s: %s", what, sqlite3_errmsg(s->db));
}

/* Version 1: the first schema. A later version adds a step here that
 * upgrades from the one before, inside the same transaction. */
static const char *const migrations[SV_SCHEMA_VERSION] = {
    "CREATE TABLE tables ("
    " id INTEGER PRIMARY KEY AUTOINCREMENT,"
    " game TEXT NOT NULL,"
    " options TEXT NOT NULL," /* JSON object of option texts */
    " seats TEXT NOT NULL,"   /* JSON array of seat specs: open or a bot name (v4: or a level) */
    " seed TEXT NOT NULL,"    /* of game 0, decimal: seeds use all 64 bits */
    " timeout_ms INTEGER NOT NULL,"
    " game_no INTEGER NOT NULL DEFAULT 0,"
    " created INTEGER NOT NULL DEFAULT (strftime('%s','now')));"
    "CREATE TABLE seats ("
    " table_id INTEGER NOT NULL REFERENCES tables(id),"
    " seat INTEGER NOT NULL,"
    " name TEXT NOT NULL,"
    " token_sha256 BLOB NOT NULL," /* the token itself is never stored */
    " PRIMARY KEY (table_id, seat));"
    "CREATE TABLE games (" /* every game of a table: rematches */
    " table_id INTEGER NOT NULL REFERENCES tables(id),"
    " game_no INTEGER NOT NULL,"
    " seed TEXT NOT NULL," /* fresh randomness per game, never derived */
    " PRIMARY KEY (table_id, game_no)) WITHOUT ROWID;"
    "CREATE TABLE moves ("
    " table_id INTEGER NOT NULL REFERENCES tables(id),"
    " game_no INTEGER NOT NULL,"
    " ply INTEGER NOT NULL,"
    " action TEXT NOT NULL," /* notation, as ch_parse_action reads it */
    " PRIMARY KEY (table_id, game_no, ply)) WITHOUT ROWID;",
    /* Version 2: a table's data files as content (Babasuki's cards), a JSON
     * object of option key to content; '{}' for none. */
    "ALTER TABLE tables ADD COLUMN data TEXT NOT NULL DEFAULT '{}';",
    /* Version 3 (issue 25): table chat, the last TB_CHAT_KEEP messages of a
     * table (seat NULL: a spectator's); turn clocks (bank 0: none) and
     * whether spectators may chat; per move, whether the heuristic made it
     * for a person out of time and the banks after it (a JSON array of ms
     * per seat, NULL without a clock). */
    "CREATE TABLE chat ("
    " table_id INTEGER NOT NULL REFERENCES tables(id),"
    " id INTEGER NOT NULL," /* 1, 2, ... per table */
    " seat INTEGER,"
    " name TEXT NOT NULL,"
    " text TEXT NOT NULL,"
    " PRIMARY KEY (table_id, id)) WITHOUT ROWID;"
    "ALTER TABLE tables ADD COLUMN clock_bank_ms INTEGER NOT NULL DEFAULT 0;"
    "ALTER TABLE tables ADD COLUMN clock_inc_ms INTEGER NOT NULL DEFAULT 0;"
    "ALTER TABLE tables ADD COLUMN spectator_chat INTEGER NOT NULL DEFAULT 1;"
    "ALTER TABLE moves ADD COLUMN timeout INTEGER NOT NULL DEFAULT 0;"
    "ALTER TABLE moves ADD COLUMN clock TEXT;",
    /* Version 4 (issue 24): whether people at the table may ask for a
     * suggested move. A seat of the tables.seats array may now also be
     * {"level": "hard", "bot": "pimc"}: a level and the bot it stood for. */
    "ALTER TABLE tables ADD COLUMN hints INTEGER NOT NULL DEFAULT 0;",
    /* Version 5 (issue 24): how long a hand's summary waits (ms, 0: for
     * everyone); older tables get the default. */
    "ALTER TABLE tables ADD COLUMN hand_pause_ms INTEGER NOT NULL DEFAULT 30000;",
};

static int migrate(sv_store *s, ch_err *err)
{
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(s->db, "PRAGMA user_version", -1, &st, NULL) != SQLITE_OK)
        return sql_fail(s, err, "user_version");
    int version = sqlite3_step(st) == SQLITE_ROW ? sqlite3_column_int(st, 0) : -1;
    sqlite3_finalize(st);
    if (version < 0 || version > SV_SCHEMA_VERSION)
        return ch_errf(err, CH_EFORMAT,
                       "database: schema version %d is newer than this cardhall (%d)", version,
                       SV_SCHEMA_VERSION);
    for (int v = version; v < SV_SCHEMA_VERSION; v++) {
        char pragma[64];
        snprintf(pragma, sizeof pragma, "PRAGMA user_version=%d;", v + 1);
        if (sqlite3_exec(s->db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK ||
            sqlite3_exec(s->db, migrations[v], NULL, NULL, NULL) != SQLITE_OK ||
            sqlite3_exec(s->db, pragma, NULL, NULL, NULL) != SQLITE_OK ||
            sqlite3_exec(s->db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK) {
            int rc = sql_fail(s, err, "schema upgrade");
            sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
            return rc;
        }
    }
    return CH_OK;
}

int sv_store_open(sv_store *s, const char *path, ch_err *err)
{
    memset(s, 0, sizeof *s);
    s->lock_fd = -1;
    if (sqlite3_open_v2(path, &s->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL) !=
        SQLITE_OK) {
        int rc = ch_errf(err, CH_EIO, "database %s: %s", path,
                         s->db ? sqlite3_errmsg(s->db) : "cannot open");
        sv_store_close(s);
        return rc;
    }
    sqlite3_busy_timeout(s->db, SV_STORE_BUSY_MS);
    /* One server per database: an flock on the file (SQLite's own locks
     * are fcntl locks, which flock does not touch). Not SQLite's exclusive
     * locking mode, which kept every other process out, `cardhall backup`
     * of the live file included (issue 27). */
    s->lock_fd = open(path, O_RDONLY | O_CLOEXEC);
    if (s->lock_fd < 0 || flock(s->lock_fd, LOCK_EX | LOCK_NB) != 0) {
        int rc = ch_errf(err, CH_EIO, "database %s: %s", path,
                         errno == EWOULDBLOCK ? "another cardhall serve is using it"
                                              : strerror(errno));
        sv_store_close(s);
        return rc;
    }
    int rc = CH_OK;
    if (sqlite3_exec(s->db,
                     "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON;",
                     NULL, NULL, NULL) != SQLITE_OK)
        rc = sql_fail(s, err, "pragmas");
    if (rc == CH_OK) rc = migrate(s, err);
    if (rc == CH_OK &&
        sqlite3_prepare_v2(s->db,
                           "INSERT INTO moves(table_id, game_no, ply, action, timeout, clock) "
                           "VALUES (?,?,?,?,?,?)",
                           -1,
                           &s->add_move, NULL) != SQLITE_OK)
        rc = sql_fail(s, err, "prepare");
    if (rc != CH_OK) sv_store_close(s);
    return rc;
}

void sv_store_close(sv_store *s)
{
    sqlite3_finalize(s->add_move);
    sqlite3_close(s->db);
    /* Closed after SQLite's own descriptors: closing any descriptor of the
     * file drops every fcntl lock the process holds on it. */
    if (s->lock_fd >= 0) close(s->lock_fd);
    memset(s, 0, sizeof *s);
    s->lock_fd = -1;
}

/* Runs one statement with bound values: 'i' int64, 't' text, 'b' a token
 * hash. */
static int run(sv_store *s, ch_err *err, const char *sql, const char *types, ...)
{
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) != SQLITE_OK) return sql_fail(s, err, sql);
    va_list ap;
    va_start(ap, types);
    for (int i = 0; types[i]; i++) {
        if (types[i] == 'i')
            sqlite3_bind_int64(st, i + 1, va_arg(ap, int64_t));
        else if (types[i] == 't')
            sqlite3_bind_text(st, i + 1, va_arg(ap, const char *), -1, SQLITE_TRANSIENT);
        else
            sqlite3_bind_blob(st, i + 1, va_arg(ap, const unsigned char *), TB_TOKEN_HASH,
                              SQLITE_TRANSIENT);
    }
    va_end(ap);
    int rc = sqlite3_step(st) == SQLITE_DONE ? CH_OK : sql_fail(s, err, "write");
    sqlite3_finalize(st);
    return rc;
}

int sv_store_add_table(sv_store *s, tb_room *r, const char *const *specs, ch_err *err)
{
    json_t *sum = tb_room_summary(r);
    char *opts = json_dumps(json_object_get(sum, "options"), JSON_COMPACT | JSON_SORT_KEYS);
    json_decref(sum);
    json_t *seats = json_array();
    for (int i = 0; i < r->n_seats; i++) {
        const tb_seat *st = &r->seats[i];
        /* A level is stored with the bot it resolved to, which a restart
         * keeps (issue 24): {"level": "hard", "bot": "pimc"}. */
        if (st->kind == TB_SEAT_BOT && st->level >= 0)
            json_array_append_new(seats, json_pack("{s:s,s:s}", "level", ch_level_name(st->level),
                                                   "bot", st->bot.spec));
        else
            json_array_append_new(seats, json_string(specs[i] ? specs[i] : "open"));
    }
    char *seats_text = json_dumps(seats, JSON_COMPACT);
    json_decref(seats);
    json_t *data = json_object();
    for (int i = 0; i < r->game->n_opts; i++)
        if (r->opts.data[i])
            json_object_set_new(data, r->game->opts[i].key,
                                json_stringn(r->opts.data[i], r->opts.data_len[i]));
    char *data_text = json_dumps(data, JSON_COMPACT | JSON_SORT_KEYS);
    json_decref(data);
    char seed[32];
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)r->seed);
    int rc = opts && seats_text && data_text
                 ? run(s, err,
                       "INSERT INTO tables(game, options, seats, seed, timeout_ms, data, "
                       "clock_bank_ms, clock_inc_ms, spectator_chat, hints, hand_pause_ms) "
                       "VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                       "ttttitiiiii", r->game->name, opts, seats_text, seed, (int64_t)r->timeout_ms,
                       data_text, (int64_t)r->clock.bank_ms, (int64_t)r->clock.inc_ms,
                       (int64_t)r->spectator_chat, (int64_t)r->hints, (int64_t)r->hand_pause_ms)
                 : ch_errf(err, CH_ENOMEM, "out of memory");
    free(opts);
    free(seats_text);
    free(data_text);
    if (rc == CH_OK) {
        r->id = sqlite3_last_insert_rowid(s->db);
        rc = run(s, err, "INSERT INTO games(table_id, game_no, seed) VALUES (?,0,?)", "it",
                 (int64_t)r->id, seed);
    }
    return rc;
}

/* The seed game game_no of table id was dealt from. */
static int game_seed(sv_store *s, int64_t id, int game_no, uint64_t *seed, ch_err *err)
{
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(s->db, "SELECT seed FROM games WHERE table_id=? AND game_no=?", -1, &st,
                           NULL) != SQLITE_OK)
        return sql_fail(s, err, "games");
    sqlite3_bind_int64(st, 1, id);
    sqlite3_bind_int(st, 2, game_no);
    int rc = ch_errf(err, CH_EFORMAT, "table %lld: no seed for game %d", (long long)id, game_no);
    if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_text(st, 0)) {
        *seed = strtoull((const char *)sqlite3_column_text(st, 0), NULL, 10);
        rc = CH_OK;
    }
    sqlite3_finalize(st);
    return rc;
}

int sv_store_seat(sv_store *s, const tb_room *r, int seat, ch_err *err)
{
    return run(s, err,
               "INSERT OR REPLACE INTO seats(table_id, seat, name, token_sha256) "
               "VALUES (?,?,?,?)",
               "iitb", (int64_t)r->id, (int64_t)seat, r->seats[seat].name, r->seats[seat].hash);
}

int sv_store_unseat(sv_store *s, const tb_room *r, int seat, ch_err *err)
{
    return run(s, err, "DELETE FROM seats WHERE table_id=? AND seat=?", "ii", (int64_t)r->id,
               (int64_t)seat);
}

int sv_store_move(sv_store *s, const tb_room *r, int ply, const char *text, ch_err *err)
{
    return sv_store_move_at(s, r, ply, text, 0, NULL, 0, err);
}

int sv_store_move_at(sv_store *s, const tb_room *r, int ply, const char *text, int timeout,
                     const int64_t *left_ms, int n, ch_err *err)
{
    sqlite3_stmt *st = s->add_move;
    sqlite3_reset(st);
    sqlite3_bind_int64(st, 1, r->id);
    sqlite3_bind_int(st, 2, r->game_no);
    sqlite3_bind_int(st, 3, ply);
    sqlite3_bind_text(st, 4, text, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int(st, 5, timeout != 0);
    char *clock = NULL;
    if (n > 0) {
        json_t *a = json_array();
        for (int i = 0; i < n; i++)
            json_array_append_new(a, json_integer(left_ms[i]));
        clock = json_dumps(a, JSON_COMPACT);
        json_decref(a);
        if (!clock) return ch_errf(err, CH_ENOMEM, "out of memory");
        sqlite3_bind_text(st, 6, clock, -1, SQLITE_TRANSIENT);
    } else {
        sqlite3_bind_null(st, 6);
    }
    free(clock);
    int rc = sqlite3_step(st) == SQLITE_DONE ? CH_OK : sql_fail(s, err, "move");
    sqlite3_reset(st);
    return rc;
}

int sv_store_rematch(sv_store *s, const tb_room *r, ch_err *err)
{
    char seed[32];
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)r->seed);
    if (sqlite3_exec(s->db, "BEGIN", NULL, NULL, NULL) != SQLITE_OK)
        return sql_fail(s, err, "begin");
    int rc = run(s, err, "INSERT INTO games(table_id, game_no, seed) VALUES (?,?,?)", "iit",
                 (int64_t)r->id, (int64_t)r->game_no, seed);
    if (rc == CH_OK)
        rc = run(s, err, "UPDATE tables SET game_no=? WHERE id=?", "ii", (int64_t)r->game_no,
                 (int64_t)r->id);
    sqlite3_exec(s->db, rc == CH_OK ? "COMMIT" : "ROLLBACK", NULL, NULL, NULL);
    return rc;
}

/* Issue 25: a stored move's timeout mark and the banks after it (columns 2
 * and 3 of the row), so clocks and the log survive a restart. */
static int restore_clock(tb_room *r, sqlite3_stmt *st, int ply, ch_err *err)
{
    if (sqlite3_column_int(st, 2) && tb_clock_mark_timeout(&r->clock, ply) != CH_OK)
        return ch_errf(err, CH_ENOMEM, "out of memory");
    const char *clock = (const char *)sqlite3_column_text(st, 3);
    if (!clock || !tb_clock_on(&r->clock)) return CH_OK;
    json_t *a = json_loads(clock, 0, NULL);
    int64_t left[CH_MAX_PLAYERS];
    int n = (int)json_array_size(a), ok = json_is_array(a) && n == r->n_seats;
    for (int i = 0; ok && i < n; i++) {
        json_t *v = json_array_get(a, (size_t)i);
        ok = json_is_integer(v) && json_integer_value(v) >= 0;
        if (ok) left[i] = json_integer_value(v);
    }
    json_decref(a);
    if (!ok) return ch_errf(err, CH_EFORMAT, "table %lld: bad clock at move %d", (long long)r->id, ply);
    tb_room_clock_restore(r, left, n);
    return CH_OK;
}

/* The last TB_CHAT_KEEP chat messages of the table, oldest first. */
static int load_chat(sv_store *s, tb_room *r, ch_err *err)
{
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(s->db,
                           "SELECT id, seat, name, text FROM (SELECT * FROM chat WHERE table_id=? "
                           "ORDER BY id DESC LIMIT ?) ORDER BY id",
                           -1, &st, NULL) != SQLITE_OK)
        return sql_fail(s, err, "chat");
    sqlite3_bind_int64(st, 1, r->id);
    sqlite3_bind_int(st, 2, TB_CHAT_KEEP);
    int rc = CH_OK;
    while (rc == CH_OK && sqlite3_step(st) == SQLITE_ROW) {
        int seat = sqlite3_column_type(st, 1) == SQLITE_NULL ? -1 : sqlite3_column_int(st, 1);
        const char *text = (const char *)sqlite3_column_text(st, 3);
        ch_err e;
        if (!tb_chat_add(&r->chat, sqlite3_column_int64(st, 0), seat,
                         (const char *)sqlite3_column_text(st, 2), text ? text : "",
                         (size_t)sqlite3_column_bytes(st, 3), &e))
            rc = ch_errf(err, CH_EFORMAT, "table %lld: a stored chat message: %s",
                         (long long)r->id, e.msg);
    }
    sqlite3_finalize(st);
    return rc;
}

int sv_store_chat(sv_store *s, const tb_room *r, const tb_chat_msg *m, ch_err *err)
{
    if (sqlite3_exec(s->db, "BEGIN", NULL, NULL, NULL) != SQLITE_OK)
        return sql_fail(s, err, "begin");
    sqlite3_stmt *st;
    int rc = CH_OK;
    if (sqlite3_prepare_v2(s->db, "INSERT INTO chat(table_id, id, seat, name, text) VALUES (?,?,?,?,?)",
                           -1, &st, NULL) != SQLITE_OK)
        rc = sql_fail(s, err, "chat");
    if (rc == CH_OK) {
        sqlite3_bind_int64(st, 1, r->id);
        sqlite3_bind_int64(st, 2, m->id);
        if (m->seat >= 0)
            sqlite3_bind_int(st, 3, m->seat);
        else
            sqlite3_bind_null(st, 3);
        sqlite3_bind_text(st, 4, m->name, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(st, 5, m->text, (int)m->len, SQLITE_TRANSIENT);
        if (sqlite3_step(st) != SQLITE_DONE) rc = sql_fail(s, err, "chat");
        sqlite3_finalize(st);
    }
    /* Bounded per table: what is older than the last TB_CHAT_KEEP goes. */
    if (rc == CH_OK)
        rc = run(s, err, "DELETE FROM chat WHERE table_id=? AND id<=?", "ii", (int64_t)r->id,
                 (int64_t)(m->id - TB_CHAT_KEEP));
    sqlite3_exec(s->db, rc == CH_OK ? "COMMIT" : "ROLLBACK", NULL, NULL, NULL);
    return rc;
}

/* Applies the stored moves of the room's current game. */
static int replay_moves(sv_store *s, tb_room *r, ch_err *err)
{
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(s->db,
                           "SELECT ply, action, timeout, clock FROM moves WHERE table_id=? AND "
                           "game_no=? ORDER BY ply",
                           -1, &st, NULL) != SQLITE_OK)
        return sql_fail(s, err, "moves");
    sqlite3_bind_int64(st, 1, r->id);
    sqlite3_bind_int(st, 2, r->game_no);
    int rc = CH_OK, want = 0;
    while (rc == CH_OK && sqlite3_step(st) == SQLITE_ROW) {
        const char *text = (const char *)sqlite3_column_text(st, 1);
        ch_action a;
        if (sqlite3_column_int(st, 0) != want++ || r->status != TB_ROOM_RUNNING ||
            ch_parse_action(r->game, ch_match_state(&r->m), text, &a, err) != CH_OK ||
            tb_room_apply(r, a, err) != CH_OK)
            rc = ch_errf(err, CH_EFORMAT, "table %lld: stored move %d ('%.60s') does not replay",
                         (long long)r->id, want, text ? text : "");
        if (rc == CH_OK) rc = restore_clock(r, st, want - 1, err);
    }
    sqlite3_finalize(st);
    return rc;
}

static int load_seats(sv_store *s, tb_room *r, int64_t now_ms, ch_err *err)
{
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(s->db, "SELECT seat, name, token_sha256 FROM seats WHERE table_id=?", -1,
                           &st, NULL) != SQLITE_OK)
        return sql_fail(s, err, "seats");
    sqlite3_bind_int64(st, 1, r->id);
    int rc = CH_OK;
    while (rc == CH_OK && sqlite3_step(st) == SQLITE_ROW) {
        int seat = sqlite3_column_int(st, 0);
        const char *name = (const char *)sqlite3_column_text(st, 1);
        if (sqlite3_column_bytes(st, 2) != TB_TOKEN_HASH) {
            rc = ch_errf(err, CH_EFORMAT, "table %lld: bad token hash", (long long)r->id);
            break;
        }
        if (tb_room_join(r, seat, name, sqlite3_column_blob(st, 2), err) != seat) {
            rc = CH_EFORMAT;
            break;
        }
        tb_room_presence(r, seat, -1, now_ms); /* nobody is connected after a restart */
    }
    sqlite3_finalize(st);
    return rc;
}

#define SKIPPED 1 /* load_table: a stored table left out */

static int has_moves(sv_store *s, int64_t id)
{
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(s->db, "SELECT 1 FROM moves WHERE table_id=? LIMIT 1", -1, &st, NULL) !=
        SQLITE_OK)
        return 1;
    sqlite3_bind_int64(st, 1, id);
    int any = sqlite3_step(st) != SQLITE_DONE;
    sqlite3_finalize(st);
    return any;
}

static int load_table(sv_store *s, sqlite3_stmt *row, int64_t now_ms, tb_room *r, ch_err *err)
{
    int64_t id = sqlite3_column_int64(row, 0);
    const char *game = (const char *)sqlite3_column_text(row, 1);
    const ch_game *g = game ? ch_game_find(game) : NULL;
    if (!g) return ch_errf(err, CH_EFORMAT, "table %lld: unknown game", (long long)id);
    json_t *opts = json_loads((const char *)sqlite3_column_text(row, 2), 0, NULL);
    json_t *seats = json_loads((const char *)sqlite3_column_text(row, 3), 0, NULL);
    json_t *data = json_loads((const char *)sqlite3_column_text(row, 7), 0, NULL);
    const char *specs[CH_MAX_PLAYERS];
    int n = (int)json_array_size(seats);
    int rc = CH_OK;
    if (!opts || !data || n < 1 || n > CH_MAX_PLAYERS)
        rc = ch_errf(err, CH_EFORMAT, "table %lld: bad options or seats", (long long)id);
    for (int i = 0; rc == CH_OK && i < n; i++) {
        json_t *e = json_array_get(seats, (size_t)i);
        specs[i] = json_is_object(e) ? json_string_value(json_object_get(e, "bot"))
                                     : json_string_value(e);
        if (!specs[i]) rc = ch_errf(err, CH_EFORMAT, "table %lld: bad seats", (long long)id);
    }
    uint64_t seed = strtoull((const char *)sqlite3_column_text(row, 4), NULL, 10);
    if (rc == CH_OK)
        rc = tb_room_init(r, id, g, opts, data, specs, n, seed, sqlite3_column_int64(row, 5), err);
    json_decref(opts);
    json_decref(data);
    if (rc != CH_OK) json_decref(seats);
    if (rc == CH_EINVAL && !has_moves(s, id)) {
        /* Stored by a server that checked options only when the last seat
         * filled: a table that could never start. It stays in the file,
         * unlisted (nothing of it was ever played). */
        fprintf(stderr, "cardhall serve: table %lld is not loaded, it could never start: %s\n",
                (long long)id, err->msg);
        return SKIPPED;
    }
    if (rc != CH_OK) return rc;
    for (int i = 0; rc == CH_OK && i < n; i++) {
        const char *level = json_string_value(json_object_get(json_array_get(seats, (size_t)i), "level"));
        if (level) rc = tb_room_seat_level(r, i, level, err);
    }
    json_decref(seats);
    if (rc != CH_OK) {
        tb_room_free(r);
        return rc;
    }
    rc = tb_room_set_clock(r, sqlite3_column_int64(row, 8), sqlite3_column_int64(row, 9), err);
    r->spectator_chat = sqlite3_column_int(row, 10) != 0;
    r->hints = sqlite3_column_int(row, 11) != 0;
    if (rc == CH_OK) rc = tb_room_set_hand_pause(r, sqlite3_column_int64(row, 12), err);
    if (rc == CH_OK) rc = load_seats(s, r, now_ms, err);
    if (rc == CH_OK) rc = load_chat(s, r, err);
    int game_no = sqlite3_column_int(row, 6);
    if (rc == CH_OK && game_no > 0) {
        rc = game_seed(s, id, game_no, &seed, err);
        if (rc == CH_OK) rc = tb_room_restore_game(r, game_no, seed, err);
    }
    if (rc == CH_OK) rc = replay_moves(s, r, err);
    if (rc != CH_OK) tb_room_free(r);
    return rc;
}

int sv_store_load(sv_store *s, int64_t now_ms, int (*add)(void *ctx, tb_room *r), void *ctx,
                  ch_err *err)
{
    sqlite3_stmt *row;
    if (sqlite3_prepare_v2(
            s->db,
            "SELECT id, game, options, seats, seed, timeout_ms, game_no, data, clock_bank_ms, "
            "clock_inc_ms, spectator_chat, hints, hand_pause_ms FROM tables ORDER BY id",
            -1, &row, NULL) != SQLITE_OK)
        return sql_fail(s, err, "tables");
    int rc = CH_OK;
    while (rc == CH_OK && sqlite3_step(row) == SQLITE_ROW) {
        tb_room *r = malloc(sizeof *r);
        if (!r) {
            rc = ch_errf(err, CH_ENOMEM, "out of memory");
            break;
        }
        rc = load_table(s, row, now_ms, r, err);
        if (rc == CH_OK)
            rc = add(ctx, r);
        else
            free(r);
        if (rc == SKIPPED) rc = CH_OK;
    }
    sqlite3_finalize(row);
    return rc;
}

int sv_store_match(sv_store *s, const tb_room *r, int game_no, ch_match *m, ch_err *err)
{
    if (game_no < 0 || game_no >= r->game_no) {
        ch_errf(err, CH_ESTATE, "game %d of table %lld is not a finished game", game_no,
                (long long)r->id);
        return CH_ESTATE;
    }
    uint64_t seed;
    int rc = game_seed(s, r->id, game_no, &seed, err);
    if (rc != CH_OK || (rc = ch_match_init_opts(m, r->game, &r->opts, seed, NULL, 0, err)) != CH_OK)
        return rc;
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(s->db,
                           "SELECT action FROM moves WHERE table_id=? AND game_no=? ORDER BY ply",
                           -1, &st, NULL) != SQLITE_OK) {
        rc = sql_fail(s, err, "moves");
        ch_match_free(m);
        return rc;
    }
    sqlite3_bind_int64(st, 1, r->id);
    sqlite3_bind_int(st, 2, game_no);
    while (rc == CH_OK && sqlite3_step(st) == SQLITE_ROW)
        rc = ch_match_apply_text(m, (const char *)sqlite3_column_text(st, 0), err);
    sqlite3_finalize(st);
    if (rc != CH_OK) ch_match_free(m);
    return rc;
}

json_t *sv_store_record(sv_store *s, const tb_room *r, int game_no, ch_err *err)
{
    if (game_no < 0 || game_no > r->game_no ||
        (game_no == r->game_no && r->status != TB_ROOM_FINISHED)) {
        ch_errf(err, CH_ESTATE, "game %d of table %lld is not a finished game", game_no,
                (long long)r->id);
        return NULL;
    }
    if (game_no == r->game_no) return tb_room_record(r, err);
    ch_match m;
    if (sv_store_match(s, r, game_no, &m, err) != CH_OK) return NULL;
    json_t *rec = ch_match_record(&m);
    json_t *players = json_array();
    for (int i = 0; i < r->n_seats; i++)
        json_array_append_new(players, json_string(r->seats[i].name));
    json_object_set_new(rec, "players", players);
    ch_match_free(&m);
    return rec;
}
