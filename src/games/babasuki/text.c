/* Draft Babasuki text: card and action notation, sentences for people in
 * English and Japanese (hiding what the viewer may not know), the board. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cardhall/text.h"
#include "internal.h"

static const char type_letter[] = "VHTC";

/* Stateless card names are ranks: "#k" is face k-1 (the card with the k-th
 * smallest No; with the default deck, No k). */
int db_card_text(int face, char *buf, size_t cap)
{
    return snprintf(buf, cap, "#%d", face + 1);
}

int db_card_parse(const char *text, int *face)
{
    if (*text == '#') text++;
    char *end;
    long v = strtol(text, &end, 10);
    if (!*text || *end || v < 1 || v > DB_NCARDS) return CH_EINVAL;
    *face = (int)v - 1;
    return CH_OK;
}

int db_card_str(const db_state *s, int face, char *buf, size_t cap)
{
    return snprintf(buf, cap, "%c%d", type_letter[s->card[face].type], s->card[face].no);
}

/* Suits in the card file's order of first appearance (S M F W by default). */
int db_suits_str(const db_state *s, int face, char *buf, size_t cap)
{
    char t[27];
    int k = 0;
    for (const char *o = s->suit_order; *o; o++)
        if (s->card[face].suits >> (*o - 'A') & 1) t[k++] = *o;
    t[k] = '\0';
    return snprintf(buf, cap, "%s", t);
}

/* "T21[SMFW]": the card with its suits, for people. */
static int card_long(const db_state *s, int face, char *buf, size_t cap)
{
    char suits[27];
    db_suits_str(s, face, suits, sizeof suits);
    int len = db_card_str(s, face, buf, cap);
    if (suits[0] && len >= 0 && (size_t)len < cap)
        len += snprintf(buf + len, cap - (size_t)len, "[%s]", suits);
    return len;
}

int db_action_text(const void *st, ch_action a, char *buf, size_t cap)
{
    const db_state *s = st;
    int kind = (int)(a >> 8), arg = (int)(a & 0xff);
    static const char *const verb[] = {"", "keep", "play", "put"};
    if (kind == DB_A_DRAW) return snprintf(buf, cap, "draw %d", arg + 1);
    char c[16];
    db_card_str(s, arg, c, sizeof c);
    return snprintf(buf, cap, "%s %s", verb[kind], c);
}

static const char *const outcome[2][6] = {
    {"", "treasure stolen", "villain caught by the hero", "hero and villain discarded",
     "no match, card returned", "no target, villain discarded"},
    {"", "おたからを奪った", "ヒーローがヴィランを捕まえた", "ヒーローとヴィランが捨て札",
     "共通スートなし、カードは戻る", "引ける手札なし、ヴィランは捨て札"},
};

/* Names have no subject (front ends say who moved), like every game's. A
 * hidden choice stays hidden from the others; a raid's drawn card and
 * outcome are public once done, so every viewer gets them. */
