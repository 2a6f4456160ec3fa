/* RAGAMARU help for players: the rules in short with the options in force,
 * why a typed move is not legal (in the game's words, no rule IDs), and the
 * one move that ends the game on the spot. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "internal.h"

/* Option indexes as game.c declares them (players, deck, first_player,
 * teams, unlimited_multiples, strict_draw, free_advantage, max_arrivals). */
enum { O_PLAYERS, O_DECK, O_FIRST, O_TEAMS, O_UNLIMITED, O_STRICT, O_FREEADV, O_MAXARR };

int rg_rules_text(const ch_opts *o, ch_lang lang, char *buf, size_t cap)
{
    ch_text t;
    ch_text_init(&t, buf, cap);
    int ja = lang == CH_LANG_JA, deck = o->val[O_DECK], many = o->val[O_UNLIMITED] ? 4 : 2;
    int noloop = deck == RG_DECK_ADVANCED_NOLOOP || deck == RG_DECK_BEGINNER_NOLOOP;
    int beginner = deck == RG_DECK_BEGINNER || deck == RG_DECK_BEGINNER_NOLOOP;
    const char *(*tn)(int, ch_lang) = rg_type_name;
    if (ja) {
        ch_text_add(&t, "RAGAMARU (%d人): 手札を先になくした人の勝ち。\n", o->val[O_PLAYERS]);
        ch_text_add(&t, "・7枚ずつ配る。最初の人の前の人がキックオフの色を指定し、最初の人の"
                        "最初のカードはその色。\n");
        ch_text_add(&t,
                    "・場のカードと同じ色、同じ数字、または同じ種類のカードを出す。同じ数字"
                    "は4枚まで、同じ種類は%d枚まで一度に出せる(最初の1枚が合っていればよい)。\n",
                    many);
        ch_text_add(&t, "・出せないときは山札から1枚引き、そのカード(を含む組)を出すかパス%s。\n",
                    o->val[O_STRICT] ? "(引いたカードは1枚だけで出す)" : "");
        ch_text_add(&t,
                    "・最後のカードは数字カードでなければならない。最後のカードを出した人の勝ち"
                    "%s。\n",
                    o->val[O_TEAMS] ? "(チームの勝ち)" : "");
        ch_text_add(&t,
                    "・%s 5枚、%s 3枚、%s 3枚: 次の人は同じカードを重ねて回すか、%sで取り消す"
                    "か、受けて引く(引いた後は自分の番)。",
                    tn(RG_TRY, lang), tn(RG_PG, lang), tn(RG_DG, lang), tn(RG_TMO, lang));
        if (!beginner)
            ch_text_add(&t, "%sはトライの後に出して+2枚、それ以上重ねられない。",
                        tn(RG_CONV, lang));
        ch_text_add(&t, "\n");
        ch_text_add(&t, "・%s: 1人飛ばす。%s: 2人飛ばす。%s: 1人前に戻る。%s: 向きが逆になる。",
                    tn(RG_CUT, lang), tn(RG_KICK, lang), tn(RG_RET, lang), tn(RG_TURN, lang));
        if (!noloop) ch_text_add(&t, "%s: 自分の席が次の人の先へ移る。", tn(RG_LOOP, lang));
        ch_text_add(&t, "2枚なら効果も2倍。\n");
        ch_text_add(&t,
                    "・%s: 出した後、手札を1枚捨ててよい%s。%s: どの色にも出せ、色と数字を"
                    "指定。%s: 色を指定し、次の人は1回休み(シンビンで回せる、%sでは取り消せ"
                    "ない)。%s: ほかの全員が2枚引き、自分はもう一度好きなカードを出す。\n",
                    tn(RG_ADV, lang), o->val[O_FREEADV] ? "(色に関係なく出せる)" : "",
                    tn(RG_RES, lang), tn(RG_SIN, lang), tn(RG_TMO, lang), tn(RG_RGM, lang));
        ch_text_add(&t, "・山札が尽きたら捨て札の一番上以外を切り直す。引けるカードがなく全員が"
                        "パスしたら引き分け。");
        if (o->val[O_MAXARR]) ch_text_add(&t, "手番が%d回に達したら引き分け。", o->val[O_MAXARR]);
        ch_text_add(&t, "\n");
        return ch_text_len(&t);
    }
    ch_text_add(&t, "RAGAMARU (%d players): the first player to empty their hand wins.\n",
                o->val[O_PLAYERS]);
    ch_text_add(&t, "- Deal 7 each. The player before the first player names the kickoff colour;"
                    " the first player's first card must be of that colour.\n");
    ch_text_add(&t,
                "- Play a card of the top card's colour, number or kind. Up to 4 of one number"
                " and %d of one kind go down together (only the first must match).\n",
                many);
    ch_text_add(&t, "- If you cannot or will not play, draw one card; then play it (%s) or pass.\n",
                o->val[O_STRICT] ? "alone" : "with cards of its kind");
    ch_text_add(&t, "- Your last card must be a number card. Playing it wins%s.\n",
                o->val[O_TEAMS] ? " (for your team)" : "");
    ch_text_add(&t,
                "- %s 5 cards, %s 3, %s 3: the next player stacks the same card on it,"
                " cancels it with the %s, or accepts, draws and then plays.",
                tn(RG_TRY, lang), tn(RG_PG, lang), tn(RG_DG, lang), tn(RG_TMO, lang));
    if (!beginner)
        ch_text_add(&t, " A %s after Tries adds 2 and closes the stack.", tn(RG_CONV, lang));
    ch_text_add(&t, "\n");
    ch_text_add(&t,
                "- %s skips 1 player, %s skips 2, %s sends the turn back 1, %s reverses the"
                " direction.",
                tn(RG_CUT, lang), tn(RG_KICK, lang), tn(RG_RET, lang), tn(RG_TURN, lang));
    if (!noloop) ch_text_add(&t, " %s moves your seat past the next player.", tn(RG_LOOP, lang));
    ch_text_add(&t, " Two cards, twice the effect.\n");
    ch_text_add(&t,
                "- %s: then discard a card%s. %s: any colour; declare a colour and number."
                " %s: name a colour; the next player rests a turn (a Sin Bin passes it on;"
                " the %s cannot answer it). %s: everyone else draws 2 and you play again,"
                " any card.\n",
                tn(RG_ADV, lang), o->val[O_FREEADV] ? " (playable on any colour)" : "",
                tn(RG_RES, lang), tn(RG_SIN, lang), tn(RG_TMO, lang), tn(RG_RGM, lang));
    ch_text_add(&t, "- An empty stock is rebuilt from the discards below the top card. With"
                    " nothing to draw and every player passing, the game is a draw.");
    if (o->val[O_MAXARR]) ch_text_add(&t, " After %d turns the game is a draw.", o->val[O_MAXARR]);
    ch_text_add(&t, "\n");
    return ch_text_len(&t);
}

