/* What happens at the table, in words: the events of one action (every
 * Comrade move is public; only a seat's own new hand is named, to that
 * seat), the warning for a move that loses the deal on the spot, and why a
 * typed move is not legal. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "cardhall/text.h"
#include "internal.h"

static json_t *event(json_t *list, const char *type, int seat, const char *text)
{
    json_t *e = json_pack("{s:s,s:o,s:s}", "type", type, "seat",
                          seat < 0 ? json_null() : json_integer(seat), "text", text);
    json_array_append_new(list, e);
    return e;
}

static json_t *one_card(int face)
{
    char c[8];
    cm_card_text(face, c, sizeof c);
    return json_pack("[s]", c);
}

static void move_cards(json_t *e, json_t *cards, int count, const char *from, const char *to)
{
    if (cards) json_object_set_new(e, "cards", cards);
    json_object_set_new(e, "count", json_integer(count));
    json_object_set_new(e, "from", json_string(from));
    json_object_set_new(e, "to", json_string(to));
}

/* The action itself: who did what, with the bid total or the pass count. */
static void action_event(json_t *list, const cm_state *b, ch_action a, int viewer, int ja)
{
    char name[200], text[300];
    int p = b->to_move;
    (void)viewer; /* every Comrade action is public */
    cm_deed_text(b, a, ja, name, sizeof name);
    if (a == CM_PASS) {
        snprintf(text, sizeof text, ja ? "{P%d}: %s (連続パス %d)" : "{P%d} %s (%d in a row)", p, name,
                 b->passes + 1);
        event(list, "pass", p, text);
        return;
    }
    if (a <= CM_JOKER(3)) {
        int total = b->total, su, val;
        if (a <= CM_TAKE(3, 4)) {
            su = (int)(a - 1) / 4, val = (int)(a - 1) % 4 + 1;
            total += val - b->v[p][su];
        } else {
            total++;
        }
        snprintf(text, sizeof text, ja ? "{P%d}: %s (ビッド合計 %d/%d)" : "{P%d} %s (bid total %d/%d)",
                 p, name, total, b->target);
        json_t *e = event(list, a <= CM_TAKE(3, 4) ? "take" : "joker", p, text);
        move_cards(e, one_card(a <= CM_TAKE(3, 4) ? CM_FACE_BID + (int)a - 1 : CM_FACE_JOKER), 1,
                   "pool", "bids");
        return;
    }
    snprintf(text, sizeof text, ja ? "{P%d}: %s" : "{P%d} %s", p, name);
    move_cards(event(list, "play", p, text), one_card((int)(a - CM_PLAY(0))), 1, "hand", "trick");
}

json_t *cm_events(const void *before, ch_action a, int viewer, ch_lang lang)
{
    const cm_state *b = before;
    int ja = lang == CH_LANG_JA;
    cm_state after = *b, d;
    cm_apply(&after, a);
    int ended = after.deal > b->deal;
    /* d: the deal this action belonged to, as it stood after the action. */
    if (ended)
        cm_last_deal(&after, &d);
    else
        d = after;
    json_t *list = json_array();
    char text[600], t[400];
    action_event(list, b, a, viewer, ja);
    if (b->phase == CM_PH_BID && d.phase == CM_PH_PLAY) {
        snprintf(text, sizeof text,
                 ja ? "ビッド合計が%dになった。トリック開始、{P%d}がリード"
                    : "the bid total is %d: the tricks begin, {P%d} leads",
                 d.target, d.dealer);
        event(list, "bidding_end", d.dealer, text);
    }
    if (b->phase == CM_PH_PLAY && d.trick > b->trick) {
        int face, w = cm_trick_winner(&d, b->trick, &face), led = CM_SUIT(d.play[b->trick * d.np]);
        char c[32];
        cm_card_say(face, ja, c, sizeof c);
        cm_trick_text(&d, b->trick, ja, 1, t, sizeof t);
        if (ja)
            snprintf(text, sizeof text,
                     "{P%d}が%sでトリック%dを取った(%sのリード: %s)。%sのトリック%d回目、ビッド%d", w,
                     c, b->trick + 1, cm_suit_ja[led], t, cm_suit_ja[led], d.won[w][led],
                     d.v[w][led]);
        else
            snprintf(text, sizeof text,
                     "{P%d} wins trick %d with %s (led in %s: %s): %s trick %d, bid %d", w,
                     b->trick + 1, c, cm_suit_en[led], t, cm_suit_en[led], d.won[w][led],
                     d.v[w][led]);
        json_t *e = event(list, "trick_won", w, text);
        json_t *cards = json_array();
        for (int i = 0; i < d.np; i++) {
            cm_card_text(d.play[b->trick * d.np + i], c, sizeof c);
            json_array_append_new(cards, json_string(c));
        }
        move_cards(e, cards, d.np, "trick", "won");
    }
    if (ended) {
        int k = d.deal, res = after.res[k];
        cm_reason_text(&d, res, after.res_at[k], after.res_by[k], lang, t, sizeof t);
        snprintf(text, sizeof text, ja ? "第%d戦 %s: %s" : "deal %d %s: %s", k + 1,
                 res == CM_WIN ? (ja ? "勝利" : "won") : (ja ? "敗北" : "lost"), t);
        json_t *e =
            event(list, "hand_end", after.res_by[k] == CM_NOBODY ? -1 : after.res_by[k], text);
        json_object_set_new(e, "points", json_integer(res == CM_WIN));
    }
    if (ended && after.phase == CM_PH_OVER) {
        const char *label = cm_label_text(after.wins, after.ndeals, ja);
        snprintf(text, sizeof text,
                 ja ? "シリーズ終了: %d勝%d敗%s%s" : "series over: %d won, %d lost%s%s", after.wins,
                 after.ndeals - after.wins, label ? " — " : "", label ? label : "");
        event(list, "game_end", -1, text);
    } else if (ended) {
        int mine = viewer >= 0 && viewer < after.np;
        snprintf(text, sizeof text,
                 ja ? "第%d戦: 親 {P%d} がカードを配る" : "deal %d: {P%d} deals the cards",
                 after.deal + 1, after.dealer);
        if (mine) {
            size_t n = strlen(text);
            snprintf(text + n, sizeof text - n, ja ? " (あなたに%d枚)" : " (%d to you)",
                     __builtin_popcountll(after.hand[viewer]));
        }
        json_t *e = event(list, "deal", after.dealer, text), *cards = NULL;
        if (mine) {
            cards = json_array();
            for (uint64_t m = after.hand[viewer]; m; m &= m - 1) {
                char c[8];
                cm_card_text(__builtin_ctzll(m), c, sizeof c);
                json_array_append_new(cards, json_string(c));
            }
        }
        move_cards(e, cards, __builtin_popcountll(cm_deck_mask(after.np)), "deck", "hands");
    }
    return list;
}

