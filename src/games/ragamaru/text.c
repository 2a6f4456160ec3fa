/* RAGAMARU text: action notation (docs/notation/ragamaru.md), action names
 * in English and Japanese, and the terminal board. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "rg_int.h"

typedef struct out {
    char *buf;
    size_t cap, len;
} out;

static void put(out *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    size_t room = o->len < o->cap ? o->cap - o->len : 0;
    int n = vsnprintf(room ? o->buf + o->len : NULL, room, fmt, ap);
    va_end(ap);
    if (n > 0) o->len += (size_t)n;
}

static int done(out *o)
{
    if (o->cap && o->len >= o->cap) o->buf[o->cap - 1] = '\0';
    return (int)o->len;
}

static void put_card(out *o, int face)
{
    char t[16];
    rg_card_text(face, t, sizeof t);
    put(o, "%s", t);
}

int rg_action_text(const void *st, ch_action a, char *buf, size_t cap)
{
    const rg_state *s = st;
    rg_move m;
    rg_decode(a, &m);
    out o = {buf, cap, 0};
    if (cap) buf[0] = '\0';
    switch (m.kind) {
    case RG_A_KICKOFF:
        put(&o, "kickoff %s", rg_colour_letter[m.colour]);
        break;
    case RG_A_DRAW:
        put(&o, "draw");
        break;
    case RG_A_PASS:
        put(&o, "pass");
        break;
    case RG_A_ACCEPT:
        put(&o, "accept");
        break;
    case RG_A_KEEP:
        put(&o, "keep");
        break;
    case RG_A_DISCARD:
        put(&o, "discard ");
        put_card(&o, m.face);
        break;
    case RG_A_PLAY: {
        int cards[8], k = rg_play_cards(s, &m, cards);
        for (int i = 0; i < k; i++) {
            put(&o, i ? " " : "");
            put_card(&o, cards[i]);
        }
        if (m.type == RG_RES)
            put(&o, " %s%d", rg_colour_letter[m.colour], m.decl);
        else if (m.type == RG_SIN || m.type == RG_TMO)
            put(&o, " %s", rg_colour_letter[m.colour]);
        break;
    }
    }
    return done(&o);
}

static void put_names(out *o, const rg_state *s, const rg_move *m, ch_lang lang)
{
    int cards[8], k = rg_play_cards(s, m, cards);
    for (int i = 0; i < k; i++) {
        char name[96];
        rg_card_name(cards[i], lang, name, sizeof name);
        put(o, "%s%s", i ? (lang == CH_LANG_JA ? "、" : ", ") : "", name);
    }
}

int rg_action_name(const void *st, ch_action a, int viewer, ch_lang lang, char *buf, size_t cap)
{
    const rg_state *s = st;
    rg_move m;
    rg_decode(a, &m);
    out o = {buf, cap, 0};
    int ja = lang == CH_LANG_JA;
    const char *col = rg_colour_name(m.colour, lang);
    (void)viewer; /* no action reveals a hidden card before it is played */
    if (cap) buf[0] = '\0';
    switch (m.kind) {
    case RG_A_KICKOFF:
        put(&o, ja ? "キックオフの色に%sを指定する" : "names %s for the kickoff", col);
        break;
    case RG_A_DRAW:
        put(&o, ja ? "山札から1枚引く" : "draws a card from the deck");
        break;
    case RG_A_PASS:
        put(&o, ja ? "パスする" : "passes");
        break;
    case RG_A_ACCEPT:
        if (s->ptype == RG_SIN)
            put(&o, ja ? "シンビンを受けて%d回休みになる" : "accepts the Sin Bin: %d rests",
                s->ptotal);
        else
            put(&o, ja ? "攻撃を受けて山札から%d枚引く" : "accepts the attack and draws %d cards",
                s->ptotal);
        break;
    case RG_A_KEEP:
        put(&o, ja ? "これ以上は捨てない" : "discards nothing more");
        break;
    case RG_A_DISCARD: {
        char name[96];
        rg_card_name(m.face, lang, name, sizeof name);
        put(&o, ja ? "アドバンテージで%sを捨てる" : "discards %s with the Advantage", name);
        break;
    }
    case RG_A_PLAY:
        put(&o, ja ? "" : "plays ");
        put_names(&o, s, &m, lang);
        put(&o, ja ? "を出す" : "");
        if (m.type == RG_RES) put(&o, ja ? "(%sの%dを指定)" : " and declares %s %d", col, m.decl);
        if (m.type == RG_SIN || m.type == RG_TMO) put(&o, ja ? "(%sを指定)" : " and names %s", col);
        break;
    }
    return done(&o);
}

