/* Perfect-information Monte Carlo: draw worlds consistent with the seat's
 * view (game->resample), play every root action in each world and finish
 * it by rollout (the same rollout randomness for every action of a world),
 * and take the action with the best mean over the worlds (see pick). A
 * vote of each world's best measured weaker: it follows the noise of a few
 * rollouts. The root actions are legal in every world: a seat's own moves
 * depend only on what it knows. Known weakness of PIMC, kept as a
 * baseline: each move is judged as if the world drawn were the truth, then
 * the worlds are averaged (strategy fusion). */
#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "infer.h"
#include "search.h"

typedef struct world_job {
    const ch_game *g;
    const void *root;
    int seat;
    const ch_search_cfg *cfg;
    const ch_action *acts;
    int n;
    const int *in; /* the indexes of the actions still in the search */
    int nin;
    int first, count; /* worlds first..first+count-1 */
    int per;          /* rollouts of each action in each world */
    double *mean;     /* n entries: this world's mean of each action */
    int done;         /* worlds searched before the deadline */
    uint64_t seed;
    double deadline;
    double *value; /* n entries, this job's own: sum over worlds of the mean */
    double *dsq;   /* n entries: sum over worlds of (mean - the anchor's mean)^2 */
    int anchor;    /* the heuristic's choice (index), or -1 */
    ch_infer_fn model; /* the others' model (infer=1, 2), or NULL: uniform worlds */
} world_job;

static void search_worlds(void *arg)
{
    world_job *j = arg;
    const ch_game *g = j->g;
    int per = j->per;
    void *world = malloc(g->state_size), *trial = malloc(g->state_size);
    j->mean = malloc(sizeof *j->mean * (size_t)j->n);
    ch_sim_ctx x;
    memset(&x, 0, sizeof x);
    if (!world || !trial || !j->mean || ch_sim_ctx_init(&x, g, j->cfg, j->seed) != CH_OK) {
        ch_sim_ctx_free(&x);
        free(world), free(trial), free(j->mean);
        return;
    }
    ch_sim_ctx_own(&x, j->seat);
    for (int w = 0; w < j->count; w++) {
        if (j->deadline > 0 && ch_search_now_ms() >= j->deadline) break;
        uint64_t ws = ch_mix64(j->seed ^ ch_mix64((uint64_t)(j->first + w) + 1));
        ch_rng wr;
        ch_rng_seed(&wr, ws, 1);
        /* trial is scratch until the world is drawn. */
        ch_infer_resample(g, j->model, world, trial, j->root, j->seat, &wr);
        /* Every action in the same world with the same rollout randomness:
         * the actions are compared on equal terms, so the difference of
         * their values is far less noisy than the values themselves. */
        for (int k = 0; k < j->nin; k++) {
            int i = j->in[k];
            double sum = 0;
            for (int t = 0; t < per; t++) {
                ch_sim_ctx_reseed(&x, ws + (uint64_t)t);
                ch_clone(g, trial, world);
                double score[CH_MAX_PLAYERS];
                g->apply(trial, j->acts[i]);
                ch_sim_rollout(&x, trial, score);
                sum += score[j->seat];
            }
            j->mean[i] = sum / per;
            j->value[i] += j->mean[i];
        }
        if (j->anchor >= 0)
            for (int k = 0; k < j->nin; k++) {
                int i = j->in[k];
                double d = j->mean[i] - j->mean[j->anchor];
                j->dsq[i] += d * d;
            }
        j->done++;
    }
    ch_sim_ctx_free(&x);
    free(world), free(trial), free(j->mean);
}

/* The heuristic's own choice at the root (from the seat's view, like any
 * bot), when rollouts are by the heuristic and the game has one: the
 * search departs from it only on evidence. Where the game has a "tuned"
 * player (tuned=1), that one's choice, as it also plays the seat's own
 * moves in the rollouts. -1 otherwise. */
