/* The meld solver (see rumino_meld.h).
 *
 * A hand has at most 8 cards, so a layout has at most two melds. The solver
 * lists every "candidate": a set of natural cards (as a bit mask of hand
 * positions) that some number of jokers turns into a valid meld, found by a
 * depth-first walk that stops as soon as the cards can be neither a set nor a
 * run (both properties only get lost by adding cards). Jokers are
 * interchangeable, so a candidate only records how many it needs (kmin) and
 * may absorb (kmax); the best layout is then the best single candidate or
 * disjoint pair, with jokers spread greedily. Typical hands give a handful of
 * candidates, so this is a few hundred cycles. */
#include <assert.h>
#include <string.h>

#include "cardhall/rumino_meld.h"

const uint8_t ru_card_points[RU_NFACES] = {
    1,  2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, /* spades */
    1,  2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, /* hearts */
    1,  2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, /* diamonds */
    1,  2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, /* clubs */
    10,                                         /* joker */
};

#define MAX_CANDS 164 /* 8 naturals have 162 subsets of 1..4 cards, plus all jokers */

typedef struct cand {
    uint8_t mask; /* natural cards, as positions in hinfo */
    uint8_t pts;
    uint8_t kmin, kmax; /* jokers it needs, jokers it can take */
} cand;

typedef struct hinfo {
    int m, jokers, total;
    uint8_t rank[RU_MAX_HAND], suit[RU_MAX_HAND], pts[RU_MAX_HAND];
    uint8_t at[RU_MAX_HAND]; /* index of the natural in the caller's faces */
    uint8_t joker_at[RU_MAX_HAND];
    uint64_t rank_count;    /* 4 bits per rank: how many naturals */
    unsigned suit_ranks[4]; /* ranks present in each suit, as bits */
    uint8_t rank_pos[16];   /* naturals of each rank, as a mask of positions */
    uint8_t suit_pos[4];    /* naturals of each suit, likewise */
    int nc;
    cand c[MAX_CANDS];
} hinfo;

/* Rank (1..13) | suit << 4 of every face, so splitting a hand needs one
 * load and no division. */
static const uint8_t face_bits[RU_NFACES] = {
    0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, /* S */
    0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 0x19, 0x1a, 0x1b, 0x1c, 0x1d, /* H */
    0x21, 0x22, 0x23, 0x24, 0x25, 0x26, 0x27, 0x28, 0x29, 0x2a, 0x2b, 0x2c, 0x2d, /* D */
    0x31, 0x32, 0x33, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3a, 0x3b, 0x3c, 0x3d, /* C */
    0x00,                                                                         /* JK */
};

static void split(const uint8_t *faces, int n, hinfo *h)
{
    assert(n >= 0 && n <= RU_MAX_HAND);
    int m = 0, jokers = 0, total = 0;
    uint64_t rank_count = 0;
    memset(h->suit_ranks, 0, sizeof h->suit_ranks);
    memset(h->rank_pos, 0, sizeof h->rank_pos);
    memset(h->suit_pos, 0, sizeof h->suit_pos);
    for (int i = 0; i < n; i++) {
        int f = faces[i];
        total += ru_card_points[f];
        if (f == RU_JOKER) {
            h->joker_at[jokers++] = (uint8_t)i;
            continue;
        }
        int r = face_bits[f] & 0xf, su = face_bits[f] >> 4;
        rank_count += 1ull << (4 * r);
        h->suit_ranks[su] |= 1u << r;
        h->rank_pos[r] |= (uint8_t)(1u << m);
        h->suit_pos[su] |= (uint8_t)(1u << m);
        h->rank[m] = (uint8_t)r;
        h->suit[m] = (uint8_t)su;
        h->pts[m] = ru_card_points[f];
        h->at[m++] = (uint8_t)i;
    }
    h->m = m;
    h->rank_count = rank_count;
    h->jokers = jokers;
    h->total = total;
    h->nc = 0;
}

/* True when no meld is possible at all with this many jokers, decided from
 * rank counts and suit rank bits alone: with no joker a meld needs three of
 * a rank or three consecutive ranks of a suit; with one, a pair of a rank or
 * two ranks of a suit at most 2 apart; with two, any card melds. Most random
 * hands end here. */
