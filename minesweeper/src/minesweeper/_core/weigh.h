/* The exact counts of every covered square from the groups' sweeps (weigh.c), a function
 * of the module minesweeper._core.mines. */
#ifndef MS_WEIGH_H
#define MS_WEIGH_H

#include "shell_py.h"

PyObject *ms_weigh(PyObject *self, PyObject *args, PyObject *kwargs);

#define MS_WEIGH_DOC \
    "weigh(polys, classes, codes, fixed, interior, total)\n" \
    "--\n" \
    "\n" \
    "The exact count of arrangements with a mine on each covered square, from each group's\n" \
    "polynomial (polys: lists of ints, its arrangements by mines), each of its classes'\n" \
    "arrangements with the class 1 by the group's mines (classes), each square's code\n" \
    "(int32, as groups() gives it), the mines the collapse fixed, the squares no number\n" \
    "sees and the total (None: without one).  Returns (mined, arrangements, inner,\n" \
    "frontier): the counts square by square (a list of ints), the arrangements of every\n" \
    "covered square (without a total: twice the frontier's), those with a mine on one\n" \
    "given square no number sees, and the frontier's arrangements."

#endif
