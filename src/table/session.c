/* See cardhall/table.h: one session, the requests of docs/protocol.md.
 * A bad request gets {"ok":false,"error":...} and changes nothing. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cardhall/bot.h"
#include "cardhall/file.h"
#include "cardhall/match.h"
#include "cardhall/num.h"
#include "cardhall/registry.h"
#include "cardhall/table.h"

/* Handlers return the reply's fields, or an error object from fail(). */
static json_t *fail(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

static json_t *fail(const char *fmt, ...)
{
    /* Room for a ch_err message and the words around it; a longer message is
     * cut between characters, so it stays valid UTF-8 (ch_vformat). */
    char msg[CH_ERR_MAX + 256];
    va_list ap;
    va_start(ap, fmt);
    ch_vformat(msg, sizeof msg, fmt, ap);
    va_end(ap);
    json_t *o = json_pack("{s:b,s:s}", "ok", 0, "error", msg);
    if (o) return o;
    /* Only a game's own text could be invalid UTF-8 here: replace the bad
     * bytes (U+FFFD), keep every good character. */
    char safe[sizeof msg * 2];
    return json_pack("{s:b,s:s}", "ok", 0, "error", ch_quote(msg, safe, sizeof safe));
}

static int is_fail(json_t *r)
{
    return json_is_false(json_object_get(r, "ok"));
}

/* Where the game stands: who moves, in which phase, how far along. */
static json_t *status(const tb_session *e)
{
    const ch_game *g = e->m.game;
    const void *st = ch_match_state(&e->m);
    ch_result r;
    g->result(st, &r);
    int p = g->to_move(st);
    json_t *o = json_pack("{s:s,s:i,s:o,s:s,s:b,s:i,s:i}", "game", g->name, "players",
                          g->num_players(st), "to_move",
                          p == CH_TERMINAL ? json_null() : json_integer(p), "phase", g->phase(st),
                          "terminal", p == CH_TERMINAL, "hands", r.hands, "moves", e->m.n_actions);
    if (p == CH_TERMINAL) json_object_set_new(o, "result", ch_result_json(&r));
    return o;
}

static json_t *need_game(const tb_session *e)
{
    return e->have ? NULL : fail("no game: send new or replay first");
}

/* "player": a seat number, "all"/-1 for the omniscient view, or
 * "spectator"/-2 for what is public (CH_SPECTATOR; only in games that
 * support it: tb_has_spectator). */
static json_t *get_player(const tb_session *e, json_t *req, int required, int dflt, int *out)
{
    json_t *j = json_object_get(req, "player");
    int n = e->m.game->num_players(ch_match_state(&e->m));
    if (!j) {
        if (required) return fail("missing field: player");
        *out = dflt;
        return NULL;
    }
    if (json_is_string(j) && strcmp(json_string_value(j), "all") == 0) {
        *out = CH_ALL;
        return NULL;
    }
    if ((json_is_string(j) && strcmp(json_string_value(j), "spectator") == 0) ||
        (json_is_integer(j) && json_integer_value(j) == CH_SPECTATOR)) {
        if (!tb_has_spectator(e->m.game))
            return fail("player: %s has no spectator view", e->m.game->name);
        *out = CH_SPECTATOR;
        return NULL;
    }
    if (!json_is_integer(j) || json_integer_value(j) < -1 || json_integer_value(j) >= n)
        return fail("player: expected a seat 0..%d, \"all\" or \"spectator\"", n - 1);
    *out = (int)json_integer_value(j);
    return NULL;
}

static json_t *get_lang(json_t *req, ch_lang *out)
{
    json_t *j = json_object_get(req, "lang");
    const char *s = j ? json_string_value(j) : "en";
    /* Set on the error path too: gcc -O3 cannot tell that callers then
     * leave it unread, and warns. */
    *out = CH_LANG_EN;
    if (s && strcmp(s, "ja") == 0)
        *out = CH_LANG_JA;
    else if (!s || strcmp(s, "en") != 0)
        return fail("lang: expected \"en\" or \"ja\"");
    return NULL;
}

/* "order": card texts as an array (strings or numbers) or one string. */
static json_t *get_order(const ch_game *g, json_t *req, int *order, int *n)
{
    json_t *j = json_object_get(req, "order");
    ch_err err;
    *n = 0;
    if (!j) return NULL;
    if (json_is_string(j)) {
        if (ch_parse_order(g, json_string_value(j), order, CH_MAX_CARDS, n, &err) != CH_OK)
            return fail("%s", err.msg);
        return NULL;
    }
    if (!json_is_array(j) || json_array_size(j) > CH_MAX_CARDS)
        return fail("order: expected an array of at most %d cards", CH_MAX_CARDS);
    /* As on the command line: an order given with no card is a mistake. */
    if (json_array_size(j) == 0) return fail("order: no cards given");
    size_t i;
    json_t *c;
    json_array_foreach(j, i, c)
    {
        char text[64], q[64];
        if (json_is_string(c))
            snprintf(text, sizeof text, "%s", json_string_value(c));
        else if (json_is_integer(c))
            snprintf(text, sizeof text, "%lld", (long long)json_integer_value(c));
        else
            return fail("order: entry %zu is not a card", i + 1);
        if (g->card_parse(text, &order[i]) != CH_OK)
            return fail("order: '%s' (card %zu) is not a card of %s",
                        ch_quote(json_is_string(c) ? json_string_value(c) : text, q, sizeof q),
                        i + 1, g->name);
    }
    *n = (int)json_array_size(j);
    return NULL;
}

/* A seed as the client may send it: a JSON integer >= 0, or a decimal string
 * (for seeds above 2^63) read by the one strict parser the CLI uses too. */
static json_t *get_seed(json_t *req, uint64_t *seed, int *given)
{
    json_t *js = json_object_get(req, "seed");
    *given = js != NULL;
    if (!js) return NULL;
    if (json_is_integer(js) && json_integer_value(js) >= 0)
        *seed = (uint64_t)json_integer_value(js);
    else if (!json_is_string(js) || ch_parse_u64(json_string_value(js), seed) != CH_OK)
        return fail("seed: expected an integer 0..18446744073709551615 (a number or its digits "
                    "as a string)");
    return NULL;
}

/* Options whose value names a file on this machine. With files off they must
 * stay empty: a client could otherwise make the engine read (and quote in an
 * error) any file, or block on a FIFO. */
static const struct {
    const char *game, *key;
} path_opts[] = {{"babasuki", "cards"}};

static json_t *refuse_paths(const tb_session *e, const ch_game *g, const ch_opts *o)
{
    if (e->cfg.allow_files) return NULL;
    for (size_t k = 0; k < sizeof path_opts / sizeof path_opts[0]; k++) {
        if (strcmp(g->name, path_opts[k].game) != 0) continue;
        int i = ch_opts_index(g->opts, g->n_opts, path_opts[k].key);
        if (i >= 0 && o->text[i][0] && !o->data[i])
            return fail("option %s: this engine reads no files (it serves untrusted clients); "
                        "send the content as data.%s, or leave %s empty for the built-in cards",
                        path_opts[k].key, path_opts[k].key, path_opts[k].key);
    }
    return NULL;
}

static void replace(tb_session *e, ch_match *m)
{
    if (e->have) ch_match_free(&e->m);
    e->m = *m;
    e->have = 1;
    free(e->acts);
    e->acts = malloc(sizeof *e->acts * (size_t)m->game->max_actions);
}

static json_t *cmd_new(tb_session *e, json_t *req)
{
    const char *name = json_string_value(json_object_get(req, "game"));
    if (!name) return fail("missing field: game");
    const ch_game *g = ch_game_find(name);
    char q[CH_QUOTE_MAX];
    if (!g) return fail("unknown game '%s'", ch_quote(name, q, sizeof q));
    int n_order;
    static int order[CH_MAX_CARDS];
    ch_opts opts;
    ch_err err;
    if (ch_opts_from_json(g, json_object_get(req, "options"), &opts, &err) != CH_OK ||
        ch_opts_data_from_json(g, json_object_get(req, "data"), &opts, &err) != CH_OK)
        return fail("%s", err.msg);
    json_t *bad = get_order(g, req, order, &n_order);
    if (bad) return bad;
    bad = refuse_paths(e, g, &opts);
    if (bad) return bad;
    uint64_t seed = tb_time_seed();
    int given;
    bad = get_seed(req, &seed, &given);
    if (bad) return bad;
    /* A local engine reads a named file itself, as play and sim do (regular
     * files only); its content then goes into the record. */
    if (e->cfg.allow_files && ch_opts_read_files(&opts, g->opts, g->n_opts, &err) != CH_OK)
        return fail("%s", err.msg);
    ch_match m;
    int rc = ch_match_init_opts(&m, g, &opts, seed, order, n_order, &err);
    ch_opts_free_data(&opts); /* what was read here; the match has its copy */
    if (rc != CH_OK) return fail("%s", err.msg);
    replace(e, &m);
    json_t *o = status(e);
    json_object_set_new(o, "seed", ch_seed_json(seed));
    return o;
}

static json_t *cmd_legal(tb_session *e, json_t *req)
{
    const ch_game *g = e->m.game;
    const void *st = ch_match_state(&e->m);
    int p = g->to_move(st), viewer;
    ch_lang lang;
    json_t *bad = get_lang(req, &lang);
    if (!bad) bad = get_player(e, req, 0, p, &viewer);
    if (bad) return bad;
    /* Another seat or a spectator gets none ("to_move" says whose turn it is). */
    json_t *o = status(e);
    json_object_set_new(o, "actions", tb_legal_json(g, st, viewer, lang, e->acts));
    return o;
}

/* An illegal move's error, with the game's reason when it has one. */
static json_t *illegal(const ch_game *g, const void *st, const char *text, ch_lang lang,
                       const char *msg)
{
    char why[512];
    if (tb_explain_illegal(g, st, text, lang, why, sizeof why) <= 0) return fail("%s", msg);
    json_t *o = fail("%s: %s", msg, why);
    json_object_set_new(o, "reason", json_string(why));
    return o;
}

/* Applies "action"; the reply carries the move's events as "player" (default
 * the mover) knows them. */
static json_t *cmd_act(tb_session *e, json_t *req)
{
    const char *text = json_string_value(json_object_get(req, "action"));
    if (!text) return fail("missing field: action");
    const ch_game *g = e->m.game;
    const void *st = ch_match_state(&e->m);
    int p = g->to_move(st), viewer;
    ch_lang lang;
    json_t *bad = get_lang(req, &lang);
    if (!bad) bad = get_player(e, req, 0, p, &viewer);
    if (bad) return bad;
    ch_err err;
    if (ch_match_apply_text(&e->m, text, &err) != CH_OK) return illegal(g, st, text, lang, err.msg);
    int k = e->m.n_actions - 1;
    json_t *o = status(e);
    json_object_set_new(o, "events",
                        tb_events(g, ch_match_state_at(&e->m, k), e->m.actions[k], viewer, lang));
    return o;
}

static json_t *cmd_view(tb_session *e, json_t *req)
{
    int p = CH_ALL; /* set by get_player; gcc -O3 cannot see it through the call */
    json_t *bad = get_player(e, req, 1, 0, &p);
    if (bad) return bad;
    json_t *o = json_object();
    json_object_set_new(o, "player",
                        p == CH_ALL         ? json_string("all")
                        : p == CH_SPECTATOR ? json_string("spectator")
                                            : json_integer(p));
    /* Texts in the view name seats by number; a {"en","ja"} pair each in its language. */
    json_object_set_new(o, "view", tb_view_json(e->m.game, ch_match_state(&e->m), p,
                                                &tb_seat_numbers, CH_LANG_EN));
    return o;
}

static json_t *cmd_state(tb_session *e, json_t *req)
{
    json_t *o = status(e);
    ch_result r;
    e->m.game->result(ch_match_state(&e->m), &r);
    json_object_set_new(o, "result", ch_result_json(&r));
    json_object_set_new(o, "state", tb_view_json(e->m.game, ch_match_state(&e->m), CH_ALL,
                                                 &tb_seat_numbers, CH_LANG_EN));
    return o;
}

static json_t *cmd_undo(tb_session *e, json_t *req)
{
    ch_err err;
    if (ch_match_undo(&e->m, &err) != CH_OK) return fail("%s", err.msg);
    return status(e);
}

/* The full, replayable record (no "player", or "all"); for a seat or the
 * spectator only what it may keep (tb_seat_record). */
static json_t *cmd_record(tb_session *e, json_t *req)
{
    int viewer;
    ch_lang lang;
    json_t *bad = get_lang(req, &lang);
    if (!bad) bad = get_player(e, req, 0, CH_ALL, &viewer);
    if (bad) return bad;
    if (viewer == CH_ALL) return json_pack("{s:o}", "record", ch_match_record(&e->m));
    return json_pack("{s:o}", "record", tb_seat_record(&e->m, viewer, lang));
}

/* A record file may be far longer than one request (every move of a long
 * game), but not unbounded. */
#define RECORD_FILE_MAX (64u << 20)

/* JSON text of a record: the client's own ("record_text") or a file's. A
 * UTF-8 byte-order mark, as some editors write, is skipped. Errors about a
 * file give line and column but never its bytes: jansson's "near '...'"
 * would quote the start of whatever file was named. */
static json_t *parse_record(const char *text, size_t len, const char *path, json_t **out)
{
    if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) text += 3, len -= 3;
    json_error_t je;
    *out = json_loadb(text, len, 0, &je);
    if (*out) return NULL;
    char q[CH_QUOTE_MAX];
    if (!path)
        return fail("record_text: malformed JSON: %s (line %d, column %d)", je.text, je.line,
                    je.column);
    char *near = strstr(je.text, " near ");
    if (near) *near = '\0';
    return fail("%s: not a JSON record: %s (line %d, column %d)", ch_quote(path, q, sizeof q),
                je.text, je.line, je.column);
}

