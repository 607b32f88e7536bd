"""Counting speed: nqueens' count against a plain C counter, per core and on two cores.

The reference (benchmarks/reference/count.c) is a bitboard counter with the
left-right mirror halving of the first row, compiled here with
``gcc -O3 -march=native``. Both run on one core, in this run, for each n; the
script prints wall and CPU seconds, their ratios and nqueens' peak memory (the
largest resident set of its processes), then the speed-up of ``--workers 2`` over
``--workers 1``. Each nqueens measurement runs in a child process of its own (its
kernels loaded before the clock starts), so that its peak memory is its own. The
machine is shared: the load average is printed before and after, and CPU-time
ratios are the steadier figure when it is high.

With ``--old PYTHON`` the one-core table also times another environment's nqueens
(an earlier version) on the same n, in a child process under that Python, between
the reference and this one; ``--rounds`` repeats the table.

``--scale 19 20`` then counts larger n with both cores (time and peak memory only).

``--reference 'CMD {n}'`` replaces the plain C counter by another program, run as that
command line with {n} replaced by the board size (build it yourself; for a program
whose board size is fixed at build time, put {n} in its path); the first whole number
it prints is its total, checked against nqueens'.

``--whole N ...`` times whole processes instead, start-up included, as a user runs them:
``nqueens count N -w 1 -q --json`` against the reference, ``--repeat`` runs each,
interleaved, CPU seconds of the process (best and median) and their ratios; with
``--old PYTHON`` also that environment's ``python -m nqueens``. Bytecode is compiled
first, as ``pip install`` does.

``--symmetry N ...`` times the passes of the half-board engine for each even N twice,
interleaved in this process: weighed by the square's 8 symmetries (the default) and by
the mirror and the flip alone, and prints what the first saves.

Usage: python benchmarks/bench_count.py [--sizes 16 17 18] [--workers-n 18]
       [--old PYTHON] [--rounds 3] [--scale 19 20 21] [--reference 'CMD {n}']
       [--symmetry 16 18] [--whole 16 --repeat 15]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from nqueens.algorithms.counter import count, warm_up

from sidebyside import add_old_option, child_json, load

HERE = Path(__file__).resolve().parent


def compile_reference(folder: str) -> str:
    gcc = shutil.which("gcc")
    if gcc is None:
        sys.exit("bench_count: gcc is needed to build the C reference")
    exe = os.path.join(folder, "count")
    subprocess.run([gcc, "-O3", "-march=native", "-o", exe, str(HERE / "reference" / "count.c")],
                   check=True)
    return exe


def run_reference(exe: str, n: int) -> tuple[int, float, float]:
    """Run the reference on n: its total (the first whole number it prints), wall and
    CPU seconds. ``exe`` is the C counter's path, or a command line with ``{n}``."""
    import re
    import shlex

    argv = shlex.split(exe.replace("{n}", str(n))) if "{n}" in exe else [exe, str(n)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    out = subprocess.run(argv, capture_output=True, text=True, check=True).stdout
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    found = re.search(r"(?<![\w.])\d+(?![\w.])", out)
    if found is None:
        sys.exit(f"the reference printed no count: {out[:200]!r}")
    return int(found.group()), wall, cpu


def run_whole(argv: list[str]) -> tuple[int, float]:
    """Run one whole process: the first whole number it prints and its CPU seconds."""
    import re

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(argv, capture_output=True, text=True, check=True).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if argv[-1] == "--json":
        return int(json.loads(out)["total"]), cpu
    found = re.search(r"(?<![\w.])\d+(?![\w.])", out)
    if found is None:
        sys.exit(f"{argv[0]} printed no count: {out[:200]!r}")
    return int(found.group()), cpu


def compare_whole(exe: str, n: int, repeat: int, old: str | None) -> None:
    """Whole processes of the reference and of ``nqueens count n -w 1``, interleaved."""
    import compileall
    import shlex
    import statistics

    import nqueens

    compileall.compile_dir(str(Path(nqueens.__file__).parent), quiet=1)
    runs: dict[str, list[str]] = {
        "reference": shlex.split(exe.replace("{n}", str(n))) if "{n}" in exe else [exe, str(n)],
        "nqueens": [sys.executable, "-m", "nqueens", "count", str(n), "-w", "1", "-q", "--json"],
    }
    if old:
        runs["old"] = [old, "-m", "nqueens", "count", str(n), "-w", "1", "-q", "--json"]
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)  # the children use bytecode, as installed
    cpu: dict[str, list[float]] = {who: [] for who in runs}
    totals = set()
    for argv in runs.values():
        run_whole(argv)          # untimed: the files in the page cache
    for _ in range(repeat):
        for who, argv in runs.items():
            total, seconds = run_whole(argv)
            totals.add(total)
            cpu[who].append(seconds)
    if len(totals) != 1:
        sys.exit(f"n = {n}: the counts disagree: {sorted(totals)}")
    ref = cpu["reference"]
    for who, got in cpu.items():
        best, median = min(got), statistics.median(got)
        ratio = "" if who == "reference" else (
            f"   reference / this: {min(ref) / best:.2f}x best, "
            f"{statistics.median(ref) / median:.2f}x median")
        print(f"{n:>3} {who:>9}: CPU s best {best:.3f}, median {median:.3f}{ratio}",
              flush=True)


