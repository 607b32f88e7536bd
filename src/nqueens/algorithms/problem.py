"""The problem an exact search or a count is asked: the board size, the piece, the
torus, the pre-placed and the blocked squares, checked once.

>>> p = Problem.make(8, fixed=["d1"])     # d1: the fourth column of the bottom row
>>> p.n, p.fixed, p.constrained
(8, ((7, 3),), True)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..base.errors import BadInput
from ..base.limits import MAX_EXACT_N, check_n
from ..base.pieces import Piece, attacks
from ..base.squares import Square, Squares, as_squares
from ..base.squares import describe as _name

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt


@dataclass(frozen=True)
class Problem:
    """One exact-search problem: board size, piece, torus, pre-placed and blocked squares.

    Squares are 0-based ``(row, column)`` pairs.

    >>> Problem(4, fixed=((0, 1),)).allowed_masks()[:2].tolist()
    [2, 8]
    """

    n: int
    piece: Piece = Piece.QUEEN
    torus: bool = False
    fixed: tuple[Square, ...] = field(default_factory=tuple)
    blocked: tuple[Square, ...] = field(default_factory=tuple)

    @classmethod
    def make(cls, n: int, piece: Piece | str = Piece.QUEEN, torus: bool = False,
             fixed: Squares = (), blocked: Squares = ()) -> Problem:
        """Check the request and build the problem; bad requests raise :class:`BadInput`.
        Squares are names as the command line takes them or 0-based pairs
        (:func:`~nqueens.base.squares.as_squares`).

        >>> Problem.make(8, fixed=["d1"], blocked="a1,h8").blocked
        ((0, 7), (7, 0))
        """
        n = check_n(n, MAX_EXACT_N)
        piece = Piece.parse(piece)
        fixed_t = as_squares(fixed, n, "fixed")
        blocked_t = as_squares(blocked, n, "blocked")
        for kind, squares in (("fixed", fixed_t), ("blocked", blocked_t)):
            off = [sq for sq in squares if not (0 <= sq[0] < n and 0 <= sq[1] < n)]
            if off:
                raise BadInput(f"{kind} square {_name(off[0], n)} is off the {n}x{n} board")
        clash = set(fixed_t) & set(blocked_t)
        if clash:
            raise BadInput(f"square {_name(min(clash), n)} is both fixed and blocked")
        for i, a in enumerate(fixed_t):
            for b in fixed_t[i + 1:]:
                if attacks(piece, a, b, n, torus):
                    raise BadInput(
                        f"pre-placed {piece.value}s on {_name(a, n)} and {_name(b, n)} "
                        f"attack each other"
                    )
        return cls(n, piece, torus, fixed_t, blocked_t)

    @property
    def constrained(self) -> bool:
        """True when squares are fixed or blocked (the symmetry of the board is broken)."""
        return bool(self.fixed or self.blocked)

    @property
    def provably_empty(self) -> bool:
        """True when no search is needed: queens on a torus need gcd(n, 6) = 1 (Pólya), and
        superqueens, fixed or blocked squares only take solutions away.

        >>> Problem.make(20, torus=True).provably_empty, Problem.make(13, torus=True).provably_empty
        (True, False)
        """
        return self.torus and math.gcd(self.n, 6) != 1

    def no_solution_message(self) -> str:
        """The line that says this problem has no solution, naming what makes it special.

        >>> Problem.make(3).no_solution_message()
        'no solution exists for n = 3'
        >>> Problem.make(8, "superqueen", True, [(0, 0)]).no_solution_message()
        'no solution exists for n = 8 with superqueens, on the torus, with these fixed queens'
        """
        parts = []
        if self.piece is not Piece.QUEEN:
            parts.append(f"with {self.piece.value}s")
        if self.torus:
            parts.append("on the torus")
        if self.fixed and self.blocked:
            parts.append("with these fixed queens and blocked squares")
        elif self.fixed:
            parts.append("with these fixed queens")
        elif self.blocked:
            parts.append("with these blocked squares")
        return f"no solution exists for n = {self.n}" + (" " + ", ".join(parts) if parts else "")

    def allowed_masks(self) -> npt.NDArray[np.uint64]:
        """For each row, the mask of columns a queen may stand on.

        >>> Problem(4, blocked=((0, 0),)).allowed_masks().tolist()
        [14, 15, 15, 15]
        """
        import numpy as np  # only the searches need it: a count starts without numpy

        n = self.n
        full = (1 << n) - 1
        masks = [full] * n
        for r, c in self.blocked:
            masks[r] &= ~(1 << c)
        for fr, fc in self.fixed:
            for r in range(n):
                if r == fr:
                    masks[r] &= 1 << fc
                    continue
                for c in range(n):
                    if masks[r] >> c & 1 and attacks(self.piece, (fr, fc), (r, c), n, self.torus):
                        masks[r] &= ~(1 << c)
        return np.array(masks, dtype=np.uint64)
