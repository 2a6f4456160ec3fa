/* Checkpoints of the SQLite store's write-ahead log, off the loop (issue 29).
 *
 * SQLite checkpoints in the connection that commits, once the log passes
 * 1 000 pages: in the server, the loop thread. A checkpoint first syncs the
 * log; with 1 000 tables at a move a second on the Zen 3 machine that was
 * 12-16 ms a time, once a second or so, and no table moved meanwhile: it
 * was the p99 of a move. So the store's own connection never checkpoints
 * (wal_autocheckpoint=0) and this thread's connection does, every
 * SV_CKPT_MS, PASSIVE: the committed frames are copied into the database
 * file beside the loop's commits, without the write lock. A commit is as
 * durable as before (it is in the log either way); only the copy moved.
 *
 * Under commits that never pause, a passive checkpoint never reaches the
 * log's end, and SQLite restarts the log only once all of it is copied: so
 * past SV_CKPT_RESTART_FRAMES frames a RESTART checkpoint follows, which
 * holds new commits back while it copies the few frames written since the
 * passive one, and the next commit writes the log from its start. */
#include <pthread.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <time.h>

#include "bgthread.h"
#include "walckpt.h"

struct sv_ckpt {
    sqlite3 *db;
    pthread_t thread;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    int stop; /* under mu */
};

static void *run(void *arg)
{
    sv_ckpt *c = arg;
    pthread_mutex_lock(&c->mu);
    while (!c->stop) {
        struct timespec at;
        clock_gettime(CLOCK_REALTIME, &at);
        at.tv_nsec += SV_CKPT_MS * 1000000L;
        at.tv_sec += at.tv_nsec / 1000000000L;
        at.tv_nsec %= 1000000000L;
        pthread_cond_timedwait(&c->cv, &c->mu, &at);
        if (c->stop) break;
        pthread_mutex_unlock(&c->mu);
        /* A failed checkpoint (another process's, `cardhall backup`'s)
         * loses nothing: the frames stay in the log for the next round. */
        int log = 0, done = 0;
        int rc = sqlite3_wal_checkpoint_v2(c->db, NULL, SQLITE_CHECKPOINT_PASSIVE, &log, &done);
        if (rc == SQLITE_OK && log > SV_CKPT_RESTART_FRAMES) {
            /* Where giving up at once has let the log grow eight times
             * past the mark, the restart may wait a little (and hold the
             * loop's commits that long) rather than let it grow on. */
            sqlite3_busy_timeout(c->db, log > 8 * SV_CKPT_RESTART_FRAMES ? 20 : 0);
            sqlite3_wal_checkpoint_v2(c->db, NULL, SQLITE_CHECKPOINT_RESTART, &log, &done);
        }
        pthread_mutex_lock(&c->mu);
    }
    pthread_mutex_unlock(&c->mu);
    return NULL;
}

/* What sv_ckpt_start made before it failed: the connection and c. */
static sv_ckpt *give_up(sv_ckpt *c)
{
    sqlite3_close(c->db);
    free(c);
    return NULL;
}

sv_ckpt *sv_ckpt_start(const char *path, ch_err *err)
{
    sv_ckpt *c = calloc(1, sizeof *c);
    if (!c) {
        ch_errf(err, CH_ENOMEM, "out of memory");
        return NULL;
    }
    /* No busy timeout (but see run): a RESTART holds new commits back
     * while it waits, so where the loop is inside a commit, or a reader
     * such as `cardhall backup` still reads the log, it gives up at once
     * and the next round tries again. A connection learns that the file
     * is in WAL mode when it first reads it; until then a checkpoint does
     * nothing, hence the read. */
    if (sqlite3_open_v2(path, &c->db, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK ||
        sqlite3_busy_timeout(c->db, 0) != SQLITE_OK ||
        sqlite3_exec(c->db, "SELECT count(*) FROM sqlite_master", NULL, NULL, NULL) != SQLITE_OK) {
        ch_errf(err, CH_EIO, "database %s: checkpoints: %s", path,
                c->db ? sqlite3_errmsg(c->db) : "cannot open");
        return give_up(c);
    }
    pthread_mutex_init(&c->mu, NULL);
    pthread_cond_init(&c->cv, NULL);
    if (sv_bgthread_start(&c->thread, run, c) != 0) {
        ch_errf(err, CH_EIO, "database %s: cannot start the checkpoint thread", path);
        pthread_cond_destroy(&c->cv);
        pthread_mutex_destroy(&c->mu);
        return give_up(c);
    }
    return c;
}

void sv_ckpt_stop(sv_ckpt *c)
{
    if (!c) return;
    pthread_mutex_lock(&c->mu);
    c->stop = 1;
    pthread_cond_signal(&c->cv);
    pthread_mutex_unlock(&c->mu);
    pthread_join(c->thread, NULL);
    pthread_cond_destroy(&c->cv);
    pthread_mutex_destroy(&c->mu);
    sqlite3_close(c->db);
    free(c);
}
