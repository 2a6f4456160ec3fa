/* Draft Babasuki for learning programs: the fixed action ids and the
 * observation tensor (docs/spaces.md, "Draft Babasuki").
 *
 * Knowledge is per card (known[c]: who knows which zone it is in), never
 * per position in another seat's hidden zone (DB-25: a hand may be
 * rearranged at any time). The tensor therefore says, card by card, where
 * the viewer knows it is, as db_observe (the walk the heuristic and views
 * use) says it; only the viewer's own hand is given in order. */
#include <assert.h>
#include <string.h>

#include "internal.h"

/* Every action is a kind and one card (a position for draw): nothing to
 * decompose. A face is a rank in the card file, so an id keeps its meaning
 * for any file (the card it names is the file's k-th card). */
int db_num_action_ids(const ch_opts *o)
{
    (void)o;
    return DB_NUM_IDS;
}

int db_action_id(const void *st, ch_action a)
{
    (void)st;
    int kind = (int)(a >> 8), arg = (int)(a & 0xffu);
    switch (kind) {
    case DB_A_KEEP:
        return DB_ID_KEEP + arg;
    case DB_A_PLAY:
        return DB_ID_PLAY + arg;
    case DB_A_PUT:
        return DB_ID_PUT + arg;
    default:
        assert(kind == DB_A_DRAW && arg < DB_MAXHAND);
        return DB_ID_DRAW + arg;
    }
}

/* One layout for every option set: 6 seats, 25 cards. */
int db_obs_shape(const ch_opts *o, int *dims)
{
    (void)o;
    dims[0] = DB_OBS_SIZE;
    return 1;
}

/* Seat p as the viewer counts it: 0 itself, then round the seat numbers
 * (a compare, not a division: it runs for every seat entry of every step). */
static int rel(const db_state *s, int base, int p)
{
    assert(p >= 0 && p < s->n && base >= 0 && base < s->n);
    int r = p - base;
    return r < 0 ? r + s->n : r;
}

/* The tensor's writer: with a list (db_obs_kept), each entry written is
 * listed once, to be cleared before the next call. */
typedef struct obs_w {
    float *out;
    uint16_t *set; /* NULL: not listed */
    int n;
} obs_w;

static void put(obs_w *w, int i, float v)
{
    w->out[i] = v;
    if (w->set) {
        assert(w->n < DB_OBS_SIZE - 1);
        w->set[w->n++] = (uint16_t)i;
    }
}

/* Static under the options (players, rules, card file): the seats at the
 * table, three rule flags, the target score and each card's data. Most of
 * the tensor's entries, written once for a VectorEnv's slot. */
static void obs_static(const db_state *s, float *out)
{
    for (int r = 0; r < s->n; r++)
        out[DB_OB_SEATS + r] = 1.0f;
    out[DB_OB_FLAGS + 1] = s->sudden_death;
    out[DB_OB_FLAGS + 3] = s->one_shot;
    out[DB_OB_FLAGS + 4] = s->arranges;
    out[DB_OB_COUNTS + 2] = (float)s->target_score / 100.0f;
    for (int c = 0; c < DB_NCARDS; c++) {
        float *b = out + DB_OB_CARDS + DB_OC_SIZE * c;
        b[DB_OC_TYPE + s->card[c].type] = 1.0f;
        b[DB_OC_SECURED] = (float)s->card[c].secured / 10.0f;
        b[DB_OC_HAND] = (float)s->card[c].hand / 10.0f;
        for (uint32_t bits = s->card[c].suits & ((1u << 26) - 1); bits; bits &= bits - 1)
            b[DB_OC_SUITS + __builtin_ctz(bits)] = 1.0f;
    }
}

/* Where the viewer knows each card is (DB_OC_WHERE), as db_observe says it
 * (view.c: a card of a seat's hidden zone where the viewer knows it, of a
 * public zone always, the centre over all), but in one walk over the
 * zones' cards back to back in db_state.zc, without looking up each zone's
 * start: db_observe and its lookups were half of a VectorEnv step. The
 * order of kinds is zc's (DB_Z_*), and the zones of seats past s->n are
 * empty: the walk skips them, and the deck, never seen. */
