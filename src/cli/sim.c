/* cardhall sim: many bot-vs-bot games on bare states, in parallel.
 *
 * Memory does not grow with the number of games: they are played in batches
 * of SIM_BATCH, and each batch is folded into running figures in game order
 * before the next one starts. Game i depends only on (seed, i) and the fold
 * follows i, so every figure is the same for any number of threads. Figures
 * that need every value (median, 95th percentile, sd) come from exact counts
 * of each distinct value (hist), which stay small: actions, hands and scores
 * are integers in a narrow range. */
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "args.h"
#include "cardhall/table.h"
#include "cardhall/bot.h"
#include "cardhall/file.h"
#include "cardhall/match.h"
#include "cli.h"

#define SIM_MAX_BOTS 16
#define SIM_BATCH 8192

typedef struct sim_game {
    int actions, hands, capped, ntally;
    unsigned winners;
    int score[CH_MAX_PLAYERS];
    ch_tally tally[CH_MAX_TALLY];
} sim_game;

/* How often each integer value occurred: an open-addressing hash table, so
 * memory follows the number of distinct values, not of games. */
typedef struct hist {
    int64_t *key;
    uint64_t *count; /* 0 = empty slot */
    size_t cap, used;
    uint64_t n;
} hist;

/* Mean and sd of one game figure (ch_tally), streamed in game order: the sum
 * as before, the squares by Welford's update. */
typedef struct stream {
    uint64_t n;
    double sum, wmean, m2, min, max;
} stream;

/* Every figure of the report, folded one game at a time. */
typedef struct figures {
    int finished, capped, shared, nobody;
    double seat_wins[CH_MAX_PLAYERS], bot_wins[SIM_MAX_BOTS];
    int bot_seats[SIM_MAX_BOTS];
    hist len, hands, score[SIM_MAX_BOTS];
    int ntally; /* names of the first finished game with figures */
    ch_tally names[CH_MAX_TALLY];
    stream tally[CH_MAX_TALLY];
    int oom;
} figures;

typedef struct sim {
    const ch_game *g;
    ch_opts opts;
    uint64_t seed;
    int games, n, nb, max_steps;
    const char *bots[SIM_MAX_BOTS];
    sim_game *out;    /* one batch: game first + k is out[k] */
    int first, limit; /* the batch being played: games first..limit-1 */
    atomic_int next, done;
    figures f;
} sim;

static uint64_t game_seed(const sim *s, int i)
{
    return ch_mix64(s->seed ^ ch_mix64((uint64_t)i));
}

/* Seats rotate through the bot list, so over nb games every bot sits in
 * every seat equally often. */
static int bot_at(const sim *s, int i, int seat)
{
    return (seat + i) % s->nb;
}

static void play_one(const sim *s, int i, void *st, sim_game *o)
{
    const ch_game *g = s->g;
    uint64_t gs = game_seed(s, i);
    ch_bot bots[CH_MAX_PLAYERS];
    int rc = g->setup(st, &s->opts, gs, NULL, 0, NULL);
    (void)rc; /* the options were checked on a first setup */
    for (int p = 0; p < s->n; p++)
        ch_bot_init(&bots[p], g, s->bots[bot_at(s, i, p)], ch_mix64(gs + 1 + (uint64_t)p), NULL);
    int steps = cli_bot_game(g, st, bots, s->max_steps);
    ch_result r;
    g->result(st, &r);
    o->actions = steps;
    o->hands = r.hands;
    o->capped = g->to_move(st) != CH_TERMINAL;
    o->winners = o->capped ? 0 : r.winners;
    memcpy(o->score, r.score, sizeof o->score);
    o->ntally = g->tally && !o->capped ? g->tally(st, o->tally) : 0;
}

static void *worker(void *arg)
{
    sim *s = arg;
    void *st = malloc(s->g->state_size);
    if (!st) abort();
    int i;
    while ((i = atomic_fetch_add(&s->next, 1)) < s->limit) {
        play_one(s, i, st, &s->out[i - s->first]);
        atomic_fetch_add(&s->done, 1);
    }
    free(st);
    return NULL;
}

