/* Comrade rules: setup, the deal, bidding (CM-10..CM-20), tricks
 * (CM-21..CM-27) and the series (CM-6, CM-29, CM-30). */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "internal.h"

uint64_t cm_deck_mask(int np)
{
    uint64_t all = (1ull << 52) - 1;
    if (np != 3) return all;
    /* CM-V3: A, 2, 3 and 4 of every suit are the bid cards, so play cards are 5..K. */
    uint64_t out = 0;
    for (int s = 0; s < 4; s++)
        out |= (0x7ull | 1ull << 12) << (13 * s);
    return all & ~out;
}

/* Inline for cm_trick_winner, which every completed trick asks. */
static inline int strength(int face, int ace_high)
{
    int r = CM_RANK(face);
    return r == 12 && !ace_high ? 0 : r + 1;
}

int cm_strength(int face, int ace_high)
{
    return strength(face, ace_high);
}

int cm_bid_seat(const cm_state *s)
{
    return (s->dealer + s->turn) % s->np;
}

static int deal_first_seat(const cm_state *s)
{
    /* CM-9: the dealer gets the first card; CM-V3: the dealer's left neighbour. */
    return s->np == 3 ? (s->dealer + 1) % s->np : s->dealer;
}

static void start_deal(cm_state *s, const int *order)
{
    int np = s->np;
    s->dealer = (uint8_t)((s->first_dealer + s->deal) % np);
    memset(s->hand, 0, sizeof s->hand);
    memset(s->v, 0, sizeof s->v);
    memset(s->won, 0, sizeof s->won);
    memset(s->bidlog, 0, sizeof s->bidlog);
    memset(s->play, 0, sizeof s->play);
    memset(s->lead, 0, sizeof s->lead);
    memset(s->voids, 0, sizeof s->voids);
    s->pool = 0xFFFF; /* CM-7 */
    s->jokers = s->njokers;
    s->turn = s->passes = s->total = s->trick = s->nplay = 0;
    /* The deck in face order, shuffled, then dealt one card at a time from
     * the first seat round. Random play deals once per 8 decisions or so,
     * so this is a large part of it (issue 29): no loop over the faces. */
    static const uint8_t faces[52] = {0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12,
                                      13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25,
                                      26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38,
                                      39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51};
    uint8_t d[52];
    int k = 0;
    if (np != 3) {
        memcpy(d, faces, sizeof d);
        k = 52;
    } else {
        for (uint64_t m = cm_deck_mask(np); m; m &= m - 1)
            d[k++] = (uint8_t)__builtin_ctzll(m);
    }
    if (order)
        for (int i = 0; i < k; i++)
            d[i] = (uint8_t)order[i];
    else
        ch_rng_shuffle_u8(&s->rng, d, k); /* CM-8 */
    /* Dealt round in turns of the whole table, each seat's hand kept in a
     * register: a loop per seat striding the deck cost twice as much. */
    uint64_t h[CM_SEATS] = {0};
    int i = 0;
    if (np == 5)
        for (; i + 5 <= k; i += 5) {
            h[0] |= 1ull << d[i];
            h[1] |= 1ull << d[i + 1];
            h[2] |= 1ull << d[i + 2];
            h[3] |= 1ull << d[i + 3];
            h[4] |= 1ull << d[i + 4];
        }
    for (; i < k; i++)
        h[i % np] |= 1ull << d[i];
    int first = deal_first_seat(s);
    for (int j = 0; j < np; j++)
        s->hand[(first + j) % np] = h[j];
    s->phase = CM_PH_BID;
    s->to_move = s->dealer; /* CM-10 */
}