static const char *type_name(int t, ch_lang lang)
{
    static const char *const en[] = {"number",   "Try",       "Penalty Goal", "Drop Goal",
                                     "Cut Pass", "Kick Pass", "Return Pass",  "Loop",
                                     "Turnover", "Advantage", "Conversion",   "Reserve",
                                     "TMO",      "Sin Bin",   "RAGAMARU",     "kickoff"};
    static const char *const ja[] = {"数字",
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
                                     "RAGAMARU",
                                     "キックオフ"};
    return lang == CH_LANG_JA ? ja[t] : en[t];
}

int rg_render(const void *st, int viewer, ch_lang lang, char *buf, size_t cap)
{
    const rg_state *s = st;
    out o = {buf, cap, 0};
    int ja = lang == CH_LANG_JA;
    if (cap) buf[0] = '\0';
    put(&o, ja ? "RAGAMARU  %d人  %s  席順:" : "RAGAMARU  %d players  %s  order:", s->np,
        s->dir > 0 ? (ja ? "時計回り" : "clockwise") : (ja ? "反時計回り" : "counter-clockwise"));
    for (int i = 0; i < s->np; i++)
        put(&o, " P%d", s->order[i]);
    put(&o, "\n");
    put(&o, ja ? "山札 %d枚  捨て札 %d枚  場:" : "stock %d  discard %d  top:", s->nstock, s->ndisc);
    if (s->ndisc) {
        put(&o, " ");
        put_card(&o, s->disc[s->ndisc - 1]);
    } else {
        put(&o, " -");
    }
    put(&o, ja ? "  色: %s" : "  colour: %s", rg_colour_name(s->C, lang));
    if (s->N) put(&o, ja ? "  数字: %d" : "  number: %d", s->N);
    if (s->T != RG_NONE && s->T != RG_NUMBER)
        put(&o, ja ? "  カード: %s" : "  card: %s", type_name(s->T, lang));
    put(&o, "\n");
    if (s->ptype == RG_SIN)
        put(&o, ja ? "シンビン: %d回休みが次の人に\n" : "Sin Bin pending: %d rests\n", s->ptotal);
    else if (s->ptype != RG_NONE)
        put(&o, ja ? "%s攻撃: %d枚%s\n" : "%s attack pending: %d cards%s\n",
            type_name(s->ptype, lang), s->ptotal,
            s->pclosed ? (ja ? "(コンバージョン済み)" : " (converted)") : "");
    for (int p = 0; p < s->np; p++) {
        put(&o, "%s P%d", p == s->turn ? "->" : "  ", p);
        if (s->teams) put(&o, ja ? " チーム%d" : " team %d", rg_team_of(s, p));
        put(&o, ja ? "  %d枚" : "  %d cards", s->hand[p].n);
        if (s->rests[p]) put(&o, ja ? "  休み%d" : "  rests %d", s->rests[p]);
        if (p == viewer || viewer == CH_ALL) {
            int faces[RG_DECK_MAX], n = rg_hand_faces(&s->hand[p], faces);
            put(&o, ":");
            for (int i = 0; i < n; i++) {
                put(&o, " ");
                put_card(&o, faces[i]);
            }
            if (s->phase == RG_PH_DRAWN && s->turn == p) {
                put(&o, ja ? "  (引いたカード " : "  (drew ");
                put_card(&o, s->drawn);
                put(&o, ")");
            }
        }
        put(&o, "\n");
    }
    static const char *const prompt_en[] = {
        "choose the kickoff colour",          "play cards or draw",
        "play the drawn card or pass",        "answer the attack or accept",
        "discard with the Advantage or keep", "game over"};
    static const char *const prompt_ja[] = {
        "キックオフの色を指定", "カードを出すか山札から引く",         "引いたカードを出すかパス",
        "攻撃に応じるか受ける", "アドバンテージで捨てるか、捨てない", "ゲーム終了"};
    if (s->phase == RG_PH_OVER) {
        if (s->winner < 0)
            put(&o, ja ? "引き分け\n" : "the game is a draw\n");
        else
            put(&o, ja ? "P%dがあがり!\n" : "P%d went out and wins\n", s->winner);
    } else {
        put(&o, "P%d: %s\n", s->turn, ja ? prompt_ja[s->phase] : prompt_en[s->phase]);
    }
    return done(&o);
}
