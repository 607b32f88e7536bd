"""Start-up cost: the CPU seconds (user + system) of whole short commands.

Each command runs as its own process, several times; the script prints the best and
the median CPU seconds of the process (with any child it waited for), the median wall
time, and the target, beside ``python3 -c pass`` and ``python3 -c "import numpy"``
measured in the same run, with the load average before and after. CPU seconds, unlike
wall time, do not grow while the process waits for a busy machine's cores, so they are
the steadier figure on a shared machine.

Two ways to run:

* warm (default): one untimed run of each command first, then the timed runs; what a
  user sees every time but the first.
* ``--first-run``: what the very first run after ``pip install .`` costs. pip compiles
  the package's bytecode when it installs it, so bytecode is compiled here first
  (``compileall``, as pip does) and not counted; what an installed package does not yet
  have is every cache a command fills at run time (matplotlib's and any other per-user
  cache; run under an earlier version, the kernels numba compiled), so each timed run
  gets a fresh, empty ``XDG_CACHE_HOME``, ``MPLCONFIGDIR`` and ``NUMBA_CACHE_DIR``. The
  first runs alternate with the warm ones, so both tables see the same load; a command
  that compiles nothing at run time costs the same in both.

Every run gets its own empty ``XDG_CONFIG_HOME`` (nothing is written to the user's
configuration) and runs in a temporary folder, where the board file for ``check`` and
the output of ``solve 1000000`` are written.

Usage: python benchmarks/bench_startup.py [--runs 7] [--first-run] [--only NAME ...]
       [--check]

``--only`` keeps the commands whose label contains one of the given words (the two
Python baselines always run); ``--check`` exits with status 1 when the best CPU time of a
command is over its target.
"""

from __future__ import annotations

import argparse
import compileall
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import minesweeper
import nqueens

#: An 8-queens solution, the board ``nqueens check`` reads.
BOARD = "\n".join("".join("Q" if c == q else "." for c in range(8))
                  for q in (0, 4, 7, 5, 2, 6, 1, 3)) + "\n"


@dataclass(frozen=True)
class Case:
    """One command to time: its label, its argument list and its target (CPU seconds;
    ``None`` for a baseline)."""

    label: str
    argv: list[str]
    target: float | None


@dataclass(frozen=True)
class Timing:
    """The CPU seconds (user + system) of each run, and their wall seconds."""

    cpu: list[float]
    wall: list[float]
    failure: str = ""


def program(name: str) -> list[str]:
    """The console script ``name`` next to this Python (as a user runs it), else the
    same entry point through this Python."""
    script = Path(sys.executable).with_name(name)
    if script.exists():
        return [str(script)]
    found = shutil.which(name)
    if found:
        return [found]
    if name == "minesweeper":
        return [sys.executable, "-c", "from minesweeper.__main__ import main; main()"]
    return [sys.executable, "-c", "from nqueens.__main__ import main; main()"]


def cases() -> list[Case]:
    """Every command timed, with its target."""
    nq, ms = program("nqueens"), program("minesweeper")
    return [
        Case("python3 -c pass", [sys.executable, "-c", "pass"], None),
        Case('python3 -c "import numpy"', [sys.executable, "-c", "import numpy"], None),
        Case("nqueens --help", [*nq, "--help"], 0.15),
        Case("minesweeper --help", [*ms, "--help"], 0.15),
        Case("nqueens solve 8", [*nq, "solve", "8"], 0.25),
        Case("nqueens count 12", [*nq, "count", "12"], 0.25),
        Case("nqueens check board.txt", [*nq, "check", "board.txt"], 0.25),
        Case("nqueens solve 1000000 -f npy -o x.npy",
             [*nq, "solve", "1000000", "-f", "npy", "-o", "x.npy"], 0.5),
    ]


def fresh_env(base: Path, first_run: bool) -> dict[str, str]:
    """The environment of one run: its own empty configuration folder, and with
    ``first_run`` its own empty caches."""
    env = dict(os.environ)
    env.pop("NQUEENS_JOURNAL_KEY", None)
    run_dir = Path(tempfile.mkdtemp(dir=base))
    env["XDG_CONFIG_HOME"] = str(run_dir / "config")
    if first_run:
        env["NUMBA_CACHE_DIR"] = str(run_dir / "numba")
        env["XDG_CACHE_HOME"] = str(run_dir / "cache")
        env["MPLCONFIGDIR"] = str(run_dir / "matplotlib")
    return env


