/* Rack-O's model of the other players for the search players' worlds
 * (infer.h): they play like the heuristic, which orders its rack fast. A
 * heuristic rack keeps, after t of its own turns in a round, about 4, 5, 6,
 * 7, 7, 8, 8, 8 and then 9 of its ten cards in a rising order that can stay
 * (racko_infer_kept below), while a rack whose hidden slots are drawn
 * uniformly from a seat's view keeps about 5 however long the round has
 * run (300 heuristic games to 200 points; tests/test_infer.c, racko_model,
 * checks it on 40 positions). A searcher
 * that draws uniform racks for its opponent sees it far from finishing and
 * plays as if it had time to spare. So a world is weighed down by
 * MISSING_CARD for every card its rack keeps fewer than a heuristic rack
 * typically keeps by then: a factor below 1, not 0, since the model is not
 * the truth (people, other bots).
 *
 * It reads the root only through rk_observe from seat's view (the turns
 * played) and the world only through each other seat's view of itself: the
 * hidden cards a world puts in that rack were drawn from seat's view. */
#include "cardhall/racko.h"
#include "infer.h"

/* Chosen from the 300 games above: the true racks keep two to four more
 * cards than uniform ones after a few turns, each kept card being three to
 * eight times likelier in a heuristic rack than in a uniform one. */
#define MISSING_CARD 0.25

/* The typical kept count (rounded mean) of a heuristic rack after t turns
 * of its own in the round; 9 from then on. */
static const int typical[] = {4, 5, 6, 7, 7, 8, 8, 8};

int rk_infer_kept(const uint8_t *r, int deck_size)
{
    /* The largest set of cards that can all stay: rising, with room for
     * the slots between (and before the first, after the last), as the
     * heuristic judges a rack (racko_heuristic.c, evaluate). */
    int best[RK_SLOTS], top = 0;
    for (int j = 0; j < RK_SLOTS; j++) {
        best[j] = -1;
        if (r[j] - 1 < j) continue;
        int prev = 0;
        for (int i = 0; i < j; i++)
            if (best[i] >= 0 && r[j] - r[i] >= j - i && best[i] > prev) prev = best[i];
        best[j] = prev + 1;
        if (deck_size - r[j] >= RK_SLOTS - 1 - j && best[j] > top) top = best[j];
    }
    return top;
}

double rk_infer_likelihood(const void *world, const void *root, int seat)
{
    rk_view me, them;
    rk_observe(root, seat, &me);
    int t = me.turns / (me.n > 0 ? me.n : 1);
    int want = t < (int)(sizeof typical / sizeof typical[0]) ? typical[t] : 9;
    double w = 1.0;
    for (int q = 0; q < me.n; q++) {
        if (q == seat) continue;
        rk_observe(world, q, &them);
        for (int k = rk_infer_kept(them.rack, them.deck_size); k < want; k++)
            w *= MISSING_CARD;
    }
    return w;
}
