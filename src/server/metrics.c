/* The figures behind GET /metrics (ops.h), written in Prometheus' text
 * format 0.0.4. Counters only ever grow; gauges are read when scraped. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "conn.h"

/* Seconds: a move's broadcast and commit take about a millisecond on a
 * quiet server (bench/serve); a search bot thinks up to seconds. */
static const double fast_le[] = {0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025,
                                 0.05,   0.1,   0.25,   0.5,   1,    2.5};
static const double think_le[] = {0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30};

/* The protocol's request types (docs/ws-protocol.md), each a label value
 * of refused requests; anything else is "other". */
static const char *const request_types[] = {"games",  "list",    "create",  "join",   "resume",
                                            "watch",  "act",     "leave",   "rematch", "history",
                                            "record", "rules",   "replay",  "chat",   "other"};
#define N_REQUEST_TYPES (int)(sizeof request_types / sizeof *request_types)
static const char *const refused_names[SV_REFUSED_FIRST_REQUEST] = {
    "rate", "flood", "too_large", "binary", "malformed", "unknown_type"};

static void hist_init(sv_hist *h, const double *le, int n)
{
    memset(h, 0, sizeof *h);
    h->le = le;
    h->n = n;
}

void sv_metrics_init(sv_metrics *m)
{
    memset(m, 0, sizeof *m);
    hist_init(&m->broadcast, fast_le, sizeof fast_le / sizeof *fast_le);
    hist_init(&m->commit, fast_le, sizeof fast_le / sizeof *fast_le);
    hist_init(&m->bot_think, think_le, sizeof think_le / sizeof *think_le);
    _Static_assert(sizeof fast_le / sizeof *fast_le < SV_HIST_MAX, "buckets");
    _Static_assert(sizeof think_le / sizeof *think_le < SV_HIST_MAX, "buckets");
    _Static_assert(SV_REFUSED_FIRST_REQUEST + N_REQUEST_TYPES <= 32, "refused reasons");
}

void sv_hist_add(sv_hist *h, double seconds)
{
    int i = 0;
    while (i < h->n && seconds > h->le[i])
        i++;
    h->count[i]++; /* i == n: +Inf */
    h->total++;
    h->sum += seconds;
}

double sv_seconds_since(const struct timespec *t0)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)(t.tv_sec - t0->tv_sec) + (double)(t.tv_nsec - t0->tv_nsec) / 1e9;
}

void sv_metrics_refused(sv_metrics *m, int reason)
{
    if (reason >= 0 && reason < SV_REFUSED_FIRST_REQUEST) m->refused[reason]++;
}

void sv_metrics_refused_request(sv_metrics *m, const char *type)
{
    int i = 0;
    while (i < N_REQUEST_TYPES - 1 && !(type && strcmp(type, request_types[i]) == 0))
        i++;
    m->refused[SV_REFUSED_FIRST_REQUEST + i]++;
}

/* A growing text buffer; on out of memory it stops growing and says so. */
typedef struct out {
    char *p;
    size_t len, cap;
    int failed;
} out;

static void put(out *o, const char *fmt, ...)
{
    if (o->failed) return;
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(o->p + o->len, o->cap - o->len, fmt, ap);
        va_end(ap);
        if (n < 0) {
            o->failed = 1;
            return;
        }
        if ((size_t)n < o->cap - o->len) {
            o->len += (size_t)n;
            return;
        }
        size_t cap = 2 * o->cap + (size_t)n;
        char *p = realloc(o->p, cap);
        if (!p) {
            o->failed = 1;
            return;
        }
        o->p = p;
        o->cap = cap;
    }
}

static void head(out *o, const char *name, const char *type, const char *help)
{
    put(o, "# HELP %s %s\n# TYPE %s %s\n", name, help, name, type);
}

