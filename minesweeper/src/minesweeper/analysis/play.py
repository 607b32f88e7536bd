"""Games played by the analyser: how often the advice of :mod:`minesweeper.analysis.advice` wins.

A game is ``mines`` mines on a ``width`` x ``height`` board, placed at random (uniformly
over the squares the rules allow) once the first square is chosen: under the
``classic`` rules never on it (the first click is safe), under the ``safe-opening``
rules never on it nor on its neighbours (the first click opens an area, as modern
versions of the game do). The first click is the ``start`` square, by default
:func:`~minesweeper.analysis.game.default_start`: the corner (1, 1) under the classic
rules (the square the advice picks on an empty board), (4, 4) under the safe-opening
rules. Then the player opens
every square safe in every arrangement, else the square
:func:`minesweeper.analysis.advice.hint` names; opening a square with no mine around it
opens its neighbours too. A game is won when every square without a mine is open. A
guess follows the lowest-probability rule, or with ``look_ahead`` the look-ahead (the
notes of :mod:`minesweeper.analysis.advice`; a game of expert takes about three times
as long).

>>> from minesweeper.analysis.game import parse_level
>>> result = play(parse_level("5x5x3"), games=20, seed=1)
>>> result.games, 0 <= result.wins <= 20
(20, True)
>>> play(parse_level("5x5x3"), games=5, seed=1, look_ahead=True).rule
'look-ahead'
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from concurrent.futures import as_completed
from dataclasses import dataclass

import numpy as np

from ..base.board import UNKNOWN, Board, Cell
from ..base.errors import BadInput
from ..base.words import square_name, square_pair
from .advice import LOOK_AHEAD, LOWEST_PROBABILITY, hint, least_exposed
from .game import (
    CORNER,
    RULES,
    Level,
    allowed_squares,
    deal,
    default_start,
    numbers_of,
    open_area,
)


@dataclass(frozen=True)
class PlayResult:
    """``wins`` of ``games`` played, in ``seconds`` (wall time) by ``workers`` processes,
    the guesses by ``rule`` (:data:`~minesweeper.analysis.advice.LOWEST_PROBABILITY` or
    :data:`~minesweeper.analysis.advice.LOOK_AHEAD`)."""

    level: Level
    games: int
    wins: int
    seconds: float
    rule: str = LOWEST_PROBABILITY
    rules: str = "classic"
    start: Cell = CORNER
    endgame: bool = False
    workers: int = 1

    @property
    def rate(self) -> float:
        """The share of games won."""
        return self.wins / self.games if self.games else 0.0

    def interval(self, z: float = 1.959964) -> tuple[float, float]:
        """The 95 % (Wilson) interval of the win rate.

        >>> from minesweeper.analysis.game import parse_level
        >>> lo, hi = PlayResult(parse_level("beginner"), 100, 90, 1.0).interval()
        >>> round(lo, 3), round(hi, 3)
        (0.826, 0.945)
        """
        n = self.games
        if not n:
            return 0.0, 1.0
        p = self.wins / n
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return max(0.0, centre - half), min(1.0, centre + half)

    def line(self) -> str:
        """What ``minesweeper play`` prints.

        >>> from minesweeper.analysis.game import parse_level
        >>> PlayResult(parse_level("beginner"), 100, 90, 2.0, "look-ahead").line()
        'beginner (9x9, 10 mines; classic rules, the first click safe, at (1, 1)): won 90 \
of 100 games, 90.00% (95% interval 82.56% to 94.48%); guesses by the look-ahead rule; 50.0 \
games a second'
        """
        lo, hi = self.interval()
        speed = self.games / self.seconds if self.seconds > 0 else float("inf")
        return (f"{self.level.name} ({self.level.width}x{self.level.height}, "
                f"{self.level.mines} mines; {self.rules} rules, {RULES[self.rules]}, at "
                f"{square_name(self.start)}): won {self.wins:,} of {self.games:,} games, "
                f"{self.rate:.2%} (95% interval {lo:.2%} to {hi:.2%}); "
                f"guesses by the {self.rule} rule"
                + ("; the end searched exactly" if self.endgame else "")
                + f"; {speed:,.1f} games a second"
                + (f" in {self.workers} processes" if self.workers > 1 else ""))

    def to_json(self) -> dict[str, object]:
        """The result as ``play --json`` prints it."""
        lo, hi = self.interval()
        return {"level": self.level.name, "width": self.level.width,
                "height": self.level.height, "mines": self.level.mines,
                "games": self.games, "wins": self.wins, "win_rate": self.rate,
                "interval_95": [lo, hi], "seconds": round(self.seconds, 3),
                "rule": self.rule, "rules": self.rules, "start": square_pair(self.start),
                "endgame": self.endgame, "workers": self.workers}


def play(level: Level, games: int, seed: int = 0,
         progress: Callable[[int, int], None] | None = None,
         look_ahead: bool = False, rules: str = "classic",
         start: Cell | None = None, endgame: bool = False, workers: int = 1) -> PlayResult:
    """Play ``games`` games of ``level`` under ``rules`` from the first click ``start``,
    the mines of game ``k`` drawn from ``seed`` (the same games for either rule of the
    guesses, and for any number of ``workers``), the guesses by the look-ahead with
    ``look_ahead``, and with ``endgame`` by the exact search of
    :mod:`minesweeper.analysis.endgame` once few arrangements are left; ``progress`` is
    told the games played and won as they end. ``start`` None is
    :func:`~minesweeper.analysis.game.default_start`. With ``workers`` above 1 the games
    are shared among that many processes of this machine (:mod:`puzzleshell.pool`).

    >>> from minesweeper.analysis.game import parse_level
    >>> play(parse_level("beginner"), 2, rules="safe-opening").start
    (3, 3)
    >>> one = play(parse_level("intermediate"), 40, seed=5)
    >>> two = play(parse_level("intermediate"), 40, seed=5, workers=2)
    >>> one.wins == two.wins, two.workers
    (True, 2)
    """
    if start is None:
        start = default_start(level, rules)
    allowed_squares(level, rules, start)       # refused before any game
    if workers < 1:
        raise BadInput(f"workers {workers}: at least one process plays the games")
    rng = random.Random(seed)
    seeds = [rng.getrandbits(64) for _ in range(games)]
    job = (level, look_ahead, rules, start, endgame)
    wins = done = 0
    started = time.perf_counter()
    if workers == 1 or games < 2:
        for k in seeds:
            wins += _games(job, [k])
            done += 1
            if progress is not None:
                progress(done, wins)
    else:
        from puzzleshell.pool import start_local_pool, stop_local_pool

        step = max(1, min(BATCH, games // (4 * workers)))
        pool = start_local_pool(workers)
        try:
            pending = {pool.submit(_games, job, seeds[i:i + step]): min(step, games - i)
                       for i in range(0, games, step)}
            for finished in as_completed(pending):
                wins += finished.result()
                done += pending[finished]
                if progress is not None:
                    progress(done, wins)
        finally:
            stop_local_pool(pool)
    return PlayResult(level, games, wins, time.perf_counter() - started,
                      LOOK_AHEAD if look_ahead else LOWEST_PROBABILITY, rules, start, endgame,
                      workers)


#: The most games one task of a worker process plays.
BATCH = 50


def _games(job: tuple[Level, bool, str, Cell, bool], seeds: list[int]) -> int:
    """How many of the games of ``seeds`` the analyser wins (one task of :func:`play`)."""
    level, look_ahead, rules, start, endgame = job
    return sum(play_game(level, random.Random(k), look_ahead, rules=rules, start=start,
                         endgame=endgame) for k in seeds)


def play_game(level: Level, rng: random.Random, look_ahead: bool = False,
              seen: Callable[[Board], None] | None = None, rules: str = "classic",
              start: Cell | None = None, endgame: bool = False) -> bool:
    """One game under ``rules`` from the first click ``start``: True when the analyser
    opens every square without a mine (its guesses by the look-ahead with
    ``look_ahead``); ``seen`` is shown each position the analyser moves from, after the
    first click (the positions of played games).

    >>> from minesweeper.analysis.game import parse_level
    >>> play_game(parse_level("3x3x1"), random.Random(4))
    True
    >>> play_game(parse_level("3x3x1"), random.Random(4), look_ahead=True)
    True
    >>> positions: list[Board] = []
    >>> play_game(parse_level("beginner"), random.Random(3), seen=positions.append)
    True
    >>> len(positions) > 0, all(b.total == 10 for b in positions)
    (True, True)
    """
    if start is None:
        start = default_start(level, rules)
    h, w = level.height, level.width
    cells = np.full((h, w), UNKNOWN, dtype=np.int8)
    mine = deal(level, rules, start, rng)
    numbers = numbers_of(mine)
    left = h * w - level.mines
    opening = [start]
    while True:
        for square in opening:
            if mine[square]:
                return False
            left -= open_area(cells, numbers, square)
        if left == 0:
            return True
        position = Board(cells.copy(), level.mines)
        if seen is not None:
            seen(position)
        opening = _next_moves(position, look_ahead, endgame)
        if not opening:
            return False


def _next_moves(board: Board, look_ahead: bool, endgame: bool = False) -> list[Cell]:
    """The squares the analyser opens next: every certainly safe square, else its guess.
    On a board too entangled for the exact probabilities (never seen in a game of the
    classic levels) the solver names the certainly safe squares, and the guess is the
    covered square, not certainly a mine, with the fewest covered neighbours (then the
    first in reading order).

    >>> _next_moves(Board(np.array([[1, UNKNOWN], [1, UNKNOWN]], dtype=np.int8), 1), False)
    [(0, 1)]
    """
    try:
        advice = hint(board, look_ahead=look_ahead, endgame=endgame)
    except BadInput:
        from .sat import safe_by_solver

        sure = safe_by_solver(board)
        if not sure.consistent:
            return []
        if sure.safe:
            return sorted(sure.safe)
        guess = least_exposed(board, sorted(sure.free))
        return [] if guess is None else [guess]
    return advice.safe if advice.safe or advice.best is None else [advice.best]
