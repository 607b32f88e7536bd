"""One solution: the entry point that chooses a method for the board size.

=================  ==============================================================
method             what it does
=================  ==============================================================
``auto``           ``backtrack`` for n ≤ :data:`AUTO_BACKTRACK_MAX_N` and for any
                   constrained request, ``construct`` above
``backtrack``      the lexicographically first solution, bitboard search (n ≤ 32)
``construct``      the closed-form solution, O(n), any n ()
``min-conflicts``  greedy start and repair, seeded ()
``intuitive``      the source's intuitive repair (:mod:`nqueens.algorithms.classic.intuitive`)
=================  ==============================================================

>>> from nqueens.tasks.solver import solve
>>> solve(8).as_tuple()
(0, 4, 7, 5, 2, 6, 1, 3)
>>> solve(8, method="construct").as_tuple()
(3, 5, 7, 1, 6, 0, 2, 4)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..base import methods
from ..base.board import Solution
from ..base.errors import BadInput
from ..base.limits import MAX_EXACT_N, check_n
from ..base.methods import names
from ..base.pieces import Piece
from ..base.squares import Squares, as_squares

#: Methods ``solve`` knows, ``auto`` first.
METHODS: tuple[str, ...] = ("auto", *names(solves=True))

#: ``auto`` uses the exact search up to this n: the lexicographically first solution
#: takes hundredths of a second up to n = 29 and most of a second from n = 30 on, where
#: the construction takes microseconds.
AUTO_BACKTRACK_MAX_N = 29

@dataclass(frozen=True)
class Plan:
    """The method a request runs, and why it was chosen.

    >>> p = plan(8)
    >>> p.method, p.reason.split(':')[0]
    ('backtrack', 'auto')
    """

    method: str
    reason: str


def plan(n: int, *, method: str = "auto", piece: Piece | str = Piece.QUEEN,
         torus: bool = False, fixed: Squares = (),
         blocked: Squares = ()) -> Plan:
    """The method that solves this request, and why; :class:`BadInput` when the method
    asked for cannot take it (saying which can).

    >>> plan(30).method, plan(30, fixed=[(0, 0)]).method, plan(31, torus=True).method
    ('construct', 'backtrack', 'construct')
    >>> plan(40, method="backtrack")
    Traceback (most recent call last):
    ...
    nqueens.base.errors.BadInput: the exact search (backtrack) handles n up to 32, not 40; use ...
    """
    if method != "auto" and not methods.get(method).solves:
        raise BadInput(f"method {method!r} is not one that solves (choose one of: "
                       f"{', '.join(METHODS)})")
    piece = Piece.parse(piece)
    others = bool(list(fixed) or list(blocked) or piece is not Piece.QUEEN)
    constrained, torus_only = torus or others, torus and not others
    n = check_n(n)
    if method != "auto":
        chosen = Plan(method, f"asked for: {methods.get(method).summary}")
    elif others:
        chosen = Plan("backtrack", "auto: superqueens and fixed or blocked squares need the "
                                   "exact search")
    elif n <= AUTO_BACKTRACK_MAX_N:
        chosen = Plan("backtrack", "auto: the exact search gives the lexicographically first "
                                   f"solution, at once up to n = {AUTO_BACKTRACK_MAX_N}")
    elif torus:
        chosen = Plan("construct", f"auto: above n = {AUTO_BACKTRACK_MAX_N} a linear solution "
                                   "of the torus, in closed form")
    else:
        chosen = Plan("construct", f"auto: above n = {AUTO_BACKTRACK_MAX_N} the closed form "
                                   "answers at once")
    _check_takes(chosen.method, n, constrained, torus_only)
    return chosen


def _check_takes(method: str, n: int, constrained: bool, torus_only: bool) -> None:
    """Refuse a method that cannot solve this request (what it takes is in its record)."""
    record = methods.get(method)
    if n > record.max_solve_n:
        raise BadInput(_beyond(record, n, not constrained, torus_only))
    if record.constraints or (record.torus and torus_only):
        return
    if torus_only:
        raise BadInput(f"method {method!r} places queens on an open board; on the torus use "
                       "--method construct (any n) or backtrack (n ≤ 32)")
    if constrained:
        hint = (f"use --method backtrack (n ≤ {MAX_EXACT_N})" if n <= MAX_EXACT_N else
                f"they need the exact search, which stops at n = {MAX_EXACT_N}")
        raise BadInput(f"method {method!r} places plain queens on an open board; superqueens "
                       f"and fixed or blocked squares: {hint}")


def _beyond(record: methods.Method, n: int, open_board: bool, torus_only: bool) -> str:
    """Why the method cannot take this ``n``, and what can."""
    if record.name == "intuitive":
        return f"method 'intuitive' handles n up to {record.max_solve_n:,}, not {n:,}; use " \
               "construct or min-conflicts"
    if record.name != "backtrack":
        return f"method {record.name!r} handles n up to {record.max_solve_n:,}, not {n:,}"
    head = f"the exact search (backtrack) handles n up to {MAX_EXACT_N}, not {n:,}"
    if open_board:
        return head + "; use --method construct or min-conflicts"
    if torus_only:
        return head + "; use --method construct (a linear solution on the torus)"
    return head + ", and it is the only method for superqueens and for fixed or blocked squares"


def solve(n: int, *, method: str = "auto", piece: Piece | str = Piece.QUEEN, torus: bool = False,
          fixed: Squares = (), blocked: Squares = (), seed: int = 0,
          max_steps: int | None = None) -> Solution:
    """One solution for an ``n``×``n`` board, or :class:`~nqueens.base.errors.NoSolution`.

    ``backtrack`` returns the lexicographically first solution (n ≤ 32) and is the only
    method that takes a superqueen, ``fixed`` or ``blocked`` squares; the torus is taken
    by ``backtrack`` and by ``construct`` (any n).
    ``seed`` applies to ``min-conflicts`` and to the escapes of ``intuitive``; ``max_steps``
    to ``min-conflicts`` (an exhausted budget raises
    :class:`~nqueens.base.errors.BudgetExhausted`, a :class:`~nqueens.base.errors.NoSolution`).

    >>> solve(5, fixed=[(0, 2)]).as_tuple()
    (2, 0, 3, 1, 4)
    >>> solve(1000, method="min-conflicts", seed=1).is_valid()
    True
    """
    return solve_report(n, method=method, piece=piece, torus=torus, fixed=fixed,
                        blocked=blocked, seed=seed, max_steps=max_steps)[0]


def solve_report(n: int, *, method: str = "auto", piece: Piece | str = Piece.QUEEN,
                 torus: bool = False, fixed: Squares = (),
                 blocked: Squares = (), seed: int = 0,
                 max_steps: int | None = None) -> tuple[Solution, str, dict[str, int]]:
    """Like :func:`solve`, and say how: ``(solution, method used, what the work was)``.

    The work is ``{"states": k}`` for the intuitive repair (the source's count of
    states), ``{"steps", "moves", "restarts"}`` for min-conflicts, and empty for the
    exact search and the construction.

    >>> s, used, work = solve_report(8, method="intuitive")
    >>> s.is_valid(), used, work
    (True, 'intuitive', {'states': 26})
    >>> solve_report(40)[1:]
    ('construct', {})
    """
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise BadInput(f"the seed must be a whole number, not {seed!r}")
    size = check_n(n)
    fixed = list(as_squares(fixed, size, "fixed"))
    blocked = list(as_squares(blocked, size, "blocked"))
    piece = Piece.parse(piece)
    method = plan(n, method=method, piece=piece, torus=torus, fixed=fixed,
                  blocked=blocked).method
    solution, work = methods.get(method).solve(n, piece=piece, torus=torus, fixed=fixed,
                                               blocked=blocked, seed=seed,
                                               max_steps=max_steps)
    return solution, method, work
