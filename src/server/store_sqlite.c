/* The SQLite backend of the store (store_backend.h): one file in WAL mode,
 * one server per file (an flock). The embedded default: nothing to set up. */
#define _DEFAULT_SOURCE /* flock */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "store.h"
#include "store_backend.h"
#include "walckpt.h"

typedef struct lite {
    sqlite3 *db;
    sqlite3_stmt *add_move;
    /* A group's BEGIN IMMEDIATE and COMMIT, prepared once: at a move a
     * second per table most groups are one move, and sqlite3_exec parsed
     * both statements again for each (issue 29). */
    sqlite3_stmt *begin, *commit;
    int lock_fd;   /* holds the flock that keeps a second server off the file */
    sv_ckpt *ckpt; /* the log's checkpoints, off the loop (walckpt.c) */
} lite;

static int sql_fail(lite *s, ch_err *err, const char *what)
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

static int migrate(lite *s, ch_err *err)
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

static void lite_close(void *db)
{
    lite *s = db;
    if (!s) return;
    /* First, so that the store's connection is the file's last: its close
     * copies the whole log into the file and removes the log. */
    sv_ckpt_stop(s->ckpt);
    sqlite3_finalize(s->add_move);
    sqlite3_finalize(s->begin);
    sqlite3_finalize(s->commit);
    sqlite3_close(s->db);
    /* Closed after SQLite's own descriptors: closing any descriptor of the
     * file drops every fcntl lock the process holds on it. */
    if (s->lock_fd >= 0) close(s->lock_fd);
    free(s);
}

/* Whether the file took WAL mode (a file on a file system without shared
 * memory, or an in-memory database, may not). */
static int in_wal(lite *s)
{
    sqlite3_stmt *st = NULL;
    int wal = 0;
    if (sqlite3_prepare_v2(s->db, "PRAGMA journal_mode", -1, &st, NULL) == SQLITE_OK &&
        sqlite3_step(st) == SQLITE_ROW) {
        const unsigned char *mode = sqlite3_column_text(st, 0);
        wal = mode && strcmp((const char *)mode, "wal") == 0;
    }
    sqlite3_finalize(st);
    return wal;
}

int sv_sqlite_open(void **db, const char *path, ch_err *err)
{
    lite *s = calloc(1, sizeof *s);
    *db = NULL;
    if (!s) return ch_errf(err, CH_ENOMEM, "out of memory");
    s->lock_fd = -1;
    if (sqlite3_open_v2(path, &s->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL) !=
        SQLITE_OK) {
        int rc = ch_errf(err, CH_EIO, "database %s: %s", path,
                         s->db ? sqlite3_errmsg(s->db) : "cannot open");
        lite_close(s);
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
        lite_close(s);
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
                           -1, &s->add_move, NULL) != SQLITE_OK)
        rc = sql_fail(s, err, "prepare");
    if (rc == CH_OK &&
        (sqlite3_prepare_v2(s->db, "BEGIN IMMEDIATE", -1, &s->begin, NULL) != SQLITE_OK ||
         sqlite3_prepare_v2(s->db, "COMMIT", -1, &s->commit, NULL) != SQLITE_OK))
        rc = sql_fail(s, err, "prepare");
    if (rc == CH_OK && in_wal(s)) {
        if (sqlite3_exec(s->db, "PRAGMA wal_autocheckpoint=0", NULL, NULL, NULL) != SQLITE_OK)
            rc = sql_fail(s, err, "pragmas");
        else if (!(s->ckpt = sv_ckpt_start(path, err)))
            rc = CH_EIO;
    }
    if (rc != CH_OK) {
        lite_close(s);
        return rc;
    }
    *db = s;
    return CH_OK;
}

sqlite3 *sv_store_sqlite_db(const sv_store *s)
{
    return s->be == &sv_store_sqlite ? ((lite *)s->db)->db : NULL;
}

/* Runs one statement with bound values: 'i' int64, 't' text, 'b' a token
 * hash, 'n' NULL (no argument). */
static int run(lite *s, ch_err *err, const char *sql, const char *types, ...)
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
        else if (types[i] == 'n')
            sqlite3_bind_null(st, i + 1);
        else
            sqlite3_bind_blob(st, i + 1, va_arg(ap, const unsigned char *), TB_TOKEN_HASH,
                              SQLITE_TRANSIENT);
    }
    va_end(ap);
    int rc = sqlite3_step(st) == SQLITE_DONE ? CH_OK : sql_fail(s, err, "write");
    sqlite3_finalize(st);
    return rc;
}

