"""Executors handed to ``count``: the standard library's thread and process pools, the
local pool the count makes itself, and what happens when their workers die or lie."""

from __future__ import annotations

import multiprocessing
import os
import signal
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from nqueens import count
from nqueens.algorithms.counter import constellations as cons
from nqueens.algorithms.counter import make_subproblems, verify
from nqueens.algorithms.counter.executors import ExecutorError, FuturesMap, PoolMap, is_dask_client
from nqueens.algorithms.counter.journal import Journal, JournalHeader
from nqueens.algorithms.counter.runner import run
from nqueens.algorithms.counter.verify import CheckFailed
from nqueens.algorithms.counter.work import digest
from nqueens.algorithms.search import Problem
from nqueens.base.errors import BadInput

# OEIS A000170 (all) and A002562 (fundamental)
A000170 = {10: 724, 12: 14200, 13: 73712, 14: 365596, 16: 14772512, 17: 95815104}
A002562 = {10: 92, 12: 1787, 13: 9233, 14: 45752, 16: 1846955, 17: 11977939}


@pytest.mark.parametrize("n", [10, 13, 14])
def test_a_thread_pool_handed_in_counts_exactly_and_stays_open(n: int) -> None:
    with ThreadPoolExecutor(2) as pool:
        r = count(n, executor=pool)
        assert (r.total, r.fundamental, r.workers) == (A000170[n], A002562[n], 2)
        assert pool.submit(sum, [1, 2]).result() == 3  # not shut down by the count


def test_a_process_pool_handed_in_counts_exactly(tmp_path: Path) -> None:
    journal = tmp_path / "q16.sqlite"
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("fork")) as pool:
        r = count(16, executor=pool, journal=journal)
        assert (r.total, r.fundamental) == (A000170[16], A002562[16])
        s = count(12, piece="superqueen", executor=pool)
        assert (s.total, s.engine) == (156, "constellations")
    again = count(16, workers=1, journal=journal)
    assert (again.total, again.fundamental, again.seconds) == (r.total, r.fundamental, 0.0)


class NoSubmit(ThreadPoolExecutor):
    """An executor that must not be asked for anything."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        raise AssertionError("a finished journal sent work to the executor")


def test_a_finished_journal_starts_no_pool(tmp_path: Path) -> None:
    journal = tmp_path / "q14.sqlite"
    first = count(14, workers=2, journal=journal)
    with NoSubmit(1) as idle:
        again = count(14, executor=idle, journal=journal)
    assert (again.total, again.fundamental) == (first.total, first.fundamental)
    assert again.seconds == 0.0 < first.seconds
    # The local pool starts with its first batch: with none, no process is made.
    version, subs = make_subproblems(Problem.make(14))
    header = JournalHeader(14, "queen", version, len(subs), digest(subs))
    before = multiprocessing.active_children()
    with Journal.open(str(journal), header) as j, PoolMap(2) as pool:
        assert len(run(subs, pool, journal=j, workers=2)) == len(subs)
        assert pool.executor is None and multiprocessing.active_children() == before


def _kill_a_worker_at(step: int) -> Callable[..., None]:
    """A progress report that kills one worker process of this process at ``step``."""
    seen: list[int] = []

    def progress(done: int, *_: int) -> None:
        seen.append(done)
        if len(seen) == step:
            children = multiprocessing.active_children()
            assert children, "no worker process to kill"
            os.kill(children[0].pid, signal.SIGKILL)

    return progress


def test_a_local_worker_killed_mid_count_changes_nothing() -> None:
    version, subs = make_subproblems(Problem.make(16))
    with PoolMap(2) as pool:
        results = run(subs, pool, workers=2, progress=_kill_a_worker_at(3))
        assert pool.restarts == 1
    assert cons.tally(subs, results) == (A000170[16], A002562[16])
    assert sorted(r.id for r in results) == [s.id for s in sorted(subs, key=lambda s: s.id)]
    r = count(16, workers=2, progress=_kill_a_worker_at(3))
    assert (r.total, r.fundamental) == (A000170[16], A002562[16])


def test_a_closed_local_pool_leaves_no_thread_or_process_behind() -> None:
    # The interpreter, at exit, writes to the wake-up pipe of any pool thread still alive;
    # one closing at that moment printed a traceback after the last line of a command.
    import threading

    before = set(threading.enumerate())
    with PoolMap(2) as pool:
        results = run(make_subproblems(Problem.make(10))[1], pool, workers=2)
    assert sum(r.total for r in results) == A000170[10]
    assert set(threading.enumerate()) <= before
    assert multiprocessing.active_children() == []


def test_a_broken_executor_handed_in_stops_the_count_keeping_the_journal(
        tmp_path: Path) -> None:
    journal = tmp_path / "q17.sqlite"
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("fork")) as pool:
        with pytest.raises(ExecutorError, match="the executor's workers died"):
            count(17, executor=pool, journal=journal, progress=_kill_a_worker_at(3))
    done = count(17, workers=2, journal=journal)
    assert (done.total, done.fundamental) == (A000170[17], A002562[17])


class Lying(ThreadPoolExecutor):
    """A faulty executor: every total it returns is one too many."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        def wrong(batch: Any) -> Any:
            return [r._replace(total=r.total + 1) for r in fn(batch)]

        return super().submit(wrong, *args, **kwargs)


