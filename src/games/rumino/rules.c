/* Rumino rules: setup, the deal, legal actions and their effects, hand
 * scoring, elimination, rebuys and the pool (RU-10..RU-81, RU-V1..V8). */
#include <assert.h>
#include <string.h>

#include "internal.h"

const ch_optdesc ru_opts[RU_NOPTS] = {
    {"players", CH_OPT_INT, "2", 2, 6, NULL, NULL, "number of players"},
    {"ante", CH_OPT_INT, "1", 1, 1000000, NULL, NULL, "chips each player puts in the pool"},
    {"knock_limit", CH_OPT_INT, "7", 0, 200, NULL, NULL, "highest deadwood that may knock"},
    {"elimination_score", CH_OPT_INT, "100", 1, 10000, NULL, NULL,
     "cumulative score that puts a player out"},
    {"first_dealer", CH_OPT_INT, "random", 0, 5, NULL, "random", "seat of the first dealer"},
    {"natural_rumino", CH_OPT_BOOL, "false", 0, 0, NULL, NULL, "no jokers in a Rumino"},
    {"max_rebuys_total", CH_OPT_INT, "unlimited", 0, 1000, NULL, "unlimited",
     "rebuys allowed in the whole game"},
    {"void_on_empty_stock", CH_OPT_BOOL, "false", 0, 0, NULL, NULL,
     "an empty stock voids the hand instead of a reshuffle"},
    {"three_gins", CH_OPT_BOOL, "false", 0, 0, NULL, NULL,
     "Gin in each of the first three hands wins"},
    {"rumino_claim", CH_OPT_BOOL, "false", 0, 0, NULL, NULL,
     "a discard may be claimed out of turn for a Rumino"},
    {"free_discard", CH_OPT_BOOL, "false", 0, 0, NULL, NULL,
     "the card taken from the discard pile may be discarded again"},
    {"starting_chips", CH_OPT_INT, "ledger", 1, 1000000000, NULL, "ledger",
     "bankroll mode with this many chips each (ledger: chips may go negative)"},
    {"max_turns_per_hand", CH_OPT_INT, "none", 1, 1000000, NULL, "none",
     "a hand this many turns long is void"},
};

const uint8_t ru_face_copies[RU_NFACES] = {
    2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
    2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 4,
};

int ru_next_active(const ru_state *s, int seat)
{
    for (int k = 1; k <= s->np; k++) {
        int q = (seat + k) % s->np;
        if (s->active[q]) return q;
    }
    return seat;
}

int ru_hand_deadwood(const ru_state *s, int seat)
{
    return ru_meld_deadwood(s->hand[seat], s->nhand[seat]);
}

/* ---- The deal (RU-13..RU-16) ---- */

static void deal(ru_state *s, const uint8_t *d)
{
    int order[RU_MAX_PLAYERS], n = 0;
    for (int q = ru_next_active(s, s->dealer);; q = ru_next_active(s, q)) {
        order[n++] = q;
        if (q == s->dealer) break;
    }
    assert(n >= 2); /* so the stock and the pile fit RU_PILE_MAX */
    memset(s->nhand, 0, sizeof s->nhand);
    memset(s->known, 0, sizeof s->known);
    memset(s->gen, 0, sizeof s->gen);
    memset(s->hand, 0, sizeof s->hand);
    for (int k = 0; k < RU_HAND * n; k++) {
        int q = order[k % n];
        s->hand[q][s->nhand[q]++] = d[k];
    }
    memset(s->discard, 0, sizeof s->discard);
    memset(s->discarder, 0, sizeof s->discarder);
    s->discard[0] = d[RU_HAND * n];
    ru_set_discarder(s, 0, RU_NONE);
    s->ndiscard = 1;
    s->nstock = (uint8_t)(RU_NCARDS - RU_HAND * n - 1);
    for (int i = 0; i < s->nstock; i++)
        *ru_stock(s, i) = d[RU_NCARDS - 1 - i];
    s->stock_gen = 0;
    s->taken = RU_NONE;
    s->drawn = RU_NONE;
    s->revealed = 0;
    s->turns = 0;
    s->dealt++;
    s->phase = RU_PH_TURN;
    s->to_move = s->hand_first = (uint8_t)order[0];
}

static void shuffled_box(ru_state *s, uint8_t *d)
{
    for (int i = 0; i < RU_NCARDS; i++)
        d[i] = (uint8_t)(i < 104 ? i / 2 : RU_JOKER);
    ch_rng_shuffle_u8(&s->rng, d, RU_NCARDS);
}

