/* Issue 27, operating one `cardhall serve`: /healthz (200, and 503 while
 * another process holds the database's write lock), /metrics (off without
 * a token, 401 with a wrong one, counters that move with a game), SIGTERM
 * in the middle of a game (every client told, exit 0 within 5 s, nothing
 * lost), `cardhall backup` of the live database restored and resumed, and
 * systemd's notify protocol. Loopback only, a port the kernel picks, every
 * wait bounded. argv[1]: the cardhall binary. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <sqlite3.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cardhall/rng.h"
#include "proc.h"
#include "wsc.h"

#define WAIT 20000 /* ms for any one reply */
#define TOKEN "metrics-token-0123456789abcdef"

static const char *cardhall;
static char dir[64], db[96];
static pid_t server = -1;
static int port;

static void sleep_ms(int ms)
{
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

static long long now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Starts the server on the test database with up to two more words; the
 * variable env_name is set to env_value in its environment when not NULL. */
static void start_server_env(const char *env_name, const char *env_value, const char *a1,
                             const char *a2)
{
    const char *args[] = {"serve", "--port", "0", "--host", "127.0.0.1", "--db", db,
                          "--bot-delay", "0", "--rate", "500", "--rate-per-ip", "100000", a1, a2, NULL};
    char line[512];
    /* The child inherits the variable; the test's own environment is put back. */
    if (env_name) setenv(env_name, env_value, 1);
    server = proc_start(cardhall, args, &port, line, sizeof line);
    if (env_name) unsetenv(env_name);
    if (server < 0) fail_msg("server did not start: '%s'", line);
}

static void start_server(const char *a1, const char *a2)
{
    start_server_env(NULL, NULL, a1, a2);
}

/* Sends sig and waits; returns the exit status (-1 if it did not exit,
 * -2 if it took longer than limit_ms). */
static int stop_server(int sig, int limit_ms)
{
    if (server <= 0) return 0;
    kill(server, sig);
    int status = 0;
    long long t0 = now_ms();
    while (waitpid(server, &status, WNOHANG) == 0) {
        if (now_ms() - t0 > 10000) kill(server, SIGKILL);
        sleep_ms(10);
    }
    long long took = now_ms() - t0;
    server = -1;
    if (took > limit_ms) return -2;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static int setup(void **unused)
{
    snprintf(dir, sizeof dir, "/tmp/ch_ops_XXXXXX");
    if (!mkdtemp(dir)) return -1;
    snprintf(db, sizeof db, "%s/cardhall.db", dir);
    return 0;
}

static int teardown(void **unused)
{
    if (server > 0) stop_server(SIGKILL, 10000);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd) == 0 ? 0 : -1;
}

/* One HTTP/1.1 GET on loopback: the status, and the whole answer in buf
 * (headers and body). auth: an Authorization header's value, or NULL. */
static int http_get(const char *path, const char *auth, char *buf, size_t cap)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    assert_true(fd >= 0);
    struct sockaddr_in a = {0};
    a.sin_family = AF_INET;
    a.sin_port = htons((uint16_t)port);
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    assert_int_equal(connect(fd, (struct sockaddr *)&a, sizeof a), 0);
    char req[512];
    int n = snprintf(req, sizeof req, "GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\n%s%s%sConnection: close\r\n\r\n",
                     path, auth ? "Authorization: " : "", auth ? auth : "", auth ? "\r\n" : "");
    assert_int_equal(write(fd, req, (size_t)n), n);
    size_t len = 0;
    struct pollfd p = {fd, POLLIN, 0};
    while (len < cap - 1 && poll(&p, 1, 5000) > 0) {
        ssize_t k = read(fd, buf + len, cap - 1 - len);
        if (k <= 0) break;
        len += (size_t)k;
    }
    close(fd);
    buf[len] = '\0';
    int status = 0;
    if (sscanf(buf, "HTTP/1.%*d %d", &status) != 1) fail_msg("not HTTP: '%s'", buf);
    return status;
}

