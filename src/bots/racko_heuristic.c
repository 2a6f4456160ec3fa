/* The Rack-O heuristic. It reads only its seat's rk_view.
 *
 * A rack is judged by the largest set of its cards that can all stay where
 * they are: cards rising from front to back, with enough numbers left
 * between two kept cards (and below the first, above the last) to fill the
 * slots between them. Kept cards near the band their slot calls for (slot
 * #5i wants about the i-th tenth of the deck) count a little more, since
 * they leave the most room on both sides. Every choice (take or draw, which
 * slot, discard) picks the rack that scores best. With Bonus Rack-O or the
 * run-required rule, runs of consecutive numbers score extra; a rack that
 * can be declared scores above everything else.
 *
 * "tuned" is the same player with other weights and one more measure
 * (issue 28), found by playing it against this heuristic on 8 000-16 000
 * games a setting: a rack also loses 0.4 for every draw it is expected to
 * need to complete (rack_draws: the fewest over every set of cards that can
 * stay, each gap between two kept cards needing its slots filled from the
 * numbers between them). It values a card in its slot's band more (1.0
 * instead of 0.4, over a band a third narrower), not the ascending prefix,
 * takes the discard only for a clear gain (1.5: a blind draw is worth
 * more than the kept-card count says), and swaps a drawn card in at a small
 * loss rather than discard it. It wins 64 % of 16 000 games to 200 against
 * the heuristic (55 % without the draws); the search players use it for
 * their own seat's moves in their
 * rollouts (search.c), the others' moves staying the heuristic's. */
#include <math.h>
#include <stdio.h>

#include "cardhall/racko.h"

typedef struct weights {
    double band;   /* what a card in its slot's band adds to the card's 1 */
    double narrow; /* how fast that falls off away from the band's middle */
    double prefix; /* per card of the ascending prefix (RK-41) */
    double take;   /* gain the discard must bring to be taken */
    double swap;   /* gain a drawn card must bring to be swapped in */
    double draws;  /* per draw the rack is expected to need to complete */
} weights;

static const weights plain = {0.4, 2.0, 0.05, 0.3, 0.0, 0.0};
static const weights tuned = {1.0, 3.0, 0.0, 1.5, -0.2, 0.4};

/* Expected draws to fill s slots between two kept cards with m numbers
 * free between them, in a deck of d: the s slots split the gap into s
 * needs of m/s numbers each, met in parallel (coupon collector, H_s). */
static double gap_draws(int s, int m, int d)
{
    /* H_s, the harmonic numbers up to the ten slots of a rack. */
    static const double harmonic[RK_SLOTS + 1] = {
        0, 1, 1.5, 1.8333333333, 2.0833333333, 2.2833333333, 2.45, 2.5928571429, 2.7178571429,
        2.8289682540, 2.9289682540};
    if (s == 0) return 0;
    if (m < s) return 1e9;
    return (double)d * s * harmonic[s] / m;
}

/* The fewest expected draws over every set of cards that can stay. */
static double rack_draws(const rk_view *v, const uint8_t *r)
{
    double best[RK_SLOTS + 1];
    int d = v->deck_size;
    for (int j = 0; j <= RK_SLOTS; j++) {
        int hi = j == RK_SLOTS ? d + 1 : r[j];
        best[j] = gap_draws(j, hi - 1, d);
        for (int i = 0; i < j; i++) {
            if (r[i] >= hi) continue;
            double c = best[i] + gap_draws(j - i - 1, hi - r[i] - 1, d);
            if (c < best[j]) best[j] = c;
        }
    }
    return best[RK_SLOTS];
}

static double keep_weight(const weights *k, const rk_view *v, int slot, int card)
{
    double ideal = (slot + 0.5) * v->deck_size / RK_SLOTS;
    double w = 1.0 - k->narrow * fabs(card - ideal) / v->deck_size;
    return 1.0 + k->band * (w < 0 ? 0 : w);
}

/* Whether rack r would win the round now (RK-30, RK-V2's run rule). */
static int declarable(const rk_view *v, const uint8_t *r)
{
    return rk_is_racko(r) && (v->two_player_rule != RK_2P_RUN || rk_longest_run(r) >= 3);
}

static double evaluate(const weights *k, const rk_view *v, const uint8_t *r)
{
    double best[RK_SLOTS], top = 0;
    for (int j = 0; j < RK_SLOTS; j++) {
        best[j] = -1;
        if (r[j] - 1 < j) continue; /* not enough smaller numbers for the slots in front */
        double prev = 0;
        for (int i = 0; i < j; i++)
            if (best[i] >= 0 && r[j] - r[i] >= j - i && best[i] > prev) prev = best[i];
        best[j] = prev + keep_weight(k, v, j, r[j]);
        if (v->deck_size - r[j] >= RK_SLOTS - 1 - j && best[j] > top) top = best[j];
    }
    /* A non-declarer scores its ascending prefix (RK-41). */
    double score = top + k->prefix * rk_prefix(r);
    if (k->draws != 0) score -= k->draws * rack_draws(v, r);
    int run = rk_longest_run(r);
    if (v->bonus || v->two_player_rule == RK_2P_RUN) {
        int need = v->two_player_rule == RK_2P_RUN ? 3 : 0;
        score += 0.6 * (run - 1) + (run >= need ? 1.5 * (need > 0) : 0);
    }
    /* A rack that wins the round now beats any promise of a bigger one. */
    if (declarable(v, r)) score += 100 + (v->bonus ? rk_run_bonus(run) / 25.0 : 0);
    return score;
}

