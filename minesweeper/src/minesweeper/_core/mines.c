/* Minesweeper constraints: read out of a board, collapsed through a union-find with
 * parity, written as clauses, checked against an arrangement.
 *
 * A board is a 2-D int8 array: 0..8 a revealed number, -1 an unknown square, -2 a known
 * mine (other negative values are neither).  Its constraints are in CSR form: constraint
 * j says that the unknown squares vars[ptr[j]:ptr[j+1]] (at most eight) hold need[j]
 * mines.  The union-find keeps, for every unknown square v, a parent and the parity of v
 * against it (value(v) = value(root) xor parity(v)); value[root] is -1 while unknown.
 * Every function checks its arrays before it reads them and runs without the
 * interpreter lock.
 */
#include "shell_py.h"
#include "groups.h"
#include "weigh.h"
#include "sweeps.h"
#include "grow.h"

#include <stdlib.h>

#define MS_MINES_MAX_SEEN 8

/* ---- union-find with parity ---------------------------------------------------------- */

/* The constraints to look at again: those of every square whose class changed, each
 * queued once (a ring of m), found through the constraints of each square (CSR). */
typedef struct {
    const int64_t *at;   /* the constraints of square v: of[at[v]:at[v+1]] */
    const int32_t *of;
    const bool *done;
    int32_t *ring;
    uint8_t *queued;
    size_t head, count, m;
} ms_work;

typedef struct {
    int32_t *parent;
    uint8_t *parity;
    int32_t *size;
    int8_t *value;
    int32_t *next; /* each class's squares in a circular list (NULL: not kept) */
    ms_work *work; /* where a changed class sends its constraints (NULL: nowhere) */
} ms_uf;

static inline void ms_requeue(ms_work *w, int32_t j) {
    if (w->done[j] || w->queued[j])
        return;
    w->queued[j] = 1;
    w->ring[(w->head + w->count++) % w->m] = j;
}

/* Queue again the constraints of every square of r's class. */
static void ms_requeue_class(ms_uf *u, int32_t r) {
    if (u->work == NULL)
        return;
    int32_t v = r;
    do {
        for (int64_t e = u->work->at[v]; e < u->work->at[v + 1]; e++)
            ms_requeue(u->work, u->work->of[e]);
        v = u->next[v];
    } while (v != r);
}

/* The root of v and the parity of v against it; compresses the path. */
static inline int32_t ms_find(ms_uf *u, int32_t v, int *parity_out) {
    int32_t r = v;
    int p = 0;
    while (u->parent[r] != r) {
        p ^= u->parity[r];
        r = u->parent[r];
    }
    int32_t cur = v;
    int cp = p;
    while (cur != r) {
        int32_t next = u->parent[cur];
        int next_p = cp ^ u->parity[cur];
        u->parent[cur] = r;
        u->parity[cur] = (uint8_t)cp;
        cur = next;
        cp = next_p;
    }
    *parity_out = p;
    return r;
}

/* value(v) = val: 1 changed, 0 nothing new, -1 contradiction. */
static inline int ms_fix(ms_uf *u, int32_t v, int val) {
    int p;
    int32_t r = ms_find(u, v, &p);
    int want = val ^ p;
    if (u->value[r] < 0) {
        u->value[r] = (int8_t)want;
        ms_requeue_class(u, r);
        return 1;
    }
    return u->value[r] == want ? 0 : -1;
}

/* value(a) xor value(b) = diff: 1 changed, 0 known, -1 contradiction. */
static inline int ms_union(ms_uf *u, int32_t a, int32_t b, int diff) {
    int pa, pb;
    int32_t ra = ms_find(u, a, &pa), rb = ms_find(u, b, &pb);
    int rel = diff ^ pa ^ pb;
    if (ra == rb)
        return rel == 0 ? 0 : -1;
    if (u->size[ra] < u->size[rb]) {
        int32_t t = ra;
        ra = rb;
        rb = t;
    }
    u->parent[rb] = ra;
    u->parity[rb] = (uint8_t)rel;
    u->size[ra] += u->size[rb];
    /* the constraints over the smaller class see a new root; all of them a new value */
    bool fixes = u->value[rb] >= 0 && u->value[ra] < 0;
    if (!fixes)
        ms_requeue_class(u, rb);
    if (u->next != NULL) { /* one circular list of both classes */
        int32_t t = u->next[ra];
        u->next[ra] = u->next[rb];
        u->next[rb] = t;
    }
    if (u->value[rb] >= 0) {
        int want = u->value[rb] ^ rel;
        if (u->value[ra] < 0) {
            u->value[ra] = (int8_t)want;
            ms_requeue_class(u, ra);
        } else if (u->value[ra] != want) {
            return -1;
        }
    }
    return 1;
}

/* Rewrite sum(vs[0:len]) = need over the free roots: roots[0:k], non-zero coefs[0:k];
 * returns k and sets *rhs. */
static int ms_reduce_one(ms_uf *u, const int32_t *vs, Py_ssize_t len, int64_t need,
                         int32_t *roots, int64_t *coefs, int64_t *rhs) {
    int k = 0;
    int64_t right = need;
    for (Py_ssize_t i = 0; i < len; i++) {
        int p;
        int32_t r = ms_find(u, vs[i], &p);
        if (u->value[r] >= 0) {
            right -= u->value[r] ^ p;
            continue;
        }
        int64_t c = 1;
        if (p == 1) {
            right -= 1;
            c = -1;
        }
        int found = -1;
        for (int t = 0; t < k; t++) {
            if (roots[t] == r) {
                found = t;
                break;
            }
        }
        if (found >= 0) {
            coefs[found] += c;
        } else {
            roots[k] = r;
            coefs[k] = c;
            k++;
        }
    }
    int kk = 0;
    for (int t = 0; t < k; t++) {
        if (coefs[t] != 0) {
            roots[kk] = roots[t];
            coefs[kk] = coefs[t];
            kk++;
        }
    }
    *rhs = right;
    return kk;
}

/* Turn a rewritten number over at most two roots into facts.  Returns 1 in *done when
 * the number says nothing more; the status: 1 changed, 0 nothing new, -1 contradiction. */
