"""Boards whose groups are too entangled for the sweep: what elimination along a tree
decomposition answers, how wide its order is and what it costs.

Two kinds of board: boards built from random 3-CNF formulas
(``minesweeper.circuits.formula.random_cnf(n, clauses)``, laid out by ``build`` with the
variables in order x1..xn), and positions like real games (``game_position`` of the
tests: mines at random, half the safe squares revealed, none flagged (ms_toollib reads
flags otherwise), the total given).  Each board is analysed in a child process of its own
(``probabilities``, CPU seconds inside it; its peak resident memory), which prints the
group sizes and the widths of the elimination orders used, and the arrangements; for a
formula board the inputs' probabilities are checked against the formula's models,
enumerated with numpy.  With ``--toollib DIR`` (a directory holding the ``ms_toollib``
package, e.g. ``pip install --target DIR ms_toollib``) each game position is also
given to ``ms_toollib.cal_probability_onboard`` in another child, and the line shows its
CPU seconds and the largest difference of any square's probability.

    python benchmarks/bench_entangled.py [--formulas 12:16,16:32,20:40]
        [--games 100x100:0.206,150x150:0.2] [--seeds 0,1] [--toollib /tmp/mstl]
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
from fractions import Fraction
from pathlib import Path

HERE = Path(__file__).resolve().parent


def _formula(variables: int, clauses: int, seed: int) -> dict[str, object]:
    """Build, analyse and check one formula board (in this child process)."""
    sys.path.insert(0, str(HERE.parent / "minesweeper" / "tests"))
    from minesweeper.circuits.circuit import build
    from minesweeper.circuits.formula import random_cnf

    from ms_support import cnf_models

    f = random_cnf(variables, clauses, random.Random(seed))
    names = [f"x{i}" for i in range(1, variables + 1)]
    c = build(f, names)
    out = _analysed(c.board)
    models = cnf_models(f, names)
    p = out.pop("result")
    ok = p.frontier == len(models) and all(                      # type: ignore[attr-defined]
        p.of(c.inputs[name]) == Fraction(int(models[:, k].sum()), len(models))  # type: ignore[attr-defined]
        for k, name in enumerate(names)) if len(models) else not p.consistent  # type: ignore[attr-defined]
    out.update(board=f"{c.board.width}x{c.board.height}", models=len(models), agrees=ok)
    return out


def _game(height: int, width: int, density: float, seed: int) -> dict[str, object]:
    """Analyse one game position (in this child process)."""
    sys.path.insert(0, str(HERE.parent / "minesweeper" / "tests"))
    from ms_support import game_position

    board = game_position(random.Random(seed), height, width, density, 0.5, True, flag=0.0)
    out = _analysed(board)
    p = out.pop("result")
    out.update(board=f"{width}x{height}", mines=board.total,
               digits=len(str(p.arrangements)),                  # type: ignore[attr-defined]
               probabilities=[float(x) for x in p.fractions()])  # type: ignore[attr-defined]
    return out


def _analysed(board: object) -> dict[str, object]:
    """``probabilities(board)`` timed, with the widths of the eliminations it made."""
    from minesweeper.analysis import eliminate, probability

    widths: list[tuple[int, int]] = []
    plain = eliminate.eliminate

    def watched(g, *args, **kwargs):  # type: ignore[no-untyped-def]
        got = plain(g, *args, **kwargs)
        widths.append((len(g.ones), got[2]))
        return got

    probability.eliminated = watched              # type: ignore[assignment]
    start = time.process_time()
    p = probability.probabilities(board)          # type: ignore[arg-type]
    cpu = time.process_time() - start
    return {"cpu": round(cpu, 2), "eliminated": widths, "result": p,
            "peak_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss >> 10,
            "consistent": p.consistent}


def _toollib(height: int, width: int, density: float, seed: int, path: str
             ) -> dict[str, object]:
    """ms_toollib's probabilities of the same game position (in this child process)."""
    sys.path.insert(0, path)
    sys.path.insert(0, str(HERE.parent / "minesweeper" / "tests"))
    import ms_toollib

    from ms_support import game_position

    board = game_position(random.Random(seed), height, width, density, 0.5, True, flag=0.0)
    text = _rows(board)
    grid = [[10 if ch == "?" else 11 if ch == "F" else 0 if ch == "." else int(ch)
             for ch in row] for row in text]
    start = time.process_time()
    probs, _ = ms_toollib.cal_probability_onboard(grid, board.total)
    cpu = time.process_time() - start
    return {"cpu": round(cpu, 2),
            "probabilities": [probs[r][c] for r, c in board.unknowns()]}


