/* cardhall sim --report: one HTML page, self-contained (inline SVG and CSS,
 * no script, nothing fetched), that reads on a screen and prints on paper.
 * Every picture is drawn from the same rows as the text, JSON and CSV
 * (simout.c), and every picture has its numbers in a table beside it. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "simout.h"
#include "simreport.h"

/* One colour per option set (colour-blind safe, Okabe-Ito), cycled. */
static const char *const colour[] = {"#0072B2", "#E69F00", "#009E73", "#CC79A7",
                                     "#56B4E9", "#D55E00", "#F0E442", "#000000"};
#define NCOLOUR (int)(sizeof colour / sizeof colour[0])

static void esc(FILE *f, const char *t)
{
    for (; *t; t++) {
        switch (*t) {
        case '<':
            fputs("&lt;", f);
            break;
        case '>':
            fputs("&gt;", f);
            break;
        case '&':
            fputs("&amp;", f);
            break;
        case '"':
            fputs("&quot;", f);
            break;
        case '\'':
            fputs("&#39;", f);
            break;
        default:
            fputc(*t, f);
        }
    }
}

static void fmt(char *buf, size_t cap, double v, int rate)
{
    if (rate)
        snprintf(buf, cap, "%.1f%%", 100 * v);
    else if (v == floor(v) && fabs(v) < 1e15)
        snprintf(buf, cap, "%.0f", v);
    else if (fabs(v) >= 100)
        snprintf(buf, cap, "%.1f", v);
    else
        snprintf(buf, cap, "%.3g", v);
}

/* A difference: with its sign, + too. */
static void fmt_signed(char *buf, size_t cap, double v, int rate)
{
    if (v > 0 && cap > 1) {
        buf[0] = '+';
        fmt(buf + 1, cap - 1, v, rate);
    } else {
        fmt(buf, cap, v, rate);
    }
}

/* A round step for about n ticks over span. */
static double tick_step(double span, int n)
{
    double raw = span / n, mag = pow(10, floor(log10(raw))), r = raw / mag;
    return (r < 1.5 ? 1 : r < 3 ? 2 : r < 7 ? 5 : 10) * mag;
}

/* Where v falls between lo and hi on an axis of length len from start
 * (lo > hi turns the axis round, as SVG's y runs down). */
static double at(double v, double lo, double hi, int start, int len)
{
    return start + (double)len * (v - lo) / (hi - lo);
}

/* The x of set k of n, spread evenly (one set: the middle). */
static double colx(int k, int n, int left, int len)
{
    return left + (n > 1 ? (double)len * k / (n - 1) : len / 2.0);
}

/* Tick i from lo: 0 is 0, not a rounding error's 1e-17. */
static double tick_at(double lo, double step, int i)
{
    double t = lo + i * step;
    return fabs(t) < step * 1e-6 ? 0 : t;
}

/* One figure under every set: value and interval per set. */
typedef struct item {
    char label[96];
    int rate;
    double v[SIM_MAX_SETS], lo[SIM_MAX_SETS], hi[SIM_MAX_SETS];
    int has[SIM_MAX_SETS], ci[SIM_MAX_SETS];
} item;

/* The items of one row kind (any index), gathered across sets by key. */
static int gather(const sim *s, sim_row (*rows)[SIM_MAX_ROWS], const int *nrows, sim_row_kind kind,
                  int only_idx, item *out, int cap)
{
    int n = 0;
    for (int k = 0; k < s->nsets; k++)
        for (int i = 0; i < nrows[k]; i++) {
            const sim_row *r = &rows[k][i];
            if (r->kind != kind || (only_idx >= 0 && r->idx != only_idx)) continue;
            int j = 0;
            while (j < n && strcmp(out[j].label, r->label) != 0)
                j++;
            if (j == n) {
                if (n == cap) continue;
                memset(&out[n], 0, sizeof out[n]);
                snprintf(out[n].label, sizeof out[n].label, "%s", r->label);
                out[n++].rate = r->rate;
            }
            out[j].v[k] = r->value;
            out[j].lo[k] = r->has_ci ? r->lo : r->value;
            out[j].hi[k] = r->has_ci ? r->hi : r->value;
            out[j].ci[k] = r->has_ci;
            out[j].has[k] = 1;
        }
    return n;
}

