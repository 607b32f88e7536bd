/* The exact counts of every covered square of a board from its groups' sweeps (the
 * compiled form of minesweeper.analysis.probability's _weights and the values of
 * probabilities_of, which stay there as the readable reference the tests hold this
 * against), in Python integers: with a total they pass 64 bits on any board of a few
 * hundred squares.
 *
 * Each group g has a polynomial p_g (its arrangements by mines) and, for each of its
 * classes, the arrangements with the class 1 by the group's mines.  With a total, the
 * squares no number sees (I of them) complete an arrangement whose frontier holds j mines
 * in ways[j] = C(I, need - j) ways; the rest of the board completes group g holding m
 * mines in w_g[m] = sum_k others_g[k] ways[m + k] ways, others_g the product of the
 * other groups' polynomials (prefix times suffix products: no division).  Without a
 * total every arrangement of the frontier counts twice (the denominator 2 F). */
#include "weigh.h"

#include <stdlib.h>

/* A polynomial of Python integers (owned references). */
typedef struct {
    PyObject **at;
    Py_ssize_t len;
} wg_poly;

static void wg_free(wg_poly *p) {
    for (Py_ssize_t i = 0; p->at && i < p->len; i++)
        Py_XDECREF(p->at[i]);
    free(p->at);
    p->at = NULL;
    p->len = 0;
}

