"""Counting kernels for the classic backtracking of the source (Dijkstra/Wirth ``proba``).

They count exactly what the readable generators of :mod:`nqueens.algorithms.classic` do, one
square test at a time, without building events: the fast path behind
``nqueens steps`` and ``nqueens stats``. The search goes column by column and tries
rows top to bottom; by the transpose symmetry of the board (and of the attack
rule), that is the same count as row by row trying columns left to right, which is
how the kernels are written: *level* = column, *position* = row.

The kernels are C (:mod:`nqueens._core.steps`): each line keeps the column and
diagonal masks of the row step every search of the core shares, so a scan of a line
counts its tests at once. Arguments are checked in C (:class:`TypeError` for a wrong
dtype, :class:`ValueError` for a short array or an ``n`` outside 1..63).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from .._core import steps as _c


def first_solution_steps(n: int, knight: bool,
                         pos: npt.NDArray[np.int64]) -> tuple[int, int, int, bool]:
    """Run ``proba`` to its first solution; return ``(tests, placed, removed, found)``.

    ``pos`` (``n`` int64) receives the position at each level when a solution is found.
    A test is one square examined; placed and removed count ``lefoglal`` and
    ``felszabadit``.

    On 4×4 the first solution is (1, 3, 0, 2), reached after 8 placements and 4 removals;
    3×3 has none:

    >>> pos = np.zeros(4, dtype=np.int64)
    >>> first_solution_steps(4, False, pos), pos.tolist()
    ((26, 8, 4, True), [1, 3, 0, 2])
    >>> first_solution_steps(3, False, np.zeros(3, dtype=np.int64))[3]
    False
    """
    result: tuple[int, int, int, bool] = _c.first_solution_steps(n, knight, pos)
    return result


def tree_profile(n: int, knight: bool, first: int, nodes: npt.NDArray[np.int64]) -> None:
    """Add to ``nodes[k]`` the number of search-tree nodes at level ``k`` (partial boards
    of ``k`` queens, ``k = 1 … n``) below the first queen at position ``first``.

    Every node above level ``n`` is expanded by testing all ``n`` positions, so the
    squares tested are ``n × (nodes[0] + … + nodes[n-1])``.

    Over every first queen of a 6×6 board, the last level holds the 4 solutions:

    >>> nodes = np.zeros(7, dtype=np.int64)
    >>> for first in range(6):
    ...     tree_profile(6, False, first, nodes)
    >>> nodes.tolist()
    [0, 6, 20, 36, 46, 40, 4]
    """
    _c.tree_profile(n, knight, first, nodes)


def proba_trace_bytes(n: int, knight: bool, first_only: bool,
                      out: npt.NDArray[np.uint8]) -> int:
    """Write the compact trace of ``proba`` (all solutions, or to the first) into ``out``;
    return the number of bytes written, or -1 when ``out`` is too small.

    The bytes are those :func:`nqueens.tasks.viz.html.encode_events` makes of the events of
    :func:`nqueens.algorithms.classic.trace_proba` (the tests hold them equal): kind in bits 0-2,
    ok in bit 3, where in bits 4-5.

    The trace of a full 6×6 search marks its 4 solutions (byte 4) and ends on byte 7:

    >>> out = np.zeros(4096, dtype=np.uint8)
    >>> k = proba_trace_bytes(6, False, False, out)
    >>> k, int((out[:k] == 4).sum()), int(out[k - 1])
    (1203, 4, 7)
    >>> proba_trace_bytes(6, False, False, np.zeros(10, dtype=np.uint8))
    -1
    """
    k: int = _c.proba_trace_bytes(n, knight, first_only, out)
    return k