/* The requirement to follow, in words: "blue or number 11 or a Cut Pass". */
static void put_requirement(const rg_state *s, ch_text *o, ch_lang lang)
{
    int ja = lang == CH_LANG_JA;
    if (s->C == RG_ANY) {
        ch_text_add(o, ja ? "どのカードでもよい" : "any card");
        return;
    }
    ch_text_add(o, ja ? "色%s" : "%s", rg_colour_name(s->C, lang));
    if (s->N) ch_text_add(o, ja ? "か数字%d" : " or number %d", s->N);
    if (s->T >= RG_TRY && s->T <= RG_ADV)
        ch_text_add(o, ja ? "か%s" : " or a %s", rg_type_name(s->T, lang));
    if (s->free_adv && s->T != RG_ADV)
        ch_text_add(o, ja ? "か%s" : " or an %s", rg_type_name(RG_ADV, lang));
    ch_text_add(o, ja ? "(リザーブ・シンビン・RAGAMARUはいつでも出せる)"
                      : " (a Reserve, Sin Bin or RAGAMARU always fits)");
}

/* Up to 8 card texts of text; the rest (a colour after SIN/TMO) in tail. */
static int split_cards(const char *text, int *faces, int cap, char *tail, size_t tcap)
{
    char buf[128], *save = NULL;
    int n = 0;
    snprintf(buf, sizeof buf, "%s", text);
    tail[0] = 0;
    for (char *w = strtok_r(buf, " ,", &save); w; w = strtok_r(NULL, " ,", &save)) {
        int f;
        /* After a Reserve, Sin Bin or TMO comes its declaration, not a card. */
        int declares = n > 0 && faces[n - 1] > RG_FACE_CONV;
        if (n < cap && rg_card_parse(w, &f) == CH_OK && !tail[0] &&
            (!declares || f == faces[n - 1])) {
            faces[n++] = f;
            continue;
        }
        snprintf(tail + strlen(tail), tcap - strlen(tail), "%s%s", tail[0] ? " " : "", w);
    }
    return n;
}

