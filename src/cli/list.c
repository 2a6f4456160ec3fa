/* cardhall list: every game with its options and bots, as text or JSON. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "cardhall/bot.h"
#include "cardhall/registry.h"
#include "cardhall/table.h"
#include "cli.h"
#include "term.h"

static void print_game(const ch_game *g)
{
    char range[256], bots[256];
    printf("%s%s%s  %s / %s  (%d-%d players)\n  %s\n", term_sgr(TERM_BOLD), g->name,
           term_sgr(TERM_RESET), g->title[CH_LANG_EN], g->title[CH_LANG_JA], g->min_players,
           g->max_players, g->summary);
    printf("  options:\n");
    int wkey = 0, wrange = 0, wdef = 0;
    for (int i = 0; i < g->n_opts; i++) {
        const ch_optdesc *d = &g->opts[i];
        ch_opts_describe(d, range, sizeof range);
        wkey = (int)strlen(d->key) > wkey ? (int)strlen(d->key) : wkey;
        wrange = (int)strlen(range) > wrange ? (int)strlen(range) : wrange;
        wdef = (int)strlen(d->def) > wdef ? (int)strlen(d->def) : wdef;
    }
    for (int i = 0; i < g->n_opts; i++) {
        const ch_optdesc *d = &g->opts[i];
        ch_opts_describe(d, range, sizeof range);
        printf("    %-*s  %-*s  default %-*s  %s\n", wkey, d->key, wrange, range, wdef, d->def,
               d->help ? d->help : "");
    }
    ch_bot_list(g, bots, sizeof bots);
    printf("  bots: %s\n", bots);
}

int cli_list(int argc, char **argv)
{
    static const cli_flag flags[] = {{"--json", 0}, {NULL, 0}};
    cli_args a;
    int rc = cli_parse(argc, argv, flags, &a);
    if (rc != CLI_OK) return rc;
    if (a.npos || a.nkv) return cli_fail(CLI_USAGE, "list takes no arguments");
    if (cli_get(&a, "--json")) {
        json_t *games = tb_games_json();
        char *s = json_dumps(games, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
        puts(s);
        free(s);
        json_decref(games);
        return CLI_OK;
    }
    int n = 0;
    for (const ch_game *const *p = ch_games(); *p; p++, n++) {
        if (n) putchar('\n');
        print_game(*p);
    }
    if (n == 0) printf("no games are built\n");
    return CLI_OK;
}
