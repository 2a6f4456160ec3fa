/* cardhall ladder: every pairing of the named bots plays the same seeded
 * deals with seats rotated; per pairing the first bot's score with a 95%
 * interval, per bot an Elo rating from a Bradley-Terry fit with 95%
 * intervals and its thinking time per move. --self instead seats one bot at
 * every place (cooperative games: Comrade's team) and reports the share of
 * games won. Results are identical for any thread count. */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "args.h"
#include "cardhall/match.h"
#include "cli.h"

enum { LD_MAX_BOTS = 12, LD_MAX_PAIRS = LD_MAX_BOTS * (LD_MAX_BOTS - 1) / 2 };

typedef struct outcome {
    double score; /* A's share in [0, 1] (pairings) or 1 for a won game (--self) */
    int win, loss;
    double ms[2];   /* thinking time of A's and B's seats */
    double cpu[2];  /* the same on this thread's CPU clock (others' load aside) */
    long moves[2];  /* moves A's and B's seats made */
    int unfinished; /* stopped at --max-steps */
} outcome;

typedef struct ladder {
    const ch_game *g;
    ch_opts opts;
    int n; /* seats */
    int nb;
    const char *bots[LD_MAX_BOTS];
    int self;
    int games, max_steps;
    uint64_t seed;
    int npairs, pa[LD_MAX_PAIRS], pb[LD_MAX_PAIRS];
    int jobs;
    outcome *out;
    pthread_mutex_t lock;
    int next;
    int failed;
    FILE *tx; /* the tables: stdout, or stderr when the JSON goes to stdout */
} ladder;

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* CPU time of the calling thread: a bot's own time a move on one core, what
 * the wall clock shows only on an idle machine (a search player's threads=N
 * helpers are not counted, the wall clock is). */
static double cpu_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* Which side (0: A, 1: B) sits at seat p in game i: alternating seats, and
 * the two games of a deal swap them, so each deal is played both ways. */
static int side_at(int i, int p)
{
    return (p + i) & 1;
}

static void play_one(ladder *l, int job, void *st, ch_bot *bots)
{
    int pair = job / l->games, i = job % l->games;
    const char *name[2];
    if (l->self) {
        name[0] = name[1] = l->bots[pair];
    } else {
        name[0] = l->bots[l->pa[pair]];
        name[1] = l->bots[l->pb[pair]];
    }
    /* In a pairing, games 2k and 2k+1 deal the same cards with the sides
     * swapped (duplicate play). One bot at every seat (--self) has no sides
     * to swap: the same deal would be the same game, so each game is a deal
     * of its own. */
    uint64_t deal = l->self ? (uint64_t)i : (uint64_t)(i / 2);
    uint64_t gs = ch_mix64(l->seed ^ ch_mix64(deal + 1));
    outcome *o = &l->out[job];
    memset(o, 0, sizeof *o);
    if (ch_setup(l->g, st, &l->opts, gs, NULL, 0, NULL) != CH_OK) {
        l->failed = 1;
        return;
    }
    for (int p = 0; p < l->n; p++)
        if (ch_bot_init(&bots[p], l->g, name[l->self ? 0 : side_at(i, p)],
                        ch_mix64(gs + 1 + (uint64_t)p), NULL) != CH_OK)
            l->failed = 1;
    int steps = 0, p;
    while ((p = l->g->to_move(st)) != CH_TERMINAL && steps < l->max_steps && !l->failed) {
        int side = l->self ? 0 : side_at(i, p);
        double t0 = now_ms(), c0 = cpu_ms();
        ch_action a = ch_bot_act(&bots[p], st, p);
        o->ms[side] += now_ms() - t0;
        o->cpu[side] += cpu_ms() - c0;
        o->moves[side]++;
        l->g->apply(st, a);
        steps++;
    }
    ch_result r;
    l->g->result(st, &r);
    o->unfinished = !r.terminal;
    if (l->self) {
        o->score = r.terminal && r.winners != 0;
        o->win = o->score > 0;
        o->loss = !o->win;
        return;
    }
    /* Each side's share of its seats among the winners; equal shares
     * (both won, neither won, unfinished) are a draw. */
    double won[2] = {0, 0}, seats[2] = {0, 0};
    for (int q = 0; q < l->n; q++) {
        seats[side_at(i, q)] += 1;
        won[side_at(i, q)] += r.terminal && (r.winners >> q & 1u);
    }
    double d = won[0] / seats[0] - won[1] / seats[1];
    o->score = 0.5 + 0.5 * d;
    o->win = d > 0;
    o->loss = d < 0;
}

