/* cardhall serve: card tables over WebSocket (docs/ws-protocol.md). The
 * flags set the server's bounds; the database defaults to
 * $XDG_DATA_HOME/cardhall/cardhall.db (else ~/.local/share/cardhall/),
 * created on first run so the server runs with no setup. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "args.h"
#include "cli.h"
#include "server.h"
#include "store.h"

/* mkdir -p of the directory part of path. */
static int make_parents(char *path)
{
    for (char *p = path + 1; *p; p++) {
        if (*p != '/') continue;
        *p = '\0';
        int bad = mkdir(path, 0700) != 0 && errno != EEXIST;
        *p = '/';
        if (bad) return -1;
    }
    return 0;
}

static int default_db(char *out, size_t cap)
{
    const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
    int n;
    if (xdg && xdg[0] == '/')
        n = snprintf(out, cap, "%s/cardhall/cardhall.db", xdg);
    else if (home && home[0] == '/')
        n = snprintf(out, cap, "%s/.local/share/cardhall/cardhall.db", home);
    else
        return cli_fail(CLI_USAGE, "serve: no $HOME or $XDG_DATA_HOME: give --db FILE");
    if (n < 0 || (size_t)n >= cap) return cli_fail(CLI_USAGE, "serve: database path too long");
    if (make_parents(out) != 0)
        return cli_fail(CLI_ERR, "serve: cannot create the directory of %s: %s", out,
                        strerror(errno));
    return CLI_OK;
}

void cli_serve_help(FILE *f)
{
    sv_config c;
    sv_config_defaults(&c);
    fprintf(f,
            "Starts the card table server: every game at tables over WebSocket, with the\n"
            "browser client built in. It prints the address to open, then serves until\n"
            "Ctrl-C (or SIGTERM). Tables and finished games are kept in SQLite (or\n"
            "PostgreSQL).\n\n"
            "  --host ADDR            address to listen on (default %s: this machine\n"
            "                         only; 0.0.0.0 opens it to your network)\n"
            "  --port N               port, 0..65535; 0 takes any free port (default %d)\n"
            "  --db FILE              the SQLite database, created on first run (default\n"
            "                         $XDG_DATA_HOME/cardhall/cardhall.db, else\n"
            "                         ~/.local/share/cardhall/cardhall.db)\n"
            "  --db postgresql://USER@HOST/NAME\n"
            "                         a PostgreSQL database instead, which several servers\n"
            "                         may share behind a load balancer (docs/deploy.md)\n"
            "  --max-message BYTES    longest client message, 256..1048576; a longer one\n"
            "                         closes the connection (default %zu)\n"
            "  --rate MSGS/S          messages a second per connection, 1..100000; faster\n"
            "                         ones get an error, twice as fast closes it (default %d)\n"
            "  --table-conns N        seats and spectators at one table, 1..1000 (default %d)\n"
            "  --max-tables N         tables the server holds, 1..1000000 (default %d)\n"
            "  --max-conns N          WebSocket connections at once, 1..1000000\n"
            "                         (default %d)\n"
            "  --max-memory-mb MB     memory for tables and send queues, 16..1048576; over it\n"
            "                         a new table is refused (default %zu)\n"
            "  --timeout SECONDS      a new table's seat timeout, 0..86400: a person away\n"
            "                         longer is played by the heuristic until they come\n"
            "                         back (default %lld)\n"
            "  --bot-delay MS         pause before each computer move, 0..60000, so people\n"
            "                         can follow (default %d)\n"
            "  --chat-rate N          chat messages per 10 s per connection, 1..10000, on top\n"
            "                         of --rate (default %d)\n"
            "  --no-spectator-chat    spectators read the chat but cannot write (default:\n"
            "                         each table's spectator_chat option decides)\n\n"
            "On the internet (docs/deploy.md):\n"
            "  --tls-cert FILE        PEM certificate (chain): HTTPS and WSS on the same port;\n"
            "                         reread on SIGHUP (default: plain HTTP)\n"
            "  --tls-key FILE         its PEM private key (with --tls-cert)\n"
            "  --public-url URL       the address people open: share links, and the server's\n"
            "                         own origin (default: the Host a request names)\n"
            "  --ping S               ping a connection idle S s, 1..30; closed 2xS s after an\n"
            "                         unanswered ping (default %d)\n"
            "  --allow-origin O[,O]   other origins (http(s)://host[:port]) whose pages may\n"
            "                         connect (default: none)\n"
            "  --trust-proxy          client address = last X-Forwarded-For entry (only\n"
            "                         behind a reverse proxy; default off)\n"
            "  --max-conns-per-ip N   WebSocket connections from one address (default %d)\n"
            "  --rate-per-ip N        messages/s from one address, all its connections\n"
            "                         (default %d)\n\n"
            "The protocol and the bounds: docs/ws-protocol.md.\n",
            c.host, c.port, c.max_message, c.rate, c.conns_per_table, c.max_tables, c.max_conns,
            c.max_memory >> 20, (long long)(c.timeout_ms / 1000), c.bot_delay_ms, c.chat_rate,
            c.ping_s, c.max_conns_per_ip, c.rate_per_ip);
}