static int ms_absorb(ms_uf *u, int k, const int32_t *roots, const int64_t *coefs, int64_t rhs,
                     int *done) {
    *done = 1;
    if (k == 0)
        return rhs == 0 ? 0 : -1;
    if (k == 1) {
        bool ok0 = rhs == 0, ok1 = coefs[0] == rhs;
        if (!ok0 && !ok1)
            return -1;
        if (ok0 && ok1)
            return 0;
        return ms_fix(u, roots[0], ok1 ? 1 : 0);
    }
    if (k > 2) {
        *done = 0;
        return 0;
    }
    bool sat[4];
    int count = 0;
    for (int a = 0; a < 2; a++) {
        for (int b = 0; b < 2; b++) {
            sat[2 * a + b] = coefs[0] * a + coefs[1] * b == rhs;
            count += sat[2 * a + b];
        }
    }
    if (count == 0)
        return -1;
    if (count == 4)
        return 0;
    if (count == 1) {
        int idx = 0;
        while (!sat[idx])
            idx++;
        int s1 = ms_fix(u, roots[0], idx / 2);
        int s2 = ms_fix(u, roots[1], idx % 2);
        if (s1 < 0 || s2 < 0)
            return -1;
        return s1 > 0 || s2 > 0 ? 1 : 0;
    }
    if (count == 2) {
        if (sat[0] && sat[3])
            return ms_union(u, roots[0], roots[1], 0);
        if (sat[1] && sat[2])
            return ms_union(u, roots[0], roots[1], 1);
        if (sat[0] && sat[1])
            return ms_fix(u, roots[0], 0);
        if (sat[2] && sat[3])
            return ms_fix(u, roots[0], 1);
        if (sat[0] && sat[2])
            return ms_fix(u, roots[1], 0);
        return ms_fix(u, roots[1], 1);
    }
    *done = 0; /* three combinations: a clause over two roots, kept */
    return 0;
}

/* ---- argument checks ----------------------------------------------------------------- */

/* The constraints ptr (int64, m+1), vars (int32) and need (int16, m) over n variables:
 * ptr never decreases and stays inside vars, a constraint spans at most eight
 * variables, and every variable it names is in 0..n-1.  The buffers are got into
 * `views`, where they stay (on failure too) until the caller's shell_views_release. */
typedef struct {
    Py_buffer *ptr, *vars, *need;
    Py_ssize_t m;
} ms_csr;

static int ms_csr_open(shell_views *views, PyObject *ptr, PyObject *vars, PyObject *need,
                       Py_ssize_t n, bool deep, ms_csr *c) {
    c->ptr = shell_views_get(views, ptr, 'q', 8, 1, false, "ptr");
    c->vars = c->ptr ? shell_views_get(views, vars, 'i', 4, -1, false, "vars") : NULL;
    c->need = c->vars ? shell_views_get(views, need, 'h', 2, -1, false, "need") : NULL;
    if (!c->need)
        return -1;
    c->m = shell_len(c->need);
    if (shell_len(c->ptr) != c->m + 1) {
        PyErr_Format(PyExc_ValueError, "ptr holds %zd elements, %zd needed (one more than need)",
                     shell_len(c->ptr), c->m + 1);
        return -1;
    }
    const int64_t *p = c->ptr->buf;
    const int32_t *vs = c->vars->buf;
    Py_ssize_t nv = shell_len(c->vars);
    if (p[0] < 0 || p[c->m] > nv) {
        PyErr_SetString(PyExc_ValueError, "ptr points outside vars");
        return -1;
    }
    if (!deep) /* the caller checks each constraint as it reads it */
        return 0;
    for (Py_ssize_t j = 0; j < c->m; j++) {
        if (p[j + 1] < p[j] || p[j + 1] - p[j] > MS_MINES_MAX_SEEN) {
            PyErr_Format(PyExc_ValueError,
                         "constraint %zd spans %lld variables: must be 0..%d", j,
                         (long long)(p[j + 1] - p[j]), MS_MINES_MAX_SEEN);
            return -1;
        }
    }
    for (int64_t e = p[0]; e < p[c->m]; e++) {
        if (vs[e] < 0 || vs[e] >= n) {
            PyErr_Format(PyExc_ValueError, "vars[%lld] = %d: must be 0..%zd", (long long)e,
                         (int)vs[e], n - 1);
            return -1;
        }
    }
    return 0;
}

/* The union-find arrays parent (int32), parity (uint8) and value (int8) of n variables;
 * with `linked` the parents must already lie in 0..n-1.  The buffers are got into
 * `views`, where they stay (on failure too) until the caller's shell_views_release. */
typedef struct {
    Py_buffer *parent, *parity, *value;
    Py_ssize_t n;
} ms_uf_views;

static int ms_uf_open(shell_views *views, PyObject *parent, PyObject *parity, PyObject *value,
                      bool writable, bool linked, ms_uf_views *v) {
    v->parent = shell_views_get(views, parent, 'i', 4, -1, writable, "parent");
    if (!v->parent)
        return -1;
    v->n = shell_len(v->parent);
    v->parity = shell_views_get(views, parity, 'B', 1, v->n, writable, "parity");
    v->value = v->parity ? shell_views_get(views, value, 'b', 1, v->n, writable, "value")
                         : NULL;
    if (!v->value)
        return -1;
    if (v->n > INT32_MAX) {
        PyErr_SetString(PyExc_ValueError, "too many variables for int32 parents");
        return -1;
    }
    if (linked) {
        const int32_t *p = v->parent->buf;
        const uint8_t *q = v->parity->buf;
        for (Py_ssize_t i = 0; i < v->n; i++) {
            if (p[i] < 0 || p[i] >= v->n || q[i] > 1) {
                PyErr_Format(PyExc_ValueError,
                             "variable %zd: parent %d (must be 0..%zd), parity %d (0 or 1)", i,
                             (int)p[i], v->n - 1, (int)q[i]);
                return -1;
            }
        }
    }
    return 0;
}

/* ---- extraction ---------------------------------------------------------------------- */

/* The board, got into `views` (held there, on failure too, until the caller's
 * shell_views_release); NULL with an exception set. */
static Py_buffer *ms_cells_open(shell_views *views, PyObject *cells, Py_ssize_t *h,
                                Py_ssize_t *w) {
    Py_buffer *view = shell_views_get(views, cells, 'b', 1, -1, false, "cells");
    if (!view)
        return NULL;
    if (view->ndim != 2) {
        PyErr_SetString(PyExc_ValueError, "cells must be a 2-D array");
        return NULL;
    }
    *h = view->shape[0];
    *w = view->shape[1];
    return view;
}

