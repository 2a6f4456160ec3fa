/* The Comrade game table and its options. */
#include "internal.h"

const ch_optdesc cm_opts[CM_NOPTS] = {
    {"players", CH_OPT_INT, "5", 3, 5, NULL, NULL,
     "5 (the rule book) or 3 (the single-deck version); 4 is not specified"},
    {"deals", CH_OPT_INT, "auto", 1, CM_MAX_DEALS, NULL, "auto",
     "deals in the series; auto = one per seat (5, or 3 for 3 players)"},
    {"dealer", CH_OPT_INT, "random", 0, CM_SEATS - 1, NULL, "random", "first dealer's seat"},
    {"ace_high", CH_OPT_BOOL, "true", 0, 0, NULL, NULL, "Ace ranks above King (false: Ace low)"},
    {"safe_bids", CH_OPT_BOOL, "false", 0, 0, NULL, NULL,
     "hide takes that would push the bid total over the target"},
};

/* Figures over the finished series: the share of its deals won, ended in
 * bidding, lost in play, and by each reason; for a five-deal series, its
 * label as 0/1 each, so sim's means read as the label distribution. */
static int cm_tally(const void *st, ch_tally *out)
{
    static const char *const reasons[] = {"bid_over_10",      "all_passed", "no_fitting_bid",
                                          "rounds_exhausted", "wrong_suit", "over_bid"};
    static const char *const labels[] = {"label_low",  "label_bad",   "label_average",
                                         "label_good", "label_great", "label_excellent"};
    const cm_state *s = st;
    int n = 0, by[CM_OVER_BID + 1] = {0};
    double deals = s->deal ? s->deal : 1;
    for (int d = 0; d < s->deal; d++)
        by[s->res[d]]++;
    out[n++] = (ch_tally){"success", by[CM_WIN] / deals};
    out[n++] = (ch_tally){
        "ended_in_bidding",
        (by[CM_BID_OVER] + by[CM_ALL_PASSED] + by[CM_NO_FITTING] + by[CM_ROUNDS_OVER]) / deals};
    out[n++] = (ch_tally){"lost_in_play", (by[CM_WRONG_SUIT] + by[CM_OVER_BID]) / deals};
    for (int r = CM_BID_OVER; r <= CM_OVER_BID; r++)
        out[n++] = (ch_tally){reasons[r - CM_BID_OVER], by[r] / deals};
    if (s->ndeals == 5)
        for (int w = 0; w <= 5; w++)
            out[n++] = (ch_tally){labels[w], s->wins == w};
    return n;
}

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
    cm_tally,
    cm_events,
    cm_hand_summary,
    cm_explain_illegal,
    cm_warning,
    cm_rules_text,
    NULL, /* choice_name: action_name names no outcome */
    cm_num_action_ids,
    cm_action_id,
    cm_obs_shape,
    cm_obs,
    NULL, /* upgrade_action: the notation never changed */
    0,    /* old_rules */
    NULL, /* observe_kept: observe alone */
    NULL, /* same_play: a move has one text */
    cm_view_json_lean,
};
