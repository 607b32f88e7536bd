"""``nqueens linear``: the linear solutions (x, (a·x + b) mod n), and their table."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import islice
from typing import IO

import click

from .. import formats
from ..errors import BadInput, NoSolution
from ..linear import (
    DEFAULT_COUNT_MAX,
    TABLE_FORMATS,
    LinearRow,
    LinearSolution,
    format_linear_table,
    linear_row,
    linear_solutions,
    linear_table,
    multipliers,
)
from ..search import check_n
from .app import cli
from .common import dump_json, echo, json_option, output_option, output_stream, say

_BOARD_FORMATS = tuple(f for f in formats.WRITE_FORMATS if f not in formats.BINARY_FORMATS)
_ALL_FORMATS = _BOARD_FORMATS + tuple(f for f in TABLE_FORMATS if f not in _BOARD_FORMATS)
_ONE_LINE = ("perm", "algebraic", "list")


def _summary(row: LinearRow, slopes: list[int]) -> str:
    if row.all is None:
        of_all = "all solutions not counted (n is above --count-max)"
    else:
        pct = row.percent
        of_all = f"{pct:.3g}% of all {row.all:,}" if pct is not None else f"of all {row.all:,}"
    shifts = "b = 0" if row.n == 1 else f"b = 0…{row.n - 1}"
    plural = "s" if row.linear != 1 else ""
    shown = ", ".join(map(str, slopes))
    if len(slopes) > 12:
        shown = (", ".join(map(str, slopes[:8])) + ", …, " + ", ".join(map(str, slopes[-2:]))
                 + f" ({len(slopes):,} slopes)")
    return (f"n = {row.n}: {row.linear:,} linear solution{plural}, {of_all}; "
            f"a = {shown} and {shifts}; each one also solves the torus")


def _write_one(item: LinearSolution, fmt: str, first: bool, out: IO[str]) -> None:
    """A board headed by its slope and shift (the picture forms, board and matrix)."""
    if not first:
        echo("", out)
    echo(f"a = {item.a}, b = {item.b}", out)
    echo(formats.write(item.solution, fmt), out)


@cli.command("linear")
@click.argument("n", type=int, required=False)
@click.option("--table", "span", type=int, nargs=2, default=None, metavar="FROM TO",
              help="Print the table of n, linear, all and percentage for n = FROM…TO.")
@click.option("--format", "-f", "fmt", default=None,
              type=click.Choice(_ALL_FORMATS),
              help="Boards: " + ", ".join(_BOARD_FORMATS) + " (default board). "
                   "With --table: " + ", ".join(TABLE_FORMATS) + " (default text).")
@click.option("--limit", "-l", type=click.IntRange(min=0), default=None,
              help="List at most K boards (the summary still counts them all).")
@click.option("--count-max", type=click.IntRange(min=0), default=DEFAULT_COUNT_MAX,
              show_default=True,
              help="Count all solutions (for the percentage) only for n up to this.")
@json_option
@output_option
def linear_cmd(n: int | None, span: tuple[int, int] | None, fmt: str | None,
               limit: int | None, count_max: int, as_json: bool, output: str | None) -> int:
    """List the linear solutions of an N×N board: a queen on (x, (a·x + b) mod n) in
    every row x. They exist exactly when gcd(n, 6) = 1, and each one is also a
    solution on the torus. A line on standard error says how many there are and what
    share of all solutions they make.

    Boards and matrices are headed by their a and b; perm, algebraic and list print
    the boards only, as 'nqueens all' does (--json has a and b with each board).

    \b
    Examples:
      nqueens linear 7                      28 boards, each headed by its a and b
      nqueens linear 11 --format perm       1 3 5 7 9 11 2 4 6 8 10, one board a line
      nqueens linear 13 --json -l 5         {"n": 13, "linear": 130, "all": 73712, ...}
      nqueens linear --table 1 13           n, linear, all and the percentage
      nqueens linear --table 5 25 -f markdown --count-max 16

    Exit code 1 when the board has no linear solution (gcd(n, 6) > 1).
    """
    if span is not None:
        if n is not None:
            raise BadInput("give either N or --table FROM TO, not both")
        table_fmt = "json" if as_json else (fmt or "text")
        if table_fmt not in TABLE_FORMATS:
            raise BadInput(f"--table prints {', '.join(TABLE_FORMATS)}, not {table_fmt}")
        rows = linear_table(span[0], span[1], count_max)
        with output_stream(output) as out:
            echo(format_linear_table(rows, table_fmt), out, nl=False)
        return 0
    if n is None:
        raise BadInput("give N (the board size) or --table FROM TO")
    n = check_n(n)
    board_fmt = "json" if as_json else (fmt or "board")
    if board_fmt not in _BOARD_FORMATS:
        raise BadInput(f"boards are printed as {', '.join(_BOARD_FORMATS)}, not {board_fmt} "
                       f"(that form is for --table)")
    if n > formats.TEXT_MAX_N and board_fmt in ("board", "matrix", "list", "svg"):
        raise BadInput(f"--format {board_fmt} is refused for n = {n} (above "
                       f"{formats.TEXT_MAX_N}); use --format perm, algebraic or --json")
    row = linear_row(n, count_max)
    slopes = multipliers(n).tolist()
    items: Iterator[LinearSolution] = linear_solutions(n)
    if limit is not None:
        items = islice(items, limit)
    if board_fmt == "json":
        data = row.as_dict()
        data.update({"slopes": slopes, "torus_solutions": bool(row.linear),
                     "solutions": [i.as_dict() for i in items]})
        with output_stream(output) as out:
            dump_json(data, out)
    elif row.linear:
        say(_summary(row, slopes))
        with output_stream(output) as out:
            if board_fmt in _ONE_LINE or board_fmt == "svg":
                # Data only, as 'nqueens all' writes them (a and b are in --json).
                formats.write_many((i.solution for i in items), board_fmt, out)
            else:
                for k, item in enumerate(items):
                    _write_one(item, board_fmt, k == 0, out)
    if not row.linear and board_fmt == "list":
        with output_stream(output) as out:
            echo("[]", out)  # the empty answer, as 'nqueens all' gives it
    if not row.linear:
        raise NoSolution(f"no linear solution for n = {n}: linear solutions exist only "
                         f"when gcd(n, 6) = 1")
    return 0
