/* The core on its own: RNG, options, generic game operations, matches and
 * records, exercised through a tiny toy game defined here so the core is
 * tested apart from any real game. */
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cardhall/bot.h"
#include "cardhall/csv.h"
#include "cardhall/match.h"
#include "cardhall/registry.h"
#include "cardhall/text.h"
#include "cardhall/utf8.h"
#include "harness.h"

/* ---- The toy game: 6 cards dealt 3 each; players alternately play a card
 * to a face-up pile; whoever plays the higher card of a pair scores. ---- */
typedef struct toy {
    uint8_t hand[2][3];
    uint8_t n[2];
    uint8_t pile[6];
    uint8_t npile;
    int8_t turn;
    int16_t score[2];
    ch_rng rng;
} toy;

static const ch_optdesc toy_opts[] = {
    {"players", CH_OPT_INT, "2", 2, 2, NULL, NULL, "number of players"},
    {"bonus", CH_OPT_BOOL, "false", 0, 0, NULL, NULL, "a bonus point for the last card"},
    {"mode", CH_OPT_ENUM, "plain", 0, 0, (const char *const[]){"plain", "fancy", NULL}, NULL,
     "a mode"},
    {"first", CH_OPT_INT, "random", 0, 1, NULL, "random", "first player"},
};
static const uint8_t toy_copies[6] = {1, 1, 1, 1, 1, 1};

static int toy_setup(void *s, const ch_opts *o, uint64_t seed, const int *order, int n, ch_err *err)
{
    toy *t = s;
    memset(t, 0, sizeof *t);
    ch_rng_seed(&t->rng, seed, 1);
    uint8_t d[6] = {0, 1, 2, 3, 4, 5};
    if (order) {
        if (n != 6) return ch_errf(err, CH_EINVAL, "card order: %d cards, expected 6", n);
        int seen = 0;
        for (int i = 0; i < 6; i++) {
            if (seen & (1 << order[i])) return ch_errf(err, CH_EINVAL, "card order: duplicate");
            seen |= 1 << order[i];
            d[i] = (uint8_t)order[i];
        }
    } else {
        ch_rng_shuffle_u8(&t->rng, d, 6);
    }
    for (int i = 0; i < 6; i++)
        t->hand[i % 2][i / 2] = d[i];
    t->n[0] = t->n[1] = 3;
    t->turn = (int8_t)(o->val[3] >= 0 ? o->val[3] : (int)ch_rng_below(&t->rng, 2));
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
    return t->npile == 6 ? CH_TERMINAL : t->turn;
}
static const char *toy_phase(const void *s)
{
    return toy_to_move(s) == CH_TERMINAL ? "over" : "play";
}
static int toy_legal(const void *s, ch_action *out)
{
    const toy *t = s;
    for (int i = 0; i < t->n[t->turn]; i++)
        out[i] = t->hand[t->turn][i];
    return t->n[t->turn];
}
static void toy_apply(void *s, ch_action a)
{
    toy *t = s;
    int p = t->turn, k = 0;
    while (t->hand[p][k] != a)
        k++;
    t->hand[p][k] = t->hand[p][--t->n[p]];
    t->hand[p][t->n[p]] = 0;
    t->pile[t->npile++] = (uint8_t)a;
    if (t->npile % 2 == 0) t->score[t->pile[t->npile - 1] > t->pile[t->npile - 2] ? p : 1 - p]++;
    t->turn = (int8_t)(1 - p);
}
static void toy_result(const void *s, ch_result *r)
{
    const toy *t = s;
    memset(r, 0, sizeof *r);
    r->n_players = 2;
    r->terminal = t->npile == 6;
    for (int p = 0; p < 2; p++)
        r->score[p] = t->score[p];
    for (int p = 0; p < 2; p++)
        r->rank[p] = 1 + (t->score[1 - p] > t->score[p]);
    for (int p = 0; p < 2; p++)
        if (r->terminal && r->rank[p] == 1) r->winners |= 1u << p;
    r->hands = r->terminal;
    for (int p = 0; p < 2; p++)
        r->hand_score[p] = t->score[p];
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
    (void)s;
    return snprintf(buf, cap, "play c%d", (int)a);
}
static int toy_action_name(const void *s, ch_action a, int viewer, ch_lang lang, char *buf,
                           size_t cap)
{
    (void)s, (void)viewer;
    return snprintf(buf, cap, lang == CH_LANG_JA ? "c%d を出す" : "plays c%d", (int)a);
}
static int toy_render(const void *s, int viewer, ch_lang lang, char *buf, size_t cap)
{
    (void)s, (void)viewer, (void)lang;
    return snprintf(buf, cap, "toy\n");
}
static json_t *toy_view(const void *s, int viewer)
{
    const toy *t = s;
    json_t *v = json_object(), *pile = json_array();
    for (int i = 0; i < t->npile; i++)
        json_array_append_new(pile, json_integer(t->pile[i]));
    json_object_set_new(v, "pile", pile);
    for (int p = 0; p < 2; p++) {
        json_t *h = json_array();
        if (viewer == CH_ALL || viewer == p)
            for (int i = 0; i < t->n[p]; i++)
                json_array_append_new(h, json_integer(t->hand[p][i]));
        json_object_set_new(v, p ? "hand1" : "hand0", h);
    }
    return v;
}
static void toy_census(const void *s, int viewer, ch_census *c)
{
    const toy *t = s;
    for (int i = 0; i < t->npile; i++)
        ch_census_put(c, 0, i, t->pile[i], 1);
    for (int p = 0; p < 2; p++)
        for (int i = 0; i < t->n[p]; i++)
            ch_census_put(c, 1 + p, i, t->hand[p][i], viewer == CH_ALL || viewer == p);
}
static void toy_resample(void *s, int viewer, ch_rng *rng)
{
    toy *t = s;
    int o = 1 - viewer;
    ch_rng_shuffle_u8(rng, t->hand[o], t->n[o]);
    ch_rng_seed(&t->rng, ch_rng_next64(rng), 1);
}

