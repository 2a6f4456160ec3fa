/* What each seat may know: the view struct, view_json, census and resample.
 * Knowledge is known[card] (bit p: seat p knows the card's zone). Inside a
 * seat's hidden zones positions carry no knowledge for others (hands may be
 * rearranged at any time, DB-25), so a card another seat knows is listed by
 * face, never by position. */
#include <stdio.h>
#include <string.h>

#include "internal.h"

static int knows(const db_state *s, int viewer, int c)
{
    return db_knows(s, viewer, c);
}

/* One seat's hidden zone kinds, in census order. */
enum { HZ_HAND, HZ_PACK, HZ_KEPT, HZ_TAKEN, HZ_ASIDE, HZ_N };

static uint8_t *hidden_zone(const db_state *s, int p, int kind, int *n)
{
    db_state *w = (db_state *)s; /* callers that only read never write through it */
    switch (kind) {
    case HZ_HAND:
        *n = s->nhand[p];
        return db_hand(w, p);
    case HZ_PACK:
        *n = s->npack[p];
        return db_pack(w, p);
    case HZ_KEPT:
        *n = s->nkept[p];
        return db_kept(w, p);
    case HZ_TAKEN:
        *n = p < 2 ? s->ntaken[p] : 0;
        return p < 2 ? db_taken(w, p) : NULL;
    default:
        *n = p < 2 ? s->naside[p] : 0;
        return p < 2 ? db_aside(w, p) : NULL;
    }
}

/* ---- The view struct ---- */

static void mark(db_view *v, const uint8_t *c, int n, int at, int owner)
{
    for (int i = 0; i < n; i++) {
        v->at[c[i]] = (uint8_t)at;
        v->owner[c[i]] = (int8_t)owner;
    }
}

void db_observe(const db_state *s, int seat, db_view *v)
{
    memset(v, 0, sizeof *v);
    v->seat = seat;
    v->n = s->n;
    v->phase = s->phase;
    v->round = s->round;
    v->dealer = s->dealer;
    v->left_dir = s->round % 2;
    v->to_move = s->phase == DB_PH_OVER ? CH_TERMINAL : s->mover;
    v->raider = s->raider;
    v->target = s->target;
    memcpy(v->card, s->card, sizeof v->card);
    for (int c = 0; c < DB_NCARDS; c++)
        v->owner[c] = -1;
    static const uint8_t hz_at[HZ_N] = {DB_AT_HAND, DB_AT_PACK, DB_AT_KEPT, DB_AT_TAKEN,
                                        DB_AT_ASIDE};
    for (int p = 0; p < s->n; p++) {
        for (int k = 0; k < HZ_N; k++) {
            int n;
            const uint8_t *z = hidden_zone(s, p, k, &n);
            for (int i = 0; i < n; i++)
                if (knows(s, seat, z[i])) mark(v, &z[i], 1, hz_at[k], p);
        }
        mark(v, db_vrow(s, p), s->nvrow[p], DB_AT_VROW, p);
        mark(v, db_score(s, p), s->nscore[p], DB_AT_SCORE, p);
        if (p < 2) mark(v, db_drow(s, p), s->ndrow[p], DB_AT_DROW, p);
        v->nhand[p] = s->nhand[p];
        v->npack[p] = s->npack[p];
        v->nkept[p] = s->nkept[p];
        v->total[p] = s->total[p];
    }
    mark(v, db_disc(s), s->ndisc, DB_AT_DISCARD, -1);
    if (s->centre != DB_NONE) mark(v, &s->centre, 1, DB_AT_CENTRE, -1);
}

/* ---- JSON ---- */

static json_t *card_list(const db_state *s, const uint8_t *c, int n)
{
    json_t *a = json_array();
    char t[16];
    for (int i = 0; i < n; i++) {
        db_card_str(s, c[i], t, sizeof t);
        json_array_append_new(a, json_string(t));
    }
    return a;
}

/* A hidden zone as viewer sees it: its size and the cards viewer knows are
 * there (in order if it is viewer's own zone, else sorted by face). */
static void hidden_json(json_t *o, const char *key, const db_state *s, const uint8_t *z, int n,
                        int own, int viewer)
{
    uint8_t k[DB_NCARDS];
    int m = 0;
    if (own) {
        memcpy(k, z, (size_t)n);
        m = n;
    } else {
        for (int c = 0; c < DB_NCARDS; c++)
            for (int i = 0; i < n; i++)
                if (z[i] == c && knows(s, viewer, c)) k[m++] = (uint8_t)c;
    }
    char cnt[24];
    snprintf(cnt, sizeof cnt, "%s_count", key);
    json_object_set_new(o, cnt, json_integer(n));
    json_object_set_new(o, key, card_list(s, k, m));
}

