#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "args.h"
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

int cli_u64(const char *what, const char *text, uint64_t *out)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 10);
    if (!*text || *end || errno || text[0] == '-')
        return cli_fail(CLI_USAGE, "%s: '%s' is not a non-negative integer", what, text);
    *out = v;
    return CLI_OK;
}

int cli_int(const char *what, const char *text, int lo, int hi, int *out)
{
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (!*text || *end || errno || v < lo || v > hi)
        return cli_fail(CLI_USAGE, "%s: '%s' is not an integer in %d..%d", what, text, lo, hi);
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

uint64_t cli_time_seed(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    /* Kept below 2^53 so the seed survives any JSON reader. */
    return cli_mix(((uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec) ^
                   ((uint64_t)getpid() << 32)) >>
           11;
}

uint64_t cli_mix(uint64_t x)
{
    x += 0x9e3779b97f4a7c15u;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9u;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebu;
    return x ^ (x >> 31);
}

char *cli_render(const ch_game *g, const void *st, int viewer, ch_lang lang)
{
    size_t cap = 8192;
    for (;;) {
        char *buf = malloc(cap);
        if (!buf) return NULL;
        int n = g->render(st, viewer, lang, buf, cap);
        if (n < 0) n = 0, buf[0] = '\0';
        if ((size_t)n < cap) return buf;
        free(buf);
        cap = (size_t)n + 1;
    }
}

void cli_action_name(const ch_game *g, const void *st, ch_action a, int viewer, ch_lang lang,
                     char *buf, size_t cap)
{
    if (g->action_name(st, a, viewer, lang, buf, cap) < 0) snprintf(buf, cap, "?");
}

json_t *cli_seed_json(uint64_t seed)
{
    if (seed <= (uint64_t)INT64_MAX) return json_integer((json_int_t)seed);
    char buf[32];
    snprintf(buf, sizeof buf, "%llu", (unsigned long long)seed);
    return json_string(buf);
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

/* Whether the name of a for `as` is the same in st and in every resample
 * (as viewer sees them), i.e. tells viewer nothing hidden. */
static int name_is_stable(const ch_game *g, const void *st, void *const *copies, int ncopies,
                          ch_action a, int as, ch_lang lang, char *buf, size_t cap)
{
    char other[512];
    cli_action_name(g, st, a, as, lang, buf, cap);
    for (int i = 0; i < ncopies; i++) {
        if (!ch_is_legal(g, copies[i], a)) continue;
        cli_action_name(g, copies[i], a, as, lang, other, sizeof other);
        if (strcmp(other, buf) != 0) return 0;
    }
    return 1;
}

/* A name describes an action as it is known once done, which may show a
 * card only the move reveals (a draw). Before the move, a choice is named
 * as the first seat (viewer first) whose name is the same whatever the
 * hidden cards, compared over a few resamples; failing all, its text. */
void cli_choice_name(const ch_game *g, const void *st, ch_action a, int viewer, ch_lang lang,
                     char *buf, size_t cap)
{
    enum { NCOPIES = 4 };
    if (viewer == CH_ALL) {
        cli_action_name(g, st, a, viewer, lang, buf, cap);
        return;
    }
    void *copies[NCOPIES] = {NULL};
    ch_rng rng;
    ch_rng_seed(&rng, 0x5eed, 0xc11);
    int n = g->num_players(st), ok = 1;
    for (int i = 0; i < NCOPIES && ok; i++) {
        ok = (copies[i] = malloc(g->state_size)) != NULL;
        if (ok) {
            memcpy(copies[i], st, g->state_size);
            g->resample(copies[i], viewer, &rng);
        }
    }
    int found = 0;
    for (int k = 0; ok && k < n && !found; k++)
        found = name_is_stable(g, st, copies, NCOPIES, a, (viewer + k) % n, lang, buf, cap);
    if (!found && g->action_text(st, a, buf, cap) < 0) snprintf(buf, cap, "?");
    for (int i = 0; i < NCOPIES; i++)
        free(copies[i]);
}
