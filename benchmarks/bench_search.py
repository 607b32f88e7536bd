"""nqueens.count against a plain-Python bitmask counter, side by side in one run.

The Python counter is the usual fastest pure-Python form: bit masks for columns and
both diagonals, lowest free bit by ``x & -x``, the first row halved by the mirror.
Both sides run in the same process, one after the other, on one core; the ratio is
what to read (absolute times vary with the machine's load).

    python benchmarks/bench_search.py            # n = 12..15
    python benchmarks/bench_search.py --to 14    # quicker

``--all 14`` then times the command ``nqueens all 14 -f perm`` (``--format``), whole
process, start-up included, its output read through a pipe; with ``--old PYTHON``
the same command of another environment (an earlier version) runs interleaved with
this one, ``--repeat`` times, and the two outputs must be equal.

    python benchmarks/bench_search.py --to 0 --all 14 --old /path/to/old/venv/bin/python
"""

from __future__ import annotations

import argparse
import hashlib
import inspect
import os
import time

import nqueens

from sidebyside import add_old_option, pythons, timed_command


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
    parser.add_argument("--all", dest="all_n", type=int, default=0,
                        help="also time the command `nqueens all N` (0: skip)")
    parser.add_argument("--format", default="perm", help="format of `nqueens all`")
    parser.add_argument("--repeat", type=int, default=3, help="runs of `nqueens all`")
    add_old_option(parser)
    args = parser.parse_args()
    if args.hi >= args.lo:
        count_table(args.lo, args.hi)
    if args.all_n:
        all_command(args.all_n, args.format, args.repeat, args.old)


def all_command(n: int, fmt: str, repeat: int, old: str | None) -> None:
    """Time ``python -m nqueens all n -f fmt`` under this Python (and ``old``), and
    ``all 1`` beside it: the difference is the enumeration and its output without the
    start-up."""
    print(f"load average: {os.getloadavg()[0]:.2f}; nqueens all {n} -f {fmt}, "
          "whole process (wall s / CPU s)")
    digests: set[str] = set()
    runs: dict[str, list[str]] = {}
    for _ in range(repeat):
        for who, python in pythons(old):
            command = [python, "-m", "nqueens", "all"]
            _, wall1, cpu1 = timed_command([*command, "1", "-f", fmt])
            out, wall, cpu = timed_command([*command, str(n), "-f", fmt])
            digests.add(hashlib.sha256(out).hexdigest())
            runs.setdefault(who, []).append(f"{wall:.2f}/{cpu:.2f} (all 1: {wall1:.2f}/{cpu1:.2f})")
    for who, times in runs.items():
        print(f"  {who}: " + "  ".join(times))
    print(f"  output: {len(out):,} bytes, " + ("the same every run" if len(digests) == 1
                                               else "DIFFERENT between runs"))
    print(f"load average: {os.getloadavg()[0]:.2f}")


def count_table(lo: int, hi: int) -> None:
    nqueens_count(8)  # compile (or load the cached kernels) before timing
    print(f"load average: {os.getloadavg()[0]:.2f}")
    print(f"{'n':>3} {'solutions':>12} {'python s':>10} {'nqueens s':>10} {'ratio':>8}")
    for n in range(lo, hi + 1):
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