static const ch_game toy_game = {
    "toy",
    {"Toy", "おもちゃ"},
    "a toy",
    2,
    2,
    toy_opts,
    4,
    sizeof(toy),
    3,
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
    NULL, /* events */
    NULL, /* hand_summary */
    NULL, /* explain_illegal */
    NULL, /* warning */
    NULL, /* rules_text */
    NULL, /* choice_name */
    NULL,
    NULL,
    NULL,
    NULL, /* learning hooks */
    NULL,
    0, /* old records */
    NULL, /* observe_kept */
    NULL, /* same_play */
    NULL, /* view_json_lean */
};

/* ---- Text building ---- */
static void text_counts_all_and_never_overflows(void **s)
{
    (void)s;
    char buf[8];
    memset(buf, 'x', sizeof buf);
    ch_text t;
    ch_text_init(&t, buf, 6);
    ch_text_add(&t, "ab%d", 12);
    assert_string_equal(buf, "ab12");
    ch_text_add(&t, "%s", "cdef"); /* only "c" fits before the NUL */
    ch_text_add(&t, "gh");         /* no room: only counted */
    assert_string_equal(buf, "ab12c");
    assert_int_equal(ch_text_len(&t), 10); /* what the whole text needs */
    assert_int_equal(buf[6], 'x');         /* nothing written past cap */
    ch_text_init(&t, NULL, 0);             /* counting only */
    ch_text_add(&t, "%d", 12345);
    assert_int_equal(ch_text_len(&t), 5);
}

/* A board's card lists wrap where a terminal line would end, counting a
 * Japanese character as two columns; a comma stays at the line's end. */
