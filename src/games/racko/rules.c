/* Rack-O rules: setup, the turn, deck exhaustion, declaring, scoring and
 * the game end. Rule IDs refer to docs/rules/racko.md. */
#include <assert.h>
#include <string.h>

#include "cardhall/racko.h"
#include "racko_int.h"

int rk_prefix(const uint8_t *r)
{
    int k = 1;
    while (k < RK_SLOTS && r[k - 1] < r[k])
        k++;
    return k;
}

int rk_is_racko(const uint8_t *r)
{
    return rk_prefix(r) == RK_SLOTS;
}

int rk_longest_run(const uint8_t *r)
{
    int best = 1, cur = 1;
    for (int i = 1; i < RK_SLOTS; i++) {
        cur = r[i] == r[i - 1] + 1 ? cur + 1 : 1;
        if (cur > best) best = cur;
    }
    return best;
}

int rk_run_bonus(int run)
{
    if (run >= 6) return 400;
    if (run == 5) return 200;
    if (run == 4) return 100;
    if (run == 3) return 50;
    return 0;
}

int rk_can_declare(const rk_state *s, int seat)
{
    const uint8_t *r = s->rack[seat];
    if (!rk_is_racko(r)) return 0;
    return s->two_player_rule != RK_2P_RUN || rk_longest_run(r) >= 3;
}

int rk_team_score(const rk_state *s, int team)
{
    return s->score[team] + s->score[team + 2];
}

/* RK-16, RK-17: deal d[0..N-1] (top first) from the dealer's left. */
static void deal(rk_state *s, const uint8_t *d)
{
    int n = s->n, N = s->deck_size;
    for (int j = 0; j < RK_SLOTS * n; j++)
        s->rack[(s->dealer + 1 + j % n) % n][RK_SLOTS - 1 - j / n] = d[j];
    s->disc[0] = d[RK_SLOTS * n];
    s->ndisc = 1;
    s->ndeck = (uint8_t)(N - RK_SLOTS * n - 1);
    for (int k = 0; k < s->ndeck; k++)
        s->deck[k] = d[N - 1 - k];
    memset(s->known, 0, sizeof s->known);
    s->held = 0;
    s->deck_public = 0;
    s->hand = 0;
    s->hand_public = 0;
    s->turns = 0;
    s->turn = (uint8_t)((s->dealer + 1) % n); /* RK-20 */
    rk_start_turn(s);
}

static void shuffled_deck(rk_state *s, uint8_t d[RK_MAX_CARD])
{
    /* setup makes deck_size at most RK_MAX_CARD (RK-10: 10 per player + 20).
     * Spelling the bound out lets the compiler see it too: gcc 12 at -O3
     * otherwise vectorises the loop for all 255 a uint8_t allows and warns
     * (-Wstringop-overflow) about writing past d. */
    int n = s->deck_size < RK_MAX_CARD ? s->deck_size : RK_MAX_CARD;
    assert(n == s->deck_size);
    for (int i = 0; i < n; i++)
        d[i] = (uint8_t)(i + 1);
    ch_rng_shuffle_u8(&s->rng, d, n);
}

static void new_round(rk_state *s)
{
    uint8_t d[RK_MAX_CARD];
    s->dealer = (uint8_t)((s->dealer + 1) % s->n); /* RK-53 */
    shuffled_deck(s, d);                           /* RK-15 */
    deal(s, d);
}

/* The highest total (team totals under partnership) and how many share it. */
static int leaders(const rk_state *s, int *count)
{
    int units = s->partnership ? 2 : s->n, best = -1;
    *count = 0;
    for (int u = 0; u < units; u++) {
        int t = s->partnership ? rk_team_score(s, u) : s->score[u];
        if (t > best) best = t, *count = 0;
        if (t == best) ++*count;
    }
    return best;
}

/* RK-34..RK-53: score the round (declarer < 0: void under RK-V5), then end
 * the game or deal the next round. */
void rk_end_round(rk_state *s, int declarer)
{
    for (int p = 0; p < s->n; p++) {
        const uint8_t *r = s->rack[p];
        int pts = 5 * rk_prefix(r); /* RK-41 */
        if (p == declarer) {
            pts = 75; /* RK-40 */
            if (s->bonus) pts += rk_run_bonus(rk_longest_run(r));
        }
        if (declarer < 0) pts = 0;
        s->last[p] = (int16_t)pts;
        s->score[p] = (int16_t)(s->score[p] + pts);
    }
    memcpy(s->last_rack, s->rack, sizeof s->rack);
    s->last_declarer = declarer < 0 ? RK_NOBODY : (uint8_t)declarer;
    s->void_rounds = (uint16_t)(s->void_rounds + (declarer < 0));
    s->hands++;
    s->hand = 0;
    s->hand_public = 0;
    int count, best = leaders(s, &count);
    if (best >= s->target && (count == 1 || s->tie_rule == RK_TIE_SHARED)) {
        s->phase = RK_PH_OVER; /* RK-50..RK-52, RK-V4 */
        return;
    }
    new_round(s);
}

