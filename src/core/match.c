/* A match keeps every state it passed through: undo is a pop, and a record
 * is the options, the seed or card order, and the actions as text. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cardhall/match.h"
#include "cardhall/num.h"

#define RECORD_FORMAT "cardhall-record/1"

static unsigned char *state_at(const ch_match *m, int k)
{
    return m->states + (size_t)k * m->game->state_size;
}

int ch_match_init_opts(ch_match *m, const ch_game *g, const ch_opts *o, uint64_t seed,
                       const int *order, int n_order, ch_err *err)
{
    memset(m, 0, sizeof *m);
    m->game = g;
    m->opts = *o;
    m->seed = seed;
    m->cap = 64;
    m->states = malloc(g->state_size * (size_t)m->cap);
    m->actions = malloc(sizeof *m->actions * (size_t)m->cap);
    if (n_order > 0) {
        m->order = malloc(sizeof *m->order * (size_t)n_order);
        if (m->order) memcpy(m->order, order, sizeof *order * (size_t)n_order);
        m->n_order = n_order;
    }
    if (!m->states || !m->actions || (n_order > 0 && !m->order)) {
        ch_match_free(m);
        return ch_errf(err, CH_ENOMEM, "out of memory");
    }
    int rc = ch_setup(g, m->states, o, seed, n_order > 0 ? order : NULL, n_order, err);
    if (rc != CH_OK) ch_match_free(m);
    return rc;
}

int ch_match_init(ch_match *m, const ch_game *g, const char *const *kv, int nkv, uint64_t seed,
                  const int *order, int n_order, ch_err *err)
{
    ch_opts o;
    int rc = ch_opts_parse(&o, g->opts, g->n_opts, kv, nkv, err);
    if (rc != CH_OK) {
        memset(m, 0, sizeof *m);
        return rc;
    }
    return ch_match_init_opts(m, g, &o, seed, order, n_order, err);
}

void ch_match_free(ch_match *m)
{
    free(m->states);
    free(m->actions);
    free(m->order);
    memset(m, 0, sizeof *m);
}

const void *ch_match_state(const ch_match *m)
{
    return state_at(m, m->n_actions);
}

const void *ch_match_state_at(const ch_match *m, int k)
{
    return k >= 0 && k <= m->n_actions ? state_at(m, k) : NULL;
}

static int grow(ch_match *m)
{
    if (m->n_actions + 1 < m->cap) return CH_OK;
    int cap = m->cap * 2;
    unsigned char *s = realloc(m->states, m->game->state_size * (size_t)cap);
    if (!s) return CH_ENOMEM;
    m->states = s;
    ch_action *a = realloc(m->actions, sizeof *a * (size_t)cap);
    if (!a) return CH_ENOMEM;
    m->actions = a;
    m->cap = cap;
    return CH_OK;
}

int ch_match_apply(ch_match *m, ch_action a, ch_err *err)
{
    const ch_game *g = m->game;
    const void *cur = ch_match_state(m);
    if (g->to_move(cur) == CH_TERMINAL) return ch_errf(err, CH_ESTATE, "the game is over");
    if (!ch_is_legal(g, cur, a)) return ch_errf(err, CH_EILLEGAL, "action is not legal now");
    if (grow(m) != CH_OK) return ch_errf(err, CH_ENOMEM, "out of memory");
    unsigned char *next = state_at(m, m->n_actions + 1);
    memcpy(next, state_at(m, m->n_actions), g->state_size);
    g->apply(next, a);
    m->actions[m->n_actions++] = a;
    return CH_OK;
}

int ch_match_apply_text(ch_match *m, const char *text, ch_err *err)
{
    ch_action a;
    int rc = ch_parse_action(m->game, ch_match_state(m), text, &a, err);
    if (rc != CH_OK) return rc;
    return ch_match_apply(m, a, err);
}

int ch_match_undo(ch_match *m, ch_err *err)
{
    if (m->n_actions == 0) return ch_errf(err, CH_ESTATE, "nothing to undo");
    m->n_actions--;
    return CH_OK;
}

json_t *ch_result_json(const ch_result *r)
{
    json_t *score = json_array(), *rank = json_array(), *winners = json_array();
    json_t *hand = json_array();
    for (int p = 0; p < r->n_players; p++) {
        json_array_append_new(score, json_integer(r->score[p]));
        json_array_append_new(rank, json_integer(r->rank[p]));
        json_array_append_new(hand, json_integer(r->hand_score[p]));
        if (r->winners & (1u << p)) json_array_append_new(winners, json_integer(p));
    }
    return json_pack("{s:b,s:o,s:o,s:o,s:i,s:o}", "terminal", r->terminal, "scores", score, "ranks",
                     rank, "winners", winners, "hands", r->hands, "last_hand", hand);
}

/* Seeds are unsigned 64-bit; JSON integers here are signed, so the upper
 * half is written as a decimal string. */
