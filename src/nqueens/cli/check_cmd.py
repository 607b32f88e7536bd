"""``nqueens check``: is a board valid?"""

from __future__ import annotations

from collections.abc import Callable
from typing import IO

import click

from puzzleshell import command

from ..base.board import Solution
from ..base.pieces import Piece, line_between
from ..base.placement import Placement
from ..base.squares import square_name
from ..output import formats
from ..output.formats.npy_map import is_npy_file, map_npy
from ..output.formats.perm_file import is_large_perm_file, read_perm_file
from ..tasks.viz.text import count_of
from .common import (
    dump_json,
    echo,
    json_option,
    output_option,
    output_stream,
    piece_option,
    read_board_bytes,
    say,
    torus_option,
    wants_json,
)


def _line_kind(a: tuple[int, int], b: tuple[int, int], n: int, torus: bool,
               piece: Piece) -> str:
    kind = line_between(piece, a, b, n, torus)
    return "a knight's move apart" if kind == "knight" else f"same {kind}"


@click.command("check")
@click.argument("file", default="-", metavar="[FILE|-]")
@click.option("--input-format", "-i",
              type=click.Choice(formats.READ_FORMATS + formats.BINARY_READ_FORMATS), default=None,
              help="The format of FILE (detected when not given).")
@click.option("--complete", is_flag=True,
              help="Require a queen in every row: a partial placement is invalid (exit 1).")
@json_option
@output_option
@piece_option
@torus_option
@command.quiet_option("No messages on stderr: the verdict on stdout and the exit code only.")
def check_cmd(file: str, input_format: str | None, complete: bool, as_json: bool,
              output: str | None, piece: str, torus: bool, quiet: bool) -> int:
    """FILE (or standard input, '-') holds one board in any readable format: a Q/. board,
    a 0/1 matrix, a list of row strings, a 1-based permutation, algebraic squares, JSON,
    or a numpy .npy file of 0-based columns. Permutations and npy files up to
    n = 1,000,000,000 (every board solve writes; a file is never held whole; from a
    pipe, permutations up to n = 100,000,000) are checked in O(n) (ten million queens: about a
    second); the other formats are read up to n = 1000. Larger inputs are refused unread
    (exit 2): perm above 12 GB (1.2 GB from a pipe), npy above 8 GB, other text above
    4 MB.
    A board with empty rows (a Q/. board, a matrix, a list or JSON with fewer than n
    queens) is a partial placement: valid when no two of its queens attack each other,
    and invalid with --complete, which asks for a queen in every row (the empty ranks
    are named). Two queens in one row attack each other: the board is invalid, and the
    pair is named.
    Exit code 0: valid; 1: some queens attack each other, or (--complete) a row is
    empty; 2: the file is not a board.
    An invalid board gets the number of conflicting pairs (every two queens on one line,
    as min-conflicts counts them) and the list of those that face each other directly
    (no queen between them), at most 1,000.

    \b
    Examples:
      nqueens solve 8 | nqueens check
      echo "2 4 1 3" | nqueens check -
      nqueens check board.txt --input-format matrix
      nqueens solve 10000000 -f npy -o q.npy && nqueens check q.npy
      nqueens solve 11 --torus | nqueens check --torus
      nqueens check board.txt --piece superqueen     queens that also move as knights
      printf 'Q...\\n....\\n.Q..\\n....\\n' | nqueens check    a partial placement
    """
    tell: Callable[[str], None] = _silent if quiet else say
    as_json = wants_json(as_json, output)
    board: Solution | Placement
    if file != "-" and input_format in (None, "npy") and is_npy_file(file):
        board = map_npy(file)  # mapped, not read: any board solve writes
    elif file != "-" and input_format in (None, "perm") and is_large_perm_file(file):
        board = read_perm_file(file)  # read and parsed 16 MiB of text at a time
    else:
        data, source = read_board_bytes(file, input_format, tell)
        board = formats.read_placement(data, input_format, source)
    p = Piece.parse(piece)
    with output_stream(output) as out:
        if isinstance(board, Placement):
            code = _check_placement(board, p, torus, complete, as_json, out, tell)
        else:
            code = _check_board(board, p, torus, as_json, out, tell)
    command.wrote(output, "the verdict" + (", json" if as_json else ""), quiet)
    return code


