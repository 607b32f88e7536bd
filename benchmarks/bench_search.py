"""nqueens.count against a plain-Python bitmask counter, side by side in one run.

The Python counter is the usual fastest pure-Python form: bit masks for columns and
both diagonals, lowest free bit by ``x & -x``, the first row halved by the mirror.
Both sides run in the same process, one after the other, on one core; the ratio is
what to read (absolute times vary with the machine's load).

    python benchmarks/bench_search.py            # n = 12..15
    python benchmarks/bench_search.py --to 14    # quicker
"""

from __future__ import annotations

import argparse
import inspect
import os
import time

import nqueens


def python_count(n: int) -> int:
    """Count n-queens solutions with bit masks in plain Python (mirror-halved)."""
    full = (1 << n) - 1

    def below(cols: int, d1: int, d2: int) -> int:
        if cols == full:
            return 1
        total = 0
        free = full & ~(cols | d1 | d2)
        while free:
            bit = free & -free
            free ^= bit
            total += below(cols | bit, ((d1 | bit) << 1) & full, (d2 | bit) >> 1)
        return total

    total = 0
    for c in range(n // 2):
        bit = 1 << c
        total += 2 * below(bit, (bit << 1) & full, bit >> 1)
    if n % 2:
        bit = 1 << (n // 2)
        total += below(bit, (bit << 1) & full, bit >> 1)
    return total


def nqueens_count(n: int) -> int:
    kwargs = {}
    if "workers" in inspect.signature(nqueens.count).parameters:
        kwargs["workers"] = 1
    return nqueens.count(n, **kwargs).total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--from", dest="lo", type=int, default=12)
    parser.add_argument("--to", dest="hi", type=int, default=15)
    args = parser.parse_args()
    nqueens_count(8)  # compile (or load the cached kernels) before timing
    print(f"load average: {os.getloadavg()[0]:.2f}")
    print(f"{'n':>3} {'solutions':>12} {'python s':>10} {'nqueens s':>10} {'ratio':>8}")
    for n in range(args.lo, args.hi + 1):
        t0 = time.perf_counter()
        ours = nqueens_count(n)
        t1 = time.perf_counter()
        ref = python_count(n)
        t2 = time.perf_counter()
        if ours != ref:
            raise SystemExit(f"n = {n}: nqueens counted {ours}, the Python counter {ref}")
        ratio = (t2 - t1) / (t1 - t0)
        print(f"{n:>3} {ours:>12,} {t2 - t1:>10.3f} {t1 - t0:>10.4f} {ratio:>7.0f}x", flush=True)


if __name__ == "__main__":
    main()
