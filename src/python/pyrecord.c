/* State.serialize and Game.deserialize_state. A state is written as its
 * game, options, seed and moves (their notation): that replays exactly and
 * outlives any change to the state structs. A state with no resample in its
 * past is written as a cardhall record (cardhall-record/2, ch_match_record),
 * which `cardhall replay` reads too; a resampled one as cardhall-state/1,
 * the same fields plus "resamples": [{"at": moves before it, "viewer",
 * "seed"}], each replayed at its place. Text from outside is checked whole
 * before a state is made of it. */
#include <string.h>

#include "cardhall/match.h"
#include "cardhall/num.h"
#include "pymod.h"

#define STATE_FORMAT "cardhall-state/1"
/* What ch_match_record writes now, and the format before it: the moves of
 * either read the same with today's notation for the games a State plays
 * (records of older notation go through `cardhall replay`, which
 * translates them). */
#define RECORD_FORMAT "cardhall-record/2"
#define RECORD_FORMAT_1 "cardhall-record/1"

static PyObject *dump(json_t *j)
{
    char *text = j ? json_dumps(j, JSON_COMPACT) : NULL;
    json_decref(j);
    if (!text) return PyErr_NoMemory();
    PyObject *out = PyUnicode_FromString(text);
    free(text);
    return out;
}

static int has_resample(const pych_state *s)
{
    for (int i = 0; i < s->n_steps; i++)
        if (s->steps[i].viewer != PYCH_NO_VIEWER) return 1;
    return 0;
}

/* The record of a state dealt from its seed: a ch_match replays the moves. */
static PyObject *as_record(pych_state *s)
{
    const pych_game *g = s->game;
    ch_match m;
    ch_err err;
    if (ch_match_init_opts(&m, g->game, &g->opts, s->seed, NULL, 0, &err) != CH_OK)
        return pych_raise(&err);
    for (int i = 0; i < s->n_steps; i++) {
        if (ch_match_apply(&m, s->steps[i].action, &err) != CH_OK) {
            ch_match_free(&m);
            return pych_raise(&err);
        }
    }
    json_t *rec = ch_match_record(&m);
    ch_match_free(&m);
    return dump(rec);
}

/* A resampled state: the moves' texts, each in the world it was made in. */
static PyObject *as_state(pych_state *s)
{
    const ch_game *g = s->game->game;
    const ch_opts *o = &s->game->opts;
    void *st = PyMem_Malloc(g->state_size);
    if (!st) return PyErr_NoMemory();
    ch_err err;
    if (ch_setup(g, st, o, s->seed, NULL, 0, &err) != CH_OK) {
        PyMem_Free(st);
        return pych_raise(&err);
    }
    json_t *opts = json_object(), *actions = json_array(), *rs = json_array(), *data = NULL;
    for (int i = 0; i < g->n_opts; i++) {
        json_object_set_new(opts, g->opts[i].key, json_string(o->text[i]));
        if (!o->data[i]) continue;
        if (!data) data = json_object();
        json_object_set_new(data, g->opts[i].key, json_stringn(o->data[i], o->data_len[i]));
    }
    char buf[256];
    int k = 0;
    for (int i = 0; i < s->n_steps; i++) {
        const pych_step *x = &s->steps[i];
        if (x->viewer == PYCH_NO_VIEWER) {
            g->action_text(st, x->action, buf, sizeof buf);
            json_array_append_new(actions, json_string(buf));
            g->apply(st, x->action);
            k++;
        } else {
            json_array_append_new(rs, json_pack("{s:i,s:i,s:o}", "at", k, "viewer", x->viewer,
                                                "seed", ch_seed_json(x->seed)));
            ch_rng rng;
            ch_rng_seed(&rng, x->seed, PYCH_RESAMPLE_STREAM);
            g->resample(st, x->viewer, &rng);
        }
    }
    PyMem_Free(st);
    json_t *out = json_pack("{s:s,s:s,s:o,s:o}", "format", STATE_FORMAT, "game", g->name,
                            "options", opts, "seed", ch_seed_json(s->seed));
    if (data) json_object_set_new(out, "data", data);
    json_object_set_new(out, "actions", actions);
    json_object_set_new(out, "resamples", rs);
    return dump(out);
}

PyObject *pych_serialize(pych_state *s)
{
    return has_resample(s) ? as_state(s) : as_record(s);
}

/* Options (and their data) of rec must be g's own: a state belongs to one game. */
static int same_options(const pych_game *g, const json_t *rec)
{
    ch_opts o;
    ch_err err;
    if (ch_opts_from_json(g->game, json_object_get(rec, "options"), &o, &err) != CH_OK ||
        ch_opts_data_from_json(g->game, json_object_get(rec, "data"), &o, &err) != CH_OK) {
        pych_raise(&err);
        return 0;
    }
    for (int i = 0; i < g->game->n_opts; i++) {
        int data_same = (!o.data[i] && !g->opts.data[i]) ||
                        (o.data[i] && g->opts.data[i] && o.data_len[i] == g->opts.data_len[i] &&
                         memcmp(o.data[i], g->opts.data[i], o.data_len[i]) == 0);
        if (strcmp(o.text[i], g->opts.text[i]) != 0 || !data_same) {
            PyErr_Format(PyExc_ValueError,
                         "the state's option %s is '%s', this game's is '%s': load it with the "
                         "state's game",
                         g->game->opts[i].key, o.text[i], g->opts.text[i]);
            return 0;
        }
    }
    return 1;
}

typedef struct resample_at {
    int at, viewer;
    uint64_t seed;
} resample_at;

