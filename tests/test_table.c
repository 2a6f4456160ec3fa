/* The table layer (src/table) against the game interface of issue 16 ("What
 * a player sees"), through a toy game with hidden moves that implements
 * every new hook, and the same toy with the hooks left NULL: events per
 * viewer, history that hides another seat's notation, legal for a seat not
 * moving, the spectator, warnings, explanations of illegal moves, per-seat
 * records, rules text. The new harness checks run over the toy too. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cardhall/match.h"
#include "cardhall/table.h"
#include "harness.h"

/* ---- The toy: 6 cards c0..c5, 3 each, hidden. On a turn a seat plays a
 * card face up (c3..c5 score a point) or stashes it face down. When every
 * card is out the hand ends: the stashes are laid open. Actions are hand
 * slots (0..2 play, 8..10 stash), so a name for a seat not moving that
 * says the card would tell a hidden card. ---- */
typedef struct toy {
    uint8_t hand[2][3], n[2];
    uint8_t pile[6], npile;
    uint8_t stash[2][3], ns[2];
    int8_t turn;
    int16_t score[2];
    ch_rng rng;
} toy;

static const ch_optdesc toy_opts[] = {
    {"players", CH_OPT_INT, "2", 2, 2, NULL, NULL, "number of players"},
    {"bonus", CH_OPT_BOOL, "false", 0, 0, NULL, NULL, "unused"},
};
static const uint8_t toy_copies[6] = {1, 1, 1, 1, 1, 1};

static int over(const toy *t)
{
    return t->n[0] == 0 && t->n[1] == 0;
}

