/* Rumino text: card notation (7H, 10S, AS, JK), action texts and names in
 * English and Japanese, and the terminal board. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "cardhall/text.h"
#include "internal.h"

static const char *const rank_text[14] = {"",  "A", "2", "3",  "4", "5", "6",
                                          "7", "8", "9", "10", "J", "Q", "K"};
static const char suit_text[4] = {'S', 'H', 'D', 'C'};

int ru_card_text(int face, char *buf, size_t cap)
{
    if (face == RU_JOKER) return snprintf(buf, cap, "JK");
    return snprintf(buf, cap, "%s%c", rank_text[ru_face_rank(face)], suit_text[ru_face_suit(face)]);
}

/* A card as a player says it, never its code: "7♠", "10♥" in English, the
 * suit first in Japanese ("♠7"), "joker" / "ジョーカー". */
int ru_card_say(int face, int ja, char *buf, size_t cap)
{
    static const char *const suit_sign[4] = {"♠", "♥", "♦", "♣"};
    if (face == RU_JOKER) return snprintf(buf, cap, "%s", ja ? "ジョーカー" : "joker");
    const char *r = rank_text[ru_face_rank(face)], *su = suit_sign[ru_face_suit(face)];
    return ja ? snprintf(buf, cap, "%s%s", su, r) : snprintf(buf, cap, "%s%s", r, su);
}

int ru_card_parse(const char *text, int *face)
{
    char t[8];
    size_t n = strlen(text);
    if (n < 2 || n > 3) return CH_EINVAL;
    for (size_t i = 0; i <= n; i++)
        t[i] = (char)toupper((unsigned char)text[i]);
    if (strcmp(t, "JK") == 0) {
        *face = RU_JOKER;
        return CH_OK;
    }
    const char *suit = strchr("SHDC", t[n - 1]);
    if (!suit || !t[n - 1]) return CH_EINVAL;
    t[n - 1] = '\0';
    for (int r = 1; r <= 13; r++) {
        if (strcmp(t, rank_text[r]) == 0) {
            *face = (int)(suit - "SHDC") * 13 + r - 1;
            return CH_OK;
        }
    }
    return CH_EINVAL;
}

const char *ru_phase_name(const void *st)
{
    static const char *const names[] = {"turn", "discard", "rebuy", "claim", "over"};
    return names[((const ru_state *)st)->phase];
}

int ru_action_text(const void *st, ch_action a, char *buf, size_t cap)
{
    (void)st;
    char card[8];
    ru_card_text(ru_action_face(a), card, sizeof card);
    switch (ru_action_type(a)) {
    case RU_A_KNOCK:
        return snprintf(buf, cap, "knock");
    case RU_A_DRAW:
        return snprintf(buf, cap, "draw");
    case RU_A_TAKE:
        return snprintf(buf, cap, "take");
    case RU_A_DISCARD:
        return snprintf(buf, cap, "discard %s", card);
    case RU_A_GIN:
        return snprintf(buf, cap, "gin %s", card);
    case RU_A_RUMINO:
        return snprintf(buf, cap, "rumino %s", card);
    case RU_A_REBUY:
        return snprintf(buf, cap, "rebuy");
    case RU_A_DECLINE:
        return snprintf(buf, cap, "decline");
    case RU_A_CLAIM:
        return snprintf(buf, cap, "claim");
    case RU_A_PASS:
        return snprintf(buf, cap, "pass");
    }
    return snprintf(buf, cap, "?");
}

/* What the table sees right after a: a hand scored or void, a reshuffle,
 * the game's end. Found by playing a on a copy (a plain struct). */
