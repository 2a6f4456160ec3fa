/* See comrade_kit.h. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "comrade_kit.h"

void cmt_start(cm_state *s, uint64_t seed, const char *kv)
{
    ch_opts o;
    ch_err err;
    ch_opts_defaults(&o, cm_game.opts, cm_game.n_opts);
    if (kv && ch_opts_parse(&o, cm_game.opts, cm_game.n_opts, &kv, 1, &err) != CH_OK)
        fail_msg("%s", err.msg);
    if (ch_setup(&cm_game, s, &o, seed, NULL, 0, &err) != CH_OK) fail_msg("%s", err.msg);
}

void cmt_heuristic_team(ch_bot *bot, const cm_state *s, uint64_t seed)
{
    ch_err err;
    for (int p = 0; p < s->np; p++)
        if (ch_bot_init(&bot[p], &cm_game, "heuristic", seed + (uint64_t)p, &err) != CH_OK)
            fail_msg("%s", err.msg);
}
