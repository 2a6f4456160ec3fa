/* See golden.h. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cardhall/bot.h"
#include "cardhall/match.h"
#include "cardhall/table.h"
#include "golden.h"

#define GOLDEN_MAX_STEPS 20000

typedef struct sbuf {
    char *s;
    size_t len, cap;
} sbuf;

static void put(sbuf *b, const char *fmt, ...)
{
    va_list ap;
    for (;;) {
        va_start(ap, fmt);
        int n = vsnprintf(b->s + b->len, b->cap - b->len, fmt, ap);
        va_end(ap);
        if ((size_t)n < b->cap - b->len) {
            b->len += (size_t)n;
            return;
        }
        b->cap = b->cap * 2 + (size_t)n;
        b->s = realloc(b->s, b->cap);
        assert_non_null(b->s);
    }
}

static void trace(const ch_game *g, const char *const *kv, int nkv, uint64_t seed, sbuf *out)
{
    ch_match m;
    ch_err err;
    char text[256], name[512];
    if (ch_match_init(&m, g, kv, nkv, seed, NULL, 0, &err) != CH_OK) fail_msg("%s", err.msg);
    put(out, "game %s seed %llu options", g->name, (unsigned long long)seed);
    for (int i = 0; i < g->n_opts; i++)
        put(out, " %s=%s", g->opts[i].key, m.opts.text[i]);
    put(out, "\n");
    /* Even seats play the game's heuristic (when it has one), odd seats play
     * at random: games whose random play never ends (Rack-O) still end, and
     * the trace shows both kinds of move. */
    ch_bot bots[2];
    if (ch_bot_init(&bots[1], g, "random", seed, &err) != CH_OK) fail_msg("%s", err.msg);
    if (ch_bot_init(&bots[0], g, "heuristic", seed + 1, &err) != CH_OK) bots[0] = bots[1];
    int hands = 0;
    for (int k = 0; g->to_move(ch_match_state(&m)) != CH_TERMINAL; k++) {
        if (k >= GOLDEN_MAX_STEPS)
            fail_msg("%s seed %llu: no end after %d moves", g->name, (unsigned long long)seed, k);
        const void *st = ch_match_state(&m);
        int p = g->to_move(st);
        ch_action a = ch_bot_act(&bots[p % 2], st, p);
        g->action_text(st, a, text, sizeof text);
        tb_action_name(g, st, a, CH_ALL, CH_LANG_EN, name, sizeof name); /* as people read it */
        put(out, "%4d  seat %d  %-12s %s\n", k + 1, p, text, name);
        if (ch_match_apply(&m, a, &err) != CH_OK) fail_msg("%s", err.msg);
        ch_result r;
        g->result(ch_match_state(&m), &r);
        if (r.hands > hands) {
            hands = r.hands;
            put(out, "      hand %d:", hands);
            for (int q = 0; q < r.n_players; q++)
                put(out, " %d", r.hand_score[q]);
            put(out, "  totals:");
            for (int q = 0; q < r.n_players; q++)
                put(out, " %d", r.score[q]);
            put(out, "\n");
        }
    }
    ch_result r;
    g->result(ch_match_state(&m), &r);
    put(out, "result: winners");
    for (int q = 0; q < r.n_players; q++)
        if (r.winners & (1u << q)) put(out, " %d", q);
    put(out, "  ranks");
    for (int q = 0; q < r.n_players; q++)
        put(out, " %d", r.rank[q]);
    put(out, "\n");
    ch_match_free(&m);
}

void ch_golden_check(const ch_game *g, const char *const *kv, int nkv, uint64_t seed,
                     const char *path)
{
    sbuf b = {malloc(4096), 0, 4096};
    assert_non_null(b.s);
    trace(g, kv, nkv, seed, &b);
    const char *dir = getenv("CH_SOURCE_DIR");
    char full[1024];
    snprintf(full, sizeof full, "%s/%s", dir ? dir : ".", path);
    const char *update = getenv("CH_GOLDEN_UPDATE");
    if (update && strcmp(update, "1") == 0) {
        FILE *f = fopen(full, "w");
        if (!f) fail_msg("cannot write %s", full);
        fwrite(b.s, 1, b.len, f);
        fclose(f);
        free(b.s);
        return;
    }
    FILE *f = fopen(full, "r");
    if (!f) fail_msg("golden file %s is missing (CH_GOLDEN_UPDATE=1 writes it)", full);
    sbuf want = {malloc(4096), 0, 4096};
    char line[4096];
    while (fgets(line, sizeof line, f))
        put(&want, "%s", line);
    fclose(f);
    if (want.len != b.len || memcmp(want.s, b.s, b.len) != 0) {
        /* Name the first differing line. */
        int ln = 1;
        size_t i = 0;
        while (i < want.len && i < b.len && want.s[i] == b.s[i]) {
            if (want.s[i] == '\n') ln++;
            i++;
        }
        free(want.s);
        free(b.s);
        fail_msg("%s differs from the played trace at line %d", path, ln);
    }
    free(want.s);
    free(b.s);
}
