/* Comrade's "solver" player (issue 14): double-dummy Monte Carlo in the
 * manner of bridge programs (GIB, Ginsberg 2001). In each world drawn from
 * the seat's own view, every distinct legal card is played and the open-hand
 * solver (comrade_solver.c) says whether the deal can still be won; the card
 * winnable in the most worlds is played, ties going to the heuristic's own
 * choice. When the solver gives up within its node budget, the heuristic
 * plays the world out instead. Bids are the heuristic's, but for a bid
 * that ends the bidding: every way to end it is solved in the worlds like
 * a card (closing_bids).
 *
 * The worlds: game->resample deals the unseen cards uniformly, keeping the
 * voids shown, but a deal is bid from the hands, and bids made on other
 * hands are mostly not winnable at all (uniform worlds: about 9 % at the
 * first trick, against at least two thirds of the true deals). So they are
 * then made to agree with the bids: every other seat's hand as dealt (its
 * hidden cards and the ones it played) should have made its bids, as the
 * heuristic bids, from the public bidding before each of its turns. That is
 * a function of the seat's own hand alone, so a Metropolis walk that swaps
 * hidden cards between two seats, counting the bidding turns that disagree,
 * reaches agreeing worlds in a few hundred cheap steps. The same walk reads
 * the play (issue 28, play=1): every card another seat played this deal was
 * played from a view the public record gives back (the trick so far, the
 * tricks won, the final bids), and a world where the plain heuristic, from
 * that seat's hand in the world, would have played another card weighs
 * half (play=N: 2^-N). The team's players are not the heuristic, but they
 * keep its card on every tie, so the model is rough and kept soft: a bid
 * that disagrees still weighs one in 8. On the 200 deals of seed 11 the
 * team won 65.0 % with it against 60.0 % on the bids alone, at 31 ms a move
 * against 28. Everything the walk reads is public (bids, plays, voids) or
 * the world's own cards: never the true hidden hands.
 *
 * All five seats are the same player in a team of it, so the bidding rule
 * itself may change as long as every seat reads the bids by the rule it
 * makes them with: conv=N bids by a convention (the heuristic's rule with
 * other estimates, below) and walks the worlds to it (issue 28). */
#include <stdlib.h>
#include <string.h>

#include "../games/comrade/internal.h"
#include "comrade_bots.h"
#include "search.h"

enum {
    /* 64 worlds won 59.4 % of 500 deals where 32 won 55.8 %, at 18 ms a
     * move (README, "Search players"). */
    DEFAULT_WORLDS = 64,
    WALK_STEPS = 3000, /* most swaps a world's walk may take */
    MIX_STEPS = 24,    /* accepted swaps after the bids first agree */
    MAX_ACTS = 32,
    SOLVER_BITS = 16, /* 1 MiB table: a world's searches are short, and it stays in cache */
    /* A closing bid is solved from the first trick, where the solver
     * gives up most: ten times the nodes won 64.8 % and 62.8 % of seeds 1
     * and 2's 500 deals (README), against 63.8 % of seed 1 with `nodes`.
     * It is one decision a deal. */
    BID_NODES = 10,
};

/* The team's bidding conventions (conv=N: convs[N - 1]): the heuristic's
 * rule with other estimates (cm_bid_conv). A convention is only worth
 * anything when every seat bids by it and reads the others' bids by it.
 * conv=1 was the best of 21 estimates at bidding contracts that can be won
 * with open hands, every seat bidding by the rule (issue 28: 430 of 600
 * deals proven winnable within a million nodes, against 409 with the
 * heuristic's; proven lost 38 against 55): a suit rounds up from 0.2 of a
 * trick instead of 0.4, and a guarded second-best card counts 0.6, not
 * 0.8. Yet the solver team with it won 63.0 % of seed 11's 200 deals
 * against 65.0 % with the heuristic's bids, and 60 of seed 1's 100
 * against 66 though more of its contracts were winnable with open hands
 * (docs/researchers.md): it is not the default. */
static const cm_bid_conv convs[CH_SEARCH_CONVS] = {
    {6, 3, 8, 0},
};

const cm_bid_conv *cm_solver_conv(int conv)
{
    return conv > 0 && conv <= CH_SEARCH_CONVS ? &convs[conv - 1] : NULL;
}

/* The public bidding of the deal, replayed: the view each bidding turn was
 * made from, less the hand. */
