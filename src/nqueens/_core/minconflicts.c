/* Min-conflicts repair for huge boards: O(1) work per move.
 *
 * The board is a permutation (perm[row] is the queen's column), so only diagonals can
 * clash.  dn[r + c] and dp[r - c + n - 1] count the queens on each diagonal; a move
 * swaps the columns of two rows.  The procedure (greedy start, then repair sweeps with
 * random partners, a fresh start after a stall) and its random stream (xorshift64*,
 * high 32 bits scaled to the bound) are those of the readable Python version
 * nqueens.large.trace_min_conflicts, decision for decision, so that both end on the
 * same board for the same seed.
 *
 * The kernel runs without the interpreter lock; every NQ_MC_CHECK_EVERY rows of a
 * greedy start and candidate swaps of the repair it takes the lock back for a moment
 * to let Python see a pending signal (Ctrl-C in a library session raises
 * KeyboardInterrupt).
 */
#include "nq_py.h"

#include <stdlib.h>

#define NQ_MC_INIT_TRIES 256
#define NQ_MC_REPAIR_TRIES 64
#define NQ_MC_MAX_STALL_ROUNDS 32
#define NQ_MC_CHECK_EVERY ((int64_t)1 << 20)
/* perm holds int32 columns; the diagonal indices (up to 2n - 2) are computed in 64 bits. */
#define NQ_MC_MAX_N ((Py_ssize_t)INT32_MAX)

enum { NQ_MC_SOLVED = 0, NQ_MC_OUT_OF_STEPS = 1, NQ_MC_STOPPED = -1 };

typedef struct {
    int32_t *perm;
    int32_t *dn;
    int32_t *dp;
    int64_t n;
    uint64_t state;
    PyThreadState **save; /* the saved thread state while the lock is released */
} nq_mc;

/* A random integer in [0, bound), bound < 2**32. */
static inline int64_t nq_mc_below(nq_mc *m, uint64_t bound) {
    uint64_t x = m->state;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    m->state = x;
    uint64_t r = (x * UINT64_C(0x2545F4914F6CDD1D)) >> 32;
    return (int64_t)((r * bound) >> 32);
}

/* Put a queen on (r, c); return how many attacking pairs it adds. */
static inline int64_t nq_mc_add(nq_mc *m, int64_t r, int64_t c) {
    int64_t a = r + c, b = r - c + m->n - 1;
    int64_t added = (int64_t)m->dn[a] + (int64_t)m->dp[b];
    m->dn[a]++;
    m->dp[b]++;
    return added;
}

/* Take the queen off (r, c); return how many attacking pairs it removes. */
static inline int64_t nq_mc_remove(nq_mc *m, int64_t r, int64_t c) {
    int64_t a = r + c, b = r - c + m->n - 1;
    m->dn[a]--;
    m->dp[b]--;
    return (int64_t)m->dn[a] + (int64_t)m->dp[b];
}

static inline bool nq_mc_attacked(const nq_mc *m, int64_t r) {
    int64_t c = m->perm[r];
    return m->dn[r + c] > 1 || m->dp[r - c + m->n - 1] > 1;
}

/* Whether Python has a pending signal that raised (the lock is taken for the check). */
static bool nq_mc_interrupted(nq_mc *m) {
    PyEval_RestoreThread(*m->save);
    int failed = PyErr_CheckSignals();
    *m->save = PyEval_SaveThread();
    return failed != 0;
}

/* Fill the rows top to bottom; return the attacking pairs, or -1 when interrupted. */
static int64_t nq_mc_greedy_start(nq_mc *m) {
    int64_t n = m->n;
    int32_t *perm = m->perm;
    for (int64_t i = 0; i < n; i++)
        perm[i] = (int32_t)i;
    memset(m->dn, 0, (size_t)(2 * n - 1) * sizeof(int32_t));
    memset(m->dp, 0, (size_t)(2 * n - 1) * sizeof(int32_t));
    int64_t pairs = 0;
    for (int64_t i = 0; i < n; i++) {
        if ((i & (NQ_MC_CHECK_EVERY - 1)) == NQ_MC_CHECK_EVERY - 1 && nq_mc_interrupted(m))
            return -1;
        int64_t best_j = i;
        int64_t best_c = (int64_t)1 << 62;
        for (int t = 0; t < NQ_MC_INIT_TRIES; t++) {
            int64_t j = i + nq_mc_below(m, (uint64_t)(n - i));
            int64_t c = perm[j];
            int64_t k = (int64_t)m->dn[i + c] + (int64_t)m->dp[i - c + n - 1];
            if (k < best_c) {
                best_c = k;
                best_j = j;
                if (k == 0)
                    break;
            }
        }
        int32_t c = perm[best_j];
        perm[best_j] = perm[i];
        perm[i] = c;
        pairs += nq_mc_add(m, i, c);
    }
    return pairs;
}

