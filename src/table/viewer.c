/* See cardhall/table.h: the texts and records written for one viewer from
 * the issue-16 hooks (events, hand summaries, rules, explanations,
 * warnings), each with a fallback for a game that leaves the hook NULL, and
 * the viewer-aware history and per-seat record built from them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cardhall/table.h"
#include "cardhall/utf8.h"

/* What a viewer is told of a move when nothing safer is known: it names no
 * card, so it fits any viewer. */
static const char *const neutral[CH_NLANGS] = {"makes a move", "手を指す"};

int tb_has_spectator(const ch_game *g)
{
    return g->events != NULL;
}

json_t *tb_events(const ch_game *g, const void *before, ch_action a, int viewer, ch_lang lang)
{
    return tb_events_as(g, before, a, viewer, lang, &tb_seat_numbers);
}

/* An event's text is a sentence: it starts with a capital ("The turn
 * skips...", "Everyone passes..."), whoever the game put first. */
static void capitalise(json_t *ev)
{
    size_t i;
    json_t *e;
    json_array_foreach(ev, i, e)
    {
        json_t *t = json_object_get(e, "text");
        const char *s = json_string_value(t);
        if (!s || s[0] < 'a' || s[0] > 'z') continue;
        char *c = strdup(s);
        if (!c) continue;
        c[0] = (char)(c[0] - 'a' + 'A');
        json_string_set(t, c);
        free(c);
    }
}

json_t *tb_events_as(const ch_game *g, const void *before, ch_action a, int viewer, ch_lang lang,
                     const tb_names *names)
{
    if (g->events) {
        json_t *ev = g->events(before, a, viewer, lang);
        if (json_is_array(ev)) {
            tb_fill_json(ev, names, lang);
            capitalise(ev);
            return ev;
        }
        json_decref(ev);
    }
    char name[512];
    if (viewer == CH_SPECTATOR && !tb_has_spectator(g))
        snprintf(name, sizeof name, "%s", neutral[lang]);
    else
        tb_action_name(g, before, a, viewer, lang, name, sizeof name);
    tb_fill_buf(name, sizeof name, names, lang);
    json_t *ev = json_array();
    json_t *one =
        json_pack("{s:s,s:i,s:s}", "type", "action", "seat", g->to_move(before), "text", name);
    if (!one)
        one = json_pack("{s:s,s:i,s:s}", "type", "action", "seat", g->to_move(before), "text",
                        "?"); /* a name that was not UTF-8 */
    json_array_append_new(ev, one);
    return ev;
}

/* Calls a text hook through fn into a heap string grown as needed. */
typedef int (*text_fn)(const void *ctx, char *buf, size_t cap);

static char *grow(text_fn fn, const void *ctx)
{
    size_t cap = 4096;
    for (;;) {
        char *buf = malloc(cap);
        if (!buf) return NULL;
        int n = fn(ctx, buf, cap);
        if (n < 0) n = 0, buf[0] = '\0';
        if ((size_t)n < cap) return buf;
        free(buf);
        cap = (size_t)n + 1;
    }
}

typedef struct summary_ctx {
    const ch_game *g;
    const void *st;
    int viewer;
    ch_lang lang;
    const ch_opts *o;
} summary_ctx;

static int summary_fn(const void *ctx, char *buf, size_t cap)
{
    const summary_ctx *c = ctx;
    return c->g->hand_summary(c->st, c->viewer, c->lang, buf, cap);
}

char *tb_hand_summary(const ch_game *g, const void *st, int viewer, ch_lang lang)
{
    return tb_hand_summary_as(g, st, viewer, lang, &tb_seat_numbers);
}

char *tb_hand_summary_as(const ch_game *g, const void *st, int viewer, ch_lang lang,
                         const tb_names *names)
{
    if (!g->hand_summary) return NULL;
    summary_ctx c = {g, st, viewer, lang, NULL};
    char *s = grow(summary_fn, &c);
    if (s && !s[0]) {
        free(s);
        s = NULL;
    }
    if (s && names && strstr(s, "{P")) {
        char *f = tb_fill(s, names, lang);
        free(s);
        s = f;
    }
    return s;
}

json_t *tb_view_json(const ch_game *g, const void *st, int viewer, const tb_names *names,
                     ch_lang lang)
{
    json_t *v = g->view_json(st, viewer);
    tb_fill_json(v, names, lang);
    return v;
}

static int rules_fn(const void *ctx, char *buf, size_t cap)
{
    const summary_ctx *c = ctx;
    return c->g->rules_text(c->o, c->lang, buf, cap);
}

