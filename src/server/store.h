/* The server's storage: every table, its seats (a person's token only as
 * its SHA-256) and every accepted move, committed before anyone is told of
 * the move; at start the rooms are rebuilt from their seeds and moves.
 *
 * Two databases behind one interface (store_backend.h): SQLite in WAL mode,
 * the embedded default (a file path: store_sqlite.c), and PostgreSQL
 * (--db postgresql://... or postgres://...: store_pg.c), which several
 * servers may share.
 *
 * SQLite runs with synchronous=NORMAL: in WAL mode a commit survives the
 * process being killed (kill -9 included) but the last commits may be lost
 * on power loss; FULL would fsync every move. A card table loses at most a
 * move or two on a power cut, which players can see and redo, so speed
 * wins. On PostgreSQL the same bargain: the server's session commits with
 * synchronous_commit=off unless the URL sets it (store_pg.c). */
#ifndef CARDHALL_SERVER_STORE_H
#define CARDHALL_SERVER_STORE_H

#include <stddef.h>
#include <sqlite3.h>

#include "cardhall/room.h"

#define SV_SCHEMA_VERSION 5
#define SV_STORE_BUSY_MS 2000 /* how long a write waits for another connection's lock */

struct sv_store_backend;

typedef struct sv_store {
    const struct sv_store_backend *be; /* NULL: not open */
    void *db;                          /* the backend's own */
    /* Group commits (sv_store_group): */
    int group;   /* on, and the backend has them */
    int open;    /* a group's transaction is open: its moves are not committed yet */
    int broken;  /* a group's commit failed: rooms in memory are ahead of the database */
    uint64_t groups; /* groups committed so far */
    int group_moves; /* moves in the open group */
    /* Told of each group committed: its moves and the commit's seconds
     * (the server's metrics); NULL: nobody. */
    void (*committed)(void *ctx, int moves, double seconds);
    void *committed_ctx;
    ch_err fail; /* why, when broken */
} sv_store;

/* Whether where names a PostgreSQL database (a postgresql:// or
 * postgres:// URL) rather than a SQLite file. */
int sv_store_is_pg(const char *where);
/* where as it may be printed or logged: a URL's password (user:PASS@ or
 * password=PASS) replaced by "***". */
void sv_store_redact(const char *where, char *out, size_t cap);

/* Opens (creating if needed) the database at where, a file path or a
 * PostgreSQL URL, and brings its schema up to date. */
int sv_store_open(sv_store *s, const char *where, ch_err *err);
void sv_store_close(sv_store *s);
/* SQLite's handle, or NULL on PostgreSQL (tests, `cardhall backup`). */
sqlite3 *sv_store_sqlite_db(const sv_store *s);
/* Whether a write commits within within_ms (/healthz); else why says why. */
int sv_store_probe(sv_store *s, int within_ms, char *why, size_t cap);

/* A new table: writes its game, options, seat specs, seed and timeout and
 * sets r->id. r was set up by tb_room_init with the same seat specs. */
int sv_store_add_table(sv_store *s, tb_room *r, const char *const *specs, ch_err *err);
/* A person took seat (hash of the token only) or left an open table. */
int sv_store_seat(sv_store *s, const tb_room *r, int seat, ch_err *err);
int sv_store_unseat(sv_store *s, const tb_room *r, int seat, ch_err *err);
/* Move ply (0-based) of the room's current game, as its notation text. */
int sv_store_move(sv_store *s, const tb_room *r, int ply, const char *text, ch_err *err);
/* As sv_store_move, with what issue 25 keeps per move: whether the
 * heuristic made it for a person out of time, and the banks after it
 * (left_ms[0..n), n 0 without a clock), so clocks survive a restart. */
int sv_store_move_at(sv_store *s, const tb_room *r, int ply, const char *text, int timeout,
                     const int64_t *left_ms, int n, ch_err *err);
/* Issue 29: group commits. Turned on (where the backend has them: SQLite;
 * PostgreSQL commits each move), the moves stored from then on join one
 * transaction, opened by the first of them, until sv_store_commit; any
 * other write commits it first, and so does sv_store_close. A move is
 * still committed before anyone is told of it: while sv_store_pending,
 * the server holds every message it queues until the commit (server.c).
 * A group whose commit fails is rolled back: the store is then broken
 * (no move is stored any more; the server stops: its rooms in memory are
 * ahead of the database, whose state a restart loads). */
