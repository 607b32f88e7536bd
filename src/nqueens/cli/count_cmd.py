"""``nqueens count``: how many solutions."""

from __future__ import annotations

import click

from ..count import count as count_solutions
from ..errors import BadInput
from .app import cli
from .common import (
    constraint_options,
    dump_json,
    echo,
    json_option,
    piece_option,
    problem_from_options,
    torus_option,
)


@cli.command("count")
@click.argument("n", type=int)
@click.option("--unique", "-u", is_flag=True,
              help="Print the number of fundamental solutions (classes under the 8 symmetries).")
@json_option
@piece_option
@torus_option
@constraint_options
def count_cmd(n: int, unique: bool, as_json: bool, piece: str, torus: bool, fixed: str | None,
              blocked: str | None) -> int:
    """Count the solutions for an N×N board.

    \b
    Examples:
      nqueens count 8               92
      nqueens count 8 --unique      12
      nqueens count 12 --json       {"n": 12, "all": 14200, "fundamental": 1787, ...}
    """
    problem = problem_from_options(n, piece, torus, fixed, blocked)
    if unique and problem.constrained:
        raise BadInput("--unique needs the whole board: it cannot be combined with --fixed "
                       "or --blocked")
    result = count_solutions(problem.n, piece=problem.piece, torus=problem.torus,
                             fixed=problem.fixed, blocked=problem.blocked)
    if as_json:
        dump_json(result.as_dict())
    else:
        echo(str(result.fundamental if unique else result.total))
    return 0


