/* Errors: every fallible library call returns CH_OK or a negative code and,
 * when given a ch_err, leaves a one-line message in it. The library never
 * prints and never exits. Messages are valid UTF-8: a message too long for
 * ch_err is cut between characters, never inside one. */
#ifndef CARDHALL_ERROR_H
#define CARDHALL_ERROR_H

#include <stdarg.h>
#include <stddef.h>

enum {
    CH_OK = 0,
    CH_EINVAL = -1,   /* bad argument, option, card order, action text */
    CH_EILLEGAL = -2, /* action not legal in this state */
    CH_ENOMEM = -3,
    CH_EIO = -4,     /* file could not be read or written */
    CH_EFORMAT = -5, /* malformed record, JSON or data file */
    CH_ESTATE = -6   /* operation impossible now (nothing to undo, game over) */
};

/* Room for a message that quotes a path or a client's text (each quoted at
 * most CH_QUOTE_MAX bytes) and still says in full what was wrong. */
#define CH_ERR_MAX 1024
#define CH_QUOTE_MAX 200

typedef struct ch_err {
    char msg[CH_ERR_MAX];
} ch_err;

/* Formats msg into err (if err is not NULL) and returns code. */
int ch_errf(ch_err *err, int code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* vsnprintf into buf[cap] (cap > 0), then, if the text was cut, cut it back
 * to the last whole UTF-8 character. */
void ch_vformat(char *buf, size_t cap, const char *fmt, va_list ap);

/* Text from outside (a client's move, a key, a file name) made safe to quote
 * in a message: valid UTF-8 kept, each invalid byte replaced by U+FFFD, each
 * control character written as \xNN; text that does not fit in cap is cut
 * between characters and ends in "...". Returns buf (cap >= 16). */
const char *ch_quote(const char *text, char *buf, size_t cap);

#endif
