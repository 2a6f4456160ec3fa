/* Rack-O in words: card and action notation (docs/notation/racko.md), move
 * names in English and Japanese, and the terminal board. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cardhall/racko.h"
#include "cardhall/text.h"
#include "internal.h"

int rk_card_text(int face, char *buf, size_t cap)
{
    return snprintf(buf, cap, "%d", face);
}

int rk_card_parse(const char *text, int *face)
{
    char *end;
    long v = strtol(text, &end, 10);
    if (end == text || *end || v < 1 || v > RK_MAX_CARD) return CH_EINVAL;
    *face = (int)v;
    return CH_OK;
}

int rk_action_text(const void *st, ch_action a, char *buf, size_t cap)
{
    (void)st;
    switch (a) {
    case RK_A_DRAW:
        return snprintf(buf, cap, "draw");
    case RK_A_TAKE:
        return snprintf(buf, cap, "take");
    case RK_A_DISCARD:
        return snprintf(buf, cap, "discard");
    case RK_A_DECLARE:
        return snprintf(buf, cap, "declare");
    case RK_A_END_TURN:
        return snprintf(buf, cap, "end");
    default:
        return snprintf(buf, cap, "swap %d", 5 * (int)(a - RK_A_SWAP + 1));
    }
}

/* What the table sees right after a: the round ending, the pile turning
 * over. Found by playing a on a copy, which is cheap for a plain struct.
 * The round's scores are named only to the omniscient viewer: before the move
 * they depend on racks a seat cannot see, and this name is also how a seat's
 * choice is offered (a seat reads them in the round's events and summary). */
static void consequences(const rk_state *s, ch_action a, int viewer, ch_lang lang, ch_text *t)
{
    rk_state next = *s;
    rk_apply(&next, a);
    int ja = lang == CH_LANG_JA;
    if (next.hands > s->hands) {
        if (next.last_declarer == RK_NOBODY)
            ch_text_add(t, ja ? " ── 手番の上限によりラウンド無効" : " — turn cap: round void");
        else if (a != RK_A_DECLARE)
            ch_text_add(t, ja ? " ── {P%d} が「ラックオー」！" : " — {P%d}: Rack-O!",
                        next.last_declarer);
        if (viewer == CH_ALL) {
            ch_text_add(t, ja ? " 得点:" : " Round scores:");
            for (int p = 0; p < s->n; p++)
                ch_text_add(t, " %d", next.last[p]);
            if (next.phase == RK_PH_OVER) ch_text_add(t, ja ? "。ゲーム終了" : ". Game over");
        }
    } else if (s->ndeck == 0 && next.ndeck > 0) {
        ch_text_add(t,
                    ja ? " ── 山札切れ: 捨て札を裏返して山札に (新しい捨て札 %d)"
                       : " — deck empty: the discard pile is turned over (new upcard %d)",
                    next.disc[0]);
    }
}

int rk_action_name(const void *st, ch_action a, int viewer, ch_lang lang, char *buf, size_t cap)
{
    const rk_state *s = st;
    int ja = lang == CH_LANG_JA, see = rk_sees_hand(s, viewer);
    ch_text t;
    ch_text_init(&t, buf, cap);
    switch (a) {
    case RK_A_DRAW: {
        int top = s->ndeck ? s->deck[s->ndeck - 1] : 0;
        if (viewer == CH_ALL || viewer == s->turn || s->deck_public)
            ch_text_add(&t, ja ? "山札から %d を引く" : "Draw %d from the deck", top);
        else
            ch_text_add(&t, ja ? "山札から1枚引く" : "Draw a card from the deck");
        break;
    }
    case RK_A_TAKE:
        ch_text_add(&t, ja ? "捨て札の %d を取る" : "Take %d from the discard pile",
                    s->ndisc ? s->disc[s->ndisc - 1] : 0);
        break;
    case RK_A_DISCARD:
        ch_text_add(&t, ja ? "引いた %d を捨てる" : "Discard the drawn %d", s->hand);
        break;
    case RK_A_DECLARE:
        ch_text_add(&t, ja ? "「ラックオー」を宣言" : "Declare Rack-O!");
        break;
    case RK_A_END_TURN:
        ch_text_add(&t, ja ? "宣言せずに手番を終える" : "Do not declare; end the turn");
        break;
    default: {
        int i = (int)(a - RK_A_SWAP), old = s->rack[s->turn][i];
        if (see)
            ch_text_add(&t, ja ? "%d を #%d に入れ、%d を捨てる" : "Put %d in #%d, discard %d",
                        s->hand, 5 * (i + 1), old);
        else
            ch_text_add(&t,
                        ja ? "引いたカードを #%d に入れ、%d を捨てる"
                           : "Put the drawn card in #%d, discard %d",
                        5 * (i + 1), old);
        break;
    }
    }
    if ((a == RK_A_DRAW || a == RK_A_TAKE) && s->two_player_rule == RK_2P_OPTIONAL &&
        rk_can_declare(s, s->turn))
        ch_text_add(&t, ja ? " (ラックオーを宣言しない)" : " (not declaring Rack-O)");
    consequences(s, a, viewer, lang, &t);
    return ch_text_len(&t);
}

