/* The tables with something due at a time (issue 29): a min-heap of the
 * tables by the time at which the server must look at them next (a bot to
 * move, a clock or an away person's timeout running out, a pause between
 * hands ending), so that the server's tick looks at those tables only,
 * not at every table every 100 ms. */
#ifndef CARDHALL_SERVER_DUE_H
#define CARDHALL_SERVER_DUE_H

#include <stdint.h>

typedef struct sv_table sv_table;

typedef struct sv_due {
    sv_table **heap; /* by due_ms, earliest first */
    int n, cap;
} sv_due;

/* Room for n tables in all, so that sv_due_set never allocates: called
 * before a table is added. CH_OK or CH_ENOMEM. */
int sv_due_reserve(sv_due *d, int n);
/* t is due at at (INT64_MAX: never, t leaves the heap). */
void sv_due_set(sv_due *d, sv_table *t, int64_t at);
/* The table due earliest if at or before now, taken out of the heap; NULL if none. */
sv_table *sv_due_pop(sv_due *d, int64_t now);
/* The earliest due time, INT64_MAX if no table is due. */
int64_t sv_due_next(const sv_due *d);
void sv_due_free(sv_due *d);

#endif