static void text_items_wrap_by_columns(void **s)
{
    (void)s;
    assert_int_equal(ch_text_width("Blue 9"), 6);
    assert_int_equal(ch_text_width("♠10"), 3); /* a suit sign is narrow */
    assert_int_equal(ch_text_width("青の9(スクラムハーフ)"), 21);
    assert_int_equal(ch_text_width("（あなた）"), 10);
    char buf[128];
    ch_text t;
    ch_text_init(&t, buf, sizeof buf);
    ch_text_add(&t, "hand:");
    int col = 5;
    const char *items[] = {"Red 1", "Blue 9", "Black 14", "Reserve"};
    for (int i = 0; i < 4; i++)
        ch_text_item(&t, &col, i ? ", " : " ", items[i], "  ", 20);
    assert_string_equal(buf, "hand: Red 1, Blue 9,\n  Black 14, Reserve");
    assert_int_equal(col, 19);
    ch_text_init(&t, buf, sizeof buf);
    col = 0;
    const char *ja[] = {"青の9", "赤の1", "黒の3"};
    for (int i = 0; i < 3; i++)
        ch_text_item(&t, &col, i ? "、" : "", ja[i], "", 12);
    assert_string_equal(buf, "青の9、赤の1、\n黒の3");
    /* An item longer than the line is not put on a line of its own twice. */
    ch_text_init(&t, buf, sizeof buf);
    col = 2;
    ch_text_item(&t, &col, "", "a long item", "  ", 4);
    assert_string_equal(buf, "a long item");
}

/* ch_text_add as it was, vsnprintf alone: its fast path (issue 29) must
 * write and count exactly this, whatever the room left. */
static void __attribute__((format(printf, 2, 3))) vsnprintf_add(ch_text *t, const char *fmt, ...)
{
    size_t room = t->len < t->cap ? t->cap - t->len : 0;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(room ? t->buf + t->len : NULL, room, fmt, ap);
    va_end(ap);
    if (n > 0) t->len += (size_t)n;
}

/* One call of both, after "ab", at every capacity from none to plenty. */
#define SAME_AS_VSNPRINTF(...)                                                                     \
    for (size_t cap = 0; cap < 40; cap++) {                                                        \
        char want[48], got[48];                                                                    \
        memset(want, 'x', sizeof want);                                                            \
        memset(got, 'x', sizeof got);                                                              \
        ch_text a, b;                                                                              \
        ch_text_init(&a, cap ? want : NULL, cap);                                                  \
        ch_text_init(&b, cap ? got : NULL, cap);                                                   \
        vsnprintf_add(&a, "ab");                                                                   \
        ch_text_add(&b, "ab");                                                                     \
        vsnprintf_add(&a, __VA_ARGS__);                                                            \
        ch_text_add(&b, __VA_ARGS__);                                                              \
        assert_int_equal(ch_text_len(&a), ch_text_len(&b));                                       \
        assert_memory_equal(want, got, sizeof want);                                               \
    }

static void text_add_writes_what_vsnprintf_writes(void **s)
{
    (void)s;
    const char *volatile none = NULL;
    SAME_AS_VSNPRINTF("plain text, no conversion");
    SAME_AS_VSNPRINTF("%4d|%-6d|%d|%i", -7, 42, INT_MIN, 0);
    SAME_AS_VSNPRINTF("%d %d", INT_MAX, -1);
    SAME_AS_VSNPRINTF("%s|%-8s|%3s|%s", "日本", "ab", "abcdef", "");
    SAME_AS_VSNPRINTF("%c%c%c 100%%", 'a', 'b', 0);
    SAME_AS_VSNPRINTF("{P%d} draws %s%%", 3, "the 7");
    SAME_AS_VSNPRINTF("%20s|%-20d|%3d|%-3d|%5s", "wide", 5, 42, 42, "four");
    /* What the fast path leaves to vsnprintf. */
    SAME_AS_VSNPRINTF("%02d %.2s %u %x %5.1f", 5, "abc", 7u, 255u, 2.25);
    SAME_AS_VSNPRINTF("%s|%d", none, 1);
}

