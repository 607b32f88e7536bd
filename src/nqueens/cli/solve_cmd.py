"""``nqueens solve``: one solution."""

from __future__ import annotations

import sys
import time
from collections.abc import Iterable
from contextlib import AbstractContextManager, nullcontext
from typing import Any

import click

from puzzleshell import command

from ..algorithms import linear
from ..algorithms.closed_form import construct_blocks
from ..base.board import Columns, Solution
from ..base.errors import BadInput, BudgetExhausted, NoSolution
from ..base.limits import check_n
from ..output import formats
from ..output.pictures import Style
from ..tasks.footprint import check_memory
from ..tasks.solver import METHODS, plan, solve_report
from .common import (
    boards_text,
    constraint_options,
    dump_json,
    echo,
    format_option,
    json_option,
    output_format,
    output_option,
    output_stream,
    parse_squares,
    picture_options,
    picture_style,
    piece_option,
    say,
    torus_option,
)


@click.command("solve")
@click.argument("n", type=int)
@click.option("--method", "-m", type=click.Choice(METHODS), default="auto", show_default=True,
              help="How to find the solution: auto picks backtrack (the lexicographically "
                   "first solution) for n <= 29 and construct (closed form, O(n)) above.")
@format_option()
@json_option
@output_option
@piece_option
@torus_option
@constraint_options
@click.option("--seed", type=int, default=0, show_default=True,
              help="min-conflicts: the random seed (each seed gives its own solution).")
@click.option("--max-steps", type=click.IntRange(min=0), default=None,
              help="min-conflicts: the most candidate swaps to try (default 1,000,000 + 100·N); "
                   "exit 1 when they run out.")
@picture_options
@command.quiet_option("No messages on stderr (progress, the work done, the file written).")
def solve_cmd(n: int, method: str, fmt: str | None, as_json: bool, output: str | None, piece: str,
              torus: bool, fixed: str | None, blocked: str | None, seed: int,
              max_steps: int | None, size: int | None, labels: bool | None, quiet: bool) -> int:
    """Boards above N = 1000 are written only as --format perm (streamed) or --format npy
    (a numpy file, to --output or a pipe).

    \b
    Examples:
      nqueens solve 8                      Q.......  (the first solution, row by row)
      nqueens solve 8 --format perm        1 5 8 6 3 7 2 4
      nqueens solve 8 --format matrix      0/1 matrix, 1 is a queen
      nqueens solve 8 --fixed d1,e8        complete a board holding two queens
      nqueens solve 8 -o board.png         a picture, 640 px, files and ranks named
      nqueens solve 12 -o b.svg --size 1080 --no-labels
      nqueens solve 1000000 -f perm > q.txt             closed form, a second or so
      nqueens solve 10000000 -m min-conflicts --seed 3 -f npy -o q.npy
      nqueens solve 8 -m intuitive         the source's intuitive repair (and its states)
    """
    n = check_n(n)
    fmt = output_format(fmt, output, "board")
    style = picture_style(size, labels, fmt)
    _check_output(n, fmt, as_json, torus, output)
    fixed_sq = parse_squares(fixed, n, "--fixed")
    blocked_sq = parse_squares(blocked, n, "--blocked")
    chosen = plan(n, method=method, piece=piece, torus=torus, fixed=fixed_sq, blocked=blocked_sq)
    used = chosen.method
    streamed = used == "construct" and fmt in STREAMED and not as_json
    check_memory(n, used, streamed=streamed, warn=say)
    show = not quiet and sys.stderr.isatty() and n > 100_000
    started = time.perf_counter()
    answer = {"n": n, "piece": piece, "torus": torus, "method": used, "reason": chosen.reason}
    if streamed:  # the board is written as it is made, never whole
        try:
            blocks = construct_blocks(n, torus=torus)
        except NoSolution as exc:
            _write_none(exc, answer, fmt, as_json, output)
            raise
        with _status(show, f"solving n = {n:,} by {used}"):
            _write_blocks(n, blocks, fmt, output)
        if show:
            say(f"nqueens: solved and wrote n = {n:,} by {used} in "
                f"{time.perf_counter() - started:.2f} s")
        command.wrote(output, boards_text(1, n, fmt), quiet)
        return 0
    try:
        with _status(show, f"solving n = {n:,} by {used}"):
            sol, _, work = solve_report(n, method=used, piece=piece, torus=torus,
                                        fixed=fixed_sq, blocked=blocked_sq, seed=seed,
                                        max_steps=max_steps)
    except NoSolution as exc:
        _write_none(exc, answer, fmt, as_json, output)
        raise
    if show:
        say(f"nqueens: solved n = {n:,} by {used} in {time.perf_counter() - started:.2f} s")
    if work and not quiet:
        say(f"nqueens: {used}: " + ", ".join(f"{v:,} {k[:-1] if v == 1 else k}"
                                             for k, v in work.items()))
    if as_json:
        answer.update(formats.solution_json(sol), permutation=[c + 1 for c in sol], work=work,
                      exhausted=False)
        with output_stream(output) as out:
            dump_json(answer, out)
        command.wrote(output, f"a solution of {n:,} queens, json", quiet)
        return 0
    _write_board(sol, fmt, output, style)
    command.wrote(output, boards_text(1, n, fmt), quiet)
    return 0


