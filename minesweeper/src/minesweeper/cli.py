"""The ``minesweeper`` command line.

Exit codes: 0 success (a consistent board), 1 an inconsistent board (or a gadget whose
computed table is not the intended one), 2 bad input.  Errors are one line on stderr;
``--debug`` shows the traceback instead.  Every command takes ``--json``.

>>> main(["eval", "a or b", "a=0", "b=1"])
true
0
"""

from __future__ import annotations

import os
import re
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click

from puzzleshell import command, signals
from puzzleshell.input import read_input
from puzzleshell.text import printable

from .base.errors import BadInput
from .base.words import json_text, plural, size
from .circuits.formula import Formula, evaluate, parse_formula, read_dimacs, variables

if TYPE_CHECKING:
    from .analysis.advice import Hint
    from .analysis.count import CountResult
    from .analysis.game import Level
    from .base.board import Board
    from .output.render import Overlay
    from .output.report import Report

# The boards, solvers and pictures (numpy, pysat, pyganak, Pillow) are imported by the
# commands that use them: 'minesweeper --help' and 'eval' load none of them.

PROG = "minesweeper"

F = TypeVar("F", bound=Callable[..., Any])
T = TypeVar("T")

#: The largest formula file read (an expression, or DIMACS CNF with comments); what is
#: read is then refused as soon as it passes the limits of
#: :mod:`minesweeper.circuits.formula` (100,000 names and symbols, or 100,000 clauses and
#: 400,000 literals), in one pass.
MAX_FORMULA_BYTES = 16 << 20


def _read_text(path: str, limit: int | None = None, what: str | None = None) -> str:
    """The text of file ``path`` ('-': standard input), refused beyond ``limit`` bytes
    (``what`` says what the limit is; by default, those of a board) before it is read
    whole."""
    if limit is None:
        from .base.board import MAX_BOARD_BYTES, MAX_SQUARES

        limit = MAX_BOARD_BYTES
        what = f"the {MAX_BOARD_BYTES // 10**6} MB a board of at most {MAX_SQUARES:,} squares takes"
    data = read_input(path, limit, what, BadInput)
    try:
        return data.decode("utf-8-sig")  # a byte-order mark is skipped
    except UnicodeDecodeError:
        raise BadInput(f"{path} is not a text file") from None


def _load_board(path: str, mines: int | None) -> tuple[Board, str]:
    from .base.board import parse_board

    text = _read_text(path)
    try:
        board = parse_board(text)
    except BadInput as exc:
        raise BadInput(f"{path}: {exc}") from None
    if mines is not None:
        if mines < 0:
            raise BadInput(f"--mines {mines}: the number of mines cannot be negative")
        if mines < board.flags():
            raise BadInput(f"--mines {mines} is less than the {plural(board.flags(), 'flag')}")
        board.total = mines
    return board, text


def _emit(data: Any) -> None:
    click.echo(json_text(data))


_EXTENSIONS = {".svg": "svg", ".png": "png", ".txt": "text", ".text": "text", ".mine": "mine",
               ".json": "json"}
#: What each format is, for the messages that refuse one.
_FORMATS = {"text": ".txt", "svg": ".svg", "png": ".png", "mine": ".mine", "json": ".json"}


def output_format(output: str | None, fmt: str | None,
                  allowed: tuple[str, ...] = ("text", "svg", "png"), not_mine: str = "") -> str:
    """The format of an output: ``--format`` when given, else the extension of ``-o FILE``
    (``.txt``, ``.svg``, ``.png``, ``.mine``, ``.json``), else text.  A ``--format`` that
    differs from what the extension says is refused, and so is an extension of no known
    format when ``--format`` does not settle it, and a format not in ``allowed``
    (``not_mine`` says why the .mine format is not).

    >>> output_format("x.png", None), output_format(None, "svg"), output_format("b", None)
    ('png', 'svg', 'text')
    >>> output_format("x.png", "svg")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    minesweeper.base.errors.BadInput: --format svg does not match the extension of x.png ...
    """
    kind = _format_of(output, fmt, allowed)
    if kind == "mine" and not_mine:
        raise BadInput(not_mine)
    if kind not in allowed:
        raise BadInput(f"this command does not write the {kind} format ({output or '-f'}): "
                       f"use {', '.join(_FORMATS[k] for k in allowed)}")
    return kind


def _format_of(output: str | None, fmt: str | None, allowed: tuple[str, ...]) -> str:
    """``fmt``, or the format the extension of ``output`` names, or text."""
    suffix = Path(output).suffix.lower() if output is not None else ""
    by_ext = _EXTENSIONS.get(suffix)
    if fmt is not None and by_ext is not None and fmt != by_ext:
        raise BadInput(f"--format {fmt} does not match the extension of {output} (a {suffix} "
                       f"file is {by_ext}): change one of them")
    if fmt is None and by_ext is None and suffix:
        raise BadInput(f"cannot tell the picture format of {output!r} from its extension "
                       f"{suffix!r}: use {', '.join(_FORMATS[k] for k in allowed)}, or give "
                       "--format")
    return fmt or by_ext or "text"


def _format_option(allowed: list[str]) -> Callable[[F], F]:
    return click.option(
        "--format", "-f", "fmt", type=click.Choice(allowed), default=None,
        help="Output format [default: from the extension of -o FILE ("
             + ", ".join(_FORMATS[k] for k in allowed) + "), else text]; one that "
             "contradicts the extension is refused, and nothing is written.")


STDOUT = "-"


def _check_stdout(output: str | None, as_json: bool) -> None:
    """``-o -`` writes to standard output, which ``--json`` needs for itself."""
    if output == STDOUT and as_json:
        raise BadInput("-o - and --json both write to standard output: give -o FILE, or "
                       "leave out one of them")