static int lite_add_table(void *db, const sv_table_row *t, int64_t *id, ch_err *err)
{
    lite *s = db;
    if (sqlite3_exec(s->db, "BEGIN", NULL, NULL, NULL) != SQLITE_OK)
        return sql_fail(s, err, "begin");
    int rc = run(s, err,
                 "INSERT INTO tables(game, options, seats, seed, timeout_ms, data, "
                 "clock_bank_ms, clock_inc_ms, spectator_chat, hints, hand_pause_ms) "
                 "VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                 "ttttitiiiii", t->game, t->options, t->seats, t->seed, t->timeout_ms, t->data,
                 t->clock_bank_ms, t->clock_inc_ms, (int64_t)t->spectator_chat, (int64_t)t->hints,
                 t->hand_pause_ms);
    if (rc == CH_OK) {
        *id = sqlite3_last_insert_rowid(s->db);
        rc = run(s, err, "INSERT INTO games(table_id, game_no, seed) VALUES (?,0,?)", "it", *id,
                 t->seed);
    }
    sqlite3_exec(s->db, rc == CH_OK ? "COMMIT" : "ROLLBACK", NULL, NULL, NULL);
    return rc;
}

static int lite_game_seed(void *db, int64_t id, int game_no, char *out, size_t cap, ch_err *err)
{
    lite *s = db;
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(s->db, "SELECT seed FROM games WHERE table_id=? AND game_no=?", -1, &st,
                           NULL) != SQLITE_OK)
        return sql_fail(s, err, "games");
    sqlite3_bind_int64(st, 1, id);
    sqlite3_bind_int(st, 2, game_no);
    int rc = ch_errf(err, CH_EFORMAT, "table %lld: no seed for game %d", (long long)id, game_no);
    if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_text(st, 0)) {
        snprintf(out, cap, "%s", (const char *)sqlite3_column_text(st, 0));
        rc = CH_OK;
    }
    sqlite3_finalize(st);
    return rc;
}

static int lite_seat(void *db, int64_t id, const sv_seat_row *seat, ch_err *err)
{
    return run(db, err,
               "INSERT OR REPLACE INTO seats(table_id, seat, name, token_sha256) "
               "VALUES (?,?,?,?)",
               "iitb", id, (int64_t)seat->seat, seat->name, seat->hash);
}

static int lite_unseat(void *db, int64_t id, int seat, ch_err *err)
{
    return run(db, err, "DELETE FROM seats WHERE table_id=? AND seat=?", "ii", id, (int64_t)seat);
}