/* Without a rules hook: the title, the summary line and the options in force. */
static int rules_fallback(const void *ctx, char *buf, size_t cap)
{
    const summary_ctx *c = ctx;
    static const char *const in_force[CH_NLANGS] = {"Options in force", "この対局のオプション"};
    /* The summary line is English only: Japanese gets the title alone. */
    size_t n = (size_t)snprintf(buf, cap, "%s%s%s\n%s:\n", c->g->title[c->lang],
                                c->lang == CH_LANG_EN ? ": " : "",
                                c->lang == CH_LANG_EN ? c->g->summary : "", in_force[c->lang]);
    for (int i = 0; i < c->g->n_opts && i < c->o->n; i++)
        n += (size_t)snprintf(buf + (n < cap ? n : cap), n < cap ? cap - n : 0, "  %s=%s\n",
                              c->g->opts[i].key, c->o->text[i]);
    return (int)n;
}

char *tb_rules_text(const ch_game *g, const ch_opts *o, ch_lang lang)
{
    summary_ctx c = {g, NULL, 0, lang, o};
    char *s = grow(g->rules_text ? rules_fn : rules_fallback, &c);
    if (s && strstr(s, "{P")) {
        char *f = tb_fill(s, &tb_seat_numbers, lang);
        free(s);
        s = f;
    }
    return s;
}

/* A hook's text into buf, "" when there is none or it failed. */
static int clip(int n, char *buf, size_t cap)
{
    if (n <= 0) {
        if (cap) buf[0] = '\0';
        return 0;
    }
    return (size_t)n < cap ? n : (int)cap - 1;
}

int tb_explain_illegal(const ch_game *g, const void *st, const char *text, ch_lang lang, char *buf,
                       size_t cap)
{
    if (cap) buf[0] = '\0';
    if (!g->explain_illegal || g->to_move(st) == CH_TERMINAL) return 0;
    int n = clip(g->explain_illegal(st, text, lang, buf, cap), buf, cap);
    if (n) tb_fill_buf(buf, cap, &tb_seat_numbers, lang), n = (int)strlen(buf);
    return n;
}

/* The game's warning, placeholders kept. */
static int raw_warning(const ch_game *g, const void *st, ch_action a, ch_lang lang, char *buf,
                       size_t cap)
{
    if (cap) buf[0] = '\0';
    if (!g->warning) return 0;
    return clip(g->warning(st, a, lang, buf, cap), buf, cap);
}

int tb_warning(const ch_game *g, const void *st, ch_action a, ch_lang lang, char *buf, size_t cap)
{
    int n = raw_warning(g, st, a, lang, buf, cap);
    if (n) tb_fill_buf(buf, cap, &tb_seat_numbers, lang), n = (int)strlen(buf);
    return n;
}

static int hands_done(const ch_game *g, const void *st)
{
    ch_result r;
    g->result(st, &r);
    return r.hands;
}

/* See table.h: tb_hand_end_json is this without the view. */
static json_t *hand_end(const ch_match *m, int k, int viewer, ch_lang lang, int with_view,
                        const tb_names *names)
{
    const ch_game *g = m->game;
    const void *after = ch_match_state_at(m, k + 1);
    int hands = hands_done(g, after);
    if (hands <= hands_done(g, ch_match_state_at(m, k))) return NULL;
    json_t *o = json_pack("{s:i}", "hand", hands);
    char *sum = tb_hand_summary_as(g, after, viewer, lang, names);
    if (sum) json_object_set_new(o, "summary", json_string(sum));
    free(sum);
    /* A game that does not take the spectator has no view for it. */
    json_t *view = viewer == CH_SPECTATOR && !tb_has_spectator(g)
                       ? json_object()
                       : tb_view_json(g, after, viewer, names, lang);
    json_t *last = json_object_get(view, "last_hand");
    if (last && !json_is_null(last)) json_object_set(o, "last_hand", last);
    if (with_view) json_object_set(o, "view", view);
    json_decref(view);
    return o;
}

json_t *tb_hand_end_json(const ch_match *m, int k, int viewer, ch_lang lang)
{
    if (k < 0 || k >= m->n_actions) return NULL;
    return hand_end(m, k, viewer, lang, 0, NULL); /* the front end fills the names */
}

json_t *tb_history_json(const ch_match *m, int viewer, ch_lang lang)
{
    const ch_game *g = m->game;
    json_t *moves = json_array();
    char text[256], name[512];
    for (int k = 0; k < m->n_actions; k++) {
        const void *st = ch_match_state_at(m, k);
        ch_action a = m->actions[k];
        int mover = g->to_move(st);
        json_t *ev = tb_events(g, st, a, viewer, lang);
        if (viewer == CH_SPECTATOR && !tb_has_spectator(g))
            snprintf(name, sizeof name, "%s", neutral[lang]);
        else
            tb_action_name(g, st, a, viewer, lang, name, sizeof name);
        json_t *o = json_pack("{s:i,s:s,s:o}", "seat", mover, "name", name, "events", ev);
        if (!o) o = json_pack("{s:i,s:s,s:[]}", "seat", mover, "name", "?", "events");
        /* The notation names the move exactly (a face-down pick, a hidden
         * order): only its maker and the omniscient viewer may read it. */
        if (viewer == CH_ALL || viewer == mover) {
            g->action_text(st, a, text, sizeof text);
            json_object_set_new(o, "action", json_string(text));
        }
        json_t *end = hand_end(m, k, viewer, lang, 0, &tb_seat_numbers);
        if (end) json_object_set_new(o, "hand_end", end);
        json_array_append_new(moves, o);
    }
    return moves;
}

