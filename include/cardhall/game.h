/* The game interface. Every game implements one ch_game; every bot and front
 * end drives games only through it.
 *
 * A state is a plain fixed-size struct of game->state_size bytes, allocated
 * by the caller. It holds everything, including the game's RNG, so a clone
 * is a memcpy and a state replays exactly. Chance events (shuffles,
 * reshuffles, dealer draws) happen inside setup/apply from that RNG; the
 * player to move is therefore always a seat, or CH_TERMINAL.
 *
 * setup zeroes the whole state first, so two states are equal exactly when
 * their bytes are (ch_equal). */
#ifndef CARDHALL_GAME_H
#define CARDHALL_GAME_H

#include <stddef.h>
#include <stdint.h>
#include <jansson.h>

#include "cardhall/error.h"
#include "cardhall/options.h"
#include "cardhall/rng.h"

#define CH_MAX_PLAYERS 8
#define CH_MAX_CARDS 256 /* physical cards a census may list */
#define CH_TERMINAL (-1)
#define CH_ALL (-1) /* viewer meaning "omniscient": full state */
/* Viewer who sees only what is public at the table: no seat's hidden cards,
 * no deck order. Every function taking a viewer accepts it (view_json,
 * census, resample, render, action_name, events, hand_summary); what it
 * shows is what every seat's view has in common. */
#define CH_SPECTATOR (-2)

/* A game-specific action code. Front ends treat it as opaque. */
typedef uint64_t ch_action;

typedef enum { CH_LANG_EN = 0, CH_LANG_JA = 1, CH_NLANGS } ch_lang;

typedef struct ch_result {
    int n_players;
    int terminal;
    int score[CH_MAX_PLAYERS]; /* cumulative score in the game's own points */
    int rank[CH_MAX_PLAYERS];  /* 1 = best; equal results share a rank (valid when terminal) */
    unsigned winners; /* bit p: seat p won or shares the win; 0 = nobody (e.g. team loss) */
    int hands;        /* hands (rounds, deals) completed so far */
    int hand_score[CH_MAX_PLAYERS]; /* what each seat scored in the last completed hand */
} ch_result;

/* Where every physical card is, and whether one viewer may know it is there.
 * Filled by game->census; checked by the test harness (every card in exactly
 * one place, resampling keeps what the viewer knows). */
typedef struct ch_census_entry {
    int16_t zone; /* game-defined: deck, discard, a seat's hand, ... */
    int16_t pos;  /* position inside the zone */
    int16_t face; /* the card, as card_text/card_parse know it */
    uint8_t seen; /* 1 if the viewer knows this face is at (zone, pos) */
} ch_census_entry;

typedef struct ch_census {
    int viewer;
    int n;
    ch_census_entry e[CH_MAX_CARDS];
} ch_census;

void ch_census_put(ch_census *c, int zone, int pos, int face, int seen);

/* One game-specific figure about a finished game, for designers (sim). */
typedef struct ch_tally {
    const char *name; /* static snake_case, e.g. "dry_deck_end" */
    double value;
} ch_tally;

#define CH_MAX_TALLY 16

