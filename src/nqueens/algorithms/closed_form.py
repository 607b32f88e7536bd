"""The closed-form solution of huge boards, O(n): :func:`construct` writes down a
solution for every n ≥ 4 with the explicit formulas of Hoffman, Loessi and Moore
(1969), as restated by Bernhardsson (1991); vectorised with numpy, ten million queens
take well under a second.

>>> construct(8).as_tuple()
(3, 5, 7, 1, 6, 0, 2, 4)
"""

from __future__ import annotations

import numpy as np

from ..base.board import Columns, Solution, column_dtype
from ..base.errors import NoSolution
from ..base.limits import MAX_LARGE_N, check_n, check_solvable


def construct_cols(n: int) -> Columns:
    """The columns of the explicit solution for ``n`` (n = 1 or n ≥ 4), as an array of
    the column dtype (:func:`~nqueens.base.board.column_dtype`).

    Rows and columns are 0-based here; with 1-based (row, column) pairs and
    m = n rounded down to an even number, h = m / 2, the formulas are:

    * m mod 6 ≠ 2: rows i = 1…h take column 2i, rows h + i take column 2i − 1;
    * m mod 6 = 2: row i takes column 1 + (2(i − 1) + h − 1) mod m and row
      m + 1 − i takes column m − (2(i − 1) + h − 1) mod m, for i = 1…h;
    * n odd: the even solution for m = n − 1 leaves the main diagonal free, and the
      last queen goes to the corner (n, n).

    >>> construct_cols(6).tolist()
    [1, 3, 5, 0, 2, 4]
    >>> construct_cols(9).tolist()
    [3, 5, 7, 1, 6, 0, 2, 4, 8]
    """
    dtype = column_dtype(n)
    if n == 1:
        return np.zeros(1, dtype=dtype)
    check_solvable(n)
    m = n - (n & 1)
    h = m // 2
    cols = np.empty(n, dtype=dtype)
    i = np.arange(h, dtype=dtype)               # i − 1 of the formulas
    if m % 6 != 2:
        np.multiply(i, 2, out=cols[:h])
        cols[:h] += 1                            # column 2i, 0-based
        np.multiply(i, 2, out=cols[h:m])         # column 2i − 1, 0-based
    else:
        v = cols[:h]
        np.multiply(i, 2, out=v)
        v += h - 1                               # below 1.5·n: int32 holds it up to MAX_LARGE_N
        np.remainder(v, m, out=v)                # 0-based column of row i
        np.subtract(m - 1, v, out=cols[m - 1:h - 1:-1])
    if n & 1:
        cols[n - 1] = n - 1
    return cols


def construct(n: int) -> Solution:
    """The explicit solution for ``n`` (deterministic, O(n)); n = 2, 3 raise NoSolution.

    >>> construct(4).as_tuple()
    (1, 3, 0, 2)
    >>> construct(3)
    Traceback (most recent call last):
    ...
    nqueens.base.errors.NoSolution: no solution exists for n = 3
    """
    n = check_n(n, MAX_LARGE_N)
    return Solution.of_known_columns(construct_cols(n))


def solve_construct(n: int, *, torus: bool = False, **_: object
                    ) -> tuple[Solution, dict[str, int]]:
    """The ``construct`` method of :mod:`nqueens.base.methods`: :func:`construct`, or on the
    torus the linear solution y = 2x (:mod:`nqueens.algorithms.linear`), with no work to report.

    >>> solve_construct(5, torus=True)[0].as_tuple()
    (0, 2, 4, 1, 3)
    """
    if torus:
        from .linear import exists, placement

        if not exists(n):
            raise NoSolution(f"no solution exists for n = {n} on the torus (queens on a "
                             "torus need n coprime to 6)")
        return placement(n, 2, 0), {}
    return construct(n), {}
