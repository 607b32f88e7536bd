"""Completing a board: pre-placed queens (--fixed) and forbidden squares (--blocked)
for solve, all and count, held against filtering the full solution list, and every
error path through the command line."""

from __future__ import annotations

import json
from functools import cache

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import nqueens
from nqueens import BadInput, NoSolution, Solution
from nqueens.algorithms.search import Problem
from nqueens.base.pieces import Piece, attacks
from nqueens.base.squares import file_name

Square = tuple[int, int]


@cache
def _all(n: int, piece: str = "queen", torus: bool = False) -> tuple[Solution, ...]:
    return tuple(nqueens.solutions(n, piece=piece, torus=torus))


def _filtered(n: int, fixed: list[Square], blocked: list[Square], piece: str = "queen",
              torus: bool = False) -> list[Solution]:
    """The reference: the full list, keeping boards that hold every fixed queen and no
    blocked square."""
    return [s for s in _all(n, piece, torus)
            if all(s[r] == c for r, c in fixed) and all(s[r] != c for r, c in blocked)]


def _alg(squares: list[Square], n: int) -> str:
    return ",".join(f"{file_name(c)}{n - r}" for r, c in squares)


def _clash(fixed: list[Square], n: int, piece: str, torus: bool) -> bool:
    return any(attacks(Piece(piece), a, b, n, torus)
               for i, a in enumerate(fixed) for b in fixed[i + 1:])


@st.composite
def requests(draw: st.DrawFn, max_n: int = 10) -> tuple[int, list[Square], list[Square]]:
    n = draw(st.integers(1, max_n))
    square = st.tuples(st.integers(0, n - 1), st.integers(0, n - 1))
    fixed = draw(st.lists(square, max_size=3, unique=True))
    blocked = draw(st.lists(square.filter(lambda sq: sq not in fixed), max_size=8,
                            unique=True))
    return n, fixed, blocked


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(requests(), st.sampled_from([("queen", False), ("superqueen", False),
                                     ("queen", True)]))
def test_constrained_search_equals_the_filtered_full_list(
        req: tuple[int, list[Square], list[Square]], variant: tuple[str, bool]) -> None:
    n, fixed, blocked = req
    piece, torus = variant
    if _clash(fixed, n, piece, torus):
        with pytest.raises(BadInput, match="attack each other"):
            nqueens.count(n, piece=piece, torus=torus, fixed=fixed, blocked=blocked)
        return
    expected = _filtered(n, fixed, blocked, piece, torus)
    result = nqueens.count(n, piece=piece, torus=torus, fixed=fixed, blocked=blocked)
    assert result.total == len(expected)
    if fixed or blocked:
        assert result.fundamental is None
    got = list(nqueens.solutions(n, piece=piece, torus=torus, fixed=fixed, blocked=blocked))
    assert got == expected
    if expected:
        assert nqueens.solve(n, piece=piece, torus=torus, fixed=fixed,
                             blocked=blocked) == expected[0]
    else:
        with pytest.raises(NoSolution):
            nqueens.solve(n, piece=piece, torus=torus, fixed=fixed, blocked=blocked)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                HealthCheck.function_scoped_fixture])
@given(requests(max_n=9))
def test_constrained_commands_equal_the_filtered_full_list(
        run, req: tuple[int, list[Square], list[Square]]) -> None:
    n, fixed, blocked = req
    assume(fixed or blocked)
    assume(not _clash(fixed, n, "queen", False))
    expected = _filtered(n, fixed, blocked)
    args = [str(n)]
    if fixed:
        args += ["--fixed", _alg(fixed, n)]
    if blocked:
        args += ["--blocked", _alg(blocked, n)]
    r = run("count", *args)
    assert (r.code, r.out.strip()) == (0 if expected else 1, str(len(expected)))
    assert ("no solution" in r.err) == (not expected)
    r = run("all", *args, "--format", "perm")
    assert r.code == (0 if expected else 1)
    assert [Solution([int(x) - 1 for x in line.split()]) for line in r.out.splitlines()] \
        == expected
    r = run("solve", *args, "--format", "perm")
    if expected:
        assert r.code == 0
        assert Solution([int(x) - 1 for x in r.out.split()]) == expected[0]
    else:
        assert r.code == 1 and "no solution" in r.err


