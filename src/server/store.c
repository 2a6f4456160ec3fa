/* See store.h: rooms to rows and back, over either backend
 * (store_backend.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cardhall/registry.h"
#include "store.h"
#include "store_backend.h"

int sv_store_is_pg(const char *where)
{
    return strncmp(where, "postgresql://", 13) == 0 || strncmp(where, "postgres://", 11) == 0;
}

void sv_store_redact(const char *where, char *out, size_t cap)
{
    if (cap == 0) return;
    snprintf(out, cap, "%s", where);
    if (!sv_store_is_pg(where)) return;
    /* user:PASSWORD@host: the userinfo ends at the last '@' before the path. */
    char *auth = strstr(out, "://") + 3;
    size_t host_at = strcspn(auth, "/?");
    char *at = NULL;
    for (char *p = auth; p < auth + host_at; p++)
        if (*p == '@') at = p;
    char *colon = at ? memchr(auth, ':', (size_t)(at - auth)) : NULL;
    char buf[1024];
    if (colon && strlen(out) < sizeof buf) {
        snprintf(buf, sizeof buf, "%.*s:***%s", (int)(colon - out), out, at);
        snprintf(out, cap, "%s", buf);
    }
    /* ...?password=PASSWORD&...: libpq reads it there too. */
    for (char *p = strstr(out, "password="); p; p = strstr(p + 1, "password=")) {
        if (p != out && p[-1] != '?' && p[-1] != '&') continue;
        char *v = p + 9, *end = v + strcspn(v, "&");
        if (strlen(out) >= sizeof buf) break;
        snprintf(buf, sizeof buf, "%.*s***%s", (int)(v - out), out, end);
        snprintf(out, cap, "%s", buf);
    }
}

int sv_store_open(sv_store *s, const char *where, ch_err *err)
{
    memset(s, 0, sizeof *s);
    const sv_store_backend *be = sv_store_is_pg(where) ? &sv_store_pg : &sv_store_sqlite;
    int rc = be == &sv_store_pg ? sv_pg_open(&s->db, where, err) : sv_sqlite_open(&s->db, where, err);
    if (rc == CH_OK) s->be = be;
    return rc;
}

void sv_store_group(sv_store *s, int on)
{
    ch_err err;
    if (!on && s->open) sv_store_commit(s, &err);
    s->group = on && s->be && s->be->begin && s->be->commit;
}

int sv_store_pending(const sv_store *s)
{
    return s->open;
}

int sv_store_commit(sv_store *s, ch_err *err)
{
    if (!s->open) return CH_OK;
    s->open = 0;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    int rc = s->be->commit(s->db, &s->fail);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    if (rc != CH_OK) {
        s->broken = 1;
        return ch_errf(err, rc, "%s", s->fail.msg);
    }
    s->groups++;
    if (s->committed)
        s->committed(s->committed_ctx, s->group_moves,
                     (double)(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9);
    s->group_moves = 0;
    return CH_OK;
}

/* Before any write but a move: the open group is committed first, so
 * that write is its own transaction as before. */
static int flush(sv_store *s, ch_err *err)
{
    if (s->broken) return ch_errf(err, CH_EIO, "%s", s->fail.msg);
    return sv_store_commit(s, err);
}

void sv_store_close(sv_store *s)
{
    ch_err err;
    if (s->open) sv_store_commit(s, &err);
    if (s->be) s->be->close(s->db);
    memset(s, 0, sizeof *s);
}

int sv_store_probe(sv_store *s, int within_ms, char *why, size_t cap)
{
    ch_err err;
    if (flush(s, &err) != CH_OK) {
        snprintf(why, cap, "%s\n", err.msg);
        return 0;
    }
    return s->be->probe(s->db, within_ms, why, cap);
}

int sv_store_add_table(sv_store *s, tb_room *r, const char *const *specs, ch_err *err)
{
    json_t *sum = tb_room_summary(r);
    char *opts = json_dumps(json_object_get(sum, "options"), JSON_COMPACT | JSON_SORT_KEYS);
    json_decref(sum);
    json_t *seats = json_array();
    for (int i = 0; i < r->n_seats; i++) {
        const tb_seat *st = &r->seats[i];
        /* A level is stored with the bot it resolved to, which a restart
         * keeps (issue 24): {"level": "hard", "bot": "pimc"}. */
        if (st->kind == TB_SEAT_BOT && st->level >= 0)
            json_array_append_new(seats, json_pack("{s:s,s:s}", "level", ch_level_name(st->level),
                                                   "bot", st->bot.spec));
        else
            json_array_append_new(seats, json_string(specs[i] ? specs[i] : "open"));
    }
    char *seats_text = json_dumps(seats, JSON_COMPACT);
    json_decref(seats);
    json_t *data = json_object();
    for (int i = 0; i < r->game->n_opts; i++)
        if (r->opts.data[i])
            json_object_set_new(data, r->game->opts[i].key,
                                json_stringn(r->opts.data[i], r->opts.data_len[i]));
    char *data_text = json_dumps(data, JSON_COMPACT | JSON_SORT_KEYS);
    json_decref(data);
    char seed[32];
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)r->seed);
    sv_table_row row = {
        .game = r->game->name,
        .options = opts,
        .seats = seats_text,
        .seed = seed,
        .data = data_text,
        .timeout_ms = r->timeout_ms,
        .clock_bank_ms = r->clock.bank_ms,
        .clock_inc_ms = r->clock.inc_ms,
        .hand_pause_ms = r->hand_pause_ms,
        .spectator_chat = r->spectator_chat != 0,
        .hints = r->hints != 0,
    };
    int64_t id = 0;
    int rc = !opts || !seats_text || !data_text ? ch_errf(err, CH_ENOMEM, "out of memory")
                                                : flush(s, err);
    if (rc == CH_OK) rc = s->be->add_table(s->db, &row, &id, err);
    free(opts);
    free(seats_text);
    free(data_text);
    if (rc == CH_OK) r->id = id;
    return rc;
}

