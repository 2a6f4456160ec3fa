/* The event loop of `cardhall serve`: one lws_context serving the web
 * client's files (compiled in) over HTTP and the tables over WebSocket on
 * one port. Writes happen only in LWS_CALLBACK_SERVER_WRITEABLE, one
 * lws_write per callback, from each connection's queue (platform notes). */
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifdef CH_LIBEV
#include "evloop.h"
#endif

#include "cardhall/jsontext.h"
#include "conn.h"
#include "jsarena.h"
#include "think.h"
#include "tls.h"
#include "web_files.h"

#define QUEUE_MAX (4u << 20) /* bytes one connection may have waiting */


/* No inline script or style: the client is files served from here. */
static const char csp[] = "default-src 'none'; script-src 'self'; style-src 'self'; "
                          "connect-src 'self'; img-src 'self'; base-uri 'none'; "
                          "form-action 'none'; frame-ancestors 'none'";

static volatile sig_atomic_t stopping, reload_tls;
static struct lws_context *running_ctx;

void sv_config_defaults(sv_config *c)
{
    memset(c, 0, sizeof *c);
    c->host = "127.0.0.1";
    c->port = 8080;
    c->max_message = 16 * 1024;
    c->rate = 20;
    c->conns_per_table = 32;
    c->max_tables = 10000;
    c->max_conns = 4096;
    c->max_memory = (size_t)1 << 30;
    c->timeout_ms = 60000;
    c->bot_delay_ms = 400;
    c->chat_rate = 10;
    c->ping_s = 20; /* below nginx's default proxy_read_timeout (60 s) and most NATs' */
    c->max_conns_per_ip = 64;
    c->rate_per_ip = 200; /* ten connections at the full --rate */
}

int64_t sv_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static int callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in,
                    size_t len);

static const struct lws_protocols protocols[] = {
    /* First, so a WebSocket upgrade without a subprotocol lands here; the
     * same callback answers plain HTTP. */
    {"cardhall", callback, sizeof(sv_conn), 4096, 0, NULL, 0},
    {NULL, NULL, 0, 0, 0, NULL, 0},
};

static sv_server *server_of(struct lws *wsi)
{
    return lws_context_user(lws_get_context(wsi));
}

static int held(const sv_server *s, const sv_msg *m)
{
    return m->group > s->store.groups;
}

/* c has a held message: woken when it may go (release). */
static void hold(sv_server *s, sv_conn *c)
{
    if (c->held) return;
    if (s->n_held == s->cap_held) {
        int cap = s->cap_held ? 2 * s->cap_held : 64;
        sv_conn **p = realloc(s->held, sizeof *p * (size_t)cap);
        if (!p) {
            s->held_lost = 1;
            return;
        }
        s->held = p;
        s->cap_held = cap;
    }
    s->held[s->n_held++] = c;
    c->held = 1;
}

static void unhold(sv_server *s, sv_conn *c)
{
    if (!c->held) return;
    for (int i = 0; i < s->n_held; i++)
        if (s->held[i] == c) {
            s->held[i] = s->held[--s->n_held];
            break;
        }
    c->held = 0;
}

/* The group is committed: every connection with held messages may write. */
static void release(sv_server *s)
{
    for (int i = 0; i < s->n_held; i++) {
        s->held[i]->held = 0;
        lws_callback_on_writable(s->held[i]->wsi);
    }
    s->n_held = 0;
    if (s->held_lost) lws_callback_on_writable_all_protocol(s->ctx, &protocols[0]);
    s->held_lost = 0;
}

/* Issue 29: group commits. The moves that one turn of the loop stores
 * (every message read in one poll, the bots' answers, the clock's tick)
 * are one transaction, committed here, after the turn and before any of
 * their messages is written: one commit instead of one a move, and still
 * nobody hears of a move before it is stored. */
static void arm_tick(sv_server *s);

int sv_service(sv_server *s)
{
    int n;
#ifdef CH_LIBEV
    /* Blocks until something is ready (epoll: the cost of a wake-up does
     * not grow with the connections), handles all of it, returns. */
    if (s->loop)
        n = (sv_evloop_run_once(s->loop), 0);
    else
#endif
        n = lws_service(s->ctx, 0);
    /* The bots' moves worked out meanwhile (woken by lws_cancel_service)
     * join this turn's group of moves. */
    sv_take_thoughts(s);
    ch_err err;
    sv_store_commit(&s->store, &err); /* on failure, broken: below */
    if (s->store.broken) {
        fprintf(stderr,
                "cardhall serve: %s: the moves of the last turn of the loop are not stored and "
                "nobody was told of them; stopping (a restart loads what is stored)\n",
                s->store.fail.msg);
        return -1;
    }
    if (s->n_held || s->held_lost) release(s);
    arm_tick(s);
    return n < 0 ? -1 : 0;
}

