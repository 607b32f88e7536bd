"""``check``, ``check --count`` and ``check --probabilities`` on the same large
half-revealed boards, through the command line: CPU seconds and peak memory of each
process, its exit status and the first words of its answer or refusal; then how the
time grows with the board (the exponent of CPU seconds against covered squares, from the
first size to the last).

Boards: ``half_revealed`` of ``bench_probabilities.py`` (mines at random, safe squares
opened by flood fill until half the board is open), seed 1, with their total.

    python benchmarks/bench_count_probabilities.py [--boards 100x100:2000,200x200:6400,
        200x200:8000,300x300:14400] [--timeout 600]
"""

from __future__ import annotations

import argparse
import math
import os
import random
import shutil
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_probabilities import half_revealed  # noqa: E402

from minesweeper.base.board import format_board  # noqa: E402


def _run(argv: list[str], timeout: float, folder: Path) -> tuple[int | str, float, int, str]:
    """Exit status (or "timeout"), CPU seconds, peak resident MiB and the first line of
    output of one command (its own figures, from ``wait4``)."""
    out, err = folder / "stdout.txt", folder / "stderr.txt"
    with out.open("w") as o, err.open("w") as e:
        child = subprocess.Popen(argv, stdout=o, stderr=e)
        timer = threading.Timer(timeout, child.kill)
        timer.start()
        _, code, usage = os.wait4(child.pid, 0)
        timer.cancel()
        child.returncode = os.waitstatus_to_exitcode(code)
    status: int | str = child.returncode if child.returncode >= 0 else "timeout"
    text = (out.read_text().strip() or err.read_text().strip()).splitlines()
    return status, usage.ru_utime + usage.ru_stime, usage.ru_maxrss >> 10, \
        (text or [""])[0][:110]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--boards", default="100x100:2000,200x200:6400,200x200:8000,"
                                            "300x300:14400")
    parser.add_argument("--timeout", type=float, default=600.0)
    args = parser.parse_args()
    program = shutil.which("minesweeper") or "minesweeper"
    print(f"load average {os.getloadavg()[0]:.2f}; CPU seconds and peak memory of each "
          "process")
    times: dict[str, list[tuple[int, float]]] = {"": [], "--count": [], "--probabilities": []}
    with tempfile.TemporaryDirectory() as tmp:
        for spec in args.boards.split(","):
            size, mines = spec.split(":")
            w, h = (int(x) for x in size.split("x"))
            board = half_revealed(h, w, int(mines), random.Random(1), 0.5)
            path = Path(tmp) / f"{size}-{mines}.txt"
            path.write_text(f"mines: {mines}\n" + format_board(board) + "\n")
            covered = len(board.unknowns())
            for flag in times:
                status, cpu, peak, first = _run([program, "check", str(path),
                                                 *([flag] if flag else []),
                                                 "-o", str(Path(tmp) / "out.txt")],
                                                args.timeout, Path(tmp))
                if status == 0:
                    first = (Path(tmp) / "out.txt").read_text().splitlines()[0][:110]
                    times[flag].append((covered, cpu))
                what = flag or "(plain)"
                print(f"{size} {mines} mines ({covered:,} covered) check {what}: exit "
                      f"{status}, {cpu:.2f} s, {peak} MiB: {first}", flush=True)
    for flag, got in times.items():
        if len(got) >= 2 and got[0][1] > 0 and got[-1][0] != got[0][0]:
            (n0, t0), (n1, t1) = got[0], got[-1]
            print(f"check {flag or '(plain)'}: time grows as covered squares to the power "
                  f"{math.log(t1 / t0) / math.log(n1 / n0):.2f} (from {n0:,} to {n1:,})")


if __name__ == "__main__":
    main()
