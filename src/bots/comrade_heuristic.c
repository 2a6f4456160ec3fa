/* The Comrade heuristic: bids what its hand can win per suit, fills the team
 * total when bidding would otherwise fail, then plays to take exactly its bid:
 * wins cheaply in suits it still needs, ducks everywhere else, leads suits a
 * team-mate needs, and dumps dangerous high cards when void. It reads only
 * its own cm_view. */
#include <assert.h>

#include "cardhall/comrade.h"
#include "comrade_bots.h"

#define SUIT_MASK(s) (0x1FFFull << (13 * (s)))

/* Tuned over thousands of simulated deals (tenths of a trick): a card
 * with one higher card out, guarded, wins about 0.8 of a trick; with two
 * out and two guards, 0.3. A suit's estimate rounds up from 0.4. */
enum {
    GUARDED_SECOND = 8,
    GUARDED_THIRD = 3,
    ROUND_UP = 6,
    LATE_TRICKS = 8, /* sample the last tricks of a deal */
    SAMPLES = 20,
};

typedef struct ctx {
    cm_view v;
    uint64_t unseen; /* cards that may be in another hand */
    const cm_bid_conv *conv; /* how bids are estimated (the heuristic's own: heuristic_conv) */
} ctx;

static const cm_bid_conv heuristic_conv = {GUARDED_SECOND, GUARDED_THIRD, ROUND_UP, 0};

/* cm_strength, inline: the searches call it millions of times. */
static int strength(const ctx *c, int f)
{
    int r = f % 13;
    return r == 12 && !c->v.ace_high ? 0 : r + 1;
}

/* The cards of f's suit that beat f. Faces run 2..A within a suit, so that
 * is the bits above f, less the Ace when it ranks low. */
static uint64_t above_mask(const ctx *c, int f)
{
    int s = f / 13;
    uint64_t ace = 1ull << (13 * s + 12);
    if (!c->v.ace_high && f == 13 * s + 12) return SUIT_MASK(s) & ~ace;
    uint64_t m = SUIT_MASK(s) & ~((2ull << f) - 1);
    return c->v.ace_high ? m : m & ~ace;
}

/* Cards of f's suit, not ours and not played, that beat f. */
static int higher_out(const ctx *c, int f)
{
    return cm_popcount(c->unseen & above_mask(c, f));
}

/* Our best / worst card of m by strength (-1 if m is empty). */
static int pick(const ctx *c, uint64_t m, int highest)
{
    int best = -1;
    for (; m; m &= m - 1) {
        int f = __builtin_ctzll(m);
        if (best < 0 || (strength(c, f) > strength(c, best)) == highest) best = f;
    }
    return best;
}

static int need(const ctx *c, int p, int s)
{
    return c->v.v[p][s] - c->v.won[p][s];
}

/* Expected tricks in suit s, in tenths: masters count fully, guarded
 * near-masters partly. */
static int estimate(const ctx *c, int s)
{
    uint64_t m = c->v.hand & SUIT_MASK(s);
    int len = cm_popcount(m), e = 0;
    for (; m; m &= m - 1) {
        int h = higher_out(c, __builtin_ctzll(m));
        if (h == 0)
            e += 10;
        else if (h == 1 && len >= 2)
            e += c->conv->second;
        else if (h == 2 && len >= 3)
            e += c->conv->third;
    }
    if (len > 4) e += c->conv->length * (len - 4);
    return e;
}

/* A bidding action that raises suit s by up to `by` (exactly `by` when
 * exact), keeping T <= target; -1 when none. Prefers bid cards others would
 * not plainly need next, then the joker. */
static int raise_action(const ctx *c, int s, int by, int exact)
{
    const cm_view *v = &c->v;
    int cur = v->v[v->seat][s];
    for (int add = by; add >= 1; add--) {
        int val = cur + add;
        if (v->total + add > v->target) continue;
        int ok_card = val <= 4 && (v->pool >> (s * 4 + val - 1) & 1);
        int wanted = 0; /* another bidder's next step in this suit */
        for (int q = 0; q < v->np; q++)
            wanted |= q != v->seat && v->v[q][s] && v->v[q][s] + 1 == val;
        if (ok_card && !(wanted && add == 1 && v->jokers)) return CM_TAKE(s, val);
        if (add == 1 && v->jokers) return CM_JOKER(s);
        if (ok_card) return CM_TAKE(s, val);
        if (exact) break;
    }
    return -1;
}