def _silent(text: str) -> None:
    """The messages of ``--quiet``: none."""


def _check_board(board: Solution, p: Piece, torus: bool, as_json: bool, out: IO[str],
                 tell: Callable[[str], None]) -> int:
    """Check a board with a queen in every row: the pairs that attack, at most 1,000."""
    limit = 1000
    pairs = [] if board.is_valid(p, torus) else board.attacking_pairs(p, torus, limit=limit)
    total = board.conflicts(p, torus) if pairs else 0
    n = board.n
    if as_json:
        dump_json({"n": n, "valid": not pairs, "complete": True, "queens": n,
                   "conflicting_pairs": total,
                   "attacking_pairs": [[list(a), list(b)] for a, b in pairs],
                   "empty_rows": []}, out)
    elif not pairs:
        where = " on the torus" if torus else ""
        echo(f"valid: {n:,} {p.value}{'s' if n != 1 else ''}{where}, no two attack each other",
             out)
    else:
        shown = "the first 1,000" if len(pairs) == limit else f"the {len(pairs):,}"
        echo(f"invalid: {total:,} conflicting pair{'s' if total != 1 else ''}; {shown} that "
             "face each other directly:", out)
        for a, b in pairs:
            echo(f"  {square_name(a, n)} {square_name(b, n)}  ({_line_kind(a, b, n, torus, p)})",
                 out)
    if pairs:
        tell(f"nqueens: {total:,} pair{'s' if total != 1 else ''} of {p.value}s attack "
            f"each other{' on the torus' if torus else ''}")
    return 1 if pairs else 0


def _check_placement(board: Placement, piece: Piece, torus: bool, complete: bool,
                     as_json: bool, out: IO[str], tell: Callable[[str], None]) -> int:
    """Check the queens of a board that is not one queen a row: the pairs that attack
    (two queens in one row do), and with ``complete`` the rows left empty."""
    n, k = board.n, len(board.queens)
    limit = 1000
    pairs = board.attacking_pairs(piece, torus, limit=limit)
    empty = board.empty_rows()
    valid = not pairs and not (complete and empty)
    where = " on the torus" if torus else ""
    if as_json:
        dump_json({"n": n, "valid": valid, "complete": not empty, "queens": k,
                   "conflicting_pairs": len(pairs),
                   "attacking_pairs": [[list(a), list(b)] for a, b in pairs],
                   "empty_rows": empty}, out)
        return 0 if valid else 1
    what = "partial placement" if k < n else "board"
    queens = f"{count_of(k, piece.value)} on {n}x{n}{where}"
    if pairs:
        echo(f"invalid {what}: {queens}; "
             f"{'the first 1,000' if len(pairs) == limit else count_of(len(pairs), 'pair')} "
             "attacking each other:", out)
        for a, b in pairs:
            echo(f"  {square_name(a, n)} {square_name(b, n)}  "
                 f"({_line_kind(a, b, n, torus, piece)})", out)
    else:
        echo(f"{'incomplete' if complete and empty else 'valid ' + what}: {queens}, no two "
             "attack each other", out)
    if complete and empty:
        echo(f"  no queen on {_ranks(empty, n)} (--complete asks for one in every row)", out)
    if pairs:
        tell(f"nqueens: {count_of(len(pairs), 'pair')} of {piece.value}s attack each other"
             + (" (two in one row among them)" if any(a[0] == b[0] for a, b in pairs) else ""))
    return 0 if valid else 1


def _ranks(rows: list[int], n: int) -> str:
    """Rows named as ranks (rank 1 at the bottom), at most ten of them.

    >>> _ranks([1], 4), _ranks([0, 2, 3], 4), _ranks(list(range(12)), 12)
    ('rank 3', 'ranks 4, 2 and 1', 'ranks 12, 11, 10, 9, 8, 7, 6, 5, 4, 3 and 2 more')
    """
    names = [str(n - r) for r in rows]
    if len(names) == 1:
        return f"rank {names[0]}"
    if len(names) > 10:
        return f"ranks {', '.join(names[:10])} and {len(names) - 10:,} more"
    return f"ranks {', '.join(names[:-1])} and {names[-1]}"
