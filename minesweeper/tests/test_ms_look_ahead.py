"""The look-ahead guess of ``hint`` and ``play``: each two-step survival held against a
brute force over every arrangement of small boards; the square it picks where the
lowest-probability rule picks another; the command-line flags."""

from __future__ import annotations

import itertools
import json
import random
import subprocess
from fractions import Fraction
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from minesweeper.analysis.advice import (
    CANDIDATES,
    LOOK_AHEAD,
    LOWEST_PROBABILITY,
    SHARE,
    hint,
    two_step_survival,
)
from minesweeper.analysis.game import parse_level
from minesweeper.analysis.play import play
from minesweeper.analysis.probability import probabilities
from minesweeper.base.board import MINE, UNKNOWN, Board, parse_board
from minesweeper.base.errors import BadInput

from ms_support import PROGRAM, game_position

Cell = tuple[int, int]

#: Three mines; one number in a corner. The lowest-probability rule opens the far corner
#: (0, 0), which no number sees; the corner (2, 3) is as safe, and its neighbours are
#: seen by the 1: its number settles more, and it survives both moves more often.
CORNERS = "mines: 3\n???1\n????\n????"


def _around(r: int, c: int, h: int, w: int) -> list[Cell]:
    return [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
            if (dr, dc) != (0, 0) and 0 <= r + dr < h and 0 <= c + dc < w]


class Brute:
    """Every arrangement of a board's covered squares that agrees with its numbers (and
    its total), tried one by one."""

    def __init__(self, board: Board) -> None:
        cells = board.cells
        h, w = cells.shape
        self.board = board
        self.covered = [(r, c) for r in range(h) for c in range(w) if cells[r, c] == UNKNOWN]
        at = {sq: k for k, sq in enumerate(self.covered)}
        n = len(self.covered)
        bits = np.array(list(itertools.product((0, 1), repeat=n)), dtype=np.int64)
        bits = bits.reshape(-1, n)
        keep = np.ones(len(bits), dtype=bool)
        if board.total is not None:
            keep &= bits.sum(axis=1) == board.total - board.flags()
        for r in range(h):
            for c in range(w):
                if 0 <= cells[r, c] <= 8:
                    near = _around(r, c, h, w)
                    need = int(cells[r, c]) - sum(cells[sq] == MINE for sq in near)
                    cols = [at[sq] for sq in near if sq in at]
                    keep &= bits[:, cols].sum(axis=1) == need
        self.rows: npt.NDArray[np.int64] = bits[keep]
        self.at = at

    def safety(self, square: Cell) -> Fraction:
        """The share of the arrangements without a mine on ``square``."""
        rows = self.rows
        return Fraction(int((rows[:, self.at[square]] == 0).sum()), len(rows))

    def survival(self, square: Cell) -> Fraction:
        """Opening ``square``, then the safest square of the board it leaves: the share
        of the arrangements that survive both (1 for the second move when that board has
        a certainly safe square or none that may be safe)."""
        cells = self.board.cells
        h, w = cells.shape
        k = self.at[square]
        near = _around(*square, h, w)
        flags = sum(cells[sq] == MINE for sq in near)
        cols = [self.at[sq] for sq in near if sq in self.at]
        others = [j for j in range(len(self.covered)) if j != k]
        safe = self.rows[self.rows[:, k] == 0]
        shown = flags + safe[:, cols].sum(axis=1)
        total = Fraction(0)
        for v in sorted(set(shown.tolist())):
            part = safe[shown == v]
            mined = part[:, others].sum(axis=0)
            if not others or mined.min() == 0 or mined.min() == len(part):
                best = Fraction(1)
            else:
                best = 1 - Fraction(int(mined.min()), len(part))
            total += len(part) * best
        return total / len(self.rows)

    def deep(self, square: Cell) -> bool:
        """No number sees ``square`` nor any of its covered neighbours."""
        cells = self.board.cells
        h, w = cells.shape

        def seen(sq: Cell) -> bool:
            return any(0 <= cells[x] <= 8 for x in _around(*sq, h, w))

        return not seen(square) and not any(
            seen(sq) for sq in _around(*square, h, w) if cells[sq] == UNKNOWN)

    def blind_corner(self, square: Cell) -> bool:
        """A corner that no number sees, on a board where one square alone is revealed,
        and shows a number."""
        cells = self.board.cells
        h, w = cells.shape
        shown = [int(v) for v in cells.flat if v >= 0]
        return square[0] in (0, h - 1) and square[1] in (0, w - 1) and \
            len(shown) == 1 and shown[0] > 0 and \
            not any(0 <= cells[x] <= 8 for x in _around(*square, h, w))

    def covered_near(self, square: Cell) -> int:
        h, w = self.board.cells.shape
        return sum(sq in self.at for sq in _around(*square, h, w))


