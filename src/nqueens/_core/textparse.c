/* Whole numbers out of a text buffer in one pass, and into one (permutations of any
 * size).
 *
 * Reading: separators are space, tab, line feed, carriage return, vertical tab, form
 * feed and comma.  A token is an optional '+' and one or more digits; values above
 * 2**62 are clipped to 2**62 without ever wrapping around.  Nothing here knows about
 * files or messages: the caller turns the error offset into a line and column.
 * Writing: decimal numbers separated by single spaces, two digits at a time from a
 * table.  Every function runs without the interpreter lock.
 */
#include "shell_py.h"

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

static PyObject *parse_uints(PyObject *self, PyObject *args, PyObject *kwargs) {
    (void)self;
    static char *keywords[] = {"buf", "out", NULL};
    PyObject *buf_obj, *out_obj;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OO:parse_uints", keywords, &buf_obj, &out_obj))
        return NULL;
    shell_views views = {.count = 0};
    Py_buffer *buf = shell_views_get(&views, buf_obj, 'B', 1, -1, false, "buf");
    Py_buffer *out = buf ? shell_views_get(&views, out_obj, 'q', 8, -1, true, "out") : NULL;
    if (!out) {
        shell_views_release(&views);
        return NULL;
    }
    Py_ssize_t count, bad;
    Py_BEGIN_ALLOW_THREADS
    count = nq_tp_parse((const uint8_t *)buf->buf, buf->len, (int64_t *)out->buf, shell_len(out),
                        &bad);
    Py_END_ALLOW_THREADS
    shell_views_release(&views);
    return Py_BuildValue("(nn)", count, bad);
}

PyDoc_STRVAR(token_offset_doc,
"token_offset(buf, k) -> int\n"
"--\n\n"
"The byte offset of token k (0-based) of buf, or -1.");

static PyObject *token_offset(PyObject *self, PyObject *args, PyObject *kwargs) {
    (void)self;
    static char *keywords[] = {"buf", "k", NULL};
    PyObject *buf_obj;
    Py_ssize_t k;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "On:token_offset", keywords, &buf_obj, &k))
        return NULL;
    shell_views views = {.count = 0};
    Py_buffer *buf = shell_views_get(&views, buf_obj, 'B', 1, -1, false, "buf");
    if (!buf)
        return NULL;
    Py_ssize_t off;
    Py_BEGIN_ALLOW_THREADS
    off = nq_tp_token_offset((const uint8_t *)buf->buf, buf->len, k);
    Py_END_ALLOW_THREADS
    shell_views_release(&views);
    return PyLong_FromSsize_t(off);
}

/* "00" "01" ... "99": two digits per look-up. */
static const char NQ_TP_PAIRS[201] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";

/* Write v in decimal at p; return the end. */
static inline uint8_t *nq_tp_put(uint8_t *p, uint64_t v) {
    uint8_t tmp[24];
    uint8_t *t = tmp + sizeof(tmp);
    while (v >= 100) {
        const uint64_t q = v / 100;
        const unsigned r = (unsigned)(v - q * 100);
        t -= 2;
        memcpy(t, NQ_TP_PAIRS + 2 * r, 2);
        v = q;
    }
    if (v >= 10) {
        t -= 2;
        memcpy(t, NQ_TP_PAIRS + 2 * v, 2);
    } else {
        *--t = (uint8_t)('0' + v);
    }
    const size_t len = (size_t)(tmp + sizeof(tmp) - t);
    memcpy(p, t, len);
    return p + len;
}

/* Write values[start..] + add, separated by spaces (one before each value but the
 * array's first), into out[0:cap) while a whole number fits; *stop receives the index
 * of the first value not written.  Returns the bytes written, or -1 when a value plus
 * add is negative or beyond int64 (*stop is its index). */
#define NQ_TP_WIDEST 21 /* a separator and the 20 digits of 2**64 - 1 */
static Py_ssize_t nq_tp_format(const void *values, int width, Py_ssize_t len, Py_ssize_t start,
                               int64_t add, uint8_t *out, Py_ssize_t cap, Py_ssize_t *stop) {
    uint8_t *p = out, *end = out + cap;
    Py_ssize_t i = start;
    for (; i < len && end - p >= NQ_TP_WIDEST; i++) {
        const int64_t raw = width == 4 ? (int64_t)((const int32_t *)values)[i]
                                       : ((const int64_t *)values)[i];
        int64_t v;
        if (__builtin_add_overflow(raw, add, &v) || v < 0) {
            *stop = i;
            return -1;
        }
        if (i)
            *p++ = ' ';
        p = nq_tp_put(p, (uint64_t)v);
    }
    *stop = i;
    return p - out;
}

PyDoc_STRVAR(format_uints_doc,
"format_uints(values, start, add, out) -> (stop, written)\n"
"--\n\n"
"Write values[start:] + add (values an int32 or int64 array) in decimal, separated by\n"
"single spaces (one before each value but values[0]), into out (a writable uint8\n"
"array) while whole numbers fit; return the index of the first value not written and\n"
"the bytes written. ValueError when a value plus add is negative (or beyond int64).");

static PyObject *format_uints(PyObject *self, PyObject *args, PyObject *kwargs) {
    (void)self;
    static char *keywords[] = {"values", "start", "add", "out", NULL};
    PyObject *values_obj, *out_obj;
    Py_ssize_t start;
    long long add;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OnLO:format_uints", keywords, &values_obj, &start, &add, &out_obj))
        return NULL;
    shell_views views = {.count = 0};
    int width = 0;
    PyObject *result = NULL;
    Py_buffer *values = shell_views_get_ints(&views, values_obj, "values", &width);
    if (!values)
        goto done;
    const Py_ssize_t len = values->len / width;
    if (start < 0 || start > len) {
        PyErr_Format(PyExc_ValueError, "start %zd is outside the %zd values", start, len);
        goto done;
    }
    Py_buffer *out = shell_views_get(&views, out_obj, 'B', 1, -1, true, "out");
    if (!out)
        goto done;
    Py_ssize_t stop, written;
    Py_BEGIN_ALLOW_THREADS
    written = nq_tp_format(values->buf, width, len, start, (int64_t)add, (uint8_t *)out->buf,
                           out->len, &stop);
    Py_END_ALLOW_THREADS
    if (written < 0)
        PyErr_Format(PyExc_ValueError, "value %zd plus %lld is negative or too large", stop,
                     add);
    else
        result = Py_BuildValue("(nn)", stop, written);
done:
    shell_views_release(&views);
    return result;
}

static PyMethodDef methods[] = {
    {"parse_uints", (PyCFunction)(void (*)(void))parse_uints, METH_VARARGS | METH_KEYWORDS,
     parse_uints_doc},
    {"format_uints", (PyCFunction)(void (*)(void))format_uints, METH_VARARGS | METH_KEYWORDS,
     format_uints_doc},
    {"token_offset", (PyCFunction)(void (*)(void))token_offset, METH_VARARGS | METH_KEYWORDS,
     token_offset_doc},
    {NULL, NULL, 0, NULL},
};

PyDoc_STRVAR(module_doc,
"Whole numbers out of text and into it, in one pass (the native core of\n"
"nqueens.kernels.textparse).");

SHELL_MODULE(textparse, "nqueens._core.textparse", module_doc, methods)
