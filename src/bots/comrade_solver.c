/* Comrade with open hands (issue 14): can the team still win the deal from
 * a position of the trick phase, every hand known and the bids fixed? The
 * team is one player here (everyone cooperates), so this is a search for
 * one line of play, not a minimax, in the manner of double-dummy solvers:
 *
 * - The deal is won when every trick goes to a seat that still needs a
 *   trick in the suit led (CM-25): the bids add up to the tricks, so that
 *   alone makes every count exact. A suit nobody needs is never led.
 * - Cards of one hand with no card of any other hand (or of the trick on
 *   the table) between them in their suit are equivalent: one is tried.
 * - A seat that needs more tricks in a suit than it holds cards of it
 *   cannot get them (only the led suit wins): the position is lost.
 * - Lost positions at the start of a trick go into a transposition table
 *   keyed by the hands, the needs and the leader.
 * - A seat that needs the trick tries its high cards first, others their
 *   low ones. */
#include <stdlib.h>
#include <string.h>

#include "../games/comrade/internal.h"
#include "cardhall/solve.h"

#define TT_BITS 18

typedef struct tt_entry {
    uint64_t hands, needs; /* needs: 3 bits per seat and suit, then the leader */
} tt_entry;

struct cm_solver {
    tt_entry tt[1u << TT_BITS];
    uint64_t hand[CM_SEATS];
    int8_t need[CM_SEATS][4];
    int np, tricks_left;
    uint8_t str[52];      /* strength of a face (cm_strength) */
    uint8_t order[4][13]; /* faces of a suit, weakest first */
    long nodes, max_nodes;
    int aborted;
};

cm_solver *cm_solver_new(void)
{
    return calloc(1, sizeof(cm_solver));
}

void cm_solver_free(cm_solver *x)
{
    free(x);
}

static uint64_t mix(uint64_t h)
{
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdull;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ull;
    return h ^ (h >> 33);
}

/* The key of a trick start. Hands are taken by relative rank: within a
 * suit only the order of the cards still held matters, not which were
 * played, so positions reached by different tricks meet in the table. */
static void tt_key(const cm_solver *x, int leader, uint64_t *hands, uint64_t *needs)
{
    uint64_t rel[CM_SEATS] = {0}, all = 0;
    for (int p = 0; p < x->np; p++)
        all |= x->hand[p];
    for (int s = 0; s < 4; s++) {
        int k = 0;
        for (int r = 0; r < 13; r++) {
            int f = x->order[s][r];
            if (!(all >> f & 1)) continue;
            for (int p = 0; p < x->np; p++)
                if (x->hand[p] >> f & 1) rel[p] |= 1ull << (13 * s + k);
            k++;
        }
    }
    uint64_t h = 0, n = 0;
    for (int p = 0; p < x->np; p++) {
        h = mix(h ^ rel[p]) + (uint64_t)p;
        for (int s = 0; s < 4; s++)
            n = n << 3 | (uint64_t)x->need[p][s];
    }
    *hands = h;
    *needs = n << 3 | (uint64_t)leader;
}

static tt_entry *tt_slot(cm_solver *x, uint64_t hands, uint64_t needs)
{
    return &x->tt[mix(hands ^ needs) & ((1u << TT_BITS) - 1)];
}

/* The cards seat p may try: one per run of equivalent cards, in the suits
 * allowed (bit s of suits), each run's card written to out; the trick's
 * cards on the table (table[], n of them) break runs like other hands'. */
static int candidates(const cm_solver *x, int p, unsigned suits, const uint8_t *table, int n,
                      int high_first, uint8_t *out)
{
    uint64_t others = 0;
    for (int q = 0; q < x->np; q++)
        if (q != p) others |= x->hand[q];
    for (int i = 0; i < n; i++)
        others |= 1ull << table[i];
    int k = 0;
    for (int s = 0; s < 4; s++) {
        if (!(suits >> s & 1)) continue;
        int start = k, in_run = 0;
        for (int r = 0; r < 13; r++) {
            int f = x->order[s][r];
            if (x->hand[p] >> f & 1) {
                /* The strongest of a run stands for it: it wins whenever
                 * any card of the run would. Replaced as the run goes on. */
                if (in_run)
                    out[k - 1] = (uint8_t)f;
                else
                    out[k++] = (uint8_t)f;
                in_run = 1;
            } else if (others >> f & 1) {
                in_run = 0;
            }
        }
        if (!high_first) continue;
        for (int i = start, j = k - 1; i < j; i++, j--) {
            uint8_t t = out[i];
            out[i] = out[j];
            out[j] = t;
        }
    }
    return k;
}

