/* The learning hooks of issue 26 (docs/spaces.md), game by game: a few
 * action ids pinned to their notation, and tensor cells pinned against
 * positions the games themselves deal from known card orders. Rule IDs name
 * the rule that decides what a seat may know. (The harness checks the
 * general contract at every step of random play: ids in range, unique,
 * round-tripping; tensors whole, finite and unchanged by resampling.) */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cardhall/babasuki.h"
#include "cardhall/comrade.h"
#include "cardhall/game.h"
#include "cardhall/racko.h"
#include "cardhall/registry.h"
#include "cardhall/ragamaru.h"
#include "cardhall/rumino.h"
#include "harness.h"
#include "ragamaru_kit.h"

/* Sets st up for g from options and an optional order; fails on error. */
static void start(const ch_game *g, void *st, ch_opts *o, const char *const *kv, int nkv,
                  const int *order, int n_order, uint64_t seed)
{
    ch_err err;
    if (ch_opts_parse(o, g->opts, g->n_opts, kv, nkv, &err) != CH_OK) fail_msg("%s", err.msg);
    if (ch_setup(g, st, o, seed, order, n_order, &err) != CH_OK) fail_msg("%s", err.msg);
}

static void act(const ch_game *g, void *st, const char *text)
{
    ch_action a;
    ch_err err;
    if (ch_parse_action(g, st, text, &a, &err) != CH_OK) fail_msg("%s: %s", text, err.msg);
    if (ch_apply(g, st, a, &err) != CH_OK) fail_msg("%s: %s", text, err.msg);
}

/* The id of the legal move whose notation is text. */
static int id_of(const ch_game *g, const void *st, const char *text)
{
    ch_action a;
    ch_err err;
    if (ch_parse_action(g, st, text, &a, &err) != CH_OK) fail_msg("%s: %s", text, err.msg);
    return g->action_id(st, a);
}

/* The notation of the legal move with this id. */
static const char *text_of(const ch_game *g, const void *st, int id)
{
    static char buf[256];
    ch_action *acts = malloc(sizeof *acts * (size_t)g->max_actions), a;
    ch_err err;
    if (ch_action_of_id(g, st, id, acts, &a, &err) != CH_OK) fail_msg("id %d: %s", id, err.msg);
    g->action_text(st, a, buf, sizeof buf);
    free(acts);
    return buf;
}

static int is_legal_id(const ch_game *g, const void *st, int id)
{
    ch_action *acts = malloc(sizeof *acts * (size_t)g->max_actions), a;
    ch_err err;
    int rc = ch_action_of_id(g, st, id, acts, &a, &err);
    free(acts);
    return rc == CH_OK;
}

static int obs_size(const ch_game *g, const ch_opts *o)
{
    int dims[CH_OBS_RANK], size = 1;
    int rank = g->obs_shape(o, dims);
    for (int i = 0; i < rank; i++)
        size *= dims[i];
    return size;
}

/* How many entries of v[0..n) are not 0. */
static int nonzero(const float *v, int n)
{
    int k = 0;
    for (int i = 0; i < n; i++)
        k += v[i] != 0.0f;
    return k;
}

/* ---- Rack-O ---- */

static rk_state RK;
static ch_opts RKO;
static float RKV[RK_OBS_SIZE];

/* Two players, seat 0 deals, cards 1..40 in order (RK-16, RK-17): seat 1
 * (first to move) holds 19 17 .. 1 from #5 to #50, seat 0 holds 20 18 .. 2,
 * the upcard is 21 and the deck 22 (top) .. 40. Neither rack is a Rack-O. */
static void rk_start(void)
{
    static const char *const kv[] = {"players=2", "first_dealer=0"};
    int order[40];
    for (int i = 0; i < 40; i++)
        order[i] = i + 1;
    start(&rk_game, &RK, &RKO, kv, 2, order, 40, 1);
    assert_int_equal(rk_game.to_move(&RK), 1);
}

static const float *rk_rack_plane(const float *v, int rel, int slot)
{
    return v + RK_OB_RACK + (rel * RK_SLOTS + slot) * RK_MAX_CARD;
}

static void racko_ids(void **state)
{
    (void)state;
    rk_start();
    assert_int_equal(rk_game.num_action_ids(&RKO), 15);
    assert_int_equal(id_of(&rk_game, &RK, "draw"), 0);
    assert_int_equal(id_of(&rk_game, &RK, "take"), 1);
    assert_false(is_legal_id(&rk_game, &RK, 2)); /* swap 5: only after draw or take */
    act(&rk_game, &RK, "draw");
    assert_string_equal(text_of(&rk_game, &RK, 2), "swap 5");
    assert_string_equal(text_of(&rk_game, &RK, 11), "swap 50");
    assert_string_equal(text_of(&rk_game, &RK, 12), "discard");
    assert_false(is_legal_id(&rk_game, &RK, 0));
    /* declare and end exist only under optional_declare (RK-V2). */
    assert_false(is_legal_id(&rk_game, &RK, 13));
    assert_false(is_legal_id(&rk_game, &RK, 14));
}

