/* Argument checks that more than one module of the native core makes (host only: it
 * needs Python's headers, unlike nq_board.h). */
#ifndef NQ_PYARGS_H
#define NQ_PYARGS_H

#include "shell_py.h"

/* The (n, c) of a call name(n, c): a board size from min_n to max_n and one of its
 * columns.  Returns -1 with the error set. */
static inline int nq_board_and_column(PyObject *args, PyObject *kwargs, const char *format,
                                      Py_ssize_t min_n, Py_ssize_t max_n, Py_ssize_t *n,
                                      Py_ssize_t *c) {
    static char *keywords[] = {"n", "c", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, format, keywords, n, c))
        return -1;
    if (*n < min_n || *n > max_n) {
        PyErr_Format(PyExc_ValueError, "n must be between %zd and %zd, not %zd", min_n, max_n,
                     *n);
        return -1;
    }
    if (*c < 0 || *c >= *n) {
        PyErr_Format(PyExc_ValueError, "column %zd is not on a board of %zd columns", *c, *n);
        return -1;
    }
    return 0;
}

#endif /* NQ_PYARGS_H */
