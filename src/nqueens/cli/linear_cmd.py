"""``nqueens linear``: the linear solutions (x, (a·x + b) mod n), and their table."""

from __future__ import annotations

import click

from puzzleshell import command

from ..algorithms.linear import DEFAULT_COUNT_MAX, linear_table
from ..base.errors import BadInput
from ..base.tables import TABLE_FORMATS
from ..tasks.linear_listing import BOARD_FORMATS, format_linear_table, linear_listing
from .common import (
    boards_text,
    check_output_paths,
    echo,
    json_option,
    output_format,
    output_option,
    output_stream,
    picture_options,
    picture_style,
    say,
    table_output_format,
)

_ALL_FORMATS = BOARD_FORMATS + tuple(f for f in TABLE_FORMATS if f not in BOARD_FORMATS)


@click.command("linear")
@click.argument("n", type=int, required=False)
@click.option("--table", "span", type=int, nargs=2, default=None, metavar="FROM TO",
              help="Print the table of n, linear, all and percentage for n = FROM…TO.")
@click.option("--format", "-f", "fmt", default=None,
              type=click.Choice(_ALL_FORMATS),
              help="Boards: " + ", ".join(BOARD_FORMATS) + " [default: board, or what the "
                   "--output file's extension names: .svg, .png, .json]. With --table: "
                   + ", ".join(TABLE_FORMATS) + " [default: text, or .csv, .md, .json].")
@click.option("--limit", "-l", type=click.IntRange(min=0), default=None,
              help="List at most K boards (the summary still counts them all).")
@click.option("--count-max", type=click.IntRange(min=0), default=DEFAULT_COUNT_MAX,
              show_default=True,
              help="Count all solutions (for the percentage) only for n up to this.")
@json_option
@output_option
@picture_options
@command.quiet_option("No messages on standard error (the summary line, the file written).")
def linear_cmd(n: int | None, span: tuple[int, int] | None, fmt: str | None,
               limit: int | None, count_max: int, as_json: bool, output: str | None,
               size: int | None, labels: bool | None, quiet: bool) -> int:
    """They exist exactly when gcd(n, 6) = 1, and each one is also a solution on the
    torus. A line on standard error says how many there are and what
    share of all solutions they make (not with --quiet).

    Boards and matrices are headed by their a and b, and the gallery (svg, png) captions each
    board with them; perm, algebraic and list print the boards only, as 'nqueens all'
    does (--json has a and b with each board).

    \b
    Examples:
      nqueens linear 7                      28 boards, each headed by its a and b
      nqueens linear 11 --format perm       1 3 5 7 9 11 2 4 6 8 10, one board a line
      nqueens linear 13 --json -l 5         {"n": 13, "linear": 130, "all": 73712, ...}
      nqueens linear 7 -o linear7.png       a gallery, each board captioned a=…, b=…
      nqueens linear --table 1 13           n, linear, all and the percentage
      nqueens linear --table 5 25 -o t.md --count-max 16

    Exit code 1 when the board has no linear solution (gcd(n, 6) > 1).
    """
    check_output_paths([("--output", output)])  # before any line is said
    if span is not None:
        if n is not None:
            raise BadInput("give either N or --table FROM TO, not both")
        table_fmt = _table_format(fmt, output, as_json)
        picture_style(size, labels, table_fmt)      # a table is no picture
        rows = linear_table(span[0], span[1], count_max)
        text = format_linear_table(rows, table_fmt)
        with output_stream(output) as out:
            echo(text, out, nl=False)
        command.wrote(output, f"the table of linear solutions, n = {span[0]}…{span[1]}, "
                              f"{table_fmt}", quiet)
        return 0
    if n is None:
        raise BadInput("give N (the board size) or --table FROM TO")
    board_fmt = output_format(fmt, output, "board", BOARD_FORMATS)
    listing = linear_listing(n, board_fmt, as_json, limit, count_max,
                             picture_style(size, labels, board_fmt))
    summary = listing.summary()
    if summary is not None and not quiet:
        say(summary)
    if listing.writes:
        with output_stream(output, binary=listing.binary) as out:
            listing.write(out)
        shown = listing.row.linear if limit is None else min(limit, listing.row.linear)
        command.wrote(output, boards_text(shown, listing.row.n, listing.fmt)
                      .replace("boards", "linear solutions"), quiet)
    listing.check_found()
    return 0


def _table_format(fmt: str | None, output: str | None, as_json: bool) -> str:
    """The form of ``--table``; a board format is refused."""
    if fmt is not None and fmt not in TABLE_FORMATS:
        raise BadInput(f"--table prints {', '.join(TABLE_FORMATS)}, not {fmt}")
    return table_output_format(fmt, output, as_json, TABLE_FORMATS)
