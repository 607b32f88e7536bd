/* Recounting a half-board subproblem by a different method: a plain search.
 *
 * The half-board engine (halves.c) joins north and south halves built from quadrant
 * lists and weighs column sets and quadrant signatures by the symmetries of the
 * square.  To check one of its results without trusting any of that, this module
 * lists the solutions of the subproblem one by one, by a row-by-row search, and weighs
 * each solution from the images of the solution itself under the symmetries: the
 * signature and the column sets of each image are read off the image's own queens, not
 * derived by the formulas the engine uses.
 *
 * Pass x of n (k = n/2 north rows, w = n - k west columns, x a set of east columns
 * relative to column w, never holding column n-1) counts the solutions whose north
 * half uses exactly the east columns x, with these weights:
 *
 *  - even n: a solution is counted when its north column set C is the least of
 *    {C, ~C, mirror C, ~mirror C} (the "visited" sets), and its signature (C, r, u) is
 *    the least among the signatures of its 8 images whose column sets are visited; it
 *    then weighs as many as the distinct signatures of its images (r: the north rows
 *    holding a west queen, u: the south rows holding one, counted from the bottom);
 *  - odd n: the middle row's queen must be in a west column (0..k); a solution s
 *    weighs |H s| / |H s within the domain|, H the mirror, the flip and both: each
 *    orbit of H adds its size over the passes, however they share it.
 *
 * The turn searches (the solutions a half turn leaves unchanged, with row 0's queen in
 * column c) are recounted by a search over an explicit list of queens with pairwise
 * attack tests, not bit masks.
 *
 * The search is far slower than the engine (it visits every solution): it is meant for
 * samples of a count, and for whole counts of small n in the tests.
 */
#include "shell_py.h"
#include "nq_board.h"
#include "nq_pyargs.h"

#include <stdlib.h>
#include <string.h>

#define NQ_RC_MAX_N 32
/* Signatures whose weight is remembered (a direct-mapped cache; a power of two). */
#define NQ_RC_CACHE 65536

static const char MODULE_DOC[] =
    "Recounting half-board subproblems by a plain search (the native core).\n\n"
    "recount_passes(n, xs) lists every solution of the passes xs one by one and weighs it\n"
    "from its own images under the symmetries of the square; recount_turns(n, c) recounts the\n"
    "boards a half turn leaves unchanged with row 0's queen in column c by a search over\n"
    "an explicit list of queens.  Both give what the half-board engine's count_pass and\n"
    "count_turns give, by another method.";

typedef struct {
    int n, k, w;
    uint64_t full, north_cols; /* the columns the north rows may use (not n-1) */
    const uint8_t *wanted;     /* per east set x: whether its pass is recounted */
    const uint8_t *reach;      /* per east set e: whether a wanted x holds all of e */
    int64_t *slot;             /* per east set x: its place in the results, or -1 */
    uint64_t *total4;          /* per wanted pass: four times the weighted total */
    uint64_t *solutions;       /* per wanted pass: the solutions that carried a weight */
    int64_t at;                /* the place of the pass being searched (from row k on) */
    uint64_t pmask, prefix;    /* only north halves whose columns & pmask are prefix */
    uint64_t base;             /* the key of the north half (and middle queen) searched */
    int pos[NQ_RC_MAX_N];
    uint64_t *cache_key, *cache_weight;
} pass_search;

/* ---- the images of a solution ----------------------------------------------------- */

/* img[0..7]: the solution, its mirror, flip, both, and those of its transpose. */
static void images(const int *pos, int n, int img[8][NQ_RC_MAX_N]) {
    for (int r = 0; r < n; r++) {
        img[0][r] = pos[r];
        img[4][pos[r]] = r; /* the transpose: the column of row r becomes a row */
    }
    for (int t = 0; t < 8; t += 4)
        for (int r = 0; r < n; r++) {
            img[t + 1][r] = n - 1 - img[t][r];
            img[t + 2][r] = img[t][n - 1 - r];
            img[t + 3][r] = n - 1 - img[t][n - 1 - r];
        }
}

static uint64_t north_columns(const int *q, int k) {
    uint64_t c = 0;
    for (int r = 0; r < k; r++)
        c |= (uint64_t)1 << q[r];
    return c;
}

