/* Rooms: one card table of the server (issue 12). A room holds the game and
 * its options, the seats (open, a person, or a bot), the match being played
 * and what each viewer may be told about it. Pure logic: no sockets, no SQL,
 * no clock (the caller passes the time in milliseconds), so it is unit
 * tested on its own (tests/test_room.c) and the server only wires it up.
 *
 * Moves are checked and applied in two steps (tb_room_check, then
 * tb_room_apply) so that a server can commit an accepted move to storage
 * between the two, before anyone is told of it. */
#ifndef CARDHALL_ROOM_H
#define CARDHALL_ROOM_H

#include <stdint.h>
#include <jansson.h>

#include "cardhall/bot.h"
#include "cardhall/chat.h"
#include "cardhall/clock.h"
#include "cardhall/jsontext.h"
#include "cardhall/match.h"

#define TB_NAME_MAX 32   /* bytes of a display name, NUL included */
#define TB_TOKEN_HASH 32 /* bytes of a seat token's hash (SHA-256) */
#define TB_HAND_PAUSE_DEFAULT 30000 /* ms a hand's summary waits at most, unless set */
#define TB_HAND_PAUSE_MAX 600000    /* the longest a table may set (0: no limit) */

typedef enum { TB_SEAT_OPEN = 0, TB_SEAT_PERSON, TB_SEAT_BOT } tb_seat_kind;

typedef enum { TB_ROOM_OPEN = 0, TB_ROOM_RUNNING, TB_ROOM_FINISHED } tb_room_status;

typedef struct tb_seat {
    tb_seat_kind kind;
    char name[TB_NAME_MAX];            /* display name, or the bot's name */
    unsigned char hash[TB_TOKEN_HASH]; /* person: hash of the seat token */
    int present;                       /* person: connections on the seat */
    int64_t away_since;                /* person: ms when the last connection left */
    int left;                          /* person: left the game (leave); played for at once */
    ch_bot bot;                        /* bot seats, and the stand-in for an away person */
    int level;                         /* bot seat chosen as a level (ch_level), else -1 */
} tb_seat;

typedef struct tb_room {
    int64_t id;
    const ch_game *game;
    ch_opts opts;
    uint64_t seed;      /* of the current game: secret while it runs (it fixes every shuffle) */
    int game_no;        /* 0 for the first game, +1 per rematch */
    int64_t timeout_ms; /* an away person's seat is played by the heuristic after this */
    tb_room_status status;
    int n_seats;
    tb_seat seats[CH_MAX_PLAYERS];
    ch_match m;      /* valid while status != TB_ROOM_OPEN */
    ch_action *acts; /* room for game->max_actions */
    json_t *opts_json; /* the options as the summary shows them, made once: they never change */
    tb_text opts_text; /* and their text, which every state message writes */
    tb_chat chat;    /* the last messages said at the table */
    tb_clock clock;  /* turn clocks; off unless tb_room_set_clock */
    int spectator_chat; /* spectators may chat (1 unless the table says no) */
    int hints;          /* issue 24: people may ask for a suggested move (0 unless the table says so) */
    /* Issue 24: between hands, the summary waits for the people. */
    int64_t hand_pause_ms; /* the pause ends after this; 0: only when everyone continued */
    int paused;            /* between hands: no move, no bot, no clock */
    int pause_move;        /* while paused: the moves made when the hand ended */
    int64_t pause_since;   /* while paused: ms when it began */
    unsigned continued;    /* while paused: bit per seat that sent continue */
    /* The text of the views' "last_hand" member (game.h's view_json_lean),
     * made at the first state message after a hand ended and written into
     * every one after it until the next hand ends; .p NULL: none yet (a
     * game started again forgets it). last_hand_hands: the hands done then. */
    tb_text last_hand;
    int last_hand_hands;
} tb_room;

/* Sets r up: game and options (JSON as ch_opts_from_json reads it), data
 * (NULL, or an object of contents as ch_opts_data_from_json reads it: a
 * string option such as Babasuki's "cards" is a label whose content comes
 * here, nothing a client sends names a file; r keeps its own copy), one spec
 * per seat ("open", a bot name the game has, or a level: "easy", "normal",
 * "hard", "expert", which the seat keeps as its name and resolves to the
 * bot ch_bot_level names; seats[i].bot.spec holds that bot), seed and
 * timeout. The game
 * starts when no seat is open. On error r needs no tb_room_free. */
int tb_room_init(tb_room *r, int64_t id, const ch_game *g, const json_t *options,
                 const json_t *data, const char *const *seats, int n_seats, uint64_t seed,
                 int64_t timeout_ms, ch_err *err);
void tb_room_free(tb_room *r);

/* Restoring a table: marks bot seat, created with the bot spec a level had
 * resolved to, as that level (its name), so a stored table plays on with
 * the bot it started with even after the levels table changed. */
