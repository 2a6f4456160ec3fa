/* A small blocking WebSocket client on libwebsockets, for the server's
 * tests and the load benchmark: connections on one client context, each
 * with its queue of received messages. Loopback only. */
#ifndef CARDHALL_TESTS_WSC_H
#define CARDHALL_TESTS_WSC_H

#include <stddef.h>
#include <jansson.h>
#include <libwebsockets.h>

typedef struct wsc_msg {
    struct wsc_msg *next;
    size_t len;
    char *text; /* NUL-terminated */
} wsc_msg;

typedef struct wsc_conn {
    struct lws *wsi;
    int state; /* 0 connecting, 1 open, 2 closed */
    int closing;
    wsc_msg *in_head, *in_tail;   /* received */
    wsc_msg *out_head, *out_tail; /* to send */
    char *rx;
    size_t rx_len;
    int n_in;
    void *user;
    const char *xff; /* the wsc's, when this connection was started */
} wsc_conn;

typedef struct wsc {
    struct lws_context *ctx;
    int port;
    lws_sorted_usec_list_t tick, wake;
    unsigned events; /* messages received and connections opened or closed, so far */
    /* Set after wsc_init, for the connections opened next: */
    const char *origin; /* Origin: http://<this> (libwebsockets adds the scheme); NULL: none */
    int tls;            /* wss:// (any certificate: the tests make their own) */
    char host[32];      /* the Host header: 127.0.0.1:port, as a browser sends it */
    const char *xff;    /* an X-Forwarded-For header, as a proxy would add; NULL: none */
} wsc;

int wsc_init(wsc *w, int port);
void wsc_free(wsc *w);
/* Opens a connection and waits for it to be open; NULL after timeout_ms. */
wsc_conn *wsc_open(wsc *w, int timeout_ms);
/* Starts a connection without waiting (the bench opens many at once). */
wsc_conn *wsc_start(wsc *w);
void wsc_send(wsc_conn *c, const char *text, size_t len);
void wsc_send_json(wsc_conn *c, json_t *o); /* steals o */
/* Runs the loop for ms milliseconds (at least one pass). */
void wsc_service(wsc *w, int ms);
/* Runs the loop until a message arrives or a connection opens or closes,
 * for at most ms milliseconds (0: one pass that does not wait). The load
 * benchmark's loop: wsc_service's loop sleeps in poll until its 5 ms tick
 * after the message that ends its time, and that wait was counted in
 * every move's latency. */
void wsc_wait(wsc *w, int ms);
/* The next message on c as JSON, waiting up to timeout_ms; NULL on timeout
 * or when c is closed and has nothing left. */
json_t *wsc_recv(wsc *w, wsc_conn *c, int timeout_ms);
/* The next message on c as its text (NUL-terminated, *len bytes; the
 * caller frees it), without waiting; NULL if none. The load benchmark
 * reads only a few fields and does not build a tree of every message. */
char *wsc_recv_text(wsc_conn *c, size_t *len);
/* The next message whose "type" is type, dropping others; NULL on timeout. */
json_t *wsc_expect(wsc *w, wsc_conn *c, const char *type, int timeout_ms);
/* Asks c to close and frees it once closed. */
void wsc_close(wsc *w, wsc_conn *c);

#endif