static int solve_trick(cm_solver *x, int leader);

/* A discard is best spent on a card that could win a trick its holder must
 * not win: high cards of suits the seat does not need first, then the
 * lowest of the suits it needs (keeping its winners). */
static void order_discards(const cm_solver *x, int p, uint8_t *c, int n)
{
    int key[52];
    for (int i = 0; i < n; i++)
        key[i] = x->need[p][CM_SUIT(c[i])] == 0 ? 20 + x->str[c[i]] : 13 - x->str[c[i]];
    for (int i = 1; i < n; i++) /* insertion sort, by key descending */
        for (int j = i; j > 0 && key[j - 1] < key[j]; j--) {
            int k = key[j];
            key[j] = key[j - 1];
            key[j - 1] = k;
            uint8_t t = c[j];
            c[j] = c[j - 1];
            c[j - 1] = t;
        }
}

/* Seat (leader + pos) % np plays to the trick in table[0..pos). */
static int solve_play(cm_solver *x, int leader, uint8_t *table, int pos)
{
    int np = x->np, led = CM_SUIT(table[0]);
    if (pos == np) {
        int best = 0;
        for (int i = 1; i < np; i++)
            if (CM_SUIT(table[i]) == led && x->str[table[i]] > x->str[table[best]]) best = i;
        int w = (leader + best) % np;
        if (x->need[w][led] == 0) return 0; /* CM-25: WRONG_SUIT or OVER_BID */
        x->need[w][led]--;
        x->tricks_left--;
        int ok = solve_trick(x, w);
        x->tricks_left++;
        x->need[w][led]++;
        return ok;
    }
    /* Who can still win this trick: the seat now best, or a later one
     * holding a higher card of the led suit. If none of them needs a trick
     * in that suit, no play of the rest saves it. */
    int best = 0;
    for (int i = 1; i < pos; i++)
        if (CM_SUIT(table[i]) == led && x->str[table[i]] > x->str[table[best]]) best = i;
    int hope = x->need[(leader + best) % np][led] > 0;
    for (int i = pos; i < np && !hope; i++) {
        int q = (leader + i) % np;
        if (x->need[q][led] == 0) continue;
        for (uint64_t m = x->hand[q] & CM_SUIT_MASK(led); m && !hope; m &= m - 1)
            hope = x->str[__builtin_ctzll(m)] > x->str[table[best]];
    }
    if (!hope) return 0;
    int p = (leader + pos) % np;
    int follows = (x->hand[p] & CM_SUIT_MASK(led)) != 0;
    uint8_t c[52];
    int n = candidates(x, p, follows ? 1u << led : 0xFu, table, pos, x->need[p][led] > 0, c);
    if (!follows) order_discards(x, p, c, n);
    for (int i = 0; i < n && !x->aborted; i++) {
        x->hand[p] &= ~(1ull << c[i]);
        table[pos] = c[i];
        int ok = solve_play(x, leader, table, pos + 1);
        x->hand[p] |= 1ull << c[i];
        if (ok) return 1;
    }
    return 0;
}

/* Tricks still to be led in suit s: exactly what the seats need in it. */
static int tricks_in(const cm_solver *x, int s)
{
    int n = 0;
    for (int p = 0; p < x->np; p++)
        n += x->need[p][s];
    return n;
}

/* A seat that needs nothing in suit s may hold s cards above every card of
 * the seats that do ("high" ones): played to an s trick, such a card wins
 * it for the wrong seat, so it can only leave as a discard, when the seat
 * is void in the suit led. If the seat has fewer low s cards than s tricks
 * remain, it must shed its high ones before its low ones run out, hence
 * discard at least once; its first discard needs a void in a suit u that is
 * still led, which it can only reach by following, so u must be led more
 * often than it holds u cards. With no such suit the deal is lost. */