/* Unknown and mine neighbours of the revealed square (r, c). */
static inline void ms_around(const int8_t *cells, Py_ssize_t h, Py_ssize_t w, Py_ssize_t r,
                             Py_ssize_t c, int *unknown, int *flags) {
    int k = 0, f = 0;
    for (Py_ssize_t rr = r - 1; rr <= r + 1; rr++) {
        if (rr < 0 || rr >= h)
            continue;
        for (Py_ssize_t cc = c - 1; cc <= c + 1; cc++) {
            if (cc < 0 || cc >= w || (rr == r && cc == c))
                continue;
            int8_t v = cells[rr * w + cc];
            k += v == -1;
            f += v == -2;
        }
    }
    *unknown = k;
    *flags = f;
}

/* The lengths of the arrays extract fills: unknown squares, constraints, entries. */
static void ms_sizes_of(const int8_t *cells, Py_ssize_t h, Py_ssize_t w, Py_ssize_t *n_out,
                        Py_ssize_t *m_out, Py_ssize_t *entries_out) {
    Py_ssize_t n = 0, m = 0, entries = 0;
    for (Py_ssize_t r = 0; r < h; r++) {
        for (Py_ssize_t c = 0; c < w; c++) {
            int8_t v = cells[r * w + c];
            if (v == -1)
                n++;
            if (v < 0)
                continue;
            int k, f;
            ms_around(cells, h, w, r, c, &k, &f);
            if (k > 0 || v != f) {
                m++;
                entries += k;
            }
        }
    }
    *n_out = n;
    *m_out = m;
    *entries_out = entries;
}

PyDoc_STRVAR(extract_sizes_doc,
"extract_sizes(cells) -> (n, m, entries)\n"
"--\n\n"
"The unknown squares of a board (2-D int8), its constraints (revealed numbers that\n"
"touch an unknown square or disagree with their mines) and their unknown neighbours\n"
"counted together: the lengths of the arrays that extract fills.");

static PyObject *extract_sizes(PyObject *self, PyObject *args, PyObject *kwargs) {
    (void)self;
    static char *keywords[] = {"cells", NULL};
    PyObject *obj;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O:extract_sizes", keywords, &obj))
        return NULL;
    shell_views views = {.count = 0};
    Py_ssize_t h, w;
    Py_buffer *view = ms_cells_open(&views, obj, &h, &w);
    if (!view) {
        shell_views_release(&views);
        return NULL;
    }
    const int8_t *cells = view->buf;
    Py_ssize_t n, m, entries;
    Py_BEGIN_ALLOW_THREADS
    ms_sizes_of(cells, h, w, &n, &m, &entries);
    Py_END_ALLOW_THREADS
    shell_views_release(&views);
    return Py_BuildValue("nnn", n, m, entries);
}

/* Number the unknown squares of row r (row by row from *next) into idx[0:w). */
static inline void ms_number_row(const int8_t *cells, Py_ssize_t w, Py_ssize_t r, int32_t *idx,
                                 int32_t *next, int32_t *rows, int32_t *cols) {
    for (Py_ssize_t c = 0; c < w; c++) {
        if (cells[r * w + c] == -1) {
            idx[c] = *next;
            rows[*next] = (int32_t)r;
            cols[*next] = (int32_t)c;
            (*next)++;
        } else {
            idx[c] = -1;
        }
    }
}

/* The constraints of a board into arrays of the lengths ms_sizes_of gives (see extract);
 * `ring` holds 3 w entries.  Whether the lengths were those. */
static bool ms_extract_run(const int8_t *cells, Py_ssize_t h, Py_ssize_t w, Py_ssize_t n,
                           Py_ssize_t m, Py_ssize_t entries, int32_t *rows, int32_t *cols,
                           int32_t *cr, int32_t *cc, int64_t *ptr, int32_t *out, int16_t *need,
                           int32_t *ring) {
    bool fits = true;
    Py_ssize_t total = 0; /* rows and cols must hold one entry per unknown square */
    for (Py_ssize_t i = 0; i < h * w; i++)
        total += cells[i] == -1;
    fits = total == n;
    /* the unknown squares of rows r-1, r and r+1 are numbered in ring[0:3w) */
    int32_t next = 0;
    int32_t *idx[3] = {ring, ring + w, ring + 2 * w};
    if (fits && h > 0)
        ms_number_row(cells, w, 0, idx[1], &next, rows, cols);
    Py_ssize_t j = 0, e = 0;
    ptr[0] = 0;
    for (Py_ssize_t r = 0; r < h && fits; r++) {
        if (r + 1 < h)
            ms_number_row(cells, w, r + 1, idx[2], &next, rows, cols);
        for (Py_ssize_t c = 0; c < w; c++) {
            int8_t v = cells[r * w + c];
            if (v < 0)
                continue;
            Py_ssize_t k0 = e;
            int flags = 0;
            for (int dr = -1; dr <= 1; dr++) {
                Py_ssize_t rr = r + dr;
                if (rr < 0 || rr >= h)
                    continue;
                for (int dc = -1; dc <= 1; dc++) {
                    Py_ssize_t c2 = c + dc;
                    if ((dr == 0 && dc == 0) || c2 < 0 || c2 >= w)
                        continue;
                    int8_t u = cells[rr * w + c2];
                    if (u == -1) {
                        if (e >= entries) {
                            fits = false;
                            break;
                        }
                        out[e++] = idx[dr + 1][c2];
                    } else if (u == -2) {
                        flags++;
                    }
                }
            }
            if (!fits)
                break;
            if (e > k0 || v != flags) {
                if (j >= m) {
                    fits = false;
                    break;
                }
                cr[j] = (int32_t)r;
                cc[j] = (int32_t)c;
                need[j] = (int16_t)(v - flags);
                j++;
                ptr[j] = e;
            }
        }
        int32_t *t = idx[0];
        idx[0] = idx[1];
        idx[1] = idx[2];
        idx[2] = t;
    }
    return fits && j == m && e == entries;
}