/* `len` zeros; -1 out of memory. */
static int wg_zeros(wg_poly *p, Py_ssize_t len, PyObject *zero) {
    p->at = malloc(sizeof(PyObject *) * (size_t)(len > 0 ? len : 1));
    p->len = 0;
    if (p->at == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (; p->len < len; p->len++)
        p->at[p->len] = Py_NewRef(zero);
    return 0;
}

/* *acc += x * y (x or y the cached zero: nothing to add); -1 with an exception set. */
static int wg_addmul(PyObject **acc, PyObject *x, PyObject *y, PyObject *zero) {
    if (x == zero || y == zero)
        return 0;
    PyObject *t = PyNumber_Multiply(x, y);
    PyObject *s = t ? PyNumber_Add(*acc, t) : NULL;
    Py_XDECREF(t);
    if (s == NULL)
        return -1;
    Py_SETREF(*acc, s);
    return 0;
}

/* out = a b; -1 with an exception set. */
static int wg_convolve(const wg_poly *a, const wg_poly *b, wg_poly *out, PyObject *zero) {
    if (wg_zeros(out, a->len + b->len - 1, zero) < 0)
        return -1;
    for (Py_ssize_t i = 0; i < a->len; i++)
        for (Py_ssize_t j = 0; j < b->len; j++)
            if (wg_addmul(&out->at[i + j], a->at[i], b->at[j], zero) < 0)
                return -1;
    return 0;
}

/* The items of a list of ints as a polynomial (new references); -1 with an exception. */
static int wg_of_list(PyObject *list, wg_poly *out) {
    if (!PyList_Check(list) || PyList_GET_SIZE(list) == 0) {
        PyErr_SetString(PyExc_TypeError, "a polynomial must be a non-empty list of ints");
        return -1;
    }
    out->len = PyList_GET_SIZE(list);
    out->at = malloc(sizeof(PyObject *) * (size_t)out->len);
    if (out->at == NULL) {
        out->len = 0;
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t i = 0; i < out->len; i++) {
        PyObject *v = PyList_GET_ITEM(list, i);
        if (!PyLong_Check(v)) {
            for (Py_ssize_t k = 0; k < i; k++)
                Py_DECREF(out->at[k]);
            free(out->at);
            out->at = NULL;
            out->len = 0;
            PyErr_SetString(PyExc_TypeError, "a polynomial must be a list of ints");
            return -1;
        }
        out->at[i] = Py_NewRef(v);
    }
    return 0;
}

/* ways[j] = C(interior, need - j) for j < size (0 out of range); -1 with an exception. */
static int wg_binomials(long long interior, long long need, Py_ssize_t size, wg_poly *ways,
                        PyObject *zero) {
    if (wg_zeros(ways, size, zero) < 0)
        return -1;
    long long low = need - (size - 1) > 0 ? need - (size - 1) : 0;
    long long high = interior < need ? interior : need;
    if (low > high)
        return 0;
    PyObject *math = PyImport_ImportModule("math");
    PyObject *value = math ? PyObject_CallMethod(math, "comb", "LL", interior, low) : NULL;
    Py_XDECREF(math);
    for (long long k = low; value != NULL && k <= high; k++) {
        Py_SETREF(ways->at[need - k], Py_NewRef(value));
        /* C(I, k + 1) = C(I, k) (I - k) / (k + 1) */
        PyObject *f = PyLong_FromLongLong(interior - k), *d = PyLong_FromLongLong(k + 1);
        PyObject *t = f && d ? PyNumber_Multiply(value, f) : NULL;
        Py_SETREF(value, t && d ? PyNumber_FloorDivide(t, d) : NULL);
        Py_XDECREF(f);
        Py_XDECREF(d);
        Py_XDECREF(t);
    }
    if (value == NULL)
        return -1;
    Py_DECREF(value);
    return 0;
}

/* sum of a[i] b[i + shift] for i < a.len; NULL with an exception set. */
static PyObject *wg_dot(const wg_poly *a, const wg_poly *b, Py_ssize_t shift, PyObject *zero) {
    PyObject *acc = Py_NewRef(zero);
    for (Py_ssize_t i = 0; i < a->len && i + shift < b->len; i++)
        if (wg_addmul(&acc, a->at[i], b->at[i + shift], zero) < 0) {
            Py_DECREF(acc);
            return NULL;
        }
    return acc;
}

PyObject *ms_weigh(PyObject *self, PyObject *args, PyObject *kwargs) {
    (void)self;
    static char *keywords[] = {"polys", "classes", "codes", "fixed", "interior", "total", NULL};
    PyObject *polys_o, *classes_o, *codes_o, *total_o;
    long long fixed, interior;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O!O!OLLO:weigh", keywords, &PyList_Type,
                                     &polys_o, &PyList_Type, &classes_o, &codes_o, &fixed,
                                     &interior, &total_o))
        return NULL;
    Py_ssize_t G = PyList_GET_SIZE(polys_o);
    if (PyList_GET_SIZE(classes_o) != G || interior < 0) {
        PyErr_SetString(PyExc_ValueError,
                        "classes must hold one list a group, interior be at least 0");
        return NULL;
    }
    long long total = 0;
    if (total_o != Py_None) {
        total = PyLong_AsLongLong(total_o);
        if (total == -1 && PyErr_Occurred())
            return NULL;
    }
    shell_views views = {.count = 0};
    Py_buffer *cv = shell_views_get(&views, codes_o, 'i', 4, -1, false, "codes");
    if (cv == NULL) {
        shell_views_release(&views);
        return NULL;
    }
    const int32_t *codes = cv->buf;
    Py_ssize_t n = shell_len(cv);
    PyObject *zero = PyLong_FromLong(0), *one = PyLong_FromLong(1);
    PyObject *result = NULL, *values = NULL, *mined = NULL;
    PyObject *arrangements = NULL, *inner = NULL, *frontier = NULL;
    wg_poly *p = calloc((size_t)G + 1, sizeof(wg_poly));
    wg_poly *before = calloc((size_t)G + 1, sizeof(wg_poly)); /* p_0 .. p_{g-1} */
    wg_poly *after = calloc((size_t)G + 2, sizeof(wg_poly));  /* p_g .. p_{G-1} */
    wg_poly *w = calloc((size_t)G + 1, sizeof(wg_poly));
    wg_poly ways = {0}, others = {0};
    if (!p || !before || !after || !w) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t g = 0; g < G; g++)
        if (wg_of_list(PyList_GET_ITEM(polys_o, g), &p[g]) < 0)
            goto done;
    /* the frontier's arrangements, whatever the total */
    frontier = Py_NewRef(one);
    for (Py_ssize_t g = 0; g < G && frontier; g++) {
        PyObject *size = Py_NewRef(zero);
        for (Py_ssize_t m = 0; m < p[g].len && size; m++)
            Py_SETREF(size, PyNumber_Add(size, p[g].at[m]));
        Py_SETREF(frontier, size ? PyNumber_Multiply(frontier, size) : NULL);
        Py_XDECREF(size);
    }
    if (frontier == NULL)
        goto done;
    if (total_o == Py_None) { /* the denominator 2 F, each group's weight 2 F / its size */
        PyObject *two = PyLong_FromLong(2);
        arrangements = two ? PyNumber_Multiply(two, frontier) : NULL;
        Py_XDECREF(two);
        inner = Py_NewRef(frontier);
        for (Py_ssize_t g = 0; g < G && arrangements; g++) {
            PyObject *size = Py_NewRef(zero);
            for (Py_ssize_t m = 0; m < p[g].len && size; m++)
                Py_SETREF(size, PyNumber_Add(size, p[g].at[m]));
            PyObject *each = size ? PyNumber_FloorDivide(arrangements, size) : NULL;
            Py_XDECREF(size);
            if (each == NULL || wg_zeros(&w[g], p[g].len, each) < 0) {
                Py_XDECREF(each);
                goto done;
            }
            Py_DECREF(each);
        }
        if (arrangements == NULL)
            goto done;
    } else {
        if (wg_zeros(&before[0], 1, one) < 0 || wg_zeros(&after[G], 1, one) < 0)
            goto done;
        for (Py_ssize_t g = 0; g < G; g++)
            if (wg_convolve(&before[g], &p[g], &before[g + 1], zero) < 0)
                goto done;
        for (Py_ssize_t g = G - 1; g >= 0; g--)
            if (wg_convolve(&p[g], &after[g + 1], &after[g], zero) < 0)
                goto done;
        const wg_poly *every = &before[G];
        long long need = total - fixed;
        if (wg_binomials(interior, need, every->len, &ways, zero) < 0)
            goto done;
        arrangements = wg_dot(every, &ways, 0, zero);
        /* one given square no number sees mined: sum every[j] ways[j] (need - j) / I */
        inner = Py_NewRef(zero);
        for (Py_ssize_t j = 0; j < every->len && inner && interior; j++) {
            PyObject *t = PyNumber_Multiply(every->at[j], ways.at[j]);
            PyObject *k = PyLong_FromLongLong(need - j);
            PyObject *u = t && k ? PyNumber_Multiply(t, k) : NULL;
            Py_SETREF(inner, u ? PyNumber_Add(inner, u) : NULL);
            Py_XDECREF(t);
            Py_XDECREF(k);
            Py_XDECREF(u);
        }
        if (inner && interior) {
            PyObject *d = PyLong_FromLongLong(interior);
            Py_SETREF(inner, d ? PyNumber_FloorDivide(inner, d) : NULL);
            Py_XDECREF(d);
        }
        if (arrangements == NULL || inner == NULL)
            goto done;
        for (Py_ssize_t g = 0; g < G; g++) {
            if (wg_convolve(&before[g], &after[g + 1], &others, zero) < 0 ||
                wg_zeros(&w[g], p[g].len, zero) < 0)
                goto done;
            for (Py_ssize_t m = 0; m < p[g].len; m++) {
                PyObject *d = wg_dot(&others, &ways, m, zero);
                if (d == NULL)
                    goto done;
                Py_SETREF(w[g].at[m], d);
            }
            wg_free(&others);
        }
    }
    /* the counts a square can have, by its code: 0, all, an unseen square's, and for each
     * class its own and its complement's */
    values = PyList_New(0);
    if (values == NULL || PyList_Append(values, zero) < 0 ||
        PyList_Append(values, arrangements) < 0 || PyList_Append(values, inner) < 0)
        goto done;
    for (Py_ssize_t g = 0; g < G; g++) {
        PyObject *rows = PyList_GET_ITEM(classes_o, g);
        if (!PyList_Check(rows)) {
            PyErr_SetString(PyExc_TypeError, "each group's classes must be a list");
            goto done;
        }
        for (Py_ssize_t c = 0; c < PyList_GET_SIZE(rows); c++) {
            wg_poly row = {0};
            if (wg_of_list(PyList_GET_ITEM(rows, c), &row) < 0)
                goto done;
            PyObject *k = row.len == w[g].len ? wg_dot(&row, &w[g], 0, zero) : NULL;
            if (k == NULL && !PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "a class's counts must be as long as its "
                                                  "group's polynomial");
            wg_free(&row);
            PyObject *rest = k ? PyNumber_Subtract(arrangements, k) : NULL;
            int bad = rest == NULL || PyList_Append(values, k) < 0 ||
                      PyList_Append(values, rest) < 0;
            Py_XDECREF(k);
            Py_XDECREF(rest);
            if (bad)
                goto done;
        }
    }
    mined = PyList_New(n);
    Py_ssize_t nv = PyList_GET_SIZE(values);
    for (Py_ssize_t i = 0; mined && i < n; i++) {
        if (codes[i] < 0 || codes[i] >= nv) {
            PyErr_SetString(PyExc_ValueError, "a code names no count");
            Py_CLEAR(mined);
            break;
        }
        PyList_SET_ITEM(mined, i, Py_NewRef(PyList_GET_ITEM(values, codes[i])));
    }
    if (mined != NULL)
        result = Py_BuildValue("(OOOO)", mined, arrangements, inner, frontier);
done:
    for (Py_ssize_t g = 0; p && g < G; g++)
        wg_free(&p[g]);
    for (Py_ssize_t g = 0; before && g <= G; g++)
        wg_free(&before[g]);
    for (Py_ssize_t g = 0; after && g <= G; g++)
        wg_free(&after[g]);
    for (Py_ssize_t g = 0; w && g < G; g++)
        wg_free(&w[g]);
    free(p);
    free(before);
    free(after);
    free(w);
    wg_free(&ways);
    wg_free(&others);
    Py_XDECREF(values);
    Py_XDECREF(mined);
    Py_XDECREF(arrangements);
    Py_XDECREF(inner);
    Py_XDECREF(frontier);
    Py_XDECREF(zero);
    Py_XDECREF(one);
    shell_views_release(&views);
    return result;
}
