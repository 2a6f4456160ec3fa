/* The Rumino heuristic. It reads only ru_observe's view (its own hand and
 * public cards) and the legal list:
 * - a 7-card hand already complete (deadwood 0) or a Rumino draws, because
 *   any card then makes Gin (-10) or Rumino, better than knocking for 0;
 * - otherwise it knocks as soon as it may: every other hand scores its own
 *   deadwood, and waiting only gives the others time;
 * - it takes the upcard only when that lowers its best deadwood by more than
 *   a random stock card would on average, or completes a Rumino;
 * - it declares Rumino, then Gin, when it can;
 * - it discards the card leaving the lowest deadwood; among equals it keeps
 *   jokers, avoids cards near what the next player picked up, prefers cards
 *   near what that player threw away, then sheds the highest;
 * - it rebuys only when the pool it could win is worth the price: its
 *   chance, estimated from the distance to the limit of each player, must be
 *   above one half, since paying P buys a share of a 2P pool. */
#include <string.h>

#include "cardhall/rumino.h"

static int deadwood_without(const uint8_t *h, int n, int skip)
{
    uint8_t rest[RU_MAX_HAND];
    int k = 0;
    for (int i = 0; i < n; i++)
        if (i != skip) rest[k++] = h[i];
    return ru_meld_deadwood(rest, k);
}

/* How much the next seat seems to want face: it picked up cards of the same
 * rank, or of the same suit close by. */
static int danger(const ru_view *v, int face)
{
    if (face == RU_JOKER) return 0;
    int next = v->seat, d = 0;
    for (int k = 1; k <= v->np; k++) {
        next = (v->seat + k) % v->np;
        if (v->active[next]) break;
    }
    for (int f = 0; f < RU_JOKER; f++) {
        int dr = ru_face_rank(f) - ru_face_rank(face);
        int near = dr == 0 ? 2 : (ru_face_suit(f) == ru_face_suit(face) && dr >= -2 && dr <= 2);
        /* Picked up: they collect it. Thrown away: they do not want it. */
        d += near * (v->picked[next][f] * 2 - v->thrown[next][f]);
    }
    return d;
}

/* The legal discard that leaves the best hand; *dw gets its deadwood. */
static ch_action best_discard(const ru_view *v, const ch_action *acts, int n, int *dw)
{
    ch_action best = 0;
    long best_key = 1L << 40;
    for (int i = 0; i < n; i++) {
        if (ru_action_type(acts[i]) != RU_A_DISCARD) continue;
        int face = ru_action_face(acts[i]), at = 0;
        while (v->hand[at] != face)
            at++;
        int d = deadwood_without(v->hand, v->nhand, at);
        /* Deadwood first; then keep jokers, shed high cards, avoid feeding. */
        long key = (long)d * 1000 + (face == RU_JOKER ? 500 : 0) + danger(v, face) * 20 -
                   ru_card_points[face];
        if (key < best_key) {
            best_key = key;
            best = acts[i];
            *dw = d;
        }
    }
    return best;
}

static int has(const ch_action *acts, int n, ch_action a)
{
    for (int i = 0; i < n; i++)
        if (acts[i] == a) return 1;
    return 0;
}

static ch_action first_of(const ch_action *acts, int n, int type)
{
    for (int i = 0; i < n; i++)
        if (ru_action_type(acts[i]) == type) return acts[i];
    return 0;
}

/* Copies of face this seat has not seen: two decks (four jokers) less the
 * ones in its hand, in the discard pile or known in other hands. */
static int unseen(const ru_view *v, int face)
{
    int k = face == RU_JOKER ? 4 : 2;
    for (int i = 0; i < v->nhand; i++)
        k -= v->hand[i] == face;
    k -= v->in_discard[face];
    for (int p = 0; p < v->np; p++)
        k -= p != v->seat ? v->picked[p][face] : 0;
    return k > 0 ? k : 0;
}

/* Unseen cards that would complete the hand at once: Gin (a complete hand
 * after one discard), or with rumino set a Rumino. */
static int outs(const ru_view *v, int rumino)
{
    uint8_t h[RU_MAX_HAND];
    memcpy(h, v->hand, (size_t)v->nhand);
    int outs = 0;
    for (int f = 0; f < RU_NFACES; f++) {
        int k = unseen(v, f);
        if (!k) continue;
        h[v->nhand] = (uint8_t)f;
        int done = rumino ? ru_meld_rumino_mask(h, v->nhand + 1, v->natural_rumino) != 0
                          : ru_meld_gin_mask(h, v->nhand + 1) != 0;
        outs += done ? k : 0;
    }
    return outs;
}

