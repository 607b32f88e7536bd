"""Mine probabilities side by side: the exact engine here, minesweepr and JSMinesweeper.

Positions are half-revealed games (mines at random, squares opened by flood fill from
safe squares until the share asked for is open), with their total. Each position is
solved by ``minesweeper.analysis.probability.probabilities`` here and, in a child process, by each
reference given (the same positions for all):

* minesweepr (a checkout given with ``--minesweepr DIR``, run by ``--python2``), fed one
  rule per revealed number and the mine count;
* JSMinesweeper (a checkout given with ``--jsminesweeper DIR``, run by ``--node``, which
  may carry flags such as ``--max-old-space-size=12000``).  The driver loads the
  checkout's own scripts (``Minesweeper/Utility/PrimeSieve.js``, ``Binomial.js``,
  ``Minesweeper/client/Tile.js``, ``Board.js``, ``solver_main.js``,
  ``solver_probability_engine.js``, ``Brute_force.js``) into one context, sets up the
  binomial cache as the page does (coefficients up to 65,000 squares off the edge), and
  per position builds a ``Board``, finds the obvious mines (``resetForAnalysis``, as the
  page's analysis does), gathers the witnesses and the squares they touch as the
  solver's ``doSolve`` does, and runs a ``ProbabilityEngine`` with ``fullProbability``
  set: without it the engine stops at the first group of numbers that proves a square
  safe and gives no probabilities.  The dead-square search
  (``getCandidateDeadLocations``) and the brute-force set-up for an isolated edge
  (``checkEdgeIsIsolated``), which the engine always runs but which change no
  probability, are turned off (replaced by no-ops).  The engine makes no approximation,
  but it hands out each mine probability cut to 8 decimals, so it differs from the exact
  one by up to 1e-8.

Each child times its solves only (CPU seconds, inside the process; node's
``process.cpuUsage`` counts its garbage collector's threads too); the script prints,
per size and reference, the CPU seconds of each, their ratio and the largest difference
between the two probabilities of a square.  A reference that fails (a crash, out of
memory) gets one line with the last line of its error output, and the run goes on.

    python benchmarks/bench_probabilities.py --minesweepr /tmp/msr --python2 "python2.7" \\
        --jsminesweeper /tmp/jsms --node "node --max-old-space-size=12000"
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import resource
import shlex
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "minesweeper" / "src"))

from minesweeper.analysis.probability import probabilities  # noqa: E402
from minesweeper.base.board import UNKNOWN, Board  # noqa: E402

# minesweepr's driver (Python 2): one line per position, CPU seconds and probabilities.
_REFERENCE = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
import minesweeper as m
for rules, cells, mines in json.loads(sys.stdin.read()):
    t = time.clock()
    got = m.solve([m.Rule(k, c) for k, c in rules], m.MineCount(total_cells=cells,
                                                                total_mines=mines))
    t = time.clock() - t
    print(json.dumps([t, dict((str(k), v) for k, v in got.items())]))
    sys.stdout.flush()
"""

