/* `cardhall serve` on the internet (issue 25), as clients see it: TLS with a
 * certificate made here by the openssl command and reloaded on SIGHUP, the
 * Origin check of a WebSocket upgrade, the keep-alive pings (a peer that
 * never answers is closed, one that answers stays), and the per-address
 * connection cap with and without --trust-proxy. Each test starts its own
 * server on loopback with the flags it tests. argv[1]: the cardhall binary. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <arpa/inet.h>
#include <cmocka.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "proc.h"
#include "wsc.h"

#define WAIT 10000

static const char *cardhall;
static char dir[64];

static void stop(pid_t pid)
{
    assert_true(proc_stop(pid));
}

/* Whether a connection opens and answers `list`. */
static int serves(wsc *w)
{
    wsc_conn *c = wsc_open(w, WAIT);
    if (!c) return 0;
    wsc_send_json(c, json_pack("{s:s}", "type", "list"));
    json_t *r = wsc_expect(w, c, "tables", WAIT);
    int ok = r != NULL;
    json_decref(r);
    wsc_close(w, c);
    return ok;
}

/* A WebSocket upgrade by hand with extra header lines; returns the socket
 * (the HTTP status in *status) for a peer that then never answers. */
static int raw_upgrade(int port, const char *extra, int *status)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    inet_pton(AF_INET, "127.0.0.1", &a.sin_addr);
    assert_int_equal(connect(fd, (struct sockaddr *)&a, sizeof a), 0);
    char req[1024];
    int n = snprintf(req, sizeof req,
                     "GET / HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nUpgrade: websocket\r\n"
                     "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                     "Sec-WebSocket-Version: 13\r\n%s\r\n",
                     port, extra);
    assert_int_equal(write(fd, req, (size_t)n), n);
    char resp[2048];
    size_t len = 0;
    struct pollfd p = {fd, POLLIN, 0};
    while (len < sizeof resp - 1 && poll(&p, 1, WAIT) > 0) {
        ssize_t r = read(fd, resp + len, 1); /* byte by byte: nothing after the headers */
        if (r <= 0) break;
        len++;
        resp[len] = '\0';
        if (len >= 4 && !memcmp(resp + len - 4, "\r\n\r\n", 4)) break;
    }
    resp[len] = '\0';
    *status = len > 12 ? atoi(resp + 9) : 0;
    return fd;
}

/* What a silent peer on fd sees: whether a ping (opcode 9) came, and after
 * how many ms the server closed the connection (-1: not within limit_ms). */
static long long silent_peer(int fd, int *pinged, long long limit_ms)
{
    long long t0 = proc_now_ms();
    *pinged = 0;
    struct pollfd p = {fd, POLLIN, 0};
    while (proc_now_ms() - t0 < limit_ms) {
        if (poll(&p, 1, 100) <= 0) continue;
        unsigned char b[512];
        ssize_t r = read(fd, b, sizeof b);
        if (r <= 0) return proc_now_ms() - t0;
        if ((b[0] & 0x0f) == 0x9) *pinged = 1;
        if ((b[0] & 0x0f) == 0x8) return proc_now_ms() - t0; /* a close frame */
    }
    return -1;
}

static int group_setup(void **unused)
{
    snprintf(dir, sizeof dir, "/tmp/ch_secure_XXXXXX");
    return mkdtemp(dir) ? 0 : -1;
}

static int group_teardown(void **unused)
{
    proc_kill_all();
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd) == 0 ? 0 : -1;
}

/* A self-signed certificate for CN in dir/name.crt and dir/name.key. */
static void make_cert(const char *name, const char *cn)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd,
             "openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=%s "
             "-keyout '%s/%s.key' -out '%s/%s.crt' 2>/dev/null",
             cn, dir, name, dir, name);
    if (system(cmd) != 0) fail_msg("openssl could not make a certificate");
}

/* The subject CN of the certificate served on port. */
static void served_cn(int port, char *out, size_t cap)
{
    char cmd[256];
    snprintf(cmd, sizeof cmd,
             "openssl s_client -connect 127.0.0.1:%d </dev/null 2>/dev/null | "
             "openssl x509 -noout -subject",
             port);
    FILE *f = popen(cmd, "r");
    assert_non_null(f);
    out[0] = '\0';
    if (!fgets(out, (int)cap, f)) out[0] = '\0';
    pclose(f);
}

