"""Numba kernels that complete a start constellation (queens placed in advance).

A subproblem arrives as the rows still to fill, in search order, each with the
columns its queen may use (``avail``: free columns not attacked by any pre-placed
queen) and the row distance to the next row to fill (``gap``). The search keeps
columns and both diagonals of the queens it places as bit masks and shifts the
diagonals by ``gap`` rows between levels, so rows already holding a pre-placed
queen are skipped for free.

Two kernels share this layout: :func:`count_queen`, the tight loop for plain
queens, and :func:`count_general`, which adds the superqueen's knight move and
(optionally) tests every completion for symmetry under a half and a quarter turn.
Both are iterative with explicit stacks and unsigned level indices.

Besides the count, both return a *column sum*: the sum, over the completions, of
the column of the queen in the last row to fill. It costs one instruction per
completion (a trailing-zero count of a one-bit mask) and gives a recount a second
figure to reproduce: a faulty result almost never gets both right.
"""

from __future__ import annotations

import numpy as np
from numba import njit
from numba.cpython.unsafe.numbers import trailing_zeros

from .bitboard import _is_symmetric

U0 = np.uint64(0)
U1 = np.uint64(1)
U2 = np.uint64(2)


@njit(cache=True, inline="always")
def _column(bit: np.uint64) -> int:
    """The column of a one-bit mask: one trailing-zero count instruction.

    >>> _column(np.uint64(8))
    3
    """
    return np.int64(trailing_zeros(bit))  # type: ignore[call-arg,return-value]


@njit(cache=True, nogil=True)
def prepare(n: int, qrow: np.ndarray, qcol: np.ndarray, knight: bool, rows: np.ndarray,
            avail: np.ndarray, gap: np.ndarray) -> int:
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
    k = qrow.shape[0]
    full = (U1 << np.uint64(n)) - U1
    row_used = np.zeros(n, dtype=np.bool_)
    colmask = U0
    for i in range(k):
        r = qrow[i]
        c = qcol[i]
        if row_used[r] or (colmask >> np.uint64(c)) & U1:
            return -1
        row_used[r] = True
        colmask |= U1 << np.uint64(c)
        for j in range(i):
            dr = r - qrow[j]
            dc = c - qcol[j]
            if dr == dc or dr == -dc:
                return -1
            if knight and ((abs(dr) == 1 and abs(dc) == 2) or (abs(dr) == 2 and abs(dc) == 1)):
                return -1
    m = 0
    for r in range(n):
        if row_used[r]:
            continue
        att = colmask
        for i in range(k):
            dr = abs(r - qrow[i])
            c = qcol[i]
            if c + dr < n:
                att |= U1 << np.uint64(c + dr)
            if c - dr >= 0:
                att |= U1 << np.uint64(c - dr)
            if knight:
                if dr == 1:
                    if c + 2 < n:
                        att |= U1 << np.uint64(c + 2)
                    if c - 2 >= 0:
                        att |= U1 << np.uint64(c - 2)
                elif dr == 2:
                    if c + 1 < n:
                        att |= U1 << np.uint64(c + 1)
                    if c - 1 >= 0:
                        att |= U1 << np.uint64(c - 1)
        rows[m] = r
        avail[m] = full & ~att
        m += 1
    for i in range(m):
        gap[i] = np.uint64(rows[i + 1] - rows[i]) if i + 1 < m else U1
    return m


