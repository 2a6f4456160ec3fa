/* cardhall sim: many bot-vs-bot games on bare states, in parallel, under
 * one option set or several on the same seeds (--compare, --sweep).
 * Playing is simrun.c, figures simstat.c, text/JSON/CSV simout.c, the HTML
 * page simreport.c; this file reads the command line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "args.h"
#include "cardhall/bot.h"
#include "cardhall/file.h"
#include "cardhall/match.h"
#include "cardhall/table.h"
#include "cli.h"
#include "simout.h"
#include "simpar.h"
#include "simreport.h"
#include "simrun.h"

#define SIM_SPEC 512 /* bytes of one --compare set's words */

/* Takes the words after --compare (up to the next flag) out of argv:
 * each is one option set, e.g. 'deck=beginner knock=10'. Returns the new
 * argc, or -1 after a usage error. */
static int take_compare(int argc, char **argv, const char **specs, int *nspecs)
{
    int out = 0, seen = 0;
    *nspecs = 0;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--compare") != 0) {
            argv[out++] = argv[i];
            continue;
        }
        if (seen++) return cli_fail(CLI_USAGE, "--compare given twice"), -1;
        while (i + 1 < argc && strncmp(argv[i + 1], "--", 2) != 0) {
            if (*nspecs == SIM_MAX_SETS)
                return cli_fail(CLI_USAGE, "--compare: more than %d option sets", SIM_MAX_SETS), -1;
            specs[(*nspecs)++] = argv[++i];
        }
        if (*nspecs < 2) return cli_fail(CLI_USAGE, "--compare needs at least 2 option sets"), -1;
    }
    return out;
}

/* The values of --sweep key=a,b,c or key=lo..hi, as "key=value" words in
 * buf. Returns how many, or -1 after a usage error. */
static int sweep_values(const char *arg, char (*buf)[SIM_SPEC], const char **key_out, char *keybuf,
                        size_t keycap)
{
    const char *eq = strchr(arg, '=');
    if (!eq || eq == arg || !eq[1])
        return cli_fail(CLI_USAGE, "--sweep: '%s' is not key=a,b,c or key=lo..hi", arg), -1;
    snprintf(keybuf, keycap, "%.*s", (int)(eq - arg), arg);
    *key_out = keybuf;
    const char *vals = eq + 1, *dots = strstr(vals, "..");
    int n = 0;
    if (dots) {
        char lo_s[32], hi_s[32];
        int lo, hi;
        snprintf(lo_s, sizeof lo_s, "%.*s", (int)(dots - vals), vals);
        snprintf(hi_s, sizeof hi_s, "%s", dots + 2);
        if (cli_int("--sweep", lo_s, -1000000000, 1000000000, &lo) ||
            cli_int("--sweep", hi_s, -1000000000, 1000000000, &hi))
            return -1;
        if (hi < lo || (long long)hi - lo >= SIM_MAX_SETS)
            return cli_fail(CLI_USAGE, "--sweep: %d..%d is not 2 to %d values", lo, hi,
                            SIM_MAX_SETS),
                   -1;
        for (int v = lo; v <= hi; v++)
            snprintf(buf[n++], SIM_SPEC, "%s=%d", keybuf, v);
    } else {
        char words[SIM_SPEC];
        const char *list[SIM_MAX_SETS];
        n = cli_split(vals, words, sizeof words, list, SIM_MAX_SETS);
        if (n < 0) return cli_fail(CLI_USAGE, "--sweep: more than %d values", SIM_MAX_SETS), -1;
        for (int v = 0; v < n; v++)
            snprintf(buf[v], SIM_SPEC, "%s=%s", keybuf, list[v]);
    }
    if (n < 2) return cli_fail(CLI_USAGE, "--sweep: '%s' gives fewer than 2 values", arg), -1;
    return n;
}

/* Set k: the base options, then the set's own words (spaces apart); checked
 * by a first setup, which also counts the seats. */