static void copy(const char *from, const char *to)
{
    char cmd[256];
    snprintf(cmd, sizeof cmd, "cp '%s/%s' '%s/%s'", dir, from, dir, to);
    assert_int_equal(system(cmd), 0);
}

static void tls_serves_wss_and_reloads_the_certificate_on_sighup(void **unused)
{
    make_cert("one", "first.test");
    make_cert("two", "second.test");
    copy("one.crt", "live.crt");
    copy("one.key", "live.key");
    char crt[96], key[96];
    snprintf(crt, sizeof crt, "%s/live.crt", dir);
    snprintf(key, sizeof key, "%s/live.key", dir);
    int port;
    pid_t pid = proc_serve(cardhall, dir, &port, "--tls-cert", crt, "--tls-key", key, (char *)NULL);
    assert_true(pid > 0);
    wsc w;
    assert_int_equal(wsc_init(&w, port), 0);
    w.tls = 1;
    assert_true(serves(&w));
    /* The same port speaks TLS only: a plain WebSocket gets nowhere. */
    w.tls = 0;
    assert_null(wsc_open(&w, 3000));
    w.tls = 1;
    char cn[256];
    served_cn(port, cn, sizeof cn);
    assert_non_null(strstr(cn, "first.test"));
    /* Offered HTTP/2, the server picks HTTP/1.1: chromium's WebSocket over an
     * HTTP/2 stream got no message (docs/deploy.md). */
    char cmd[256], alpn[256] = "";
    snprintf(cmd, sizeof cmd,
             "openssl s_client -alpn h2,http/1.1 -connect 127.0.0.1:%d </dev/null 2>/dev/null | "
             "grep ALPN",
             port);
    FILE *f = popen(cmd, "r");
    assert_non_null(f);
    if (!fgets(alpn, sizeof alpn, f)) alpn[0] = '\0';
    pclose(f);
    assert_non_null(strstr(alpn, "ALPN protocol: http/1.1"));
    /* A renewed certificate: SIGHUP, no restart; open connections stay. */
    wsc_conn *kept = wsc_open(&w, WAIT);
    assert_non_null(kept);
    copy("two.crt", "live.crt");
    copy("two.key", "live.key");
    kill(pid, SIGHUP);
    for (int i = 0; i < 50 && !strstr(cn, "second.test"); i++) {
        proc_sleep_ms(100);
        served_cn(port, cn, sizeof cn);
    }
    assert_non_null(strstr(cn, "second.test"));
    wsc_send_json(kept, json_pack("{s:s}", "type", "list"));
    json_t *r = wsc_expect(&w, kept, "tables", WAIT);
    assert_non_null(r);
    json_decref(r);
    /* A key that does not belong to the certificate: refused, the old pair serves on. */
    copy("one.key", "live.key");
    kill(pid, SIGHUP);
    proc_sleep_ms(500);
    served_cn(port, cn, sizeof cn);
    assert_non_null(strstr(cn, "second.test"));
    assert_true(serves(&w));
    wsc_close(&w, kept);
    wsc_free(&w);
    stop(pid);
}

/* The HTTP status of an upgrade carrying Origin: origin. */
static int upgrade_status(int port, const char *origin)
{
    char h[256];
    snprintf(h, sizeof h, "Origin: %s\r\n", origin);
    int status, fd = raw_upgrade(port, h, &status);
    close(fd);
    return status;
}

