"""Which square to open next: the certainly safe ones, or else the safest.

A square is *certainly safe* when no arrangement that agrees with the numbers (and the
total) puts a mine on it, *certainly a mine* when every one does. When no square is
certainly safe, the advice is the square with the lowest mine probability; among equal
ones, the square with the fewest covered neighbours (a corner or an edge before the
middle: its number, once revealed, has the fewest squares left to settle), then the
first in reading order (row by row, left to right).

>>> from minesweeper.board import parse_board
>>> h = hint(parse_board("?1?/???"))
>>> h.safe, h.best, str(h.probability)
([], (0, 0), '1/5')
>>> hint(parse_board("1?/1?/..")).safe
[(1, 1)]
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .board import UNKNOWN, Board, Cell
from .probability import Probabilities, probabilities


@dataclass(frozen=True)
class Hint:
    """The advice on a board: ``safe`` (certainly safe squares, reading order), ``mines``
    (certain mines), and ``best`` with its mine ``probability`` (the first safe square,
    or the safest when none is; None on a board without covered squares or consistent
    arrangements)."""

    safe: list[Cell]
    mines: list[Cell]
    best: Cell | None
    probability: Fraction | None
    result: Probabilities

    @property
    def consistent(self) -> bool:
        """Whether some arrangement agrees with every number."""
        return self.result.consistent

    def lines(self) -> list[str]:
        """What ``minesweeper hint`` prints (squares as row, column, from 1).

        >>> from minesweeper.board import parse_board
        >>> print("\\n".join(hint(parse_board("1?/1?/..")).lines()))
        open (2, 2): safe in every arrangement
        1 square is safe in every arrangement: (2, 2)
        1 square holds a mine in every arrangement: (1, 2)
        """
        if not self.consistent:
            return ["inconsistent: no arrangement agrees with every number ('check' gives "
                    "the numbers that cannot all hold)"]
        if self.best is None:
            return ["no covered square left to open"]
        head = _name(self.best)
        out = [f"open {head}: safe in every arrangement" if self.safe else
               f"open {head}: no square is safe in every arrangement; this one holds a mine "
               f"in {self.probability} of them ({_percent(self.probability)}), the fewest"]
        if self.safe:
            out.append(_listed(self.safe, "is safe in every arrangement"))
        if self.mines:
            out.append(_listed(self.mines, "holds a mine in every arrangement"))
        return out

    def to_json(self) -> dict[str, object]:
        """The advice as ``hint --json`` prints it (squares from 1; the probability as an
        exact fraction).

        >>> from minesweeper.board import parse_board
        >>> hint(parse_board("?1?/???")).to_json()["best"]
        {'square': [1, 1], 'mine': '1/5', 'percent': 20.0}
        """
        best = None if self.best is None or self.probability is None else {
            "square": [self.best[0] + 1, self.best[1] + 1], "mine": str(self.probability),
            "percent": round(float(self.probability) * 100, 4)}
        return {"consistent": self.consistent, "best": best,
                "safe": [[r + 1, c + 1] for r, c in self.safe],
                "mines": [[r + 1, c + 1] for r, c in self.mines],
                "model": self.result.model}


def hint(board: Board, result: Probabilities | None = None) -> Hint:
    """The advice on ``board`` (from ``result`` when its probabilities are known).

    Two squares of one probability: the corner, with fewer covered neighbours, first.

    >>> from minesweeper.board import parse_board
    >>> hint(parse_board("mines: 1\\n???/???")).best
    (0, 0)
    """
    result = result or probabilities(board)
    if not result.consistent or not result.squares:
        return Hint([], [], None, None, result)
    chances = result.fractions()
    safe = [sq for sq, p in zip(result.squares, chances, strict=True) if p == 0]
    mines = [sq for sq, p in zip(result.squares, chances, strict=True) if p == 1]
    if safe:
        return Hint(safe, mines, safe[0], Fraction(0), result)
    order = sorted(range(len(chances)),
                   key=lambda i: (chances[i], _covered_near(board, result.squares[i]),
                                  result.squares[i]))
    best = order[0]
    return Hint([], mines, result.squares[best], chances[best], result)


def _covered_near(board: Board, square: Cell) -> int:
    r, c = square
    cells = board.cells[max(r - 1, 0):r + 2, max(c - 1, 0):c + 2]
    return int((cells == UNKNOWN).sum()) - 1


def _name(square: Cell) -> str:
    return f"({square[0] + 1}, {square[1] + 1})"


def _percent(p: Fraction | None) -> str:
    return f"{float(p or 0) * 100:.1f}%"


def _listed(squares: list[Cell], what: str, most: int = 20) -> str:
    shown = ", ".join(_name(sq) for sq in squares[:most])
    more = f" and {len(squares) - most} more" if len(squares) > most else ""
    word = "square" if len(squares) == 1 else "squares"
    verb = what if len(squares) == 1 else what.replace("is safe", "are safe").replace(
        "holds", "hold")
    return f"{len(squares)} {word} {verb}: {shown}{more}"
