/* Reading the small CSV files that hold data printed on cards
 * (data/<game>/ files): one record per line, fields separated by commas and
 * trimmed of white space, no quoting (card data needs none); blank lines
 * and lines starting with '#' are skipped. Columns and line numbers are
 * 1-based, for error messages that point at the mistake. */
#ifndef CARDHALL_CSV_H
#define CARDHALL_CSV_H

#include <stddef.h>

typedef struct ch_csv_field {
    const char *s; /* not NUL-terminated */
    int len;
    int col; /* column of its first character within the line */
} ch_csv_field;

typedef struct ch_csv {
    const char *next; /* where the next line starts */
    const char *end;  /* end of the text */
    int line;         /* number of the line ch_csv_next returned last */
} ch_csv;

/* Starts reading the NUL-terminated text, or text[0..len). A UTF-8
 * byte-order mark at the start (spreadsheets save CSV with one) is skipped;
 * line 1 still starts there. */
void ch_csv_init(ch_csv *c, const char *text);
void ch_csv_init_len(ch_csv *c, const char *text, size_t len);

/* 0 if text[0..len) is valid UTF-8 without NUL bytes (card data is shown to
 * players); else the 1-based line of the first bad byte. */
int ch_csv_bad_line(const char *text, size_t len);

/* The next line that is neither blank nor a comment, without its line end
 * (a trailing CR is dropped); 0 at the end of the text. */
int ch_csv_next(ch_csv *c, const char **line, int *len);

/* line[0..len) trimmed of white space, as one field. */
ch_csv_field ch_csv_trim(const char *line, int len);

/* Splits a line at commas into trimmed fields, storing at most max of them;
 * returns how many the line has. */
int ch_csv_split(const char *line, int len, ch_csv_field *f, int max);

/* Whether the field is exactly s. */
int ch_csv_is(const ch_csv_field *f, const char *s);

/* Whether the field is a whole number (digits, an optional '-') in lo..hi;
 * if so it is stored in *out. */
int ch_csv_int(const ch_csv_field *f, int lo, int hi, int *out);

#endif