static json_t *seed_json(uint64_t seed)
{
    if (seed <= (uint64_t)INT64_MAX) return json_integer((json_int_t)seed);
    char buf[32];
    snprintf(buf, sizeof buf, "%llu", (unsigned long long)seed);
    return json_string(buf);
}

static int seed_from_json(const json_t *j, uint64_t *seed)
{
    if (json_is_integer(j) && json_integer_value(j) >= 0) {
        *seed = (uint64_t)json_integer_value(j);
        return CH_OK;
    }
    /* The one strict parser: no sign, no spaces, no silent overflow. */
    if (json_is_string(j) && ch_parse_u64(json_string_value(j), seed) == CH_OK) return CH_OK;
    return CH_EFORMAT;
}

json_t *ch_match_record(const ch_match *m)
{
    const ch_game *g = m->game;
    char buf[256];
    json_t *opts = json_object();
    for (int i = 0; i < g->n_opts; i++)
        json_object_set_new(opts, g->opts[i].key, json_string(m->opts.text[i]));
    json_t *actions = json_array();
    json_t *hands = json_array();
    ch_result prev, r;
    g->result(state_at(m, 0), &prev);
    for (int k = 0; k < m->n_actions; k++) {
        g->action_text(state_at(m, k), m->actions[k], buf, sizeof buf);
        json_array_append_new(actions, json_string(buf));
        g->result(state_at(m, k + 1), &r);
        if (r.hands > prev.hands) {
            json_t *h = json_array();
            for (int p = 0; p < r.n_players; p++)
                json_array_append_new(h, json_integer(r.hand_score[p]));
            json_array_append_new(hands, h);
        }
        prev = r;
    }
    g->result(ch_match_state(m), &r);
    json_t *rec = json_pack("{s:s,s:s,s:o,s:o}", "format", RECORD_FORMAT, "game", g->name,
                            "options", opts, "seed", seed_json(m->seed));
    if (m->order) {
        json_t *order = json_array();
        for (int i = 0; i < m->n_order; i++) {
            g->card_text(m->order[i], buf, sizeof buf);
            json_array_append_new(order, json_string(buf));
        }
        json_object_set_new(rec, "order", order);
    }
    json_object_set_new(rec, "actions", actions);
    json_object_set_new(rec, "hands", hands);
    json_object_set_new(rec, "result", ch_result_json(&r));
    return rec;
}

const char *ch_record_game(const json_t *rec)
{
    return json_string_value(json_object_get(rec, "game"));
}

/* Builds options from the record's {"key":"value"} object. */
int ch_opts_from_json(const ch_game *g, const json_t *j, ch_opts *o, ch_err *err)
{
    ch_opts tmp;
    ch_opts_defaults(&tmp, g->opts, g->n_opts);
    char kv[CH_OPT_TEXT + 64], q[64];
    if (json_is_array(j)) {
        size_t i;
        json_t *v;
        json_array_foreach((json_t *)j, i, v)
        {
            if (!json_is_string(v))
                return ch_errf(err, CH_EFORMAT, "options: entry %zu is not a \"key=value\" string",
                               i + 1);
            int rc = ch_opts_set(&tmp, g->opts, g->n_opts, json_string_value(v), err);
            if (rc != CH_OK) return rc;
        }
    } else if (json_is_object(j)) {
        const char *key;
        json_t *val;
        json_object_foreach((json_t *)j, key, val)
        {
            if (json_is_string(val))
                snprintf(kv, sizeof kv, "%s=%s", key, json_string_value(val));
            else if (json_is_integer(val))
                snprintf(kv, sizeof kv, "%s=%lld", key, (long long)json_integer_value(val));
            else if (json_is_real(val)) {
                /* 3.0 from a JSON writer that only has doubles is the
                 * integer 3; 3.5 or 1e300 is no integer at all. */
                double d = json_real_value(val);
                if (!(d >= -1e15 && d <= 1e15) || d != (double)(long long)d)
                    return ch_errf(err, CH_EINVAL, "option %s: expected an integer, got %g",
                                   ch_quote(key, q, sizeof q), d);
                snprintf(kv, sizeof kv, "%s=%lld", key, (long long)d);
            } else if (json_is_boolean(val))
                snprintf(kv, sizeof kv, "%s=%s", key, json_is_true(val) ? "true" : "false");
            else
                return ch_errf(err, CH_EFORMAT, "option %s: expected a string, number or boolean",
                               ch_quote(key, q, sizeof q));
            int rc = ch_opts_set(&tmp, g->opts, g->n_opts, kv, err);
            if (rc != CH_OK) return rc;
        }
    } else if (j) {
        return ch_errf(err, CH_EFORMAT, "options: expected an object or an array");
    }
    *o = tmp;
    return CH_OK;
}

