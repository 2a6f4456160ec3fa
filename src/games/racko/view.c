/* Who knows what in Rack-O (spec §4.2): views, census and resampling all
 * ask the same two questions below, so they cannot disagree. */
#include <assert.h>
#include <string.h>

#include "cardhall/racko.h"
#include "internal.h"

/* A rack slot is known to its owner, to everyone once the card in it came
 * face up from the discard pile (or from a deck whose order is public), and
 * to everyone when the game is over and the racks are revealed. */
int rk_sees_slot(const rk_state *s, int viewer, int seat, int slot)
{
    return viewer == CH_ALL || viewer == seat || s->phase == RK_PH_OVER ||
           (s->known[seat] >> slot & 1u);
}

/* The card in the mover's hand: private after DRAW_DECK, public after
 * TAKE_DISCARD or when the deck order is public. */
int rk_sees_hand(const rk_state *s, int viewer)
{
    return viewer == CH_ALL || viewer == s->turn || s->hand_public;
}

static const char *const phase_names[] = {"start", "taken", "drawn", "declare", "over"};

static json_t *cards(const uint8_t *c, int n)
{
    json_t *a = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(a, json_integer(c[i]));
    return a;
}

static json_t *ints(const int16_t *v, int n)
{
    json_t *a = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(a, json_integer(v[i]));
    return a;
}

json_t *rk_view_json_lean(const void *st, int viewer)
{
    const rk_state *s = st;
    json_t *v = json_object();
    json_object_set_new(v, "game", json_string("racko"));
    json_object_set_new(v, "viewer", viewer == CH_ALL ? json_null() : json_integer(viewer));
    json_object_set_new(v, "players", json_integer(s->n));
    json_object_set_new(v, "phase", json_string(phase_names[s->phase]));
    json_object_set_new(v, "turn", json_integer(s->turn));
    json_object_set_new(v, "dealer", json_integer(s->dealer));
    json_object_set_new(v, "round", json_integer(s->hands + (s->phase != RK_PH_OVER)));
    json_object_set_new(v, "turns_this_round", json_integer(s->turns));
    json_object_set_new(v, "target_score", json_integer(s->target));
    json_object_set_new(v, "scores", ints(s->score, s->n));
    if (s->partnership) {
        json_t *t = json_array();
        for (int team = 0; team < 2; team++)
            json_array_append_new(t, json_integer(rk_team_score(s, team)));
        json_object_set_new(v, "team_scores", t);
    }
    if (s->dealer_draw[0]) json_object_set_new(v, "dealer_draw", cards(s->dealer_draw, s->n));

    json_t *racks = json_array();
    for (int p = 0; p < s->n; p++) {
        json_t *r = json_array();
        for (int i = 0; i < RK_SLOTS; i++)
            json_array_append_new(r, rk_sees_slot(s, viewer, p, i) ? json_integer(s->rack[p][i])
                                                                   : json_null());
        json_array_append_new(racks, r);
    }
    json_object_set_new(v, "racks", racks);
    if (s->two_player_rule == RK_2P_OPTIONAL) {
        json_t *held = json_array(); /* seats known to hold an undeclared Rack-O */
        for (int p = 0; p < s->n; p++)
            if (s->held >> p & 1u) json_array_append_new(held, json_integer(p));
        json_object_set_new(v, "holding_racko", held);
    }
    if (s->hand)
        json_object_set_new(v, "in_hand",
                            rk_sees_hand(s, viewer) ? json_integer(s->hand) : json_string("?"));
    json_object_set_new(v, "discard", cards(s->disc, s->ndisc));
    json_object_set_new(v, "deck_count", json_integer(s->ndeck));
    json_object_set_new(v, "deck_public", json_boolean(s->deck_public));
    if (viewer == CH_ALL || s->deck_public) {
        uint8_t top_first[RK_OUTSIDE];
        for (int k = 0; k < s->ndeck; k++)
            top_first[k] = s->deck[s->ndeck - 1 - k];
        json_object_set_new(v, "deck", cards(top_first, s->ndeck));
    }
    if (s->hands) {
        json_t *last = json_object();
        json_object_set_new(last, "declarer",
                            s->last_declarer == RK_NOBODY ? json_null()
                                                          : json_integer(s->last_declarer));
        json_object_set_new(last, "scores", ints(s->last, s->n));
        json_t *lr = json_array();
        for (int p = 0; p < s->n; p++)
            json_array_append_new(lr, cards(s->last_rack[p], RK_SLOTS));
        json_object_set_new(last, "racks", lr);
        json_object_set_new(v, "last_round", last);
    }
    return v;
}

