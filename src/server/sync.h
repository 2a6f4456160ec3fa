/* Several `cardhall serve` processes on one PostgreSQL database (issue 27).
 * Every server keeps a copy of every table; what one stores, the others
 * learn by a notification (store.h: sv_store_notes) and catch up from the
 * database, then tell each of their connections exactly its view, as for a
 * move of their own. The bots and clocks of a table are run by the one
 * server holding its lease (sv_table.lease), renewed every second and
 * taken over by another within SV_SYNC_TAKEOVER_MS when its holder dies.
 * On SQLite nothing of this runs: one server per file holds every lease. */
#ifndef CARDHALL_SERVER_SYNC_H
#define CARDHALL_SERVER_SYNC_H

#include <libwebsockets.h>
#include <stdint.h>

#define SV_SYNC_NOTES_MS 5     /* how often the database's socket is read */
#define SV_SYNC_LEASE_MS 1000  /* how often leases are taken or renewed */
#define SV_SYNC_TAKEOVER_MS 4000 /* the lease's life (3 s) and one renewal */
#define SV_SYNC_LEASE_SURE_MS 2500 /* the lease's 3 s less a margin */

/* Connections another server has on a person's seat, as it said. */
typedef struct sv_remote {
    int64_t table;
    int seat, n;
    char owner[40];
} sv_remote;

typedef struct sv_sync {
    int on;           /* the database is shared */
    /* The leases this server holds are surely its own until then (its
     * clock): the lease's life from just before the renewal was sent,
     * less a margin. A loop held up longer than that (an overloaded
     * machine) runs no bot until it has renewed, so two servers never
     * play for one table at once. */
    int64_t leases_until_ms;
    char owner[40];   /* this server in the leases table: host pid random */
    lws_sorted_usec_list_t notes, leases;
    int64_t *ids;     /* scratch for the lease statement */
    unsigned char *held;
    int cap;
    sv_remote *remote; /* so a dead server's people stop counting as connected */
    int n_remote, cap_remote;
} sv_sync;

struct sv_server;
struct sv_table;

/* After the loop's context exists: LISTEN, the timers. */
int sv_sync_start(struct sv_server *s, ch_err *err);
/* Before the drain: no more leases renewed, this server's given up so the
 * others take its tables at once. */
void sv_sync_stop(struct sv_server *s);
void sv_sync_free(struct sv_server *s);
/* Whether this server runs t's bots and clocks now (always on SQLite). */
int sv_sync_runs(struct sv_server *s, struct sv_table *t, int64_t now_ms);
/* What this server's connections did that is not stored but the others
 * need: a connection came (+1) or went (-1) on a person's seat; a person
 * left the game; a person continued after a hand. */
void sv_sync_presence(struct sv_server *s, struct sv_table *t, int seat, int delta);
void sv_sync_left(struct sv_server *s, struct sv_table *t, int seat);
void sv_sync_continued(struct sv_server *s, struct sv_table *t, int seat);
/* The table diverged from the database (a lost race for a rematch):
 * rebuilds it from the database, keeping who is connected. */
void sv_sync_reload(struct sv_server *s, struct sv_table *t);

#endif
