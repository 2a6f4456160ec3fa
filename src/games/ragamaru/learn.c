/* RAGAMARU for learning programs: the fixed action ids and the observation
 * tensor (docs/spaces.md, "RAGAMARU").
 *
 * A play is already one action per (kind, colour set, top colour) (RG-36;
 * legal.c), and a Reserve's colour and number are steps of their own
 * (RG-62), so every action maps to one of RG_NUM_IDS ids without
 * decomposing anything. The order of the cards below the top is decided by
 * the requirement, not by the player: the same id in two states may be
 * written "R9 Y9 B9" or "Y9 R9 B9", the same cards with the same top.
 *
 * What a viewer knows is asked of view.c (rg_knows_hand, rg_has_drawn); the
 * rest of the tensor is what view_json shows everyone. */
#include <string.h>

#include "internal.h"

int rg_num_action_ids(const ch_opts *o)
{
    (void)o;
    return RG_NUM_IDS;
}

/* The index of (set, top) among the 32 pairs: sets by rising mask, tops in
 * colour order within a set. before[set] counts the pairs of smaller sets. */
static int set_top(int set, int top)
{
    static const int before[16] = {0, 0, 1, 2, 4, 5, 7, 9, 12, 13, 15, 17, 20, 22, 25, 28};
    assert(set > 0 && set < 16 && (set >> top & 1));
    return before[set] + __builtin_popcount((unsigned)set & ((1u << top) - 1));
}

int rg_action_id(const void *st, ch_action a)
{
    (void)st;
    rg_move m;
    rg_decode(a, &m);
    switch (m.kind) {
    case RG_A_KICKOFF:
        return RG_ID_KICKOFF + m.colour;
    case RG_A_DRAW:
        return RG_ID_DRAW;
    case RG_A_PASS:
        return RG_ID_PASS;
    case RG_A_ACCEPT:
        return RG_ID_ACCEPT;
    case RG_A_KEEP:
        return RG_ID_KEEP;
    case RG_A_DISCARD:
        return RG_ID_DISCARD + m.face;
    case RG_A_DECLARE:
        return m.decl == 0 ? RG_ID_DECLARE_COLOUR + m.colour
                           : RG_ID_DECLARE_NUMBER + 15 * m.colour + m.decl - 1;
    default:
        break;
    }
    assert(m.kind == RG_A_PLAY && m.set >= 1 && m.set <= 15);
    switch (m.type) {
    case RG_NUMBER:
        return RG_ID_NUMBER + 32 * (m.number - 1) + set_top(m.set, m.top);
    case RG_CONV:
        return RG_ID_CONV;
    case RG_RES:
        return RG_ID_RES + m.set - 1;
    case RG_TMO:
        return RG_ID_TMO + m.colour;
    case RG_SIN:
        return RG_ID_SIN + 4 * (m.set - 1) + m.colour;
    case RG_RGM:
        return RG_ID_RGM + m.set - 1;
    default:
        if (m.conv) return RG_ID_TRY_CONV + set_top(m.set, m.top);
        return RG_ID_SPECIAL + 32 * (m.type - 1) + set_top(m.set, m.top);
    }
}

/* One layout for every option set: 8 seats, all 101 faces. */
int rg_obs_shape(const ch_opts *o, int *dims)
{
    (void)o;
    dims[0] = RG_OBS_SIZE;
    return 1;
}

static void hand_plane(const rg_hand *h, float *plane)
{
    for (uint64_t b = h->num; b; b &= b - 1)
        plane[__builtin_ctzll(b)] = 1.0f;
    for (uint64_t b = h->sp; b; b &= b - 1)
        plane[60 + __builtin_ctzll(b)] = 1.0f;
    for (int k = 0; k < 5; k++)
        plane[96 + k] = h->multi[k];
}

/* Seat p as the viewer counts it: 0 itself, then round the seat numbers. */
static int rel(int np, int base, int p)
{
    return (p - base + np) % np;
}