static void range_of(const item *it, int n, int nsets, double *lo, double *hi)
{
    *lo = INFINITY, *hi = -INFINITY;
    for (int i = 0; i < n; i++)
        for (int k = 0; k < nsets; k++)
            if (it[i].has[k]) {
                *lo = fmin(*lo, it[i].lo[k]);
                *hi = fmax(*hi, it[i].hi[k]);
            }
    if (!isfinite(*lo)) *lo = 0, *hi = 1;
    if (*hi - *lo < 1e-9) { /* one value: an axis from 0 (or around it) */
        if (*lo >= 0)
            *lo = 0, *hi = *hi > 0 ? *hi * 1.2 : 1;
        else
            *lo -= 0.5, *hi += 0.5;
    }
}

/* Horizontal bars, one group per item and one bar per set, each with its
 * 95% interval as a whisker. Rates run from 0 to 100%. */
static void chart_bars(FILE *f, const char *title, const item *it, int n, int nsets)
{
    if (n == 0) return;
    const int left = 170, width = 520, plot = width - left - 20, bar = 11;
    int group = nsets * (bar + 2) + 8, height = 36 + n * group + 26;
    double lo, hi;
    range_of(it, n, nsets, &lo, &hi);
    if (it[0].rate)
        lo = 0, hi = 1;
    else
        lo = fmin(lo, 0), hi = hi > 0 ? hi * 1.05 : 0;
    double step = tick_step(hi - lo, 5);
    lo = floor(lo / step) * step, hi = ceil(hi / step) * step;
    fprintf(f, "<figure><svg viewBox=\"0 0 %d %d\" width=\"%d\" height=\"%d\" role=\"img\">", width,
            height, width, height);
    fprintf(f, "<text x=\"4\" y=\"16\" class=\"t\">");
    esc(f, title);
    fprintf(f, "</text>");
    int bottom = 36 + n * group;
    for (int i = 0; lo + i * step <= hi + step / 2; i++) {
        double t = tick_at(lo, step, i);
        char b[32];
        fmt(b, sizeof b, t, it[0].rate);
        fprintf(f,
                "<line x1=\"%.1f\" y1=\"28\" x2=\"%.1f\" y2=\"%d\" class=\"g\"/>"
                "<text x=\"%.1f\" y=\"%d\" class=\"s\" text-anchor=\"middle\">%s</text>",
                at(t, lo, hi, left, plot), at(t, lo, hi, left, plot), bottom,
                at(t, lo, hi, left, plot), bottom + 14, b);
    }
    for (int i = 0; i < n; i++) {
        int y0 = 36 + i * group;
        fprintf(f, "<text x=\"%d\" y=\"%d\" class=\"s\" text-anchor=\"end\">", left - 6,
                y0 + group / 2);
        esc(f, it[i].label);
        fprintf(f, "</text>");
        for (int k = 0; k < nsets; k++) {
            if (!it[i].has[k]) continue;
            int y = y0 + k * (bar + 2);
            double x0 = at(fmin(0, it[i].v[k]) < lo ? lo : fmin(0, it[i].v[k]), lo, hi, left, plot);
            double x1 = at(fmax(0, it[i].v[k]), lo, hi, left, plot);
            if (lo > 0) x0 = at(lo, lo, hi, left, plot);
            fprintf(f, "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\"/>", x0,
                    y, fmax(x1 - x0, 0.5), bar, colour[k % NCOLOUR]);
            if (it[i].ci[k])
                fprintf(f,
                        "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" class=\"w\"/>"
                        "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" class=\"w\"/>"
                        "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" class=\"w\"/>",
                        at(it[i].lo[k], lo, hi, left, plot), y + bar / 2.0,
                        at(it[i].hi[k], lo, hi, left, plot), y + bar / 2.0,
                        at(it[i].lo[k], lo, hi, left, plot), y + 1,
                        at(it[i].lo[k], lo, hi, left, plot), y + bar - 1,
                        at(it[i].hi[k], lo, hi, left, plot), y + 1,
                        at(it[i].hi[k], lo, hi, left, plot), y + bar - 1);
        }
    }
    fprintf(f, "</svg></figure>\n");
}

