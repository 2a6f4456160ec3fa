/* The RAGAMARU heuristic: scores every legal action from the seat's own
 * view (rg_observe) and plays the best. It sheds cards rather than draw,
 * keeps a pair of number cards for the end, saves wild cards and keeps TMO
 * for chains of 6 or more, attacks opponents (harder when one is close to
 * going out, and only for what they can really draw), hands the turn to
 * whoever it suits with pass cards, never attacks or feeds its partner,
 * dumps useless cards with Advantage and names the colours it holds.
 * tests/test_ragamaru.c checks each of these in a position of its own. */
#include "../games/ragamaru/internal.h"

static int is_opp(const rg_view *v, int q)
{
    if (q == v->seat) return 0;
    return v->teams ? q % v->teams != v->seat % v->teams : 1;
}

/* How much a card is worth keeping: low for cards that cannot help going out. */
static int keep_value(const rg_view *v, int f)
{
    int t = rg_face_type(f);
    switch (t) {
    case RG_NUMBER: {
        int n = rg_face_number(f), same = 0;
        for (int c = 0; c < 4; c++)
            same += v->cnt[rg_face_of(RG_NUMBER, c, n)];
        return same > 1 ? 35 : 12;
    }
    case RG_CONV:
        return 0;
    case RG_TMO:
        return v->hand_n[v->seat] > 4 ? 25 : 5;
    case RG_RES:
        return 45;
    case RG_RGM:
        return 40;
    case RG_SIN:
        return 30;
    default:
        return t <= RG_DG ? 20 : 15;
    }
}

/* Cards left in hand that could follow the requirement (C, N, T). */
static int followers(const rg_view *v, const uint8_t *cnt, int C, int N, int T)
{
    int k = 0;
    for (int f = 0; f < RG_NFACES; f++) {
        if (!cnt[f]) continue;
        int t = rg_face_type(f);
        if (t == RG_CONV || t == RG_TMO) continue;
        if (C == RG_ANY || rg_face_colour(f) == C ||
            (t == RG_NUMBER && N && rg_face_number(f) == N) || (t != RG_NUMBER && t == T))
            k += cnt[f];
    }
    return k;
}

/* Cards a draw of k can really take: the stock and all but the discard
 * pile's top (RG-70, RG-71). Attacks and RAGAMARU are worth only what they
 * make others draw; near a dry deck they are worth nothing, and valuing them
 * anyway sends the same few cards round the table for ever. */
static int drawable(const rg_view *v, int k)
{
    int avail = v->nstock + (v->ndisc > 1 ? v->ndisc - 1 : 0);
    return k < avail ? k : avail;
}

/* An attack of `amount` cards on the next player: worth more when they are
 * close to going out, never aimed at a partner. */
static int attack_value(const rg_view *v, int amount, int close_bonus, int far_bonus, int ally)
{
    int eff = drawable(v, amount), next = v->next[0];
    if (!is_opp(v, next)) return -ally;
    if (amount == 0) return 0;
    return (v->hand_n[next] <= 3 ? close_bonus : far_bonus) * eff / amount;
}

/* The seat reached by moving k places along the direction (RG-2). */
static int seat_at(const rg_view *v, int k)
{
    k %= v->np;
    if (k <= 0) k += v->np;
    return v->next[k - 1];
}

/* Who gets the turn matters: another turn for oneself is a free card, a
 * partner close to going out should get it, an opponent close to going
 * out should not. */
static int turn_value(const rg_view *v, int q)
{
    if (q == v->seat) return 10;
    int close = v->hand_n[q] <= 3;
    return is_opp(v, q) ? (close ? -20 : 0) : (close ? 20 : 5);
}

/* Pass cards (RG-50..RG-53): the landing seat's value against the next's. */
static int pass_value(const rg_view *v, int type, int k)
{
    int moves = type == RG_CUT    ? k + 1
                : type == RG_KICK ? 2 * k + 1
                : type == RG_RET  ? -k
                                  : (k % 2 ? -1 : 1);
    return turn_value(v, seat_at(v, moves)) - turn_value(v, v->next[0]);
}

/* RB tip: a pair of number cards (same number) goes out in one play. */
static int holds_pair(const uint8_t *cnt)
{
    for (int n = 0; n < 15; n++)
        if (cnt[4 * n] + cnt[4 * n + 1] + cnt[4 * n + 2] + cnt[4 * n + 3] >= 2) return 1;
    return 0;
}

