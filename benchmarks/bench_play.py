"""Win rates of the analyser on the three classic levels, next to published figures.

Each level plays GAMES games under ``--rules`` (classic: the first click safe;
safe-opening: the first click opens an area) from the ``--start`` square (unless
another is named the corner (1, 1) under classic rules, (4, 4) under safe-opening), the
mines placed after it, with the seed given (game ``k`` is the game ``minesweeper play
--seed SEED`` plays ``k``-th), and prints the win
rate with its 95 % interval, the rules and the first click, and the CPU seconds, next to
the win rates published for solvers under the same rules (:data:`PUBLISHED`). The games
are shared out among ``--jobs`` processes (default: every core). The guesses follow the
lowest-probability rule, or the look-ahead with ``--look-ahead`` (about three times the
CPU time on expert); with ``--endgame`` the end of a game is searched exactly once few
arrangements are left. ``--compare look-ahead`` (or ``endgame``) plays every game
without and with that technique (one seed: the same mines; the other flags as given) and
adds the paired counts: games won by both, by one only, and the 95 % interval of the
difference of the win rates.

With ``--jsminesweeper DIR`` (a checkout of D. N. Hill's JSMinesweeper, run by
``--node``) the same games (the same mines, the same first click) are played by its
solver too, in ``--jobs`` node processes, as its page's bulk run plays them: the
checkout's own scripts (``Minesweeper/Utility/PrimeSieve.js``, ``Binomial.js``,
``Minesweeper/client/Tile.js``, ``Board.js``, ``MinesweeperGame.js``, ``solver_main.js``,
``solver_probability_engine.js``, ``Brute_force.js``, ``BruteForceAnalysis.js``,
``EfficiencyHelper.js``, ``FiftyFiftyHelper.js``, ``LongTermRiskHelper.js``,
``SolutionCounter.js``) loaded into one context with what its page (``main.js``) defines
for them (the tile constants, the binomial cache, a global ``board`` of the game's size,
which ``LongTermRiskHelper`` reads), each game a ``ServerGame`` with these mines, the
solver asked with the bulk run's options (no flags, advanced guessing, full
probabilities) and its first action taken (with every certain clear after it). The
script prints its win rate, its CPU seconds (node's ``process.cpuUsage``) and the paired
comparison with the analyser's games.

    python benchmarks/bench_play.py [--games 10000] [--seed 1] [--look-ahead] [--endgame]
        [--compare look-ahead|endgame] [--rules classic|safe-opening] [--start corner|X,Y]
        [--jobs 2] [--jsminesweeper DIR [--node node]]
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import random
import shlex
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "minesweeper" / "src"))

from minesweeper.analysis.advice import LOOK_AHEAD, LOWEST_PROBABILITY  # noqa: E402
from minesweeper.analysis.game import (  # noqa: E402
    Level,
    allowed_squares,
    deal,
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


# JSMinesweeper's player (node -e DRIVER CHECKOUT GAMES): reads {width, height, mines, start,
# games: [[mine index, ...], ...]} from the file GAMES (an index is y * width + x), plays each game
# as the page's bulkRun does and prints one line a game, 1 when won, 0 when lost, then a
# line with the CPU seconds of the games.
_JSMINESWEEPER = r"""
(async function () {
    "use strict";
    const fs = require("fs");
    const path = require("path");
    const vm = require("vm");
    const root = path.join(process.argv[1], "Minesweeper");
    const write = (text) => process.stdout.write(text + "\n");
    console.log = console.info = console.warn = console.debug = () => {};
    for (const file of ["Utility/PrimeSieve.js", "Utility/Binomial.js", "client/Tile.js",
                        "client/Board.js", "client/MinesweeperGame.js", "client/solver_main.js",
                        "client/solver_probability_engine.js", "client/Brute_force.js",
                        "client/BruteForceAnalysis.js", "client/EfficiencyHelper.js",
                        "client/FiftyFiftyHelper.js", "client/LongTermRiskHelper.js",
                        "client/SolutionCounter.js"]) {
        vm.runInThisContext(fs.readFileSync(path.join(root, file), "utf8"), {filename: file});
    }
    // what the page (main.js) defines for the solver
    vm.runInThisContext("var BOMB = 9, HIDDEN = 10, FLAGGED = 11, FLAGGED_WRONG = 12," +
                        " EXPLODED = 13, SKULL = 14, START = 15, MINUS = 10;" +
                        " var MAX_BINOMIAL_N = 65000, PLAY_CLIENT_SIDE = true, oldrng = false;" +
                        " var analysisMode = false; var board = null;" +
                        " var showMessage = () => {}; var sleep = () => Promise.resolve();" +
                        " var binomialCache = new BinomialCache(5000, 500," +
                        " new Binomial(65000, 500));");
    await solver(null, null);                      // the page's initialisation
    const spec = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
    const options = {playStyle: PLAY_STYLE_NOFLAGS, verbose: false, advancedGuessing: true,
                     fullProbability: true, hardcore: false};
    const width = spec.width, height = spec.height, mines = spec.mines;
    const start = process.cpuUsage();
    for (const layout of spec.games) {
        const places = [width, height, mines];
        for (const i of layout) {
            places.push(i % width, Math.floor(i / width));
        }
        const game = new ServerGame(0, width, height, mines, spec.start, 0, "safe");
        game.resetMinesUsingArray(places);
        const seen = new Board(0, width, height, mines, 0, "safe");
        globalThis.board = seen;
        let revealed = game.clickTile(game.getTile(spec.start));
        applyResults(seen, revealed);
        for (let loop = 0; revealed.header.status == IN_PLAY && loop < 10000; loop++) {
            const actions = (await solver(seen, options)).actions;
            for (let i = 0; i < actions.length; i++) {
                const action = actions[i];
                if (action.action == ACTION_CHORD || action.action == ACTION_FLAG) {
                    continue;
                }
                if (i == 0 || action.prob == 1) {
                    revealed = game.clickTile(game.getTile(seen.xy_to_index(action.x, action.y)));
                    if (revealed.header.status != IN_PLAY) {
                        break;
                    }
                    applyResults(seen, revealed);
                }
                if (action.prob != 1) {
                    break;
                }
            }
        }
        write(revealed.header.status == WON ? "1" : "0");
    }
    const used = process.cpuUsage(start);
    write(String((used.user + used.system) / 1e6));
})().catch((e) => { process.stderr.write(String(e) + "\n"); process.exitCode = 1; });
"""


def layouts(level: Level, games: int, seed: int, rules: str,
            start: tuple[int, int]) -> list[list[int]]:
    """The mines of the games of ``play(level, games, seed)`` under ``rules`` from
    ``start``, each as the indices ``row * width + column`` of its mines."""
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        mine = deal(level, rules, start, random.Random(rng.getrandbits(64)))
        out.append([int(r) * level.width + int(c) for r, c in zip(*mine.nonzero(), strict=True)])
    return out


def jsminesweeper(node: str, checkout: str, level: Level, games: int, seed: int, rules: str,
                  start: tuple[int, int], jobs: int) -> tuple[list[bool], float]:
    """JSMinesweeper's solver on the same games, in ``jobs`` node processes: whether each
    was won, and the CPU seconds of all the processes."""
    mines = layouts(level, games, seed, rules, start)
    size = -(-games // max(1, jobs))
    won: list[bool] = []
    cpu = 0.0
    with tempfile.TemporaryDirectory() as folder:
        children = []
        for k in range(0, games, size):
            spec = Path(folder) / f"games{k}.json"
            spec.write_text(json.dumps({
                "width": level.width, "height": level.height, "mines": level.mines,
                "start": start[0] * level.width + start[1], "games": mines[k:k + size]}))
            children.append(subprocess.Popen(
                [*shlex.split(node), "-e", _JSMINESWEEPER, checkout, str(spec)],
                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True))
        for child in children:
            out, err = child.communicate()
            lines = out.split()
            if child.returncode or not lines:
                raise SystemExit(f"JSMinesweeper failed: {err.strip().splitlines()[-1:]}")
            won += [line == "1" for line in lines[:-1]]
            cpu += float(lines[-1])
    return won, cpu


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
    parser.add_argument("--start", default="default",
                        help="corner, X,Y from 1, or default: the corner under classic "
                             "rules, 4,4 under safe-opening")
    parser.add_argument("--look-ahead", action="store_true",
                        help="guess by the look-ahead (about three times the CPU time)")
    parser.add_argument("--endgame", action="store_true",
                        help="search the end of a game exactly once few arrangements are left")
    parser.add_argument("--compare", choices=["look-ahead", "endgame"],
                        help="play every game without and with this; the paired counts")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--jsminesweeper", metavar="DIR",
                        help="a JSMinesweeper checkout: its solver plays the same games")
    parser.add_argument("--node", default="node", help="runs JSMinesweeper")
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
        start = parse_start(args.start, level, args.rules)
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
        if args.jsminesweeper:
            theirs, cpu = jsminesweeper(args.node, args.jsminesweeper, level, args.games,
                                        args.seed, args.rules, start, args.jobs)
            other = PlayResult(level, args.games, sum(theirs), cpu, "JSMinesweeper's",
                               args.rules, start)
            pair = paired(theirs, outcomes[-1])
            rows.append({"level": level.name, "jsminesweeper": {
                "wins": other.wins, "win_rate": other.rate,
                "interval_95": list(other.interval()), "cpu_seconds": round(cpu, 1)},
                "paired": pair})
            lo, hi = other.interval()
            dlo, dhi = pair["difference_interval_95"]
            print(f"  JSMinesweeper's solver, the same games: won {other.wins:,}, "
                  f"{other.rate:.2%} (95% interval {lo:.2%} to {hi:.2%}); {cpu:.1f} CPU s; "
                  f"won by both {pair['both']:,}, by JSMinesweeper only "
                  f"{pair['without_only']:,}, by the analyser only {pair['with_only']:,}; "
                  f"the analyser's difference {pair['difference']:+.2%} (95% interval "
                  f"{dlo:+.2%} to {dhi:+.2%})", flush=True)
        if published:
            print(f"  published ({args.rules} rules): {published}", flush=True)
    print(f"load average {os.getloadavg()[0]:.2f}", file=sys.stderr)
    if args.json:
        print(json.dumps(rows, indent=2))


if __name__ == "__main__":
    main()
