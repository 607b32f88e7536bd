/* Min-conflicts repair for huge boards: a greedy start of Sosic and Gu's QS4 kind, then
 * repair by swaps, O(1) work per move and 4n + O(1) bytes beside the board.
 *
 * The board is a permutation (perm[row] is the queen's column), so only diagonals can
 * clash.  dn[r + c] and dp[r - c + n - 1] count the queens on each diagonal in one byte
 * (see NQ_MC_PAIRS_CAP for why a byte is enough); a move swaps the columns of two rows.
 *
 * Greedy start: perm is shuffled (Fisher-Yates, inside-out); row i then scans the
 * unused columns perm[i], perm[i + 1], ... in that order, up to NQ_MC_INIT_TRIES of
 * them, and takes the first whose two diagonals are free (one bit per diagonal, in bit
 * sets small enough for the cache), or else perm[i] itself, with its conflicts.  The bit
 * sets live in the tail of the counter arrays and are expanded in place into the
 * counters, then the conflicting rows are added: their rows are the first to repair.
 *
 * Repair sweeps the attacked rows; each draws up to NQ_MC_REPAIR_TRIES partners at
 * random and makes the first swap that lowers the number of attacking pairs.  A sweep
 * list holds only rows of attacking pairs (each pair keeps a member in it), so it is
 * small; when it would overflow, the attacked rows are collected afresh.  Stalled sweeps
 * start again from a fresh greedy start.
 *
 * The random stream (nq_rng.h) and every decision are those of the readable Python version nqueens.algorithms.repair.trace_min_conflicts, so both
 * end on the same board for the same seed.
 *
 * The kernel runs without the interpreter lock; every NQ_MC_CHECK_EVERY rows of a start
 * and candidate swaps of the repair it takes the lock back for a moment to let Python see
 * a pending signal (Ctrl-C in a library session raises KeyboardInterrupt).
 */
#include "shell_py.h"
#include "nq_rng.h"

#include <stdlib.h>

#define NQ_MC_INIT_TRIES 256
#define NQ_MC_REPAIR_TRIES 64
#define NQ_MC_MAX_STALL_ROUNDS 32
#define NQ_MC_CHECK_EVERY ((int64_t)1 << 20)
/* perm holds int32 columns; the diagonal indices (up to 2n - 2) are computed in 64 bits. */
#define NQ_MC_MAX_N ((Py_ssize_t)INT32_MAX)
/* Boards with at most this many queens never put more than 255 on a diagonal. */
#define NQ_MC_SMALL_N 255
/* A greedy start of a larger board is kept only with at most this many attacking pairs.
 * Pairs never grow during repair, and k queens on a diagonal make k(k - 1)/2 pairs, so
 * no diagonal then holds more than 253 queens, 255 while a candidate swap is weighed:
 * the counters fit in a byte.  Starts leave a few thousand pairs at n = 10^8. */
#define NQ_MC_PAIRS_CAP 32130
/* The sweep lists: rows of attacking pairs, at most two a pair. */
#define NQ_MC_LIST_CAP (2 * NQ_MC_PAIRS_CAP + 2)

enum { NQ_MC_SOLVED = 0, NQ_MC_OUT_OF_STEPS = 1, NQ_MC_STOPPED = -1 };
/* what a greedy start gives when it is refused (too many pairs) */
#define NQ_MC_REFUSED (-2)

typedef struct {
    int32_t *perm;
    uint8_t *dn; /* nwords * 64 bytes each; the bit sets of a start live in the last eighth */
    uint8_t *dp;
    int64_t nwords;
    int64_t n;
    uint64_t state;
    int32_t *todo; /* NQ_MC_LIST_CAP rows each */
    int32_t *nxt;
    uint8_t *fresh; /* for each conflicting row of a start: which of its diagonals it opened */
    PyThreadState **save; /* the saved thread state while the lock is released */
} nq_mc;