/* The last hand's record goes last, so that a front end may write the
 * lean view and the record it kept (game.h, view_json_lean). */
json_t *rk_view_json(const void *st, int viewer)
{
    json_t *v = rk_view_json_lean(st, viewer);
    json_object_set_new(v, "last_hand", rk_last_hand_json(st));
    return v;
}

enum { Z_DECK, Z_DISCARD, Z_HAND, Z_OUT, Z_RACK };

void rk_census(const void *st, int viewer, ch_census *c)
{
    const rk_state *s = st;
    for (int k = 0; k < s->ndeck; k++)
        ch_census_put(c, Z_DECK, k, s->deck[k], viewer == CH_ALL || s->deck_public);
    for (int k = 0; k < s->ndisc; k++)
        ch_census_put(c, Z_DISCARD, k, s->disc[k], 1);
    if (s->hand) ch_census_put(c, Z_HAND, 0, s->hand, rk_sees_hand(s, viewer));
    for (int f = s->deck_size + 1; f <= RK_MAX_CARD; f++)
        ch_census_put(c, Z_OUT, f, f, 1); /* not used with this many players */
    for (int p = 0; p < s->n; p++)
        for (int i = 0; i < RK_SLOTS; i++)
            ch_census_put(c, Z_RACK + p, i, s->rack[p][i], rk_sees_slot(s, viewer, p, i));
}

/* Everyone knows seat p's rack rises from #5 to #50 while p sits at the
 * declare-or-end choice, or has declined a declaration and not swapped. */
static int known_racko(const rk_state *s, int p)
{
    return (s->held >> p & 1u) || (s->phase == RK_PH_END && s->turn == p);
}

/* Removes and returns a uniform card of pool[0..*n) within (lo, hi); 0 if
 * none fits (another known Rack-O took them: the caller draws again). */
static uint8_t take_between(uint8_t *pool, int *n, int lo, int hi, ch_rng *rng)
{
    int fit = 0;
    for (int k = 0; k < *n; k++)
        fit += pool[k] > lo && pool[k] < hi;
    if (fit == 0) return 0;
    uint32_t pick = ch_rng_below(rng, (uint32_t)fit);
    for (int k = 0; k < *n; k++) {
        if (pool[k] > lo && pool[k] < hi && pick-- == 0) {
            uint8_t c = pool[k];
            pool[k] = pool[--*n];
            return c;
        }
    }
    assert(0 && "pick < fit");
    return 0;
}

/* The hidden slots of a rack known to be a Rack-O get rising cards that fit
 * between the slots the viewer does see. */
static int refill_racko(rk_state *s, int viewer, int p, uint8_t *pool, int *n, ch_rng *rng)
{
    for (int a = 0; a < RK_SLOTS;) {
        if (rk_sees_slot(s, viewer, p, a)) {
            a++;
            continue;
        }
        int b = a;
        while (b + 1 < RK_SLOTS && !rk_sees_slot(s, viewer, p, b + 1))
            b++;
        int lo = a > 0 ? s->rack[p][a - 1] : 0;
        int hi = b + 1 < RK_SLOTS ? s->rack[p][b + 1] : RK_MAX_CARD + 1;
        uint8_t seg[RK_SLOTS];
        int k = b - a + 1;
        for (int i = 0; i < k; i++)
            if ((seg[i] = take_between(pool, n, lo, hi, rng)) == 0) return 0;
        for (int i = 1; i < k; i++) /* insertion sort: at most 10 cards */
            for (int j = i; j > 0 && seg[j - 1] > seg[j]; j--) {
                uint8_t t = seg[j];
                seg[j] = seg[j - 1];
                seg[j - 1] = t;
            }
        memcpy(&s->rack[p][a], seg, (size_t)k);
        a = b + 1;
    }
    return 1;
}

