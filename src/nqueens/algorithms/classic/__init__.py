"""The algorithms of the sources, written to be read, each yielding trace events.

=================  =====================================================================
method             what it is
=================  =====================================================================
``proba``          Dijkstra/Wirth backtracking, column by column, rows top to bottom
                   (Hungarian source; the Vietnamese ``solveNQueen``/``isValid`` is the same)
``arrays``         the same search with the three boolean arrays ``sor``, ``kulonbseg``,
                   ``osszeg`` (Hungarian source)
``sets``           row-by-row backtracking with the ``cols``/``diag1``/``diag2`` sets
                   (Uzbek source)
``rows``           row-by-row generation of all solutions, level by level (Hungarian source)
``intuitive``      the intuitive repair of the Hungarian source (:mod:`.intuitive`)
``min-conflicts``  min-conflicts repair (:func:`nqueens.algorithms.repair.trace_min_conflicts`)
=================  =====================================================================

A *step* is one square test (:class:`nqueens.base.events.Kind` ``TEST``). The counts of
the backtracking without events come from :mod:`nqueens.algorithms.classic.stats`.

>>> from nqueens.base.events import count_steps
>>> count_steps(trace(8, "proba", until="first"))
876
"""

from __future__ import annotations

from collections.abc import Iterator

from ...base.errors import BadInput
from ...base.events import Event
from ...base.methods import get, names
from ...base.pieces import Piece
from .common import MAX_TRACE_N, check_until
from .proba import trace_arrays, trace_proba
from .rows import trace_rows
from .sets import trace_sets
from .stats import SearchSpace, StepCount, search_space, steps_to_first

#: Every traceable method, in the order ``--help`` lists them (see :mod:`nqueens.base.methods`).
METHODS: tuple[str, ...] = names(traces=True)

#: The methods that may search for all solutions (the repairs stop at their first).
EXHAUSTIVE: tuple[str, ...] = names(traces=True, exhaustive=True)

def trace(n: int, method: str = "proba", *, piece: Piece | str = Piece.QUEEN,
          until: str = "all", seed: int | None = None,
          max_steps: int | None = None) -> Iterator[Event]:
    """The events of ``method`` on an n×n board.

    ``until`` is ``first`` or ``all`` for the backtracking methods; the repair
    methods always stop at their first solution (``seed`` and ``max_steps`` are for
    ``min-conflicts``). ``piece`` is the queen or the superqueen (the repair methods
    place queens only).

    >>> from nqueens.base.events import solutions_of
    >>> solutions_of(trace(4, "arrays"), 4)
    [(2, 0, 3, 1), (1, 3, 0, 2)]
    """
    record = get(method)
    piece = Piece.parse(piece)
    until = check_until(until)
    if not record.traces:
        raise BadInput(f"method {method!r} is not traced (choose one of: {', '.join(METHODS)})")
    if piece is not Piece.QUEEN and not record.exhaustive:
        raise BadInput(f"method {method} places queens only (use proba, arrays, sets or rows "
                       f"for the {piece.value})")
    return record.trace(n, piece=piece, until=until, seed=seed, max_steps=max_steps)


def trace_repair(n: int, seed: int = 0, max_steps: int | None = None) -> Iterator[Event]:
    """The events of min-conflicts (:func:`nqueens.algorithms.repair.trace_min_conflicts`), made
    explicit for :func:`nqueens.base.events.replay`: a restart takes the old queens back.

    >>> from nqueens.base.events import solutions_of
    >>> len(solutions_of(trace_repair(8, seed=3), 8))
    1
    """
    from ..repair import trace_min_conflicts

    return _one_queen_per_row(trace_min_conflicts(n, seed=seed, max_steps=max_steps), n)


def _one_queen_per_row(events: Iterator[Event], n: int) -> Iterator[Event]:
    """Make a row-based repair trace explicit for :func:`nqueens.base.events.replay`: a PLACE
    on a row that holds a queen (a restart) first takes the old queen back, and a MOVE
    names the square its queen left (the queen of its row). Steps never go back."""
    from dataclasses import replace

    from ...base.events import Kind

    cols: dict[int, int] = {}
    step = 0
    for e in events:
        step = max(step, e.step)
        if e.step != step:
            e = replace(e, step=step)
        if e.kind is Kind.PLACE:
            if e.row in cols:
                yield Event(Kind.REMOVE, e.row, cols.pop(e.row), e.step, len(cols),
                            note="restart")
            cols[e.row] = e.col
        elif e.kind is Kind.MOVE and e.from_row < 0 and e.row in cols:
            e = replace(e, from_row=e.row, from_col=cols[e.row])
            cols[e.row] = e.col
        yield replace(e, depth=len(cols)) if e.kind is not Kind.DONE else e


__all__ = [
    "EXHAUSTIVE",
    "MAX_TRACE_N",
    "METHODS",
    "SearchSpace",
    "StepCount",
    "search_space",
    "steps_to_first",
    "trace",
    "trace_arrays",
    "trace_proba",
    "trace_rows",
    "trace_sets",
]
