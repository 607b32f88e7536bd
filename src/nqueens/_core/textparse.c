/* Whole numbers out of a text buffer in one pass (permutations of any size).
 *
 * Separators are space, tab, line feed, carriage return, vertical tab, form feed and
 * comma.  A token is an optional '+' and one or more digits; values above 2**62 are
 * clipped to 2**62 without ever wrapping around.  Nothing here knows about files or
 * messages: the caller turns the error offset into a line and column.  Both functions
 * run without the interpreter lock.
 */
#include "nq_py.h"

#define NQ_TP_LIMIT ((int64_t)1 << 62)

static inline bool nq_tp_is_sep(uint8_t b) {
    return b == ' ' || b == '\t' || b == '\n' || b == '\r' || b == ',' || b == '\v' ||
           b == '\f';
}

/* Parse buf[0:n) into out[0:cap); *bad receives the offending token's offset or -1. */
static Py_ssize_t nq_tp_parse(const uint8_t *buf, Py_ssize_t n, int64_t *out, Py_ssize_t cap,
                              Py_ssize_t *bad) {
    Py_ssize_t count = 0, i = 0;
    while (i < n) {
        uint8_t b = buf[i];
        if (nq_tp_is_sep(b)) {
            i++;
            continue;
        }
        Py_ssize_t start = i;
        if (b == '+')
            i++;
        int64_t value = 0;
        Py_ssize_t digits = 0;
        while (i < n && !nq_tp_is_sep(buf[i])) {
            int64_t d = (int64_t)buf[i] - '0';
            if (d < 0 || d > 9) {
                *bad = start;
                return count;
            }
            if (value > (NQ_TP_LIMIT - d) / 10) /* would pass 2**62: clip, never wrap */
                value = NQ_TP_LIMIT;
            else
                value = value * 10 + d;
            digits++;
            i++;
        }
        if (digits == 0 || count >= cap) {
            *bad = start;
            return count;
        }
        out[count++] = value;
    }
    *bad = -1;
    return count;
}

static Py_ssize_t nq_tp_token_offset(const uint8_t *buf, Py_ssize_t n, Py_ssize_t k) {
    Py_ssize_t count = 0, i = 0;
    while (i < n) {
        if (nq_tp_is_sep(buf[i])) {
            i++;
            continue;
        }
        if (count == k)
            return i;
        count++;
        while (i < n && !nq_tp_is_sep(buf[i]))
            i++;
    }
    return -1;
}

PyDoc_STRVAR(parse_uints_doc,
"parse_uints(buf, out) -> (count, bad)\n"
"--\n\n"
"Write the whole numbers of buf (bytes or a uint8 array) into out (a writable int64\n"
"array); return how many and the byte offset of the token that stopped the parse\n"
"(not digits after an optional '+', or one more than out holds), or -1.");

static PyObject *parse_uints(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *buf_obj, *out_obj;
    if (!PyArg_ParseTuple(args, "OO:parse_uints", &buf_obj, &out_obj))
        return NULL;
    Py_buffer buf, out;
    if (nq_get_array(buf_obj, &buf, 'B', 1, -1, false, "buf") < 0)
        return NULL;
    if (nq_get_array(out_obj, &out, 'q', 8, -1, true, "out") < 0) {
        PyBuffer_Release(&buf);
        return NULL;
    }
    Py_ssize_t count, bad;
    Py_BEGIN_ALLOW_THREADS
    count = nq_tp_parse((const uint8_t *)buf.buf, buf.len, (int64_t *)out.buf, nq_len(&out),
                        &bad);
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&out);
    PyBuffer_Release(&buf);
    return Py_BuildValue("(nn)", count, bad);
}

PyDoc_STRVAR(token_offset_doc,
"token_offset(buf, k) -> int\n"
"--\n\n"
"The byte offset of token k (0-based) of buf, or -1.");

static PyObject *token_offset(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *buf_obj;
    Py_ssize_t k;
    if (!PyArg_ParseTuple(args, "On:token_offset", &buf_obj, &k))
        return NULL;
    Py_buffer buf;
    if (nq_get_array(buf_obj, &buf, 'B', 1, -1, false, "buf") < 0)
        return NULL;
    Py_ssize_t off;
    Py_BEGIN_ALLOW_THREADS
    off = nq_tp_token_offset((const uint8_t *)buf.buf, buf.len, k);
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&buf);
    return PyLong_FromSsize_t(off);
}

static PyMethodDef methods[] = {
    {"parse_uints", parse_uints, METH_VARARGS, parse_uints_doc},
    {"token_offset", token_offset, METH_VARARGS, token_offset_doc},
    {NULL, NULL, 0, NULL},
};

static PyModuleDef_Slot slots[] = {
    {0, NULL},
};

PyDoc_STRVAR(module_doc,
"One-pass parser of whole numbers in text (the native core of nqueens.kernels.textparse).");

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "nqueens._core.textparse", module_doc, 0, methods, slots,
    NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit_textparse(void) { return PyModuleDef_Init(&module_def); }