static void consequences(const ru_state *s, ch_action a, int ja, ch_text *t)
{
    ru_state next = *s;
    ru_apply(&next, a);
    if (next.hands > s->hands) {
        if (next.last_end == RU_END_RUMINO) {
            ch_text_add(t, ja ? " ── ルーミノ！" : " — Rumino!");
        } else if (next.last_end == RU_END_VOID) {
            ch_text_add(t, ja ? " ── ディール無効" : " — hand void");
        } else {
            ch_text_add(t, ja ? " ── 得点:" : " — hand scores:");
            for (int p = 0; p < s->np; p++)
                ch_text_add(t, " %d", next.hand_score[p]);
        }
    } else if (next.stock_gen > s->stock_gen && next.dealt == s->dealt) {
        ch_text_add(t, ja ? " ── 山札切れ: 捨て札を切り直して山札に"
                          : " — stock empty: discards reshuffled");
    }
    if (next.phase == RU_PH_REBUY && s->phase != RU_PH_REBUY)
        ch_text_add(t, ja ? "。リバイの判断へ" : "; rebuy decisions");
    if (next.phase == RU_PH_OVER) {
        ch_text_add(t, ja ? "。ゲーム終了、勝者:" : ". Game over, winner:");
        for (int p = 0; p < s->np; p++)
            if (next.winners >> p & 1u) ch_text_add(t, " {P%d}", p);
    }
}

/* The move itself, as viewer knows it, without what follows from it. */
static void name_move(const ru_state *s, ch_action a, int viewer, int ja, ch_text *t)
{
    char c[32], top[32] = "";
    ru_card_say(ru_action_face(a), ja, c, sizeof c);
    if (s->ndiscard) ru_card_say(s->discard[s->ndiscard - 1], ja, top, sizeof top);
    switch (ru_action_type(a)) {
    case RU_A_KNOCK:
        ch_text_add(t, ja ? "ノックする" : "Knock");
        break;
    case RU_A_DRAW:
        /* The drawn card is seen by its taker only. */
        if ((viewer == CH_ALL || viewer == s->to_move) && s->nstock) {
            ru_card_say(ru_stock_card(s, s->nstock - 1), ja, c, sizeof c);
            ch_text_add(t, ja ? "山札から %s を引く" : "Draw %s from the stock", c);
        } else {
            ch_text_add(t, ja ? "山札から1枚引く" : "Draw a card from the stock");
        }
        break;
    case RU_A_TAKE:
        ch_text_add(t, ja ? "捨て札の山から %s を取る" : "Take %s from the discard pile", top);
        break;
    case RU_A_DISCARD:
        ch_text_add(t, ja ? "%s を捨てる" : "Discard %s", c);
        break;
    case RU_A_GIN:
        ch_text_add(t, ja ? "ジンを宣言し %s を捨てる" : "Declare Gin, discarding %s", c);
        break;
    case RU_A_RUMINO:
        ch_text_add(t, ja ? "ルーミノを宣言し %s を捨てる" : "Declare Rumino, discarding %s", c);
        break;
    case RU_A_REBUY:
        ch_text_add(t, ja ? "%lld チップでリバイする" : "Rebuy for %lld chips",
                    (long long)s->rebuy_cost);
        break;
    case RU_A_DECLINE:
        ch_text_add(t, ja ? "リバイせずにゲームから抜ける" : "Decline to rebuy and leave the game");
        break;
    case RU_A_CLAIM:
        ch_text_add(t, ja ? "%s を取ってルーミノにする" : "Claim %s for a Rumino", top);
        break;
    case RU_A_PASS:
        ch_text_add(t, ja ? "%s を取らない" : "Do not claim %s", top);
        break;
    }
}

int ru_action_name(const void *st, ch_action a, int viewer, ch_lang lang, char *buf, size_t cap)
{
    const ru_state *s = st;
    int ja = lang == CH_LANG_JA;
    ch_text t;
    ch_text_init(&t, buf, cap);
    name_move(s, a, viewer, ja, &t);
    consequences(s, a, ja, &t);
    return ch_text_len(&t);
}

/* Before the move its mover knows neither the stock's top card nor how the
 * hand scores (every hand's deadwood after a knock): the move alone, and a
 * draw as a draw. */