static void progress(sim *s)
{
    int done;
    while ((done = atomic_load(&s->done)) < s->limit) {
        int w = (int)(40LL * done / s->games);
        fprintf(stderr, "\r[%.*s%*s] %d/%d", w, "########################################", 40 - w,
                "", done, s->games);
        struct timespec ts = {0, 100000000};
        nanosleep(&ts, NULL);
    }
}

/* ---- Exact counts of values ---- */

static size_t hist_slot(const hist *h, int64_t v)
{
    size_t i = (size_t)ch_mix64((uint64_t)v) & (h->cap - 1);
    while (h->count[i] && h->key[i] != v)
        i = (i + 1) & (h->cap - 1);
    return i;
}

/* Counts one more v; -1 when out of memory (the figures are then lost). */
static int hist_add(hist *h, int64_t v)
{
    if (2 * (h->used + 1) > h->cap) {
        hist g = {NULL, NULL, h->cap ? 2 * h->cap : 64, 0, h->n};
        g.key = malloc(sizeof *g.key * g.cap);
        g.count = calloc(g.cap, sizeof *g.count);
        if (!g.key || !g.count) {
            free(g.key);
            free(g.count);
            return -1;
        }
        for (size_t i = 0; i < h->cap; i++)
            if (h->count[i]) {
                size_t j = hist_slot(&g, h->key[i]);
                g.key[j] = h->key[i];
                g.count[j] = h->count[i];
                g.used++;
            }
        free(h->key);
        free(h->count);
        *h = g;
    }
    size_t i = hist_slot(h, v);
    if (!h->count[i]) h->key[i] = v, h->used++;
    h->count[i]++;
    h->n++;
    return 0;
}

static void hist_free(hist *h)
{
    free(h->key);
    free(h->count);
    memset(h, 0, sizeof *h);
}

static void stream_add(stream *t, double v)
{
    t->min = t->n == 0 || v < t->min ? v : t->min;
    t->max = t->n == 0 || v > t->max ? v : t->max;
    t->n++;
    t->sum += v;
    double d = v - t->wmean;
    t->wmean += d / (double)t->n;
    t->m2 += d * (v - t->wmean);
}

/* Adds game i (already played) to the figures; called in game order. */
static void fold(sim *s, int i, const sim_game *o)
{
    figures *f = &s->f;
    if (o->capped) {
        f->capped++;
        return;
    }
    f->finished++;
    int bad = hist_add(&f->len, o->actions) | hist_add(&f->hands, o->hands);
    int k = __builtin_popcount(o->winners);
    f->shared += k > 1;
    f->nobody += k == 0;
    for (int p = 0; p < s->n; p++) {
        int b = bot_at(s, i, p);
        f->bot_seats[b]++;
        if (o->winners >> p & 1u) f->seat_wins[p] += 1.0 / k, f->bot_wins[b] += 1.0 / k;
        bad |= hist_add(&f->score[b], o->score[p]);
    }
    if (f->ntally == 0 && o->ntally > 0) {
        f->ntally = o->ntally;
        memcpy(f->names, o->tally, sizeof f->names);
    }
    for (int t = 0; t < f->ntally && t < o->ntally; t++)
        stream_add(&f->tally[t], o->tally[t].value);
    f->oom |= bad != 0;
}

/* Wilson score interval, 95%. */
static void wilson(double wins, int n, double *lo, double *hi)
{
    if (n == 0) {
        *lo = 0, *hi = 1;
        return;
    }
    const double z = 1.959963984540054;
    double p = wins / n, z2 = z * z / n;
    double centre = (p + z2 / 2) / (1 + z2);
    double half = z * sqrt(p * (1 - p) / n + z * z / (4.0 * n * n)) / (1 + z2);
    *lo = centre - half < 0 ? 0 : centre - half;
    *hi = centre + half > 1 ? 1 : centre + half;
}

typedef struct dist {
    double mean, sd;
    int min, max, p50, p95;
} dist;

static int by_key(const void *a, const void *b)
{
    int64_t x = ((const int64_t *)a)[0], y = ((const int64_t *)b)[0];
    return (x > y) - (x < y);
}

/* The value of nearest rank r (1-based) in sorted (value, count) pairs. */
static int rank_value(const int64_t (*vc)[2], size_t m, uint64_t r)
{
    uint64_t seen = 0;
    for (size_t i = 0; i < m; i++)
        if ((seen += (uint64_t)vc[i][1]) >= r) return (int)vc[i][0];
    return (int)vc[m - 1][0];
}

