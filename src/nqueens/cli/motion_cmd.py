"""``nqueens motion``: block motion estimation with N-queens subsampling."""

from __future__ import annotations

import math
import os
import re
from contextlib import ExitStack

import click

from ..errors import BadInput
from ..motion import frames as motion_frames
from ..motion.evaluation import MethodResult, compare, vectors_text
from ..motion.patterns import DEFAULT_PATTERNS, parse_pattern
from ..motion.pictures import tradeoff_png, vectors_png
from ..motion.search import check_settings
from .app import cli
from .common import check_output_paths, dump_json, echo, json_option, output_stream, say

_SHIFT = re.compile(r"^\s*([+-]?\d+)\s*,\s*([+-]?\d+)\s*$")
_SIZE = re.compile(r"^\s*(\d+)\s*[xX]\s*(\d+)\s*$")


def _parse_shift(text: str) -> tuple[int, int]:
    m = _SHIFT.match(text)
    if not m:
        raise BadInput(f"--shift {text!r}: expected DX,DY such as '3,-2'")
    return int(m.group(1)), int(m.group(2))


def _parse_size(text: str) -> tuple[int, int]:
    m = _SIZE.match(text)
    if not m:
        raise BadInput(f"--size {text!r}: expected WIDTHxHEIGHT such as '1280x720'")
    return int(m.group(1)), int(m.group(2))


def _check_png_path(path: str | None, what: str) -> None:
    if path is not None and not path.lower().endswith(".png"):
        raise BadInput(f"{what} {path}: pictures are written as PNG (name the file *.png)")


def _vector_format(path: str) -> str:
    ext = os.path.splitext(path)[1].lower().lstrip(".")
    if ext not in ("json", "csv"):
        raise BadInput(f"--vectors {path}: name the file *.json or *.csv")
    return ext


def _fmt_psnr(value: float) -> str:
    return "inf" if math.isinf(value) else f"{value:.2f}"


def _table(results: list[MethodResult]) -> str:
    head = ["method", "pattern", "ops", "speed-up", "time speed-up", "PSNR dB", "seconds",
            "same as full"]
    known = results[0].correct is not None
    if known:
        head.append("correct")
    rows = [head]
    for r in results:
        f = r.field
        row = [
            "full" if f.pattern is None else f"{f.pattern.n}-queens",
            "-" if f.pattern is None else f.pattern.perm,
            f"{f.ops:,}",
            f"{r.speedup:.2f}x",
            f"{r.time_speedup:.2f}x",
            _fmt_psnr(r.psnr),
            f"{f.seconds:.4f}",
            f"{100 * r.agree_full:.1f}%",
        ]
        if known:
            row.append("-" if r.correct is None else f"{100 * r.correct:.1f}%")
        rows.append(row)
    widths = [max(len(row[i]) for row in rows) for i in range(len(head))]
    left = {0, 1}
    lines = []
    for row in rows:
        cells = [c.ljust(widths[i]) if i in left else c.rjust(widths[i]) for i, c in enumerate(row)]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)


@cli.command("motion")
@click.argument("reference", required=False, metavar="[REF")
@click.argument("target", required=False, metavar="TARGET]")
@click.option("--demo", is_flag=True,
              help="Use a test pair made from the shipped photograph, moved by known motion.")
@click.option("--shift", "shifts", multiple=True, metavar="DX,DY",
              help="Demo: content motion in pixels (right, down). Repeat to cut the frame into "
                   "vertical bands, each with its own motion. [default: 3,2]")
@click.option("--noise", type=float, default=0.0, show_default=True, metavar="SIGMA",
              help="Demo: Gaussian noise (grey levels) added to both frames.")
@click.option("--size", default=None, metavar="WxH",
              help="Demo: frame size, e.g. 1280x720 (the photograph is scaled to the height and "
                   "mirror-tiled sideways). [default: the photograph's 512x600]")
@click.option("--seed", type=int, default=0, show_default=True, help="Demo: seed of the noise.")
@click.option("--block", "-b", type=int, default=16, show_default=True,
              help="Block size in pixels.")
@click.option("--range", "-r", "radius", type=int, default=7, show_default=True,
              help="Search range: displacements -R..R in each direction.")
@click.option("--pattern", "-p", "patterns", multiple=True, metavar="N|N:K|PERM",
              help="A sampling pattern: N (the first N-queens solution), N:K (the K-th) or a "
                   "1-based permutation like '2 4 1 3'. Repeatable. [default: 4 and 8]")
@click.option("--repeat", type=int, default=3, show_default=True,
              help="Run each method this many times and keep the fastest run's time (the "
                   "kernels are compiled and warmed up before any timing; a single run's time "
                   "varies with whatever else the machine does). The vectors are the same "
                   "every run.")
@click.option("--vectors", "vectors_path", default=None, metavar="FILE.json|FILE.csv",
              help="Write every method's motion vectors to FILE (JSON or CSV by its name).")
