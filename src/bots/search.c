/* See search.h. */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cardhall/num.h"
#include "search.h"

/* Per game, measured with `cardhall ladder GAME players=2 --bots
 * heuristic,pimc:...` (README, "Search players"): the heuristic's rollouts
 * beat random ones in every game (random play never finishes a Rack-O hand,
 * wanders for hundreds of moves in RAGAMARU and Rumino, and never wins a
 * Comrade deal), and the iterations keep PIMC near or under 100 ms a move
 * on one core. RAGAMARU's rollouts stop after 30 moves and count cards left:
 * four times the worlds for the same time measured stronger than whole
 * games. Comrade's heuristic samples hands itself, so it affords few. */
typedef struct game_defaults {
    const char *game;
    int iters, depth;
} game_defaults;

static const game_defaults per_game[] = {
    {"racko", 1000, 400},   {"rumino", 1000, 400}, {"babasuki", 1000, 400},
    {"ragamaru", 3000, 30}, {"comrade", 120, 400},
};

void ch_search_defaults(const ch_game *g, ch_search_cfg *c)
{
    memset(c, 0, sizeof *c);
    c->iters = 1000;
    c->worlds = 0; /* pimc: as many as the iterations pay for */
    c->threads = 1;
    c->c = 0.7;
    c->z = 1.5;
    c->depth = 400;
    c->nodes = 2000;
    c->infer = 1;
    c->bid = 1;
    c->play = 1;
    c->tuned = 1;
    c->hand_cut = ch_search_hand_cut(g);
    /* Rumino's tuned player looks a draw ahead at every discard: in every
     * rollout it would cost five times the time (101 ms a move against
     * 18), and as the anchor alone (tuned=2) it measured no stronger (56.4 %
     * of 400 games against 56.2 %): Rumino's pimc keeps the heuristic. */
    if (strcmp(g->name, "rumino") == 0) c->tuned = 0;
    /* A game from outside this tree may have no heuristic: then random. */
    ch_bot probe;
    c->rollout = ch_bot_init(&probe, g, "heuristic", 0, NULL) == CH_OK ? CH_ROLLOUT_HEURISTIC
                                                                       : CH_ROLLOUT_RANDOM;
    for (size_t i = 0; i < sizeof per_game / sizeof per_game[0]; i++)
        if (strcmp(per_game[i].game, g->name) == 0) {
            c->iters = per_game[i].iters;
            c->depth = per_game[i].depth;
        }
}

static int set_int(const char *key, const char *v, long lo, long hi, int *out, ch_err *err)
{
    long x;
    if (ch_parse_long(v, lo, hi, &x) != CH_OK)
        return ch_errf(err, CH_EINVAL, "bot setting %s: '%s' is not an integer in %ld..%ld", key, v,
                       lo, hi);
    *out = (int)x;
    return CH_OK;
}

/* A fraction written in hundredths, 0..10 (c=70 is 0.70), to keep the one
 * strict integer parser for every setting. */
static int set_hundredths(const char *key, const char *v, double *out, ch_err *err)
{
    int h = 0;
    if (set_int(key, v, 0, 1000, &h, err) != CH_OK) return CH_EINVAL;
    *out = h / 100.0;
    return CH_OK;
}

