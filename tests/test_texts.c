/* Texts for people name cards as players say them and seats by name
 * (issue 24): over seeded games of every game, in English and Japanese,
 * no move name, choice name, event, hand summary or last_hand text holds a
 * card code ("7S", "B9", "DG-B", "[S2]", "V9[M]"), a seat written "P0", or
 * a seat placeholder left unfilled. Nor does the text board (render), for
 * every viewer, and it marks the viewer's own seat "(you)" / "（あなた）".
 * Codes stay in the notation (action_text) and records. */
#include <regex.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cardhall/bot.h"
#include "cardhall/registry.h"
#include "cardhall/table.h"

/* Outside a word: what may stand before or after a code. */
#define NW "(^|[^A-Za-z0-9_#-])"
#define NE "([^A-Za-z0-9_-]|$)"

/* A code pattern per game; every game also may not write "P0" or "{P0}". */
static const struct {
    const char *game, *codes;
} patterns[] = {
    {"racko", NULL}, /* Rack-O's cards are numbers: a number is how a player says one */
    {"ragamaru",
     NW "([RYBK][0-9]{1,2}|(TRY|PG|DG|CUT|KICK|RET|LOOP|TURN|ADV)-[RYBK]|RGM|RES|SIN|CONV)" NE},
    {"rumino", NW "((10|[2-9AJQK])[SHDC]|JK)" NE},
    {"babasuki", NW "([VHTC][0-9]{1,2}(\\[[A-Z]+\\])?|#[0-9]+)" NE},
    {"comrade", NW "((10|[2-9AJQK])[SHDC]|JK|\\[[SHDC][1-4]\\])" NE},
};

typedef struct checker {
    const char *game;
    regex_t codes, seats;
    int has_codes;
    int checked;
} checker;

static void check(checker *c, const char *where, const char *text)
{
    if (!text) return;
    c->checked++;
    if (c->has_codes && regexec(&c->codes, text, 0, NULL, 0) == 0)
        fail_msg("%s: a card code in %s: \"%s\"", c->game, where, text);
    if (regexec(&c->seats, text, 0, NULL, 0) == 0)
        fail_msg("%s: a seat written as a code in %s: \"%s\"", c->game, where, text);
}

/* Every string inside j (a {"en","ja"} pair, an array of them...). */
static void check_json(checker *c, const char *where, json_t *j)
{
    if (json_is_string(j)) check(c, where, json_string_value(j));
    size_t i;
    json_t *e;
    const char *k;
    if (json_is_array(j)) json_array_foreach(j, i, e) check_json(c, where, e);
    if (json_is_object(j)) json_object_foreach(j, k, e) check_json(c, where, e);
}

/* The text board for every viewer: names, not codes, and the viewer's own
 * seat marked as theirs (nobody's for the spectator and the omniscient). */
static void check_boards(checker *c, const ch_game *g, const void *st, int n, ch_lang lang)
{
    const char *you = lang == CH_LANG_JA ? "（あなた）" : "(you)";
    for (int v = -2; v < n; v++) {
        char *board = tb_render(g, st, v, lang);
        assert_non_null(board);
        check(c, "the board", board);
        if ((strstr(board, you) != NULL) != (v >= 0))
            fail_msg("%s: the board for viewer %d %s \"%s\": \"%s\"", c->game, v,
                     v >= 0 ? "lacks" : "has", you, board);
        free(board);
    }
}

static void check_events(checker *c, json_t *evs)
{
    size_t i;
    json_t *e;
    json_array_foreach(evs, i, e)
        check(c, "an event", json_string_value(json_object_get(e, "text")));
}