PyDoc_STRVAR(extract_doc,
"extract(cells, rows, cols, cell_rows, cell_cols, ptr, vars, need) -> None\n"
"--\n\n"
"Fill the constraints of a board (2-D int8) into arrays of the lengths extract_sizes\n"
"gives: rows, cols (int32, n) of the unknown squares row by row; cell_rows, cell_cols\n"
"(int32, m) of the constraints' squares; ptr (int64, m + 1), vars (int32, entries) and\n"
"need (int16, m: the number less the known mines around it).");

static PyObject *extract(PyObject *self, PyObject *args, PyObject *kwargs) {
    (void)self;
    static char *keywords[] = {"cells", "rows", "cols", "cell_rows", "cell_cols", "ptr", "vars",
                               "need", NULL};
    PyObject *objs[8];
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OOOOOOOO:extract", keywords, &objs[0],
                                     &objs[1], &objs[2], &objs[3], &objs[4], &objs[5], &objs[6],
                                     &objs[7]))
        return NULL;
    shell_views views = {.count = 0};
    PyObject *result = NULL;
    Py_ssize_t h, w;
    Py_buffer *cells_view = ms_cells_open(&views, objs[0], &h, &w);
    if (!cells_view)
        goto done;
    static const char *names[7] = {"rows", "cols", "cell_rows", "cell_cols", "ptr", "vars",
                                   "need"};
    static const char formats[7] = {'i', 'i', 'i', 'i', 'q', 'i', 'h'};
    static const Py_ssize_t sizes[7] = {4, 4, 4, 4, 8, 4, 2};
    Py_buffer *v[7];
    for (int i = 0; i < 7; i++) {
        v[i] = shell_views_get(&views, objs[i + 1], formats[i], sizes[i], -1, true, names[i]);
        if (!v[i])
            goto done;
    }
    Py_ssize_t n = shell_len(v[0]), m = shell_len(v[6]), entries = shell_len(v[5]);
    if (shell_len(v[1]) != n || shell_len(v[2]) != m || shell_len(v[3]) != m ||
        shell_len(v[4]) != m + 1) {
        PyErr_SetString(PyExc_ValueError, "the arrays' lengths do not match (n, m, entries)");
        goto done;
    }
    const int8_t *cells = cells_view->buf;
    int32_t *rows = v[0]->buf, *cols = v[1]->buf, *cr = v[2]->buf, *cc = v[3]->buf;
    int64_t *ptr = v[4]->buf;
    int32_t *out = v[5]->buf;
    int16_t *need = v[6]->buf;
    int32_t *ring = malloc(3 * sizeof(int32_t) * (size_t)(w > 0 ? w : 1));
    if (ring == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    bool fits = true;
    Py_BEGIN_ALLOW_THREADS
    fits = ms_extract_run(cells, h, w, n, m, entries, rows, cols, cr, cc, ptr, out, need, ring);
    Py_END_ALLOW_THREADS
    free(ring);
    if (!fits) {
        PyErr_SetString(PyExc_ValueError, "the arrays' lengths are not those of extract_sizes");
        goto done;
    }
    result = Py_NewRef(Py_None);
done:
    shell_views_release(&views);
    return result;
}

/* ---- collapse ------------------------------------------------------------------------ */

PyDoc_STRVAR(collapse_doc,
"collapse(ptr, vars, need, max_rounds, parent, parity, value, done) -> (rounds, bad)\n"
"--\n\n"
"Merge the one- and two-square relations of the constraints (ptr int64, vars int32,\n"
"need int16) until nothing changes (each constraint looked at again when the class of\n"
"one of its squares changes) or max_rounds times m looks; parent (int32, n), parity\n"
"(uint8, n), value (int8, n) and done (bool, m) are filled from scratch.  Returns the\n"
"looks made in passes of m (at least 1) and the constraint found contradictory, or -1;\n"
"without a contradiction every path is compressed (parent[v] is v's root).");

/* The arrays of a collapse round: the union-find (parent, parity, value; `linked`: as the
 * collapse leaves it), the constraints in CSR form and their `done` flags (written by
 * the collapse, read by the clauses).  0, or -1 with an exception set; the buffers got
 * are held in `views` (on failure too) until the caller's shell_views_release. */
static int ms_open_rounds(shell_views *views, PyObject *parent_o, PyObject *parity_o,
                          PyObject *value_o, PyObject *ptr_o, PyObject *vars_o,
                          PyObject *need_o, PyObject *done_o, bool linked, bool done_writable,
                          ms_uf_views *uv, ms_csr *c, Py_buffer **done_v) {
    if (ms_uf_open(views, parent_o, parity_o, value_o, true, linked, uv) < 0)
        return -1;
    if (ms_csr_open(views, ptr_o, vars_o, need_o, uv->n, true, c) < 0)
        return -1;
    *done_v = shell_views_get(views, done_o, '?', 1, c->m, done_writable, "done");
    return *done_v ? 0 : -1;
}

/* The collapse (see collapse) of n squares under the m constraints ptr, vs, need, into
 * parent, parity, value (n) and done (m), without the interpreter: *rounds and *bad as
 * collapse returns them; 0, or -1 out of memory. */