/* ---- Card-data CSV ---- */
static void csv_skips_comments_and_points_at_columns(void **s)
{
    (void)s;
    const char *text = "# a comment\n\n  a, b ,c\r\n  # indented comment\nx,-12,+3,99999999999";
    ch_csv in;
    const char *line;
    int len;
    ch_csv_init(&in, text);
    assert_true(ch_csv_next(&in, &line, &len));
    assert_int_equal(in.line, 3);
    ch_csv_field f[2];
    assert_int_equal(ch_csv_split(line, len, f, 2), 3); /* counts all, stores two */
    assert_true(ch_csv_is(&f[0], "a") && f[0].col == 3);
    assert_true(ch_csv_is(&f[1], "b") && f[1].col == 6);
    ch_csv_field h = ch_csv_trim(line, len); /* the CR is gone */
    assert_true(ch_csv_is(&h, "a, b ,c") && h.col == 3);
    assert_true(ch_csv_next(&in, &line, &len));
    assert_int_equal(in.line, 5);
    ch_csv_field g[4];
    assert_int_equal(ch_csv_split(line, len, g, 4), 4);
    int v = 0;
    assert_true(ch_csv_int(&g[1], -20, 0, &v) && v == -12);
    assert_false(ch_csv_int(&g[1], 0, 20, &v)); /* out of range */
    assert_false(ch_csv_int(&g[2], 0, 9, &v));  /* a sign '+' is not a number here */
    assert_false(ch_csv_int(&g[3], 0, 1 << 30, &v));
    assert_false(ch_csv_int(&g[0], 0, 9, &v));
    assert_false(ch_csv_next(&in, &line, &len));
}

/* ---- RNG ---- */
static void rng_matches_pcg32_reference(void **s)
{
    (void)s;
    /* pcg32-demo's first outputs for seed 42, stream 54. */
    ch_rng r;
    ch_rng_seed(&r, 42u, 54u);
    assert_int_equal(ch_rng_next(&r), 0xa15c02b7u);
    assert_int_equal(ch_rng_next(&r), 0x7b47f409u);
    assert_int_equal(ch_rng_next(&r), 0xba1d3330u);
}

static void rng_below_is_in_range_and_uniform(void **s)
{
    (void)s;
    ch_rng r;
    ch_rng_seed(&r, 7, 0);
    int count[7] = {0};
    for (int i = 0; i < 70000; i++) {
        uint32_t v = ch_rng_below(&r, 7);
        assert_true(v < 7);
        count[v]++;
    }
    for (int i = 0; i < 7; i++)
        assert_in_range(count[i], 9500, 10500);
}

static void rng_shuffle_is_a_permutation_and_seeded(void **s)
{
    (void)s;
    ch_rng a, b;
    ch_rng_seed(&a, 99, 3);
    ch_rng_seed(&b, 99, 3);
    uint8_t x[60], y[60];
    for (int i = 0; i < 60; i++)
        x[i] = y[i] = (uint8_t)i;
    ch_rng_shuffle_u8(&a, x, 60);
    ch_rng_shuffle_u8(&b, y, 60);
    assert_memory_equal(x, y, 60);
    int seen[60] = {0}, moved = 0;
    for (int i = 0; i < 60; i++) {
        seen[x[i]]++;
        moved += x[i] != i;
    }
    for (int i = 0; i < 60; i++)
        assert_int_equal(seen[i], 1);
    assert_true(moved > 40);
}

/* ---- Options ---- */
static void options_defaults_and_values(void **s)
{
    (void)s;
    ch_opts o;
    ch_err err;
    const char *kv[] = {"bonus=true", "mode=fancy", "first=1"};
    assert_int_equal(ch_opts_parse(&o, toy_opts, 4, kv, 3, &err), CH_OK);
    assert_int_equal(o.val[1], 1);
    assert_int_equal(o.val[2], 1);
    assert_int_equal(o.val[3], 1);
    assert_string_equal(o.text[2], "fancy");
    assert_int_equal(ch_opts_parse(&o, toy_opts, 4, NULL, 0, &err), CH_OK);
    assert_int_equal(o.val[3], -1);
    assert_string_equal(o.text[3], "random");
}

