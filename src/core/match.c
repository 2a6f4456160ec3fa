/* A match keeps its actions and a checkpoint state every
 * CH_MATCH_CHECKPOINT actions; other states are rebuilt by replaying (see
 * cardhall/match.h). A record is the options, the seed or card order, and
 * the actions as text. */
#include <assert.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cardhall/file.h"
#include "cardhall/match.h"
#include "cardhall/utf8.h"
#include "cardhall/num.h"

/* Format versions (docs/notation.md, "Records"): 1 until issue 23 (every
 * record before it, whatever its moves' notation then); 2 since. Every
 * version ever written is read: older moves through game->upgrade_action. */
#define RECORD_PREFIX "cardhall-record/"
#define RECORD_VERSION 2
#define RECORD_FORMAT "cardhall-record/2"
#define K CH_MATCH_CHECKPOINT

/* States the match holds besides its checkpoints. cur is always the state
 * after n_actions; prev the one before when prev_ok (so undo right after an
 * apply, as the test harness does at every step, copies instead of
 * replaying). slot[0..1] serve ch_match_state_at: each holds the state after
 * slot_k actions (-1: nothing), and last is the one returned most recently,
 * which the next miss must not overwrite. */
struct ch_match_cache {
    unsigned char *mem; /* the four states below, in one block */
    unsigned char *cur, *prev, *slot[2];
    int prev_ok;
    int slot_k[2];
    int last;
};

static unsigned char *ckpt_at(const ch_match *m, int c)
{
    return m->ckpt + (size_t)c * m->game->state_size;
}

static size_t history_bytes(const ch_match *m, int cap, int ckpt_cap)
{
    return sizeof *m->actions * (size_t)cap + m->game->state_size * (size_t)ckpt_cap;
}

int ch_match_init_opts(ch_match *m, const ch_game *g, const ch_opts *o, uint64_t seed,
                       const int *order, int n_order, ch_err *err)
{
    memset(m, 0, sizeof *m);
    m->game = g;
    m->opts = *o;
    m->seed = seed;
    /* The options' data is the match's own, for as long as the record. */
    m->opts.data_owned = 0;
    int copied = ch_opts_copy_data(&m->opts, err) == CH_OK;
    m->mem_limit = CH_MATCH_MEM_LIMIT;
    m->cap = 64;
    m->ckpt_cap = 2;
    m->n_ckpt = 1;
    m->actions = malloc(sizeof *m->actions * (size_t)m->cap);
    m->ckpt = malloc(g->state_size * (size_t)m->ckpt_cap);
    m->cache = calloc(1, sizeof *m->cache);
    if (m->cache) {
        ch_match_cache *c = m->cache;
        c->mem = malloc(g->state_size * 4);
        if (c->mem) {
            c->cur = c->mem;
            c->prev = c->mem + g->state_size;
            c->slot[0] = c->mem + 2 * g->state_size;
            c->slot[1] = c->mem + 3 * g->state_size;
        }
        c->slot_k[0] = c->slot_k[1] = -1;
    }
    if (n_order > 0) {
        m->order = malloc(sizeof *m->order * (size_t)n_order);
        if (m->order) memcpy(m->order, order, sizeof *order * (size_t)n_order);
        m->n_order = n_order;
    }
    if (!copied || !m->actions || !m->ckpt || !m->cache || !m->cache->mem ||
        (n_order > 0 && !m->order)) {
        ch_match_free(m);
        return ch_errf(err, CH_ENOMEM, "out of memory");
    }
    int rc = ch_setup(g, m->cache->cur, o, seed, n_order > 0 ? order : NULL, n_order, err);
    if (rc != CH_OK) {
        ch_match_free(m);
        return rc;
    }
    memcpy(ckpt_at(m, 0), m->cache->cur, g->state_size);
    return CH_OK;
}

