/* Several `cardhall serve` processes on one PostgreSQL database, behind
 * HAProxy round-robin (issue 27): people on different processes at one
 * table each see exactly their own view (checked against the finished
 * game's record, as test_serve does); two moves at one ply from two
 * processes: exactly one is accepted; kill -9 of the process running a
 * table's bots mid-game: the game goes on within 5 s through another, its
 * people reconnect through the balancer to their seats, nothing is lost.
 * Run by tests/server/pg_cluster.sh (CH_TEST_PG_URL); exit 77 (skipped)
 * without it or without haproxy. argv[1]: the cardhall binary. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <arpa/inet.h>
#include <fcntl.h>
#include <cmocka.h>
#include <libpq-fe.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cardhall/match.h"
#include "cardhall/registry.h"
#include "cardhall/rng.h"
#include "cardhall/table.h"
#include "proc.h"
#include "playlog.h"
#include "wsc.h"

#define WAIT 20000
#define N_SERVERS 3
#define HAPROXY "/usr/sbin/haproxy"

static const char *cardhall, *url;
static char dir[64];
static pid_t servers[N_SERVERS], haproxy_pid = -1;
static int ports[N_SERVERS], lb_port;
/* One client context for every connection (to any server or the
 * balancer): libwebsockets' OpenSSL setup is global, and contexts that
 * overlap leave it half freed. */
static wsc W;

static wsc_conn *open_at(int port)
{
    W.port = port;
    snprintf(W.host, sizeof W.host, "127.0.0.1:%d", port);
    wsc_conn *c = wsc_open(&W, 20000);
    if (!c) fail_msg("cannot connect to port %d", port);
    return c;
}

static const char *type_of(json_t *m)
{
    return json_string_value(json_object_get(m, "type"));
}

static int free_port(void)
{
    int port = proc_free_port();
    if (port < 0) fail_msg("no free port");
    return port;
}

/* `cardhall serve --db URL` on a port the kernel picks. */
static pid_t start_server(int *port)
{
    const char *args[] = {"serve", "--port", "0", "--host", "127.0.0.1", "--db", url,
                          "--bot-delay", "0", "--rate", "500", "--rate-per-ip", "100000",
                          "--table-conns", "16", NULL};
    char line[512];
    pid_t pid = proc_start(cardhall, args, port, line, sizeof line);
    if (pid < 0) fail_msg("server did not start: '%s'", line);
    if (strstr(line, "pgsecret")) fail_msg("the server printed the database's password: '%s'", line);
    /* Nor does `ps`: the URL in its command line has lost the password. */
    char path[64], cmdline[1024];
    snprintf(path, sizeof path, "/proc/%d/cmdline", (int)pid);
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    size_t got = fread(cmdline, 1, sizeof cmdline - 1, f);
    fclose(f);
    for (size_t i = 0; i < got; i++)
        if (cmdline[i] == '\0') cmdline[i] = ' ';
    cmdline[got] = '\0';
    if (strstr(cmdline, "pgsecret")) fail_msg("ps shows the database's password: '%s'", cmdline);
    if (!strstr(cmdline, "cardhall:***@")) fail_msg("ps shows no database: '%s'", cmdline);
    return pid;
}

static int connectable(int port)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    inet_pton(AF_INET, "127.0.0.1", &a.sin_addr);
    int ok = connect(fd, (struct sockaddr *)&a, sizeof a) == 0;
    close(fd);
    return ok;
}

/* HAProxy round-robin over the servers, with docs/deploy.md's settings:
 * /healthz checks take a dead server out, a refused connection is tried
 * on another. */