static void options_errors_name_the_key(void **s)
{
    (void)s;
    ch_opts o;
    ch_err err;
    ch_opts_defaults(&o, toy_opts, 4);
    ch_opts before = o;
    assert_int_equal(ch_opts_set(&o, toy_opts, 4, "colour=red", &err), CH_EINVAL);
    assert_non_null(strstr(err.msg, "colour"));
    assert_int_equal(ch_opts_set(&o, toy_opts, 4, "players=5", &err), CH_EINVAL);
    assert_non_null(strstr(err.msg, "players"));
    assert_non_null(strstr(err.msg, "2..2"));
    assert_int_equal(ch_opts_set(&o, toy_opts, 4, "bonus=maybe", &err), CH_EINVAL);
    assert_int_equal(ch_opts_set(&o, toy_opts, 4, "mode=odd", &err), CH_EINVAL);
    assert_non_null(strstr(err.msg, "plain|fancy"));
    assert_int_equal(ch_opts_set(&o, toy_opts, 4, "first=", &err), CH_EINVAL);
    assert_int_equal(ch_opts_set(&o, toy_opts, 4, "novalue", &err), CH_EINVAL);
    assert_memory_equal(&o, &before, sizeof o);
}

/* Issue 29: a state is cloned for every search rollout and resample, so
 * every game's state stays within 512 bytes, with no exception (Rumino
 * and Draft Babasuki were 720 and 848 bytes before their piles were
 * packed). */
static void every_game_state_is_at_most_512_bytes(void **s)
{
    (void)s;
    int n = 0;
    for (const ch_game *const *g = ch_games(); *g; g++, n++)
        if ((*g)->state_size > 512)
            fail_msg("%s: state of %zu bytes, at most 512", (*g)->name, (*g)->state_size);
    assert_true(n >= 5);
}

static void every_game_has_valid_defaults(void **s)
{
    (void)s;
    for (const ch_game *const *g = ch_games(); *g; g++) {
        ch_opts o;
        ch_err err;
        assert_string_equal((*g)->opts[0].key, "players");
        for (int i = 0; i < (*g)->n_opts; i++) {
            char kv[256];
            snprintf(kv, sizeof kv, "%s=%s", (*g)->opts[i].key, (*g)->opts[i].def);
            ch_opts_defaults(&o, (*g)->opts, (*g)->n_opts);
            if (ch_opts_set(&o, (*g)->opts, (*g)->n_opts, kv, &err) != CH_OK)
                fail_msg("%s: default %s", (*g)->name, err.msg);
        }
        assert_ptr_equal(ch_game_find((*g)->name), *g);
    }
    assert_null(ch_game_find("no-such-game"));
}

/* ---- Generic operations, matches, records ---- */
static void order_and_actions_parse(void **s)
{
    (void)s;
    int faces[8], n;
    ch_err err;
    assert_int_equal(ch_parse_order(&toy_game, "c5, c4 c3,c2 c1 c0", faces, 8, &n, &err), CH_OK);
    assert_int_equal(n, 6);
    assert_int_equal(faces[0], 5);
    assert_int_equal(ch_parse_order(&toy_game, "c5 c9", faces, 8, &n, &err), CH_EINVAL);
    assert_non_null(strstr(err.msg, "c9"));
    /* Issue 11: an order given with no card in it is refused, not ignored. */
    assert_int_equal(ch_parse_order(&toy_game, " , ", faces, 8, &n, &err), CH_EINVAL);
    assert_non_null(strstr(err.msg, "no cards"));
    assert_int_equal(ch_parse_order(&toy_game, "", faces, 8, &n, &err), CH_EINVAL);

    ch_match m;
    const char *kv[] = {"first=0"};
    assert_int_equal(ch_match_init(&m, &toy_game, kv, 1, 1, faces, 6, &err), CH_OK);
    /* Seat 0 holds c5, c3, c1. */
    ch_action a;
    assert_int_equal(ch_parse_action(&toy_game, ch_match_state(&m), "  PLAY c3 ", &a, &err), CH_OK);
    assert_int_equal(a, 3);
    assert_int_equal(ch_parse_action(&toy_game, ch_match_state(&m), "play c4", &a, &err),
                     CH_EILLEGAL);
    toy before = *(const toy *)ch_match_state(&m);
    assert_int_equal(ch_match_apply(&m, 4, &err), CH_EILLEGAL);
    assert_memory_equal(ch_match_state(&m), &before, sizeof before);
    ch_match_free(&m);

    faces[1] = 5;
    assert_int_equal(ch_match_init(&m, &toy_game, kv, 1, 1, faces, 6, &err), CH_EINVAL);
    assert_non_null(strstr(err.msg, "duplicate"));
}

