/* cardhall.State: one game in progress. The C state is a plain struct that
 * holds the game's own generator, so chance never shows: every shuffle and
 * draw happens inside apply_action, and resample is the way to draw the
 * cards a seat cannot see. The state keeps its past (actions and resamples)
 * for history() and serialize(). */
#include <stdlib.h>
#include <string.h>

#include "pymod.h"
#include "pynumpy.h"

#include "cardhall/table.h"

pych_state *pych_state_alloc(pych_game *g)
{
    pych_state *s = PyObject_New(pych_state, &pych_state_type);
    if (!s) return NULL;
    s->game = g;
    Py_INCREF(g);
    s->seed = 0;
    s->steps = NULL;
    s->n_steps = s->cap_steps = s->n_moves = 0;
    s->st = PyMem_Calloc(1, g->game->state_size);
    s->acts = PyMem_Malloc(sizeof *s->acts * (size_t)g->game->max_actions);
    if (!s->st || !s->acts) {
        Py_DECREF(s);
        return (pych_state *)PyErr_NoMemory();
    }
    return s;
}

int pych_state_push(pych_state *s, pych_step step)
{
    if (s->n_steps == s->cap_steps) {
        int cap = s->cap_steps ? 2 * s->cap_steps : 64;
        pych_step *p = PyMem_Realloc(s->steps, sizeof *p * (size_t)cap);
        if (!p) {
            PyErr_NoMemory();
            return -1;
        }
        s->steps = p;
        s->cap_steps = cap;
    }
    s->steps[s->n_steps++] = step;
    s->n_moves += step.viewer == PYCH_NO_VIEWER;
    return 0;
}

static void state_dealloc(pych_state *s)
{
    PyMem_Free(s->st);
    PyMem_Free(s->acts);
    PyMem_Free(s->steps);
    Py_XDECREF(s->game);
    Py_TYPE(s)->tp_free((PyObject *)s);
}

int pych_state_action(pych_state *s, long id, ch_action *out)
{
    const pych_game *g = s->game;
    if (pych_game_need_hooks(g) < 0) return -1;
    if (id < 0 || id >= g->n_ids) {
        PyErr_Format(PyExc_ValueError, "action id %ld is out of range 0..%d", id, g->n_ids - 1);
        return -1;
    }
    ch_err err;
    int rc = ch_action_of_id(g->game, s->st, (int)id, s->acts, out, &err);
    if (rc == CH_EILLEGAL) {
        /* Say what is legal instead, by id and notation: the id alone names
         * no move the game could explain. */
        const ch_game *game = g->game;
        int n = game->legal(s->st, s->acts), len = 0;
        char buf[600], text[128];
        for (int i = 0; i < n && i < 8 && len < (int)sizeof buf - 200; i++) {
            game->action_text(s->st, s->acts[i], text, sizeof text);
            len += snprintf(buf + len, sizeof buf - (size_t)len, "%s%d (%s)", i ? ", " : "",
                            game->action_id(s->st, s->acts[i]), text);
        }
        if (n > 8) snprintf(buf + len, sizeof buf - (size_t)len, ", ... (%d in all)", n);
        PyErr_Format(PyExc_ValueError, "action id %ld is not a legal move now: seat %d to %s; legal: %s",
                     id, game->to_move(s->st), game->phase(s->st), buf);
        return -1;
    }
    if (rc != CH_OK) {
        pych_raise(&err);
        return -1;
    }
    return 0;
}

void pych_mask(const pych_game *g, const void *st, ch_action *acts, uint8_t *mask)
{
    memset(mask, 0, (size_t)g->n_ids);
    if (g->game->to_move(st) == CH_TERMINAL) return;
    int n = g->game->legal(st, acts);
    for (int i = 0; i < n; i++)
        mask[g->game->action_id(st, acts[i])] = 1;
}

int pych_seat_arg(pych_state *s, PyObject *arg, int spectator, int *seat)
{
    if (!arg || arg == Py_None) {
        int p = s->game->game->to_move(s->st);
        if (p == CH_TERMINAL) {
            PyErr_SetString(PyExc_ValueError, "the game is over: name a seat");
            return -1;
        }
        *seat = p;
        return 0;
    }
    long p = PyLong_AsLong(arg);
    if (p == -1 && PyErr_Occurred()) return -1;
    if ((p < 0 || p >= s->game->n_players) && !(spectator && p == CH_SPECTATOR)) {
        PyErr_Format(PyExc_ValueError, "seat %ld is not a seat of this game (0..%d%s)", p,
                     s->game->n_players - 1, spectator ? " or cardhall.SPECTATOR" : "");
        return -1;
    }
    *seat = (int)p;
    return 0;
}