static int ms_collapse_run(Py_ssize_t n, Py_ssize_t m, const int64_t *ptr, const int32_t *vs,
                           const int16_t *need, long long max_rounds, int32_t *parent,
                           uint8_t *parity, int8_t *value, bool *done, long long *rounds_out,
                           Py_ssize_t *bad_out) {
    size_t nn = (size_t)(n > 0 ? n : 1), mm = (size_t)(m > 0 ? m : 1);
    size_t entries = (size_t)(ptr[m] - ptr[0]);
    int32_t *size = malloc(sizeof(int32_t) * nn);
    int32_t *next = malloc(sizeof(int32_t) * nn);
    int64_t *at = calloc(nn + 1, sizeof(int64_t));
    int32_t *of = malloc(sizeof(int32_t) * (entries ? entries : 1));
    int32_t *ring = malloc(sizeof(int32_t) * mm);
    uint8_t *queued = calloc(mm, 1);
    long long rounds = 0;
    Py_ssize_t bad = -1;
    if (!size || !next || !at || !of || !ring || !queued) {
        bad = -2;
        goto done;
    }
    ms_work work = {at, of, done, ring, queued, 0, 0, mm};
    ms_uf u = {parent, parity, size, value, next, &work};
    for (Py_ssize_t v = 0; v < n; v++) {
        u.parent[v] = (int32_t)v;
        u.parity[v] = 0;
        u.size[v] = 1;
        u.value[v] = -1;
        next[v] = (int32_t)v;
    }
    memset(done, 0, (size_t)m);
    /* the constraints of each square */
    for (Py_ssize_t j = 0; j < m; j++)
        for (int64_t e = ptr[j]; e < ptr[j + 1]; e++)
            at[vs[e] + 1]++;
    for (Py_ssize_t v = 0; v < n; v++)
        at[v + 1] += at[v];
    {
        int64_t *fill = malloc(sizeof(int64_t) * nn);
        if (fill != NULL) {
            memcpy(fill, at, sizeof(int64_t) * nn);
            for (Py_ssize_t j = 0; j < m; j++)
                for (int64_t e = ptr[j]; e < ptr[j + 1]; e++)
                    of[fill[vs[e]]++] = (int32_t)j;
            free(fill);
        } else {
            bad = -2;
        }
    }
    /* the numbers over one or two squares first, then the others; after that, each
     * constraint again whenever the class of one of its squares changes, until nothing
     * does (each square's constraints are queued again when its class is fixed, or when
     * it joins a larger one: a few times each) or max_rounds passes of m looks */
    for (int pass = 0; pass < 2 && bad == -1; pass++)
        for (Py_ssize_t j = 0; j < m; j++)
            if ((ptr[j + 1] - ptr[j] <= 2) == (pass == 0))
                ms_requeue(&work, (int32_t)j);
    int32_t roots[MS_MINES_MAX_SEEN];
    int64_t coefs[MS_MINES_MAX_SEEN];
    long long looks = 0, most = m > 0 && max_rounds > 0 ? max_rounds * (long long)m : 0;
    while (work.count > 0 && bad == -1 && looks < most) {
        int32_t j = ring[work.head];
        work.head = (work.head + 1) % work.m;
        work.count--;
        queued[j] = 0;
        if (done[j])
            continue;
        looks++;
        Py_ssize_t len = (Py_ssize_t)(ptr[j + 1] - ptr[j]);
        int64_t rhs;
        int k = ms_reduce_one(&u, vs + ptr[j], len, need[j], roots, coefs, &rhs);
        int d;
        int status = ms_absorb(&u, k, roots, coefs, rhs, &d);
        if (status < 0) {
            bad = j;
            break;
        }
        if (d)
            done[j] = true;
    }
    rounds = m > 0 ? (looks + m - 1) / m : 0;
    if (rounds < 1)
        rounds = 1;
    if (bad == -1) {
        for (Py_ssize_t v = 0; v < n; v++) {
            int p;
            ms_find(&u, (int32_t)v, &p);
        }
    }
done:
    free(size);
    free(next);
    free(at);
    free(of);
    free(ring);
    free(queued);
    *rounds_out = rounds;
    *bad_out = bad;
    return bad == -2 ? -1 : 0;
}

static PyObject *collapse(PyObject *self, PyObject *args, PyObject *kwargs) {
    (void)self;
    static char *keywords[] = {"ptr", "vars", "need", "max_rounds", "parent", "parity",
                               "value", "done", NULL};
    PyObject *ptr_o, *vars_o, *need_o, *parent_o, *parity_o, *value_o, *done_o;
    long long max_rounds;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OOOLOOOO:collapse", keywords, &ptr_o,
                                     &vars_o, &need_o, &max_rounds, &parent_o, &parity_o,
                                     &value_o, &done_o))
        return NULL;
    shell_views views = {.count = 0};
    ms_uf_views uv;
    ms_csr c;
    Py_buffer *done_v;
    if (ms_open_rounds(&views, parent_o, parity_o, value_o, ptr_o, vars_o, need_o, done_o,
                       false, true, &uv, &c, &done_v) < 0) {
        shell_views_release(&views);
        return NULL;
    }
    PyObject *result = NULL;
    long long rounds;
    Py_ssize_t bad;
    int failed;
    Py_BEGIN_ALLOW_THREADS
    failed = ms_collapse_run(uv.n, c.m, c.ptr->buf, c.vars->buf, c.need->buf, max_rounds,
                             uv.parent->buf, uv.parity->buf, uv.value->buf, done_v->buf,
                             &rounds, &bad);
    Py_END_ALLOW_THREADS
    if (failed)
        PyErr_NoMemory();
    else
        result = Py_BuildValue("Ln", rounds, bad);
    shell_views_release(&views);
    return result;
}

/* ---- clauses ------------------------------------------------------------------------- */

PyDoc_STRVAR(clauses_doc,
"clauses(parent, parity, value, ptr, vars, need, done, count_only=False)\n"
"--\n\n"
"The clauses forbidding the failing combinations of every constraint not done, over\n"
"compact variable ids (1-based, in order of first use): (lits, ends, root_of, written).\n"
"lits (int32 literals), ends (int64, the end of each clause in lits) and root_of (int64,\n"
"the root of each id; entry 0 unused) come back as bytearrays; written counts the\n"
"constraints written.  With count_only nothing is written: (literals, clauses,\n"
"written), what the clauses would hold.");

