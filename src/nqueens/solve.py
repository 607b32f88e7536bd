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
from .errors import BadInput
from .pieces import Piece
from .search import MAX_EXACT_N, Square, check_n, first_solution

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
    "intuitive": 1000,
}


def choose_method(n: int, constrained: bool = False) -> str:
    """The method ``auto`` uses for an ``n``×``n`` board.

    >>> choose_method(8), choose_method(30), choose_method(30, constrained=True)
    ('backtrack', 'construct', 'backtrack')
    """
    if constrained or n <= AUTO_BACKTRACK_MAX_N:
        return "backtrack"
    return "construct"


def solve(n: int, *, method: str = "auto", piece: Piece | str = Piece.QUEEN, torus: bool = False,
          fixed: Iterable[Square] = (), blocked: Iterable[Square] = (), seed: int = 0,
          max_steps: int | None = None) -> Solution:
    """One solution for an ``n``×``n`` board, or :class:`~nqueens.errors.NoSolution`.

    ``backtrack`` returns the lexicographically first solution (n ≤ 32) and is the only
    method that takes a superqueen, the torus, ``fixed`` or ``blocked`` squares.
    ``seed`` and ``max_steps`` apply to ``min-conflicts`` (an exhausted budget raises
    :class:`~nqueens.errors.NoSolution`).

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
    if method not in METHODS:
        raise BadInput(f"unknown method {method!r} (choose one of: {', '.join(METHODS)})")
    fixed = list(fixed)
    blocked = list(blocked)
    piece = Piece.parse(piece)
    constrained = bool(fixed or blocked or torus or piece is not Piece.QUEEN)
    if method == "auto":
        n = check_n(n)
        method = choose_method(n, constrained)
    n = check_n(n)
    if n > MAX_N[method]:
        raise BadInput(f"method {method!r} handles n up to {MAX_N[method]}, not {n}"
                       + ("; use construct or min-conflicts" if method != "construct" else ""))
    if method == "backtrack":
        return (first_solution(n, piece=piece, torus=torus, fixed=fixed, blocked=blocked),
                method, {})
    if constrained:
        raise BadInput(
            f"method {method!r} places plain queens on an open board; use --method backtrack "
            f"for a superqueen, the torus, fixed or blocked squares"
        )
    if method == "construct":
        from .large import construct

        return construct(n), method, {}
    if method == "min-conflicts":
        from .large import min_conflicts_run

        sol, stats = min_conflicts_run(n, seed=seed, max_steps=max_steps)
        return sol, method, {"steps": stats.steps, "moves": stats.moves,
                             "restarts": stats.restarts}
    from .classic.intuitive import intuitive

    sol, states = intuitive(n)
    return sol, method, {"states": states}
