"""Options, parsing and output helpers shared by the commands."""

from __future__ import annotations

import json
import os
import re
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import IO, TYPE_CHECKING, Any, TypeVar

import click

from puzzleshell import command
from puzzleshell.command import echo, output_stream, say
from puzzleshell.input import read_input
from puzzleshell.output import is_replaced
from puzzleshell.text import printable

from ..algorithms.problem import Problem
from ..base import squares
from ..base.errors import BadInput
from ..base.limits import MAX_EXACT_N, check_n
from ..base.pieces import Piece
from ..base.tables import TABLE_EXTENSIONS
from ..output.figures import DEFAULT_WIDTH, MAX_WIDTH, MIN_WIDTH

if TYPE_CHECKING:
    from ..output.pictures import Style

# The format registry (and numpy with it) is imported by the helpers that read or write
# boards, when they run: a command that writes a count or a table starts without it.

F = TypeVar("F", bound=Callable[..., Any])


def format_option(formats: tuple[str, ...] | None = None,
                  default: str = "board") -> Callable[[F], F]:
    """``--format`` with the list of formats in its help; not given, it is None, and
    :func:`output_format` picks it from ``--output``'s extension or ``default``.

    >>> @click.command()
    ... @format_option(("perm", "json"), default="perm")
    ... def show(fmt: str | None) -> None:
    ...     click.echo(f"format: {fmt}")
    >>> show.main([], standalone_mode=False)
    format: None
    >>> show.main(["-f", "json"], standalone_mode=False)
    format: json
    """
    if formats is None:
        from ..output.formats import WRITE_FORMATS

        formats = WRITE_FORMATS
    return click.option(
        "--format", "-f", "fmt", type=click.Choice(formats), default=None,
        help="How to print boards: " + ", ".join(formats) + f" [default: {default}, or what "
             "the --output file's extension names: .svg, .png, .json, .npy].",
    )


def output_format(fmt: str | None, output: str | None, default: str,
                  allowed: tuple[str, ...] | None = None,
                  extensions: Mapping[str, str] | None = None) -> str:
    """The format to write: ``--format`` when given, else the one ``--output``'s extension
    names (asked of the format registry, and of ``extensions`` for the command's own), else
    ``default``; a format that contradicts the extension is refused.

    >>> output_format(None, "board.png", "board"), output_format(None, "q.txt", "board")
    ('png', 'board')
    >>> output_format("svg", "c.png", "board")
    Traceback (most recent call last):
    ...
    nqueens.base.errors.BadInput: --format svg contradicts --output c.png (a .png file)
    >>> output_format(None, "t.md", "text", ("text", "markdown"), TABLE_EXTENSIONS)
    'markdown'

    An extension that names no format is refused unless ``--format`` says what to write
    (no extension, or ``.txt``, is text):

    >>> output_format(None, "x.jpg", "board")
    Traceback (most recent call last):
    ...
    nqueens.base.errors.BadInput: --output x.jpg: cannot tell the format from its extension ...
    """
    from ..output.formats import FORMATS, TEXT_EXTENSIONS, WRITE_FORMATS, format_for_extension

    allowed = WRITE_FORMATS if allowed is None else allowed
    ext = os.path.splitext(output)[1].lower() if output else ""
    implied = (extensions or {}).get(ext) or format_for_extension(ext)
    if fmt is None and implied is None and ext and ext not in TEXT_EXTENSIONS:
        known = [".txt", *[e for e, f in (extensions or {}).items() if f in allowed],
                 *[e for f in allowed if f in FORMATS for e in FORMATS[f].extensions]]
        raise BadInput(f"--output {output}: cannot tell the format from its extension {ext}: "
                       f"use {', '.join(dict.fromkeys(known))}, or give --format")
    if implied is not None and implied not in allowed:
        raise BadInput(f"--output {output}: this command does not write {implied} files")
    if fmt is not None and implied is not None and fmt != implied:
        raise BadInput(f"--format {fmt} contradicts --output {output} (a {ext} file)")
    return fmt or implied or default


def picture_options(f: F) -> F:
    """``--size PX`` and ``--labels/--no-labels``: how a picture (svg, png) is drawn, the
    same on every command that draws boards (parameters ``size`` and ``labels``; read
    them with :func:`picture_style`).

    >>> @click.command()
    ... @picture_options
    ... def show(size: int | None, labels: bool | None) -> None:
    ...     click.echo(f"{size} {labels}")
    >>> show.main(["--size", "800", "--no-labels"], standalone_mode=False)
    800 False
    """
    f = click.option(
        "--labels/--no-labels", default=None,
        help="Pictures: the files and ranks around a board, the caption under each board "
             "of a gallery [default: on].")(f)
    return click.option(
        "--size", type=click.IntRange(16, 20_000), default=None, metavar="PX",
        help="Pictures: the width in pixels [default: 640 for one board; a gallery's "
             "squares 40 px, within 1920 px, at least 16 px].")(f)