static void start_haproxy(void)
{
    char conf[128];
    snprintf(conf, sizeof conf, "%s/haproxy.cfg", dir);
    lb_port = free_port();
    FILE *f = fopen(conf, "w");
    assert_non_null(f);
    fprintf(f,
            "global\n"
            "  maxconn 256\n"
            "defaults\n"
            "  mode http\n"
            "  timeout connect 2s\n"
            "  timeout client 60s\n"
            "  timeout server 60s\n"
            "  timeout tunnel 1h\n"
            "  option redispatch\n"
            "  retries 3\n"
            "frontend cardhall\n"
            "  bind 127.0.0.1:%d\n"
            "  default_backend servers\n"
            "backend servers\n"
            "  balance roundrobin\n"
            "  option httpchk GET /healthz\n"
            "  default-server inter 300ms fall 1 rise 2\n",
            lb_port);
    for (int i = 0; i < N_SERVERS; i++)
        fprintf(f, "  server s%d 127.0.0.1:%d check\n", i, ports[i]);
    fclose(f);
    haproxy_pid = fork();
    assert_true(haproxy_pid >= 0);
    if (haproxy_pid == 0) {
        int null = open("/dev/null", O_WRONLY);
        if (null >= 0) dup2(null, 2);
        execl(HAPROXY, HAPROXY, "-db", "-f", conf, (char *)NULL);
        _exit(127);
    }
    for (int i = 0; i < 100 && !connectable(lb_port); i++)
        proc_sleep_ms(50);
    if (!connectable(lb_port)) fail_msg("haproxy did not start");
    proc_sleep_ms(700); /* its first health checks */
}

static int group_setup(void **unused)
{
    snprintf(dir, sizeof dir, "/tmp/ch_multi_XXXXXX");
    if (!mkdtemp(dir)) return -1;
    for (int i = 0; i < N_SERVERS; i++)
        servers[i] = start_server(&ports[i]);
    start_haproxy();
    return wsc_init(&W, lb_port);
}

static int group_teardown(void **unused)
{
    int clean = 1;
    wsc_free(&W);
    for (int i = 0; i < N_SERVERS; i++) {
        if (servers[i] <= 0) continue;
        int status = 0;
        kill(servers[i], SIGTERM);
        waitpid(servers[i], &status, 0);
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
            fprintf(stderr, "test_multi: server %d did not exit cleanly on SIGTERM\n", i);
            clean = 0;
        }
    }
    if (haproxy_pid > 0) {
        kill(haproxy_pid, SIGKILL);
        waitpid(haproxy_pid, NULL, 0);
    }
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd) == 0 && clean ? 0 : -1;
}

static json_t *request(wsc *w, wsc_conn *c, json_t *req, const char *want)
{
    wsc_send_json(c, req);
    json_t *r = wsc_expect(w, c, want, WAIT);
    if (!r) fail_msg("no '%s' reply", want);
    return r;
}

static json_int_t create(wsc *w, wsc_conn *c, const char *game, json_t *seats, json_t *options)
{
    json_t *r = request(w, c,
                        json_pack("{s:s,s:s,s:o,s:o}", "type", "create", "game", game, "seats",
                                  seats, "options", options),
                        "created");
    json_int_t id = json_integer_value(json_object_get(json_object_get(r, "table"), "id"));
    json_decref(r);
    return id;
}

/* Joins table on whichever process c is connected to: another process's
 * new table is there once its notification arrived, so a "no such table"
 * is tried again for a while. Returns the seat; copies the token. */
static int join(wsc *w, wsc_conn *c, json_int_t table, int seat, const char *name, char *token)
{
    for (int tries = 0; tries < 200; tries++) {
        json_t *req = json_pack("{s:s,s:I,s:s,s:i}", "type", "join", "table", table, "name", name,
                                "seat", seat);
        wsc_send_json(c, req);
        json_t *r;
        while ((r = wsc_recv(w, c, WAIT)) && strcmp(type_of(r) ? type_of(r) : "", "joined") != 0 &&
               strcmp(type_of(r) ? type_of(r) : "", "error") != 0)
            json_decref(r);
        if (!r) fail_msg("no reply to join");
        if (strcmp(type_of(r), "joined") == 0) {
            int s = (int)json_integer_value(json_object_get(r, "seat"));
            if (token) snprintf(token, 64, "%s", json_string_value(json_object_get(r, "token")));
            json_decref(r);
            return s;
        }
        json_decref(r);
        proc_sleep_ms(20);
    }
    fail_msg("could not join table %lld", (long long)table);
    return -1;
}

/* One message to a playing seat: kept, continued after a hand, answered
 * with a random legal move. Returns 1 once the game is over. */