/* Each move's commit is its group's: the metric counts it once a move. */
static void committed(void *ctx, int moves, double seconds)
{
    sv_server *s = ctx;
    for (int i = 0; i < moves; i++)
        sv_hist_add(&s->ops.metrics.commit, seconds);
}

/* A failed group's messages never go (the store is broken; the server stops). */
static void drop_held(sv_server *s, sv_conn *c)
{
    sv_msg **p = &c->head, *last = NULL;
    while (*p && !held(s, *p)) {
        last = *p;
        p = &(*p)->next;
    }
    while (*p) {
        sv_msg *m = *p;
        *p = m->next;
        c->queued -= m->len;
        s->queued -= m->len;
        free(m);
    }
    c->tail = last;
}

void sv_send(sv_server *s, sv_conn *c, const char *text, size_t len)
{
    if (c->closing == 2) return;
    if (c->queued + len > QUEUE_MAX) {
        /* A client that does not read is dropped, not buffered without end. */
        c->closing = 2;
        lws_callback_on_writable(c->wsi);
        return;
    }
    sv_msg *m = malloc(sizeof *m + LWS_PRE + len);
    if (!m) return;
    m->next = NULL;
    m->len = len;
    /* A group of moves not yet committed: nothing queued now leaves before
     * its commit (sv_service), whether or not it tells of those moves. */
    m->group = sv_store_pending(&s->store) ? s->store.groups + 1 : 0;
    memcpy(m->buf + LWS_PRE, text, len);
    if (c->tail)
        c->tail->next = m;
    else
        c->head = m;
    c->tail = m;
    c->queued += len;
    s->queued += len;
    if (m->group)
        hold(s, c);
    else
        lws_callback_on_writable(c->wsi);
}

void sv_send_json(sv_server *s, sv_conn *c, json_t *o)
{
    size_t len;
    char *text = tb_json_dumps(o, &len); /* json_dumps' bytes, for less work */
    json_decref(o);
    if (!text) return;
    sv_send(s, c, text, len);
    free(text);
}

void sv_send_error(sv_server *s, sv_conn *c, const char *type, const char *msg)
{
    json_t *o = json_pack("{s:s,s:s}", "type", "error", "error", msg);
    if (!o) o = json_pack("{s:s,s:s}", "type", "error", "error", "bad request");
    if (type) json_object_set_new(o, "for", json_string(type));
    if (type) sv_metrics_refused_request(&s->ops.metrics, type);
    sv_send_json(s, c, o);
}

void sv_detach(sv_server *s, sv_conn *c)
{
    sv_table *t = c->table;
    if (!t) return;
    for (sv_conn **p = &t->conns; *p; p = &(*p)->next_at_table) {
        if (*p == c) {
            *p = c->next_at_table;
            t->n_conns--;
            break;
        }
    }
    if (c->seat >= 0) {
        tb_room_presence(&t->room, c->seat, -1, sv_now_ms());
        sv_sync_presence(s, t, c->seat, -1);
        sv_reschedule(s, t); /* the seat may be away from now: its timeout runs */
    }
    c->table = NULL;
    c->seat = SV_NO_SEAT;
    c->next_at_table = NULL;
}

static void drop_queue(sv_server *s, sv_conn *c)
{
    while (c->head) {
        sv_msg *m = c->head;
        c->head = m->next;
        s->queued -= m->len;
        free(m);
    }
    c->tail = NULL;
    c->queued = 0;
    free(c->rx);
    c->rx = NULL;
    c->rx_len = 0;
}

/* A connection over its message rate, or over its address's (all its
 * connections together: opening more does not buy more), gets an error; at
 * twice either rate it is closed. */
static int rate_ok(sv_server *s, sv_conn *c)
{
    int64_t now = sv_now_ms();
    if (now - c->window_ms >= 1000) {
        c->window_ms = now;
        c->window_n = 0;
    }
    c->window_n++;
    int from_addr = sv_addrs_message(&s->addrs, c->addr, now);
    if (c->window_n > 2 * s->cfg.rate || from_addr > 2 * s->cfg.rate_per_ip) {
        sv_metrics_refused(&s->ops.metrics, SV_REFUSED_FLOOD);
        return -1;
    }
    if (c->window_n > s->cfg.rate) {
        sv_metrics_refused(&s->ops.metrics, SV_REFUSED_RATE);
        sv_send_error(s, c, NULL, "too many messages: slow down");
        return 0;
    }
    if (from_addr > s->cfg.rate_per_ip) {
        sv_metrics_refused(&s->ops.metrics, SV_REFUSED_RATE);
        sv_send_error(s, c, NULL, "too many messages from your address: slow down");
        return 0;
    }
    return 1;
}

