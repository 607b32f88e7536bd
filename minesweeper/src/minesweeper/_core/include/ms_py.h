/* Argument checks of the minesweeper kernels: arrays come in through the buffer protocol
 * (numpy arrays, bytes, memoryviews) and are checked for their element type, contiguity
 * and length before a kernel reads them. */
#ifndef MS_PY_H
#define MS_PY_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

/* Whether a buffer holds one-element items of type `want` ('q' int64, 'i' int32,
 * 'h' int16, 'b' int8, 'B' uint8, '?' bool) of `size` bytes; numpy writes 'l' for a
 * 64-bit long, taken as 'q'. */
static inline bool ms_format_is(const Py_buffer *view, char want, Py_ssize_t size) {
    if (view->itemsize != size || view->format == NULL)
        return false;
    const char *f = view->format;
    if (*f == '<' || *f == '=' || *f == '@')
        f++;
    if (f[0] == '\0' || f[1] != '\0')
        return false;
    return f[0] == want || (size == 8 && want == 'q' && f[0] == 'l');
}

/* Get a C-contiguous buffer (seen as flat) of `want` items of `size` bytes, at least
 * `min_len` of them (-1: any number); raise TypeError or ValueError naming `what`
 * otherwise.  Returns 0, or -1 with the exception set. */
static inline int ms_get_array(PyObject *obj, Py_buffer *view, char want, Py_ssize_t size,
                               Py_ssize_t min_len, bool writable, const char *what) {
    int flags = PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | (writable ? PyBUF_WRITABLE : 0);
    if (PyObject_GetBuffer(obj, view, flags) != 0) {
        PyErr_Format(PyExc_TypeError, "%s must be a %scontiguous array", what,
                     writable ? "writable " : "");
        return -1;
    }
    if (!ms_format_is(view, want, size)) {
        PyErr_Format(PyExc_TypeError, "%s must hold %c elements of %zd bytes (got format %s)",
                     what, want, size, view->format ? view->format : "?");
        PyBuffer_Release(view);
        return -1;
    }
    if (min_len >= 0 && view->len / size < min_len) {
        PyErr_Format(PyExc_ValueError, "%s holds %zd elements, at least %zd needed", what,
                     view->len / size, min_len);
        PyBuffer_Release(view);
        return -1;
    }
    return 0;
}

/* The number of items in a buffer. */
static inline Py_ssize_t ms_len(const Py_buffer *view) { return view->len / view->itemsize; }

#endif
