/* RAGAMARU card data file (spec 1.3): data/ragamaru/cards.csv, compiled in,
 * gives the rule book's box (1.1, 1.4, RG-40) and names; broken texts fail
 * with CH_EINVAL and a message naming the line. Broken texts are the real
 * file with one line changed, so each test breaks exactly one thing. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cardhall/ragamaru.h"

static char text[8192];

/* The 1-based line of the first occurrence of what in src. */
static int line_of(const char *src, const char *what)
{
    const char *at = strstr(src, what);
    assert_non_null(at);
    int line = 1;
    for (const char *p = src; p < at; p++)
        line += *p == '\n';
    return line;
}

/* The embedded file with the first occurrence of `from` replaced by `to`;
 * returns the 1-based line where `from` started. */
static int edited(const char *from, const char *to)
{
    const char *src = rg_cards_csv(), *at = strstr(src, from);
    int line = line_of(src, from);
    assert_true(strlen(src) - strlen(from) + strlen(to) < sizeof text);
    snprintf(text, sizeof text, "%.*s%s%s", (int)(at - src), src, to, at + strlen(from));
    return line;
}

static int lines_of(const char *s)
{
    int n = 0;
    for (; *s; s++)
        n += *s == '\n';
    return n;
}

/* Parsing text fails with CH_EINVAL, naming the line and saying what. */
static void fails_at(int line, const char *what)
{
    rg_cards c;
    ch_err err = {{0}};
    char want[32];
    assert_int_equal(rg_cards_parse(text, &c, &err), CH_EINVAL);
    snprintf(want, sizeof want, "line %d:", line);
    if (!strstr(err.msg, want) || !strstr(err.msg, what))
        fail_msg("expected \"%s ... %s\", got \"%s\"", want, what, err.msg);
}

static int deck_size(const char *deck)
{
    rg_state s;
    ch_opts o;
    ch_err err;
    const char *kv[] = {"players=2", deck};
    assert_int_equal(ch_opts_parse(&o, rg_game.opts, rg_game.n_opts, kv, 2, &err), CH_OK);
    assert_int_equal(rg_game.setup(&s, &o, 5, NULL, 0, &err), CH_OK);
    return s.nstock + s.hand[0].n + s.hand[1].n;
}

/* Spec 1.3, 1.1, 1.4, RG-10: the compiled-in file loads and gives the rule
 * book's box: 108 cards, 60 number + 14 attack + 20 action + 14 special. */
static void s1_3_embedded_file_gives_the_box(void **st)
{
    (void)st;
    ch_err err = {{0}};
    const rg_cards *c = rg_cards_builtin(&err);
    if (!c) fail_msg("%s", err.msg);
    int per_cat[4] = {0}, total = 0;
    for (int f = 0; f < RG_NFACES; f++) {
        per_cat[c->category[rg_face_type(f)]] += c->copies[f];
        total += c->copies[f];
        assert_int_equal(rg_game.face_copies[f], c->copies[f]);
    }
    assert_int_equal(total, 108);
    assert_int_equal(per_cat[RG_CAT_NUMBER], 60);
    assert_int_equal(per_cat[RG_CAT_ATTACK], 14);
    assert_int_equal(per_cat[RG_CAT_ACTION], 20);
    assert_int_equal(per_cat[RG_CAT_SPECIAL], 14);
    assert_int_equal(c->copies[RG_FACE_CONV], 2);
    assert_int_equal(c->copies[RG_FACE_RES], 4);
    assert_int_equal(c->copies[RG_FACE_TMO], 2);
    assert_int_equal(c->copies[RG_FACE_SIN], 2);
    assert_int_equal(c->copies[RG_FACE_RGM], 2);
    /* 1.4, RG-V1, RG-V2: the deck totals. */
    assert_int_equal(deck_size("deck=advanced"), 108);
    assert_int_equal(deck_size("deck=advanced_noloop"), 104);
    assert_int_equal(deck_size("deck=beginner"), 106);
    assert_int_equal(deck_size("deck=beginner_noloop"), 102);
}

