/* cardhall.VectorEnv: n games stepped together in C, the GIL released, on
 * one thread or several (slots are independent, so the result is the same
 * for any thread count). A finished game is dealt again at once. With
 * opponents, bots play every seat but the learner's between its moves, so
 * each slot always waits on the learner.
 *
 * Seeds: game j (from 0) of slot i is dealt from seed + i + j * n, the same
 * deal new_initial_state gives for that seed; slot i's bots draw from
 * ch_mix64(seed + i) + seat. */
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "pymod.h"
#include "pynumpy.h"

#define MAX_THREADS 64

typedef struct pych_vec {
    PyObject_HEAD
    pych_game *game; /* strong reference */
    int n, threads, max_steps;
    int seat; /* the learner's seat when there are opponents, else -1 */
    uint64_t seed;
    unsigned char *states; /* n states of game->state_size */
    uint64_t *dealt;       /* games dealt so far in each slot */
    int *moves;            /* moves of each slot's current game */
    ch_bot *bots;          /* n * players when opponents; the learner's unused */
    ch_action *chosen;     /* the action each slot plays this step */
    int *bad;              /* slots whose action id was not legal */
    /* Each slot's legal moves and their ids, listed when the slot came to
     * wait on a move (settle): step finds the action of an id, and
     * random_actions draws one, without calling legal() again. */
    ch_action *acts; /* max_actions per slot */
    int16_t *ids;    /* the id of each of acts */
    int *nlegal;
    uint8_t *truncated;    /* the last step cut the slot's game at max_steps */
    int32_t *players;      /* seat to move in each slot */
    int busy; /* a step or reset runs without the GIL: another thread must wait its turn */
    ch_rng rng; /* random_actions' draws */
    /* copy=False: the arrays every step and reset write and return, made
     * once (NULL with copy=True, where each call makes new ones). */
    PyArrayObject *obs, *rewards, *terminated, *masks;
    int copy;
    /* copy=False with the game's observe_kept: each slot's row keeps its
     * tensor from step to step, and the game rewrites only what can change,
     * with a memo of obs_size uint16_t a slot (zeroed, like the rows, at
     * the start; primed[i] once the slot's row was written). */
    uint16_t *memo;
    uint8_t *primed;
    struct vec_pool *pool; /* threads - 1 workers, started once; NULL for one thread */
} pych_vec;

/* What one step writes: pointers into the new arrays (NULL: not wanted). */
typedef struct vec_out {
    float *obs, *rewards;
    uint8_t *terminated, *masks;
    const int64_t *ids; /* the actions given, for the step */
    int kept; /* obs and masks are the env's own (copy=False): rows hold the last step's */
} vec_out;

static void *slot_state(pych_vec *v, int i)
{
    return v->states + (size_t)i * v->game->game->state_size;
}

static ch_action *slot_acts(pych_vec *v, int i)
{
    return v->acts + (size_t)i * v->game->game->max_actions;
}

static int16_t *slot_ids(pych_vec *v, int i)
{
    return v->ids + (size_t)i * v->game->game->max_actions;
}

static void deal(pych_vec *v, int i)
{
    uint64_t seed = v->seed + (uint64_t)i + v->dealt[i] * (uint64_t)v->n;
    v->dealt[i]++;
    v->moves[i] = 0;
    /* Options were checked when the game was made (new_initial_state with
     * them succeeded in the tests), so setup cannot fail: it fills a plain
     * struct and asks for no memory. */
    int rc = v->game->game->setup(slot_state(v, i), &v->game->opts, seed, NULL, 0, NULL);
    assert(rc == CH_OK);
    (void)rc;
}

/* Plays the bots' moves, ends and deals again, until slot i waits on the
 * learner; then writes what the learner sees. */
