/* Figures of cardhall sim: exact counts of values, streamed moments, Wilson
 * intervals and paired differences. Figures that need every value (median,
 * 95th percentile, sd) come from exact counts of each distinct value, which
 * stay small: actions, hands and scores are integers in a narrow range. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cardhall/rng.h"
#include "simstat.h"

static const double z95 = 1.959963984540054;

/* ---- Exact counts of values ---- */

static size_t hist_slot(const sim_hist *h, int64_t v)
{
    size_t i = (size_t)ch_mix64((uint64_t)v) & (h->cap - 1);
    while (h->count[i] && h->key[i] != v)
        i = (i + 1) & (h->cap - 1);
    return i;
}

int sim_hist_add(sim_hist *h, int64_t v)
{
    if (2 * (h->used + 1) > h->cap) {
        sim_hist g = {NULL, NULL, h->cap ? 2 * h->cap : 64, 0, h->n};
        g.key = malloc(sizeof *g.key * g.cap);
        g.count = calloc(g.cap, sizeof *g.count);
        if (!g.key || !g.count) {
            free(g.key);
            free(g.count);
            return -1;
        }
        for (size_t i = 0; i < h->cap; i++)
            if (h->count[i]) {
                size_t j = hist_slot(&g, h->key[i]);
                g.key[j] = h->key[i];
                g.count[j] = h->count[i];
                g.used++;
            }
        free(h->key);
        free(h->count);
        *h = g;
    }
    size_t i = hist_slot(h, v);
    if (!h->count[i]) h->key[i] = v, h->used++;
    h->count[i]++;
    h->n++;
    return 0;
}

static void hist_free(sim_hist *h)
{
    free(h->key);
    free(h->count);
    memset(h, 0, sizeof *h);
}

static int by_key(const void *a, const void *b)
{
    int64_t x = ((const int64_t *)a)[0], y = ((const int64_t *)b)[0];
    return (x > y) - (x < y);
}

int64_t (*sim_hist_sorted(const sim_hist *h, size_t *m))[2]
{
    *m = 0;
    if (h->n == 0) return NULL;
    int64_t(*vc)[2] = malloc(sizeof *vc * h->used);
    if (!vc) return NULL;
    for (size_t i = 0; i < h->cap; i++)
        if (h->count[i]) vc[*m][0] = h->key[i], vc[(*m)++][1] = (int64_t)h->count[i];
    qsort(vc, *m, sizeof *vc, by_key);
    return vc;
}

/* The value of nearest rank r (1-based) in sorted (value, count) pairs. */
static int rank_value(const int64_t (*vc)[2], size_t m, uint64_t r)
{
    uint64_t seen = 0;
    for (size_t i = 0; i < m; i++)
        if ((seen += (uint64_t)vc[i][1]) >= r) return (int)vc[i][0];
    return (int)vc[m - 1][0];
}

/* The sums run over the values in rising order, one value at a time,
 * exactly as when every value was kept and sorted, so the figures are the
 * same to the last bit as before the figures were streamed. */
sim_dist sim_describe(const sim_hist *h)
{
    sim_dist d = {0, 0, 0, 0, 0, 0};
    size_t m;
    int64_t(*vc)[2] = sim_hist_sorted(h, &m);
    if (!vc) {
        if (h->n) abort(); /* a few kilobytes: as the old sim did */
        return d;
    }
    double n = (double)h->n, sum = 0, sq = 0;
    for (size_t i = 0; i < m; i++)
        for (int64_t c = 0; c < vc[i][1]; c++)
            sum += (double)vc[i][0];
    d.mean = sum / n;
    for (size_t i = 0; i < m; i++) {
        double e = ((double)vc[i][0] - d.mean) * ((double)vc[i][0] - d.mean);
        for (int64_t c = 0; c < vc[i][1]; c++)
            sq += e;
    }
    d.sd = h->n > 1 ? sqrt(sq / (n - 1)) : 0;
    d.min = (int)vc[0][0];
    d.max = (int)vc[m - 1][0];
    d.p50 = rank_value((const int64_t(*)[2])vc, m, (uint64_t)ceil(0.50 * n));
    d.p95 = rank_value((const int64_t(*)[2])vc, m, (uint64_t)ceil(0.95 * n));
    free(vc);
    return d;
}

/* ---- Streamed game figures ---- */

static void stream_add(sim_stream *t, double v)
{
    t->min = t->n == 0 || v < t->min ? v : t->min;
    t->max = t->n == 0 || v > t->max ? v : t->max;
    t->n++;
    t->sum += v;
    double d = v - t->wmean;
    t->wmean += d / (double)t->n;
    t->m2 += d * (v - t->wmean);
}

void sim_stream_moments(const sim_stream *t, double *mean, double *sd)
{
    *mean = t->n ? t->sum / (double)t->n : 0;
    *sd = t->n > 1 ? sqrt(t->m2 / (double)(t->n - 1)) : 0;
}

