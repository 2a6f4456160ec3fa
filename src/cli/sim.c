#include "cli.h"
int cli_sim(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return 1;
}