static const char *body_of(const char *answer)
{
    const char *b = strstr(answer, "\r\n\r\n");
    return b ? b + 4 : "";
}

/* The value of one sample ("name{labels}") in a Prometheus text. */
static double sample(const char *text, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = text; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL) {
        if (strncmp(p, name, n) == 0 && p[n] == ' ') return atof(p + n + 1);
    }
    fail_msg("no sample %s", name);
    return -1;
}

static const char *type_of(json_t *m)
{
    return json_string_value(json_object_get(m, "type"));
}

static json_t *request(wsc *w, wsc_conn *c, json_t *req, const char *want)
{
    wsc_send_json(c, req);
    json_t *r = wsc_expect(w, c, want, WAIT);
    if (!r) fail_msg("no '%s' reply", want);
    return r;
}

/* A table of one person (seat 0) against a random bot; returns its id and
 * the person's token. */
static json_int_t new_table(wsc *w, wsc_conn *c, const char *game, char *token)
{
    json_t *r = request(w, c,
                        json_pack("{s:s,s:s,s:[s,s],s:i}", "type", "create", "game", game, "seats",
                                  "open", "random", "timeout_ms", 600000),
                        "created");
    json_int_t id = json_integer_value(json_object_get(json_object_get(r, "table"), "id"));
    json_decref(r);
    r = request(w, c, json_pack("{s:s,s:I,s:i,s:s}", "type", "join", "table", id, "seat", 0,
                                "name", "Ann"),
                "joined");
    snprintf(token, 64, "%s", json_string_value(json_object_get(r, "token")));
    json_decref(r);
    return id;
}

/* Plays the person's moves (random legal ones) until it has made n or the
 * game ended; returns the table's move count when last told, with the
 * person to move (or the game over), all announced. *over: game ended. */
static json_t *pending; /* the state play_moves stopped at, our turn */

static int play_moves(wsc *w, wsc_conn *c, ch_rng *rng, int n, int *over)
{
    int made = 0, moves = 0;
    *over = 0;
    for (int guard = 0; guard < 100000; guard++) {
        json_t *m = pending ? pending : wsc_recv(w, c, WAIT);
        pending = NULL;
        if (!m) fail_msg("no message while playing (after %d moves)", moves);
        if (!type_of(m) || strcmp(type_of(m), "state") != 0) {
            if (type_of(m) && !strcmp(type_of(m), "error"))
                fail_msg("error: %s", json_string_value(json_object_get(m, "error")));
            json_decref(m);
            continue;
        }
        moves = (int)json_integer_value(json_object_get(json_object_get(m, "table"), "moves"));
        /* Issue 24: between hands the table waits for this person to continue. */
        json_t *waiting = json_object_get(json_object_get(m, "pause"), "waiting");
        for (size_t i = 0; i < json_array_size(waiting); i++)
            if (json_integer_value(json_array_get(waiting, i)) ==
                json_integer_value(json_object_get(m, "seat")))
                wsc_send_json(c, json_pack("{s:s}", "type", "continue"));
        if (json_object_get(json_object_get(m, "status"), "result")) {
            *over = 1;
            json_decref(m);
            return moves;
        }
        json_t *legal = json_object_get(m, "legal");
        if (legal && json_array_size(legal) > 0) {
            if (made == n) {
                pending = m;
                return moves;
            }
            /* Under the server's --rate 500, however long the game. */
            sleep_ms(3);
            size_t k = ch_rng_below(rng, (uint32_t)json_array_size(legal));
            wsc_send_json(c, json_pack("{s:s,s:s}", "type", "act", "action",
                                       json_string_value(json_object_get(json_array_get(legal, k),
                                                                         "action"))));
            made++;
        }
        json_decref(m);
    }
    fail_msg("the game did not move");
    return -1;
}

/* Resumes the seat after a restart; returns the table's move count. The
 * state is left in `pending` for play_moves, which answers it as any other:
 * when the last stored move ended a hand the restarted table shows that
 * hand's summary again and waits for this seat's "continue" (its pause is
 * not stored), so acting on the state's legal moves alone would wait for a
 * message that never comes. */
