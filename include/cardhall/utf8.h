/* UTF-8 checks for text from outside (card files, records, messages that
 * quote a client's input): what is valid, and a byte-order mark. */
#ifndef CARDHALL_UTF8_H
#define CARDHALL_UTF8_H

#include <stddef.h>

/* The length of the longest prefix of s[0..len) that is valid UTF-8: no
 * stray continuation bytes, no overlong forms, no surrogates, nothing above
 * U+10FFFF. A NUL byte is valid UTF-8 (callers that refuse it check). So
 * the whole text is valid exactly when this returns len. */
size_t ch_utf8_valid_prefix(const char *s, size_t len);

/* Copies the NUL-terminated s into buf[cap] (cap > 0) as valid UTF-8: every
 * byte that is not part of a valid character becomes '?', and a cut at cap
 * never splits a character. */
void ch_utf8_sanitize(const char *s, char *buf, size_t cap);

/* 1 if s[0..len) is text a person may show to others (a name, a chat
 * line): valid UTF-8 with no control characters (C0, DEL and C1,
 * U+0080..U+009F), no bidirectional formatting characters (the marks
 * U+061C, U+200E, U+200F, the embeddings and overrides U+202A..U+202E,
 * the isolates U+2066..U+2069: one of them in a name reorders the text
 * around it on every screen that shows it) and no line or paragraph
 * separators (U+2028, U+2029). Else 0. */
int ch_utf8_text_ok(const char *s, size_t len);

/* 3 if s[0..len) starts with a UTF-8 byte-order mark (EF BB BF, as
 * spreadsheets save text), else 0: how many bytes to skip. */
size_t ch_utf8_bom(const char *s, size_t len);

#endif
