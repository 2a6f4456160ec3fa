/* The Python module cardhall._cardhall (docs/python.md): the types and the
 * helpers its files share. It drives the games only through ch_game and the
 * bots through ch_bot, like every other front end; Python sees action ids
 * (game->action_id), never ch_action codes. */
#ifndef CARDHALL_PYMOD_H
#define CARDHALL_PYMOD_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "cardhall/bot.h"
#include "cardhall/game.h"

/* Moves after which the module's environments cut a game that has not
 * ended (random Rack-O players rarely finish), as `cardhall sim` does. */
#define PYCH_MAX_GAME_LENGTH 100000
/* The stream of ch_rng that resample draws from (a seed of its own). */
#define PYCH_RESAMPLE_STREAM 0x5e5a3u

typedef struct pych_game {
    PyObject_HEAD
    const ch_game *game;
    ch_opts opts; /* owns its data (Draft Babasuki's card file) */
    int n_players;
    int n_ids;                 /* num_action_ids, or 0 if the game has none */
    int obs_rank;              /* 0 if the game has no observation tensor */
    int obs_dims[CH_OBS_RANK]; /* the tensor's shape */
    Py_ssize_t obs_size;       /* product of obs_dims */
    PyObject *spec;            /* str: "rumino(players=3,knock_limit=5)" */
} pych_game;

/* One step of a state's past: an action, or a resample (viewer, seed)
 * that replaced what viewer could not see. */
typedef struct pych_step {
    ch_action action; /* when viewer == PYCH_NO_VIEWER */
    int id;           /* the action's id (-1 if the game has none) */
    int viewer;       /* resample: the seat whose view was kept */
    uint64_t seed;    /* resample: its seed */
} pych_step;

#define PYCH_NO_VIEWER (-100)

typedef struct pych_state {
    PyObject_HEAD
    pych_game *game; /* strong reference */
    void *st;        /* game->state_size bytes, owned */
    uint64_t seed;
    pych_step *steps; /* owned */
    int n_steps, cap_steps;
    int n_moves; /* the steps that are actions (history()'s length) */
    ch_action *acts; /* scratch for legal(): game->max_actions, owned */
} pych_state;

extern PyTypeObject pych_game_type;
extern PyTypeObject pych_state_type;
extern PyTypeObject pych_vec_type;

/* Raises ValueError with err's message and returns NULL. */
PyObject *pych_raise(const ch_err *err);
/* A Python dict from a jansson value (through the json module). */
PyObject *pych_json_to_py(const json_t *j);

/* Games. */
pych_game *pych_game_new(const char *name, PyObject *params);
/* 0 if g has action ids and an observation tensor; else -1 with
 * NotImplementedError set (the game's hooks have not landed). */
int pych_game_need_hooks(const pych_game *g);
/* +1 for each winner, -1 for every other seat, 0 before the end. */
void pych_returns(const ch_game *g, const void *st, double *out);

/* States. */
pych_state *pych_state_alloc(pych_game *g);
int pych_state_push(pych_state *s, pych_step step);
/* The legal action of s with id, or -1 with ValueError set. */
int pych_state_action(pych_state *s, long id, ch_action *out);
/* Writes the mask of legal ids of st (n_ids bytes). acts: scratch. */
void pych_mask(const pych_game *g, const void *st, ch_action *acts, uint8_t *mask);

/* Serialization (pyrecord.c). */
PyObject *pych_serialize(pych_state *s);
PyObject *pych_deserialize(pych_game *g, const char *text, Py_ssize_t len);

/* Seat arguments: None means the player to move. Returns -1 with ValueError
 * set if p is no seat (CH_SPECTATOR is allowed where spectator is set). */
int pych_seat_arg(pych_state *s, PyObject *arg, int spectator, int *seat);

#endif