static void hist(out *o, const char *name, const char *help, const sv_hist *h)
{
    head(o, name, "histogram", help);
    uint64_t cum = 0;
    for (int i = 0; i < h->n; i++) {
        cum += h->count[i];
        put(o, "%s_bucket{le=\"%g\"} %llu\n", name, h->le[i], (unsigned long long)cum);
    }
    put(o, "%s_bucket{le=\"+Inf\"} %llu\n", name, (unsigned long long)h->total);
    put(o, "%s_sum %.9g\n%s_count %llu\n", name, h->sum, name, (unsigned long long)h->total);
}

/* Resident set size from /proc (Linux), 0 if unreadable. */
static long long resident_bytes(void)
{
    FILE *f = fopen("/proc/self/statm", "r");
    long long size = 0, rss = 0;
    if (!f) return 0;
    if (fscanf(f, "%lld %lld", &size, &rss) != 2) rss = 0;
    fclose(f);
    return rss * sysconf(_SC_PAGESIZE);
}

char *sv_metrics_text(const sv_server *s, size_t *len)
{
    out o = {malloc(8192), 0, 8192, 0};
    if (!o.p) return NULL;
    const sv_metrics *m = &s->ops.metrics;
    int by_status[3] = {0, 0, 0}, seated = 0, watching = 0;
    for (int i = 0; i < s->n_tables; i++) {
        const sv_table *t = s->tables[i];
        if (t->room.status >= 0 && t->room.status < 3) by_status[t->room.status]++;
        for (const sv_conn *c = t->conns; c; c = c->next_at_table) {
            if (c->seat >= 0)
                seated++;
            else
                watching++;
        }
    }
    head(&o, "cardhall_tables", "gauge", "Tables the server holds, by status.");
    for (int i = 0; i < 3; i++)
        put(&o, "cardhall_tables{status=\"%s\"} %d\n", tb_room_status_name((tb_room_status)i),
            by_status[i]);
    head(&o, "cardhall_connections", "gauge",
         "WebSocket connections: people at a seat, spectators, and in the lobby.");
    put(&o, "cardhall_connections{kind=\"player\"} %d\n", seated);
    put(&o, "cardhall_connections{kind=\"spectator\"} %d\n", watching);
    put(&o, "cardhall_connections{kind=\"lobby\"} %d\n", s->n_conns - seated - watching);
    head(&o, "cardhall_moves_total", "counter", "Moves applied, by who made them.");
    put(&o, "cardhall_moves_total{by=\"person\"} %llu\n",
        (unsigned long long)(m->moves - m->bot_moves));
    put(&o, "cardhall_moves_total{by=\"bot\"} %llu\n", (unsigned long long)m->bot_moves);
    head(&o, "cardhall_messages_refused_total", "counter",
         "Client messages refused, by reason (a refused request under its type).");
    for (int i = 0; i < SV_REFUSED_FIRST_REQUEST; i++)
        put(&o, "cardhall_messages_refused_total{reason=\"%s\"} %llu\n", refused_names[i],
            (unsigned long long)m->refused[i]);
    for (int i = 0; i < N_REQUEST_TYPES; i++)
        put(&o, "cardhall_messages_refused_total{reason=\"%s\"} %llu\n", request_types[i],
            (unsigned long long)m->refused[SV_REFUSED_FIRST_REQUEST + i]);
    hist(&o, "cardhall_move_broadcast_seconds",
         "From a checked move to every viewer's new state queued (its commit included on "
         "PostgreSQL; on SQLite committed with its loop turn's moves before any is sent).",
         &m->broadcast);
    hist(&o, "cardhall_db_commit_seconds", "One move's database commit (on SQLite its loop turn's group's).", &m->commit);
    hist(&o, "cardhall_bot_think_seconds", "A bot choosing one move.", &m->bot_think);
    head(&o, "cardhall_queued_bytes", "gauge", "Bytes waiting in every send queue.");
    put(&o, "cardhall_queued_bytes %zu\n", s->queued);
    head(&o, "process_resident_memory_bytes", "gauge", "Resident memory size in bytes.");
    put(&o, "process_resident_memory_bytes %lld\n", resident_bytes());
    if (o.failed) {
        free(o.p);
        return NULL;
    }
    *len = o.len;
    return o.p;
}
