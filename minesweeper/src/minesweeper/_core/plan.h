/* The plan of one group's sweep, boundary by boundary: shared by the dry run of the
 * sweeps (groups.c) and the sweeps themselves (sweeps.c), so that both make the very same
 * states.
 *
 * A group of k classes in sweep order has nr rows over the positions of its classes
 * (rptr, rpos ascending, rcoef, and the right-hand sides rrhs).  Before class i the rows
 * open are open[0..width), each row j at slot[j]; a state is their partial sums (int8).
 * gr_plan_boundary(p, i) readies class i: the rows it opens, which rows stay open after
 * it (keep_from[0..after)), and what each row can still gain after it (lo, hi);
 * gr_plan_step(p, i, sums, x) makes the state after class i takes x from the state
 * `sums` into p->next (false when a row can no longer hold); gr_plan_advance(p) moves
 * the open rows to their places after the class. */
#ifndef MS_PLAN_H
#define MS_PLAN_H

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    int32_t k;
    int64_t nr;
    const int32_t *rrhs;
    int64_t *tptr;     /* what each class touches: rows trow[tptr[i]..tptr[i + 1]) */
    int32_t *trow;
    int8_t *tcoef;     /* with these coefficients */
    int32_t *first, *last, *lo, *hi; /* by row: its first and last class, its reach */
    int32_t *slot, *open, *next_open, *keep_from;
    int8_t *keep, *next;
    size_t width, opening, after;
} gr_plan;

static inline void gr_plan_free(gr_plan *p) {
    free(p->tptr);
    free(p->trow);
    free(p->tcoef);
    free(p->first);
    free(p->last);
    free(p->lo);
    free(p->hi);
    free(p->slot);
    free(p->open);
    free(p->next_open);
    free(p->keep_from);
    free(p->keep);
    free(p->next);
}

/* The plan of a group; false out of memory (free it with gr_plan_free either way). */
static inline bool gr_plan_init(gr_plan *p, int32_t k, int64_t nr, const int64_t *rptr,
                                const int32_t *rpos, const int8_t *rcoef,
                                const int32_t *rrhs) {
    size_t rows = (size_t)(nr ? nr : 1), entries = (size_t)(rptr[nr] ? rptr[nr] : 1);
    *p = (gr_plan){.k = k, .nr = nr, .rrhs = rrhs};
    p->tptr = calloc((size_t)k + 1, sizeof(int64_t));
    p->trow = malloc(sizeof(int32_t) * entries);
    p->tcoef = malloc(entries);
    p->first = malloc(sizeof(int32_t) * rows);
    p->last = malloc(sizeof(int32_t) * rows);
    p->lo = malloc(sizeof(int32_t) * rows);
    p->hi = malloc(sizeof(int32_t) * rows);
    p->slot = malloc(sizeof(int32_t) * rows);
    p->open = malloc(sizeof(int32_t) * rows);
    p->next_open = malloc(sizeof(int32_t) * rows);
    p->keep_from = malloc(sizeof(int32_t) * rows);
    p->keep = malloc(rows + 1);
    p->next = malloc(rows + 1);
    int64_t *fill = malloc(sizeof(int64_t) * ((size_t)k + 1));
    bool ok = p->tptr && p->trow && p->tcoef && p->first && p->last && p->lo && p->hi &&
              p->slot && p->open && p->next_open && p->keep_from && p->keep && p->next && fill;
    if (ok) {
        for (int64_t j = 0; j < nr; j++) {
            p->first[j] = rpos[rptr[j]];
            p->last[j] = rpos[rptr[j + 1] - 1];
            p->lo[j] = p->hi[j] = 0;
            for (int64_t e = rptr[j]; e < rptr[j + 1]; e++) {
                p->tptr[rpos[e] + 1]++;
                if (rcoef[e] < 0)
                    p->lo[j] += rcoef[e];
                else
                    p->hi[j] += rcoef[e];
            }
        }
        for (int32_t i = 0; i < k; i++)
            p->tptr[i + 1] += p->tptr[i];
        memcpy(fill, p->tptr, sizeof(int64_t) * ((size_t)k + 1));
        for (int64_t j = 0; j < nr; j++)
            for (int64_t e = rptr[j]; e < rptr[j + 1]; e++) {
                int64_t at = fill[rpos[e]]++;
                p->trow[at] = (int32_t)j;
                p->tcoef[at] = rcoef[e];
            }
    }
    free(fill);
    return ok;
}

/* Ready class i: the rows after it are those kept, then those opening at i (if not
 * closing there); what each row of class i can still gain after it. */
static inline void gr_plan_boundary(gr_plan *p, int32_t i) {
    size_t width = p->width, opening = 0, after = 0;
    for (int64_t e = p->tptr[i]; e < p->tptr[i + 1]; e++)
        if (p->first[p->trow[e]] == i)
            p->slot[p->trow[e]] = (int32_t)(width + opening++);
    for (size_t q = 0; q < width; q++)
        p->keep[q] = p->last[p->open[q]] != i;
    for (size_t q = 0; q < opening; q++)
        p->keep[width + q] = 1;
    for (int64_t e = p->tptr[i]; e < p->tptr[i + 1]; e++) {
        int32_t j = p->trow[e];
        if (p->first[j] == i) {
            p->open[p->slot[j]] = j;
            p->keep[p->slot[j]] = p->last[j] != i;
        }
        if (p->tcoef[e] < 0)
            p->lo[j] -= p->tcoef[e];
        else
            p->hi[j] -= p->tcoef[e];
    }
    for (size_t q = 0; q < width + opening; q++)
        if (p->keep[q])
            p->keep_from[after++] = (int32_t)q;
    p->opening = opening;
    p->after = after;
}

/* The state after class i takes x from the state `sums` (width bytes), into
 * p->next[0..after); false when a row of the class can no longer hold. */
static inline bool gr_plan_step(gr_plan *p, int32_t i, const int8_t *sums, int x) {
    int8_t *t = p->next;
    if (p->width)
        memcpy(t, sums, p->width);
    memset(t + p->width, 0, p->opening);
    if (x)
        for (int64_t e = p->tptr[i]; e < p->tptr[i + 1]; e++)
            t[p->slot[p->trow[e]]] = (int8_t)(t[p->slot[p->trow[e]]] + p->tcoef[e]);
    for (int64_t e = p->tptr[i]; e < p->tptr[i + 1]; e++) {
        int32_t j = p->trow[e];
        int32_t need = p->rrhs[j] - t[p->slot[j]];
        if (p->last[j] == i ? need != 0 : need < p->lo[j] || need > p->hi[j])
            return false;
    }
    for (size_t q = 0; q < p->after; q++)
        t[q] = t[p->keep_from[q]];
    return true;
}

/* The open rows after the class readied, in their new places. */
static inline void gr_plan_advance(gr_plan *p) {
    for (size_t q = 0; q < p->after; q++) {
        p->next_open[q] = p->open[p->keep_from[q]];
        p->slot[p->next_open[q]] = (int32_t)q;
    }
    memcpy(p->open, p->next_open, sizeof(int32_t) * p->after);
    p->width = p->after;
}

#endif
