/* Total counts of the plain queen board by joining half-boards (meet in the middle).
 *
 * A board of n rows splits into a north half (rows 0..k-1, k = n/2 rounded down) and a
 * south half (the last k rows); for odd n the middle row k lies between them and holds
 * one queen whose column is chosen explicitly.  Every non-attacking placement of k
 * queens in the first k rows is listed once, with the state the board step leaves for
 * the row below it: the columns taken and the two diagonal masks of the squares they
 * attack there.  Turned upside down, the same list is the list of south placements:
 * their masks are those of the squares attacked in the row above them.
 *
 * The list is grouped by set of columns (a bucket per k-subset of the n columns, by its
 * colex rank).  A north placement and a south one make a solution when their column
 * sets are complementary (in all columns but the middle queen's one) and their
 * diagonal masks, seen in the same row, are disjoint.  Each group pair is counted in
 * bulk: both diagonal masks of a placement are packed in one 64-bit word (one in the low
 * half, the other in the high half) so that one AND tests a pair, and the pairs are
 * counted by splitting both groups on one mask bit at a time (pairs = those whose north
 * word lacks the bit + those whose north word has it and whose south word lacks it),
 * ending in a plain vectorised loop when a side is small.
 *
 * Symmetry: the left-right mirror and the top-bottom flip map a pair of column sets to
 * one with the same number of solutions, so only one set of each orbit is counted and
 * weighted by the orbit's size; for odd n the mirror pairs the middle columns c and
 * n-1-c.
 */
#include "nq_py.h"
#include "nq_board.h"

#include <stdlib.h>

#define NQ_HV_MAX_N 20
/* Below this many entries on one side, pairs are tested one by one. */
#ifndef NQ_HV_BRUTE
#define NQ_HV_BRUTE 256
#endif

static const char MODULE_DOC[] =
    "Total counts of the plain queen board by joining half-boards (the native core).\n\n"
    "count_total(n, max_bytes) counts all solutions; table_bytes(n) is the memory its\n"
    "tables need.";

/* Placements of n/2 (rounded down) non-attacking queens in the first n/2 rows of an
 * n-board, n = 1..20: the length of the half list. */
static const int64_t HALF_COUNT[NQ_HV_MAX_N + 1] = {
    0,         1,         2,          3,          6,         12,         36,
    76,        344,       732,        3916,       8492,      52856,      117694,
    835056,    1897702,   15324708,   35312064,   318853768, 742665978, 14830374964LL};

static int64_t binom[NQ_HV_MAX_N + 1][NQ_HV_MAX_N + 1];

static void init_binom(void) {
    for (int a = 0; a <= NQ_HV_MAX_N; a++) {
        binom[a][0] = 1;
        for (int b = 1; b <= a; b++)
            binom[a][b] = binom[a - 1][b - 1] + (b <= a - 1 ? binom[a - 1][b] : 0);
    }
}

/* The colex rank of a set of columns among the sets of its size: the sum of
 * binom[p][i] over its columns p, the i-th lowest one (from 1) each. */
static uint32_t rank_slow(uint64_t cols) {
    uint32_t r = 0;
    int i = 1;
    while (cols) {
        uint64_t bit = nq_lowest(cols);
        cols ^= bit;
        r += (uint32_t)binom[nq_index(bit)][i];
        i++;
    }
    return r;
}

/* The same sum looked up for the low ten columns and the high ten (whose numbering
 * starts after the low ones'): one look-up each at every leaf of the listing. */
#define NQ_HV_SPLIT 10
static uint32_t rank_low[1 << NQ_HV_SPLIT];
static uint32_t rank_high[NQ_HV_SPLIT + 1][1 << NQ_HV_SPLIT];
_Static_assert(NQ_HV_MAX_N <= 2 * NQ_HV_SPLIT, "the rank tables cover 2 * NQ_HV_SPLIT columns");

static void init_rank(void) {
    for (uint32_t m = 0; m < (1u << NQ_HV_SPLIT); m++) {
        rank_low[m] = rank_slow(m);
        for (int j = 0; j <= NQ_HV_SPLIT; j++) {
            uint32_t r = 0;
            int i = j + 1;
            for (int p = 0; p < NQ_HV_SPLIT; p++)
                if (m >> p & 1u) {
                    r += (uint32_t)binom[NQ_HV_SPLIT + p][i];
                    i++;
                }
            rank_high[j][m] = r;
        }
    }
}

static inline uint32_t rank_of(uint64_t cols) {
    const uint32_t lo = (uint32_t)cols & ((1u << NQ_HV_SPLIT) - 1u);
    const uint32_t hi = (uint32_t)(cols >> NQ_HV_SPLIT);
    return rank_low[lo] + rank_high[nq_popcount(lo)][hi];
}

