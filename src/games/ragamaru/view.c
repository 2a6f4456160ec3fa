/* RAGAMARU information (spec 4.2): the JSON view, the census of every
 * physical card, resampling of what a seat cannot know, and the bot view.
 *
 * Hidden from a seat: other hands (including a card another player just
 * drew) and the stock. Public: the discard pile, the cards out of play, and
 * every count. */
#include <string.h>

#include "internal.h"

enum { ZONE_STOCK, ZONE_DISCARD, ZONE_OUT, ZONE_DRAWN, ZONE_HAND = 10 };

/* A hand is known to its owner, and to everyone once the game is over:
 * the hands are laid open at the end (the reveal of the last hand). A
 * spectator (CH_SPECTATOR) is no seat, so it knows only what is public. */
int rg_knows_hand(const rg_state *s, int viewer, int seat)
{
    return viewer == CH_ALL || viewer == seat || s->phase == RG_PH_OVER;
}

/* The drawn card sits apart from its owner's hand, so the card only the
 * drawer knows has a place of its own. */
int rg_has_drawn(const rg_state *s, int p)
{
    return s->phase == RG_PH_DRAWN && s->turn == p;
}

static json_t *cards_json(const uint8_t *f, int n)
{
    json_t *a = json_array();
    for (int i = 0; i < n; i++) {
        char t[16];
        rg_card_text(f[i], t, sizeof t);
        json_array_append_new(a, json_string(t));
    }
    return a;
}

static json_t *hand_json(const rg_hand *h)
{
    int faces[RG_DECK_MAX], n = rg_hand_faces(h, faces);
    uint8_t f[RG_DECK_MAX];
    for (int i = 0; i < n; i++)
        f[i] = (uint8_t)faces[i];
    return cards_json(f, n);
}

static int out_of_play(const rg_state *s, uint8_t *f)
{
    int n = 0;
    for (int face = 0; face < RG_NFACES; face++)
        for (int c = rg_in_deck(s->deck, face); c < rg_box.copies[face]; c++)
            f[n++] = (uint8_t)face;
    return n;
}

json_t *rg_view_json_lean(const void *st, int viewer)
{
    const rg_state *s = st;
    json_t *v = json_object(), *sizes = json_array(), *rests = json_array(), *order = json_array();
    json_t *drew = json_array();
    static const char *const phases[] = {"kickoff", "play", "drawn",  "respond",
                                         "discard", "over", "declare"};
    json_object_set_new(v, "viewer", json_integer(viewer));
    json_object_set_new(v, "players", json_integer(s->np));
    json_object_set_new(v, "deck", json_integer(s->deck));
    json_object_set_new(v, "teams", json_integer(s->teams));
    json_object_set_new(v, "phase", json_string(phases[s->phase]));
    json_object_set_new(v, "to_move", json_integer(s->turn));
    for (int i = 0; i < s->np; i++) {
        json_array_append_new(order, json_integer(s->order[i]));
        json_array_append_new(sizes, json_integer(s->hand[i].n));
        json_array_append_new(rests, json_integer(s->rests[i]));
        json_array_append_new(drew, json_integer(s->drawn_total[i]));
    }
    json_object_set_new(v, "order", order);
    json_object_set_new(v, "direction", json_integer(s->dir));
    json_object_set_new(v, "hand_sizes", sizes);
    json_object_set_new(v, "rests", rests);
    json_object_set_new(v, "cards_drawn", drew);
    json_object_set_new(v, "colour", json_string(rg_box.colour_code[s->C]));
    json_object_set_new(v, "number", json_integer(s->N));
    json_object_set_new(
        v, "set_by", json_string(s->T == RG_NONE || s->T == RG_NUMBER ? "" : rg_type_code(s->T)));
    if (s->ptype != RG_NONE)
        json_object_set_new(v, "pending",
                            json_pack("{s:s,s:i,s:b}", "type", rg_type_code(s->ptype), "total",
                                      s->ptotal, "closed", s->pclosed));
    json_object_set_new(v, "first", json_integer(s->first));
    json_object_set_new(v, "chooser", json_integer(s->chooser));
    /* null until the chooser has named it (the field's 0 would read R). */
    json_object_set_new(v, "kickoff",
                        s->phase == RG_PH_KICKOFF ? json_null()
                                                  : json_string(rg_box.colour_code[s->kickoff]));
    json_object_set_new(v, "dry_passed", json_integer(s->dry_passed));
    json_object_set_new(v, "winner", json_integer(s->winner));
    json_object_set_new(v, "arrivals", json_integer(s->arrivals));
    json_object_set_new(v, "discards_left", json_integer(s->adv_left));
    json_object_set_new(v, "stock_count", json_integer(s->nstock));
    if (viewer == CH_ALL) json_object_set_new(v, "stock", cards_json(s->stock, s->nstock));
    json_object_set_new(v, "discard", cards_json(s->disc, s->ndisc));
    uint8_t out[8];
    json_object_set_new(v, "out_of_play", cards_json(out, out_of_play(s, out)));
    json_t *hands = json_object();
    for (int p = 0; p < s->np; p++) {
        if (!rg_knows_hand(s, viewer, p)) continue;
        char key[4] = {(char)('0' + p), 0};
        json_object_set_new(hands, key, hand_json(&s->hand[p]));
        if (rg_has_drawn(s, p)) {
            char t[16];
            rg_card_text(s->drawn, t, sizeof t);
            json_object_set_new(v, "drawn", json_string(t));
        }
    }
    json_object_set_new(v, "hands", hands);
    return v;
}

