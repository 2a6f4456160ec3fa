/* cardhall sim: many bot-vs-bot games on bare states, in parallel. Game i
 * depends only on (seed, i) and results are stored by index, so every figure
 * is the same for any number of threads. */
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "args.h"
#include "cardhall/table.h"
#include "cardhall/bot.h"
#include "cardhall/match.h"
#include "cli.h"

#define SIM_MAX_BOTS 16

typedef struct sim_game {
    int actions, hands, capped, ntally;
    unsigned winners;
    int score[CH_MAX_PLAYERS];
    ch_tally tally[CH_MAX_TALLY];
} sim_game;

typedef struct sim {
    const ch_game *g;
    ch_opts opts;
    uint64_t seed;
    int games, n, nb, max_steps;
    const char *bots[SIM_MAX_BOTS];
    sim_game *out;
    atomic_int next, done;
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
    while ((i = atomic_fetch_add(&s->next, 1)) < s->games) {
        play_one(s, i, st, &s->out[i]);
        atomic_fetch_add(&s->done, 1);
    }
    free(st);
    return NULL;
}

static void progress(sim *s)
{
    int done;
    while ((done = atomic_load(&s->done)) < s->games) {
        int w = 40 * done / s->games;
        fprintf(stderr, "\r[%.*s%*s] %d/%d", w, "########################################", 40 - w,
                "", done, s->games);
        struct timespec ts = {0, 100000000};
        nanosleep(&ts, NULL);
    }
    fprintf(stderr, "\r%*s\r", 60, "");
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

static int by_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static int by_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* Nearest-rank percentiles; v is sorted in place. */
static dist describe(int *v, int n)
{
    dist d = {0, 0, 0, 0, 0, 0};
    if (n == 0) return d;
    qsort(v, (size_t)n, sizeof *v, by_int);
    double sum = 0, sq = 0;
    for (int i = 0; i < n; i++)
        sum += v[i];
    d.mean = sum / n;
    for (int i = 0; i < n; i++)
        sq += (v[i] - d.mean) * (v[i] - d.mean);
    d.sd = n > 1 ? sqrt(sq / (n - 1)) : 0;
    d.min = v[0];
    d.max = v[n - 1];
    d.p50 = v[(int)ceil(0.50 * n) - 1];
    d.p95 = v[(int)ceil(0.95 * n) - 1];
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
static json_t *report_tally(const sim *s)
{
    json_t *j = json_object();
    const sim_game *first = NULL;
    for (int i = 0; i < s->games && !first; i++)
        if (!s->out[i].capped && s->out[i].ntally > 0) first = &s->out[i];
    if (!first) return j;
    double *v = malloc(sizeof(double) * (size_t)s->games);
    if (!v) abort();
    printf("game figures (per finished game)   %9s %9s %9s %9s\n", "mean", "sd", "min", "max");
    for (int t = 0; t < first->ntally; t++) {
        int n = 0;
        double sum = 0, sq = 0;
        for (int i = 0; i < s->games; i++)
            if (!s->out[i].capped && s->out[i].ntally > t) sum += v[n++] = s->out[i].tally[t].value;
        double mean = sum / n;
        for (int i = 0; i < n; i++)
            sq += (v[i] - mean) * (v[i] - mean);
        qsort(v, (size_t)n, sizeof *v, by_double);
        double sd = n > 1 ? sqrt(sq / (n - 1)) : 0;
        printf("  %-32s %9.3f %9.3f %9g %9g\n", first->tally[t].name, mean, sd, v[0], v[n - 1]);
        json_object_set_new(
            j, first->tally[t].name,
            json_pack("{s:f,s:f,s:f,s:f}", "mean", mean, "sd", sd, "min", v[0], "max", v[n - 1]));
    }
    free(v);
    return j;
}

/* Prints every figure and builds the same as JSON. */
static json_t *report(const sim *s)
{
    int finished = 0, capped = 0, shared = 0, nobody = 0;
    double seat_wins[CH_MAX_PLAYERS] = {0}, bot_wins[SIM_MAX_BOTS] = {0};
    int bot_seats[SIM_MAX_BOTS] = {0};
    int *len = malloc(sizeof(int) * (size_t)s->games),
        *hands = malloc(sizeof(int) * (size_t)s->games);
    int *scores = malloc(sizeof(int) * (size_t)s->games * (size_t)s->n);
    if (!len || !hands || !scores) abort();
    for (int i = 0; i < s->games; i++) {
        const sim_game *o = &s->out[i];
        if (o->capped) {
            capped++;
            continue;
        }
        len[finished] = o->actions;
        hands[finished++] = o->hands;
        int k = __builtin_popcount(o->winners);
        shared += k > 1;
        nobody += k == 0;
        for (int p = 0; p < s->n; p++) {
            int b = bot_at(s, i, p);
            bot_seats[b]++;
            if (o->winners >> p & 1u) seat_wins[p] += 1.0 / k, bot_wins[b] += 1.0 / k;
        }
    }
    json_t *j = json_pack("{s:s,s:i,s:o,s:i,s:i,s:i,s:i,s:i}", "game", s->g->name, "players", s->n,
                          "seed", tb_seed_json(s->seed), "games", s->games, "finished", finished,
                          "capped", capped, "shared_wins", shared, "no_winner", nobody);
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
        print_rate(label, seat_wins[p], finished);
        putchar('\n');
        json_t *js = rate_json(seat_wins[p], finished);
        json_object_set_new(js, "seat", json_integer(p));
        json_array_append_new(jseats, js);
    }
    json_object_set_new(j, "seats", jseats);

    printf("  %-14s %7s %9s %7s  %-17s %8s %7s %6s %6s\n", "bot", "seats", "wins", "rate", "95% CI",
           "score", "sd", "min", "max");
    json_t *jbots = json_array();
    for (int b = 0; b < s->nb; b++) {
        int n = 0;
        for (int i = 0; i < s->games; i++)
            for (int p = 0; p < s->n; p++)
                if (!s->out[i].capped && bot_at(s, i, p) == b) scores[n++] = s->out[i].score[p];
        dist d = describe(scores, n);
        char label[64];
        snprintf(label, sizeof label, "%d:%s", b, s->bots[b]);
        print_rate(label, bot_wins[b], bot_seats[b]);
        printf(" %8.1f %7.1f %6d %6d\n", d.mean, d.sd, d.min, d.max);
        json_t *jb = rate_json(bot_wins[b], bot_seats[b]);
        json_object_set_new(jb, "name", json_string(s->bots[b]));
        json_object_set_new(jb, "score", dist_json(&d));
        json_array_append_new(jbots, jb);
    }
    json_object_set_new(j, "bots", jbots);

    dist dl = describe(len, finished), dh = describe(hands, finished);
    printf("game length    %8s %8s %8s %8s %8s\n", "mean", "p50", "p95", "min", "max");
    printf("  actions      %8.1f %8d %8d %8d %8d\n", dl.mean, dl.p50, dl.p95, dl.min, dl.max);
    printf("  hands        %8.2f %8d %8d %8d %8d\n", dh.mean, dh.p50, dh.p95, dh.min, dh.max);
    printf("games: %d finished, %d shared wins, %d without a winner, %d capped at %d actions\n",
           finished, shared, nobody, capped, s->max_steps);
    json_object_set_new(j, "length",
                        json_pack("{s:o,s:o}", "actions", dist_json(&dl), "hands", dist_json(&dh)));
    json_object_set_new(j, "figures", report_tally(s));
    free(len);
    free(hands);
    free(scores);
    return j;
}

static int run(sim *s, int threads, const char *json_path)
{
    s->out = calloc((size_t)s->games, sizeof *s->out);
    pthread_t tid[64];
    if (!s->out) return cli_fail(CLI_ERR, "out of memory");
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    int started = 0;
    for (; started < threads; started++)
        if (pthread_create(&tid[started], NULL, worker, s) != 0) break;
    if (started == 0) {
        free(s->out);
        return cli_fail(CLI_ERR, "cannot start a thread");
    }
    if (isatty(STDERR_FILENO)) progress(s);
    for (int t = 0; t < started; t++)
        pthread_join(tid[t], NULL);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
    json_t *j = report(s);
    fprintf(stderr, "%d games in %.2f s on %d thread%s\n", s->games, secs, started,
            started == 1 ? "" : "s");
    int rc = CLI_OK;
    if (json_path) {
        json_t *jb = json_array();
        for (int b = 0; b < s->nb; b++)
            json_array_append_new(jb, json_string(s->bots[b]));
        json_object_set_new(j, "lineup", jb);
        ch_err err;
        if (ch_record_save(json_path, j, &err) != CH_OK) rc = cli_fail(CLI_ERR, "%s", err.msg);
    }
    json_decref(j);
    free(s->out);
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
    printf("%s", s.g->name);
    for (int i = 0; i < s.g->n_opts; i++)
        printf(" %s=%s", s.g->opts[i].key, s.opts.text[i]);
    printf("\n%d games, seed %llu, bots %s (seats rotate)\n", s.games, (unsigned long long)s.seed,
           bots_arg);
    return run(&s, threads, cli_get(&a, "--json"));
}