static PyObject *clauses(PyObject *self, PyObject *args, PyObject *kwargs) {
    (void)self;
    static char *keywords[] = {"parent", "parity", "value", "ptr", "vars", "need", "done",
                               "count_only", NULL};
    PyObject *parent_o, *parity_o, *value_o, *ptr_o, *vars_o, *need_o, *done_o;
    int count_only = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OOOOOOO|p:clauses", keywords, &parent_o,
                                     &parity_o, &value_o, &ptr_o, &vars_o, &need_o, &done_o,
                                     &count_only))
        return NULL;
    shell_views views = {.count = 0};
    ms_uf_views uv;
    ms_csr c;
    Py_buffer *done_v;
    if (ms_open_rounds(&views, parent_o, parity_o, value_o, ptr_o, vars_o, need_o, done_o,
                       true, false, &uv, &c, &done_v) < 0) {
        shell_views_release(&views);
        return NULL;
    }
    PyObject *result = NULL;
    Py_ssize_t n = uv.n, m = c.m;
    int64_t *ids = calloc((size_t)(n > 0 ? n : 1), sizeof(int64_t));
    ms_grow lits = {NULL, 0, 0, sizeof(int32_t)}, ends = {NULL, 0, 0, sizeof(int64_t)};
    int64_t *root_of = NULL;
    if (ids == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    ms_uf u = {uv.parent->buf, uv.parity->buf, NULL, uv.value->buf, NULL, NULL};
    const bool *done = done_v->buf;
    const int64_t *ptr = c.ptr->buf;
    const int32_t *vs = c.vars->buf;
    const int16_t *need = c.need->buf;
    int64_t nv = 0, written = 0, counted_lits = 0, counted = 0;
    bool ok = true;
    Py_BEGIN_ALLOW_THREADS
    int32_t roots[MS_MINES_MAX_SEEN];
    int64_t coefs[MS_MINES_MAX_SEEN];
    for (Py_ssize_t j = 0; j < m && ok; j++) {
        if (done[j])
            continue;
        int64_t rhs;
        int k = ms_reduce_one(&u, vs + ptr[j], (Py_ssize_t)(ptr[j + 1] - ptr[j]), need[j],
                              roots, coefs, &rhs);
        written++;
        for (int t = 0; t < k; t++) {
            if (ids[roots[t]] == 0)
                ids[roots[t]] = ++nv;
        }
        for (int combo = 0; combo < (1 << k); combo++) {
            int64_t s = 0;
            for (int t = 0; t < k; t++)
                if ((combo >> t) & 1)
                    s += coefs[t];
            if (s == rhs)
                continue;
            if (count_only) {
                counted_lits += k;
                counted++;
                continue;
            }
            if (!ms_grow_reserve(&lits, (size_t)k) || !ms_grow_reserve(&ends, 1)) {
                ok = false;
                break;
            }
            int32_t *l = (int32_t *)lits.data + lits.len;
            for (int t = 0; t < k; t++) {
                int32_t x = (int32_t)ids[roots[t]];
                l[t] = (combo >> t) & 1 ? -x : x;
            }
            lits.len += (size_t)k;
            ((int64_t *)ends.data)[ends.len++] = (int64_t)lits.len;
        }
    }
    if (ok && !count_only) {
        root_of = calloc((size_t)nv + 1, sizeof(int64_t));
        ok = root_of != NULL;
    }
    if (ok && !count_only) {
        for (Py_ssize_t r = 0; r < n; r++)
            if (ids[r] > 0)
                root_of[ids[r]] = r;
    }
    Py_END_ALLOW_THREADS
    if (!ok) {
        PyErr_NoMemory();
        goto done;
    }
    if (count_only) {
        result = Py_BuildValue("(LLL)", (long long)counted_lits, (long long)counted,
                               (long long)written);
        goto done;
    }
    if (nv >= INT32_MAX) {
        PyErr_SetString(PyExc_ValueError, "too many clause variables for int32 literals");
        goto done;
    }
    result = Py_BuildValue(
        "(NNNL)",
        PyByteArray_FromStringAndSize(lits.data, (Py_ssize_t)(lits.len * sizeof(int32_t))),
        PyByteArray_FromStringAndSize(ends.data, (Py_ssize_t)(ends.len * sizeof(int64_t))),
        PyByteArray_FromStringAndSize((const char *)root_of,
                                      (Py_ssize_t)(((size_t)nv + 1) * sizeof(int64_t))),
        (long long)written);
done:
    free(ids);
    free(lits.data);
    free(ends.data);
    free(root_of);
    shell_views_release(&views);
    return result;
}

/* ---- values and checks --------------------------------------------------------------- */

PyDoc_STRVAR(values_doc,
"values(parent, parity, value, out) -> None\n"
"--\n\n"
"out[v] (bool, n) = value(parent[v]) xor parity[v] for compressed paths (parent[v] is\n"
"v's root); roots still unknown count as 0.");

static PyObject *values(PyObject *self, PyObject *args, PyObject *kwargs) {
    (void)self;
    static char *keywords[] = {"parent", "parity", "value", "out", NULL};
    PyObject *parent_o, *parity_o, *value_o, *out_o;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OOOO:values", keywords, &parent_o,
                                     &parity_o, &value_o, &out_o))
        return NULL;
    shell_views views = {.count = 0};
    ms_uf_views uv;
    Py_buffer *out_v = NULL;
    if (ms_uf_open(&views, parent_o, parity_o, value_o, false, false, &uv) == 0)
        out_v = shell_views_get(&views, out_o, '?', 1, uv.n, true, "out");
    if (!out_v) {
        shell_views_release(&views);
        return NULL;
    }
    PyObject *result = NULL;
    const int32_t *parent = uv.parent->buf;
    const uint8_t *parity = uv.parity->buf;
    const int8_t *value = uv.value->buf;
    bool *out = out_v->buf;
    Py_ssize_t n = uv.n, bad = -1;
    Py_BEGIN_ALLOW_THREADS
    uint32_t top = 0; /* the parents are checked first, in a loop the compiler vectorises */
    for (Py_ssize_t v = 0; v < n; v++)
        top = (uint32_t)parent[v] > top ? (uint32_t)parent[v] : top;
    if (n > 0 && top >= (uint64_t)n) {
        for (bad = 0; (uint32_t)parent[bad] < (uint64_t)n; bad++)
            ;
    } else {
        for (Py_ssize_t v = 0; v < n; v++) {
            int8_t base = value[parent[v]];
            out[v] = ((base >= 0 ? base : 0) ^ parity[v]) == 1;
        }
    }
    Py_END_ALLOW_THREADS
    if (bad >= 0) {
        PyErr_Format(PyExc_ValueError, "parent[%zd] = %d: must be 0..%zd", bad,
                     (int)parent[bad], n - 1);
        goto done;
    }
    result = Py_NewRef(Py_None);
done:
    shell_views_release(&views);
    return result;
}

PyDoc_STRVAR(violated_doc,
"violated(ptr, vars, need, mine) -> int\n"
"--\n\n"
"The first constraint the arrangement mine (bool, one per variable) breaks, or -1.");

