/* `cardhall serve` behind nginx (issue 25, docs/deploy.md): nginx on
 * loopback in front of the server, with the configuration deploy.md gives
 * and a proxy_read_timeout of 3 s. A whole game is played through it; a
 * table connection idle for longer than that timeout stays open because the
 * server pings every second (and, as the control, one to a server pinging
 * every 30 s is dropped by nginx); the Origin check sees the browser's host
 * through the proxy. Exit 77 (skipped) only when nginx is not installed.
 * argv[1]: the cardhall binary. */
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
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "proc.h"
#include "wsc.h"

#define WAIT 10000
#define NGINX_TIMEOUT_S 3

static const char *cardhall, *nginx;
static char dir[64];
static pid_t nginx_pid = -1; /* killed at the end if a failed test left it */

static int free_port(void)
{
    int port = proc_free_port();
    if (port < 0) fail_msg("no free port");
    return port;
}

/* nginx in the foreground on port, proxying to the server on upstream. */
static pid_t start_nginx(int port, int upstream)
{
    if (nginx_pid > 0) { /* left by a test that failed */
        kill(nginx_pid, SIGKILL);
        waitpid(nginx_pid, NULL, 0);
    }
    char conf[128], tmp[128];
    snprintf(conf, sizeof conf, "%s/nginx-%d.conf", dir, port);
    snprintf(tmp, sizeof tmp, "%s/tmp", dir);
    FILE *f = fopen(conf, "w");
    assert_non_null(f);
    /* The location block is docs/deploy.md's, with the test's timeout. */
    fprintf(f,
            "worker_processes 1;\n"
            "pid %s/nginx-%d.pid;\n"
            "error_log %s/nginx-error.log;\n"
            "events { worker_connections 64; }\n"
            "http {\n"
            "  access_log off;\n"
            "  client_body_temp_path %s; proxy_temp_path %s; fastcgi_temp_path %s;\n"
            "  uwsgi_temp_path %s; scgi_temp_path %s;\n"
            "  map $http_upgrade $connection_upgrade { default upgrade; '' close; }\n"
            "  server {\n"
            "    listen 127.0.0.1:%d;\n"
            "    location / {\n"
            "      proxy_pass http://127.0.0.1:%d;\n"
            "      proxy_http_version 1.1;\n"
            "      proxy_set_header Upgrade $http_upgrade;\n"
            "      proxy_set_header Connection $connection_upgrade;\n"
            "      proxy_set_header Host $http_host;\n"
            "      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;\n"
            "      proxy_read_timeout %ds;\n"
            "    }\n"
            "  }\n"
            "}\n",
            dir, port, dir, tmp, tmp, tmp, tmp, tmp, port, upstream, NGINX_TIMEOUT_S);
    fclose(f);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        char err[128];
        snprintf(err, sizeof err, "%s/nginx-error.log", dir);
        execl(nginx, nginx, "-p", dir, "-e", err, "-c", conf, "-g", "daemon off;", (char *)NULL);
        _exit(127);
    }
    /* Up when it answers. */
    for (int i = 0; i < 100; i++) {
        int fd = socket(AF_INET, SOCK_STREAM, 0);
        struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
        inet_pton(AF_INET, "127.0.0.1", &a.sin_addr);
        int ok = connect(fd, (struct sockaddr *)&a, sizeof a) == 0;
        close(fd);
        if (ok) return nginx_pid = pid;
        proc_sleep_ms(50);
    }
    kill(pid, SIGKILL);
    waitpid(pid, NULL, 0);
    fail_msg("nginx did not start (see %s/nginx-error.log)", dir);
    return -1;
}

static void stop_nginx(pid_t pid)
{
    kill(pid, SIGQUIT);
    waitpid(pid, NULL, 0);
    nginx_pid = -1;
}

/* The HTTP status of a WebSocket upgrade through the proxy with this Origin. */
static int upgrade_status(int port, const char *origin)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    inet_pton(AF_INET, "127.0.0.1", &a.sin_addr);
    assert_int_equal(connect(fd, (struct sockaddr *)&a, sizeof a), 0);
    char req[512];
    int n = snprintf(req, sizeof req,
                     "GET / HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nUpgrade: websocket\r\n"
                     "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                     "Sec-WebSocket-Version: 13\r\nOrigin: %s\r\n\r\n",
                     port, origin);
    assert_int_equal(write(fd, req, (size_t)n), n);
    char resp[64] = "";
    struct pollfd p = {fd, POLLIN, 0};
    ssize_t r = poll(&p, 1, WAIT) > 0 ? read(fd, resp, sizeof resp - 1) : 0;
    resp[r > 0 ? r : 0] = '\0';
    close(fd);
    return r > 12 ? atoi(resp + 9) : 0;
}

static json_t *request(wsc *w, wsc_conn *c, json_t *req, const char *want)
{
    wsc_send_json(c, req);
    json_t *r = wsc_expect(w, c, want, WAIT);
    if (!r) fail_msg("no '%s' reply through nginx", want);
    return r;
}

