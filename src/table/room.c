/* See cardhall/room.h: one card table, its seats and what each viewer may
 * be told. */
#include <assert.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cardhall/room.h"
#include "cardhall/table.h"
#include "cardhall/utf8.h"

const char *tb_room_status_name(tb_room_status s)
{
    static const char *const names[] = {"open", "running", "finished"};
    return names[s];
}

static int bot_init(tb_room *r, int seat, const char *name, ch_err *err)
{
    uint64_t bseed = ch_mix64(r->seed ^ (0x9e37u + (uint64_t)seat));
    return ch_bot_init(&r->seats[seat].bot, r->game, name, bseed, err);
}

/* The stand-in for a person who is away: the heuristic, where the game has
 * one. */
static void standin_init(tb_room *r, int seat)
{
    if (bot_init(r, seat, "heuristic", NULL) != CH_OK) bot_init(r, seat, "random", NULL);
}

static int start(tb_room *r, ch_err *err)
{
    free(r->last_hand.p); /* a kept record is of the game before */
    r->last_hand = (tb_text)TB_TEXT_INIT;
    int rc = ch_match_init_opts(&r->m, r->game, &r->opts, r->seed, NULL, 0, err);
    if (rc != CH_OK) return rc;
    r->status =
        r->game->to_move(ch_match_state(&r->m)) == CH_TERMINAL ? TB_ROOM_FINISHED : TB_ROOM_RUNNING;
    return CH_OK;
}

static int maybe_start(tb_room *r, ch_err *err)
{
    if (r->status != TB_ROOM_OPEN) return CH_OK;
    for (int i = 0; i < r->n_seats; i++)
        if (r->seats[i].kind == TB_SEAT_OPEN) return CH_OK;
    return start(r, err);
}

/* The game's own setup on a scratch match, dealt and thrown away: options
 * that cannot go together and data that is not what the option takes are
 * refused when the table is created, not when its last seat fills (a table
 * nobody could ever start would stay listed and stored). */
static int check_setup(const tb_room *r, ch_err *err)
{
    ch_match scratch;
    int rc = ch_match_init_opts(&scratch, r->game, &r->opts, r->seed, NULL, 0, err);
    if (rc == CH_OK) ch_match_free(&scratch);
    return rc;
}

/* A string option (Babasuki's cards) is its content, sent under data: a
 * text without content would be a path on this machine. */
static int room_opts(tb_room *r, const ch_game *g, const json_t *options, const json_t *data,
                     ch_err *err)
{
    int rc = ch_opts_from_json(g, options, &r->opts, err);
    if (rc == CH_OK) rc = ch_opts_data_from_json(g, data, &r->opts, err);
    if (rc != CH_OK) return rc;
    for (int i = 0; i < g->n_opts; i++)
        if (g->opts[i].type == CH_OPT_STR && r->opts.text[i][0] && !r->opts.data[i])
            return ch_errf(err, CH_EINVAL,
                           "option %s: a server reads no files; send the file's content as "
                           "data.%s (the option is then its label)",
                           g->opts[i].key, g->opts[i].key);
    for (int i = 0; i < g->n_opts; i++)
        if (r->opts.data[i] && !r->opts.text[i][0])
            return ch_errf(err, CH_EINVAL, "data.%s: give %s a label too (a file name)",
                           g->opts[i].key, g->opts[i].key);
    return ch_opts_copy_data(&r->opts, err);
}

static json_t *opts_json(const tb_room *r)
{
    json_t *o = json_object();
    for (int i = 0; i < r->game->n_opts; i++)
        json_object_set_new(o, r->game->opts[i].key, json_string(r->opts.text[i]));
    return o;
}

/* The seats and the first game, once the options are set. */
static int room_seats(tb_room *r, const char *const *seats, int n_seats, ch_err *err)
{
    const ch_game *g = r->game;
    int players = r->opts.val[0]; /* opts[0] is always "players" */
    if (n_seats != players)
        return ch_errf(err, CH_EINVAL, "seats: %d given for %d players", n_seats, players);
    r->n_seats = n_seats;
    for (int i = 0; i < n_seats; i++) {
        tb_seat *s = &r->seats[i];
        s->away_since = -1;
        s->level = -1;
        if (!seats[i] || strcmp(seats[i], "open") == 0) {
            s->kind = TB_SEAT_OPEN;
            continue;
        }
        s->kind = TB_SEAT_BOT;
        ch_err e;
        s->level = ch_level_parse(seats[i]);
        if (s->level >= 0 && !ch_bot_level(g, s->level))
            return ch_errf(err, CH_EINVAL, "seat %d: %s has no level '%s'", i, g->name, seats[i]);
        /* A level resolves here, once: the seat keeps the bot it stood for. */
        if (bot_init(r, i, s->level >= 0 ? ch_bot_level(g, s->level) : seats[i], &e) != CH_OK)
            return ch_errf(err, CH_EINVAL, "seat %d: '%.40s' is not open or a bot of %s", i,
                           seats[i], g->name);
        strncpy(s->name, seats[i], TB_NAME_MAX - 1);
    }
    r->acts = malloc(sizeof *r->acts * (size_t)g->max_actions);
    if (!r->acts) return ch_errf(err, CH_ENOMEM, "out of memory");
    r->opts_json = opts_json(r);
    int rc = tb_json_append(&r->opts_text, r->opts_json) == 0
                 ? check_setup(r, err)
                 : ch_errf(err, CH_ENOMEM, "out of memory");
    if (rc == CH_OK) rc = maybe_start(r, err);
    if (rc != CH_OK) {
        free(r->acts);
        r->acts = NULL;
        json_decref(r->opts_json);
        r->opts_json = NULL;
        free(r->opts_text.p);
        r->opts_text = (tb_text)TB_TEXT_INIT;
    }
    return rc;
}

