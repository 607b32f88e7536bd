"""Benchmark of the minesweeper package: boards built from random 3-CNF formulas of growing
size, and a random 50x50 position.  Prints a table; see benchmarks/README.md.

Each formula is built into a board, written as text, read back and checked (the collapse,
then CaDiCaL); the witness is read as an assignment and evaluated on the formula.
``--count`` runs in a child process with a time limit.

The ``safe s`` column times ``check --safe`` (``sat.safe_squares``) on the board.

With ``--old PYTHON`` each built board is also written to a file and its constraints
read (``arrays_of``) and collapsed (``reduce.collapse``) in child processes under this
Python and under that one (another environment's minesweeper, an earlier version),
interleaved, ``--repeat`` times; the collapses must agree. Then the whole command
``minesweeper check FILE --safe --json`` runs under each (wall and CPU seconds, peak
memory, at most ``--safe-timeout`` seconds each); the answers must agree where both end.

Usage: python benchmarks/bench_minesweeper.py [VARIABLES ...] [--count-timeout S]
       [--count-limit N] [--old PYTHON [--repeat 3] [--safe-timeout S]]
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import queue
import random
import subprocess
import tempfile
import time
from itertools import product

import numpy as np

from minesweeper.analysis.count import count_arrangements
from minesweeper.analysis.reduce import collapse
from minesweeper.analysis.sat import check, safe_squares
from minesweeper.base.board import UNKNOWN, Board, arrays_of, format_board, parse_board
from minesweeper.circuits.circuit import build
from minesweeper.circuits.formula import Formula, Not, Op, Var, evaluate

from sidebyside import add_old_option, child_json, environment, pythons


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


def _count_child(text: str, out: multiprocessing.Queue[tuple[int, float]]) -> None:
    board = parse_board(text)
    cr, t = timed(lambda: count_arrangements(board))
    out.put((cr.count, t))


def count_with_timeout(text: str, seconds: float) -> tuple[int, float] | None:
    """Count in a child process (the counter cannot be interrupted); ``None`` on timeout."""
    ctx = multiprocessing.get_context("fork")
    q: multiprocessing.Queue[tuple[int, float]] = ctx.Queue()
    proc = ctx.Process(target=_count_child, args=(text, q))
    proc.start()
    try:
        return q.get(timeout=seconds)
    except queue.Empty:
        return None
    finally:
        proc.kill()
        proc.join()


def models(f: Formula, names: list[str]) -> int:
    """Satisfying assignments: by enumeration up to 16 variables, else Ganak on the
    formula's own clauses (not on the board)."""
    if len(names) <= 16:
        return sum(evaluate(f, dict(zip(names, bits, strict=True)))
                   for bits in product((False, True), repeat=len(names)))
    import pyganak

    index = {name: i + 1 for i, name in enumerate(names)}
    counter = pyganak.Counter()
    counter.new_vars(len(names))
    assert isinstance(f, Op)
    for cl in f.args:
        assert isinstance(cl, Op)
        counter.add_clause([-index[x.arg.name] if isinstance(x, Not) and isinstance(x.arg, Var)
                            else index[x.name] if isinstance(x, Var) else 0
                            for x in cl.args])
    return int(counter.count())


def collapse_times(path: str) -> dict[str, float]:
    """Read a board file, then time its constraints in array form and their collapse
    (wall and CPU seconds; the kernels are loaded on a small board first)."""
    collapse(arrays_of(parse_board("??1?/1221/????")))
    with open(path) as fh:
        board = parse_board(fh.read())
    c0, t0 = time.process_time(), time.perf_counter()
    a = arrays_of(board)
    c1, t1 = time.process_time(), time.perf_counter()
    c = collapse(a)
    c2, t2 = time.process_time(), time.perf_counter()
    return {"arrays_s": t1 - t0, "arrays_cpu": c1 - c0, "collapse_s": t2 - t1,
            "collapse_cpu": c2 - c1, "classes": c.classes, "clauses": len(c.clauses)}