static void racko_observe(void **state)
{
    (void)state;
    rk_start();
    assert_int_equal(obs_size(&rk_game, &RKO), RK_OBS_SIZE);
    assert_int_equal(RK_OBS_SIZE, 2675); /* the table in docs/spaces.md */
    assert_int_equal(RK_OB_RACK, 275);

    /* Seat 1 sees its own rack, slot by slot, and nothing of seat 0's. */
    rk_game.observe(&RK, 1, RKV);
    for (int i = 0; i < RK_SLOTS; i++) {
        const float *plane = rk_rack_plane(RKV, 0, i);
        assert_int_equal(nonzero(plane, RK_MAX_CARD), 1);
        assert_true(plane[RK.rack[1][i] - 1] == 1.0f);
        assert_int_equal(nonzero(rk_rack_plane(RKV, 1, i), RK_MAX_CARD), 0);
    }
    assert_int_equal(RK.rack[1][0], 19);
    assert_true(RKV[RK_OB_MOVER + 0] == 1.0f); /* seat 1 moves: relative seat 0 */
    assert_true(RKV[RK_OB_DEALER + 1] == 1.0f);
    assert_true(RKV[RK_OB_PHASE + RK_PH_START] == 1.0f);
    assert_true(RKV[RK_OB_IS_SEAT] == 1.0f);
    assert_true(RKV[RK_OB_DISC_TOP + 21 - 1] == 1.0f); /* the upcard (RK-17) */
    assert_true(RKV[RK_OB_DECK_COUNT] == 19.0f / 20.0f);
    assert_int_equal(nonzero(RKV + RK_OB_DECK, RK_MAX_CARD), 0); /* deck order hidden */

    /* RK-22/RK-23: a taken card is public; swapped into #5 it stays known
     * to seat 0, and the card it replaced tops the pile. */
    act(&rk_game, &RK, "take");
    rk_game.observe(&RK, 0, RKV);
    assert_true(RKV[RK_OB_HAND_HELD] == 1.0f);
    assert_true(RKV[RK_OB_HAND + 21 - 1] == 1.0f);
    act(&rk_game, &RK, "swap 5");
    rk_game.observe(&RK, 0, RKV);
    assert_true(RKV[RK_OB_HAND_HELD] == 0.0f);
    assert_int_equal(nonzero(rk_rack_plane(RKV, 1, 0), RK_MAX_CARD), 1);
    assert_true(rk_rack_plane(RKV, 1, 0)[21 - 1] == 1.0f);
    assert_int_equal(nonzero(rk_rack_plane(RKV, 1, 1), RK_MAX_CARD), 0);
    assert_true(RKV[RK_OB_DISC_TOP + 19 - 1] == 1.0f);
    assert_true(RKV[RK_OB_MOVER + 0] == 1.0f); /* now seat 0's turn */

    /* RK-22: a card drawn from a hidden deck is the drawer's alone. */
    act(&rk_game, &RK, "draw");
    rk_game.observe(&RK, 0, RKV);
    assert_int_equal(nonzero(RKV + RK_OB_HAND, RK_MAX_CARD), 1);
    assert_true(RKV[RK_OB_HAND + 22 - 1] == 1.0f);
    rk_game.observe(&RK, 1, RKV);
    assert_true(RKV[RK_OB_HAND_HELD] == 1.0f);
    assert_int_equal(nonzero(RKV + RK_OB_HAND, RK_MAX_CARD), 0);
    rk_game.observe(&RK, CH_SPECTATOR, RKV);
    assert_true(RKV[RK_OB_IS_SEAT] == 0.0f);
    assert_true(RKV[RK_OB_MOVER + 0] == 1.0f); /* the spectator's list starts at seat 0 */
    assert_int_equal(nonzero(RKV + RK_OB_HAND, RK_MAX_CARD), 0);
    assert_true(rk_rack_plane(RKV, 1, 0)[21 - 1] == 1.0f);
    assert_int_equal(nonzero(rk_rack_plane(RKV, 0, 0), RK_MAX_CARD), 0);
    act(&rk_game, &RK, "discard");

    /* RK-26: once the deck runs dry the pile turns over in an order
     * everyone knows, so every viewer's tensor carries the deck's order. */
    while (!RK.deck_public) {
        act(&rk_game, &RK, "draw");
        act(&rk_game, &RK, "discard");
    }
    assert_int_equal(RK.hands, 0);
    for (int v = CH_SPECTATOR; v < 2; v++) {
        if (v == CH_ALL) continue;
        rk_game.observe(&RK, v, RKV);
        assert_true(RKV[RK_OB_DECK_PUBLIC] == 1.0f);
        assert_int_equal(nonzero(RKV + RK_OB_DECK, RK_MAX_CARD), RK.ndeck);
        assert_true(RKV[RK_OB_DECK + RK.deck[RK.ndeck - 1] - 1] == 1.0f / 20.0f);
        assert_true(RKV[RK_OB_DECK + RK.deck[0] - 1] == (float)RK.ndeck / 20.0f);
    }
    /* ... and so whatever the mover draws next (RK-26 with RK-22). */
    int top = RK.deck[RK.ndeck - 1], other = 1 - RK.turn;
    act(&rk_game, &RK, "draw");
    rk_game.observe(&RK, other, RKV);
    assert_true(RKV[RK_OB_HAND + top - 1] == 1.0f);
}

