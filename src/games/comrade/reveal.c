/* The end of a deal as the table sees it: the last finished deal rebuilt
 * from what the state keeps (its bidding turns and played cards), why it
 * ended in words, and the summary every view carries until the next deal
 * ends. Leftover cards are never part of it (CM-27, E21). */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "cardhall/text.h"
#include "internal.h"

void cm_last_deal(const cm_state *s, cm_state *d)
{
    assert(s->deal > 0);
    int np = s->np;
    memcpy(d, s, sizeof *d);
    d->deal = (uint8_t)(s->deal - 1);
    d->dealer = (uint8_t)((s->first_dealer + d->deal) % np);
    memset(d->hand, 0, sizeof d->hand);
    memset(d->v, 0, sizeof d->v);
    memset(d->won, 0, sizeof d->won);
    memset(d->lead, 0, sizeof d->lead);
    memset(d->voids, 0, sizeof d->voids);
    memcpy(d->bidlog, s->last_bidlog, sizeof d->bidlog);
    memcpy(d->play, s->last_play, sizeof d->play);
    d->turn = s->last_turn;
    d->nplay = s->last_nplay;
    d->pool = 0xFFFF;
    d->jokers = s->njokers;
    d->total = d->passes = 0;
    /* Bids as rules.c's apply_bid makes them (CM-13 .. CM-17). */
    for (int i = 0; i < d->turn; i++) {
        int a = d->bidlog[i], p = (d->dealer + i) % np;
        if (a == CM_PASS) {
            d->passes++;
            continue;
        }
        d->passes = 0;
        if (a <= CM_TAKE(3, 4)) {
            int su = (a - 1) / 4, val = (a - 1) % 4 + 1;
            d->pool &= (uint16_t) ~(1u << (a - 1));
            d->total = (uint8_t)(d->total + val - d->v[p][su]);
            d->v[p][su] = (uint8_t)val;
        } else {
            d->jokers--;
            d->v[p][a - CM_JOKER(0)]++;
            d->total++;
        }
    }
    /* A deal ends only between tricks, so its plays fill whole tricks. */
    d->trick = (uint8_t)(d->nplay / np);
    d->lead[0] = d->dealer;
    for (int t = 0; t < d->trick; t++) {
        int face, w = cm_trick_winner(d, t, &face);
        d->won[w][CM_SUIT(d->play[t * np])]++;
        if (t + 1 < CM_MAX_TRICKS) d->lead[t + 1] = (uint8_t)w;
    }
    d->phase = CM_PH_OVER;
    d->to_move = CM_NOBODY;
}

int cm_trick_text(const cm_state *d, int t, int ja, int say, char *buf, size_t cap)
{
    ch_text o;
    ch_text_init(&o, buf, cap);
    int np = d->np;
    for (int i = 0; i < np && t * np + i < d->nplay; i++) {
        char c[32];
        if (say)
            cm_card_say(d->play[t * np + i], ja, c, sizeof c);
        else
            cm_card_text(d->play[t * np + i], c, sizeof c);
        ch_text_add(&o, say ? "%s{P%d} %s" : "%sP%d %s", i ? ", " : "", (d->lead[t] + i) % np, c);
    }
    return ch_text_len(&o);
}

