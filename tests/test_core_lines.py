"""The native validity check of huge boards (:mod:`nqueens._core.lines`) against a
readable pairwise check, on every board size from 1 to 60 and on random boards, and its
argument checks."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nqueens._core import lines
from nqueens.algorithms.closed_form import construct
from nqueens.base.board import Solution


def readable_first_repeat(cols: list[int]) -> int:
    """The first row whose queen shares a column or diagonal with an earlier one, or -1."""
    for b in range(len(cols)):
        for a in range(b):
            if cols[a] == cols[b] or abs(cols[a] - cols[b]) == b - a:
                return b
    return -1


@given(st.integers(min_value=1, max_value=60).flatmap(
    lambda n: st.lists(st.integers(min_value=0, max_value=n - 1), min_size=n, max_size=n)),
    st.sampled_from([np.int32, np.int64]))
@settings(max_examples=300, deadline=None)
def test_the_first_repeated_line_is_the_readable_checks(cols: list[int], dtype: type) -> None:
    assert lines.first_repeat(np.array(cols, dtype=dtype)) == readable_first_repeat(cols)


@pytest.mark.parametrize("n", [4, 5, 8, 1000, 2001, 10**6])
def test_constructed_boards_are_valid_and_one_swap_is_found(n: int) -> None:
    cols = construct(n).cols.copy()
    assert lines.first_repeat(cols) == -1 and Solution(cols).is_valid()
    cols[[n // 2, n // 2 + 1]] = cols[[n // 2 + 1, n // 2]]  # two rows swap their columns
    found = lines.first_repeat(cols)
    assert found in (n // 2, n // 2 + 1)  # the rows above the swap are untouched
    if n <= 2001:
        assert found == readable_first_repeat(cols.tolist())
    assert not Solution(cols).is_valid()


def test_the_kernel_refuses_what_is_not_a_board() -> None:
    with pytest.raises(ValueError, match="row 2: the column is off the 3x3 board"):
        lines.first_repeat(np.array([0, 2, 3], dtype=np.int64))
    with pytest.raises(ValueError, match="row 0"):
        lines.first_repeat(np.array([-1, 0], dtype=np.int32))
    with pytest.raises(TypeError, match="int32 or int64"):
        lines.first_repeat(np.array([0.0, 1.0]))
    with pytest.raises(TypeError, match="contiguous"):
        lines.first_repeat(np.arange(8, dtype=np.int64)[::2])
    assert lines.first_repeat(np.zeros(0, dtype=np.int64)) == -1


def _keys(cols: np.ndarray) -> list[np.ndarray]:
    rows = np.arange(cols.shape[0], dtype=np.int64)
    c = cols.astype(np.int64)
    return [c, rows - c, rows + c]  # columns, diagonals, anti-diagonals


def numpy_first_repeat(cols: np.ndarray) -> int:
    """The first row that is not the first on one of its lines, by sorting (or -1)."""
    later = []
    for key in _keys(cols):
        first = np.unique(key, return_index=True)[1]
        again = np.setdiff1d(np.arange(cols.shape[0]), first)
        if again.size:
            later.append(int(again[0]))
    return min(later, default=-1)


@pytest.mark.slow
@pytest.mark.parametrize("n", [33, 1000, 100_000])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_random_boards_of_every_kind_are_checked_as_sorting_does(n: int, seed: int) -> None:
    rng = np.random.default_rng(seed)
    boards = [rng.permutation(n), rng.integers(0, n, n)]  # random lines everywhere
    almost = construct(n).cols.copy() if n >= 4 else rng.permutation(n)
    k = int(rng.integers(0, n - 1))
    almost[[k, k + 1]] = almost[[k + 1, k]]
    boards.append(almost)
    for cols in boards:
        for dtype in (np.int32, np.int64):
            assert lines.first_repeat(cols.astype(dtype)) == numpy_first_repeat(cols)


def readable_crowded(cols: list[int], family: int) -> list[int]:
    key = [(c, r - c, r + c)[family] for r, c in enumerate(cols)]
    return [r for r in range(len(cols)) if key.count(key[r]) > 1]


@given(st.integers(min_value=1, max_value=60).flatmap(
    lambda n: st.lists(st.integers(min_value=0, max_value=n - 1), min_size=n, max_size=n)),
    st.sampled_from([np.int32, np.int64]))
@settings(max_examples=200, deadline=None)
def test_crowded_rows_are_the_rows_on_shared_lines(cols: list[int], dtype: type) -> None:
    arr = np.array(cols, dtype=dtype)
    for family in range(3):
        got = np.frombuffer(lines.crowded_rows(arr, family), dtype=np.int64).tolist()
        assert got == readable_crowded(cols, family)


def test_crowded_rows_of_a_huge_random_board_are_those_sorting_finds() -> None:
    cols = np.random.default_rng(5).permutation(200_000).astype(np.int32)
    for family, key in enumerate(_keys(cols)):
        got = np.frombuffer(lines.crowded_rows(cols, family), dtype=np.int64)
        _, inverse, counts = np.unique(key, return_inverse=True, return_counts=True)
        assert got.tolist() == np.flatnonzero(counts[inverse] > 1).tolist()
    assert lines.crowded_rows(cols, 0) == b""  # a permutation: no column is shared


def test_crowded_rows_refuses_what_is_not_a_board() -> None:
    with pytest.raises(ValueError, match="row 1: the column is off the 2x2 board"):
        lines.crowded_rows(np.array([0, 2], dtype=np.int32), 1)
    with pytest.raises(ValueError, match="family must be 0, 1 or 2, not 3"):
        lines.crowded_rows(np.array([0, 1], dtype=np.int32), 3)
    with pytest.raises(TypeError, match="int32 or int64"):
        lines.crowded_rows(np.array([0, 1], dtype=np.int16), 0)
    assert lines.crowded_rows(np.zeros(0, dtype=np.int32), 2) == b""
