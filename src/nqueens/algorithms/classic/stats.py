"""How big the search is: the figures of the source's tables, computed for any n.

* :func:`steps_to_first`: the squares ``proba`` tests before its first solution
  (OEIS A140450: 876 for n = 8), with the queens placed and taken back;
* :func:`search_space`: the sizes of the ways of searching (C(n², n) squares,
  n^n one per column, n! one per column and row) beside the backtracking tree:
  its nodes per level, their total, the squares tested to find every solution, the
  solutions and the fundamental ones.

Both run the compiled kernels of :mod:`nqueens.kernels.steps`, which count the same
steps as the traced :func:`nqueens.algorithms.classic.trace_proba` (the tests hold them
together).

>>> steps_to_first(8).steps
876
>>> s = search_space(8)
>>> s.nodes_per_level, s.nodes, s.squares_tested
((1, 8, 42, 140, 344, 568, 550, 312, 92), 2057, 15720)
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from ...base.board import Solution
from ...base.limits import MAX_EXACT_N, check_n
from ...base.pieces import Piece
from ...kernels import steps as kernel

#: Why the step counts and the search-space table have no torus: they are the figures of
#: the source's backtracking, which plays on the ordinary board (as do its compiled
#: counters), and on a torus they would be another search's.
NO_TORUS = ("not for this command: its figures are those of proba, the source's "
            "backtracking on the ordinary board (its counters have no torus); "
            "'nqueens count N --torus' counts the solutions on the torus")


@dataclass(frozen=True)
class StepCount:
    """The run of ``proba`` up to its first solution.

    ``rows`` (when ``found``) is the 0-based row of the queen in each column, the
    order in which the source prints it; ``solution`` the same board as a
    :class:`~nqueens.Solution` (the column of the queen in each row).

    >>> r = steps_to_first(4)
    >>> r.rows, r.solution
    ((1, 3, 0, 2), Solution([2, 0, 3, 1]))
    >>> r.as_dict()["rows"], r.steps
    ([2, 4, 1, 3], 26)
    """

    n: int
    steps: int
    placed: int
    backtracks: int
    found: bool
    rows: tuple[int, ...]
    piece: str = "queen"

    @property
    def solution(self) -> Solution | None:
        """The first solution, or None when there is none."""
        if not self.found:
            return None
        cols = [0] * self.n
        for c, r in enumerate(self.rows):
            cols[r] = c
        return Solution(cols)

    def as_dict(self) -> dict[str, object]:
        """JSON-ready."""
        return {"n": self.n, "piece": self.piece, "steps": self.steps, "placed": self.placed,
                "backtracks": self.backtracks, "found": self.found,
                "rows": [r + 1 for r in self.rows] if self.found else None}


def steps_to_first(n: int, piece: Piece | str = Piece.QUEEN) -> StepCount:
    """Run ``proba`` to its first solution and count its steps (square tests).

    >>> r = steps_to_first(8)
    >>> r.steps, r.placed, r.backtracks, [x + 1 for x in r.rows]
    (876, 113, 105, [1, 5, 8, 6, 3, 7, 2, 4])
    >>> steps_to_first(3).found
    False
    """
    n = check_n(n, MAX_EXACT_N)
    piece = Piece.parse(piece)
    pos = np.zeros(n, dtype=np.int64)
    tests, placed, removed, found = kernel.first_solution_steps(n, piece.knight, pos)
    rows = tuple(int(x) for x in pos) if found else ()
    return StepCount(n, int(tests), int(placed), int(removed), bool(found), rows, piece.value)


@dataclass(frozen=True)
class SearchSpace:
    """The search-space table for one n (the classic table of how big the search is).

    >>> for what, how_many in search_space(4).rows():
    ...     print(f"{how_many:>5}  {what}")
     1820  any 4 of 16 squares, C(16, 4)
      256  one queen per column, 4^4
       24  one per column and per row, 4!
       60  squares tested to find all solutions
       17  nodes of the backtracking tree (root included)
        2  solutions
        1  fundamental solutions
    """

    n: int
    piece: str
    subsets: int             #: C(n², n): any n of the n² squares
    per_column: int          #: n^n: one queen in each column
    permutations: int        #: n!: one in each column and each row
    nodes_per_level: tuple[int, ...]  #: partial boards of k queens, k = 0 … n (root first)
    fundamental: int | None  #: solutions up to the 8 symmetries of the square

    @property
    def nodes(self) -> int:
        """Nodes of the backtracking tree, root included."""
        return sum(self.nodes_per_level)

    @property
    def squares_tested(self) -> int:
        """Squares ``proba`` tests to find every solution: n for each inner node."""
        return self.n * sum(self.nodes_per_level[:-1])

    @property
    def solutions(self) -> int:
        """All solutions (the leaves at level n)."""
        return self.nodes_per_level[-1]

    def rows(self) -> list[tuple[str, int]]:
        """The table's rows, (what, how many), largest way of searching first."""
        return [
            (f"any {self.n} of {self.n * self.n} squares, C({self.n * self.n}, {self.n})",
             self.subsets),
            (f"one queen per column, {self.n}^{self.n}", self.per_column),
            (f"one per column and per row, {self.n}!", self.permutations),
            ("squares tested to find all solutions", self.squares_tested),
            ("nodes of the backtracking tree (root included)", self.nodes),
            ("solutions", self.solutions),
        ] + ([("fundamental solutions", self.fundamental)] if self.fundamental is not None
             else [])

    def as_dict(self) -> dict[str, object]:
        """JSON-ready."""
        return {
            "n": self.n, "piece": self.piece, "subsets": self.subsets,
            "per_column": self.per_column, "permutations": self.permutations,
            "nodes_per_level": list(self.nodes_per_level), "nodes": self.nodes,
            "squares_tested": self.squares_tested, "total": self.solutions,
            "solutions": self.solutions,     # the former name of the total, for a release
            "fundamental": self.fundamental,
        }


def search_space(n: int, piece: Piece | str = Piece.QUEEN,
                 progress: Callable[[int, int], None] | None = None) -> SearchSpace:
    """Compute the search-space table for an n×n board.

    The tree is walked once per first-column row, and only for the top half of
    the rows: turning the board upside down maps the subtree of row ``r`` onto the
    subtree of row ``n − 1 − r``, level by level. ``progress(done, total)`` is
    called after each subtree.

    >>> search_space(4).nodes_per_level
    (1, 4, 6, 4, 2)
    """
    n = check_n(n, MAX_EXACT_N)
    piece = Piece.parse(piece)
    nodes = np.zeros(n + 1, dtype=np.int64)
    nodes[0] = 1
    half = n // 2
    todo = list(range(half)) + ([half] if n % 2 else [])
    for i, first in enumerate(todo):
        part = np.zeros(n + 1, dtype=np.int64)
        kernel.tree_profile(n, piece.knight, first, part)
        nodes += part if (n % 2 and first == half) else 2 * part
        if progress is not None:
            progress(i + 1, len(todo))
    from ..counter import count

    fundamental = count(n, piece=piece).fundamental
    return SearchSpace(n, piece.value, math.comb(n * n, n), n ** n, math.factorial(n),
                       tuple(int(x) for x in nodes), fundamental)
