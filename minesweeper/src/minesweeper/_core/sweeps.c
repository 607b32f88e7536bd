/* The sweeps of the groups with their counts (the compiled form of
 * minesweeper.analysis.probability's _forward and _class_counts, which stay there as the
 * readable reference the tests hold this against).
 *
 * A group of k classes in sweep order, with its rows over the classes' positions (as
 * groups() gives them), is swept forward: at each boundary its distinct states (the
 * partial sums of the rows open there), each with the arrangements so far by mines; then
 * backward: for each state, the completions by mines.  The group's polynomial is the one
 * count of its last boundary; for each class, the arrangements in which it is 1, by the
 * group's mines, are the forward counts before it times the backward counts after it.
 * Weighting these by what the rest of the board contributes (big integers) is left to
 * the caller, so every count here is a 64-bit integer: a group whose counts pass 2^64 is
 * marked and left to the readable sweep.
 */
#include "sweeps.h"
#include "plan.h"
#include "states.h"

enum { SW_DONE = 0, SW_OVERFLOW = 1 };

/* One boundary of the forward sweep: its states' counts (`off`: where each begins in
 * `coef`, count + 1 entries) and where each state goes when the next class is 0 or 1
 * (`next[2 s + x]`, -1 where a row can no longer hold). */
typedef struct {
    size_t count;
    int64_t *off;
    uint64_t *coef;
    int32_t *next;
} sw_boundary;

static void sw_boundary_free(sw_boundary *b) {
    free(b->off);
    free(b->coef);
    free(b->next);
}

/* Counts of one state, shifted by `shift`, added into `into`; false on overflow. */
static inline bool sw_add(uint64_t *into, const uint64_t *from, int64_t len, int32_t shift) {
    bool over = false;
    for (int64_t m = 0; m < len; m++)
        over |= __builtin_add_overflow(into[m + shift], from[m], &into[m + shift]);
    return !over;
}

/* One group swept (see the file's notes): its polynomial appended to `polys` and, class
 * after class, the arrangements with the class 1 by the group's mines to `classes`.
 * 0 done, 1 a count passed 64 bits (nothing appended), -1 out of memory, -2 a signal's
 * handler raised. */
