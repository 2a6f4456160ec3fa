/* What store.c asks of a database: rows in and out, nothing of rooms or
 * games. store_sqlite.c (the embedded default) and store_pg.c (PostgreSQL,
 * several servers on one database) implement it; store.c turns rows into
 * rooms and back, so both rebuild a table the same way. */
#ifndef CARDHALL_SERVER_STORE_BACKEND_H
#define CARDHALL_SERVER_STORE_BACKEND_H

#include <stddef.h>
#include <stdint.h>

#include "cardhall/room.h"

/* One stored table, as its columns read (texts owned by the backend for the
 * duration of a callback). */
typedef struct sv_table_row {
    int64_t id;
    const char *game, *options, *seats, *seed, *data; /* options, seats, data: JSON */
    int64_t timeout_ms, clock_bank_ms, clock_inc_ms, hand_pause_ms;
    int game_no, spectator_chat, hints;
} sv_table_row;

typedef struct sv_move_row {
    int ply;
    const char *action;
    int timeout;       /* made by the heuristic for a person out of time */
    const char *clock; /* JSON array of banks after the move, or NULL */
} sv_move_row;

typedef struct sv_seat_row {
    int seat;
    const char *name;
    const unsigned char *hash;
    size_t hash_len;
} sv_seat_row;

typedef struct sv_chat_row {
    int64_t id;
    int seat; /* -1: a spectator */
    const char *name, *text;
    size_t len;
} sv_chat_row;

/* Every function returns CH_OK or an error code with err set, except where
 * said. A callback's non-CH_OK return stops the walk and is returned. */
typedef struct sv_store_backend {
    const char *name;
    void (*close)(void *db);
    /* Inserts the table (row->id ignored) and its game 0; sets *id. */
    int (*add_table)(void *db, const sv_table_row *row, int64_t *id, ch_err *err);
    int (*seat)(void *db, int64_t id, const sv_seat_row *seat, ch_err *err);
    int (*unseat)(void *db, int64_t id, int seat, ch_err *err);
    /* CH_ESTATE when the ply of that game is stored already (another
     * server's move won it). */
    int (*move)(void *db, int64_t id, int game_no, const sv_move_row *m, ch_err *err);
    /* Stores m and drops what is older than the last keep of the table. */
    int (*chat)(void *db, int64_t id, const sv_chat_row *m, int keep, ch_err *err);
    /* Game game_no of the table begins with seed (decimal): one transaction. */
    int (*rematch)(void *db, int64_t id, int game_no, const char *seed, ch_err *err);
    /* The seed (decimal) of a game into out; CH_EFORMAT when there is none. */
    int (*game_seed)(void *db, int64_t id, int game_no, char *out, size_t cap, ch_err *err);
    /* Every table by id (from_id 0), or only the one of id from_id (> 0). */
    int (*tables)(void *db, int64_t only_id, int (*each)(void *ctx, const sv_table_row *row),
                  void *ctx, ch_err *err);
    int (*seats)(void *db, int64_t id, int (*each)(void *ctx, const sv_seat_row *row), void *ctx,
                 ch_err *err);
    /* The last keep messages of a table, oldest first. */
    int (*chats)(void *db, int64_t id, int keep, int (*each)(void *ctx, const sv_chat_row *row),
                 void *ctx, ch_err *err);
    /* The moves of a game from ply from on, in order. */
    int (*moves)(void *db, int64_t id, int game_no, int from,
                 int (*each)(void *ctx, const sv_move_row *row), void *ctx, ch_err *err);
    /* 1 when the table has a stored move (or on error), else 0. */
    int (*has_moves)(void *db, int64_t id);
    /* Whether a write is committed within within_ms; why says what failed. */
    int (*probe)(void *db, int within_ms, char *why, size_t cap);
    /* Several servers on one database (NULL where a database has one
     * server, SQLite): start receiving notifications; send one (what is
     * not stored: presence, leave, continue); hand on every notification
     * another server sent, without waiting; take or renew leases. */
    int (*listen)(void *db, ch_err *err);
    int (*notify)(void *db, const char *payload, ch_err *err);
    void (*notes)(void *db, void (*each)(void *ctx, const char *payload), void *ctx);
    int (*leases)(void *db, const char *owner, const int64_t *ids, int n, unsigned char *held,
                  ch_err *err);
    /* owner is alive a while longer; dead(ctx, other) for each server
     * found to have stopped (told to the others too). */
    int (*alive)(void *db, const char *owner, void (*dead)(void *ctx, const char *owner),
                 void *ctx, ch_err *err);
    /* Group commits (issue 29; NULL where each write commits by itself,
     * PostgreSQL): open a transaction that the moves stored next join, and
     * commit it (rolled back when the commit fails). */
    int (*begin)(void *db, ch_err *err);
    int (*commit)(void *db, ch_err *err);
} sv_store_backend;

extern const sv_store_backend sv_store_sqlite;
extern const sv_store_backend sv_store_pg;

/* Opens the backends' databases (their void *db). */
int sv_sqlite_open(void **db, const char *path, ch_err *err);
int sv_pg_open(void **db, const char *url, ch_err *err);

#endif