int tb_room_init(tb_room *r, int64_t id, const ch_game *g, const json_t *options,
                 const json_t *data, const char *const *seats, int n_seats, uint64_t seed,
                 int64_t timeout_ms, ch_err *err)
{
    memset(r, 0, sizeof *r);
    r->clock.running = -1;
    r->spectator_chat = 1;
    r->hand_pause_ms = TB_HAND_PAUSE_DEFAULT;
    r->id = id;
    r->game = g;
    r->seed = seed;
    r->timeout_ms = timeout_ms < 0 ? 0 : timeout_ms;
    int rc = room_opts(r, g, options, data, err);
    if (rc == CH_OK) rc = room_seats(r, seats, n_seats, err);
    if (rc != CH_OK) ch_opts_free_data(&r->opts);
    return rc;
}

int tb_room_seat_level(tb_room *r, int seat, const char *level, ch_err *err)
{
    int l = ch_level_parse(level);
    if (seat < 0 || seat >= r->n_seats || r->seats[seat].kind != TB_SEAT_BOT || l < 0)
        return ch_errf(err, CH_EINVAL, "seat %d: not a bot seat, or '%.20s' is no level", seat,
                       level);
    r->seats[seat].level = l;
    snprintf(r->seats[seat].name, TB_NAME_MAX, "%s", ch_level_name(l));
    return CH_OK;
}

void tb_room_free(tb_room *r)
{
    if (r->status != TB_ROOM_OPEN) ch_match_free(&r->m);
    ch_opts_free_data(&r->opts);
    free(r->acts);
    json_decref(r->opts_json);
    free(r->opts_text.p);
    tb_chat_free(&r->chat);
    tb_clock_free(&r->clock);
    free(r->last_hand.p);
    memset(r, 0, sizeof *r);
}

static int name_ok(const char *name)
{
    size_t n = name ? strlen(name) : 0;
    return n > 0 && n < TB_NAME_MAX && ch_utf8_text_ok(name, n);
}

int tb_room_join(tb_room *r, int seat, const char *name, const unsigned char hash[TB_TOKEN_HASH],
                 ch_err *err)
{
    if (!name_ok(name))
        return ch_errf(err, CH_EINVAL, "name: 1 to %d bytes of text, no control characters",
                       TB_NAME_MAX - 1);
    if (tb_room_seat_of(r, hash) >= 0)
        return ch_errf(err, CH_ESTATE, "this token already holds a seat here");
    if (seat < 0) {
        for (int i = 0; i < r->n_seats && seat < 0; i++)
            if (r->seats[i].kind == TB_SEAT_OPEN) seat = i;
        if (seat < 0)
            return ch_errf(err, CH_ESTATE, "no open seat at table %lld", (long long)r->id);
    }
    if (seat >= r->n_seats) return ch_errf(err, CH_EINVAL, "seat: expected 0..%d", r->n_seats - 1);
    if (r->seats[seat].kind != TB_SEAT_OPEN)
        return ch_errf(err, CH_ESTATE, "seat %d is taken", seat);
    tb_seat *s = &r->seats[seat];
    s->kind = TB_SEAT_PERSON;
    snprintf(s->name, sizeof s->name, "%s", name);
    memcpy(s->hash, hash, TB_TOKEN_HASH);
    s->present = 1;
    s->away_since = -1;
    standin_init(r, seat);
    int rc = maybe_start(r, err);
    if (rc != CH_OK) {
        memset(s, 0, sizeof *s);
        s->away_since = -1;
        return rc;
    }
    return seat;
}

int tb_room_seat_of(const tb_room *r, const unsigned char hash[TB_TOKEN_HASH])
{
    for (int i = 0; i < r->n_seats; i++)
        if (r->seats[i].kind == TB_SEAT_PERSON &&
            memcmp(r->seats[i].hash, hash, TB_TOKEN_HASH) == 0)
            return i;
    return -1;
}

int tb_room_leave(tb_room *r, int seat, ch_err *err)
{
    if (seat < 0 || seat >= r->n_seats || r->seats[seat].kind != TB_SEAT_PERSON)
        return ch_errf(err, CH_EINVAL, "seat %d holds no person", seat);
    tb_seat *s = &r->seats[seat];
    if (r->status == TB_ROOM_OPEN) {
        memset(s, 0, sizeof *s);
        s->away_since = -1;
        return CH_OK;
    }
    /* Away since the beginning of time: the heuristic plays at once. */
    s->present = 0;
    s->away_since = INT64_MIN / 2;
    return CH_OK;
}

