/* cardhall sim --report FILE.html: one self-contained page of pictures
 * (inline SVG; no script, no style or font from the network), printable. */
#ifndef CARDHALL_CLI_SIMREPORT_H
#define CARDHALL_CLI_SIMREPORT_H

#include "simrun.h"

/* Writes the page for s (after sim_run); CLI_OK or an error reported.
 * bots is the bot list as the user gave it. */
int sim_write_html(const sim *s, const char *bots, const char *path);

#endif
