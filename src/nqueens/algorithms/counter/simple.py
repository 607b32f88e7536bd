"""Counting by a bitboard search over the first row, halved by the left-right mirror.

The fundamental count comes from Burnside's lemma: no reflection leaves a solution
(n > 1) unchanged, so the classes number (all + fixed180 + 2·fixed90) / 8, where
fixed180 and fixed90 count the solutions a half turn and a quarter turn leave alone.
"""

from __future__ import annotations

from ..problem import Problem


def count_problem(problem: Problem) -> tuple[int, int | None]:
    """Return ``(all, fundamental)``; fundamental is None for constrained problems.

    >>> count_problem(Problem.make(5, torus=True))
    (10, 2)
    >>> count_problem(Problem.make(8, blocked=[(0, 0)]))
    (88, None)
    """
    import numpy as np  # loaded by the counts of this engine only

    from ...kernels import bitboard

    if problem.provably_empty:
        return 0, (None if problem.constrained else 0)
    n = problem.n
    allowed = problem.allowed_masks()
    knight = problem.piece.knight
    if problem.constrained:
        total, _, _ = bitboard.count_subtree(n, allowed, knight, problem.torus, 0,
                                             np.zeros(n, dtype=np.uint64), False)
        return int(total), None
    if n == 1:
        return 1, 1
    total = f180 = f90 = 0
    start = np.zeros(n, dtype=np.uint64)
    for c in range((n + 1) // 2):
        weight = 1 if (n % 2 == 1 and c == n // 2) else 2
        start[0] = np.uint64(1 << c)
        t, a, b = bitboard.count_subtree(n, allowed, knight, problem.torus, 1, start, True)
        total += weight * t
        f180 += weight * a
        f90 += weight * b
    fundamental, rest = divmod(total + f180 + 2 * f90, 8)
    if rest:  # pragma: no cover - would mean a kernel bug
        raise AssertionError("symmetry classes do not add up")
    return total, fundamental
