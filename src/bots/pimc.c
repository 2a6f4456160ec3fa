/* Perfect-information Monte Carlo: draw worlds consistent with the seat's
 * view (game->resample), search each world as if its cards were open (a
 * UCB1 bandit over the root actions, each trial finished by rollout), and
 * take the action with the best mean over the worlds (averaging measured
 * stronger than a vote of each world's best: with a few trials per action
 * and world, the vote follows noise). Known weakness, kept on purpose as a baseline:
 * inside a world it plays as if it knew everything (strategy fusion). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "search.h"

typedef struct world_job {
    const ch_game *g;
    const void *root;
    int seat;
    const ch_search_cfg *cfg;
    const ch_action *acts;
    int n;
    int first, count; /* worlds first..first+count-1 */
    uint64_t seed;
    double deadline;
    int *votes;    /* n entries, this job's own */
    double *value; /* n entries: sum over worlds of the chosen mean */
} world_job;

static void search_worlds(void *arg)
{
    world_job *j = arg;
    const ch_game *g = j->g;
    int per_world = j->cfg->iters / j->cfg->worlds;
    if (per_world < j->n) per_world = j->n;
    void *world = malloc(g->state_size), *trial = malloc(g->state_size);
    double *tot = malloc(sizeof *tot * (size_t)j->n);
    int *cnt = malloc(sizeof *cnt * (size_t)j->n);
    ch_sim_ctx x;
    if (!world || !trial || !tot || !cnt || ch_sim_ctx_init(&x, g, j->cfg, j->seed) != CH_OK) {
        free(world), free(trial), free(tot), free(cnt);
        return;
    }
    for (int w = 0; w < j->count; w++) {
        if (j->deadline > 0 && ch_search_now_ms() >= j->deadline) break;
        ch_rng wr;
        ch_rng_seed(&wr, j->seed, (uint64_t)(j->first + w) * 2 + 1);
        ch_clone(g, world, j->root);
        g->resample(world, j->seat, &wr);
        memset(tot, 0, sizeof *tot * (size_t)j->n);
        memset(cnt, 0, sizeof *cnt * (size_t)j->n);
        for (int t = 0; t < per_world; t++) {
            int k = t < j->n ? t : 0;
            if (t >= j->n) {
                double best = -1;
                for (int i = 0; i < j->n; i++) {
                    double u = tot[i] / cnt[i] + j->cfg->c * sqrt(log((double)t) / cnt[i]);
                    if (u > best) best = u, k = i;
                }
            }
            ch_clone(g, trial, world);
            double score[CH_MAX_PLAYERS];
            if (ch_is_legal(g, trial, j->acts[k])) {
                g->apply(trial, j->acts[k]);
                ch_sim_rollout(&x, trial, score);
            } else {
                score[j->seat] = -1.0; /* not playable in this world */
            }
            tot[k] += score[j->seat];
            cnt[k]++;
        }
        /* Each world's mean for every action (every action was tried at
         * least once); the worlds are averaged, and the count of worlds
         * where an action was best breaks ties. */
        int best = 0;
        for (int i = 0; i < j->n; i++) {
            j->value[i] += tot[i] / cnt[i];
            if (tot[i] / cnt[i] > tot[best] / cnt[best]) best = i;
        }
        j->votes[best]++;
    }
    ch_sim_ctx_free(&x);
    free(world), free(trial), free(tot), free(cnt);
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
    int nt = cfg->threads < 1 ? 1 : cfg->threads;
    if (nt > cfg->worlds) nt = cfg->worlds;
    world_job *jobs = calloc((size_t)nt, sizeof *jobs);
    int *votes = calloc((size_t)n * (size_t)nt, sizeof *votes);
    double *value = calloc((size_t)n * (size_t)nt, sizeof *value);
    double deadline = cfg->ms > 0 ? ch_search_now_ms() + cfg->ms : 0;
    ch_action a = acts[0];
    if (jobs && votes && value) {
        /* Worlds are numbered and seeded by number, so the votes are the
         * same for any thread count. */
        for (int i = 0, first = 0; i < nt; i++) {
            int count = cfg->worlds / nt + (i < cfg->worlds % nt);
            jobs[i] = (world_job){.g = g,
                                  .root = st,
                                  .seat = seat,
                                  .cfg = cfg,
                                  .acts = acts,
                                  .n = n,
                                  .first = first,
                                  .count = count,
                                  .seed = seed,
                                  .deadline = deadline,
                                  .votes = votes + i * n,
                                  .value = value + i * n};
            first += count;
        }
        ch_search_parallel(nt, search_worlds, jobs, sizeof *jobs);
        int best = 0;
        double bv = -1, bval = -1;
        for (int i = 0; i < n; i++) {
            double v = 0, val = 0;
            for (int k = 0; k < nt; k++)
                v += votes[k * n + i], val += value[k * n + i];
            if (val > bval || (val == bval && v > bv)) best = i, bv = v, bval = val;
        }
        a = acts[best];
    }
    free(jobs);
    free(votes);
    free(value);
    free(acts);
    return a;
}
