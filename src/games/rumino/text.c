/* Rumino text: card notation (7H, 10S, AS, JK), action texts and names in
 * English and Japanese, and the terminal board. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

static const char *const rank_text[14] = {"",  "A", "2", "3",  "4", "5", "6",
                                          "7", "8", "9", "10", "J", "Q", "K"};
static const char suit_text[4] = {'S', 'H', 'D', 'C'};

int ru_card_text(int face, char *buf, size_t cap)
{
    if (face == RU_JOKER) return snprintf(buf, cap, "JK");
    return snprintf(buf, cap, "%s%c", rank_text[ru_face_rank(face)], suit_text[ru_face_suit(face)]);
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

int ru_action_name(const void *st, ch_action a, int viewer, ch_lang lang, char *buf, size_t cap)
{
    const ru_state *s = st;
    int p = s->to_move, ja = lang == CH_LANG_JA;
    char card[8], top[8] = "";
    ru_card_text(ru_action_face(a), card, sizeof card);
    if (s->ndiscard) ru_card_text(s->discard[s->ndiscard - 1], top, sizeof top);
    switch (ru_action_type(a)) {
    case RU_A_KNOCK:
        return snprintf(buf, cap, ja ? "P%d がノックする" : "P%d knocks", p);
    case RU_A_DRAW:
        /* The top of the stock is unknown to everyone until it is drawn. */
        if (viewer == CH_ALL && s->nstock) {
            char c[8];
            ru_card_text(s->stock[s->nstock - 1], c, sizeof c);
            return snprintf(buf, cap,
                            ja ? "P%d が山札から %s を引く" : "P%d draws %s from the stock", p, c);
        }
        return snprintf(buf, cap, ja ? "P%d が山札から1枚引く" : "P%d draws a card from the stock",
                        p);
    case RU_A_TAKE:
        return snprintf(
            buf, cap, ja ? "P%d が捨て札の山から %s を取る" : "P%d takes %s from the discard pile",
            p, top);
    case RU_A_DISCARD:
        return snprintf(buf, cap, ja ? "P%d が %s を捨てる" : "P%d discards %s", p, card);
    case RU_A_GIN:
        return snprintf(buf, cap,
                        ja ? "P%d がジンを宣言し %s を捨てる" : "P%d declares Gin, discarding %s",
                        p, card);
    case RU_A_RUMINO:
        return snprintf(buf, cap,
                        ja ? "P%d がルーミノを宣言し %s を捨てる"
                           : "P%d declares Rumino, discarding %s",
                        p, card);
    case RU_A_REBUY:
        return snprintf(buf, cap, ja ? "P%d が %d チップでリバイする" : "P%d rebuys for %d chips",
                        p, s->rebuy_cost);
    case RU_A_DECLINE:
        return snprintf(buf, cap,
                        ja ? "P%d はリバイせずにゲームから抜ける"
                           : "P%d declines to rebuy and leaves the game",
                        p);
    case RU_A_CLAIM:
        return snprintf(buf, cap,
                        ja ? "P%d が %s を取ってルーミノにする" : "P%d claims %s for a Rumino", p,
                        top);
    case RU_A_PASS:
        return snprintf(buf, cap, ja ? "P%d は取らない" : "P%d does not claim %s", p, top);
    }
    return snprintf(buf, cap, "?");
}

/* ---- The board ---- */

typedef struct out {
    char *buf;
    size_t cap, len;
} out;

static void put(out *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    size_t room = o->len < o->cap ? o->cap - o->len : 0;
    int n = vsnprintf(o->buf + (room ? o->len : 0), room, fmt, ap);
    va_end(ap);
    if (n > 0) o->len += (size_t)n;
}

static void put_cards(out *o, const uint8_t *c, int n)
{
    char t[8];
    for (int i = 0; i < n; i++) {
        ru_card_text(c[i], t, sizeof t);
        put(o, " %s", t);
    }
}

