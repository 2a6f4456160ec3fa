/* Inference for the search players (src/bots/infer.h, issue 28): worlds
 * weighted by a game's model of the other seats. Fair play (the worlds drawn
 * depend on the seat's view only), weights in (0, 1], and that the model
 * reads what it says it reads: in Rumino's worlds drawn with it, a seat's
 * hand melds less often with the cards it threw away (RU-13, the discard)
 * or let lie (RU-11, the draw or take) than in uniform worlds, and the true
 * hands of heuristic players are likelier under it than uniform worlds; in
 * Rack-O's, the opponent's rack keeps more cards in a rising order (RK-2)
 * than a uniform one, as the heuristic's true racks do. Rumino's second
 * model (infer=2) draws the other seats' hands as far along as the
 * heuristic's are after as many discards (RU-5's deadwood). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cardhall/bot.h"
#include "cardhall/games.h"
#include "cardhall/registry.h"
#include "cardhall/rumino.h"
#include "harness.h"
#include "infer.h"

/* Heuristic players at every seat for k moves. */
static void advance(const ch_game *g, void *st, int k, uint64_t seed)
{
    ch_bot h;
    assert_int_equal(ch_bot_init(&h, g, "heuristic", seed, NULL), CH_OK);
    for (int i = 0; i < k && g->to_move(st) != CH_TERMINAL; i++)
        g->apply(st, ch_bot_act(&h, st, g->to_move(st)));
}

static const char *const games[] = {"racko", "ragamaru", "rumino", "babasuki", "comrade"};

/* The same view gives the same worlds and weights, whatever the hidden
 * cards of the true state; every weight is in (0, 1]. Every model: the
 * settings infer=1 and infer=2. */
static void infer_fair_play(void **unused)
{
    (void)unused;
    int models = 0;
    for (size_t gl = 0; gl < 2 * (sizeof games / sizeof games[0]); gl++) {
        const ch_game *g = ch_game_find(games[gl / 2]);
        if (!g) continue;
        ch_infer_fn f = ch_infer_model(g, 1 + (int)(gl % 2));
        if (!f) continue;
        models++;
        void *w1 = malloc(g->state_size), *w2 = malloc(g->state_size);
        void *t1 = malloc(g->state_size), *t2 = malloc(g->state_size);
        void *other = malloc(g->state_size);
        int below_one = 0;
        for (int pos = 0; pos < 12; pos++) {
            void *st = ch_harness_new_state(g, NULL, 0, 300 + (uint64_t)pos);
            advance(g, st, 6 + 5 * pos, (uint64_t)pos);
            int seat = g->to_move(st);
            if (seat == CH_TERMINAL) {
                free(st);
                continue;
            }
            ch_clone(g, other, st);
            ch_rng r;
            ch_rng_seed(&r, 77 + (uint64_t)pos, 3);
            g->resample(other, seat, &r);
            for (uint64_t s = 1; s <= 8; s++) {
                ch_rng a, b;
                ch_rng_seed(&a, s, 9);
                ch_rng_seed(&b, s, 9);
                double x = ch_infer_resample(g, f, w1, t1, st, seat, &a);
                double y = ch_infer_resample(g, f, w2, t2, other, seat, &b);
                if (!ch_equal(g, w1, w2) || x != y)
                    fail_msg("%s position %d seed %llu: an inferred world depends on the hidden "
                             "cards",
                             g->name, pos, (unsigned long long)s);
                assert_true(x > 0.0 && x <= 1.0);
                /* A uniform world's weight, to see the model at work. */
                ch_clone(g, t1, st);
                g->resample(t1, seat, &a);
                double u = f(t1, st, seat);
                assert_true(u > 0.0 && u <= 1.0);
                below_one += u < 1.0;
            }
            free(st);
        }
        if (below_one == 0) fail_msg("%s: the model never weighed a world below 1", g->name);
        free(w1), free(w2), free(t1), free(t2), free(other);
    }
    assert_true(models > 0 || ch_game_find("rumino") == NULL);
}

/* Rumino: the heuristic's hands agree with the model more than uniform
 * worlds do, and inferred worlds agree more than uniform ones. */
static void rumino_model(void **unused)
{
    (void)unused;
    const ch_game *g = ch_game_find("rumino");
    if (!g) skip();
    ch_infer_fn f = ch_infer_for(g);
    assert_non_null(f);
    static const char *const kv[] = {"players=2"};
    void *w = malloc(g->state_size), *tmp = malloc(g->state_size);
    double truth = 0, uniform = 0, inferred = 0;
    int n = 0;
    for (int pos = 0; pos < 40; pos++) {
        void *st = ch_harness_new_state(g, kv, 1, 900 + (uint64_t)pos);
        advance(g, st, 10 + pos % 20, (uint64_t)pos);
        int seat = g->to_move(st);
        if (seat == CH_TERMINAL) {
            free(st);
            continue;
        }
        truth += f(st, st, seat);
        ch_rng r;
        ch_rng_seed(&r, (uint64_t)pos, 5);
        for (int k = 0; k < 50; k++) {
            ch_clone(g, w, st);
            g->resample(w, seat, &r);
            uniform += f(w, st, seat) / 50;
            inferred += ch_infer_resample(g, f, w, tmp, st, seat, &r) / 50;
        }
        n++;
        free(st);
    }
    assert_true(n >= 30);
    truth /= n, uniform /= n, inferred /= n;
    print_message("rumino: mean weight of the truth %.3f, uniform worlds %.3f, inferred %.3f\n",
                  truth, uniform, inferred);
    /* The model describes the heuristic: its true hands are likelier than
     * hands drawn at random from the same view. */
    assert_true(truth > uniform + 0.05);
    /* And the worlds searched follow it. */
    assert_true(inferred > uniform + 0.05);
    free(w), free(tmp);
}

