#include "cardhall/text.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void ch_text_init(ch_text *t, char *buf, size_t cap)
{
    t->buf = buf;
    t->cap = cap;
    t->len = 0;
    if (cap) buf[0] = '\0';
}

/* Whether fmt uses only what fast_add writes itself: text, %%, and %d, %i,
 * %s, %c with an optional '-' and a width. Boards and move names are built
 * of these a few dozen calls at a time, for every viewer after every move;
 * vsnprintf's set-up was most of a board's cost on the table server. */
static int fast_ok(const char *fmt)
{
    for (const char *p = fmt; *p; p++) {
        if (*p != '%') continue;
        if (*++p == '%') continue;
        while (*p == '-')
            p++;
        if (*p == '0') return 0; /* zero padding */
        while (*p >= '0' && *p <= '9')
            p++;
        if (*p != 'd' && *p != 'i' && *p != 's' && *p != 'c') return 0;
    }
    return 1;
}

/* Bytes at t's end, at most up to the last byte before cap (kept for the
 * NUL), counted in *n whether they fit or not: vsnprintf's contract. */
static void put(ch_text *t, size_t *n, const char *s, size_t k)
{
    size_t at = t->len + *n;
    if (t->cap && at < t->cap - 1) {
        size_t fit = t->cap - 1 - at;
        memcpy(t->buf + at, s, k < fit ? k : fit);
    }
    *n += k;
}

static void pad(ch_text *t, size_t *n, size_t k)
{
    static const char spaces[] = "                ";
    while (k > 0) {
        size_t c = k < sizeof spaces - 1 ? k : sizeof spaces - 1;
        put(t, n, spaces, c);
        k -= c;
    }
}

/* What vsnprintf(t->buf + t->len, room, fmt, ap) would write and count, for
 * a fmt that fast_ok allows. Returns -1 (nothing counted) on a NULL string,
 * which the caller leaves to vsnprintf. */
static long fast_add(ch_text *t, const char *fmt, va_list ap)
{
    size_t n = 0;
    const char *p = fmt;
    while (*p) {
        const char *q = strchr(p, '%');
        if (!q) q = p + strlen(p);
        put(t, &n, p, (size_t)(q - p));
        if (!*q) break;
        q++;
        int left = 0;
        size_t width = 0;
        while (*q == '-')
            left = 1, q++;
        while (*q >= '0' && *q <= '9')
            width = width * 10 + (size_t)(*q++ - '0');
        char num[16];
        const char *s = num;
        size_t k;
        switch (*q) {
        case '%': num[0] = '%', k = 1; break;
        case 'c': num[0] = (char)va_arg(ap, int), k = 1; break;
        case 's':
            s = va_arg(ap, const char *);
            if (!s) return -1;
            k = strlen(s);
            break;
        default: { /* d, i */
            int v = va_arg(ap, int);
            unsigned u = v < 0 ? 0u - (unsigned)v : (unsigned)v;
            char *e = num + sizeof num, *b = e;
            do
                *--b = (char)('0' + u % 10);
            while (u /= 10);
            if (v < 0) *--b = '-';
            s = b, k = (size_t)(e - b);
        }
        }
        if (!left && width > k) pad(t, &n, width - k);
        put(t, &n, s, k);
        if (left && width > k) pad(t, &n, width - k);
        p = q + 1;
    }
    if (t->cap && t->len < t->cap) {
        size_t end = t->len + n;
        t->buf[end < t->cap - 1 ? end : t->cap - 1] = '\0';
    }
    return (long)n;
}

void ch_text_add(ch_text *t, const char *fmt, ...)
{
    size_t room = t->len < t->cap ? t->cap - t->len : 0;
    va_list ap;
    va_start(ap, fmt);
    if (fast_ok(fmt)) {
        va_list again;
        va_copy(again, ap);
        long n = fast_add(t, fmt, again);
        va_end(again);
        if (n >= 0) {
            va_end(ap);
            if (n > 0) t->len += (size_t)n;
            return;
        }
    }
    /* With no room left vsnprintf only counts (a NULL buffer is allowed). */
    int n = vsnprintf(room ? t->buf + t->len : NULL, room, fmt, ap);
    va_end(ap);
    if (n > 0) t->len += (size_t)n;
}

int ch_text_width(const char *s)
{
    int w = 0;
    for (const unsigned char *u = (const unsigned char *)s; *u; u++) {
        if ((*u & 0xC0) == 0x80) continue; /* a character's later bytes */
        unsigned cp = *u;
        if (*u >= 0xE0 && *u < 0xF0 && u[1] && u[2])
            cp = (unsigned)(*u & 0x0F) << 12 | (unsigned)(u[1] & 0x3F) << 6 | (u[2] & 0x3Fu);
        /* Hangul Jamo, CJK (punctuation, kana, ideographs, Hangul), full-width forms. */
        w += (cp >= 0x1100 && cp <= 0x115F) || (cp >= 0x2E80 && cp <= 0xA4CF) ||
                     (cp >= 0xAC00 && cp <= 0xD7A3) || (cp >= 0xF900 && cp <= 0xFAFF) ||
                     (cp >= 0xFE30 && cp <= 0xFE4F) || (cp >= 0xFF00 && cp <= 0xFF60) ||
                     (cp >= 0xFFE0 && cp <= 0xFFE6) || *u >= 0xF0
                 ? 2
                 : 1;
    }
    return w;
}

void ch_text_item(ch_text *t, int *col, const char *sep, const char *item, const char *indent,
                  int width)
{
    int sw = ch_text_width(sep), iw = ch_text_width(item);
    if (*col + sw + iw > width && *col > ch_text_width(indent)) {
        size_t k = strlen(sep); /* a comma stays at the line's end, its space goes */
        while (k > 0 && sep[k - 1] == ' ')
            k--;
        ch_text_add(t, "%.*s\n%s%s", (int)k, sep, indent, item);
        *col = ch_text_width(indent) + iw;
    } else {
        ch_text_add(t, "%s%s", sep, item);
        *col += sw + iw;
    }
}

int ch_text_len(const ch_text *t)
{
    return t->len > INT_MAX ? INT_MAX : (int)t->len;
}
