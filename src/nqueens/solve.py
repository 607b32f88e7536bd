"""One solution: the entry point that chooses a method for the board size.

=================  ==============================================================
method             what it does
=================  ==============================================================
``auto``           ``backtrack`` for n ≤ :data:`AUTO_BACKTRACK_MAX_N` and for any
                   constrained request, ``construct`` above
``backtrack``      the lexicographically first solution, bitboard search (n ≤ 32)
``construct``      the closed-form solution, O(n), any n (:mod:`nqueens.large`)
``min-conflicts``  greedy start and repair, seeded (:mod:`nqueens.large`)
``intuitive``      the source's intuitive repair (:mod:`nqueens.classic.intuitive`)
=================  ==============================================================

>>> from nqueens.solve import solve
>>> solve(8).as_tuple()
(0, 4, 7, 5, 2, 6, 1, 3)
>>> solve(8, method="construct").as_tuple()
(3, 5, 7, 1, 6, 0, 2, 4)
"""

from __future__ import annotations

from collections.abc import Iterable

from .board import Solution
from .classic.intuitive import MAX_INTUITIVE_SOLVE_N
from .errors import BadInput, NoSolution
from .pieces import Piece
from .search import MAX_EXACT_N, check_n, first_solution
from .squares import Square

#: Methods ``solve`` knows, ``auto`` first.
METHODS: tuple[str, ...] = ("auto", "backtrack", "construct", "min-conflicts", "intuitive")

#: ``auto`` uses the exact search up to this n. Measured on the project's 2-core
#: machine, the lexicographically first solution takes at most 0.03 s for every
#: n ≤ 29, but 0.68 s at n = 30 and 0.92 s at n = 32; the construction takes
#: microseconds at any of these sizes.
AUTO_BACKTRACK_MAX_N = 29

#: The largest n each method accepts.
MAX_N: dict[str, int] = {
    "backtrack": MAX_EXACT_N,
    "construct": 1_000_000_000,
    "min-conflicts": 1_000_000_000,
    "intuitive": MAX_INTUITIVE_SOLVE_N,
}


def choose_method(n: int, constrained: bool = False, torus_only: bool = False) -> str:
    """The method ``auto`` uses for an ``n``×``n`` board.

    ``constrained``: a superqueen, the torus, fixed or blocked squares; ``torus_only``:
    the torus is the only one of these (plain queens have a closed form there too).

    >>> choose_method(8), choose_method(30), choose_method(30, constrained=True)
    ('backtrack', 'construct', 'backtrack')
    >>> choose_method(31, constrained=True, torus_only=True)
    'construct'
    """
    if n <= AUTO_BACKTRACK_MAX_N or (constrained and not torus_only):
        return "backtrack"
    return "construct"


def _beyond(method: str, n: int, open_board: bool, torus_only: bool) -> str:
    """Why ``method`` cannot take this ``n``, and what can."""
    if method == "intuitive":
        return f"method 'intuitive' handles n up to {MAX_N[method]:,}, not {n:,}; use " \
               "construct or min-conflicts"
    if method != "backtrack":
        return f"method {method!r} handles n up to {MAX_N[method]:,}, not {n:,}"
    head = f"the exact search (backtrack) handles n up to {MAX_EXACT_N}, not {n:,}"
    if open_board:
        return head + "; use --method construct or min-conflicts"
    if torus_only:
        return head + "; use --method construct (a linear solution on the torus)"
    return head + ", and it is the only method for superqueens and for fixed or blocked squares"


def solve(n: int, *, method: str = "auto", piece: Piece | str = Piece.QUEEN, torus: bool = False,
          fixed: Iterable[Square] = (), blocked: Iterable[Square] = (), seed: int = 0,
          max_steps: int | None = None) -> Solution:
    """One solution for an ``n``×``n`` board, or :class:`~nqueens.errors.NoSolution`.

    ``backtrack`` returns the lexicographically first solution (n ≤ 32) and is the only
    method that takes a superqueen, ``fixed`` or ``blocked`` squares; the torus is taken
    by ``backtrack`` and by ``construct`` (any n).
    ``seed`` applies to ``min-conflicts`` and to the escapes of ``intuitive``; ``max_steps``
    to ``min-conflicts`` (an exhausted budget raises
    :class:`~nqueens.errors.BudgetExhausted`, a :class:`~nqueens.errors.NoSolution`).

    >>> solve(5, fixed=[(0, 2)]).as_tuple()
    (2, 0, 3, 1, 4)
    >>> solve(1000, method="min-conflicts", seed=1).is_valid()
    True
    """
    return solve_report(n, method=method, piece=piece, torus=torus, fixed=fixed,
                        blocked=blocked, seed=seed, max_steps=max_steps)[0]


def solve_report(n: int, *, method: str = "auto", piece: Piece | str = Piece.QUEEN,
                 torus: bool = False, fixed: Iterable[Square] = (),
                 blocked: Iterable[Square] = (), seed: int = 0,
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
    if method not in METHODS:
        raise BadInput(f"unknown method {method!r} (choose one of: {', '.join(METHODS)})")
    fixed = list(fixed)
    blocked = list(blocked)
    piece = Piece.parse(piece)
    others = bool(fixed or blocked or piece is not Piece.QUEEN)
    constrained = torus or others
    torus_only = torus and not others
    n = check_n(n)
    if method == "auto":
        method = choose_method(n, constrained, torus_only)
    if n > MAX_N[method]:
        raise BadInput(_beyond(method, n, not constrained, torus_only))
    if method == "backtrack":
        return (first_solution(n, piece=piece, torus=torus, fixed=fixed, blocked=blocked),
                method, {})
    if method == "construct" and torus_only:
        from .linear import exists, placement

        if not exists(n):
            raise NoSolution(f"no solution exists for n = {n} on the torus (queens on a torus "
                             "need n coprime to 6)")
        return placement(n, 2, 0), method, {}
    if torus_only:
        raise BadInput(f"method {method!r} places queens on an open board; on the torus use "
                       "--method construct (any n) or backtrack (n ≤ 32)")
    if constrained:
        hint = (f"use --method backtrack (n ≤ {MAX_EXACT_N})" if n <= MAX_EXACT_N else
                f"they need the exact search, which stops at n = {MAX_EXACT_N}")
        raise BadInput(f"method {method!r} places plain queens on an open board; superqueens "
                       f"and fixed or blocked squares: {hint}")
    if method == "construct":
        from .large import construct

        return construct(n), method, {}
    if method == "min-conflicts":
        from .large import min_conflicts_run

        sol, stats = min_conflicts_run(n, seed=seed, max_steps=max_steps)
        return sol, method, {"steps": stats.steps, "moves": stats.moves,
                             "restarts": stats.restarts}
    from .classic.intuitive import intuitive

    sol, states = intuitive(n, seed=seed)
    return sol, method, {"states": states}
