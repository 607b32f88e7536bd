"""Exact search: first solution, the lazy stream of all solutions, counts against OEIS."""

from __future__ import annotations

import itertools

import pytest

from nqueens import BadInput, NoSolution, Solution, count, first_solution, solutions, solve
from nqueens.base.limits import MAX_EXACT_N

# OEIS A000170 (all solutions) and A002562 (fundamental solutions), n = 1..13.
A000170 = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712]
A002562 = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233]


@pytest.mark.parametrize("n", range(1, 14))
def test_counts_match_oeis(n: int) -> None:
    result = count(n)
    assert result.total == A000170[n - 1]
    assert result.fundamental == A002562[n - 1]


@pytest.mark.parametrize("n", range(1, 11))
def test_stream_is_complete_valid_sorted_and_unique(n: int) -> None:
    boards = list(solutions(n))
    assert len(boards) == A000170[n - 1]
    for b in boards:
        b.validate()
    assert boards == sorted(boards)
    assert len(set(boards)) == len(boards)


@pytest.mark.parametrize("n", range(1, 11))
def test_unique_stream_gives_one_canonical_board_per_class(n: int) -> None:
    reps = list(solutions(n, unique=True))
    assert len(reps) == A002562[n - 1]
    assert all(r.is_canonical() for r in reps)
    assert {r.canonical() for r in solutions(n)} == set(reps)


@pytest.mark.slow
def test_stream_is_lazy() -> None:
    # n = 32 has astronomically many solutions; taking three must be immediate.
    first = list(itertools.islice(solutions(MAX_EXACT_N), 3))
    assert len(first) == 3 and first == sorted(first)
    for b in first:
        b.validate()


def test_brute_force_agrees_for_small_n() -> None:
    for n in range(1, 8):
        brute = [
            Solution(p) for p in itertools.permutations(range(n)) if Solution(p).is_valid()
        ]
        assert brute == list(solutions(n))


def test_first_solution_is_the_lexicographic_first() -> None:
    assert first_solution(8).as_tuple() == (0, 4, 7, 5, 2, 6, 1, 3)
    assert solve(1) == Solution([0])
    for n in range(4, 12):
        assert solve(n) == next(iter(solutions(n)))


@pytest.mark.parametrize("n", [2, 3])
def test_no_solution(n: int) -> None:
    with pytest.raises(NoSolution):
        solve(n)
    assert list(solutions(n)) == []
    assert count(n).total == 0


@pytest.mark.parametrize("bad", [0, -1, MAX_EXACT_N + 1, "8", 2.5, True])
def test_bad_sizes_are_refused(bad: object) -> None:
    with pytest.raises(BadInput):
        count(bad)  # type: ignore[arg-type]
    with pytest.raises(BadInput):
        next(iter(solutions(bad)))  # type: ignore[arg-type]


def test_the_api_takes_squares_as_the_command_line_does() -> None:
    """Names (a text as --fixed/--blocked take it, or a list) and 0-based pairs alike."""
    assert solve(8, fixed=["d1"]) == solve(8, fixed=[(7, 3)])
    assert count(8, blocked="a1,h8").total == count(8, blocked=[(7, 0), (0, 7)]).total == 84
    assert count(8, fixed=["a8", (1, 2)]).total == count(8, fixed=[(0, 0), (1, 2)]).total
    with pytest.raises(BadInput, match="^fixed: square z9 is off the 8x8 board$"):
        solve(8, fixed=["z9"])
    with pytest.raises(BadInput, match="^blocked: square a1 is named twice$"):
        count(8, blocked="a1 a1")


def test_dir_of_the_package_is_its_public_api() -> None:
    import nqueens

    assert dir(nqueens) == sorted([*nqueens.__all__, "__version__"])
    assert not {"sys", "types", "annotations", "TYPE_CHECKING"} & set(dir(nqueens))
