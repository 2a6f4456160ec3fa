/* The Comrade game table and its options. */
#include "cm_internal.h"

const ch_optdesc cm_opts[CM_NOPTS] = {
    {"players", CH_OPT_INT, "5", 3, 5, NULL, NULL,
     "5 (the rule book) or 3 (the single-deck version, CM-V3); 4 is not specified"},
    {"deals", CH_OPT_INT, "auto", 1, CM_MAX_DEALS, NULL, "auto",
     "deals in the series (CM-V4); auto = one per seat (5, or 3 for 3 players)"},
    {"dealer", CH_OPT_INT, "random", 0, CM_SEATS - 1, NULL, "random", "first dealer's seat"},
    {"ace_high", CH_OPT_BOOL, "true", 0, 0, NULL, NULL, "Ace ranks above King (false: CM-V1)"},
    {"safe_bids", CH_OPT_BOOL, "false", 0, 0, NULL, NULL,
     "hide takes that would push the bid total over the target (CM-V2)"},
};

/* 52 play cards, 16 bid cards, 2 jokers. */
const uint8_t cm_face_copies[CM_FACES] = {
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2,
};

const ch_game cm_game = {
    "comrade",
    {"Comrade", "カムレッド"},
    "cooperative trick-taking: the team bids exactly the tricks, each wins exactly its bid",
    3,
    5,
    cm_opts,
    CM_NOPTS,
    sizeof(cm_state),
    21, /* first bidding turn: pass, 16 takes, 4 jokers */
    CM_FACES,
    cm_face_copies,
    cm_setup,
    cm_num_players,
    cm_to_move,
    cm_phase,
    cm_legal,
    cm_apply,
    cm_result,
    cm_action_text,
    cm_action_name,
    cm_card_text,
    cm_card_parse,
    cm_render,
    cm_view_json,
    cm_census,
    cm_resample,
    NULL, /* tally */
};