/* ---- Warnings ---- */

int cm_warning(const void *st, ch_action a, ch_lang lang, char *buf, size_t cap)
{
    const cm_state *s = st;
    int ja = lang == CH_LANG_JA;
    if (cap) buf[0] = '\0';
    if (s->phase == CM_PH_OVER) return 0;
    cm_state after = *s, d;
    cm_apply(&after, a);
    if (after.deal == s->deal) return 0;
    int k = s->deal, res = after.res[k], by = after.res_by[k];
    if (res == CM_WIN) return 0;
    cm_last_deal(&after, &d);
    const char *head = ja ? "この手で負け" : "ends the deal";
    int t = d.trick - 1, led = t >= 0 ? CM_SUIT(d.play[t * d.np]) : 0;
    switch (res) {
    case CM_BID_OVER:
        return snprintf(buf, cap, "%s: %s %d > %d", head, ja ? "ビッド合計" : "total", d.total,
                        d.target);
    case CM_ALL_PASSED:
        return snprintf(buf, cap, ja ? "%s: %d人連続のパス" : "%s: pass %d in a row", head, d.np);
    case CM_NO_FITTING:
        return snprintf(buf, cap,
                        ja ? "%s: どの場札を取っても%dを超える" : "%s: no bid left can fit %d",
                        head, d.target);
    case CM_ROUNDS_OVER:
        return snprintf(buf, cap,
                        ja ? "%s: 最後のビッド手番、合計 %d < %d"
                           : "%s: last bidding turn, total %d < %d",
                        head, d.total, d.target);
    case CM_WRONG_SUIT:
        return snprintf(buf, cap,
                        ja ? "%s: {P%d}が%sのトリックを取るが、%sにビッドしていない"
                           : "%s: {P%d} wins this %s trick with no %s bid",
                        head, by, ja ? cm_suit_ja[led] : cm_suit_en[led],
                        ja ? cm_suit_ja[led] : cm_suit_en[led]);
    default:
        return snprintf(buf, cap,
                        ja ? "%s: {P%d}の%sのトリックが%d回になり、ビッド%dを超える"
                           : "%s: {P%d} wins %s trick %d, bid %d",
                        head, by, ja ? cm_suit_ja[led] : cm_suit_en[led], d.won[by][led],
                        d.v[by][led]);
    }
}

/* ---- Why a move is not legal ---- */

static int suit_index(int c)
{
    const char *p = strchr("SHDC", toupper(c));
    return c && p ? (int)(p - "SHDC") : -1;
}

