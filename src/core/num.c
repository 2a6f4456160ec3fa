/* See cardhall/num.h. Hand-rolled rather than strtoull/strtol: those skip
 * leading spaces, accept '+', wrap "-1" to 2^64-1 and saturate silently. */
#include "cardhall/num.h"

int ch_parse_u64(const char *text, uint64_t *out)
{
    if (!text || !*text) return CH_EINVAL;
    uint64_t v = 0;
    for (const char *c = text; *c; c++) {
        if (*c < '0' || *c > '9') return CH_EINVAL;
        unsigned d = (unsigned)(*c - '0');
        if (v > (UINT64_MAX - d) / 10) return CH_EINVAL; /* would overflow */
        v = v * 10 + d;
    }
    *out = v;
    return CH_OK;
}

int ch_parse_long(const char *text, long lo, long hi, long *out)
{
    if (!text) return CH_EINVAL;
    int neg = text[0] == '-';
    uint64_t mag;
    if (ch_parse_u64(text + neg, &mag) != CH_OK) return CH_EINVAL;
    long v;
    if (neg) {
        /* -LONG_MIN does not fit a long: compare magnitudes first. */
        if (lo >= 0 || mag > (uint64_t)(-(lo + 1)) + 1) return CH_EINVAL;
        v = mag == 0 ? 0 : -(long)(mag - 1) - 1;
    } else {
        if (mag > (uint64_t)(hi < 0 ? 0 : hi)) return CH_EINVAL;
        v = (long)mag;
    }
    if (v < lo || v > hi) return CH_EINVAL;
    *out = v;
    return CH_OK;
}
