/* The broadcast's allocator for jansson (src/server/jsarena.h): inside a
 * window nodes come from the block and freeing them does nothing; what does
 * not fit goes to malloc and is freed (LeakSanitizer sees it otherwise);
 * nodes made before a window survive being shared into a tree and freed in
 * it; and a tree built in the block is the same text as one built by
 * malloc. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cardhall/jsontext.h"
#include "jsarena.h"

/* A tree like a state message: objects, arrays, strings, integers. */
static json_t *tree(int n)
{
    json_t *o = json_object();
    json_object_set_new(o, "type", json_string("state"));
    json_t *a = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(a, json_pack("{s:i,s:s,s:[i,i]}", "n", i, "card", "7 of rack", "at",
                                           i, -i));
    json_object_set_new(o, "legal", a);
    return o;
}

static char *text(json_t *j)
{
    size_t len;
    char *t = tb_json_dumps(j, &len);
    assert_non_null(t);
    return t;
}

static void test_window_uses_the_block(void **state)
{
    (void)state;
    sv_jsarena_install();
    json_t *before = tree(20); /* outside a window: malloc's */
    char *want = text(before);
    json_t *opts = json_pack("{s:i}", "players", 2); /* a room's, made once */

    sv_jsarena_begin();
    json_t *o = tree(20);
    json_object_set(o, "options", opts); /* shared: its count goes up */
    size_t used = sv_jsarena_used();
    assert_true(used > 20 * 3 * sizeof(void *)); /* the nodes are in the block */
    assert_int_equal(sv_jsarena_spilled(), 0);
    json_object_del(o, "options");
    char *got = text(o);
    json_decref(o); /* frees nothing of the block; opts back to one reference */
    assert_int_equal(sv_jsarena_used(), used);
    sv_jsarena_end();

    assert_string_equal(got, want);
    /* The node made before the window is whole after it. */
    assert_int_equal(json_integer_value(json_object_get(opts, "players")), 2);
    json_decref(opts);
    json_decref(before);
    free(want);
    free(got);
    sv_jsarena_uninstall();
}

static void test_a_full_block_spills_to_malloc(void **state)
{
    (void)state;
    sv_jsarena_install();
    json_t *small = tree(50);
    char *want = text(small);
    json_decref(small);

    sv_jsarena_begin();
    json_t *big = tree(20000); /* far more than SV_JSARENA_BYTES */
    assert_true(sv_jsarena_spilled() > 0);
    assert_true(sv_jsarena_used() <= SV_JSARENA_BYTES);
    json_array_clear(json_object_get(big, "legal"));
    json_decref(big); /* the spilled nodes are freed (LeakSanitizer) */
    /* Later nodes of the same window still work. */
    json_t *again = tree(50);
    char *got = text(again);
    json_decref(again);
    sv_jsarena_end();
    assert_string_equal(got, want);

    /* The next window starts with an empty block. */
    sv_jsarena_begin();
    assert_int_equal(sv_jsarena_used(), 0);
    json_decref(tree(1));
    sv_jsarena_end();
    free(want);
    free(got);
    sv_jsarena_uninstall();
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_window_uses_the_block),
        cmocka_unit_test(test_a_full_block_spills_to_malloc),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
