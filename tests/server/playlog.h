/* What a seat was told, move by move, by the server's state messages: kept
 * to check against the engine's record of the same game. */
#ifndef CARDHALL_TESTS_PLAYLOG_H
#define CARDHALL_TESTS_PLAYLOG_H

#include <jansson.h>

#include "cardhall/match.h"

typedef struct seen {
    int move;
    json_t *view, *events;
} seen;

typedef struct play_log {
    seen *v;
    int n, cap;
    int last_move;
    json_t *last_view; /* the latest state's view, a move's or not */
    int done;
    int acted_for;     /* the move after which this seat last acted (+1), 0: never */
    int continued_for; /* likewise for Continue between hands */
} play_log;

/* Keeps state message m (a move's: its number, view and events); fails the
 * test unless every move is announced once, in order. */
void playlog_keep(play_log *l, json_t *m);
void playlog_free(play_log *l);
/* Fails the test unless every view and event seat was sent equals what
 * match m (the table's record) says seat may know at that move: seats stay
 * placeholders ({P1}) over the WebSocket, the browser fills in names. */
void playlog_check(const play_log *l, const ch_game *g, const ch_match *m, int seat);
/* Rebuilds into m the match of a table's record (a `record` reply's
 * "record"), failing the test if it does not replay; returns its game. The
 * caller frees m. */
const ch_game *playlog_record_match(json_t *rec, ch_match *m);
/* The events of move k of m (0-based) as viewer is told them over the
 * WebSocket (a new reference). */
json_t *playlog_events(const ch_game *g, const ch_match *m, int k, int viewer);
/* Whether state m shows a finished game. */
int playlog_terminal(json_t *m);
/* Whether state m is between hands with seat still to continue. */
int playlog_waits_for(json_t *m, int seat);

#endif
