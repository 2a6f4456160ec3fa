#include "cardhall/text.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>

void ch_text_init(ch_text *t, char *buf, size_t cap)
{
    t->buf = buf;
    t->cap = cap;
    t->len = 0;
    if (cap) buf[0] = '\0';
}

void ch_text_add(ch_text *t, const char *fmt, ...)
{
    size_t room = t->len < t->cap ? t->cap - t->len : 0;
    va_list ap;
    va_start(ap, fmt);
    /* With no room left vsnprintf only counts (a NULL buffer is allowed). */
    int n = vsnprintf(room ? t->buf + t->len : NULL, room, fmt, ap);
    va_end(ap);
    if (n > 0) t->len += (size_t)n;
}

int ch_text_len(const ch_text *t)
{
    return t->len > INT_MAX ? INT_MAX : (int)t->len;
}
