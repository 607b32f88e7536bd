"""``nqueens table FROM TO``: counts and times for a range of n.

The seconds of a row are those of the count alone (not the progress display, nor the
printing), the fastest of several runs for a quick count (:func:`timed_count`).
"""

from __future__ import annotations

import dataclasses
import os
import sys
import time
from collections.abc import Callable
from typing import IO, Any, TypeVar

import click

from puzzleshell import command

from ..algorithms.counter import CountResult, count
from ..algorithms.counter.runner import Progress
from ..algorithms.counter.table import (
    check_range,
    describe,
    expected_widths,
    table_writer,
)
from ..base.errors import BadInput
from ..base.tables import TABLE_FORMATS, TableWriter
from ..output.figures import check_width
from ..output.table_plot import PLOT_FORMATS, describe_plot, plot_table
from .common import (
    check_output_paths,
    echo,
    json_option,
    output_option,
    output_stream,
    picture_width_option,
    piece_option,
    say,
    table_output_format,
    torus_option,
)
from .count_cmd import Eta, progress_bar, workers_option

F = TypeVar("F", bound=Callable[..., Any])

#: What ``--format`` and the ``--output`` file may be: a table or a picture of it.
FORMATS = TABLE_FORMATS + PLOT_FORMATS
#: A count is run again while all its runs together took less than this (seconds)...
REPEAT_WITHIN = 0.2
#: ... and at most this many times in all; its seconds are those of the fastest run.
MAX_RUNS = 5


class _TimedProgress:
    """A progress callback that keeps how long the callback itself took while the count
    was timed, so that the time of drawing the progress display can be taken out of the
    count's seconds. The first report, made before any subproblem is counted (and
    before the count's clock starts), is not part of it."""

    def __init__(self, report: Progress) -> None:
        self.report = report
        self.seconds = 0.0

    def __call__(self, done: int, total: int, cost_done: int, cost_total: int,
                 solutions: int) -> None:
        started = time.perf_counter()
        try:
            self.report(done, total, cost_done, cost_total, solutions)
        finally:
            if done > 0:
                self.seconds += time.perf_counter() - started


def timed_count(n: int, *, piece: str = "queen", torus: bool = False,
                workers: int | None = None, progress: Progress | None = None
                ) -> tuple[CountResult, list[float]]:
    """Count ``n`` and time it: the result (its ``seconds`` the fastest run's) and the
    seconds of every timed run. A count is run again while its runs took less than
    :data:`REPEAT_WITHIN` seconds in all, until :data:`MAX_RUNS` runs are timed; a
    slower one runs once, so a table of large n takes no longer than their counts.

    Only the first run reports to ``progress`` (a display for people). The seconds are
    those of the count alone: when the count is run again, that first run is not one of
    the timed ones; when it is not (a slow count), the time the display took is taken
    out of it.

    >>> result, runs = timed_count(8)
    >>> result.total, len(runs), result.seconds == min(runs)
    (92, 5, True)
    """
    watched = _TimedProgress(progress) if progress is not None else None
    began = time.perf_counter()
    first = count(n, piece=piece, torus=torus, workers=workers, progress=watched)
    runs = [first.seconds] if watched is None else []
    while len(runs) < MAX_RUNS and time.perf_counter() - began < REPEAT_WITHIN:
        runs.append(count(n, piece=piece, torus=torus, workers=workers).seconds)
    if not runs and watched is not None:
        runs = [max(first.seconds - watched.seconds, 0.0)]
    return dataclasses.replace(first, seconds=min(runs)), runs


@click.command("table")
@click.argument("n_from", metavar="FROM", type=int)
@click.argument("n_to", metavar="TO", type=int)
@click.option("--format", "-f", "fmt", type=click.Choice(FORMATS), default=None,
              help="How to write the table: " + ", ".join(TABLE_FORMATS) + ", or a picture "
                   "(" + ", ".join(PLOT_FORMATS) + ") [default: text, or what the --output "
                   "file's extension names: .csv, .md, .txt, .json, .png, .svg].")
@output_option
@click.option("--plot", type=click.Path(dir_okay=False), default=None, metavar="FILE",
              help="Also draw the counts (log scale, with the published OEIS values over "
                   "them) and the seconds against n into FILE (.png or .svg).")
