/* Issue 27, running one server: what an operator and a supervisor see of
 * it. /healthz and /metrics over HTTP (http_ops.c), the figures behind
 * /metrics (metrics.c), and the server's life under systemd: ready,
 * watchdog, and a graceful stop on SIGTERM (lifecycle.c). */
#ifndef CARDHALL_SERVER_OPS_H
#define CARDHALL_SERVER_OPS_H

#include <libwebsockets.h>
#include <stdint.h>

#include "server.h"

#define SV_HIST_MAX 16 /* buckets of a histogram, +Inf included */

/* A Prometheus histogram of seconds: counts per bucket (not cumulative;
 * the text format's cumulative counts are made when it is written). */
typedef struct sv_hist {
    const double *le; /* upper bounds, rising; n of them, then +Inf */
    int n;
    uint64_t count[SV_HIST_MAX];
    uint64_t total;
    double sum;
} sv_hist;

/* Why a message was refused: a fixed set, so a client cannot make up
 * label values. Requests the server turned down are counted under their
 * type (join, act, ...) when it is one of the protocol's. */
enum {
    SV_REFUSED_RATE,         /* over --rate: told to slow down */
    SV_REFUSED_FLOOD,        /* at twice --rate: connection closed */
    SV_REFUSED_TOO_LARGE,    /* over --max-message: connection closed */
    SV_REFUSED_BINARY,       /* a binary frame: connection closed */
    SV_REFUSED_MALFORMED,    /* not one JSON object */
    SV_REFUSED_UNKNOWN_TYPE, /* no such message type */
    SV_REFUSED_FIRST_REQUEST /* then one per request type, in metrics.c's list */
};

typedef struct sv_metrics {
    uint64_t moves, bot_moves;
    uint64_t refused[32];
    sv_hist broadcast; /* a checked move until every viewer's state is queued */
    sv_hist commit;    /* one move's database commit */
    sv_hist bot_think; /* a bot choosing one move */
} sv_metrics;

typedef struct sv_ops {
    sv_metrics metrics;
    /* /healthz: the last probe, reused for a second so a flood of checks
     * costs one database write a second at most. */
    int64_t health_at_ms;
    int health_ok;
    char health_why[200];
    /* SIGTERM: connections are being told and closed. */
    int draining;
    lws_sorted_usec_list_t watchdog, drain_tick;
    uint64_t watchdog_usec;
} sv_ops;

typedef struct sv_server sv_server;
typedef struct sv_conn sv_conn;

/* metrics.c */
void sv_metrics_init(sv_metrics *m);
void sv_hist_add(sv_hist *h, double seconds);
/* reason: an SV_REFUSED_* code. */
void sv_metrics_refused(sv_metrics *m, int reason);
/* A request of this type was refused (NULL or unknown types count as
 * "other"). */
void sv_metrics_refused_request(sv_metrics *m, const char *type);
/* The Prometheus text (format 0.0.4) of everything; malloc'd, NULL when
 * out of memory. */
char *sv_metrics_text(const sv_server *s, size_t *len);
double sv_seconds_since(const struct timespec *t0);

/* http_ops.c: answers GET /healthz and /metrics. Returns 0 when path is
 * neither (the caller serves it); else 1 with *rc the callback's result. */
int sv_ops_http(sv_server *s, struct lws *wsi, const char *path, int *rc);

/* lifecycle.c: after the server listens (tells systemd it is ready and
 * starts pinging its watchdog); after SIGTERM or SIGINT: stops listening,
 * tells every connection {"type":"server_restarting"}, sends what is
 * queued and closes (status 1012), within 3 s. */
void sv_ops_started(sv_server *s);
void sv_ops_drain(sv_server *s, const struct lws_protocols *protocol);
/* Called by a connection about to write while draining: queues the word
 * to c and marks it to close once its queue is sent. */
void sv_ops_tell_restart(sv_server *s, sv_conn *c);

#endif
