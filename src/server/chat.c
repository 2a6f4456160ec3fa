/* Table chat over WebSocket (issue 25, docs/ws-protocol.md): a message is
 * checked (cardhall/chat.h), committed to the database, then sent to every
 * connection at the table, seats and spectators alike. Bounded: its size,
 * its own rate per connection besides the message rate, and the messages a
 * table keeps. Metadata is the sender's seat (or "a spectator") and the
 * name shown: nothing hidden, never a token. */
#include <stdlib.h>
#include <string.h>

#include "conn.h"

#define CHAT_WINDOW_MS 10000

/* At most cfg.chat_rate messages per 10 s window from one connection, so a
 * flood at one table costs the loop little (every message fans out to the
 * whole table). */
static int chat_rate_ok(sv_server *s, sv_conn *c, int64_t now)
{
    if (now - c->chat_window_ms >= CHAT_WINDOW_MS) {
        c->chat_window_ms = now;
        c->chat_n = 0;
    }
    return ++c->chat_n <= s->cfg.chat_rate;
}

void sv_on_chat(sv_server *s, sv_conn *c, json_t *req)
{
    sv_table *t = c->table;
    if (!t) return sv_send_error(s, c, "chat", "join, resume or watch a table first");
    tb_room *r = &t->room;
    int seat = c->seat >= 0 ? c->seat : -1;
    if (seat < 0 && (!r->spectator_chat || s->cfg.no_spectator_chat))
        return sv_send_error(s, c, "chat", "spectators read this table's chat but may not write");
    const char *text;
    size_t len;
    ch_err err;
    if (tb_chat_text_of(req, &text, &len, &err) != CH_OK)
        return sv_send_error(s, c, "chat", err.msg);
    if (!chat_rate_ok(s, c, sv_now_ms()))
        return sv_send_error(s, c, "chat", "too many chat messages: slow down");
    /* Stored before anyone is told, as a move is; the room's copy after. */
    tb_chat tmp;
    tb_chat_init(&tmp);
    tmp.last_id = r->chat.last_id;
    const tb_chat_msg *m =
        tb_chat_add(&tmp, 0, seat, seat >= 0 ? r->seats[seat].name : c->name, text, len, &err);
    int rc = m ? sv_store_chat(&s->store, r, m, &err) : CH_ENOMEM;
    if (rc == CH_OK) m = tb_chat_add(&r->chat, m->id, m->seat, m->name, m->text, m->len, &err);
    tb_chat_free(&tmp);
    if (rc != CH_OK || !m) return sv_send_error(s, c, "chat", err.msg);
    /* One text for the whole table: a chat message is the same for all. */
    json_t *o = tb_chat_msg_json(m);
    char *out = o ? json_dumps(o, JSON_COMPACT) : NULL;
    json_decref(o);
    if (!out) return sv_send_error(s, c, "chat", "out of memory");
    size_t n = strlen(out);
    for (sv_conn *o2 = t->conns; o2; o2 = o2->next_at_table)
        sv_send(s, o2, out, n);
    free(out);
}

void sv_send_chat_history(sv_server *s, sv_conn *c)
{
    if (c->table) sv_send_json(s, c, tb_chat_history_json(&c->table->room.chat));
}