static int ws_receive(sv_server *s, sv_conn *c, struct lws *wsi, const void *in, size_t len)
{
    if (lws_frame_is_binary(wsi)) {
        sv_metrics_refused(&s->ops.metrics, SV_REFUSED_BINARY);
        lws_close_reason(wsi, LWS_CLOSE_STATUS_UNACCEPTABLE_OPCODE, (unsigned char *)"text only",
                         9);
        return -1;
    }
    if (c->rx_len + len > s->cfg.max_message) {
        sv_metrics_refused(&s->ops.metrics, SV_REFUSED_TOO_LARGE);
        lws_close_reason(wsi, LWS_CLOSE_STATUS_MESSAGE_TOO_LARGE, (unsigned char *)"too large", 9);
        return -1;
    }
    char *p = realloc(c->rx, c->rx_len + len + 1);
    if (!p) return -1;
    c->rx = p;
    memcpy(c->rx + c->rx_len, in, len);
    c->rx_len += len;
    if (!lws_is_final_fragment(wsi) || lws_remaining_packet_payload(wsi) > 0) return 0;
    int ok = rate_ok(s, c);
    if (ok < 0) {
        lws_close_reason(wsi, LWS_CLOSE_STATUS_POLICY_VIOLATION, (unsigned char *)"rate", 4);
        return -1;
    }
    if (ok > 0 && !c->closing) sv_handle(s, c, c->rx, c->rx_len); /* replaced: ignored */
    c->rx_len = 0;
    return 0;
}

/* Writes the header of an unmasked, final text frame of len bytes (RFC
 * 6455 5.2, a server's frame as libwebsockets writes it); its length. */
static size_t frame_header(unsigned char *h, size_t len)
{
    h[0] = 0x81; /* FIN, text */
    if (len < 126) {
        h[1] = (unsigned char)len;
        return 2;
    }
    if (len < 65536) {
        h[1] = 126;
        h[2] = (unsigned char)(len >> 8);
        h[3] = (unsigned char)len;
        return 4;
    }
    h[1] = 127;
    for (int i = 0; i < 8; i++)
        h[2 + i] = (unsigned char)((uint64_t)len >> (56 - 8 * i));
    return 10;
}

#define SV_BATCH_MAX 65536 /* bytes of frames in one send */

/* Issue 29: the messages ready at the head of c's queue (two or more),
 * framed one after the other into one buffer and written with one send:
 * a person's move and the bot's answer are two state messages released
 * together after their group's commit, and two sends cost two system
 * calls, two TCP segments and two wake-ups of the reader. libwebsockets
 * frames one message per lws_write; a whole frame written as raw bytes
 * (LWS_WRITE_HTTP on a WebSocket connection goes out as it is, through
 * TLS too) is the same bytes on the wire. Returns the number of messages
 * written (0: fewer than two ready, nothing done), -1 on a failed write. */
static int write_batch(sv_server *s, sv_conn *c, struct lws *wsi)
{
    size_t total = 0;
    int k = 0;
    for (sv_msg *m = c->head; m && !held(s, m) && total + m->len + 10 <= SV_BATCH_MAX;
         m = m->next, k++)
        total += m->len + 10;
    if (k < 2) return 0;
    if (s->batch_cap < LWS_PRE + total) {
        unsigned char *p = realloc(s->batch, LWS_PRE + total);
        if (!p) return 0; /* one at a time, as without */
        s->batch = p;
        s->batch_cap = LWS_PRE + total;
    }
    unsigned char *w = s->batch + LWS_PRE;
    sv_msg *m = c->head;
    for (int i = 0; i < k; i++, m = m->next) {
        w += frame_header(w, m->len);
        memcpy(w, m->buf + LWS_PRE, m->len);
        w += m->len;
    }
    size_t len = (size_t)(w - (s->batch + LWS_PRE));
    if (lws_write(wsi, s->batch + LWS_PRE, len, LWS_WRITE_HTTP) < (int)len) return -1;
    for (int i = 0; i < k; i++) {
        m = c->head;
        c->head = m->next;
        if (!c->head) c->tail = NULL;
        c->queued -= m->len;
        s->queued -= m->len;
        free(m);
    }
    return k;
}

