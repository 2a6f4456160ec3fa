/* The server's life under a supervisor (ops.h): systemd's notify protocol
 * (READY, WATCHDOG, STOPPING) through Debian's libsystemd when the build
 * found it (CH_SYSTEMD), and the graceful stop on SIGTERM. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef CH_SYSTEMD
#include <systemd/sd-daemon.h>
#endif

#include "conn.h"

#define DRAIN_MS 3000 /* to tell and close every connection; systemd waits 5 s+ */

static void notify(const char *state)
{
#ifdef CH_SYSTEMD
    sd_notify(0, state);
#else
    (void)state;
#endif
}

#ifdef CH_SYSTEMD
/* Pinged from the event loop itself: a loop that hangs stops pinging, and
 * systemd restarts the server after WatchdogSec. */
static void watchdog(lws_sorted_usec_list_t *sul)
{
    sv_server *s = lws_container_of(sul, sv_server, ops.watchdog);
    notify("WATCHDOG=1");
    lws_sul_schedule(s->ctx, 0, &s->ops.watchdog, watchdog, (lws_usec_t)s->ops.watchdog_usec / 2);
}
#endif

void sv_ops_started(sv_server *s)
{
    sv_metrics_init(&s->ops.metrics);
#ifdef CH_SYSTEMD
    uint64_t usec = 0;
    if (sd_watchdog_enabled(0, &usec) > 0 && usec > 0) {
        s->ops.watchdog_usec = usec;
        lws_sul_schedule(s->ctx, 0, &s->ops.watchdog, watchdog, 1);
    }
#else
    if (getenv("NOTIFY_SOCKET"))
        fprintf(stderr, "cardhall serve: built without libsystemd: cannot tell systemd it is "
                        "ready (use Type=simple, or build with libsystemd-dev)\n");
#endif
    notify("READY=1");
}

void sv_ops_tell_restart(sv_server *s, sv_conn *c)
{
    static const char word[] = "{\"type\":\"server_restarting\"}";
    sv_send(s, c, word, sizeof word - 1);
    if (!c->closing) c->closing = 3; /* 2: its queue was full, it goes at once */
}

static void drain_tick(lws_sorted_usec_list_t *sul)
{
    sv_server *s = lws_container_of(sul, sv_server, ops.drain_tick);
    lws_sul_schedule(s->ctx, 0, &s->ops.drain_tick, drain_tick, 50 * LWS_US_PER_MS);
}

void sv_ops_drain(sv_server *s, const struct lws_protocols *protocol)
{
    notify("STOPPING=1");
    s->ops.draining = 1;
    /* No bot moves and no new connections from here on (server.c refuses
     * them at LWS_CALLBACK_FILTER_NETWORK_CONNECTION; libwebsockets 4.1's
     * lws_context_deprecate, which would close the listening socket,
     * crashes without an event library). What was being
     * committed is: the loop is one thread, and a move is committed before
     * it is announced. */
    sv_tick_stop(s);
    lws_sul_schedule(s->ctx, 0, &s->ops.watchdog, NULL, LWS_SET_TIMER_USEC_CANCEL);
    /* Each connection, when it next may write, queues the word and closes
     * once its queue is out (server.c, ws_writeable). */
    lws_callback_on_writable_all_protocol(s->ctx, protocol);
    lws_sul_schedule(s->ctx, 0, &s->ops.drain_tick, drain_tick, 50 * LWS_US_PER_MS);
    int64_t end = sv_now_ms() + DRAIN_MS;
    while (s->n_conns > 0 && sv_now_ms() < end)
        if (sv_service(s) < 0) break;
    lws_sul_schedule(s->ctx, 0, &s->ops.drain_tick, NULL, LWS_SET_TIMER_USEC_CANCEL);
}