static int no_melds_with(const hinfo *h, int jokers)
{
    if (jokers >= 2) return h->m == 0 && jokers < 3;
    /* Adding 5 (or 6) to every 4-bit count sets its top bit iff it is >= 3 (>= 2). */
    uint64_t add = jokers ? 0x6666666666666666ull : 0x5555555555555555ull;
    if ((h->rank_count + add) & 0x8888888888888888ull) return 0;
    for (int s = 0; s < 4; s++) {
        unsigned x = h->suit_ranks[s];
        if (jokers ? (x & (x >> 1 | x >> 2)) : (x & x >> 1 & x >> 2)) return 0;
    }
    return 1;
}

static int no_melds(const hinfo *h)
{
    return no_melds_with(h, h->jokers);
}

/* Points of a natural of rank r (1..13). */
static int rank_points(int r)
{
    return r < 10 ? r : 10;
}

/* Best total points of the naturals of one meld a single joker completes,
 * when the naturals alone hold no meld: a pair of a rank, or, from each
 * natural's rank r up in its suit, r+1 or r+2, or r, r+3 and one of r+1,
 * r+2 (three consecutive ranks cannot occur: they would be a natural run). */
static int best_joker_partners(const hinfo *h)
{
    int best = 0;
    for (int i = 0; i < h->m; i++) {
        int r = h->rank[i], p = h->pts[i], v = 0;
        unsigned up = h->suit_ranks[h->suit[i]] >> r; /* bit k: rank r + k */
        if ((h->rank_count >> (4 * r) & 0xf) == 2) v = 2 * p;
        if (up & 6u) {
            int q = up & 2u ? r + 1 : r + 2;
            int w = p + rank_points(q) + (up & 8u ? rank_points(r + 3) : 0);
            v = w > v ? w : v;
        }
        best = v > best ? v : best;
    }
    return best;
}

/* Deadwood with exactly one joker and no natural meld: the joker completes
 * at most one meld (a second would need a second joker), so the saving is
 * the joker plus the best naturals it can join. */
static int one_joker_deadwood(const hinfo *h)
{
    return h->total - 10 - best_joker_partners(h);
}

/* Points (and number) of naturals that no meld can hold because nothing is
 * near them: no other card of their rank, nothing of their suit within 2
 * ranks. Valid only with at most one joker (two jokers meld any card). */
static int lonely_points(const hinfo *h, int *count)
{
    /* Bit r of single: rank r has exactly one natural (its nibble is 1). */
    uint64_t c = h->rank_count, ones = 0x1111111111111111ull;
    uint64_t nib = c & ones & ~((c >> 1 | c >> 2 | c >> 3) & ones);
    unsigned single = 0;
    for (; nib; nib &= nib - 1)
        single |= 1u << (__builtin_ctzll(nib) / 4);
    int pts = 0, k = 0;
    for (int s = 0; s < 4; s++) {
        unsigned x = h->suit_ranks[s], near = x << 1 | x << 2 | x >> 1 | x >> 2;
        for (unsigned m = x & single & ~near; m; m &= m - 1)
            pts += rank_points(__builtin_ctz(m)), k++;
    }
    *count = k;
    return pts;
}

static void add(hinfo *h, unsigned mask, int pts, int kmin, int kmax)
{
    if (kmin > h->jokers) return;
    cand *c = &h->c[h->nc++];
    c->mask = (uint8_t)mask;
    c->pts = (uint8_t)pts;
    c->kmin = (uint8_t)kmin;
    c->kmax = (uint8_t)kmax;
}

static int span(int a, int b, int c)
{
    int lo = a < b ? a : b, hi = a > b ? a : b;
    lo = c < lo ? c : lo;
    hi = c > hi ? c : hi;
    return hi - lo;
}

/* Natural sets of one rank: every 3 and 4 of its positions. */
static void natural_sets(hinfo *h, unsigned pos, int pts)
{
    for (unsigned a = pos; a; a &= a - 1)
        for (unsigned b = a & (a - 1); b; b &= b - 1)
            for (unsigned c = b & (b - 1); c; c &= c - 1) {
                unsigned three = (a & -a) | (b & -b) | (c & -c);
                add(h, three, 3 * pts, 0, 0);
                for (unsigned d = c & (c - 1); d; d &= d - 1)
                    add(h, three | (d & -d), 4 * pts, 0, 0);
            }
}

