/* What a Rumino player sees happen: the events of each move as one viewer
 * knows them, the last hand as laid open at its end (RU-52) with each
 * seat's melds and deadwood as scored, why a typed move is not legal, and
 * the rules at hand. Events are found by playing the move on a copy. */
#include <string.h>

#include "cardhall/text.h"
#include "internal.h"

const char *ru_who(int seat, int viewer, int ja, char *buf, size_t cap)
{
    ch_text t;
    ch_text_init(&t, buf, cap);
    (void)viewer;
    (void)ja;
    ch_text_add(&t, "{P%d}", seat); /* the table layer names the seat */
    return buf;
}

static void add_card_list(ch_text *t, const uint8_t *c, int n, int ja)
{
    char x[32];
    for (int i = 0; i < n; i++) {
        ru_card_say(c[i], ja, x, sizeof x);
        ch_text_add(t, "%s%s", i ? " " : "", x);
    }
}

static json_t *card_list_json(const uint8_t *c, int n)
{
    json_t *a = json_array();
    char x[8];
    for (int i = 0; i < n; i++) {
        ru_card_text(c[i], x, sizeof x);
        json_array_append_new(a, json_string(x));
    }
    return a;
}

/* ---- The last hand ---- */

static const char *const end_word[2][5] = {
    {"", "knocked", "went Gin", "made a Rumino", ""},
    {"", "ノック", "ジン", "ルーミノ", ""},
};

static void reason_text(const ru_state *s, int viewer, int ja, ch_text *t)
{
    char w[32];
    ru_who(s->last_ender, viewer, ja, w, sizeof w);
    if (s->last_end == RU_END_VOID)
        ch_text_add(t,
                    ja ? "第 %d ディールは無効 (%s) で、誰も得点しない"
                       : "Hand %d is void (%s): nobody scores",
                    s->last_no,
                    s->last_put == RU_END_VOID ? (ja ? "手番の上限" : "turn limit reached")
                                               : (ja ? "山札切れ" : "the stock ran out"));
    else
        ch_text_add(t, ja ? "第 %d ディール終了: %s が%s" : "Hand %d over: %s %s", s->last_no, w,
                    end_word[ja][s->last_end]);
}

/* Seat p's hand of the last hand, as scored: melds, deadwood, points. */
static void breakdown_text(const ru_state *s, int p, int ja, ch_text *t, ru_layout *l)
{
    uint8_t c[RU_HAND];
    int n = ru_last_hand(s, p, c);
    ru_meld_best(c, n, l);
    for (int m = 0; m < l->n_melds; m++) {
        ch_text_add(t, "[");
        add_card_list(t, l->meld[m], l->meld_n[m], ja);
        ch_text_add(t, "] ");
    }
    if (l->n_dead) {
        ch_text_add(t, ja ? "メルド外 " : "deadwood ");
        add_card_list(t, l->dead, l->n_dead, ja);
        ch_text_add(t, " = %d", l->deadwood);
    } else {
        ch_text_add(t, ja ? "メルド外なし" : "no deadwood");
    }
    int ender = p == s->last_ender;
    switch (s->last_end) {
    case RU_END_VOID:
        ch_text_add(t, ja ? " → 0 点 (無効)" : " → 0 (void)");
        break;
    case RU_END_RUMINO:
        ch_text_add(t, ender ? (ja ? " → ルーミノ: ゲームとプールの勝ち"
                                   : " → Rumino: wins the game and the pool")
                             : (ja ? " → 得点なし (ゲーム終了)" : " → not scored (game over)"));
        break;
    default:
        if (s->last_end == RU_END_GIN && ender)
            ch_text_add(t, ja ? " → ジン: -10 点、累計 %d 点" : " → Gin: -10, total %d",
                        s->last_total[p]);
        else
            ch_text_add(t, ja ? " → +%d 点、累計 %d 点" : " → +%d, total %d", s->hand_score[p],
                        s->last_total[p]);
        if (s->last_total[p] >= s->elimination)
            ch_text_add(t, ja ? " (%d 点に到達)" : " (reached %d)", s->elimination);
    }
}

