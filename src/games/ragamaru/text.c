/* RAGAMARU text: action notation (docs/notation/ragamaru.md), action names
 * in English and Japanese, and the terminal board. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cardhall/text.h"
#include "internal.h"

static void put_card(ch_text *o, int face)
{
    char t[16];
    rg_card_text(face, t, sizeof t);
    ch_text_add(o, "%s", t);
}

int rg_action_text(const void *st, ch_action a, char *buf, size_t cap)
{
    const rg_state *s = st;
    rg_move m;
    rg_decode(a, &m);
    ch_text o;
    ch_text_init(&o, buf, cap);
    switch (m.kind) {
    case RG_A_KICKOFF:
        ch_text_add(&o, "kickoff %s", rg_box.colour_code[m.colour]);
        break;
    case RG_A_DRAW:
        ch_text_add(&o, "draw");
        break;
    case RG_A_PASS:
        ch_text_add(&o, "pass");
        break;
    case RG_A_ACCEPT:
        ch_text_add(&o, "accept");
        break;
    case RG_A_KEEP:
        ch_text_add(&o, "keep");
        break;
    case RG_A_DECLARE:
        ch_text_add(&o, "declare %s", rg_box.colour_code[m.colour]);
        if (m.decl) ch_text_add(&o, "%d", m.decl);
        break;
    case RG_A_DISCARD:
        ch_text_add(&o, "discard ");
        put_card(&o, m.face);
        break;
    case RG_A_PLAY: {
        int cards[8], k = rg_play_cards(s, &m, cards);
        for (int i = 0; i < k; i++) {
            ch_text_add(&o, "%s", i ? " " : "");
            put_card(&o, cards[i]);
        }
        if (m.type == RG_SIN || m.type == RG_TMO)
            ch_text_add(&o, " %s", rg_box.colour_code[m.colour]);
        break;
    }
    }
    return ch_text_len(&o);
}

static void put_names(ch_text *o, const rg_state *s, const rg_move *m, ch_lang lang)
{
    int cards[8], k = rg_play_cards(s, m, cards);
    for (int i = 0; i < k; i++) {
        char name[96];
        rg_card_name(cards[i], lang, name, sizeof name);
        ch_text_add(o, "%s%s", i ? (lang == CH_LANG_JA ? "、" : ", ") : "", name);
    }
}

int rg_action_name(const void *st, ch_action a, int viewer, ch_lang lang, char *buf, size_t cap)
{
    const rg_state *s = st;
    rg_move m;
    rg_decode(a, &m);
    ch_text o;
    ch_text_init(&o, buf, cap);
    int ja = lang == CH_LANG_JA;
    const char *col = rg_colour_name(m.colour, lang);
    (void)viewer; /* no action reveals a hidden card before it is played */
    switch (m.kind) {
    case RG_A_KICKOFF:
        ch_text_add(&o,
                    ja ? "キックオフの色に%sを指定する({P%d}の最初のカードの色)"
                       : "Name %s for the kickoff (the colour of {P%d}'s first card)",
                    col, s->first);
        break;
    case RG_A_DRAW:
        ch_text_add(&o, ja ? "山札から1枚引く" : "Draw a card from the stock");
        break;
    case RG_A_PASS:
        ch_text_add(&o, ja ? "パスする" : "Pass");
        break;
    case RG_A_ACCEPT:
        if (s->ptype == RG_SIN)
            ch_text_add(&o, ja ? "シンビンを受けて%d回休みになる" : "Accept the Sin Bin: %d rest%s",
                        s->ptotal, ja || s->ptotal == 1 ? "" : "s");
        else {
            /* Only what the stock and the pile below the top hold can be
             * drawn (RG-70, RG-71): say what really happens. */
            int k = rg_drawable(s) < s->ptotal ? rg_drawable(s) : s->ptotal;
            if (k == s->ptotal)
                ch_text_add(&o,
                            ja ? "攻撃を受けて山札から%d枚引く"
                               : "Accept the attack and draw %d card%s",
                            k, k == 1 ? "" : "s");
            else if (k == 0)
                ch_text_add(&o,
                            ja ? "攻撃(%d枚)を受ける。引けるカードは残っていない"
                               : "Accept the attack of %d cards; nothing is left to draw",
                            s->ptotal);
            else
                ch_text_add(&o,
                            ja ? "攻撃(%d枚)を受けて、残る%d枚だけ山札から引く"
                               : "Accept the attack of %d cards and draw the %d left",
                            s->ptotal, k);
        }
        break;
    case RG_A_DECLARE:
        if (m.decl == 0)
            ch_text_add(&o, ja ? "リザーブの色に%sを指定する" : "Declare %s for the Reserve", col);
        else
            ch_text_add(&o,
                        ja ? "リザーブの数字に%dを指定する(%sの%d)"
                           : "Declare %d for the Reserve (%s %d)",
                        m.decl, col, m.decl);
        break;
    case RG_A_KEEP:
        ch_text_add(&o, ja ? "これ以上は捨てない" : "Discard nothing more");
        break;
    case RG_A_DISCARD: {
        char name[96];
        rg_card_name(m.face, lang, name, sizeof name);
        ch_text_add(&o, ja ? "アドバンテージで%sを捨てる" : "Discard %s with the Advantage", name);
        break;
    }
    case RG_A_PLAY:
        ch_text_add(&o, "%s", ja ? "" : "Play ");
        put_names(&o, s, &m, lang);
        ch_text_add(&o, "%s", ja ? "を出す" : "");
        if (m.type == RG_RES)
            ch_text_add(&o, ja ? "(次に色と数字を指定)" : ", then declare a colour and number");
        if (m.type == RG_SIN || m.type == RG_TMO)
            ch_text_add(&o, ja ? "(%sを指定)" : " and name %s", col);
        break;
    }
    return ch_text_len(&o);
}