static int ws_writeable(sv_server *s, sv_conn *c, struct lws *wsi)
{
    if (c->closing == 2) {
        lws_close_reason(wsi, LWS_CLOSE_STATUS_POLICY_VIOLATION, (unsigned char *)"slow", 4);
        return -1;
    }
    if (s->ops.draining && !c->closing) sv_ops_tell_restart(s, c);
    /* A move and the bot's answer are two messages: while the socket takes
     * more without blocking (lws_send_pipe_choked polls this one socket and
     * permits the next lws_write), the next goes now, not after another
     * pass of the loop, which polls every socket. */
    if (s->store.broken) drop_held(s, c);
    for (sv_msg *m; (m = c->head) != NULL && !held(s, m);) {
        int k = write_batch(s, c, wsi);
        if (k < 0) return -1;
        if (k > 0) {
            if (!c->head || lws_send_pipe_choked(wsi)) break;
            continue;
        }
        int n = lws_write(wsi, m->buf + LWS_PRE, m->len, LWS_WRITE_TEXT);
        if (n < (int)m->len) return -1;
        c->head = m->next;
        if (!c->head) c->tail = NULL;
        c->queued -= m->len;
        s->queued -= m->len;
        free(m);
        if (!c->head || lws_send_pipe_choked(wsi)) break;
    }
    if (c->head) {
        if (!held(s, c->head)) lws_callback_on_writable(wsi); /* else release() will */
        return 0;
    }
    if (c->closing == 3) {
        /* 1012, Service Restart (RFC 6455 registry): come back shortly. */
        lws_close_reason(wsi, (enum lws_close_status)1012, (unsigned char *)"restarting", 10);
        return -1;
    }
    if (c->closing) {
        lws_close_reason(wsi, LWS_CLOSE_STATUS_NORMAL, (unsigned char *)"replaced", 8);
        return -1;
    }
    return 0;
}

/* Only the compiled-in files: a path is looked up, never opened. */
static const sv_web_file *find_file(const char *path)
{
    if (!strcmp(path, "/")) path = "/index.html";
    for (size_t i = 0; i < sv_web_nfiles; i++)
        if (!strcmp(path, sv_web_files[i].path)) return &sv_web_files[i];
    return NULL;
}

static int http_request(sv_conn *c, struct lws *wsi, const char *path)
{
    int ops_rc;
    if (sv_ops_http(server_of(wsi), wsi, path, &ops_rc)) return ops_rc; /* /healthz, /metrics */
    /* Our own 404 (not libwebsockets' page): every answer carries the
     * same CSP and nosniff headers. */
    static const char not_found[] = "<!doctype html><title>404</title><p>Not found.</p>\n";
    const sv_web_file *f = find_file(path);
    unsigned int status = f ? HTTP_STATUS_OK : HTTP_STATUS_NOT_FOUND;
    unsigned char buf[LWS_PRE + 2048], *start = buf + LWS_PRE, *p = start,
                                       *end = buf + sizeof buf - 1;
    c->body = f ? f->body : not_found;
    c->body_len = f ? f->len : sizeof not_found - 1;
    c->body_sent = 0;
    static const char nosniff[] = "nosniff", nocache[] = "no-cache";
    if (lws_add_http_common_headers(wsi, status, f ? f->mime : "text/html; charset=utf-8",
                                    c->body_len, &p, end) ||
        lws_add_http_header_by_name(wsi, (const unsigned char *)"content-security-policy:",
                                    (const unsigned char *)csp, (int)strlen(csp), &p, end) ||
        lws_add_http_header_by_name(
            wsi, (const unsigned char *)"x-content-type-options:", (const unsigned char *)nosniff,
            (int)strlen(nosniff), &p, end) ||
        lws_add_http_header_by_name(
            wsi, (const unsigned char *)"cache-control:", (const unsigned char *)nocache,
            (int)strlen(nocache), &p, end) ||
        lws_finalize_write_http_header(wsi, start, &p, end))
        return -1;
    lws_callback_on_writable(wsi);
    return 0;
}

static int http_writeable(sv_conn *c, struct lws *wsi)
{
    if (!c->body) return 0;
    unsigned char buf[LWS_PRE + 4096];
    size_t n = c->body_len - c->body_sent;
    if (n > sizeof buf - LWS_PRE) n = sizeof buf - LWS_PRE;
    memcpy(buf + LWS_PRE, c->body + c->body_sent, n);
    int last = c->body_sent + n == c->body_len;
    if (lws_write(wsi, buf + LWS_PRE, n, last ? LWS_WRITE_HTTP_FINAL : LWS_WRITE_HTTP) < (int)n)
        return -1;
    c->body_sent += n;
    if (!last) {
        lws_callback_on_writable(wsi);
        return 0;
    }
    c->body = NULL;
    return lws_http_transaction_completed(wsi) ? -1 : 0;
}

