/* The Comrade board as plain text: the series, the pool, every seat's bids
 * and tricks per suit at a glance, the trick in progress, the viewer's hand.
 * Seats are written {P<p>} for the table layer to name and cards as a
 * player says them (issue 24): "10♥", "♠2 bid card". */
#include <stdio.h>
#include <string.h>

#include "cardhall/text.h"
#include "internal.h"

static const char *const suit_sign[4] = {"♠", "♥", "♦", "♣"};

static const char *you_mark(int p, int viewer, int ja)
{
    return p != viewer ? "" : ja ? "（あなた）" : " (you)";
}

static void put_card(ch_text *o, int face, int ja)
{
    char t[48];
    cm_card_say(face, ja, t, sizeof t);
    ch_text_add(o, " %s", t);
}

static void put_series(ch_text *o, const cm_state *s, int viewer, int ja)
{
    int shown = s->deal < s->ndeals ? s->deal + 1 : s->ndeals;
    ch_text_add(o,
                ja ? "カムレッド  第%d/%d戦  親: {P%d}%s  %d勝%d敗\n"
                   : "Comrade  deal %d/%d  dealer: {P%d}%s  won %d lost %d\n",
                shown, s->ndeals, s->dealer, you_mark(s->dealer, viewer, ja), s->wins,
                s->deal - s->wins);
    if (s->deal) {
        /* One short word per outcome (CM-28), in the player's language. */
        static const char *const word[2][CM_OVER_BID + 1] = {
            {"-", "won", "bid-over", "all-passed", "no-fit", "rounds-out", "wrong-suit",
             "too-many"},
            {"-", "勝ち", "合計超過", "全員パス", "取れる札なし", "3周終了", "スート違い",
             "取りすぎ"},
        };
        ch_text_add(o, ja ? "結果:" : "Results:");
        /* Wrapped a few deals a line: each may name a seat, of any length. */
        for (int d = 0; d < s->deal; d++) {
            if (d && d % 5 == 0) ch_text_add(o, "\n        ");
            ch_text_add(o, " %d:%s", d + 1, word[ja][s->res[d]]);
            if (s->res[d] != CM_WIN && s->res_by[d] != CM_NOBODY)
                ch_text_add(o, "({P%d})", s->res_by[d]);
        }
        ch_text_add(o, "\n");
    }
}

/* One line per seat, each figure right under its suit in the header: the
 * widths below are the display columns of the header's labels (a Japanese
 * character takes two), so the rows line up in both languages. The seat's
 * name comes last, where its length moves no column. */
static void put_seats(ch_text *o, const cm_state *s, int viewer, int ja)
{
    static const char *const head[2] = {
        "  bid ♠ ♥ ♦ ♣   won ♠ ♥ ♦ ♣  cards\n",
        "  ビッド ♠ ♥ ♦ ♣   獲得 ♠ ♥ ♦ ♣  手札\n",
    };
    static const int bid_w[2] = {4, 7}, won_w[2] = {7, 8}, cards_w[2] = {7, 6};
    ch_text_add(o, "%s", head[ja]);
    for (int p = 0; p < s->np; p++) {
        ch_text_add(o, "%c %*s", s->phase != CM_PH_OVER && p == s->to_move ? '>' : ' ', bid_w[ja],
                    "");
        const uint8_t *v = s->v[p], *w = s->won[p];
        ch_text_add(o, "%d %d %d %d%*s", v[0], v[1], v[2], v[3], won_w[ja], "");
        ch_text_add(o, "%d %d %d %d%*d", w[0], w[1], w[2], w[3], cards_w[ja],
                    __builtin_popcountll(s->hand[p]));
        ch_text_add(o, "   {P%d}%s%s", p, you_mark(p, viewer, ja),
                    p == s->dealer ? (ja ? "（親）" : " (dealer)") : "");
        uint8_t items[CM_BID_TURNS];
        int n = cm_items(s, p, items);
        for (int i = 0; i < n; i++) {
            char t[48];
            if (items[i] <= CM_TAKE(3, 4))
                cm_card_say(CM_FACE_BID + items[i] - 1, ja, t, sizeof t);
            else
                snprintf(t, sizeof t, ja ? "%sのジョーカー" : "joker for %s",
                         suit_sign[items[i] - CM_JOKER(0)]);
            ch_text_add(o, "%s%s", i ? (ja ? "、" : ", ") : ": ", t);
        }
        ch_text_add(o, "\n");
    }
}

