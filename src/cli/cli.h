/* The subcommands of the cardhall program. Each takes the words after its
 * own name and returns the process exit code (CLI_OK, CLI_ERR, CLI_USAGE). */
#ifndef CARDHALL_CLI_H
#define CARDHALL_CLI_H

#include <stdio.h>

#include <jansson.h>

int cli_list(int argc, char **argv);
int cli_play(int argc, char **argv);
int cli_engine(int argc, char **argv);
int cli_sim(int argc, char **argv);
int cli_bench(int argc, char **argv);
int cli_replay(int argc, char **argv);
int cli_serve(int argc, char **argv);
int cli_solve(int argc, char **argv);
int cli_ladder(int argc, char **argv);
int cli_backup(int argc, char **argv);

/* `cardhall serve --help`: every flag with its meaning and default. */
void cli_serve_help(FILE *f);

#endif