static void next_hand(ru_state *s)
{
    uint8_t d[RU_NCARDS];
    s->dealer = (uint8_t)ru_next_active(s, s->dealer);
    shuffled_box(s, d);
    deal(s, d);
}

int ru_setup(void *st, const ch_opts *o, uint64_t seed, const int *order, int n_order, ch_err *err)
{
    ru_state *s = st;
    memset(s, 0, sizeof *s);
    ch_rng_seed(&s->rng, seed, 0x7275u);
    s->np = (uint8_t)o->val[RU_OPT_PLAYERS];
    s->ante = o->val[RU_OPT_ANTE];
    s->knock_limit = (uint8_t)o->val[RU_OPT_KNOCK_LIMIT];
    s->elimination = (int16_t)o->val[RU_OPT_ELIMINATION];
    s->natural_rumino = (uint8_t)o->val[RU_OPT_NATURAL_RUMINO];
    s->max_rebuys = (int16_t)o->val[RU_OPT_MAX_REBUYS];
    s->void_on_empty = (uint8_t)o->val[RU_OPT_VOID_ON_EMPTY];
    s->three_gins = (uint8_t)o->val[RU_OPT_THREE_GINS];
    s->claim = (uint8_t)o->val[RU_OPT_RUMINO_CLAIM];
    s->free_discard = (uint8_t)o->val[RU_OPT_FREE_DISCARD];
    s->bankroll = o->val[RU_OPT_STARTING_CHIPS] > 0;
    s->starting_chips = s->bankroll ? o->val[RU_OPT_STARTING_CHIPS] : 0;
    s->max_turns = o->val[RU_OPT_MAX_TURNS] > 0 ? o->val[RU_OPT_MAX_TURNS] : 0;
    int fd = o->val[RU_OPT_FIRST_DEALER];
    if (fd >= s->np)
        return ch_errf(err, CH_EINVAL,
                       "option first_dealer: seat %d does not exist with %d players", fd, s->np);
    if (s->bankroll && s->ante > s->starting_chips)
        return ch_errf(err, CH_EINVAL, "option ante: %d is more than starting_chips %d",
                       (int)s->ante, (int)s->starting_chips);
    uint8_t d[RU_NCARDS];
    if (order) {
        if (n_order != RU_NCARDS)
            return ch_errf(err, CH_EINVAL, "card order: %d cards, expected %d", n_order, RU_NCARDS);
        int count[RU_NFACES] = {0};
        for (int i = 0; i < n_order; i++) {
            if (order[i] < 0 || order[i] >= RU_NFACES)
                return ch_errf(err, CH_EINVAL, "card order: card %d is not a Rumino card", i + 1);
            if (++count[order[i]] > ru_face_copies[order[i]]) {
                char name[8];
                ru_card_text(order[i], name, sizeof name);
                return ch_errf(err, CH_EINVAL, "card order: more than %d copies of %s",
                               ru_face_copies[order[i]], name);
            }
            d[i] = (uint8_t)order[i];
        }
    }
    /* RU-10, RU-80: antes into the pool. */
    for (int p = 0; p < s->np; p++) {
        s->active[p] = 1;
        s->chips[p] = s->starting_chips - s->ante;
        s->pool += s->ante;
    }
    s->gin_seat = RU_NONE;
    s->last_end = RU_END_NONE;
    s->last_ender = RU_NONE;
    /* RU-12: the first dealer, a chance event when not given. */
    s->dealer = (uint8_t)(fd >= 0 ? fd : (int)ch_rng_below(&s->rng, s->np));
    if (!order) shuffled_box(s, d);
    deal(s, d);
    s->first_actor = s->hand_first;
    return CH_OK;
}

/* ---- Legal actions ---- */

/* The distinct faces of a hand, ascending, as a 64-bit set. */
static uint64_t faces_of(const uint8_t *h, int n)
{
    uint64_t set = 0;
    for (int i = 0; i < n; i++)
        set |= 1ull << h[i];
    return set;
}

/* Faces whose removal satisfies mask (positions) of hand h. */
static uint64_t faces_in(const uint8_t *h, unsigned mask)
{
    uint64_t set = 0;
    for (; mask; mask &= mask - 1)
        set |= 1ull << h[__builtin_ctz(mask)];
    return set;
}

