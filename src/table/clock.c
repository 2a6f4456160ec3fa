/* See cardhall/clock.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cardhall/clock.h"

void tb_clock_init(tb_clock *c, int n, int64_t bank_ms, int64_t inc_ms)
{
    c->bank_ms = bank_ms > 0 ? bank_ms : 0;
    c->inc_ms = inc_ms > 0 ? inc_ms : 0;
    c->n = n < 0 ? 0 : n > CH_MAX_PLAYERS ? CH_MAX_PLAYERS : n;
    tb_clock_reset(c);
}

void tb_clock_reset(tb_clock *c)
{
    for (int i = 0; i < CH_MAX_PLAYERS; i++)
        c->left_ms[i] = c->bank_ms;
    c->running = -1;
    c->since_ms = 0;
    c->n_timeouts = 0;
}

void tb_clock_free(tb_clock *c)
{
    free(c->timeouts);
    memset(c, 0, sizeof *c);
    c->running = -1;
}

int tb_clock_on(const tb_clock *c)
{
    return c->bank_ms > 0;
}

int64_t tb_clock_left(const tb_clock *c, int seat, int64_t now_ms)
{
    if (seat < 0 || seat >= c->n) return 0;
    int64_t left = c->left_ms[seat];
    if (seat == c->running && now_ms > c->since_ms) left -= now_ms - c->since_ms;
    return left > 0 ? left : 0;
}

void tb_clock_run(tb_clock *c, int seat, int64_t now_ms)
{
    if (!tb_clock_on(c) || seat == c->running) return;
    if (c->running >= 0) c->left_ms[c->running] = tb_clock_left(c, c->running, now_ms);
    c->running = seat >= 0 && seat < c->n ? seat : -1;
    c->since_ms = now_ms;
}

void tb_clock_moved(tb_clock *c, int seat, int64_t now_ms)
{
    if (!tb_clock_on(c) || seat < 0 || seat >= c->n) return;
    int64_t left = tb_clock_left(c, seat, now_ms);
    c->left_ms[seat] = left + c->inc_ms > TB_CLOCK_BANK_MAX ? TB_CLOCK_BANK_MAX : left + c->inc_ms;
    if (c->running == seat) c->running = -1;
}

int tb_clock_out(const tb_clock *c, int64_t now_ms)
{
    if (!tb_clock_on(c) || c->running < 0) return -1;
    return tb_clock_left(c, c->running, now_ms) == 0 ? c->running : -1;
}

int tb_clock_mark_timeout(tb_clock *c, int ply)
{
    if (tb_clock_was_timeout(c, ply)) return CH_OK;
    if (c->n_timeouts == c->cap_timeouts) {
        int cap = c->cap_timeouts ? 2 * c->cap_timeouts : 8;
        int *p = realloc(c->timeouts, sizeof *p * (size_t)cap);
        if (!p) return CH_ENOMEM;
        c->timeouts = p;
        c->cap_timeouts = cap;
    }
    c->timeouts[c->n_timeouts++] = ply;
    return CH_OK;
}

int tb_clock_was_timeout(const tb_clock *c, int ply)
{
    for (int i = 0; i < c->n_timeouts; i++)
        if (c->timeouts[i] == ply) return 1;
    return 0;
}

json_t *tb_clock_json(const tb_clock *c, int64_t now_ms)
{
    if (!tb_clock_on(c)) return json_null();
    json_t *left = json_array();
    for (int i = 0; i < c->n; i++)
        json_array_append_new(left, json_integer(tb_clock_left(c, i, now_ms)));
    return json_pack("{s:I,s:I,s:o,s:o}", "bank_ms", (json_int_t)c->bank_ms, "increment_ms",
                     (json_int_t)c->inc_ms, "left_ms", left, "running",
                     c->running < 0 ? json_null() : json_integer(c->running));
}

json_t *tb_clock_timeout_event(int seat, ch_lang lang)
{
    /* The seat as a {Pn} placeholder, like every text for people: each
     * front end fills in the name it shows for that seat. */
    char text[256];
    if (lang == CH_LANG_JA)
        snprintf(text, sizeof text,
                 "{P%d}の持ち時間が切れました。コンピュータが代わりに手を選びました", seat);
    else
        snprintf(text, sizeof text, "{P%d} ran out of time: the computer made this move for them",
                 seat);
    return json_pack("{s:s,s:i,s:s}", "type", "timeout", "seat", seat, "text", text);
}
