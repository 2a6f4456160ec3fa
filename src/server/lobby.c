/* The messages of docs/ws-protocol.md: lobby, seats, moves. Every reply
 * and broadcast is written for the one viewer it goes to (cardhall/room.h);
 * a move is committed to the database before anyone is told of it. */
#include <assert.h>
#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>

#include "cardhall/jsontext.h"
#include "cardhall/registry.h"
#include "cardhall/table.h"
#include "cardhall/utf8.h"
#include "conn.h"
#include "jsarena.h"
#include "think.h"

#define TOKEN_BYTES 16 /* 128 random bits from the OS */

/* A token is 32 lowercase hex digits; its SHA-256 is what is stored. */
static int token_hash(const char *token, unsigned char h[TB_TOKEN_HASH])
{
    if (!token || strlen(token) != 2 * TOKEN_BYTES) return -1;
    for (const char *p = token; *p; p++)
        if (!((*p >= '0' && *p <= '9') || (*p >= 'a' && *p <= 'f'))) return -1;
    unsigned int n = 0;
    return EVP_Digest(token, strlen(token), h, &n, EVP_sha256(), NULL) == 1 && n == TB_TOKEN_HASH
               ? 0
               : -1;
}

/* A seed nobody can guess (the clock could be): 53 random bits, so it also
 * survives any JSON reader once a finished game's record shows it. */
static int new_seed(uint64_t *seed)
{
    if (getrandom(seed, sizeof *seed, 0) != (ssize_t)sizeof *seed) return -1;
    *seed >>= 11;
    return 0;
}

static int new_token(char *out, unsigned char h[TB_TOKEN_HASH])
{
    unsigned char raw[TOKEN_BYTES];
    if (getrandom(raw, sizeof raw, 0) != (ssize_t)sizeof raw) return -1;
    for (int i = 0; i < TOKEN_BYTES; i++)
        snprintf(out + 2 * i, 3, "%02x", raw[i]);
    return token_hash(out, h);
}

size_t sv_table_bytes(const sv_table *t)
{
    const tb_room *r = &t->room;
    size_t n = sizeof *t + sizeof(ch_action) * (size_t)r->game->max_actions;
    if (r->status != TB_ROOM_OPEN) n += ch_match_bytes(&r->m);
    return n + r->chat.bytes;
}

static size_t memory_used(const sv_server *s)
{
    size_t n = s->queued;
    for (int i = 0; i < s->n_tables; i++)
        n += sv_table_bytes(s->tables[i]);
    return n;
}

sv_table *sv_table_of(sv_server *s, int64_t id)
{
    for (int i = 0; i < s->n_tables; i++)
        if (s->tables[i]->room.id == id) return s->tables[i];
    return NULL;
}

static sv_table *find_table(sv_server *s, json_t *req)
{
    json_t *j = json_object_get(req, "table");
    return json_is_integer(j) ? sv_table_of(s, json_integer_value(j)) : NULL;
}

/* The time of a state message, once a pause that is over (its time, an
 * absence) is over for everything in it (the legal moves, the clock), and
 * the clock of the seat to move runs. */
static int64_t state_now(sv_table *t)
{
    int64_t now = sv_now_ms();
    tb_room_paused(&t->room, now);
    tb_room_clock_sync(&t->room, now);
    return now;
}

/* Tells everyone at t where the game stands; after move (1-based) when > 0.
 * A state message depends on its viewer (a seat or the spectator) and
 * language only, so it is built and written once per distinct viewer: all
 * the spectators reading one language share one text (a seat has one
 * connection: a second takes over from the first). */
static void broadcast(sv_server *s, sv_table *t, int move)
{
    struct {
        int seat;
        ch_lang lang;
    } made[SV_VIEWS];
    int n = 0;
    sv_jsarena_begin(); /* every tree below is written and freed before its end */
    for (sv_conn *c = t->conns; c; c = c->next_at_table) {
        int i = 0;
        while (i < n && (made[i].seat != c->seat || made[i].lang != c->lang))
            i++;
        if (i == n) {
            int64_t now = state_now(t);
            if (n == SV_VIEWS) { /* not a seat: no sharing */
                sv_send_json(s, c, tb_room_state_msg(&t->room, c->seat, c->lang, now, move));
                continue;
            }
            made[n].seat = c->seat;
            made[n].lang = c->lang;
            s->views[n].len = 0;
            s->views[n].failed = 0;
            /* Written straight, with the tree's bytes (room.h). */
            tb_room_state_text(&s->views[n], &t->room, c->seat, c->lang, now, move);
            n++;
        }
        if (!s->views[i].failed) sv_send(s, c, s->views[i].p, s->views[i].len);
    }
    sv_jsarena_end();
    /* Whatever everyone is told of may change what is due at t: every
     * change of a table ends here, or in sv_run_bots. */
    sv_reschedule(s, t);
}

