#include "cardhall/csv.h"

#include <ctype.h>
#include <string.h>

#include "cardhall/utf8.h"

void ch_csv_init_len(ch_csv *c, const char *text, size_t len)
{
    size_t bom = ch_utf8_bom(text, len);
    c->next = text + bom;
    c->end = text + len;
    c->line = 0;
}

void ch_csv_init(ch_csv *c, const char *text)
{
    ch_csv_init_len(c, text, strlen(text));
}

int ch_csv_bad_line(const char *text, size_t len)
{
    size_t ok = ch_utf8_valid_prefix(text, len);
    const char *nul = memchr(text, '\0', ok);
    if (nul) ok = (size_t)(nul - text);
    if (ok == len) return 0;
    int line = 1;
    for (size_t i = 0; i < ok; i++)
        line += text[i] == '\n';
    return line;
}

int ch_csv_next(ch_csv *c, const char **line, int *len)
{
    while (c->next < c->end) {
        const char *s = c->next, *eol = memchr(s, '\n', (size_t)(c->end - s));
        int n = (int)((eol ? eol : c->end) - s);
        c->next = eol ? eol + 1 : c->end;
        c->line++;
        ch_csv_field t = ch_csv_trim(s, n);
        if (t.len == 0 || t.s[0] == '#') continue;
        if (n > 0 && s[n - 1] == '\r') n--;
        *line = s;
        *len = n;
        return 1;
    }
    return 0;
}

ch_csv_field ch_csv_trim(const char *line, int len)
{
    int a = 0, b = len;
    while (a < b && isspace((unsigned char)line[a]))
        a++;
    while (b > a && isspace((unsigned char)line[b - 1]))
        b--;
    return (ch_csv_field){line + a, b - a, a + 1};
}

int ch_csv_split(const char *line, int len, ch_csv_field *f, int max)
{
    int nf = 0, start = 0;
    for (int i = 0; i <= len; i++) {
        if (i < len && line[i] != ',') continue;
        if (nf < max) {
            f[nf] = ch_csv_trim(line + start, i - start);
            f[nf].col += start;
        }
        nf++;
        start = i + 1;
    }
    return nf;
}

int ch_csv_is(const ch_csv_field *f, const char *s)
{
    return f->len == (int)strlen(s) && memcmp(f->s, s, (size_t)f->len) == 0;
}

int ch_csv_int(const ch_csv_field *f, int lo, int hi, int *out)
{
    int i = f->len > 0 && f->s[0] == '-', neg = i;
    if (i == f->len || f->len > 10) return 0;
    long v = 0;
    for (; i < f->len; i++) {
        if (!isdigit((unsigned char)f->s[i])) return 0;
        v = v * 10 + (f->s[i] - '0');
    }
    v = neg ? -v : v;
    if (v < lo || v > hi) return 0;
    *out = (int)v;
    return 1;
}
