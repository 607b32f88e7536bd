/* Step counts of the classic backtracking `proba`: the squares it tests up to its first
 * solution, the nodes of its search tree level by level, and its compact trace.
 *
 * The search goes column by column and tries rows top to bottom; by the transpose
 * symmetry of the board that is the same search as row by row trying columns left to
 * right, which is how it is written here: level = column, position = row.  Each level
 * keeps the masks of nq_board.h, so the free squares of a line are one nq_free, and a
 * scan of the line counts its tests with one trailing-zero count instead of one test
 * per square.
 */
/* gcc's straight-line vectoriser packs the three masks of a level into vector
 * registers, which costs this branchy search about 15 %; keep them in general ones. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("no-tree-slp-vectorize")
#endif
#include "shell_py.h"
#include "nq_board.h"

#define NQ_ST_MAX_N 63

static const char MODULE_DOC[] =
    "Step counts of the classic backtracking proba (the native core).\n\n"
    "first_solution_steps runs it to its first solution, tree_profile counts the nodes\n"
    "of its search tree per level, proba_trace_bytes writes its compact trace.";

/* Bytes of the compact trace (see nqueens.tasks.viz.html): kind in bits 0-2, ok in bit 3,
 * where in bits 4-5 (1 = the next square along the scan, 2 = the first square of the
 * next line). */
enum {
    TEST_NEXT_REFUSED = 0 | (1 << 4),
    TEST_NEXT_FREE = 0 | 8 | (1 << 4),
    TEST_NEWLINE_REFUSED = 0 | (2 << 4),
    TEST_NEWLINE_FREE = 0 | 8 | (2 << 4),
    PLACE_HERE = 1,
    REMOVE_LAST = 2,
    SOLUTION = 4,
    DONE = 7,
};

static int check_n(Py_ssize_t n) {
    if (n < 1 || n > NQ_ST_MAX_N) {
        PyErr_Format(PyExc_ValueError, "n must be between 1 and %d, not %zd", NQ_ST_MAX_N, n);
        return -1;
    }
    return 0;
}

/* The squares of line `level` free of the queens of the lines before (masks m) and, for
 * the superqueen, of a knight's move from the queens of the two lines before. */
static inline uint64_t line_free(nq_masks m, bool knight, int level, const int64_t *pos, int n,
                                 uint64_t full) {
    uint64_t f = nq_free(m, full);
    if (knight) {
        uint64_t p1 = level >= 1 ? (uint64_t)1 << pos[level - 1] : 0;
        uint64_t p2 = level >= 2 ? (uint64_t)1 << pos[level - 2] : 0;
        f &= ~nq_knight(p1, p2, false, n, full);
    }
    return f;
}

/* The positions start..n-1 of a line (start <= n). */
static inline uint64_t from(int start, uint64_t full) {
    return start >= 64 ? 0 : full & ~(((uint64_t)1 << start) - 1u);
}

/* ---- first solution --------------------------------------------------------------- */

typedef struct {
    int64_t tests, placed, removed;
    bool found;
} first_result;

static first_result first_core(int n, bool knight, int64_t *pos) {
    const uint64_t full = nq_full(n);
    nq_masks ms[NQ_ST_MAX_N + 1];
    uint64_t rf[NQ_ST_MAX_N + 1];
    first_result res = {0, 0, 0, false};
    int level = 0, start = 0;
    ms[0] = (nq_masks){0, 0, 0};
    rf[0] = line_free(ms[0], knight, 0, pos, n, full);
    for (;;) {
        if (level == n) {
            res.found = true;
            return res;
        }
        uint64_t avail = rf[level] & from(start, full);
        if (avail) {
            uint64_t bit = nq_lowest(avail);
            int p = nq_index(bit);
            res.tests += p - start + 1;
            pos[level] = p;
            res.placed++;
            if (level + 1 < n) {
                ms[level + 1] = nq_descend(ms[level], bit, 1, false, n, full);
                rf[level + 1] = line_free(ms[level + 1], knight, level + 1, pos, n, full);
            }
            level++;
            start = 0;
        } else {
            res.tests += n - start;
            if (level == 0)
                return res;
            level--;
            res.removed++;
            start = (int)pos[level] + 1;
        }
    }
}

static const char FIRST_DOC[] =
    "first_solution_steps(n, knight, pos) -> (tests, placed, removed, found)\n\n"
    "Run proba to its first solution; pos (int64, n elements) receives the position at\n"
    "each level when one is found.";

