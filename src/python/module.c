/* cardhall._cardhall: the module object, load_game and bot_action. The
 * Python package cardhall (python/cardhall/) re-exports all of it. */
#define PYCH_IMPORT_ARRAY
#include <string.h>

#include "cardhall/registry.h"
#include "pymod.h"
#include "pynumpy.h"

static PyObject *load_game(PyObject *self, PyObject *args, PyObject *kwargs)
{
    static char *kw[] = {"game", "params", NULL};
    const char *text;
    PyObject *params = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "s|O:load_game", kw, &text, &params))
        return NULL;
    return (PyObject *)pych_game_new(text, params);
}

static PyObject *games(PyObject *self, PyObject *unused)
{
    PyObject *l = PyList_New(0);
    for (const ch_game *const *g = ch_games(); l && *g; g++) {
        PyObject *s = PyUnicode_FromString((*g)->name);
        if (!s || PyList_Append(l, s) < 0) Py_CLEAR(l);
        Py_XDECREF(s);
    }
    return l;
}

static PyObject *bot_action(PyObject *self, PyObject *args, PyObject *kwargs)
{
    static char *kw[] = {"state", "bot", "seed", NULL};
    pych_state *s;
    const char *spec;
    unsigned long long seed = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O!s|K:bot_action", kw, &pych_state_type, &s,
                                     &spec, &seed))
        return NULL;
    const ch_game *g = s->game->game;
    if (pych_game_need_hooks(s->game) < 0) return NULL;
    int p = g->to_move(s->st);
    if (p == CH_TERMINAL) {
        PyErr_SetString(PyExc_ValueError, "the game is over");
        return NULL;
    }
    ch_bot *bot = PyMem_Malloc(sizeof *bot);
    void *st = PyMem_Malloc(g->state_size);
    if (!bot || !st) {
        PyMem_Free(bot);
        PyMem_Free(st);
        return PyErr_NoMemory();
    }
    ch_err err;
    if (ch_bot_init(bot, g, spec, seed, &err) != CH_OK) {
        PyMem_Free(bot);
        PyMem_Free(st);
        return pych_raise(&err);
    }
    /* The bot works on a copy, so Python may touch the state meanwhile. It
     * reads only what seat p may know (cardhall/bot.h), as in every front end. */
    memcpy(st, s->st, g->state_size);
    ch_action a;
    Py_BEGIN_ALLOW_THREADS
    a = ch_bot_act(bot, st, p);
    Py_END_ALLOW_THREADS
    long id = g->action_id(st, a);
    PyMem_Free(bot);
    PyMem_Free(st);
    return PyLong_FromLong(id);
}

#define KWFN(f) (PyCFunction)(void (*)(void))(f)

static PyMethodDef module_methods[] = {
    {"load_game", KWFN(load_game), METH_VARARGS | METH_KEYWORDS,
     "load_game(game, params=None) -> Game\n\nA game by its text, 'rumino' or "
     "'rumino(players=3,knock_limit=5)', with options from params (a dict) on top."},
    {"games", (PyCFunction)games, METH_NOARGS, "The names of every game, in display order."},
    {"bot_action", KWFN(bot_action), METH_VARARGS | METH_KEYWORDS,
     "bot_action(state, bot, seed=0) -> int\n\nThe action id a computer player chooses for "
     "the seat to move: 'random', 'heuristic', 'ismcts:iters=4000', 'pimc:iters=500', ... "
     "(Game.bots()). The bot decides from that seat's view only; seed makes its choice "
     "repeatable. The GIL is released while it thinks."},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "cardhall._cardhall",
    "cardhall's games for learning programs, in C (docs/python.md).", -1, module_methods,
    NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__cardhall(void)
{
    import_array();
    if (PyType_Ready(&pych_game_type) < 0 || PyType_Ready(&pych_state_type) < 0 ||
        PyType_Ready(&pych_vec_type) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&module_def);
    if (!m) return NULL;
    if (PyModule_AddObjectRef(m, "Game", (PyObject *)&pych_game_type) < 0 ||
        PyModule_AddObjectRef(m, "State", (PyObject *)&pych_state_type) < 0 ||
        PyModule_AddObjectRef(m, "VectorEnv", (PyObject *)&pych_vec_type) < 0 ||
        PyModule_AddIntConstant(m, "TERMINAL", CH_TERMINAL) < 0 ||
        PyModule_AddIntConstant(m, "SPECTATOR", CH_SPECTATOR) < 0 ||
        PyModule_AddStringConstant(m, "__version__", CARDHALL_VERSION) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
