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

/* The tensor's one-hot groups, each with at most one entry set: the memo
 * (a tensor's, kept from call to call by db_obs_kept) holds the offset
 * within its group of the entry set last time. A group that holds nothing
 * now writes 0 at its offset 0, so every group's entry is cleared and set
 * without a branch on what it holds: the walk over the zones, with a
 * branch a card and a list of the entries set, was half of a VectorEnv
 * step. A zeroed memo is a zero tensor's. */
enum {
    M_WHERE = 0,                 /* 25: per card, DB_OC_WHERE + offset */
    M_REV = M_WHERE + DB_NCARDS, /* 25: per card, DB_OC_REVEALED + offset */
    M_HAND = M_REV + DB_NCARDS,  /* 8: per position, DB_OB_OWN_HAND + 25 i + offset */
    M_HOT = M_HAND + DB_MAXHAND, /* 10: the one-hot groups among the scalars */
    M_SIZE = M_HOT + 10
};
_Static_assert((int)M_SIZE <= (int)DB_OBS_SIZE, "the memo (one entry a tensor entry) holds it");

/* Clears group's entry set last time and sets (to v, 0 or 1) the one at
 * offset now. */
static void group(float *out, int at, uint16_t *memo, int now, float v)
{
    out[at + *memo] = 0.0f;
    out[at + now] = v;
    *memo = (uint16_t)now;
}

/* For each zone (DB_Z_*, a card's db_state.zof) the place its cards are
 * at in DB_OC_WHERE for a viewer who knows them: 3 + 6 (kind - 1) plus the
 * relative number of the seat (zone_seat; 6: no seat), the discard pile 1,
 * the deck 0 (never seen); and 0xff for a public zone (villain rows,
 * secured piles, shown discards, the discard pile), 0 for a hidden one
 * (hand, pack, kept, taken, set aside), whose card is where the viewer
 * knows it (DB-25), as db_observe says. Indexed by zof, so DB_NONE (the
 * centre's card, set apart) is an entry too: unknown. Tables, not
 * branches: the kinds come in no order a predictor learns. */
static const uint8_t zone_base[DB_NZONES + 1] = {3,  3,  3,  3,  3,  3,  9,  9,  9,  9,  9,  9,  15,
                                                 15, 15, 15, 15, 15, 33, 33, 33, 33, 33, 33, 39, 39,
                                                 39, 39, 39, 39, 21, 21, 27, 27, 45, 45, 0,  1,  0};
static const uint8_t zone_seat[DB_NZONES + 1] = {0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 0,
                                                 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 0, 1,
                                                 2, 3, 4, 5, 0, 1, 0, 1, 0, 1, 6, 6, 6};
static const uint8_t zone_public[DB_NZONES + 1] = {
    0,    0,    0,    0,    0, 0,    0,    0,    0,    0,    0,    0,    0,
    0,    0,    0,    0,    0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0, 0,    0,    0,    0xff, 0xff, 0,    0xff, 0};
_Static_assert(DB_Z_VROW == 18 && DB_Z_TAKEN == 30 && DB_Z_DROW == 34 && DB_Z_DECK == 36 &&
                   DB_Z_DISC == 37 && DB_NZONES == 38,
               "the zone tables follow DB_Z_*");
_Static_assert(DB_AT_HAND == 1 && DB_AT_TAKEN == 4 && DB_AT_VROW == 6 && DB_AT_DROW == 8,
               "zone_base is 3 + 6 (DB_AT_* - 1)");

/* Every entry but the static ones: the one-hot groups through the memo,
 * the others written whatever their value. */