/* A header of the request on wsi into buf (NUL-terminated), or NULL if
 * absent or longer than cap. */
static const char *header(struct lws *wsi, enum lws_token_indexes h, char *buf, int cap)
{
    int n = lws_hdr_total_length(wsi, h);
    if (n <= 0 || n >= cap || lws_hdr_copy(wsi, buf, cap, h) < 0) return NULL;
    return buf;
}

/* The address the connection counts under: the proxy's word for it with
 * --trust-proxy (and only then: anyone can send the header), else the
 * peer's. */
static void client_addr(const sv_server *s, struct lws *wsi, char out[SV_ADDR_MAX])
{
    char xff[256];
    if (s->cfg.trust_proxy &&
        sv_addr_forwarded(header(wsi, WSI_TOKEN_X_FORWARDED_FOR, xff, sizeof xff), out) == 0)
        return;
    lws_get_peer_simple(wsi, out, SV_ADDR_MAX);
}

static int ws_established(sv_server *s, sv_conn *c, struct lws *wsi)
{
    memset(c, 0, sizeof *c);
    c->wsi = wsi;
    c->seat = SV_NO_SEAT;
    if (s->n_conns >= s->cfg.max_conns) {
        lws_close_reason(wsi, LWS_CLOSE_STATUS_POLICY_VIOLATION, (unsigned char *)"full", 4);
        return -1;
    }
    client_addr(s, wsi, c->addr);
    if (sv_addrs_add(&s->addrs, c->addr, s->cfg.max_conns_per_ip) != 0) {
        lws_close_reason(wsi, LWS_CLOSE_STATUS_POLICY_VIOLATION,
                         (unsigned char *)"too many connections from your address", 38);
        return -1;
    }
    c->is_ws = 1;
    s->n_conns++;
    /* Small messages that must go out now: no Nagle delay (it cost
     * 40 ms per move against delayed ACKs in bench/serve). */
    int one = 1;
    setsockopt(lws_get_socket_fd(wsi), IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    return 0;
}

static int callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in,
                    size_t len)
{
    sv_conn *c = user;
    switch (reason) {
    case LWS_CALLBACK_OPENSSL_LOAD_EXTRA_SERVER_VERIFY_CERTS:
        /* user is the vhost's SSL_CTX: kept for the reload on SIGHUP. */
        server_of(wsi)->ssl_ctx = user;
        return 0;
    case LWS_CALLBACK_FILTER_PROTOCOL_CONNECTION: {
        /* Before the upgrade: a page of another site gets no connection. */
        char origin[512], host[256];
        const char *o = header(wsi, WSI_TOKEN_ORIGIN, origin, sizeof origin);
        int too_long = !o && lws_hdr_total_length(wsi, WSI_TOKEN_ORIGIN) > 0;
        sv_server *s = server_of(wsi);
        /* A request over HTTP/2 names the host in :authority. */
        const char *h = header(wsi, WSI_TOKEN_HOST, host, sizeof host);
        if (!h) h = header(wsi, WSI_TOKEN_HTTP_COLON_AUTHORITY, host, sizeof host);
        if (too_long || !sv_origin_ok(&s->cfg, o, h)) {
            lws_return_http_status(wsi, HTTP_STATUS_FORBIDDEN, "origin not allowed");
            return -1;
        }
        char addr[SV_ADDR_MAX];
        client_addr(s, wsi, addr);
        if (sv_addrs_count(&s->addrs, addr) >= s->cfg.max_conns_per_ip) {
            lws_return_http_status(wsi, HTTP_STATUS_FORBIDDEN,
                                   "too many connections from your address");
            return -1;
        }
        return 0;
    }
    case LWS_CALLBACK_FILTER_NETWORK_CONNECTION:
        return server_of(wsi)->ops.draining; /* stopping: no new connections */
    case LWS_CALLBACK_HTTP:
        return http_request(c, wsi, in);
    case LWS_CALLBACK_HTTP_WRITEABLE:
        return http_writeable(c, wsi);
    case LWS_CALLBACK_ESTABLISHED:
        return ws_established(server_of(wsi), c, wsi);
    case LWS_CALLBACK_RECEIVE:
        return ws_receive(server_of(wsi), c, wsi, in, len);
    case LWS_CALLBACK_SERVER_WRITEABLE:
        return ws_writeable(server_of(wsi), c, wsi);
    case LWS_CALLBACK_CLOSED:
        if (c->is_ws) {
            sv_server *s = server_of(wsi);
            sv_table *t = c->seat >= 0 ? c->table : NULL;
            sv_detach(s, c);
            /* The others see that the person went away, and since when. */
            if (t && !stopping) sv_announce(s, t);
            drop_queue(s, c);
            unhold(s, c);
            sv_addrs_remove(&s->addrs, c->addr);
            s->n_conns--;
            c->is_ws = 0;
        }
        return 0;
    default:
        break;
    }
    return lws_callback_http_dummy(wsi, reason, user, in, len);
}

