"""The native validity check of huge boards (:mod:`nqueens._core.lines`) against a
readable pairwise check, on every board size from 1 to 60 and on random boards, and its
argument checks."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nqueens._core import lines
from nqueens.board import Solution
from nqueens.large import construct


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
