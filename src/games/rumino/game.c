/* The Rumino ch_game table. */
#include "internal.h"

static int ru_num_players(const void *st)
{
    return ((const ru_state *)st)->np;
}

static int ru_to_move(const void *st)
{
    const ru_state *s = st;
    return s->phase == RU_PH_OVER ? CH_TERMINAL : s->to_move;
}

const ch_game ru_game = {
    "rumino",
    {"Rumino", "ルーミノ"},
    "gin rummy with two decks and jokers: knock, gin or rumino; out at 100, rebuys and a pool",
    2,
    RU_MAX_PLAYERS,
    ru_opts,
    RU_NOPTS,
    sizeof(ru_state),
    RU_MAX_ACTIONS,
    RU_NFACES,
    ru_face_copies,
    ru_setup,
    ru_num_players,
    ru_to_move,
    ru_phase_name,
    ru_legal,
    ru_apply,
    ru_result,
    ru_action_text,
    ru_action_name,
    ru_card_text,
    ru_card_parse,
    ru_render,
    ru_view_json,
    ru_census,
    ru_resample,
    NULL, /* tally */
};