static json_t *ints(const void *base, int n, int size)
{
    json_t *a = json_array();
    for (int i = 0; i < n; i++) {
        long v = size == 4 ? ((const int32_t *)base)[i] : ((const int16_t *)base)[i];
        json_array_append_new(a, json_integer(v));
    }
    return a;
}

json_t *db_view_json_lean(const void *st, int viewer)
{
    const db_state *s = st;
    static const char *const hz_name[HZ_N] = {"hand", "pack", "kept", "taken", "aside"};
    static const char *const phases[] = {"draft", "acquire", "raid", "arrange", "draw", "over"};
    json_t *v = json_object();
    json_object_set_new(v, "viewer", json_integer(viewer));
    json_object_set_new(v, "players", json_integer(s->n));
    json_object_set_new(v, "round", json_integer(s->round));
    json_object_set_new(v, "direction", json_string(s->round % 2 ? "left" : "right"));
    json_object_set_new(v, "dealer", json_integer(s->dealer));
    json_object_set_new(v, "phase", json_string(phases[s->phase]));
    json_object_set_new(v, "to_move",
                        json_integer(s->phase == DB_PH_OVER ? CH_TERMINAL : s->mover));
    json_object_set_new(v, "chosen", json_integer(s->chosen));
    json_object_set_new(v, "target_score", json_integer(s->target_score));
    json_object_set_new(v, "sudden_death", json_boolean(s->sudden_death));
    json_object_set_new(v, "sudden_death_active", json_boolean(s->sd_active));
    json_object_set_new(v, "one_shot", json_boolean(s->one_shot));
    json_object_set_new(v, "target_arranges", json_boolean(s->arranges));
    json_object_set_new(v, "rounds_done", json_integer(s->rounds_done));
    json_object_set_new(v, "totals", ints(s->total, s->n, 4));
    json_object_set_new(v, "last_round", ints(s->last_round, s->n, 2));
    json_object_set_new(v, "last_secured", ints(s->last_secured, s->n, 2));
    json_object_set_new(v, "last_hand_score", ints(s->last_hand, s->n, 2));
    json_t *cards = json_array();
    for (int c = 0; c < DB_NCARDS; c++) {
        char t[16], suits[27];
        db_suits_str(s, c, suits, sizeof suits);
        db_card_str(s, c, t, sizeof t);
        json_array_append_new(cards, json_pack("{s:s,s:s,s:i,s:i}", "card", t, "suits",
                                               suits[0] ? suits : "-", "secured",
                                               s->card[c].secured, "hand", s->card[c].hand));
    }
    json_object_set_new(v, "cards", cards);
    json_object_set_new(v, "discard", card_list(s, db_disc(s), s->ndisc));
    if (s->phase == DB_PH_RAID || s->phase == DB_PH_ARRANGE || s->phase == DB_PH_DRAW)
        json_object_set_new(v, "raider", json_integer(s->raider));
    if (s->centre != DB_NONE) {
        json_object_set_new(v, "centre", card_list(s, &s->centre, 1));
        json_object_set_new(v, "target", json_integer(s->target));
        json_object_set_new(v, "arranged", json_integer(s->arranged));
    }
    if (s->last_out != DB_OUT_NONE) {
        static const char *const outs[] = {"",         "steal",    "caught", "both_discarded",
                                           "returned", "no_target"};
        json_t *l = json_object();
        json_object_set_new(l, "raider", json_integer(s->last_raider));
        json_object_set_new(l, "villain", card_list(s, &s->last_villain, 1));
        if (s->last_drawn != DB_NONE) {
            json_object_set_new(l, "target", json_integer(s->last_target));
            json_object_set_new(l, "drawn", card_list(s, &s->last_drawn, 1));
        }
        json_object_set_new(l, "outcome", json_string(outs[s->last_out]));
        json_object_set_new(v, "last_raid", l);
    }
    json_t *seats = json_array();
    for (int p = 0; p < s->n; p++) {
        json_t *o = json_object();
        for (int k = 0; k < HZ_N; k++) {
            int n;
            const uint8_t *z = hidden_zone(s, p, k, &n);
            if (k >= HZ_TAKEN && s->n != 2) continue;
            hidden_json(o, hz_name[k], s, z, n, viewer == CH_ALL || viewer == p, viewer);
        }
        json_object_set_new(o, "villains", card_list(s, db_vrow(s, p), s->nvrow[p]));
        json_object_set_new(o, "secured", card_list(s, db_score(s, p), s->nscore[p]));
        if (s->n == 2)
            json_object_set_new(o, "discarded", card_list(s, db_drow(s, p), s->ndrow[p]));
        json_array_append_new(seats, o);
    }
    json_object_set_new(v, "seats", seats);
    if (viewer == CH_ALL) {
        /* deck[ndeck-1] is the top; list top first. */
        uint8_t d[DB_NCARDS];
        for (int i = 0; i < s->ndeck; i++)
            d[i] = db_deck_cards(s)[s->ndeck - 1 - i];
        json_object_set_new(v, "deck", card_list(s, d, s->ndeck));
    } else {
        json_object_set_new(v, "deck_count", json_integer(s->ndeck));
    }
    return v;
}

