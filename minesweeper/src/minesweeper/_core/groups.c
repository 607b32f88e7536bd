/* The groups of a collapsed board and the plan of their sweeps (the compiled form of
 * minesweeper.analysis.probability's _classes, _groups and _sweep_order, which stay there
 * as the readable reference the tests hold this against), with a dry run of the sweeps
 * that counts what they would hold, so that a board too entangled for them is refused
 * before any table is built.
 *
 * A class is a free root of the union-find that some frontier square hangs from; the
 * numbers still open become rows `sum coef * class = rhs` over the classes; the rows
 * split the classes into groups, each swept class by class in a greedy order that keeps
 * few rows open.  The sweep of a group keeps, at each boundary, its distinct states (the
 * partial sums of the rows open there) and for each a polynomial in the mines placed
 * (one entry without a total); what it holds in all, counted as the Python sweep counts
 * it, is its spans (one per boundary and open row, for the bounds) and, at every
 * boundary, each state's partial sums and partial counts.
 */
#include "groups.h"
#include "grow.h"
#include "plan.h"
#include "states.h"
#include "sweeps.h"

#include <stdlib.h>

#define MS_GROUPS_MAX_SEEN 8


/* ---- the greedy order ----------------------------------------------------------------- */

typedef struct {
    int32_t grows, far, root, cls; /* the key (grows, -near, root) and the class */
} gr_entry;

static inline bool gr_less(const gr_entry *a, const gr_entry *b) {
    if (a->grows != b->grows)
        return a->grows < b->grows;
    if (a->far != b->far)
        return a->far < b->far;
    return a->root < b->root;
}

static bool gr_push(ms_grow *heap, gr_entry e) {
    if (!ms_grow_reserve(heap, 1))
        return false;
    gr_entry *h = (gr_entry *)heap->data;
    size_t i = heap->len++;
    while (i > 0) {
        size_t up = (i - 1) / 2;
        if (!gr_less(&e, &h[up]))
            break;
        h[i] = h[up];
        i = up;
    }
    h[i] = e;
    return true;
}

static gr_entry gr_pop(ms_grow *heap) {
    gr_entry *h = (gr_entry *)heap->data;
    gr_entry top = h[0], last = h[--heap->len];
    size_t n = heap->len, i = 0;
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= n)
            break;
        if (c + 1 < n && gr_less(&h[c + 1], &h[c]))
            c++;
        if (!gr_less(&h[c], &last))
            break;
        h[i] = h[c];
        i = c;
    }
    if (n)
        h[i] = last;
    return top;
}

typedef struct {
    /* rows over classes (CSR) and the rows of each class (CSR) */
    const int64_t *rptr;
    const int32_t *rcls;
    const int64_t *cptr;
    const int32_t *crow;
    const int32_t *root; /* the root (square) of each class */
    int32_t *left;       /* classes of each row still to place */
    uint8_t *opened;
    uint8_t *placed;
} gr_order_ctx;

static gr_entry gr_key(const gr_order_ctx *x, int32_t c) {
    int32_t grows = 0, near = 0;
    for (int64_t e = x->cptr[c]; e < x->cptr[c + 1]; e++) {
        int32_t j = x->crow[e];
        if (x->left[j] == 1)
            grows--;
        else if (!x->opened[j])
            grows++;
        near += x->opened[j];
    }
    return (gr_entry){grows, -near, x->root[c], c};
}


/* `cls[0..k)` sorted by `key` (stable, bottom-up merge); 0, or -1 out of memory. */
static int gr_sort_by(int32_t *cls, int64_t *key, int32_t k) {
    int64_t *tk = malloc(sizeof(int64_t) * (size_t)(k ? k : 1));
    int32_t *tc = malloc(sizeof(int32_t) * (size_t)(k ? k : 1));
    if (tk == NULL || tc == NULL) {
        free(tk);
        free(tc);
        return -1;
    }
    for (int32_t width = 1; width < k; width *= 2) {
        for (int32_t lo = 0; lo < k; lo += 2 * width) {
            int32_t mid = k - lo > width ? lo + width : k;
            int32_t hi = k - mid > width ? mid + width : k;
            int32_t a = lo, b = mid, o = lo;
            while (a < mid || b < hi) {
                bool take_b = a >= mid || (b < hi && key[b] < key[a]);
                int32_t s = take_b ? b++ : a++;
                tk[o] = key[s];
                tc[o++] = cls[s];
            }
        }
        memcpy(key, tk, sizeof(int64_t) * (size_t)k);
        memcpy(cls, tc, sizeof(int32_t) * (size_t)k);
    }
    free(tk);
    free(tc);
    return 0;
}

/* Place class c: its rows open, the spans of the boundary after it taken off *spans, its
 * rows' classes left counted down.  *active: the rows open at the class placed. */