static void a_page_of_another_site_gets_no_connection(void **unused)
{
    int port;
    pid_t pid =
        proc_serve(cardhall, dir, &port, "--allow-origin", "https://friend.example", (char *)NULL);
    assert_true(pid > 0);
    char own[64], fmt[96];
    snprintf(own, sizeof own, "http://127.0.0.1:%d", port);
    static const char *const refused[] = {"http://evil.example", "null", "http://127.0.0.1:1",
                                          "https://friend.example.evil.test",
                                          "ftp://friend.example"};
    for (size_t i = 0; i < sizeof refused / sizeof *refused; i++)
        if (upgrade_status(port, refused[i]) != 403) fail_msg("origin %s was let in", refused[i]);
    /* Its own pages and a listed origin. */
    const char *let_in[] = {own, "https://friend.example", "HTTPS://Friend.Example/"};
    for (size_t i = 0; i < sizeof let_in / sizeof *let_in; i++)
        if (upgrade_status(port, let_in[i]) != 101) fail_msg("origin %s was refused", let_in[i]);
    /* A client that sends no Origin is no browser page: it plays on. */
    wsc w;
    assert_int_equal(wsc_init(&w, port), 0);
    assert_true(serves(&w));
    snprintf(fmt, sizeof fmt, "127.0.0.1:%d", port); /* libwebsockets writes http:// itself */
    w.origin = fmt;
    assert_true(serves(&w));
    w.origin = "evil.example";
    assert_false(serves(&w));
    wsc_free(&w);
    stop(pid);
    /* With --public-url, that origin is the server's own and the Host no longer decides. */
    pid = proc_serve(cardhall, dir, &port, "--public-url", "https://cards.example/", (char *)NULL);
    assert_true(pid > 0);
    assert_int_equal(upgrade_status(port, "https://cards.example"), 101);
    snprintf(own, sizeof own, "http://127.0.0.1:%d", port);
    assert_int_equal(upgrade_status(port, own), 403);
    /* The share links' address comes with the games. */
    assert_int_equal(wsc_init(&w, port), 0);
    wsc_conn *c = wsc_open(&w, WAIT);
    wsc_send_json(c, json_pack("{s:s}", "type", "games"));
    json_t *g = wsc_expect(&w, c, "games", WAIT);
    assert_non_null(g);
    assert_string_equal(json_string_value(json_object_get(g, "public_url")),
                        "https://cards.example/");
    json_decref(g);
    wsc_close(&w, c);
    wsc_free(&w);
    stop(pid);
}

static void a_peer_that_never_answers_a_ping_is_closed(void **unused)
{
    int port;
    pid_t pid = proc_serve(cardhall, dir, &port, "--ping", "1", (char *)NULL);
    assert_true(pid > 0);
    int status, pinged;
    int fd = raw_upgrade(port, "", &status);
    assert_int_equal(status, 101);
    long long closed = silent_peer(fd, &pinged, 8000);
    close(fd);
    assert_true(pinged);
    /* Pinged after 1 s; closed two intervals later, not before. */
    if (closed < 2500 || closed > 5000)
        fail_msg("the silent peer was closed after %lld ms", closed);
    /* A peer that answers (libwebsockets' client sends the pongs) stays,
     * idle through several intervals. */
    wsc w;
    assert_int_equal(wsc_init(&w, port), 0);
    wsc_conn *c = wsc_open(&w, WAIT);
    assert_non_null(c);
    wsc_service(&w, 5000);
    assert_int_equal(c->state, 1);
    wsc_send_json(c, json_pack("{s:s}", "type", "list"));
    json_t *r = wsc_expect(&w, c, "tables", WAIT);
    assert_non_null(r);
    json_decref(r);
    wsc_close(&w, c);
    wsc_free(&w);
    stop(pid);
}

/* n upgrades with header extra; returns how many were accepted (the sockets stay open in fds). */
static int upgrades(int port, const char *extra, int n, int *fds)
{
    int ok = 0;
    for (int i = 0; i < n; i++) {
        int status;
        fds[i] = raw_upgrade(port, extra, &status);
        ok += status == 101;
    }
    return ok;
}

