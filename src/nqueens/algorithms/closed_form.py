"""The closed-form solution of huge boards, O(n): :func:`construct` writes down a
solution for every n ≥ 4 with the explicit formulas of Hoffman, Loessi and Moore
(1969), as restated by Bernhardsson (1991); vectorised with numpy, ten million queens
take well under a second.

>>> construct(8).as_tuple()
(3, 5, 7, 1, 6, 0, 2, 4)
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from ..base.board import Columns, Solution, column_dtype
from ..base.errors import NoSolution
from ..base.limits import MAX_LARGE_N, check_n, check_solvable

#: Rows of a board built or written at a time by :func:`construct_blocks` (4 MiB of
#: int32 columns, and one int64 temporary of the same rows).
BLOCK_ROWS = 1 << 20


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

    The array is filled :data:`BLOCK_ROWS` rows at a time (:func:`construct_into`), so
    that the columns are the only array of size n.

    >>> construct_cols(6).tolist()
    [1, 3, 5, 0, 2, 4]
    >>> construct_cols(9).tolist()
    [3, 5, 7, 1, 6, 0, 2, 4, 8]
    """
    if n != 1:
        check_solvable(n)
    cols = np.empty(n, dtype=column_dtype(n))
    for start in range(0, n, BLOCK_ROWS):
        construct_into(n, start, cols[start:start + BLOCK_ROWS])
    return cols


def construct_into(n: int, start: int, out: Columns) -> Columns:
    """Write the columns of rows ``start`` … ``start + len(out) − 1`` of the explicit
    solution for ``n`` (see :func:`construct_cols`) into ``out``; return ``out``.

    Each part of the rows (the upper half, the lower half, the corner of odd n) is
    computed in one int64 temporary of at most ``len(out)`` values.

    >>> out = np.empty(3, dtype=np.int32)
    >>> construct_into(9, 3, out).tolist(), construct_cols(9)[3:6].tolist()
    ([1, 6, 0], [1, 6, 0])
    """
    stop = start + out.shape[0]
    if not 0 <= start <= stop <= n:
        raise ValueError(f"rows {start} to {stop} are not rows of a board of {n}")
    m = n - (n & 1)
    h = m // 2
    wrap = m % 6 == 2
    lo, hi = start, min(stop, h)  # the upper half: rows 0 … h − 1
    if lo < hi:
        r = np.arange(lo, hi, dtype=np.int64)
        r *= 2
        if wrap:
            r += h - 1
            np.remainder(r, m, out=r)
        else:
            r += 1
        out[lo - start:hi - start] = r
    lo, hi = max(start, h), min(stop, m)  # the lower half: rows h … m − 1
    if lo < hi:
        r = np.arange(lo, hi, dtype=np.int64)
        if wrap:  # row m − 1 − i mirrors row i of the upper half
            np.subtract(m - 1, r, out=r)
            r *= 2
            r += h - 1
            np.remainder(r, m, out=r)
            np.subtract(m - 1, r, out=r)
        else:
            r -= h
            r *= 2
        out[lo - start:hi - start] = r
    if n & 1 and start <= n - 1 < stop:
        out[n - 1 - start] = n - 1
    return out


def construct_blocks(n: int, *, torus: bool = False,
                     rows: int = BLOCK_ROWS) -> Iterator[Columns]:
    """The columns of the board :func:`solve_construct` returns, ``rows`` rows at a
    time, never the whole board at once: for writing a huge board as it is made.
    The board is checked first (n = 2, 3 and, on the torus, gcd(n, 6) > 1 raise
    :class:`~nqueens.base.errors.NoSolution` here, before any block).

    Each block is an array of the column dtype that the next block overwrites: write
    it (or copy it) before asking for the next.

    >>> [b.tolist() for b in construct_blocks(9, rows=4)]
    [[3, 5, 7, 1], [6, 0, 2, 4], [8]]
    >>> [b.tolist() for b in construct_blocks(5, torus=True, rows=3)]
    [[0, 2, 4], [1, 3]]
    """
    n = check_n(n, MAX_LARGE_N)
    if rows < 1:
        raise ValueError(f"a block holds at least one row, not {rows}")
    if torus:
        _check_torus(n)
    elif n != 1:
        check_solvable(n)
    return _blocks(n, torus, rows)


def _blocks(n: int, torus: bool, rows: int) -> Iterator[Columns]:
    buf = np.empty(min(n, rows), dtype=column_dtype(n))
    for start in range(0, n, rows):
        out = buf[:min(rows, n - start)]
        if torus:  # the linear solution x ↦ 2x mod n
            r = np.arange(start, start + out.shape[0], dtype=np.int64)
            r *= 2
            np.remainder(r, n, out=r)
            out[:] = r
        else:
            construct_into(n, start, out)
        yield out


def _check_torus(n: int) -> None:
    from .linear import exists

    if not exists(n):
        raise NoSolution(f"no solution exists for n = {n} on the torus (queens on a "
                         "torus need n coprime to 6)")


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
        n = check_n(n, MAX_LARGE_N)
        _check_torus(n)
        cols = np.empty(n, dtype=column_dtype(n))
        start = 0
        for block in construct_blocks(n, torus=True):
            cols[start:start + block.shape[0]] = block
            start += block.shape[0]
        return Solution.of_known_columns(cols), {}
    return construct(n), {}
