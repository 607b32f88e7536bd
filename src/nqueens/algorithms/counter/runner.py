"""Running subproblems: batching, executors, the journal and progress reports.

The runner knows nothing about how batches are executed. An *executor* is any
``map_unordered(fn, batches)`` that applies ``fn`` to every batch somewhere — in
this process, in a pool of local processes, on a cluster — and yields the results
as they finish, in any order (:mod:`nqueens.algorithms.counter.executors` and
:mod:`nqueens.algorithms.counter.cluster` make them from ``concurrent.futures`` executors and Dask
clients). :func:`run` feeds it the subproblems that the journal
does not hold yet, records each finished batch in the journal, and reports progress.

>>> from nqueens.algorithms.counter.constellations import make_subproblems, tally
>>> subs = make_subproblems(8)
>>> tally(subs, run(subs, serial_map))
(92, 12)
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Protocol

from ...base.errors import BadInput
from . import verify as check
from .engines import solve_batch
from .work import Subproblem, SubResult

if TYPE_CHECKING:  # the journal is opened by the caller: a count without one needs no SQLite
    from .journal import Journal

Batch = list[Subproblem]
BatchFn = Callable[[Batch], list[SubResult]]


class MapUnordered(Protocol):
    """Apply ``fn`` to each batch and yield the results as they finish, in any order.

    Any such function is an executor; this one runs the batches last first:

    >>> from nqueens.algorithms.counter.constellations import make_subproblems, tally
    >>> def backwards(fn, batches):
    ...     for b in reversed(list(batches)):
    ...         yield fn(b)
    >>> subs = make_subproblems(8)
    >>> tally(subs, run(subs, backwards))
    (92, 12)
    """

    def __call__(self, fn: BatchFn, batches: Iterable[Batch]) -> Iterator[list[SubResult]]: ...


#: ``progress(subproblems_done, subproblems_total, cost_done, cost_total, solutions_so_far)``;
#: costs are the subproblems' size estimates, a better measure of the work done than counts.
Progress = Callable[[int, int, int, int, int], None]


def serial_map(fn: BatchFn, batches: Iterable[Batch]) -> Iterator[list[SubResult]]:
    """The in-process executor: one batch after another.

    >>> from nqueens.algorithms.counter.constellations import make_subproblems
    >>> subs = make_subproblems(6)
    >>> [len(r) for r in serial_map(solve_batch, [subs[:1], subs[1:]])]
    [1, 15]
    """
    for b in batches:
        yield fn(b)


def batches(subs: Sequence[Subproblem], workers: int, max_size: int = 64) -> list[Batch]:
    """Group subproblems (largest first) into batches: many more batches than workers so
    that the load balances, few enough that the cost of sending them stays small.

    >>> [len(b) for b in batches([Subproblem(i, 8, False, 8, 0, ()) for i in range(10)], 2)]
    [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]
    """
    if not subs:
        return []
    size = max(1, min(max_size, len(subs) // (workers * 32)))
    return [list(subs[i:i + size]) for i in range(0, len(subs), size)]


def run(subs: Sequence[Subproblem], map_unordered: MapUnordered, *,
        journal: Journal | None = None, progress: Progress | None = None,
        workers: int = 1,
        plan: Callable[[Sequence[Subproblem]], list[Batch]] | None = None,
        verify: bool = True, given: Sequence[SubResult] = (),
        stopwatch: Stopwatch | None = None,
        notify: Callable[[str], None] | None = None) -> list[SubResult]:
    """Count every subproblem not yet in ``journal``; return the results of all of them.

    ``plan`` groups the subproblems still to do into batches (default:
    :func:`batches` for ``workers`` workers); an executor with other costs per task
    (a cluster) may bring its own. ``given`` holds results already computed in this
    run (a timed sample): they are recorded in the journal first and not counted again.
    ``stopwatch`` (when given) times the counting itself, from the first batch handed to
    the executor to the last result.

    Each finished batch passes its checks first (:class:`nqueens.algorithms.counter.verify.Gate`
    without samples: a result that fails them is counted again here and replaced, and
    ``notify`` is told; one that fails twice stops the count with
    :class:`~nqueens.algorithms.counter.verify.CheckFailed`), so the journal never holds a
    result that failed them. It is then recorded in the journal (one transaction) before
    it is reported, so an interruption at any point loses at most the batches in flight.
    With ``verify``, the results a journal already holds are checked first
    (:func:`nqueens.algorithms.counter.verify.verify`: all for plausibility, a bounded random
    sample recounted); a mismatch raises :class:`BadInput` naming the subproblem.

    >>> from nqueens.algorithms.counter.constellations import digest, make_subproblems
    >>> subs = make_subproblems(8)
    >>> seen = []
    >>> results = run(subs, serial_map, progress=lambda done, total, *_: seen.append((done, total)))
    >>> seen[0], seen[-1]
    ((0, 78), (78, 78))

    With a journal, a second run counts nothing again (``plan`` makes one batch here:
    one transaction):

    >>> import os, tempfile
    >>> from nqueens.algorithms.counter.journal import Journal, JournalHeader
    >>> path = os.path.join(tempfile.mkdtemp(), "count.sqlite")
    >>> head = JournalHeader(8, "queen", "constellations-2", len(subs), digest(subs))
    >>> key = "a key of sixteen characters"
    >>> with Journal.open(path, head, key=key) as j:
    ...     first = run(subs, serial_map, journal=j, plan=lambda todo: [list(todo)])
    >>> sent = []
    >>> def watching(fn, batches):
    ...     sent.extend(batches)
    ...     return serial_map(fn, batches)
    >>> with Journal.open(path, head, key=key) as j:
    ...     again = run(subs, watching, journal=j)
    >>> sent, sorted(again) == sorted(first)
    ([], True)
    """
    results = _with_given(held_results(subs, journal, verify), given, journal)
    done = {r.id for r in results}
    counter = _Counter(subs, progress)
    counter.add(results)
    todo = [s for s in subs if s.id not in done]
    planned = plan(todo) if plan is not None else batches(todo, workers)
    if not planned:
        return results
    gate = check.Gate(todo, sample=False, notify=notify)
    source = str(getattr(map_unordered, "source", "a worker"))
    with stopwatch if stopwatch is not None else contextlib.nullcontext():
        for arrived in map_unordered(solve_batch, planned):
            finished = gate.admit(arrived, source)
            if journal is not None:
                journal.record(finished)
            results.extend(finished)
            counter.add(finished)
    return results


def held_results(subs: Sequence[Subproblem], journal: Journal | None,
                 verify: bool = True) -> list[SubResult]:
    """The results ``journal`` holds (none without one), checked first with ``verify``
    (:func:`nqueens.algorithms.counter.verify.verify`); a wrong one raises :class:`BadInput`.

    >>> held_results([], None)
    []
    """
    if journal is None:
        return []
    results = journal.results()
    wrong = check.verify(subs, results) if verify and results else None
    if wrong is not None:
        raise BadInput(f"journal {journal.path} holds a wrong result: "
                       f"{check.describe(wrong)}; delete it to start over")
    return results


def _with_given(results: list[SubResult], given: Sequence[SubResult],
                journal: Journal | None) -> list[SubResult]:
    """``results`` and those of ``given`` not among them, which are recorded first."""
    held = {r.id for r in results}
    fresh = [r for r in given if r.id not in held]
    if fresh and journal is not None:
        journal.record(fresh)
    return results + fresh


class _Counter:
    """What is done of a count (subproblems, their costs, solutions), told to
    ``progress`` at each step."""

    def __init__(self, subs: Sequence[Subproblem], progress: Progress | None):
        self._cost = {s.id: max(1, s.cost) for s in subs}
        self._weight = {s.id: s.weight for s in subs}
        self._progress = progress
        self._total = len(subs)
        self._cost_total = sum(self._cost.values())
        self._done = self._cost_done = self._solutions = 0

    def add(self, results: Sequence[SubResult]) -> None:
        self._done += len(results)
        self._cost_done += sum(self._cost[r.id] for r in results)
        self._solutions += sum(self._weight[r.id] * r.total for r in results)
        if self._progress is not None:
            self._progress(self._done, self._total, self._cost_done, self._cost_total,
                           self._solutions)


class Stopwatch:
    """The seconds spent inside its ``with`` blocks: a count's own time, without
    start-up, journal checks or shutting down.

    >>> watch = Stopwatch()
    >>> with watch:
    ...     _ = sum(range(1000))
    >>> 0 < watch.seconds < 1
    True
    """

    def __init__(self) -> None:
        self.seconds = 0.0
        self._started = 0.0

    def __enter__(self) -> Stopwatch:
        self._started = time.perf_counter()
        return self

    def __exit__(self, *exc: object) -> None:
        self.seconds += time.perf_counter() - self._started
