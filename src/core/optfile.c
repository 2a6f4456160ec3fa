/* Options' data as content: reading it from a local user's files, taking it
 * from JSON (records, requests), freeing it. See cardhall/options.h. */
#include <stdlib.h>
#include <string.h>

#include "cardhall/file.h"
#include "cardhall/match.h"

int ch_opts_read_files(ch_opts *o, const ch_optdesc *desc, int n, ch_err *err)
{
    ch_opts tmp = *o;
    for (int i = 0; i < n; i++) {
        if (desc[i].type != CH_OPT_STR || !o->text[i][0] || o->data[i]) continue;
        char *buf;
        size_t len;
        int rc = ch_file_read(o->text[i], CH_OPT_DATA_MAX, &buf, &len, err);
        if (rc != CH_OK) {
            /* Keep ch_file_read's message (path and reason), named by key. */
            if (err) {
                ch_err e = *err;
                ch_errf(err, rc, "option %s: %s", desc[i].key, e.msg);
            }
            for (int j = 0; j < n; j++)
                if ((tmp.data_owned & ~o->data_owned) >> j & 1) free((char *)tmp.data[j]);
            return rc;
        }
        tmp.data[i] = buf;
        tmp.data_len[i] = len;
        tmp.data_owned |= 1u << i;
        const char *base = strrchr(o->text[i], '/');
        memmove(tmp.text[i], base ? base + 1 : o->text[i],
                strlen(base ? base + 1 : o->text[i]) + 1);
    }
    *o = tmp;
    return CH_OK;
}

int ch_record_read_files(const ch_game *g, json_t *rec, ch_err *err)
{
    ch_opts o;
    int rc = ch_opts_from_json(g, json_object_get(rec, "options"), &o, err);
    if (rc == CH_OK) rc = ch_opts_data_from_json(g, json_object_get(rec, "data"), &o, err);
    if (rc != CH_OK) return rc;
    /* Read into a copy first: the record changes only when every file read. */
    json_t *data = json_object_get(rec, "data");
    data = data ? json_deep_copy(data) : json_object();
    if (!data) return ch_errf(err, CH_ENOMEM, "out of memory");
    for (int i = 0; i < g->n_opts; i++) {
        if (g->opts[i].type != CH_OPT_STR || !o.text[i][0] || o.data[i]) continue;
        char *buf;
        size_t len;
        rc = ch_file_read(o.text[i], CH_OPT_DATA_MAX, &buf, &len, err);
        if (rc != CH_OK) {
            if (err) {
                ch_err e = *err;
                ch_errf(err, rc, "record: option %s: %s", g->opts[i].key, e.msg);
            }
            json_decref(data);
            return rc;
        }
        json_t *s = json_stringn(buf, len);
        free(buf);
        if (!s) { /* JSON holds only UTF-8; card data must be UTF-8 anyway */
            json_decref(data);
            return ch_errf(err, CH_EFORMAT, "record: option %s: %s: not UTF-8 text", g->opts[i].key,
                           o.text[i]);
        }
        json_object_set_new(data, g->opts[i].key, s);
    }
    if (json_object_size(data))
        json_object_set_new(rec, "data", data);
    else
        json_decref(data);
    return CH_OK;
}

void ch_opts_free_data(ch_opts *o)
{
    for (int i = 0; i < CH_MAX_OPTS; i++) {
        if (o->data_owned >> i & 1) free((char *)o->data[i]);
        if (o->data_owned >> i & 1) o->data[i] = NULL, o->data_len[i] = 0;
    }
    o->data_owned = 0;
}

int ch_opts_data_from_json(const ch_game *g, const json_t *j, ch_opts *o, ch_err *err)
{
    if (!j) return CH_OK;
    if (!json_is_object(j)) return ch_errf(err, CH_EFORMAT, "data: expected an object");
    ch_opts tmp = *o;
    const char *key;
    json_t *val;
    json_object_foreach((json_t *)j, key, val)
    {
        int i = ch_opts_index(g->opts, g->n_opts, key);
        if (i < 0 || g->opts[i].type != CH_OPT_STR)
            return ch_errf(err, CH_EFORMAT, "data: %s takes no data", key);
        if (!json_is_string(val))
            return ch_errf(err, CH_EFORMAT, "data: %s: expected the content as a string", key);
        if (json_string_length(val) > CH_OPT_DATA_MAX)
            return ch_errf(err, CH_EFORMAT, "data: %s: larger than %zu bytes", key,
                           (size_t)CH_OPT_DATA_MAX);
        if (tmp.data_owned >> i & 1) return ch_errf(err, CH_EFORMAT, "data: %s: given twice", key);
        tmp.data[i] = json_string_value(val);
        tmp.data_len[i] = json_string_length(val);
    }
    *o = tmp;
    return CH_OK;
}

int ch_opts_copy_data(ch_opts *o, ch_err *err)
{
    for (int i = 0; i < CH_MAX_OPTS; i++) {
        if (!o->data[i] || (o->data_owned >> i & 1)) continue;
        char *d = malloc(o->data_len[i] + 1);
        if (!d) {
            o->data[i] = NULL;
            return ch_errf(err, CH_ENOMEM, "out of memory");
        }
        memcpy(d, o->data[i], o->data_len[i]);
        d[o->data_len[i]] = '\0';
        o->data[i] = d;
        o->data_owned |= 1u << i;
    }
    return CH_OK;
}
