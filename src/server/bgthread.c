/* The server's own threads (bgthread.h). */
#include <signal.h>

#include "bgthread.h"

int sv_bgthread_start(pthread_t *t, void *(*fn)(void *), void *arg)
{
    /* A thread starts with its creator's mask: block all, create, restore. */
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, &old);
    int rc = pthread_create(t, NULL, fn, arg);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    return rc;
}