static void settle(pych_vec *v, int i, const vec_out *o)
{
    const ch_game *g = v->game->game;
    int np = v->game->n_players;
    void *st = slot_state(v, i);
    int p;
    for (;;) {
        p = g->to_move(st);
        if (p == CH_TERMINAL || v->moves[i] >= v->max_steps) {
            if (o->rewards && p == CH_TERMINAL) {
                double r[CH_MAX_PLAYERS];
                pych_returns(g, st, r);
                for (int q = 0; q < np; q++)
                    o->rewards[(size_t)i * np + q] += (float)r[q];
            }
            if (o->terminated) o->terminated[i] = 1;
            if (p != CH_TERMINAL) v->truncated[i] = 1;
            deal(v, i);
            continue;
        }
        if (v->seat < 0 || p == v->seat) break;
        g->apply(st, ch_bot_act(&v->bots[(size_t)i * np + p], st, p));
        v->moves[i]++;
    }
    v->players[i] = p;
    if (o->obs) {
        float *row = o->obs + (size_t)i * v->game->obs_size;
        if (o->kept && v->memo) {
            g->observe_kept(st, p, row, v->memo + (size_t)i * v->game->obs_size, !v->primed[i]);
            v->primed[i] = 1;
        } else {
            g->observe(st, p, row);
        }
    }
    ch_action *acts = slot_acts(v, i);
    int16_t *ids = slot_ids(v, i);
    uint8_t *mask = o->masks ? o->masks + (size_t)i * v->game->n_ids : NULL;
    /* A kept mask holds the last list's ids: clearing them is cheaper than
     * the whole row (RAGAMARU has 1,002 ids and a few legal moves). */
    if (mask && o->kept)
        for (int k = 0; k < v->nlegal[i]; k++)
            mask[ids[k]] = 0;
    else if (mask)
        memset(mask, 0, (size_t)v->game->n_ids);
    int n = v->nlegal[i] = g->legal(st, acts);
    for (int k = 0; k < n; k++)
        ids[k] = (int16_t)g->action_id(st, acts[k]);
    if (mask)
        for (int k = 0; k < n; k++)
            mask[ids[k]] = 1;
}

/* The legal action of slot i with id, from the list settle made; -1 if none. */
static int find_id(pych_vec *v, int i, int64_t id)
{
    const int16_t *ids = slot_ids(v, i);
    for (int k = 0; k < v->nlegal[i]; k++)
        if (ids[k] == id) return k;
    return -1;
}

typedef struct vec_job {
    pych_vec *v;
    const vec_out *o;
    int lo, hi, t; /* t: the worker, 0 the caller */
    int phase; /* 0: find the actions, 1: play them, 2: reset */
} vec_job;

static void *run_job(void *arg)
{
    vec_job *j = arg;
    pych_vec *v = j->v;
    const ch_game *g = v->game->game;
    for (int i = j->lo; i < j->hi; i++) {
        if (j->phase == 0) {
            int k = find_id(v, i, j->o->ids[i]);
            v->bad[i] = k < 0;
            if (k >= 0) v->chosen[i] = slot_acts(v, i)[k];
        } else if (j->phase == 1) {
            v->truncated[i] = 0;
            g->apply(slot_state(v, i), v->chosen[i]);
            v->moves[i]++;
            settle(v, i, j->o);
        } else {
            v->truncated[i] = 0;
            v->dealt[i] = 0;
            deal(v, i);
            settle(v, i, j->o);
        }
    }
    return NULL;
}

/* The workers: started with the env, each waits for a phase to run over
 * its share of the slots, so a step costs a wake-up, not a thread start. */
typedef struct vec_pool {
    pthread_mutex_t mu;
    pthread_cond_t go, done;
    unsigned long gen; /* bumped for each phase handed out */
    int pending;       /* workers still running the current phase */
    int quit;
    int started; /* workers running, tid[1..started] */
    pthread_t tid[MAX_THREADS];
    vec_job jobs[MAX_THREADS];
} vec_pool;

typedef struct vec_worker {
    vec_pool *pool;
    int k;
} vec_worker;

static void *worker_main(void *arg)
{
    vec_pool *pool = ((vec_worker *)arg)->pool;
    int k = ((vec_worker *)arg)->k;
    free(arg);
    unsigned long seen = 0;
    pthread_mutex_lock(&pool->mu);
    for (;;) {
        while (pool->gen == seen && !pool->quit)
            pthread_cond_wait(&pool->go, &pool->mu);
        if (pool->quit) break;
        seen = pool->gen;
        vec_job job = pool->jobs[k];
        pthread_mutex_unlock(&pool->mu);
        run_job(&job);
        pthread_mutex_lock(&pool->mu);
        if (--pool->pending == 0) pthread_cond_signal(&pool->done);
    }
    pthread_mutex_unlock(&pool->mu);
    return NULL;
}