/* ---- RAGAMARU ---- */

static rg_state RG;
static float RGV[RG_OBS_SIZE];

static void ragamaru_ids(void **state)
{
    (void)state;
    ch_opts o;
    static const char *const kv[] = {"players=3", "first_player=0"};
    start(&rg_game, &RG, &o, kv, 2, NULL, 0, 1);
    assert_int_equal(rg_game.num_action_ids(&o), 1002);
    assert_int_equal(RG_NUM_IDS, 1002);
    assert_string_equal(rg_game.phase(&RG), "kickoff");
    assert_int_equal(id_of(&rg_game, &RG, "kickoff Y"), 1);

    /* RG-31, RG-36: on R5 only red leads; a play is its cards and its top. */
    rgt_table(&RG, 3);
    rgt_top(&RG, "R5");
    rgt_hand(&RG, 0, "R9 Y9 B9 K9 RES SIN SIN TRY-R TRY-K CONV R1");
    assert_int_equal(id_of(&rg_game, &RG, "draw"), 4);
    assert_int_equal(id_of(&rg_game, &RG, "R9 B9"), 435); /* 173 + 32*8 + p({R,B}, B) = 6 */
    assert_int_equal(id_of(&rg_game, &RG, "R9 Y9 B9"), 440);
    assert_int_equal(id_of(&rg_game, &RG, "TRY-R TRY-K CONV"), 955);
    assert_int_equal(id_of(&rg_game, &RG, "SIN SIN K"), 989);
    assert_int_equal(id_of(&rg_game, &RG, "RES"), 974);
    assert_string_equal(text_of(&rg_game, &RG, 173 + 0), "R1");
    assert_false(is_legal_id(&rg_game, &RG, 173 + 1)); /* Y1: not held */
    /* The same cards with the same top on Y5, where yellow leads: one id. */
    rgt_top(&RG, "Y5");
    assert_string_equal(text_of(&rg_game, &RG, 440), "Y9 R9 B9");
    /* RG-62: the Reserve's colour, then its number, are moves of their own. */
    rgt_top(&RG, "R5");
    act(&rg_game, &RG, "RES");
    assert_int_equal(id_of(&rg_game, &RG, "declare K"), 112);
    act(&rg_game, &RG, "declare K");
    assert_int_equal(id_of(&rg_game, &RG, "declare K8"), 165);
    assert_false(is_legal_id(&rg_game, &RG, 113 + 7)); /* declare R8: black was named */
}

static void ragamaru_observe(void **state)
{
    (void)state;
    ch_opts o;
    static const char *const kv[] = {"players=3"};
    ch_err err;
    assert_int_equal(ch_opts_parse(&o, rg_game.opts, rg_game.n_opts, kv, 1, &err), CH_OK);
    assert_int_equal(obs_size(&rg_game, &o), RG_OBS_SIZE);
    assert_int_equal(RG_OBS_SIZE, 1432); /* the table in docs/spaces.md */
    assert_int_equal(RG_OB_HANDS, 624);
    rgt_table(&RG, 3);
    rgt_top(&RG, "R5");
    rgt_hand(&RG, 0, "R9 B9 SIN SIN CONV");
    rgt_hand(&RG, 1, "K3 K4");
    rgt_hand(&RG, 2, "Y1");

    /* Spec 4.2: a seat knows its own hand, copies counted, and only the
     * sizes of the others. */
    rg_game.observe(&RG, 0, RGV);
    const float *own = RGV + RG_OB_HANDS;
    assert_int_equal(nonzero(own, RG_NFACES), 4);
    assert_true(own[rgt_card("R9")] == 1.0f && own[rgt_card("B9")] == 1.0f);
    assert_true(own[RG_FACE_SIN] == 2.0f && own[RG_FACE_CONV] == 1.0f);
    assert_int_equal(nonzero(RGV + RG_OB_HANDS + RG_NFACES, 7 * RG_NFACES), 0);
    assert_true(RGV[RG_OB_HAND_N + 1] == 2.0f / 20.0f); /* seat 1 */
    assert_true(RGV[RG_OB_HAND_N + 2] == 1.0f / 20.0f);
    assert_true(RGV[RG_OB_TOP + rgt_card("R5")] == 1.0f);
    assert_true(RGV[RG_OB_COLOUR + RG_R] == 1.0f);
    assert_true(RGV[RG_OB_NUMBER + 5] == 1.0f);
    assert_true(RGV[RG_OB_MOVER + 0] == 1.0f);
    /* Seat 1 sees its own hand at relative seat 0, seat 0 at relative 2. */
    rg_game.observe(&RG, 1, RGV);
    assert_true(RGV[RG_OB_HANDS + rgt_card("K3")] == 1.0f);
    assert_int_equal(nonzero(RGV + RG_OB_HANDS, RG_NFACES), 2);
    assert_true(RGV[RG_OB_HAND_N + 2] == 5.0f / 20.0f);
    assert_true(RGV[RG_OB_MOVER + 2] == 1.0f);
    rg_game.observe(&RG, CH_SPECTATOR, RGV);
    assert_int_equal(nonzero(RGV + RG_OB_HANDS, 8 * RG_NFACES), 0);
    assert_true(RGV[RG_OB_IS_SEAT] == 0.0f);

    /* RG-21: the card drawn is its drawer's alone. */
    int top = RG.stock[RG.nstock - 1];
    act(&rg_game, &RG, "draw");
    rg_game.observe(&RG, 0, RGV);
    assert_int_equal(nonzero(RGV + RG_OB_DRAWN, RG_NFACES), 1);
    assert_true(RGV[RG_OB_DRAWN + top] == 1.0f);
    assert_true(RGV[RG_OB_HANDS + top] >= 1.0f);
    assert_true(RGV[RG_OB_PHASE + RG_PH_DRAWN] == 1.0f);
    for (int v = 1; v < 3; v++) {
        rg_game.observe(&RG, v, RGV);
        assert_int_equal(nonzero(RGV + RG_OB_DRAWN, RG_NFACES), 0);
        assert_true(RGV[RG_OB_HAND_N + (3 - v) % 3] == 6.0f / 20.0f);
    }
}