/* The set of `k` columns of colex rank r among the sets of n columns. */
static uint64_t unrank(uint32_t r, int k, int n) {
    uint64_t cols = 0;
    int pos = n - 1;
    for (int i = k; i >= 1; i--) {
        while (binom[pos][i] > (int64_t)r)
            pos--;
        r -= (uint32_t)binom[pos][i];
        cols |= (uint64_t)1 << pos;
        pos--;
    }
    return cols;
}

static inline uint64_t mirror(uint64_t cols, int n) {
    uint64_t m = 0;
    while (cols) {
        uint64_t bit = nq_lowest(cols);
        cols ^= bit;
        m |= (uint64_t)1 << (n - 1 - nq_index(bit));
    }
    return m;
}

/* ---- the half list ---------------------------------------------------------------- */

typedef struct {
    int n, k;
    uint64_t full;
    int64_t *offset;  /* bucket starts (pass 2: next free slot), nbuckets + 1 entries */
    uint64_t *entry;  /* packed masks d1 | d2 << 32, grouped by bucket */
    bool fill;        /* pass 1 counts the buckets, pass 2 fills them */
    uint64_t order[64]; /* the word bits to split groups on, most often set first */
    int norder;
} half_list;

/* Split on the squares near the middle of the row first: they are the most often
 * attacked, so a split there removes the most pairs. */
static void set_order(half_list *h) {
    const int n = h->n;
    h->norder = 0;
    for (int dist = 0; dist < n; dist++)
        for (int side = 0; side < 2; side++) {
            int col = side ? (n - 1) / 2 - dist : n / 2 + dist;
            if (col < 0 || col >= n || (side && (n - 1) / 2 - dist == n / 2 + dist))
                continue;
            h->order[h->norder++] = (uint64_t)1 << col;
            h->order[h->norder++] = (uint64_t)1 << (col + 32);
        }
}

/* List the placements of k >= 1 queens in the first k rows with the board step. */
static void enumerate(half_list *h) {
    const int n = h->n, k = h->k;
    const uint64_t full = h->full;
    nq_masks ms[NQ_HV_MAX_N + 1];
    uint64_t freem[NQ_HV_MAX_N + 1];
    ms[0] = (nq_masks){0, 0, 0};
    freem[0] = nq_free(ms[0], full);
    int d = 0;
    while (d >= 0) {
        uint64_t f = freem[d];
        if (!f) {
            d--;
            continue;
        }
        uint64_t bit = nq_lowest(f);
        freem[d] = f ^ bit;
        nq_masks next = nq_descend(ms[d], bit, 1, false, n, full);
        if (d + 1 == k) {
            uint32_t r = rank_of(next.cols);
            if (h->fill)
                h->entry[h->offset[r]++] = next.d1 | (next.d2 << 32);
            else
                h->offset[r + 1]++;
            continue;
        }
        ms[d + 1] = next;
        freem[d + 1] = nq_free(next, full);
        d++;
    }
}

/* ---- counting disjoint pairs ------------------------------------------------------ */

/* Pairs (a, b) of a[0..na) x b[0..nb) with a & b == 0, given that the bits other than
 * order[0..norder) are already known to be disjoint for every pair; the bits are split
 * on in that order.  Reorders both arrays. */
static uint64_t disjoint_pairs(uint64_t *a, size_t na, uint64_t *b, size_t nb,
                               const uint64_t *order, int norder) {
    uint64_t total = 0;
    for (;;) {
        if (na == 0 || nb == 0)
            return total;
        if (!norder)
            return total + (uint64_t)na * nb;
        if (na < NQ_HV_BRUTE || nb < NQ_HV_BRUTE) {
            uint64_t bits = 0;
            for (int i = 0; i < norder; i++)
                bits |= order[i];
            if (na > nb) {
                uint64_t *t = a;
                a = b;
                b = t;
                size_t tn = na;
                na = nb;
                nb = tn;
            }
            /* four north words against each south word: one load serves four tests */
            size_t i = 0;
            for (; i + 4 <= na; i += 4) {
                const uint64_t x0 = a[i] & bits, x1 = a[i + 1] & bits;
                const uint64_t x2 = a[i + 2] & bits, x3 = a[i + 3] & bits;
                uint64_t c = 0;
                for (size_t j = 0; j < nb; j++) {
                    const uint64_t y = b[j];
                    c += (uint64_t)(((x0 & y) == 0) + ((x1 & y) == 0) + ((x2 & y) == 0) +
                                    ((x3 & y) == 0));
                }
                total += c;
            }
            for (; i < na; i++) {
                const uint64_t x = a[i] & bits;
                uint64_t c = 0;
                for (size_t j = 0; j < nb; j++)
                    c += (x & b[j]) == 0;
                total += c;
            }
            return total;
        }
        uint64_t bit = *order++;
        norder--;
        /* a: entries without the bit first; b likewise */
        size_t a0 = 0;
        for (size_t i = 0; i < na; i++)
            if (!(a[i] & bit)) {
                uint64_t t = a[a0];
                a[a0++] = a[i];
                a[i] = t;
            }
        if (a0 == na)
            continue;
        size_t b0 = 0;
        for (size_t j = 0; j < nb; j++)
            if (!(b[j] & bit)) {
                uint64_t t = b[b0];
                b[b0++] = b[j];
                b[j] = t;
            }
        if (b0 == nb)
            continue;
        /* north with the bit against south without it, then north without it against
         * all of south (the first call only reorders inside those ranges) */
        total += disjoint_pairs(a + a0, na - a0, b, b0, order, norder);
        na = a0;
    }
}