/* "scheme://host[:port]" and nothing after but "/": an origin, as a browser sends it. */
static int is_origin(const char *v, int path_ok)
{
    const char *p = strstr(v, "://");
    if (!p || p == v || !p[3]) return 0;
    if (strncmp(v, "http://", 7) && strncmp(v, "https://", 8)) return 0;
    const char *rest = p + 3 + strcspn(p + 3, "/?#");
    return path_ok || !*rest || !strcmp(rest, "/");
}

/* The flags of issue 25: TLS, the public address, keep-alive, origins, proxies. */
static int secure_flags(const cli_args *a, sv_config *c)
{
    static char origins[1024];
    const char *v;
    int rc;
    c->tls_cert = cli_get(a, "--tls-cert");
    c->tls_key = cli_get(a, "--tls-key");
    if (!c->tls_cert != !c->tls_key)
        return cli_fail(CLI_USAGE, "serve: --tls-cert and --tls-key go together");
    if ((v = cli_get(a, "--public-url"))) {
        if (!is_origin(v, 1))
            return cli_fail(CLI_USAGE,
                            "serve: --public-url: expected http(s)://HOST[:PORT]/..., got '%s'", v);
        c->public_url = v;
    }
    if ((v = cli_get(a, "--ping")) && (rc = cli_int("--ping", v, 1, 30, &c->ping_s))) return rc;
    if ((v = cli_get(a, "--allow-origin"))) {
        c->n_allow_origins =
            cli_split(v, origins, sizeof origins, c->allow_origins, SV_MAX_ORIGINS);
        if (c->n_allow_origins < 0)
            return cli_fail(CLI_USAGE, "serve: --allow-origin: at most %d origins", SV_MAX_ORIGINS);
        for (int i = 0; i < c->n_allow_origins; i++)
            if (!is_origin(c->allow_origins[i], 0))
                return cli_fail(CLI_USAGE,
                                "serve: --allow-origin: '%s' is not scheme://host[:port]",
                                c->allow_origins[i]);
    }
    c->trust_proxy = cli_get(a, "--trust-proxy") != NULL;
    if ((v = cli_get(a, "--max-conns-per-ip")) &&
        (rc = cli_int("--max-conns-per-ip", v, 1, 1000000, &c->max_conns_per_ip)))
        return rc;
    if ((v = cli_get(a, "--rate-per-ip")) &&
        (rc = cli_int("--rate-per-ip", v, 1, 10000000, &c->rate_per_ip)))
        return rc;
    return CLI_OK;
}

/* Issue 27: GET /metrics wants a bearer token, from --metrics-token-file
 * FILE (its first line), $CARDHALL_METRICS_TOKEN, or --metrics-token TOKEN
 * (then it is in `ps` until this blanks it: a file or the environment is
 * better). The server keeps only its hash. */
static int metrics_token(sv_config *c, const cli_args *a)
{
    const char *flag = cli_get(a, "--metrics-token"), *file = cli_get(a, "--metrics-token-file");
    const char *env = getenv("CARDHALL_METRICS_TOKEN");
    if (flag && file) return cli_fail(CLI_USAGE, "serve: --metrics-token or --metrics-token-file");
    char line[1024];
    const char *token = flag ? flag : env && env[0] ? env : NULL;
    if (file) {
        FILE *f = fopen(file, "r");
        if (!f) return cli_fail(CLI_ERR, "serve: --metrics-token-file %s: %s", file, strerror(errno));
        int ok = fgets(line, sizeof line, f) != NULL;
        fclose(f);
        if (!ok) return cli_fail(CLI_ERR, "serve: --metrics-token-file %s: empty", file);
        token = line;
    }
    if (!token) return CLI_OK;
    ch_err err;
    int rc = sv_config_metrics_token(c, token, &err);
    memset(line, 0, sizeof line);
    if (rc != CH_OK) return cli_fail(CLI_USAGE, "serve: %s", err.msg);
    /* Blank it where it lies in argv (cli_get points there): `ps` and
     * /proc/PID/cmdline show x's from now on. */
    if (flag) memset((char *)flag, 'x', strlen(flag));
    return CLI_OK;
}

