/* Fuzz target: card orders (ch_parse_order) for each game; the first byte
 * picks the game. On success the order written back with card_text parses
 * to the same faces, and a full order deals a game whose census is whole. */
#include <stdlib.h>
#include <string.h>

#include "cardhall/options.h"
#include "fz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) return 0;
    const ch_game *g = fz_game(data[0]);
    char *text = fz_text(data + 1, size - 1);
    static int faces[CH_MAX_CARDS], again[CH_MAX_CARDS];
    int n = 0, m = 0;
    ch_err err;
    if (ch_parse_order(g, text, faces, CH_MAX_CARDS, &n, &err) == CH_OK) {
        if (n < 0 || n > CH_MAX_CARDS) fz_fail("%s: order of %d cards", g->name, n);
        static char back[CH_MAX_CARDS * 40];
        size_t at = 0;
        back[0] = '\0';
        for (int i = 0; i < n; i++) {
            if (faces[i] < 0 || faces[i] >= g->n_faces) fz_fail("%s: face %d", g->name, faces[i]);
            char card[32];
            if (g->card_text(faces[i], card, sizeof card) <= 0)
                fz_fail("%s: face %d has no text", g->name, faces[i]);
            at += (size_t)snprintf(back + at, sizeof back - at, "%s%s", i ? " " : "", card);
        }
        if (ch_parse_order(g, back, again, CH_MAX_CARDS, &m, &err) != CH_OK)
            fz_fail("%s: written order '%s' does not parse: %s", g->name, back, err.msg);
        if (m != n || memcmp(faces, again, sizeof *faces * (size_t)n) != 0)
            fz_fail("%s: written order '%s' parses to other cards", g->name, back);
        ch_opts o;
        ch_opts_defaults(&o, g->opts, g->n_opts);
        void *st = malloc(g->state_size);
        if (!st) abort();
        if (ch_setup(g, st, &o, 1, faces, n, &err) == CH_OK)
            fz_census(g, st, "dealt from an order");
        free(st);
    }
    free(text);
    return 0;
}