static int sw_group(int32_t k, const int32_t *ones, const int32_t *zeros, int64_t nr,
                    const int64_t *rptr, const int32_t *rpos, const int8_t *rcoef,
                    const int32_t *rrhs, ms_grow *polys, ms_grow *classes,
                    PyThreadState **save) {
    int rc = -1;
    gr_plan p;
    bool planned = gr_plan_init(&p, k, nr, rptr, rpos, rcoef, rrhs);
    sw_boundary *at = calloc((size_t)k + 1, sizeof(sw_boundary));
    int64_t *boff = NULL, *nboff = NULL;
    uint64_t *back = NULL, *nback = NULL;
    gr_states a = {0}, b = {0};
    if (!planned || !at)
        goto done;
    /* forward: the boundary before class 0 holds the empty state, one arrangement */
    bool fresh;
    int32_t grew, index;
    if (!gr_states_reset(&a, 0) || gr_states_add(&a, p.next, 1, &fresh, &grew, &index) < 0)
        goto done;
    at[0].count = 1;
    at[0].off = malloc(2 * sizeof(int64_t));
    at[0].coef = malloc(sizeof(uint64_t));
    if (!at[0].off || !at[0].coef)
        goto done;
    at[0].off[0] = 0;
    at[0].off[1] = 1;
    at[0].coef[0] = 1;
    uint64_t steps = 0;
    for (int32_t i = 0; i < k; i++) {
        gr_plan_boundary(&p, i);
        size_t width = p.width;
        if (!gr_states_reset(&b, p.after))
            goto done;
        sw_boundary *here = &at[i], *there = &at[i + 1];
        here->next = malloc(sizeof(int32_t) * 2 * here->count);
        if (here->next == NULL)
            goto done;
        for (size_t s = 0; s < a.count; s++) {
            if ((++steps & 0xffff) == 0 && shell_signal_raised(save)) {
                rc = -2;
                goto done;
            }
            for (int x = 0; x < 2; x++) {
                here->next[2 * s + (size_t)x] = -1;
                if (!gr_plan_step(&p, i, width ? a.sums + s * width : NULL, x))
                    continue;
                int32_t len = (int32_t)(here->off[s + 1] - here->off[s]) +
                              (x ? ones[i] : zeros[i]);
                if (gr_states_add(&b, p.next, len, &fresh, &grew, &index) < 0)
                    goto done;
                here->next[2 * s + (size_t)x] = index;
            }
        }
        /* the counts of the states after class i */
        there->count = b.count;
        there->off = malloc(sizeof(int64_t) * (b.count + 1));
        if (there->off == NULL)
            goto done;
        there->off[0] = 0;
        for (size_t t = 0; t < b.count; t++)
            there->off[t + 1] = there->off[t] + b.len[t];
        there->coef = calloc((size_t)(there->off[b.count] ? there->off[b.count] : 1),
                             sizeof(uint64_t));
        if (there->coef == NULL)
            goto done;
        for (size_t s = 0; s < a.count; s++)
            for (int x = 0; x < 2; x++) {
                int32_t t = here->next[2 * s + (size_t)x];
                if (t >= 0 && !sw_add(there->coef + there->off[t], here->coef + here->off[s],
                                      here->off[s + 1] - here->off[s],
                                      x ? ones[i] : zeros[i])) {
                    rc = SW_OVERFLOW;
                    goto done;
                }
            }
        gr_plan_advance(&p);
        gr_states t = a;
        a = b;
        b = t;
    }
    /* the group's polynomial: the last boundary holds the empty state, or none */
    sw_boundary *end = &at[k];
    int64_t size = end->count ? end->off[1] : 1;
    if (!ms_grow_reserve(polys, (size_t)size) ||
        !ms_grow_reserve(classes, (size_t)k * (size_t)size))
        goto done;
    uint64_t *poly = (uint64_t *)polys->data + polys->len;
    uint64_t *cls = (uint64_t *)classes->data + classes->len;
    memset(poly, 0, sizeof(uint64_t) * (size_t)size);
    memset(cls, 0, sizeof(uint64_t) * (size_t)k * (size_t)size);
    if (end->count) {
        memcpy(poly, end->coef, sizeof(uint64_t) * (size_t)size);
        /* backward: the completions of each state by mines, from the end */
        boff = malloc(2 * sizeof(int64_t));
        back = malloc(sizeof(uint64_t));
        if (!boff || !back)
            goto done;
        boff[0] = 0;
        boff[1] = 1;
        back[0] = 1;
        for (int32_t i = k - 1; i >= 0; i--) {
            sw_boundary *here = &at[i];
            nboff = malloc(sizeof(int64_t) * (here->count + 1));
            if (nboff == NULL)
                goto done;
            nboff[0] = 0;
            for (size_t s = 0; s < here->count; s++) {
                int64_t len = 0;
                for (int x = 0; x < 2; x++) {
                    int32_t t = here->next[2 * s + (size_t)x];
                    if (t >= 0 && boff[t + 1] > boff[t]) {
                        int64_t l = boff[t + 1] - boff[t] + (x ? ones[i] : zeros[i]);
                        len = l > len ? l : len;
                    }
                }
                nboff[s + 1] = nboff[s] + len;
            }
            nback = calloc((size_t)(nboff[here->count] ? nboff[here->count] : 1),
                           sizeof(uint64_t));
            if (nback == NULL)
                goto done;
            uint64_t *row = cls + (size_t)i * (size_t)size;
            for (size_t s = 0; s < here->count; s++) {
                if ((++steps & 0xffff) == 0 && shell_signal_raised(save)) {
                    rc = -2;
                    goto done;
                }
                for (int x = 0; x < 2; x++) {
                    int32_t t = here->next[2 * s + (size_t)x];
                    if (t < 0 || boff[t + 1] == boff[t])
                        continue;
                    int32_t shift = x ? ones[i] : zeros[i];
                    const uint64_t *tail = back + boff[t];
                    int64_t tail_len = boff[t + 1] - boff[t];
                    if (!sw_add(nback + nboff[s], tail, tail_len, shift)) {
                        rc = SW_OVERFLOW;
                        goto done;
                    }
                    if (!x)
                        continue;
                    /* class i is 1: arrangements before it times those after it */
                    const uint64_t *head = here->coef + here->off[s];
                    int64_t head_len = here->off[s + 1] - here->off[s];
                    bool over = false;
                    for (int64_t m = 0; m < head_len; m++) {
                        if (!head[m])
                            continue;
                        for (int64_t r = 0; r < tail_len; r++) {
                            int64_t mines = m + shift + r;
                            uint64_t both;
                            if (!tail[r] || mines >= size)
                                continue;
                            over |= __builtin_mul_overflow(head[m], tail[r], &both);
                            over |= __builtin_add_overflow(row[mines], both, &row[mines]);
                        }
                    }
                    if (over) {
                        rc = SW_OVERFLOW;
                        goto done;
                    }
                }
            }
            free(boff);
            free(back);
            boff = nboff;
            back = nback;
            nboff = NULL;
            nback = NULL;
        }
    }
    polys->len += (size_t)size;
    classes->len += (size_t)k * (size_t)size;
    rc = SW_DONE;
done:
    gr_plan_free(&p);
    if (at)
        for (int32_t i = 0; i <= k; i++)
            sw_boundary_free(&at[i]);
    free(at);
    free(boff);
    free(back);
    free(nboff);
    free(nback);
    gr_states_free(&a);
    gr_states_free(&b);
    return rc;
}