int cli_serve(int argc, char **argv)
{
    static const cli_flag flags[] = {
        {"--port", 1},          {"--host", 1},        {"--db", 1},         {"--max-message", 1},
        {"--rate", 1},          {"--table-conns", 1}, {"--max-tables", 1}, {"--max-conns", 1},
        {"--max-memory-mb", 1}, {"--timeout", 1},     {"--bot-delay", 1},  {"--tls-cert", 1},
        {"--tls-key", 1},       {"--public-url", 1},  {"--ping", 1},       {"--allow-origin", 1},
        {"--trust-proxy", 0},   {"--max-conns-per-ip", 1}, {"--rate-per-ip", 1},
        {"--chat-rate", 1},     {"--no-spectator-chat", 0}, {"--metrics-token", 1},
        {"--metrics-token-file", 1}, {NULL, 0},
    };
    cli_args a;
    int rc = cli_parse(argc, argv, flags, &a);
    if (rc != CLI_OK) return rc;
    if (a.npos > 0 || a.nkv > 0) return cli_fail(CLI_USAGE, "serve takes only flags");
    sv_config c;
    sv_config_defaults(&c);
    const char *v;
    int n;
    if ((v = cli_get(&a, "--host"))) c.host = v;
    if ((v = cli_get(&a, "--port")) && (rc = cli_int("--port", v, 0, 65535, &c.port))) return rc;
    if ((v = cli_get(&a, "--max-message"))) {
        if ((rc = cli_int("--max-message", v, 256, 1 << 20, &n))) return rc;
        c.max_message = (size_t)n;
    }
    if ((v = cli_get(&a, "--rate")) && (rc = cli_int("--rate", v, 1, 100000, &c.rate))) return rc;
    if ((v = cli_get(&a, "--table-conns")) &&
        (rc = cli_int("--table-conns", v, 1, 1000, &c.conns_per_table)))
        return rc;
    if ((v = cli_get(&a, "--max-tables")) &&
        (rc = cli_int("--max-tables", v, 1, 1000000, &c.max_tables)))
        return rc;
    if ((v = cli_get(&a, "--max-conns")) &&
        (rc = cli_int("--max-conns", v, 1, 1000000, &c.max_conns)))
        return rc;
    if ((v = cli_get(&a, "--max-memory-mb"))) {
        if ((rc = cli_int("--max-memory-mb", v, 16, 1 << 20, &n))) return rc;
        c.max_memory = (size_t)n << 20;
    }
    if ((v = cli_get(&a, "--timeout"))) {
        if ((rc = cli_int("--timeout", v, 0, 86400, &n))) return rc;
        c.timeout_ms = (int64_t)n * 1000;
    }
    if ((v = cli_get(&a, "--bot-delay")) &&
        (rc = cli_int("--bot-delay", v, 0, 60000, &c.bot_delay_ms)))
        return rc;
    if ((v = cli_get(&a, "--chat-rate")) &&
        (rc = cli_int("--chat-rate", v, 1, 10000, &c.chat_rate)))
        return rc;
    if (cli_get(&a, "--no-spectator-chat")) c.no_spectator_chat = 1;
    if ((rc = secure_flags(&a, &c)) != CLI_OK) return rc;
    if ((rc = metrics_token(&c, &a)) != CLI_OK) return rc;
    static char db[4096];
    if ((v = cli_get(&a, "--db")) && sv_store_is_pg(v)) {
        /* A PostgreSQL URL may hold a password: the server keeps a copy,
         * and `ps` shows the URL without it from now on (PGPASSWORD or
         * ~/.pgpass keep it off the command line altogether). */
        if (strlen(v) >= sizeof db) return cli_fail(CLI_USAGE, "serve: --db: too long");
        snprintf(db, sizeof db, "%s", v);
        c.db = db;
        char shown[4096];
        sv_store_redact(db, shown, sizeof shown);
        size_t len = strlen(v);
        if (strcmp(shown, db) != 0) {
            if (strlen(shown) <= len) {
                memset((char *)v, ' ', len);
                memcpy((char *)v, shown, strlen(shown));
            } else {
                memset((char *)v, 'x', len);
            }
        }
    } else if (v)
        c.db = v;
    else if ((rc = default_db(db, sizeof db)) != CLI_OK)
        return rc;
    else
        c.db = db;
    ch_err err;
    if (sv_run(&c, &err) != CH_OK) return cli_fail(CLI_ERR, "serve: %s", err.msg);
    return CLI_OK;
}