static int check_order(const cm_state *s, const int *order, int n, ch_err *err)
{
    uint64_t want = cm_deck_mask(s->np), seen = 0;
    int count = __builtin_popcountll(want);
    if (n != count)
        return ch_errf(err, CH_EINVAL, "card order: %d cards, expected the %d play cards", n,
                       count);
    for (int i = 0; i < n; i++) {
        char name[16];
        int f = order[i];
        if (f < 0 || f >= 52 || !(want >> f & 1)) {
            if (f >= 0 && f < CM_FACES)
                cm_card_text(f, name, sizeof name);
            else
                snprintf(name, sizeof name, "#%d", f);
            return ch_errf(err, CH_EINVAL, "card order: %s (card %d) is not a play card here", name,
                           i + 1);
        }
        if (seen >> f & 1) {
            cm_card_text(f, name, sizeof name);
            return ch_errf(err, CH_EINVAL, "card order: %s appears twice", name);
        }
        seen |= 1ull << f;
    }
    return CH_OK;
}

int cm_setup(void *st, const ch_opts *o, uint64_t seed, const int *order, int n, ch_err *err)
{
    cm_state *s = st;
    memset(s, 0, sizeof *s);
    ch_rng_seed(&s->rng, seed, CM_STREAM);
    int np = o->val[CM_OPT_PLAYERS];
    if (np == 4)
        return ch_errf(err, CH_EINVAL,
                       "players: the 4-player rules of Comrade are unknown (use 5, or 3)");
    s->np = (uint8_t)np;
    s->target = np == 3 ? 12 : 10;
    s->njokers = np == 3 ? 0 : 2;
    s->ace_high = (uint8_t)o->val[CM_OPT_ACE_HIGH];
    if (np == 3 && !s->ace_high)
        return ch_errf(err, CH_EINVAL,
                       "ace_high: the 3-player version plays 5..K only, so Ace low "
                       "does not apply");
    s->safe_bids = (uint8_t)o->val[CM_OPT_SAFE_BIDS];
    s->ndeals = (uint8_t)(o->val[CM_OPT_DEALS] < 0 ? np : o->val[CM_OPT_DEALS]);
    int dealer = o->val[CM_OPT_DEALER];
    if (dealer >= np)
        return ch_errf(err, CH_EINVAL, "dealer: seat %d does not exist with %d players", dealer,
                       np);
    if (order && check_order(s, order, n, err) != CH_OK) return CH_EINVAL;
    /* CM-5: a chance event when no first dealer is given. */
    s->first_dealer = (uint8_t)(dealer >= 0 ? dealer : (int)ch_rng_below(&s->rng, (uint32_t)np));
    start_deal(s, order);
    return CH_OK;
}

int cm_num_players(const void *st)
{
    return ((const cm_state *)st)->np;
}

int cm_to_move(const void *st)
{
    const cm_state *s = st;
    return s->phase == CM_PH_OVER ? CH_TERMINAL : s->to_move;
}

const char *cm_phase(const void *st)
{
    static const char *const names[] = {"bid", "play", "over"};
    return names[((const cm_state *)st)->phase];
}

int cm_bid_add(const cm_state *s, ch_action a)
{
    if (a == CM_PASS) return 0;
    if (a >= CM_JOKER(0)) return 1;                             /* CM-14 */
    return (a - 1) % 4 + 1 - s->v[cm_bid_seat(s)][(a - 1) / 4]; /* CM-13 */
}

/* Does taking bid value val in a suit where the bidder has cur keep T <= target? */
static int fits(const cm_state *s, int cur, int val)
{
    return s->total - cur + val <= s->target;
}

/* The values above a seat's bid in a suit, as bits val-1; jokers lift a
 * bid past 4 (CM-14), to 6 at most. */
static const uint16_t above[8] = {0xF, 0xE, 0xC, 0x8, 0x0, 0x0, 0x0, 0x0};

/* One suit's row for the open values m, copied whole and counted. */
static inline ch_action *put_takes(ch_action *o, const ch_action (*row)[4], unsigned m)
{
    memcpy(o, row[m], sizeof row[m]);
    return o + (0x4332322132212110ull >> (m * 4) & 0xF); /* bits set in m */
}

/* Bidding is two thirds of Comrade's random-play decisions, with some 19
 * choices each, so the takes open to the seat are one mask, and each
 * suit's are copied from a table (issue 29): row [suit][mask] lists
 * CM_TAKE(suit, value) for every value bit of mask, in rising order.
 * Every row is copied whole (4 entries) and the list advanced by the
 * mask's bits: at most 1 + 16 + 4 = 21 entries are ever written, the
 * game's max_actions. */
