/* RAGAMARU: options, setup (RG-10..RG-15), result (RG-80..RG-82) and the
 * ch_game table. */
#include <assert.h>
#include <string.h>

#include "internal.h"

static const char *const deck_choices[] = {"advanced", "advanced_noloop", "beginner",
                                           "beginner_noloop", NULL};

enum {
    OPT_PLAYERS,
    OPT_DECK,
    OPT_FIRST,
    OPT_TEAMS,
    OPT_UNLIMITED,
    OPT_STRICT,
    OPT_FREEADV,
    OPT_MAXARR,
    N_OPTS
};

static const ch_optdesc rg_opts[N_OPTS] = {
    {"players", CH_OPT_INT, "4", 2, 8, NULL, NULL, "number of players"},
    {"deck", CH_OPT_ENUM, "advanced", 0, 0, deck_choices, NULL,
     "deck: beginner drops the Conversions, noloop the Loops"},
    {"first_player", CH_OPT_INT, "random", 0, 7, NULL, "random", "seat that plays first"},
    {"teams", CH_OPT_INT, "0", 0, 4, NULL, NULL,
     "team play: number of teams, seats alternate; 0 = every player alone"},
    {"unlimited_multiples", CH_OPT_BOOL, "false", 0, 0, NULL, NULL,
     "up to 4 cards of a non-number type at once"},
    {"strict_draw", CH_OPT_BOOL, "false", 0, 0, NULL, NULL,
     "after drawing, only the drawn card alone may be played"},
    {"free_advantage", CH_OPT_BOOL, "false", 0, 0, NULL, NULL,
     "Advantage is playable whatever the colour"},
    {"max_arrivals", CH_OPT_INT, "0", 0, 1000000, NULL, NULL,
     "the game is a draw after this many turn arrivals (0 = no cap)"},
};

static int rg_setup(void *st, const ch_opts *o, uint64_t seed, const int *order, int n_order,
                    ch_err *err)
{
    rg_state *s = st;
    memset(s, 0, sizeof *s);
    int rc = rg_cards_ready(err); /* spec 1.3: a broken card file stops here */
    if (rc != CH_OK) return rc;
    int np = o->val[OPT_PLAYERS], teams = o->val[OPT_TEAMS];
    if (o->val[OPT_FIRST] >= np)
        return ch_errf(err, CH_EINVAL, "first_player=%d: there are only %d players",
                       o->val[OPT_FIRST], np);
    if (teams && (teams < 2 || np % teams || np / teams < 2))
        return ch_errf(err, CH_EINVAL,
                       "teams=%d: team play needs 4, 6 or 8 players in equal teams of 2 or more",
                       teams);
    s->np = (uint8_t)np;
    s->deck = (uint8_t)o->val[OPT_DECK];
    s->teams = (uint8_t)teams;
    s->unlimited = (uint8_t)o->val[OPT_UNLIMITED];
    s->strict_draw = (uint8_t)o->val[OPT_STRICT];
    s->free_adv = (uint8_t)o->val[OPT_FREEADV];
    s->max_arrivals = (uint32_t)o->val[OPT_MAXARR];
    /* The option table's ranges fit the state's bit-fields. */
    assert(s->np == np && s->deck == o->val[OPT_DECK] && s->teams == teams);
    ch_rng_seed(&s->rng, seed, 0x7a6du);

    /* RG-10, RG-11: the deck without the Kickoff card, d[0] on top. */
    uint8_t d[RG_DECK_MAX];
    int want[RG_NFACES], D = 0;
    for (int f = 0; f < RG_NFACES; f++) {
        want[f] = rg_in_deck(s->deck, f);
        for (int c = 0; c < want[f]; c++)
            d[D++] = (uint8_t)f;
    }
    if (order) {
        if (n_order != D)
            return ch_errf(err, CH_EINVAL, "card order: %d cards, the %s deck has %d", n_order,
                           deck_choices[s->deck], D);
        for (int i = 0; i < D; i++) {
            char name[16];
            if (order[i] < 0 || order[i] >= RG_NFACES)
                return ch_errf(err, CH_EINVAL, "card order: card %d is not a card", i + 1);
            if (want[order[i]]-- <= 0) {
                rg_card_text(order[i], name, sizeof name);
                return ch_errf(err, CH_EINVAL, "card order: too many %s for the %s deck", name,
                               deck_choices[s->deck]);
            }
            d[i] = (uint8_t)order[i];
        }
    } else {
        ch_rng_shuffle_u8(&s->rng, d, D);
    }
    /* RG-12: deal 7 each, round by round; the rest is the stock. */
    for (int i = 0; i < 7 * np; i++)
        rg_hand_add(&s->hand[i % np], d[i]);
    s->nstock = (uint8_t)(D - 7 * np);
    for (int j = 0; j < s->nstock; j++)
        s->stock[j] = d[D - 1 - j];
    for (int p = 0; p < np; p++)
        s->order[p] = s->pos[p] = (uint8_t)p;
    rg_link_seats(s);
    s->dir = 1;
    s->C = RG_ANY;
    s->T = RG_NONE;
    s->ptype = RG_NONE;
    s->winner = -1;
    /* RG-13, RG-14 */
    s->first = (uint8_t)(o->val[OPT_FIRST] >= 0 ? o->val[OPT_FIRST]
                                                : (int)ch_rng_below(&s->rng, (uint32_t)np));
    s->chooser = (uint8_t)rg_seat_next(s, s->first, -1);
    s->phase = RG_PH_KICKOFF;
    s->turn = (int8_t)s->chooser;
    return CH_OK;
}

static int rg_num_players(const void *st)
{
    return ((const rg_state *)st)->np;
}