void tb_room_presence(tb_room *r, int seat, int delta, int64_t now_ms)
{
    if (seat < 0 || seat >= r->n_seats || r->seats[seat].kind != TB_SEAT_PERSON) return;
    tb_seat *s = &r->seats[seat];
    s->present += delta;
    if (s->present < 0) s->present = 0;
    if (s->present > 0) s->left = 0;
    if (delta < 0 && s->present == 0) s->away_since = now_ms;
}

int tb_room_bot_plays(const tb_room *r, int seat, int64_t now_ms)
{
    const tb_seat *s = &r->seats[seat];
    if (s->kind == TB_SEAT_BOT) return 1;
    if (s->kind == TB_SEAT_PERSON && seat == tb_clock_out(&r->clock, now_ms)) return 1;
    if (s->kind != TB_SEAT_PERSON || s->present > 0) return 0;
    if (s->left) return 1;
    return now_ms - s->away_since >= r->timeout_ms;
}

int tb_room_to_move(const tb_room *r)
{
    if (r->status != TB_ROOM_RUNNING) return -1;
    int p = r->game->to_move(ch_match_state(&r->m));
    return p == CH_TERMINAL ? -1 : p;
}

/* a time plus a duration b >= 0, INT64_MAX when it would overflow (a time
 * may be negative: an away_since long past). */
static int64_t add_ms(int64_t a, int64_t b)
{
    return a > 0 && b > INT64_MAX - a ? INT64_MAX : a + b;
}

int64_t tb_room_next_due(const tb_room *r, int64_t now_ms)
{
    if (r->status != TB_ROOM_RUNNING) return INT64_MAX;
    int p = tb_room_to_move(r);
    if (!r->paused && p >= 0 && tb_room_bot_plays(r, p, now_ms)) return now_ms;
    int64_t at = INT64_MAX;
    /* A pause whose time is up is due now: tb_room_paused ends it. */
    if (r->paused && r->hand_pause_ms > 0) {
        int64_t end = add_ms(r->pause_since, r->hand_pause_ms);
        at = end > now_ms ? end : now_ms;
    }
    /* Of the rest only times still to come: a timeout that passed changed
     * what it changes already (the seat is played for), and counting it
     * would make the room due forever. */
    for (int i = 0; i < r->n_seats; i++) {
        const tb_seat *s = &r->seats[i];
        if (s->kind != TB_SEAT_PERSON || s->present > 0 || s->left) continue;
        int64_t end = add_ms(s->away_since, r->timeout_ms);
        if (end > now_ms && end < at) at = end;
    }
    if (tb_clock_on(&r->clock) && r->clock.running >= 0) {
        int64_t left = tb_clock_left(&r->clock, r->clock.running, now_ms);
        if (left > 0 && add_ms(now_ms, left) < at) at = add_ms(now_ms, left);
    }
    return at;
}

int tb_room_bot_seat(tb_room *r, int64_t now_ms)
{
    if (tb_room_paused(r, now_ms)) return -1; /* bots wait for the summary too */
    int p = tb_room_to_move(r);
    return p >= 0 && tb_room_bot_plays(r, p, now_ms) ? p : -1;
}

int tb_room_bot_due(tb_room *r, int64_t now_ms, ch_action *a)
{
    int p = tb_room_bot_seat(r, now_ms);
    if (p < 0) return 0;
    /* The bot reads only its seat's view (bot.h's contract). */
    *a = ch_bot_act(&r->seats[p].bot, ch_match_state(&r->m), p);
    return 1;
}

int tb_room_check(const tb_room *r, int seat, const char *text, ch_action *a, ch_err *err)
{
    if (r->status != TB_ROOM_RUNNING)
        return ch_errf(err, CH_ESTATE, "the game is %s", tb_room_status_name(r->status));
    if (r->paused)
        return ch_errf(err, CH_ESTATE, "between hands: the table waits for everyone to continue");
    int p = tb_room_to_move(r);
    if (seat != p) return ch_errf(err, CH_ESTATE, "not your turn: seat %d is to move", p);
    if (!text) return ch_errf(err, CH_EINVAL, "missing field: action");
    return ch_parse_action(r->game, ch_match_state(&r->m), text, a, err);
}

int tb_room_apply(tb_room *r, ch_action a, ch_err *err)
{
    if (r->status != TB_ROOM_RUNNING)
        return ch_errf(err, CH_ESTATE, "the game is %s", tb_room_status_name(r->status));
    int rc = ch_match_apply(&r->m, a, err);
    if (rc != CH_OK) return rc;
    if (tb_room_to_move(r) < 0) r->status = TB_ROOM_FINISHED;
    return CH_OK;
}

int tb_room_restore_game(tb_room *r, int game_no, uint64_t seed, ch_err *err)
{
    if (game_no < 0) return ch_errf(err, CH_EINVAL, "game number %d", game_no);
    if (r->status == TB_ROOM_OPEN) {
        if (game_no != 0) return ch_errf(err, CH_EFORMAT, "an open table has played no game");
        return CH_OK;
    }
    ch_match_free(&r->m);
    r->game_no = game_no;
    r->seed = seed;
    r->paused = 0;
    tb_clock_reset(&r->clock);
    return start(r, err);
}

