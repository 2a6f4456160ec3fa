/* See cardhall/chat.h: a table's chat, bounded in count and size. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cardhall/chat.h"
#include "cardhall/utf8.h"

void tb_chat_init(tb_chat *c)
{
    memset(c, 0, sizeof *c);
}

void tb_chat_free(tb_chat *c)
{
    for (int i = 0; i < c->n; i++)
        free(c->ring[(c->head + i) % TB_CHAT_KEEP]);
    memset(c, 0, sizeof *c);
}

int tb_chat_check(const char *text, size_t len, ch_err *err)
{
    if (len == 0 || len > TB_CHAT_MAX)
        return ch_errf(err, CH_EINVAL, "text: 1 to %d bytes", TB_CHAT_MAX);
    if (!ch_utf8_text_ok(text, len))
        return ch_errf(err, CH_EINVAL,
                       "text: no control characters or direction overrides");
    return CH_OK;
}

int tb_chat_text_of(const json_t *req, const char **text, size_t *len, ch_err *err)
{
    const json_t *j = json_object_get(req, "text");
    if (!json_is_string(j)) return ch_errf(err, CH_EINVAL, "text: expected a string");
    *text = json_string_value(j);
    *len = json_string_length(j);
    return tb_chat_check(*text, *len, err);
}

const tb_chat_msg *tb_chat_add(tb_chat *c, int64_t id, int seat, const char *name,
                               const char *text, size_t len, ch_err *err)
{
    if (tb_chat_check(text, len, err) != CH_OK) return NULL;
    if (id <= 0) id = c->last_id + 1;
    if (id <= c->last_id) {
        ch_errf(err, CH_EINVAL, "chat message %lld comes after %lld", (long long)id,
                (long long)c->last_id);
        return NULL;
    }
    tb_chat_msg *m = malloc(sizeof *m + len + 1);
    if (!m) {
        ch_errf(err, CH_ENOMEM, "out of memory");
        return NULL;
    }
    m->id = id;
    m->seat = seat < 0 ? -1 : seat;
    snprintf(m->name, sizeof m->name, "%s", name ? name : "");
    m->len = len;
    memcpy(m->text, text, len);
    m->text[len] = '\0';
    if (c->n == TB_CHAT_KEEP) {
        tb_chat_msg *old = c->ring[c->head];
        c->bytes -= sizeof *old + old->len + 1;
        free(old);
        c->ring[c->head] = m;
        c->head = (c->head + 1) % TB_CHAT_KEEP;
    } else {
        c->ring[(c->head + c->n) % TB_CHAT_KEEP] = m;
        c->n++;
    }
    c->bytes += sizeof *m + len + 1;
    c->last_id = id;
    return m;
}

const tb_chat_msg *tb_chat_at(const tb_chat *c, int i)
{
    return i >= 0 && i < c->n ? c->ring[(c->head + i) % TB_CHAT_KEEP] : NULL;
}

json_t *tb_chat_msg_json(const tb_chat_msg *m)
{
    return json_pack("{s:s,s:I,s:o,s:b,s:s,s:s#}", "type", "chat", "id", (json_int_t)m->id,
                     "seat", m->seat < 0 ? json_null() : json_integer(m->seat), "spectator",
                     m->seat < 0, "name", m->name, "text", m->text, (int)m->len);
}

json_t *tb_chat_history_json(const tb_chat *c)
{
    json_t *list = json_array();
    for (int i = 0; i < c->n; i++)
        json_array_append_new(list, tb_chat_msg_json(tb_chat_at(c, i)));
    return json_pack("{s:s,s:o}", "type", "chat_history", "messages", list);
}
