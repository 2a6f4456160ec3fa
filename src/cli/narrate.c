/* See narrate.h. Every text shown goes through the table layer's
 * viewer-aware helpers, so the terminal tells a seat nothing it may not know. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cardhall/bot.h"
#include "cardhall/table.h"
#include "narrate.h"
#include "show.h"
#include "term.h"

/* One event line. Its text names who it happened to (game.h: a sentence
 * for people), so the seat's label is not repeated before it. */
static void event_line(json_t *ev)
{
    const char *text = json_string_value(json_object_get(ev, "text"));
    printf("%s\n", text ? text : "?");
}

void narrate_move(const ch_match *m, int k, int viewer, const char *const *labels, ch_lang lang,
                  int notation)
{
    const ch_game *g = m->game;
    const void *before = ch_match_state_at(m, k);
    /* Seats by number, the viewer's own as "you" (its verbs agree: "You
     * draw"); a bots-only table or a replay (CH_ALL) has no "you". */
    tb_names names = tb_seat_numbers;
    if (viewer >= 0 && viewer < CH_MAX_PLAYERS) {
        names.seat[viewer] = lang == CH_LANG_JA ? "あなた" : "you";
        names.you = viewer;
    }
    json_t *evs = tb_events_as(g, before, m->actions[k], viewer, lang, &names), *ev;
    size_t i;
    json_array_foreach(evs, i, ev)
    {
        if (notation && i == 0) {
            char text[256];
            g->action_text(before, m->actions[k], text, sizeof text);
            printf("%4d  ", k + 1);
            show_padded(labels[g->to_move(before)], 19);
            printf(" %s%-14s%s %s\n", term_sgr(TERM_GREEN), text, term_sgr(TERM_RESET),
                   json_string_value(json_object_get(ev, "text")));
            continue;
        }
        fputs(notation ? "      " : "  ", stdout);
        event_line(ev);
    }
    json_decref(evs);
    show_hand_end(g, before, ch_match_state_at(m, k + 1), viewer, labels, &names, lang);
}

void narrate_rules(const ch_game *g, const ch_opts *o, ch_lang lang)
{
    char *t = tb_rules_text(g, o, lang);
    if (!t) return;
    fputs(t, stdout);
    if (t[0] && t[strlen(t) - 1] != '\n') putchar('\n');
    free(t);
}

void narrate_plain_input(char *s)
{
    unsigned char *r = (unsigned char *)s, *w = r;
    while (*r) {
        if (r[0] == 0xef && (r[1] == 0xbc || r[1] == 0xbd) && r[2] >= 0x80 && r[2] <= 0xbf) {
            unsigned cp = 0xf000u | (unsigned)(r[1] & 0x3f) << 6 | (unsigned)(r[2] & 0x3f);
            if (cp >= 0xff01 && cp <= 0xff5e) {
                *w++ = (unsigned char)(cp - 0xfee0);
                r += 3;
                continue;
            }
        }
        if (r[0] == 0xe3 && r[1] == 0x80 && r[2] == 0x80) { /* U+3000 */
            *w++ = ' ';
            r += 3;
            continue;
        }
        *w++ = *r++;
    }
    *w = '\0';
}

const char *narrate_bot_name(const char *name, ch_lang lang)
{
    static const struct {
        const char *name, *ja;
    } bots[] = {{"heuristic", "コンピュータ"}, {"random", "ランダム"}};
    /* A level is what a person chose, so it reads as the browser's menu
     * says it (web/i18n.js), not as the word typed after --bots. */
    static const char *const level_en[CH_LEVELS] = {"computer: easy", "computer: normal",
                                                    "computer: hard", "computer: expert"};
    static const char *const level_ja[CH_LEVELS] = {"コンピュータ：やさしい", "コンピュータ：ふつう",
                                                    "コンピュータ：つよい", "コンピュータ：達人"};
    int level = ch_level_parse(name);
    if (level >= 0) return lang == CH_LANG_JA ? level_ja[level] : level_en[level];
    if (lang != CH_LANG_JA) return name;
    for (size_t i = 0; i < sizeof bots / sizeof bots[0]; i++)
        if (strcmp(name, bots[i].name) == 0) return bots[i].ja;
    return name;
}

void narrate_clip(char *dst, const char *src, size_t max)
{
    size_t n = strlen(src);
    if (n > max) {
        n = max;
        while (n > 0 && ((unsigned char)src[n] & 0xc0) == 0x80) /* src[n] continues a character */
            n--;
    }
    memcpy(dst, src, n);
    dst[n] = '\0';
}
