/* Helpers shared by the fuzz targets: see fz.h. */
#include "fz.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cardhall/registry.h"
#include "cardhall/rng.h"

void fz_fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("fuzz invariant broken: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    abort();
}

const ch_game *fz_game(uint8_t pick)
{
    const ch_game *const *all = ch_games();
    int n = 0;
    while (all[n])
        n++;
    return all[pick % n];
}

char *fz_text(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    if (!s) abort();
    if (size) memcpy(s, data, size);
    s[size] = '\0';
    return s;
}

int fz_names_file(const json_t *j)
{
    const char *key;
    json_t *v;
    size_t i;
    if (json_is_string(j)) return strncmp(json_string_value(j), "cards", 5) == 0;
    if (json_is_array(j)) {
        json_array_foreach(j, i, v) if (fz_names_file(v)) return 1;
    }
    if (json_is_object(j)) {
        json_object_foreach((json_t *)j, key, v)
        {
            if (strcmp(key, "file") == 0 || strcmp(key, "cards") == 0 || fz_names_file(v)) return 1;
        }
    }
    return 0;
}

int fz_opts_name_file(const ch_game *g, const ch_opts *o)
{
    for (int i = 0; i < g->n_opts; i++)
        if (strcmp(g->opts[i].key, "cards") == 0 && o->text[i][0]) return 1;
    return 0;
}

void fz_census(const ch_game *g, const void *st, const char *where)
{
    static ch_census c;
    ch_err err;
    memset(&c, 0, sizeof c);
    g->census(st, CH_ALL, &c);
    if (ch_census_check(g, &c, &err) != CH_OK)
        fz_fail("%s %s: census: %s", g->name, where, err.msg);
}

int fz_random_moves(const ch_game *g, void *st, ch_action *acts, int k, uint64_t seed)
{
    ch_rng rng;
    ch_rng_seed(&rng, seed, 7);
    int done = 0;
    for (; done < k && g->to_move(st) != CH_TERMINAL; done++) {
        int n = g->legal(st, acts);
        if (n <= 0 || n > g->max_actions) fz_fail("%s: %d legal actions", g->name, n);
        g->apply(st, acts[ch_rng_below(&rng, (uint32_t)n)]);
    }
    return done;
}
