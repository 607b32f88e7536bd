"""Bitboard search kernels for boards of up to 63 columns (exact search uses n ≤ 32).

Row ``r`` of the board is a ``uint64`` mask whose bit ``c`` stands for column ``c``.
The search goes row by row and tries columns from the lowest bit upward, so
solutions come out in lexicographic order of their column tuples. Each row may be
restricted by an ``allowed`` mask (pre-placed queens, blocked squares); the
superqueen's knight move and the torus are flags. On the torus every line wraps
(see :func:`nqueens.pieces.attacks`): the diagonals, and the knight's move in columns
and, between the last two rows and the first two, in rows.

All kernels are iterative with explicit stacks (numba caches them reliably).
"""

from __future__ import annotations

import numpy as np
from numba import njit

ONE = np.uint64(1)
ZERO = np.uint64(0)

# De Bruijn sequence for the index of an isolated bit.
_DEBRUIJN = np.uint64(0x03F79D71B4CB0A89)
_DEBRUIJN_INDEX = np.zeros(64, dtype=np.int64)
for _i in range(64):
    _DEBRUIJN_INDEX[((int(_DEBRUIJN) << _i) & 0xFFFFFFFFFFFFFFFF) >> 58] = _i


@njit(cache=True, inline="always")
def bit_index(bit: np.uint64) -> int:
    """Index of the single set bit of ``bit``.

    >>> bit_index(np.uint64(1 << 5)), bit_index(np.uint64(1 << 63))
    (5, 63)
    """
    return _DEBRUIJN_INDEX[np.int64((bit * _DEBRUIJN) >> np.uint64(58))]


@njit(cache=True, inline="always")
def lowest_bit(x: np.uint64) -> np.uint64:
    """The lowest set bit of ``x`` as a one-bit mask (zero for zero).

    >>> int(lowest_bit(np.uint64(0b101100))), int(lowest_bit(np.uint64(0)))
    (4, 0)
    """
    return x & (~x + ONE)


@njit(cache=True, inline="always")
def _shift_down(d1: np.uint64, d2: np.uint64, full: np.uint64, n: int,
                torus: bool) -> tuple[np.uint64, np.uint64]:
    """Move the diagonal masks one row down."""
    if torus:
        top = np.uint64(n - 1)
        d1 = ((d1 << ONE) | (d1 >> top)) & full
        d2 = ((d2 >> ONE) | (d2 << top)) & full
        return d1, d2
    return (d1 << ONE) & full, d2 >> ONE


@njit(cache=True, inline="always")
def _knight_mask(prev1: np.uint64, prev2: np.uint64, full: np.uint64, n: int,
                 torus: bool) -> np.uint64:
    """Columns a knight attacks in this row from queens ``prev1`` (one row up) and
    ``prev2`` (two rows up); each is a one-bit mask or zero."""
    two = np.uint64(2)
    if torus:
        m = ZERO
        if prev1 != ZERO:
            c = np.uint64(bit_index(prev1))
            m |= ONE << ((c + two) % np.uint64(n))
            m |= ONE << ((c + np.uint64(n) - two) % np.uint64(n))
        if prev2 != ZERO:
            c = np.uint64(bit_index(prev2))
            m |= ONE << ((c + ONE) % np.uint64(n))
            m |= ONE << ((c + np.uint64(n) - ONE) % np.uint64(n))
        return m & full
    return ((prev1 << two) | (prev1 >> two) | (prev2 << ONE) | (prev2 >> ONE)) & full


@njit(cache=True, inline="always")
def _wrap_knight_mask(t: int, row0: np.uint64, row1: np.uint64, full: np.uint64,
                      n: int) -> np.uint64:
    """On the torus, the columns of row ``t`` a knight attacks across the bottom edge
    from the queens ``row0`` and ``row1`` of rows 0 and 1 (one-bit masks or zero):
    row n-1 is one row above row 0 and two above row 1, row n-2 two above row 0."""
    w1 = ZERO
    w2 = ZERO
    if t == n - 1 and t >= 1:
        w1 = row0
        if t >= 2:
            w2 = row1
    elif t == n - 2 and t >= 1:
        w2 = row0
    if w1 == ZERO and w2 == ZERO:
        return ZERO
    return _knight_mask(w1, w2, full, n, True)


@njit(cache=True, nogil=True)
def _is_symmetric(pos: np.ndarray, n: int, quarter: bool) -> bool:
    """True when the placement is unchanged by a 180° turn (or a 90° turn if quarter)."""
    m = n - 1
    for r in range(n):
        if quarter:
            if pos[pos[r]] != m - r:
                return False
        elif pos[m - r] != m - pos[r]:
            return False
    return True


@njit(cache=True, nogil=True)
def _less_image(pos: np.ndarray, n: int, k: int, img: np.ndarray) -> bool:
    """True when image ``k`` of the placement is lexicographically smaller than it."""
    m = n - 1
    for r in range(n):
        c = pos[r]
        if k == 1:
            img[c] = m - r
        elif k == 2:
            img[m - r] = m - c
        elif k == 3:
            img[m - c] = r
        elif k == 4:
            img[r] = m - c
        elif k == 5:
            img[m - r] = c
        elif k == 6:
            img[c] = r
        else:
            img[m - c] = m - r
    for r in range(n):
        if img[r] != pos[r]:
            return img[r] < pos[r]
    return False