/* The seed game game_no of table id was dealt from. */
static int game_seed(sv_store *s, int64_t id, int game_no, uint64_t *seed, ch_err *err)
{
    char text[32];
    int rc = s->be->game_seed(s->db, id, game_no, text, sizeof text, err);
    if (rc == CH_OK) *seed = strtoull(text, NULL, 10);
    return rc;
}

int sv_store_seat(sv_store *s, const tb_room *r, int seat, ch_err *err)
{
    sv_seat_row row = {seat, r->seats[seat].name, r->seats[seat].hash, TB_TOKEN_HASH};
    int rc = flush(s, err);
    return rc != CH_OK ? rc : s->be->seat(s->db, r->id, &row, err);
}

int sv_store_unseat(sv_store *s, const tb_room *r, int seat, ch_err *err)
{
    int rc = flush(s, err);
    return rc != CH_OK ? rc : s->be->unseat(s->db, r->id, seat, err);
}

int sv_store_move(sv_store *s, const tb_room *r, int ply, const char *text, ch_err *err)
{
    return sv_store_move_at(s, r, ply, text, 0, NULL, 0, err);
}

int sv_store_move_at(sv_store *s, const tb_room *r, int ply, const char *text, int timeout,
                     const int64_t *left_ms, int n, ch_err *err)
{
    char *clock = NULL;
    if (n > 0) {
        json_t *a = json_array();
        for (int i = 0; i < n; i++)
            json_array_append_new(a, json_integer(left_ms[i]));
        clock = json_dumps(a, JSON_COMPACT);
        json_decref(a);
        if (!clock) return ch_errf(err, CH_ENOMEM, "out of memory");
    }
    sv_move_row m = {ply, text, timeout != 0, clock};
    int rc = s->broken ? ch_errf(err, CH_EIO, "%s", s->fail.msg) : CH_OK;
    if (rc == CH_OK && s->group && !s->open) {
        rc = s->be->begin(s->db, err);
        s->open = rc == CH_OK;
    }
    if (rc == CH_OK) rc = s->be->move(s->db, r->id, r->game_no, &m, err);
    if (rc == CH_OK && s->open) s->group_moves++;
    if (rc != CH_OK && rc != CH_ESTATE && s->open) {
        /* An I/O error may have rolled the whole transaction back
         * (SQLite's rule for SQLITE_FULL, SQLITE_IOERR...): commit what is
         * there now, and if that fails the group is lost: broken. */
        ch_err cerr;
        sv_store_commit(s, &cerr);
    }
    free(clock);
    return rc;
}

