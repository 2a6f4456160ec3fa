/* Old records (issue 23): every record cardhall ever wrote replays.
 *
 * tests/data/records/ holds records written by the binaries of old commits
 * (see its README): RAGAMARU's with the Reserve in one move (`RES K8`), Draft
 * Babasuki's played with hands in the order dealt, one naming its card file
 * by path, and one of each other game. Each must replay with today's
 * program, through the one path every reader takes (ch_match_from_record),
 * and its re-recording (format 2) must replay too. A record that does not
 * replay names the move and gives the reason `act` would. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cardhall/match.h"
#include "cardhall/registry.h"
#include "cardhall/table.h"

static json_t *load(const char *name)
{
    char path[512];
    snprintf(path, sizeof path, "tests/data/records/%s", name);
    json_t *rec = NULL;
    ch_err err;
    if (ch_record_load(path, &rec, &err) != CH_OK) fail_msg("%s", err.msg);
    return rec;
}

/* Replays rec as a local reader does (files allowed); CH_OK or the error. */
static int replay(json_t *rec, ch_match *m, ch_err *err)
{
    const ch_game *g = ch_game_find(ch_record_game(rec));
    assert_non_null(g);
    int rc = ch_record_read_files(g, rec, err);
    return rc != CH_OK ? rc : ch_match_from_record(m, g, rec, err);
}

/* The record replays to its own result; written again today (format 2) it
 * replays to the same state. Returns the rule set it replayed under. */
static int replays_and_round_trips(const char *name)
{
    json_t *rec = load(name);
    ch_match m, again;
    ch_err err;
    if (replay(rec, &m, &err) != CH_OK) fail_msg("%s: %s", name, err.msg);
    ch_result r;
    m.game->result(ch_match_state(&m), &r);
    json_t *want = json_object_get(json_object_get(rec, "result"), "scores");
    assert_non_null(want);
    for (int p = 0; p < r.n_players; p++)
        assert_int_equal(json_integer_value(json_array_get(want, (size_t)p)), r.score[p]);
    assert_true(r.terminal);
    json_t *now = ch_match_record(&m);
    assert_string_equal(json_string_value(json_object_get(now, "format")), "cardhall-record/2");
    if (ch_match_from_record(&again, m.game, now, &err) != CH_OK)
        fail_msg("%s written again: %s", name, err.msg);
    assert_true(ch_equal(m.game, ch_match_state(&m), ch_match_state(&again)));
    int compat = m.opts.compat;
    assert_int_equal(again.opts.compat, compat);
    ch_match_free(&again);
    ch_match_free(&m);
    json_decref(now);
    json_decref(rec);
    return compat;
}

static void every_old_record_replays(void **unused)
{
    (void)unused;
    static const char *const today[] = {"racko-0667d37.json",    "rumino-0667d37.json",
                                        "comrade-0667d37.json",  "ragamaru-0667d37.json",
                                        "ragamaru-5674fa5.json", "ragamaru-0909bee.json"};
    for (size_t i = 0; i < sizeof today / sizeof today[0]; i++)
        assert_int_equal(replays_and_round_trips(today[i]), 0);
    /* Draft Babasuki before issue 16 kept hands in the order dealt, which
     * decided the card a raid draws (DB-27): rule set 1. */
    assert_int_equal(replays_and_round_trips("babasuki-0667d37.json"), 1);
    assert_int_equal(replays_and_round_trips("babasuki-1c30ee9.json"), 1);
    /* cards=PATH without the content, as records before issue 11 were: the
     * local reader reads the file (relative to the source tree here). */
    assert_int_equal(replays_and_round_trips("babasuki-cards-0667d37.json"), 1);
}

/* RG-: the old `RES K8` is today's three steps by the same seat; written
 * again, the record has them. */
static void ragamaru_reserve_in_one_move_is_three_today(void **unused)
{
    (void)unused;
    json_t *rec = load("ragamaru-0667d37.json");
    ch_match m;
    ch_err err;
    assert_int_equal(replay(rec, &m, &err), CH_OK);
    json_t *now = ch_match_record(&m);
    json_t *acts = json_object_get(now, "actions"), *old = json_object_get(rec, "actions");
    assert_int_equal(json_array_size(acts), json_array_size(old) + 2 * 2); /* two Reserves */
    size_t i, j = 0;
    json_t *a;
    json_array_foreach(old, i, a)
    {
        const char *was = json_string_value(a);
        if (strcmp(was, "RES RES K2") == 0) {
            assert_string_equal(json_string_value(json_array_get(acts, j)), "RES RES");
            assert_string_equal(json_string_value(json_array_get(acts, j + 1)), "declare K");
            assert_string_equal(json_string_value(json_array_get(acts, j + 2)), "declare K2");
            j += 3;
            continue;
        }
        if (strncmp(was, "RES ", 4) == 0) {
            j += 3;
            continue;
        }
        assert_string_equal(json_string_value(json_array_get(acts, j)), was);
        j++;
    }
    assert_int_equal(j, json_array_size(acts));
    ch_match_free(&m);
    json_decref(now);
    json_decref(rec);
}