static int lite_move(void *db, int64_t id, int game_no, const sv_move_row *m, ch_err *err)
{
    lite *s = db;
    sqlite3_stmt *st = s->add_move;
    sqlite3_reset(st);
    sqlite3_bind_int64(st, 1, id);
    sqlite3_bind_int(st, 2, game_no);
    sqlite3_bind_int(st, 3, m->ply);
    sqlite3_bind_text(st, 4, m->action, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int(st, 5, m->timeout != 0);
    if (m->clock)
        sqlite3_bind_text(st, 6, m->clock, -1, SQLITE_TRANSIENT);
    else
        sqlite3_bind_null(st, 6);
    int step = sqlite3_step(st);
    int rc = step == SQLITE_DONE ? CH_OK
             : sqlite3_extended_errcode(s->db) == SQLITE_CONSTRAINT_PRIMARYKEY
                 ? ch_errf(err, CH_ESTATE, "move %d of table %lld was made already", m->ply + 1,
                           (long long)id)
                 : sql_fail(s, err, "move");
    sqlite3_reset(st);
    return rc;
}

static int lite_rematch(void *db, int64_t id, int game_no, const char *seed, ch_err *err)
{
    lite *s = db;
    if (sqlite3_exec(s->db, "BEGIN", NULL, NULL, NULL) != SQLITE_OK)
        return sql_fail(s, err, "begin");
    int rc = run(s, err, "INSERT INTO games(table_id, game_no, seed) VALUES (?,?,?)", "iit", id,
                 (int64_t)game_no, seed);
    if (rc == CH_OK)
        rc = run(s, err, "UPDATE tables SET game_no=? WHERE id=?", "ii", (int64_t)game_no, id);
    sqlite3_exec(s->db, rc == CH_OK ? "COMMIT" : "ROLLBACK", NULL, NULL, NULL);
    return rc;
}

static int lite_chat(void *db, int64_t id, const sv_chat_row *m, int keep, ch_err *err)
{
    lite *s = db;
    if (sqlite3_exec(s->db, "BEGIN", NULL, NULL, NULL) != SQLITE_OK)
        return sql_fail(s, err, "begin");
    sqlite3_stmt *st;
    int rc = CH_OK;
    if (sqlite3_prepare_v2(s->db, "INSERT INTO chat(table_id, id, seat, name, text) VALUES (?,?,?,?,?)",
                           -1, &st, NULL) != SQLITE_OK)
        rc = sql_fail(s, err, "chat");
    if (rc == CH_OK) {
        sqlite3_bind_int64(st, 1, id);
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
    /* Bounded per table: what is older than the last keep goes. */
    if (rc == CH_OK)
        rc = run(s, err, "DELETE FROM chat WHERE table_id=? AND id<=?", "ii", id,
                 (int64_t)(m->id - keep));
    sqlite3_exec(s->db, rc == CH_OK ? "COMMIT" : "ROLLBACK", NULL, NULL, NULL);
    return rc;
}

static const char *text_col(sqlite3_stmt *st, int i)
{
    const char *t = (const char *)sqlite3_column_text(st, i);
    return t ? t : "";
}

static int lite_tables(void *db, int64_t only_id, int (*each)(void *ctx, const sv_table_row *row),
                       void *ctx, ch_err *err)
{
    lite *s = db;
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(
            s->db,
            "SELECT id, game, options, seats, seed, timeout_ms, game_no, data, clock_bank_ms, "
            "clock_inc_ms, spectator_chat, hints, hand_pause_ms FROM tables "
            "WHERE ?1=0 OR id=?1 ORDER BY id",
            -1, &st, NULL) != SQLITE_OK)
        return sql_fail(s, err, "tables");
    sqlite3_bind_int64(st, 1, only_id);
    int rc = CH_OK;
    while (rc == CH_OK && sqlite3_step(st) == SQLITE_ROW) {
        sv_table_row t = {
            .id = sqlite3_column_int64(st, 0),
            .game = text_col(st, 1),
            .options = text_col(st, 2),
            .seats = text_col(st, 3),
            .seed = text_col(st, 4),
            .timeout_ms = sqlite3_column_int64(st, 5),
            .game_no = sqlite3_column_int(st, 6),
            .data = text_col(st, 7),
            .clock_bank_ms = sqlite3_column_int64(st, 8),
            .clock_inc_ms = sqlite3_column_int64(st, 9),
            .spectator_chat = sqlite3_column_int(st, 10),
            .hints = sqlite3_column_int(st, 11),
            .hand_pause_ms = sqlite3_column_int64(st, 12),
        };
        rc = each(ctx, &t);
    }
    sqlite3_finalize(st);
    return rc;
}

static int lite_seats(void *db, int64_t id, int (*each)(void *ctx, const sv_seat_row *row),
                      void *ctx, ch_err *err)
{
    lite *s = db;
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(s->db, "SELECT seat, name, token_sha256 FROM seats WHERE table_id=?", -1,
                           &st, NULL) != SQLITE_OK)
        return sql_fail(s, err, "seats");
    sqlite3_bind_int64(st, 1, id);
    int rc = CH_OK;
    while (rc == CH_OK && sqlite3_step(st) == SQLITE_ROW) {
        sv_seat_row r = {sqlite3_column_int(st, 0), text_col(st, 1), sqlite3_column_blob(st, 2),
                         (size_t)sqlite3_column_bytes(st, 2)};
        rc = each(ctx, &r);
    }
    sqlite3_finalize(st);
    return rc;
}

static int lite_chats(void *db, int64_t id, int keep, int (*each)(void *ctx, const sv_chat_row *row),
                      void *ctx, ch_err *err)
{
    lite *s = db;
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(s->db,
                           "SELECT id, seat, name, text FROM (SELECT * FROM chat WHERE table_id=? "
                           "ORDER BY id DESC LIMIT ?) ORDER BY id",
                           -1, &st, NULL) != SQLITE_OK)
        return sql_fail(s, err, "chat");
    sqlite3_bind_int64(st, 1, id);
    sqlite3_bind_int(st, 2, keep);
    int rc = CH_OK;
    while (rc == CH_OK && sqlite3_step(st) == SQLITE_ROW) {
        sv_chat_row m = {
            sqlite3_column_int64(st, 0),
            sqlite3_column_type(st, 1) == SQLITE_NULL ? -1 : sqlite3_column_int(st, 1),
            text_col(st, 2), text_col(st, 3), (size_t)sqlite3_column_bytes(st, 3)};
        rc = each(ctx, &m);
    }
    sqlite3_finalize(st);
    return rc;
}

