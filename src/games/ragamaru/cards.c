/* RAGAMARU cards: the box (spec 1.1, 1.4), codes, names in English and
 * Japanese (the rule book's names; rugby positions on number cards, 1.3),
 * and hands kept as masks plus counts. */
#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "rg_int.h"

/* The card data, in one table: code, English and Japanese name, copies. The
 * rule book gives every count; the position names are the standard rugby
 * union numbering (display only). */
static const struct {
    const char *code, *en, *ja;
} type_names[RG_NTYPES] = {
    {"", "number", "数字"},
    {"TRY", "Try", "トライ"},
    {"PG", "Penalty Goal", "ペナルティゴール"},
    {"DG", "Drop Goal", "ドロップゴール"},
    {"CUT", "Cut Pass", "カットパス"},
    {"KICK", "Kick Pass", "キックパス"},
    {"RET", "Return Pass", "リターンパス"},
    {"LOOP", "Loop", "ループ"},
    {"TURN", "Turnover", "ターンオーバー"},
    {"ADV", "Advantage", "アドバンテージ"},
    {"CONV", "Conversion", "コンバージョン"},
    {"RES", "Reserve", "リザーブ"},
    {"TMO", "TMO", "TMO"},
    {"SIN", "Sin Bin", "シンビン"},
    {"RGM", "RAGAMARU", "RAGAMARU"},
};

static const char *const position_en[16] = {
    "",          "Loosehead Prop",    "Hooker",           "Tighthead Prop", "Lock",
    "Lock",      "Blindside Flanker", "Openside Flanker", "Number 8",       "Scrum-half",
    "Fly-half",  "Left Wing",         "Inside Centre",    "Outside Centre", "Right Wing",
    "Full-back",
};
static const char *const position_ja[16] = {
    "",
    "左プロップ",
    "フッカー",
    "右プロップ",
    "ロック",
    "ロック",
    "左フランカー",
    "右フランカー",
    "ナンバーエイト",
    "スクラムハーフ",
    "スタンドオフ",
    "左ウイング",
    "インサイドセンター",
    "アウトサイドセンター",
    "右ウイング",
    "フルバック",
};

const char *const rg_colour_letter[5] = {"R", "Y", "B", "K", "*"};
static const char *const colour_en[5] = {"red", "yellow", "blue", "black", "any colour"};
static const char *const colour_ja[5] = {"赤", "黄", "青", "黒", "自由"};

const uint8_t rg_copies[RG_NFACES] = {
    /* 60 number cards and 36 coloured specials: one each */
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 4, 2, 2, 2, /* CONV RES TMO SIN RGM */
};

int rg_face_type(int face)
{
    return rg_type_of(face);
}

int rg_face_colour(int face)
{
    return rg_colour_of(face);
}

int rg_face_number(int face)
{
    return rg_number_of(face);
}

int rg_face_of(int type, int colour, int number)
{
    return rg_face_at(type, colour, number);
}

const char *rg_type_code(int type)
{
    return type_names[type].code;
}

const char *rg_colour_name(int colour, ch_lang lang)
{
    return lang == CH_LANG_JA ? colour_ja[colour] : colour_en[colour];
}

int rg_in_deck(int deck, int face)
{
    int t = rg_face_type(face);
    int noloop = deck == RG_DECK_ADVANCED_NOLOOP || deck == RG_DECK_BEGINNER_NOLOOP;
    int beginner = deck == RG_DECK_BEGINNER || deck == RG_DECK_BEGINNER_NOLOOP;
    if ((t == RG_LOOP && noloop) || (t == RG_CONV && beginner)) return 0;
    return rg_copies[face];
}

int rg_card_text(int face, char *buf, size_t cap)
{
    int t = rg_face_type(face);
    if (t == RG_NUMBER)
        return snprintf(buf, cap, "%s%d", rg_colour_letter[face % 4], rg_face_number(face));
    if (t < RG_CONV)
        return snprintf(buf, cap, "%s-%s", type_names[t].code, rg_colour_letter[face % 4]);
    return snprintf(buf, cap, "%s", type_names[t].code);
}

int rg_card_parse(const char *text, int *face)
{
    char t[16];
    size_t n = strlen(text);
    if (n == 0 || n >= sizeof t) return CH_EINVAL;
    for (size_t i = 0; i <= n; i++)
        t[i] = (char)toupper((unsigned char)text[i]);
    for (int f = 0; f < RG_NFACES; f++) {
        char code[16];
        rg_card_text(f, code, sizeof code);
        if (strcmp(code, t) == 0) {
            *face = f;
            return CH_OK;
        }
    }
    return CH_EINVAL;
}

int rg_card_name(int face, ch_lang lang, char *buf, size_t cap)
{
    int t = rg_face_type(face), c = rg_face_colour(face), n = rg_face_number(face);
    if (lang == CH_LANG_JA) {
        if (t == RG_NUMBER)
            return snprintf(buf, cap, "%sの%d(%s)", colour_ja[c], n, position_ja[n]);
        if (c != RG_ANY) return snprintf(buf, cap, "%s(%s)", type_names[t].ja, colour_ja[c]);
        return snprintf(buf, cap, "%s", type_names[t].ja);
    }
    if (t == RG_NUMBER) return snprintf(buf, cap, "%s %d (%s)", colour_en[c], n, position_en[n]);
    if (c != RG_ANY) return snprintf(buf, cap, "%s %s", colour_en[c], type_names[t].en);
    return snprintf(buf, cap, "%s", type_names[t].en);
}

/* ---- Hands ---- */
int rg_hand_count(const rg_hand *h, int face)
{
    return rg_count(h, face);
}

int rg_hand_faces(const rg_hand *h, int *faces)
{
    int k = 0;
    for (int f = 0; f < RG_NFACES; f++)
        for (int c = rg_hand_count(h, f); c > 0; c--)
            faces[k++] = f;
    return k;
}