int ch_match_init(ch_match *m, const ch_game *g, const char *const *kv, int nkv, uint64_t seed,
                  const int *order, int n_order, ch_err *err)
{
    ch_opts o;
    int rc = ch_opts_parse(&o, g->opts, g->n_opts, kv, nkv, err);
    /* kv as a local user types them: cards=PATH names one of their files. */
    if (rc == CH_OK) rc = ch_opts_read_files(&o, g->opts, g->n_opts, err);
    if (rc != CH_OK) {
        memset(m, 0, sizeof *m);
        return rc;
    }
    rc = ch_match_init_opts(m, g, &o, seed, order, n_order, err);
    ch_opts_free_data(&o); /* the match has its own copy */
    return rc;
}

size_t ch_match_bytes(const ch_match *m)
{
    size_t n = history_bytes(m, m->cap, m->ckpt_cap) + 4 * m->game->state_size;
    for (int i = 0; i < CH_MAX_OPTS; i++)
        if (m->opts.data_owned >> i & 1) n += m->opts.data_len[i];
    return n;
}

void ch_match_free(ch_match *m)
{
    if (m->cache) free(m->cache->mem);
    free(m->cache);
    free(m->ckpt);
    free(m->actions);
    free(m->order);
    ch_opts_free_data(&m->opts);
    memset(m, 0, sizeof *m);
}

const void *ch_match_state(const ch_match *m)
{
    return m->cache->cur;
}

/* Writes the state after k actions (k < n_actions) into dst, starting from
 * the nearest known state at or before k — k's checkpoint, or a scratch
 * slot between it and k (dst itself when it is one: then it advances in
 * place) — and replaying the actions in between. */
static void rebuild(const ch_match *m, int k, unsigned char *dst)
{
    const ch_match_cache *c = m->cache;
    int from = k / K * K;
    const unsigned char *src = ckpt_at(m, k / K);
    for (int s = 0; s < 2; s++) {
        if (c->slot_k[s] > from && c->slot_k[s] <= k) {
            from = c->slot_k[s];
            src = c->slot[s];
        }
    }
    if (src != dst) memcpy(dst, src, m->game->state_size);
    for (int j = from; j < k; j++)
        m->game->apply(dst, m->actions[j]);
}

const void *ch_match_state_at(const ch_match *m, int k)
{
    if (k < 0 || k > m->n_actions) return NULL;
    ch_match_cache *c = m->cache; /* a cursor: changing it leaves the match's meaning alone */
    if (k == m->n_actions) return c->cur;
    if (c->prev_ok && k == m->n_actions - 1) return c->prev;
    for (int s = 0; s < 2; s++) {
        if (c->slot_k[s] == k) {
            c->last = s;
            return c->slot[s];
        }
    }
    int t = 1 - c->last;
    rebuild(m, k, c->slot[t]);
    c->slot_k[t] = k;
    c->last = t;
    return c->slot[t];
}

/* Room for one more action (and its checkpoint, when it completes one),
 * within mem_limit. Growing changes no content, so a failure leaves the
 * match as it was. */
static int grow(ch_match *m)
{
    if (m->n_actions >= INT_MAX - 1) return CH_ENOMEM;
    if (m->n_actions + 1 > m->cap) {
        int cap = m->cap <= INT_MAX / 2 ? m->cap * 2 : INT_MAX;
        while (cap > m->n_actions + 1 && history_bytes(m, cap, m->ckpt_cap) > m->mem_limit)
            cap = m->n_actions + 1 + (cap - m->n_actions - 1) / 2;
        if (history_bytes(m, cap, m->ckpt_cap) > m->mem_limit) return CH_ENOMEM;
        ch_action *a = realloc(m->actions, sizeof *a * (size_t)cap);
        if (!a) return CH_ENOMEM;
        m->actions = a;
        m->cap = cap;
    }
    if ((m->n_actions + 1) % K == 0 && m->n_ckpt + 1 > m->ckpt_cap) {
        int cap = m->ckpt_cap <= INT_MAX / 2 ? m->ckpt_cap * 2 : INT_MAX;
        while (cap > m->n_ckpt + 1 && history_bytes(m, m->cap, cap) > m->mem_limit)
            cap = m->n_ckpt + 1 + (cap - m->n_ckpt - 1) / 2;
        if (history_bytes(m, m->cap, cap) > m->mem_limit) return CH_ENOMEM;
        unsigned char *s = realloc(m->ckpt, m->game->state_size * (size_t)cap);
        if (!s) return CH_ENOMEM;
        m->ckpt = s;
        m->ckpt_cap = cap;
    }
    return CH_OK;
}

