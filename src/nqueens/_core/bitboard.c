/* Bitboard searches for boards of up to 63 columns: the lexicographic enumeration in
 * batches, the symmetry tests, the count of a subtree and Knuth's random-probe estimate.
 *
 * Row r of the board is a 64-bit mask whose bit c stands for column c.  The searches go
 * row by row and try columns from the lowest bit upward, so solutions come out in
 * lexicographic order of their column tuples.  Each row may be restricted by an
 * `allowed` mask; the superqueen's knight move and the torus are flags.  On the torus
 * every line wraps: the diagonals, and the knight's move in columns and, between the
 * last two rows and the first two, in rows (nq_wrap_knight).
 */
/* gcc's straight-line vectoriser packs the three masks of a level into vector
 * registers, which costs this branchy search about 15 %; keep them in general ones. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("no-tree-slp-vectorize")
#endif
#include "shell_py.h"
#include "nq_board.h"
#include "nq_rng.h"

#define NQ_BB_MAX_N 63

static const char MODULE_DOC[] =
    "Bitboard searches of the native core (boards of up to 63 columns).\n\n"
    "enumerate_batch writes solutions in lexicographic order in batches and resumes from\n"
    "a caller-kept state; count_subtree counts completions below pre-placed rows, with\n"
    "the solutions a half or a quarter turn leaves unchanged; is_canonical tests a\n"
    "placement against its 8 symmetry images; estimate_solutions is Knuth's estimate.";

static int check_n(Py_ssize_t n) {
    if (n < 1 || n > NQ_BB_MAX_N) {
        PyErr_Format(PyExc_ValueError, "n must be between 1 and %d, not %zd", NQ_BB_MAX_N, n);
        return -1;
    }
    return 0;
}

/* ---- symmetry ------------------------------------------------------------------ */

/* Whether image k (1..7) of the placement is lexicographically smaller than it. */
static bool less_image(const int64_t *pos, int n, int k, int64_t *img) {
    int64_t m = n - 1;
    for (int r = 0; r < n; r++) {
        int64_t c = pos[r];
        switch (k) {
        case 1: img[c] = m - r; break;
        case 2: img[m - r] = m - c; break;
        case 3: img[m - c] = r; break;
        case 4: img[r] = m - c; break;
        case 5: img[m - r] = c; break;
        case 6: img[c] = r; break;
        default: img[m - c] = m - r; break;
        }
    }
    for (int r = 0; r < n; r++)
        if (img[r] != pos[r])
            return img[r] < pos[r];
    return false;
}

static bool canonical(const int64_t *pos, int n) {
    int64_t img[NQ_BB_MAX_N + 1];
    for (int k = 1; k < 8; k++)
        if (less_image(pos, n, k, img))
            return false;
    return true;
}

/* ---- the row step --------------------------------------------------------------- */

/* The squares of row t free of the masks m, the allowed ones, and (superqueen) of a
 * knight's move from the queens p1 and p2 of the two rows above and, on the torus,
 * across the bottom edge from the queens row0 and row1 of the first two rows. */
static inline uint64_t row_free(nq_masks m, uint64_t allowed, bool knight, bool torus, int n,
                                uint64_t full, int t, uint64_t p1, uint64_t p2, uint64_t row0,
                                uint64_t row1) {
    uint64_t f = nq_free(m, allowed & full);
    if (knight) {
        f &= ~nq_knight(p1, p2, torus, n, full);
        if (torus)
            f &= ~nq_wrap_knight(t, row0, row1, n, full);
    }
    return f;
}

/* ---- enumeration ---------------------------------------------------------------- */

typedef struct {
    int n;
    bool knight, torus, unique;
    const uint64_t *allowed;
    uint64_t *free, *bits, *cm, *dm1, *dm2;
    int64_t *state;
    int64_t *out;
    Py_ssize_t max_out;
} enum_args;