static PyObject *violated(PyObject *self, PyObject *args, PyObject *kwargs) {
    (void)self;
    static char *keywords[] = {"ptr", "vars", "need", "mine", NULL};
    PyObject *ptr_o, *vars_o, *need_o, *mine_o;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OOOO:violated", keywords, &ptr_o, &vars_o,
                                     &need_o, &mine_o))
        return NULL;
    shell_views views = {.count = 0};
    Py_buffer *mine_v = shell_views_get(&views, mine_o, '?', 1, -1, false, "mine");
    if (!mine_v)
        return NULL;
    ms_csr c;
    if (ms_csr_open(&views, ptr_o, vars_o, need_o, shell_len(mine_v), false, &c) < 0) {
        shell_views_release(&views);
        return NULL;
    }
    const int64_t *ptr = c.ptr->buf;
    const int32_t *vs = c.vars->buf;
    const int16_t *need = c.need->buf;
    const bool *mine = mine_v->buf;
    const int64_t nv = (int64_t)shell_len(c.vars), n = (int64_t)shell_len(mine_v);
    Py_ssize_t m = c.m, bad = -1, broken = -1;
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t j = 0; j < m && bad < 0 && broken < 0; j++) {
        if (ptr[j + 1] < ptr[j] || ptr[j + 1] > nv) {
            broken = j;
            break;
        }
        int64_t s = 0;
        for (int64_t e = ptr[j]; e < ptr[j + 1]; e++) {
            if (vs[e] < 0 || vs[e] >= n) {
                broken = j;
                break;
            }
            s += mine[vs[e]];
        }
        if (broken < 0 && s != need[j])
            bad = j;
    }
    Py_END_ALLOW_THREADS
    shell_views_release(&views);
    if (broken >= 0) {
        PyErr_Format(PyExc_ValueError,
                     "constraint %zd: ptr goes backwards or past vars, or names a variable "
                     "outside mine", broken);
        return NULL;
    }
    return PyLong_FromSsize_t(bad);
}

/* ---- the analysis in one call ------------------------------------------------------- */

PyDoc_STRVAR(analyse_doc,
"analyse(cells, count_mines, max_rounds, cap, max_states, work)\n"
"--\n\n"
"extract, collapse and groups (dry, whole, with the compiled sweeps, each group in the\n"
"order its squares' places give) in one call, for a board whose groups all sweep in 64\n"
"bits within cap bytes, max_states states at a boundary and work partial counts and sums.\n"
"Returns (1,) when a number cannot hold, (2,) when a group passes those limits or 64 bits\n"
"(the calls one by one say why, and what else counts it), else (0, flags, fixed, squares,\n"
"order, polys, classes, parent, parity, value, touched, codes): flags, the known mines;\n"
"squares, the covered squares as (row, col) row by row; fixed, the mines of the squares\n"
"the collapse fixed;\n"
"order, each group's classes (their roots); polys, each group's arrangements by mines;\n"
"classes, for each group and each of its classes in order, its arrangements with the\n"
"class 1 by the group's mines (lists of ints); then as bytes the union-find (int32,\n"
"uint8, int8), which squares a number sees (bool) and each square's code (int32), as\n"
"collapse and groups give them.");

static PyObject *ms_int_list(const uint64_t *at, Py_ssize_t len) {
    PyObject *out = PyList_New(len);
    for (Py_ssize_t i = 0; out != NULL && i < len; i++) {
        PyObject *k = PyLong_FromUnsignedLongLong(at[i]);
        if (k == NULL)
            Py_CLEAR(out);
        else
            PyList_SET_ITEM(out, i, k);
    }
    return out;
}

/* The squares (row, col) of boards up to MS_SHARED_SIDE a side, made once each and
 * shared by every answer (tuples are immutable): a player asks for thousands of
 * positions a second, each with hundreds of covered squares. */
#define MS_SHARED_SIDE 128
static PyObject *ms_shared_squares[MS_SHARED_SIDE * MS_SHARED_SIDE];

/* The square (r, c) as a new reference; NULL with an exception set. */
static PyObject *ms_square(int32_t r, int32_t c) {
    bool shared = r >= 0 && c >= 0 && r < MS_SHARED_SIDE && c < MS_SHARED_SIDE;
    PyObject **slot = shared ? &ms_shared_squares[r * MS_SHARED_SIDE + c] : NULL;
    if (slot && *slot)
        return Py_NewRef(*slot);
    PyObject *sq = Py_BuildValue("(ii)", (int)r, (int)c);
    if (sq && slot)
        *slot = Py_NewRef(sq);
    return sq;
}

/* The answer of analyse from its parts (NULL with an exception set). */
static PyObject *ms_analysed(Py_ssize_t flags, Py_ssize_t n, const int32_t *rows, const int32_t *cols,
                             const int32_t *parent, const uint8_t *parity, const int8_t *value,
                             const bool *touched, const ms_groups_out *o) {
    PyObject *squares = PyList_New(n), *order = PyList_New(o->G), *polys = PyList_New(o->G),
             *classes = PyList_New(o->G);
    bool ok = squares && order && polys && classes;
    for (Py_ssize_t v = 0; ok && v < n; v++) {
        PyObject *sq = ms_square(rows[v], cols[v]);
        ok = sq != NULL;
        if (ok)
            PyList_SET_ITEM(squares, v, sq);
    }
    const uint64_t *every = o->swept.polys.data, *counts = o->swept.classes.data;
    for (int64_t g = 0; ok && g < o->G; g++) {
        int64_t lo = o->gptr[g], hi = o->gptr[g + 1];
        Py_ssize_t size = (Py_ssize_t)(o->swept.pptr[g + 1] - o->swept.pptr[g]);
        PyObject *roots = PyList_New((Py_ssize_t)(hi - lo));
        PyObject *rows_one = PyList_New((Py_ssize_t)(hi - lo));
        PyObject *poly = ms_int_list(every + o->swept.pptr[g], size);
        ok = roots && rows_one && poly;
        for (int64_t c = lo; ok && c < hi; c++) {
            PyObject *root = PyLong_FromLong(o->order[c]);
            PyObject *row = ms_int_list(counts + o->swept.cptr[g] + (c - lo) * size, size);
            ok = root && row;
            if (root)
                PyList_SET_ITEM(roots, c - lo, root);
            if (row)
                PyList_SET_ITEM(rows_one, c - lo, row);
        }
        if (roots)
            PyList_SET_ITEM(order, g, roots);
        if (poly)
            PyList_SET_ITEM(polys, g, poly);
        if (rows_one)
            PyList_SET_ITEM(classes, g, rows_one);
    }
    PyObject *result = NULL;
    if (ok)
        result = Py_BuildValue("(inLOOOOy#y#y#y#y#)", 0, flags, (long long)o->fixed, squares, order,
                               polys, classes, (const char *)parent, n * 4,
                               (const char *)parity, n, (const char *)value, n,
                               (const char *)touched, n, (const char *)o->codes, n * 4);
    Py_XDECREF(squares);
    Py_XDECREF(order);
    Py_XDECREF(polys);
    Py_XDECREF(classes);
    return result;
}