static int word_is(const char *text, const char *w)
{
    size_t n = strlen(w);
    while (*text == ' ')
        text++;
    for (size_t i = 0; i < n; i++)
        if (tolower((unsigned char)text[i]) != w[i]) return 0;
    return text[n] == 0 || text[n] == ' ';
}

int rg_explain_illegal(const void *st, const char *text, ch_lang lang, char *buf, size_t cap)
{
    const rg_state *s = st;
    ch_text o;
    ch_text_init(&o, buf, cap);
    int ja = lang == CH_LANG_JA, p = s->turn;
    if (!text || strlen(text) > 100) return 0;
    if (s->phase == RG_PH_OVER) {
        ch_text_add(&o, ja ? "ゲームは終わっています" : "the game is over");
        return ch_text_len(&o);
    }
    const rg_hand *h = &s->hand[p];
    /* Decisions that come first, whatever was typed. */
    static const char *const first_en[] = {
        [RG_PH_KICKOFF] = "first the kickoff colour is named (kickoff R, Y, B or K)",
        [RG_PH_DISCARD] = "first finish the Advantage: discard a card or keep",
        [RG_PH_DECLARE] = "first declare the Reserve's colour and number (declare ...)",
    };
    static const char *const first_ja[] = {
        [RG_PH_KICKOFF] = "先にキックオフの色を指定します(kickoff R/Y/B/K)",
        [RG_PH_DISCARD] = "先にアドバンテージを終えます(discard で捨てるか keep)",
        [RG_PH_DECLARE] = "先にリザーブの色と数字を指定します(declare ...)",
    };
    int is_kick = word_is(text, "kickoff"),
        is_disc = word_is(text, "discard") || word_is(text, "keep"),
        is_decl = word_is(text, "declare");
    if ((s->phase == RG_PH_KICKOFF && !is_kick) || (s->phase == RG_PH_DISCARD && !is_disc)) {
        ch_text_add(&o, "%s", ja ? first_ja[s->phase] : first_en[s->phase]);
        return ch_text_len(&o);
    }
    if (s->phase == RG_PH_DECLARE) {
        if (!is_decl)
            ch_text_add(&o, "%s", ja ? first_ja[s->phase] : first_en[s->phase]);
        else if (s->C == RG_ANY)
            ch_text_add(&o, ja ? "まず色だけを指定します(例: declare K)"
                               : "declare the colour first, alone (e.g. declare K)");
        else
            ch_text_add(
                &o,
                ja ? "色は%sに決まっています。数字を指定します(declare %s1 〜 declare %s15)"
                   : "the colour is %s already; declare a number (declare %s1 to declare %s15)",
                rg_colour_name(s->C, lang), rg_box.colour_code[s->C], rg_box.colour_code[s->C]);
        return ch_text_len(&o);
    }
    if (is_kick || is_decl || is_disc) {
        ch_text_add(&o, "%s",
                    is_kick ? (ja ? "キックオフの色はゲームの始めに1度だけ指定します"
                                  : "the kickoff colour is named once, at the start")
                    : is_decl ? (ja ? "リザーブを出した後にだけ指定します"
                                    : "you declare only after playing a Reserve")
                              : (ja ? "アドバンテージを出した後にだけ捨てられます"
                                    : "you discard only after playing an Advantage"));
        return ch_text_len(&o);
    }
    int respond = s->phase == RG_PH_RESPOND;
    if (word_is(text, "draw")) {
        if (respond)
            ch_text_add(&o, ja ? "攻撃には応じるか受けるかです(accept)"
                               : "answer or accept first (accept)");
        else if (s->phase == RG_PH_DRAWN)
            ch_text_add(&o, ja ? "もう引きました: 引いたカードを出すかパス"
                               : "you have drawn already: play the drawn card or pass");
        else if (rg_dry(s))
            ch_text_add(&o, ja ? "山札も捨て札も尽きて引けません: 出すかパス"
                               : "nothing is left to draw: play or pass");
        return ch_text_len(&o);
    }
    if (word_is(text, "pass")) {
        if (respond)
            ch_text_add(&o, ja ? "パスはできません: 応じるか受ける(accept)"
                               : "you cannot pass: answer or accept");
        else
            ch_text_add(&o,
                        ja ? "パスは山札から引いた後だけです(引けないときを除く)"
                           : "you may pass only after drawing (or when nothing is left to draw)");
        return ch_text_len(&o);
    }
    if (word_is(text, "accept")) {
        ch_text_add(&o, ja ? "受ける攻撃もシンビンもありません"
                           : "there is no attack or Sin Bin to accept");
        return ch_text_len(&o);
    }
    int faces[8], n;
    char tail[64];
    n = split_cards(text, faces, 8, tail, sizeof tail);
    if (n == 0) return 0;
    char name[96];
    /* Cards not held. */
    int need[RG_NFACES] = {0};
    for (int i = 0; i < n; i++)
        if (++need[faces[i]] > rg_count(h, faces[i])) {
            rg_card_name(faces[i], lang, name, sizeof name);
            ch_text_add(&o, ja ? "%sを持っていません" : "you do not hold %s", name);
            return ch_text_len(&o);
        }
    int t0 = rg_type_of(faces[0]);
    if (t0 == RG_RES && tail[0]) {
        ch_text_add(&o, ja ? "リザーブの色と数字は出した後に指定します: RES、次に declare "
                             "K、declare K8 のように"
                           : "the Reserve's colour and number come after it: RES, then declare K, "
                             "then declare K8");
        return ch_text_len(&o);
    }
    if ((t0 == RG_SIN || t0 == RG_TMO) && !tail[0]) {
        ch_text_add(&o, ja ? "色も指定します(例: %s K)" : "name a colour too (e.g. %s K)",
                    rg_type_code(t0));
        return ch_text_len(&o);
    }
    /* One kind per play; a Conversion may close Tries. */
    for (int i = 1; i < n; i++) {
        int ti = rg_type_of(faces[i]);
        int same =
            ti == t0 && (t0 != RG_NUMBER || rg_number_of(faces[i]) == rg_number_of(faces[0]));
        if (!same && !(ti == RG_CONV && i == n - 1 && t0 == RG_TRY)) {
            ch_text_add(&o, ja ? "一度に出せるのは同じ数字か同じ種類のカードだけです"
                               : "cards played together must be the same number or the same kind");
            return ch_text_len(&o);
        }
    }
    int k = n - (n > 1 && rg_type_of(faces[n - 1]) == RG_CONV);
    int lim = t0 == RG_NUMBER ? 4 : t0 == RG_CONV || t0 == RG_TMO ? 1 : s->unlimited ? 4 : 2;
    if (k > lim) {
        ch_text_add(&o,
                    ja ? "同じ種類は一度に%d枚までです" : "at most %d of that kind go down at once",
                    lim);
        return ch_text_len(&o);
    }
    int number_only = 1;
    for (int i = 0; i < n; i++)
        number_only &= rg_type_of(faces[i]) == RG_NUMBER;
    if (n >= h->n && !number_only) {
        ch_text_add(&o, ja ? "最後のカードは数字カードでなければなりません"
                           : "your last card must be a number card");
        return ch_text_len(&o);
    }
    if (respond) {
        if (s->ptype == RG_SIN)
            ch_text_add(&o,
                        ja ? "シンビンに応じられるのはシンビンだけです(TMOも不可)。または accept"
                           : "only a Sin Bin passes a Sin Bin on (not the TMO); or accept");
        else if (s->pclosed)
            ch_text_add(&o,
                        ja ? "コンバージョン済みの攻撃に応じられるのはTMOだけです。または accept"
                           : "a converted attack is answered only by the TMO; or accept");
        else
            ch_text_add(&o,
                        ja ? "%s攻撃に応じられるのは%s%sかTMOだけです。または accept"
                           : "a %s attack is answered only by a %s%s or the TMO; or accept",
                        rg_type_name(s->ptype, lang), rg_type_name(s->ptype, lang),
                        s->ptype == RG_TRY ? (ja ? "、コンバージョン" : ", a Conversion") : "");
        return ch_text_len(&o);
    }
    if (t0 == RG_TMO) {
        ch_text_add(&o, ja ? "TMOは攻撃を受けたときだけ出せます"
                           : "the TMO is played only to answer an attack");
        return ch_text_len(&o);
    }
    if (t0 == RG_CONV) {
        ch_text_add(&o, ja ? "コンバージョンはトライの後にだけ出せます"
                           : "a Conversion only follows a Try");
        return ch_text_len(&o);
    }
    if (s->phase == RG_PH_DRAWN) {
        int has = 0;
        for (int i = 0; i < n; i++)
            has |= faces[i] == s->drawn;
        rg_card_name(s->drawn, lang, name, sizeof name);
        if (!has || (s->strict_draw && n > 1)) {
            ch_text_add(&o,
                        ja ? "引いた後は引いたカード(%s)%sしか出せません"
                           : "after a draw only the drawn card (%s)%s may be played",
                        name, s->strict_draw ? "" : (ja ? "を含む組" : ", with cards of its kind"));
            return ch_text_len(&o);
        }
    }
    /* The first card must follow the requirement. */
    int lead = -1;
    for (int i = 0; i < n && lead < 0; i++)
        if (rg_first_ok(s, faces[i])) lead = i;
    rg_card_name(faces[0], lang, name, sizeof name);
    if (lead < 0) {
        ch_text_add(&o, ja ? "%sは合いません。必要なのは" : "%s does not match: needed ", name);
        put_requirement(s, &o, lang);
        return ch_text_len(&o);
    }
    if (lead > 0) {
        char lname[96];
        rg_card_name(faces[lead], lang, lname, sizeof lname);
        ch_text_add(&o,
                    ja ? "合うカード(%s)を最初に置きます。最後のカードが場に残ります"
                       : "put the matching card (%s) first; the last card stays on top",
                    lname);
        return ch_text_len(&o);
    }
    return 0;
}

int rg_warning(const void *st, ch_action a, ch_lang lang, char *buf, size_t cap)
{
    const rg_state *s = st;
    ch_text o;
    ch_text_init(&o, buf, cap);
    rg_move m;
    rg_decode(a, &m);
    /* RAGAMARU has no move that loses on the spot; the one move that ends
     * the game at once is the last pass with nothing to draw (RG-73). */
    if (m.kind == RG_A_PASS && s->phase != RG_PH_OVER && rg_dry(s) &&
        (s->dry_passed | 1u << s->turn) == (1u << s->np) - 1)
        ch_text_add(&o, lang == CH_LANG_JA ? "ゲーム終了: 全員がパスして引き分け"
                                           : "ends the game: every player has passed, a draw");
    return ch_text_len(&o);
}
