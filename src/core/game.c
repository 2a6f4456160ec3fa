/* Generic operations over any ch_game: the checked paths front ends use. */
#include <assert.h>
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "cardhall/game.h"

int ch_setup(const ch_game *g, void *st, const ch_opts *o, uint64_t seed, const int *order,
             int n_order, ch_err *err)
{
    if (o->compat < 0 || o->compat > g->old_rules)
        return ch_errf(err, CH_EINVAL, "%s has no rule set %d (compat 0..%d)", g->name, o->compat,
                       g->old_rules);
    /* setup may fail half-way; a scratch copy keeps st unchanged on error. */
    void *tmp = malloc(g->state_size);
    if (!tmp) return ch_errf(err, CH_ENOMEM, "out of memory");
    int rc = g->setup(tmp, o, seed, order, n_order, err);
    if (rc == CH_OK) memcpy(st, tmp, g->state_size);
    free(tmp);
    return rc;
}

/* Legal-action buffers live on the stack when they are small, as they are
 * for most games: these checks run at every step of a simulation. */
#define CH_STACK_ACTIONS 256

int ch_is_legal(const ch_game *g, const void *st, ch_action a)
{
    ch_action local[CH_STACK_ACTIONS];
    ch_action *buf =
        g->max_actions <= CH_STACK_ACTIONS ? local : malloc(sizeof *buf * (size_t)g->max_actions);
    if (!buf) return 0;
    int n = g->to_move(st) == CH_TERMINAL ? 0 : g->legal(st, buf);
    int found = 0;
    for (int i = 0; i < n && !found; i++)
        found = buf[i] == a;
    if (buf != local) free(buf);
    return found;
}

int ch_apply(const ch_game *g, void *st, ch_action a, ch_err *err)
{
    if (g->to_move(st) == CH_TERMINAL) return ch_errf(err, CH_ESTATE, "the game is over");
    if (!ch_is_legal(g, st, a)) return ch_errf(err, CH_EILLEGAL, "action is not legal now");
    g->apply(st, a);
    return CH_OK;
}

/* Lower-cases ASCII and drops white space, so "Swap 25" matches "swap25". */
static void normalize(const char *in, char *out, size_t cap)
{
    size_t k = 0;
    for (; *in && k + 1 < cap; in++) {
        unsigned char c = (unsigned char)*in;
        if (isspace(c)) continue;
        out[k++] = (char)(c < 128 ? tolower(c) : c);
    }
    out[k] = '\0';
}

int ch_parse_action(const ch_game *g, const void *st, const char *text, ch_action *out, ch_err *err)
{
    if (g->to_move(st) == CH_TERMINAL) return ch_errf(err, CH_ESTATE, "the game is over");
    char want[256], have[256], buf[256];
    normalize(text, want, sizeof want);
    if (!want[0]) return ch_errf(err, CH_EINVAL, "empty move");
    ch_action *acts = malloc(sizeof *acts * (size_t)g->max_actions);
    if (!acts) return ch_errf(err, CH_ENOMEM, "out of memory");
    int n = g->legal(st, acts);
    char q[CH_QUOTE_MAX];
    int rc = ch_errf(err, CH_EILLEGAL, "'%s' is not a legal move now", ch_quote(text, q, sizeof q));
    int found = -1;
    for (int i = 0; i < n && found < 0; i++) {
        g->action_text(st, acts[i], buf, sizeof buf);
        normalize(buf, have, sizeof have);
        if (strcmp(have, want) == 0) found = i;
    }
    /* The same move written another way (game.h, same_play). */
    for (int i = 0; i < n && found < 0 && g->same_play; i++) {
        g->action_text(st, acts[i], buf, sizeof buf);
        if (g->same_play(text, buf)) found = i;
    }
    if (found >= 0) {
        *out = acts[found];
        rc = CH_OK;
    }
    free(acts);
    return rc;
}