typedef struct ch_game {
    const char *name;             /* registry key, e.g. "racko" */
    const char *title[CH_NLANGS]; /* "Rack-O", "ラックオー" */
    const char *summary;          /* one line */
    int min_players, max_players;
    const ch_optdesc *opts; /* opts[0] is always "players" */
    int n_opts;
    size_t state_size;
    int max_actions;            /* bound on legal actions in any state */
    int n_faces;                /* card faces are 0..n_faces-1 */
    const uint8_t *face_copies; /* physical copies of each face in the full box */

    /* Starts a game. order (may be NULL): the first deal's shuffled order as
     * faces, top card first, replacing that shuffle; wrong cards or count is
     * CH_EINVAL. Later shuffles come from the seed. */
    int (*setup)(void *st, const ch_opts *o, uint64_t seed, const int *order, int n_order,
                 ch_err *err);
    int (*num_players)(const void *st);
    int (*to_move)(const void *st);       /* seat, or CH_TERMINAL */
    const char *(*phase)(const void *st); /* short word, e.g. "draw" */
    /* Writes the legal actions to out (max_actions room) in a stable order;
     * returns the count, > 0 unless terminal. */
    int (*legal)(const void *st, ch_action *out);
    /* Applies a legal action (checked by ch_apply; asserted here), running
     * every automatic step that follows: scoring, new rounds, reshuffles. */
    void (*apply)(void *st, ch_action a);
    void (*result)(const void *st, ch_result *r);

    /* Notation (docs/notation.md): a short text, unique among the legal
     * actions of st, that ch_parse_action reads back. */
    int (*action_text)(const void *st, ch_action a, char *buf, size_t cap);
    /* The move for people, as `viewer` knows the action once it is done
     * (CH_ALL: everything): a player's own draw names the card drawn. So a
     * front end listing choices before they are made must not show names
     * that depend on hidden cards (the CLI checks them against resamples).
     *
     * Every text for people (names, events, summaries, warnings) follows
     * three rules (issue 24): a move's name speaks to the player choosing it
     * ("Draw a card from the deck"); cards are named as a player says them,
     * never by their notation ("7♠", "Blue 9 (Scrum-half)", "♠2 bid card");
     * and a seat p is written "{P<p>}" (from 0), a placeholder the table
     * layer fills with the seat's name (cardhall/table.h: tb_names), since a
     * game knows no names. */
    int (*action_name)(const void *st, ch_action a, int viewer, ch_lang lang, char *buf,
                       size_t cap);
    int (*card_text)(int face, char *buf, size_t cap);
    int (*card_parse)(const char *text, int *face); /* CH_OK or CH_EINVAL */
    /* The board as viewer sees it, as plain text lines for a terminal.
     * Texts are returned like snprintf's: the length the whole text needs,
     * so a caller whose buffer was too small sees a result >= cap
     * (cardhall/text.h builds them that way). */
    int (*render)(const void *st, int viewer, ch_lang lang, char *buf, size_t cap);

    /* Exactly what viewer may know (CH_ALL: the full state), as a new JSON object. */
    json_t *(*view_json)(const void *st, int viewer);
    void (*census)(const void *st, int viewer, ch_census *c);
    /* Replaces everything viewer cannot know (unseen cards, the RNG) by a
     * random completion consistent with viewer's view, drawn from rng. */
    void (*resample)(void *st, int viewer, ch_rng *rng);

    /* Optional (NULL if none): figures about a finished game that only the
     * game knows (how it ended, how often an outcome happened). Writes up to
     * CH_MAX_TALLY entries, the same names in the same order for every game
     * under one set of options; sim prints each one's mean, so a 0/1 value
     * reads as a frequency. Returns the count. */
    int (*tally)(const void *st, ch_tally *out);

    /* What a player sees happen (all five games implement these; a front
     * end must still accept NULL from a game that does not). */

    /* The events of applying the legal action a to before, as viewer may
     * know them, in lang: a new JSON array of objects, in the order they
     * happened, the action itself first:
     *   {"type": snake_case word ("draw", "play", "take_attack", "reshuffle",
     *            "sin_bin", "rebuy", "score", "hand_end", ...),
     *    "seat": the seat it happened to (or null),
     *    "text": one sentence for people, in lang, in the third person ("{P1} draws a card"),
     *    and where they apply: "target" (another seat), "count" (cards
     *    moved, always given when cards move), "cards" (card texts, only
     *    cards viewer may know: seen before or after the action),
     *    "from"/"to" (zone words), "points"}.
     * Automatic steps that follow the action (everyone else draws 2, a turn
     * lost to Sin Bin, a reshuffle, scoring, a new deal) are events too. */
    json_t *(*events)(const void *before, ch_action a, int viewer, ch_lang lang);

    /* The last completed hand (round, deal) as revealed at its end, for
     * viewer, in lang: the hands laid open (sorted; Rumino with each seat's
     * melds and deadwood as scored), each seat's scoring breakdown and why
     * the hand ended, as terminal text lines. An empty text (returns 0) when
     * no hand has ended yet. view_json carries the same as "last_hand":
     * {"hand": number (1-based), "reason": {"en","ja"}, "hands": [[card
     * texts] per seat, null where it stays hidden], "scores": [per seat],
     * "breakdown": [per seat: {"text": {"en","ja"}, ...game figures}]}, null
     * before the first hand ends. It stays until the next hand ends. */
    int (*hand_summary)(const void *st, int viewer, ch_lang lang, char *buf, size_t cap);

    /* Optional (NULL if none): why text is not a legal move for the seat to
     * move, in the game's terms and without rule IDs, when it is near one
     * ("knock needs deadwood 7 or less; yours is 60"). Returns the length
     * like render; 0 (empty text) when the game has nothing to add. */
    int (*explain_illegal)(const void *st, const char *text, ch_lang lang, char *buf,
                           size_t cap);

    /* Optional (NULL if none): for a legal action that loses on the spot
     * (Comrade's bid over the total, the fifth pass), a warning such as
     * "ends the deal: total 12 > 10"; returns its length, 0 if none. */
    int (*warning)(const void *st, ch_action a, ch_lang lang, char *buf, size_t cap);

    /* A short summary of the rules for players, with the options in force
     * (o) and what each card does, in lang, as terminal text. */
    int (*rules_text)(const ch_opts *o, ch_lang lang, char *buf, size_t cap);

    /* Optional (NULL: front ends name choices by action_name, checked against
     * resamples): a legal action named for the seat to move before it is
     * made, from what that seat knows only: never its outcome (a card it
     * will draw, whether a raid matches, the round's scores). A few resamples
     * cannot prove an outcome hidden when it has few values; this can. */
    int (*choice_name)(const void *st, ch_action a, ch_lang lang, char *buf, size_t cap);

    /* Optional (NULL if none; every registered game fills them): a fixed
     * integer action space and an observation tensor, for learning programs
     * (the Python module, docs/python.md; each game's id table and tensor
     * layout are in docs/spaces.md, its offsets in its own header).
     *
     * num_action_ids: how many distinct action ids the game has under
     * options o. action_id: the id, in 0..num_action_ids-1, of a legal
     * action a of st; one id means the same move in every state of a game
     * with those options, and two legal actions of one state never share an
     * id. (ch_action_of_id finds the legal action of an id.) "The same move"
     * is read from the notation: the same words, though a game may list a
     * play's cards in an order the state makes canonical (RAGAMARU). */
    int (*num_action_ids)(const ch_opts *o);
    int (*action_id)(const void *st, ch_action a);
    /* obs_shape: writes the tensor's dimensions under options o (at most
     * CH_OBS_RANK) to dims and returns how many there are. observe: writes
     * viewer's tensor for st (a seat or CH_SPECTATOR; the product of the
     * dimensions floats, row-major). It holds only what viewer may know, so
     * it is the same for st and for any resample of st from viewer's view. */
    int (*obs_shape)(const ch_opts *o, int *dims);
    void (*observe)(const void *st, int viewer, float *out);

    /* Old records (issue 23): every record the program ever wrote replays
     * (docs/notation.md, "Records"). Optional (NULL if the notation never
     * changed): text is a move of a record of format version `format` that
     * does not parse in st; writes today's notation of the same move into
     * buf, one action per line (a move that is now several steps, such as
     * RAGAMARU's `RES K8`), and returns how many actions; 0 when text was
     * never a move of the game. */
    int (*upgrade_action)(const void *st, int format, const char *text, char *buf, size_t cap);
    /* Rule sets older than today's that the game still plays, for records
     * written under them: ch_opts.compat 1..old_rules selects one (0 is
     * today's). Needed only where a change moved chance outcomes (Draft
     * Babasuki's hands kept in No order changed which card a raid draws). */
    int old_rules;

    /* Optional (NULL: observe alone; last, so that games filling the struct
     * in order need not name it): observe into a tensor kept from call to
     * call (the Python VectorEnv's slots with copy=False), so that a step
     * rewrites what can change, not the whole tensor. out holds what this
     * function wrote at its last call with this memo, for any state under
     * the same options and any viewer; memo (as many uint16_t as the tensor
     * has entries) holds what the game kept there of that call. With first,
     * out and memo are all zero instead. Writes viewer's tensor of st, the
     * same as observe's, into out. */
    void (*observe_kept)(const void *st, int viewer, float *out, uint16_t *memo, int first);

    /* Optional (NULL: a move has one text): whether typed, a move as a player wrote it, is the same
     * move as written, a legal action's text, though the words differ. Where the rules make one
     * move of several orders (RAGAMARU's RG-36: the same cards with the same top card), the
     * notation writes one of them and a player may type another; ch_parse_action asks this when no
     * text matches. */
    int (*same_play)(const char *typed, const char *written);

    /* Optional (NULL: view_json alone): view_json(st, viewer) without its
     * "last_hand" member, for viewer a seat or CH_SPECTATOR. A game that has
     * it writes "last_hand" as view_json's last member, the same for every
     * viewer, and changes it only when a hand ends (ch_result.hands grows)
     * or a new game is set up. So a front end that sends a view at every
     * move may keep that member's text and write it after this view's
     * members: the table server does (tb_room_state_text), because building
     * and writing the record of a hand, which changes once a hand, at every
     * move was about a tenth of the server's CPU a move (issue 29). */
    json_t *(*view_json_lean)(const void *st, int viewer);
} ch_game;

