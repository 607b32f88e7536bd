"""Full search against 4-queens and 8-queens subsampled search on a 1280x720 pair.

The pair is made from the photograph shipped with matplotlib (grace_hopper.jpg, 512x600):
scaled bilinearly to the frame height plus margins, mirror-tiled sideways and cropped to
1280x720; the target is the same picture moved by known motion, both frames with Gaussian
noise. Each method is timed several times (best run kept) after the kernels are compiled.

    python benchmarks/bench_motion.py [--repeat 7] [--plot tradeoff.png]
"""

from __future__ import annotations

import argparse
import math
import time

from nqueens.motion import compare, make_pair, tradeoff_png

CASES = [
    ("global shift (3, 2), noise 2", [(3, 2)], 2.0),
    ("4 bands (5,1) (-3,2) (0,-6) (2,4), noise 2", [(5, 1), (-3, 2), (0, -6), (2, 4)], 2.0),
]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--plot", default=None, help="write the PSNR/speed-up plot of the last run")
    args = ap.parse_args()
    last = None
    print("| frames | range | method | ops | speed-up (ops) | seconds | speed-up (time) "
          "| PSNR dB | PSNR loss dB | same as full | true vectors |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for name, shifts, noise in CASES:
        t0 = time.perf_counter()
        pair = make_pair(size=(1280, 720), shifts=shifts, noise=noise, seed=1)
        made = time.perf_counter() - t0
        for radius in (7, 15):
            rows = compare(pair.reference, pair.target, ["4", "8"], block=16, radius=radius,
                           true_dx=pair.true_dx, true_dy=pair.true_dy, repeat=args.repeat)
            full = rows[0]
            for r in rows:
                f = r.field
                label = "full" if f.pattern is None else f"{f.pattern.n}-queens {f.pattern.perm}"
                loss = full.psnr - r.psnr
                correct = "-" if r.correct is None else f"{100 * r.correct:.1f}%"
                print(f"| {name} | ±{radius} | {label} | {f.ops:,} | {r.speedup:.0f}x | "
                      f"{f.seconds:.4f} | {r.time_speedup:.2f}x | {r.psnr:.2f} | "
                      f"{0.0 if math.isnan(loss) else loss:.2f} | {100 * r.agree_full:.1f}% | "
                      f"{correct} |")
            last = rows
        print(f"<!-- pair made in {made:.2f} s -->")
    if args.plot and last is not None:
        with open(args.plot, "wb") as fh:
            fh.write(tradeoff_png(last))


if __name__ == "__main__":
    main()
