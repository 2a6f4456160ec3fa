/* See cardhall/utf8.h. */
#include <string.h>

#include "cardhall/utf8.h"

/* The length of the valid character at s[0..len), or 0 if it is not one
 * (RFC 3629's table of well-formed byte sequences). */
static size_t char_len(const unsigned char *s, size_t len)
{
    unsigned c = s[0];
    if (c < 0x80) return 1;
    size_t n;
    unsigned lo = 0x80, hi = 0xBF; /* allowed range of the second byte */
    if (c >= 0xC2 && c <= 0xDF) {
        n = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
        n = 3;
        if (c == 0xE0) lo = 0xA0; /* overlong */
        if (c == 0xED) hi = 0x9F; /* surrogates */
    } else if (c >= 0xF0 && c <= 0xF4) {
        n = 4;
        if (c == 0xF0) lo = 0x90; /* overlong */
        if (c == 0xF4) hi = 0x8F; /* above U+10FFFF */
    } else {
        return 0;
    }
    if (len < n || s[1] < lo || s[1] > hi) return 0;
    for (size_t i = 2; i < n; i++)
        if (s[i] < 0x80 || s[i] > 0xBF) return 0;
    return n;
}

size_t ch_utf8_valid_prefix(const char *s, size_t len)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t i = 0;
    while (i < len) {
        size_t n = char_len(u + i, len - i);
        if (n == 0) break;
        i += n;
    }
    return i;
}

void ch_utf8_sanitize(const char *s, char *buf, size_t cap)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t len = strlen(s), i = 0, o = 0;
    while (i < len) {
        size_t n = char_len(u + i, len - i);
        size_t w = n ? n : 1;
        if (o + w >= cap) break;
        if (n)
            memcpy(buf + o, s + i, n);
        else
            buf[o] = '?';
        o += w;
        i += w;
    }
    buf[o] = '\0';
}

/* The code point of the valid n-byte character at s. */
static unsigned long decode(const unsigned char *s, size_t n)
{
    static const unsigned char lead_mask[] = {0, 0x7F, 0x1F, 0x0F, 0x07};
    unsigned long cp = s[0] & lead_mask[n];
    for (size_t i = 1; i < n; i++)
        cp = cp << 6 | (s[i] & 0x3F);
    return cp;
}

static int shown_safely(unsigned long cp)
{
    if (cp < 0x20 || (cp >= 0x7F && cp <= 0x9F)) return 0; /* C0, DEL, C1 */
    if (cp == 0x061C || cp == 0x200E || cp == 0x200F) return 0;
    if (cp >= 0x202A && cp <= 0x202E) return 0;
    if (cp >= 0x2066 && cp <= 0x2069) return 0;
    if (cp == 0x2028 || cp == 0x2029) return 0;
    return 1;
}

int ch_utf8_text_ok(const char *s, size_t len)
{
    const unsigned char *u = (const unsigned char *)s;
    for (size_t i = 0; i < len;) {
        size_t n = char_len(u + i, len - i);
        if (n == 0 || !shown_safely(decode(u + i, n))) return 0;
        i += n;
    }
    return 1;
}

size_t ch_utf8_bom(const char *s, size_t len)
{
    return len >= 3 && memcmp(s, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
}