def compare_symmetry(n: int, rounds: int) -> None:
    """Time the passes of even n under both weighings, interleaved, in this process."""
    from nqueens._core import halves as core

    parts = range(1 << (n // 2 - 1))
    core.count_pass(n, 0)           # the quadrant lists, built once, outside the clocks
    seconds: dict[str, list[float]] = {"square": [], "mirror-flip": []}
    totals = set()
    for _ in range(rounds):
        for symmetry in seconds:
            c0 = time.process_time()
            totals.add(sum(core.count_pass(n, x, symmetry=symmetry)[0] for x in parts))
            seconds[symmetry].append(time.process_time() - c0)
    if len(totals) != 1:
        sys.exit(f"n = {n}: the two weighings disagree: {sorted(totals)}")
    sq, mf = min(seconds["square"]), min(seconds["mirror-flip"])
    print(f"{n:>3} {totals.pop():>16,} {mf:>12.2f} {sq:>12.2f} {mf / sq:>8.2f}x", flush=True)


def measure(n: int, workers: int) -> dict[str, float]:
    """Count n here (the child's side of :func:`run_ours`): the total, wall and CPU
    seconds (this process and its workers) and the peak resident set in MiB."""
    warm_up()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    c0 = time.process_time()
    t = time.perf_counter()
    r = count(n, workers=workers)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = time.process_time() - c0 + (after.ru_utime - before.ru_utime) + (
        after.ru_stime - before.ru_stime)
    peak_kib = max(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, after.ru_maxrss)
    return {"total": r.total, "wall": wall, "cpu": cpu, "mib": peak_kib / 1024}


def run_ours(n: int, workers: int, python: str = sys.executable) -> dict[str, float]:
    """Count n with ``workers`` processes in a child process under ``python``."""
    return child_json(python, [__file__, "--one", str(n), "--workers", str(workers)])


def parallel_probe(exe: str, n: int = 15) -> float:
    """Speed-up of two copies of the C reference run at once over one: how much of a
    second core the machine gives right now (2.0 when both cores are free)."""
    t = time.perf_counter()
    subprocess.run([exe, str(n)], capture_output=True, check=True)
    one = time.perf_counter() - t
    t = time.perf_counter()
    procs = [subprocess.Popen([exe, str(n)], stdout=subprocess.DEVNULL) for _ in range(2)]
    for p in procs:
        p.wait()
    two = time.perf_counter() - t
    return 2 * one / two


def main() -> None:
    # One BLAS thread, as the program runs (puzzleshell.signals.run_program): a count that
    # imports numpy (the small boards of warm_up) would otherwise start numpy's threads,
    # whose spinning the child's CPU clock counts against the count.
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", type=int, nargs="*", default=[16, 17, 18])
    ap.add_argument("--workers-n", type=int, default=18,
                    help="n for the --workers 2 against --workers 1 comparison (0: skip)")
    ap.add_argument("--repeat", type=int, default=3,
                    help="runs of each worker count, interleaved; the best of them is compared")
    ap.add_argument("--rounds", type=int, default=1, help="runs of the one-core table")
    ap.add_argument("--reference", metavar="'CMD {n}'", default=None,
                    help="the program to run beside nqueens, in place of the C counter")
    ap.add_argument("--whole", type=int, nargs="*", default=[], metavar="N",
                    help="time whole processes of these n (start-up included), then stop")
    ap.add_argument("--symmetry", type=int, nargs="*", default=[], metavar="N",
                    help="time the even passes of these n under both weighings, then stop")
    ap.add_argument("--scale", type=int, nargs="*", default=[], metavar="N",
                    help="also count these n with both cores (no reference: too slow), "
                         "printing their time and peak memory")
    add_old_option(ap)
    ap.add_argument("--one", type=int, help=argparse.SUPPRESS)  # child: count n, print JSON
    ap.add_argument("--workers", type=int, default=1, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.one:
        print(json.dumps(measure(args.one, args.workers)))
        return
    print(f"{os.cpu_count()} CPUs; {load()} at start")
    if args.whole:
        print()
        print(f"whole processes on one core, {args.repeat} runs each, interleaved: "
              + (f"'{args.reference}'" if args.reference else "the C mirror halving")
              + " against 'nqueens count N -w 1 -q --json'")
        with tempfile.TemporaryDirectory() as tmp:
            exe = args.reference or compile_reference(tmp)
            for n in args.whole:
                compare_whole(exe, n, args.repeat, args.old)
        print(f"{load()} at end")
        return
    if args.symmetry:
        print()
        print(f"the even passes on one core, CPU seconds (best of {args.rounds}, interleaved)")
        print(f"{'n':>3} {'total':>16} {'mirror-flip':>12} {'square':>12} {'saved':>9}")
        for n in args.symmetry:
            compare_symmetry(n, args.rounds)
        print(f"{load()} at end")
        return
    with tempfile.TemporaryDirectory() as tmp:
        exe = args.reference or compile_reference(tmp)
        print()
        print("one core: " + (f"'{args.reference}'" if args.reference else
                              "C mirror halving (gcc -O3 -march=native)") + " against nqueens")
        print(f"{'n':>3} {'C wall':>8} {'C cpu':>8} {'ours wall':>10} {'ours cpu':>9} "
              f"{'ratio wall':>11} {'ratio cpu':>10} {'peak MiB':>9}")
        if args.old:
            print(f"{'':75} {'old wall':>10} {'old cpu':>9} {'ratio wall':>11} {'ratio cpu':>10}")
        for _ in range(args.rounds):
            for n in args.sizes:
                ref_total, ref_wall, ref_cpu = run_reference(exe, n)
                old = None
                if args.old:
                    old = child_json(args.old, [__file__, "--one", str(n)])
                ours = run_ours(n, 1)
                total, wall, cpu = int(ours["total"]), ours["wall"], ours["cpu"]
                for who, got in (("nqueens", total), ("old", old and old["total"])):
                    if got is not None and got != ref_total:
                        sys.exit(f"n = {n}: {who} counted {got}, the reference {ref_total}")
                line = (f"{n:>3} {ref_wall:>8.2f} {ref_cpu:>8.2f} {wall:>10.2f} {cpu:>9.2f} "
                        f"{ref_wall / wall:>10.2f}x {ref_cpu / cpu:>9.2f}x "
                        f"{ours['mib']:>9.0f}")
                if old:
                    line += (f" {old['wall']:>10.2f} {old['cpu']:>9.2f} "
                             f"{ref_wall / old['wall']:>10.2f}x {ref_cpu / old['cpu']:>9.2f}x")
                print(line, flush=True)
        probe_before = parallel_probe(exe) if args.workers_n else 0.0
    if args.workers_n:
        n = args.workers_n
        print()
        print(f"n = {n}: --workers 2 against --workers 1 (wall seconds, best of {args.repeat}, "
              "interleaved)")
        times: dict[int, list[float]] = {1: [], 2: []}
        cpus: dict[int, list[float]] = {1: [], 2: []}
        peaks: dict[int, float] = {1: 0.0, 2: 0.0}
        for _ in range(args.repeat):
            for k in (1, 2):
                ours = run_ours(n, k)
                times[k].append(ours["wall"])
                cpus[k].append(ours["cpu"])
                peaks[k] = max(peaks[k], ours["mib"])
        for k in (1, 2):
            print(f"workers {k}: wall " + "  ".join(f"{t:.2f}" for t in times[k])
                  + "   CPU (all processes) " + "  ".join(f"{t:.2f}" for t in cpus[k])
                  + f"   peak {peaks[k]:.0f} MiB (largest process)")
        w1, w2 = min(times[1]), min(times[2])
        print(f"best: workers 1 {w1:.2f} s, workers 2 {w2:.2f} s, speed-up {w1 / w2:.2f}x")
        with tempfile.TemporaryDirectory() as tmp:
            probe_after = parallel_probe(compile_reference(tmp))
        print(f"two C counters at once against one (cores free to this run): "
              f"{probe_before:.2f}x before, {probe_after:.2f}x after")
    for n in args.scale:
        print()
        print(f"n = {n}, --workers 2 ({load()})")
        ours = run_ours(n, 2)
        print(f"  {int(ours['total']):,} solutions in {ours['wall']:.1f} s wall, "
              f"{ours['cpu']:.1f} s CPU (all processes), peak {ours['mib']:.0f} MiB "
              "(largest process)", flush=True)
    print()
    print(f"{load()} at end")


if __name__ == "__main__":
    main()
