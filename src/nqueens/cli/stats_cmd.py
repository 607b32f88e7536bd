"""``nqueens stats``: how big the search space is, for any n."""

from __future__ import annotations

import sys

import click

from puzzleshell import command

from ..algorithms.classic import search_space
from ..algorithms.classic.stats import NO_TORUS, SearchSpace
from ..base.errors import BadInput
from ..base.limits import MAX_EXACT_N, check_n
from .common import (
    check_output_paths,
    dump_json,
    echo,
    json_option,
    output_option,
    output_stream,
    piece_option,
    wants_json,
)


def format_table(s: SearchSpace) -> str:
    """The table as text: each row's count and how many times smaller it is than the
    row above (computed).

    >>> from nqueens.algorithms.classic import search_space
    >>> print(format_table(search_space(4)))
    search space of 4 queens on the 4x4 board
    way of searching                                placements  row above / this
    any 4 of 16 squares, C(16, 4)                        1,820
    one queen per column, 4^4                              256               7.1
    one per column and per row, 4!                          24              10.7
    squares tested to find all solutions                    60               0.4
    nodes of the backtracking tree (root included)          17               3.5
    solutions                                                2               8.5
    fundamental solutions                                    1               2.0
    nodes per level (0 … n queens): 1, 4, 6, 4, 2
    """
    rows = s.rows()
    width = max(len(what) for what, _ in rows)
    numw = max(len(f"{v:,}") for _, v in rows)
    lines = [f"search space of {s.n} {s.piece}s on the {s.n}x{s.n} board",
             f"{'way of searching':<{width}}  {'placements':>{numw}}  {'row above / this':>16}"]
    above: int | None = None
    for what, value in rows:
        if above is None:
            ratio = ""
        elif value == 0:
            ratio = "-"
        else:
            ratio = f"{above / value:,.1f}"
        lines.append(f"{what:<{width}}  {value:>{numw},}  {ratio:>16}")
        above = value
    lines.append("nodes per level (0 … n queens): "
                 + ", ".join(f"{v:,}" for v in s.nodes_per_level))
    return "\n".join(lines)


@click.command("stats")
@click.argument("n", type=int)
@json_option
@output_option
@piece_option
@click.option("--torus", is_flag=True,
              help="Refused: the table is that of the backtracking on the ordinary board.")
@command.quiet_option("No messages on stderr (the progress bar, the file written).")
def stats_cmd(n: int, as_json: bool, output: str | None, piece: str, torus: bool,
              quiet: bool) -> int:
    """Placements of any N of the N² squares, of one queen per column, of one per
    column and row; the squares the backtracking (proba) tests to find every
    solution; the nodes of its search tree, in all and per level; the solutions and
    the fundamental ones. The last column divides each row by the one below it.
    Walking the whole tree grows fast: n = 16 takes seconds, n = 18 minutes.

    \b
    Examples:
      nqueens stats 8                    the source's table: 4,426,165,368 … 92
      nqueens stats 12 --json
      nqueens stats 10 --piece superqueen

    There is no --torus: the tree is that of the source's backtracking, which plays on
    the ordinary board ('nqueens count N --torus' counts the solutions on the torus).
    """
    if torus:
        raise BadInput(f"--torus: {NO_TORUS}")
    n = check_n(n, MAX_EXACT_N)
    as_json = wants_json(as_json, output)
    check_output_paths([("--output", output)])
    if quiet or not sys.stderr.isatty() or n < 15:
        s = search_space(n, piece)
    else:
        from rich.console import Console
        from rich.progress import Progress

        with Progress(transient=True, console=Console(stderr=True)) as bar:
            task = bar.add_task(f"walking the tree of {n:,} queens", total=None)

            def progress(done: int, total: int) -> None:
                bar.update(task, completed=done, total=total)

            s = search_space(n, piece, progress)
    if as_json:
        data = s.as_dict()
        rows = s.rows()  # each row's ratio to the row below, as the table shows it
        data["ratios"] = [{"above": a, "this": b, "ratio": (va / vb if vb else None)}
                          for (a, va), (b, vb) in zip(rows, rows[1:], strict=False)]
        with output_stream(output) as out:
            dump_json(data, out)
    else:
        with output_stream(output) as out:
            echo(format_table(s), out)
    command.wrote(output, f"the search space of {n:,} {piece}s" + (", json" if as_json else ""),
                  quiet)
    return 0