static PyObject *py_first_solution_steps(PyObject *self, PyObject *args, PyObject *kwargs) {
    (void)self;
    static char *keywords[] = {"n", "knight", "pos", NULL};
    Py_ssize_t n;
    int knight;
    PyObject *o_pos;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "npO:first_solution_steps", keywords, &n, &knight, &o_pos))
        return NULL;
    if (check_n(n) < 0)
        return NULL;
    shell_views views = {.count = 0};
    Py_buffer *v = shell_views_get(&views, o_pos, 'q', 8, n, true, "pos");
    if (!v)
        return NULL;
    int64_t local[NQ_ST_MAX_N + 1];
    memcpy(local, v->buf, (size_t)n * sizeof(int64_t));
    first_result r;
    Py_BEGIN_ALLOW_THREADS
    r = first_core((int)n, knight, local);
    Py_END_ALLOW_THREADS
    memcpy(v->buf, local, (size_t)n * sizeof(int64_t));
    shell_views_release(&views);
    return Py_BuildValue("(LLLN)", (long long)r.tests, (long long)r.placed,
                         (long long)r.removed, PyBool_FromLong(r.found));
}

/* ---- tree profile ----------------------------------------------------------------- */

static inline void profile_core(int n, bool knight, int first, int64_t *nodes) {
    const uint64_t full = nq_full(n);
    /* the masks of each level in arrays of their own (not an array of nq_masks): the
     * compiler keeps each in a general register instead of packing them into vectors */
    uint64_t cols[NQ_ST_MAX_N + 1], d1[NQ_ST_MAX_N + 1], d2[NQ_ST_MAX_N + 1];
    uint64_t freem[NQ_ST_MAX_N + 1];
    uint64_t bits[NQ_ST_MAX_N + 1];
    uint64_t bit0 = (uint64_t)1 << first;
    nodes[1] += 1;
    if (n == 1)
        return;
    bits[0] = bit0;
    nq_masks m1 = nq_descend((nq_masks){0, 0, 0}, bit0, 1, false, n, full);
    cols[1] = m1.cols;
    d1[1] = m1.d1;
    d2[1] = m1.d2;
    uint64_t f = nq_free(m1, full);
    if (knight)
        f &= ~nq_knight(bit0, 0, false, n, full);
    nodes[2] += nq_popcount(f);
    if (n == 2)
        return;
    freem[1] = f;
    const int inner = n - 2; /* the last level whose children are inner nodes or leaves */
    int64_t last = 0;        /* nodes of level n, added at the end */
    int d = 1;
    while (d >= 1) {
        f = freem[d];
        const nq_masks m = {cols[d], d1[d], d2[d]};
        if (d == inner) {
            /* the children are leaves: count them for every queen of this row at once */
            while (f) {
                uint64_t bit = nq_lowest(f);
                f ^= bit;
                uint64_t nf = nq_free(nq_descend(m, bit, 1, false, n, full), full);
                if (knight)
                    nf &= ~nq_knight(bit, bits[d - 1], false, n, full);
                last += nq_popcount(nf);
            }
            d--;
            continue;
        }
        if (!f) {
            d--;
            continue;
        }
        uint64_t bit = nq_lowest(f);
        freem[d] = f ^ bit;
        nq_masks next = nq_descend(m, bit, 1, false, n, full);
        uint64_t nf = nq_free(next, full);
        if (knight)
            nf &= ~nq_knight(bit, bits[d - 1], false, n, full);
        nodes[d + 2] += nq_popcount(nf);
        bits[d] = bit;
        d++;
        cols[d] = next.cols;
        d1[d] = next.d1;
        d2[d] = next.d2;
        freem[d] = nf;
    }
    nodes[n] += last;
}

static const char PROFILE_DOC[] =
    "tree_profile(n, knight, first, nodes) -> None\n\n"
    "Add to nodes[k] (int64, n + 1 elements) the number of search-tree nodes at level k\n"
    "below the first queen at position first.";

static PyObject *py_tree_profile(PyObject *self, PyObject *args, PyObject *kwargs) {
    (void)self;
    static char *keywords[] = {"n", "knight", "first", "nodes", NULL};
    Py_ssize_t n, first;
    int knight;
    PyObject *o_nodes;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "npnO:tree_profile", keywords, &n, &knight, &first, &o_nodes))
        return NULL;
    if (check_n(n) < 0)
        return NULL;
    if (first < 0 || first >= n)
        return PyErr_Format(PyExc_ValueError, "first must be between 0 and %zd, not %zd", n - 1,
                            first);
    shell_views views = {.count = 0};
    Py_buffer *v = shell_views_get(&views, o_nodes, 'q', 8, n + 1, true, "nodes");
    if (!v)
        return NULL;
    int64_t local[NQ_ST_MAX_N + 2];
    memcpy(local, v->buf, (size_t)(n + 1) * sizeof(int64_t));
    Py_BEGIN_ALLOW_THREADS
    if (knight)
        profile_core((int)n, true, (int)first, local);
    else
        profile_core((int)n, false, (int)first, local);
    Py_END_ALLOW_THREADS
    memcpy(v->buf, local, (size_t)(n + 1) * sizeof(int64_t));
    shell_views_release(&views);
    Py_RETURN_NONE;
}