/* RK-21 step 1 / RK-31 (a). */
void rk_start_turn(rk_state *s)
{
    s->phase = RK_PH_START;
    if (rk_can_declare(s, s->turn) && s->two_player_rule != RK_2P_OPTIONAL)
        rk_end_round(s, s->turn);
}

/* RK-21 step 5 and the pass to the next player. */
static void finish_turn(rk_state *s)
{
    if (s->ndeck == 0) {
        /* RK-26: the pile turned over as one block: its oldest card becomes
         * the new upcard, the rest the deck, in an order everyone knows. */
        int m = s->ndisc;
        for (int k = 0; k < m - 1; k++)
            s->deck[k] = s->disc[m - 1 - k];
        s->ndeck = (uint8_t)(m - 1);
        s->ndisc = 1;
        s->deck_public = 1;
        s->turnovers++;
    }
    if (s->max_turns && s->turns >= s->max_turns) { /* RK-V5 */
        rk_end_round(s, -1);
        return;
    }
    s->turn = (uint8_t)((s->turn + 1) % s->n);
    rk_start_turn(s);
}

/* RK-21 step 4 / RK-31 (b). */
static void end_turn(rk_state *s)
{
    s->turns++;
    if (rk_can_declare(s, s->turn)) {
        if (s->two_player_rule == RK_2P_OPTIONAL) {
            s->phase = RK_PH_END;
            return;
        }
        rk_end_round(s, s->turn);
        return;
    }
    finish_turn(s);
}

int rk_legal(const void *st, ch_action *out)
{
    const rk_state *s = st;
    int k = 0;
    switch (s->phase) {
    case RK_PH_START:
        out[k++] = RK_A_DRAW;
        out[k++] = RK_A_TAKE;
        if (s->two_player_rule == RK_2P_OPTIONAL && rk_can_declare(s, s->turn))
            out[k++] = RK_A_DECLARE;
        break;
    case RK_PH_TAKEN:
    case RK_PH_DRAWN:
        for (int i = 0; i < RK_SLOTS; i++)
            out[k++] = RK_A_SWAP + (ch_action)i;
        if (s->phase == RK_PH_DRAWN) out[k++] = RK_A_DISCARD;
        break;
    case RK_PH_END:
        out[k++] = RK_A_DECLARE;
        out[k++] = RK_A_END_TURN;
        break;
    default:
        break;
    }
    return k;
}

void rk_apply(void *st, ch_action a)
{
    rk_state *s = st;
    int t = s->turn;
    /* Drawing or taking while a declaration was open declines it in public. */
    if ((a == RK_A_DRAW || a == RK_A_TAKE || a == RK_A_END_TURN) &&
        s->two_player_rule == RK_2P_OPTIONAL && rk_can_declare(s, t))
        s->held |= (uint8_t)(1u << t);
    switch (a) {
    case RK_A_DRAW: /* RK-22 */
        assert(s->phase == RK_PH_START && s->ndeck > 0);
        s->hand = s->deck[--s->ndeck];
        s->hand_public = s->deck_public;
        s->phase = RK_PH_DRAWN;
        break;
    case RK_A_TAKE:
        assert(s->phase == RK_PH_START && s->ndisc > 0);
        s->hand = s->disc[--s->ndisc];
        s->hand_public = 1;
        s->phase = RK_PH_TAKEN;
        break;
    case RK_A_DISCARD: /* RK-24 */
        assert(s->phase == RK_PH_DRAWN);
        s->disc[s->ndisc++] = s->hand;
        s->hand = 0;
        end_turn(s);
        break;
    case RK_A_DECLARE:
        assert(rk_can_declare(s, t));
        rk_end_round(s, t);
        break;
    case RK_A_END_TURN:
        assert(s->phase == RK_PH_END);
        finish_turn(s);
        break;
    default: { /* RK-23, RK-24: SWAP */
        int i = (int)(a - RK_A_SWAP);
        assert(i >= 0 && i < RK_SLOTS && (s->phase == RK_PH_TAKEN || s->phase == RK_PH_DRAWN));
        s->disc[s->ndisc++] = s->rack[t][i];
        s->rack[t][i] = s->hand;
        if (s->hand_public)
            s->known[t] |= (uint16_t)(1u << i);
        else
            s->known[t] &= (uint16_t) ~(1u << i);
        s->hand = 0;
        s->held &= (uint8_t) ~(1u << t);
        end_turn(s);
        break;
    }
    }
}

