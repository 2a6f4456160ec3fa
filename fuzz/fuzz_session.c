/* Fuzz target: the engine's request handling (tb_session_line), as a
 * sequence of requests, one per input line, so the fuzzer reaches games in
 * progress. Asserted for every line that is not blank: exactly one reply, a
 * JSON object with a boolean "ok" that can be written out (valid UTF-8); on
 * an error reply the session is unchanged (same game, same moves, same state
 * bytes by ch_equal); after every reply the loaded game's census is whole.
 * Files are off (allow_files = 0), and lines that name a file are skipped
 * (fz_names_file), so the fuzzer never reads this machine's files.
 *
 * Lines with a "type" are the table server's messages of issue 25 (chat,
 * leave, resume, act with turn clocks, tick: the time passing) played on a
 * room (cardhall/room.h) of Rack-O with a person at seat 0, a bot at seat
 * 1 and a clock, the time being the input's: a chat message is kept
 * exactly when its text passes the rule; the table never holds more than
 * TB_CHAT_KEEP messages, each valid shown text; a refused message changes
 * nothing; no clock goes below 0 or above its bound; every output is
 * writable JSON. */
#include <stdlib.h>
#include <string.h>

#include "cardhall/registry.h"
#include "cardhall/room.h"
#include "cardhall/table.h"
#include "cardhall/utf8.h"
#include "fz.h"

#define FZ_MAX_LINES 64

static int blank(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (s[i] != ' ' && s[i] != '\t' && s[i] != '\r') return 0;
    return 1;
}

/* One request; checks the reply against the session before and after. */
static void one(tb_session *s, const char *line, size_t len, void *before)
{
    json_error_t je;
    json_t *req = json_loadb(line, len, 0, &je);
    int skip = req && fz_names_file(req);
    json_decref(req);
    if (skip) return;

    int had = s->have, n_before = had ? s->m.n_actions : 0;
    const ch_game *g = had ? s->m.game : NULL;
    if (had) ch_clone(g, before, ch_match_state(&s->m));
    int quit = 0;
    json_t *reply = tb_session_line(s, line, len, &quit);
    if (!json_is_object(reply)) fz_fail("no reply object for a line of %zu bytes", len);
    json_t *ok = json_object_get(reply, "ok");
    if (!json_is_boolean(ok)) fz_fail("reply without a boolean ok");
    char *text = json_dumps(reply, JSON_COMPACT);
    if (!text) fz_fail("reply cannot be written as JSON (invalid UTF-8?)");
    if (json_is_false(ok)) {
        if (!json_is_string(json_object_get(reply, "error")))
            fz_fail("error reply without error: %s", text);
        if (s->have != had) fz_fail("error reply changed whether a game is loaded: %s", text);
        if (had && (s->m.game != g || s->m.n_actions != n_before ||
                    !ch_equal(g, before, ch_match_state(&s->m))))
            fz_fail("error reply changed the game: %s", text);
    }
    free(text);
    json_decref(reply);
    if (s->have) fz_census(s->m.game, ch_match_state(&s->m), "after a request");
}

/* The table: the room, its time, and whether a test may still play. */
typedef struct fz_table {
    tb_room r;
    int64_t now;
    int ok;
} fz_table;

static void table_init(fz_table *t)
{
    json_t *o = json_pack("{s:i}", "players", 2);
    ch_err err;
    unsigned char h[TB_TOKEN_HASH] = {1};
    t->now = 0;
    t->ok = tb_room_init(&t->r, 1, ch_game_find("racko"), o, NULL,
                         (const char *const[]){"open", "random"}, 2, 7, 3000, &err) == CH_OK;
    json_decref(o);
    if (!t->ok) fz_fail("the fuzz table does not set up: %s", err.msg);
    if (tb_room_set_clock(&t->r, 2000, 100, &err) != CH_OK ||
        tb_room_join(&t->r, 0, "Ann", h, &err) != 0)
        fz_fail("the fuzz table does not start: %s", err.msg);
}

static void must_dump(json_t *j, const char *what)
{
    char *text = j ? json_dumps(j, JSON_COMPACT | JSON_ENCODE_ANY) : NULL;
    if (!text) fz_fail("%s cannot be written as JSON", what);
    free(text);
    json_decref(j);
}

