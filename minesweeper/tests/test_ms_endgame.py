"""The end of a game searched exactly (minesweeper.analysis.endgame), held against a plain
search written here: every arrangement by brute force, and the best play over all of
them square by square, with no shortcut and no pruning."""

from __future__ import annotations

import itertools
import json
import random
import subprocess
from fractions import Fraction
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from minesweeper.analysis.advice import ENDGAME, hint
from minesweeper.analysis.endgame import arrangements, endgame
from minesweeper.analysis.probability import probabilities
from minesweeper.base.board import MINE, UNKNOWN, Board, parse_board

from ms_support import PROGRAM

Arrangement = frozenset[tuple[int, int]]


def _neighbours(board: Board, r: int, c: int) -> list[tuple[int, int]]:
    return [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
            if (dr, dc) != (0, 0) and 0 <= r + dr < board.height and 0 <= c + dc < board.width]


def every_arrangement(board: Board) -> list[Arrangement]:
    """Every set of covered squares of the board's size left that agrees with its numbers."""
    assert board.total is not None
    covered = board.unknowns()
    flags = {(r, c) for r in range(board.height) for c in range(board.width)
             if board.cells[r, c] == MINE}
    out = []
    for chosen in itertools.combinations(covered, board.total - len(flags)):
        mines = set(chosen) | flags
        if all(sum(sq in mines for sq in _neighbours(board, r, c)) == board.cells[r, c]
               for r in range(board.height) for c in range(board.width)
               if board.cells[r, c] >= 0):
            out.append(frozenset(chosen))
    return out


def best_play(board: Board) -> Fraction:
    """The chance of winning by the best play, over every square at every step."""
    covered = board.unknowns()
    flags = {(r, c) for r in range(board.height) for c in range(board.width)
             if board.cells[r, c] == MINE}

    def shows(square: tuple[int, int], mines: Arrangement) -> int:
        return sum(sq in mines or sq in flags for sq in _neighbours(board, *square))

    @cache
    def value(alive: frozenset[Arrangement]) -> Fraction:
        if len(alive) == 1:
            return Fraction(1)
        best = Fraction(0)
        for square in covered:
            safe = [a for a in alive if square not in a]
            parts: dict[int, set[Arrangement]] = {}
            for a in safe:
                parts.setdefault(shows(square, a), set()).add(a)
            if not safe or (len(safe) == len(alive) and len(parts) == 1):
                continue                # a certain mine, or a square that tells nothing
            best = max(best, sum((Fraction(len(p), len(alive)) * value(frozenset(p))
                                  for p in parts.values()), Fraction(0)))
        return best

    return value(frozenset(every_arrangement(board)))


@st.composite
def small_positions(draw: st.DrawFn) -> Board:
    """A position of a small game: mines at random, some squares revealed, the total."""
    h, w = draw(st.integers(2, 3)), draw(st.integers(2, 4))
    squares = [(r, c) for r in range(h) for c in range(w)]
    mines = set(draw(st.lists(st.sampled_from(squares), min_size=1, max_size=3, unique=True)))
    rng = random.Random(draw(st.integers(0, 10**6)))
    rows = []
    for r in range(h):
        row = ""
        for c in range(w):
            if (r, c) in mines or rng.random() < 0.5:
                row += "?"
            else:
                k = sum((r + dr, c + dc) in mines for dr in (-1, 0, 1) for dc in (-1, 0, 1))
                row += str(k) if k else "."
        rows.append(row)
    return parse_board(f"mines: {len(mines)}\n" + "\n".join(rows))


@settings(max_examples=150)
@given(small_positions())
def test_the_search_finds_the_best_plays_chance_of_winning(board: Board) -> None:
    plan = endgame(board)
    listed = every_arrangement(board)
    p = probabilities(board)
    if plan is None:
        # no guess to make: a square is safe everywhere, or every covered one is a mine
        squares = board.unknowns()
        assert not listed or any(all(sq not in a for a in listed) for sq in squares) or \
            all(len(a) == len(squares) for a in listed)
        return
    assert plan.arrangements == len(listed) == p.arrangements
    assert plan.win == best_play(board)
    # and opening the square it names gives that chance
    r, c = plan.best
    assert board.cells[r, c] == UNKNOWN and p.of(plan.best) < 1