static int make_set(sim *s, int k, const cli_args *a, const char *spec)
{
    sim_set *set = &s->set[k];
    char words[SIM_SPEC];
    const char *kv[CLI_MAX_ARGS + 32];
    int nkv = 0;
    for (int i = 0; i < a->nkv; i++)
        kv[nkv++] = a->kv[i];
    if (strlen(spec) >= sizeof words) return cli_fail(CLI_USAGE, "option set too long: '%s'", spec);
    snprintf(words, sizeof words, "%s", spec);
    int nown = 0;
    for (char *save = NULL, *w = strtok_r(words, " \t", &save); w;
         w = strtok_r(NULL, " \t", &save)) {
        if (!strchr(w, '=') || nown == 32)
            return cli_fail(CLI_USAGE, "option set '%s': '%s' is not key=value", spec, w);
        kv[nkv++] = w;
        nown++;
    }
    snprintf(set->label, sizeof set->label, "%s", nown ? spec : "(the base options)");
    ch_err err;
    if (ch_opts_parse(&set->opts, s->g->opts, s->g->n_opts, kv, nkv, &err) != CH_OK)
        return cli_fail(CLI_USAGE, "%s", err.msg);
    /* cards=PATH names the user's own file: read it here, the game does no I/O. */
    if (ch_opts_read_files(&set->opts, s->g->opts, s->g->n_opts, &err) != CH_OK)
        return cli_fail(CLI_ERR, "%s", err.msg);
    void *st = malloc(s->g->state_size);
    if (!st) return cli_fail(CLI_ERR, "out of memory");
    int rc = ch_setup(s->g, st, &set->opts, s->seed, NULL, 0, &err);
    if (rc == CH_OK) set->n = s->g->num_players(st);
    free(st);
    if (rc != CH_OK) return cli_fail(CLI_USAGE, "%s", err.msg);
    return CLI_OK;
}

static int check_path(const char *path, const char *what)
{
    ch_err err;
    if (path && ch_file_check_writable(path, what, &err) != CH_OK)
        return cli_fail(CLI_ERR, "%s", err.msg);
    return CLI_OK;
}

static void print_options(const sim *s, int k)
{
    printf("%s", s->g->name);
    for (int i = 0; i < s->g->n_opts; i++)
        printf(" %s=%s", s->g->opts[i].key, s->set[k].opts.text[i]);
    printf("\n");
}

static int write_outputs(sim *s, const char *bots_arg, const char *json_path, const char *csv_path,
                         const char *html_path)
{
    if (s->partial)
        printf("PARTIAL: interrupted after %d of %d games; every figure below is of those %d\n",
               s->played, s->games, s->played);
    json_t *j = sim_report(s);
    fprintf(stderr, "%d games in %.2f s on %d thread%s%s\n", s->played * s->nsets, s->secs, s->used,
            s->used == 1 ? "" : "s", s->ranks > 1 ? " per rank" : "");
    int rc = CLI_OK;
    if (json_path) {
        json_t *jb = json_array();
        for (int b = 0; b < s->nb; b++)
            json_array_append_new(jb, json_string(s->bots[b]));
        json_object_set_new(j, "lineup", jb);
        ch_err err;
        if (ch_record_save(json_path, j, &err) != CH_OK)
            rc = cli_fail(CLI_ERR, "report %s: cannot write it (%s)", json_path, err.msg);
    }
    json_decref(j);
    if (csv_path && sim_write_csv(s, csv_path) != CLI_OK) rc = CLI_ERR;
    if (html_path && sim_write_html(s, bots_arg, html_path) != CLI_OK) rc = CLI_ERR;
    return rc;
}

