"""``nqueens solve``: one solution."""

from __future__ import annotations

import click

from .. import formats
from ..errors import NoSolution
from ..search import MAX_EXACT_N, check_n
from ..solve import METHODS, solve
from .app import cli
from .common import (
    constraint_options,
    dump_json,
    echo,
    format_option,
    json_option,
    output_option,
    output_stream,
    parse_squares,
    piece_option,
    torus_option,
)


@cli.command("solve")
@click.argument("n", type=int)
@click.option("--method", "-m", type=click.Choice(METHODS), default="auto", show_default=True,
              help="How to find the solution.")
@format_option()
@json_option
@output_option
@piece_option
@torus_option
@constraint_options
def solve_cmd(n: int, method: str, fmt: str, as_json: bool, output: str | None, piece: str,
              torus: bool, fixed: str | None, blocked: str | None) -> int:
    """Print one solution for an N×N board.

    \b
    Examples:
      nqueens solve 8                      Q.......  (the first solution, row by row)
      nqueens solve 8 --format perm        1 5 8 6 3 7 2 4
      nqueens solve 8 --format matrix      0/1 matrix, 1 is a queen
      nqueens solve 8 --fixed d1,e8        complete a board holding two queens
      nqueens solve 8 -f svg -o board.svg  a picture
    """
    n = check_n(n, MAX_EXACT_N)
    fixed_sq = parse_squares(fixed, n, "--fixed")
    blocked_sq = parse_squares(blocked, n, "--blocked")
    try:
        sol = solve(n, method=method, piece=piece, torus=torus, fixed=fixed_sq, blocked=blocked_sq)
    except NoSolution:
        if as_json:
            dump_json({"n": n, "solution": None})
        elif fmt == "matrix":
            echo("Solution does not exist")
        raise
    with output_stream(output) as out:
        if as_json:
            data = formats.solution_json(sol)
            data["permutation"] = [c + 1 for c in sol]
            dump_json(data, out)
        else:
            echo(formats.write(sol, fmt), out)
    return 0