/* Knock now, or wait for Gin? Waiting risks little while the hand is young
 * (the others' hands are still poor and nobody has taken from the discard
 * pile), and Gin is worth 10 points more plus the deadwood saved; so it
 * waits when its deadwood is tiny and enough unseen cards complete it. */
static int chase_gin(const ru_view *v, int dw)
{
    int dealt_stock = RU_NCARDS - RU_HAND * v->np - 1, taken = 0;
    for (int p = 0; p < v->np; p++)
        for (int f = 0; f < RU_NFACES; f++)
            taken += p != v->seat ? v->picked[p][f] : 0;
    int young = v->stock > dealt_stock - 2 * v->np && taken == 0;
    return dw <= 3 && young && outs(v, 0) >= 6;
}

/* A Rumino ends the whole game in the declarer's favour, worth far more than
 * a knock's few points: one card away from it, with at least two unseen
 * cards that complete it, keep drawing. */
static int chase_rumino(const ru_view *v)
{
    return outs(v, 1) >= 2;
}

static ch_action turn(const ru_view *v, const ch_action *acts, int n)
{
    int dw = ru_meld_deadwood(v->hand, v->nhand);
    ch_action draw = ru_action(RU_A_DRAW, 0), take = ru_action(RU_A_TAKE, 0);
    if (dw == 0 || ru_meld_is_rumino(v->hand, v->nhand, v->natural_rumino)) return draw;
    if (has(acts, n, ru_action(RU_A_KNOCK, 0)) && !chase_gin(v, dw) && !chase_rumino(v))
        return ru_action(RU_A_KNOCK, 0);
    if (v->top < 0) return draw;
    /* What the upcard would give after the best legal discard. */
    uint8_t h[RU_MAX_HAND];
    memcpy(h, v->hand, (size_t)v->nhand);
    h[v->nhand] = (uint8_t)v->top;
    if (ru_meld_rumino_mask(h, v->nhand + 1, v->natural_rumino)) return take;
    int best = dw + 100;
    for (int i = 0; i < v->nhand; i++) {
        if (h[i] == v->top && !v->free_discard) continue;
        int d = deadwood_without(h, v->nhand + 1, i);
        if (d < best) best = d;
    }
    if (v->top == RU_JOKER || best == 0 || best <= dw - 4) return take;
    return draw;
}

static ch_action rebuy(const ru_view *v, const ch_action *acts, int n)
{
    ch_action yes = ru_action(RU_A_REBUY, 0);
    if (!has(acts, n, yes)) return ru_action(RU_A_DECLINE, 0);
    /* Weight every player still in by their room under the limit. */
    double mine = v->elimination - v->rebuy_score, all = mine;
    for (int p = 0; p < v->np; p++)
        if (p != v->seat && v->active[p] && v->cum[p] < v->elimination)
            all += v->elimination - v->cum[p];
    if (mine <= 0 || all <= 0) return ru_action(RU_A_DECLINE, 0);
    return mine / all > 0.5 ? yes : ru_action(RU_A_DECLINE, 0);
}

ch_action ru_heuristic_act(ch_bot *b, const void *st, int seat)
{
    ru_view v;
    ru_observe(st, seat, &v);
    ch_action acts[64];
    int n = b->game->legal(st, acts), dw;
    ch_action a = acts[0];
    switch (v.phase) {
    case RU_PH_TURN:
        a = turn(&v, acts, n);
        break;
    case RU_PH_DRAWN:
        if (first_of(acts, n, RU_A_RUMINO))
            a = first_of(acts, n, RU_A_RUMINO);
        else if (first_of(acts, n, RU_A_GIN))
            a = first_of(acts, n, RU_A_GIN);
        else
            a = best_discard(&v, acts, n, &dw);
        break;
    case RU_PH_REBUY:
        a = rebuy(&v, acts, n);
        break;
    case RU_PH_CLAIM:
        a = ru_action(RU_A_CLAIM, 0);
        break;
    default:
        break;
    }
    return has(acts, n, a) ? a : acts[0];
}
