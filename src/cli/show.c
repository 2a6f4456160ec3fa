#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cardhall/table.h"
#include "show.h"
#include "term.h"

static const char *const msgs[CH_NLANGS][MSG_COUNT] = {
    [CH_LANG_EN] =
        {
            [MSG_SEAT] = "Seat %d",
            [MSG_YOU] = "you",
            [MSG_HUMAN] = "human",
            [MSG_START] = "%s, %d players, seed %llu. Type help for commands.\n",
            [MSG_MOVES] = "Your moves",
            [MSG_HELP] =
                "Type the number of a move or its text (the word shown next to the number;\n"
                "case and spaces do not matter). Other commands:\n"
                "  help   this text and the moves again\n"
                "  rules  the rules of this game with the options in force (also ?)\n"
                "  undo   take back your last move (refused once it has shown you new cards)\n"
                "  quit   stop here (also end of input or Ctrl-C); the record is still written\n",
            [MSG_ASK] = "Type a move number (1-%d), a move, help, rules, undo or quit.\n",
            [MSG_NOT_LEGAL] = "Not a legal move: '%s'. Type 1-%d, a move's text, or help.\n",
            [MSG_NO_UNDO] = "Nothing to undo: you have not moved yet.\n",
            [MSG_UNDO_REFUSED] =
                "Undo refused: since your last move you have seen a new card (%s).\n",
            [MSG_UNDONE] = "Undone: back to your previous move.\n",
            [MSG_QUIT] = "You quit; the table had made %d moves.\n",
            [MSG_RECORD] = "Record written to %s\n",
            [MSG_HAND_OVER] = "-- hand %d over --",
            [MSG_TOTAL] = "total",
            [MSG_FINAL] = "Final result (hands played: %d)",
            [MSG_STANDING] = "Game not finished; standing after %d hand%s",
            [MSG_RANK] = "rank %d",
            [MSG_WINNER] = "winner",
            [MSG_NOBODY] = "nobody wins",
            [MSG_CAPPED] = "The game stopped unfinished after %d moves: the cap for a table of "
                           "bots only (--max-moves).\n",
            [MSG_WARN] = "warning: %s",
            [MSG_REASON] = "  Why: %s\n",
            [MSG_REPLAY] = "%s (%s), %d players, seed %llu, %d moves\n",
            [MSG_DID_YOU_MEAN] = "  Did you mean %s (%s)?\n",
            [MSG_FORCED] = "Only one move: %s (%s). Press Enter to play it.\n",
            [MSG_STEP] = "[Enter: next move, q: quit] ",
        },
    [CH_LANG_JA] =
        {
            [MSG_SEAT] = "席%d",
            [MSG_YOU] = "あなた",
            [MSG_HUMAN] = "人間",
            [MSG_START] = "%s、%d 人、シード %llu。help でコマンド一覧。\n",
            [MSG_MOVES] = "選べる手",
            [MSG_HELP] = "手の番号か、番号の横の文字列を入力します (大文字小文字と空白は無視)。\n"
                         "ほかのコマンド:\n"
                         "  help   この説明と手の一覧\n"
                         "  rules  このゲームのルールと今回のオプション (? でも)\n"
                         "  undo   直前の自分の手を取り消す (新しいカードを見た後はできません)\n"
                         "  quit   ここで終了 (入力の終わりや Ctrl-C でも)。記録は書き出されます\n",
            [MSG_ASK] = "手の番号 (1-%d)、手の文字列、help、rules、undo、quit "
                        "のどれかを入力してください。\n",
            [MSG_NOT_LEGAL] = "'%s' は今できる手ではありません。1-%d、手の文字列、または help "
                              "を入力してください。\n",
            [MSG_NO_UNDO] = "取り消せる手がありません (まだ手を指していません)。\n",
            [MSG_UNDO_REFUSED] = "取り消せません: 前の手の後に新しいカード (%s) を見ています。\n",
            [MSG_UNDONE] = "取り消しました: 前の手に戻ります。\n",
            [MSG_QUIT] = "中断しました (卓全体で %d 手)。\n",
            [MSG_RECORD] = "記録を書き出しました: %s\n",
            [MSG_HAND_OVER] = "── 第 %d ディール終了 ──",
            [MSG_TOTAL] = "合計",
            [MSG_FINAL] = "最終結果 (%d ディール)",
            [MSG_STANDING] = "途中経過 (未終了、%d ディール)%s",
            [MSG_RANK] = "%d 位",
            [MSG_WINNER] = "勝ち",
            [MSG_NOBODY] = "勝者なし",
            [MSG_CAPPED] = "%d 手に達したため、ゲームを途中で打ち切りました "
                           "(コンピューターだけの卓の上限、--max-moves)。\n",
            [MSG_WARN] = "注意: %s",
            [MSG_REASON] = "  理由: %s\n",
            [MSG_REPLAY] = "%s (%s)、%d 人、シード %llu、%d 手\n",
            [MSG_DID_YOU_MEAN] = "  もしかして %s (%s) ですか?\n",
            [MSG_FORCED] = "指せる手は 1 つだけです: %s (%s)。Enter で指します。\n",
            [MSG_STEP] = "[Enter: 次の手、q: 終了] ",
        },
};

