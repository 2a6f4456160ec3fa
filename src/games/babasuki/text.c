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

/* A card as a player says it, never its code: "Villain 9 (Moon)",
 * "Treasure 21 (Sun, Moon, Flower, Water)", "Cat 22"; in Japanese
 * "ヴィラン9(月)". Suit letters other than the default file's four stay letters. */
int db_card_say(const db_state *s, int face, int ja, char *buf, size_t cap)
{
    static const char *const type_en[] = {"Villain", "Hero", "Treasure", "Cat"};
    static const char *const type_ja[] = {"ヴィラン", "ヒーロー", "おたから", "ねこ"};
    static const struct {
        char letter;
        const char *en, *ja;
    } suit[] = {
        {'S', "Sun", "太陽"}, {'M', "Moon", "月"}, {'F', "Flower", "花"}, {'W', "Water", "水"}};
    const db_card *c = &s->card[face];
    ch_text t;
    ch_text_init(&t, buf, cap);
    ch_text_add(&t, ja ? "%s%d" : "%s %d", (ja ? type_ja : type_en)[c->type], c->no);
    int any = 0;
    for (const char *o = s->suit_order; *o; o++) {
        if (!(c->suits >> (*o - 'A') & 1)) continue;
        const char *w = NULL;
        for (size_t i = 0; i < sizeof suit / sizeof suit[0]; i++)
            if (suit[i].letter == *o) w = ja ? suit[i].ja : suit[i].en;
        ch_text_add(&t, "%s", !any ? (ja ? "(" : " (") : ja ? "・" : ", ");
        if (w)
            ch_text_add(&t, "%s", w);
        else
            ch_text_add(&t, "%c", *o);
        any = 1;
    }
    if (any) ch_text_add(&t, ")");
    return ch_text_len(&t);
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

const char *const db_outcome_text[2][6] = {
    {"", "treasure stolen", "villain caught by the hero", "hero and villain discarded",
     "no match, card returned", "no target, villain discarded"},
    {"", "おたからを奪った", "ヒーローがヴィランを捕まえた", "ヒーローとヴィランが捨て札",
     "共通スートなし、カードは戻る", "引ける手札なし、ヴィランは捨て札"},
};

/* Names speak to the mover ("Keep Hero 8 (Sun)"), like every game's. A
 * hidden choice stays hidden from the others; a raid's drawn card and
 * outcome are public once done, so every viewer gets them. */
int db_action_name(const void *st, ch_action a, int viewer, ch_lang lang, char *buf, size_t cap)
{
    const db_state *s = st;
    int kind = (int)(a >> 8), arg = (int)(a & 0xff), p = s->mover;
    int ja = lang == CH_LANG_JA;
    int sees = viewer == CH_ALL || viewer == p;
    char c[64];
    if (kind != DB_A_DRAW) db_card_say(s, arg, ja, c, sizeof c);
    switch (kind) {
    case DB_A_KEEP:
        if (!sees) return snprintf(buf, cap, ja ? "カードを1枚選んで確保する" : "Choose a card");
        if (s->phase == DB_PH_ACQUIRE) {
            char o[64];
            int other = db_taken(s, p)[0] == arg ? db_taken(s, p)[1] : db_taken(s, p)[0];
            db_card_say(s, other, ja, o, sizeof o);
            return snprintf(buf, cap, ja ? "%s を確保し、%s を捨てる" : "Keep %s and discard %s", c,
                            o);
        }
        return snprintf(buf, cap, ja ? "%s を確保する" : "Keep %s", c);
    case DB_A_PLAY: {
        int t = db_find_target(s, p);
        if (t < 0)
            return snprintf(buf, cap,
                            ja ? "%s を出す。引ける手札がないので捨て札になる"
                               : "Play %s; no one has a hand card, so it is discarded",
                            c);
        /* Without DB-V3's arranging, the blind draw happens at once. */
        db_state next = *s;
        db_game.apply(&next, a);
        char d[64];
        if (next.last_out == DB_OUT_NONE || next.last_villain != arg ||
            next.last_drawn == DB_NONE || next.phase == DB_PH_ARRANGE || next.phase == DB_PH_DRAW)
            return snprintf(buf, cap,
                            ja ? "%s を中央に出し、{P%d} の手札から1枚引く"
                               : "Play %s and draw from {P%d}'s hand",
                            c, t);
        db_card_say(&next, next.last_drawn, ja, d, sizeof d);
        if (ja)
            return snprintf(buf, cap, "%s を中央に出し、{P%d} の手札から %s を引く ── %s", c, t, d,
                            db_outcome_text[1][next.last_out]);
        return snprintf(buf, cap, "Play %s, draw %s from {P%d}'s hand — %s", c, d, t,
                        db_outcome_text[0][next.last_out]);
    }
    case DB_A_PUT:
        if (!sees) return snprintf(buf, cap, ja ? "手札を並べ替える" : "Arrange the hand");
        return snprintf(buf, cap,
                        ja ? "%s を手札の %d 枚目に置く" : "Put %s at position %d of the hand", c,
                        s->arranged + 1);
    default: {
        db_state next = *s;
        db_game.apply(&next, a);
        db_card_say(&next, next.last_drawn, ja, c, sizeof c);
        if (ja)
            return snprintf(buf, cap, "{P%d} の手札の %d 枚目を引く: %s ── %s", s->target, arg + 1,
                            c, db_outcome_text[1][next.last_out]);
        return snprintf(buf, cap, "Draw card %d of {P%d}'s hand: %s — %s", arg + 1, s->target, c,
                        db_outcome_text[0][next.last_out]);
    }
    }
}

/* A choice before it is made: a raid's draw is named without the card it
 * will draw or its outcome, which the seat cannot know yet. */
int db_choice_name(const void *st, ch_action a, ch_lang lang, char *buf, size_t cap)
{
    const db_state *s = st;
    int kind = (int)(a >> 8), arg = (int)(a & 0xff), ja = lang == CH_LANG_JA;
    char c[64];
    if (kind == DB_A_PLAY && db_find_target(s, s->mover) >= 0) {
        db_card_say(s, arg, ja, c, sizeof c);
        return snprintf(buf, cap,
                        ja ? "%s を中央に出し、{P%d} の手札から1枚引く"
                           : "Play %s and draw from {P%d}'s hand",
                        c, db_find_target(s, s->mover));
    }
    if (kind == DB_A_DRAW && ja)
        return snprintf(buf, cap, "{P%d} の手札の %d 枚目を引く", s->target, arg + 1);
    if (kind == DB_A_DRAW)
        return snprintf(buf, cap, "Draw card %d of {P%d}'s hand", arg + 1, s->target);
    return db_action_name(st, a, s->mover, lang, buf, cap);
}

/* ---- The board ---- */

/* The board's lines end by this column, leaving a 120-column terminal room
 * for the seat names that fill {P<p>}. */
#define BOARD_WIDTH 100
#define LIST_INDENT "      "

static const char *you_mark(int p, int viewer, int ja)
{
    return p != viewer ? "" : ja ? "（あなた）" : " (you)";
}

/* Sorts a pile by No (types come in No order), so a player finds a card at
 * a glance; only a hand whose order the target has set for the draw (DB-V3)
 * keeps its order. */
static void sort_cards(uint8_t *k, int n)
{
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && k[j - 1] > k[j]; j--) {
            uint8_t t = k[j];
            k[j] = k[j - 1];
            k[j - 1] = t;
        }
}