static void the_per_address_cap_counts_the_proxys_word_only_when_trusted(void **unused)
{
    int fds[8], port;
    /* Behind a trusted proxy: each forwarded address has its own cap. */
    pid_t pid = proc_serve(cardhall, dir, &port, "--trust-proxy", "--max-conns-per-ip", "2",
                           "--ping", "30", (char *)NULL);
    assert_true(pid > 0);
    assert_int_equal(upgrades(port, "X-Forwarded-For: 203.0.113.9, 10.0.0.1\r\n", 3, fds), 2);
    assert_int_equal(upgrades(port, "X-Forwarded-For: 10.0.0.2\r\n", 2, fds + 3), 2);
    for (int i = 0; i < 5; i++)
        close(fds[i]);
    proc_sleep_ms(300); /* closed connections count no more */
    assert_int_equal(upgrades(port, "X-Forwarded-For: 10.0.0.1\r\n", 2, fds), 2);
    for (int i = 0; i < 2; i++)
        close(fds[i]);
    stop(pid);
    /* Untrusted, the header is anyone's to write: the peer's address counts. */
    pid = proc_serve(cardhall, dir, &port, "--max-conns-per-ip", "2", (char *)NULL);
    assert_true(pid > 0);
    assert_int_equal(upgrades(port, "X-Forwarded-For: 10.0.0.1\r\n", 1, fds), 1);
    assert_int_equal(upgrades(port, "X-Forwarded-For: 10.0.0.2\r\n", 2, fds + 1), 1);
    for (int i = 0; i < 3; i++)
        close(fds[i]);
    stop(pid);
}

/* Replies on c within ms: how many `tables`, and how many errors naming needle. */
static void count_replies(wsc *w, wsc_conn *c, int ms, const char *needle, int *tables, int *errors)
{
    *tables = *errors = 0;
    long long end = proc_now_ms() + ms;
    for (json_t *m; proc_now_ms() < end && (m = wsc_recv(w, c, 200)) != NULL; json_decref(m)) {
        const char *t = json_string_value(json_object_get(m, "type"));
        const char *e = json_string_value(json_object_get(m, "error"));
        if (t && !strcmp(t, "tables")) ++*tables;
        if (e && strstr(e, needle)) ++*errors;
    }
}

/* Opening more connections buys no more messages: the rate of all the
 * connections from one (forwarded) address is bounded too. */
static void the_message_rate_is_per_address_too(void **unused)
{
    int port;
    pid_t pid = proc_serve(cardhall, dir, &port, "--trust-proxy", "--rate", "500", "--rate-per-ip",
                           "40", (char *)NULL);
    assert_true(pid > 0);
    wsc w;
    assert_int_equal(wsc_init(&w, port), 0);
    w.xff = "10.0.0.1";
    wsc_conn *a1 = wsc_open(&w, WAIT), *a2 = wsc_open(&w, WAIT);
    w.xff = "10.0.0.2";
    wsc_conn *b = wsc_open(&w, WAIT);
    assert_non_null(a1);
    assert_non_null(a2);
    assert_non_null(b);
    for (int i = 0; i < 30; i++) { /* 60 from 10.0.0.1 in a second, 30 from 10.0.0.2 */
        wsc_send(a1, "{\"type\":\"list\"}", 15);
        wsc_send(a2, "{\"type\":\"list\"}", 15);
        wsc_send(b, "{\"type\":\"list\"}", 15);
    }
    int t1, e1, t2, e2, tb, eb;
    count_replies(&w, a1, 1000, "from your address", &t1, &e1);
    count_replies(&w, a2, 300, "from your address", &t2, &e2);
    count_replies(&w, b, 300, "from your address", &tb, &eb);
    print_message("10.0.0.1: %d answered, %d refused; 10.0.0.2: %d answered, %d refused\n", t1 + t2,
                  e1 + e2, tb, eb);
    assert_int_equal(t1 + t2, 40); /* each connection is far under its own rate */
    assert_int_equal(e1 + e2, 20);
    assert_int_equal(tb, 30);
    assert_int_equal(eb, 0);
    wsc_close(&w, a1);
    wsc_close(&w, a2);
    wsc_close(&w, b);
    wsc_free(&w);
    stop(pid);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: test_secure CARDHALL\n");
        return 2;
    }
    cardhall = argv[1];
    signal(SIGPIPE, SIG_IGN);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(tls_serves_wss_and_reloads_the_certificate_on_sighup),
        cmocka_unit_test(a_page_of_another_site_gets_no_connection),
        cmocka_unit_test(a_peer_that_never_answers_a_ping_is_closed),
        cmocka_unit_test(the_per_address_cap_counts_the_proxys_word_only_when_trusted),
        cmocka_unit_test(the_message_rate_is_per_address_too),
    };
    return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
