/* Which lines the queens of a board occupy: the O(n) validity check of huge boards.
 *
 * A board is its column per row.  Its queens attack each other exactly when two of them
 * share a column or a diagonal (the plain board: rows are distinct by construction).
 * Three passes, one per line family (columns, diagonals r - c, anti-diagonals r + c),
 * each mark the line of every queen in a bit set and stop at the first queen whose line
 * is already marked; a later pass stops at the earliest row found so far.  One bit set
 * at a time (25 MB at n = 10^8) stays in the cache where three would not, and the line
 * of a queen a few rows ahead is prefetched: the marks of a random board land anywhere.
 * Runs without the interpreter lock.
 */
#include "shell_py.h"

#include <stdlib.h>

#define NQ_LN_AHEAD 32

enum { NQ_LN_COLUMN = 0, NQ_LN_DIAGONAL = 1, NQ_LN_ANTIDIAGONAL = 2 };

static inline int64_t nq_ln_col(const void *cols, int width, int64_t r) {
    return width == 4 ? (int64_t)((const int32_t *)cols)[r] : ((const int64_t *)cols)[r];
}

/* The line of family `family` through (r, c) on an n x n board. */
static inline uint64_t nq_ln_line(int family, int64_t n, int64_t r, int64_t c) {
    return (uint64_t)(family == NQ_LN_COLUMN ? c : family == NQ_LN_DIAGONAL ? r - c + n - 1
                                                                             : r + c);
}

/* Prefetch the word of `set` that the queen NQ_LN_AHEAD rows below r will touch. */
static inline void nq_ln_prefetch(const uint64_t *set, const void *cols, int width, int64_t n,
                                  int64_t end, int family, int64_t r) {
    if (r + NQ_LN_AHEAD < end) {
        const int64_t ahead = r + NQ_LN_AHEAD;
        const uint64_t line = nq_ln_line(family, n, ahead, nq_ln_col(cols, width, ahead));
        __builtin_prefetch(&set[line >> 6], 1);
    }
}

/* Mark the lines of `family` of rows 0 .. end - 1 (columns known to be on the board) in
 * `set`; return the first row whose line was marked already, or `end`. */
static inline int64_t nq_ln_pass(const void *cols, int width, int64_t n, int64_t end,
                                 int family, uint64_t *set) {
    for (int64_t r = 0; r < end; r++) {
        nq_ln_prefetch(set, cols, width, n, end, family, r);
        const uint64_t i = nq_ln_line(family, n, r, nq_ln_col(cols, width, r));
        const uint64_t bit = (uint64_t)1 << (i & 63u);
        if (set[i >> 6] & bit)
            return r;
        set[i >> 6] |= bit;
    }
    return end;
}

/* The first row whose queen shares a line with an earlier one, -1 when none does, -2
 * when memory runs out, -3 - r when row r's column is off the board (and no earlier row
 * repeats a line). */
static int64_t nq_ln_first_repeat(const void *cols, int width, int64_t n) {
    const size_t words = (size_t)((2 * n + 63) / 64);
    uint64_t *set = malloc(words * sizeof(uint64_t));
    if (!set)
        return -2;
    int64_t end = n; /* rows before the first off the board */
    for (int64_t r = 0; r < n; r++) {
        const int64_t c = nq_ln_col(cols, width, r);
        if (c < 0 || c >= n) {
            end = r;
            break;
        }
    }
    int64_t first = end;
    for (int family = NQ_LN_COLUMN; family <= NQ_LN_ANTIDIAGONAL; family++) {
        memset(set, 0, words * sizeof(uint64_t));
        if (family == NQ_LN_COLUMN)
            first = nq_ln_pass(cols, width, n, first, NQ_LN_COLUMN, set);
        else if (family == NQ_LN_DIAGONAL)
            first = nq_ln_pass(cols, width, n, first, NQ_LN_DIAGONAL, set);
        else
            first = nq_ln_pass(cols, width, n, first, NQ_LN_ANTIDIAGONAL, set);
    }
    free(set);
    if (first < end)
        return first;
    return end < n ? -3 - end : -1;
}

/* The rows, top to bottom, whose queen shares its line of `family` with another queen
 * (columns known to be on the board): one pass marks each line and, in `crowded`, each
 * line met twice; a second collects the rows on crowded lines into a growing buffer.
 * Returns how many, with *rows_out malloc'ed (NULL and 0 when none), or -1 when memory
 * runs out. */