int ru_choice_name(const void *st, ch_action a, ch_lang lang, char *buf, size_t cap)
{
    const ru_state *s = st;
    ch_text t;
    ch_text_init(&t, buf, cap);
    name_move(s, a, ru_action_type(a) == RU_A_DRAW ? CH_SPECTATOR : s->to_move, lang == CH_LANG_JA,
              &t);
    return ch_text_len(&t);
}

/* ---- The board ---- */

/* Cards as a player says them, each after a space. */
static void put_cards(ch_text *o, const uint8_t *c, int n, int ja)
{
    char t[32];
    for (int i = 0; i < n; i++) {
        ru_card_say(c[i], ja, t, sizeof t);
        ch_text_add(o, " %s", t);
    }
}

/* The viewer's own seat, marked after its name. */
static const char *you_mark(int p, int viewer, int ja)
{
    return p != viewer ? "" : ja ? "（あなた）" : " (you)";
}

/* The moves the player to move has, in words, from the legal list, so the
 * prompt never offers a move that is not there. */
static void moves_line(const ru_state *s, int ja, ch_text *o)
{
    static const char *const word[2][RU_A_PASS + 1] = {
        {"", "knock", "draw", "take", "discard", "gin", "rumino", "rebuy", "decline", "claim",
         "pass"},
        {"", "ノック", "山札から引く", "捨て札を取る", "捨てる", "ジン", "ルーミノ", "リバイ",
         "辞退", "取る", "取らない"},
    };
    ch_action a[RU_MAX_ACTIONS];
    int n = ru_legal(s, a), seen = 0, types[RU_A_PASS + 1], nt = 0;
    for (int i = 0; i < n; i++) {
        int ty = ru_action_type(a[i]);
        if (!(seen >> ty & 1)) seen |= 1 << ty, types[nt++] = ty;
    }
    for (int i = 0; i < nt; i++)
        ch_text_add(o, "%s%s",
                    i == 0        ? ""
                    : i == nt - 1 ? (ja ? "、または" : " or ")
                                  : (ja ? "、" : ", "),
                    word[ja][types[i]]);
}

/* Seats are written {P<p>} for the table layer to name, cards as a player
 * says them (issue 24); one line per seat, since names do not line up. */