static int root_heuristic(ch_bot *b, const void *st, int seat, const ch_action *acts, int n,
                          uint64_t seed)
{
    const ch_search_cfg *cfg = &b->search;
    if (cfg->rollout != CH_ROLLOUT_HEURISTIC || cfg->z <= 0) return -1;
    ch_bot *h = malloc(sizeof *h);
    int k = -1;
    if (h && ch_bot_init(h, b->game, ch_search_own_player(b->game, cfg), ch_mix64(seed ^ 0x4e7u),
                         NULL) == CH_OK) {
        ch_action a = ch_bot_act(h, st, seat);
        for (int i = 0; i < n; i++)
            if (acts[i] == a) k = i;
    }
    free(h);
    return k;
}

/* The action with the best mean over the worlds among those still in (in,
 * nin; each was played in every one of the worlds); ties go to the earlier
 * legal action. With an anchor (the heuristic's choice, always in), another
 * action wins only if its mean lead over the anchor, paired world by world,
 * is more than z standard errors: with a few hundred noisy rollouts the
 * best mean is otherwise often noise, and a good heuristic then loses to
 * its own rollouts. Sums are added in world order per job, and jobs in
 * order, so the choice depends on the seed and thread count only. */
static int pick(const ch_search_cfg *cfg, int worlds, const double *value, const double *dsq,
                const int *in, int nin, int anchor)
{
    if (worlds == 0) return anchor >= 0 ? anchor : in[0];
    int best = anchor >= 0 ? anchor : in[0];
    double bval = -1e300;
    for (int k = 0; k < nin; k++) {
        int i = in[k];
        if (anchor >= 0 && i != anchor) {
            double d = (value[i] - value[anchor]) / worlds, var = dsq[i] / worlds - d * d;
            double se = sqrt((var > 0 ? var : 0) / worlds);
            if (d <= cfg->z * se || d <= 0) continue;
        }
        if (value[i] > bval || (value[i] == bval && i < best)) best = i, bval = value[i];
    }
    return best;
}

/* Keeps the first keep entries of in[0..nin-1] by score, best first (ties
 * keep the earlier action), the anchor always among them, and puts them
 * back in legal order so that ties in pick go to the earlier action.
 * Returns keep. */
static int keep_best(int *in, int nin, const double *score, int keep, int anchor)
{
    assert(keep >= 1 && keep <= nin);
    for (int a = 1; a < nin; a++)
        for (int b = a; b > 0 && score[in[b]] > score[in[b - 1]]; b--) {
            int t = in[b];
            in[b] = in[b - 1], in[b - 1] = t;
        }
    int has_anchor = anchor < 0;
    for (int k = 0; k < keep; k++)
        has_anchor |= in[k] == anchor;
    if (!has_anchor) in[keep - 1] = anchor;
    for (int a = 1; a < keep; a++)
        for (int b = a; b > 0 && in[b] < in[b - 1]; b--) {
            int t = in[b];
            in[b] = in[b - 1], in[b - 1] = t;
        }
    return keep;
}

/* Successive halving (halve=1): keeps the better half of in (by value,
 * equal worlds for all), the anchor always; returns the new count. */
static int halve(int *in, int nin, const double *value, int anchor)
{
    return keep_best(in, nin, value, (nin + 1) / 2, anchor);
}

/* top=K: only the K moves the game's ranking puts first (ties to the
 * earlier legal move), the anchor always among them, stay in the search:
 * the rollouts go to the moves a good player would consider, each in more
 * worlds. in gets them in legal order; returns their count (n where the
 * game has no ranking). */
static int keep_top(ch_bot *b, const void *st, int seat, const ch_action *acts, int n, int *in,
                    int top, int anchor)
{
    ch_rank_fn rank = ch_rank_for(b->game);
    double *key = malloc(sizeof *key * (size_t)n);
    if (!rank || !key) {
        free(key);
        return n;
    }
    rank(st, seat, acts, n, key);
    /* The ranking's key is lower for a better move. */
    for (int i = 0; i < n; i++)
        key[i] = -key[i];
    keep_best(in, n, key, top, anchor);
    free(key);
    return top;
}

