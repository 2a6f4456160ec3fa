/* Draft Babasuki for learning programs: the fixed action ids and the
 * observation tensor (docs/spaces.md, "Draft Babasuki").
 *
 * Knowledge is per card (known[c]: who knows which zone it is in), never
 * per position in another seat's hidden zone (DB-25: a hand may be
 * rearranged at any time). The tensor therefore says, card by card, where
 * the viewer knows it is, from db_observe, the same walk the heuristic and
 * views use; only the viewer's own hand is given in order. */
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

static int rel(const db_state *s, int base, int p)
{
    return (p - base + s->n) % s->n;
}

void db_obs(const void *st, int viewer, float *out)
{
    const db_state *s = st;
    int n = s->n, base = viewer >= 0 ? viewer : 0, over = s->phase == DB_PH_OVER;
    memset(out, 0, sizeof *out * DB_OBS_SIZE);
    out[DB_OB_PHASE + s->phase] = 1.0f;
    if (!over) out[DB_OB_MOVER + rel(s, base, s->mover)] = 1.0f;
    out[DB_OB_IS_SEAT] = viewer >= 0;
    out[DB_OB_DEALER + rel(s, base, s->dealer)] = 1.0f;
    if (s->phase == DB_PH_RAID || s->phase == DB_PH_ARRANGE || s->phase == DB_PH_DRAW)
        out[DB_OB_RAIDER + rel(s, base, s->raider)] = 1.0f;
    if (s->centre != DB_NONE) out[DB_OB_TARGET + rel(s, base, s->target)] = 1.0f;
    const float flags[5] = {(float)(s->round % 2), s->sudden_death, s->sd_active, s->one_shot,
                            s->arranges};
    memcpy(out + DB_OB_FLAGS, flags, sizeof flags);
    out[DB_OB_COUNTS + 0] = (float)s->round / 20.0f;
    out[DB_OB_COUNTS + 1] = (float)s->rounds_done / 20.0f;
    out[DB_OB_COUNTS + 2] = (float)s->target_score / 100.0f;
    out[DB_OB_COUNTS + 3] = (float)s->ndeck / DB_NCARDS;
    out[DB_OB_COUNTS + 4] = (float)s->ndisc / DB_NCARDS;
    if (s->centre != DB_NONE) out[DB_OB_COUNTS + 5] = (float)s->arranged / DB_MAXHAND;
    for (int p = 0; p < n; p++) {
        int r = rel(s, base, p);
        out[DB_OB_SEATS + r] = 1.0f;
        out[DB_OB_CHOSEN + r] = (float)(s->chosen >> p & 1u);
        out[DB_OB_TOTAL + r] = (float)s->total[p] / 100.0f;
        out[DB_OB_LAST_ROUND + r] = (float)s->last_round[p] / 100.0f;
        out[DB_OB_LAST_SECURED + r] = (float)s->last_secured[p] / 100.0f;
        out[DB_OB_LAST_HAND + r] = (float)s->last_hand[p] / 100.0f;
        const int sizes[5] = {s->nhand[p], s->npack[p], s->nkept[p], p < 2 ? s->ntaken[p] : 0,
                              p < 2 ? s->naside[p] : 0};
        for (int k = 0; k < 5; k++)
            out[DB_OB_ZONES + 5 * r + k] = (float)sizes[k] / DB_MAXHAND;
    }
    if (s->last_out != DB_OUT_NONE) {
        out[DB_OB_RAID_RAIDER + rel(s, base, s->last_raider)] = 1.0f;
        out[DB_OB_RAID_VILLAIN + s->last_villain] = 1.0f;
        if (s->last_drawn != DB_NONE) {
            out[DB_OB_RAID_TARGET + rel(s, base, s->last_target)] = 1.0f;
            out[DB_OB_RAID_DRAWN + s->last_drawn] = 1.0f;
        }
        out[DB_OB_RAID_OUTCOME + s->last_out] = 1.0f;
    }
    /* The viewer's own hand in its order: it matters when the target
     * arranges its hand for the raider's draw (DB-V3). */
    if (viewer >= 0)
        for (int i = 0; i < s->nhand[viewer]; i++)
            out[DB_OB_OWN_HAND + DB_NCARDS * i + db_hand(s, viewer)[i]] = 1.0f;

    db_view v;
    db_observe(s, viewer, &v);
    for (int c = 0; c < DB_NCARDS; c++) {
        float *b = out + DB_OB_CARDS + DB_OC_SIZE * c;
        int at = v.at[c], where = 0;
        if (at == DB_AT_DISCARD)
            where = 1;
        else if (at == DB_AT_CENTRE)
            where = 2;
        else if (at != DB_AT_UNKNOWN)
            where = 3 + 6 * (at - DB_AT_HAND) + rel(s, base, v.owner[c]);
        b[DB_OC_WHERE + where] = 1.0f;
        /* rev: DB_REV_HAND + 2p or DB_REV_SCORE + 2p, public (DB-31). */
        if (s->rev[c]) {
            int p = (s->rev[c] - 1) / 2, score = s->rev[c] - 2 * p == DB_REV_SCORE;
            b[DB_OC_REVEALED + 6 * score + rel(s, base, p)] = 1.0f;
        }
        b[DB_OC_TYPE + s->card[c].type] = 1.0f;
        b[DB_OC_SECURED] = (float)s->card[c].secured / 10.0f;
        b[DB_OC_HAND] = (float)s->card[c].hand / 10.0f;
        /* The set bits only: the row is zero already, and a card has few
         * suits (the 26-step loop was most of a VectorEnv step). */
        for (uint32_t bits = s->card[c].suits & ((1u << 26) - 1); bits; bits &= bits - 1)
            b[DB_OC_SUITS + __builtin_ctz(bits)] = 1.0f;
    }
}
