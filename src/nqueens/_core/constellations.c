/* Completing start constellations: the counting kernels of nqueens.
 *
 * A subproblem is a board with some queens placed in advance.  prepare() turns it
 * into the rows still to fill, in search order, each with the columns its queen may
 * use (avail: free columns no pre-placed queen attacks) and the row distance to the
 * next row to fill (gap).  The searches keep the columns and both diagonals of the
 * queens they place as bit masks and move the diagonals `gap` rows down between two
 * levels (nq_descend), so rows holding a pre-placed queen cost nothing.
 *
 * count_queen is the tight loop for plain queens: the current level lives in locals,
 * the stack holds only the levels above it, and the last two rows are finished in
 * place.  count_general adds the superqueen's knight move and the tests of every
 * completion for a half and a quarter turn.  Both also return a column sum: the sum,
 * over the completions, of the column of the queen in the last row to fill.
 *
 * The frame functions enumerate the canonical frames (the queens of row 0, row n-1,
 * column 0 and column n-1) of a board and choose each one's search orientation.
 */
#include "shell_py.h"
#include "nq_board.h"
#include "nq_count_queen.h"

#include <stdlib.h>

#define NQ_MAX_N 64

/* ------------------------------------------------------------------------------- */
/* Kernels (no Python objects; the arguments are checked by the bindings below).    */

/* See the binding's docstring.  qrow/qcol hold k queens inside the board. */
static Py_ssize_t prepare_core(int n, const int64_t *qrow, const int64_t *qcol, Py_ssize_t k,
                               bool knight, int64_t *rows, uint64_t *avail, uint64_t *gap) {
    uint64_t full = nq_full(n);
    bool row_used[NQ_MAX_N] = {false};
    uint64_t colmask = 0;
    for (Py_ssize_t i = 0; i < k; i++) {
        int64_t r = qrow[i], c = qcol[i];
        if (row_used[r] || ((colmask >> c) & 1u))
            return -1;
        row_used[r] = true;
        colmask |= (uint64_t)1 << c;
        for (Py_ssize_t j = 0; j < i; j++)
            if (nq_attacks(r, c, qrow[j], qcol[j], knight))
                return -1;
    }
    Py_ssize_t m = 0;
    for (int r = 0; r < n; r++) {
        if (row_used[r])
            continue;
        uint64_t att = colmask;
        for (Py_ssize_t i = 0; i < k; i++)
            att |= nq_attacked_row(n, r, qrow[i], qcol[i], knight);
        rows[m] = r;
        avail[m] = full & ~att;
        m++;
    }
    for (Py_ssize_t i = 0; i < m; i++)
        gap[i] = i + 1 < m ? (uint64_t)(rows[i + 1] - rows[i]) : 1u;
    return m;
}

/* The plain-queen count, column sum and slices of m rows to fill (m <= NQ_MAX_N, every
 * gap[0..m-2] < 64): the loop of nq_count_queen.h, from level 0. */
static void count_queen_core(const uint64_t *avail, const uint64_t *gap, unsigned m,
                             int64_t *total_out, int64_t *colsum_out, int64_t *slices_out) {
    uint8_t small_gap[NQ_MAX_N];
    for (unsigned i = 0; i < m; i++)
        small_gap[i] = (uint8_t)gap[i];
    nq_masks none = {0, 0, 0};
    uint64_t total, colsum, slices[3];
    nq_count_queen_from(avail, small_gap, m, 0, none, &total, &colsum, slices);
    *total_out = (int64_t)total;
    *colsum_out = (int64_t)colsum;
    for (int i = 0; i < 3; i++)
        slices_out[i] = (int64_t)slices[i];
}

typedef struct {
    int64_t total, f180, f90, colsum;
    int64_t slices[3]; /* the total again, by the last row's queen's column modulo 3 */
} general_result;

/* The count with the knight move and the rotation tests (see the binding).  rows[i]
 * and base[r] lie inside the board, m <= NQ_MAX_N, every gap[0..m-2] < 64. */
static general_result count_general_core(int n, const uint64_t *avail, const uint64_t *gap,
                                         const int64_t *rows, unsigned m, const int64_t *base,
                                         bool knight, Py_ssize_t sym) {
    general_result res = {0, 0, 0, 0, {0, 0, 0}};
    int64_t pos[NQ_MAX_N] = {0};
    memcpy(pos, base, (size_t)n * sizeof(int64_t));
    if (m == 0) {
        res.total = 1;
        res.slices[0] = 1;
        res.f180 = sym >= 1 && nq_is_symmetric(pos, n, false);
        res.f90 = sym >= 2 && nq_is_symmetric(pos, n, true);
        return res;
    }
    const uint64_t all = ~(uint64_t)0;
    const unsigned last = m - 1;
    nq_masks q[NQ_MAX_N];
    uint64_t fr[NQ_MAX_N], kn[NQ_MAX_N], bits[NQ_MAX_N];
    memset(kn, 0, sizeof kn);
    memset(bits, 0, sizeof bits);
    q[0] = (nq_masks){0, 0, 0};
    fr[0] = avail[0];
    unsigned d = 0;
    for (;;) {
        uint64_t f = fr[d] & ~kn[d];
        if (f == 0) {
            if (d == 0)
                break;
            d--;
            continue;
        }
        uint64_t bit = nq_lowest(f);
        fr[d] ^= bit;
        bits[d] = bit;
        if (d == last) {
            res.total++;
            res.colsum += nq_index(bit);
            res.slices[nq_index(bit) % 3]++;
            if (sym >= 1) {
                for (unsigned i = 0; i < m; i++)
                    pos[rows[i]] = nq_index(bits[i]);
                if (nq_is_symmetric(pos, n, false)) {
                    res.f180++;
                    if (sym >= 2 && nq_is_symmetric(pos, n, true))
                        res.f90++;
                }
            }
            continue;
        }
        const unsigned g = (unsigned)gap[d];
        const unsigned e = d + 1;
        q[e] = nq_descend(q[d], bit, g, false, 0, all);
        fr[e] = nq_free(q[e], avail[e]);
        if (knight) {
            uint64_t km = 0;
            if (g == 1) {
                uint64_t above = d >= 1 && gap[d - 1] == 1 ? bits[d - 1] : 0;
                km = nq_knight(bit, above, false, n, all);
            } else if (g == 2) {
                km = nq_knight(0, bit, false, n, all);
            }
            kn[e] = km;
        }
        d = e;
    }
    return res;
}

