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

static void put(ch_tally *out, int *n, const char *name, double value)
{
    out[*n].name = name;
    out[(*n)++].value = value;
}

/* Designers' figures about a finished game (see ru_state's counters). Counts
 * are per game, so `sim`'s means divide into shares: e.g. knock_hands /
 * hands is the share of hands ended by a knock. There is no undercut in
 * Rumino (E8: everyone scores their own deadwood), so none is counted. */
static int ru_tally(const void *st, ch_tally *out)
{
    const ru_state *s = st;
    int n = 0, k = __builtin_popcount(s->winners);
    int hands =
        s->ends[RU_END_KNOCK] + s->ends[RU_END_GIN] + s->ends[RU_END_RUMINO] + s->ends[RU_END_VOID];
    put(out, &n, "hands", hands);
    put(out, &n, "knock_hands", s->ends[RU_END_KNOCK]);
    put(out, &n, "gin_hands", s->ends[RU_END_GIN]);
    put(out, &n, "rumino_hands", s->ends[RU_END_RUMINO]);
    put(out, &n, "void_hands", s->ends[RU_END_VOID]);
    put(out, &n, "hands_ended_by_first_to_act", s->first_ends);
    put(out, &n, "knockers_deadwood", s->knock_dw);
    put(out, &n, "turns", s->all_turns);
    put(out, &n, "reshuffles", s->reshuffles);
    put(out, &n, "rebuys", s->rebuys);
    put(out, &n, "eliminations", s->eliminated);
    put(out, &n, "end_rumino", s->game_end == RU_GAME_RUMINO);
    put(out, &n, "end_one_survivor", s->game_end == RU_GAME_ONE_SURVIVOR);
    put(out, &n, "end_no_survivor", s->game_end == RU_GAME_NO_SURVIVOR);
    put(out, &n, "end_three_gins", s->game_end == RU_GAME_THREE_GINS);
    /* The pool share of the seat that played first, against a fair 1/n. */
    put(out, &n, "first_player_share", k && (s->winners >> s->first_actor & 1u) ? 1.0 / k : 0.0);
    return n;
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
    ru_events,
    ru_hand_summary,
    ru_explain_illegal,
    NULL, /* warning: no Rumino move loses on the spot */
    ru_rules_text,
    ru_choice_name,
    ru_num_action_ids,
    ru_action_id,
    ru_obs_shape,
    ru_obs,
    NULL, /* upgrade_action: the notation never changed */
    0,    /* old_rules */
    NULL, /* observe_kept: observe alone */
    NULL, /* same_play: a move has one text */
    ru_view_json_lean,
};
