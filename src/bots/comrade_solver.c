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
 *   cannot get them (only the led suit wins): the position is lost. So is
 *   one where some seat cannot lose the tricks of a suit it must not win
 *   (cannot_duck).
 * - Lost positions at the start of a trick go into a transposition table
 *   keyed by the hands (by relative rank), the needs and the leader; a
 *   salt in the key forgets them all at once.
 * - The leader tries its high cards first; a follower that needs the trick
 *   its cheapest winner, one that must not win it its highest loser. */
#include <stdlib.h>
#include <string.h>

#include "../games/comrade/internal.h"
#include "cardhall/solve.h"
#include "comrade_bots.h"

#define TT_BITS 18

typedef struct tt_entry {
    uint64_t hands, needs; /* needs: 3 bits per seat and suit, then the leader */
} tt_entry;

struct cm_solver {
    tt_entry *tt;
    uint32_t tt_mask; /* entries - 1 */
    uint64_t hand[CM_SEATS];
    int8_t need[CM_SEATS][4];
    int np, tricks_left;
    /* Faces inside the solver are renumbered so that within a suit the bit
     * order is the strength order (Ace low moves the Ace below the 2): the
     * solver answers yes or no, so no face ever needs mapping back. */
    uint8_t str[52];      /* strength of an inner face: its rank in the suit + 1 */
    uint8_t order[4][13]; /* inner faces of a suit, weakest first */
    uint8_t own[52];      /* the seat holding an inner face (cards never change hands) */
    uint8_t outer[52];    /* the engine's face of an inner face */
    /* The line being tried, as inner faces from the position solved; after
     * a yes it is the winning line (every level returns at once on a win,
     * leaving its card in place). */
    uint8_t line[CM_MAX_TRICKS * CM_SEATS];
    int nline;
    long nodes, max_nodes;
    int aborted;
    /* Mixed into every key: a new salt forgets the table without clearing
     * it (old entries no longer match, save a 64-bit hash collision, the
     * risk every entry already takes). */
    uint64_t salt, epoch;
};

cm_solver *cm_solver_new_sized(int bits)
{
    cm_solver *x = calloc(1, sizeof *x);
    if (x) x->tt = calloc((size_t)1 << bits, sizeof *x->tt);
    if (x && !x->tt) {
        free(x);
        return NULL;
    }
    if (x) x->tt_mask = (1u << bits) - 1;
    return x;
}

cm_solver *cm_solver_new(void)
{
    return cm_solver_new_sized(TT_BITS);
}

void cm_solver_free(cm_solver *x)
{
    if (x) free(x->tt);
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
        int k = 13 * s;
        for (uint64_t m = all & CM_SUIT_MASK(s); m; m &= m - 1)
            rel[x->own[__builtin_ctzll(m)]] |= 1ull << k++;
    }
    uint64_t h = x->salt, n = 0;
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
    return &x->tt[mix(hands ^ needs) & x->tt_mask];
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

/* The order a follower's cards c (weakest first) are tried in, against the
 * trick's best card so far (strength best): a seat that needs the trick
 * wins it as cheaply as it can, then plays its highest losers; a seat that
 * must not win it ducks with its highest card that loses (spent safely),
 * then tries the others from the lowest. */
