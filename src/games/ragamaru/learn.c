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

static void hand_plane(const rg_hand *h, float *plane)
{
    for (uint64_t b = h->num; b; b &= b - 1)
        plane[__builtin_ctzll(b)] = 1.0f;
    for (uint64_t b = h->sp; b; b &= b - 1)
        plane[60 + __builtin_ctzll(b)] = 1.0f;
    for (int k = 0; k < 5; k++)
        plane[96 + k] = h->multi[k];
}

/* Seat p as the viewer counts it: 0 itself, then round the seat numbers
 * (a compare, not a division: it runs for every seat entry of every step). */
static int rel(int np, int base, int p)
{
    assert(p >= 0 && p < np && base >= 0 && base < np);
    int r = p - base;
    return r < 0 ? r + np : r;
}

/* The static entries among the scalars (before RG_OB_DRAWN): the seats at
 * the table and the rule flags, the same under the same options. */
static void head_static(const rg_state *s, float *out)
{
    for (int r = 0; r < s->np; r++)
        out[RG_OB_SEATS + r] = 1.0f;
    out[RG_OB_RULES + 0] = (float)s->teams / 4.0f;
    out[RG_OB_RULES + 1] = s->unlimited;
    out[RG_OB_RULES + 2] = s->strict_draw;
    out[RG_OB_RULES + 3] = s->free_adv;
}

/* The box's cards this deck leaves out (static too): none in the advanced
 * deck (all 108), whose plane stays zero. */
static void out_plane(const rg_state *s, float *out)
{
    if (s->deck != RG_DECK_ADVANCED)
        for (int f = 0; f < RG_NFACES; f++)
            out[RG_OB_OUT + f] = (float)(rg_box.copies[f] - rg_in_deck(s->deck, f));
}

/* What rg_obs_kept keeps of its last call in the memo: the DRAWN and TOP
 * entries it set (+1; 0 none); the one-hot entries among the scalars
 * (M_NHOT of them); which of the mostly-zero planes it wrote (M_PLANES,
 * obs_head); the hand planes it wrote (bit r of M_HANDS) and the
 * cards of each as bits (M_HAND + 8r: num, then sp); and the discard pile
 * its DISCARD plane counts (its size, then its cards two to an entry). */
enum {
    M_DRAWN,
    M_TOP,
    M_HANDS,
    M_PLANES,
    M_NDISC,
    M_NHOT,
    M_HOT,
    M_HAND = M_HOT + 10 + 8,
    M_DISC = M_HAND + 8 * 8,
    M_SIZE = M_DISC + RG_DECK_MAX / 2
};
_Static_assert((int)M_SIZE <= (int)RG_OBS_SIZE, "the memo (one entry a tensor entry) holds it");

/* view.c's rg_knows_hand and rg_has_drawn, inlined: they were a call for
 * every seat of every VectorEnv step. test_learn checks the tensor against
 * the views. */
static int knows_hand(const rg_state *s, int viewer, int p)
{
    return viewer == CH_ALL || viewer == p || s->phase == RG_PH_OVER;
}

/* The scalars, and the one-hot entries among them (into zeros) listed in
 * hot, *nhot of them; each entry that is not one-hot is written whatever
 * its value. Returns bit r for each relative seat r whose hand viewer
 * knows; *drawn: the DRAWN entry to set (-1: none). */