/* Partial placements on the first `depth` rows to fill (depth <= m <= NQ_MAX_N). */
static int64_t estimate_core(const uint64_t *avail, const uint64_t *gap, unsigned m,
                             unsigned depth) {
    if (depth > m)
        depth = m;
    if (depth == 0)
        return 1;
    const uint64_t all = ~(uint64_t)0;
    nq_masks q[NQ_MAX_N + 1];
    uint64_t fr[NQ_MAX_N + 1];
    q[0] = (nq_masks){0, 0, 0};
    fr[0] = avail[0];
    int64_t nodes = 0;
    int d = 0;
    while (d >= 0) {
        uint64_t f = fr[d];
        if (f == 0) {
            d--;
            continue;
        }
        uint64_t bit = nq_lowest(f);
        fr[d] = f ^ bit;
        nodes++;
        if ((unsigned)d + 1 == depth)
            continue;
        q[d + 1] = nq_descend(q[d], bit, (unsigned)gap[d], false, 0, all);
        fr[d + 1] = nq_free(q[d + 1], avail[d + 1]);
        d++;
    }
    return nodes;
}

/* estimate_core for the frame (a, b, c, d) (all inside the board); -1 when its queens
 * attack each other. */
static int64_t frame_cost_core(int n, int64_t a, int64_t b, int64_t c, int64_t d, bool knight,
                               unsigned depth) {
    int64_t top = n - 1;
    int64_t want_r[4] = {0, top, c, d}, want_c[4] = {a, b, 0, top};
    int64_t qr[4], qc[4];
    Py_ssize_t k = 0;
    for (int i = 0; i < 4; i++) {
        bool dup = false;
        for (Py_ssize_t j = 0; j < k; j++)
            if (qr[j] == want_r[i] && qc[j] == want_c[i])
                dup = true;
        if (!dup) {
            qr[k] = want_r[i];
            qc[k] = want_c[i];
            k++;
        }
    }
    int64_t rows[NQ_MAX_N];
    uint64_t avail[NQ_MAX_N], gap[NQ_MAX_N];
    Py_ssize_t m = prepare_core(n, qr, qc, k, knight, rows, avail, gap);
    if (m < 0)
        return -1;
    return estimate_core(avail, gap, (unsigned)m, depth);
}

/* Quarter turn clockwise, (r, c) -> (c, n-1-r), of a frame (a, b, c, d). */
static void rotate_frame(int64_t top, const int64_t *f, int64_t *out) {
    int64_t a = f[0], b = f[1], c = f[2], d = f[3];
    out[0] = top - c;
    out[1] = top - d;
    out[2] = b;
    out[3] = a;
}

/* The 8 images of a frame, in the order of nqueens.base.board.SYMMETRY_NAMES. */
static void frame_images_core(int n, int64_t a, int64_t b, int64_t c, int64_t d,
                              int64_t out[8][4]) {
    int64_t top = n - 1;
    out[0][0] = a;
    out[0][1] = b;
    out[0][2] = c;
    out[0][3] = d;
    for (int k = 1; k < 4; k++)
        rotate_frame(top, out[k - 1], out[k]);
    out[4][0] = top - a; /* mirror: (r, c) -> (r, n-1-c) */
    out[4][1] = top - b;
    out[4][2] = d;
    out[4][3] = c;
    rotate_frame(top, out[4], out[7]); /* antitranspose */
    rotate_frame(top, out[7], out[5]); /* flip */
    rotate_frame(top, out[5], out[6]); /* transpose */
}

static bool frame_less(const int64_t *x, const int64_t *y) {
    for (int i = 0; i < 4; i++)
        if (x[i] != y[i])
            return x[i] < y[i];
    return false;
}

static bool frame_equal(const int64_t *x, const int64_t *y) {
    return !frame_less(x, y) && !frame_less(y, x);
}

/* The canonical frames as rows of 7 int64; *count rows in a malloc'ed block (NULL and
 * *count 0 when there are none or memory ran out: *oom tells which). */
