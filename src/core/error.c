#include <stdarg.h>
#include <stdio.h>

#include "cardhall/error.h"

int ch_errf(ch_err *err, int code, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->msg, sizeof err->msg, fmt, ap);
        va_end(ap);
    }
    return code;
}
