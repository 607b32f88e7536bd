"""Counting solutions: all of them and the fundamental ones (classes under the 8 symmetries).

Whole boards are counted as a sum over independent subproblems that run on all
cores, with an optional SQLite journal to resume from, or on an executor handed in (a
:class:`concurrent.futures.Executor`, a Dask cluster's ``distributed.Client``). The
plain queen board with 4 <= n <= 23 is counted by joining half-boards
(:mod:`nqueens.algorithms.counter.halves`); the superqueen and larger queen boards by start
constellations (:mod:`nqueens.algorithms.counter.constellations`). The torus and boards with
fixed or blocked squares use the simple search of :mod:`nqueens.algorithms.counter.simple`. With
``device="cuda"`` the start constellations of the queen board are counted on a GPU
(:mod:`nqueens.algorithms.counter.gpu`).

>>> from nqueens.algorithms.counter import count
>>> r = count(8)
>>> (r.total, r.fundamental, r.engine)
(92, 12, 'halves')
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from ...base.errors import BadInput
from ...base.pieces import Piece
from ...base.squares import Squares
from ..problem import Problem
from . import constellations as cons
from . import halves
from . import memory as mem
from .engines import ENGINES, engine_for, solve_batch
from .pace import ESTIMATE_FROM_N, SAMPLE_SIZE, Estimate, time_sample
from .runner import MapUnordered, Progress, Stopwatch, run, serial_map
from .work import Subproblem, SubResult, digest, tally

if TYPE_CHECKING:
    from concurrent.futures import Executor

    from . import crosscheck
    from .journal import Journal

# What a count in this process alone does not need (pools of processes, executors, the
# journal's SQLite, the cross-check's numpy) is imported where it is used: a count of
# a small board starts in a fraction of the time.

#: The most workers accepted.
MAX_WORKERS = 1024


@dataclass(frozen=True)
class CountResult:
    """The outcome of a count. ``fundamental`` is None when symmetry does not apply
    (fixed or blocked squares break it). ``engine`` is ``"halves"``,
    ``"constellations"`` or ``"simple"`` (see :func:`engine_of`); ``subproblems`` is how
    many the count was split into (0 for simple); ``seconds`` the time spent counting
    (see :func:`count`).

    >>> r = count(8, workers=1)
    >>> r.total, r.fundamental, r.engine, r.subproblems
    (92, 12, 'halves', 12)
    >>> d = count(5, fixed=[(0, 0)]).as_dict()
    >>> d["total"], d["fundamental"], d["engine"]
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
    device: str = "cpu"

    def as_dict(self) -> dict[str, object]:
        """The result as a JSON-ready dictionary: ``total`` as the attribute is named, and
        ``all``, its former name, kept as an alias for a release."""
        return {
            "n": self.n,
            "piece": self.piece,
            "torus": self.torus,
            "total": self.total,
            "all": self.total,
            "fundamental": self.fundamental,
            "seconds": round(self.seconds, 6),
            "engine": self.engine,
            "subproblems": self.subproblems,
            "workers": self.workers,
            "device": self.device,
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


def engine_of(problem: Problem) -> str:
    """The name of the engine that counts ``problem``
    (:data:`~nqueens.algorithms.counter.engines.ENGINES`): ``"halves"`` for the plain
    queen board with n = 4 to 28, ``"constellations"`` for other whole boards from n = 4
    (the superqueen, queen boards from n = 29), ``"simple"`` for the torus, fixed or
    blocked squares and tiny boards.

    >>> [engine_of(Problem.make(n)) for n in (3, 8, 24, 29)]
    ['simple', 'halves', 'halves', 'constellations']
    >>> engine_of(Problem.make(8, "superqueen")), engine_of(Problem.make(8, torus=True))
    ('constellations', 'simple')
    """
    return engine_for(problem).name


def uses_subproblems(problem: Problem) -> bool:
    """True when the problem is counted as subproblems (so a journal, a cluster and a
    progress bar apply): every whole board from n = 4 on.

    >>> uses_subproblems(Problem.make(8)), uses_subproblems(Problem.make(8, torus=True))
    (True, False)
    >>> uses_subproblems(Problem.make(8, blocked=[(0, 0)]))
    False
    """
    return engine_for(problem).subproblems is not None


def make_subproblems(problem: Problem, parts: int | None = None
                     ) -> tuple[str, list[Subproblem]]:
    """The journal's name for the list and the subproblem list of a whole-board count;
    ``parts``: how finely the half-board engine splits its passes (None: its default,
    whole passes to n = 23; see :func:`plan_parts`).

    >>> version, subs = make_subproblems(Problem.make(10))
    >>> version, len(subs)
    ('halves-2', 21)
    >>> make_subproblems(Problem.make(10), parts=2)[0]
    'halves-2:parts=2'
    """
    engine = engine_for(problem)
    if engine.subproblems is None:
        raise BadInput(f"the {engine.name} engine counts n = {problem.n} whole, without "
                       "subproblems")
    try:
        subs = engine.subproblems(problem, parts)
    except ValueError as exc:  # parts the engine does not split into
        raise BadInput(str(exc)) from None
    return engine.name_of(subs), subs


def memory_per_worker(problem: Problem, parts: int = 0) -> int:
    """At most how many bytes one counting process needs for ``problem`` (the
    half-board engine's tables, whole or in ``parts``; a small constant for the other
    engines).

    >>> memory_per_worker(Problem.make(20)) > memory_per_worker(Problem.make(8, "superqueen"))
    True
    """
    return engine_for(problem).worker_bytes(problem.n, parts)


def plan_workers(problem: Problem, workers: int | None = None,
                 memory_limit: int | None = None, parts: int = 0) -> tuple[int, int]:
    """``(workers to run, workers wanted)`` for a local count of ``problem``: the
    wanted ones (None: all cores, or one for small boards), as many of them as fit in
    ``memory_limit`` bytes (None: :func:`nqueens.algorithms.counter.memory.default_limit`);
    :class:`BadInput` when not even one fits.

    >>> plan_workers(Problem.make(8), 4)
    (4, 4)
    >>> plan_workers(Problem.make(20), 2, memory_limit=memory_per_worker(Problem.make(20)))
    (1, 2)
    """
    workers = _wanted(problem, workers)
    limit = mem.default_limit() if memory_limit is None else memory_limit
    fit = mem.workers_within(memory_per_worker(problem, parts), workers, limit,
                             f"n = {problem.n}", given=memory_limit is not None)
    return fit, workers


def _wanted(problem: Problem, workers: int | None) -> int:
    if workers is not None:
        return workers
    return (os.cpu_count() or 1) if problem.n >= engine_for(problem).pool_from_n else 1


def journal_parts(problem: Problem, journal: str | os.PathLike[str] | None) -> int | None:
    """How finely the half-board engine's passes were split in the list of the count
    journaled in ``journal`` (None: no such journal, or not one of that engine).

    >>> journal_parts(Problem.make(12), None) is None
    True
    """
    if journal is None or engine_for(problem).name != halves.ENGINE:
        return None
    from .journal import Journal

    stored = Journal.stored_engine(os.fspath(journal))
    return halves.parts_of_layout(stored) if stored is not None else None


def plan_parts(problem: Problem, workers: int | None = None, memory_limit: int | None = None,
               journal: str | os.PathLike[str] | None = None) -> int | None:
    """How finely the half-board engine splits the passes of a local count of
    ``problem`` (None for other engines): as the journal's list was split when
    ``journal`` holds one; else whole passes to n = 23 when a process with the whole
    lists fits ``memory_limit`` (None: the default); else the fewest prefix columns whose
    parts let the wanted workers fit, or failing that one worker
    (:func:`nqueens.algorithms.counter.halves.parts_within`).

    >>> plan_parts(Problem.make(12)), plan_parts(Problem.make(12), 2, memory_limit=100_000)
    (0, 2)
    >>> plan_parts(Problem.make(8, "superqueen")) is None
    True
    """
    if engine_for(problem).name != halves.ENGINE:
        return None
    found = journal_parts(problem, journal)
    if found is not None:
        return found
    n = problem.n
    limit = mem.default_limit() if memory_limit is None else memory_limit
    if n <= halves.WHOLE_MAX_N and 8 * halves.west_placements(n) <= limit \
            and halves.worker_bytes(n) <= limit:
        return 0
    parts = (halves.parts_within(n, limit // _wanted(problem, workers))
             or halves.parts_within(n, limit))
    if parts is None:
        finest = halves.part_bytes_estimate(n, n - n // 2 - 1)
        raise BadInput(f"counting n = {n} needs about {mem.format_size(finest)} of memory per "
                       "worker even in its finest parts, "
                       + mem.beyond(limit, memory_limit is not None))
    return parts


def warm_up(piece: Piece | str = Piece.QUEEN) -> None:
    """Count two small boards, so that the counting code is loaded and run once.

    >>> warm_up()
    """
    for n in (2, 6):
        count(n, piece=piece, workers=1)


def as_problem(n: int | Problem, piece: Piece | str = Piece.QUEEN, torus: bool = False,
               fixed: Squares = (), blocked: Squares = ()) -> Problem:
    """The problem to count: ``n`` itself when it is a :class:`~nqueens.algorithms.search.Problem`
    (then the other arguments must keep their defaults), else the one they describe.

    >>> as_problem(8, torus=True).torus
    True
    >>> p = Problem.make(6)
    >>> as_problem(p) is p
    True
    >>> as_problem(p, torus=True)
    Traceback (most recent call last):
    ...
    nqueens.base.errors.BadInput: give the problem or its parts (piece, torus, fixed, ...), not both
    """
    if not isinstance(n, Problem):
        return Problem.make(n, piece, torus, fixed, blocked)
    if Piece(piece) is not Piece.QUEEN or torus or tuple(fixed) or tuple(blocked):
        raise BadInput("give the problem or its parts (piece, torus, fixed, blocked), not both")
    return n


def check_options(problem: Problem, *, workers: int | None = None,
                  memory_limit: int | None = None, executor: object = None,
                  journal: object = None, device: str = "cpu") -> None:
    """Raise :class:`BadInput` when the options of :func:`count` do not go together.

    >>> from concurrent.futures import ThreadPoolExecutor
    >>> check_options(Problem.make(8), workers=2, executor=ThreadPoolExecutor(2))
    Traceback (most recent call last):
    ...
    nqueens.base.errors.BadInput: workers and an executor exclude each other: ...
    """
    check_workers(workers)
    if memory_limit is not None and (isinstance(memory_limit, bool) or
                                     not isinstance(memory_limit, int) or memory_limit < 1):
        raise BadInput(f"the memory limit must be a positive number of bytes, not "
                       f"{memory_limit!r}")
    if executor is not None:
        _check_executor(executor, workers, memory_limit, device)
    if not uses_subproblems(problem) and device == "cpu":
        for option, value in (("a journal", journal), ("an executor", executor)):
            if value is not None:
                raise BadInput(f"{option} needs a count split into subproblems: a whole board "
                               f"(no --fixed, --blocked or --torus) with n >= {cons.MIN_N}")


def _check_executor(executor: object, workers: int | None, memory_limit: int | None,
                    device: str) -> None:
    """Refuse what is not an executor, and options that an executor does not take."""
    from concurrent.futures import Executor

    from .executors import is_dask_client

    if not (is_dask_client(executor) or isinstance(executor, Executor)):
        raise BadInput("the executor must be a concurrent.futures.Executor or a "
                       f"distributed.Client, not {type(executor).__name__}")
    if workers is not None:
        raise BadInput("workers and an executor exclude each other: the executor's workers "
                       "do the counting")
    if memory_limit is not None:
        raise BadInput("a memory limit is for the local processes, not for an executor")
    if device != "cpu":
        raise BadInput(f"counting on {device} and an executor exclude each other: count on "
                       "one of them")


def count(n: int | Problem, *, piece: Piece | str = Piece.QUEEN, torus: bool = False,
          fixed: Squares = (), blocked: Squares = (),
          workers: int | None = None, journal: str | os.PathLike[str] | None = None,
          progress: Progress | None = None, executor: Executor | Any = None,
          journal_key: str | None = None, memory_limit: int | None = None,
          estimate: Callable[[Estimate], None] | None = None, device: str = "cpu",
          notify: Callable[[str], None] | None = None, parts: int | None = None,
          redundant: bool = False) -> CountResult:
    """Count all solutions and (without fixed or blocked squares) the fundamental ones.

    ``n`` is the board size, or a whole :class:`~nqueens.algorithms.search.Problem` (then without
    ``piece``, ``torus``, ``fixed`` or ``blocked``).

    Where the subproblems run is ``executor``'s: None counts in ``workers`` local
    processes (None: all cores, in this process below n = 14), a pool started by the
    count when there is work left and stopped by it; no more of them run than fit in
    ``memory_limit`` bytes (None: :func:`nqueens.algorithms.counter.memory.default_limit`;
    ``notify`` is told when that means fewer), and a count that does not fit with one raises
    :class:`BadInput` before it starts. A :class:`concurrent.futures.Executor` or a
    ``distributed.Client`` (a Dask cluster, see :mod:`nqueens.algorithms.counter.cluster`) runs them
    instead, as tasks; it is used, never shut down. The journal and the result are the
    same wherever the count runs.

    Every result passes its own checks as it arrives (its slices, column sum and
    symmetry counts, :func:`nqueens.algorithms.counter.verify.plausible`), and of an
    executor's results one a batch is recounted here while that stays within a small
    share of the time; ``redundant`` counts every batch on two different workers of the
    executor and compares them. A wrong result is counted again here and replaced
    (``notify`` is told, naming the worker; later results of that worker are all counted
    again here); one that fails its checks here too stops the count with
    :class:`~nqueens.algorithms.counter.verify.CheckFailed` (exit status 1). See
    ``docs/cluster.md`` for the odds of an error going unseen.

    ``parts`` splits each pass of the half-board engine by that many prefix columns
    (0: whole passes, n <= 23). None chooses: a journal's own split when it holds one
    (:func:`journal_parts`), else what fits the memory limit locally
    (:func:`plan_parts`), or the engine's default on an executor (whole to n = 23, else
    parts of at most 2 GiB).

    ``journal`` names an SQLite file that records each finished subproblem; counting
    again with the same file resumes (after checking what it holds) and gives the same
    result. Its rows are signed with ``journal_key``, or with a key kept in the user's
    configuration folder when that is None (see :mod:`nqueens.algorithms.counter.journal`).
    ``progress`` is called after each finished batch (see
    :data:`nqueens.algorithms.counter.runner.Progress`). From n = 19 on, on local processes,
    ``estimate`` (when given) receives the expected time of the count, from a sample of
    subproblems timed first (their results are kept).

    The result's ``seconds`` are the time spent counting subproblems in this call: not
    making them (or the tables they share), starting or stopping workers, opening and
    checking the journal, or what the journal held already (a finished one: 0).

    ``device="cuda"`` (or ``"cuda:K"``) counts the queen board's start constellations
    on a GPU (the ``nqueens[gpu]`` extra; n from 4 to 32, no executor): the same
    subproblems, journal and results as the constellation engine on the CPU; ``notify``
    is told when the kernel is compiled, once per machine. ``device="host"`` runs that
    path's kernel on this processor (the check of a machine without a GPU).

    >>> count(12, device="host").total
    14200
    >>> count(6).total, count(6).fundamental
    (4, 1)
    >>> count(10, piece="superqueen").total
    4
    >>> count(5, fixed=[(0, 0)]).total
    2
    >>> from concurrent.futures import ThreadPoolExecutor
    >>> with ThreadPoolExecutor(2) as pool:
    ...     count(10, executor=pool).total
    724
    >>> count(20, memory_limit=1 << 20)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    nqueens.base.errors.BadInput: counting n = 20 needs ... more than the limit of 1 MiB; ...
    """
    problem = as_problem(n, piece, torus, fixed, blocked)
    check_options(problem, workers=workers, memory_limit=memory_limit, executor=executor,
                  journal=journal, device=device)
    if redundant and executor is None:
        raise BadInput("redundant counting runs each batch on two workers of a cluster or "
                       "an executor: hand one in (--scheduler)")
    if device != "cpu":
        return _count_on_device(problem, device, journal=journal, progress=progress,
                                journal_key=journal_key, notify=notify)
    engine = engine_for(problem)
    watch = Stopwatch()
    if engine.count_whole is not None:
        with watch:
            total, fundamental = engine.count_whole(problem)
        return CountResult(problem.n, total, fundamental, watch.seconds,
                           problem.piece.value, problem.torus, engine.name)
    if parts is None:
        parts = (plan_parts(problem, workers, memory_limit, journal) if executor is None
                 else journal_parts(problem, journal))
    version, subs = make_subproblems(problem, parts)
    with _opened(problem, version, subs, journal, journal_key) as jr, \
            _target(problem, workers, memory_limit, executor, notify, parts or 0,
                    redundant) as target:
        given: list[SubResult] = []
        if estimate is not None and target.local and problem.n >= ESTIMATE_FROM_N:
            given = _sample(subs, jr, target.workers, estimate, watch,
                            memory_per_worker(problem, parts or 0))
        results = run(subs, target.map, journal=jr, progress=progress,
                      workers=target.workers, given=given, stopwatch=watch, notify=notify)
        used = target.slots()
    total, fundamental = tally(subs, results)
    return CountResult(problem.n, total, fundamental, watch.seconds, problem.piece.value,
                       problem.torus, engine.name, len(subs), used)


def verify_journal(n: int | Problem, journal: str | os.PathLike[str], sample: int | None, *,
                   piece: Piece | str = Piece.QUEEN, journal_key: str | None = None,
                   workers: int | None = None, rng: random.Random | None = None,
                   progress: crosscheck.Progress | None = None,
                   starting: Callable[[int, int], None] | None = None
                   ) -> crosscheck.SampleCheck:
    """Recount ``sample`` random finished subproblems of the count journaled in
    ``journal`` (all of them when ``sample`` is None) by another method than their
    engine's (:mod:`nqueens.algorithms.counter.crosscheck`), on ``workers`` local
    processes (None: all cores). The journal is checked as a resumed count checks it
    (every row's MAC under its key) and left as it was; ``starting(chosen, finished)`` is
    told how many subproblems are recounted, of how many finished, before they are.

    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "q10.sqlite")
    >>> count(10, journal=path, journal_key="a key of sixteen characters").total
    724
    >>> found = verify_journal(10, path, 3, journal_key="a key of sixteen characters")
    >>> len(found.checked), found.recorded, found.agrees
    (3, 21, True)
    """
    problem = as_problem(n, piece)
    check_workers(workers)
    path = os.fspath(journal)
    if not os.path.isfile(path):
        raise BadInput(f"no journal at {path}: --verify-sample recounts the finished "
                       "subproblems of a count's journal")
    version, subs = make_subproblems(problem, plan_parts(problem, journal=path))
    with _opened(problem, version, subs, path, journal_key) as jr:
        assert jr is not None
        results = jr.results()
    from . import crosscheck

    return crosscheck.verify_sample(subs, results, sample, rng=rng, progress=progress,
                                    starting=starting, workers=workers or os.cpu_count() or 1)


@dataclass
class _Target:
    """Where a count's batches run: the executor, how many workers it has (now), and
    whether they are local processes."""

    map: MapUnordered
    workers: int
    local: bool
    slots: Callable[[], int]


@contextmanager
def _target(problem: Problem, workers: int | None, memory_limit: int | None,
            executor: object, notify: Callable[[str], None] | None,
            parts: int = 0, redundant: bool = False) -> Iterator[_Target]:
    """The executor of a count: local processes (made and stopped here), this process, a
    Dask cluster or a :class:`concurrent.futures.Executor` (used as they are)."""
    if executor is None:
        fit, wanted = plan_workers(problem, workers, memory_limit, parts)
        if fit < wanted and notify is not None:
            notify(f"counting with {fit} of {wanted} workers: more would not fit in the "
                   "memory limit (--memory-limit)")
        if fit == 1:
            yield _Target(serial_map, 1, True, lambda: 1)
            return
        from .executors import PoolMap

        with PoolMap(fit) as pool:
            yield _Target(pool, fit, True, lambda: fit)
        return
    from concurrent.futures import Executor

    from .executors import FuturesMap, is_dask_client

    if is_dask_client(executor):
        from .cluster import DaskMap

        dask = DaskMap(executor, redundant=redundant, notify=notify)
        yield _Target(dask, 1, False, lambda: dask.slots)
    elif isinstance(executor, Executor):  # _check_executor refused anything else
        given = FuturesMap(executor, redundant=redundant, notify=notify)
        yield _Target(given, given.workers, False, lambda: given.workers)


@contextmanager
def _opened(problem: Problem, version: str, subs: list[Subproblem],
            journal: str | os.PathLike[str] | None,
            key: str | None) -> Iterator[Journal | None]:
    """The journal of a count (None without one), closed afterwards."""
    if journal is None:
        yield None
        return
    from .journal import Journal, JournalHeader

    header = JournalHeader(problem.n, problem.piece.value, version, len(subs), digest(subs))
    with Journal.open(os.fspath(journal), header, key=key) as jr:
        yield jr


def _sample(subs: list[Subproblem], jr: Journal | None, workers: int,
            estimate: Callable[[Estimate], None], watch: Stopwatch,
            worker_bytes: int) -> list[SubResult]:
    """Time a sample of the subproblems still to do, tell ``estimate`` how long the
    count should take, and return the sample's results."""
    done = jr.done() if jr is not None else set()
    todo = [s for s in subs if s.id not in done]
    if not todo:
        return []
    with watch:
        found, given = time_sample(todo, workers, solve_batch)
    estimate(replace(found, worker_bytes=worker_bytes))
    return given


def estimate_count(n: int | Problem, *, piece: Piece | str = Piece.QUEEN,
                   workers: int | None = None, memory_limit: int | None = None,
                   parts: int | None = None, sample: int = SAMPLE_SIZE) -> Estimate:
    """How long the count of ``n`` would take on this machine, counting nothing but a
    sample: ``sample`` subproblems spread over the work (:func:`~.pace.pick_sample`),
    timed here one after another, with what each worker needs in memory. The workers,
    memory limit and parts are planned as :func:`count` plans them.

    >>> found = estimate_count(14, workers=2, sample=2)
    >>> found.sampled, found.subproblems, found.workers, found.worker_bytes > 0
    (2, 71, 2, True)
    """
    problem = as_problem(n, piece)
    check_options(problem, workers=workers, memory_limit=memory_limit)
    if not uses_subproblems(problem):
        raise BadInput("only a whole board's count can be estimated (no --torus, --fixed "
                       "or --blocked)")
    if isinstance(sample, bool) or not isinstance(sample, int) or sample < 1:
        raise BadInput(f"the sample must be a whole number of subproblems, at least 1, not "
                       f"{sample!r}")
    if parts is None:
        parts = plan_parts(problem, workers, memory_limit)
    _, subs = make_subproblems(problem, parts)
    fit, _ = plan_workers(problem, workers, memory_limit, parts or 0)
    keys = {halves.setup_key(s) for s in subs} - {None}
    found, _ = time_sample(subs, fit, solve_batch, sample,
                           halves.prepare if keys else None, len(keys))
    return replace(found, worker_bytes=memory_per_worker(problem, parts or 0))


def _count_on_device(problem: Problem, device: str, *, journal: str | os.PathLike[str] | None,
                     progress: Progress | None, journal_key: str | None,
                     notify: Callable[[str], None] | None) -> CountResult:
    """:func:`count` on a GPU (or the GPU path's kernel on the host): the queen board's
    start constellations, journaled as on the CPU."""
    from . import gpu

    if problem.piece is not Piece.QUEEN or not uses_subproblems(problem):
        raise BadInput(f"counting on {device} takes the whole queen board (no --piece "
                       "superqueen, --torus, --fixed or --blocked)")
    if not cons.MIN_N <= problem.n <= gpu.MAX_GPU_N:
        raise BadInput(f"counting on {device} takes n = {cons.MIN_N} to {gpu.MAX_GPU_N}, "
                       f"not {problem.n}")
    watch = Stopwatch()
    engine = ENGINES["constellations"]  # the GPU's kernel counts start constellations
    subs = cons.subproblems_of(problem)
    with gpu.GpuMap(gpu.open_backend(device, notify)) as executor, \
            _opened(problem, engine.version, subs, journal, journal_key) as jr:
        results = run(subs, executor, journal=jr, progress=progress, plan=executor.plan,
                      stopwatch=watch, notify=notify)
    total, fundamental = tally(subs, results)
    return CountResult(problem.n, total, fundamental, watch.seconds, problem.piece.value,
                       problem.torus, engine.name, len(subs), 1, device)
