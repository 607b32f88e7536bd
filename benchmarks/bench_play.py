"""Win rates of the analyser on the three classic levels, next to published figures.

Each level plays GAMES games under ``--rules`` (classic: the first click safe;
safe-opening: the first click opens an area) from the ``--start`` square (the corner
(1, 1) unless another is named), the mines placed after it, with the seed given, and
prints the win rate with its 95 % interval, the rules and the first click, games a
second and the CPU seconds, next to the win rates published for solvers under the same
rules (:data:`PUBLISHED`). The guesses follow the lowest-probability rule, or the
look-ahead with ``--look-ahead`` (about three times the CPU time on expert).
``--compare`` plays every game with both rules of the guesses (one seed: the same mines)
and adds the paired counts: games won by both, by one rule only, and the 95 % interval
of the difference of the win rates.

    python benchmarks/bench_play.py [--games 10000] [--seed 1] [--look-ahead | --compare]
        [--rules classic|safe-opening] [--start corner|X,Y]
"""

from __future__ import annotations

import argparse
import json
import math
import os
import resource
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "minesweeper" / "src"))

from minesweeper.analysis.game import Level, parse_level, parse_start  # noqa: E402
from minesweeper.analysis.play import PlayResult, play  # noqa: E402

#: Win rates published for solvers, by rules and level: under the classic rules (the
#: first click safe, in a corner) bcw's solver on the Authoritative Minesweeper forum
#: ("Quasi-empirical estimation of expected board completion rate"), JSMinesweeper's
#: README (D. N. Hill's solver), minesolve and PSEQ-D256 (b1f6c1c4/MineSweeperProb);
#: under safe-opening rules (the first click opens an area) the last two's figures with
#: the start they name.
PUBLISHED = {
    ("classic", "beginner"): "89.9% (bcw's solver, first move in a corner)",
    ("classic", "intermediate"): "72.0% (bcw's solver)",
    ("classic", "expert"): "20.0% (bcw's solver); 41.132% +- 0.03% (D. N. Hill's solver, "
                           "safe start in a corner, 10^7 games); 40.80% (minesolve); "
                           "40.05% (PSEQ-D256)",
    ("safe-opening", "expert"): "54.3% (D. N. Hill's solver, opening start at (3, 3)); "
                                "53.45% (PSEQ-D256, start at (4, 4))",
}


def timed(level: Level, games: int, seed: int, look_ahead: bool, rules: str = "classic",
          start: tuple[int, int] = (0, 0)) -> tuple[PlayResult, float, list[bool]]:
    """Play the games: the result, the CPU seconds, and whether each game was won."""
    won: list[bool] = []
    before_wins = [0]

    def record(done: int, wins: int) -> None:
        won.append(wins > before_wins[0])
        before_wins[0] = wins

    before = resource.getrusage(resource.RUSAGE_SELF).ru_utime
    result = play(level, games, seed, record, look_ahead, rules, start)
    return result, resource.getrusage(resource.RUSAGE_SELF).ru_utime - before, won


def paired(plain: list[bool], ahead: list[bool], z: float = 1.959964) -> dict[str, Any]:
    """The games won by both rules and by one only, and the 95 % (Wald, paired) interval
    of the look-ahead's win rate less the other's.

    >>> paired([True, True, False, False], [True, False, True, True])["look_ahead_only"]
    2
    """
    n = len(plain)
    only_plain = sum(a and not b for a, b in zip(plain, ahead, strict=True))
    only_ahead = sum(b and not a for a, b in zip(plain, ahead, strict=True))
    both = sum(a and b for a, b in zip(plain, ahead, strict=True))
    diff = (only_ahead - only_plain) / n
    spread = math.sqrt(max(0.0, (only_ahead + only_plain) / n - diff * diff) / n)
    return {"games": n, "both": both, "lowest_probability_only": only_plain,
            "look_ahead_only": only_ahead, "difference": diff,
            "difference_interval_95": [diff - z * spread, diff + z * spread]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--levels", default="beginner,intermediate,expert")
    parser.add_argument("--rules", choices=["classic", "safe-opening"], default="classic")
    parser.add_argument("--start", default="corner", help="corner, or X,Y from 1")
    rule = parser.add_mutually_exclusive_group()
    rule.add_argument("--look-ahead", action="store_true",
                      help="guess by the look-ahead (about three times the CPU time)")
    rule.add_argument("--compare", action="store_true",
                      help="play every game with both rules; the paired counts")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f}", file=sys.stderr)
    guesses = [False, True] if args.compare else [args.look_ahead]
    rows = []
    for name in args.levels.split(","):
        level = parse_level(name)
        start = parse_start(args.start, level)
        published = PUBLISHED.get((args.rules, name))
        outcomes = []
        for look_ahead in guesses:
            result, cpu, won = timed(level, args.games, args.seed, look_ahead, args.rules,
                                     start)
            outcomes.append(won)
            rows.append({**result.to_json(), "cpu_seconds": round(cpu, 1),
                         "published": published})
            print(result.line() + f"; {cpu:.1f} CPU s", flush=True)
        if args.compare:
            pair = paired(outcomes[0], outcomes[1])
            rows.append({"level": level.name, "paired": pair})
            lo, hi = pair["difference_interval_95"]
            print(f"  same games: won by both {pair['both']:,}, by the lowest-probability "
                  f"rule only {pair['lowest_probability_only']:,}, by the look-ahead only "
                  f"{pair['look_ahead_only']:,}; difference {pair['difference']:+.2%} "
                  f"(95% interval {lo:+.2%} to {hi:+.2%})", flush=True)
        if published:
            print(f"  published ({args.rules} rules): {published}", flush=True)
    print(f"load average {os.getloadavg()[0]:.2f}", file=sys.stderr)
    if args.json:
        print(json.dumps(rows, indent=2))


if __name__ == "__main__":
    main()
