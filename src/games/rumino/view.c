/* What each seat may know: the JSON view, the census of every card, the
 * resample of hidden cards, and the heuristic's view struct. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

int ru_slot_seen(const ru_state *s, int viewer, int p, int i)
{
    return viewer == CH_ALL || viewer == p || s->revealed || ru_known(s, p, i);
}

static json_t *card_json(int face)
{
    char t[8];
    ru_card_text(face, t, sizeof t);
    return json_string(t);
}

static json_t *cards_json(const uint8_t *c, int n)
{
    json_t *a = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(a, card_json(c[i]));
    return a;
}

static int by_face(const void *a, const void *b)
{
    return *(const uint8_t *)a - *(const uint8_t *)b;
}

int ru_sorted_layout(const ru_state *s, int p, uint8_t *h, ru_layout *l)
{
    int n = s->nhand[p];
    memcpy(h, s->hand[p], (size_t)n);
    qsort(h, (size_t)n, 1, by_face);
    ru_meld_best(h, n, l);
    return n;
}

/* The seat's own hand sorted, with its best layout (RU-5), so a person sees
 * why a knock is or is not allowed. */
static json_t *own_json(const ru_state *s, int p)
{
    uint8_t h[RU_MAX_HAND];
    ru_layout l;
    int n = ru_sorted_layout(s, p, h, &l);
    json_t *melds = json_array();
    for (int m = 0; m < l.n_melds; m++)
        json_array_append_new(melds, cards_json(l.meld[m], l.meld_n[m]));
    return json_pack("{s:o,s:o,s:o,s:i}", "hand", cards_json(h, n), "melds", melds, "deadwood",
                     cards_json(l.dead, l.n_dead), "deadwood_points", l.deadwood);
}

json_t *ru_view_json_lean(const void *st, int viewer)
{
    const ru_state *s = st;
    static const char *const ends[] = {"none", "knock", "gin", "rumino", "void"};
    json_t *v = json_object();
    json_object_set_new(v, "phase", json_string(ru_phase_name(s)));
    json_object_set_new(v, "to_move",
                        s->phase == RU_PH_OVER ? json_null() : json_integer(s->to_move));
    json_object_set_new(v, "hand_number", json_integer(s->dealt));
    /* Hands scored (decision 3): those whose deadwood went into the totals,
     * not every hand that ended (the result's "hands"). */
    json_object_set_new(v, "hands_scored", json_integer(s->scored));
    json_object_set_new(v, "dealer", json_integer(s->dealer));
    json_object_set_new(v, "pool", json_integer(s->pool));
    json_object_set_new(v, "stock", json_integer(s->nstock));
    json_object_set_new(v, "discard", cards_json(s->discard, s->ndiscard));
    json_t *by = json_array();
    for (int i = 0; i < s->ndiscard; i++)
        json_array_append_new(by, ru_discarder(s, i) == RU_NONE ? json_null()
                                                                : json_integer(ru_discarder(s, i)));
    json_object_set_new(v, "discarded_by", by);
    json_object_set_new(v, "taken", s->taken == RU_NONE ? json_null() : card_json(s->taken));
    json_object_set_new(v, "last_end", json_string(ends[s->last_end]));
    json_object_set_new(v, "rebuys", json_integer(s->rebuys));
    if (s->phase == RU_PH_REBUY)
        json_object_set_new(
            v, "rebuy",
            json_pack("{s:I,s:i}", "cost", (json_int_t)s->rebuy_cost, "score", s->rebuy_score));
    json_t *players = json_array();
    for (int p = 0; p < s->np; p++) {
        json_t *pl = json_pack("{s:i,s:b,s:i,s:i,s:I,s:i}", "seat", p, "active", s->active[p],
                               "score", s->cum[p], "last_hand", s->hand_score[p], "chips",
                               (json_int_t)s->chips[p], "cards", s->nhand[p]);
        /* Slot order, so a resample that swaps unseen cards keeps the view. */
        json_t *seen = json_array();
        for (int i = 0; i < s->nhand[p]; i++)
            json_array_append_new(seen, ru_slot_seen(s, viewer, p, i) ? card_json(s->hand[p][i])
                                                                      : json_null());
        json_object_set_new(pl, "hand", seen);
        if (viewer == p || (viewer == CH_ALL && s->nhand[p]))
            json_object_set_new(pl, "own", own_json(s, p));
        json_array_append_new(players, pl);
    }
    json_object_set_new(v, "players", players);
    if (s->phase == RU_PH_OVER) {
        json_t *w = json_array();
        for (int p = 0; p < s->np; p++)
            if (s->winners >> p & 1u) json_array_append_new(w, json_integer(p));
        json_object_set_new(v, "winners", w);
    }
    if (viewer == CH_ALL) {
        uint8_t stock[RU_PILE_MAX]; /* bottom first, as the stock is reversed in the state */
        for (int i = 0; i < s->nstock; i++)
            stock[i] = (uint8_t)ru_stock_card(s, i);
        json_object_set_new(v, "stock_order", cards_json(stock, s->nstock));
    }
    if (s->drawn != RU_NONE && (viewer == CH_ALL || viewer == s->to_move))
        json_object_set_new(v, "drawn", card_json(s->drawn));
    return v;
}

