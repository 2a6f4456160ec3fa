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

#endif