static void pool_stop(vec_pool *pool)
{
    if (!pool) return;
    pthread_mutex_lock(&pool->mu);
    pool->quit = 1;
    pthread_cond_broadcast(&pool->go);
    pthread_mutex_unlock(&pool->mu);
    for (int k = 1; k <= pool->started; k++)
        pthread_join(pool->tid[k], NULL);
    pthread_cond_destroy(&pool->go);
    pthread_cond_destroy(&pool->done);
    pthread_mutex_destroy(&pool->mu);
    free(pool);
}

/* Starts up to t - 1 workers; fewer (even none) if threads cannot be had,
 * and the caller's thread runs the rest. NULL only without memory. */
static vec_pool *pool_start(int t)
{
    vec_pool *pool = calloc(1, sizeof *pool);
    if (!pool) return NULL;
    pthread_mutex_init(&pool->mu, NULL);
    pthread_cond_init(&pool->go, NULL);
    pthread_cond_init(&pool->done, NULL);
    for (int k = 1; k < t; k++) {
        vec_worker *w = malloc(sizeof *w);
        if (!w) break;
        *w = (vec_worker){pool, k};
        if (pthread_create(&pool->tid[k], NULL, worker_main, w) != 0) {
            free(w);
            break;
        }
        pool->started = k;
    }
    return pool;
}

/* Runs phase over every slot, split between the caller and the workers. */
static void run_slots(pych_vec *v, const vec_out *o, int phase)
{
    vec_pool *pool = v->pool;
    int t = pool ? pool->started + 1 : 1;
    if (t > v->n) t = v->n;
    /* Finding the actions is a scan of each slot's short list of ids,
     * cheaper than waking the workers for it. */
    if (t == 1 || phase == 0) {
        vec_job job = {v, o, 0, v->n, 0, phase};
        run_job(&job);
        return;
    }
    pthread_mutex_lock(&pool->mu);
    for (int k = 0; k < t; k++)
        pool->jobs[k] = (vec_job){v, o, (int)((long)v->n * k / t),
                                  (int)((long)v->n * (k + 1) / t), k, phase};
    /* Workers past t (more threads than slots) get an empty range. */
    for (int k = t; k <= pool->started; k++)
        pool->jobs[k] = (vec_job){v, o, v->n, v->n, k, phase};
    pool->pending = pool->started;
    pool->gen++;
    pthread_cond_broadcast(&pool->go);
    pthread_mutex_unlock(&pool->mu);
    run_job(&pool->jobs[0]);
    pthread_mutex_lock(&pool->mu);
    while (pool->pending > 0)
        pthread_cond_wait(&pool->done, &pool->mu);
    pthread_mutex_unlock(&pool->mu);
}

/* run_slots without the GIL (the caller holds v->busy). */
static void run_all(pych_vec *v, const vec_out *o, int phase)
{
    Py_BEGIN_ALLOW_THREADS
    run_slots(v, o, phase);
    Py_END_ALLOW_THREADS
}

/* A step or reset releases the GIL, and Python threads sharing one
 * VectorEnv would race on its games: a second one gets a RuntimeError.
 * busy is set and cleared with the GIL held, for the whole call. */
static int enter(pych_vec *v)
{
    if (v->busy) {
        PyErr_SetString(PyExc_RuntimeError,
                        "VectorEnv is stepping in another thread: give each thread its own");
        return -1;
    }
    v->busy = 1;
    return 0;
}

static PyObject *new_array(int nd, const npy_intp *dims, int type)
{
    return PyArray_ZEROS(nd, (npy_intp *)dims, type, 0);
}

/* The arrays a step or reset writes: new ones (copy=True), or the env's
 * own, made once and rewritten every call (copy=False). Not zeroed: observe
 * writes every float of every row and settle every byte of the masks;
 * rewards and terminated are cleared. Writing straight into them, not into
 * buffers copied afterwards: a copy of megabytes of observations each step
 * cost more than it saved. */
typedef struct vec_arrays {
    PyArrayObject *obs, *rewards, *terminated, *masks;
} vec_arrays;