static void *worker(void *arg)
{
    ladder *l = arg;
    void *st = malloc(l->g->state_size);
    ch_bot *bots = malloc(sizeof *bots * (size_t)l->n);
    if (!st || !bots) {
        l->failed = 1;
    } else {
        for (;;) {
            pthread_mutex_lock(&l->lock);
            int job = l->failed ? l->jobs : l->next++;
            pthread_mutex_unlock(&l->lock);
            if (job >= l->jobs) break;
            play_one(l, job, st, bots);
        }
    }
    free(st);
    free(bots);
    return NULL;
}

/* Wilson score interval for a mean score p over n games. */
static void wilson(double p, int n, double *lo, double *hi)
{
    if (n == 0) {
        *lo = 0, *hi = 1;
        return;
    }
    double z = 1.96, z2 = z * z, d = 1 + z2 / n;
    double c = (p + z2 / (2 * n)) / d;
    double h = z * sqrt(p * (1 - p) / n + z2 / (4.0 * n * n)) / d;
    *lo = c - h < 0 ? 0 : c - h;
    *hi = c + h > 1 ? 1 : c + h;
}

/* Inverts the k x k matrix a (row-major) into inv by Gauss-Jordan with
 * partial pivoting; 0 if it is singular. */
static int invert(double *a, double *inv, int k)
{
    for (int i = 0; i < k; i++)
        for (int j = 0; j < k; j++)
            inv[i * k + j] = i == j;
    for (int c = 0; c < k; c++) {
        int piv = c;
        for (int r = c + 1; r < k; r++)
            if (fabs(a[r * k + c]) > fabs(a[piv * k + c])) piv = r;
        if (fabs(a[piv * k + c]) < 1e-12) return 0;
        for (int j = 0; j < k; j++) {
            double t = a[c * k + j];
            a[c * k + j] = a[piv * k + j], a[piv * k + j] = t;
            t = inv[c * k + j];
            inv[c * k + j] = inv[piv * k + j], inv[piv * k + j] = t;
        }
        double d = a[c * k + c];
        for (int j = 0; j < k; j++)
            a[c * k + j] /= d, inv[c * k + j] /= d;
        for (int r = 0; r < k; r++) {
            if (r == c) continue;
            double f = a[r * k + c];
            for (int j = 0; j < k; j++)
                a[r * k + j] -= f * a[c * k + j], inv[r * k + j] -= f * inv[c * k + j];
        }
    }
    return 1;
}

/* Bradley-Terry: P(i beats j) = g_i / (g_i + g_j), fitted to the scores
 * (a draw is half a win) by Hunter's MM iteration. Every pairing gets one
 * virtual drawn game, so a bot that won every game still has a finite
 * rating. Elo = 400 log10 g, the first bot anchored at 0; the intervals come
 * from the observed information (the Hessian) with that anchor. */