/* Nearest-rank percentiles. The sums run over the values in rising order,
 * one value at a time, exactly as when every value was kept and sorted, so
 * the figures are the same to the last bit. */
static dist describe(const hist *h)
{
    dist d = {0, 0, 0, 0, 0, 0};
    if (h->n == 0) return d;
    int64_t(*vc)[2] = malloc(sizeof *vc * h->used);
    if (!vc) abort();
    size_t m = 0;
    for (size_t i = 0; i < h->cap; i++)
        if (h->count[i]) vc[m][0] = h->key[i], vc[m++][1] = (int64_t)h->count[i];
    qsort(vc, m, sizeof *vc, by_key);
    double n = (double)h->n, sum = 0, sq = 0;
    for (size_t i = 0; i < m; i++)
        for (int64_t c = 0; c < vc[i][1]; c++)
            sum += (double)vc[i][0];
    d.mean = sum / n;
    for (size_t i = 0; i < m; i++) {
        double e = ((double)vc[i][0] - d.mean) * ((double)vc[i][0] - d.mean);
        for (int64_t c = 0; c < vc[i][1]; c++)
            sq += e;
    }
    d.sd = h->n > 1 ? sqrt(sq / (n - 1)) : 0;
    d.min = (int)vc[0][0];
    d.max = (int)vc[m - 1][0];
    d.p50 = rank_value(vc, m, (uint64_t)ceil(0.50 * n));
    d.p95 = rank_value(vc, m, (uint64_t)ceil(0.95 * n));
    free(vc);
    return d;
}

static json_t *dist_json(const dist *d)
{
    return json_pack("{s:f,s:f,s:i,s:i,s:i,s:i}", "mean", d->mean, "sd", d->sd, "min", d->min,
                     "max", d->max, "p50", d->p50, "p95", d->p95);
}

static json_t *rate_json(double wins, int n)
{
    double lo, hi;
    wilson(wins, n, &lo, &hi);
    return json_pack("{s:i,s:f,s:f,s:[f,f]}", "games", n, "wins", wins, "win_rate",
                     n ? wins / n : 0.0, "ci95", lo, hi);
}

static void print_rate(const char *label, double wins, int n)
{
    double lo, hi;
    wilson(wins, n, &lo, &hi);
    printf("  %-14s %7d %9.1f %6.1f%%  [%5.1f%%, %5.1f%%]", label, n, wins, n ? 100 * wins / n : 0,
           100 * lo, 100 * hi);
}

/* The game's own figures (ch_game.tally) over the finished games: mean,
 * sd, min, max of each. Names come from the first finished game. */
static json_t *report_tally(const figures *f)
{
    json_t *j = json_object();
    if (f->ntally == 0) return j;
    printf("game figures (per finished game)   %9s %9s %9s %9s\n", "mean", "sd", "min", "max");
    for (int t = 0; t < f->ntally; t++) {
        const stream *v = &f->tally[t];
        double mean = v->sum / (double)v->n;
        double sd = v->n > 1 ? sqrt(v->m2 / (double)(v->n - 1)) : 0;
        printf("  %-32s %9.3f %9.3f %9g %9g\n", f->names[t].name, mean, sd, v->min, v->max);
        json_object_set_new(
            j, f->names[t].name,
            json_pack("{s:f,s:f,s:f,s:f}", "mean", mean, "sd", sd, "min", v->min, "max", v->max));
    }
    return j;
}