static void gr_place(gr_order_ctx *x, int32_t c, int32_t *active, int64_t *spans) {
    x->placed[c] = 1;
    for (int64_t e = x->cptr[c]; e < x->cptr[c + 1]; e++) {
        int32_t j = x->crow[e];
        *active += !x->opened[j];
        x->opened[j] = 1;
    }
    *spans -= *active;
    for (int64_t e = x->cptr[c]; e < x->cptr[c + 1]; e++)
        *active -= (--x->left[x->crow[e]] == 0);
}

/* The classes `cls[0..k)` of one group in sweep order, into `out` (`cls` is reordered);
 * their spans taken off *spans.  0; 1 when *spans went below 0 (the order is then left
 * unfinished); -1 out of memory.  Groups of one or two classes go by root. */
static int gr_order(gr_order_ctx *x, int32_t *cls, int32_t k, int32_t *out, int64_t *spans,
                    ms_grow *heap) {
    int64_t *key = malloc(sizeof(int64_t) * (size_t)(k ? k : 1));
    if (key == NULL)
        return -1;
    bool small = k < 3;
    for (int32_t i = 0; i < k; i++) { /* (rows, root), or the root alone */
        int32_t c = cls[i];
        int64_t rows = small ? 0 : x->cptr[c + 1] - x->cptr[c];
        key[i] = (rows << 32) | (int64_t)x->root[c];
    }
    int failed = gr_sort_by(cls, key, k);
    free(key);
    if (failed)
        return -1;
    int32_t active = 0, placed = 0, next_start = 0;
    if (small) {
        for (; placed < k; placed++) {
            out[placed] = cls[placed];
            gr_place(x, cls[placed], &active, spans);
        }
        return *spans < 0;
    }
    heap->len = 0;
    while (placed < k) {
        int32_t c;
        if (heap->len == 0) {
            while (x->placed[cls[next_start]])
                next_start++;
            c = cls[next_start];
        } else {
            gr_entry top = gr_pop(heap);
            c = top.cls;
            if (x->placed[c])
                continue;
            gr_entry now = gr_key(x, c);
            if (now.grows != top.grows || now.far != top.far) { /* stale: its rows moved on */
                if (!gr_push(heap, now))
                    return -1;
                continue;
            }
        }
        out[placed++] = c;
        gr_place(x, c, &active, spans);
        if (*spans < 0)
            return 1;
        for (int64_t e = x->cptr[c]; e < x->cptr[c + 1]; e++) {
            int32_t j = x->crow[e];
            for (int64_t f = x->rptr[j]; f < x->rptr[j + 1]; f++) {
                int32_t q = x->rcls[f];
                if (!x->placed[q] && !gr_push(heap, gr_key(x, q)))
                    return -1;
            }
        }
    }
    return 0;
}

/* The width (the most rows open at one class) and the spans (the rows' lengths in
 * positions, summed) of one group's classes in the order `ord[0..k)`, through the rows of
 * each class; `pos` (by class), `first`, `last` (by row) and `diff` (k + 1) are scratch. */
static void gr_measure(const gr_order_ctx *x, const int32_t *ord, int32_t k, int32_t *pos,
                       int32_t *first, int32_t *last, int32_t *diff, int64_t *width,
                       int64_t *spans) {
    for (int32_t i = 0; i < k; i++) {
        pos[ord[i]] = i;
        diff[i] = 0;
        for (int64_t e = x->cptr[ord[i]]; e < x->cptr[ord[i] + 1]; e++) {
            first[x->crow[e]] = k;
            last[x->crow[e]] = -1;
        }
    }
    diff[k] = 0;
    for (int32_t i = 0; i < k; i++)
        for (int64_t e = x->cptr[ord[i]]; e < x->cptr[ord[i] + 1]; e++) {
            int32_t j = x->crow[e];
            first[j] = i < first[j] ? i : first[j];
            last[j] = i > last[j] ? i : last[j];
        }
    *spans = 0;
    for (int32_t i = 0; i < k; i++)
        for (int64_t e = x->cptr[ord[i]]; e < x->cptr[ord[i] + 1]; e++) {
            int32_t j = x->crow[e];
            if (first[j] == i) { /* each row once, at its first class */
                diff[i]++;
                diff[last[j] + 1]--;
                *spans += last[j] - first[j] + 1;
            }
        }
    int64_t open = 0;
    *width = 0;
    for (int32_t i = 0; i < k; i++) {
        open += diff[i];
        *width = open > *width ? open : *width;
    }
}

/* Of the greedy order in `out` and the classes sorted by their root's column then row,
 * and by row then column (`at_row`, `at_col`: each square's place on the board), the
 * order with the least width, then the least spans (the greedy one on a tie) into `out`;
 * its spans in *spans.  A board built from a formula is swept along its length by
 * column: on one of 6 variables the greedy order keeps 36 rows open, by column 15.
 * 0, or -1 out of memory. */