/* The record a replay request names: "record" (an object), "record_text"
 * (its JSON text) or, only with files allowed, "file" (a path here). */
static json_t *get_record(const tb_session *e, json_t *req, json_t **rec)
{
    json_t *obj = json_object_get(req, "record"), *text = json_object_get(req, "record_text");
    json_t *file = json_object_get(req, "file");
    *rec = NULL;
    if ((obj != NULL) + (text != NULL) + (file != NULL) > 1)
        return fail("replay: give one of record, record_text or file");
    if (obj) {
        if (!json_is_object(obj)) return fail("record: expected an object");
        *rec = json_deep_copy(obj); /* replay may add the content of named files */
        if (!*rec) return fail("out of memory");
        return NULL;
    }
    if (text) {
        if (!json_is_string(text)) return fail("record_text: expected a string");
        return parse_record(json_string_value(text), json_string_length(text), NULL, rec);
    }
    if (!file)
        return fail(e->cfg.allow_files ? "missing field: record (an object), record_text or file"
                                       : "missing field: record (an object) or record_text");
    if (!e->cfg.allow_files)
        return fail("file: this engine reads no files (it serves untrusted clients); send the "
                    "record itself as record or record_text");
    if (!json_is_string(file)) return fail("file: expected a path");
    char *buf;
    size_t len;
    ch_err err;
    if (ch_file_read(json_string_value(file), RECORD_FILE_MAX, &buf, &len, &err) != CH_OK)
        return fail("%s", err.msg);
    json_t *bad = parse_record(buf, len, json_string_value(file), rec);
    free(buf);
    return bad;
}

