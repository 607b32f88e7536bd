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

import math
from collections.abc import Iterator
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from ..base.board import Solution, column_dtype
from ..base.errors import BadInput, NoSolution
from ..base.limits import MAX_EXACT_N, check_n
from ..base.pieces import Piece, attacks
from ..base.squares import Square, Squares, as_squares
from ..base.squares import describe as _name
from ..kernels import bitboard


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
        """For each row, the mask of columns a queen may stand on."""
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