/* Commits, applies and announces one checked action of the seat to move. */
static int play(sv_server *s, sv_table *t, ch_action a, ch_err *err)
{
    tb_room *r = &t->room;
    struct timespec t0, tc;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    char text[256];
    r->game->action_text(ch_match_state(&r->m), a, text, sizeof text);
    /* The move is stored with its clocks: whether it was made for a person
     * out of time, and the banks after it. */
    int64_t now = sv_now_ms(), left[CH_MAX_PLAYERS];
    int n = tb_clock_on(&r->clock) ? tb_room_clock_after(r, now, left) : 0;
    clock_gettime(CLOCK_MONOTONIC, &tc);
    int rc = sv_store_move_at(&s->store, r, r->m.n_actions, text, tb_room_timed_out(r, now) >= 0,
                              left, n, err);
    if (rc != CH_OK) return rc;
    /* A group of moves (SQLite) is committed, and timed, after the turn. */
    if (!sv_store_pending(&s->store)) sv_hist_add(&s->ops.metrics.commit, sv_seconds_since(&tc));
    rc = tb_room_apply_at(r, a, now, err);
    assert(rc == CH_OK); /* checked by the caller: the stored move is legal */
    t->last_move_ms = now;
    broadcast(s, t, r->m.n_actions);
    s->ops.metrics.moves++;
    sv_hist_add(&s->ops.metrics.broadcast, sv_seconds_since(&t0));
    return rc;
}

void sv_announce(sv_server *s, sv_table *t)
{
    broadcast(s, t, 0);
}

void sv_announce_move(sv_server *s, sv_table *t, int move)
{
    broadcast(s, t, move);
}

/* Whether a bot is to move at t now (without asking it for a move). */
static int bot_to_move(const sv_table *t, int64_t now)
{
    int p = tb_room_to_move(&t->room);
    return p >= 0 && tb_room_bot_plays(&t->room, p, now);
}

static int run_bots(sv_server *s, sv_table *t, int max)
{
    int64_t now = sv_now_ms();
    ch_action a;
    /* A pause between hands that ended by its time (or by an absence):
     * everyone is told that play goes on. */
    int was_paused = t->room.paused;
    if (was_paused && !tb_room_paused(&t->room, now)) {
        t->last_move_ms = now; /* the new deal is seen before a bot moves */
        broadcast(s, t, 0);
    }
    tb_room_clock_sync(&t->room, now);
    /* Several servers on one database: only the lease's holder (sync.h). */
    if (!sv_sync_runs(s, t, now)) return 0;
    for (int n = 0; n < max; n++) {
        if (t->thinking) return 0; /* the answer comes back by itself */
        if (!bot_to_move(t, now)) return 0;
        /* People see each bot move: a pause after every move before the next bot's. */
        if (s->cfg.bot_delay_ms > 0 && now - t->last_move_ms < s->cfg.bot_delay_ms) return 1;
        /* A search player thinks off the loop (think.h); out of memory for
         * the copies, in place. */
        int p = tb_room_bot_seat(&t->room, now);
        if (p >= 0 && s->think && ch_bot_searches(&t->room.seats[p].bot) &&
            sv_think_ask(s->think, t->room.id, t->think_ticket + 1, p, &t->room.seats[p].bot,
                         t->room.game, ch_match_state(&t->room.m)) == CH_OK) {
            t->think_ticket++;
            t->thinking = 1;
            return 0;
        }
        struct timespec t0;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        if (!tb_room_bot_due(&t->room, now, &a)) return 0;
        sv_hist_add(&s->ops.metrics.bot_think, sv_seconds_since(&t0));
        ch_err err;
        if (play(s, t, a, &err) != CH_OK) {
            lwsl_err("table %lld: %s\n", (long long)t->room.id, err.msg);
            return 0;
        }
        s->ops.metrics.bot_moves++;
    }
    return bot_to_move(t, now);
}

int sv_run_bots(sv_server *s, sv_table *t, int max)
{
    int busy = run_bots(s, t, max);
    sv_reschedule(s, t);
    return busy;
}

