/* See evloop.h. */
#include "evloop.h"

#include <dlfcn.h>
#include <ev.h>
#include <stddef.h>
#include <stdlib.h>

static struct {
    int tried;
    struct ev_loop *(*loop_new)(unsigned int flags);
    int (*run)(struct ev_loop *loop, int flags);
    void (*loop_destroy)(struct ev_loop *loop);
    void (*timer_start)(struct ev_loop *loop, ev_timer *w);
    void (*timer_stop)(struct ev_loop *loop, ev_timer *w);
    void (*now_update)(struct ev_loop *loop);
} ev;

static int load(void)
{
    if (ev.tried) return ev.loop_new != NULL;
    ev.tried = 1;
    /* The handle stays open for the process: libwebsockets' libev plugin
     * needs the same library, which the loader then finds loaded. */
    void *h = dlopen("libev.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!h) return 0;
    *(void **)&ev.loop_new = dlsym(h, "ev_loop_new");
    *(void **)&ev.run = dlsym(h, "ev_run");
    *(void **)&ev.loop_destroy = dlsym(h, "ev_loop_destroy");
    *(void **)&ev.timer_start = dlsym(h, "ev_timer_start");
    *(void **)&ev.timer_stop = dlsym(h, "ev_timer_stop");
    *(void **)&ev.now_update = dlsym(h, "ev_now_update");
    if (!ev.loop_new || !ev.run || !ev.loop_destroy || !ev.timer_start || !ev.timer_stop ||
        !ev.now_update) {
        ev.loop_new = NULL;
        return 0;
    }
    return 1;
}

struct ev_loop *sv_evloop_new(void)
{
    return load() ? ev.loop_new(EVBACKEND_EPOLL) : NULL;
}

void sv_evloop_run_once(struct ev_loop *loop)
{
    ev.run(loop, EVRUN_ONCE);
}

void sv_evloop_destroy(struct ev_loop *loop)
{
    ev.loop_destroy(loop);
}

struct sv_evtimer {
    ev_timer w; /* first: libev hands back its address */
    struct ev_loop *loop;
    void (*cb)(void *arg);
    void *arg;
};

static void fired(struct ev_loop *loop, ev_timer *w, int revents)
{
    (void)loop;
    (void)revents;
    sv_evtimer *t = (sv_evtimer *)w;
    t->cb(t->arg);
}

sv_evtimer *sv_evtimer_new(struct ev_loop *loop, void (*cb)(void *arg), void *arg)
{
    sv_evtimer *t = calloc(1, sizeof *t);
    if (!t) return NULL;
    ev_timer_init(&t->w, fired, 0., 0.);
    t->loop = loop;
    t->cb = cb;
    t->arg = arg;
    return t;
}

void sv_evtimer_set(sv_evtimer *t, double seconds)
{
    /* libev's "now" is the time of the loop's last wake-up: without the
     * update a timer set by a long callback would fire early. */
    ev.now_update(t->loop);
    ev.timer_stop(t->loop, &t->w); /* a started timer is not moved by a start */
    ev_timer_set(&t->w, seconds, 0.);
    ev.timer_start(t->loop, &t->w);
}

void sv_evtimer_stop(sv_evtimer *t)
{
    ev.timer_stop(t->loop, &t->w);
}

void sv_evtimer_free(sv_evtimer *t)
{
    if (!t) return;
    ev.timer_stop(t->loop, &t->w);
    free(t);
}
