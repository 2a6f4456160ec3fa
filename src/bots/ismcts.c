/* Single-observer information-set MCTS (Cowling, Powley & Whitehouse 2012).
 *
 * One tree over the searching seat's information set. Each iteration draws
 * a determinization with game->resample (the seat's view, never the hidden
 * truth), walks down the tree choosing only among children whose action is
 * legal in that world (UCB with availability counts), adds one untried
 * action, finishes the game by rollout and credits every node with the
 * score of the seat that chose it. Root-parallel: each thread grows its own
 * tree from its own seed; root visit counts are summed.
 *
 * With prior > 0 the game's heuristic guides the tree (progressive bias,
 * Chaslot et al. 2008): at each node the move the heuristic would make for
 * the mover in this world (from the mover's view, as the heuristic always
 * reads) is expanded before the others, and its UCB gets prior / (visits +
 * 1), a bonus that fades as the node's own results come in. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "infer.h"
#include "search.h"

typedef struct node {
    ch_action a;     /* the action leading here */
    int mover;       /* the seat that chose a */
    int first, next; /* first child, next sibling (-1: none) */
    int visits, avail;
    double total; /* sum of the mover's scores */
} node;

typedef struct tree {
    node *n;
    int len, cap;
} tree;

static int add_node(tree *t, int parent, ch_action a, int mover)
{
    if (t->len == t->cap) {
        int cap = t->cap ? t->cap * 2 : 1024;
        node *m = realloc(t->n, sizeof *m * (size_t)cap);
        if (!m) return -1;
        t->n = m;
        t->cap = cap;
    }
    int i = t->len++;
    t->n[i] = (node){a, mover, -1, -1, 0, 0, 0.0};
    if (parent >= 0) {
        t->n[i].next = t->n[parent].first;
        t->n[parent].first = i;
    }
    return i;
}

static int cmp_action(const void *pa, const void *pb)
{
    ch_action a = *(const ch_action *)pa, b = *(const ch_action *)pb;
    return (a > b) - (a < b);
}

/* Index of a in sorted[0..n-1], or -1. */
static int find_action(const ch_action *sorted, int n, ch_action a)
{
    const ch_action *hit = bsearch(&a, sorted, (size_t)n, sizeof a, cmp_action);
    return hit ? (int)(hit - sorted) : -1;
}

/* Deepest walk down the tree: far beyond what any budget grows. */
enum { MAX_PATH = 4096 };

typedef struct worker {
    const ch_game *g;
    const void *root;
    int seat;
    const ch_search_cfg *cfg;
    uint64_t seed;
    int iters;
    double deadline; /* ms on the monotonic clock, 0 = none */
    tree t;
    int ok;
} worker;

