/* Comrade for learning programs: the fixed action ids and the observation
 * tensor (docs/spaces.md, "Comrade"). Bids, tricks and every played card
 * are public (perfect recall, E24); a hand is its owner's alone, and
 * leftovers are never revealed (CM-27): the tensor holds the viewer's hand
 * and, of the others, only what view.c shows everyone (counts, shown voids
 * through cm_voids, the cards they played). */
#include <assert.h>
#include <string.h>

#include "internal.h"

/* The action codes are already small and fixed: bidding 0..20 as they are
 * (pass, take [s v], joker s), then the play cards, packed after them. */
int cm_num_action_ids(const ch_opts *o)
{
    (void)o;
    return CM_NUM_IDS;
}

int cm_action_id(const void *st, ch_action a)
{
    (void)st;
    if (a >= CM_PLAY(0)) return CM_ID_PLAY + (int)(a - CM_PLAY(0));
    assert(a <= CM_JOKER(3));
    return (int)a;
}

/* One layout for every option set: 5 seats, 52 play cards, 20 deals. */
int cm_obs_shape(const ch_opts *o, int *dims)
{
    (void)o;
    dims[0] = CM_OBS_SIZE;
    return 1;
}

static int rel(const cm_state *s, int base, int p)
{
    return (p - base + s->np) % s->np;
}

void cm_obs(const void *st, int viewer, float *out)
{
    const cm_state *s = st;
    int np = s->np, base = viewer >= 0 ? viewer : 0;
    memset(out, 0, sizeof *out * CM_OBS_SIZE);
    out[CM_OB_PHASE + s->phase] = 1.0f;
    if (s->phase != CM_PH_OVER) out[CM_OB_MOVER + rel(s, base, cm_to_move(s))] = 1.0f;
    out[CM_OB_IS_SEAT] = viewer >= 0;
    out[CM_OB_DEALER + rel(s, base, s->dealer)] = 1.0f;
    const float rules[4] = {(float)s->target / 10.0f, s->ace_high, s->safe_bids,
                            (float)s->ndeals / CM_MAX_DEALS};
    memcpy(out + CM_OB_RULES, rules, sizeof rules);
    const float counts[7] = {(float)s->deal / CM_MAX_DEALS,  (float)s->wins / CM_MAX_DEALS,
                             (float)s->total / 10.0f,        (float)s->turn / CM_BID_TURNS,
                             (float)s->passes / CM_SEATS,    (float)s->jokers / 2.0f,
                             (float)s->trick / CM_MAX_TRICKS};
    memcpy(out + CM_OB_COUNTS, counts, sizeof counts);
    for (int i = 0; i < 16; i++)
        out[CM_OB_POOL + i] = (float)(s->pool >> i & 1u);
    for (int p = 0; p < np; p++) {
        int r = rel(s, base, p);
        unsigned voids = cm_voids(s, p);
        out[CM_OB_SEATS + r] = 1.0f;
        out[CM_OB_CARDS + r] = (float)__builtin_popcountll(s->hand[p]) / 13.0f;
        for (int su = 0; su < 4; su++) {
            out[CM_OB_BID + 4 * r + su] = (float)s->v[p][su] / 5.0f;
            out[CM_OB_WON + 4 * r + su] = (float)s->won[p][su] / CM_MAX_TRICKS;
            out[CM_OB_VOIDS + 4 * r + su] = (float)(voids >> su & 1u);
        }
    }
    for (int i = 0; i < s->turn; i++)
        out[CM_OB_BIDLOG + 21 * i + s->bidlog[i]] = 1.0f;
    if (viewer >= 0)
        for (uint64_t m = s->hand[viewer]; m; m &= m - 1)
            out[CM_OB_HAND + __builtin_ctzll(m)] = 1.0f;
    /* Card i of trick t was played by the seat i places after its leader. */
    for (int i = 0; i < s->nplay; i++) {
        int t = i / np, p = (s->lead[t] + i % np) % np;
        out[CM_OB_PLAYED + 52 * rel(s, base, p) + s->play[i]] = 1.0f;
        if (t == s->trick) out[CM_OB_TRICK + 52 * (i % np) + s->play[i]] = 1.0f;
    }
    if (s->phase == CM_PH_PLAY) {
        out[CM_OB_LEADER + rel(s, base, s->lead[s->trick])] = 1.0f;
        int face, best = cm_trick_winner(s, s->trick, &face);
        if (best >= 0) out[CM_OB_WINNING + rel(s, base, best)] = 1.0f;
    }
    for (int d = 0; d < s->deal && d < CM_MAX_DEALS; d++)
        out[CM_OB_RESULTS + 8 * d + s->res[d]] = 1.0f;
}
