/* Comrade with open hands and free bids (issue 14): can the team win the
 * deal from a position of the bidding, whatever bids it still makes?
 *
 * The trick play does not depend on the bids (the dealer leads, CM-21), and
 * a deal is won exactly when every seat wins the tricks it bid, suit by
 * suit (CM-26). So a deal is winnable with free bids when some line of play
 * ends with tricks won, won[p][s], that the bidding can still reach as
 * bids. Three ways to a yes, cheapest first, every one checked by playing
 * it through the rules engine:
 *
 * 1. random lines of play whose tricks won make reachable bids: bidding to
 *    them (bid_to) and playing that line wins;
 * 2. the bids the heuristic team would make from here, solved by the
 *    open-hand solver;
 * 3. every reachable set of final bids, each solved: a yes, or, when the
 *    list is complete and every one is lost, a proven no.
 *
 * A no needs step 3 to finish, which it does late in the bidding; from the
 * first turn there are far too many bid sets, so a deal no way wins stays
 * undecided. Work is counted in nodes (solver trick starts, bidding search
 * states, tricks of random play) so that answers repeat exactly. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "../games/comrade/internal.h"
#include "comrade_bots.h"

/* A bidding position as a key: every v (3 bits each), the pool, jokers,
 * turn and pass count. With the hands fixed this is the whole state of the
 * bidding. */
static uint64_t bid_key(const cm_state *s, uint64_t *hi)
{
    uint64_t k = 0;
    for (int p = 0; p < s->np; p++)
        for (int su = 0; su < 4; su++)
            k = k << 3 | s->v[p][su];
    *hi = (uint64_t)s->pool | (uint64_t)s->jokers << 16 | (uint64_t)s->turn << 20 |
          (uint64_t)s->passes << 28;
    return k;
}

/* A set of 128-bit keys with open addressing, emptied in time proportional
 * to what it holds (it is reused for many small searches). */
typedef struct keyset {
    uint64_t *lo, *hi; /* hi = 0: empty (every key has its top bit set) */
    uint32_t *slots;   /* the slots in use, to empty them */
    uint32_t mask, used;
} keyset;

static int keyset_init(keyset *k, int bits)
{
    size_t n = (size_t)1 << bits;
    k->lo = calloc(n, sizeof *k->lo);
    k->hi = calloc(n, sizeof *k->hi);
    k->slots = malloc(n * sizeof *k->slots);
    k->mask = (uint32_t)n - 1;
    k->used = 0;
    return k->lo && k->hi && k->slots ? 0 : -1;
}

static void keyset_free(keyset *k)
{
    free(k->lo);
    free(k->hi);
    free(k->slots);
}

static void keyset_clear(keyset *k)
{
    for (uint32_t i = 0; i < k->used; i++)
        k->hi[k->slots[i]] = 0;
    k->used = 0;
}

static int keyset_has(const keyset *k, uint64_t lo, uint64_t hi)
{
    hi |= 1ull << 63;
    for (uint32_t i = (uint32_t)ch_mix64(lo ^ ch_mix64(hi)) & k->mask; k->hi[i]; i = (i + 1) & k->mask)
        if (k->lo[i] == lo && k->hi[i] == hi) return 1;
    return 0;
}

/* 1: added, 0: already there, -1: the set is full (nothing added). */
static int keyset_add(keyset *k, uint64_t lo, uint64_t hi)
{
    hi |= 1ull << 63;
    uint32_t i = (uint32_t)ch_mix64(lo ^ ch_mix64(hi)) & k->mask;
    for (;; i = (i + 1) & k->mask) {
        if (!k->hi[i]) break;
        if (k->lo[i] == lo && k->hi[i] == hi) return 0;
    }
    if (k->used * 4 >= k->mask * 3) return -1;
    k->lo[i] = lo;
    k->hi[i] = hi;
    k->slots[k->used++] = i;
    return 1;
}

/* The search for a way to bid to exactly want[][] from a position. */
typedef struct bid_search {
    const uint8_t (*want)[4];
    int deal, len;
    long nodes, max_nodes;
    keyset failed; /* positions from which want cannot be reached */
    uint8_t acts[CM_BID_TURNS];
} bid_search;

/* Turns seat p still has from bidding turn `turn` on (CM-10). */
static int turns_left(const cm_state *s, int p, int turn)
{
    int n = 0;
    for (int t = turn; t < 3 * s->np; t++)
        n += (s->dealer + t) % s->np == p;
    return n;
}