static int set_one(ch_search_cfg *c, const char *key, const char *v, ch_err *err)
{
    /* Bounds keep a move's time and memory finite whoever names the bot
     * (the engine takes bot names from clients): a tree node is 40 bytes. */
    if (strcmp(key, "iters") == 0) return set_int(key, v, 1, 1000000, &c->iters, err);
    if (strcmp(key, "ms") == 0) return set_int(key, v, 0, 60000, &c->ms, err);
    if (strcmp(key, "worlds") == 0) return set_int(key, v, 0, 10000, &c->worlds, err);
    if (strcmp(key, "threads") == 0) return set_int(key, v, 1, 64, &c->threads, err);
    if (strcmp(key, "depth") == 0) return set_int(key, v, 0, 100000, &c->depth, err);
    if (strcmp(key, "infer") == 0) return set_int(key, v, 0, 2, &c->infer, err);
    if (strcmp(key, "bid") == 0) return set_int(key, v, 0, 1, &c->bid, err);
    if (strcmp(key, "tuned") == 0) return set_int(key, v, 0, 2, &c->tuned, err);
    if (strcmp(key, "halve") == 0) return set_int(key, v, 0, 1, &c->halve, err);
    if (strcmp(key, "top") == 0) return set_int(key, v, 0, 64, &c->top, err);
    if (strcmp(key, "race") == 0) return set_int(key, v, 0, 2, &c->race, err);
    if (strcmp(key, "play") == 0) return set_int(key, v, 0, 3, &c->play, err);
    if (strcmp(key, "conv") == 0) return set_int(key, v, 0, CH_SEARCH_CONVS, &c->conv, err);
    if (strcmp(key, "nodes") == 0) {
        int n = 0;
        if (set_int(key, v, 1, 100000000, &n, err) != CH_OK) return CH_EINVAL;
        c->nodes = n;
        return CH_OK;
    }
    if (strcmp(key, "cut") == 0) {
        if (strcmp(v, "hand") == 0)
            c->hand_cut = 1;
        else if (strcmp(v, "game") == 0)
            c->hand_cut = 0;
        else
            return ch_errf(err, CH_EINVAL, "bot setting cut: '%s' is not hand|game", v);
        return CH_OK;
    }
    if (strcmp(key, "rollout") == 0) {
        if (strcmp(v, "random") == 0)
            c->rollout = CH_ROLLOUT_RANDOM;
        else if (strcmp(v, "heuristic") == 0)
            c->rollout = CH_ROLLOUT_HEURISTIC;
        else
            return ch_errf(err, CH_EINVAL, "bot setting rollout: '%s' is not random|heuristic", v);
        return CH_OK;
    }
    /* z=150 is 1.5 standard errors; prior=50 a bonus of 0.5 for an unvisited move. */
    if (strcmp(key, "z") == 0) return set_hundredths(key, v, &c->z, err);
    if (strcmp(key, "prior") == 0) return set_hundredths(key, v, &c->prior, err);
    if (strcmp(key, "c") == 0) return set_hundredths(key, v, &c->c, err);
    return ch_errf(
        err, CH_EINVAL,
        "unknown bot setting '%s' (iters, ms, worlds, threads, rollout, depth, cut, c, z, nodes, "
        "infer, bid, tuned, halve, top, race, play, conv, prior)",
        key);
}

int ch_search_parse(ch_search_cfg *c, const char *settings, ch_err *err)
{
    ch_search_cfg tmp = *c;
    char buf[96];
    if (strlen(settings) >= sizeof buf) return ch_errf(err, CH_EINVAL, "bot settings too long");
    memcpy(buf, settings, strlen(settings) + 1);
    for (char *p = buf; p && *p;) {
        char *comma = strchr(p, ',');
        if (comma) *comma = '\0';
        char *eq = strchr(p, '=');
        if (!eq) return ch_errf(err, CH_EINVAL, "bot setting '%s': expected key=value", p);
        *eq = '\0';
        if (set_one(&tmp, p, eq + 1, err) != CH_OK) return CH_EINVAL;
        p = comma ? comma + 1 : NULL;
    }
    *c = tmp;
    return CH_OK;
}

int ch_sim_ctx_init(ch_sim_ctx *x, const ch_game *g, const ch_search_cfg *cfg, uint64_t seed)
{
    memset(x, 0, sizeof *x);
    x->seat = -1;
    x->g = g;
    x->cfg = cfg;
    ch_rng_seed(&x->rng, seed, 0x51u);
    x->buf = malloc(sizeof *x->buf * (size_t)g->max_actions);
    if (!x->buf) return CH_ENOMEM;
    if (cfg->rollout == CH_ROLLOUT_HEURISTIC &&
        ch_bot_init(&x->roll, g, "heuristic", ch_mix64(seed), NULL) != CH_OK)
        ch_bot_init(&x->roll, g, "random", ch_mix64(seed), NULL);
    return CH_OK;
}