@picture_width_option
@json_option
@piece_option
@torus_option
@workers_option
@command.quiet_option("No progress bar (it shows only when stderr is a terminal), no note "
                      "of what the table counts, no message naming the files written.")
def table_cmd(n_from: int, n_to: int, fmt: str | None, output: str | None, plot: str | None,
              width: int, as_json: bool, piece: str, torus: bool, workers: int | None,
              quiet: bool) -> int:
    """Each row is printed as its count finishes; an --output file is
    written whole at the end (or not at all).

    The seconds are those of the count alone: not the start of the program, the
    progress bar or the printing. A count that takes less than 0.2 s is run again, up
    to 5 times in all, and the fastest run is kept (a single run of a quick count
    varies with whatever else the machine does); a slower count runs once.

    \b
    Examples:
      nqueens table 1 12                        aligned text columns
      nqueens table 1 16 --format markdown      a Markdown table
      nqueens table 4 14 --format csv           n,all,fundamental,seconds
      nqueens table 4 14 -o counts.csv          the same, into a file
      nqueens table 1 15 --plot counts.svg      and a picture of counts and times
      nqueens table 1 15 -o counts.png          only the picture
      nqueens table 1 15 --plot c.png --size 1920   a picture 1920 pixels wide
      nqueens table 4 13 --torus                on a torus (lines wrap around)
      nqueens table 9 14 --piece superqueen --json
    """
    n_from, n_to = check_range(n_from, n_to)
    fmt = table_output_format(fmt, output, as_json, FORMATS)
    plot_fmt = _plot_format(plot)
    check_width(width)
    check_output_paths([("--output", output), ("--plot", plot)])
    picture = fmt in PLOT_FORMATS
    if picture and output is None and sys.stdout.isatty():
        raise BadInput(f"{fmt} is a picture: give --output FILE or redirect standard output")
    note = describe(piece, torus)
    if note and fmt in ("text", "markdown") and not quiet:
        say(f"nqueens: {note}")
    with output_stream(output, binary=picture) as out:
        writer = None if picture else table_writer(fmt, widths=expected_widths(n_to))
        rows, runs = _count_rows(n_from, n_to, piece, torus, workers, quiet, writer, out)
        if picture:
            plot_table(rows, out, fmt, width, runs)
    if output is not None:
        command.wrote(output, describe_plot(rows, width) if picture
                      else f"a {fmt} table of {len(rows)} row{'s' if len(rows) != 1 else ''}",
                      quiet)
    if plot is not None and plot_fmt is not None:
        with output_stream(plot, binary=True) as fh:
            plot_table(rows, fh, plot_fmt, width, runs)
        command.wrote(plot, describe_plot(rows, width), quiet)
    return 0


def _plot_format(plot: str | None) -> str | None:
    """The picture format of --plot FILE, from its extension."""
    if plot is None:
        return None
    plot_fmt = os.path.splitext(plot)[1].lower().lstrip(".")
    if plot_fmt not in PLOT_FORMATS:
        raise BadInput(f"--plot {plot}: the file name must end in .png or .svg")
    return plot_fmt


def _count_rows(n_from: int, n_to: int, piece: str, torus: bool, workers: int | None,
                quiet: bool, writer: TableWriter | None, out: IO[Any]
                ) -> tuple[list[CountResult], dict[int, list[float]]]:
    """Count and time each n (:func:`timed_count`), writing each row (with ``writer``) as
    soon as it is counted; the rows and the seconds of every run of each n."""
    if writer is not None:
        echo(writer.head(), out, nl=False)
    rows = []
    runs: dict[int, list[float]] = {}
    for n in range(n_from, n_to + 1):
        with progress_bar(not quiet, f"n={n}", Eta(None)) as report:
            row, runs[n] = timed_count(n, piece=piece, torus=torus, workers=workers,
                                       progress=report)
        rows.append(row)
        if writer is not None:
            echo(writer.row(row), out, nl=False)
            _flush(out)
    if writer is not None:
        echo(writer.end(), out, nl=False)
    return rows, runs


def _flush(out: IO[Any]) -> None:
    """Pass what was written on (to a pipe or terminal) now."""
    try:
        out.flush()
    except BrokenPipeError:
        from puzzleshell.errors import ReaderGone

        raise ReaderGone() from None