/* Natural runs from rank r of suit s (r, r+1, r+2 all there): one natural
 * per rank, twins giving each choice, and on to r+3 when it is there. */
static void natural_runs(hinfo *h, int s, int r)
{
    unsigned at[4];
    for (int k = 0; k < 4; k++)
        at[k] = r + k <= 13 ? h->rank_pos[r + k] & h->suit_pos[s] : 0;
    int p3 = rank_points(r) + rank_points(r + 1) + rank_points(r + 2);
    for (unsigned a = at[0]; a; a &= a - 1)
        for (unsigned b = at[1]; b; b &= b - 1)
            for (unsigned c = at[2]; c; c &= c - 1) {
                unsigned three = (a & -a) | (b & -b) | (c & -c);
                add(h, three, p3, 0, 0);
                for (unsigned d = at[3]; d; d &= d - 1)
                    add(h, three | (d & -d), p3 + rank_points(r + 3), 0, 0);
            }
}

/* Without jokers a meld is a natural set or run, listed straight from the
 * rank and suit masks (no pair search, nothing to reject). */
static void natural_candidates(hinfo *h)
{
    for (int r = 1; r <= 13; r++)
        if ((h->rank_count >> (4 * r) & 0xf) >= 3) natural_sets(h, h->rank_pos[r], rank_points(r));
    for (int s = 0; s < 4; s++) {
        unsigned x = h->suit_ranks[s];
        for (unsigned m = x & x >> 1 & x >> 2; m; m &= m - 1)
            natural_runs(h, s, __builtin_ctz(m));
    }
}

/* Set and run membership are pairwise properties: naturals form (part of) a
 * set iff every two share a rank, and (part of) a run iff every two share a
 * suit with distinct ranks at most 3 apart. So with, for each natural, the
 * later naturals it pairs with (same[i], seq[i]), every group is found by
 * intersecting masks, with no dead ends. */
static void candidates(hinfo *h)
{
    if (h->jokers == 0) {
        natural_candidates(h);
        return;
    }
    unsigned same[RU_MAX_HAND], seq[RU_MAX_HAND];
    for (int i = 0; i < h->m; i++) {
        unsigned later = ~0u << (i + 1);
        same[i] = h->rank_pos[h->rank[i]] & later;
        seq[i] = 0;
        for (unsigned m = h->suit_pos[h->suit[i]] & later & ~same[i]; m; m &= m - 1) {
            int j = __builtin_ctz(m), d = h->rank[i] - h->rank[j];
            if (d >= -3 && d <= 3) seq[i] |= 1u << j;
        }
    }
    for (int i = 0; i < h->m; i++) {
        int ri = h->rank[i], pi = h->pts[i];
        if (h->jokers >= 2) add(h, 1u << i, pi, 2, 3);
        for (unsigned m2 = same[i] | seq[i]; m2; m2 &= m2 - 1) {
            int j = __builtin_ctz(m2), rj = h->rank[j], pj = pi + h->pts[j];
            int set = ri == rj, s2 = span(ri, rj, rj);
            unsigned pair = 1u << i | 1u << j;
            add(h, pair, pj, set || s2 <= 2 ? 1 : 2, 2);
            unsigned m3 = set ? same[i] & same[j] : seq[i] & seq[j];
            for (; m3; m3 &= m3 - 1) {
                int k = __builtin_ctz(m3), pk = pj + h->pts[k];
                add(h, pair | 1u << k, pk, set || span(ri, rj, h->rank[k]) <= 2 ? 0 : 1, 1);
                unsigned m4 = m3 & (set ? same[k] : seq[k]);
                for (; m4; m4 &= m4 - 1) {
                    int l = __builtin_ctz(m4);
                    add(h, pair | 1u << k | 1u << l, pk + h->pts[l], 0, 0);
                }
            }
        }
    }
    if (h->jokers >= 3) add(h, 0, 0, 3, 4);
}

static int min_int(int a, int b)
{
    return a < b ? a : b;
}

/* Candidate indexes by falling points: insertion sort for the usual handful,
 * a counting sort (a meld holds at most 40 points) for the rare crowd. */