static int read_resamples(const pych_game *g, const json_t *rs, size_t n_actions,
                          resample_at **out, size_t *n)
{
    *out = NULL;
    *n = 0;
    if (!rs) return 0;
    if (!json_is_array(rs)) {
        PyErr_SetString(PyExc_ValueError, "state: resamples is not an array");
        return -1;
    }
    *n = json_array_size(rs);
    if (*n == 0) return 0;
    *out = PyMem_Malloc(sizeof **out * *n);
    if (!*out) {
        PyErr_NoMemory();
        return -1;
    }
    size_t i;
    json_t *r;
    json_array_foreach(rs, i, r)
    {
        json_t *at = json_object_get(r, "at"), *v = json_object_get(r, "viewer");
        uint64_t seed;
        json_int_t a = json_is_integer(at) ? json_integer_value(at) : -1;
        json_int_t p = json_is_integer(v) ? json_integer_value(v) : -100;
        if (a < 0 || (size_t)a > n_actions || (i > 0 && a < (*out)[i - 1].at) ||
            !((p >= 0 && p < g->n_players) || p == CH_SPECTATOR) ||
            ch_seed_from_json(json_object_get(r, "seed"), &seed) != CH_OK) {
            PyErr_Format(PyExc_ValueError,
                         "state: resample %zu needs \"at\" (moves before it, in order), a "
                         "\"viewer\" seat and a \"seed\"",
                         i + 1);
            PyMem_Free(*out);
            *out = NULL;
            return -1;
        }
        (*out)[i] = (resample_at){(int)a, (int)p, seed};
    }
    return 0;
}

static int resample_step(pych_state *s, const resample_at *r)
{
    pych_step step = {0, -1, r->viewer, r->seed};
    if (pych_state_push(s, step) < 0) return -1;
    ch_rng rng;
    ch_rng_seed(&rng, r->seed, PYCH_RESAMPLE_STREAM);
    s->game->game->resample(s->st, r->viewer, &rng);
    return 0;
}

static pych_state *replay(pych_game *g, const json_t *rec)
{
    const ch_game *game = g->game;
    uint64_t seed = 0;
    const json_t *jseed = json_object_get(rec, "seed");
    if (jseed && ch_seed_from_json(jseed, &seed) != CH_OK) {
        PyErr_SetString(PyExc_ValueError, "state: seed is not a non-negative integer");
        return NULL;
    }
    if (json_object_get(rec, "order")) {
        PyErr_SetString(PyExc_ValueError,
                        "state: a game dealt from a given card order (\"order\") cannot be "
                        "loaded as a State; replay it with `cardhall replay`");
        return NULL;
    }
    const json_t *actions = json_object_get(rec, "actions");
    if (actions && !json_is_array(actions)) {
        PyErr_SetString(PyExc_ValueError, "state: actions is not an array");
        return NULL;
    }
    size_t n_actions = json_array_size(actions), n_rs;
    resample_at *rs;
    if (read_resamples(g, json_object_get(rec, "resamples"), n_actions, &rs, &n_rs) < 0)
        return NULL;
    pych_state *s = pych_state_alloc(g);
    ch_err err;
    if (s && ch_setup(game, s->st, &g->opts, seed, NULL, 0, &err) != CH_OK) {
        pych_raise(&err);
        Py_CLEAR(s);
    }
    if (s) s->seed = seed;
    size_t r = 0;
    for (size_t k = 0; s && k <= n_actions; k++) {
        while (s && r < n_rs && (size_t)rs[r].at == k)
            if (resample_step(s, &rs[r++]) < 0) Py_CLEAR(s);
        if (!s || k == n_actions) break;
        const char *text = json_string_value(json_array_get(actions, k));
        ch_action a;
        if (!text) {
            PyErr_Format(PyExc_ValueError, "state: move %zu is not a string", k + 1);
            Py_CLEAR(s);
        } else if (ch_parse_action(game, s->st, text, &a, &err) != CH_OK) {
            PyErr_Format(PyExc_ValueError, "state: move %zu '%s' does not replay: %s", k + 1,
                         text, err.msg);
            Py_CLEAR(s);
        } else {
            int id = game->action_id ? game->action_id(s->st, a) : -1;
            pych_step step = {a, id, PYCH_NO_VIEWER, 0};
            if (pych_state_push(s, step) < 0)
                Py_CLEAR(s);
            else
                game->apply(s->st, a);
        }
    }
    PyMem_Free(rs);
    return s;
}

PyObject *pych_deserialize(pych_game *g, const char *text, Py_ssize_t len)
{
    json_t *rec;
    ch_err err;
    if (ch_record_parse(text, (size_t)len, &rec, &err) != CH_OK) return pych_raise(&err);
    const char *format = json_string_value(json_object_get(rec, "format"));
    const char *name = ch_record_game(rec);
    pych_state *s = NULL;
    if (!format || (strcmp(format, STATE_FORMAT) != 0 && strcmp(format, RECORD_FORMAT) != 0 &&
                    strcmp(format, RECORD_FORMAT_1) != 0))
        PyErr_SetString(PyExc_ValueError,
                        "not a serialized state: format is not " STATE_FORMAT " or " RECORD_FORMAT);
    else if (!name || strcmp(name, g->game->name) != 0)
        PyErr_Format(PyExc_ValueError, "the state is of game '%s', this game is '%s'",
                     name ? name : "(none)", g->game->name);
    else if (same_options(g, rec))
        s = replay(g, rec);
    json_decref(rec);
    return (PyObject *)s;
}