/* The swept value across, the figure up: a point per set with its 95%
 * interval, joined by a line. */
static void chart_sweep(FILE *f, const sim *s, const item *it, int idx)
{
    const int left = 60, width = 340, height = 200, top = 30, plot_w = width - left - 16,
              plot_h = height - top - 34;
    double lo, hi;
    range_of(it, 1, s->nsets, &lo, &hi);
    if (it->rate) lo = fmax(0, lo - 0.02), hi = fmin(1, hi + 0.02);
    double step = tick_step(hi - lo, 4);
    lo = floor(lo / step) * step, hi = ceil(hi / step) * step;
    fprintf(f, "<figure><svg viewBox=\"0 0 %d %d\" width=\"%d\" height=\"%d\" role=\"img\">", width,
            height, width, height);
    fprintf(f, "<text x=\"4\" y=\"16\" class=\"t\">");
    esc(f, it->label);
    fprintf(f, "</text>");
    for (int i = 0; lo + i * step <= hi + step / 2; i++) {
        double t = tick_at(lo, step, i);
        char b[32];
        fmt(b, sizeof b, t, it->rate);
        fprintf(f,
                "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" class=\"g\"/>"
                "<text x=\"%d\" y=\"%.1f\" class=\"s\" text-anchor=\"end\">%s</text>",
                left, at(t, hi, lo, top, plot_h), width - 16, at(t, hi, lo, top, plot_h), left - 4,
                at(t, hi, lo, top, plot_h) + 4, b);
    }
    fprintf(f, "<polyline class=\"l\" points=\"");
    for (int k = 0; k < s->nsets; k++)
        if (it->has[k])
            fprintf(f, "%.1f,%.1f ", colx(k, s->nsets, left, plot_w),
                    at(it->v[k], hi, lo, top, plot_h));
    fprintf(f, "\"/>");
    for (int k = 0; k < s->nsets; k++) {
        fprintf(f, "<text x=\"%.1f\" y=\"%d\" class=\"s\" text-anchor=\"middle\">",
                colx(k, s->nsets, left, plot_w), height - 18);
        esc(f, idx >= 0 ? s->set[k].opts.text[idx] : s->set[k].label);
        fprintf(f, "</text>");
        if (!it->has[k]) continue;
        if (it->ci[k])
            fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" class=\"w\"/>",
                    colx(k, s->nsets, left, plot_w), at(it->lo[k], hi, lo, top, plot_h),
                    colx(k, s->nsets, left, plot_w), at(it->hi[k], hi, lo, top, plot_h));
        fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"%s\"/>",
                colx(k, s->nsets, left, plot_w), at(it->v[k], hi, lo, top, plot_h),
                colour[k % NCOLOUR]);
    }
    fprintf(f, "<text x=\"%d\" y=\"%d\" class=\"s\" text-anchor=\"middle\">", left + plot_w / 2,
            height - 4);
    esc(f, s->sweep_key ? s->sweep_key : "set");
    fprintf(f, "</text>");
    fprintf(f, "</svg></figure>\n");
}

/* The distribution of one counted figure (game length, a bot's score)
 * under each set, on one shared axis: at most 40 bins. */