static void bradley_terry(int nb, const double *w, const double *ng, double *elo, double *half)
{
    double gam[LD_MAX_BOTS], W[LD_MAX_BOTS];
    for (int i = 0; i < nb; i++) {
        gam[i] = 1;
        W[i] = 0;
        for (int j = 0; j < nb; j++)
            if (j != i && ng[i * nb + j] > 0) W[i] += w[i * nb + j] + 0.5;
    }
    for (int it = 0; it < 10000; it++) {
        double change = 0;
        for (int i = 0; i < nb; i++) {
            double den = 0;
            for (int j = 0; j < nb; j++)
                if (j != i && ng[i * nb + j] > 0) den += (ng[i * nb + j] + 1) / (gam[i] + gam[j]);
            double ng_i = den > 0 ? W[i] / den : gam[i];
            change = fmax(change, fabs(log(ng_i / gam[i])));
            gam[i] = ng_i;
        }
        double g0 = gam[0];
        for (int i = 0; i < nb; i++)
            gam[i] /= g0;
        if (change < 1e-10) break;
    }
    const double scale = 400 / log(10);
    for (int i = 0; i < nb; i++) {
        elo[i] = scale * log(gam[i]);
        half[i] = 0;
    }
    int k = nb - 1;
    if (k < 1) return;
    double h[LD_MAX_BOTS * LD_MAX_BOTS], inv[LD_MAX_BOTS * LD_MAX_BOTS];
    for (int i = 1; i < nb; i++)
        for (int j = 1; j < nb; j++)
            h[(i - 1) * k + (j - 1)] = 0;
    for (int i = 0; i < nb; i++)
        for (int j = 0; j < nb; j++) {
            if (i == j || ng[i * nb + j] == 0) continue;
            double p = gam[i] / (gam[i] + gam[j]), f = (ng[i * nb + j] + 1) * p * (1 - p);
            if (i > 0) h[(i - 1) * k + (i - 1)] += f;
            if (i > 0 && j > 0) h[(i - 1) * k + (j - 1)] -= f;
        }
    if (!invert(h, inv, k)) {
        for (int i = 1; i < nb; i++)
            half[i] = INFINITY;
        return;
    }
    for (int i = 1; i < nb; i++)
        half[i] = 1.96 * scale * sqrt(inv[(i - 1) * k + (i - 1)]);
}