static int64_t *enumerate_frames_core(int n, bool knight, unsigned depth, Py_ssize_t *count,
                                      bool *oom) {
    int64_t top = n - 1;
    Py_ssize_t cap = 0, k = 0;
    int64_t *out = NULL;
    int64_t imgs[8][4];
    *oom = false;
    for (int64_t a = 0; a < n; a++) {
        for (int64_t b = 0; b < n; b++) {
            if (a == b || llabs(a - b) == top)
                continue;
            for (int64_t c = 0; c < n; c++) {
                if ((a == 0) != (c == 0) || (b == 0) != (c == top))
                    continue;
                for (int64_t d = 0; d < n; d++) {
                    if ((a == top) != (d == 0) || (b == top) != (d == top) || c == d)
                        continue;
                    if (llabs(c - d) == top)
                        continue;
                    frame_images_core(n, a, b, c, d, imgs);
                    bool canonical = true;
                    int64_t stab = 1;
                    for (int j = 1; j < 8; j++) {
                        if (frame_less(imgs[j], imgs[0])) {
                            canonical = false;
                            break;
                        }
                        if (!frame_less(imgs[0], imgs[j]))
                            stab++;
                    }
                    if (!canonical)
                        continue;
                    if (frame_cost_core(n, a, b, c, d, knight, 0) < 0)
                        continue;
                    int64_t sym = 0;
                    if (frame_equal(imgs[0], imgs[1]))
                        sym = 2;
                    else if (frame_equal(imgs[0], imgs[2]))
                        sym = 1;
                    int best = 0;
                    int64_t best_cost = frame_cost_core(n, a, b, c, d, knight, depth);
                    if (sym == 0) {
                        for (int j = 1; j < 8; j++) {
                            int64_t cost = frame_cost_core(n, imgs[j][0], imgs[j][1],
                                                           imgs[j][2], imgs[j][3], knight, depth);
                            if (cost < best_cost) {
                                best = j;
                                best_cost = cost;
                            }
                        }
                    }
                    if (k == cap) {
                        Py_ssize_t bigger = cap ? 2 * cap : 1024;
                        int64_t *grown = realloc(out, (size_t)bigger * 7 * sizeof(int64_t));
                        if (grown == NULL) {
                            free(out);
                            *count = 0;
                            *oom = true;
                            return NULL;
                        }
                        out = grown;
                        cap = bigger;
                    }
                    int64_t *row = out + 7 * k;
                    for (int i = 0; i < 4; i++)
                        row[i] = imgs[best][i];
                    row[4] = 8 / stab;
                    row[5] = sym;
                    row[6] = best_cost;
                    k++;
                }
            }
        }
    }
    *count = k;
    return out;
}

/* ------------------------------------------------------------------------------- */
/* Argument checks shared by the bindings.                                          */

static int check_n(Py_ssize_t n) {
    if (n < 1 || n > NQ_MAX_N) {
        PyErr_Format(PyExc_ValueError, "n must be between 1 and %d, got %zd", NQ_MAX_N, n);
        return -1;
    }
    return 0;
}

static int check_m(Py_ssize_t m) {
    if (m < 0 || m > NQ_MAX_N) {
        PyErr_Format(PyExc_ValueError, "m (rows to fill) must be between 0 and %d, got %zd",
                     NQ_MAX_N, m);
        return -1;
    }
    return 0;
}

/* gap[0..m-2] are the shifts between the levels of an m-row search. */
static int check_gaps(const uint64_t *gap, Py_ssize_t m) {
    for (Py_ssize_t i = 0; i + 1 < m; i++) {
        if (gap[i] >= 64) {
            PyErr_Format(PyExc_ValueError, "gap[%zd] = %llu is not a row distance below 64", i,
                         (unsigned long long)gap[i]);
            return -1;
        }
    }
    return 0;
}

static int check_squares(const int64_t *v, Py_ssize_t len, Py_ssize_t n, const char *what) {
    for (Py_ssize_t i = 0; i < len; i++) {
        if (v[i] < 0 || v[i] >= n) {
            PyErr_Format(PyExc_ValueError, "%s[%zd] = %lld lies outside a board of %zd", what, i,
                         (long long)v[i], n);
            return -1;
        }
    }
    return 0;
}

/* ------------------------------------------------------------------------------- */
/* Bindings.                                                                        */

PyDoc_STRVAR(prepare_doc,
             "prepare(n, qrow, qcol, knight, rows, avail, gap) -> int\n\n"
             "Fill rows (int64), avail and gap (uint64), each of at least n elements, for the\n"
             "pre-placed queens (qrow[i], qcol[i]) (int64).  Returns the number of rows to\n"
             "fill, or -1 when two pre-placed queens attack each other (or share a line).");

static PyObject *py_prepare(PyObject *self, PyObject *args, PyObject *kwargs) {
    (void)self;
    static char *keywords[] = {"n", "qrow", "qcol", "knight", "rows", "avail", "gap", NULL};
    Py_ssize_t n;
    PyObject *o_qr, *o_qc, *o_rows, *o_avail, *o_gap;
    int knight;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "nOOpOOO:prepare", keywords, &n, &o_qr,
                                     &o_qc, &knight, &o_rows, &o_avail, &o_gap))
        return NULL;
    if (check_n(n) < 0)
        return NULL;
    shell_views views = {.count = 0};
    PyObject *result = NULL;
    Py_buffer *vqr = shell_views_get(&views, o_qr, 'q', 8, -1, false, "qrow");
    Py_ssize_t k = vqr ? shell_len(vqr) : 0;
    Py_buffer *vqc = vqr ? shell_views_get(&views, o_qc, 'q', 8, k, false, "qcol") : NULL;
    Py_buffer *vrows = vqc ? shell_views_get(&views, o_rows, 'q', 8, n, true, "rows") : NULL;
    Py_buffer *vavail = vrows ? shell_views_get(&views, o_avail, 'Q', 8, n, true, "avail") : NULL;
    Py_buffer *vgap = vavail ? shell_views_get(&views, o_gap, 'Q', 8, n, true, "gap") : NULL;
    if (!vgap)
        goto done;
    const int64_t *qr = vqr->buf, *qc = vqc->buf;
    if (check_squares(qr, k, n, "qrow") < 0 || check_squares(qc, k, n, "qcol") < 0)
        goto done;
    Py_ssize_t m = prepare_core((int)n, qr, qc, k, knight != 0, vrows->buf, vavail->buf,
                                vgap->buf);
    result = PyLong_FromSsize_t(m);