static json_t *both_reason(const ru_state *s)
{
    char en[256], ja[256];
    ch_text t;
    ch_text_init(&t, en, sizeof en);
    reason_text(s, CH_SPECTATOR, 0, &t);
    ch_text_init(&t, ja, sizeof ja);
    reason_text(s, CH_SPECTATOR, 1, &t);
    return json_pack("{s:s,s:s}", "en", en, "ja", ja);
}

json_t *ru_last_hand_json(const ru_state *s)
{
    static const char *const ends[] = {"none", "knock", "gin", "rumino", "void"};
    if (!s->last_no) return json_null();
    json_t *hands = json_array(), *scores = json_array(), *bd = json_array();
    for (int p = 0; p < s->np; p++) {
        uint8_t c[RU_HAND];
        int n = ru_last_hand(s, p, c);
        if (!n) { /* not in that hand */
            json_array_append_new(hands, json_null());
            json_array_append_new(scores, json_null());
            json_array_append_new(bd, json_null());
            continue;
        }
        json_array_append_new(hands, card_list_json(c, n));
        json_array_append_new(scores, json_integer(s->hand_score[p]));
        char en[256], ja[256];
        ru_layout l;
        ch_text t;
        ch_text_init(&t, en, sizeof en);
        breakdown_text(s, p, 0, &t, &l);
        ch_text_init(&t, ja, sizeof ja);
        breakdown_text(s, p, 1, &t, &l);
        json_t *melds = json_array();
        for (int m = 0; m < l.n_melds; m++)
            json_array_append_new(melds, card_list_json(l.meld[m], l.meld_n[m]));
        json_array_append_new(
            bd, json_pack("{s:{s:s,s:s},s:o,s:o,s:i,s:i,s:i}", "text", "en", en, "ja", ja, "melds",
                          melds, "deadwood", card_list_json(l.dead, l.n_dead), "deadwood_points",
                          l.deadwood, "points", s->hand_score[p], "total", s->last_total[p]));
    }
    json_t *v = json_pack("{s:i,s:o,s:s,s:o,s:o,s:o,s:o}", "hand", s->last_no, "reason",
                          both_reason(s), "how", ends[s->last_end], "seat",
                          s->last_end == RU_END_VOID ? json_null() : json_integer(s->last_ender),
                          "hands", hands, "scores", scores, "breakdown", bd);
    if (s->last_put != RU_NONE) json_object_set_new(v, "put_down", card_list_json(&s->last_put, 1));
    return v;
}

int ru_hand_summary(const void *st, int viewer, ch_lang lang, char *buf, size_t cap)
{
    const ru_state *s = st;
    int ja = lang == CH_LANG_JA;
    ch_text t;
    ch_text_init(&t, buf, cap);
    if (cap) buf[0] = '\0';
    if (!s->last_no) return 0;
    reason_text(s, viewer, ja, &t);
    if (s->last_put != RU_NONE) {
        char c[32];
        ru_card_say(s->last_put, ja, c, sizeof c);
        ch_text_add(&t, ja ? " (%s を捨てて)" : " (putting down %s)", c);
    }
    ch_text_add(&t, ja ? "。全員の手札:\n" : ". Every hand:\n");
    for (int p = 0; p < s->np; p++) {
        uint8_t cards[RU_HAND];
        if (!ru_last_hand(s, p, cards)) continue;
        char w[32];
        ru_layout l;
        ch_text_add(&t, "  %s: ", ru_who(p, viewer, ja, w, sizeof w));
        breakdown_text(s, p, ja, &t, &l);
        ch_text_add(&t, "\n");
    }
    if (s->phase == RU_PH_OVER) {
        char w[32];
        ch_text_add(&t, ja ? "ゲーム終了。勝者:" : "Game over. Winner:");
        for (int p = 0; p < s->np; p++)
            if (s->winners >> p & 1u)
                ch_text_add(&t, ja ? " %s (チップ %lld)" : " %s (chips %lld)",
                            ru_who(p, viewer, ja, w, sizeof w), (long long)s->chips[p]);
        ch_text_add(&t, "\n");
    }
    return ch_text_len(&t);
}

/* ---- Events ---- */