/* Prints every figure and builds the same as JSON. */
static json_t *report(const sim *s)
{
    const figures *f = &s->f;
    json_t *j = json_pack("{s:s,s:i,s:o,s:i,s:i,s:i,s:i,s:i}", "game", s->g->name, "players", s->n,
                          "seed", tb_seed_json(s->seed), "games", s->games, "finished", f->finished,
                          "capped", f->capped, "shared_wins", f->shared, "no_winner", f->nobody);
    json_t *opts = json_object();
    for (int i = 0; i < s->g->n_opts; i++)
        json_object_set_new(opts, s->g->opts[i].key, json_string(s->opts.text[i]));
    json_object_set_new(j, "options", opts);

    printf("win rates (a win shared by k seats counts 1/k; 95%% Wilson intervals)\n");
    printf("  %-14s %7s %9s %7s  %s\n", "seat", "games", "wins", "rate", "95% CI");
    json_t *jseats = json_array();
    for (int p = 0; p < s->n; p++) {
        char label[32];
        snprintf(label, sizeof label, "seat %d", p);
        print_rate(label, f->seat_wins[p], f->finished);
        putchar('\n');
        json_t *js = rate_json(f->seat_wins[p], f->finished);
        json_object_set_new(js, "seat", json_integer(p));
        json_array_append_new(jseats, js);
    }
    json_object_set_new(j, "seats", jseats);

    printf("  %-14s %7s %9s %7s  %-17s %8s %7s %6s %6s\n", "bot", "seats", "wins", "rate", "95% CI",
           "score", "sd", "min", "max");
    json_t *jbots = json_array();
    for (int b = 0; b < s->nb; b++) {
        dist d = describe(&f->score[b]);
        char label[64];
        snprintf(label, sizeof label, "%d:%s", b, s->bots[b]);
        print_rate(label, f->bot_wins[b], f->bot_seats[b]);
        printf(" %8.1f %7.1f %6d %6d\n", d.mean, d.sd, d.min, d.max);
        json_t *jb = rate_json(f->bot_wins[b], f->bot_seats[b]);
        json_object_set_new(jb, "name", json_string(s->bots[b]));
        json_object_set_new(jb, "score", dist_json(&d));
        json_array_append_new(jbots, jb);
    }
    json_object_set_new(j, "bots", jbots);

    dist dl = describe(&f->len), dh = describe(&f->hands);
    printf("game length    %8s %8s %8s %8s %8s\n", "mean", "p50", "p95", "min", "max");
    printf("  actions      %8.1f %8d %8d %8d %8d\n", dl.mean, dl.p50, dl.p95, dl.min, dl.max);
    printf("  hands        %8.2f %8d %8d %8d %8d\n", dh.mean, dh.p50, dh.p95, dh.min, dh.max);
    printf("games: %d finished, %d shared wins, %d without a winner, %d capped at %d actions\n",
           f->finished, f->shared, f->nobody, f->capped, s->max_steps);
    json_object_set_new(j, "length",
                        json_pack("{s:o,s:o}", "actions", dist_json(&dl), "hands", dist_json(&dh)));
    json_object_set_new(j, "figures", report_tally(f));
    return j;
}

static void figures_free(figures *f)
{
    hist_free(&f->len);
    hist_free(&f->hands);
    for (int b = 0; b < SIM_MAX_BOTS; b++)
        hist_free(&f->score[b]);
}

/* Plays games first..limit-1 on up to threads threads; the number started. */
static int play_batch(sim *s, int threads)
{
    pthread_t tid[64];
    atomic_store(&s->next, s->first);
    int started = 0;
    for (; started < threads && started < s->limit - s->first; started++)
        if (pthread_create(&tid[started], NULL, worker, s) != 0) break;
    if (started == 0) return 0;
    if (isatty(STDERR_FILENO)) progress(s);
    for (int t = 0; t < started; t++)
        pthread_join(tid[t], NULL);
    return started;
}

static int run(sim *s, int threads, const char *json_path)
{
    int batch = s->games < SIM_BATCH ? s->games : SIM_BATCH;
    s->out = calloc((size_t)batch, sizeof *s->out);
    if (!s->out) return cli_fail(CLI_ERR, "out of memory");
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    int used = 0;
    atomic_store(&s->done, 0);
    for (s->first = 0; s->first < s->games; s->first = s->limit) {
        s->limit = s->games - s->first < batch ? s->games : s->first + batch;
        int started = play_batch(s, threads);
        if (started == 0) {
            free(s->out);
            figures_free(&s->f);
            return cli_fail(CLI_ERR, "cannot start a thread");
        }
        used = started > used ? started : used;
        for (int i = s->first; i < s->limit; i++)
            fold(s, i, &s->out[i - s->first]);
        if (s->f.oom) {
            free(s->out);
            figures_free(&s->f);
            return cli_fail(CLI_ERR, "out of memory for the figures after %d games", s->limit);
        }
    }
    if (isatty(STDERR_FILENO)) fprintf(stderr, "\r%*s\r", 60, "");
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
    json_t *j = report(s);
    fprintf(stderr, "%d games in %.2f s on %d thread%s\n", s->games, secs, used,
            used == 1 ? "" : "s");
    int rc = CLI_OK;
    if (json_path) {
        json_t *jb = json_array();
        for (int b = 0; b < s->nb; b++)
            json_array_append_new(jb, json_string(s->bots[b]));
        json_object_set_new(j, "lineup", jb);
        ch_err err;
        if (ch_record_save(json_path, j, &err) != CH_OK)
            rc = cli_fail(CLI_ERR, "report %s: cannot write it (%s)", json_path, err.msg);
    }
    json_decref(j);
    free(s->out);
    figures_free(&s->f);
    return rc;
}