/* The texts people read of one finished hand, for viewer. */
static void check_hand_end(checker *c, const ch_game *g, const void *st, int viewer, ch_lang lang)
{
    char *sum = tb_hand_summary(g, st, viewer, lang);
    check(c, "a hand summary", sum);
    free(sum);
    json_t *v = tb_view_json(g, st, viewer, &tb_seat_numbers, lang);
    json_t *last = json_object_get(v, "last_hand");
    if (json_is_object(last)) {
        check_json(c, "last_hand.reason", json_object_get(last, "reason"));
        size_t i;
        json_t *b;
        json_array_foreach(json_object_get(last, "breakdown"), i, b)
            check_json(c, "last_hand.breakdown", json_object_get(b, "text"));
    }
    json_decref(v);
}

static void play_and_check(const char *game, const char *const *kv, int nkv, uint64_t seed,
                           int max_moves)
{
    const ch_game *g = ch_game_find(game);
    if (!g) return; /* a game left out of this build */
    checker c = {.game = game};
    const char *codes = NULL;
    for (size_t i = 0; i < sizeof patterns / sizeof patterns[0]; i++)
        if (!strcmp(patterns[i].game, game)) codes = patterns[i].codes;
    c.has_codes = codes != NULL;
    if (codes) assert_int_equal(regcomp(&c.codes, codes, REG_EXTENDED | REG_NOSUB), 0);
    assert_int_equal(regcomp(&c.seats, NW "P[0-9]" NE "|\\{P[0-9]\\}", REG_EXTENDED | REG_NOSUB),
                     0);

    ch_match m;
    ch_err err;
    if (ch_match_init(&m, g, kv, nkv, seed, NULL, 0, &err) != CH_OK) fail_msg("%s", err.msg);
    int n = g->num_players(ch_match_state(&m));
    ch_bot bots[CH_MAX_PLAYERS];
    for (int p = 0; p < n; p++)
        if (ch_bot_init(&bots[p], g, p % 2 ? "random" : "heuristic", seed + (uint64_t)p, &err) !=
            CH_OK)
            assert_int_equal(ch_bot_init(&bots[p], g, "random", seed + (uint64_t)p, &err), CH_OK);
    ch_action *acts = malloc(sizeof *acts * (size_t)g->max_actions);
    char name[512];
    for (int k = 0; k < max_moves; k++) {
        const void *st = ch_match_state(&m);
        int mover = g->to_move(st);
        if (mover == CH_TERMINAL) break;
        ch_lang lang = k % 2 ? CH_LANG_JA : CH_LANG_EN;
        int na = g->legal(st, acts);
        for (int i = 0; i < na; i++) {
            tb_choice_name(g, st, acts[i], mover, lang, name, sizeof name);
            check(&c, "a choice name (a move button)", name);
        }
        check_boards(&c, g, st, n, lang);
        ch_action a = ch_bot_act(&bots[mover], st, mover);
        tb_action_name(g, st, a, CH_ALL, lang, name, sizeof name);
        check(&c, "an action name", name);
        for (int v = -2; v < n; v++) { /* CH_SPECTATOR, CH_ALL, every seat */
            json_t *evs = tb_events(g, st, a, v, lang);
            check_events(&c, evs);
            json_decref(evs);
        }
        ch_result r0, r1;
        g->result(st, &r0);
        if (ch_match_apply(&m, a, &err) != CH_OK) fail_msg("%s", err.msg);
        g->result(ch_match_state(&m), &r1);
        if (r1.hands > r0.hands)
            for (int v = -1; v < n; v++)
                for (int l = 0; l < CH_NLANGS; l++)
                    check_hand_end(&c, g, ch_match_state(&m), v, (ch_lang)l);
    }
    for (int l = 0; l < CH_NLANGS; l++)
        check_boards(&c, g, ch_match_state(&m), n, (ch_lang)l); /* the game's end too */
    if (getenv("CH_TEXTS_VERBOSE")) printf("%s: %d texts\n", game, c.checked);
    assert_true(c.checked > 100);
    free(acts);
    ch_match_free(&m);
    if (codes) regfree(&c.codes);
    regfree(&c.seats);
}