@click.option("--picture", default=None, metavar="FILE.png",
              help="Draw the target frame with the vectors of the last pattern (red where they "
                   "differ from the full search).")
@click.option("--plot", default=None, metavar="FILE.png",
              help="Plot PSNR against speed-up for the full search and each pattern.")
@json_option
def motion_cmd(reference: str | None, target: str | None, demo: bool, shifts: tuple[str, ...],
               noise: float, size: str | None, seed: int, block: int, radius: int,
               patterns: tuple[str, ...], repeat: int, vectors_path: str | None,
               picture: str | None, plot: str | None, as_json: bool) -> int:
    """Block motion estimation: full search against N-queens subsampled search.

    Each BLOCKxBLOCK block of TARGET is matched against every displacement within the
    search range in REF, by the sum of absolute differences over all pixels (full search)
    and over only the pixels of an N-queens pattern tiled over the block, which does N
    times fewer operations. Prints, per method, the operations, the speed-up, the PSNR of
    the motion-compensated prediction, the time and how many vectors agree with the full
    search (and, for the demo, with the true motion).

    \b
    Examples:
      nqueens motion --demo                          photo moved by (3, 2)
      nqueens motion --demo --size 1280x720 --noise 2 --plot tradeoff.png
      nqueens motion --demo --shift 4,0 --shift -3,2 --picture vectors.png
      nqueens motion prev.png next.png -p 4 -p 8 -p "1 5 8 6 3 7 2 4" --vectors mv.csv
      nqueens motion a.jpg b.jpg --range 15 --json

    Vector (dx, dy) of the block at (x, y): its prediction is the reference block at
    (x + dx, y + dy). Frames are compared on 8-bit luma (16-bit grey pictures are
    scaled, not clipped); reading PNG/JPEG needs Pillow
    (pip install 'nqueens[motion]').
    """
    if demo and (reference or target):
        raise BadInput("give REF and TARGET frames, or --demo, not both")
    if not demo and (shifts or size is not None or noise or seed):
        raise BadInput("--shift, --size, --noise and --seed make the --demo pair; add --demo")
    if not demo and not (reference and target):
        raise BadInput("give two frames, REF and TARGET, or --demo for a test pair")
    if not (math.isfinite(noise) and noise >= 0):
        raise BadInput(f"--noise {noise:g}: must be a finite number of grey levels, 0 or more")
    if repeat < 1:
        raise BadInput("--repeat must be at least 1")
    check_settings(block, radius)
    fmt = _vector_format(vectors_path) if vectors_path else None
    _check_png_path(picture, "--picture")
    _check_png_path(plot, "--plot")
    check_output_paths([("--vectors", vectors_path), ("--picture", picture), ("--plot", plot)],
                   [] if demo else [p for p in (reference, target) if p])
    pats = [parse_pattern(p) for p in (patterns or DEFAULT_PATTERNS)]
    for p in pats:
        if p.n > block:
            raise BadInput(f"pattern {p.perm}: a {p.n}-queens pattern does not fit in a "
                           f"{block}x{block} block")

    if demo:
        pair = motion_frames.make_pair(
            size=_parse_size(size) if size else None,
            shifts=[_parse_shift(s) for s in shifts] or [(3, 2)],
            noise=noise, seed=seed,
        )
        say(f"demo pair: {pair.description}")
    else:
        assert reference is not None and target is not None
        ref, tgt = motion_frames.load_pair(reference, target)
        pair = motion_frames.FramePair(ref, tgt, description=f"{reference} -> {target}")
    w, h = pair.size
    results = compare(pair.reference, pair.target, pats, block=block, radius=radius,
                      true_dx=pair.true_dx, true_dy=pair.true_dy, repeat=repeat)
    nby, nbx = results[0].field.vectors.shape[:2]

    # Everything is made in memory first, then written file by file through temporary
    # files that are renamed only when every one of them was written.
    files: list[tuple[str, bool, str | bytes]] = []
    if vectors_path and fmt:
        files.append((vectors_path, False, vectors_text(results, fmt) + "\n"))
    if picture:
        files.append((picture, True,
                      vectors_png(pair.target, results[-1].field, full=results[0].field)))
    if plot:
        files.append((plot, True, tradeoff_png(results)))
    with ExitStack() as stack:
        for path, binary, content in files:
            stack.enter_context(output_stream(path, binary=binary)).write(content)

    if as_json:
        dump_json({
            "frames": pair.description,
            "width": w, "height": h, "block": block, "range": radius, "repeat": repeat,
            "blocks": nbx * nby, "covered": [nbx * block, nby * block],
            "methods": [r.as_dict() for r in results],
        })
    else:
        say(f"{w}x{h} frames, {nbx}x{nby} blocks of {block}x{block}, range ±{radius}; "
            f"PSNR over the {nbx * block}x{nby * block} area of whole blocks; seconds: best of "
            f"{repeat} run{'s' if repeat > 1 else ''}")
        echo(_table(results))
    return 0
