/* GET /healthz and GET /metrics (ops.h): for load balancers, systemd and
 * Prometheus, on the server's own port. */
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "conn.h"

#define HEALTH_MS 1000   /* a write must be answered within this */
#define TOKEN_MIN 16     /* bytes: a metrics token too short to guess */
#define TOKEN_MAX 256

static int sha256(const char *text, size_t len, unsigned char out[32])
{
    unsigned int n = 0;
    return EVP_Digest(text, len, out, &n, EVP_sha256(), NULL) == 1 && n == 32 ? 0 : -1;
}

int sv_config_metrics_token(sv_config *c, const char *token, ch_err *err)
{
    size_t n = strlen(token);
    /* A token read from a file may end with its newline. */
    while (n > 0 && (token[n - 1] == '\n' || token[n - 1] == '\r'))
        n--;
    if (n < TOKEN_MIN || n > TOKEN_MAX)
        return ch_errf(err, CH_EINVAL, "metrics token: %d to %d characters (e.g. `openssl rand "
                       "-hex 32`)", TOKEN_MIN, TOKEN_MAX);
    for (size_t i = 0; i < n; i++)
        if (token[i] <= ' ' || token[i] > '~')
            return ch_errf(err, CH_EINVAL,
                           "metrics token: printable ASCII without spaces only");
    /* Only the hash is kept: the token is in no memory the server dumps
     * or logs, and comparing hashes takes the same time for any guess. */
    if (sha256(token, n, c->metrics_sha256) != 0)
        return ch_errf(err, CH_ENOMEM, "metrics token: cannot hash");
    c->metrics = 1;
    return CH_OK;
}

/* One whole answer: headers, then the body, written at once (small). */
static int respond(struct lws *wsi, unsigned int status, const char *type, const char *body,
                   size_t len, int unauthorized)
{
    static const char nosniff[] = "nosniff", nostore[] = "no-store",
                      bearer[] = "Bearer realm=\"cardhall metrics\"";
    unsigned char *buf = malloc(LWS_PRE + 1024 + len);
    if (!buf) return -1;
    unsigned char *start = buf + LWS_PRE, *p = start, *end = start + 1024 - 1;
    int rc = -1;
    if (!lws_add_http_common_headers(wsi, status, type, len, &p, end) &&
        !lws_add_http_header_by_name(wsi, (const unsigned char *)"x-content-type-options:",
                                     (const unsigned char *)nosniff, (int)strlen(nosniff), &p,
                                     end) &&
        !lws_add_http_header_by_name(wsi, (const unsigned char *)"cache-control:",
                                     (const unsigned char *)nostore, (int)strlen(nostore), &p,
                                     end) &&
        !(unauthorized &&
          lws_add_http_header_by_name(wsi, (const unsigned char *)"www-authenticate:",
                                      (const unsigned char *)bearer, (int)strlen(bearer), &p,
                                      end)) &&
        !lws_finalize_http_header(wsi, &p, end) &&
        lws_write(wsi, start, (size_t)(p - start), LWS_WRITE_HTTP_HEADERS) == (int)(p - start)) {
        memcpy(start, body, len);
        if (lws_write(wsi, start, len, LWS_WRITE_HTTP_FINAL) == (int)len)
            rc = lws_http_transaction_completed(wsi) ? -1 : 0;
    }
    free(buf);
    return rc;
}

static int respond_text(struct lws *wsi, unsigned int status, const char *text)
{
    return respond(wsi, status, "text/plain; charset=utf-8", text, strlen(text), 0);
}

/* Whether the database takes a write within HEALTH_MS (store.h's probe:
 * a transaction of its own that changes nothing a reader sees). The event
 * loop waits for it, at most HEALTH_MS. */
static void probe(sv_server *s)
{
    sv_ops *o = &s->ops;
    int64_t t0 = sv_now_ms();
    int ok = sv_store_probe(&s->store, HEALTH_MS, o->health_why, sizeof o->health_why);
    int64_t took = sv_now_ms() - t0;
    o->health_ok = ok && took <= HEALTH_MS;
    if (ok && !o->health_ok)
        snprintf(o->health_why, sizeof o->health_why, "database: a write took %lld ms\n",
                 (long long)took);
    o->health_at_ms = sv_now_ms();
}

static int healthz(sv_server *s, struct lws *wsi)
{
    sv_ops *o = &s->ops;
    if (o->draining) return respond_text(wsi, HTTP_STATUS_SERVICE_UNAVAILABLE, "stopping\n");
    if (o->health_at_ms == 0 || sv_now_ms() - o->health_at_ms >= HEALTH_MS) probe(s);
    return o->health_ok ? respond_text(wsi, HTTP_STATUS_OK, "ok\n")
                        : respond_text(wsi, HTTP_STATUS_SERVICE_UNAVAILABLE, o->health_why);
}

/* The request's bearer token matches the configured one's hash. */
static int authorized(const sv_server *s, struct lws *wsi)
{
    char h[TOKEN_MAX + 16];
    int n = lws_hdr_total_length(wsi, WSI_TOKEN_HTTP_AUTHORIZATION);
    if (n <= 7 || n >= (int)sizeof h ||
        lws_hdr_copy(wsi, h, sizeof h, WSI_TOKEN_HTTP_AUTHORIZATION) < 0 ||
        strncmp(h, "Bearer ", 7) != 0)
        return 0;
    unsigned char got[32];
    int ok = sha256(h + 7, strlen(h + 7), got) == 0 &&
             CRYPTO_memcmp(got, s->cfg.metrics_sha256, sizeof got) == 0;
    OPENSSL_cleanse(h, sizeof h);
    return ok;
}

static int metrics(sv_server *s, struct lws *wsi)
{
    /* Off unless a token was given: never open to an address alone. */
    if (!s->cfg.metrics) return respond_text(wsi, HTTP_STATUS_NOT_FOUND, "not found\n");
    if (!authorized(s, wsi))
        return respond(wsi, HTTP_STATUS_UNAUTHORIZED, "text/plain; charset=utf-8",
                       "unauthorized\n", strlen("unauthorized\n"), 1);
    size_t len = 0;
    char *text = sv_metrics_text(s, &len);
    if (!text) return respond_text(wsi, HTTP_STATUS_INTERNAL_SERVER_ERROR, "out of memory\n");
    int rc = respond(wsi, HTTP_STATUS_OK, "text/plain; version=0.0.4; charset=utf-8", text, len, 0);
    free(text);
    return rc;
}

int sv_ops_http(sv_server *s, struct lws *wsi, const char *path, int *rc)
{
    if (strcmp(path, "/healthz") == 0)
        *rc = healthz(s, wsi);
    else if (strcmp(path, "/metrics") == 0)
        *rc = metrics(s, wsi);
    else
        return 0;
    return 1;
}