int tb_room_rematch(tb_room *r, uint64_t seed, ch_err *err)
{
    if (r->status != TB_ROOM_FINISHED)
        return ch_errf(err, CH_ESTATE, "a rematch needs a finished game");
    ch_match old = r->m;
    uint64_t old_seed = r->seed;
    r->game_no++;
    r->seed = seed;
    tb_clock_reset(&r->clock);
    int rc = start(r, err);
    if (rc != CH_OK) {
        r->game_no--;
        r->seed = old_seed;
        r->m = old;
        r->status = TB_ROOM_FINISHED;
        return rc;
    }
    ch_match_free(&old);
    r->paused = 0;
    return CH_OK;
}

json_t *tb_room_summary(const tb_room *r)
{
    static const char *const kinds[] = {"open", "person", "bot"};
    json_t *seats = json_array();
    for (int i = 0; i < r->n_seats; i++) {
        const tb_seat *s = &r->seats[i];
        json_t *o = json_object();
        json_object_set_new(o, "seat", json_integer(i));
        json_object_set_new(o, "kind", json_string(kinds[s->kind]));
        if (s->kind != TB_SEAT_OPEN) json_object_set_new(o, "name", json_string(s->name));
        if (s->kind == TB_SEAT_PERSON) json_object_set_new(o, "present", json_boolean(s->present));
        /* Issue 24: a level is what people chose and see; the bot behind it stays unnamed. */
        if (s->kind == TB_SEAT_BOT && s->level >= 0)
            json_object_set_new(o, "level", json_string(ch_level_name(s->level)));
        json_array_append_new(seats, o);
    }
    /* Shared with every summary of r: a caller reads it, never changes it. */
    json_t *opts = r->opts_json ? json_incref(r->opts_json) : opts_json(r);
    /* Set one by one, not by json_pack: it parses its format on every call,
     * and a summary goes with every state message (issue 29). */
    json_t *o = json_object();
    json_object_set_new(o, "id", json_integer(r->id));
    json_object_set_new(o, "game", json_string(r->game->name));
    json_object_set_new(o, "options", opts);
    json_object_set_new(o, "status", json_string(tb_room_status_name(r->status)));
    json_object_set_new(o, "game_no", json_integer(r->game_no));
    json_object_set_new(o, "timeout_ms", json_integer(r->timeout_ms));
    json_object_set_new(o, "seats", seats);
    json_object_set_new(o, "moves", json_integer(r->status == TB_ROOM_OPEN ? 0 : r->m.n_actions));
    /* Issue 25: the table's clock and whether spectators may chat. */
    json_object_set_new(o, "spectator_chat", json_boolean(r->spectator_chat));
    json_object_set_new(o, "hints", json_boolean(r->hints));
    json_object_set_new(o, "hand_pause_ms", json_integer(r->hand_pause_ms));
    if (tb_clock_on(&r->clock))
        json_object_set_new(o, "clock",
                            json_pack("{s:I,s:I}", "bank_ms", (json_int_t)r->clock.bank_ms,
                                      "increment_ms", (json_int_t)r->clock.inc_ms));
    return o;
}

/* Who is to move, the phase, hands done and, once over, the result. */
static json_t *status_of(const ch_game *g, const void *st)
{
    ch_result res;
    g->result(st, &res);
    int p = g->to_move(st);
    json_t *o = json_object();
    json_object_set_new(o, "to_move", p == CH_TERMINAL ? json_null() : json_integer(p));
    json_object_set_new(o, "phase", json_string(g->phase(st)));
    json_object_set_new(o, "hands", json_integer(res.hands));
    if (p == CH_TERMINAL) json_object_set_new(o, "result", ch_result_json(&res));
    return o;
}

static json_t *status_json(const tb_room *r)
{
    return status_of(r->game, ch_match_state(&r->m));
}

json_t *tb_room_spectator_view(const tb_room *r)
{
    if (r->status == TB_ROOM_OPEN) return json_null();
    /* A game without the spectator viewer gets the public status only. */
    if (tb_has_spectator(r->game)) return r->game->view_json(ch_match_state(&r->m), CH_SPECTATOR);
    return json_null();
}

/* Hands done in the current game. */
static int hands_of(const tb_room *r)
{
    ch_result res;
    r->game->result(ch_match_state(&r->m), &res);
    return res.hands;
}

static json_t *view_for(const tb_room *r, int viewer)
{
    if (viewer == CH_SPECTATOR) return tb_room_spectator_view(r);
    return r->game->view_json(ch_match_state(&r->m), viewer);
}

/* [[what each seat scored in hand 1], [... hand 2], ...]: public, as each
 * hand's end shows it. One apply per step (ch_match_state_at walks a cursor). */
static json_t *hand_scores(const tb_room *r)
{
    json_t *list = json_array();
    int done = 0;
    for (int k = 1; k <= r->m.n_actions; k++) {
        ch_result res;
        r->game->result(ch_match_state_at(&r->m, k), &res);
        if (res.hands <= done) continue;
        done = res.hands;
        json_t *row = json_array();
        for (int p = 0; p < r->n_seats; p++)
            json_array_append_new(row, json_integer(res.hand_score[p]));
        json_array_append_new(list, row);
    }
    return list;
}

