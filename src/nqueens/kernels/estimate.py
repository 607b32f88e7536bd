"""Knuth's random-probe estimate of the number of solutions of a constrained search."""

from __future__ import annotations

import numpy as np
from numba import njit

from .bitboard import ONE, ZERO, _knight_mask, _shift_down, _wrap_knight_mask, bit_index


@njit(cache=True, nogil=True)
def estimate_solutions(n: int, allowed: np.ndarray, knight: bool, torus: bool, probes: int,
                       seed: int) -> float:
    """Unbiased estimate of the number of solutions: the mean over random root-to-leaf
    walks of the product of the branching factors met (zero for a dead end).

    With the first queen of a 4×4 board held on column 1 the walk is forced and the
    estimate exact; on the 8×8 board it comes close to the 92 solutions:

    >>> estimate_solutions(4, np.array([2, 15, 15, 15], dtype=np.uint64), False, False,
    ...                    10, 0)
    1.0
    >>> est = estimate_solutions(8, np.full(8, 255, dtype=np.uint64), False, False,
    ...                          20000, 1)
    >>> 80 < est < 105
    True
    """
    np.random.seed(seed)
    full = (ONE << np.uint64(n)) - ONE
    total = 0.0
    for _ in range(probes):
        c = ZERO
        a = ZERO
        b = ZERO
        p1 = ZERO
        p2 = ZERO
        row0 = ZERO
        row1 = ZERO
        weight = 1.0
        for r in range(n):
            f = allowed[r] & ~(c | a | b) & full
            if knight:
                f &= ~_knight_mask(p1, p2, full, n, torus)
                if torus:
                    f &= ~_wrap_knight_mask(r, row0, row1, full, n)
            k = 0
            g = f
            while g != ZERO:
                g &= g - ONE
                k += 1
            if k == 0:
                weight = 0.0
                break
            weight *= k
            pick = np.random.randint(k)
            g = f
            for _j in range(pick):
                g &= g - ONE
            bit = g & (~g + ONE)
            c |= bit
            a, b = _shift_down(a | bit, b | bit, full, n, torus)
            p2 = p1
            p1 = bit
            if r == 0:
                row0 = bit
            elif r == 1:
                row1 = bit
            _ = bit_index(bit)
        total += weight
    return total / probes
