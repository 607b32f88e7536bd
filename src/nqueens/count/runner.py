"""Running subproblems: batching, executors, the journal and progress reports.

The runner knows nothing about how batches are executed. An *executor* is any
``map_unordered(fn, batches)`` that applies ``fn`` to every batch somewhere — in
this process, in a pool of local processes, on a cluster — and yields the results
as they finish, in any order. :func:`run` feeds it the subproblems that the journal
does not hold yet, records each finished batch in the journal, and reports progress.

>>> from nqueens.count.constellations import make_subproblems, tally
>>> subs = make_subproblems(8)
>>> tally(subs, run(subs, serial_map))
(92, 12)
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, Protocol

from ..errors import BadInput
from . import verify as check
from .journal import Journal
from .work import Subproblem, SubResult, solve_batch

Batch = list[Subproblem]
BatchFn = Callable[[Batch], list[SubResult]]


class MapUnordered(Protocol):
    """Apply ``fn`` to each batch and yield the results as they finish, in any order.

    Any such function is an executor; this one runs the batches last first:

    >>> from nqueens.count.constellations import make_subproblems, tally
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

    >>> from nqueens.count.constellations import make_subproblems
    >>> subs = make_subproblems(6)
    >>> [len(r) for r in serial_map(solve_batch, [subs[:1], subs[1:]])]
    [1, 15]
    """
    for b in batches:
        yield fn(b)


def _init_worker() -> None:  # pragma: no cover - runs in the worker processes
    # Ctrl-C is the parent's business; and a worker dies with its parent (Linux).
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # the pool stops its workers this way
    with contextlib.suppress(Exception):
        import ctypes

        libc = ctypes.CDLL("libc.so.6", use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


class PoolMap:
    """An executor over ``workers`` local processes with dynamic load balancing
    (each worker takes the next batch when it finishes one).

    >>> from nqueens.count.constellations import make_subproblems, tally
    >>> subs = make_subproblems(8)
    >>> with PoolMap(2) as pool:
    ...     tally(subs, run(subs, pool, workers=2))
    (92, 12)
    """

    def __init__(self, workers: int):
        self.workers = workers
        ctx = multiprocessing.get_context("fork" if os.name == "posix" else "spawn")
        self._pool: Any = ctx.Pool(workers, initializer=_init_worker)

    def __call__(self, fn: BatchFn, batches: Iterable[Batch]) -> Iterator[list[SubResult]]:
        yield from self._pool.imap_unordered(fn, batches, chunksize=1)

    def close(self) -> None:
        """Stop the workers (at once, abandoning batches in flight)."""
        self._pool.terminate()
        self._pool.join()

    def __enter__(self) -> PoolMap:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


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
        verify: bool = True, given: Sequence[SubResult] = ()) -> list[SubResult]:
    """Count every subproblem not yet in ``journal``; return the results of all of them.

    ``plan`` groups the subproblems still to do into batches (default:
    :func:`batches` for ``workers`` workers); an executor with other costs per task
    (a cluster) may bring its own. ``given`` holds results already computed in this
    run (a timed sample): they are recorded in the journal first and not counted again.

    Each finished batch is recorded in the journal (one transaction) before it is
    reported, so an interruption at any point loses at most the batches in flight.
    With ``verify``, the results a journal already holds are checked first
    (:func:`nqueens.count.verify.verify`: all for plausibility, a bounded random
    sample recounted); a mismatch raises :class:`BadInput` naming the subproblem.

    >>> from nqueens.count.constellations import digest, make_subproblems
    >>> subs = make_subproblems(8)
    >>> seen = []
    >>> results = run(subs, serial_map, progress=lambda done, total, *_: seen.append((done, total)))
    >>> seen[0], seen[-1]
    ((0, 78), (78, 78))

    With a journal, a second run counts nothing again (``plan`` makes one batch here:
    one transaction):

    >>> import os, tempfile
    >>> from nqueens.count.journal import JournalHeader
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
    results: list[SubResult] = []
    done: set[int] = set()
    if journal is not None:
        results = journal.results()
        done = {r.id for r in results}
        wrong = check.verify(subs, results) if verify and results else None
        if wrong is not None:
            raise BadInput(f"journal {journal.path} holds a wrong result: "
                           f"{check.describe(wrong)}; delete it to start over")
    fresh = [r for r in given if r.id not in done]
    if fresh:
        if journal is not None:
            journal.record(fresh)
        results = results + fresh
        done |= {r.id for r in fresh}
    cost_of = {s.id: max(1, s.cost) for s in subs}
    weight = {s.id: s.weight for s in subs}
    solutions = sum(weight[r.id] * r.total for r in results)
    cost_total = sum(cost_of.values())
    cost_done = sum(cost_of[i] for i in done)
    todo = [s for s in subs if s.id not in done]
    if progress is not None:
        progress(len(results), len(subs), cost_done, cost_total, solutions)
    planned = plan(todo) if plan is not None else batches(todo, workers)
    for finished in map_unordered(solve_batch, planned):
        if journal is not None:
            journal.record(finished)
        results.extend(finished)
        cost_done += sum(cost_of[r.id] for r in finished)
        solutions += sum(weight[r.id] * r.total for r in finished)
        if progress is not None:
            progress(len(results), len(subs), cost_done, cost_total, solutions)
    return results
