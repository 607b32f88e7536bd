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
    subproblems timed here."""

    seconds: float
    workers: int
    sampled: int
    pace: Pace

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
                solve: Callable[[Sequence[Subproblem]], list[SubResult]]
                ) -> tuple[Estimate, list[SubResult]]:
    """Time a sample of ``todo`` here and estimate the whole of ``todo`` on ``workers``
    processes; returns the estimate and the sample's results (work done, to keep).

    >>> from nqueens.algorithms.counter import halves
    >>> from nqueens.algorithms.counter.engines import solve_batch
    >>> subs = halves.make_subproblems(12)
    >>> est, done = time_sample(subs, 2, solve_batch)
    >>> est.seconds > 0, 0 < est.sampled == len(done) <= SAMPLE_SIZE
    (True, True)
    """
    # No warm-up run: the kernels are compiled code, and the half-board engine's tables
    # are built when its subproblem list is made, so every timed solve is real work.
    sample = pick_sample(todo)
    results: list[SubResult] = []
    spent = 0.0
    cost = 0
    for s in sample:
        t0 = time.perf_counter()
        results.extend(solve([s]))
        spent += time.perf_counter() - t0
        cost += max(1, s.cost)
    pace = Pace(spent / max(1, cost), workers)
    left = sum(max(1, s.cost) for s in todo) - cost
    return Estimate(spent + pace.seconds_left(left), workers, len(sample), pace), results


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
