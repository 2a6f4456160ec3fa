/* The bot table: a generic random player, one heuristic per game, the
 * two generic search players (search.h) and Comrade's solver player. */
#include <stdio.h>
#include <string.h>

#include "cardhall/bot.h"
#include "cardhall/games.h"
#include "search.h"

ch_action ch_random_act(ch_bot *b, const void *st, int seat);

static const ch_bot_entry bots[] = {
    {NULL, "random", ch_random_act, NULL},
#ifdef CH_HAVE_RACKO
    {"racko", "heuristic", rk_heuristic_act, rk_heuristic_why},
    {"racko", "tuned", rk_tuned_act, NULL},
#endif
#ifdef CH_HAVE_RAGAMARU
    {"ragamaru", "heuristic", rg_heuristic_act, NULL},
#endif
#ifdef CH_HAVE_RUMINO
    {"rumino", "heuristic", ru_heuristic_act, NULL},
    {"rumino", "tuned", ru_tuned_act, NULL},
#endif
#ifdef CH_HAVE_BABASUKI
    {"babasuki", "heuristic", db_heuristic_act, NULL},
#endif
#ifdef CH_HAVE_COMRADE
    {"comrade", "heuristic", cm_heuristic_act, NULL},
#endif
    /* The search players last: lists read random, heuristic, then these. */
    {NULL, "ismcts", ch_ismcts_act, NULL},
    {NULL, "pimc", ch_pimc_act, NULL},
#ifdef CH_HAVE_COMRADE
    {"comrade", "solver", cm_solver_bot_act, NULL},
#endif
};

#ifdef CH_HAVE_RAGAMARU
_Static_assert(RG_MAX_ACTIONS <= CH_BOT_ACTIONS,
               "ch_bot.acts must hold every game's legal actions");
#endif

static int applies(const ch_bot_entry *e, const ch_game *g)
{
    return e->game == NULL || strcmp(e->game, g->name) == 0;
}

static int is_search(ch_bot_fn f)
{
#ifdef CH_HAVE_COMRADE
    if (f == cm_solver_bot_act) return 1;
#endif
    return f == ch_ismcts_act || f == ch_pimc_act;
}

int ch_bot_init(ch_bot *b, const ch_game *g, const char *name, uint64_t seed, ch_err *err)
{
    /* A level is the bot it stands for in this game. */
    int level = ch_level_parse(name);
    if (level >= 0) {
        const char *spec = ch_bot_level(g, level);
        if (!spec) return ch_errf(err, CH_EINVAL, "%s has no level '%s'", g->name, name);
        name = spec;
    }
    /* "name" or "name:key=value,..." (settings for the search players). */
    const char *colon = strchr(name, ':');
    size_t len = colon ? (size_t)(colon - name) : strlen(name);
    if (strlen(name) >= sizeof b->spec)
        return ch_errf(err, CH_EINVAL, "bot name '%.40s...' is too long", name);
    for (size_t i = 0; i < sizeof bots / sizeof bots[0]; i++) {
        if (!applies(&bots[i], g) || strlen(bots[i].name) != len ||
            strncmp(bots[i].name, name, len) != 0)
            continue;
        ch_bot tmp;
        memset(&tmp, 0, sizeof tmp);
        tmp.game = g;
        tmp.act = bots[i].act;
        tmp.why = bots[i].why;
        if (is_search(tmp.act)) {
            ch_search_defaults(g, &tmp.search);
            if (colon && ch_search_parse(&tmp.search, colon + 1, err) != CH_OK) return CH_EINVAL;
        } else if (colon) {
            return ch_errf(err, CH_EINVAL, "bot '%s' takes no settings", bots[i].name);
        }
        /* A stream of its own, so a bot never shares numbers with the game. */
        ch_rng_seed(&tmp.rng, seed, 0xb07u);
        *b = tmp;
        memcpy(b->spec, name, strlen(name) + 1);
        b->name = b->spec;
        return CH_OK;
    }
    char names[128], lv[64];
    ch_bot_list(g, names, sizeof names);
    ch_level_list(g, lv, sizeof lv);
    return ch_errf(err, CH_EINVAL, "no bot '%s' for %s (available: %s; levels: %s)", name, g->name,
                   names, lv);
}

ch_action ch_bot_act(ch_bot *b, const void *st, int seat)
{
    return b->act(b, st, seat);
}

int ch_bot_searches(const ch_bot *b)
{
    return is_search(b->act);
}

int ch_bot_why(const ch_bot *b, const void *st, int seat, ch_action a, ch_lang lang, char *buf,
               size_t cap)
{
    if (cap) buf[0] = '\0';
    int n = b->why && cap ? b->why(st, seat, a, lang, buf, cap) : 0;
    return n > 0 ? n : 0;
}

/* A piece of a bot list that is a setting (key=value) rather than a bot:
 * bot names hold no '=', and a bot with settings starts with "name:". */
static int is_setting(const char *piece, size_t len)
{
    return memchr(piece, '=', len) != NULL && memchr(piece, ':', len) == NULL;
}

int ch_bot_split(const char *text, char *buf, size_t cap, const char **names, int max, ch_err *err)
{
    size_t len = strlen(text);
    if (len >= cap) return ch_errf(err, CH_EINVAL, "bot list longer than %zu bytes", cap - 1);
    memcpy(buf, text, len + 1);
    int n = 0;
    for (char *p = buf;;) {
        char *end = strchr(p, ',');
        size_t plen = end ? (size_t)(end - p) : strlen(p);
        if (plen == 0) return ch_errf(err, CH_EINVAL, "empty bot name in '%.60s'", text);
        if (is_setting(p, plen)) {
            /* Glue it to the bot before it: that bot must take settings. */
            if (n == 0 || !strchr(names[n - 1], ':'))
                return ch_errf(err, CH_EINVAL,
                               "bot setting '%.*s' follows no search player (write name:%.*s)",
                               (int)(plen > 40 ? 40 : plen), p, (int)(plen > 40 ? 40 : plen), p);
            p[-1] = ',';
        } else {
            if (n >= max) return ch_errf(err, CH_EINVAL, "more than %d bots", max);
            names[n++] = p;
        }
        if (!end) break;
        *end = '\0';
        p = end + 1;
    }
    return n;
}

void ch_bot_list(const ch_game *g, char *buf, size_t cap)
{
    size_t len = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < sizeof bots / sizeof bots[0] && len < cap; i++)
        if (applies(&bots[i], g))
            len += (size_t)snprintf(buf + len, cap - len, "%s%s", len ? "," : "", bots[i].name);
}