done:
    shell_views_release(&views);
    return result;
}

PyDoc_STRVAR(count_queen_doc,
             "count_queen(avail, gap, m) -> (completions, column sum, slices)\n\n"
             "Count the completions of a plain-queen subproblem with m rows to fill (avail\n"
             "and gap as prepare() leaves them); slices counts them again by the column of\n"
             "the last row's queen modulo 3.");

static PyObject *py_count_queen(PyObject *self, PyObject *args, PyObject *kwargs) {
    (void)self;
    static char *keywords[] = {"avail", "gap", "m", NULL};
    PyObject *o_avail, *o_gap;
    Py_ssize_t m;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OOn:count_queen", keywords, &o_avail,
                                     &o_gap, &m))
        return NULL;
    if (check_m(m) < 0)
        return NULL;
    shell_views views = {.count = 0};
    PyObject *result = NULL;
    Py_buffer *va = shell_views_get(&views, o_avail, 'Q', 8, m, false, "avail");
    Py_buffer *vg = va ? shell_views_get(&views, o_gap, 'Q', 8, m > 0 ? m - 1 : 0, false, "gap")
                       : NULL;
    if (!vg)
        goto done;
    if (check_gaps(vg->buf, m) < 0)
        goto done;
    int64_t total, colsum, sl[3];
    Py_BEGIN_ALLOW_THREADS
    count_queen_core(va->buf, vg->buf, (unsigned)m, &total, &colsum, sl);
    Py_END_ALLOW_THREADS
    result = Py_BuildValue("(LL(LLL))", (long long)total, (long long)colsum, (long long)sl[0],
                           (long long)sl[1], (long long)sl[2]);
done:
    shell_views_release(&views);
    return result;
}

PyDoc_STRVAR(count_general_doc,
             "count_general(n, avail, gap, rows, m, base, knight, sym)\n"
             "    -> (total, fixed180, fixed90, column sum, slices)\n\n"
             "Count completions with the knight move (knight) and, when sym is 1 or 2, also\n"
             "those a half turn (and for 2 a quarter turn) leaves unchanged.  base[r] is the\n"
             "column of the pre-placed queen of row r.  slices counts the completions again\n"
             "by the column of the last row's queen modulo 3.");

static PyObject *py_count_general(PyObject *self, PyObject *args, PyObject *kwargs) {
    (void)self;
    static char *keywords[] = {"n", "avail", "gap", "rows", "m", "base", "knight", "sym", NULL};
    Py_ssize_t n, m, sym;
    PyObject *o_avail, *o_gap, *o_rows, *o_base;
    int knight;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "nOOOnOpn:count_general", keywords, &n,
                                     &o_avail, &o_gap, &o_rows, &m, &o_base, &knight, &sym))
        return NULL;
    if (check_n(n) < 0 || check_m(m) < 0)
        return NULL;
    if (m > n) {
        PyErr_Format(PyExc_ValueError, "m = %zd rows to fill on a board of %zd rows", m, n);
        return NULL;
    }
    shell_views views = {.count = 0};
    PyObject *result = NULL;
    Py_buffer *va = shell_views_get(&views, o_avail, 'Q', 8, m, false, "avail");
    Py_buffer *vg = va ? shell_views_get(&views, o_gap, 'Q', 8, m > 0 ? m - 1 : 0, false, "gap")
                       : NULL;
    Py_buffer *vr = vg ? shell_views_get(&views, o_rows, 'q', 8, m, false, "rows") : NULL;
    Py_buffer *vb = vr ? shell_views_get(&views, o_base, 'q', 8, n, false, "base") : NULL;
    if (!vb)
        goto done;
    if (check_gaps(vg->buf, m) < 0 || check_squares(vr->buf, m, n, "rows") < 0 ||
        check_squares(vb->buf, n, n, "base") < 0)
        goto done;
    general_result r;
    Py_BEGIN_ALLOW_THREADS
    r = count_general_core((int)n, va->buf, vg->buf, vr->buf, (unsigned)m, vb->buf,
                           knight != 0, sym);
    Py_END_ALLOW_THREADS
    result = Py_BuildValue("(LLLL(LLL))", (long long)r.total, (long long)r.f180,
                           (long long)r.f90, (long long)r.colsum, (long long)r.slices[0],
                           (long long)r.slices[1], (long long)r.slices[2]);
done:
    shell_views_release(&views);
    return result;
}

PyDoc_STRVAR(estimate_doc,
             "estimate(avail, gap, m, depth) -> int\n\n"
             "Number of partial placements on the first depth rows to fill (plain queens).");