void sv_store_group(sv_store *s, int on);
int sv_store_pending(const sv_store *s);
int sv_store_commit(sv_store *s, ch_err *err);

/* A chat message said at the room's table (the room's own copy has the
 * same id); only the last TB_CHAT_KEEP of a table are kept. */
int sv_store_chat(sv_store *s, const tb_room *r, const tb_chat_msg *m, ch_err *err);
/* The room moved on to its next game (rematch) with its new seed. */
int sv_store_rematch(sv_store *s, const tb_room *r, ch_err *err);

/* Rebuilds every stored table, calling add for each (the callback owns the
 * room from then on: it must tb_room_free it). People start away, as of
 * now_ms. A table that does not rebuild is an error naming it. */
int sv_store_load(sv_store *s, int64_t now_ms, int (*add)(void *ctx, tb_room *r), void *ctx,
                  ch_err *err);

/* The record of game game_no of table id, rebuilt from the stored moves
 * (new reference), for finished games of a table. NULL and err on error. */
json_t *sv_store_record(sv_store *s, const tb_room *r, int game_no, ch_err *err);
/* Rebuilds m (the caller frees it) as game game_no of r was played, for an
 * earlier game of the table (0 <= game_no < r->game_no). */
int sv_store_match(sv_store *s, const tb_room *r, int game_no, ch_match *m, ch_err *err);

/* Issue 27: several servers on one database (PostgreSQL). On SQLite,
 * shared is 0 and there is nothing to sync: one server per file. */
int sv_store_shared(const sv_store *s);
/* Start receiving other servers' notifications; send one of this server's
 * (what is not stored: presence, leave, continue); hand each arrived one
 * to each (ctx, payload) without waiting. */
int sv_store_listen(sv_store *s, ch_err *err);
int sv_store_notify(sv_store *s, const char *payload, ch_err *err);
void sv_store_notes(sv_store *s, void (*each)(void *ctx, const char *payload), void *ctx);
/* Takes or renews the lease on the bots and clocks of each of the tables
 * ids[0..n) that is free, expired or owner's; held[i] 1 for those owner
 * holds now. On SQLite every table is held. n < 0: gives up every lease
 * owner holds (a server that stops). */
int sv_store_leases(sv_store *s, const char *owner, const int64_t *ids, int n, unsigned char *held,
                    ch_err *err);
/* owner is alive a while longer; dead(ctx, other) for each server found
 * to have stopped without saying so (killed), which the others are told
 * of too ("d OTHER"). Nothing on SQLite. */
int sv_store_alive(sv_store *s, const char *owner, void (*dead)(void *ctx, const char *owner),
                   void *ctx, ch_err *err);
/* Loads the table id (another server's new one) as sv_store_load does. */
int sv_store_load_one(sv_store *s, int64_t id, int64_t now_ms, int (*add)(void *ctx, tb_room *r),
                      void *ctx, ch_err *err);
/* Brings r up to what is stored: a game begun since (a rematch), then the
 * moves after its last one, each applied at now_ms with its stored clocks;
 * moved(ctx, move) after each (move 1-based). */
int sv_store_catch_up(sv_store *s, tb_room *r, int64_t now_ms, void (*moved)(void *ctx, int move),
                      void *ctx, ch_err *err);
/* Applies move ply of game game_no that another server stored and
 * announced (its action text, timeout mark and banks, clock NULL for
 * none), if it is the room's next; CH_ESTATE if it is not (the caller
 * catches up instead). */
int sv_store_apply(tb_room *r, int game_no, int ply, const char *action, int timeout,
                   const char *clock, int64_t now_ms, ch_err *err);
/* Seats taken (away until their person's presence arrives) or freed since;
 * returns how many changed, or an error code. */
int sv_store_sync_seats(sv_store *s, tb_room *r, int64_t now_ms, ch_err *err);
/* Chat messages stored after the room's last one; said(ctx, m) for each. */
int sv_store_sync_chat(sv_store *s, tb_room *r, void (*said)(void *ctx, const tb_chat_msg *m),
                       void *ctx, ch_err *err);

#endif