int ru_render(const void *st, int viewer, ch_lang lang, char *buf, size_t cap)
{
    const ru_state *s = st;
    int ja = lang == CH_LANG_JA;
    ch_text o;
    ch_text_init(&o, buf, cap);
    if (cap) buf[0] = '\0';
    char t[32];
    ch_text_add(&o,
                ja ? "ルーミノ  第 %d ディール  ディーラー: {P%d}%s  プール %lld チップ\n"
                   : "Rumino  hand %d  dealer: {P%d}%s  pool %lld chips\n",
                s->dealt, s->dealer, you_mark(s->dealer, viewer, ja), (long long)s->pool);
    for (int p = 0; p < s->np; p++) {
        ch_text_add(&o,
                    ja ? "{P%d}%s: 累計 %d、前回 %d、チップ %lld、%d 枚%s"
                       : "{P%d}%s: total %d, last hand %d, chips %lld, %d cards%s",
                    p, you_mark(p, viewer, ja), s->cum[p], s->hand_score[p], (long long)s->chips[p],
                    s->nhand[p], s->active[p] ? "" : (ja ? "、退場" : ", out"));
        int shown = 0;
        for (int i = 0; i < s->nhand[p]; i++) {
            if (p == viewer || !ru_slot_seen(s, viewer, p, i)) continue;
            ru_card_say(s->hand[p][i], ja, t, sizeof t);
            if (!shown++)
                ch_text_add(&o, "%s",
                            s->revealed ? (ja ? "、手札:" : ", hand:")
                                        : (ja ? "、既知:" : ", known:"));
            ch_text_add(&o, " %s", t);
        }
        ch_text_add(&o, "\n");
    }
    ch_text_add(&o, ja ? "山札 %d 枚  捨て札:" : "stock %d  discards:", s->nstock);
    int from = s->ndiscard > 10 ? s->ndiscard - 10 : 0;
    if (from) ch_text_add(&o, " ...");
    put_cards(&o, s->discard + from, s->ndiscard - from, ja);
    ch_text_add(&o, "\n");
    if (viewer >= 0 && viewer < s->np && s->nhand[viewer]) {
        uint8_t h[RU_MAX_HAND];
        ru_layout l;
        int n = ru_sorted_layout(s, viewer, h, &l);
        ch_text_add(&o, ja ? "手札:" : "your hand:");
        put_cards(&o, h, n, ja);
        ch_text_add(&o, ja ? "\nメルド:" : "\nmelds:");
        for (int m = 0; m < l.n_melds; m++) {
            ch_text_add(&o, " [");
            put_cards(&o, l.meld[m], l.meld_n[m], ja);
            ch_text_add(&o, " ]");
        }
        if (!l.n_melds) ch_text_add(&o, ja ? " なし" : " none");
        ch_text_add(&o, ja ? "  メルド外:" : "  deadwood:");
        put_cards(&o, l.dead, l.n_dead, ja);
        if (l.n_dead)
            ch_text_add(&o, " = %d\n", l.deadwood);
        else
            ch_text_add(&o, ja ? " なし\n" : " none\n");
        if (s->drawn != RU_NONE && viewer == s->to_move && s->phase == RU_PH_DRAWN) {
            ru_card_say(s->drawn, ja, t, sizeof t);
            ch_text_add(&o, ja ? "山札から引いたカード: %s\n" : "you drew %s from the stock\n", t);
        }
    }
    if (s->taken != RU_NONE && !s->free_discard && s->phase == RU_PH_DRAWN) {
        ru_card_say(s->taken, ja, t, sizeof t);
        ch_text_add(&o,
                    ja ? "捨て札から取った %s は、この番には捨てられない\n"
                       : "%s was taken from the discard pile: it may not be discarded this turn\n",
                    t);
    }
    if (s->phase == RU_PH_OVER) {
        ch_text_add(&o, ja ? "ゲーム終了。勝者:" : "Game over. Winner:");
        int k = 0;
        for (int p = 0; p < s->np; p++)
            if (s->winners >> p & 1u)
                ch_text_add(&o, "%s{P%d}%s", k++ ? (ja ? "、" : ", ") : " ", p,
                            you_mark(p, viewer, ja));
        ch_text_add(&o, "\n");
        return ch_text_len(&o);
    }
    int tell = viewer == s->to_move || viewer == CH_ALL || s->phase == RU_PH_REBUY ||
               s->phase == RU_PH_CLAIM;
    if (s->to_move == viewer)
        ch_text_add(&o, ja ? "あなたの番: " : "Your turn: ");
    else
        ch_text_add(&o, ja ? "{P%d}の番%s" : "{P%d} to play%s", s->to_move, tell ? ": " : "");
    if (s->phase == RU_PH_REBUY)
        ch_text_add(&o,
                    ja ? "%lld チップでリバイして累計 %d 点で続けるか、辞退するか — "
                       : "rebuy for %lld chips and play on at a total of %d, or decline — ",
                    (long long)s->rebuy_cost, s->rebuy_score);
    else if (s->phase == RU_PH_CLAIM)
        ch_text_add(&o, ja ? "捨て札をルーミノのために取るか — "
                           : "claim the discard for a Rumino? — ");
    /* Knock, Gin and Rumino depend on the mover's hidden cards: only the
     * mover (or an omniscient viewer) is told which moves there are. */
    if (tell) moves_line(s, ja, &o);
    ch_text_add(&o, "\n");
    return ch_text_len(&o);
}