static PyObject *py_estimate(PyObject *self, PyObject *args, PyObject *kwargs) {
    (void)self;
    static char *keywords[] = {"avail", "gap", "m", "depth", NULL};
    PyObject *o_avail, *o_gap;
    Py_ssize_t m, depth;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OOnn:estimate", keywords, &o_avail, &o_gap,
                                     &m, &depth))
        return NULL;
    if (check_m(m) < 0)
        return NULL;
    if (depth < 0) {
        PyErr_Format(PyExc_ValueError, "depth must be at least 0, got %zd", depth);
        return NULL;
    }
    if (depth > m)
        depth = m;
    shell_views views = {.count = 0};
    PyObject *result = NULL;
    Py_buffer *va = shell_views_get(&views, o_avail, 'Q', 8, depth, false, "avail");
    Py_buffer *vg = va ? shell_views_get(&views, o_gap, 'Q', 8, depth > 0 ? depth - 1 : 0, false,
                                         "gap")
                       : NULL;
    if (!vg)
        goto done;
    if (check_gaps(vg->buf, depth) < 0)
        goto done;
    int64_t nodes;
    Py_BEGIN_ALLOW_THREADS
    nodes = estimate_core(va->buf, vg->buf, (unsigned)m, (unsigned)depth);
    Py_END_ALLOW_THREADS
    result = PyLong_FromLongLong((long long)nodes);
done:
    shell_views_release(&views);
    return result;
}

static int check_frame(Py_ssize_t n, long long a, long long b, long long c, long long d) {
    long long v[4] = {a, b, c, d};
    for (int i = 0; i < 4; i++) {
        if (v[i] < 0 || v[i] >= n) {
            PyErr_Format(PyExc_ValueError, "frame value %lld lies outside a board of %zd", v[i],
                         n);
            return -1;
        }
    }
    return 0;
}

PyDoc_STRVAR(frame_cost_doc,
             "frame_cost(n, a, b, c, d, knight, depth) -> int\n\n"
             "estimate() for the frame with queens at (0, a), (n-1, b), (c, 0), (d, n-1); -1\n"
             "when those queens attack each other.");

static PyObject *py_frame_cost(PyObject *self, PyObject *args, PyObject *kwargs) {
    (void)self;
    static char *keywords[] = {"n", "a", "b", "c", "d", "knight", "depth", NULL};
    Py_ssize_t n, depth;
    long long a, b, c, d;
    int knight;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "nLLLLpn:frame_cost", keywords, &n, &a, &b,
                                     &c, &d, &knight, &depth))
        return NULL;
    if (check_n(n) < 0 || check_frame(n, a, b, c, d) < 0)
        return NULL;
    if (depth < 0) {
        PyErr_Format(PyExc_ValueError, "depth must be at least 0, got %zd", depth);
        return NULL;
    }
    unsigned dep = depth > NQ_MAX_N ? NQ_MAX_N : (unsigned)depth;
    int64_t cost;
    Py_BEGIN_ALLOW_THREADS
    cost = frame_cost_core((int)n, a, b, c, d, knight != 0, dep);
    Py_END_ALLOW_THREADS
    return PyLong_FromLongLong((long long)cost);
}

PyDoc_STRVAR(frame_images_into_doc,
             "frame_images_into(n, a, b, c, d, out) -> None\n\n"
             "Write the 8 images of frame (a, b, c, d) into out (8 x 4 int64), in the order\n"
             "of nqueens.base.board.SYMMETRY_NAMES.");

static PyObject *py_frame_images_into(PyObject *self, PyObject *args, PyObject *kwargs) {
    (void)self;
    static char *keywords[] = {"n", "a", "b", "c", "d", "out", NULL};
    Py_ssize_t n;
    long long a, b, c, d;
    PyObject *o_out;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "nLLLLO:frame_images_into", keywords, &n, &a,
                                     &b, &c, &d, &o_out))
        return NULL;
    if (check_n(n) < 0 || check_frame(n, a, b, c, d) < 0)
        return NULL;
    shell_views views = {.count = 0};
    PyObject *result = NULL;
    Py_buffer *vo = shell_views_get(&views, o_out, 'q', 8, 32, true, "out");
    if (!vo)
        goto done;
    int64_t imgs[8][4];
    frame_images_core((int)n, a, b, c, d, imgs);
    memcpy(vo->buf, imgs, sizeof imgs);
    Py_INCREF(Py_None);
    result = Py_None;
done:
    shell_views_release(&views);
    return result;
}

PyDoc_STRVAR(enumerate_frames_doc,
             "enumerate_frames(n, knight, depth) -> bytearray\n\n"
             "The canonical frames of an n x n board as rows (a, b, c, d, weight, sym, cost)\n"
             "of native int64, one row after the other.");

static PyObject *py_enumerate_frames(PyObject *self, PyObject *args, PyObject *kwargs) {
    (void)self;
    static char *keywords[] = {"n", "knight", "depth", NULL};
    Py_ssize_t n, depth;
    int knight;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "npn:enumerate_frames", keywords, &n, &knight,
                                     &depth))
        return NULL;
    if (check_n(n) < 0)
        return NULL;
    if (depth < 0) {
        PyErr_Format(PyExc_ValueError, "depth must be at least 0, got %zd", depth);
        return NULL;
    }
    unsigned dep = depth > NQ_MAX_N ? NQ_MAX_N : (unsigned)depth;
    Py_ssize_t count;
    bool oom;
    int64_t *rows;
    Py_BEGIN_ALLOW_THREADS
    rows = enumerate_frames_core((int)n, knight != 0, dep, &count, &oom);
    Py_END_ALLOW_THREADS
    if (oom)
        return PyErr_NoMemory();
    PyObject *out = PyByteArray_FromStringAndSize((const char *)rows,
                                                  count * 7 * (Py_ssize_t)sizeof(int64_t));
    free(rows);
    return out;
}

/* The queens/nq arguments of count_queen_many and make_items: `queens` a 2-D int64
 * array, row i holding nq[i] pre-placed queens as (row, column) pairs on the board.  The
 * views are got into `views`, which the caller releases on every way out (on failure too,
 * when an exception is set); on success *queens_out and *nq_out point at the two. */
