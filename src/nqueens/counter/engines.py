"""The counting engines, by name: a batch of subproblems solved, each by its engine.

>>> from nqueens.counter import halves
>>> [r.total for r in solve_batch(halves.make_subproblems(6))]
[2, 0, 2, 0, 0, 0, 0]
"""

from __future__ import annotations

from collections.abc import Sequence

from . import constellations, halves
from .work import Subproblem, SubResult


def solve_batch(batch: Sequence[Subproblem]) -> list[SubResult]:
    """Solve a batch (the unit a worker receives), each record by its engine, in order.

    >>> from nqueens.counter import constellations
    >>> [r.total for r in solve_batch(constellations.make_subproblems(6)[:2])]
    [1, 0]
    """
    engines = {"constellations": constellations.solve_batch, "halves": halves.solve_batch}
    out: dict[int, SubResult] = {}
    for name, solve in engines.items():
        mine = [s for s in batch if s.engine == name]
        if mine:
            out.update((r.id, r) for r in solve(mine))
    unknown = [s.engine for s in batch if s.engine not in engines]
    if unknown:
        raise ValueError(f"no counting engine is called {unknown[0]!r}")
    return [out[s.id] for s in batch]