static json_t *report(ladder *l)
{
    json_t *j = json_object(), *jo = json_object(), *jp = json_array(), *jb = json_array();
    json_object_set_new(j, "game", json_string(l->g->name));
    for (int i = 0; i < l->g->n_opts; i++)
        json_object_set_new(jo, l->g->opts[i].key, json_string(l->opts.text[i]));
    json_object_set_new(j, "options", jo);
    json_object_set_new(j, "mode", json_string(l->self ? "self" : "pairings"));
    json_object_set_new(j, "games", json_integer(l->games));
    if (l->seed <= (uint64_t)INT64_MAX)
        json_object_set_new(j, "seed", json_integer((json_int_t)l->seed));
    double ms[LD_MAX_BOTS] = {0}, cpu[LD_MAX_BOTS] = {0}, w[LD_MAX_BOTS * LD_MAX_BOTS] = {0},
           ng[LD_MAX_BOTS * LD_MAX_BOTS] = {0};
    long moves[LD_MAX_BOTS] = {0};
    int units = l->self ? l->nb : l->npairs;
    if (l->self)
        fprintf(l->tx, "\n%-56s %8s  %-15s %6s %9s %9s\n", "bot (every seat)", "won",
                "95% interval", "games", "ms/move", "cpu ms");
    else
        fprintf(l->tx, "\n%-56s %8s  %-15s %5s %5s %5s %s\n", "pairing: A vs B", "A score",
                "95% interval", "A won", "B won", "draws", "unfinished");
    for (int u = 0; u < units; u++) {
        int a = l->self ? u : l->pa[u], b = l->self ? u : l->pb[u];
        double sum = 0;
        int win = 0, loss = 0, unf = 0;
        for (int i = 0; i < l->games; i++) {
            const outcome *o = &l->out[u * l->games + i];
            sum += o->score;
            win += o->win, loss += o->loss, unf += o->unfinished;
            ms[a] += o->ms[0], moves[a] += o->moves[0], cpu[a] += o->cpu[0];
            ms[b] += o->ms[1], moves[b] += o->moves[1], cpu[b] += o->cpu[1];
        }
        double p = sum / l->games, lo, hi;
        wilson(p, l->games, &lo, &hi);
        json_t *e = json_object();
        json_object_set_new(e, "a", json_string(l->bots[a]));
        if (!l->self) json_object_set_new(e, "b", json_string(l->bots[b]));
        json_object_set_new(e, "score", json_real(p));
        json_object_set_new(e, "low", json_real(lo));
        json_object_set_new(e, "high", json_real(hi));
        json_object_set_new(e, "a_won", json_integer(win));
        json_object_set_new(e, "b_won", json_integer(l->self ? 0 : loss));
        json_object_set_new(e, "draws", json_integer(l->games - win - loss));
        json_object_set_new(e, "unfinished", json_integer(unf));
        json_array_append_new(jp, e);
        char label[128];
        if (l->self) {
            double mpm = moves[a] ? ms[a] / (double)moves[a] : 0;
            double cpm = moves[a] ? cpu[a] / (double)moves[a] : 0;
            fprintf(l->tx, "%-56s %7.1f%%  [%5.1f, %5.1f]  %6d %9.2f %9.2f\n", l->bots[a], 100 * p,
                    100 * lo, 100 * hi, l->games, mpm, cpm);
            continue;
        }
        snprintf(label, sizeof label, "%s vs %s", l->bots[a], l->bots[b]);
        fprintf(l->tx, "%-56s %7.1f%%  [%5.1f, %5.1f]  %5d %5d %5d %d\n", label, 100 * p, 100 * lo,
                100 * hi, win, loss, l->games - win - loss, unf);
        w[a * l->nb + b] += sum;
        w[b * l->nb + a] += l->games - sum;
        ng[a * l->nb + b] += l->games;
        ng[b * l->nb + a] += l->games;
    }
    json_object_set_new(j, l->self ? "bots_alone" : "pairings", jp);
    double elo[LD_MAX_BOTS], half[LD_MAX_BOTS];
    if (!l->self) {
        bradley_terry(l->nb, w, ng, elo, half);
        fprintf(l->tx, "\n%-56s %6s  %-16s %9s %9s\n", "bot", "Elo", "95% interval", "ms/move",
                "cpu ms");
    }
    for (int b = 0; b < l->nb; b++) {
        double mpm = moves[b] ? ms[b] / (double)moves[b] : 0;
        double cpm = moves[b] ? cpu[b] / (double)moves[b] : 0;
        json_t *e = json_object();
        json_object_set_new(e, "name", json_string(l->bots[b]));
        json_object_set_new(e, "ms_per_move", json_real(mpm));
        json_object_set_new(e, "cpu_ms_per_move", json_real(cpm));
        json_object_set_new(e, "moves", json_integer(moves[b]));
        if (!l->self) {
            json_object_set_new(e, "elo", json_real(elo[b]));
            json_object_set_new(e, "elo_low", json_real(elo[b] - half[b]));
            json_object_set_new(e, "elo_high", json_real(elo[b] + half[b]));
            if (b == 0)
                fprintf(l->tx, "%-56s %+6.0f  %-16s %9.2f %9.2f\n", l->bots[b], elo[b], "(anchor)",
                        mpm, cpm);
            else
                fprintf(l->tx, "%-56s %+6.0f  [%+6.0f, %+6.0f] %9.2f %9.2f\n", l->bots[b], elo[b],
                        elo[b] - half[b], elo[b] + half[b], mpm, cpm);
        }
        json_array_append_new(jb, e);
    }
    json_object_set_new(j, "bots", jb);
    return j;
}