static ch_action bid(const ctx *c)
{
    const cm_view *v = &c->v;
    int me = v->seat, deficit = v->target - v->total;
    int est[4], gap[4];
    for (int s = 0; s < 4; s++) {
        est[s] = estimate(c, s);
        gap[s] = est[s] - 10 * v->v[me][s];
    }
    /* Raise the suit where the hand promises most beyond the bid. */
    int order[4] = {0, 1, 2, 3};
    for (int i = 1; i < 4; i++)
        for (int j = i; j > 0 && gap[order[j]] > gap[order[j - 1]]; j--) {
            int t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
    for (int i = 0; i < 4; i++) {
        int s = order[i], want = (est[s] + c->conv->round_up) / 10 - v->v[me][s];
        if (want <= 0) break;
        int a = raise_action(c, s, want < deficit ? want : deficit, 0);
        if (a >= 0) return (ch_action)a;
    }
    int turns_left = 3 * v->np - v->turn; /* this one included */
    int last = turns_left == 1;
    int forced = v->passes == v->np - 1 || last || (turns_left <= v->np && deficit > 0);
    if (!forced) return CM_PASS;
    /* Fill the total: the whole deficit on the last turn, else a share. */
    int by = last ? deficit : (deficit + turns_left - 1) / turns_left;
    if (by < 1) by = 1;
    for (int i = 0; i < 4; i++) {
        int a = raise_action(c, order[i], by, last);
        if (a >= 0) return (ch_action)a;
    }
    return CM_PASS;
}

static ch_action lead(const ctx *c)
{
    const cm_view *v = &c->v;
    int me = v->seat, best = -1, best_score = -1000;
    for (int s = 0; s < 4; s++) {
        uint64_t m = v->hand & SUIT_MASK(s);
        if (!m) continue;
        int top = pick(c, m, 1), low = pick(c, m, 0);
        int others = 0;
        for (int q = 0; q < v->np; q++)
            if (q != me && need(c, q, s) > 0) others += need(c, q, s);
        if (need(c, me, s) > 0 && higher_out(c, top) == 0) {
            /* A sure winner we need. */
            if (100 + need(c, me, s) > best_score) best_score = 100 + need(c, me, s), best = top;
        } else if (need(c, me, s) <= 0 && others > 0) {
            /* A team-mate needs this suit: lead low so they can take it. */
            int sc = 50 + higher_out(c, low) + others;
            if (sc > best_score) best_score = sc, best = low;
        } else if (need(c, me, s) > 0) {
            int sc = 20 - higher_out(c, top);
            if (sc > best_score) best_score = sc, best = top;
        } else {
            int sc = -50 + higher_out(c, low); /* nobody wants it: least likely to win */
            if (sc > best_score) best_score = sc, best = low;
        }
    }
    return CM_PLAY(best);
}

static ch_action follow(const ctx *c)
{
    const cm_view *v = &c->v;
    int me = v->seat, led = v->led;
    uint64_t mine = v->hand & SUIT_MASK(led);
    int rest = v->np - v->ncur - 1; /* players after us */
    if (mine) {
        uint64_t above = 0, below = 0;
        for (uint64_t m = mine; m; m &= m - 1) {
            int f = __builtin_ctzll(m);
            if (strength(c, f) > strength(c, v->best_face))
                above |= 1ull << f;
            else
                below |= 1ull << f;
        }
        if (need(c, me, led) > 0 && above) {
            /* Win as cheaply as is sure; else with our best chance. */
            int sure = -1;
            for (uint64_t m = above; m; m &= m - 1) {
                int f = __builtin_ctzll(m);
                if ((rest == 0 || higher_out(c, f) == 0) &&
                    (sure < 0 || strength(c, f) < strength(c, sure)))
                    sure = f;
            }
            if (sure >= 0) return CM_PLAY(sure);
            if (need(c, v->best_seat, led) > 0 && below) return CM_PLAY(pick(c, below, 0));
            return CM_PLAY(pick(c, above, 1));
        }
        /* Keep our winners for a later trick of a suit we need. */
        if (need(c, me, led) > 0) return CM_PLAY(pick(c, mine, 0));
        /* Duck: the highest card that still loses, else our lowest. */
        if (below) return CM_PLAY(pick(c, below, 1));
        return CM_PLAY(pick(c, mine, 0));
    }
    /* Void: shed the card most likely to win a trick we must not win. */
    int best = -1, best_score = -1000;
    for (uint64_t m = v->hand; m; m &= m - 1) {
        int f = __builtin_ctzll(m), s = f / 13;
        int len = cm_popcount(v->hand & SUIT_MASK(s));
        int sc;
        if (need(c, me, s) <= 0)
            sc = 100 - 10 * higher_out(c, f) - len + strength(c, f);
        else if (len > need(c, me, s))
            sc = 20 - strength(c, f); /* a spare low card of a suit we need */
        else
            sc = -strength(c, f);
        if (sc > best_score) best_score = sc, best = f;
    }
    return CM_PLAY(best);
}

static void observe(ctx *c, const void *st, int seat)
{
    cm_observe(st, seat, &c->v);
    assert(c->v.to_move == seat);
    c->conv = &heuristic_conv;
    c->unseen = cm_deck_mask(c->v.np) & ~c->v.hand & ~c->v.played;
}

static ch_action choose(const ctx *c)
{
    if (c->v.phase == CM_PH_BID) return bid(c);
    return c->v.ncur ? follow(c) : lead(c);
}

static ch_action plain_act(const void *st, int seat)
{
    ctx c;
    observe(&c, st, seat);
    return choose(&c);
}

/* Plays the deal of s out with the plain heuristic at every seat; 1 on a win. */
static int rollout(cm_state *s)
{
    int deal = s->deal;
    while (s->deal == deal)
        cm_game.apply(s, plain_act(s, s->to_move));
    return s->res[deal] == CM_WIN;
}

ch_action cm_heuristic_bid(const cm_view *v)
{
    return cm_conv_bid(v, &heuristic_conv);
}

ch_action cm_conv_bid(const cm_view *v, const cm_bid_conv *conv)
{
    ctx c;
    c.v = *v;
    c.unseen = cm_deck_mask(v->np) & ~v->hand & ~v->played;
    c.conv = conv ? conv : &heuristic_conv;
    return bid(&c);
}

ch_action cm_heuristic_choice(const cm_view *v)
{
    ctx c;
    c.v = *v;
    c.unseen = cm_deck_mask(v->np) & ~v->hand & ~v->played;
    c.conv = &heuristic_conv;
    return choose(&c);
}

ch_action cm_heuristic_plain(const void *st, int seat)
{
    return plain_act(st, seat);
}

int cm_heuristic_finish_bids(cm_state *t, uint8_t *acts)
{
    return cm_conv_finish_bids(t, NULL, acts);
}

int cm_conv_finish_bids(cm_state *t, const cm_bid_conv *conv, uint8_t *acts)
{
    int deal = t->deal, n = 0;
    while (t->deal == deal && t->phase == CM_PH_BID) {
        cm_view v;
        cm_observe(t, t->to_move, &v);
        ch_action a = cm_conv_bid(&v, conv);
        if (acts) acts[n] = (uint8_t)a;
        n++;
        cm_game.apply(t, a);
    }
    return n;
}

int cm_heuristic_rollout(cm_state *s)
{
    return rollout(s);
}

/* Two cards of one suit are interchangeable when every card ranked between
 * them is ours or gone from play in an earlier trick: the deal then goes on
 * alike whichever we play. (Cards of the trick in progress still separate.)
 * rep[i] = index of the first legal card of i's run. */
static int group_plays(const ctx *c, const ch_action *acts, int n, int *rep)
{
    uint64_t sep = c->unseen;
    for (int i = 0; i < c->v.ncur; i++)
        sep |= 1ull << c->v.cur[i];
    int groups = 0;
    for (int i = 0; i < n; i++) {
        int f = (int)acts[i] - CM_PLAY(0), g = i ? (int)acts[i - 1] - CM_PLAY(0) : -1;
        rep[i] = i;
        if (g < 0 || g / 13 != f / 13) {
            groups++;
            continue;
        }
        int lo = strength(c, g) < strength(c, f) ? g : f, hi = lo == g ? f : g;
        uint64_t between = above_mask(c, lo) & ~above_mask(c, hi) & ~(1ull << hi);
        if (between & sep)
            groups++;
        else
            rep[i] = rep[i - 1];
    }
    return groups;
}

/* Late in a deal, the plain choice is checked against the alternatives:
 * each distinct legal card is played out in the same sampled deals (hidden
 * hands resampled from this seat's view, so nothing hidden is read). */
static ch_action endgame_act(ch_bot *b, const ctx *c, const cm_state *st, ch_action plain)
{
    ch_action acts[32];
    int rep[32], n = cm_game.legal(st, acts), plain_rep = -1;
    if (group_plays(c, acts, n, rep) < 2) return plain;
    int score[32] = {0};
    for (int k = 0; k < SAMPLES; k++) {
        cm_state base = *st;
        cm_game.resample(&base, c->v.seat, &b->rng);
        for (int i = 0; i < n; i++) {
            if (rep[i] != i) continue;
            cm_state s = base;
            cm_game.apply(&s, acts[i]);
            score[i] += s.deal != st->deal ? s.res[st->deal] == CM_WIN : rollout(&s);
        }
    }
    for (int i = 0; i < n; i++)
        if (acts[i] == plain) plain_rep = rep[i];
    int best = plain_rep;
    for (int i = 0; i < n; i++)
        if (rep[i] == i && score[i] > score[best]) best = i;
    return best == plain_rep ? plain : acts[best];
}

ch_action cm_heuristic_act(ch_bot *b, const void *st, int seat)
{
    const cm_state *s = st;
    ctx c;
    observe(&c, st, seat);
    ch_action a = choose(&c);
    if (s->phase == CM_PH_PLAY && s->target - s->trick <= LATE_TRICKS) a = endgame_act(b, &c, s, a);
    return a;
}
