/* "Suggest a move" (issue 24): the move the stand-in for an away person
 * would make for a seat, decided as every bot decides, from that seat's
 * view only (bot.h's contract). The bot is seeded from public facts (the
 * number of moves made, the seat), never from the table's secret seed, so
 * a suggestion tells nothing the seat could not see. */
#include <stdio.h>
#include <stdlib.h>

#include "cardhall/room.h"
#include "cardhall/table.h"

/* Why, where no bot gives a reason of its own. */
static const char *const generic_why[CH_NLANGS] = {
    "What the Normal computer player would do here, from your cards and what everyone has seen.",
    "あなたの手札と公開された情報だけから、コンピュータ（ふつう）ならこう指します。",
};

json_t *tb_hint_json(const ch_game *g, const void *st, int seat, ch_lang lang, ch_err *err)
{
    if (g->to_move(st) != seat) return ch_errf(err, CH_ESTATE, "not your turn"), NULL;
    ch_bot *b = malloc(sizeof *b);
    if (!b) return ch_errf(err, CH_ENOMEM, "out of memory"), NULL;
    uint64_t seed = ch_mix64(0x4817u ^ ((uint64_t)seat << 32));
    if (ch_bot_init(b, g, "normal", seed, err) != CH_OK) {
        free(b);
        return NULL;
    }
    ch_action a = ch_bot_act(b, st, seat);
    char text[256], name[512], why[512];
    /* The bot's own reason where it gives one, else the generic words. */
    if (ch_bot_why(b, st, seat, a, lang, why, sizeof why) == 0)
        snprintf(why, sizeof why, "%s", generic_why[lang == CH_LANG_JA]);
    free(b);
    g->action_text(st, a, text, sizeof text);
    tb_choice_name(g, st, a, seat, lang, name, sizeof name);
    json_t *o = json_pack("{s:s,s:s,s:s,s:s}", "type", "hint", "action", text, "name", name, "why",
                          why);
    if (!o) return ch_errf(err, CH_ENOMEM, "out of memory"), NULL;
    return o;
}

json_t *tb_room_hint(const tb_room *r, int seat, ch_lang lang, ch_err *err)
{
    if (!r->hints) return ch_errf(err, CH_ESTATE, "this table gives no hints"), NULL;
    if (r->status != TB_ROOM_RUNNING || seat < 0 || tb_room_to_move(r) != seat)
        return ch_errf(err, CH_ESTATE, "not your turn"), NULL;
    return tb_hint_json(r->game, ch_match_state(&r->m), seat, lang, err);
}