void sv_take_thoughts(sv_server *s)
{
    if (!s->think) return;
    sv_thought *all = sv_think_answers(s->think);
    while (all) {
        sv_thought *th = all;
        all = th->next;
        sv_table *t = sv_table_of(s, th->table);
        if (t && t->thinking && t->think_ticket == th->ticket) {
            t->thinking = 0;
            tb_room *r = &t->room;
            int64_t now = sv_now_ms();
            /* As if the bot had moved in place, unless the table moved on
             * meanwhile (a rematch, another server's move, a lease lost):
             * then its bot, due again, thinks again from where it is. */
            if (sv_sync_runs(s, t, now) && tb_room_bot_seat(r, now) == th->seat &&
                memcmp(th->state, ch_match_state(&r->m), th->state_size) == 0) {
                r->seats[th->seat].bot = th->bot;
                r->seats[th->seat].bot.name = r->seats[th->seat].bot.spec;
                sv_hist_add(&s->ops.metrics.bot_think, th->seconds);
                ch_err err;
                if (play(s, t, th->action, &err) == CH_OK)
                    s->ops.metrics.bot_moves++;
                else
                    lwsl_err("table %lld: %s\n", (long long)r->id, err.msg);
            }
            sv_run_bots(s, t, s->cfg.bot_delay_ms > 0 ? 1 : 64);
        }
        free(th);
    }
}

static void attach(sv_server *s, sv_conn *c, sv_table *t, int seat)
{
    sv_detach(s, c);
    c->table = t;
    c->seat = seat;
    c->next_at_table = t->conns;
    t->conns = c;
    t->n_conns++;
}

static int add_table(sv_server *s, sv_table *t)
{
    if (sv_due_reserve(&s->due, s->n_tables + 1) != CH_OK) return CH_ENOMEM;
    if (s->n_tables == s->cap_tables) {
        int cap = s->cap_tables ? 2 * s->cap_tables : 64;
        sv_table **p = realloc(s->tables, sizeof *p * (size_t)cap);
        if (!p) return CH_ENOMEM;
        s->tables = p;
        s->cap_tables = cap;
    }
    s->tables[s->n_tables++] = t;
    t->lease = !s->sync.on; /* shared: once sync.c's lease is taken */
    sv_due_set(&s->due, t, sv_now_ms()); /* the tick looks at a new table at once */
    return CH_OK;
}

int sv_add_loaded(void *ctx, tb_room *r)
{
    sv_server *s = ctx;
    sv_table *t = calloc(1, sizeof *t);
    if (!t) return CH_ENOMEM;
    t->room = *r;
    free(r);
    if (s->cfg.no_spectator_chat) t->room.spectator_chat = 0;
    /* A restart between hands shows the summary again, from now. */
    tb_room_pause_restore(&t->room, sv_now_ms());
    return add_table(s, t);
}

static ch_lang lang_of(json_t *req, ch_lang dflt)
{
    const char *l = json_string_value(json_object_get(req, "lang"));
    if (l && strcmp(l, "ja") == 0) return CH_LANG_JA;
    if (l && strcmp(l, "en") == 0) return CH_LANG_EN;
    return dflt;
}

/* Issue 25's table options: "clock": {"bank_ms", "increment_ms"?} or null,
 * "spectator_chat": false to keep spectators read-only. */
static int table_extras(sv_server *s, tb_room *r, json_t *req, ch_err *err)
{
    json_t *jc = json_object_get(req, "clock"), *js = json_object_get(req, "spectator_chat");
    if (js && !json_is_boolean(js))
        return ch_errf(err, CH_EINVAL, "spectator_chat: expected true or false");
    /* Issue 24: how long a hand's summary waits, in seconds (0: for everyone). */
    json_t *jp = json_object_get(req, "hand_pause");
    if (jp && !(json_is_integer(jp) && json_integer_value(jp) >= 0 &&
                json_integer_value(jp) <= TB_HAND_PAUSE_MAX / 1000))
        return ch_errf(err, CH_EINVAL, "hand_pause: expected 0 (wait for everyone) to %d seconds",
                       TB_HAND_PAUSE_MAX / 1000);
    int rc = jp ? tb_room_set_hand_pause(r, json_integer_value(jp) * 1000, err) : CH_OK;
    if (rc != CH_OK) return rc;
    r->spectator_chat = !s->cfg.no_spectator_chat && (!js || json_is_true(js));
    /* Issue 24: "Suggest a move" only where the table's creator allows it. */
    json_t *jh = json_object_get(req, "hints");
    if (jh && !json_is_boolean(jh)) return ch_errf(err, CH_EINVAL, "hints: expected true or false");
    r->hints = json_is_true(jh);
    if (!jc || json_is_null(jc)) return CH_OK;
    json_t *jb = json_object_get(jc, "bank_ms"), *ji = json_object_get(jc, "increment_ms");
    if (!json_is_object(jc) || !json_is_integer(jb) || (ji && !json_is_integer(ji)))
        return ch_errf(err, CH_EINVAL,
                       "clock: expected {\"bank_ms\": ms, \"increment_ms\": ms} or null");
    return tb_room_set_clock(r, json_integer_value(jb), ji ? json_integer_value(ji) : 0, err);
}

