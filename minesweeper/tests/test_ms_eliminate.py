"""Groups too entangled for their sweep, counted by elimination along a tree
decomposition: exact against the sweep, against brute force and against the models of
the formulas boards are built from; refused in one line past their limits."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from minesweeper.analysis import eliminate as elim
from minesweeper.analysis import probability
from minesweeper.analysis.eliminate import TooEntangled, eliminate, elimination_order
from minesweeper.analysis.probability import Group, probabilities
from minesweeper.base.errors import BadInput
from minesweeper.circuits.circuit import build
from minesweeper.circuits.formula import random_cnf

from ms_support import PROGRAM, cnf_models, game_position, varied_position


def _every_group_eliminated(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the compiled sweep set aside every group with more than one state at a
    boundary, so that elimination counts them."""
    monkeypatch.setattr(probability, "MAX_COMPILED_STATES", 1)


@pytest.mark.parametrize("block", range(4))
def test_elimination_gives_the_probabilities_the_sweep_gives(
        block: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """On 400 game positions (with their total, a total off by a few, or none), every
    group counted by elimination: the same fractions, arrangements and certain squares
    as the sweep's."""
    positions = [varied_position(seed, 11) for seed in range(block * 100, block * 100 + 100)]
    swept = [probabilities(b) for b in positions]
    certain = [probability.certain(b) for b in positions]
    _every_group_eliminated(monkeypatch)
    for seed, board, want, sure in zip(range(block * 100, block * 100 + 100), positions,
                                       swept, certain, strict=True):
        got = probabilities(board)
        assert (got.arrangements, got.consistent) == (want.arrangements, want.consistent)
        if want.consistent:
            assert got.fractions() == want.fractions(), seed
        c = probability.certain(board)
        assert (c.safe, c.mined, c.consistent) == (sure.safe, sure.mined, sure.consistent)


def _brute(g: Group) -> tuple[list[int], list[list[int]]]:
    """A group's polynomial and its classes' counts by trying every assignment."""
    n = len(g.ones)
    size = sum(max(a, b) for a, b in zip(g.ones, g.zeros, strict=True)) + 1
    poly = [0] * size
    ones = [[0] * size for _ in range(n)]
    for bits in itertools.product((0, 1), repeat=n):
        if all(sum(c * bits[i] for i, c in zip(ids, coefs, strict=True)) == rhs
               for ids, coefs, rhs in g.rows):
            mines = sum(g.ones[i] if b else g.zeros[i] for i, b in enumerate(bits))
            poly[mines] += 1
            for i, b in enumerate(bits):
                ones[i][mines] += b
    return poly, ones


@st.composite
def groups(draw: st.DrawFn) -> Group:
    """A connected group of up to 9 classes: rows of 1 to 4 classes (coefficients 1, or
    -1 for a class seen by its other parity), each class's mines when 1 and 0."""
    n = draw(st.integers(1, 9))
    rows = []
    for i in range(1, n):                      # a chain keeps it connected
        rows.append([i - 1, i])
    for _ in range(draw(st.integers(0, 6))):
        rows.append(sorted(draw(st.sets(st.integers(0, n - 1), min_size=1, max_size=4))))
    out = []
    for ids in rows:
        coefs = [draw(st.sampled_from([1, 1, 1, -1])) for _ in ids]
        lo = sum(c for c in coefs if c < 0)
        hi = sum(c for c in coefs if c > 0)
        out.append((ids, coefs, draw(st.integers(lo, hi))))
    ones = [draw(st.integers(0, 3)) for _ in range(n)]
    zeros = [draw(st.integers(0, 3)) for _ in range(n)]
    return Group(ones, zeros, out, sum(ones) + sum(zeros))


@settings(max_examples=300, deadline=None)
@given(groups())
def test_elimination_counts_as_trying_every_assignment(g: Group) -> None:
    """The polynomial and every class's counts by number of mines, as brute force finds
    them (no arrangement at all included)."""
    poly, ones = _brute(g)
    got_poly, got_ones, width = eliminate(g)
    size = max(len(poly), len(got_poly))
    assert got_poly + [0] * (size - len(got_poly)) == poly + [0] * (size - len(poly))
    for want, got in zip(ones, got_ones, strict=True):
        assert got + [0] * (size - len(got)) == want + [0] * (size - len(want))
    assert 0 <= width < len(g.ones) or len(g.ones) == 1


def test_counts_past_64_bits_stay_exact() -> None:
    """A chain of 200 classes, each pair at most one mine: counts past 2^62 go on as
    Python integers (the Fibonacci numbers)."""
    n = 200
    # x_i + x_{i+1} + s_i = 1 with a slack class s_i: at most one of each pair is 1
    rows = [([i, i + 1, n + i], [1, 1, 1], 1) for i in range(n - 1)]
    g = Group([0] * (2 * n - 1), [0] * (2 * n - 1), rows, 0)
    poly, ones, _ = eliminate(g)
    # chains of k classes with no two 1s side by side, ending in 0 or in 1
    end0, end1 = 1, 1
    for _ in range(n - 1):
        end0, end1 = end0 + end1, end0
    assert poly == [end0 + end1] and poly[0] > 1 << 64
    assert ones[0] == [end0 + end1 - _chains(n - 1)]   # x0 = 1: x0 = 0's chains less


def _chains(k: int) -> int:
    """Chains of ``k`` classes with no two 1s side by side."""
    a, b = 1, 1
    for _ in range(k - 1):
        a, b = a + b, a
    return a + b


def _formula_board(variables: int, clauses: int, seed: int
                   ) -> tuple[object, list[str], list[tuple[bool, ...]]]:
    """A board built from a random 3-CNF, its inputs' names, and the formula's models by
    trying every assignment (numpy, clause by clause)."""
    f = random_cnf(variables, clauses, random.Random(seed))
    names = [f"x{i}" for i in range(1, variables + 1)]
    c = build(f, names)
    models = [tuple(bool(b) for b in row) for row in cnf_models(f, names)]
    return c, names, models


def _held_against_models(variables: int, clauses: int, seed: int) -> None:
    c, names, models = _formula_board(variables, clauses, seed)
    p = probabilities(c.board)          # type: ignore[attr-defined]
    assert p.consistent == bool(models)
    assert p.frontier == len(models)
    for k, name in enumerate(names):
        assert p.of(c.inputs[name]) == Fraction(sum(m[k] for m in models),  # type: ignore[attr-defined]
                                                len(models))


@pytest.mark.parametrize(("variables", "clauses", "seed"), [(12, 16, 1), (12, 24, 1)])
def test_a_board_built_from_a_formula_of_12_variables_is_answered(
        variables: int, clauses: int, seed: int) -> None:
    """Boards the sweep refuses (it would keep more than 200,000 states): each input is a
    mine in the share of the models that set its variable, one arrangement a model."""
    _held_against_models(variables, clauses, seed)


@pytest.mark.slow
@pytest.mark.parametrize(("variables", "clauses", "seed"), [(16, 32, 1), (20, 40, 20)])
def test_a_board_built_from_a_formula_of_20_variables_is_answered(
        variables: int, clauses: int, seed: int) -> None:
    """As above at 16 and 20 variables (77,647 covered squares, 6,475 classes in one group
    at 20: its min-fill order is 30 classes wide)."""
    _held_against_models(variables, clauses, seed)


def test_a_group_past_the_elimination_limits_is_refused_with_both_reasons(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The refusal names what the sweep would pass and what the elimination would."""
    c, _, _ = _formula_board(12, 16, 1)
    monkeypatch.setattr(probability, "MAX_SWEEP_BYTES", 100_000)
    with pytest.raises(BadInput, match=r"overlap too widely \(its sweep would keep more "
                                       r"than .* at class [\d,]+; and its tables would hold "
                                       r"more than 0.1 MiB\): its probabilities"):
        probabilities(c.board)          # type: ignore[attr-defined]


def test_an_order_too_wide_or_too_long_is_refused() -> None:
    """A clique of 70 classes cannot be one 64-bit key; an order is given up past its
    steps, and a group past its classes before any step."""
    clique = [list(range(70))]
    with pytest.raises(TooEntangled, match="more than 63 classes wide"):
        elimination_order(70, clique)
    with pytest.raises(TooEntangled, match="more than 100 steps"):
        elimination_order(40, [list(range(40))], work=100)
    with pytest.raises(TooEntangled, match="more than the 20,000"):
        elimination_order(elim.MAX_CLASSES + 1, [])


def test_the_order_of_a_grid_is_about_as_wide_as_its_side() -> None:
    """A 6 x 6 grid of classes, each linked to its right and lower neighbours: min-fill
    finds a width between the grid's treewidth (6) and a little more."""
    rows = []
    for r in range(6):
        for col in range(6):
            if col < 5:
                rows.append([r * 6 + col, r * 6 + col + 1])
            if r < 5:
                rows.append([r * 6 + col, (r + 1) * 6 + col])
    order, width = elimination_order(36, rows)
    assert sorted(order) == list(range(36))
    assert 6 <= width <= 8


def test_the_command_line_answers_a_board_the_sweep_refused(tmp_path: Path) -> None:
    """``check --probabilities`` through the command line on a 12-variable formula board."""
    import json
    import subprocess

    c, _, models = _formula_board(12, 16, 1)
    path = tmp_path / "f12.txt"
    path.write_text(c.text())           # type: ignore[attr-defined]
    out = tmp_path / "p.json"
    done = subprocess.run(PROGRAM + ["check", str(path), "--probabilities", "--json", "-o",
                                     str(out)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert json.loads(out.read_text())["probabilities"]["arrangements"] == len(models)



def test_a_count_the_counting_sweep_refuses_comes_from_elimination(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``tally`` counts through the analysis whose entangled groups are eliminated, which
    the counting sweep (two boundaries at a time) could not: the models of the formula,
    one group holding every square next to a number."""
    from minesweeper.base import budget

    c, _, models = _formula_board(12, 16, 1)
    board = c.board                     # type: ignore[attr-defined]
    swept = probability.tally(board)
    monkeypatch.setattr(budget, "count_room", lambda: 1000)
    with pytest.raises(probability.Entangled, match="it is not counted"):
        probability._analyse(board, whole=False)
    t = probability.tally(board)
    assert t.frontier == len(models) and t.arrangements == len(models) * 2 ** t.interior
    assert t == swept and [ways for _, ways in t.components] == [len(models)]


def test_a_count_the_analysis_refuses_is_left_to_the_counting_sweep(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Where the analysis of the probabilities refuses a group (its sweep and its
    elimination both past their limits), ``tally`` counts with the sweep that keeps two
    boundaries at a time, and gets what it got before."""
    board = game_position(random.Random(5), 12, 12, 0.2, 0.5, total=True)
    want = probability.tally(board)
    _every_group_eliminated(monkeypatch)
    monkeypatch.setattr(probability, "MAX_SWEEP_BYTES", 64)
    with pytest.raises(probability.Entangled, match="its tables would hold"):
        probability._analyse(board)
    got = probability.tally(board)
    assert got == want and got.arrangements > 0
