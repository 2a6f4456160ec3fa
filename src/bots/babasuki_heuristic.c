/* Draft Babasuki heuristic. It reads only its seat's view (db_observe) and
 * values cards by expected points: its own gain minus what the others gain,
 * the others' share weighted 1/(n-1) since only one of them gains at a time.
 * Draft: a card is worth its hand score, adjusted for the villains still
 * unaccounted for (they may steal a treasure, be caught by a hero, or knock
 * a hero out); a villain is worth its expected raid. Raid: play the villain
 * with the best expected draw against the known target hand. */
#include <assert.h>

#include "cardhall/babasuki.h"

static int shares(const db_view *v, int a, int b)
{
    return (v->card[a].suits & v->card[b].suits) != 0;
}

/* Could card c be in another player's hidden hand, pack or kept pile? */
static int elsewhere(const db_view *v, int c)
{
    int at = v->at[c];
    return at == DB_AT_UNKNOWN ||
           (v->owner[c] != v->seat && (at == DB_AT_HAND || at == DB_AT_PACK || at == DB_AT_KEPT ||
                                       at == DB_AT_TAKEN || at == DB_AT_ASIDE));
}

/* My gain minus the others' (weighted w) when villain u draws card x. */
static double raid_gain(const db_view *v, int u, int x, double w)
{
    const db_card *cu = &v->card[u], *cx = &v->card[x];
    int m = shares(v, u, x);
    if (cx->type == DB_TREASURE && m) return cu->secured + cx->secured + w * cx->hand;
    if (cx->type == DB_HERO && m) return -w * (cu->secured + cx->secured - cx->hand);
    if (cx->type == DB_HERO) return w * cx->hand;
    return 0;
}

/* Tuned against random play (tests/test_babasuki_sim.c): the per-villain
 * risk model alone undervalues safety, so cats (never lost, DB-27 d) get a
 * premium and treasures (a rival's 10-point capture) a flat discount. */
#define CAT_PREMIUM 1.5
#define TREASURE_DISCOUNT 2.0

static double draft_value(const db_view *v, int c)
{
    int n = v->n, villains = 0;
    for (int x = 0; x < DB_NCARDS; x++)
        villains += v->card[x].type == DB_VILLAIN;
    /* A rival's gain counts fully up to 3 players, then shared among them. */
    double w = n <= 3 ? 1.0 : 2.0 / (n - 1);
    /* Chance that one villain elsewhere draws this card: it targets me with
     * probability 1/(n-1), from a hand of h minus my share of the villains. */
    double rest = db_hand_size(n) - (double)villains / n;
    double p = 1.0 / (n - 1) / (rest > 1 ? rest : 1);
    const db_card *cc = &v->card[c];
    double val = 0;
    if (cc->type == DB_VILLAIN) {
        int k = 0;
        for (int x = 0; x < DB_NCARDS; x++)
            if (elsewhere(v, x) && v->card[x].type != DB_VILLAIN) {
                val += raid_gain(v, c, x, w);
                k++;
            }
        return k ? val / k : 0;
    }
    val = cc->hand;
    if (cc->type == DB_CAT) return CAT_PREMIUM * val;
    for (int u = 0; u < DB_NCARDS; u++) {
        if (!elsewhere(v, u) || v->card[u].type != DB_VILLAIN) continue;
        /* u drawing c, seen from u's owner, turned into my point of view. */
        val -= p * raid_gain(v, u, c, 1.0 / w) * w;
    }
    return cc->type == DB_TREASURE ? val - TREASURE_DISCOUNT : val;
}

static double villain_value(const db_view *v, int u)
{
    int t = -1;
    for (int k = 1, q = v->left_dir ? (v->seat + 1) % v->n : (v->seat + v->n - 1) % v->n; k < v->n;
         k++, q = v->left_dir ? (q + 1) % v->n : (q + v->n - 1) % v->n)
        if (v->nhand[q] > 0) {
            t = q;
            break;
        }
    if (t < 0) return 0;
    double w = 1.0 / (v->n - 1), val = 0;
    int known = 0, pool = 0;
    for (int x = 0; x < DB_NCARDS; x++) {
        if (v->at[x] == DB_AT_HAND && v->owner[x] == t) {
            val += raid_gain(v, u, x, w) / v->nhand[t];
            known++;
        }
        pool += v->at[x] == DB_AT_UNKNOWN;
    }
    if (pool && v->nhand[t] > known) {
        double share = (double)(v->nhand[t] - known) / v->nhand[t] / pool;
        for (int x = 0; x < DB_NCARDS; x++)
            if (v->at[x] == DB_AT_UNKNOWN) val += share * raid_gain(v, u, x, w);
    }
    return val;
}

ch_action db_heuristic_act(ch_bot *b, const void *st, int seat)
{
    ch_action acts[DB_MAXHAND];
    int n = db_game.legal(st, acts);
    assert(n > 0);
    if (n == 1) return acts[0];
    db_view v;
    db_observe(st, seat, &v);
    if (v.phase == DB_PH_ARRANGE || v.phase == DB_PH_DRAW)
        return acts[ch_rng_below(&b->rng, (uint32_t)n)]; /* blind: any choice is as good */
    int best = 0;
    double best_val = -1e9;
    for (int i = 0; i < n; i++) {
        int c = (int)(acts[i] & 0xff);
        double val = v.phase == DB_PH_RAID ? villain_value(&v, c) : draft_value(&v, c);
        if (val > best_val) best_val = val, best = i;
    }
    return acts[best];
}
