"""How long a count will take: a timed sample of its subproblems, and the model of the
time left that the estimate before the count and the progress bar's ETA share.

The model is *seconds per unit of size estimate* (the subproblems' ``cost``), shared
by the workers. It starts from a sample timed on this machine and, once the count
has done a few percent of its work, follows the pace actually reached.

>>> pace = Pace(seconds_per_cost=0.5, workers=2)
>>> pace.seconds_left(cost_left=100)
25.0
>>> pace.observe(cost_done=50, seconds=10.0, cost_total=1000)  # 5 %: now measured
>>> pace.seconds_left(cost_left=100)
20.0
>>> describe_seconds(3725)
'1 h 2 min'
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .work import Subproblem, SubResult

#: From this n on, ``nqueens count`` estimates its time before starting.
ESTIMATE_FROM_N = 19

#: How many subproblems the sample times, at most.
SAMPLE_SIZE = 6

#: The share of the work done after which the measured pace replaces the sample's.
MEASURED_FROM = 0.03


@dataclass
class Pace:
    """Seconds per unit of cost on this machine, spread over ``workers`` processes."""

    seconds_per_cost: float
    workers: int = 1

    def seconds_left(self, cost_left: int) -> float:
        """Seconds the work of ``cost_left`` units will take."""
        return cost_left * self.seconds_per_cost / max(1, self.workers)

    def observe(self, cost_done: int, seconds: float, cost_total: int) -> None:
        """Follow the pace reached: ``cost_done`` units in ``seconds`` of this run (once
        they are :data:`MEASURED_FROM` of ``cost_total``)."""
        if cost_done > 0 and seconds > 0 and cost_done >= MEASURED_FROM * cost_total:
            self.seconds_per_cost = seconds * max(1, self.workers) / cost_done


@dataclass(frozen=True)
class Estimate:
    """What :func:`time_sample` found: the time of the count, from ``sampled``
    subproblems timed here; ``core_seconds``: the time of all ``subproblems`` on one
    core, ``longest``: the longest sampled one, ``worker_bytes``: the memory a worker
    needs (0: not said)."""

    seconds: float
    workers: int
    sampled: int
    pace: Pace
    subproblems: int = 0
    core_seconds: float = 0.0
    longest: float = 0.0
    worker_bytes: int = 0
    setup: float = 0.0
    setups: int = 0

    @property
    def task_seconds(self) -> float:
        """The mean time of a subproblem on one core."""
        return self.core_seconds / max(1, self.subproblems)

    def as_dict(self) -> dict[str, object]:
        """The estimate as a JSON document's fields (seconds and bytes)."""
        return {"seconds": round(self.seconds, 3), "workers": self.workers,
                "sampled": self.sampled, "subproblems": self.subproblems,
                "core_seconds": round(self.core_seconds, 3),
                "task_seconds": round(self.task_seconds, 6),
                "longest_sampled_seconds": round(self.longest, 3),
                "worker_bytes": self.worker_bytes, "setup_seconds": round(self.setup, 3),
                "setups": self.setups}

    def details(self) -> str:
        """The one-core time, a task's time and a worker's memory, for people.

        >>> found = Estimate(200, 2, 6, Pace(0.1, 2), 400, 400.0, 3.5, 3 << 30)
        >>> print(found.details())  # doctest: +NORMALIZE_WHITESPACE
        400 subproblems: 6 min 40 s on one core, 1 s each on average (the longest sampled
        4 s); a worker needs about 3.0 GiB
        """
        from .memory import format_size

        each = (describe_seconds(self.task_seconds) if self.task_seconds >= 1
                else f"{self.task_seconds * 1000:.0f} ms")
        text = (f"{self.subproblems:,} subproblems: {describe_seconds(self.core_seconds)} on "
                f"one core, {each} each on average (the longest sampled "
                f"{describe_seconds(self.longest)})")
        if self.setups:
            text += (f", and {describe_seconds(self.setup)} to build each of the "
                     f"{self.setups:,} shared lists a worker meets")
        if self.worker_bytes:
            text += f"; a worker needs about {format_size(self.worker_bytes)}"
        return text

    def describe(self, n: int, engine: str) -> str:
        """The estimate for people.

        >>> found = Estimate(200, 2, 6, Pace(0.1, 2))
        >>> print(found.describe(20, "halves"))  # doctest: +NORMALIZE_WHITESPACE
        n = 20 on 2 workers should take about 3 min 20 s here (from 6 subproblems timed first;
        engine halves)
        """
        return (f"n = {n} on {self.workers} worker{'s' if self.workers > 1 else ''} should "
                f"take about {describe_seconds(self.seconds)} here (from {self.sampled} "
                f"subproblems timed first; engine {engine})")