json_t *tb_room_state_json(tb_room *r, int viewer, ch_lang lang)
{
    json_t *o = json_pack("{s:o,s:o}", "table", tb_room_summary(r), "seat",
                          viewer == CH_SPECTATOR ? json_null() : json_integer(viewer));
    if (r->status == TB_ROOM_OPEN) return o;
    json_object_set_new(o, "status", status_json(r));
    json_object_set_new(o, "view", view_for(r, viewer));
    /* The game's own board as this viewer sees it, for a client that shows
     * the text board (the terminal's). */
    if (viewer >= 0 || tb_has_spectator(r->game)) {
        char *board = tb_render_as(r->game, ch_match_state(&r->m), viewer, lang, NULL);
        json_t *b = board ? json_string(board) : NULL;
        free(board);
        if (b) json_object_set_new(o, "board", b);
    }
    /* Issue 24: a finished game's last hand and what each hand scored,
     * for the result dialog. */
    if (r->status == TB_ROOM_FINISHED && r->m.n_actions > 0) {
        json_t *end = tb_hand_end_json(&r->m, r->m.n_actions - 1, viewer, lang);
        if (end) json_object_set_new(o, "hand_end", end);
        json_object_set_new(o, "hand_scores", hand_scores(r));
    }
    /* Between hands nobody is offered a move: the summary comes first. */
    if (viewer >= 0 && !r->paused && tb_room_to_move(r) == viewer)
        json_object_set_new(o, "legal",
                            tb_legal_json_as(r->game, ch_match_state(&r->m), viewer, lang, r->acts, NULL));
    return o;
}

json_t *tb_room_state_msg(tb_room *r, int viewer, ch_lang lang, int64_t now_ms, int move)
{
    json_t *o = json_object();
    json_object_set_new(o, "type", json_string("state"));
    json_t *st = tb_room_state_json(r, viewer, lang);
    json_object_update(o, st);
    json_decref(st);
    /* Issue 25: the clocks as of now, and who is away since when. */
    json_object_set_new(o, "clock", tb_clock_json(&r->clock, now_ms));
    json_object_set_new(o, "away", tb_room_away_json(r, now_ms));
    /* Issue 24: between hands, the hand's summary and who has continued. */
    json_object_set_new(o, "pause", tb_room_pause_json(r, viewer, now_ms, lang));
    if (move > 0) {
        json_object_set_new(o, "move", json_integer(move));
        json_object_set_new(o, "events", tb_room_events(r, move - 1, viewer, lang));
    }
    return o;
}

/* Straight text: a member's name with its quotes and colon, after a comma
 * unless first (every name here is plain ASCII: no escapes). */
static int key(tb_text *t, const char *name, int first)
{
    if (!first && tb_text_put(t, ",", 1)) return -1;
    if (tb_text_put(t, "\"", 1) || tb_text_put(t, name, strlen(name))) return -1;
    return tb_text_put(t, "\":", 2);
}

/* A string member, left out where json_string would refuse the text (not
 * UTF-8), as json_object_set_new leaves out a NULL value. */
static int string_member(tb_text *t, const char *name, const char *s)
{
    if (!s) return 0;
    size_t n = strlen(s);
    if (ch_utf8_valid_prefix(s, n) != n) return 0;
    return key(t, name, 0) || tb_text_string(t, s, n);
}

/* A tree member (stolen), left out when NULL as json_object_set_new does. */
static int tree_member(tb_text *t, const char *name, json_t *j)
{
    if (!j) return 0;
    int rc = key(t, name, 0) || tb_json_append(t, j);
    json_decref(j);
    return rc ? -1 : 0;
}

static int bool_text(tb_text *t, int b)
{
    return b ? tb_text_put(t, "true", 4) : tb_text_put(t, "false", 5);
}

/* The viewer's view. Where the game builds its last hand's record apart
 * (game.h's view_json_lean), the record's text is kept from the first
 * message after the hand ended and written after the lean view's members:
 * the same bytes as the whole view's tree (test_statetext), without building
 * and writing a record at every move that changes once a hand. The record
 * is the same for every viewer, so one text serves them all. */
static int view_member(tb_text *t, tb_room *r, int viewer)
{
    const ch_game *g = r->game;
    if (!g->view_json_lean || (viewer == CH_SPECTATOR && !tb_has_spectator(g)))
        return tree_member(t, "view", view_for(r, viewer));
    int hands = hands_of(r);
    if (!r->last_hand.p || r->last_hand_hands != hands) {
        json_t *v = view_for(r, viewer);
        tb_text kept = TB_TEXT_INIT;
        if (tb_json_append(&kept, json_object_get(v, "last_hand")) == 0) {
            free(r->last_hand.p);
            r->last_hand = kept;
            r->last_hand_hands = hands;
        } else {
            free(kept.p);
        }
        return tree_member(t, "view", v);
    }
    json_t *lean = g->view_json_lean(ch_match_state(&r->m), viewer);
    int rc = key(t, "view", 0) || tb_json_append(t, lean);
    json_decref(lean);
    if (rc) return -1;
    assert(t->len >= 2 && t->p[t->len - 1] == '}');
    t->len--; /* the lean view's closing brace: the record goes before it */
    return key(t, "last_hand", t->p[t->len - 1] == '{') ||
           tb_text_put(t, r->last_hand.p, r->last_hand.len) || tb_text_put(t, "}", 1);
}