def run_once(argv: list[str], cwd: Path, env: dict[str, str]) -> tuple[float, float, str]:
    """Run ``argv`` to its end; return its CPU seconds, wall seconds and, if it failed,
    the last line it wrote on standard error."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    proc = subprocess.run(argv, cwd=cwd, env=env, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True, check=False)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    failure = ""
    if proc.returncode != 0:
        lines = proc.stderr.strip().splitlines() or [""]
        failure = f"exit {proc.returncode}: {lines[-1][:120]}"
    return cpu, wall, failure


def measure(case: Case, runs: int, first_run: bool, folder: Path) -> tuple[Timing, Timing]:
    """Time ``runs`` warm runs of ``case``, after an untimed one, and with ``first_run``
    as many first runs, taken in turn with the warm ones so that both see the same load
    (the second timing is empty without ``first_run``)."""
    timings: dict[bool, tuple[list[float], list[float]]] = {False: ([], []), True: ([], [])}
    _, _, failure = run_once(case.argv, folder, fresh_env(folder, False))
    if failure:
        return Timing([], [], failure), Timing([], [], failure)
    failures = {False: "", True: ""}
    for _ in range(runs):
        for first in (False, True) if first_run else (False,):
            if failures[first]:
                continue
            c, w, failures[first] = run_once(case.argv, folder, fresh_env(folder, first))
            if not failures[first]:
                timings[first][0].append(c)
                timings[first][1].append(w)
    return (Timing(*timings[False], failures[False]), Timing(*timings[True], failures[True]))


def compile_bytecode() -> None:
    """Compile the packages' bytecode, as ``pip install`` does, so that a first run
    compiles none."""
    for package in (nqueens, minesweeper):
        for folder in package.__path__:
            compileall.compile_dir(folder, quiet=1)


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"{one:.2f} {five:.2f} {fifteen:.2f} ({os.cpu_count()} CPUs)"


def table(title: str, results: list[tuple[Case, Timing]]) -> list[str]:
    """The results as a Markdown table; returns the labels over their target."""
    print(f"\n{title}\n")
    print("| command | best CPU s | median CPU s | median wall s | target CPU s | |")
    print("|---|---|---|---|---|---|")
    over: list[str] = []
    for case, t in results:
        if not t.cpu:
            print(f"| `{case.label}` | — | — | — | {case.target or ''} | {t.failure} |")
            over.append(case.label)
            continue
        best, med = min(t.cpu), statistics.median(t.cpu)
        verdict = ""
        if case.target is not None:
            verdict = "ok" if best <= case.target else "OVER"
            if best > case.target:
                over.append(case.label)
        if t.failure:
            verdict += f" ({t.failure})"
        target = f"≤ {case.target}" if case.target is not None else "baseline"
        print(f"| `{case.label}` | {best:.3f} | {med:.3f} | {statistics.median(t.wall):.3f} "
              f"| {target} | {verdict} |")
    return over


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="timed runs of each command")
    parser.add_argument("--first-run", action="store_true",
                        help="also time the first run after installation (fresh caches)")
    parser.add_argument("--only", nargs="+", default=None, metavar="WORD",
                        help="time only the commands whose label contains a WORD")
    parser.add_argument("--check", action="store_true",
                        help="exit 1 when a command's best CPU time is over its target")
    args = parser.parse_args()
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    chosen = [c for c in cases() if c.target is None or args.only is None
              or any(word in c.label for word in args.only)]
    print(f"Python {sys.version.split()[0]} at {sys.executable}; {args.runs} runs each")
    print(f"load average before: {load()}")
    over: list[str] = []
    with tempfile.TemporaryDirectory(prefix="bench-startup-") as tmp:
        folder = Path(tmp)
        (folder / "board.txt").write_text(BOARD)
        if args.first_run:
            compile_bytecode()
        both = [(c, measure(c, args.runs, args.first_run, folder)) for c in chosen]
        over += table("Warm (every run but the first):", [(c, t[0]) for c, t in both])
        if args.first_run:
            over += table("First run after installation (bytecode compiled as pip does; "
                          "no run-time cache):", [(c, t[1]) for c, t in both])
    print(f"\nload average after: {load()}")
    if over:
        print("over target: " + ", ".join(sorted(set(over))))
    return 1 if args.check and over else 0


if __name__ == "__main__":
    sys.exit(main())
