/* The web client's files, compiled in by cmake/ch_embed_web.cmake: the
 * server serves these and nothing else. */
#ifndef SV_WEB_FILES_H
#define SV_WEB_FILES_H

#include <stddef.h>

typedef struct {
    const char *path; /* URL path, e.g. "/boards/racko.js" */
    const char *mime;
    const char *body; /* NUL-terminated */
    size_t len;
} sv_web_file;

extern const sv_web_file sv_web_files[];
extern const size_t sv_web_nfiles;

#endif