#: The formats a constructed board is written in as it is made (:func:`_write_blocks`).
STREAMED = ("perm", "npy")


def _check_output(n: int, fmt: str, as_json: bool, torus: bool, output: str | None) -> None:
    """Refuse, before any work, an output this board cannot be written in."""
    if as_json and formats.FORMATS[fmt].whole is not None:   # a picture or npy
        raise BadInput(f"--json writes a JSON document, not {fmt}")
    # (a torus with gcd(n, 6) > 1 has no solution at all: that answer is not refused)
    if n > formats.TEXT_MAX_N and not (torus and not linear.exists(n)):
        if as_json:
            raise BadInput(f"--json is refused for n = {n} (above {formats.TEXT_MAX_N}); leave "
                           f"it out and use --format perm (streamed text) or --format npy "
                           f"(binary)")
        formats.FORMATS[fmt].check_n(n)
    if formats.FORMATS[fmt].binary and not as_json and output is None and sys.stdout.isatty():
        raise BadInput(f"--format {fmt} is binary: give --output FILE or redirect standard output")


def _write_none(exc: NoSolution, answer: dict[str, Any], fmt: str, as_json: bool,
                output: str | None) -> None:
    """The answer "none" is data too: it goes where a board would have gone. An exhausted
    budget found nothing, though a solution may exist: JSON says so with its work, the
    matrix form does not claim "does not exist"."""
    exhausted = isinstance(exc, BudgetExhausted)
    if as_json:  # the same keys as a found board, with null for the board
        answer.update(queens=None, permutation=None,
                      work=exc.work if isinstance(exc, BudgetExhausted) else {},
                      exhausted=exhausted)
        with output_stream(output) as out:
            dump_json(answer, out)
    elif fmt == "matrix" and not exhausted:
        with output_stream(output) as out:
            echo("Solution does not exist", out)


def _write_board(sol: Solution, fmt: str, output: str | None, style: Style) -> None:
    """Write the board: perm streamed, binary formats as bytes, text with a newline."""
    f = formats.FORMATS[fmt]
    with output_stream(output, binary=f.binary) as out:
        if fmt == "perm":
            formats.write_perm_stream(sol, out)
        elif fmt == "npy":
            formats.write_npy(sol, out)
        elif f.binary:
            out.write(formats.write_bytes(sol, fmt, style))
        else:
            echo(formats.write(sol, fmt, style), out)


def _write_blocks(n: int, blocks: Iterable[Columns], fmt: str, output: str | None) -> None:
    """Write a board of ``n`` whose columns come in ``blocks`` in ``fmt``, one of
    :data:`STREAMED`, each block as it comes."""
    with output_stream(output, binary=fmt == "npy") as out:
        if fmt == "perm":
            formats.write_perm_blocks(blocks, out)
        else:
            formats.write_npy_blocks(n, blocks, out)


def _status(show: bool, text: str) -> AbstractContextManager[Any]:
    """A rich spinner on stderr while a long solve runs (nothing when ``show`` is false)."""
    if not show:
        return nullcontext()
    from rich.console import Console

    return Console(stderr=True).status(text)