static inline Py_ssize_t enumerate_core(const enum_args *a, bool knight, bool torus) {
    const int n = a->n;
    const uint64_t full = nq_full(n);
    /* the state in local arrays, which the compiler knows no store can alias */
    int64_t pos[NQ_BB_MAX_N + 1];
    uint64_t freem[NQ_BB_MAX_N + 1], bits[NQ_BB_MAX_N + 1];
    nq_masks ms[NQ_BB_MAX_N + 1];
    int64_t d = a->state[0];
    for (int r = 0; r < n; r++) {
        bits[r] = a->bits[r];
        pos[r] = bits[r] ? nq_index(bits[r]) : 0;
    }
    for (int64_t r = 0; r <= d; r++) {
        freem[r] = a->free[r];
        ms[r] = (nq_masks){a->cm[r], a->dm1[r], a->dm2[r]};
    }
    Py_ssize_t k = 0;
    int64_t *out = a->out;
    int64_t reached = d; /* levels 0..reached are written back */
    while (d >= 0) {
        uint64_t f = freem[d];
        if (!f) {
            d--;
            continue;
        }
        uint64_t bit = nq_lowest(f);
        freem[d] = f ^ bit;
        bits[d] = bit;
        pos[d] = nq_index(bit);
        if (d == n - 1) {
            if (a->unique && !canonical(pos, n))
                continue;
            memcpy(out + k * n, pos, (size_t)n * sizeof(int64_t));
            if (++k == a->max_out)
                break;
            continue;
        }
        nq_masks next = nq_descend(ms[d], bit, 1, torus, n, full);
        uint64_t nf = row_free(next, a->allowed[d + 1], knight, torus, n, full, (int)d + 1, bit,
                               d >= 1 ? bits[d - 1] : 0, bits[0], n > 1 ? bits[1] : 0);
        d++;
        if (d > reached)
            reached = d;
        ms[d] = next;
        freem[d] = nf;
    }
    a->state[0] = d; /* -1 when exhausted */
    for (int r = 0; r < n; r++)
        a->bits[r] = bits[r];
    for (int64_t r = 0; r <= reached && r < n; r++) {
        a->free[r] = freem[r];
        a->cm[r] = ms[r].cols;
        a->dm1[r] = ms[r].d1;
        a->dm2[r] = ms[r].d2;
    }
    return k;
}

static Py_ssize_t enumerate_run(const enum_args *a) {
    if (a->knight)
        return a->torus ? enumerate_core(a, true, true) : enumerate_core(a, true, false);
    return a->torus ? enumerate_core(a, false, true) : enumerate_core(a, false, false);
}

static const char ENUMERATE_DOC[] =
    "enumerate_batch(n, allowed, knight, torus, unique, free, bits, cm, dm1, dm2, state, out)"
    " -> int\n\n"
    "Write up to len(out) further solutions into out (int64, shape (rows, n)), resuming\n"
    "from the search state (uint64 arrays free, bits, cm, dm1, dm2 of at least n elements,\n"
    "state: int64 [depth]; depth -1 when exhausted).  Return how many were written.";

static PyObject *py_enumerate_batch(PyObject *self, PyObject *args, PyObject *kwargs) {
    (void)self;
    static char *keywords[] = {"n", "allowed", "knight", "torus", "unique", "free", "bits",
                               "cm", "dm1", "dm2", "state", "out", NULL};
    Py_ssize_t n;
    int knight, torus, unique;
    PyObject *o_allowed, *o_free, *o_bits, *o_cm, *o_dm1, *o_dm2, *o_state, *o_out;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "nOpppOOOOOOO:enumerate_batch", keywords,
                                     &n, &o_allowed, &knight, &torus, &unique, &o_free,
                                     &o_bits, &o_cm, &o_dm1, &o_dm2, &o_state, &o_out))
        return NULL;
    if (check_n(n) < 0)
        return NULL;
    shell_views views = {.count = 0};
    PyObject *result = NULL;
    Py_buffer *allowed = shell_views_get(&views, o_allowed, 'Q', 8, n, false, "allowed");
    Py_buffer *free_v = allowed ? shell_views_get(&views, o_free, 'Q', 8, n, true, "free") : NULL;
    Py_buffer *bits = free_v ? shell_views_get(&views, o_bits, 'Q', 8, n, true, "bits") : NULL;
    Py_buffer *cm = bits ? shell_views_get(&views, o_cm, 'Q', 8, n, true, "cm") : NULL;
    Py_buffer *dm1 = cm ? shell_views_get(&views, o_dm1, 'Q', 8, n, true, "dm1") : NULL;
    Py_buffer *dm2 = dm1 ? shell_views_get(&views, o_dm2, 'Q', 8, n, true, "dm2") : NULL;
    Py_buffer *state = dm2 ? shell_views_get(&views, o_state, 'q', 8, 1, true, "state") : NULL;
    Py_buffer *out = state ? shell_views_get(&views, o_out, 'q', 8, -1, true, "out") : NULL;
    if (!out)
        goto done;
    if (out->ndim != 2 || out->shape[1] != n) {
        PyErr_Format(PyExc_ValueError, "out must have shape (rows, %zd)", n);
        goto done;
    }
    enum_args a = {
        .n = (int)n, .knight = knight, .torus = torus, .unique = unique,
        .allowed = allowed->buf, .free = free_v->buf, .bits = bits->buf, .cm = cm->buf,
        .dm1 = dm1->buf, .dm2 = dm2->buf, .state = state->buf, .out = out->buf,
        .max_out = out->shape[0],
    };
    int64_t d0 = a.state[0];
    if (d0 < -1 || d0 >= n) {
        PyErr_Format(PyExc_ValueError, "state[0] must be a depth between -1 and %zd, not %lld",
                     n - 1, (long long)d0);
        goto done;
    }
    const uint64_t full = nq_full((int)n);
    for (Py_ssize_t r = 0; r < n; r++) {
        if (a.bits[r] & ~full) {
            PyErr_Format(PyExc_ValueError, "bits[%zd] holds a column outside the board", r);
            goto done;
        }
    }
    if (a.max_out == 0 || d0 < 0) {
        result = PyLong_FromLong(0);
        goto done;
    }
    for (int64_t r = 0; r <= d0; r++)
        a.free[r] &= full;
    Py_ssize_t k;
    Py_BEGIN_ALLOW_THREADS
    k = enumerate_run(&a);
    Py_END_ALLOW_THREADS
    result = PyLong_FromSsize_t(k);
