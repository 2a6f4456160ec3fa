/* Table chat (issue 25): what people at a card table say to each other.
 * A table keeps its last TB_CHAT_KEEP messages in memory (the server also
 * stores them); each message is checked text (ch_utf8_text_ok), its sender's
 * seat or "a spectator", and the name shown. Pure: no sockets, no storage,
 * no clock. Nothing in a message is hidden information: a seat number and a
 * display name are public at the table. */
#ifndef CARDHALL_CHAT_H
#define CARDHALL_CHAT_H

#include <stddef.h>
#include <stdint.h>
#include <jansson.h>

#include "cardhall/error.h"

#define TB_CHAT_MAX 500  /* bytes of text in one message */
#define TB_CHAT_KEEP 100 /* messages a table keeps (and sends on join) */
#define TB_CHAT_NAME 32  /* bytes of the sender's name, NUL included */

typedef struct tb_chat_msg {
    int64_t id;              /* 1, 2, ... per table, in the order sent */
    int seat;                /* the sender's seat, or -1 for a spectator */
    char name[TB_CHAT_NAME]; /* as shown; "" for a spectator without a name */
    size_t len;
    char text[]; /* len bytes and a NUL */
} tb_chat_msg;

/* The last TB_CHAT_KEEP messages, oldest first from ring[head]. */
typedef struct tb_chat {
    tb_chat_msg *ring[TB_CHAT_KEEP];
    int head, n;
    int64_t last_id;
    size_t bytes; /* of the messages held */
} tb_chat;

void tb_chat_init(tb_chat *c);
void tb_chat_free(tb_chat *c);

/* Checks a message's text: 1..TB_CHAT_MAX bytes, ch_utf8_text_ok. CH_OK or
 * CH_EINVAL with a message that says the rule. */
int tb_chat_check(const char *text, size_t len, ch_err *err);
/* The text of a "chat" request ({"type":"chat","text":...}), checked; a
 * missing or non-string text is an error too. Points *text into req. */
int tb_chat_text_of(const json_t *req, const char **text, size_t *len, ch_err *err);

/* Appends a checked message (id: last_id + 1 unless id > 0 is given, as
 * when storage brings messages back); the oldest goes beyond TB_CHAT_KEEP.
 * Returns the message (owned by c) or NULL with err. Nothing changes on
 * error. */
const tb_chat_msg *tb_chat_add(tb_chat *c, int64_t id, int seat, const char *name,
                               const char *text, size_t len, ch_err *err);

/* The i-th message held, oldest first (0 <= i < c->n). */
const tb_chat_msg *tb_chat_at(const tb_chat *c, int i);

/* {"type":"chat","id","seat": n or null,"spectator": bool,"name","text"}. */
json_t *tb_chat_msg_json(const tb_chat_msg *m);
/* {"type":"chat_history","messages":[every message held, oldest first]}. */
json_t *tb_chat_history_json(const tb_chat *c);

#endif
