/* See harness.h. Every check names the game, seed and step on failure, so a
 * failure can be replayed by hand. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cardhall/bot.h"
#include "cardhall/jsontext.h"
#include "cardhall/match.h"
#include "cardhall/registry.h"
#include "cardhall/table.h"
#include "harness.h"

const int ch_harness_require_sees = 1;

typedef struct ctx {
    const ch_game *g;
    uint64_t seed;
    int step;
    int np;
    const ch_opts *opts;
    /* Learning hooks (issue 26): the declared sizes, and for each id the
     * words of the first text seen for it, so one id must mean one move in
     * every state of the run. */
    int n_ids, obs_size;
    uint64_t *id_text; /* a hash of the text, 0: not seen yet */
} ctx;

/* A game with an events hook has taken up the issue-16 viewers, the
 * spectator among them (table.h: tb_has_spectator). */
static int sees(const ch_game *g)
{
    return tb_has_spectator(g);
}

static void failf(const ctx *c, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    fail_msg("%s seed %llu step %d: %s", c->g->name, (unsigned long long)c->seed, c->step, msg);
}

static int json_same(json_t *a, json_t *b)
{
    int same = json_equal(a, b);
    json_decref(a);
    json_decref(b);
    return same;
}

static void check_census(const ctx *c, const void *st, int viewer, ch_census *out)
{
    ch_err err;
    out->viewer = viewer;
    out->n = 0;
    c->g->census(st, viewer, out);
    if (ch_census_check(c->g, out, &err) != CH_OK) failf(c, "viewer %d: %s", viewer, err.msg);
}

static int by_place(const void *pa, const void *pb)
{
    const ch_census_entry *a = pa, *b = pb;
    if (a->zone != b->zone) return a->zone - b->zone;
    return a->pos - b->pos;
}

/* A resample for viewer keeps every card the viewer has seen where it is,
 * and only reshuffles unseen cards among the same unseen places. */
static void check_resample_census(const ctx *c, ch_census *orig, ch_census *res, int viewer)
{
    qsort(orig->e, (size_t)orig->n, sizeof orig->e[0], by_place);
    qsort(res->e, (size_t)res->n, sizeof res->e[0], by_place);
    if (orig->n != res->n) failf(c, "resample for %d changed the card count", viewer);
    for (int i = 0; i < orig->n; i++) {
        ch_census_entry *a = &orig->e[i], *b = &res->e[i];
        if (a->zone != b->zone || a->pos != b->pos || a->seen != b->seen)
            failf(c, "resample for %d moved places: zone %d pos %d", viewer, a->zone, a->pos);
        if (a->seen && a->face != b->face)
            failf(c, "resample for %d changed a seen card at zone %d pos %d", viewer, a->zone,
                  a->pos);
    }
}

/* The end-of-hand summary a viewer reads depends on nothing it cannot know. */
static void check_summary(const ctx *c, const void *st, const void *resampled, int viewer)
{
    if (!c->g->hand_summary) return;
    ch_lang lang = c->step % 2 ? CH_LANG_JA : CH_LANG_EN;
    char *a = tb_hand_summary(c->g, st, viewer, lang);
    char *b = tb_hand_summary(c->g, resampled, viewer, lang);
    int same = (!a && !b) || (a && b && strcmp(a, b) == 0);
    if (!same)
        failf(c, "hand summary for %d differs after resampling: '%.200s'", viewer, a ? a : "");
    free(a);
    free(b);
}

/* The names of the mover's choices, as the mover, another seat or the
 * spectator is shown them, are the same in a state resampled from that
 * viewer's view: they name no card hidden from it. Costly (tb_choice_name resamples too): every 4th
 * deep step. */
static void check_choice_names(const ctx *c, const void *st, const void *resampled, int viewer)
{
    const ch_game *g = c->g;
    int mover = g->to_move(st);
    /* The mover's own names are checked only for games with the issue-16
     * hooks: older ones name a knock by every hand's score. */
    if (mover == CH_TERMINAL || (viewer == mover && !sees(g)) || c->step % 4) return;
    ch_action *acts = malloc(sizeof *acts * (size_t)g->max_actions);
    int n = g->legal(st, acts);
    char a[512], b[512];
    for (int i = 0; i < n; i++) {
        if (!ch_is_legal(g, resampled, acts[i])) continue;
        tb_choice_name(g, st, acts[i], viewer, CH_LANG_EN, a, sizeof a);
        tb_choice_name(g, resampled, acts[i], viewer, CH_LANG_EN, b, sizeof b);
        if (strcmp(a, b) != 0)
            failf(c, "seat %d's choice is named for viewer %d as '%s' or '%s' by hidden cards",
                  mover, viewer, a, b);
    }
    free(acts);
}