static int may_rebuy(const ru_state *s, int p)
{
    if (s->max_rebuys >= 0 && s->rebuys >= s->max_rebuys) return 0; /* RU-V2 */
    if (s->bankroll && s->chips[p] < s->rebuy_cost) return 0;       /* RU-V7 */
    /* Decision: a rebuy that would take the pool past the chip limit is
     * not offered (docs/rules/rumino.md), so no figure ever overflows. */
    if (s->pool > RU_CHIP_LIMIT - s->rebuy_cost) return 0;
    return 1;
}

int ru_legal(const void *st, ch_action *out)
{
    const ru_state *s = st;
    int p = s->to_move, n = 0;
    switch (s->phase) {
    case RU_PH_TURN:
        /* RU-21, RU-30: knock only before drawing, with deadwood <= the limit. */
        if (ru_meld_deadwood_upto(s->hand[p], s->nhand[p], s->knock_limit) <= s->knock_limit)
            out[n++] = ru_action(RU_A_KNOCK, 0);
        out[n++] = ru_action(RU_A_DRAW, 0);
        out[n++] = ru_action(RU_A_TAKE, 0);
        break;
    case RU_PH_DRAWN: {
        const uint8_t *h = s->hand[p];
        int nh = s->nhand[p];
        uint64_t all = faces_of(h, nh), disc = all;
        /* RU-24: not the kind just taken (RU-V6 lifts it); a claimant
         * (RU-V5) may only declare. */
        if (s->taken != RU_NONE && !s->free_discard) disc &= ~(1ull << s->taken);
        if (s->must_rumino) disc = 0;
        uint64_t gin = s->must_rumino ? 0 : faces_in(h, ru_meld_gin_mask(h, nh));
        uint64_t rum = faces_in(h, ru_meld_rumino_mask(h, nh, s->natural_rumino));
        for (uint64_t m = disc; m; m &= m - 1)
            out[n++] = ru_action(RU_A_DISCARD, __builtin_ctzll(m));
        for (uint64_t m = gin; m; m &= m - 1)
            out[n++] = ru_action(RU_A_GIN, __builtin_ctzll(m));
        for (uint64_t m = rum; m; m &= m - 1)
            out[n++] = ru_action(RU_A_RUMINO, __builtin_ctzll(m));
        break;
    }
    case RU_PH_REBUY:
        if (may_rebuy(s, p)) out[n++] = ru_action(RU_A_REBUY, 0);
        out[n++] = ru_action(RU_A_DECLINE, 0);
        break;
    case RU_PH_CLAIM:
        out[n++] = ru_action(RU_A_CLAIM, 0);
        out[n++] = ru_action(RU_A_PASS, 0);
        break;
    default:
        break;
    }
    assert(n <= RU_MAX_ACTIONS);
    return n;
}

/* ---- Packed fields (the state stays within 512 bytes, issue 29) ---- */

_Static_assert(RU_NFACES <= 64, "a face fits the 6 bits of a packed last hand");

/* Bits [at, at + width) of the last hands, least significant first. */
static unsigned last_bits(const ru_state *s, int at, int width)
{
    unsigned v = 0;
    for (int k = 0; k < width; k++, at++)
        v |= (unsigned)(s->last_hands[at / 8] >> (at % 8) & 1) << k;
    return v;
}

static void put_last_bits(ru_state *s, int at, int width, unsigned v)
{
    for (int k = 0; k < width; k++, at++)
        s->last_hands[at / 8] |= (uint8_t)((v >> k & 1) << (at % 8));
}

int ru_last_hand(const ru_state *s, int p, uint8_t *cards)
{
    int at = p * RU_LAST_BITS, n = (int)last_bits(s, at, 3);
    for (int i = 0; i < n; i++)
        cards[i] = (uint8_t)last_bits(s, at + 3 + 6 * i, 6);
    return n;
}

/* Into zeroed bits only: end_hand clears them all first. */
static void put_last_hand(ru_state *s, int p, const uint8_t *cards, int n)
{
    int at = p * RU_LAST_BITS;
    put_last_bits(s, at, 3, (unsigned)n);
    for (int i = 0; i < n; i++)
        put_last_bits(s, at + 3 + 6 * i, 6, cards[i]);
}

/* ---- Effects ---- */

static void add_card(ru_state *s, int p, int face, int known)
{
    int i = s->nhand[p]++;
    assert(i < RU_MAX_HAND);
    s->hand[p][i] = (uint8_t)face;
    s->known[p] = (uint8_t)(s->known[p] & ~(1u << i));
    s->known[p] |= (uint8_t)(!!known << i);
    s->gen[p][i] = known ? 0 : s->stock_gen;
}