/* The last hand's record goes last, so that a front end may write the
 * lean view and the record it kept (game.h, view_json_lean). */
json_t *ru_view_json(const void *st, int viewer)
{
    json_t *v = ru_view_json_lean(st, viewer);
    json_object_set_new(v, "last_hand", ru_last_hand_json(st));
    return v;
}

enum { ZONE_STOCK = 0, ZONE_DISCARD = 1, ZONE_HAND = 2 };

void ru_census(const void *st, int viewer, ch_census *c)
{
    const ru_state *s = st;
    for (int i = 0; i < s->nstock; i++)
        ch_census_put(c, ZONE_STOCK, i, ru_stock_card(s, i), viewer == CH_ALL);
    for (int i = 0; i < s->ndiscard; i++)
        ch_census_put(c, ZONE_DISCARD, i, s->discard[i], 1);
    for (int p = 0; p < s->np; p++)
        for (int i = 0; i < s->nhand[p]; i++)
            ch_census_put(c, ZONE_HAND + p, i, s->hand[p][i], ru_slot_seen(s, viewer, p, i));
}

/* Unseen cards are swapped only within one stock generation: after a
 * reshuffle the new stock's contents are public (they were the discard
 * pile), so they may trade places only with cards drawn from it. */
void ru_resample(void *st, int viewer, ch_rng *rng)
{
    ru_state *s = st;
    /* The card the mover drew this turn is hidden from the others: it is
     * whichever unseen card ends up in its slot, or a resample would keep
     * the true card there for a bot to read. */
    uint8_t *drawn_slot = NULL;
    if (s->drawn != RU_NONE && viewer != s->to_move) {
        int p = s->to_move;
        for (int i = 0; i < s->nhand[p] && !drawn_slot; i++)
            if (s->hand[p][i] == s->drawn && !ru_slot_seen(s, viewer, p, i))
                drawn_slot = &s->hand[p][i];
    }
    for (int g = 0; g <= s->stock_gen; g++) {
        uint8_t pool[RU_NCARDS], *where[RU_NCARDS];
        int n = 0;
        for (int p = 0; p < s->np; p++)
            for (int i = 0; i < s->nhand[p]; i++)
                if (!ru_slot_seen(s, viewer, p, i) && s->gen[p][i] == g) {
                    where[n] = &s->hand[p][i];
                    pool[n++] = s->hand[p][i];
                }
        if (g == s->stock_gen)
            for (int i = 0; i < s->nstock; i++) {
                where[n] = ru_stock(s, i);
                pool[n++] = *ru_stock(s, i);
            }
        ch_sort_u8(pool, n);
        ch_rng_shuffle_u8(rng, pool, n);
        for (int i = 0; i < n; i++)
            *where[i] = pool[i];
    }
    if (drawn_slot) s->drawn = *drawn_slot;
    ch_rng_seed(&s->rng, ch_rng_next64(rng), 0x7275u);
}

void ru_observe(const ru_state *s, int seat, ru_view *v)
{
    memset(v, 0, sizeof *v);
    v->seat = seat;
    v->np = s->np;
    v->phase = s->phase;
    v->to_move = s->to_move;
    v->dealer = s->dealer;
    v->nhand = s->nhand[seat];
    memcpy(v->hand, s->hand[seat], (size_t)v->nhand);
    v->top = s->ndiscard ? s->discard[s->ndiscard - 1] : -1;
    v->taken = s->taken == RU_NONE ? -1 : s->taken;
    v->must_rumino = s->must_rumino;
    v->knock_limit = s->knock_limit;
    v->natural_rumino = s->natural_rumino;
    v->free_discard = s->free_discard;
    v->elimination = s->elimination;
    v->stock = s->nstock;
    v->pool = s->pool;
    v->bankroll = s->bankroll;
    v->rebuy_cost = s->rebuy_cost;
    v->rebuy_score = s->rebuy_score;
    for (int p = 0; p < s->np; p++) {
        v->active[p] = s->active[p];
        v->cum[p] = s->cum[p];
        v->chips[p] = s->chips[p];
        for (int i = 0; i < s->nhand[p]; i++)
            if (p != seat && ru_slot_seen(s, seat, p, i)) v->picked[p][s->hand[p][i]]++;
    }
    for (int i = 0; i < s->ndiscard; i++) {
        v->in_discard[s->discard[i]]++;
        int by = ru_discarder(s, i);
        if (by != RU_NONE) v->thrown[by][s->discard[i]]++;
    }
}
