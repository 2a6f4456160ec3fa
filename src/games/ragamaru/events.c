/* RAGAMARU events: what each seat notices when an action is applied, the
 * action first and then every automatic step (RG-47 draws and rests, RG-66
 * "everyone else draws 2", reshuffles, pass effects, the end). The rules
 * record what they do into an rg_log only here (rg_apply_log); random play
 * records nothing.
 *
 * Hidden cards: a draw names its cards only to the drawer (and CH_ALL);
 * every other viewer, the spectator included, gets the count. Played and
 * discarded cards are public. */
#include <string.h>

#include "internal.h"

static int sees_draw(int viewer, int seat)
{
    return viewer == CH_ALL || viewer == seat;
}

static void put_cards(ch_text *o, const rg_ev *e, ch_lang lang)
{
    for (int i = 0; i < e->nf; i++) {
        ch_text_add(o, "%s", !i ? " " : lang == CH_LANG_JA ? "、" : ", ");
        rg_put_card_for(o, e->f[i], lang);
    }
}

static const char *plural(int n)
{
    return n == 1 ? "" : "s";
}

/* The sentence for one event, as viewer may know it; hit: an attack's
 * target is resting and can only draw (RG-47: the log's next events). */
static void put_text(const rg_state *after, const rg_ev *e, int hit, int viewer, ch_lang lang,
                     ch_text *o)
{
    int ja = lang == CH_LANG_JA, named = sees_draw(viewer, e->seat);
    switch (e->type) {
    case RG_EV_KICKOFF:
        ch_text_add(o,
                    ja ? "{P%d}がキックオフの色に%sを指定。最初は{P%d}で、その最初のカードは%s"
                       : "{P%d} names %s for the kickoff: {P%d} plays first, and their first card "
                         "must be %s",
                    e->seat, rg_colour_name(e->aux, lang), e->target, rg_colour_name(e->aux, lang));
        break;
    case RG_EV_DRAW:
    case RG_EV_TAKE:
    case RG_EV_RGM_DRAW:
    case RG_EV_HIT: {
        static const char *const fmt_en[] = {"{P%d} draws %d card%s",
                                             "{P%d} accepts the attack and draws %d card%s",
                                             "{P%d} draws %d card%s for the RAGAMARU",
                                             "{P%d} is resting, so the attack hits: draws %d card%s"};
        static const char *const fmt_ja[] = {
            "{P%d}が山札から%d枚引く%s", "{P%d}が攻撃を受けて山札から%d枚引く%s",
            "{P%d}がRAGAMARUで山札から%d枚引く%s", "{P%d}は休み中のため攻撃を受けて山札から%d枚引く%s"};
        int w = e->type - RG_EV_DRAW;
        ch_text_add(o, ja ? fmt_ja[w] : fmt_en[w], e->seat, e->count, ja ? "" : plural(e->count));
        if (named && e->nf) {
            ch_text_add(o, ":");
            put_cards(o, e, lang);
        }
        if (e->count < e->want)
            ch_text_add(o,
                        ja ? "(残り%d枚は引けない)" : " (%d more could not be drawn: nothing left)",
                        e->want - e->count);
        break;
    }
    case RG_EV_RESHUFFLE:
        ch_text_add(o,
                    ja ? "山札が尽きたので、捨て札の一番上以外%d枚を切り直して山札にする"
                       : "the stock is empty: the %d discards below the top are shuffled into "
                         "a new stock",
                    e->count);
        break;
    case RG_EV_PASS:
        ch_text_add(o, ja ? "{P%d}がパス" : "{P%d} passes", e->seat);
        break;
    case RG_EV_PLAY:
        ch_text_add(o, ja ? "{P%d}が出す:" : "{P%d} plays", e->seat);
        put_cards(o, e, lang);
        break;
    case RG_EV_ATTACK:
        if (hit)
            ch_text_add(o,
                        ja ? "%s攻撃: {P%d}は休み中のため応じられない"
                           : "%s attack: {P%d} is resting, so it cannot be answered",
                        rg_type_name(e->aux, lang), rg_seat_next(after, e->seat, 1));
        else
            ch_text_add(o,
                        ja ? "%s攻撃: {P%d}は応じるか%d枚引く"
                           : "%s attack: {P%d} answers it or draws %d",
                        rg_type_name(e->aux, lang), rg_seat_next(after, e->seat, 1), e->count);
        break;
    case RG_EV_SIN:
        ch_text_add(o,
                    ja ? "シンビン: {P%d}は回すか%d回休む%.0s。次の色は%s"
                       : "Sin Bin: {P%d} passes it on or rests %d turn%s; the colour is now %s",
                    rg_seat_next(after, e->seat, 1), e->count, ja ? "" : plural(e->count),
                    rg_colour_name(e->aux, lang));
        break;
    case RG_EV_TMO:
        ch_text_add(o,
                    ja ? "TMOで攻撃は取り消し。次の色は%s"
                       : "the TMO cancels the attack; the colour is now %s",
                    rg_colour_name(e->aux, lang));
        break;
    case RG_EV_SIN_TAKE:
        ch_text_add(o, ja ? "{P%d}がシンビンを受けて%d回休む" : "{P%d} accepts the Sin Bin: %d rest%s",
                    e->seat, e->count, ja ? "" : plural(e->count));
        break;
    case RG_EV_SIN_ADD:
        ch_text_add(o,
                    ja ? "休み中の{P%d}にシンビンの%d回休みが加わる"
                       : "{P%d} is resting, so the Sin Bin adds %d rest%s",
                    e->seat, e->count, ja ? "" : plural(e->count));
        break;
    case RG_EV_REST:
        ch_text_add(
            o, ja ? "{P%d}は休み(シンビン)。残り%d回" : "{P%d} loses a turn to the Sin Bin (%d more)",
            e->seat, e->aux);
        break;
    case RG_EV_SKIP:
        ch_text_add(o, ja ? "%d人を飛ばして(" : "the turn skips %d player%s (", e->count,
                    ja ? "" : plural(e->count));
        for (int p = 0, first = 1; p < CH_MAX_PLAYERS; p++)
            if (e->aux >> p & 1) {
                ch_text_add(o, "%s{P%d}", first ? "" : ja ? "、" : ", ", p);
                first = 0;
            }
        ch_text_add(o, ja ? "){P%d}の番" : ") to {P%d}", e->target);
        break;
    case RG_EV_RETURN:
        ch_text_add(o, ja ? "手番が{P%d}に戻る" : "the turn goes back to {P%d}", e->target);
        break;
    case RG_EV_DIRECTION:
        ch_text_add(o, ja ? "回る向きは%s" : "play now goes %s",
                    e->aux > 0 ? (ja ? "時計回り" : "clockwise")
                               : (ja ? "反時計回り" : "counter-clockwise"));
        break;
    case RG_EV_LOOP:
        ch_text_add(o, ja ? "{P%d}が%d人先へ移る。席順:" : "{P%d} moves on past %d player%s; order:",
                    e->seat, e->count, ja ? "" : plural(e->count));
        for (int i = 0; i < after->np; i++)
            ch_text_add(o, "%s{P%d}", !i ? " " : ja ? "、" : ", ", after->order[i]);
        break;
    case RG_EV_FREE:
        ch_text_add(o, ja ? "{P%d}がもう一度、好きなカードを出す" : "{P%d} plays again, any card",
                    e->seat);
        break;
    case RG_EV_ADV:
        ch_text_add(o,
                    ja ? "{P%d}はアドバンテージで%d枚まで捨てられる"
                       : "{P%d} may discard up to %d with the Advantage",
                    e->seat, e->count);
        break;
    case RG_EV_DISCARD:
        ch_text_add(o, ja ? "{P%d}がアドバンテージで捨てる:" : "{P%d} discards", e->seat);
        put_cards(o, e, lang);
        break;
    case RG_EV_KEEP:
        ch_text_add(o, ja ? "{P%d}はこれ以上捨てない" : "{P%d} discards nothing more", e->seat);
        break;
    case RG_EV_RES:
        ch_text_add(o,
                    ja ? "{P%d}がリザーブの色と数字を指定する"
                       : "{P%d} declares the Reserve's colour and number",
                    e->seat);
        break;
    case RG_EV_DECLARE:
        if (e->count)
            ch_text_add(o,
                        ja ? "{P%d}がリザーブの数字に%dを指定(%sの%d)"
                           : "{P%d} declares %d for the Reserve (%s %d)",
                        e->seat, e->count, rg_colour_name(e->aux, lang), e->count);
        else
            ch_text_add(o, ja ? "{P%d}がリザーブの色に%sを指定" : "{P%d} declares %s for the Reserve",
                        e->seat, rg_colour_name(e->aux, lang));
        break;
    case RG_EV_OUT:
        ch_text_add(o,
                    ja ? "{P%d}が最後のカードを出してあがり" : "{P%d} played their last card and wins",
                    e->seat);
        if (after->teams)
            ch_text_add(o, ja ? "(チーム%dの勝ち)" : " (team %d wins)", rg_team_of(after, e->seat));
        break;
    case RG_EV_DRY:
        ch_text_add(o, ja ? "引き分け: 引けるカードがなく全員がパスした"
                          : "a draw: nothing is left to draw and every player passed");
        break;
    case RG_EV_CAP:
        ch_text_add(o,
                    ja ? "引き分け: 手番が上限の%d回に達した"
                       : "a draw: the turn arrived %d times, the limit",
                    e->count);
        break;
    }
}