static json_t *cmd_replay(tb_session *e, json_t *req)
{
    json_t *rec;
    json_t *o = get_record(e, req, &rec);
    if (o) return o;
    const char *name = ch_record_game(rec);
    const ch_game *g = name ? ch_game_find(name) : NULL;
    char q[CH_QUOTE_MAX];
    ch_match m;
    ch_opts opts;
    ch_err err;
    if (!g)
        o = name ? fail("unknown game '%s'", ch_quote(name, q, sizeof q))
                 : fail("record: missing field game");
    else if (ch_opts_from_json(g, json_object_get(rec, "options"), &opts, &err) != CH_OK ||
             ch_opts_data_from_json(g, json_object_get(rec, "data"), &opts, &err) != CH_OK)
        o = fail("record: %s", err.msg);
    /* A record's options may name a file too (Babasuki's cards, in records
     * before issue 11): a local engine reads it, an untrusted one refuses. */
    else if ((o = refuse_paths(e, g, &opts)) != NULL)
        ;
    else if (e->cfg.allow_files && ch_record_read_files(g, rec, &err) != CH_OK)
        o = fail("%s", err.msg);
    else if (ch_match_from_record(&m, g, rec, &err) != CH_OK)
        o = fail("%s", err.msg);
    json_decref(rec);
    if (o) return o;
    replace(e, &m);
    o = status(e);
    json_object_set_new(o, "seed", ch_seed_json(m.seed));
    return o;
}