/* 1 found (acts[0..len) hold it), 0 cannot, -1 out of nodes. Every action
 * of any way there raises a bid to at most its wanted value (bids never go
 * down, CM-12, CM-14), so trying PASS and only such actions misses none. */
static int bid_dfs(bid_search *b, const cm_state *s, int depth)
{
    if (s->deal != b->deal || s->phase != CM_PH_BID) return 0; /* the deal ended */
    if (++b->nodes > b->max_nodes) return -1;
    int p = cm_bid_seat(s), raise[CM_SEATS] = {0};
    for (int q = 0; q < s->np; q++)
        for (int su = 0; su < 4; su++) {
            if (s->v[q][su] > b->want[q][su]) return 0;
            raise[q] += s->v[q][su] < b->want[q][su];
        }
    /* Each suit still to raise takes a turn of its own. */
    for (int q = 0; q < s->np; q++)
        if (raise[q] > turns_left(s, q, s->turn)) return 0;
    uint64_t hi, lo = bid_key(s, &hi);
    if (keyset_add(&b->failed, lo, hi) == 0) return 0; /* seen: it failed */
    ch_action acts[32];
    int n = 0;
    for (int su = 0; su < 4; su++) {
        int v = s->v[p][su], w = b->want[p][su];
        /* The wanted card itself first, then lower ones, then a joker. */
        for (int val = w < 4 ? w : 4; val > v; val--)
            if (s->pool >> (su * 4 + val - 1) & 1) acts[n++] = CM_TAKE(su, val);
        if (v < w && s->jokers) acts[n++] = CM_JOKER(su);
    }
    acts[n++] = CM_PASS;
    for (int i = 0; i < n; i++) {
        cm_state t = *s;
        cm_apply(&t, acts[i]);
        b->acts[depth] = (uint8_t)acts[i];
        if (t.deal == b->deal && t.phase == CM_PH_PLAY) { /* T = target and all v <= want */
            b->len = depth + 1;
            return 1;
        }
        int r = bid_dfs(b, &t, depth + 1);
        if (r) return r;
    }
    return 0;
}

static int bid_search_run(bid_search *b, const cm_state *s, const uint8_t want[][4], long max_nodes)
{
    if (s->phase != CM_PH_BID) return 0;
    int sum = 0;
    for (int p = 0; p < s->np; p++)
        for (int su = 0; su < 4; su++)
            sum += want[p][su];
    if (sum != s->target) return 0;
    b->want = want;
    b->deal = s->deal;
    b->len = 0;
    b->nodes = 0;
    b->max_nodes = max_nodes > 0 ? max_nodes : 1L << 62;
    keyset_clear(&b->failed);
    return bid_dfs(b, s, 0);
}

int cm_bid_to(const cm_state *s, const uint8_t want[][4], long max_nodes, uint8_t *acts, int *n)
{
    bid_search b;
    *n = 0;
    if (keyset_init(&b.failed, 14) != 0) {
        keyset_free(&b.failed);
        return -1;
    }
    int r = bid_search_run(&b, s, want, max_nodes);
    if (r == 1) {
        memcpy(acts, b.acts, (size_t)b.len);
        *n = b.len;
    }
    keyset_free(&b.failed);
    return r;
}

/* Everything one cm_solve_free call works with. */
typedef struct free_search {
    cm_solver *x;
    const cm_state *s; /* the position, in the bidding */
    long left;         /* nodes still to spend */
    int gave_up;       /* some answer was cut short by the budget */
    int full;          /* the list of bidding positions ran out of room */
    bid_search bids;
    keyset lines; /* tricks won by the random lines tried (step 1) */
    keyset lost;  /* final bid sets the solver proved lost */
    keyset seen;  /* bidding positions enumerated (step 3) */
    cm_plan *plan; /* may be NULL */
} free_search;

/* Whether playing plan from s wins the deal: the rules engine's word. */
static int plan_wins(const cm_state *s, const cm_plan *plan)
{
    cm_state t = *s;
    int deal = s->deal;
    for (int i = 0; i < plan->nbids; i++)
        cm_apply(&t, plan->bids[i]);
    for (int i = 0; i < plan->nplays && t.deal == deal && t.phase == CM_PH_PLAY; i++)
        cm_apply(&t, CM_PLAY(plan->plays[i]));
    return t.deal != deal && t.res[deal] == CM_WIN;
}

