/* See sync.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <unistd.h>

#include "conn.h"
#include "sync.h"

static void note(sv_server *s, const char *payload)
{
    ch_err err;
    if (s->sync.on && sv_store_notify(&s->store, payload, &err) != CH_OK)
        lwsl_err("%s\n", err.msg);
}

int sv_sync_runs(struct sv_server *s, struct sv_table *t, int64_t now_ms)
{
    return t->lease && (!s->sync.on || now_ms < s->sync.leases_until_ms);
}

void sv_sync_presence(sv_server *s, sv_table *t, int seat, int delta)
{
    if (!s->sync.on || seat < 0) return;
    char p[128];
    snprintf(p, sizeof p, "p %lld %d %d %s", (long long)t->room.id, seat, delta, s->sync.owner);
    note(s, p);
}

/* Another server's connections on a seat are now n: the room's presence
 * moves by the difference. Returns 1 if it changed. */
static int set_remote(sv_server *s, sv_table *t, int seat, const char *owner, int n, int relative)
{
    sv_sync *y = &s->sync;
    int i = 0;
    while (i < y->n_remote && !(y->remote[i].table == t->room.id && y->remote[i].seat == seat &&
                                strcmp(y->remote[i].owner, owner) == 0))
        i++;
    int old = i < y->n_remote ? y->remote[i].n : 0;
    if (relative) n += old;
    if (n < 0) n = 0;
    if (n == old) return 0;
    if (i == y->n_remote) {
        if (y->n_remote == y->cap_remote) {
            int cap = y->cap_remote ? 2 * y->cap_remote : 64;
            sv_remote *p = realloc(y->remote, sizeof *p * (size_t)cap);
            if (!p) return 0;
            y->remote = p;
            y->cap_remote = cap;
        }
        sv_remote *r = &y->remote[y->n_remote++];
        r->table = t->room.id;
        r->seat = seat;
        snprintf(r->owner, sizeof r->owner, "%s", owner);
    }
    y->remote[i].n = n;
    tb_room_presence(&t->room, seat, n - old, sv_now_ms());
    if (n == 0) y->remote[i] = y->remote[--y->n_remote];
    return 1;
}

/* A server died without a word: its people are connected no more. */
static void forget(void *ctx, const char *owner)
{
    sv_server *s = ctx;
    sv_sync *y = &s->sync;
    for (int i = 0; i < y->n_remote;) {
        sv_remote r = y->remote[i];
        sv_table *t = strcmp(r.owner, owner) == 0 ? sv_table_of(s, r.table) : NULL;
        if (t && set_remote(s, t, r.seat, owner, 0, 0)) {
            sv_announce(s, t);
            continue; /* the entry at i was replaced by the last */
        }
        if (strcmp(r.owner, owner) == 0 && !t)
            y->remote[i] = y->remote[--y->n_remote];
        else
            i++;
    }
}

/* Tells the others how many connections this server has on each person's
 * seat (a server that starts asks, "q"). */
static void tell_presence(sv_server *s)
{
    for (int i = 0; i < s->n_tables; i++) {
        sv_table *t = s->tables[i];
        int n[CH_MAX_PLAYERS] = {0};
        for (sv_conn *c = t->conns; c; c = c->next_at_table)
            if (c->seat >= 0 && c->seat < CH_MAX_PLAYERS) n[c->seat]++;
        for (int seat = 0; seat < t->room.n_seats; seat++)
            if (n[seat] > 0) {
                char p[128];
                snprintf(p, sizeof p, "P %lld %d %d %s", (long long)t->room.id, seat, n[seat],
                         s->sync.owner);
                note(s, p);
            }
    }
}

void sv_sync_left(sv_server *s, sv_table *t, int seat)
{
    if (!s->sync.on) return;
    char p[64];
    snprintf(p, sizeof p, "l %lld %d", (long long)t->room.id, seat);
    note(s, p);
}

void sv_sync_continued(sv_server *s, sv_table *t, int seat)
{
    if (!s->sync.on) return;
    char p[64];
    snprintf(p, sizeof p, "k %lld %d", (long long)t->room.id, seat);
    note(s, p);
}

typedef struct moved_ctx {
    sv_server *s;
    sv_table *t;
} moved_ctx;

static void moved(void *ctx, int move)
{
    moved_ctx *c = ctx;
    sv_announce_move(c->s, c->t, move);
}

static void said(void *ctx, const tb_chat_msg *m)
{
    moved_ctx *c = ctx;
    json_t *o = tb_chat_msg_json(m);
    char *out = o ? json_dumps(o, JSON_COMPACT) : NULL;
    json_decref(o);
    if (!out) return;
    size_t n = strlen(out);
    for (sv_conn *k = c->t->conns; k; k = k->next_at_table)
        sv_send(c->s, k, out, n);
    free(out);
}

