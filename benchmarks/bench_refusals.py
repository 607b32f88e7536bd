"""How long minesweeper takes to refuse, or answer, large tangled boards, command by command.

Boards of SQUARES squares (seeded): positions of real games (mines on a fifth of the
squares, a share of the others revealed, a tenth of the mines flagged), with and without
their total, and patterns of numbers that tangle the groups (rows of 1s between rows of
covered squares, a checkerboard of 2s, a 3 on every other square of every other row,
numbers at random).  Each command runs as a separate process; the script prints its exit
status, its CPU seconds (start-up and reading the board included: what a person waits
for), its peak resident memory, and the first words of a refusal.  A command still
running after ``--timeout`` seconds is stopped and shown as such: it was answering, not
refusing.

With ``--before PROGRAM`` (another installation's ``minesweeper``, e.g. an earlier
version in its own virtual environment) each command runs with it too, on the same
board, one after the other, and the line shows both.

    python benchmarks/bench_refusals.py [--squares 100000] [--commands prob,hint,count]
        [--before /tmp/old/bin/minesweeper]
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

COMMANDS = {
    "check": ["check"], "count": ["check", "--count"], "safe": ["check", "--safe"],
    "prob": ["check", "--probabilities"], "json": ["check", "--probabilities", "--json"],
    "hint": ["hint"],
}


def game(rng: np.random.Generator, h: int, w: int, reveal: float) -> tuple[np.ndarray, int]:
    """A position of a real game: its squares as characters, and its number of mines."""
    mines = rng.random((h, w)) < 0.2
    padded = np.pad(mines, 1).astype(int)
    seen = sum(padded[1 + dr:1 + dr + h, 1 + dc:1 + dc + w]
               for dr in (-1, 0, 1) for dc in (-1, 0, 1))
    grid = np.full((h, w), "?", dtype="<U1")
    shown = ~mines & (rng.random((h, w)) < reveal)
    grid[shown] = np.where(seen[shown] == 0, ".", seen[shown].astype(str))
    grid[mines & (rng.random((h, w)) < 0.1)] = "F"
    return grid, int(mines.sum())


def boards(squares: int, folder: Path) -> list[Path]:
    """The boards of the module notes, written into ``folder``."""
    rng = np.random.default_rng(1)
    h = int(squares ** 0.5)
    w = squares // h
    rows, cols = np.indices((h, w))
    out = []

    def write(name: str, grid: np.ndarray, total: int | None = None) -> None:
        path = folder / f"{name}.txt"
        head = f"mines: {total}\n" if total is not None else ""
        path.write_text(head + "\n".join("".join(r) for r in grid) + "\n")
        out.append(path)

    for reveal in (0.3, 0.5, 0.7):
        grid, total = game(rng, h, w, reveal)
        write(f"game{int(reveal * 100)}", grid)
        write(f"game{int(reveal * 100)}-total", grid, total)
    grid = np.full((h, w), "?", dtype="<U1")
    grid[1::2, :] = "1"
    write("rows", grid)
    grid = np.where((rows + cols) % 2 == 1, "2", "?")
    write("checker", grid)
    grid = np.where((rows % 2 == 0) & (cols % 2 == 0), "3", "?")
    write("sparse", grid)
    grid = np.where(rng.random((h, w)) < 0.5, "?", rng.integers(0, 9, (h, w)).astype(str))
    write("noise", grid)
    return out


def run(argv: list[str], timeout: float) -> tuple[str, float, int, str]:
    """Exit status (or ``stopped``; ``failed`` when the process that measures it failed),
    CPU seconds, peak resident MB and the last line of standard error of one command, run
    as a grandchild so that its peak is its own."""
    code = ("import resource, subprocess, sys\n"
            f"argv = {argv!r}\n"
            "try:\n"
            f"    d = subprocess.run(argv, capture_output=True, text=True, timeout={timeout})\n"
            "    rc, err = str(d.returncode), d.stderr.strip().splitlines()\n"
            "except subprocess.TimeoutExpired:\n"
            "    rc, err = 'stopped', []\n"
            "u = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
            "print(rc, u.ru_utime + u.ru_stime, u.ru_maxrss // 1024)\n"
            "print(err[-1] if err else '')\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          stdin=subprocess.DEVNULL)
    first, last = (done.stdout.splitlines() + ["", ""])[:2]
    if len(first.split()) != 3:          # the measuring process itself failed: say why
        why = (done.stderr.strip().splitlines() or ["it printed nothing"])[-1]
        return "failed", float("nan"), 0, why
    rc, cpu, peak = first.split()
    return rc, float(cpu), int(peak), last


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--squares", type=int, default=100_000)
    parser.add_argument("--commands", default=",".join(COMMANDS))
    parser.add_argument("--timeout", type=float, default=20.0)
    parser.add_argument("--before", default=None, help="another minesweeper to run beside")
    args = parser.parse_args()
    program = shutil.which("minesweeper") or "minesweeper"
    print(f"load average {os.getloadavg()[0]:.2f}; {args.squares:,} squares; CPU seconds "
          "of each command, start-up and reading included")
    programs = [("", program)] + ([("before", args.before)] if args.before else [])
    refusals: dict[str, list[float]] = {label: [] for label, _ in programs}
    with tempfile.TemporaryDirectory() as tmp:
        for path in boards(args.squares, Path(tmp)):
            for name in args.commands.split(","):
                words = COMMANDS[name]
                for label, exe in programs:
                    rc, cpu, peak, err = run([exe, words[0], str(path), *words[1:]],
                                             args.timeout)
                    if rc == "2":
                        refusals[label].append(cpu)
                    spent = (f"past {args.timeout:.0f} s" if rc == "stopped" else
                             f"{cpu:6.2f} s {peak:6,} MB")
                    print(f"{path.stem:12} {name:6} {label:6} exit {rc:7} {spent:>17}  "
                          f"{err[:80]}", flush=True)
    for label, times in refusals.items():
        if times:
            print(f"refusals{' ' + label if label else ''}: {len(times)}, from "
                  f"{min(times):.2f} to {max(times):.2f} CPU s")
    print(f"load average {os.getloadavg()[0]:.2f} at the end "
          f"({resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024} MB here)")


if __name__ == "__main__":
    main()