static uint64_t reverse_bits(uint64_t c, int n) {
    uint64_t m = 0;
    for (int i = 0; i < n; i++)
        if (c >> i & 1u)
            m |= (uint64_t)1 << (n - 1 - i);
    return m;
}

/* Whether the pass search visits a north column set: the least of its orbit under the
 * mirror and the complement. */
static bool visited(uint64_t c, int n) {
    const uint64_t full = nq_full(n), m = reverse_bits(c, n);
    return c <= (full & ~c) && c <= m && c <= (full & ~m);
}

/* Even n: the signature (C, r, u) of a solution as one number. */
static uint64_t signature(const int *q, int n) {
    const int k = n / 2;
    uint64_t rows = 0, south = 0;
    for (int i = 0; i < k; i++) {
        rows |= (uint64_t)(q[i] < k) << i;
        south |= (uint64_t)(q[n - 1 - i] < k) << i;
    }
    return (((north_columns(q, k) << k) | rows) << k) | south;
}

static uint64_t even_weight(const int *pos, int n) {
    int img[8][NQ_RC_MAX_N];
    images(pos, n, img);
    const int k = n / 2;
    uint64_t key[8];
    for (int i = 0; i < 8; i++) {
        key[i] = signature(img[i], n);
        if (i && key[i] < key[0] && visited(north_columns(img[i], k), n))
            return 0;
    }
    uint64_t distinct = 0;
    for (int i = 0; i < 8; i++) {
        bool seen = false;
        for (int j = 0; j < i; j++)
            seen |= key[j] == key[i];
        distinct += !seen;
    }
    return distinct;
}

/* Odd n: whether a solution lies in the passes' domain (north east columns without
 * column n-1, the middle queen in a west column). */
static bool odd_domain(const int *q, int n) {
    const int k = n / 2;
    return !(north_columns(q, k) >> (n - 1) & 1u) && q[k] <= k;
}

static uint64_t odd_weight4(const int *pos, int n) {
    int img[8][NQ_RC_MAX_N];
    images(pos, n, img);
    uint64_t orbit = 0, inside = 0;
    for (int i = 0; i < 4; i++) {
        bool seen = false;
        for (int j = 0; j < i && !seen; j++)
            seen = memcmp(img[i], img[j], (size_t)n * sizeof(int)) == 0;
        if (seen)
            continue;
        orbit++;
        inside += odd_domain(img[i], n);
    }
    return inside ? 4 * orbit / inside : 0;
}

/* ---- the plain search of a pass --------------------------------------------------- */

/* The weight of a solution by its key, from a small cache: computed from the
 * solution's images the first time a key is met (two solutions with one key weigh
 * alike: even n, the key is the signature; odd n, the north columns and the middle
 * column, for a solution no half turn leaves unchanged). */
static uint64_t cached(pass_search *s, uint64_t key, uint64_t (*weigh)(const int *, int)) {
    const size_t slot = (size_t)((key * 0x9e3779b97f4a7c15u) >> 48) & (NQ_RC_CACHE - 1);
    if (s->cache_key[slot] == key + 1)
        return s->cache_weight[slot];
    const uint64_t weight = weigh(s->pos, s->n);
    s->cache_key[slot] = key + 1;
    s->cache_weight[slot] = weight;
    return weight;
}

static bool half_turn_fixed(const int *pos, int n) {
    for (int r = 0; r < n / 2; r++)
        if (pos[r] + pos[n - 1 - r] != n - 1)
            return false;
    return true;
}

static uint64_t even_weight4(const int *pos, int n) { return 4 * even_weight(pos, n); }

/* The south rows r..n-1 below a north half (and, odd n, a middle queen); `south` holds
 * the south rows with a west queen so far, counted from the bottom (even n). */
