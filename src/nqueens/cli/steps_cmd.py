"""``nqueens steps``: the steps of the backtracking to its first solution, n by n."""

from __future__ import annotations

import click

from puzzleshell import command

from ..algorithms.classic import steps_to_first
from ..algorithms.classic.stats import NO_TORUS, StepCount
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


@click.command("steps")
@click.argument("first", type=int, metavar="FROM")
@click.argument("last", type=int, metavar="TO")
@click.option("--solution", "show_solution", is_flag=True,
              help="Add the first solution: the row of the queen in each column, 1-based.")
@json_option
@output_option
@piece_option
@click.option("--torus", is_flag=True,
              help="Refused: the steps are those of the backtracking on the ordinary board.")
@command.quiet_option("No messages on stderr (the file written).")
def steps_cmd(first: int, last: int, show_solution: bool, as_json: bool, output: str | None,
              piece: str, torus: bool, quiet: bool) -> int:
    """A step is one square tested. 'placed' counts the queens put down, 'backtracks'
    the queens taken back. For the queen the steps are OEIS A140450 (876 for n = 8).

    \b
    Examples:
      nqueens steps 4 20                 the table of the source, n = 4 … 20
      nqueens steps 8 8 --solution       876 steps; rows 1 5 8 6 3 7 2 4
      nqueens steps 10 14 --json         one JSON object per n, in a list
      nqueens steps 10 14 --piece superqueen

    There is no --torus: the steps are those of the source's backtracking, which plays on
    the ordinary board ('nqueens count N --torus' counts the solutions on the torus).
    """
    if torus:
        raise BadInput(f"--torus: {NO_TORUS}")
    first = check_n(first, MAX_EXACT_N, "FROM")
    last = check_n(last, MAX_EXACT_N, "TO")
    if last < first:
        raise BadInput(f"TO ({last}) is smaller than FROM ({first})")
    as_json = wants_json(as_json, output)
    check_output_paths([("--output", output)])
    results = [steps_to_first(n, piece) for n in range(first, last + 1)]
    with output_stream(output) as out:
        if as_json:
            dump_json([r.as_dict() for r in results], out)
        else:
            echo(_table(results, show_solution), out)
    command.wrote(output, f"the steps of n = {first}…{last}" + (", json" if as_json else ""),
                  quiet)
    return 0


def _table(results: list[StepCount], show_solution: bool) -> str:
    """The table: n, steps, placed, backtracks (and the first solution, or "(no solution)")."""
    head = f"{'n':>3}  {'steps':>12}  {'placed':>11}  {'backtracks':>11}"
    lines = [head + ("  first solution (row in each column)" if show_solution else "")]
    for r in results:
        line = f"{r.n:>3}  {r.steps:>12,}  {r.placed:>11,}  {r.backtracks:>11,}"
        if show_solution:
            line += "  " + (" ".join(str(x + 1) for x in r.rows) if r.found else "none")
        elif not r.found:
            line += "  (no solution)"
        lines.append(line)
    return "\n".join(lines)
