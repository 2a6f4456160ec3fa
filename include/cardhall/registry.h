/* All games cardhall knows. */
#ifndef CARDHALL_REGISTRY_H
#define CARDHALL_REGISTRY_H

#include "cardhall/game.h"

/* NULL-terminated list, in display order. */
const ch_game *const *ch_games(void);
const ch_game *ch_game_find(const char *name);

#endif
