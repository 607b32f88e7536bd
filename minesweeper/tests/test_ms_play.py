"""minesweeper play: games of the classic rules played by the analyser."""

from __future__ import annotations

import json
import random
import subprocess
from pathlib import Path

import numpy as np
import pytest

from minesweeper.analysis.advice import hint
from minesweeper.analysis.play import PlayResult, parse_level, play, play_game
from minesweeper.base.board import UNKNOWN, Board
from minesweeper.base.errors import BadInput

from ms_support import PROGRAM


def test_play_prints_the_win_rate_with_its_interval(tmp_path: Path) -> None:
    done = subprocess.run([*PROGRAM, "play", "--level", "beginner", "--games", "40",
                           "--seed", "5"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    line = done.stdout.strip()
    assert line.startswith("beginner (9x9, 10 mines): won ") and "95% interval" in line
    data = json.loads(subprocess.run([*PROGRAM, "play", "--level", "beginner", "--games",
                                      "40", "--seed", "5", "--json"], capture_output=True,
                                     text=True, timeout=300).stdout)
    assert data["games"] == 40 and f"won {data['wins']} of 40" in line
    lo, hi = data["interval_95"]
    assert lo <= data["win_rate"] <= hi


def test_the_same_seed_plays_the_same_games() -> None:
    level = parse_level("8x8x10")
    assert play(level, 30, seed=9).wins == play(level, 30, seed=9).wins


def test_a_board_without_guesses_is_always_won() -> None:
    # one mine in a row of six: each number opened settles the square after it
    level = parse_level("6x1x1")
    assert play(level, 20, seed=2).wins == 20


def test_a_board_full_of_mines_but_one_square_is_won_by_the_first_click() -> None:
    assert play(parse_level("3x3x8"), 10, seed=1).wins == 10


def test_the_first_click_is_never_a_mine() -> None:
    level = parse_level("4x4x15")          # every square but the first holds a mine
    for seed in range(5):
        assert play_game(level, random.Random(seed))   # the first click wins it


def test_the_interval_narrows_with_more_games() -> None:
    small = PlayResult(parse_level("beginner"), 100, 90, 1.0).interval()
    large = PlayResult(parse_level("beginner"), 10_000, 9000, 1.0).interval()
    assert small[0] < large[0] < 0.9 < large[1] < small[1]


@pytest.mark.parametrize("bad", ["huge", "10x10x100", "0x5x1", "5x5"])
def test_a_bad_level_is_one_line(bad: str) -> None:
    done = subprocess.run([*PROGRAM, "play", "--level", bad, "--games", "1"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("minesweeper: error:")


def test_the_first_move_is_the_corner_the_advice_picks() -> None:
    empty = Board(np.full((16, 30), UNKNOWN, dtype=np.int8), 99)
    assert hint(empty).best == (0, 0)


def test_a_board_too_entangled_for_the_probabilities_does_not_end_the_run(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The solver names the safe squares, and the guess goes to a covered square with
    the fewest covered neighbours."""
    from minesweeper.analysis import play as play_module
    from minesweeper.analysis import probability
    from minesweeper.base.board import parse_board

    board = parse_board("mines: 2\n?1??/11??/????")
    normal = play_module._next_moves(board, False)
    monkeypatch.setattr(probability, "MAX_ENTRIES", 0)
    with pytest.raises(BadInput):
        probability.probabilities(board)
    assert play_module._next_moves(board, False) == normal
    assert normal == [(0, 2), (1, 2), (2, 0), (2, 1), (2, 2)]      # (0, 0) holds a mine
    guess = play_module._next_moves(parse_board("mines: 1\n1?/??"), False)
    assert guess == [(0, 1)]
    result = play_module.play(play_module.parse_level("beginner"), 20, seed=3)
    assert result.games == 20 and result.wins > 0
