/* Draft Babasuki rules: setup, the deal and draft (or the 2-player
 * acquisition), the raid, scoring and the end of the game. Simultaneous
 * choices (DB-9, DB-16) are collected one seat at a time; known[] keeps each
 * choice hidden from the others. */
#include <assert.h>
#include <pthread.h>
#include <string.h>

#include "internal.h"

static const ch_optdesc db_opts[DB_NOPTS] = {
    {"players", CH_OPT_INT, "4", 2, 6, NULL, NULL,
     "number of players (2 uses the acquisition rules)"},
    {"cards", CH_OPT_STR, "", 0, 0, NULL, NULL,
     "card data file (CSV), read by the front end; empty: the built-in default deck"},
    {"relaxed", CH_OPT_BOOL, "false", 0, 0, NULL, NULL, "accept any type counts in the card file"},
    {"sudden_death", CH_OPT_BOOL, "false", 0, 0, NULL, NULL,
     "sudden death: on a tie at the top, play more rounds"},
    {"one_shot", CH_OPT_BOOL, "false", 0, 0, NULL, NULL, "play a single round"},
    {"target_arranges", CH_OPT_BOOL, "false", 0, 0, NULL, NULL,
     "the target orders their hand before each draw"},
    {"target_score", CH_OPT_INT, "100", 1, 10000, NULL, NULL, "the game ends at this total"},
    {"max_rounds", CH_OPT_INT, "0", 0, 10000, NULL, NULL, "round cap, 0 = none"},
    {"first_dealer", CH_OPT_INT, "random", 0, 5, NULL, "random", "seat of the first dealer"},
};
static const uint8_t db_copies[DB_NCARDS] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
                                             1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};

int db_left(int n, int s)
{
    return (s + 1) % n;
}

int db_dir_next(const db_state *s, int seat)
{
    if (s->round & 1) return seat + 1 == s->n ? 0 : seat + 1;
    return seat == 0 ? s->n - 1 : seat - 1;
}

int db_hand_size(int n)
{
    return n == 2 ? 6 : n == 5 ? 5 : 24 / n;
}

int db_find_target(const db_state *s, int raider)
{
    for (int k = 1, p = db_dir_next(s, raider); k < s->n; k++, p = db_dir_next(s, p))
        if (s->nhand[p] > 0) return p;
    return -1;
}

/* Every zone lies in zc (db_state), zones back to back: a card joining
 * or leaving one moves the cards of the zones after it by a slot. At most
 * 25 cards: a plain loop beats a memmove call. */
/* The cards in all zones: the counts summed as db_zone_start does. */
static int zone_end(const db_state *s)
{
    const uint64_t ones = 0x0101010101010101ull;
    uint64_t w[5];
    memcpy(w, s->zn, sizeof w);
    return (int)(((w[0] + w[1] + w[2] + w[3] + w[4]) * ones) >> 56);
}

void db_zones_index(db_state *s)
{
    memset(s->zof, DB_NONE, sizeof s->zof);
    for (int z = 0, at = 0; z < DB_NZONES; z++)
        for (int i = 0; i < s->zn[z]; i++)
            s->zof[s->zc[at++]] = (uint8_t)z;
}

void db_zone_push(db_state *s, int z, int c)
{
    int at = db_zone_start(s, z) + s->zn[z], end = zone_end(s);
    assert(end < DB_NCARDS);
    for (int i = end; i > at; i--)
        s->zc[i] = s->zc[i - 1];
    s->zc[at] = (uint8_t)c;
    s->zn[z]++;
    s->zof[c] = (uint8_t)z;
}

void db_zone_take(db_state *s, int z, int c)
{
    int i = db_zone_start(s, z), end = zone_end(s);
    while (s->zc[i] != c)
        i++;
    assert(i < db_zone_start(s, z) + s->zn[z]);
    for (; i < end - 1; i++)
        s->zc[i] = s->zc[i + 1];
    s->zc[end - 1] = 0;
    s->zn[z]--;
    s->zof[c] = DB_NONE;
}

/* Card c from zone `from` to the end of zone `to`: only the cards between
 * the two places move, one slot (the draft and the raid move cards this
 * way at nearly every step). */
