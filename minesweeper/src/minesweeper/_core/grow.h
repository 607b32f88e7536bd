/* A growing array of items of one size, for the kernels of minesweeper._core.mines. */
#ifndef MS_GROW_H
#define MS_GROW_H

#include <stdbool.h>
#include <stdlib.h>

typedef struct {
    void *data;
    size_t len, cap, item;
} ms_grow;

/* Room for `more` items past len (the capacity doubled as needed); false out of memory,
 * the array unchanged. */
static inline bool ms_grow_reserve(ms_grow *g, size_t more) {
    if (g->len + more <= g->cap)
        return true;
    size_t cap = g->cap ? g->cap : 256;
    while (cap < g->len + more)
        cap *= 2;
    void *data = realloc(g->data, cap * g->item);
    if (data == NULL)
        return false;
    g->data = data;
    g->cap = cap;
    return true;
}

#endif