json_t *tb_seat_record(const ch_match *m, int viewer, ch_lang lang)
{
    const ch_game *g = m->game;
    json_t *opts = json_object();
    for (int i = 0; i < g->n_opts && i < m->opts.n; i++)
        json_object_set_new(opts, g->opts[i].key, json_string(m->opts.text[i]));
    json_t *hands = json_array();
    for (int k = 0; k < m->n_actions; k++) {
        json_t *end = hand_end(m, k, viewer, lang, 1, &tb_seat_numbers);
        if (end) json_array_append_new(hands, end);
    }
    ch_result r;
    g->result(ch_match_state(m), &r);
    return json_pack("{s:s,s:s,s:o,s:o,s:o,s:o,s:o}", "format", "cardhall-seat-record/1", "game",
                     g->name, "options", opts, "viewer",
                     viewer == CH_SPECTATOR ? json_string("spectator") : json_integer(viewer),
                     "moves", tb_history_json(m, viewer, lang), "hands", hands, "result",
                     ch_result_json(&r));
}

json_t *tb_legal_json(const ch_game *g, const void *st, int viewer, ch_lang lang, ch_action *acts)
{
    return tb_legal_json_as(g, st, viewer, lang, acts, &tb_seat_numbers);
}

json_t *tb_legal_json_as(const ch_game *g, const void *st, int viewer, ch_lang lang,
                         ch_action *acts, const tb_names *names)
{
    int p = g->to_move(st);
    int n = p == CH_TERMINAL || (viewer != p && viewer != CH_ALL) ? 0 : g->legal(st, acts);
    json_t *list = json_array();
    char text[256], name[512], warn[512];
    for (int i = 0; i < n; i++) {
        g->action_text(st, acts[i], text, sizeof text);
        tb_choice_name_as(g, st, acts[i], viewer, lang, names, name, sizeof name);
        /* Not json_pack, which parses its format for every move offered. */
        json_t *act = json_string(text), *nm = json_string(name);
        if (!act) { /* not UTF-8: not offered, as json_pack failed before */
            json_decref(nm);
            continue;
        }
        json_t *o = json_object();
        json_object_set_new(o, "action", act);
        json_object_set_new(o, "name", nm ? nm : json_string("?")); /* a name not UTF-8 */
        if (raw_warning(g, st, acts[i], lang, warn, sizeof warn) > 0) {
            tb_fill_buf(warn, sizeof warn, names, lang);
            json_object_set_new(o, "warning", json_string(warn));
        }
        json_array_append_new(list, o);
    }
    return list;
}

/* The text of one string as json_string takes it: 0 written, 1 refused
 * (not UTF-8; nothing written), -1 without memory. */
static int utf8_string(tb_text *t, const char *s)
{
    size_t n = strlen(s);
    if (ch_utf8_valid_prefix(s, n) != n) return 1;
    return tb_text_string(t, s, n);
}

int tb_legal_text(tb_text *t, const ch_game *g, const void *st, int viewer, ch_lang lang,
                  ch_action *acts, const tb_names *names)
{
    int p = g->to_move(st);
    int n = p == CH_TERMINAL || (viewer != p && viewer != CH_ALL) ? 0 : g->legal(st, acts);
    char text[256], name[512], warn[512];
    int first = 1;
    if (tb_text_put(t, "[", 1)) return -1;
    for (int i = 0; i < n; i++) {
        g->action_text(st, acts[i], text, sizeof text);
        size_t tn = strlen(text);
        if (ch_utf8_valid_prefix(text, tn) != tn) continue; /* not offered, as the tree's */
        tb_choice_name_as(g, st, acts[i], viewer, lang, names, name, sizeof name);
        if ((!first && tb_text_put(t, ",", 1)) || tb_text_put(t, "{\"action\":", 10) ||
            tb_text_string(t, text, tn) || tb_text_put(t, ",\"name\":", 8))
            return -1;
        first = 0;
        int rc = utf8_string(t, name);
        if (rc < 0 || (rc > 0 && tb_text_put(t, "\"?\"", 3))) return -1; /* a name not UTF-8 */
        if (raw_warning(g, st, acts[i], lang, warn, sizeof warn) > 0) {
            tb_fill_buf(warn, sizeof warn, names, lang);
            size_t wn = strlen(warn);
            if (ch_utf8_valid_prefix(warn, wn) == wn &&
                (tb_text_put(t, ",\"warning\":", 11) || tb_text_string(t, warn, wn)))
                return -1;
        }
        if (tb_text_put(t, "}", 1)) return -1;
    }
    return tb_text_put(t, "]", 1);
}
