/* RAGAMARU rules: seats, turn arrival, drawing and reshuffling, and the
 * effect of every action (RG-1..RG-81). */
#include <assert.h>
#include <string.h>

#include "internal.h"

/* next(p, k) of RG-2 from the seating: |k| is small (at most 2 * 4 + 1
 * seats), so a loop beats two divisions. */
static int seat_walk(const rg_state *s, int p, int k)
{
    int n = s->np, i = s->pos[p] + s->dir * k;
    while (i < 0)
        i += n;
    while (i >= n)
        i -= n;
    return s->order[i];
}

/* Inline here: apply() moves the turn on at nearly every step. The usual
 * step (k = 1 or -1, a constant once inlined) reads the seat's link, one
 * load where pos, dir and order were three in a row: the next seat is what
 * the next move's list waits for (issue 29). */
static inline int seat_next(const rg_state *s, int p, int k)
{
    if (k == 1 || k == -1) return s->hand[p].next[s->dir * k < 0];
    return seat_walk(s, p, k);
}

void rg_link_seats(rg_state *s)
{
    int n = s->np;
    for (int i = 0; i < n; i++) {
        rg_hand *h = &s->hand[s->order[i]];
        h->next[0] = s->order[i + 1 < n ? i + 1 : 0];
        h->next[1] = s->order[i > 0 ? i - 1 : n - 1];
    }
}

int rg_seat_next(const rg_state *s, int p, int k)
{
    return seat_walk(s, p, k); /* from the seating itself, as tests set it */
}

int rg_team_of(const rg_state *s, int seat)
{
    return s->teams ? seat % s->teams : -1;
}

/* A new event, or NULL when nobody records (random play) or the log is full. */
static rg_ev *ev(rg_log *lg, int type, int seat)
{
    if (!lg || lg->n == RG_MAX_EV) return NULL;
    rg_ev *e = &lg->e[lg->n++];
    memset(e, 0, offsetof(rg_ev, f));
    e->type = type;
    e->seat = seat;
    e->target = -1;
    return e;
}

int rg_drawable(const rg_state *s)
{
    return s->nstock + (s->ndisc > 1 ? s->ndisc - 1 : 0);
}

int rg_end_reason(const rg_state *s)
{
    if (s->phase != RG_PH_OVER) return -1;
    if (s->winner >= 0) return RG_EV_OUT;
    return s->dry_passed == (1u << s->np) - 1 ? RG_EV_DRY : RG_EV_CAP;
}

static void end_game(rg_state *s, int winner)
{
    s->phase = RG_PH_OVER;
    s->turn = CH_TERMINAL;
    s->winner = (int8_t)winner;
}

/* RG-70: everything but the top card becomes the new stock. */
static void reshuffle(rg_state *s, rg_log *lg)
{
    int k = s->ndisc - 1;
    rg_ev *e = ev(lg, RG_EV_RESHUFFLE, -1);
    if (e) e->count = k;
    memcpy(s->stock, s->disc, (size_t)k);
    s->nstock = (uint8_t)k;
    s->disc[0] = s->disc[k];
    s->ndisc = 1;
    s->reshuffles++;
    ch_rng_shuffle_u8(&s->rng, s->stock, k);
}

/* RG-72: one card at a time; what cannot be drawn lapses (RG-71). Returns
 * the last face drawn, or -1. */
static int draw(rg_state *s, int p, int k, rg_log *lg, int type)
{
    /* The common draw: one card with the stock not empty, nothing logged. */
    if (k == 1 && s->nstock && !lg) {
        int f = s->stock[--s->nstock];
        rg_hand_add(&s->hand[p], f);
        s->drawn_total[p]++;
        return f;
    }
    /* Several cards from a stock that holds them, nothing logged (an
     * attack accepted or suffered, a RAGAMARU's draws): the hand's words
     * and counts in registers, each card added without a branch on its
     * kind, written back once. Card by card through memory, every card
     * waited on the previous card's stores (issue 29). */
    if (k <= s->nstock && !lg) {
        rg_hand *h = &s->hand[p];
        const uint8_t *top = s->stock + s->nstock;
        uint64_t num = h->num, sp = h->sp, mc = 0; /* mc: byte j counts multi[j] */
        for (int i = 1; i <= k; i++) {
            unsigned f = top[-i];
            num |= (uint64_t)(f < 60) << (f & 63);
            sp |= (uint64_t)(f - 60 < 36) << ((f - 60) & 63);
            mc += (uint64_t)(f >= 96) << ((f - 96) & 7) * 8;
        }
        h->num = num;
        h->sp = sp;
        for (int j = 0; j < 5; j++)
            h->multi[j] = (uint8_t)(h->multi[j] + (mc >> 8 * j & 255));
        h->n = (uint8_t)(h->n + k);
        s->nstock = (uint8_t)(s->nstock - k);
        s->drawn_total[p] += (uint32_t)k;
        return k ? top[-k] : -1;
    }
    int last = -1;
    uint8_t got[RG_DECK_MAX];
    int n = 0;
    rg_ev *e = ev(lg, type, p); /* before any reshuffle it causes */
    for (int i = 0; i < k; i++) {
        if (s->nstock == 0) {
            if (s->ndisc < 2) break;
            reshuffle(s, lg);
        }
        last = s->stock[--s->nstock];
        rg_hand_add(&s->hand[p], last);
        s->drawn_total[p]++;
        got[n++] = (uint8_t)last;
    }
    if (e) {
        e->count = n;
        e->want = k;
        e->nf = n;
        memcpy(e->f, got, (size_t)n);
    }
    return last;
}

