"""Safe squares without a total, by the classes of the collapse: the backbone of the
clauses left, held against every model of small formulas and against the solver that
asks square by square."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys
from itertools import product
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from minesweeper.analysis.sat import backbone, safe_by_classes, safe_by_solver, safe_squares
from minesweeper.base.board import format_board, parse_board
from minesweeper.circuits.circuit import build
from minesweeper.circuits.formula import Formula, Not, Op, Var, evaluate, random_cnf, variables

clause_lists = st.integers(1, 7).flatmap(lambda n: st.tuples(
    st.just(n),
    st.lists(st.lists(st.integers(1, n).flatmap(lambda v: st.sampled_from([v, -v])),
                      min_size=1, max_size=3), max_size=12)))


def models(clauses: list[list[int]], n: int) -> list[tuple[bool, ...]]:
    """Every assignment of variables ``1..n`` that satisfies the clauses."""
    return [bits for bits in product((False, True), repeat=n)
            if all(any(bits[abs(x) - 1] == (x > 0) for x in cl) for cl in clauses)]


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(clause_lists)
def test_backbone_is_what_every_model_agrees_on(case: tuple[int, list[list[int]]]) -> None:
    n, clauses = case
    every = models(clauses, n)
    got = backbone(clauses, n)
    if not every:
        assert got is None
        return
    assert got is not None
    want = [int(every[0][v]) if all(m[v] == every[0][v] for m in every) else -1
            for v in range(n)]
    assert got.tolist() == want


def test_backbone_of_a_long_chain_fixes_it_in_few_calls() -> None:
    # x1 and x1 -> x2 -> ... -> x3000: every variable is true; y1..y1000 are free
    n = 4000
    clauses = [[1]] + [[-v, v + 1] for v in range(1, 3000)] + \
        [[v, -v] for v in range(3001, n + 1)]
    got = backbone(clauses, n)
    assert got is not None
    assert (got[:3000] == 1).all() and (got[3000:] == -1).all()


def test_backbone_without_variables() -> None:
    assert backbone([], 0) is not None
    assert backbone([[]], 0) is None


def formulas(depth: int) -> st.SearchStrategy[Formula]:
    leaf = st.sampled_from([Var("a"), Var("b"), Var("c"), Var("d")])
    if depth == 0:
        return leaf
    sub = formulas(depth - 1)
    return st.one_of(leaf, sub.map(Not), st.tuples(
        st.sampled_from(["and", "or", "nor"]), sub, sub).map(lambda t: Op(t[0], (t[1], t[2]))))


@settings(max_examples=25, deadline=None)
@given(formulas(3))
def test_an_input_is_safe_or_mined_exactly_when_the_formula_forces_it(f: Formula) -> None:
    """Arrangements of a built board are the formula's models, one each: an input square
    is certain exactly when its variable has one value in every model."""
    names = sorted(variables(f))
    c = build(f, names)
    every = [bits for bits in product((False, True), repeat=len(names))
             if evaluate(f, dict(zip(names, bits, strict=True)))]
    got = safe_by_classes(c.board)
    assert got.consistent == bool(every)
    if not every:
        return
    for k, name in enumerate(names):
        square = c.inputs[name]
        values = {bits[k] for bits in every}
        if values == {True}:
            assert square in got.mined
        elif values == {False}:
            assert square in got.safe
        else:
            assert square in got.free


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_classes_agree_with_the_solver_square_by_square_on_built_boards(seed: int) -> None:
    rng = random.Random(seed)
    f = random_cnf(6, 22, rng)
    board = build(f, [f"x{i}" for i in range(1, 7)]).board
    fast, slow = safe_by_classes(board), safe_by_solver(board)
    assert (fast.consistent, fast.safe, fast.mined, fast.free) == \
        (slow.consistent, slow.safe, slow.mined, slow.free)


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 5).flatmap(lambda h: st.integers(1, 5).flatmap(lambda w: st.lists(
    st.text(alphabet="0112233??????F.", min_size=w, max_size=w), min_size=h, max_size=h))))
def test_classes_agree_with_the_solver_on_game_boards(rows: list[str]) -> None:
    board = parse_board("\n".join(rows))
    fast, slow = safe_by_classes(board), safe_by_solver(board)
    assert (fast.consistent, fast.safe, fast.mined, fast.free) == \
        (slow.consistent, slow.safe, slow.mined, slow.free)


def test_squares_no_number_sees_stay_undetermined() -> None:
    got = safe_by_classes(parse_board("?1????/11????"))
    assert (got.mined, got.safe) == ({(0, 0)}, {(0, 2), (1, 2)})
    assert got.free == {(r, c) for r in (0, 1) for c in (3, 4, 5)}
    got = safe_by_classes(parse_board("01???"))
    assert (got.mined, got.safe, got.free) == ({(0, 2)}, set(), {(0, 3), (0, 4)})
    got = safe_by_classes(parse_board("00???"))
    assert (got.mined, got.safe, got.free) == (set(), {(0, 2)}, {(0, 3), (0, 4)})


def test_a_board_with_a_total_goes_elsewhere() -> None:
    board = parse_board("mines: 2\n?1??/11??")
    with pytest.raises(ValueError):
        safe_by_classes(board)
    assert safe_squares(board).mined == {(0, 0)}


def test_safe_of_a_large_built_board_through_the_command_line(tmp_path: Path) -> None:
    """A board of a 12-variable formula (about a million squares): every input square
    gets the value its variable has in every model, or neither."""
    rng = random.Random(7)
    n = 12
    f = random_cnf(n, 48, rng)
    names = [f"x{i}" for i in range(1, n + 1)]
    c = build(f, names)
    path = tmp_path / "formula.txt"
    path.write_text(format_board(c.board) + "\n")
    exe = shutil.which("minesweeper") or str(Path(sys.executable).parent / "minesweeper")
    done = subprocess.run([exe, "check", str(path), "--safe", "--json"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)["safe"]
    # a square a line: [x, y], column then row
    squares = len(data["safe"]) + len(data["mined"])
    assert squares > 1000 and len(done.stdout.splitlines()) < squares + 30
    assert f"[{data['safe'][0][0]}, {data['safe'][0][1]}]" in done.stdout
    safe = {(y - 1, x - 1) for x, y in data["safe"]}
    mined = {(y - 1, x - 1) for x, y in data["mined"]}
    every = np.array([bits for bits in product((False, True), repeat=n)
                      if evaluate(f, dict(zip(names, bits, strict=True)))])
    assert data["consistent"] == bool(len(every))
    for k, name in enumerate(names):
        column = set(every[:, k].tolist()) if len(every) else set()
        square = c.inputs[name]
        assert (square in mined) == (column == {True})
        assert (square in safe) == (column == {False})


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 6).flatmap(lambda h: st.integers(1, 6).flatmap(lambda w: st.lists(
    st.text(alphabet="0112233?????F.", min_size=w, max_size=w), min_size=h, max_size=h))))
def test_the_safe_board_marks_exactly_the_safe_and_mined_squares(rows: list[str]) -> None:
    board = parse_board("\n".join(rows))
    got = safe_by_classes(board)
    lines = got.lines(board)
    if not got.consistent:
        assert lines == []
        return
    want = format_board(board).splitlines()
    for (r, c), mark in [(sq, "s") for sq in got.safe] + [(sq, "m") for sq in got.mined]:
        want[r] = want[r][:c] + mark + want[r][c + 1:]
    assert lines[2:] == want


def test_json_keys_are_written_as_json_writes_them() -> None:
    from minesweeper.base.words import json_text

    value = {True: 1, None: [2, 3], 1.5: {"a": [[1, 2]]}, "q\"": []}
    assert json.loads(json_text(value)) == json.loads(json.dumps(value))
    with pytest.raises(TypeError):
        json_text({(1, 2): 3})


def test_backbone_tells_its_progress() -> None:
    seen: list[tuple[int, int]] = []
    n = 300
    clauses = [[1]] + [[-v, v + 1] for v in range(1, 200)] + [[v, -v] for v in range(201, n)]
    got = backbone(clauses, n, lambda done, total: seen.append((done, total)))
    assert got is not None and seen and seen[-1] == (n, n)
    assert all(a[0] <= b[0] for a, b in zip(seen, seen[1:], strict=False))
    assert {total for _, total in seen} == {n}


def test_safe_shows_a_progress_line_on_a_terminal(tmp_path: Path) -> None:
    import os
    import pty

    rng = random.Random(7)
    c = build(random_cnf(8, 30, rng), [f"x{i}" for i in range(1, 9)])
    path = tmp_path / "formula.txt"
    path.write_text(format_board(c.board) + "\n")
    exe = shutil.which("minesweeper") or str(Path(sys.executable).parent / "minesweeper")
    leader, follower = pty.openpty()
    try:
        done = subprocess.run([exe, "check", str(path), "--safe", "--json"],
                              stdout=subprocess.PIPE, stderr=follower, timeout=120)
        os.close(follower)
        err = b""
        while True:
            try:
                chunk = os.read(leader, 1 << 16)
            except OSError:
                break
            if not chunk:
                break
            err += chunk
    finally:
        os.close(leader)
    assert done.returncode == 0
    assert json.loads(done.stdout)["safe"]["consistent"] is True
    assert b"classes settled" in err and b"\r" in err
    # not on a pipe
    piped = subprocess.run([exe, "check", str(path), "--safe", "--json"],
                           capture_output=True, timeout=120)
    assert piped.returncode == 0 and piped.stderr == b""