const char *ch_search_own_player(const ch_game *g, const ch_search_cfg *cfg)
{
    ch_bot probe;
    if (cfg->tuned && ch_bot_init(&probe, g, "tuned", 0, NULL) == CH_OK) return "tuned";
    return "heuristic";
}

void ch_sim_ctx_own(ch_sim_ctx *x, int seat)
{
    x->seat = -1;
    /* tuned=2: the tuned player anchors the choice only (where it costs
     * too much to play in every rollout: Rumino's looks a draw ahead). */
    if (x->cfg->rollout != CH_ROLLOUT_HEURISTIC || x->cfg->tuned != 1 ||
        strcmp(ch_search_own_player(x->g, x->cfg), "tuned") != 0)
        return;
    if (ch_bot_init(&x->own, x->g, "tuned", 0, NULL) == CH_OK) x->seat = seat;
}

void ch_sim_ctx_reseed(ch_sim_ctx *x, uint64_t seed)
{
    ch_rng_seed(&x->rng, seed, 0x51u);
    ch_rng_seed(&x->roll.rng, ch_mix64(seed), 0xb07u);
    if (x->seat >= 0) ch_rng_seed(&x->own.rng, ch_mix64(seed), 0xb08u);
}

void ch_sim_ctx_free(ch_sim_ctx *x)
{
    free(x->buf);
    x->buf = NULL;
}

/* How a game's result becomes a score in [0, 1] before its end. Games of
 * many hands (Rack-O to 500, Rumino to 100, Babasuki to 100, a Comrade
 * series) are cut at the end of the current hand: a move changes mostly
 * that hand, and a rollout of one hand costs a tenth of a whole game. The
 * standing is then the seat's points against the best other seat, through
 * tanh over a scale the size of one hand's swing (so a lead worth several
 * hands reads as nearly won). */
typedef enum { BY_POINTS, BY_HAND_SCORE } value_kind;

typedef struct value_profile {
    const char *game;
    int lower_better; /* points count against (Rumino's penalty, cards left) */
    double scale;     /* points of one typical hand's swing */
    value_kind kind;  /* r.score (cumulative) or r.hand_score (this hand) */
    int hand_cut;     /* rollouts stop when the current hand ends */
} value_profile;

static const value_profile profiles[] = {
    {"racko", 0, 100, BY_POINTS, 1},
    {"rumino", 1, 30, BY_POINTS, 1},
    {"babasuki", 0, 20, BY_POINTS, 1},
    /* One hand is the game; a rollout cut short counts cards left. */
    {"ragamaru", 1, 3, BY_HAND_SCORE, 0},
    /* The team's shared figure: 1 when the deal just played was won. */
    {"comrade", 0, 1, BY_HAND_SCORE, 1},
};

static const value_profile generic = {NULL, 0, 0, BY_POINTS, 0};

static const value_profile *profile_of(const ch_game *g)
{
    for (size_t i = 0; i < sizeof profiles / sizeof profiles[0]; i++)
        if (strcmp(profiles[i].game, g->name) == 0) return &profiles[i];
    return &generic;
}

int ch_search_hand_cut(const ch_game *g)
{
    return profile_of(g)->hand_cut;
}

