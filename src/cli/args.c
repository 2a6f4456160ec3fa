#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "args.h"
#include "cardhall/num.h"
#include "cardhall/registry.h"

int cli_fail(int code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("cardhall: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return code;
}

static const cli_flag *find_flag(const cli_flag *flags, const char *name, size_t len)
{
    for (; flags && flags->name; flags++)
        if (strlen(flags->name) == len && strncmp(flags->name, name, len) == 0) return flags;
    return NULL;
}

int cli_parse(int argc, char **argv, const cli_flag *flags, cli_args *a)
{
    memset(a, 0, sizeof *a);
    for (int i = 0; i < argc; i++) {
        const char *w = argv[i];
        if (a->npos >= CLI_MAX_ARGS || a->nkv >= CLI_MAX_ARGS || a->nflags >= CLI_MAX_ARGS)
            return cli_fail(CLI_USAGE, "too many arguments");
        if (strncmp(w, "--", 2) != 0 || w[2] == '\0') {
            if (w[0] != '-' && strchr(w, '='))
                a->kv[a->nkv++] = w;
            else
                a->pos[a->npos++] = w;
            continue;
        }
        const char *eq = strchr(w, '=');
        size_t len = eq ? (size_t)(eq - w) : strlen(w);
        const cli_flag *f = find_flag(flags, w, len);
        if (!f) return cli_fail(CLI_USAGE, "unknown flag '%.*s' (see --help)", (int)len, w);
        const char *val = "";
        if (f->takes_value) {
            if (eq) {
                val = eq + 1;
            } else if (i + 1 < argc) {
                val = argv[++i];
            } else {
                return cli_fail(CLI_USAGE, "%s needs a value", f->name);
            }
        } else if (eq) {
            return cli_fail(CLI_USAGE, "%s takes no value", f->name);
        }
        a->name[a->nflags] = f->name;
        a->val[a->nflags++] = val;
    }
    return CLI_OK;
}

const char *cli_get(const cli_args *a, const char *name)
{
    for (int i = a->nflags - 1; i >= 0; i--)
        if (strcmp(a->name[i], name) == 0) return a->val[i];
    return NULL;
}

/* Both through the library's one strict parser, so the command line and the
 * engine accept and refuse exactly the same texts (no sign, no spaces). */
int cli_u64(const char *what, const char *text, uint64_t *out)
{
    char q[CH_QUOTE_MAX];
    if (ch_parse_u64(text, out) != CH_OK)
        return cli_fail(CLI_USAGE, "%s: '%s' is not a non-negative integer", what,
                        ch_quote(text, q, sizeof q));
    return CLI_OK;
}

int cli_int(const char *what, const char *text, int lo, int hi, int *out)
{
    char q[CH_QUOTE_MAX];
    long v;
    if (ch_parse_long(text, lo, hi, &v) != CH_OK)
        return cli_fail(CLI_USAGE, "%s: '%s' is not an integer in %d..%d", what,
                        ch_quote(text, q, sizeof q), lo, hi);
    *out = (int)v;
    return CLI_OK;
}

int cli_double(const char *what, const char *text, double lo, double hi, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    if (!*text || *end || errno || !(v >= lo && v <= hi))
        return cli_fail(CLI_USAGE, "%s: '%s' is not a number in %g..%g", what, text, lo, hi);
    *out = v;
    return CLI_OK;
}

int cli_lang(const char *text, ch_lang *out)
{
    if (!text || strcmp(text, "en") == 0) {
        *out = CH_LANG_EN;
    } else if (strcmp(text, "ja") == 0) {
        *out = CH_LANG_JA;
    } else {
        return cli_fail(CLI_USAGE, "--lang: '%s' is not en or ja", text);
    }
    return CLI_OK;
}

const ch_game *cli_game(const char *text)
{
    const ch_game *g = text ? ch_game_find(text) : NULL;
    if (g) return g;
    char names[256] = "";
    size_t len = 0;
    for (const ch_game *const *p = ch_games(); *p && len < sizeof names; p++)
        len +=
            (size_t)snprintf(names + len, sizeof names - len, "%s%s", len ? ", " : "", (*p)->name);
    if (text)
        cli_fail(CLI_USAGE, "unknown game '%s' (games: %s)", text, len ? names : "none");
    else
        cli_fail(CLI_USAGE, "which game? (games: %s)", len ? names : "none");
    return NULL;
}

int cli_split(const char *text, char *buf, size_t bufcap, const char **words, int cap)
{
    snprintf(buf, bufcap, "%s", text);
    int n = 0;
    for (char *p = buf;;) {
        char *comma = strchr(p, ',');
        if (comma) *comma = '\0';
        if (n >= cap) return -1;
        words[n++] = p;
        if (!comma) break;
        p = comma + 1;
    }
    return n;
}

int cli_bot_game(const ch_game *g, void *st, ch_bot *bots, int max_steps)
{
    int steps = 0, p;
    while (steps < max_steps && (p = g->to_move(st)) != CH_TERMINAL) {
        g->apply(st, ch_bot_act(&bots[p], st, p));
        steps++;
    }
    return steps;
}