static PyObject *state_current_player(pych_state *s, PyObject *unused)
{
    return PyLong_FromLong(s->game->game->to_move(s->st));
}

static PyObject *state_is_terminal(pych_state *s, PyObject *unused)
{
    return PyBool_FromLong(s->game->game->to_move(s->st) == CH_TERMINAL);
}

static PyObject *state_num_players(pych_state *s, PyObject *unused)
{
    return PyLong_FromLong(s->game->n_players);
}

static PyObject *state_get_game(pych_state *s, PyObject *unused)
{
    Py_INCREF(s->game);
    return (PyObject *)s->game;
}

/* player (optional, as pyspiel): a seat that is not to move has none. */
static int not_to_move(pych_state *s, PyObject *args)
{
    PyObject *player = NULL;
    if (!PyArg_ParseTuple(args, "|O", &player)) return -1;
    if (!player || player == Py_None) return 0;
    int p;
    if (pych_seat_arg(s, player, 0, &p) < 0) return -1;
    return p != s->game->game->to_move(s->st);
}

static PyObject *state_legal_actions(pych_state *s, PyObject *args)
{
    if (pych_game_need_hooks(s->game) < 0) return NULL;
    int other = not_to_move(s, args);
    if (other < 0) return NULL;
    const ch_game *g = s->game->game;
    int n = other || g->to_move(s->st) == CH_TERMINAL ? 0 : g->legal(s->st, s->acts);
    /* Ascending ids, as pyspiel lists them: through a bit set, whose words
     * are read by their set bits (RAGAMARU has 1,002 ids and tens of moves). */
    size_t words = ((size_t)s->game->n_ids + 63) / 64;
    uint64_t local[64], *bits = words <= 64 ? local : PyMem_Malloc(words * sizeof *bits);
    if (!bits) return PyErr_NoMemory();
    memset(bits, 0, words * sizeof *bits);
    for (int i = 0; i < n; i++) {
        int id = g->action_id(s->st, s->acts[i]);
        bits[id >> 6] |= 1ull << (id & 63);
    }
    PyObject *l = PyList_New(n);
    for (size_t w = 0, k = 0; l && w < words; w++)
        for (uint64_t b = bits[w]; b; b &= b - 1)
            PyList_SET_ITEM(l, k++, PyLong_FromLong((long)(w * 64 + (size_t)__builtin_ctzll(b))));
    if (bits != local) PyMem_Free(bits);
    return l;
}

static PyObject *state_legal_actions_mask(pych_state *s, PyObject *args)
{
    if (pych_game_need_hooks(s->game) < 0) return NULL;
    int other = not_to_move(s, args);
    if (other < 0) return NULL;
    npy_intp dims[1] = {s->game->n_ids};
    PyObject *arr = PyArray_ZEROS(1, dims, NPY_UINT8, 0);
    if (!arr) return NULL;
    if (!other) pych_mask(s->game, s->st, s->acts, PyArray_DATA((PyArrayObject *)arr));
    return arr;
}

static PyObject *state_apply_action(pych_state *s, PyObject *arg)
{
    long id = PyLong_AsLong(arg);
    if (id == -1 && PyErr_Occurred()) return NULL;
    ch_action a;
    if (pych_state_action(s, id, &a) < 0) return NULL;
    pych_step step = {a, (int)id, PYCH_NO_VIEWER, 0};
    if (pych_state_push(s, step) < 0) return NULL;
    s->game->game->apply(s->st, a);
    Py_RETURN_NONE;
}

static PyObject *state_action_to_string(pych_state *s, PyObject *args, PyObject *kwargs)
{
    static char *kw[] = {"action", "player", NULL};
    long id;
    PyObject *player = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "l|O:action_to_string", kw, &id, &player))
        return NULL;
    /* player is the seat making the move, as in pyspiel: only the seat to
     * move has legal ids. The notation is the mover's text and may name a
     * card only the mover sees (Draft Babasuki's "keep T21"). */
    int p;
    if (player && player != Py_None) {
        if (pych_seat_arg(s, player, 0, &p) < 0) return NULL;
        if (p != s->game->game->to_move(s->st)) {
            PyErr_Format(PyExc_ValueError, "seat %d is not to move: only the seat to move has "
                         "legal actions to name", p);
            return NULL;
        }
    }
    ch_action a;
    if (pych_state_action(s, id, &a) < 0) return NULL;
    char buf[256];
    s->game->game->action_text(s->st, a, buf, sizeof buf);
    return PyUnicode_FromString(buf);
}