void ch_search_value(const ch_game *g, const void *st, double *out)
{
    ch_result r;
    g->result(st, &r);
    int n = r.n_players;
    const value_profile *v = profile_of(g);
    if (r.terminal) {
        for (int p = 0; p < n; p++)
            out[p] = r.winners >> p & 1u ? 1.0 : 0.0;
        /* Nobody won (a team loss, a draw with no winner): ranks still
         * separate better from worse only where the game ranks them. */
        if (r.winners == 0)
            for (int p = 0; p < n; p++)
                out[p] = n > 1 ? 0.5 * (n - r.rank[p]) / (n - 1) : 0.0;
        return;
    }
    const int *pts = v->kind == BY_HAND_SCORE ? r.hand_score : r.score;
    if (v->game && n == 1) {
        out[0] = pts[0] > 0;
        return;
    }
    if (v->game && strcmp(v->game, "comrade") == 0) {
        /* Cooperative: every seat shares the deal's outcome. */
        for (int p = 0; p < n; p++)
            out[p] = pts[p] > 0 ? 1.0 : 0.0;
        return;
    }
    for (int p = 0; p < n; p++) {
        if (v->scale > 0) {
            double best = -1e18;
            for (int q = 0; q < n; q++) {
                double x = v->lower_better ? -pts[q] : pts[q];
                if (q != p && x > best) best = x;
            }
            double mine = v->lower_better ? -pts[p] : pts[p];
            out[p] = 0.5 + 0.5 * tanh((mine - best) / v->scale);
            continue;
        }
        /* A game without a profile: rank by the scores so far, higher
         * first, ties sharing. */
        int below = 0, equal = 0;
        for (int q = 0; q < n; q++) {
            if (q == p) continue;
            below += pts[q] < pts[p];
            equal += pts[q] == pts[p];
        }
        out[p] = n > 1 ? (below + 0.5 * equal) / (n - 1) : 0.5;
    }
}

void ch_sim_rollout(ch_sim_ctx *x, void *st, double *out)
{
    const ch_game *g = x->g;
    int cut = x->cfg->hand_cut, hands = -1;
    if (cut) {
        ch_result r;
        g->result(st, &r);
        hands = r.hands;
    }
    for (int k = 0; k < x->cfg->depth; k++) {
        int p = g->to_move(st);
        if (p == CH_TERMINAL) break;
        ch_action a;
        if (x->cfg->rollout == CH_ROLLOUT_HEURISTIC) {
            a = ch_bot_act(p == x->seat ? &x->own : &x->roll, st, p);
        } else {
            int n = g->legal(st, x->buf);
            a = x->buf[ch_rng_below(&x->rng, (uint32_t)n)];
        }
        g->apply(st, a);
        if (cut) {
            ch_result r;
            g->result(st, &r);
            if (r.hands != hands) break;
        }
    }
    ch_search_value(g, st, out);
#ifdef CH_HAVE_RUMINO
    if (x->cfg->race && strcmp(g->name, "rumino") == 0 && g->to_move(st) != CH_TERMINAL)
        ru_race_value(st, x->cfg->race, out);
#endif
}

ch_rank_fn ch_rank_for(const ch_game *g)
{
#ifdef CH_HAVE_RUMINO
    if (strcmp(g->name, "rumino") == 0) return ru_heuristic_rank;
#endif
    (void)g;
    return NULL;
}

double ch_search_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

typedef struct job {
    void (*fn)(void *);
    void *arg;
} job;

static void *run_job(void *p)
{
    job *j = p;
    j->fn(j->arg);
    return NULL;
}

void ch_search_parallel(int n, void (*fn)(void *arg), void *args, size_t arg_size)
{
    enum { MAX_THREADS = 64 };
    pthread_t tid[MAX_THREADS];
    job jobs[MAX_THREADS];
    int started[MAX_THREADS] = {0};
    if (n > MAX_THREADS) n = MAX_THREADS;
    for (int i = 0; i < n; i++) {
        jobs[i] = (job){fn, (char *)args + (size_t)i * arg_size};
        /* The last job runs here; a thread that cannot start runs here too,
         * with the same result: each job owns its own arguments. */
        started[i] = i + 1 < n && pthread_create(&tid[i], NULL, run_job, &jobs[i]) == 0;
        if (!started[i]) run_job(&jobs[i]);
    }
    for (int i = 0; i < n; i++)
        if (started[i]) pthread_join(tid[i], NULL);
}
