"""The C bitboard kernels against readable searches built on :func:`nqueens.base.pieces.attacks`:
the same solutions in the same order, the same counts and symmetry counts, with and
without the knight move and the torus; and bad arguments raise instead of crashing."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from nqueens._core import bitboard as core
from nqueens.base.pieces import Piece, attacks
from nqueens.kernels import bitboard
from nqueens.kernels.estimate import estimate_solutions

Board = tuple[int, ...]


def readable_solutions(n: int, allowed: list[int], knight: bool, torus: bool) -> list[Board]:
    """Every placement, one queen per row on an allowed column, no two attacking, in
    lexicographic order."""
    piece = Piece.SUPERQUEEN if knight else Piece.QUEEN
    found: list[Board] = []

    def place(cols: list[int]) -> None:
        r = len(cols)
        if r == n:
            found.append(tuple(cols))
            return
        for c in range(n):
            if not allowed[r] >> c & 1:
                continue
            if any(attacks(piece, (q, cols[q]), (r, c), n, torus) for q in range(r)):
                continue
            place(cols + [c])

    place([])
    return found


def images(board: Board) -> list[Board]:
    """The 8 images of a board under the symmetries of the square."""
    n = len(board)
    squares = [(r, c) for r, c in enumerate(board)]
    maps: list[Callable[[int, int], tuple[int, int]]] = [
        lambda r, c: (r, c), lambda r, c: (c, n - 1 - r), lambda r, c: (n - 1 - r, n - 1 - c),
        lambda r, c: (n - 1 - c, r), lambda r, c: (r, n - 1 - c), lambda r, c: (n - 1 - r, c),
        lambda r, c: (c, r), lambda r, c: (n - 1 - c, n - 1 - r)]
    out = []
    for f in maps:
        cols = [0] * n
        for r, c in squares:
            r2, c2 = f(r, c)
            cols[r2] = c2
        out.append(tuple(cols))
    return out


def run_enumeration(n: int, allowed: list[int], knight: bool, torus: bool, unique: bool,
                    batch: int) -> list[Board]:
    masks = np.array(allowed, dtype=np.uint64)
    free, cm, dm1, dm2 = (np.zeros(n + 1, dtype=np.uint64) for _ in range(4))
    free[0] = masks[0]
    bits = np.zeros(n, dtype=np.uint64)
    state = np.zeros(1, dtype=np.int64)
    out = np.empty((batch, n), dtype=np.int64)
    got: list[Board] = []
    while state[0] >= 0:
        k = bitboard.enumerate_batch(n, masks, knight, torus, unique, free, bits, cm, dm1,
                                     dm2, state, out)
        got += [tuple(int(x) for x in row) for row in out[:k]]
    return got


boards = st.integers(1, 7).flatmap(lambda n: st.tuples(
    st.just(n), st.lists(st.integers(0, (1 << n) - 1), min_size=n, max_size=n),
    st.booleans(), st.booleans()))


@given(boards, st.integers(1, 5))
def test_enumeration_is_the_readable_search(case: tuple[int, list[int], bool, bool],
                                            batch: int) -> None:
    n, allowed, knight, torus = case
    assert run_enumeration(n, allowed, knight, torus, False, batch) == \
        readable_solutions(n, allowed, knight, torus)


@given(boards)
def test_counts_are_the_readable_counts(case: tuple[int, list[int], bool, bool]) -> None:
    n, allowed, knight, torus = case
    sols = readable_solutions(n, allowed, knight, torus)
    f180 = sum(1 for b in sols if images(b)[2] == b)
    f90 = sum(1 for b in sols if images(b)[1] == b)
    masks = np.array(allowed, dtype=np.uint64)
    assert bitboard.count_subtree(n, masks, knight, torus, 0, np.zeros(n, dtype=np.uint64),
                                  True) == (len(sols), f180, f90)


@given(boards, st.data())
def test_counting_below_a_prefix(case: tuple[int, list[int], bool, bool],
                                 data: st.DataObject) -> None:
    n, allowed, knight, torus = case
    rows = data.draw(st.integers(0, n))
    prefix = data.draw(st.lists(st.integers(0, n - 1), min_size=rows, max_size=rows))
    start = np.zeros(n, dtype=np.uint64)
    for r, c in enumerate(prefix):
        start[r] = 1 << c
    want = sum(1 for b in readable_solutions(n, allowed, knight, torus)
               if list(b[:rows]) == prefix)
    got = bitboard.count_subtree(n, np.array(allowed, dtype=np.uint64), knight, torus, rows,
                                 start, False)
    assert got[0] == want


@pytest.mark.parametrize(("n", "torus", "knight"), [(8, False, False), (9, False, True),
                                                     (7, True, False), (11, True, True)])
def test_unique_enumeration_keeps_the_least_image(n: int, torus: bool, knight: bool) -> None:
    full = [(1 << n) - 1] * n
    everything = readable_solutions(n, full, knight, torus)
    want = [b for b in everything if b == min(images(b))]
    assert run_enumeration(n, full, knight, torus, True, 7) == want


@given(st.integers(1, 9).flatmap(lambda n: st.permutations(range(n))))
def test_is_canonical_is_the_least_image(cols: list[int]) -> None:
    board = tuple(cols)
    assert bitboard.is_canonical(np.array(cols, dtype=np.int64), len(cols)) == \
        (board == min(images(board)))


def test_oeis_counts() -> None:
    # A000170 (queens), A051223 (superqueens), A007705 (toroidal queens, n prime to 6)
    for n, want in [(1, 1), (4, 2), (8, 92), (10, 724), (12, 14200)]:
        assert bitboard.count_subtree(n, np.full(n, (1 << n) - 1, dtype=np.uint64), False,
                                      False, 0, np.zeros(n, dtype=np.uint64), False)[0] == want
    for n, want in [(10, 4), (11, 44), (12, 156)]:
        assert bitboard.count_subtree(n, np.full(n, (1 << n) - 1, dtype=np.uint64), True,
                                      False, 0, np.zeros(n, dtype=np.uint64), False)[0] == want
    for n, want in [(5, 10), (7, 28), (11, 88), (13, 4524)]:
        assert bitboard.count_subtree(n, np.full(n, (1 << n) - 1, dtype=np.uint64), False,
                                      True, 0, np.zeros(n, dtype=np.uint64), False)[0] == want


def test_the_estimate_is_exact_when_forced_and_zero_when_empty() -> None:
    assert estimate_solutions(4, np.array([2, 15, 15, 15], dtype=np.uint64), False, False,
                              50, 3) == 1.0
    assert estimate_solutions(3, np.full(3, 7, dtype=np.uint64), False, False, 50, 3) == 0.0
    est = estimate_solutions(10, np.full(10, 1023, dtype=np.uint64), False, False, 50_000, 9)
    assert 650 < est < 800  # 724 solutions


def _enum_args(n: int = 6) -> list[object]:
    allowed = np.full(n, (1 << n) - 1, dtype=np.uint64)
    free, cm, dm1, dm2 = (np.zeros(n + 1, dtype=np.uint64) for _ in range(4))
    free[0] = allowed[0]
    return [n, allowed, False, False, False, free, np.zeros(n, dtype=np.uint64), cm, dm1, dm2,
            np.zeros(1, dtype=np.int64), np.empty((4, n), dtype=np.int64)]


@pytest.mark.parametrize(("index", "value", "error"), [
    (0, 0, ValueError), (0, 64, ValueError),
    (1, np.full(6, 63, dtype=np.int64), TypeError),         # allowed of the wrong dtype
    (1, np.full(5, 63, dtype=np.uint64), ValueError),       # allowed too short
    (5, np.zeros(3, dtype=np.uint64), ValueError),          # free too short
    (6, np.zeros(6, dtype=np.uint32), TypeError),           # bits of the wrong width
    (6, np.full(6, 1 << 6, dtype=np.uint64), ValueError),   # a queen off the board
    (10, np.full(1, 6, dtype=np.int64), ValueError),        # a depth below the board
    (10, np.zeros(0, dtype=np.int64), ValueError),          # no state
    (11, np.empty((4, 5), dtype=np.int64), ValueError),     # rows of the wrong length
    (11, np.empty(24, dtype=np.int64), ValueError),         # not a table
    (11, np.empty((4, 6), dtype=np.int32), TypeError),
    (11, np.empty((6, 4), dtype=np.int64).T, TypeError),    # not contiguous
    (11, np.empty((4, 6), dtype=np.int64)[::2], TypeError),
    (1, "abcdef", TypeError),
])
def test_enumeration_refuses_bad_arguments(index: int, value: object,
                                           error: type[Exception]) -> None:
    args = _enum_args()
    args[index] = value
    with pytest.raises(error):
        core.enumerate_batch(*args)


def test_read_only_state_is_refused() -> None:
    args = _enum_args()
    state = np.zeros(1, dtype=np.int64)
    state.flags.writeable = False
    args[10] = state
    with pytest.raises(TypeError):
        core.enumerate_batch(*args)


def test_count_and_canonical_refuse_bad_arguments() -> None:
    full = np.full(8, 255, dtype=np.uint64)
    zeros = np.zeros(8, dtype=np.uint64)
    with pytest.raises(ValueError):
        core.count_subtree(65, full, False, False, 0, zeros, False)
    with pytest.raises(ValueError):
        core.count_subtree(8, full[:7], False, False, 0, zeros, False)
    with pytest.raises(ValueError):
        core.count_subtree(8, full, False, False, 9, zeros, False)
    with pytest.raises(ValueError):
        core.count_subtree(8, full, False, False, 3, zeros[:2], False)
    with pytest.raises(ValueError):  # no queen in a start row
        core.count_subtree(8, full, False, False, 1, zeros, False)
    with pytest.raises(ValueError):  # two queens in one row
        core.count_subtree(8, full, False, False, 1, np.full(8, 3, dtype=np.uint64), False)
    with pytest.raises(TypeError):
        core.count_subtree(8, full.astype(np.float64), False, False, 0, zeros, False)
    with pytest.raises(ValueError):
        core.is_canonical(np.array([0, 1, 8], dtype=np.int64), 3)
    with pytest.raises(ValueError):
        core.is_canonical(np.array([0, 1], dtype=np.int64), 3)
    with pytest.raises(TypeError):
        core.is_canonical(np.array([0, 1, 2], dtype=np.int32), 3)
    with pytest.raises(ValueError):
        core.estimate_solutions(8, full, False, False, 0, 1)
    with pytest.raises(ValueError):
        core.estimate_solutions(8, full[:3], False, False, 10, 1)
