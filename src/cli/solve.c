/* cardhall solve GAME: how many hands could be won with every card known
 * (an open-hand solver, cardhall/solve.h), next to what the heuristic team
 * really wins on the same deals. Each deal is the first of its own seed,
 * bid by the heuristic, solved from where the solver starts (Comrade: the
 * trick phase, bids fixed), then played out by the heuristic. With
 * --bids free each deal is also solved from its very start, the bids free
 * too (the best bids for the deal). --bot names the team's player instead of
 * the heuristic (issue 28: how often the solver player's bids are winnable
 * with open hands, against the heuristic's). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "args.h"
#include "cardhall/bot.h"
#include "cardhall/registry.h"
#include "cardhall/solve.h"
#include "cli.h"

typedef struct solve_run {
    const ch_game *g;
    const ch_solver_def *def;
    void *solver;
    ch_opts opts;
    long max_nodes;
    int free_bids;
    const char *bot; /* the team's player: "heuristic" unless --bot */
    int reached, winnable, undecided, won, won_undecided;
    int free_yes, free_no, free_undecided;
    double *ms;      /* solve time of each deal that reached the solver */
    double *free_ms; /* free-bid solve time of each deal */
} solve_run;

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* One deal: the team's bot bids and plays it; the solver looks once. */
static int one_deal(solve_run *r, uint64_t seed, void *st)
{
    const ch_game *g = r->g;
    ch_err err;
    if (ch_setup(g, st, &r->opts, seed, NULL, 0, &err) != CH_OK)
        return cli_fail(CLI_USAGE, "%s", err.msg);
    int n = g->num_players(st);
    ch_bot bots[CH_MAX_PLAYERS];
    for (int p = 0; p < n; p++)
        if (ch_bot_init(&bots[p], g, r->bot, seed * 31 + (uint64_t)p, &err) != CH_OK)
            return cli_fail(CLI_USAGE, "%s", err.msg);
    ch_result res;
    g->result(st, &res);
    int hands0 = res.hands, solved = 0, ok = 0, free_ok = -1;
    if (r->free_bids) {
        long nodes;
        double t0 = now_ms();
        free_ok = r->def->solve_free(r->solver, st, r->max_nodes, &nodes);
        r->free_ms[r->free_yes + r->free_no + r->free_undecided] = now_ms() - t0;
        r->free_yes += free_ok == 1;
        r->free_no += free_ok == 0;
        r->free_undecided += free_ok < 0;
    }
    for (long step = 0; step < 100000; step++) {
        int p = g->to_move(st);
        if (p == CH_TERMINAL) break;
        if (!solved && r->def->ready(st)) {
            solved = 1;
            long nodes;
            double t0 = now_ms();
            ok = r->def->solve(r->solver, st, r->max_nodes, &nodes);
            r->ms[r->reached++] = now_ms() - t0;
            r->winnable += ok == 1;
            r->undecided += ok < 0;
        }
        g->apply(st, ch_bot_act(&bots[p], st, p));
        g->result(st, &res);
        if (res.hands > hands0) break; /* the deal is over */
    }
    /* hand_score: 1 when the last deal was won (docs/rules/comrade.md). */
    int won = res.hands > hands0 && res.hand_score[0] > 0;
    r->won += won;
    r->won_undecided += won && ok < 0;
    /* A deal the team won was winnable: a solver saying no would be wrong. */
    if (won && ok == 0)
        return cli_fail(CLI_ERR, "seed %llu: won, yet the solver says it cannot be",
                        (unsigned long long)seed);
    /* Bids as made are some bids. */
    if ((won || ok == 1) && free_ok == 0)
        return cli_fail(CLI_ERR, "seed %llu: winnable with the bids made, yet not with free bids",
                        (unsigned long long)seed);
    return CLI_OK;
}