@njit(cache=True, nogil=True)
def count_queen(avail: np.ndarray, gap: np.ndarray, m: int) -> tuple[int, int]:
    """Count the completions of a plain-queen subproblem with ``m`` rows to fill:
    ``(completions, column sum)`` (see the module's notes).

    Of the two 4-queens solutions, one has its first queen on column 1 (and its last
    one on column 2); on the empty 8×8 board the count is the 92 solutions, whose
    queens of the last row use the columns 0 to 7 as often as their mirror images do
    (92 × 7 / 2 = 322):

    >>> rows, avail = np.empty(8, dtype=np.int64), np.empty(8, dtype=np.uint64)
    >>> gap = np.empty(8, dtype=np.uint64)
    >>> m = prepare(4, np.array([0]), np.array([1]), False, rows, avail, gap)
    >>> count_queen(avail, gap, m)
    (1, 2)
    >>> none = np.empty(0, dtype=np.int64)
    >>> count_queen(avail, gap, prepare(8, none, none, False, rows, avail, gap))
    (92, 322)
    """
    if m == 0:
        return 1, 0
    if m == 1:
        if avail[0] == U0:
            return 0, 0
        return 1, _column(avail[0])
    last = np.uint64(m) - U1
    cols = np.empty(m, dtype=np.uint64)
    d1 = np.empty(m, dtype=np.uint64)
    d2 = np.empty(m, dtype=np.uint64)
    fr = np.empty(m, dtype=np.uint64)
    total = 0
    colsum = 0
    d = U0
    # The current level lives in locals; the stack holds only the levels above it.
    c = U0
    a = U0
    b = U0
    f = avail[0]
    while True:
        if f == U0:
            if d == U0:
                break
            d -= U1
            c = cols[d]
            a = d1[d]
            b = d2[d]
            f = fr[d]
            continue
        bit = f & (~f + U1)
        f ^= bit
        g = gap[d]
        nc = c | bit
        na = (a | bit) << g
        nb = (b | bit) >> g
        e = d + U1
        nf = avail[e] & ~(nc | na | nb)
        if nf == U0:
            continue
        if e == last:
            total += 1
            colsum += _column(nf)
            continue
        if e + U1 == last:
            # Finish the last two rows in place.
            g2 = gap[e]
            av = avail[last]
            while nf != U0:
                bit2 = nf & (~nf + U1)
                nf ^= bit2
                x = av & ~(nc | bit2 | ((na | bit2) << g2) | ((nb | bit2) >> g2))
                if x != U0:
                    total += 1
                    colsum += _column(x)
            continue
        cols[d] = c
        d1[d] = a
        d2[d] = b
        fr[d] = f
        d = e
        c = nc
        a = na
        b = nb
        f = nf
    return total, colsum


@njit(cache=True, nogil=True)
def count_general(n: int, avail: np.ndarray, gap: np.ndarray, rows: np.ndarray, m: int,
                  base: np.ndarray, knight: bool, sym: int) -> tuple[int, int, int, int]:
    """Count completions with the knight move (``knight``) and, when ``sym`` is 1 or 2,
    also those a half turn (and for 2 a quarter turn) leaves unchanged.

    ``base[r]`` is the column of the pre-placed queen of row ``r`` (ignored elsewhere).
    Returns ``(total, fixed180, fixed90, column sum)``.

    The 4 solutions of 6 queens, all symmetric under a half turn, and likewise the 4 of
    10 superqueens:

    >>> none = np.empty(0, dtype=np.int64)
    >>> rows, avail = np.empty(10, dtype=np.int64), np.empty(10, dtype=np.uint64)
    >>> gap = np.empty(10, dtype=np.uint64)
    >>> m = prepare(6, none, none, False, rows, avail, gap)
    >>> count_general(6, avail, gap, rows, m, np.zeros(6, dtype=np.int64), False, 2)
    (4, 4, 0, 10)
    >>> m = prepare(10, none, none, True, rows, avail, gap)
    >>> count_general(10, avail, gap, rows, m, np.zeros(10, dtype=np.int64), True, 2)
    (4, 4, 0, 18)
    """
    pos = base.copy()
    if m == 0:
        t180 = 1 if sym >= 1 and _is_symmetric(pos, n, False) else 0
        t90 = 1 if sym >= 2 and _is_symmetric(pos, n, True) else 0
        return 1, t180, t90, 0
    um = np.uint64(m)
    last = um - U1
    cols = np.empty(m, dtype=np.uint64)
    d1 = np.empty(m, dtype=np.uint64)
    d2 = np.empty(m, dtype=np.uint64)
    fr = np.empty(m, dtype=np.uint64)
    kn = np.zeros(m, dtype=np.uint64)
    bits = np.zeros(m, dtype=np.uint64)
    cols[0] = U0
    d1[0] = U0
    d2[0] = U0
    fr[0] = avail[0]
    total = 0
    f180 = 0
    f90 = 0
    colsum = 0
    d = U0
    while True:
        f = fr[d] & ~kn[d]
        if f == U0:
            if d == U0:
                break
            d -= U1
            continue
        bit = f & (~f + U1)
        fr[d] = fr[d] ^ bit
        bits[d] = bit
        if d == last:
            total += 1
            colsum += _column(bit)
            if sym >= 1:
                for i in range(m):
                    b = bits[i]
                    col = 0
                    while b > U1:
                        b >>= U1
                        col += 1
                    pos[rows[i]] = col
                if _is_symmetric(pos, n, False):
                    f180 += 1
                    if sym >= 2 and _is_symmetric(pos, n, True):
                        f90 += 1
            continue
        g = gap[d]
        e = d + U1
        cols[e] = cols[d] | bit
        d1[e] = (d1[d] | bit) << g
        d2[e] = (d2[d] | bit) >> g
        fr[e] = avail[e] & ~(cols[e] | d1[e] | d2[e])
        if knight:
            km = U0
            if g == U1:
                km = (bit << U2) | (bit >> U2)
                if d >= U1 and gap[d - U1] == U1:
                    p = bits[d - U1]
                    km |= (p << U1) | (p >> U1)
            elif g == U2:
                km = (bit << U1) | (bit >> U1)
            kn[e] = km
        d = e
    return total, f180, f90, colsum