int tb_room_seat_level(tb_room *r, int seat, const char *level, ch_err *err);

/* Seats a person: seat, or -1 for the first open seat. name: 1..TB_NAME_MAX-1
 * bytes of printable UTF-8. Returns the seat or an error code. The person
 * counts as present (one connection). */
int tb_room_join(tb_room *r, int seat, const char *name, const unsigned char hash[TB_TOKEN_HASH],
                 ch_err *err);
/* The seat whose token has this hash, or -1. */
int tb_room_seat_of(const tb_room *r, const unsigned char hash[TB_TOKEN_HASH]);
/* A person leaves: before the game the seat opens again; during it the seat
 * stays theirs (their token brings them back) and is played by the
 * heuristic at once. */
int tb_room_leave(tb_room *r, int seat, ch_err *err);
/* Connections come and go on a person's seat (delta +1 / -1). */
void tb_room_presence(tb_room *r, int seat, int delta, int64_t now_ms);

/* Who plays seat now: 0 the person, 1 a bot (a bot seat, or a person away
 * longer than the timeout, or who left). */
int tb_room_bot_plays(const tb_room *r, int seat, int64_t now_ms);
/* If the seat to move is played by a bot now, writes its choice (decided
 * from that seat's view by ch_bot_act) to *a and returns 1; else 0. */
int tb_room_bot_due(tb_room *r, int64_t now_ms, ch_action *a);
/* The seat to move if a bot plays it now (what tb_room_bot_due would ask,
 * without asking: the server lets search players think elsewhere), else -1. */
int tb_room_bot_seat(tb_room *r, int64_t now_ms);
/* Checks that seat may make the move written as text now: the game is
 * running, it is seat's turn, the move is legal. Changes nothing. */
int tb_room_check(const tb_room *r, int seat, const char *text, ch_action *a, ch_err *err);
/* Applies a checked action; the room finishes when the game does. */
int tb_room_apply(tb_room *r, ch_action a, ch_err *err);
/* Same seats, a new game from seed; only when the game is finished. The
 * seed must be fresh randomness, never derived from an earlier game's seed:
 * a finished game's record shows its seed. */
int tb_room_rematch(tb_room *r, uint64_t seed, ch_err *err);

/* Recovery: restarts a started room at game number game_no dealt from seed
 * (no moves yet; the caller applies the stored ones). */
int tb_room_restore_game(tb_room *r, int game_no, uint64_t seed, ch_err *err);

/* "Suggest a move" (issue 24): {"type": "hint", "action", "name", "why"},
 * the move the Normal computer player would make for seat, decided from
 * seat's view only; NULL with a message where the table gives no hints
 * (r->hints) or it is not seat's turn. New reference. */
json_t *tb_room_hint(const tb_room *r, int seat, ch_lang lang, ch_err *err);
/* The same for any state: what tb_room_hint gives at seat's turn. */
json_t *tb_hint_json(const ch_game *g, const void *st, int seat, ch_lang lang, ch_err *err);

/* The earliest time, at or after now, at which the passing of time alone
 * could change what tb_room_bot_due, tb_room_paused or the clocks say: now
 * when a bot is to play now (the room is not between hands); else the end
 * of the pause between hands, the end of an away person's timeout, the end
 * of the running clock's bank, whichever is first; INT64_MAX when nothing
 * but a request or a move can change the room (issue 29: the server looks
 * at a table only then, instead of every table on every tick). A lower
 * bound: the room may have nothing to do then. */
int64_t tb_room_next_due(const tb_room *r, int64_t now_ms);
/* The seat to move, or -1 (no game, or over). */
int tb_room_to_move(const tb_room *r);
const char *tb_room_status_name(tb_room_status s);

/* Turn clocks (cardhall/clock.h): bank_ms 0 (none) or TB_CLOCK_BANK_MIN..
 * TB_CLOCK_BANK_MAX, inc_ms 0..TB_CLOCK_INC_MAX; set before the first move.
 * Only people's time runs (a bot seat keeps its bank). A rematch fills
 * every bank again. */
int tb_room_set_clock(tb_room *r, int64_t bank_ms, int64_t inc_ms, ch_err *err);
/* Starts the time of the seat to move, if it does not run yet (after a
 * join starts the game, a rematch, a restart). */
void tb_room_clock_sync(tb_room *r, int64_t now_ms);
/* Applies a checked action at now: as tb_room_apply, and the mover's clock
 * is charged and given the increment, the next seat's starts; a move made
 * for a person out of time is noted (tb_room_events says so). */
int tb_room_apply_at(tb_room *r, ch_action a, int64_t now_ms, ch_err *err);
/* The seat to move if it is a person whose time is spent at now, else -1. */
int tb_room_timed_out(const tb_room *r, int64_t now_ms);
/* The banks (ms, per seat) as they will be once the seat to move moves at
 * now, for storage to keep with the move; returns the number of seats. */