/* tb_room_summary's text, member by member in its order. */
static int summary_text(tb_text *t, const tb_room *r)
{
    static const char *const kinds[] = {"open", "person", "bot"};
    if (tb_text_put(t, "{", 1) || key(t, "id", 1) || tb_text_int(t, r->id) ||
        string_member(t, "game", r->game->name))
        return -1;
    /* The options' text is made once with the room: written in every message. */
    if ((r->opts_text.p ? key(t, "options", 0) || tb_text_put(t, r->opts_text.p, r->opts_text.len)
                        : tree_member(t, "options", opts_json(r))) ||
        string_member(t, "status", tb_room_status_name(r->status)) || key(t, "game_no", 0) ||
        tb_text_int(t, r->game_no) || key(t, "timeout_ms", 0) || tb_text_int(t, r->timeout_ms) ||
        key(t, "seats", 0) || tb_text_put(t, "[", 1))
        return -1;
    for (int i = 0; i < r->n_seats; i++) {
        const tb_seat *s = &r->seats[i];
        if ((i > 0 && tb_text_put(t, ",", 1)) || tb_text_put(t, "{", 1) || key(t, "seat", 1) ||
            tb_text_int(t, i) || string_member(t, "kind", kinds[s->kind]))
            return -1;
        if (s->kind != TB_SEAT_OPEN && string_member(t, "name", s->name)) return -1;
        if (s->kind == TB_SEAT_PERSON && (key(t, "present", 0) || bool_text(t, s->present)))
            return -1;
        if (s->kind == TB_SEAT_BOT && s->level >= 0 &&
            string_member(t, "level", ch_level_name(s->level)))
            return -1;
        if (tb_text_put(t, "}", 1)) return -1;
    }
    if (tb_text_put(t, "]", 1) || key(t, "moves", 0) ||
        tb_text_int(t, r->status == TB_ROOM_OPEN ? 0 : r->m.n_actions) ||
        key(t, "spectator_chat", 0) || bool_text(t, r->spectator_chat) || key(t, "hints", 0) ||
        bool_text(t, r->hints) || key(t, "hand_pause_ms", 0) || tb_text_int(t, r->hand_pause_ms))
        return -1;
    if (tb_clock_on(&r->clock) &&
        (key(t, "clock", 0) || tb_text_put(t, "{", 1) || key(t, "bank_ms", 1) ||
         tb_text_int(t, r->clock.bank_ms) || key(t, "increment_ms", 0) ||
         tb_text_int(t, r->clock.inc_ms) || tb_text_put(t, "}", 1)))
        return -1;
    return tb_text_put(t, "}", 1);
}

int tb_room_state_text(tb_text *t, tb_room *r, int viewer, ch_lang lang, int64_t now_ms, int move)
{
    /* As tb_room_state_msg, member by member: tb_room_state_json's first. */
    if (tb_text_put(t, "{\"type\":\"state\"", 15) || key(t, "table", 0) || summary_text(t, r) ||
        key(t, "seat", 0) ||
        (viewer == CH_SPECTATOR ? tb_text_put(t, "null", 4) : tb_text_int(t, viewer)))
        goto fail;
    if (r->status != TB_ROOM_OPEN) {
        if (tree_member(t, "status", status_json(r)) || view_member(t, r, viewer)) goto fail;
        if (viewer >= 0 || tb_has_spectator(r->game)) {
            char *board = tb_render_as(r->game, ch_match_state(&r->m), viewer, lang, NULL);
            int rc = board ? string_member(t, "board", board) : 0;
            free(board);
            if (rc) goto fail;
        }
        if (r->status == TB_ROOM_FINISHED && r->m.n_actions > 0 &&
            (tree_member(t, "hand_end",
                         tb_hand_end_json(&r->m, r->m.n_actions - 1, viewer, lang)) ||
             tree_member(t, "hand_scores", hand_scores(r))))
            goto fail;
        if (viewer >= 0 && !r->paused && tb_room_to_move(r) == viewer &&
            (key(t, "legal", 0) ||
             tb_legal_text(t, r->game, ch_match_state(&r->m), viewer, lang, r->acts, NULL)))
            goto fail;
    }
    if (tree_member(t, "clock", tb_clock_json(&r->clock, now_ms)) ||
        tree_member(t, "away", tb_room_away_json(r, now_ms)) ||
        tree_member(t, "pause", tb_room_pause_json(r, viewer, now_ms, lang)))
        goto fail;
    if (move > 0 && (key(t, "move", 0) || tb_text_int(t, move) ||
                     tree_member(t, "events", tb_room_events(r, move - 1, viewer, lang))))
        goto fail;
    if (tb_text_put(t, "}", 1) == 0 && !t->failed) return 0;
fail:
    t->failed = 1;
    return -1;
}

json_t *tb_room_events(const tb_room *r, int k, int viewer, ch_lang lang)
{
    if (r->status == TB_ROOM_OPEN || k < 0 || k >= r->m.n_actions) return json_array();
    const ch_game *g = r->game;
    const void *before = ch_match_state_at(&r->m, k);
    json_t *events = tb_events_as(g, before, r->m.actions[k], viewer, lang, NULL);
    if (tb_clock_was_timeout(&r->clock, k))
        json_array_insert_new(events, 0, tb_clock_timeout_event(g->to_move(before), lang));
    return events;
}

