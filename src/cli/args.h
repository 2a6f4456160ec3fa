/* Command-line helpers shared by every subcommand: flags, key=value game
 * options, numbers, and the "cardhall: ..." error convention. */
#ifndef CARDHALL_CLI_ARGS_H
#define CARDHALL_CLI_ARGS_H

#include <stddef.h>
#include <stdint.h>

#include "cardhall/bot.h"
#include "cardhall/game.h"

enum { CLI_OK = 0, CLI_ERR = 1, CLI_USAGE = 2 };

#define CLI_MAX_ARGS 64

/* A flag a subcommand accepts; takes_value 0 for a switch. */
typedef struct cli_flag {
    const char *name; /* "--seed" */
    int takes_value;
} cli_flag;

typedef struct cli_args {
    const char *pos[CLI_MAX_ARGS]; /* plain words, in order */
    int npos;
    const char *kv[CLI_MAX_ARGS]; /* "key=value" words */
    int nkv;
    const char *name[CLI_MAX_ARGS]; /* flags given (last one wins on lookup) */
    const char *val[CLI_MAX_ARGS];
    int nflags;
    char split[CLI_MAX_ARGS][128]; /* "--flag=value" words, split */
} cli_args;

/* Parses argv[0..argc-1] (the words after the subcommand). Prints a usage
 * error and returns CLI_USAGE on an unknown flag or a missing value. */
int cli_parse(int argc, char **argv, const cli_flag *flags, cli_args *a);
/* The flag's value ("" for a switch), or NULL if not given. */
const char *cli_get(const cli_args *a, const char *name);

/* Number parsers: CLI_OK, or a usage message naming what and CLI_USAGE. */
int cli_u64(const char *what, const char *text, uint64_t *out);
int cli_int(const char *what, const char *text, int lo, int hi, int *out);
int cli_double(const char *what, const char *text, double lo, double hi, double *out);
int cli_lang(const char *text, ch_lang *out);

/* The game named text, or NULL after printing an error listing the games. */
const ch_game *cli_game(const char *text);

/* Splits "a,b,c" into at most cap words inside buf; returns the count, or -1
 * if there are more. */
int cli_split(const char *text, char *buf, size_t bufcap, const char **words, int cap);

/* "cardhall: ..." on stderr; returns code. */
int cli_fail(int code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Plays st on with one bot per seat until the end or max_steps actions;
 * returns the actions played. */
int cli_bot_game(const ch_game *g, void *st, ch_bot *bots, int max_steps);

#endif