static PyObject *state_string_to_action(pych_state *s, PyObject *arg)
{
    if (pych_game_need_hooks(s->game) < 0) return NULL;
    const char *text = PyUnicode_AsUTF8(arg);
    if (!text) return NULL;
    const ch_game *g = s->game->game;
    ch_action a;
    ch_err err;
    if (ch_parse_action(g, s->st, text, &a, &err) != CH_OK) {
        /* The game's own reason when it has one ("knock needs deadwood 7 or less"). */
        char why[512];
        if (g->explain_illegal && g->explain_illegal(s->st, text, CH_LANG_EN, why, sizeof why) > 0)
            PyErr_Format(PyExc_ValueError, "%s: %s", err.msg, why);
        else
            PyErr_SetString(PyExc_ValueError, err.msg);
        return NULL;
    }
    return PyLong_FromLong(g->action_id(s->st, a));
}

static PyObject *returns_array(pych_state *s, int terminal_only)
{
    double r[CH_MAX_PLAYERS];
    pych_returns(s->game->game, s->st, r);
    PyObject *l = PyList_New(s->game->n_players);
    for (int p = 0; l && p < s->game->n_players; p++)
        PyList_SET_ITEM(l, p, PyFloat_FromDouble(r[p]));
    return l;
}

static PyObject *state_returns(pych_state *s, PyObject *unused)
{
    return returns_array(s, 0);
}

static PyObject *state_rewards(pych_state *s, PyObject *unused)
{
    /* The outcome is all the reward there is, and it comes with the last move. */
    return returns_array(s, 1);
}

static PyObject *state_result(pych_state *s, PyObject *unused)
{
    ch_result r;
    s->game->game->result(s->st, &r);
    PyObject *scores = PyList_New(r.n_players), *ranks = PyList_New(r.n_players),
             *winners = PyList_New(0);
    for (int p = 0; scores && ranks && winners && p < r.n_players; p++) {
        PyList_SET_ITEM(scores, p, PyLong_FromLong(r.score[p]));
        PyList_SET_ITEM(ranks, p, r.terminal ? PyLong_FromLong(r.rank[p]) : Py_NewRef(Py_None));
        if (r.winners >> p & 1u) {
            PyObject *x = PyLong_FromLong(p);
            PyList_Append(winners, x);
            Py_XDECREF(x);
        }
    }
    return Py_BuildValue("{s:O,s:N,s:N,s:N,s:i}", "terminal", r.terminal ? Py_True : Py_False,
                         "scores", scores, "ranks", ranks, "winners", winners, "hands", r.hands);
}

static PyObject *state_observation_tensor(pych_state *s, PyObject *args)
{
    PyObject *player = NULL;
    if (!PyArg_ParseTuple(args, "|O:observation_tensor", &player)) return NULL;
    if (pych_game_need_hooks(s->game) < 0) return NULL;
    int p;
    if (pych_seat_arg(s, player, 1, &p) < 0) return NULL;
    npy_intp dims[CH_OBS_RANK];
    for (int i = 0; i < s->game->obs_rank; i++)
        dims[i] = s->game->obs_dims[i];
    PyObject *arr = PyArray_SimpleNew(s->game->obs_rank, dims, NPY_FLOAT32);
    if (!arr) return NULL;
    s->game->game->observe(s->st, p, PyArray_DATA((PyArrayObject *)arr));
    return arr;
}

static PyObject *state_observation_string(pych_state *s, PyObject *args)
{
    PyObject *player = NULL;
    if (!PyArg_ParseTuple(args, "|O:observation_string", &player)) return NULL;
    int p;
    if (pych_seat_arg(s, player, 1, &p) < 0) return NULL;
    /* Through the table layer, as `cardhall play` shows it: the board's
     * seat placeholders {P<p>} read "Seat N" (issue 24). */
    char *board = tb_render(s->game->game, s->st, p, CH_LANG_EN);
    if (!board) return PyErr_NoMemory();
    PyObject *out = PyUnicode_FromString(board);
    free(board);
    return out;
}

static PyObject *state_view(pych_state *s, PyObject *args)
{
    PyObject *player = NULL;
    if (!PyArg_ParseTuple(args, "|O:view", &player)) return NULL;
    int p;
    if (pych_seat_arg(s, player, 1, &p) < 0) return NULL;
    json_t *v = s->game->game->view_json(s->st, p);
    if (!v) return PyErr_NoMemory();
    PyObject *out = pych_json_to_py(v);
    json_decref(v);
    return out;
}