int ms_sweep_all(int64_t G, const int64_t *gptr, const int32_t *ones, const int32_t *zeros,
                 const int64_t *grptr, const int64_t *rptr, const int32_t *rpos,
                 const int8_t *rcoef, const int32_t *rrhs, const uint8_t *skip,
                 ms_swept *out, PyThreadState **save) {
    out->status = calloc((size_t)(G ? G : 1), 1);
    out->pptr = calloc((size_t)G + 1, sizeof(int64_t));
    out->cptr = calloc((size_t)G + 1, sizeof(int64_t));
    out->polys = (ms_grow){.item = sizeof(uint64_t)};
    out->classes = (ms_grow){.item = sizeof(uint64_t)};
    out->groups = G;
    if (!out->status || !out->pptr || !out->cptr)
        return -1;
    for (int64_t g = 0; g < G; g++) {
        if (skip != NULL && skip[g]) {
            out->status[g] = 2;
            out->pptr[g + 1] = (int64_t)out->polys.len;
            out->cptr[g + 1] = (int64_t)out->classes.len;
            continue;
        }
        int32_t k = (int32_t)(gptr[g + 1] - gptr[g]);
        int64_t r0 = grptr[g], nr = grptr[g + 1] - r0;
        int64_t *rel = malloc(sizeof(int64_t) * (size_t)(nr + 1));
        if (rel == NULL)
            return -1;
        for (int64_t t = 0; t <= nr; t++)
            rel[t] = rptr[r0 + t] - rptr[r0];
        int got = sw_group(k, ones + gptr[g], zeros + gptr[g], nr, rel, rpos + rptr[r0],
                           rcoef + rptr[r0], rrhs + r0, &out->polys, &out->classes, save);
        free(rel);
        if (got < 0)
            return got;
        out->status[g] = (uint8_t)(got == SW_OVERFLOW);
        out->pptr[g + 1] = (int64_t)out->polys.len;
        out->cptr[g + 1] = (int64_t)out->classes.len;
    }
    return 0;
}

PyObject *ms_swept_result(const ms_swept *s) {
    return Py_BuildValue(
        "NNNNN", PyBytes_FromStringAndSize((const char *)s->status, s->groups),
        PyBytes_FromStringAndSize(s->polys.len ? s->polys.data : "",
                                  (Py_ssize_t)(s->polys.len * sizeof(uint64_t))),
        PyBytes_FromStringAndSize((const char *)s->pptr, (Py_ssize_t)((s->groups + 1) * 8)),
        PyBytes_FromStringAndSize(s->classes.len ? s->classes.data : "",
                                  (Py_ssize_t)(s->classes.len * sizeof(uint64_t))),
        PyBytes_FromStringAndSize((const char *)s->cptr, (Py_ssize_t)((s->groups + 1) * 8)));
}

void ms_swept_free(ms_swept *s) {
    free(s->status);
    free(s->pptr);
    free(s->cptr);
    free(s->polys.data);
    free(s->classes.data);
}

