/* cardhall sim's figures as text on stdout, as JSON and as CSV. The text and
 * JSON of one option set keep the format tests/data/sim pins byte for byte;
 * several sets add the differences from the first set. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "cardhall/table.h"
#include "simout.h"

static const double z95 = 1.959963984540054;

/* ---- Rows ---- */

static sim_row *add_row(sim_row *rows, int *n, sim_row_kind kind, int idx, int rate)
{
    sim_row *r = &rows[(*n)++];
    memset(r, 0, sizeof *r);
    r->kind = kind;
    r->idx = idx;
    r->rate = rate;
    return r;
}

static void mean_ci(sim_row *r, double mean, double sd, double n)
{
    r->value = mean;
    r->has_ci = n > 1;
    double half = n > 1 ? z95 * sd / sqrt(n) : 0;
    r->lo = mean - half;
    r->hi = mean + half;
}

/* The pair of set k with set 0 behind a row, or NULL where it has none. */
static const sim_pair *row_pair(const sim *s, int k, const sim_row *r)
{
    if (k == 0) return NULL;
    const sim_pairs *ps = &s->pairs[k];
    switch (r->kind) {
    case SIM_ROW_SEAT_WIN:
        return r->idx < ps->nseat ? &ps->seat_win[r->idx] : NULL;
    case SIM_ROW_BOT_WIN:
        return &ps->bot_win[r->idx];
    case SIM_ROW_BOT_SCORE:
        return &ps->bot_score[r->idx];
    case SIM_ROW_ACTIONS:
        return &ps->actions;
    case SIM_ROW_HANDS:
        return &ps->hands;
    case SIM_ROW_TALLY:
        if (r->idx >= ps->ntally || r->idx >= s->set[0].f.ntally) return NULL;
        return strcmp(s->set[k].names[r->idx], s->set[0].names[r->idx]) == 0 ? &ps->tally[r->idx]
                                                                             : NULL;
    default:
        return NULL;
    }
}

int sim_rows(const sim *s, int k, sim_row *rows)
{
    const sim_set *set = &s->set[k];
    const sim_figures *f = &set->f;
    int n = 0;
    sim_row *r;
    for (int p = 0; p < set->n; p++) {
        r = add_row(rows, &n, SIM_ROW_SEAT_WIN, p, 1);
        snprintf(r->key, sizeof r->key, "seat%d.win_rate", p);
        snprintf(r->label, sizeof r->label, "seat %d win rate", p);
        r->value = f->finished ? f->seat_wins[p] / f->finished : 0;
        sim_wilson(f->seat_wins[p], f->finished, &r->lo, &r->hi);
        r->has_ci = 1;
    }
    for (int b = 0; b < s->nb; b++) {
        r = add_row(rows, &n, SIM_ROW_BOT_WIN, b, 1);
        snprintf(r->key, sizeof r->key, "bot%d.win_rate", b);
        snprintf(r->label, sizeof r->label, "%d:%s win rate", b, s->bots[b]);
        r->value = f->bot_seats[b] ? f->bot_wins[b] / f->bot_seats[b] : 0;
        sim_wilson(f->bot_wins[b], f->bot_seats[b], &r->lo, &r->hi);
        r->has_ci = 1;
    }
    for (int b = 0; b < s->nb; b++) {
        sim_dist d = sim_describe(&f->score[b]);
        r = add_row(rows, &n, SIM_ROW_BOT_SCORE, b, 0);
        snprintf(r->key, sizeof r->key, "bot%d.score", b);
        snprintf(r->label, sizeof r->label, "%d:%s score", b, s->bots[b]);
        mean_ci(r, d.mean, d.sd, (double)f->score[b].n);
    }
    sim_dist dl = sim_describe(&f->len), dh = sim_describe(&f->hands);
    static const struct {
        sim_row_kind kind;
        const char *key, *label;
    } len[] = {{SIM_ROW_ACTIONS, "length.actions", "actions per game"},
               {SIM_ROW_ACTIONS_P50, "length.actions_p50", "actions p50"},
               {SIM_ROW_ACTIONS_P95, "length.actions_p95", "actions p95"},
               {SIM_ROW_HANDS, "length.hands", "hands per game"},
               {SIM_ROW_HANDS_P50, "length.hands_p50", "hands p50"},
               {SIM_ROW_HANDS_P95, "length.hands_p95", "hands p95"},
               {SIM_ROW_FINISHED, "finished", "games finished"},
               {SIM_ROW_CAPPED, "capped", "games capped"}};
    double lv[] = {dl.mean, dl.p50, dl.p95, dh.mean, dh.p50, dh.p95, f->finished, f->capped};
    for (size_t j = 0; j < sizeof len / sizeof len[0]; j++) {
        r = add_row(rows, &n, len[j].kind, 0, 0);
        snprintf(r->key, sizeof r->key, "%s", len[j].key);
        snprintf(r->label, sizeof r->label, "%s", len[j].label);
        if (len[j].kind == SIM_ROW_ACTIONS)
            mean_ci(r, dl.mean, dl.sd, (double)f->len.n);
        else if (len[j].kind == SIM_ROW_HANDS)
            mean_ci(r, dh.mean, dh.sd, (double)f->hands.n);
        else
            r->value = lv[j];
    }
    for (int t = 0; t < f->ntally; t++) {
        double mean, sd;
        sim_stream_moments(&f->tally[t], &mean, &sd);
        r = add_row(rows, &n, SIM_ROW_TALLY, t, 0);
        snprintf(r->key, sizeof r->key, "figures.%s", set->names[t]);
        snprintf(r->label, sizeof r->label, "%s", set->names[t]);
        mean_ci(r, mean, sd, (double)f->tally[t].n);
    }
    for (int j = 0; j < n; j++) {
        const sim_pair *p = row_pair(s, k, &rows[j]);
        if (!p || p->n == 0) continue;
        rows[j].has_diff = 1;
        rows[j].pairs = p->n;
        sim_pair_diff(p, &rows[j].diff, &rows[j].dlo, &rows[j].dhi);
    }
    return n;
}

