"""The counting engines, one record each: what an engine counts, which problems it
takes, what memory it needs, and the functions that make and solve its subproblems.

:func:`engine_for` gives a problem the first engine of :data:`ENGINES` that takes it;
:func:`solve_batch` sends each subproblem of a batch to the engine that made it. Adding
an engine is one record here and the module that does the work.

>>> [e.name for e in ENGINES.values()]
['simple', 'halves', 'constellations']
>>> from nqueens.algorithms.counter import halves
>>> [r.total for r in solve_batch(halves.make_subproblems(6))]
[4, 0, 0, 0, 0, 0, 0]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ...base.pieces import Piece
from ..problem import Problem
from . import constellations, halves, simple
from .work import Subproblem, SubResult


@dataclass(frozen=True)
class Engine:
    """One way of counting.

    ``counts``: which boards, in words; ``takes``: whether it counts a problem;
    ``memory``: what a counting process needs, in words, and ``worker_bytes(n, parts)``
    the bound in bytes; ``version``: the journal's name for its subproblem list (a list
    made by another version is refused; ``layout(subs)``, when given, names a list
    more exactly); ``subproblems(problem, parts)``: its deterministic list of
    subproblems (``parts``: how finely the half-board engine splits its passes, None for
    its default), solved by ``solve_batch`` and judged by ``plausible`` (None: it counts
    a problem whole, with ``count_whole``); ``pool_from_n``: from this n on a local count
    starts a pool of processes.
    """

    name: str
    counts: str
    takes: Callable[[Problem], bool]
    memory: str
    worker_bytes: Callable[[int, int], int]
    pool_from_n: int
    version: str = ""
    subproblems: Callable[[Problem, int | None], list[Subproblem]] | None = None
    solve_batch: Callable[[Sequence[Subproblem]], list[SubResult]] | None = None
    plausible: Callable[[Subproblem, SubResult], str] | None = None
    count_whole: Callable[[Problem], tuple[int, int | None]] | None = None
    layout: Callable[[Sequence[Subproblem]], str] | None = None

    def name_of(self, subs: Sequence[Subproblem]) -> str:
        """The journal's name for the list ``subs`` of this engine."""
        return self.layout(subs) if self.layout is not None else self.version


def _small_process(n: int, parts: int = 0) -> int:
    """The memory of a process of an engine without tables of its own: 64 MiB."""
    return 64 << 20


def _takes_simple(problem: Problem) -> bool:
    return problem.constrained or problem.torus or problem.n < constellations.MIN_N


def _takes_halves(problem: Problem) -> bool:
    return problem.piece is Piece.QUEEN and halves.MIN_N <= problem.n <= halves.MAX_N


#: Every engine, in the order a problem is offered to them.
ENGINES: dict[str, Engine] = {e.name: e for e in (
    Engine("simple", "the torus, fixed or blocked squares and boards below 4, by a "
           "bitboard search over the first row halved by the mirror",
           _takes_simple, "a few MiB, in this process", _small_process,
           pool_from_n=10**9, count_whole=simple.count_problem),
    Engine("halves", f"the plain queen board, n = {halves.MIN_N} to {halves.MAX_N}, by "
           "joining half-boards made of quadrants (in parts from n = 24)",
           _takes_halves, "the quadrant lists and one pass's pair tables (3.0 GiB at 23), "
           "or one part's (2 GiB from n = 24, or what --memory-limit allows)",
           halves.worker_bytes, pool_from_n=halves.POOL_FROM_N,
           version=halves.ENGINE_VERSION,
           subproblems=lambda p, parts: halves.make_subproblems(p.n, parts),
           solve_batch=halves.solve_batch, plausible=halves.plausible, layout=halves.layout),
    Engine("constellations", "every other whole board from n = 4 (the superqueen, the "
           f"queen beyond n = {halves.MAX_N}), by start constellations",
           lambda p: True, "a few MiB a process", _small_process,
           pool_from_n=constellations.POOL_FROM_N, version=constellations.ENGINE_VERSION,
           subproblems=lambda p, parts: constellations.subproblems_of(p),
           solve_batch=constellations.solve_batch, plausible=constellations.plausible),
)}


def engine_for(problem: Problem) -> Engine:
    """The first engine of :data:`ENGINES` that takes ``problem``.

    >>> [engine_for(Problem.make(n)).name for n in (3, 8, 24, 29)]
    ['simple', 'halves', 'halves', 'constellations']
    """
    return next(e for e in ENGINES.values() if e.takes(problem))


def solve_batch(batch: Sequence[Subproblem]) -> list[SubResult]:
    """Solve a batch (the unit a worker receives), each record by its engine, in order.

    >>> from nqueens.algorithms.counter import constellations
    >>> [r.total for r in solve_batch(constellations.make_subproblems(6)[:2])]
    [1, 0]
    """
    out: dict[int, SubResult] = {}
    for name in dict.fromkeys(s.engine for s in batch):
        engine = ENGINES.get(name)
        if engine is None or engine.solve_batch is None:
            raise ValueError(f"no counting engine is called {name!r}")
        out.update((r.id, r) for r in engine.solve_batch([s for s in batch
                                                          if s.engine == name]))
    return [out[s.id] for s in batch]