/* ---- Rumino ---- */

static ru_state RU;
static float RUV[RU_OBS_SIZE];

static int ru_face(const char *text)
{
    int f;
    if (ru_game.card_parse(text, &f) != CH_OK) fail_msg("no card %s", text);
    return f;
}

static void rumino(void **state)
{
    (void)state;
    ch_opts o;
    static const char *const kv[] = {"players=3", "first_dealer=0"};
    start(&ru_game, &RU, &o, kv, 2, NULL, 0, 5);
    assert_int_equal(ru_game.num_action_ids(&o), 166);
    assert_int_equal(obs_size(&ru_game, &o), RU_OBS_SIZE);
    assert_int_equal(RU_OBS_SIZE, 1247); /* the table in docs/spaces.md */
    assert_int_equal(RU.to_move, 1);     /* RU-20 */
    assert_int_equal(id_of(&ru_game, &RU, "draw"), 1);
    assert_int_equal(id_of(&ru_game, &RU, "take"), 2);

    /* A seat knows its own seven cards, copies counted, and no other. */
    ru_game.observe(&RU, 1, RUV);
    float sum = 0;
    for (int f = 0; f < RU_NFACES; f++)
        sum += RUV[RU_OB_HAND + f];
    assert_true(sum == 7.0f);
    for (int i = 0; i < 7; i++)
        assert_true(RUV[RU_OB_HAND + RU.hand[1][i]] >= 1.0f);
    assert_int_equal(nonzero(RUV + RU_OB_HAND + RU_NFACES, 5 * RU_NFACES), 0);
    int up = RU.discard[0];
    assert_true(RUV[RU_OB_TOP + up] == 1.0f && RUV[RU_OB_UPCARD + up] == 1.0f);
    assert_true(RUV[RU_OB_MOVER + 0] == 1.0f && RUV[RU_OB_DEALER + 2] == 1.0f);
    ru_game.observe(&RU, 2, RUV);
    assert_true(nonzero(RUV + RU_OB_HAND, RU_NFACES) > 0);                     /* its own */
    assert_int_equal(nonzero(RUV + RU_OB_HAND + 2 * RU_NFACES, RU_NFACES), 0); /* seat 1's */

    /* RU-21, decision 7: a card taken from the pile is public in the hand. */
    act(&ru_game, &RU, "take");
    for (int v = CH_SPECTATOR; v < 3; v++) {
        if (v == CH_ALL || v == 1) continue;
        ru_game.observe(&RU, v, RUV);
        int r = v == CH_SPECTATOR ? 1 : (1 - v + 3) % 3;
        assert_int_equal(nonzero(RUV + RU_OB_HAND + RU_NFACES * r, RU_NFACES), 1);
        assert_true(RUV[RU_OB_HAND + RU_NFACES * r + up] == 1.0f);
        assert_true(RUV[RU_OB_TAKEN + up] == 1.0f);
    }
    /* The discard: its id is 7 + face, and the pile records who threw it. */
    ch_action acts[64], a;
    ch_err err;
    int n = ru_game.legal(&RU, acts), x = ru_action_face(acts[0]);
    assert_true(n > 0 && ru_action_type(acts[0]) == RU_A_DISCARD);
    assert_int_equal(ru_game.action_id(&RU, acts[0]), RU_ID_DISCARD + x);
    assert_int_equal(ch_action_of_id(&ru_game, &RU, RU_ID_DISCARD + x, acts, &a, &err), CH_OK);
    assert_int_equal(ch_apply(&ru_game, &RU, a, &err), CH_OK);
    ru_game.observe(&RU, 0, RUV);
    assert_true(RUV[RU_OB_TOP + x] == 1.0f);
    assert_true(RUV[RU_OB_THROWN + RU_NFACES * 1 + x] == 1.0f); /* seat 1 from seat 0 */
    assert_true(RUV[RU_OB_UPCARD + up] == 0.0f);                /* the upcard was taken */
    assert_int_equal(RU_ID_GIN + ru_face("3H"), 60 + 15);       /* hearts 13 + rank 3 - 1 */
    assert_int_equal(RU_ID_RUMINO + ru_face("JK"), 113 + 52);

    /* RU-21: a card drawn from the stock is its drawer's alone. */
    int top = ru_stock_card(&RU, RU.nstock - 1);
    act(&ru_game, &RU, "draw"); /* seat 2 */
    ru_game.observe(&RU, 2, RUV);
    assert_int_equal(nonzero(RUV + RU_OB_DRAWN, RU_NFACES), 1);
    assert_true(RUV[RU_OB_DRAWN + top] == 1.0f);
    ru_game.observe(&RU, 0, RUV);
    assert_int_equal(nonzero(RUV + RU_OB_DRAWN, RU_NFACES), 0);
    assert_true(RUV[RU_OB_CARDS + 2] == 1.0f); /* seat 2 holds 8 of 8 */
}

