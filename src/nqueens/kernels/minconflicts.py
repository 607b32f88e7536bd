"""Min-conflicts repair for huge boards: O(1) work per move, 4n bytes beside the board.

The board is a permutation (``perm[row]`` is the queen's column), so rows and columns
never clash; only diagonals can. A one-byte counter per diagonal says how many queens
stand on it, and ``pairs`` is the number of attacking pairs (a diagonal holding k
queens contributes k·(k−1)/2). A *move* swaps the columns of two rows, which keeps the
permutation and changes four counters.

1. **Greedy start** (Sosič and Gu's QS4): the columns are shuffled; rows are then
   filled top to bottom, row ``i`` scanning the unused columns in shuffled order, at
   most :data:`INIT_TRIES` of them, and taking the first whose two diagonals are free
   (a bit per diagonal, small enough to stay in the cache), or else the first scanned,
   with its conflicts. A start of more than :data:`SMALL_N` queens with more than
   :data:`PAIRS_CAP` attacking pairs is not kept (which bounds every counter below 256);
   none has been seen.
2. **Repair** (Minton et al.'s min-conflicts, column-constrained): sweep the attacked
   rows, starting with those the greedy start left in conflict; for each draw up to
   :data:`REPAIR_TRIES` partner rows at random and make the first swap that lowers
   ``pairs``. :data:`MAX_STALL_ROUNDS` sweeps without an improving swap start again from
   step 1 with the random stream continuing.

Randomness is a xorshift64* generator written here (seeded by splitmix64), so that the
readable Python version (:func:`nqueens.algorithms.repair.trace_min_conflicts`) replays the kernel's
exact decisions. A *step* is one candidate swap evaluated during repair; ``max_steps``
bounds them (the O(n) greedy start is not counted).

The kernel is C (:mod:`nqueens._core.minconflicts`); it runs without the interpreter
lock, and a signal whose handler raises (Ctrl-C in a library session) ends it within a
million rows or steps.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from .._core import minconflicts as _core
from .xorshift import seed_state

__all__ = ["min_conflicts_kernel", "seed_state"]

#: Unused columns a row of the greedy start scans before it settles for one in conflict.
INIT_TRIES: int = _core.INIT_TRIES
#: Random partners an attacked queen tries during one repair sweep.
REPAIR_TRIES: int = _core.REPAIR_TRIES
#: Repair rounds in a row without an improving swap before the board is started afresh.
MAX_STALL_ROUNDS: int = _core.MAX_STALL_ROUNDS
#: Boards up to this size keep every greedy start (no diagonal can hold 256 queens).
SMALL_N: int = _core.SMALL_N
#: The most attacking pairs a kept greedy start of a larger board may have.
PAIRS_CAP: int = _core.PAIRS_CAP
#: The longest list of rows a repair sweep keeps (longer: the attacked rows afresh).
LIST_CAP: int = _core.LIST_CAP

#: Status codes of :func:`min_conflicts_kernel`.
SOLVED: int = _core.SOLVED
OUT_OF_STEPS: int = _core.OUT_OF_STEPS


def min_conflicts_kernel(perm: npt.NDArray[np.int32], seed: np.uint64 | int,
                         max_steps: int, stats: npt.NDArray[np.int64]) -> int:
    """Fill ``perm`` (int32, length n ≥ 4) with a solution; return :data:`SOLVED` or
    :data:`OUT_OF_STEPS`.

    ``seed`` is the generator's start state (:func:`seed_state`). ``stats`` (int64, 6
    or more) receives: [0] steps (candidate swaps evaluated), [1] moves made,
    [2] restarts, [3] attacking pairs after the first greedy start kept, [4] pairs
    left, [5] repair rounds (−1 in [3] and [4] when :data:`MAX_STALL_ROUNDS` starts in
    a row were not kept). Wrong dtypes or lengths raise TypeError or ValueError.

    An 8-queens solution: one queen per column, and no diagonal holds two:

    >>> perm, stats = np.empty(8, dtype=np.int32), np.zeros(6, dtype=np.int64)
    >>> min_conflicts_kernel(perm, np.uint64(seed_state(1)), 100_000, stats) == SOLVED
    True
    >>> p = perm.tolist()
    >>> sorted(p), len({r + c for r, c in enumerate(p)}), len({r - c for r, c in enumerate(p)})
    ([0, 1, 2, 3, 4, 5, 6, 7], 8, 8)
    >>> int(stats[4])  # attacking pairs left
    0
    """
    return int(_core.min_conflicts_kernel(perm, seed, max_steps, stats))