static int handle(wsc_conn *c, play_log *l, ch_rng *rng, json_t *m)
{
    if (getenv("CH_MULTI_DEBUG")) { /* what the seat is told, without the bulky parts */
        json_t *cp = json_deep_copy(m);
        json_object_del(cp, "view");
        json_object_del(cp, "board");
        json_object_del(cp, "table");
        char *d = json_dumps(cp, JSON_COMPACT);
        json_decref(cp);
        fprintf(stderr, "[%d] %.600s\n", l->last_move, d);
        free(d);
    }
    const char *t = type_of(m);
    if (t && strcmp(t, "error") == 0)
        fail_msg("error: %s", json_string_value(json_object_get(m, "error")));
    if (!t || strcmp(t, "state") != 0) return 0;
    playlog_keep(l, m);
    /* Once per pause: the state repeats while others continue. */
    if (playlog_waits_for(m, (int)json_integer_value(json_object_get(m, "seat"))) &&
        l->continued_for != l->last_move + 1) {
        wsc_send_json(c, json_pack("{s:s}", "type", "continue"));
        l->continued_for = l->last_move + 1;
    }
    if (playlog_terminal(m)) return l->done = 1;
    /* Once per position: a state repeats when someone comes or goes. */
    json_t *legal = json_object_get(m, "legal");
    if (legal && json_array_size(legal) > 0 && l->acted_for != l->last_move + 1) {
        size_t k = ch_rng_below(rng, (uint32_t)json_array_size(legal));
        const char *a = json_string_value(json_object_get(json_array_get(legal, k), "action"));
        proc_sleep_ms(2); /* under the server's message rate */
        wsc_send_json(c, json_pack("{s:s,s:s}", "type", "act", "action", a));
        l->acted_for = l->last_move + 1;
    }
    return 0;
}

/* Every view and event seat was sent equals what the record (from the
 * process c is connected to) says seat may know. Returns the record's
 * number of moves. */
static int check_against_record(wsc *w, wsc_conn *c, json_int_t table, const play_log *l, int seat)
{
    json_t *r = request(w, c, json_pack("{s:s,s:I}", "type", "record", "table", table), "record");
    json_t *rec = json_object_get(r, "record");
    ch_match m;
    const ch_game *g = playlog_record_match(rec, &m);
    playlog_check(l, g, &m, seat);
    int n = m.n_actions;
    ch_match_free(&m);
    json_decref(r);
    return n;
}

/* Three people, each on a process of their own, play a game of Comrade to
 * its end (every lobby lists the table) (hands and the continue between them included); each saw
 * exactly its own view at every move, and each process's record of the
 * game is the same game. */
static void people_on_three_processes_play_one_table(void **unused)
{
    wsc_conn *c[N_SERVERS];
    for (int i = 0; i < N_SERVERS; i++)
        c[i] = open_at(ports[i]);
    json_int_t table = create(&W, c[2], "comrade", json_pack("[sss]", "open", "open", "open"),
                              json_pack("{s:i}", "players", 3));
    /* Every process's lobby lists the table, created on the third (the
     * others once its notification arrived). */
    for (int i = 0; i < N_SERVERS; i++) {
        int listed = 0;
        for (int tries = 0; tries < 100 && !listed; tries++) {
            json_t *r = request(&W, c[i], json_pack("{s:s}", "type", "list"), "tables");
            json_t *list = json_object_get(r, "tables");
            for (size_t k = 0; k < json_array_size(list); k++)
                listed |= json_integer_value(json_object_get(json_array_get(list, k), "id")) == table;
            json_decref(r);
            if (!listed) proc_sleep_ms(50);
        }
        if (!listed) fail_msg("process %d does not list table %lld", i, (long long)table);
    }
    const char *names[] = {"Ann", "Bob", "Cy"};
    for (int i = 0; i < N_SERVERS; i++)
        assert_int_equal(join(&W, c[i], table, i, names[i], NULL), i);
    play_log l[N_SERVERS];
    memset(l, 0, sizeof l);
    ch_rng rng;
    ch_rng_seed(&rng, 27, 0);
    long long end = proc_now_ms() + 120000;
    int done = 0;
    while (done < N_SERVERS && proc_now_ms() < end)
        for (int i = 0; i < N_SERVERS; i++) {
            if (l[i].done) continue;
            json_t *m = wsc_recv(&W, c[i], 5);
            if (m && handle(c[i], &l[i], &rng, m)) done++;
            json_decref(m);
        }
    assert_int_equal(done, N_SERVERS);
    int moves = l[0].last_move;
    assert_true(moves > 10);
    assert_true(l[0].n == moves); /* every move was seen, none twice */
    for (int i = 0; i < N_SERVERS; i++) {
        assert_int_equal(l[i].last_move, moves);
        assert_int_equal(check_against_record(&W, c[i], table, &l[i], i), moves);
        playlog_free(&l[i]);
        wsc_close(&W, c[i]);
    }
}

