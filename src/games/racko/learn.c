/* Rack-O for learning programs: the fixed action ids and the observation
 * tensor (docs/spaces.md, "Rack-O"). What a viewer may know comes from the
 * same two questions view.c asks (rk_sees_slot, rk_sees_hand), so the tensor
 * cannot tell more than view_json does. */
#include <assert.h>
#include <string.h>

#include "cardhall/racko.h"
#include "internal.h"

/* The action codes are already one fixed small set (draw, take, swap #5 ..
 * #50, discard, declare, end): an action's id is its code. */
int rk_num_action_ids(const ch_opts *o)
{
    (void)o;
    return RK_NACTIONS;
}

int rk_action_id(const void *st, ch_action a)
{
    (void)st;
    assert(a < RK_NACTIONS);
    return (int)a;
}

/* One layout for every option set: 4 seats and cards 1..60; seats and cards
 * a smaller table does not use stay 0. */
int rk_obs_shape(const ch_opts *o, int *dims)
{
    (void)o;
    dims[0] = RK_OBS_SIZE;
    return 1;
}

static void one_hot_card(float *plane, int card)
{
    if (card >= 1 && card <= RK_MAX_CARD) plane[card - 1] = 1.0f;
}

void rk_obs(const void *st, int viewer, float *out)
{
    const rk_state *s = st;
    int n = s->n;
    /* Seats are listed from the viewer's own (relative seat 0) round the
     * table; the spectator's list starts at seat 0. */
    int base = viewer >= 0 ? viewer : 0;
    memset(out, 0, sizeof *out * RK_OBS_SIZE);
    if (s->phase != RK_PH_OVER) out[RK_OB_MOVER + (s->turn - base + n) % n] = 1.0f;
    out[RK_OB_PHASE + s->phase] = 1.0f;
    out[RK_OB_DEALER + (s->dealer - base + n) % n] = 1.0f;
    out[RK_OB_IS_SEAT] = viewer >= 0;
    for (int p = 0; p < n; p++) {
        int r = (p - base + n) % n;
        out[RK_OB_SEATS + r] = 1.0f;
        out[RK_OB_SCORE + r] = (float)s->score[p] / (float)s->target;
        out[RK_OB_LAST + r] = (float)s->last[p] / 100.0f;
        out[RK_OB_HELD + r] = (float)(s->held >> p & 1u);
        for (int i = 0; i < RK_SLOTS; i++)
            if (rk_sees_slot(s, viewer, p, i))
                one_hot_card(out + RK_OB_RACK + (r * RK_SLOTS + i) * RK_MAX_CARD, s->rack[p][i]);
    }
    out[RK_OB_DECK_COUNT] = (float)s->ndeck / RK_OUTSIDE;
    out[RK_OB_DISC_COUNT] = (float)s->ndisc / RK_OUTSIDE;
    out[RK_OB_TURNS] = (float)s->turns / 100.0f;
    out[RK_OB_DECK_PUBLIC] = s->deck_public;
    out[RK_OB_HAND_HELD] = s->hand != 0;
    if (s->hand && rk_sees_hand(s, viewer)) one_hot_card(out + RK_OB_HAND, s->hand);
    if (s->ndisc) one_hot_card(out + RK_OB_DISC_TOP, s->disc[s->ndisc - 1]);
    /* The whole pile is public, bottom first: it becomes the next deck in
     * this order (RK-26), so its order is worth knowing. */
    for (int k = 0; k < s->ndisc; k++)
        out[RK_OB_DISC + s->disc[k] - 1] = (float)(k + 1) / RK_OUTSIDE;
    /* The deck's order only once it is public (RK-26); 1/20 marks the top. */
    if (s->deck_public)
        for (int k = 0; k < s->ndeck; k++)
            out[RK_OB_DECK + s->deck[k] - 1] = (float)(s->ndeck - k) / RK_OUTSIDE;
}