/* ---- Draft Babasuki ---- */

static db_state DB;
static float DBV[DB_OBS_SIZE];

/* The where-entry of face c in a tensor: 0 unknown, else its zone. */
static int db_where(const float *v, int c)
{
    const float *b = v + DB_OB_CARDS + DB_OC_SIZE * c + DB_OC_WHERE;
    int k = -1;
    for (int i = 0; i < 51; i++)
        if (b[i] != 0.0f) {
            assert_int_equal(k, -1); /* one-hot */
            k = i;
        }
    return k;
}

static void babasuki(void **state)
{
    (void)state;
    ch_opts o;
    static const char *const kv[] = {"players=3", "first_dealer=0"};
    start(&db_game, &DB, &o, kv, 2, NULL, 0, 3);
    assert_int_equal(db_game.num_action_ids(&o), 83);
    assert_int_equal(obs_size(&db_game, &o), DB_OBS_SIZE);
    assert_int_equal(DB_OBS_SIZE, 2751); /* the table in docs/spaces.md */
    assert_int_equal(DB_ID_DRAW, 75);
    assert_string_equal(db_game.phase(&DB), "draft");
    int p = DB.mover, c = db_pack(&DB, p)[0], other = (p + 1) % 3;
    char text[32], name[16];
    db_card_str(&DB, c, name, sizeof name);
    snprintf(text, sizeof text, "keep %s", name);
    assert_int_equal(id_of(&db_game, &DB, text), c); /* keep: id = face */
    assert_string_equal(text_of(&db_game, &DB, c), text);

    /* DB-8: the upcard is public; a pack is its holder's alone. */
    int up = db_disc(&DB)[0];
    for (int v = CH_SPECTATOR; v < 3; v++) {
        if (v == CH_ALL) continue;
        db_game.observe(&DB, v, DBV);
        assert_int_equal(db_where(DBV, up), 1);
        assert_int_equal(db_where(DBV, c), v == p ? 3 + 6 * (DB_AT_PACK - DB_AT_HAND) : 0);
    }
    /* Decision 1 (DB-9): a kept card stays hidden from every other seat;
     * that the seat has chosen is public. */
    act(&db_game, &DB, text);
    db_game.observe(&DB, p, DBV);
    assert_int_equal(db_where(DBV, c), 3 + 6 * (DB_AT_KEPT - DB_AT_HAND));
    assert_true(DBV[DB_OB_CHOSEN + 0] == 1.0f);
    db_game.observe(&DB, other, DBV);
    assert_int_equal(db_where(DBV, c), 0);
    assert_true(DBV[DB_OB_CHOSEN + (p - other + 3) % 3] == 1.0f);
    assert_true(DBV[DB_OB_ZONES + 5 * ((p - other + 3) % 3) + 2] == 1.0f / 8.0f); /* 1 kept */

    /* The card file's data, public: T21 is a treasure of suits S, M, F, W. */
    db_card_str(&DB, 20, name, sizeof name);
    assert_string_equal(name, "T21");
    const float *t21 = DBV + DB_OB_CARDS + DB_OC_SIZE * 20;
    assert_true(t21[DB_OC_TYPE + DB_TREASURE] == 1.0f);
    assert_true(t21[DB_OC_SUITS + 'S' - 'A'] == 1.0f && t21[DB_OC_SUITS + 'W' - 'A'] == 1.0f);
    assert_true(t21[DB_OC_SUITS + 'A' - 'A'] == 0.0f);
    assert_true(t21[DB_OC_SECURED] == 1.0f); /* 10 points secured */
}

/* ---- Comrade ---- */

static cm_state CM;
static float CMV[CM_OBS_SIZE];

