/* See ragamaru_kit.h. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "ragamaru_kit.h"

void rgt_table_kv(rg_state *s, int np, const char *const *extra, int nextra)
{
    ch_opts o;
    ch_err err;
    char kv0[16];
    snprintf(kv0, sizeof kv0, "players=%d", np);
    const char *kv[8] = {kv0, "first_player=0"};
    for (int i = 0; i < nextra; i++)
        kv[2 + i] = extra[i];
    if (ch_opts_parse(&o, rg_game.opts, rg_game.n_opts, kv, 2 + nextra, &err) != CH_OK)
        fail_msg("%s", err.msg);
    if (rg_game.setup(s, &o, 1, NULL, 0, &err) != CH_OK) fail_msg("%s", err.msg);
    for (int p = 0; p < np; p++)
        rg_clear_hand(s, p);
    s->phase = RG_PH_PLAY;
    s->turn = 0;
    s->C = RG_R;
    s->N = 0;
    s->T = RG_NONE;
}

void rgt_table(rg_state *s, int np)
{
    rgt_table_kv(s, np, NULL, 0);
}

int rgt_card(const char *t)
{
    int f;
    if (rg_game.card_parse(t, &f) != CH_OK) fail_msg("no card %s", t);
    return f;
}

void rgt_hand(rg_state *s, int p, const char *list)
{
    char buf[256], *save = NULL;
    snprintf(buf, sizeof buf, "%s", list);
    for (char *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save))
        if (!rg_give(s, p, rgt_card(t))) fail_msg("card %s is not available", t);
}

void rgt_top(rg_state *s, const char *c)
{
    int f = rgt_card(c);
    assert_true(rg_put_discard(s, f));
    s->C = (uint8_t)rg_face_colour(f);
    s->N = (uint8_t)rg_face_number(f);
    s->T = (uint8_t)rg_face_type(f);
}

ch_action rgt_parse(const rg_state *s, const char *text)
{
    ch_action a;
    ch_err e;
    if (ch_parse_action(&rg_game, s, text, &a, &e) != CH_OK) fail_msg("%s: %s", text, e.msg);
    return a;
}

void rgt_act(rg_state *s, const char *text)
{
    rg_game.apply(s, rgt_parse(s, text));
}
