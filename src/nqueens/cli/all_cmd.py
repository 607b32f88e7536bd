"""``nqueens all``: every solution as a stream."""

from __future__ import annotations

import math
import sys

import click

from puzzleshell import command

from ..algorithms.counter import count as count_solutions
from ..algorithms.search import Problem, iter_solution_batches
from ..base.errors import BadInput, NoSolution
from ..output import formats
from .common import (
    boards_text,
    constraint_options,
    format_option,
    json_option,
    output_format,
    output_option,
    output_stream,
    picture_options,
    picture_style,
    piece_option,
    problem_from_options,
    torus_option,
)

#: The formats ``all`` writes: those that hold many boards (every text format and the
#: two galleries).
GALLERY_OR_TEXT: tuple[str, ...] = tuple(f.name for f in formats.FORMATS.values() if f.many)

#: ``all`` refuses to print more boards than this unless told to.
ALL_LIMIT = 10_000_000


def _estimated_boards(problem: Problem, unique: bool) -> tuple[int, bool]:
    """How many boards ``all`` would print: exact when cheap, else Knuth's estimate."""
    if problem.n <= 16:
        result = count_solutions(problem.n, piece=problem.piece, torus=problem.torus,
                                 fixed=problem.fixed, blocked=problem.blocked)
        value = result.fundamental if unique and result.fundamental is not None else result.total
        return value, True
    from ..kernels.estimate import estimate_solutions

    est = estimate_solutions(problem.n, problem.allowed_masks(), problem.piece.knight,
                             problem.torus, 200_000, 12345)  # about 2 % off, 0.1 s
    return int(est / 8 if unique else est), False


@click.command("all")
@click.argument("n", type=int)
@click.option("--unique", "-u", is_flag=True,
              help="Only one board per symmetry class (the least of its 8 images).")
@click.option("--limit", "-l", type=click.IntRange(min=0), default=None,
              help="Stop after K boards.")
@click.option("--force", is_flag=True, help="Print even an enormous number of boards.")
@format_option(GALLERY_OR_TEXT)
@json_option
@output_option
@piece_option
@torus_option
@constraint_options
@picture_options
@command.quiet_option("No messages on stderr (the file written).")
def all_cmd(n: int, unique: bool, limit: int | None, force: bool, fmt: str | None,
            as_json: bool, output: str | None, piece: str, torus: bool, fixed: str | None,
            blocked: str | None, size: int | None, labels: bool | None, quiet: bool) -> int:
    """\b
    Examples:
      nqueens all 4                       the 2 boards of 4 queens
      nqueens all 8 --unique              the 12 essentially different boards
      nqueens all 8 -f perm | head -3     one permutation per line
      nqueens all 6 --format list         [[".Q....", ...], ...]
      nqueens all 8 -u -o 12.png          all 12 in one picture, each captioned
      nqueens all 8 --fixed d1 --blocked a8 -f perm   every completion of a board

    More than 10 million boards are refused unless --limit or --force is given. When
    there is no solution at all (n = 2 or 3, a board that cannot be completed, ...) the
    empty answer is printed ('[]' for --format list) and the exit code is 1.
    """
    problem = problem_from_options(n, piece, torus, fixed, blocked)
    fmt = "json" if as_json else output_format(fmt, output, "board", GALLERY_OR_TEXT)
    if as_json and output_format(None, output, "json", GALLERY_OR_TEXT) != "json":
        raise BadInput(f"--json writes a JSON document, not the {output} file's format")
    style = picture_style(size, labels, fmt)
    f = formats.FORMATS[fmt]
    f.check_n(n)
    if f.binary and output is None and sys.stdout.isatty():
        raise BadInput(f"{fmt} is a binary format: give --output FILE or redirect standard "
                       "output")
    if limit is None and not force:
        _check_size(problem, unique)
    with output_stream(output, binary=f.binary) as out:
        written = formats.write_blocks(iter_solution_batches(problem, unique), fmt, out, limit,
                                       style=style)
    command.wrote(output, boards_text(written, n, fmt), quiet)
    if not written and limit != 0:
        raise NoSolution(problem.no_solution_message())
    return 0


def _check_size(problem: Problem, unique: bool) -> None:
    """Refuse to print more than ALL_LIMIT boards (no count at all when the board has too
    few rows for that many: n! at most)."""
    if math.factorial(problem.n) <= ALL_LIMIT:
        return
    boards, exact = _estimated_boards(problem, unique)
    if boards > ALL_LIMIT:
        about = f"{boards:,}" if exact else f"about {boards:.2g}"
        raise BadInput(f"all {problem.n} would print {about} boards; use --limit K or --force, "
                       f"or 'nqueens count {problem.n}' to count them")