static int gr_best_order(const gr_order_ctx *x, int32_t *out, int32_t k,
                         const int32_t *at_row, const int32_t *at_col, int32_t *pos,
                         int32_t *first, int32_t *last, int64_t *spans) {
    int32_t *diff = malloc(sizeof(int32_t) * ((size_t)k + 1));
    int32_t *cand = malloc(sizeof(int32_t) * (size_t)k);
    int64_t *key = malloc(sizeof(int64_t) * (size_t)k);
    int rc = -1;
    if (diff == NULL || cand == NULL || key == NULL)
        goto done;
    int64_t width, best_width;
    gr_measure(x, out, k, pos, first, last, diff, &best_width, spans);
    for (int by_row = 0; by_row < 2 && at_row != NULL && k >= 3; by_row++) {
        for (int32_t i = 0; i < k; i++) {
            int32_t r = x->root[out[i]];
            int64_t major = by_row ? at_row[r] : at_col[r];
            int64_t minor = by_row ? at_col[r] : at_row[r];
            cand[i] = out[i];
            key[i] = (major << 32) | minor;
        }
        if (gr_sort_by(cand, key, k) < 0)
            goto done;
        int64_t s;
        gr_measure(x, cand, k, pos, first, last, diff, &width, &s);
        if (width < best_width || (width == best_width && s < *spans)) {
            memcpy(out, cand, sizeof(int32_t) * (size_t)k);
            best_width = width;
            *spans = s;
        }
    }
    rc = 0;
done:
    free(diff);
    free(cand);
    free(key);
    return rc;
}

/* ---- the dry run of one group's sweep -------------------------------------------------- */

/* What the dry run found. */
enum {
    GR_FITS = 0,
    GR_CONTRADICTION = 1,
    GR_SPANS = 2,
    GR_STATES = 3,
    GR_ENTRIES = 4,
    GR_WORK = 5
};

typedef struct {
    int status;
    int64_t classes; /* of the group refused */
    int64_t at;      /* the class (from 1) where it was refused */
} gr_verdict;

/* One group of `k` classes in sweep order (their mines when 1 and 0 in ones/zeros), its
 * `nr` rows given as positions in the order (rpos), coefficients and right-hand sides:
 * the states of its sweep made boundary by boundary; with `whole` (a sweep that keeps
 * every boundary) what they hold is taken off *room, else (a sweep that keeps two) what
 * two boundaries hold together must stay within it.  What a boundary holds is counted as
 * the readable sweep holds it (a partial count per state and number of mines, a partial
 * sum per state and open row), or given `work` (the compiled sweep, sweeps.c) in the
 * bytes it keeps: 8 a partial count, 16 a state (where its counts begin, where it goes)
 * and 1 a partial sum (held two boundaries at a time, but counted at every one); the
 * partial counts and sums made are then taken off *work too, which bounds the time the
 * dry run (and the sweep) may take.  0 (the verdict says whether it fits), -1 out of
 * memory, -2 a signal's handler raised. */
static int gr_dry_run(int32_t k, const int32_t *ones, const int32_t *zeros, int64_t nr,
                      const int64_t *rptr, const int32_t *rpos, const int8_t *rcoef,
                      const int32_t *rrhs, int64_t max_states, bool whole, int64_t *work,
                      int64_t *room, gr_verdict *verdict, PyThreadState **save) {
    int rc = -1;
    gr_plan p;
    gr_states a = {0}, b = {0};
    if (!gr_plan_init(&p, k, nr, rptr, rpos, rcoef, rrhs) || !gr_states_reset(&a, 0))
        goto done;
    bool fresh;
    int32_t grew, index;
    /* the empty state, polynomial [1] */
    if (gr_states_add(&a, p.next, 1, &fresh, &grew, &index) < 0)
        goto done;
    uint64_t steps = 0;
    int64_t before = 1; /* what the boundary behind holds: the empty state's one count */
    for (int32_t i = 0; i < k; i++) {
        gr_plan_boundary(&p, i);
        size_t width = p.width, after = p.after;
        if (!gr_states_reset(&b, after))
            goto done;
        int64_t held = 0, limit = whole ? *room : *room - before, made = 0;
        for (size_t s = 0; s < a.count; s++) {
            if ((++steps & 0xffff) == 0 && shell_signal_raised(save)) {
                rc = -2;
                goto done;
            }
            for (int x = 0; x < 2; x++) {
                if (!gr_plan_step(&p, i, width ? a.sums + s * width : NULL, x))
                    continue;
                int32_t len = a.len[s] + (x ? ones[i] : zeros[i]);
                if (gr_states_add(&b, p.next, len, &fresh, &grew, &index) < 0)
                    goto done;
                made += grew + (fresh ? (int64_t)after : 0);
                held += work ? 8 * (int64_t)grew + (fresh ? 16 + (int64_t)after : 0)
                             : grew + (fresh ? (int64_t)after : 0);
                if ((int64_t)b.count > max_states || held > limit || (work && made > *work)) {
                    verdict->status = held > limit ? GR_ENTRIES
                                      : (int64_t)b.count > max_states ? GR_STATES
                                                                       : GR_WORK;
                    verdict->classes = k;
                    verdict->at = i + 1;
                    rc = 0;
                    goto done;
                }
            }
        }
        if (whole)
            *room -= held;
        if (work)
            *work -= made;
        before = held;
        gr_plan_advance(&p);
        gr_states t = a;
        a = b;
        b = t;
    }
    rc = 0;
done:
    gr_plan_free(&p);
    gr_states_free(&a);
    gr_states_free(&b);
    return rc;
}