static void zone_move(db_state *s, int from, int to, int c)
{
    int i = db_zone_start(s, from), j = db_zone_start(s, to) + s->zn[to];
    while (s->zc[i] != c)
        i++;
    assert(i < db_zone_start(s, from) + s->zn[from]);
    if (j > i) {
        memmove(s->zc + i, s->zc + i + 1, (size_t)(j - 1 - i));
        s->zc[j - 1] = (uint8_t)c;
    } else {
        memmove(s->zc + j + 1, s->zc + j, (size_t)(i - j));
        s->zc[j] = (uint8_t)c;
    }
    s->zn[from]--;
    s->zn[to]++;
    s->zof[c] = (uint8_t)to;
}

/* Sorts a pile by face (= by No): packs, taken pairs and new hands are
 * kept in No order so every list of choices reads in order. A card is in
 * one place (25 faces, each once), so the pile's cards as bits of a word
 * come out in order, lowest first: an insertion sort's compares were a
 * mispredicted branch each, most of the draft's end (issue 26). */
static void sort_pile(const db_state *s, uint8_t *c, int n)
{
    /* Rule set 1 (records written before issue 16): piles stay in the order
     * the cards came, so a raid's random draw picks the card it picked then. */
    if (s->unsorted) return;
    uint32_t bits = 0;
    for (int i = 0; i < n; i++)
        bits |= 1u << c[i];
    assert(__builtin_popcount(bits) == n); /* distinct faces */
    for (int i = 0; i < n; i++, bits &= bits - 1)
        c[i] = (uint8_t)__builtin_ctz(bits);
}

/* The next seat to choose, clockwise from the dealer's left; -1 when all
 * have chosen. (No division: this runs at every draft step.) */
static int first_chooser(const db_state *s)
{
    for (int i = 0, p = s->dealer; i < s->n; i++) {
        p = p + 1 == s->n ? 0 : p + 1;
        if (!(s->chosen >> p & 1)) return p;
    }
    return -1;
}

/* DB-16/17: the non-dealer takes the top 2 cards, then the dealer the next 2. */
static void acquire_take(db_state *s)
{
    int nd = db_left(2, s->dealer);
    for (int k = 0; k < 2; k++) {
        int p = k ? s->dealer : nd;
        for (int j = 0; j < 2; j++) {
            int c = db_deck_cards(s)[s->ndeck - 1];
            zone_move(s, DB_Z_DECK, DB_Z_TAKEN + p, c);
            s->known[c] = (uint8_t)(1u << p);
        }
        sort_pile(s, db_taken(s, p), s->ntaken[p]);
    }
    s->mover = (uint8_t)nd;
}

/* DB-6..8 or DB-15: a new round from the shuffled order d. */
static void deal(db_state *s, const uint8_t *d)
{
    int n = s->n;
    uint8_t all = db_all_mask(n);
    memset(s->known, 0, sizeof s->known);
    memset(s->zn, 0, sizeof s->zn);
    memset(s->zc, 0, sizeof s->zc);
    s->chosen = 0;
    s->centre = DB_NONE;
    int i = 0;
    if (n != 5) {
        db_zone_push(s, DB_Z_DISC, d[0]);
        s->known[d[0]] = (uint8_t)(all | DB_PUBLIC);
        i = 1;
    }
    if (n == 2) {
        /* DB-15: d[1] is the top of the deck, so it is stored last; the
         * deck is the first zone holding cards, the upcard follows it. */
        for (int k = DB_NCARDS - 1; k >= 1; k--) {
            s->zc[DB_NCARDS - 1 - k] = d[k];
            s->zof[d[k]] = DB_Z_DECK;
        }
        s->zc[DB_NCARDS - 1] = d[0];
        s->ndeck = DB_NCARDS - 1;
        s->phase = DB_PH_ACQUIRE;
        acquire_take(s);
        return;
    }
    /* Round-robin from left(dealer), wrapping by compare (no division per
     * card), into packs held aside, then laid down in zone order: the packs
     * first (every zone before them is empty), the upcard after them. */
    uint8_t pack[DB_MAXP][DB_NCARDS], np[DB_MAXP] = {0};
    for (int p = s->dealer; i < DB_NCARDS; i++) {
        p = p + 1 == n ? 0 : p + 1;
        pack[p][np[p]++] = d[i];
        s->known[d[i]] = (uint8_t)(1u << p);
        s->zof[d[i]] = (uint8_t)(DB_Z_PACK + p);
    }
    int up = s->ndisc ? s->zc[0] : -1, at = 0;
    for (int p = 0; p < n; p++) {
        sort_pile(s, pack[p], np[p]); /* passing keeps the order */
        memcpy(s->zc + at, pack[p], np[p]);
        s->npack[p] = np[p];
        at += np[p];
    }
    if (up >= 0) s->zc[at] = (uint8_t)up; /* its zof: DB_Z_DISC, from the push */
    s->phase = DB_PH_DRAFT;
    s->mover = (uint8_t)first_chooser(s);
}

