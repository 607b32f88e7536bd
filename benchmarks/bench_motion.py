"""Full search against 4-queens and 8-queens subsampled search on a 1280x720 pair.

The pair is made from the photograph shipped with matplotlib (grace_hopper.jpg, 512x600):
scaled bilinearly to the frame height plus margins, mirror-tiled sideways and cropped to
1280x720; the target is the same picture moved by known motion, both frames with Gaussian
noise. Each method is timed several times (best run kept) after the kernels are compiled.

    python benchmarks/bench_motion.py [--repeat 7] [--plot tradeoff.png] [--old PYTHON]

With ``--old PYTHON`` each case is also searched under that Python (another
environment's nqueens, an earlier version) in a child process, right after this one;
the table gains its seconds, and the script checks that the operation counts and PSNRs
agree.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from typing import Any

from nqueens.tasks.motion import compare, make_pair, tradeoff_png

from sidebyside import add_old_option, child_json

CASES = [
    ("global shift (3, 2), noise 2", [(3, 2)], 2.0),
    ("4 bands (5,1) (-3,2) (0,-6) (2,4), noise 2", [(5, 1), (-3, 2), (0, -6), (2, 4)], 2.0),
]


def measure(case: int, radius: int, repeat: int) -> tuple[list[dict[str, Any]], list[Any]]:
    """The figures of one case and search range (full search first), and its rows."""
    _, shifts, noise = CASES[case]
    pair = make_pair(size=(1280, 720), shifts=shifts, noise=noise, seed=1)
    rows = compare(pair.reference, pair.target, ["4", "8"], block=16, radius=radius,
                   true_dx=pair.true_dx, true_dy=pair.true_dy, repeat=repeat)
    full = rows[0]
    figures = []
    for r in rows:
        f = r.field
        loss = full.psnr - r.psnr
        figures.append({
            "method": "full" if f.pattern is None else f"{f.pattern.n}-queens {f.pattern.perm}",
            "ops": f.ops, "speedup": r.speedup, "seconds": f.seconds,
            "time_speedup": r.time_speedup, "psnr": r.psnr,
            "loss": 0.0 if math.isnan(loss) else loss, "agree_full": r.agree_full,
            "correct": r.correct})
    return figures, rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--plot", default=None, help="write the PSNR/speed-up plot of the last run")
    add_old_option(ap)
    ap.add_argument("--case", type=int, nargs=2, help=argparse.SUPPRESS)  # child: CASE RADIUS
    args = ap.parse_args()
    if args.case:
        case, radius = args.case
        print(json.dumps({"rows": measure(case, radius, args.repeat)[0]}))
        return
    last = None
    extra = " old seconds | old / new (time) |" if args.old else ""
    print("| frames | range | method | ops | speed-up (ops) | seconds | speed-up (time) "
          f"| PSNR dB | PSNR loss dB | same as full | true vectors |{extra}")
    print("|---|---|---|---|---|---|---|---|---|---|---|" + ("---|---|" if args.old else ""))
    for case, (name, _, _) in enumerate(CASES):
        for radius in (7, 15):
            t0 = time.perf_counter()
            figures, last = measure(case, radius, args.repeat)
            made = time.perf_counter() - t0
            old = None
            if args.old:
                old = child_json(args.old, [__file__, "--case", str(case), str(radius),
                                            "--repeat", str(args.repeat)])["rows"]
            for i, r in enumerate(figures):
                correct = "-" if r["correct"] is None else f"{100 * r['correct']:.1f}%"
                line = (f"| {name} | ±{radius} | {r['method']} | {r['ops']:,} | "
                        f"{r['speedup']:.0f}x | {r['seconds']:.4f} | {r['time_speedup']:.2f}x | "
                        f"{r['psnr']:.2f} | {r['loss']:.2f} | {100 * r['agree_full']:.1f}% | "
                        f"{correct} |")
                if old:
                    o = old[i]
                    if (o["ops"], round(o["psnr"], 6)) != (r["ops"], round(r["psnr"], 6)):
                        line += f" old differs: ops {o['ops']:,}, PSNR {o['psnr']:.4f} |"
                    line += f" {o['seconds']:.4f} | {o['seconds'] / r['seconds']:.2f}x |"
                print(line, flush=True)
            print(f"<!-- searched in {made:.2f} s, pair included -->")
    if args.plot and last is not None:
        with open(args.plot, "wb") as fh:
            fh.write(tradeoff_png(last))


if __name__ == "__main__":
    main()