#define CH_OBS_RANK 3

/* Generic operations (src/core/game.c). */
int ch_setup(const ch_game *g, void *st, const ch_opts *o, uint64_t seed, const int *order,
             int n_order, ch_err *err);
int ch_is_legal(const ch_game *g, const void *st, ch_action a);
/* Applies a if legal; otherwise CH_EILLEGAL and st is unchanged. */
int ch_apply(const ch_game *g, void *st, ch_action a, ch_err *err);
/* Finds the legal action whose notation is text (case and spaces ignored). */
int ch_parse_action(const ch_game *g, const void *st, const char *text, ch_action *out,
                    ch_err *err);
/* Parses a card order written as card texts separated by spaces or commas;
 * text with no card in it is refused (CH_EINVAL), like a wrong card. */
int ch_parse_order(const ch_game *g, const char *text, int *faces, int cap, int *n, ch_err *err);
int ch_equal(const ch_game *g, const void *a, const void *b);
void ch_clone(const ch_game *g, void *dst, const void *src);
/* Checks c against g's box: every face present exactly face_copies times,
 * no two cards at one (zone, pos). */
int ch_census_check(const ch_game *g, const ch_census *c, ch_err *err);

/* The legal action of st whose action id (game->action_id) is id: CH_OK and
 * *out, or CH_EILLEGAL when no legal action has that id (CH_EINVAL when the
 * game has no action ids). acts: room for g->max_actions. */
int ch_action_of_id(const ch_game *g, const void *st, int id, ch_action *acts, ch_action *out,
                    ch_err *err);

#endif
