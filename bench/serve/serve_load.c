/* Load benchmark of `cardhall serve` (not a test: figures, no pass/fail).
 * Starts the server on a fresh database on loopback, opens one WebSocket
 * client per table, each table a person (the client, moving at random)
 * against bots; plays for a fixed time, rematching finished games, then
 * prints moves per second, p50/p99 time from a move sent to its broadcast
 * received, and the server's RSS.
 *
 * THINK_MS is how long the person thinks before each move (uniform between
 * half and one and a half times it): 0 hammers the server as fast as it
 * answers, which measures its throughput and makes the latency a queue;
 * a thinking time like a person's measures the latency of a busy server.
 *
 * With CH_LOAD_TLS=1 in the environment the server speaks HTTPS/WSS
 * (--tls-cert/--tls-key, a self-signed certificate made with the openssl
 * command) and every client connects over TLS, as people on the internet
 * would.
 *
 * With CH_LOAD_DB=postgresql://... the servers store on that PostgreSQL
 * database (an empty one: tests/server/pg_cluster.sh makes a throwaway
 * cluster and sets CH_TEST_PG_URL, which is used when CH_LOAD_DB is unset
 * and CH_LOAD_PG=1), and CH_LOAD_PROCS=N (1..8) starts N servers on it,
 * the clients spread over them in turn (issue 27).
 *
 * usage: serve_load CARDHALL [TABLES=1000] [SECONDS=20] [GAME=racko] [THINK_MS=0] */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cardhall/rng.h"
#include "wsc.h"

typedef struct client {
    wsc_conn *c;
    int step; /* 0 connecting, 1 creating, 2 joining, 3 playing */
    long long table;
    int waiting_move; /* the move number our act will have, or 0 */
    double sent_at;
    int last_move;
    char pending[64]; /* a chosen move waiting for its thinking time */
    int pending_continue; /* between hands: Continue, after the same thinking time */
    double due;
    int pending_move;
} client;

/* Reading the server's messages: only the fields the benchmark needs,
 * found in the text without building a tree of it. Parsing every 2 KB
 * state message with jansson made this client, not the server, the limit
 * of a saturated run (issue 29). The server's JSON is trusted here (it is
 * the program under test, and test_serve checks its messages in full). */