int rk_setup(void *st, const ch_opts *o, uint64_t seed, const int *order, int n_order, ch_err *err)
{
    rk_state *s = st;
    memset(s, 0, sizeof *s);
    int n = o->val[RK_OPT_PLAYERS];
    if (o->val[RK_OPT_FIRST_DEALER] >= n)
        return ch_errf(err, CH_EINVAL, "first_dealer=%d: there are only seats 0..%d",
                       o->val[RK_OPT_FIRST_DEALER], n - 1);
    if (o->val[RK_OPT_TWO_PLAYER] != RK_2P_NONE && n != 2)
        return ch_errf(err, CH_EINVAL, "two_player_rule=%s needs players=2",
                       o->text[RK_OPT_TWO_PLAYER]);
    if (o->val[RK_OPT_PARTNERSHIP] && n != 4)
        return ch_errf(err, CH_EINVAL, "partnership=true needs players=4");
    s->n = (uint8_t)n;
    s->deck_size = (uint8_t)(RK_SLOTS * n + RK_OUTSIDE); /* RK-10 */
    s->target = (uint16_t)o->val[RK_OPT_TARGET];
    s->bonus = (uint8_t)o->val[RK_OPT_BONUS];
    s->two_player_rule = (uint8_t)o->val[RK_OPT_TWO_PLAYER];
    s->partnership = (uint8_t)o->val[RK_OPT_PARTNERSHIP];
    s->tie_rule = (uint8_t)o->val[RK_OPT_TIE];
    s->max_turns = (uint16_t)(o->val[RK_OPT_MAX_TURNS] < 0 ? 0 : o->val[RK_OPT_MAX_TURNS]);
    s->last_declarer = RK_NOBODY;
    ch_rng_seed(&s->rng, seed, RK_RNG_STREAM);

    uint8_t d[RK_MAX_CARD];
    if (order) {
        if (n_order != s->deck_size)
            return ch_errf(err, CH_EINVAL, "card order: %d cards, %d players need %d (1..%d)",
                           n_order, n, s->deck_size, s->deck_size);
        uint64_t seen = 0;
        for (int i = 0; i < n_order; i++) {
            if (order[i] < 1 || order[i] > s->deck_size)
                return ch_errf(err, CH_EINVAL, "card order: %d is not in the %d-player deck 1..%d",
                               order[i], n, s->deck_size);
            if (seen & (1ull << order[i]))
                return ch_errf(err, CH_EINVAL, "card order: %d appears twice", order[i]);
            seen |= 1ull << order[i];
            d[i] = (uint8_t)order[i];
        }
    }

    if (o->val[RK_OPT_FIRST_DEALER] >= 0) { /* RK-12 */
        s->dealer = (uint8_t)o->val[RK_OPT_FIRST_DEALER];
    } else { /* RK-13: one card each in seat order; the highest deals */
        uint8_t draw[RK_MAX_CARD];
        shuffled_deck(s, draw);
        for (int p = 0; p < n; p++) {
            s->dealer_draw[p] = draw[p];
            if (draw[p] > draw[s->dealer]) s->dealer = (uint8_t)p;
        }
    }
    if (!order) shuffled_deck(s, d); /* RK-15 */
    deal(s, d);
    return CH_OK;
}

void rk_result(const void *st, ch_result *r)
{
    const rk_state *s = st;
    memset(r, 0, sizeof *r);
    r->n_players = s->n;
    r->terminal = s->phase == RK_PH_OVER;
    r->hands = s->hands;
    for (int p = 0; p < s->n; p++) {
        r->score[p] = s->score[p];
        r->hand_score[p] = s->last[p];
    }
    /* Ranks (and the win) go by team totals under partnership (RK-V3). */
    int total[RK_MAX_PLAYERS];
    for (int p = 0; p < s->n; p++)
        total[p] = s->partnership ? rk_team_score(s, p % 2) : s->score[p];
    for (int p = 0; p < s->n; p++) {
        r->rank[p] = 1;
        for (int q = 0; q < s->n; q++)
            if (total[q] > total[p]) r->rank[p]++;
        if (r->terminal && r->rank[p] == 1) r->winners |= 1u << p;
    }
}
