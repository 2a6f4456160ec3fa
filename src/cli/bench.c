#include "cli.h"
int cli_bench(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return 1;
}