static void on_create(sv_server *s, sv_conn *c, json_t *req)
{
    const char *name = json_string_value(json_object_get(req, "game"));
    const ch_game *g = name ? ch_game_find(name) : NULL;
    if (!g) return sv_send_error(s, c, "create", "game: expected one of `cardhall list`");
    if (s->n_tables >= s->cfg.max_tables)
        return sv_send_error(s, c, "create", "the server holds its most tables");
    if (memory_used(s) >= s->cfg.max_memory)
        return sv_send_error(s, c, "create", "the server is out of table memory");
    json_t *seats = json_object_get(req, "seats");
    size_t n = json_array_size(seats);
    if (!json_is_array(seats) || n < 1 || n > CH_MAX_PLAYERS)
        return sv_send_error(s, c, "create", "seats: expected an array of \"open\" or bot names");
    const char *specs[CH_MAX_PLAYERS];
    for (size_t i = 0; i < n; i++) {
        specs[i] = json_string_value(json_array_get(seats, i));
        if (!specs[i]) return sv_send_error(s, c, "create", "seats: expected strings");
        /* A search player's settings set its time a move (pimc:iters=1000000
         * thinks for minutes on the loop every table shares): over the
         * network a seat names a level or a bot, whose time is the game's
         * measured default. */
        if (strchr(specs[i], ':'))
            return sv_send_error(s, c, "create",
                                 "seats: a bot's settings are not taken here; name a level "
                                 "(\"easy\", \"normal\", \"hard\") or a bot (\"heuristic\")");
    }
    json_t *opts = json_object_get(req, "options");
    json_t *own = NULL;
    if (!opts) opts = own = json_pack("{s:i}", "players", (int)n);
    /* Whoever chose the seed would know every shuffle: the server deals. */
    uint64_t seed;
    if (json_object_get(req, "seed") || new_seed(&seed) != 0) {
        json_decref(own);
        return sv_send_error(s, c, "create", "seed: the server shuffles; a table takes no seed");
    }
    int64_t timeout = s->cfg.timeout_ms;
    json_t *jt = json_object_get(req, "timeout_ms");
    if (jt && !(json_is_integer(jt) && json_integer_value(jt) >= 0 &&
                json_integer_value(jt) <= 86400000)) {
        json_decref(own);
        return sv_send_error(s, c, "create", "timeout_ms: expected 0..86400000");
    }
    if (jt) timeout = json_integer_value(jt);
    sv_table *t = calloc(1, sizeof *t);
    ch_err err;
    int rc = t ? tb_room_init(&t->room, 0, g, opts, json_object_get(req, "data"), specs, (int)n,
                              seed, timeout, &err)
               : ch_errf(&err, CH_ENOMEM, "out of memory");
    json_decref(own);
    if (rc == CH_OK) {
        rc = table_extras(s, &t->room, req, &err);
        if (rc != CH_OK) tb_room_free(&t->room);
    }
    if (rc == CH_OK) {
        rc = sv_store_add_table(&s->store, &t->room, specs, &err);
        if (rc != CH_OK) tb_room_free(&t->room);
    }
    if (rc == CH_OK && add_table(s, t) != CH_OK) {
        tb_room_free(&t->room);
        rc = ch_errf(&err, CH_ENOMEM, "out of memory");
    }
    if (rc != CH_OK) {
        free(t);
        return sv_send_error(s, c, "create", err.msg);
    }
    sv_send_json(s, c,
                 json_pack("{s:s,s:o}", "type", "created", "table", tb_room_summary(&t->room)));
    sv_run_bots(s, t, 64);
}

static void on_list(sv_server *s, sv_conn *c, json_t *req)
{
    json_t *list = json_array();
    for (int i = 0; i < s->n_tables; i++)
        json_array_append_new(list, tb_room_summary(&s->tables[i]->room));
    sv_send_json(s, c, json_pack("{s:s,s:o}", "type", "tables", "tables", list));
}

