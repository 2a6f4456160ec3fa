/* The Comrade board as plain text: the series, the pool, every seat's bids
 * and tricks per suit at a glance, the trick in progress, the viewer's hand. */
#include <stdio.h>
#include <string.h>

#include "cardhall/text.h"
#include "internal.h"

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
                ja ? "カムレッド  第%d/%d戦  親 P%d (*)  %d勝%d敗\n"
                   : "Comrade  deal %d/%d  dealer P%d (*)  won %d lost %d\n",
                shown, s->ndeals, s->dealer, s->wins, s->deal - s->wins);
    if (s->deal) {
        /* One short word per outcome (CM-28), in the player's language. */
        static const char *const word[2][CM_OVER_BID + 1] = {
            {"-", "won", "bid-over", "all-passed", "no-fit", "rounds-out", "wrong-suit",
             "too-many"},
            {"-", "勝ち", "合計超過", "全員パス", "取れる札なし", "3周終了", "スート違い",
             "取りすぎ"},
        };
        ch_text_add(o, ja ? "結果:" : "Results:");
        for (int d = 0; d < s->deal; d++) {
            ch_text_add(o, " %d:%s", d + 1, word[ja][s->res[d]]);
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
        /* The dealer by a star, not a "D" that reads as diamonds beside the suits. */
        ch_text_add(o, " P%d %c%c %*s", p, p == s->dealer ? '*' : ' ',
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

/* Tricks show each card with its seat ("P2 3S, P3 AS"): who played what
 * is what decides the trick. */
static void put_tricks(ch_text *o, const cm_state *s, int ja)
{
    char t[96];
    if (s->trick) {
        int k = s->trick - 1, face;
        cm_trick_text(s, k, ja, 0, t, sizeof t);
        ch_text_add(o, ja ? "前のトリック %d: %s、P%dの勝ち\n" : "Last trick %d: %s, won by P%d\n",
                    k + 1, t, cm_trick_winner(s, k, &face));
    }
    if (s->phase == CM_PH_PLAY) {
        cm_trick_text(s, s->trick, ja, 0, t, sizeof t);
        ch_text_add(o, ja ? "トリック %d/%d (P%dリード): %s\n" : "Trick %d/%d (P%d leads): %s\n",
                    s->trick + 1, s->target, s->lead[s->trick], t[0] ? t : "-");
    }
}

/* The prompt's example is a move the mover really has, shown only to a
 * viewer who may know it (the mover, or CH_ALL). */
static void put_prompt(ch_text *o, const cm_state *s, int viewer, int ja)
{
    ch_action legal[32];
    int n = cm_legal(s, legal), sees = viewer == CH_ALL || viewer == s->to_move;
    char ex[16] = "";
    if (s->phase == CM_PH_BID) {
        char take[16] = "", joker[16] = "";
        for (int i = 0; i < n; i++) {
            if (!take[0] && legal[i] >= CM_TAKE(0, 1) && legal[i] <= CM_TAKE(3, 4))
                cm_action_text(s, legal[i], take, sizeof take);
            if (!joker[0] && legal[i] >= CM_JOKER(0) && legal[i] <= CM_JOKER(3))
                cm_action_text(s, legal[i], joker, sizeof joker);
        }
        ch_text_add(o, ja ? "P%d のビッド: pass" : "P%d to bid: pass", s->to_move);
        if (take[0]) ch_text_add(o, ja ? " / %s (スート 数字)" : ", %s (suit, value)", take);
        if (joker[0]) ch_text_add(o, ja ? " / %s" : ", %s", joker);
        ch_text_add(o, "\n");
        return;
    }
    if (sees && n) cm_action_text(s, legal[n - 1], ex, sizeof ex);
    if (ex[0])
        ch_text_add(o, ja ? "P%d がカードを出す (例 %s)\n" : "P%d to play a card (e.g. %s)\n",
                    s->to_move, ex);
    else
        ch_text_add(o, ja ? "P%d がカードを出す\n" : "P%d to play a card\n", s->to_move);
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
    /* Once the series is over the leftovers are gathered unseen (CM-27,
     * E21): no hand is shown, not even to CH_ALL. */
    for (int p = 0; p < s->np && s->phase != CM_PH_OVER; p++) {
        if (viewer != CH_ALL && viewer != p) continue;
        ch_text_add(&o, ja ? "P%d の手札:" : "P%d hand:", p);
        for (uint64_t h = s->hand[p]; h; h &= h - 1)
            put_card(&o, __builtin_ctzll(h));
        ch_text_add(&o, "\n");
    }
    if (s->phase == CM_PH_OVER) {
        const char *label = cm_label_text(s->wins, s->ndeals, ja);
        ch_text_add(&o, ja ? "シリーズ終了: %d勝%d敗" : "Series over: %d won, %d lost", s->wins,
                    s->ndeals - s->wins);
        ch_text_add(&o, label ? "  %s\n" : "\n", label);
    } else {
        put_prompt(&o, s, viewer, ja);
    }
    return ch_text_len(&o);
}