typedef struct bidding {
    int np, nturns;
    cm_view at[CM_BID_TURNS];
    uint8_t act[CM_BID_TURNS], seat[CM_BID_TURNS];
    uint64_t played[CM_SEATS]; /* cards each seat played this deal */
    unsigned voids[CM_SEATS];
    /* The turn that ended the bidding, when the players search such bids
     * (bid=1), else -1. That bid was the search's pick among the ways to
     * end it, which the heuristic does not model, so it is not compared:
     * compared, it left most worlds disagreeing and their walks ran the
     * whole WALK_STEPS, twice the time a move for no more deals won. */
    int closing;
    const cm_bid_conv *conv; /* the bidding convention read (NULL: the heuristic's) */
    /* The plays of this deal before the current one, each with the public
     * view it was made from (the hand left out) and the cards its seat had
     * played before it; play_weight: how much a play the heuristic would
     * not have made counts against a world (0: plays are not read). */
    int nplays, play_weight;
    cm_view pat[CM_MAX_TRICKS * CM_SEATS];
    uint8_t pact[CM_MAX_TRICKS * CM_SEATS], pseat[CM_MAX_TRICKS * CM_SEATS];
    uint64_t pbefore[CM_MAX_TRICKS * CM_SEATS];
} bidding;

static void bidding_init(bidding *b, const cm_state *s, int viewer, int closing_searched,
                         int play_weight, const cm_bid_conv *conv)
{
    memset(b, 0, sizeof *b);
    cm_view v;
    cm_observe(s, viewer, &v);
    v.phase = CM_PH_BID;
    v.played = 0;
    memset(v.v, 0, sizeof v.v);
    memset(v.won, 0, sizeof v.won);
    memset(v.voids, 0, sizeof v.voids);
    v.pool = 0xFFFF;
    v.jokers = s->njokers;
    v.total = v.passes = v.trick = v.ncur = 0;
    v.leader = v.led = v.best_seat = v.best_face = -1;
    b->np = s->np;
    b->nturns = s->turn;
    for (int t = 0; t < s->turn; t++) {
        int p = (s->dealer + t) % s->np, a = s->bidlog[t];
        v.seat = v.to_move = p;
        v.turn = t;
        b->at[t] = v;
        b->act[t] = (uint8_t)a;
        b->seat[t] = (uint8_t)p;
        /* As rules.c applies it (CM-13, CM-14, CM-16). */
        if (a == CM_PASS) {
            v.passes++;
        } else if (a <= CM_TAKE(3, 4)) {
            int su = (a - 1) / 4, val = (a - 1) % 4 + 1;
            v.pool &= (uint16_t) ~(1u << (a - 1));
            v.total += val - v.v[p][su];
            v.v[p][su] = (uint8_t)val;
            v.passes = 0;
        } else {
            v.jokers--;
            v.v[p][a - CM_JOKER(0)]++;
            v.total++;
            v.passes = 0;
        }
    }
    if (s->phase == CM_PH_PLAY) {
        /* The view of each play, from the public record alone: the bids
         * are final, the tricks won are counted trick by trick. */
        v.phase = CM_PH_PLAY;
        v.turn = s->turn;
        v.passes = 0;
        memcpy(v.v, s->v, sizeof v.v);
        v.pool = s->pool;
        v.jokers = s->jokers;
        v.total = s->total;
        for (int i = 0; i < s->nplay; i++) {
            int t = i / s->np, k = i % s->np, p = (s->lead[t] + k) % s->np, f = s->play[i];
            if (k == 0) {
                v.ncur = 0;
                v.led = v.best_seat = v.best_face = -1;
            }
            v.seat = v.to_move = p;
            v.trick = t;
            v.leader = s->lead[t];
            b->pat[i] = v;
            b->pact[i] = (uint8_t)CM_PLAY(f);
            b->pseat[i] = (uint8_t)p;
            b->pbefore[i] = b->played[p];
            b->played[p] |= 1ull << f;
            /* The card joins the trick (CM-22, CM-23). */
            v.played |= 1ull << f;
            v.cur[v.ncur++] = (uint8_t)f;
            if (k == 0) {
                v.led = CM_SUIT(f);
                v.best_seat = p, v.best_face = f;
            } else if (CM_SUIT(f) == v.led &&
                       cm_strength(f, s->ace_high) > cm_strength(v.best_face, s->ace_high)) {
                v.best_seat = p, v.best_face = f;
            }
            if (k == s->np - 1) v.won[v.best_seat][v.led]++;
        }
        b->nplays = s->nplay;
    }
    for (int p = 0; p < s->np; p++)
        b->voids[p] = s->voids[p];
    b->closing = closing_searched && s->phase != CM_PH_BID ? s->turn - 1 : -1;
    b->play_weight = play_weight;
    b->conv = conv;
}

