"""Win rates of the analyser on the three classic levels, next to published figures.

Each level plays GAMES games (the first click safe, in the corner the advice picks; the
mines placed after it, never on it), with the seed given, and prints the win rate with
its 95 % interval, games a second and the CPU seconds, next to the win rates published
for solvers under the same rules (:data:`PUBLISHED`).

    python benchmarks/bench_play.py [--games 10000] [--seed 1]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "minesweeper" / "src"))

from minesweeper.play import parse_level, play  # noqa: E402

#: Win rates published for solvers under the same rules (the first click safe, in a
#: corner): bcw's solver on the Authoritative Minesweeper forum ("Quasi-empirical
#: estimation of expected board completion rate"), and JSMinesweeper's README.
PUBLISHED = {
    "beginner": "89.9% (bcw's solver, first move in a corner)",
    "intermediate": "72.0% (bcw's solver)",
    "expert": "20.0% (bcw's solver); 41% (JSMinesweeper's Java solver, safe start in a "
              "corner); 54.3% (JSMinesweeper, opening start at (3, 3))",
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--levels", default="beginner,intermediate,expert")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f}", file=sys.stderr)
    rows = []
    for name in args.levels.split(","):
        before = resource.getrusage(resource.RUSAGE_SELF).ru_utime
        result = play(parse_level(name), args.games, args.seed)
        cpu = resource.getrusage(resource.RUSAGE_SELF).ru_utime - before
        rows.append({**result.to_json(), "cpu_seconds": round(cpu, 1),
                     "published": PUBLISHED.get(name)})
        print(result.line() + f"; {cpu:.1f} CPU s", flush=True)
        if name in PUBLISHED:
            print(f"  published: {PUBLISHED[name]}", flush=True)
    print(f"load average {os.getloadavg()[0]:.2f}", file=sys.stderr)
    if args.json:
        print(json.dumps(rows, indent=2))


if __name__ == "__main__":
    main()