static int take_room(void *ctx, tb_room *r)
{
    *(tb_room **)ctx = r;
    return CH_OK;
}

void sv_sync_reload(sv_server *s, sv_table *t)
{
    ch_err err;
    tb_room *fresh = NULL;
    int64_t now = sv_now_ms();
    if (sv_store_load_one(&s->store, t->room.id, now, take_room, &fresh, &err) != CH_OK || !fresh) {
        lwsl_err("table %lld: cannot reload: %s\n", (long long)t->room.id,
                 fresh ? err.msg : "not stored");
        return;
    }
    /* Who is connected, here and on the other servers, stays. */
    for (int i = 0; i < fresh->n_seats && i < t->room.n_seats; i++)
        if (fresh->seats[i].kind == TB_SEAT_PERSON && t->room.seats[i].kind == TB_SEAT_PERSON) {
            fresh->seats[i].present = t->room.seats[i].present;
            fresh->seats[i].away_since = t->room.seats[i].away_since;
            fresh->seats[i].left = t->room.seats[i].left;
        }
    tb_room_pause_restore(fresh, now);
    tb_room_free(&t->room);
    t->room = *fresh;
    free(fresh);
    sv_announce(s, t);
}

/* One notification of another server (store_pg.c lists them). */
static void on_note(void *ctx, const char *payload)
{
    sv_server *s = ctx;
    char kind, owner[40] = "";
    long long id;
    int seat = -1, delta = 0;
    if (payload[0] == 'd' && payload[1] == ' ') {
        forget(s, payload + 2);
        return;
    }
    if (payload[0] == 'q') {
        tell_presence(s);
        return;
    }
    if (sscanf(payload, "%c %lld %d %d %39s", &kind, &id, &seat, &delta, owner) < 2) return;
    sv_table *t = sv_table_of(s, id);
    ch_err err;
    int64_t now = sv_now_ms();
    if (!t) {
        /* A table this server has not seen: all of it from the database. */
        if (strchr("tmscr", kind) &&
            sv_store_load_one(&s->store, id, now, sv_add_loaded, s, &err) != CH_OK)
            lwsl_err("table %lld: %s\n", id, err.msg);
        return;
    }
    moved_ctx mc = {s, t};
    switch (kind) {
    case 'm': {
        /* The move itself is in the notification: applied at once when it
         * is the room's next, else read from the database. */
        int game_no, ply, timeout, at = 0;
        char clock[256];
        if (sscanf(payload, "m %*d %d %d %d %255s %n", &game_no, &ply, &timeout, clock, &at) == 4 &&
            at > 0 &&
            sv_store_apply(&t->room, game_no, ply, payload + at, timeout,
                           strcmp(clock, "-") ? clock : NULL, now, &err) == CH_OK) {
            sv_announce_move(s, t, t->room.m.n_actions);
            t->last_move_ms = now;
            break;
        }
        /* A game that began elsewhere before this server saw its last
         * seat taken: the seats first, then the moves. */
        if (t->room.status == TB_ROOM_OPEN && sv_store_sync_seats(&s->store, &t->room, now, &err) < 0)
            lwsl_err("table %lld: %s\n", id, err.msg);
        if (sv_store_catch_up(&s->store, &t->room, now, moved, &mc, &err) != CH_OK) {
            lwsl_err("table %lld: %s\n", id, err.msg);
            sv_sync_reload(s, t);
        }
        t->last_move_ms = now;
        break;
    }
    case 'r':
        if (sv_store_catch_up(&s->store, &t->room, now, moved, &mc, &err) != CH_OK) {
            lwsl_err("table %lld: %s\n", id, err.msg);
            sv_sync_reload(s, t);
        }
        t->last_move_ms = now; /* people see the move before a bot answers it */
        break;
    case 's': {
        int n = sv_store_sync_seats(&s->store, &t->room, now, &err);
        if (n < 0) lwsl_err("table %lld: %s\n", id, err.msg);
        if (n > 0) sv_announce(s, t);
        break;
    }
    case 'c':
        if (sv_store_sync_chat(&s->store, &t->room, said, &mc, &err) != CH_OK)
            lwsl_err("table %lld: %s\n", id, err.msg);
        break;
    case 'p': /* a connection came or went on another server */
    case 'P': /* how many that server has (its answer to "q") */
        if (seat < 0 || seat >= t->room.n_seats || !owner[0] ||
            (kind == 'p' && delta != 1 && delta != -1) || (kind == 'P' && delta < 0))
            return;
        if (set_remote(s, t, seat, owner, delta, kind == 'p')) sv_announce(s, t);
        break;
    case 'l':
        if (seat < 0 || seat >= t->room.n_seats) return;
        if (tb_room_leave_at(&t->room, seat, now, &err) == CH_OK) sv_announce(s, t);
        break;
    case 'k':
        if (seat < 0 || seat >= t->room.n_seats) return;
        if (tb_room_continue(&t->room, seat, now, &err) == CH_OK) {
            if (!t->room.paused) t->last_move_ms = now;
            sv_announce(s, t);
        }
        break;
    default:
        break;
    }
}

