"""Estimate how long a count takes on K cores from a timed sample of its subproblems.

The subproblems of ``nqueens count n`` (half-boards for the queen up to n = 23, start
constellations beyond) are timed here on one core: the largest, and a sample spread
over the work (at equal steps of the running total of the size estimates: the sample
``nqueens count`` times for its own estimate). The total single-core time is the
sample's seconds per unit of size estimate times the size of the whole list. On K
cores the subproblems are independent and the largest run first, so the wall time is
about the total over K, but never less than the largest subproblem.

    python benchmarks/estimate_cluster.py 22 --sample 6
    python benchmarks/estimate_cluster.py 22 23 --sample 4 --cores 64 256 1024
"""

from __future__ import annotations

import argparse
import os
import time

from nqueens.algorithms.counter import engine_of, make_subproblems
from nqueens.algorithms.counter.engines import solve_batch
from nqueens.algorithms.counter.pace import pick_sample
from nqueens.algorithms.search import Problem


def duration(seconds: float) -> str:
    """A duration in the unit that reads best."""
    if seconds < 120:
        return f"{seconds:,.1f} s"
    if seconds < 2 * 3600:
        return f"{seconds / 60:,.1f} min"
    if seconds < 3 * 86400:
        return f"{seconds / 3600:,.1f} h"
    return f"{seconds / 86400:,.1f} days"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("n", type=int, nargs="+")
    parser.add_argument("--sample", type=int, default=6, help="subproblems timed per n")
    parser.add_argument("--cores", type=int, nargs="+", default=[2, 64, 256, 1024])
    args = parser.parse_args()
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for n in args.n:
        problem = Problem.make(n)
        t0 = time.perf_counter()
        _, subs = make_subproblems(problem)
        build = time.perf_counter() - t0
        sample = pick_sample(subs, args.sample)
        if sample[0] is not subs[0]:  # the largest subproblem bounds the wall time
            sample.insert(0, subs[0])
        times = []
        for s in sample:
            t = time.perf_counter()
            solve_batch([s])
            times.append(time.perf_counter() - t)
        rate = sum(times) / sum(max(1, s.cost) for s in sample)
        total = rate * sum(max(1, s.cost) for s in subs)
        largest = max(times)
        print(f"n = {n} ({engine_of(problem)}): {len(subs):,} subproblems (listed in "
              f"{build:.1f} s); {len(times)} timed: "
              + ", ".join(f"{t:.1f}" for t in times) + " s")
        print(f"  one core: {duration(total)}; the largest subproblem {duration(largest)}")
        for k in args.cores:
            print(f"  {k:>5} cores: {duration(max(total / k, largest))}")


if __name__ == "__main__":
    main()