int cm_reason_text(const cm_state *d, int res, int at, int by, ch_lang lang, char *buf, size_t cap)
{
    int ja = lang == CH_LANG_JA, np = d->np;
    char item[64] = "", trick[200] = "", card[32] = "";
    if (res == CM_BID_OVER && at > 0) cm_item_say(d->bidlog[at - 1], ja, item, sizeof item);
    int t = at - 1, led = 0;
    if (res == CM_WRONG_SUIT || res == CM_OVER_BID) {
        int face;
        cm_trick_text(d, t, ja, 1, trick, sizeof trick);
        cm_trick_winner(d, t, &face);
        cm_card_say(face, ja, card, sizeof card);
        led = CM_SUIT(d->play[t * np]);
    }
    const char *sw = ja ? cm_suit_ja[led] : cm_suit_en[led];
    switch (res) {
    case CM_WIN:
        return snprintf(buf, cap,
                        ja ? "全員がビッドどおりのトリックを取った"
                           : "every player won exactly the tricks they bid");
    case CM_BID_OVER:
        return snprintf(buf, cap,
                        ja ? "ビッド%d手目に{P%d}が%sを取り、ビッド合計が%dで%dを超えた"
                           : "at bidding turn %d {P%d} took %s: the bid total went to %d, over %d",
                        at, by, item, d->total, d->target);
    case CM_ALL_PASSED:
        return snprintf(buf, cap,
                        ja ? "ビッド%d手目で%d人全員が続けてパスした(ビッド合計%d/%d)"
                           : "at bidding turn %d all %d players had passed in a row, with the "
                             "bid total at %d of %d",
                        at, np, d->total, d->target);
    case CM_NO_FITTING:
        return snprintf(buf, cap,
                        ja ? "ビッド%d手目で、どの場札を取ってもビッド合計が%dを超える(合計%d)"
                           : "at bidding turn %d every bid left would take the total over %d "
                             "(total %d)",
                        at, d->target, d->total);
    case CM_ROUNDS_OVER:
        return snprintf(buf, cap,
                        ja ? "3周のビッドが終わってもビッド合計が%dで、%dに届かなかった"
                           : "the three bidding rounds ended with the bid total at %d, short of %d",
                        d->total, d->target);
    case CM_WRONG_SUIT:
        return ja ? snprintf(buf, cap,
                             "トリック%d(%sのリード: %s)を{P%d}が%sで取ったが、{P%d}は%sにビッドして"
                             "いない",
                             at, sw, trick, by, card, by, sw)
                  : snprintf(buf, cap,
                             "trick %d, led in %s (%s), was won by {P%d} with %s, who bid no %s", at,
                             sw, trick, by, card, sw);
    case CM_OVER_BID:
        return ja ? snprintf(buf, cap,
                             "トリック%d(%sのリード: %s)を{P%d}が%sで取り、%sのトリックが%d回で"
                             "ビッド%dを超えた",
                             at, sw, trick, by, card, sw, d->won[by][led], d->v[by][led])
                  : snprintf(buf, cap,
                             "trick %d, led in %s (%s), was won by {P%d} with %s: %d %s tricks, "
                             "more than the %d bid",
                             at, sw, trick, by, card, d->won[by][led], sw, d->v[by][led]);
    default:
        return snprintf(buf, cap, "?");
    }
}

/* "♥3 ♦1" for a seat's figures per suit, "-" when all are 0. */
static void put_suits(ch_text *o, const uint8_t *x)
{
    static const char *const sign[4] = {"♠", "♥", "♦", "♣"};
    int any = 0;
    for (int su = 0; su < 4; su++)
        if (x[su]) {
            ch_text_add(o, "%s%s%d", any ? " " : "", sign[su], x[su]);
            any = 1;
        }
    if (!any) ch_text_add(o, "-");
}

/* Seat p's breakdown as one line: bids, tricks won by suit, cards played. */
static void put_breakdown(ch_text *o, const cm_state *d, int p, int ja)
{
    ch_text_add(o, ja ? "ビッド " : "bid ");
    put_suits(o, d->v[p]);
    ch_text_add(o, ja ? "、獲得 " : ", won ");
    put_suits(o, d->won[p]);
}

static uint64_t played_by(const cm_state *d, int p)
{
    uint64_t m = 0;
    for (int i = 0; i < d->nplay; i++)
        if ((d->lead[i / d->np] + i % d->np) % d->np == p) m |= 1ull << d->play[i];
    return m;
}

static int deal_title(const cm_state *d, int res, ch_lang lang, char *buf, size_t cap)
{
    int ja = lang == CH_LANG_JA, won = res == CM_WIN;
    return snprintf(buf, cap, ja ? "第%d戦 (親 {P%d}) %s" : "Deal %d (dealer {P%d}) %s", d->deal + 1,
                    d->dealer, ja ? (won ? "勝利" : "敗北") : (won ? "won" : "lost"));
}

/* Every view sees the same: bids, tricks and plays are public and the
 * leftovers are shown to nobody, so viewer changes nothing. */