static unsigned obs_head(const rg_state *s, int viewer, float *out, uint16_t *hot, int *nhot,
                         int *drawn, uint16_t *planes)
{
    int np = s->np, base = viewer >= 0 ? viewer : 0, n = 0;
    hot[n++] = (uint16_t)(RG_OB_PHASE + s->phase);
    if (s->turn >= 0) hot[n++] = (uint16_t)(RG_OB_MOVER + rel(np, base, s->turn));
    hot[n++] = (uint16_t)(RG_OB_COLOUR + s->C);
    hot[n++] = (uint16_t)(RG_OB_NUMBER + s->N);
    hot[n++] = (uint16_t)(RG_OB_TYPE + s->T);
    hot[n++] = (uint16_t)(RG_OB_PENDING + s->ptype);
    hot[n++] = (uint16_t)(RG_OB_FIRST + rel(np, base, s->first));
    hot[n++] = (uint16_t)(RG_OB_CHOOSER + rel(np, base, s->chooser));
    if (s->phase != RG_PH_KICKOFF) hot[n++] = (uint16_t)(RG_OB_KICKOFF + s->kickoff);
    if (s->winner >= 0) hot[n++] = (uint16_t)(RG_OB_WINNER + rel(np, base, s->winner));
    out[RG_OB_IS_SEAT] = viewer >= 0;
    out[RG_OB_CLOCKWISE] = s->dir > 0;
    out[RG_OB_PENDING_TOTAL] = (float)s->ptotal / 20.0f;
    out[RG_OB_PENDING_CLOSED] = s->pclosed;
    out[RG_OB_COUNTS + 0] = (float)s->nstock / RG_DECK_MAX;
    out[RG_OB_COUNTS + 1] = (float)s->ndisc / RG_DECK_MAX;
    out[RG_OB_COUNTS + 2] = (float)s->arrivals / 1000.0f;
    out[RG_OB_COUNTS + 3] = (float)s->adv_left / 4.0f;
    unsigned rests = 0, known = 0;
    *drawn = -1;
    for (int p = 0; p < np; p++) {
        int r = rel(np, base, p);
        /* Seating: how many places clockwise p sits from the viewer's seat. */
        hot[n++] = (uint16_t)(RG_OB_SEATING + 8 * r + rel(np, s->pos[base], s->pos[p]));
        out[RG_OB_HAND_N + r] = (float)s->hand[p].n / 20.0f;
        out[RG_OB_DREW + r] = (float)s->drawn_total[p] / 50.0f;
        rests |= s->rests[p];
        if (knows_hand(s, viewer, p)) {
            known |= 1u << r;
            /* rg_has_drawn: the drawn card sits apart from the hand. */
            if (s->phase == RG_PH_DRAWN && s->turn == p) *drawn = RG_OB_DRAWN + s->drawn;
        }
    }
    /* Planes that are all 0 most of the game (no teams, nobody serving
     * rests, nobody passed dry) are written only when they hold something
     * now or did at the last call (bit 1, 2 of *planes; 0 for a zero
     * tensor): with 5 seats they were 15 stores a step. */
    unsigned now = (rests ? 1u : 0u) | (s->dry_passed ? 2u : 0u);
    if (s->teams) {
        int team = viewer >= 0 ? rg_team_of(s, viewer) : -1;
        for (int p = 0; p < np; p++)
            out[RG_OB_TEAM + rel(np, base, p)] = team >= 0 && rg_team_of(s, p) == team;
    }
    if ((now | *planes) & 1u)
        for (int p = 0; p < np; p++)
            out[RG_OB_RESTS + rel(np, base, p)] = (float)s->rests[p] / 8.0f;
    if ((now | *planes) & 2u)
        for (int p = 0; p < np; p++)
            out[RG_OB_DRY_PASSED + rel(np, base, p)] = (float)(s->dry_passed >> p & 1u);
    *planes = (uint16_t)now;
    assert(n <= 10 + 8);
    for (int k = 0; k < n; k++)
        out[hot[k]] = 1.0f;
    *nhot = n;
    return known;
}

void rg_obs(const void *st, int viewer, float *out)
{
    const rg_state *s = st;
    memset(out, 0, sizeof *out * RG_OBS_SIZE);
    head_static(s, out);
    out_plane(s, out);
    uint16_t hot[10 + 8];
    int nhot, drawn, base = viewer >= 0 ? viewer : 0;
    uint16_t planes = 0;
    unsigned known = obs_head(s, viewer, out, hot, &nhot, &drawn, &planes);
    for (int p = 0; p < s->np; p++) {
        int r = rel(s->np, base, p);
        if (known >> r & 1u) hand_plane(&s->hand[p], out + RG_OB_HANDS + RG_NFACES * r);
    }
    if (drawn >= 0) out[drawn] = 1.0f;
    if (s->ndisc) out[RG_OB_TOP + s->disc[s->ndisc - 1]] = 1.0f;
    for (int i = 0; i < s->ndisc; i++)
        out[RG_OB_DISCARD + s->disc[i]] += 1.0f;
}

/* Writes the n (a multiple of 4) entries of a card mask, 0 or 1 each,
 * four at a time from a table of the 16 nibbles: no branch on the cards,
 * where setting and clearing them bit by bit (the hand plane of a row whose
 * viewer alternates changes by twenty cards a step) mispredicted the end
 * of each loop. */