/* The board's lines end by this column, leaving a 120-column terminal room
 * for the seat names that fill {P<p>}. */
#define BOARD_WIDTH 100

static const char *you_mark(int p, int viewer, int ja)
{
    return p != viewer ? "" : ja ? "（あなた）" : " (you)";
}

/* A hand by the rule book's names, on its own lines under its seat. */
static void put_hand(ch_text *o, const int *faces, int n, ch_lang lang)
{
    int col = 6;
    ch_text_add(o, "\n      ");
    for (int i = 0; i < n; i++) {
        char name[96];
        rg_card_name(faces[i], lang, name, sizeof name);
        ch_text_item(o, &col, i ? (lang == CH_LANG_JA ? "、" : ", ") : "", name, "      ",
                     BOARD_WIDTH);
    }
}

/* What the player to move decides, in the game's words; at the end, how
 * the game ended. */
static void rg_prompt(const rg_state *s, int viewer, ch_text *o, ch_lang lang)
{
    int ja = lang == CH_LANG_JA, k = rg_drawable(s) < s->ptotal ? rg_drawable(s) : s->ptotal;
    if (s->phase != RG_PH_OVER && s->turn == viewer)
        ch_text_add(o, ja ? "あなたの番: " : "Your turn: ");
    else if (s->phase != RG_PH_OVER)
        ch_text_add(o, "{P%d}: ", s->turn);
    switch (s->phase) {
    case RG_PH_KICKOFF:
        ch_text_add(o,
                    ja ? "キックオフの色を指定。最初に出すのは{P%d}で、その最初のカードはこの色\n"
                       : "name the kickoff colour: {P%d} plays first, and their first card must be "
                         "of this colour\n",
                    s->first);
        break;
    case RG_PH_PLAY:
        if (rg_dry(s))
            ch_text_add(o, ja ? "カードを出すかパス(山札も捨て札も尽きて引けない)\n"
                              : "play cards or pass (nothing is left to draw)\n");
        else
            ch_text_add(o, ja ? "カードを出すか山札から引く\n" : "play cards or draw\n");
        break;
    case RG_PH_DRAWN:
        ch_text_add(o, ja ? "引いたカードを出すかパス\n" : "play the drawn card or pass\n");
        break;
    case RG_PH_RESPOND:
        if (s->ptype == RG_SIN) {
            ch_text_add(o,
                        ja ? "シンビンを出して次の人に回すか、受けて%d回休む\n"
                           : "pass the Sin Bin on with a Sin Bin, or accept %d rests\n",
                        s->ptotal);
            break;
        }
        ch_text_add(o, ja ? "攻撃に応じる(" : "answer the attack (");
        if (!s->pclosed) {
            ch_text_add(o, ja ? "%s、" : "%s, ", rg_type_name(s->ptype, lang));
            if (s->ptype == RG_TRY)
                ch_text_add(o, ja ? "%s、" : "%s, ", rg_type_name(RG_CONV, lang));
        }
        ch_text_add(o, "%s", rg_type_name(RG_TMO, lang));
        if (k == s->ptotal)
            ch_text_add(o, ja ? ")か、受けて%d枚引く\n" : ") or accept and draw %d\n", k);
        else if (k == 0)
            ch_text_add(o, ja ? ")か受ける(引けるカードは残っていない)\n"
                              : ") or accept (nothing is left to draw)\n");
        else
            ch_text_add(
                o, ja ? ")か、受けて残りの%d枚だけ引く\n" : ") or accept: only %d left to draw\n",
                k);
        break;
    case RG_PH_DISCARD:
        ch_text_add(o,
                    ja ? "アドバンテージで最大%d枚捨てるか、捨てない\n"
                       : "discard up to %d with the Advantage, or keep\n",
                    s->adv_left);
        break;
    case RG_PH_DECLARE:
        if (s->C == RG_ANY)
            ch_text_add(o, ja ? "リザーブの色を指定\n" : "declare the Reserve's colour\n");
        else
            ch_text_add(o,
                        ja ? "リザーブの数字を指定(色は%s)\n"
                           : "declare the Reserve's number (colour %s)\n",
                        rg_colour_name(s->C, lang));
        break;
    case RG_PH_OVER:
        switch (rg_end_reason(s)) {
        case RG_EV_OUT:
            ch_text_add(o, ja ? "{P%d}があがり!\n" : "{P%d} went out and wins\n", s->winner);
            break;
        case RG_EV_DRY:
            ch_text_add(o, ja ? "引き分け: 引けるカードがなく全員がパス\n"
                              : "a draw: nothing left to draw and every player passed\n");
            break;
        default:
            ch_text_add(o,
                        ja ? "引き分け: 手番が%u回に達した\n"
                           : "a draw: the turn arrived %u times, the limit\n",
                        s->max_arrivals);
            break;
        }
        break;
    }
}