static void match_undo_and_record_replay(void **s)
{
    (void)s;
    ch_match m, r;
    ch_err err;
    assert_int_equal(ch_match_init(&m, &toy_game, NULL, 0, 12345, NULL, 0, &err), CH_OK);
    assert_int_equal(ch_match_undo(&m, &err), CH_ESTATE);
    ch_bot bot;
    assert_int_equal(ch_bot_init(&bot, &toy_game, "random", 5, &err), CH_OK);
    while (toy_to_move(ch_match_state(&m)) != CH_TERMINAL) {
        toy before = *(const toy *)ch_match_state(&m);
        ch_action a = ch_bot_act(&bot, ch_match_state(&m), toy_to_move(&before));
        assert_int_equal(ch_match_apply(&m, a, &err), CH_OK);
        assert_int_equal(ch_match_undo(&m, &err), CH_OK);
        assert_memory_equal(ch_match_state(&m), &before, sizeof before);
        assert_int_equal(ch_match_apply(&m, a, &err), CH_OK);
    }
    assert_int_equal(ch_match_apply(&m, 0, &err), CH_ESTATE);
    json_t *rec = ch_match_record(&m);
    assert_string_equal(ch_record_game(rec), "toy");
    assert_int_equal(json_array_size(json_object_get(rec, "actions")), 6);
    assert_int_equal(json_array_size(json_object_get(rec, "hands")), 1);
    assert_int_equal(ch_match_from_record(&r, &toy_game, rec, &err), CH_OK);
    assert_memory_equal(ch_match_state(&r), ch_match_state(&m), sizeof(toy));
    ch_match_free(&r);

    /* A move that does not replay is named. */
    json_array_set_new(json_object_get(rec, "actions"), 2, json_string("play c9"));
    assert_int_equal(ch_match_from_record(&r, &toy_game, rec, &err), CH_EILLEGAL);
    assert_non_null(strstr(err.msg, "move 3 'play c9'"));
    json_object_set_new(rec, "game", json_string("racko"));
    assert_int_equal(ch_match_from_record(&r, &toy_game, rec, &err), CH_EFORMAT);
    json_decref(rec);
    ch_match_free(&m);
}

static void record_rejects_bad_options_and_seed(void **s)
{
    (void)s;
    ch_match r;
    ch_err err;
    json_t *rec = json_pack("{s:s,s:{s:s},s:i,s:[]}", "game", "toy", "options", "mode", "weird",
                            "seed", 1, "actions");
    assert_int_equal(ch_match_from_record(&r, &toy_game, rec, &err), CH_EINVAL);
    assert_non_null(strstr(err.msg, "mode"));
    json_object_set_new(rec, "options", json_object());
    json_object_set_new(rec, "seed", json_string("x1"));
    assert_int_equal(ch_match_from_record(&r, &toy_game, rec, &err), CH_EFORMAT);
    json_object_set_new(rec, "seed", json_string("18446744073709551615"));
    assert_int_equal(ch_match_from_record(&r, &toy_game, rec, &err), CH_OK);
    assert_int_equal(r.seed, UINT64_MAX);
    ch_match_free(&r);
    /* Issue 11: seeds in records use the strict parser, as the CLI does. */
    const char *bad[] = {"-1", "99999999999999999999", " +7", "+7", "7 ", ""};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        json_object_set_new(rec, "seed", json_string(bad[i]));
        assert_int_equal(ch_match_from_record(&r, &toy_game, rec, &err), CH_EFORMAT);
    }
    json_decref(rec);
}

/* Issue 11: options as JSON numbers: an integral real is that integer, any
 * other real is refused as "not an integer". */
static void options_json_accept_integral_reals(void **s)
{
    (void)s;
    ch_opts o;
    ch_err err;
    json_t *j = json_pack("{s:f}", "players", 2.0);
    assert_int_equal(ch_opts_from_json(&toy_game, j, &o, &err), CH_OK);
    assert_int_equal(o.val[0], 2);
    json_object_set_new(j, "players", json_real(2.5));
    assert_int_not_equal(ch_opts_from_json(&toy_game, j, &o, &err), CH_OK);
    assert_non_null(strstr(err.msg, "an integer"));
    json_object_set_new(j, "players", json_real(1e300));
    assert_int_not_equal(ch_opts_from_json(&toy_game, j, &o, &err), CH_OK);
    json_decref(j);
}

