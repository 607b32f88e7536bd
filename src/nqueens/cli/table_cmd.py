"""``nqueens table FROM TO``: counts and times for a range of n."""

from __future__ import annotations

import os

import click

from ..count import count, warm_up
from ..count.table import PLOT_FORMATS, TABLE_FORMATS, format_table, plot_table
from ..errors import BadInput
from ..search import MAX_EXACT_N, check_n
from .app import cli
from .common import check_output_paths, echo, json_option, output_stream, piece_option, say
from .count_cmd import Eta, progress_bar, quiet_option, workers_option


@cli.command("table")
@click.argument("n_from", metavar="FROM", type=int)
@click.argument("n_to", metavar="TO", type=int)
@click.option("--format", "-f", "fmt", type=click.Choice(TABLE_FORMATS), default="text",
              show_default=True, help="How to print the table: " + ", ".join(TABLE_FORMATS) + ".")
@click.option("--plot", type=click.Path(dir_okay=False), default=None, metavar="FILE",
              help="Also draw counts and times against n (log scale) into FILE (.png or .svg).")
@json_option
@piece_option
@workers_option
@quiet_option
def table_cmd(n_from: int, n_to: int, fmt: str, plot: str | None, as_json: bool, piece: str,
              workers: int | None, quiet: bool) -> int:
    """Count all and fundamental solutions for each n from FROM to TO, with the seconds
    each count took.

    \b
    Examples:
      nqueens table 1 12                        aligned text columns
      nqueens table 1 16 --format markdown      a Markdown table
      nqueens table 4 14 --format csv           n,all,fundamental,seconds
      nqueens table 1 15 --plot counts.svg      and a picture of counts and times
      nqueens table 9 14 --piece superqueen --json
    """
    if as_json:
        fmt = "json"
    n_from = check_n(n_from, MAX_EXACT_N, "FROM")
    n_to = check_n(n_to, MAX_EXACT_N, "TO")
    if n_from > n_to:
        raise BadInput(f"FROM ({n_from}) must not be above TO ({n_to})")
    if workers is not None and workers < 1:
        raise BadInput(f"--workers must be at least 1, not {workers}")
    plot_fmt = None
    if plot is not None:
        plot_fmt = os.path.splitext(plot)[1].lower().lstrip(".")
        if plot_fmt not in PLOT_FORMATS:
            raise BadInput(f"--plot {plot}: the file name must end in .png or .svg")
        check_output_paths([("--plot", plot)])
    warm_up(piece)
    rows = []
    for n in range(n_from, n_to + 1):
        with progress_bar(not quiet, f"n={n}", Eta(None)) as report:
            rows.append(count(n, piece=piece, workers=workers, progress=report))
    if piece != "queen" and fmt in ("text", "markdown"):
        say(f"nqueens: counts of {piece}s (queen + knight)")
    echo(format_table(rows, fmt), nl=False)
    if plot is not None and plot_fmt is not None:
        with output_stream(plot, binary=True) as fh:
            plot_table(rows, fh, plot_fmt)
    return 0