static int64_t nq_ln_crowded(const void *cols, int width, int64_t n, int family,
                             int64_t **rows_out) {
    *rows_out = NULL;
    if (n <= 0)
        return 0;
    const size_t words = (size_t)((2 * n + 63) / 64);
    uint64_t *seen = calloc(words, sizeof(uint64_t));
    uint64_t *crowded = calloc(words, sizeof(uint64_t));
    int64_t count = 0, room = 0;
    int64_t *rows = NULL;
    bool any = false;
    if (!seen || !crowded) {
        count = -1;
        goto out;
    }
    for (int64_t r = 0; r < n; r++) {
        nq_ln_prefetch(seen, cols, width, n, n, family, r);
        const uint64_t i = nq_ln_line(family, n, r, nq_ln_col(cols, width, r));
        const uint64_t bit = (uint64_t)1 << (i & 63u);
        if (seen[i >> 6] & bit) {
            crowded[i >> 6] |= bit;
            any = true;
        }
        seen[i >> 6] |= bit;
    }
    if (!any)
        goto out;
    for (int64_t r = 0; r < n; r++) {
        nq_ln_prefetch(crowded, cols, width, n, n, family, r);
        const uint64_t i = nq_ln_line(family, n, r, nq_ln_col(cols, width, r));
        if (!((crowded[i >> 6] >> (i & 63u)) & 1))
            continue;
        if (count == room) {
            room = room ? 2 * room : 1024;
            int64_t *grown = realloc(rows, (size_t)room * sizeof(int64_t));
            if (!grown) {
                count = -1;
                goto out;
            }
            rows = grown;
        }
        rows[count++] = r;
    }
out:
    free(seen);
    free(crowded);
    if (count > 0)
        *rows_out = rows;
    else
        free(rows);
    return count;
}

PyDoc_STRVAR(crowded_rows_doc,
"crowded_rows(cols, family) -> bytes\n"
"--\n\n"
"The rows, top to bottom, whose queen shares its line with another queen, as the bytes\n"
"of an int64 array; family 0 takes columns, 1 the diagonals r - c, 2 the\n"
"anti-diagonals r + c (cols: an int32 or int64 array of columns on the board).\n"
"ValueError names a row whose column is off the board.");

static PyObject *crowded_rows(PyObject *self, PyObject *args, PyObject *kwargs) {
    (void)self;
    static char *keywords[] = {"cols", "family", NULL};
    PyObject *obj;
    int family;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "Oi:crowded_rows", keywords, &obj, &family))
        return NULL;
    if (family < NQ_LN_COLUMN || family > NQ_LN_ANTIDIAGONAL)
        return PyErr_Format(PyExc_ValueError, "family must be 0, 1 or 2, not %d", family);
    shell_views views = {.count = 0};
    int width = 0;
    Py_buffer *view = shell_views_get_ints(&views, obj, "cols", &width);
    if (!view) {
        shell_views_release(&views);
        return NULL;
    }
    const int64_t n = (int64_t)(view->len / width);
    for (int64_t r = 0; r < n; r++) {
        const int64_t c = nq_ln_col(view->buf, width, r);
        if (c < 0 || c >= n) {
            shell_views_release(&views);
            return PyErr_Format(PyExc_ValueError, "row %lld: the column is off the %lldx%lld "
                                "board", (long long)r, (long long)n, (long long)n);
        }
    }
    int64_t *rows = NULL;
    int64_t count;
    Py_BEGIN_ALLOW_THREADS
    count = nq_ln_crowded(view->buf, width, n, family, &rows);
    Py_END_ALLOW_THREADS
    shell_views_release(&views);
    if (count < 0)
        return PyErr_NoMemory();
    PyObject *result = PyBytes_FromStringAndSize((const char *)rows,
                                                 (Py_ssize_t)count * (Py_ssize_t)sizeof(int64_t));
    free(rows);
    return result;
}

PyDoc_STRVAR(first_repeat_doc,
"first_repeat(cols) -> int\n"
"--\n\n"
"The first row whose queen shares a column or a diagonal with a queen of an earlier row\n"
"(cols: an int32 or int64 array, the column of each row), or -1 when no two queens\n"
"attack each other. ValueError names a row whose column is off the board.");

static PyObject *first_repeat(PyObject *self, PyObject *args, PyObject *kwargs) {
    (void)self;
    static char *keywords[] = {"cols", NULL};
    PyObject *obj;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O:first_repeat", keywords, &obj))
        return NULL;
    shell_views views = {.count = 0};
    int width = 0;
    Py_buffer *view = shell_views_get_ints(&views, obj, "cols", &width);
    if (!view) {
        shell_views_release(&views);
        return NULL;
    }
    const int64_t n = (int64_t)(view->len / width);
    int64_t found;
    Py_BEGIN_ALLOW_THREADS
    found = nq_ln_first_repeat(view->buf, width, n);
    Py_END_ALLOW_THREADS
    shell_views_release(&views);
    if (found == -2)
        return PyErr_NoMemory();
    if (found <= -3) {
        PyErr_Format(PyExc_ValueError, "row %lld: the column is off the %lldx%lld board",
                     (long long)(-3 - found), (long long)n, (long long)n);
        return NULL;
    }
    return PyLong_FromLongLong((long long)found);
}

static PyMethodDef methods[] = {
    {"first_repeat", (PyCFunction)(void (*)(void))first_repeat, METH_VARARGS | METH_KEYWORDS,
     first_repeat_doc},
    {"crowded_rows", (PyCFunction)(void (*)(void))crowded_rows, METH_VARARGS | METH_KEYWORDS,
     crowded_rows_doc},
    {NULL, NULL, 0, NULL},
};

PyDoc_STRVAR(module_doc,
"The O(n) validity check of huge boards by bit sets of lines (the native core).");

SHELL_MODULE(lines, "nqueens._core.lines", module_doc, methods)
