/* The server's own threads beside the event loop (walckpt.c's checkpoints,
 * think.c's bots). */
#ifndef CARDHALL_SERVER_BGTHREAD_H
#define CARDHALL_SERVER_BGTHREAD_H

#include <pthread.h>

/* Starts fn(arg) on a thread that blocks every signal: SIGTERM's graceful
 * stop and SIGHUP's certificate reload are the loop's. 0 on success. */
int sv_bgthread_start(pthread_t *t, void *(*fn)(void *), void *arg);

#endif
