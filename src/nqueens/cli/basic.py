"""The everyday commands: solve, all, count, check."""

from __future__ import annotations


import click

from .. import formats
from ..board import Solution
from ..count import count as count_solutions
from ..errors import BadInput, NoSolution
from ..pieces import Piece
from ..search import MAX_EXACT_N, Problem, check_n, iter_solutions
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
    read_input,
    say,
    torus_option,
)

#: ``all`` refuses to print more boards than this unless told to.
ALL_LIMIT = 10_000_000


def _problem(n: int, piece: str, torus: bool, fixed: str | None, blocked: str | None) -> Problem:
    n = check_n(n, MAX_EXACT_N)
    return Problem.make(n, piece, torus, parse_squares(fixed, n, "--fixed"),
                        parse_squares(blocked, n, "--blocked"))


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


def _estimated_boards(problem: Problem, unique: bool) -> tuple[int, bool]:
    """How many boards ``all`` would print: exact when cheap, else Knuth's estimate."""
    if problem.n <= 16:
        result = count_solutions(problem.n, piece=problem.piece, torus=problem.torus,
                                 fixed=problem.fixed, blocked=problem.blocked)
        value = result.fundamental if unique and result.fundamental is not None else result.total
        return value, True
    from ..kernels.estimate import estimate_solutions

    est = estimate_solutions(problem.n, problem.allowed_masks(), problem.piece.knight,
                             problem.torus, 20000, 12345)
    return int(est / 8 if unique else est), False


@cli.command("all")
@click.argument("n", type=int)
@click.option("--unique", "-u", is_flag=True,
              help="Only one board per symmetry class (the least of its 8 images).")
@click.option("--limit", "-l", type=click.IntRange(min=0), default=None,
              help="Stop after K boards.")
@click.option("--force", is_flag=True, help="Print even an enormous number of boards.")
@format_option()
@json_option
@output_option
@piece_option
@torus_option
@constraint_options
def all_cmd(n: int, unique: bool, limit: int | None, force: bool, fmt: str, as_json: bool,
            output: str | None, piece: str, torus: bool, fixed: str | None,
            blocked: str | None) -> int:
    """Print every solution, in lexicographic order, as they are found.

    \b
    Examples:
      nqueens all 4                       the 2 boards of 4 queens
      nqueens all 8 --unique              the 12 essentially different boards
      nqueens all 8 -f perm | head -3     one permutation per line
      nqueens all 6 --format list         [[".Q....", ...], ...]
      nqueens all 8 -u -f svg -o 12.svg   all 12 in one picture

    More than 10 million boards are refused unless --limit or --force is given.
    """
    problem = _problem(n, piece, torus, fixed, blocked)
    if as_json:
        fmt = "json"
    if limit is None and not force:
        boards, exact = _estimated_boards(problem, unique)
        if boards > ALL_LIMIT:
            about = f"{boards:,}" if exact else f"about {boards:.2g}"
            raise BadInput(
                f"all {problem.n} would print {about} boards; use --limit K or --force, "
                f"or 'nqueens count {problem.n}' to count them"
            )
    stream = iter_solutions(problem, unique)
    if limit is not None:
        stream = _take(stream, limit)
    with output_stream(output) as out:
        formats.write_many(stream, fmt, out)
    return 0


def _take(stream: object, limit: int):  # type: ignore[no-untyped-def]
    for i, s in enumerate(stream):  # type: ignore[attr-defined]
        if i >= limit:
            return
        yield s


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
    problem = _problem(n, piece, torus, fixed, blocked)
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


def _line_kind(a: tuple[int, int], b: tuple[int, int], n: int, torus: bool) -> str:
    (r1, c1), (r2, c2) = a, b
    if c1 == c2:
        return "same column"
    if r1 == r2:
        return "same row"
    dr, dc = r2 - r1, c2 - c1
    if abs(dr) == abs(dc) or (torus and ((dr - dc) % n == 0 or (dr + dc) % n == 0)):
        return "same diagonal"
    return "a knight's move apart"


@cli.command("check")
@click.argument("file", default="-", metavar="[FILE|-]")
@click.option("--input-format", "-i", type=click.Choice(formats.READ_FORMATS), default=None,
              help="The format of FILE (detected when not given).")
@json_option
@piece_option
@torus_option
def check_cmd(file: str, input_format: str | None, as_json: bool, piece: str,
              torus: bool) -> int:
    """Check that no two queens of a board attack each other.

    FILE (or standard input, '-') holds one board in any readable format: a Q/. board,
    a 0/1 matrix, a list of row strings, a 1-based permutation, algebraic squares or JSON.
    Exit code 0: valid; 1: some queens attack each other (the pairs are listed); 2: the
    file is not a board.

    \b
    Examples:
      nqueens solve 8 | nqueens check
      echo "2 4 1 3" | nqueens check -
      nqueens check board.txt --input-format matrix
    """
    text, source = read_input(file)
    board: Solution = formats.read(text, input_format, source)
    p = Piece.parse(piece)
    pairs = [] if board.is_valid(p, torus) else board.attacking_pairs(p, torus)
    n = board.n
    if as_json:
        dump_json({
            "n": n,
            "valid": not pairs,
            "attacking_pairs": [[list(a), list(b)] for a, b in pairs],
        })
    elif not pairs:
        echo(f"valid: {n} {p.value}{'s' if n != 1 else ''}, no two attack each other")
    else:
        echo(f"invalid: {len(pairs)} attacking pair{'s' if len(pairs) != 1 else ''}")
        for a, b in pairs:
            sa = f"{formats.file_name(a[1])}{n - a[0]}"
            sb = f"{formats.file_name(b[1])}{n - b[0]}"
            echo(f"  {sa} {sb}  ({_line_kind(a, b, n, torus)})")
    if pairs:
        say(f"nqueens: {len(pairs)} pair{'s' if len(pairs) != 1 else ''} of queens attack "
            f"each other")
    return 1 if pairs else 0