/* Removes one card of face from p's hand, a publicly known copy first, so
 * what others know stays true. */
static void remove_card(ru_state *s, int p, int face)
{
    int at = -1;
    for (int i = 0; i < s->nhand[p]; i++)
        if (s->hand[p][i] == face && (at < 0 || ru_known(s, p, i))) at = i;
    assert(at >= 0);
    int last = --s->nhand[p];
    s->hand[p][at] = s->hand[p][last];
    s->known[p] = (uint8_t)(s->known[p] & ~(1u << at));
    s->known[p] |= (uint8_t)(ru_known(s, p, last) << at);
    s->known[p] = (uint8_t)(s->known[p] & ~(1u << last));
    s->gen[p][at] = s->gen[p][last];
    s->hand[p][last] = s->gen[p][last] = 0;
}

static void put_discard(ru_state *s, int p, int face)
{
    assert(s->nstock + s->ndiscard < RU_PILE_MAX);
    ru_set_discarder(s, s->ndiscard, p);
    s->discard[s->ndiscard++] = (uint8_t)face;
}

/* RU-72: the pool to the winners, odd chips clockwise from the dealer's left. */
static void end_game(ru_state *s, unsigned winners, int why)
{
    s->game_end = (uint8_t)why;
    int k = __builtin_popcount(winners);
    assert(k > 0);
    int64_t share = s->pool / k, odd = s->pool % k;
    for (int i = 1; i <= s->np; i++) {
        int q = (s->dealer + i) % s->np;
        if (!(winners >> q & 1u)) continue;
        s->chips[q] += share + (odd > 0);
        odd--;
    }
    s->pool = 0;
    s->winners = (uint8_t)winners;
    s->phase = RU_PH_OVER;
    s->revealed = 1;
}

/* RU-63: the next player of the rebuy queue who may decide; those who may
 * not rebuy are eliminated without a decision (RU-66). */
static void advance_rebuy(ru_state *s)
{
    while (s->rebuy_pos < s->nrebuy) {
        int q = s->rebuy_queue[s->rebuy_pos];
        if (may_rebuy(s, q)) {
            s->phase = RU_PH_REBUY;
            s->to_move = (uint8_t)q;
            return;
        }
        s->active[q] = 0;
        s->out_at[q] = s->hands;
        s->eliminated++;
        s->rebuy_pos++;
    }
    next_hand(s);
}

/* RU-60..RU-67 after a scored hand. */
static void eliminate(ru_state *s)
{
    unsigned E = 0, S = 0;
    for (int q = 0; q < s->np; q++) {
        if (!s->active[q]) continue;
        if (s->cum[q] >= s->elimination)
            E |= 1u << q;
        else
            S |= 1u << q;
    }
    if (S == 0) { /* RU-61: lowest cumulative wins, ties share */
        int low = 1 << 30;
        for (int q = 0; q < s->np; q++)
            if (E >> q & 1u && s->cum[q] < low) low = s->cum[q];
        unsigned w = 0;
        for (int q = 0; q < s->np; q++)
            if (E >> q & 1u && s->cum[q] == low) w |= 1u << q;
        end_game(s, w, RU_GAME_NO_SURVIVOR);
        return;
    }
    if (__builtin_popcount(S) == 1) { /* RU-62 */
        end_game(s, S, RU_GAME_ONE_SURVIVOR);
        return;
    }
    if (E == 0) {
        next_hand(s);
        return;
    }
    /* RU-63..RU-65: one cost and one score for the whole step. */
    s->rebuy_cost = s->pool;
    s->rebuy_score = -32768;
    for (int q = 0; q < s->np; q++)
        if (S >> q & 1u && s->cum[q] > s->rebuy_score) s->rebuy_score = s->cum[q];
    s->nrebuy = s->rebuy_pos = 0;
    for (int i = 1; i <= s->np; i++) {
        int q = (s->dealer + i) % s->np;
        if (E >> q & 1u) s->rebuy_queue[s->nrebuy++] = (uint8_t)q;
    }
    advance_rebuy(s);
}

