/* See wsc.h. */
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "wsc.h"

static long long now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void push(wsc_msg **head, wsc_msg **tail, const char *text, size_t len, size_t pre)
{
    wsc_msg *m = malloc(sizeof *m);
    m->next = NULL;
    m->len = len;
    m->text = malloc(pre + len + 1);
    memcpy(m->text + pre, text, len);
    m->text[pre + len] = '\0';
    if (*tail)
        (*tail)->next = m;
    else
        *head = m;
    *tail = m;
}

static void free_list(wsc_msg *m)
{
    while (m) {
        wsc_msg *n = m->next;
        free(m->text);
        free(m);
        m = n;
    }
}

static int callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in,
                    size_t len)
{
    wsc_conn *c = user;
    if (!c) return 0; /* context-wide callbacks, or a connection already given up */
    wsc *w = lws_context_user(lws_get_context(wsi));
    if (reason == LWS_CALLBACK_CLIENT_ESTABLISHED || reason == LWS_CALLBACK_CLIENT_RECEIVE ||
        reason == LWS_CALLBACK_CLIENT_CONNECTION_ERROR || reason == LWS_CALLBACK_CLIENT_CLOSED)
        w->events++; /* wsc_wait returns */
    switch (reason) {
    case LWS_CALLBACK_CLIENT_APPEND_HANDSHAKE_HEADER:
        if (c->xff) {
            char **p = in;
            int n = snprintf(*p, len, "X-Forwarded-For: %s\r\n", c->xff);
            if (n < 0 || (size_t)n >= len) return -1;
            *p += n;
        }
        break;
    case LWS_CALLBACK_CLIENT_ESTABLISHED:
        c->state = 1;
        setsockopt(lws_get_socket_fd(wsi), IPPROTO_TCP, TCP_NODELAY, &(int){1}, sizeof(int));
        if (c->out_head) lws_callback_on_writable(wsi);
        break;
    case LWS_CALLBACK_CLIENT_CONNECTION_ERROR:
    case LWS_CALLBACK_CLIENT_CLOSED:
        c->state = 2;
        c->wsi = NULL;
        break;
    case LWS_CALLBACK_CLIENT_RECEIVE: {
        char *p = realloc(c->rx, c->rx_len + len + 1);
        if (!p) return -1;
        c->rx = p;
        memcpy(c->rx + c->rx_len, in, len);
        c->rx_len += len;
        if (lws_is_final_fragment(wsi) && !lws_remaining_packet_payload(wsi)) {
            push(&c->in_head, &c->in_tail, c->rx, c->rx_len, 0);
            c->n_in++;
            c->rx_len = 0;
        }
        break;
    }
    case LWS_CALLBACK_CLIENT_WRITEABLE: {
        if (c->closing) return -1;
        wsc_msg *m = c->out_head;
        if (!m) break;
        int n = lws_write(wsi, (unsigned char *)m->text + LWS_PRE, m->len, LWS_WRITE_TEXT);
        c->out_head = m->next;
        if (!c->out_head) c->out_tail = NULL;
        free(m->text);
        free(m);
        if (n < 0) return -1;
        if (c->out_head) lws_callback_on_writable(wsi);
        break;
    }
    default:
        break;
    }
    return 0;
}

static const struct lws_protocols protocols[] = {
    {"cardhall", callback, 0, 1 << 16, 0, NULL, 0},
    {NULL, NULL, 0, 0, 0, NULL, 0},
};

/* Wakes the loop every 5 ms so service calls are bounded in time. */
static void tick(lws_sorted_usec_list_t *sul)
{
    wsc *w = lws_container_of(sul, wsc, tick);
    lws_sul_schedule(w->ctx, 0, &w->tick, tick, 5 * LWS_US_PER_MS);
}

int wsc_init(wsc *w, int port)
{
    memset(w, 0, sizeof *w);
    w->port = port;
    snprintf(w->host, sizeof w->host, "127.0.0.1:%d", port);
    lws_set_log_level(LLL_ERR, NULL);
    struct lws_context_creation_info info;
    memset(&info, 0, sizeof info);
    info.port = CONTEXT_PORT_NO_LISTEN;
    info.protocols = protocols;
    info.fd_limit_per_thread = 4096;
    info.options = LWS_SERVER_OPTION_DO_SSL_GLOBAL_INIT;
    info.user = w;
    w->ctx = lws_create_context(&info);
    if (!w->ctx) return -1;
    lws_sul_schedule(w->ctx, 0, &w->tick, tick, 5 * LWS_US_PER_MS);
    return 0;
}

