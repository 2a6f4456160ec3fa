/* See cardhall/table.h: the texts a front end writes for one viewer, the
 * list of games, seeds as JSON. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cardhall/bot.h"
#include "cardhall/registry.h"
#include "cardhall/table.h"

static json_t *bots_json(const ch_game *g)
{
    char buf[256];
    ch_bot_list(g, buf, sizeof buf);
    json_t *bots = json_array();
    for (char *name = buf[0] ? buf : NULL; name;) {
        char *comma = strchr(name, ',');
        if (comma) *comma = '\0';
        json_array_append_new(bots, json_string(name));
        name = comma ? comma + 1 : NULL;
    }
    return bots;
}

/* Issue 24: the levels people choose from, weakest first. */
static json_t *levels_json(const ch_game *g)
{
    json_t *levels = json_array();
    for (int l = 0; l < CH_LEVELS; l++)
        if (ch_bot_level(g, l)) json_array_append_new(levels, json_string(ch_level_name(l)));
    return levels;
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

json_t *tb_games_json(void)
{
    json_t *games = json_array();
    for (const ch_game *const *p = ch_games(); *p; p++) {
        const ch_game *g = *p;
        json_t *opts = json_array();
        for (int i = 0; i < g->n_opts; i++)
            json_array_append_new(opts, option_json(&g->opts[i]));
        json_t *o = json_pack("{s:s,s:s,s:s,s:s,s:i,s:i,s:o,s:o}", "name", g->name, "title",
                              g->title[CH_LANG_EN], "title_ja", g->title[CH_LANG_JA], "summary",
                              g->summary, "min_players", g->min_players, "max_players",
                              g->max_players, "options", opts, "bots", bots_json(g));
        json_object_set_new(o, "levels", levels_json(g));
        json_array_append_new(games, o);
    }
    return games;
}

uint64_t tb_time_seed(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    /* Kept below 2^53 so the seed survives any JSON reader. */
    return ch_mix64(((uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec) ^
                    ((uint64_t)getpid() << 32)) >>
           11;
}

char *tb_render(const ch_game *g, const void *st, int viewer, ch_lang lang)
{
    return tb_render_as(g, st, viewer, lang, &tb_seat_numbers);
}

char *tb_render_as(const ch_game *g, const void *st, int viewer, ch_lang lang,
                   const tb_names *names)
{
    size_t cap = 8192;
    for (;;) {
        char *buf = malloc(cap);
        if (!buf) return NULL;
        int n = g->render(st, viewer, lang, buf, cap);
        if (n < 0) n = 0, buf[0] = '\0';
        if ((size_t)n < cap) {
            if (!names || !strstr(buf, "{P")) return buf;
            char *f = tb_fill(buf, names, lang);
            free(buf);
            return f;
        }
        free(buf);
        cap = (size_t)n + 1;
    }
}

/* The game's name, placeholders kept. */
static void raw_action_name(const ch_game *g, const void *st, ch_action a, int viewer,
                            ch_lang lang, char *buf, size_t cap)
{
    if (g->action_name(st, a, viewer, lang, buf, cap) < 0) snprintf(buf, cap, "?");
}

void tb_action_name(const ch_game *g, const void *st, ch_action a, int viewer, ch_lang lang,
                    char *buf, size_t cap)
{
    raw_action_name(g, st, a, viewer, lang, buf, cap);
    tb_fill_buf(buf, cap, &tb_seat_numbers, lang);
}

/* Whether the name of a for `as` is the same in st and in every resample
 * (as viewer sees them), i.e. tells viewer nothing hidden. */
static int name_is_stable(const ch_game *g, const void *st, void *const *copies, int ncopies,
                          ch_action a, int as, ch_lang lang, char *buf, size_t cap)
{
    char other[512];
    raw_action_name(g, st, a, as, lang, buf, cap);
    for (int i = 0; i < ncopies; i++) {
        if (!ch_is_legal(g, copies[i], a)) continue;
        raw_action_name(g, copies[i], a, as, lang, other, sizeof other);
        if (strcmp(other, buf) != 0) return 0;
    }
    return 1;
}

/* A game's choice_name names a choice for the mover from what it knows.
 * Without one: a name describes an action as it is known once done, which may show a
 * card only the move reveals (a draw). Before the move, a choice is named
 * as the first seat (viewer first) whose name is the same whatever the
 * hidden cards, compared over a few resamples; failing all, its notation
 * (which names only what the mover holds).
 *
 * Only the mover chooses: for any other seat or the spectator the mover's
 * choices are named by a text that names no card. A few resamples cannot
 * prove a name safe for them (a Rumino knock's name tells every hand's
 * deadwood; Rack-O's declare names a slot's card), and nobody needs them. */
void tb_choice_name(const ch_game *g, const void *st, ch_action a, int viewer, ch_lang lang,
                    char *buf, size_t cap)
{
    tb_choice_name_as(g, st, a, viewer, lang, &tb_seat_numbers, buf, cap);
}

static void choice_name(const ch_game *g, const void *st, ch_action a, int viewer, ch_lang lang,
                        char *buf, size_t cap);

void tb_choice_name_as(const ch_game *g, const void *st, ch_action a, int viewer, ch_lang lang,
                       const tb_names *names, char *buf, size_t cap)
{
    choice_name(g, st, a, viewer, lang, buf, cap);
    tb_fill_buf(buf, cap, names, lang);
}

/* The name before seat placeholders are filled. */
static void choice_name(const ch_game *g, const void *st, ch_action a, int viewer, ch_lang lang,
                        char *buf, size_t cap)
{
    enum { NCOPIES = 4 };
    if (viewer == CH_ALL) {
        raw_action_name(g, st, a, viewer, lang, buf, cap);
        return;
    }
    if (viewer != g->to_move(st)) {
        snprintf(buf, cap, "%s", lang == CH_LANG_JA ? "手を指す" : "makes a move");
        return;
    }
    if (g->choice_name) {
        if (g->choice_name(st, a, lang, buf, cap) < 0) snprintf(buf, cap, "?");
        return;
    }
    void *copies[NCOPIES] = {NULL};
    ch_rng rng;
    ch_rng_seed(&rng, 0x5eed, 0xc11);
    int n = g->num_players(st), ok = 1;
    for (int i = 0; i < NCOPIES && ok; i++) {
        ok = (copies[i] = malloc(g->state_size)) != NULL;
        if (ok) {
            memcpy(copies[i], st, g->state_size);
            g->resample(copies[i], viewer, &rng);
        }
    }
    int found = 0;
    for (int k = 0; ok && k < n && !found; k++)
        found = name_is_stable(g, st, copies, NCOPIES, a, (viewer + k) % n, lang, buf, cap);
    if (!found && g->action_text(st, a, buf, cap) < 0) snprintf(buf, cap, "?");
    for (int i = 0; i < NCOPIES; i++)
        free(copies[i]);
}
