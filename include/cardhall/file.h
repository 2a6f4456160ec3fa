/* Reading files named by a local user (records, card data). Only regular
 * files are opened: a directory, FIFO, device or /dev/stdin is refused with a
 * clear message instead of blocking or swallowing the caller's own input.
 * Network front ends never call this: they take content, not paths. */
#ifndef CARDHALL_FILE_H
#define CARDHALL_FILE_H

#include <stddef.h>

#include "cardhall/error.h"

/* Reads the whole regular file at path, at most max bytes, into a new
 * NUL-terminated buffer (*buf, *len without the NUL; caller frees).
 * CH_EIO with the OS's reason, or "not a regular file" / "larger than". The
 * message names the path, never the file's content. */
int ch_file_read(const char *path, size_t max, char **buf, size_t *len, ch_err *err);

/* Checks that path can be created or overwritten as a regular file, or is
 * a character device to write to (/dev/null, /dev/stdout), before long work
 * whose result would otherwise be lost: CH_EIO with the OS's reason, or for
 * a directory, FIFO or socket. what names the file for the message
 * ("record", "report"). Leaves no new file behind. Only reading is limited
 * to regular files (ch_file_read). */
int ch_file_check_writable(const char *path, const char *what, ch_err *err);

#endif
