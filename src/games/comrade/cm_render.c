/* The Comrade board as plain text: the series, the pool, every seat's bids
 * and tricks per suit at a glance, the trick in progress, the viewer's hand. */
#include <stdio.h>
#include <string.h>

#include "cardhall/text.h"
#include "cm_internal.h"

static void put_card(ch_text *o, int face)
{
    char t[8];
    cm_card_text(face, t, sizeof t);
    ch_text_add(o, " %s", t);
}

static void put_series(ch_text *o, const cm_state *s, int ja)
{
    int shown = s->deal < s->ndeals ? s->deal + 1 : s->ndeals;
    ch_text_add(o,
                ja ? "カムレッド  第%d/%d戦  親 P%d  %d勝%d敗\n"
                   : "Comrade  deal %d/%d  dealer P%d  won %d lost %d\n",
                shown, s->ndeals, s->dealer, s->wins, s->deal - s->wins);
    if (s->deal) {
        ch_text_add(o, ja ? "結果:" : "Results:");
        for (int d = 0; d < s->deal; d++) {
            ch_text_add(o, " %d:%s", d + 1, cm_reason_name(s->res[d]));
            if (s->res[d] != CM_WIN && s->res_by[d] != CM_NOBODY)
                ch_text_add(o, "(P%d)", s->res_by[d]);
        }
        ch_text_add(o, "\n");
    }
}

/* One line per seat, each figure right under its suit letter in the
 * header: the widths below are the display columns of the header's labels
 * (a Japanese character takes two), so the rows line up in both languages. */
static void put_seats(ch_text *o, const cm_state *s, int ja)
{
    static const char *const head[2] = {
        "       bid S H D C   won S H D C  cards  items\n",
        "       ビッド S H D C   獲得 S H D C  手札  場札\n",
    };
    static const int bid_w[2] = {4, 7}, won_w[2] = {7, 8}, cards_w[2] = {7, 6};
    ch_text_add(o, "%s", head[ja]);
    for (int p = 0; p < s->np; p++) {
        ch_text_add(o, " P%d %c%c %*s", p, p == s->dealer ? 'D' : ' ',
                    s->phase != CM_PH_OVER && p == s->to_move ? '>' : ' ', bid_w[ja], "");
        const uint8_t *v = s->v[p], *w = s->won[p];
        ch_text_add(o, "%d %d %d %d%*s", v[0], v[1], v[2], v[3], won_w[ja], "");
        ch_text_add(o, "%d %d %d %d%*d ", w[0], w[1], w[2], w[3], cards_w[ja],
                    __builtin_popcountll(s->hand[p]));
        uint8_t items[CM_BID_TURNS];
        int n = cm_items(s, p, items);
        for (int i = 0; i < n; i++) {
            char t[12];
            cm_item_text(items[i], t, sizeof t);
            ch_text_add(o, " %s", t);
        }
        ch_text_add(o, "\n");
    }
}

static void put_bidding(ch_text *o, const cm_state *s, int ja)
{
    ch_text_add(o, ja ? "場札:" : "Pool:");
    for (int i = 0; i < 16; i++)
        if (s->pool >> i & 1) put_card(o, CM_FACE_BID + i);
    for (int j = 0; j < s->jokers; j++)
        ch_text_add(o, " JK");
    ch_text_add(o, "\n");
    ch_text_add(o,
                ja ? "ビッド合計 %d/%d  手番 %d/%d (%d周目)  連続パス %d\n"
                   : "Bid total %d/%d  turn %d/%d (round %d)  passes in a row %d\n",
                s->total, s->target, s->turn + (s->phase == CM_PH_BID), 3 * s->np,
                s->turn / s->np + 1, s->passes);
}

static void put_tricks(ch_text *o, const cm_state *s, int ja)
{
    int np = s->np;
    if (s->trick) {
        int t = s->trick - 1;
        ch_text_add(o, ja ? "前のトリック %d (P%dリード):" : "Last trick %d (P%d led):", t + 1,
                    s->lead[t]);
        for (int i = 0; i < np; i++)
            put_card(o, s->play[t * np + i]);
        int face;
        ch_text_add(o, ja ? "、P%dの勝ち\n" : ", won by P%d\n", cm_trick_winner(s, t, &face));
    }
    int k = s->nplay - s->trick * np;
    if (s->phase == CM_PH_PLAY) {
        ch_text_add(o,
                    ja ? "トリック %d/%d (P%dリード):" : "Trick %d/%d (P%d leads):", s->trick + 1,
                    s->target, s->lead[s->trick]);
        for (int i = 0; i < k; i++)
            put_card(o, s->play[s->trick * np + i]);
        ch_text_add(o, "\n");
    }
}

int cm_render(const void *st, int viewer, ch_lang lang, char *buf, size_t cap)
{
    const cm_state *s = st;
    int ja = lang == CH_LANG_JA;
    ch_text o;
    ch_text_init(&o, buf, cap);
    put_series(&o, s, ja);
    if (s->phase == CM_PH_BID) put_bidding(&o, s, ja);
    put_seats(&o, s, ja);
    put_tricks(&o, s, ja);
    for (int p = 0; p < s->np; p++) {
        if (viewer != CH_ALL && viewer != p) continue;
        ch_text_add(&o, ja ? "P%d の手札:" : "P%d hand:", p);
        for (uint64_t h = s->hand[p]; h; h &= h - 1)
            put_card(&o, __builtin_ctzll(h));
        ch_text_add(&o, "\n");
    }
    if (s->phase == CM_PH_OVER) {
        const char *label = cm_label(s->wins, s->ndeals);
        ch_text_add(&o, ja ? "シリーズ終了: %d勝%d敗" : "Series over: %d won, %d lost", s->wins,
                    s->ndeals - s->wins);
        ch_text_add(&o, label ? "  %s\n" : "\n", label);
    } else if (s->phase == CM_PH_BID) {
        ch_text_add(&o,
                    ja ? "P%d のビッド: pass / take H2 / joker S\n"
                       : "P%d to bid: pass, take H2 (suit, value), joker S\n",
                    s->to_move);
    } else {
        ch_text_add(&o, ja ? "P%d がカードを出す (例 10H)\n" : "P%d to play a card (e.g. 10H)\n",
                    s->to_move);
    }
    return ch_text_len(&o);
}