int sv_store_rematch(sv_store *s, const tb_room *r, ch_err *err)
{
    char seed[32];
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)r->seed);
    int rc = flush(s, err);
    return rc != CH_OK ? rc : s->be->rematch(s->db, r->id, r->game_no, seed, err);
}

int sv_store_chat(sv_store *s, const tb_room *r, const tb_chat_msg *m, ch_err *err)
{
    sv_chat_row row = {m->id, m->seat, m->name, m->text, m->len};
    int rc = flush(s, err);
    return rc != CH_OK ? rc : s->be->chat(s->db, r->id, &row, TB_CHAT_KEEP, err);
}

/* Issue 25: a stored move's timeout mark and the banks after it, so clocks
 * and the log survive a restart. */
static int restore_clock(tb_room *r, const sv_move_row *m, ch_err *err)
{
    if (m->timeout && tb_clock_mark_timeout(&r->clock, m->ply) != CH_OK)
        return ch_errf(err, CH_ENOMEM, "out of memory");
    if (!m->clock || !tb_clock_on(&r->clock)) return CH_OK;
    json_t *a = json_loads(m->clock, 0, NULL);
    int64_t left[CH_MAX_PLAYERS];
    int n = (int)json_array_size(a), ok = json_is_array(a) && n == r->n_seats;
    for (int i = 0; ok && i < n; i++) {
        json_t *v = json_array_get(a, (size_t)i);
        ok = json_is_integer(v) && json_integer_value(v) >= 0;
        if (ok) left[i] = json_integer_value(v);
    }
    json_decref(a);
    if (!ok)
        return ch_errf(err, CH_EFORMAT, "table %lld: bad clock at move %d", (long long)r->id,
                       m->ply);
    tb_room_clock_restore(r, left, n);
    return CH_OK;
}

typedef struct load_ctx {
    tb_room *r;
    int64_t now_ms;
    ch_err *err;
} load_ctx;

static int add_chat(void *ctx, const sv_chat_row *m)
{
    load_ctx *c = ctx;
    ch_err e;
    if (!tb_chat_add(&c->r->chat, m->id, m->seat, m->name, m->text, m->len, &e))
        return ch_errf(c->err, CH_EFORMAT, "table %lld: a stored chat message: %s",
                       (long long)c->r->id, e.msg);
    return CH_OK;
}

/* Applies one stored move of the room's current game, the next it expects. */
static int replay_move(void *ctx, const sv_move_row *m)
{
    load_ctx *c = ctx;
    tb_room *r = c->r;
    ch_action a;
    if (m->ply != r->m.n_actions || r->status != TB_ROOM_RUNNING ||
        ch_parse_action(r->game, ch_match_state(&r->m), m->action, &a, c->err) != CH_OK ||
        tb_room_apply(r, a, c->err) != CH_OK)
        return ch_errf(c->err, CH_EFORMAT, "table %lld: stored move %d ('%.60s') does not replay",
                       (long long)r->id, m->ply + 1, m->action);
    return restore_clock(r, m, c->err);
}

static int add_seat(void *ctx, const sv_seat_row *row)
{
    load_ctx *c = ctx;
    if (row->hash_len != TB_TOKEN_HASH)
        return ch_errf(c->err, CH_EFORMAT, "table %lld: bad token hash", (long long)c->r->id);
    if (tb_room_join(c->r, row->seat, row->name, row->hash, c->err) != row->seat) return CH_EFORMAT;
    tb_room_presence(c->r, row->seat, -1, c->now_ms); /* nobody is connected after a restart */
    return CH_OK;
}

#define SKIPPED 1 /* load_table: a stored table left out */

