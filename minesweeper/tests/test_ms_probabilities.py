"""Exact mine probabilities, held against an independent brute force and against
positions whose probabilities are worked out in print; the advice built on them."""

from __future__ import annotations

import itertools
import json
import random
import subprocess
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from minesweeper.analysis.advice import hint
from minesweeper.analysis.probability import probabilities
from minesweeper.base.board import MINE, UNKNOWN, Board, format_board, parse_board
from minesweeper.base.errors import BadInput
from minesweeper.output.render import heat_colour

from ms_support import PROGRAM, game_position, varied_position


def brute_force(board: Board) -> tuple[list[tuple[int, int]], list[int], int]:
    """Every arrangement of the covered squares, each one tried (all at once, as the rows
    of a table of 0s and 1s): (squares, how many arrangements put a mine on each, how
    many agree with the numbers and the total)."""
    cells = board.cells
    h, w = cells.shape
    covered = [(r, c) for r in range(h) for c in range(w) if cells[r, c] == UNKNOWN]
    index = {sq: i for i, sq in enumerate(covered)}
    flags = {(r, c) for r in range(h) for c in range(w) if cells[r, c] == MINE}
    need = None if board.total is None else board.total - len(flags)
    every = np.arange(1 << len(covered), dtype=np.int64)
    bits = ((every[:, None] >> np.arange(len(covered))) & 1).astype(np.int8)
    agree = np.ones(len(every), dtype=np.bool_)
    if need is not None:
        agree &= bits.sum(axis=1) == need
    for r in range(h):
        for c in range(w):
            if not 0 <= cells[r, c] <= 8:
                continue
            around = [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                      if (dr, dc) != (0, 0)]
            seen = [index[sq] for sq in around if sq in index]
            agree &= bits[:, seen].sum(axis=1) == int(cells[r, c]) - len(flags & set(around))
    return covered, bits[agree].sum(axis=0, dtype=np.int64).tolist(), int(agree.sum())


@settings(max_examples=150)
@given(st.integers(0, 2**32 - 1), st.integers(1, 4), st.integers(1, 5),
       st.floats(0.0, 0.6), st.floats(0.2, 0.8), st.booleans())
def test_every_probability_is_the_brute_force_fraction(seed: int, h: int, w: int,
                                                       density: float, reveal: float,
                                                       total: bool) -> None:
    board = game_position(random.Random(seed), h, w, density, reveal, total)
    squares, mined, agree = brute_force(board)
    p = probabilities(board)
    assert p.squares == squares and p.arrangements == agree
    if agree:
        assert p.fractions() == [Fraction(m, agree) for m in mined]


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(6))
def test_boards_of_twenty_covered_squares_agree_with_the_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    while True:
        board = game_position(rng, 5, 6, 0.25, 0.45, total=seed % 2 == 0)
        if int((board.cells == UNKNOWN).sum()) == 20:
            break
    squares, mined, agree = brute_force(board)
    p = probabilities(board)
    assert (p.squares, p.arrangements) == (squares, agree)
    assert p.fractions() == [Fraction(m, agree) for m in mined]


def test_the_nrich_position_with_two_mines_and_with_three() -> None:
    # NRICH, "Minesweeper" (2002): a 3-wide board with a 2 above the square X and a 1
    # below it. With 2 mines one of them is in X's row of three: X is a mine with
    # probability 1/3; with 3 mines X's row is empty.
    rows = "???/?2?/???/?1?/???"
    for mines, want in ((2, Fraction(1, 3)), (3, Fraction(0))):
        p = probabilities(parse_board(f"mines: {mines}\n" + rows.replace("/", "\n")))
        assert p.of((2, 1)) == want