static int lite_moves(void *db, int64_t id, int game_no, int from,
                      int (*each)(void *ctx, const sv_move_row *row), void *ctx, ch_err *err)
{
    lite *s = db;
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(s->db,
                           "SELECT ply, action, timeout, clock FROM moves WHERE table_id=? AND "
                           "game_no=? AND ply>=? ORDER BY ply",
                           -1, &st, NULL) != SQLITE_OK)
        return sql_fail(s, err, "moves");
    sqlite3_bind_int64(st, 1, id);
    sqlite3_bind_int(st, 2, game_no);
    sqlite3_bind_int(st, 3, from);
    int rc = CH_OK;
    while (rc == CH_OK && sqlite3_step(st) == SQLITE_ROW) {
        sv_move_row m = {sqlite3_column_int(st, 0), text_col(st, 1), sqlite3_column_int(st, 2),
                         (const char *)sqlite3_column_text(st, 3)};
        rc = each(ctx, &m);
    }
    sqlite3_finalize(st);
    return rc;
}

static int lite_has_moves(void *db, int64_t id)
{
    lite *s = db;
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(s->db, "SELECT 1 FROM moves WHERE table_id=? LIMIT 1", -1, &st, NULL) !=
        SQLITE_OK)
        return 1;
    sqlite3_bind_int64(st, 1, id);
    int any = sqlite3_step(st) != SQLITE_DONE;
    sqlite3_finalize(st);
    return any;
}

/* A transaction of its own that rewrites the file header's application id
 * (cardhall's, "CHal"), so the probe needs no table of its own and changes
 * nothing a reader sees. */
static int lite_probe(void *db, int within_ms, char *why, size_t cap)
{
    lite *s = db;
    sqlite3_busy_timeout(s->db, within_ms);
    int rc = sqlite3_exec(s->db, "BEGIN IMMEDIATE", NULL, NULL, NULL);
    if (rc == SQLITE_OK) {
        rc = sqlite3_exec(s->db, "PRAGMA application_id=1128816972", NULL, NULL, NULL);
        if (rc == SQLITE_OK) rc = sqlite3_exec(s->db, "COMMIT", NULL, NULL, NULL);
        if (rc != SQLITE_OK) {
            snprintf(why, cap, "database: write failed: %s\n", sqlite3_errmsg(s->db));
            sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
        }
    } else {
        snprintf(why, cap, "database: no write within %d ms: %s\n", within_ms,
                 sqlite3_errmsg(s->db));
    }
    sqlite3_busy_timeout(s->db, SV_STORE_BUSY_MS);
    return rc == SQLITE_OK;
}

static int lite_begin(void *db, ch_err *err)
{
    lite *s = db;
    /* IMMEDIATE: the write lock is taken here, under the busy timeout. A
     * deferred group that first read would find the lock taken by another
     * connection's write and fail at once (SQLITE_BUSY_SNAPSHOT, no wait),
     * and a failed group stops the server. */
    int rc = sqlite3_step(s->begin) == SQLITE_DONE ? CH_OK : sql_fail(s, err, "begin");
    sqlite3_reset(s->begin);
    return rc;
}

static int lite_commit(void *db, ch_err *err)
{
    lite *s = db;
    if (sqlite3_step(s->commit) == SQLITE_DONE) {
        sqlite3_reset(s->commit);
        return CH_OK;
    }
    int rc = sql_fail(s, err, "commit");
    sqlite3_reset(s->commit);
    /* A failed COMMIT can leave the transaction open (SQLITE_BUSY): none
     * of its moves is stored. */
    if (!sqlite3_get_autocommit(s->db)) sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
    return rc;
}

const sv_store_backend sv_store_sqlite = {
    "sqlite",      lite_close,  lite_add_table, lite_seat,     lite_unseat,
    lite_move,     lite_chat,   lite_rematch,   lite_game_seed, lite_tables,
    lite_seats,    lite_chats,  lite_moves,     lite_has_moves, lite_probe,
    NULL,          NULL,        NULL,           NULL, NULL, /* one server per file */
    lite_begin,    lite_commit,
};
