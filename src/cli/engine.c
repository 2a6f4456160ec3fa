/* cardhall engine: a JSON-lines protocol on stdin/stdout (docs/protocol.md).
 * One request object per line, one reply line per request, flushed at once.
 * The requests themselves are the table layer's (cardhall/table.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "cardhall/table.h"
#include "cli.h"

int cli_engine(int argc, char **argv)
{
    if (argc > 0) return cli_fail(CLI_USAGE, "engine takes no arguments");
    tb_config cfg = {.allow_files = 1};
    tb_session s;
    tb_session_init(&s, &cfg);
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    int quit = 0;
    while (!quit && (len = getline(&line, &cap, stdin)) >= 0) {
        size_t i = 0;
        while (i < (size_t)len && strchr(" \t\r\n", line[i]))
            i++;
        if (i == (size_t)len) continue; /* blank lines are not requests */
        json_t *reply = tb_session_line(&s, line, (size_t)len, &quit);
        char *out = json_dumps(reply, JSON_COMPACT | JSON_PRESERVE_ORDER);
        json_decref(reply);
        if (out) {
            fputs(out, stdout);
            fputc('\n', stdout);
            free(out);
        }
        fflush(stdout);
    }
    free(line);
    tb_session_free(&s);
    return CLI_OK;
}