static int room_for(sv_server *s, sv_conn *c, sv_table *t, const char *type)
{
    if (!t) {
        sv_send_error(s, c, type, "table: no such table");
        return 0;
    }
    if (c->table != t && t->n_conns >= s->cfg.conns_per_table) {
        sv_send_error(s, c, type, "the table has its most connections");
        return 0;
    }
    return 1;
}

static void on_join(sv_server *s, sv_conn *c, json_t *req)
{
    sv_table *t = find_table(s, req);
    if (!room_for(s, c, t, "join")) return;
    json_t *js = json_object_get(req, "seat");
    if (js && !json_is_integer(js)) return sv_send_error(s, c, "join", "seat: expected a number");
    int seat = js ? (int)json_integer_value(js) : -1;
    if (js && (json_integer_value(js) < 0 || json_integer_value(js) >= CH_MAX_PLAYERS))
        return sv_send_error(s, c, "join", "seat: out of range");
    char token[2 * TOKEN_BYTES + 1];
    unsigned char h[TB_TOKEN_HASH];
    if (new_token(token, h) != 0) return sv_send_error(s, c, "join", "no randomness");
    ch_err err;
    tb_room *r = &t->room;
    seat = tb_room_join(r, seat, json_string_value(json_object_get(req, "name")), h, &err);
    if (seat < 0) return sv_send_error(s, c, "join", err.msg);
    if (sv_store_seat(&s->store, r, seat, &err) != CH_OK) {
        /* Not stored: not given. */
        tb_room_leave(r, seat, NULL);
        return sv_send_error(s, c, "join", err.msg);
    }
    c->lang = lang_of(req, c->lang);
    attach(s, c, t, seat);
    sv_sync_presence(s, t, seat, +1);
    sv_send_json(s, c,
                 json_pack("{s:s,s:I,s:i,s:s}", "type", "joined", "table", (json_int_t)r->id,
                           "seat", seat, "token", token));
    broadcast(s, t, 0); /* a seat filled; the game may have started */
    sv_send_chat_history(s, c);
    sv_run_bots(s, t, 64);
}

static void on_resume(sv_server *s, sv_conn *c, json_t *req)
{
    sv_table *t = find_table(s, req);
    if (!room_for(s, c, t, "resume")) return;
    unsigned char h[TB_TOKEN_HASH];
    int seat = token_hash(json_string_value(json_object_get(req, "token")), h) == 0
                   ? tb_room_seat_of(&t->room, h)
                   : -1;
    if (seat < 0) return sv_send_error(s, c, "resume", "token: no seat at this table holds it");
    /* A second connection with the token takes over from the first. */
    for (sv_conn *o = t->conns, *next; o; o = next) {
        next = o->next_at_table;
        if (o == c || o->seat != seat) continue;
        /* Off the table at once: the old connection can no longer move. */
        sv_detach(s, o);
        sv_send_json(s, o,
                     json_pack("{s:s,s:s}", "type", "replaced", "error",
                               "another connection took this seat"));
        o->closing = 1;
    }
    c->lang = lang_of(req, c->lang);
    attach(s, c, t, seat);
    tb_room_presence(&t->room, seat, +1, sv_now_ms());
    sv_sync_presence(s, t, seat, +1);
    sv_send_json(s, c,
                 json_pack("{s:s,s:I,s:i}", "type", "joined", "table", (json_int_t)t->room.id,
                           "seat", seat));
    /* Everyone: the state, and the others that the person is back. */
    broadcast(s, t, 0);
    sv_send_chat_history(s, c);
}

static void on_watch(sv_server *s, sv_conn *c, json_t *req)
{
    sv_table *t = find_table(s, req);
    if (!room_for(s, c, t, "watch")) return;
    /* A name to chat under, checked as a seat's is. */
    json_t *jn = json_object_get(req, "name");
    const char *name = json_string_value(jn);
    if (jn && !(name && name[0] && strlen(name) < TB_NAME_MAX &&
                ch_utf8_text_ok(name, json_string_length(jn))))
        return sv_send_error(s, c, "watch", "name: 1 to 31 bytes of text, no control characters");
    snprintf(c->name, sizeof c->name, "%s", name ? name : "");
    c->lang = lang_of(req, c->lang);
    attach(s, c, t, CH_SPECTATOR);
    sv_send_json(s, c, tb_room_state_msg(&t->room, c->seat, c->lang, state_now(t), 0));
    sv_send_chat_history(s, c);
}

static int seated(sv_server *s, sv_conn *c, const char *type)
{
    if (c->table && c->seat >= 0) return 1;
    sv_send_error(s, c, type, "join or resume a seat first");
    return 0;
}