static int get_queen_rows(shell_views *views, PyObject *o_queens, PyObject *o_nq, Py_ssize_t n,
                          Py_buffer **queens_out, Py_buffer **nq_out, Py_ssize_t *count_out,
                          Py_ssize_t *width_out) {
    Py_buffer *vq = shell_views_get(views, o_queens, 'q', 8, -1, false, "queens");
    if (!vq)
        return -1;
    if (vq->ndim != 2 || vq->shape == NULL) {
        PyErr_SetString(PyExc_ValueError, "queens must be a 2-D array");
        return -1;
    }
    Py_ssize_t count = vq->shape[0], width = vq->shape[1];
    Py_buffer *vn = shell_views_get(views, o_nq, 'q', 8, count, false, "nq");
    if (!vn)
        return -1;
    const int64_t *queens = vq->buf, *nq = vn->buf;
    for (Py_ssize_t i = 0; i < count; i++) {
        bool fits = nq[i] >= 0 && 2 * nq[i] <= width;
        if (!fits)
            PyErr_Format(PyExc_ValueError, "nq[%zd] = %lld queens do not fit a row of %zd values",
                         i, (long long)nq[i], width);
        if (!fits || check_squares(queens + i * width, 2 * nq[i], n, "queens") < 0)
            return -1;
    }
    *queens_out = vq;
    *nq_out = vn;
    *count_out = count;
    *width_out = width;
    return 0;
}

/* prepare_core for one row of get_queen_rows' queens (k of them); -1 when they attack
 * each other (more than n queens always share a row). */
static Py_ssize_t prepare_row(int n, const int64_t *row, Py_ssize_t k, int64_t *rows,
                              uint64_t *avail, uint64_t *gap) {
    int64_t qr[NQ_MAX_N], qc[NQ_MAX_N];
    if (k > NQ_MAX_N)
        return -1;
    for (Py_ssize_t j = 0; j < k; j++) {
        qr[j] = row[2 * j];
        qc[j] = row[2 * j + 1];
    }
    return prepare_core(n, qr, qc, k, false, rows, avail, gap);
}

PyDoc_STRVAR(count_queen_many_doc,
             "count_queen_many(n, queens, nq, out, colsums, slices) -> None\n\n"
             "count_queen() for many plain-queen subproblems: row i of queens (2-D int64)\n"
             "holds nq[i] pre-placed queens as (row, column) pairs; the counts go to out[i],\n"
             "the column sums to colsums[i] and the slices to slices[3i .. 3i+2] (all 0 when\n"
             "the queens attack each other).");

static PyObject *py_count_queen_many(PyObject *self, PyObject *args, PyObject *kwargs) {
    (void)self;
    static char *keywords[] = {"n", "queens", "nq", "out", "colsums", "slices", NULL};
    Py_ssize_t n;
    PyObject *o_queens, *o_nq, *o_out, *o_cs, *o_sl;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "nOOOOO:count_queen_many", keywords, &n,
                                     &o_queens, &o_nq, &o_out, &o_cs, &o_sl))
        return NULL;
    if (check_n(n) < 0)
        return NULL;
    shell_views views = {.count = 0};
    PyObject *result = NULL;
    Py_buffer *vq = NULL, *vn = NULL;
    Py_ssize_t count = 0, width = 0;
    int rc = get_queen_rows(&views, o_queens, o_nq, n, &vq, &vn, &count, &width);
    Py_buffer *vo = rc == 0 ? shell_views_get(&views, o_out, 'q', 8, count, true, "out") : NULL;
    Py_buffer *vc = vo ? shell_views_get(&views, o_cs, 'q', 8, count, true, "colsums") : NULL;
    Py_buffer *vs = vc ? shell_views_get(&views, o_sl, 'q', 8, 3 * count, true, "slices")
                       : NULL;
    if (!vs)
        goto done;
    const int64_t *queens = vq->buf, *nq = vn->buf;
    int64_t *out = vo->buf, *colsums = vc->buf, *slices = vs->buf;
    Py_BEGIN_ALLOW_THREADS
    int64_t rows[NQ_MAX_N];
    uint64_t avail[NQ_MAX_N], gap[NQ_MAX_N];
    for (Py_ssize_t i = 0; i < count; i++) {
        Py_ssize_t m = prepare_row((int)n, queens + i * width, (Py_ssize_t)nq[i], rows, avail,
                                   gap);
        if (m < 0) {
            out[i] = colsums[i] = 0;
            slices[3 * i] = slices[3 * i + 1] = slices[3 * i + 2] = 0;
        } else {
            count_queen_core(avail, gap, (unsigned)m, &out[i], &colsums[i], slices + 3 * i);
        }
    }
    Py_END_ALLOW_THREADS
    Py_INCREF(Py_None);
    result = Py_None;
done:
    shell_views_release(&views);
    return result;
}

/* ------------------------------------------------------------------------------- */
/* Items: the subproblems split for a GPU (the host side of nqueens.algorithms.counter.gpu).      */

typedef struct {
    int32_t *sub;
    uint64_t *masks;
    int64_t count, room;
} item_list;

static bool items_push(item_list *it, int32_t sub, nq_masks at) {
    if (it->count == it->room) {
        int64_t room = it->room ? 2 * it->room : 4096;
        int32_t *s = realloc(it->sub, (size_t)room * sizeof(int32_t));
        if (!s)
            return false;
        it->sub = s;
        uint64_t *m = realloc(it->masks, (size_t)room * 3 * sizeof(uint64_t));
        if (!m)
            return false;
        it->masks = m;
        it->room = room;
    }
    it->sub[it->count] = sub;
    it->masks[3 * it->count] = at.cols;
    it->masks[3 * it->count + 1] = at.d1;
    it->masks[3 * it->count + 2] = at.d2;
    it->count++;
    return true;
}