/* Seats are written {P<p>} for the table layer to name, cards by the rule
 * book's names (issue 24); a hand goes on its own lines, wrapped. */
int rg_render(const void *st, int viewer, ch_lang lang, char *buf, size_t cap)
{
    const rg_state *s = st;
    ch_text o;
    ch_text_init(&o, buf, cap);
    int ja = lang == CH_LANG_JA;
    ch_text_add(&o, ja ? "RAGAMARU  %d人  %s  席順:" : "RAGAMARU  %d players  %s  order:", s->np,
                s->dir > 0 ? (ja ? "時計回り" : "clockwise")
                           : (ja ? "反時計回り" : "counter-clockwise"));
    for (int i = 0; i < s->np; i++)
        ch_text_add(&o, "%s{P%d}", i ? (ja ? "、" : ", ") : " ", s->order[i]);
    ch_text_add(&o, "\n");
    ch_text_add(&o, ja ? "山札 %d枚  捨て札 %d枚  場:" : "stock %d  discard %d  top:", s->nstock,
                s->ndisc);
    if (s->ndisc) {
        char name[96];
        rg_card_name(s->disc[s->ndisc - 1], lang, name, sizeof name);
        ch_text_add(&o, " %s", name);
    } else {
        ch_text_add(&o, " -");
    }
    if (s->phase == RG_PH_DECLARE && s->C == RG_ANY) /* the Reserve's colour is coming */
        ch_text_add(&o, ja ? "  色: 指定中" : "  colour: being declared");
    else
        ch_text_add(&o, ja ? "  色: %s" : "  colour: %s", rg_colour_name(s->C, lang));
    if (s->N) ch_text_add(&o, ja ? "  数字: %d" : "  number: %d", s->N);
    if (s->T != RG_NONE && s->T != RG_NUMBER)
        ch_text_add(&o, ja ? "  カード: %s" : "  card: %s", rg_type_name(s->T, lang));
    ch_text_add(&o, "\n");
    if (s->ptype == RG_SIN)
        ch_text_add(&o, ja ? "シンビン: %d回休みが次の人に\n" : "Sin Bin pending: %d rests\n",
                    s->ptotal);
    else if (s->ptype != RG_NONE)
        ch_text_add(&o, ja ? "%s攻撃: %d枚%s\n" : "%s attack pending: %d cards%s\n",
                    rg_type_name(s->ptype, lang), s->ptotal,
                    s->pclosed ? (ja ? "(コンバージョン済み)" : " (converted)") : "");
    int over = s->phase == RG_PH_OVER;
    for (int p = 0; p < s->np; p++) {
        ch_text_add(&o, "%s{P%d}%s", p == s->turn && !over ? "-> " : "   ", p,
                    you_mark(p, viewer, ja));
        if (s->teams) ch_text_add(&o, ja ? "  チーム%d" : "  team %d", rg_team_of(s, p));
        ch_text_add(&o, ja ? "  %d枚" : "  %d cards", s->hand[p].n);
        if (s->rests[p]) ch_text_add(&o, ja ? "  休み%d" : "  rests %d", s->rests[p]);
        /* At the end every hand is laid open. */
        if (p == viewer || viewer == CH_ALL || over) {
            int faces[RG_DECK_MAX], n = rg_hand_faces(&s->hand[p], faces);
            if (s->phase == RG_PH_DRAWN && s->turn == p) {
                char name[96];
                rg_card_name(s->drawn, lang, name, sizeof name);
                ch_text_add(&o, ja ? "  (引いたカード: %s)" : "  (drew %s)", name);
            }
            if (n) put_hand(&o, faces, n, lang);
        }
        ch_text_add(&o, "\n");
    }
    rg_prompt(s, viewer, &o, lang);
    return ch_text_len(&o);
}