static void clear_pending(rg_state *s)
{
    s->ptype = RG_NONE;
    s->ptotal = 0;
    s->pclosed = 0;
}

/* RG-20: the turn arrives at L; resting players sit out (drawing for an
 * attack aimed at them) until someone can decide. */
static void arrive(rg_state *s, int L, rg_log *lg)
{
    for (;;) {
        s->arrivals++;
        if (s->max_arrivals && s->arrivals >= s->max_arrivals) {
            end_game(s, -1); /* RG-V7 */
            rg_ev *e = ev(lg, RG_EV_CAP, -1);
            if (e) e->count = (int)s->max_arrivals;
            return;
        }
        if (s->ptype != RG_NONE && s->rests[L] == 0) {
            s->phase = RG_PH_RESPOND;
            s->turn = (int8_t)L;
            return;
        }
        if (s->ptype != RG_NONE) { /* RG-47 */
            if (s->ptype == RG_SIN) {
                s->rests[L] = (uint8_t)(s->rests[L] + s->ptotal);
                rg_ev *e = ev(lg, RG_EV_SIN_ADD, L);
                if (e) e->count = s->ptotal;
            } else {
                draw(s, L, s->ptotal, lg, RG_EV_HIT);
            }
            clear_pending(s);
        }
        if (s->rests[L] == 0) {
            s->phase = RG_PH_PLAY;
            s->turn = (int8_t)L;
            return;
        }
        s->rests[L]--;
        rg_ev *e = ev(lg, RG_EV_REST, L);
        if (e) e->aux = s->rests[L];
        L = seat_next(s, L, 1);
    }
}

/* The usual arrival, inline: no cap, no rests to serve (arrive's first
 * pass, with nothing to record). A pending attack or Sin Bin makes the seat
 * answer it first (RG-20): the phase is selected, not branched on, since a
 * third of the specials played alone are attacks, at the random player's
 * pick (issue 29). */
static inline void arrive_at(rg_state *s, int L, rg_log *lg)
{
    if (!(s->max_arrivals | s->rests[L])) { /* one branch */
        s->arrivals++;
        s->phase = s->ptype == RG_NONE ? RG_PH_PLAY : RG_PH_RESPOND; /* RG-20 */
        s->turn = (int8_t)L;
        return;
    }
    arrive(s, L, lg);
}

/* RG-54: p moves past k players along dir. */
static void loop_seat(rg_state *s, int p, int k)
{
    int n = s->np, seq[CH_MAX_PLAYERS], m = 0;
    if (n < 3) return;
    int j = (k - 1) % (n - 1) + 1;
    for (int i = 1; i < n; i++) {
        seq[m++] = seat_next(s, p, i);
        if (i == j) seq[m++] = p;
    }
    for (int i = 0; i < n; i++) {
        int seat = seq[s->dir > 0 ? i : n - 1 - i];
        s->order[i] = (uint8_t)seat;
        s->pos[seat] = (uint8_t)i;
    }
    rg_link_seats(s);
}

static void set_req(rg_state *s, int C, int N, int T)
{
    s->C = (uint8_t)C;
    s->N = (uint8_t)N;
    s->T = (uint8_t)T;
}

/* What a play of k cards does once they are on the discard pile. Inlined
 * into each caller (rg_apply's one-special path among them): as a call,
 * the move went through memory and its fields came back late (issue 29). */