/* The north word of an entry: the two diagonal masks of the row below the half, one in
 * each 32-bit half (d2 low, d1 high). */
static inline uint64_t north_word(uint64_t e) { return (e >> 32) | (e << 32); }

/* The south word of an entry (the list turned upside down), in the row the north words
 * describe: that row itself for odd n, one row further down for even n. */
static inline uint64_t south_word(uint64_t e, bool shift, uint64_t full) {
    uint64_t d1 = e & 0xffffffffu, d2 = e >> 32;
    if (shift) {
        d1 >>= 1;
        d2 = (d2 << 1) & full;
    }
    /* the upside-down d1 is the north's d2 direction and the other way round */
    return d1 | (d2 << 32);
}

/* Pairs of the group `rn` (north) and `rs` (south) whose words are disjoint; for odd n
 * only entries that leave column `mid` free (`midmask` its bit; 0 for even n). */
static uint64_t group_pairs(const half_list *h, uint32_t rn, uint32_t rs, uint64_t midmask,
                            uint64_t *sa, uint64_t *sb) {
    const bool shift = midmask == 0;
    size_t na = 0, nb = 0;
    for (int64_t i = h->offset[rn]; i < h->offset[rn + 1]; i++) {
        uint64_t e = h->entry[i];
        if (midmask && (e & (midmask | (midmask << 32))))
            continue;
        sa[na++] = north_word(e);
    }
    if (!na)
        return 0;
    for (int64_t j = h->offset[rs]; j < h->offset[rs + 1]; j++) {
        uint64_t e = h->entry[j];
        if (midmask && (e & (midmask | (midmask << 32))))
            continue;
        sb[nb++] = south_word(e, shift, h->full);
    }
    return disjoint_pairs(sa, na, sb, nb, h->order, h->norder);
}

/* ---- the count -------------------------------------------------------------------- */

static size_t table_bytes_of(int n) {
    int k = n / 2;
    size_t buckets = (size_t)binom[n][k] + 1;
    return (size_t)HALF_COUNT[n] * sizeof(uint64_t) + buckets * sizeof(int64_t);
}

/* Returns the total, -1 when memory runs out, -2 when the half list's length is not
 * the one HALF_COUNT promises. */