static int toy_setup(void *s, const ch_opts *o, uint64_t seed, const int *order, int n, ch_err *err)
{
    (void)o, (void)order, (void)n, (void)err;
    toy *t = s;
    memset(t, 0, sizeof *t);
    ch_rng_seed(&t->rng, seed, 1);
    uint8_t d[6] = {0, 1, 2, 3, 4, 5};
    ch_rng_shuffle_u8(&t->rng, d, 6);
    for (int i = 0; i < 6; i++)
        t->hand[i % 2][i / 2] = d[i];
    t->n[0] = t->n[1] = 3;
    return CH_OK;
}
static int toy_np(const void *s)
{
    (void)s;
    return 2;
}
static int toy_to_move(const void *s)
{
    const toy *t = s;
    return over(t) ? CH_TERMINAL : t->turn;
}
static const char *toy_phase(const void *s)
{
    return over(s) ? "over" : "play";
}
static int toy_legal(const void *s, ch_action *out)
{
    const toy *t = s;
    int k = 0;
    for (int i = 0; i < t->n[t->turn]; i++)
        out[k++] = (ch_action)i, out[k++] = (ch_action)(8 + i);
    return k;
}
static int card_of(const toy *t, ch_action a)
{
    return t->hand[t->turn][a & 7];
}
static void toy_apply(void *s, ch_action a)
{
    toy *t = s;
    int p = t->turn, i = (int)(a & 7), c = t->hand[p][i];
    t->hand[p][i] = t->hand[p][--t->n[p]];
    t->hand[p][t->n[p]] = 0;
    if (a & 8) {
        t->stash[p][t->ns[p]++] = (uint8_t)c;
    } else {
        t->pile[t->npile++] = (uint8_t)c;
        t->score[p] += c >= 3;
    }
    t->turn = (int8_t)(t->n[1 - p] ? 1 - p : p);
}
static void toy_result(const void *s, ch_result *r)
{
    const toy *t = s;
    memset(r, 0, sizeof *r);
    r->n_players = 2;
    r->terminal = over(t);
    for (int p = 0; p < 2; p++) {
        r->score[p] = r->hand_score[p] = t->score[p];
        r->rank[p] = 1 + (t->score[1 - p] > t->score[p]);
        if (r->terminal && r->rank[p] == 1) r->winners |= 1u << p;
    }
    r->hands = r->terminal;
}
static int toy_card_text(int face, char *buf, size_t cap)
{
    return snprintf(buf, cap, "c%d", face);
}
static int toy_card_parse(const char *text, int *face)
{
    if (text[0] != 'c' || text[1] < '0' || text[1] > '5' || text[2]) return CH_EINVAL;
    *face = text[1] - '0';
    return CH_OK;
}
static int toy_action_text(const void *s, ch_action a, char *buf, size_t cap)
{
    return snprintf(buf, cap, "%s c%d", a & 8 ? "stash" : "play", card_of(s, a));
}
/* Whether viewer may know the card of a once it is done. */
static int knows(const toy *t, ch_action a, int viewer)
{
    return !(a & 8) || viewer == CH_ALL || viewer == t->turn;
}
static int toy_action_name(const void *s, ch_action a, int viewer, ch_lang lang, char *buf,
                           size_t cap)
{
    const toy *t = s;
    int ja = lang == CH_LANG_JA;
    if (!knows(t, a, viewer)) return snprintf(buf, cap, ja ? "1 枚伏せる" : "stashes a card");
    if (ja) return snprintf(buf, cap, "c%d を%s", card_of(t, a), a & 8 ? "伏せる" : "出す");
    return snprintf(buf, cap, "%s c%d", a & 8 ? "stashes" : "plays", card_of(t, a));
}
static int toy_render(const void *s, int viewer, ch_lang lang, char *buf, size_t cap)
{
    (void)s, (void)lang;
    return snprintf(buf, cap, "toy board for %d\n", viewer);
}
static int sees_stash(const toy *t, int viewer, int p)
{
    return viewer == CH_ALL || viewer == p || over(t);
}
static json_t *cards_json(const uint8_t *c, int n)
{
    json_t *a = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(a, json_sprintf("c%d", c[i]));
    return a;
}
static json_t *toy_view(const void *s, int viewer)
{
    const toy *t = s;
    json_t *v = json_pack("{s:o,s:i}", "pile", cards_json(t->pile, t->npile), "turn", t->turn);
    json_t *hands = json_array(), *stashes = json_array();
    for (int p = 0; p < 2; p++) {
        json_array_append_new(hands, viewer == CH_ALL || viewer == p
                                         ? cards_json(t->hand[p], t->n[p])
                                         : json_integer(t->n[p]));
        json_array_append_new(stashes, sees_stash(t, viewer, p) ? cards_json(t->stash[p], t->ns[p])
                                                                : json_integer(t->ns[p]));
    }
    json_object_set_new(v, "hands", hands);
    json_object_set_new(v, "stashes", stashes);
    json_object_set_new(v, "last_hand",
                        over(t) ? json_pack("{s:i,s:{s:s,s:s},s:[oo],s:[ii]}", "hand", 1, "reason",
                                            "en", "every card is out", "ja", "全部のカードが出た",
                                            "hands", cards_json(t->stash[0], t->ns[0]),
                                            cards_json(t->stash[1], t->ns[1]), "scores",
                                            t->score[0], t->score[1])
                                : json_null());
    return v;
}
static void toy_census(const void *s, int viewer, ch_census *c)
{
    const toy *t = s;
    for (int i = 0; i < t->npile; i++)
        ch_census_put(c, 0, i, t->pile[i], 1);
    for (int p = 0; p < 2; p++) {
        for (int i = 0; i < t->n[p]; i++)
            ch_census_put(c, 1 + p, i, t->hand[p][i], viewer == CH_ALL || viewer == p);
        for (int i = 0; i < t->ns[p]; i++)
            ch_census_put(c, 3 + p, i, t->stash[p][i], sees_stash(t, viewer, p));
    }
}
/* Every card viewer does not see is shuffled among the unseen places. */
static void toy_resample(void *s, int viewer, ch_rng *rng)
{
    toy *t = s;
    uint8_t *slot[6], cards[6];
    int k = 0;
    for (int p = 0; p < 2; p++) {
        if (viewer == CH_ALL || viewer == p) continue;
        for (int i = 0; i < t->n[p]; i++)
            slot[k] = &t->hand[p][i], cards[k] = *slot[k], k++;
        if (!sees_stash(t, viewer, p))
            for (int i = 0; i < t->ns[p]; i++)
                slot[k] = &t->stash[p][i], cards[k] = *slot[k], k++;
    }
    ch_rng_shuffle_u8(rng, cards, (uint32_t)k);
    for (int i = 0; i < k; i++)
        *slot[i] = cards[i];
    ch_rng_seed(&t->rng, ch_rng_next64(rng), 1);
}
static json_t *toy_events(const void *before, ch_action a, int viewer, ch_lang lang)
{
    const toy *t = before;
    char name[64];
    toy_action_name(t, a, viewer, lang, name, sizeof name);
    json_t *ev =
        json_pack("{s:s,s:i,s:s,s:i,s:s,s:s}", "type", a & 8 ? "stash" : "play", "seat", t->turn,
                  "text", name, "count", 1, "from", "hand", "to", a & 8 ? "stash" : "pile");
    if (knows(t, a, viewer))
        json_object_set_new(ev, "cards", json_pack("[o]", json_sprintf("c%d", card_of(t, a))));
    json_t *list = json_pack("[o]", ev);
    toy after = *t;
    toy_apply(&after, a);
    if (over(&after)) {
        json_t *open = json_array();
        for (int p = 0; p < 2; p++)
            for (int i = 0; i < after.ns[p]; i++)
                json_array_append_new(open, json_sprintf("c%d", after.stash[p][i]));
        json_array_append_new(list,
                              json_pack("{s:s,s:n,s:s,s:o}", "type", "hand_end", "seat", "text",
                                        lang == CH_LANG_JA ? "ハンド終了: 伏せ札を公開"
                                                           : "the hand ends: stashes shown",
                                        "cards", open));
    }
    return list;
}
static int toy_hand_summary(const void *s, int viewer, ch_lang lang, char *buf, size_t cap)
{
    (void)viewer;
    const toy *t = s;
    if (!over(t)) {
        if (cap) buf[0] = '\0';
        return 0;
    }
    int n = snprintf(buf, cap, lang == CH_LANG_JA ? "伏せ札:" : "stashed:");
    for (int p = 0; p < 2; p++)
        for (int i = 0; i < t->ns[p]; i++)
            n += snprintf(buf + (n < (int)cap ? n : (int)cap), n < (int)cap ? cap - (size_t)n : 0,
                          " c%d", t->stash[p][i]);
    n += snprintf(buf + (n < (int)cap ? n : (int)cap), n < (int)cap ? cap - (size_t)n : 0, "\n");
    return n;
}
static int toy_explain(const void *s, const char *text, ch_lang lang, char *buf, size_t cap)
{
    const toy *t = s;
    const char *c = strchr(text, ' ');
    int face;
    if (!c || toy_card_parse(c + 1, &face) != CH_OK) return 0;
    for (int i = 0; i < t->n[t->turn]; i++)
        if (t->hand[t->turn][i] == face) return 0;
    return snprintf(buf, cap, lang == CH_LANG_JA ? "c%d は手札にありません" : "you do not hold c%d",
                    face);
}
static int toy_warning(const void *s, ch_action a, ch_lang lang, char *buf, size_t cap)
{
    int c = card_of(s, a);
    if ((a & 8) || c >= 3) return 0;
    return snprintf(buf, cap,
                    lang == CH_LANG_JA ? "得点なし: c%d < c3" : "scores nothing: c%d < c3", c);
}
static int toy_rules(const ch_opts *o, ch_lang lang, char *buf, size_t cap)
{
    return snprintf(buf, cap,
                    lang == CH_LANG_JA ? "おもちゃ: 出すか伏せる。c3 以上で 1 点。bonus=%s\n"
                                       : "Toy: play or stash a card; c3 and up score 1. bonus=%s\n",
                    o->text[1]);
}

