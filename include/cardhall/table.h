/* The table layer: a session holds one match and answers requests about it
 * as JSON, each reply written for the viewer it names. `cardhall engine`
 * (JSON lines on stdin/stdout) and `cardhall serve` (WebSocket) both call it,
 * so the two protocols cannot drift apart (docs/protocol.md).
 *
 * Also here: the texts a front end writes for one viewer (boards, names of
 * moves and choices), so every per-viewer output goes through one path. */
#ifndef CARDHALL_TABLE_H
#define CARDHALL_TABLE_H

#include <stddef.h>
#include <stdint.h>
#include <jansson.h>

#include "cardhall/game.h"
#include "cardhall/match.h"

typedef struct tb_config {
    /* Nonzero: requests may name files on this machine (replay "file", a
     * Babasuki "cards" path); only regular files are read. Off for untrusted
     * clients and every network front end (`cardhall engine --untrusted`):
     * records then come only as content (replay "record" or "record_text")
     * and an option naming a file is refused. */
    int allow_files;
    size_t max_request; /* bytes in one request line; 0 = TB_MAX_REQUEST */
} tb_config;

#define TB_MAX_REQUEST (1u << 20)

/* One session: at most one match at a time. Caller-allocated; init before
 * use, free after. */
typedef struct tb_session {
    tb_config cfg;
    ch_match m;
    int have;        /* a match is loaded */
    ch_action *acts; /* room for the loaded game's max_actions */
} tb_session;

void tb_session_init(tb_session *s, const tb_config *cfg);
void tb_session_free(tb_session *s);

/* Answers one request object; sets *quit for {"cmd":"quit"}. Returns a new
 * reply object ({"ok":true,...} or {"ok":false,"error":...}); a failed
 * request changes nothing. */
json_t *tb_session_request(tb_session *s, json_t *req, int *quit);
/* Parses one line of JSON text and answers it as tb_session_request. A line
 * with a NUL byte is an error reply like any malformed JSON. The caller
 * bounds len (cfg.max_request) and skips blank lines. */
json_t *tb_session_line(tb_session *s, const char *line, size_t len, int *quit);

/* Every game with its options and bots, as `list` gives it. New reference. */
json_t *tb_games_json(void);

/* A seed from the clock, below 2^53 so it survives any JSON reader. */
uint64_t tb_time_seed(void);
/* A seed as JSON: an integer, or a decimal string above 2^63-1. */
json_t *tb_seed_json(uint64_t seed);

/* game->render into a new heap string (grown as needed); caller frees. */
char *tb_render(const ch_game *g, const void *st, int viewer, ch_lang lang);
/* game->action_name, "?" on failure. */
void tb_action_name(const ch_game *g, const void *st, ch_action a, int viewer, ch_lang lang,
                    char *buf, size_t cap);
/* The name of a legal action a in viewer's list of choices. A game may name
 * an action by its outcome ("draws 18 from the deck"), which before the
 * choice would show viewer a hidden card. So the name is compared with the
 * names in states resampled from viewer's view; if it depends on hidden
 * cards, the name another seat would see is used instead. */
void tb_choice_name(const ch_game *g, const void *st, ch_action a, int viewer, ch_lang lang,
                    char *buf, size_t cap);

#endif