static void comrade(void **state)
{
    (void)state;
    ch_opts o;
    static const char *const kv[] = {"players=5", "deals=1", "dealer=0"};
    int order[52];
    for (int i = 0; i < 52; i++)
        order[i] = i;
    start(&cm_game, &CM, &o, kv, 3, order, 52, 4);
    assert_int_equal(cm_game.num_action_ids(&o), 73);
    assert_int_equal(obs_size(&cm_game, &o), CM_OBS_SIZE);
    assert_int_equal(CM_OBS_SIZE, 1168); /* the table in docs/spaces.md */
    assert_int_equal(id_of(&cm_game, &CM, "pass"), 0);
    assert_int_equal(id_of(&cm_game, &CM, "take H2"), 6);
    assert_int_equal(id_of(&cm_game, &CM, "joker C"), 20);

    /* E24/CM-27: a hand is its owner's alone. */
    for (int v = CH_SPECTATOR; v < 5; v++) {
        if (v == CH_ALL) continue;
        cm_game.observe(&CM, v, CMV);
        for (int f = 0; f < 52; f++)
            assert_true(CMV[CM_OB_HAND + f] == (v >= 0 ? (float)(CM.hand[v] >> f & 1) : 0.0f));
        assert_true(CMV[CM_OB_MOVER + (v >= 0 ? (5 - v) % 5 : 0)] == 1.0f); /* seat 0 bids */
    }

    /* CM-10..CM-13: every take is public: the pool, the bid and the log. */
    act(&cm_game, &CM, "take H2");
    cm_game.observe(&CM, 1, CMV);
    assert_true(CMV[CM_OB_POOL + 4 * 1 + 1] == 0.0f);
    assert_true(CMV[CM_OB_POOL + 4 * 1 + 2] == 1.0f);
    assert_true(CMV[CM_OB_BID + 4 * 4 + 1] == 2.0f / 5.0f); /* seat 0 is seat 1's relative 4 */
    assert_true(CMV[CM_OB_BIDLOG + 0 * 21 + 6] == 1.0f);
    static const char *const bids[] = {"take S3", "pass", "take D1", "pass",
                                       "take H3", "pass", "take C3"};
    for (int i = 0; i < 7; i++)
        act(&cm_game, &CM, bids[i]);
    assert_string_equal(cm_game.phase(&CM), "play"); /* T = 10 */

    /* CM-21..CM-23: a played card is public, with who played it. */
    int p = cm_game.to_move(&CM);
    ch_action acts[64];
    int n = cm_game.legal(&CM, acts), face = (int)(acts[0] - CM_PLAY(0));
    assert_true(n > 0);
    assert_int_equal(cm_game.action_id(&CM, acts[0]), 21 + face);
    char text[16];
    cm_game.action_text(&CM, acts[0], text, sizeof text);
    act(&cm_game, &CM, text);
    for (int v = CH_SPECTATOR; v < 5; v++) {
        if (v == CH_ALL) continue;
        int base = v >= 0 ? v : 0, r = (p - base + 5) % 5;
        cm_game.observe(&CM, v, CMV);
        assert_int_equal(nonzero(CMV + CM_OB_PLAYED, 5 * 52), 1);
        assert_true(CMV[CM_OB_PLAYED + 52 * r + face] == 1.0f);
        assert_true(CMV[CM_OB_TRICK + face] == 1.0f); /* first card of the trick */
        assert_true(CMV[CM_OB_LEADER + r] == 1.0f && CMV[CM_OB_WINNING + r] == 1.0f);
        assert_true(CMV[CM_OB_PHASE + CM_PH_PLAY] == 1.0f);
    }
    cm_game.observe(&CM, p, CMV);
    assert_true(CMV[CM_OB_HAND + face] == 0.0f);
}

/* ---- Every game, random states ---- */

/* For thousands of states of random play in every game: the legal mask
 * built from the ids is exactly the legal list (every id checked, legal or
 * not, through ch_action_of_id), each legal action's text reads back to it,
 * and one id is one move: the same words in every state (RAGAMARU lists the
 * cards below the top in the order the requirement makes canonical, so the
 * words are compared as a set). Every viewer's tensor is the same twice
 * over (no hidden state in observe). */