int tb_room_clock_after(const tb_room *r, int64_t now_ms, int64_t left_ms[CH_MAX_PLAYERS]);
/* Storage gives back the banks as they were after the last stored move. */
void tb_room_clock_restore(tb_room *r, const int64_t *left_ms, int n);

/* leave during a game, noting when (tb_room_leave otherwise). The person
 * counts as away from now until a connection resumes the seat. */
int tb_room_leave_at(tb_room *r, int seat, int64_t now_ms, ch_err *err);
/* The people away at now: [{"seat", "away_ms" (how long), "left" (they
 * left, rather than lost their connection)}]. Public. */
json_t *tb_room_away_json(const tb_room *r, int64_t now_ms);

/* Between hands (issue 24). A move that ends a hand (not the game) puts
 * the room between hands: nothing moves (tb_room_bot_due gives nothing,
 * tb_room_check refuses, no clock runs) until every person present (one
 * the heuristic does not play for at now) has continued, or the table's
 * hand_pause_ms passed since (0: no limit). A table of bots alone never
 * waits. */

/* The pause's limit: 0 (wait for everyone) or 1..TB_HAND_PAUSE_MAX ms. */
int tb_room_set_hand_pause(tb_room *r, int64_t ms, ch_err *err);
/* Whether the room is between hands at now; ends the pause once its time
 * passed or every person present has continued. */
int tb_room_paused(tb_room *r, int64_t now_ms);
/* seat (a person's) is done reading the hand's summary. An error when the
 * room is not between hands. */
int tb_room_continue(tb_room *r, int seat, int64_t now_ms, ch_err *err);
/* After a restart: if the last move ended a hand, the room is between
 * hands again, from now (nobody has continued). */
void tb_room_pause_restore(tb_room *r, int64_t now_ms);
/* The pause as viewer sees it at now, or JSON null when there is none:
 * {"move" (the hand-ending move, 1-based), "hand_end" (tb_hand_end_json for
 * viewer), "continued": [seats], "waiting": [people still to continue],
 * "left_ms": ms until it ends by itself, or null without a limit}. */
json_t *tb_room_pause_json(const tb_room *r, int viewer, int64_t now_ms, ch_lang lang);

/* Per-viewer output. viewer: a seat, or CH_SPECTATOR. Every call returns a
 * new object holding only what that viewer may know. */

/* The table as the lobby lists it: id, game, options, status, seats (kind,
 * name, present), moves. Public. */
json_t *tb_room_summary(const tb_room *r);
/* The whole picture for viewer: the summary, the game status, viewer's
 * view, (when viewer is to move and the room is not between hands) the
 * legal moves with their names, and once the game is over its last hand
 * ("hand_end", as tb_hand_end_json) and what each seat scored in each hand
 * ("hand_scores": [[per seat] per hand]). */
json_t *tb_room_state_json(tb_room *r, int viewer, ch_lang lang);
/* The server's state message for viewer at now (docs/ws-protocol.md):
 * {"type": "state"}, then tb_room_state_json's members, then "clock",
 * "away", "pause" and, after move (1-based) when move > 0, "move" and its
 * "events". The caller has ended a pause that is over (tb_room_paused) and
 * started the clock (tb_room_clock_sync) at now. */
json_t *tb_room_state_msg(tb_room *r, int viewer, ch_lang lang, int64_t now_ms, int move);
/* The same message's compact JSON text appended to t, byte for byte what
 * tb_json_append writes of tb_room_state_msg (test_statetext holds them
 * equal), with the table's summary, the board and the message's own object
 * written straight rather than built as a tree and then written (issue 29:
 * a state message goes with every move). 0, or -1 with t marked failed. */
int tb_room_state_text(tb_text *t, tb_room *r, int viewer, ch_lang lang, int64_t now_ms, int move);
/* What viewer learns from move k (0-based) of the current game. */
json_t *tb_room_events(const tb_room *r, int k, int viewer, ch_lang lang);
/* Every move of the current game as viewer knows it. */
json_t *tb_room_history(const tb_room *r, int viewer, ch_lang lang);
/* A finished game seen after move k (0..n_actions) by viewer (a seat,
 * CH_SPECTATOR, or CH_ALL: every card open): {"move": k, "moves": n,
 * "status", "view", "board", "events" (of move k, as viewer knew them),
 * "hands": [the move at which each hand starts]}. For replay viewers: only
 * for games that are over, since CH_ALL shows every hidden card. */
json_t *tb_replay_json(const ch_match *m, int k, int viewer, ch_lang lang);
/* The spectator's view of the game: only what is public. */
json_t *tb_room_spectator_view(const tb_room *r);
/* The full record (ch_match_record plus seat names): finished games only,
 * since it shows every hidden card. */
json_t *tb_room_record(const tb_room *r, ch_err *err);

#endif
