/* What a player sees: the events of one action as one viewer knows them
 * (a face-down keep is named to its owner only; raids, villains, scoring
 * are public), the round's reveal at scoring (DB-31) kept until the next
 * one, why a typed move is not legal, and the rules in short. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cardhall/text.h"
#include "internal.h"

static json_t *event(json_t *list, const char *type, int seat, const char *text)
{
    json_t *e = json_pack("{s:s,s:o,s:s}", "type", type, "seat",
                          seat < 0 ? json_null() : json_integer(seat), "text", text);
    json_array_append_new(list, e);
    return e;
}

/* Sorts faces ascending (by No): how hands and piles are shown. */
static void sort_faces(uint8_t *c, int n)
{
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && c[j - 1] > c[j]; j--) {
            uint8_t t = c[j];
            c[j] = c[j - 1];
            c[j - 1] = t;
        }
}

static json_t *cards_json(const db_state *s, const uint8_t *c, int n)
{
    json_t *a = json_array();
    for (int i = 0; i < n; i++) {
        char t[16];
        db_card_str(s, c[i], t, sizeof t);
        json_array_append_new(a, json_string(t));
    }
    return a;
}

/* " Treasure 21 (Sun, Moon, Flower, Water), Hero 8 (Sun)" into o. */
static void put_list(ch_text *o, const db_state *s, const uint8_t *c, int n, int ja)
{
    for (int i = 0; i < n; i++) {
        char t[64];
        db_card_say(s, c[i], ja, t, sizeof t);
        ch_text_add(o, "%s%s", !i ? " " : ja ? "、" : ", ", t);
    }
    if (!n) ch_text_add(o, " -");
}

static void moved(json_t *e, json_t *cards, int count, const char *from, const char *to)
{
    if (cards) json_object_set_new(e, "cards", cards);
    json_object_set_new(e, "count", json_integer(count));
    json_object_set_new(e, "from", json_string(from));
    json_object_set_new(e, "to", json_string(to));
}

/* ---- The reveal (DB-31) ---- */

/* The last scored round's cards of seat p in zone (DB_REV_HAND/SCORE), sorted. */
static int rev_cards(const db_state *s, int p, int zone, uint8_t *out)
{
    int n = 0;
    for (int c = 0; c < DB_NCARDS; c++)
        if (s->rev[c] == zone + 2 * p) out[n++] = (uint8_t)c;
    return n;
}

static int last_dealer(const db_state *s)
{
    return s->phase == DB_PH_OVER ? s->dealer : (s->dealer + s->n - 1) % s->n;
}

static void reason(const db_state *s, int ja, ch_text *o)
{
    ch_text_add(o,
                ja ? "ラウンド%dの得点 (ディーラー {P%d}): ヴィランをすべて出し終えたので、全員の"
                     "手札と確保した札を表にする"
                   : "round %d scored (dealer {P%d}): every villain has been played, so every hand "
                     "and every secured card is turned face up",
                s->rounds_done, last_dealer(s));
    if (s->phase != DB_PH_OVER) return;
    int best = 0;
    for (int p = 1; p < s->n; p++)
        best = s->total[p] > s->total[best] ? p : best;
    ch_text_add(o, ja ? "。ゲーム終了" : ". The game is over");
    if (s->one_shot)
        ch_text_add(o, ja ? " (1ラウンド勝負)" : " (one-shot)");
    else if (s->max_rounds && s->rounds_done >= s->max_rounds)
        ch_text_add(o, ja ? " (ラウンド上限 %d)" : " (round cap %d)", s->max_rounds);
    else
        ch_text_add(o, ja ? ": 合計%d点に達した" : ": a total reached %d", s->target_score);
    ch_text_add(o, ja ? "。最高点 %d" : "; top total %d", s->total[best]);
}

static void breakdown(const db_state *s, int p, int ja, ch_text *o)
{
    ch_text_add(o, ja ? "確保 %d + 手札 %d = %d点、合計 %d" : "secured %d + hand %d = %d, total %d",
                s->last_secured[p], s->last_hand[p], s->last_round[p], s->total[p]);
}