/* Writes viewer's observation tensor to out (obs_size floats and a guard
 * after them): every float is written, finite, and nothing past the end. */
static void observe_checked(const ctx *c, const void *st, int viewer, float *out)
{
    const float guard = 12345.0f;
    for (int i = 0; i < c->obs_size; i++)
        out[i] = NAN;
    for (int i = 0; i < 8; i++)
        out[c->obs_size + i] = guard;
    c->g->observe(st, viewer, out);
    for (int i = 0; i < c->obs_size; i++)
        if (!isfinite(out[i]))
            failf(c, "observation for %d: entry %d is not written or not finite", viewer, i);
    for (int i = 0; i < 8; i++)
        if (out[c->obs_size + i] != guard)
            failf(c, "observation for %d writes past its declared size %d", viewer, c->obs_size);
}

/* The tensor holds only what viewer may know: a resample from viewer's view
 * gives the very same floats. */
static void check_observe_resample(const ctx *c, const void *st, const void *resampled, int viewer)
{
    if (!c->g->observe) return;
    size_t bytes = sizeof(float) * (size_t)(c->obs_size + 8);
    float *a = malloc(bytes), *b = malloc(bytes);
    observe_checked(c, st, viewer, a);
    observe_checked(c, resampled, viewer, b);
    for (int i = 0; i < c->obs_size; i++)
        if (a[i] != b[i])
            failf(c,
                  "observation for %d differs after resampling at entry %d (%g / %g): it "
                  "holds something the viewer cannot know",
                  viewer, i, (double)a[i], (double)b[i]);
    free(a);
    free(b);
}

