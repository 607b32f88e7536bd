"""Estimate how long a count takes on K cores from a random sample of its subproblems.

A count is the sum over its subproblems, so the mean time of a uniform random sample
of them, times their number, estimates the total single-core time (with a standard
error from the sample's spread). Dividing by the cores of a cluster gives the wall
time, since subproblems are independent and balanced.

    python benchmarks/estimate_cluster.py 22 --sample 40
    python benchmarks/estimate_cluster.py 22 23 24 --sample 12 --cores 64 256 1024
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from nqueens.count import constellations as cons
from nqueens.count import default_split


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
    parser.add_argument("--sample", type=int, default=20, help="subproblems timed per n")
    parser.add_argument("--cores", type=int, nargs="+", default=[2, 64, 256, 1024])
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    cons.solve_batch(cons.make_subproblems(10))  # load the compiled kernels
    print(f"load average: {os.getloadavg()[0]:.2f}")
    for n in args.n:
        t0 = time.perf_counter()
        subs = cons.make_subproblems(n, split=default_split(n))
        build = time.perf_counter() - t0
        rng = random.Random(args.seed)
        sample = rng.sample(subs, min(args.sample, len(subs)))
        times = []
        for s in sample:
            t = time.perf_counter()
            cons.solve_batch([s])
            times.append(time.perf_counter() - t)
        mean = statistics.fmean(times)
        err = statistics.stdev(times) / len(times) ** 0.5 if len(times) > 1 else mean
        total = mean * len(subs)
        spread = err * len(subs)
        print(f"n = {n}: {len(subs):,} subproblems (built in {build:.1f} s); sample of "
              f"{len(times)}: mean {mean:.3f} s, max {max(times):.3f} s")
        print(f"  one core: {duration(total)} ± {duration(spread)}")
        for k in args.cores:
            print(f"  {k:>5} cores: {duration(total / k)}")


if __name__ == "__main__":
    main()