/* Rumino, infer=2 (RU-5, RU-23): after three or more discards this hand,
 * the other seat's true hand (heuristic play) leaves far less deadwood
 * than its hand in the worlds drawn by the first model, and the worlds
 * drawn by the second come most of the way to it. */
static void rumino_deadwood_model(void **unused)
{
    (void)unused;
    const ch_game *g = ch_game_find("rumino");
    if (!g) skip();
    ch_infer_fn f1 = ch_infer_model(g, 1), f2 = ch_infer_model(g, 2);
    assert_non_null(f1);
    assert_non_null(f2);
    assert_true(f1 != f2);
    static const char *const kv[] = {"players=2"};
    void *w = malloc(g->state_size), *tmp = malloc(g->state_size);
    double truth = 0, first = 0, second = 0;
    int n = 0;
    for (int pos = 0; pos < 200 && n < 30; pos++) {
        void *st = ch_harness_new_state(g, kv, 1, 4000 + (uint64_t)pos);
        advance(g, st, 12 + pos % 10, (uint64_t)pos);
        int seat = g->to_move(st);
        ru_view me, them;
        if (seat == CH_TERMINAL) {
            free(st);
            continue;
        }
        ru_observe(st, seat, &me);
        int q = 1 - seat, t = 0;
        for (int fc = 0; fc < RU_NFACES; fc++)
            t += me.thrown[q][fc];
        ru_observe(st, q, &them);
        if (t < 3 || them.nhand != 7) {
            free(st);
            continue;
        }
        truth += ru_meld_deadwood(them.hand, them.nhand);
        ch_rng r;
        ch_rng_seed(&r, (uint64_t)pos, 5);
        for (int k = 0; k < 20; k++) {
            ch_infer_resample(g, f1, w, tmp, st, seat, &r);
            ru_observe(w, q, &them);
            first += ru_meld_deadwood(them.hand, them.nhand) / 20.0;
            ch_infer_resample(g, f2, w, tmp, st, seat, &r);
            ru_observe(w, q, &them);
            second += ru_meld_deadwood(them.hand, them.nhand) / 20.0;
        }
        n++;
        free(st);
    }
    assert_true(n >= 20);
    truth /= n, first /= n, second /= n;
    print_message("rumino: the other hand's deadwood: true %.1f, infer=1 worlds %.1f, infer=2 "
                  "worlds %.1f\n",
                  truth, first, second);
    assert_true(first > truth + 10);
    assert_true(second < first - 8);
    assert_true(second - truth < (first - truth) / 2);
    free(w), free(tmp);
}

/* Rack-O: after a few turns the heuristic's racks keep more cards in a
 * rising order than racks drawn uniformly from the seat's view, are
 * likelier under the model, and the worlds drawn with it come close. */
static void racko_model(void **unused)
{
    (void)unused;
#ifndef CH_HAVE_RACKO
    skip();
#else
    const ch_game *g = ch_game_find("racko");
    if (!g) skip();
    ch_infer_fn f = ch_infer_for(g);
    assert_non_null(f);
    static const char *const kv[] = {"players=2"};
    rk_state *w = malloc(g->state_size), *tmp = malloc(g->state_size);
    double truth = 0, uniform = 0, inferred = 0, kt = 0, ku = 0, ki = 0;
    int n = 0;
    for (int pos = 0; pos < 40; pos++) {
        rk_state *st = ch_harness_new_state(g, kv, 1, 700 + (uint64_t)pos);
        /* Three to seven turns each (a turn is two or three moves). */
        advance(g, st, 16 + pos % 12, (uint64_t)pos);
        int seat = g->to_move(st);
        if (seat == CH_TERMINAL || st->hands > 0) {
            free(st);
            continue;
        }
        int q = 1 - seat;
        truth += f(st, st, seat);
        kt += rk_infer_kept(st->rack[q], st->deck_size);
        ch_rng r;
        ch_rng_seed(&r, (uint64_t)pos, 5);
        for (int k = 0; k < 50; k++) {
            ch_clone(g, w, st);
            g->resample(w, seat, &r);
            uniform += f(w, st, seat) / 50;
            ku += rk_infer_kept(w->rack[q], w->deck_size) / 50.0;
            inferred += ch_infer_resample(g, f, w, tmp, st, seat, &r) / 50;
            ki += rk_infer_kept(w->rack[q], w->deck_size) / 50.0;
        }
        n++;
        free(st);
    }
    assert_true(n >= 30);
    truth /= n, uniform /= n, inferred /= n, kt /= n, ku /= n, ki /= n;
    print_message("racko: mean weight of the truth %.3f, uniform worlds %.3f, inferred %.3f; "
                  "cards kept %.2f, %.2f, %.2f\n",
                  truth, uniform, inferred, kt, ku, ki);
    assert_true(kt > ku + 1.0);
    assert_true(truth > uniform + 0.2);
    assert_true(ki > ku + 1.0);
    assert_true(inferred > uniform + 0.2);
    free(w), free(tmp);
#endif
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(infer_fair_play),
        cmocka_unit_test(rumino_model),
        cmocka_unit_test(rumino_deadwood_model),
        cmocka_unit_test(racko_model),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
