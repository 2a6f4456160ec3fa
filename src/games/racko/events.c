/* What a Rack-O player sees happen: the events of each move as one viewer
 * knows them, and the round end as revealed at the table (every rack laid
 * open for scoring). Both are found by playing the move on a copy of the
 * state, which is a memcpy for this plain struct. */
#include <string.h>

#include "cardhall/racko.h"
#include "cardhall/text.h"
#include "internal.h"

/* "seat 2" / "席 2", or "you" / "あなた" for the viewer's own seat. */
static const char *who(int seat, int viewer, int ja, char *buf, size_t cap)
{
    ch_text t;
    ch_text_init(&t, buf, cap);
    (void)viewer;
    (void)ja;
    ch_text_add(&t, "{P%d}", seat); /* the table layer names the seat */
    return buf;
}

static json_t *event(json_t *list, const char *type, int seat, const char *text)
{
    json_t *e = json_pack("{s:s,s:o,s:s}", "type", type, "seat",
                          seat < 0 ? json_null() : json_integer(seat), "text", text);
    json_array_append_new(list, e);
    return e;
}

/* A card's number as a JSON string, as json_sprintf("%d") wrote it, without
 * its two vsnprintf passes: a view holds twenty of these after every move. */
static json_t *card_string(int v)
{
    char buf[16], *e = buf + sizeof buf, *p = e;
    unsigned u = v < 0 ? 0u - (unsigned)v : (unsigned)v;
    do
        *--p = (char)('0' + u % 10);
    while (u /= 10);
    if (v < 0) *--p = '-';
    return json_stringn(p, (size_t)(e - p));
}

static void add_cards(json_t *e, const int *c, int n)
{
    json_t *a = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(a, card_string(c[i]));
    json_object_set_new(e, "cards", a);
}

static void moved(json_t *e, int count, const char *from, const char *to)
{
    json_object_set_new(e, "count", json_integer(count));
    if (from) json_object_set_new(e, "from", json_string(from));
    if (to) json_object_set_new(e, "to", json_string(to));
}

/* Why the round ended, one sentence. */
static void reason_text(const rk_state *s, int ja, ch_text *t)
{
    if (s->last_declarer == RK_NOBODY)
        ch_text_add(t,
                    ja ? "ラウンド %d は手番の上限に達して無効 (全員 0 点)"
                       : "Round %d is void: the turn limit was reached (0 points for everyone)",
                    s->hands);
    else
        ch_text_add(t,
                    ja ? "ラウンド %d 終了: {P%d} が「ラックオー」を宣言"
                       : "Round %d over: {P%d} declared Rack-O",
                    s->hands, s->last_declarer);
}

/* How seat p's points for the last round were counted. */
static void breakdown_text(const rk_state *s, int p, int ja, ch_text *t)
{
    const uint8_t *r = s->last_rack[p];
    int pre = rk_prefix(r);
    if (s->last_declarer == RK_NOBODY) {
        ch_text_add(t, ja ? "0 点 (無効ラウンド)" : "0 points (void round)");
    } else if (p == s->last_declarer) {
        int run = rk_longest_run(r), bonus = s->bonus ? rk_run_bonus(run) : 0;
        if (bonus)
            ch_text_add(t,
                        ja ? "ラックオー 75 点 + 連番 %d 枚のボーナス %d 点 = %d 点"
                           : "Rack-O 75 + bonus %d for a run of %d = %d points",
                        ja ? run : bonus, ja ? bonus : run, s->last[p]);
        else
            ch_text_add(t, ja ? "ラックオー 75 点 (10 枚 × 5 点 + 宣言ボーナス 25 点)"
                              : "Rack-O: 75 points (10 cards × 5 + 25 for declaring)");
    } else {
        if (ja)
            ch_text_add(t, "#5 から昇順 %d 枚 × 5 点 = %d 点", pre, s->last[p]);
        else
            ch_text_add(t, "%d card%s rising from #5 × 5 = %d points", pre, pre == 1 ? "" : "s",
                        s->last[p]);
    }
}

static json_t *both(const rk_state *s, int p, void (*f)(const rk_state *, int, int, ch_text *))
{
    char en[256], ja[256];
    ch_text t;
    ch_text_init(&t, en, sizeof en);
    f(s, p, 0, &t);
    ch_text_init(&t, ja, sizeof ja);
    f(s, p, 1, &t);
    return json_pack("{s:s,s:s}", "en", en, "ja", ja);
}

static void reason_f(const rk_state *s, int p, int ja, ch_text *t)
{
    (void)p;
    reason_text(s, ja, t);
}