def compare_collapse(text: str, old: str, repeat: int, label: str) -> None:
    """Time :func:`collapse_times` on a board under this Python and ``old``, interleaved."""
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "board.txt")
        with open(path, "w") as fh:
            fh.write(text)
        runs: dict[str, list[dict[str, float]]] = {"new": [], "old": []}
        for _ in range(repeat):
            for who, python in pythons(old):
                runs[who].append(child_json(python, [__file__, "--collapse", path]))
    for key in ("classes", "clauses"):
        if {r[key] for r in runs["new"] + runs["old"]} != {runs["new"][0][key]}:
            print(f"  {label}: the collapses differ in {key}")
    for who, rs in runs.items():
        print(f"  {label} {who}: arrays_of " + " ".join(f"{r['arrays_s']:.2f}" for r in rs)
              + " s (CPU " + " ".join(f"{r['arrays_cpu']:.2f}" for r in rs) + "), collapse "
              + " ".join(f"{r['collapse_s']:.2f}" for r in rs)
              + " s (CPU " + " ".join(f"{r['collapse_cpu']:.2f}" for r in rs) + ")",
              flush=True)


_SAFE = "import sys; from minesweeper.cli import main; sys.exit(main())"


def measured(argv: list[str], seconds: float) -> tuple[int | None, bytes, float, float, float]:
    """Run a command: (exit code or None when stopped at ``seconds``, its standard output,
    wall seconds, CPU seconds (user + system), peak memory in MB), from ``os.wait4`` (of
    a command stopped, the wall seconds only count: its solver's process is not waited
    for here)."""
    with tempfile.TemporaryFile() as out:
        t = time.perf_counter()
        proc = subprocess.Popen(argv, stdout=out, stderr=subprocess.DEVNULL,
                                env=environment(argv[0]))
        stopped = False
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                break
            late = time.perf_counter() - t - seconds
            if late > 0 and not stopped:
                proc.terminate()  # the program ends its solver, waits for it, exits
                stopped = True
            elif late > 10:
                proc.kill()
            time.sleep(0.02)
        wall = time.perf_counter() - t
        proc.returncode = 0  # reaped here
        out.seek(0)
        code = None if stopped else os.waitstatus_to_exitcode(status)
        return (code, out.read(), wall, usage.ru_utime + usage.ru_stime,
                usage.ru_maxrss / 1024)


