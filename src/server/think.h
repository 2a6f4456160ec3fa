/* Bots that search think off the event loop.
 *
 * A search player takes 20 ms to a second a move (Hard: about 100 ms,
 * Comrade's closing bid more), and on the loop every other table waited
 * that long. A table whose bot searches asks here instead: a thread works
 * the move out on copies of the state and of the bot, and the loop, woken
 * by lws_cancel_service, takes the answer back and plays it as if the bot
 * had moved in place (the bot's generator moves on the same way), unless
 * the table changed meanwhile. The heuristic and random play, a few
 * microseconds, stay on the loop. */
#ifndef CARDHALL_SERVER_THINK_H
#define CARDHALL_SERVER_THINK_H

#include <stdint.h>

#include "cardhall/bot.h"
#include "cardhall/game.h"

struct lws_context;
typedef struct sv_think sv_think;

/* One answer: the move the bot chose for seat at the state it was given. */
typedef struct sv_thought {
    struct sv_thought *next;
    int64_t table;   /* the room's id */
    uint64_t ticket; /* the table's ticket when it asked */
    int seat;
    ch_action action;
    double seconds; /* the thinking's time */
    ch_bot bot;     /* the bot after its move (name points into its spec) */
    size_t state_size;
    unsigned char state[]; /* the state it was asked about */
} sv_thought;

/* A thread that thinks; ctx (may be NULL: no wake-up) is woken when an
 * answer is ready. NULL with err on failure. */
sv_think *sv_think_start(struct lws_context *ctx, ch_err *err);
/* Asks for bot's move for seat at st (both copied: the caller's stay
 * untouched). CH_OK, or CH_ENOMEM. */
int sv_think_ask(sv_think *k, int64_t table, uint64_t ticket, int seat, const ch_bot *bot,
                 const ch_game *g, const void *st);
/* The answers ready now, in the order they were asked, or NULL; the
 * caller frees each with free(). Never waits. */
sv_thought *sv_think_answers(sv_think *k);
/* Waits for the thought in progress, drops the rest, ends the thread. */
void sv_think_stop(sv_think *k);

#endif