static int load_table(sv_store *s, const sv_table_row *row, int64_t now_ms, tb_room *r, ch_err *err)
{
    int64_t id = row->id;
    const ch_game *g = ch_game_find(row->game);
    if (!g) return ch_errf(err, CH_EFORMAT, "table %lld: unknown game", (long long)id);
    json_t *opts = json_loads(row->options, 0, NULL);
    json_t *seats = json_loads(row->seats, 0, NULL);
    json_t *data = json_loads(row->data, 0, NULL);
    const char *specs[CH_MAX_PLAYERS];
    int n = (int)json_array_size(seats);
    int rc = CH_OK;
    if (!opts || !data || n < 1 || n > CH_MAX_PLAYERS)
        rc = ch_errf(err, CH_EFORMAT, "table %lld: bad options or seats", (long long)id);
    for (int i = 0; rc == CH_OK && i < n; i++) {
        json_t *e = json_array_get(seats, (size_t)i);
        specs[i] = json_is_object(e) ? json_string_value(json_object_get(e, "bot"))
                                     : json_string_value(e);
        if (!specs[i]) rc = ch_errf(err, CH_EFORMAT, "table %lld: bad seats", (long long)id);
    }
    uint64_t seed = strtoull(row->seed, NULL, 10);
    if (rc == CH_OK) rc = tb_room_init(r, id, g, opts, data, specs, n, seed, row->timeout_ms, err);
    json_decref(opts);
    json_decref(data);
    if (rc != CH_OK) json_decref(seats);
    if (rc == CH_EINVAL && !s->be->has_moves(s->db, id)) {
        /* Stored by a server that checked options only when the last seat
         * filled: a table that could never start. It stays in the file,
         * unlisted (nothing of it was ever played). */
        fprintf(stderr, "cardhall serve: table %lld is not loaded, it could never start: %s\n",
                (long long)id, err->msg);
        return SKIPPED;
    }
    if (rc != CH_OK) return rc;
    for (int i = 0; rc == CH_OK && i < n; i++) {
        const char *level = json_string_value(json_object_get(json_array_get(seats, (size_t)i), "level"));
        if (level) rc = tb_room_seat_level(r, i, level, err);
    }
    json_decref(seats);
    if (rc != CH_OK) {
        tb_room_free(r);
        return rc;
    }
    rc = tb_room_set_clock(r, row->clock_bank_ms, row->clock_inc_ms, err);
    r->spectator_chat = row->spectator_chat != 0;
    r->hints = row->hints != 0;
    if (rc == CH_OK) rc = tb_room_set_hand_pause(r, row->hand_pause_ms, err);
    load_ctx c = {r, now_ms, err};
    if (rc == CH_OK) rc = s->be->seats(s->db, id, add_seat, &c, err);
    if (rc == CH_OK) rc = s->be->chats(s->db, id, TB_CHAT_KEEP, add_chat, &c, err);
    if (rc == CH_OK && row->game_no > 0) {
        rc = game_seed(s, id, row->game_no, &seed, err);
        if (rc == CH_OK) rc = tb_room_restore_game(r, row->game_no, seed, err);
    }
    if (rc == CH_OK) rc = s->be->moves(s->db, id, r->game_no, 0, replay_move, &c, err);
    if (rc != CH_OK) tb_room_free(r);
    return rc;
}

typedef struct tables_ctx {
    sv_store *s;
    int64_t now_ms;
    int (*add)(void *ctx, tb_room *r);
    void *ctx;
    ch_err *err;
} tables_ctx;

static int each_table(void *ctx, const sv_table_row *row)
{
    tables_ctx *c = ctx;
    tb_room *r = malloc(sizeof *r);
    if (!r) return ch_errf(c->err, CH_ENOMEM, "out of memory");
    int rc = load_table(c->s, row, c->now_ms, r, c->err);
    if (rc == CH_OK)
        rc = c->add(c->ctx, r);
    else
        free(r);
    return rc == SKIPPED ? CH_OK : rc;
}

int sv_store_load(sv_store *s, int64_t now_ms, int (*add)(void *ctx, tb_room *r), void *ctx,
                  ch_err *err)
{
    tables_ctx c = {s, now_ms, add, ctx, err};
    return s->be->tables(s->db, 0, each_table, &c, err);
}

typedef struct match_ctx {
    ch_match *m;
    ch_err *err;
} match_ctx;

static int apply_text(void *ctx, const sv_move_row *row)
{
    match_ctx *c = ctx;
    return ch_match_apply_text(c->m, row->action, c->err);
}