/* The next state of c after move (skipping other messages), and whether an
 * error for "act" came first. */
static json_t *next_state(wsc *w, wsc_conn *c, int *errors)
{
    for (;;) {
        json_t *m = wsc_recv(w, c, WAIT);
        if (!m) return NULL;
        const char *t = type_of(m);
        if (t && strcmp(t, "error") == 0) (*errors)++;
        if (t && strcmp(t, "state") == 0 && json_object_get(m, "move")) return m;
        json_decref(m);
    }
}

/* Ann's seat on two processes at once (her token resumed on the second)
 * sends two different moves at the same ply from both: the database takes
 * exactly one; both connections are then told that one move, once. */
static void two_moves_at_one_ply_exactly_one_is_accepted(void **unused)
{
    wsc_conn *c[N_SERVERS];
    for (int i = 0; i < N_SERVERS; i++)
        c[i] = open_at(ports[i]);
    json_int_t table = create(&W, c[0], "racko", json_pack("[ss]", "open", "open"),
                              json_pack("{s:i,s:i}", "players", 2, "first_dealer", 1));
    char token[64];
    assert_int_equal(join(&W, c[0], table, 0, "Ann", token), 0);
    /* Ann again on process 1 with her token; Bob on process 2. */
    json_t *r = NULL;
    for (int tries = 0; tries < 200 && !r; tries++) {
        wsc_send_json(c[1], json_pack("{s:s,s:I,s:s}", "type", "resume", "table", table, "token",
                                      token));
        r = wsc_recv(&W, c[1], WAIT);
        while (r && strcmp(type_of(r), "joined") != 0 && strcmp(type_of(r), "error") != 0) {
            json_decref(r);
            r = wsc_recv(&W, c[1], WAIT);
        }
        if (r && strcmp(type_of(r), "error") == 0) {
            json_decref(r);
            r = NULL;
            proc_sleep_ms(20);
        }
    }
    assert_non_null(r);
    json_decref(r);
    assert_int_equal(join(&W, c[2], table, 1, "Bob", NULL), 1);
    /* Play until Ann is to move on both of her connections at one ply. */
    ch_rng rng;
    ch_rng_seed(&rng, 5, 0);
    play_log bob;
    memset(&bob, 0, sizeof bob);
    json_t *last[2] = {NULL, NULL}; /* Ann's latest state on each connection */
    int mv[2] = {0, 0};             /* and the last move each was told */
    int races = 0, raced_at = -1, continued = -1;
    for (int round = 0; round < 2000 && races < 3; round++) {
        json_t *m2 = wsc_recv(&W, c[2], 2);
        if (m2 && type_of(m2) && strcmp(type_of(m2), "error") != 0) handle(c[2], &bob, &rng, m2);
        json_decref(m2);
        for (int k = 0; k < 2; k++) {
            json_t *m;
            while ((m = wsc_recv(&W, c[k], 2))) {
                if (type_of(m) && strcmp(type_of(m), "state") == 0) {
                    json_t *j = json_object_get(m, "move");
                    if (j) mv[k] = (int)json_integer_value(j);
                    json_decref(last[k]);
                    last[k] = m;
                } else {
                    json_decref(m);
                }
            }
        }
        if (last[0] && playlog_waits_for(last[0], 0) && continued != mv[0]) {
            wsc_send_json(c[0], json_pack("{s:s}", "type", "continue"));
            continued = mv[0];
        }
        json_t *l0 = last[0] ? json_object_get(last[0], "legal") : NULL;
        json_t *l1 = last[1] ? json_object_get(last[1], "legal") : NULL;
        if (json_array_size(l0) < 2 || json_array_size(l1) < 2 || mv[0] != mv[1] ||
            mv[0] == raced_at)
            continue;
        /* The race: two different moves at one ply, from two processes. */
        int n0 = mv[0];
        raced_at = n0;
        wsc_send_json(c[0], json_pack("{s:s,s:s}", "type", "act", "action",
                                      json_string_value(json_object_get(json_array_get(l0, 0),
                                                                        "action"))));
        wsc_send_json(c[1],
                      json_pack("{s:s,s:s}", "type", "act", "action",
                                json_string_value(json_object_get(
                                    json_array_get(l1, json_array_size(l1) - 1), "action"))));
        int errors = 0;
        json_t *s0 = next_state(&W, c[0], &errors);
        json_t *s1 = next_state(&W, c[1], &errors);
        assert_non_null(s0);
        assert_non_null(s1);
        /* One move was made, the same on both: n0 + 1, one view. */
        assert_int_equal(json_integer_value(json_object_get(s0, "move")), n0 + 1);
        assert_int_equal(json_integer_value(json_object_get(s1, "move")), n0 + 1);
        assert_true(json_equal(json_object_get(s0, "view"), json_object_get(s1, "view")));
        /* ...and the other refused with the ordinary error. */
        long long until = proc_now_ms() + 1000;
        while (errors == 0 && proc_now_ms() < until)
            for (int k = 0; k < 2; k++) {
                json_t *e = wsc_recv(&W, c[k], 10);
                if (e && type_of(e) && strcmp(type_of(e), "error") == 0) errors++;
                json_decref(e);
            }
        assert_int_equal(errors, 1);
        mv[0] = mv[1] = n0 + 1;
        json_decref(last[0]);
        json_decref(last[1]);
        last[0] = s0;
        last[1] = s1;
        races++;
    }
    json_decref(last[0]);
    json_decref(last[1]);
    playlog_free(&bob);
    assert_true(races >= 1);
    for (int i = 0; i < N_SERVERS; i++)
        wsc_close(&W, c[i]);
}

