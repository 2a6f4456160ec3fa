/* `cardhall backup`: a consistent copy of a live server's database. */
#ifndef CARDHALL_SERVER_BACKUP_H
#define CARDHALL_SERVER_BACKUP_H

#include "cardhall/error.h"

/* Copies the cardhall database at src to out with SQLite's online backup
 * API, while a server may be writing to src: the copy is src as of one
 * committed transaction. The copy is made beside out under a temporary
 * name, checked (PRAGMA quick_check) and renamed over out, so out is
 * either the old file or a whole new copy. out may not be a database a
 * server is using. Returns CH_OK or an error code with err. */
int sv_backup(const char *src, const char *out, ch_err *err);

#endif
