/* What a seat may know: JSON view, card census, resampling of hidden hands,
 * and the heuristic's view struct. Bids, tricks and every played card are
 * public (perfect recall, E24); hands are private; leftovers stay hidden. */
#include <assert.h>
#include <string.h>

#include "internal.h"

static json_t *card_json(int face)
{
    char t[12];
    cm_card_text(face, t, sizeof t);
    return json_string(t);
}

static json_t *suits_json(const uint8_t *x)
{
    json_t *a = json_array();
    for (int su = 0; su < 4; su++)
        json_array_append_new(a, json_integer(x[su]));
    return a;
}

static json_t *results_json(const cm_state *s)
{
    json_t *a = json_array();
    for (int d = 0; d < s->deal; d++) {
        json_t *r = json_pack("{s:i,s:s,s:s,s:i}", "deal", d + 1, "result",
                              s->res[d] == CM_WIN ? "WIN" : "LOSS", "reason",
                              cm_reason_name(s->res[d]), "at", s->res_at[d]);
        json_object_set_new(
            r, "phase",
            json_string(s->res[d] >= CM_WRONG_SUIT || s->res[d] == CM_WIN ? "trick" : "bidding"));
        json_object_set_new(r, "by",
                            s->res_by[d] == CM_NOBODY ? json_null() : json_integer(s->res_by[d]));
        json_array_append_new(a, r);
    }
    return a;
}

static json_t *seat_json(const cm_state *s, int p, int viewer)
{
    json_t *o = json_object(), *items = json_array();
    json_object_set_new(o, "bid", suits_json(s->v[p]));
    json_object_set_new(o, "won", suits_json(s->won[p]));
    uint8_t taken[CM_BID_TURNS];
    int n = cm_items(s, p, taken);
    for (int i = 0; i < n; i++) {
        char t[12];
        cm_item_text(taken[i], t, sizeof t);
        json_array_append_new(items, json_string(t));
    }
    json_object_set_new(o, "items", items);
    json_object_set_new(o, "cards", json_integer(__builtin_popcountll(s->hand[p])));
    if (viewer == CH_ALL || viewer == p) {
        json_t *h = json_array();
        for (uint64_t m = s->hand[p]; m; m &= m - 1)
            json_array_append_new(h, card_json(__builtin_ctzll(m)));
        json_object_set_new(o, "hand", h);
    }
    return o;
}

static json_t *bidding_json(const cm_state *s)
{
    json_t *o = json_object(), *pool = json_array(), *log = json_array();
    for (int i = 0; i < 16; i++)
        if (s->pool >> i & 1) json_array_append_new(pool, card_json(CM_FACE_BID + i));
    json_object_set_new(o, "pool", pool);
    json_object_set_new(o, "jokers", json_integer(s->jokers));
    json_object_set_new(o, "total", json_integer(s->total));
    json_object_set_new(o, "turn", json_integer(s->turn));
    json_object_set_new(o, "passes", json_integer(s->passes));
    for (int i = 0; i < s->turn; i++) {
        char t[16];
        cm_action_text(s, s->bidlog[i], t, sizeof t);
        json_array_append_new(log,
                              json_pack("{s:i,s:s}", "seat", (s->dealer + i) % s->np, "action", t));
    }
    json_object_set_new(o, "log", log);
    return o;
}

static json_t *tricks_json(const cm_state *s)
{
    json_t *a = json_array();
    int np = s->np;
    for (int t = 0; t * np < s->nplay; t++) {
        json_t *cards = json_array();
        for (int i = 0; i < np && t * np + i < s->nplay; i++)
            json_array_append_new(cards, card_json(s->play[t * np + i]));
        json_t *o = json_pack("{s:i,s:o}", "leader", s->lead[t], "cards", cards);
        if (t < s->trick) {
            int face;
            json_object_set_new(o, "winner", json_integer(cm_trick_winner(s, t, &face)));
        }
        json_array_append_new(a, o);
    }
    return a;
}