static json_t *cmd_bot(tb_session *e, json_t *req)
{
    const ch_game *g = e->m.game;
    const void *st = ch_match_state(&e->m);
    const char *name = json_string_value(json_object_get(req, "name"));
    if (!name) return fail("missing field: name");
    if (!e->cfg.bot_settings && strchr(name, ':'))
        return fail("name: this engine takes a level or a bot, not a search player's settings "
                    "(it serves untrusted clients; settings set a move's time)");
    int p = g->to_move(st), viewer;
    if (p == CH_TERMINAL) return fail("the game is over");
    /* As in act: with apply, the events as "player" (default the mover)
     * knows them, in "lang". */
    ch_lang lang;
    json_t *bad = get_lang(req, &lang);
    if (!bad) bad = get_player(e, req, 0, p, &viewer);
    if (bad) return bad;
    /* Without a seed, one derived from the game and the move number, so a
     * session replays identically. */
    uint64_t seed = ch_mix64(e->m.seed ^ ch_mix64((uint64_t)e->m.n_actions));
    int given;
    bad = get_seed(req, &seed, &given);
    if (bad) return bad;
    ch_bot bot;
    ch_err err;
    if (ch_bot_init(&bot, g, name, seed, &err) != CH_OK) return fail("%s", err.msg);
    ch_action a = ch_bot_act(&bot, st, p);
    char text[256];
    g->action_text(st, a, text, sizeof text);
    json_t *o = json_pack("{s:s,s:i}", "action", text, "player", p);
    if (json_is_true(json_object_get(req, "apply"))) {
        if (ch_match_apply(&e->m, a, &err) != CH_OK) {
            json_decref(o);
            return fail("bot %s: %s", name, err.msg);
        }
        json_t *s = status(e);
        json_object_update(o, s);
        json_decref(s);
        int k = e->m.n_actions - 1;
        json_object_set_new(
            o, "events", tb_events(g, ch_match_state_at(&e->m, k), e->m.actions[k], viewer, lang));
    }
    return o;
}

