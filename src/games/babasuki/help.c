/* The rules in short, for players at the table, with the options in force
 * and the card values (from the built-in card file; a custom file's values
 * are on the board). */
#include <string.h>

#include "cardhall/text.h"
#include "internal.h"

/* Cards with consecutive Nos, one type and equal values, as one group:
 * "V1-4 3/0" in notation (lang < 0, the board), or by name for the rules
 * ("Villains 1-4 3/0", "ヴィラン1-4 3/0"). */
void db_put_values(ch_text *o, const db_card *card, int lang)
{
    static const char type_letter[] = "VHTC";
    static const char *const one[2][4] = {{"Villain", "Hero", "Treasure", "Cat"},
                                          {"ヴィラン", "ヒーロー", "おたから", "ねこ"}};
    static const char *const many[4] = {"Villains", "Heroes", "Treasures", "Cats"};
    for (int c = 0; c < DB_NCARDS;) {
        int e = c;
        while (e + 1 < DB_NCARDS && card[e + 1].type == card[c].type &&
               card[e + 1].secured == card[c].secured && card[e + 1].hand == card[c].hand &&
               card[e + 1].no == card[e].no + 1)
            e++;
        int t = card[c].type;
        if (lang < 0)
            ch_text_add(o, " %c%d", type_letter[t], card[c].no);
        else if (lang == CH_LANG_JA)
            ch_text_add(o, "%s%s%d", c ? "、" : " ", one[1][t], card[c].no);
        else
            ch_text_add(o, "%s %s %d", c ? "," : "", e > c ? many[t] : one[0][t], card[c].no);
        if (e > c) ch_text_add(o, "-%d", card[e].no);
        ch_text_add(o, " %d/%d", card[c].secured, card[c].hand);
        c = e + 1;
    }
}

static void rules_en(ch_text *o, const ch_opts *op, const db_deck *dk)
{
    int n = op->val[DB_OPT_PLAYERS];
    ch_text_add(o, "Draft Babasuki: draft a hand, then raid your neighbours' hands with "
                   "villains.\n");
    if (op->val[DB_OPT_ONE_SHOT])
        ch_text_add(o, "One-shot: a single round; the best round score wins (ties: more cards "
                       "held, then the highest No).\n");
    else
        ch_text_add(o,
                    "Rounds are played until someone's total reaches %d; the highest total "
                    "wins%s.\n",
                    op->val[DB_OPT_TARGET_SCORE],
                    op->val[DB_OPT_SUDDEN_DEATH] ? " (a tie at the top plays more rounds)"
                                                 : " (a tie at the top is a draw)");
    if (op->val[DB_OPT_MAX_ROUNDS])
        ch_text_add(o, "At most %d rounds.\n", op->val[DB_OPT_MAX_ROUNDS]);
    ch_text_add(o, "Cards: V villain, H hero, T treasure, C cat; the letters in [..] are suits; "
                   "a cat has none.\n");
    if (n == 2)
        ch_text_add(o, "Cards (2 players): six times, each takes 2 cards from the deck, keeps "
                       "one face down and sets the other aside; both set-aside cards are then "
                       "shown.\n");
    else
        ch_text_add(o, "Draft: each keeps one card of their pack face down, then passes the "
                       "rest (to the left in odd rounds, to the right in even rounds), until "
                       "every card is kept.\n");
    ch_text_add(o, "Raid: all villains in hand go face up in front of their owner. In turn "
                   "(clockwise), a player plays a villain and draws a card blind from the nearest "
                   "neighbour in the passing direction who holds cards:\n"
                   "  treasure sharing a suit with the villain: the raider secures both;\n"
                   "  hero sharing a suit: the hero's owner secures both (villain caught);\n"
                   "  hero sharing no suit: both are discarded;\n"
                   "  anything else, or a cat: the villain is discarded, the card goes back.\n");
    ch_text_add(o, "Scoring: secured cards score their secured value, cards still in hand their "
                   "hand value.\n");
    if (dk) {
        ch_text_add(o, "Card values (secured/hand):");
        db_put_values(o, dk->card, CH_LANG_EN);
        ch_text_add(o, "\n");
    } else {
        ch_text_add(o, "Card values: from the card file in use (shown on the board).\n");
    }
    if (op->val[DB_OPT_TARGET_ARRANGES])
        ch_text_add(o, "The target orders their hand before each draw.\n");
    ch_text_add(o, "Moves: keep T21, play V5, put H8, draw 2.\n");
}