static pych_state *copy_state(pych_state *s)
{
    pych_state *c = pych_state_alloc(s->game);
    if (!c) return NULL;
    memcpy(c->st, s->st, s->game->game->state_size);
    c->seed = s->seed;
    if (s->n_steps) {
        c->steps = PyMem_Malloc(sizeof *c->steps * (size_t)s->n_steps);
        if (!c->steps) {
            Py_DECREF(c);
            return (pych_state *)PyErr_NoMemory();
        }
        memcpy(c->steps, s->steps, sizeof *c->steps * (size_t)s->n_steps);
        c->n_steps = c->cap_steps = s->n_steps;
        c->n_moves = s->n_moves;
    }
    return c;
}

static PyObject *state_clone(pych_state *s, PyObject *unused)
{
    return (PyObject *)copy_state(s);
}

static PyObject *state_deepcopy(pych_state *s, PyObject *memo)
{
    return (PyObject *)copy_state(s);
}

static PyObject *state_resample(pych_state *s, PyObject *args, PyObject *kwargs)
{
    static char *kw[] = {"player", "seed", NULL};
    PyObject *player;
    unsigned long long seed = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O|K:resample", kw, &player, &seed))
        return NULL;
    int p;
    if (pych_seat_arg(s, player, 1, &p) < 0) return NULL;
    pych_state *c = copy_state(s);
    if (!c) return NULL;
    pych_step step = {0, -1, p, seed};
    if (pych_state_push(c, step) < 0) {
        Py_DECREF(c);
        return NULL;
    }
    ch_rng rng;
    ch_rng_seed(&rng, seed, PYCH_RESAMPLE_STREAM);
    s->game->game->resample(c->st, p, &rng);
    return (PyObject *)c;
}

static PyObject *state_serialize(pych_state *s, PyObject *unused)
{
    return pych_serialize(s);
}

static PyObject *state_history(pych_state *s, PyObject *unused)
{
    PyObject *l = PyList_New(0);
    for (int i = 0; l && i < s->n_steps; i++) {
        if (s->steps[i].viewer != PYCH_NO_VIEWER) continue;
        PyObject *x = PyLong_FromLong(s->steps[i].id);
        if (!x || PyList_Append(l, x) < 0) {
            Py_XDECREF(x);
            Py_DECREF(l);
            return NULL;
        }
        Py_DECREF(x);
    }
    return l;
}

static PyObject *state_move_number(pych_state *s, PyObject *unused)
{
    return PyLong_FromLong(s->n_moves);
}

static PyObject *state_phase(pych_state *s, PyObject *unused)
{
    return PyUnicode_FromString(s->game->game->phase(s->st));
}

static PyObject *state_repr(pych_state *s)
{
    int p = s->game->game->to_move(s->st);
    long n = s->n_moves;
    if (p == CH_TERMINAL)
        return PyUnicode_FromFormat("<cardhall.State %U seed=%llu, %ld moves, over>", s->game->spec,
                                    (unsigned long long)s->seed, n);
    return PyUnicode_FromFormat("<cardhall.State %U seed=%llu, %ld moves, seat %d to %s>",
                                s->game->spec, (unsigned long long)s->seed, n, p,
                                s->game->game->phase(s->st));
}

static PyObject *state_richcompare(PyObject *a, PyObject *b, int op)
{
    if (!PyObject_TypeCheck(b, &pych_state_type) || (op != Py_EQ && op != Py_NE))
        Py_RETURN_NOTIMPLEMENTED;
    pych_state *x = (pych_state *)a, *y = (pych_state *)b;
    int eq = x->game->game == y->game->game && ch_equal(x->game->game, x->st, y->st);
    return PyBool_FromLong(op == Py_EQ ? eq : !eq);
}

static PyObject *state_reduce(pych_state *s, PyObject *unused)
{
    PyObject *text = pych_serialize(s);
    if (!text) return NULL;
    PyObject *fn = PyObject_GetAttrString((PyObject *)s->game, "deserialize_state");
    if (!fn) {
        Py_DECREF(text);
        return NULL;
    }
    return Py_BuildValue("(N(N))", fn, text);
}

#define KWFN(f) (PyCFunction)(void (*)(void))(f)