int db_action_name(const void *st, ch_action a, int viewer, ch_lang lang, char *buf, size_t cap)
{
    const db_state *s = st;
    int kind = (int)(a >> 8), arg = (int)(a & 0xff), p = s->mover;
    int ja = lang == CH_LANG_JA;
    int sees = viewer == CH_ALL || viewer == p;
    char c[40];
    if (kind != DB_A_DRAW) card_long(s, arg, c, sizeof c);
    switch (kind) {
    case DB_A_KEEP:
        if (!sees) return snprintf(buf, cap, ja ? "カードを1枚選んで確保する" : "chooses a card");
        if (s->phase == DB_PH_ACQUIRE) {
            char o[40];
            int other = s->taken[p][0] == arg ? s->taken[p][1] : s->taken[p][0];
            card_long(s, other, o, sizeof o);
            return snprintf(buf, cap, ja ? "%s を確保し、%s を捨てる" : "keeps %s and discards %s",
                            c, o);
        }
        return snprintf(buf, cap, ja ? "%s を確保する" : "keeps %s", c);
    case DB_A_PLAY: {
        int t = db_find_target(s, p);
        if (t < 0)
            return snprintf(buf, cap,
                            ja ? "ヴィラン %s を出す。引ける手札がないので捨て札になる"
                               : "plays villain %s; no one has a hand card, so it is discarded",
                            c);
        /* Without DB-V3's arranging, the blind draw happens at once. */
        db_state next = *s;
        db_game.apply(&next, a);
        char d[40];
        if (next.last_out == DB_OUT_NONE || next.last_villain != arg ||
            next.last_drawn == DB_NONE || next.phase == DB_PH_ARRANGE || next.phase == DB_PH_DRAW)
            return snprintf(buf, cap,
                            ja ? "ヴィラン %s を中央に出し、P%d の手札から1枚引く"
                               : "plays villain %s and draws from P%d's hand",
                            c, t);
        card_long(&next, next.last_drawn, d, sizeof d);
        if (ja)
            return snprintf(buf, cap, "ヴィラン %s を中央に出し、P%d の手札から %s を引く ── %s", c,
                            t, d, outcome[1][next.last_out]);
        return snprintf(buf, cap, "plays villain %s, draws %s from P%d's hand — %s", c, d, t,
                        outcome[0][next.last_out]);
    }
    case DB_A_PUT:
        if (!sees) return snprintf(buf, cap, ja ? "手札を並べ替える" : "arranges the hand");
        return snprintf(buf, cap,
                        ja ? "%s を手札の %d 枚目に置く" : "puts %s at position %d of the hand", c,
                        s->arranged + 1);
    default: {
        db_state next = *s;
        db_game.apply(&next, a);
        card_long(&next, next.last_drawn, c, sizeof c);
        if (ja)
            return snprintf(buf, cap, "P%d の手札の %d 枚目を引く: %s ── %s", s->target, arg + 1, c,
                            outcome[1][next.last_out]);
        return snprintf(buf, cap, "draws card %d of P%d's hand: %s — %s", arg + 1, s->target, c,
                        outcome[0][next.last_out]);
    }
    }
}

/* ---- The board ---- */

static void put_cards(ch_text *o, const db_state *s, const uint8_t *c, int n)
{
    char t[40];
    for (int i = 0; i < n; i++) {
        card_long(s, c[i], t, sizeof t);
        ch_text_add(o, " %s", t);
    }
}

/* The cards of a hidden zone viewer knows about (all of them if it is theirs). */
static void put_known(ch_text *o, const db_state *s, const uint8_t *c, int n, int viewer)
{
    uint8_t k[DB_MAXHAND];
    int m = 0;
    for (int i = 0; i < n; i++)
        if (viewer == CH_ALL || s->known[c[i]] >> viewer & 1) k[m++] = c[i];
    ch_text_add(o, " %d", n);
    if (m) {
        ch_text_add(o, " (");
        put_cards(o, s, k, m);
        ch_text_add(o, " )");
    }
}

static const char *const label[2][10] = {
    {"round", "pass/draw", "left", "right", "dealer", "totals", "last round", "discard", "hand",
     "secured"},
    {"ラウンド", "受け渡し/引く向き", "左", "右", "ディーラー", "合計", "前ラウンド", "捨て札",
     "手札", "確保"},
};

static const char *const legend[2] = {
    "cards: V villain, H hero, T treasure, C cat + card No; [..] = suits (a villain matches a "
    "card sharing one); zone: count (the cards you know)",
    "カード: V ヴィラン, H ヒーロー, T おたから, C ねこ + カードNo; [..] = スート (1つでも共通"
    "すれば一致); 置き場: 枚数 (分かっているカード)",
};