def _rows(board: object) -> list[str]:
    from minesweeper.base.board import format_board

    return [line for line in format_board(board).splitlines()   # type: ignore[arg-type]
            if line and not line.startswith("mines")]


def _child(kind: str, *args: str) -> dict[str, object]:
    """Run one analysis in a fresh process; its JSON line."""
    done = subprocess.run([sys.executable, __file__, "--one", kind, *args],
                          capture_output=True, text=True, env=os.environ)
    if done.returncode:
        last = (done.stderr.strip().splitlines() or ["?"])[-1]
        return {"failed": last}
    return json.loads(done.stdout.splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--formulas", default="12:16,16:32,20:40",
                        help="VARIABLES:CLAUSES,... (default 12:16,16:32,20:40)")
    parser.add_argument("--formula-seed", type=int, default=20)
    parser.add_argument("--games", default="100x100:0.206,100x100:0.22,150x150:0.2",
                        help="WIDTHxHEIGHT:DENSITY,...")
    parser.add_argument("--seeds", default="0,1", help="seeds of the game positions")
    parser.add_argument("--toollib", help="a directory holding ms_toollib")
    parser.add_argument("--one", nargs="+", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        kind, *rest = args.one
        if kind == "formula":
            out = _formula(int(rest[0]), int(rest[1]), int(rest[2]))
        elif kind == "game":
            out = _game(int(rest[0]), int(rest[1]), float(rest[2]), int(rest[3]))
        else:
            out = _toollib(int(rest[0]), int(rest[1]), float(rest[2]), int(rest[3]),
                           rest[4])
        print(json.dumps(out))
        return
    print(f"load average {os.getloadavg()[0]:.2f}; CPU seconds inside each child")
    for spec in filter(None, args.formulas.split(",")):
        variables, clauses = spec.split(":")
        got = _child("formula", variables, clauses, str(args.formula_seed))
        if "failed" in got:
            print(f"formula {variables} variables, {clauses} clauses: {got['failed']}")
            continue
        print(f"formula {variables} variables, {clauses} clauses ({got['board']}): "
              f"{got['cpu']} s, {got['peak_mib']} MiB, groups eliminated (classes, width) "
              f"{got['eliminated']}, {got['models']} models, inputs agree: {got['agrees']}")
    for spec in filter(None, args.games.split(",")):
        size, density = spec.split(":")
        w, h = size.split("x")
        for seed in args.seeds.split(","):
            got = _child("game", h, w, density, seed)
            if "failed" in got:
                print(f"game {size} at {density}, seed {seed}: {got['failed']}")
                continue
            line = (f"game {size} at {density}, seed {seed} ({got['mines']} mines): "
                    f"{got['cpu']} s, {got['peak_mib']} MiB, groups eliminated (classes, "
                    f"width) {got['eliminated']}, arrangements of {got['digits']} digits")
            if args.toollib:
                peer = _child("toollib", h, w, density, seed, args.toollib)
                if "failed" in peer:
                    line += f"; ms_toollib: {peer['failed']}"
                else:
                    ours, theirs = got["probabilities"], peer["probabilities"]
                    worst = max(abs(a - b) for a, b in zip(ours, theirs, strict=True))  # type: ignore[call-overload]
                    line += f"; ms_toollib {peer['cpu']} s, largest difference {worst:.1e}"
            print(line, flush=True)


if __name__ == "__main__":
    main()
