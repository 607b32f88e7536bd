"""Counting kernels for the classic backtracking of the source (Dijkstra/Wirth ``proba``).

They count exactly what the readable generators of :mod:`nqueens.classic` do, one
square test at a time, without building events: the fast path behind
``nqueens steps`` and ``nqueens stats``. The search goes column by column and tries
rows top to bottom; by the transpose symmetry of the board (and of the attack
rule), that is the same count as row by row trying columns left to right, which is
how the kernels are written: *level* = column, *position* = row.

All kernels are iterative with explicit stacks; they know nothing of events or printing.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .bitboard import ONE, ZERO, _knight_mask, lowest_bit


@njit(cache=True, inline="always")
def _square_free(n: int, knight: bool, level: int, p: int, pos: np.ndarray,
                 used_pos: np.ndarray, used_diff: np.ndarray, used_sum: np.ndarray) -> bool:
    """``szabad``: the square at position ``p`` of line ``level`` is free of the three
    boolean arrays (and, for the superqueen, of a knight's move from the last two lines)."""
    if used_pos[p] or used_diff[level - p + n] or used_sum[level + p]:
        return False
    if knight:
        if level >= 1 and abs(pos[level - 1] - p) == 2:
            return False
        if level >= 2 and abs(pos[level - 2] - p) == 1:
            return False
    return True


@njit(cache=True, nogil=True)
def first_solution_steps(n: int, knight: bool, pos: np.ndarray) -> tuple[int, int, int, bool]:
    """Run ``proba`` to its first solution; return ``(tests, placed, removed, found)``.

    ``pos`` (``n`` int64) receives the position at each level when a solution is found.
    A test is one square examined; placed and removed count ``lefoglal`` and
    ``felszabadit``. Uses the three boolean arrays of the source for O(1) tests.

    On 4×4 the first solution is (1, 3, 0, 2), reached after 8 placements and 4 removals;
    3×3 has none:

    >>> pos = np.zeros(4, dtype=np.int64)
    >>> first_solution_steps(4, False, pos), pos.tolist()
    ((26, 8, 4, True), [1, 3, 0, 2])
    >>> first_solution_steps(3, False, np.zeros(3, dtype=np.int64))[3]
    False
    """
    used_pos = np.zeros(n, dtype=np.bool_)
    used_diff = np.zeros(2 * n, dtype=np.bool_)   # level - position + n
    used_sum = np.zeros(2 * n, dtype=np.bool_)    # level + position
    tests = 0
    placed = 0
    removed = 0
    level = 0
    start = 0
    while True:
        if level == n:
            return tests, placed, removed, True
        p = start
        ok = False
        while p < n:
            tests += 1
            free = _square_free(n, knight, level, p, pos, used_pos, used_diff, used_sum)
            if free:
                ok = True
                break
            p += 1
        if ok:
            pos[level] = p
            used_pos[p] = True
            used_diff[level - p + n] = True
            used_sum[level + p] = True
            placed += 1
            level += 1
            start = 0
        else:
            if level == 0:
                return tests, placed, removed, False
            level -= 1
            q = pos[level]
            used_pos[q] = False
            used_diff[level - q + n] = False
            used_sum[level + q] = False
            removed += 1
            start = q + 1


@njit(cache=True, nogil=True)
def _popcount(x: np.uint64) -> int:
    c = 0
    while x != ZERO:
        x &= x - ONE
        c += 1
    return c


@njit(cache=True, nogil=True)
def tree_profile(n: int, knight: bool, first: int, nodes: np.ndarray) -> None:
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
    full = (ONE << np.uint64(n)) - ONE
    free = np.zeros(n + 1, dtype=np.uint64)
    bits = np.zeros(n + 1, dtype=np.uint64)
    cm = np.zeros(n + 1, dtype=np.uint64)
    dm1 = np.zeros(n + 1, dtype=np.uint64)
    dm2 = np.zeros(n + 1, dtype=np.uint64)
    bit0 = ONE << np.uint64(first)
    nodes[1] += 1
    if n == 1:
        return
    bits[0] = bit0
    cm[1] = bit0
    dm1[1] = (bit0 << ONE) & full
    dm2[1] = bit0 >> ONE
    f = full & ~(cm[1] | dm1[1] | dm2[1])
    if knight:
        f &= ~_knight_mask(bit0, ZERO, full, n, False)
    free[1] = f
    nodes[2] += _popcount(f)
    d = 1
    while d >= 1:
        f = free[d]
        if f == ZERO or d == n - 1:
            d -= 1
            continue
        bit = lowest_bit(f)
        free[d] = f ^ bit
        bits[d] = bit
        ncm = cm[d] | bit
        nd1 = ((dm1[d] | bit) << ONE) & full
        nd2 = (dm2[d] | bit) >> ONE
        nf = full & ~(ncm | nd1 | nd2)
        if knight:
            nf &= ~_knight_mask(bit, bits[d - 1], full, n, False)
        d += 1
        cm[d] = ncm
        dm1[d] = nd1
        dm2[d] = nd2
        free[d] = nf
        nodes[d + 1] += _popcount(nf)


# Bytes of the compact trace (see nqueens.viz.html): kind in bits 0-2, ok in bit 3,
# where in bits 4-5 (0 = the cursor square / the last queen placed, 1 = the next square
# along the scan, 2 = the first square of the next line, 3 = explicit).
_TEST_NEXT_REFUSED = 0 | (1 << 4)
_TEST_NEXT_FREE = 0 | 8 | (1 << 4)
_TEST_NEWLINE_REFUSED = 0 | (2 << 4)
_TEST_NEWLINE_FREE = 0 | 8 | (2 << 4)
_PLACE_HERE = 1
_REMOVE_LAST = 2
_SOLUTION = 4
_DONE = 7


@njit(cache=True, nogil=True)
def proba_trace_bytes(n: int, knight: bool, first_only: bool, out: np.ndarray) -> int:
    """Write the compact trace of ``proba`` (all solutions, or to the first) into ``out``;
    return the number of bytes written, or -1 when ``out`` is too small.

    The bytes are those :func:`nqueens.viz.html.encode_events` makes of the events of
    :func:`nqueens.classic.trace_proba` (the tests hold them equal).

    The trace of a full 6×6 search marks its 4 solutions (byte 4) and ends on byte 7:

    >>> out = np.zeros(4096, dtype=np.uint8)
    >>> k = proba_trace_bytes(6, False, False, out)
    >>> k, int((out[:k] == 4).sum()), int(out[k - 1])
    (1203, 4, 7)
    >>> proba_trace_bytes(6, False, False, np.zeros(10, dtype=np.uint8))
    -1
    """
    size = out.shape[0]
    pos = np.zeros(n, dtype=np.int64)
    used_pos = np.zeros(n, dtype=np.bool_)
    used_diff = np.zeros(2 * n, dtype=np.bool_)
    used_sum = np.zeros(2 * n, dtype=np.bool_)
    k = 0
    level = 0
    start = 0
    while True:
        # the scan of column `level` from row `start`
        placed = False
        p = start
        while p < n:
            free = _square_free(n, knight, level, p, pos, used_pos, used_diff, used_sum)
            if k >= size:
                return -1
            if p == 0 and start == 0:
                out[k] = _TEST_NEWLINE_FREE if free else _TEST_NEWLINE_REFUSED
            else:
                out[k] = _TEST_NEXT_FREE if free else _TEST_NEXT_REFUSED
            k += 1
            if free:
                placed = True
                break
            p += 1
        if placed:
            if k + 3 > size:
                return -1
            out[k] = _PLACE_HERE
            k += 1
            pos[level] = p
            if level < n - 1:
                used_pos[p] = True
                used_diff[level - p + n] = True
                used_sum[level + p] = True
                level += 1
                start = 0
                continue
            out[k] = _SOLUTION
            k += 1
            if first_only:
                out[k] = _DONE
                return k + 1
            out[k] = _REMOVE_LAST       # the last column goes on with its next row
            k += 1
            start = p + 1
            if start < n:
                continue
        # column exhausted: take back the queen of the column before
        if level == 0:
            if k >= size:
                return -1
            out[k] = _DONE
            return k + 1
        level -= 1
        q = pos[level]
        used_pos[q] = False
        used_diff[level - q + n] = False
        used_sum[level + q] = False
        if k >= size:
            return -1
        out[k] = _REMOVE_LAST
        k += 1
        start = q + 1