/* RU-31..RU-36, RU-41, RU-50..RU-52, RU-V3, RU-V4, RU-V8. */
static void end_hand(ru_state *s, int how, int who)
{
    s->last_end = (uint8_t)how;
    s->last_ender = (uint8_t)who;
    s->revealed = 1;
    s->taken = RU_NONE;
    s->drawn = RU_NONE;
    s->must_rumino = 0;
    /* RU-52: every hand is laid open; keep it, sorted, for every viewer. */
    memset(s->last_hands, 0, sizeof s->last_hands);
    for (int q = 0; q < s->np; q++) {
        int n = s->active[q] ? s->nhand[q] : 0;
        uint8_t c[RU_MAX_HAND];
        assert(n <= RU_HAND);
        memcpy(c, s->hand[q], (size_t)n);
        for (int i = 1; i < n; i++) /* insertion sort: 7 cards */
            for (int j = i; j > 0 && c[j - 1] > c[j]; j--) {
                uint8_t t = c[j];
                c[j] = c[j - 1];
                c[j - 1] = t;
            }
        put_last_hand(s, q, c, n);
    }
    s->last_put = how == RU_END_GIN || how == RU_END_RUMINO ? s->discard[s->ndiscard - 1] : RU_NONE;
    /* A void hand keeps why in last_put: RU_END_VOID for the turn cap (RU-V8). */
    if (how == RU_END_VOID && s->max_turns && s->turns >= s->max_turns) s->last_put = RU_END_VOID;
    s->last_no = s->dealt;
    /* Every completed hand counts, the one that ends the game too. */
    memset(s->hand_score, 0, sizeof s->hand_score);
    s->hands++;
    memcpy(s->last_total, s->cum, sizeof s->last_total);
    s->ends[how]++;
    s->first_ends += how != RU_END_VOID && who == s->hand_first;
    s->all_turns += s->turns;
    if (how == RU_END_RUMINO) {
        end_game(s, 1u << who, RU_GAME_RUMINO);
        return;
    }
    if (how == RU_END_GIN && s->three_gins && s->dealt <= 3) {
        /* RU-V4: the same seat's Gin in hands 1, 2 and 3 wins at once. */
        if (s->dealt == 1)
            s->gin_seat = (uint8_t)who, s->gin_run = 1;
        else if (s->gin_seat == who && s->gin_run == s->dealt - 1)
            s->gin_run++;
        if (s->gin_run == 3 && s->gin_seat == who) {
            end_game(s, 1u << who, RU_GAME_THREE_GINS);
            return;
        }
    }
    if (how == RU_END_VOID) {
        next_hand(s);
        return;
    }
    s->scored++; /* a knock or a Gin that did not end the game: the totals move */
    for (int q = 0; q < s->np; q++) {
        if (!s->active[q]) continue;
        int sc = (how == RU_END_GIN && q == who) ? -10 : ru_hand_deadwood(s, q);
        s->hand_score[q] = (int16_t)sc;
        s->cum[q] = (int16_t)(s->cum[q] + sc);
    }
    memcpy(s->last_total, s->cum, sizeof s->last_total);
    if (how == RU_END_KNOCK) s->knock_dw += s->hand_score[who];
    eliminate(s);
}

/* RU-45: all but the top discard become the new stock. */
static void reshuffle(ru_state *s)
{
    int n = s->ndiscard - 1, top = s->discard[n], by = ru_discarder(s, n);
    uint8_t stock[RU_PILE_MAX];
    memcpy(stock, s->discard, (size_t)n);
    ch_rng_shuffle_u8(&s->rng, stock, n);
    memset(s->discard, 0, sizeof s->discard);
    memset(s->discarder, 0, sizeof s->discarder);
    s->discard[0] = (uint8_t)top;
    ru_set_discarder(s, 0, by);
    s->ndiscard = 1;
    s->nstock = (uint8_t)n;
    for (int i = 0; i < n; i++)
        *ru_stock(s, i) = stock[i];
    s->stock_gen++;
    s->reshuffles++;
}

/* After an ordinary discard by p and any claims: the turn cap, the stock,
 * then the next player. */
static void finish_turn(ru_state *s, int p)
{
    s->phase = RU_PH_TURN;
    if (s->max_turns && s->turns >= s->max_turns) {
        end_hand(s, RU_END_VOID, p);
        return;
    }
    if (s->nstock == 0) {
        if (s->void_on_empty) {
            end_hand(s, RU_END_VOID, p);
            return;
        }
        reshuffle(s);
    }
    s->to_move = (uint8_t)ru_next_active(s, p);
}