@njit(cache=True, nogil=True)
def is_canonical(pos: np.ndarray, n: int) -> bool:
    """True when no symmetry image of the placement is lexicographically smaller.

    The two 4-queens solutions are mirror images; the smaller one is canonical:

    >>> is_canonical(np.array([1, 3, 0, 2]), 4), is_canonical(np.array([2, 0, 3, 1]), 4)
    (True, False)
    """
    img = np.empty(n, dtype=np.int64)
    for k in range(1, 8):
        if _less_image(pos, n, k, img):
            return False
    return True


@njit(cache=True, nogil=True)
def enumerate_batch(n: int, allowed: np.ndarray, knight: bool, torus: bool, unique: bool,
                    free: np.ndarray, bits: np.ndarray, cm: np.ndarray, dm1: np.ndarray,
                    dm2: np.ndarray, state: np.ndarray, out: np.ndarray) -> int:
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
    full = (ONE << np.uint64(n)) - ONE
    max_out = out.shape[0]
    pos = np.empty(n, dtype=np.int64)
    for r in range(n):
        pos[r] = bit_index(bits[r]) if bits[r] != ZERO else 0
    k = 0
    d = state[0]
    while d >= 0:
        f = free[d]
        if f == ZERO:
            d -= 1
            continue
        bit = lowest_bit(f)
        free[d] = f ^ bit
        bits[d] = bit
        pos[d] = bit_index(bit)
        if d == n - 1:
            if unique and not is_canonical(pos, n):
                continue
            for r in range(n):
                out[k, r] = pos[r]
            k += 1
            if k == max_out:
                state[0] = d
                return k
            continue
        nd1, nd2 = _shift_down(dm1[d] | bit, dm2[d] | bit, full, n, torus)
        ncm = cm[d] | bit
        nf = allowed[d + 1] & ~(ncm | nd1 | nd2) & full
        if knight:
            p2 = bits[d - 1] if d >= 1 else ZERO
            nf &= ~_knight_mask(bit, p2, full, n, torus)
            if torus:
                nf &= ~_wrap_knight_mask(d + 1, bits[0], bits[1] if n > 1 else ZERO, full, n)
        d += 1
        cm[d] = ncm
        dm1[d] = nd1
        dm2[d] = nd2
        free[d] = nf
    state[0] = -1
    return k


@njit(cache=True, nogil=True)
def count_subtree(n: int, allowed: np.ndarray, knight: bool, torus: bool, start_row: int,
                  start_bits: np.ndarray, with_symmetry: bool) -> tuple[int, int, int]:
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
    full = (ONE << np.uint64(n)) - ONE
    bits = np.zeros(n, dtype=np.uint64)
    free = np.zeros(n + 1, dtype=np.uint64)
    cm = np.zeros(n + 1, dtype=np.uint64)
    dm1 = np.zeros(n + 1, dtype=np.uint64)
    dm2 = np.zeros(n + 1, dtype=np.uint64)
    pos = np.zeros(n, dtype=np.int64)
    c = ZERO
    a = ZERO
    b = ZERO
    for r in range(start_row):
        bit = start_bits[r]
        if allowed[r] & bit == ZERO or (c | a | b) & bit != ZERO:
            return 0, 0, 0
        if knight:
            p1 = bits[r - 1] if r >= 1 else ZERO
            p2 = bits[r - 2] if r >= 2 else ZERO
            if _knight_mask(p1, p2, full, n, torus) & bit != ZERO:
                return 0, 0, 0
            if torus and _wrap_knight_mask(r, bits[0], bits[1] if n > 1 else ZERO, full,
                                           n) & bit != ZERO:
                return 0, 0, 0
        bits[r] = bit
        pos[r] = bit_index(bit)
        c |= bit
        a, b = _shift_down(a | bit, b | bit, full, n, torus)
    total = 0
    f180 = 0
    f90 = 0
    if start_row == n:
        total = 1
        if with_symmetry:
            if _is_symmetric(pos, n, False):
                f180 = 1
            if _is_symmetric(pos, n, True):
                f90 = 1
        return total, f180, f90
    d = start_row
    cm[d] = c
    dm1[d] = a
    dm2[d] = b
    f = allowed[d] & ~(c | a | b) & full
    if knight:
        p1 = bits[d - 1] if d >= 1 else ZERO
        p2 = bits[d - 2] if d >= 2 else ZERO
        f &= ~_knight_mask(p1, p2, full, n, torus)
        if torus:
            f &= ~_wrap_knight_mask(d, bits[0], bits[1] if n > 1 else ZERO, full, n)
    free[d] = f
    last = n - 1
    while d >= start_row:
        f = free[d]
        if f == ZERO:
            d -= 1
            continue
        bit = lowest_bit(f)
        free[d] = f ^ bit
        if d == last:
            total += 1
            if with_symmetry:
                bits[d] = bit
                for r in range(n):
                    pos[r] = bit_index(bits[r])
                if _is_symmetric(pos, n, False):
                    f180 += 1
                    if _is_symmetric(pos, n, True):
                        f90 += 1
            continue
        bits[d] = bit
        nd1, nd2 = _shift_down(dm1[d] | bit, dm2[d] | bit, full, n, torus)
        ncm = cm[d] | bit
        nf = allowed[d + 1] & ~(ncm | nd1 | nd2) & full
        if knight:
            p2 = bits[d - 1] if d >= 1 else ZERO
            nf &= ~_knight_mask(bit, p2, full, n, torus)
            if torus:
                nf &= ~_wrap_knight_mask(d + 1, bits[0], bits[1] if n > 1 else ZERO, full, n)
        d += 1
        cm[d] = ncm
        dm1[d] = nd1
        dm2[d] = nd2
        free[d] = nf
    return total, f180, f90