int sv_store_match(sv_store *s, const tb_room *r, int game_no, ch_match *m, ch_err *err)
{
    if (game_no < 0 || game_no >= r->game_no) {
        ch_errf(err, CH_ESTATE, "game %d of table %lld is not a finished game", game_no,
                (long long)r->id);
        return CH_ESTATE;
    }
    uint64_t seed;
    int rc = game_seed(s, r->id, game_no, &seed, err);
    if (rc != CH_OK || (rc = ch_match_init_opts(m, r->game, &r->opts, seed, NULL, 0, err)) != CH_OK)
        return rc;
    match_ctx c = {m, err};
    rc = s->be->moves(s->db, r->id, game_no, 0, apply_text, &c, err);
    if (rc != CH_OK) ch_match_free(m);
    return rc;
}

json_t *sv_store_record(sv_store *s, const tb_room *r, int game_no, ch_err *err)
{
    if (game_no < 0 || game_no > r->game_no ||
        (game_no == r->game_no && r->status != TB_ROOM_FINISHED)) {
        ch_errf(err, CH_ESTATE, "game %d of table %lld is not a finished game", game_no,
                (long long)r->id);
        return NULL;
    }
    if (game_no == r->game_no) return tb_room_record(r, err);
    ch_match m;
    if (sv_store_match(s, r, game_no, &m, err) != CH_OK) return NULL;
    json_t *rec = ch_match_record(&m);
    json_t *players = json_array();
    for (int i = 0; i < r->n_seats; i++)
        json_array_append_new(players, json_string(r->seats[i].name));
    json_object_set_new(rec, "players", players);
    ch_match_free(&m);
    return rec;
}

int sv_store_shared(const sv_store *s)
{
    return s->be && s->be->listen != NULL;
}

int sv_store_listen(sv_store *s, ch_err *err)
{
    return s->be->listen ? s->be->listen(s->db, err) : CH_OK;
}

int sv_store_notify(sv_store *s, const char *payload, ch_err *err)
{
    return s->be->notify ? s->be->notify(s->db, payload, err) : CH_OK;
}

void sv_store_notes(sv_store *s, void (*each)(void *ctx, const char *payload), void *ctx)
{
    if (s->be->notes) s->be->notes(s->db, each, ctx);
}

int sv_store_leases(sv_store *s, const char *owner, const int64_t *ids, int n, unsigned char *held,
                    ch_err *err)
{
    if (!s->be->leases) {
        if (n > 0) memset(held, 1, (size_t)n);
        return CH_OK;
    }
    return s->be->leases(s->db, owner, ids, n, held, err);
}

int sv_store_alive(sv_store *s, const char *owner, void (*dead)(void *ctx, const char *owner),
                   void *ctx, ch_err *err)
{
    return s->be->alive ? s->be->alive(s->db, owner, dead, ctx, err) : CH_OK;
}

int sv_store_load_one(sv_store *s, int64_t id, int64_t now_ms, int (*add)(void *ctx, tb_room *r),
                      void *ctx, ch_err *err)
{
    if (id <= 0) return ch_errf(err, CH_EINVAL, "table %lld: no such table", (long long)id);
    tables_ctx c = {s, now_ms, add, ctx, err};
    return s->be->tables(s->db, id, each_table, &c, err);
}

typedef struct game_row {
    int game_no;
    char seed[32];
} game_row;

static int take_game_no(void *ctx, const sv_table_row *row)
{
    game_row *g = ctx;
    g->game_no = row->game_no;
    return CH_OK;
}

typedef struct catch_ctx {
    tb_room *r;
    int64_t now_ms;
    void (*moved)(void *ctx, int move);
    void *ctx;
    ch_err *err;
} catch_ctx;

/* One more stored move, applied as the server that made it applied it. */
static int catch_move(void *ctx, const sv_move_row *m)
{
    catch_ctx *c = ctx;
    tb_room *r = c->r;
    ch_action a;
    if (m->ply != r->m.n_actions || r->status != TB_ROOM_RUNNING ||
        ch_parse_action(r->game, ch_match_state(&r->m), m->action, &a, c->err) != CH_OK ||
        tb_room_apply_at(r, a, c->now_ms, c->err) != CH_OK)
        return ch_errf(c->err, CH_EFORMAT, "table %lld: stored move %d ('%.60s') does not apply",
                       (long long)r->id, m->ply + 1, m->action);
    int rc = restore_clock(r, m, c->err);
    if (rc == CH_OK && c->moved) c->moved(c->ctx, r->m.n_actions);
    return rc;
}

