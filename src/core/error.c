/* See cardhall/error.h. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "cardhall/error.h"

/* Length of the valid UTF-8 sequence at s (at most n bytes), or 0 if the
 * bytes there are not one (overlong, surrogate, above U+10FFFF, cut). */
static size_t utf8_len(const unsigned char *s, size_t n)
{
    if (n == 0) return 0;
    unsigned c = s[0];
    if (c < 0x80) return 1;
    size_t len;
    unsigned lo = 0x80, hi = 0xBF;
    if (c >= 0xC2 && c <= 0xDF)
        len = 2;
    else if (c >= 0xE0 && c <= 0xEF) {
        len = 3;
        if (c == 0xE0) lo = 0xA0;
        if (c == 0xED) hi = 0x9F;
    } else if (c >= 0xF0 && c <= 0xF4) {
        len = 4;
        if (c == 0xF0) lo = 0x90;
        if (c == 0xF4) hi = 0x8F;
    } else
        return 0;
    if (n < len) return 0;
    if (s[1] < lo || s[1] > hi) return 0;
    for (size_t i = 2; i < len; i++)
        if (s[i] < 0x80 || s[i] > 0xBF) return 0;
    return len;
}

/* Cuts s (len bytes) back so it does not end inside a UTF-8 sequence. */
static void cut_utf8(char *s, size_t len)
{
    size_t i = len;
    /* Back over continuation bytes to the start of the last sequence. */
    while (i > 0 && ((unsigned char)s[i - 1] & 0xC0) == 0x80 && len - i < 3)
        i--;
    if (i > 0 && (unsigned char)s[i - 1] >= 0xC0) {
        size_t need = utf8_len((const unsigned char *)s + i - 1, len - (i - 1));
        if (need == 0 || need != len - (i - 1)) len = i - 1;
    }
    s[len] = '\0';
}

void ch_vformat(char *buf, size_t cap, const char *fmt, va_list ap)
{
    int n = vsnprintf(buf, cap, fmt, ap);
    if (n < 0) {
        buf[0] = '\0';
        return;
    }
    if ((size_t)n >= cap) cut_utf8(buf, cap - 1);
}

int ch_errf(ch_err *err, int code, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        ch_vformat(err->msg, sizeof err->msg, fmt, ap);
        va_end(ap);
    }
    return code;
}

const char *ch_quote(const char *text, char *buf, size_t cap)
{
    static const char more[] = "...";
    const unsigned char *s = (const unsigned char *)(text ? text : "");
    size_t n = strlen((const char *)s), k = 0, room = cap - sizeof more; /* keep room for "..." */
    for (size_t i = 0; i < n;) {
        char piece[8];
        size_t len = utf8_len(s + i, n - i), plen;
        if (len == 1 && (s[i] < 0x20 || s[i] == 0x7F)) {
            plen = (size_t)snprintf(piece, sizeof piece, "\\x%02X", s[i]);
        } else if (len == 0) {
            memcpy(piece, "\xEF\xBF\xBD", 3); /* U+FFFD for one bad byte */
            plen = 3;
            len = 1;
        } else {
            memcpy(piece, s + i, len);
            plen = len;
        }
        if (k + plen > room) {
            memcpy(buf + k, more, sizeof more);
            return buf;
        }
        memcpy(buf + k, piece, plen);
        k += plen;
        i += len;
    }
    buf[k] = '\0';
    return buf;
}
