/* Fuzz target: the engine's request handling (tb_session_line), as a
 * sequence of requests, one per input line, so the fuzzer reaches games in
 * progress. Asserted for every line that is not blank: exactly one reply, a
 * JSON object with a boolean "ok" that can be written out (valid UTF-8); on
 * an error reply the session is unchanged (same game, same moves, same state
 * bytes by ch_equal); after every reply the loaded game's census is whole.
 * Files are off (allow_files = 0), and lines that name a file are skipped
 * (fz_names_file), so the fuzzer never reads this machine's files. */
#include <stdlib.h>
#include <string.h>

#include "cardhall/table.h"
#include "fz.h"

#define FZ_MAX_LINES 64

static int blank(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (s[i] != ' ' && s[i] != '\t' && s[i] != '\r') return 0;
    return 1;
}

/* One request; checks the reply against the session before and after. */
static void one(tb_session *s, const char *line, size_t len, void *before)
{
    json_error_t je;
    json_t *req = json_loadb(line, len, 0, &je);
    int skip = req && fz_names_file(req);
    json_decref(req);
    if (skip) return;

    int had = s->have, n_before = had ? s->m.n_actions : 0;
    const ch_game *g = had ? s->m.game : NULL;
    if (had) ch_clone(g, before, ch_match_state(&s->m));
    int quit = 0;
    json_t *reply = tb_session_line(s, line, len, &quit);
    if (!json_is_object(reply)) fz_fail("no reply object for a line of %zu bytes", len);
    json_t *ok = json_object_get(reply, "ok");
    if (!json_is_boolean(ok)) fz_fail("reply without a boolean ok");
    char *text = json_dumps(reply, JSON_COMPACT);
    if (!text) fz_fail("reply cannot be written as JSON (invalid UTF-8?)");
    if (json_is_false(ok)) {
        if (!json_is_string(json_object_get(reply, "error")))
            fz_fail("error reply without error: %s", text);
        if (s->have != had) fz_fail("error reply changed whether a game is loaded: %s", text);
        if (had && (s->m.game != g || s->m.n_actions != n_before ||
                    !ch_equal(g, before, ch_match_state(&s->m))))
            fz_fail("error reply changed the game: %s", text);
    }
    free(text);
    json_decref(reply);
    if (s->have) fz_census(s->m.game, ch_match_state(&s->m), "after a request");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static void *before;
    if (!before) {
        size_t big = 0;
        for (uint8_t i = 0; i < 16; i++) {
            size_t z = fz_game(i)->state_size;
            big = z > big ? z : big;
        }
        before = malloc(big);
        if (!before) abort();
    }
    tb_config cfg = {.allow_files = 0, .max_request = 0};
    tb_session s;
    tb_session_init(&s, &cfg);
    const char *p = (const char *)data, *end = p + size;
    for (int lines = 0; p < end && lines < FZ_MAX_LINES; lines++) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t len = (size_t)((nl ? nl : end) - p);
        if (!blank(p, len)) one(&s, p, len, before);
        p += len + 1;
    }
    tb_session_free(&s);
    return 0;
}