int ch_match_from_record(ch_match *m, const ch_game *g, const json_t *rec, ch_err *err)
{
    memset(m, 0, sizeof *m);
    if (!json_is_object(rec)) return ch_errf(err, CH_EFORMAT, "record: not a JSON object");
    const char *name = ch_record_game(rec);
    if (!name || strcmp(name, g->name) != 0)
        return ch_errf(err, CH_EFORMAT, "record: game is '%s', expected '%s'",
                       name ? name : "(missing)", g->name);
    ch_opts o;
    int rc = ch_opts_from_json(g, json_object_get(rec, "options"), &o, err);
    if (rc != CH_OK) return rc;
    uint64_t seed = 0;
    const json_t *jseed = json_object_get(rec, "seed");
    if (jseed && seed_from_json(jseed, &seed) != CH_OK)
        return ch_errf(err, CH_EFORMAT, "record: seed is not a non-negative integer");
    int order[CH_MAX_CARDS], n_order = 0;
    const json_t *jorder = json_object_get(rec, "order");
    if (jorder) {
        if (!json_is_array(jorder) || json_array_size(jorder) > CH_MAX_CARDS)
            return ch_errf(err, CH_EFORMAT, "record: order is not an array of cards");
        size_t i;
        json_t *c;
        json_array_foreach(jorder, i, c)
        {
            if (!json_is_string(c) || g->card_parse(json_string_value(c), &order[i]) != CH_OK)
                return ch_errf(err, CH_EFORMAT, "record: order entry %zu is not a card", i + 1);
        }
        n_order = (int)json_array_size(jorder);
    }
    const json_t *actions = json_object_get(rec, "actions");
    if (actions && !json_is_array(actions))
        return ch_errf(err, CH_EFORMAT, "record: actions is not an array");
    rc = ch_match_init_opts(m, g, &o, seed, order, n_order, err);
    if (rc != CH_OK) return rc;
    size_t i;
    json_t *a;
    json_array_foreach(actions, i, a)
    {
        ch_err e;
        const char *text = json_string_value(a);
        if (!text) {
            ch_match_free(m);
            return ch_errf(err, CH_EFORMAT, "record: move %zu is not a string", i + 1);
        }
        if (ch_match_apply_text(m, text, &e) != CH_OK) {
            ch_match_free(m);
            return ch_errf(err, CH_EILLEGAL, "record: move %zu '%s' does not replay: %s", i + 1,
                           text, e.msg);
        }
    }
    const json_t *jres = json_object_get(rec, "result");
    if (jres) {
        ch_result r;
        g->result(ch_match_state(m), &r);
        json_t *mine = ch_result_json(&r);
        int same = json_equal(mine, (json_t *)jres);
        json_decref(mine);
        if (!same) {
            ch_match_free(m);
            return ch_errf(err, CH_EFORMAT,
                           "record: the replayed result differs from the record's");
        }
    }
    return CH_OK;
}

int ch_record_load(const char *path, json_t **rec, ch_err *err)
{
    json_error_t je;
    json_t *j = json_load_file(path, 0, &je);
    if (!j) {
        if (je.line < 0) return ch_errf(err, CH_EIO, "%s: %s", path, je.text);
        return ch_errf(err, CH_EFORMAT, "%s:%d: %s", path, je.line, je.text);
    }
    *rec = j;
    return CH_OK;
}

int ch_record_save(const char *path, const json_t *rec, ch_err *err)
{
    if (json_dump_file(rec, path, JSON_INDENT(1) | JSON_PRESERVE_ORDER) != 0)
        return ch_errf(err, CH_EIO, "%s: cannot write the record", path);
    return CH_OK;
}
