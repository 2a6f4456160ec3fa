/* Building text in a caller's buffer, the way render and action_name do:
 * appends never write past the end, and the length counts everything, so
 * like snprintf a caller sees a too-small buffer as len >= cap and can
 * retry with more room. */
#ifndef CARDHALL_TEXT_H
#define CARDHALL_TEXT_H

#include <stddef.h>

typedef struct ch_text {
    char *buf;
    size_t cap; /* may be 0: then only the length is counted */
    size_t len; /* what the whole text needs, without the NUL */
} ch_text;

/* Starts an empty text in buf[cap]. */
void ch_text_init(ch_text *t, char *buf, size_t cap);

/* Appends printf-style; the buffer always holds a NUL-terminated prefix. */
void ch_text_add(ch_text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The columns s takes in a terminal: two for a wide (CJK, full-width)
 * character, one for any other. */
int ch_text_width(const char *s);

/* Appends item to a list wrapped at width columns: after sep on the same
 * line while the line stays within width, else on a new line after indent
 * (sep's trailing spaces dropped: "a, b,\n  c").
 * *col counts the current line's columns: the caller sets it where the
 * list starts (a board's card lists, whose names are long). */
void ch_text_item(ch_text *t, int *col, const char *sep, const char *item, const char *indent,
                  int width);

/* The length as render/action_name return it. */
int ch_text_len(const ch_text *t);

#endif
