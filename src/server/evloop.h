/* libev's loop for the server, loaded at run time (issue 29).
 *
 * libev also exports libevent's names (event_add, ...); linked into the
 * cardhall program it took the place of the libevent that OpenMPI uses, and
 * `cardhall sim --mpi` crashed in MPI_Init. Loaded with dlopen (RTLD_LOCAL)
 * when the server starts, its names stay out of everyone else's way. */
#ifndef CARDHALL_SERVER_EVLOOP_H
#define CARDHALL_SERVER_EVLOOP_H

struct ev_loop;

/* A new epoll loop, or NULL (no libev on this machine: the caller falls
 * back to libwebsockets' poll loop). */
struct ev_loop *sv_evloop_new(void);
/* Waits for what is ready, handles it, returns (ev_run EVRUN_ONCE). */
void sv_evloop_run_once(struct ev_loop *loop);
void sv_evloop_destroy(struct ev_loop *loop);

/* A one-shot timer of ours on the loop (the server's tick). libwebsockets
 * 4.1's own timers (lws_sul) cannot serve there: its libev plugin arms one
 * libev timer for the earliest of them and, while that is armed, never
 * moves it sooner (ev_timer_start on an armed timer does nothing), so a
 * timer set sooner from a connection's callback waited for the later one. */
typedef struct sv_evtimer sv_evtimer;
sv_evtimer *sv_evtimer_new(struct ev_loop *loop, void (*cb)(void *arg), void *arg);
/* Fires cb once, seconds from now (moved if it was set). */
void sv_evtimer_set(sv_evtimer *t, double seconds);
void sv_evtimer_stop(sv_evtimer *t);
void sv_evtimer_free(sv_evtimer *t); /* before its loop is destroyed */

#endif