static int explain_bid(const cm_state *s, const char *t, int ja, ch_text *o)
{
    int p = s->to_move;
    int bid = strncmp(t, "take", 4) == 0 || strncmp(t, "joker", 5) == 0;
    if (bid && s->phase != CM_PH_BID) {
        ch_text_add(o, ja ? "ビッドは終わった。手札から1枚出す"
                          : "bidding is over: play a card from your hand");
        return 1;
    }
    if (strncmp(t, "take", 4) == 0) {
        int su = suit_index(t[4]), val = t[4] && t[5] ? t[5] - '0' : 0;
        if (su < 0 || val < 1 || val > 4 || t[6]) {
            ch_text_add(o,
                        ja ? "take にはスート(S H D C)と数字1〜4を付ける(例: take H2)"
                           : "take needs a suit (S, H, D or C) and a value 1 to 4, e.g. take H2");
            return 1;
        }
        static const char *const sign[4] = {"♠", "♥", "♦", "♣"};
        int bit = su * 4 + val - 1, cur = s->v[p][su];
        if (!(s->pool >> bit & 1)) {
            int who = -1;
            for (int i = 0; i < s->turn; i++)
                if (s->bidlog[i] == CM_TAKE(su, val)) who = (s->dealer + i) % s->np;
            ch_text_add(o,
                        ja ? "%s%dの場札はもう場にない({P%d}が取った)"
                           : "the %s%d bid card is no longer in the pool: {P%d} took it",
                        sign[su], val, who);
        } else if (val <= cur) {
            ch_text_add(o,
                        ja ? "あなたの%sのビッドはもう%d。%dより大きい場札を取る"
                           : "your %s bid is already %d: take a card above %d",
                        ja ? cm_suit_ja[su] : cm_suit_en[su], cur, cur);
        } else {
            ch_text_add(o,
                        ja ? "安全ビッドの設定: %s%dの場札を取るとビッド合計が%dで%dを超える"
                           : "safe bids is on: the %s%d bid card would take the bid total to %d, "
                             "over %d",
                        sign[su], val, s -> total - cur + val, s -> target);
        }
        return 1;
    }
    if (strncmp(t, "joker", 5) == 0) {
        if (!s->njokers)
            ch_text_add(o, ja ? "3人用ではジョーカーを使わない"
                              : "the 3-player version has no jokers");
        else if (!s->jokers)
            ch_text_add(o, ja ? "ジョーカーはもう場にない" : "no joker is left in the pool");
        else if (suit_index(t[5]) < 0 || t[6])
            ch_text_add(o, ja ? "joker にはスート(S H D C)を付ける(例: joker S)"
                              : "joker needs a suit (S, H, D or C), e.g. joker S");
        else
            ch_text_add(o,
                        ja ? "安全ビッドの設定: ジョーカーを取るとビッド合計が%dを超える"
                           : "safe bids is on: a joker would take the bid total over %d",
                        s->target);
        return 1;
    }
    return 0;
}

int cm_explain_illegal(const void *st, const char *text, ch_lang lang, char *buf, size_t cap)
{
    const cm_state *s = st;
    int ja = lang == CH_LANG_JA, face;
    ch_text o;
    ch_text_init(&o, buf, cap);
    char t[32];
    size_t n = 0;
    for (const char *c = text; *c && n + 1 < sizeof t; c++)
        if (!isspace((unsigned char)*c)) t[n++] = (char)tolower((unsigned char)*c);
    t[n] = '\0';
    if (s->phase == CM_PH_OVER) {
        ch_text_add(&o, ja ? "シリーズは終わっている" : "the series is over");
        return ch_text_len(&o);
    }
    if (strcmp(t, "pass") == 0) {
        if (s->phase == CM_PH_PLAY)
            ch_text_add(&o, ja ? "トリックではパスできない。手札から1枚出す"
                               : "there is no passing in the tricks: play a card");
        return ch_text_len(&o);
    }
    if (explain_bid(s, t, ja, &o)) return ch_text_len(&o);
    if (cm_card_parse(t, &face) != CH_OK || face >= CM_FACE_BID) return ch_text_len(&o);
    char c[32];
    cm_card_say(face, ja, c, sizeof c); /* as a player says it */
    uint64_t h = s->hand[s->to_move];
    if (s->phase == CM_PH_BID) {
        ch_text_add(&o, ja ? "今はビッド中: pass、take H2 (場札)、joker S のどれか"
                           : "this is the bidding: pass, take a bid card (take H2) or a joker "
                             "(joker S)");
    } else if (!(h >> face & 1)) {
        ch_text_add(&o, ja ? "%s は手札にない" : "%s is not in your hand", c);
    } else {
        int base = s->trick * s->np, led = CM_SUIT(s->play[base]);
        ch_text_add(&o, ja ? "%sのリードにはフォローが必要。手札の%s:" : "you must follow %s:",
                    ja ? cm_suit_ja[led] : cm_suit_en[led], ja ? cm_suit_ja[led] : "");
        if (!ja) ch_text_add(&o, " you hold");
        for (uint64_t m = h & CM_SUIT_MASK(led); m; m &= m - 1) {
            cm_card_say(__builtin_ctzll(m), ja, c, sizeof c);
            ch_text_add(&o, " %s", c);
        }
    }
    return ch_text_len(&o);
}
