/* Rumino for learning programs: the fixed action ids and the observation
 * tensor (docs/spaces.md, "Rumino"). A slot of a hand is known exactly when
 * view.c's ru_slot_seen says so; the rest is what view_json shows everyone. */
#include <assert.h>
#include <math.h>
#include <string.h>

#include "internal.h"

/* Every action is a kind and at most one card: no decomposition needed. */
int ru_num_action_ids(const ch_opts *o)
{
    (void)o;
    return RU_NUM_IDS;
}

int ru_action_id(const void *st, ch_action a)
{
    (void)st;
    int face = ru_action_face(a);
    switch (ru_action_type(a)) {
    case RU_A_KNOCK:
        return RU_ID_KNOCK;
    case RU_A_DRAW:
        return RU_ID_DRAW;
    case RU_A_TAKE:
        return RU_ID_TAKE;
    case RU_A_REBUY:
        return RU_ID_REBUY;
    case RU_A_DECLINE:
        return RU_ID_DECLINE;
    case RU_A_CLAIM:
        return RU_ID_CLAIM;
    case RU_A_PASS:
        return RU_ID_PASS;
    case RU_A_DISCARD:
        return RU_ID_DISCARD + face;
    case RU_A_GIN:
        return RU_ID_GIN + face;
    default:
        assert(ru_action_type(a) == RU_A_RUMINO);
        return RU_ID_RUMINO + face;
    }
}

/* One layout for every option set: 6 seats, 53 faces. */
int ru_obs_shape(const ch_opts *o, int *dims)
{
    (void)o;
    dims[0] = RU_OBS_SIZE;
    return 1;
}

/* Chips double with rebuys and may pass 2^40: a log-like scale keeps them
 * finite and readable near 0. */
static float chips(int64_t v)
{
    return (float)(asinh((double)v) / 10.0);
}

void ru_obs(const void *st, int viewer, float *out)
{
    const ru_state *s = st;
    int np = s->np, base = viewer >= 0 ? viewer : 0;
    memset(out, 0, sizeof *out * RU_OBS_SIZE);
    out[RU_OB_PHASE + s->phase] = 1.0f;
    if (s->phase != RU_PH_OVER) out[RU_OB_MOVER + (s->to_move - base + np) % np] = 1.0f;
    out[RU_OB_IS_SEAT] = viewer >= 0;
    out[RU_OB_DEALER + (s->dealer - base + np) % np] = 1.0f;
    const float rules[7] = {(float)s->knock_limit / 10.0f,
                            (float)s->elimination / 100.0f,
                            s->natural_rumino,
                            s->void_on_empty,
                            s->three_gins,
                            s->claim,
                            s->free_discard};
    memcpy(out + RU_OB_RULES, rules, sizeof rules);
    out[RU_OB_COUNTS + 0] = (float)s->nstock / RU_NCARDS;
    out[RU_OB_COUNTS + 1] = (float)s->ndiscard / RU_NCARDS;
    out[RU_OB_COUNTS + 2] = (float)s->turns / 100.0f;
    out[RU_OB_COUNTS + 3] = (float)s->dealt / 20.0f;
    out[RU_OB_COUNTS + 4] = (float)s->rebuys / 10.0f;
    out[RU_OB_COUNTS + 5] = chips(s->pool);
    if (s->phase == RU_PH_REBUY) {
        out[RU_OB_REBUY + 0] = chips(s->rebuy_cost);
        out[RU_OB_REBUY + 1] = (float)s->rebuy_score / 100.0f;
    }
    out[RU_OB_MUST_RUMINO] = s->must_rumino;
    out[RU_OB_LAST_END + s->last_end] = 1.0f;
    if (s->taken != RU_NONE) out[RU_OB_TAKEN + s->taken] = 1.0f;
    /* The card just drawn from the stock: its drawer's alone (RU-22). */
    if (s->drawn != RU_NONE && viewer == s->to_move) out[RU_OB_DRAWN + s->drawn] = 1.0f;
    if (s->ndiscard) out[RU_OB_TOP + s->discard[s->ndiscard - 1]] = 1.0f;
    for (int i = 0; i < s->ndiscard; i++) {
        int by = ru_discarder(s, i);
        if (by == RU_NONE)
            out[RU_OB_UPCARD + s->discard[i]] += 1.0f;
        else
            out[RU_OB_THROWN + RU_NFACES * ((by - base + np) % np) + s->discard[i]] += 1.0f;
    }
    for (int p = 0; p < np; p++) {
        int r = (p - base + np) % np;
        out[RU_OB_SEATS + r] = 1.0f;
        out[RU_OB_ACTIVE + r] = s->active[p];
        out[RU_OB_WINNERS + r] = s->phase == RU_PH_OVER && (s->winners >> p & 1u);
        out[RU_OB_SCORE + r] =
            (float)s->cum[p] / (float)(s->elimination > 0 ? s->elimination : 100);
        out[RU_OB_HAND_SCORE + r] = (float)s->hand_score[p] / 100.0f;
        out[RU_OB_CHIPS + r] = chips(s->chips[p]);
        out[RU_OB_CARDS + r] = (float)s->nhand[p] / RU_MAX_HAND;
        for (int i = 0; i < s->nhand[p]; i++)
            if (ru_slot_seen(s, viewer, p, i))
                out[RU_OB_HAND + RU_NFACES * r + s->hand[p][i]] += 1.0f;
        uint8_t last[RU_HAND];
        for (int i = 0, n = ru_last_hand(s, p, last); i < n; i++)
            out[RU_OB_LAST_HAND + RU_NFACES * r + last[i]] += 1.0f;
    }
}