static void on_act(sv_server *s, sv_conn *c, json_t *req)
{
    if (!seated(s, c, "act")) return;
    sv_table *t = c->table;
    ch_action a;
    ch_err err;
    /* A pause whose time is up is over before this move is judged. */
    tb_room_paused(&t->room, sv_now_ms());
    /* Out of time: the heuristic moves for the seat, not this late move. */
    if (tb_room_timed_out(&t->room, sv_now_ms()) == c->seat) {
        sv_run_bots(s, t, 1);
        return sv_send_error(s, c, "act", "your time ran out: the computer moved for you");
    }
    const char *text = json_string_value(json_object_get(req, "action"));
    int rc = tb_room_check(&t->room, c->seat, text, &a, &err);
    if (rc == CH_EILLEGAL || rc == CH_EINVAL) {
        /* The game's reason, when the text is near a legal move. */
        char why[512];
        const ch_game *g = t->room.game;
        if (text &&
            tb_explain_illegal(g, ch_match_state(&t->room.m), text, c->lang, why, sizeof why) > 0) {
            json_t *o = json_pack("{s:s,s:s,s:s}", "type", "error", "for", "act", "error", err.msg);
            if (o) {
                sv_metrics_refused_request(&s->ops.metrics, "act");
                json_object_set_new(o, "reason", json_string(why));
                sv_send_json(s, c, o);
                return;
            }
        }
    }
    if (rc != CH_OK || play(s, t, a, &err) != CH_OK) return sv_send_error(s, c, "act", err.msg);
    sv_run_bots(s, t, 64);
}

/* Issue 24: a suggested move for the seat to move, at tables that allow
 * hints; one a second per connection, since each asks a bot to think. */
#define HINT_GAP_MS 1000

static void on_hint(sv_server *s, sv_conn *c, json_t *req)
{
    (void)req;
    if (!seated(s, c, "hint")) return;
    int64_t now = sv_now_ms();
    if (c->hint_ms && now - c->hint_ms < HINT_GAP_MS)
        return sv_send_error(s, c, "hint", "one hint a second");
    ch_err err;
    json_t *o = tb_room_hint(&c->table->room, c->seat, c->lang, &err);
    if (!o) return sv_send_error(s, c, "hint", err.msg);
    c->hint_ms = now;
    sv_send_json(s, c, o);
}

static void on_leave(sv_server *s, sv_conn *c, json_t *req)
{
    sv_table *t = c->table;
    if (!t) return sv_send_error(s, c, "leave", "not at a table");
    int seat = c->seat;
    ch_err err;
    if (seat >= 0) {
        int was_open = t->room.status == TB_ROOM_OPEN;
        c->seat = SV_NO_SEAT; /* its presence ends with the seat, not on detach */
        sv_detach(s, c);
        sv_sync_presence(s, t, seat, -1); /* the other servers count it gone too */
        if (tb_room_leave_at(&t->room, seat, sv_now_ms(), &err) == CH_OK) {
            if (was_open)
                sv_store_unseat(&s->store, &t->room, seat, &err);
            else
                sv_sync_left(s, t, seat);
        }
        /* Other connections on the seat (a takeover in progress) go too. */
        for (sv_conn *o = t->conns; o; o = o->next_at_table)
            if (o->seat == seat) {
                o->seat = CH_SPECTATOR;
                sv_sync_presence(s, t, seat, -1);
            }
        broadcast(s, t, 0);
        sv_run_bots(s, t, 64);
    } else {
        sv_detach(s, c);
    }
    sv_send_json(s, c, json_pack("{s:s}", "type", "left"));
}

/* The connection went back to the lobby (or to a replay): it is no longer
 * at its table, so its seat is away (played by the heuristic after the
 * table's timeout) but still its person's, resumed with the token. Not at a
 * table: nothing to do, the same answer. */
static void on_away(sv_server *s, sv_conn *c, json_t *req)
{
    sv_table *t = c->table;
    int seat = c->seat;
    sv_detach(s, c);
    sv_send_json(s, c, json_pack("{s:s}", "type", "away"));
    if (t && seat >= 0) broadcast(s, t, 0); /* the others see the seat away */
}

static void on_rematch(sv_server *s, sv_conn *c, json_t *req)
{
    if (!seated(s, c, "rematch")) return;
    sv_table *t = c->table;
    ch_err err;
    uint64_t seed;
    if (new_seed(&seed) != 0) return sv_send_error(s, c, "rematch", "no randomness");
    if (tb_room_rematch(&t->room, seed, &err) != CH_OK)
        return sv_send_error(s, c, "rematch", err.msg);
    if (sv_store_rematch(&s->store, &t->room, &err) != CH_OK) {
        lwsl_err("table %lld: %s\n", (long long)t->room.id, err.msg);
        /* Another server's rematch was stored first: that one is played. */
        if (s->sync.on) sv_sync_reload(s, t);
    }
    broadcast(s, t, 0);
    sv_run_bots(s, t, 64);
}