static const char *type_word(int t)
{
    static const char *const w[] = {
        [RG_EV_KICKOFF] = "kickoff",
        [RG_EV_DRAW] = "draw",
        [RG_EV_TAKE] = "take_attack",
        [RG_EV_RGM_DRAW] = "ragamaru_draw",
        [RG_EV_HIT] = "resting_draw",
        [RG_EV_RESHUFFLE] = "reshuffle",
        [RG_EV_PASS] = "pass",
        [RG_EV_PLAY] = "play",
        [RG_EV_ATTACK] = "attack",
        [RG_EV_SIN] = "sin_bin",
        [RG_EV_TMO] = "tmo",
        [RG_EV_SIN_TAKE] = "take_sin_bin",
        [RG_EV_SIN_ADD] = "sin_bin_rests",
        [RG_EV_REST] = "rest",
        [RG_EV_SKIP] = "skip",
        [RG_EV_RETURN] = "return",
        [RG_EV_DIRECTION] = "direction",
        [RG_EV_LOOP] = "loop",
        [RG_EV_FREE] = "free_play",
        [RG_EV_DISCARD] = "discard",
        [RG_EV_KEEP] = "keep",
        [RG_EV_RES] = "reserve",
        [RG_EV_DECLARE] = "declare",
        [RG_EV_OUT] = "hand_end",
        [RG_EV_DRY] = "hand_end",
        [RG_EV_CAP] = "hand_end",
        [RG_EV_ADV] = "advantage",
    };
    return w[t];
}

