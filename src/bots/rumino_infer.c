/* Rumino's model of the other players for the search players' worlds
 * (infer.h): they play like the heuristic, which keeps the cards that meld
 * and throws away those that do not. So in a likely world, a seat's hand
 * does not meld with
 * - the cards it threw away this hand (it would have kept them), nor
 * - the cards the seat before it threw away that it let lie (drawing from
 *   the stock instead: it would have taken a card that made a meld),
 * and the cards it picked up from the pile do meld with the rest of its
 * hand (the heuristic takes a card that builds a meld or cuts its deadwood
 * a lot). Each observation a world contradicts multiplies its weight by a
 * factor below 1, not 0: the model is not the truth (people, other bots,
 * and the heuristic's own deadwood rule take other cards), and a world is
 * never impossible for disagreeing with it.
 *
 * It reads the root only through ru_observe from seat's view and the world
 * only through each other seat's view of it: the cards a world puts in that
 * seat's hand were drawn from seat's view. */
#include "cardhall/rumino.h"
#include "infer.h"

/* Chosen by hand: strong enough that the worlds drawn move most of the way
 * from uniform towards the heuristic's real hands (tests/test_infer.c,
 * rumino_model). Checked against 3 000 positions of heuristic play (issue
 * 28, docs/researchers.md): the first two are the likelihood ratios
 * measured (0.39, 0.38); the third's odds ratio is 0.21, which won no more
 * games in pimc (56.5 % of 100 against 62 %), so 0.6 stays. */
#define THROWN_MELDS 0.35   /* a card it threw away melds with its hand */
#define DECLINED_MELDS 0.35 /* a card it let lie melds with its hand */
#define PICKED_LONE 0.6     /* a card it picked up melds with nothing */

/* Whether face makes a meld of three with two cards of hand (n cards, the
 * one at skip left out; -1: none): a set of its rank, or a run in its suit,
 * a joker standing in for any one card. */
static int melds_with(int face, const uint8_t *hand, int n, int skip)
{
    if (face == RU_JOKER) return 0; /* a joker melds with anything: no sign */
    int r = ru_face_rank(face), su = ru_face_suit(face), same = 0, jokers = 0;
    unsigned run = 0; /* bit q: rank q of face's suit held */
    for (int i = 0; i < n; i++) {
        if (i == skip) continue;
        int f = hand[i];
        if (f == RU_JOKER) {
            jokers++;
            continue;
        }
        if (ru_face_rank(f) == r && ru_face_suit(f) != su) same++;
        if (ru_face_suit(f) == su) run |= 1u << ru_face_rank(f);
    }
    if (same + (jokers > 0) >= 2) return 1;
    /* The runs of three through r: (r-2, r-1), (r-1, r+1), (r+1, r+2). */
    for (int lo = r - 2; lo <= r; lo++) {
        int have = 0, need = 0;
        for (int q = lo; q < lo + 3; q++) {
            if (q == r) continue;
            if (q < 1 || q > 13) {
                need = 9;
                break;
            }
            need++;
            have += run >> q & 1u;
        }
        if (need == 2 && have + (jokers > 0) >= 2) return 1;
    }
    return 0;
}

/* The active seat before q, or -1. */
static int seat_before(const ru_view *v, int q)
{
    for (int k = 1; k < v->np; k++) {
        int p = (q - k + v->np) % v->np;
        if (v->active[p]) return p;
    }
    return -1;
}

double ru_infer_likelihood(const void *world, const void *root, int seat)
{
    ru_view me, them;
    ru_observe(root, seat, &me);
    double w = 1.0;
    for (int q = 0; q < me.np; q++) {
        if (q == seat || !me.active[q]) continue;
        ru_observe(world, q, &them);
        int before = seat_before(&me, q);
        for (int f = 0; f < RU_JOKER; f++) {
            if (me.thrown[q][f] && melds_with(f, them.hand, them.nhand, -1)) w *= THROWN_MELDS;
            /* Thrown by the seat before q, still in the pile, not the top
             * (which q may not have answered yet): q let it lie. */
            if (before >= 0 && me.thrown[before][f] && f != me.top && !me.picked[q][f] &&
                melds_with(f, them.hand, them.nhand, -1))
                w *= DECLINED_MELDS;
            if (me.picked[q][f]) {
                int at = -1;
                for (int i = 0; i < them.nhand; i++)
                    if (them.hand[i] == f) at = i;
                if (at >= 0 && !melds_with(f, them.hand, them.nhand, at)) w *= PICKED_LONE;
            }
        }
    }
    return w;
}

/* infer=2 (issue 28): besides the cards above, how far along each other
 * seat's hand is. The heuristic builds melds from its first discard on, so
 * after t discards this hand its 7 cards leave far less deadwood than the
 * worlds drawn by the model above: after 5 discards 43 % of its hands leave
 * 12 points or fewer (14 % can knock), against 2 % of those worlds, whose
 * searcher then hardly fears a knock. Measured on 2-player heuristic
 * self-play (1 000 games, 100 000 positions, the true hand of the other
 * seat against worlds drawn from the view), the factor of a deadwood band
 * is the true hands' share of it over the worlds' share, divided by the
 * largest of its row (so a factor is at most 1), floored at 0.002; then
 * corrected once so that the worlds kept by ch_infer_resample, which gives
 * up after CH_INFER_TRIES draws, match the true shares. Rows: discards this
 * hand, 9 or more the last; columns: deadwood up to 7, 12, 18, 25, 35, 50,
 * 70, more. */
enum { DW_ROWS = 10, DW_BANDS = 8 };
static const int dw_band_top[DW_BANDS] = {7, 12, 18, 25, 35, 50, 70, 1000};
static const double dw_factor[DW_ROWS][DW_BANDS] = {
    {1.000, 1.000, 1.000, 1.000, 1.000, 1.000, 1.000, 1.000},
    {1.000, 1.000, 0.507, 0.289, 0.203, 0.137, 0.071, 0.071},
    {1.000, 1.000, 0.349, 0.137, 0.104, 0.045, 0.014, 0.014},
    {1.000, 1.000, 0.223, 0.073, 0.053, 0.016, 0.003, 0.003},
    {1.000, 1.000, 0.178, 0.041, 0.027, 0.006, 0.002, 0.002},
    {1.000, 1.000, 0.149, 0.026, 0.015, 0.003, 0.002, 0.002},
    {1.000, 1.000, 0.071, 0.012, 0.005, 0.002, 0.002, 0.002},
    {1.000, 1.000, 0.050, 0.007, 0.003, 0.002, 0.002, 0.002},
    {1.000, 1.000, 0.033, 0.004, 0.002, 0.002, 0.002, 0.002},
    {1.000, 1.000, 0.018, 0.002, 0.002, 0.002, 0.002, 0.002},
};

double ru_infer_likelihood_deadwood(const void *world, const void *root, int seat)
{
    ru_view me, them;
    ru_observe(root, seat, &me);
    double w = ru_infer_likelihood(world, root, seat);
    for (int q = 0; q < me.np; q++) {
        if (q == seat || !me.active[q]) continue;
        ru_observe(world, q, &them);
        if (them.nhand != 7) continue; /* mid-turn: between its draw and discard */
        int t = 0;
        for (int f = 0; f < RU_NFACES; f++)
            t += me.thrown[q][f];
        if (t >= DW_ROWS) t = DW_ROWS - 1;
        int dw = ru_meld_deadwood(them.hand, them.nhand), b = 0;
        while (dw > dw_band_top[b])
            b++;
        w *= dw_factor[t][b];
    }
    return w;
}