static void mask_plane(float *plane, uint64_t bits, int n)
{
    static const float nib[16][4] = {{0, 0, 0, 0}, {1, 0, 0, 0}, {0, 1, 0, 0}, {1, 1, 0, 0},
                                     {0, 0, 1, 0}, {1, 0, 1, 0}, {0, 1, 1, 0}, {1, 1, 1, 0},
                                     {0, 0, 0, 1}, {1, 0, 0, 1}, {0, 1, 0, 1}, {1, 1, 0, 1},
                                     {0, 0, 1, 1}, {1, 0, 1, 1}, {0, 1, 1, 1}, {1, 1, 1, 1}};
    for (int k = 0; k < n; k += 4)
        memcpy(plane + k, nib[bits >> k & 15u], sizeof nib[0]);
}

/* rg_game.observe_kept (include/cardhall/game.h): the scalars are
 * overwritten, the one-hot entries set last time cleared one by one
 * (observe clears all 1,432 entries), a hand plane is written whole only
 * where it holds or gets cards (memo: its bits), and the DISCARD plane,
 * a count per face of a pile of up to 108 cards (recounting it was half of
 * a step), only gets the cards played onto the pile since, when the pile
 * below them is the one it counted. */
void rg_obs_kept(const void *st, int viewer, float *out, uint16_t *memo, int first)
{
    const rg_state *s = st;
    if (first) {
        head_static(s, out);
        out_plane(s, out);
    }
    for (int k = 0; k < memo[M_NHOT]; k++)
        out[memo[M_HOT + k]] = 0.0f;
    if (memo[M_DRAWN]) out[memo[M_DRAWN] - 1] = 0.0f;
    if (memo[M_TOP]) out[memo[M_TOP] - 1] = 0.0f;
    int nhot, drawn, np = s->np, base = viewer >= 0 ? viewer : 0;
    unsigned known = obs_head(s, viewer, out, memo + M_HOT, &nhot, &drawn, memo + M_PLANES);
    memo[M_NHOT] = (uint16_t)nhot;
    /* Hands: the planes written last time (their cards in the memo) and
     * the hands known now; a plane neither was nor is written stays 0, and
     * is not looked at (with 5 seats, 4 of the 5 each step). */
    unsigned todo = memo[M_HANDS] | known;
    memo[M_HANDS] = (uint16_t)known;
    for (; todo; todo &= todo - 1) {
        int r = __builtin_ctz(todo), p = base + r < np ? base + r : base + r - np;
        uint16_t *m = memo + M_HAND + 8 * r;
        float *plane = out + RG_OB_HANDS + RG_NFACES * r;
        uint64_t num = 0, sp = 0, was_num, was_sp;
        const rg_hand *h = &s->hand[p];
        int k = known >> r & 1u;
        if (k) {
            num = h->num;
            sp = h->sp;
        }
        memcpy(&was_num, m, 8);
        memcpy(&was_sp, m + 4, 8);
        /* A plane that was zero and stays zero (a hand not known) is left
         * alone; any other is written whole. */
        if (was_num | was_sp | num | sp) {
            mask_plane(plane, num, 60);
            mask_plane(plane + 60, sp, 36);
        }
        memcpy(m, &num, 8);
        memcpy(m + 4, &sp, 8);
        for (int j = 0; j < 5; j++)
            plane[96 + j] = k ? h->multi[j] : 0.0f;
    }
    memo[M_DRAWN] = (uint16_t)(drawn + 1);
    if (drawn >= 0) out[drawn] = 1.0f;
    memo[M_TOP] = 0;
    if (s->ndisc) {
        memo[M_TOP] = (uint16_t)(RG_OB_TOP + s->disc[s->ndisc - 1] + 1);
        out[memo[M_TOP] - 1] = 1.0f;
    }
    uint8_t *pile = (uint8_t *)(memo + M_DISC);
    int from = memo[M_NDISC];
    if (from > s->ndisc || memcmp(pile, s->disc, (size_t)from) != 0) {
        memset(out + RG_OB_DISCARD, 0, sizeof *out * RG_NFACES);
        from = 0;
    }
    for (int i = from; i < s->ndisc; i++)
        out[RG_OB_DISCARD + s->disc[i]] += 1.0f;
    memcpy(pile + from, s->disc + from, (size_t)(s->ndisc - from));
    memo[M_NDISC] = s->ndisc;
}