static json_t *event(json_t *list, const char *type, int seat, const char *text)
{
    json_t *e = json_pack("{s:s,s:o,s:s}", "type", type, "seat",
                          seat < 0 ? json_null() : json_integer(seat), "text", text);
    json_array_append_new(list, e);
    return e;
}

static void moved(json_t *e, int count, const char *from, const char *to, const uint8_t *card)
{
    json_object_set_new(e, "count", json_integer(count));
    if (from) json_object_set_new(e, "from", json_string(from));
    if (to) json_object_set_new(e, "to", json_string(to));
    if (card) json_object_set_new(e, "cards", card_list_json(card, 1));
}

static void move_event(const ru_state *s, ch_action a, int viewer, int ja, json_t *list)
{
    int p = s->to_move;
    uint8_t face = (uint8_t)ru_action_face(a);
    uint8_t top = s->ndiscard ? s->discard[s->ndiscard - 1] : 0;
    char w[32], c[32], text[256];
    ru_who(p, viewer, ja, w, sizeof w);
    ru_card_say(face, ja, c, sizeof c);
    ch_text x;
    ch_text_init(&x, text, sizeof text);
    json_t *e;
    switch (ru_action_type(a)) {
    case RU_A_KNOCK:
        ch_text_add(&x, ja ? "%s: ノック" : "%s knocked", w);
        event(list, "knock", p, text);
        break;
    case RU_A_DRAW: {
        uint8_t d = (uint8_t)ru_stock_card(s, s->nstock - 1);
        int known = viewer == p || viewer == CH_ALL;
        ru_card_say(d, ja, c, sizeof c);
        if (known)
            ch_text_add(&x, ja ? "%s: 山札から %s を引いた" : "%s drew %s from the stock", w, c);
        else
            ch_text_add(&x, ja ? "%s: 山札から 1 枚引いた" : "%s drew a card from the stock", w);
        e = event(list, "draw", p, text);
        moved(e, 1, "stock", "hand", known ? &d : NULL);
        break;
    }
    case RU_A_TAKE:
    case RU_A_CLAIM:
        ru_card_say(top, ja, c, sizeof c);
        if (ru_action_type(a) == RU_A_TAKE)
            ch_text_add(&x, ja ? "%s: 捨て札の %s を取った" : "%s took %s from the discard pile", w,
                        c);
        else
            ch_text_add(&x, ja ? "%s: ルーミノのために %s を取った" : "%s claimed %s for a Rumino",
                        w, c);
        e = event(list, ru_action_type(a) == RU_A_TAKE ? "take" : "claim", p, text);
        moved(e, 1, "discard", "hand", &top);
        break;
    case RU_A_DISCARD:
        ch_text_add(&x, ja ? "%s: %s を捨てた" : "%s discarded %s", w, c);
        e = event(list, "discard", p, text);
        moved(e, 1, "hand", "discard", &face);
        break;
    case RU_A_GIN:
    case RU_A_RUMINO: {
        int gin = ru_action_type(a) == RU_A_GIN;
        ch_text_add(&x, ja ? "%s: %s を捨てて%s！" : "%s put down %s and declared %s!", w, c,
                    gin ? (ja ? "ジン" : "Gin") : (ja ? "ルーミノ" : "Rumino"));
        e = event(list, gin ? "gin" : "rumino", p, text);
        moved(e, 1, "hand", "discard", &face);
        break;
    }
    case RU_A_REBUY:
        ch_text_add(&x,
                    ja ? "%s: %lld チップでリバイ、累計 %d 点で続ける"
                       : "%s rebought for %lld chips and plays on at a total of %d",
                    w, (long long)s->rebuy_cost, s->rebuy_score);
        e = event(list, "rebuy", p, text);
        json_object_set_new(e, "chips", json_integer((json_int_t)s->rebuy_cost));
        break;
    case RU_A_DECLINE:
        ch_text_add(&x, ja ? "%s: リバイを辞退して退場" : "%s declined to rebuy and is out", w);
        event(list, "elimination", p, text);
        break;
    case RU_A_PASS:
        ru_card_say(top, ja, c, sizeof c);
        ch_text_add(&x, ja ? "%s: %s を取らない" : "%s did not claim %s", w, c);
        event(list, "pass", p, text);
        break;
    }
}

