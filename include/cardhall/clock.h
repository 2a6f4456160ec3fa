/* Turn clocks (issue 25): a time bank per seat and an increment per move,
 * so that nobody waits forever. The seat to move spends its bank; a move
 * adds the increment; a person whose bank is spent is played for by the
 * heuristic (cardhall/room.h decides who plays, the server makes the move).
 * Pure: every function takes the time (milliseconds of one monotonic clock)
 * as a parameter and reads none. */
#ifndef CARDHALL_CLOCK_H
#define CARDHALL_CLOCK_H

#include <stdint.h>
#include <jansson.h>

#include "cardhall/game.h"

#define TB_CLOCK_BANK_MIN 1000     /* ms: a bank of at least a second */
#define TB_CLOCK_BANK_MAX 86400000 /* ms: a day */
#define TB_CLOCK_INC_MAX 3600000   /* ms: an hour per move */

typedef struct tb_clock {
    int64_t bank_ms, inc_ms; /* bank 0: no clock */
    int n;                   /* seats */
    int64_t left_ms[CH_MAX_PLAYERS]; /* the running seat's as of since_ms */
    int running;                     /* the seat whose time runs, or -1 */
    int64_t since_ms;
    /* Plies of the current game that the heuristic played for a person out
     * of time (the log says so). */
    int *timeouts;
    int n_timeouts, cap_timeouts;
} tb_clock;

/* Sets c up for n seats with a full bank each, nothing running. bank 0 is
 * no clock. Bounds are the caller's (tb_room_set_clock checks them). */
void tb_clock_init(tb_clock *c, int n, int64_t bank_ms, int64_t inc_ms);
/* A new game: every bank full again, nothing running, no timeouts. */
void tb_clock_reset(tb_clock *c);
void tb_clock_free(tb_clock *c);
int tb_clock_on(const tb_clock *c);

/* Starts seat's time at now (seat -1 stops every clock); nothing changes
 * if that seat's time already runs. */
void tb_clock_run(tb_clock *c, int seat, int64_t now_ms);
/* seat moved at now: its time is charged (never below 0) and the
 * increment added; no time runs until the next tb_clock_run. */
void tb_clock_moved(tb_clock *c, int seat, int64_t now_ms);
/* What seat has left at now, >= 0. */
int64_t tb_clock_left(const tb_clock *c, int seat, int64_t now_ms);
/* The running seat if its time is spent at now, else -1. */
int tb_clock_out(const tb_clock *c, int64_t now_ms);

/* Notes that ply (0-based, current game) was played for a person out of
 * time; whether it was. */
int tb_clock_mark_timeout(tb_clock *c, int ply);
int tb_clock_was_timeout(const tb_clock *c, int ply);

/* The log's line for a move made for a person out of time:
 * {"type":"timeout","seat","text"} in lang, the seat written {Pn} like
 * every text for people (the front end fills in its name). */
json_t *tb_clock_timeout_event(int seat, ch_lang lang);

/* {"bank_ms","increment_ms","left_ms":[per seat, at now],"running": seat or
 * null}, or JSON null without a clock. Public: times only. */
json_t *tb_clock_json(const tb_clock *c, int64_t now_ms);

#endif
