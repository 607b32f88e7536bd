/* Argument checking shared by the binding functions of both programs' native cores
 * (nqueens, minesweeper): arrays come in through the buffer protocol (numpy arrays,
 * bytes, memoryviews) and are checked for their element type, contiguity and length
 * before any kernel touches them. */
#ifndef SHELL_PY_H
#define SHELL_PY_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

/* Whether a buffer's struct format is the one-element type `want` ('q' int64, 'Q'
 * uint64, 'B' uint8, 'i' int32, 'b' int8, 'd' double, '?' bool) of `size` bytes; numpy
 * writes 'l'/'L' for 64-bit longs, which are accepted as 'q'/'Q'. */
static inline bool shell_format_is(const Py_buffer *view, char want, Py_ssize_t size) {
    if (view->itemsize != size || view->format == NULL)
        return false;
    const char *f = view->format;
    if (*f == '<' || *f == '=' || *f == '@')
        f++;
    if (f[0] == '\0' || f[1] != '\0')
        return false;
    char got = f[0];
    if (got == want)
        return true;
    if (size == 8 && want == 'q' && got == 'l')
        return true;
    if (size == 8 && want == 'Q' && got == 'L')
        return true;
    return false;
}

/* Get a C-contiguous buffer (of any shape, seen as flat) of `want` elements of `size` bytes, of at
 * least `min_len` elements (-1: any length); raise TypeError/ValueError naming `what`
 * otherwise.  Returns 0 on success, -1 with an exception set. */
static inline int shell_get_array(PyObject *obj, Py_buffer *view, char want, Py_ssize_t size,
                               Py_ssize_t min_len, bool writable, const char *what) {
    int flags = PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | (writable ? PyBUF_WRITABLE : 0);
    if (PyObject_GetBuffer(obj, view, flags) != 0) {
        PyErr_Format(PyExc_TypeError, "%s must be a %scontiguous array", what,
                     writable ? "writable " : "");
        return -1;
    }
    if (!shell_format_is(view, want, size)) {
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

static inline Py_ssize_t shell_len(const Py_buffer *view) { return view->len / view->itemsize; }

/* For a kernel running without the interpreter lock (its thread state saved in *save):
 * take the lock back for a moment and say whether a pending signal's handler raised
 * (the exception is then set, and the kernel should unwind). */
static inline bool shell_signal_raised(PyThreadState **save) {
    PyEval_RestoreThread(*save);
    int failed = PyErr_CheckSignals();
    *save = PyEval_SaveThread();
    return failed != 0;
}

/* The buffers one call of a binding holds: each got with shell_views_get, all released
 * together with shell_views_release on every way out, so that no path counts its own
 * releases.  A binding parses its arguments with PyArg_ParseTupleAndKeywords (every
 * argument may be given by keyword), then gets its buffers here. */
#define SHELL_MAX_VIEWS 12

typedef struct {
    Py_buffer view[SHELL_MAX_VIEWS];
    int count;
} shell_views;

/* The next buffer, checked as shell_get_array checks it; NULL with the exception set
 * (the buffers got before stay held until shell_views_release). */
static inline Py_buffer *shell_views_get(shell_views *views, PyObject *obj, char want,
                                         Py_ssize_t size, Py_ssize_t min_len, bool writable,
                                         const char *what) {
    if (views->count >= SHELL_MAX_VIEWS) {
        PyErr_SetString(PyExc_SystemError, "a binding holds too many buffers");
        return NULL;
    }
    Py_buffer *view = &views->view[views->count];
    if (shell_get_array(obj, view, want, size, min_len, writable, what) < 0)
        return NULL;
    views->count++;
    return view;
}

/* The next buffer: any C-contiguous object, read as raw bytes; NULL with the exception
 * set (the object's own TypeError). */
static inline Py_buffer *shell_views_get_bytes(shell_views *views, PyObject *obj) {
    if (views->count >= SHELL_MAX_VIEWS) {
        PyErr_SetString(PyExc_SystemError, "a binding holds too many buffers");
        return NULL;
    }
    Py_buffer *view = &views->view[views->count];
    if (PyObject_GetBuffer(obj, view, PyBUF_C_CONTIGUOUS) != 0)
        return NULL;
    views->count++;
    return view;
}

/* The next buffer: a contiguous array of int32 or int64 elements, its element width in
 * bytes (4 or 8) in *width; NULL with the exception set. */
static inline Py_buffer *shell_views_get_ints(shell_views *views, PyObject *obj,
                                              const char *what, int *width) {
    if (views->count >= SHELL_MAX_VIEWS) {
        PyErr_SetString(PyExc_SystemError, "a binding holds too many buffers");
        return NULL;
    }
    Py_buffer *view = &views->view[views->count];
    if (PyObject_GetBuffer(obj, view, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) != 0) {
        PyErr_Format(PyExc_TypeError, "%s must be a contiguous array", what);
        return NULL;
    }
    views->count++;
    *width = shell_format_is(view, 'i', 4) ? 4 : shell_format_is(view, 'q', 8) ? 8 : 0;
    if (!*width) {
        PyErr_Format(PyExc_TypeError, "%s must hold int32 or int64 elements (got format %s)",
                     what, view->format ? view->format : "?");
        return NULL;
    }
    return view;
}

/* Release every buffer got so far. */
static inline void shell_views_release(shell_views *views) {
    while (views->count > 0)
        PyBuffer_Release(&views->view[--views->count]);
}

/* The definition of a core's module, written once: multi-phase initialisation, the
 * method table, the slots given (SHELL_EXEC(fn): a function that adds the module's
 * constants) and, where the Python has it, the declaration that the module keeps no
 * state of its own and so runs in every interpreter, each with its own GIL.
 * SHELL_MODULE(mines, "minesweeper._core.mines", doc, methods) defines PyInit_mines. */
#if PY_VERSION_HEX >= 0x030C0000
#define SHELL_PER_INTERPRETER {Py_mod_multiple_interpreters, Py_MOD_PER_INTERPRETER_GIL_SUPPORTED},
#else
#define SHELL_PER_INTERPRETER
#endif

#define SHELL_EXEC(fn) {Py_mod_exec, (void *)(fn)},

#define SHELL_MODULE(name, qualified, doc, methods, ...)                                    \
    static PyModuleDef_Slot name##_slots[] = {__VA_ARGS__ SHELL_PER_INTERPRETER {0, NULL}}; \
    static struct PyModuleDef name##_module = {                                             \
        PyModuleDef_HEAD_INIT, qualified, doc, 0, methods, name##_slots, NULL, NULL, NULL}; \
    PyMODINIT_FUNC PyInit_##name(void) { return PyModuleDef_Init(&name##_module); }

#endif