int ch_action_of_id(const ch_game *g, const void *st, int id, ch_action *acts, ch_action *out,
                    ch_err *err)
{
    if (!g->action_id) return ch_errf(err, CH_EINVAL, "%s has no action ids", g->name);
    if (g->to_move(st) == CH_TERMINAL) return ch_errf(err, CH_ESTATE, "the game is over");
    /* A linear scan: legal lists are short next to what a learner does with
     * each step, and it needs no inverse table per game. */
    int n = g->legal(st, acts);
    for (int i = 0; i < n; i++) {
        if (g->action_id(st, acts[i]) == id) {
            *out = acts[i];
            return CH_OK;
        }
    }
    return ch_errf(err, CH_EILLEGAL, "action id %d is not a legal move now", id);
}

int ch_parse_order(const ch_game *g, const char *text, int *faces, int cap, int *n, ch_err *err)
{
    int k = 0;
    const char *p = text;
    for (;;) {
        while (*p && (isspace((unsigned char)*p) || *p == ','))
            p++;
        if (!*p) break;
        const char *start = p;
        while (*p && !isspace((unsigned char)*p) && *p != ',')
            p++;
        char tok[32], q[64];
        size_t len = (size_t)(p - start);
        if (len >= sizeof tok)
            return ch_errf(err, CH_EINVAL, "card order: card %d is too long to be a card", k + 1);
        memcpy(tok, start, len);
        tok[len] = '\0';
        if (k >= cap) return ch_errf(err, CH_EINVAL, "card order: more than %d cards", cap);
        if (g->card_parse(tok, &faces[k]) != CH_OK)
            return ch_errf(err, CH_EINVAL, "card order: '%s' (card %d) is not a card of %s",
                           ch_quote(tok, q, sizeof q), k + 1, g->name);
        k++;
    }
    /* An order given but empty is a mistake, not "no order": say so. */
    if (k == 0) return ch_errf(err, CH_EINVAL, "card order: no cards given");
    *n = k;
    return CH_OK;
}

int ch_equal(const ch_game *g, const void *a, const void *b)
{
    return memcmp(a, b, g->state_size) == 0;
}

void ch_clone(const ch_game *g, void *dst, const void *src)
{
    memcpy(dst, src, g->state_size);
}

void ch_census_put(ch_census *c, int zone, int pos, int face, int seen)
{
    /* A census that overflows is a game bug that ch_census_check reports. */
    if (c->n < CH_MAX_CARDS) {
        c->e[c->n].zone = (int16_t)zone;
        c->e[c->n].pos = (int16_t)pos;
        c->e[c->n].face = (int16_t)face;
        c->e[c->n].seen = (uint8_t)(seen != 0);
    }
    c->n++;
}

int ch_census_check(const ch_game *g, const ch_census *c, ch_err *err)
{
    if (c->n > CH_MAX_CARDS)
        return ch_errf(err, CH_EINVAL, "census lists %d cards, more than %d", c->n, CH_MAX_CARDS);
    int count[CH_MAX_CARDS] = {0};
    for (int i = 0; i < c->n; i++) {
        int f = c->e[i].face;
        if (f < 0 || f >= g->n_faces)
            return ch_errf(err, CH_EINVAL, "census: face %d out of range", f);
        count[f]++;
    }
    for (int f = 0; f < g->n_faces; f++) {
        if (count[f] != g->face_copies[f]) {
            char name[32];
            g->card_text(f, name, sizeof name);
            return ch_errf(err, CH_EINVAL, "census: card %s is in %d places, expected %d", name,
                           count[f], g->face_copies[f]);
        }
    }
    /* No two cards at one place: an open-addressing set of (zone, pos),
     * linear time because the harness checks a census at every step. */
    uint32_t slot[4 * CH_MAX_CARDS];
    memset(slot, 0xff, sizeof slot);
    for (int i = 0; i < c->n; i++) {
        uint32_t key = (uint32_t)(uint16_t)c->e[i].zone << 16 | (uint16_t)c->e[i].pos;
        uint32_t h = (key * 2654435761u) >> 22; /* 10 bits: 4 * CH_MAX_CARDS slots */
        while (slot[h] != UINT32_MAX && slot[h] != key)
            h = (h + 1) & (4 * CH_MAX_CARDS - 1);
        if (slot[h] == key)
            return ch_errf(err, CH_EINVAL, "census: two cards at zone %d position %d", c->e[i].zone,
                           c->e[i].pos);
        slot[h] = key;
    }
    return CH_OK;
}