/* ---- The one-set report (format pinned by tests/data/sim) ---- */

static json_t *dist_json(const sim_dist *d)
{
    return json_pack("{s:f,s:f,s:i,s:i,s:i,s:i}", "mean", d->mean, "sd", d->sd, "min", d->min,
                     "max", d->max, "p50", d->p50, "p95", d->p95);
}

static json_t *rate_json(double wins, int n)
{
    double lo, hi;
    sim_wilson(wins, n, &lo, &hi);
    return json_pack("{s:i,s:f,s:f,s:[f,f]}", "games", n, "wins", wins, "win_rate",
                     n ? wins / n : 0.0, "ci95", lo, hi);
}

static void print_rate(const char *label, double wins, int n)
{
    double lo, hi;
    sim_wilson(wins, n, &lo, &hi);
    printf("  %-14s %7d %9.1f %6.1f%%  [%5.1f%%, %5.1f%%]", label, n, wins, n ? 100 * wins / n : 0,
           100 * lo, 100 * hi);
}

/* The game's own figures (ch_game.tally) over the finished games: mean,
 * sd, min, max of each. */
static json_t *report_tally(const sim_set *set)
{
    const sim_figures *f = &set->f;
    json_t *j = json_object();
    if (f->ntally == 0) return j;
    printf("game figures (per finished game)   %9s %9s %9s %9s\n", "mean", "sd", "min", "max");
    for (int t = 0; t < f->ntally; t++) {
        const sim_stream *v = &f->tally[t];
        double mean, sd;
        sim_stream_moments(v, &mean, &sd);
        printf("  %-32s %9.3f %9.3f %9g %9g\n", set->names[t], mean, sd, v->min, v->max);
        json_object_set_new(
            j, set->names[t],
            json_pack("{s:f,s:f,s:f,s:f}", "mean", mean, "sd", sd, "min", v->min, "max", v->max));
    }
    return j;
}

