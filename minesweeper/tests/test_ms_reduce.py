"""The collapse of two-square relations: same answers as the plain SAT route and the
backtracking solver, witnesses that satisfy every number, wires that become one variable."""

from __future__ import annotations

from itertools import product

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from minesweeper.analysis.backtrack import count as backtrack_count
from minesweeper.analysis.backtrack import find
from minesweeper.analysis.count import count_arrangements
from minesweeper.analysis.probability import probabilities
from minesweeper.analysis.reduce import collapse, verify
from minesweeper.analysis.sat import check, check_collapsed
from minesweeper.base.board import MINE, UNKNOWN, Board, arrays_of, parse_board, problem_of
from minesweeper.circuits.circuit import build
from minesweeper.circuits.formula import Formula, Not, Op, Var, evaluate, variables

VALUES = [UNKNOWN] * 5 + [MINE] + list(range(0, 5))


@st.composite
def boards(draw: st.DrawFn) -> Board:
    h = draw(st.integers(1, 5))
    w = draw(st.integers(1, 6))
    cells = draw(st.lists(st.sampled_from(VALUES), min_size=h * w, max_size=h * w))
    return Board(np.array(cells, dtype=np.int8).reshape(h, w))


@st.composite
def played(draw: st.DrawFn) -> Board:
    """Positions from a real arrangement (always consistent), some squares hidden."""
    h = draw(st.integers(2, 6))
    w = draw(st.integers(2, 7))
    mines = np.array(draw(st.lists(st.booleans(), min_size=h * w, max_size=h * w)))
    mines = mines.reshape(h, w)
    hidden = np.array(draw(st.lists(st.booleans(), min_size=h * w, max_size=h * w)))
    hidden = hidden.reshape(h, w) | mines
    padded = np.pad(mines.astype(np.int8), 1)
    numbers = sum(padded[1 + dr : h + 1 + dr, 1 + dc : w + 1 + dc]
                  for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0))
    cells = np.where(hidden, UNKNOWN, numbers).astype(np.int8)
    return Board(cells)


def _satisfies(board: Board, mines: set[tuple[int, int]]) -> bool:
    p = problem_of(board)
    index = {sq: i for i, sq in enumerate(p.squares)}
    return all(sum(p.squares[v] in mines for v in con.vars) == con.need
               for con in p.constraints) and all(sq in index for sq in mines)


@settings(max_examples=150, deadline=None)
@given(boards())
def test_collapse_agrees_with_plain_sat_and_backtracking(board: Board) -> None:
    fast = check(board)
    plain = check(board, preprocess=False)
    slow = find(board)
    assert fast.consistent == plain.consistent == (slow is not None)
    if fast.consistent:
        assert _satisfies(board, fast.mines)
    else:
        assert fast.core == plain.core


@settings(max_examples=60, deadline=None)
@given(played())
def test_collapse_finds_a_witness_on_real_positions(board: Board) -> None:
    r = check_collapsed(board)
    assert r is not None
    assert _satisfies(board, r.mines)


def test_a_long_wire_is_one_variable() -> None:
    text = "?" + "1?" * 200
    c = collapse(arrays_of(parse_board(text)))
    assert not c.contradiction
    assert c.classes == 1 and c.clauses == []
    r = check_collapsed(parse_board(text))
    assert r is not None and r.stats["classes"] == 1
    assert len(r.mines) in (100, 101)


def test_what_one_number_settles_runs_along_the_whole_row_in_one_collapse() -> None:
    """Rows of 1s between rows of covered squares settle from the ends of each row, one
    square further each time a number is looked at again: 317 squares wide, far more
    than the 60 passes over every number the collapse once stopped at; looked at again
    only when a square of theirs changes, all settle, and only two classes are left
    free (four arrangements)."""
    board = parse_board(("?" * 317 + "\n" + "1" * 317 + "\n") * 3)
    c = collapse(arrays_of(board))
    assert not c.contradiction and c.remaining == 0 and c.classes == 2
    assert c.rounds <= 3
    assert probabilities(board).arrangements == 4


def test_parity_contradiction_is_found_without_sat() -> None:
    # a 1 between two squares that another number ties to be equal
    board = parse_board("?1?/020")
    assert collapse(arrays_of(board)).contradiction
    r = check(board)
    assert not r.consistent and r.core


def test_verify_names_the_broken_number() -> None:
    a = arrays_of(parse_board("?2?"))
    assert verify(a, np.array([True, True])) == -1
    assert verify(a, np.array([True, False])) == 0


def test_boards_with_a_total_take_the_plain_route() -> None:
    board = parse_board("mines: 1\n?1?")
    assert check_collapsed(board) is None
    assert check(board).consistent


@settings(max_examples=100, deadline=None)
@given(boards())
def test_counts_after_collapse_agree_with_sweep_and_enumeration(board: Board) -> None:
    fast = count_arrangements(board, method="ganak")
    assert fast.method in ("collapse+ganak", "collapse")
    assert fast.count == count_arrangements(board, method="sweep").count == backtrack_count(board)


@settings(max_examples=15, deadline=None)
@given(st.lists(st.lists(st.tuples(st.sampled_from("abcd"), st.booleans()), min_size=1,
                         max_size=3), min_size=1, max_size=5))
def test_count_of_a_built_board_is_the_number_of_models(cls: list[list[tuple[str, bool]]]) -> None:
    def lit(name: str, neg: bool) -> Formula:
        return Not(Var(name)) if neg else Var(name)

    parts: list[Formula] = [Op("or", tuple(lit(*x) for x in c)) if len(c) > 1 else lit(*c[0])
                            for c in cls]
    f = parts[0] if len(parts) == 1 else Op("and", tuple(parts))
    names = sorted(variables(f))
    models = sum(evaluate(f, dict(zip(names, bits, strict=True)))
                 for bits in product((False, True), repeat=len(names)))
    assert count_arrangements(build(f).board).count == models


def test_large_inconsistent_boards_are_answered_without_a_reason(monkeypatch, capsys,
                                                                tmp_path) -> None:  # type: ignore[no-untyped-def]
    board = parse_board("?1?1?/02220")
    r = check(board, core_limit=0)
    assert not r.consistent and not r.explained and r.core == []
    assert r.to_json()["explained"] is False
    full = check(board)
    assert not full.consistent and full.explained and full.core
    import functools

    from minesweeper.cli import main

    # The command imports the solver when it runs: replace it where it is defined.
    monkeypatch.setattr("minesweeper.analysis.sat.check", functools.partial(check, core_limit=0))
    path = tmp_path / "b.txt"
    path.write_text("?1?1?/02220\n")
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert out.startswith("inconsistent") and "no reason searched for" in out
