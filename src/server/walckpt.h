/* The SQLite store's log checkpoints, on a thread of their own (issue 29). */
#ifndef CARDHALL_SERVER_WALCKPT_H
#define CARDHALL_SERVER_WALCKPT_H

#include "cardhall/error.h"

typedef struct sv_ckpt sv_ckpt;

/* Past this many frames in the log a checkpoint also restarts it. */
#define SV_CKPT_RESTART_FRAMES 4096
#define SV_CKPT_MS 100 /* between checkpoints */

/* Starts checkpointing the database at path (in WAL mode, whose own
 * connections have wal_autocheckpoint=0) through a connection of its own;
 * NULL and err on failure. */
sv_ckpt *sv_ckpt_start(const char *path, ch_err *err);
/* Stops the thread (after a checkpoint under way) and closes its connection. */
void sv_ckpt_stop(sv_ckpt *c);

#endif