static inline __attribute__((always_inline)) void play_effect(rg_state *s, int p, const rg_move *m,
                                                              int k, rg_log *lg)
{
    int response = s->phase == RG_PH_RESPOND;
    rg_ev *e;
    s->dry_passed = 0;
    if (s->hand[p].n == 0) { /* RG-80 */
        /* Going out takes number cards only (RG-34): the board shows what
         * they left, not the requirement before them. */
        set_req(s, m->top, m->number, RG_NUMBER);
        end_game(s, p);
        e = ev(lg, RG_EV_OUT, p);
        return;
    }
    int t = m->type, n = t < RG_CONV ? k - m->conv : k, next = seat_next(s, p, 1);
    switch (t) {
    case RG_NUMBER:
        set_req(s, m->top, m->number, RG_NUMBER);
        break;
    case RG_TRY:
    case RG_PG:
    case RG_DG: { /* RG-41, RG-43 */
        int total = n * rg_box.value[t] + rg_box.value[RG_CONV] * m->conv;
        if (!response) {
            s->ptype = (uint8_t)t;
            s->ptotal = 0;
            s->pclosed = 0;
        }
        s->ptotal = (uint8_t)(s->ptotal + total);
        s->pclosed |= (uint8_t)m->conv;
        if (s->ptotal > s->max_attack) s->max_attack = s->ptotal;
        set_req(s, m->top, 0, m->conv ? RG_CONV : t);
        if ((e = ev(lg, RG_EV_ATTACK, p))) e->count = s->ptotal, e->aux = t;
        break;
    }
    case RG_CONV: /* RG-44: CONVERT; the colour stays the Try's */
        s->ptotal = (uint8_t)(s->ptotal + rg_box.value[RG_CONV]);
        if (s->ptotal > s->max_attack) s->max_attack = s->ptotal;
        s->pclosed = 1;
        set_req(s, s->C, 0, RG_CONV);
        if ((e = ev(lg, RG_EV_ATTACK, p))) e->count = s->ptotal, e->aux = RG_TRY;
        break;
    case RG_TMO: /* RG-45 */
        clear_pending(s);
        set_req(s, m->colour, 0, RG_TMO);
        if ((e = ev(lg, RG_EV_TMO, p))) e->aux = m->colour;
        break;
    case RG_SIN: /* RG-63, RG-64 */
        if (!response) {
            s->ptype = RG_SIN;
            s->ptotal = 0;
            s->pclosed = 0;
        }
        s->ptotal = (uint8_t)(s->ptotal + rg_box.value[RG_SIN] * n);
        set_req(s, m->colour, 0, RG_SIN);
        if ((e = ev(lg, RG_EV_SIN, p))) e->count = s->ptotal, e->aux = m->colour;
        break;
    case RG_RES: /* RG-62: the colour and number are chosen next, one at a time */
        set_req(s, RG_ANY, 0, RG_RES);
        s->phase = RG_PH_DECLARE;
        ev(lg, RG_EV_RES, p);
        return;
    case RG_RGM: /* RG-66 */
        for (int i = 1; i < s->np; i++)
            draw(s, seat_next(s, p, i), rg_box.value[RG_RGM] * n, lg, RG_EV_RGM_DRAW);
        set_req(s, RG_ANY, 0, RG_RGM);
        next = p;
        ev(lg, RG_EV_FREE, p);
        break;
    default: /* action cards and Advantage: RG-50..RG-60 */
        set_req(s, m->top, 0, t);
        if (t == RG_CUT || t == RG_KICK) {
            int skip = t == RG_CUT ? n : 2 * n;
            next = seat_next(s, p, skip + 1);
            if ((e = ev(lg, RG_EV_SKIP, p))) {
                e->count = skip;
                e->target = next;
                for (int i = 1; i <= skip; i++)
                    e->aux |= 1 << seat_next(s, p, i);
            }
        }
        if (t == RG_RET) {
            next = seat_next(s, p, -n);
            if ((e = ev(lg, RG_EV_RETURN, p))) e->target = next;
        }
        if (t == RG_TURN && n % 2) s->dir = (int8_t)-s->dir;
        if (t == RG_TURN) {
            next = seat_next(s, p, 1);
            if ((e = ev(lg, RG_EV_DIRECTION, p))) e->aux = s->dir;
        }
        if (t == RG_LOOP) {
            loop_seat(s, p, n); /* the turn still goes to the old next seat */
            if ((e = ev(lg, RG_EV_LOOP, p))) e->count = n;
        }
        if (t == RG_ADV && s->hand[p].n >= 2) {
            s->phase = RG_PH_DISCARD;
            s->adv_left = (uint8_t)n;
            if ((e = ev(lg, RG_EV_ADV, p))) e->count = n;
            return;
        }
        break;
    }
    arrive_at(s, next, lg);
}

