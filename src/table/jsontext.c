/* See cardhall/jsontext.h. The rules of jansson 2.14's dump.c with
 * JSON_COMPACT: objects in insertion order ("key":value, no spaces), '"',
 * '\\' and bytes below 0x20 escaped (\b \f \n \r \t by name, the rest as
 * \u00XX in upper-case hex), every other byte as it is (jansson's strings
 * are valid UTF-8, so a multi-byte character passes unchanged), integers in
 * decimal, reals exactly as jansson prints them (it is asked: they are rare
 * in a message). test_jsontext holds the two writers to the same bytes. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cardhall/jsontext.h"

#define MAX_DEPTH 2048

static int reserve(tb_text *t, size_t more)
{
    if (t->failed) return -1;
    if (t->len + more + 1 <= t->cap) return 0;
    size_t cap = t->cap ? t->cap : 1024;
    while (cap < t->len + more + 1)
        cap *= 2;
    char *p = realloc(t->p, cap);
    if (!p) {
        t->failed = 1;
        return -1;
    }
    t->p = p;
    t->cap = cap;
    return 0;
}

/* Most writes fit in what the buffer already has: the test is inline. */
static int room_for(tb_text *t, size_t more)
{
    return t->len + more + 1 <= t->cap && !t->failed ? 0 : reserve(t, more);
}

static int put(tb_text *t, const char *s, size_t n)
{
    if (room_for(t, n)) return -1;
    memcpy(t->p + t->len, s, n);
    t->len += n;
    t->p[t->len] = '\0';
    return 0;
}

static int put_int(tb_text *t, json_int_t v)
{
    char buf[24], *e = buf + sizeof buf, *p = e;
    /* The magnitude as unsigned, so the most negative value has one too. */
    unsigned long long u = v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v;
    do {
        *--p = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    if (v < 0) *--p = '-';
    return put(t, p, (size_t)(e - p));
}

static int put_string(tb_text *t, const char *s, size_t n)
{
    static const char hex[] = "0123456789ABCDEF";
    /* At worst every byte becomes six (\u00XX), plus the quotes. */
    if (room_for(t, n * 6 + 2)) return -1;
    char *o = t->p + t->len;
    *o++ = '"';
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x20 && c != '"' && c != '\\') {
            *o++ = (char)c;
            continue;
        }
        *o++ = '\\';
        switch (c) {
        case '"': *o++ = '"'; break;
        case '\\': *o++ = '\\'; break;
        case '\b': *o++ = 'b'; break;
        case '\f': *o++ = 'f'; break;
        case '\n': *o++ = 'n'; break;
        case '\r': *o++ = 'r'; break;
        case '\t': *o++ = 't'; break;
        default:
            *o++ = 'u', *o++ = '0', *o++ = '0';
            *o++ = hex[c >> 4], *o++ = hex[c & 15];
        }
    }
    *o++ = '"';
    t->len = (size_t)(o - t->p);
    t->p[t->len] = '\0';
    return 0;
}

static int put_real(tb_text *t, const json_t *j)
{
    char *s = json_dumps(j, JSON_COMPACT | JSON_ENCODE_ANY);
    if (!s) {
        t->failed = 1;
        return -1;
    }
    int rc = put(t, s, strlen(s));
    free(s);
    return rc;
}

static int value(tb_text *t, const json_t *j, int depth)
{
    if (!j || depth > MAX_DEPTH) {
        t->failed = 1;
        return -1;
    }
    switch (json_typeof(j)) {
    case JSON_NULL: return put(t, "null", 4);
    case JSON_TRUE: return put(t, "true", 4);
    case JSON_FALSE: return put(t, "false", 5);
    case JSON_INTEGER: return put_int(t, json_integer_value(j));
    case JSON_REAL: return put_real(t, j);
    case JSON_STRING: return put_string(t, json_string_value(j), json_string_length(j));
    case JSON_ARRAY: {
        if (put(t, "[", 1)) return -1;
        size_t n = json_array_size(j);
        for (size_t i = 0; i < n; i++)
            if ((i && put(t, ",", 1)) || value(t, json_array_get(j, i), depth + 1)) return -1;
        return put(t, "]", 1);
    }
    case JSON_OBJECT: {
        if (put(t, "{", 1)) return -1;
        int first = 1;
        /* json_object_iter walks the keys in insertion order, as dump.c does. */
        for (void *it = json_object_iter((json_t *)j); it;
             it = json_object_iter_next((json_t *)j, it)) {
            if (!first && put(t, ",", 1)) return -1;
            first = 0;
            if (put_string(t, json_object_iter_key(it), json_object_iter_key_len(it)) ||
                put(t, ":", 1) || value(t, json_object_iter_value(it), depth + 1))
                return -1;
        }
        return put(t, "}", 1);
    }
    }
    t->failed = 1;
    return -1;
}

int tb_json_append(tb_text *t, const json_t *j)
{
    if (t->failed) return -1;
    return value(t, j, 0);
}

char *tb_json_dumps(const json_t *j, size_t *len)
{
    tb_text t = TB_TEXT_INIT;
    /* json_dumps without JSON_ENCODE_ANY takes only an object or an array. */
    if (!json_is_object(j) && !json_is_array(j)) return NULL;
    if (tb_json_append(&t, j)) {
        free(t.p);
        return NULL;
    }
    if (len) *len = t.len;
    return t.p;
}

int tb_text_put(tb_text *t, const char *s, size_t n)
{
    return put(t, s, n);
}

int tb_text_int(tb_text *t, json_int_t v)
{
    return put_int(t, v);
}

int tb_text_string(tb_text *t, const char *s, size_t n)
{
    return put_string(t, s, n);
}