/* Bidding turns of seat p that its hand as dealt would not have made. */
static int disagreements(const bidding *b, int p, uint64_t dealt)
{
    int n = 0;
    for (int t = 0; t < b->nturns; t++) {
        if (b->seat[t] != p || t == b->closing) continue;
        cm_view v = b->at[t];
        v.hand = dealt;
        n += cm_conv_bid(&v, b->conv) != b->act[t];
    }
    return n;
}

/* Plays of seat p that the heuristic, holding the hand dealt, would not
 * have made. */
static int play_disagreements(const bidding *b, int p, uint64_t dealt)
{
    int n = 0;
    for (int i = 0; i < b->nplays; i++) {
        if (b->pseat[i] != p) continue;
        cm_view v = b->pat[i];
        v.hand = dealt & ~b->pbefore[i];
        v.count[p] = (uint8_t)cm_popcount(v.hand);
        n += cm_heuristic_choice(&v) != b->pact[i];
    }
    return n;
}

/* A world's cost for seat p, in halvings of its weight: a bidding turn
 * that disagrees 3 (one in 8), a play b->play_weight. */
static int energy(const bidding *b, int p, uint64_t dealt, int *bids)
{
    *bids = disagreements(b, p, dealt);
    int e = 3 * *bids;
    if (b->play_weight) e += b->play_weight * play_disagreements(b, p, dealt);
    return e;
}

static int random_card(uint64_t m, ch_rng *r)
{
    for (uint32_t k = ch_rng_below(r, (uint32_t)cm_popcount(m)); k; k--)
        m &= m - 1;
    return __builtin_ctzll(m);
}

/* A world for seat viewer, drawn by resample and then walked towards hands
 * that make the bids as made (see the top). Returns the disagreements left. */
static int draw_world(const bidding *b, const cm_state *st, int viewer, int infer, ch_rng *r,
                      cm_state *w)
{
    *w = *st;
    cm_game.resample(w, viewer, r);
    if (!infer || b->nturns == 0) return 0;
    int seats[CM_SEATS], ns = 0, e[CM_SEATS] = {0}, nb[CM_SEATS] = {0}, total = 0, bids = 0;
    for (int p = 0; p < b->np; p++) {
        if (p == viewer || !w->hand[p]) continue;
        seats[ns++] = p;
        e[p] = energy(b, p, w->hand[p] | b->played[p], &nb[p]);
        total += e[p];
        bids += nb[p];
    }
    if (total == 0 || ns < 2) return bids; /* already agrees: a plain rejection sample */
    uint64_t best[CM_SEATS];
    memcpy(best, w->hand, sizeof best);
    int best_total = total, best_bids = bids, mixed = 0;
    for (int step = 0; step < WALK_STEPS && mixed < MIX_STEPS; step++) {
        int i = (int)ch_rng_below(r, (uint32_t)ns), j = (int)ch_rng_below(r, (uint32_t)ns - 1);
        int a = seats[i], c = seats[j >= i ? j + 1 : j];
        int fa = random_card(w->hand[a], r), fc = random_card(w->hand[c], r);
        if (b->voids[c] >> CM_SUIT(fa) & 1 || b->voids[a] >> CM_SUIT(fc) & 1) continue;
        uint64_t swap = 1ull << fa | 1ull << fc;
        uint64_t ha = w->hand[a] ^ swap, hc = w->hand[c] ^ swap;
        int ba, bc;
        int ea = energy(b, a, ha | b->played[a], &ba), ec = energy(b, c, hc | b->played[c], &bc);
        int d = ea + ec - e[a] - e[c];
        /* Metropolis: worse by d is taken one time in 2^d. */
        if (d > 0 && (d > 9 || ch_rng_below(r, 1u << d) != 0)) continue;
        w->hand[a] = ha, w->hand[c] = hc;
        bids += ba + bc - nb[a] - nb[c];
        e[a] = ea, e[c] = ec, nb[a] = ba, nb[c] = bc;
        total += d;
        if (bids == 0) mixed++;
        if (total < best_total) {
            best_total = total;
            best_bids = bids;
            memcpy(best, w->hand, sizeof best);
        }
    }
    if (total > best_total) {
        memcpy(w->hand, best, sizeof best);
        bids = best_bids;
    }
    return bids;
}

int cm_solver_world(const cm_state *st, int viewer, int infer, int closing_searched, int play,
                    int conv, ch_rng *r, cm_state *w)
{
    bidding b;
    bidding_init(&b, st, viewer, closing_searched, play, cm_solver_conv(conv));
    return draw_world(&b, st, viewer, infer, r, w);
}

