"""Huge boards: construction, the O(n) check and min-conflicts, with peak memory.

Each case runs in its own process so that its peak memory (``resource.getrusage``,
``ru_maxrss``) is its own. Side by side in the same run, as references:

* the check against a plain-Python set check (the Uzbek source's ``cols``/``diag1``/
  ``diag2`` sets) on the same board;
* the min-conflicts kernel against its readable Python twin
  (:func:`nqueens.large.trace_min_conflicts`), which makes the same decisions;
* the ``perm`` writer of the native core against a plain-Python one (``str.join`` of
  each block's numbers), both writing the same board to a temporary file.

Run: ``python benchmarks/bench_large.py`` (about 15 s on a 2-core machine);
``--quick`` skips n = 10^7 for min-conflicts. ``--old PYTHON`` runs every case under
that Python too (another environment's nqueens, an earlier version), interleaved with
this one, ``--repeat`` times; ``cpu_s`` is the CPU time of the timed part.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import time

from sidebyside import add_old_option, environment, pythons


def _peak_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def case(name: str, n: int, seed: int) -> dict[str, float]:
    """Run one case in this process and return its figures."""
    from nqueens.large import construct, min_conflicts_run

    out: dict[str, float] = {"n": n}
    if name == "construct":
        construct(8)
        c0 = time.process_time()
        t0 = time.perf_counter()
        s = construct(n)
        t1 = time.perf_counter()
        ok = s.is_valid()
        t2 = time.perf_counter()
        assert ok
        out.update(construct_s=t1 - t0, check_s=t2 - t1, total_s=t2 - t0,
                   cpu_s=time.process_time() - c0)
    elif name == "check-reference":
        s = construct(n)
        t0 = time.perf_counter()
        assert s.is_valid()
        t1 = time.perf_counter()
        cols, d1, d2 = set(), set(), set()
        ok = True
        for r, c in enumerate(s.cols.tolist()):
            if c in cols or r - c in d1 or r + c in d2:
                ok = False
                break
            cols.add(c)
            d1.add(r - c)
            d2.add(r + c)
        t2 = time.perf_counter()
        assert ok
        out.update(numpy_s=t1 - t0, python_sets_s=t2 - t1, ratio=(t2 - t1) / (t1 - t0))
    elif name == "min-conflicts":
        min_conflicts_run(100, seed=0)  # compile (cached) outside the timing
        c0 = time.process_time()
        t0 = time.perf_counter()
        s, st = min_conflicts_run(n, seed=seed)
        t1 = time.perf_counter()
        cpu = time.process_time() - c0
        assert s.is_valid()
        out.update(solve_s=t1 - t0, cpu_s=cpu, steps=st.steps, moves=st.moves, restarts=st.restarts,
                   initial_pairs=st.initial_pairs, rounds=st.rounds)
    elif name == "min-conflicts-reference":
        from nqueens.large import min_conflicts, replay_board, trace_min_conflicts

        min_conflicts(100, seed=0)
        t0 = time.perf_counter()
        a = min_conflicts(n, seed=seed)
        t1 = time.perf_counter()
        b = replay_board(trace_min_conflicts(n, seed=seed), n)
        t2 = time.perf_counter()
        assert a == b
        out.update(kernel_s=t1 - t0, python_s=t2 - t1, ratio=(t2 - t1) / max(t1 - t0, 1e-9))
    elif name == "perm-writer":
        import io
        import os
        import tempfile

        from nqueens.formats import write_perm_stream

        s = construct(n)
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "board.txt")
            t0 = time.perf_counter()
            with open(path, "w") as fh:
                write_perm_stream(s, fh)
            t1 = time.perf_counter()
            size = os.path.getsize(path)
            cols = s.cols
            plain = io.StringIO()
            t2 = time.perf_counter()
            for start in range(0, n, 1 << 16):  # the plain-Python writer, to memory
                part = (cols[start:start + (1 << 16)] + 1).tolist()
                plain.write((" " if start else "") + " ".join(map(str, part)))
            plain.write("\n")
            t3 = time.perf_counter()
            with open(path) as fh:
                assert fh.read() == plain.getvalue()
        out.update(core_s=t1 - t0, core_mb_s=size / (t1 - t0) / 1e6,
                   python_s=t3 - t2, python_mb_s=size / (t3 - t2) / 1e6,
                   ratio=(t3 - t2) / (t1 - t0))
    out["peak_mib"] = _peak_mib()
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--case", help=argparse.SUPPRESS)
    ap.add_argument("--n", type=int, default=0, help=argparse.SUPPRESS)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--quick", action="store_true", help="skip min-conflicts at n = 10^7")
    ap.add_argument("--repeat", type=int, default=1, help="runs of each case")
    add_old_option(ap)
    args = ap.parse_args()
    if args.case:
        print(json.dumps(case(args.case, args.n, args.seed)))
        return
    plan = [("construct", 10**6), ("construct", 10**7), ("check-reference", 10**6),
            ("min-conflicts-reference", 1000), ("min-conflicts", 10**6),
            ("perm-writer", 10**7)]
    if not args.quick:
        plan.append(("min-conflicts", 10**7))
    targets = {("construct", 10**7): ("total_s", 3.0), ("min-conflicts", 10**6): ("solve_s", 10.0),
               ("min-conflicts", 10**7): ("solve_s", 120.0)}
    runs = [(label, python) for _ in range(args.repeat) for label, python in pythons(args.old)]
    for name, n in plan:
        for label, python in runs:
            cmd = [python, __file__, "--case", name, "--n", str(n), "--seed", str(args.seed)]
            res = json.loads(subprocess.run(cmd, capture_output=True, text=True, check=True,
                                            env=environment(python)).stdout)
            figures = ", ".join(f"{k}={v:.3g}" if isinstance(v, float) else f"{k}={v}"
                                for k, v in res.items() if k != "n")
            verdict = ""
            if (name, n) in targets:
                key, limit = targets[(name, n)]
                verdict = (f"  [target {key} < {limit} s: "
                           f"{'met' if res[key] < limit else 'MISSED'}; peak < 2048 MiB: "
                           f"{'met' if res['peak_mib'] < 2048 else 'MISSED'}]")
            who = f"{label:4s}" if args.old else ""
            print(f"{who}{name:24s} n={n:>9,d}  {figures}{verdict}", flush=True)


if __name__ == "__main__":
    main()