static int resume(wsc *w, wsc_conn *c, json_int_t id, const char *token)
{
    json_decref(pending);
    pending = NULL;
    json_decref(request(w, c, json_pack("{s:s,s:I,s:s}", "type", "resume", "table", id, "token",
                                         token),
                        "joined"));
    json_t *st = wsc_expect(w, c, "state", WAIT);
    assert_non_null(st);
    int moves = (int)json_integer_value(json_object_get(json_object_get(st, "table"), "moves"));
    pending = st;
    return moves;
}

static int run_cardhall(const char *a1, const char *a2, const char *a3, const char *a4)
{
    pid_t p = fork();
    assert_true(p >= 0);
    if (p == 0) {
        execl(cardhall, cardhall, a1, a2, a3, a4, (char *)NULL);
        _exit(127);
    }
    int status = 0;
    waitpid(p, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* 200 when a write goes through; 503, with the reason, when another
 * process has held the write lock for over a second; 200 again after. */
static void healthz_is_503_while_another_process_holds_the_write_lock(void **unused)
{
    start_server(NULL, NULL);
    char buf[4096];
    assert_int_equal(http_get("/healthz", NULL, buf, sizeof buf), 200);
    assert_string_equal(body_of(buf), "ok\n");

    sqlite3 *other;
    assert_int_equal(sqlite3_open(db, &other), SQLITE_OK);
    assert_int_equal(sqlite3_exec(other, "BEGIN IMMEDIATE", NULL, NULL, NULL), SQLITE_OK);
    sleep_ms(1100); /* past the last probe's second */
    long long t0 = now_ms();
    assert_int_equal(http_get("/healthz", NULL, buf, sizeof buf), 503);
    long long took = now_ms() - t0;
    assert_non_null(strstr(body_of(buf), "database"));
    assert_non_null(strstr(body_of(buf), "locked"));
    /* The probe gave up after its second, not the store's two. */
    assert_true(took >= 900 && took < 1900);
    assert_int_equal(sqlite3_exec(other, "ROLLBACK", NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(other);

    sleep_ms(1100);
    assert_int_equal(http_get("/healthz", NULL, buf, sizeof buf), 200);
    assert_int_equal(stop_server(SIGTERM, 5000), 0);
}

/* Off (404) without a token; on with one from the environment. */
static void metrics_are_off_without_a_token(void **unused)
{
    start_server(NULL, NULL);
    char buf[16384];
    assert_int_equal(http_get("/metrics", "Bearer " TOKEN, buf, sizeof buf), 404);
    assert_int_equal(stop_server(SIGTERM, 5000), 0);
    /* From the environment (systemd's EnvironmentFile): on, and only with it. */
    start_server_env("CARDHALL_METRICS_TOKEN", TOKEN, NULL, NULL);
    assert_int_equal(http_get("/metrics", "Bearer " TOKEN, buf, sizeof buf), 200);
    assert_int_equal(http_get("/metrics", "Bearer " TOKEN "0", buf, sizeof buf), 401);
    assert_int_equal(stop_server(SIGTERM, 5000), 0);
    /* A token too short to be safe is refused at start. */
    assert_int_equal(run_cardhall("serve", "--db", db, "--metrics-token=short"), 2);
}

static void metrics_want_the_token_and_count_a_game(void **unused)
{
    /* From a file, as the systemd unit gives it. */
    char file[128];
    snprintf(file, sizeof file, "%s/token", dir);
    FILE *f = fopen(file, "w");
    assert_non_null(f);
    fputs(TOKEN "\n", f);
    fclose(f);
    start_server("--metrics-token-file", file);
    char *buf = malloc(65536);
    assert_int_equal(http_get("/metrics", NULL, buf, 65536), 401);
    assert_non_null(strstr(buf, "www-authenticate: Bearer"));
    assert_int_equal(http_get("/metrics", "Bearer " TOKEN "x", buf, 65536), 401);
    assert_int_equal(http_get("/metrics", "Basic " TOKEN, buf, 65536), 401);
    assert_int_equal(http_get("/metrics", "Bearer " TOKEN, buf, 65536), 200);
    assert_non_null(strstr(buf, "text/plain; version=0.0.4"));
    char *before = strdup(body_of(buf));
    assert_int_equal(sample(before, "cardhall_moves_total{by=\"person\"}"), 0);

    wsc w;
    assert_int_equal(wsc_init(&w, port), 0);
    wsc_conn *c = wsc_open(&w, WAIT), *sp = wsc_open(&w, WAIT);
    char token[64];
    json_int_t id = new_table(&w, c, "racko", token);
    json_decref(request(&w, sp, json_pack("{s:s,s:I}", "type", "watch", "table", id), "state"));
    /* Refused: one malformed message, one illegal move. */
    wsc_send(sp, "{nope", 5);
    json_decref(wsc_expect(&w, sp, "error", WAIT));
    ch_rng rng;
    ch_rng_seed(&rng, 7, 0);
    int over = 0;
    int moves = play_moves(&w, c, &rng, 6, &over);
    assert_false(over);
    wsc_send_json(c, json_pack("{s:s,s:s}", "type", "act", "action", "no such move"));
    json_decref(wsc_expect(&w, c, "error", WAIT));

    assert_int_equal(http_get("/metrics", "Bearer " TOKEN, buf, 65536), 200);
    const char *after = body_of(buf);
    double person = sample(after, "cardhall_moves_total{by=\"person\"}");
    double bot = sample(after, "cardhall_moves_total{by=\"bot\"}");
    assert_int_equal(person, 6);
    assert_int_equal(person + bot, moves);
    /* Each move committed once and broadcast once; each bot move thought. */
    assert_int_equal(sample(after, "cardhall_db_commit_seconds_count"), moves);
    assert_int_equal(sample(after, "cardhall_move_broadcast_seconds_count"), moves);
    assert_int_equal(sample(after, "cardhall_move_broadcast_seconds_bucket{le=\"+Inf\"}"), moves);
    assert_true(sample(after, "cardhall_db_commit_seconds_sum") > 0);
    assert_true(sample(after, "cardhall_bot_think_seconds_count") >= bot);
    assert_int_equal(sample(after, "cardhall_messages_refused_total{reason=\"malformed\"}"), 1);
    assert_int_equal(sample(after, "cardhall_messages_refused_total{reason=\"act\"}"), 1);
    assert_int_equal(sample(after, "cardhall_tables{status=\"running\"}"), 1);
    assert_int_equal(sample(after, "cardhall_connections{kind=\"player\"}"), 1);
    assert_int_equal(sample(after, "cardhall_connections{kind=\"spectator\"}"), 1);
    assert_true(sample(after, "process_resident_memory_bytes") > 1e6);
    /* The token is in no answer, and not in the process's command line. */
    assert_null(strstr(after, TOKEN));
    free(before);
    json_decref(pending);
    pending = NULL;
    wsc_close(&w, c);
    wsc_close(&w, sp);
    wsc_free(&w);
    assert_int_equal(stop_server(SIGTERM, 5000), 0);

    /* Given on the command line, the token is blanked from it at start. */
    start_server("--metrics-token", TOKEN);
    char path[64], cmdline[4096];
    snprintf(path, sizeof path, "/proc/%d/cmdline", (int)server);
    FILE *cf = fopen(path, "r");
    assert_non_null(cf);
    size_t n = fread(cmdline, 1, sizeof cmdline - 1, cf);
    fclose(cf);
    for (size_t i = 0; i < n; i++)
        if (cmdline[i] == '\0') cmdline[i] = ' ';
    cmdline[n] = '\0';
    assert_non_null(strstr(cmdline, "--metrics-token"));
    assert_null(strstr(cmdline, TOKEN));
    assert_int_equal(http_get("/metrics", "Bearer " TOKEN, buf, 65536), 200);
    assert_int_equal(stop_server(SIGTERM, 5000), 0);
    free(buf);
}

/* SIGTERM mid-game: the seat, a spectator and a connection in the lobby
 * are each told server_restarting and closed; the server exits 0 within
 * 5 s; after a restart the seat resumes with every announced move and
 * finishes the game. */
static void sigterm_mid_game_tells_every_client_and_loses_no_move(void **unused)
{
    start_server(NULL, NULL);
    wsc w;
    assert_int_equal(wsc_init(&w, port), 0);
    wsc_conn *c = wsc_open(&w, WAIT), *sp = wsc_open(&w, WAIT), *lobby = wsc_open(&w, WAIT);
    char token[64];
    json_int_t id = new_table(&w, c, "ragamaru", token);
    json_decref(request(&w, sp, json_pack("{s:s,s:I}", "type", "watch", "table", id), "state"));
    json_decref(request(&w, lobby, json_pack("{s:s}", "type", "list"), "tables"));
    ch_rng rng;
    ch_rng_seed(&rng, 11, 0);
    int over = 0;
    int announced = play_moves(&w, c, &rng, 5, &over);
    assert_false(over);
    assert_true(announced >= 5);

    kill(server, SIGTERM);
    wsc_conn *all[3] = {c, sp, lobby};
    for (int i = 0; i < 3; i++) {
        json_t *m = wsc_expect(&w, all[i], "server_restarting", 5000);
        if (!m) fail_msg("connection %d was not told the server is restarting", i);
        json_decref(m);
    }
    /* Then each is closed by the server. */
    long long t0 = now_ms();
    while ((c->state != 2 || sp->state != 2 || lobby->state != 2) && now_ms() - t0 < 5000)
        wsc_service(&w, 50);
    assert_int_equal(c->state, 2);
    assert_int_equal(sp->state, 2);
    assert_int_equal(lobby->state, 2);
    assert_int_equal(stop_server(0, 5000), 0); /* already signalled: just the wait */
    wsc_close(&w, c);
    wsc_close(&w, sp);
    wsc_close(&w, lobby);
    wsc_free(&w);

    start_server(NULL, NULL);
    assert_int_equal(wsc_init(&w, port), 0);
    c = wsc_open(&w, WAIT);
    assert_int_equal(resume(&w, c, id, token), announced);
    play_moves(&w, c, &rng, 1 << 30, &over);
    assert_true(over);
    wsc_close(&w, c);
    wsc_free(&w);
    assert_int_equal(stop_server(SIGTERM, 5000), 0);
}

/* cardhall backup of the live database in the middle of a game; the game
 * goes on; the server is stopped and the backup put in place of the
 * database; the table resumes at the move of the backup and finishes. */
static void backup_mid_game_is_restored_and_resumed(void **unused)
{
    start_server(NULL, NULL);
    wsc w;
    assert_int_equal(wsc_init(&w, port), 0);
    wsc_conn *c = wsc_open(&w, WAIT);
    char token[64];
    json_int_t id = new_table(&w, c, "rumino", token);
    ch_rng rng;
    ch_rng_seed(&rng, 5, 0);
    int over = 0;
    int at_backup = play_moves(&w, c, &rng, 4, &over);
    assert_false(over);
    char out[128];
    snprintf(out, sizeof out, "%s/backup.db", dir);
    assert_int_equal(run_cardhall("backup", "--db", db, out), 0);
    /* Never over the database a server is using. */
    assert_int_equal(run_cardhall("backup", "--db", out, db), 1);
    /* The game goes on after the backup. */
    int later = play_moves(&w, c, &rng, 4, &over);
    assert_true(later > at_backup);
    json_decref(pending);
    pending = NULL;
    wsc_close(&w, c);
    wsc_free(&w);
    assert_int_equal(stop_server(SIGTERM, 5000), 0);

    /* Restore (docs/deploy.md): the backup in place of the database, its
     * WAL and shared-memory files gone with it. */
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "rm -f '%s' '%s-wal' '%s-shm' && cp '%s' '%s'", db, db, db, out, db);
    assert_int_equal(system(cmd), 0);
    start_server(NULL, NULL);
    assert_int_equal(wsc_init(&w, port), 0);
    c = wsc_open(&w, WAIT);
    assert_int_equal(resume(&w, c, id, token), at_backup);
    play_moves(&w, c, &rng, 1 << 30, &over);
    assert_true(over);
    wsc_close(&w, c);
    wsc_free(&w);
    assert_int_equal(stop_server(SIGTERM, 5000), 0);
}

/* With NOTIFY_SOCKET and WATCHDOG_USEC set (as systemd sets them for
 * Type=notify and WatchdogSec), the server says READY=1 once it listens,
 * pings WATCHDOG=1 from its loop, and says STOPPING=1 on SIGTERM. */
static void systemd_is_told_ready_watchdog_and_stopping(void **unused)
{
#ifndef CH_SYSTEMD
    fprintf(stderr, "skipped: cardhall was built without libsystemd (libsystemd-dev)\n");
    skip();
#else
    char path[96];
    snprintf(path, sizeof path, "%s/notify", dir);
    int fd = socket(AF_UNIX, SOCK_DGRAM, 0);
    assert_true(fd >= 0);
    struct sockaddr_un a = {0};
    a.sun_family = AF_UNIX;
    snprintf(a.sun_path, sizeof a.sun_path, "%s", path);
    assert_int_equal(bind(fd, (struct sockaddr *)&a, sizeof a), 0);
    setenv("WATCHDOG_USEC", "200000", 1); /* inherited by the server */
    start_server_env("NOTIFY_SOCKET", path, NULL, NULL);
    unsetenv("WATCHDOG_USEC");
    int ready = 0, pings = 0, stopping = 0;
    long long t0 = now_ms();
    struct pollfd p = {fd, POLLIN, 0};
    while (now_ms() - t0 < 3000 && poll(&p, 1, 100) >= 0) {
        char msg[256];
        ssize_t n = p.revents ? recv(fd, msg, sizeof msg - 1, 0) : 0;
        if (n <= 0) continue;
        msg[n] = '\0';
        ready += strstr(msg, "READY=1") != NULL;
        pings += strstr(msg, "WATCHDOG=1") != NULL;
    }
    assert_int_equal(ready, 1);
    /* Every 100 ms for 3 s, on a loaded machine: at least a few. */
    assert_true(pings >= 5);
    kill(server, SIGTERM);
    t0 = now_ms();
    while (!stopping && now_ms() - t0 < 3000 && poll(&p, 1, 100) >= 0) {
        char msg[256];
        ssize_t n = p.revents ? recv(fd, msg, sizeof msg - 1, 0) : 0;
        if (n > 0) {
            msg[n] = '\0';
            stopping = strstr(msg, "STOPPING=1") != NULL;
        }
    }
    assert_true(stopping);
    assert_int_equal(stop_server(0, 5000), 0);
    close(fd);
#endif
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: test_ops CARDHALL\n");
        return 2;
    }
    cardhall = argv[1];
    signal(SIGPIPE, SIG_IGN);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(healthz_is_503_while_another_process_holds_the_write_lock,
                                        setup, teardown),
        cmocka_unit_test_setup_teardown(metrics_are_off_without_a_token, setup, teardown),
        cmocka_unit_test_setup_teardown(metrics_want_the_token_and_count_a_game, setup, teardown),
        cmocka_unit_test_setup_teardown(sigterm_mid_game_tells_every_client_and_loses_no_move,
                                        setup, teardown),
        cmocka_unit_test_setup_teardown(backup_mid_game_is_restored_and_resumed, setup, teardown),
        cmocka_unit_test_setup_teardown(systemd_is_told_ready_watchdog_and_stopping, setup,
                                        teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