static int make_arrays(pych_vec *v, vec_arrays *a)
{
    npy_intp odims[1 + CH_OBS_RANK], rdims[2] = {v->n, v->game->n_players},
             tdims[1] = {v->n}, mdims[2] = {v->n, v->game->n_ids};
    odims[0] = v->n;
    for (int k = 0; k < v->game->obs_rank; k++)
        odims[k + 1] = v->game->obs_dims[k];
    a->obs = (PyArrayObject *)PyArray_SimpleNew(1 + v->game->obs_rank, odims, NPY_FLOAT32);
    a->rewards = (PyArrayObject *)PyArray_SimpleNew(2, rdims, NPY_FLOAT32);
    a->terminated = (PyArrayObject *)PyArray_SimpleNew(1, tdims, NPY_BOOL);
    a->masks = (PyArrayObject *)PyArray_SimpleNew(2, mdims, NPY_UINT8);
    if (a->obs && a->rewards && a->terminated && a->masks) return 0;
    Py_CLEAR(a->obs);
    Py_CLEAR(a->rewards);
    Py_CLEAR(a->terminated);
    Py_CLEAR(a->masks);
    return -1;
}

/* The arrays this call writes, as new references. */
static int out_arrays(pych_vec *v, vec_arrays *a)
{
    if (v->copy) return make_arrays(v, a);
    *a = (vec_arrays){v->obs, v->rewards, v->terminated, v->masks};
    Py_INCREF(a->obs);
    Py_INCREF(a->rewards);
    Py_INCREF(a->terminated);
    Py_INCREF(a->masks);
    return 0;
}

static void drop_arrays(vec_arrays *a)
{
    Py_DECREF(a->obs);
    Py_DECREF(a->rewards);
    Py_DECREF(a->terminated);
    Py_DECREF(a->masks);
}

static PyObject *players_array(pych_vec *v)
{
    npy_intp dims[1] = {v->n};
    PyObject *a = new_array(1, dims, NPY_INT32);
    if (a) memcpy(PyArray_DATA((PyArrayObject *)a), v->players, sizeof(int32_t) * (size_t)v->n);
    return a;
}

static PyObject *reset_locked(pych_vec *v, PyObject *args, PyObject *kwargs)
{
    static char *kw[] = {"seed", NULL};
    PyObject *seed = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "|O:reset", kw, &seed)) return NULL;
    if (seed != Py_None) {
        unsigned long long s = PyLong_AsUnsignedLongLong(seed);
        if (PyErr_Occurred()) return NULL;
        v->seed = s;
    }
    vec_arrays a;
    if (out_arrays(v, &a) < 0) return NULL;
    vec_out o = {PyArray_DATA(a.obs), NULL, NULL, PyArray_DATA(a.masks), NULL, !v->copy};
    run_all(v, &o, 2);
    Py_DECREF(a.rewards);
    Py_DECREF(a.terminated);
    return Py_BuildValue("(NNN)", a.obs, a.masks, players_array(v));
}

static PyObject *vec_reset(pych_vec *v, PyObject *args, PyObject *kwargs)
{
    if (enter(v) < 0) return NULL;
    PyObject *out = reset_locked(v, args, kwargs);
    v->busy = 0;
    return out;
}

static PyObject *step_locked(pych_vec *v, PyObject *arg)
{
    PyArrayObject *ids = (PyArrayObject *)PyArray_FROMANY(arg, NPY_INT64, 1, 1, NPY_ARRAY_IN_ARRAY);
    if (!ids) return NULL;
    if (PyArray_DIM(ids, 0) != v->n) {
        PyErr_Format(PyExc_ValueError, "step: expected %d actions, got %zd", v->n,
                     (Py_ssize_t)PyArray_DIM(ids, 0));
        Py_DECREF(ids);
        return NULL;
    }
    vec_out o = {NULL, NULL, NULL, NULL, PyArray_DATA(ids), !v->copy};
    run_all(v, &o, 0);
    for (int i = 0; i < v->n; i++) {
        if (!v->bad[i]) continue;
        PyErr_Format(PyExc_ValueError,
                     "step: slot %d: action id %lld is not a legal move now (nothing was played)",
                     i, (long long)o.ids[i]);
        Py_DECREF(ids);
        return NULL;
    }
    vec_arrays a;
    if (out_arrays(v, &a) < 0) {
        Py_DECREF(ids);
        return NULL;
    }
    o.obs = PyArray_DATA(a.obs);
    o.rewards = PyArray_DATA(a.rewards);
    o.terminated = PyArray_DATA(a.terminated);
    o.masks = PyArray_DATA(a.masks);
    memset(o.rewards, 0, PyArray_NBYTES(a.rewards));
    memset(o.terminated, 0, PyArray_NBYTES(a.terminated));
    /* Checked above; busy kept any other step out since. */
    run_all(v, &o, 1);
    Py_DECREF(ids);
    PyObject *out = Py_BuildValue("(OOOO)", a.obs, a.rewards, a.terminated, a.masks);
    drop_arrays(&a);
    return out;
}