json_t *cm_view_json_lean(const void *st, int viewer)
{
    const cm_state *s = st;
    json_t *v = json_object(), *seats = json_array();
    json_object_set_new(v, "game", json_string("comrade"));
    json_object_set_new(v, "viewer", viewer == CH_ALL ? json_null() : json_integer(viewer));
    json_object_set_new(v, "players", json_integer(s->np));
    json_object_set_new(v, "target", json_integer(s->target));
    json_object_set_new(v, "ace_high", json_boolean(s->ace_high));
    json_object_set_new(v, "safe_bids", json_boolean(s->safe_bids));
    json_object_set_new(v, "deals", json_integer(s->ndeals));
    json_object_set_new(v, "deal", json_integer(s->deal + (s->phase != CM_PH_OVER)));
    json_object_set_new(v, "first_dealer", json_integer(s->first_dealer));
    json_object_set_new(v, "dealer", json_integer(s->dealer));
    json_object_set_new(v, "phase", json_string(cm_phase(s)));
    json_object_set_new(v, "to_move", json_integer(cm_to_move(s)));
    json_object_set_new(v, "results", results_json(s));
    json_object_set_new(v, "wins", json_integer(s->wins));
    const char *label = s->phase == CM_PH_OVER ? cm_label(s->wins, s->ndeals) : NULL;
    json_object_set_new(v, "label", label ? json_string(label) : json_null());
    json_object_set_new(v, "bidding", bidding_json(s));
    for (int p = 0; p < s->np; p++)
        json_array_append_new(seats, seat_json(s, p, viewer));
    json_object_set_new(v, "seats", seats);
    json_object_set_new(v, "tricks", tricks_json(s));
    return v;
}

/* The last hand's record goes last, so that a front end may write the
 * lean view and the record it kept (game.h, view_json_lean). */
json_t *cm_view_json(const void *st, int viewer)
{
    json_t *v = cm_view_json_lean(st, viewer);
    json_object_set_new(v, "last_hand", cm_last_hand_json(st));
    return v;
}

enum { Z_HAND = 1, Z_PLAYED = 10, Z_POOL = 20, Z_ITEMS = 30, Z_OUT = 40 };

void cm_census(const void *st, int viewer, ch_census *c)
{
    const cm_state *s = st;
    for (int p = 0; p < s->np; p++) {
        int i = 0;
        for (uint64_t m = s->hand[p]; m; m &= m - 1)
            ch_census_put(c, Z_HAND + p, i++, __builtin_ctzll(m), viewer == CH_ALL || viewer == p);
    }
    for (int i = 0; i < s->nplay; i++)
        ch_census_put(c, Z_PLAYED, i, s->play[i], 1);
    /* Play cards the 3-player version leaves out, and its absent jokers: public. */
    uint64_t out = ~cm_deck_mask(s->np) & ((1ull << 52) - 1);
    for (; out; out &= out - 1)
        ch_census_put(c, Z_OUT, __builtin_ctzll(out), __builtin_ctzll(out), 1);
    for (int j = s->njokers; j < 2; j++)
        ch_census_put(c, Z_OUT, 60 + j, CM_FACE_JOKER, 1);
    for (int i = 0; i < 16; i++)
        if (s->pool >> i & 1) ch_census_put(c, Z_POOL, i, CM_FACE_BID + i, 1);
    for (int j = 0; j < s->jokers; j++)
        ch_census_put(c, Z_POOL, 16 + j, CM_FACE_JOKER, 1);
    /* Taken items, covered ones included, lie at the taker's place. */
    for (int i = 0; i < s->turn; i++) {
        int a = s->bidlog[i], p = (s->dealer + i) % s->np;
        if (a == CM_PASS) continue;
        int face = a <= CM_TAKE(3, 4) ? CM_FACE_BID + a - 1 : CM_FACE_JOKER;
        ch_census_put(c, Z_ITEMS + p, i, face, 1);
    }
}

/* Deals cards[0..n) to the seats in need[] (count per seat), never a card of
 * a suit the seat is known to lack. Returns 0 when the draw breaks a void. */
static int deal_hidden(const uint8_t *cards, const int *need, const unsigned *voids, int np,
                       uint64_t *hand)
{
    int k = 0;
    uint64_t h[CM_SEATS] = {0};
    for (int p = 0; p < np; p++)
        for (int j = 0; j < need[p]; j++, k++) {
            if (voids[p] >> CM_SUIT(cards[k]) & 1) return 0;
            h[p] |= 1ull << cards[k];
        }
    memcpy(hand, h, sizeof h);
    return 1;
}

/* space[set] = room of the seats that may hold a card of some suit in set. */
static void set_space(const int *room, const unsigned *voids, int np, int *space)
{
    for (unsigned set = 1; set < 16; set++) {
        space[set] = 0;
        for (int p = 0; p < np; p++)
            if (~voids[p] & set & 15u) space[set] += room[p];
    }
}

/* Whether left[su] cards of each suit can still fill every seat once one
 * more card goes to a seat with voids v: by Hall's theorem, iff every set of
 * suits has no more cards than the room of the seats that may hold one of
 * them (totals are equal, so this is also enough to fill every seat). */