/* RG-40, RG-63, RG-66: the values come from the file. */
static void rg40_values_from_the_file(void **st)
{
    (void)st;
    const rg_cards *c = rg_cards_builtin(NULL);
    assert_non_null(c);
    assert_int_equal(c->value[RG_TRY], 5);
    assert_int_equal(c->value[RG_PG], 3);
    assert_int_equal(c->value[RG_DG], 3);
    assert_int_equal(c->value[RG_CONV], 2);
    assert_int_equal(c->value[RG_SIN], 2);
    assert_int_equal(c->value[RG_RGM], 2);
    assert_int_equal(c->value[RG_CUT], 0);
    assert_int_equal(rg_card_value(RG_TRY), 5);
    /* An edited file changes the data: nothing is also written in code. */
    rg_cards e;
    ch_err err;
    edited("attack,TRY,RYBK,1,5,Try,トライ", "attack,TRY,RYBK,1,7,Touchdown,タッチダウン");
    assert_int_equal(rg_cards_parse(text, &e, &err), CH_OK);
    assert_int_equal(e.value[RG_TRY], 7);
    assert_string_equal(e.type_name[CH_LANG_EN][RG_TRY], "Touchdown");
    assert_string_equal(e.type_name[CH_LANG_JA][RG_TRY], "タッチダウン");
}

/* Spec 1.1, 1.3: the rule book's names and the default positions. */
static void s1_3_names(void **st)
{
    (void)st;
    const rg_cards *c = rg_cards_builtin(NULL);
    assert_non_null(c);
    static const char *const ja[RG_NTYPES] = {"数字",
                                              "トライ",
                                              "ペナルティゴール",
                                              "ドロップゴール",
                                              "カットパス",
                                              "キックパス",
                                              "リターンパス",
                                              "ループ",
                                              "ターンオーバー",
                                              "アドバンテージ",
                                              "コンバージョン",
                                              "リザーブ",
                                              "TMO",
                                              "シンビン",
                                              "RAGAMARU"};
    static const char *const code[RG_NTYPES] = {"NUM",  "TRY", "PG",   "DG",   "CUT",
                                                "KICK", "RET", "LOOP", "TURN", "ADV",
                                                "CONV", "RES", "TMO",  "SIN",  "RGM"};
    for (int t = 0; t < RG_NTYPES; t++) {
        assert_string_equal(c->type_name[CH_LANG_JA][t], ja[t]);
        assert_string_equal(c->code[t], code[t]);
        assert_true(c->type_name[CH_LANG_EN][t][0] != '\0');
    }
    assert_string_equal(c->type_name[CH_LANG_EN][RG_PG], "Penalty Goal");
    assert_string_equal(c->position[CH_LANG_EN][1], "Loosehead Prop");
    assert_string_equal(c->position[CH_LANG_JA][10], "スタンドオフ");
    assert_string_equal(c->position[CH_LANG_EN][15], "Full-back");
    assert_string_equal(c->colour_name[CH_LANG_JA][RG_K], "黒");
    assert_string_equal(c->colour_code[RG_ANY], "*");
    /* The notation and the names read the loaded data. */
    char buf[96];
    int face;
    assert_int_equal(rg_game.card_parse("try-k", &face), CH_OK);
    rg_game.card_text(face, buf, sizeof buf);
    assert_string_equal(buf, "TRY-K");
    assert_int_equal(rg_game.card_parse("b9", &face), CH_OK);
    rg_game.card_text(face, buf, sizeof buf);
    assert_string_equal(buf, "B9");
}

/* Spec 1.3: every code the engine has rules for must have its row. */
static void s1_3_missing_code(void **st)
{
    (void)st;
    edited("action,LOOP,RYBK,1,-,Loop,ループ\n", "");
    fails_at(lines_of(text), "no row for code LOOP");
    edited("position,7,-,-,-,Openside Flanker,右フランカー\n", "");
    fails_at(lines_of(text), "no row for position 7");
    edited("colour,*,-,-,-,any colour,自由\n", "");
    fails_at(lines_of(text), "no row for colour *");
}