def position(seed: int, h: int, w: int, density: float, reveal: float, flag: float,
             total: bool) -> Board:
    """A position of a real game, drawn from ``seed``."""
    return game_position(random.Random(seed), h, w, density, reveal, total, flag)


boards = st.builds(position, st.integers(0, 2**32 - 1), st.integers(1, 4),
                   st.integers(2, 5), st.floats(0.05, 0.5), st.floats(0.0, 0.6),
                   st.sampled_from([0.0, 0.2]), st.booleans())


@settings(max_examples=250)
@given(boards)
def test_the_chosen_square_survives_as_the_brute_force_says_and_no_candidate_more(
        board: Board) -> None:
    covered = board.unknowns()
    assume(0 < len(covered) <= 14)
    brute = Brute(board)
    assume(len(brute.rows) > 0)
    advice = hint(board, look_ahead=True)
    if advice.safe or advice.fallback is not None:
        return
    assert advice.rule == LOOK_AHEAD and advice.best is not None
    ahead = advice.look_ahead
    assert ahead is not None
    assert ahead.survival == brute.survival(advice.best)
    assert ahead.safest == hint(board).best
    assert ahead.safest_survival == brute.survival(ahead.safest)
    safety = {sq: brute.safety(sq) for sq in covered}
    order = sorted(covered, key=lambda sq: (-safety[sq], brute.covered_near(sq), sq))
    eligible = [sq for sq in order if safety[sq] >= SHARE * safety[order[0]]]
    corners = [sq for sq in eligible if brute.blind_corner(sq)]
    assert ahead.opening == bool(corners)
    if corners:
        # after a first click that shows a number, the far corners are weighed alone
        eligible = corners
    survival = {sq: brute.survival(sq) for sq in eligible}
    # squares deep in the interior with as many covered neighbours survive alike
    for a, b in itertools.combinations(eligible, 2):
        if brute.deep(a) and brute.deep(b) and brute.covered_near(a) == brute.covered_near(b):
            assert survival[a] == survival[b]
    if len(eligible) <= CANDIDATES:
        most = max(survival.values())
        assert ahead.survival == most
        assert advice.best == next(sq for sq in eligible if survival[sq] == most)


@settings(max_examples=120)
@given(boards, st.data())
def test_every_square_s_two_step_survival_is_the_brute_force_fraction(
        board: Board, data: st.DataObject) -> None:
    covered = board.unknowns()
    assume(0 < len(covered) <= 14)
    brute = Brute(board)
    assume(len(brute.rows) > 0)
    square = data.draw(st.sampled_from(covered))
    try:
        got = two_step_survival(board, square)
    except BadInput:         # pragma: no cover - no small board is too entangled
        pytest.fail("a small board was refused")
    assert got == brute.survival(square)


def test_look_ahead_opens_the_corner_next_to_the_number_and_survives_more() -> None:
    board = parse_board(CORNERS)
    plain, ahead = hint(board), hint(board, look_ahead=True)
    assert plain.best == (0, 0) and plain.rule == LOWEST_PROBABILITY
    assert ahead.best == (2, 3) and ahead.rule == LOOK_AHEAD
    assert ahead.probability == plain.probability == Fraction(1, 4)
    brute = Brute(board)
    assert brute.deep((0, 0)) and not brute.deep((2, 3))
    assert brute.covered_near((0, 0)) == brute.covered_near((2, 3)) == 3
    assert ahead.look_ahead is not None
    assert ahead.look_ahead.survival == brute.survival((2, 3)) == Fraction(19, 28)
    assert ahead.look_ahead.safest_survival == brute.survival((0, 0)) == Fraction(9, 14)


def test_certainly_safe_squares_come_first_either_way() -> None:
    board = parse_board("1?/1?/..")
    assert hint(board, look_ahead=True).safe == hint(board).safe == [(1, 1)]
    assert hint(board, look_ahead=True).look_ahead is None


def test_a_revealed_zero_counts_as_a_safe_second_move() -> None:
    # one mine among the six squares: the corner shows 0 in 3 of the 6 arrangements
    board = parse_board("mines: 1\n???/???")
    assert two_step_survival(board, (0, 0)) == Brute(board).survival((0, 0)) == \
        Fraction(5, 6)


