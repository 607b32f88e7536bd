"""Traces: the kernels of the native core against the readable generators they mirror
(same steps, same bytes, checked here), and the time and size of the n = 12 HTML page.

Run: python benchmarks/bench_trace.py

``--old PYTHON`` instead times the kernels alone (trace bytes, search space, steps to
the first solution) and the commands ``nqueens steps 4 20`` and ``nqueens trace 12
--until all --html`` (whole process, start-up included) under this Python and under
that one (another environment's nqueens, an earlier version), interleaved,
``--repeat`` times; the kernels' results and the commands' outputs must agree.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import tempfile
import time
from typing import Any

from nqueens.algorithms.classic import search_space, steps_to_first, trace
from nqueens.base.events import count_steps
from nqueens.cli import main
from nqueens.tasks.viz.html import encode_events, proba_bytes

from sidebyside import add_old_option, child_json, load, pythons, timed_command


def timed(f, *args):  # type: ignore[no-untyped-def]
    t = time.perf_counter()
    value = f(*args)
    return value, time.perf_counter() - t


def kernel_times() -> dict[str, Any]:
    """Seconds of each kernel (loaded first) and a digest of what they returned."""
    steps_to_first(8)
    search_space(8)
    proba_bytes(6)
    times: dict[str, float] = {}
    results: list[object] = []
    for n in (9, 10):
        b, times[f"trace bytes n={n}"] = timed(proba_bytes, n)
        s, times[f"search_space({n})"] = timed(search_space, n)
        results += [hashlib.sha256(b).hexdigest(), s.squares_tested]
    r, times["steps to first n=4..23"] = timed(lambda: [steps_to_first(n).steps
                                                        for n in range(4, 24)])
    results.append(r)
    for n in (14, 16):
        s, times[f"search_space({n})"] = timed(search_space, n)
        results.append(s.nodes)
    return {"times": times, "results": hashlib.sha256(repr(results).encode()).hexdigest()}


def old_against_new(old: str, repeat: int) -> None:
    print(f"{load()}; best of {repeat}, interleaved")
    kernels: dict[str, list[dict[str, Any]]] = {"new": [], "old": []}
    commands: dict[tuple[str, str], list[tuple[float, float]]] = {}
    outputs: dict[str, set[str]] = {}
    with tempfile.TemporaryDirectory() as d:
        page = os.path.join(d, "p12.html")
        argv = {"steps 4 20": ["steps", "4", "20"],
                "trace 12 --until all --html": ["trace", "12", "--until", "all", "--html", page]}
        for _ in range(repeat):
            for who, python in pythons(old):
                kernels[who].append(child_json(python, [__file__, "--kernels"]))
                for name, args in argv.items():
                    if os.path.exists(page):
                        os.remove(page)  # the command does not overwrite a file
                    out, wall, cpu = timed_command([python, "-m", "nqueens", *args])
                    if name.startswith("trace"):
                        with open(page, "rb") as fh:
                            out = fh.read()
                    outputs.setdefault(name, set()).add(hashlib.sha256(out).hexdigest())
                    commands.setdefault((name, who), []).append((wall, cpu))
    def row(label: str, old_s: list[float], new_s: list[float]) -> None:
        o, n = statistics.median(old_s), statistics.median(new_s)
        print(f"| {label} | {o:.4f} ({min(old_s):.4f}) | {n:.4f} ({min(new_s):.4f}) | "
              f"{o / n:.2f}x ({min(old_s) / min(new_s):.2f}x) |")

    print("| work | old s, median (best) | new s, median (best) | old / new, median (best) |")
    print("|---|---|---|---|")
    for key in kernels["new"][0]["times"]:
        row(key, [k["times"][key] for k in kernels["old"]],
            [k["times"][key] for k in kernels["new"]])
    for name in argv:
        for i, what in enumerate(("wall", "CPU")):
            row(f"`nqueens {name}`, {what}", [t[i] for t in commands[(name, "old")]],
                [t[i] for t in commands[(name, "new")]])
    same = len({k["results"] for k in kernels["new"] + kernels["old"]}) == 1
    print(f"kernel results {'the same' if same else 'DIFFERENT'}; command outputs "
          + ", ".join(f"{name}: {'the same' if len(d) == 1 else 'DIFFERENT'}"
                      for name, d in outputs.items()))
    print(load())


def main_() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_old_option(ap)
    ap.add_argument("--repeat", type=int, default=3, help="runs under each Python (with --old)")
    ap.add_argument("--kernels", action="store_true", help=argparse.SUPPRESS)  # child
    args = ap.parse_args()
    if args.kernels:
        print(json.dumps(kernel_times()))
        return
    if args.old:
        old_against_new(args.old, args.repeat)
        return
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