/* Everything in it was shown to the whole table, so viewer changes nothing. */
int db_hand_summary(const void *st, int viewer, ch_lang lang, char *buf, size_t cap)
{
    const db_state *s = st;
    int ja = lang == CH_LANG_JA;
    (void)viewer;
    ch_text o;
    ch_text_init(&o, buf, cap);
    if (!s->rounds_done) return ch_text_len(&o);
    reason(s, ja, &o);
    ch_text_add(&o, "\n");
    for (int p = 0; p < s->n; p++) {
        uint8_t c[DB_NCARDS];
        int n = rev_cards(s, p, DB_REV_SCORE, c);
        ch_text_add(&o, " {P%d}  %s:", p, ja ? "確保" : "secured");
        put_list(&o, s, c, n, ja);
        n = rev_cards(s, p, DB_REV_HAND, c);
        ch_text_add(&o, "  %s:", ja ? "手札" : "hand");
        put_list(&o, s, c, n, ja);
        ch_text_add(&o, "\n      ");
        breakdown(s, p, ja, &o);
        ch_text_add(&o, "\n");
    }
    return ch_text_len(&o);
}

json_t *db_last_hand_json(const db_state *s)
{
    if (!s->rounds_done) return json_null();
    char en[400], ja[400];
    ch_text t;
    json_t *o = json_object(), *hands = json_array(), *sec = json_array(), *scores = json_array(),
           *bd = json_array();
    json_object_set_new(o, "hand", json_integer(s->rounds_done));
    ch_text_init(&t, en, sizeof en);
    reason(s, 0, &t);
    ch_text_init(&t, ja, sizeof ja);
    reason(s, 1, &t);
    json_object_set_new(o, "reason", json_pack("{s:s,s:s}", "en", en, "ja", ja));
    json_object_set_new(o, "dealer", json_integer(last_dealer(s)));
    for (int p = 0; p < s->n; p++) {
        uint8_t c[DB_NCARDS];
        int n = rev_cards(s, p, DB_REV_HAND, c);
        json_array_append_new(hands, cards_json(s, c, n));
        n = rev_cards(s, p, DB_REV_SCORE, c);
        json_array_append_new(sec, cards_json(s, c, n));
        json_array_append_new(scores, json_integer(s->last_round[p]));
        ch_text_init(&t, en, sizeof en);
        breakdown(s, p, 0, &t);
        ch_text_init(&t, ja, sizeof ja);
        breakdown(s, p, 1, &t);
        json_array_append_new(bd, json_pack("{s:{s:s,s:s},s:i,s:i,s:i}", "text", "en", en, "ja", ja,
                                            "secured", s->last_secured[p], "hand", s->last_hand[p],
                                            "total", s->total[p]));
    }
    json_object_set_new(o, "hands", hands);
    json_object_set_new(o, "secured", sec);
    json_object_set_new(o, "scores", scores);
    json_object_set_new(o, "breakdown", bd);
    return o;
}

/* ---- Events ---- */

static int sees(int viewer, int p)
{
    return viewer == CH_ALL || viewer == p;
}

/* The cards of zone z (n of them) that viewer knows in state s. */
static json_t *known_json(const db_state *s, const uint8_t *z, int n, int viewer, int *count)
{
    uint8_t k[DB_NCARDS];
    int m = 0;
    for (int i = 0; i < n; i++)
        if (db_knows(s, viewer, z[i])) k[m++] = z[i];
    sort_faces(k, m);
    *count = m;
    return cards_json(s, k, m);
}

static void keep_event(json_t *list, const db_state *b, int c, int viewer, int ja)
{
    int p = b->mover;
    char t[200], x[64], y[64];
    db_card_say(b, c, ja, x, sizeof x);
    if (b->phase == DB_PH_DRAFT) {
        if (sees(viewer, p))
            snprintf(t, sizeof t,
                     ja ? "{P%d} はパックから %s を選んだ" : "{P%d} keeps %s from the pack", p, x);
        else
            snprintf(t, sizeof t,
                     ja ? "{P%d} はパックから1枚を裏向きに選んだ" : "{P%d} keeps a card face down",
                     p);
        uint8_t one = (uint8_t)c;
        moved(event(list, "keep", p, t), sees(viewer, p) ? cards_json(b, &one, 1) : NULL, 1, "pack",
              "kept");
        return;
    }
    int other = db_taken(b, p)[0] == c ? db_taken(b, p)[1] : db_taken(b, p)[0];
    db_card_say(b, other, ja, y, sizeof y);
    if (sees(viewer, p))
        snprintf(t, sizeof t,
                 ja ? "{P%d} は %s を残し、%s を裏向きで脇に置いた"
                    : "{P%d} keeps %s, setting %s aside face down",
                 p, x, y);
    else
        snprintf(t, sizeof t,
                 ja ? "{P%d} は1枚を残し、1枚を裏向きで脇に置いた"
                    : "{P%d} keeps one card and sets the other aside face down",
                 p);
    uint8_t two[2] = {(uint8_t)c, (uint8_t)other};
    moved(event(list, "keep", p, t), sees(viewer, p) ? cards_json(b, two, 2) : NULL, 2, "taken",
          "kept");
}