int cm_solver_world_plays(const cm_state *st, int viewer, const cm_state *w)
{
    bidding b;
    bidding_init(&b, st, viewer, 0, 0, NULL);
    int n = 0;
    for (int p = 0; p < b.np; p++)
        if (p != viewer) n += play_disagreements(&b, p, w->hand[p] | b.played[p]);
    return n;
}

/* The distinct cards among the legal plays: two cards of one suit are alike
 * when every card ranked between them is the seat's own or was played in an
 * earlier trick (the deal goes on the same whichever is played). rep[i]: the
 * index of the first card of i's run. Public: the cards between are judged
 * from the seat's view. */
static int distinct_plays(const cm_state *s, int seat, const ch_action *acts, int n, int *rep)
{
    uint64_t held = 0;
    for (int p = 0; p < s->np; p++)
        held |= s->hand[p];
    /* Cards that separate: in another hand (anything neither ours nor
     * played) or on the table in this trick. */
    uint64_t played = cm_deck_mask(s->np) & ~held;
    uint64_t sep = cm_deck_mask(s->np) & ~s->hand[seat] & ~played;
    for (int i = s->trick * s->np; i < s->nplay; i++)
        sep |= 1ull << s->play[i];
    int groups = 0;
    for (int i = 0; i < n; i++) {
        rep[i] = i;
        int f = (int)(acts[i] - CM_PLAY(0));
        int j = i - 1;
        if (j >= 0) {
            int g = (int)(acts[j] - CM_PLAY(0));
            if (CM_SUIT(g) == CM_SUIT(f)) {
                int lo = cm_strength(g, s->ace_high) < cm_strength(f, s->ace_high) ? g : f;
                int hi = lo == g ? f : g, between = 0;
                for (int x = 13 * CM_SUIT(f); x < 13 * CM_SUIT(f) + 13; x++)
                    if (cm_strength(x, s->ace_high) > cm_strength(lo, s->ace_high) &&
                        cm_strength(x, s->ace_high) < cm_strength(hi, s->ace_high))
                        between |= (int)(sep >> x & 1);
                if (!between) {
                    rep[i] = rep[j];
                    continue;
                }
            }
        }
        groups++;
    }
    return groups;
}

typedef struct world_job {
    const cm_state *root;
    int seat, infer;
    long max_nodes;
    const bidding *bids;
    const ch_action *acts; /* one per distinct play */
    int n;
    int first, count;
    uint64_t seed;
    double deadline;
    int *wins; /* n entries: worlds where the play keeps the deal winnable */
} world_job;

/* Whether the deal of t (number deal, in its trick phase or just over) is
 * won from here: the solver says, or the heuristic plays it out if the
 * solver gives up. */
static int leaf(cm_solver *x, cm_state *t, int deal, long max_nodes)
{
    if (t->deal != deal || t->phase != CM_PH_PLAY) return t->res[deal] == CM_WIN;
    int won = cm_solve_more(x, t, max_nodes, NULL);
    return won >= 0 ? won : cm_heuristic_rollout(t);
}

static void search_worlds(void *arg)
{
    world_job *j = arg;
    cm_solver *x = cm_solver_new_sized(SOLVER_BITS);
    if (!x) return;
    cm_state world, t;
    for (int w = 0; w < j->count; w++) {
        if (j->deadline > 0 && ch_search_now_ms() >= j->deadline) break;
        uint64_t ws = ch_mix64(j->seed ^ ch_mix64((uint64_t)(j->first + w) + 1));
        ch_rng r;
        ch_rng_seed(&r, ws, 1);
        draw_world(j->bids, j->root, j->seat, j->infer, &r, &world);
        /* A table per world: its lost positions serve every play of it, and
         * the answers do not depend on which worlds a thread saw before. */
        cm_solver_forget(x);
        for (int i = 0; i < j->n; i++) {
            t = world;
            cm_game.apply(&t, j->acts[i]);
            if (t.deal == world.deal && t.phase == CM_PH_BID)
                cm_conv_finish_bids(&t, j->bids->conv, NULL);
            j->wins[i] += leaf(x, &t, world.deal, j->max_nodes);
        }
    }
    cm_solver_free(x);
}

/* The act among acts[0..k) whose result is winnable in the most worlds;
 * ties go to anchor when it is among them. */