PyObject *ms_sweeps(PyObject *self, PyObject *args, PyObject *kwargs) {
    (void)self;
    static char *keywords[] = {"gptr", "ones", "zeros", "grptr", "rptr", "rpos", "rcoef",
                               "rrhs", NULL};
    PyObject *o[8];
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OOOOOOOO:sweeps", keywords, &o[0], &o[1],
                                     &o[2], &o[3], &o[4], &o[5], &o[6], &o[7]))
        return NULL;
    shell_views views = {.count = 0};
    Py_buffer *gv = shell_views_get(&views, o[0], 'q', 8, 1, false, "gptr");
    Py_buffer *ov = gv ? shell_views_get(&views, o[1], 'i', 4, -1, false, "ones") : NULL;
    Py_buffer *zv = ov ? shell_views_get(&views, o[2], 'i', 4, -1, false, "zeros") : NULL;
    Py_buffer *grv = zv ? shell_views_get(&views, o[3], 'q', 8, 1, false, "grptr") : NULL;
    Py_buffer *rv = grv ? shell_views_get(&views, o[4], 'q', 8, 1, false, "rptr") : NULL;
    Py_buffer *pv = rv ? shell_views_get(&views, o[5], 'i', 4, -1, false, "rpos") : NULL;
    Py_buffer *cv = pv ? shell_views_get(&views, o[6], 'b', 1, -1, false, "rcoef") : NULL;
    Py_buffer *hv = cv ? shell_views_get(&views, o[7], 'i', 4, -1, false, "rrhs") : NULL;
    if (hv == NULL) {
        shell_views_release(&views);
        return NULL;
    }
    const int64_t *gptr = gv->buf, *grptr = grv->buf, *rptr = rv->buf;
    const int32_t *ones = ov->buf, *zeros = zv->buf, *rpos = pv->buf, *rrhs = hv->buf;
    const int8_t *rcoef = cv->buf;
    Py_ssize_t G = shell_len(gv) - 1, K = shell_len(ov), R = shell_len(hv);
    const char *broken = NULL;
    if (shell_len(zv) != K || shell_len(grv) != G + 1 || shell_len(rv) != R + 1 ||
        gptr[0] != 0 || gptr[G] != K || grptr[0] != 0 || grptr[G] != R || rptr[0] != 0 ||
        rptr[R] != shell_len(pv) || shell_len(cv) != shell_len(pv))
        broken = "the groups do not fit together: give sweeps() what groups() returned";
    for (Py_ssize_t g = 0; g < G && !broken; g++) {
        if (gptr[g + 1] < gptr[g] || grptr[g + 1] < grptr[g])
            broken = "gptr and grptr must not go backwards";
        for (int64_t t = grptr[g]; t < grptr[g + 1] && !broken; t++) {
            if (rptr[t + 1] <= rptr[t] || rptr[t + 1] - rptr[t] > 8)
                broken = "a row must hold one to eight classes";
            for (int64_t e = rptr[t]; e < rptr[t + 1] && !broken; e++)
                if (rpos[e] < 0 || rpos[e] >= gptr[g + 1] - gptr[g] ||
                    (e > rptr[t] && rpos[e] <= rpos[e - 1]) || rcoef[e] < -8 || rcoef[e] > 8)
                    broken = "a row's positions must rise within its group, its coefficients "
                             "lie in -8..8";
        }
    }
    for (Py_ssize_t i = 0; i < K && !broken; i++)
        if (ones[i] < 0 || zeros[i] < 0 || ones[i] > 1000000 || zeros[i] > 1000000)
            broken = "ones and zeros must be the mines of a class";
    if (broken) {
        PyErr_SetString(PyExc_ValueError, broken);
        shell_views_release(&views);
        return NULL;
    }
    ms_swept swept = {0};
    PyThreadState *save = PyEval_SaveThread();
    int failed = ms_sweep_all(G, gptr, ones, zeros, grptr, rptr, rpos, rcoef, rrhs, NULL,
                              &swept, &save);
    PyEval_RestoreThread(save);
    PyObject *result = NULL;
    if (failed == -1)
        PyErr_NoMemory();
    if (failed == 0)
        result = ms_swept_result(&swept);
    ms_swept_free(&swept);
    shell_views_release(&views);
    return result;
}