/* A list of cards as a player says them, after a label, wrapped under it. */
static void put_cards(ch_text *o, const db_state *s, int col, const char *label, const uint8_t *c,
                      int n, int keep_order, int ja)
{
    uint8_t k[DB_NCARDS];
    memcpy(k, c, (size_t)n);
    if (!keep_order) sort_cards(k, n);
    ch_text_add(o, "%s:", label);
    col += ch_text_width(label) + 1;
    char t[96];
    for (int i = 0; i < n; i++) {
        db_card_say(s, k[i], ja, t, sizeof t);
        ch_text_item(o, &col, i ? (ja ? "、" : ", ") : " ", t, LIST_INDENT, BOARD_WIDTH);
    }
    if (!n) ch_text_add(o, " -");
}

/* The cards of a hidden zone that viewer knows (all of them if it is
 * theirs), as an indented line under the seat; nothing when none. */
static void put_known(ch_text *o, const db_state *s, const char *label, const uint8_t *c, int n,
                      int viewer, int keep_order, int ja)
{
    uint8_t k[DB_MAXHAND];
    int m = 0;
    for (int i = 0; i < n; i++)
        if (db_knows(s, viewer, c[i])) k[m++] = c[i];
    if (!m) return;
    ch_text_add(o, "    ");
    put_cards(o, s, 4, label, k, m, keep_order, ja);
    ch_text_add(o, "\n");
}