json_t *ru_events(const void *before, ch_action a, int viewer, ch_lang lang)
{
    const ru_state *s = before;
    int ja = lang == CH_LANG_JA;
    ru_state n = *s;
    ru_apply(&n, a);
    json_t *list = json_array();
    char text[512], w[32];
    ch_text x;
    move_event(s, a, viewer, ja, list);
    if (n.reshuffles > s->reshuffles) {
        char c[32];
        ru_card_say(n.discard[0], ja, c, sizeof c);
        ch_text_init(&x, text, sizeof text);
        ch_text_add(&x,
                    ja ? "山札切れ: 捨て札 %d 枚を切り直して山札に (一番上の %s は残す)"
                       : "The stock ran out: %d discards are shuffled into a new stock (%s stays "
                         "face up)",
                    n.nstock, c);
        json_t *e = event(list, "reshuffle", -1, text);
        moved(e, n.nstock, "discard", "stock", NULL);
    }
    if (n.hands > s->hands) {
        ch_text_init(&x, text, sizeof text);
        reason_text(&n, viewer, ja, &x);
        event(list, "hand_end", n.last_end == RU_END_VOID ? -1 : n.last_ender, text);
        if (n.last_end == RU_END_KNOCK || n.last_end == RU_END_GIN)
            for (int p = 0; p < n.np; p++) {
                uint8_t cards[RU_HAND];
                if (!ru_last_hand(&n, p, cards)) continue;
                ch_text_init(&x, text, sizeof text);
                ch_text_add(&x, "%s: ", ru_who(p, viewer, ja, w, sizeof w));
                ru_layout l;
                breakdown_text(&n, p, ja, &x, &l);
                json_t *e = event(list, "score", p, text);
                json_object_set_new(e, "points", json_integer(n.hand_score[p]));
            }
    }
    /* The rebuy step opens: who reached the limit, and what a rebuy costs. */
    if (n.phase == RU_PH_REBUY && s->phase != RU_PH_REBUY) {
        ch_text_init(&x, text, sizeof text);
        ch_text_add(
            &x,
            ja ? "%d 点に到達した人はリバイできる: %lld チップで累計 %d 点に"
               : "Players who reached %d may rebuy: %lld chips each, back in at a total of %d",
            n.elimination, (long long)n.rebuy_cost, n.rebuy_score);
        event(list, "rebuy_offer", -1, text);
    }
    for (int p = 0; p < n.np; p++)
        if (s->active[p] && !n.active[p] &&
            !(p == s->to_move && ru_action_type(a) == RU_A_DECLINE)) {
            ch_text_init(&x, text, sizeof text);
            ch_text_add(&x, ja ? "%s は累計 %d 点で退場" : "%s is out with a total of %d",
                        ru_who(p, viewer, ja, w, sizeof w), n.cum[p]);
            event(list, "elimination", p, text);
        }
    if (n.phase == RU_PH_OVER && s->phase != RU_PH_OVER) {
        ch_text_init(&x, text, sizeof text);
        ch_text_add(&x, ja ? "ゲーム終了。勝者:" : "Game over. Winner:");
        for (int p = 0; p < n.np; p++)
            if (n.winners >> p & 1u)
                ch_text_add(&x, ja ? " %s (+%lld チップ)" : " %s (+%lld chips)",
                            ru_who(p, viewer, ja, w, sizeof w),
                            (long long)(n.chips[p] - s->chips[p]));
        event(list, "game_end", -1, text);
    } else if (n.dealt > s->dealt) {
        char c[32];
        uint8_t up = n.discard[0];
        ru_card_say(up, ja, c, sizeof c);
        int players = 0;
        for (int p = 0; p < n.np; p++)
            players += n.active[p];
        ch_text_init(&x, text, sizeof text);
        ch_text_add(&x,
                    ja ? "%s が第 %d ディールを配る (各 7 枚、表向きの捨て札 %s)"
                       : "%s deals hand %d (7 cards each, upcard %s)",
                    ru_who(n.dealer, viewer, ja, w, sizeof w), n.dealt, c);
        json_t *e = event(list, "deal", n.dealer, text);
        moved(e, RU_HAND * players + 1, "stock", "hand", &up);
    }
    return list;
}