json_t *rk_last_hand_json(const rk_state *s)
{
    if (!s->hands) return json_null();
    json_t *hands = json_array(), *scores = json_array(), *bd = json_array();
    for (int p = 0; p < s->n; p++) {
        json_t *h = json_array();
        for (int i = 0; i < RK_SLOTS; i++)
            json_array_append_new(h, card_string(s->last_rack[p][i]));
        json_array_append_new(hands, h);
        json_array_append_new(scores, json_integer(s->last[p]));
        json_array_append_new(
            bd, json_pack("{s:o,s:i,s:i,s:b,s:i}", "text", both(s, p, breakdown_text), "points",
                          s->last[p], "in_order", rk_prefix(s->last_rack[p]), "declarer",
                          p == s->last_declarer, "longest_run", rk_longest_run(s->last_rack[p])));
    }
    return json_pack("{s:i,s:o,s:o,s:o,s:o,s:o}", "hand", s->hands, "reason", both(s, 0, reason_f),
                     "declarer",
                     s->last_declarer == RK_NOBODY ? json_null() : json_integer(s->last_declarer),
                     "hands", hands, "scores", scores, "breakdown", bd);
}

int rk_hand_summary(const void *st, int viewer, ch_lang lang, char *buf, size_t cap)
{
    const rk_state *s = st;
    int ja = lang == CH_LANG_JA;
    ch_text t;
    ch_text_init(&t, buf, cap);
    if (cap) buf[0] = '\0';
    if (!s->hands) return 0;
    reason_text(s, ja, &t);
    ch_text_add(&t, ja ? "。全員のラック:\n" : ". Every rack:\n");
    for (int i = 0; i < RK_SLOTS; i++)
        ch_text_add(&t, " #%-2d", 5 * (i + 1));
    ch_text_add(&t, "\n");
    /* The seat's name after its rack, so the slots line up whatever the
     * names' widths (the table layer fills {P0} with a name). */
    for (int p = 0; p < s->n; p++) {
        char w[32];
        for (int i = 0; i < RK_SLOTS; i++)
            ch_text_add(&t, "%4d", s->last_rack[p][i]);
        ch_text_add(&t, "   %s: ", who(p, viewer, ja, w, sizeof w));
        breakdown_text(s, p, ja, &t);
        ch_text_add(&t, "\n");
    }
    ch_text_add(&t, ja ? "合計:" : "Totals:");
    for (int p = 0; p < s->n; p++)
        ch_text_add(&t, "  {P%d}: %d", p, s->score[p]);
    if (s->partnership)
        ch_text_add(&t, ja ? "  | チーム 席1+席3: %d  席2+席4: %d" : "  | team seats 1+3: %d  2+4: %d",
                    rk_team_score(s, 0), rk_team_score(s, 1));
    ch_text_add(&t, "\n");
    if (s->phase == RK_PH_OVER) {
        ch_result r;
        rk_result(s, &r);
        ch_text_add(&t, ja ? "ゲーム終了。勝者:" : "Game over. Winner:");
        for (int p = 0; p < s->n; p++)
            if (r.winners >> p & 1u) ch_text_add(&t, " {P%d}", p);
        ch_text_add(&t, "\n");
    }
    return ch_text_len(&t);
}

