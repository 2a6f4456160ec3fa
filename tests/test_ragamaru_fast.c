/* RAGAMARU's shortcuts for random play (issue 29) against the plain paths
 * they replace: at every step of many random games, under every option that
 * changes what may be played, rg_game.legal lists exactly what
 * rg_legal_plain lists (the same moves in the same order: a random player's
 * choice is an index into the list), and rg_game.apply leaves exactly the
 * state that rg_apply_plain, the general apply that records events, leaves.
 * The games are whole (random players hoard cards, so hands grow to 30 and
 * more and every kind is held in several colours), not cut short. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cardhall/ragamaru.h"
#include "harness.h"

typedef struct tally {
    long steps, plays, lists_of_many;
    long declares, big_responds, colourless_turns; /* the table-copied lists' cases */
    long loops, loop_decks; /* Loops played (the seating moved); games dealt Loops */
} tally;

static void play_games(const char *const *kv, int nkv, int games, uint64_t seed, tally *t)
{
    ch_action *fast = malloc(sizeof *fast * RG_MAX_ACTIONS);
    ch_action *plain = malloc(sizeof *plain * RG_MAX_ACTIONS);
    assert_non_null(fast);
    assert_non_null(plain);
    uint64_t x = seed * 0x9e3779b97f4a7c15u + 1;
    for (int gi = 0; gi < ch_harness_scaled(games); gi++) {
        rg_state *s = ch_harness_new_state(&rg_game, kv, nkv, seed + (uint64_t)gi);
        t->loop_decks += s->deck == RG_DECK_ADVANCED || s->deck == RG_DECK_BEGINNER;
        for (int step = 0; s->turn != CH_TERMINAL && step < 20000; step++) {
            int n = rg_game.legal(s, fast);
            int m = rg_legal_plain(s, plain);
            if (n != m || memcmp(fast, plain, sizeof *fast * (size_t)n) != 0)
                fail_msg("game %d step %d phase %d: legal lists %d moves, the plain path %d "
                         "(or another order)",
                         gi, step, s->phase, n, m);
            assert_true(n > 0);
            const rg_hand *h = &s->hand[s->turn];
            t->declares += s->phase == RG_PH_DECLARE;
            t->big_responds += s->phase == RG_PH_RESPOND && s->ptype != RG_SIN && h->n > 5;
            t->colourless_turns +=
                s->phase == RG_PH_PLAY && (h->multi[RG_FACE_RES - 96] | h->multi[RG_FACE_SIN - 96] |
                                           h->multi[RG_FACE_RGM - 96]);
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            ch_action a = fast[x % (uint64_t)n];
            rg_state copy = *s;
            rg_game.apply(s, a);
            rg_apply_plain(&copy, a);
            if (memcmp(s, &copy, sizeof copy) != 0)
                fail_msg("game %d step %d: apply(0x%llx) and the plain apply differ", gi, step,
                         (unsigned long long)a);
            /* RG-2: each seat's neighbours, which the turn's step reads,
             * are the seating's, after a Loop (RG-54) too. */
            for (int p = 0; s->turn != CH_TERMINAL && p < s->np; p++)
                if (s->hand[p].next[s->dir < 0] != rg_seat_next(s, p, 1) ||
                    s->hand[p].next[s->dir > 0] != rg_seat_next(s, p, -1))
                    fail_msg("game %d step %d: seat %d's neighbours are not the seating's", gi,
                             step, p);
            t->loops += (a & 0x7f) == (4 | RG_LOOP << 3); /* a Loop played (internal.h's codes) */
            t->steps++;
            t->plays += (a & 7) == 4; /* RG_A_PLAY (src/games/ragamaru/internal.h) */
            t->lists_of_many += n >= 8;
        }
        free(s);
    }
    free(fast);
    free(plain);
}

static void check(const char *const *kv, int nkv, int games, uint64_t seed)
{
    tally t = {0, 0, 0, 0, 0, 0, 0, 0};
    play_games(kv, nkv, games, seed, &t);
    /* The games were long and varied enough to reach the shortcuts' cases. */
    assert_true(t.steps > 200L * ch_harness_scaled(games));
    assert_true(t.plays > t.steps / 10);
    assert_true(t.lists_of_many > 0);
    assert_true(t.declares > 0);         /* RG-62 */
    assert_true(t.big_responds > 0);     /* RG-41..RG-45 */
    assert_true(t.colourless_turns > 0); /* RG-62..RG-66 */
    assert_true(t.loops > 0 || t.loop_decks == 0); /* RG-54 */
}

/* RG-30..RG-36 (plays in a turn and after a draw), RG-21/22 (draw), RG-73
 * (pass), RG-41..RG-47 (attacks and responses): the default rules. */
static void shortcuts_2_players(void **st)
{
    (void)st;
    const char *kv[] = {"players=2"};
    check(kv, 1, 200, 100);
}

static void shortcuts_5_players(void **st)
{
    (void)st;
    const char *kv[] = {"players=5"};
    check(kv, 1, 120, 200);
}

static void shortcuts_8_players_teams(void **st)
{
    (void)st;
    const char *kv[] = {"players=8", "teams=4"};
    check(kv, 2, 60, 300);
}

/* RG-V3 (up to 4 of a kind), RG-V4 (strict draw), RG-V5 (free Advantage),
 * RG-V1 (beginner deck, no Conversions): each changes what may be played. */
static void shortcuts_variants(void **st)
{
    (void)st;
    const char *a[] = {"players=3", "unlimited_multiples=true"};
    check(a, 2, 80, 400);
    const char *b[] = {"players=4", "strict_draw=true", "free_advantage=true"};
    check(b, 3, 80, 500);
    const char *c[] = {"players=3", "deck=beginner_noloop", "unlimited_multiples=true",
                       "free_advantage=true"};
    check(c, 4, 80, 600);
    const char *d[] = {"players=6", "deck=advanced_noloop", "max_arrivals=400"};
    check(d, 3, 80, 700);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(shortcuts_2_players),
        cmocka_unit_test(shortcuts_5_players),
        cmocka_unit_test(shortcuts_8_players_teams),
        cmocka_unit_test(shortcuts_variants),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