def test_a_board_too_entangled_falls_back_to_the_lowest_probability(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import minesweeper.analysis.advice as advice

    def refuse(board: Board) -> object:
        raise BadInput("too entangled")

    board = parse_board(CORNERS)
    result = probabilities(board)
    monkeypatch.setattr(advice, "tally", refuse)
    monkeypatch.setattr(advice, "probabilities", refuse)
    got = advice.hint(board, result, look_ahead=True)
    assert got.best == (0, 0) and got.rule == LOWEST_PROBABILITY
    assert got.fallback == "too entangled" and got.look_ahead is None
    assert "look-ahead not used: too entangled" in "\n".join(got.lines())


def test_hint_look_ahead_on_the_command_line(tmp_path: Path) -> None:
    path = tmp_path / "corners.txt"
    path.write_text(CORNERS + "\n")
    plain = subprocess.run([*PROGRAM, "hint", str(path)], capture_output=True, text=True,
                           timeout=120)
    assert plain.returncode == 0 and plain.stdout.startswith("open (1, 1):")
    done = subprocess.run([*PROGRAM, "hint", str(path), "--look-ahead"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    # the bottom right corner: column 4, row 3
    assert done.stdout.startswith("open (4, 3):") and "look-ahead:" in done.stdout
    data = json.loads(subprocess.run([*PROGRAM, "hint", str(path), "--look-ahead",
                                      "--json"], capture_output=True, text=True,
                                     timeout=120).stdout)
    assert data["rule"] == "look-ahead" and (data["best"]["x"], data["best"]["y"]) == (4, 3)
    assert data["look_ahead"]["survival"] == "19/28"
    assert data["look_ahead"]["safest"] == {"x": 1, "y": 1}
    plain_json = json.loads(subprocess.run([*PROGRAM, "hint", str(path), "--json"],
                                           capture_output=True, text=True,
                                           timeout=120).stdout)
    assert plain_json["rule"] == "lowest-probability" and plain_json["look_ahead"] is None
    helped = subprocess.run([*PROGRAM, "hint", "--help"], capture_output=True, text=True,
                            timeout=120).stdout
    assert "--look-ahead" in helped
    assert "ten times the time of a plain hint" in " ".join(helped.split())


def test_play_with_the_look_ahead_is_reproducible_and_says_its_rule() -> None:
    level = parse_level("8x8x10")
    first = play(level, 12, seed=3, look_ahead=True)
    assert first.wins == play(level, 12, seed=3, look_ahead=True).wins
    assert first.rule == LOOK_AHEAD and play(level, 2, seed=3).rule == LOWEST_PROBABILITY
    args = [*PROGRAM, "play", "--level", "8x8x10", "--games", "12", "--seed", "3",
            "--look-ahead"]
    text = subprocess.run(args, capture_output=True, text=True, timeout=300)
    assert text.returncode == 0, text.stderr
    assert f"won {first.wins} of 12 games" in text.stdout and "look-ahead" in text.stdout
    data = json.loads(subprocess.run([*args, "--json"], capture_output=True, text=True,
                                     timeout=300).stdout)
    assert data["rule"] == "look-ahead" and data["wins"] == first.wins
    plain = json.loads(subprocess.run([*args[:-1], "--json"], capture_output=True,
                                      text=True, timeout=300).stdout)
    assert plain["rule"] == "lowest-probability"


def test_after_a_first_click_showing_a_number_a_far_corner_comes_next(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # expert, the first click in the corner shows 1: its neighbours hold a mine in 1/3,
    # every other square in 7/34; a far corner, where a 0 is likeliest, comes first
    cells = np.full((16, 30), UNKNOWN, dtype=np.int8)
    cells[0, 0] = 1
    advice = hint(Board(cells, 99), look_ahead=True)
    assert advice.best == (0, 29) and advice.probability == Fraction(7, 34)
    assert advice.look_ahead is not None and advice.look_ahead.opening
    assert advice.look_ahead.compared == 3
    assert "one square alone is open" in "\n".join(advice.lines())
    # weighing every square, (3, 1), two squares from the 1, survives the next two moves
    # more often, yet it opens an area less often than a far corner
    from minesweeper.analysis import advice as advice_module

    monkeypatch.setattr(advice_module, "OPENING", False)
    every = hint(Board(cells, 99), look_ahead=True)
    assert every.best == (0, 2) and every.look_ahead is not None
    assert every.look_ahead.survival > advice.look_ahead.survival
