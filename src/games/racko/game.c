/* Rack-O as a ch_game: the option table and the interface glue. */
#include "cardhall/racko.h"
#include "internal.h"

static const char *const two_player_rules[] = {"none", "optional_declare", "run_required", NULL};
static const char *const tie_rules[] = {"shared", "play_on", NULL};

static const ch_optdesc rk_opts[RK_NOPTS] = {
    {"players", CH_OPT_INT, "2", 2, 4, NULL, NULL, "number of players (deck 1-40, 1-50, 1-60)"},
    {"target_score", CH_OPT_INT, "500", 1, 30000, NULL, NULL, "the game ends at this total"},
    {"first_dealer", CH_OPT_INT, "random", 0, 3, NULL, "random",
     "seat that deals first (random: highest card of a draw deals)"},
    {"bonus_racko", CH_OPT_BOOL, "false", 0, 0, NULL, NULL,
     "Bonus Rack-O: the declarer scores extra for a run of 3+"},
    {"two_player_rule", CH_OPT_ENUM, "none", 0, 0, two_player_rules, NULL,
     "2 players only: declaring optional, or a run of 3 required"},
    {"partnership", CH_OPT_BOOL, "false", 0, 0, NULL, NULL,
     "4 players only: seats 0+2 against 1+3, team totals decide"},
    {"tie_rule", CH_OPT_ENUM, "shared", 0, 0, tie_rules, NULL,
     "a tie for the highest total: shared win, or play on"},
    {"max_turns_per_round", CH_OPT_INT, "none", 1, 30000, NULL, "none",
     "a round with this many turns and no declaration is void (simulations)"},
};

/* Faces are the card numbers; face 0 is not a card. */
static const uint8_t rk_copies[RK_MAX_CARD + 1] = {
    0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
};

static int rk_num_players(const void *st)
{
    return ((const rk_state *)st)->n;
}

static int rk_to_move(const void *st)
{
    const rk_state *s = st;
    return s->phase == RK_PH_OVER ? CH_TERMINAL : s->turn;
}

/* Designers' figures: how often rounds run dry or end without a Rack-O. */
static int rk_tally(const void *st, ch_tally *out)
{
    const rk_state *s = st;
    out[0] = (ch_tally){"void_rounds", s->void_rounds};
    out[1] = (ch_tally){"deck_turnovers", s->turnovers};
    out[2] = (ch_tally){"turnovers_per_round", s->hands ? (double)s->turnovers / s->hands : 0};
    return 3;
}

static const char *rk_phase(const void *st)
{
    static const char *const names[] = {"draw", "swap", "swap-or-discard", "declare", "over"};
    return names[((const rk_state *)st)->phase];
}

const ch_game rk_game = {
    .name = "racko",
    .title = {"Rack-O", "ラックオー"},
    .summary = "put ten numbered cards in rising order before anyone else; first to 500",
    .min_players = 2,
    .max_players = RK_MAX_PLAYERS,
    .opts = rk_opts,
    .n_opts = RK_NOPTS,
    .state_size = sizeof(rk_state),
    .max_actions = RK_SLOTS + 1,
    .n_faces = RK_MAX_CARD + 1,
    .face_copies = rk_copies,
    .setup = rk_setup,
    .num_players = rk_num_players,
    .to_move = rk_to_move,
    .phase = rk_phase,
    .legal = rk_legal,
    .apply = rk_apply,
    .result = rk_result,
    .action_text = rk_action_text,
    .action_name = rk_action_name,
    .card_text = rk_card_text,
    .card_parse = rk_card_parse,
    .render = rk_render,
    .view_json = rk_view_json,
    .census = rk_census,
    .resample = rk_resample,
    .tally = rk_tally,
    .events = rk_events,
    .hand_summary = rk_hand_summary,
    .explain_illegal = rk_explain_illegal,
    .warning = NULL, /* no Rack-O move loses on the spot */
    .rules_text = rk_rules_text,
    .choice_name = rk_choice_name,
    .num_action_ids = rk_num_action_ids,
    .action_id = rk_action_id,
    .obs_shape = rk_obs_shape,
    .observe = rk_obs,
    .view_json_lean = rk_view_json_lean,
};
