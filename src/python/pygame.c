/* cardhall.Game: one game under one set of options, as load_game parses it
 * ("rumino(players=3,knock_limit=5)") or Game("rumino", players=3) builds it. */
#include <string.h>

#include "cardhall/registry.h"
#include "pymod.h"

PyObject *pych_raise(const ch_err *err)
{
    PyErr_SetString(PyExc_ValueError, err->msg);
    return NULL;
}

PyObject *pych_json_to_py(const json_t *j)
{
    char *text = json_dumps(j, JSON_COMPACT | JSON_ENCODE_ANY);
    if (!text) return PyErr_NoMemory();
    PyObject *mod = PyImport_ImportModule("json");
    PyObject *out = mod ? PyObject_CallMethod(mod, "loads", "s", text) : NULL;
    Py_XDECREF(mod);
    free(text);
    return out;
}

void pych_returns(const ch_game *g, const void *st, double *out)
{
    ch_result r;
    g->result(st, &r);
    for (int p = 0; p < r.n_players; p++)
        out[p] = !r.terminal ? 0.0 : (r.winners >> p & 1u) ? 1.0 : -1.0;
}

int pych_game_need_hooks(const pych_game *g)
{
    if (g->n_ids > 0 && g->obs_rank > 0) return 0;
    PyErr_Format(PyExc_NotImplementedError,
                 "%s has no action ids or observation tensor in this build", g->game->name);
    return -1;
}

/* A Python option value as the text a user would type: True is "true". */
static int value_text(PyObject *key, PyObject *v, char *buf, size_t cap)
{
    const char *k = PyUnicode_AsUTF8(key);
    if (!k) return -1;
    if (PyBool_Check(v)) {
        snprintf(buf, cap, "%s=%s", k, v == Py_True ? "true" : "false");
    } else if (PyLong_Check(v)) {
        long x = PyLong_AsLong(v);
        if (x == -1 && PyErr_Occurred()) return -1;
        snprintf(buf, cap, "%s=%ld", k, x);
    } else if (PyUnicode_Check(v)) {
        const char *s = PyUnicode_AsUTF8(v);
        if (!s) return -1;
        if ((size_t)snprintf(buf, cap, "%s=%s", k, s) >= cap) {
            PyErr_Format(PyExc_ValueError, "option %s: value too long", k);
            return -1;
        }
    } else {
        PyErr_Format(PyExc_TypeError, "option %s: expected int, bool or str", k);
        return -1;
    }
    return 0;
}

#define MAX_KV CH_MAX_OPTS

/* "name" or "name(k=v,k=v)" into name and kv texts, in buf. */
static int split_spec(const char *text, char *buf, size_t cap, char **kv, int *nkv)
{
    size_t len = strlen(text);
    if (len >= cap) {
        PyErr_SetString(PyExc_ValueError, "game text too long");
        return -1;
    }
    memcpy(buf, text, len + 1);
    *nkv = 0;
    char *open = strchr(buf, '(');
    if (!open) return 0;
    if (len < 2 || buf[len - 1] != ')') {
        PyErr_Format(PyExc_ValueError, "'%s': expected name(key=value,...)", text);
        return -1;
    }
    buf[len - 1] = '\0';
    *open = '\0';
    char *p = open + 1;
    while (*p) {
        char *comma = strchr(p, ',');
        if (comma) *comma = '\0';
        while (*p == ' ')
            p++;
        if (*p) {
            if (*nkv == MAX_KV) {
                PyErr_SetString(PyExc_ValueError, "too many options");
                return -1;
            }
            kv[(*nkv)++] = p;
        }
        if (!comma) break;
        p = comma + 1;
    }
    return 0;
}