ch_action ch_pimc_act(ch_bot *b, const void *st, int seat)
{
    const ch_game *g = b->game;
    const ch_search_cfg *cfg = &b->search;
    ch_action *acts = malloc(sizeof *acts * (size_t)g->max_actions);
    int n = acts ? g->legal(st, acts) : 0;
    uint64_t seed = ch_rng_next64(&b->rng);
    if (n <= 1) {
        ch_action only = n > 0 ? acts[0] : 0;
        free(acts);
        return only;
    }
    /* The budget is rollouts: worlds x actions x rollouts per action. By
     * default (worlds=0) one rollout of each action in as many worlds as the
     * budget pays for: the heuristic's rollouts are deterministic inside a
     * world, so a second one there would add nothing. With halve=1 the
     * budget is spent in rounds, log2(actions) of them, each on new worlds
     * and only the better half of the actions of the round before: the
     * rollouts go to the moves that could be best. */
    int rounds = 1;
    if (cfg->halve)
        while ((1 << rounds) < n)
            rounds++;
    int nt = cfg->threads < 1 ? 1 : cfg->threads;
    int anchor = root_heuristic(b, st, seat, acts, n, seed);
    world_job *jobs = calloc((size_t)nt, sizeof *jobs);
    double *value = calloc((size_t)n * (size_t)(nt + 1), sizeof *value);
    double *dsq = calloc((size_t)n * (size_t)(nt + 1), sizeof *dsq);
    int *in = malloc(sizeof *in * (size_t)n);
    double deadline = cfg->ms > 0 ? ch_search_now_ms() + cfg->ms : 0;
    ch_action a = acts[anchor >= 0 ? anchor : 0];
    if (jobs && value && dsq && in) {
        /* value[0..n-1] and dsq[0..n-1] are the totals; each job adds its
         * own n entries after them. */
        int nin = n, total = 0, next = 0;
        for (int i = 0; i < n; i++)
            in[i] = i;
        if (cfg->top > 0 && cfg->top < n)
            nin = keep_top(b, st, seat, acts, n, in, cfg->top, anchor);
        for (int r = 0; r < rounds; r++) {
            int worlds = cfg->worlds > 0 ? cfg->worlds : cfg->iters / (rounds * nin);
            if (worlds < 1) worlds = 1;
            int per = cfg->iters / (rounds * worlds * nin);
            if (per < 1) per = 1;
            int njobs = nt > worlds ? worlds : nt;
            /* Worlds are numbered and seeded by number, so the sums are
             * the same for any thread count. */
            for (int i = 0, first = next; i < njobs; i++) {
                int count = worlds / njobs + (i < worlds % njobs);
                memset(value + (i + 1) * n, 0, sizeof *value * (size_t)n);
                memset(dsq + (i + 1) * n, 0, sizeof *dsq * (size_t)n);
                jobs[i] = (world_job){.g = g,
                                      .root = st,
                                      .seat = seat,
                                      .cfg = cfg,
                                      .acts = acts,
                                      .n = n,
                                      .in = in,
                                      .nin = nin,
                                      .first = first,
                                      .count = count,
                                      .per = per,
                                      .seed = seed,
                                      .deadline = deadline,
                                      .value = value + (i + 1) * n,
                                      .dsq = dsq + (i + 1) * n,
                                      .anchor = anchor,
                                      .model = ch_infer_model(g, cfg->infer)};
                first += count;
            }
            next += worlds;
            ch_search_parallel(njobs, search_worlds, jobs, sizeof *jobs);
            for (int k = 0; k < njobs; k++) {
                total += jobs[k].done;
                for (int i = 0; i < n; i++)
                    value[i] += value[(k + 1) * n + i], dsq[i] += dsq[(k + 1) * n + i];
            }
            if (r + 1 < rounds && nin > 1) nin = halve(in, nin, value, anchor);
        }
        a = acts[pick(cfg, total, value, dsq, in, nin, anchor)];
    }
    free(in);
    free(dsq);
    free(jobs);
    free(value);
    free(acts);
    return a;
}
