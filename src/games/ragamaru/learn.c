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
 * colour order within a set: the pairs of smaller sets, then the set's
 * colours below top. A table, not a popcount: without -mpopcnt that is a
 * library call, and it ran for every legal move of every VectorEnv step. */
static int set_top(int set, int top)
{
    static const int8_t at[16][4] = {
        {-1, -1, -1, -1}, {0, -1, -1, -1}, {-1, 1, -1, -1}, {2, 3, -1, -1},
        {-1, -1, 4, -1},  {5, -1, 6, -1},  {-1, 7, 8, -1},  {9, 10, 11, -1},
        {-1, -1, -1, 12}, {13, -1, -1, 14}, {-1, 15, -1, 16}, {17, 18, -1, 19},
        {-1, -1, 20, 21}, {22, -1, 23, 24}, {-1, 25, 26, 27}, {28, 29, 30, 31}};
    assert(set > 0 && set < 16 && (set >> top & 1));
    return at[set][top];
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

/* The tensor's writer: each entry written is listed once in set (the
 * observe_sparse contract, include/cardhall/game.h). */
typedef struct obs_w {
    float *out;
    uint16_t *set;
    int n;
} obs_w;

static void put(obs_w *w, int i, float v)
{
    assert(w->n < RG_OBS_SIZE);
    w->out[i] = v;
    w->set[w->n++] = (uint16_t)i;
}

static void hand_plane(obs_w *w, const rg_hand *h, int at)
{
    for (uint64_t b = h->num; b; b &= b - 1)
        put(w, at + __builtin_ctzll(b), 1.0f);
    for (uint64_t b = h->sp; b; b &= b - 1)
        put(w, at + 60 + __builtin_ctzll(b), 1.0f);
    for (int k = 0; k < 5; k++)
        if (h->multi[k]) put(w, at + 96 + k, h->multi[k]);
}

/* Seat p as the viewer counts it: 0 itself, then round the seat numbers. */
static int rel(int np, int base, int p)
{
    return (p - base + np) % np;
}

/* Static under the options (players, rules, deck): the seats at the table,
 * the rule flags and the cards the deck leaves out. */
static void obs_static(const rg_state *s, float *out)
{
    for (int r = 0; r < s->np; r++)
        out[RG_OB_SEATS + r] = 1.0f;
    out[RG_OB_RULES + 0] = (float)s->teams / 4.0f;
    out[RG_OB_RULES + 1] = s->unlimited;
    out[RG_OB_RULES + 2] = s->strict_draw;
    out[RG_OB_RULES + 3] = s->free_adv;
    /* The box's cards this deck leaves out: none in the advanced deck (all
     * 108), whose plane stays zero. */
    if (s->deck != RG_DECK_ADVANCED)
        for (int f = 0; f < RG_NFACES; f++)
            out[RG_OB_OUT + f] = (float)(rg_box.copies[f] - rg_in_deck(s->deck, f));
}

int rg_obs_sparse(const void *st, int viewer, float *out, uint16_t *set, int all)
{
    const rg_state *s = st;
    int np = s->np, base = viewer >= 0 ? viewer : 0;
    obs_w w = {out, set, 0};
    if (all) obs_static(s, out);
    put(&w, RG_OB_PHASE + s->phase, 1.0f);
    if (s->turn >= 0) put(&w, RG_OB_MOVER + rel(np, base, s->turn), 1.0f);
    if (viewer >= 0) put(&w, RG_OB_IS_SEAT, 1.0f);
    if (s->dir > 0) put(&w, RG_OB_CLOCKWISE, 1.0f);
    put(&w, RG_OB_COLOUR + s->C, 1.0f);
    put(&w, RG_OB_NUMBER + s->N, 1.0f);
    put(&w, RG_OB_TYPE + s->T, 1.0f);
    put(&w, RG_OB_PENDING + s->ptype, 1.0f);
    if (s->ptotal) put(&w, RG_OB_PENDING_TOTAL, (float)s->ptotal / 20.0f);
    if (s->pclosed) put(&w, RG_OB_PENDING_CLOSED, 1.0f);
    put(&w, RG_OB_FIRST + rel(np, base, s->first), 1.0f);
    put(&w, RG_OB_CHOOSER + rel(np, base, s->chooser), 1.0f);
    if (s->phase != RG_PH_KICKOFF) put(&w, RG_OB_KICKOFF + s->kickoff, 1.0f);
    if (s->winner >= 0) put(&w, RG_OB_WINNER + rel(np, base, s->winner), 1.0f);
    put(&w, RG_OB_COUNTS + 0, (float)s->nstock / RG_DECK_MAX);
    put(&w, RG_OB_COUNTS + 1, (float)s->ndisc / RG_DECK_MAX);
    put(&w, RG_OB_COUNTS + 2, (float)s->arrivals / 1000.0f);
    put(&w, RG_OB_COUNTS + 3, (float)s->adv_left / 4.0f);
    int team = s->teams && viewer >= 0 ? rg_team_of(s, viewer) : -1, drawn = 0;
    for (int p = 0; p < np; p++) {
        int r = rel(np, base, p);
        /* Seating: how many places clockwise p sits from the viewer's seat. */
        int d = (s->pos[p] - s->pos[base] + np) % np;
        put(&w, RG_OB_SEATING + 8 * r + d, 1.0f);
        if (team >= 0 && rg_team_of(s, p) == team) put(&w, RG_OB_TEAM + r, 1.0f);
        if (s->dry_passed >> p & 1u) put(&w, RG_OB_DRY_PASSED + r, 1.0f);
        put(&w, RG_OB_HAND_N + r, (float)s->hand[p].n / 20.0f);
        if (s->rests[p]) put(&w, RG_OB_RESTS + r, (float)s->rests[p] / 8.0f);
        if (s->drawn_total[p]) put(&w, RG_OB_DREW + r, (float)s->drawn_total[p] / 50.0f);
        if (rg_knows_hand(s, viewer, p)) {
            hand_plane(&w, &s->hand[p], RG_OB_HANDS + RG_NFACES * r);
            drawn |= rg_has_drawn(s, p);
        }
    }
    if (drawn) put(&w, RG_OB_DRAWN + s->drawn, 1.0f);
    if (s->ndisc) put(&w, RG_OB_TOP + s->disc[s->ndisc - 1], 1.0f);
    /* Copies of each face in the pile, counted in bytes first: the pile
     * holds up to 108 cards, and adding to floats in the tensor one card at
     * a time was half of this function. */
    uint8_t copies[RG_NFACES];
    memset(copies, 0, sizeof copies);
    for (int i = 0; i < s->ndisc; i++)
        copies[s->disc[i]]++;
    /* Each face once: its count is taken the first time it is met. */
    for (int i = 0; i < s->ndisc; i++) {
        int f = s->disc[i];
        if (copies[f]) put(&w, RG_OB_DISCARD + f, copies[f]);
        copies[f] = 0;
    }
    return w.n;
}

void rg_obs(const void *st, int viewer, float *out)
{
    uint16_t set[RG_OBS_SIZE];
    memset(out, 0, sizeof *out * RG_OBS_SIZE);
    rg_obs_sparse(st, viewer, out, set, 1);
}