static PyObject *analyse(PyObject *self, PyObject *args, PyObject *kwargs) {
    (void)self;
    static char *keywords[] = {"cells", "count_mines", "max_rounds", "cap", "max_states",
                               "work", NULL};
    PyObject *cells_o;
    int count_mines;
    long long max_rounds, cap, max_states, work;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OpLLLL:analyse", keywords, &cells_o,
                                     &count_mines, &max_rounds, &cap, &max_states, &work))
        return NULL;
    shell_views views = {.count = 0};
    Py_ssize_t h, w;
    Py_buffer *cells_view = ms_cells_open(&views, cells_o, &h, &w);
    if (!cells_view) {
        shell_views_release(&views);
        return NULL;
    }
    const int8_t *cells = cells_view->buf;
    Py_ssize_t n, m, entries, flags = 0;
    ms_sizes_of(cells, h, w, &n, &m, &entries);
    for (Py_ssize_t i = 0; i < h * w; i++)
        flags += cells[i] == -2;
    size_t nn = (size_t)(n ? n : 1), mm = (size_t)(m ? m : 1);
    int32_t *rows = malloc(4 * nn), *cols = malloc(4 * nn), *cr = malloc(4 * mm),
            *cc = malloc(4 * mm), *vs = malloc(4 * (size_t)(entries ? entries : 1)),
            *ring = malloc(12 * (size_t)(w ? w : 1)), *parent = malloc(4 * nn);
    int64_t *ptr = malloc(8 * (mm + 1));
    int16_t *need = malloc(2 * mm);
    uint8_t *parity = malloc(nn);
    int8_t *value = malloc(nn);
    bool *touched = calloc(nn, 1), *done = malloc(mm);
    ms_groups_out o = {0};
    int status = 0, failed = 0;
    if (!rows || !cols || !cr || !cc || !vs || !ring || !parent || !ptr || !need || !parity ||
        !value || !touched || !done) {
        failed = -1;
        goto out;
    }
    long long rounds = 0;
    Py_ssize_t bad = -1;
    Py_BEGIN_ALLOW_THREADS
    if (!ms_extract_run(cells, h, w, n, m, entries, rows, cols, cr, cc, ptr, vs, need, ring))
        failed = -3;
    for (Py_ssize_t e = 0; !failed && e < entries; e++)
        touched[vs[e]] = true;
    if (!failed)
        failed = ms_collapse_run(n, m, ptr, vs, need, max_rounds, parent, parity, value, done,
                                 &rounds, &bad);
    Py_END_ALLOW_THREADS
    if (failed)
        goto out;
    if (bad >= 0) {
        status = 1;
        goto out;
    }
    ms_groups_in in = {n, m, parent, parity, value, touched, ptr, vs, need, rows, cols,
                       count_mines, true, true, true, false, cap, max_states, work};
    failed = ms_groups_run(&in, &o);
    if (failed)
        goto out;
    status = o.status == 0 ? 0 : o.status == 1 ? 1 : 2;
    for (int64_t g = 0; status == 0 && g < o.G; g++)
        if (o.swept.status[g])
            status = 2;
out:;
    PyObject *result = NULL;
    if (failed == -1)
        PyErr_NoMemory();
    else if (failed == -3)
        PyErr_SetString(PyExc_RuntimeError, "the board changed while it was read");
    else if (!failed && status)
        result = Py_BuildValue("(i)", status);
    else if (!failed)
        result = ms_analysed(flags, n, rows, cols, parent, parity, value, touched, &o);
    ms_groups_out_free(&o);
    free(rows);
    free(cols);
    free(cr);
    free(cc);
    free(vs);
    free(ring);
    free(parent);
    free(ptr);
    free(need);
    free(parity);
    free(value);
    free(touched);
    free(done);
    shell_views_release(&views);
    return result;
}

static PyMethodDef methods[] = {
    {"analyse", (PyCFunction)(void (*)(void))analyse, METH_VARARGS | METH_KEYWORDS, analyse_doc},
    {"extract_sizes", (PyCFunction)(void (*)(void))extract_sizes, METH_VARARGS | METH_KEYWORDS,
     extract_sizes_doc},
    {"extract", (PyCFunction)(void (*)(void))extract, METH_VARARGS | METH_KEYWORDS, extract_doc},
    {"collapse", (PyCFunction)(void (*)(void))collapse, METH_VARARGS | METH_KEYWORDS,
     collapse_doc},
    {"clauses", (PyCFunction)(void (*)(void))clauses, METH_VARARGS | METH_KEYWORDS, clauses_doc},
    {"values", (PyCFunction)(void (*)(void))values, METH_VARARGS | METH_KEYWORDS, values_doc},
    {"violated", (PyCFunction)(void (*)(void))violated, METH_VARARGS | METH_KEYWORDS,
     violated_doc},
    {"weigh", (PyCFunction)(void (*)(void))ms_weigh, METH_VARARGS | METH_KEYWORDS,
     MS_WEIGH_DOC},
    {"groups", (PyCFunction)(void (*)(void))ms_groups, METH_VARARGS | METH_KEYWORDS,
     MS_GROUPS_DOC},
    {"sweeps", (PyCFunction)(void (*)(void))ms_sweeps, METH_VARARGS | METH_KEYWORDS,
     MS_SWEEPS_DOC},
    {NULL, NULL, 0, NULL},
};

PyDoc_STRVAR(module_doc,
"Minesweeper kernels: a board's constraints in CSR form, their collapse through a\n"
"union-find with parity, the clauses left for SAT and the check of an arrangement.");

SHELL_MODULE(mines, "minesweeper._core.mines", module_doc, methods)