static json_t *event_json(const rg_state *after, const rg_ev *e, int hit, int viewer, ch_lang lang)
{
    char buf[1024];
    ch_text o;
    ch_text_init(&o, buf, sizeof buf);
    put_text(after, e, hit, viewer, lang, &o);
    json_t *j = json_object();
    json_object_set_new(j, "type", json_string(type_word(e->type)));
    json_object_set_new(j, "seat", e->seat >= 0 ? json_integer(e->seat) : json_null());
    json_object_set_new(j, "text", json_string(buf));
    if (e->target >= 0) json_object_set_new(j, "target", json_integer(e->target));
    int moves = (e->type >= RG_EV_DRAW && e->type <= RG_EV_HIT) || e->type == RG_EV_PLAY ||
                e->type == RG_EV_DISCARD || e->type == RG_EV_RESHUFFLE;
    if (moves || e->count) json_object_set_new(j, "count", json_integer(e->count));
    if (e->type >= RG_EV_DRAW && e->type <= RG_EV_HIT) {
        json_object_set_new(j, "from", json_string("stock"));
        json_object_set_new(j, "to", json_string("hand"));
    }
    if (e->type == RG_EV_PLAY || e->type == RG_EV_DISCARD) {
        json_object_set_new(j, "from", json_string("hand"));
        json_object_set_new(j, "to", json_string("discard"));
    }
    if (e->type == RG_EV_RESHUFFLE) {
        json_object_set_new(j, "from", json_string("discard"));
        json_object_set_new(j, "to", json_string("stock"));
    }
    int public = e->type == RG_EV_PLAY || e->type == RG_EV_DISCARD;
    if (e->nf && (public || sees_draw(viewer, e->seat))) {
        json_t *cards = json_array();
        for (int i = 0; i < e->nf; i++) {
            char t[16];
            rg_card_text(e->f[i], t, sizeof t);
            json_array_append_new(cards, json_string(t));
        }
        json_object_set_new(j, "cards", cards);
    }
    return j;
}

json_t *rg_events(const void *before, ch_action a, int viewer, ch_lang lang)
{
    const rg_state *s = before;
    json_t *out = json_array();
    if (s->phase == RG_PH_OVER) return out;
    /* An action that is not legal here has no events (and changes nothing). */
    ch_action acts[RG_MAX_ACTIONS];
    int n = rg_legal(s, acts), ok = 0;
    for (int i = 0; i < n && !ok; i++)
        ok = acts[i] == a;
    if (!ok) return out;
    rg_state after = *s;
    static _Thread_local rg_log lg; /* 7 KB: kept off small thread stacks */
    lg.n = 0;
    rg_apply_log(&after, a, &lg);
    for (int i = 0; i < lg.n; i++) {
        /* An attack that a resting target can only take: its draw follows. */
        int hit = 0;
        for (int j = i + 1; j < lg.n && lg.e[i].type == RG_EV_ATTACK; j++)
            hit |= lg.e[j].type == RG_EV_HIT;
        json_array_append_new(out, event_json(&after, &lg.e[i], hit, viewer, lang));
    }
    /* Scores at the end (RG-82): who won; cards left are counts only. */
    if (after.phase == RG_PH_OVER)
        for (int p = 0; p < after.np; p++) {
            int won = after.winner >= 0 &&
                      (p == after.winner ||
                       (after.teams && rg_team_of(&after, p) == rg_team_of(&after, after.winner)));
            char buf[128];
            ch_text o;
            ch_text_init(&o, buf, sizeof buf);
            int k = after.hand[p].n;
            int r = won ? 0 : after.winner >= 0 ? 1 : 2;
            static const char *const res[CH_NLANGS][3] = {{"wins", "loses", "draw"},
                                                          {"勝ち", "負け", "引き分け"}};
            if (lang == CH_LANG_JA)
                ch_text_add(&o, "{P%d}: %s、残り%d枚", p, res[1][r], k);
            else
                ch_text_add(&o, "{P%d}: %s, %d card%s left", p, res[0][r], k, plural(k));
            json_array_append_new(out, json_pack("{s:s,s:i,s:s,s:i,s:i}", "type", "score", "seat",
                                                 p, "text", buf, "points", won, "count", k));
        }
    return out;
}