pych_game *pych_game_new(const char *text, PyObject *params)
{
    char buf[1024], kvbuf[MAX_KV][CH_OPT_TEXT + 64];
    char *kv[MAX_KV];
    int nkv;
    if (split_spec(text, buf, sizeof buf, kv, &nkv) < 0) return NULL;
    const ch_game *g = ch_game_find(buf);
    if (!g) {
        PyErr_Format(PyExc_ValueError, "no game '%s' (cardhall.games() lists them)", buf);
        return NULL;
    }
    if (params && params != Py_None) {
        if (!PyDict_Check(params)) {
            PyErr_SetString(PyExc_TypeError, "options must be a dict");
            return NULL;
        }
        PyObject *key, *v;
        Py_ssize_t pos = 0;
        while (PyDict_Next(params, &pos, &key, &v)) {
            if (nkv == MAX_KV) {
                PyErr_SetString(PyExc_ValueError, "too many options");
                return NULL;
            }
            if (value_text(key, v, kvbuf[nkv], sizeof kvbuf[nkv]) < 0) return NULL;
            kv[nkv] = kvbuf[nkv];
            nkv++;
        }
    }
    ch_opts o;
    ch_err err;
    if (ch_opts_parse(&o, g->opts, g->n_opts, (const char *const *)kv, nkv, &err) != CH_OK)
        return (pych_game *)pych_raise(&err);
    /* The canonical text: the options that differ from the defaults, a data
     * file by the path given (reading it keeps only its base name), so that
     * load_game(str(game)) makes the same game again, as pickle does. */
    ch_opts def;
    ch_opts_defaults(&def, g->opts, g->n_opts);
    char spec[2048];
    size_t n = (size_t)snprintf(spec, sizeof spec, "%s", g->name);
    int any = 0;
    for (int i = 0; i < g->n_opts && n < sizeof spec; i++) {
        if (strcmp(def.text[i], o.text[i]) == 0) continue;
        n += (size_t)snprintf(spec + n, sizeof spec - n, "%s%s=%s", any ? "," : "(", g->opts[i].key,
                              o.text[i]);
        any = 1;
    }
    if (any && n < sizeof spec) snprintf(spec + n, sizeof spec - n, ")");
    if (ch_opts_read_files(&o, g->opts, g->n_opts, &err) != CH_OK)
        return (pych_game *)pych_raise(&err);
    /* Options that parse may still not go together (first_dealer=3 with 2
     * players, a card file the game refuses): one deal here says so now,
     * so that no later deal (a VectorEnv's, without the GIL) can fail. */
    void *scratch = PyMem_Malloc(g->state_size);
    int rc = scratch ? ch_setup(g, scratch, &o, 0, NULL, 0, &err) : CH_ENOMEM;
    PyMem_Free(scratch);
    if (rc != CH_OK) {
        ch_opts_free_data(&o);
        if (rc == CH_ENOMEM) return (pych_game *)PyErr_NoMemory();
        return (pych_game *)pych_raise(&err);
    }

    pych_game *self = PyObject_New(pych_game, &pych_game_type);
    if (!self) {
        ch_opts_free_data(&o);
        return NULL;
    }
    self->game = g;
    self->opts = o;
    self->n_players = o.val[0]; /* opts[0] is always "players" */
    self->n_ids = g->num_action_ids ? g->num_action_ids(&o) : 0;
    self->obs_rank = g->obs_shape ? g->obs_shape(&o, self->obs_dims) : 0;
    self->obs_size = 1;
    for (int i = 0; i < self->obs_rank; i++)
        self->obs_size *= self->obs_dims[i];
    self->spec = PyUnicode_FromString(spec);
    if (!self->spec) {
        Py_DECREF(self);
        return NULL;
    }
    return self;
}

static PyObject *game_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    const char *name;
    PyObject *params = NULL;
    if (!PyArg_ParseTuple(args, "s|O:Game", &name, &params)) return NULL;
    if (kwargs && PyDict_Size(kwargs) > 0) {
        if (params && params != Py_None) {
            PyErr_SetString(PyExc_TypeError, "give options as a dict or as keywords, not both");
            return NULL;
        }
        params = kwargs;
    }
    return (PyObject *)pych_game_new(name, params);
}

