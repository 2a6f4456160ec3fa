/* Terminal colour: on only when stdout is a terminal, TERM is not "dumb"
 * and NO_COLOR is unset, so pipes and scripts always get plain text. */
#ifndef CARDHALL_CLI_TERM_H
#define CARDHALL_CLI_TERM_H

typedef enum {
    TERM_RESET,
    TERM_BOLD,
    TERM_DIM,
    TERM_RED,
    TERM_GREEN,
    TERM_YELLOW,
    TERM_CYAN
} term_style;

int term_color(void);
/* The escape sequence for style, or "" when colour is off. */
const char *term_sgr(term_style s);

#endif