def compare_safe(text: str, old: str, seconds: float, label: str) -> None:
    """``check FILE --safe --json`` under this Python and ``old``: time, memory, answers."""
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "board.txt")
        with open(path, "w") as fh:
            fh.write(text)
        answers = {}
        for who, python in pythons(old):
            code, out, wall, cpu, peak = measured(
                [python, "-c", _SAFE, "check", path, "--safe", "--json"], seconds)
            if code is None:
                print(f"  {label} {who}: check --safe stopped after {wall:.1f} s", flush=True)
                continue
            if code not in (0, 1) or not out.strip():  # 1: the board is inconsistent
                print(f"  {label} {who}: check --safe refused (exit {code}) after "
                      f"{wall:.1f} s ({cpu:.1f} CPU s, {peak:.0f} MB)", flush=True)
                continue
            answers[who] = json.loads(out)["safe"]
            got = answers[who]
            said = (f"{len(got['safe'])} safe, {len(got['mined'])} mined, "
                    f"{got['undetermined']} undetermined" if got["consistent"] else
                    "inconsistent")
            print(f"  {label} {who}: check --safe {wall:.2f} s ({cpu:.2f} CPU s, "
                  f"{peak:.0f} MB): {said}", flush=True)
        if len(answers) == 2:
            same = answers["new"] == answers["old"]
            print(f"  {label}: the answers {'agree' if same else 'DIFFER'}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("sizes", nargs="*", type=int, default=[10, 20, 50, 100, 200])
    parser.add_argument("--ratio", type=float, default=1.0, help="clauses per variable")
    parser.add_argument("--count-timeout", type=float, default=300.0,
                        help="seconds allowed to --count on each built board")
    parser.add_argument("--count-limit", type=int, default=200,
                        help="largest variable count for which --count is tried")
    parser.add_argument("--seed", type=int, default=1)
    add_old_option(parser)
    parser.add_argument("--repeat", type=int, default=3,
                        help="runs of the reading and collapse under each Python (with --old)")
    parser.add_argument("--safe-timeout", type=float, default=300.0,
                        help="seconds allowed to each check --safe run (with --old)")
    parser.add_argument("--collapse", metavar="FILE", help=argparse.SUPPRESS)  # child
    args = parser.parse_args()
    if args.collapse:  # also run by --old's environment, which may lack what follows
        print(json.dumps(collapse_times(args.collapse)))
        return
    from minesweeper.circuits.formula import random_cnf

    rng = random.Random(args.seed)
    print(f"{'instance':20} {'board':>12} {'MB':>6} {'unknown':>9} {'classes':>8} "
          f"{'clauses':>9} {'build s':>8} {'read s':>7} {'check s':>8} {'safe s':>7} "
          f"{'count s':>8} "
          f"result")
    for n in [k for k in args.sizes if k > 0]:
        m = max(1, round(n * args.ratio))
        f = random_cnf(n, m, rng)
        names = [f"x{i}" for i in range(1, n + 1)]
        c, tb = timed(lambda f=f, names=names: build(f, names))
        text, tw = timed(lambda c=c: format_board(c.board) + "\n")
        board, tr = timed(lambda text=text: parse_board(text))
        r, tc = timed(lambda board=board: check(board))
        _, ts = timed(lambda board=board: safe_squares(board))
        ok = r.consistent and evaluate(f, c.assignment(r.mines))
        result = ("sat, witness satisfies" if ok else "sat, BAD WITNESS") if r.consistent \
            else "unsat"
        count_s = "-"
        if n <= args.count_limit:
            got = count_with_timeout(text, args.count_timeout)
            if got is None:
                count_s = f">{args.count_timeout:.0f}"
            else:
                count_s = f"{got[1]:.2f}"
                result += f", {got[0]} arrangements"
                result += " (= models)" if got[0] == models(f, names) else " (!= models)"
        unknown = r.stats.get("unknown", int(np.count_nonzero(board.cells == UNKNOWN)))
        print(f"{f'3-CNF n={n} m={m}':20} {f'{board.height}x{board.width}':>12} "
              f"{len(text) / 1e6:6.1f} {unknown:>9} {r.stats.get('classes', 0):>8} "
              f"{r.stats.get('clauses', 0):>9} {tb:8.2f} {tr:7.2f} {tc:8.2f} {ts:7.2f} "
              f"{count_s:>8} "
              f"{result}", flush=True)
        del c, board, r
        if args.old:
            compare_collapse(text, args.old, args.repeat, f"n={n}")
            compare_safe(text, args.old, args.safe_timeout, f"n={n}")
        del text
    b = random_position(50, 50, 0.16, rng)
    r, tc = timed(lambda: check(b))
    _, ts = timed(lambda: safe_squares(b))
    cr, tcount = timed(lambda: count_arrangements(b))
    unknown = int(np.count_nonzero(b.cells == UNKNOWN))
    print(f"{'random 50x50':20} {'50x50':>12} {'':>6} {unknown:>9} {'-':>8} {'-':>9} "
          f"{'-':>8} {'-':>7} {tc:8.2f} {ts:7.2f} {tcount:8.2f} "
          f"{('consistent' if r.consistent else 'inconsistent')}, "
          f"{len(str(cr.count))}-digit count, {len(cr.components)} components", flush=True)


if __name__ == "__main__":
    main()