/* Push the partial placements of the first `level` rows to fill of one prepared
 * subproblem that leave its next row a free square, as items; false when memory ran
 * out. */
static bool items_of(item_list *it, int32_t sub, const uint64_t *avail, const uint8_t *gap,
                     unsigned level) {
    nq_masks q[NQ_MAX_N + 1];
    uint64_t fr[NQ_MAX_N + 1];
    q[0] = (nq_masks){0, 0, 0};
    if (level == 0)
        return items_push(it, sub, q[0]);
    const uint64_t all = ~(uint64_t)0;
    fr[0] = avail[0];
    int d = 0;
    while (d >= 0) {
        uint64_t f = fr[d];
        if (f == 0) {
            d--;
            continue;
        }
        uint64_t bit = nq_lowest(f);
        fr[d] = f ^ bit;
        nq_masks next = nq_descend(q[d], bit, gap[d], false, 0, all);
        uint64_t nf = nq_free(next, avail[d + 1]);
        if (nf == 0)
            continue;
        if ((unsigned)d + 1 == level) {
            if (!items_push(it, sub, next))
                return false;
            continue;
        }
        q[d + 1] = next;
        fr[d + 1] = nf;
        d++;
    }
    return true;
}

PyDoc_STRVAR(make_items_doc,
             "make_items(n, queens, nq, level, avail, gap, m_of, level_of) -> (bytes, bytes)\n\n"
             "Prepare the plain-queen subproblems of queens/nq (as count_queen_many) into\n"
             "avail and gap (2-D uint64 and uint8, a row each), m_of (their rows to fill,\n"
             "255 when the queens attack each other) and level_of (uint8), and split each\n"
             "into items: the partial placements of its first min(level, m - 3) rows to fill\n"
             "(none below 3 rows: one item) that leave the next row a free square.  Returns\n"
             "the items' subproblem numbers (int32) and their masks (cols, d1, d2 of the\n"
             "level: uint64 triples), as bytes, the items of each subproblem together.");

static PyObject *py_make_items(PyObject *self, PyObject *args, PyObject *kwargs) {
    (void)self;
    static char *keywords[] = {"n", "queens", "nq", "level", "avail", "gap", "m_of", "level_of",
                               NULL};
    Py_ssize_t n, level;
    PyObject *o_queens, *o_nq, *o_avail, *o_gap, *o_m, *o_level;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "nOOnOOOO:make_items", keywords, &n,
                                     &o_queens, &o_nq, &level, &o_avail, &o_gap, &o_m, &o_level))
        return NULL;
    if (check_n(n) < 0)
        return NULL;
    if (level < 0 || level > NQ_MAX_N)
        return PyErr_Format(PyExc_ValueError, "level must be 0 to %d, not %zd", NQ_MAX_N,
                            level);
    shell_views views = {.count = 0};
    PyObject *result = NULL;
    item_list it = {NULL, NULL, 0, 0};
    Py_buffer *vq = NULL, *vn = NULL;
    Py_ssize_t count = 0, width = 0;
    int rc = get_queen_rows(&views, o_queens, o_nq, n, &vq, &vn, &count, &width);
    Py_buffer *va = rc == 0 ? shell_views_get(&views, o_avail, 'Q', 8, count * n, true, "avail")
                            : NULL;
    Py_buffer *vg = va ? shell_views_get(&views, o_gap, 'B', 1, count * n, true, "gap") : NULL;
    Py_buffer *vm = vg ? shell_views_get(&views, o_m, 'B', 1, count, true, "m_of") : NULL;
    Py_buffer *vl = vm ? shell_views_get(&views, o_level, 'B', 1, count, true, "level_of") : NULL;
    if (!vl)
        goto out;
    const int64_t *queens = vq->buf, *nq = vn->buf;
    uint64_t *avail_out = va->buf;
    uint8_t *gap_out = vg->buf, *m_out = vm->buf, *level_out = vl->buf;
    bool ok = true;
    Py_BEGIN_ALLOW_THREADS
    int64_t rows[NQ_MAX_N];
    uint64_t gap[NQ_MAX_N];
    for (Py_ssize_t i = 0; i < count && ok; i++) {
        uint64_t *avail = avail_out + i * n;
        uint8_t *small_gap = gap_out + i * n;
        memset(avail, 0, (size_t)n * sizeof(uint64_t));
        memset(small_gap, 0, (size_t)n);
        Py_ssize_t m = prepare_row((int)n, queens + i * width, (Py_ssize_t)nq[i], rows, avail,
                                   gap);
        if (m < 0) {
            m_out[i] = 255;
            level_out[i] = 0;
            continue;
        }
        for (Py_ssize_t j = 0; j < m; j++)
            small_gap[j] = (uint8_t)gap[j];
        unsigned at = m >= 3 ? (unsigned)(level < m - 3 ? level : m - 3) : 0;
        m_out[i] = (uint8_t)m;
        level_out[i] = (uint8_t)at;
        ok = items_of(&it, (int32_t)i, avail, small_gap, at);
    }
    Py_END_ALLOW_THREADS
    if (!ok) {
        PyErr_NoMemory();
        goto out;
    }
    PyObject *subs = PyBytes_FromStringAndSize((const char *)it.sub,
                                               (Py_ssize_t)(it.count * (int64_t)sizeof(int32_t)));
    PyObject *masks = subs ? PyBytes_FromStringAndSize(
                                 (const char *)it.masks,
                                 (Py_ssize_t)(it.count * 3 * (int64_t)sizeof(uint64_t)))
                           : NULL;
    if (subs && masks)
        result = PyTuple_Pack(2, subs, masks);
    Py_XDECREF(subs);
    Py_XDECREF(masks);
