#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cardhall/options.h"

int ch_opts_index(const ch_optdesc *desc, int n, const char *key)
{
    for (int i = 0; i < n; i++)
        if (strcmp(desc[i].key, key) == 0) return i;
    return -1;
}

/* Parses value for desc into *val and canonical text; CH_EINVAL with a
 * message naming the key otherwise. */
static int parse_value(const ch_optdesc *d, const char *value, int *val, char *text, ch_err *err)
{
    char range[160];
    ch_opts_describe(d, range, sizeof range);
    switch (d->type) {
    case CH_OPT_INT: {
        if (d->unset && strcmp(value, d->unset) == 0) {
            *val = -1;
            snprintf(text, CH_OPT_TEXT, "%s", d->unset);
            return CH_OK;
        }
        char *end;
        errno = 0;
        long v = strtol(value, &end, 10);
        if (*value == '\0' || *end != '\0' || errno || v < d->min || v > d->max)
            return ch_errf(err, CH_EINVAL, "option %s: '%s' is not valid (expected %s)", d->key,
                           value, range);
        *val = (int)v;
        snprintf(text, CH_OPT_TEXT, "%ld", v);
        return CH_OK;
    }
    case CH_OPT_BOOL:
        if (!strcmp(value, "true") || !strcmp(value, "1") || !strcmp(value, "on") ||
            !strcmp(value, "yes")) {
            *val = 1;
        } else if (!strcmp(value, "false") || !strcmp(value, "0") || !strcmp(value, "off") ||
                   !strcmp(value, "no")) {
            *val = 0;
        } else {
            return ch_errf(err, CH_EINVAL, "option %s: '%s' is not valid (expected %s)", d->key,
                           value, range);
        }
        snprintf(text, CH_OPT_TEXT, "%s", *val ? "true" : "false");
        return CH_OK;
    case CH_OPT_ENUM:
        for (int i = 0; d->choices[i]; i++) {
            if (strcmp(d->choices[i], value) == 0) {
                *val = i;
                snprintf(text, CH_OPT_TEXT, "%s", value);
                return CH_OK;
            }
        }
        return ch_errf(err, CH_EINVAL, "option %s: '%s' is not valid (expected %s)", d->key, value,
                       range);
    case CH_OPT_STR:
        if (strlen(value) >= CH_OPT_TEXT)
            return ch_errf(err, CH_EINVAL, "option %s: value longer than %d characters", d->key,
                           CH_OPT_TEXT - 1);
        *val = 0;
        snprintf(text, CH_OPT_TEXT, "%s", value);
        return CH_OK;
    }
    return ch_errf(err, CH_EINVAL, "option %s: unknown type", d->key);
}

void ch_opts_defaults(ch_opts *o, const ch_optdesc *desc, int n)
{
    memset(o, 0, sizeof *o);
    o->n = n;
    for (int i = 0; i < n; i++) {
        int rc = parse_value(&desc[i], desc[i].def, &o->val[i], o->text[i], NULL);
        (void)rc; /* defaults are part of the game's code; test_core checks every game's */
    }
}

int ch_opts_set(ch_opts *o, const ch_optdesc *desc, int n, const char *kv, ch_err *err)
{
    const char *eq = strchr(kv, '=');
    if (!eq || eq == kv) return ch_errf(err, CH_EINVAL, "option '%s': expected key=value", kv);
    char key[64];
    size_t klen = (size_t)(eq - kv);
    if (klen >= sizeof key) return ch_errf(err, CH_EINVAL, "option '%.40s...': key too long", kv);
    memcpy(key, kv, klen);
    key[klen] = '\0';
    int i = ch_opts_index(desc, n, key);
    if (i < 0) {
        char known[512] = "";
        for (int j = 0; j < n; j++) {
            size_t len = strlen(known);
            snprintf(known + len, sizeof known - len, "%s%s", j ? ", " : "", desc[j].key);
        }
        return ch_errf(err, CH_EINVAL, "unknown option '%s' (known: %s)", key, known);
    }
    /* Set by parse_value on success; zeroed because gcc -O3 -fPIC (the
     * Python module's build) cannot see that and warns. */
    int val = 0;
    char text[CH_OPT_TEXT];
    int rc = parse_value(&desc[i], eq + 1, &val, text, err);
    if (rc != CH_OK) return rc;
    o->val[i] = val;
    memcpy(o->text[i], text, CH_OPT_TEXT);
    return CH_OK;
}

int ch_opts_parse(ch_opts *o, const ch_optdesc *desc, int n, const char *const *kv, int nkv,
                  ch_err *err)
{
    ch_opts tmp;
    ch_opts_defaults(&tmp, desc, n);
    for (int i = 0; i < nkv; i++) {
        int rc = ch_opts_set(&tmp, desc, n, kv[i], err);
        if (rc != CH_OK) return rc;
    }
    *o = tmp;
    return CH_OK;
}

void ch_opts_describe(const ch_optdesc *d, char *buf, int cap)
{
    switch (d->type) {
    case CH_OPT_INT:
        if (d->unset)
            snprintf(buf, (size_t)cap, "int %d..%d or %s", d->min, d->max, d->unset);
        else
            snprintf(buf, (size_t)cap, "int %d..%d", d->min, d->max);
        break;
    case CH_OPT_BOOL:
        snprintf(buf, (size_t)cap, "true|false");
        break;
    case CH_OPT_ENUM: {
        int len = 0;
        buf[0] = '\0';
        for (int i = 0; d->choices[i] && len < cap; i++)
            len += snprintf(buf + len, (size_t)(cap - len), "%s%s", i ? "|" : "", d->choices[i]);
        break;
    }
    case CH_OPT_STR:
        snprintf(buf, (size_t)cap, "text");
        break;
    }
}