/* Issue 23: text a client sends to be shown to others (names, chat) has no
 * control characters and nothing that reorders the text around it. */
static void shown_text_has_no_controls_or_bidi_formatting(void **s)
{
    (void)s;
    static const char *const ok[] = {"Ann",         "花子",         "José",
                                     "a b",         "\xC2\xA0nbsp", "\xF0\x9F\x83\x8F",
                                     "\xE2\x80\x8D" /* ZWJ: emoji sequences */};
    for (size_t i = 0; i < sizeof ok / sizeof *ok; i++)
        if (!ch_utf8_text_ok(ok[i], strlen(ok[i]))) fail_msg("refused '%s'", ok[i]);
    static const char *const bad[] = {
        "a\tb",
        "a\x7f",
        "\xC2\x80",
        "x\xC2\x85",
        "\xC2\x9F", /* C0, DEL, C1 */
        "\xE2\x80\xAA",
        "\xE2\x80\xAE",
        ("ab\xE2\x80\xAE"
         "cd"), /* LRE, RLO */
        "\xE2\x81\xA6",
        "\xE2\x81\xA9",
        "\xE2\x80\x8F",
        "\xD8\x9C", /* isolates, RLM, ALM */
        "\xE2\x80\xA8",
        "\xFF",
        "\xC0\x80",
        "\xED\xA0\x80", /* LS, not UTF-8 */
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        if (ch_utf8_text_ok(bad[i], strlen(bad[i]))) fail_msg("accepted bad text %zu", i);
    assert_false(ch_utf8_text_ok("a\0b", 3)); /* a NUL inside is a control character too */
}

/* Issue 11: messages stay valid UTF-8 and quote client text safely. */
static void errors_keep_utf8_whole(void **s)
{
    (void)s;
    ch_err err;
    char big[3 * 600 + 1] = "";
    for (int i = 0; i < 600; i++)
        strcat(big, "\xE3\x81\x82"); /* あ */
    /* A prefix of one byte shifts the cut into the middle of a character. */
    ch_errf(&err, CH_EINVAL, "x%s", big);
    size_t n = strlen(err.msg);
    assert_true(n < sizeof err.msg && n > 900);
    assert_int_equal((n - 1) % 3, 0); /* whole characters only */
    char q[CH_QUOTE_MAX];
    assert_string_equal(ch_quote("移動 7", q, sizeof q), "移動 7");
    assert_string_equal(ch_quote("a\xFF"
                                 "b\x01",
                                 q, sizeof q),
                        "a\xEF\xBF\xBD"
                        "b\\x01");
    assert_string_equal(ch_quote("\xE3\x81", q, sizeof q), "\xEF\xBF\xBD\xEF\xBF\xBD");
    ch_quote(big, q, sizeof q);
    n = strlen(q);
    assert_true(n < sizeof q);
    assert_string_equal(q + n - 3, "...");
    assert_int_equal((n - 3) % 3, 0);
    /* The move a player typed comes back whole in the message. */
    ch_match m;
    const char *kv[] = {"first=0"};
    assert_int_equal(ch_match_init(&m, &toy_game, kv, 1, 1, NULL, 0, &err), CH_OK);
    ch_action a;
    assert_int_equal(ch_parse_action(&toy_game, ch_match_state(&m), "カードを出す", &a, &err),
                     CH_EILLEGAL);
    assert_non_null(strstr(err.msg, "'カードを出す' is not a legal move"));
    ch_match_free(&m);
}

static void census_check_finds_missing_and_doubled_cards(void **s)
{
    (void)s;
    ch_census c = {0};
    ch_err err;
    for (int f = 0; f < 6; f++)
        ch_census_put(&c, 0, f, f, 1);
    assert_int_equal(ch_census_check(&toy_game, &c, &err), CH_OK);
    c.e[5].face = 4;
    assert_int_equal(ch_census_check(&toy_game, &c, &err), CH_EINVAL);
    c.e[5].face = 5;
    c.e[5].pos = 4;
    assert_int_equal(ch_census_check(&toy_game, &c, &err), CH_EINVAL);
    assert_non_null(strstr(err.msg, "two cards"));
}

static void harness_runs_on_the_toy(void **s)
{
    (void)s;
    ch_harness_cfg cfg = {.game = &toy_game, .games = 200, .seed = 1, .deep_every = 1};
    /* Every toy game lasts exactly 6 actions; CH_HARNESS_SCALE may divide the count. */
    long steps = ch_harness_run(&cfg);
    assert_int_equal(steps % 6, 0);
    assert_true(steps >= 6 * 25);
}

/* Issue 25: chat text and names are shown to other people, so no control
 * character and no direction override passes (they could hide or reorder
 * another person's words). */
static void shown_text_refuses_controls_and_overrides(void **s)
{
    (void)s;
#define OK(t) ch_utf8_text_ok(t, sizeof(t) - 1)
    assert_true(OK("Good game!"));
    assert_true(OK("\xE3\x82\x88\xE3\x82\x8D\xE3\x81\x97\xE3\x81\x8F")); /* よろしく */
    assert_true(OK("<img src=x onerror=alert(1)>")); /* shown as text, not refused */
    assert_true(OK("\xC2\xA0\xF0\x9F\x82\xA1"));     /* NBSP, a card */
    assert_false(OK("\xE2\x80\x8F"));                /* U+200F RLM: a bidi mark reorders too */
    assert_true(OK(""));
    assert_false(OK("a\nb"));
    assert_false(OK("a\tb"));
    assert_false(OK("\x1b[31m"));
    assert_false(OK("a\x7f"));
    assert_false(ch_utf8_text_ok("a\0b", 3));
    assert_false(OK("\xC2\x80"));     /* U+0080, C1 */
    assert_false(OK("\xC2\x9F"));     /* U+009F, C1 */
    assert_true(OK("\xC2\xA1"));      /* U+00A1 */
    assert_false(OK("\xE2\x80\xAA")); /* U+202A LRE */
    assert_false(OK("\xE2\x80\xAE")); /* U+202E RLO */
    assert_true(OK("\xE2\x80\xAF"));  /* U+202F NNBSP */
    assert_false(OK("\xE2\x81\xA6")); /* U+2066 LRI */
    assert_false(OK("\xE2\x81\xA9")); /* U+2069 PDI */
    assert_true(OK("\xE2\x81\xA5"));  /* U+2065 */
    assert_true(OK("\xE2\x81\xAA"));  /* U+206A */
    assert_false(OK("\xFF"));         /* not UTF-8 */
    assert_false(OK("\xC0\xAF"));     /* overlong */
    assert_false(OK("\xE3\x81"));     /* cut */
#undef OK
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(text_counts_all_and_never_overflows),
        cmocka_unit_test(text_items_wrap_by_columns),
        cmocka_unit_test(csv_skips_comments_and_points_at_columns),
        cmocka_unit_test(rng_matches_pcg32_reference),
        cmocka_unit_test(rng_below_is_in_range_and_uniform),
        cmocka_unit_test(rng_shuffle_is_a_permutation_and_seeded),
        cmocka_unit_test(options_defaults_and_values),
        cmocka_unit_test(options_errors_name_the_key),
        cmocka_unit_test(every_game_has_valid_defaults),
        cmocka_unit_test(every_game_state_is_at_most_512_bytes),
        cmocka_unit_test(order_and_actions_parse),
        cmocka_unit_test(match_undo_and_record_replay),
        cmocka_unit_test(record_rejects_bad_options_and_seed),
        cmocka_unit_test(options_json_accept_integral_reals),
        cmocka_unit_test(errors_keep_utf8_whole),
        cmocka_unit_test(shown_text_refuses_controls_and_overrides),
        cmocka_unit_test(shown_text_has_no_controls_or_bidi_formatting),
        cmocka_unit_test(census_check_finds_missing_and_doubled_cards),
        cmocka_unit_test(harness_runs_on_the_toy),
        cmocka_unit_test(text_add_writes_what_vsnprintf_writes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
