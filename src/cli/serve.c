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
        {"--max-memory-mb", 1}, {"--timeout", 1},     {"--bot-delay", 1},
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
    if ((rc = metrics_token(&c, &a)) != CLI_OK) return rc;
    static char db[4096];
    if ((v = cli_get(&a, "--db")))
        c.db = v;
    else if ((rc = default_db(db, sizeof db)) != CLI_OK)
        return rc;
    else
        c.db = db;
    ch_err err;
    if (sv_run(&c, &err) != CH_OK) return cli_fail(CLI_ERR, "serve: %s", err.msg);
    return CLI_OK;
}