@njit(cache=True, nogil=True)
def estimate(avail: np.ndarray, gap: np.ndarray, m: int, depth: int) -> int:
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
    depth = min(depth, m)
    if depth == 0:
        return 1
    cols = np.zeros(depth + 1, dtype=np.uint64)
    d1 = np.zeros(depth + 1, dtype=np.uint64)
    d2 = np.zeros(depth + 1, dtype=np.uint64)
    fr = np.zeros(depth + 1, dtype=np.uint64)
    fr[0] = avail[0]
    nodes = 0
    d = 0
    while d >= 0:
        f = fr[d]
        if f == U0:
            d -= 1
            continue
        bit = f & (~f + U1)
        fr[d] = f ^ bit
        nodes += 1
        if d + 1 == depth:
            continue
        g = gap[d]
        cols[d + 1] = cols[d] | bit
        d1[d + 1] = (d1[d] | bit) << g
        d2[d + 1] = (d2[d] | bit) >> g
        fr[d + 1] = avail[d + 1] & ~(cols[d + 1] | d1[d + 1] | d2[d + 1])
        d += 1
    return nodes


@njit(cache=True, nogil=True)
def frame_cost(n: int, a: int, b: int, c: int, d: int, knight: bool, depth: int) -> int:
    """:func:`estimate` for the frame with queens at (0, a), (n-1, b), (c, 0), (d, n-1);
    -1 when those queens attack each other.

    Queens on (0, 2), (7, 5), (3, 0) and (4, 7) get along; (7, 0) and (7, 7) share a row:

    >>> frame_cost(8, 2, 5, 3, 4, False, 0), frame_cost(8, 0, 0, 7, 7, False, 0)
    (1, -1)
    """
    m = n - 1
    qr = np.empty(4, dtype=np.int64)
    qc = np.empty(4, dtype=np.int64)
    k = 0
    for r, col in ((0, a), (m, b), (c, 0), (d, m)):
        dup = False
        for j in range(k):
            if qr[j] == r and qc[j] == col:
                dup = True
        if not dup:
            qr[k] = r
            qc[k] = col
            k += 1
    rows = np.empty(n, dtype=np.int64)
    avail = np.empty(n, dtype=np.uint64)
    gap = np.empty(n, dtype=np.uint64)
    mm = prepare(n, qr[:k], qc[:k], knight, rows, avail, gap)
    if mm < 0:
        return -1
    return estimate(avail, gap, mm, depth)


@njit(cache=True, inline="always")
def _rotate(n: int, f: np.ndarray, out: np.ndarray) -> None:
    """Quarter turn clockwise, (r, c) -> (c, n-1-r), of a frame (a, b, c, d)."""
    m = n - 1
    a, b, c, d = f[0], f[1], f[2], f[3]
    out[0] = m - c
    out[1] = m - d
    out[2] = b
    out[3] = a


@njit(cache=True, nogil=True)
def frame_images_into(n: int, a: int, b: int, c: int, d: int, out: np.ndarray) -> None:
    """Write the 8 images of frame (a, b, c, d) into ``out`` (8 × 4), in the order of
    ``nqueens.board.SYMMETRY_NAMES``.

    The frame of the 4-queens solution (1, 3, 0, 2) is (1, 2, 2, 1); a quarter turn keeps
    it, the mirror gives the frame (2, 1, 1, 2) of the other solution:

    >>> out = np.empty((8, 4), dtype=np.int64)
    >>> frame_images_into(4, 1, 2, 2, 1, out)
    >>> out[:2].tolist(), out[4].tolist()
    ([[1, 2, 2, 1], [1, 2, 2, 1]], [2, 1, 1, 2])
    """
    m = n - 1
    out[0, 0] = a
    out[0, 1] = b
    out[0, 2] = c
    out[0, 3] = d
    for k in range(1, 4):
        _rotate(n, out[k - 1], out[k])
    out[4, 0] = m - a  # mirror: (r, c) -> (r, n-1-c)
    out[4, 1] = m - b
    out[4, 2] = d
    out[4, 3] = c
    _rotate(n, out[4], out[7])  # antitranspose
    _rotate(n, out[7], out[5])  # flip
    _rotate(n, out[5], out[6])  # transpose