static int by_face(const void *a, const void *b)
{
    return *(const uint8_t *)a - *(const uint8_t *)b;
}

int ru_render(const void *st, int viewer, ch_lang lang, char *buf, size_t cap)
{
    const ru_state *s = st;
    int ja = lang == CH_LANG_JA;
    out o = {buf, cap, 0};
    if (cap) buf[0] = '\0';
    char t[8];
    put(&o,
        ja ? "ルーミノ  ディール %d  ディーラー P%d  プール %d\n"
           : "Rumino  hand %d  dealer P%d  pool %d\n",
        s->dealt, s->dealer, s->pool);
    for (int p = 0; p < s->np; p++) {
        put(&o, "P%d%s %-4s %s %4d  %s %5d  %s %d ", p, p == viewer ? "*" : " ",
            s->active[p] ? "" : (ja ? "退場" : "out"), ja ? "累計" : "score", s->cum[p],
            ja ? "チップ" : "chips", s->chips[p], ja ? "枚数" : "cards", s->nhand[p]);
        int shown = 0;
        for (int i = 0; i < s->nhand[p]; i++) {
            if (p == viewer || !ru_slot_seen(s, viewer, p, i)) continue;
            ru_card_text(s->hand[p][i], t, sizeof t);
            put(&o, "%s%s", shown++ ? " " : (s->revealed ? "[" : (ja ? "[既知 " : "[known ")), t);
        }
        put(&o, "%s\n", shown ? "]" : "");
    }
    put(&o, ja ? "山札 %d 枚  捨て札:" : "stock %d  discards:", s->nstock);
    int from = s->ndiscard > 10 ? s->ndiscard - 10 : 0;
    if (from) put(&o, " ...");
    put_cards(&o, s->discard + from, s->ndiscard - from);
    put(&o, "\n");
    if (viewer >= 0 && viewer < s->np && s->nhand[viewer]) {
        uint8_t h[RU_MAX_HAND];
        int n = s->nhand[viewer];
        memcpy(h, s->hand[viewer], (size_t)n);
        qsort(h, (size_t)n, 1, by_face);
        ru_layout l;
        ru_meld_best(h, n, &l);
        put(&o, ja ? "手札:" : "your hand:");
        put_cards(&o, h, n);
        put(&o, ja ? "\nメルド:" : "\nmelds:");
        for (int m = 0; m < l.n_melds; m++) {
            put(&o, " [");
            put_cards(&o, l.meld[m], l.meld_n[m]);
            put(&o, " ]");
        }
        put(&o, ja ? "  デッドウッド:" : "  deadwood:");
        put_cards(&o, l.dead, l.n_dead);
        put(&o, " = %d\n", l.deadwood);
    }
    switch (s->phase) {
    case RU_PH_TURN:
        put(&o,
            ja ? "P%d の番: ノック、山札から引く、または捨て札を取る\n"
               : "P%d to play: knock, draw or take\n",
            s->to_move);
        break;
    case RU_PH_DRAWN:
        put(&o,
            ja ? "P%d の番: 捨てる、ジン、またはルーミノ\n"
               : "P%d to play: discard, gin or rumino\n",
            s->to_move);
        break;
    case RU_PH_REBUY:
        put(&o,
            ja ? "P%d: %d チップでリバイして累計 %d にするか\n"
               : "P%d: rebuy for %d chips at score %d, or decline\n",
            s->to_move, s->rebuy_cost, s->rebuy_score);
        break;
    case RU_PH_CLAIM:
        put(&o,
            ja ? "P%d: 捨て札をルーミノのために取るか\n" : "P%d: claim the discard for a Rumino?\n",
            s->to_move);
        break;
    default:
        put(&o, ja ? "ゲーム終了。勝者:" : "Game over. Winner:");
        for (int p = 0; p < s->np; p++)
            if (s->winners >> p & 1u) put(&o, " P%d", p);
        put(&o, "\n");
    }
    return (int)o.len;
}