/* A random integer in [0, bound), bound < 2**32. */
static inline int64_t nq_mc_below(nq_mc *m, uint64_t bound) {
    return nq_rng_below(&m->state, bound);
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
static bool nq_mc_interrupted(nq_mc *m) { return shell_signal_raised(m->save); }

static inline bool nq_mc_bit(const uint64_t *bits, int64_t k) {
    return (bits[k >> 6] >> (k & 63)) & 1;
}

static inline void nq_mc_set_bit(uint64_t *bits, int64_t k) {
    bits[k >> 6] |= UINT64_C(1) << (k & 63);
}

/* Expand the bit set in the last eighth of `counts` (nwords words) into one byte per bit,
 * in place: word w becomes bytes 64w..64w+63, which never reach a word not yet read. */
static void nq_mc_expand(uint8_t *counts, int64_t nwords) {
    static uint64_t spread[256];
    static bool ready = false;
    if (!ready) { /* byte k of spread[v] is bit k of v (benign if two threads race) */
        for (int v = 0; v < 256; v++) {
            uint64_t x = 0;
            for (int k = 0; k < 8; k++)
                x |= (uint64_t)((v >> k) & 1) << (8 * k);
            spread[v] = x;
        }
        ready = true;
    }
    const uint8_t *bits = counts + 56 * nwords;
    for (int64_t w = 0; w < nwords; w++) {
        uint64_t word;
        memcpy(&word, bits + 8 * w, sizeof word);
        uint8_t *out = counts + 64 * w;
        for (int k = 0; k < 8; k++) {
            uint64_t bytes = spread[(word >> (8 * k)) & 0xFF];
            memcpy(out + 8 * k, &bytes, sizeof bytes);
        }
    }
}

/* One greedy start; return its attacking pairs, NQ_MC_REFUSED (more than
 * NQ_MC_PAIRS_CAP on a board of more than NQ_MC_SMALL_N), or -1 when interrupted.  The
 * conflicting rows, top to bottom, are left in m->todo; *nfailed says how many. */
static int64_t nq_mc_greedy_start(nq_mc *m, int64_t *nfailed) {
    int64_t n = m->n;
    int32_t *perm = m->perm;
    for (int64_t i = 0; i < n; i++) {
        if ((i & (NQ_MC_CHECK_EVERY - 1)) == NQ_MC_CHECK_EVERY - 1 && nq_mc_interrupted(m))
            return -1;
        int64_t j = nq_mc_below(m, (uint64_t)(i + 1));
        perm[i] = perm[j];
        perm[j] = (int32_t)i;
    }
    uint64_t *bn = (uint64_t *)(void *)(m->dn + 56 * m->nwords);
    uint64_t *bp = (uint64_t *)(void *)(m->dp + 56 * m->nwords);
    memset(bn, 0, (size_t)m->nwords * sizeof(uint64_t));
    memset(bp, 0, (size_t)m->nwords * sizeof(uint64_t));
    int64_t failed = 0;
    for (int64_t i = 0; i < n; i++) {
        if ((i & (NQ_MC_CHECK_EVERY - 1)) == NQ_MC_CHECK_EVERY - 1 && nq_mc_interrupted(m))
            return -1;
        int64_t lim = n - i < NQ_MC_INIT_TRIES ? n : i + NQ_MC_INIT_TRIES;
        int64_t j = i;
        for (; j < lim; j++) {
            int64_t c = perm[j];
            if (!nq_mc_bit(bn, i + c) && !nq_mc_bit(bp, i - c + n - 1))
                break;
        }
        if (j < lim) {
            int32_t c = perm[j];
            perm[j] = perm[i];
            perm[i] = c;
            nq_mc_set_bit(bn, i + c);
            nq_mc_set_bit(bp, i - c + n - 1);
            continue;
        }
        /* no free column among those scanned: the row keeps perm[i], with its conflicts */
        if (failed > NQ_MC_PAIRS_CAP)
            return NQ_MC_REFUSED; /* each such row makes a pair at least, and n > 32130 */
        int64_t c = perm[i], a = i + c, b = i - c + n - 1;
        uint8_t opened = 0;
        if (!nq_mc_bit(bn, a)) {
            nq_mc_set_bit(bn, a);
            opened |= 1;
        }
        if (!nq_mc_bit(bp, b)) {
            nq_mc_set_bit(bp, b);
            opened |= 2;
        }
        m->todo[failed] = (int32_t)i;
        m->fresh[failed] = opened;
        failed++;
    }
    nq_mc_expand(m->dn, m->nwords);
    nq_mc_expand(m->dp, m->nwords);
    int64_t pairs = 0;
    for (int64_t k = 0; k < failed; k++) {
        int64_t i = m->todo[k], c = perm[i], a = i + c, b = i - c + n - 1;
        if (!(m->fresh[k] & 1)) {
            if (m->dn[a] == 255)
                return NQ_MC_REFUSED; /* 256 on a diagonal: more pairs than the cap */
            pairs += m->dn[a]++;
        }
        if (!(m->fresh[k] & 2)) {
            if (m->dp[b] == 255)
                return NQ_MC_REFUSED;
            pairs += m->dp[b]++;
        }
    }
    *nfailed = failed;
    if (n > NQ_MC_SMALL_N && pairs > NQ_MC_PAIRS_CAP)
        return NQ_MC_REFUSED;
    return pairs;
}

/* Greedy starts until one is kept; return its pairs, -1 when interrupted, or
 * NQ_MC_REFUSED after NQ_MC_MAX_STALL_ROUNDS refusals in a row.  Each refusal counts as a
 * restart. */
static int64_t nq_mc_start(nq_mc *m, int64_t *ntodo, int64_t *restarts) {
    for (int refused = 0;; refused++) {
        int64_t pairs = nq_mc_greedy_start(m, ntodo);
        if (pairs != NQ_MC_REFUSED)
            return pairs;
        if (refused + 1 >= NQ_MC_MAX_STALL_ROUNDS)
            return NQ_MC_REFUSED;
        ++*restarts;
    }
}

/* Write the attacked rows, top to bottom, into rows (room for NQ_MC_LIST_CAP, which the
 * at most 2 * pairs of them never exceed); return how many. */
static int64_t nq_mc_collect_attacked(const nq_mc *m, int32_t *rows) {
    int64_t k = 0;
    for (int64_t i = 0; i < m->n && k < NQ_MC_LIST_CAP; i++)
        if (nq_mc_attacked(m, i))
            rows[k++] = (int32_t)i;
    return k;
}

/* The whole run; stats as in the module docstring.  Returns a status code. */
static int nq_mc_run(nq_mc *m, int64_t max_steps, int64_t stats[6]) {
    int64_t n = m->n;
    int32_t *perm = m->perm;
    int32_t *todo = m->todo, *nxt = m->nxt;
    int64_t steps = 0, moves = 0, restarts = 0, rounds = 0, ntodo = 0;
    int64_t pairs = nq_mc_start(m, &ntodo, &restarts);
    if (pairs == -1)
        return NQ_MC_STOPPED;
    int status = NQ_MC_SOLVED;
    if (pairs == NQ_MC_REFUSED) {
        status = NQ_MC_OUT_OF_STEPS;
        pairs = -1;
        goto done;
    }
    stats[3] = pairs;
    int stall = 0;
    while (pairs > 0) {
        rounds++;
        int64_t nnxt = 0;
        bool improved = false, overflow = false;
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
                    if (nq_mc_attacked(m, j)) {
                        if (nnxt < NQ_MC_LIST_CAP)
                            nxt[nnxt++] = (int32_t)j;
                        else
                            overflow = true;
                    }
                    break;
                }
                nq_mc_remove(m, i, cj);
                nq_mc_remove(m, j, ci);
                nq_mc_add(m, i, ci);
                nq_mc_add(m, j, cj);
            }
            if (moved)
                improved = true;
            if (nq_mc_attacked(m, i)) {
                if (nnxt < NQ_MC_LIST_CAP)
                    nxt[nnxt++] = (int32_t)i;
                else
                    overflow = true;
            }
            if (pairs == 0)
                break;
        }
        stall = improved ? 0 : stall + 1;
        if (pairs > 0 && (stall >= NQ_MC_MAX_STALL_ROUNDS || nnxt == 0)) {
            restarts++;
            stall = 0;
            pairs = nq_mc_start(m, &ntodo, &restarts);
            if (pairs == -1)
                return NQ_MC_STOPPED;
            if (pairs == NQ_MC_REFUSED) {
                status = NQ_MC_OUT_OF_STEPS;
                pairs = -1;
                goto done;
            }
            todo = m->todo; /* the start left its conflicting rows there */
            nxt = m->nxt;
        } else if (overflow) {
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
"attacking pairs after the first greedy start kept, pairs left, repair rounds\n"
"(-1 for both when NQ_MC_MAX_STALL_ROUNDS starts in a row are refused).\n"
"Runs without the interpreter lock; a pending signal that raises ends it.");

