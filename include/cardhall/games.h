/* The public header of every game this build includes (CH_HAVE_<GAME> is
 * defined by the build for each game that is present). */
#ifndef CARDHALL_GAMES_H
#define CARDHALL_GAMES_H

#ifdef CH_HAVE_RACKO
#include "cardhall/racko.h"
#endif
#ifdef CH_HAVE_RAGAMARU
#include "cardhall/ragamaru.h"
#endif
#ifdef CH_HAVE_RUMINO
#include "cardhall/rumino.h"
#endif
#ifdef CH_HAVE_BABASUKI
#include "cardhall/babasuki.h"
#endif
#ifdef CH_HAVE_COMRADE
#include "cardhall/comrade.h"
#endif

#endif