static void new_round(db_state *s)
{
    uint8_t d[DB_NCARDS];
    for (int i = 0; i < DB_NCARDS; i++)
        d[i] = (uint8_t)i;
    ch_rng_shuffle_u8(&s->rng, d, DB_NCARDS);
    deal(s, d);
}

/* The compiled-in deck is parsed once: setup is on the hot path of
 * simulations, and parsing costs as much as a whole round of play. */
static db_deck default_copy;
static pthread_once_t default_once = PTHREAD_ONCE_INIT;

static void parse_default(void)
{
    int rc = db_deck_parse(&default_copy, db_default_csv(), 0, "(built-in default)", NULL);
    assert(rc == CH_OK); /* test_babasuki checks the shipped file */
    (void)rc;
}

static const db_deck *default_deck(void)
{
    pthread_once(&default_once, parse_default);
    return &default_copy;
}

static int setup(void *st, const ch_opts *o, uint64_t seed, const int *order, int n_order,
                 ch_err *err)
{
    db_state *s = st;
    memset(s, 0, sizeof *s);
    ch_rng_seed(&s->rng, seed, 0xdb5u);
    db_deck deck;
    const db_deck *dk = &deck;
    const char *label = o->text[DB_OPT_CARDS];
    if (o->data[DB_OPT_CARDS]) {
        /* The card file's content; the text is only its name for messages. */
        int rc = db_cards_parse_named(o->data[DB_OPT_CARDS], o->data_len[DB_OPT_CARDS],
                                      o->val[DB_OPT_RELAXED], label[0] ? label : "(content)", &deck,
                                      err);
        if (rc != CH_OK) return rc;
    } else if (label[0]) {
        /* A game opens no files: whoever set the option reads it. */
        return ch_errf(err, CH_EINVAL,
                       "cards=%s: the card file's content was not given (the game reads no "
                       "files; give the card data as content)",
                       label);
    } else {
        dk = default_deck(); /* strict-valid, so valid in relaxed mode too */
    }
    memcpy(s->card, dk->card, sizeof s->card);
    memcpy(s->suit_order, dk->suit_order, sizeof s->suit_order);
    s->n = (uint8_t)o->val[DB_OPT_PLAYERS];
    s->sudden_death = (uint8_t)o->val[DB_OPT_SUDDEN_DEATH];
    s->one_shot = (uint8_t)o->val[DB_OPT_ONE_SHOT];
    s->arranges = (uint8_t)o->val[DB_OPT_TARGET_ARRANGES];
    s->unsorted = (uint8_t)(o->compat == 1);
    s->target_score = (int16_t)o->val[DB_OPT_TARGET_SCORE];
    s->max_rounds = (int16_t)o->val[DB_OPT_MAX_ROUNDS];
    int fd = o->val[DB_OPT_FIRST_DEALER];
    if (fd >= s->n)
        return ch_errf(err, CH_EINVAL, "first_dealer=%d: there are only %d players", fd, s->n);
    s->dealer = (uint8_t)(fd >= 0 ? fd : (int)ch_rng_below(&s->rng, s->n));
    s->round = 1;
    uint8_t d[DB_NCARDS];
    if (order) {
        if (n_order != DB_NCARDS)
            return ch_errf(err, CH_EINVAL, "card order: %d cards, expected 25", n_order);
        unsigned seen = 0;
        for (int i = 0; i < DB_NCARDS; i++) {
            if (order[i] < 0 || order[i] >= DB_NCARDS || seen >> order[i] & 1)
                return ch_errf(err, CH_EINVAL, "card order: card %d is missing or repeated", i + 1);
            seen |= 1u << order[i];
            d[i] = (uint8_t)order[i];
        }
        deal(s, d);
    } else {
        new_round(s);
    }
    return CH_OK;
}