json_t *tb_room_history(const tb_room *r, int viewer, ch_lang lang)
{
    json_t *list = json_array();
    if (r->status == TB_ROOM_OPEN) return list;
    for (int k = 0; k < r->m.n_actions; k++)
        json_array_append_new(list, json_pack("{s:i,s:o}", "move", k + 1, "events",
                                              tb_room_events(r, k, viewer, lang)));
    return list;
}

json_t *tb_replay_json(const ch_match *m, int k, int viewer, ch_lang lang)
{
    const ch_game *g = m->game;
    assert(k >= 0 && k <= m->n_actions);
    /* Where each hand starts: the moves after which one more hand is done.
     * One apply per step (ch_match_state_at walks a cursor). */
    json_t *hands = json_array();
    json_array_append_new(hands, json_integer(0));
    int done = 0;
    for (int i = 1; i <= m->n_actions; i++) {
        ch_result res;
        g->result(ch_match_state_at(m, i), &res);
        if (res.hands > done && i < m->n_actions) json_array_append_new(hands, json_integer(i));
        done = res.hands;
    }
    json_t *events = k > 0 ? tb_events_as(g, ch_match_state_at(m, k - 1), m->actions[k - 1], viewer, lang, NULL)
                           : json_array();
    const void *st = ch_match_state_at(m, k);
    json_t *status = status_of(g, st);
    json_t *view = viewer == CH_SPECTATOR && !tb_has_spectator(g) ? json_null()
                                                                  : g->view_json(st, viewer);
    json_t *o = json_pack("{s:i,s:i,s:o,s:o,s:o,s:o}", "move", k, "moves", m->n_actions, "status",
                          status, "view", view, "events", events, "hands", hands);
    if (viewer != CH_SPECTATOR || tb_has_spectator(g)) {
        char *board = tb_render_as(g, st, viewer, lang, NULL);
        if (board) json_object_set_new(o, "board", json_string(board));
        free(board);
    }
    return o;
}

json_t *tb_room_record(const tb_room *r, ch_err *err)
{
    if (r->status != TB_ROOM_FINISHED) {
        ch_errf(err, CH_ESTATE, "the record is given once the game is finished");
        return NULL;
    }
    json_t *rec = ch_match_record(&r->m);
    json_t *players = json_array();
    for (int i = 0; i < r->n_seats; i++)
        json_array_append_new(players, json_string(r->seats[i].name));
    json_object_set_new(rec, "players", players);
    return rec;
}

/* Turn clocks and leaving (issue 25). */

int tb_room_set_clock(tb_room *r, int64_t bank_ms, int64_t inc_ms, ch_err *err)
{
    if (bank_ms != 0 && (bank_ms < TB_CLOCK_BANK_MIN || bank_ms > TB_CLOCK_BANK_MAX))
        return ch_errf(err, CH_EINVAL, "clock.bank_ms: 0 (no clock) or %d..%d", TB_CLOCK_BANK_MIN,
                       TB_CLOCK_BANK_MAX);
    if (inc_ms < 0 || inc_ms > TB_CLOCK_INC_MAX)
        return ch_errf(err, CH_EINVAL, "clock.increment_ms: 0..%d", TB_CLOCK_INC_MAX);
    if (r->status != TB_ROOM_OPEN && r->m.n_actions > 0)
        return ch_errf(err, CH_ESTATE, "the clock is set before the first move");
    tb_clock_init(&r->clock, r->n_seats, bank_ms, inc_ms);
    return CH_OK;
}

/* The seat whose time runs now: the seat to move, if a person holds it
 * (a bank is a person's; bots answer in their own time). */
static int clock_seat(const tb_room *r)
{
    int p = r->paused ? -1 : tb_room_to_move(r); /* nobody's time runs between hands */
    return p >= 0 && r->seats[p].kind == TB_SEAT_PERSON ? p : -1;
}

void tb_room_clock_sync(tb_room *r, int64_t now_ms)
{
    tb_clock_run(&r->clock, clock_seat(r), now_ms);
}

int tb_room_timed_out(const tb_room *r, int64_t now_ms)
{
    int p = tb_room_to_move(r);
    if (p < 0 || r->seats[p].kind != TB_SEAT_PERSON) return -1;
    return tb_clock_out(&r->clock, now_ms) == p ? p : -1;
}

static void pause_begin(tb_room *r, int64_t now_ms)
{
    r->paused = 1;
    r->pause_move = r->m.n_actions;
    r->pause_since = now_ms;
    r->continued = 0;
}

int tb_room_apply_at(tb_room *r, ch_action a, int64_t now_ms, ch_err *err)
{
    int p = clock_seat(r), ply = r->status == TB_ROOM_RUNNING ? r->m.n_actions : 0;
    int out = p >= 0 && tb_room_timed_out(r, now_ms) == p;
    int hands = r->status == TB_ROOM_RUNNING ? hands_of(r) : 0;
    int rc = tb_room_apply(r, a, err);
    if (rc != CH_OK) return rc;
    if (r->status == TB_ROOM_RUNNING && hands_of(r) > hands) pause_begin(r, now_ms);
    if (!tb_clock_on(&r->clock)) return rc;
    if (out && tb_clock_mark_timeout(&r->clock, ply) != CH_OK)
        return ch_errf(err, CH_ENOMEM, "out of memory");
    tb_clock_moved(&r->clock, p, now_ms);
    tb_room_clock_sync(r, now_ms);
    return CH_OK;
}