static void game_dealloc(pych_game *self)
{
    ch_opts_free_data(&self->opts);
    Py_XDECREF(self->spec);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *game_repr(pych_game *self)
{
    return PyUnicode_FromFormat("cardhall.load_game('%U')", self->spec);
}

static PyObject *game_str(pych_game *self)
{
    Py_INCREF(self->spec);
    return self->spec;
}

static PyObject *game_num_players(pych_game *self, PyObject *unused)
{
    return PyLong_FromLong(self->n_players);
}

static PyObject *game_num_distinct_actions(pych_game *self, PyObject *unused)
{
    if (pych_game_need_hooks(self) < 0) return NULL;
    return PyLong_FromLong(self->n_ids);
}

static PyObject *game_obs_shape(pych_game *self, PyObject *unused)
{
    if (pych_game_need_hooks(self) < 0) return NULL;
    PyObject *l = PyList_New(self->obs_rank);
    for (int i = 0; l && i < self->obs_rank; i++)
        PyList_SET_ITEM(l, i, PyLong_FromLong(self->obs_dims[i]));
    return l;
}

static PyObject *game_obs_size(pych_game *self, PyObject *unused)
{
    if (pych_game_need_hooks(self) < 0) return NULL;
    return PyLong_FromSsize_t(self->obs_size);
}

static PyObject *game_max_length(pych_game *self, PyObject *unused)
{
    return PyLong_FromLong(PYCH_MAX_GAME_LENGTH);
}

static PyObject *game_min_utility(pych_game *self, PyObject *unused)
{
    return PyFloat_FromDouble(-1.0);
}

static PyObject *game_max_utility(pych_game *self, PyObject *unused)
{
    return PyFloat_FromDouble(1.0);
}

static PyObject *game_new_initial_state(pych_game *self, PyObject *args, PyObject *kwargs)
{
    static char *kw[] = {"seed", NULL};
    unsigned long long seed = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "|K:new_initial_state", kw, &seed)) return NULL;
    pych_state *s = pych_state_alloc(self);
    if (!s) return NULL;
    ch_err err;
    if (ch_setup(self->game, s->st, &self->opts, seed, NULL, 0, &err) != CH_OK) {
        Py_DECREF(s);
        return pych_raise(&err);
    }
    s->seed = seed;
    return (PyObject *)s;
}

static PyObject *game_deserialize_state(pych_game *self, PyObject *arg)
{
    Py_ssize_t len;
    const char *text = PyUnicode_AsUTF8AndSize(arg, &len);
    if (!text) return NULL;
    return pych_deserialize(self, text, len);
}

static PyObject *game_options(pych_game *self, PyObject *unused)
{
    PyObject *d = PyDict_New();
    for (int i = 0; d && i < self->game->n_opts; i++) {
        const ch_optdesc *o = &self->game->opts[i];
        PyObject *v;
        if (o->type == CH_OPT_INT && self->opts.val[i] >= 0)
            v = PyLong_FromLong(self->opts.val[i]);
        else if (o->type == CH_OPT_BOOL)
            v = PyBool_FromLong(self->opts.val[i]);
        else
            v = PyUnicode_FromString(self->opts.text[i]);
        if (!v || PyDict_SetItemString(d, o->key, v) < 0) {
            Py_XDECREF(v);
            Py_DECREF(d);
            return NULL;
        }
        Py_DECREF(v);
    }
    return d;
}

static PyObject *game_bots(pych_game *self, PyObject *unused)
{
    char buf[512];
    ch_bot_list(self->game, buf, sizeof buf);
    PyObject *s = PyUnicode_FromString(buf), *sep = PyUnicode_FromString(",");
    PyObject *l = s && sep ? PyUnicode_Split(s, sep, -1) : NULL;
    Py_XDECREF(s);
    Py_XDECREF(sep);
    return l;
}

