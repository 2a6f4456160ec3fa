/* See playlog.h. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cardhall/registry.h"
#include "cardhall/table.h"
#include "playlog.h"

void playlog_keep(play_log *l, json_t *m)
{
    json_t *mv = json_object_get(m, "move");
    json_decref(l->last_view);
    l->last_view = json_incref(json_object_get(m, "view"));
    if (!mv) return;
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 256;
        l->v = realloc(l->v, sizeof *l->v * (size_t)l->cap);
        assert_non_null(l->v);
    }
    seen *s = &l->v[l->n++];
    s->move = (int)json_integer_value(mv);
    s->view = json_incref(json_object_get(m, "view"));
    s->events = json_incref(json_object_get(m, "events"));
    /* Every move is announced once, in order, wherever it was made. */
    if (s->move != l->last_move + 1)
        fail_msg("move %d announced after move %d", s->move, l->last_move);
    l->last_move = s->move;
}

void playlog_free(play_log *l)
{
    for (int i = 0; i < l->n; i++) {
        json_decref(l->v[i].view);
        json_decref(l->v[i].events);
    }
    free(l->v);
    json_decref(l->last_view);
    memset(l, 0, sizeof *l);
}

json_t *playlog_events(const ch_game *g, const ch_match *m, int k, int viewer)
{
    return tb_events_as(g, ch_match_state_at(m, k), m->actions[k], viewer, CH_LANG_EN, NULL);
}

const ch_game *playlog_record_match(json_t *rec, ch_match *m)
{
    const ch_game *g = ch_game_find(ch_record_game(rec));
    assert_non_null(g);
    ch_err err;
    if (ch_match_from_record(m, g, rec, &err) != CH_OK) fail_msg("%s", err.msg);
    return g;
}

void playlog_check(const play_log *l, const ch_game *g, const ch_match *m, int seat)
{
    for (int i = 0; i < l->n; i++) {
        const seen *s = &l->v[i];
        if (s->move > m->n_actions) fail_msg("seat %d was told of move %d of %d", seat, s->move, m->n_actions);
        json_t *want = g->view_json(ch_match_state_at(m, s->move), seat);
        if (!json_equal(want, s->view)) fail_msg("%s seat %d move %d: view differs", g->name, seat, s->move);
        json_decref(want);
        want = playlog_events(g, m, s->move - 1, seat);
        if (!json_equal(want, s->events)) fail_msg("%s seat %d move %d: events differ", g->name, seat, s->move);
        json_decref(want);
    }
}

int playlog_terminal(json_t *m)
{
    return json_object_get(json_object_get(m, "status"), "result") != NULL;
}

int playlog_waits_for(json_t *m, int seat)
{
    json_t *w = json_object_get(json_object_get(m, "pause"), "waiting");
    for (size_t i = 0; i < json_array_size(w); i++)
        if (json_integer_value(json_array_get(w, i)) == seat) return 1;
    return 0;
}