done:
    shell_views_release(&views);
    return result;
}

/* ---- counting a subtree --------------------------------------------------------- */

typedef struct {
    uint64_t total, f180, f90;
} counts;

/* Count completions of rows d0..n-1 with the stack already set at level d0. */
static inline counts count_core(int n, const uint64_t *allowed, bool knight, bool torus,
                                bool sym, int d0, nq_masks start, uint64_t *bits,
                                int64_t *pos) {
    const uint64_t full = nq_full(n);
    nq_masks ms[NQ_BB_MAX_N + 1];
    uint64_t freem[NQ_BB_MAX_N + 1];
    counts c = {0, 0, 0};
    const int last = n - 1;
    int d = d0;
    ms[d] = start;
    freem[d] = row_free(start, allowed[d], knight, torus, n, full, d, d >= 1 ? bits[d - 1] : 0,
                        d >= 2 ? bits[d - 2] : 0, bits[0], n > 1 ? bits[1] : 0);
    while (d >= d0) {
        uint64_t f = freem[d];
        if (!f) {
            d--;
            continue;
        }
        uint64_t bit = nq_lowest(f);
        freem[d] = f ^ bit;
        if (d == last) {
            c.total++;
            if (sym) {
                pos[d] = nq_index(bit);
                if (nq_is_symmetric(pos, n, false)) {
                    c.f180++;
                    if (nq_is_symmetric(pos, n, true))
                        c.f90++;
                }
            }
            continue;
        }
        bits[d] = bit;
        if (sym)
            pos[d] = nq_index(bit);
        nq_masks next = nq_descend(ms[d], bit, 1, torus, n, full);
        uint64_t nf = row_free(next, allowed[d + 1], knight, torus, n, full, d + 1, bit,
                               d >= 1 ? bits[d - 1] : 0, bits[0], n > 1 ? bits[1] : 0);
        d++;
        ms[d] = next;
        freem[d] = nf;
    }
    return c;
}

static counts count_run(int n, const uint64_t *allowed, bool knight, bool torus, bool sym,
                        int d0, nq_masks start, uint64_t *bits, int64_t *pos) {
    /* the flags as constants, so that each case is compiled without its tests */
    if (!knight && !torus)
        return sym ? count_core(n, allowed, false, false, true, d0, start, bits, pos)
                   : count_core(n, allowed, false, false, false, d0, start, bits, pos);
    if (knight && !torus)
        return count_core(n, allowed, true, false, sym, d0, start, bits, pos);
    if (!knight)
        return count_core(n, allowed, false, true, sym, d0, start, bits, pos);
    return count_core(n, allowed, true, true, sym, d0, start, bits, pos);
}

