"""Exact search: the first solution, all solutions as a lazy stream, with constraints.

Boards up to :data:`MAX_EXACT_N` columns are searched by the bitboard kernels of
:mod:`nqueens.kernels.bitboard`. Constraints — pre-placed queens (``fixed``),
forbidden squares (``blocked``), the superqueen's knight move, the torus — become
per-row masks inside the same kernels, never a separate slow path.

>>> from nqueens.algorithms.search import first_solution, solutions
>>> first_solution(8).as_tuple()
(0, 4, 7, 5, 2, 6, 1, 3)
>>> sum(1 for _ in solutions(6))
4
>>> [s.as_tuple() for s in solutions(4)]
[(1, 3, 0, 2), (2, 0, 3, 1)]
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import numpy.typing as npt

from ..base.board import Solution, column_dtype
from ..base.errors import BadInput, NoSolution
from ..base.pieces import Piece
from ..base.squares import Squares
from ..kernels import bitboard
from .problem import Problem as Problem  # the problem type, where the searches take it


def iter_solutions(problem: Problem, unique: bool = False, batch: int = 4096) -> Iterator[Solution]:
    """Every solution of ``problem`` in lexicographic order, produced lazily in batches.

    A request that cannot be served (``unique`` with fixed or blocked squares) raises
    :class:`BadInput` at once, before anything is produced.

    >>> [s.as_tuple() for s in iter_solutions(Problem(4))]
    [(1, 3, 0, 2), (2, 0, 3, 1)]
    >>> [s.as_tuple() for s in iter_solutions(Problem(6), unique=True)]
    [(1, 3, 5, 0, 2, 4)]
    >>> [s.as_tuple() for s in iter_solutions(Problem.make(5, fixed=[(0, 0)], blocked=[(1, 2)]))]
    [(0, 3, 1, 4, 2)]
    """
    if unique and problem.constrained:
        raise BadInput("--unique needs the whole board: it cannot be combined with fixed or "
                       "blocked squares")
    return _iter_solutions(problem, unique, batch)


def _iter_solutions(problem: Problem, unique: bool, batch: int) -> Iterator[Solution]:
    for block in iter_solution_batches(problem, unique, batch):
        for row in block.astype(column_dtype(block.shape[1]), copy=False):
            yield Solution.of_known_columns(row)


def iter_solution_batches(problem: Problem, unique: bool = False,
                          batch: int = 4096) -> Iterator[npt.NDArray[np.int64]]:
    """The stream of :func:`iter_solutions` as blocks of rows: each block is a new
    ``(k, n)`` array of columns, k growing 1, 4, 16, ... up to ``batch`` (for writers
    that format many boards at once).

    >>> [b.tolist() for b in iter_solution_batches(Problem(6))]
    [[[1, 3, 5, 0, 2, 4]], [[2, 5, 1, 4, 0, 3], [3, 0, 4, 1, 5, 2], [4, 2, 0, 5, 3, 1]]]

    A request that cannot be served raises at once, before any block is asked for.
    """
    if unique and problem.constrained:
        raise BadInput("--unique needs the whole board: it cannot be combined with fixed or "
                       "blocked squares")
    return _iter_solution_batches(problem, unique, batch)


def _iter_solution_batches(problem: Problem, unique: bool,
                           batch: int) -> Iterator[npt.NDArray[np.int64]]:
    if problem.provably_empty:
        return
    n = problem.n
    allowed = problem.allowed_masks()
    free = np.zeros(n + 1, dtype=np.uint64)
    bits = np.zeros(n, dtype=np.uint64)
    cm = np.zeros(n + 1, dtype=np.uint64)
    dm1 = np.zeros(n + 1, dtype=np.uint64)
    dm2 = np.zeros(n + 1, dtype=np.uint64)
    state = np.zeros(1, dtype=np.int64)
    free[0] = allowed[0]
    out = np.empty((batch, n), dtype=np.int64)
    size = 1  # the first boards come at once; later batches grow to ``batch``
    while state[0] >= 0:
        k = bitboard.enumerate_batch(n, allowed, problem.piece.knight, problem.torus, unique,
                                     free, bits, cm, dm1, dm2, state, out[:size])
        if k:
            yield out[:k].copy()
        size = min(batch, size * 4)


def solutions(n: int, *, unique: bool = False, piece: Piece | str = Piece.QUEEN,
              torus: bool = False, fixed: Squares = (),
              blocked: Squares = ()) -> Iterator[Solution]:
    """All solutions in lexicographic order of their columns, as a lazy stream.

    With ``unique=True`` only the canonical representative of each symmetry class
    (the least of its 8 images) is produced.

    >>> [s.as_tuple() for s in solutions(8, unique=True)][:2]
    [(0, 4, 7, 5, 2, 6, 1, 3), (0, 5, 7, 2, 6, 3, 1, 4)]
    """
    problem = Problem.make(n, piece, torus, fixed, blocked)
    return iter_solutions(problem, unique)


def first_solution(n: int, *, piece: Piece | str = Piece.QUEEN, torus: bool = False,
                   fixed: Squares = (), blocked: Squares = ()) -> Solution:
    """The lexicographically first solution, or :class:`NoSolution`.

    >>> first_solution(1)
    Solution([0])
    >>> first_solution(3)
    Traceback (most recent call last):
    ...
    nqueens.base.errors.NoSolution: no solution exists for n = 3
    """
    problem = Problem.make(n, piece, torus, fixed, blocked)
    for s in iter_solutions(problem, batch=1):
        return s
    raise NoSolution(problem.no_solution_message())


def solve_backtrack(n: int, *, piece: Piece | str = Piece.QUEEN, torus: bool = False,
                    fixed: Squares = (), blocked: Squares = (),
                    **_: object) -> tuple[Solution, dict[str, int]]:
    """The ``backtrack`` method of :mod:`nqueens.base.methods`: :func:`first_solution`, with
    no work to report.

    >>> solve_backtrack(6)[0].as_tuple()
    (1, 3, 5, 0, 2, 4)
    """
    return first_solution(n, piece=piece, torus=torus, fixed=fixed, blocked=blocked), {}