static int by_word(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static void sorted_words(const char *text, char *out, size_t cap)
{
    char copy[256], *w[32], *save = NULL;
    int n = 0;
    snprintf(copy, sizeof copy, "%s", text);
    for (char *t = strtok_r(copy, " ", &save); t && n < 32; t = strtok_r(NULL, " ", &save))
        w[n++] = t;
    qsort(w, (size_t)n, sizeof w[0], by_word);
    out[0] = '\0';
    for (int i = 0; i < n; i++) {
        strncat(out, w[i], cap - strlen(out) - 1);
        strncat(out, " ", cap - strlen(out) - 1);
    }
}

/* Babasuki (DB-25): the tensor's where-entry of every card is the zone
 * db_observe, the view the heuristic and front ends read, puts it in for
 * viewer (observe walks the zones itself, for speed). */
static void babasuki_where_is_the_view(const db_state *s, int viewer, const float *v)
{
    db_view view;
    db_observe(s, viewer, &view);
    int base = viewer >= 0 ? viewer : 0;
    for (int c = 0; c < DB_NCARDS; c++) {
        int at = view.at[c], want = at == DB_AT_UNKNOWN   ? 0
                                    : at == DB_AT_DISCARD ? 1
                                    : at == DB_AT_CENTRE  ? 2
                                                          : 3 + 6 * (at - DB_AT_HAND) +
                                                               (view.owner[c] - base + s->n) % s->n;
        if (db_where(v, c) != want)
            fail_msg("babasuki: viewer %d, card %d: where %d, the view says %d", viewer, c,
                     db_where(v, c), want);
    }
}

/* Babasuki keeps each card's zone (db_state.zof), which the tensor reads
 * card by card: after every move of random games of 2 to 6 players, and
 * after resamples (which deal hidden cards again), it must name the zone
 * whose cards (zc, zn) hold the card, 0xff (DB_NONE) for none. */
static void babasuki_zof_is_the_zones(void **state)
{
    (void)state;
    db_state *s = malloc(sizeof *s), *r = malloc(sizeof *r);
    ch_action acts[DB_NUM_IDS];
    ch_rng rng;
    ch_rng_seed(&rng, 26, 3);
    long checked = 0;
    for (int np = 2; np <= 6; np++) {
        char kv0[16];
        snprintf(kv0, sizeof kv0, "players=%d", np);
        const char *kv[] = {kv0};
        ch_opts o;
        ch_err err;
        if (ch_opts_parse(&o, db_game.opts, db_game.n_opts, kv, 1, &err) != CH_OK)
            fail_msg("%s", err.msg);
        for (uint64_t seed = 1; seed <= 12; seed++) {
            assert_int_equal(db_game.setup(s, &o, seed, NULL, 0, &err), CH_OK);
            for (int move = 0; move < 600; move++) {
                const db_state *check[2] = {s, r};
                int ncheck = 1;
                int p = db_game.to_move(s);
                if (move % 7 == 0 && p != CH_TERMINAL) {
                    *r = *s;
                    db_game.resample(r, p, &rng);
                    ncheck = 2;
                }
                for (int k = 0; k < ncheck; k++) {
                    const db_state *t = check[k];
                    uint8_t want[DB_NCARDS];
                    memset(want, 0xff, sizeof want);
                    for (int z = 0, at = 0; z < DB_NZONES; z++)
                        for (int i = 0; i < t->zn[z]; i++)
                            want[t->zc[at++]] = (uint8_t)z;
                    for (int c = 0; c < DB_NCARDS; c++)
                        if (t->zof[c] != want[c])
                            fail_msg("babasuki players=%d seed %d move %d%s: card %d: zof %d, "
                                     "the zones say %d",
                                     np, (int)seed, move, k ? " (resampled)" : "", c, t->zof[c],
                                     want[c]);
                    checked++;
                }
                if (p == CH_TERMINAL) break;
                int n = db_game.legal(s, acts);
                db_game.apply(s, acts[ch_rng_below(&rng, (uint32_t)n)]);
            }
        }
    }
    assert_true(checked > 5000);
    free(s);
    free(r);
}

static void random_states(const ch_game *g, const char *const *kv, int nkv, int states)
{
    ch_opts o;
    ch_err err;
    if (ch_opts_parse(&o, g->opts, g->n_opts, kv, nkv, &err) != CH_OK) fail_msg("%s", err.msg);
    int nids = g->num_action_ids(&o), size = obs_size(g, &o);
    char(*names)[256] = calloc((size_t)nids, sizeof *names); /* as wide as words */
    char *mask = malloc((size_t)nids);
    ch_action *acts = malloc(sizeof *acts * (size_t)g->max_actions), back;
    float *a = malloc(sizeof *a * (size_t)size), *b = malloc(sizeof *b * (size_t)size);
    void *st = malloc(g->state_size);
    /* observe_kept into one tensor and memo kept over every state and
     * viewer of the run, deals included (a VectorEnv slot, copy=False). */
    float *kept = calloc((size_t)size, sizeof *kept);
    uint16_t *memo = calloc((size_t)size, sizeof *memo);
    int first = 1;
    /* And one tensor and memo per viewer, written only when that seat is
     * to move (and the spectator's at every step): each call sees what
     * changed since the same viewer's last one, several moves and deals
     * back (RAGAMARU rewrites a hand plane's changed cards only). */
    float *mine = calloc((size_t)size * (CH_MAX_PLAYERS + 1), sizeof *mine);
    uint16_t *mine_memo = calloc((size_t)size * (CH_MAX_PLAYERS + 1), sizeof *mine_memo);
    int mine_first[CH_MAX_PLAYERS + 1];
    for (int v = 0; v <= CH_MAX_PLAYERS; v++)
        mine_first[v] = 1;
    ch_rng rng;
    ch_rng_seed(&rng, 26, 0x1ea5u);
    int done = 0;
    for (uint64_t seed = 1; done < states; seed++) {
        if (ch_setup(g, st, &o, seed, NULL, 0, &err) != CH_OK) fail_msg("%s", err.msg);
        for (int step = 0; step < 400 && g->to_move(st) != CH_TERMINAL && done < states; step++) {
            int n = g->legal(st, acts);
            memset(mask, 0, (size_t)nids);
            for (int i = 0; i < n; i++) {
                int id = g->action_id(st, acts[i]);
                assert_true(id >= 0 && id < nids);
                assert_false(mask[id]); /* two legal actions never share an id */
                mask[id] = 1;
                char text[256], words[256];
                g->action_text(st, acts[i], text, sizeof text);
                ch_action parsed;
                assert_int_equal(ch_parse_action(g, st, text, &parsed, &err), CH_OK);
                assert_true(parsed == acts[i]);
                sorted_words(text, words, sizeof words);
                if (!names[id][0]) snprintf(names[id], sizeof names[id], "%s", words);
                if (strcmp(names[id], words) != 0)
                    fail_msg("%s: id %d is '%s' and '%s'", g->name, id, names[id], words);
            }
            for (int id = 0; id < nids; id++) {
                int rc = ch_action_of_id(g, st, id, acts, &back, &err);
                if (rc != (mask[id] ? CH_OK : CH_EILLEGAL))
                    fail_msg("%s: id %d: mask %d but ch_action_of_id %d", g->name, id, mask[id],
                             rc);
                if (rc == CH_OK) assert_int_equal(g->action_id(st, back), id);
            }
            for (int v = CH_SPECTATOR; v < g->num_players(st); v++) {
                if (v == CH_ALL) continue;
                g->observe(st, v, a);
                g->observe(st, v, b);
                assert_memory_equal(a, b, sizeof *a * (size_t)size);
                if (g->observe_kept) {
                    g->observe_kept(st, v, kept, memo, first);
                    first = 0;
                    assert_memory_equal(kept, a, sizeof *a * (size_t)size);
                }
                if (g == &db_game) babasuki_where_is_the_view(st, v, a);
                /* The viewer's own row (CH_SPECTATOR's is the last). */
                int row = v >= 0 ? v : CH_MAX_PLAYERS;
                if (g->observe_kept && (v < 0 || v == g->to_move(st))) {
                    float *t = mine + (size_t)row * (size_t)size;
                    g->observe_kept(st, v, t, mine_memo + (size_t)row * (size_t)size,
                                    mine_first[row]);
                    mine_first[row] = 0;
                    assert_memory_equal(t, a, sizeof *a * (size_t)size);
                }
            }
            n = g->legal(st, acts);
            g->apply(st, acts[ch_rng_below(&rng, (uint32_t)n)]);
            done++;
        }
    }
    free(st);
    free(kept);
    free(memo);
    free(mine);
    free(mine_memo);
    free(a);
    free(b);
    free(acts);
    free(mask);
    free(names);
}

static void every_game_random_states(void **state)
{
    (void)state;
    static const char *const rk[] = {"players=3", "max_turns_per_round=60"};
    static const char *const rk2[] = {"players=2", "two_player_rule=optional_declare"};
    static const char *const rg[] = {"players=4", "unlimited_multiples=true", "teams=2"};
    static const char *const rg2[] = {"players=3"};
    static const char *const rg3[] = {"players=2", "deck=beginner"}; /* an out-of-play plane */
    static const char *const ru[] = {"players=3", "rumino_claim=true"};
    static const char *const db[] = {"players=2"};
    static const char *const db4[] = {"players=4", "target_arranges=true"};
    static const char *const db6[] = {"players=6", "sudden_death=true"};
    static const char *const cm[] = {"players=5"};
    static const char *const cm3[] = {"players=3"};
    int n = ch_harness_scaled(2000);
    random_states(&rk_game, rk, 2, n);
    random_states(&rk_game, rk2, 2, n);
    random_states(&rg_game, rg, 3, n);
    random_states(&rg_game, rg2, 1, n);
    random_states(&rg_game, rg3, 2, n);
    random_states(&ru_game, ru, 2, n);
    random_states(&db_game, db, 1, n);
    random_states(&db_game, db4, 2, n);
    random_states(&db_game, db6, 2, n);
    random_states(&cm_game, cm, 1, n);
    random_states(&cm_game, cm3, 1, n);
    /* observe_kept: the two games whose tensors a VectorEnv step mostly
     * was (docs/python.md). */
    assert_non_null(rg_game.observe_kept);
    assert_non_null(db_game.observe_kept);
    /* Every game in the tree has the hooks. */
    for (const ch_game *const *g = ch_games(); *g; g++)
        assert_true((*g)->num_action_ids && (*g)->action_id && (*g)->obs_shape && (*g)->observe);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(racko_ids),
        cmocka_unit_test(racko_observe),
        cmocka_unit_test(ragamaru_ids),
        cmocka_unit_test(ragamaru_observe),
        cmocka_unit_test(rumino),
        cmocka_unit_test(babasuki),
        cmocka_unit_test(babasuki_zof_is_the_zones),
        cmocka_unit_test(comrade),
        cmocka_unit_test(every_game_random_states),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
