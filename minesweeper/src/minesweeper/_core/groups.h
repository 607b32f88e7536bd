/* The groups of a collapsed board and the dry run of their sweeps (groups.c), a function
 * of the module minesweeper._core.mines. */
#ifndef MS_GROUPS_H
#define MS_GROUPS_H

#include "shell_py.h"
#include "sweeps.h"

PyObject *ms_groups(PyObject *self, PyObject *args, PyObject *kwargs);

/* What groups() reads: a collapsed board (its arrays checked), and its settings. */
typedef struct {
    Py_ssize_t n, m;
    const int32_t *parent;
    const uint8_t *parity;
    const int8_t *value;
    const bool *touched;
    const int64_t *ptr;
    const int32_t *vs;
    const int16_t *need;
    const int32_t *at_row, *at_col; /* the squares' places (NULL: the greedy order alone) */
    bool count_mines, dry, whole, sweep, defer;
    int64_t cap, max_states, work;
} ms_groups_in;

/* What groups() gives (its arrays, as described below, owned: ms_groups_out_free), all
 * NULL unless status is 0. */
typedef struct {
    int status;
    int64_t classes, at, fixed, K, R, G;
    int64_t *gptr, *grptr, *optr, *deferred;
    int32_t *order, *oones, *ozeros, *opos, *orhs, *codes;
    int8_t *ocoef;
    ms_swept swept;
} ms_groups_out;

/* groups() without the interpreter: takes the lock off itself while it works (and
 * back to check for signals).  0, -1 out of memory, -2 a signal's handler raised. */
int ms_groups_run(const ms_groups_in *in, ms_groups_out *out);
void ms_groups_out_free(ms_groups_out *out);

#define MS_GROUPS_DOC \
    "groups(parent, parity, value, touched, ptr, vars, need, count_mines, cap, max_states,\n" \
    "       dry, whole=True, sweep=False, rows=None, cols=None, work=None, defer=False)\n" \
    "--\n" \
    "\n" \
    "The groups of the classes of a collapsed board (parent: each square's root) and the\n" \
    "sweep order of each (the greedy one, or given the squares' rows and cols on the board,\n" \
    "the classes by column or by row where that keeps fewer rows open), the spans of their\n" \
    "rows counted against cap; with dry, the\n" \
    "states of their sweeps made and what they hold counted too.  Returns (status, classes,\n" \
    "at, fixed, gptr, order, ones, zeros, grptr, rptr, rpos, rcoef, rrhs).  status: 0 fits,\n" \
    "1 a number cannot hold, 2 the spans pass cap, 3 more than max_states states at one\n" \
    "boundary, 4 more than cap entries in all (whole false: at two boundaries together, for\n" \
    "a sweep that keeps only the last); classes and at (from 1) say which group and class.\n" \
    "fixed: the mines of the squares the collapse fixed.  The rest, as bytes (empty unless\n" \
    "status is 0): gptr (int64) the groups' ends in order (int32: each class's root), ones\n" \
    "and zeros (int32: its mines when 1 and 0); grptr (int64) the groups' ends in the rows;\n" \
    "rptr (int64), rpos (int32: positions in the group's order, ascending), rcoef (int8) and\n" \
    "rrhs (int32): the rows.  With sweep and whole, cap counts the bytes the compiled\n" \
    "sweep keeps (8 a partial count, 16 a state and 1 a partial sum; no spans), and the\n" \
    "partial counts and sums made in all may not pass work (status 5); with dry six more\n" \
    "values\n" \
    "come: each square's code (int32: 0 or 1 a square the collapse fixed, 2 one no number\n" \
    "sees, 3 + 2 q + parity one of the class at place q of the orders) and what sweeps()\n" \
    "returns of the groups (all empty unless status is 0), then, with defer, for each\n" \
    "group the status (3, 4 or 5) and class at which its dry run passed its limits, or 0 0\n" \
    "(int64 pairs; empty without defer): such a group is set aside (its sweep status 2,\n" \
    "nothing swept, what it would take not counted) instead of refusing the board."

#endif