/* A public zone, every card shown, as an indented line under the seat. */
static void put_open(ch_text *o, const db_state *s, const char *label, const uint8_t *c, int n,
                     int keep_order, int ja)
{
    if (!n) return;
    ch_text_add(o, "    ");
    put_cards(o, s, 4, label, c, n, keep_order, ja);
    ch_text_add(o, "\n");
}

/* The card values by name ("Villains 1-4 3/0, ..."), wrapped. */
static void put_values(ch_text *o, const db_state *s, const char *label, int ja)
{
    char all[1024];
    ch_text v;
    ch_text_init(&v, all, sizeof all);
    db_put_values(&v, s->card, ja ? CH_LANG_JA : CH_LANG_EN);
    ch_text_add(o, "%s:", label);
    int col = ch_text_width(label) + 1, first = 1;
    const char *sep = ja ? "、" : ", ";
    /* db_put_values writes " a, b" (en) or " a、b" (ja): split at sep. */
    for (char *item = all + (all[0] == ' '); *item; first = 0) {
        char *end = strstr(item, ja ? "、" : ",");
        if (end) *end = '\0';
        ch_text_item(o, &col, first ? " " : sep, item, LIST_INDENT, BOARD_WIDTH);
        if (!end) break;
        item = end + (ja ? strlen("、") : 1);
        while (*item == ' ')
            item++;
    }
    ch_text_add(o, "\n");
}

/* One word per thing, in each language (the rule book's terms in ja). */
enum {
    L_TITLE,
    L_ROUND,
    L_DIR,
    L_LEFT,
    L_RIGHT,
    L_DEALER,
    L_TARGET,
    L_ONE_SHOT,
    L_SUDDEN,
    L_TOTALS,
    L_LAST,
    L_DISCARD,
    L_HAND,
    L_SECURED,
    L_PACK,
    L_KEPT,
    L_TAKEN,
    L_ASIDE_ROW,
    L_VILLAINS,
    L_LAST_RAID,
    L_CENTRE,
    L_RAIDS,
    L_TO_MOVE,
    L_VALUES,
    L_N
};
static const char *const label[2][L_N] = {
    {"Draft Babasuki", "round",     "pass/draw",  "left",
     "right",          "dealer",    "target",     "one-shot",
     "sudden death",   "totals",    "last round", "discard",
     "hand",           "secured",   "pack",       "kept",
     "taken",          "set aside", "villains",   "last raid",
     "centre",         "raids",     "to move",    "values (secured/hand)"},
    {"ドラフト・ババスキ!",
     "ラウンド",
     "受け渡し/引く向き",
     "左",
     "右",
     "ディーラー",
     "目標",
     "1ラウンド勝負",
     "サドンデス",
     "合計",
     "前ラウンド",
     "捨て札",
     "手札",
     "確保",
     "パック",
     "選んだ札",
     "取った札",
     "脇に置いた札",
     "ヴィラン",
     "前の襲撃",
     "中央",
     "が襲撃",
     "手番",
     "点数 (確保/手札)"},
};