/* Every plan handed out is first played through the rules engine: a wrong
 * one is a bug here, never an answer. */
static void check_plan(const cm_state *s, const cm_plan *plan)
{
    int wins = plan_wins(s, plan);
    assert(wins);
    (void)wins;
}

/* Solves the trick phase of bidded (reached by bids[0..nbids) from f->s)
 * with at most max_nodes; a yes fills the plan. */
static int solve_bids(free_search *f, const cm_state *bidded, const uint8_t *bids, int nbids,
                      long max_nodes)
{
    long nodes = 0;
    if (max_nodes > f->left) max_nodes = f->left;
    if (max_nodes <= 0) {
        f->gave_up = 1;
        return -1;
    }
    int r = cm_solve_more(f->x, bidded, max_nodes, &nodes);
    f->left -= nodes;
    if (r < 0) f->gave_up = 1;
    uint64_t hi, lo = bid_key(bidded, &hi);
    if (r == 0) keyset_add(&f->lost, lo, 0);
    if (r == 1 && f->plan) {
        f->plan->nbids = nbids;
        memcpy(f->plan->bids, bids, (size_t)nbids);
        f->plan->nplays = cm_solver_line(f->x, f->plan->plays);
        check_plan(f->s, f->plan);
    }
    return r;
}

/* Step 2: the heuristic team's bids from here. */
static int try_heuristic(free_search *f, long max_nodes)
{
    cm_state t = *f->s;
    uint8_t bids[CM_BID_TURNS];
    int n = cm_heuristic_finish_bids(&t, bids);
    if (t.deal != f->s->deal || t.phase != CM_PH_PLAY) return 0;
    return solve_bids(f, &t, bids, n, max_nodes);
}

/* One random line of play of the whole deal from the first lead, as if the
 * bids were made: plays[] gets the cards, won[][] the tricks won per suit
 * led. */
static int random_line(const cm_state *s, ch_rng *r, uint8_t *plays, uint8_t won[][4])
{
    uint64_t hand[CM_SEATS];
    memcpy(hand, s->hand, sizeof hand);
    memset(won, 0, sizeof(uint8_t[CM_SEATS][4]));
    int n = 0, leader = s->dealer; /* CM-21 */
    for (int trick = 0; trick < s->target; trick++) {
        int best = -1, best_str = -1, led = -1;
        for (int i = 0; i < s->np; i++) {
            int p = (leader + i) % s->np;
            uint64_t may = hand[p];
            if (led >= 0 && (hand[p] & CM_SUIT_MASK(led))) may &= CM_SUIT_MASK(led); /* CM-22 */
            int k = (int)ch_rng_below(r, (uint32_t)cm_popcount(may));
            while (k--) may &= may - 1;
            int face = __builtin_ctzll(may);
            hand[p] &= ~(1ull << face);
            plays[n++] = (uint8_t)face;
            if (led < 0) led = CM_SUIT(face);
            int str = cm_strength(face, s->ace_high);
            if (CM_SUIT(face) == led && str > best_str) {
                best_str = str;
                best = p;
            }
        }
        won[best][led]++; /* CM-23, CM-24 */
        leader = best;
    }
    return n;
}

/* Step 1: random lines of play, each one's tricks won tried as the bids. */
static int try_lines(free_search *f, int lines, long bid_nodes)
{
    const cm_state *s = f->s;
    ch_rng r;
    uint64_t seed = 0;
    for (int p = 0; p < s->np; p++)
        seed = ch_mix64(seed ^ s->hand[p]);
    ch_rng_seed(&r, seed, s->turn);
    uint8_t plays[CM_MAX_TRICKS * CM_SEATS], won[CM_SEATS][4];
    for (int i = 0; i < lines && f->left > 0; i++) {
        int n = random_line(s, &r, plays, won);
        f->left -= s->target;
        uint64_t lo = 0;
        for (int p = 0; p < s->np; p++)
            for (int su = 0; su < 4; su++)
                lo = lo << 3 | (won[p][su] < 7 ? won[p][su] : 7);
        if (keyset_add(&f->lines, lo, 0) != 1) continue; /* tried, or no room to remember */
        long budget = bid_nodes < f->left ? bid_nodes : f->left;
        int found = bid_search_run(&f->bids, s, (const uint8_t(*)[4])won, budget);
        f->left -= f->bids.nodes;
        if (found != 1) continue;
        if (f->plan) {
            f->plan->nbids = f->bids.len;
            memcpy(f->plan->bids, f->bids.acts, (size_t)f->bids.len);
            f->plan->nplays = n;
            memcpy(f->plan->plays, plays, (size_t)n);
            check_plan(s, f->plan);
        }
        return 1;
    }
    return 0;
}

