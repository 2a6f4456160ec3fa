/* Fuzz target: options as text (ch_opts_parse, one key=value a line) and as
 * JSON (ch_opts_from_json). First byte: game; second: text (even) or JSON
 * (odd). On success the canonical texts parse back to the same options, and
 * a game that sets up with them has a whole census. Options naming a card
 * file are not set up (fz_opts_name_file), so no file is read. */
#include <stdlib.h>
#include <string.h>

#include "cardhall/match.h"
#include "cardhall/options.h"
#include "fz.h"

#define FZ_MAX_KV 32

static int parse_text(const ch_game *g, char *text, ch_opts *o, ch_err *err)
{
    const char *kv[FZ_MAX_KV];
    int n = 0;
    for (char *p = text; p && n < FZ_MAX_KV;) {
        kv[n++] = p;
        p = strchr(p, '\n');
        if (p) *p++ = '\0';
    }
    return ch_opts_parse(o, g->opts, g->n_opts, kv, n, err);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2) return 0;
    const ch_game *g = fz_game(data[0]);
    ch_opts o;
    ch_err err;
    int rc;
    char *text = fz_text(data + 2, size - 2);
    if (data[1] & 1) {
        json_error_t je;
        json_t *j = json_loads(text, 0, &je);
        if (!j) {
            free(text);
            return 0;
        }
        rc = ch_opts_from_json(g, j, &o, &err);
        json_decref(j);
    } else {
        rc = parse_text(g, text, &o, &err);
    }
    free(text);
    if (rc != CH_OK) return 0;
    if (o.n != g->n_opts) fz_fail("%s: %d options, expected %d", g->name, o.n, g->n_opts);

    /* The canonical texts are options too, and mean the same. */
    static char kvbuf[CH_MAX_OPTS][CH_OPT_TEXT + 64];
    const char *kv[CH_MAX_OPTS];
    for (int i = 0; i < g->n_opts; i++) {
        snprintf(kvbuf[i], sizeof kvbuf[i], "%s=%s", g->opts[i].key, o.text[i]);
        kv[i] = kvbuf[i];
    }
    ch_opts back;
    if (ch_opts_parse(&back, g->opts, g->n_opts, kv, g->n_opts, &err) != CH_OK)
        fz_fail("%s: canonical options do not parse: %s", g->name, err.msg);
    for (int i = 0; i < g->n_opts; i++)
        if (back.val[i] != o.val[i] || strcmp(back.text[i], o.text[i]) != 0)
            fz_fail("%s: option %s=%s reads back as %s", g->name, g->opts[i].key, o.text[i],
                    back.text[i]);

    if (!fz_opts_name_file(g, &o)) {
        void *st = malloc(g->state_size);
        if (!st) abort();
        if (ch_setup(g, st, &o, 5, NULL, 0, &err) == CH_OK) fz_census(g, st, "set up from options");
        free(st);
    }
    return 0;
}
