/* See backup.h. */
#define _DEFAULT_SOURCE /* flock */
#include <errno.h>
#include <fcntl.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "backup.h"
#include "store.h"

static int db_fail(sqlite3 *db, ch_err *err, const char *what, const char *path)
{
    return ch_errf(err, CH_EIO, "%s %s: %s", what, path, db ? sqlite3_errmsg(db) : "cannot open");
}

/* The schema version of a cardhall database, or -1. */
static int schema_version(sqlite3 *db)
{
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &st, NULL) != SQLITE_OK) return -1;
    int v = sqlite3_step(st) == SQLITE_ROW ? sqlite3_column_int(st, 0) : -1;
    sqlite3_finalize(st);
    return v;
}

/* Whether a server holds out (store.c's flock): writing over a live
 * database under it would corrupt what it holds in memory and in its WAL. */
static int in_use(const char *path)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return 0;
    int busy = flock(fd, LOCK_EX | LOCK_NB) != 0 && errno == EWOULDBLOCK;
    close(fd);
    return busy;
}

static int copy(sqlite3 *from, const char *tmp, ch_err *err)
{
    sqlite3 *to = NULL;
    int rc = CH_OK;
    if (sqlite3_open_v2(tmp, &to, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL) != SQLITE_OK)
        rc = db_fail(to, err, "backup: cannot create", tmp);
    sqlite3_backup *b = rc == CH_OK ? sqlite3_backup_init(to, "main", from, "main") : NULL;
    if (rc == CH_OK && !b) rc = db_fail(to, err, "backup: cannot start the copy to", tmp);
    if (b) {
        /* Every page in one step: one read transaction, so the copy is one
         * committed state however fast the server writes. A WAL reader
         * does not hold the writer up; the loop only waits out the moments
         * another connection has the file locked (a checkpoint). */
        int step;
        for (int tries = 0; tries < 100; tries++) {
            step = sqlite3_backup_step(b, -1);
            if (step != SQLITE_BUSY && step != SQLITE_LOCKED) break;
            sqlite3_sleep(50);
        }
        if (sqlite3_backup_finish(b) != SQLITE_OK || step != SQLITE_DONE)
            rc = ch_errf(err, CH_EIO, "backup: copy failed: %s", sqlite3_errstr(step));
    }
    if (rc == CH_OK) {
        /* The copy is a database of its own: checked before it counts. */
        sqlite3_stmt *st;
        const char *ok = NULL;
        if (sqlite3_prepare_v2(to, "PRAGMA quick_check", -1, &st, NULL) == SQLITE_OK) {
            if (sqlite3_step(st) == SQLITE_ROW) ok = (const char *)sqlite3_column_text(st, 0);
            if (!ok || strcmp(ok, "ok") != 0)
                rc = ch_errf(err, CH_EIO, "backup: the copy does not check: %s",
                             ok ? ok : sqlite3_errmsg(to));
            sqlite3_finalize(st);
        } else {
            rc = db_fail(to, err, "backup: cannot check", tmp);
        }
    }
    if (sqlite3_close(to) != SQLITE_OK && rc == CH_OK)
        rc = ch_errf(err, CH_EIO, "backup: cannot close %s", tmp);
    return rc;
}

int sv_backup(const char *src, const char *out, ch_err *err)
{
    /* PostgreSQL has its own consistent copy, which knows its server's
     * configuration and roles: pg_dump (docs/deploy.md). */
    if (sv_store_is_pg(src))
        return ch_errf(err, CH_EINVAL,
                       "backup: copies a SQLite database; back up a PostgreSQL one with pg_dump "
                       "(docs/deploy.md)");
    if (in_use(out))
        return ch_errf(err, CH_EINVAL,
                       "backup: %s is the database of a running server; stop it first", out);
    sqlite3 *from = NULL;
    /* Never created: a mistyped path is an error, not a new empty
     * database. Read-write though nothing is written: a read-only
     * connection that is the file's last (the server stopped) would leave
     * its -wal and -shm files behind, owned by whoever ran the backup
     * (root), and the service's own user could then not open them. */
    if (sqlite3_open_v2(src, &from, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK) {
        int rc = db_fail(from, err, "backup: cannot open", src);
        sqlite3_close(from);
        return rc;
    }
    sqlite3_busy_timeout(from, 5000);
    int v = schema_version(from);
    if (v < 1 || v > SV_SCHEMA_VERSION) {
        int rc = v < 0 ? db_fail(from, err, "backup: cannot read", src)
                       : ch_errf(err, CH_EFORMAT, "backup: %s is not a cardhall database "
                                 "(schema version %d)", src, v);
        sqlite3_close(from);
        return rc;
    }
    size_t n = strlen(out) + 16;
    char *tmp = malloc(n);
    if (!tmp) {
        sqlite3_close(from);
        return ch_errf(err, CH_ENOMEM, "out of memory");
    }
    snprintf(tmp, n, "%s.tmp-%ld", out, (long)getpid());
    unlink(tmp);
    int rc = copy(from, tmp, err);
    sqlite3_close(from);
    if (rc == CH_OK && rename(tmp, out) != 0)
        rc = ch_errf(err, CH_EIO, "backup: cannot rename %s to %s: %s", tmp, out,
                     strerror(errno));
    if (rc != CH_OK) unlink(tmp);
    free(tmp);
    return rc;
}