class PixelWidth(click.ParamType):
    """A picture's width in pixels: a whole number (the height follows from it); ``hint``
    is added to the message when the value is not one (say, where a size W×H goes).

    >>> PixelWidth().convert("1920", None, None)
    1920
    """

    name = "PX"

    def __init__(self, hint: str = "") -> None:
        self.hint = hint

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> int:
        """``value`` as a whole number of pixels, or a usage error that says what is asked."""
        if isinstance(value, int):
            return value
        try:
            return int(str(value).strip())
        except ValueError:
            self.fail(f"{value!r} is not a width in pixels: give a whole number such as "
                      f"1280 (the height follows){self.hint}", param, ctx)


def picture_width_option(f: F | None = None, *, hint: str = "") -> Any:
    """``--size PX``: the width of the picture in pixels (parameter ``width``), the same
    on every command that draws one; ``hint`` is added when the value is not a number.

    >>> @click.command()
    ... @picture_width_option
    ... def show(width: int) -> None:
    ...     click.echo(f"{width} px")
    >>> show.main(["--size", "1920"], standalone_mode=False)
    1920 px
    """
    option = click.option(
        "--size", "width", type=PixelWidth(hint), default=DEFAULT_WIDTH, show_default=True,
        metavar="PX",
        help=f"The picture's width in pixels ({MIN_WIDTH} to {MAX_WIDTH}); text and lines "
             "scale with it (1280 fits a 1280×720 slide).")
    return option(f) if f is not None else option


def picture_style(size: int | None, labels: bool | None, fmt: str) -> Style:
    """The :class:`~nqueens.output.pictures.Style` of ``--size`` and ``--labels``; either
    given for a format that is not a picture is refused.

    >>> picture_style(800, None, "png")
    Style(width=800, labels=True)
    >>> picture_style(800, None, "perm")
    Traceback (most recent call last):
    ...
    nqueens.base.errors.BadInput: --size draws pictures: give it with --format svg or png ...
    """
    if fmt not in ("svg", "png"):
        for given, name in ((size is not None, "--size"),
                            (labels is not None, "--labels" if labels else "--no-labels")):
            if given:
                raise BadInput(f"{name} draws pictures: give it with --format svg or png "
                               "(or an --output ending in .svg or .png)")
    from ..output.pictures import Style

    return Style(width=size, labels=True if labels is None else labels)


def boards_text(count: int, n: int, fmt: str) -> str:
    """What a file of ``count`` boards in format ``fmt`` holds, for the message that says
    it was written (:func:`puzzleshell.command.wrote`).

    >>> boards_text(1, 8, "png"), boards_text(92, 8, "svg"), boards_text(12, 8, "perm")
    ('a picture of 8 queens', 'a picture of 92 boards of 8 queens', '12 boards of 8 queens, perm')
    """
    queens = f"{n:,} queens"
    boards = f"a board of {queens}" if count == 1 else f"{count:,} boards of {queens}"
    if fmt in ("svg", "png"):
        return f"a picture of {queens}" if count == 1 else f"a picture of {boards}"
    return f"{boards}, {fmt}"


def wants_json(as_json: bool, output: str | None) -> bool:
    """Whether a command whose data is text or JSON writes JSON: ``--json``, or an
    ``--output`` ending in ``.json``; an extension that names neither, or ``.txt`` with
    ``--json``, is refused.

    >>> wants_json(False, "c.json"), wants_json(False, "c.txt"), wants_json(True, None)
    (True, False, True)
    >>> wants_json(False, "c.jpg")
    Traceback (most recent call last):
    ...
    nqueens.base.errors.BadInput: --output c.jpg: cannot tell the format from its ... .txt, .json
    >>> wants_json(True, "c.txt")
    Traceback (most recent call last):
    ...
    nqueens.base.errors.BadInput: --json contradicts --output c.txt (a .txt file)
    """
    if not output:
        return as_json
    from ..output.formats import TEXT_EXTENSIONS

    ext = os.path.splitext(output)[1].lower()
    if as_json and ext in TEXT_EXTENSIONS:
        raise BadInput(f"--json contradicts --output {output} (a {ext} file)")
    try:
        fmt = output_format("json" if as_json else None, output, "text", ("text", "json"))
    except BadInput as exc:
        raise BadInput(str(exc).replace(", or give --format", "")
                       .replace("--format json", "--json")) from None
    return fmt == "json"