static ch_action vote(ch_bot *b, const cm_state *s, int seat, uint64_t seed, const ch_action *acts,
                      int k, ch_action anchor, long nodes)
{
    const ch_search_cfg *cfg = &b->search;
    bidding *bids = malloc(sizeof *bids);
    int worlds = cfg->worlds > 0 ? cfg->worlds : DEFAULT_WORLDS;
    int nt = cfg->threads < 1 ? 1 : cfg->threads;
    if (nt > worlds) nt = worlds;
    world_job *jobs = calloc((size_t)nt, sizeof *jobs);
    int *wins = calloc((size_t)nt * (size_t)k, sizeof *wins);
    if (!bids || !jobs || !wins) {
        free(bids), free(jobs), free(wins);
        return anchor;
    }
    bidding_init(bids, s, seat, cfg->bid, cfg->play, cm_solver_conv(cfg->conv));
    double deadline = cfg->ms > 0 ? ch_search_now_ms() + cfg->ms : 0;
    for (int i = 0, first = 0; i < nt; i++) {
        int count = worlds / nt + (i < worlds % nt);
        jobs[i] = (world_job){.root = s,
                              .seat = seat,
                              .infer = cfg->infer,
                              .max_nodes = nodes,
                              .bids = bids,
                              .acts = acts,
                              .n = k,
                              .first = first,
                              .count = count,
                              .seed = seed,
                              .deadline = deadline,
                              .wins = wins + i * k};
        first += count;
    }
    ch_search_parallel(nt, search_worlds, jobs, sizeof *jobs);
    int total[MAX_ACTS] = {0}, best = -1;
    for (int i = 0; i < nt; i++)
        for (int a = 0; a < k; a++)
            total[a] += jobs[i].wins[a];
    for (int a = 0; a < k; a++)
        if (best < 0 || total[a] > total[best]) best = a;
    ch_action choice = acts[best];
    for (int a = 0; a < k; a++)
        if (acts[a] == anchor && total[a] == total[best]) choice = anchor;
    free(bids), free(jobs), free(wins);
    return choice;
}

/* The suit a take or a joker raises. */
static int bid_suit(ch_action a)
{
    return a <= CM_TAKE(3, 4) ? (int)(a - 1) / 4 : (int)(a - CM_JOKER(0));
}

/* The bids worth a search: the heuristic's own (acts[0]) and each other
 * way to end the bidding, T reaching the target, one per suit raised (a
 * bid card and a joker that end it in the same suit make the same deal).
 * Once the bids are complete, only the play is left, which is what the
 * worlds judge; a bid that leaves the bidding open would be judged by how
 * the heuristic goes on from it, and the others read the bids as the
 * heuristic's (the worlds' inference), so those stay the heuristic's. */
static int closing_bids(const cm_state *s, ch_action h, ch_action *acts)
{
    ch_action all[MAX_ACTS];
    int n = cm_game.legal(s, all), k = 0;
    unsigned seen = 0;
    acts[k++] = h;
    /* A pass adds nothing, and T is short of the target while bidding. */
    if (s->total + cm_bid_add(s, h) == s->target) seen |= 1u << bid_suit(h);
    for (int i = 0; i < n; i++) {
        if (s->total + cm_bid_add(s, all[i]) != s->target || seen >> bid_suit(all[i]) & 1)
            continue;
        seen |= 1u << bid_suit(all[i]);
        acts[k++] = all[i];
    }
    return k;
}

ch_action cm_solver_bot_act(ch_bot *b, const void *st, int seat)
{
    const cm_state *s = st;
    uint64_t seed = ch_rng_next64(&b->rng);
    /* The heuristic's choice: the bid, and the play ties go to. */
    ch_bot h;
    ch_bot_init(&h, b->game, "heuristic", ch_mix64(seed ^ 0x4e7u), NULL);
    ch_action acts[MAX_ACTS];
    if (s->phase != CM_PH_PLAY) {
        /* The team's convention (the heuristic's bid when conv=0). */
        cm_view v;
        cm_observe(s, seat, &v);
        ch_action hb = cm_conv_bid(&v, cm_solver_conv(b->search.conv));
        if (!b->search.bid) return hb;
        int k = closing_bids(s, hb, acts);
        return k < 2 ? hb : vote(b, s, seat, seed, acts, k, hb, BID_NODES * b->search.nodes);
    }
    ch_action all[MAX_ACTS];
    int rep[MAX_ACTS], n = cm_game.legal(st, all), k = 0;
    if (distinct_plays(s, seat, all, n, rep) < 2) return cm_heuristic_plain(st, seat);
    for (int i = 0; i < n; i++)
        if (rep[i] == i) acts[k++] = all[i];
    /* The heuristic's card stands for its run, as it did among all. */
    ch_action hp = ch_bot_act(&h, st, seat), anchor = hp;
    for (int i = 0; i < n; i++)
        if (all[i] == hp) anchor = all[rep[i]];
    ch_action choice = vote(b, s, seat, seed, acts, k, anchor, b->search.nodes);
    return choice == anchor ? hp : choice;
}
