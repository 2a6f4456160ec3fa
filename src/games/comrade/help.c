/* The rules in short, for players at the table, with the options in force. */
#include "cardhall/text.h"
#include "internal.h"

static void rules_en(ch_text *o, int np, int deals, int ace_high, int safe)
{
    int target = np == 3 ? 12 : 10;
    ch_text_add(o, "Comrade: a cooperative trick-taking game. The whole team wins or loses "
                   "each deal together.\n");
    ch_text_add(o, "Series: %d deals; the deal passes clockwise.", deals);
    if (deals == 5)
        ch_text_add(o, " Deals won: 5 Excellent, 4 Great, 3 Good, 2 Average, 1 Bad, 0 Low.");
    ch_text_add(o, "\n");
    if (np == 3)
        ch_text_add(o, "Deal: the 36 cards 5 to K, 12 to each player (A to 4 of each suit are "
                       "the bid cards).\n");
    else
        ch_text_add(o, "Deal: all 52 cards from the dealer, clockwise; the dealer and the next "
                       "player get 11, the others 10.\n");
    ch_text_add(o, "Bidding: the dealer first, clockwise, at most 3 rounds. On your turn: pass, "
                   "take a bid card from the pool (take H2: you will win 2 tricks led in hearts; "
                   "a higher card of the same suit replaces your bid, it does not add)");
    if (np != 3) ch_text_add(o, ", or take a joker (joker S: +1 in the suit you name)");
    ch_text_add(o, ".\n");
    ch_text_add(o,
                "The bid total must reach exactly %d. The deal is lost at once when the total "
                "goes over %d, when %d players pass in a row, or when 3 rounds end short of "
                "%d.\n",
                target, target, np, target);
    ch_text_add(o,
                "Tricks: %d tricks; the dealer leads the first, each trick's winner leads the "
                "next. Follow the suit led if you can; no trumps; the highest card of the suit "
                "led wins (%s).\n",
                target, ace_high ? "Ace high" : "Ace low: K is highest");
    ch_text_add(o, "Tricks count by the suit led: a trick led in hearts is a hearts trick for "
                   "its winner, whatever they played.\n");
    ch_text_add(o, "The deal is lost at once when a player wins a trick of a suit they did not "
                   "bid, or more tricks of a suit than they bid. It is won when every player "
                   "wins exactly their bids.\n");
    if (np != 3)
        ch_text_add(o, "The dealer and the next player keep one card each at the end: it is "
                       "never played nor shown.\n");
    if (safe)
        ch_text_add(o, "Safe bids: takes that would push the total over %d are not offered.\n",
                    target);
    ch_text_add(o, "Moves: pass, take H2%s, or a card such as 10H, AS.\n",
                np == 3 ? "" : ", joker S");
}

static void rules_ja(ch_text *o, int np, int deals, int ace_high, int safe)
{
    int target = np == 3 ? 12 : 10;
    ch_text_add(o, "カムレッド: 協力型トリックテイキング。各戦、全員がそろって勝つか負けるか。\n");
    ch_text_add(o, "シリーズ: 全%d戦、親は時計回りに交代。", deals);
    if (deals == 5)
        ch_text_add(o, "勝ち数: 5 Excellent、4 Great、3 Good、2 Average、1 Bad、0 Low。");
    ch_text_add(o, "\n");
    if (np == 3)
        ch_text_add(o, "配り: 5〜Kの36枚を各12枚 (各スートのA〜4は場札として使う)。\n");
    else
        ch_text_add(o, "配り: 52枚を親から時計回りに配りきる。親とその左隣が11枚、ほかは10枚。\n");
    ch_text_add(o, "ビッド: 親から時計回りに最大3周。手番では パス、場札を1枚取る (take H2: "
                   "ハートのリードのトリックを2回取る宣言。同じスートの大きい場札を取ると"
                   "上書きで、足し算ではない)");
    if (np != 3) ch_text_add(o, "、ジョーカーを取る (joker S: 選んだスートに+1)");
    ch_text_add(o, "のどれか。\n");
    ch_text_add(o,
                "ビッド合計をちょうど%dにする。合計が%dを超える、%d人続けてパスする、3周で%dに"
                "届かない、のどれかでその戦は負け。\n",
                target, target, np, target);
    ch_text_add(o,
                "トリック: 全%dトリック。最初は親がリード、以後はトリックを取った人がリード。"
                "マストフォロー、切り札なし。リードされたスートの一番強い札が勝つ (%s)。\n",
                target, ace_high ? "Aが最強" : "Aが最弱、Kが最強");
    ch_text_add(o, "トリックはリードのスートで数える: ハートのリードのトリックは、何を出して"
                   "取ってもハートのトリック。\n");
    ch_text_add(o, "ビッドしていないスートのトリックを取る、またはビッドより多く取ると、その場で"
                   "負け。全員がビッドどおりに取れば勝ち。\n");
    if (np != 3)
        ch_text_add(o, "親とその左隣には最後に1枚ずつ残る。その札は出さず、誰にも見せない。\n");
    if (safe) ch_text_add(o, "安全ビッド: 合計が%dを超える場札は選べない。\n", target);
    ch_text_add(o, "手の書き方: pass、take H2%s、カードは 10H、AS など。\n",
                np == 3 ? "" : "、joker S");
}

int cm_rules_text(const ch_opts *o, ch_lang lang, char *buf, size_t cap)
{
    int np = o->val[CM_OPT_PLAYERS];
    int deals = o->val[CM_OPT_DEALS] < 0 ? np : o->val[CM_OPT_DEALS];
    ch_text t;
    ch_text_init(&t, buf, cap);
    if (lang == CH_LANG_JA)
        rules_ja(&t, np, deals, o->val[CM_OPT_ACE_HIGH], o->val[CM_OPT_SAFE_BIDS]);
    else
        rules_en(&t, np, deals, o->val[CM_OPT_ACE_HIGH], o->val[CM_OPT_SAFE_BIDS]);
    return ch_text_len(&t);
}