static void where_planes(obs_w *w, const db_state *s, int viewer, int base)
{
    static const struct {
        uint8_t first, count, at, hidden;
    } kinds[] = {{DB_Z_HAND, DB_MAXP, DB_AT_HAND, 1},   {DB_Z_PACK, DB_MAXP, DB_AT_PACK, 1},
                 {DB_Z_KEPT, DB_MAXP, DB_AT_KEPT, 1},   {DB_Z_VROW, DB_MAXP, DB_AT_VROW, 0},
                 {DB_Z_SCORE, DB_MAXP, DB_AT_SCORE, 0}, {DB_Z_TAKEN, 2, DB_AT_TAKEN, 1},
                 {DB_Z_ASIDE, 2, DB_AT_ASIDE, 1},       {DB_Z_DROW, 2, DB_AT_DROW, 0},
                 {DB_Z_DISC, 1, DB_AT_DISCARD, 0}};
    _Static_assert(DB_Z_DISC == DB_Z_DECK + 1 && DB_Z_DECK == DB_Z_DROW + 2,
                   "the deck lies between the revealed discards and the discard pile");
    uint32_t left = (1u << DB_NCARDS) - 1; /* cards not placed yet */
    /* db_knows as one bit of known[c] (the spectator's is bit 7). */
    unsigned sees = viewer == CH_ALL ? 0xffu : viewer < 0 ? 0x80u : 1u << viewer;
    if (s->centre != DB_NONE) {
        put(w, DB_OB_CARDS + DB_OC_SIZE * s->centre + DB_OC_WHERE + 2, 1.0f);
        left &= ~(1u << s->centre);
    }
    const uint8_t *c = s->zc;
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
        if (kinds[k].first == DB_Z_DISC) c += s->ndeck;
        int seats = kinds[k].count < s->n ? kinds[k].count : s->n;
        for (int seat = 0; seat < seats; seat++) {
            int n = s->zn[kinds[k].first + seat], at = kinds[k].at;
            if (!n) continue;
            int where = at == DB_AT_DISCARD ? 1 : 3 + 6 * (at - DB_AT_HAND) + rel(s, base, seat);
            for (int i = 0; i < n; i++) {
                int card = c[i];
                if (!(left >> card & 1u) || (kinds[k].hidden && !(s->known[card] & sees)))
                    continue;
                put(w, DB_OB_CARDS + DB_OC_SIZE * card + DB_OC_WHERE + where, 1.0f);
                left &= ~(1u << card);
            }
            c += n;
        }
    }
    for (uint32_t b = left; b; b &= b - 1)
        put(w, DB_OB_CARDS + DB_OC_SIZE * __builtin_ctz(b) + DB_OC_WHERE, 1.0f);
}

/* Every entry but the static ones: the one-hot ones into zeros, listed in
 * set unless NULL (returns how many), the others written whatever their
 * value. */
