/* What play and replay print around the game's own text: hand ends, final
 * results, and the program's few sentences in English and Japanese. */
#ifndef CARDHALL_CLI_SHOW_H
#define CARDHALL_CLI_SHOW_H

#include "cardhall/game.h"
#include "cardhall/table.h"

typedef enum {
    MSG_SEAT, /* "seat %d" */
    MSG_YOU,  /* a seat label's note */
    MSG_HUMAN,
    MSG_START, /* title, players, seed */
    MSG_MOVES,
    MSG_HELP,
    MSG_ASK,       /* %d moves */
    MSG_NOT_LEGAL, /* the input, %d moves */
    MSG_NO_UNDO,
    MSG_UNDO_REFUSED, /* the card */
    MSG_UNDONE,
    MSG_QUIT, /* %d moves */
    MSG_RECORD,
    MSG_HAND_OVER, /* %d */
    MSG_TOTAL,
    MSG_FINAL,    /* %d hands */
    MSG_STANDING, /* %d hands */
    MSG_RANK,     /* %d */
    MSG_WINNER,
    MSG_NOBODY,
    MSG_CAPPED, /* %d moves */
    MSG_WARN,   /* a choice's warning, %s */
    MSG_REASON, /* why a typed move is not legal, %s */
    MSG_REPLAY, /* title, game name, players, seed, moves */
    /* Issue 24: help for newcomers. */
    MSG_DID_YOU_MEAN, /* the nearest legal move's text, its name */
    MSG_FORCED,       /* the one legal move's text, its name */
    MSG_STEP,         /* replay --step: the prompt */
    MSG_COUNT
} show_msg_id;

/* The sentence id in lang; a printf format where noted above. */
const char *show_msg(ch_lang lang, show_msg_id id);

/* Prints s padded to width terminal columns (Japanese characters count two). */
void show_padded(const char *s, int width);

/* If a hand ended between before and after, prints the game's summary of
 * it for viewer (hand_summary: the hands laid open, how it was scored),
 * then its scores and totals. */
void show_hand_end(const ch_game *g, const void *before, const void *after, int viewer,
                   const char *const *labels, const tb_names *names, ch_lang lang);
/* Scores, ranks and winners of st (final or, if not terminal, so far). */
void show_result(const ch_game *g, const void *st, const char *const *labels, ch_lang lang);

#endif
