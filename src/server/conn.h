/* The server's inside: tables in memory, connections with their send
 * queues, and the message handlers (lobby.c) that the event loop
 * (server.c) calls. */
#ifndef CARDHALL_SERVER_CONN_H
#define CARDHALL_SERVER_CONN_H

#include <libwebsockets.h>

#include "cardhall/jsontext.h"
#include "cardhall/room.h"
#include "addr.h"
#include "due.h"
#include "ops.h"
#include "server.h"
#include "store.h"
#include "sync.h"

#define SV_NO_SEAT (-3) /* a connection not at a table */
/* Distinct viewers of one table: each seat and the spectator, in each language. */
#define SV_VIEWS ((CH_MAX_PLAYERS + 1) * CH_NLANGS)

typedef struct sv_msg {
    struct sv_msg *next;
    size_t len;
    /* Queued while a group of moves was open (sv_store_group): not sent
     * before store.groups reaches it. 0: not held. */
    uint64_t group;
    unsigned char buf[]; /* LWS_PRE bytes of headroom, then the text */
} sv_msg;

typedef struct sv_table sv_table;
struct ev_loop;

/* One connection: libwebsockets' per-session data. */
typedef struct sv_conn {
    struct lws *wsi;
    int is_ws;
    /* WebSocket */
    sv_table *table;
    int seat; /* a seat, CH_SPECTATOR, or SV_NO_SEAT */
    ch_lang lang;
    struct sv_conn *next_at_table;
    sv_msg *head, *tail;
    size_t queued;
    int held; /* listed in sv_server.held: it has held messages */
    char *rx;
    size_t rx_len;
    int64_t window_ms;
    int window_n;
    int closing; /* close once the queue is sent; 2: at once (slow); 3: restarting */
    char name[TB_NAME_MAX]; /* a spectator's name for the chat ("" if none) */
    int64_t chat_window_ms; /* chat's own rate: messages in the last 10 s window */
    int chat_n;
    int64_t hint_ms; /* issue 24: when this connection last got a hint (one a second) */
    char addr[SV_ADDR_MAX]; /* the client's address (addr.h); counted in sv_server.addrs */
    /* HTTP */
    const char *body;
    size_t body_len, body_sent;
} sv_conn;

struct sv_table {
    tb_room room;
    sv_conn *conns;
    int n_conns;
    int64_t last_move_ms; /* bots wait --bot-delay after it */
    int lease; /* this server runs the table's bots and clocks (sync.h) */
    int64_t due_ms; /* when the tick looks at it next (due.h) */
    int due_i;      /* its place in sv_server.due, 1-based; 0: not due */
    /* Its bot is thinking off the loop (think.h): nothing else is due at
     * the table until the answer with this ticket comes back. */
    int thinking;
    uint64_t think_ticket;
};

typedef struct sv_server {
    sv_config cfg;
    sv_store store;
    sv_table **tables;
    int n_tables, cap_tables;
    int n_conns;
    size_t queued; /* bytes waiting in every send queue */
    struct lws_context *ctx;
    lws_sorted_usec_list_t tick;
    int64_t tick_ms;       /* when tick is scheduled (INT64_MAX: not) */
    sv_due due;            /* the tables by when the tick looks at them next */
    sv_addrs addrs;        /* open WebSocket connections per client address */
    lws_retry_bo_t retry;  /* the keep-alive: pings and hang-up (--ping) */
    void *ssl_ctx;         /* libwebsockets' SSL_CTX, for the SIGHUP reload; NULL: plain */
    sv_ops ops; /* issue 27: health, metrics, systemd, graceful stop */
    sv_sync sync; /* issue 27: several servers on one database */
    /* A broadcast's texts, one per distinct viewer (lobby.c), kept from
     * one broadcast to the next so that writing a message allocates
     * nothing once they have grown. */
    tb_text views[SV_VIEWS];
    /* Issue 29: the connections with messages held until the loop turn's
     * group of moves is committed (server.c, sv_service). held_lost: one
     * could not be listed (no memory): every connection is woken. */
    sv_conn **held;
    int n_held, cap_held, held_lost;
    struct ev_loop *loop; /* libev's, under libwebsockets; NULL: its poll loop */
    unsigned char *batch; /* several messages' frames for one send (server.c) */
    size_t batch_cap;
    struct sv_evtimer *tick_ev;  /* on loop, the tick's timer (evloop.h); NULL: tick, an lws_sul */
    lws_sorted_usec_list_t beat; /* on loop: libwebsockets' own timers kept on time (server.c) */
    struct sv_think *think;      /* search players' moves off the loop (think.h); NULL: in place */
} sv_server;

int64_t sv_now_ms(void);

/* Queues text for c (copied); closes c at once if its queue is over its bound. */
void sv_send(sv_server *s, sv_conn *c, const char *text, size_t len);
/* Queues the JSON object (stolen). */
void sv_send_json(sv_server *s, sv_conn *c, json_t *o);
void sv_send_error(sv_server *s, sv_conn *c, const char *type, const char *msg);
/* One turn of the event loop (lws_service), then the commit of the moves
 * it stored and the release of the messages held for it; < 0 to stop (the
 * loop's end, or a commit that failed: s->store.broken). */
int sv_service(sv_server *s);
/* Detaches c from its table (leaving presence). */
void sv_detach(sv_server *s, sv_conn *c);

/* lobby.c: one message from c, already size-checked. */
void sv_handle(sv_server *s, sv_conn *c, const char *text, size_t len);
/* The table with room id id, or NULL. */
sv_table *sv_table_of(sv_server *s, int64_t id);
/* Runs due bot moves (at most max per table); returns 1 if a table still has one due. */
int sv_run_bots(sv_server *s, sv_table *t, int max);
/* Plays the moves the thinking thread has worked out (think.h) at the
 * tables still where they were when their bots began to think. */
void sv_take_thoughts(sv_server *s);
/* t changed (a move, a person came or went, a pause began or ended): when
 * the tick looks at it next is worked out again (server.c, due.h). */
void sv_reschedule(sv_server *s, sv_table *t);
/* No more ticks (the server is stopping). */
void sv_tick_stop(sv_server *s);
/* Adds a table that storage rebuilt. */
int sv_add_loaded(void *ctx, tb_room *r);
/* Tells everyone at t where the game stands (a person came or went). */
void sv_announce(sv_server *s, sv_table *t);
/* As after move (1-based) of the room's game, with its events: a move
 * another server made (sync.c). */
void sv_announce_move(sv_server *s, sv_table *t, int move);
/* chat.c (issue 25): a chat message from c; the chat so far to c (after a
 * join, resume or watch). */
void sv_on_chat(sv_server *s, sv_conn *c, json_t *req);
void sv_send_chat_history(sv_server *s, sv_conn *c);
/* Bytes a table takes in memory, roughly. */
size_t sv_table_bytes(const sv_table *t);

#endif
