/* Fuzz target: records (ch_match_from_record) on parsed JSON. On success:
 * the final state's census is whole, and the record round trips: record ->
 * text -> record replays to the same moves and the same final state.
 * Records whose options name a card file are skipped (fz_names_file). */
#include <stdlib.h>
#include <string.h>

#include "cardhall/match.h"
#include "cardhall/registry.h"
#include "fz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    json_error_t je;
    json_t *rec = json_loadb((const char *)data, size, 0, &je);
    if (!rec) return 0;
    const char *name = ch_record_game(rec);
    const ch_game *g = name ? ch_game_find(name) : NULL;
    if (!g || fz_names_file(rec)) {
        json_decref(rec);
        return 0;
    }
    ch_match m;
    ch_err err;
    if (ch_match_from_record(&m, g, rec, &err) != CH_OK) {
        json_decref(rec);
        return 0;
    }
    fz_census(g, ch_match_state(&m), "replayed record");
    json_t *out = ch_match_record(&m);
    char *text = out ? json_dumps(out, JSON_COMPACT) : NULL;
    if (!text) fz_fail("%s: a replayed record cannot be written", g->name);
    json_t *back = json_loads(text, 0, &je);
    if (!back) fz_fail("%s: a written record does not parse: %s", g->name, je.text);
    ch_match m2;
    if (ch_match_from_record(&m2, g, back, &err) != CH_OK)
        fz_fail("%s: a written record does not replay: %s\n%s", g->name, err.msg, text);
    if (m2.n_actions != m.n_actions || !ch_equal(g, ch_match_state(&m), ch_match_state(&m2)))
        fz_fail("%s: the written record replays to another game\n%s", g->name, text);
    ch_match_free(&m2);
    json_decref(back);
    free(text);
    json_decref(out);
    ch_match_free(&m);
    json_decref(rec);
    return 0;
}