static int obs_dynamic(const db_state *s, int viewer, float *out, uint16_t *set)
{
    int n = s->n, base = viewer >= 0 ? viewer : 0, over = s->phase == DB_PH_OVER;
    obs_w w = {out, set, 0};
    put(&w, DB_OB_PHASE + s->phase, 1.0f);
    if (!over) put(&w, DB_OB_MOVER + rel(s, base, s->mover), 1.0f);
    put(&w, DB_OB_DEALER + rel(s, base, s->dealer), 1.0f);
    if (s->phase == DB_PH_RAID || s->phase == DB_PH_ARRANGE || s->phase == DB_PH_DRAW)
        put(&w, DB_OB_RAIDER + rel(s, base, s->raider), 1.0f);
    if (s->centre != DB_NONE) put(&w, DB_OB_TARGET + rel(s, base, s->target), 1.0f);
    /* The entries below are written whatever their value, so they need no
     * listing: a kept tensor has them from the last call, overwritten. */
    out[DB_OB_IS_SEAT] = viewer >= 0;
    out[DB_OB_FLAGS + 0] = (float)(s->round % 2);
    out[DB_OB_FLAGS + 2] = s->sd_active;
    out[DB_OB_COUNTS + 0] = (float)s->round / 20.0f;
    out[DB_OB_COUNTS + 1] = (float)s->rounds_done / 20.0f;
    out[DB_OB_COUNTS + 3] = (float)s->ndeck / DB_NCARDS;
    out[DB_OB_COUNTS + 4] = (float)s->ndisc / DB_NCARDS;
    out[DB_OB_COUNTS + 5] = s->centre != DB_NONE ? (float)s->arranged / DB_MAXHAND : 0.0f;
    for (int p = 0; p < n; p++) {
        int r = rel(s, base, p);
        out[DB_OB_CHOSEN + r] = (float)(s->chosen >> p & 1u);
        out[DB_OB_TOTAL + r] = (float)s->total[p] / 100.0f;
        out[DB_OB_LAST_ROUND + r] = (float)s->last_round[p] / 100.0f;
        out[DB_OB_LAST_SECURED + r] = (float)s->last_secured[p] / 100.0f;
        out[DB_OB_LAST_HAND + r] = (float)s->last_hand[p] / 100.0f;
        float *z = out + DB_OB_ZONES + 5 * r;
        z[0] = (float)s->nhand[p] / DB_MAXHAND;
        z[1] = (float)s->npack[p] / DB_MAXHAND;
        z[2] = (float)s->nkept[p] / DB_MAXHAND;
        z[3] = p < 2 ? (float)s->ntaken[p] / DB_MAXHAND : 0.0f;
        z[4] = p < 2 ? (float)s->naside[p] / DB_MAXHAND : 0.0f;
    }
    if (s->last_out != DB_OUT_NONE) {
        put(&w, DB_OB_RAID_RAIDER + rel(s, base, s->last_raider), 1.0f);
        put(&w, DB_OB_RAID_VILLAIN + s->last_villain, 1.0f);
        if (s->last_drawn != DB_NONE) {
            put(&w, DB_OB_RAID_TARGET + rel(s, base, s->last_target), 1.0f);
            put(&w, DB_OB_RAID_DRAWN + s->last_drawn, 1.0f);
        }
        put(&w, DB_OB_RAID_OUTCOME + s->last_out, 1.0f);
    }
    /* The viewer's own hand in its order: it matters when the target
     * arranges its hand for the raider's draw (DB-V3). */
    if (viewer >= 0)
        for (int i = 0; i < s->nhand[viewer]; i++)
            put(&w, DB_OB_OWN_HAND + DB_NCARDS * i + db_hand(s, viewer)[i], 1.0f);

    where_planes(&w, s, viewer, base);
    /* rev: DB_REV_HAND + 2p or DB_REV_SCORE + 2p, public (DB-31). */
    for (int c = 0; c < DB_NCARDS; c++)
        if (s->rev[c]) {
            int p = (s->rev[c] - 1) / 2, score = s->rev[c] - 2 * p == DB_REV_SCORE;
            put(&w, DB_OB_CARDS + DB_OC_SIZE * c + DB_OC_REVEALED + 6 * score + rel(s, base, p),
                1.0f);
        }
    return w.n;
}

void db_obs(const void *st, int viewer, float *out)
{
    memset(out, 0, sizeof *out * DB_OBS_SIZE);
    obs_static(st, out);
    obs_dynamic(st, viewer, out, NULL);
}

/* db_game.observe_kept (include/cardhall/game.h): the cards' data (type,
 * values, suits) stays from the first call, and the memo lists the entries
 * the last call wrote (memo[0] of them, from memo[1]): a few dozen to
 * clear, where observe clears 2,751. */
void db_obs_kept(const void *st, int viewer, float *out, uint16_t *memo, int first)
{
    for (int k = 0; k < memo[0]; k++)
        out[memo[1 + k]] = 0.0f;
    if (first) obs_static(st, out);
    memo[0] = (uint16_t)obs_dynamic(st, viewer, out, memo + 1);
}