/* DB-10, DB-11: the packs move on; the viewer is told what they receive. */
static void draft_pass_events(json_t *list, const db_state *b, const db_state *af, int c,
                              int viewer, int ja)
{
    int left = b->round % 2, size = b->npack[b->mover] - 1;
    char t[200];
    snprintf(t, sizeof t,
             ja ? "全員が残りのパック(%d枚)を%s隣へ渡した%s"
                : "everyone passes the rest of the pack "
                  "(%d card%s) to the %s",
             size,
             ja          ? (left ? "左" : "右")
             : size == 1 ? ""
                         : "s",
             ja ? "" : (left ? "left" : "right"));
    json_t *e = event(list, "pass", -1, t), *cards = NULL;
    if (viewer >= 0 && viewer < b->n) {
        int n;
        if (size >= 2)
            cards = known_json(af, db_pack(af, viewer), af->npack[viewer], viewer, &n);
        else {
            /* The forced last card: in the new hand, or in the villain row
             * where the draft's end has already put a villain, and neither
             * kept nor in that row before. */
            uint8_t k[DB_MAXHAND];
            int m = 0;
            for (int z = 0; z < 2; z++) {
                const uint8_t *at = z ? db_vrow(af, viewer) : db_hand(af, viewer);
                int nz = z ? af->zn[DB_Z_VROW + viewer] : af->nhand[viewer];
                for (int i = 0; i < nz && m < DB_MAXHAND; i++) {
                    int f = at[i], had = f == c && viewer == b->mover;
                    for (int j = 0; j < b->nkept[viewer]; j++)
                        had |= db_kept(b, viewer)[j] == f;
                    for (int j = 0; j < b->zn[DB_Z_VROW + viewer]; j++)
                        had |= db_vrow(b, viewer)[j] == f;
                    if (!had) k[m++] = (uint8_t)f;
                }
            }
            cards = cards_json(af, k, m);
        }
    }
    moved(e, cards, size * b->n, "pack", "pack");
    if (size == 1)
        event(list, "keep_last", -1,
              ja ? "最後に渡された1枚は、そのまま確保する"
                 : "everyone keeps the last card passed to them");
}

static void acquire_events(json_t *list, const db_state *b, const db_state *af, int c, int viewer,
                           int ja)
{
    int p = b->mover, q = 1 - p;
    if ((b->chosen | 1u << p) != db_all_mask(2)) return;
    uint8_t shown[2];
    shown[p] = db_taken(b, p)[0] == c ? db_taken(b, p)[1] : db_taken(b, p)[0];
    shown[q] = db_aside(b, q)[0];
    char t[200], x[64], y[64];
    db_card_say(b, shown[0], ja, x, sizeof x);
    db_card_say(b, shown[1], ja, y, sizeof y);
    snprintf(t, sizeof t,
             ja ? "脇に置いた札を表にした: {P0} %s、{P1} %s"
                : "the set-aside cards turn face up: {P0} %s, {P1} %s",
             x, y);
    moved(event(list, "discard", -1, t), cards_json(b, shown, 2), 2, "aside", "discard_row");
    if (af->round != b->round || af->phase != DB_PH_ACQUIRE) return;
    int nd = db_left(2, af->dealer);
    for (int k = 0; k < 2; k++) {
        int r = k ? af->dealer : nd, n = 0;
        json_t *cards = sees(viewer, r) ? known_json(af, db_taken(af, r), 2, viewer, &n) : NULL;
        snprintf(t, sizeof t,
                 ja ? "{P%d} が山札から2枚取った" : "{P%d} takes 2 cards from the deck", r);
        moved(event(list, "take", r, t), cards, 2, "deck", "taken");
    }
}

