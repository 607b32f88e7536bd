"""Every method that finds or traces solutions, and the facts about it, declared once.

``solve`` takes the methods with ``solves``, ``trace`` those with ``traces``; the
player page, the trace summary and the documentation read the rest from here.

=================  =====  =====  ==========  ======  ========  ======  ================
method             solve  trace  exhaustive  seeded  budgeted  scan    a step is
=================  =====  =====  ==========  ======  ========  ======  ================
``backtrack``      yes    no     yes         no      no        row     a square tested
``construct``      yes    no     no          no      no        row     a square tested
``proba``          no     yes    yes         no      no        column  a square tested
``arrays``         no     yes    yes         no      no        column  a square tested
``sets``           no     yes    yes         no      no        row     a square tested
``rows``           no     yes    yes         no      no        row     a square tested
``intuitive``      yes    yes    no          yes     no        column  a square tested
``min-conflicts``  yes    yes    no          yes     yes       row     a candidate swap
=================  =====  =====  ==========  ======  ========  ======  ================

>>> get("min-conflicts").step_unit, get("proba").exhaustive
('candidate swaps', True)
>>> names(traces=True)
('proba', 'arrays', 'sets', 'rows', 'intuitive', 'min-conflicts')
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from .errors import BadInput
from .limits import MAX_CLASSIC_TRACE_N, MAX_EXACT_N, MAX_LARGE_N
from .pieces import Piece

if TYPE_CHECKING:
    from .board import Solution
    from .events import Event


@dataclass(frozen=True)
class Method:
    """One method: what it does, which commands take it, how its trace reads, what it
    takes, and the functions that run it.

    ``scan``: whether it fills the board row by row or column by column (the order
    its squares are tested in); ``step_unit``: what one of its steps is, in words;
    ``own_steps``: its steps are its own count carried by the events (not its square
    tests); ``work``: the names of the counts it reports (``solve`` and ``trace``
    give the same); ``kernel``: the compiled module that runs it fast, if any;
    ``data``: what the player page's data panel shows (None: no panel); ``tree``:
    the page draws its search tree. ``torus``, ``constraints``: it solves on the torus,
    and with superqueens, fixed or blocked squares; ``max_solve_n``, ``max_trace_n``:
    the largest board ``solve`` and ``trace`` give it. ``solver`` and ``tracer`` name
    the functions (``module:function``, imported when first run) that :meth:`solve`
    and :meth:`trace` call.
    """

    name: str
    summary: str
    solves: bool = False
    traces: bool = False
    exhaustive: bool = False
    seeded: bool = False
    budgeted: bool = False
    scan: Literal["row", "column"] = "row"
    step_unit: str = "squares tested"
    own_steps: bool = False
    work: tuple[str, ...] = ()
    kernel: str | None = None
    data: Literal["arrays", "sets", "attackers"] | None = None
    tree: bool = False
    torus: bool = False
    constraints: bool = False
    max_solve_n: int = 0
    max_trace_n: int = 0
    solver: str | None = None
    tracer: str | None = None

    def solve(self, n: int, **options: Any) -> tuple[Solution, dict[str, int]]:
        """One solution of an n×n board, and the counts of its :attr:`work`; ``options``
        are those of :func:`nqueens.tasks.solver.solve` (each method reads those it takes).

        >>> s, work = get("intuitive").solve(8, seed=0)
        >>> s.is_valid(), list(work)
        (True, ['states'])
        """
        if self.solver is None:
            raise BadInput(f"method {self.name!r} traces only; it does not solve")
        solution, work = _load(self.solver)(n, **options)
        return solution, work

    def trace(self, n: int, *, piece: Piece | str = Piece.QUEEN, until: str = "all",
              seed: int | None = None, max_steps: int | None = None) -> Iterator[Event]:
        """The events of this method on an n×n board: the exhaustive methods take the
        piece and ``until``, the seeded ones ``seed``, the budgeted ones ``max_steps``.

        >>> sum(1 for _ in get("sets").trace(4, until="first")) > 0
        True
        """
        if self.tracer is None:
            raise BadInput(f"method {self.name!r} solves only; it is not traced")
        options: dict[str, Any] = {}
        if self.exhaustive:
            options.update(piece=piece, until=until)
        if self.seeded and seed is not None:
            options["seed"] = seed
        if self.budgeted and max_steps is not None:
            options["max_steps"] = max_steps
        events: Iterator[Event] = _load(self.tracer)(n, **options)
        return events


def _load(target: str) -> Any:
    """The function ``module:function``, imported now."""
    import importlib

    module, _, function = target.partition(":")
    return getattr(importlib.import_module(module), function)


#: Every method, in the order ``--help`` lists them.
METHODS: dict[str, Method] = {m.name: m for m in (
    Method("backtrack", "the lexicographically first solution, by bitboard search",
           solves=True, exhaustive=True, kernel="nqueens._core.bitboard", torus=True,
           constraints=True, max_solve_n=MAX_EXACT_N,
           solver="nqueens.algorithms.search:solve_backtrack"),
    Method("construct", "the closed-form solution, O(n), any n", solves=True, torus=True,
           max_solve_n=MAX_LARGE_N, solver="nqueens.algorithms.closed_form:solve_construct"),
    Method("proba", "Dijkstra/Wirth backtracking, column by column", traces=True,
           exhaustive=True, scan="column", kernel="nqueens._core.steps", data="arrays",
           tree=True, max_trace_n=MAX_CLASSIC_TRACE_N,
           tracer="nqueens.algorithms.classic.proba:trace_proba"),
    Method("arrays", "the same search with the three boolean arrays", traces=True,
           exhaustive=True, scan="column", kernel="nqueens._core.steps", data="arrays",
           tree=True, max_trace_n=MAX_CLASSIC_TRACE_N,
           tracer="nqueens.algorithms.classic.proba:trace_arrays"),
    Method("sets", "row-by-row backtracking with the column and diagonal sets", traces=True,
           exhaustive=True, kernel="nqueens._core.steps", data="sets", tree=True,
           max_trace_n=MAX_CLASSIC_TRACE_N, tracer="nqueens.algorithms.classic.sets:trace_sets"),
    Method("rows", "row-by-row generation of all solutions, level by level", traces=True,
           exhaustive=True, max_trace_n=MAX_CLASSIC_TRACE_N,
           tracer="nqueens.algorithms.classic.rows:trace_rows"),
    Method("intuitive", "the source's intuitive repair, column by column", solves=True,
           traces=True, seeded=True, scan="column", work=("states",),
           kernel="nqueens._core.intuitive", data="attackers",
           # the native kernel's bound (its MAX_N); the readable trace is O(n²) a move
           max_solve_n=100_000, max_trace_n=300,
           solver="nqueens.algorithms.classic.intuitive:solve_intuitive",
           tracer="nqueens.algorithms.classic.intuitive:trace_intuitive"),
    Method("min-conflicts", "a greedy start repaired by swaps that lower the attacks",
           solves=True, traces=True, seeded=True, budgeted=True,
           step_unit="candidate swaps", own_steps=True, work=("steps", "moves", "restarts"),
           kernel="nqueens._core.minconflicts", data="attackers", max_solve_n=MAX_LARGE_N,
           # the readable trace keeps Python lists
           max_trace_n=1000, solver="nqueens.algorithms.repair:solve_min_conflicts",
           tracer="nqueens.algorithms.classic:trace_repair"),
)}


def get(name: str) -> Method:
    """The method called ``name``.

    >>> get("sets").scan
    'row'
    >>> get("dfs")
    Traceback (most recent call last):
    ...
    nqueens.base.errors.BadInput: unknown method 'dfs' (choose one of: backtrack, construct, ...
    """
    try:
        return METHODS[name]
    except KeyError:
        raise BadInput(f"unknown method {name!r} (choose one of: "
                       f"{', '.join(METHODS)})") from None


def table() -> str:
    """The table of the methods' facts, as this module's documentation shows it.

    >>> print(table().splitlines()[3])
    ``backtrack``      yes    no     yes         no      no        row     a square tested
    """
    rule = "=================  =====  =====  ==========  ======  ========  ======  ================"
    yes = {True: "yes", False: "no"}
    lines = [rule, "method             solve  trace  exhaustive  seeded  budgeted  scan    "
             "a step is", rule]
    for m in METHODS.values():
        step = "a candidate swap" if m.own_steps else "a square tested"
        cells = [f"``{m.name}``", yes[m.solves], yes[m.traces], yes[m.exhaustive],
                 yes[m.seeded], yes[m.budgeted], m.scan, step]
        widths = [19, 7, 7, 12, 8, 10, 8, 0]
        lines.append("".join(c.ljust(w) for c, w in zip(cells, widths, strict=True)).rstrip())
    return "\n".join([*lines, rule])


def names(*, solves: bool | None = None, traces: bool | None = None,
          exhaustive: bool | None = None, seeded: bool | None = None,
          budgeted: bool | None = None) -> tuple[str, ...]:
    """The names of the methods with the facts given, in the order of :data:`METHODS`.

    >>> names(solves=True)
    ('backtrack', 'construct', 'intuitive', 'min-conflicts')
    >>> names(traces=True, exhaustive=True)
    ('proba', 'arrays', 'sets', 'rows')
    >>> names(budgeted=True)
    ('min-conflicts',)
    """
    wanted = {"solves": solves, "traces": traces, "exhaustive": exhaustive, "seeded": seeded,
              "budgeted": budgeted}
    found = [m for m in METHODS.values()
             if all(v is None or getattr(m, k) is v for k, v in wanted.items())]
    return tuple(m.name for m in found)