static void chart_hist(FILE *f, const sim *s, const char *title, const sim_hist *const *h)
{
    int64_t mn = INT64_MAX, mx = INT64_MIN;
    for (int k = 0; k < s->nsets; k++) {
        size_t m;
        int64_t(*vc)[2] = sim_hist_sorted(h[k], &m);
        if (!vc) continue;
        mn = vc[0][0] < mn ? vc[0][0] : mn;
        mx = vc[m - 1][0] > mx ? vc[m - 1][0] : mx;
        free(vc);
    }
    if (mn > mx) return;
    int64_t span = mx - mn + 1, nbin = span < 40 ? span : 40, w = (span + nbin - 1) / nbin;
    nbin = (span + w - 1) / w;
    const int left = 50, width = 520, each = 70, top = 28, plot = width - left - 16;
    int height = top + s->nsets * (each + 6) + 24;
    fprintf(f, "<figure><svg viewBox=\"0 0 %d %d\" width=\"%d\" height=\"%d\" role=\"img\">", width,
            height, width, height);
    fprintf(f, "<text x=\"4\" y=\"16\" class=\"t\">");
    esc(f, title);
    fprintf(f, "</text>");
    /* Few values: bars at most 36 px wide, each under its own value. */
    double bw = fmin((double)plot / (double)nbin, 36);
    for (int k = 0; k < s->nsets; k++) {
        uint64_t *bins = calloc((size_t)nbin, sizeof *bins), top_count = 0;
        size_t m;
        int64_t(*vc)[2] = sim_hist_sorted(h[k], &m);
        if (!bins) {
            free(vc);
            continue;
        }
        for (size_t i = 0; vc && i < m; i++)
            bins[(vc[i][0] - mn) / w] += (uint64_t)vc[i][1];
        for (int64_t b = 0; b < nbin; b++)
            top_count = bins[b] > top_count ? bins[b] : top_count;
        int y0 = top + k * (each + 6);
        if (s->nsets > 1)
            fprintf(f, "<text x=\"4\" y=\"%d\" class=\"s\">set %d</text>", y0 + 12, k + 1);
        fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" class=\"g\"/>", left, y0 + each,
                width - 16, y0 + each);
        for (int64_t b = 0; top_count && b < nbin; b++) {
            double hgt = (double)each * (double)bins[b] / (double)top_count;
            if (bins[b] == 0) continue;
            fprintf(f,
                    "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\">"
                    "<title>%lld..%lld: %llu</title></rect>",
                    left + bw * (double)b, y0 + each - hgt, fmax(bw - 1, 0.5), hgt,
                    colour[k % NCOLOUR], (long long)(mn + b * w), (long long)(mn + b * w + w - 1),
                    (unsigned long long)bins[b]);
        }
        free(bins);
        free(vc);
    }
    int yb = top + s->nsets * (each + 6) + 10;
    if (w == 1 && nbin <= 12)
        for (int64_t b = 0; b < nbin; b++)
            fprintf(f, "<text x=\"%.1f\" y=\"%d\" class=\"s\" text-anchor=\"middle\">%lld</text>",
                    left + bw * ((double)b + 0.5), yb, (long long)(mn + b));
    else
        for (int64_t b = 0; b <= nbin; b += (nbin + 4) / 5)
            fprintf(f, "<text x=\"%.1f\" y=\"%d\" class=\"s\" text-anchor=\"middle\">%lld</text>",
                    left + bw * (double)b, yb, (long long)(mn + b * w));
    fprintf(f, "</svg></figure>\n");
}

