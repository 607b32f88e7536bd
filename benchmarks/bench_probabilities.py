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

With ``--played N`` the positions are instead ``N`` positions of games the analyser
played (a third of each classic level, every second one with its certain mines flagged),
each solved ``--passes`` times (5) by each side, the first pass to warm up; it prints
the CPU in all and the median per position, by the mean of the other passes and by each
position's least.

    python benchmarks/bench_probabilities.py --minesweepr /tmp/msr --python2 "python2.7" \\
        --jsminesweeper /tmp/jsms --node "node --max-old-space-size=12000"
    python benchmarks/bench_probabilities.py --played 300 --jsminesweeper /tmp/jsms
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

# As the minesweeper program runs (puzzleshell.signals.run_program): one BLAS thread.
# numpy's pool of BLAS threads otherwise spins on the other core for a while after the
# import, and this process's CPU clock, which times each solve, counts it.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "minesweeper" / "src"))

from minesweeper.analysis.game import parse_level  # noqa: E402
from minesweeper.analysis.play import play_game  # noqa: E402
from minesweeper.analysis.probability import probabilities  # noqa: E402
from minesweeper.base.board import MINE, UNKNOWN, Board  # noqa: E402

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

# JSMinesweeper's driver (node -e DRIVER CHECKOUT [PASSES]): per position, read as rows of
# numbers (-1 covered, -2 flagged) and the mine count, one line with the CPU seconds of the
# solve and the mine probability of each covered square not flagged, row by row; with
# PASSES, the positions are solved that many times, the first pass to warm up (unless it is
# the only one), and each line ends with the position's least time in the others (its
# time is then their mean).
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
        const positions = JSON.parse(fs.readFileSync(0, "utf8"));
        const passes = Number(process.argv[2] || 1);
        const best = positions.map(() => Infinity), spent = positions.map(() => 0);
        const answers = [];
        for (let pass = 1; pass <= passes; pass++) {
          for (const [at, [rows, mines]] of positions.entries()) {
            const height = rows.length, width = rows[0].length;
            const board = new Board(0, width, height, mines, "", "safe");
            let flagged = false;
            for (let y = 0; y < height; y++) {
                for (let x = 0; x < width; x++) {
                    if (rows[y][x] >= 0) {
                        board.getTileXY(x, y).setValue(rows[y][x]);
                    } else if (rows[y][x] == -2) {      // a flag: a mine
                        board.getTileXY(x, y).toggleFlag();
                        flagged = true;
                    }
                }
            }
            const start = process.cpuUsage();
            board.resetForAnalysis(flagged, true);
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
                if (tile.isFlagged()) {
                    continue;                              // not asked: a mine already
                } else if (tile.isSolverFoundBomb()) {
                    mine.push(1);
                } else if (tile.isCovered()) {
                    mine.push(1 - (safety.has(tile.index) ? safety.get(tile.index)
                                   : pe.offEdgeProbability));
                }
            }
            if (pass > 1 || passes == 1) {      // the first pass warms up, unless alone
                best[at] = Math.min(best[at], (used.user + used.system) / 1e6);
                spent[at] += (used.user + used.system) / 1e6 / Math.max(1, passes - 1);
            }
            answers[at] = mine;
          }
        }
        for (const [at, mine] of answers.entries()) {
            process.stdout.write(JSON.stringify([spent[at], mine, best[at]]) + "\n");
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
    """minesweepr's input: one rule per revealed number next to a covered square (less
    the flags it sees), the covered squares and the mines not flagged."""
    cells = board.cells
    h, w = cells.shape
    rules = []
    for r in range(h):
        for c in range(w):
            if cells[r, c] >= 0:
                near = [(rr, cc) for rr in range(max(r - 1, 0), min(r + 2, h))
                        for cc in range(max(c - 1, 0), min(c + 2, w))]
                open_ = [f"{rr},{cc}" for rr, cc in near if cells[rr, cc] == UNKNOWN]
                if open_:
                    flags = sum(int(cells[rr, cc] == MINE) for rr, cc in near)
                    rules.append((int(cells[r, c]) - flags, open_))
    covered = int((cells == UNKNOWN).sum())
    return rules, covered, int(board.total or 0) - board.flags()


#: Per position the CPU seconds and the probabilities (and, with passes, the least time).
Reply = tuple[list[tuple[Any, ...]], str | None]


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
    lines, failed = _run([*shlex.split(args.node), "-e", _JSMINESWEEPER, args.jsminesweeper,
                          str(args.passes)],
                         [[b.cells.tolist(), int(b.total or 0)] for b in boards])
    return [(t, got, *best) for t, got, *best in lines], failed


def played_positions(count: int, seed: int) -> list[tuple[str, Board]]:
    """``count`` positions of games the analyser played (a third of each classic level,
    drawn from every position it moved from in games of ``seed``), every second one with
    its certain mines flagged, as a player marks them; each with its level."""
    rng = random.Random(seed)
    out: list[tuple[str, Board]] = []
    levels = ("beginner", "intermediate", "expert")
    for k, name in enumerate(levels):
        want = count // 3 + (1 if k < count % 3 else 0)
        seen: list[Board] = []
        while len(seen) < 3 * want:
            play_game(parse_level(name), random.Random(rng.getrandbits(64)),
                      seen=seen.append)
        for j, board in enumerate(rng.sample(seen, want)):
            if j % 2:
                p = probabilities(board)
                cells = board.cells.copy()
                for (r, c), m in zip(p.squares, p.mined, strict=True):
                    if m == p.arrangements:
                        cells[r, c] = MINE
                board = Board(cells, board.total)
            out.append((name, board))
    return out


def timed_here(boards: list[Board], passes: int,
               least: list[float] | None = None) -> tuple[list[float], list[Any]]:
    """The CPU seconds of each solve here, the mean of ``passes`` passes over the
    positions after one to warm up (when there are more than one; into ``least``, if
    given, each position's least), and the answers."""
    times: list[float] = [0.0] * len(boards)
    answers: list[Any] = [None] * len(boards)
    best = [float("inf")] * len(boards)
    timed = max(1, passes - 1)
    for pass_ in range(passes):
        for k, b in enumerate(boards):
            t = time.process_time()
            answers[k] = probabilities(b)
            spent = time.process_time() - t
            if pass_ or passes == 1:
                times[k] += spent / timed
                best[k] = min(best[k], spent)
    if least is not None:
        least[:] = best
    return times, answers


def played(args: argparse.Namespace,
           references: list[tuple[str, Any]]) -> None:
    """The played positions, side by side: CPU in all and the median per position,
    with each level's share."""
    positions = played_positions(args.played, args.seed)
    boards = [b for _, b in positions]
    least: list[float] = []
    times, ours = timed_here(boards, args.passes, least)
    exact = [[float(f) for f in p.fractions()] for p in ours]
    flagged = sum(b.flags() > 0 for b in boards)
    print(f"{len(boards)} positions of played games ({flagged} with flags; {args.passes} "
          "passes, the first to warm up; CPU seconds: the mean of the others, and in "
          "brackets each position's least):")
    levels = {name: 0.0 for name, _ in positions}
    for (name, _), t in zip(positions, times, strict=True):
        levels[name] += t
    print(f"  here: {sum(times):.3f} s in all ({sum(least):.3f}), median "
          f"{np.median(times) * 1e3:.3f} ms ({np.median(least) * 1e3:.3f}); per level "
          + ", ".join(f"{name} {t:.3f} s" for name, t in levels.items()))
    for name, solve in references:
        theirs, failed = solve(args, boards)
        if failed:
            print(f"  {name} failed after {len(theirs)} of {len(boards)} positions ({failed})")
            continue
        their = [t for t, *_ in theirs]
        best = [line[2] if len(line) > 2 else line[0] for line in theirs]
        worst = max(abs(f - q) for e, (_, got, *_) in zip(exact, theirs, strict=True)
                    for f, q in zip(e, got, strict=True))
        print(f"  {name}: {sum(their):.3f} s in all ({sum(best):.3f}), median "
              f"{np.median(their) * 1e3:.3f} ms ({np.median(best) * 1e3:.3f}); here is "
              f"x{sum(their) / sum(times):.2f} (x{sum(best) / sum(least):.2f}) in all, "
              f"x{np.median(their) / np.median(times):.2f} "
              f"(x{np.median(best) / np.median(least):.2f}) at the median; largest "
              f"difference {worst:.1e}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minesweepr", help="a minesweepr checkout")
    parser.add_argument("--python2", default="python2.7", help="runs minesweepr")
    parser.add_argument("--jsminesweeper", help="a JSMinesweeper checkout")
    parser.add_argument("--node", default="node", help="runs JSMinesweeper (flags allowed)")
    parser.add_argument("--positions", type=int, default=10)
    parser.add_argument("--played", type=int, default=0, metavar="N",
                        help="instead of the sizes, N positions of played games")
    parser.add_argument("--seed", type=int, default=1, help="the games of --played")
    parser.add_argument("--passes", type=int, default=None,
                        help="solve the positions this many times, each one's least time "
                             "kept (default 5 with --played, else 1)")
    args = parser.parse_args()
    if args.passes is None:
        args.passes = 5 if args.played else 1
    references = [(name, solve) for name, solve, given in
                  [("minesweepr", minesweepr, args.minesweepr),
                   ("JSMinesweeper", jsminesweeper, args.jsminesweeper)] if given]
    if not references:
        parser.error("give at least one reference: --minesweepr DIR, --jsminesweeper DIR")
    print(f"load average {os.getloadavg()[0]:.2f}")
    if args.played:
        played(args, references)
        print(f"load average {os.getloadavg()[0]:.2f}")
        return
    for (h, w, mines) in [(16, 30, 99), (50, 50, 500), (100, 100, 1600), (100, 100, 2000)]:
        rng = random.Random(1)
        boards = [half_revealed(h, w, mines, rng, 0.5) for _ in range(args.positions)]
        times, ours = timed_here(boards, args.passes)
        mine_time = sum(times)
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
            their_time = sum(t for t, *_ in theirs)
            worst = max(abs(f - q) for e, (_, got, *_) in zip(exact, theirs, strict=True)
                        for f, q in zip(e, got, strict=True))
            print(f"{what}, {args.positions} half-revealed positions: here {mine_time:.2f} "
                  f"CPU s, {name} {their_time:.2f} CPU s "
                  f"(x{their_time / max(mine_time, 1e-9):.1f}); largest difference "
                  f"{worst:.1e}", flush=True)
    print(f"load average {os.getloadavg()[0]:.2f}  "
          f"(CPU s of this process: {resource.getrusage(resource.RUSAGE_SELF).ru_utime:.1f})")


if __name__ == "__main__":
    main()