static void sort_by_points(const hinfo *h, uint8_t *order)
{
    int nc = h->nc;
    if (nc <= 12) {
        for (int a = 0; a < nc; a++) {
            int k = a, p = h->c[a].pts;
            for (; k > 0 && h->c[order[k - 1]].pts < p; k--)
                order[k] = order[k - 1];
            order[k] = (uint8_t)a;
        }
        return;
    }
    uint8_t start[42] = {0};
    for (int a = 0; a < nc; a++)
        start[40 - h->c[a].pts + 1]++;
    for (int v = 1; v < 42; v++)
        start[v] = (uint8_t)(start[v] + start[v - 1]);
    for (int a = 0; a < nc; a++)
        order[start[40 - h->c[a].pts]++] = (uint8_t)a;
}

/* Best points saved by melds; *ba, *bb: the candidates used (-1: none).
 * Candidates are tried by falling points, so once even the best remaining partner cannot lift a
 * pair above the best so far the search stops; saving every point stops it too. */
static int best_saving(const hinfo *h, int *ba, int *bb)
{
    int best = 0, J = h->jokers, nc = h->nc;
    uint8_t order[MAX_CANDS];
    *ba = *bb = -1;
    sort_by_points(h, order);
    for (int i = 0; i < nc && best < h->total; i++) {
        const cand *x = &h->c[order[i]];
        int next = i + 1 < nc ? h->c[order[i + 1]].pts : 0;
        if (x->pts + next + 10 * J <= best) break;
        int v = x->pts + 10 * min_int(J, x->kmax);
        if (v > best) {
            best = v;
            *ba = order[i];
            *bb = -1;
        }
        for (int k = i + 1; k < nc; k++) {
            const cand *y = &h->c[order[k]];
            if (x->pts + y->pts + 10 * J <= best) break;
            if ((x->mask & y->mask) || x->kmin + y->kmin > J) continue;
            int w = x->pts + y->pts + 10 * min_int(J, x->kmax + y->kmax);
            if (w > best) {
                best = w;
                *ba = order[i];
                *bb = order[k];
            }
        }
    }
    return best;
}

int ru_meld_deadwood_upto(const uint8_t *faces, int n, int cap)
{
    hinfo h;
    int a, b, lonely;
    split(faces, n, &h);
    if (no_melds(&h)) return h.total;
    if (h.jokers == 1 && no_melds_with(&h, 0)) return one_joker_deadwood(&h);
    if (h.jokers <= 1) {
        int lb = lonely_points(&h, &lonely) + 10 * h.jokers * (h.m == 0);
        if (lb > cap) return lb;
    }
    candidates(&h);
    return h.total - best_saving(&h, &a, &b);
}

int ru_meld_deadwood(const uint8_t *faces, int n)
{
    hinfo h;
    int a, b;
    split(faces, n, &h);
    if (no_melds(&h)) return h.total;
    if (h.jokers == 1 && no_melds_with(&h, 0)) return one_joker_deadwood(&h);
    candidates(&h);
    return h.total - best_saving(&h, &a, &b);
}

static void put_meld(const hinfo *h, const uint8_t *faces, const cand *c, int k, int *joker_next,
                     uint8_t *used, ru_layout *out)
{
    int mi = out->n_melds++, len = 0;
    for (int i = 0; i < h->m; i++) {
        if (c->mask >> i & 1u) {
            out->meld[mi][len++] = faces[h->at[i]];
            used[h->at[i]] = 1;
        }
    }
    for (int j = 0; j < k; j++) {
        out->meld[mi][len++] = RU_JOKER;
        used[h->joker_at[(*joker_next)++]] = 1;
    }
    out->meld_n[mi] = len;
}

int ru_meld_best(const uint8_t *faces, int n, ru_layout *out)
{
    hinfo h;
    int a, b;
    split(faces, n, &h);
    candidates(&h);
    int saved = best_saving(&h, &a, &b);
    memset(out, 0, sizeof *out);
    out->deadwood = h.total - saved;
    uint8_t used[RU_MAX_HAND] = {0};
    int next = 0;
    if (a >= 0 && b < 0) {
        put_meld(&h, faces, &h.c[a], min_int(h.jokers, h.c[a].kmax), &next, used, out);
    } else if (a >= 0) {
        const cand *x = &h.c[a], *y = &h.c[b];
        int u = min_int(h.jokers, x->kmax + y->kmax);
        int ka = min_int(x->kmax, u - y->kmin);
        put_meld(&h, faces, x, ka, &next, used, out);
        put_meld(&h, faces, y, u - ka, &next, used, out);
    }
    for (int i = 0; i < n; i++)
        if (!used[i]) out->dead[out->n_dead++] = faces[i];
    return out->deadwood;
}