static int sim_main(int argc, char **argv, sim *s)
{
    static const cli_flag flags[] = {
        {"--games", 1}, {"--bots", 1},  {"--seed", 1},      {"--threads", 1}, {"--json", 1},
        {"--csv", 1},   {"--sweep", 1}, {"--max-steps", 1}, {"--report", 1},  {NULL, 0}};
    const char *specs[SIM_MAX_SETS];
    int nspecs;
    argc = take_compare(argc, argv, specs, &nspecs);
    if (argc < 0) return CLI_USAGE;
    cli_args a;
    int rc = cli_parse(argc, argv, flags, &a);
    if (rc != CLI_OK) return rc;
    if (a.npos != 1)
        return cli_fail(CLI_USAGE, "usage: cardhall sim GAME [key=value ...] --games N --bots a,b "
                                   "[--compare 'k=v ..' 'k=v ..' | --sweep key=a,b,c]");
    s->g = cli_game(a.pos[0]);
    if (!s->g) return CLI_USAGE;
    const char *v;
    int threads = (int)sysconf(_SC_NPROCESSORS_ONLN);
    threads = threads < 1 ? 1 : threads > 64 ? 64 : threads;
    s->games = 1000;
    s->max_steps = 100000;
    if ((v = cli_get(&a, "--games")) && cli_int("--games", v, 1, 100000000, &s->games)) return 2;
    if ((v = cli_get(&a, "--threads")) && cli_int("--threads", v, 1, 64, &threads)) return 2;
    if ((v = cli_get(&a, "--max-steps")) && cli_int("--max-steps", v, 1, 1 << 30, &s->max_steps))
        return 2;
    s->threads = threads;
    if ((v = cli_get(&a, "--seed"))) {
        if (cli_u64("--seed", v, &s->seed)) return 2;
    } else {
        s->seed = tb_time_seed();
    }
    /* Every rank plays with rank 0's seed. */
    if (s->ranks > 1 && simpar_bcast_seed(&s->seed) != 0)
        return cli_fail(CLI_ERR, "MPI: cannot share the seed");

    static char swept[SIM_MAX_SETS][SIM_SPEC];
    static char keybuf[64];
    const char *sweep = cli_get(&a, "--sweep");
    if (sweep && nspecs) return cli_fail(CLI_USAGE, "--compare and --sweep: give one of them");
    if (sweep) {
        nspecs = sweep_values(sweep, swept, &s->sweep_key, keybuf, sizeof keybuf);
        if (nspecs < 0) return CLI_USAGE;
        if (ch_opts_index(s->g->opts, s->g->n_opts, s->sweep_key) < 0)
            return cli_fail(CLI_USAGE, "--sweep: %s has no option '%s'", s->g->name, s->sweep_key);
        for (int k = 0; k < nspecs; k++)
            specs[k] = swept[k];
    }
    s->nsets = nspecs ? nspecs : 1;
    for (int k = 0; k < s->nsets; k++)
        if ((rc = make_set(s, k, &a, nspecs ? specs[k] : "")) != CLI_OK) return rc;

    char buf[512];
    ch_bot probe;
    ch_err err;
    const char *bots_arg = cli_get(&a, "--bots");
    if (!bots_arg)
        bots_arg = ch_bot_init(&probe, s->g, "heuristic", 0, NULL) == CH_OK ? "heuristic,random"
                                                                            : "random";
    /* ch_bot_split keeps a search player's settings together (pimc:iters=500,ms=80). */
    s->nb = ch_bot_split(bots_arg, buf, sizeof buf, s->bots, SIM_MAX_BOTS, &err);
    if (s->nb < 0) return cli_fail(CLI_USAGE, "--bots: %s", err.msg);
    for (int b = 0; b < s->nb; b++)
        if (ch_bot_init(&probe, s->g, s->bots[b], 0, &err) != CH_OK)
            return cli_fail(CLI_USAGE, "--bots: %s", err.msg);
    /* The reports' paths are checked before the games, not after them. */
    const char *json_path = cli_get(&a, "--json"), *csv_path = cli_get(&a, "--csv"),
               *html_path = cli_get(&a, "--report");
    int bad = s->rank == 0 && (check_path(json_path, "report") || check_path(csv_path, "csv") ||
                               check_path(html_path, "report"));
    if (simpar_any(bad)) return CLI_ERR; /* every rank stops, not rank 0 alone */
    if (s->nsets == 1) {
        print_options(s, 0);
        printf("%d games, seed %llu, bots %s (seats rotate)\n", s->games,
               (unsigned long long)s->seed, bots_arg);
    } else {
        printf("%s: %d option sets on the same %d games (common random numbers), seed %llu, "
               "bots %s (seats rotate)\n",
               s->g->name, s->nsets, s->games, (unsigned long long)s->seed, bots_arg);
        for (int k = 0; k < s->nsets; k++) {
            printf("set %d: ", k + 1);
            print_options(s, k);
        }
    }
    fflush(stdout);
    rc = sim_run(s);
    if (rc == CLI_OK && s->rank == 0)
        rc = write_outputs(s, bots_arg, json_path, csv_path, html_path);
    sim_free(s);
    if (rc == CLI_OK && s->partial) rc = 130; /* as a shell reports an interrupted command */
    return rc;
}

int cli_sim(int argc, char **argv)
{
    static sim s;
    memset(&s, 0, sizeof s);
    if (simpar_start(&s.rank, &s.ranks) != 0) return CLI_ERR;
    /* Only rank 0 reports; the others play their share quietly. */
    if (s.rank != 0 && !freopen("/dev/null", "w", stdout)) return CLI_ERR;
    int rc = sim_main(argc, argv, &s);
    simpar_stop();
    return rc;
}