static void raid_start_events(json_t *list, const db_state *af, int ja)
{
    char t[300];
    for (int p = 0; p < af->n; p++) {
        if (!af->nvrow[p]) continue;
        ch_text o;
        ch_text_init(&o, t, sizeof t);
        ch_text_add(&o, ja ? "{P%d} がヴィランを表にした:" : "{P%d} reveals villains:", p);
        uint8_t v[DB_MAXHAND];
        memcpy(v, db_vrow(af, p), af->nvrow[p]);
        sort_faces(v, af->nvrow[p]);
        put_list(&o, af, v, af->nvrow[p], ja);
        moved(event(list, "villains", p, t), cards_json(af, v, af->nvrow[p]), af->nvrow[p], "hand",
              "villains");
    }
}

/* A finished raid turn: the draw (public) and its outcome (DB-24, DB-27). */
static void resolution_events(json_t *list, const db_state *af, int with_draw, int ja)
{
    char t[300], v[64], d[64];
    int r = af->last_raider, out = af->last_out;
    db_card_say(af, af->last_villain, ja, v, sizeof v);
    if (out == DB_OUT_NO_TARGET) {
        snprintf(t, sizeof t, "%s", db_outcome_text[ja][out]);
        moved(event(list, "no_target", r, t), cards_json(af, &af->last_villain, 1), 1, "centre",
              "discard");
        return;
    }
    db_card_say(af, af->last_drawn, ja, d, sizeof d);
    if (with_draw) {
        if (ja)
            snprintf(t, sizeof t, "{P%d} が {P%d} の手札から %s を引いた", r, af->last_target, d);
        else
            snprintf(t, sizeof t, "{P%d} draws %s from {P%d}'s hand", r, d, af->last_target);
        json_t *e = event(list, "draw", r, t);
        json_object_set_new(e, "target", json_integer(af->last_target));
        moved(e, cards_json(af, &af->last_drawn, 1), 1, "hand", "centre");
    }
    static const char *const type[] = {"", "steal", "caught", "both_discarded", "returned", ""};
    uint8_t both[2] = {af->last_villain, af->last_drawn};
    snprintf(t, sizeof t, "%s %s + %s: %s", ja ? "結果" : "result", v, d, db_outcome_text[ja][out]);
    int seat = out == DB_OUT_CAUGHT ? af->last_target : r;
    json_t *e = event(list, type[out], seat, t);
    if (out == DB_OUT_STEAL || out == DB_OUT_CAUGHT)
        moved(e, cards_json(af, both, 2), 2, "centre", "secured");
    else if (out == DB_OUT_BOTH_OUT)
        moved(e, cards_json(af, both, 2), 2, "centre", "discard");
    else
        moved(e, cards_json(af, both, 1), 1, "centre", "discard");
}

static void scoring_events(json_t *list, const db_state *af, int viewer, int ja)
{
    char t[600];
    for (int p = 0; p < af->n; p++) {
        ch_text o;
        ch_text_init(&o, t, sizeof t);
        ch_text_add(&o, "{P%d}: ", p);
        breakdown(af, p, ja, &o);
        uint8_t c[DB_NCARDS];
        int n = rev_cards(af, p, DB_REV_SCORE, c);
        n += rev_cards(af, p, DB_REV_HAND, c + n);
        json_t *e = event(list, "score", p, t);
        json_object_set_new(e, "points", json_integer(af->last_round[p]));
        json_object_set_new(e, "cards", cards_json(af, c, n));
    }
    ch_text o;
    ch_text_init(&o, t, sizeof t);
    reason(af, ja, &o);
    event(list, "hand_end", -1, t);
    if (af->phase == DB_PH_OVER) {
        ch_result r;
        db_game.result(af, &r);
        ch_text_init(&o, t, sizeof t);
        ch_text_add(&o, ja ? "ゲーム終了。勝者:" : "game over; winner:");
        for (int p = 0; p < af->n; p++)
            if (r.winners >> p & 1) ch_text_add(&o, " {P%d} (%d)", p, af->total[p]);
        event(list, "game_end", -1, t);
        return;
    }
    snprintf(t, sizeof t, ja ? "ラウンド%d: {P%d} が配る" : "round %d: {P%d} deals", af->round,
             af->dealer);
    json_t *e = event(list, "deal", af->dealer, t), *cards = NULL;
    if (viewer >= 0 && viewer < af->n) {
        int n;
        const uint8_t *z = af->n == 2 ? db_taken(af, viewer) : db_pack(af, viewer);
        cards = known_json(af, z, af->n == 2 ? af->ntaken[viewer] : af->npack[viewer], viewer, &n);
    }
    moved(e, cards, DB_NCARDS, "deck", af->n == 2 ? "taken" : "pack");
}

