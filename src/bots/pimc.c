/* Perfect-information Monte Carlo: draw worlds consistent with the seat's
 * view (game->resample), play every root action in each world and finish
 * it by rollout (the same rollout randomness for every action of a world),
 * and take the action with the best mean over the worlds (see pick). A
 * vote of each world's best measured weaker: it follows the noise of a few
 * rollouts. The root actions are legal in every world: a seat's own moves
 * depend only on what it knows. Known weakness of PIMC, kept as a
 * baseline: each move is judged as if the world drawn were the truth, then
 * the worlds are averaged (strategy fusion). */
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
    int first, count; /* worlds first..first+count-1 */
    int per;          /* rollouts of each action in each world */
    double *mean;     /* n entries: this world's mean of each action */
    int done;         /* worlds searched before the deadline */
    uint64_t seed;
    double deadline;
    double *value; /* n entries, this job's own: sum over worlds of the mean */
    double *dsq;   /* n entries: sum over worlds of (mean - the anchor's mean)^2 */
    int anchor;    /* the heuristic's choice (index), or -1 */
    ch_infer_fn model; /* the others' model (infer=1), or NULL: uniform worlds */
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
        for (int i = 0; i < j->n; i++) {
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
            for (int i = 0; i < j->n; i++) {
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
 * search departs from it only on evidence. -1 otherwise. */
static int root_heuristic(ch_bot *b, const void *st, int seat, const ch_action *acts, int n,
                          uint64_t seed)
{
    const ch_search_cfg *cfg = &b->search;
    if (cfg->rollout != CH_ROLLOUT_HEURISTIC || cfg->z <= 0) return -1;
    ch_bot *h = malloc(sizeof *h);
    int k = -1;
    if (h && ch_bot_init(h, b->game, "heuristic", ch_mix64(seed ^ 0x4e7u), NULL) == CH_OK) {
        ch_action a = ch_bot_act(h, st, seat);
        for (int i = 0; i < n; i++)
            if (acts[i] == a) k = i;
    }
    free(h);
    return k;
}

/* The action with the best mean over the worlds; ties go to the earlier
 * legal action. With an anchor (the heuristic's choice), another action
 * wins only if its mean lead over the anchor, paired world by world, is
 * more than z standard errors: with a few hundred noisy rollouts the best
 * mean is otherwise often noise, and a good heuristic then loses to its own
 * rollouts. Sums are added in world order per job, and jobs in order, so
 * the choice depends on the seed and thread count only. */
static int pick(const ch_search_cfg *cfg, const world_job *jobs, int nt, const double *value,
                const double *dsq, int n, int anchor)
{
    int worlds = 0;
    for (int k = 0; k < nt; k++)
        worlds += jobs[k].done;
    if (worlds == 0) return anchor >= 0 ? anchor : 0;
    int best = anchor >= 0 ? anchor : 0;
    double bval = -1e300;
    for (int i = 0; i < n; i++) {
        double val = 0, sq = 0, av = 0;
        for (int k = 0; k < nt; k++) {
            val += value[k * n + i], sq += dsq[k * n + i];
            if (anchor >= 0) av += value[k * n + anchor];
        }
        if (anchor >= 0 && i != anchor) {
            double d = (val - av) / worlds, var = sq / worlds - d * d;
            double se = sqrt((var > 0 ? var : 0) / worlds);
            if (d <= cfg->z * se || d <= 0) continue;
        }
        if (val > bval) best = i, bval = val;
    }
    return best;
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
     * world, so a second one there would add nothing. */
    int worlds = cfg->worlds > 0 ? cfg->worlds : cfg->iters / n;
    if (worlds < 1) worlds = 1;
    int per = cfg->iters / (worlds * n);
    if (per < 1) per = 1;
    int nt = cfg->threads < 1 ? 1 : cfg->threads;
    if (nt > worlds) nt = worlds;
    int anchor = root_heuristic(b, st, seat, acts, n, seed);
    world_job *jobs = calloc((size_t)nt, sizeof *jobs);
    double *value = calloc((size_t)n * (size_t)nt, sizeof *value);
    double *dsq = calloc((size_t)n * (size_t)nt, sizeof *dsq);
    double deadline = cfg->ms > 0 ? ch_search_now_ms() + cfg->ms : 0;
    ch_action a = acts[anchor >= 0 ? anchor : 0];
    if (jobs && value && dsq) {
        /* Worlds are numbered and seeded by number, so the sums are the
         * same for any thread count. */
        for (int i = 0, first = 0; i < nt; i++) {
            int count = worlds / nt + (i < worlds % nt);
            jobs[i] = (world_job){.g = g,
                                  .root = st,
                                  .seat = seat,
                                  .cfg = cfg,
                                  .acts = acts,
                                  .n = n,
                                  .first = first,
                                  .count = count,
                                  .per = per,
                                  .seed = seed,
                                  .deadline = deadline,
                                  .value = value + i * n,
                                  .dsq = dsq + i * n,
                                  .anchor = anchor,
                                  .model = cfg->infer ? ch_infer_for(g) : NULL};
            first += count;
        }
        ch_search_parallel(nt, search_worlds, jobs, sizeof *jobs);
        a = acts[pick(cfg, jobs, nt, value, dsq, n, anchor)];
    }
    free(dsq);
    free(jobs);
    free(value);
    free(acts);
    return a;
}