/* Cards in an 8-bit mask (no popcnt instruction is assumed: the library
 * call it becomes otherwise showed up in profiles). */
static int bits8(unsigned x)
{
    x = x - (x >> 1 & 0x55u);
    x = (x & 0x33u) + (x >> 2 & 0x33u);
    return (int)((x + (x >> 4)) & 0x0fu);
}

unsigned ru_meld_gin_mask(const uint8_t *faces, int n)
{
    hinfo h;
    split(faces, n, &h);
    if (no_melds(&h)) return 0;
    int lonely;
    if (h.jokers <= 1 && (lonely_points(&h, &lonely), lonely > 1)) return 0;
    candidates(&h);
    unsigned all = (1u << h.m) - 1u, out = 0, joker_bits = 0;
    for (int j = 0; j < h.jokers; j++)
        joker_bits |= 1u << h.joker_at[j];
    int J = h.jokers;
    for (int a = 0; a < h.nc; a++) {
        const cand *x = &h.c[a];
        int na = bits8(x->mask);
        for (int b = a + 1; b < h.nc; b++) {
            const cand *y = &h.c[b];
            if (x->mask & y->mask) continue;
            unsigned cover = x->mask | y->mask;
            int need = n - 1 - na - bits8(y->mask); /* jokers in the melds */
            if (need < x->kmin + y->kmin || need > x->kmax + y->kmax || need > J) continue;
            /* Exactly one card is left out: a natural, or a joker. */
            if (cover == all && need == J - 1) {
                out |= joker_bits;
            } else if (need == J && bits8(all & ~cover) == 1) {
                out |= 1u << h.at[__builtin_ctz(all & ~cover)];
            }
        }
    }
    return out;
}

int ru_meld_is_rumino(const uint8_t *faces, int n, int natural_only)
{
    if (n != 7) return 0;
    int same_rank = 1, same_suit = 1, r0 = -1, s0 = -1, lo = 14, hi = 0, jokers = 0;
    unsigned ranks = 0;
    for (int i = 0; i < n; i++) {
        if (faces[i] == RU_JOKER) {
            jokers++;
            continue;
        }
        int r = ru_face_rank(faces[i]), s = ru_face_suit(faces[i]);
        if (r0 < 0) r0 = r, s0 = s;
        same_rank &= r == r0;
        same_suit &= s == s0 && !(ranks >> r & 1u);
        ranks |= 1u << r;
        lo = r < lo ? r : lo;
        hi = r > hi ? r : hi;
    }
    if (natural_only && jokers) return 0;
    return same_rank || (same_suit && hi - lo <= 6);
}

unsigned ru_meld_rumino_mask(const uint8_t *faces, int n, int natural_only)
{
    unsigned out = 0;
    uint8_t rest[RU_MAX_HAND];
    if (n != 8) return 0;
    /* Seven cards of one rank, or of one suit, jokers helping, are needed:
     * most hands fail this count at once. */
    uint8_t rank_n[14] = {0}, suit_n[4] = {0};
    int jokers = 0, most = 0;
    for (int i = 0; i < n; i++) {
        int f = faces[i], r = face_bits[f] & 0xf, su = face_bits[f] >> 4;
        if (f == RU_JOKER) {
            jokers++;
            continue;
        }
        most = ++rank_n[r] > most ? rank_n[r] : most;
        most = ++suit_n[su] > most ? suit_n[su] : most;
    }
    if (natural_only ? most < 7 : most + jokers < 7) return 0;
    for (int i = 0; i < n; i++) {
        int k = 0;
        for (int j = 0; j < n; j++)
            if (j != i) rest[k++] = faces[j];
        if (ru_meld_is_rumino(rest, 7, natural_only)) out |= 1u << i;
    }
    return out;
}