static int num_players(const void *st)
{
    return ((const db_state *)st)->n;
}

static int to_move(const void *st)
{
    const db_state *s = st;
    return s->phase == DB_PH_OVER ? CH_TERMINAL : s->mover;
}

static const char *phase(const void *st)
{
    static const char *const names[] = {"draft", "acquire", "raid", "arrange", "draw", "over"};
    return names[((const db_state *)st)->phase];
}

static int legal(const void *st, ch_action *out)
{
    const db_state *s = st;
    int p = s->mover, k = 0;
    switch (s->phase) {
    case DB_PH_DRAFT: {
        const uint8_t *z = db_pack(s, p);
        for (int i = 0; i < s->npack[p]; i++)
            out[k++] = DB_ACTION(DB_A_KEEP, z[i]);
    } break;
    case DB_PH_ACQUIRE: {
        const uint8_t *z = db_taken(s, p);
        for (int i = 0; i < s->ntaken[p]; i++)
            out[k++] = DB_ACTION(DB_A_KEEP, z[i]);
    } break;
    case DB_PH_RAID: {
        const uint8_t *z = db_vrow(s, p);
        for (int i = 0; i < s->nvrow[p]; i++)
            out[k++] = DB_ACTION(DB_A_PLAY, z[i]);
    } break;
    case DB_PH_ARRANGE:
        for (int i = s->arranged; i < s->nhand[p]; i++)
            out[k++] = DB_ACTION(DB_A_PUT, db_hand(s, p)[i]);
        break;
    case DB_PH_DRAW:
        for (int i = 0; i < s->nhand[s->target]; i++)
            out[k++] = DB_ACTION(DB_A_DRAW, i);
        break;
    default:
        break;
    }
    return k;
}

/* ---- Scoring and the end of the game ---- */

static int top_is_unique(const db_state *s)
{
    int best = s->total[0], count = 1;
    for (int p = 1; p < s->n; p++) {
        if (s->total[p] > best)
            best = s->total[p], count = 1;
        else if (s->total[p] == best)
            count++;
    }
    return count == 1;
}

/* DB-31..34, DB-V1, DB-V2, DB-V6. */
static void score_round(db_state *s)
{
    int reached = 0;
    for (int p = 0; p < s->n; p++) {
        int sec = 0, hnd = 0;
        {
            const uint8_t *z = db_score(s, p);
            for (int i = 0; i < s->nscore[p]; i++)
                sec += s->card[z[i]].secured;
        }
        {
            const uint8_t *z = db_hand(s, p);
            for (int i = 0; i < s->nhand[p]; i++)
                hnd += s->card[z[i]].hand;
        }
        s->last_secured[p] = (int16_t)sec;
        s->last_hand[p] = (int16_t)hnd;
        s->last_round[p] = (int16_t)(sec + hnd);
        s->total[p] += sec + hnd;
        reached |= s->total[p] >= s->target_score;
    }
    s->rounds_done++;
    s->sd_rounds = (uint16_t)(s->sd_rounds + s->sd_active);
    /* Every hand and score pile is shown at scoring, and stays on record. */
    memset(s->known, db_shown_mask(s->n), sizeof s->known);
    memset(s->rev, 0, sizeof s->rev);
    for (int p = 0; p < s->n; p++) {
        {
            const uint8_t *z = db_hand(s, p);
            for (int i = 0; i < s->nhand[p]; i++)
                s->rev[z[i]] = (uint8_t)(DB_REV_HAND + 2 * p);
        }
        {
            const uint8_t *z = db_score(s, p);
            for (int i = 0; i < s->nscore[p]; i++)
                s->rev[z[i]] = (uint8_t)(DB_REV_SCORE + 2 * p);
        }
    }
    int over;
    if (s->one_shot)
        over = 1;
    else if (s->max_rounds && s->rounds_done >= s->max_rounds)
        over = 1;
    else if (s->sd_active)
        over = top_is_unique(s);
    else if (reached) {
        over = !s->sudden_death || top_is_unique(s);
        s->sd_active = (uint8_t)!over;
    } else
        over = 0;
    if (over) {
        s->phase = DB_PH_OVER;
        return;
    }
    s->dealer = (uint8_t)db_left(s->n, s->dealer);
    s->round++;
    new_round(s);
}

/* ---- The raid ---- */

