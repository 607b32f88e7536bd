"""Bitboard search kernels for boards of up to 63 columns (exact search uses n ≤ 32).

Row ``r`` of the board is a ``uint64`` mask whose bit ``c`` stands for column ``c``.
The search goes row by row and tries columns from the lowest bit upward, so
solutions come out in lexicographic order of their column tuples. Each row may be
restricted by an ``allowed`` mask (pre-placed queens, blocked squares); the
superqueen's knight move and the torus are flags. On the torus every line wraps
(see :func:`nqueens.base.pieces.attacks`): the diagonals, and the knight's move in columns
and, between the last two rows and the first two, in rows.

The searches are C (:mod:`nqueens._core.bitboard`, one row step shared by every
search of the core); the functions here check nothing more and document them.
Arguments are checked in C: a wrong dtype raises :class:`TypeError`, a short array
or an ``n`` outside 1..63 :class:`ValueError`.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from .._core import bitboard as _c


def is_canonical(pos: npt.NDArray[np.int64], n: int) -> bool:
    """True when no symmetry image of the placement is lexicographically smaller.

    The two 4-queens solutions are mirror images; the smaller one is canonical:

    >>> is_canonical(np.array([1, 3, 0, 2]), 4), is_canonical(np.array([2, 0, 3, 1]), 4)
    (True, False)
    """
    return bool(_c.is_canonical(pos, n))


def enumerate_batch(n: int, allowed: npt.NDArray[np.uint64], knight: bool, torus: bool,
                    unique: bool, free: npt.NDArray[np.uint64], bits: npt.NDArray[np.uint64],
                    cm: npt.NDArray[np.uint64], dm1: npt.NDArray[np.uint64],
                    dm2: npt.NDArray[np.uint64], state: npt.NDArray[np.int64],
                    out: npt.NDArray[np.int64]) -> int:
    """Write up to ``len(out)`` further solutions into ``out`` (one row of columns each),
    resuming from the search state; return how many were written.

    ``state[0]`` is the current depth: set it to 0 with ``free[0] = allowed[0]`` and
    zero masks to start; the kernel sets it to -1 when the search is exhausted.
    With ``unique`` only canonical solutions (least of their symmetry class) are written.

    The four 6-queens solutions, in batches of three:

    >>> n = 6
    >>> allowed = np.full(n, (1 << n) - 1, dtype=np.uint64)
    >>> free, cm, dm1, dm2 = (np.zeros(n + 1, dtype=np.uint64) for _ in range(4))
    >>> free[0] = allowed[0]
    >>> bits, state = np.zeros(n, dtype=np.uint64), np.zeros(1, dtype=np.int64)
    >>> out = np.empty((3, n), dtype=np.int64)
    >>> args = (n, allowed, False, False, False, free, bits, cm, dm1, dm2, state, out)
    >>> k = enumerate_batch(*args)
    >>> out[:k].tolist()
    [[1, 3, 5, 0, 2, 4], [2, 5, 1, 4, 0, 3], [3, 0, 4, 1, 5, 2]]
    >>> k = enumerate_batch(*args)
    >>> out[:k].tolist(), int(state[0])
    ([[4, 2, 0, 5, 3, 1]], -1)
    """
    k: int = _c.enumerate_batch(n, allowed, knight, torus, unique, free, bits, cm, dm1, dm2,
                                state, out)
    return k


def count_subtree(n: int, allowed: npt.NDArray[np.uint64], knight: bool, torus: bool,
                  start_row: int, start_bits: npt.NDArray[np.uint64],
                  with_symmetry: bool) -> tuple[int, int, int]:
    """Count completions of rows ``start_row..n-1`` below the queens ``start_bits[:start_row]``.

    Returns ``(total, fixed180, fixed90)``: all completions, and (when
    ``with_symmetry``) how many of them a 180° turn or a 90° turn leaves unchanged.

    The 92 solutions of 8 queens, 4 of them symmetric under a half turn (so
    (92 + 4) / 8 = 12 classes), and the 4 of 10 superqueens (knight move added):

    >>> count_subtree(8, np.full(8, 255, dtype=np.uint64), False, False, 0,
    ...               np.zeros(8, dtype=np.uint64), True)
    (92, 4, 0)
    >>> count_subtree(10, np.full(10, 1023, dtype=np.uint64), True, False, 0,
    ...               np.zeros(10, dtype=np.uint64), False)[0]
    4
    """
    result: tuple[int, int, int] = _c.count_subtree(n, allowed, knight, torus, start_row,
                                                    start_bits, with_symmetry)
    return result