static const char COUNT_DOC[] =
    "count_subtree(n, allowed, knight, torus, start_row, start_bits, with_symmetry)"
    " -> (total, fixed180, fixed90)\n\n"
    "Count completions of rows start_row..n-1 below the queens start_bits[:start_row]\n"
    "(uint64 one-bit masks); with_symmetry also counts those a half turn and a quarter\n"
    "turn leave unchanged.";

static PyObject *py_count_subtree(PyObject *self, PyObject *args, PyObject *kwargs) {
    (void)self;
    static char *keywords[] = {"n", "allowed", "knight", "torus", "start_row", "start_bits",
                               "with_symmetry", NULL};
    Py_ssize_t n, start_row;
    int knight, torus, sym;
    PyObject *o_allowed, *o_start;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "nOppnOp:count_subtree", keywords, &n,
                                     &o_allowed, &knight, &torus, &start_row, &o_start, &sym))
        return NULL;
    if (check_n(n) < 0)
        return NULL;
    if (start_row < 0 || start_row > n) {
        PyErr_Format(PyExc_ValueError, "start_row must be between 0 and %zd, not %zd", n,
                     start_row);
        return NULL;
    }
    shell_views views = {.count = 0};
    Py_buffer *va = shell_views_get(&views, o_allowed, 'Q', 8, n, false, "allowed");
    Py_buffer *vs = va ? shell_views_get(&views, o_start, 'Q', 8, start_row, false,
                                         "start_bits") : NULL;
    if (!vs) {
        shell_views_release(&views);
        return NULL;
    }
    const uint64_t *allowed = va->buf, *start_bits = vs->buf;
    const uint64_t full = nq_full((int)n);
    uint64_t bits[NQ_BB_MAX_N + 1] = {0};
    int64_t pos[NQ_BB_MAX_N + 1] = {0};
    PyObject *result = NULL;
    nq_masks m = {0, 0, 0};
    for (Py_ssize_t r = 0; r < start_row; r++) {
        uint64_t bit = start_bits[r];
        if (nq_popcount(bit) != 1 || (bit & ~full)) {
            PyErr_Format(PyExc_ValueError, "start_bits[%zd] must be one column of the board", r);
            goto done;
        }
        if (!(row_free(m, allowed[r], knight, torus, (int)n, full, (int)r,
                       r >= 1 ? bits[r - 1] : 0, r >= 2 ? bits[r - 2] : 0, bits[0],
                       n > 1 ? bits[1] : 0) & bit)) {
            result = Py_BuildValue("(iii)", 0, 0, 0);
            goto done;
        }
        bits[r] = bit;
        pos[r] = nq_index(bit);
        m = nq_descend(m, bit, 1, torus, (int)n, full);
    }
    if (start_row == n) {
        int f180 = sym && nq_is_symmetric(pos, (int)n, false);
        int f90 = sym && nq_is_symmetric(pos, (int)n, true);
        result = Py_BuildValue("(iii)", 1, f180, f90);
        goto done;
    }
    counts c;
    Py_BEGIN_ALLOW_THREADS
    c = count_run((int)n, allowed, knight, torus, sym, (int)start_row, m, bits, pos);
    Py_END_ALLOW_THREADS
    result = Py_BuildValue("(KKK)", (unsigned long long)c.total, (unsigned long long)c.f180,
                           (unsigned long long)c.f90);
done:
    shell_views_release(&views);
    return result;
}

/* ---- is_canonical --------------------------------------------------------------- */

static const char CANONICAL_DOC[] =
    "is_canonical(pos, n) -> bool\n\n"
    "True when no symmetry image of the placement (int64 columns, one per row) is\n"
    "lexicographically smaller.";

static PyObject *py_is_canonical(PyObject *self, PyObject *args, PyObject *kwargs) {
    (void)self;
    static char *keywords[] = {"pos", "n", NULL};
    PyObject *o_pos;
    Py_ssize_t n;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "On:is_canonical", keywords, &o_pos, &n))
        return NULL;
    if (check_n(n) < 0)
        return NULL;
    shell_views views = {.count = 0};
    Py_buffer *v = shell_views_get(&views, o_pos, 'q', 8, n, false, "pos");
    PyObject *result = NULL;
    if (!v)
        goto done;
    const int64_t *pos = v->buf;
    for (Py_ssize_t r = 0; r < n; r++) {
        if (pos[r] < 0 || pos[r] >= n) {
            PyErr_Format(PyExc_ValueError, "pos[%zd] = %lld is not a column of the board", r,
                         (long long)pos[r]);
            goto done;
        }
    }
    result = PyBool_FromLong(canonical(pos, (int)n));
