"""Estimate how long a count takes on K cores from a timed sample of its subproblems.

The subproblems of ``nqueens count n`` (half-boards for the queen up to n = 28, in
parts from n = 24; start constellations beyond) are timed here on one core: a sample
spread over the work (at equal steps of the running total of the size estimates: the
sample ``nqueens count --estimate`` times), the lists a part shares with the other
parts of its prefix built apart and timed apart. The total single-core time is the
sample's seconds per unit of size estimate times the size of the whole list; on K
cores the subproblems are independent, so the wall time is about the total over K
plus, for parts, the building of each prefix's lists once on every core (the parts go
prefix by prefix, so every core meets every prefix), but never less than the longest
subproblem timed.

The parts are those of a cluster's workers of ``--memory`` each (default 2 GiB; from
n = 24, or the finest when even those need more).

    python benchmarks/estimate_cluster.py 22 --sample 6
    python benchmarks/estimate_cluster.py 24 25 --sample 4 --cores 64 256 1024
"""

from __future__ import annotations

import argparse
import os
import time

from nqueens.algorithms.counter import engine_of, estimate_count, halves
from nqueens.algorithms.counter.memory import format_size, parse_size
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
    parser.add_argument("--memory", default="2G", help="a cluster worker's memory")
    args = parser.parse_args()
    memory = parse_size(args.memory)
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for n in args.n:
        problem = Problem.make(n)
        t0 = time.process_time()
        parts = None
        if engine_of(problem) == halves.ENGINE and n > halves.WHOLE_MAX_N:
            parts = halves.parts_within(n, memory) or n - n // 2 - 1
        found = estimate_count(problem, workers=1, sample=args.sample, parts=parts)
        cpu = time.process_time() - t0
        print(f"n = {n} ({engine_of(problem)}, parts {parts}): {found.details()} "
              f"[{cpu:.0f} s of CPU to sample]")
        print(f"  one core: {duration(found.core_seconds + found.setup * found.setups)}; "
              f"a subproblem {duration(found.task_seconds)} on average, the longest timed "
              f"{duration(found.longest)}; a worker {format_size(found.worker_bytes)}")
        for k in args.cores:
            wall = max(found.core_seconds / k + found.setup * found.setups, found.longest)
            print(f"  {k:>5} cores: {duration(wall)}")
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