json_t *db_events(const void *before, ch_action a, int viewer, ch_lang lang)
{
    const db_state *b = before;
    int ja = lang == CH_LANG_JA, kind = (int)(a >> 8), arg = (int)(a & 0xff), p = b->mover;
    db_state af = *b;
    db_game.apply(&af, a);
    json_t *list = json_array();
    char t[300], x[64];
    int same_round = af.rounds_done == b->rounds_done;
    int resolved = 0;
    for (int o = 0; o <= DB_OUT_NO_TARGET; o++)
        resolved += af.outcomes[o] - b->outcomes[o];
    switch (kind) {
    case DB_A_KEEP:
        keep_event(list, b, arg, viewer, ja);
        if (b->phase == DB_PH_DRAFT && (b->chosen | 1u << p) == db_all_mask(b->n))
            draft_pass_events(list, b, &af, arg, viewer, ja);
        if (b->phase == DB_PH_ACQUIRE) acquire_events(list, b, &af, arg, viewer, ja);
        if (af.phase != DB_PH_DRAFT && af.phase != DB_PH_ACQUIRE && same_round)
            raid_start_events(list, &af, ja);
        break;
    case DB_A_PLAY: {
        uint8_t one = (uint8_t)arg;
        db_card_say(b, arg, ja, x, sizeof x);
        int target = db_find_target(b, p);
        if (target >= 0)
            snprintf(t, sizeof t,
                     ja ? "{P%d} が%s を中央に出した ({P%d} を襲撃)"
                        : "{P%d} plays %s to the centre, raiding {P%d}",
                     p, x, target);
        else
            snprintf(t, sizeof t, ja ? "{P%d} が%s を中央に出した" : "{P%d} plays %s", p, x);
        json_t *e = event(list, "play", p, t);
        if (target >= 0) json_object_set_new(e, "target", json_integer(target));
        moved(e, cards_json(b, &one, 1), 1, "villains", "centre");
        if (af.phase == DB_PH_ARRANGE && same_round) {
            snprintf(t, sizeof t,
                     ja ? "{P%d} が引かれる前に手札を並べる"
                        : "{P%d} orders their hand for the draw",
                     af.target);
            event(list, "arrange", af.target, t);
        }
        break;
    }
    case DB_A_PUT: {
        uint8_t one = (uint8_t)arg;
        db_card_say(b, arg, ja, x, sizeof x);
        if (sees(viewer, p))
            snprintf(t, sizeof t,
                     ja ? "{P%d} は %s を手札の%d枚目に置いた"
                        : "{P%d} puts %s at position %d of the hand",
                     p, x, b->arranged + 1);
        else
            snprintf(t, sizeof t, ja ? "{P%d} は手札を並べている" : "{P%d} arranges their hand", p);
        moved(event(list, "put", p, t), sees(viewer, p) ? cards_json(b, &one, 1) : NULL, 1, "hand",
              "hand");
        break;
    }
    default:
        break;
    }
    if (resolved) resolution_events(list, &af, 1, ja);
    if (resolved && same_round && af.phase == DB_PH_RAID) {
        snprintf(t, sizeof t, ja ? "次の襲撃は {P%d}" : "{P%d} raids next", af.raider);
        event(list, "raider", af.raider, t);
    }
    if (!same_round) scoring_events(list, &af, viewer, ja);
    return list;
}

/* ---- Why a move is not legal ---- */

/* The face whose No is the number in text ("T21", "21", "#21" not). */
static int find_no(const db_state *s, const char *text)
{
    while (*text && isalpha((unsigned char)*text))
        text++;
    char *end;
    long no = strtol(text, &end, 10);
    if (!*text || *end) return -1;
    for (int c = 0; c < DB_NCARDS; c++)
        if (s->card[c].no == no) return c;
    return -1;
}

static int in(const uint8_t *z, int n, int c)
{
    for (int i = 0; i < n; i++)
        if (z[i] == c) return 1;
    return 0;
}