/* The numbers behind a chart's items. */
static void table_items(FILE *f, const sim *s, const item *it, int n)
{
    fprintf(f, "<table><tr><th>figure</th>");
    for (int k = 0; k < s->nsets; k++)
        fprintf(f, s->nsets > 1 ? "<th>set %d</th>" : "<th>value (95%% interval)</th>", k + 1);
    fprintf(f, "</tr>\n");
    for (int i = 0; i < n; i++) {
        fprintf(f, "<tr><td>");
        esc(f, it[i].label);
        fprintf(f, "</td>");
        for (int k = 0; k < s->nsets; k++) {
            char v[32], lo[32], hi[32];
            if (!it[i].has[k]) {
                fprintf(f, "<td></td>");
                continue;
            }
            fmt(v, sizeof v, it[i].v[k], it[i].rate);
            fmt(lo, sizeof lo, it[i].lo[k], it[i].rate);
            fmt(hi, sizeof hi, it[i].hi[k], it[i].rate);
            if (it[i].ci[k])
                fprintf(f, "<td>%s <small>[%s, %s]</small></td>", v, lo, hi);
            else
                fprintf(f, "<td>%s</td>", v);
        }
        fprintf(f, "</tr>\n");
    }
    fprintf(f, "</table>\n");
}

static void section_bars(FILE *f, const sim *s, const char *title, item *it, int n)
{
    if (n == 0) return;
    fprintf(f, "<div class=\"pane\">");
    chart_bars(f, title, it, n, s->nsets);
    table_items(f, s, it, n);
    fprintf(f, "</div>\n");
}

static void legend(FILE *f, const sim *s)
{
    if (s->nsets < 2) return;
    fprintf(f, "<p class=\"legend\">");
    for (int k = 0; k < s->nsets; k++) {
        fprintf(f, "<span><i style=\"background:%s\"></i>set %d: ", colour[k % NCOLOUR], k + 1);
        esc(f, s->set[k].label);
        fprintf(f, "</span> ");
    }
    fprintf(f, "</p>\n");
}

static void diffs(FILE *f, const sim *s, sim_row (*rows)[SIM_MAX_ROWS], const int *nrows)
{
    fprintf(f, "<h2>Differences from set 1</h2>\n<p>Every set played the same games (the same "
               "seeds: common random numbers), so each difference is paired game by game over the "
               "games finished under both. Bold: the 95%% interval leaves out 0.</p>\n");
    for (int k = 1; k < s->nsets; k++) {
        fprintf(f, "<h3>set %d (", k + 1);
        esc(f, s->set[k].label);
        fprintf(f, ") &minus; set 1 (");
        esc(f, s->set[0].label);
        fprintf(f,
                ")</h3>\n<table><tr><th>figure</th><th>set 1</th><th>set %d</th><th>difference"
                "</th><th>95%% interval</th><th>pairs</th></tr>\n",
                k + 1);
        for (int i = 0; i < nrows[k]; i++) {
            const sim_row *r = &rows[k][i];
            if (!r->has_diff) continue;
            const sim_row *base = NULL;
            for (int j = 0; j < nrows[0] && !base; j++)
                if (strcmp(rows[0][j].key, r->key) == 0) base = &rows[0][j];
            if (!base) continue;
            char a[32], b[32], d[32], lo[32], hi[32];
            fmt(a, sizeof a, base->value, r->rate);
            fmt(b, sizeof b, r->value, r->rate);
            fmt_signed(d, sizeof d, r->diff, r->rate);
            fmt_signed(lo, sizeof lo, r->dlo, r->rate);
            fmt_signed(hi, sizeof hi, r->dhi, r->rate);
            int sig = r->dlo > 0 || r->dhi < 0;
            fprintf(f, "<tr%s><td>", sig ? " class=\"sig\"" : "");
            esc(f, r->label);
            fprintf(f,
                    "</td><td>%s</td><td>%s</td><td>%s</td><td>[%s, %s]</td><td>%llu</td></tr>\n",
                    a, b, d, lo, hi, r->pairs);
        }
        fprintf(f, "</table>\n");
    }
}

