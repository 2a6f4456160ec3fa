/* Rumino's value of a position between hands for the search players'
 * rollouts (race=1): the chance of winning the race to the elimination
 * score, instead of the generic tanh of the lead over one hand's swing.
 * A player is out at the elimination score (100), so a lead counts for more
 * the nearer the end: 10 points ahead at 90 to 80 is nearly a won game, at
 * 10 to 0 a hand's luck. Heuristic play scores about 9 points a hand a
 * player (9.2 hands a game of 81 points each, `cardhall sim rumino --bots
 * heuristic,heuristic`), and the two players' hands differ by about 14
 * points (chosen, not fitted), so with k hands left the lead is read
 * against 14 sqrt(k) points. Reads only the public scores. */
#include <math.h>

#include "cardhall/rumino.h"
#include "search.h"

#define POINTS_A_HAND 9.0
#define SWING_A_HAND 14.0

void ru_race_value(const void *st, double *out)
{
    ru_view v;
    ru_observe(st, 0, &v);
    double room[RU_MAX_PLAYERS], least = 1e9;
    for (int p = 0; p < v.np; p++) {
        room[p] = v.active[p] ? v.elimination - v.cum[p] : -1e9;
        if (v.active[p] && room[p] < least) least = room[p];
    }
    /* The hands until the first player still in runs out of room, at least
     * the one about to be dealt. */
    double k = least / POINTS_A_HAND;
    if (k < 1) k = 1;
    double scale = SWING_A_HAND * sqrt(k);
    for (int p = 0; p < v.np; p++) {
        double best = -1e18;
        for (int q = 0; q < v.np; q++)
            if (q != p && room[q] > best) best = room[q];
        out[p] = v.active[p] ? 0.5 * erfc(-(room[p] - best) / scale / sqrt(2.0)) : 0.0;
    }
}
