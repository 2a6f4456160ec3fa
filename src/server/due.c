/* See due.h. A binary heap; each table keeps its place in it (due_i, 1-based,
 * 0 when out) so that a table whose time changes moves up or down in
 * O(log n). */
#include <assert.h>
#include <stdlib.h>

#include "conn.h"
#include "due.h"

int sv_due_reserve(sv_due *d, int n)
{
    if (n <= d->cap) return CH_OK;
    int cap = d->cap ? 2 * d->cap : 64;
    while (cap < n)
        cap *= 2;
    sv_table **p = realloc(d->heap, sizeof *p * (size_t)cap);
    if (!p) return CH_ENOMEM;
    d->heap = p;
    d->cap = cap;
    return CH_OK;
}

static void place(sv_due *d, int i, sv_table *t)
{
    d->heap[i] = t;
    t->due_i = i + 1;
}

static void up(sv_due *d, int i)
{
    sv_table *t = d->heap[i];
    while (i > 0) {
        int parent = (i - 1) / 2;
        if (d->heap[parent]->due_ms <= t->due_ms) break;
        place(d, i, d->heap[parent]);
        i = parent;
    }
    place(d, i, t);
}

static void down(sv_due *d, int i)
{
    sv_table *t = d->heap[i];
    for (;;) {
        int c = 2 * i + 1;
        if (c >= d->n) break;
        if (c + 1 < d->n && d->heap[c + 1]->due_ms < d->heap[c]->due_ms) c++;
        if (t->due_ms <= d->heap[c]->due_ms) break;
        place(d, i, d->heap[c]);
        i = c;
    }
    place(d, i, t);
}

static void take_out(sv_due *d, sv_table *t)
{
    int i = t->due_i - 1;
    t->due_i = 0;
    sv_table *last = d->heap[--d->n];
    if (i == d->n) return;
    d->heap[i] = last;
    if (i > 0 && d->heap[(i - 1) / 2]->due_ms > last->due_ms)
        up(d, i);
    else
        down(d, i);
}

void sv_due_set(sv_due *d, sv_table *t, int64_t at)
{
    if (t->due_i && t->due_ms == at) return;
    if (t->due_i) take_out(d, t);
    t->due_ms = at;
    if (at == INT64_MAX) return;
    assert(d->n < d->cap); /* sv_due_reserve before the table was added */
    place(d, d->n++, t);
    up(d, d->n - 1);
}

sv_table *sv_due_pop(sv_due *d, int64_t now)
{
    if (d->n == 0 || d->heap[0]->due_ms > now) return NULL;
    sv_table *t = d->heap[0];
    take_out(d, t);
    return t;
}

int64_t sv_due_next(const sv_due *d)
{
    return d->n ? d->heap[0]->due_ms : INT64_MAX;
}

void sv_due_free(sv_due *d)
{
    free(d->heap);
    d->heap = NULL;
    d->n = d->cap = 0;
}