void rg_obs(const void *st, int viewer, float *out)
{
    const rg_state *s = st;
    int np = s->np, base = viewer >= 0 ? viewer : 0;
    memset(out, 0, sizeof *out * RG_OBS_SIZE);
    out[RG_OB_PHASE + s->phase] = 1.0f;
    if (s->turn >= 0) out[RG_OB_MOVER + rel(np, base, s->turn)] = 1.0f;
    out[RG_OB_IS_SEAT] = viewer >= 0;
    out[RG_OB_CLOCKWISE] = s->dir > 0;
    out[RG_OB_RULES + 0] = (float)s->teams / 4.0f;
    out[RG_OB_RULES + 1] = s->unlimited;
    out[RG_OB_RULES + 2] = s->strict_draw;
    out[RG_OB_RULES + 3] = s->free_adv;
    out[RG_OB_COLOUR + s->C] = 1.0f;
    out[RG_OB_NUMBER + s->N] = 1.0f;
    out[RG_OB_TYPE + s->T] = 1.0f;
    out[RG_OB_PENDING + s->ptype] = 1.0f;
    out[RG_OB_PENDING_TOTAL] = (float)s->ptotal / 20.0f;
    out[RG_OB_PENDING_CLOSED] = s->pclosed;
    out[RG_OB_FIRST + rel(np, base, s->first)] = 1.0f;
    out[RG_OB_CHOOSER + rel(np, base, s->chooser)] = 1.0f;
    if (s->phase != RG_PH_KICKOFF) out[RG_OB_KICKOFF + s->kickoff] = 1.0f;
    if (s->winner >= 0) out[RG_OB_WINNER + rel(np, base, s->winner)] = 1.0f;
    out[RG_OB_COUNTS + 0] = (float)s->nstock / RG_DECK_MAX;
    out[RG_OB_COUNTS + 1] = (float)s->ndisc / RG_DECK_MAX;
    out[RG_OB_COUNTS + 2] = (float)s->arrivals / 1000.0f;
    out[RG_OB_COUNTS + 3] = (float)s->adv_left / 4.0f;
    int team = s->teams && viewer >= 0 ? rg_team_of(s, viewer) : -1;
    for (int p = 0; p < np; p++) {
        int r = rel(np, base, p);
        out[RG_OB_SEATS + r] = 1.0f;
        /* Seating: how many places clockwise p sits from the viewer's seat. */
        int d = (s->pos[p] - s->pos[base] + np) % np;
        out[RG_OB_SEATING + 8 * r + d] = 1.0f;
        out[RG_OB_TEAM + r] = team >= 0 && rg_team_of(s, p) == team;
        out[RG_OB_DRY_PASSED + r] = (float)(s->dry_passed >> p & 1u);
        out[RG_OB_HAND_N + r] = (float)s->hand[p].n / 20.0f;
        out[RG_OB_RESTS + r] = (float)s->rests[p] / 8.0f;
        out[RG_OB_DREW + r] = (float)s->drawn_total[p] / 50.0f;
        if (rg_knows_hand(s, viewer, p)) {
            hand_plane(&s->hand[p], out + RG_OB_HANDS + RG_NFACES * r);
            if (rg_has_drawn(s, p)) out[RG_OB_DRAWN + s->drawn] = 1.0f;
        }
    }
    if (s->ndisc) out[RG_OB_TOP + s->disc[s->ndisc - 1]] = 1.0f;
    for (int i = 0; i < s->ndisc; i++)
        out[RG_OB_DISCARD + s->disc[i]] += 1.0f;
    /* The box's cards this deck leaves out: none in the advanced deck (all
     * 108), whose plane stays zero without asking each of the 101 faces
     * (that loop was a third of a VectorEnv step). */
    if (s->deck != RG_DECK_ADVANCED)
        for (int f = 0; f < RG_NFACES; f++)
            out[RG_OB_OUT + f] = (float)(rg_box.copies[f] - rg_in_deck(s->deck, f));
}