static int legal_bids(const cm_state *s, ch_action *out)
{
    static const ch_action takes[4][16][4] = {
        {{0, 0, 0, 0},
         {1, 0, 0, 0},
         {2, 0, 0, 0},
         {1, 2, 0, 0},
         {3, 0, 0, 0},
         {1, 3, 0, 0},
         {2, 3, 0, 0},
         {1, 2, 3, 0},
         {4, 0, 0, 0},
         {1, 4, 0, 0},
         {2, 4, 0, 0},
         {1, 2, 4, 0},
         {3, 4, 0, 0},
         {1, 3, 4, 0},
         {2, 3, 4, 0},
         {1, 2, 3, 4}},
        {{0, 0, 0, 0},
         {5, 0, 0, 0},
         {6, 0, 0, 0},
         {5, 6, 0, 0},
         {7, 0, 0, 0},
         {5, 7, 0, 0},
         {6, 7, 0, 0},
         {5, 6, 7, 0},
         {8, 0, 0, 0},
         {5, 8, 0, 0},
         {6, 8, 0, 0},
         {5, 6, 8, 0},
         {7, 8, 0, 0},
         {5, 7, 8, 0},
         {6, 7, 8, 0},
         {5, 6, 7, 8}},
        {{0, 0, 0, 0},
         {9, 0, 0, 0},
         {10, 0, 0, 0},
         {9, 10, 0, 0},
         {11, 0, 0, 0},
         {9, 11, 0, 0},
         {10, 11, 0, 0},
         {9, 10, 11, 0},
         {12, 0, 0, 0},
         {9, 12, 0, 0},
         {10, 12, 0, 0},
         {9, 10, 12, 0},
         {11, 12, 0, 0},
         {9, 11, 12, 0},
         {10, 11, 12, 0},
         {9, 10, 11, 12}},
        {{0, 0, 0, 0},
         {13, 0, 0, 0},
         {14, 0, 0, 0},
         {13, 14, 0, 0},
         {15, 0, 0, 0},
         {13, 15, 0, 0},
         {14, 15, 0, 0},
         {13, 14, 15, 0},
         {16, 0, 0, 0},
         {13, 16, 0, 0},
         {14, 16, 0, 0},
         {13, 14, 16, 0},
         {15, 16, 0, 0},
         {13, 15, 16, 0},
         {14, 15, 16, 0},
         {13, 14, 15, 16}},
    };
    /* The takes open to the seat (CM-12), as the pool's bits 4*suit + val-1. */
    const uint8_t *v = s->v[s->to_move];
    unsigned open =
        s->pool & (above[v[0]] | above[v[1]] << 4 | above[v[2]] << 8 | (unsigned)above[v[3]] << 12);
    if (s->safe_bids)
        for (int su = 0; su < 4; su++) {
            int room = s->target - s->total + v[su]; /* highest value that fits */
            unsigned fit = room >= 4 ? 0xFu : room > 0 ? (1u << room) - 1 : 0;
            open &= ~((0xFu & ~fit) << (4 * su));
        }
    ch_action *o = out;
    *o++ = CM_PASS;
    /* Suit by suit, unrolled: a loop cost a third more (issue 29). */
    o = put_takes(o, takes[0], open & 0xF);
    o = put_takes(o, takes[1], open >> 4 & 0xF);
    o = put_takes(o, takes[2], open >> 8 & 0xF);
    o = put_takes(o, takes[3], open >> 12);
    int n = (int)(o - out);
    if (s->jokers && (!s->safe_bids || fits(s, 0, 1))) /* CM-14 */
        for (int su = 0; su < 4; su++)
            out[n++] = CM_JOKER(su);
    return n;
}