void wsc_free(wsc *w)
{
    if (w->ctx) lws_context_destroy(w->ctx);
    w->ctx = NULL;
}

wsc_conn *wsc_start(wsc *w)
{
    wsc_conn *c = calloc(1, sizeof *c);
    c->xff = w->xff;
    struct lws_client_connect_info i;
    memset(&i, 0, sizeof i);
    i.context = w->ctx;
    i.address = "127.0.0.1";
    i.port = w->port;
    i.path = "/";
    i.host = w->host;
    i.origin = w->origin;
    if (w->tls)
        i.ssl_connection = LCCSCF_USE_SSL | LCCSCF_ALLOW_SELFSIGNED |
                           LCCSCF_SKIP_SERVER_CERT_HOSTNAME_CHECK | LCCSCF_ALLOW_EXPIRED;
    i.protocol = NULL;
    i.userdata = c;
    i.pwsi = &c->wsi;
    if (!lws_client_connect_via_info(&i)) c->state = 2;
    return c;
}

wsc_conn *wsc_open(wsc *w, int timeout_ms)
{
    wsc_conn *c = wsc_start(w);
    long long end = now_ms() + timeout_ms;
    while (c->state == 0 && now_ms() < end)
        lws_service(w->ctx, 0);
    if (c->state != 1) {
        wsc_close(w, c);
        return NULL;
    }
    return c;
}

void wsc_send(wsc_conn *c, const char *text, size_t len)
{
    push(&c->out_head, &c->out_tail, text, len, LWS_PRE);
    /* push wrote the text after LWS_PRE bytes of headroom */
    if (c->wsi && c->state == 1) lws_callback_on_writable(c->wsi);
}

void wsc_send_json(wsc_conn *c, json_t *o)
{
    char *t = json_dumps(o, JSON_COMPACT);
    json_decref(o);
    wsc_send(c, t, strlen(t));
    free(t);
}

void wsc_service(wsc *w, int ms)
{
    long long end = now_ms() + ms;
    do
        lws_service(w->ctx, 0);
    while (now_ms() < end);
}

static void wake(lws_sorted_usec_list_t *sul)
{
    (void)sul; /* its firing ends lws_service's poll: wsc_wait's bound */
}

void wsc_wait(wsc *w, int ms)
{
    unsigned seen = w->events;
    if (ms <= 0) {
        lws_service(w->ctx, -1); /* poll without waiting */
        return;
    }
    long long end = now_ms() + ms;
    lws_sul_schedule(w->ctx, 0, &w->wake, wake, (lws_usec_t)ms * LWS_US_PER_MS);
    while (w->events == seen && now_ms() < end)
        lws_service(w->ctx, 0);
}

json_t *wsc_recv(wsc *w, wsc_conn *c, int timeout_ms)
{
    long long end = now_ms() + timeout_ms;
    while (!c->in_head && c->state != 2 && now_ms() < end)
        lws_service(w->ctx, 0);
    wsc_msg *m = c->in_head;
    if (!m) return NULL;
    c->in_head = m->next;
    if (!c->in_head) c->in_tail = NULL;
    json_t *j = json_loadb(m->text, m->len, 0, NULL);
    free(m->text);
    free(m);
    return j;
}

char *wsc_recv_text(wsc_conn *c, size_t *len)
{
    wsc_msg *m = c->in_head;
    if (!m) return NULL;
    c->in_head = m->next;
    if (!c->in_head) c->in_tail = NULL;
    char *text = m->text;
    *len = m->len;
    free(m);
    return text;
}

json_t *wsc_expect(wsc *w, wsc_conn *c, const char *type, int timeout_ms)
{
    long long end = now_ms() + timeout_ms;
    for (;;) {
        long long left = end - now_ms();
        if (left <= 0) return NULL;
        json_t *j = wsc_recv(w, c, (int)left);
        if (!j) return NULL;
        const char *t = json_string_value(json_object_get(j, "type"));
        if (t && strcmp(t, type) == 0) return j;
        json_decref(j);
    }
}

void wsc_close(wsc *w, wsc_conn *c)
{
    if (c->wsi && c->state != 2) {
        c->closing = 1;
        lws_callback_on_writable(c->wsi);
        long long end = now_ms() + 2000;
        while (c->state != 2 && now_ms() < end)
            lws_service(w->ctx, 0);
    }
    if (c->state != 2 && c->wsi) lws_set_wsi_user(c->wsi, NULL);
    free_list(c->in_head);
    free_list(c->out_head);
    free(c->rx);
    free(c);
}