static void tick_sul(lws_sorted_usec_list_t *sul);

static void schedule_tick(sv_server *s, int64_t at, int64_t now)
{
    s->tick_ms = at;
    lws_usec_t us = at > now ? (lws_usec_t)(at - now) * LWS_US_PER_MS : 1;
#ifdef CH_LIBEV
    if (s->tick_ev) {
        sv_evtimer_set(s->tick_ev, (double)us / 1e6);
        return;
    }
#endif
    lws_sul_schedule(s->ctx, 0, &s->tick, tick_sul, us);
}

/* Under libev, libwebsockets 4.1.6 serves its own timers (a ping after
 * --ping idle seconds, a close that times out) from one libev timer, armed
 * for the earliest of them and never moved sooner while armed (evloop.h):
 * one set sooner from a connection's callback waits for the armed one.
 * That timer is armed again, right, each time it fires; a timer of
 * libwebsockets' own every 100 ms keeps it firing, so none of its timers
 * is late by more than that (as when the tick, every 100 ms, was one). */
static void beat(lws_sorted_usec_list_t *sul)
{
    sv_server *s = lws_container_of(sul, sv_server, beat);
    lws_sul_schedule(s->ctx, 0, &s->beat, beat, 100 * LWS_US_PER_MS);
}

void sv_tick_stop(sv_server *s)
{
    /* Stopping: sv_ops_drain's own 50 ms timer keeps libwebsockets' on time. */
    lws_sul_schedule(s->ctx, 0, &s->beat, NULL, LWS_SET_TIMER_USEC_CANCEL);
#ifdef CH_LIBEV
    if (s->tick_ev) sv_evtimer_stop(s->tick_ev);
#endif
    lws_sul_schedule(s->ctx, 0, &s->tick, NULL, LWS_SET_TIMER_USEC_CANCEL);
    s->tick_ms = INT64_MAX;
}

void sv_reschedule(sv_server *s, sv_table *t)
{
    if (t->thinking) { /* nothing is due before its bot's answer (think.h) */
        sv_due_set(&s->due, t, INT64_MAX);
        return;
    }
    int64_t now = sv_now_ms(), at = tb_room_next_due(&t->room, now);
    /* People see each bot move: a pause after every move before the next bot's. */
    if (at <= now && s->cfg.bot_delay_ms > 0 && t->last_move_ms + s->cfg.bot_delay_ms > now)
        at = t->last_move_ms + s->cfg.bot_delay_ms;
    /* Due now: at the next tick, a millisecond on (the bots of a table
     * run 64 moves at a time, and others get their turn between). */
    if (at <= now) at = now + 1;
    sv_due_set(&s->due, t, at); /* the tick's timer follows after the loop's turn (arm_tick) */
}

/* After each turn of the loop: the tick's timer set for the earliest table
 * due. Not at each sv_reschedule: during a person's move the table is due
 * at once (the bot's turn) until the bot, a moment later in the same turn,
 * has moved, and a timer set for that moment woke the loop for nothing. */
static void arm_tick(sv_server *s)
{
    if (s->sync.on || s->ops.draining) return; /* sync: the tick sets its own */
    int64_t next = sv_due_next(&s->due);
    if (next == s->tick_ms) return;
    if (next == INT64_MAX) {
        sv_tick_stop(s);
        return;
    }
    schedule_tick(s, next, sv_now_ms());
}

/* Bots, clocks, away seats and pauses between hands: the tables due now
 * get a look (due.h), and the tick sleeps until the next one is due.
 * Several servers on one database (sync.h): every table every 100 ms, since
 * leases come and go with the other servers, sooner while bots have moves
 * to make. */
