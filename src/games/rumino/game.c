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

/* Designers' figures: how hands end, how often the stock runs out, how
 * many rebuys a game sees. */
static int ru_tally(const void *st, ch_tally *out)
{
    const ru_state *s = st;
    int hands = s->ended[RU_END_KNOCK] + s->ended[RU_END_GIN] + s->ended[RU_END_RUMINO] +
                s->ended[RU_END_VOID];
    out[0] = (ch_tally){"hands_knock", s->ended[RU_END_KNOCK]};
    out[1] = (ch_tally){"hands_gin", s->ended[RU_END_GIN]};
    out[2] = (ch_tally){"hands_rumino", s->ended[RU_END_RUMINO]};
    out[3] = (ch_tally){"hands_void", s->ended[RU_END_VOID]};
    out[4] = (ch_tally){"share_knock", hands ? (double)s->ended[RU_END_KNOCK] / hands : 0};
    out[5] = (ch_tally){"share_gin", hands ? (double)s->ended[RU_END_GIN] / hands : 0};
    out[6] = (ch_tally){"ended_by_rumino", s->ended[RU_END_RUMINO] > 0};
    out[7] = (ch_tally){"reshuffles", s->reshuffles};
    out[8] = (ch_tally){"rebuys", s->rebuys};
    return 9;
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
    ru_tally,
};