static void search_south(pass_search *s, int r, nq_masks m, uint64_t south) {
    const int n = s->n;
    uint64_t free = nq_free(m, s->full);
    if (r == n - 1) {
        if (!free)
            return;
        const int c = nq_index(free);
        s->pos[r] = c;
        uint64_t w4;
        if (n % 2 == 0)
            w4 = cached(s, s->base | south | (uint64_t)(c < s->k), even_weight4);
        else if (half_turn_fixed(s->pos, n))
            w4 = odd_weight4(s->pos, n);
        else
            w4 = cached(s, s->base, odd_weight4);
        s->total4[s->at] += w4;
        s->solutions[s->at] += w4 != 0;
        return;
    }
    while (free) {
        const uint64_t bit = nq_lowest(free);
        free ^= bit;
        const int c = nq_index(bit);
        s->pos[r] = c;
        search_south(s, r + 1, nq_descend(m, bit, 1, false, n, s->full),
                     south | (uint64_t)(c < s->k) << (n - 1 - r));
    }
}

/* The north rows r..k-1, then the south (and middle) rows of the wanted passes. */
static void search(pass_search *s, int r, nq_masks m, uint64_t rows) {
    const int n = s->n, k = s->k;
    if (m.cols & s->pmask & ~s->prefix) /* a column outside the part's prefix */
        return;
    if (r == k) {
        const uint64_t x = m.cols >> s->w;
        if (!s->wanted[x] || (n % 2 == 0 && !visited(m.cols, n)) ||
            (m.cols & s->pmask) != s->prefix)
            return;
        s->at = s->slot[x];
        if (n % 2 == 0) {
            s->base = ((m.cols << k) | rows) << k;
            search_south(s, k, m, 0);
            return;
        }
        uint64_t free = nq_free(m, nq_full(s->w)); /* the middle queen: a west column */
        while (free) {
            const uint64_t bit = nq_lowest(free);
            free ^= bit;
            s->pos[k] = nq_index(bit);
            s->base = (m.cols << 6) | (uint64_t)s->pos[k];
            search_south(s, k + 1, nq_descend(m, bit, 1, false, n, s->full), 0);
        }
        return;
    }
    if (!s->reach[m.cols >> s->w])
        return;
    uint64_t free = nq_free(m, s->north_cols);
    while (free) {
        const uint64_t bit = nq_lowest(free);
        free ^= bit;
        const int c = nq_index(bit);
        s->pos[r] = c;
        search(s, r + 1, nq_descend(m, bit, 1, false, n, s->full),
               rows | (uint64_t)(c < k) << r);
    }
}

/* Recount the passes xs[0..count) of n, only the solutions with row 0's queen in column
 * `first` when first >= 0: totals[i] and solutions[i] for xs[i].  Returns -1 when memory
 * runs out, -2 when an odd pass's weights do not make whole solutions. */
static int recount_passes(int n, const uint64_t *xs, int64_t count, int first, int L,
                          uint64_t prefix, uint64_t *totals, uint64_t *solutions) {
    pass_search s;
    memset(&s, 0, sizeof(s));
    s.pmask = nq_full(L);
    s.prefix = prefix;
    s.n = n;
    s.k = n / 2;
    s.w = n - s.k;
    s.full = nq_full(n);
    s.north_cols = nq_full(n - 1);
    const size_t sets = (size_t)1 << s.k;
    uint8_t *wanted = calloc(sets, 1), *reach = calloc(sets, 1);
    s.slot = malloc(sets * sizeof(int64_t));
    s.total4 = calloc((size_t)count + 1, sizeof(uint64_t));
    s.cache_key = calloc(NQ_RC_CACHE, sizeof(uint64_t));
    s.cache_weight = calloc(NQ_RC_CACHE, sizeof(uint64_t));
    s.solutions = solutions;
    int rc = wanted && reach && s.slot && s.total4 && s.cache_key && s.cache_weight ? 0 : -1;
    if (rc == 0) {
        for (size_t e = 0; e < sets; e++)
            s.slot[e] = -1;
        for (int64_t i = 0; i < count; i++) {
            wanted[xs[i]] = reach[xs[i]] = 1;
            s.slot[xs[i]] = i;
            solutions[i] = 0;
        }
        for (int b = 0; b < s.k; b++) /* reach: some wanted set holds all of e */
            for (size_t e = 0; e < sets; e++)
                if (!(e >> b & 1u))
                    reach[e] |= reach[e | (size_t)1 << b];
        s.wanted = wanted;
        s.reach = reach;
        const nq_masks start = {0, 0, 0};
        if (first < 0) {
            search(&s, 0, start, 0);
        } else if (first < n - 1) { /* the north never holds column n-1 */
            const uint64_t bit = (uint64_t)1 << first;
            s.pos[0] = first;
            search(&s, 1, nq_descend(start, bit, 1, false, n, s.full), first < s.k);
        }
        for (int64_t i = 0; i < count; i++) {
            if (s.total4[i] % 4)
                rc = -2;
            totals[i] = s.total4[i] / 4;
        }
    }
    free(wanted);
    free(reach);
    free(s.slot);
    free(s.total4);
    free(s.cache_key);
    free(s.cache_weight);
    return rc;
}