/* The move itself, as viewer knows it. */
static void move_event(const rk_state *s, ch_action a, int viewer, int ja, json_t *list)
{
    char w[32], text[256];
    int t = s->turn;
    who(t, viewer, ja, w, sizeof w);
    ch_text x;
    ch_text_init(&x, text, sizeof text);
    json_t *e;
    switch (a) {
    case RK_A_DRAW: {
        int top = s->deck[s->ndeck - 1];
        int known = viewer == CH_ALL || viewer == t || s->deck_public;
        if (known)
            ch_text_add(&x, ja ? "%s: 山札から %d を引いた" : "%s drew %d from the deck", w, top);
        else
            ch_text_add(&x, ja ? "%s: 山札から 1 枚引いた" : "%s drew a card from the deck", w);
        e = event(list, "draw", t, text);
        moved(e, 1, "deck", "hand");
        if (known) add_cards(e, &top, 1);
        break;
    }
    case RK_A_TAKE: {
        int top = s->disc[s->ndisc - 1];
        ch_text_add(&x, ja ? "%s: 捨て札の %d を取った" : "%s took %d from the discard pile", w,
                    top);
        e = event(list, "take", t, text);
        moved(e, 1, "discard", "hand");
        add_cards(e, &top, 1);
        break;
    }
    case RK_A_DISCARD: {
        int c = s->hand;
        ch_text_add(&x, ja ? "%s: 引いた %d を捨てた" : "%s discarded the drawn %d", w, c);
        e = event(list, "discard", t, text);
        moved(e, 1, "hand", "discard");
        add_cards(e, &c, 1);
        break;
    }
    case RK_A_DECLARE:
        ch_text_add(&x, ja ? "%s: 「ラックオー」を宣言" : "%s declared Rack-O!", w);
        event(list, "declare", t, text);
        break;
    case RK_A_END_TURN:
        ch_text_add(
            &x, ja ? "%s: ラックオーを宣言せずに手番を終えた" : "%s kept the Rack-O undeclared", w);
        event(list, "pass", t, text);
        break;
    default: {
        int i = (int)(a - RK_A_SWAP), c[2] = {s->hand, s->rack[t][i]};
        int known = rk_sees_hand(s, viewer);
        if (known)
            ch_text_add(
                &x, ja ? "%s: %d を #%d に入れ、%d を捨てた" : "%s put %d in #%d and discarded %d",
                w, c[0], 5 * (i + 1), c[1]);
        else
            ch_text_add(&x,
                        ja ? "%s: 引いたカードを #%d に入れ、%d を捨てた"
                           : "%s put the drawn card in #%d and discarded %d",
                        w, 5 * (i + 1), c[1]);
        e = event(list, "swap", t, text);
        moved(e, 1, "hand", "rack");
        json_object_set_new(e, "slot", json_integer(5 * (i + 1)));
        json_object_set_new(e, "discarded", card_string(c[1]));
        if (known)
            add_cards(e, c, 2);
        else
            add_cards(e, c + 1, 1);
        break;
    }
    }
}

json_t *rk_events(const void *before, ch_action a, int viewer, ch_lang lang)
{
    const rk_state *s = before;
    int ja = lang == CH_LANG_JA;
    rk_state n = *s;
    rk_apply(&n, a);
    json_t *list = json_array();
    char text[256], w[32];
    ch_text x;
    move_event(s, a, viewer, ja, list);
    if ((a == RK_A_DRAW || a == RK_A_TAKE) && s->two_player_rule == RK_2P_OPTIONAL &&
        rk_can_declare(s, s->turn)) {
        ch_text_init(&x, text, sizeof text);
        ch_text_add(&x,
                    ja ? "%s: ラックオーを持ったまま宣言しない"
                       : "%s holds a Rack-O and does not declare it",
                    who(s->turn, viewer, ja, w, sizeof w));
        event(list, "pass", s->turn, text);
    }
    if (n.turnovers > s->turnovers) {
        /* RK-26: the pile (with the card just thrown) turned over as one
         * block: its oldest card is the new upcard, the rest the deck in an
         * order everyone knows. Told from the state before the move, as a
         * declaration may already have ended the round. */
        int up = s->disc[0], count = s->ndisc;
        ch_text_init(&x, text, sizeof text);
        ch_text_add(
            &x,
            ja ? "山札切れ: 捨て札の山を裏返して山札に (%d 枚、順番は公開)。新しい捨て札 %d"
               : "The deck ran out: the discard pile is turned over as the new deck (%d cards, "
                 "order known); new upcard %d",
            count, up);
        json_t *e = event(list, "reshuffle", -1, text);
        moved(e, count + 1, "discard", "deck");
        add_cards(e, &up, 1);
    }
    if (n.hands == s->hands) return list;
    /* The round ended: why, what each seat scored, then the game end or the
     * next deal. The racks themselves are in hand_summary / last_hand. */
    ch_text_init(&x, text, sizeof text);
    reason_text(&n, ja, &x);
    event(list, "hand_end", n.last_declarer == RK_NOBODY ? -1 : n.last_declarer, text);
    for (int p = 0; p < n.n; p++) {
        ch_text_init(&x, text, sizeof text);
        ch_text_add(&x, "%s: ", who(p, viewer, ja, w, sizeof w));
        breakdown_text(&n, p, ja, &x);
        ch_text_add(&x, ja ? " (合計 %d)" : " (total %d)", n.score[p]);
        json_t *e = event(list, "score", p, text);
        json_object_set_new(e, "points", json_integer(n.last[p]));
    }
    ch_text_init(&x, text, sizeof text);
    if (n.phase == RK_PH_OVER) {
        ch_result r;
        rk_result(&n, &r);
        ch_text_add(&x, ja ? "ゲーム終了。勝者:" : "Game over. Winner:");
        for (int p = 0; p < n.n; p++)
            if (r.winners >> p & 1u) ch_text_add(&x, " {P%d}", p);
        event(list, "game_end", -1, text);
    } else {
        ch_text_add(&x, ja ? "{P%d} がラウンド %d を配る" : "{P%d} deals round %d", n.dealer,
                    n.hands + 1);
        json_t *e = event(list, "deal", n.dealer, text);
        moved(e, RK_SLOTS * n.n + 1, "deck", "rack");
    }
    return list;
}

