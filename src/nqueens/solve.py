"""One solution: the entry point that chooses a method for the board size.

>>> from nqueens.solve import solve
>>> solve(8).as_tuple()
(0, 4, 7, 5, 2, 6, 1, 3)
"""

from __future__ import annotations

from collections.abc import Iterable

from .board import Solution
from .errors import BadInput
from .pieces import Piece
from .search import MAX_EXACT_N, Square, check_n, first_solution

#: Methods ``solve`` knows, ``auto`` first.
METHODS: tuple[str, ...] = ("auto", "backtrack")


def solve(n: int, *, method: str = "auto", piece: Piece | str = Piece.QUEEN, torus: bool = False,
          fixed: Iterable[Square] = (), blocked: Iterable[Square] = ()) -> Solution:
    """One solution for an ``n``×``n`` board, or :class:`~nqueens.errors.NoSolution`.

    ``backtrack`` returns the lexicographically first solution (n ≤ 32).

    >>> solve(5, fixed=[(0, 2)]).as_tuple()
    (2, 0, 3, 1, 4)
    """
    if method not in METHODS:
        raise BadInput(f"unknown method {method!r} (choose one of: {', '.join(METHODS)})")
    n = check_n(n, MAX_EXACT_N)
    return first_solution(n, piece=piece, torus=torus, fixed=fixed, blocked=blocked)
