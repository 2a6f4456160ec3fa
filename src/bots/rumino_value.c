/* Rumino's value of a position between hands for the search players'
 * rollouts (race=1, race=2): the chance of winning the race to the
 * elimination score, instead of the generic tanh of the lead over one
 * hand's swing. A player is out at the elimination score (100), so a lead
 * counts for more the nearer the end: 10 points ahead at 90 to 80 is
 * nearly a won game, at 10 to 0 a hand's luck. The value is
 * Φ(lead / (sd · sqrt(max(room, floor)))), the lead and the room (the
 * points the player nearer the end has left) in points.
 *
 * race=1, chosen: heuristic play scores about 9 points a hand a player
 * (9.2 hands a game of 81 points each, `cardhall sim rumino --bots
 * heuristic,heuristic`), and the two players' hands differ by about 14
 * points (chosen, not fitted), so with k = room / 9 hands left, at least
 * one, the lead is read against 14 sqrt(k) points: sd = 14 / 3, floor 9.
 *
 * race=2, fitted (issue 28): sd and floor of the largest likelihood of the
 * winner from the scores at every hand's start of 4 000 games of 2-player
 * heuristic self-play (36 447 hands: 8.9 points a hand a player, the two
 * players' hands differing by 20.6 points, a Rumino ending the game at
 * once): sd = 7.9, floor 28 points, about three hands. The chosen one
 * trusted a lead near the end far too much: one hand can swing 20 points
 * or more. Log-likelihood of those games' winners: -21 279 against -23 955
 * for race=1's.
 *
 * Reads only the public scores. */
#include <math.h>

#include "cardhall/rumino.h"
#include "search.h"

#define POINTS_A_HAND 9.0
#define SWING_A_HAND 14.0
#define FITTED_SD 7.9
#define FITTED_FLOOR 28.0

void ru_race_value(const void *st, int race, double *out)
{
    ru_view v;
    ru_observe(st, 0, &v);
    double room[RU_MAX_PLAYERS], least = 1e9;
    for (int p = 0; p < v.np; p++) {
        room[p] = v.active[p] ? v.elimination - v.cum[p] : -1e9;
        if (v.active[p] && room[p] < least) least = room[p];
    }
    /* The room until the first player still in runs out, at least the
     * floor: the hand about to be dealt can always swing the race. race=1
     * computes it as it always did (k hands left, at least one), so that
     * its choices stay the ones measured. */
    double scale;
    if (race == 2) {
        scale = FITTED_SD * sqrt(least > FITTED_FLOOR ? least : FITTED_FLOOR);
    } else {
        double k = least / POINTS_A_HAND;
        if (k < 1) k = 1;
        scale = SWING_A_HAND * sqrt(k);
    }
    for (int p = 0; p < v.np; p++) {
        double best = -1e18;
        for (int q = 0; q < v.np; q++)
            if (q != p && room[q] > best) best = room[q];
        out[p] = v.active[p] ? 0.5 * erfc(-(room[p] - best) / scale / sqrt(2.0)) : 0.0;
    }
}