int db_render(const void *st, int viewer, ch_lang lang, char *buf, size_t cap)
{
    const db_state *s = st;
    const char *const *L = label[lang == CH_LANG_JA];
    ch_text o;
    ch_text_init(&o, buf, cap);
    if (cap) buf[0] = '\0';
    ch_text_add(&o, "Draft Babasuki  %s %d  %s: %s  %s: P%d  target %d%s%s\n", L[0], s->round, L[1],
                L[s->round % 2 ? 2 : 3], L[4], s->dealer, s->target_score,
                s->one_shot ? "  one-shot" : "", s->sd_active ? "  sudden death" : "");
    /* The card codes are terse (T18[W], V6[FW]): say once how to read them. */
    ch_text_add(&o, "%s\n", legend[lang == CH_LANG_JA]);
    ch_text_add(&o, "%s:", L[5]);
    for (int p = 0; p < s->n; p++)
        ch_text_add(&o, "  P%d %d", p, s->total[p]);
    ch_text_add(&o, "\n");
    if (s->rounds_done) {
        ch_text_add(&o, "%s:", L[6]);
        for (int p = 0; p < s->n; p++)
            ch_text_add(&o, "  P%d %d+%d=%d", p, s->last_secured[p], s->last_hand[p],
                        s->last_round[p]);
        ch_text_add(&o, "\n");
    }
    ch_text_add(&o, "%s:", L[7]);
    put_cards(&o, s, s->disc, s->ndisc);
    ch_text_add(&o, "\n");
    for (int p = 0; p < s->n; p++) {
        ch_text_add(&o, "P%d%s %s:", p, p == viewer ? "*" : " ", L[8]);
        put_known(&o, s, s->hand[p], s->nhand[p], viewer);
        if (s->npack[p] || s->phase == DB_PH_DRAFT) {
            ch_text_add(&o, "  pack:");
            put_known(&o, s, s->pack[p], s->npack[p], viewer);
        }
        if (s->nkept[p]) {
            ch_text_add(&o, "  kept:");
            put_known(&o, s, s->kept[p], s->nkept[p], viewer);
        }
        if (s->n == 2 && s->ntaken[p]) {
            ch_text_add(&o, "  taken:");
            put_known(&o, s, s->taken[p], s->ntaken[p], viewer);
        }
        if (s->n == 2 && s->ndrow[p]) {
            ch_text_add(&o, "  discarded:");
            put_cards(&o, s, s->drow[p], s->ndrow[p]);
        }
        if (s->nvrow[p]) {
            ch_text_add(&o, "  villains:");
            put_cards(&o, s, s->vrow[p], s->nvrow[p]);
        }
        if (s->nscore[p]) {
            ch_text_add(&o, "  %s:", L[9]);
            put_cards(&o, s, s->score[p], s->nscore[p]);
        }
        ch_text_add(&o, "\n");
    }
    if (s->last_out != DB_OUT_NONE) {
        char v[40], d[40] = "-";
        card_long(s, s->last_villain, v, sizeof v);
        if (s->last_drawn != DB_NONE) card_long(s, s->last_drawn, d, sizeof d);
        ch_text_add(&o, "last raid turn: P%d %s -> %s: %s\n", s->last_raider, v, d,
                    outcome[lang == CH_LANG_JA][s->last_out]);
    }
    if (s->centre != DB_NONE) {
        char v[40];
        card_long(s, s->centre, v, sizeof v);
        ch_text_add(&o, "centre: %s (P%d raids P%d)\n", v, s->raider, s->target);
    }
    static const char *const prompt[6] = {"choose a card to keep from your pack",
                                          "keep one of your two cards, discard the other",
                                          "play a villain",
                                          "put your next hand card in place",
                                          "draw a card by position",
                                          "game over"};
    if (s->phase == DB_PH_OVER)
        ch_text_add(&o, "%s\n", prompt[DB_PH_OVER]);
    else
        ch_text_add(&o, "to move: P%d — %s\n", s->mover, prompt[s->phase]);
    return ch_text_len(&o);
}