int cli_sim(int argc, char **argv)
{
    static const cli_flag flags[] = {{"--games", 1},   {"--bots", 1}, {"--seed", 1},
                                     {"--threads", 1}, {"--json", 1}, {"--max-steps", 1},
                                     {NULL, 0}};
    cli_args a;
    int rc = cli_parse(argc, argv, flags, &a);
    if (rc != CLI_OK) return rc;
    if (a.npos != 1)
        return cli_fail(CLI_USAGE, "usage: cardhall sim GAME [key=value ...] --games N --bots a,b");
    static sim s;
    memset(&s, 0, sizeof s);
    s.g = cli_game(a.pos[0]);
    if (!s.g) return CLI_USAGE;
    ch_err err;
    if (ch_opts_parse(&s.opts, s.g->opts, s.g->n_opts, a.kv, a.nkv, &err) != CH_OK)
        return cli_fail(CLI_USAGE, "%s", err.msg);
    const char *v;
    int threads = (int)sysconf(_SC_NPROCESSORS_ONLN);
    threads = threads < 1 ? 1 : threads > 64 ? 64 : threads;
    s.games = 1000;
    s.max_steps = 100000;
    if ((v = cli_get(&a, "--games")) && cli_int("--games", v, 1, 100000000, &s.games)) return 2;
    if ((v = cli_get(&a, "--threads")) && cli_int("--threads", v, 1, 64, &threads)) return 2;
    if ((v = cli_get(&a, "--max-steps")) && cli_int("--max-steps", v, 1, 1 << 30, &s.max_steps))
        return 2;
    if ((v = cli_get(&a, "--seed"))) {
        if (cli_u64("--seed", v, &s.seed)) return 2;
    } else {
        s.seed = tb_time_seed();
    }
    /* Rejects option combinations only setup knows about, and counts seats. */
    void *st = malloc(s.g->state_size);
    if (!st) return cli_fail(CLI_ERR, "out of memory");
    rc = ch_setup(s.g, st, &s.opts, s.seed, NULL, 0, &err);
    if (rc == CH_OK) s.n = s.g->num_players(st);
    free(st);
    if (rc != CH_OK) return cli_fail(CLI_USAGE, "%s", err.msg);
    char buf[512];
    ch_bot probe;
    const char *bots_arg = cli_get(&a, "--bots");
    if (!bots_arg)
        bots_arg =
            ch_bot_init(&probe, s.g, "heuristic", 0, NULL) == CH_OK ? "heuristic,random" : "random";
    s.nb = cli_split(bots_arg, buf, sizeof buf, s.bots, SIM_MAX_BOTS);
    if (s.nb < 0) return cli_fail(CLI_USAGE, "--bots: more than %d names", SIM_MAX_BOTS);
    for (int b = 0; b < s.nb; b++)
        if (ch_bot_init(&probe, s.g, s.bots[b], 0, &err) != CH_OK)
            return cli_fail(CLI_USAGE, "--bots: %s", err.msg);
    /* The report's path is checked before the games, not after them. */
    const char *json_path = cli_get(&a, "--json");
    if (json_path && ch_file_check_writable(json_path, "report", &err) != CH_OK)
        return cli_fail(CLI_ERR, "%s", err.msg);
    printf("%s", s.g->name);
    for (int i = 0; i < s.g->n_opts; i++)
        printf(" %s=%s", s.g->opts[i].key, s.opts.text[i]);
    printf("\n%d games, seed %llu, bots %s (seats rotate)\n", s.games, (unsigned long long)s.seed,
           bots_arg);
    return run(&s, threads, json_path);
}
