/* RAGAMARU's end of the game laid open (RG-80..RG-82, RG-73, RG-V7): why it
 * ended, every hand left, and what each seat scored. A game is one hand, so
 * the last completed hand is the final position itself: the state already
 * holds it, and nothing is added to it (clone stays a memcpy of the same
 * bytes). Every viewer sees the same: the hands are turned up at the end. */
#include <stdio.h>

#include "cardhall/text.h"
#include "internal.h"

static int won(const rg_state *s, int p)
{
    if (s->winner < 0) return 0;
    return p == s->winner || (s->teams && rg_team_of(s, p) == rg_team_of(s, s->winner));
}

static void put_reason(const rg_state *s, ch_text *o, ch_lang lang)
{
    int ja = lang == CH_LANG_JA;
    switch (rg_end_reason(s)) {
    case RG_EV_OUT:
        ch_text_add(o,
                    ja ? "{P%d}が最後のカードを出してあがり" : "{P%d} played their last card and wins",
                    s->winner);
        if (s->teams)
            ch_text_add(o, ja ? "(チーム%dの勝ち)" : " (team %d wins)", rg_team_of(s, s->winner));
        break;
    case RG_EV_DRY:
        ch_text_add(o, ja ? "引き分け: 山札も捨て札も尽き、全員がパスした"
                          : "a draw: nothing was left to draw and every player passed");
        break;
    default:
        ch_text_add(o,
                    ja ? "引き分け: 手番が上限の%u回に達した"
                       : "a draw: the turn arrived %u times, the limit",
                    s->max_arrivals);
        break;
    }
}

static void put_breakdown(const rg_state *s, int p, ch_text *o, ch_lang lang)
{
    int ja = lang == CH_LANG_JA, n = s->hand[p].n;
    if (p == s->winner)
        ch_text_add(o, ja ? "あがり(勝ち)" : "went out (wins)");
    else if (won(s, p))
        ch_text_add(o, ja ? "残り%d枚(チームの勝ち)" : "%d card%s left (team wins)", n,
                    n == 1 ? "" : "s");
    else
        ch_text_add(o, ja ? "残り%d枚" : "%d card%s left", n, n == 1 ? "" : "s");
}

static json_t *both(const rg_state *s, int p,
                    void (*put)(const rg_state *, int, ch_text *, ch_lang))
{
    json_t *t = json_object();
    for (int l = 0; l < CH_NLANGS; l++) {
        char buf[256];
        ch_text o;
        ch_text_init(&o, buf, sizeof buf);
        put(s, p, &o, (ch_lang)l);
        json_object_set_new(t, l == CH_LANG_JA ? "ja" : "en", json_string(buf));
    }
    return t;
}

static void put_reason_p(const rg_state *s, int p, ch_text *o, ch_lang lang)
{
    (void)p;
    put_reason(s, o, lang);
}

json_t *rg_last_hand_json(const rg_state *s)
{
    if (s->phase != RG_PH_OVER) return json_null();
    json_t *h = json_object(), *hands = json_array(), *scores = json_array(), *bd = json_array();
    for (int p = 0; p < s->np; p++) {
        json_t *cards = json_array();
        int faces[RG_DECK_MAX], n = rg_hand_faces(&s->hand[p], faces);
        for (int i = 0; i < n; i++) {
            char t[16];
            rg_card_text(faces[i], t, sizeof t);
            json_array_append_new(cards, json_string(t));
        }
        json_array_append_new(hands, cards);
        json_array_append_new(scores, json_integer(won(s, p)));
        json_t *b = json_object();
        json_object_set_new(b, "text", both(s, p, put_breakdown));
        json_object_set_new(b, "cards_left", json_integer(n));
        json_object_set_new(b, "won", json_boolean(won(s, p)));
        json_array_append_new(bd, b);
    }
    json_object_set_new(h, "hand", json_integer(1));
    json_object_set_new(h, "reason", both(s, 0, put_reason_p));
    json_object_set_new(h, "hands", hands);
    json_object_set_new(h, "scores", scores);
    json_object_set_new(h, "breakdown", bd);
    return h;
}

/* A card as a player of lang says it, never its code: "Blue 9 (Scrum-half)",
 * "Drop Goal (yellow)"; in Japanese the rule book's short name (黒7, トライ(青)). */
void rg_put_card_for(ch_text *o, int face, ch_lang lang)
{
    char name[96];
    if (lang != CH_LANG_JA) {
        rg_card_name(face, lang, name, sizeof name);
        ch_text_add(o, "%s", name);
        return;
    }
    if (face < 60)
        snprintf(name, sizeof name, "%s%d", rg_colour_name(rg_colour_of(face), lang),
                 rg_number_of(face));
    else
        rg_card_name(face, lang, name, sizeof name);
    ch_text_add(o, "%s", name);
}

int rg_hand_summary(const void *st, int viewer, ch_lang lang, char *buf, size_t cap)
{
    const rg_state *s = st;
    ch_text o;
    ch_text_init(&o, buf, cap);
    (void)viewer; /* the hands are laid open for everyone at the end */
    if (s->phase != RG_PH_OVER) return 0;
    int ja = lang == CH_LANG_JA;
    ch_text_add(&o, ja ? "ゲーム終了: " : "Game over: ");
    put_reason(s, &o, lang);
    ch_text_add(&o, "\n");
    for (int p = 0; p < s->np; p++) {
        ch_text_add(&o, "  {P%d}", p);
        if (s->teams) ch_text_add(&o, ja ? " チーム%d" : " team %d", rg_team_of(s, p));
        ch_text_add(&o, "  ");
        put_breakdown(s, p, &o, lang);
        int faces[RG_DECK_MAX], n = rg_hand_faces(&s->hand[p], faces);
        if (n) ch_text_add(&o, ":");
        for (int i = 0; i < n; i++) {
            ch_text_add(&o, "%s", !i ? " " : lang == CH_LANG_JA ? "、" : ", ");
            rg_put_card_for(&o, faces[i], lang);
        }
        ch_text_add(&o, "\n");
    }
    return ch_text_len(&o);
}
