/* The sweeps of the groups with their counts (sweeps.c), a function of the module
 * minesweeper._core.mines. */
#ifndef MS_SWEEPS_H
#define MS_SWEEPS_H

#include "grow.h"
#include "shell_py.h"

PyObject *ms_sweeps(PyObject *self, PyObject *args, PyObject *kwargs);

/* What the sweeps of a board's groups give: for each of its `groups` groups a status (0
 * swept, 1 a count passed 64 bits, 2 set aside unswept), its polynomial (polys from pptr[g]) and its classes'
 * counts (classes from cptr[g]), as sweeps() returns them. */
typedef struct {
    int64_t groups;
    uint8_t *status;
    int64_t *pptr, *cptr;
    ms_grow polys, classes;
} ms_swept;

/* Every group swept, as groups() gives them, but those `skip` marks (NULL: none), which
 * get status 2 and nothing else (without the interpreter lock: *save); 0, -1 out of
 * memory, -2 a signal's handler raised.  Free `out` with ms_swept_free. */
int ms_sweep_all(int64_t G, const int64_t *gptr, const int32_t *ones, const int32_t *zeros,
                 const int64_t *grptr, const int64_t *rptr, const int32_t *rpos,
                 const int8_t *rcoef, const int32_t *rrhs, const uint8_t *skip,
                 ms_swept *out, PyThreadState **save);
/* The five bytes objects of sweeps() (NULL with an exception set). */
PyObject *ms_swept_result(const ms_swept *s);
void ms_swept_free(ms_swept *s);

#define MS_SWEEPS_DOC \
    "sweeps(gptr, ones, zeros, grptr, rptr, rpos, rcoef, rrhs)\n" \
    "--\n" \
    "\n" \
    "The sweeps of the groups that groups() made (its arrays, as numpy arrays of its\n" \
    "types), with their counts.  Returns (status, polys, pptr, classes, cptr) as bytes:\n" \
    "status (uint8, one a group) 0 swept, 1 a count passed 64 bits (nothing given for it);\n" \
    "polys (uint64), group g's arrangements by mines at pptr[g]..pptr[g + 1] (int64);\n" \
    "classes (uint64), from cptr[g] (int64), for each class of group g in order, the\n" \
    "arrangements in which it is 1 by the group's mines, as long as its polynomial."

#endif
