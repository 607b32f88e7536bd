"""Min-conflicts repair: valid boards, reproducible seeds, the step budget, the trace."""

from __future__ import annotations

import numpy as np
import pytest

from nqueens.algorithms.repair import (
    min_conflicts,
    min_conflicts_run,
    replay_board,
    trace_min_conflicts,
)
from nqueens.base.errors import BadInput, NoSolution
from nqueens.base.events import Kind


@pytest.mark.parametrize("n", [4, 5, 6, 7, 8, 9, 10, 13, 50, 1000, 100_000])
@pytest.mark.parametrize("seed", [0, 1, 7])
def test_min_conflicts_gives_a_valid_board(n: int, seed: int) -> None:
    s = min_conflicts(n, seed=seed)
    assert s.n == n and s.is_valid()


def _distinct_lines(cols: np.ndarray) -> bool:
    """An O(n) check of its own: n queens on n columns and 2n distinct diagonals."""
    n = cols.shape[0]
    rows = np.arange(n, dtype=np.int64)
    c = cols.astype(np.int64)
    seen = [np.zeros(2 * n, dtype=np.bool_) for _ in range(3)]
    for mark, key in zip(seen, (c, rows - c + n - 1, rows + c), strict=True):
        mark[key] = True
    return all(int(np.count_nonzero(mark)) == n for mark in seen)


def test_every_board_from_4_to_2000_is_a_solution() -> None:
    for n in range(4, 2001):
        s = min_conflicts(n, seed=n)
        assert s.n == n and _distinct_lines(s.cols), n


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 2**63 + 5])
def test_a_million_queens_for_several_seeds(seed: int) -> None:
    s, st = min_conflicts_run(10**6, seed=seed)
    assert _distinct_lines(s.cols) and s.is_valid()
    assert s.cols.dtype == np.int32 and st.initial_pairs < 10_000


def test_same_seed_same_board_other_seed_other_board() -> None:
    a = min_conflicts(2000, seed=11)
    assert a == min_conflicts(2000, seed=11)
    boards = {min_conflicts(2000, seed=s) for s in range(5)}
    assert len(boards) == 5
    big = min_conflicts(10**6, seed=4)
    assert big == min_conflicts(10**6, seed=4) and big != min_conflicts(10**6, seed=5)


def test_exhausted_budget_says_so_and_returns_nothing() -> None:
    with pytest.raises(NoSolution, match="budget of 5 steps"):
        min_conflicts(1000, seed=0, max_steps=5)
    with pytest.raises(BadInput):
        min_conflicts(100, max_steps=-1)


def test_stats_count_the_work() -> None:
    s, st = min_conflicts_run(10_000, seed=3)
    assert s.is_valid()
    assert st.moves <= st.steps and st.initial_pairs > 0 and st.rounds >= 1


@pytest.mark.parametrize("n", [4, 6, 8, 12, 30, 100])
@pytest.mark.parametrize("seed", [0, 5])
def test_trace_makes_the_kernels_decisions(n: int, seed: int) -> None:
    events = list(trace_min_conflicts(n, seed=seed))
    assert events[-1].kind is Kind.SOLUTION
    assert replay_board(events, n) == min_conflicts(n, seed=seed)
    conflicts = [e.count for e in events if e.kind is Kind.CONFLICTS]
    assert conflicts[-1] == 0
    moves = [e for e in events if e.kind is Kind.MOVE]
    assert len(moves) % 2 == 0  # a swap moves two queens
    steps = [e.step for e in events]
    assert steps == sorted(steps)


def test_trace_with_a_small_budget_stops_without_a_solution() -> None:
    events = list(trace_min_conflicts(50, seed=0, max_steps=1))
    assert events[-1].kind is Kind.DONE and not events[-1].ok
    assert all(e.kind is not Kind.SOLUTION for e in events)
    with pytest.raises(NoSolution):
        list(trace_min_conflicts(3))