static int stuck_high_card(const cm_solver *x, unsigned lead_suits)
{
    for (int s = 0; s < 4; s++) {
        if (!(lead_suits >> s & 1)) continue;
        int top = -1, n_s = tricks_in(x, s);
        for (int p = 0; p < x->np; p++)
            if (x->need[p][s] > 0)
                for (uint64_t m = x->hand[p] & CM_SUIT_MASK(s); m; m &= m - 1)
                    if (x->str[__builtin_ctzll(m)] > top) top = x->str[__builtin_ctzll(m)];
        for (int q = 0; q < x->np; q++) {
            if (x->need[q][s] > 0) continue;
            int high = 0, low = 0;
            for (uint64_t m = x->hand[q] & CM_SUIT_MASK(s); m; m &= m - 1)
                x->str[__builtin_ctzll(m)] > top ? high++ : low++;
            if (high == 0 || low >= n_s) continue;
            int can_void = 0;
            for (int u = 0; u < 4 && !can_void; u++)
                can_void = u != s && (lead_suits >> u & 1) &&
                           __builtin_popcountll(x->hand[q] & CM_SUIT_MASK(u)) < tricks_in(x, u);
            if (!can_void) return 1;
        }
    }
    return 0;
}

static int solve_trick(cm_solver *x, int leader)
{
    if (x->tricks_left == 0) return 1;
    if (++x->nodes > x->max_nodes) {
        x->aborted = 1;
        return 0;
    }
    unsigned lead_suits = 0;
    for (int s = 0; s < 4; s++) {
        int needed = 0, held = 0;
        for (int p = 0; p < x->np; p++) {
            int have = __builtin_popcountll(x->hand[p] & CM_SUIT_MASK(s));
            if (x->need[p][s] > have) return 0; /* only the led suit wins */
            needed += x->need[p][s];
            held += have;
        }
        if (needed > held) return 0;
        if (needed) lead_suits |= 1u << s;
    }
    if (stuck_high_card(x, lead_suits)) return 0;
    uint64_t kh, kn;
    tt_key(x, leader, &kh, &kn);
    tt_entry *e = tt_slot(x, kh, kn);
    if (e->hands == kh && e->needs == kn) return 0;
    uint8_t table[CM_SEATS], c[52];
    int n = candidates(x, leader, lead_suits, NULL, 0, 1, c);
    for (int i = 0; i < n && !x->aborted; i++) {
        x->hand[leader] &= ~(1ull << c[i]);
        table[0] = c[i];
        int ok = solve_play(x, leader, table, 1);
        x->hand[leader] |= 1ull << c[i];
        if (ok) return 1;
    }
    if (!x->aborted) {
        e->hands = kh;
        e->needs = kn;
    }
    return 0;
}

int cm_solve(cm_solver *x, const cm_state *s, long max_nodes, long *nodes)
{
    if (s->phase != CM_PH_PLAY) return s->phase == CM_PH_OVER && s->res[s->deal] == CM_WIN;
    memset(x->tt, 0, sizeof x->tt);
    x->np = s->np;
    x->nodes = 0;
    x->max_nodes = max_nodes > 0 ? max_nodes : 1L << 62;
    x->aborted = 0;
    for (int f = 0; f < 52; f++)
        x->str[f] = (uint8_t)cm_strength(f, s->ace_high);
    for (int su = 0; su < 4; su++) {
        int k = 0;
        for (int st = 0; st <= 13; st++) /* strengths 0..13, one face each */
            for (int r = 0; r < 13; r++)
                if (x->str[su * 13 + r] == st) x->order[su][k++] = (uint8_t)(su * 13 + r);
    }
    for (int p = 0; p < s->np; p++) {
        x->hand[p] = s->hand[p];
        for (int su = 0; su < 4; su++)
            x->need[p][su] = (int8_t)(s->v[p][su] - s->won[p][su]);
    }
    x->tricks_left = s->target - s->trick;
    int ncur = s->nplay - s->trick * s->np, ok;
    if (ncur == 0) {
        ok = solve_trick(x, s->to_move); /* the seat to lead */
    } else {
        uint8_t table[CM_SEATS];
        memcpy(table, s->play + s->trick * s->np, (size_t)ncur);
        ok = solve_play(x, s->lead[s->trick], table, ncur);
    }
    if (nodes) *nodes = x->nodes;
    return x->aborted ? -1 : ok;
}

/* ch_solver_def (cardhall/solve.h): the front ends' way in. */
static void *def_create(void)
{
    return cm_solver_new();
}

static void def_destroy(void *x)
{
    cm_solver_free(x);
}

static int def_ready(const void *st)
{
    const cm_state *s = st;
    return s->phase == CM_PH_PLAY;
}

static int def_solve(void *x, const void *st, long max_nodes, long *nodes)
{
    return cm_solve(x, st, max_nodes, nodes);
}

const ch_solver_def cm_solver_def = {"comrade", def_create, def_destroy, def_ready, def_solve};
