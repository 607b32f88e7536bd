"""Benchmark of the minesweeper package: boards built from random 3-CNF formulas of growing
size, and a random 50x50 position.  Prints a table; see benchmarks/README.md.

Usage: python benchmarks/bench_minesweeper.py [VARIABLES ...] [--count-limit N]
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np

from minesweeper.board import UNKNOWN, Board
from minesweeper.circuit import build
from minesweeper.count import count_arrangements
from minesweeper.formula import Formula, Not, Op, Var, evaluate
from minesweeper.sat import check


def random_cnf(n: int, m: int, rng: random.Random) -> Formula:
    """``m`` random clauses of three distinct variables out of ``n``."""
    clauses: list[Formula] = []
    for _ in range(m):
        lits: list[Formula] = []
        for v in rng.sample(range(1, n + 1), 3):
            lits.append(Var(f"x{v}") if rng.random() < 0.5 else Not(Var(f"x{v}")))
        clauses.append(Op("or", tuple(lits)))
    return Op("and", tuple(clauses))


def random_position(h: int, w: int, density: float, rng: random.Random) -> Board:
    """A random game position: mines at ``density``, a region around the centre revealed
    by flood fill from several safe squares, everything else unknown."""
    mines = np.array([[rng.random() < density for _ in range(w)] for _ in range(h)])
    padded = np.pad(mines.astype(int), 1)
    numbers = sum(padded[1 + dr : h + 1 + dr, 1 + dc : w + 1 + dc]
                  for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0))
    revealed = np.zeros((h, w), dtype=bool)
    starts = [(r, c) for r in range(h) for c in range(w) if not mines[r, c] and numbers[r, c] == 0]
    rng.shuffle(starts)
    for sr, sc in starts[:6]:
        stack = [(sr, sc)]
        while stack:
            r, c = stack.pop()
            if revealed[r, c] or mines[r, c]:
                continue
            revealed[r, c] = True
            if numbers[r, c] == 0:
                for dr in (-1, 0, 1):
                    for dc in (-1, 0, 1):
                        rr, cc = r + dr, c + dc
                        if 0 <= rr < h and 0 <= cc < w:
                            stack.append((rr, cc))
    cells = np.where(revealed, numbers, UNKNOWN).astype(np.int8)
    return Board(cells, int(mines.sum()))


def timed(fn):  # type: ignore[no-untyped-def]
    t = time.perf_counter()
    value = fn()
    return value, time.perf_counter() - t


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("sizes", nargs="*", type=int, default=[10, 20, 40])
    parser.add_argument("--ratio", type=float, default=1.0, help="clauses per variable")
    parser.add_argument("--count-limit", type=int, default=10,
                        help="largest variable count for which --count is measured")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    print(f"{'instance':24} {'board':>13} {'unknown':>9} {'build s':>8} {'check s':>8} "
          f"{'count s':>8} {'result':>12}")
    for n in [k for k in args.sizes if k > 0]:
        m = max(1, round(n * args.ratio))
        f = random_cnf(n, m, rng)
        names = [f"x{i}" for i in range(1, n + 1)]
        c, tb = timed(lambda f=f, names=names: build(f, names))
        r, tc = timed(lambda c=c: check(c.board))
        ok = r.consistent and evaluate(f, {k: c.assignment(r.mines).get(k, False)
                                           for k in names})
        count_s = "-"
        result = ("sat, witness ok" if ok else "sat, BAD") if r.consistent else "unsat"
        if n <= args.count_limit:
            cr, tcount = timed(lambda c=c: count_arrangements(c.board))
            count_s = f"{tcount:.2f}"
            result += f", {cr.count} arr."
        unknown = int(np.count_nonzero(c.board.cells == UNKNOWN))
        print(f"{f'3-CNF n={n} m={m}':24} {f'{c.board.height}x{c.board.width}':>13} "
              f"{unknown:>9} {tb:8.2f} {tc:8.2f} {count_s:>8} {result:>12}", flush=True)
    b = random_position(50, 50, 0.16, rng)
    r, tc = timed(lambda: check(b))
    cr, tcount = timed(lambda: count_arrangements(b))
    unknown = int(np.count_nonzero(b.cells == UNKNOWN))
    print(f"{'random 50x50 position':24} {'50x50':>13} {unknown:>9} {'-':>8} {tc:8.2f} "
          f"{tcount:8.2f} {('consistent' if r.consistent else 'inconsistent')}, "
          f"{len(str(cr.count))}-digit count, {len(cr.components)} components", flush=True)


if __name__ == "__main__":
    main()