int sv_store_catch_up(sv_store *s, tb_room *r, int64_t now_ms, void (*moved)(void *ctx, int move),
                      void *ctx, ch_err *err)
{
    game_row g = {-1, ""};
    int rc = s->be->tables(s->db, r->id, take_game_no, &g, err);
    if (rc != CH_OK) return rc;
    if (g.game_no > r->game_no) {
        /* A rematch on another server: its seed, then its moves. */
        uint64_t seed;
        rc = game_seed(s, r->id, g.game_no, &seed, err);
        if (rc == CH_OK) rc = tb_room_restore_game(r, g.game_no, seed, err);
        if (rc != CH_OK) return rc;
        if (moved) moved(ctx, 0);
    }
    if (r->status != TB_ROOM_RUNNING) return CH_OK;
    catch_ctx c = {r, now_ms, moved, ctx, err};
    return s->be->moves(s->db, r->id, r->game_no, r->m.n_actions, catch_move, &c, err);
}

int sv_store_apply(tb_room *r, int game_no, int ply, const char *action, int timeout,
                   const char *clock, int64_t now_ms, ch_err *err)
{
    if (game_no != r->game_no || ply != r->m.n_actions || r->status != TB_ROOM_RUNNING)
        return ch_errf(err, CH_ESTATE, "table %lld: not the next move", (long long)r->id);
    catch_ctx c = {r, now_ms, NULL, NULL, err};
    sv_move_row m = {ply, action, timeout, clock};
    return catch_move(&c, &m);
}

typedef struct seats_ctx {
    tb_room *r;
    int64_t now_ms;
    int stored[CH_MAX_PLAYERS];
    int changed;
    ch_err *err;
} seats_ctx;

static int sync_seat(void *ctx, const sv_seat_row *row)
{
    seats_ctx *c = ctx;
    tb_room *r = c->r;
    if (row->seat < 0 || row->seat >= r->n_seats || row->hash_len != TB_TOKEN_HASH)
        return ch_errf(c->err, CH_EFORMAT, "table %lld: bad seat", (long long)r->id);
    c->stored[row->seat] = 1;
    if (r->seats[row->seat].kind == TB_SEAT_PERSON) return CH_OK;
    if (tb_room_join(r, row->seat, row->name, row->hash, c->err) != row->seat) return CH_EFORMAT;
    /* Away here until its server says the person is connected ("p"). */
    tb_room_presence(r, row->seat, -1, c->now_ms);
    c->changed++;
    return CH_OK;
}

int sv_store_sync_seats(sv_store *s, tb_room *r, int64_t now_ms, ch_err *err)
{
    seats_ctx c = {r, now_ms, {0}, 0, err};
    int rc = s->be->seats(s->db, r->id, sync_seat, &c, err);
    if (rc != CH_OK) return rc;
    /* Freed on another server: only before the game (a seat is the
     * person's for the game once it began). */
    for (int i = 0; r->status == TB_ROOM_OPEN && i < r->n_seats; i++)
        if (!c.stored[i] && r->seats[i].kind == TB_SEAT_PERSON && tb_room_leave(r, i, err) == CH_OK)
            c.changed++;
    return c.changed;
}

typedef struct chat_ctx {
    tb_room *r;
    void (*said)(void *ctx, const tb_chat_msg *m);
    void *ctx;
    ch_err *err;
} chat_ctx;

static int sync_chat(void *ctx, const sv_chat_row *m)
{
    chat_ctx *c = ctx;
    if (m->id <= c->r->chat.last_id) return CH_OK;
    ch_err e;
    const tb_chat_msg *added = tb_chat_add(&c->r->chat, m->id, m->seat, m->name, m->text, m->len, &e);
    if (!added)
        return ch_errf(c->err, CH_EFORMAT, "table %lld: a stored chat message: %s",
                       (long long)c->r->id, e.msg);
    if (c->said) c->said(c->ctx, added);
    return CH_OK;
}

int sv_store_sync_chat(sv_store *s, tb_room *r, void (*said)(void *ctx, const tb_chat_msg *m),
                       void *ctx, ch_err *err)
{
    chat_ctx c = {r, said, ctx, err};
    return s->be->chats(s->db, r->id, TB_CHAT_KEEP, sync_chat, &c, err);
}