static void play(rg_state *s, int p, const rg_move *m, rg_log *lg)
{
    int cards[8], k = rg_play_cards(s, m, cards);
    /* The cards leave the hand at once: one kind's colours (set) and a
     * Conversion, or k copies of a colourless card. Card by card, each
     * removal waited on the previous one's stores (issue 29). */
    rg_hand *h = &s->hand[p];
    if (m->type >= RG_CONV) {
        assert(h->multi[m->type - RG_CONV] >= k);
        h->multi[m->type - RG_CONV] = (uint8_t)(h->multi[m->type - RG_CONV] - k);
    } else {
        int num = m->type == RG_NUMBER;
        uint64_t bits = (uint64_t)m->set << ((num ? m->number : m->type) - 1) * 4;
        uint64_t *w = num ? &h->num : &h->sp;
        assert((*w & bits) == bits && h->multi[0] >= m->conv);
        *w &= ~bits;
        h->multi[0] = (uint8_t)(h->multi[0] - m->conv);
    }
    h->n = (uint8_t)(h->n - k);
    for (int i = 0; i < k; i++)
        s->disc[s->ndisc + i] = (uint8_t)cards[i];
    s->ndisc = (uint8_t)(s->ndisc + k);
    rg_ev *e = ev(lg, RG_EV_PLAY, p);
    if (e) {
        e->nf = e->count = k;
        for (int i = 0; i < k; i++)
            e->f[i] = (uint8_t)cards[i];
    }
    play_effect(s, p, m, k, lg);
}

/* RG-60/61: one discard, face up beneath the top card. */
static void discard(rg_state *s, int p, int face, rg_log *lg)
{
    rg_hand_remove(&s->hand[p], face);
    s->disc[s->ndisc] = s->disc[s->ndisc - 1];
    s->disc[s->ndisc - 1] = (uint8_t)face;
    s->ndisc++;
    s->adv_left--;
    rg_ev *e = ev(lg, RG_EV_DISCARD, p);
    if (e) e->nf = e->count = 1, e->f[0] = (uint8_t)face;
    if (s->adv_left == 0 || s->hand[p].n < 2) {
        s->adv_left = 0;
        arrive_at(s, seat_next(s, p, 1), lg);
    }
}

/* RG-73 */
static inline void pass(rg_state *s, int p, rg_log *lg)
{
    s->drawn = 0;
    ev(lg, RG_EV_PASS, p);
    if (rg_dry(s)) s->dry_passed |= (uint8_t)(1u << p);
    if (s->dry_passed == (1u << s->np) - 1) {
        end_game(s, -1);
        ev(lg, RG_EV_DRY, -1);
        return;
    }
    arrive_at(s, seat_next(s, p, 1), lg);
}

/* The body of both entry points, inlined into each: random play and search
 * (rg_apply) record nothing, and with lg a constant NULL the compiler drops
 * every event's bookkeeping from that copy (issue 29). */
static inline __attribute__((always_inline)) void apply(rg_state *s, ch_action a, rg_log *lg)
{
    rg_move m;
    rg_decode(a, &m);
    int p = s->turn;
    rg_ev *e;
    assert(p >= 0);
    switch (m.kind) {
    case RG_A_KICKOFF: /* RG-14, RG-15 */
        s->kickoff = (uint8_t)m.colour;
        set_req(s, m.colour, 0, RG_NONE);
        if ((e = ev(lg, RG_EV_KICKOFF, p))) e->aux = m.colour, e->target = s->first;
        arrive_at(s, s->first, lg);
        break;
    case RG_A_DRAW: /* RG-21, RG-22 */
        s->drawn = (uint8_t)draw(s, p, 1, lg, RG_EV_DRAW);
        s->phase = RG_PH_DRAWN;
        break;
    case RG_A_PASS:
        pass(s, p, lg);
        break;
    case RG_A_ACCEPT: /* RG-46, RG-64 */
        if (s->ptype == RG_SIN) {
            if ((e = ev(lg, RG_EV_SIN_TAKE, p))) e->count = s->ptotal;
            s->rests[p] = (uint8_t)(s->rests[p] + s->ptotal - 1);
            clear_pending(s);
            arrive_at(s, seat_next(s, p, 1), lg);
        } else {
            draw(s, p, s->ptotal, lg, RG_EV_TAKE);
            clear_pending(s);
            s->phase = RG_PH_PLAY;
        }
        break;
    case RG_A_PLAY:
        s->drawn = 0;
        play(s, p, &m, lg);
        break;
    case RG_A_DISCARD:
        discard(s, p, m.face, lg);
        break;
    case RG_A_KEEP:
        s->adv_left = 0;
        ev(lg, RG_EV_KEEP, p);
        arrive_at(s, seat_next(s, p, 1), lg);
        break;
    case RG_A_DECLARE: /* RG-62, in two steps: colour, then number */
        if ((e = ev(lg, RG_EV_DECLARE, p))) e->aux = m.colour, e->count = m.decl;
        if (m.decl == 0) {
            s->C = (uint8_t)m.colour;
            break;
        }
        set_req(s, m.colour, m.decl, RG_RES);
        arrive_at(s, seat_next(s, p, 1), lg);
        break;
    }
}