static void tick(void *arg)
{
    sv_server *s = arg;
    int max = s->cfg.bot_delay_ms > 0 ? 1 : 64;
    int64_t now = sv_now_ms();
    if (s->sync.on) {
        int busy = 0;
        for (int i = 0; i < s->n_tables; i++)
            busy |= sv_run_bots(s, s->tables[i], max);
        int ms = busy ? (s->cfg.bot_delay_ms > 0 ? s->cfg.bot_delay_ms : 1) : 100;
        schedule_tick(s, now + ms, now);
        return;
    }
    s->tick_ms = INT64_MAX; /* fired: arm_tick sets it again after this turn */
    sv_table *t;
    /* A table run here is due again a millisecond on at the soonest: it is
     * not taken twice in one tick. */
    while ((t = sv_due_pop(&s->due, now)))
        sv_run_bots(s, t, max);
}

static void tick_sul(lws_sorted_usec_list_t *sul)
{
    tick(lws_container_of(sul, sv_server, tick));
}

static void on_signal(int sig)
{
    if (sig == SIGHUP)
        reload_tls = 1;
    else
        stopping = 1;
    if (running_ctx) lws_cancel_service(running_ctx);
}

static void do_reload(sv_server *s)
{
    reload_tls = 0;
    ch_err err;
    if (!s->ssl_ctx) {
        fprintf(stderr, "cardhall serve: SIGHUP: no TLS certificate to reload\n");
    } else if (sv_tls_reload(s->ssl_ctx, s->cfg.tls_cert, s->cfg.tls_key, &err) != CH_OK) {
        fprintf(stderr, "cardhall serve: SIGHUP: %s; the certificate in use stays\n", err.msg);
    } else {
        fprintf(stderr, "cardhall serve: SIGHUP: TLS certificate %s reloaded\n", s->cfg.tls_cert);
    }
}

static int loopback(const char *host)
{
    return strncmp(host, "127.", 4) == 0 || strcmp(host, "::1") == 0 ||
           strcmp(host, "localhost") == 0;
}