out:
    free(it.sub);
    free(it.masks);
    shell_views_release(&views);
    return result;
}

PyDoc_STRVAR(count_items_doc,
             "count_items(avail, gap, m_of, level_of, sub, masks, totals, colsums, slices)\n"
             "    -> None\n\n"
             "Count the items of make_items on the host, one after another, with the very\n"
             "function a GPU thread runs (nq_count_item): totals[i], colsums[i] and\n"
             "slices[3i .. 3i+2] (uint64) receive item i's completions, column sum and slices.");

static PyObject *py_count_items(PyObject *self, PyObject *args, PyObject *kwargs) {
    (void)self;
    static char *keywords[] = {"avail", "gap", "m_of", "level_of", "sub", "masks", "totals",
                               "colsums", "slices", NULL};
    PyObject *o[9];
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OOOOOOOOO:count_items", keywords, &o[0],
                                     &o[1], &o[2], &o[3], &o[4], &o[5], &o[6], &o[7], &o[8]))
        return NULL;
    shell_views views = {.count = 0};
    PyObject *result = NULL;
    Py_buffer *v[9];
    static const char formats[9] = {'Q', 'B', 'B', 'B', 'i', 'Q', 'Q', 'Q', 'Q'};
    static const Py_ssize_t sizes[9] = {8, 1, 1, 1, 4, 8, 8, 8, 8};
    static const char *names[9] = {"avail", "gap", "m_of", "level_of", "sub", "masks",
                                   "totals", "colsums", "slices"};
    for (int k = 0; k < 9; k++) {
        v[k] = shell_views_get(&views, o[k], formats[k], sizes[k], -1, k >= 6, names[k]);
        if (!v[k])
            goto done;
    }
    Py_ssize_t subs = shell_len(v[2]), items = shell_len(v[4]);
    Py_ssize_t width = subs ? shell_len(v[0]) / subs : 0;
    bool bad = shell_len(v[1]) != subs * width || shell_len(v[0]) != subs * width ||
               shell_len(v[3]) != subs || shell_len(v[5]) != 3 * items ||
               shell_len(v[6]) < items || shell_len(v[7]) < items ||
               shell_len(v[8]) < 3 * items || width > NQ_COUNT_STACK;
    const int32_t *sub = v[4]->buf;
    const uint8_t *m_of = v[2]->buf, *level_of = v[3]->buf;
    for (Py_ssize_t i = 0; i < items && !bad; i++) {
        bad = sub[i] < 0 || sub[i] >= subs || m_of[sub[i]] > width ||
              (level_of[sub[i]] > 0 && m_of[sub[i]] < level_of[sub[i]] + 3);
    }
    if (bad) {
        PyErr_SetString(PyExc_ValueError, "count_items: arrays that make_items did not make");
        goto done;
    }
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t i = 0; i < items; i++)
        nq_count_item(v[0]->buf, v[1]->buf, m_of, level_of, sub, v[5]->buf, width, i, v[6]->buf,
                      v[7]->buf, v[8]->buf);
    Py_END_ALLOW_THREADS
    Py_INCREF(Py_None);
    result = Py_None;
done:
    shell_views_release(&views);
    return result;
}

static PyMethodDef methods[] = {
    {"prepare", (PyCFunction)(void (*)(void))py_prepare, METH_VARARGS | METH_KEYWORDS,
     prepare_doc},
    {"count_queen", (PyCFunction)(void (*)(void))py_count_queen, METH_VARARGS | METH_KEYWORDS,
     count_queen_doc},
    {"count_general", (PyCFunction)(void (*)(void))py_count_general,
     METH_VARARGS | METH_KEYWORDS, count_general_doc},
    {"estimate", (PyCFunction)(void (*)(void))py_estimate, METH_VARARGS | METH_KEYWORDS,
     estimate_doc},
    {"frame_cost", (PyCFunction)(void (*)(void))py_frame_cost, METH_VARARGS | METH_KEYWORDS,
     frame_cost_doc},
    {"frame_images_into", (PyCFunction)(void (*)(void))py_frame_images_into,
     METH_VARARGS | METH_KEYWORDS, frame_images_into_doc},
    {"enumerate_frames", (PyCFunction)(void (*)(void))py_enumerate_frames,
     METH_VARARGS | METH_KEYWORDS, enumerate_frames_doc},
    {"count_queen_many", (PyCFunction)(void (*)(void))py_count_queen_many,
     METH_VARARGS | METH_KEYWORDS, count_queen_many_doc},
    {"make_items", (PyCFunction)(void (*)(void))py_make_items, METH_VARARGS | METH_KEYWORDS,
     make_items_doc},
    {"count_items", (PyCFunction)(void (*)(void))py_count_items, METH_VARARGS | METH_KEYWORDS,
     count_items_doc},
    {NULL, NULL, 0, NULL},
};

PyDoc_STRVAR(module_doc,
             "The counting kernels: completing start constellations (pre-placed queens).\n\n"
             "nqueens.kernels.constellations wraps these with documented examples.");

SHELL_MODULE(constellations, "nqueens._core.constellations", module_doc, methods)