/* Step 3: every reachable set of final bids from t (reached by
 * bids[0..depth)), each solved once. 1: one wins; 0: none does, as far as
 * searched (f->gave_up tells whether that is all of them). */
static int try_all(free_search *f, const cm_state *t, uint8_t *bids, int depth, long per_set)
{
    if (t->deal != f->s->deal) return 0; /* the deal was lost in the bidding */
    uint64_t hi, lo = bid_key(t, &hi);
    if (t->phase == CM_PH_PLAY) {
        if (keyset_has(&f->lost, lo, 0)) return 0; /* proved lost already */
        return solve_bids(f, t, bids, depth, per_set) == 1;
    }
    if (--f->left < 0) {
        f->gave_up = 1;
        return 0;
    }
    int fresh = keyset_add(&f->seen, lo, hi);
    if (fresh < 0) {
        f->gave_up = f->full = 1;
        return 0;
    }
    if (fresh == 0) return 0; /* searched from here already */
    ch_action acts[32];
    int n = cm_legal(t, acts);
    for (int i = 0; i < n && f->left > 0; i++) {
        int a = acts[i];
        if (t->total + cm_bid_add(t, a) > t->target) continue; /* lost at once */
        cm_state u = *t;
        cm_apply(&u, acts[i]);
        bids[depth] = (uint8_t)a;
        if (try_all(f, &u, bids, depth + 1, per_set)) return 1;
    }
    if (f->left <= 0) f->gave_up = 1;
    return 0;
}

int cm_solve_free(cm_solver *x, const cm_state *s, long max_nodes, long *nodes, cm_plan *plan)
{
    if (plan) plan->nbids = plan->nplays = 0;
    if (nodes) *nodes = 0;
    if (s->phase != CM_PH_BID) {
        int r = cm_solve(x, s, max_nodes, nodes);
        if (r == 1 && plan) plan->nplays = cm_solver_line(x, plan->plays);
        return r;
    }
    static const long unlimited = 1L << 62;
    free_search f = {.x = x, .s = s, .left = max_nodes > 0 ? max_nodes : unlimited, .plan = plan};
    int r = -1;
    if (keyset_init(&f.bids.failed, 14) || keyset_init(&f.lines, 16) || keyset_init(&f.lost, 16)) {
        r = -2;
        goto out;
    }
    cm_solver_forget(x);
    long start = f.left;
    /* The order is by measurement (cardhall solve comrade --bids free, 500
     * deals): from the first bid random lines found a way in every deal,
     * in 0.6 ms at the median and 8 ms at most, where solving the
     * heuristic's bids first took 53 ms at the 95th percentile. Listing
     * every bid set pays only late in the bidding. */
    if (try_lines(&f, 20000, 2000) == 1 || try_heuristic(&f, start / 8) == 1) {
        r = 1;
        goto out;
    }
    uint8_t bids[CM_BID_TURNS];
    if (keyset_init(&f.seen, 20)) {
        r = -2;
        goto out;
    }
    /* Passes with ten times the nodes per bid set each time: the sets
     * proved lost stay known, so a pass re-solves only the undecided ones;
     * a short pass first, since one set that wins is enough. */
    r = -1;
    for (long per_set = 20000; r < 0 && f.left > 0 && !f.full;
         per_set = per_set < f.left / 10 ? per_set * 10 : f.left) {
        f.gave_up = 0;
        keyset_clear(&f.seen);
        if (try_all(&f, s, bids, 0, per_set))
            r = 1;
        else if (!f.gave_up)
            r = 0;
    }
out:
    if (nodes) *nodes = (max_nodes > 0 ? max_nodes : unlimited) - f.left;
    keyset_free(&f.bids.failed);
    keyset_free(&f.lines);
    keyset_free(&f.lost);
    keyset_free(&f.seen);
    return r < -1 ? -1 : r;
}
