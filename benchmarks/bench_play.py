"""Win rates of the analyser on the three classic levels, next to published figures.

Each level plays GAMES games under ``--rules`` (classic: the first click safe;
safe-opening: the first click opens an area) from the ``--start`` square (the corner
(1, 1) unless another is named), the mines placed after it, with the seed given (game
``k`` is the game ``minesweeper play --seed SEED`` plays ``k``-th), and prints the win
rate with its 95 % interval, the rules and the first click, and the CPU seconds, next to
the win rates published for solvers under the same rules (:data:`PUBLISHED`). The games
are shared out among ``--jobs`` processes (default: every core). The guesses follow the
lowest-probability rule, or the look-ahead with ``--look-ahead`` (about three times the
CPU time on expert); with ``--endgame`` the end of a game is searched exactly once few
arrangements are left. ``--compare look-ahead`` (or ``endgame``) plays every game
without and with that technique (one seed: the same mines; the other flags as given) and
adds the paired counts: games won by both, by one only, and the 95 % interval of the
difference of the win rates.

    python benchmarks/bench_play.py [--games 10000] [--seed 1] [--look-ahead] [--endgame]
        [--compare look-ahead|endgame] [--rules classic|safe-opening] [--start corner|X,Y]
        [--jobs 2]
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "minesweeper" / "src"))

from minesweeper.analysis.advice import LOOK_AHEAD, LOWEST_PROBABILITY  # noqa: E402
from minesweeper.analysis.game import (  # noqa: E402
    Level,
    allowed_squares,
    parse_level,
    parse_start,
)
from minesweeper.analysis.play import PlayResult, play_game  # noqa: E402

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


def _chunk(job: tuple[Level, list[int], bool, bool, str, tuple[int, int]]
           ) -> tuple[list[bool], float]:
    """Play the games of these seeds in this process: whether each was won, and the CPU
    seconds."""
    level, seeds, look_ahead, endgame, rules, start = job
    before = time.process_time()
    won = [play_game(level, random.Random(s), look_ahead, rules=rules, start=start,
                     endgame=endgame) for s in seeds]
    return won, time.process_time() - before


def timed(level: Level, games: int, seed: int, look_ahead: bool, rules: str = "classic",
          start: tuple[int, int] = (0, 0), endgame: bool = False,
          jobs: int = 1) -> tuple[PlayResult, float, list[bool]]:
    """Play the games (those of ``play(level, games, seed)``) in ``jobs`` processes: the
    result, the CPU seconds of all the processes, and whether each game was won."""
    allowed_squares(level, rules, start)
    rng = random.Random(seed)
    seeds = [rng.getrandbits(64) for _ in range(games)]
    size = max(1, min(200, games // (4 * max(1, jobs)) or 1))
    work = [(level, seeds[k:k + size], look_ahead, endgame, rules, start)
            for k in range(0, games, size)]
    started = time.perf_counter()
    if jobs > 1:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            parts = pool.map(_chunk, work, chunksize=1)
    else:
        parts = [_chunk(job) for job in work]
    won = [w for part, _ in parts for w in part]
    cpu = sum(t for _, t in parts)
    result = PlayResult(level, games, sum(won), time.perf_counter() - started,
                        LOOK_AHEAD if look_ahead else LOWEST_PROBABILITY, rules, start,
                        endgame)
    return result, cpu, won


def paired(plain: list[bool], other: list[bool], z: float = 1.959964) -> dict[str, Any]:
    """The games won by both ways of playing and by one only, and the 95 % (Wald,
    paired) interval of the second's win rate less the first's.

    >>> paired([True, True, False, False], [True, False, True, True])["with_only"]
    2
    """
    n = len(plain)
    only_plain = sum(a and not b for a, b in zip(plain, other, strict=True))
    only_other = sum(b and not a for a, b in zip(plain, other, strict=True))
    both = sum(a and b for a, b in zip(plain, other, strict=True))
    diff = (only_other - only_plain) / n
    spread = math.sqrt(max(0.0, (only_other + only_plain) / n - diff * diff) / n)
    return {"games": n, "both": both, "without_only": only_plain, "with_only": only_other,
            "difference": diff, "difference_interval_95": [diff - z * spread, diff + z * spread]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--levels", default="beginner,intermediate,expert")
    parser.add_argument("--rules", choices=["classic", "safe-opening"], default="classic")
    parser.add_argument("--start", default="corner", help="corner, or X,Y from 1")
    parser.add_argument("--look-ahead", action="store_true",
                        help="guess by the look-ahead (about three times the CPU time)")
    parser.add_argument("--endgame", action="store_true",
                        help="search the end of a game exactly once few arrangements are left")
    parser.add_argument("--compare", choices=["look-ahead", "endgame"],
                        help="play every game without and with this; the paired counts")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f}", file=sys.stderr)
    ways = [(args.look_ahead, args.endgame)]
    if args.compare == "look-ahead":
        ways = [(False, args.endgame), (True, args.endgame)]
    elif args.compare == "endgame":
        ways = [(args.look_ahead, False), (args.look_ahead, True)]
    rows = []
    for name in args.levels.split(","):
        level = parse_level(name)
        start = parse_start(args.start, level)
        published = PUBLISHED.get((args.rules, name))
        outcomes = []
        for look_ahead, endgame in ways:
            result, cpu, won = timed(level, args.games, args.seed, look_ahead, args.rules,
                                     start, endgame, args.jobs)
            outcomes.append(won)
            rows.append({**result.to_json(), "cpu_seconds": round(cpu, 1),
                         "published": published})
            print(result.line() + f"; {cpu:.1f} CPU s in {args.jobs} processes", flush=True)
        if args.compare:
            pair = paired(outcomes[0], outcomes[1])
            rows.append({"level": level.name, "compared": args.compare, "paired": pair})
            lo, hi = pair["difference_interval_95"]
            print(f"  same games: won by both {pair['both']:,}, without the {args.compare} "
                  f"only {pair['without_only']:,}, with it only {pair['with_only']:,}; "
                  f"difference {pair['difference']:+.2%} (95% interval {lo:+.2%} to "
                  f"{hi:+.2%})", flush=True)
        if published:
            print(f"  published ({args.rules} rules): {published}", flush=True)
    print(f"load average {os.getloadavg()[0]:.2f}", file=sys.stderr)
    if args.json:
        print(json.dumps(rows, indent=2))


if __name__ == "__main__":
    main()