/* Ann against the heuristic at Rack-O, her first legal move each time, to the end. */
static int play_a_game(wsc *w, wsc_conn *c)
{
    json_t *r = request(w, c,
                        json_pack("{s:s,s:s,s:[s,s],s:{s:i,s:s}}", "type", "create", "game",
                                  "racko", "seats", "open", "heuristic", "options", "players", 2,
                                  "target_score", "50"),
                        "created");
    json_int_t id = json_integer_value(json_object_get(json_object_get(r, "table"), "id"));
    json_decref(r);
    json_decref(request(
        w, c, json_pack("{s:s,s:I,s:s}", "type", "join", "table", id, "name", "Ann"), "joined"));
    int moves = 0;
    for (;;) {
        json_t *st = wsc_recv(w, c, WAIT);
        if (!st) fail_msg("no state through nginx after %d moves", moves);
        const char *type = json_string_value(json_object_get(st, "type"));
        if (type && !strcmp(type, "error"))
            fail_msg("error: %s", json_string_value(json_object_get(st, "error")));
        if (!type || strcmp(type, "state")) {
            json_decref(st);
            continue;
        }
        if (json_object_get(json_object_get(st, "status"), "result")) {
            json_decref(st);
            break;
        }
        json_t *legal = json_object_get(st, "legal");
        if (legal) {
            wsc_send_json(c, json_pack("{s:s,s:s}", "type", "act", "action",
                                       json_string_value(
                                           json_object_get(json_array_get(legal, 0), "action"))));
            moves++;
        }
        json_decref(st);
    }
    /* The finished game's record comes back through the proxy too. */
    r = request(w, c, json_pack("{s:s,s:I}", "type", "record", "table", id), "record");
    assert_non_null(json_object_get(json_object_get(r, "record"), "actions"));
    json_decref(r);
    return moves;
}

static void a_game_through_nginx_and_an_idle_connection_that_stays(void **unused)
{
    int up;
    pid_t server = proc_serve(cardhall, dir, &up, "--ping", "1", "--bot-delay", "0", "--rate",
                              "500", "--rate-per-ip", "100000", "--trust-proxy", (char *)NULL);
    assert_true(server > 0);
    int port = free_port();
    pid_t px = start_nginx(port, up);
    wsc w;
    assert_int_equal(wsc_init(&w, port), 0);
    wsc_conn *c = wsc_open(&w, WAIT), *idle = wsc_open(&w, WAIT);
    assert_non_null(c);
    assert_non_null(idle);
    int moves = play_a_game(&w, c);
    print_message("a Rack-O game through nginx: %d moves by Ann\n", moves);
    assert_true(moves > 0);
    /* Idle past nginx's proxy_read_timeout: the server's pings keep it. */
    wsc_service(&w, (NGINX_TIMEOUT_S + 2) * 1000);
    assert_int_equal(idle->state, 1);
    json_decref(request(&w, idle, json_pack("{s:s}", "type", "list"), "tables"));
    /* The browser's own origin passes through (nginx forwards its Host). */
    char own[64];
    snprintf(own, sizeof own, "http://127.0.0.1:%d", port);
    assert_int_equal(upgrade_status(port, own), 101);
    assert_int_equal(upgrade_status(port, "https://evil.example"), 403);
    wsc_close(&w, c);
    wsc_close(&w, idle);
    wsc_free(&w);
    stop_nginx(px);
    assert_true(proc_stop(server));
}

/* The control: without pings inside nginx's timeout the idle connection is
 * dropped, so the test above would catch pings that stopped. */
static void without_pings_nginx_drops_an_idle_connection(void **unused)
{
    int up;
    pid_t server = proc_serve(cardhall, dir, &up, "--ping", "30", (char *)NULL);
    assert_true(server > 0);
    int port = free_port();
    pid_t px = start_nginx(port, up);
    wsc w;
    assert_int_equal(wsc_init(&w, port), 0);
    wsc_conn *idle = wsc_open(&w, WAIT);
    assert_non_null(idle);
    json_decref(request(&w, idle, json_pack("{s:s}", "type", "list"), "tables"));
    long long t0 = proc_now_ms();
    while (idle->state == 1 && proc_now_ms() - t0 < (NGINX_TIMEOUT_S + 3) * 1000)
        wsc_service(&w, 100);
    assert_int_equal(idle->state, 2);
    wsc_close(&w, idle);
    wsc_free(&w);
    stop_nginx(px);
    assert_true(proc_stop(server));
}

static int group_setup(void **unused)
{
    snprintf(dir, sizeof dir, "/tmp/ch_proxy_XXXXXX");
    if (!mkdtemp(dir)) return -1;
    char tmp[96];
    snprintf(tmp, sizeof tmp, "%s/tmp", dir);
    return mkdir(tmp, 0700);
}

static int group_teardown(void **unused)
{
    proc_kill_all();
    if (nginx_pid > 0) {
        kill(nginx_pid, SIGKILL);
        waitpid(nginx_pid, NULL, 0);
    }
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd) == 0 ? 0 : -1;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: test_proxy CARDHALL\n");
        return 2;
    }
    cardhall = argv[1];
    nginx = getenv("NGINX");
    if (!nginx) nginx = "/usr/sbin/nginx";
    if (access(nginx, X_OK) != 0) {
        printf("skipped: nginx is not installed (%s; scripts/install-deps.sh installs it)\n",
               nginx);
        return 77;
    }
    signal(SIGPIPE, SIG_IGN);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_game_through_nginx_and_an_idle_connection_that_stays),
        cmocka_unit_test(without_pings_nginx_drops_an_idle_connection),
    };
    return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