static int score_play(const rg_state *s, const rg_view *v, const rg_move *m)
{
    int cards[8], k = rg_play_cards(s, m, cards);
    uint8_t cnt[RG_NFACES];
    for (int f = 0; f < RG_NFACES; f++)
        cnt[f] = v->cnt[f];
    for (int i = 0; i < k; i++)
        cnt[cards[i]]--;
    int left = v->hand_n[v->seat] - k;
    if (left == 0) return 100000;
    int next = v->next[0], t = m->type, sc = 10 * k;
    int close = v->hand_n[next] <= 3;
    /* The requirement the play leaves, for the follow bonus. */
    int C = m->top, N = t == RG_NUMBER ? m->number : 0, T = m->conv ? RG_CONV : t;
    if (t == RG_RES) { /* the colour is declared next: count the best one */
        int best = -1;
        for (int c = 0; c < 4; c++) {
            int f = followers(v, cnt, c, 0, RG_RES);
            if (f > best) best = f, C = c;
        }
        N = 0;
    }
    if (t == RG_SIN || t == RG_TMO) C = m->colour;
    if (t == RG_RGM) C = RG_ANY;
    int numbers = 0;
    for (int f = 0; f < 60; f++)
        numbers += cnt[f];
    if (numbers == 0) sc -= 40; /* cannot go out any more */
    if (left <= 4 && holds_pair(cnt)) sc += left == 2 && numbers == 2 ? 25 : 12;
    if (t == RG_RES || t == RG_SIN || t == RG_RGM) sc -= left > 3 ? 30 : 0;
    if (t >= RG_TRY && t <= RG_DG) {
        int per = rg_card_value(t), tries = __builtin_popcount((unsigned)m->set);
        sc += attack_value(v, tries * per + rg_card_value(RG_CONV) * m->conv, 45, 12, 60);
    }
    if (t == RG_SIN) sc += is_opp(v, next) ? (close ? 40 : 8) : -50;
    if (t == RG_RGM) {
        int each = drawable(v, rg_card_value(RG_RGM) * m->set * (v->np - 1)) / (v->np - 1);
        for (int q = 0; q < v->np; q++)
            if (q != v->seat) sc += (is_opp(v, q) ? 4 : -4) * each;
        sc += 10; /* a free play follows */
    }
    if (t == RG_ADV) { /* RG-60: each Advantage dumps one card, never the last */
        int dumps = __builtin_popcount((unsigned)m->set);
        sc += 10 * (dumps < left - 1 ? dumps : left - 1);
    }
    if (t >= RG_CUT && t <= RG_TURN && t != RG_LOOP)
        sc += pass_value(v, t, __builtin_popcount((unsigned)m->set));
    /* A hand that can follow its own requirement; after RAGAMARU the free
     * play is already counted above (every card would "follow" it). */
    if (t != RG_RGM) sc += 3 * followers(v, cnt, C, N, T);
    return sc;
}

static int score(const rg_state *s, const rg_view *v, ch_action a)
{
    rg_move m;
    rg_decode(a, &m);
    int next = v->next[0];
    switch (m.kind) {
    case RG_A_DECLARE: /* the Reserve: a colour it holds, then a number it holds */
        if (m.decl) {
            int k = 0;
            for (int c = 0; c < 4; c++)
                k += v->cnt[rg_face_of(RG_NUMBER, c, m.decl)];
            return 3 * k + 2 * v->cnt[rg_face_of(RG_NUMBER, m.colour, m.decl)];
        }
        /* the colour, counted like the kickoff's */
        __attribute__((fallthrough));
    case RG_A_KICKOFF: {
        int k = 0;
        for (int f = 0; f < RG_NFACES; f++)
            if (rg_face_colour(f) == m.colour) k += v->cnt[f];
        return k;
    }
    case RG_A_DRAW: /* a card more in hand: worse than most plays */
        return -15;
    case RG_A_PASS:
        return 0;
    case RG_A_KEEP:
        return 0;
    case RG_A_DISCARD:
        return 50 - keep_value(v, m.face);
    case RG_A_ACCEPT:
        return v->ptype == RG_SIN ? -10 * v->ptotal : -6 * drawable(v, v->ptotal);
    }
    if (v->phase == RG_PH_RESPOND) {
        int opp = is_opp(v, next), col = 0;
        for (int f = 0; f < RG_NFACES; f++)
            if (rg_face_colour(f) == m.colour) col += v->cnt[f];
        if (m.type == RG_TMO) /* save it for big chains */
            return v->ptotal >= 6 || !opp ? 5 * v->ptotal - 20 + col : -100;
        int cards = m.type == RG_SIN ? m.set : __builtin_popcount((unsigned)m.set) + m.conv;
        if (m.type == RG_CONV) cards = 1;
        return (opp ? 50 : -200) + 5 * cards + (m.type == RG_SIN ? col : 0);
    }
    return score_play(s, v, &m);
}

ch_action rg_heuristic_act(ch_bot *b, const void *st, int seat)
{
    const rg_state *s = st;
    rg_view v;
    rg_observe(s, seat, &v);
    ch_action acts[RG_MAX_ACTIONS];
    int n = rg_game.legal(st, acts), best = 0, bs = 0;
    /* With every card in hand (6-8 players) a greedy choice can send the
     * same two or three cards round for ever; late in a long game an
     * occasional random move breaks such a cycle. */
    if (s->arrivals > 100u * s->np && ch_rng_below(&b->rng, 8) == 0)
        return acts[ch_rng_below(&b->rng, (uint32_t)n)];
    for (int i = 0; i < n; i++) {
        int sc = score(s, &v, acts[i]) * 16 + (int)ch_rng_below(&b->rng, 16);
        if (i == 0 || sc > bs) best = i, bs = sc;
    }
    return acts[best];
}