/* Issue 24: this seat has read the hand's summary; the last one to
 * continue (or the pause's time) lets play go on. */
static void on_continue(sv_server *s, sv_conn *c, json_t *req)
{
    if (!seated(s, c, "continue")) return;
    sv_table *t = c->table;
    ch_err err;
    if (tb_room_continue(&t->room, c->seat, sv_now_ms(), &err) != CH_OK)
        return sv_send_error(s, c, "continue", err.msg);
    sv_sync_continued(s, t, c->seat);
    if (!t->room.paused) t->last_move_ms = sv_now_ms(); /* the new deal is seen before a bot moves */
    broadcast(s, t, 0); /* who has continued, or that play goes on */
    sv_run_bots(s, t, 64);
}

static void on_history(sv_server *s, sv_conn *c, json_t *req)
{
    if (!c->table) return sv_send_error(s, c, "history", "not at a table");
    json_t *jl = json_object_get(req, "last");
    if (jl && (!json_is_integer(jl) || json_integer_value(jl) < 1))
        return sv_send_error(s, c, "history", "last: a positive number of moves");
    json_t *moves = tb_room_history(&c->table->room, c->seat, c->lang);
    /* "last": only the latest moves, for a client's log of a long game. */
    if (jl) {
        size_t keep = (size_t)json_integer_value(jl), n = json_array_size(moves);
        json_t *tail = json_array();
        for (size_t i = n > keep ? n - keep : 0; i < n; i++)
            json_array_append(tail, json_array_get(moves, i));
        json_decref(moves);
        moves = tail;
    }
    sv_send_json(s, c, json_pack("{s:s,s:o}", "type", "history", "moves", moves));
}

static void on_record(sv_server *s, sv_conn *c, json_t *req)
{
    sv_table *t = find_table(s, req);
    if (!t) return sv_send_error(s, c, "record", "table: no such table");
    json_t *jg = json_object_get(req, "game_no");
    if (jg && !json_is_integer(jg)) return sv_send_error(s, c, "record", "game_no: a number");
    int game_no = jg ? (int)json_integer_value(jg) : t->room.game_no;
    if (jg && (json_integer_value(jg) < 0 || json_integer_value(jg) > t->room.game_no))
        return sv_send_error(s, c, "record", "game_no: no such game");
    ch_err err;
    json_t *rec = sv_store_record(&s->store, &t->room, game_no, &err);
    if (!rec) return sv_send_error(s, c, "record", err.msg);
    sv_send_json(s, c,
                 json_pack("{s:s,s:I,s:i,s:o}", "type", "record", "table", (json_int_t)t->room.id,
                           "game_no", game_no, "record", rec));
}

/* The rules of a game with a table's options ("table") or the defaults
 * ("game"), as the game words them for players. */
static void on_rules(sv_server *s, sv_conn *c, json_t *req)
{
    const ch_game *g;
    ch_opts o;
    const ch_opts *op = &o;
    json_t *jt = json_object_get(req, "table");
    sv_table *t = NULL;
    if (jt) {
        if (!(t = find_table(s, req))) return sv_send_error(s, c, "rules", "table: no such table");
        g = t->room.game;
        op = &t->room.opts;
    } else {
        const char *name = json_string_value(json_object_get(req, "game"));
        if (!name) return sv_send_error(s, c, "rules", "game or table: expected");
        if (!(g = ch_game_find(name))) return sv_send_error(s, c, "rules", "game: no such game");
        ch_err err;
        if (ch_opts_parse(&o, g->opts, g->n_opts, NULL, 0, &err) != CH_OK)
            return sv_send_error(s, c, "rules", err.msg);
    }
    ch_lang lang = lang_of(req, c->lang);
    char *text = tb_rules_text(g, op, lang);
    if (!text) return sv_send_error(s, c, "rules", "out of memory");
    json_t *msg = json_pack("{s:s,s:s,s:s,s:s}", "type", "rules", "game", g->name, "title",
                            g->title[lang], "text", text);
    free(text);
    if (t) json_object_set_new(msg, "table", json_integer(t->room.id));
    sv_send_json(s, c, msg);
}