/* ---- the binding ----------------------------------------------------------------------- */

/* A bytes object of `count` items of `item` bytes from `data` (NULL: empty). */
static PyObject *gr_bytes(const void *data, size_t count, size_t item) {
    return PyBytes_FromStringAndSize(count ? (const char *)data : "", (Py_ssize_t)(count * item));
}

/* The union of two classes' components. */
static int32_t gr_find(int32_t *link, int32_t c) {
    while (link[c] != c) {
        link[c] = link[link[c]];
        c = link[c];
    }
    return c;
}

int ms_groups_run(const ms_groups_in *in, ms_groups_out *result) {
    Py_ssize_t n = in->n, m = in->m;
    const int32_t *parent = in->parent, *vs = in->vs, *at_row = in->at_row, *at_col = in->at_col;
    const uint8_t *parity = in->parity;
    const int8_t *value = in->value;
    const bool *touched = in->touched;
    const int64_t *ptr = in->ptr;
    const int16_t *need = in->need;
    const bool count_mines = in->count_mines, dry = in->dry, whole = in->whole,
               sweep = in->sweep, defer = in->defer;
    const int64_t cap = in->cap, max_states = in->max_states, work = in->work;
    size_t nn = (size_t)(n ? n : 1), mm = (size_t)(m ? m : 1);
    size_t ee = (size_t)(ptr[m] ? ptr[m] : 1);
    int32_t *cls = malloc(sizeof(int32_t) * nn);
    int32_t *root = malloc(sizeof(int32_t) * nn);
    int32_t *ones = malloc(sizeof(int32_t) * nn);
    int32_t *zeros = malloc(sizeof(int32_t) * nn);
    int64_t *rptr = malloc(sizeof(int64_t) * (mm + 1));
    int32_t *rcls = malloc(sizeof(int32_t) * ee);
    int8_t *rcoef = malloc(ee);
    int32_t *rrhs = malloc(sizeof(int32_t) * mm);
    int32_t *link = NULL, *gof = NULL, *members = NULL, *order = NULL, *pos = NULL;
    int32_t *rfirst = NULL, *rlast = NULL;
    int64_t *cptr = NULL, *gptr = NULL, *grptr = NULL, *optr = NULL;
    int64_t *deferred = NULL; /* with defer: for each group, the status and class at which
                               * its dry run passed its limits (0 0: it fits) */
    uint8_t *skip = NULL;
    int32_t *crow = NULL, *rorder = NULL, *opos = NULL, *orhs = NULL, *oones = NULL,
            *ozeros = NULL, *left = NULL, *noones = NULL, *gidx = NULL, *codes = NULL;
    ms_swept swept = {0};
    int8_t *ocoef = NULL;
    uint8_t *opened = NULL, *placed = NULL;
    ms_grow heap = {.item = sizeof(gr_entry)};
    gr_verdict verdict = {GR_FITS, 0, 0};
    int64_t fixed = 0, K = 0, R = 0, G = 0;
    int failed = 0; /* -1 out of memory, -2 a signal */
    if (!cls || !root || !ones || !zeros || !rptr || !rcls || !rcoef || !rrhs) {
        failed = -1;
        goto out;
    }
    PyThreadState *save = PyEval_SaveThread();
    /* the classes, in order of their first square */
    for (Py_ssize_t v = 0; v < n; v++)
        cls[v] = -1;
    for (Py_ssize_t v = 0; v < n; v++) {
        if (!touched[v])
            continue;
        int32_t r = parent[v];
        if (value[r] >= 0) {
            fixed += value[r] ^ parity[v];
            continue;
        }
        if (cls[r] < 0) {
            cls[r] = (int32_t)K;
            root[K] = r;
            ones[K] = zeros[K] = 0;
            K++;
        }
        if (parity[v])
            zeros[cls[r]]++;
        else
            ones[cls[r]]++;
    }
    /* the open numbers over the classes */
    rptr[0] = 0;
    for (Py_ssize_t j = 0; j < m && verdict.status == GR_FITS; j++) {
        int32_t at[MS_GROUPS_MAX_SEEN];
        int coef[MS_GROUPS_MAX_SEEN];
        int k = 0, rhs = need[j];
        for (int64_t e = ptr[j]; e < ptr[j + 1]; e++) {
            int32_t v = vs[e], r = parent[v];
            if (value[r] >= 0) {
                rhs -= value[r] ^ parity[v];
                continue;
            }
            int d = parity[v] ? -1 : 1;
            rhs -= parity[v];
            int q = 0;
            while (q < k && at[q] != cls[r])
                q++;
            if (q == k) {
                at[k] = cls[r];
                coef[k++] = 0;
            }
            coef[q] += d;
        }
        int lo = 0, hi = 0, live = 0;
        for (int q = 0; q < k; q++) {
            if (coef[q] == 0)
                continue;
            at[live] = at[q];
            coef[live++] = coef[q];
            if (coef[q] < 0)
                lo += coef[q];
            else
                hi += coef[q];
        }
        if (rhs < lo || rhs > hi) {
            verdict.status = GR_CONTRADICTION;
            break;
        }
        if (live == 0 || (lo == hi && hi == rhs))
            continue;
        for (int q = 0; q < live; q++) {
            rcls[rptr[R] + q] = at[q];
            rcoef[rptr[R] + q] = (int8_t)coef[q];
        }
        rrhs[R] = rhs;
        rptr[R + 1] = rptr[R] + live;
        R++;
    }
    if (verdict.status != GR_FITS)
        goto unlocked;
    size_t kk = (size_t)(K ? K : 1), rr = (size_t)(R ? R : 1);
    link = malloc(sizeof(int32_t) * kk);
    gof = malloc(sizeof(int32_t) * kk);
    members = malloc(sizeof(int32_t) * kk);
    order = malloc(sizeof(int32_t) * kk);
    pos = malloc(sizeof(int32_t) * kk);
    cptr = calloc(kk + 1, sizeof(int64_t));
    crow = malloc(sizeof(int32_t) * (size_t)(rptr[R] ? rptr[R] : 1));
    gptr = calloc(kk + 1, sizeof(int64_t));
    grptr = calloc(kk + 1, sizeof(int64_t));
    rorder = malloc(sizeof(int32_t) * rr);
    left = malloc(sizeof(int32_t) * rr);
    rfirst = malloc(sizeof(int32_t) * rr);
    rlast = malloc(sizeof(int32_t) * rr);
    opened = calloc(rr, 1);
    placed = calloc(kk, 1);
    if (!link || !gof || !members || !order || !pos || !cptr || !crow || !gptr || !grptr ||
        !rorder || !left || !opened || !placed || !rfirst || !rlast) {
        failed = -1;
        goto unlocked;
    }
    /* the rows of each class, and the groups: components of the classes by rows */
    for (int64_t c = 0; c < K; c++)
        link[c] = (int32_t)c;
    for (int64_t j = 0; j < R; j++) {
        left[j] = (int32_t)(rptr[j + 1] - rptr[j]);
        for (int64_t e = rptr[j]; e < rptr[j + 1]; e++) {
            cptr[rcls[e] + 1]++;
            int32_t x = gr_find(link, rcls[rptr[j]]), y = gr_find(link, rcls[e]);
            if (x != y)
                link[x] = y;
        }
    }
    for (int64_t c = 0; c < K; c++)
        cptr[c + 1] += cptr[c];
    {
        int64_t *fill = malloc(sizeof(int64_t) * kk);
        if (fill == NULL) {
            failed = -1;
            goto unlocked;
        }
        memcpy(fill, cptr, sizeof(int64_t) * kk);
        for (int64_t j = 0; j < R; j++)
            for (int64_t e = rptr[j]; e < rptr[j + 1]; e++)
                crow[fill[rcls[e]]++] = (int32_t)j;
        free(fill);
    }
    for (int64_t c = 0; c < K; c++)
        gof[c] = -1;
    for (int64_t c = 0; c < K; c++) { /* a group numbered at its first class */
        int32_t top = gr_find(link, (int32_t)c);
        if (gof[top] < 0)
            gof[top] = (int32_t)G++;
        gptr[gof[top] + 1]++;
    }
    for (int64_t g = 0; g < G; g++)
        gptr[g + 1] += gptr[g];
    {
        int64_t *fill = malloc(sizeof(int64_t) * kk);
        if (fill == NULL) {
            failed = -1;
            goto unlocked;
        }
        memcpy(fill, gptr, sizeof(int64_t) * kk);
        for (int64_t c = 0; c < K; c++)
            members[fill[gof[gr_find(link, (int32_t)c)]]++] = (int32_t)c;
        for (int64_t j = 0; j < R; j++)
            grptr[gof[gr_find(link, rcls[rptr[j]])] + 1]++;
        for (int64_t g = 0; g < G; g++)
            grptr[g + 1] += grptr[g];
        memcpy(fill, grptr, sizeof(int64_t) * kk);
        for (int64_t j = 0; j < R; j++)
            rorder[fill[gof[gr_find(link, rcls[rptr[j]])]]++] = (int32_t)j;
        free(fill);
    }
    /* each group in its sweep order, its spans counted against the cap */
    gr_order_ctx ctx = {rptr, rcls, cptr, crow, root, left, opened, placed};
    /* with sweep (and whole) the dry run counts the bytes of the compiled sweep */
    bool compiled = sweep && whole;
    int64_t spans = cap;
    for (int64_t g = 0; g < G; g++) {
        int32_t k = (int32_t)(gptr[g + 1] - gptr[g]);
        int64_t whole_spans = INT64_MAX, chosen = 0; /* the greedy order made whole */
        int got = gr_order(&ctx, members + gptr[g], k, order + gptr[g], &whole_spans, &heap);
        if (got == 0 && gr_best_order(&ctx, order + gptr[g], k, at_row, at_col, pos, rfirst,
                                      rlast, &chosen) < 0)
            got = -1;
        if (got < 0) {
            failed = -1;
            goto unlocked;
        }
        spans -= compiled ? 0 : chosen; /* the compiled sweep builds no bounds */
        if (spans < 0) {
            verdict = (gr_verdict){GR_SPANS, k, 0};
            goto unlocked;
        }
        for (int32_t i = 0; i < k; i++)
            pos[order[gptr[g] + i]] = i;
    }
    /* the rows of each group over the positions of its classes, in order */
    optr = malloc(sizeof(int64_t) * (rr + 1));
    opos = malloc(sizeof(int32_t) * (size_t)(rptr[R] ? rptr[R] : 1));
    ocoef = malloc((size_t)(rptr[R] ? rptr[R] : 1));
    orhs = malloc(sizeof(int32_t) * rr);
    oones = malloc(sizeof(int32_t) * kk);
    ozeros = malloc(sizeof(int32_t) * kk);
    noones = calloc(kk, sizeof(int32_t));
    gidx = malloc(sizeof(int32_t) * kk);
    if (!optr || !opos || !ocoef || !orhs || !oones || !ozeros || !noones || !gidx) {
        failed = -1;
        goto unlocked;
    }
    optr[0] = 0;
    for (int64_t t = 0; t < R; t++) {
        int32_t j = rorder[t];
        int64_t base = optr[t], len = rptr[j + 1] - rptr[j];
        for (int64_t q = 0; q < len; q++) { /* by position: an insertion into at most 8 */
            int32_t p = pos[rcls[rptr[j] + q]];
            int8_t c = rcoef[rptr[j] + q];
            int64_t s = q;
            while (s > 0 && opos[base + s - 1] > p) {
                opos[base + s] = opos[base + s - 1];
                ocoef[base + s] = ocoef[base + s - 1];
                s--;
            }
            opos[base + s] = p;
            ocoef[base + s] = c;
        }
        orhs[t] = rrhs[j];
        optr[t + 1] = base + len;
    }
    for (int64_t i = 0; i < K; i++) {
        oones[i] = ones[order[i]];
        ozeros[i] = zeros[order[i]];
        gidx[order[i]] = (int32_t)i;
        order[i] = root[order[i]]; /* the order as the classes' roots */
    }
    /* the dry run of the sweeps, group by group, against what they may hold in all; with
     * defer (and the compiled sweep) a group past the states, bytes or work it may have is
     * set aside, with what it would have taken given back, for the caller to count
     * otherwise */
    int64_t room = cap, work_left = (int64_t)work;
    bool deferring = defer && compiled && dry;
    if (deferring) {
        deferred = calloc(2 * (size_t)(G ? G : 1), sizeof(int64_t));
        skip = calloc((size_t)(G ? G : 1), 1);
        if (deferred == NULL || skip == NULL) {
            failed = -1;
            goto unlocked;
        }
    }
    for (int64_t g = 0; g < G && dry; g++) {
        int64_t room_before = room, work_before = work_left;
        for (int64_t t = grptr[g]; t < grptr[g + 1] && !compiled; t++)
            room -= opos[optr[t + 1] - 1] - opos[optr[t]] + 1;
        int32_t k = (int32_t)(gptr[g + 1] - gptr[g]);
        if (room < 0) {
            verdict = (gr_verdict){GR_SPANS, k, 0};
            break;
        }
        int64_t r0 = grptr[g];
        int64_t *rel = malloc(sizeof(int64_t) * (size_t)(grptr[g + 1] - r0 + 1));
        if (rel == NULL) {
            failed = -1;
            break;
        }
        for (int64_t t = r0; t <= grptr[g + 1]; t++)
            rel[t - r0] = optr[t] - optr[r0];
        int got = gr_dry_run(k, count_mines ? oones + gptr[g] : noones,
                             count_mines ? ozeros + gptr[g] : noones, grptr[g + 1] - r0, rel,
                             opos + optr[r0], ocoef + optr[r0], orhs + r0, max_states,
                             whole, compiled ? &work_left : NULL, &room, &verdict, &save);
        free(rel);
        if (got < 0) {
            failed = got;
            break;
        }
        if (deferring && (verdict.status == GR_STATES || verdict.status == GR_ENTRIES ||
                          verdict.status == GR_WORK)) {
            deferred[2 * g] = verdict.status;
            deferred[2 * g + 1] = verdict.at;
            skip[g] = 1;
            room = room_before;
            work_left = work_before;
            verdict = (gr_verdict){GR_FITS, 0, 0};
            continue;
        }
        if (verdict.status != GR_FITS)
            break;
    }
    /* with sweep, the sweeps themselves, and each square's code: 0 or 1 a square the
     * collapse fixed, 2 one no number sees, 3 + 2 q + parity one of the class at place q
     * of the groups' orders */
    if (sweep && dry && !failed && verdict.status == GR_FITS) {
        failed = ms_sweep_all(G, gptr, count_mines ? oones : noones,
                              count_mines ? ozeros : noones, grptr, optr, opos, ocoef, orhs,
                              skip, &swept, &save);
        codes = malloc(sizeof(int32_t) * nn);
        if (!failed && codes == NULL)
            failed = -1;
        for (Py_ssize_t v = 0; v < n && !failed; v++) {
            int32_t r = parent[v];
            codes[v] = !touched[v]       ? 2
                       : value[r] >= 0 ? (value[r] ^ parity[v])
                                       : 3 + 2 * gidx[cls[r]] + parity[v];
        }
    }
unlocked:
    PyEval_RestoreThread(save);
out:
    *result = (ms_groups_out){.status = verdict.status, .classes = verdict.classes,
                              .at = verdict.at, .fixed = fixed, .K = K, .R = R, .G = G};
    if (failed == 0 && verdict.status == GR_FITS) { /* what the caller reads, handed over */
        result->gptr = gptr;
        result->grptr = grptr;
        result->optr = optr;
        result->deferred = deferred;
        result->order = order;
        result->oones = oones;
        result->ozeros = ozeros;
        result->opos = opos;
        result->orhs = orhs;
        result->codes = codes;
        result->ocoef = ocoef;
        result->swept = swept;
        gptr = grptr = optr = deferred = NULL;
        order = oones = ozeros = opos = orhs = codes = NULL;
        ocoef = NULL;
        swept = (ms_swept){0};
    }
    free(cls);
    free(root);
    free(ones);
    free(zeros);
    free(rptr);
    free(rcls);
    free(rcoef);
    free(rrhs);
    free(link);
    free(gof);
    free(members);
    free(order);
    free(pos);
    free(cptr);
    free(crow);
    free(gptr);
    free(grptr);
    free(rorder);
    free(left);
    free(rfirst);
    free(rlast);
    free(opened);
    free(placed);
    free(optr);
    free(opos);
    free(ocoef);
    free(orhs);
    free(oones);
    free(ozeros);
    free(noones);
    free(gidx);
    free(codes);
    free(deferred);
    free(skip);
    ms_swept_free(&swept);
    free(heap.data);
    return failed;
}