int cli_solve(int argc, char **argv)
{
    static const cli_flag flags[] = {{"--deals", 1}, {"--seed", 1}, {"--max-nodes", 1},
                                     {"--bids", 1},  {"--bot", 1},  {NULL, 0}};
    static cli_args a;
    int rc = cli_parse(argc, argv, flags, &a);
    if (rc != CLI_OK) return rc;
    if (a.npos != 1) return cli_fail(CLI_USAGE, "solve: name one game (cardhall solve comrade)");
    static solve_run r;
    memset(&r, 0, sizeof r);
    if (!(r.g = cli_game(a.pos[0]))) return CLI_USAGE;
    if (!(r.def = ch_solver_find(r.g)))
        return cli_fail(CLI_USAGE, "%s has no open-hand solver", r.g->name);
    ch_err err;
    if (ch_opts_parse(&r.opts, r.g->opts, r.g->n_opts, a.kv, a.nkv, &err) != CH_OK)
        return cli_fail(CLI_USAGE, "%s", err.msg);
    int deals = 1000, max_nodes = 2000000;
    uint64_t seed = 1;
    const char *v;
    if ((v = cli_get(&a, "--deals")) && (rc = cli_int("--deals", v, 1, 10000000, &deals)))
        return rc;
    if ((v = cli_get(&a, "--max-nodes")) &&
        (rc = cli_int("--max-nodes", v, 1, 1000000000, &max_nodes)))
        return rc;
    if ((v = cli_get(&a, "--seed")) && (rc = cli_u64("--seed", v, &seed))) return rc;
    if ((v = cli_get(&a, "--bids"))) {
        if (strcmp(v, "free") != 0 && strcmp(v, "made") != 0)
            return cli_fail(CLI_USAGE, "--bids: made or free, not %s", v);
        r.free_bids = strcmp(v, "free") == 0;
        if (r.free_bids && !r.def->solve_free)
            return cli_fail(CLI_USAGE, "%s: the solver has no free-bids search", r.g->name);
    }
    r.max_nodes = max_nodes;
    r.bot = (v = cli_get(&a, "--bot")) ? v : "heuristic";
    r.solver = r.def->create();
    r.ms = malloc(sizeof *r.ms * (size_t)deals);
    r.free_ms = malloc(sizeof *r.free_ms * (size_t)deals);
    void *st = malloc(r.g->state_size);
    if (!r.solver || !r.ms || !r.free_ms || !st) rc = cli_fail(CLI_ERR, "out of memory");
    for (int i = 0; i < deals && rc == CLI_OK; i++)
        rc = one_deal(&r, seed + (uint64_t)i, st);
    if (rc == CLI_OK) {
        qsort(r.ms, (size_t)r.reached, sizeof *r.ms, cmp_double);
        double p = 100.0 / (double)deals;
        printf("%s: %d deals from seed %llu, bid and played by the %s team\n", r.g->name, deals,
               (unsigned long long)seed, r.bot);
        printf("  reached the trick phase       %7d  %5.1f%%\n", r.reached, r.reached * p);
        printf("  winnable with open hands      %7d  %5.1f%%  (bids as made; an upper bound on "
               "any play of them)\n",
               r.winnable, r.winnable * p);
        char who[112];
        snprintf(who, sizeof who, "won by the %.90s team", r.bot);
        printf("  %-29s %7d  %5.1f%%\n", who, r.won, r.won * p);
        char label[64];
        snprintf(label, sizeof label, "undecided (> %d nodes)", max_nodes);
        printf("  %-29s %7d  %5.1f%%  (%d of them won by the team)\n", label, r.undecided,
               r.undecided * p, r.won_undecided);
        if (r.reached)
            printf("  solve time per deal: median %.3f ms, p95 %.3f ms, max %.3f ms\n",
                   r.ms[r.reached / 2], r.ms[(int)(r.reached * 0.95)], r.ms[r.reached - 1]);
        if (r.free_bids) {
            qsort(r.free_ms, (size_t)deals, sizeof *r.free_ms, cmp_double);
            printf("with free bids (from the first bid, every hand known):\n");
            printf(
                "  winnable with some bids       %7d  %5.1f%%  (a way found and played through)\n",
                r.free_yes, r.free_yes * p);
            printf("  lost whatever the bids        %7d  %5.1f%%  (proved)\n", r.free_no,
                   r.free_no * p);
            printf("  %-29s %7d  %5.1f%%\n", label, r.free_undecided, r.free_undecided * p);
            printf("  solve time per deal: median %.3f ms, p95 %.3f ms, max %.3f ms\n",
                   r.free_ms[deals / 2], r.free_ms[(int)(deals * 0.95)], r.free_ms[deals - 1]);
        }
    }
    free(st);
    free(r.ms);
    free(r.free_ms);
    if (r.solver) r.def->destroy(r.solver);
    return rc;
}