@pytest.mark.parametrize(("n", "k"), [(6, 2), (10, 3), (25, 7), (60, 20), (200, 40)])
def test_two_schemes_weighted_by_the_squares_left_give_k_minus_1_over_n_minus_2(
        n: int, k: int) -> None:
    # F. Wester, "The Minesweeper Page - Probability calculation": three covered squares
    # that hold one mine in one scheme and two in the other, n covered squares and k
    # mines in all: the scheme of two has probability (k - 1) / (n - 2).
    # One row B 1 A 1 C ...: A + B = 1 and A + C = 1, so {A} or {B, C}; the n - 3
    # squares after C are seen by no number.
    board = parse_board(f"mines: {k}\n?1?1?" + "?" * (n - 3))
    p = probabilities(board)
    two = Fraction(k - 1, n - 2)
    assert p.of((0, 0)) == p.of((0, 4)) == two
    assert p.of((0, 2)) == 1 - two
    if n <= 12:
        _, mined, agree = brute_force(board)
        assert p.arrangements == agree
        assert p.fractions() == [Fraction(m, agree) for m in mined]


def test_check_prints_percentages_and_json_fractions(tmp_path: Path) -> None:
    board = tmp_path / "b.txt"
    board.write_text("mines: 1\n?1?\n")
    done = subprocess.run([*PROGRAM, "check", str(board), "--probabilities"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == " 50%   1 50%"
    data = json.loads(subprocess.run([*PROGRAM, "check", str(board), "--probabilities",
                                      "--json"], capture_output=True, text=True,
                                     timeout=120).stdout)
    got = data["probabilities"]
    assert got["arrangements"] == 2 and got["total_mines"] == 1
    assert [s["mine"] for s in got["squares"]] == ["1/2", "1/2"]


def test_a_covered_square_of_a_few_percent_is_never_read_as_a_number(
        tmp_path: Path) -> None:
    """A covered square at 1 to 8 % carries its sign, so that it differs from a revealed
    number of the same digit; under 1 % and over 99 % are marked too."""
    board = tmp_path / "b.txt"
    board.write_text("mines: 3\n" + "?1" + "?" * 38 + "\n" + "?" * 40 + "\n")
    done = subprocess.run([*PROGRAM, "check", str(board), "--probabilities"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    rows = done.stdout.splitlines()[-2:]
    cells = [row[k:k + 4] for row in rows for k in range(0, len(row), 4)]
    assert cells[1] == "   1"
    covered = cells[:1] + cells[2:]
    assert all(c.strip() in ("s", "m") or c.endswith("%") for c in covered), covered
    assert "  3%" in covered and " 20%" in covered, covered


def test_the_heat_map_is_drawn_from_the_extension(tmp_path: Path) -> None:
    board = tmp_path / "b.txt"
    board.write_text("mines: 1\n?1?\n")
    done = subprocess.run([*PROGRAM, "check", str(board), "--probabilities", "-o",
                           str(tmp_path / "heat.svg")], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    svg = (tmp_path / "heat.svg").read_text()
    half = heat_colour(0.5)
    assert svg.count(f'fill="{half}"') == 2 and svg.count(">50</text>") == 2


def test_an_inconsistent_board_has_no_probabilities(tmp_path: Path) -> None:
    board = tmp_path / "b.txt"
    board.write_text("1?1\n?0?\n1?1\n")
    done = subprocess.run([*PROGRAM, "check", str(board), "--probabilities"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 1 and done.stdout.startswith("inconsistent")
    assert "no probabilities" in done.stdout


def test_hint_opens_a_certainly_safe_square_first(tmp_path: Path) -> None:
    board = tmp_path / "b.txt"
    board.write_text("1?\n1?\n..\n")
    done = subprocess.run([*PROGRAM, "hint", str(board)], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    # 1? / 1? / ..: the second square of the second row is safe, the one above a mine
    assert done.stdout.splitlines()[0] == "open (2, 2): safe in every arrangement"
    data = json.loads(subprocess.run([*PROGRAM, "hint", str(board), "--json"],
                                     capture_output=True, text=True, timeout=120).stdout)
    assert data["safe"] == [[2, 2]] and data["mines"] == [[2, 1]]


def test_hint_without_a_safe_square_takes_the_least_likely_corner_first() -> None:
    # A 3 among 8 squares (3/8 each) and 4 mines: 1 left for the 11 squares it does not
    # see (1/11 each); of those, the corners have 3 covered neighbours, the fewest.
    board = parse_board("mines: 4\n?????\n?????\n??3??\n?????\n")
    advice = hint(board)
    assert advice.safe == [] and advice.probability == Fraction(1, 11)
    assert advice.probability == min(probabilities(board).fractions())
    assert advice.best == (0, 0)
    assert hint(parse_board("mines: 3\n?????\n?????\n??1??\n?????\n")).best == (3, 1)


def test_mine_files_read_o_and_i_as_mines(tmp_path: Path) -> None:
    # JSMinesweeper writes a flag as F or O, and a covered square known to hold a mine as I
    board = tmp_path / "t.mine"
    board.write_text("3x2x2\nO2H\nI2H\n")
    done = subprocess.run([*PROGRAM, "check", str(board), "--probabilities", "--json"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    got = json.loads(done.stdout)["probabilities"]
    assert [(s["x"], s["y"], s["mine"]) for s in got["squares"]] == [(3, 1, "0"), (3, 2, "0")]


def test_count_gives_the_squares_next_to_numbers_and_every_covered_square(
        tmp_path: Path) -> None:
    board = tmp_path / "b.txt"
    board.write_text("?1?\n???\n???\n")       # the 1 sees 5 squares, 3 more are free
    done = subprocess.run([*PROGRAM, "check", str(board), "--count", "--json"],
                          capture_output=True, text=True, timeout=120)
    count = json.loads(done.stdout)["count"]
    assert (count["frontier_arrangements"], count["every_square_arrangements"]) == (5, 40)
    assert count["with_total"] is None
    text = subprocess.run([*PROGRAM, "check", str(board), "--count", "--mines", "2"],
                          capture_output=True, text=True, timeout=120).stdout
    # 2 mines: one next to the 1 (5 ways) and one of the 3 free squares (3 ways)
    assert text.splitlines()[1] == ("15 arrangements of every covered square with 2 mines in "
                                    "all; without the total 5 of the squares next to a "
                                    "number, 40 of every covered square")


def test_json_counts_are_integers_past_two_to_the_53(tmp_path: Path) -> None:
    board = tmp_path / "b.txt"
    board.write_text("\n".join(["?" * 60] * 2) + "\n")   # no numbers: 2^120 arrangements
    done = subprocess.run([*PROGRAM, "check", str(board), "--count", "--json"],
                          capture_output=True, text=True, timeout=120)
    count = json.loads(done.stdout)["count"]
    assert count["every_square_arrangements"] == 2 ** 120
    assert isinstance(count["count"], int)


@settings(max_examples=150)
@given(st.integers(0, 2**32 - 1), st.integers(1, 4), st.integers(1, 5),
       st.floats(0.0, 0.6), st.floats(0.2, 0.8), st.booleans())
def test_a_witness_exists_exactly_when_an_arrangement_does_and_agrees(
        seed: int, h: int, w: int, density: float, reveal: float, total: bool) -> None:
    from minesweeper.analysis.probability import witness

    board = game_position(random.Random(seed), h, w, density, reveal, total)
    _, _, agree = brute_force(board)
    mines = witness(board)
    assert (mines is not None) == (agree > 0)
    if mines is not None:
        assert mines <= set(board.unknowns()) and _numbers_hold(board, mines)
        if board.total is not None:
            assert len(mines) + board.flags() == board.total


def _numbers_hold(board: Board, mines: set[tuple[int, int]]) -> bool:
    cells = board.cells
    h, w = cells.shape
    every = mines | {(r, c) for r in range(h) for c in range(w) if cells[r, c] == MINE}
    return all(sum((r + dr, c + dc) in every for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                   if (dr, dc) != (0, 0)) == cells[r, c]
               for r in range(h) for c in range(w) if 0 <= cells[r, c] <= 8)


def test_the_minesweepr_position_gives_its_published_probabilities() -> None:
    # minesweepr's README (M. Griscom): a 10x10 board with 10 mines, the covered squares
    # next to the opening tagged A..I; published: A, E, G clear, B, C, D mines,
    # H 92.21 %, F, I and every other square 7.79 %. Exactly: 71/77 and 6/77.
    rows = ["..1A??????", "..2B??????", "..3C??????", "..2D??????", "112E??????",
            "IHGF??????"] + ["??????????"] * 4
    tags = {ch: (r, c) for r, row in enumerate(rows) for c, ch in enumerate(row)
            if ch.isalpha()}
    board = parse_board("mines: 10\n" + "\n".join(
        "".join("?" if ch.isalpha() else ch for ch in row) for row in rows))
    p = probabilities(board)
    got = {tag: p.of(sq) for tag, sq in tags.items()}
    assert got == {"A": 0, "B": 1, "C": 1, "D": 1, "E": 0, "F": Fraction(6, 77), "G": 0,
                   "H": Fraction(71, 77), "I": Fraction(6, 77)}
    assert p.of((9, 9)) == Fraction(6, 77)
    assert round(float(got["H"]), 4) == 0.9221 and round(float(got["F"]), 4) == 0.0779


def test_a_board_too_entangled_for_the_groups_is_answered_by_the_solver(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    from minesweeper.analysis import probability
    from minesweeper.analysis.sat import safe_by_groups, safe_squares
    from minesweeper.cli import main

    board = game_position(random.Random(3), 12, 14, 0.2, 0.5, total=True)
    want = safe_squares(board)
    monkeypatch.setattr(probability, "MAX_ENTRIES", 20)
    monkeypatch.setattr(probability, "MAX_SWEEP_BYTES", 20)
    assert safe_by_groups(board) is None
    got = safe_squares(board)                       # the solver, as before the groups
    assert (got.safe, got.mined) == (want.safe, want.mined)
    with pytest.raises(BadInput, match="overlap too widely"):
        probabilities(board)
    path = tmp_path / "entangled.mine"
    path.write_text(format_board(board, mine_format=True) + "\n")
    capsys.readouterr()
    assert main(["check", str(path), "--probabilities"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "overlap too widely" in err and "0.0 GiB" in err


def test_a_group_whose_numbers_span_too_far_is_refused_before_its_bounds_are_built(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from minesweeper.analysis import probability

    board = game_position(random.Random(3), 12, 14, 0.2, 0.5, total=True)
    want = probabilities(board).fractions()
    built: list[int] = []
    real = probability._bounds

    def counted(g: probability.Group) -> list[dict[int, tuple[int, int]]]:
        built.append(len(g.ones))
        return real(g)

    def readable() -> list[Fraction]:
        an = probability._analyse(board, compiled=False)
        return probability.probabilities_of(board, an).fractions()

    monkeypatch.setattr(probability, "_bounds", counted)
    monkeypatch.setattr(probability, "MAX_ENTRIES", 3)
    with pytest.raises(BadInput, match="span more than the 3 partial counts in all"):
        readable()
    assert built == []
    monkeypatch.setattr(probability, "MAX_ENTRIES", 6_500_000)
    assert readable() == want and built


def test_partial_sums_count_towards_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """The states' partial sums are held too: a limit that the partial counts alone
    would meet is passed once they are counted."""
    from minesweeper.analysis import probability

    board = game_position(random.Random(3), 12, 14, 0.2, 0.5, total=True)
    an = probability._analyse(board, compiled=False)
    assert an is not None
    spans = sum(probability._spans(g) for g in an.groups)
    counts = sum(len(p) for tables in an.tables if tables for t in tables[1:]
                 for p in t.values())
    sums = sum(len(s) for tables in an.tables if tables for t in tables[1:] for s in t)
    assert sums > 0
    monkeypatch.setattr(probability, "MAX_ENTRIES", spans + counts + sums)
    assert probability._analyse(board, compiled=False) is not None
    monkeypatch.setattr(probability, "MAX_ENTRIES", spans + counts + sums - 1)
    with pytest.raises(BadInput, match="partial counts in all"):
        probability._analyse(board, compiled=False)


@pytest.mark.parametrize(("variables", "clauses", "seed"), [(3, 3, 1), (4, 4, 1), (4, 6, 2),
                                                           (6, 6, 1), (8, 8, 1), (10, 10, 1),
                                                           (10, 14, 2)])
def test_an_input_of_a_built_board_is_a_mine_in_the_share_of_models_where_it_is_true(
        variables: int, clauses: int, seed: int) -> None:
    """A board built from a formula has one arrangement per model (no total): the
    probability of an input square is the share of the models that set its variable."""
    from minesweeper.circuits.circuit import build
    from minesweeper.circuits.formula import evaluate, random_cnf

    f = random_cnf(variables, clauses, random.Random(seed))
    names = [f"x{i}" for i in range(1, variables + 1)]
    c = build(f, names)
    models = [bits for bits in itertools.product((False, True), repeat=variables)
              if evaluate(f, dict(zip(names, bits, strict=True)))]
    p = probabilities(c.board)
    assert p.consistent == bool(models)
    assert p.frontier == len(models)
    for k, name in enumerate(names):
        assert p.of(c.inputs[name]) == Fraction(sum(m[k] for m in models), len(models))


@pytest.mark.parametrize("block", range(4))
def test_the_certain_squares_are_those_the_probabilities_put_at_0_and_1(block: int) -> None:
    """:func:`certain` weighs the groups' sweeps only by which mine counts the total
    allows: its safe and mined squares are exactly the probabilities' 0 and 1, and its
    consistency theirs, on 500 positions (with their total, a total off by a few, or
    none)."""
    from minesweeper.analysis.probability import certain

    for seed in range(block * 125, block * 125 + 125):
        board = varied_position(seed)
        p, c = probabilities(board), certain(board)
        assert c.consistent == p.consistent, seed
        if p.consistent:
            chances = p.fractions()
            assert c.safe == [sq for sq, f in zip(p.squares, chances, strict=True) if f == 0]
            assert c.mined == [sq for sq, f in zip(p.squares, chances, strict=True) if f == 1]


def test_hint_answers_from_the_safe_squares_and_says_so(tmp_path: Path) -> None:
    """With a square safe in every arrangement, hint gives every such square (and the
    mined ones) without the others' probabilities, and says so; without one it computes
    them all."""
    board = game_position(random.Random(5), 16, 30, 0.2, 0.6, total=True)
    p = probabilities(board)
    chances = p.fractions()
    advice = hint(board)
    assert advice.result is None and advice.safe
    assert advice.safe == [sq for sq, f in zip(p.squares, chances, strict=True) if f == 0]
    assert advice.mines == [sq for sq, f in zip(p.squares, chances, strict=True) if f == 1]
    path = tmp_path / "b.mine"
    path.write_text(format_board(board, mine_format=True) + "\n")
    done = subprocess.run([*PROGRAM, "hint", str(path), "--json"], capture_output=True,
                          text=True, timeout=120)
    out = json.loads(done.stdout)
    assert done.returncode == 0 and out["probabilities_computed"] is False
    assert out["best"]["mine"] == "0" and len(out["safe"]) == len(advice.safe)
    text = subprocess.run([*PROGRAM, "hint", str(path)], capture_output=True, text=True,
                          timeout=120).stdout
    assert "(from the safe squares alone" in text
    guess = parse_board("mines: 1\n???/???")
    assert hint(guess).result is not None