def pick_sample(subs: Sequence[Subproblem], size: int = SAMPLE_SIZE) -> list[Subproblem]:
    """Up to ``size`` subproblems spread over the work: the ones at equal steps of the
    running total of cost (the list is largest first, so big and small ones come in).

    >>> costs = [50, 30, 10, 5, 5]
    >>> subs = [Subproblem(i, 8, False, 1, 0, (), c) for i, c in enumerate(costs)]
    >>> [s.id for s in pick_sample(subs, 3)]
    [0, 1, 2]
    """
    total = sum(max(1, s.cost) for s in subs)
    picked: list[Subproblem] = []
    acc = 0
    step = 0
    for s in subs:
        acc += max(1, s.cost)
        while step < size and acc > total * (step + 0.5) / size:
            if not picked or picked[-1] is not s:
                picked.append(s)
            step += 1
    return picked


def time_sample(todo: Sequence[Subproblem], workers: int,
                solve: Callable[[Sequence[Subproblem]], list[SubResult]],
                size: int = SAMPLE_SIZE,
                prepare: Callable[[Subproblem], object] | None = None,
                setups: int = 0) -> tuple[Estimate, list[SubResult]]:
    """Time a sample of ``todo`` here and estimate the whole of ``todo`` on ``workers``
    processes from ``size`` of them; returns the estimate and the sample's results (work
    done, to keep). ``prepare``, when given, builds what a subproblem shares with
    others (of which there are ``setups``) before it is timed, and is timed apart.

    >>> from nqueens.algorithms.counter import halves
    >>> from nqueens.algorithms.counter.engines import solve_batch
    >>> subs = halves.make_subproblems(12)
    >>> est, done = time_sample(subs, 2, solve_batch)
    >>> est.seconds > 0, 0 < est.sampled == len(done) <= SAMPLE_SIZE
    (True, True)
    """
    # No warm-up run: the kernels are compiled code, and the half-board engine's tables
    # are built when its subproblem list is made, so every timed solve is real work.
    sample = pick_sample(todo, size)
    results: list[SubResult] = []
    spent = longest = setup = 0.0
    cost = 0
    for s in sample:
        if prepare is not None:
            t0 = time.perf_counter()
            prepare(s)
            setup += time.perf_counter() - t0
        t0 = time.perf_counter()
        results.extend(solve([s]))
        took = time.perf_counter() - t0
        spent += took
        longest = max(longest, took)
        cost += max(1, s.cost)
    pace = Pace(spent / max(1, cost), workers)
    left = sum(max(1, s.cost) for s in todo) - cost
    core = spent + left * pace.seconds_per_cost
    setup /= max(1, len(sample))
    return Estimate(spent + pace.seconds_left(left) + setup * setups, workers, len(sample),
                    pace, len(todo), core, longest, 0, setup, setups), results


def describe_seconds(seconds: float) -> str:
    """A duration for people: ``45 s``, ``3 min 20 s``, ``2 h 5 min``, ``3.2 days``.

    >>> describe_seconds(45.2), describe_seconds(200), describe_seconds(3 * 86400 + 5000)
    ('45 s', '3 min 20 s', '3.1 days')
    """
    s = max(0, round(seconds))
    if s < 60:
        return f"{s} s"
    if s < 3600:
        return f"{s // 60} min {s % 60} s"
    if s < 2 * 86400:
        return f"{s // 3600} h {s % 3600 // 60} min"
    return f"{seconds / 86400:.1f} days"