/* The last hand's record goes last, so that a front end may write the
 * lean view and the record it kept (game.h, view_json_lean). */
json_t *db_view_json(const void *st, int viewer)
{
    json_t *v = db_view_json_lean(st, viewer);
    json_object_set_new(v, "last_hand", db_last_hand_json(st));
    return v;
}

/* ---- Census ---- */

enum { Z_DISCARD, Z_DECK, Z_CENTRE, Z_SEAT0 = 10 };
/* Per seat: 2 census zones per hidden kind (known, unknown), then public ones. */
enum { ZS_VROW = 2 * HZ_N, ZS_SCORE, ZS_DROW, ZS_N };

static void census_hidden(const db_state *s, int viewer, ch_census *c, int zone, const uint8_t *z,
                          int n)
{
    int known_pos = 0, unknown_pos = 0;
    for (int f = 0; f < DB_NCARDS; f++)
        for (int i = 0; i < n; i++)
            if (z[i] == f && knows(s, viewer, f)) ch_census_put(c, zone, known_pos++, f, 1);
    for (int i = 0; i < n; i++)
        if (!knows(s, viewer, z[i])) ch_census_put(c, zone + 1, unknown_pos++, z[i], 0);
}

static void census_public(ch_census *c, int zone, const uint8_t *z, int n)
{
    for (int i = 0; i < n; i++)
        ch_census_put(c, zone, i, z[i], 1);
}

void db_census(const void *st, int viewer, ch_census *c)
{
    const db_state *s = st;
    census_public(c, Z_DISCARD, db_disc(s), s->ndisc);
    for (int i = 0; i < s->ndeck; i++)
        ch_census_put(c, Z_DECK, i, db_deck_cards(s)[i], viewer == CH_ALL);
    if (s->centre != DB_NONE) census_public(c, Z_CENTRE, &s->centre, 1);
    for (int p = 0; p < s->n; p++) {
        int base = Z_SEAT0 + p * ZS_N;
        for (int k = 0; k < HZ_N; k++) {
            int n;
            const uint8_t *z = hidden_zone(s, p, k, &n);
            census_hidden(s, viewer, c, base + 2 * k, z, n);
        }
        census_public(c, base + ZS_VROW, db_vrow(s, p), s->nvrow[p]);
        census_public(c, base + ZS_SCORE, db_score(s, p), s->nscore[p]);
        if (p < 2) census_public(c, base + ZS_DROW, db_drow(s, p), s->ndrow[p]);
    }
}

/* ---- Resample ---- */

void db_resample(void *st, int viewer, ch_rng *rng)
{
    db_state *s = st;
    uint8_t *slot[DB_NCARDS], face[DB_NCARDS], mask[DB_NCARDS];
    int m = 0;
    for (int i = 0; i < s->ndeck; i++)
        slot[m++] = &db_deck_cards(s)[i];
    for (int p = 0; p < s->n; p++)
        for (int k = 0; k < HZ_N; k++) {
            int n;
            uint8_t *z = hidden_zone(s, p, k, &n);
            for (int i = 0; i < n; i++)
                if (!knows(s, viewer, z[i])) slot[m++] = &z[i];
        }
    for (int i = 0; i < m; i++) {
        face[i] = *slot[i];
        mask[i] = s->known[face[i]];
    }
    ch_sort_u8(face, m);
    ch_rng_shuffle_u8(rng, face, m);
    /* Knowledge belongs to the place, so it stays with the slot. */
    for (int i = 0; i < m; i++) {
        *slot[i] = face[i];
        s->known[face[i]] = mask[i];
    }
    /* Other hands' order is theirs to choose (DB-25): viewer knows none of it. */
    for (int p = 0; p < s->n; p++)
        if (p != viewer) {
            ch_sort_u8(db_hand(s, p), s->nhand[p]);
            ch_rng_shuffle_u8(rng, db_hand(s, p), s->nhand[p]);
        }
    db_zones_index(s);
    ch_rng_seed(&s->rng, ch_rng_next64(rng), 0xdb5u);
}
