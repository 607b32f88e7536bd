"""Counting solutions: all of them and the fundamental ones (classes under the 8 symmetries).

>>> from nqueens.count import count
>>> r = count(8)
>>> (r.total, r.fundamental)
(92, 12)
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass

from ..pieces import Piece
from ..search import Problem, Square
from .simple import count_problem


@dataclass(frozen=True)
class CountResult:
    """The outcome of a count. ``fundamental`` is None when symmetry does not apply
    (fixed or blocked squares break it)."""

    n: int
    total: int
    fundamental: int | None
    seconds: float
    piece: str = "queen"
    torus: bool = False

    def as_dict(self) -> dict[str, object]:
        """The result as a JSON-ready dictionary."""
        return {
            "n": self.n,
            "piece": self.piece,
            "torus": self.torus,
            "all": self.total,
            "fundamental": self.fundamental,
            "seconds": round(self.seconds, 6),
        }


def count(n: int, *, piece: Piece | str = Piece.QUEEN, torus: bool = False,
          fixed: Iterable[Square] = (), blocked: Iterable[Square] = ()) -> CountResult:
    """Count all solutions and (without fixed or blocked squares) the fundamental ones.

    >>> count(6).total, count(6).fundamental
    (4, 1)
    >>> count(5, fixed=[(0, 0)]).total
    2
    """
    problem = Problem.make(n, piece, torus, fixed, blocked)
    start = time.perf_counter()
    total, fundamental = count_problem(problem)
    return CountResult(problem.n, total, fundamental, time.perf_counter() - start,
                       problem.piece.value, problem.torus)
