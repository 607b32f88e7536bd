"""Formulas to boards: consistent exactly when satisfiable; witnesses satisfy."""

from __future__ import annotations

from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from minesweeper.analysis.sat import check
from minesweeper.base.errors import BadInput
from minesweeper.circuits.circuit import build
from minesweeper.circuits.formula import (
    Formula,
    Not,
    Op,
    Var,
    evaluate,
    parse_dimacs,
    parse_formula,
    variables,
)


def satisfiable(f: Formula) -> bool:
    names = sorted(variables(f))
    return any(evaluate(f, dict(zip(names, bits, strict=True)))
               for bits in product((False, True), repeat=len(names)))


def formulas(depth: int) -> st.SearchStrategy[Formula]:
    leaf = st.sampled_from([Var("a"), Var("b"), Var("c")])
    if depth == 0:
        return leaf
    sub = formulas(depth - 1)
    return st.one_of(
        leaf,
        sub.map(Not),
        st.tuples(st.sampled_from(["and", "or", "nor"]), sub, sub).map(
            lambda t: Op(t[0], (t[1], t[2]))),
    )


@settings(max_examples=25, deadline=None)
@given(formulas(3))
def test_board_consistent_iff_satisfiable(f: Formula) -> None:
    c = build(f)
    r = check(c.board)
    assert r.consistent == satisfiable(f)
    if r.consistent:
        assert evaluate(f, c.assignment(r.mines))


@pytest.mark.parametrize(
    ("text", "sat"),
    [("a and not a", False), ("a nor b", True), ("(a or b) and not a and not b", False),
     ("NOR(a, NOT(a))", False), ("AND(a, b, c) and not (a nor c)", True)],
)
def test_known_formulas(text: str, sat: bool) -> None:
    f = parse_formula(text)
    c = build(f)
    r = check(c.board)
    assert r.consistent == sat
    if sat:
        assert evaluate(f, c.assignment(r.mines))


def test_dimacs_build() -> None:
    f = parse_dimacs("p cnf 3 4\n1 2 0\n-1 3 0\n-2 -3 0\n-3 0\n")
    c = build(f)
    r = check(c.board)
    assert r.consistent
    assert c.assignment(r.mines) == {"x1": False, "x2": True, "x3": False}


@pytest.mark.parametrize(
    ("text", "where"),
    [("a and", "column 6"), ("a & & b", "column 5"), ("(a or b", "column 8"),
     ("a $ b", "column 3"), ("", "empty")],
)
def test_bad_formulas(text: str, where: str) -> None:
    with pytest.raises(BadInput) as info:
        parse_formula(text)
    assert where in str(info.value)


@pytest.mark.parametrize(
    ("text", "where"),
    [("1 2 0\n", "line 1"), ("p cnf 2 1\n1 3 0\n", "line 2, column 3"),
     ("p cnf 2 1\n1 x 0\n", "line 2, column 3"), ("p cnf 2 2\n1 0\n", "1 clause where"),
     ("p dnf 2 1\n", "line 1")],
)
def test_bad_dimacs(text: str, where: str) -> None:
    with pytest.raises(BadInput) as info:
        parse_dimacs(text)
    assert where in str(info.value)
