/* Strict numbers from outside: one parser for every front end (command line,
 * engine requests, records, options), so the same text is accepted or refused
 * everywhere. Only plain ASCII decimal digits, an optional '-' where a range
 * allows negatives, no spaces, no '+', no overflow. */
#ifndef CARDHALL_NUM_H
#define CARDHALL_NUM_H

#include <stdint.h>

#include "cardhall/error.h"

/* An unsigned 64-bit decimal ("0".."18446744073709551615"). CH_OK or
 * CH_EINVAL; *out is written only on success. */
int ch_parse_u64(const char *text, uint64_t *out);

/* A decimal integer in lo..hi. CH_OK or CH_EINVAL; *out only on success. */
int ch_parse_long(const char *text, long lo, long hi, long *out);

#endif