/* The test's own connection to the database (loopback, no TLS: libpq's
 * attempt at TLS would set up OpenSSL state for nothing). */
static PGconn *db_connect(void)
{
    const char *keys[] = {"dbname", "sslmode", NULL}, *values[] = {url, "disable", NULL};
    return PQconnectdbParams(keys, values, 1);
}

/* How many moves of table are committed. */
static int committed_moves(json_int_t table)
{
    PGconn *db = db_connect();
    char sql[128];
    snprintf(sql, sizeof sql, "SELECT count(*) FROM moves WHERE table_id=%lld", (long long)table);
    PGresult *r = PQexec(db, sql);
    int n = PQresultStatus(r) == PGRES_TUPLES_OK ? atoi(PQgetvalue(r, 0, 0)) : -1;
    PQclear(r);
    PQfinish(db);
    return n;
}

/* The pid of the process holding table's lease, from the database. */
static pid_t lease_holder(json_int_t table)
{
    PGconn *db = db_connect();
    char id[24], sql[160];
    snprintf(id, sizeof id, "%lld", (long long)table);
    snprintf(sql, sizeof sql, "SELECT owner FROM leases WHERE table_id=%s AND expires > now()", id);
    pid_t pid = -1;
    for (int tries = 0; tries < 100 && pid < 0; tries++) {
        PGresult *r = PQexec(db, sql);
        if (PQresultStatus(r) == PGRES_TUPLES_OK && PQntuples(r) == 1) {
            /* owner: host-pid-random */
            const char *o = PQgetvalue(r, 0, 0), *dash = strchr(o, '-');
            if (dash) pid = atoi(dash + 1);
        }
        PQclear(r);
        if (pid < 0) proc_sleep_ms(50);
    }
    PQfinish(db);
    return pid;
}

/* Through the balancer: Ann against two bots. Mid-game the process that
 * runs the table's bots is killed with -9; within 5 s another takes the
 * table over and the game finishes; Ann's connection, if it was on the
 * killed process, reconnects through the balancer to her seat; every move
 * she was told is in the record. */
