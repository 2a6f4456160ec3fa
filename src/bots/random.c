/* Uniform over the legal actions, from the bot's own RNG. */
#include <assert.h>
#include <stdlib.h>

#include "cardhall/bot.h"

ch_action ch_random_act(ch_bot *b, const void *st, int seat);

ch_action ch_random_act(ch_bot *b, const void *st, int seat)
{
    (void)seat;
    const ch_game *g = b->game;
    /* The bot's own buffer: allocating one per move cost RAGAMARU's random
     * play (1100 actions) about 30% of its time. A game from outside this
     * tree with more actions than the buffer holds still gets one. */
    ch_action *acts =
        g->max_actions <= CH_BOT_ACTIONS ? b->acts : malloc(sizeof *acts * (size_t)g->max_actions);
    assert(acts);
    int n = g->legal(st, acts);
    assert(n > 0);
    ch_action a = acts[ch_rng_below(&b->rng, (uint32_t)n)];
    if (acts != b->acts) free(acts);
    return a;
}