static const char *const legend[2] = {
    "a villain matches a card sharing a suit; each zone: its count, then the cards you know",
    "ヴィランはスートが1つでも共通する札と一致; 置き場ごとに枚数と、分かっている札",
};

static void put_prompt(ch_text *o, const db_state *s, int viewer, int ja)
{
    const char *const *L = label[ja];
    if (s->phase == DB_PH_OVER) {
        ch_text_add(o, ja ? "ゲーム終了\n" : "game over\n");
        return;
    }
    if (s->mover == viewer)
        ch_text_add(o, ja ? "あなたの番 — " : "Your turn — ");
    else
        ch_text_add(o, "%s: {P%d} — ", L[L_TO_MOVE], s->mover);
    int t = s->phase == DB_PH_RAID ? db_find_target(s, s->mover) : s->target;
    switch (s->phase) {
    case DB_PH_DRAFT:
        ch_text_add(o, ja ? "パックから確保する1枚を選ぶ (keep ...)\n"
                          : "choose a card to keep from your pack (keep ...)\n");
        break;
    case DB_PH_ACQUIRE:
        ch_text_add(o, ja ? "取った2枚から1枚を残し、1枚を脇に置く (keep ...)\n"
                          : "keep one of your two cards, set the other aside (keep ...)\n");
        break;
    case DB_PH_RAID:
        if (t >= 0)
            ch_text_add(o,
                        ja ? "ヴィランを出して {P%d} の手札から引く (play ...)\n"
                           : "play a villain to draw from {P%d}'s hand (play ...)\n",
                        t);
        else
            ch_text_add(o, ja ? "ヴィランを出す。引ける手札はない (play ...)\n"
                              : "play a villain; no one has a hand card to draw (play ...)\n");
        break;
    case DB_PH_ARRANGE:
        ch_text_add(o,
                    ja ? "{P%d} に引かれる前に、手札の%d枚目に置く札を選ぶ (put ...)\n"
                       : "before {P%d} draws, choose your card for position %d (put ...)\n",
                    s->raider, s->arranged + 1);
        break;
    default:
        ch_text_add(o,
                    ja ? "{P%d} の手札から位置で1枚引く (draw 1 〜 draw %d)\n"
                       : "draw a card of {P%d}'s hand by position (draw 1 to draw %d)\n",
                    t, s->nhand[t]);
    }
}

/* Seats are written {P<p>} for the table layer to name, cards as a player
 * says them (issue 24): a line of counts per seat, then each zone whose
 * cards the viewer knows on its own wrapped line. */