# JSMinesweeper's driver (node -e DRIVER CHECKOUT): per position, read as rows of numbers
# (-1 covered) and the mine count, one line with the CPU seconds of the solve and the
# mine probability of each covered square, row by row.
_JSMINESWEEPER = r"""
(function () {
    "use strict";
    try {
        const fs = require("fs");
        const path = require("path");
        const vm = require("vm");
        const root = path.join(process.argv[1], "Minesweeper");
        const quiet = () => {};
        console.log = console.info = console.warn = console.debug = quiet;
        for (const file of ["Utility/PrimeSieve.js", "Utility/Binomial.js", "client/Tile.js",
                            "client/Board.js", "client/solver_main.js",
                            "client/solver_probability_engine.js", "client/Brute_force.js"]) {
            vm.runInThisContext(fs.readFileSync(path.join(root, file), "utf8"), {filename: file});
        }
        // what main.js sets up for the solver (MAX_BINOMIAL_N is 65000 there)
        vm.runInThisContext("var analysisMode = true; var showMessage = () => {};" +
                            "var binomialCache = new BinomialCache(5000, 500," +
                            " new Binomial(65000, 500));");
        // work that changes no probability: the dead-square search, the brute-force set-up
        ProbabilityEngine.prototype.getCandidateDeadLocations = quiet;
        ProbabilityEngine.prototype.checkEdgeIsIsolated = () => false;
        for (const [rows, mines] of JSON.parse(fs.readFileSync(0, "utf8"))) {
            const height = rows.length, width = rows[0].length;
            const board = new Board(0, width, height, mines, "", "safe");
            for (let y = 0; y < height; y++) {
                for (let x = 0; x < width; x++) {
                    if (rows[y][x] >= 0) {
                        board.getTileXY(x, y).setValue(rows[y][x]);
                    }
                }
            }
            const start = process.cpuUsage();
            board.resetForAnalysis(false, true);
            let minesLeft = board.num_bombs, squaresLeft = 0;
            const witnesses = [], touched = new Set();
            for (const tile of board.tiles) {
                if (tile.isSolverFoundBomb()) {
                    minesLeft--;
                } else if (tile.isCovered()) {
                    squaresLeft++;
                } else {
                    let open = false;
                    for (const next of board.getAdjacent(tile)) {
                        if (next.isCovered() && !next.isSolverFoundBomb()) {
                            open = true;
                            touched.add(next.index);
                        }
                    }
                    if (open) {
                        witnesses.push(tile);
                    }
                }
            }
            const witnessed = [...touched].map(i => board.getTile(i));
            const pe = new ProbabilityEngine(board, witnesses, witnessed, squaresLeft,
                                             minesLeft, {playStyle: PLAY_STYLE_FLAGS,
                                                         verbose: false,
                                                         fullProbability: true});
            if (pe.validWeb) {
                pe.process();
            }
            const used = process.cpuUsage(start);
            if (!pe.fullAnalysis) {
                throw new Error("the probability engine gave no probabilities");
            }
            const safety = new Map();
            for (const box of pe.boxes) {
                for (const tile of box.tiles) {
                    safety.set(tile.index, pe.boxProb[box.uid]);
                }
            }
            const mine = [];
            for (const tile of board.tiles) {
                if (tile.isSolverFoundBomb()) {
                    mine.push(1);
                } else if (tile.isCovered()) {
                    mine.push(1 - (safety.has(tile.index) ? safety.get(tile.index)
                                   : pe.offEdgeProbability));
                }
            }
            process.stdout.write(JSON.stringify([(used.user + used.system) / 1e6, mine]) +
                                 "\n");
        }
    } catch (e) {
        process.stderr.write(String(e) + "\n");
        process.exitCode = 1;
    }
})();
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


Reply = tuple[list[tuple[float, list[float]]], str | None]


def _run(command: list[str], todo: object) -> tuple[list[Any], str | None]:
    """Run a reference on the positions: the lines it printed (one a position) and,
    if it failed, why (its exit status and the last line of its error output, node's
    native stack frames left out)."""
    try:
        done = subprocess.run(command, input=json.dumps(todo), capture_output=True, text=True)
    except OSError as e:
        return [], f"not started: {e}"
    lines = [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
    if not done.returncode:
        return lines, None
    said = [s.strip() for s in done.stderr.splitlines()
            if s.strip() and not re.match(r"\s*(\d+: |----- |<--- )", s)]
    status = (f"killed by signal {-done.returncode}" if done.returncode < 0
              else f"exit status {done.returncode}")
    return lines, f"{status}: {said[-1] if said else 'nothing on stderr'}"


def minesweepr(args: argparse.Namespace, boards: list[Board]) -> Reply:
    """minesweepr's CPU seconds and probabilities (of ``Board.unknowns``) per position."""
    lines, failed = _run([*shlex.split(args.python2), "-c", _REFERENCE, args.minesweepr],
                         [rules_of(b) for b in boards])
    out = []
    for b, (t, got) in zip(boards, lines, strict=False):
        other = got.get("None")
        out.append((t, [got.get(f"{r},{c}", other) for r, c in b.unknowns()]))
    return out, failed


def jsminesweeper(args: argparse.Namespace, boards: list[Board]) -> Reply:
    """JSMinesweeper's CPU seconds and probabilities (of ``Board.unknowns``) per
    position."""
    lines, failed = _run([*shlex.split(args.node), "-e", _JSMINESWEEPER, args.jsminesweeper],
                         [[b.cells.tolist(), int(b.total or 0)] for b in boards])
    return [(t, got) for t, got in lines], failed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minesweepr", help="a minesweepr checkout")
    parser.add_argument("--python2", default="python2.7", help="runs minesweepr")
    parser.add_argument("--jsminesweeper", help="a JSMinesweeper checkout")
    parser.add_argument("--node", default="node", help="runs JSMinesweeper (flags allowed)")
    parser.add_argument("--positions", type=int, default=10)
    args = parser.parse_args()
    references = [(name, solve) for name, solve, given in
                  [("minesweepr", minesweepr, args.minesweepr),
                   ("JSMinesweeper", jsminesweeper, args.jsminesweeper)] if given]
    if not references:
        parser.error("give at least one reference: --minesweepr DIR, --jsminesweeper DIR")
    print(f"load average {os.getloadavg()[0]:.2f}")
    for (h, w, mines) in [(16, 30, 99), (50, 50, 500), (100, 100, 1600), (100, 100, 2000)]:
        rng = random.Random(1)
        boards = [half_revealed(h, w, mines, rng, 0.5) for _ in range(args.positions)]
        ours, mine_time = [], 0.0
        for b in boards:
            t = time.process_time()
            ours.append(probabilities(b))
            mine_time += time.process_time() - t
        exact = [[float(f) for f in p.fractions()] for p in ours]
        for p, b in zip(ours, boards, strict=True):
            assert p.squares == b.unknowns()
        what = f"{w}x{h}, {mines} mines"
        for name, solve in references:
            theirs, failed = solve(args, boards)
            if failed:
                print(f"{what}: here {mine_time:.2f} CPU s; {name} failed after {len(theirs)} "
                      f"of {len(boards)} positions ({failed})", flush=True)
                continue
            their_time = sum(t for t, _ in theirs)
            worst = max(abs(f - q) for e, (_, got) in zip(exact, theirs, strict=True)
                        for f, q in zip(e, got, strict=True))
            print(f"{what}, {args.positions} half-revealed positions: here {mine_time:.2f} "
                  f"CPU s, {name} {their_time:.2f} CPU s "
                  f"(x{their_time / max(mine_time, 1e-9):.1f}); largest difference "
                  f"{worst:.1e}", flush=True)
    print(f"load average {os.getloadavg()[0]:.2f}  "
          f"(CPU s of this process: {resource.getrusage(resource.RUSAGE_SELF).ru_utime:.1f})")


if __name__ == "__main__":
    main()
