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

from dataclasses import dataclass
from typing import Literal

from .errors import BadInput


@dataclass(frozen=True)
class Method:
    """One method: what it does, which commands take it, and how its trace reads.

    ``scan``: whether it fills the board row by row or column by column (the order
    its squares are tested in); ``step_unit``: what one of its steps is, in words;
    ``own_steps``: its steps are its own count carried by the events (not its square
    tests); ``work``: the names of the counts it reports (``solve`` and ``trace``
    give the same); ``kernel``: the compiled module that runs it fast, if any;
    ``data``: what the player page's data panel shows (None: no panel); ``tree``:
    the page draws its search tree.
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


#: Every method, in the order ``--help`` lists them.
METHODS: dict[str, Method] = {m.name: m for m in (
    Method("backtrack", "the lexicographically first solution, by bitboard search",
           solves=True, exhaustive=True, kernel="nqueens._core.bitboard"),
    Method("construct", "the closed-form solution, O(n), any n", solves=True),
    Method("proba", "Dijkstra/Wirth backtracking, column by column", traces=True,
           exhaustive=True, scan="column", kernel="nqueens._core.steps", data="arrays",
           tree=True),
    Method("arrays", "the same search with the three boolean arrays", traces=True,
           exhaustive=True, scan="column", kernel="nqueens._core.steps", data="arrays",
           tree=True),
    Method("sets", "row-by-row backtracking with the column and diagonal sets", traces=True,
           exhaustive=True, kernel="nqueens._core.steps", data="sets", tree=True),
    Method("rows", "row-by-row generation of all solutions, level by level", traces=True,
           exhaustive=True),
    Method("intuitive", "the source's intuitive repair, column by column", solves=True,
           traces=True, seeded=True, scan="column", work=("states",),
           kernel="nqueens._core.intuitive", data="attackers"),
    Method("min-conflicts", "a greedy start repaired by swaps that lower the attacks",
           solves=True, traces=True, seeded=True, budgeted=True,
           step_unit="candidate swaps", own_steps=True, work=("steps", "moves", "restarts"),
           kernel="nqueens._core.minconflicts", data="attackers"),
)}


def get(name: str) -> Method:
    """The method called ``name``.

    >>> get("sets").scan
    'row'
    >>> get("dfs")
    Traceback (most recent call last):
    ...
    nqueens.errors.BadInput: unknown method 'dfs' (choose one of: backtrack, construct, ...
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