/* The best slot for card c, or -1 if no slot makes the rack better than
 * gain_over; *value gets the resulting evaluation. */
static int best_slot(const weights *wt, const rk_view *v, int c, double floor, double *value)
{
    int slot = -1;
    double bestv = floor;
    for (int i = 0; i < RK_SLOTS; i++) {
        uint8_t r[RK_SLOTS];
        for (int k = 0; k < RK_SLOTS; k++)
            r[k] = v->rack[k];
        r[i] = (uint8_t)c;
        double e = evaluate(wt, v, r);
        if (e > bestv + 1e-9) bestv = e, slot = i;
    }
    *value = bestv;
    return slot;
}

/* Under optional_declare: hold a finished rack only to build a bonus run,
 * and not for long. */
static int wants_declare(const rk_view *v)
{
    return !v->bonus || rk_longest_run(v->rack) >= 3 || v->turns > 40;
}

static ch_action act(const weights *k, ch_bot *b, const void *st, int seat)
{
    rk_view v;
    rk_observe(st, seat, &v);
    double now = evaluate(k, &v, v.rack), value;
    switch (v.phase) {
    case RK_PH_START: {
        if (v.two_player_rule == RK_2P_OPTIONAL && rk_can_declare(st, seat) && wants_declare(&v))
            return RK_A_DECLARE;
        int slot = best_slot(k, &v, v.disc_top, now + k->take, &value);
        if (slot < 0) return RK_A_DRAW;
        /* A known deck top that helps more is worth the draw instead. */
        double deck_value;
        if (v.deck_top && best_slot(k, &v, v.deck_top, value, &deck_value) >= 0) return RK_A_DRAW;
        return RK_A_TAKE;
    }
    case RK_PH_TAKEN: {
        int slot = best_slot(k, &v, v.hand, -1e9, &value);
        return RK_A_SWAP + (ch_action)(slot < 0 ? 0 : slot);
    }
    case RK_PH_DRAWN: {
        /* With no reshuffle a round can loop for ever (E20), e.g. two
         * ordered racks without the run the 2-player rule asks for: after
         * a long round, now and then a random swap breaks the cycle. */
        if (v.turns > 120 && ch_rng_below(&b->rng, 3) == 0 && !declarable(&v, v.rack))
            return RK_A_SWAP + ch_rng_below(&b->rng, RK_SLOTS);
        int slot = best_slot(k, &v, v.hand, now + k->swap, &value);
        return slot < 0 ? RK_A_DISCARD : RK_A_SWAP + (ch_action)slot;
    }
    case RK_PH_END:
        return wants_declare(&v) ? RK_A_DECLARE : RK_A_END_TURN;
    default:
        return RK_A_DRAW;
    }
}

ch_action rk_heuristic_act(ch_bot *b, const void *st, int seat)
{
    return act(&plain, b, st, seat);
}

ch_action rk_tuned_act(ch_bot *b, const void *st, int seat)
{
    return act(&tuned, b, st, seat);
}

/* Reasons in words (issue 24), recomputed from the view by the same
 * evaluation the choice used: cheap, a few rack evaluations. Slot i is
 * called #5(i+1), as on the board. */
int rk_heuristic_why(const void *st, int seat, ch_action a, ch_lang lang, char *buf, size_t cap)
{
    rk_view v;
    rk_observe(st, seat, &v);
    int ja = lang == CH_LANG_JA;
    double value;
    if (a == RK_A_DECLARE)
        return snprintf(buf, cap, ja ? "ラックが昇順にそろっています。宣言して勝ちましょう。"
                                     : "Your rack is in order: declaring wins the round.");
    if (a == RK_A_TAKE) {
        int slot = best_slot(&plain, &v, v.disc_top, -1e9, &value);
        return snprintf(buf, cap,
                        ja ? "捨て札の %d は #%d に入れるとラックがよくなります。山札の見えないカードより確実です。"
                           : "The discard %d improves your rack in #%d; a blind draw might not.",
                        v.disc_top, 5 * (slot + 1));
    }
    if (a == RK_A_DRAW && v.phase == RK_PH_START && v.deck_top)
        return snprintf(buf, cap,
                        ja ? "山札の一番上の %d が分かっていて、捨て札より役に立ちます。"
                           : "You know the deck's top card, %d, and it helps more than the discard.",
                        v.deck_top);
    if (a == RK_A_DRAW && v.phase == RK_PH_START)
        return v.disc_top
                   ? snprintf(buf, cap,
                              ja ? "捨て札の %d はどこに入れてもラックがほとんどよくなりません。山札から引いてみましょう。"
                                 : "The discard %d would hardly improve your rack anywhere: try the deck.",
                              v.disc_top)
                   : snprintf(buf, cap, ja ? "捨て札がありません。山札から引きます。"
                                           : "The discard pile is empty: draw from the deck.");
    if (a == RK_A_DISCARD)
        return snprintf(buf, cap,
                        ja ? "%d はどこに入れてもラックがよくなりません。捨てましょう。"
                           : "%d improves your rack nowhere: discard it.",
                        v.hand);
    if (a >= RK_A_SWAP && a < RK_A_SWAP + RK_SLOTS && v.hand) {
        int i = (int)(a - RK_A_SWAP);
        return snprintf(buf, cap,
                        ja ? "%d を #%d に入れると (%d と入れ替え)、昇順に残せるカードがいちばん多くなります。"
                           : "%d in #%d (for %d) leaves the most cards that can stay in rising order.",
                        v.hand, 5 * (i + 1), v.rack[i]);
    }
    return 0;
}