def table_output_format(fmt: str | None, output: str | None, as_json: bool,
                        allowed: tuple[str, ...]) -> str:
    """The form of a table (``table``, ``linear --table``): ``json`` for --json, else
    --format, else what the --output file's extension names, else text; a clash refused.

    >>> table_output_format(None, "t.md", False, ("text", "markdown", "json"))
    'markdown'
    >>> table_output_format(None, "t.csv", True, ("text", "csv", "json"))
    Traceback (most recent call last):
    ...
    nqueens.base.errors.BadInput: --json contradicts --output t.csv (a .csv file)
    """
    if as_json and fmt not in (None, "json"):
        raise BadInput(f"--json writes a JSON document, not {fmt}")
    try:
        return output_format("json" if as_json else fmt, output, "text", allowed,
                             TABLE_EXTENSIONS)
    except BadInput as exc:
        if as_json:
            raise BadInput(str(exc).replace("--format json", "--json", 1)) from None
        raise


def piece_option(f: F) -> F:
    """``--piece queen|superqueen``.

    >>> @click.command()
    ... @piece_option
    ... def show(piece: str) -> None:
    ...     click.echo(piece)
    >>> show.main([], standalone_mode=False)
    queen
    >>> show.main(["--piece", "superqueen"], standalone_mode=False)
    superqueen
    """
    return click.option(
        "--piece", type=click.Choice([p.value for p in Piece]), default="queen", show_default=True,
        help="The piece: a queen, or a superqueen (queen + knight).",
    )(f)


def torus_option(f: F) -> F:
    """``--torus``: diagonals wrap around the board edges.

    >>> @click.command()
    ... @torus_option
    ... def show(torus: bool) -> None:
    ...     click.echo(f"torus: {torus}")
    >>> show.main(["--torus"], standalone_mode=False)
    torus: True
    """
    return click.option("--torus", is_flag=True,
                        help="Play on a torus: every line wraps around the edges (the "
                             "diagonals, and a superqueen's knight move).")(f)


def constraint_options(f: F) -> F:
    """``--fixed SQUARES`` and ``--blocked SQUARES`` (algebraic, comma separated).

    >>> @click.command()
    ... @constraint_options
    ... def show(fixed: str | None, blocked: str | None) -> None:
    ...     click.echo(f"fixed {fixed}, blocked {blocked}")
    >>> show.main(["--fixed", "a2,d3"], standalone_mode=False)
    fixed a2,d3, blocked None
    """
    f = click.option(
        "--blocked", metavar="SQUARES", default=None,
        help="Squares no queen may use, algebraic and comma separated, e.g. 'a1,c2'.",
    )(f)
    f = click.option(
        "--fixed", metavar="SQUARES", default=None,
        help="Queens placed in advance, algebraic and comma separated, e.g. 'a2,d3'.",
    )(f)
    return f


def parse_squares(text: str | None, n: int, what: str) -> list[tuple[int, int]]:
    """Parse the squares of option ``what`` (``'a1,c2'``) into 0-based (row, column)
    squares of an n×n board; an error names the option.

    >>> parse_squares("a1,d4", 4, "--fixed")
    [(3, 0), (0, 3)]
    """
    try:
        return squares.parse_squares(text, n)
    except BadInput as exc:
        raise BadInput(f"{what}: {exc}") from None


#: ``--json``: machine-readable output on stdout.
json_option = command.json_option()

#: ``--output FILE``: write to a file, whole or not at all.
output_option = command.output_option()

__all__ = ["echo", "output_stream", "say"]


def dump_json(data: Any, out: IO[str] | None = None) -> None:
    """Print one JSON document.

    >>> dump_json({"n": 4, "all": 2, "fundamental": 1})
    {"n": 4, "all": 2, "fundamental": 1}
    """
    echo(json.dumps(data), out)


def check_output_paths(paths: Sequence[tuple[str, str | None]],
                       inputs: Sequence[str] = ()) -> None:
    """Refuse, before any work, output paths (``(option, path)``, None for not given)
    that could not be written: a missing folder, a file in place of the folder, a folder
    named as the file, a folder that is not writable, the same file named twice or one
    of the ``inputs`` — so that a bad path fails first and nothing is written.

    >>> check_output_paths([("--plot", "/no/such/folder/t.png")])
    Traceback (most recent call last):
    ...
    nqueens.base.errors.BadInput: --plot /no/such/folder/t.png: cannot write it, ... not exist
    >>> check_output_paths([("--html", "p.html"), ("--output", "./p.html")])
    Traceback (most recent call last):
    ...
    nqueens.base.errors.BadInput: --output ./p.html: the same file as --html
    >>> check_output_paths([("--html", "")])
    Traceback (most recent call last):
    ...
    nqueens.base.errors.BadInput: --html needs a file name, not ''
    """
    seen: dict[str, str] = {os.path.realpath(p): "the input frame" for p in inputs}
    for what, path in paths:
        if path is None or path == "-":
            continue
        if not path:
            raise BadInput(f"{what} needs a file name, not ''")
        target = os.path.abspath(path)
        folder = os.path.dirname(target)
        if not os.path.isdir(folder):
            if os.path.exists(folder):
                raise BadInput(f"{what} {path}: cannot write it, {folder} is not a folder")
            raise BadInput(f"{what} {path}: cannot write it, folder {folder} does not exist")
        if os.path.isdir(target):
            raise BadInput(f"{what} {path}: cannot write it, it is a folder")
        real = os.path.realpath(target)
        if is_replaced(path):  # a new file appears in the folder of the file a link names
            folder = os.path.dirname(real)
            if not os.path.isdir(folder):
                raise BadInput(f"{what} {path}: cannot write it, folder {folder} does not "
                               "exist")
            if not os.access(folder, os.W_OK | os.X_OK):
                raise BadInput(f"{what} {path}: cannot write it, folder {folder} is not "
                               "writable")
        if real in seen:
            raise BadInput(f"{what} {path}: the same file as {seen[real]}")
        seen[real] = what