int tb_room_clock_after(const tb_room *r, int64_t now_ms, int64_t left_ms[CH_MAX_PLAYERS])
{
    tb_clock c = r->clock; /* a copy: moved() touches no timeouts */
    tb_clock_moved(&c, clock_seat(r), now_ms);
    for (int i = 0; i < c.n; i++)
        left_ms[i] = tb_clock_left(&c, i, now_ms);
    return c.n;
}

void tb_room_clock_restore(tb_room *r, const int64_t *left_ms, int n)
{
    for (int i = 0; i < n && i < r->clock.n; i++)
        r->clock.left_ms[i] = left_ms[i] < 0 ? 0 : left_ms[i];
    r->clock.running = -1;
}

int tb_room_leave_at(tb_room *r, int seat, int64_t now_ms, ch_err *err)
{
    int rc = tb_room_leave(r, seat, err);
    if (rc == CH_OK && r->status != TB_ROOM_OPEN) {
        r->seats[seat].left = 1;
        r->seats[seat].away_since = now_ms;
    }
    return rc;
}

json_t *tb_room_away_json(const tb_room *r, int64_t now_ms)
{
    json_t *list = json_array();
    for (int i = 0; i < r->n_seats; i++) {
        const tb_seat *s = &r->seats[i];
        if (s->kind != TB_SEAT_PERSON || s->present > 0) continue;
        int64_t away = now_ms - s->away_since;
        json_array_append_new(list, json_pack("{s:i,s:I,s:b}", "seat", i, "away_ms",
                                              (json_int_t)(away > 0 ? away : 0), "left", s->left));
    }
    return list;
}

/* Between hands (issue 24). */

int tb_room_set_hand_pause(tb_room *r, int64_t ms, ch_err *err)
{
    if (ms < 0 || ms > TB_HAND_PAUSE_MAX)
        return ch_errf(err, CH_EINVAL, "hand_pause: 0 (wait for everyone) to %d seconds",
                       TB_HAND_PAUSE_MAX / 1000);
    r->hand_pause_ms = ms;
    return CH_OK;
}

/* A person the table waits for: seated and not played for by the heuristic
 * (away past the timeout, or left), so an absent person holds nobody up. */
static int holds_pause(const tb_room *r, int seat, int64_t now_ms)
{
    return r->seats[seat].kind == TB_SEAT_PERSON && !tb_room_bot_plays(r, seat, now_ms);
}

int tb_room_paused(tb_room *r, int64_t now_ms)
{
    if (!r->paused) return 0;
    if (r->hand_pause_ms > 0 && now_ms - r->pause_since >= r->hand_pause_ms) {
        r->paused = 0;
        return 0;
    }
    for (int i = 0; i < r->n_seats; i++)
        if (holds_pause(r, i, now_ms) && !(r->continued & (1u << i))) return 1;
    r->paused = 0;
    return 0;
}

int tb_room_continue(tb_room *r, int seat, int64_t now_ms, ch_err *err)
{
    if (seat < 0 || seat >= r->n_seats || r->seats[seat].kind != TB_SEAT_PERSON)
        return ch_errf(err, CH_EINVAL, "seat %d holds no person", seat);
    if (!tb_room_paused(r, now_ms)) return ch_errf(err, CH_ESTATE, "the table is not between hands");
    r->continued |= 1u << seat;
    tb_room_paused(r, now_ms); /* the last one to continue ends it */
    return CH_OK;
}

void tb_room_pause_restore(tb_room *r, int64_t now_ms)
{
    r->paused = 0;
    if (r->status != TB_ROOM_RUNNING || r->m.n_actions == 0) return;
    ch_result before;
    r->game->result(ch_match_state_at(&r->m, r->m.n_actions - 1), &before);
    if (hands_of(r) > before.hands) pause_begin(r, now_ms);
}

json_t *tb_room_pause_json(const tb_room *r, int viewer, int64_t now_ms, ch_lang lang)
{
    if (!r->paused || r->status != TB_ROOM_RUNNING) return json_null();
    json_t *done = json_array(), *waiting = json_array();
    for (int i = 0; i < r->n_seats; i++) {
        if (r->continued & (1u << i)) json_array_append_new(done, json_integer(i));
        else if (holds_pause(r, i, now_ms)) json_array_append_new(waiting, json_integer(i));
    }
    int64_t left = r->pause_since + r->hand_pause_ms - now_ms;
    json_t *end = tb_hand_end_json(&r->m, r->pause_move - 1, viewer, lang);
    return json_pack("{s:i,s:o,s:o,s:o,s:o}", "move", r->pause_move, "hand_end",
                     end ? end : json_null(), "continued", done, "waiting", waiting, "left_ms",
                     r->hand_pause_ms > 0 ? json_integer(left > 0 ? left : 0) : json_null());
}
