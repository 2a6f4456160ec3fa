/* See infer.h. */
#include <string.h>

#include "infer.h"

static const struct {
    const char *game;
    ch_infer_fn f;
} models[] = {
#ifdef CH_HAVE_RACKO
    {"racko", rk_infer_likelihood},
#endif
#ifdef CH_HAVE_RUMINO
    {"rumino", ru_infer_likelihood},
#endif
    {NULL, NULL},
};

ch_infer_fn ch_infer_for(const ch_game *g)
{
    for (size_t i = 0; models[i].game; i++)
        if (strcmp(models[i].game, g->name) == 0) return models[i].f;
    return NULL;
}

ch_infer_fn ch_infer_model(const ch_game *g, int level)
{
    if (level <= 0) return NULL;
#ifdef CH_HAVE_RUMINO
    if (level >= 2 && strcmp(g->name, "rumino") == 0) return ru_infer_likelihood_deadwood;
#endif
    return ch_infer_for(g);
}

double ch_infer_resample(const ch_game *g, ch_infer_fn f, void *world, void *tmp, const void *root,
                         int seat, ch_rng *rng)
{
    ch_clone(g, world, root);
    g->resample(world, seat, rng);
    if (!f) return 1.0;
    double best = -1.0;
    for (int t = 0; t < CH_INFER_TRIES; t++) {
        /* The first draw is made in world, the others in tmp; world always
         * holds the likeliest drawn so far, the fallback. */
        void *cand = t == 0 ? world : tmp;
        if (t > 0) {
            ch_clone(g, tmp, root);
            g->resample(tmp, seat, rng);
        }
        double w = f(cand, root, seat);
        /* Kept with probability w: a uniform draw in [0, 1). */
        int keep = (ch_rng_next(rng) >> 8) * (1.0 / 16777216.0) < w;
        if (keep || w > best) {
            if (cand != world) ch_clone(g, world, cand);
            best = w;
        }
        if (keep) return w;
    }
    return best;
}
