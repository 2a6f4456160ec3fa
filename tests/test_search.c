/* The search players (ismcts, pimc, and Comrade's solver): their settings,
 * bot lists with settings, determinism for a seed and budget (also with
 * threads), fair play (a choice depends on the seat's view only, never on
 * the hidden cards of the true state) and whole legal games of all five
 * games. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cardhall/bot.h"
#include "cardhall/registry.h"
#include "harness.h"

/* Short games, so a whole game of search players stays quick. */
typedef struct table {
    const char *game;
    const char *kv[3];
    int nkv;
} table;

static const table tables[] = {
    {"racko", {"players=2", "target_score=50"}, 2},
    {"ragamaru", {"players=2"}, 1},
    {"rumino", {"players=2", "elimination_score=25"}, 2},
    {"babasuki", {"players=2", "one_shot=true"}, 2},
    {"comrade", {"players=5", "deals=1"}, 2},
};
enum { NTABLES = sizeof tables / sizeof tables[0] };

static void *new_game(const table *t, uint64_t seed)
{
    const ch_game *g = ch_game_find(t->game);
    assert_non_null(g);
    return ch_harness_new_state(g, t->kv, t->nkv, seed);
}

/* Plays k moves by the heuristic (so Rack-O and Rumino reach real
 * positions), stopping early at a position with a real choice after at
 * least k/2 moves. */
static void advance(const ch_game *g, void *st, int k, uint64_t seed)
{
    ch_bot h;
    assert_int_equal(ch_bot_init(&h, g, "heuristic", seed, NULL), CH_OK);
    for (int i = 0; i < k && g->to_move(st) != CH_TERMINAL; i++) {
        if (i >= k / 2 && g->legal(st, h.acts) > 2) break;
        g->apply(st, ch_bot_act(&h, st, g->to_move(st)));
    }
}

static ch_action choose(const ch_game *g, const char *spec, uint64_t seed, const void *st)
{
    ch_bot *b = malloc(sizeof *b);
    ch_err err;
    assert_non_null(b);
    if (ch_bot_init(b, g, spec, seed, &err) != CH_OK) fail_msg("%s: %s", spec, err.msg);
    ch_action a = ch_bot_act(b, st, g->to_move(st));
    assert_true(ch_is_legal(g, st, a));
    free(b);
    return a;
}

