"""Variants side by side with plain-Python references, in one run: superqueens, the
torus, completion with fixed queens, and the linear slopes.

* superqueen and torus counts: ``nqueens.count`` (one worker where it takes one)
  against a plain-Python bitmask counter written for the comparison (knight masks
  from the last two rows; wrapped diagonals as rotations);
* completion: ``nqueens.count(n, fixed=...)`` (masks inside the kernel) against the
  obvious slow path, filtering the full list of ``nqueens.solutions(n)``;
* linear slopes: ``nqueens.algorithms.linear.multipliers`` (a numpy sieve by the primes of n)
  against a Python loop over ``math.gcd``.

Read the ratios; absolute times move with the machine's load.

    python benchmarks/bench_variants.py
"""

from __future__ import annotations

import inspect
import math
import os
import time
from collections.abc import Callable

import nqueens
from nqueens.algorithms.linear import multipliers


def python_count(n: int, knight: bool = False, torus: bool = False) -> int:
    """Count solutions with bit masks in plain Python (no symmetry used)."""
    full = (1 << n) - 1

    def rot_left(x: int) -> int:
        return ((x << 1) | (x >> (n - 1))) & full

    def rot_right(x: int) -> int:
        return ((x >> 1) | (x << (n - 1))) & full

    def knight_cols(bit: int, step: int) -> int:
        c = bit.bit_length() - 1
        if torus:
            return (1 << ((c + step) % n)) | (1 << ((c - step) % n))
        return ((bit << step) | (bit >> step)) & full

    def below(row: int, cols: int, d1: int, d2: int, p1: int, p2: int, first: list[int]) -> int:
        if row == n:
            return 1
        free = full & ~(cols | d1 | d2)
        if knight:
            if p1:
                free &= ~knight_cols(p1, 2)
            if p2:
                free &= ~knight_cols(p2, 1)
            if torus and row == n - 1 and row >= 2:
                free &= ~(knight_cols(first[0], 2) | knight_cols(first[1], 1))
            elif torus and row == n - 2 and row >= 1:
                free &= ~knight_cols(first[0], 1)
        total = 0
        while free:
            bit = free & -free
            free ^= bit
            nd1 = rot_left(d1 | bit) if torus else ((d1 | bit) << 1) & full
            nd2 = rot_right(d2 | bit) if torus else (d2 | bit) >> 1
            total += below(row + 1, cols | bit, nd1, nd2, bit, p1,
                           first + [bit] if row < 2 else first)
        return total

    return below(0, 0, 0, 0, 0, 0, [])


def _kwargs() -> dict[str, int]:
    takes = inspect.signature(nqueens.count).parameters
    return {"workers": 1} if "workers" in takes else {}


def best(f: Callable[[], object], repeat: int = 3) -> tuple[float, object]:
    times = []
    value: object = None
    for _ in range(repeat):
        t = time.perf_counter()
        value = f()
        times.append(time.perf_counter() - t)
    return min(times), value


def row(label: str, ours: tuple[float, object], ref: tuple[float, object]) -> None:
    assert ours[1] == ref[1], (label, ours[1], ref[1])
    print(f"| {label} | {ours[1]} | {ours[0]:.4f} | {ref[0]:.4f} | {ref[0] / ours[0]:,.0f}× |")


def main() -> None:
    kw = _kwargs()
    nqueens.count(8, piece="superqueen", **kw)
    nqueens.count(8, torus=True, **kw)
    nqueens.count(8, fixed=[(0, 0)], **kw)
    print(f"load average: {os.getloadavg()[0]:.2f}")
    print("| what | value | nqueens s | reference s | ratio |")
    print("|---|---|---|---|---|")
    for n in (12, 13, 14):
        row(f"superqueens, n = {n}",
            best(lambda n=n: nqueens.count(n, piece="superqueen", **kw).total),
            best(lambda n=n: python_count(n, knight=True), 1))
    for n in (11, 13):
        row(f"torus, n = {n}",
            best(lambda n=n: nqueens.count(n, torus=True, **kw).total),
            best(lambda n=n: python_count(n, torus=True), 1))
    row("superqueens on the torus, n = 13",
        best(lambda: nqueens.count(13, piece="superqueen", torus=True, **kw).total),
        best(lambda: python_count(13, knight=True, torus=True), 1))
    fixed = [(0, 3), (5, 1)]
    for n in (10, 12):
        row(f"completion, n = {n}, fixed {fixed}",
            best(lambda n=n: nqueens.count(n, fixed=fixed, **kw).total),
            best(lambda n=n: sum(1 for s in nqueens.solutions(n)
                                 if all(s[r] == c for r, c in fixed)), 1))
    big = 1_000_003
    row(f"linear slopes, n = {big:,}",
        best(lambda: len(multipliers(big))),
        best(lambda: sum(1 for a in range(big)
                         if math.gcd(a, big) == math.gcd(a - 1, big) == math.gcd(a + 1, big)
                         == 1), 1))


if __name__ == "__main__":
    main()