static int64_t count_core(int n) {
    if (n == 1)
        return 1;
    const int k = n / 2;
    const uint64_t full = nq_full(n);
    const size_t nbuckets = (size_t)binom[n][k];
    half_list h = {n, k, full, NULL, NULL, false, {0}, 0};
    set_order(&h);
    h.offset = calloc(nbuckets + 1, sizeof(int64_t));
    if (!h.offset)
        return -1;
    enumerate(&h);
    for (size_t r = 0; r < nbuckets; r++)
        h.offset[r + 1] += h.offset[r];
    int64_t len = h.offset[nbuckets];
    if (len != HALF_COUNT[n]) { /* the memory bound would be wrong */
        free(h.offset);
        return -2;
    }
    size_t biggest = 1;
    for (size_t r = 0; r < nbuckets; r++)
        if ((size_t)(h.offset[r + 1] - h.offset[r]) > biggest)
            biggest = (size_t)(h.offset[r + 1] - h.offset[r]);
    h.entry = malloc((size_t)(len > 0 ? len : 1) * sizeof(uint64_t));
    uint64_t *sa = malloc(biggest * sizeof(uint64_t));
    uint64_t *sb = malloc(biggest * sizeof(uint64_t));
    int64_t *start = malloc((nbuckets + 1) * sizeof(int64_t));
    if (!h.entry || !sa || !sb || !start) {
        free(h.entry);
        free(sa);
        free(sb);
        free(start);
        free(h.offset);
        return -1;
    }
    memcpy(start, h.offset, (nbuckets + 1) * sizeof(int64_t));
    h.fill = true;
    enumerate(&h); /* offset[r] moves to the end of bucket r, i.e. start[r + 1] */
    memcpy(h.offset, start, (nbuckets + 1) * sizeof(int64_t));
    free(start);

    uint64_t total = 0;
    if (n % 2 == 0) {
        for (uint32_t r = 0; r < nbuckets; r++) {
            uint64_t c = unrank(r, k, n);
            uint64_t orbit[4] = {c, full & ~c, mirror(c, n), full & ~mirror(c, n)};
            bool least = true;
            int size = 0;
            for (int i = 0; i < 4; i++) {
                if (orbit[i] < c)
                    least = false;
                bool seen = false;
                for (int j = 0; j < i; j++)
                    seen |= orbit[j] == orbit[i];
                size += !seen;
            }
            if (!least)
                continue;
            total += (uint64_t)size * group_pairs(&h, r, rank_of(full & ~c), 0, sa, sb);
        }
    } else {
        for (int mid = 0; mid <= k; mid++) {
            const uint64_t mbit = (uint64_t)1 << mid;
            const uint64_t weight = mid < k ? 2 : 1; /* mid and n-1-mid */
            for (uint32_t r = 0; r < nbuckets; r++) {
                uint64_t c = unrank(r, k, n);
                if (c & mbit)
                    continue;
                uint64_t other = full & ~c & ~mbit;
                if (other < c) /* top-bottom flip: the pair (other, c) counts the same */
                    continue;
                total += 2 * weight * group_pairs(&h, r, rank_of(other), mbit, sa, sb);
            }
        }
    }
    free(sa);
    free(sb);
    free(h.entry);
    free(h.offset);
    return (int64_t)total;
}

/* ---- bindings --------------------------------------------------------------------- */

static int check_n(Py_ssize_t n) {
    if (n < 1 || n > NQ_HV_MAX_N) {
        PyErr_Format(PyExc_ValueError, "n must be between 1 and %d, not %zd", NQ_HV_MAX_N, n);
        return -1;
    }
    return 0;
}

static const char TABLE_BYTES_DOC[] =
    "table_bytes(n) -> int\n\n"
    "Bytes of the tables count_total(n) keeps: the half list and its bucket offsets\n"
    "(the scratch space of the largest group comes on top, a small share).";

static PyObject *py_table_bytes(PyObject *self, PyObject *args) {
    (void)self;
    Py_ssize_t n;
    if (!PyArg_ParseTuple(args, "n:table_bytes", &n))
        return NULL;
    if (check_n(n) < 0)
        return NULL;
    return PyLong_FromSize_t(table_bytes_of((int)n));
}

static const char COUNT_DOC[] =
    "count_total(n, max_bytes) -> int\n\n"
    "The number of ways to place n non-attacking queens on an n x n board (1 <= n <= 20),\n"
    "by joining half-boards; ValueError when its tables (table_bytes(n)) exceed max_bytes.";

static PyObject *py_count_total(PyObject *self, PyObject *args) {
    (void)self;
    Py_ssize_t n;
    long long max_bytes;
    if (!PyArg_ParseTuple(args, "nL:count_total", &n, &max_bytes))
        return NULL;
    if (check_n(n) < 0)
        return NULL;
    if (max_bytes < 0) {
        PyErr_SetString(PyExc_ValueError, "max_bytes must not be negative");
        return NULL;
    }
    size_t need = table_bytes_of((int)n);
    if (need > (unsigned long long)max_bytes) {
        PyErr_Format(PyExc_ValueError,
                     "counting n = %zd by half-boards needs %zu bytes of tables, more than "
                     "the %lld allowed",
                     n, need, max_bytes);
        return NULL;
    }
    int64_t total;
    Py_BEGIN_ALLOW_THREADS
    total = count_core((int)n);
    Py_END_ALLOW_THREADS
    if (total == -1)
        return PyErr_NoMemory();
    if (total < 0) {
        PyErr_SetString(PyExc_RuntimeError, "the half list's length is not the expected one");
        return NULL;
    }
    return PyLong_FromLongLong((long long)total);
}

static PyMethodDef METHODS[] = {
    {"count_total", py_count_total, METH_VARARGS, COUNT_DOC},
    {"table_bytes", py_table_bytes, METH_VARARGS, TABLE_BYTES_DOC},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef MODULE = {
    PyModuleDef_HEAD_INIT, "nqueens._core.halves", MODULE_DOC, -1, METHODS,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit_halves(void) {
    init_binom();
    init_rank();
    return PyModule_Create(&MODULE);
}