static PyMethodDef state_methods[] = {
    {"current_player", (PyCFunction)state_current_player, METH_NOARGS,
     "The seat to move, or cardhall.TERMINAL (-1) when the game is over. Never a chance "
     "player: chance happens inside apply_action."},
    {"is_terminal", (PyCFunction)state_is_terminal, METH_NOARGS, "True when the game is over."},
    {"num_players", (PyCFunction)state_num_players, METH_NOARGS, "Seats at the table."},
    {"get_game", (PyCFunction)state_get_game, METH_NOARGS, "The Game this state belongs to."},
    {"legal_actions", (PyCFunction)state_legal_actions, METH_VARARGS,
     "legal_actions(player=None) -> list[int]\n\nThe legal action ids, ascending; empty for a "
     "seat that is not to move and when the game is over."},
    {"legal_actions_mask", (PyCFunction)state_legal_actions_mask, METH_VARARGS,
     "legal_actions_mask(player=None) -> numpy.ndarray\n\nuint8[num_distinct_actions]: 1 "
     "where the id is legal."},
    {"apply_action", (PyCFunction)state_apply_action, METH_O,
     "apply_action(action)\n\nPlays the legal action id, with everything automatic that "
     "follows (scoring, new deals, reshuffles). An id that is not legal raises ValueError "
     "and changes nothing."},
    {"action_to_string", KWFN(state_action_to_string), METH_VARARGS | METH_KEYWORDS,
     "action_to_string(action, player=None) -> str\n\nThe legal action's notation "
     "(docs/notation.md), which string_to_action reads back. player, if given, is the seat "
     "making the move (the seat to move). The text is the mover's: it may name a card only "
     "the mover can see."},
    {"string_to_action", (PyCFunction)state_string_to_action, METH_O,
     "string_to_action(text) -> int\n\nThe id of the legal move written as text (case and "
     "spaces ignored); ValueError with the game's reason otherwise."},
    {"returns", (PyCFunction)state_returns, METH_NOARGS,
     "Per seat: +1 for every winner (a shared win too; Comrade's team), -1 for every other "
     "seat, 0 until the game is over."},
    {"rewards", (PyCFunction)state_rewards, METH_NOARGS,
     "The reward of the last move per seat: returns() once the game is over, else 0."},
    {"result", (PyCFunction)state_result, METH_NOARGS,
     "The game's own result: scores, ranks, winners and hands played, as a dict."},
    {"observation_tensor", (PyCFunction)state_observation_tensor, METH_VARARGS,
     "observation_tensor(player=None) -> numpy.ndarray\n\nfloat32 of "
     "game.observation_tensor_shape(): what player may know (docs/spaces.md). player "
     "defaults to the seat to move; cardhall.SPECTATOR gives the public part."},
    {"observation_string", (PyCFunction)state_observation_string, METH_VARARGS,
     "observation_string(player=None) -> str\n\nThe board as player sees it, the text the "
     "terminal game shows."},
    {"view", (PyCFunction)state_view, METH_VARARGS,
     "view(player=None) -> dict\n\nExactly what player may know, as the engine's JSON view "
     "(docs/protocol.md)."},
    {"clone", (PyCFunction)state_clone, METH_NOARGS, "An independent copy."},
    {"__copy__", (PyCFunction)state_clone, METH_NOARGS, NULL},
    {"__deepcopy__", (PyCFunction)state_deepcopy, METH_O, NULL},
    {"resample", KWFN(state_resample), METH_VARARGS | METH_KEYWORDS,
     "resample(player, seed=0) -> State\n\nA new state that player cannot tell from this one: "
     "the cards player has not seen dealt again at random (from seed), and a new generator "
     "for the shuffles to come."},
    {"serialize", (PyCFunction)state_serialize, METH_NOARGS,
     "serialize() -> str\n\nThe game, options, seed and every move as JSON (a cardhall record, "
     "which `cardhall replay` reads, unless the state was resampled); "
     "game.deserialize_state reads it back."},
    {"history", (PyCFunction)state_history, METH_NOARGS,
     "The action ids played since the deal, in order: every seat's, hidden choices included "
     "(as pyspiel's), so not for a seat's eyes."},
    {"move_number", (PyCFunction)state_move_number, METH_NOARGS, "len(history())."},
    {"phase", (PyCFunction)state_phase, METH_NOARGS, "The game's phase word, e.g. 'draw'."},
    {"__reduce__", (PyCFunction)state_reduce, METH_NOARGS, NULL},
    {NULL, NULL, 0, NULL}};

PyTypeObject pych_state_type = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "cardhall.State",
    .tp_basicsize = sizeof(pych_state),
    .tp_dealloc = (destructor)state_dealloc,
    .tp_repr = (reprfunc)state_repr,
    .tp_richcompare = state_richcompare,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A game in progress; made by Game.new_initial_state(seed).",
    .tp_methods = state_methods,
};
