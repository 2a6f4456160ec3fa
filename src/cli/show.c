#include <stdio.h>

#include "show.h"
#include "term.h"

void show_hand_end(const ch_game *g, const void *before, const void *after,
                   const char *const *labels)
{
    ch_result r0, r1;
    g->result(before, &r0);
    g->result(after, &r1);
    if (r1.hands <= r0.hands) return;
    printf("%s-- hand %d over --%s\n", term_sgr(TERM_YELLOW), r1.hands, term_sgr(TERM_RESET));
    for (int p = 0; p < r1.n_players; p++)
        printf("   %-20s %+6d  total %6d\n", labels[p], r1.hand_score[p], r1.score[p]);
}

void show_result(const ch_game *g, const void *st, const char *const *labels)
{
    ch_result r;
    g->result(st, &r);
    printf("%s%s after %d hand%s%s\n", term_sgr(TERM_BOLD),
           r.terminal ? "Final result" : "Game not finished; standing", r.hands,
           r.hands == 1 ? "" : "s", term_sgr(TERM_RESET));
    for (int p = 0; p < r.n_players; p++) {
        int won = r.terminal && (r.winners >> p & 1u);
        printf("   %-20s %6d", labels[p], r.score[p]);
        if (r.terminal) printf("  rank %d", r.rank[p]);
        if (won) printf("  %swinner%s", term_sgr(TERM_GREEN), term_sgr(TERM_RESET));
        putchar('\n');
    }
    if (r.terminal && r.winners == 0) printf("   nobody wins\n");
}