/* Every move so far as player may see it: what a front end shows as the log. */
static json_t *cmd_history(tb_session *e, json_t *req)
{
    int viewer;
    ch_lang lang;
    json_t *bad = get_lang(req, &lang);
    if (!bad) bad = get_player(e, req, 1, 0, &viewer);
    if (bad) return bad;
    return json_pack("{s:o}", "moves", tb_history_json(&e->m, viewer, lang));
}

static json_t *cmd_result(tb_session *e, json_t *req)
{
    ch_result r;
    e->m.game->result(ch_match_state(&e->m), &r);
    return json_pack("{s:o}", "result", ch_result_json(&r));
}

static json_t *cmd_render(tb_session *e, json_t *req)
{
    int p;
    ch_lang lang;
    const void *st = ch_match_state(&e->m);
    int dflt = e->m.game->to_move(st) == CH_TERMINAL ? CH_ALL : e->m.game->to_move(st);
    json_t *bad = get_lang(req, &lang);
    if (!bad) bad = get_player(e, req, 0, dflt, &p);
    if (bad) return bad;
    char *text = tb_render(e->m.game, st, p, lang);
    json_t *o = json_pack("{s:s}", "text", text ? text : "");
    free(text);
    return o;
}

static json_t *cmd_list(tb_session *e, json_t *req)
{
    return json_pack("{s:o}", "games", tb_games_json());
}