/* DB-28: clockwise from left(cur), cur itself last; -1 ends the raid. */
static int next_raider(const db_state *s, int cur)
{
    for (int k = 0, p = cur; k < s->n; k++) {
        p = p + 1 == s->n ? 0 : p + 1;
        if (s->nvrow[p]) return p;
    }
    return -1;
}

static void raid_turn_done(db_state *s)
{
    int r = next_raider(s, s->raider);
    s->centre = DB_NONE;
    if (r < 0) {
        score_round(s);
        return;
    }
    s->phase = DB_PH_RAID;
    s->raider = s->mover = (uint8_t)r;
}

/* DB-19..21. */
static void start_raid(db_state *s)
{
    uint8_t all = db_shown_mask(s->n);
    for (int p = 0; p < s->n; p++)
        for (int i = 0; i < s->nhand[p];) {
            int c = db_hand(s, p)[i];
            if (s->card[c].type == DB_VILLAIN) {
                zone_move(s, DB_Z_HAND + p, DB_Z_VROW + p, c);
                s->known[c] = all;
            } else
                i++;
        }
    /* DB-21 is DB-28 started just before the dealer. */
    s->raider = (uint8_t)((s->dealer + s->n - 1) % s->n);
    raid_turn_done(s);
}

/* DB-25..27: the raider draws hand position i of the target. */
static void resolve(db_state *s, int i)
{
    int t = s->target, v = s->centre, c = db_hand(s, t)[i];
    uint8_t all = db_shown_mask(s->n);
    db_zone_take(s, DB_Z_HAND + t, c);
    s->known[c] = all;
    assert(s->card[c].type != DB_VILLAIN); /* DB-27 e */
    int share = (s->card[v].suits & s->card[c].suits) != 0;
    int out;
    if (s->card[c].type == DB_TREASURE && share) {
        db_zone_push(s, DB_Z_SCORE + s->raider, v);
        db_zone_push(s, DB_Z_SCORE + s->raider, c);
        out = DB_OUT_STEAL;
    } else if (s->card[c].type == DB_HERO && share) {
        db_zone_push(s, DB_Z_SCORE + t, v);
        db_zone_push(s, DB_Z_SCORE + t, c);
        out = DB_OUT_CAUGHT;
    } else if (s->card[c].type == DB_HERO) {
        db_zone_push(s, DB_Z_DISC, v);
        db_zone_push(s, DB_Z_DISC, c);
        out = DB_OUT_BOTH_OUT;
    } else {
        db_zone_push(s, DB_Z_DISC, v);
        db_zone_push(s, DB_Z_HAND + t, c);
        out = DB_OUT_MISS;
    }
    s->last_raider = s->raider;
    s->last_target = (uint8_t)t;
    s->last_villain = (uint8_t)v;
    s->last_drawn = (uint8_t)c;
    s->last_out = (uint8_t)out;
    s->outcomes[out]++;
    raid_turn_done(s);
}

static void play_villain(db_state *s, int v)
{
    int r = s->raider;
    db_zone_take(s, DB_Z_VROW + r, v);
    s->centre = (uint8_t)v;
    int t = db_find_target(s, r);
    if (t < 0) { /* DB-24 */
        db_zone_push(s, DB_Z_DISC, v);
        s->last_raider = (uint8_t)r;
        s->last_target = DB_NONE;
        s->last_villain = (uint8_t)v;
        s->last_drawn = DB_NONE;
        s->last_out = DB_OUT_NO_TARGET;
        s->outcomes[DB_OUT_NO_TARGET]++;
        raid_turn_done(s);
        return;
    }
    s->target = (uint8_t)t;
    if (!s->arranges) {
        /* C3 then D5 merged: a uniform card of the target's hand. */
        resolve(s, (int)ch_rng_below(&s->rng, s->nhand[t]));
        return;
    }
    s->arranged = 0;
    if (s->nhand[t] >= 2) {
        s->phase = DB_PH_ARRANGE;
        s->mover = (uint8_t)t;
    } else {
        s->phase = DB_PH_DRAW;
        s->mover = (uint8_t)r;
    }
}

/* ---- Draft and acquisition ---- */