static void kill_9_of_the_bots_process_loses_nothing(void **unused)
{
    wsc_conn *c = open_at(lb_port);
    json_int_t table = create(&W, c, "comrade", json_pack("[sss]", "open", "random", "random"),
                              json_pack("{s:i,s:i}", "players", 3, "deals", 8));
    char token[64];
    assert_int_equal(join(&W, c, table, 0, "Ann", token), 0);
    play_log l;
    memset(&l, 0, sizeof l);
    ch_rng rng;
    ch_rng_seed(&rng, 9, 0);
    while (l.last_move < 12 && !l.done) {
        json_t *m = wsc_recv(&W, c, WAIT);
        if (!m) fail_msg("no message before the kill (move %d)", l.last_move);
        handle(c, &l, &rng, m);
        json_decref(m);
    }
    assert_false(l.done);
    pid_t holder = lease_holder(table);
    int victim = -1;
    for (int i = 0; i < N_SERVERS; i++)
        if (servers[i] == holder) victim = i;
    if (victim < 0) fail_msg("no server holds table %lld's lease (owner pid %d)", (long long)table, (int)holder);
    kill(holder, SIGKILL);
    waitpid(holder, NULL, 0);
    servers[victim] = -1;
    long long killed = proc_now_ms(), first_after = 0;
    int at_kill = committed_moves(table), reconnects = 0;
    assert_true(at_kill >= l.last_move);
    while (!l.done) {
        json_t *m = wsc_recv(&W, c, 2000);
        if (!m && c->state == 2) {
            /* Its process died: back through the balancer, to the seat. */
            wsc_close(&W, c);
            c = open_at(lb_port);
            reconnects++;
            json_t *r = request(&W, c,
                                json_pack("{s:s,s:I,s:s}", "type", "resume", "table", table,
                                          "token", token),
                                "joined");
            json_decref(r);
            /* A move sent to the dead process may never have been
             * committed: the seat is asked again, as the browser shows it. */
            l.acted_for = l.continued_for = 0;
            /* The state after resuming has no "move": what was missed is in it. */
            json_t *st = wsc_expect(&W, c, "state", WAIT);
            assert_non_null(st);
            handle(c, &l, &rng, st);
            json_decref(st);
            continue;
        }
        if (!m) {
            if (proc_now_ms() - killed > 60000) fail_msg("the game stopped at move %d", l.last_move);
            continue;
        }
        /* After a reconnect, moves made meanwhile come in the state, not
         * one by one: the log goes on from the next announced. */
        json_t *mv = json_object_get(m, "move");
        if (mv && json_integer_value(mv) > l.last_move + 1)
            l.last_move = (int)json_integer_value(mv) - 1;
        /* The first bot move made after the kill: the table goes on. */
        int bot = (int)json_integer_value(
            json_object_get(json_array_get(json_object_get(m, "events"), 0), "seat"));
        if (mv && json_integer_value(mv) > at_kill && bot != 0 && !first_after)
            first_after = proc_now_ms();
        handle(c, &l, &rng, m);
        json_decref(m);
    }
    assert_true(first_after > 0);
    /* The table went on within 5 s of the kill (the lease's 3 s and a renewal). */
    if (first_after - killed > 5500)
        fail_msg("the first move after the kill came %lld ms later", first_after - killed);
    int moves = check_against_record(&W, c, table, &l, 0);
    assert_int_equal(moves, l.last_move);
    fprintf(stderr, "test_multi: kill -9 at move %d, next move after %lld ms, %d reconnects, %d moves\n",
            at_kill, first_after - killed, reconnects, moves);
    playlog_free(&l);
    wsc_close(&W, c);
}

/* Whether state m lists seat as away. */
static int away(json_t *m, int seat)
{
    json_t *a = json_object_get(m, "away");
    for (size_t i = 0; i < json_array_size(a); i++)
        if (json_integer_value(json_object_get(json_array_get(a, i), "seat")) == seat) return 1;
    return 0;
}