/* The slot a typed "swap N" names: 0..9, or -1 if N is not a slot. */
static int typed_slot(const char *text)
{
    const char *p = text + 4;
    while (*p == ' ' || *p == '#')
        p++;
    int v = 0, digits = 0;
    for (; *p >= '0' && *p <= '9' && digits < 4; p++, digits++)
        v = v * 10 + (*p - '0');
    if (!digits || *p || v % 5 || v < 5 || v > 50) return -1;
    return v / 5 - 1;
}

int rk_explain_illegal(const void *st, const char *text, ch_lang lang, char *buf, size_t cap)
{
    const rk_state *s = st;
    int ja = lang == CH_LANG_JA;
    ch_text t;
    ch_text_init(&t, buf, cap);
    if (cap) buf[0] = '\0';
    if (s->phase == RK_PH_OVER) {
        ch_text_add(&t, ja ? "ゲームは終了しています" : "the game is over");
        return ch_text_len(&t);
    }
    char w[16];
    size_t n = 0;
    for (const char *p = text; *p && n + 1 < sizeof w; p++)
        if (*p != ' ' || n) w[n++] = (char)(*p >= 'A' && *p <= 'Z' ? *p + 32 : *p);
    w[n] = '\0';
    int holding = s->phase == RK_PH_TAKEN || s->phase == RK_PH_DRAWN;
    if (!strncmp(w, "swap", 4)) {
        if (typed_slot(w) < 0)
            ch_text_add(&t, ja ? "スロットは #5, #10, … #50 です (例: swap 25)"
                               : "the slots are #5, #10, … #50 (e.g. swap 25)");
        else if (!holding)
            ch_text_add(&t, ja ? "先に山札から引くか捨て札を取ってください"
                               : "draw from the deck or take the top discard first");
    } else if (!strcmp(w, "discard")) {
        if (s->phase == RK_PH_TAKEN)
            ch_text_add(
                &t,
                ja ? "捨て札から取った %d はラックのどこかに入れなければなりません (swap 5 … "
                     "swap 50)"
                   : "%d was taken from the discard pile: it must go into your rack (swap 5 … "
                     "swap 50)",
                s->hand);
        else if (!holding)
            ch_text_add(&t, ja ? "捨てられるのは山札から引いたカードだけです。先に引いてください"
                               : "you can only discard a card drawn from the deck: draw first");
    } else if (!strcmp(w, "draw") || !strcmp(w, "take")) {
        if (holding)
            ch_text_add(&t,
                        ja ? "もう %d を持っています: スロットと入れ替えてください%s"
                           : "you already hold %d: swap it into a slot%s",
                        s->hand,
                        s->phase == RK_PH_DRAWN ? (ja ? "(または捨てる)" : " or discard it") : "");
        else if (s->phase == RK_PH_END)
            ch_text_add(&t, ja ? "ラックオーを宣言するか (declare)、手番を終えてください (end)"
                               : "declare Rack-O (declare) or end your turn (end)");
    } else if (!strcmp(w, "declare")) {
        const uint8_t *r = s->rack[s->turn];
        if (!rk_is_racko(r))
            ch_text_add(&t,
                        ja ? "ラックはまだラックオーではありません: 昇順なのは #5 から #%d までです"
                           : "your rack is not a Rack-O yet: it rises from #5 only up to #%d",
                        5 * rk_prefix(r));
        else if (s->two_player_rule == RK_2P_RUN && rk_longest_run(r) < 3)
            ch_text_add(&t,
                        ja ? "宣言には連番 3 枚以上が必要です。いちばん長い連番は %d 枚です"
                           : "declaring needs a run of 3 consecutive numbers; your longest is %d",
                        rk_longest_run(r));
        else if (holding)
            ch_text_add(&t, ja ? "宣言は手番の始めか終わりにだけできます"
                               : "you can declare only at the start or the end of your turn");
    } else if (!strcmp(w, "end")) {
        ch_text_add(&t, ja ? "「end」はラックオーを宣言しないときだけ使います"
                           : "\"end\" only declines a Rack-O you could declare");
    }
    return ch_text_len(&t);
}

