"""``nqueens table FROM TO``: counts and times for a range of n."""

from __future__ import annotations

import os
import sys
from typing import IO, Any

import click

from ..algorithms.counter import CountResult, count
from ..algorithms.counter.table import (
    PLOT_FORMATS,
    check_range,
    describe,
    expected_widths,
    plot_table,
    table_writer,
)
from ..base.errors import BadInput
from ..base.tables import TABLE_FORMATS, TableWriter
from .common import (
    check_output_paths,
    echo,
    json_option,
    output_option,
    output_stream,
    piece_option,
    say,
    table_output_format,
    torus_option,
)
from .count_cmd import Eta, progress_bar, quiet_option, workers_option

#: What ``--format`` and the ``--output`` file may be: a table or a picture of it.
FORMATS = TABLE_FORMATS + PLOT_FORMATS

@click.command("table")
@click.argument("n_from", metavar="FROM", type=int)
@click.argument("n_to", metavar="TO", type=int)
@click.option("--format", "-f", "fmt", type=click.Choice(FORMATS), default=None,
              help="How to write the table: " + ", ".join(TABLE_FORMATS) + ", or a picture "
                   "(" + ", ".join(PLOT_FORMATS) + ") [default: text, or what the --output "
                   "file's extension names: .csv, .md, .txt, .json, .png, .svg].")
@output_option
@click.option("--plot", type=click.Path(dir_okay=False), default=None, metavar="FILE",
              help="Also draw counts and times against n (log scale) into FILE (.png or .svg).")
@json_option
@piece_option
@torus_option
@workers_option
@quiet_option
def table_cmd(n_from: int, n_to: int, fmt: str | None, output: str | None, plot: str | None,
              as_json: bool, piece: str, torus: bool, workers: int | None, quiet: bool) -> int:
    """Each row is printed as its count finishes; an --output file is
    written whole at the end (or not at all).

    \b
    Examples:
      nqueens table 1 12                        aligned text columns
      nqueens table 1 16 --format markdown      a Markdown table
      nqueens table 4 14 --format csv           n,all,fundamental,seconds
      nqueens table 4 14 -o counts.csv          the same, into a file
      nqueens table 1 15 --plot counts.svg      and a picture of counts and times
      nqueens table 1 15 -o counts.png          only the picture
      nqueens table 4 13 --torus                on a torus (lines wrap around)
      nqueens table 9 14 --piece superqueen --json
    """
    n_from, n_to = check_range(n_from, n_to)
    fmt = table_output_format(fmt, output, as_json, FORMATS)
    plot_fmt = _plot_format(plot)
    check_output_paths([("--output", output), ("--plot", plot)])
    picture = fmt in PLOT_FORMATS
    if picture and output is None and sys.stdout.isatty():
        raise BadInput(f"{fmt} is a picture: give --output FILE or redirect standard output")
    note = describe(piece, torus)
    if note and fmt in ("text", "markdown"):
        say(f"nqueens: {note}")
    with output_stream(output, binary=picture) as out:
        writer = None if picture else table_writer(fmt, widths=expected_widths(n_to))
        rows = _count_rows(n_from, n_to, piece, torus, workers, quiet, writer, out)
        if picture:
            plot_table(rows, out, fmt)
    if plot is not None and plot_fmt is not None:
        with output_stream(plot, binary=True) as fh:
            plot_table(rows, fh, plot_fmt)
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
                quiet: bool, writer: TableWriter | None, out: IO[Any]) -> list[CountResult]:
    """Count each n, writing each row (with ``writer``) as soon as it is counted."""
    if writer is not None:
        echo(writer.head(), out, nl=False)
    rows = []
    for n in range(n_from, n_to + 1):
        with progress_bar(not quiet, f"n={n}", Eta(None)) as report:
            rows.append(count(n, piece=piece, torus=torus, workers=workers, progress=report))
        if writer is not None:
            echo(writer.row(rows[-1]), out, nl=False)
            _flush(out)
    if writer is not None:
        echo(writer.end(), out, nl=False)
    return rows


def _flush(out: IO[Any]) -> None:
    """Pass what was written on (to a pipe or terminal) now."""
    try:
        out.flush()
    except BrokenPipeError:
        from puzzleshell.errors import ReaderGone

        raise ReaderGone() from None
