"""``nqueens motion``: block motion estimation with N-queens subsampling."""

from __future__ import annotations

from contextlib import ExitStack

import click

from puzzleshell import command

from ..tasks.motion.report import plan
from .common import (
    check_output_paths,
    dump_json,
    echo,
    json_option,
    output_option,
    output_stream,
    picture_width_option,
    say,
    wants_json,
)


@click.command("motion")
@click.argument("reference", required=False, metavar="[REF")
@click.argument("target", required=False, metavar="TARGET]")
@click.option("--demo", is_flag=True,
              help="Use a test pair made from the shipped photograph, moved by known motion.")
@click.option("--shift", "shifts", multiple=True, metavar="DX,DY",
              help="Demo: content motion in pixels (right, down). Repeat to cut the frame into "
                   "vertical bands, each with its own motion. [default: 3,2]")
@click.option("--noise", type=float, default=0.0, show_default=True, metavar="SIGMA",
              help="Demo: Gaussian noise (grey levels) added to both frames.")
@click.option("--frame", "frame", default=None, metavar="W×H",
              help="Demo: frame size, width×height, e.g. 1280×720 (or 1280x720); the "
                   "photograph is scaled and cropped to it. [default: the photograph's 512×600]")
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
              help="Draw the target frame with the vectors of the last pattern as arrows, "
                   "with a key: the blocks where they differ from the full search are "
                   "outlined and show both vectors.")
@click.option("--plot", default=None, metavar="FILE.png",
              help="Plot PSNR against speed-up for the full search and each pattern.")
@picture_width_option(hint="; the demo frame's size is --frame W×H")
@output_option
@json_option
@command.quiet_option("No messages on standard error (the demo pair, the summary line, the "
                      "files written).")
def motion_cmd(reference: str | None, target: str | None, demo: bool, shifts: tuple[str, ...],
               noise: float, frame: str | None, seed: int, block: int, radius: int,
               patterns: tuple[str, ...], repeat: int, vectors_path: str | None,
               picture: str | None, plot: str | None, width: int, output: str | None,
               as_json: bool, quiet: bool) -> int:
    """Each BLOCK×BLOCK block of TARGET is matched against every displacement within the
    search range in REF, by the sum of absolute differences over all pixels (full search)
    and over only the pixels of an N-queens pattern tiled over the block, which does N
    times fewer operations. Prints, per method, the operations, the speed-up, the PSNR of
    the motion-compensated prediction, the time and how many vectors agree with the full
    search (and, for the demo, with the true motion).

    \b
    Examples:
      nqueens motion --demo                          photo moved by (3, 2)
      nqueens motion --demo --frame 1280×720 --noise 2 --plot tradeoff.png
      nqueens motion --demo --shift 4,0 --shift -3,2 --picture vectors.png
      nqueens motion --demo --picture vectors.png --size 1920   a picture 1920 px wide
      nqueens motion prev.png next.png -p 4 -p 8 -p "1 5 8 6 3 7 2 4" --vectors mv.csv
      nqueens motion a.jpg b.jpg --range 15 --json

    Vector (dx, dy) of the block at (x, y): its prediction is the reference block at
    (x + dx, y + dy). Frames are compared on 8-bit luma (16-bit grey pictures are
    scaled, not clipped); reading PNG/JPEG needs Pillow
    (pip install 'nqueens[motion]').
    """
    study = plan(reference, target, demo=demo, shifts=shifts, size=frame, noise=noise,
                 seed=seed, block=block, radius=radius, patterns=patterns, repeat=repeat,
                 vectors=vectors_path, picture=picture, plot=plot, width=width)
    as_json = wants_json(as_json, output)
    check_output_paths([*study.outputs, ("--output", output)], study.inputs)
    pair = study.frame_pair()
    if demo and not quiet:
        say(f"demo pair: {pair.description}")
    report = study.run(pair)
    # Everything is made in memory first, then written file by file through temporary
    # files that are renamed only when every one of them was written.
    files = report.files()
    if not as_json and not quiet:
        say(report.summary())
    with ExitStack() as stack:
        for file in files:
            stack.enter_context(output_stream(file.path, binary=file.binary)).write(file.content)
        out = stack.enter_context(output_stream(output))
        if as_json:
            dump_json(report.as_dict(), out)
        else:
            echo(report.table(), out)
    for file in files:
        command.wrote(file.path, file.what, quiet)
    methods = f"{len(report.results)} methods"
    command.wrote(output, f"the summary of {methods}, json" if as_json
                  else f"the table of {methods}", quiet)
    return 0