static const struct {
    const char *name;
    json_t *(*run)(tb_session *e, json_t *req);
    int needs_game;
} cmds[] = {
    {"list", cmd_list, 0},     {"new", cmd_new, 0},         {"replay", cmd_replay, 0},
    {"legal", cmd_legal, 1},   {"act", cmd_act, 1},         {"view", cmd_view, 1},
    {"state", cmd_state, 1},   {"undo", cmd_undo, 1},       {"record", cmd_record, 1},
    {"bot", cmd_bot, 1},       {"history", cmd_history, 1}, {"result", cmd_result, 1},
    {"render", cmd_render, 1},
};

json_t *tb_session_request(tb_session *e, json_t *req, int *quit)
{
    json_t *reply = json_object(), *body = NULL;
    if (!json_is_object(req)) {
        body = fail("a request must be a JSON object");
    } else {
        json_t *id = json_object_get(req, "id");
        if (id) json_object_set(reply, "id", id);
        const char *cmd = json_string_value(json_object_get(req, "cmd"));
        if (!cmd)
            body = fail("missing field: cmd");
        else if (strcmp(cmd, "quit") == 0)
            *quit = 1, body = json_object();
        size_t i = 0, n = sizeof cmds / sizeof cmds[0];
        while (!body && i < n && strcmp(cmd, cmds[i].name) != 0)
            i++;
        char q[CH_QUOTE_MAX];
        if (!body && i == n) body = fail("unknown cmd '%s'", ch_quote(cmd, q, sizeof q));
        if (!body && cmds[i].needs_game) body = need_game(e);
        if (!body) body = cmds[i].run(e, req);
        /* NULL only if a game's text was not valid UTF-8 for JSON. */
        if (!body) body = fail("internal error: cmd '%s' could not build its reply", cmds[i].name);
    }
    if (!is_fail(body)) json_object_set_new(reply, "ok", json_true());
    json_object_update(reply, body);
    json_decref(body);
    return reply;
}

json_t *tb_session_line(tb_session *e, const char *line, size_t len, int *quit)
{
    /* jansson would stop at a NUL and call it "end of file": say what it is. */
    if (memchr(line, '\0', len))
        return fail("malformed JSON: a request must not contain NUL bytes");
    json_error_t je;
    json_t *req = json_loadb(line, len, 0, &je);
    if (!req) return fail("malformed JSON: %s (column %d)", je.text, je.column);
    json_t *reply = tb_session_request(e, req, quit);
    json_decref(req);
    return reply;
}

void tb_session_adopt(tb_session *s, ch_match *m)
{
    replace(s, m);
}

void tb_session_init(tb_session *s, const tb_config *cfg)
{
    memset(s, 0, sizeof *s);
    if (cfg) s->cfg = *cfg;
    if (!s->cfg.max_request) s->cfg.max_request = TB_MAX_REQUEST;
}

void tb_session_free(tb_session *s)
{
    if (s->have) ch_match_free(&s->m);
    free(s->acts);
    s->have = 0;
    s->acts = NULL;
}
