"""What a piece attacks: the one place where the attack rule of each piece is defined.

A *queen* attacks along its row, its column and both diagonals. A *superqueen*
also moves as a knight. Everything else — kernels, validation, traces —
asks this module.

>>> from nqueens.base.pieces import Piece, attacks
>>> attacks(Piece.QUEEN, (0, 0), (3, 3))
True
>>> attacks(Piece.SUPERQUEEN, (0, 0), (1, 2))
True
>>> attacks(Piece.QUEEN, (0, 0), (1, 2))
False
"""

from __future__ import annotations

from enum import StrEnum

from .errors import BadInput

#: Knight moves as (row step, column step); the set is closed under all 8 symmetries of the square.
KNIGHT_STEPS: tuple[tuple[int, int], ...] = (
    (1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1),
)


class Piece(StrEnum):
    """The pieces nqueens places: ``queen`` and ``superqueen`` (queen + knight).

    Each piece is also its name as a string, the name the command line takes:

    >>> [p.value for p in Piece]
    ['queen', 'superqueen']
    >>> Piece.SUPERQUEEN == "superqueen", Piece.SUPERQUEEN.knight, Piece.QUEEN.knight
    (True, True, False)
    """

    QUEEN = "queen"
    SUPERQUEEN = "superqueen"

    @property
    def knight(self) -> bool:
        """True when the piece also moves as a knight."""
        return self is Piece.SUPERQUEEN

    @classmethod
    def parse(cls, value: str | Piece) -> Piece:
        """Return the piece named ``value`` or raise :class:`BadInput`.

        >>> Piece.parse("superqueen")
        <Piece.SUPERQUEEN: 'superqueen'>
        """
        if isinstance(value, Piece):
            return value
        try:
            return cls(str(value).lower())
        except ValueError:
            names = ", ".join(p.value for p in cls)
            raise BadInput(f"unknown piece {value!r} (choose one of: {names})") from None


def line_between(piece: Piece, a: tuple[int, int], b: tuple[int, int], n: int | None = None,
                 torus: bool = False) -> str | None:
    """How pieces on ``a`` and ``b`` attack each other: ``"row"``, ``"column"``,
    ``"diagonal"`` or ``"knight"`` (the first that applies), or None when they do not.

    >>> line_between(Piece.QUEEN, (0, 0), (0, 3)), line_between(Piece.QUEEN, (0, 0), (2, 2))
    ('row', 'diagonal')
    >>> line_between(Piece.SUPERQUEEN, (0, 0), (2, 1)), line_between(Piece.QUEEN, (0, 0), (2, 1))
    ('knight', None)
    """
    (r1, c1), (r2, c2) = a, b
    if a == b:
        return None
    if r1 == r2:
        return "row"
    if c1 == c2:
        return "column"
    dr, dc = r2 - r1, c2 - c1
    if not torus:
        if abs(dr) == abs(dc):
            return "diagonal"
        return "knight" if piece.knight and (dr, dc) in KNIGHT_STEPS else None
    if n is None:
        raise ValueError("torus attacks need the board size n")
    if (dr - dc) % n == 0 or (dr + dc) % n == 0:
        return "diagonal"
    if piece.knight and any((dr - sr) % n == 0 and (dc - sc) % n == 0 for sr, sc in KNIGHT_STEPS):
        return "knight"
    return None


def attacks(piece: Piece, a: tuple[int, int], b: tuple[int, int], n: int | None = None,
            torus: bool = False) -> bool:
    """True when pieces on squares ``a`` and ``b`` (row, column) attack each other.

    Line of sight is ignored, as is usual for the N-Queens problem: two queens on
    one line attack each other whatever stands between them. With ``torus=True``
    the board is a torus of size ``n``: every line wraps around both edges, the
    diagonals and the knight's move alike (a step counts modulo ``n`` in rows and
    columns), so the rule is the same from every square.

    >>> attacks(Piece.QUEEN, (0, 0), (2, 1))
    False
    >>> attacks(Piece.QUEEN, (0, 3), (1, 0), n=4, torus=True)
    True
    >>> attacks(Piece.SUPERQUEEN, (0, 0), (10, 2), n=11, torus=True)  # knight across the edge
    True
    """
    return line_between(piece, a, b, n, torus) is not None