static const ch_game toy_game = {
    "toy",
    {"Toy", "おもちゃ"},
    "a toy",
    2,
    2,
    toy_opts,
    2,
    sizeof(toy),
    6,
    6,
    toy_copies,
    toy_setup,
    toy_np,
    toy_to_move,
    toy_phase,
    toy_legal,
    toy_apply,
    toy_result,
    toy_action_text,
    toy_action_name,
    toy_card_text,
    toy_card_parse,
    toy_render,
    toy_view,
    toy_census,
    toy_resample,
    NULL, /* tally */
    toy_events,
    toy_hand_summary,
    toy_explain,
    toy_warning,
    toy_rules,
    NULL, /* choice_name: named through resamples */
    NULL,
    NULL,
    NULL,
    NULL, /* learning hooks */
    NULL,
    0,    /* old records */
    NULL, /* observe_kept */
    NULL, /* same_play */
    NULL, /* view_json_lean */
};

/* The same game before issue 16: every new hook NULL. */
static ch_game plain_game;

static int setup_plain(void **s)
{
    (void)s;
    plain_game = toy_game;
    plain_game.name = "plain";
    plain_game.events = NULL;
    plain_game.hand_summary = NULL;
    plain_game.explain_illegal = NULL;
    plain_game.warning = NULL;
    plain_game.rules_text = NULL;
    return 0;
}

/* A session holding a fresh toy match dealt from seed. */
static void open_toy(tb_session *s, const ch_game *g, uint64_t seed)
{
    ch_match m;
    ch_err err;
    tb_session_init(s, NULL);
    assert_int_equal(ch_match_init(&m, g, NULL, 0, seed, NULL, 0, &err), CH_OK);
    tb_session_adopt(s, &m);
}