static PyObject *game_get_name(pych_game *self, void *unused)
{
    return PyUnicode_FromString(self->game->name);
}

static PyObject *game_reduce(pych_game *self, PyObject *unused)
{
    PyObject *mod = PyImport_ImportModule("cardhall");
    if (!mod) return NULL;
    PyObject *fn = PyObject_GetAttrString(mod, "load_game");
    Py_DECREF(mod);
    if (!fn) return NULL;
    return Py_BuildValue("(N(O))", fn, self->spec);
}

static PyObject *game_richcompare(PyObject *a, PyObject *b, int op)
{
    if (!PyObject_TypeCheck(b, &pych_game_type) || (op != Py_EQ && op != Py_NE))
        Py_RETURN_NOTIMPLEMENTED;
    int eq = PyUnicode_Compare(((pych_game *)a)->spec, ((pych_game *)b)->spec) == 0;
    if (PyErr_Occurred()) return NULL;
    return PyBool_FromLong(op == Py_EQ ? eq : !eq);
}

static Py_hash_t game_hash(pych_game *self)
{
    return PyObject_Hash(self->spec);
}

#define KWFN(f) (PyCFunction)(void (*)(void))(f)

static PyMethodDef game_methods[] = {
    {"num_players", (PyCFunction)game_num_players, METH_NOARGS, "Seats at the table."},
    {"num_distinct_actions", (PyCFunction)game_num_distinct_actions, METH_NOARGS,
     "Size of the fixed action space: action ids are 0 .. num_distinct_actions() - 1."},
    {"observation_tensor_shape", (PyCFunction)game_obs_shape, METH_NOARGS,
     "Shape of State.observation_tensor(), the same for every state of this game."},
    {"observation_tensor_size", (PyCFunction)game_obs_size, METH_NOARGS,
     "Number of floats in an observation tensor."},
    {"max_game_length", (PyCFunction)game_max_length, METH_NOARGS,
     "Moves after which the environments cut a game short (the games themselves have no "
     "bound: random Rack-O players may never finish)."},
    {"min_utility", (PyCFunction)game_min_utility, METH_NOARGS, "Lowest return: -1."},
    {"max_utility", (PyCFunction)game_max_utility, METH_NOARGS, "Highest return: +1."},
    {"new_initial_state", KWFN(game_new_initial_state), METH_VARARGS | METH_KEYWORDS,
     "new_initial_state(seed=0) -> State\n\nA new game dealt from seed. Every later shuffle "
     "also comes from the state's own generator, so a seed and the actions replay exactly."},
    {"deserialize_state", (PyCFunction)game_deserialize_state, METH_O,
     "deserialize_state(text) -> State\n\nThe state State.serialize() wrote (or a cardhall "
     "record of this game and options), replayed move by move."},
    {"options", (PyCFunction)game_options, METH_NOARGS, "Every option's value, as a dict."},
    {"bots", (PyCFunction)game_bots, METH_NOARGS, "Names of the computer players for this game."},
    {"__reduce__", (PyCFunction)game_reduce, METH_NOARGS, NULL},
    {NULL, NULL, 0, NULL}};

static PyGetSetDef game_getset[] = {
    {"name", (getter)game_get_name, NULL, "The game's registry name, e.g. 'rumino'.", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

PyTypeObject pych_game_type = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "cardhall.Game",
    .tp_basicsize = sizeof(pych_game),
    .tp_dealloc = (destructor)game_dealloc,
    .tp_repr = (reprfunc)game_repr,
    .tp_str = (reprfunc)game_str,
    .tp_hash = (hashfunc)game_hash,
    .tp_richcompare = game_richcompare,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Game(name, params=None, /, **options)\n\nOne cardhall game under one set of "
              "options: Game('rumino', players=3) or load_game('rumino(players=3)').",
    .tp_methods = game_methods,
    .tp_getset = game_getset,
    .tp_new = game_new,
};
