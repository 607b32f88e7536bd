"""Counting solutions: all of them and the fundamental ones (classes under the 8 symmetries).

Whole boards of the queen or the superqueen (n ≥ 4) are counted by start
constellations (:mod:`nqueens.count.constellations`): a sum over independent
subproblems that run on all cores, with an optional SQLite journal to resume
from. The torus and boards with fixed or blocked squares use the simple search of
:mod:`nqueens.count.simple`.

>>> from nqueens.count import count
>>> r = count(8)
>>> (r.total, r.fundamental)
(92, 12)
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterable
from dataclasses import dataclass

from ..errors import BadInput
from ..pieces import Piece
from ..search import Problem, Square
from . import constellations as cons
from .journal import Journal, JournalHeader
from .runner import PoolMap, Progress, run, serial_map
from .simple import count_problem

#: Below this n the default (``workers=None``) counts in this process: a pool costs more.
POOL_FROM_N = 14

#: From this n on each frame is split by the queen of its first row to fill.
SPLIT_FROM_N = 19

#: The most workers accepted.
MAX_WORKERS = 1024


@dataclass(frozen=True)
class CountResult:
    """The outcome of a count. ``fundamental`` is None when symmetry does not apply
    (fixed or blocked squares break it). ``engine`` is ``"constellations"`` or
    ``"simple"``; ``subproblems`` is how many the count was split into (0 for simple).

    >>> r = count(8, workers=1)
    >>> r.total, r.fundamental, r.engine, r.subproblems
    (92, 12, 'constellations', 78)
    >>> d = count(5, fixed=[(0, 0)]).as_dict()
    >>> d["all"], d["fundamental"], d["engine"]
    (2, None, 'simple')
    """

    n: int
    total: int
    fundamental: int | None
    seconds: float
    piece: str = "queen"
    torus: bool = False
    engine: str = "simple"
    subproblems: int = 0
    workers: int = 1

    def as_dict(self) -> dict[str, object]:
        """The result as a JSON-ready dictionary."""
        return {
            "n": self.n,
            "piece": self.piece,
            "torus": self.torus,
            "all": self.total,
            "fundamental": self.fundamental,
            "seconds": round(self.seconds, 6),
            "engine": self.engine,
            "subproblems": self.subproblems,
            "workers": self.workers,
        }


def check_workers(workers: object) -> int | None:
    """Return ``workers`` as an int (None stays None) or raise :class:`BadInput`.

    >>> check_workers(2)
    2
    """
    if workers is None:
        return None
    if isinstance(workers, bool) or not isinstance(workers, int) or not \
            1 <= workers <= MAX_WORKERS:
        raise BadInput(f"workers must be a whole number from 1 to {MAX_WORKERS}, not {workers!r}")
    return workers


def uses_constellations(problem: Problem) -> bool:
    """True when the problem is counted by start constellations (whole board, no torus).

    >>> uses_constellations(Problem.make(8)), uses_constellations(Problem.make(8, torus=True))
    (True, False)
    >>> uses_constellations(Problem.make(8, blocked=[(0, 0)]))
    False
    """
    return not problem.constrained and not problem.torus and problem.n >= cons.MIN_N


def default_split(n: int) -> int:
    """How many rows to fill each frame is split by (0 below :data:`SPLIT_FROM_N`).

    >>> default_split(18), default_split(19)
    (0, 1)
    """
    return 1 if n >= SPLIT_FROM_N else 0


def warm_up(piece: Piece | str = Piece.QUEEN) -> None:
    """Load (or compile) the counting kernels, so that a timed count does not include it.

    >>> warm_up()
    """
    for n in (2, 6):
        count(n, piece=piece, workers=1)


def count(n: int, *, piece: Piece | str = Piece.QUEEN, torus: bool = False,
          fixed: Iterable[Square] = (), blocked: Iterable[Square] = (),
          workers: int | None = None, journal: str | os.PathLike[str] | None = None,
          progress: Progress | None = None, scheduler: str | None = None,
          journal_key: str | None = None) -> CountResult:
    """Count all solutions and (without fixed or blocked squares) the fundamental ones.

    ``workers`` processes share the subproblems (None: all cores, in this process
    below n = 14). ``journal`` names an SQLite file that records each finished
    subproblem; counting again with the same file resumes (after checking what it
    holds) and gives the same result. Its rows are signed with ``journal_key``, or
    with a key kept in the user's configuration folder when that is None (see
    :mod:`nqueens.count.journal`). ``progress`` is called after each finished batch (see
    :data:`nqueens.count.runner.Progress`). ``scheduler`` (``tcp://HOST:PORT``) sends
    the subproblems to a running Dask cluster instead (see :mod:`nqueens.count.cluster`);
    the journal and the result are the same as for a local run.

    >>> count(6).total, count(6).fundamental
    (4, 1)
    >>> count(10, piece="superqueen").total
    4
    >>> count(5, fixed=[(0, 0)]).total
    2
    """
    problem = Problem.make(n, piece, torus, fixed, blocked)
    k = check_workers(workers)
    start = time.perf_counter()
    if not uses_constellations(problem):
        for option, value in (("a journal", journal), ("a cluster", scheduler)):
            if value is not None:
                raise BadInput(f"{option} needs the start-constellation count: a whole board "
                               f"(no --fixed, --blocked or --torus) with n >= {cons.MIN_N}")
        total, fundamental = count_problem(problem)
        return CountResult(problem.n, total, fundamental, time.perf_counter() - start,
                           problem.piece.value, problem.torus)
    subs = cons.make_subproblems(problem.n, problem.piece, default_split(problem.n))
    if k is None:
        k = (os.cpu_count() or 1) if problem.n >= POOL_FROM_N else 1
    jr: Journal | None = None
    if journal is not None:
        header = JournalHeader(problem.n, problem.piece.value, cons.ENGINE_VERSION, len(subs),
                               cons.digest(subs))
        jr = Journal.open(os.fspath(journal), header, key=journal_key)
    try:
        if scheduler is not None:
            from .cluster import DaskMap

            with DaskMap(scheduler) as cluster:
                results = run(subs, cluster, journal=jr, progress=progress)
                k = cluster.slots
        elif k > 1:
            with PoolMap(k) as pool:
                results = run(subs, pool, journal=jr, progress=progress, workers=k)
        else:
            results = run(subs, serial_map, journal=jr, progress=progress)
    finally:
        if jr is not None:
            jr.close()
    total, fundamental = cons.tally(subs, results)
    return CountResult(problem.n, total, fundamental, time.perf_counter() - start,
                       problem.piece.value, problem.torus, "constellations", len(subs), k)