/* Spec 1.3, 1.1: copies within what the engine holds. */
static void s1_3_bad_count(void **st)
{
    (void)st;
    fails_at(edited("special,RES,-,4,", "special,RES,-,5,"), "copies: RES must have 1..4");
    fails_at(edited("attack,CONV,-,2,", "attack,CONV,-,0,"), "copies: CONV");
    fails_at(edited("attack,TRY,RYBK,1,", "attack,TRY,RYBK,2,"), "1 copy per colour");
    fails_at(edited("number,NUM,RYBK,1,", "number,NUM,RYBK,x,"), "copies: NUM");
    edited("special,TMO,-,2,", "special,TMO,-,4,"); /* the box overflows at the last row */
    fails_at(line_of(text, "special,RGM,"), "RGM makes the box 110 cards, more than 108");
    fails_at(edited("action,KICK,RYBK,", "action,KICK,RYB,"), "colours: KICK");
    fails_at(edited("special,SIN,-,", "special,SIN,R,"), "colours: SIN is colourless");
}

/* Spec 1.3, RG-40: attack values (draw counts) in range, none elsewhere. */
static void rg40_bad_attack_value(void **st)
{
    (void)st;
    fails_at(edited("attack,TRY,RYBK,1,5,", "attack,TRY,RYBK,1,0,"), "value: TRY needs a value");
    fails_at(edited("attack,PG,RYBK,1,3,", "attack,PG,RYBK,1,10,"), "value: PG");
    fails_at(edited("attack,DG,RYBK,1,3,", "attack,DG,RYBK,1,-,"), "value: DG");
    fails_at(edited("attack,CONV,-,2,2,", "attack,CONV,-,2,+2,"), "value: CONV");
    fails_at(edited("special,RGM,-,2,2,", "special,RGM,-,2,,"), "value: RGM");
    fails_at(edited("action,CUT,RYBK,1,-,", "action,CUT,RYBK,1,1,"), "CUT has no value");
}

/* Spec 1.3: one row per code. */
static void s1_3_duplicate_row(void **st)
{
    (void)st;
    int first = edited("action,CUT,", "action,CUT,");
    char dup[64];
    snprintf(dup, sizeof dup, "a second row for CUT (first on line %d)", first);
    strcat(text, "action,CUT,RYBK,1,-,Cut Pass,カットパス\n");
    fails_at(lines_of(text), dup);
    int line = edited("position,5,", "position,4,");
    fails_at(line, "a second row for 4");
    line = edited("colour,Y,", "colour,R,");
    fails_at(line, "a second row for R");
}

/* Spec 1.3: malformed lines: field count, header, category, code, names. */
static void s1_3_malformed_line(void **st)
{
    (void)st;
    fails_at(
        edited("Penalty Goal,ペナルティゴール", "Penalty Goal"),
        "expected 7 comma-separated fields (category,code,colours,copies,value,en,ja), found 6");
    fails_at(edited("Drop Goal,ドロップゴール", "Drop Goal,ドロップ,ゴール"), "found 8");
    fails_at(edited("category,code,", "category,kode,"), "the header must be exactly");
    fails_at(edited("action,RET,", "actoin,RET,"), "category actoin");
    fails_at(edited("action,TURN,", "special,TURN,"),
             "category: TURN is an action card, not special");
    fails_at(edited("special,ADV,", "special,ADX,"), "code ADX");
    fails_at(edited(",Try,", ",,"), "en: the name must not be empty");
    fails_at(edited(",フルバック", ", "), "ja: the name must not be empty");
    fails_at(edited("position,3,-,-,-,", "position,3,-,1,-,"), "copies: a position row");
    fails_at(edited("position,12,", "position,16,"), "position row's code is its number");
    fails_at(edited("colour,B,", "colour,G,"), "colours are R, Y, B, K");
    /* The Windows line ends of an edited file are fine. */
    edited("special,RGM,-,2,2,RAGAMARU,RAGAMARU\n", "special,RGM,-,2,2,RAGAMARU,RAGAMARU\r\n");
    rg_cards c;
    assert_int_equal(rg_cards_parse(text, &c, NULL), CH_OK);
    assert_int_equal(rg_cards_parse("# nothing\n", &c, NULL), CH_EINVAL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(s1_3_embedded_file_gives_the_box),
        cmocka_unit_test(rg40_values_from_the_file),
        cmocka_unit_test(s1_3_names),
        cmocka_unit_test(s1_3_missing_code),
        cmocka_unit_test(s1_3_bad_count),
        cmocka_unit_test(rg40_bad_attack_value),
        cmocka_unit_test(s1_3_duplicate_row),
        cmocka_unit_test(s1_3_malformed_line),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
