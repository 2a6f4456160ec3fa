/* cardhall list: every game with its options and bots, as text or JSON. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "cardhall/bot.h"
#include "cardhall/registry.h"
#include "cli.h"
#include "term.h"

static json_t *bots_json(const ch_game *g)
{
    char buf[256];
    const char *names[32];
    char split[256];
    ch_bot_list(g, buf, sizeof buf);
    json_t *bots = json_array();
    int n = buf[0] ? cli_split(buf, split, sizeof split, names, 32) : 0;
    for (int i = 0; i < n; i++)
        json_array_append_new(bots, json_string(names[i]));
    return bots;
}

static json_t *option_json(const ch_optdesc *d)
{
    static const char *const types[] = {"int", "bool", "enum", "str"};
    char range[256];
    ch_opts_describe(d, range, sizeof range);
    json_t *o = json_pack("{s:s,s:s,s:s,s:s,s:s}", "key", d->key, "type", types[d->type], "range",
                          range, "default", d->def, "help", d->help ? d->help : "");
    if (d->type == CH_OPT_INT) {
        json_object_set_new(o, "min", json_integer(d->min));
        json_object_set_new(o, "max", json_integer(d->max));
    }
    if (d->type == CH_OPT_ENUM) {
        json_t *c = json_array();
        for (int i = 0; d->choices[i]; i++)
            json_array_append_new(c, json_string(d->choices[i]));
        json_object_set_new(o, "choices", c);
    }
    return o;
}

json_t *cli_games_json(void)
{
    json_t *games = json_array();
    for (const ch_game *const *p = ch_games(); *p; p++) {
        const ch_game *g = *p;
        json_t *opts = json_array();
        for (int i = 0; i < g->n_opts; i++)
            json_array_append_new(opts, option_json(&g->opts[i]));
        json_array_append_new(
            games, json_pack("{s:s,s:s,s:s,s:s,s:i,s:i,s:o,s:o}", "name", g->name, "title",
                             g->title[CH_LANG_EN], "title_ja", g->title[CH_LANG_JA], "summary",
                             g->summary, "min_players", g->min_players, "max_players",
                             g->max_players, "options", opts, "bots", bots_json(g)));
    }
    return games;
}

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
        json_t *games = cli_games_json();
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