/* ---- compact trace ---------------------------------------------------------------- */

/* The trace bytes of proba into out[0..size); their number, or -1 when out is too small. */
static Py_ssize_t trace_core(int n, bool knight, bool first_only, uint8_t *out,
                             Py_ssize_t size) {
    const uint64_t full = nq_full(n);
    nq_masks ms[NQ_ST_MAX_N + 1];
    uint64_t rf[NQ_ST_MAX_N + 1];
    int64_t pos[NQ_ST_MAX_N + 1];
    Py_ssize_t k = 0;
    int level = 0, start = 0;
    ms[0] = (nq_masks){0, 0, 0};
    rf[0] = line_free(ms[0], knight, 0, pos, n, full);
    for (;;) {
        /* the scan of line `level` from position `start` */
        uint64_t avail = rf[level] & from(start, full);
        int stop = avail ? nq_index(nq_lowest(avail)) : n; /* first free position, or n */
        Py_ssize_t refused = stop - start;
        if (k + refused + (avail ? 1 : 0) > size)
            return -1;
        if (refused > 0) {
            memset(out + k, TEST_NEXT_REFUSED, (size_t)refused);
            if (start == 0)
                out[k] = TEST_NEWLINE_REFUSED;
            k += refused;
        }
        if (avail) {
            out[k++] = (stop == 0 && start == 0) ? TEST_NEWLINE_FREE : TEST_NEXT_FREE;
            if (k + 3 > size)
                return -1;
            out[k++] = PLACE_HERE;
            pos[level] = stop;
            if (level < n - 1) {
                ms[level + 1] = nq_descend(ms[level], (uint64_t)1 << stop, 1, false, n, full);
                rf[level + 1] = line_free(ms[level + 1], knight, level + 1, pos, n, full);
                level++;
                start = 0;
                continue;
            }
            out[k++] = SOLUTION;
            if (first_only) {
                out[k] = DONE;
                return k + 1;
            }
            out[k++] = REMOVE_LAST; /* the last line goes on with its next position */
            start = stop + 1;
            if (start < n)
                continue;
        }
        /* line exhausted: take back the queen of the line before */
        if (level == 0) {
            if (k >= size)
                return -1;
            out[k] = DONE;
            return k + 1;
        }
        level--;
        if (k >= size)
            return -1;
        out[k++] = REMOVE_LAST;
        start = (int)pos[level] + 1;
    }
}

static const char TRACE_DOC[] =
    "proba_trace_bytes(n, knight, first_only, out) -> int\n\n"
    "Write the compact trace of proba (all solutions, or to the first) into out (uint8);\n"
    "return the number of bytes written, or -1 when out is too small.";

static PyObject *py_proba_trace_bytes(PyObject *self, PyObject *args, PyObject *kwargs) {
    (void)self;
    static char *keywords[] = {"n", "knight", "first_only", "out", NULL};
    Py_ssize_t n;
    int knight, first_only;
    PyObject *o_out;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "nppO:proba_trace_bytes", keywords, &n, &knight, &first_only, &o_out))
        return NULL;
    if (check_n(n) < 0)
        return NULL;
    shell_views views = {.count = 0};
    Py_buffer *v = shell_views_get(&views, o_out, 'B', 1, -1, true, "out");
    if (!v)
        return NULL;
    Py_ssize_t k;
    Py_BEGIN_ALLOW_THREADS
    k = trace_core((int)n, knight, first_only, v->buf, v->len);
    Py_END_ALLOW_THREADS
    shell_views_release(&views);
    return PyLong_FromSsize_t(k);
}

static PyMethodDef METHODS[] = {
    {"first_solution_steps", (PyCFunction)(void (*)(void))py_first_solution_steps, METH_VARARGS | METH_KEYWORDS,
     FIRST_DOC},
    {"tree_profile", (PyCFunction)(void (*)(void))py_tree_profile, METH_VARARGS | METH_KEYWORDS,
     PROFILE_DOC},
    {"proba_trace_bytes", (PyCFunction)(void (*)(void))py_proba_trace_bytes, METH_VARARGS | METH_KEYWORDS,
     TRACE_DOC},
    {NULL, NULL, 0, NULL},
};

SHELL_MODULE(steps, "nqueens._core.steps", MODULE_DOC, METHODS)