static int fillable_after(const int *left, const int *space, unsigned v)
{
    for (unsigned set = 1; set < 16; set++) {
        int cards = 0;
        for (int su = 0; su < 4; su++)
            if (set >> su & 1) cards += left[su];
        if (cards > space[set] - (~v & set & 15u ? 1 : 0)) return 0;
    }
    return 1;
}

/* Each card in turn goes to a seat drawn in proportion to its room among
 * the seats that may hold its suit and leave the rest fillable. */
void cm_deal_constrained(const uint8_t *cards, int n, const int *need, const unsigned *voids,
                         int np, ch_rng *rng, uint64_t *hand)
{
    int room[CM_SEATS], left[4] = {0}, space[16];
    memcpy(room, need, sizeof room);
    for (int i = 0; i < n; i++)
        left[CM_SUIT(cards[i])]++;
    memset(hand, 0, sizeof(uint64_t) * CM_SEATS);
    for (int i = 0; i < n; i++) {
        int su = CM_SUIT(cards[i]), weight[CM_SEATS] = {0}, total = 0;
        left[su]--;
        set_space(room, voids, np, space);
        for (int p = 0; p < np; p++)
            if (room[p] && !(voids[p] >> su & 1) && fillable_after(left, space, voids[p]))
                weight[p] = room[p], total += weight[p];
        /* The true hands fill every seat, so some seat always remains. */
        assert(total > 0);
        int r = (int)ch_rng_below(rng, (uint32_t)total), p = 0;
        while ((r -= weight[p]) >= 0)
            p++;
        room[p]--;
        hand[p] |= 1ull << cards[i];
    }
}

void cm_resample(void *st, int viewer, ch_rng *rng)
{
    cm_state *s = st;
    int need[CM_SEATS] = {0}, n = 0;
    unsigned voids[CM_SEATS] = {0};
    uint8_t cards[52];
    for (int p = 0; p < s->np; p++) {
        if (p == viewer) continue;
        need[p] = __builtin_popcountll(s->hand[p]);
        voids[p] = cm_voids(s, p);
        for (uint64_t m = s->hand[p]; m; m &= m - 1)
            cards[n++] = (uint8_t)__builtin_ctzll(m);
    }
    ch_sort_u8(cards, n);
    /* Rejection first (uniform over the hands that keep the shown voids),
     * then a deal that cannot fail; never the true hands, which a searching
     * bot must not see. */
    uint64_t hand[CM_SEATS];
    int ok = 0;
    for (int tries = 0; tries < 20 && !ok; tries++) {
        ch_rng_shuffle_u8(rng, cards, n);
        ok = deal_hidden(cards, need, voids, s->np, hand);
    }
    if (!ok) cm_deal_constrained(cards, n, need, voids, s->np, rng, hand);
    for (int p = 0; p < s->np; p++)
        if (p != viewer) s->hand[p] = hand[p];
    ch_rng_seed(&s->rng, ch_rng_next64(rng), CM_STREAM);
}

void cm_observe(const void *st, int seat, cm_view *v)
{
    const cm_state *s = st;
    memset(v, 0, sizeof *v);
    v->seat = seat;
    v->np = s->np;
    v->target = s->target;
    v->phase = s->phase;
    v->dealer = s->dealer;
    v->to_move = cm_to_move(s);
    v->ace_high = s->ace_high;
    v->safe_bids = s->safe_bids;
    v->hand = s->hand[seat];
    /* Every dealt card is in a hand or played (cheaper than reading the
     * plays: the heuristic observes on every move of its searches). */
    uint64_t held = 0;
    for (int p = 0; p < s->np; p++)
        held |= s->hand[p];
    if (s->phase == CM_PH_PLAY) v->played = cm_deck_mask(s->np) & ~held;
    v->pool = s->pool;
    v->jokers = s->jokers;
    v->turn = s->turn;
    v->passes = s->passes;
    v->total = s->total;
    memcpy(v->v, s->v, sizeof v->v);
    memcpy(v->won, s->won, sizeof v->won);
    for (int p = 0; p < s->np; p++) {
        v->count[p] = (uint8_t)__builtin_popcountll(s->hand[p]);
        v->voids[p] = (uint8_t)cm_voids(s, p);
    }
    v->trick = s->trick;
    v->ncur = s->phase == CM_PH_PLAY ? s->nplay - s->trick * s->np : 0;
    v->leader = s->phase == CM_PH_PLAY ? s->lead[s->trick] : -1;
    v->led = v->ncur ? CM_SUIT(s->play[s->trick * s->np]) : -1;
    for (int i = 0; i < v->ncur; i++)
        v->cur[i] = s->play[s->trick * s->np + i];
    v->best_seat = cm_trick_winner(s, s->trick, &v->best_face);
    if (!v->ncur) v->best_seat = v->best_face = -1;
}