void ms_groups_out_free(ms_groups_out *o) {
    free(o->gptr);
    free(o->grptr);
    free(o->optr);
    free(o->deferred);
    free(o->order);
    free(o->oones);
    free(o->ozeros);
    free(o->opos);
    free(o->orhs);
    free(o->codes);
    free(o->ocoef);
    ms_swept_free(&o->swept);
    *o = (ms_groups_out){0};
}

PyObject *ms_groups(PyObject *self, PyObject *args, PyObject *kwargs) {
    (void)self;
    static char *keywords[] = {"parent", "parity", "value", "touched", "ptr", "vars", "need",
                               "count_mines", "cap", "max_states", "dry", "whole", "sweep",
                               "rows", "cols", "work", "defer", NULL};
    PyObject *parent_o, *parity_o, *value_o, *touched_o, *ptr_o, *vars_o, *need_o;
    PyObject *rows_o = Py_None, *cols_o = Py_None;
    int count_mines, dry, whole = 1, sweep = 0, defer = 0;
    long long cap, max_states, work = INT64_MAX;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OOOOOOOpLLp|ppOOLp:groups", keywords,
                                     &parent_o, &parity_o, &value_o, &touched_o, &ptr_o,
                                     &vars_o, &need_o, &count_mines, &cap, &max_states, &dry,
                                     &whole, &sweep, &rows_o, &cols_o, &work, &defer))
        return NULL;
    shell_views views = {.count = 0};
    Py_buffer *pv = shell_views_get(&views, parent_o, 'i', 4, -1, false, "parent");
    Py_ssize_t n = pv ? shell_len(pv) : 0;
    Py_buffer *qv = pv ? shell_views_get(&views, parity_o, 'B', 1, n, false, "parity") : NULL;
    Py_buffer *vv = qv ? shell_views_get(&views, value_o, 'b', 1, n, false, "value") : NULL;
    Py_buffer *tv = vv ? shell_views_get(&views, touched_o, '?', 1, n, false, "touched") : NULL;
    Py_buffer *ptrv = tv ? shell_views_get(&views, ptr_o, 'q', 8, 1, false, "ptr") : NULL;
    Py_buffer *varv = ptrv ? shell_views_get(&views, vars_o, 'i', 4, -1, false, "vars") : NULL;
    Py_buffer *needv = varv ? shell_views_get(&views, need_o, 'h', 2, -1, false, "need") : NULL;
    Py_buffer *rowv = NULL, *colv = NULL;
    if (needv != NULL && (rows_o != Py_None || cols_o != Py_None)) {
        rowv = shell_views_get(&views, rows_o, 'i', 4, n, false, "rows");
        colv = rowv ? shell_views_get(&views, cols_o, 'i', 4, n, false, "cols") : NULL;
        if (colv == NULL)
            needv = NULL;
    }
    if (needv == NULL) {
        shell_views_release(&views);
        return NULL;
    }
    const int32_t *at_row = rowv ? rowv->buf : NULL, *at_col = colv ? colv->buf : NULL;
    const int32_t *parent = pv->buf;
    const uint8_t *parity = qv->buf;
    const int8_t *value = vv->buf;
    const bool *touched = tv->buf;
    const int64_t *ptr = ptrv->buf;
    const int32_t *vs = varv->buf;
    const int16_t *need = needv->buf;
    Py_ssize_t m = shell_len(needv), nv = shell_len(varv);
    const char *broken = NULL;
    if (n > INT32_MAX || shell_len(ptrv) != m + 1 || ptr[0] != 0 || ptr[m] > nv)
        broken = "ptr must hold one more element than need, from 0 to at most len(vars)";
    for (Py_ssize_t v = 0; v < n && !broken; v++)
        if (parent[v] < 0 || parent[v] >= n || parent[parent[v]] != parent[v] || parity[v] > 1 ||
            value[v] < -1 || value[v] > 1)
            broken = "parent must give each square its root (a root its own parent), parity "
                     "0 or 1, value -1, 0 or 1";
    for (Py_ssize_t j = 0; j < m && !broken; j++) {
        if (ptr[j + 1] < ptr[j] || ptr[j + 1] - ptr[j] > MS_GROUPS_MAX_SEEN)
            broken = "a constraint spans more than eight squares, or ptr goes backwards";
        for (int64_t e = ptr[j]; e < ptr[j + 1] && !broken; e++)
            if (vs[e] < 0 || vs[e] >= n || !touched[vs[e]])
                broken = "a constraint names a square outside 0..n-1 or not marked touched";
    }
    if (broken) {
        PyErr_SetString(PyExc_ValueError, broken);
        shell_views_release(&views);
        return NULL;
    }
    ms_groups_in in = {n, m, parent, parity, value, touched, ptr, vs, need, at_row, at_col,
                       count_mines, dry, whole, sweep, defer, cap, max_states, work};
    ms_groups_out o;
    int failed = ms_groups_run(&in, &o);
    PyObject *result = NULL;
    if (failed == -1)
        PyErr_NoMemory();
    if (failed == 0) {
        bool fits = o.status == GR_FITS, swept_too = sweep && dry && fits;
        size_t entries = fits ? (size_t)o.optr[o.R] : 0;
        int64_t G = o.G, K = o.K, R = o.R;
        result = Py_BuildValue(
            "iLLLNNNNNNNNN", o.status, (long long)o.classes, (long long)o.at,
            (long long)o.fixed, gr_bytes(o.gptr, fits ? (size_t)G + 1 : 0, sizeof(int64_t)),
            gr_bytes(o.order, fits ? (size_t)K : 0, sizeof(int32_t)),
            gr_bytes(o.oones, fits ? (size_t)K : 0, sizeof(int32_t)),
            gr_bytes(o.ozeros, fits ? (size_t)K : 0, sizeof(int32_t)),
            gr_bytes(o.grptr, fits ? (size_t)G + 1 : 0, sizeof(int64_t)),
            gr_bytes(o.optr, fits ? (size_t)R + 1 : 0, sizeof(int64_t)),
            gr_bytes(o.opos, entries, sizeof(int32_t)), gr_bytes(o.ocoef, entries, 1),
            gr_bytes(o.orhs, fits ? (size_t)R : 0, sizeof(int32_t)));
        if (result != NULL && sweep) {
            PyObject *more = swept_too ? ms_swept_result(&o.swept) : Py_BuildValue("(yyyyy)",
                                                                                   "", "", "",
                                                                                   "", "");
            PyObject *code = gr_bytes(o.codes, swept_too ? (size_t)n : 0, sizeof(int32_t));
            PyObject *aside = gr_bytes(o.deferred, swept_too && o.deferred ? 2 * (size_t)G : 0,
                                       sizeof(int64_t));
            PyObject *joined = NULL;
            if (more && code && aside) {
                PyObject *both = PyTuple_Pack(1, code);
                PyObject *last = PyTuple_Pack(1, aside);
                PyObject *head = both ? PySequence_Concat(result, both) : NULL;
                PyObject *body = head ? PySequence_Concat(head, more) : NULL;
                joined = body && last ? PySequence_Concat(body, last) : NULL;
                Py_XDECREF(both);
                Py_XDECREF(last);
                Py_XDECREF(head);
                Py_XDECREF(body);
            }
            Py_XDECREF(more);
            Py_XDECREF(code);
            Py_XDECREF(aside);
            Py_SETREF(result, joined);
        }
    }
    ms_groups_out_free(&o);
    shell_views_release(&views);
    return result;
}