static json_t *ask(tb_session *s, const char *fmt, ...)
{
    char line[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    int quit = 0;
    return tb_session_line(s, line, strlen(line), &quit);
}

static int ok(json_t *r)
{
    return json_is_true(json_object_get(r, "ok"));
}

/* The JSON text of r, for substring checks (freed at the next call). */
static const char *text_of(json_t *r)
{
    static char *last;
    free(last);
    last = json_dumps(r, JSON_COMPACT | JSON_SORT_KEYS);
    return last;
}

static const toy *toy_state(tb_session *s)
{
    return ch_match_state(&s->m);
}

/* The notation of the mover's stash of slot 0, and its card. */
static void stash_text(tb_session *s, char *text, size_t cap, char *card, size_t ccap)
{
    const toy *t = toy_state(s);
    snprintf(text, cap, "stash c%d", t->hand[t->turn][0]);
    snprintf(card, ccap, "c%d", t->hand[t->turn][0]);
}

/* ---- act ---- */
static void act_returns_events_as_the_viewer_knows_them(void **st)
{
    (void)st;
    tb_session s;
    open_toy(&s, &toy_game, 1);
    int mover = toy_state(&s)->turn;
    char text[32], card[8];
    stash_text(&s, text, sizeof text, card, sizeof card);
    json_t *r = ask(&s, "{\"cmd\":\"act\",\"action\":\"%s\"}", text); /* default: the mover */
    assert_true(ok(r));
    json_t *ev = json_array_get(json_object_get(r, "events"), 0);
    assert_string_equal(json_string_value(json_object_get(ev, "type")), "stash");
    assert_int_equal(json_integer_value(json_object_get(ev, "seat")), mover);
    assert_string_equal(json_string_value(json_array_get(json_object_get(ev, "cards"), 0)), card);
    json_decref(r);
    r = ask(&s, "{\"cmd\":\"undo\"}");
    json_decref(r);
    /* The other seat, in Japanese: a count, no card. */
    r = ask(&s, "{\"cmd\":\"act\",\"action\":\"%s\",\"player\":%d,\"lang\":\"ja\"}", text,
            1 - mover);
    assert_true(ok(r));
    ev = json_array_get(json_object_get(r, "events"), 0);
    assert_null(json_object_get(ev, "cards"));
    assert_int_equal(json_integer_value(json_object_get(ev, "count")), 1);
    assert_string_equal(json_string_value(json_object_get(ev, "text")), "1 枚伏せる");
    assert_null(strstr(text_of(r), card));
    json_decref(r);
    /* A bad viewer or language changes nothing. */
    int moves = s.m.n_actions;
    r = ask(&s, "{\"cmd\":\"act\",\"action\":\"play c0\",\"player\":5}");
    assert_false(ok(r));
    json_decref(r);
    r = ask(&s, "{\"cmd\":\"act\",\"action\":\"play c0\",\"lang\":\"xx\"}");
    assert_false(ok(r));
    json_decref(r);
    assert_int_equal(s.m.n_actions, moves);
    tb_session_free(&s);
}

/* bot with apply answers as act does: the same status and the same events,
 * as "player" (default the mover) knows them. */
static void bot_apply_has_the_events_of_act(void **st)
{
    (void)st;
    for (int as_other = 0; as_other < 2; as_other++) {
        tb_session a, b;
        open_toy(&a, &toy_game, 3);
        open_toy(&b, &toy_game, 3);
        for (int k = 0; k < 4; k++) {
            int mover = toy_state(&a)->turn;
            char who[32] = "";
            if (as_other) snprintf(who, sizeof who, ",\"player\":%d", 1 - mover);
            json_t *r = ask(&a,
                            "{\"cmd\":\"bot\",\"name\":\"random\",\"seed\":%d,"
                            "\"apply\":true%s}",
                            k, who);
            assert_true(ok(r));
            assert_int_equal(json_integer_value(json_object_get(r, "player")), mover);
            json_t *same = ask(&b, "{\"cmd\":\"act\",\"action\":\"%s\"%s}",
                               json_string_value(json_object_get(r, "action")), who);
            assert_true(ok(same));
            json_t *ev = json_object_get(r, "events");
            assert_true(json_array_size(ev) > 0);
            assert_true(json_equal(ev, json_object_get(same, "events")));
            assert_int_equal(json_integer_value(json_object_get(r, "moves")), k + 1);
            json_decref(r);
            json_decref(same);
        }
        tb_session_free(&a);
        tb_session_free(&b);
    }
    /* Without apply, nothing moves and no events are given. */
    tb_session s;
    open_toy(&s, &toy_game, 3);
    json_t *r = ask(&s, "{\"cmd\":\"bot\",\"name\":\"random\"}");
    assert_true(ok(r));
    assert_null(json_object_get(r, "events"));
    assert_int_equal(s.m.n_actions, 0);
    json_decref(r);
    tb_session_free(&s);
}

/* Issue 23, DB decision 10: a local engine (files allowed) reads the card
 * file an option names, for new and for replay, as play and sim do; only
 * regular files; an untrusted one refuses, saying how to send the content. */
static void local_engine_reads_a_named_card_file(void **st)
{
    (void)st;
    const char *path = "tests/data/babasuki/spaces_and_blank_lines.csv";
    tb_config local = {.allow_files = 1}, remote = {.allow_files = 0};
    tb_session s, u;
    tb_session_init(&s, &local);
    tb_session_init(&u, &remote);
    json_t *r = ask(&s,
                    "{\"cmd\":\"new\",\"game\":\"babasuki\",\"options\":{\"cards\":\"%s\"},"
                    "\"seed\":1}",
                    path);
    assert_true(ok(r));
    json_decref(r);
    /* The record carries the file's content and only its base name. */
    r = ask(&s, "{\"cmd\":\"record\"}");
    json_t *rec = json_object_get(r, "record");
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    char file[8192];
    size_t n = fread(file, 1, sizeof file - 1, f);
    fclose(f);
    file[n] = '\0';
    assert_string_equal(json_string_value(json_object_get(json_object_get(rec, "data"), "cards")),
                        file);
    assert_string_equal(
        json_string_value(json_object_get(json_object_get(rec, "options"), "cards")),
        "spaces_and_blank_lines.csv");
    json_decref(r);
    /* Only regular files; the error names the option and the path. */
    r = ask(&s, "{\"cmd\":\"new\",\"game\":\"babasuki\",\"options\":{\"cards\":\"tests/data\"}}");
    assert_false(ok(r));
    assert_non_null(strstr(text_of(r), "option cards: tests/data: is a directory"));
    json_decref(r);
    r = ask(&s, "{\"cmd\":\"new\",\"game\":\"babasuki\",\"options\":{\"cards\":\"/dev/zero\"}}");
    assert_false(ok(r));
    assert_non_null(strstr(text_of(r), "not a regular file"));
    json_decref(r);
    assert_int_equal(s.m.n_actions, 0); /* the failed requests changed nothing */
    /* Untrusted: refused, with what to do instead. */
    r = ask(&u, "{\"cmd\":\"new\",\"game\":\"babasuki\",\"options\":{\"cards\":\"%s\"}}", path);
    assert_false(ok(r));
    assert_non_null(strstr(text_of(r), "reads no files"));
    assert_non_null(strstr(text_of(r), "data.cards"));
    assert_false(u.have);
    json_decref(r);
    /* replay of a record naming the file without its content (as records
     * before issue 11 were): read here, refused there. */
    const char *old = "{\"cmd\":\"replay\",\"record\":{\"game\":\"babasuki\",\"seed\":1,"
                      "\"options\":{\"cards\":\"%s\"},\"actions\":[]}}";
    r = ask(&s, old, path);
    assert_true(ok(r));
    json_decref(r);
    r = ask(&u, old, path);
    assert_false(ok(r));
    assert_non_null(strstr(text_of(r), "reads no files"));
    json_decref(r);
    tb_session_free(&s);
    tb_session_free(&u);
}

/* Without an events hook the reply still has one event, from the move's name. */
static void act_events_fall_back_to_the_action_name(void **st)
{
    (void)st;
    tb_session s;
    open_toy(&s, &plain_game, 1);
    int mover = toy_state(&s)->turn;
    char text[32], card[8];
    stash_text(&s, text, sizeof text, card, sizeof card);
    json_t *r = ask(&s, "{\"cmd\":\"act\",\"action\":\"%s\",\"player\":%d}", text, 1 - mover);
    assert_true(ok(r));
    json_t *evs = json_object_get(r, "events");
    assert_int_equal(json_array_size(evs), 1);
    json_t *ev = json_array_get(evs, 0);
    assert_string_equal(json_string_value(json_object_get(ev, "type")), "action");
    assert_string_equal(json_string_value(json_object_get(ev, "text")), "stashes a card");
    assert_null(strstr(text_of(r), card));
    json_decref(r);
    tb_session_free(&s);
}

/* An illegal move: an error with the game's reason (en/ja), nothing changed;
 * without the hook, the plain error. */
static void illegal_act_explains_why(void **st)
{
    (void)st;
    tb_session s;
    open_toy(&s, &toy_game, 1);
    const toy *t = toy_state(&s);
    int foreign = t->hand[1 - t->turn][0];
    json_t *r = ask(&s, "{\"cmd\":\"act\",\"action\":\"play c%d\"}", foreign);
    assert_false(ok(r));
    char want[64];
    snprintf(want, sizeof want, "you do not hold c%d", foreign);
    assert_non_null(strstr(json_string_value(json_object_get(r, "error")), want));
    assert_string_equal(json_string_value(json_object_get(r, "reason")), want);
    assert_null(strstr(json_string_value(json_object_get(r, "error")), "TOY-")); /* no rule IDs */
    json_decref(r);
    r = ask(&s, "{\"cmd\":\"act\",\"action\":\"play c%d\",\"lang\":\"ja\"}", foreign);
    snprintf(want, sizeof want, "c%d は手札にありません", foreign);
    assert_string_equal(json_string_value(json_object_get(r, "reason")), want);
    json_decref(r);
    assert_int_equal(s.m.n_actions, 0);
    tb_session_free(&s);
    open_toy(&s, &plain_game, 1);
    r = ask(&s, "{\"cmd\":\"act\",\"action\":\"play c%d\"}", foreign);
    assert_false(ok(r));
    assert_null(json_object_get(r, "reason"));
    json_decref(r);
    tb_session_free(&s);
}

/* ---- history ---- */
/* Issue 16 leak (1): another seat's hidden move is never written as its
 * notation; the mover and "all" read it; each move carries its events and
 * the move that ends a hand its reveal. */
static void history_hides_the_notation_of_other_seats(void **st)
{
    (void)st;
    tb_session s;
    open_toy(&s, &plain_game, 2); /* hiding is the table's: no hook needed */
    int mover = toy_state(&s)->turn;
    char text[32], card[8];
    stash_text(&s, text, sizeof text, card, sizeof card);
    json_decref(ask(&s, "{\"cmd\":\"act\",\"action\":\"%s\"}", text));
    json_t *r = ask(&s, "{\"cmd\":\"history\",\"player\":%d}", 1 - mover);
    json_t *m0 = json_array_get(json_object_get(r, "moves"), 0);
    assert_non_null(m0);
    assert_int_equal(json_integer_value(json_object_get(m0, "seat")), mover);
    assert_null(json_object_get(m0, "action"));
    assert_string_equal(json_string_value(json_object_get(m0, "name")), "stashes a card");
    assert_true(json_is_array(json_object_get(m0, "events")));
    assert_null(strstr(text_of(r), card));
    json_decref(r);
    r = ask(&s, "{\"cmd\":\"history\",\"player\":%d}", mover);
    m0 = json_array_get(json_object_get(r, "moves"), 0);
    assert_string_equal(json_string_value(json_object_get(m0, "action")), text);
    json_decref(r);
    r = ask(&s, "{\"cmd\":\"history\",\"player\":\"all\"}");
    m0 = json_array_get(json_object_get(r, "moves"), 0);
    assert_string_equal(json_string_value(json_object_get(m0, "action")), text);
    json_decref(r);
    tb_session_free(&s);
}

static void play_out(tb_session *s)
{
    while (toy_to_move(toy_state(s)) != CH_TERMINAL) {
        char text[32], card[8];
        stash_text(s, text, sizeof text, card, sizeof card);
        json_t *r = ask(s, "{\"cmd\":\"act\",\"action\":\"%s\"}", text);
        assert_true(ok(r));
        json_decref(r);
    }
}

static void history_keeps_the_reveal_at_a_hand_end(void **st)
{
    (void)st;
    tb_session s;
    open_toy(&s, &toy_game, 3);
    play_out(&s);
    json_t *r = ask(&s, "{\"cmd\":\"history\",\"player\":0}");
    json_t *moves = json_object_get(r, "moves");
    assert_int_equal(json_array_size(moves), 6);
    for (size_t k = 0; k < 5; k++)
        assert_null(json_object_get(json_array_get(moves, k), "hand_end"));
    json_t *end = json_object_get(json_array_get(moves, 5), "hand_end");
    assert_int_equal(json_integer_value(json_object_get(end, "hand")), 1);
    assert_non_null(strstr(json_string_value(json_object_get(end, "summary")), "stashed:"));
    assert_int_equal(json_array_size(json_array_get(
                         json_object_get(json_object_get(end, "last_hand"), "hands"), 1)),
                     3);
    /* The last move's events lay open all six stashed cards, to seat 0 too. */
    json_t *evs = json_object_get(json_array_get(moves, 5), "events");
    json_t *open = json_object_get(json_array_get(evs, json_array_size(evs) - 1), "cards");
    assert_int_equal(json_array_size(open), 6);
    json_decref(r);
    tb_session_free(&s);
}

/* ---- legal ---- */
/* Issue 16 leak (2): legal for a seat that is not moving lists nothing of
 * the mover's hand; the mover's list carries warnings. */
static void legal_for_a_seat_not_moving_lists_no_choices(void **st)
{
    (void)st;
    tb_session s;
    open_toy(&s, &toy_game, 4);
    int mover = toy_state(&s)->turn;
    json_t *r = ask(&s, "{\"cmd\":\"legal\",\"player\":%d}", 1 - mover);
    assert_true(ok(r));
    assert_int_equal(json_array_size(json_object_get(r, "actions")), 0);
    assert_int_equal(json_integer_value(json_object_get(r, "to_move")), mover);
    json_decref(r);
    r = ask(&s, "{\"cmd\":\"legal\",\"player\":\"spectator\"}");
    assert_int_equal(json_array_size(json_object_get(r, "actions")), 0);
    json_decref(r);
    r = ask(&s, "{\"cmd\":\"legal\"}");
    assert_int_equal(json_array_size(json_object_get(r, "actions")), 6);
    json_decref(r);
    tb_session_free(&s);
}

static void legal_lists_warnings(void **st)
{
    (void)st;
    tb_session s;
    open_toy(&s, &toy_game, 5);
    json_t *r = ask(&s, "{\"cmd\":\"legal\",\"lang\":\"ja\"}");
    json_t *acts = json_object_get(r, "actions"), *a;
    size_t i;
    int warned = 0;
    const toy *t = toy_state(&s);
    json_array_foreach(acts, i, a)
    {
        int card = t->hand[t->turn][i / 2], play = i % 2 == 0;
        json_t *w = json_object_get(a, "warning");
        if (play && card < 3) {
            char want[64];
            snprintf(want, sizeof want, "得点なし: c%d < c3", card);
            assert_string_equal(json_string_value(w), want);
            warned++;
        } else {
            assert_null(w);
        }
    }
    json_decref(r);
    tb_session_free(&s);
    /* A game without the hook: no warnings at all. */
    open_toy(&s, &plain_game, 5);
    r = ask(&s, "{\"cmd\":\"legal\"}");
    assert_null(strstr(text_of(r), "warning"));
    json_decref(r);
    tb_session_free(&s);
    (void)warned;
}

/* A choice's name for a seat not moving never falls back to the notation,
 * which names the mover's hidden card ("stash c4"), nor to the card. */
static void choice_name_for_a_non_mover_names_no_hidden_card(void **st)
{
    (void)st;
    ch_match m;
    ch_err err;
    for (uint64_t seed = 1; seed < 20; seed++) {
        assert_int_equal(ch_match_init(&m, &toy_game, NULL, 0, seed, NULL, 0, &err), CH_OK);
        const toy *t = ch_match_state(&m);
        ch_action acts[6];
        int n = toy_legal(t, acts);
        for (int i = 0; i < n; i++) {
            char name[128], card[8];
            snprintf(card, sizeof card, "c%d", card_of(t, acts[i]));
            tb_choice_name(&toy_game, t, acts[i], 1 - t->turn, CH_LANG_EN, name, sizeof name);
            assert_null(strstr(name, card));
            tb_choice_name(&toy_game, t, acts[i], CH_SPECTATOR, CH_LANG_JA, name, sizeof name);
            assert_null(strstr(name, card));
            /* The mover knows its own card. */
            tb_choice_name(&toy_game, t, acts[i], t->turn, CH_LANG_EN, name, sizeof name);
            assert_non_null(strstr(name, card));
        }
        ch_match_free(&m);
    }
}

/* ---- the spectator ---- */
static void spectator_is_a_viewer_everywhere(void **st)
{
    (void)st;
    tb_session s;
    open_toy(&s, &toy_game, 6);
    char text[32], card[8];
    stash_text(&s, text, sizeof text, card, sizeof card);
    json_t *r = ask(&s, "{\"cmd\":\"act\",\"action\":\"%s\",\"player\":\"spectator\"}", text);
    assert_true(ok(r));
    assert_null(strstr(text_of(r), card));
    json_decref(r);
    r = ask(&s, "{\"cmd\":\"view\",\"player\":\"spectator\"}");
    assert_true(ok(r));
    assert_string_equal(json_string_value(json_object_get(r, "player")), "spectator");
    json_t *hands = json_object_get(json_object_get(r, "view"), "hands");
    assert_true(json_is_integer(json_array_get(hands, 0)) &&
                json_is_integer(json_array_get(hands, 1)));
    json_decref(r);
    r = ask(&s, "{\"cmd\":\"history\",\"player\":\"spectator\"}");
    assert_true(ok(r));
    assert_null(json_object_get(json_array_get(json_object_get(r, "moves"), 0), "action"));
    assert_null(strstr(text_of(r), card));
    json_decref(r);
    r = ask(&s, "{\"cmd\":\"render\",\"player\":\"spectator\"}");
    assert_string_equal(json_string_value(json_object_get(r, "text")), "toy board for -2\n");
    json_decref(r);
    tb_session_free(&s);
    /* A game that has not taken up the spectator refuses it rather than
     * reading -2 as a seat. */
    open_toy(&s, &plain_game, 6);
    r = ask(&s, "{\"cmd\":\"view\",\"player\":\"spectator\"}");
    assert_false(ok(r));
    assert_non_null(strstr(json_string_value(json_object_get(r, "error")), "spectator"));
    json_decref(r);
    tb_session_free(&s);
}

/* ---- records ---- */
static void record_for_a_seat_is_what_it_may_keep(void **st)
{
    (void)st;
    tb_session s;
    open_toy(&s, &toy_game, 7);
    int first = toy_state(&s)->turn;
    char text[32], card[8];
    stash_text(&s, text, sizeof text, card, sizeof card);
    play_out(&s);
    json_t *r = ask(&s, "{\"cmd\":\"record\",\"player\":%d}", 1 - first);
    assert_true(ok(r));
    json_t *rec = json_object_get(r, "record");
    assert_string_equal(json_string_value(json_object_get(rec, "format")),
                        "cardhall-seat-record/1");
    assert_null(json_object_get(rec, "actions")); /* not replayable */
    assert_null(json_object_get(rec, "seed"));
    json_t *moves = json_object_get(rec, "moves");
    assert_int_equal(json_array_size(moves), 6);
    /* The first move was the other seat's stash: no notation; the card only
     * in the reveal at the hand end. */
    assert_null(json_object_get(json_array_get(moves, 0), "action"));
    assert_string_equal(json_string_value(json_object_get(json_array_get(moves, 0), "name")),
                        "stashes a card");
    json_t *hands = json_object_get(rec, "hands");
    assert_int_equal(json_array_size(hands), 1);
    assert_non_null(json_object_get(json_array_get(hands, 0), "view"));
    assert_non_null(json_object_get(json_array_get(hands, 0), "summary"));
    assert_true(json_is_true(json_object_get(json_object_get(rec, "result"), "terminal")));
    json_decref(r);
    r = ask(&s, "{\"cmd\":\"record\"}");
    rec = json_object_get(r, "record");
    assert_string_equal(json_string_value(json_object_get(rec, "format")), "cardhall-record/2");
    assert_int_equal(json_array_size(json_object_get(rec, "actions")), 6);
    json_decref(r);
    r = ask(&s, "{\"cmd\":\"record\",\"player\":9}");
    assert_false(ok(r));
    json_decref(r);
    tb_session_free(&s);
}

/* ---- texts ---- */
static void rules_text_has_the_options_in_force(void **st)
{
    (void)st;
    ch_opts o;
    ch_err err;
    const char *kv[] = {"bonus=true"};
    assert_int_equal(ch_opts_parse(&o, toy_opts, 2, kv, 1, &err), CH_OK);
    char *t = tb_rules_text(&toy_game, &o, CH_LANG_JA);
    assert_non_null(strstr(t, "おもちゃ"));
    assert_non_null(strstr(t, "bonus=true"));
    free(t);
    t = tb_rules_text(&plain_game, &o, CH_LANG_EN); /* fallback: title, summary, options */
    assert_non_null(strstr(t, "Toy: a toy"));
    assert_non_null(strstr(t, "bonus=true"));
    free(t);
    char buf[64];
    assert_int_equal(tb_warning(&plain_game, NULL, 0, CH_LANG_EN, buf, sizeof buf), 0);
    assert_string_equal(buf, "");
}

/* ---- the harness's new checks run over a toy that has the hooks ---- */
static void harness_checks_events_and_spectator_on_the_toy(void **st)
{
    (void)st;
    ch_harness_cfg cfg = {.game = &toy_game, .games = 40, .seed = 1};
    setenv("CH_HARNESS_REQUIRE_SEES", "1", 1);
    assert_true(ch_harness_run(&cfg) > 0);
    unsetenv("CH_HARNESS_REQUIRE_SEES");
    ch_harness_cfg plain = {.game = &plain_game, .games = 10, .seed = 1};
    assert_true(ch_harness_run(&plain) > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(act_returns_events_as_the_viewer_knows_them),
        cmocka_unit_test(act_events_fall_back_to_the_action_name),
        cmocka_unit_test(bot_apply_has_the_events_of_act),
        cmocka_unit_test(local_engine_reads_a_named_card_file),
        cmocka_unit_test(illegal_act_explains_why),
        cmocka_unit_test(history_hides_the_notation_of_other_seats),
        cmocka_unit_test(history_keeps_the_reveal_at_a_hand_end),
        cmocka_unit_test(legal_for_a_seat_not_moving_lists_no_choices),
        cmocka_unit_test(legal_lists_warnings),
        cmocka_unit_test(choice_name_for_a_non_mover_names_no_hidden_card),
        cmocka_unit_test(spectator_is_a_viewer_everywhere),
        cmocka_unit_test(record_for_a_seat_is_what_it_may_keep),
        cmocka_unit_test(rules_text_has_the_options_in_force),
        cmocka_unit_test(harness_checks_events_and_spectator_on_the_toy),
    };
    return cmocka_run_group_tests(tests, setup_plain, NULL);
}
