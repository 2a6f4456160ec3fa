#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "term.h"

int term_color(void)
{
    static int cached = -1;
    if (cached < 0) {
        const char *term = getenv("TERM");
        cached = isatty(STDOUT_FILENO) && getenv("NO_COLOR") == NULL && term &&
                 strcmp(term, "dumb") != 0;
    }
    return cached;
}

const char *term_sgr(term_style s)
{
    static const char *const codes[] = {"\033[0m",  "\033[1m",  "\033[2m", "\033[31m",
                                        "\033[32m", "\033[33m", "\033[36m"};
    return term_color() ? codes[s] : "";
}