/* One step of a finished game for a replay viewer: "move" (0..moves),
 * "viewer" a seat, "all" (every card open) or null (a spectator). */
static void on_replay(sv_server *s, sv_conn *c, json_t *req)
{
    sv_table *t = find_table(s, req);
    if (!t) return sv_send_error(s, c, "replay", "table: no such table");
    tb_room *r = &t->room;
    json_t *jg = json_object_get(req, "game_no");
    if (jg && (!json_is_integer(jg) || json_integer_value(jg) < 0 ||
               json_integer_value(jg) > r->game_no))
        return sv_send_error(s, c, "replay", "game_no: no such game");
    int game_no = jg ? (int)json_integer_value(jg) : r->game_no;
    if (game_no == r->game_no && r->status != TB_ROOM_FINISHED) {
        /* Without game_no: the last finished game of a table playing a rematch. */
        if (jg || game_no == 0) return sv_send_error(s, c, "replay", "the game is not finished");
        game_no--;
    }
    json_t *jv = json_object_get(req, "viewer");
    int viewer;
    if (!jv || json_is_null(jv)) viewer = CH_SPECTATOR;
    else if (json_is_string(jv) && !strcmp(json_string_value(jv), "all")) viewer = CH_ALL;
    else if (json_is_integer(jv) && json_integer_value(jv) >= 0 &&
             json_integer_value(jv) < r->n_seats)
        viewer = (int)json_integer_value(jv);
    else return sv_send_error(s, c, "replay", "viewer: a seat, \"all\" or null");
    json_t *jm = json_object_get(req, "move");
    if (!json_is_integer(jm) || json_integer_value(jm) < 0)
        return sv_send_error(s, c, "replay", "move: a number of moves from 0");
    ch_match m, *mp = &r->m;
    ch_err err;
    if (game_no != r->game_no) {
        if (sv_store_match(&s->store, r, game_no, &m, &err) != CH_OK)
            return sv_send_error(s, c, "replay", err.msg);
        mp = &m;
    }
    json_int_t k = json_integer_value(jm);
    if (k > mp->n_actions) k = mp->n_actions; /* past the end: the end */
    json_t *o = tb_replay_json(mp, (int)k, viewer, lang_of(req, c->lang));
    if (mp == &m) ch_match_free(&m);
    json_object_update_new(o, json_pack("{s:s,s:o,s:i,s:o}", "type", "replay", "table",
                                        tb_room_summary(r), "game_no", game_no, "viewer",
                                        viewer == CH_ALL         ? json_string("all")
                                        : viewer == CH_SPECTATOR ? json_null()
                                                                 : json_integer(viewer)));
    sv_send_json(s, c, o);
}

static void on_games(sv_server *s, sv_conn *c, json_t *req)
{
    json_t *o = json_pack("{s:s,s:o}", "type", "games", "games", tb_games_json());
    /* The address people open (--public-url): the page's share links use it. */
    if (s->cfg.public_url) json_object_set_new(o, "public_url", json_string(s->cfg.public_url));
    sv_send_json(s, c, o);
}

static const struct {
    const char *type;
    void (*fn)(sv_server *s, sv_conn *c, json_t *req);
} handlers[] = {
    {"games", on_games},     {"list", on_list},       {"create", on_create}, {"join", on_join},
    {"resume", on_resume},   {"watch", on_watch},     {"act", on_act},       {"leave", on_leave},
    {"rematch", on_rematch}, {"history", on_history}, {"record", on_record},
    {"rules", on_rules},     {"replay", on_replay},   {"chat", sv_on_chat},
    {"away", on_away},       {"hint", on_hint},       {"continue", on_continue},
};

void sv_handle(sv_server *s, sv_conn *c, const char *text, size_t len)
{
    json_error_t jerr;
    json_t *req = json_loadb(text, len, JSON_REJECT_DUPLICATES, &jerr);
    if (!json_is_object(req)) {
        json_decref(req);
        sv_metrics_refused(&s->ops.metrics, SV_REFUSED_MALFORMED);
        return sv_send_error(s, c, NULL, "expected one JSON object per message");
    }
    const char *type = json_string_value(json_object_get(req, "type"));
    for (size_t i = 0; type && i < sizeof handlers / sizeof *handlers; i++) {
        if (strcmp(type, handlers[i].type) == 0) {
            handlers[i].fn(s, c, req);
            json_decref(req);
            return;
        }
    }
    sv_metrics_refused(&s->ops.metrics, SV_REFUSED_UNKNOWN_TYPE);
    sv_send_error(s, c, NULL, "type: unknown message type");
    json_decref(req);
}
