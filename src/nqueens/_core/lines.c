/* Which lines the queens of a board occupy: the O(n) validity check of huge boards.
 *
 * A board is its column per row.  Its queens attack each other exactly when two of them
 * share a column or a diagonal (the plain board: rows are distinct by construction).
 * One pass marks, in three bit sets, the column, the diagonal r - c and the
 * anti-diagonal r + c of each queen, and stops at the first queen whose line is
 * already marked: 5n bits in all (62 MB at n = 10^8) instead of the index arrays and
 * counters a vectorised check needs.  Runs without the interpreter lock.
 */
#include "nq_py.h"

#include <stdlib.h>

static inline bool nq_ln_mark(uint64_t *set, uint64_t i) {
    const uint64_t bit = (uint64_t)1 << (i & 63u);
    const bool seen = (set[i >> 6] & bit) != 0;
    set[i >> 6] |= bit;
    return seen;
}

/* The first row whose queen shares a line with an earlier one, -1 when none does, -2
 * when memory runs out, -3 - r when row r's column is off the board. */
static int64_t nq_ln_first_repeat(const void *cols, int width, int64_t n) {
    const size_t words = (size_t)((2 * n + 63) / 64);
    uint64_t *col = calloc(words, sizeof(uint64_t));
    uint64_t *d1 = calloc(words, sizeof(uint64_t));
    uint64_t *d2 = calloc(words, sizeof(uint64_t));
    int64_t found = -1;
    if (!col || !d1 || !d2) {
        found = -2;
    } else {
        for (int64_t r = 0; r < n; r++) {
            const int64_t c = width == 4 ? (int64_t)((const int32_t *)cols)[r]
                                         : ((const int64_t *)cols)[r];
            if (c < 0 || c >= n) {
                found = -3 - r;
                break;
            }
            const bool a = nq_ln_mark(col, (uint64_t)c);
            const bool b = nq_ln_mark(d1, (uint64_t)(r - c + n - 1));
            const bool d = nq_ln_mark(d2, (uint64_t)(r + c));
            if (a || b || d) {
                found = r;
                break;
            }
        }
    }
    free(col);
    free(d1);
    free(d2);
    return found;
}

PyDoc_STRVAR(first_repeat_doc,
"first_repeat(cols) -> int\n"
"--\n\n"
"The first row whose queen shares a column or a diagonal with a queen of an earlier row\n"
"(cols: an int32 or int64 array, the column of each row), or -1 when no two queens\n"
"attack each other. ValueError names a row whose column is off the board.");

static PyObject *first_repeat(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *obj;
    if (!PyArg_ParseTuple(args, "O:first_repeat", &obj))
        return NULL;
    Py_buffer view;
    if (PyObject_GetBuffer(obj, &view, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) != 0) {
        PyErr_SetString(PyExc_TypeError, "cols must be a contiguous array");
        return NULL;
    }
    const int width = nq_format_is(&view, 'i', 4) ? 4 : nq_format_is(&view, 'q', 8) ? 8 : 0;
    if (!width) {
        PyErr_Format(PyExc_TypeError, "cols must hold int32 or int64 elements (got format %s)",
                     view.format ? view.format : "?");
        PyBuffer_Release(&view);
        return NULL;
    }
    const int64_t n = (int64_t)(view.len / width);
    int64_t found;
    Py_BEGIN_ALLOW_THREADS
    found = nq_ln_first_repeat(view.buf, width, n);
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&view);
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
    {"first_repeat", first_repeat, METH_VARARGS, first_repeat_doc},
    {NULL, NULL, 0, NULL},
};

PyDoc_STRVAR(module_doc,
"The O(n) validity check of huge boards by bit sets of lines (the native core).");

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "nqueens._core.lines", module_doc, -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit_lines(void) { return PyModule_Create(&module_def); }