static void put_bidding(ch_text *o, const cm_state *s, int ja)
{
    ch_text_add(o, ja ? "場札:" : "Pool: bid cards");
    for (int i = 0; i < 16; i++)
        if (s->pool >> i & 1) ch_text_add(o, " %s%d", suit_sign[i / 4], i % 4 + 1);
    if (s->jokers) ch_text_add(o, ja ? "、ジョーカー %d枚" : "; jokers: %d", s->jokers);
    ch_text_add(o, "\n");
    ch_text_add(o,
                ja ? "ビッド合計 %d/%d  手番 %d/%d (%d周目)  連続パス %d\n"
                   : "Bid total %d/%d  turn %d/%d (round %d)  passes in a row %d\n",
                s->total, s->target, s->turn + (s->phase == CM_PH_BID), 3 * s->np,
                s->turn / s->np + 1, s->passes);
}

/* Tricks show each card with its seat ("{P2} 3♠, {P3} A♠"): who played
 * what is what decides the trick. */
static void put_tricks(ch_text *o, const cm_state *s, int ja)
{
    char t[256];
    if (s->trick) {
        int k = s->trick - 1, face;
        cm_trick_text(s, k, ja, 1, t, sizeof t);
        ch_text_add(o,
                    ja ? "前のトリック %d: %s、{P%d}の勝ち\n" : "Last trick %d: %s, won by {P%d}\n",
                    k + 1, t, cm_trick_winner(s, k, &face));
    }
    if (s->phase == CM_PH_PLAY) {
        cm_trick_text(s, s->trick, ja, 1, t, sizeof t);
        ch_text_add(o,
                    ja ? "トリック %d/%d ({P%d}のリード): %s\n" : "Trick %d/%d ({P%d} leads): %s\n",
                    s->trick + 1, s->target, s->lead[s->trick], t[0] ? t : "-");
    }
}

/* The prompt's example is a move the mover really has, by name; a card to
 * play is shown only to a viewer who may know it (the mover, or CH_ALL). */
static void put_prompt(ch_text *o, const cm_state *s, int viewer, int ja)
{
    ch_action legal[32];
    int n = cm_legal(s, legal), sees = viewer == CH_ALL || viewer == s->to_move;
    int you = viewer == s->to_move;
    if (s->phase == CM_PH_BID) {
        int take = -1, joker = 0;
        for (int i = 0; i < n; i++) {
            if (take < 0 && legal[i] >= CM_TAKE(0, 1) && legal[i] <= CM_TAKE(3, 4))
                take = (int)legal[i];
            if (legal[i] >= CM_JOKER(0) && legal[i] <= CM_JOKER(3)) joker = 1;
        }
        if (you)
            ch_text_add(o, ja ? "あなたのビッド: パス" : "Your bid: pass");
        else
            ch_text_add(o, ja ? "{P%d} のビッド: パス" : "{P%d} to bid: pass", s->to_move);
        if (take >= 0) {
            char c[48];
            cm_card_say(CM_FACE_BID + take - 1, ja, c, sizeof c);
            ch_text_add(o, ja ? "、場札を取る (例 %s)" : ", take a bid card (e.g. the %s)", c);
        }
        if (joker) ch_text_add(o, ja ? "、スートを決めてジョーカー" : ", or a joker for a suit");
        ch_text_add(o, "\n");
        return;
    }
    char ex[48] = "";
    if (sees && n) cm_card_say((int)(legal[n - 1] - CM_PLAY(0)), ja, ex, sizeof ex);
    if (you)
        ch_text_add(o, ja ? "あなたの番: カードを出す" : "Your turn: play a card");
    else
        ch_text_add(o, ja ? "{P%d} がカードを出す" : "{P%d} to play a card", s->to_move);
    if (ex[0]) ch_text_add(o, ja ? " (例 %s)" : " (e.g. %s)", ex);
    ch_text_add(o, "\n");
}

int cm_render(const void *st, int viewer, ch_lang lang, char *buf, size_t cap)
{
    const cm_state *s = st;
    int ja = lang == CH_LANG_JA;
    ch_text o;
    ch_text_init(&o, buf, cap);
    put_series(&o, s, viewer, ja);
    if (s->phase == CM_PH_BID) put_bidding(&o, s, ja);
    put_seats(&o, s, viewer, ja);
    put_tricks(&o, s, ja);
    /* Once the series is over the leftovers are gathered unseen (CM-27,
     * E21): no hand is shown, not even to CH_ALL. */
    for (int p = 0; p < s->np && s->phase != CM_PH_OVER; p++) {
        if (viewer != CH_ALL && viewer != p) continue;
        if (p == viewer)
            ch_text_add(&o, ja ? "手札:" : "your hand:");
        else
            ch_text_add(&o, ja ? "{P%d} の手札:" : "{P%d}'s hand:", p);
        for (uint64_t h = s->hand[p]; h; h &= h - 1)
            put_card(&o, __builtin_ctzll(h), ja);
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
