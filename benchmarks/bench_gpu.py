"""Counting on a GPU: the counts of n = 8…18 against the OEIS, then N = 19, 20 and 21
timed, with the occupancy the driver chose. Run by ``benchmarks/gpu.sh`` on a machine
with an NVIDIA GPU.

``--device host`` runs the same path with the kernel on this processor (the figures of a
machine without a GPU; use ``--up-to`` to stay small), beside the CPU's own constellation
engine on one core, for the cost of the items.

Each timed count is one call of ``nqueens.algorithms.counter.count(n, device=...)``: subproblems
made on the host, split into items, counted, added back; the kernel's compilation is done
before (it is cached on disk) and is not timed.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from sidebyside import load  # noqa: E402

A000170 = {8: 92, 9: 352, 10: 724, 11: 2680, 12: 14200, 13: 73712, 14: 365596,
           15: 2279184, 16: 14772512, 17: 95815104, 18: 666090624, 19: 4968057848,
           20: 39029188884, 21: 314666222712}
A002562 = {8: 12, 9: 46, 10: 92, 11: 341, 12: 1787, 13: 9233, 14: 45752, 15: 285053,
           16: 1846955, 17: 11977939, 18: 83263591, 19: 621012754, 20: 4878666808,
           21: 39333324973}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--device", default="cuda", help="cuda (default), cuda:K or host")
    ap.add_argument("--check-up-to", type=int, default=18, help="check n = 8 … this")
    ap.add_argument("--time", type=int, nargs="*", default=[19, 20, 21], help="n to time")
    ap.add_argument("--budget", type=float, default=420.0,
                    help="seconds the timed counts may take in all: an n whose estimate "
                         "(8× the last) would pass it is left out")
    args = ap.parse_args()
    from nqueens.algorithms.counter import cons, count, gpu

    print(f"{load()}; {os.cpu_count()} cores; device {args.device}", flush=True)
    backend = gpu.open_backend(args.device, lambda what: print(f"  ({what})", flush=True))
    print("  " + ", ".join(f"{k} {v}" for k, v in backend.describe().items()), flush=True)
    backend.close()
    for n in range(8, args.check_up_to + 1):
        t = time.perf_counter()
        r = count(n, device=args.device)
        ok = (r.total, r.fundamental) == (A000170[n], A002562[n])
        print(f"check n={n:2d}: {r.total:,} / {r.fundamental:,} "
              f"{'= OEIS' if ok else 'WRONG (OEIS: ' + str(A000170[n]) + ')'}  "
              f"{time.perf_counter() - t:.2f} s", flush=True)
        if not ok:
            raise SystemExit(1)
    spent, last = 0.0, 0.0
    for n in args.time:
        if last and spent + 8 * last > args.budget:
            print(f"time  n={n}: left out (about {8 * last:.0f} s would pass the budget)")
            continue
        t = time.perf_counter()
        r = count(n, device=args.device)
        last = time.perf_counter() - t
        spent += last
        ok = n not in A000170 or (r.total, r.fundamental) == (A000170[n], A002562[n])
        print(f"time  n={n}: {last:.2f} s, {r.subproblems:,} subproblems, "
              f"{r.subproblems / last:,.0f} subproblems/s, {r.total:,} / {r.fundamental:,}"
              f"{'' if ok else '  WRONG'}", flush=True)
    if args.device == "host":
        n = args.check_up_to
        subs = cons.make_subproblems(n)
        from nqueens.algorithms.counter.engines import solve_batch

        t = time.perf_counter()
        solve_batch(subs)
        cpu = time.perf_counter() - t
        t = time.perf_counter()
        count(n, device="host")
        host = time.perf_counter() - t
        print(f"n={n}: the CPU engine {cpu:.2f} s on one core, the GPU path on the host "
              f"{host:.2f} s ({host / cpu:.2f}×)")


if __name__ == "__main__":
    main()