int ch_match_apply(ch_match *m, ch_action a, ch_err *err)
{
    const ch_game *g = m->game;
    ch_match_cache *c = m->cache;
    if (g->to_move(c->cur) == CH_TERMINAL) return ch_errf(err, CH_ESTATE, "the game is over");
    if (!ch_is_legal(g, c->cur, a)) return ch_errf(err, CH_EILLEGAL, "action is not legal now");
    if (grow(m) != CH_OK)
        return ch_errf(err, CH_ENOMEM,
                       "out of memory after %d moves: the match keeps what was played",
                       m->n_actions);
    memcpy(c->prev, c->cur, g->state_size);
    c->prev_ok = 1;
    g->apply(c->cur, a);
    m->actions[m->n_actions++] = a;
    if (m->n_actions % K == 0) memcpy(ckpt_at(m, m->n_ckpt++), c->cur, g->state_size);
    assert(m->n_ckpt == m->n_actions / K + 1);
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
    ch_match_cache *c = m->cache;
    int k = m->n_actions - 1;
    if (c->prev_ok)
        memcpy(c->cur, c->prev, m->game->state_size);
    else
        rebuild(m, k, c->cur);
    m->n_actions = k;
    m->n_ckpt = k / K + 1;
    c->prev_ok = 0;
    /* States after k may differ once another action is taken. */
    for (int s = 0; s < 2; s++)
        if (c->slot_k[s] > k) c->slot_k[s] = -1;
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
json_t *ch_seed_json(uint64_t seed)
{
    if (seed <= (uint64_t)INT64_MAX) return json_integer((json_int_t)seed);
    char buf[32];
    snprintf(buf, sizeof buf, "%llu", (unsigned long long)seed);
    return json_string(buf);
}

int ch_seed_from_json(const json_t *j, uint64_t *seed)
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
    g->result(ch_match_state_at(m, 0), &prev);
    for (int k = 0; k < m->n_actions; k++) {
        g->action_text(ch_match_state_at(m, k), m->actions[k], buf, sizeof buf);
        json_array_append_new(actions, json_string(buf));
        g->result(ch_match_state_at(m, k + 1), &r);
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
                            "options", opts, "seed", ch_seed_json(m->seed));
    if (m->order) {
        json_t *order = json_array();
        for (int i = 0; i < m->n_order; i++) {
            g->card_text(m->order[i], buf, sizeof buf);
            json_array_append_new(order, json_string(buf));
        }
        json_object_set_new(rec, "order", order);
    }
    /* Options' data as content (Babasuki's card file), so the record
     * replays anywhere without the file. */
    json_t *data = NULL;
    for (int i = 0; i < g->n_opts; i++) {
        if (!m->opts.data[i]) continue;
        if (!data) data = json_object();
        json_object_set_new(data, g->opts[i].key,
                            json_stringn(m->opts.data[i], m->opts.data_len[i]));
    }
    if (data) json_object_set_new(rec, "data", data);
    /* An old record replayed under an older rule set stays under it. */
    if (m->opts.compat) json_object_set_new(rec, "compat", json_integer(m->opts.compat));
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

/* The record's format version: "cardhall-record/N". A record without one
 * (typed by hand, as docs/protocol.md shows) is read as format 1. */
static int record_format(const json_t *rec, int *format, ch_err *err)
{
    const json_t *j = json_object_get(rec, "format");
    *format = 1;
    if (!j) return CH_OK;
    const char *f = json_string_value(j);
    size_t n = strlen(RECORD_PREFIX);
    long v;
    if (!f || strncmp(f, RECORD_PREFIX, n) != 0 || ch_parse_long(f + n, 1, 1000000, &v) != CH_OK)
        return ch_errf(err, CH_EFORMAT, "record: format is not \"%sN\"", RECORD_PREFIX);
    if (v > RECORD_VERSION)
        return ch_errf(err, CH_EFORMAT,
                       "record: format %ld is newer than this program reads (1..%d): "
                       "update cardhall",
                       v, RECORD_VERSION);
    *format = (int)v;
    return CH_OK;
}

/* Applies one move of a record as its text; a text of an older format that
 * no longer parses is translated first (game->upgrade_action), into one or
 * more of today's actions. The error names the move as the record wrote it
 * and gives the reason act would (the game's explain_illegal). */
static int replay_move(ch_match *m, size_t k, const char *text, int format, ch_err *err)
{
    const ch_game *g = m->game;
    ch_err e;
    char q[CH_QUOTE_MAX];
    ch_action a;
    if (ch_parse_action(g, ch_match_state(m), text, &a, &e) == CH_OK)
        return ch_match_apply(m, a, &e) == CH_OK
                   ? CH_OK
                   : ch_errf(err, CH_EILLEGAL, "record: move %zu '%s' does not replay: %s", k + 1,
                             ch_quote(text, q, sizeof q), e.msg);
    char now[512];
    int n = format < RECORD_VERSION && g->upgrade_action
                ? g->upgrade_action(ch_match_state(m), format, text, now, sizeof now)
                : 0;
    const char *step = text;
    for (char *line = now; n > 0; n--) {
        char *nl = strchr(line, '\n');
        if (nl) *nl = '\0';
        step = line;
        if (ch_match_apply_text(m, step, &e) != CH_OK) break;
        if (n == 1) return CH_OK;
        if (!nl) break; /* fewer lines than the game said: the error below */
        line = nl + 1;
    }
    /* As act says it: the parser's message, then the game's reason. */
    char why[512] = "";
    if (g->explain_illegal && g->to_move(ch_match_state(m)) != CH_TERMINAL)
        g->explain_illegal(ch_match_state(m), step, CH_LANG_EN, why, sizeof why);
    char q2[CH_QUOTE_MAX];
    if (step != text)
        return ch_errf(err, CH_EILLEGAL,
                       "record: move %zu '%s' (today '%s') does not replay: %s%s%s", k + 1,
                       ch_quote(text, q, sizeof q), ch_quote(step, q2, sizeof q2), e.msg,
                       why[0] ? ": " : "", why);
    return ch_errf(err, CH_EILLEGAL, "record: move %zu '%s' does not replay: %s%s%s", k + 1,
                   ch_quote(text, q, sizeof q), e.msg, why[0] ? ": " : "", why);
}

/* Sets m up under o and replays actions; the result, if given, must be the
 * replayed one. On error m is freed. */
static int replay_once(ch_match *m, const ch_game *g, const ch_opts *o, uint64_t seed,
                       const int *order, int n_order, const json_t *actions, int format,
                       const json_t *jres, ch_err *err)
{
    int rc = ch_match_init_opts(m, g, o, seed, order, n_order, err);
    if (rc != CH_OK) return rc;
    size_t i;
    json_t *a;
    json_array_foreach(actions, i, a)
    {
        const char *text = json_string_value(a);
        if (!text) {
            ch_match_free(m);
            return ch_errf(err, CH_EFORMAT, "record: move %zu is not a string", i + 1);
        }
        if (replay_move(m, i, text, format, err) != CH_OK) {
            ch_match_free(m);
            return CH_EILLEGAL;
        }
    }
    if (jres) {
        ch_result r;
        g->result(ch_match_state(m), &r);
        json_t *mine = ch_result_json(&r), *theirs = json_deep_copy(jres);
        /* Format 1's last_hand is not compared: RAGAMARU's said the cards
         * left in each hand before issue 16, the points since. */
        if (format < 2 && json_is_object(theirs)) {
            json_object_del(mine, "last_hand");
            json_object_del(theirs, "last_hand");
        }
        int same = json_equal(mine, theirs);
        json_decref(mine);
        json_decref(theirs);
        if (!same) {
            ch_match_free(m);
            return ch_errf(err, CH_EFORMAT,
                           "record: the replayed result differs from the record's");
        }
    }
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
    if (rc == CH_OK) rc = ch_opts_data_from_json(g, json_object_get(rec, "data"), &o, err);
    if (rc != CH_OK) return rc;
    uint64_t seed = 0;
    const json_t *jseed = json_object_get(rec, "seed");
    if (jseed && ch_seed_from_json(jseed, &seed) != CH_OK)
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
    int format;
    rc = record_format(rec, &format, err);
    if (rc != CH_OK) return rc;
    const json_t *jres = json_object_get(rec, "result");
    if (format >= 2) {
        /* Today's records name their rule set when it is not today's. */
        const json_t *jc = json_object_get(rec, "compat");
        if (jc && (!json_is_integer(jc) || json_integer_value(jc) < 0 ||
                   json_integer_value(jc) > g->old_rules))
            return ch_errf(err, CH_EFORMAT, "record: compat is not a rule set of %s (0..%d)",
                           g->name, g->old_rules);
        o.compat = jc ? (int)json_integer_value(jc) : 0;
        return replay_once(m, g, &o, seed, order, n_order, actions, format, jres, err);
    }
    /* A format 1 record does not say which rules it was played under: today's
     * first, then each older rule set the game still has; the first one under
     * which every move replays and the result is the record's wins. When none
     * does, the error is today's. */
    ch_err first;
    int first_rc = CH_OK;
    for (int c = 0; c <= g->old_rules; c++) {
        o.compat = c;
        rc = replay_once(m, g, &o, seed, order, n_order, actions, format, jres, c ? NULL : &first);
        if (rc == CH_OK) return CH_OK;
        if (c == 0) first_rc = rc;
    }
    if (err) *err = first;
    return first_rc;
}

/* jansson's message for a parse error, made safe to show: for a file's
 * content (quote == 0) without the "near '...'" that would echo the file's
 * bytes to whoever asked (a record named by a client could be any file on
 * the machine); always as valid UTF-8. */
static void json_error_text(const json_error_t *je, int quote, char *buf, size_t cap)
{
    char text[sizeof je->text];
    snprintf(text, sizeof text, "%s", je->text);
    /* Also names a byte of the input; say what is wrong instead. */
    if (strncmp(text, "unable to decode byte", 21) == 0) snprintf(text, sizeof text, "not UTF-8");
    char *near = strstr(text, " near '");
    if (near && !quote) *near = '\0';
    ch_utf8_sanitize(text, buf, cap);
}

/* Parses a record's JSON text; src names a file (its content is not quoted)
 * or is NULL for content from the client itself. */
static int record_parse(const char *text, size_t len, const char *src, json_t **rec, ch_err *err)
{
    size_t bom = ch_utf8_bom(text, len); /* as some editors save text */
    json_error_t je;
    json_t *j = json_loadb(text + bom, len - bom, 0, &je);
    if (!j) {
        char msg[sizeof je.text];
        json_error_text(&je, src == NULL, msg, sizeof msg);
        if (src) return ch_errf(err, CH_EFORMAT, "%s:%d:%d: %s", src, je.line, je.column, msg);
        return ch_errf(err, CH_EFORMAT, "record: line %d column %d: %s", je.line, je.column, msg);
    }
    *rec = j;
    return CH_OK;
}

int ch_record_parse(const char *text, size_t len, json_t **rec, ch_err *err)
{
    if (len > CH_RECORD_MAX)
        return ch_errf(err, CH_EFORMAT, "record: larger than %zu bytes", (size_t)CH_RECORD_MAX);
    return record_parse(text, len, NULL, rec, err);
}

int ch_record_load(const char *path, json_t **rec, ch_err *err)
{
    char *buf;
    size_t len;
    int rc = ch_file_read(path, CH_RECORD_MAX, &buf, &len, err);
    if (rc != CH_OK) return rc;
    rc = record_parse(buf, len, path, rec, err);
    free(buf);
    return rc;
}

int ch_record_save(const char *path, const json_t *rec, ch_err *err)
{
    if (json_dump_file(rec, path, JSON_INDENT(1) | JSON_PRESERVE_ORDER) != 0)
        return ch_errf(err, CH_EIO, "%s: cannot write the record", path);
    return CH_OK;
}
