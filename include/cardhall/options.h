/* Game options: every game describes its options in a table of ch_optdesc;
 * users give them as "key=value" text. Parsing checks every key and value
 * against the table, so a game's setup sees only well-formed values. */
#ifndef CARDHALL_OPTIONS_H
#define CARDHALL_OPTIONS_H

#include "cardhall/error.h"

#define CH_MAX_OPTS 24
#define CH_OPT_TEXT 128

typedef enum { CH_OPT_INT, CH_OPT_BOOL, CH_OPT_ENUM, CH_OPT_STR } ch_opt_type;

typedef struct ch_optdesc {
    const char *key;
    ch_opt_type type;
    const char *def;            /* default, as the user would type it */
    int min, max;               /* CH_OPT_INT: inclusive range */
    const char *const *choices; /* CH_OPT_ENUM: NULL-terminated list */
    const char *unset;          /* CH_OPT_INT: a word meaning "not given" (value -1), or NULL */
    const char *help;           /* one line */
} ch_optdesc;

/* CH_OPT_STR options name data files (Draft Babasuki's card file, cards=):
 * a game does no I/O, so it reads the data only as content, data[i] below
 * (NULL: none given), and treats the text as a label. Where the content
 * comes from is the front end's business: a local one reads the file the
 * text names (ch_opts_read_files); a record carries the content itself; a
 * network front end takes content only, never a path. */
#define CH_OPT_DATA_MAX ((size_t)64 << 10) /* bytes of one option's data */

/* Parsed values, indexed like the game's ch_optdesc table. */
typedef struct ch_opts {
    int n;
    int val[CH_MAX_OPTS];                /* INT value (-1 = unset), BOOL 0/1, ENUM index */
    char text[CH_MAX_OPTS][CH_OPT_TEXT]; /* canonical text of every value; STR values live here */
    /* A STR option's data as content: data_len bytes, NUL-terminated.
     * Borrowed, except where bit i of data_owned says ch_opts_read_files or
     * a ch_match allocated it: ch_opts_free_data frees those. A copy of a
     * ch_opts shares the content; free it once, from the one that owns it. */
    const char *data[CH_MAX_OPTS];
    size_t data_len[CH_MAX_OPTS];
    unsigned data_owned;
    /* The rule set: 0 today's; 1..game->old_rules an older one that an old
     * record was written under (set only by ch_match_from_record, kept in
     * the record as "compat"). Never an option a user sets. */
    int compat;
} ch_opts;

/* Fills o with the defaults of desc[0..n-1]. */
void ch_opts_defaults(ch_opts *o, const ch_optdesc *desc, int n);
/* Parses one "key=value"; unknown key or bad value is CH_EINVAL naming it.
 * On error o is unchanged. */
int ch_opts_set(ch_opts *o, const ch_optdesc *desc, int n, const char *kv, ch_err *err);
/* Defaults, then every kv[i] in turn. */
int ch_opts_parse(ch_opts *o, const ch_optdesc *desc, int n, const char *const *kv, int nkv,
                  ch_err *err);
/* For a local front end (a user's own files): reads the file named by each
 * STR option that has a text and no data yet, with ch_file_read (regular
 * files only, at most CH_OPT_DATA_MAX bytes: a directory, FIFO, device or
 * /dev/stdin is CH_EIO and never blocks), and keeps its content in data[i].
 * The text becomes the file's base name, so a record made from o carries no
 * path of this machine. Call after every option is set. On error o keeps
 * no content from this call. */
int ch_opts_read_files(ch_opts *o, const ch_optdesc *desc, int n, ch_err *err);
/* Makes every content o holds o's own (a copy of each borrowed one), so o
 * outlives what it borrowed from (a request's JSON). On CH_ENOMEM o owns
 * what was copied; free it with ch_opts_free_data either way. */
int ch_opts_copy_data(ch_opts *o, ch_err *err);
/* Frees the content o owns (data_owned) and forgets it. */
void ch_opts_free_data(ch_opts *o);
/* Index of key in desc, or -1. */
int ch_opts_index(const ch_optdesc *desc, int n, const char *key);
/* Describes the type and range of desc as text, e.g. "int 2..4" or "none|a|b". */
void ch_opts_describe(const ch_optdesc *desc, char *buf, int cap);

#endif
