"""The end of a game searched exactly: when few arrangements are left, the guess that
wins most often with the best play after it.

When the board has a total and at most :data:`MAX_ARRANGEMENTS` arrangements agree with
it, every arrangement is listed and the game is played out over them: opening a square
loses in the arrangements with a mine there and, in the others, shows a number that
splits them into the ones that show it. The *value* of a set of arrangements (each
equally likely) is the chance of winning from it by the best play:

- one arrangement left: 1 (every square is known);
- a square safe in all of them whose number differs between them: opening it costs
  nothing and tells something, so it is opened (the value is the average of the values
  of the parts its number makes);
- otherwise the best, over the squares that may hold a mine, of the chance that it does
  not times the value of what its number leaves (squares are tried safest first, and
  one whose chance of being safe cannot beat the best found is not searched).

A square safe in every arrangement whose number is the same in all of them tells
nothing and is left for the end (opening it never loses). Sets of arrangements met
again are looked up, not searched again; the search gives up (None) after
:data:`MAX_POSITIONS` sets.

>>> from minesweeper.base.board import parse_board
>>> board = parse_board("mines: 1\\n??\\n11")
>>> plan = endgame(board)
>>> plan.win, plan.arrangements
(Fraction(1, 2), 2)

The safest square is not always the one that wins most often. Below, the corner (1, 1)
is the safest square, a mine in 2 of 5 arrangements, and (4, 1) one in half of them;
yet with the best play after each, the game is won after (1, 1) in 1 of 5 of them and
after (4, 1) in 1 of 4 (the lowest-probability rule of
:func:`~minesweeper.analysis.advice.hint` opens (1, 1)):

>>> plan = endgame(parse_board("mines: 3\\n????\\n?2??"))
>>> plan.best, plan.win, plan.arrangements
((0, 3), Fraction(1, 4), 20)
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import numpy.typing as npt

from ..base.board import MINE, UNKNOWN, Board, Cell, problem_of
from .backtrack import solutions

#: The most arrangements the end of a game is searched over.
MAX_ARRANGEMENTS = 1000
#: The most sets of arrangements one search values before it gives up.
MAX_POSITIONS = 20_000


@dataclass(frozen=True)
class Endgame:
    """The square to open (``best``), the chance of winning by opening it and playing
    on at best (``win``, exact), over ``arrangements`` arrangements; ``positions``: the
    sets of arrangements valued."""

    best: Cell
    win: Fraction
    arrangements: int
    positions: int


class _GaveUp(Exception):
    """The search valued more sets of arrangements than it may."""


def arrangements(board: Board, most: int = MAX_ARRANGEMENTS) -> tuple[list[Cell],
                                                                      npt.NDArray[np.bool_]] | None:
    """Every arrangement of the covered squares of ``board`` (which must give its total)
    that agrees with the numbers, as rows of a boolean matrix over the covered squares
    (row by row); None when there are more than ``most``.

    >>> from minesweeper.base.board import parse_board
    >>> squares, mines = arrangements(parse_board("mines: 1\\n?1?"))
    >>> squares, mines.astype(int).tolist()
    ([(0, 0), (0, 2)], [[1, 0], [0, 1]])
    """
    problem = problem_of(board)
    total = problem.total_need
    if total is None:
        return None
    interior = problem.interior
    rows: list[list[int]] = []
    size = len(problem.squares)
    for frontier in solutions(problem):
        left = total - sum(frontier.values())
        if not 0 <= left <= len(interior):
            continue
        base = [v for v, mine in frontier.items() if mine]
        for chosen in itertools.combinations(interior, left):
            rows.append(base + list(chosen))
            if len(rows) > most:
                return None
    mines = np.zeros((len(rows), size), dtype=np.bool_)
    for i, row in enumerate(rows):
        mines[i, row] = True
    return list(problem.squares), mines


def endgame(board: Board, most: int = MAX_ARRANGEMENTS,
            positions: int = MAX_POSITIONS) -> Endgame | None:
    """The guess that wins most often on ``board`` with the best play after it (see the
    module notes), or None: no total, more than ``most`` arrangements, none at all, a
    square safe in all of them (open that first: no guess is needed), nothing left to
    open, or more than ``positions`` sets of arrangements to value.

    >>> from minesweeper.base.board import parse_board
    >>> endgame(parse_board("1?/1?/..")) is None          # no total
    True
    """
    found = arrangements(board, most)
    if found is None or len(found[1]) == 0:
        return None
    squares, mines = found
    if (~mines).all(axis=0).any():
        return None
    shown = _numbers(board, squares, mines)
    search = _Search(mines, shown, positions)
    everyone = np.arange(len(mines), dtype=np.int32)
    try:
        best, win = search.guess(everyone)
    except (_GaveUp, RecursionError):   # a chain of reveals deeper than Python's stack
        return None
    if best is None:                    # every covered square is a mine: nothing to open
        return None
    return Endgame(squares[best], win, len(mines), len(search.known))


def _numbers(board: Board, squares: list[Cell], mines: npt.NDArray[np.bool_]
             ) -> npt.NDArray[np.int8]:
    """The number each covered square would show in each arrangement (its neighbours'
    mines: the flagged ones and the arrangement's)."""
    h, w = board.height, board.width
    index = {sq: i for i, sq in enumerate(squares)}
    near = np.zeros((len(squares), len(squares)), dtype=np.int8)
    flagged = np.zeros(len(squares), dtype=np.int8)
    for i, (r, c) in enumerate(squares):
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                rr, cc = r + dr, c + dc
                if (dr, dc) == (0, 0) or not (0 <= rr < h and 0 <= cc < w):
                    continue
                if board.cells[rr, cc] == MINE:
                    flagged[i] += 1
                elif board.cells[rr, cc] == UNKNOWN:
                    near[i, index[(rr, cc)]] = 1
    return (mines.astype(np.int8) @ near.T + flagged).astype(np.int8)


class _Search:
    """The values of sets of arrangements (rows of ``mines`` and ``shown``), each set
    valued once."""

    def __init__(self, mines: npt.NDArray[np.bool_], shown: npt.NDArray[np.int8],
                 most: int) -> None:
        self.mines, self.shown, self.most = mines, shown, most
        self.known: dict[bytes, Fraction] = {}

    def value(self, alive: npt.NDArray[np.int32]) -> Fraction:
        """The chance of winning from the arrangements ``alive`` by the best play."""
        if len(alive) == 1:
            return Fraction(1)
        key = alive.tobytes()
        found = self.known.get(key)
        if found is not None:
            return found
        if len(self.known) >= self.most:
            raise _GaveUp
        mines, shown = self.mines[alive], self.shown[alive]
        safe = ~mines.any(axis=0)
        telling = safe & (shown != shown[0]).any(axis=0)
        if telling.any():
            win = self._opened(alive, shown[:, int(np.argmax(telling))])
        else:
            win = self.guess(alive)[1]
        self.known[key] = win
        return win

    def guess(self, alive: npt.NDArray[np.int32]) -> tuple[int | None, Fraction]:
        """The square whose opening wins most often from ``alive``, and that chance
        (safest squares first; among equal chances the first found)."""
        mines = self.mines[alive]
        count = len(alive)
        mined = mines.sum(axis=0)
        best: int | None = None
        win = Fraction(0)
        for s in np.argsort(mined, kind="stable").tolist():
            if mined[s] == 0:           # safe everywhere and telling nothing: left for last
                continue
            if mined[s] == count:
                break
            bound = Fraction(count - int(mined[s]), count)
            if best is not None and bound <= win:
                break
            left = alive[~mines[:, s]]
            value = self._opened(left, self.shown[left, s]) * bound
            if best is None or value > win:
                best, win = s, value
        return best, win

    def _opened(self, alive: npt.NDArray[np.int32], numbers: npt.NDArray[np.int8]) -> Fraction:
        """The value of ``alive`` once a square safe in all of them is opened: each
        number it may show, weighted by its arrangements."""
        total = Fraction(0)
        for v in np.unique(numbers).tolist():
            part = alive[numbers == v]
            total += Fraction(len(part), len(alive)) * self.value(part)
        return total