int rk_rules_text(const ch_opts *o, ch_lang lang, char *buf, size_t cap)
{
    int ja = lang == CH_LANG_JA, n = o->val[RK_OPT_PLAYERS];
    ch_text t;
    ch_text_init(&t, buf, cap);
    if (cap) buf[0] = '\0';
    if (ja) {
        ch_text_add(
            &t,
            "ラックオー (%d 人、カード 1〜%d)\n"
            "- 各自 10 枚のラック (#5 が手前、#50 が奥)。10 "
            "枚を手前から昇順に並べれば「ラックオー」。\n"
            "- 手番: 山札から引く (draw) か捨て札の一番上を取る (take)。取ったカードは必ずラックの"
            "カードと入れ替える (swap 25 など)。引いたカードは入れ替えるか捨てる (discard)。\n"
            "- 山札がなくなったら、捨て札の山をそのまま裏返して山札にする (切り直さない)。\n"
            "- 得点: 宣言した人は 75 点。他の人は #5 から昇順に続く枚数 × 5 点。\n"
            "- 誰かの合計が %d 点以上になったらゲーム終了。合計が最も高い人の勝ち%s。\n",
            n, RK_SLOTS * n + RK_OUTSIDE, o->val[RK_OPT_TARGET],
            o->val[RK_OPT_TIE] == RK_TIE_PLAY_ON ? " (同点なら決着まで続ける)"
                                                 : " (同点は共に勝ち)");
        if (o->val[RK_OPT_BONUS])
            ch_text_add(&t,
                        "- ボーナスラックオー: 宣言した人は連番 3/4/5/6 枚以上で 50/100/200/400 "
                        "点を加える (1 か所のみ)。\n");
        if (o->val[RK_OPT_TWO_PLAYER] == RK_2P_OPTIONAL)
            ch_text_add(&t,
                        "- 2 人プレイ: ラックオーができても宣言しなくてよい (declare / end)。\n");
        else if (o->val[RK_OPT_TWO_PLAYER] == RK_2P_RUN)
            ch_text_add(&t, "- 2 人プレイ: 宣言には連番 3 枚以上が必要。\n");
        else
            ch_text_add(&t, "- ラックオーができたら自動で宣言される。\n");
        if (o->val[RK_OPT_PARTNERSHIP])
            ch_text_add(&t, "- パートナー戦: 席1+席3 と 席2+席4 のチーム合計で競う。\n");
        if (o->val[RK_OPT_MAX_TURNS] > 0)
            ch_text_add(&t, "- %d 手番で宣言がなければそのラウンドは無効 (全員 0 点)。\n",
                        o->val[RK_OPT_MAX_TURNS]);
    } else {
        ch_text_add(
            &t,
            "Rack-O (%d players, cards 1-%d)\n"
            "- Each player has a rack of 10 slots, #5 (front) to #50 (back). Ten cards rising from "
            "#5 to #50 are a Rack-O.\n"
            "- Your turn: draw from the deck (draw) or take the top discard (take). A taken card "
            "must replace a card of your rack (swap 25 etc.); a drawn card may replace one or be "
            "discarded (discard).\n"
            "- When the deck runs out, the discard pile is turned over as it is (no shuffle).\n"
            "- Scoring: the declarer scores 75; everyone else 5 per card rising from #5 up to the "
            "first break.\n"
            "- The game ends when a total reaches %d; the highest total wins%s.\n",
            n, RK_SLOTS * n + RK_OUTSIDE, o->val[RK_OPT_TARGET],
            o->val[RK_OPT_TIE] == RK_TIE_PLAY_ON ? " (a tie plays on)" : " (a tie is shared)");
        if (o->val[RK_OPT_BONUS])
            ch_text_add(&t, "- Bonus Rack-O: the declarer adds 50/100/200/400 for a run of "
                            "3/4/5/6+ consecutive numbers (one run only).\n");
        if (o->val[RK_OPT_TWO_PLAYER] == RK_2P_OPTIONAL)
            ch_text_add(&t, "- Two players: you may keep a Rack-O without declaring it (declare "
                            "/ end).\n");
        else if (o->val[RK_OPT_TWO_PLAYER] == RK_2P_RUN)
            ch_text_add(&t, "- Two players: declaring needs a run of 3 consecutive numbers.\n");
        else
            ch_text_add(&t, "- A completed Rack-O is declared automatically.\n");
        if (o->val[RK_OPT_PARTNERSHIP])
            ch_text_add(&t, "- Partnership: seats 1+3 against 2+4; team totals decide.\n");
        if (o->val[RK_OPT_MAX_TURNS] > 0)
            ch_text_add(&t,
                        "- A round with %d turns and no declaration is void (0 for "
                        "everyone).\n",
                        o->val[RK_OPT_MAX_TURNS]);
    }
    return ch_text_len(&t);
}