static const char style[] =
    "body{font:14px/1.4 sans-serif;margin:24px;color:#222;max-width:1120px}"
    "h1{font-size:22px}h2{font-size:18px;border-bottom:1px solid #ccc;margin-top:28px}"
    "h3{font-size:15px}.pane{display:inline-block;vertical-align:top;margin:0 18px 18px 0}"
    "figure{margin:0}svg{max-width:100%;height:auto}"
    "svg .t{font:bold 13px sans-serif}svg .s{font:11px sans-serif;fill:#333}"
    "svg .g{stroke:#ddd;stroke-width:1}svg .w{stroke:#000;stroke-width:1.2}"
    "svg .l{fill:none;stroke:#888;stroke-width:1.5}"
    "table{border-collapse:collapse;font-size:12px;margin-top:6px}"
    "td,th{border:1px solid #ddd;padding:2px 6px;text-align:right}"
    "td:first-child,th:first-child,td.o{text-align:left}tr.sig td{font-weight:bold}"
    ".legend span{margin-right:14px}.legend i{display:inline-block;width:12px;height:12px;"
    "margin-right:4px;vertical-align:middle}.partial{color:#b00;font-weight:bold}"
    "@media print{body{margin:0}.pane,figure,table,h3{break-inside:avoid}h2{break-after:avoid}}";

