"""minesweeper play: games of the classic rules played by the analyser."""

from __future__ import annotations

import json
import random
import subprocess
from pathlib import Path

import numpy as np
import pytest

from minesweeper.analysis.advice import hint
from minesweeper.analysis.game import allowed_squares, deal, parse_level, parse_start
from minesweeper.analysis.play import (
    PlayResult,
    play,
    play_game,
)
from minesweeper.base.board import UNKNOWN, Board
from minesweeper.base.errors import BadInput

from ms_support import PROGRAM


def test_play_prints_the_win_rate_with_its_interval(tmp_path: Path) -> None:
    done = subprocess.run([*PROGRAM, "play", "--level", "beginner", "--games", "40",
                           "--seed", "5"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    line = done.stdout.strip()
    assert line.startswith("beginner (9x9, 10 mines; classic rules, the first click safe, "
                           "at (1, 1)): won ") and "95% interval" in line
    data = json.loads(subprocess.run([*PROGRAM, "play", "--level", "beginner", "--games",
                                      "40", "--seed", "5", "--json"], capture_output=True,
                                     text=True, timeout=300).stdout)
    assert data["games"] == 40 and f"won {data['wins']} of 40" in line
    assert data["rules"] == "classic" and data["start"] == [1, 1]
    lo, hi = data["interval_95"]
    assert lo <= data["win_rate"] <= hi


def test_the_same_seed_plays_the_same_games() -> None:
    level = parse_level("8x8x10")
    assert play(level, 30, seed=9).wins == play(level, 30, seed=9).wins


def test_worker_processes_play_the_same_games(tmp_path: Path) -> None:
    runs = {}
    for workers in ("1", "2", "3"):
        done = subprocess.run([*PROGRAM, "play", "--level", "intermediate", "--games", "120",
                               "--seed", "9", "--workers", workers, "--json"],
                              capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr
        runs[workers] = json.loads(done.stdout)
    assert runs["1"]["wins"] == runs["2"]["wins"] == runs["3"]["wins"]
    assert [runs[w]["workers"] for w in ("1", "2", "3")] == [1, 2, 3]
    in_process = play(parse_level("intermediate"), 120, seed=9)
    assert in_process.wins == runs["2"]["wins"] and in_process.workers == 1
    line = subprocess.run([*PROGRAM, "play", "--level", "beginner", "--games", "100", "-w", "2"],
                          capture_output=True, text=True, timeout=300).stdout
    assert line.rstrip().endswith("games a second in 2 processes")
    bad = subprocess.run([*PROGRAM, "play", "--games", "10", "--workers", "0"],
                         capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and bad.stdout == "" and len(bad.stderr.splitlines()) == 1
    assert "--workers" in bad.stderr
    with pytest.raises(BadInput, match="at least one process"):
        play(parse_level("beginner"), 10, workers=0)


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
    monkeypatch.setattr(probability, "MAX_SWEEP_BYTES", 0)
    with pytest.raises(BadInput):
        probability.probabilities(board)
    assert play_module._next_moves(board, False) == normal
    assert normal == [(0, 2), (1, 2), (2, 0), (2, 1), (2, 2)]      # (0, 0) holds a mine
    guess = play_module._next_moves(parse_board("mines: 1\n1?/??"), False)
    assert guess == [(0, 1)]
    result = play_module.play(parse_level("beginner"), 20, seed=3)
    assert result.games == 20 and result.wins > 0


def _chi_square_bound(df: int, z: float = 3.719) -> float:
    """The chi-square value a fair deal passes with probability 1 - 1e-4 (z: the normal
    quantile), by the Wilson-Hilferty approximation."""
    a = 2 / (9 * df)
    return df * (1 - a + z * a ** 0.5) ** 3


@pytest.mark.parametrize(("rules", "start"), [("classic", (0, 0)), ("classic", (4, 4)),
                                              ("safe-opening", (0, 0)),
                                              ("safe-opening", (3, 3))])
def test_the_mines_are_dealt_uniformly_over_the_squares_the_rules_allow(
        rules: str, start: tuple[int, int]) -> None:
    """20,000 deals of beginner: never a mine where the rules forbid one (the first
    click, and under safe-opening its neighbours), and over the other squares the counts
    pass a chi-square test of uniformity."""
    level = parse_level("beginner")
    allowed = allowed_squares(level, rules, start)
    rng = random.Random(11)
    deals = 20_000
    counts = np.zeros(level.height * level.width, dtype=np.int64)
    for _ in range(deals):
        mine = deal(level, rules, start, rng)
        assert int(mine.sum()) == level.mines
        counts += mine.ravel()
    forbidden = np.ones(counts.size, dtype=bool)
    forbidden[allowed] = False
    assert counts[forbidden].sum() == 0
    assert forbidden.sum() == (1 if rules == "classic" else
                               4 if start == (0, 0) else 9)
    expected = deals * level.mines / len(allowed)
    chi2 = float((((counts[allowed] - expected) ** 2) / expected).sum())
    assert chi2 < _chi_square_bound(len(allowed) - 1), chi2


def test_a_biased_deal_fails_that_test() -> None:
    """The test can fail: a deal that favours the first row is caught."""
    level = parse_level("beginner")
    allowed = allowed_squares(level, "classic", (0, 0))
    rng = random.Random(5)
    counts = np.zeros(81, dtype=np.int64)
    for _ in range(20_000):
        spots = rng.sample(allowed, level.mines - 1) + [rng.choice(allowed[:8])]
        counts[list(set(spots))] += 1
    expected = counts[allowed].sum() / len(allowed)
    chi2 = float((((counts[allowed] - expected) ** 2) / expected).sum())
    assert chi2 > _chi_square_bound(len(allowed) - 1)


def test_a_safe_opening_opens_an_area_at_the_start_square() -> None:
    positions: list[Board] = []
    level = parse_level("expert")
    for seed in range(10):
        positions.clear()
        play_game(level, random.Random(seed), seen=positions.append, rules="safe-opening",
                  start=(7, 12))
        if positions:
            first = positions[0].cells
            assert first[7, 12] == 0 and (first[6:9, 11:14] >= 0).all()


def test_the_start_square_is_the_first_click() -> None:
    positions: list[Board] = []
    play_game(parse_level("intermediate"), random.Random(2), seen=positions.append,
              start=parse_start("9,5", parse_level("intermediate")))
    assert positions and positions[0].cells[4, 8] >= 0
    assert int((positions[0].cells >= 0).sum()) >= 1


@pytest.mark.parametrize(("args", "words"), [
    (["--start", "17,1", "--level", "intermediate"], "off the 16x16 board"),
    (["--start", "a1"], "give corner, default, or X,Y"),
    (["--rules", "modern"], "Invalid value for '--rules'"),
    (["--level", "3x3x6", "--rules", "safe-opening"], "6 mines do not fit in the 0 squares"),
    (["--level", "3x3x6", "--rules", "safe-opening", "--start", "corner"],
     "6 mines do not fit in the 5 squares"),
])
def test_bad_rules_or_start_are_one_line(args: list[str], words: str) -> None:
    done = subprocess.run([*PROGRAM, "play", "--games", "1", *args], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 2 and done.stdout == "", done.stderr
    assert done.stderr.count("\n") == 1 and words in done.stderr


def test_the_rules_and_start_are_in_every_figure() -> None:
    result = play(parse_level("beginner"), 5, seed=1, rules="safe-opening", start=(4, 4))
    assert "safe-opening rules, the first click opens an area, at (5, 5)" in result.line()
    assert result.to_json()["rules"] == "safe-opening" and result.to_json()["start"] == [5, 5]