int cm_hand_summary(const void *st, int viewer, ch_lang lang, char *buf, size_t cap)
{
    const cm_state *s = st;
    (void)viewer;
    ch_text o;
    ch_text_init(&o, buf, cap);
    if (!s->deal) return ch_text_len(&o);
    cm_state d;
    cm_last_deal(s, &d);
    int ja = lang == CH_LANG_JA, k = d.deal;
    char t[400];
    deal_title(&d, s->res[k], lang, t, sizeof t);
    ch_text_add(&o, "%s: ", t);
    cm_reason_text(&d, s->res[k], s->res_at[k], s->res_by[k], lang, t, sizeof t);
    ch_text_add(&o, "%s\n", t);
    for (int p = 0; p < d.np; p++) {
        ch_text_add(&o, " {P%d}%s ", p, p == d.dealer ? (ja ? "(親)" : " (dealer)") : "");
        put_breakdown(&o, &d, p, ja);
        ch_text_add(&o, ja ? "  出した札:" : "  played:");
        uint64_t m = played_by(&d, p);
        if (!m) ch_text_add(&o, " -");
        for (; m; m &= m - 1) {
            char c[32];
            cm_card_say(__builtin_ctzll(m), ja, c, sizeof c);
            ch_text_add(&o, " %s", c);
        }
        ch_text_add(&o, "\n");
    }
    ch_text_add(&o, ja ? "出さなかった札は誰にも見せない。\n" : "Cards not played stay hidden.\n");
    return ch_text_len(&o);
}

json_t *cm_last_hand_json(const cm_state *s)
{
    if (!s->deal) return json_null();
    cm_state d;
    cm_last_deal(s, &d);
    int k = d.deal, res = s->res[k];
    char en[400], ja[400];
    json_t *o = json_object(), *hands = json_array(), *unplayed = json_array(),
           *scores = json_array(), *bd = json_array();
    json_object_set_new(o, "hand", json_integer(k + 1));
    cm_reason_text(&d, res, s->res_at[k], s->res_by[k], CH_LANG_EN, en, sizeof en);
    cm_reason_text(&d, res, s->res_at[k], s->res_by[k], CH_LANG_JA, ja, sizeof ja);
    json_object_set_new(o, "reason", json_pack("{s:s,s:s}", "en", en, "ja", ja));
    json_object_set_new(o, "result", json_string(res == CM_WIN ? "WIN" : "LOSS"));
    json_object_set_new(o, "reason_code", json_string(cm_reason_name(res)));
    json_object_set_new(o, "dealer", json_integer(d.dealer));
    /* hands: the cards each seat played; what was not played stays hidden
     * (only its count, public anyway, is given). */
    int dealt[CM_SEATS] = {0};
    uint64_t deck = cm_deck_mask(d.np);
    for (int i = 0, first = d.np == 3 ? (d.dealer + 1) % d.np : d.dealer;
         i < __builtin_popcountll(deck); i++)
        dealt[(first + i) % d.np]++;
    for (int p = 0; p < d.np; p++) {
        json_t *h = json_array();
        uint64_t m = played_by(&d, p);
        int n = __builtin_popcountll(m);
        for (; m; m &= m - 1) {
            char c[8];
            cm_card_text(__builtin_ctzll(m), c, sizeof c);
            json_array_append_new(h, json_string(c));
        }
        json_array_append_new(hands, h);
        json_array_append_new(unplayed, json_integer(dealt[p] - n));
        json_array_append_new(scores, json_integer(res == CM_WIN));
        ch_text e, j;
        ch_text_init(&e, en, sizeof en);
        put_breakdown(&e, &d, p, 0);
        ch_text_init(&j, ja, sizeof ja);
        put_breakdown(&j, &d, p, 1);
        json_t *b = json_pack("{s:{s:s,s:s}}", "text", "en", en, "ja", ja);
        json_t *bid = json_array(), *won = json_array();
        for (int su = 0; su < 4; su++) {
            json_array_append_new(bid, json_integer(d.v[p][su]));
            json_array_append_new(won, json_integer(d.won[p][su]));
        }
        json_object_set_new(b, "bid", bid);
        json_object_set_new(b, "won", won);
        json_array_append_new(bd, b);
    }
    json_object_set_new(o, "hands", hands);
    json_object_set_new(o, "unplayed", unplayed);
    json_object_set_new(o, "scores", scores);
    json_object_set_new(o, "breakdown", bd);
    return o;
}