static void end_draft(db_state *s)
{
    /* Hands and packs are empty now, so the kept cards, seat by seat, lie
     * where the hands begin: the hands become them by their counts alone. */
    assert(db_zone_start(s, DB_Z_KEPT) == 0);
    for (int p = 0; p < s->n && p < DB_MAXP; p++) { /* (the bound, for gcc -O3) */
        s->nhand[p] = s->nkept[p];
        s->nkept[p] = 0;
        uint8_t *h = db_hand(s, p);
        sort_pile(s, h, s->nhand[p]);
        for (int i = 0; i < s->nhand[p]; i++)
            s->zof[h[i]] = (uint8_t)(DB_Z_HAND + p);
    }
    start_raid(s);
}

/* DB-10, DB-11, DB-13 once every seat has kept a card. */
static void pass_packs(db_state *s)
{
    /* The packs lie together in seat order: rewritten in place, the cards
     * after them do not move. */
    uint8_t pack[DB_MAXP][DB_MAXHAND], npack[DB_MAXP];
    uint8_t *z = db_pack(s, 0);
    for (int p = 0, at = 0; p < s->n; p++) {
        npack[p] = s->npack[p];
        memcpy(pack[p], z + at, npack[p]);
        at += npack[p];
    }
    for (int p = 0; p < s->n; p++)
        s->npack[db_dir_next(s, p)] = npack[p];
    for (int p = 0; p < s->n; p++) {
        int q = db_dir_next(s, p);
        memcpy(db_pack(s, q), pack[p], npack[p]);
        for (int i = 0; i < npack[p]; i++) {
            s->known[pack[p][i]] |= (uint8_t)(1u << q);
            s->zof[pack[p][i]] = (uint8_t)(DB_Z_PACK + q);
        }
    }
    s->chosen = 0;
    if (s->npack[0] == 1) /* DB-11: every pack has the same size */
        for (int p = 0; p < s->n; p++) {
            int c = db_pack(s, p)[0];
            zone_move(s, DB_Z_PACK + p, DB_Z_KEPT + p, c);
        }
    if (s->npack[0] == 0)
        end_draft(s);
    else
        s->mover = (uint8_t)first_chooser(s);
}

static void draft_keep(db_state *s, int c)
{
    int p = s->mover;
    zone_move(s, DB_Z_PACK + p, DB_Z_KEPT + p, c);
    /* The passer knew this pack exactly; after a free choice only p does. */
    s->known[c] = (uint8_t)(1u << p);
    {
        const uint8_t *z = db_pack(s, p);
        for (int i = 0; i < s->npack[p]; i++)
            s->known[z[i]] = (uint8_t)(1u << p);
    }
    s->chosen |= (uint8_t)(1u << p);
    int next = first_chooser(s);
    if (next < 0)
        pass_packs(s);
    else
        s->mover = (uint8_t)next;
}

/* DB-16..18. */
static void acquire_keep(db_state *s, int c)
{
    int p = s->mover, nd = db_left(2, s->dealer);
    uint8_t all = db_all_mask(2);
    zone_move(s, DB_Z_TAKEN + p, DB_Z_KEPT + p, c);
    int a = db_taken(s, p)[0]; /* the other card of the pair is set aside */
    zone_move(s, DB_Z_TAKEN + p, DB_Z_ASIDE + p, a);
    s->chosen |= (uint8_t)(1u << p);
    if (s->chosen != all) {
        s->mover = (uint8_t)(p == nd ? s->dealer : nd);
        return;
    }
    for (int q = 0; q < 2; q++) { /* both set-aside cards are shown together */
        int x = db_aside(s, q)[0];
        zone_move(s, DB_Z_ASIDE + q, DB_Z_DROW + q, x);
        s->known[x] = db_shown_mask(2);
    }
    s->chosen = 0;
    if (s->ndeck) {
        acquire_take(s);
        return;
    }
    for (int k = 0; k < 2; k++) {
        int q = k ? s->dealer : nd;
        while (s->ndrow[q]) {
            int x = db_drow(s, q)[0];
            zone_move(s, DB_Z_DROW + q, DB_Z_DISC, x);
        }
    }
    /* §4.2: each player has now seen 19 cards, so the other 6 are the
     * opponent's hand. */
    for (int q = 0; q < 2; q++) {
        const uint8_t *z = db_kept(s, q);
        for (int i = 0; i < s->nkept[q]; i++)
            s->known[z[i]] = all;
    }
    end_draft(s);
}

