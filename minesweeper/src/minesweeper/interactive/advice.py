"""What the analyser says of a position a person is playing: the hint and, when asked,
every covered square's mine probability, as both screens show them.

The position is what the player sees, the revealed numbers and the number of mines
(:meth:`minesweeper.analysis.game.Game.position`); the player's flags are not told to
the analyser. The hint is the move ``minesweeper play --look-ahead --endgame`` would
make: every certainly safe square, else the end search's square once few arrangements
are left, else the look-ahead's guess (:func:`minesweeper.analysis.advice.hint`). A
position too entangled for the exact probabilities still gets the squares that are
certainly safe or certainly a mine.

>>> from minesweeper.base.board import parse_board
>>> a = advise(parse_board("mines: 1\\n1?/??"), probabilities=True)
>>> a.best, a.lines[0]
((0, 1), 'open (2, 1): no square is safe in every arrangement; this one holds a mine in 1/3 \
of them (33.3%), the fewest')
>>> a.cells[(1, 1)]
'33'
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..analysis.advice import hint
from ..analysis.probability import certain
from ..analysis.probability import probabilities as exact_probabilities
from ..base.board import Board, Cell
from ..base.errors import BadInput
from ..base.words import square_keys, square_name, square_pair


@dataclass(frozen=True)
class Advice:
    """The hint's square ``best`` (None when none is left or the position has no
    arrangement) and its ``lines`` (as ``minesweeper hint`` prints them, a chance whose
    exact fraction is long as a percentage alone); ``cells``: what each covered square
    shows with the probabilities (``s`` certainly safe, ``m`` certainly a mine, else the
    percentage, as ``check --probabilities`` prints them), empty when they were not asked
    for or could not be computed (``note`` says why)."""

    best: Cell | None
    lines: list[str]
    safe: list[Cell] = field(default_factory=list)
    mines: list[Cell] = field(default_factory=list)
    cells: dict[Cell, str] = field(default_factory=dict)
    consistent: bool = True
    note: str = ""

    def to_json(self) -> dict[str, object]:
        """The advice as the page reads it: squares as ``{"x", "y"}`` from 1, the
        probabilities as a list of ``[x, y, text]``."""
        return {"best": None if self.best is None else square_keys(self.best),
                "lines": self.lines, "consistent": self.consistent, "note": self.note,
                "safe": [square_pair(sq) for sq in self.safe],
                "mines": [square_pair(sq) for sq in self.mines],
                "cells": [[c + 1, r + 1, text] for (r, c), text in self.cells.items()]}


def advise(board: Board, probabilities: bool = False) -> Advice:
    """The analyser's advice on ``board``, with every covered square's probability when
    ``probabilities`` is asked for.

    >>> from minesweeper.base.board import parse_board
    >>> advise(parse_board("1?/1?/..")).best
    (1, 1)
    """
    if probabilities:
        try:
            result = exact_probabilities(board)
        except BadInput as exc:
            return _certain_only(board, str(exc))
        h = hint(board, result, look_ahead=True, endgame=True)
        cells = result.cells() if result.consistent else {}
    else:
        try:
            h = hint(board, look_ahead=True, endgame=True)
        except BadInput as exc:
            return _certain_only(board, str(exc))
        cells = {}
    return Advice(h.best, h.lines(short=True), h.safe, h.mines, cells, h.consistent)


def _certain_only(board: Board, why: str) -> Advice:
    """The squares certain in every arrangement, when the probabilities are refused."""
    sure = certain(board)
    if not sure.consistent:
        return Advice(None, ["inconsistent: no arrangement agrees with every number"],
                      consistent=False, note=why)
    best = sure.safe[0] if sure.safe else None
    lines = ([f"open {square_name(best)}: safe in every arrangement"]
             if best is not None else ["no square is certainly safe"])
    return Advice(best, lines + [f"no probabilities: {why}"], sure.safe, sure.mined,
                  {**{sq: "s" for sq in sure.safe}, **{sq: "m" for sq in sure.mined}},
                  note=why)