def deliver(path: str, data: str | bytes) -> None:
    """Write ``data`` to the file ``path`` whole (through a temporary file), or to standard
    output when ``path`` is ``-``; binary data is not written to a terminal."""
    if path != STDOUT:
        from .output.render import write_atomic

        write_atomic(path, data)
        return
    if isinstance(data, bytes):
        if sys.stdout.isatty():
            raise BadInput("will not write PNG data to a terminal: redirect standard output "
                           "(-o - > file.png), or give -o FILE.png")
        sys.stdout.flush()
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
    else:
        click.echo(data, nl=False)


@dataclass(frozen=True)
class Look:
    """How a picture is drawn: ``width`` (``--size``: the whole picture's width in
    pixels; None: the default) and ``labels`` (``--labels``: the columns and rows
    numbered)."""

    width: int | None = None
    labels: bool = True

    def check(self, kind: str) -> None:
        """Refuse ``--size`` for an output that is not a picture.

        >>> Look(800).check("text")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        minesweeper.base.errors.BadInput: --size is the width of a picture: give -o FILE.svg ...
        """
        if self.width is not None and kind not in ("svg", "png"):
            raise BadInput("--size is the width of a picture: give -o FILE.svg or FILE.png "
                           "(or -f svg, -f png)")


def _picture_options(f: F) -> F:
    """``--size PX`` (parameter ``size_px``) and ``--labels/--no-labels`` (``labels``),
    which make a :class:`Look`; they mean the same in nqueens: the picture's width in
    pixels, and the numbers (there: files and ranks) around the board."""
    f = click.option("--labels/--no-labels", default=True,
                     help="Number the columns (x) along the top and the rows (y) along the "
                          "left side of a picture, counted from 1 [default: labels].")(f)
    return click.option("--size", "size_px", type=int, default=None, metavar="PX",
                        help="The width of the whole picture in pixels, 16 to 20,000 "
                             "[default: 640 or more, squares of at least 32 px].")(f)


def _write_picture(path: str, board: Board, overlay: Overlay | Report, kind: str, look: Look,
                   text: str | None = None, no_total: str = "") -> str:
    """Write the board as ``kind``; ``text`` is the text form to write instead of the plain
    board (an answer), and ``no_total`` the advice when the .mine format lacks a total.
    ``overlay`` is the picture's marks, or the report whose marks they are (a picture
    too large is then refused before its marks are made).  What was written, for the
    message that says so, after what the caller says."""
    from .base.board import format_board
    from .output.render import Overlay, check_picture, picture
    from .output.report import Report

    if isinstance(overlay, Report):
        if kind in ("svg", "png"):
            check_picture(board, kind, overlay.marks(), look.width, look.labels)
            overlay = overlay.overlay
        else:
            overlay = Overlay()         # not drawn
    if kind in ("svg", "png"):
        data, lay = picture(board, overlay, kind, look.width, look.labels)
        deliver(path, data)
        return f", {lay.width:,} px wide"
    from .base import budget

    # the text of the board, a byte a square, and the arrays it is made from
    budget.require(budget.BASE + 20 * int(board.cells.size), "writing this board",
                   f"{board.width:,} x {board.height:,} squares")
    if kind == "mine":
        if board.total is None:
            raise BadInput(f"cannot write {path} in the .mine format: its header needs the "
                           f"total number of mines, and {no_total}")
        deliver(path, format_board(board, mine_format=True) + "\n")
        return ", in the .mine format"
    deliver(path, text if text is not None else format_board(board) + "\n")
    return ", as text"


def _show(board: Board, overlay: Overlay, kind: str, output: str | None, text: str,
          as_json: bool, look: Look) -> tuple[bool, str]:
    """Put a picture or a board where ``-o`` says: into ``output``, or an SVG on standard
    output (not with ``--json``); whether standard output is taken, and how the file
    was written (:func:`_write_picture`)."""
    if output is not None:
        how = _write_picture(output, board, overlay, kind, look, text=text,
                             no_total="a built board or a gadget has none (write .txt)")
        return output == STDOUT, how
    if kind == "png":
        raise BadInput("PNG output needs --output FILE")
    if kind == "svg" and not as_json:
        from .output.render import to_svg

        click.echo(to_svg(board, overlay, look.width, look.labels), nl=False)
        return True, ""
    return False, ""


def _out_of_memory(exc: BaseException) -> bool:
    """Whether ``exc`` says that memory ran out: a MemoryError, one that a helper
    process could not send back whole, or a solver's own (Ganak's C++
    ``std::bad_alloc``)."""
    return isinstance(exc, MemoryError) or (isinstance(exc, RuntimeError) and (
        str(exc).startswith("MemoryError") or "bad_alloc" in str(exc)))


def _compute(fn: Callable[..., T], *args: Any) -> T:
    """``fn(*args)`` in a helper process (:func:`puzzleshell.signals.in_child`); memory
    that runs out there ends in one line naming what the work was estimated to need
    (the estimate is the helper's: :func:`minesweeper.base.budget.out_of_memory`)."""
    def guarded(*inner: Any) -> T:
        try:
            return fn(*inner)
        except (MemoryError, RuntimeError) as exc:
            if not _out_of_memory(exc):
                raise
            from .base import budget

            raise budget.out_of_memory(exc) from None
    return signals.in_child(guarded, *args)


