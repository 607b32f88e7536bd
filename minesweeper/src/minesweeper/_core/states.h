/* The distinct states of one boundary of a sweep, found through a hash table: shared by
 * the dry run of the sweeps (groups.c) and the sweeps themselves (sweeps.c). */
#ifndef MS_STATES_H
#define MS_STATES_H

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The distinct states of one boundary: `width` partial sums each (int8: a row's sum lies
 * within the sum of its at most eight coefficients), and for each the length of its
 * polynomial (the most mines reached, plus one); found through an open-addressed table
 * (`where`: each state's place in it, so that a reset clears only those). */
typedef struct {
    int8_t *sums;
    int32_t *len, *where;
    int32_t *slot; /* table of state indices, -1 empty */
    size_t count, cap, bytes, mask, width;
} gr_states;

static inline bool gr_states_reset(gr_states *s, size_t width) {
    if (s->mask == 0) { /* small at first: most groups of a game have a few states */
        s->slot = malloc(sizeof(int32_t) * 64);
        if (s->slot == NULL)
            return false;
        s->mask = 63;
        memset(s->slot, 0xff, sizeof(int32_t) * 64);
    }
    for (size_t q = 0; q < s->count; q++)
        s->slot[s->where[q]] = -1;
    s->count = 0;
    s->width = width;
    return true;
}

static inline uint64_t gr_hash(const int8_t *v, size_t w) {
    uint64_t h = 0x9e3779b97f4a7c15u ^ w;
    size_t i = 0;
    for (; i + 8 <= w; i += 8) {
        uint64_t chunk;
        memcpy(&chunk, v + i, 8);
        h = (h ^ chunk) * 0xff51afd7ed558ccdu;
        h ^= h >> 32;
    }
    uint64_t tail = 0;
    if (w > i)
        memcpy(&tail, v + i, w - i);
    h = (h ^ tail) * 0xc4ceb9fe1a85ec53u;
    return h ^ (h >> 29);
}

/* Room for one more state; false out of memory. */
static inline bool gr_states_grow(gr_states *s) {
    size_t w = s->width ? s->width : 1;
    if ((s->count + 1) * w > s->bytes) {
        size_t bytes = 2 * (s->count + 1) * w;
        int8_t *sums = realloc(s->sums, bytes);
        if (sums == NULL)
            return false;
        s->sums = sums;
        s->bytes = bytes;
    }
    if (s->count + 1 > s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 64;
        int32_t *lens = realloc(s->len, sizeof(int32_t) * cap);
        if (lens == NULL)
            return false;
        s->len = lens;
        int32_t *where = realloc(s->where, sizeof(int32_t) * cap);
        if (where == NULL)
            return false;
        s->where = where;
        s->cap = cap;
    }
    if (2 * (s->count + 1) > s->mask + 1) { /* keep the table at most half full */
        size_t size = 2 * (s->mask + 1);
        int32_t *slot = malloc(sizeof(int32_t) * size);
        if (slot == NULL)
            return false;
        memset(slot, 0xff, sizeof(int32_t) * size);
        for (size_t q = 0; q < s->count; q++) {
            size_t at = gr_hash(s->sums + q * s->width, s->width) & (size - 1);
            while (slot[at] >= 0)
                at = (at + 1) & (size - 1);
            slot[at] = (int32_t)q;
            s->where[q] = (int32_t)at;
        }
        free(s->slot);
        s->slot = slot;
        s->mask = size - 1;
    }
    return true;
}

/* Add state `v` (or find it) with a polynomial of length `len`; 0, -1 out of memory;
 * *fresh says whether it was new, *grew by how much the lengths' sum grew, *index where
 * it is. */
static inline int gr_states_add(gr_states *s, const int8_t *v, int32_t len, bool *fresh,
                                int32_t *grew, int32_t *index) {
    if (!gr_states_grow(s))
        return -1;
    size_t w = s->width;
    size_t i = gr_hash(v, w) & s->mask;
    for (;;) {
        int32_t k = s->slot[i];
        if (k < 0)
            break;
        if (w == 0 || memcmp(s->sums + (size_t)k * w, v, w) == 0) {
            *fresh = false;
            *grew = len > s->len[k] ? len - s->len[k] : 0;
            if (len > s->len[k])
                s->len[k] = len;
            *index = k;
            return 0;
        }
        i = (i + 1) & s->mask;
    }
    size_t k = s->count++;
    if (w)
        memcpy(s->sums + k * w, v, w);
    s->len[k] = len;
    s->where[k] = (int32_t)i;
    s->slot[i] = (int32_t)k;
    *fresh = true;
    *grew = len;
    *index = (int32_t)k;
    return 0;
}

static inline void gr_states_free(gr_states *s) {
    free(s->sums);
    free(s->len);
    free(s->where);
    free(s->slot);
}

#endif