static void settings_parse(void **unused)
{
    (void)unused;
    const ch_game *g = ch_game_find("racko");
    ch_bot *b = malloc(sizeof *b);
    ch_err err;
    assert_int_equal(
        ch_bot_init(b, g, "ismcts:iters=500,c=50,rollout=random,threads=2,depth=9", 1, &err),
        CH_OK);
    assert_int_equal(b->search.iters, 500);
    assert_int_equal(b->search.threads, 2);
    assert_int_equal(b->search.depth, 9);
    assert_int_equal(b->search.rollout, CH_ROLLOUT_RANDOM);
    assert_true(b->search.c > 0.49 && b->search.c < 0.51);
    assert_string_equal(b->name, "ismcts:iters=500,c=50,rollout=random,threads=2,depth=9");
    assert_int_equal(ch_bot_init(b, g, "pimc:worlds=32,ms=200,z=0,cut=game", 1, &err), CH_OK);
    assert_int_equal(b->search.worlds, 32);
    assert_true(b->search.z == 0);
    assert_int_equal(b->search.hand_cut, 0);
    assert_int_equal(b->search.ms, 200);
    assert_int_equal(ch_bot_init(b, g, "pimc:halve=1", 1, &err), CH_OK);
    assert_int_equal(b->search.halve, 1);
    /* tuned: Rack-O's tuned player plays pimc's own rollout moves by
     * default (1); Rumino's is not used by default (0: as the anchor alone,
     * tuned=2, it measured no stronger; issue 28). */
    assert_int_equal(ch_bot_init(b, g, "pimc", 1, &err), CH_OK);
    assert_int_equal(b->search.tuned, 1);
    assert_int_equal(ch_bot_init(b, ch_game_find("rumino"), "pimc", 1, &err), CH_OK);
    assert_int_equal(b->search.tuned, 0);
    assert_int_equal(ch_bot_init(b, g, "pimc:tuned=2", 1, &err), CH_OK);
    assert_int_equal(b->search.tuned, 2);
    /* prior: hundredths, as c; off by default. */
    assert_int_equal(ch_bot_init(b, g, "ismcts", 1, &err), CH_OK);
    assert_true(b->search.prior == 0);
    assert_int_equal(ch_bot_init(b, g, "ismcts:prior=150", 1, &err), CH_OK);
    assert_true(b->search.prior > 1.49 && b->search.prior < 1.51);

    /* Refused, each with a message naming what is wrong. */
    static const struct {
        const char *spec, *says;
    } bad[] = {
        {"ismcts:iters=abc", "'abc' is not an integer"},
        {"ismcts:iters=0", "iters"},
        {"ismcts:iters=99999999999", "iters"},
        {"ismcts:iters=", "iters"},
        {"ismcts:iters", "expected key=value"},
        {"ismcts:speed=3", "unknown bot setting 'speed'"},
        {"pimc:rollout=smart", "random|heuristic"},
        {"pimc:ms=-5", "ms"},
        {"pimc:z=abc", "bot setting z"},
        {"pimc:cut=round", "hand|game"},
        {"pimc:nodes=0", "nodes"},
        {"pimc:infer=yes", "infer"},
        {"pimc:halve=2", "halve"},
        {"pimc:tuned=3", "tuned"},
        {"ismcts:prior=1001", "prior"},
        {"ismcts:prior=-1", "prior"},
        {"solver", "no bot 'solver' for racko"},
        {"heuristic:iters=5", "takes no settings"},
        {"mcts", "no bot 'mcts'"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        memset(&err, 0, sizeof err);
        ch_bot_init(b, g, "random", 1, NULL);
        assert_int_equal(ch_bot_init(b, g, bad[i].spec, 1, &err), CH_EINVAL);
        if (!strstr(err.msg, bad[i].says))
            fail_msg("%s: message '%s' lacks '%s'", bad[i].spec, err.msg, bad[i].says);
        /* A refused spec changes nothing. */
        assert_string_equal(b->name, "random");
    }
    free(b);
}

static void bot_list_split(void **unused)
{
    (void)unused;
    char buf[128];
    const char *names[8];
    ch_err err;
    assert_int_equal(ch_bot_split("random,pimc:worlds=32,ms=200", buf, sizeof buf, names, 8, &err),
                     2);
    assert_string_equal(names[0], "random");
    assert_string_equal(names[1], "pimc:worlds=32,ms=200");
    assert_int_equal(
        ch_bot_split("ismcts:iters=10,c=40,heuristic,pimc,random", buf, sizeof buf, names, 8, &err),
        4);
    assert_string_equal(names[0], "ismcts:iters=10,c=40");
    assert_string_equal(names[1], "heuristic");
    assert_string_equal(names[2], "pimc");
    assert_string_equal(names[3], "random");
    assert_int_equal(ch_bot_split("heuristic", buf, sizeof buf, names, 8, &err), 1);

    assert_int_equal(ch_bot_split("random,ms=200", buf, sizeof buf, names, 8, &err), CH_EINVAL);
    assert_non_null(strstr(err.msg, "follows no search player"));
    assert_int_equal(ch_bot_split("ms=200", buf, sizeof buf, names, 8, &err), CH_EINVAL);
    assert_int_equal(ch_bot_split("random,,heuristic", buf, sizeof buf, names, 8, &err), CH_EINVAL);
    assert_non_null(strstr(err.msg, "empty bot name"));
    assert_int_equal(ch_bot_split("random,", buf, sizeof buf, names, 8, &err), CH_EINVAL);
    assert_int_equal(ch_bot_split("a,b,c", buf, sizeof buf, names, 2, &err), CH_EINVAL);
    assert_non_null(strstr(err.msg, "more than 2"));
    char big[200];
    memset(big, 'r', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    assert_int_equal(ch_bot_split(big, buf, sizeof buf, names, 8, &err), CH_EINVAL);
}

/* Same seed and iterations: the same choice, move after move; with
 * threads=2 too (each thread its own seed, visits summed). */
static void deterministic(void **unused)
{
    (void)unused;
    static const char *const specs[] = {"ismcts:iters=80",
                                        "ismcts:iters=80,threads=2",
                                        "ismcts:iters=80,prior=50",
                                        "ismcts:iters=80,prior=50,threads=2",
                                        "pimc:worlds=4,iters=60",
                                        "pimc:worlds=4,iters=60,threads=2",
                                        "pimc:iters=90,halve=1",
                                        "pimc:iters=90,top=2,race=1",
                                        "pimc:iters=90,halve=1,threads=2",
                                        "solver:worlds=4,nodes=1000",
                                        "solver:worlds=4,nodes=1000,threads=2"};
    for (int t = 0; t < NTABLES; t++) {
        const ch_game *g = ch_game_find(tables[t].game);
        void *st = new_game(&tables[t], 7);
        /* Comrade: into the trick phase, where the solver player searches. */
        advance(g, st, strcmp(g->name, "comrade") == 0 ? 40 : 12, 7);
        for (size_t s = 0; s < sizeof specs / sizeof specs[0]; s++) {
            if (strncmp(specs[s], "solver", 6) == 0 && strcmp(g->name, "comrade") != 0) continue;
            ch_bot *a = malloc(sizeof *a), *b = malloc(sizeof *b);
            assert_int_equal(ch_bot_init(a, g, specs[s], 99, NULL), CH_OK);
            assert_int_equal(ch_bot_init(b, g, specs[s], 99, NULL), CH_OK);
            void *cur = malloc(g->state_size);
            ch_clone(g, cur, st);
            for (int m = 0; m < 3 && g->to_move(cur) != CH_TERMINAL; m++) {
                int p = g->to_move(cur);
                ch_action x = ch_bot_act(a, cur, p), y = ch_bot_act(b, cur, p);
                if (x != y)
                    fail_msg("%s %s move %d: %llu then %llu", g->name, specs[s], m,
                             (unsigned long long)x, (unsigned long long)y);
                g->apply(cur, x);
            }
            free(cur), free(a), free(b);
        }
        free(st);
    }
}

/* Fair play: replace the hidden cards of the true state by another deal
 * consistent with the seat's view (the game's resample with another rng).
 * The view is the same, so a search player's determinizations must be the
 * same worlds, and its choice the same, for the same seed. */
static void fair_play(void **unused)
{
    (void)unused;
    /* The heuristics too, and the tuned ones (Rack-O's plays pimc's own
     * rollout moves; Rumino's anchors pimc's choice with tuned=2): they
     * read the seat's view only. */
    static const char *const specs[] = {"ismcts:iters=60",
                                        "ismcts:iters=60,prior=50",
                                        "pimc:worlds=4,iters=60",
                                        "pimc:worlds=4,iters=60,tuned=2",
                                        "pimc:iters=90,halve=1",
                                        "pimc:iters=90,top=2,race=1",
                                        "solver:worlds=4,nodes=1000",
                                        "heuristic",
                                        "tuned"};
    for (int t = 0; t < NTABLES; t++) {
        const ch_game *g = ch_game_find(tables[t].game);
        void *w1 = malloc(g->state_size), *w2 = malloc(g->state_size);
        for (int pos = 0; pos < 4; pos++) {
            void *st = new_game(&tables[t], 100 + (uint64_t)pos);
            advance(g, st, 4 + 9 * pos, (uint64_t)pos);
            int seat = g->to_move(st);
            if (seat == CH_TERMINAL) {
                free(st);
                continue;
            }
            void *other = malloc(g->state_size);
            ch_clone(g, other, st);
            ch_rng r;
            ch_rng_seed(&r, 555 + (uint64_t)pos, 3);
            g->resample(other, seat, &r);
            /* The same view... */
            json_t *v1 = g->view_json(st, seat), *v2 = g->view_json(other, seat);
            assert_true(json_equal(v1, v2));
            json_decref(v1), json_decref(v2);
            /* ...gives the same worlds: a world drawn from the view does not
             * depend on where the hidden cards really are. */
            ch_rng a, b;
            ch_rng_seed(&a, 42, 1);
            ch_rng_seed(&b, 42, 1);
            ch_clone(g, w1, st);
            ch_clone(g, w2, other);
            g->resample(w1, seat, &a);
            g->resample(w2, seat, &b);
            if (!ch_equal(g, w1, w2))
                fail_msg("%s position %d: a world drawn for seat %d depends on the hidden cards",
                         g->name, pos, seat);
            /* ...and the same choices. */
            for (size_t s = 0; s < sizeof specs / sizeof specs[0]; s++)
                for (uint64_t seed = 1; seed <= 2; seed++) {
                    if (strncmp(specs[s], "solver", 6) == 0 && strcmp(g->name, "comrade") != 0)
                        continue;
                    if (strcmp(specs[s], "tuned") == 0 && strcmp(g->name, "racko") != 0 &&
                        strcmp(g->name, "rumino") != 0)
                        continue;
                    ch_action x = choose(g, specs[s], seed, st),
                              y = choose(g, specs[s], seed, other);
                    if (x != y)
                        fail_msg("%s position %d %s seed %llu: choice depends on hidden cards",
                                 g->name, pos, specs[s], (unsigned long long)seed);
                }
            free(other);
            free(st);
        }
        free(w1), free(w2);
    }
}

/* Whole games: search players at every seat (Comrade: the whole team, two
 * of them solver players) play legal moves to the end; every move is
 * checked through ch_apply. */
static void whole_games(void **unused)
{
    (void)unused;
    for (int t = 0; t < NTABLES; t++) {
        const ch_game *g = ch_game_find(tables[t].game);
        void *st = new_game(&tables[t], 2024);
        int np = g->num_players(st);
        ch_bot *bots = malloc(sizeof *bots * (size_t)np);
        for (int p = 0; p < np; p++) {
            const char *spec =
                p % 2 ? "pimc:worlds=3,iters=30,depth=40" : "ismcts:iters=40,depth=40";
            if (strcmp(g->name, "comrade") == 0 && p >= 3) spec = "solver:worlds=4,nodes=1000";
            assert_int_equal(ch_bot_init(&bots[p], g, spec, (uint64_t)p + 1, NULL), CH_OK);
        }
        int steps = 0;
        for (; steps < 20000 && g->to_move(st) != CH_TERMINAL; steps++) {
            int p = g->to_move(st);
            ch_err err;
            if (ch_apply(g, st, ch_bot_act(&bots[p], st, p), &err) != CH_OK)
                fail_msg("%s step %d: %s", g->name, steps, err.msg);
        }
        if (g->to_move(st) != CH_TERMINAL) fail_msg("%s: unfinished after %d", g->name, steps);
        free(bots);
        free(st);
    }
}

/* Issue 28's heuristic-guided ISMCTS: with prior > 0 the first node a
 * search expands at the root is the heuristic's move (the root is the
 * seat's own information set, so that move is the same in every world),
 * so one iteration chooses it; unguided, one iteration picks an untried
 * move at random, which over many seeds is often another. */
static void prior_guides(void **unused)
{
    (void)unused;
    for (int t = 0; t < NTABLES; t++) {
        const ch_game *g = ch_game_find(tables[t].game);
        int differs = 0, positions = 0;
        for (int pos = 0; pos < 20; pos++) {
            void *st = new_game(&tables[t], 300 + (uint64_t)pos);
            advance(g, st, 6 + 3 * pos, (uint64_t)pos);
            int seat = g->to_move(st);
            ch_bot *h = malloc(sizeof *h), *h2 = malloc(sizeof *h2);
            assert_int_equal(ch_bot_init(h, g, "heuristic", 5, NULL), CH_OK);
            ch_action want = 0;
            /* Only where the heuristic's choice does not hang on its own
             * randomness (RAGAMARU's breaks ties at random): the same
             * from sixteen seeds. */
            int fixed = seat != CH_TERMINAL && g->legal(st, h->acts) > 1;
            if (fixed) want = ch_bot_act(h, st, seat);
            for (uint64_t hs = 6; fixed && hs < 22; hs++) {
                assert_int_equal(ch_bot_init(h2, g, "heuristic", hs, NULL), CH_OK);
                fixed = ch_bot_act(h2, st, seat) == want;
            }
            if (fixed) {
                positions++;
                for (uint64_t seed = 1; seed <= 4; seed++) {
                    if (choose(g, "ismcts:iters=1,prior=50", seed, st) != want)
                        fail_msg("%s position %d seed %llu: not the heuristic's move", g->name, pos,
                                 (unsigned long long)seed);
                    differs += choose(g, "ismcts:iters=1", seed, st) != want;
                }
            }
            free(h), free(h2);
            free(st);
        }
        if (positions < 4) fail_msg("%s: %d positions", g->name, positions);
        if (differs == 0) fail_msg("%s: unguided ismcts always made the heuristic's move", g->name);
    }
}

/* Issue 28: Expert, where a game offers it, is the game's Hard player with
 * far more search; where it does not (today every game: more search
 * measured no stronger than Hard), the word is refused, so no table seats
 * a player called Expert that is not. */
static void expert_levels(void **unused)
{
    (void)unused;
    for (int t = 0; t < NTABLES; t++) {
        const ch_game *g = ch_game_find(tables[t].game);
        const char *hard = ch_bot_level(g, CH_LEVEL_HARD);
        const char *expert = ch_bot_level(g, CH_LEVEL_EXPERT);
        assert_non_null(hard);
        ch_bot *h = malloc(sizeof *h), *e = malloc(sizeof *e);
        ch_err err;
        if (ch_bot_init(h, g, "hard", 1, &err) != CH_OK) fail_msg("%s hard: %s", g->name, err.msg);
        if (!expert) {
            assert_int_equal(ch_bot_init(e, g, "expert", 1, &err), CH_EINVAL);
            assert_non_null(strstr(err.msg, "has no level 'expert'"));
            free(h), free(e);
            continue;
        }
        if (ch_bot_init(e, g, "expert", 1, &err) != CH_OK)
            fail_msg("%s expert: %s", g->name, err.msg);
        assert_string_equal(e->spec, expert);
        assert_ptr_equal(h->act, e->act);          /* the same player... */
        if (e->search.iters < 5 * h->search.iters) /* ...with far more search */
            fail_msg("%s: expert %d iterations, hard %d", g->name, e->search.iters,
                     h->search.iters);
        free(h), free(e);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(settings_parse), cmocka_unit_test(bot_list_split),
        cmocka_unit_test(deterministic),  cmocka_unit_test(fair_play),
        cmocka_unit_test(whole_games),    cmocka_unit_test(expert_levels),
        cmocka_unit_test(prior_guides),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