static void rules_ja(ch_text *o, const ch_opts *op, const db_deck *dk)
{
    int n = op->val[DB_OPT_PLAYERS];
    ch_text_add(o, "ドラフト・ババスキ!: ドラフトで手札を作り、ヴィランで隣の手札を襲撃する。\n");
    if (op->val[DB_OPT_ONE_SHOT])
        ch_text_add(o, "1ラウンド勝負: ラウンドの得点が最も高い人の勝ち (同点なら持っている"
                       "カードが多い人、次にNoが最も高いカードを持つ人)。\n");
    else
        ch_text_add(o, "誰かの合計が%d点に達するまでラウンドを続け、合計が最も高い人の勝ち%s。\n",
                    op->val[DB_OPT_TARGET_SCORE],
                    op->val[DB_OPT_SUDDEN_DEATH] ? " (同点ならサドンデス)" : " (同点なら引き分け)");
    if (op->val[DB_OPT_MAX_ROUNDS])
        ch_text_add(o, "ラウンドは最大%d回。\n", op->val[DB_OPT_MAX_ROUNDS]);
    ch_text_add(o, "カード: V ヴィラン、H ヒーロー、T おたから、C ねこ。[..] の文字はスート、"
                   "ねこにはスートがない。\n");
    if (n == 2)
        ch_text_add(o, "カードの入手 (2人): 6回、山札から2枚取り、1枚を裏向きで残して1枚を"
                       "脇に置く。脇に置いた札は2人そろって表にする。\n");
    else
        ch_text_add(o, "ドラフト: パックから1枚を裏向きで確保し、残りを渡す (奇数ラウンドは左、"
                       "偶数ラウンドは右)。全部確保するまで続ける。\n");
    ch_text_add(o,
                "襲撃: 手札のヴィランを全部表にして自分の前に出す。時計回りに、ヴィランを1枚"
                "出して、渡す向きの隣 (手札がある人) の手札から1枚を見ずに引く:\n"
                "  スートが共通するおたから: 襲撃した人が2枚とも確保;\n"
                "  スートが共通するヒーロー: ヒーローの持ち主が2枚とも確保 (ヴィランを捕まえる);\n"
                "  スートが共通しないヒーロー: 2枚とも捨て札;\n"
                "  それ以外、またはねこ: ヴィランは捨て札、引いた札は手札に戻る。\n");
    ch_text_add(o, "得点: 確保した札は確保の点数、手札に残った札は手札の点数。\n");
    if (dk) {
        ch_text_add(o, "カードの点数 (確保/手札):");
        db_put_values(o, dk->card, CH_LANG_JA);
        ch_text_add(o, "\n");
    } else {
        ch_text_add(o, "カードの点数: 使用中のカードファイルのとおり (盤面に表示)。\n");
    }
    if (op->val[DB_OPT_TARGET_ARRANGES])
        ch_text_add(o, "引かれる人は、引かれる前に手札を並べる。\n");
    ch_text_add(o, "手の書き方: keep T21、play V5、put H8、draw 2。\n");
}

int db_rules_text(const ch_opts *o, ch_lang lang, char *buf, size_t cap)
{
    db_deck deck; /* parsed per call: rules are asked for rarely */
    const db_deck *dk = NULL;
    if (!o->text[DB_OPT_CARDS][0] &&
        db_deck_parse(&deck, db_default_csv(), 0, "(built-in default)", NULL) == CH_OK)
        dk = &deck;
    ch_text t;
    ch_text_init(&t, buf, cap);
    if (lang == CH_LANG_JA)
        rules_ja(&t, o, dk);
    else
        rules_en(&t, o, dk);
    return ch_text_len(&t);
}
