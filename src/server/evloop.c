/* See evloop.h. */
#include "evloop.h"

#include <dlfcn.h>
#include <ev.h>
#include <stddef.h>

static struct {
    int tried;
    struct ev_loop *(*loop_new)(unsigned int flags);
    int (*run)(struct ev_loop *loop, int flags);
    void (*loop_destroy)(struct ev_loop *loop);
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
    if (!ev.loop_new || !ev.run || !ev.loop_destroy) {
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