/* ---- boards a half turn leaves unchanged ------------------------------------------ */

typedef struct {
    int n, k;
    int row[NQ_RC_MAX_N], col[NQ_RC_MAX_N], placed;
    int pos[NQ_RC_MAX_N];
    int64_t f180, f90, colsum;
} turn_list;

static bool attacks(int r1, int c1, int r2, int c2) {
    const int dr = r1 > r2 ? r1 - r2 : r2 - r1, dc = c1 > c2 ? c1 - c2 : c2 - c1;
    return r1 == r2 || c1 == c2 || dr == dc;
}

static bool safe(const turn_list *t, int r, int c) {
    for (int i = 0; i < t->placed; i++)
        if (attacks(t->row[i], t->col[i], r, c))
            return false;
    return true;
}

static void place(turn_list *t, int r, int c) {
    t->row[t->placed] = r;
    t->col[t->placed] = c;
    t->placed++;
    t->pos[r] = c;
}

static void turn_fill(turn_list *t, int r) {
    const int n = t->n;
    if (r == t->k) {
        bool quarter = true;
        for (int i = 0; i < n; i++)
            quarter &= t->pos[t->pos[i]] == n - 1 - i;
        t->f180++;
        t->f90 += quarter;
        t->colsum += t->pos[n > 1 ? 1 : 0];
        return;
    }
    for (int c = 0; c < n; c++) {
        const int r2 = n - 1 - r, c2 = n - 1 - c;
        if (!safe(t, r, c) || !safe(t, r2, c2) || attacks(r, c, r2, c2))
            continue;
        place(t, r, c);
        place(t, r2, c2);
        turn_fill(t, r + 1);
        t->placed -= 2;
    }
}

static void recount_turns(int n, int c0, turn_list *t) {
    memset(t, 0, sizeof(*t));
    t->n = n;
    t->k = n / 2;
    if (n % 2)
        place(t, n / 2, n / 2);
    const int r2 = n - 1, c2 = n - 1 - c0;
    if (n < 2 || !safe(t, 0, c0) || !safe(t, r2, c2) || attacks(0, c0, r2, c2))
        return;
    place(t, 0, c0);
    place(t, r2, c2);
    turn_fill(t, 1);
}

/* ---- bindings --------------------------------------------------------------------- */

static int check_n(Py_ssize_t n) {
    if (n < 4 || n > NQ_RC_MAX_N) {
        PyErr_Format(PyExc_ValueError, "n must be between 4 and %d, not %zd", NQ_RC_MAX_N, n);
        return -1;
    }
    return 0;
}

static const char RECOUNT_PASSES_DOC[] =
    "recount_passes(n, xs, *, first=None) -> list[tuple[int, int]]\n\n"
    "The passes xs of the half-board count of n (4 <= n <= 32, each 0 <= x <\n"
    "2**(n//2 - 1), no two alike) by one plain search: for each, the weighted total and\n"
    "how many solutions carried a weight.  first: only the solutions with row 0's queen\n"
    "in that column (a part of the search; the parts of every column add up to it).";