void rg_apply_log(rg_state *s, ch_action a, rg_log *lg)
{
    apply(s, a, lg);
}

void rg_apply_plain(rg_state *s, ch_action a)
{
    static _Thread_local rg_log lg; /* 7 KB: kept off small thread stacks */
    lg.n = 0;
    apply(s, a, &lg);
}

/* A number card played alone, the commonest action of random play: its
 * fields read straight from the action, and play()'s general steps (the
 * card list, the switch on the type) skipped. The same effect as play(). */
static void play_number(rg_state *s, ch_action a)
{
    int p = s->turn, n = (int)(a >> 7 & 15), top = (int)(a >> 15 & 3), face = (n - 1) * 4 + top;
    rg_hand *h = &s->hand[p];
    assert(p >= 0 && n >= 1 && (h->num >> face & 1));
    h->num &= ~(1ull << face);
    h->n--;
    s->disc[s->ndisc++] = (uint8_t)face;
    s->drawn = 0;
    s->dry_passed = 0;
    set_req(s, top, n, RG_NUMBER);
    if (h->n == 0) { /* RG-80 */
        end_game(s, p);
        return;
    }
    arrive_at(s, seat_next(s, p, 1), NULL);
}

/* One coloured special played alone, without a Conversion: 12 % of random
 * play's decisions. A function of its own, reached by a tail call: its
 * effect needs the move in memory and registers kept across calls, which
 * rg_apply itself then does without (issue 29). */
static __attribute__((noinline)) void play_special(rg_state *s, ch_action a)
{
    unsigned set = (unsigned)(a >> 11 & 15);
    rg_move m = {RG_A_PLAY, (int)(a >> 3 & 15), 0, (int)set, (int)(a >> 15 & 3), 0, 0, 0, 0};
    int p = s->turn, bit = (m.type - 1) * 4 + m.top;
    assert(s->hand[p].sp >> bit & 1);
    s->hand[p].sp &= ~(1ull << bit);
    s->hand[p].n--;
    s->disc[s->ndisc++] = (uint8_t)(60 + bit);
    s->drawn = 0;
    play_effect(s, p, &m, 1, NULL);
}

static __attribute__((noinline)) void apply_other(rg_state *s, ch_action a)
{
    apply(s, a, NULL);
}

/* Random play's three commonest actions (a number played alone, a draw, a
 * pass: nine in ten) are tested first, by frequency: a jump table on the
 * kind mispredicted often (issue 29). Those three need no frame; the rest
 * go on by a tail call. */
void rg_apply(void *st, ch_action a)
{
    rg_state *s = st;
    unsigned set = (unsigned)(a >> 11 & 15);
    /* Kind RG_A_PLAY with type RG_NUMBER (bits 0..6), one colour. */
    if ((a & 0x7f) == RG_A_PLAY && !(set & (set - 1))) {
        play_number(s, a);
    } else if ((a & 7) == RG_A_DRAW && s->nstock) { /* RG-21: draw's one-card path */
        int p = s->turn, f = s->stock[--s->nstock];
        rg_hand_add(&s->hand[p], f);
        s->drawn_total[p]++;
        s->drawn = (uint8_t)f;
        s->phase = RG_PH_DRAWN;
    } else if ((a & 7) == RG_A_PLAY && (a >> 3 & 15) < RG_CONV && !(set & (set - 1)) &&
               !(a >> 17 & 1)) { /* one coloured special, no Conversion */
        play_special(s, a);
    } else if ((a & 7) == RG_A_PASS) {
        pass(s, s->turn, NULL);
    } else {
        apply_other(s, a);
    }
}
