/* Plays the games of cardhall sim in batches, folding each batch into the
 * figures in game order before the next starts (memory does not grow with
 * the number of games). Every game index is played under every option set
 * with the same game seed and bot seeds: common random numbers, so the sets
 * differ only by their options and their differences pair game by game. */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "args.h"
#include "cardhall/bot.h"
#include "cardhall/rng.h"
#include "simpar.h"
#include "simrun.h"

/* Games (times option sets) in the first batch and at most in one. Every
 * batch ends at a barrier (all threads, all ranks) where the slowest one
 * sets the pace: on a busy machine a batch of fast games (Comrade plays
 * 400,000 a second) is over in a few time slices, so batches grow while
 * they take less than SIM_BATCH_SECS. Their size never changes a figure. */
#define SIM_BATCH 8192
#define SIM_BATCH_MAX 65536
#define SIM_BATCH_SECS 0.25

/* Set by SIGINT (one process) or SIGUSR1 (also under mpirun, which passes
 * it on to every rank while it keeps Ctrl-C for itself): the figures so far
 * are printed. One process stops at once; ranks at the end of the batch. */
static volatile sig_atomic_t interrupted;

static void on_sigint(int sig)
{
    (void)sig;
    interrupted = 1;
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static uint64_t game_seed(const sim *s, int i)
{
    return ch_mix64(s->seed ^ ch_mix64((uint64_t)i));
}

/* Keeps the names of the game's own figures of set k, once. */
static void keep_names(sim_set *set, const ch_tally *t, int nt)
{
    int expect = 0;
    if (atomic_load(&set->named) || !atomic_compare_exchange_strong(&set->named, &expect, 1))
        return;
    for (int j = 0; j < nt; j++)
        snprintf(set->names[j], SIM_NAME, "%s", t[j].name);
    atomic_store(&set->named, 2);
}

static void play_one(sim *s, int k, int i, void *st, sim_game *o)
{
    const ch_game *g = s->g;
    sim_set *set = &s->set[k];
    uint64_t gs = game_seed(s, i);
    ch_bot bots[CH_MAX_PLAYERS];
    int rc = g->setup(st, &set->opts, gs, NULL, 0, NULL);
    (void)rc; /* the options were checked on a first setup */
    for (int p = 0; p < set->n; p++)
        ch_bot_init(&bots[p], g, s->bots[sim_bot_at(s->nb, i, p)], ch_mix64(gs + 1 + (uint64_t)p),
                    NULL);
    int steps = cli_bot_game(g, st, bots, s->max_steps);
    ch_result r;
    g->result(st, &r);
    memset(o, 0, sizeof *o);
    o->actions = steps;
    o->hands = r.hands;
    o->capped = g->to_move(st) != CH_TERMINAL;
    o->winners = o->capped ? 0 : r.winners;
    memcpy(o->score, r.score, sizeof o->score);
    if (g->tally && !o->capped) {
        ch_tally t[CH_MAX_TALLY];
        o->ntally = g->tally(st, t);
        for (int j = 0; j < o->ntally; j++)
            o->tally[j] = t[j].value;
        if (o->ntally > 0) keep_names(set, t, o->ntally);
    }
}

/* Workers take games in chunks, so they touch the shared counter and
 * neighbouring results rarely; small runs take them one by one, so every
 * thread gets a share. */
static int chunk_of(const sim *s)
{
    int c = (s->hi - s->lo) / (s->threads * 16);
    return c < 1 ? 1 : c > 32 ? 32 : c;
}

static void *worker(void *arg)
{
    sim *s = arg;
    void *st = malloc(s->g->state_size);
    if (!st) abort();
    int chunk = chunk_of(s), i0;
    /* Under MPI every rank plays its whole share of a batch (the others
     * wait for it), so an interruption is seen between batches. */
    while ((s->ranks > 1 || !interrupted) && (i0 = atomic_fetch_add(&s->next, chunk)) < s->hi) {
        int end = i0 + chunk < s->hi ? i0 + chunk : s->hi, i;
        for (i = i0; i < end && (s->ranks > 1 || !interrupted); i++) {
            for (int k = 0; k < s->nsets; k++)
                play_one(s, k, i, st,
                         &s->out[(size_t)(i - s->first) * (size_t)s->nsets + (size_t)k]);
            s->ready[i - s->first] = 1;
        }
        atomic_fetch_add(&s->done, i - i0);
    }
    free(st);
    atomic_fetch_sub(&s->running, 1);
    return NULL;
}

static void hms(char *buf, size_t cap, double secs)
{
    long t = secs < 0 ? 0 : secs > 359999 ? 359999 : (long)(secs + 0.5);
    snprintf(buf, cap, "%ld:%02ld:%02ld", t / 3600, t / 60 % 60, t % 60);
}

/* A progress line on stderr, four times a second, while the batch plays:
 * games done (over every set), games per second, and the time left. Under
 * MPI rank 0 counts its own share times the ranks. */
static void progress(sim *s, int before, double t0)
{
    while (atomic_load(&s->running) > 0) {
        struct timespec ts = {0, 250000000};
        nanosleep(&ts, NULL);
        long long done = (long long)(before + atomic_load(&s->done) * s->ranks) * s->nsets;
        long long total = (long long)s->games * s->nsets;
        double secs = now() - t0, rate = secs > 0 ? (double)done / secs : 0;
        char eta[32];
        hms(eta, sizeof eta, rate > 0 ? (double)(total - done) / rate : 0);
        fprintf(stderr, "\r%lld/%lld games  %.0f games/s  ETA %s  ", done, total, rate, eta);
    }
}

/* Plays this process's share of the batch on up to s->threads threads;
 * returns the threads started. */
static int play_batch(sim *s, int before, double t0, int show)
{
    pthread_t tid[64];
    atomic_store(&s->next, s->lo);
    atomic_store(&s->done, 0);
    int want = s->threads < s->hi - s->lo ? s->threads : s->hi - s->lo;
    if (want < 1) return 1; /* nothing here for this rank */
    atomic_store(&s->running, want);
    int started = 0;
    for (; started < want; started++)
        if (pthread_create(&tid[started], NULL, worker, s) != 0) break;
    atomic_fetch_sub(&s->running, want - started);
    if (started == 0) return 0;
    if (show) progress(s, before, t0);
    for (int t = 0; t < started; t++)
        pthread_join(tid[t], NULL);
    return started;
}

/* Folds game i of every set, and the pairs of each set with set 0. */
static void fold_index(sim *s, int i)
{
    const sim_game *o = &s->out[(size_t)(i - s->first) * (size_t)s->nsets];
    for (int k = 0; k < s->nsets; k++)
        sim_fold(&s->set[k].f, i, &o[k]);
    for (int k = 1; k < s->nsets; k++)
        sim_pairs_fold(&s->pairs[k], i, &o[k], s->set[k].n, &o[0], s->set[0].n);
}

/* Rank 0 takes the names of the game's figures from the first rank that
 * saw them (the same names on every rank that did). */
static int gather_names(sim *s)
{
    size_t one = sizeof s->set[0].names, len = one * (size_t)s->nsets;
    char *mine = calloc(1, len), *all = calloc((size_t)s->ranks, len);
    int rc = -1;
    if (mine && all) {
        for (int k = 0; k < s->nsets; k++)
            if (atomic_load(&s->set[k].named) == 2)
                memcpy(mine + one * (size_t)k, s->set[k].names, one);
        rc = simpar_gather_all(mine, all, len);
        for (int k = 0; rc == 0 && s->rank == 0 && k < s->nsets; k++)
            for (int r = 0; r < s->ranks; r++) {
                const char *theirs = all + len * (size_t)r + one * (size_t)k;
                if (theirs[0]) {
                    memcpy(s->set[k].names, theirs, one);
                    break;
                }
            }
    }
    free(mine);
    free(all);
    return rc;
}

int sim_run(sim *s)
{
    int batch = SIM_BATCH / s->nsets, most = SIM_BATCH_MAX / s->nsets;
    batch = s->games < batch ? s->games : batch;
    most = s->games < most ? s->games : most;
    s->out = calloc((size_t)most * (size_t)s->nsets, sizeof *s->out);
    s->ready = calloc((size_t)most, 1);
    if (!s->out || !s->ready) return cli_fail(CLI_ERR, "out of memory");
    for (int k = 0; k < s->nsets; k++) {
        s->set[k].f.n = s->set[k].n;
        s->set[k].f.nb = s->nb;
        int nseat = s->set[k].n < s->set[0].n ? s->set[k].n : s->set[0].n;
        sim_pairs_init(&s->pairs[k], nseat, s->nb);
    }
    struct sigaction sa, old, old_usr1;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint;
    sigemptyset(&sa.sa_mask);
    interrupted = 0;
    /* A SIGINT ignored from the start (a background job) stays ignored. */
    sigaction(SIGINT, NULL, &old);
    int handle = s->ranks == 1 && old.sa_handler != SIG_IGN;
    if (handle) sigaction(SIGINT, &sa, NULL);
    sigaction(SIGUSR1, &sa, &old_usr1);
    int show = s->rank == 0 && !s->quiet_progress && isatty(STDERR_FILENO);
    double t0 = now();
    int rc = CLI_OK;
    s->used = 0;
    s->played = 0;
    for (s->first = 0; s->first < s->games; s->first = s->limit) {
        s->limit = s->games - s->first < batch ? s->games : s->first + batch;
        int len = s->limit - s->first;
        s->lo = s->first + simpar_share(len, s->rank, s->ranks);
        s->hi = s->first + simpar_share(len, s->rank + 1, s->ranks);
        memset(s->ready, 0, (size_t)len);
        double t_batch = now();
        int started = play_batch(s, s->first, t0, show);
        /* Grow only when every rank found the batch short, so all agree. */
        int slow = now() - t_batch >= SIM_BATCH_SECS;
        s->used = started > s->used ? started : s->used;
        /* Every step that can fail on one rank is agreed on by all, so no
         * rank waits for one that has stopped. */
        int bad = started == 0;
        if (bad) cli_fail(CLI_ERR, "cannot start a thread");
        if (simpar_gather(s->out, sizeof *s->out * (size_t)s->nsets, len) != 0)
            bad = 1, cli_fail(CLI_ERR, "MPI: cannot gather the results");
        /* Interrupted: the games played are a prefix only up to the first
         * one a worker had not finished. */
        int upto = s->limit;
        if (s->ranks == 1 && interrupted)
            for (upto = s->first; upto < s->limit && s->ready[upto - s->first];)
                upto++;
        if (s->rank == 0 && !bad)
            for (int i = s->first; i < upto; i++)
                fold_index(s, i);
        s->played = upto;
        for (int k = 0; k < s->nsets && !bad; k++)
            if (s->set[k].f.oom)
                bad = 1,
                cli_fail(CLI_ERR, "out of memory for the figures after %d games", s->limit);
        if (simpar_any(bad)) {
            rc = CLI_ERR;
            break;
        }
        if (simpar_any(interrupted)) {
            s->partial = s->played < s->games;
            break;
        }
        if (!simpar_any(slow)) batch = 2 * batch < most ? 2 * batch : most;
    }
    if (handle) sigaction(SIGINT, &old, NULL);
    sigaction(SIGUSR1, &old_usr1, NULL);
    if (show) fprintf(stderr, "\r%*s\r", 70, "");
    s->secs = now() - t0;
    if (rc == CLI_OK && gather_names(s) != 0) rc = cli_fail(CLI_ERR, "MPI: cannot gather names");
    free(s->out);
    free(s->ready);
    s->out = NULL;
    s->ready = NULL;
    return rc;
}

void sim_free(sim *s)
{
    for (int k = 0; k < s->nsets; k++) {
        sim_figures_free(&s->set[k].f);
        ch_opts_free_data(&s->set[k].opts);
    }
}
