/* Comrade text: card and action notation, action sentences, the board. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "internal.h"

static const char suit_letter[] = "SHDC";
const char *const cm_suit_en[4] = {"spades", "hearts", "diamonds", "clubs"};
const char *const cm_suit_ja[4] = {"スペード", "ハート", "ダイヤ", "クラブ"};
static const char *const rank_text[] = {"2", "3",  "4", "5", "6", "7", "8",
                                        "9", "10", "J", "Q", "K", "A"};

int cm_card_text(int face, char *buf, size_t cap)
{
    if (face < CM_FACE_BID)
        return snprintf(buf, cap, "%s%c", rank_text[CM_RANK(face)], suit_letter[CM_SUIT(face)]);
    if (face < CM_FACE_JOKER)
        return snprintf(buf, cap, "[%c%d]", suit_letter[(face - CM_FACE_BID) / 4],
                        (face - CM_FACE_BID) % 4 + 1);
    return snprintf(buf, cap, "JK");
}

static const char *const suit_sign[4] = {"♠", "♥", "♦", "♣"};

/* A card as a player says it, never its code: "10♥" in English, the suit
 * first in Japanese ("♥10"); a bid card "♠2 bid card" / "♠2の場札"; "joker". */
int cm_card_say(int face, int ja, char *buf, size_t cap)
{
    if (face < CM_FACE_BID) {
        const char *r = rank_text[CM_RANK(face)], *su = suit_sign[CM_SUIT(face)];
        return ja ? snprintf(buf, cap, "%s%s", su, r) : snprintf(buf, cap, "%s%s", r, su);
    }
    if (face < CM_FACE_JOKER)
        return snprintf(buf, cap, ja ? "%s%dの場札" : "%s%d bid card",
                        suit_sign[(face - CM_FACE_BID) / 4], (face - CM_FACE_BID) % 4 + 1);
    return snprintf(buf, cap, "%s", ja ? "ジョーカー" : "joker");
}

/* A bid item (a bid card or a joker for a suit) as a player says it. */
int cm_item_say(int a, int ja, char *buf, size_t cap)
{
    if (a <= CM_TAKE(3, 4)) {
        char c[48];
        cm_card_say(CM_FACE_BID + a - 1, ja, c, sizeof c);
        return snprintf(buf, cap, ja ? "%s" : "the %s", c);
    }
    return snprintf(buf, cap, ja ? "%sのジョーカー" : "a joker for %s",
                    suit_sign[a - CM_JOKER(0)]);
}

static int suit_of(int c)
{
    const char *p = strchr(suit_letter, toupper(c));
    return c && p ? (int)(p - suit_letter) : -1;
}

int cm_card_parse(const char *text, int *face)
{
    char t[8];
    size_t n = strlen(text);
    if (n == 0 || n >= sizeof t) return CH_EINVAL;
    /* Bounded by the buffer, not only by n: gcc 12 at -O3 cannot tie the
     * loop to n < sizeof t and warns (-Wstringop-overflow). */
    for (size_t i = 0; i < sizeof t - 1; i++)
        t[i] = i < n ? (char)toupper((unsigned char)text[i]) : '\0';
    t[sizeof t - 1] = '\0';
    if (strcmp(t, "JK") == 0) {
        *face = CM_FACE_JOKER;
        return CH_OK;
    }
    if (n == 4 && t[0] == '[' && t[3] == ']' && suit_of(t[1]) >= 0 && t[2] >= '1' && t[2] <= '4') {
        *face = CM_FACE_BID + suit_of(t[1]) * 4 + t[2] - '1';
        return CH_OK;
    }
    int s = suit_of(t[n - 1]);
    t[n - 1] = '\0';
    for (int r = 0; r < 13 && s >= 0; r++) {
        if (strcmp(t, rank_text[r]) == 0) {
            *face = s * 13 + r;
            return CH_OK;
        }
    }
    return CH_EINVAL;
}

int cm_action_text(const void *st, ch_action a, char *buf, size_t cap)
{
    (void)st;
    if (a == CM_PASS) return snprintf(buf, cap, "pass");
    if (a <= CM_TAKE(3, 4))
        return snprintf(buf, cap, "take %c%d", suit_letter[(a - 1) / 4], (int)(a - 1) % 4 + 1);
    if (a <= CM_JOKER(3)) return snprintf(buf, cap, "joker %c", suit_letter[a - CM_JOKER(0)]);
    return cm_card_text((int)(a - CM_PLAY(0)), buf, cap);
}

/* An action in English as the mover chooses it ("Take the ♠2 bid card:
 * bid 2 in spades") or, third, as the log tells it ("takes the ♠2 bid card:
 * bids 2 in spades"). Japanese has one form. */
static int name_action(const cm_state *s, ch_action a, int ja, int third, char *buf, size_t cap)
{
#define EN(you, they) (third ? they : you)
    if (a == CM_PASS) return snprintf(buf, cap, "%s", ja ? "パス" : EN("Pass", "passes"));
    if (a <= CM_JOKER(3)) {
        int p = s->to_move, su = a <= CM_TAKE(3, 4) ? (int)(a - 1) / 4 : (int)(a - CM_JOKER(0));
        if (a <= CM_TAKE(3, 4)) {
            int val = (int)(a - 1) % 4 + 1;
            return ja ? snprintf(buf, cap, "%s%dの場札を取る(%sで%dトリックのビッド)",
                                 suit_sign[su], val, cm_suit_ja[su], val)
                      : snprintf(buf, cap,
                                 EN("Take the %s%d bid card: bid %d in %s",
                                    "takes the %s%d bid card: bids %d in %s"),
                                 suit_sign[su], val, val, cm_suit_en[su]);
        }
        int val = s->v[p][su] + 1;
        return ja ? snprintf(buf, cap, "ジョーカーを取り%sの+1とする(%sで%dトリック)",
                             cm_suit_ja[su], cm_suit_ja[su], val)
                  : snprintf(buf, cap,
                             EN("Take a joker for %s: bid %d in %s",
                                "takes a joker for %s: bids %d in %s"),
                             cm_suit_en[su], val, cm_suit_en[su]);
    }
    char card[32];
    int f = (int)(a - CM_PLAY(0));
    cm_card_say(f, ja, card, sizeof card);
    int base = s->trick * s->np;
    if (s->nplay == base)
        return snprintf(buf, cap, ja ? "%s をリード" : EN("Lead %s", "leads %s"), card);
    int led = CM_SUIT(s->play[base]);
    if (CM_SUIT(f) == led)
        return snprintf(buf, cap, ja ? "%s でフォロー" : EN("Follow with %s", "follows with %s"),
                        card);
    return ja ? snprintf(buf, cap, "%s を出す(%sなし)", card, cm_suit_ja[led])
              : snprintf(buf, cap, EN("Discard %s (no %s)", "discards %s (no %s)"), card,
                         cm_suit_en[led]);
#undef EN
}

int cm_action_name(const void *st, ch_action a, int viewer, ch_lang lang, char *buf, size_t cap)
{
    (void)viewer; /* every Comrade action is public */
    return name_action(st, a, lang == CH_LANG_JA, 0, buf, cap);
}

int cm_deed_text(const cm_state *s, ch_action a, int ja, char *buf, size_t cap)
{
    return name_action(s, a, ja, 1, buf, cap);
}

int cm_item_text(int a, char *buf, size_t cap)
{
    if (a <= CM_TAKE(3, 4)) return cm_card_text(CM_FACE_BID + a - 1, buf, cap);
    return snprintf(buf, cap, "JOKER(%c)", suit_letter[a - CM_JOKER(0)]);
}