static const char *ws(const char *p, const char *end)
{
    while (p < end && (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t'))
        p++;
    return p;
}

/* Past the string whose opening quote is at p: memchr to each quote, which
 * closes the string unless an odd run of backslashes escapes it. */
static const char *skip_string(const char *p, const char *end)
{
    for (p++; p < end;) {
        const char *q = memchr(p, '"', (size_t)(end - p));
        if (!q) return end;
        const char *b = q;
        while (b > p && b[-1] == '\\')
            b--;
        if ((q - b) % 2 == 0) return q + 1;
        p = q + 1;
    }
    return end;
}

/* Past the value that starts at p (after white space). */
static const char *skip_value(const char *p, const char *end)
{
    p = ws(p, end);
    if (p >= end) return end;
    if (*p == '"') return skip_string(p, end);
    if (*p == '{' || *p == '[') {
        int depth = 0;
        while (p < end) {
            if (*p == '"') {
                p = skip_string(p, end);
                continue;
            }
            if (*p == '{' || *p == '[') depth++;
            if (*p == '}' || *p == ']') depth--;
            p++;
            if (depth == 0) return p;
        }
        return end;
    }
    while (p < end && *p != ',' && *p != '}' && *p != ']')
        p++; /* a number, true, false, null */
    return p;
}

/* The value of the member key of the object at p (its own members only),
 * or NULL when p is not an object or has no such member. */
static const char *field(const char *p, const char *end, const char *key)
{
    if (!p) return NULL;
    p = ws(p, end);
    if (p >= end || *p != '{') return NULL;
    size_t klen = strlen(key);
    p++;
    for (;;) {
        p = ws(p, end);
        if (p >= end || *p != '"') return NULL;
        const char *k = p + 1, *after = skip_string(p, end);
        int match = (size_t)(after - 1 - k) == klen && memcmp(k, key, klen) == 0;
        p = ws(after, end);
        if (p >= end || *p != ':') return NULL;
        p = ws(p + 1, end);
        if (match) return p;
        p = ws(skip_value(p, end), end);
        if (p >= end || *p != ',') return NULL;
        p++;
    }
}

/* The values of the members keys[0..n) of the object at p (NULL where
 * absent), in one pass over its members: a state message's large ones (the
 * view, the board) are skipped once, not once per field read. */
static void fields(const char *p, const char *end, const char *const *keys, int n, const char **out)
{
    for (int i = 0; i < n; i++)
        out[i] = NULL;
    p = ws(p, end);
    if (p >= end || *p != '{') return;
    p++;
    for (int found = 0; found < n;) {
        p = ws(p, end);
        if (p >= end || *p != '"') return;
        const char *k = p + 1, *after = skip_string(p, end);
        size_t klen = (size_t)(after - 1 - k);
        p = ws(after, end);
        if (p >= end || *p != ':') return;
        p = ws(p + 1, end);
        for (int i = 0; i < n; i++)
            if (!out[i] && strlen(keys[i]) == klen && memcmp(k, keys[i], klen) == 0) {
                out[i] = p;
                found++;
            }
        p = ws(skip_value(p, end), end);
        if (p >= end || *p != ',') return;
        p++;
    }
}

static long long int_at(const char *p)
{
    return p ? strtoll(p, NULL, 10) : 0;
}

/* The i-th element of the array at p, or NULL. */
static const char *element(const char *p, const char *end, size_t i)
{
    if (!p || p >= end || *p != '[') return NULL;
    p = ws(p + 1, end);
    if (p < end && *p == ']') return NULL;
    for (size_t k = 0; p < end; k++) {
        if (k == i) return p;
        p = ws(skip_value(p, end), end);
        if (p >= end || *p != ',') return NULL;
        p = ws(p + 1, end);
    }
    return NULL;
}

static size_t elements(const char *p, const char *end)
{
    size_t n = 0;
    while (element(p, end, n))
        n++;
    return n;
}

/* The string at p into out (cap bytes), its escapes undone by jansson (a
 * move's text has none, as a rule); "" when p is not a string. */
static void string_at(const char *p, const char *end, char *out, size_t cap)
{
    out[0] = '\0';
    if (!p || p >= end || *p != '"') return;
    const char *q = skip_string(p, end);
    size_t n = (size_t)(q - p) - 2;
    if (!memchr(p + 1, '\\', n)) {
        if (n >= cap) n = cap - 1;
        memcpy(out, p + 1, n);
        out[n] = '\0';
        return;
    }
    json_t *j = json_loadb(p, (size_t)(q - p), JSON_DECODE_ANY, NULL);
    snprintf(out, cap, "%s", j && json_string_value(j) ? json_string_value(j) : "");
    json_decref(j);
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static long rss_kb(pid_t pid)
{
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
    FILE *f = fopen(path, "r");
    long kb = -1;
    while (f && fgets(line, sizeof line, f))
        if (sscanf(line, "VmRSS: %ld", &kb) == 1) break;
    if (f) fclose(f);
    return kb;
}

/* CPU seconds the process has used (user + system). */
static double cpu_s(pid_t pid)
{
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
    FILE *f = fopen(path, "r");
    unsigned long ut = 0, st = 0;
    if (f) {
        int r = fscanf(f, "%*d %*s %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu", &ut, &st);
        (void)r;
        fclose(f);
    }
    return (double)(ut + st) / (double)sysconf(_SC_CLK_TCK);
}

/* A self-signed certificate for 127.0.0.1 in dir, made by the openssl
 * command (what an operator would use for a test too). 0 on success. */
static int make_cert(const char *dir, char *crt, char *key, size_t cap)
{
    snprintf(crt, cap, "%s/cert.pem", dir);
    snprintf(key, cap, "%s/key.pem", dir);
    char cmd[1024];
    snprintf(cmd, sizeof cmd,
             "openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=127.0.0.1 "
             "-keyout %s -out %s >/dev/null 2>&1",
             key, crt);
    return system(cmd);
}

static pid_t start_server(const char *cardhall, const char *db, const char *crt,
                          const char *key, int *port)
{
    int fds[2];
    if (pipe(fds) != 0) return -1;
    pid_t pid = fork();
    if (pid == 0) {
        dup2(fds[1], 1);
        close(fds[0]);
        /* Every client is on loopback: one address for all of them. */
        if (crt)
            execl(cardhall, cardhall, "serve", "--port", "0", "--db", db, "--bot-delay", "0",
                  "--rate", "1000", "--max-conns", "20000", "--max-tables", "100000",
                  "--max-conns-per-ip", "20000", "--rate-per-ip", "10000000", "--tls-cert", crt,
                  "--tls-key", key, (char *)NULL);
        else
            execl(cardhall, cardhall, "serve", "--port", "0", "--db", db, "--bot-delay", "0",
                  "--rate", "1000", "--max-conns", "20000", "--max-tables", "100000",
                  "--max-conns-per-ip", "20000", "--rate-per-ip", "10000000", (char *)NULL);
        _exit(127);
    }
    close(fds[1]);
    char line[512] = "";
    ssize_t n = read(fds[0], line, sizeof line - 1);
    close(fds[0]);
    if (n <= 0) return -1;
    line[n] = '\0';
    const char *p = strstr(line, "127.0.0.1:");
    *port = p ? atoi(p + 10) : 0;
    return pid;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: serve_load CARDHALL [TABLES] [SECONDS] [GAME] [THINK_MS]\n");
        return 2;
    }
    int tables = argc > 2 ? atoi(argv[2]) : 1000;
    double seconds = argc > 3 ? atof(argv[3]) : 20;
    const char *game = argc > 4 ? argv[4] : "racko";
    double think = argc > 5 ? atof(argv[5]) / 1000 : 0;
    if (tables < 1 || tables > 10000 || seconds <= 0 || seconds > 600 || think < 0 || think > 60)
        return 2;
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) == 0) {
        rl.rlim_cur = rl.rlim_max;
        setrlimit(RLIMIT_NOFILE, &rl);
    }
    signal(SIGPIPE, SIG_IGN);
    char dir[] = "/tmp/ch_load_XXXXXX", db[512];
    if (!mkdtemp(dir)) return 1;
    snprintf(db, sizeof db, "%s/load.db", dir);
    const char *pg = getenv("CH_LOAD_DB"), *use_pg = getenv("CH_LOAD_PG");
    if ((!pg || !*pg) && use_pg && !strcmp(use_pg, "1")) pg = getenv("CH_TEST_PG_URL");
    if (pg && *pg) snprintf(db, sizeof db, "%s", pg);
    const char *procs_env = getenv("CH_LOAD_PROCS");
    int procs = procs_env ? atoi(procs_env) : 1;
    if (procs < 1 || procs > 8 || (procs > 1 && !(pg && *pg))) {
        fprintf(stderr, "serve_load: CH_LOAD_PROCS is 1..8, above 1 with a PostgreSQL CH_LOAD_DB\n");
        return 2;
    }
    const char *tls_env = getenv("CH_LOAD_TLS");
    int tls = tls_env && !strcmp(tls_env, "1");
    char crt[96], key[96];
    if (tls && make_cert(dir, crt, key, sizeof crt) != 0) {
        fprintf(stderr, "serve_load: openssl could not make a certificate\n");
        return 1;
    }
    pid_t servers[8];
    wsc ws[8];
    for (int j = 0; j < procs; j++) {
        int port = 0;
        servers[j] = start_server(argv[1], db, tls ? crt : NULL, tls ? key : NULL, &port);
        if (servers[j] <= 0 || port <= 0) {
            fprintf(stderr, "serve_load: the server did not start\n");
            return 1;
        }
        if (wsc_init(&ws[j], port) != 0) return 1;
        ws[j].tls = tls;
    }
    pid_t server = servers[0];
    client *cl = calloc((size_t)tables, sizeof *cl);
    for (int i = 0; i < tables; i++) {
        cl[i].c = wsc_start(&ws[i % procs]);
        cl[i].c->user = &cl[i];
    }
    size_t cap = 1 << 20, n_lat = 0;
    double *lat = malloc(sizeof *lat * cap);
    long long moves = 0;
    ch_rng rng;
    ch_rng_seed(&rng, 1, 0);
    double t0 = now_s(), stop = t0 + seconds, t_all_open = 0;
    int errors = 0;
    while (now_s() < stop) {
        for (int j = 0; j < procs; j++)
            wsc_wait(&ws[j], j == 0 ? 1 : 0);
        int open = 0;
        for (int i = 0; i < tables; i++) {
            client *k = &cl[i];
            if (k->c->state == 1) open++;
            if (k->pending_continue && now_s() >= k->due) {
                wsc_send(k->c, "{\"type\":\"continue\"}", 19);
                k->pending_continue = 0;
            }
            if (k->pending[0] && now_s() >= k->due) {
                json_t *req = json_pack("{s:s,s:s}", "type", "act", "action", k->pending);
                k->waiting_move = k->pending_move;
                k->sent_at = now_s();
                wsc_send_json(k->c, req);
                k->pending[0] = '\0';
            }
            if (k->step == 0 && k->c->state == 1) {
                char req[256];
                snprintf(req, sizeof req,
                         "{\"type\":\"create\",\"game\":\"%s\",\"seats\":[\"open\",\"heuristic\"],"
                         "\"options\":{\"players\":2}}",
                         game);
                wsc_send(k->c, req, strlen(req));
                k->step = 1;
            }
            char *m;
            size_t len;
            while ((m = wsc_recv_text(k->c, &len))) {
                const char *end = m + len;
                enum { TYPE, TABLE, MOVE, STATUS, LEGAL, PAUSE, NKEYS };
                static const char *const keys[NKEYS] = {"type",   "table", "move",
                                                        "status", "legal", "pause"};
                const char *v[NKEYS];
                fields(m, end, keys, NKEYS, v);
                char t[16];
                string_at(v[TYPE], end, t, sizeof t);
                if (!strcmp(t, "error")) errors++;
                if (!strcmp(t, "created")) {
                    k->table = int_at(field(v[TABLE], end, "id"));
                    char req[128];
                    snprintf(req, sizeof req, "{\"type\":\"join\",\"table\":%lld,\"name\":\"p%d\"}",
                             k->table, i);
                    wsc_send(k->c, req, strlen(req));
                    k->step = 2;
                }
                if (!strcmp(t, "state")) {
                    k->step = 3;
                    int mv = (int)int_at(v[MOVE]);
                    if (mv > k->last_move) moves += mv - k->last_move;
                    if (mv > 0) k->last_move = mv;
                    if (k->waiting_move && mv == k->waiting_move) {
                        if (n_lat < cap) lat[n_lat++] = now_s() - k->sent_at;
                        k->waiting_move = 0;
                    }
                    const char *st = v[STATUS], *legal = v[LEGAL];
                    /* Between hands (issue 24) the person reads the summary
                     * and clicks Continue, as they would a move. */
                    const char *waiting = field(v[PAUSE], end, "waiting");
                    for (size_t w_i = 0; element(waiting, end, w_i); w_i++)
                        if (int_at(element(waiting, end, w_i)) == 0 && !k->pending_continue) {
                            k->pending_continue = 1;
                            k->due = now_s() + think * (0.5 + ch_rng_below(&rng, 1001) / 1000.0);
                        }
                    if (field(st, end, "result")) {
                        wsc_send(k->c, "{\"type\":\"rematch\"}", 18);
                        k->last_move = 0;
                    } else if (legal) {
                        size_t n = elements(legal, end);
                        string_at(field(element(legal, end, ch_rng_below(&rng, (uint32_t)n)), end,
                                        "action"),
                                  end, k->pending, sizeof k->pending);
                        k->pending_move = (int)int_at(field(v[TABLE], end, "moves")) + 1;
                        double f = 0.5 + ch_rng_below(&rng, 1001) / 1000.0;
                        k->due = now_s() + think * f;
                    }
                }
                free(m);
            }
        }
        if (!t_all_open && open == tables) t_all_open = now_s() - t0;
    }
    double elapsed = now_s() - t0;
    long rss = 0;
    double server_cpu = 0, client_cpu = cpu_s(getpid());
    for (int j = 0; j < procs; j++) {
        rss += rss_kb(servers[j]);
        server_cpu += cpu_s(servers[j]);
    }
    (void)server;
    int playing = 0;
    for (int i = 0; i < tables; i++)
        playing += cl[i].step == 3;
    qsort(lat, n_lat, sizeof *lat, cmp_double);
    double p50 = n_lat ? lat[n_lat / 2] * 1000 : 0, p99 = n_lat ? lat[n_lat * 99 / 100] * 1000 : 0;
    printf(
        "serve_load: %d tables of %s (person vs heuristic), %d playing, %.1f s, thinking %.0f ms\n",
        tables, game, playing, elapsed, think * 1000);
    printf("  database                 %s, %d server process%s\n",
           pg && *pg ? "PostgreSQL" : "SQLite", procs, procs > 1 ? "es" : "");
    printf("  moves/s (all seats)      %.0f\n", moves / elapsed);
    printf("  move->broadcast p50      %.2f ms\n", p50);
    printf("  move->broadcast p99      %.2f ms  (%zu samples)\n", p99, n_lat);
    printf("  server RSS               %.1f MiB (all processes)\n", rss / 1024.0);
    printf("  CPU: server %.0f%% (all processes), clients %.0f%% of one core\n",
           100 * server_cpu / elapsed, 100 * client_cpu / elapsed);
    /* Issue 29's figure: the server's user + system CPU since it started
     * (its set-up of the tables included) over the moves it applied. */
    printf("  server CPU per move      %.1f us\n", moves ? 1e6 * server_cpu / moves : 0);
    printf("  all connected after      %.2f s; errors %d\n", t_all_open, errors);
    for (int i = 0; i < tables; i++)
        wsc_close(&ws[i % procs], cl[i].c);
    for (int j = 0; j < procs; j++) {
        wsc_free(&ws[j]);
        kill(servers[j], SIGTERM);
        waitpid(servers[j], NULL, 0);
    }
    char cmd[96];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0) return 1;
    free(cl);
    free(lat);
    return 0;
}