static void what_now(const db_state *s, int ja, ch_text *o)
{
    switch (s->phase) {
    case DB_PH_DRAFT:
        ch_text_add(o, ja ? "今はドラフト: パックから1枚選ぶ (例 keep T21)"
                          : "this is the draft: keep a card of your pack (keep T21)");
        break;
    case DB_PH_ACQUIRE:
        ch_text_add(o, ja ? "今はカードの入手: 取った2枚から1枚を残す (keep ...)"
                          : "this is the acquisition: keep one of your two cards (keep ...)");
        break;
    case DB_PH_RAID:
        ch_text_add(o, ja ? "今は襲撃: 自分のヴィランを1枚出す (例 play V5)"
                          : "this is the raid: play one of your villains (play V5)");
        break;
    case DB_PH_ARRANGE:
        ch_text_add(o, ja ? "手札を引かれる順に並べる (例 put H8)"
                          : "put your hand cards in order for the draw (put H8)");
        break;
    case DB_PH_DRAW:
        ch_text_add(o,
                    ja ? "{P%d} の手札から位置で1枚引く: draw 1 〜 draw %d"
                       : "draw a card of {P%d}'s hand by position: draw 1 to draw %d",
                    s->target, s->nhand[s->target]);
        break;
    default:
        ch_text_add(o, ja ? "ゲームは終わっている" : "the game is over");
    }
}

int db_explain_illegal(const void *st, const char *text, ch_lang lang, char *buf, size_t cap)
{
    const db_state *s = st;
    int ja = lang == CH_LANG_JA, p = s->mover;
    ch_text o;
    ch_text_init(&o, buf, cap);
    char verb[16] = "", rest[32] = "";
    if (sscanf(text, " %15s %31s", verb, rest) < 1) return ch_text_len(&o);
    for (char *c = verb; *c; c++)
        *c = (char)tolower((unsigned char)*c);
    static const char *const verbs[] = {"keep", "play", "put", "draw"};
    static const int phase_of[] = {-1, DB_PH_RAID, DB_PH_ARRANGE, DB_PH_DRAW};
    int v = -1;
    for (int i = 0; i < 4; i++)
        if (strcmp(verb, verbs[i]) == 0) v = i;
    if (v < 0) return ch_text_len(&o);
    int right =
        v == 0 ? s->phase == DB_PH_DRAFT || s->phase == DB_PH_ACQUIRE : s->phase == phase_of[v];
    if (!right || s->phase == DB_PH_OVER) {
        what_now(s, ja, &o);
        return ch_text_len(&o);
    }
    if (v == 3) {
        ch_text_add(&o,
                    ja ? "{P%d} の手札は%d枚: draw 1 〜 draw %d"
                       : "{P%d} holds %d cards: draw 1 to draw %d",
                    s->target, s->nhand[s->target], s->nhand[s->target]);
        return ch_text_len(&o);
    }
    int c = find_no(s, rest);
    if (c < 0) {
        ch_text_add(&o, ja ? "カードは種類とNoで書く (例 T21)"
                           : "name a card by type and No, e.g. T21");
        return ch_text_len(&o);
    }
    char x[64];
    db_card_say(s, c, ja, x, sizeof x);
    if (v == 0 && s->phase == DB_PH_DRAFT && !in(db_pack(s, p), s->npack[p], c))
        ch_text_add(&o, ja ? "%s はあなたのパックにない" : "%s is not in your pack", x);
    else if (v == 0 && s->phase == DB_PH_ACQUIRE && !in(db_taken(s, p), s->ntaken[p], c))
        ch_text_add(&o, ja ? "%s はあなたが取った2枚にない" : "%s is not one of your two cards", x);
    else if (v == 0)
        ; /* taken[] holds the 2-player acquisition only: nothing more to say */
    else if (v == 1 && s->card[c].type != DB_VILLAIN)
        ch_text_add(&o, ja ? "%s はヴィランではない" : "%s is not a villain", x);
    else if (v == 1)
        ch_text_add(
            &o, ja ? "%s はあなたの前に出ているヴィランではない" : "%s is not among your villains",
            x);
    else if (in(db_hand(s, p), s->arranged, c))
        ch_text_add(&o, ja ? "%s はもう置いた" : "%s is already in place", x);
    else
        ch_text_add(&o, ja ? "%s は手札にない" : "%s is not in your hand", x);
    return ch_text_len(&o);
}