static PyObject *py_recount_passes(PyObject *self, PyObject *args, PyObject *kwargs) {
    (void)self;
    static char *keywords[] = {"n", "xs", "first", "prefix_bits", "prefix", NULL};
    Py_ssize_t n, first = -1, L = 0;
    long long prefix = 0;
    PyObject *seq;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "nO|$nnL:recount_passes", keywords, &n, &seq,
                                     &first, &L, &prefix))
        return NULL;
    if (check_n(n) < 0)
        return NULL;
    if (L < 0 || L > n - n / 2 - 1 || prefix < 0 || prefix >= (1LL << L)) {
        PyErr_Format(PyExc_ValueError, "prefix %lld of %zd columns is not a part of a pass of "
                     "n = %zd", prefix, L, n);
        return NULL;
    }
    if (first < -1 || first >= n) {
        PyErr_Format(PyExc_ValueError, "column %zd is not on a board of %zd columns", first, n);
        return NULL;
    }
    PyObject *fast = PySequence_Fast(seq, "xs must be a sequence of passes");
    if (!fast)
        return NULL;
    const Py_ssize_t count = PySequence_Fast_GET_SIZE(fast);
    const unsigned long long passes = (unsigned long long)1 << (n / 2 - 1);
    uint64_t *xs = malloc(((size_t)count + 1) * 3 * sizeof(uint64_t));
    uint8_t *seen = calloc((size_t)passes, 1);
    PyObject *out = NULL;
    if (!xs || !seen) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t i = 0; i < count; i++) {
        const long long x = PyLong_AsLongLong(PySequence_Fast_GET_ITEM(fast, i));
        if (x == -1 && PyErr_Occurred())
            goto done;
        if (x < 0 || (unsigned long long)x >= passes || seen[x]) {
            PyErr_Format(PyExc_ValueError, "pass %lld is not one of the %llu passes of n = %zd%s",
                         x, passes, n, x >= 0 && (unsigned long long)x < passes ? " (twice)" : "");
            goto done;
        }
        seen[x] = 1;
        xs[i] = (uint64_t)x;
    }
    uint64_t *totals = xs + count + 1, *solutions = xs + 2 * (count + 1);
    int rc;
    Py_BEGIN_ALLOW_THREADS
    rc = recount_passes((int)n, xs, (int64_t)count, (int)first, (int)L, (uint64_t)prefix, totals,
                        solutions);
    Py_END_ALLOW_THREADS
    if (rc == -1) {
        PyErr_NoMemory();
        goto done;
    }
    if (rc == -2) {
        PyErr_SetString(PyExc_ArithmeticError,
                        "the weights of an odd pass do not add up to whole solutions");
        goto done;
    }
    out = PyList_New(count);
    for (Py_ssize_t i = 0; out && i < count; i++) {
        PyObject *v = Py_BuildValue("(KK)", (unsigned long long)totals[i],
                                    (unsigned long long)solutions[i]);
        if (!v)
            Py_CLEAR(out);
        else
            PyList_SET_ITEM(out, i, v);
    }
done:
    free(xs);
    free(seen);
    Py_DECREF(fast);
    return out;
}

static const char RECOUNT_TURNS_DOC[] =
    "recount_turns(n, c) -> (int, int, int)\n\n"
    "The solutions of n with row 0's queen in column c that a half turn leaves\n"
    "unchanged, those a quarter turn leaves unchanged too, and the sum of the columns of\n"
    "their queens in row 1, by a search over a list of queens.";

static PyObject *py_recount_turns(PyObject *self, PyObject *args, PyObject *kwargs) {
    (void)self;
    Py_ssize_t n, c;
    if (nq_board_and_column(args, kwargs, "nn:recount_turns", 4, NQ_RC_MAX_N, &n, &c) < 0)
        return NULL;
    turn_list t;
    Py_BEGIN_ALLOW_THREADS
    recount_turns((int)n, (int)c, &t);
    Py_END_ALLOW_THREADS
    return Py_BuildValue("(LLL)", (long long)t.f180, (long long)t.f90, (long long)t.colsum);
}

static PyMethodDef METHODS[] = {
    {"recount_passes", (PyCFunction)(void (*)(void))py_recount_passes,
     METH_VARARGS | METH_KEYWORDS, RECOUNT_PASSES_DOC},
    {"recount_turns", (PyCFunction)(void (*)(void))py_recount_turns,
     METH_VARARGS | METH_KEYWORDS, RECOUNT_TURNS_DOC},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef MODULE = {
    PyModuleDef_HEAD_INIT, "nqueens._core.recount", MODULE_DOC, -1, METHODS,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit_recount(void) { return PyModule_Create(&MODULE); }