static int by_word(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* A hash of the words of an action text in sorted order: one move may list
 * its cards in the order the state makes canonical (RAGAMARU's cards below
 * the top), and is the same move in any order. Never 0. */
static uint64_t words_hash(const char *text)
{
    char copy[256], *words[64], *save = NULL;
    int n = 0;
    snprintf(copy, sizeof copy, "%s", text);
    for (char *w = strtok_r(copy, " ", &save); w && n < 64; w = strtok_r(NULL, " ", &save))
        words[n++] = w;
    qsort(words, (size_t)n, sizeof words[0], by_word);
    uint64_t h = 1469598103934665603u; /* FNV-1a */
    for (int i = 0; i < n; i++)
        for (const char *p = words[i];; p++) {
            h = (h ^ (unsigned char)*p) * 1099511628211u;
            if (!*p) break;
        }
    return h ? h : 1;
}

/* Action ids (issue 26): every legal action's id is in range and unique in
 * the state, ch_action_of_id gives the action back, its text parses back to
 * it, and an id always names the same text (one id, one move, in every
 * state). Ids that are not legal are refused. */
static void check_action_ids(const ctx *c, const void *st, const ch_action *acts, int n, int deep)
{
    const ch_game *g = c->g;
    if (!g->action_id) return;
    ch_action *buf = malloc(sizeof *buf * (size_t)g->max_actions);
    int *ids = malloc(sizeof *ids * (size_t)n);
    char text[256];
    ch_err err;
    for (int i = 0; i < n; i++) {
        int id = ids[i] = g->action_id(st, acts[i]);
        if (id < 0 || id >= c->n_ids) failf(c, "action id %d out of range 0..%d", id, c->n_ids - 1);
        for (int j = 0; j < i; j++)
            if (ids[j] == id) failf(c, "two legal actions share id %d", id);
    }
    /* Round trips cost a legal list (and a parse, all the texts) each: every
     * action at deep steps, one at the others. */
    ch_rng mine; /* its own stream: the games played stay those of before issue 26 */
    ch_rng_seed(&mine, c->seed * 1000003u + (uint64_t)c->step, 0x1d5u);
    int one = (int)ch_rng_below(&mine, (uint32_t)n);
    for (int i = deep ? 0 : one; i < (deep ? n : one + 1); i++) {
        int id = ids[i];
        ch_action back;
        if (ch_action_of_id(g, st, id, buf, &back, &err) != CH_OK || back != acts[i])
            failf(c, "ch_action_of_id(%d) does not give the action back", id);
        g->action_text(st, back, text, sizeof text);
        ch_action parsed;
        if (ch_parse_action(g, st, text, &parsed, &err) != CH_OK || parsed != back)
            failf(c, "the text '%s' of id %d does not parse back to its action", text, id);
        if (c->id_text) {
            uint64_t h = words_hash(text);
            if (!c->id_text[id]) c->id_text[id] = h;
            if (c->id_text[id] != h)
                failf(c, "id %d is '%s' here but named another move before", id, text);
        }
    }
    /* The mask equals the legal list: ids not among the legal ones are
     * refused (a few random ones each step; ch_action_of_id is one generic
     * scan, so more would check the same code again). */
    for (int t = 0; t < (deep ? 16 : 2); t++) {
        int id = (int)ch_rng_below(&mine, (uint32_t)c->n_ids);
        int legal = 0;
        for (int i = 0; i < n; i++)
            legal |= ids[i] == id;
        ch_action back;
        if (!legal && ch_action_of_id(g, st, id, buf, &back, &err) != CH_EILLEGAL)
            failf(c, "id %d is not legal here but ch_action_of_id accepts it", id);
    }
    free(ids);
    free(buf);
}

/* game.h's view_json_lean: the whole view is the lean one with "last_hand"
 * written last, byte for byte, and that record is seat 0's too (the server
 * keeps one text of it for every viewer). */
static void check_view_lean(const ctx *c, const void *st, int viewer)
{
    const ch_game *g = c->g;
    if (!g->view_json_lean) return;
    json_t *full = g->view_json(st, viewer), *lean = g->view_json_lean(st, viewer),
           *first = g->view_json(st, 0);
    json_t *last = json_object_get(full, "last_hand");
    if (!last || !json_equal(last, json_object_get(first, "last_hand")))
        failf(c, "the last hand's record in %d's view is missing or not seat 0's", viewer);
    size_t nf, nl;
    tb_text h = TB_TEXT_INIT; /* a record may be null, which json_dumps refuses */
    char *f = tb_json_dumps(full, &nf), *l = tb_json_dumps(lean, &nl);
    tb_json_append(&h, last);
    char *want = malloc(nl + h.len + 16);
    if (!f || !l || h.failed || !want || nl < 2) failf(c, "view of %d: no text", viewer);
    int empty = nl == 2;
    size_t n =
        (size_t)sprintf(want, "%.*s%s\"last_hand\":%s}", (int)nl - 1, l, empty ? "" : ",", h.p);
    if (n != nf || memcmp(want, f, n) != 0)
        failf(c, "view of %d is not its lean view with the last hand's record last:\n %s\n %s",
              viewer, f, want);
    free(f);
    free(l);
    free(h.p);
    free(want);
    json_decref(full);
    json_decref(lean);
    json_decref(first);
}

static void check_resample(const ctx *c, const void *st, int viewer, ch_rng *rng, void *scratch)
{
    const ch_game *g = c->g;
    memcpy(scratch, st, g->state_size);
    g->resample(scratch, viewer, rng);
    if (!json_same(g->view_json(st, viewer), g->view_json(scratch, viewer)))
        failf(c,
              "view of player %d differs after resampling: the view leaks hidden information "
              "or the resample breaks it",
              viewer);
    if (g->to_move(scratch) != g->to_move(st) || strcmp(g->phase(scratch), g->phase(st)) != 0)
        failf(c, "resample for %d changed the player to move or the phase", viewer);
    check_summary(c, st, scratch, viewer);
    /* The board a viewer is shown (terminal, server) names nothing hidden
     * from it either: every fourth deep step, it is costly. */
    if (c->step % 16 == 0) check_view_lean(c, st, viewer); /* test_statetext does more */
    if (c->step % 4 == 0) {
        ch_lang lang = c->step % 8 ? CH_LANG_EN : CH_LANG_JA;
        char *a = tb_render(g, st, viewer, lang), *b = tb_render(g, scratch, viewer, lang);
        if (!a || !b || strcmp(a, b) != 0) {
            /* Name the first line that differs. */
            size_t i = 0, l = 0;
            while (a && b && a[i] && a[i] == b[i])
                if (a[i++] == '\n') l = i;
            failf(c, "the board for %d differs after resampling at '%.*s' / '%.*s'", viewer,
                  (int)strcspn(a ? a + l : "", "\n"), a ? a + l : "",
                  (int)strcspn(b ? b + l : "", "\n"), b ? b + l : "");
        }
        free(a);
        free(b);
    }
    check_choice_names(c, st, scratch, viewer);
    check_observe_resample(c, st, scratch, viewer);
    static ch_census a, b;
    check_census(c, st, viewer, &a);
    check_census(c, scratch, viewer, &b);
    check_resample_census(c, &a, &b, viewer);
    /* A resampled state must be playable: every legal action applies. */
    if (g->to_move(scratch) != CH_TERMINAL) {
        ch_action *acts = malloc(sizeof *acts * (size_t)g->max_actions);
        int n = g->legal(scratch, acts);
        if (n <= 0) failf(c, "resampled state for %d has no legal action", viewer);
        void *tmp = malloc(g->state_size);
        memcpy(tmp, scratch, g->state_size);
        g->apply(tmp, acts[ch_rng_below(rng, (uint32_t)n)]);
        free(tmp);
        free(acts);
    }
}

/* Per face, whether viewer knows where a card of it is. */
static void known_faces(const ctx *c, const void *st, int viewer, unsigned char *known)
{
    static ch_census cen;
    check_census(c, st, viewer, &cen);
    for (int i = 0; i < cen.n; i++)
        if (cen.e[i].seen && cen.e[i].face >= 0 && cen.e[i].face < CH_MAX_CARDS)
            known[cen.e[i].face] = 1;
}

/* Faces named in the cards of every seat's events for before -a->: what the
 * action shows the whole table (a discard that ends the hand, a raid's draw
 * turned face up and back), which a spectator may hear of even when no view
 * after it still shows the card. */
static void told_to_all(const ctx *c, const void *before, ch_action a, unsigned char *all)
{
    const ch_game *g = c->g;
    memset(all, 1, CH_MAX_CARDS);
    for (int v = 0; v < c->np; v++) {
        unsigned char told[CH_MAX_CARDS] = {0};
        json_t *evs = g->events(before, a, v, CH_LANG_EN);
        size_t i, j;
        json_t *ev, *card;
        json_array_foreach(evs, i, ev)
        {
            json_array_foreach(json_object_get(ev, "cards"), j, card)
            {
                int face;
                const char *t = json_string_value(card);
                if (t && g->card_parse(t, &face) == CH_OK && face >= 0 && face < CH_MAX_CARDS)
                    told[face] = 1;
            }
        }
        json_decref(evs);
        for (int f = 0; f < CH_MAX_CARDS; f++)
            all[f] &= told[f];
    }
}

/* Every seat's, the spectator's and the omniscient events of before -a->
 * after are well formed, and every card they name is one the viewer knew of
 * before the action or after it, or one the action told every seat. A card
 * name the game's stateless card_parse does not take (Babasuki names cards
 * by the deck's type and No) is not checked here; that game's own test
 * (test_babasuki_seen) checks its events against what each viewer knows. */
static void check_events(const ctx *c, const void *before, ch_action a, const void *after)
{
    const ch_game *g = c->g;
    if (!g->events) return;
    unsigned char all[CH_MAX_CARDS];
    told_to_all(c, before, a, all);
    for (int v = CH_SPECTATOR; v < c->np; v++) {
        ch_lang lang = (c->step + v) % 2 ? CH_LANG_JA : CH_LANG_EN;
        json_t *evs = g->events(before, a, v, lang);
        if (!json_is_array(evs) || json_array_size(evs) == 0)
            failf(c, "events for viewer %d: not a non-empty array", v);
        unsigned char known[CH_MAX_CARDS];
        memcpy(known, all, sizeof known);
        if (v != CH_ALL) {
            known_faces(c, before, v, known);
            known_faces(c, after, v, known);
        }
        size_t i, j;
        json_t *ev, *card;
        json_array_foreach(evs, i, ev)
        {
            if (!json_is_string(json_object_get(ev, "type")) ||
                !json_is_string(json_object_get(ev, "text")))
                failf(c, "event %zu for viewer %d has no type or text", i, v);
            json_t *cards = json_object_get(ev, "cards");
            if (cards && !json_is_array(cards)) failf(c, "event %zu: cards is not an array", i);
            json_array_foreach(cards, j, card)
            {
                int face;
                const char *t = json_string_value(card);
                if (!t) failf(c, "event %zu for viewer %d: a card that is not a string", i, v);
                if (g->card_parse(t, &face) != CH_OK) continue;
                if (v != CH_ALL && (face < 0 || face >= CH_MAX_CARDS || !known[face]))
                    failf(c, "event %zu ('%s') names %s, which viewer %d cannot know", i,
                          json_string_value(json_object_get(ev, "text")), t, v);
            }
        }
        json_decref(evs);
    }
}

/* game.h's view_json_lean: the last hand's record changes only when a hand
 * ends, so the table server keeps its text from one hand's end to the next. */
static void check_last_hand_kept(const ctx *c, const void *before, const void *after)
{
    const ch_game *g = c->g;
    if (!g->view_json_lean) return;
    ch_result rb, ra;
    g->result(before, &rb);
    g->result(after, &ra);
    if (ra.hands != rb.hands) return;
    json_t *vb = g->view_json(before, 0), *va = g->view_json(after, 0);
    if (!json_equal(json_object_get(vb, "last_hand"), json_object_get(va, "last_hand")))
        failf(c, "the last hand's record changed though no hand ended (%d done)", ra.hands);
    json_decref(vb);
    json_decref(va);
}

/* The history each seat and the spectator are given never carries the
 * notation of a move another seat made. */
static void check_history(const ctx *c, const ch_match *m)
{
    for (int v = sees(c->g) ? CH_SPECTATOR : 0; v < c->np; v++) {
        if (v == CH_ALL) continue;
        json_t *moves = tb_history_json(m, v, CH_LANG_EN), *mv;
        size_t k;
        if ((int)json_array_size(moves) != m->n_actions)
            failf(c, "history for %d has %zu moves, not %d", v, json_array_size(moves),
                  m->n_actions);
        json_array_foreach(moves, k, mv)
        {
            int seat = (int)json_integer_value(json_object_get(mv, "seat"));
            if (seat != v && json_object_get(mv, "action"))
                failf(c, "history for %d shows move %zu's notation by seat %d", v, k + 1, seat);
        }
        json_decref(moves);
    }
}

static void check_record(const ctx *c, const ch_match *m)
{
    ch_match r;
    ch_err err;
    json_t *rec = ch_match_record(m);
    /* Through text, as a file would carry it. */
    char *text = json_dumps(rec, 0);
    json_error_t je;
    json_t *back = json_loads(text, 0, &je);
    free(text);
    json_decref(rec);
    if (!back) failf(c, "record is not valid JSON: %s", je.text);
    if (ch_match_from_record(&r, c->g, back, &err) != CH_OK) failf(c, "record: %s", err.msg);
    json_decref(back);
    if (!ch_equal(c->g, ch_match_state(&r), ch_match_state(m)))
        failf(c, "replayed record does not reach the same state");
    ch_match_free(&r);
}

static void check_step(const ctx *c, ch_match *m, ch_action *acts, int n, int deep, ch_rng *rng,
                       void *scratch)
{
    const ch_game *g = c->g;
    const void *st = ch_match_state(m);
    int np = g->num_players(st);
    ch_err err;
    char buf[256];

    /* Clone. */
    memcpy(scratch, st, g->state_size);
    if (!ch_equal(g, scratch, st)) failf(c, "clone differs");

    /* An illegal action is rejected and changes nothing. */
    ch_action bad = (ch_action)ch_rng_next64(rng);
    int is_legal = 0;
    for (int i = 0; i < n; i++)
        is_legal |= acts[i] == bad;
    if (!is_legal) {
        if (ch_apply(g, scratch, bad, &err) == CH_OK) failf(c, "illegal action accepted");
        if (!ch_equal(g, scratch, st)) failf(c, "rejected action changed the state");
    }

    /* Action ids at every step; the mover's tensor is whole and finite (every
     * viewer's, and against resamples, at deep steps: check_resample). */
    check_action_ids(c, st, acts, n, deep);
    if (g->observe && !deep) {
        float *obs = malloc(sizeof *obs * (size_t)(c->obs_size + 8));
        observe_checked(c, st, g->to_move(st), obs);
        free(obs);
    }

    /* Census from every point of view. */
    static ch_census cen;
    check_census(c, st, CH_ALL, &cen);
    if (!deep) return;
    for (int p = 0; p < np; p++)
        check_census(c, st, p, &cen);

    /* Every legal action applies and its text parses back to it. */
    for (int i = 0; i < n; i++) {
        ch_action back;
        g->action_text(st, acts[i], buf, sizeof buf);
        if (ch_parse_action(g, st, buf, &back, &err) != CH_OK || back != acts[i])
            failf(c, "action text '%s' does not parse back to its action", buf);
        g->action_name(st, acts[i], g->to_move(st), CH_LANG_EN, buf, sizeof buf);
        g->action_name(st, acts[i], CH_ALL, CH_LANG_JA, buf, sizeof buf);
        memcpy(scratch, st, g->state_size);
        g->apply(scratch, acts[i]);
    }
    for (int i = 1; i < n; i++)
        for (int j = 0; j < i; j++)
            if (acts[i] == acts[j]) failf(c, "action listed twice");

    /* Views leak nothing a resample could change; resamples keep the view. */
    for (int p = 0; p < np; p++)
        check_resample(c, st, p, rng, scratch);
    if (sees(g)) {
        check_census(c, st, CH_SPECTATOR, &cen);
        check_resample(c, st, CH_SPECTATOR, rng, scratch);
    }
    json_decref(g->view_json(st, CH_ALL));
}

/* The rules text exists in both languages as valid UTF-8, when the game has it. */
static void check_rules_text(const ctx *c, const ch_opts *o)
{
    if (!c->g->rules_text) return;
    for (int l = 0; l < CH_NLANGS; l++) {
        char *t = tb_rules_text(c->g, o, (ch_lang)l);
        json_t *j = t ? json_string(t) : NULL;
        if (!j || !t[0]) failf(c, "rules text (lang %d) is empty or not UTF-8", l);
        json_decref(j);
        free(t);
    }
}

/* The learning hooks come all four or none; their sizes are positive and the
 * same for every game of one run (one set of options). */
static void learn_sizes(ctx *c, int *run_ids)
{
    const ch_game *g = c->g;
    int have = !!g->num_action_ids + !!g->action_id + !!g->obs_shape + !!g->observe;
    if (have != 0 && have != 4) failf(c, "%d of the 4 learning hooks are set", have);
    if (!have) return;
    c->n_ids = g->num_action_ids(c->opts);
    if (c->n_ids < 1) failf(c, "num_action_ids %d", c->n_ids);
    if (*run_ids >= 0 && *run_ids != c->n_ids) failf(c, "num_action_ids changed within a run");
    *run_ids = c->n_ids;
    int dims[CH_OBS_RANK + 1] = {0};
    int rank = g->obs_shape(c->opts, dims);
    if (rank < 1 || rank > CH_OBS_RANK) failf(c, "obs_shape gives rank %d", rank);
    c->obs_size = 1;
    for (int i = 0; i < rank; i++) {
        if (dims[i] < 1) failf(c, "obs_shape dimension %d is %d", i, dims[i]);
        c->obs_size *= dims[i];
    }
}

int ch_harness_scaled(int n)
{
    const char *scale = getenv("CH_HARNESS_SCALE");
    int k = scale ? atoi(scale) : 1;
    return k > 1 ? (n + k - 1) / k : n;
}

long ch_harness_run(const ch_harness_cfg *cfg)
{
    const ch_game *g = cfg->game;
    int games = ch_harness_scaled(cfg->games);
    int max_steps = cfg->max_steps > 0 ? cfg->max_steps : 100000;
    int deep_every = cfg->deep_every > 0 ? cfg->deep_every : 1;
    long total = 0;
    ch_action *acts = malloc(sizeof *acts * (size_t)g->max_actions);
    void *scratch = malloc(g->state_size > 65536 ? g->state_size : 65536);
    char *text = malloc(65536);
    assert_non_null(acts);
    assert_non_null(scratch);
    const char *req = getenv("CH_HARNESS_REQUIRE_SEES");
    /* Required of the games in the tree, not of the tests' toy games. */
    if ((ch_harness_require_sees || (req && strcmp(req, "1") == 0)) && ch_game_find(g->name) == g) {
        if (!g->events || !g->hand_summary || !g->explain_illegal || !g->rules_text)
            fail_msg("%s: a hook of issue 16 is NULL (events %d, hand_summary %d, "
                     "explain_illegal %d, rules_text %d)",
                     g->name, !!g->events, !!g->hand_summary, !!g->explain_illegal,
                     !!g->rules_text);
        /* Issue 26: every game in the tree has its action ids and tensor. */
        if (!g->num_action_ids || !g->action_id || !g->obs_shape || !g->observe)
            fail_msg("%s: a learning hook of issue 26 is NULL", g->name);
    }

    uint64_t *id_text = NULL; /* one table for every game of the run: same options */
    int n_ids = -1;
    for (int gi = 0; gi < games; gi++) {
        ctx c = {g, cfg->seed + (uint64_t)gi, 0, 0, NULL, 0, 0, id_text};
        ch_match m;
        ch_err err;
        if (ch_match_init(&m, g, cfg->kv, cfg->nkv, c.seed, NULL, 0, &err) != CH_OK)
            failf(&c, "setup: %s", err.msg);
        c.np = g->num_players(ch_match_state(&m));
        c.opts = &m.opts;
        learn_sizes(&c, &n_ids);
        if (!id_text && n_ids > 0 && n_ids <= 1 << 20)
            id_text = c.id_text = calloc((size_t)n_ids, sizeof *id_text);
        check_rules_text(&c, &m.opts);
        ch_rng rng;
        ch_rng_seed(&rng, c.seed, 0x4a11u);
        ch_bot bot;
        if (cfg->bot && ch_bot_init(&bot, g, cfg->bot, c.seed, &err) != CH_OK)
            failf(&c, "bot: %s", err.msg);
        while (g->to_move(ch_match_state(&m)) != CH_TERMINAL && c.step < max_steps) {
            const void *st = ch_match_state(&m);
            int mover = g->to_move(st);
            if (mover < 0 || mover >= g->num_players(st)) failf(&c, "bad player to move %d", mover);
            int n = g->legal(st, acts);
            if (n <= 0 || n > g->max_actions) failf(&c, "%d legal actions", n);
            int deep = c.step % deep_every == 0;
            check_step(&c, &m, acts, n, deep, &rng, scratch);
            if (deep) g->render(st, mover, c.step % 2 ? CH_LANG_JA : CH_LANG_EN, text, 65536);
            ch_action a = acts[ch_rng_below(&rng, (uint32_t)n)];
            if (cfg->bot && (int)ch_rng_below(&rng, 100) >= cfg->explore)
                a = ch_bot_act(&bot, st, mover);
            memcpy(scratch, st, g->state_size);
            if (ch_match_apply(&m, a, &err) != CH_OK)
                failf(&c, "legal action refused: %s", err.msg);
            /* Undo restores the previous state exactly, then redo. */
            if (ch_match_undo(&m, &err) != CH_OK || !ch_equal(g, ch_match_state(&m), scratch))
                failf(&c, "undo does not restore the previous state");
            if (ch_match_apply(&m, a, &err) != CH_OK) failf(&c, "redo refused: %s", err.msg);
            if (deep && c.step % 2 == 0) check_events(&c, scratch, a, ch_match_state(&m));
            if (deep && c.step % 8 == 0) check_last_hand_kept(&c, scratch, ch_match_state(&m));
            c.step++;
            if (deep && c.step % (deep_every * 50) == 0) check_record(&c, &m);
        }
        const void *st = ch_match_state(&m);
        if (g->to_move(st) == CH_TERMINAL) {
            ch_result r;
            g->result(st, &r);
            if (!r.terminal) failf(&c, "terminal state whose result is not terminal");
            for (int p = 0; p < r.n_players; p++)
                if (r.rank[p] < 1 || r.rank[p] > r.n_players) failf(&c, "bad rank %d", r.rank[p]);
            for (int p = 0; p < r.n_players; p++)
                check_resample(&c, st, p, &rng, scratch);
        }
        check_record(&c, &m);
        /* Histories take every move's events for every viewer: each fourth
         * game is enough to see a leak, and keeps the suite's time. */
        if (gi % 4 == 0) check_history(&c, &m);
        total += c.step;
        ch_match_free(&m);
    }
    free(acts);
    free(scratch);
    free(text);
    free(id_text);
    return total;
}

void *ch_harness_new_state(const ch_game *g, const char *const *kv, int nkv, uint64_t seed)
{
    ch_opts o;
    ch_err err;
    ch_opts_defaults(&o, g->opts, g->n_opts);
    if (ch_opts_parse(&o, g->opts, g->n_opts, kv, nkv, &err) != CH_OK)
        fail_msg("%s: %s", g->name, err.msg);
    void *st = malloc(g->state_size);
    assert_non_null(st);
    if (ch_setup(g, st, &o, seed, NULL, 0, &err) != CH_OK) fail_msg("%s: %s", g->name, err.msg);
    ch_opts_free_data(&o);
    return st;
}