/* Write the attacked rows, top to bottom, into rows; return how many. */
static int64_t nq_mc_collect_attacked(const nq_mc *m, int32_t *rows) {
    int64_t k = 0;
    for (int64_t i = 0; i < m->n; i++)
        if (nq_mc_attacked(m, i))
            rows[k++] = (int32_t)i;
    return k;
}

/* The whole run; stats as in the module docstring.  Returns a status code. */
static int nq_mc_run(nq_mc *m, int32_t *todo, int32_t *nxt, int64_t max_steps,
                     int64_t stats[6]) {
    int64_t n = m->n;
    int32_t *perm = m->perm;
    int64_t steps = 0, moves = 0, restarts = 0, rounds = 0;
    int64_t pairs = nq_mc_greedy_start(m);
    if (pairs < 0)
        return NQ_MC_STOPPED;
    stats[3] = pairs;
    int64_t ntodo = nq_mc_collect_attacked(m, todo);
    int stall = 0;
    int status = NQ_MC_SOLVED;
    while (pairs > 0) {
        rounds++;
        int64_t nnxt = 0;
        bool improved = false;
        for (int64_t t = 0; t < ntodo; t++) {
            int64_t i = todo[t];
            int64_t ci = perm[i];
            if (!nq_mc_attacked(m, i))
                continue;
            bool moved = false;
            for (int tries = 0; tries < NQ_MC_REPAIR_TRIES; tries++) {
                if (steps >= max_steps) {
                    status = NQ_MC_OUT_OF_STEPS;
                    goto done;
                }
                steps++;
                if ((steps & (NQ_MC_CHECK_EVERY - 1)) == 0 && nq_mc_interrupted(m))
                    return NQ_MC_STOPPED;
                int64_t j = nq_mc_below(m, (uint64_t)(n - 1));
                if (j >= i)
                    j++;
                int64_t cj = perm[j];
                int64_t delta = -nq_mc_remove(m, i, ci);
                delta -= nq_mc_remove(m, j, cj);
                delta += nq_mc_add(m, i, cj);
                delta += nq_mc_add(m, j, ci);
                if (delta < 0) {
                    perm[i] = (int32_t)cj;
                    perm[j] = (int32_t)ci;
                    pairs += delta;
                    moves++;
                    moved = true;
                    if (nq_mc_attacked(m, j))
                        nxt[nnxt++] = (int32_t)j;
                    break;
                }
                nq_mc_remove(m, i, cj);
                nq_mc_remove(m, j, ci);
                nq_mc_add(m, i, ci);
                nq_mc_add(m, j, cj);
            }
            if (moved)
                improved = true;
            if (nq_mc_attacked(m, i))
                nxt[nnxt++] = (int32_t)i;
            if (pairs == 0)
                break;
        }
        stall = improved ? 0 : stall + 1;
        if (pairs > 0 && (stall >= NQ_MC_MAX_STALL_ROUNDS || nnxt == 0)) {
            restarts++;
            stall = 0;
            pairs = nq_mc_greedy_start(m);
            if (pairs < 0)
                return NQ_MC_STOPPED;
            ntodo = nq_mc_collect_attacked(m, todo);
        } else {
            int32_t *swap = todo;
            todo = nxt;
            nxt = swap;
            ntodo = nnxt;
        }
    }
done:
    stats[0] = steps;
    stats[1] = moves;
    stats[2] = restarts;
    stats[4] = pairs;
    stats[5] = rounds;
    return status;
}

PyDoc_STRVAR(min_conflicts_kernel_doc,
"min_conflicts_kernel(perm, seed, max_steps, stats) -> int\n"
"--\n\n"
"Fill perm (a writable int32 array of length n, 1 <= n < 2**31) with a solution by\n"
"greedy start and min-conflicts repair, the random stream starting at state seed\n"
"(an unsigned 64-bit int); return 0 (solved) or 1 (max_steps candidate swaps used).\n"
"stats (a writable int64 array of 6 or more) receives: steps, moves, restarts,\n"
"attacking pairs after the first greedy start, pairs left, repair rounds.\n"
"Runs without the interpreter lock; a pending signal that raises ends it.");