/* The error of an act at the state after the record's first k moves. */
static void act_error_after(json_t *rec, size_t k, const char *text, char *out, size_t cap)
{
    json_t *head = json_deep_copy(rec);
    json_t *acts = json_object_get(head, "actions");
    while (json_array_size(acts) > k)
        json_array_remove(acts, json_array_size(acts) - 1);
    json_object_del(head, "result");
    tb_config cfg = {.allow_files = 1};
    tb_session s;
    tb_session_init(&s, &cfg);
    json_t *req = json_pack("{s:s,s:O}", "cmd", "replay", "record", head);
    int quit = 0;
    json_t *r = tb_session_request(&s, req, &quit);
    assert_true(json_is_true(json_object_get(r, "ok")));
    json_decref(r);
    json_decref(req);
    req = json_pack("{s:s,s:s}", "cmd", "act", "action", text);
    r = tb_session_request(&s, req, &quit);
    assert_false(json_is_true(json_object_get(r, "ok")));
    snprintf(out, cap, "%s", json_string_value(json_object_get(r, "error")));
    json_decref(r);
    json_decref(req);
    json_decref(head);
    tb_session_free(&s);
}

/* A move that does not replay, old notation or new: the record's error names
 * the move's number and text and ends with the very words act gives there
 * (the parser's message and the game's reason). */
static void a_move_that_does_not_replay_says_why_as_act_does(void **unused)
{
    (void)unused;
    static const char *const bad[] = {"R1 R2 R3", "RES Z9", "declare K8"};
    for (size_t b = 0; b < sizeof bad / sizeof bad[0]; b++) {
        json_t *rec = load("ragamaru-0667d37.json");
        json_array_set_new(json_object_get(rec, "actions"), 2, json_string(bad[b]));
        ch_match m;
        ch_err err;
        assert_int_equal(replay(rec, &m, &err), CH_EILLEGAL);
        char want[CH_ERR_MAX], head[128];
        act_error_after(rec, 2, bad[b], want, sizeof want);
        snprintf(head, sizeof head, "record: move 3 '%s' does not replay: ", bad[b]);
        assert_memory_equal(err.msg, head, strlen(head));
        assert_string_equal(err.msg + strlen(head), want);
        json_decref(rec);
    }
}

/* A format 2 record is today's: no translation, and its rule set is the one
 * it names; a newer format or an unknown rule set is refused, saying so. */
static void formats_and_rule_sets_are_checked(void **unused)
{
    (void)unused;
    json_t *rec = load("ragamaru-0667d37.json");
    ch_match m;
    ch_err err;
    json_object_set_new(rec, "format", json_string("cardhall-record/2"));
    assert_int_equal(replay(rec, &m, &err), CH_EILLEGAL);
    assert_non_null(strstr(err.msg, "does not replay"));
    json_object_set_new(rec, "format", json_string("cardhall-record/3"));
    assert_int_equal(replay(rec, &m, &err), CH_EFORMAT);
    assert_non_null(strstr(err.msg, "format 3 is newer"));
    json_object_set_new(rec, "format", json_string("chess-pgn"));
    assert_int_equal(replay(rec, &m, &err), CH_EFORMAT);
    json_decref(rec);

    rec = load("babasuki-0667d37.json");
    json_object_set_new(rec, "format", json_string("cardhall-record/2"));
    /* Under today's rules its raids draw other cards: the result differs. */
    assert_int_equal(replay(rec, &m, &err), CH_EFORMAT);
    assert_non_null(strstr(err.msg, "result differs"));
    json_object_set_new(rec, "compat", json_integer(1));
    assert_int_equal(replay(rec, &m, &err), CH_OK);
    ch_match_free(&m);
    json_object_set_new(rec, "compat", json_integer(2));
    assert_int_equal(replay(rec, &m, &err), CH_EFORMAT);
    assert_non_null(strstr(err.msg, "compat"));
    json_decref(rec);

    /* Nor can a game be set up under a rule set it does not have. */
    const ch_game *rk = ch_game_find("racko");
    ch_opts o;
    ch_opts_defaults(&o, rk->opts, rk->n_opts);
    o.compat = 1;
    ch_match bad;
    assert_int_equal(ch_match_init_opts(&bad, rk, &o, 1, NULL, 0, &err), CH_EINVAL);
    assert_non_null(strstr(err.msg, "no rule set 1"));

    /* A record without "format" (typed by hand, as docs/protocol.md shows)
     * is read as format 1: its `RES K8` still replays. */
    rec = load("ragamaru-0667d37.json");
    json_object_del(rec, "format");
    assert_int_equal(replay(rec, &m, &err), CH_OK);
    assert_int_equal(m.n_actions, (int)json_array_size(json_object_get(rec, "actions")) + 4);
    ch_match_free(&m);
    json_decref(rec);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_old_record_replays),
        cmocka_unit_test(ragamaru_reserve_in_one_move_is_three_today),
        cmocka_unit_test(a_move_that_does_not_replay_says_why_as_act_does),
        cmocka_unit_test(formats_and_rule_sets_are_checked),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