static PyObject *vec_step(pych_vec *v, PyObject *arg)
{
    if (enter(v) < 0) return NULL;
    PyObject *out = step_locked(v, arg);
    v->busy = 0;
    return out;
}

static void random_ids(pych_vec *v, int64_t *out)
{
    for (int i = 0; i < v->n; i++)
        out[i] = slot_ids(v, i)[ch_rng_below(&v->rng, (uint32_t)v->nlegal[i])];
}

static PyObject *vec_random_actions(pych_vec *v, PyObject *unused)
{
    if (enter(v) < 0) return NULL;
    npy_intp dims[1] = {v->n};
    PyObject *a = PyArray_SimpleNew(1, dims, NPY_INT64);
    if (a) {
        int64_t *out = PyArray_DATA((PyArrayObject *)a);
        Py_BEGIN_ALLOW_THREADS
        random_ids(v, out);
        Py_END_ALLOW_THREADS
    }
    v->busy = 0;
    return a;
}

static PyObject *vec_current_players(pych_vec *v, PyObject *unused)
{
    return players_array(v);
}

static PyObject *vec_truncated(pych_vec *v, PyObject *unused)
{
    npy_intp dims[1] = {v->n};
    PyObject *a = new_array(1, dims, NPY_BOOL);
    if (a) memcpy(PyArray_DATA((PyArrayObject *)a), v->truncated, (size_t)v->n);
    return a;
}

static void vec_dealloc(pych_vec *v)
{
    pool_stop(v->pool);
    Py_XDECREF(v->obs);
    Py_XDECREF(v->rewards);
    Py_XDECREF(v->terminated);
    Py_XDECREF(v->masks);
    free(v->states);
    free(v->dealt);
    free(v->moves);
    free(v->bots);
    free(v->chosen);
    free(v->bad);
    free(v->acts);
    free(v->ids);
    free(v->nlegal);
    free(v->truncated);
    free(v->players);
    free(v->memo);
    free(v->primed);
    Py_XDECREF(v->game);
    Py_TYPE(v)->tp_free((PyObject *)v);
}

/* opponents: one bot name for every other seat, or a list with one per seat
 * (the learner's entry None). Fills names[players]. */
static int opponent_names(PyObject *opp, int np, int seat, const char **names)
{
    for (int p = 0; p < np; p++)
        names[p] = NULL;
    if (PyUnicode_Check(opp)) {
        const char *s = PyUnicode_AsUTF8(opp);
        if (!s) return -1;
        for (int p = 0; p < np; p++)
            if (p != seat) names[p] = s;
        return 0;
    }
    if (!PyList_Check(opp) && !PyTuple_Check(opp)) {
        PyErr_SetString(PyExc_TypeError, "opponents: a bot name, or a list of one per seat");
        return -1;
    }
    if (PySequence_Fast_GET_SIZE(opp) != np) {
        PyErr_Format(PyExc_ValueError, "opponents: expected %d entries, one per seat", np);
        return -1;
    }
    for (int p = 0; p < np; p++) {
        PyObject *x = PySequence_Fast_GET_ITEM(opp, p);
        if (p == seat) continue; /* the learner's entry is ignored */
        names[p] = PyUnicode_Check(x) ? PyUnicode_AsUTF8(x) : NULL;
        if (!names[p]) {
            if (!PyErr_Occurred())
                PyErr_Format(PyExc_TypeError, "opponents[%d]: expected a bot name", p);
            return -1;
        }
    }
    return 0;
}