/* The last hand's record goes last, so that a front end may write the
 * lean view and the record it kept (game.h, view_json_lean). */
json_t *rg_view_json(const void *st, int viewer)
{
    json_t *v = rg_view_json_lean(st, viewer);
    json_object_set_new(v, "last_hand", rg_last_hand_json(st));
    return v;
}

void rg_census(const void *st, int viewer, ch_census *c)
{
    const rg_state *s = st;
    int all = viewer == CH_ALL;
    for (int i = 0; i < s->nstock; i++)
        ch_census_put(c, ZONE_STOCK, i, s->stock[i], all);
    for (int i = 0; i < s->ndisc; i++)
        ch_census_put(c, ZONE_DISCARD, i, s->disc[i], 1);
    uint8_t out[8];
    int nout = out_of_play(s, out);
    for (int i = 0; i < nout; i++)
        ch_census_put(c, ZONE_OUT, i, out[i], 1);
    for (int p = 0; p < s->np; p++) {
        int faces[RG_DECK_MAX], n = rg_hand_faces(&s->hand[p], faces), pos = 0, skip = -1;
        if (rg_has_drawn(s, p)) {
            skip = s->drawn;
            ch_census_put(c, ZONE_DRAWN, 0, s->drawn, rg_knows_hand(s, viewer, p));
        }
        for (int i = 0; i < n; i++) {
            if (faces[i] == skip) {
                skip = -1;
                continue;
            }
            ch_census_put(c, ZONE_HAND + p, pos++, faces[i], rg_knows_hand(s, viewer, p));
        }
    }
}

void rg_resample(void *st, int viewer, ch_rng *rng)
{
    rg_state *s = st;
    uint8_t pool[RG_DECK_MAX];
    int n = 0;
    for (int p = 0; p < s->np; p++) {
        if (rg_knows_hand(s, viewer, p)) continue;
        int faces[RG_DECK_MAX], k = rg_hand_faces(&s->hand[p], faces);
        for (int i = 0; i < k; i++)
            pool[n++] = (uint8_t)faces[i];
    }
    memcpy(pool + n, s->stock, s->nstock);
    n += s->nstock;
    ch_sort_u8(pool, n);
    ch_rng_shuffle_u8(rng, pool, n);
    int k = 0;
    for (int p = 0; p < s->np; p++) {
        if (rg_knows_hand(s, viewer, p)) continue;
        int size = s->hand[p].n;
        rg_hand h = {.next = {s->hand[p].next[0], s->hand[p].next[1]}};
        s->hand[p] = h;
        if (rg_has_drawn(s, p)) s->drawn = pool[k];
        for (int i = 0; i < size; i++)
            rg_hand_add(&s->hand[p], pool[k++]);
    }
    memcpy(s->stock, pool + k, s->nstock);
    ch_rng_seed(&s->rng, ch_rng_next64(rng), 0x7a6du);
}

void rg_observe(const rg_state *s, int seat, rg_view *v)
{
    memset(v, 0, sizeof *v);
    v->seat = seat;
    v->np = s->np;
    v->phase = s->phase;
    v->teams = s->teams;
    v->C = s->C;
    v->N = s->N;
    v->T = s->T;
    v->ptype = s->ptype;
    v->ptotal = s->ptotal;
    v->pclosed = s->pclosed;
    v->dir = s->dir;
    v->drawn = rg_has_drawn(s, seat) ? s->drawn : -1;
    v->adv_left = s->adv_left;
    for (int i = 0; i < s->np; i++) {
        v->order[i] = s->order[i];
        v->next[i] = rg_seat_next(s, seat, i + 1);
        v->hand_n[i] = s->hand[i].n;
        v->rests[i] = s->rests[i];
    }
    v->nstock = s->nstock;
    v->ndisc = s->ndisc;
    for (int f = 0; f < RG_NFACES; f++) {
        v->cnt[f] = (uint8_t)rg_hand_count(&s->hand[seat], f);
        v->gone[f] = (uint8_t)(rg_box.copies[f] - rg_in_deck(s->deck, f));
    }
    for (int i = 0; i < s->ndisc; i++)
        v->gone[s->disc[i]]++;
}
