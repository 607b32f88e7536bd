"""The kernels that complete a start constellation (queens placed in advance).

A subproblem arrives as the rows still to fill, in search order, each with the
columns its queen may use (``avail``: free columns not attacked by any pre-placed
queen) and the row distance to the next row to fill (``gap``). The search keeps
columns and both diagonals of the queens it places as bit masks and shifts the
diagonals by ``gap`` rows between levels, so rows already holding a pre-placed
queen are skipped for free.

Two kernels share this layout: :func:`count_queen`, the tight loop for plain
queens, and :func:`count_general`, which adds the superqueen's knight move and
(optionally) tests every completion for symmetry under a half and a quarter turn.
Both are iterative with explicit stacks.

Besides the count, both return a *column sum*: the sum, over the completions, of
the column of the queen in the last row to fill. It costs one instruction per
completion (a trailing-zero count of a one-bit mask) and gives a recount a second
figure to reproduce: a faulty result almost never gets both right.

The kernels are C (:mod:`nqueens._core.constellations`, with the row step shared by
every search of the core); the functions here document them. Arguments are checked in
C: a wrong dtype raises :class:`TypeError`, a short array, a square off the board or an
``n`` outside 1..64 :class:`ValueError`. Long loops release the interpreter lock.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from .._core import constellations as _c

I64 = npt.NDArray[np.int64]
U64 = npt.NDArray[np.uint64]


def prepare(n: int, qrow: I64, qcol: I64, knight: bool, rows: I64,
            avail: U64, gap: U64) -> int:
    """Fill ``rows``, ``avail`` and ``gap`` for the pre-placed queens ``(qrow[i], qcol[i])``.

    ``rows`` lists the empty rows in increasing order. Returns how many there are, or
    -1 when two pre-placed queens attack each other (or share a row or column).
    ``avail`` holds column masks (bit ``c`` for column ``c``).

    A queen on (0, 1) of a 4×4 board leaves column 3 in row 1, columns 0 and 2 in
    row 2, and columns 0, 2 and 3 in row 3:

    >>> rows, avail = np.empty(4, dtype=np.int64), np.empty(4, dtype=np.uint64)
    >>> gap = np.empty(4, dtype=np.uint64)
    >>> m = prepare(4, np.array([0]), np.array([1]), False, rows, avail, gap)
    >>> m, rows[:m].tolist(), avail[:m].tolist(), gap[:m].tolist()
    (3, [1, 2, 3], [8, 5, 13], [1, 1, 1])
    >>> prepare(4, np.array([0, 1]), np.array([0, 1]), False, rows, avail, gap)
    -1
    """
    m: int = _c.prepare(n, qrow, qcol, knight, rows, avail, gap)
    return m


Slices = tuple[int, int, int]


def count_queen(avail: U64, gap: U64, m: int) -> tuple[int, int, Slices]:
    """Count the completions of a plain-queen subproblem with ``m`` rows to fill:
    ``(completions, column sum, slices)`` (see the module's notes; ``slices`` counts the
    completions again by the column of the last row's queen modulo 3).

    Of the two 4-queens solutions, one has its first queen on column 1 (and its last
    one on column 2); on the empty 8×8 board the count is the 92 solutions, whose
    queens of the last row use the columns 0 to 7 as often as their mirror images do
    (92 × 7 / 2 = 322):

    >>> rows, avail = np.empty(8, dtype=np.int64), np.empty(8, dtype=np.uint64)
    >>> gap = np.empty(8, dtype=np.uint64)
    >>> m = prepare(4, np.array([0]), np.array([1]), False, rows, avail, gap)
    >>> count_queen(avail, gap, m)
    (1, 2, (0, 0, 1))
    >>> none = np.empty(0, dtype=np.int64)
    >>> count_queen(avail, gap, prepare(8, none, none, False, rows, avail, gap))
    (92, 322, (30, 30, 32))
    """
    result: tuple[int, int, Slices] = _c.count_queen(avail, gap, m)
    return result


def count_general(n: int, avail: U64, gap: U64, rows: I64,
                  m: int, base: I64, knight: bool,
                  sym: int) -> tuple[int, int, int, int, Slices]:
    """Count completions with the knight move (``knight``) and, when ``sym`` is 1 or 2,
    also those a half turn (and for 2 a quarter turn) leaves unchanged.

    ``base[r]`` is the column of the pre-placed queen of row ``r`` (ignored elsewhere).
    Returns ``(total, fixed180, fixed90, column sum, slices)``.

    The 4 solutions of 6 queens, all symmetric under a half turn, and likewise the 4 of
    10 superqueens:

    >>> none = np.empty(0, dtype=np.int64)
    >>> rows, avail = np.empty(10, dtype=np.int64), np.empty(10, dtype=np.uint64)
    >>> gap = np.empty(10, dtype=np.uint64)
    >>> m = prepare(6, none, none, False, rows, avail, gap)
    >>> count_general(6, avail, gap, rows, m, np.zeros(6, dtype=np.int64), False, 2)
    (4, 4, 0, 10, (1, 2, 1))
    >>> m = prepare(10, none, none, True, rows, avail, gap)
    >>> count_general(10, avail, gap, rows, m, np.zeros(10, dtype=np.int64), True, 2)
    (4, 4, 0, 18, (2, 1, 1))
    """
    result: tuple[int, int, int, int, Slices] = _c.count_general(n, avail, gap, rows, m, base,
                                                                 knight, sym)
    return result


def estimate(avail: U64, gap: U64, m: int, depth: int) -> int:
    """Number of partial placements on the first ``depth`` rows to fill (plain queens):
    a cheap measure of how big the search below a subproblem is in this orientation.

    Every placement of each level counts: with a queen on (0, 1) of a 4×4 board, row 1
    has one free square, and the whole search has 3 nodes (one per row of the solution):

    >>> rows, avail = np.empty(4, dtype=np.int64), np.empty(4, dtype=np.uint64)
    >>> gap = np.empty(4, dtype=np.uint64)
    >>> m = prepare(4, np.array([0]), np.array([1]), False, rows, avail, gap)
    >>> estimate(avail, gap, m, 1), estimate(avail, gap, m, m)
    (1, 3)
    >>> m = prepare(4, np.empty(0, dtype=np.int64), np.empty(0, dtype=np.int64), False,
    ...             rows, avail, gap)
    >>> estimate(avail, gap, m, 2)  # 4 queens on row 0, then 2 + 1 + 1 + 2 on row 1
    10
    """
    nodes: int = _c.estimate(avail, gap, m, depth)
    return nodes


def frame_cost(n: int, a: int, b: int, c: int, d: int, knight: bool, depth: int) -> int:
    """:func:`estimate` for the frame with queens at (0, a), (n-1, b), (c, 0), (d, n-1);
    -1 when those queens attack each other.

    Queens on (0, 2), (7, 5), (3, 0) and (4, 7) get along; (7, 0) and (7, 7) share a row:

    >>> frame_cost(8, 2, 5, 3, 4, False, 0), frame_cost(8, 0, 0, 7, 7, False, 0)
    (1, -1)
    """
    cost: int = _c.frame_cost(n, a, b, c, d, knight, depth)
    return cost


def frame_images_into(n: int, a: int, b: int, c: int, d: int, out: I64) -> None:
    """Write the 8 images of frame (a, b, c, d) into ``out`` (8 × 4), in the order of
    ``nqueens.base.board.SYMMETRY_NAMES``.

    The frame of the 4-queens solution (1, 3, 0, 2) is (1, 2, 2, 1); a quarter turn keeps
    it, the mirror gives the frame (2, 1, 1, 2) of the other solution:

    >>> out = np.empty((8, 4), dtype=np.int64)
    >>> frame_images_into(4, 1, 2, 2, 1, out)
    >>> out[:2].tolist(), out[4].tolist()
    ([[1, 2, 2, 1], [1, 2, 2, 1]], [2, 1, 1, 2])
    """
    _c.frame_images_into(n, a, b, c, d, out)


def enumerate_frames(n: int, knight: bool, depth: int) -> I64:
    """The canonical frames of an n×n board as rows ``(a, b, c, d, weight, sym, cost)``.

    ``(a, b, c, d)`` is the image of the canonical frame chosen for the search (the
    one with the smallest :func:`estimate`; rotation-fixed frames stay as they are),
    ``weight`` the size of its symmetry class, ``sym`` 2 when a quarter turn keeps it,
    1 when only a half turn does, else 0.

    Completing each canonical frame and weighting by its class gives all 92 solutions
    of 8 queens:

    >>> rows, avail = np.empty(8, dtype=np.int64), np.empty(8, dtype=np.uint64)
    >>> gap = np.empty(8, dtype=np.uint64)
    >>> total = 0
    >>> for a, b, c, d, weight, sym, cost in enumerate_frames(8, False, 0).tolist():
    ...     q = sorted({(0, a), (7, b), (c, 0), (d, 7)})
    ...     qr, qc = np.array([x for x, _ in q]), np.array([y for _, y in q])
    ...     m = prepare(8, qr, qc, False, rows, avail, gap)
    ...     total += weight * count_queen(avail, gap, m)[0]
    >>> total
    92
    """
    table = np.frombuffer(_c.enumerate_frames(n, knight, depth), dtype=np.int64)
    return table.reshape(-1, 7)


def count_queen_many(n: int, queens: I64, nq: I64, out: I64,
                     colsums: I64, slices: I64) -> None:
    """:func:`count_queen` for many plain-queen subproblems at once: row ``i`` of
    ``queens`` holds ``nq[i]`` pre-placed queens as (row, column) pairs; the counts go
    to ``out[i]``, the column sums to ``colsums[i]`` and the slices to ``slices[i]`` (an
    array of shape (count, 3); all 0 when the pre-placed queens attack each other).

    The 6-queens solutions by the column of the first queen, and a last subproblem whose
    queens (0, 0) and (1, 1) attack each other:

    >>> queens = np.array([[0, c, 0, 0] for c in range(6)] + [[0, 0, 1, 1]])
    >>> nq = np.array([1, 1, 1, 1, 1, 1, 2])
    >>> out, colsums = np.zeros(7, dtype=np.int64), np.zeros(7, dtype=np.int64)
    >>> slices = np.zeros((7, 3), dtype=np.int64)
    >>> count_queen_many(6, queens, nq, out, colsums, slices)
    >>> out.tolist(), colsums.tolist(), slices[1:5].tolist()
    ([0, 1, 1, 1, 1, 0, 0], [0, 4, 3, 2, 1, 0, 0], [[0, 1, 0], [1, 0, 0], [0, 0, 1], [0, 1, 0]])
    """
    _c.count_queen_many(n, queens, nq, out, colsums, slices)


def make_items(n: int, queens: I64, nq: I64, level: int, avail: U64,
               gap: npt.NDArray[np.uint8], m_of: npt.NDArray[np.uint8],
               level_of: npt.NDArray[np.uint8]) -> tuple[bytes, bytes]:
    """Prepare the plain-queen subproblems of ``queens``/``nq`` (as in
    :func:`count_queen_many`) into ``avail`` and ``gap`` (one row of n each), ``m_of``
    (rows to fill; 255 when the queens attack each other) and ``level_of``, and split
    each into *items*: the partial placements of its first ``min(level, m - 3)`` rows
    to fill that leave the next row a free square (one item, level 0, below 3 rows).
    Returns the items' subproblem numbers (int32) and their masks (cols, d1, d2 at the
    level: uint64 triples) as bytes, each subproblem's items together.

    The 6-queens board by the queen of row 0, split by one more row:

    >>> queens = np.array([[0, c] for c in range(6)])
    >>> avail, gap = np.zeros((6, 6), np.uint64), np.zeros((6, 6), np.uint8)
    >>> m_of, level_of = np.zeros(6, np.uint8), np.zeros(6, np.uint8)
    >>> sub, masks = make_items(6, queens, np.ones(6, np.int64), 1, avail, gap, m_of, level_of)
    >>> np.bincount(np.frombuffer(sub, np.int32)).tolist()  # items a subproblem
    [4, 3, 3, 3, 3, 4]
    >>> m_of.tolist(), level_of.tolist()
    ([5, 5, 5, 5, 5, 5], [1, 1, 1, 1, 1, 1])
    """
    return _c.make_items(n, queens, nq, level, avail, gap, m_of, level_of)


def count_items(avail: U64, gap: npt.NDArray[np.uint8], m_of: npt.NDArray[np.uint8],
                level_of: npt.NDArray[np.uint8], sub: npt.NDArray[np.int32], masks: U64,
                totals: U64, colsums: U64, slices: U64) -> None:
    """Count the items of :func:`make_items` on the host, one after another, with the
    function a GPU thread runs (``nq_count_item``): ``totals[i]``, ``colsums[i]`` and
    ``slices[i]`` (shape (items, 3)) receive item ``i``'s completions, column sum and
    slices. Arrays that :func:`make_items` could not have made raise ValueError.

    >>> queens = np.array([[0, c] for c in range(6)])
    >>> avail, gap = np.zeros((6, 6), np.uint64), np.zeros((6, 6), np.uint8)
    >>> m_of, level_of = np.zeros(6, np.uint8), np.zeros(6, np.uint8)
    >>> raw = make_items(6, queens, np.ones(6, np.int64), 1, avail, gap, m_of, level_of)
    >>> sub = np.frombuffer(raw[0], np.int32)
    >>> masks = np.frombuffer(raw[1], np.uint64)
    >>> totals, colsums = np.zeros(sub.size, np.uint64), np.zeros(sub.size, np.uint64)
    >>> slices = np.zeros((sub.size, 3), np.uint64)
    >>> count_items(avail, gap, m_of, level_of, sub, masks, totals, colsums, slices)
    >>> np.bincount(sub, weights=totals, minlength=6).astype(int).tolist()
    [0, 1, 1, 1, 1, 0]
    >>> int(slices.sum()) == int(totals.sum())
    True
    """
    _c.count_items(avail, gap, m_of, level_of, sub, masks, totals, colsums, slices)