static void apply(void *st, ch_action a)
{
    db_state *s = st;
    int kind = (int)(a >> 8), arg = (int)(a & 0xff);
    switch (kind) {
    case DB_A_KEEP:
        if (s->phase == DB_PH_DRAFT)
            draft_keep(s, arg);
        else
            acquire_keep(s, arg);
        break;
    case DB_A_PLAY:
        play_villain(s, arg);
        break;
    case DB_A_PUT: {
        int t = s->target, j = s->arranged;
        int i = j;
        while (db_hand(s, t)[i] != arg)
            i++;
        db_hand(s, t)[i] = db_hand(s, t)[j];
        db_hand(s, t)[j] = (uint8_t)arg;
        if (++s->arranged == s->nhand[t] - 1) {
            s->phase = DB_PH_DRAW;
            s->mover = s->raider;
        }
        break;
    }
    case DB_A_DRAW:
        resolve(s, arg);
        break;
    default:
        assert(0);
    }
}

/* ---- Result ---- */

/* DB-V2 tie-breaks as one comparable number: score, then cards held, then
 * the highest face held (faces are ranks by No). */
static long one_shot_key(const db_state *s, int p)
{
    int best = -1;
    {
        const uint8_t *z = db_hand(s, p);
        for (int i = 0; i < s->nhand[p]; i++)
            best = z[i] > best ? z[i] : best;
    }
    {
        const uint8_t *z = db_score(s, p);
        for (int i = 0; i < s->nscore[p]; i++)
            best = z[i] > best ? z[i] : best;
    }
    return ((long)s->total[p] * 64 + s->nhand[p] + s->nscore[p]) * 64 + best + 1;
}

static void result(const void *st, ch_result *r)
{
    const db_state *s = st;
    memset(r, 0, sizeof *r);
    r->n_players = s->n;
    r->terminal = s->phase == DB_PH_OVER;
    r->hands = s->rounds_done;
    long key[DB_MAXP];
    for (int p = 0; p < s->n; p++) {
        r->score[p] = s->total[p];
        r->hand_score[p] = s->last_round[p];
        key[p] = s->one_shot && r->terminal ? one_shot_key(s, p) : s->total[p];
    }
    for (int p = 0; p < s->n; p++) {
        r->rank[p] = 1;
        for (int q = 0; q < s->n; q++)
            r->rank[p] += key[q] > key[p];
        if (r->terminal && r->rank[p] == 1) r->winners |= 1u << p;
    }
}

/* Designers' figures: how raids go, how long games last. A 0/1 figure per
 * outcome kind would hide how many raids a round holds, so counts. */
static int tally(const void *st, ch_tally *out)
{
    const db_state *s = st;
    static const char *const names[] = {
        "", "raids_steal", "raids_caught", "raids_both_out", "raids_miss", "raids_no_target"};
    int k = 0;
    for (int o = DB_OUT_STEAL; o <= DB_OUT_NO_TARGET; o++)
        out[k++] = (ch_tally){names[o], s->outcomes[o]};
    out[k++] = (ch_tally){"rounds", s->rounds_done};
    out[k++] = (ch_tally){"sudden_death_rounds", s->sd_rounds};
    return k;
}

const ch_game db_game = {
    "babasuki",
    {"Draft Babasuki", "ドラフト・ババスキ!"},
    "draft a hand, then raid your neighbours' hands with villains; first to 100",
    2,
    6,
    db_opts,
    DB_NOPTS,
    sizeof(db_state),
    DB_MAXHAND,
    DB_NCARDS,
    db_copies,
    setup,
    num_players,
    to_move,
    phase,
    legal,
    apply,
    result,
    db_action_text,
    db_action_name,
    db_card_text,
    db_card_parse,
    db_render,
    db_view_json,
    db_census,
    db_resample,
    tally,
    db_events,
    db_hand_summary,
    db_explain_illegal,
    NULL, /* warning: no Babasuki move loses on the spot */
    db_rules_text,
    db_choice_name,
    db_num_action_ids,
    db_action_id,
    db_obs_shape,
    db_obs,
    NULL, /* upgrade_action: the notation never changed */
    1,    /* old_rules: 1 = piles in the order dealt (records before issue 16) */
    db_obs_kept,
    NULL, /* same_play: a move has one text */
    db_view_json_lean,
};