static PyObject *min_conflicts_kernel(PyObject *self, PyObject *args, PyObject *kwargs) {
    (void)self;
    static char *keywords[] = {"perm", "seed", "max_steps", "stats", NULL};
    PyObject *perm_obj, *seed_obj, *stats_obj;
    long long max_steps;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OOLO:min_conflicts_kernel", keywords, &perm_obj, &seed_obj, &max_steps,
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
    shell_views views = {.count = 0};
    Py_buffer *perm_view = shell_views_get(&views, perm_obj, 'i', 4, -1, true, "perm");
    Py_buffer *stats_view = perm_view ? shell_views_get(&views, stats_obj, 'q', 8, 6, true,
                                                        "stats") : NULL;
    if (!stats_view) {
        shell_views_release(&views);
        return NULL;
    }
    Py_ssize_t n = shell_len(perm_view);
    PyObject *result = NULL;
    uint8_t *dn = NULL, *dp = NULL, *fresh = NULL;
    int32_t *todo = NULL, *nxt = NULL;
    if (n < 1 || n > NQ_MC_MAX_N) {
        PyErr_Format(PyExc_ValueError, "perm must hold 1 to %zd columns, not %zd",
                     NQ_MC_MAX_N, n);
        goto out;
    }
    int64_t nwords = (2 * (int64_t)n - 1 + 63) / 64;
    dn = malloc((size_t)nwords * 64);
    dp = malloc((size_t)nwords * 64);
    todo = malloc(NQ_MC_LIST_CAP * sizeof(int32_t));
    nxt = malloc(NQ_MC_LIST_CAP * sizeof(int32_t));
    fresh = malloc(NQ_MC_PAIRS_CAP + 1);
    if (!dn || !dp || !todo || !nxt || !fresh) {
        PyErr_NoMemory();
        goto out;
    }
    int64_t stats[6] = {0, 0, 0, -1, -1, 0};
    int status;
    PyThreadState *save = PyEval_SaveThread();
    nq_mc m = {(int32_t *)perm_view->buf, dn, dp, nwords, (int64_t)n, (uint64_t)seed,
               todo, nxt, fresh, &save};
    status = nq_mc_run(&m, (int64_t)max_steps, stats);
    PyEval_RestoreThread(save);
    if (status == NQ_MC_STOPPED)
        goto out; /* the signal's exception is set */
    int64_t *out_stats = (int64_t *)stats_view->buf;
    for (int k = 0; k < 6; k++)
        out_stats[k] = stats[k];
    result = PyLong_FromLong(status);
out:
    free(dn);
    free(dp);
    free(todo);
    free(nxt);
    free(fresh);
    shell_views_release(&views);
    return result;
}