def test_completing_a_board(run) -> None:
    # d1 is row 7, column 3 of an 8x8 board; a8 is row 0, column 0.
    r = run("all", "8", "--fixed", "d1", "--blocked", "a8", "-f", "perm")
    assert r.code == 0
    boards = [Solution([int(x) - 1 for x in line.split()]) for line in r.out.splitlines()]
    assert boards == _filtered(8, [(7, 3)], [(0, 0)])
    assert all(s[7] == 3 and s[0] != 0 for s in boards)
    r = run("count", "8", "--fixed", "d1", "--blocked", "a8", "--json")
    data = json.loads(r.out)
    assert (r.code, data["all"], data["fundamental"]) == (0, len(boards), None)
    r = run("solve", "8", "--fixed", "d1,e8", "-f", "algebraic")
    assert r.code == 0
    assert {"d1", "e8"} <= set(r.out.split())


def test_superqueen_completion(run) -> None:
    r = run("count", "10", "--piece", "superqueen", "--fixed", "c10")  # row 0, column 2
    assert r.code == 0
    assert int(r.out) == len(_filtered(10, [(0, 2)], [], "superqueen"))
    assert int(r.out) > 0


# -- error paths ---------------------------------------------------------------------

@pytest.mark.parametrize("command", ["solve", "all", "count"])
@pytest.mark.parametrize("args, squares", [
    (("8", "--fixed", "a1,c3"), ("a1", "c3")),                               # diagonal
    (("8", "--fixed", "b2,b7"), ("b2", "b7")),                               # column
    (("8", "--fixed", "a4,h4"), ("a4", "h4")),                               # row
    (("10", "--piece", "superqueen", "--fixed", "a1,b3"), ("a1", "b3")),    # knight
    (("5", "--torus", "--fixed", "a1,e2"), ("a1", "e2")),                   # wrapped diagonal
])
def test_attacking_fixed_queens_are_bad_input(run, command: str, args: tuple[str, ...],
                                              squares: tuple[str, str]) -> None:
    r = run(command, *args)
    assert r.code == 2
    assert r.out == ""
    assert "attack each other" in r.err
    for sq in squares:
        assert sq in r.err


def test_the_wrapped_diagonal_is_no_attack_off_the_torus(run) -> None:
    r = run("count", "5", "--fixed", "a1,e2")
    # Not bad input: the two queens stand; the board just has no completion.
    assert (r.code, r.out) == (1, "0\n") and "error" not in r.err


@pytest.mark.parametrize("command", ["solve", "all", "count"])
@pytest.mark.parametrize("option, square", [
    ("--fixed", "i1"), ("--fixed", "a9"), ("--fixed", "a0"), ("--blocked", "z5"),
    ("--blocked", "aa1"),
])
def test_squares_off_the_board_are_bad_input(run, command: str, option: str,
                                             square: str) -> None:
    r = run(command, "8", option, f"a2,{square}")
    assert r.code == 2
    assert square in r.err and "off the 8x8 board" in r.err
    assert r.out == ""


@pytest.mark.parametrize("text", ["xyz", "1a", "a", "a1;b2", "a-1"])
def test_malformed_squares_are_bad_input(run, text: str) -> None:
    r = run("count", "8", "--blocked", text)
    assert r.code == 2
    assert "--blocked" in r.err


def test_a_square_both_fixed_and_blocked_is_bad_input(run) -> None:
    r = run("solve", "8", "--fixed", "d1", "--blocked", "a8,d1")
    assert r.code == 2
    assert "d1" in r.err and "both fixed and blocked" in r.err


