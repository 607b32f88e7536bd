"""A placement: k queens on distinct squares of an n×n board, not (yet) a solution.

A board file with empty rows, or with a row holding two queens or more, is read as a
:class:`Placement` (when the reader is asked for one); ``nqueens check`` says whether
its queens attack each other (two queens in one row do), and which rows are empty.

>>> p = Placement(8, ((0, 0), (1, 2), (5, 5)))
>>> p.complete, p.attacking_pairs()
(False, [((0, 0), (5, 5))])
"""

from __future__ import annotations

from dataclasses import dataclass

from .pieces import Piece, line_between
from .squares import Square


@dataclass(frozen=True)
class Placement:
    """``queens`` (0-based (row, column) squares, in reading order) on an n×n board.

    >>> Placement(4, ((0, 1), (1, 3))).is_valid()
    True
    >>> Placement(4, ((0, 1), (0, 3))).attacking_pairs()   # one row, two queens
    [((0, 1), (0, 3))]
    """

    n: int
    queens: tuple[Square, ...]

    @property
    def complete(self) -> bool:
        """Whether every row holds a queen.

        >>> Placement(2, ((0, 0), (0, 1))).complete
        False
        """
        return not self.empty_rows()

    def empty_rows(self) -> list[int]:
        """The rows (0-based, top first) that hold no queen.

        >>> Placement(4, ((0, 1), (0, 3), (3, 0))).empty_rows()
        [1, 2]
        """
        taken = {r for r, _ in self.queens}
        return [r for r in range(self.n) if r not in taken]

    def attacking_pairs(self, piece: Piece = Piece.QUEEN, torus: bool = False,
                        limit: int | None = None) -> list[tuple[Square, Square]]:
        """Every pair of queens that attack each other (on one line, or a knight's move
        apart for the superqueen), in order, at most ``limit``.

        >>> Placement(5, ((0, 0), (2, 1))).attacking_pairs(Piece.SUPERQUEEN)
        [((0, 0), (2, 1))]
        """
        pairs: list[tuple[Square, Square]] = []
        for i, a in enumerate(self.queens):
            for b in self.queens[i + 1:]:
                if line_between(piece, a, b, self.n, torus) is not None:
                    pairs.append((a, b))
                    if limit is not None and len(pairs) >= limit:
                        return pairs
        return pairs

    def is_valid(self, piece: Piece = Piece.QUEEN, torus: bool = False) -> bool:
        """Whether no two of the queens attack each other."""
        return not self.attacking_pairs(piece, torus, limit=1)