/* East Asian characters take two columns,
 * so Japanese labels line up too. */
static int text_cols(const char *s)
{
    int cols = 0;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if ((*p & 0xc0) == 0x80) continue; /* continuation byte */
        cols += *p >= 0xe1 ? 2 : 1;        /* lead byte of U+1000 and above */
    }
    return cols;
}

void show_padded(const char *s, int width)
{
    int cols = text_cols(s);
    fputs(s, stdout);
    for (; cols < width; cols++)
        putchar(' ');
}

/* A score table's name column: as wide as its longest label ("Seat 2
 * (computer: expert)", 「席2（コンピュータ：つよい）」), at least 20. */
static int label_cols(const char *const *labels, int n)
{
    int width = 20;
    for (int p = 0; p < n; p++) {
        int cols = text_cols(labels[p]);
        if (cols > width) width = cols;
    }
    return width;
}

const char *show_msg(ch_lang lang, show_msg_id id)
{
    return msgs[lang][id];
}

void show_hand_end(const ch_game *g, const void *before, const void *after, int viewer,
                   const char *const *labels, const tb_names *names, ch_lang lang)
{
    ch_result r0, r1;
    g->result(before, &r0);
    g->result(after, &r1);
    if (r1.hands <= r0.hands) return;
    /* The game's summary names the hand in the game's own word (round,
     * deal); the program's generic header is for games without one. */
    char *sum = tb_hand_summary_as(g, after, viewer, lang, names);
    fputs(term_sgr(TERM_YELLOW), stdout);
    if (sum) {
        fputs(sum, stdout);
        if (sum[strlen(sum) - 1] != '\n') putchar('\n');
        free(sum);
        fputs(term_sgr(TERM_RESET), stdout);
    } else {
        printf(show_msg(lang, MSG_HAND_OVER), r1.hands);
        printf("%s\n", term_sgr(TERM_RESET));
    }
    int width = label_cols(labels, r1.n_players);
    for (int p = 0; p < r1.n_players; p++) {
        printf("   ");
        show_padded(labels[p], width);
        printf(" %+6d  %s %6d\n", r1.hand_score[p], show_msg(lang, MSG_TOTAL), r1.score[p]);
    }
}

void show_result(const ch_game *g, const void *st, const char *const *labels, ch_lang lang)
{
    ch_result r;
    g->result(st, &r);
    fputs(term_sgr(TERM_BOLD), stdout);
    /* "after 1 hand", "after 2 hands"; Japanese has no plural. */
    printf(show_msg(lang, r.terminal ? MSG_FINAL : MSG_STANDING), r.hands,
           lang == CH_LANG_EN && r.hands != 1 ? "s" : "");
    printf("%s\n", term_sgr(TERM_RESET));
    int width = label_cols(labels, r.n_players);
    for (int p = 0; p < r.n_players; p++) {
        printf("   ");
        show_padded(labels[p], width);
        printf(" %6d", r.score[p]);
        if (r.terminal) {
            printf("  ");
            printf(show_msg(lang, MSG_RANK), r.rank[p]);
        }
        if (r.terminal && (r.winners >> p & 1u))
            printf("  %s%s%s", term_sgr(TERM_GREEN), show_msg(lang, MSG_WINNER),
                   term_sgr(TERM_RESET));
        putchar('\n');
    }
    if (r.terminal && r.winners == 0) printf("   %s\n", show_msg(lang, MSG_NOBODY));
}