@settings(max_examples=60)
@given(small_positions())
def test_the_arrangements_are_every_one_and_only_those(board: Board) -> None:
    squares, mines = arrangements(board)
    got = {frozenset(sq for sq, m in zip(squares, row, strict=True) if m) for row in mines}
    assert got == set(every_arrangement(board)) and len(got) == len(mines)


def test_a_lone_fifty_fifty_is_a_coin_toss() -> None:
    plan = endgame(parse_board("mines: 1\n??\n11"))
    assert plan is not None and plan.win == Fraction(1, 2) and plan.arrangements == 2


def test_the_search_gives_up_past_its_limits() -> None:
    board = parse_board("mines: 3\n" + "?" * 6 + "\n" + "?" * 6)
    assert probabilities(board).arrangements == 220
    assert endgame(board, most=100) is None               # too many arrangements
    assert endgame(board, positions=3) is None            # too many sets to value
    assert endgame(board) is not None


@pytest.mark.parametrize("text", ["1?/1?/..", "mines: 1\n???\n11.", "mines: 1\n.1?\n.11",
                                  "mines: 2\n??\n1."])
def test_no_search_without_a_guess_to_make(text: str) -> None:
    # no total; squares safe in every arrangement; nothing but a mine left; no arrangement
    assert endgame(parse_board(text)) is None


def test_the_player_opens_the_searched_square_once_few_arrangements_are_left() -> None:
    from minesweeper.analysis import play as play_module

    board = parse_board("mines: 3\n????\n?2??")
    assert play_module._next_moves(board, False) == [(0, 0)]              # the safest
    assert play_module._next_moves(board, False, endgame=True) == [(0, 3)]  # wins most
    assert best_play(board) == Fraction(1, 4)


@settings(max_examples=100)
@given(small_positions())
def test_the_hint_with_the_end_search_names_the_best_plays_first_square(board: Board) -> None:
    advice = hint(board, look_ahead=True, endgame=True)
    plan = endgame(board)
    if plan is None or advice.safe:
        assert advice.rule != ENDGAME and advice.end is None
        return
    assert advice.rule == ENDGAME and advice.best == plan.best and advice.end == plan
    assert advice.end.win == best_play(board)
    assert advice.probability == probabilities(board).of(plan.best)
    data = advice.to_json()
    assert data["rule"] == "endgame" and data["endgame"]["win"] == str(plan.win)
    assert data["endgame"]["arrangements"] == plan.arrangements


def test_hint_endgame_on_the_command_line(tmp_path: Path) -> None:
    path = tmp_path / "end.txt"
    path.write_text("mines: 3\n????\n?2??\n")
    plain = subprocess.run([*PROGRAM, "hint", str(path)], capture_output=True, text=True,
                           timeout=120)
    assert plain.returncode == 0 and plain.stdout.startswith("open (1, 1):")
    done = subprocess.run([*PROGRAM, "hint", str(path), "--endgame", "--look-ahead"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("open (4, 1):") and "1/2" in lines[0] and "fewest" not in lines[0]
    assert lines[1] == ("end search: opening (4, 1) and playing on at best wins 25.0% of the "
                        "time (1/4), over the 20 arrangements left: the most of any square")
    assert "2/5" in lines[2]
    data = json.loads(subprocess.run([*PROGRAM, "hint", str(path), "--endgame", "--json"],
                                     capture_output=True, text=True, timeout=120).stdout)
    assert data["rule"] == "endgame" and data["best"] == {"x": 4, "y": 1, "mine": "1/2",
                                                          "percent": 50.0}
    assert data["endgame"] == {"win": "1/4", "percent": 25.0, "arrangements": 20}
    # without a total there is nothing to search: the usual rule
    path.write_text("????\n?2??\n")
    data = json.loads(subprocess.run([*PROGRAM, "hint", str(path), "--endgame", "--json"],
                                     capture_output=True, text=True, timeout=120).stdout)
    assert data["rule"] == "lowest-probability" and data["endgame"] is None
    helped = subprocess.run([*PROGRAM, "hint", "--help"], capture_output=True, text=True,
                            timeout=120).stdout
    assert "--endgame" in helped


def test_play_says_when_the_end_is_searched() -> None:
    from minesweeper.analysis.game import parse_level
    from minesweeper.analysis.play import play

    result = play(parse_level("beginner"), 20, seed=4, endgame=True)
    assert result.to_json()["endgame"] is True and "the end searched exactly" in result.line()
    assert play(parse_level("beginner"), 20, seed=4).to_json()["endgame"] is False
