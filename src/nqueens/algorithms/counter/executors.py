"""Where the batches of a count run: executors over :mod:`concurrent.futures`.

:func:`nqueens.algorithms.counter.count` takes an ``executor``: None (the local pool,
:class:`PoolMap`, made and stopped by the count, or this process for small boards), a
:class:`concurrent.futures.Executor` (wrapped in :class:`FuturesMap`) or a
``distributed.Client`` (wrapped in :class:`nqueens.algorithms.counter.cluster.DaskMap`). An executor
handed in is used, never shut down.

Both wrappers are executors in the sense of :mod:`nqueens.algorithms.counter.runner`: each batch is
one task, and the results come back as they finish.

>>> from concurrent.futures import ThreadPoolExecutor
>>> from nqueens.algorithms.counter.constellations import make_subproblems, tally
>>> from nqueens.algorithms.counter.runner import run
>>> subs = make_subproblems(8)
>>> with ThreadPoolExecutor(2) as pool:
...     tally(subs, run(subs, FuturesMap(pool), workers=2))
(92, 12)
"""

from __future__ import annotations

import concurrent.futures as cf
import os
import time
from collections.abc import Callable, Iterable, Iterator

from puzzleshell.pool import start_local_pool, stop_local_pool

from ...base.errors import NQueensError
from .runner import Batch, BatchFn
from .verify import Gate
from .work import SubResult

#: How many times the local pool is started again when its worker processes die.
POOL_RESTARTS = 3


class ExecutorError(NQueensError):
    """The executor failed while counting (what is done stays in the journal).

    >>> ExecutorError("the executor broke").exit_code
    1
    """

    exit_code = 1


def is_dask_client(executor: object) -> bool:
    """Whether ``executor`` is a ``distributed.Client`` (or made from one), told by the
    names of its classes, so that Dask is not imported when it is not installed.

    >>> from concurrent.futures import ThreadPoolExecutor
    >>> is_dask_client(ThreadPoolExecutor(1)), is_dask_client(None)
    (False, False)
    """
    return any(k.__name__ == "Client" and k.__module__.split(".")[0] == "distributed"
               for k in type(executor).__mro__)


def slots_of(executor: cf.Executor) -> int:
    """How many batches ``executor`` runs at once: its ``max_workers`` where it tells
    (the executors of the standard library do), else the cores of this machine.

    >>> from concurrent.futures import ThreadPoolExecutor
    >>> slots_of(ThreadPoolExecutor(3))
    3
    """
    k = getattr(executor, "_max_workers", None)
    return k if isinstance(k, int) and k > 0 else (os.cpu_count() or 1)


class FuturesMap:
    """Run batches as tasks of a :class:`concurrent.futures.Executor`, yielding the
    results as they finish. The executor is used, never shut down.

    Each arriving batch passes a :class:`nqueens.algorithms.counter.verify.Gate` first:
    every result is checked, one random result a batch is recounted here while that
    stays within a small share of the time (``check=False``: none), and a wrong result
    is replaced by its count made here (``notify`` is told). With ``redundant`` every
    batch runs twice and the two are compared (a third count, here, settles a
    difference).

    >>> from concurrent.futures import ThreadPoolExecutor
    >>> from nqueens.algorithms.counter.constellations import make_subproblems, solve_batch
    >>> subs = make_subproblems(6)
    >>> with ThreadPoolExecutor(2) as pool:
    ...     m = FuturesMap(pool)
    ...     sorted(len(r) for r in m(solve_batch, [subs[:1], subs[1:]])), m.checked
    ([1, 15], 2)
    """

    #: The source of results named in messages.
    source = "the executor"

    def __init__(self, executor: cf.Executor | None, workers: int | None = None,
                 check: bool = True, redundant: bool = False,
                 notify: Callable[[str], None] | None = None):
        self.executor = executor
        self.workers = workers or (slots_of(executor) if executor is not None else 1)
        self.check = check
        self.redundant = redundant
        self.notify = notify
        #: How many arriving results were recounted here.
        self.checked = 0
        #: How many arriving results were wrong, and replaced by the count made here.
        self.replaced = 0

    def _pool(self) -> cf.Executor:
        """The executor to submit to."""
        if self.executor is None:  # pragma: no cover - PoolMap makes its own
            raise ExecutorError("no executor to count on")
        return self.executor

    def _broken(self, exc: BaseException) -> None:
        """React to an executor that broke (its workers died): raise
        :class:`ExecutorError`; :class:`PoolMap` starts a new pool instead."""
        raise ExecutorError(f"the executor's workers died ({type(exc).__name__}: {exc}); "
                            "finished subproblems are kept in the journal") from None

    def __call__(self, fn: BatchFn, batches: Iterable[Batch]) -> Iterator[list[SubResult]]:
        todo = list(batches)
        if not todo:
            return
        gate = Gate([s for b in todo for s in b], sample=self.check, notify=self.notify)
        copies = 2 if self.redundant else 1
        started = time.monotonic()
        cost_done = 0
        held: dict[int, list[SubResult]] = {}
        pending = {self._pool().submit(fn, b): i for i in range(len(todo)) for b in
                   [todo[i]] * copies}
        try:
            while pending:
                done, _ = cf.wait(pending, timeout=1.0, return_when=cf.FIRST_COMPLETED)
                for fut in done:
                    try:
                        results = fut.result()
                    except cf.BrokenExecutor as exc:
                        self._broken(exc)
                        pending = {self._pool().submit(fn, todo[i]): i
                                   for i in pending.values()}
                        break
                    i = pending.pop(fut)
                    if copies == 2 and i not in held:
                        held[i] = results
                        continue
                    cost_done += sum(max(1, s.cost) for s in todo[i])
                    # Seconds per unit of cost on one worker, by the pace so far.
                    gate.rate = (time.monotonic() - started) * self.workers / cost_done
                    try:
                        if copies == 2:
                            results = gate.settle(held.pop(i), results,
                                                  (self.source, self.source))
                        else:
                            results = gate.admit(results, self.source)
                    finally:
                        self.checked, self.replaced = gate.checked, gate.replaced
                    yield results
        finally:
            for fut in pending:
                fut.cancel()


class PoolMap(FuturesMap):
    """The local pool: ``workers`` processes of this machine (forked: they share the
    tables already built here), each taking the next batch when it finishes one.

    The pool starts with the first batch (a count with nothing left to do starts none)
    and stops, at once, on :meth:`close`; workers that die are replaced, and their
    batches run again, up to :data:`POOL_RESTARTS` times.

    >>> from nqueens.algorithms.counter.constellations import make_subproblems, tally
    >>> from nqueens.algorithms.counter.runner import run
    >>> subs = make_subproblems(8)
    >>> with PoolMap(2) as pool:
    ...     tally(subs, run(subs, pool, workers=2))
    (92, 12)
    """

    source = "a worker process of this machine"

    def __init__(self, workers: int):
        super().__init__(None, workers, check=False)
        #: How many times the pool was started again after its workers died.
        self.restarts = 0

    def _pool(self) -> cf.Executor:
        if self.executor is None:
            self.executor = start_local_pool(self.workers)
        return self.executor

    def _broken(self, exc: BaseException) -> None:
        self.close()
        self.restarts += 1
        if self.restarts > POOL_RESTARTS:
            raise ExecutorError(f"the worker processes died {self.restarts} times; finished "
                                "subproblems are kept in the journal") from None

    def close(self) -> None:
        """Stop the workers (at once, abandoning batches in flight)."""
        pool, self.executor = self.executor, None
        if pool is not None:
            stop_local_pool(pool)

    def __enter__(self) -> PoolMap:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