static PyObject *vec_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    static char *kw[] = {"game",    "n",         "seed", "opponents", "seat",
                         "threads", "max_steps", "copy", NULL};
    PyObject *gameobj, *opp = Py_None;
    int n, seat = 0, threads = 1, max_steps = PYCH_MAX_GAME_LENGTH, copy = 1;
    unsigned long long seed = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "Oi|KOiiip:VectorEnv", kw, &gameobj, &n,
                                     &seed, &opp, &seat, &threads, &max_steps, &copy))
        return NULL;
    pych_game *g;
    if (PyObject_TypeCheck(gameobj, &pych_game_type)) {
        g = (pych_game *)gameobj;
        Py_INCREF(g);
    } else if (PyUnicode_Check(gameobj)) {
        g = pych_game_new(PyUnicode_AsUTF8(gameobj), NULL);
        if (!g) return NULL;
    } else {
        PyErr_SetString(PyExc_TypeError, "VectorEnv: game must be a Game or a game text");
        return NULL;
    }
    if (pych_game_need_hooks(g) < 0) {
        Py_DECREF(g);
        return NULL;
    }
    /* The legal lists keep ids as int16_t (RAGAMARU, the most, has 1002). */
    if (g->n_ids > INT16_MAX) {
        PyErr_Format(PyExc_ValueError, "VectorEnv: %d action ids, at most %d", g->n_ids,
                     INT16_MAX);
        Py_DECREF(g);
        return NULL;
    }
    /* Bounds: memory is n states, observations and legal lists, so n is bounded. */
    if (n < 1 || n > 1 << 20 || threads < 1 || threads > MAX_THREADS || max_steps < 1 ||
        (opp != Py_None && (seat < 0 || seat >= g->n_players))) {
        PyErr_Format(PyExc_ValueError,
                     "VectorEnv: n must be 1..%d, threads 1..%d, max_steps >= 1, seat a seat",
                     1 << 20, MAX_THREADS);
        Py_DECREF(g);
        return NULL;
    }
    pych_vec *v = (pych_vec *)type->tp_alloc(type, 0);
    if (!v) {
        Py_DECREF(g);
        return NULL;
    }
    v->game = g;
    v->n = n;
    v->threads = threads;
    v->max_steps = max_steps;
    v->seed = seed;
    v->seat = opp == Py_None ? -1 : seat;
    v->copy = copy;
    ch_rng_seed(&v->rng, seed, 0xa11u);
    size_t un = (size_t)n;
    v->states = calloc(un, g->game->state_size);
    v->dealt = calloc(un, sizeof *v->dealt);
    v->moves = calloc(un, sizeof *v->moves);
    v->chosen = calloc(un, sizeof *v->chosen);
    v->bad = calloc(un, sizeof *v->bad);
    v->acts = calloc(un * (size_t)g->game->max_actions, sizeof *v->acts);
    v->ids = calloc(un * (size_t)g->game->max_actions, sizeof *v->ids);
    v->nlegal = calloc(un, sizeof *v->nlegal);
    v->truncated = calloc(un, 1);
    v->players = calloc(un, sizeof *v->players);
    if (!v->states || !v->dealt || !v->moves || !v->chosen || !v->bad || !v->acts || !v->ids || !v->nlegal ||
        !v->truncated || !v->players) {
        Py_DECREF(v);
        return PyErr_NoMemory();
    }
    vec_arrays own = {NULL, NULL, NULL, NULL};
    if (!copy && make_arrays(v, &own) < 0) {
        Py_DECREF(v);
        return NULL;
    }
    v->obs = own.obs;
    v->rewards = own.rewards;
    v->terminated = own.terminated;
    v->masks = own.masks;
    if (!copy) {
        /* Rows are kept from step to step and only what changes is
         * rewritten (settle): they start at zero, and are read-only to
         * Python, as a write there would stay in later steps' tensors. */
        PyArrayObject *arrs[4] = {own.obs, own.rewards, own.terminated, own.masks};
        for (int k = 0; k < 4; k++) {
            memset(PyArray_DATA(arrs[k]), 0, PyArray_NBYTES(arrs[k]));
            PyArray_CLEARFLAGS(arrs[k], NPY_ARRAY_WRITEABLE);
        }
        if (g->game->observe_kept) {
            v->memo = calloc(un * (size_t)g->obs_size, sizeof *v->memo);
            v->primed = calloc(un, 1);
            if (!v->memo || !v->primed) {
                Py_DECREF(v);
                return PyErr_NoMemory();
            }
        }
    }
    if (opp != Py_None) {
        const char *names[CH_MAX_PLAYERS];
        PyObject *fast = PyUnicode_Check(opp) ? Py_NewRef(opp) : PySequence_Fast(opp, "opponents");
        if (!fast || opponent_names(fast, g->n_players, seat, names) < 0) {
            Py_XDECREF(fast);
            Py_DECREF(v);
            return NULL;
        }
        v->bots = calloc(un * (size_t)g->n_players, sizeof *v->bots);
        if (!v->bots) {
            Py_DECREF(fast);
            Py_DECREF(v);
            return PyErr_NoMemory();
        }
        ch_err err;
        for (int i = 0; i < n; i++) {
            for (int p = 0; p < g->n_players; p++) {
                if (!names[p]) continue;
                uint64_t bseed = ch_mix64(seed + (uint64_t)i) + (uint64_t)p;
                if (ch_bot_init(&v->bots[(size_t)i * g->n_players + p], g->game, names[p], bseed,
                                &err) != CH_OK) {
                    Py_DECREF(fast);
                    Py_DECREF(v);
                    return pych_raise(&err);
                }
            }
        }
        Py_DECREF(fast);
    }
    if (threads > 1 && !(v->pool = pool_start(threads))) {
        Py_DECREF(v);
        return PyErr_NoMemory();
    }
    /* Ready to step without a reset, as the games are dealt. */
    vec_out o = {NULL, NULL, NULL, NULL, NULL, 0};
    run_slots(v, &o, 2);
    return (PyObject *)v;
}