/* Whether the place is a slot of a known Rack-O (another seat's). */
static int in_known_racko(const rk_state *s, int viewer, const uint8_t *place)
{
    for (int p = 0; p < s->n; p++)
        if (p != viewer && known_racko(s, p) && place >= s->rack[p] &&
            place < s->rack[p] + RK_SLOTS)
            return 1;
    return 0;
}

void rk_resample(void *st, int viewer, ch_rng *rng)
{
    rk_state *s = st;
    uint8_t *place[RK_MAX_CARD];
    uint8_t pool[RK_MAX_CARD];
    int n = 0;
    if (!s->deck_public)
        for (int k = 0; k < s->ndeck; k++)
            place[n++] = &s->deck[k];
    if (s->hand && !rk_sees_hand(s, viewer)) place[n++] = &s->hand;
    for (int p = 0; p < s->n; p++)
        for (int i = 0; i < RK_SLOTS; i++)
            if (!rk_sees_slot(s, viewer, p, i)) place[n++] = &s->rack[p][i];
    uint8_t orig[RK_MAX_CARD];
    for (int k = 0; k < n; k++)
        orig[k] = *place[k];
    /* Sorted, so the world drawn depends on what the viewer knows, not on
     * where the hidden cards really lie (a searching bot's fair play). */
    ch_sort_u8(orig, n);
    /* Two known Rack-Os (the spectator sees every seat's) may compete for the
     * few cards that fit both: a greedy fill can dead-end, so it draws again,
     * and after many failures keeps those racks' true cards, which always fit
     * (a deal the viewer cannot tell from the others; only this rare
     * fallback depends on the true cards). */
    int left = 0, ok = 0;
    rk_state saved = *s;
    for (int attempt = 0; attempt < 64 && !ok; attempt++) {
        *s = saved;
        memcpy(pool, orig, (size_t)n);
        left = n;
        ok = 1;
        for (int p = 0; p < s->n && ok; p++)
            if (p != viewer && known_racko(s, p)) ok = refill_racko(s, viewer, p, pool, &left, rng);
    }
    if (!ok) {
        *s = saved;
        left = 0;
        for (int k = 0; k < n; k++)
            if (!in_known_racko(s, viewer, place[k])) pool[left++] = *place[k];
        ch_sort_u8(pool, left);
    }
    ch_rng_shuffle_u8(rng, pool, left);
    for (int k = 0, j = 0; k < n; k++)
        if (!in_known_racko(s, viewer, place[k])) *place[k] = pool[j++];
    ch_rng_seed(&s->rng, ch_rng_next64(rng), RK_RNG_STREAM);
}

void rk_observe(const rk_state *s, int seat, rk_view *v)
{
    memset(v, 0, sizeof *v);
    v->n = s->n;
    v->deck_size = s->deck_size;
    v->seat = seat;
    v->turn = s->turn;
    v->phase = s->phase;
    v->bonus = s->bonus;
    v->two_player_rule = s->two_player_rule;
    v->target = s->target;
    memcpy(v->rack, s->rack[seat], RK_SLOTS);
    for (int p = 0; p < s->n; p++)
        for (int i = 0; i < RK_SLOTS; i++)
            v->others[p][i] = rk_sees_slot(s, seat, p, i) ? s->rack[p][i] : 0;
    v->hand = s->hand && rk_sees_hand(s, seat) ? s->hand : 0;
    v->disc_top = s->ndisc ? s->disc[s->ndisc - 1] : 0;
    v->ndeck = s->ndeck;
    v->deck_public = s->deck_public;
    v->deck_top = s->deck_public && s->ndeck ? s->deck[s->ndeck - 1] : 0;
    v->turns = s->turns;
    for (int p = 0; p < s->n; p++)
        v->score[p] = s->score[p];
}
