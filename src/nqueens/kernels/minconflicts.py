"""Min-conflicts repair for huge boards: O(1) work per move, a few int32 arrays of n and 2n.

The board is a permutation (``perm[row]`` is the queen's column), so rows and columns
never clash; only diagonals can. Two int32 counters per diagonal direction say how
many queens stand on each diagonal, and ``pairs`` is the number of attacking pairs
(a diagonal holding k queens contributes k·(k−1)/2). A *move* swaps the columns of
two rows, which keeps the permutation and changes four counters.

1. **Greedy start** (Sosič and Gu's QS4 idea): rows are filled top to bottom; row
   ``i`` draws up to :data:`INIT_TRIES` random columns among those still unused and
   takes the first whose two diagonals are empty, or else the candidate with the
   fewest queens on its diagonals (the topmost drawn on ties).
2. **Repair** (Minton et al.'s min-conflicts, column-constrained): sweep the rows;
   for each attacked queen draw up to :data:`REPAIR_TRIES` partner rows at random and
   make the first swap that lowers ``pairs``. A sweep without any improving swap
   starts again from step 1 with the random stream continuing.

Randomness is a xorshift64* generator written here, so that the readable Python
version (:func:`nqueens.large.trace_min_conflicts`) replays the kernel's exact
decisions. A *step* is one candidate swap evaluated during repair; ``max_steps``
bounds them (the O(n) greedy start is not counted).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

#: Random columns a row of the greedy start draws before it settles for the least bad.
INIT_TRIES = 16
#: Random partners an attacked queen tries during one repair sweep.
REPAIR_TRIES = 64
#: Repair rounds in a row without an improving swap before the board is started afresh.
MAX_STALL_ROUNDS = 32

MASK64 = (1 << 64) - 1
_MULT = np.uint64(0x2545F4914F6CDD1D)
_S12 = np.uint64(12)
_S25 = np.uint64(25)
_S27 = np.uint64(27)
_S32 = np.uint64(32)

#: Status codes of :func:`min_conflicts_kernel`.
SOLVED = 0
OUT_OF_STEPS = 1


def seed_state(seed: int) -> int:
    """The generator's start state for ``seed`` (splitmix64 of the seed, never 0).

    >>> seed_state(0) != seed_state(1), 0 < seed_state(0) < 2**64
    (True, True)
    >>> seed_state(7) == seed_state(7)
    True
    """
    z = (int(seed) + 0x9E3779B97F4A7C15) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    z ^= z >> 31
    return z or 0x9E3779B97F4A7C15


@njit(cache=True, inline="always")
def _below(state: npt.NDArray[np.uint64], bound: int) -> np.int64:
    """A random integer in [0, bound), bound < 2**32 (xorshift64*, high 32 bits scaled)."""
    x = state[0]
    x ^= x >> _S12
    x ^= x << _S25
    x ^= x >> _S27
    state[0] = x
    r = (x * _MULT) >> _S32
    return np.int64((r * np.uint64(bound)) >> _S32)


@njit(cache=True, inline="always")
def _add(dn: npt.NDArray[np.int32], dp: npt.NDArray[np.int32], r: int | np.int64, c: int,
         n: int) -> np.int64:
    """Put a queen on (r, c); return how many attacking pairs it adds."""
    a = r + c
    b = r - c + n - 1
    added = np.int64(dn[a]) + np.int64(dp[b])
    dn[a] += 1
    dp[b] += 1
    return added


@njit(cache=True, inline="always")
def _remove(dn: npt.NDArray[np.int32], dp: npt.NDArray[np.int32], r: int | np.int64, c: int,
            n: int) -> np.int64:
    """Take the queen off (r, c); return how many attacking pairs it removes."""
    a = r + c
    b = r - c + n - 1
    dn[a] -= 1
    dp[b] -= 1
    return np.int64(dn[a]) + np.int64(dp[b])


@njit(cache=True, nogil=True)
def _greedy_start(perm: npt.NDArray[np.int32], dn: npt.NDArray[np.int32],
                  dp: npt.NDArray[np.int32], state: npt.NDArray[np.uint64]) -> np.int64:
    n = perm.shape[0]
    for i in range(n):
        perm[i] = i
    dn[:] = 0
    dp[:] = 0
    pairs = np.int64(0)
    for i in range(n):
        best_j: int | np.int64 = i
        best_c = np.int64(1) << 62
        for _t in range(INIT_TRIES):
            j = i + _below(state, n - i)
            c = perm[j]
            k = np.int64(dn[i + c]) + np.int64(dp[i - c + n - 1])
            if k < best_c:
                best_c = k
                best_j = j
                if k == 0:
                    break
        c = perm[best_j]
        perm[best_j] = perm[i]
        perm[i] = c
        pairs += _add(dn, dp, i, c, n)
    return pairs


@njit(cache=True, nogil=True)
def _attacked(perm: npt.NDArray[np.int32], dn: npt.NDArray[np.int32],
              dp: npt.NDArray[np.int32], rows: npt.NDArray[np.int32]) -> int:
    """Write the attacked rows, top to bottom, into ``rows``; return how many."""
    n = perm.shape[0]
    k = 0
    for i in range(n):
        c = perm[i]
        if dn[i + c] > 1 or dp[i - c + n - 1] > 1:
            rows[k] = i
            k += 1
    return k


@njit(cache=True, nogil=True)
def min_conflicts_kernel(perm: npt.NDArray[np.int32], seed: np.uint64,
                         max_steps: int, stats: npt.NDArray[np.int64]) -> int:
    """Fill ``perm`` (length n ≥ 4) with a solution; return :data:`SOLVED` or
    :data:`OUT_OF_STEPS`.

    ``stats`` receives: [0] steps (candidate swaps evaluated), [1] moves made,
    [2] restarts, [3] attacking pairs after the first greedy start, [4] pairs left,
    [5] repair rounds.

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
    n = perm.shape[0]
    state = np.empty(1, dtype=np.uint64)
    state[0] = seed
    dn = np.zeros(2 * n - 1, dtype=np.int32)
    dp = np.zeros(2 * n - 1, dtype=np.int32)
    todo = np.empty(n, dtype=np.int32)
    nxt = np.empty(n, dtype=np.int32)
    steps = 0
    moves = 0
    restarts = 0
    rounds = 0
    pairs = _greedy_start(perm, dn, dp, state)
    stats[3] = pairs
    ntodo = _attacked(perm, dn, dp, todo)
    stall = 0
    while pairs > 0:
        rounds += 1
        nnxt = 0
        improved = False
        for t in range(ntodo):
            i = int(todo[t])
            ci = perm[i]
            if dn[i + ci] < 2 and dp[i - ci + n - 1] < 2:
                continue
            moved = False
            for _t in range(REPAIR_TRIES):
                if steps >= max_steps:
                    stats[0] = steps
                    stats[1] = moves
                    stats[2] = restarts
                    stats[4] = pairs
                    stats[5] = rounds
                    return OUT_OF_STEPS
                steps += 1
                j = _below(state, n - 1)
                if j >= i:
                    j += 1
                cj = perm[j]
                delta = -_remove(dn, dp, i, ci, n)
                delta -= _remove(dn, dp, j, cj, n)
                delta += _add(dn, dp, i, cj, n)
                delta += _add(dn, dp, j, ci, n)
                if delta < 0:
                    perm[i] = cj
                    perm[j] = ci
                    pairs += delta
                    moves += 1
                    moved = True
                    if dn[j + ci] > 1 or dp[j - ci + n - 1] > 1:
                        nxt[nnxt] = j
                        nnxt += 1
                    break
                _remove(dn, dp, i, cj, n)
                _remove(dn, dp, j, ci, n)
                _add(dn, dp, i, ci, n)
                _add(dn, dp, j, cj, n)
            if moved:
                improved = True
            ci = perm[i]
            if dn[i + ci] > 1 or dp[i - ci + n - 1] > 1:
                nxt[nnxt] = i
                nnxt += 1
            if pairs == 0:
                break
        stall = 0 if improved else stall + 1
        if pairs > 0 and (stall >= MAX_STALL_ROUNDS or nnxt == 0):
            restarts += 1
            stall = 0
            pairs = _greedy_start(perm, dn, dp, state)
            ntodo = _attacked(perm, dn, dp, todo)
        else:
            todo, nxt = nxt, todo
            ntodo = nnxt
    stats[0] = steps
    stats[1] = moves
    stats[2] = restarts
    stats[4] = 0
    stats[5] = rounds
    return SOLVED
