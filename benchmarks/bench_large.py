"""Huge boards: the commands users run, against their targets, beside the previous version
and beside public programs in the same run; and each kernel against its readable twin.

Whole commands, each a process of its own, measured by ``os.wait4`` (CPU seconds, user +
system, and peak memory of that process, start-up included), files written to a
temporary folder:

* ``nqueens solve N -m min-conflicts -f npy -o q.npy`` for N = 10^6, 10^7, 10^8;
* ``nqueens solve N -m construct -f npy -o q.npy`` for N = 10^7, 10^8;
* ``nqueens check q.npy`` of the min-conflicts board of 10^8 (a random permutation: the
  hard case for the check's memory accesses);
* ``nqueens solve 10000000 -m construct -f perm -o q.txt`` (megabytes per second);
* ``nqueens solve N -m intuitive -f npy -o q.npy`` for N = 100 and 10^5.

In one process each, the readable twins the kernels are held against: the check against
a plain-Python set check (the Uzbek source's ``cols``/``diag1``/``diag2``), min-conflicts
against :func:`nqueens.algorithms.repair.trace_min_conflicts`, the intuitive repair against
:func:`nqueens.algorithms.classic.intuitive.trace_intuitive` (both pairs reach the same boards,
which is asserted), the ``perm`` writer against ``str.join``.

``--old PYTHON`` runs every command under the ``nqueens`` beside that Python too (an
earlier version, for the ratio), interleaved; ``--reference 'COMMAND {n}'`` times a
program built by hand (a QS4 solver, say) beside min-conflicts at each n, in the
temporary folder. ``--quick`` leaves out n = 10^8. Run:
``python benchmarks/bench_large.py`` (about a minute on a 2-core machine).
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from sidebyside import add_old_option, environment, load

MIB = 1024 * 1024

#: (name, n, argv after "nqueens" with {out} for the output file, target CPU s, target MiB)
COMMANDS: list[tuple[str, int, str, float | None, float | None]] = [
    ("min-conflicts", 10**6, "solve {n} -m min-conflicts -f npy -o {out}", 0.25, None),
    ("min-conflicts", 10**7, "solve {n} -m min-conflicts -f npy -o {out}", 1.5, 160),
    ("min-conflicts", 10**8, "solve {n} -m min-conflicts -f npy -o {out}", 20.0, 1024),
    ("check", 10**8, "check {board}", 2.0, None),
    ("construct", 10**7, "solve {n} -m construct -f npy -o {out}", 0.3, None),
    ("construct", 10**8, "solve {n} -m construct -f npy -o {out}", 2.5, None),
    ("perm-writer", 10**7, "solve {n} -m construct -f perm -o {out}", None, None),
    ("intuitive", 100, "solve {n} -m intuitive -f npy -o {out}", None, None),
    ("intuitive", 10**5, "solve {n} -m intuitive -f npy -o {out}", None, None),
]


def measured(argv: list[str], cwd: str, env: dict[str, str]) -> dict[str, float] | str:
    """Run a command to its end: its CPU seconds, wall seconds and peak memory (MiB), or
    what it said when it failed."""
    t = time.perf_counter()
    proc = subprocess.Popen(argv, cwd=cwd, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t
    err = proc.stderr.read().decode() if proc.stderr else ""
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        return f"exit {proc.returncode}: {err.strip()}"
    return {"cpu_s": usage.ru_utime + usage.ru_stime, "wall_s": wall,
            "peak_mib": usage.ru_maxrss / 1024}


def twin_case(name: str) -> dict[str, float]:
    """One kernel against its readable twin, in this process."""
    if name == "check":
        from nqueens.algorithms.repair import min_conflicts

        s = min_conflicts(10**6, seed=1)
        t0 = time.perf_counter()
        assert s.is_valid()
        t1 = time.perf_counter()
        used, d1, d2 = set(), set(), set()
        for r, c in enumerate(s.cols.tolist()):
            assert c not in used and r - c not in d1 and r + c not in d2
            used.add(c)
            d1.add(r - c)
            d2.add(r + c)
        t2 = time.perf_counter()
        return {"n": 10**6, "core_s": t1 - t0, "python_s": t2 - t1}
    if name == "min-conflicts":
        from nqueens.algorithms.repair import min_conflicts, replay_board, trace_min_conflicts

        t0 = time.perf_counter()
        a = min_conflicts(1000, seed=1)
        t1 = time.perf_counter()
        b = replay_board(trace_min_conflicts(1000, seed=1), 1000)
        t2 = time.perf_counter()
        assert a == b
        return {"n": 1000, "core_s": t1 - t0, "python_s": t2 - t1}
    if name == "intuitive":
        from nqueens.algorithms.classic.intuitive import intuitive, trace_intuitive
        from nqueens.base.events import Kind

        t0 = time.perf_counter()
        a, states = intuitive(100)
        t1 = time.perf_counter()
        events = list(trace_intuitive(100))
        t2 = time.perf_counter()
        assert states == max(e.count for e in events if e.kind is Kind.STATE)
        return {"n": 100, "core_s": t1 - t0, "python_s": t2 - t1}
    assert name == "perm-writer"
    import io

    from nqueens.algorithms.closed_form import construct
    from nqueens.output.formats import write_perm_stream

    s = construct(10**7)
    core = io.StringIO()
    t0 = time.perf_counter()
    write_perm_stream(s, core)
    t1 = time.perf_counter()
    plain = io.StringIO()
    cols = s.cols
    for start in range(0, s.n, 1 << 16):
        part = (cols[start:start + (1 << 16)] + 1).tolist()
        plain.write((" " if start else "") + " ".join(map(str, part)))
    plain.write("\n")
    t2 = time.perf_counter()
    assert core.getvalue() == plain.getvalue()
    return {"n": 10**7, "core_s": t1 - t0, "python_s": t2 - t1,
            "core_mb_s": len(core.getvalue()) / (t1 - t0) / 1e6}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--twin", help=argparse.SUPPRESS)  # child: one twin case, print JSON
    ap.add_argument("--quick", action="store_true", help="leave out n = 10^8")
    ap.add_argument("--reference", metavar="COMMAND",
                    help="a program to time beside min-conflicts, '{n}' standing for n")
    add_old_option(ap)
    args = ap.parse_args()
    if args.twin:
        print(json.dumps(twin_case(args.twin)))
        return
    print(f"{load()}; {os.cpu_count()} cores", flush=True)
    here = Path(sys.executable).parent / "nqueens"
    programs = [("new", str(here))]
    if args.old:
        programs.append(("old", str(Path(args.old).parent / "nqueens")))
    with tempfile.TemporaryDirectory() as folder:
        board = os.path.join(folder, "mc-board.npy")
        for name, n, template, cpu_target, mib_target in COMMANDS:
            if args.quick and n >= 10**8:
                continue
            figures = {}
            for label, program in programs:
                out = os.path.join(folder, f"{label}-out")
                if name == "min-conflicts" and n == 10**8 and label == "new":
                    out = board  # the random board the check reads
                words = template.format(n=n, out=out, board=board).split()
                res = measured([program, *words], folder, environment(sys.executable))
                if isinstance(res, str):
                    print(f"{label:4s} {name:14s} n={n:>11,d}  {res}", flush=True)
                    continue
                figures[label] = res
                extra = ""
                if name == "perm-writer":
                    size = os.path.getsize(out)
                    extra = f", {size / 1e6:.1f} MB"
                verdict = []
                if cpu_target is not None:
                    ok = res["cpu_s"] <= cpu_target
                    verdict.append(f"CPU <= {cpu_target} s: {'met' if ok else 'MISSED'}")
                if mib_target is not None:
                    ok = res["peak_mib"] <= mib_target
                    verdict.append(f"peak <= {mib_target} MiB: {'met' if ok else 'MISSED'}")
                shown = f"  [{'; '.join(verdict)}]" if verdict and label == "new" else ""
                print(f"{label:4s} {name:14s} n={n:>11,d}  cpu {res['cpu_s']:6.3f} s  "
                      f"wall {res['wall_s']:6.3f} s  peak {res['peak_mib']:7.1f} MiB"
                      f"{extra}{shown}", flush=True)
            if "old" in figures and "new" in figures:
                print(f"     old / new: {figures['old']['cpu_s'] / figures['new']['cpu_s']:.2f}× "
                      f"CPU, {figures['old']['peak_mib'] / figures['new']['peak_mib']:.2f}× "
                      "peak memory", flush=True)
            if args.reference and name == "min-conflicts":
                ref = measured(shlex.split(args.reference.format(n=n)), folder,
                               environment(sys.executable))
                if isinstance(ref, str) or "new" not in figures:
                    print(f"ref  {name:14s} n={n:>11,d}  {ref}", flush=True)
                    continue
                print(f"ref  {name:14s} n={n:>11,d}  cpu {ref['cpu_s']:6.3f} s  "
                      f"wall {ref['wall_s']:6.3f} s  peak {ref['peak_mib']:7.1f} MiB  "
                      f"(reference / new: {ref['cpu_s'] / figures['new']['cpu_s']:.2f}× CPU)",
                      flush=True)
    for name in ("check", "min-conflicts", "intuitive", "perm-writer"):
        res = json.loads(subprocess.run([sys.executable, __file__, "--twin", name],
                                        capture_output=True, text=True, check=True).stdout)
        more = f", core {res['core_mb_s']:.0f} MB/s" if "core_mb_s" in res else ""
        print(f"twin {name:14s} n={int(res['n']):>11,d}  core {res['core_s']:.4f} s, readable "
              f"Python {res['python_s']:.3f} s: {res['python_s'] / res['core_s']:.0f}×{more}",
              flush=True)


if __name__ == "__main__":
    main()
