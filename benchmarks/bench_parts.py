"""The half-board engine whole and in parts, side by side in one run: the CPU seconds of
``count(n, workers=1)`` with the whole quadrant lists and with each pass split into
parts by 2 and 4 prefix columns (as from n = 24, or under a memory limit), in this
process, and the peak memory a part's lists take against the whole lists'.

    python benchmarks/bench_parts.py 18 19
"""

from __future__ import annotations

import argparse
import os
import time

from nqueens._core import halves as core
from nqueens.algorithms.counter import count, halves
from nqueens.algorithms.counter.memory import format_size


def cpu_count_seconds(n: int, parts: int) -> tuple[float, int]:
    """CPU seconds of one count of n in this process, and its total."""
    start = time.process_time()
    total = count(n, workers=1, parts=parts).total
    return time.process_time() - start, total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("n", type=int, nargs="+")
    parser.add_argument("--parts", type=int, nargs="+", default=[2, 4])
    args = parser.parse_args()
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for n in args.n:
        core.quadrant_bytes(n)  # the whole lists, built before the clock starts
        whole, total = cpu_count_seconds(n, 0)
        print(f"n = {n} whole: {whole:.1f} s CPU, lists {format_size(halves.worker_bytes(n))}")
        for parts in args.parts:
            took, got = cpu_count_seconds(n, parts)
            assert got == total, (n, parts, got, total)
            print(f"n = {n} in parts of {parts} columns: {took:.1f} s CPU "
                  f"({took / whole:.2f}x the whole lists' time), a worker at most "
                  f"{format_size(halves.part_bytes_estimate(n, parts))} (estimated)")
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
