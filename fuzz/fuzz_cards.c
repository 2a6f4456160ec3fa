/* Fuzz target: the card-data files of Draft Babasuki and RAGAMARU, as
 * content (never a path). First byte: 0 Babasuki strict, 1 Babasuki relaxed
 * (DB-V5), 2 RAGAMARU. A file that parses must parse the same way again, and
 * an error must say something. */
#include <stdlib.h>
#include <string.h>

#include "cardhall/babasuki.h"
#include "cardhall/ragamaru.h"
#include "fz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) return 0;
    char *text = fz_text(data + 1, size - 1);
    ch_err err;
    err.msg[0] = '\0';
    int kind = data[0] % 3, rc;
    if (kind < 2) {
        static db_deck d, d2;
        memset(&d, 0, sizeof d);
        memset(&d2, 0, sizeof d2);
        /* The content API: db_deck_parse takes text, so no file is read. */
        rc = db_deck_parse(&d, text, kind, "fuzz", &err);
        if (rc == CH_OK && (db_deck_parse(&d2, text, kind, "fuzz", &err) != CH_OK ||
                            memcmp(&d, &d2, sizeof d) != 0))
            fz_fail("babasuki: a card file parses differently the second time");
    } else {
        static rg_cards c, c2;
        memset(&c, 0, sizeof c);
        memset(&c2, 0, sizeof c2);
        rc = rg_cards_parse(text, &c, &err);
        if (rc == CH_OK &&
            (rg_cards_parse(text, &c2, &err) != CH_OK || memcmp(&c, &c2, sizeof c) != 0))
            fz_fail("ragamaru: a card file parses differently the second time");
    }
    if (rc != CH_OK && !err.msg[0]) fz_fail("card file refused without a message");
    free(text);
    return 0;
}