json_t *sim_report_set(const sim *s, int k)
{
    const sim_set *set = &s->set[k];
    const sim_figures *f = &set->f;
    json_t *j =
        json_pack("{s:s,s:i,s:o,s:i,s:i,s:i,s:i,s:i}", "game", s->g->name, "players", set->n,
                  "seed", ch_seed_json(s->seed), "games", s->played, "finished", f->finished,
                  "capped", f->capped, "shared_wins", f->shared, "no_winner", f->nobody);
    if (s->partial) json_object_set_new(j, "partial", json_true());
    json_t *opts = json_object();
    for (int i = 0; i < s->g->n_opts; i++)
        json_object_set_new(opts, s->g->opts[i].key, json_string(set->opts.text[i]));
    json_object_set_new(j, "options", opts);

    printf("win rates (a win shared by k seats counts 1/k; 95%% Wilson intervals)\n");
    printf("  %-14s %7s %9s %7s  %s\n", "seat", "games", "wins", "rate", "95% CI");
    json_t *jseats = json_array();
    for (int p = 0; p < set->n; p++) {
        char label[32];
        snprintf(label, sizeof label, "seat %d", p);
        print_rate(label, f->seat_wins[p], f->finished);
        putchar('\n');
        json_t *js = rate_json(f->seat_wins[p], f->finished);
        json_object_set_new(js, "seat", json_integer(p));
        json_array_append_new(jseats, js);
    }
    json_object_set_new(j, "seats", jseats);

    printf("  %-14s %7s %9s %7s  %-17s %8s %7s %6s %6s\n", "bot", "seats", "wins", "rate", "95% CI",
           "score", "sd", "min", "max");
    json_t *jbots = json_array();
    for (int b = 0; b < s->nb; b++) {
        sim_dist d = sim_describe(&f->score[b]);
        char label[64];
        snprintf(label, sizeof label, "%d:%s", b, s->bots[b]);
        print_rate(label, f->bot_wins[b], f->bot_seats[b]);
        printf(" %8.1f %7.1f %6d %6d\n", d.mean, d.sd, d.min, d.max);
        json_t *jb = rate_json(f->bot_wins[b], f->bot_seats[b]);
        json_object_set_new(jb, "name", json_string(s->bots[b]));
        json_object_set_new(jb, "score", dist_json(&d));
        json_array_append_new(jbots, jb);
    }
    json_object_set_new(j, "bots", jbots);

    sim_dist dl = sim_describe(&f->len), dh = sim_describe(&f->hands);
    printf("game length    %8s %8s %8s %8s %8s\n", "mean", "p50", "p95", "min", "max");
    printf("  actions      %8.1f %8d %8d %8d %8d\n", dl.mean, dl.p50, dl.p95, dl.min, dl.max);
    printf("  hands        %8.2f %8d %8d %8d %8d\n", dh.mean, dh.p50, dh.p95, dh.min, dh.max);
    printf("games: %d finished, %d shared wins, %d without a winner, %d capped at %d actions\n",
           f->finished, f->shared, f->nobody, f->capped, s->max_steps);
    json_object_set_new(j, "length",
                        json_pack("{s:o,s:o}", "actions", dist_json(&dl), "hands", dist_json(&dh)));
    json_object_set_new(j, "figures", report_tally(set));
    return j;
}

/* ---- Several sets ---- */

static void fmt_value(char *buf, size_t cap, const sim_row *r, double v, int sign)
{
    if (r->rate)
        snprintf(buf, cap, sign ? "%+.1f%%" : "%.1f%%", 100 * v);
    else
        snprintf(buf, cap, sign ? "%+.3f" : "%.3f", v);
}

/* Set k against set 0, figure by figure: the two values, the paired
 * difference, its interval, and "*" where the interval leaves out 0. */
static json_t *report_diff(const sim *s, int k)
{
    sim_row a[SIM_MAX_ROWS], b[SIM_MAX_ROWS];
    int na = sim_rows(s, 0, a), nb = sim_rows(s, k, b);
    printf("set %d (%s) - set 1 (%s)\n", k + 1, s->set[k].label, s->set[0].label);
    char setk[16];
    snprintf(setk, sizeof setk, "set %d", k + 1);
    printf("  %-32s %10s %10s %10s  %-25s %8s\n", "figure", "set 1", setk, "diff", "95% CI",
           "pairs");
    json_t *rows = json_array();
    for (int i = 0; i < nb; i++) {
        const sim_row *r = &b[i];
        if (!r->has_diff) continue;
        const sim_row *base = NULL;
        for (int j = 0; j < na && !base; j++)
            if (strcmp(a[j].key, r->key) == 0) base = &a[j];
        if (!base) continue;
        char va[32], vb[32], d[32], lo[32], hi[32], ci[72];
        fmt_value(va, sizeof va, r, base->value, 0);
        fmt_value(vb, sizeof vb, r, r->value, 0);
        fmt_value(d, sizeof d, r, r->diff, 1);
        fmt_value(lo, sizeof lo, r, r->dlo, 1);
        fmt_value(hi, sizeof hi, r, r->dhi, 1);
        snprintf(ci, sizeof ci, "[%s, %s]", lo, hi);
        int sig = r->dlo > 0 || r->dhi < 0;
        printf("  %-32s %10s %10s %10s  %-25s %8llu%s\n", r->label, va, vb, d, ci, r->pairs,
               sig ? " *" : "");
        json_array_append_new(rows, json_pack("{s:s,s:s,s:f,s:f,s:f,s:[f,f],s:I}", "figure", r->key,
                                              "label", r->label, "base", base->value, "value",
                                              r->value, "diff", r->diff, "ci95", r->dlo, r->dhi,
                                              "pairs", (json_int_t)r->pairs));
    }
    return json_pack("{s:i,s:i,s:o}", "set", k + 1, "against", 1, "rows", rows);
}