static void table_check(fz_table *t)
{
    const tb_chat *c = &t->r.chat;
    if (c->n < 0 || c->n > TB_CHAT_KEEP) fz_fail("the chat holds %d messages", c->n);
    size_t bytes = 0;
    for (int i = 0; i < c->n; i++) {
        const tb_chat_msg *m = tb_chat_at(c, i);
        if (!ch_utf8_text_ok(m->text, m->len) || m->len == 0 || m->len > TB_CHAT_MAX)
            fz_fail("the chat holds text that breaks the rule");
        if (i > 0 && m->id <= tb_chat_at(c, i - 1)->id) fz_fail("chat ids out of order");
        bytes += sizeof *m + m->len + 1;
    }
    if (bytes != c->bytes) fz_fail("chat bytes %zu, counted %zu", c->bytes, bytes);
    for (int i = 0; i < t->r.n_seats; i++) {
        int64_t left = tb_clock_left(&t->r.clock, i, t->now);
        if (left < 0 || left > TB_CLOCK_BANK_MAX) fz_fail("seat %d's clock reads %lld", i, (long long)left);
    }
    must_dump(tb_chat_history_json(c), "the chat history");
    must_dump(tb_clock_json(&t->r.clock, t->now), "the clock");
    must_dump(tb_room_away_json(&t->r, t->now), "who is away");
    must_dump(tb_room_state_json(&t->r, 0, CH_LANG_JA), "the state");
    if (t->r.status != TB_ROOM_OPEN && t->r.m.n_actions > 0)
        must_dump(tb_room_events(&t->r, t->r.m.n_actions - 1, CH_SPECTATOR, CH_LANG_EN),
                  "the last events");
}

/* Bots (and the heuristic for seat 0 out of time or gone) move, a few. */
static void table_bots(fz_table *t)
{
    ch_action a;
    ch_err err;
    tb_room_clock_sync(&t->r, t->now);
    for (int n = 0; n < 8 && tb_room_bot_due(&t->r, t->now, &a); n++)
        if (tb_room_apply_at(&t->r, a, t->now, &err) != CH_OK)
            fz_fail("a bot's move does not apply: %s", err.msg);
}

static void table_message(fz_table *t, json_t *req, const char *type)
{
    ch_err err;
    tb_room *r = &t->r;
    if (!strcmp(type, "chat")) {
        const char *text = NULL;
        size_t len = 0;
        int64_t last = r->chat.last_id;
        json_t *js = json_object_get(req, "seat");
        int seat = json_is_integer(js) ? (int)(json_integer_value(js) % 3) - 1 : 0;
        int rc = tb_chat_text_of(req, &text, &len, &err);
        if (rc == CH_OK && !tb_chat_add(&r->chat, 0, seat, seat >= 0 ? "Ann" : "", text, len, &err))
            fz_fail("a checked chat message was refused: %s", err.msg);
        if (rc != CH_OK && r->chat.last_id != last) fz_fail("a refused chat message was kept");
        if (rc == CH_OK && (json_string_length(json_object_get(req, "text")) != len ||
                            strcmp(tb_chat_at(&r->chat, r->chat.n - 1)->text, text) != 0))
            fz_fail("the chat keeps other text than was sent");
    } else if (!strcmp(type, "tick")) {
        json_int_t ms = json_integer_value(json_object_get(req, "ms"));
        t->now += ms < 0 ? 0 : ms > 100000 ? 100000 : ms;
    } else if (!strcmp(type, "leave")) {
        if (r->seats[0].kind == TB_SEAT_PERSON) tb_room_leave_at(r, 0, t->now, &err);
    } else if (!strcmp(type, "resume")) {
        tb_room_presence(r, 0, +1, t->now);
    } else if (!strcmp(type, "act")) {
        ch_action a;
        const char *text = json_string_value(json_object_get(req, "action"));
        if (tb_room_timed_out(r, t->now) != 0 && tb_room_check(r, 0, text, &a, &err) == CH_OK &&
            tb_room_apply_at(r, a, t->now, &err) != CH_OK)
            fz_fail("a checked move does not apply: %s", err.msg);
    } else if (!strcmp(type, "rematch")) {
        if (r->status == TB_ROOM_FINISHED && tb_room_rematch(r, (uint64_t)t->now, &err) != CH_OK)
            fz_fail("no rematch: %s", err.msg);
    }
    table_bots(t);
    table_check(t);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static void *before;
    if (!before) {
        size_t big = 0;
        for (uint8_t i = 0; i < 16; i++) {
            size_t z = fz_game(i)->state_size;
            big = z > big ? z : big;
        }
        before = malloc(big);
        if (!before) abort();
    }
    tb_config cfg = {.allow_files = 0, .max_request = 0};
    tb_session s;
    tb_session_init(&s, &cfg);
    fz_table t = {0};
    const char *p = (const char *)data, *end = p + size;
    for (int lines = 0; p < end && lines < FZ_MAX_LINES; lines++) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t len = (size_t)((nl ? nl : end) - p);
        json_t *req = json_loadb(p, len, 0, NULL);
        const char *type = json_string_value(json_object_get(req, "type"));
        if (type) {
            if (!t.ok) table_init(&t);
            table_message(&t, req, type);
        } else if (!blank(p, len)) {
            one(&s, p, len, before);
        }
        json_decref(req);
        p += len + 1;
    }
    if (t.ok) tb_room_free(&t.r);
    tb_session_free(&s);
    return 0;
}