int cm_legal(const void *st, ch_action *out)
{
    const cm_state *s = st;
    if (s->phase == CM_PH_BID) return legal_bids(s, out);
    if (s->phase != CM_PH_PLAY) return 0;
    uint64_t h = s->hand[s->to_move];
    int base = s->trick * s->np;
    if (s->nplay > base) { /* CM-22: follow suit when able */
        uint64_t m = h & CM_SUIT_MASK(CM_SUIT(s->play[base]));
        if (m) h = m;
    }
    int n = 0;
    for (; h; h &= h - 1)
        out[n++] = CM_PLAY(__builtin_ctzll(h));
    return n;
}

/* CM-19: some seat, whoever's turn it is, has a take that keeps T <= target. */
static int fitting_take_exists(const cm_state *s)
{
    if (s->jokers && fits(s, 0, 1)) return 1;
    for (int q = 0; q < s->np; q++)
        for (int su = 0; su < 4; su++)
            for (int val = s->v[q][su] + 1; val <= 4; val++)
                if (s->pool >> (su * 4 + val - 1) & 1 && fits(s, s->v[q][su], val)) return 1;
    return 0;
}

static void end_deal(cm_state *s, int res, int at, int by)
{
    s->res[s->deal] = (uint8_t)res;
    s->res_at[s->deal] = (uint8_t)at;
    s->res_by[s->deal] = (uint8_t)by;
    s->wins += res == CM_WIN;
    s->last_turn = s->turn;
    s->last_nplay = s->nplay;
    memcpy(s->last_bidlog, s->bidlog, sizeof s->bidlog);
    memcpy(s->last_play, s->play, sizeof s->play);
    s->deal++; /* CM-29: every deal is played whatever the results */
    if (s->deal == s->ndeals) {
        s->phase = CM_PH_OVER;
        s->to_move = CM_NOBODY;
    } else {
        start_deal(s, NULL); /* CM-6, CM-7 */
    }
}

static void apply_bid(cm_state *s, int a)
{
    int p = s->to_move;
    s->bidlog[s->turn++] = (uint8_t)a;
    if (a == CM_PASS) { /* CM-16, CM-17 */
        s->passes++;
    } else if (a <= CM_TAKE(3, 4)) {    /* CM-13 */
        unsigned bit = (unsigned)a - 1; /* unsigned: a shift, not a signed division */
        int su = (int)(bit / 4), val = (int)(bit % 4) + 1;
        s->pool &= (uint16_t) ~(1u << (a - 1));
        s->total = (uint8_t)(s->total + val - s->v[p][su]);
        s->v[p][su] = (uint8_t)val;
        s->passes = 0;
    } else { /* CM-14, CM-15 */
        s->jokers--;
        s->v[p][a - CM_JOKER(0)]++;
        s->total++;
        s->passes = 0;
    }
    /* CM-18, in this order. */
    if (s->total == s->target) {
        s->phase = CM_PH_PLAY;
        s->to_move = s->lead[0] = s->dealer; /* CM-21 */
    } else if (s->total > s->target) {
        end_deal(s, CM_BID_OVER, s->turn, p);
    } else if (s->passes == s->np) {
        end_deal(s, CM_ALL_PASSED, s->turn, CM_NOBODY);
    } else if (!fitting_take_exists(s)) {
        end_deal(s, CM_NO_FITTING, s->turn, CM_NOBODY);
    } else if (s->turn == 3 * s->np) {
        end_deal(s, CM_ROUNDS_OVER, s->turn, CM_NOBODY);
    } else {
        s->to_move = (uint8_t)(p + 1 == s->np ? 0 : p + 1);
    }
}

int cm_trick_winner(const cm_state *s, int t, int *best_face)
{
    int base = t * s->np, k = s->nplay - base;
    if (k <= 0) {
        *best_face = -1;
        return -1;
    }
    if (k > s->np) k = s->np;
    int led = CM_SUIT(s->play[base]), best = 0;
    for (int i = 1; i < k; i++) {
        int f = s->play[base + i];
        /* CM-23: only the led suit wins. */
        if (CM_SUIT(f) == led &&
            strength(f, s->ace_high) > strength(s->play[base + best], s->ace_high))
            best = i;
    }
    *best_face = s->play[base + best];
    return (s->lead[t] + best) % s->np;
}

