/* Errors: every fallible library call returns CH_OK or a negative code and,
 * when given a ch_err, leaves a one-line message in it. The library never
 * prints and never exits. */
#ifndef CARDHALL_ERROR_H
#define CARDHALL_ERROR_H

enum {
    CH_OK = 0,
    CH_EINVAL = -1,   /* bad argument, option, card order, action text */
    CH_EILLEGAL = -2, /* action not legal in this state */
    CH_ENOMEM = -3,
    CH_EIO = -4,     /* file could not be read or written */
    CH_EFORMAT = -5, /* malformed record, JSON or data file */
    CH_ESTATE = -6   /* operation impossible now (nothing to undo, game over) */
};

typedef struct ch_err {
    char msg[256];
} ch_err;

/* Formats msg into err (if err is not NULL) and returns code. */
int ch_errf(ch_err *err, int code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

#endif