static PyMethodDef methods[] = {
    {"min_conflicts_kernel", (PyCFunction)(void (*)(void))min_conflicts_kernel, METH_VARARGS | METH_KEYWORDS,
     min_conflicts_kernel_doc},
    {NULL, NULL, 0, NULL},
};

static int exec_module(PyObject *module) {
    if (PyModule_AddIntConstant(module, "INIT_TRIES", NQ_MC_INIT_TRIES) < 0 ||
        PyModule_AddIntConstant(module, "REPAIR_TRIES", NQ_MC_REPAIR_TRIES) < 0 ||
        PyModule_AddIntConstant(module, "MAX_STALL_ROUNDS", NQ_MC_MAX_STALL_ROUNDS) < 0 ||
        PyModule_AddIntConstant(module, "SMALL_N", NQ_MC_SMALL_N) < 0 ||
        PyModule_AddIntConstant(module, "PAIRS_CAP", NQ_MC_PAIRS_CAP) < 0 ||
        PyModule_AddIntConstant(module, "LIST_CAP", NQ_MC_LIST_CAP) < 0 ||
        PyModule_AddIntConstant(module, "SOLVED", NQ_MC_SOLVED) < 0 ||
        PyModule_AddIntConstant(module, "OUT_OF_STEPS", NQ_MC_OUT_OF_STEPS) < 0)
        return -1;
    return 0;
}

PyDoc_STRVAR(module_doc,
"Min-conflicts repair for huge boards (the native core of nqueens.kernels.minconflicts).");

SHELL_MODULE(minconflicts, "nqueens._core.minconflicts", module_doc, methods, SHELL_EXEC(exec_module))