static void apply_play(cm_state *s, int f)
{
    int p = s->to_move, np = s->np;
    s->hand[p] &= ~(1ull << f);
    s->play[s->nplay++] = (uint8_t)f;
    int led = CM_SUIT(s->play[s->trick * np]);
    /* CM-22: not following shows a void to everyone (kept in the state
     * because the heuristic reads voids on every move of its searches). */
    if (CM_SUIT(f) != led) s->voids[p] |= (uint8_t)(1u << led);
    if (s->nplay - s->trick * np < np) {
        s->to_move = (uint8_t)(p + 1 == np ? 0 : p + 1);
        return;
    }
    int best_face, w = cm_trick_winner(s, s->trick, &best_face);
    led = CM_SUIT(s->play[s->trick * np]);
    s->won[w][led]++; /* CM-24 */
    s->trick++;
    if (s->v[w][led] == 0) { /* CM-25 */
        end_deal(s, CM_WRONG_SUIT, s->trick, w);
    } else if (s->won[w][led] > s->v[w][led]) {
        end_deal(s, CM_OVER_BID, s->trick, w);
    } else if (s->trick == s->target) {
        /* CM-26: every won cell now equals its bid (sums are equal, no cell
         * exceeds). CM-27: leftovers stay hidden in their hands. */
        assert(memcmp(s->won, s->v, sizeof s->v) == 0);
        end_deal(s, CM_WIN, s->trick, CM_NOBODY);
    } else {
        s->to_move = s->lead[s->trick] = (uint8_t)w;
    }
}

void cm_apply(void *st, ch_action a)
{
    cm_state *s = st;
    assert(s->phase != CM_PH_OVER);
    if (s->phase == CM_PH_BID) {
        assert(a <= CM_JOKER(3));
        apply_bid(s, (int)a);
    } else {
        assert(a >= CM_PLAY(0) && a < CM_PLAY(52) && (s->hand[s->to_move] >> (a - 32) & 1));
        apply_play(s, (int)(a - CM_PLAY(0)));
    }
}

int cm_items(const cm_state *s, int p, uint8_t *items)
{
    int n = 0;
    for (int i = 0; i < s->turn; i++)
        if ((s->dealer + i) % s->np == p && s->bidlog[i] != CM_PASS) items[n++] = s->bidlog[i];
    return n;
}

unsigned cm_voids(const cm_state *s, int p)
{
    return s->voids[p];
}

const char *cm_label(int wins, int deals)
{
    static const char *const labels[] = {"Low", "Bad", "Average", "Good", "Great", "Excellent"};
    return deals == 5 && wins >= 0 && wins <= 5 ? labels[wins] : NULL;
}

const char *cm_label_text(int wins, int deals, int ja)
{
    /* The rule book's grades, in katakana in Japanese as the web board has them. */
    static const char *const labels_ja[] = {"ロウ",   "バッド",   "アベレージ",
                                            "グッド", "グレート", "エクセレント"};
    const char *en = cm_label(wins, deals);
    return en && ja ? labels_ja[wins] : en;
}

const char *cm_reason_name(int res)
{
    static const char *const names[] = {
        "-",          "WIN",     "BID_OVER_10", "ALL_PASSED", "NO_FITTING_BID", "ROUNDS_EXHAUSTED",
        "WRONG_SUIT", "OVER_BID"};
    return res >= 0 && res <= CM_OVER_BID ? names[res] : "?";
}

void cm_result(const void *st, ch_result *r)
{
    const cm_state *s = st;
    memset(r, 0, sizeof *r);
    r->n_players = s->np;
    r->terminal = s->phase == CM_PH_OVER;
    r->hands = s->deal;
    int last = s->deal ? s->res[s->deal - 1] == CM_WIN : 0;
    for (int p = 0; p < s->np; p++) {
        r->score[p] = s->wins; /* the team's shared figure: deals won */
        r->rank[p] = 1;
        r->hand_score[p] = last;
    }
    /* The team succeeds with a winning record (more deals won than lost). */
    if (r->terminal && 2 * s->wins > s->ndeals) r->winners = (1u << s->np) - 1;
}