/* RU-V5: seats after p, clockwise, whose 7 cards and the discard hold a Rumino. */
static void open_claims(ru_state *s, int p)
{
    int face = s->discard[s->ndiscard - 1];
    s->nclaim = s->claim_pos = 0;
    for (int q = ru_next_active(s, p); q != p; q = ru_next_active(s, q)) {
        uint8_t h[RU_MAX_HAND];
        memcpy(h, s->hand[q], RU_HAND);
        h[RU_HAND] = (uint8_t)face;
        if (ru_meld_rumino_mask(h, RU_HAND + 1, s->natural_rumino))
            s->claim_queue[s->nclaim++] = (uint8_t)q;
    }
    if (s->nclaim == 0) {
        finish_turn(s, p);
        return;
    }
    s->claim_from = (uint8_t)p;
    s->phase = RU_PH_CLAIM;
    s->to_move = s->claim_queue[0];
}

void ru_apply(void *st, ch_action a)
{
    ru_state *s = st;
    int p = s->to_move, face = ru_action_face(a);
    switch (ru_action_type(a)) {
    case RU_A_KNOCK:
        end_hand(s, RU_END_KNOCK, p);
        break;
    case RU_A_DRAW:
        s->drawn = (uint8_t)ru_stock_card(s, s->nstock - 1);
        *ru_stock(s, s->nstock - 1) = 0;
        s->nstock--;
        add_card(s, p, s->drawn, 0);
        s->taken = RU_NONE;
        s->phase = RU_PH_DRAWN;
        break;
    case RU_A_TAKE:
        s->taken = s->discard[--s->ndiscard];
        s->discard[s->ndiscard] = 0;
        ru_set_discarder(s, s->ndiscard, 0);
        add_card(s, p, s->taken, 1);
        s->phase = RU_PH_DRAWN;
        break;
    case RU_A_DISCARD:
        remove_card(s, p, face);
        put_discard(s, p, face);
        s->taken = RU_NONE;
        s->drawn = RU_NONE;
        s->turns++;
        if (s->claim)
            open_claims(s, p);
        else
            finish_turn(s, p);
        break;
    case RU_A_GIN:
        remove_card(s, p, face);
        put_discard(s, p, face);
        end_hand(s, RU_END_GIN, p);
        break;
    case RU_A_RUMINO:
        remove_card(s, p, face);
        put_discard(s, p, face);
        end_hand(s, RU_END_RUMINO, p);
        break;
    case RU_A_REBUY:
        s->chips[p] -= s->rebuy_cost;
        s->pool += s->rebuy_cost;
        s->cum[p] = s->rebuy_score;
        s->rebuys++;
        s->rebuy_pos++;
        advance_rebuy(s);
        break;
    case RU_A_DECLINE:
        s->active[p] = 0;
        s->out_at[p] = s->hands;
        s->eliminated++;
        s->rebuy_pos++;
        advance_rebuy(s);
        break;
    case RU_A_CLAIM: {
        int top = s->discard[--s->ndiscard];
        s->discard[s->ndiscard] = 0;
        ru_set_discarder(s, s->ndiscard, 0);
        add_card(s, p, top, 1);
        s->must_rumino = 1;
        s->nclaim = s->claim_pos = 0;
        s->phase = RU_PH_DRAWN;
        break;
    }
    case RU_A_PASS:
        if (++s->claim_pos < s->nclaim) {
            s->to_move = s->claim_queue[s->claim_pos];
        } else {
            s->nclaim = s->claim_pos = 0;
            finish_turn(s, s->claim_from);
        }
        break;
    default:
        assert(0 && "not a Rumino action");
    }
}

void ru_result(const void *st, ch_result *r)
{
    const ru_state *s = st;
    memset(r, 0, sizeof *r);
    r->n_players = s->np;
    r->terminal = s->phase == RU_PH_OVER;
    r->winners = s->winners;
    r->hands = s->hands;
    for (int p = 0; p < s->np; p++) {
        r->score[p] = s->cum[p];
        r->hand_score[p] = s->hand_score[p];
    }
    /* Winners first; then players who lasted longer; then lower cumulative
     * scores. */
    for (int p = 0; p < s->np; p++) {
        int better = 0;
        for (int q = 0; q < s->np; q++) {
            int wp = s->winners >> p & 1u, wq = s->winners >> q & 1u;
            int lp = s->active[p] ? 32767 : s->out_at[p], lq = s->active[q] ? 32767 : s->out_at[q];
            if (wq != wp)
                better += wq > wp;
            else if (lq != lp)
                better += lq > lp;
            else
                better += s->cum[q] < s->cum[p];
        }
        r->rank[p] = 1 + better;
    }
}
