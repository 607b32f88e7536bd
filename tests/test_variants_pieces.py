"""Superqueens (queen + knight) and the torus: counts against OEIS, the kernels
against the one attack rule of nqueens.base.pieces, and the command line."""

from __future__ import annotations

import json
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nqueens
from nqueens import Solution
from nqueens.base.pieces import KNIGHT_STEPS, Piece, attacks

# OEIS A051223: superqueen solutions, n = 1, 2, ...
A051223 = [1, 0, 0, 0, 0, 0, 0, 0, 0, 4, 44, 156, 1876, 5180, 32516]
# OEIS A051906: toroidal queen solutions (diagonals wrap), n = 1, 2, ...
A051906 = [1, 0, 0, 0, 10, 0, 28, 0, 0, 0, 88, 0, 4524]


def _safe(queens: list[tuple[int, int]], piece: Piece, n: int, torus: bool) -> bool:
    """The reference: no pair attacks under :func:`nqueens.base.pieces.attacks`."""
    return not any(attacks(piece, a, b, n, torus) for a, b in combinations(queens, 2))


def _classes(boards: list[Solution]) -> int:
    return len({s.canonical() for s in boards})


# -- superqueens ---------------------------------------------------------------------

@pytest.mark.parametrize("n", range(1, len(A051223) + 1))
def test_superqueen_counts_match_a051223(n: int) -> None:
    assert nqueens.count(n, piece="superqueen").total == A051223[n - 1]


@pytest.mark.parametrize("n", [1, 9, 10, 11, 12, 13])
def test_superqueen_count_through_the_command_line(run, n: int) -> None:
    r = run("count", str(n), "--piece", "superqueen", "--json")
    assert r.code == 0, r.err
    data = json.loads(r.out)
    assert data["all"] == A051223[n - 1]
    assert data["piece"] == "superqueen"


@pytest.mark.parametrize("n", [10, 11, 12, 13])
def test_superqueen_fundamental_count_equals_the_classes_of_the_stream(run, n: int) -> None:
    boards = list(nqueens.solutions(n, piece="superqueen"))
    assert len(boards) == A051223[n - 1]
    classes = _classes(boards)
    assert nqueens.count(n, piece="superqueen").fundamental == classes
    r = run("count", str(n), "--piece", "superqueen", "--unique")
    assert (r.code, r.out.strip()) == (0, str(classes))
    unique = list(nqueens.solutions(n, piece="superqueen", unique=True))
    assert len(unique) == classes
    assert all(s.is_canonical() for s in unique)


@pytest.mark.parametrize("n", range(1, 12))
def test_superqueen_stream_is_the_queen_stream_filtered_by_the_attack_rule(n: int) -> None:
    expected = [s for s in nqueens.solutions(n)
                if _safe(s.queens(), Piece.SUPERQUEEN, n, False)]
    got = list(nqueens.solutions(n, piece="superqueen"))
    assert got == expected  # same boards, same lexicographic order
    assert all(s.is_valid("superqueen") for s in got)


def test_superqueen_commands(run) -> None:
    r = run("solve", "10", "--piece", "superqueen", "--format", "perm")
    assert r.code == 0, r.err
    board = Solution([int(x) - 1 for x in r.out.split()])
    assert board.is_valid("superqueen")
    r = run("all", "10", "--piece", "superqueen", "--format", "perm")
    assert r.code == 0 and len(r.out.splitlines()) == 4
    r = run("all", "10", "--piece", "superqueen", "--unique", "--format", "perm")
    assert r.code == 0 and len(r.out.splitlines()) == 1
    r = run("solve", "9", "--piece", "superqueen")
    assert r.code == 1 and "no solution" in r.err


def test_check_knows_the_knight_move(run) -> None:
    # Every queen solution of 8 holds a knight's move (A051223 is 0 for n = 8).
    r = run("check", "--piece", "superqueen", stdin="1 5 8 6 3 7 2 4\n")
    assert r.code == 1
    assert "knight" in r.out
    r = run("check", "--piece", "queen", stdin="1 5 8 6 3 7 2 4\n")
    assert r.code == 0
    sol = next(iter(nqueens.solutions(10, piece="superqueen")))
    r = run("check", "--piece", "superqueen", stdin=nqueens.write(sol, "perm"))
    assert r.code == 0, r.out