class _Group(command.CommandGroup):
    """The command group, which turns memory that runs out in spite of the estimates
    (:mod:`minesweeper.base.budget`) into one line and exit 2, naming what the work
    needed when it was estimated and what this machine allowed."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except (MemoryError, RuntimeError) as exc:
            if not _out_of_memory(exc):
                raise
            from .base import budget

            raise budget.out_of_memory(exc) from None


@click.group(cls=_Group)
@click.version_option(package_name="minesweeper", prog_name=PROG)
def cli() -> None:
    """Minesweeper analysis: check, count and explain positions, exact mine
    probabilities and advice, games played by the analyser; gadgets; circuits.

    \b
    Examples:
      echo "1?1/?0?/1?1" | minesweeper check -      inconsistent (exit 1), with the reason
      minesweeper check board.txt --count --safe     arrangements, and squares sure either way
      minesweeper check board.txt --probabilities    each covered square's chance of a mine
      minesweeper hint board.txt --mines 99          which square to open next
      minesweeper play --level expert --games 1000   the analyser's win rate
      minesweeper gadget nor --verify                the NOR gadget and its computed truth table
      minesweeper build "(a or b) and not c" -o c.txt
      minesweeper check c.txt --assignment           a satisfying assignment, read off the board

    Boards are text grids (0-8 and '.' revealed, '?' or 'H' unknown, 'F' or '*' a mine,
    rows on lines or split by '/') or JSMinesweeper's .mine files. Sizes are width x
    height and squares column, row (x, y), counted from 1, as the .mine header, the
    classic game and JSMinesweeper write them: Expert is 30x16, (1, 1) its top left
    square and (30, 1) its top right one. In --json a list of squares holds [x, y]
    pairs, and a square alone has "x" and "y". The format of -o FILE follows its
    extension; pictures take --size PX (their width) and --labels/--no-labels (the
    columns and rows numbered). -q leaves out the messages on standard error (never the
    errors). Exit codes: 0 consistent / success, 1 inconsistent, 2 bad input.
    """


@cli.command()
@click.argument("file")
@click.option("--method", type=click.Choice(["sat", "backtrack"]), default="sat",
              show_default=True, help="Solver for the consistency question.")
@click.option("--count", "do_count", is_flag=True,
              help="Count the consistent arrangements exactly.")
@click.option("--safe", "do_safe", is_flag=True,
              help="List squares safe (s) or mined (m) in every arrangement.")
@click.option("--probabilities", "do_probabilities", is_flag=True,
              help="The exact probability that each covered square holds a mine (percent on "
                   "the board, a fraction in --json, a heat map in pictures).")
@click.option("--mines", type=int, default=None, help="Total number of mines on the board.")
@click.option("--assignment", is_flag=True,
              help="For a board made by 'build': print the satisfying assignment read off "
                   "a witness (in place of the witness).")
@_format_option(["text", "json", "svg", "png"])
@command.output_option(help="Also write the answer to FILE: drawn (.svg, .png), as the "
                            "report printed here (.txt) or as JSON (.json); '-' for standard "
                            "output, in place of the report.")
@_picture_options
@command.quiet_option("No messages on standard error: neither the line that says the "
                      "file of -o was written nor the progress of --safe.")
@command.json_option("Machine-readable output.")
def check(file: str, method: str, do_count: bool, do_safe: bool, do_probabilities: bool,
          mines: int | None, assignment: bool, fmt: str | None, output: str | None,
          size_px: int | None, labels: bool, quiet: bool, as_json: bool) -> int:
    """Is there an arrangement of mines that fits every number of FILE ('-': stdin)?

    Squares are column, row (x, y), counted from 1: in --json a list of squares (the
    witness "mines", the "core", the "safe" and "mined" squares) holds [x, y] pairs,
    and each square of the probabilities has "x" and "y"; pictures number the columns
    along the top and the rows along the left side.

    \b
    Examples:
      minesweeper check board.txt               consistent: a witness; if not: a reason
      echo "1??/12?/01?" | minesweeper check - --count
      minesweeper check board.mine --safe --json
      minesweeper check board.txt --mines 10 -o answer.svg
      minesweeper check board.txt --safe -o answer.txt
      minesweeper check board.txt --mines 99 --probabilities -o heat.png --size 1200
    """
    from .analysis.decide import decide
    from .analysis.probability import probabilities
    from .analysis.sat import safe_squares
    from .output.report import assignment as assignment_of

    _check_stdout(output, as_json)
    kind = output_format(output, fmt, ("text", "json", "svg", "png"), not_mine=(
        f"cannot write the answer to {output}: a .mine file holds a board only, not a "
        "witness, safe squares or a reason (use .txt, .svg or .png)"))
    look = Look(size_px, labels)
    look.check(kind)
    board, text = _load_board(file, mines)
    _check_picture(board, kind, look)
    if do_probabilities and (as_json or kind == "json"):
        from .base import budget

        budget.check("json", budget.shape_of(board))
    started = time.perf_counter()
    report = _report(board, file, method)
    if do_count:
        report.add_count(*_compute(_counts, board, method))
    if do_safe:
        report.add_safe(_compute(safe_squares, board, _settling(quiet)))
    if do_probabilities:
        report.add_probabilities(_compute(probabilities, board))
    # the reason for an inconsistency, which plain check gives, whatever was asked
    if assignment or not (do_count or do_safe or do_probabilities) or not report.consistent:
        verdict = _compute(decide, board, method)
        report.add_verdict(verdict, witness=not assignment)
        if assignment and verdict.consistent:
            report.add_assignment(assignment_of(text, verdict.mines))
    report.data["seconds"] = round(time.perf_counter() - started, 4)
    return _answer(report, output, kind, as_json, look, quiet)


def _check_picture(board: Board, kind: str, look: Look) -> None:
    """Refuse a picture of ``board`` beyond the limits before any work (its marks,
    known later, are weighed again before it is drawn)."""
    if kind in ("svg", "png"):
        from .output.render import check_picture

        check_picture(board, kind, {}, look.width, look.labels)


def _settling(quiet: bool = False) -> Callable[[int, int], None] | None:
    """A progress line on standard error, when it is a terminal and not ``quiet``, for the
    classes that --safe settles on a board without a total (at most five a second)."""
    if quiet or not sys.stderr.isatty():
        return None
    shown = [0.0]

    def show(done: int, total: int) -> None:
        now = time.monotonic()
        if done == total or now - shown[0] > 0.2:
            shown[0] = now
            click.echo(f"\rsafe squares: {done:,} of {total:,} classes settled", err=True,
                       nl=done == total)
    return show


def _counts(board: Board, method: str) -> tuple[CountResult, CountResult | None]:
    """The count of ``board``; and, when it gives a total, the count without it."""
    from .base.board import Board as Plain
    from .output.report import count_by

    with_total = count_by(board, method)
    if board.total is None:
        return with_total, None
    if with_total.without_total is not None:        # found on the way: not counted again
        return with_total, replace(with_total, count=with_total.without_total,
                                   scope="frontier", without_total=None)
    return with_total, count_by(Plain(board.cells, None), method)


def _report(board: Board, file: str, method: str) -> Report:
    from .output.report import Report

    return Report(board, data={"file": file, "width": board.width, "height": board.height,
                               "method": method})


def _answer(report: Report, output: str | None, kind: str, as_json: bool, look: Look,
            quiet: bool) -> int:
    """Write the report where ``-o`` says and print it (or its JSON); the exit code."""
    answer = f"the answer for a {size(report.board.width, report.board.height)} board"
    if output is not None and kind == "json":
        deliver(output, json_text(report.json()) + "\n")
        command.wrote(output, f"{answer}, as JSON", quiet)
    elif output is not None:
        how = _write_picture(output, report.board, report, kind, look, text=report.text())
        command.wrote(output, (report.what() if kind in ("svg", "png") else answer) + how,
                      quiet)
    if as_json:
        _emit(report.json())
    elif output != STDOUT:
        click.echo(report.text(), nl=False)
    return 0 if report.consistent else 1


@cli.command()
@click.argument("name", required=False)
@click.option("--verify", is_flag=True,
              help="Enumerate every consistent arrangement and print the truth table.")
@_format_option(["text", "svg", "png"])
@command.output_option(help="Write the picture (.svg, .png: ports outlined and named) or the plain "
                   "board (.txt) to FILE; '-' for standard output, in place of the "
                   "description.")
@_picture_options
@command.quiet_option("No message on standard error when the file of -o is written.")
@command.json_option("Machine-readable output.")
def gadget(name: str | None, verify: bool, fmt: str | None, output: str | None,
           size_px: int | None, labels: bool, quiet: bool, as_json: bool) -> int:
    """Print gadget NAME (no NAME: list them); --verify computes its truth table.

    The square of each port is given as (x, y), column then row, counted from 1 (in
    --json: "x" and "y").

    \b
    Examples:
      minesweeper gadget                       the list of gadgets
      minesweeper gadget wire --verify         its output equals its input, computed
      minesweeper gadget crossover -o x.svg    a picture, with the ports named
      minesweeper gadget nor -o nor.png --size 800 --no-labels
      minesweeper gadget nor -o - | minesweeper check -   its board, checked
    """
    from .base.board import format_board
    from .circuits.circuit import get_gadget
    from .circuits.gadgets import truth_table

    _check_stdout(output, as_json)
    look = Look(size_px, labels)
    if name is None:
        look.check("text")
        return _list_gadgets(as_json)
    g = get_gadget(name.lower())
    kind = output_format(output, fmt, not_mine=(
        f"cannot write {output} in the .mine format: its header needs the total number of "
        "mines, and a gadget has none: its number of mines depends on the signals (write "
        ".txt)"))
    look.check(kind)
    data = g.to_json()
    table = truth_table(g) if verify else None
    if table is not None:
        data["truth_table"] = table.to_json()
    taken, how = _show(g.board, g.overlay(), kind, output, format_board(g.board) + "\n",
                       as_json, look)
    board = f"the {g.name} gadget, a {size(g.board.width, g.board.height)} board"
    command.wrote(output, board + (" with its ports named" if kind in ("svg", "png") else "")
                  + how, quiet)
    if as_json:
        _emit(data)
    elif not taken:
        click.echo("\n".join(g.lines() + (table.lines() if table is not None else [])))
    return 0 if table is None or table.matches in (True, None) else 1


def _list_gadgets(as_json: bool) -> int:
    from .circuits.circuit import gadget_names, get_gadget

    items = {n: get_gadget(n).summary for n in gadget_names()}
    if as_json:
        _emit(items)
    else:
        for n, s in items.items():
            click.echo(f"{n:12} {s}")
    return 0


@cli.command()
@click.argument("formula")
@click.option("--dimacs", is_flag=True, help="FORMULA is a DIMACS CNF file.")
@_format_option(["text", "svg", "png"])
@command.output_option(help="Write the board to FILE (.txt; .svg, .png: drawn, the inputs named); "
                   "'-': standard output.")
@_picture_options
@command.quiet_option("No message on standard error when the file of -o is written.")
@command.json_option("Machine-readable output.")
def build(formula: str, dimacs: bool, fmt: str | None, output: str | None,
          size_px: int | None, labels: bool, quiet: bool, as_json: bool) -> int:
    """Lay out FORMULA (an expression, or a file: DIMACS CNF or an expression) as a board
    whose output is forced true.

    FORMULA is read as a file when it contains a '.' or a '/' (no expression does:
    f.cnf, ./a, dir/f) or with --dimacs; otherwise it is an expression, even when a file
    of that name exists (write ./a to read the file a).  The format of -o FILE follows
    its extension (.txt, .svg, .png) unless -f says otherwise.  The text board starts
    with a line '# input NAME x=X y=Y' for each variable: its input square, column X
    and row Y counted from 1 ("x" and "y" in --json).

    \b
    Examples:
      minesweeper build "a nor b"                      a small circuit, printed
      minesweeper build "(a or b) and not c" -o c.txt   then: minesweeper check c.txt --assignment
      minesweeper build formula.cnf -o big.txt          a DIMACS CNF file
      minesweeper build ./clauses --dimacs -o big.svg   a file without extension, drawn
      minesweeper build "a nor b" -f png -o - > c.png   a picture to standard output
    """
    from .circuits.circuit import build as build_circuit

    _check_stdout(output, as_json)
    kind = output_format(output, fmt, not_mine=NO_MINE_FORMAT)
    look = Look(size_px, labels)
    look.check(kind)
    c = build_circuit(*_load_formula(formula, dimacs))
    taken, how = _show(c.board, c.overlay(), kind, output, c.text(), as_json, look)
    inputs = plural(len(c.inputs), "input")
    command.wrote(output, f"a {size(c.board.width, c.board.height)} board built from the "
                          f"formula, {inputs}" + (" named" if kind in ("svg", "png") else "")
                  + how, quiet)
    if as_json:
        data = c.to_json()
        if output is None and kind == "text":
            data["rows"] = c.text().splitlines()[len(c.inputs):]
        _emit(data)
    elif output is None and not taken:
        click.echo(c.text(), nl=False)
    return 0


NO_MINE_FORMAT = ("a built board cannot be written in the .mine format: its header needs the "
                  "total number of mines, which depends on the assignment (use the text "
                  "format)")


def _load_formula(arg: str, dimacs: bool) -> tuple[Formula, list[str] | None]:
    """The formula, and for a DIMACS file the names of all its declared variables.

    ``arg`` names a file when it contains a ``.`` or a ``/`` (characters no formula has:
    ``f.cnf``, ``./a``) or with ``--dimacs``; otherwise it is an expression, whether or
    not a file of that name exists."""
    if dimacs or "." in arg or "/" in arg:
        text = _read_text(arg, MAX_FORMULA_BYTES,
                          f"the {MAX_FORMULA_BYTES >> 20} MiB a formula file is read up to")
        try:
            if dimacs or re.search(r"^\s*p\s+cnf", text, re.MULTILINE):
                return read_dimacs(text)
            # one line, as on the command line (a text that is one already, as a long
            # formula written by a program usually is, is read as it is)
            if "  " in text or any(c in text for c in "\n\r\t\v\f\x1c\x1d\x1e\x1f\x85"):
                text = " ".join(text.split())
            return parse_formula(text.strip()), None
        except BadInput as exc:
            raise BadInput(f"{arg}: {exc}") from None
    return parse_formula(arg), None


_LOOK_AHEAD_HELP = ("When no square is certainly safe, weigh up to 10 of the safest "
                    "squares by the exact chance of surviving this move and the next, and "
                    "open the best. A guess computes the probabilities of up to 90 boards: "
                    "it takes about ten times the time of a plain hint (a game of expert "
                    "about three times), hence opt-in; the default is the square least "
                    "likely to hold a mine, as hint is defined.")

_ENDGAME_HELP = ("Once at most 1,000 arrangements are left (the board giving its total) "
                 "and no square is certainly safe, open the square that wins most often "
                 "with the best play after it, found by searching the rest of the game "
                 "exactly; before --look-ahead when both are given.")


@cli.command()
@click.argument("file")
@click.option("--mines", type=int, default=None, help="Total number of mines on the board.")
@_format_option(["text", "json", "svg", "png"])
@command.output_option(help="Also write the advice to FILE: drawn (.svg, .png: the "
                            "probabilities as a heat map, the square to open outlined), as "
                            "text (.txt) or as JSON (.json).")
@click.option("--look-ahead", "look_ahead", is_flag=True, help=_LOOK_AHEAD_HELP)
@click.option("--endgame", is_flag=True, help=_ENDGAME_HELP)
@_picture_options
@command.quiet_option("No message on standard error when the file of -o is written.")
@command.json_option("Machine-readable output.")
def hint(file: str, mines: int | None, fmt: str | None, output: str | None,
         look_ahead: bool, endgame: bool, size_px: int | None, labels: bool, quiet: bool,
         as_json: bool) -> int:
    """Which square of FILE to open next: every square safe in every arrangement, or else
    the one least likely to hold a mine, with its exact probability.

    Squares are written (x, y): column, then row, counted from 1 ("open (3, 1)" is the
    third square of the top row). In --json the square to open and the look-ahead's
    "safest" have "x" and "y"; the lists "safe" and "mines" hold [x, y] pairs.

    Ties between equally safe squares go to the square with the fewest covered
    neighbours (a corner or an edge first), then to the first in reading order. Exit 0
    with advice, 1 when no arrangement agrees with the numbers.

    With --look-ahead, a guess is the square most likely to survive this move and the
    next: among the squares in the order above that are safe in at least 4/5 of the best
    safety (at most 10; of the squares no number sees, nor any of their covered
    neighbours, one for each count of covered neighbours), the one with the highest
    sum, over each number it could show, of the chance that it is safe and shows that
    number times the best safety of the board that follows (1 when that board has a
    certainly safe square, as after a 0). Ties go to the order above. When the first
    click alone is open and shows a number, only the corners no number sees are weighed,
    when one is among those squares: a corner shows a 0 most often ("opening" in
    --json). When a board on the way is too entangled for the exact probabilities, the
    guess is the least likely square. The output says which rule made the guess ("rule"
    in --json, with what the look-ahead weighed).

    With --endgame, once the board gives its total and at most 1,000 arrangements are
    left, the rest of the game is searched exactly: the guess is the square that wins
    most often with the best play after it, and the advice says that chance ("endgame"
    in --json). The search gives up on the rare board whose play has too many
    positions; the other rules then make the guess.

    \b
    Examples:
      minesweeper hint board.txt --mines 99
      minesweeper hint board.mine --json
      minesweeper hint board.txt -o next.png
      minesweeper hint board.txt --mines 99 --look-ahead --endgame
    """
    from .analysis.advice import hint as advise

    _check_stdout(output, as_json)
    kind = output_format(output, fmt, ("text", "json", "svg", "png"))
    look = Look(size_px, labels)
    look.check(kind)
    board, _ = _load_board(file, mines)
    _check_picture(board, kind, look)
    advice = _compute(advise, board, None, look_ahead, endgame)
    text = "\n".join(advice.lines()) + "\n"
    named = f"a {size(board.width, board.height)} board"
    if output is not None and kind == "json":
        deliver(output, json_text(advice.to_json()) + "\n")
        command.wrote(output, f"the advice for {named}, as JSON", quiet)
    elif output is not None:
        how = _write_picture(output, board, _advice_overlay(board, advice), kind, look,
                             text=text)
        shown = (f"{named} with its mine probabilities and the square to open"
                 if advice.consistent else f"{named}, inconsistent")
        command.wrote(output, (shown if kind in ("svg", "png") else
                               f"the advice for {named}") + how, quiet)
    if as_json:
        _emit(advice.to_json())
    elif output != STDOUT:
        click.echo(text, nl=False)
    return 0 if advice.consistent else 1


def _advice_overlay(board: Board, advice: Hint) -> Report:
    """The picture of the advice: the heat map, the square to open outlined (a report
    whose marks are made when the picture is drawn)."""
    from .analysis.probability import probabilities
    from .output.report import Report

    report = Report(board)
    # the heat map needs every probability, which advice from safe squares did not make
    report.add_probabilities(advice.result or probabilities(board))
    if advice.best is not None:
        report._marks["marked"] = 1
        best = advice.best

        def mark() -> None:
            report._overlay.marked = {best}
        report._pending.append(mark)
        report._overlay.key.append(("marked", "the square to open"))
    return report


@cli.command()
@click.argument("file")
@_format_option(["text", "mine", "svg", "png"])
@command.output_option(help="Picture file (.svg, .png), or text (.txt: the board, with the witness "
                   "or the safe squares marked as check prints them; .mine: the board "
                   "alone); '-': standard output.", required=True)
@click.option("--witness", is_flag=True,
              help="Show a witness arrangement (a mine on each square that holds one).")
@click.option("--safe", "show_safe", is_flag=True,
              help="Show the squares safe in every arrangement (green, a check) and those "
                   "mined in every one (dark red, a mine).")
@click.option("--mines", type=int, default=None, help="Total number of mines on the board.")
@_picture_options
@command.quiet_option("No message on standard error when the file is written (the line "
                      "that says the board is inconsistent stays).")
@command.json_option("Machine-readable output.")
def render(file: str, fmt: str | None, output: str, witness: bool, show_safe: bool,
           mines: int | None, size_px: int | None, labels: bool, quiet: bool,
           as_json: bool) -> int:
    """Draw the board of FILE as SVG or PNG, with the witness or the safe squares.

    The picture numbers the columns (x) along the top and the rows (y) along the left
    side, counted from 1, as the reports name squares: (x, y), column then row.

    \b
    Examples:
      minesweeper render board.txt -o board.png --witness
      minesweeper render board.txt -o board.svg --safe --mines 10
      minesweeper render board.txt -o slide.png --size 1200 --no-labels
      minesweeper render board.txt -o - --witness     the witness as text, on stdout
    """
    from .analysis.decide import decide
    from .analysis.sat import safe_squares
    from .output.report import Report

    _check_stdout(output, as_json)
    kind = output_format(output, fmt, ("text", "mine", "svg", "png"))
    if kind == "mine" and (witness or show_safe):
        raise BadInput(f"cannot write {output} in the .mine format: it holds a board only, "
                       "not a witness or safe squares (use .txt, .svg or .png)")
    look = Look(size_px, labels)
    look.check(kind)
    board, _ = _load_board(file, mines)
    _check_picture(board, kind, look)
    report = Report(board)
    if witness:
        report.add_verdict(_compute(decide, board, "sat"))
    if show_safe:
        report.add_safe(_compute(safe_squares, board))
    how = _write_picture(output, board, report, kind, look,
                         text=report.text() if witness or show_safe else None,
                         no_total="the board gives none (write .txt, or give --mines)")
    command.wrote(output, report.what() + how, quiet)
    if as_json:
        _emit({"output": output, "consistent": report.consistent})
    if not report.consistent and not as_json:
        click.echo("minesweeper: the board is inconsistent: no arrangement to draw "
                   "(the numbers that cannot all hold are outlined)", err=True)
    return 0 if report.consistent else 1


@cli.command()
@click.option("--level", default="expert", show_default=True,
              help="beginner (9x9, 10 mines), intermediate (16x16, 40), expert (30x16, 99), "
                   "or WIDTHxHEIGHTxMINES.")
@click.option("--games", type=click.IntRange(min=1), default=100, show_default=True,
              help="How many games to play.")
@click.option("--seed", type=int, default=None,
              help="The seed of the mines (the same seed plays the same games)  [default: 0; "
                   "with --interactive, a new game each time]")
@click.option("--rules", type=click.Choice(["classic", "safe-opening"]), default="classic",
              show_default=True,
              help="classic: the first click is never a mine; safe-opening: neither it nor "
                   "its neighbours are, so it opens an area (as modern versions do).")
@click.option("--start", default="default", metavar="corner|default|X,Y",
              help="The first click: the corner (1, 1), or the square X,Y (column and row "
                   "from 1), such as 4,4  [default: the corner under classic rules; 4,4 "
                   "under safe-opening (the middle of a smaller board): from there "
                   "inwards the analyser wins about as often, and six points more than "
                   "from the corner]")
@click.option("--look-ahead", "look_ahead", is_flag=True, help=_LOOK_AHEAD_HELP)
@click.option("--endgame", is_flag=True, help=_ENDGAME_HELP)
@click.option("--workers", "-w", type=click.IntRange(min=1), default=None, metavar="K",
              help="Processes to play the games in (default: all cores, from 100 games; "
                   "fewer play in this process). The games and the wins are the same for "
                   "any K.")
@click.option("--interactive", is_flag=True,
              help="Play yourself in this terminal, the analyser a key away: arrows move, "
                   "space opens, f flags, c chords, h hints, p shows every square's "
                   "probability, n starts a new game, q quits (--games, --start, --workers, "
                   "--look-ahead and -o do not apply).")
@command.output_option(help="Write the result to FILE instead of standard output (.json, "
                            "or with --json: the JSON; else the line printed here).")
@command.quiet_option("No messages on standard error: neither the progress line (shown "
                      "on a terminal only) nor the line that says the file of -o was "
                      "written.")
@command.json_option("Machine-readable output.")
def play(level: str, games: int, seed: int | None, rules: str, start: str, look_ahead: bool,
         endgame: bool, workers: int | None, interactive: bool, output: str | None,
         quiet: bool, as_json: bool) -> int:
    """Play games with the analyser and print its win rate, with a 95% interval; or,
    with --interactive, play yourself with the analyser beside you.

    The first click is the --start square; the mines are placed once it is clicked,
    uniformly over the squares the --rules allow: classic, never on it; safe-opening,
    never on it nor on its neighbours. The analyser then opens every square safe in every
    arrangement, and guesses the square 'hint' names when none is (with --look-ahead, the
    square 'hint --look-ahead' names). The output names the rules, the first click and
    the rule of the guesses ("rules", "start" and "rule" in --json). One seed plays the
    same games with either rule of the guesses.

    \b
    Examples:
      minesweeper play --level beginner --games 1000
      minesweeper play --level 30x16x99 --games 100 --seed 7 --json
      minesweeper play --level expert --games 100 --look-ahead
      minesweeper play --level expert --games 100 --endgame
      minesweeper play --level expert --games 100000 --look-ahead --endgame -w 2
      minesweeper play --level expert --rules safe-opening --games 100
      minesweeper play --level expert --rules safe-opening --start 15,8 --games 100
      minesweeper play --level beginner --games 1000 -o rate.json
      minesweeper play --interactive --level intermediate
    """
    from .analysis.game import allowed_squares, parse_level, parse_start
    from .analysis.play import play as run

    if interactive:
        return _play_yourself(parse_level(level), rules, seed, output, as_json)
    seed = 0 if seed is None else seed
    kind = _data_format(output, as_json)
    _check_folder(output)
    chosen = parse_level(level)
    first = parse_start(start, chosen, rules)
    allowed_squares(chosen, rules, first)
    show = not quiet and sys.stderr.isatty()

    last = [-1]                 # the hundredth of the games last shown

    def progress(done: int, won: int) -> None:
        step = done * 100 // games
        if show and (done == games or step != last[0]):
            last[0] = step
            click.echo(f"\rplayed {done:,} of {games:,} games, won {won:,}", err=True,
                       nl=done == games)

    if workers is None:
        workers = (os.cpu_count() or 1) if games >= 100 else 1
    result = run(chosen, games, seed, progress, look_ahead, rules, first, endgame,
                 min(workers, max(games, 1)))
    _give(output, json_text(result.to_json()) if kind == "json" else result.line(),
          f"the analyser's win rate over {plural(games, 'game')} of {level}", kind, quiet)
    return 0


@cli.command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="The address to serve on; one other than this machine's own (127.0.0.1, "
                   "::1, localhost) needs --allow-remote.")
@click.option("--port", type=int, default=0, show_default=True,
              help="The port; 0 takes a free one (the address is printed).")
@click.option("--allow-remote", "allow_remote", is_flag=True,
              help="Let --host be an address other machines reach: anyone who can reach it "
                   "can play and have positions analysed here; there is no password.")
@click.option("--seed", type=int, default=None,
              help="Deal game k of the page from SEED + k (the same games each time); "
                   "default: new games each time.")
@command.output_option(help="Write the page's address to FILE (.json, or with --json: "
                            "{\"url\": ...}; else the address) as soon as it serves, "
                            "instead of printing it.")
@command.quiet_option("No message on standard error (the line saying where it serves, "
                      "and that the file of -o was written).")
@command.json_option("Print the address as JSON: {\"url\": ...}.")
def serve(host: str, port: int, allow_remote: bool, seed: int | None, output: str | None,
          quiet: bool, as_json: bool) -> int:
    """Serve a page to play in the browser, with the analyser beside you.

    The page is a board to play with the mouse (left click opens, right click flags, a
    click on a number opens its other neighbours when as many flags surround it), a hint
    and every square's probability a button (or key: H, P) away, a new game per level or
    custom size, and a position pasted or loaded from a file to analyse. The analyser
    answers every question here; the page computes nothing itself. It serves this machine
    alone (127.0.0.1) unless --host and --allow-remote say otherwise, on a free port
    unless --port is given; the address is printed on standard output. Ctrl-C stops it.

    \b
    Examples:
      minesweeper serve                      then open the address it prints
      minesweeper serve --port 8765
      minesweeper serve -q -o address.txt &  the address in a file, for a script
    """
    from .interactive.server import make_server

    kind = _data_format(output, as_json)
    _check_folder(output)
    server = make_server(host, port, seed, allow_remote)
    try:
        _give(output, json_text({"url": server.url}) if kind == "json" else server.url,
              "the page's address", kind, quiet)
        sys.stdout.flush()
        if not quiet:
            click.echo(f"minesweeper: serving the page at {server.url} (Ctrl-C stops it)",
                       err=True)
        server.serve_forever(poll_interval=0.2)
    finally:
        server.server_close()
    return 0


def _play_yourself(level: Level, rules: str, seed: int | None, output: str | None,
                   as_json: bool) -> int:
    """``play --interactive``: games in this terminal until q."""
    from .interactive.terminal import play_in_terminal

    if output is not None or as_json:
        raise BadInput("--interactive plays in the terminal: it writes no result (leave out "
                       "-o and --json)")
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise BadInput("--interactive needs a terminal: standard input and output must "
                       "both be one (for a page in the browser: minesweeper serve)")
    play_in_terminal(level, rules, seed)
    return 0


def _data_format(output: str | None, as_json: bool) -> str:
    """What a command whose data is text or JSON writes: JSON with --json or into a .json
    file, else text; --json into a .txt file is refused.

    >>> _data_format("rate.json", False), _data_format(None, True), _data_format("r", False)
    ('json', 'json', 'text')
    """
    kind = output_format(output if output != STDOUT else None, None, ("text", "json"))
    if as_json and kind == "text" and output not in (None, STDOUT) and Path(output).suffix:
        raise BadInput(f"--json writes JSON, and {output} names a text file: give -o "
                       "FILE.json, or leave out --json")
    return "json" if as_json else kind


def _check_folder(output: str | None) -> None:
    """Refuse at once an output file whose folder does not exist (before a long run)."""
    if output and output != STDOUT:
        folder = Path(output).parent
        if not folder.is_dir():
            raise BadInput(f"cannot write {output}: the folder {folder} does not exist")


def _give(output: str | None, text: str, what: str, kind: str, quiet: bool) -> None:
    """Print ``text`` (the data of the command), or write it to the file ``output``
    and say so."""
    if output is None:
        click.echo(text)
        return
    deliver(output, text + "\n")
    command.wrote(output, f"{what}, as {'JSON' if kind == 'json' else 'text'}", quiet)


@cli.command(name="eval")
@click.argument("formula")
@click.argument("values", nargs=-1)
@click.option("--dimacs", is_flag=True, help="FORMULA is a DIMACS CNF file.")
@command.output_option(help="Write the value to FILE instead of standard output (.json, "
                            "or with --json: the JSON; else true or false).")
@command.quiet_option("No message on standard error when the file of -o is written.")
@command.json_option("Machine-readable output.")
def eval_cmd(formula: str, values: tuple[str, ...], dimacs: bool, output: str | None,
             quiet: bool, as_json: bool) -> int:
    """Evaluate FORMULA under VALUES given as name=0/1 (a check of --assignment).

    FORMULA is an expression, or a file (DIMACS CNF or an expression) when it contains a
    '.' or a '/' or with --dimacs, as for build.  Every variable needs one value; a name
    the formula does not have (for DIMACS: x1 to xn, n from the header), or a name given
    twice, is refused.  Exit 0 when true, 1 when false.

    \b
    Examples:
      minesweeper eval "a nor b" a=0 b=0               true (exit 0)
      minesweeper eval "(a or b) and not c" a=1 b=0 c=1
                                                       false (exit 1)
      minesweeper eval f.cnf x1=1 x2=0 x3=1            a DIMACS file, variables x1, x2, ...
      minesweeper eval ./clauses --dimacs x1=0 x2=1    a DIMACS file without extension
    \b
    The values printed by check --assignment (its line 'assignment: a=1 b=0 c=0'):
      minesweeper build "(a or b) and not c" -o c.txt
      minesweeper eval "(a or b) and not c" $(minesweeper check c.txt --assignment \\
          | sed -n 's/^assignment: //p')
    """
    kind = _data_format(output, as_json)
    f, declared = _load_formula(formula, dimacs)
    known = set(declared) if declared is not None else variables(f)
    env: dict[str, bool] = {}
    for item in values:
        name, sep, val = item.partition("=")
        if not sep or val not in ("0", "1"):
            raise BadInput(f"values are written name=0 or name=1, not {item!r}")
        if name not in known:
            shown = sorted(known, key=_name_order)
            more = f" and {len(shown) - 20:,} more" if len(shown) > 20 else ""
            raise BadInput(f"{printable(repr(name), 60)} is not a variable of the formula "
                           f"(it has: {', '.join(shown[:20])}{more})")
        if name in env:
            raise BadInput(f"{name!r} is given a value twice")
        env[name] = val == "1"
    try:
        result = evaluate(f, env)
    except KeyError as exc:
        raise BadInput(f"no value given for {exc.args[0]}") from None
    _give(output, json_text({"value": result}) if kind == "json" else
          ("true" if result else "false"), "the value of the formula", kind, quiet)
    return 0 if result else 1


def _name_order(name: str) -> tuple[str, int]:
    """Sort x2 before x10."""
    m = re.fullmatch(r"(.*?)(\d+)", name)
    return (m.group(1), int(m.group(2))) if m else (name, -1)


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns (and, as a script, exits with) the exit code.

    >>> import contextlib, sys
    >>> with contextlib.redirect_stderr(sys.stdout):
    ...     main(["eval", "a or", "a=1"])
    minesweeper: error: line 1, column 5: the formula ends too early
    2
    """
    sys.set_int_max_str_digits(0)       # counts are written whole in JSON, however long
    return command.main(cli, argv, PROG)


if __name__ == "__main__":  # pragma: no cover
    main()
