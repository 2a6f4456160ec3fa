/* cardhall engine: a JSON-lines protocol on stdin/stdout (docs/protocol.md).
 * One request object per line, exactly one reply line for every line that is
 * not blank, flushed at once. The requests themselves are the table layer's
 * (cardhall/table.h).
 *
 * Lines are read by a bounded reader: a line longer than the limit is
 * answered with an error and skipped without ever being held whole, and a
 * large buffer is given back after its line, so a client cannot make the
 * engine keep memory it sent once. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "cardhall/table.h"
#include "cli.h"

/* A buffer that grew past this for one long request is freed after it. */
#define KEEP_BUFFER (64u << 10)

typedef struct line_reader {
    char *buf;
    size_t len, cap, max;
    int too_long; /* the line went past max: its bytes were dropped */
    int blank;    /* only spaces, tabs, CR seen so far */
} line_reader;

/* Reads one line (without its '\n') into r->buf. Returns 0 at end of input
 * with nothing read, 1 for a line, -1 if memory ran out (the line is then
 * read to its end and reported as too long). */
static int read_line(line_reader *r, FILE *in)
{
    int c, any = 0;
    r->len = 0;
    r->too_long = 0;
    r->blank = 1;
    while ((c = getc(in)) != EOF) {
        any = 1;
        if (c == '\n') break;
        /* NUL is not white space: a line of NULs is a request, and is answered. */
        if (c != ' ' && c != '\t' && c != '\r') r->blank = 0;
        if (r->too_long) continue;
        if (r->len == r->max) {
            r->too_long = 1;
            continue;
        }
        if (r->len + 1 >= r->cap) {
            size_t cap = r->cap ? r->cap * 2 : 4096;
            if (cap > r->max + 1) cap = r->max + 1;
            char *b = realloc(r->buf, cap);
            if (!b) {
                r->too_long = 1;
                continue;
            }
            r->buf = b;
            r->cap = cap;
        }
        r->buf[r->len++] = (char)c;
    }
    if (r->too_long && r->cap > KEEP_BUFFER) {
        free(r->buf);
        r->buf = NULL;
        r->cap = r->len = 0;
    }
    return any;
}

static void reply(json_t *j)
{
    char *out = json_dumps(j, JSON_COMPACT | JSON_PRESERVE_ORDER);
    json_decref(j);
    /* json_dumps fails only without memory; the client still gets its line. */
    fputs(out ? out : "{\"ok\":false,\"error\":\"out of memory\"}", stdout);
    fputc('\n', stdout);
    free(out);
    fflush(stdout);
}

int cli_engine(int argc, char **argv)
{
    static const cli_flag flags[] = {{"--untrusted", 0}, {"--max-request", 1}, {NULL, 0}};
    cli_args a;
    int rc = cli_parse(argc, argv, flags, &a);
    if (rc != CLI_OK) return rc;
    if (a.npos || a.nkv)
        return cli_fail(CLI_USAGE, "usage: cardhall engine [--untrusted] "
                                   "[--max-request BYTES]");
    int trusted = !cli_get(&a, "--untrusted");
    tb_config cfg = {
        .allow_files = trusted, .bot_settings = trusted, .max_request = TB_MAX_REQUEST};
    const char *v = cli_get(&a, "--max-request");
    uint64_t max;
    if (v) {
        if (cli_u64("--max-request", v, &max) != CLI_OK) return CLI_USAGE;
        /* Below 16 no request fits; above 1 GiB the limit protects nothing. */
        if (max < 16 || max > (1u << 30))
            return cli_fail(CLI_USAGE, "--max-request: %s is not in 16..%u", v, 1u << 30);
        cfg.max_request = (size_t)max;
    }
    tb_session s;
    tb_session_init(&s, &cfg);
    line_reader r = {.max = s.cfg.max_request};
    int quit = 0;
    while (!quit && read_line(&r, stdin)) {
        if (r.blank) continue; /* blank lines are not requests */
        if (r.too_long) {
            char msg[160];
            snprintf(msg, sizeof msg,
                     "request too long: more than %zu bytes in one line (the limit; see "
                     "--max-request)",
                     r.max);
            reply(json_pack("{s:b,s:s}", "ok", 0, "error", msg));
            continue;
        }
        reply(tb_session_line(&s, r.buf, r.len, &quit));
        if (r.cap > KEEP_BUFFER) {
            free(r.buf);
            r.buf = NULL;
            r.cap = 0;
        }
    }
    free(r.buf);
    tb_session_free(&s);
    return CLI_OK;
}