int sim_write_html(const sim *s, const char *bots, const char *path)
{
    FILE *f = fopen(path, "w");
    if (!f) return cli_fail(CLI_ERR, "report %s: cannot write it", path);
    static sim_row rows[SIM_MAX_SETS][SIM_MAX_ROWS];
    static item it[SIM_MAX_ROWS];
    int nrows[SIM_MAX_SETS];
    for (int k = 0; k < s->nsets; k++)
        nrows[k] = sim_rows(s, k, rows[k]);
    const char *title = s->g->title[0] ? s->g->title[0] : s->g->name;
    fprintf(f, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>");
    esc(f, title);
    fprintf(f, ": cardhall sim</title>\n<style>%s</style></head><body>\n<h1>", style);
    esc(f, title);
    fprintf(f, ": %d games%s, seed %llu</h1>\n", s->played,
            s->nsets > 1 ? " under each option set" : "", (unsigned long long)s->seed);
    if (s->partial)
        fprintf(f,
                "<p class=\"partial\">PARTIAL: interrupted after %d of %d games; every figure "
                "is of those.</p>\n",
                s->played, s->games);
    fprintf(f, "<p>Bots ");
    esc(f, bots);
    fprintf(f,
            " (seats rotate through the list); games capped at %d actions. Intervals are 95%%: "
            "Wilson for win rates (a win shared by k seats counts 1/k), normal for means.</p>\n",
            s->max_steps);
    fprintf(f, "<table><tr><th>set</th><th>options</th></tr>\n");
    for (int k = 0; k < s->nsets; k++) {
        fprintf(f,
                "<tr><td><i style=\"display:inline-block;width:10px;height:10px;background:%s\">"
                "</i> %d</td><td class=\"o\">",
                colour[k % NCOLOUR], k + 1);
        for (int i = 0; i < s->g->n_opts; i++) {
            esc(f, s->g->opts[i].key);
            fputc('=', f);
            esc(f, s->set[k].opts.text[i]);
            fputc(' ', f);
        }
        fprintf(f, "</td></tr>\n");
    }
    fprintf(f, "</table>\n");
    legend(f, s);

    fprintf(f, "<h2>Win rates</h2>\n");
    int n = gather(s, rows, nrows, SIM_ROW_SEAT_WIN, -1, it, SIM_MAX_ROWS);
    section_bars(f, s, "win rate per seat", it, n);
    n = gather(s, rows, nrows, SIM_ROW_BOT_WIN, -1, it, SIM_MAX_ROWS);
    section_bars(f, s, "win rate per bot", it, n);

    fprintf(f, "<h2>Game length</h2>\n");
    const sim_hist *h[SIM_MAX_SETS];
    fprintf(f, "<div class=\"pane\">");
    for (int k = 0; k < s->nsets; k++)
        h[k] = &s->set[k].f.len;
    chart_hist(f, s, "actions per finished game", h);
    fprintf(f, "</div><div class=\"pane\">");
    for (int k = 0; k < s->nsets; k++)
        h[k] = &s->set[k].f.hands;
    chart_hist(f, s, "hands per finished game", h);
    fprintf(f, "</div>\n");
    static const sim_row_kind len_kinds[] = {
        SIM_ROW_ACTIONS,   SIM_ROW_ACTIONS_P50, SIM_ROW_ACTIONS_P95, SIM_ROW_HANDS,
        SIM_ROW_HANDS_P50, SIM_ROW_HANDS_P95,   SIM_ROW_FINISHED,    SIM_ROW_CAPPED};
    n = 0;
    for (size_t j = 0; j < sizeof len_kinds / sizeof len_kinds[0]; j++)
        n += gather(s, rows, nrows, len_kinds[j], -1, it + n, SIM_MAX_ROWS - n);
    fprintf(f, "<div class=\"pane\">");
    table_items(f, s, it, n);
    fprintf(f, "</div>\n");

    fprintf(f, "<h2>Scores</h2>\n");
    n = gather(s, rows, nrows, SIM_ROW_BOT_SCORE, -1, it, SIM_MAX_ROWS);
    section_bars(f, s, "mean final score per bot", it, n);
    for (int b = 0; b < s->nb; b++) {
        char t[96];
        snprintf(t, sizeof t, "final scores of %d:%s", b, s->bots[b]);
        for (int k = 0; k < s->nsets; k++)
            h[k] = &s->set[k].f.score[b];
        fprintf(f, "<div class=\"pane\">");
        chart_hist(f, s, t, h);
        fprintf(f, "</div>\n");
    }

    n = gather(s, rows, nrows, SIM_ROW_TALLY, -1, it, SIM_MAX_ROWS);
    if (n > 0) {
        fprintf(f, "<h2>The game's own figures (mean per finished game; a 0/1 figure reads as a "
                   "frequency)</h2>\n");
        for (int i = 0; i < n; i++) {
            fprintf(f, "<div class=\"pane\">");
            chart_bars(f, it[i].label, &it[i], 1, s->nsets);
            fprintf(f, "</div>");
        }
        fprintf(f, "<div class=\"pane\">");
        table_items(f, s, it, n);
        fprintf(f, "</div>\n");
    }

    if (s->sweep_key) {
        int idx = ch_opts_index(s->g->opts, s->g->n_opts, s->sweep_key);
        fprintf(f, "<h2>Against ");
        esc(f, s->sweep_key);
        fprintf(f, "</h2>\n");
        static const sim_row_kind kinds[] = {SIM_ROW_SEAT_WIN, SIM_ROW_BOT_WIN, SIM_ROW_BOT_SCORE,
                                             SIM_ROW_ACTIONS,  SIM_ROW_HANDS,   SIM_ROW_TALLY};
        for (size_t j = 0; j < sizeof kinds / sizeof kinds[0]; j++) {
            n = gather(s, rows, nrows, kinds[j], -1, it, SIM_MAX_ROWS);
            for (int i = 0; i < n; i++) {
                fprintf(f, "<div class=\"pane\">");
                chart_sweep(f, s, &it[i], idx);
                fprintf(f, "</div>");
            }
        }
        fprintf(f, "\n");
    }
    if (s->nsets > 1) diffs(f, s, rows, nrows);
    /* Nothing of the run itself (threads, ranks, time): the same seed and
     * options give the same page, byte for byte. */
    fprintf(f, "<p><small>cardhall sim</small></p>\n</body></html>\n");
    int bad = ferror(f);
    bad |= fclose(f) != 0;
    return bad ? cli_fail(CLI_ERR, "report %s: cannot write it", path) : CLI_OK;
}