static void obs_dynamic(const db_state *s, int viewer, float *out, uint16_t *memo)
{
    int n = s->n, base = viewer >= 0 ? viewer : 0, over = s->phase == DB_PH_OVER;
    /* Where each relative seat's zones start in DB_OC_WHERE, per kind; a
     * zone's seat round from the viewer: rel[seat]. */
    int rel[DB_MAXP];
    for (int p = 0; p < DB_MAXP; p++)
        rel[p] = p < n ? (p >= base ? p - base : p - base + n) : 0;
    uint16_t *hot = memo + M_HOT;
    group(out, DB_OB_PHASE, hot + 0, s->phase, 1.0f);
    group(out, DB_OB_MOVER, hot + 1, over ? 0 : rel[s->mover], !over);
    group(out, DB_OB_DEALER, hot + 2, rel[s->dealer], 1.0f);
    int raid = s->phase == DB_PH_RAID || s->phase == DB_PH_ARRANGE || s->phase == DB_PH_DRAW;
    group(out, DB_OB_RAIDER, hot + 3, raid ? rel[s->raider] : 0, raid);
    int centre = s->centre != DB_NONE;
    group(out, DB_OB_TARGET, hot + 4, centre ? rel[s->target] : 0, centre);
    int last = s->last_out != DB_OUT_NONE, drawn = last && s->last_drawn != DB_NONE;
    group(out, DB_OB_RAID_RAIDER, hot + 5, last ? rel[s->last_raider] : 0, last);
    group(out, DB_OB_RAID_VILLAIN, hot + 6, last ? s->last_villain : 0, last);
    group(out, DB_OB_RAID_TARGET, hot + 7, drawn ? rel[s->last_target] : 0, drawn);
    group(out, DB_OB_RAID_DRAWN, hot + 8, drawn ? s->last_drawn : 0, drawn);
    group(out, DB_OB_RAID_OUTCOME, hot + 9, s->last_out, last);
    out[DB_OB_IS_SEAT] = viewer >= 0;
    out[DB_OB_FLAGS + 0] = (float)(s->round % 2);
    out[DB_OB_FLAGS + 2] = s->sd_active;
    out[DB_OB_COUNTS + 0] = (float)s->round / 20.0f;
    out[DB_OB_COUNTS + 1] = (float)s->rounds_done / 20.0f;
    out[DB_OB_COUNTS + 3] = (float)s->ndeck / DB_NCARDS;
    out[DB_OB_COUNTS + 4] = (float)s->ndisc / DB_NCARDS;
    out[DB_OB_COUNTS + 5] = centre ? (float)s->arranged / DB_MAXHAND : 0.0f;
    for (int p = 0; p < n; p++) {
        int r = rel[p];
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
    /* The viewer's own hand in its order: it matters when the target
     * arranges its hand for the raider's draw (DB-V3). Positions past the
     * hand write 0 at their offset 0. */
    const uint8_t *hand = viewer >= 0 ? db_hand(s, viewer) : NULL;
    int nh = viewer >= 0 ? s->nhand[viewer] : 0;
    for (int i = 0; i < DB_MAXHAND; i++)
        group(out, DB_OB_OWN_HAND + DB_NCARDS * i, memo + M_HAND + i, i < nh ? hand[i] : 0, i < nh);
    /* Where the viewer knows each card is, from the zone it is in
     * (db_state.zof), as db_observe says it: a card of a hidden zone where
     * the viewer knows it (known[c], the spectator's bit 7), of a public
     * zone always, the centre's; unknown otherwise. And the last scored
     * round's places (rev: DB_REV_HAND + 2p or DB_REV_SCORE + 2p, public,
     * DB-31). */
    unsigned sees = viewer == CH_ALL ? 0xffu : viewer < 0 ? 0x80u : 1u << viewer;
    int rel7[DB_MAXP + 1], revoff[2 * DB_MAXP + 1];
    for (int p = 0; p < DB_MAXP; p++)
        rel7[p] = rel[p];
    rel7[DB_MAXP] = 0;
    revoff[0] = 0;
    for (int p = 0; p < DB_MAXP; p++) {
        revoff[DB_REV_HAND + 2 * p] = rel[p];
        revoff[DB_REV_SCORE + 2 * p] = 6 + rel[p];
    }
    for (int c = 0; c < DB_NCARDS; c++) {
        float *b = out + DB_OB_CARDS + DB_OC_SIZE * c;
        int z = s->zof[c] < DB_NZONES ? s->zof[c] : DB_NZONES;
        int where = zone_base[z] + rel7[zone_seat[z]];
        int seen = ((s->known[c] & sees) | zone_public[z]) != 0;
        group(b, DB_OC_WHERE, memo + M_WHERE + c, where & -seen, 1.0f);
        int rv = s->rev[c];
        group(b, DB_OC_REVEALED, memo + M_REV + c, revoff[rv], rv != 0);
    }
    if (s->centre != DB_NONE) {
        float *b = out + DB_OB_CARDS + DB_OC_SIZE * s->centre;
        group(b, DB_OC_WHERE, memo + M_WHERE + s->centre, 2, 1.0f);
    }
}

#ifndef NDEBUG
/* Whether db_state.zof says what zc and zn say (the sanitizer build's
 * tests check it at every observation). */
static int zof_ok(const db_state *s)
{
    db_state t = *s;
    db_zones_index(&t);
    return memcmp(t.zof, s->zof, sizeof t.zof) == 0;
}
#endif

void db_obs(const void *st, int viewer, float *out)
{
    assert(zof_ok(st));
    uint16_t memo[M_SIZE] = {0};
    memset(out, 0, sizeof *out * DB_OBS_SIZE);
    obs_static(st, out);
    obs_dynamic(st, viewer, out, memo);
}

/* db_game.observe_kept (include/cardhall/game.h): the cards' data (type,
 * values, suits) stays from the first call, and the memo says which entry
 * of each one-hot group the last call set: a few dozen entries to clear,
 * where observe clears 2,751. */
void db_obs_kept(const void *st, int viewer, float *out, uint16_t *memo, int first)
{
    if (first) obs_static(st, out);
    obs_dynamic(st, viewer, out, memo);
}
