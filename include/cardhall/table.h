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

#include "cardhall/jsontext.h"
#include "cardhall/game.h"
#include "cardhall/match.h"

typedef struct tb_config {
    /* Nonzero: requests may name files on this machine (replay "file", a
     * Babasuki "cards" path); only regular files are read. Off for untrusted
     * clients and every network front end (`cardhall engine --untrusted`):
     * records then come only as content (replay "record" or "record_text")
     * and an option naming a file is refused. */
    int allow_files;
    /* Nonzero: `bot` may give a search player settings ("pimc:iters=5000"),
     * which set its time a move. Off under --untrusted: a client names a
     * level or a bot, whose time is the game's measured default. */
    int bot_settings;
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

/* Makes m the session's match (any ch_game, registered or not: tests and
 * front ends with their own games); the session owns m from then on. */
void tb_session_adopt(tb_session *s, ch_match *m);

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

/* Names of seats. A game's texts for people name a seat p by the
 * placeholder "{P<p>}" (p from 0: "{P2} plays red 8"), since games know no
 * names. Every tb_ text below fills them with seat numbers as people count
 * them ("Seat 3", "席3"); the _as variants take the names a front end gives
 * its seats, or NULL to keep the placeholders (for a client that fills them
 * itself: the browser). */
typedef struct tb_names {
    const char *seat[CH_MAX_PLAYERS]; /* NULL: "Seat N" / "席N", N = p + 1 */
    int you; /* the seat named in the second person (the terminal's "You"), or -1:
                in English the verb after its name agrees ("You play red 8") */
} tb_names;
/* Every seat by its number, nobody in the second person. */
extern const tb_names tb_seat_numbers;
/* text with every placeholder filled (names NULL: unchanged); a new heap
 * string (NULL when out of memory). A name opening a sentence gets a capital. */
char *tb_fill(const char *text, const tb_names *names, ch_lang lang);
/* Fills every string inside j in place; a {"en","ja"} pair each in its own
 * language. names NULL: nothing. */
void tb_fill_json(json_t *j, const tb_names *names, ch_lang lang);
/* Fills buf[cap] in place (cut to cap like snprintf). */
void tb_fill_buf(char *buf, size_t cap, const tb_names *names, ch_lang lang);
/* game->view_json with the texts in it (last_hand's reason and breakdown)
 * filled by names (NULL: placeholders kept). */
json_t *tb_view_json(const ch_game *g, const void *st, int viewer, const tb_names *names,
                     ch_lang lang);

/* game->render into a new heap string (grown as needed); caller frees. */
char *tb_render(const ch_game *g, const void *st, int viewer, ch_lang lang);
char *tb_render_as(const ch_game *g, const void *st, int viewer, ch_lang lang,
                   const tb_names *names);
/* game->action_name, "?" on failure. */
void tb_action_name(const ch_game *g, const void *st, ch_action a, int viewer, ch_lang lang,
                    char *buf, size_t cap);
/* The name of a legal action a in viewer's list of choices. A game may name
 * an action by its outcome ("draws 18 from the deck"), which before the
 * choice would show viewer a hidden card. So the name is compared with the
 * names in states resampled from viewer's view; if it depends on hidden
 * cards, the name another seat would see is used instead. A viewer who is
 * not the mover (another seat, CH_SPECTATOR) gets a text naming no card. */
void tb_choice_name(const ch_game *g, const void *st, ch_action a, int viewer, ch_lang lang,
                    char *buf, size_t cap);
void tb_choice_name_as(const ch_game *g, const void *st, ch_action a, int viewer, ch_lang lang,
                       const tb_names *names, char *buf, size_t cap);

/* Whether g takes CH_SPECTATOR as a viewer: the games that fill the issue-16
 * hooks (events) do; an older game would read it as a seat index. */
int tb_has_spectator(const ch_game *g);

/* The events of applying legal action a to before, as viewer knows them
 * (game->events); when the game has no events hook, one event
 * {"type":"action","seat","text"} from action_name. A new array. */
json_t *tb_events(const ch_game *g, const void *before, ch_action a, int viewer, ch_lang lang);
json_t *tb_events_as(const ch_game *g, const void *before, ch_action a, int viewer, ch_lang lang,
                     const tb_names *names);

/* game->hand_summary, or NULL when the game has none or no hand has ended;
 * a heap string the caller frees. */
char *tb_hand_summary(const ch_game *g, const void *st, int viewer, ch_lang lang);
char *tb_hand_summary_as(const ch_game *g, const void *st, int viewer, ch_lang lang,
                         const tb_names *names);
/* game->rules_text for options o; without the hook, the game's title, its
 * summary line and the options in force. A heap string the caller frees. */
char *tb_rules_text(const ch_game *g, const ch_opts *o, ch_lang lang);
/* game->explain_illegal and game->warning into buf ("" when the game has
 * nothing to say or no hook); return the length written. */
int tb_explain_illegal(const ch_game *g, const void *st, const char *text, ch_lang lang, char *buf,
                       size_t cap);
int tb_warning(const ch_game *g, const void *st, ch_action a, ch_lang lang, char *buf, size_t cap);
/* The legal moves of st as viewer may see them, a new JSON array of
 * {"action", "name", "warning"?}: the mover's choices (CH_ALL sees them too);
 * for another seat or the spectator none, since a choice's text may show
 * what the mover holds. acts: room for g->max_actions. */
json_t *tb_legal_json(const ch_game *g, const void *st, int viewer, ch_lang lang, ch_action *acts);
json_t *tb_legal_json_as(const ch_game *g, const void *st, int viewer, ch_lang lang,
                         ch_action *acts, const tb_names *names);
/* tb_legal_json_as's array as compact JSON text appended to t, byte for
 * byte what tb_json_append writes of it, without the tree (the state
 * message's straight writer, room.h; test_statetext compares them). 0, or
 * -1 without memory. */
int tb_legal_text(tb_text *t, const ch_game *g, const void *st, int viewer, ch_lang lang,
                  ch_action *acts, const tb_names *names);

/* The moves of m as viewer may see them (CH_ALL, CH_SPECTATOR or a seat):
 * per move {"seat","name","events"}, "action" (the notation) only when
 * viewer made the move or is CH_ALL, and "hand_end" {"hand","summary"?,
 * "last_hand"?} on the move that ended a hand. A new array. */
json_t *tb_history_json(const ch_match *m, int viewer, ch_lang lang);
/* The hand that move k (0-based) of m ended, as viewer sees it at its end:
 * {"hand","summary"?,"last_hand"?} (as in tb_history_json, but its texts
 * keep the {Pn} placeholders, for a front end that fills in its own names:
 * the room); NULL when move k ended no hand. A new object. */
json_t *tb_hand_end_json(const ch_match *m, int k, int viewer, ch_lang lang);
/* What one seat may keep of m (viewer a seat or CH_SPECTATOR): the format
 * "cardhall-seat-record/1", game, options, the viewer, its history, its
 * view at every hand end and the result. Never the full action list, so it
 * cannot be replayed. A new object. */
json_t *tb_seat_record(const ch_match *m, int viewer, ch_lang lang);

#endif