int db_render(const void *st, int viewer, ch_lang lang, char *buf, size_t cap)
{
    const db_state *s = st;
    int ja = lang == CH_LANG_JA;
    const char *const *L = label[ja];
    const char *sep = ja ? "、" : ", ";
    ch_text o;
    ch_text_init(&o, buf, cap);
    if (cap) buf[0] = '\0';
    ch_text_add(&o, "%s  %s %d  %s: %s  %s: {P%d}%s  %s %d%s%s%s%s\n", L[L_TITLE], L[L_ROUND],
                s->round, L[L_DIR], L[s->round % 2 ? L_LEFT : L_RIGHT], L[L_DEALER], s->dealer,
                you_mark(s->dealer, viewer, ja), L[L_TARGET], s->target_score,
                s->one_shot ? "  " : "", s->one_shot ? L[L_ONE_SHOT] : "", s->sd_active ? "  " : "",
                s->sd_active ? L[L_SUDDEN] : "");
    ch_text_add(&o, "%s\n", legend[ja]);
    put_values(&o, s, L[L_VALUES], ja);
    ch_text_add(&o, "%s:", L[L_TOTALS]);
    for (int p = 0; p < s->n; p++)
        ch_text_add(&o, "%s{P%d}%s %d", p ? sep : " ", p, you_mark(p, viewer, ja), s->total[p]);
    ch_text_add(&o, "\n");
    if (s->rounds_done) {
        ch_text_add(&o, "%s:", L[L_LAST]);
        for (int p = 0; p < s->n; p++)
            ch_text_add(&o, "%s{P%d} %d+%d=%d", p ? sep : " ", p, s->last_secured[p],
                        s->last_hand[p], s->last_round[p]);
        ch_text_add(&o, "\n");
    }
    put_cards(&o, s, 0, L[L_DISCARD], db_disc(s), s->ndisc, 0, ja);
    ch_text_add(&o, "\n");
    for (int p = 0; p < s->n; p++) {
        /* The order of an arranged hand is its owner's secret (DB-V3: it is
         * arranged face down): others see the cards they know sorted. */
        int ordered = s->arranges && p == s->target &&
                      (s->phase == DB_PH_ARRANGE || s->phase == DB_PH_DRAW) &&
                      (viewer == p || viewer == CH_ALL);
        int pack = s->npack[p] || s->phase == DB_PH_DRAFT, two = s->n == 2;
        ch_text_add(&o, "{P%d}%s: %s %d", p, you_mark(p, viewer, ja), L[L_HAND], s->nhand[p]);
        if (pack) ch_text_add(&o, "%s%s %d", sep, L[L_PACK], s->npack[p]);
        if (s->nkept[p]) ch_text_add(&o, "%s%s %d", sep, L[L_KEPT], s->nkept[p]);
        if (two && s->ntaken[p]) ch_text_add(&o, "%s%s %d", sep, L[L_TAKEN], s->ntaken[p]);
        if (two && s->ndrow[p]) ch_text_add(&o, "%s%s %d", sep, L[L_ASIDE_ROW], s->ndrow[p]);
        if (s->nvrow[p]) ch_text_add(&o, "%s%s %d", sep, L[L_VILLAINS], s->nvrow[p]);
        if (s->nscore[p]) ch_text_add(&o, "%s%s %d", sep, L[L_SECURED], s->nscore[p]);
        ch_text_add(&o, "\n");
        put_known(&o, s, L[L_HAND], db_hand(s, p), s->nhand[p], viewer, ordered, ja);
        if (pack) put_known(&o, s, L[L_PACK], db_pack(s, p), s->npack[p], viewer, 0, ja);
        put_known(&o, s, L[L_KEPT], db_kept(s, p), s->nkept[p], viewer, 0, ja);
        if (two) put_known(&o, s, L[L_TAKEN], db_taken(s, p), s->ntaken[p], viewer, 0, ja);
        if (two) put_open(&o, s, L[L_ASIDE_ROW], db_drow(s, p), s->ndrow[p], 1, ja);
        put_open(&o, s, L[L_VILLAINS], db_vrow(s, p), s->nvrow[p], 0, ja);
        put_open(&o, s, L[L_SECURED], db_score(s, p), s->nscore[p], 1, ja);
    }
    if (s->last_out != DB_OUT_NONE) {
        char v[96], d[96];
        db_card_say(s, s->last_villain, ja, v, sizeof v);
        ch_text_add(&o, ja ? "%s: {P%d} が %s を出した" : "%s: {P%d} played %s", L[L_LAST_RAID],
                    s->last_raider, v);
        if (s->last_drawn != DB_NONE) {
            db_card_say(s, s->last_drawn, ja, d, sizeof d);
            if (ja)
                ch_text_add(&o, "、{P%d} の手札から %s を引いた", s->last_target, d);
            else
                ch_text_add(&o, ", drew %s from {P%d}", d, s->last_target);
        }
        /* The outcome on a line of its own: two long card names fill one. */
        ch_text_add(&o, "\n    %s\n", db_outcome_text[ja][s->last_out]);
    }
    if (s->centre != DB_NONE) {
        char v[96];
        db_card_say(s, s->centre, ja, v, sizeof v);
        ch_text_add(&o, ja ? "%s: %s ({P%d} が {P%d} を襲撃)\n" : "%s: %s ({P%d} raids {P%d})\n",
                    L[L_CENTRE], v, s->raider, s->target);
    }
    put_prompt(&o, s, viewer, ja);
    return ch_text_len(&o);
}