int cli_ladder(int argc, char **argv)
{
    static const cli_flag flags[] = {{"--games", 1},   {"--bots", 1}, {"--seed", 1},
                                     {"--threads", 1}, {"--json", 1}, {"--max-steps", 1},
                                     {"--self", 0},    {NULL, 0}};
    cli_args a;
    int rc = cli_parse(argc, argv, flags, &a);
    if (rc != CLI_OK) return rc;
    if (a.npos != 1)
        return cli_fail(CLI_USAGE,
                        "usage: cardhall ladder GAME [key=value ...] --bots a,b,.. [--games N]");
    static ladder l;
    memset(&l, 0, sizeof l);
    l.g = cli_game(a.pos[0]);
    if (!l.g) return CLI_USAGE;
    ch_err err;
    if (ch_opts_parse(&l.opts, l.g->opts, l.g->n_opts, a.kv, a.nkv, &err) != CH_OK)
        return cli_fail(CLI_USAGE, "%s", err.msg);
    const char *v;
    int threads = 1;
    l.games = 100;
    l.max_steps = 100000;
    l.seed = 1;
    l.self = cli_get(&a, "--self") != NULL;
    if ((v = cli_get(&a, "--games")) && cli_int("--games", v, 1, 1000000, &l.games)) return 2;
    if ((v = cli_get(&a, "--threads")) && cli_int("--threads", v, 1, 64, &threads)) return 2;
    if ((v = cli_get(&a, "--max-steps")) && cli_int("--max-steps", v, 1, 1 << 30, &l.max_steps))
        return 2;
    if ((v = cli_get(&a, "--seed")) && cli_u64("--seed", v, &l.seed)) return 2;
    void *st = malloc(l.g->state_size);
    if (!st) return cli_fail(CLI_ERR, "out of memory");
    rc = ch_setup(l.g, st, &l.opts, l.seed, NULL, 0, &err);
    if (rc == CH_OK) l.n = l.g->num_players(st);
    free(st);
    if (rc != CH_OK) return cli_fail(CLI_USAGE, "%s", err.msg);
    const char *bots_arg = cli_get(&a, "--bots");
    if (!bots_arg)
        return cli_fail(CLI_USAGE, "--bots: name the bots to rank, e.g. random,heuristic");
    static char buf[1024];
    l.nb = ch_bot_split(bots_arg, buf, sizeof buf, l.bots, LD_MAX_BOTS, &err);
    if (l.nb < 0) return cli_fail(CLI_USAGE, "--bots: %s", err.msg);
    if (l.nb < 2 && !l.self) return cli_fail(CLI_USAGE, "--bots: a ladder needs two bots or more");
    ch_bot *probe = malloc(sizeof *probe);
    if (!probe) return cli_fail(CLI_ERR, "out of memory");
    for (int b = 0; b < l.nb; b++) {
        if (ch_bot_init(probe, l.g, l.bots[b], 0, &err) != CH_OK) {
            free(probe);
            return cli_fail(CLI_USAGE, "--bots: %s", err.msg);
        }
        for (int c = 0; c < b; c++)
            if (strcmp(l.bots[b], l.bots[c]) == 0) {
                free(probe);
                return cli_fail(CLI_USAGE, "--bots: '%s' is named twice", l.bots[b]);
            }
    }
    free(probe);
    if (l.n < 2 && !l.self) return cli_fail(CLI_USAGE, "pairings need two seats or more");
    for (int x = 0; x < l.nb; x++)
        for (int y = x + 1; y < l.nb; y++) {
            l.pa[l.npairs] = x;
            l.pb[l.npairs++] = y;
        }
    l.jobs = (l.self ? l.nb : l.npairs) * l.games;
    l.out = calloc((size_t)l.jobs, sizeof *l.out);
    if (!l.out) return cli_fail(CLI_ERR, "out of memory");
    pthread_mutex_init(&l.lock, NULL);
    v = cli_get(&a, "--json");
    l.tx = v && strcmp(v, "-") == 0 ? stderr : stdout;
    fprintf(l.tx, "ladder %s", l.g->name);
    for (int i = 0; i < l.g->n_opts; i++)
        fprintf(l.tx, " %s=%s", l.g->opts[i].key, l.opts.text[i]);
    fprintf(l.tx, "\n%d games per %s, seed %llu, %s\n", l.games,
            l.self ? "bot (one bot at every seat)" : "pairing", (unsigned long long)l.seed,
            l.self ? "a deal each" : "seats rotated, each deal played both ways");
    fflush(l.tx);
    pthread_t tid[64];
    int started = 0;
    for (int t = 1; t < threads; t++)
        if (pthread_create(&tid[started], NULL, worker, &l) == 0) started++;
    worker(&l);
    for (int t = 0; t < started; t++)
        pthread_join(tid[t], NULL);
    pthread_mutex_destroy(&l.lock);
    if (l.failed) {
        free(l.out);
        return cli_fail(CLI_ERR, "a game could not be set up or played (out of memory?)");
    }
    json_t *j = report(&l);
    rc = CLI_OK;
    if ((v = cli_get(&a, "--json"))) {
        if (strcmp(v, "-") == 0) {
            char *s = json_dumps(j, JSON_INDENT(1));
            if (s) puts(s);
            free(s);
        } else if (ch_record_save(v, j, &err) != CH_OK) {
            rc = cli_fail(CLI_ERR, "%s", err.msg);
        }
    }
    json_decref(j);
    free(l.out);
    ch_opts_free_data(&l.opts);
    return rc;
}