static void notes_tick(lws_sorted_usec_list_t *sul)
{
    sv_server *s = lws_container_of(sul, sv_server, sync.notes);
    sv_store_notes(&s->store, on_note, s);
    lws_sul_schedule(s->ctx, 0, &s->sync.notes, notes_tick,
                     (lws_usec_t)SV_SYNC_NOTES_MS * LWS_US_PER_MS);
}

/* Every running table is asked for: a server gets those nobody holds (new,
 * or whose holder died) and keeps its own. */
static void leases_tick(lws_sorted_usec_list_t *sul)
{
    sv_server *s = lws_container_of(sul, sv_server, sync.leases);
    sv_sync *y = &s->sync;
    if (y->cap < s->n_tables) {
        int cap = s->n_tables + 64;
        int64_t *ids = realloc(y->ids, sizeof *ids * (size_t)cap);
        if (ids) y->ids = ids;
        unsigned char *held = ids ? realloc(y->held, (size_t)cap) : NULL;
        if (held) {
            y->held = held;
            y->cap = cap;
        }
    }
    int n = 0;
    for (int i = 0; i < s->n_tables && n < y->cap; i++)
        if (s->tables[i]->room.status == TB_ROOM_RUNNING) y->ids[n++] = s->tables[i]->room.id;
    ch_err err;
    int64_t asked = sv_now_ms();
    if (sv_store_alive(&s->store, y->owner, forget, s, &err) != CH_OK) lwsl_err("%s\n", err.msg);
    if (sv_store_leases(&s->store, y->owner, y->ids, n, y->held, &err) != CH_OK) {
        /* The database is away: hold nothing, so no bot moves twice. */
        lwsl_err("%s\n", err.msg);
        n = 0;
    }
    y->leases_until_ms = asked + SV_SYNC_LEASE_SURE_MS;
    for (int i = 0, k = 0; i < s->n_tables; i++) {
        sv_table *t = s->tables[i];
        int held = k < n && t->room.status == TB_ROOM_RUNNING && t->room.id == y->ids[k]
                       ? y->held[k++]
                       : 0;
        if (held && !t->lease) t->last_move_ms = sv_now_ms();
        t->lease = held;
    }
    lws_sul_schedule(s->ctx, 0, &y->leases, leases_tick,
                     (lws_usec_t)SV_SYNC_LEASE_MS * LWS_US_PER_MS);
}

int sv_sync_start(sv_server *s, ch_err *err)
{
    sv_sync *y = &s->sync;
    if (!sv_store_shared(&s->store)) return CH_OK;
    unsigned int r = 0;
    if (getrandom(&r, sizeof r, 0) != (ssize_t)sizeof r) r = (unsigned)sv_now_ms();
    char host[16] = "";
    gethostname(host, sizeof host - 1);
    snprintf(y->owner, sizeof y->owner, "%s-%d-%08x", host, (int)getpid(), r);
    int rc = sv_store_listen(&s->store, err);
    if (rc != CH_OK) return rc;
    y->on = 1;
    for (int i = 0; i < s->n_tables; i++)
        s->tables[i]->lease = 0;
    note(s, "q"); /* who is connected where: the others answer "P" */
    lws_sul_schedule(s->ctx, 0, &y->notes, notes_tick, 1);
    lws_sul_schedule(s->ctx, 0, &y->leases, leases_tick, 1);
    return CH_OK;
}

void sv_sync_stop(sv_server *s)
{
    sv_sync *y = &s->sync;
    if (!y->on) return;
    lws_sul_schedule(s->ctx, 0, &y->notes, NULL, LWS_SET_TIMER_USEC_CANCEL);
    lws_sul_schedule(s->ctx, 0, &y->leases, NULL, LWS_SET_TIMER_USEC_CANCEL);
    for (int i = 0; i < s->n_tables; i++)
        s->tables[i]->lease = 0;
    ch_err err;
    sv_store_leases(&s->store, y->owner, NULL, -1, NULL, &err); /* gives them up */
}

void sv_sync_free(sv_server *s)
{
    free(s->sync.ids);
    free(s->sync.held);
    free(s->sync.remote);
    memset(&s->sync, 0, sizeof s->sync);
}