/* Splits text at white space into at most max words of at most 15 bytes,
 * upper-cased; -1 when it holds more or longer ones. */
enum { PLAY_WORDS = 12, WORD_MAX = 16 };

static int words(const char *text, char w[][WORD_MAX], int max)
{
    int n = 0;
    for (const char *p = text; *p;) {
        if (isspace((unsigned char)*p)) {
            p++;
            continue;
        }
        if (n == max) return -1;
        size_t k = 0;
        for (; *p && !isspace((unsigned char)*p); p++) {
            if (k + 1 == WORD_MAX) return -1;
            w[n][k++] = (char)toupper((unsigned char)*p);
        }
        w[n++][k] = '\0';
    }
    return n;
}

static int by_text(const void *a, const void *b)
{
    return strcmp(a, b);
}

/* RG-36: two plays are the same action when they hold the same cards and
 * the same top card (the last one written; a named colour follows it, so
 * it stays last too) and, when the top card is CONV, the same Try under
 * it. The notation writes one order; a player may type any of them. */
int rg_same_play(const char *typed, const char *written)
{
    char a[PLAY_WORDS][WORD_MAX], b[PLAY_WORDS][WORD_MAX];
    int n = words(typed, a, PLAY_WORDS);
    if (n < 3 || words(written, b, PLAY_WORDS) != n) return 0;
    if (strcmp(a[n - 1], b[n - 1]) != 0) return 0;
    if (strcmp(a[n - 1], "CONV") == 0 && strcmp(a[n - 2], b[n - 2]) != 0) return 0;
    qsort(a, (size_t)n, sizeof a[0], by_text);
    qsort(b, (size_t)n, sizeof b[0], by_text);
    for (int i = 0; i < n; i++)
        if (strcmp(a[i], b[i]) != 0) return 0;
    return 1;
}