def test_wrong_results_from_an_executor_are_counted_again_here(tmp_path: Path) -> None:
    # Every total the executor returns is one too many: each fails its slices, is
    # counted again here and replaced; the journal holds only the right figures.
    subs = cons.make_subproblems(13)
    header = JournalHeader(13, "queen", cons.ENGINE_VERSION, len(subs), cons.digest(subs))
    told: list[str] = []
    with Journal.open(str(tmp_path / "j.sqlite"), header) as j, Lying(2) as pool:
        m = FuturesMap(pool, notify=told.append)
        results = run(subs, m, journal=j, workers=2)
        held = j.results()
    assert cons.tally(subs, results) == (A000170[13], A002562[13])
    assert sorted(held) == sorted(cons.solve_batch(subs))
    assert m.replaced == len(subs)  # every one was wrong
    assert len(told) == 1 and told[0].startswith("the executor returned a wrong result for "
                                                 "subproblem ")


def test_a_result_wrong_twice_stops_the_count_naming_it(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    # The count made here is faulty too (this machine's engine made to lie): the count
    # stops with exit status 1, naming the subproblem and where it came from.
    def lying(batch: Any) -> Any:
        return [r._replace(total=r.total + 8) for r in cons.solve_batch(batch)]

    monkeypatch.setattr(verify, "solve_batch", lying)
    subs = cons.make_subproblems(12)
    header = JournalHeader(12, "queen", cons.ENGINE_VERSION, len(subs), cons.digest(subs))
    with Journal.open(str(tmp_path / "j.sqlite"), header) as j, Lying(2) as pool:
        with pytest.raises(CheckFailed, match=r"^subproblem \d+ failed its checks twice: from "
                                              r"the executor \(its slices .*\) and counted "
                                              r"here \(its slices") as caught:
            run(subs, FuturesMap(pool), journal=j, workers=2)
        assert j.done() == set()
    assert caught.value.exit_code == 1


def test_a_local_worker_process_is_checked_too(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    # Results of this machine's own worker processes pass the same checks on arrival.
    def lying(batch: Any) -> Any:
        return [r._replace(total=r.total + 64) for r in cons.solve_batch(batch)]

    subs = cons.make_subproblems(12)
    told: list[str] = []
    results = run(subs, lambda fn, batches: (lying(b) for b in batches), notify=told.append)
    assert cons.tally(subs, results) == (A000170[12], A002562[12])
    assert told and "a worker returned a wrong result" in told[0]


def test_results_from_an_executor_are_spot_checked() -> None:
    subs = cons.make_subproblems(14)
    with ThreadPoolExecutor(2) as pool:
        m = FuturesMap(pool)
        assert cons.tally(subs, run(subs, m, workers=2)) == (A000170[14], A002562[14])
    assert m.checked >= 1


@pytest.mark.parametrize(("kwargs", "words"), [
    ({"workers": 2}, "workers and an executor exclude each other"),
    ({"memory_limit": 1 << 30}, "memory limit is for the local processes"),
    ({"torus": True}, "an executor needs a count split into subproblems"),
])
def test_what_an_executor_does_not_take_is_refused(kwargs: dict[str, Any], words: str) -> None:
    with ThreadPoolExecutor(1) as pool, pytest.raises(BadInput, match=words):
        count(10, executor=pool, **kwargs)


def test_only_executors_are_taken() -> None:
    with pytest.raises(BadInput, match="must be a concurrent.futures.Executor or a "
                                       "distributed.Client, not str"):
        count(10, executor="tcp://127.0.0.1:8786")
    assert not is_dask_client(ThreadPoolExecutor(1))