done:
    shell_views_release(&views);
    return result;
}

/* ---- Knuth's estimate ----------------------------------------------------------- */

/* A uniform integer in [0, k) (k >= 1), without modulo bias. */
static inline uint64_t below(uint64_t *s, uint64_t k) {
    uint64_t limit = -k % k; /* 2^64 mod k */
    for (;;) {
        uint64_t x = nq_splitmix64(s);
        unsigned __int128 p = (unsigned __int128)x * k;
        if ((uint64_t)p >= limit)
            return (uint64_t)(p >> 64);
    }
}

static double estimate_core(int n, const uint64_t *allowed, bool knight, bool torus,
                            int64_t probes, uint64_t seed) {
    const uint64_t full = nq_full(n);
    uint64_t state = seed;
    double total = 0.0;
    for (int64_t i = 0; i < probes; i++) {
        nq_masks m = {0, 0, 0};
        uint64_t p1 = 0, p2 = 0, row0 = 0, row1 = 0;
        double weight = 1.0;
        for (int r = 0; r < n; r++) {
            uint64_t f = row_free(m, allowed[r], knight, torus, n, full, r, p1, p2, row0, row1);
            int k = nq_popcount(f);
            if (k == 0) {
                weight = 0.0;
                break;
            }
            weight *= k;
            uint64_t pick = below(&state, (uint64_t)k);
            for (uint64_t j = 0; j < pick; j++)
                f &= f - 1;
            uint64_t bit = nq_lowest(f);
            m = nq_descend(m, bit, 1, torus, n, full);
            p2 = p1;
            p1 = bit;
            if (r == 0)
                row0 = bit;
            else if (r == 1)
                row1 = bit;
        }
        total += weight;
    }
    return total / (double)probes;
}

static const char ESTIMATE_DOC[] =
    "estimate_solutions(n, allowed, knight, torus, probes, seed) -> float\n\n"
    "Knuth's unbiased estimate of the number of solutions: the mean over `probes` random\n"
    "root-to-leaf walks (seeded by `seed`) of the product of the branching factors met.";

static PyObject *py_estimate_solutions(PyObject *self, PyObject *args, PyObject *kwargs) {
    (void)self;
    static char *keywords[] = {"n", "allowed", "knight", "torus", "probes", "seed", NULL};
    Py_ssize_t n;
    long long probes;
    unsigned long long seed;
    int knight, torus;
    PyObject *o_allowed;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "nOppLK:estimate_solutions", keywords, &n,
                                     &o_allowed, &knight, &torus, &probes, &seed))
        return NULL;
    if (check_n(n) < 0)
        return NULL;
    if (probes < 1)
        return PyErr_Format(PyExc_ValueError, "probes must be at least 1, not %lld", probes);
    shell_views views = {.count = 0};
    Py_buffer *v = shell_views_get(&views, o_allowed, 'Q', 8, n, false, "allowed");
    if (!v)
        return NULL;
    double est;
    Py_BEGIN_ALLOW_THREADS
    est = estimate_core((int)n, v->buf, knight, torus, probes, seed);
    Py_END_ALLOW_THREADS
    shell_views_release(&views);
    return PyFloat_FromDouble(est);
}

/* ---- module --------------------------------------------------------------------- */

static PyMethodDef METHODS[] = {
    {"enumerate_batch", (PyCFunction)(void (*)(void))py_enumerate_batch,
     METH_VARARGS | METH_KEYWORDS, ENUMERATE_DOC},
    {"count_subtree", (PyCFunction)(void (*)(void))py_count_subtree,
     METH_VARARGS | METH_KEYWORDS, COUNT_DOC},
    {"is_canonical", (PyCFunction)(void (*)(void))py_is_canonical,
     METH_VARARGS | METH_KEYWORDS, CANONICAL_DOC},
    {"estimate_solutions", (PyCFunction)(void (*)(void))py_estimate_solutions,
     METH_VARARGS | METH_KEYWORDS, ESTIMATE_DOC},
    {NULL, NULL, 0, NULL},
};

SHELL_MODULE(bitboard, "nqueens._core.bitboard", MODULE_DOC, METHODS)
