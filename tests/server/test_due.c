/* The server's list of tables by due time (src/server/due.h, issue 29):
 * over many random changes of many tables' times, taking out and popping,
 * the tables popped are exactly those due at or before the time, earliest
 * first, as a plain scan of every table says. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cardhall/rng.h"
#include "conn.h"
#include "due.h"

#define N 300

static void due_tables_come_out_earliest_first_as_a_scan_finds_them(void **unused)
{
    (void)unused;
    static sv_table t[N];
    int64_t want[N]; /* each table's time by the scan: INT64_MAX when not due */
    memset(t, 0, sizeof t);
    sv_due d = {0};
    assert_int_equal(sv_due_reserve(&d, N), CH_OK);
    for (int i = 0; i < N; i++)
        want[i] = INT64_MAX;
    ch_rng rng;
    ch_rng_seed(&rng, 29, 0);
    int64_t now = 0;
    for (int round = 0; round < 2000; round++) {
        /* Some tables get a new time (some never: out of the list). */
        for (int k = 0; k < 5; k++) {
            int i = (int)ch_rng_below(&rng, N);
            int64_t at = ch_rng_below(&rng, 8) == 0 ? INT64_MAX : now + ch_rng_below(&rng, 50);
            sv_due_set(&d, &t[i], at);
            want[i] = at;
        }
        now += ch_rng_below(&rng, 10);
        int64_t last = INT64_MIN;
        sv_table *p;
        while ((p = sv_due_pop(&d, now))) {
            int i = (int)(p - t);
            assert_true(want[i] <= now);
            assert_true(want[i] >= last); /* earliest first */
            assert_int_equal(p->due_i, 0);
            last = want[i];
            want[i] = INT64_MAX;
        }
        int64_t next = INT64_MAX;
        for (int i = 0; i < N; i++) {
            assert_true(want[i] > now); /* every due one came out */
            if (want[i] < next) next = want[i];
        }
        assert_true(sv_due_next(&d) == next);
    }
    sv_due_free(&d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(due_tables_come_out_earliest_first_as_a_scan_finds_them),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