static PyObject *vec_num_envs(pych_vec *v, void *unused)
{
    return PyLong_FromLong(v->n);
}

static PyObject *vec_get_game(pych_vec *v, void *unused)
{
    Py_INCREF(v->game);
    return (PyObject *)v->game;
}

static PyMethodDef vec_methods[] = {
    {"reset", (PyCFunction)(void (*)(void))vec_reset, METH_VARARGS | METH_KEYWORDS,
     "reset(seed=None) -> (observations, masks, players)\n\nDeals every slot's first game "
     "again (from a new base seed if given). observations: float32[n, *shape], the seat to "
     "move's; masks: uint8[n, num_distinct_actions]; players: int32[n]."},
    {"step", (PyCFunction)vec_step, METH_O,
     "step(actions) -> (observations, rewards, terminated, masks)\n\nPlays one action id per "
     "slot (for the seat to move there). rewards: float32[n, players], the returns of a game "
     "that ended in this step; terminated: bool[n]; a finished game is dealt again at once, "
     "so observations and masks are then the new game's. An illegal id raises ValueError and "
     "nothing is played. current_players() and truncated() tell the rest."},
    {"random_actions", (PyCFunction)vec_random_actions, METH_NOARGS,
     "random_actions() -> numpy.ndarray\n\nint64[n]: a uniform legal id for each slot's seat "
     "to move, drawn in C from the env's own generator (seeded by seed): a baseline, or "
     "exploration, without a mask round trip through numpy."},
    {"current_players", (PyCFunction)vec_current_players, METH_NOARGS,
     "int32[n]: the seat to move in each slot (the learner's seat when there are opponents)."},
    {"truncated", (PyCFunction)vec_truncated, METH_NOARGS,
     "bool[n]: the last step cut the slot's game at max_steps (terminated is set too, "
     "rewards stay 0)."},
    {NULL, NULL, 0, NULL}};

static PyGetSetDef vec_getset[] = {
    {"num_envs", (getter)vec_num_envs, NULL, "n: the games stepped together.", NULL},
    {"game", (getter)vec_get_game, NULL, "The Game every slot plays.", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

PyTypeObject pych_vec_type = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "cardhall.VectorEnv",
    .tp_basicsize = sizeof(pych_vec),
    .tp_dealloc = (destructor)vec_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "VectorEnv(game, n, seed=0, opponents=None, seat=0, threads=1, "
              "max_steps=game.max_game_length(), copy=True)\n\nn games stepped together in C "
              "with the GIL released. Game j of slot i is dealt from seed + i + j*n. opponents: "
              "a bot name (or one per seat) that plays every seat but `seat`, the learner's. "
              "threads: workers started once, each stepping its share of the slots. copy=False: "
              "step and reset return the env's own arrays, the same objects every call, "
              "read-only, overwritten by the next step or reset (faster: no new arrays each "
              "step, and RAGAMARU and Babasuki rewrite only what changed in each row).",
    .tp_methods = vec_methods,
    .tp_getset = vec_getset,
    .tp_new = vec_new,
};
