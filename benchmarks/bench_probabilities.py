"""Mine probabilities side by side: this project's exact engine against minesweepr.

Positions are half-revealed games (mines at random, squares opened by flood fill from
safe squares until the share asked for is open), with their total. Each position is
solved by ``minesweeper.probability.probabilities`` here and by minesweepr (a checkout
given with ``--minesweepr DIR``, run by ``--python2``, fed one rule per revealed number
and the mine count) in a child process; the script prints, per size, the CPU seconds of
each, their ratio and the largest difference between the two probabilities of a square.

    python benchmarks/bench_probabilities.py --minesweepr /tmp/msr --python2 "python2.7"
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "minesweeper" / "src"))

from minesweeper.board import UNKNOWN, Board  # noqa: E402
from minesweeper.probability import probabilities  # noqa: E402

_REFERENCE = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
import minesweeper as m
todo = json.loads(sys.stdin.read())
out = []
for rules, cells, mines in todo:
    t = time.clock()
    got = m.solve([m.Rule(k, c) for k, c in rules], m.MineCount(total_cells=cells,
                                                                total_mines=mines))
    out.append([time.clock() - t, dict((str(k), v) for k, v in got.items())])
print(json.dumps(out))
"""


def half_revealed(h: int, w: int, mines: int, rng: random.Random, share: float) -> Board:
    """A game position: ``mines`` at random, safe squares opened by flood fill (the
    empty ones first) until ``share`` of the board is open."""
    mine = np.zeros(h * w, dtype=bool)
    mine[rng.sample(range(h * w), mines)] = True
    mine = mine.reshape(h, w)
    padded = np.pad(mine.astype(int), 1)
    numbers = sum(padded[1 + dr:h + 1 + dr, 1 + dc:w + 1 + dc]
                  for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0))
    opened = np.zeros((h, w), dtype=bool)
    safe = [(r, c) for r in range(h) for c in range(w) if not mine[r, c]]
    rng.shuffle(safe)
    for start in sorted(safe, key=lambda s: numbers[s] != 0):
        if opened.sum() >= share * h * w:
            break
        stack = [start]
        while stack:
            r, c = stack.pop()
            if opened[r, c] or mine[r, c]:
                continue
            opened[r, c] = True
            if numbers[r, c] == 0:
                stack += [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                          if 0 <= r + dr < h and 0 <= c + dc < w]
    return Board(np.where(opened, numbers, UNKNOWN).astype(np.int8), mines)


def rules_of(board: Board) -> tuple[list[tuple[int, list[str]]], int, int]:
    """minesweepr's input: one rule per revealed number next to a covered square."""
    cells = board.cells
    h, w = cells.shape
    rules = []
    for r in range(h):
        for c in range(w):
            if cells[r, c] >= 0:
                near = [f"{rr},{cc}" for rr in range(max(r - 1, 0), min(r + 2, h))
                        for cc in range(max(c - 1, 0), min(c + 2, w))
                        if cells[rr, cc] == UNKNOWN]
                if near:
                    rules.append((int(cells[r, c]), near))
    covered = int((cells == UNKNOWN).sum())
    return rules, covered, int(board.total or 0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minesweepr", required=True, help="a minesweepr checkout")
    parser.add_argument("--python2", default="python2.7")
    parser.add_argument("--positions", type=int, default=10)
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f}")
    for (h, w, mines) in [(16, 30, 99), (50, 50, 500), (100, 100, 1600), (100, 100, 2000)]:
        rng = random.Random(1)
        boards = [half_revealed(h, w, mines, rng, 0.5) for _ in range(args.positions)]
        ours, mine_time = [], 0.0
        for b in boards:
            t = time.process_time()
            ours.append(probabilities(b))
            mine_time += time.process_time() - t
        todo = [rules_of(b) for b in boards]
        done = subprocess.run([*args.python2.split(), "-c", _REFERENCE, args.minesweepr],
                              input=json.dumps(todo), capture_output=True, text=True)
        if done.returncode:
            print(f"{w}x{h}, {mines} mines: here {mine_time:.2f} CPU s; minesweepr failed: "
                  f"{done.stderr.strip().splitlines()[-1]}", flush=True)
            continue
        theirs = json.loads(done.stdout)
        their_time = sum(t for t, _ in theirs)
        worst = 0.0
        for p, (_, got) in zip(ours, theirs, strict=True):
            other = got.get("None")
            for (r, c), f in zip(p.squares, p.fractions(), strict=True):
                q = got.get(f"{r},{c}", other)
                worst = max(worst, abs(float(f) - q))
        print(f"{w}x{h}, {mines} mines, {args.positions} half-revealed positions: here "
              f"{mine_time:.2f} CPU s, minesweepr {their_time:.2f} CPU s "
              f"(x{their_time / max(mine_time, 1e-9):.1f}); largest difference {worst:.1e}",
              flush=True)
    print(f"load average {os.getloadavg()[0]:.2f}  "
          f"(CPU s of this process: {resource.getrusage(resource.RUSAGE_SELF).ru_utime:.1f})")


if __name__ == "__main__":
    main()