static int rg_to_move(const void *st)
{
    return ((const rg_state *)st)->turn;
}

static const char *rg_phase(const void *st)
{
    static const char *const names[] = {"kickoff", "play", "drawn",  "respond",
                                        "discard", "over", "declare"};
    return names[((const rg_state *)st)->phase];
}

static void rg_result(const void *st, ch_result *r)
{
    const rg_state *s = st;
    memset(r, 0, sizeof *r);
    r->n_players = s->np;
    r->terminal = s->phase == RG_PH_OVER;
    if (s->winner >= 0)
        for (int p = 0; p < s->np; p++)
            if (p == s->winner || (s->teams && rg_team_of(s, p) == rg_team_of(s, s->winner)))
                r->winners |= 1u << p;
    for (int p = 0; p < s->np; p++) {
        int won = (r->winners >> p) & 1;
        r->score[p] = won;
        r->rank[p] = r->winners && !won ? 2 : 1;
        /* RG-82: no points, only who won; the cards left are in the
         * hand summary (rg_hand_summary), not dressed up as a score. */
        r->hand_score[p] = won;
    }
    r->hands = r->terminal;
}

/* Designer figures (sim prints their means): how the game ended, whether
 * the first player (or their team) won, and how much drawing it took. */
static int rg_tally(const void *st, ch_tally *out)
{
    const rg_state *s = st;
    int over = s->phase == RG_PH_OVER,
        dry = over && s->winner < 0 && s->dry_passed == (1u << s->np) - 1;
    int first_won =
        s->winner >= 0 && (s->winner == s->first ||
                           (s->teams && rg_team_of(s, s->winner) == rg_team_of(s, s->first)));
    double drawn = 0;
    for (int p = 0; p < s->np; p++)
        drawn += s->drawn_total[p];
    out[0] = (ch_tally){"dry_deck_end", dry};                           /* RG-73 */
    out[1] = (ch_tally){"turn_cap_end", over && s->winner < 0 && !dry}; /* RG-V7 */
    out[2] = (ch_tally){"first_player_won", first_won};
    out[3] = (ch_tally){"turn_arrivals", s->arrivals};
    out[4] = (ch_tally){"reshuffles", s->reshuffles};
    out[5] = (ch_tally){"cards_drawn", drawn};
    out[6] = (ch_tally){"largest_attack", s->max_attack};
    return 7;
}

/* ---- Test helpers ---- */
static int take(rg_state *s, int face)
{
    for (int i = s->nstock - 1; i >= 0; i--)
        if (s->stock[i] == face) {
            memmove(s->stock + i, s->stock + i + 1, (size_t)(s->nstock - i - 1));
            s->nstock--;
            return 1;
        }
    for (int i = s->ndisc - 1; i >= 0; i--)
        if (s->disc[i] == face) {
            memmove(s->disc + i, s->disc + i + 1, (size_t)(s->ndisc - i - 1));
            s->ndisc--;
            return 1;
        }
    for (int p = 0; p < s->np; p++)
        if (rg_hand_count(&s->hand[p], face)) {
            rg_hand_remove(&s->hand[p], face);
            return 1;
        }
    return 0;
}

int rg_give(rg_state *s, int p, int face)
{
    if (!take(s, face)) return 0;
    rg_hand_add(&s->hand[p], face);
    return 1;
}

int rg_put_discard(rg_state *s, int face)
{
    if (!take(s, face)) return 0;
    s->disc[s->ndisc++] = (uint8_t)face;
    return 1;
}

int rg_put_stock_top(rg_state *s, int face)
{
    if (!take(s, face)) return 0;
    s->stock[s->nstock++] = (uint8_t)face;
    return 1;
}

void rg_clear_hand(rg_state *s, int p)
{
    int faces[RG_DECK_MAX], n = rg_hand_faces(&s->hand[p], faces);
    memmove(s->stock + n, s->stock, s->nstock);
    for (int i = 0; i < n; i++) {
        rg_hand_remove(&s->hand[p], faces[i]);
        s->stock[i] = (uint8_t)faces[i];
    }
    s->nstock = (uint8_t)(s->nstock + n);
}

const ch_game rg_game = {
    .name = "ragamaru",
    .title = {"RAGAMARU", "ラグビーのカードゲーム RAGAMARU"},
    .summary = "rugby shedding game: match colour, number or card; attack, pass and go out on a "
               "number",
    .min_players = 2,
    .max_players = 8,
    .opts = rg_opts,
    .n_opts = N_OPTS,
    .state_size = sizeof(rg_state),
    .max_actions = RG_MAX_ACTIONS,
    .n_faces = RG_NFACES,
    .face_copies = rg_box.copies,
    .setup = rg_setup,
    .num_players = rg_num_players,
    .to_move = rg_to_move,
    .phase = rg_phase,
    .legal = rg_legal,
    .apply = rg_apply,
    .result = rg_result,
    .action_text = rg_action_text,
    .action_name = rg_action_name,
    .card_text = rg_card_text,
    .card_parse = rg_card_parse,
    .render = rg_render,
    .view_json = rg_view_json,
    .census = rg_census,
    .resample = rg_resample,
    .tally = rg_tally,
    .events = rg_events,
    .hand_summary = rg_hand_summary,
    .explain_illegal = rg_explain_illegal,
    .warning = rg_warning,
    .rules_text = rg_rules_text,
    .num_action_ids = rg_num_action_ids,
    .action_id = rg_action_id,
    .obs_shape = rg_obs_shape,
    .observe = rg_obs,
    .observe_kept = rg_obs_kept,
    .upgrade_action = rg_upgrade_action,
    .same_play = rg_same_play,
    .view_json_lean = rg_view_json_lean,
};
