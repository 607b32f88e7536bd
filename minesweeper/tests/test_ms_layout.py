"""The clause layout for CNF formulas: consistent exactly when satisfiable, on the board
alone (collapsed or plain SAT route); witnesses satisfy the formula."""

from __future__ import annotations

from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from minesweeper.analysis.backtrack import find
from minesweeper.analysis.sat import check
from minesweeper.base.errors import BadInput
from minesweeper.circuits.circuit import build, cnf_clauses
from minesweeper.circuits.formula import Formula, Not, Op, Var, evaluate, parse_formula, variables
from minesweeper.cli import main

literals = st.builds(lambda name, neg: Not(Var(name)) if neg else Var(name),
                     st.sampled_from("abcd"), st.booleans())
clauses = st.lists(literals, min_size=1, max_size=4).map(
    lambda ls: ls[0] if len(ls) == 1 else Op("or", tuple(ls)))
cnfs = st.lists(clauses, min_size=1, max_size=6).map(
    lambda cs: cs[0] if len(cs) == 1 else Op("and", tuple(cs)))


def satisfiable(f: Formula) -> bool:
    names = sorted(variables(f))
    return any(evaluate(f, dict(zip(names, bits, strict=True)))
               for bits in product((False, True), repeat=len(names)))


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(cnfs, st.sampled_from(["bottom", "top", "both"]))
def test_clause_layout_consistent_iff_satisfiable(f: Formula, sides: str) -> None:
    c = build(f, layout="cnf", sides=sides)
    r = check(c.board)
    assert r.consistent == satisfiable(f)
    if r.consistent:
        assert evaluate(f, c.assignment(r.mines))


@settings(max_examples=8, deadline=None)
@given(cnfs)
def test_clause_layout_plain_sat_agrees(f: Formula) -> None:
    c = build(f, layout="cnf")
    r = check(c.board, preprocess=False)
    assert r.consistent == satisfiable(f)
    if r.consistent:
        assert evaluate(f, c.assignment(r.mines))


def test_small_clause_board_backtracking_agrees() -> None:
    for text, sat in (("a or not b", True), ("a and not a", False)):
        c = build(parse_formula(text), layout="cnf")
        assert (find(c.board) is not None) == sat


def test_layouts_agree_and_clause_layout_is_smaller() -> None:
    f = parse_formula("(a or b or not c) and (not a or c or d) and (b or not d) and "
                      "(not b or not c or a)")
    cnf, stack = build(f, layout="cnf"), build(f, layout="stack")
    assert cnf.board.cells.size < stack.board.cells.size
    for c in (cnf, stack):
        r = check(c.board)
        assert r.consistent and evaluate(f, c.assignment(r.mines))


def test_clause_layout_needs_cnf() -> None:
    assert cnf_clauses(parse_formula("not (a and b)")) is None
    with pytest.raises(BadInput):
        build(parse_formula("a nor b"), layout="cnf")


def test_build_check_assignment_on_dimacs(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    cnf = tmp_path / "f.cnf"
    cnf.write_text("p cnf 4 5\n1 -2 3 0\n-1 2 0\n2 -3 4 0\n-4 -1 0\n-2 -3 0\n")
    board = tmp_path / "f.txt"
    assert main(["build", str(cnf), "-o", str(board)]) == 0
    capsys.readouterr()
    assert main(["check", str(board), "--assignment", "--json"]) == 0
    import json
    values = json.loads(capsys.readouterr().out)["assignment"]
    f = parse_formula("(x1 or not x2 or x3) and (not x1 or x2) and (x2 or not x3 or x4) "
                      "and (not x4 or not x1) and (not x2 or not x3)")
    assert evaluate(f, values)