int sv_run(const sv_config *cfg, ch_err *err)
{
    sv_server *s = calloc(1, sizeof *s);
    if (!s) return ch_errf(err, CH_ENOMEM, "out of memory");
    s->cfg = *cfg;
    s->tick_ms = INT64_MAX;
    sv_jsarena_install(); /* broadcasts' trees from one block (jsarena.h) */
    int rc = sv_store_open(&s->store, cfg->db, err);
    if (rc == CH_OK) rc = sv_store_load(&s->store, sv_now_ms(), sv_add_loaded, s, err);
    if (rc != CH_OK) goto out;

    if (cfg->tls_cert && (rc = sv_tls_check(cfg->tls_cert, cfg->tls_key, err)) != CH_OK) goto out;
    lws_set_log_level(LLL_ERR, NULL);
    /* Keep-alive: a ping after ping_s idle seconds; a peer that has not
     * answered two intervals later is gone (its seat turns away). The
     * pings also keep a reverse proxy from closing an idle connection. */
    s->retry.secs_since_valid_ping = (uint16_t)cfg->ping_s;
    s->retry.secs_since_valid_hangup = (uint16_t)(3 * cfg->ping_s);
    struct lws_context_creation_info info;
    memset(&info, 0, sizeof info);
    info.port = cfg->port; /* 0: the kernel picks a free port */
    info.iface = cfg->host;
    info.protocols = protocols;
    info.user = s;
    info.options = LWS_SERVER_OPTION_VALIDATE_UTF8 | LWS_SERVER_OPTION_DISABLE_IPV6;
    info.pt_serv_buf_size = 8192;
    info.retry_and_idle_policy = &s->retry;
    if (cfg->tls_cert) {
        /* HTTPS and WSS on the one port. */
        info.options |= LWS_SERVER_OPTION_DO_SSL_GLOBAL_INIT;
        info.ssl_cert_filepath = cfg->tls_cert;
        info.ssl_private_key_filepath = cfg->tls_key;
        /* HTTP/1.1 only: offered HTTP/2, chromium carried the WebSocket in
         * an HTTP/2 stream (RFC 8441) and the page never got a message
         * (libwebsockets 4.1.6); the files are few and small anyway. */
        info.alpn = "http/1.1";
    }
#ifdef CH_LIBEV
    /* libev's loop (epoll), ours, lent to libwebsockets (its libev plugin):
     * libwebsockets' own loop polls every socket on every wake-up, which
     * at a move a second per table was most of a move's cost. */
    void *loops[1] = {sv_evloop_new()};
    if (loops[0] && !getenv("CH_SERVE_POLL")) {
        s->loop = loops[0];
        info.options |= LWS_SERVER_OPTION_LIBEV;
        info.foreign_loops = loops;
        s->ctx = lws_create_context(&info);
        if (!s->ctx) { /* no libev plugin: the poll loop */
            fprintf(stderr, "cardhall serve: libwebsockets without libev: its poll loop\n");
            info.options &= ~(uint64_t)LWS_SERVER_OPTION_LIBEV;
            info.foreign_loops = NULL;
        }
    }
    if (!s->ctx) {
        if (loops[0]) sv_evloop_destroy(loops[0]);
        s->loop = NULL;
        s->ctx = lws_create_context(&info);
    }
#else
    s->ctx = lws_create_context(&info);
#endif
    if (!s->ctx) {
        rc = ch_errf(err, CH_EIO, "cannot listen on %s:%d", cfg->host, cfg->port);
        goto out;
    }
    int port = cfg->port;
    struct lws_vhost *vh = lws_get_vhost_by_name(s->ctx, "default");
    if (vh) port = lws_get_vhost_listen_port(vh);
    if (cfg->tls_cert && !s->ssl_ctx) {
        rc = ch_errf(err, CH_EIO, "TLS: libwebsockets made no TLS context");
        lws_context_destroy(s->ctx);
        goto out;
    }
    /* Several servers on one database: notifications and leases. */
    if ((rc = sv_sync_start(s, err)) != CH_OK) {
        lws_context_destroy(s->ctx);
        goto out;
    }
    /* Search players think on a thread of their own (think.h). */
    if (!(s->think = sv_think_start(s->ctx, err))) {
        rc = CH_EIO;
        sv_sync_stop(s);
        lws_context_destroy(s->ctx);
        goto out;
    }
    char where[1024]; /* a PostgreSQL URL's password is never printed */
    sv_store_redact(cfg->db, where, sizeof where);
    printf("cardhall serve: %s://%s:%d/ (database %s, %d tables)\n",
           cfg->tls_cert ? "https" : "http", cfg->host, port, where, s->n_tables);
    if (cfg->public_url) printf("cardhall serve: people open %s\n", cfg->public_url);
    fflush(stdout);
    if (!cfg->tls_cert && !loopback(cfg->host))
        fprintf(stderr,
                "cardhall serve: warning: listening on %s without TLS: names, moves and seat "
                "tokens cross the network in the clear. On the internet give --tls-cert and "
                "--tls-key, or serve on 127.0.0.1 behind a reverse proxy that does TLS "
                "(docs/deploy.md).\n",
                cfg->host);
    sv_ops_started(s);

    running_ctx = s->ctx;
    /* sigaction, not signal(): under strict C11 signal() resets the handler
     * after one delivery, and a second SIGHUP would end the server. */
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    signal(SIGPIPE, SIG_IGN);
#ifdef CH_LIBEV
    if (s->loop && !(s->tick_ev = sv_evtimer_new(s->loop, tick, s))) {
        rc = ch_errf(err, CH_ENOMEM, "out of memory");
        sv_sync_stop(s);
        lws_context_destroy(s->ctx);
        goto out;
    }
    if (s->tick_ev) beat(&s->beat);
#endif
    schedule_tick(s, 0, 1); /* every table loaded is due: a look at once */
    /* SQLite: a loop turn's moves in one commit (sv_service). */
    s->store.committed = committed;
    s->store.committed_ctx = s;
    sv_store_group(&s->store, 1);
    while (!stopping) {
        if (sv_service(s) < 0) break;
        if (reload_tls) do_reload(s);
    }
    if (s->store.broken) rc = ch_errf(err, CH_EIO, "%s", s->store.fail.msg);
    sv_sync_stop(s);
    sv_ops_drain(s, &protocols[0]);
    running_ctx = NULL;
    /* A move still being thought of is dropped: it was never made. */
    sv_think_stop(s->think);
    s->think = NULL;
    lws_context_destroy(s->ctx);
out:
    for (int i = 0; i < s->n_tables; i++) {
        tb_room_free(&s->tables[i]->room);
        free(s->tables[i]);
    }
    free(s->tables);
    free(s->held);
    free(s->batch);
    sv_due_free(&s->due);
#ifdef CH_LIBEV
    sv_evtimer_free(s->tick_ev);
    if (s->loop) sv_evloop_destroy(s->loop); /* after lws_context_destroy: it was lent */
#endif
    sv_addrs_free(&s->addrs);
    sv_sync_free(s);
    sv_store_close(&s->store);
    for (int i = 0; i < SV_VIEWS; i++)
        free(s->views[i].p);
    free(s);
    sv_jsarena_uninstall();
    return rc;
}