/* ---- Why a move is not legal ---- */

int ru_explain_illegal(const void *st, const char *text, ch_lang lang, char *buf, size_t cap)
{
    const ru_state *s = st;
    int ja = lang == CH_LANG_JA, p = s->to_move;
    ch_text t;
    ch_text_init(&t, buf, cap);
    if (cap) buf[0] = '\0';
    if (s->phase == RU_PH_OVER) {
        ch_text_add(&t, ja ? "ゲームは終了しています" : "the game is over");
        return ch_text_len(&t);
    }
    char w[24], arg[8] = "";
    size_t n = 0;
    const char *q = text;
    while (*q == ' ')
        q++;
    for (; *q && *q != ' ' && n + 1 < sizeof w; q++)
        w[n++] = (char)(*q >= 'A' && *q <= 'Z' ? *q + 32 : *q);
    w[n] = '\0';
    while (*q == ' ')
        q++;
    snprintf(arg, sizeof arg, "%s", q);
    int face = -1, in_hand = 0;
    if (*arg && ru_card_parse(arg, &face) == CH_OK)
        for (int i = 0; i < s->nhand[p]; i++)
            in_hand |= s->hand[p][i] == face;
    int dw = ru_hand_deadwood(s, p);
    if (!strcmp(w, "knock")) {
        if (s->phase == RU_PH_DRAWN)
            ch_text_add(&t,
                        ja ? "ノックは引く前にだけできます" : "you can knock only before you draw");
        else if (s->phase == RU_PH_TURN && dw > s->knock_limit)
            ch_text_add(&t,
                        ja ? "ノックにはメルド外の点数 %d 以下が必要です。あなたは %d です"
                           : "knock needs deadwood %d or less; yours is %d",
                        s->knock_limit, dw);
    } else if (!strcmp(w, "draw") || !strcmp(w, "take")) {
        if (s->phase == RU_PH_DRAWN)
            ch_text_add(&t, ja ? "もう引きました: 1 枚捨ててください"
                               : "you have drawn already: discard a card");
    } else if (!strcmp(w, "discard") || !strcmp(w, "gin") || !strcmp(w, "rumino")) {
        if (s->phase == RU_PH_TURN)
            ch_text_add(&t, ja ? "先に山札から引くか捨て札を取ってください"
                               : "draw from the stock or take the discard first");
        else if (s->phase != RU_PH_DRAWN)
            ;
        else if (face < 0)
            ch_text_add(
                &t, ja ? "カードを指定してください (例: %s 7H)" : "name a card (e.g. %s 7H)", w);
        else if (!in_hand)
            ch_text_add(&t, ja ? "%s は手札にありません" : "%s is not in your hand", arg);
        else if (!strcmp(w, "discard") && s->must_rumino)
            ch_text_add(&t, ja ? "ルーミノのために取ったので、ルーミノを宣言するしかありません"
                               : "you claimed the discard for a Rumino: you must declare it");
        else if (!strcmp(w, "discard") && face == s->taken && !s->free_discard)
            ch_text_add(&t,
                        ja ? "捨て札から取った %s は、この番には捨てられません"
                           : "%s was taken from the discard pile: it may not be discarded this "
                             "turn",
                        arg);
        else if (!strcmp(w, "gin"))
            ch_text_add(&t,
                        ja ? "ジンには %s 以外の 7 枚が 4 枚と 3 枚のメルドになる必要があります"
                           : "Gin needs the 7 cards other than %s to form a 4-card and a 3-card "
                             "meld",
                        arg);
        else if (!strcmp(w, "rumino"))
            ch_text_add(&t,
                        ja ? "ルーミノには %s 以外の 7 枚が同じランク 7 枚か、同じスートの 7 枚の"
                             "連続になる必要があります%s"
                           : "a Rumino needs the 7 cards other than %s to be seven of a kind or "
                             "a seven-card straight flush%s",
                        arg, s->natural_rumino ? (ja ? " (ジョーカーなし)" : " (no jokers)") : "");
    } else if (!strcmp(w, "rebuy")) {
        if (s->phase != RU_PH_REBUY)
            ch_text_add(&t,
                        ja ? "今はリバイの時ではありません" : "there is no rebuy to decide now");
        else if (s->max_rebuys >= 0 && s->rebuys >= s->max_rebuys)
            ch_text_add(&t,
                        ja ? "このゲームのリバイは %d 回までで、使い切りました"
                           : "this game allows %d rebuys, all used",
                        s->max_rebuys);
        else if (s->bankroll && s->chips[p] < s->rebuy_cost)
            ch_text_add(&t,
                        ja ? "リバイには %lld チップ必要です。あなたは %lld チップです"
                           : "a rebuy costs %lld chips; you have %lld",
                        (long long)s->rebuy_cost, (long long)s->chips[p]);
        else
            ch_text_add(&t, ja ? "プールがチップの上限を超えるため、リバイできません"
                               : "a rebuy would take the pool past the chip limit");
    } else if (!strcmp(w, "claim") || !strcmp(w, "pass")) {
        if (s->phase != RU_PH_CLAIM)
            ch_text_add(&t, ja ? "今は捨て札を取る機会ではありません"
                               : "there is no discard to claim now");
    }
    return ch_text_len(&t);
}