static void racko_texts(void **state)
{
    (void)state;
    const char *two[] = {"players=2", "two_player_rule=optional_declare"};
    play_and_check("racko", two, 2, 1, 3000);
    const char *four[] = {"players=4", "partnership=true", "target_score=150"};
    play_and_check("racko", four, 3, 2, 3000);
}

static void ragamaru_texts(void **state)
{
    (void)state;
    const char *kv[] = {"players=4"};
    play_and_check("ragamaru", kv, 1, 3, 3000);
    const char *adv[] = {"players=3", "deck=advanced"};
    play_and_check("ragamaru", adv, 2, 4, 3000);
}

static void rumino_texts(void **state)
{
    (void)state;
    const char *kv[] = {"players=3"};
    play_and_check("rumino", kv, 1, 5, 2500);
}

static void babasuki_texts(void **state)
{
    (void)state;
    const char *kv[] = {"players=4"};
    play_and_check("babasuki", kv, 1, 6, 2000);
    const char *arr[] = {"players=3", "target_arranges=true"};
    play_and_check("babasuki", arr, 2, 7, 2000);
    /* Two players draw and set cards aside before the raid (DB-17). */
    const char *two[] = {"players=2"};
    play_and_check("babasuki", two, 1, 8, 2000);
}

static void comrade_texts(void **state)
{
    (void)state;
    play_and_check("comrade", NULL, 0, 8, 1500);
}

/* The table layer fills placeholders: seat numbers from 1 for the engine,
 * the names a front end gives, "You" with its verb in the second person. */
static void names_fill(void **state)
{
    (void)state;
    char *s = tb_fill("{P0} plays red 8; {P2} passes", &tb_seat_numbers, CH_LANG_EN);
    assert_string_equal(s, "Seat 1 plays red 8; Seat 3 passes");
    free(s);
    s = tb_fill("{P1}がパス", &tb_seat_numbers, CH_LANG_JA);
    assert_string_equal(s, "席2がパス");
    free(s);
    tb_names n = {{"Alice", "you", "Bob"}, 1};
    s = tb_fill("{P1} draws 2 cards from {P0}'s hand. {P1} is out; {P1}'s turn", &n, CH_LANG_EN);
    assert_string_equal(s, "You draw 2 cards from Alice's hand. You are out; your turn");
    free(s);
    s = tb_fill("{P2} passes; {P1} passes", &n, CH_LANG_EN);
    assert_string_equal(s, "Bob passes; you pass");
    free(s);
    /* The verbs the same subject goes on with agree too, up to the clause's end. */
    s = tb_fill("Sin Bin: {P1} passes it on or rests 2 turns; {P2} takes it", &n, CH_LANG_EN);
    assert_string_equal(s, "Sin Bin: you pass it on or rest 2 turns; Bob takes it");
    free(s);
    s = tb_fill("{P1} takes the ♠2 bid card: bids 2 in spades (bid total 2/10)", &n, CH_LANG_EN);
    assert_string_equal(s, "You take the ♠2 bid card: bid 2 in spades (bid total 2/10)");
    free(s);
    tb_names ja = {{"Alice", "あなた"}, 1};
    s = tb_fill("{P1}が攻撃を受けて山札から3枚引く", &ja, CH_LANG_JA);
    assert_string_equal(s, "あなたが攻撃を受けて山札から3枚引く");
    free(s);
    s = tb_fill("{P9} and {Px} stay", &n, CH_LANG_EN); /* not a seat: left as written */
    assert_string_equal(s, "{P9} and {Px} stay");
    free(s);
    assert_null(tb_fill(NULL, &n, CH_LANG_EN));
    s = tb_fill("{P0} stays", NULL, CH_LANG_EN); /* NULL: the browser fills them */
    assert_string_equal(s, "{P0} stays");
    free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(names_fill),     cmocka_unit_test(racko_texts),
        cmocka_unit_test(ragamaru_texts), cmocka_unit_test(rumino_texts),
        cmocka_unit_test(babasuki_texts), cmocka_unit_test(comrade_texts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
