/* engine_trace: one hash of everything a game's engine says over random
 * games, to show that a change for speed changed nothing else (issue 29).
 *
 *   engine_trace GAME GAMES EVERY [key=value ...]
 *
 * Plays GAMES random games (seeds 1, 2, ...; the chooser is the OpenSpiel
 * comparison's, uniform over the legal list) and hashes (FNV-1a) every
 * legal list, every choice and every result; at every EVERY-th step of a
 * game (0: never) also, for every viewer (CH_ALL, the spectator, each
 * seat), the view, the board text, the events of the chosen action, its
 * name, the hand summary, the census, the observation and a resampled
 * state's full view, with the action's text, id and the phase. Prints
 * "GAME OPTIONS steps=N hash=H": run it before and after a change with the
 * same arguments and compare the lines. Not a test: it checks nothing by
 * itself, and its hash changes whenever any output does, on purpose. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cardhall/registry.h"

static uint64_t hash = 1469598103934665603u;

static void put(const void *p, size_t n)
{
    const unsigned char *c = p;
    for (size_t i = 0; i < n; i++)
        hash = (hash ^ c[i]) * 1099511628211u;
}

static void put_text(const char *s)
{
    put(s, strlen(s));
}

static void put_json(json_t *j) /* takes j */
{
    if (!j) {
        put_text("null");
        return;
    }
    char *t = json_dumps(j, JSON_SORT_KEYS | JSON_COMPACT);
    put_text(t ? t : "?");
    free(t);
    json_decref(j);
}

static uint64_t next_rand(uint64_t *x) /* xorshift64*, as the comparison's ch_bench */
{
    *x ^= *x >> 12;
    *x ^= *x << 25;
    *x ^= *x >> 27;
    return *x * 0x2545f4914f6cdd1du;
}

/* Everything viewer may be shown before a is applied. */
static void put_viewer(const ch_game *g, const ch_opts *o, const void *st, void *scratch,
                       ch_action a, int viewer, int step)
{
    static char buf[1 << 16];
    static float obs[1 << 16];
    static ch_census census;
    put_json(g->view_json(st, viewer));
    g->render(st, viewer, CH_LANG_EN, buf, sizeof buf);
    put_text(buf);
    if (g->events) put_json(g->events(st, a, viewer, CH_LANG_EN));
    g->action_name(st, a, viewer, CH_LANG_JA, buf, sizeof buf);
    put_text(buf);
    if (g->hand_summary) {
        g->hand_summary(st, viewer, CH_LANG_EN, buf, sizeof buf);
        put_text(buf);
    }
    memset(&census, 0, sizeof census);
    g->census(st, viewer, &census);
    put(&census.n, sizeof census.n);
    put(census.e, sizeof census.e[0] * (size_t)census.n);
    if (g->observe) {
        int dims[4], nd = g->obs_shape(o, dims);
        size_t nf = 1;
        for (int d = 0; d < nd; d++)
            nf *= (size_t)dims[d];
        if (nf <= sizeof obs / sizeof obs[0]) {
            g->observe(st, viewer, obs);
            put(obs, nf * sizeof obs[0]);
        }
    }
    if (viewer >= 0) {
        ch_rng rng;
        memcpy(scratch, st, g->state_size);
        ch_rng_seed(&rng, (uint64_t)step, 5);
        g->resample(scratch, viewer, &rng);
        put_json(g->view_json(scratch, CH_ALL));
    }
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: engine_trace GAME GAMES EVERY [key=value ...]\n");
        return 2;
    }
    const ch_game *g = ch_game_find(argv[1]);
    long games = atol(argv[2]);
    int every = atoi(argv[3]);
    if (!g || games < 0 || every < 0) {
        fprintf(stderr, "engine_trace: no game %s, or a bad count\n", argv[1]);
        return 2;
    }
    ch_opts o;
    ch_err err;
    char opts[256] = "";
    ch_opts_defaults(&o, g->opts, g->n_opts);
    for (int i = 4; i < argc; i++) {
        if (ch_opts_set(&o, g->opts, g->n_opts, argv[i], &err) != CH_OK) {
            fprintf(stderr, "engine_trace: %s\n", err.msg);
            return 2;
        }
        strncat(opts, i > 4 ? "," : "", sizeof opts - strlen(opts) - 1);
        strncat(opts, argv[i], sizeof opts - strlen(opts) - 1);
    }
    void *st = malloc(g->state_size), *scratch = malloc(g->state_size);
    ch_action *acts = malloc(sizeof *acts * (size_t)g->max_actions);
    if (!st || !scratch || !acts) return 1;
    uint64_t x = 0x9e3779b97f4a7c15u;
    static char buf[1 << 16];
    long steps_all = 0;
    for (long gi = 0; gi < games; gi++) {
        if (g->setup(st, &o, (uint64_t)gi + 1, NULL, 0, &err) != CH_OK) {
            fprintf(stderr, "engine_trace: %s\n", err.msg);
            return 1;
        }
        int step = 0;
        for (; g->to_move(st) != CH_TERMINAL && step < 20000; step++) {
            int n = g->legal(st, acts);
            put(&n, sizeof n);
            put(acts, sizeof *acts * (size_t)n);
            ch_action a = acts[(uint32_t)(((next_rand(&x) >> 32) * (uint32_t)n) >> 32)];
            if (every && step % every == 0) {
                for (int v = -2; v < g->num_players(st); v++) /* CH_ALL, the spectator, seats */
                    put_viewer(g, &o, st, scratch, a, v, step);
                g->action_text(st, a, buf, sizeof buf);
                put_text(buf);
                put_text(g->phase(st));
                if (g->action_id) {
                    int id = g->action_id(st, a);
                    put(&id, sizeof id);
                }
            }
            g->apply(st, a);
        }
        steps_all += step;
        ch_result r;
        g->result(st, &r);
        put(&r, sizeof r);
    }
    printf("%s %s steps=%ld hash=%016llx\n", g->name, opts, steps_all, (unsigned long long)hash);
    free(st);
    free(scratch);
    free(acts);
    return 0;
}