/* A choice before it is made: the drawer does not know the deck's top card
 * yet (unless the deck's order is public, RK-26); the rest is as the mover
 * will know it, which names no hidden rack (the scores are CH_ALL's only). */
int rk_choice_name(const void *st, ch_action a, ch_lang lang, char *buf, size_t cap)
{
    const rk_state *s = st;
    if (a == RK_A_DRAW && !s->deck_public)
        return snprintf(buf, cap, "%s",
                        lang == CH_LANG_JA ? "山札から1枚引く" : "Draw a card from the deck");
    return rk_action_name(st, a, s->turn, lang, buf, cap);
}

static const char *const phase_prompt[2][5] = {
    {"draw from the deck or take the top discard", "swap the taken card into a slot",
     "swap the drawn card into a slot or discard it", "declare Rack-O or end the turn",
     "the game is over"},
    {"山札から引くか、捨て札を取る", "取ったカードをどこかのスロットと入れ替える",
     "引いたカードを入れ替えるか捨てる", "「ラックオー」を宣言するか手番を終える", "ゲーム終了"},
};

static const char *you_mark(int p, int viewer, int ja)
{
    return p != viewer ? "" : ja ? "（あなた）" : " (you)";
}

/* One rack under the slot numbers, its seat named after it ({P<p>} for the
 * table layer to fill), so names of any length keep the columns. */
static void rack_line(const rk_state *s, int viewer, int p, int ja, ch_text *t)
{
    ch_text_add(t, "  ");
    for (int i = 0; i < RK_SLOTS; i++) {
        if (rk_sees_slot(s, viewer, p, i))
            ch_text_add(t, "%4d", s->rack[p][i]);
        else
            ch_text_add(t, "   ?");
    }
    ch_text_add(t, "   {P%d}%s", p, you_mark(p, viewer, ja));
    if (rk_sees_slot(s, viewer, p, 0) && (viewer == p || viewer == CH_ALL))
        ch_text_add(t, ja ? "  昇順 %d 枚" : "  in order: %d", rk_prefix(s->rack[p]));
    if (p == s->dealer) ch_text_add(t, ja ? "  (ディーラー)" : "  (dealer)");
    ch_text_add(t, "\n");
}

int rk_render(const void *st, int viewer, ch_lang lang, char *buf, size_t cap)
{
    const rk_state *s = st;
    int ja = lang == CH_LANG_JA;
    ch_text t;
    ch_text_init(&t, buf, cap);
    ch_text_add(&t, ja ? "ラックオー  ラウンド %d  目標 %d 点\n" : "Rack-O  round %d  target %d\n",
                s->hands + (s->phase != RK_PH_OVER), s->target);
    ch_text_add(&t, ja ? "得点:" : "Scores:");
    for (int p = 0; p < s->n; p++)
        ch_text_add(&t, "%s{P%d}%s: %d", p ? (ja ? "、" : ", ") : " ", p, you_mark(p, viewer, ja),
                    s->score[p]);
    if (s->partnership)
        ch_text_add(&t,
                    ja ? "\nチーム: {P0}と{P2}: %d、{P1}と{P3}: %d"
                       : "\nteams: {P0} and {P2}: %d, {P1} and {P3}: %d",
                    rk_team_score(s, 0), rk_team_score(s, 1));
    /* Each slot's number (#5, #10, ...) over its column, four wide as the
     * cards in rack_line: one text, as the server writes a board a move. */
    static_assert(RK_SLOTS == 10, "the slot heading names ten slots");
    ch_text_add(&t, "\n    #5 #10 #15 #20 #25 #30 #35 #40 #45 #50\n");
    if (viewer >= 0) rack_line(s, viewer, viewer, ja, &t);
    for (int p = 0; p < s->n; p++)
        if (p != viewer) rack_line(s, viewer, p, ja, &t);
    ch_text_add(&t, ja ? "捨て札 (古い順):" : "Discard pile (oldest first):");
    for (int k = 0; k < s->ndisc; k++)
        ch_text_add(&t, " %d", s->disc[k]);
    ch_text_add(&t, ja ? "\n山札: %d 枚" : "\nDeck: %d cards", s->ndeck);
    if (s->deck_public && s->ndeck)
        ch_text_add(&t, ja ? " (順番は公開: 次は %d)" : " (order known: next is %d)",
                    s->deck[s->ndeck - 1]);
    ch_text_add(&t, "\n");
    if (s->hand && rk_sees_hand(s, viewer))
        ch_text_add(&t, ja ? "手にあるカード: %d\n" : "In hand: %d\n", s->hand);
    else if (s->hand)
        ch_text_add(&t, ja ? "手にあるカード: ?\n" : "In hand: ?\n");
    if (s->phase == RK_PH_OVER)
        ch_text_add(&t, "%s\n", phase_prompt[ja][RK_PH_OVER]);
    else if (viewer == s->turn)
        ch_text_add(&t, ja ? "あなたの番: %s\n" : "Your turn: %s\n", phase_prompt[ja][s->phase]);
    else
        ch_text_add(&t, ja ? "{P%d}の番\n" : "{P%d} to play\n", s->turn);
    return ch_text_len(&t);
}
