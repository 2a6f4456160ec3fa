/* cardhall backup --db FILE OUT: a consistent copy of a server's database,
 * taken while the server runs (src/server/backup.c). */
#include <stdio.h>

#include "args.h"
#include "backup.h"
#include "cli.h"

int cli_backup(int argc, char **argv)
{
    static const cli_flag flags[] = {{"--db", 1}, {NULL, 0}};
    cli_args a;
    int rc = cli_parse(argc, argv, flags, &a);
    if (rc != CLI_OK) return rc;
    const char *db = cli_get(&a, "--db");
    if (!db || a.npos != 1 || a.nkv > 0)
        return cli_fail(CLI_USAGE, "backup: expected --db FILE and one output file");
    ch_err err;
    if (sv_backup(db, a.pos[0], &err) != CH_OK) return cli_fail(CLI_ERR, "%s", err.msg);
    printf("cardhall backup: %s -> %s\n", db, a.pos[0]);
    return CLI_OK;
}