def test_knight_steps_are_closed_under_the_symmetries_of_the_square() -> None:
    steps = set(KNIGHT_STEPS)
    assert len(steps) == 8
    for dr, dc in steps:
        for image in ((dc, -dr), (-dr, -dc), (-dc, dr), (dr, -dc), (-dr, dc), (dc, dr),
                      (-dc, -dr)):
            assert image in steps


# -- the torus -----------------------------------------------------------------------

@pytest.mark.parametrize("n", range(1, len(A051906) + 1))
def test_torus_counts_match_a051906(run, n: int) -> None:
    assert nqueens.count(n, torus=True).total == A051906[n - 1]
    r = run("count", str(n), "--torus")
    assert (r.code, r.out.strip()) == (0, str(A051906[n - 1]))


@pytest.mark.slow
@pytest.mark.parametrize("n", [5, 7, 11, 13])
def test_torus_stream_is_the_queen_stream_filtered_by_the_wrapping_rule(n: int) -> None:
    expected = [s for s in nqueens.solutions(n) if _safe(s.queens(), Piece.QUEEN, n, True)]
    got = list(nqueens.solutions(n, torus=True))
    assert got == expected
    assert all(s.is_valid(torus=True) for s in got)
    assert nqueens.count(n, torus=True).fundamental == _classes(got)


@pytest.mark.parametrize("n", [11, 13])
def test_superqueens_on_the_torus_follow_the_attack_rule(n: int) -> None:
    expected = [s for s in nqueens.solutions(n, torus=True)
                if _safe(s.queens(), Piece.SUPERQUEEN, n, True)]
    got = list(nqueens.solutions(n, piece="superqueen", torus=True))
    assert got == expected
    assert nqueens.count(n, piece="superqueen", torus=True).total == len(got)
    assert nqueens.count(n, piece="superqueen", torus=True).fundamental == _classes(got)


@pytest.mark.parametrize("piece, n", [("queen", 13), ("superqueen", 13), ("superqueen", 17)])
def test_torus_solutions_are_closed_under_translation(piece: str, n: int) -> None:
    # On a torus every square looks alike: shifting rows or columns keeps a solution.
    boards = set(nqueens.solutions(n, piece=piece, torus=True))
    assert boards
    for s in boards:
        cols = s.as_tuple()
        assert Solution(cols[1:] + cols[:1]) in boards
        assert Solution([(c + 1) % n for c in cols]) in boards


def test_superqueen_on_the_torus_sees_across_the_bottom_edge() -> None:
    # Rows 0 and 12 are neighbours on a 13-torus; columns 1 and 3 are a knight's move apart.
    assert attacks(Piece.SUPERQUEEN, (0, 1), (12, 3), 13, torus=True)
    assert not attacks(Piece.SUPERQUEEN, (0, 1), (12, 3), 13, torus=False)
    cols = [1, 9, 5, 13, 0, 3, 11, 7, 15, 4, 12, 8, 16, 2, 6, 14, 10]  # a 17-queen torus board
    s = Solution(cols)
    assert s.is_valid(torus=True)
    assert not s.is_valid("superqueen", torus=True)
    assert ((1, 9), (16, 10)) in s.attacking_pairs("superqueen", torus=True)
    assert s not in set(nqueens.solutions(17, piece="superqueen", torus=True,
                                          fixed=[(0, 1)]))


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 12).flatmap(lambda n: st.permutations(range(n))),
       st.sampled_from(list(Piece)), st.booleans())
def test_board_validation_agrees_with_the_attack_rule(cols: list[int], piece: Piece,
                                                      torus: bool) -> None:
    s = Solution(cols)
    n = len(cols)
    queens = s.queens()
    assert s.is_valid(piece, torus) == _safe(queens, piece, n, torus)
    for a, b in s.attacking_pairs(piece, torus, limit=None):
        assert attacks(piece, a, b, n, torus)


@pytest.mark.parametrize("n", range(1, 8))
@pytest.mark.parametrize("piece", list(Piece))
@pytest.mark.parametrize("torus", [False, True])
def test_kernels_agree_with_brute_force(n: int, piece: Piece, torus: bool) -> None:
    from itertools import permutations

    expected = [Solution(p) for p in permutations(range(n))
                if _safe(list(enumerate(p)), piece, n, torus)]
    got = list(nqueens.solutions(n, piece=piece, torus=torus))
    assert got == expected
    assert nqueens.count(n, piece=piece, torus=torus).total == len(expected)
