#include <string.h>

#include "cardhall/registry.h"
#include "cardhall/games.h"

static const ch_game *const all_games[] = {
#ifdef CH_HAVE_RACKO
    &rk_game,
#endif
#ifdef CH_HAVE_RAGAMARU
    &rg_game,
#endif
#ifdef CH_HAVE_RUMINO
    &ru_game,
#endif
#ifdef CH_HAVE_BABASUKI
    &db_game,
#endif
#ifdef CH_HAVE_COMRADE
    &cm_game,
#endif
    NULL,
};

const ch_game *const *ch_games(void)
{
    return all_games;
}

const ch_game *ch_game_find(const char *name)
{
    for (int i = 0; all_games[i]; i++)
        if (strcmp(all_games[i]->name, name) == 0) return all_games[i];
    return NULL;
}
