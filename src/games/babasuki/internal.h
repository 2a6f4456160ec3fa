/* Shared between the Draft Babasuki source files; not part of the API. */
#ifndef CARDHALL_BABASUKI_INTERNAL_H
#define CARDHALL_BABASUKI_INTERNAL_H

#include "cardhall/babasuki.h"

#define DB_NONE 0xff

static inline uint8_t db_all_mask(int n)
{
    return (uint8_t)((1u << n) - 1);
}

/* cards.c: db_cards_parse, with src naming the file in messages. */
int db_cards_parse_named(const char *text, size_t len, int relaxed, const char *src, db_deck *d,
                         ch_err *err);

/* text.c */
int db_action_text(const void *st, ch_action a, char *buf, size_t cap);
int db_action_name(const void *st, ch_action a, int viewer, ch_lang lang, char *buf, size_t cap);
int db_card_text(int face, char *buf, size_t cap);
int db_card_parse(const char *text, int *face);
int db_render(const void *st, int viewer, ch_lang lang, char *buf, size_t cap);

/* view.c */
json_t *db_view_json(const void *st, int viewer);
void db_census(const void *st, int viewer, ch_census *c);
void db_resample(void *st, int viewer, ch_rng *rng);

#endif