void sim_fold(sim_figures *f, int i, const sim_game *o)
{
    f->played++;
    if (o->capped) {
        f->capped++;
        return;
    }
    f->finished++;
    int bad = sim_hist_add(&f->len, o->actions) | sim_hist_add(&f->hands, o->hands);
    int k = __builtin_popcount(o->winners);
    f->shared += k > 1;
    f->nobody += k == 0;
    for (int p = 0; p < f->n; p++) {
        int b = sim_bot_at(f->nb, i, p);
        f->bot_seats[b]++;
        if (o->winners >> p & 1u) f->seat_wins[p] += 1.0 / k, f->bot_wins[b] += 1.0 / k;
        bad |= sim_hist_add(&f->score[b], o->score[p]);
    }
    if (f->ntally == 0 && o->ntally > 0) f->ntally = o->ntally;
    for (int t = 0; t < f->ntally && t < o->ntally; t++)
        stream_add(&f->tally[t], o->tally[t]);
    f->oom |= bad != 0;
}

void sim_figures_free(sim_figures *f)
{
    hist_free(&f->len);
    hist_free(&f->hands);
    for (int b = 0; b < SIM_MAX_BOTS; b++)
        hist_free(&f->score[b]);
}

void sim_wilson(double wins, int n, double *lo, double *hi)
{
    if (n == 0) {
        *lo = 0, *hi = 1;
        return;
    }
    const double z = z95;
    double p = wins / n, z2 = z * z / n;
    double centre = (p + z2 / 2) / (1 + z2);
    double half = z * sqrt(p * (1 - p) / n + z * z / (4.0 * n * n)) / (1 + z2);
    *lo = centre - half < 0 ? 0 : centre - half;
    *hi = centre + half > 1 ? 1 : centre + half;
}

/* ---- Paired differences ---- */

void sim_pair_add(sim_pair *p, double x, double y, double wx, double wy)
{
    p->n++;
    p->sx += x, p->sy += y, p->wx += wx, p->wy += wy;
    double dx = x - p->mx, dy = y - p->my;
    p->mx += dx / (double)p->n;
    p->my += dy / (double)p->n;
    p->cxx += dx * (x - p->mx);
    p->cyy += dy * (y - p->my);
    p->cxy += dx * (y - p->my);
}

/* The figure is sum(x)/wx - sum(y)/wy = mean(a x - b y) with a = n/wx,
 * b = n/wy; its variance is that of the per-game a x - b y over n. When
 * every x equals its y, a = b and the three co-moments are the same number,
 * so the variance is 0 exactly. */
void sim_pair_diff(const sim_pair *p, double *diff, double *lo, double *hi)
{
    *diff = *lo = *hi = 0;
    if (p->n == 0 || p->wx <= 0 || p->wy <= 0) return;
    double n = (double)p->n;
    *diff = p->sx / p->wx - p->sy / p->wy;
    *lo = *hi = *diff;
    if (p->n < 2) return;
    double a = n / p->wx, b = n / p->wy;
    double var = (a * a * p->cxx + b * b * p->cyy - 2 * a * b * p->cxy) / (n - 1);
    double half = var > 0 ? z95 * sqrt(var / n) : 0;
    *lo = *diff - half;
    *hi = *diff + half;
}

void sim_pairs_init(sim_pairs *ps, int nseat, int nb)
{
    memset(ps, 0, sizeof *ps);
    ps->nseat = nseat;
    ps->nb = nb;
}

/* A bot's wins (shares) and its scores in one game, over the seats it held. */
static void bot_in_game(const sim_game *o, int n, int nb, int i, int b, double *wins, double *score,
                        double *seats)
{
    int k = __builtin_popcount(o->winners);
    *wins = *score = *seats = 0;
    for (int p = 0; p < n; p++) {
        if (sim_bot_at(nb, i, p) != b) continue;
        *seats += 1;
        *score += o->score[p];
        if (o->winners >> p & 1u) *wins += 1.0 / k;
    }
}

void sim_pairs_fold(sim_pairs *ps, int i, const sim_game *a, int na, const sim_game *b, int nbs)
{
    if (a->capped || b->capped) return;
    int ka = __builtin_popcount(a->winners), kb = __builtin_popcount(b->winners);
    for (int p = 0; p < ps->nseat; p++)
        sim_pair_add(&ps->seat_win[p], (a->winners >> p & 1u) ? 1.0 / ka : 0,
                     (b->winners >> p & 1u) ? 1.0 / kb : 0, 1, 1);
    for (int bot = 0; bot < ps->nb; bot++) {
        double wa, sa, na_, wb, sb, nb_;
        bot_in_game(a, na, ps->nb, i, bot, &wa, &sa, &na_);
        bot_in_game(b, nbs, ps->nb, i, bot, &wb, &sb, &nb_);
        sim_pair_add(&ps->bot_win[bot], wa, wb, na_, nb_);
        sim_pair_add(&ps->bot_score[bot], sa, sb, na_, nb_);
    }
    sim_pair_add(&ps->actions, a->actions, b->actions, 1, 1);
    sim_pair_add(&ps->hands, a->hands, b->hands, 1, 1);
    int nt = a->ntally < b->ntally ? a->ntally : b->ntally;
    for (int t = 0; t < nt; t++)
        sim_pair_add(&ps->tally[t], a->tally[t], b->tally[t], 1, 1);
    ps->ntally = nt > ps->ntally ? nt : ps->ntally;
}