@njit(cache=True, nogil=True)
def _less(x: np.ndarray, y: np.ndarray) -> bool:
    for i in range(4):
        if x[i] != y[i]:
            return x[i] < y[i]
    return False


@njit(cache=True, nogil=True)
def enumerate_frames(n: int, knight: bool, depth: int) -> np.ndarray:
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
    m = n - 1
    cap = 1024
    out = np.empty((cap, 7), dtype=np.int64)
    k = 0
    imgs = np.empty((8, 4), dtype=np.int64)
    for a in range(n):
        for b in range(n):
            if a == b or abs(a - b) == m:
                continue
            for c in range(n):
                if (a == 0) != (c == 0) or (b == 0) != (c == m):
                    continue
                for d in range(n):
                    if (a == m) != (d == 0) or (b == m) != (d == m) or c == d:
                        continue
                    if abs(c - d) == m:
                        continue
                    frame_images_into(n, a, b, c, d, imgs)
                    canonical = True
                    stab = 1
                    for j in range(1, 8):
                        if _less(imgs[j], imgs[0]):
                            canonical = False
                            break
                        if not _less(imgs[0], imgs[j]):
                            stab += 1
                    if not canonical:
                        continue
                    if frame_cost(n, a, b, c, d, knight, 0) < 0:
                        continue
                    sym = 0
                    if not _less(imgs[0], imgs[1]) and not _less(imgs[1], imgs[0]):
                        sym = 2
                    elif not _less(imgs[0], imgs[2]) and not _less(imgs[2], imgs[0]):
                        sym = 1
                    best = 0
                    best_cost = frame_cost(n, a, b, c, d, knight, depth)
                    if sym == 0:
                        for j in range(1, 8):
                            cost = frame_cost(n, imgs[j, 0], imgs[j, 1], imgs[j, 2],
                                              imgs[j, 3], knight, depth)
                            if cost < best_cost:
                                best, best_cost = j, cost
                    if k == cap:
                        bigger = np.empty((2 * cap, 7), dtype=np.int64)
                        bigger[:cap] = out
                        out = bigger
                        cap *= 2
                    for i in range(4):
                        out[k, i] = imgs[best, i]
                    out[k, 4] = 8 // stab
                    out[k, 5] = sym
                    out[k, 6] = best_cost
                    k += 1
    return out[:k].copy()


@njit(cache=True, nogil=True)
def count_queen_many(n: int, queens: np.ndarray, nq: np.ndarray, out: np.ndarray,
                     colsums: np.ndarray) -> None:
    """:func:`count_queen` for many plain-queen subproblems at once: row ``i`` of
    ``queens`` holds ``nq[i]`` pre-placed queens as (row, column) pairs; the counts go
    to ``out[i]`` and the column sums to ``colsums[i]`` (both 0 when the pre-placed
    queens attack each other).

    The 6-queens solutions by the column of the first queen, and a last subproblem whose
    queens (0, 0) and (1, 1) attack each other:

    >>> queens = np.array([[0, c, 0, 0] for c in range(6)] + [[0, 0, 1, 1]])
    >>> nq = np.array([1, 1, 1, 1, 1, 1, 2])
    >>> out, colsums = np.zeros(7, dtype=np.int64), np.zeros(7, dtype=np.int64)
    >>> count_queen_many(6, queens, nq, out, colsums)
    >>> out.tolist(), colsums.tolist()
    ([0, 1, 1, 1, 1, 0, 0], [0, 4, 3, 2, 1, 0, 0])
    """
    rows = np.empty(n, dtype=np.int64)
    avail = np.empty(n, dtype=np.uint64)
    gap = np.empty(n, dtype=np.uint64)
    for i in range(queens.shape[0]):
        k = nq[i]
        qr = np.empty(k, dtype=np.int64)
        qc = np.empty(k, dtype=np.int64)
        for j in range(k):
            qr[j] = queens[i, 2 * j]
            qc[j] = queens[i, 2 * j + 1]
        m = prepare(n, qr, qc, False, rows, avail, gap)
        if m < 0:
            out[i] = 0
            colsums[i] = 0
        else:
            t, cs = count_queen(avail, gap, m)
            out[i] = t
            colsums[i] = cs