json_t *sim_report(const sim *s)
{
    if (s->nsets == 1) return sim_report_set(s, 0);
    json_t *sets = json_array();
    for (int k = 0; k < s->nsets; k++) {
        printf("\n== set %d: %s\n", k + 1, s->set[k].label);
        json_t *one = sim_report_set(s, k);
        json_object_set_new(one, "label", json_string(s->set[k].label));
        json_array_append_new(sets, one);
    }
    printf("\ndifferences from set 1 (common random numbers: the same seeds, paired game by game\n"
           "over the games finished under both; 95%% intervals; * where 0 is outside)\n");
    json_t *diffs = json_array();
    for (int k = 1; k < s->nsets; k++)
        json_array_append_new(diffs, report_diff(s, k));
    json_t *j = json_pack("{s:s,s:o,s:i,s:i,s:o,s:o}", "game", s->g->name, "seed",
                          ch_seed_json(s->seed), "games", s->played, "max_steps", s->max_steps,
                          "sets", sets, "differences", diffs);
    if (s->partial) json_object_set_new(j, "partial", json_true());
    if (s->sweep_key) {
        json_t *vals = json_array();
        int idx = ch_opts_index(s->g->opts, s->g->n_opts, s->sweep_key);
        for (int k = 0; idx >= 0 && k < s->nsets; k++)
            json_array_append_new(vals, json_string(s->set[k].opts.text[idx]));
        json_object_set_new(j, "sweep",
                            json_pack("{s:s,s:o}", "key", s->sweep_key, "values", vals));
    }
    return j;
}

/* ---- CSV ---- */

static void csv_text(FILE *f, const char *t)
{
    fputc('"', f);
    for (; *t; t++) {
        if (*t == '"') fputc('"', f);
        fputc(*t, f);
    }
    fputc('"', f);
}

/* A distribution the report draws: one row per value, its count. */
static void csv_dist(FILE *f, const sim *s, int k, const char *name, const sim_hist *h)
{
    size_t m;
    int64_t(*vc)[2] = sim_hist_sorted(h, &m);
    for (size_t i = 0; vc && i < m; i++) {
        fprintf(f, "%d,", k + 1);
        csv_text(f, s->set[k].label);
        fprintf(f, ",%s.%lld,%lld,,,,,,,%d,%d\n", name, (long long)vc[i][0], (long long)vc[i][1],
                s->played, s->partial);
    }
    free(vc);
}

int sim_write_csv(const sim *s, const char *path)
{
    FILE *f = fopen(path, "w");
    if (!f) return cli_fail(CLI_ERR, "csv %s: cannot write it", path);
    fprintf(f,
            "set,label,figure,value,ci_lo,ci_hi,diff,diff_ci_lo,diff_ci_hi,pairs,games,partial\n");
    sim_row rows[SIM_MAX_ROWS];
    for (int k = 0; k < s->nsets; k++) {
        int n = sim_rows(s, k, rows);
        for (int i = 0; i < n; i++) {
            const sim_row *r = &rows[i];
            fprintf(f, "%d,", k + 1);
            csv_text(f, s->set[k].label);
            fprintf(f, ",%s,%.17g,", r->key, r->value);
            if (r->has_ci)
                fprintf(f, "%.17g,%.17g,", r->lo, r->hi);
            else
                fprintf(f, ",,");
            if (r->has_diff)
                fprintf(f, "%.17g,%.17g,%.17g,%llu,", r->diff, r->dlo, r->dhi, r->pairs);
            else
                fprintf(f, ",,,,");
            fprintf(f, "%d,%d\n", s->played, s->partial);
        }
        const sim_figures *fg = &s->set[k].f;
        csv_dist(f, s, k, "dist.actions", &fg->len);
        csv_dist(f, s, k, "dist.hands", &fg->hands);
        for (int b = 0; b < s->nb; b++) {
            char name[32];
            snprintf(name, sizeof name, "dist.bot%d.score", b);
            csv_dist(f, s, k, name, &fg->score[b]);
        }
    }
    int bad = ferror(f);
    bad |= fclose(f) != 0;
    return bad ? cli_fail(CLI_ERR, "csv %s: cannot write it", path) : CLI_OK;
}
