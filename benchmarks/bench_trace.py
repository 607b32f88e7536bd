"""Traces: the numba kernels against the readable generators they mirror (same steps,
same bytes, checked here), and the time and size of the n = 12 HTML page.

Run: python benchmarks/bench_trace.py
"""

from __future__ import annotations

import os
import tempfile
import time

from nqueens.classic import search_space, steps_to_first, trace
from nqueens.cli import main
from nqueens.trace import count_steps
from nqueens.viz.html import encode_events, proba_bytes


def timed(f, *args):  # type: ignore[no-untyped-def]
    t = time.perf_counter()
    value = f(*args)
    return value, time.perf_counter() - t


def main_() -> None:
    print(f"load average {os.getloadavg()[0]:.2f}")
    steps_to_first(8)
    search_space(8)
    proba_bytes(6)            # compile once
    for n in (9, 10):
        a, tr = timed(lambda m: encode_events(trace(m, "proba"), m, "column"), n)
        b, tk = timed(proba_bytes, n)
        assert a == b
        print(f"trace bytes n={n}: readable+encoder {tr:.2f}s, kernel {tk:.4f}s, "
              f"ratio {tr / tk:.0f}x")
        s, tr = timed(lambda m: count_steps(trace(m, "proba")), n)
        ss, tk = timed(search_space, n)
        assert s == ss.squares_tested
        print(f"squares tested n={n}: readable {tr:.2f}s, kernel {tk:.4f}s, ratio {tr / tk:.0f}x")
    _, t = timed(lambda: [steps_to_first(n).steps for n in range(4, 24)])
    print(f"steps to the first solution, n = 4..23: {t:.2f}s")
    for n in (14, 16):
        s, t = timed(search_space, n)
        print(f"search_space({n}): {t:.2f}s, {s.nodes:,} nodes")
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "p12.html")
        _, t = timed(main, ["trace", "12", "--until", "all", "--html", path])
        print(f"trace 12 --until all --html: {t:.2f}s, {os.path.getsize(path):,} bytes")


if __name__ == "__main__":
    main_()
