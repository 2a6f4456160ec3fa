/* JSON text of a jansson value for the table server's messages: byte for
 * byte what json_dumps(value, JSON_COMPACT) writes, for a fraction of its
 * work. jansson 2.14 guards every object and array it enters against
 * cycles by printing the node's address with snprintf into a hash table,
 * and prints every integer with snprintf; a state message holds hundreds of
 * both, so its serialisation cost more than building it (docs/server.md). */
#ifndef CARDHALL_JSONTEXT_H
#define CARDHALL_JSONTEXT_H

#include <stddef.h>
#include <jansson.h>

/* A growing text buffer. Caller-allocated; zero it (or TB_TEXT_INIT) before
 * use, free .p after. A failed allocation sets .failed and keeps what was
 * written. */
typedef struct tb_text {
    char *p;
    size_t len, cap;
    int failed;
} tb_text;

#define TB_TEXT_INIT {NULL, 0, 0, 0}

/* Appends the compact JSON text of j to t (NUL-terminated, the NUL not
 * counted in len). Returns 0, or -1 if j cannot be written (NULL, nested
 * deeper than 2048 levels, as a cycle would be) or memory ran out; t is then
 * marked failed. */
int tb_json_append(tb_text *t, const json_t *j);

/* The compact JSON text of j, malloc'd, its length in *len (may be NULL);
 * NULL where json_dumps(j, JSON_COMPACT) fails too, or without memory. */
char *tb_json_dumps(const json_t *j, size_t *len);

/* Pieces of a message written straight, without a tree (room.h's
 * tb_room_state_text): bytes as they are, an integer, and a string as
 * jansson writes it (the caller has checked that it is UTF-8, as
 * json_string does). 0, or -1 without memory (t marked failed). */
int tb_text_put(tb_text *t, const char *s, size_t n);
int tb_text_int(tb_text *t, json_int_t v);
int tb_text_string(tb_text *t, const char *s, size_t n);

#endif
