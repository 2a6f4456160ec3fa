/* See cardhall/file.h. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cardhall/file.h"

int ch_file_read(const char *path, size_t max, char **buf, size_t *len, ch_err *err)
{
    /* O_NONBLOCK: opening a FIFO with no writer must not block; the type
     * check after opening (not before) leaves no window for a swap. */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) return ch_errf(err, CH_EIO, "%s: %s", path, strerror(errno));
    struct stat sb;
    if (fstat(fd, &sb) != 0) {
        int e = errno;
        close(fd);
        return ch_errf(err, CH_EIO, "%s: %s", path, strerror(e));
    }
    if (!S_ISREG(sb.st_mode)) {
        close(fd);
        return ch_errf(err, CH_EIO, "%s: %s", path,
                       S_ISDIR(sb.st_mode) ? "is a directory, not a file" : "not a regular file");
    }
    if ((unsigned long long)sb.st_size > max) {
        close(fd);
        return ch_errf(err, CH_EIO, "%s: larger than %zu bytes", path, max);
    }
    size_t want = (size_t)sb.st_size, n = 0;
    char *b = malloc(want + 1);
    if (!b) {
        close(fd);
        return ch_errf(err, CH_ENOMEM, "%s: out of memory", path);
    }
    /* Reads what fstat saw; a file that grows meanwhile is cut there. */
    while (n < want) {
        ssize_t r = read(fd, b + n, want - n);
        if (r < 0 && errno == EINTR) continue;
        if (r < 0) {
            int e = errno;
            free(b);
            close(fd);
            return ch_errf(err, CH_EIO, "%s: %s", path, strerror(e));
        }
        if (r == 0) break;
        n += (size_t)r;
    }
    close(fd);
    b[n] = '\0';
    *buf = b;
    *len = n;
    return CH_OK;
}

int ch_file_check_writable(const char *path, const char *what, ch_err *err)
{
    struct stat sb;
    if (stat(path, &sb) == 0) {
        /* Writing is not reading: a device a person names (/dev/null,
         * /dev/stdout, a terminal) takes the output as it is. A directory
         * or a FIFO (whose open would block until someone reads) does not. */
        if (S_ISDIR(sb.st_mode))
            return ch_errf(err, CH_EIO, "%s %s: is a directory, not a file", what, path);
        if (!S_ISREG(sb.st_mode) && !S_ISCHR(sb.st_mode))
            return ch_errf(err, CH_EIO, "%s %s: not a regular file or a character device", what,
                           path);
        if (access(path, W_OK) != 0)
            return ch_errf(err, CH_EIO, "%s %s: %s", what, path, strerror(errno));
        return CH_OK;
    }
    if (errno != ENOENT) return ch_errf(err, CH_EIO, "%s %s: %s", what, path, strerror(errno));
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd < 0) return ch_errf(err, CH_EIO, "%s %s: %s", what, path, strerror(errno));
    close(fd);
    unlink(path);
    return CH_OK;
}