def read_board_bytes(path: str, fmt: str | None = None,
                     tell: Callable[[str], None] | None = None) -> tuple[bytes, str]:
    """The bytes of a board file, or of standard input for ``-``, within the size limit
    of its format (:func:`nqueens.output.formats.input_limit`); (data, name for messages). At a
    terminal, a line on stderr (``tell``, by default :func:`say`) says what is awaited,
    rather than a silent wait.

    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "board.txt")
    >>> with open(path, "w") as fh:
    ...     _ = fh.write("2 4 1 3\\n")
    >>> read_board_bytes(path)[0]
    b'2 4 1 3\\n'
    >>> read_board_bytes(os.path.join(os.path.dirname(path), "none.txt"))
    Traceback (most recent call last):
    ...
    nqueens.base.errors.BadInput: /...none.txt: no such file
    """
    if path == "-" and sys.stdin.isatty():
        (tell or say)("nqueens: reading a board from the terminal: type or paste it, then "
                      "press Ctrl-D")
    source = "<stdin>" if path == "-" else path
    data = read_input(path, lambda head: _limit_of(head, fmt, source), error=BadInput)
    return data, source


def _limit_of(head: bytes, fmt: str | None, source: str) -> tuple[int, str]:
    """The size limit of a board input whose first bytes are ``head``
    (:func:`~nqueens.output.formats.input_limit`); a format given (``-i perm``,
    ``-i npy``) that those bytes already break is refused from them, so that no more is
    read than shows what is wrong.

    >>> _limit_of(b"2 4 1 3", "perm", "b.txt")[0]
    1200000000
    >>> _limit_of(b"2 4\\n.Q..\\n", "perm", "b.txt")
    Traceback (most recent call last):
    ...
    nqueens.base.errors.BadInput: b.txt, line 2, column 1: '.Q..' is not a whole number
    >>> _limit_of(b".Q..", "npy", "b.txt")
    Traceback (most recent call last):
    ...
    nqueens.base.errors.BadInput: b.txt: not an npy file (it does not start with the npy magic)
    """
    from ..output.formats import input_limit
    from ..output.formats.limits import NPY_MAGIC, looks_like_perm
    from ..output.formats.readers import where

    body = head.removeprefix(b"\xef\xbb\xbf")
    if fmt == "perm" and body and not looks_like_perm(body):
        m = re.search(rb"[^\s,]*[^0-9+\s,][^\s,]*", body)  # the first word not a number
        if m is not None:
            line = body.count(b"\n", 0, m.start()) + 1
            col = m.start() - (body.rfind(b"\n", 0, m.start()) + 1) + 1
            word = m.group()[:200].decode("utf-8", "replace")
            raise BadInput(f"{where(source, line, col)}{printable(repr(word), 60)} is not a "
                           "whole number")
    if fmt == "npy" and not body.startswith(NPY_MAGIC):
        raise BadInput(f"{source}: not an npy file (it does not start with the npy magic)")
    return input_limit(head, fmt)


def problem_from_options(n: int, piece: str, torus: bool, fixed: str | None,
                         blocked: str | None) -> Problem:
    """Build the search problem from the shared command-line options.

    >>> p = problem_from_options(5, "queen", False, "a5", "b3,c3")
    >>> p.fixed, p.blocked
    (((0, 0),), ((2, 1), (2, 2)))
    >>> problem_from_options(4, "queen", False, "b2,a1", None)
    Traceback (most recent call last):
    ...
    nqueens.base.errors.BadInput: pre-placed queens on b2 and a1 attack each other
    """
    n = check_n(n, MAX_EXACT_N)
    return Problem.make(n, piece, torus, parse_squares(fixed, n, "--fixed"),
                        parse_squares(blocked, n, "--blocked"))