static PyObject *min_conflicts_kernel(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *perm_obj, *seed_obj, *stats_obj;
    long long max_steps;
    if (!PyArg_ParseTuple(args, "OOLO:min_conflicts_kernel", &perm_obj, &seed_obj, &max_steps,
                          &stats_obj))
        return NULL;
    /* the state: any integer (numpy's uint64 included) from 0 to 2**64 - 1 */
    PyObject *seed_index = PyNumber_Index(seed_obj);
    if (seed_index == NULL)
        return NULL;
    unsigned long long seed = PyLong_AsUnsignedLongLong(seed_index);
    Py_DECREF(seed_index);
    if (seed == (unsigned long long)-1 && PyErr_Occurred()) {
        PyErr_SetString(PyExc_ValueError, "seed must be a state from 0 to 2**64 - 1");
        return NULL;
    }
    if (max_steps < 0)
        return PyErr_Format(PyExc_ValueError, "max_steps must be 0 or more, not %lld",
                            max_steps);
    Py_buffer perm_view, stats_view;
    if (nq_get_array(perm_obj, &perm_view, 'i', 4, -1, true, "perm") < 0)
        return NULL;
    if (nq_get_array(stats_obj, &stats_view, 'q', 8, 6, true, "stats") < 0) {
        PyBuffer_Release(&perm_view);
        return NULL;
    }
    Py_ssize_t n = nq_len(&perm_view);
    PyObject *result = NULL;
    int32_t *dn = NULL, *dp = NULL, *todo = NULL, *nxt = NULL;
    if (n < 1 || n > NQ_MC_MAX_N) {
        PyErr_Format(PyExc_ValueError, "perm must hold 1 to %zd columns, not %zd",
                     NQ_MC_MAX_N, n);
        goto out;
    }
    size_t diagonals = 2 * (size_t)n - 1;
    dn = malloc(diagonals * sizeof(int32_t));
    dp = malloc(diagonals * sizeof(int32_t));
    todo = malloc((size_t)n * sizeof(int32_t));
    nxt = malloc((size_t)n * sizeof(int32_t));
    if (!dn || !dp || !todo || !nxt) {
        PyErr_NoMemory();
        goto out;
    }
    int64_t stats[6] = {0, 0, 0, 0, 0, 0};
    int status;
    PyThreadState *save = PyEval_SaveThread();
    nq_mc m = {(int32_t *)perm_view.buf, dn, dp, (int64_t)n, (uint64_t)seed, &save};
    status = nq_mc_run(&m, todo, nxt, (int64_t)max_steps, stats);
    PyEval_RestoreThread(save);
    if (status == NQ_MC_STOPPED)
        goto out; /* the signal's exception is set */
    int64_t *out_stats = (int64_t *)stats_view.buf;
    out_stats[0] = stats[0];
    out_stats[1] = stats[1];
    out_stats[2] = stats[2];
    out_stats[3] = stats[3];
    out_stats[4] = stats[4];
    out_stats[5] = stats[5];
    result = PyLong_FromLong(status);
out:
    free(dn);
    free(dp);
    free(todo);
    free(nxt);
    PyBuffer_Release(&stats_view);
    PyBuffer_Release(&perm_view);
    return result;
}

static PyMethodDef methods[] = {
    {"min_conflicts_kernel", min_conflicts_kernel, METH_VARARGS, min_conflicts_kernel_doc},
    {NULL, NULL, 0, NULL},
};

static int exec_module(PyObject *module) {
    if (PyModule_AddIntConstant(module, "INIT_TRIES", NQ_MC_INIT_TRIES) < 0 ||
        PyModule_AddIntConstant(module, "REPAIR_TRIES", NQ_MC_REPAIR_TRIES) < 0 ||
        PyModule_AddIntConstant(module, "MAX_STALL_ROUNDS", NQ_MC_MAX_STALL_ROUNDS) < 0 ||
        PyModule_AddIntConstant(module, "SOLVED", NQ_MC_SOLVED) < 0 ||
        PyModule_AddIntConstant(module, "OUT_OF_STEPS", NQ_MC_OUT_OF_STEPS) < 0)
        return -1;
    return 0;
}

static PyModuleDef_Slot slots[] = {
    {Py_mod_exec, (void *)exec_module},
    {0, NULL},
};

PyDoc_STRVAR(module_doc,
"Min-conflicts repair for huge boards (the native core of nqueens.kernels.minconflicts).");

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "nqueens._core.minconflicts", module_doc, 0, methods, slots,
    NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit_minconflicts(void) { return PyModuleDef_Init(&module_def); }