static void grow(void *arg)
{
    worker *w = arg;
    const ch_game *g = w->g;
    int np = g->num_players(w->root);
    ch_sim_ctx x;
    memset(&x, 0, sizeof x);
    void *st = malloc(g->state_size), *tmp = malloc(g->state_size);
    ch_infer_fn model = ch_infer_model(g, w->cfg->infer);
    ch_action *legal = malloc(sizeof *legal * (size_t)g->max_actions);
    char *used = malloc((size_t)g->max_actions);
    int *path = malloc(sizeof *path * MAX_PATH);
    /* The guide: the heuristic with its own randomness (never the rollouts'). */
    ch_bot guide;
    int guided = w->cfg->prior > 0 &&
                 ch_bot_init(&guide, g, "heuristic", ch_mix64(w->seed ^ 0x9e1du), NULL) == CH_OK;
    w->ok = st && tmp && legal && used && path && ch_sim_ctx_init(&x, g, w->cfg, w->seed) == CH_OK &&
            add_node(&w->t, -1, 0, -1) == 0;
    for (int it = 0; w->ok && it < w->iters; it++) {
        if (w->deadline > 0 && (it & 15) == 0 && ch_search_now_ms() >= w->deadline) break;
        /* A world from the seat's information set: resample replaces all
         * the seat cannot know, so the true hidden cards never matter. */
        ch_infer_resample(g, model, st, tmp, w->root, w->seat, &x.rng);
        int v = 0, depth = 0;
        path[depth++] = 0;
        /* Select while every legal action here has a child; else expand. */
        while (g->to_move(st) != CH_TERMINAL && depth < MAX_PATH) {
            int mover = g->to_move(st);
            int n = g->legal(st, legal);
            /* Sorted, so a child's action is found in log n and the untried
             * ones come in an order that depends on the actions only. */
            qsort(legal, (size_t)n, sizeof *legal, cmp_action);
            memset(used, 0, (size_t)n);
            /* The heuristic's move here, or -1 (unguided, or a single move). */
            int hk = guided && n > 1 ? find_action(legal, n, ch_bot_act(&guide, st, mover)) : -1;
            int tried = 0, best = -1;
            double best_ucb = -1.0;
            for (int c = w->t.n[v].first; c >= 0; c = w->t.n[c].next) {
                int k = find_action(legal, n, w->t.n[c].a);
                if (k < 0) continue; /* not available in this world */
                used[k] = 1;
                tried++;
                /* Availability: how often c could have been chosen here. */
                node *cn = &w->t.n[c];
                cn->avail++;
                double ucb =
                    cn->total / cn->visits + w->cfg->c * sqrt(log((double)cn->avail) / cn->visits);
                if (k == hk) ucb += w->cfg->prior / (cn->visits + 1);
                if (ucb > best_ucb) best_ucb = ucb, best = c;
            }
            if (tried < n) {
                /* Expand: the heuristic's move if untried, else an untried
                 * legal action chosen at random. */
                int k = 0;
                if (hk >= 0 && !used[hk]) {
                    k = hk;
                } else {
                    int pick = (int)ch_rng_below(&x.rng, (uint32_t)(n - tried));
                    for (;; k++)
                        if (!used[k] && pick-- == 0) break;
                }
                int c = add_node(&w->t, v, legal[k], mover);
                if (c < 0) {
                    w->ok = 0;
                    break;
                }
                w->t.n[c].avail++;
                g->apply(st, legal[k]);
                path[depth++] = c;
                break;
            }
            g->apply(st, w->t.n[best].a);
            v = best;
            path[depth++] = v;
        }
        double score[CH_MAX_PLAYERS];
        ch_sim_rollout(&x, st, score);
        for (int d = 1; d < depth; d++) {
            node *nd = &w->t.n[path[d]];
            nd->visits++;
            nd->total += nd->mover >= 0 && nd->mover < np ? score[nd->mover] : 0.0;
        }
        w->t.n[0].visits++;
    }
    ch_sim_ctx_free(&x);
    free(st);
    free(tmp);
    free(legal);
    free(used);
    free(path);
}

ch_action ch_ismcts_act(ch_bot *b, const void *st, int seat)
{
    const ch_game *g = b->game;
    const ch_search_cfg *cfg = &b->search;
    ch_action *acts = malloc(sizeof *acts * (size_t)g->max_actions);
    int n = acts ? g->legal(st, acts) : 0;
    ch_action only = n > 0 ? acts[0] : 0;
    uint64_t seed = ch_rng_next64(&b->rng); /* one draw per move, whatever the budget */
    if (n <= 1) {
        free(acts);
        return only;
    }
    int nt = cfg->threads < 1 ? 1 : cfg->threads;
    worker *ws = calloc((size_t)nt, sizeof *ws);
    double deadline = cfg->ms > 0 ? ch_search_now_ms() + cfg->ms : 0;
    for (int i = 0; ws && i < nt; i++)
        ws[i] = (worker){.g = g,
                         .root = st,
                         .seat = seat,
                         .cfg = cfg,
                         .seed = ch_mix64(seed + (uint64_t)i),
                         .iters = cfg->iters / nt + (i < cfg->iters % nt),
                         .deadline = deadline};
    if (ws) ch_search_parallel(nt, grow, ws, sizeof *ws);
    /* Most visited root action over all trees; ties by mean, then by the
     * game's legal order, so the choice depends only on the seeds. */
    int best = 0;
    double best_v = -1, best_m = -1;
    for (int i = 0; i < n; i++) {
        double v = 0, tot = 0;
        for (int k = 0; ws && k < nt; k++)
            for (int c = ws[k].t.len ? ws[k].t.n[0].first : -1; c >= 0; c = ws[k].t.n[c].next)
                if (ws[k].t.n[c].a == acts[i]) v += ws[k].t.n[c].visits, tot += ws[k].t.n[c].total;
        double m = v > 0 ? tot / v : 0;
        if (v > best_v || (v == best_v && m > best_m)) best = i, best_v = v, best_m = m;
    }
    ch_action a = acts[best];
    for (int k = 0; ws && k < nt; k++)
        free(ws[k].t.n);
    free(ws);
    free(acts);
    return a;
}