/* Ann is connected to one process, Bob to another, at one table. The
 * first is killed with -9 and never says Ann's connection went: within
 * 5 s the other process counts her away (the dead server is struck off
 * the servers table), so the heuristic will stand in for her. A process
 * started afterwards learns that Bob is connected to the other. */
static void a_killed_processs_people_turn_away_on_the_others(void **unused)
{
    int a = -1, b = -1;
    for (int i = 0; i < N_SERVERS; i++)
        if (servers[i] > 0) {
            if (a < 0)
                a = i;
            else if (b < 0)
                b = i;
        }
    assert_true(a >= 0 && b >= 0);
    wsc_conn *ca = open_at(ports[a]), *cb = open_at(ports[b]);
    json_int_t table = create(&W, ca, "racko", json_pack("[ss]", "open", "open"),
                              json_pack("{s:i}", "players", 2));
    assert_int_equal(join(&W, ca, table, 0, "Ann", NULL), 0);
    assert_int_equal(join(&W, cb, table, 1, "Bob", NULL), 1);
    /* Bob sees Ann present (her presence reached his process). */
    long long until = proc_now_ms() + 5000;
    int seen_present = 0;
    while (!seen_present && proc_now_ms() < until) {
        json_t *m = wsc_recv(&W, cb, 100);
        if (m && type_of(m) && strcmp(type_of(m), "state") == 0 && json_object_get(m, "status"))
            seen_present = !away(m, 0);
        json_decref(m);
    }
    assert_true(seen_present);
    kill(servers[a], SIGKILL);
    waitpid(servers[a], NULL, 0);
    servers[a] = -1;
    long long killed = proc_now_ms();
    int seen_away = 0;
    while (!seen_away && proc_now_ms() < killed + 8000) {
        json_t *m = wsc_recv(&W, cb, 100);
        if (m && type_of(m) && strcmp(type_of(m), "state") == 0) seen_away = away(m, 0);
        json_decref(m);
    }
    if (!seen_away) fail_msg("Ann still counts as connected 8 s after her process died");
    long long took = proc_now_ms() - killed;
    fprintf(stderr, "test_multi: a dead process's person away after %lld ms\n", took);
    assert_true(took <= 5500);
    /* A process that starts now asks who is connected where: a spectator
     * on it sees Bob (on the other process) present, Ann away. */
    servers[a] = start_server(&ports[a]);
    wsc_conn *cw = open_at(ports[a]);
    int bob_present = 0;
    until = proc_now_ms() + 5000;
    while (!bob_present && proc_now_ms() < until) {
        wsc_send_json(cw, json_pack("{s:s,s:I}", "type", "watch", "table", table));
        json_t *m = wsc_expect(&W, cw, "state", WAIT);
        assert_non_null(m);
        bob_present = !away(m, 1) && away(m, 0);
        json_decref(m);
        if (!bob_present) proc_sleep_ms(100);
    }
    if (!bob_present) fail_msg("a process started later does not know Bob is connected");
    wsc_close(&W, cw);
    wsc_close(&W, cb);
    wsc_close(&W, ca); /* closed by its server's death: freed */
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: test_multi CARDHALL\n");
        return 2;
    }
    cardhall = argv[1];
    url = getenv("CH_TEST_PG_URL");
    if (!url || !*url) {
        fprintf(stderr, "test_multi: SKIPPED: no CH_TEST_PG_URL (run by tests/server/pg_cluster.sh)\n");
        return 77;
    }
    if (access(HAPROXY, X_OK) != 0) {
        fprintf(stderr, "test_multi: SKIPPED: %s is not installed (package haproxy)\n", HAPROXY);
        return 77;
    }
    signal(SIGPIPE, SIG_IGN);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(people_on_three_processes_play_one_table),
        cmocka_unit_test(two_moves_at_one_ply_exactly_one_is_accepted),
        cmocka_unit_test(kill_9_of_the_bots_process_loses_nothing),
        cmocka_unit_test(a_killed_processs_people_turn_away_on_the_others),
    };
    int rc = cmocka_run_group_tests(tests, group_setup, group_teardown);
    proc_kill_all();
    if (haproxy_pid > 0) kill(haproxy_pid, SIGKILL);
    return rc;
}
