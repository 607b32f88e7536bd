"""Huge boards: the closed-form construction, the fast check, and the ``auto`` choice."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nqueens
from nqueens.algorithms.closed_form import construct, construct_cols
from nqueens.base.board import Solution
from nqueens.base.errors import BadInput, InvalidBoard, NoSolution
from nqueens.tasks.solver import AUTO_BACKTRACK_MAX_N, METHODS, plan, solve


def _brute_valid(cols: np.ndarray) -> bool:
    """Independent check: every pair of rows, in plain Python."""
    c = [int(x) for x in cols]
    return all(c[a] != c[b] and abs(c[a] - c[b]) != b - a
               for a in range(len(c)) for b in range(a + 1, len(c)))


def _diagonals_distinct(cols: np.ndarray) -> bool:
    """Independent O(n) check with Python sets (not the library's check)."""
    n = len(cols)
    rows = np.arange(n)
    return (len(set(cols.tolist())) == n and len(set((rows + cols).tolist())) == n
            and len(set((rows - cols).tolist())) == n)


def test_construction_is_a_solution_for_every_n_from_4_to_2000() -> None:
    for n in range(4, 2001):
        cols = construct_cols(n)
        assert cols.shape == (n,) and cols.dtype == np.int32
        assert _diagonals_distinct(cols), n
        assert construct(n).is_valid(), n


@pytest.mark.parametrize("n", [1_000_003, 1_000_004, 1_200_002, 2_000_009])
def test_construction_above_a_million(n: int) -> None:
    # n mod 6 covers the even, odd, 2-mod-6 and 3-mod-6 branches
    s = construct(n)
    assert s.n == n and s.is_valid()
    assert _diagonals_distinct(s.cols)


def test_construction_small_boards_agree_with_brute_force() -> None:
    for n in range(4, 40):
        assert _brute_valid(construct_cols(n))


@pytest.mark.parametrize("method", [m for m in METHODS])
@pytest.mark.parametrize("n", [2, 3])
def test_two_and_three_have_no_solution_by_every_method(method: str, n: int) -> None:
    with pytest.raises(NoSolution, match=f"no solution exists for n = {n}"):
        solve(n, method=method)


@pytest.mark.parametrize("method", [m for m in METHODS])
def test_one_queen_by_every_method(method: str) -> None:
    assert solve(1, method=method).as_tuple() == (0,)


def test_auto_picks_backtrack_then_construct() -> None:
    assert plan(AUTO_BACKTRACK_MAX_N).method == "backtrack"
    assert plan(AUTO_BACKTRACK_MAX_N + 1).method == "construct"
    assert "closed form" in plan(AUTO_BACKTRACK_MAX_N + 1).reason
    assert solve(8).as_tuple() == (0, 4, 7, 5, 2, 6, 1, 3)   # lexicographically first
    assert solve(AUTO_BACKTRACK_MAX_N + 1) == construct(AUTO_BACKTRACK_MAX_N + 1)
    assert nqueens.solve(5000).is_valid()


def test_methods_that_ignore_constraints_refuse_them() -> None:
    with pytest.raises(BadInput, match="backtrack"):
        solve(8, method="construct", fixed=[(0, 0)])
    with pytest.raises(BadInput, match="backtrack"):
        solve(8, method="min-conflicts", torus=True)
    with pytest.raises(BadInput, match="unknown method"):
        solve(8, method="magic")
    with pytest.raises(BadInput, match="up to 32"):
        solve(40, method="backtrack")


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 11), min_size=1, max_size=12))
def test_fast_check_agrees_with_brute_force(cols: list[int]) -> None:
    n = len(cols)
    cols = [c % n for c in cols]
    s = Solution(cols)
    assert s.is_valid() == _brute_valid(np.array(cols))
    pairs = s.attacking_pairs()
    assert bool(pairs) != s.is_valid()
    for (r1, c1), (r2, c2) in pairs:
        assert r1 < r2 and (c1 == c2 or abs(c1 - c2) == r2 - r1)


def test_check_names_an_attacking_pair_on_a_huge_board() -> None:
    n = 1_000_000
    cols = construct_cols(n)
    cols[[10, 500_000]] = cols[[500_000, 10]]
    s = Solution(cols)
    assert not s.is_valid()
    with pytest.raises(InvalidBoard) as info:
        s.validate()
    (a, b) = info.value.pairs[0]
    assert a[0] < b[0]
    assert a[1] == b[1] or abs(a[1] - b[1]) == b[0] - a[0]
    assert "attack each other" in str(info.value)