/* ---- The rules at hand ---- */

int ru_rules_text(const ch_opts *o, ch_lang lang, char *buf, size_t cap)
{
    int ja = lang == CH_LANG_JA;
    ch_text t;
    ch_text_init(&t, buf, cap);
    if (cap) buf[0] = '\0';
    const int *v = o->val;
    if (ja) {
        ch_text_add(
            &t,
            "ルーミノ (%d 人、トランプ 2 組 + ジョーカー 4 枚、手札 7 枚)\n"
            "- 手番: メルド外 (メルドになっていないカード) の点数が %d 点以下ならノック (knock) "
            "できる (引く前だけ)。"
            "それ以外は山札から引く (draw) か捨て札を取る (take)、そして 1 枚捨てる "
            "(discard 7H)。捨て札から取ったカードはその番に捨てられない%s。\n"
            "- メルド: 同じランク 3〜4 枚、または同じスートの連続 3〜4 枚 (A は 1 のみ)。"
            "ジョーカーはどのカードにもなる。メルドは場に出さない。\n"
            "- メルド外の点数: メルドになっていないカードの点数の合計 (A=1、2〜10=数字、J Q K "
            "ジョーカー=10)。\n"
            "- ジン (gin 7H): 引いた後、1 枚捨てて残り 7 枚が 4 枚と 3 枚のメルド。"
            "ジンの人は -10 点。\n"
            "- ルーミノ (rumino 7H): 引いた後、1 枚捨てて残り 7 枚が同じランク 7 枚か、"
            "同じスートの 7 枚連続%s。即座にゲームとプールの勝ち。\n"
            "- ノックかジンでディール終了: 全員が手札を公開し、自分のメルド外の点数を"
            "得点する。\n"
            "- 累計 %d 点で退場。2 人以上残っていれば、退場者はプールと同額でリバイ"
            "でき、残っている人の最高点で復帰する。最後に残った人がプールを得る。\n"
            "- アンティ %d チップ%s。\n",
            v[RU_OPT_PLAYERS], v[RU_OPT_KNOCK_LIMIT],
            v[RU_OPT_FREE_DISCARD] ? " (このゲームでは捨ててよい)" : "",
            v[RU_OPT_NATURAL_RUMINO] ? " (ジョーカーなし)" : "", v[RU_OPT_ELIMINATION],
            v[RU_OPT_ANTE], v[RU_OPT_STARTING_CHIPS] > 0 ? "、持ちチップ制" : "");
        if (v[RU_OPT_MAX_REBUYS] >= 0)
            ch_text_add(&t, "- リバイはゲーム全体で %d 回まで。\n", v[RU_OPT_MAX_REBUYS]);
        if (v[RU_OPT_STARTING_CHIPS] > 0)
            ch_text_add(&t, "- 各自 %d チップで始め、足りなければリバイできない。\n",
                        v[RU_OPT_STARTING_CHIPS]);
        if (v[RU_OPT_VOID_ON_EMPTY])
            ch_text_add(&t, "- 山札が尽きたらそのディールは無効。\n");
        else
            ch_text_add(&t, "- 山札が尽きたら、一番上以外の捨て札を切り直して山札にする。\n");
        if (v[RU_OPT_THREE_GINS])
            ch_text_add(&t, "- 最初の 3 ディールすべてでジンをした人はその場で勝ち。\n");
        if (v[RU_OPT_RUMINO_CLAIM])
            ch_text_add(&t, "- 他の人の捨て札でルーミノができるなら、番でなくても取って宣言できる "
                            "(claim / pass)。\n");
        if (v[RU_OPT_MAX_TURNS] > 0)
            ch_text_add(&t, "- %d 手番でディールは無効。\n", v[RU_OPT_MAX_TURNS]);
    } else {
        ch_text_add(&t,
                    "Rumino (%d players, two decks and 4 jokers, 7 cards each)\n"
                    "- Your turn: with deadwood %d or less you may knock (knock), before drawing "
                    "only. Otherwise draw from the stock (draw) or take the top discard (take), "
                    "then discard one card (discard 7H). A card taken from the discard pile may "
                    "not be discarded in the same turn%s.\n"
                    "- Melds: 3-4 cards of one rank, or 3-4 in sequence in one suit (the ace is "
                    "low only). Jokers stand for any card. Melds stay in your hand.\n"
                    "- Deadwood: the cards outside melds (A=1, 2-10 face value, J Q K and jokers "
                    "10).\n"
                    "- Gin (gin 7H): after drawing, discard one card so the other 7 form a 4-card "
                    "and a 3-card meld. Gin scores -10.\n"
                    "- Rumino (rumino 7H): after drawing, discard one card so the other 7 are "
                    "seven of a kind or a seven-card straight flush%s. It wins the game and the "
                    "pool at once.\n"
                    "- A knock or Gin ends the hand: every hand is shown and each player scores "
                    "their own deadwood.\n"
                    "- At %d points a player is out. While 2 or more remain, a player who is out "
                    "may rebuy for the size of the pool and comes back at the highest remaining "
                    "total. The last player left takes the pool.\n"
                    "- Ante: %d chip%s each%s.\n",
                    v[RU_OPT_PLAYERS], v[RU_OPT_KNOCK_LIMIT],
                    v[RU_OPT_FREE_DISCARD] ? " (in this game it may)" : "",
                    v[RU_OPT_NATURAL_RUMINO] ? " (no jokers)" : "", v[RU_OPT_ELIMINATION],
                    v[RU_OPT_ANTE], v[RU_OPT_ANTE] == 1 ? "" : "s",
                    v[RU_OPT_STARTING_CHIPS] > 0 ? ", from a bankroll" : "");
        if (v[RU_OPT_MAX_REBUYS] >= 0)
            ch_text_add(&t, "- At most %d rebuys in the whole game.\n", v[RU_OPT_MAX_REBUYS]);
        if (v[RU_OPT_STARTING_CHIPS] > 0)
            ch_text_add(&t,
                        "- Everyone starts with %d chips; a rebuy you cannot pay is not "
                        "offered.\n",
                        v[RU_OPT_STARTING_CHIPS]);
        if (v[RU_OPT_VOID_ON_EMPTY])
            ch_text_add(&t, "- When the stock runs out the hand is void.\n");
        else
            ch_text_add(&t, "- When the stock runs out, the discards but the top one are "
                            "shuffled into a new stock.\n");
        if (v[RU_OPT_THREE_GINS])
            ch_text_add(&t, "- Gin in each of the first three hands wins at once.\n");
        if (v[RU_OPT_RUMINO_CLAIM])
            ch_text_add(&t, "- A discard that completes your Rumino may be claimed out of turn "
                            "(claim / pass).\n");
        if (v[RU_OPT_MAX_TURNS] > 0)
            ch_text_add(&t, "- A hand %d turns long is void.\n", v[RU_OPT_MAX_TURNS]);
    }
    return ch_text_len(&t);
}