def test_off_board_squares_through_the_api_are_named() -> None:
    with pytest.raises(BadInput, match=r"\(8, 0\) is off the 8x8 board"):
        Problem.make(8, fixed=[(8, 0)])
    with pytest.raises(BadInput, match=r"\(2, -1\) is off"):
        Problem.make(8, blocked=[(2, -1)])


def test_an_impossible_completion_is_no_solution(run) -> None:
    # a1 and b3 are a knight's move apart: no 8-queen board holds both.
    assert _filtered(8, [(7, 0), (5, 1)], []) == []
    r = run("solve", "8", "--fixed", "a1,b3")
    assert r.code == 1 and "no solution" in r.err and r.out == ""
    r = run("solve", "8", "--fixed", "a1,b3", "--format", "matrix")
    assert r.code == 1 and r.out.strip() == "Solution does not exist"
    r = run("all", "8", "--fixed", "a1,b3")
    assert r.code == 1 and "no solution" in r.err and r.out == ""
    r = run("all", "8", "--fixed", "a1,b3", "-f", "list")
    assert r.code == 1 and r.out.strip() == "[]"
    r = run("count", "8", "--fixed", "a1,b3")
    assert (r.code, r.out.strip()) == (1, "0") and "no solution" in r.err
    # every square of the first row blocked
    r = run("solve", "6", "--blocked", "a6,b6,c6,d6,e6,f6")
    assert r.code == 1 and "no solution" in r.err


def test_no_solution_at_all_is_the_same_answer_with_or_without_constraints(run) -> None:
    r = run("all", "3")
    assert (r.code, r.out) == (1, "") and "no solution exists for n = 3" in r.err
    r = run("all", "8", "--torus", "-f", "list")
    assert (r.code, r.out) == (1, "[]\n") and "on the torus" in r.err


@pytest.mark.parametrize("command", ["all", "count"])
@pytest.mark.parametrize("option", [("--fixed", "a1"), ("--blocked", "a1")])
def test_unique_with_constraints_is_bad_input(run, command: str,
                                              option: tuple[str, str]) -> None:
    r = run(command, "8", "--unique", *option, "--format", "list") if command == "all" \
        else run(command, "8", "--unique", *option)
    assert r.code == 2
    assert "--unique" in r.err
    assert r.out == ""


def test_unique_with_constraints_is_refused_by_the_api_at_once() -> None:
    with pytest.raises(BadInput, match="unique"):
        nqueens.solutions(8, unique=True, fixed=[(0, 0)])


def test_constraints_become_masks_of_the_same_kernels() -> None:
    p = Problem.make(6, fixed=[(0, 1)], blocked=[(5, 0)])
    masks = p.allowed_masks().tolist()
    assert masks[0] == 0b000010
    for r in range(1, 6):  # the fixed queen's column and diagonals are taken out
        assert not masks[r] >> 1 & 1
        for c in range(6):
            if masks[r] >> c & 1:
                assert not attacks(Piece.QUEEN, (0, 1), (r, c))
    assert not masks[5] & 1


@pytest.mark.parametrize("bad", [[(0, 0, 1)], [(0.5, 1)], [(True, 1)], [None]])
def test_malformed_squares_in_the_api_are_bad_input(bad: list[object]) -> None:
    # a name ("a1") is a square too, as on the command line; these are neither
    with pytest.raises(BadInput, match="neither a name such as 'a1' nor a \\(row, column\\)"):
        nqueens.solve(8, fixed=bad)  # type: ignore[arg-type]
    with pytest.raises(BadInput, match="neither a name such as 'a1' nor a \\(row, column\\)"):
        nqueens.count(8, blocked=bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("option", ["--fixed", "--blocked"])
def test_a_square_named_twice_is_bad_input(run, option: str) -> None:
    r = run("solve", "8", option, "a1,c2,a1")
    assert r.code == 2 and r.out == "" and "a1 is named twice" in r.err
