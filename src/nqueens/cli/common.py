"""Options, parsing and output helpers shared by the commands."""

from __future__ import annotations

import json
import os
import re
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import IO, Any, TypeVar

import click

from ..errors import BadInput
from ..formats import WRITE_FORMATS, file_index
from ..pieces import Piece
from ..search import MAX_EXACT_N, Problem, check_n

F = TypeVar("F", bound=Callable[..., Any])


def format_option(formats: tuple[str, ...] = WRITE_FORMATS,
                  default: str = "board") -> Callable[[F], F]:
    """``--format`` with the list of formats in its help."""
    return click.option(
        "--format", "-f", "fmt", type=click.Choice(formats), default=default, show_default=True,
        help="How to print boards: " + ", ".join(formats) + ".",
    )


def json_option(f: F) -> F:
    """``--json``: machine-readable output on stdout."""
    return click.option("--json", "as_json", is_flag=True,
                        help="Print machine-readable JSON on stdout.")(f)


def output_option(f: F) -> F:
    """``--output FILE``: write to a file, whole or not at all."""
    return click.option(
        "--output", "-o", type=click.Path(dir_okay=False, writable=True), default=None,
        help="Write to FILE instead of standard output (written whole or not at all).",
    )(f)


def piece_option(f: F) -> F:
    """``--piece queen|superqueen``."""
    return click.option(
        "--piece", type=click.Choice([p.value for p in Piece]), default="queen", show_default=True,
        help="The piece: a queen, or a superqueen (queen + knight).",
    )(f)


def torus_option(f: F) -> F:
    """``--torus``: diagonals wrap around the board edges."""
    return click.option("--torus", is_flag=True,
                        help="Play on a torus: every line wraps around the edges (the "
                             "diagonals, and a superqueen's knight move).")(f)


def constraint_options(f: F) -> F:
    """``--fixed SQUARES`` and ``--blocked SQUARES`` (algebraic, comma separated)."""
    f = click.option(
        "--blocked", metavar="SQUARES", default=None,
        help="Squares no queen may use, algebraic and comma separated, e.g. 'a1,c2'.",
    )(f)
    f = click.option(
        "--fixed", metavar="SQUARES", default=None,
        help="Queens placed in advance, algebraic and comma separated, e.g. 'a2,d3'.",
    )(f)
    return f


_SQUARE = re.compile(r"^([a-z]+)(\d+)$")


def parse_squares(text: str | None, n: int, what: str) -> list[tuple[int, int]]:
    """Parse ``'a1,c2'`` into 0-based (row, column) squares of an n×n board.

    >>> parse_squares("a1,d4", 4, "--fixed")
    [(3, 0), (0, 3)]
    """
    if not text:
        return []
    squares = []
    for token in re.split(r"[\s,]+", text.strip()):
        if not token:
            continue
        m = _SQUARE.match(token.lower())
        if not m:
            raise BadInput(f"{what}: {token!r} is not a square like 'a1'")
        col, rank = file_index(m.group(1)), int(m.group(2))
        if col >= n or not 1 <= rank <= n:
            raise BadInput(f"{what}: square {token} is off the {n}x{n} board")
        squares.append((n - rank, col))
    return squares


class ReaderGone(Exception):
    """The program reading our standard output went away (``nqueens all 12 | head``)."""


def echo(text: str = "", out: IO[str] | None = None, nl: bool = True) -> None:
    """Write data to stdout (or ``out``)."""
    stream = out if out is not None else sys.stdout
    try:
        stream.write(text + ("\n" if nl else ""))
    except BrokenPipeError:
        raise ReaderGone() from None


def say(text: str) -> None:
    """Write a message for people to stderr."""
    click.echo(text, err=True)


def dump_json(data: Any, out: IO[str] | None = None) -> None:
    """Print one JSON document."""
    echo(json.dumps(data), out)


@contextmanager
def output_stream(path: str | None, binary: bool = False) -> Iterator[IO[Any]]:
    """Yield stdout, or a temporary file renamed to ``path`` only when all went well."""
    if path is None:
        try:
            yield sys.stdout.buffer if binary else sys.stdout
            sys.stdout.flush()
        except BrokenPipeError:
            raise ReaderGone() from None
        return
    target = os.path.abspath(path)
    directory = os.path.dirname(target)
    if not os.path.isdir(directory):
        raise BadInput(f"cannot write {path}: folder {directory} does not exist")
    fd, tmp = tempfile.mkstemp(prefix=".nqueens-", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, "wb" if binary else "w", encoding=None if binary else "utf-8") as fh:
            yield fh
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


def read_input(path: str) -> tuple[str, str]:
    """Read a whole text file, or stdin for ``-``; return (text, name for messages)."""
    if path == "-":
        return sys.stdin.read(), "<stdin>"
    try:
        with open(path, encoding="utf-8") as fh:
            return fh.read(), path
    except FileNotFoundError:
        raise BadInput(f"{path}: no such file") from None
    except IsADirectoryError:
        raise BadInput(f"{path}: is a folder, not a file") from None
    except UnicodeDecodeError:
        raise BadInput(f"{path}: not a text file") from None


def problem_from_options(n: int, piece: str, torus: bool, fixed: str | None,
                         blocked: str | None) -> Problem:
    """Build the search problem from the shared command-line options."""
    n = check_n(n, MAX_EXACT_N)
    return Problem.make(n, piece, torus, parse_squares(fixed, n, "--fixed"),
                        parse_squares(blocked, n, "--blocked"))
