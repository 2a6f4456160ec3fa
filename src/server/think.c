/* Bots that search think off the event loop (think.h). One thread: the
 * loop keeps a core, the thinking takes the other; a table asks once at a
 * time, so the queue holds at most one ask per table. */
#include <libwebsockets.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bgthread.h"
#include "think.h"

struct sv_think {
    struct lws_context *ctx;
    pthread_t thread;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    /* Under mu: asks not yet taken by the thread and answers not yet
     * taken by the loop, each a list, oldest first. */
    sv_thought *asks, **asks_end, *done, **done_end;
    int stop;
};

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void *run(void *arg)
{
    sv_think *k = arg;
    pthread_mutex_lock(&k->mu);
    for (;;) {
        while (!k->asks && !k->stop)
            pthread_cond_wait(&k->cv, &k->mu);
        if (k->stop) break;
        sv_thought *t = k->asks;
        k->asks = t->next;
        if (!k->asks) k->asks_end = &k->asks;
        pthread_mutex_unlock(&k->mu);
        /* The copies are this thread's alone: nothing the loop holds. */
        double t0 = now_s();
        t->action = ch_bot_act(&t->bot, t->state, t->seat);
        t->seconds = now_s() - t0;
        t->next = NULL;
        pthread_mutex_lock(&k->mu);
        *k->done_end = t;
        k->done_end = &t->next;
        if (k->ctx) lws_cancel_service(k->ctx);
    }
    pthread_mutex_unlock(&k->mu);
    return NULL;
}

sv_think *sv_think_start(struct lws_context *ctx, ch_err *err)
{
    sv_think *k = calloc(1, sizeof *k);
    if (!k) {
        ch_errf(err, CH_ENOMEM, "out of memory");
        return NULL;
    }
    k->ctx = ctx;
    k->asks_end = &k->asks;
    k->done_end = &k->done;
    pthread_mutex_init(&k->mu, NULL);
    pthread_cond_init(&k->cv, NULL);
    if (sv_bgthread_start(&k->thread, run, k) != 0) {
        pthread_cond_destroy(&k->cv);
        pthread_mutex_destroy(&k->mu);
        free(k);
        ch_errf(err, CH_EIO, "cannot start the bots' thinking thread");
        return NULL;
    }
    return k;
}

int sv_think_ask(sv_think *k, int64_t table, uint64_t ticket, int seat, const ch_bot *bot,
                 const ch_game *g, const void *st)
{
    sv_thought *t = malloc(sizeof *t + g->state_size);
    if (!t) return CH_ENOMEM;
    t->next = NULL;
    t->table = table;
    t->ticket = ticket;
    t->seat = seat;
    t->action = 0;
    t->seconds = 0;
    t->bot = *bot;
    t->bot.name = t->bot.spec; /* bot.h: a copy reads its own spec */
    t->state_size = g->state_size;
    memcpy(t->state, st, g->state_size);
    pthread_mutex_lock(&k->mu);
    *k->asks_end = t;
    k->asks_end = &t->next;
    pthread_cond_signal(&k->cv);
    pthread_mutex_unlock(&k->mu);
    return CH_OK;
}

sv_thought *sv_think_answers(sv_think *k)
{
    pthread_mutex_lock(&k->mu);
    sv_thought *all = k->done;
    k->done = NULL;
    k->done_end = &k->done;
    pthread_mutex_unlock(&k->mu);
    return all;
}

static void free_list(sv_thought *t)
{
    while (t) {
        sv_thought *next = t->next;
        free(t);
        t = next;
    }
}

void sv_think_stop(sv_think *k)
{
    if (!k) return;
    pthread_mutex_lock(&k->mu);
    k->stop = 1;
    pthread_cond_signal(&k->cv);
    pthread_mutex_unlock(&k->mu);
    pthread_join(k->thread, NULL);
    free_list(k->asks);
    free_list(k->done);
    pthread_cond_destroy(&k->cv);
    pthread_mutex_destroy(&k->mu);
    free(k);
}