static void order_follows(const cm_solver *x, int needs, int best, uint8_t *c, int n)
{
    uint8_t t[13];
    int k = 0;
    if (needs) {
        for (int i = 0; i < n; i++)
            if (x->str[c[i]] > best) t[k++] = c[i];
        for (int i = n - 1; i >= 0; i--)
            if (x->str[c[i]] < best) t[k++] = c[i];
    } else {
        for (int i = n - 1; i >= 0; i--)
            if (x->str[c[i]] < best) t[k++] = c[i];
        for (int i = 0; i < n; i++)
            if (x->str[c[i]] > best) t[k++] = c[i];
    }
    memcpy(c, t, (size_t)n);
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
    /* pos < np <= CM_SEATS. Said so for gcc -O3, which unrolls this
     * recursion and cannot see that table[pos] stays inside. */
    if (pos >= CM_SEATS) __builtin_unreachable();
    int p = (leader + pos) % np;
    int follows = (x->hand[p] & CM_SUIT_MASK(led)) != 0;
    uint8_t c[52];
    int n = candidates(x, p, follows ? 1u << led : 0xFu, table, pos, 0, c);
    if (!follows)
        order_discards(x, p, c, n);
    else
        order_follows(x, x->need[p][led] > 0, x->str[table[best]], c, n);
    for (int i = 0; i < n && !x->aborted; i++) {
        x->hand[p] &= ~(1ull << c[i]);
        table[pos] = c[i];
        x->line[x->nline++] = c[i];
        int ok = solve_play(x, leader, table, pos + 1);
        x->hand[p] |= 1ull << c[i];
        if (ok) return 1;
        x->nline--;
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

/* Whether every seat can lose the tricks of a suit it must not win.
 *
 * Each of the n_s tricks still to be led in suit s is won by a seat that
 * needs one there, so the winning cards are exactly need[p][s] of each such
 * seat p's s cards: the k-th highest of them is at most the k-th highest of
 * N, the union of every needy seat's need[p][s] best s cards. A seat q
 * plays an s card to every s trick while it holds one; all but the
 * need[q][s] it wins must lose, each to a different trick's winner of
 * another seat, so if q loses with l cards, its k-th highest of them must
 * be below the k-th highest of N less q's own part. q loses with its lowest
 * and as few as it can: it can shed s cards only as discards on tricks of
 * another suit u it is void in, and it can be void in at most n_u - c_u of
 * u's tricks (c_u: its u cards; throwing u cards away earlier only spends
 * discards on them), so it discards at most D = sum over u != s of
 * max(0, n_u - c_u) s cards, plays m >= min(n_s, c_s - D) to s tricks and
 * loses l >= m - need[q][s] of them. If some k-th fails, the deal is lost.
 * (This covers a seat holding an s card above every needy seat's, with
 * nowhere to throw it.) */
static int cannot_duck(const cm_solver *x)
{
    int n[4], cnt[CM_SEATS][4];
    uint64_t all = 0;
    for (int p = 0; p < x->np; p++)
        all |= x->hand[p];
    for (int s = 0; s < 4; s++) {
        n[s] = tricks_in(x, s);
        for (int p = 0; p < x->np; p++)
            cnt[p][s] = cm_popcount(x->hand[p] & CM_SUIT_MASK(s));
    }
    for (int s = 0; s < 4; s++) {
        if (n[s] == 0) continue;
        /* N, strongest first: walk the suit down, taking each needy seat's
         * best need[p][s] cards. */
        int top[13], who[13], k = 0, taken[CM_SEATS] = {0};
        for (uint64_t m = all & CM_SUIT_MASK(s); m && k < n[s];) {
            int f = 63 - __builtin_clzll(m), p = x->own[f];
            m &= ~(1ull << f);
            if (taken[p] < x->need[p][s]) {
                taken[p]++;
                who[k] = p;
                top[k++] = x->str[f];
            }
        }
        for (int q = 0; q < x->np; q++) {
            if (cnt[q][s] <= x->need[q][s]) continue;
            int d = 0;
            for (int u = 0; u < 4; u++)
                if (u != s && n[u] > cnt[q][u]) d += n[u] - cnt[q][u];
            int m = cnt[q][s] - d < n[s] ? cnt[q][s] - d : n[s];
            int lose = m - x->need[q][s];
            if (lose <= 0) continue;
            /* q's lowest cards, strongest first, against the others' part
             * of N. */
            int low[13], j = 0, w[13], nw = 0;
            for (uint64_t h = x->hand[q] & CM_SUIT_MASK(s); h && j < lose; h &= h - 1)
                low[j++] = x->str[__builtin_ctzll(h)];
            for (int i = 0; i < k; i++)
                if (who[i] != q) w[nw++] = top[i];
            /* Fewer winning cards of others than tricks q must lose: some
             * trick q loses has no winner who needs it. */
            for (int i = 0; i < lose; i++)
                if (i >= nw || low[lose - 1 - i] > w[i]) return 1;
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
            int have = cm_popcount(x->hand[p] & CM_SUIT_MASK(s));
            if (x->need[p][s] > have) return 0; /* only the led suit wins */
            needed += x->need[p][s];
            held += have;
        }
        if (needed > held) return 0;
        if (needed) lead_suits |= 1u << s;
    }
    if (cannot_duck(x)) return 0;
    uint64_t kh, kn;
    tt_key(x, leader, &kh, &kn);
    tt_entry *e = tt_slot(x, kh, kn);
    if (e->hands == kh && e->needs == kn) return 0;
    uint8_t table[CM_SEATS], c[52];
    int n = candidates(x, leader, lead_suits, NULL, 0, 1, c);
    for (int i = 0; i < n && !x->aborted; i++) {
        x->hand[leader] &= ~(1ull << c[i]);
        table[0] = c[i];
        x->line[x->nline++] = c[i];
        int ok = solve_play(x, leader, table, 1);
        x->hand[leader] |= 1ull << c[i];
        if (ok) return 1;
        x->nline--;
    }
    if (!x->aborted) {
        e->hands = kh;
        e->needs = kn;
    }
    return 0;
}

void cm_solver_forget(cm_solver *x)
{
    x->salt = mix(++x->epoch);
}

int cm_solve(cm_solver *x, const cm_state *s, long max_nodes, long *nodes)
{
    cm_solver_forget(x);
    return cm_solve_more(x, s, max_nodes, nodes);
}

int cm_solve_more(cm_solver *x, const cm_state *s, long max_nodes, long *nodes)
{
    if (nodes) *nodes = 0;
    x->nline = 0;
    if (s->phase != CM_PH_PLAY) return s->phase == CM_PH_OVER && s->res[s->deal] == CM_WIN;
    if (s->np != x->np) cm_solver_forget(x); /* keys hold np seats */
    x->np = s->np;
    x->nodes = 0;
    x->max_nodes = max_nodes > 0 ? max_nodes : 1L << 62;
    x->aborted = 0;
    uint8_t inner[52];
    for (int f = 0; f < 52; f++) {
        int su = CM_SUIT(f), r = cm_strength(f, s->ace_high) - (s->ace_high ? 1 : 0); /* 0..12 */
        inner[f] = (uint8_t)(13 * su + r);
        x->outer[13 * su + r] = (uint8_t)f;
        x->str[13 * su + r] = (uint8_t)(r + 1);
        x->order[su][r] = (uint8_t)(13 * su + r);
    }
    for (int p = 0; p < s->np; p++) {
        x->hand[p] = 0;
        for (uint64_t m = s->hand[p]; m; m &= m - 1) {
            int f = inner[__builtin_ctzll(m)];
            x->hand[p] |= 1ull << f;
            x->own[f] = (uint8_t)p;
        }
        for (int su = 0; su < 4; su++)
            x->need[p][su] = (int8_t)(s->v[p][su] - s->won[p][su]);
    }
    x->tricks_left = s->target - s->trick;
    int ncur = s->nplay - s->trick * s->np, ok;
    if (ncur == 0) {
        ok = solve_trick(x, s->to_move); /* the seat to lead */
    } else {
        uint8_t table[CM_SEATS];
        for (int i = 0; i < ncur; i++)
            table[i] = inner[s->play[s->trick * s->np + i]];
        ok = solve_play(x, s->lead[s->trick], table, ncur);
    }
    if (nodes) *nodes = x->nodes;
    return x->aborted ? -1 : ok;
}

int cm_solver_line(const cm_solver *x, uint8_t *faces)
{
    for (int i = 0; i < x->nline; i++)
        faces[i] = x->outer[x->line[i]];
    return x->nline;
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

static int def_solve_free(void *x, const void *st, long max_nodes, long *nodes)
{
    return cm_solve_free(x, st, max_nodes, nodes, NULL);
}

const ch_solver_def cm_solver_def = {"comrade",  def_create, def_destroy,
                                     def_ready,  def_solve,  def_solve_free};
