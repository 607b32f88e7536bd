"""The ``minesweeper`` command line.

Exit codes: 0 success (a consistent board), 1 an inconsistent board (or a gadget whose
computed table is not the intended one), 2 bad input.  Errors are one line on stderr;
``--debug`` shows the traceback instead.  Every command takes ``--json``.

>>> main(["eval", "a or b", "a=0", "b=1"])
true
0
"""

from __future__ import annotations

import json
import re
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from . import signals
from .errors import BadInput, MinesweeperError
from .files import printable, read_bytes, remove_pending
from .formula import Formula, evaluate, parse_formula, read_dimacs, variables
from .words import plural

if TYPE_CHECKING:
    from .board import Board, Cell
    from .gadgets import Gadget
    from .render import Overlay

# The boards, solvers and pictures (numpy, pysat, pyganak, Pillow) are imported by the
# commands that use them: 'minesweeper --help' and 'eval' load none of them.

PROG = "minesweeper"
_INPUT_LINE = re.compile(r"^#\s*input\s+(\S+)\s+(\d{1,9})\s+(\d{1,9})\s*$", re.MULTILINE)
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")

#: The largest formula file read (an expression, or DIMACS CNF: a million clauses of
#: three literals take about 16 MB); its board would be far larger than any board read.
MAX_FORMULA_BYTES = 16 << 20


def _read_text(path: str, limit: int | None = None, what: str | None = None) -> str:
    """The text of file ``path`` ('-': standard input), refused beyond ``limit`` bytes
    (``what`` says what the limit is; by default, those of a board) before it is read
    whole."""
    if limit is None:
        from .board import MAX_BOARD_BYTES, MAX_SQUARES

        limit = MAX_BOARD_BYTES
        what = f"the {MAX_BOARD_BYTES // 10**6} MB a board of at most {MAX_SQUARES:,} squares takes"
    try:
        data = read_bytes(path, limit, what)
        return data.decode("utf-8-sig")  # a byte-order mark is skipped
    except FileNotFoundError:
        raise BadInput(f"no such file: {path}") from None
    except IsADirectoryError:
        raise BadInput(f"{path} is a folder, not a file") from None
    except UnicodeDecodeError:
        raise BadInput(f"{path} is not a text file") from None
    except OSError as exc:
        raise BadInput(f"cannot read {path}: {exc.strerror}") from None


def _load_board(path: str, mines: int | None) -> tuple[Board, str]:
    from .board import parse_board

    text = _read_text(path)
    try:
        board = parse_board(text)
    except BadInput as exc:
        raise BadInput(f"{path}: {exc}") from None
    if mines is not None:
        if mines < board.flags():
            raise BadInput(f"--mines {mines} is less than the {plural(board.flags(), 'flag')}")
        board.total = mines
    return board, text


def _emit(data: Any) -> None:
    click.echo(json.dumps(data, indent=2))


_EXTENSIONS = {".svg": "svg", ".png": "png", ".txt": "text", ".text": "text", ".mine": "mine"}


def output_format(output: str | None, fmt: str | None, option: bool = True) -> str:
    """The format of an output: ``--format`` when given, else the extension of ``-o FILE``
    (``.svg``, ``.png``, ``.txt``, ``.mine``), else text.  A ``--format`` that differs from
    what the extension says is refused, and so is an extension of no known format when
    ``--format`` does not settle it (``option``: whether the command has ``--format``).

    >>> output_format("x.png", None), output_format(None, "svg"), output_format("b", None)
    ('png', 'svg', 'text')
    >>> output_format("x.png", "svg")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    minesweeper.errors.BadInput: --format svg does not match the extension of x.png ...
    """
    if output is None:
        return fmt or "text"
    suffix = Path(output).suffix.lower()
    by_ext = _EXTENSIONS.get(suffix)
    if fmt is not None and by_ext is not None and fmt != by_ext:
        raise BadInput(f"--format {fmt} does not match the extension of {output} (a {suffix} "
                       f"file is {by_ext}): change one of them")
    if fmt is not None:
        return fmt
    if by_ext is not None:
        return by_ext
    if suffix:
        hint = ", or give --format" if option else ""
        raise BadInput(f"cannot tell the picture format of {output!r} from its extension "
                       f"{suffix!r}: use .svg, .png or .txt{hint}")
    return "text"


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
        from .render import write_atomic

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


def _write_picture(path: str, board: Board, overlay: Overlay, kind: str,
                   text: str | None = None, no_total: str = "") -> None:
    """Write the board as ``kind``; ``text`` is the text form to write instead of the plain
    board (an answer), and ``no_total`` the advice when the .mine format lacks a total."""
    from .board import format_board
    from .render import to_png_bytes, to_svg

    if kind == "svg":
        deliver(path, to_svg(board, overlay))
    elif kind == "png":
        deliver(path, to_png_bytes(board, overlay))
    elif kind == "mine":
        if board.total is None:
            raise BadInput(f"cannot write {path} in the .mine format: its header needs the "
                           f"total number of mines, and {no_total}")
        deliver(path, format_board(board, mine_format=True) + "\n")
    else:
        deliver(path, text if text is not None else format_board(board) + "\n")


def _cells(cells: set[Cell] | list[Cell]) -> list[list[int]]:
    """1-based ``[row, column]`` pairs for output."""
    return [[r + 1, c + 1] for r, c in sorted(cells)]


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--debug", is_flag=True, help="Show tracebacks instead of one-line errors.")
@click.version_option(package_name="minesweeper", prog_name=PROG)
def cli(debug: bool) -> None:
    """Minesweeper consistency: check, count and explain positions; gadgets; circuits.

    \b
    Examples:
      echo "1?1/?0?/1?1" | minesweeper check -      inconsistent (exit 1), with the reason
      minesweeper check board.txt --count --safe     arrangements, and squares sure either way
      minesweeper gadget nor --verify                the NOR gadget and its computed truth table
      minesweeper build "(a or b) and not c" -o c.txt
      minesweeper check c.txt --assignment           a satisfying assignment, read off the board

    Boards are text grids (0-8 and '.' revealed, '?' or 'H' unknown, 'F' or '*' a mine,
    rows on lines or split by '/') or JSMinesweeper's .mine files. Exit codes: 0
    consistent / success, 1 inconsistent, 2 bad input.
    """


@cli.command()
@click.argument("file")
@click.option("--method", type=click.Choice(["sat", "backtrack"]), default="sat",
              show_default=True, help="Solver for the consistency question.")
@click.option("--count", "do_count", is_flag=True,
              help="Count the consistent arrangements exactly.")
@click.option("--safe", "do_safe", is_flag=True,
              help="List squares safe (or mined) in every arrangement.")
@click.option("--mines", type=int, default=None, help="Total number of mines on the board.")
@click.option("--assignment", is_flag=True,
              help="For a board made by 'build': print the satisfying assignment read off "
                   "the witness.")
@click.option("--output", "-o", default=None,
              help="Also draw the answer to FILE (.svg or .png), or write it as text (.txt: "
                   "the report printed here); '-' for standard output, in place of the "
                   "report.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def check(file: str, method: str, do_count: bool, do_safe: bool, mines: int | None,
          assignment: bool, output: str | None, as_json: bool) -> int:
    """Is there an arrangement of mines that fits every number of FILE ('-': stdin)?

    \b
    Examples:
      minesweeper check board.txt               consistent: a witness; if not: a reason
      echo "1??/12?/01?" | minesweeper check - --count
      minesweeper check board.mine --safe --json
      minesweeper check board.txt --mines 10 -o answer.svg
      minesweeper check board.txt --safe -o answer.txt
    """
    from .backtrack import Refutation, find_or_refute
    from .backtrack import count as backtrack_count
    from .board import format_board, problem_of
    from .count import count_arrangements
    from .render import Overlay
    from .sat import CORE_LIMIT, safe_squares
    from .sat import check as sat_check

    _check_stdout(output, as_json)
    out_kind = output_format(output, None, False) if output else None
    if out_kind == "mine":
        raise BadInput(f"cannot write the answer to {output}: a .mine file holds a board "
                       "only, not a witness, safe squares or a reason (use .txt, .svg or "
                       ".png)")
    board, text = _load_board(file, mines)
    started = time.perf_counter()
    result: dict[str, Any] = {"file": file, "height": board.height, "width": board.width,
                              "method": method}
    overlay = Overlay()
    lines: list[str] = []
    consistent: bool
    if do_count:
        if method == "backtrack":
            n = backtrack_count(board)
            scope = "all" if board.total is not None else "frontier"
            result["count"] = {"count": n if n < 2**53 else str(n), "scope": scope}
        else:
            cr = signals.in_child(count_arrangements, board)
            n, scope = cr.count, cr.scope
            result["count"] = cr.to_json()
        what = ("of all unknown squares" if scope == "all" else
                "of the squares next to a number (unconstrained squares not counted)")
        lines.append(f"{plural(n, 'arrangement')} {what}")
        consistent = n > 0
    if do_safe:
        sr = signals.in_child(safe_squares, board)
        result["safe"] = {"consistent": sr.consistent, "safe": _cells(sr.safe),
                          "mined": _cells(sr.mined), "undetermined": len(sr.free)}
        overlay.safe, overlay.mined = sr.safe, sr.mined
        consistent = sr.consistent
        if sr.consistent:
            lines.append(f"safe in every arrangement: {len(sr.safe)}; mined in every "
                         f"arrangement: {len(sr.mined)}; undetermined: {len(sr.free)}")
            lines.append(_marked(board, sr.safe, sr.mined))
    if not do_count and not do_safe or assignment:
        if method == "backtrack":
            found = find_or_refute(problem_of(board))
            consistent = not isinstance(found, Refutation)
            witness: set[Cell] = set() if isinstance(found, Refutation) else found
            core: list[Cell] = found.cells if isinstance(found, Refutation) else []
            core_total = isinstance(found, Refutation) and found.total
            if not consistent:
                result["core"] = _cells(core)
                result["core_includes_total"] = core_total
                result["core_minimal"] = False
                result["explained"] = True
        else:
            cres = signals.in_child(sat_check, board)
            consistent, witness = cres.consistent, cres.mines
            core, core_total = cres.core, cres.core_total
            if not consistent:
                result["core"] = _cells(core)
                result["core_includes_total"] = core_total
                result["core_minimal"] = cres.core_minimal
                result["explained"] = cres.explained
            if cres.stats:
                result["collapse"] = cres.stats
        if consistent:
            result["mines"] = _cells(witness)
            overlay.mines = witness
            lines.append("a witness arrangement (* mine, - no mine):")
            lines.append(format_board(board, mines=witness))
            if assignment:
                values = _assignment(text, witness)
                result["assignment"] = values
                lines.append("assignment: " + " ".join(
                    f"{k}={'1' if v else '0'}" for k, v in values.items()))
        elif method == "backtrack":
            overlay.marked = set(core)
            if core_total:
                lines.append("each group of numbers can hold on its own, but no combination "
                             "of them meets the total number of mines")
            elif len(core) == 1:
                lines.append("this number cannot hold: it needs more mines than it has "
                             "unknown squares around it, or fewer than its flags:")
            else:
                lines.append(f"these {len(core)} numbers, one group joined by the squares "
                             f"they share, cannot all hold (not reduced to a minimal set: "
                             f"--method sat does that):")
            if core:
                lines.append(format_board(board, mark=set(core)))
        elif method == "sat" and not cres.explained:
            if cres.stats["numbers"] > CORE_LIMIT:
                lines.append(f"(no reason searched for: the board has {cres.stats['numbers']} "
                             f"numbers, above the limit of {CORE_LIMIT})")
            else:
                lines.append("(no reason searched for: the board is too large for it, "
                             f"{cres.stats['unknown']:,} unknown squares and "
                             f"{cres.stats['numbers']:,} numbers)")
        elif method == "sat":
            overlay.marked = set(core)
            if not core:
                lines.append("the total number of mines cannot hold: there are not that "
                             "many (or that few) squares to put them on:")
            elif len(core) == 1:
                extra = " together with the total number of mines" if core_total else ""
                lines.append(f"this number cannot hold{extra}:")
            else:
                extra = " together with the total number of mines" if core_total else ""
                lines.append(f"these {len(core)} numbers cannot all hold{extra}:")
            lines.append(format_board(board, mark=set(core)))
    result["consistent"] = consistent
    result["seconds"] = round(time.perf_counter() - started, 4)
    report = "\n".join(["consistent" if consistent else "inconsistent", *lines]) + "\n"
    if output and out_kind is not None:
        _write_picture(output, board, overlay, out_kind, text=report)
    if as_json:
        _emit(result)
    elif output != STDOUT:
        click.echo(report, nl=False)
    return 0 if consistent else 1


def _marked(board: Board, safe: set[Cell], mined: set[Cell]) -> str:
    from .board import format_board

    text = format_board(board).splitlines()
    out = []
    for r, line in enumerate(text):
        chars = list(line)
        for c in range(len(chars)):
            if (r, c) in safe:
                chars[c] = "s"
            elif (r, c) in mined:
                chars[c] = "m"
        out.append("".join(chars))
    return "\n".join(out)


def _assignment(text: str, mines: set[Cell]) -> dict[str, bool]:
    found = _INPUT_LINE.findall(text)
    if not found:
        raise BadInput("--assignment needs a board made by 'build' (its '# input' lines)")
    for name, _, _ in found:
        if not _NAME.fullmatch(name):
            raise BadInput(f"an '# input' line names {printable(repr(name), 60)}, which is "
                           "not a variable name (letters, digits and _)")
    return {name: (int(r) - 1, int(c) - 1) in mines for name, r, c in found}


@cli.command()
@click.argument("name", required=False)
@click.option("--verify", is_flag=True,
              help="Enumerate every consistent arrangement and print the truth table.")
@click.option("--format", "-f", "fmt", type=click.Choice(["text", "svg", "png"]),
              default=None, help="Output format [default: from the extension of -o FILE "
                                 "(.txt, .svg, .png), else text]; one that differs from the "
                                 "extension is refused.")
@click.option("--output", "-o", default=None,
              help="Write the picture (or the plain board) to FILE; '-' for standard "
                   "output, in place of the description.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def gadget(name: str | None, verify: bool, fmt: str | None, output: str | None,
           as_json: bool) -> int:
    """Print gadget NAME (no NAME: list them); --verify computes its truth table.

    \b
    Examples:
      minesweeper gadget                       the list of gadgets
      minesweeper gadget wire --verify         its output equals its input, computed
      minesweeper gadget crossover -f svg -o x.svg
      minesweeper gadget nor -o - | minesweeper check -   its board, checked
    """
    from .board import format_board
    from .gadgets import gadget_names, get_gadget, truth_table
    from .render import to_svg

    _check_stdout(output, as_json)
    if name is None:
        items = {n: get_gadget(n).summary for n in gadget_names()}
        if as_json:
            _emit(items)
        else:
            for n, s in items.items():
                click.echo(f"{n:12} {s}")
        return 0
    g = get_gadget(name.lower())
    kind = output_format(output, fmt)
    data: dict[str, Any] = {"name": g.name, "summary": g.summary,
                            "height": g.board.height, "width": g.board.width,
                            "ports": {k: [r + 1, c + 1] for k, (r, c) in g.ports.items()},
                            "rows": format_board(g.board).splitlines()}
    code = 0
    table_lines: list[str] = []
    if verify:
        t = truth_table(g)
        data["truth_table"] = t.to_json()
        code = 0 if t.matches in (True, None) else 1
        table_lines = _table_text(g, t.rows, t.arrangements, t.matches)
    if kind != "text" and output is None:
        if kind == "png":
            raise BadInput("PNG output needs --output FILE")
        if not as_json:
            click.echo(to_svg(g.board, _port_overlay(g)), nl=False)
            return code
    if output is not None:
        _write_picture(output, g.board, _port_overlay(g), kind,
                       no_total="a gadget has none: its number of mines depends on the "
                                "signals (write .txt)")
    if as_json:
        _emit(data)
    elif output != STDOUT:
        click.echo(f"{g.name}: {g.summary}")
        for k, (r, c) in g.ports.items():
            click.echo(f"  port {k}: row {r + 1}, column {c + 1}")
        click.echo(_with_ports(g))
        for line in table_lines:
            click.echo(line)
    return code


def _port_overlay(g: Gadget) -> Overlay:
    from .render import Overlay

    return Overlay(marked=set(g.ports.values()), labels={sq: k for k, sq in g.ports.items()})


def _with_ports(g: Gadget) -> str:
    from .board import format_board

    text = format_board(g.board).splitlines()
    for k, (r, c) in g.ports.items():
        row = list(text[r])
        row[c] = "I" if k in g.inputs else "O"
        text[r] = "".join(row)
    return "\n".join(text) + "\n(I: input port square, O: output port square; both unknown)"


def _table_text(g: Gadget, rows: list[tuple[tuple[bool, ...], tuple[bool, ...]]],
                arrangements: int, matches: bool | None) -> list[str]:
    head = " ".join(g.inputs) + (" | " + " ".join(g.outputs) if g.outputs else "")
    out = [f"truth table from {plural(arrangements, 'consistent arrangement')}:", head]
    for ins, outs in rows:
        cells = [str(int(v)).center(len(n)) for v, n in zip(ins, g.inputs, strict=True)]
        line = " ".join(cells)
        if g.outputs:
            line += " | " + " ".join(str(int(v)).center(len(n))
                                     for v, n in zip(outs, g.outputs, strict=True))
        out.append(line)
    if matches is not None:
        out.append("as intended" if matches else "NOT as intended")
    return out


@cli.command()
@click.argument("formula")
@click.option("--dimacs", is_flag=True, help="FORMULA is a DIMACS CNF file.")
@click.option("--format", "-f", "fmt", type=click.Choice(["text", "mine", "svg", "png"]),
              default=None,
              help="Output format [default: from the extension of -o FILE (.txt, .svg, "
                   ".png), else text]; one that differs from the extension is refused; "
                   "'mine' is refused too: a built board has no fixed total number of mines.")
@click.option("--output", "-o", default=None,
              help="Write the board to FILE ('-': standard output).")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def build(formula: str, dimacs: bool, fmt: str | None, output: str | None,
          as_json: bool) -> int:
    """Lay out FORMULA (an expression, or a file: DIMACS CNF or an expression) as a board
    whose output is forced true.

    FORMULA is read as a file when it contains a '.' or a '/' (no expression does:
    f.cnf, ./a, dir/f) or with --dimacs; otherwise it is an expression, even when a file
    of that name exists (write ./a to read the file a).  The format of -o FILE follows
    its extension (.txt, .svg, .png) unless -f says otherwise.

    \b
    Examples:
      minesweeper build "a nor b"                      a small circuit, printed
      minesweeper build "(a or b) and not c" -o c.txt   then: minesweeper check c.txt --assignment
      minesweeper build formula.cnf -o big.txt          a DIMACS CNF file
      minesweeper build ./clauses --dimacs -o big.svg   a file without extension, drawn
      minesweeper build "a nor b" -f png -o - > c.png   a picture to standard output
    """
    from .board import format_board
    from .circuit import build as build_circuit
    from .render import Overlay, to_svg

    _check_stdout(output, as_json)
    fmt = output_format(output, fmt)
    if fmt == "mine":
        raise BadInput(NO_MINE_FORMAT)
    f, names = _load_formula(formula, dimacs)
    c = build_circuit(f, names)
    text = "\n".join(f"# input {k} {r + 1} {col + 1}" for k, (r, col) in c.inputs.items())
    body = format_board(c.board)
    full = text + "\n" + body + "\n"
    if fmt in ("svg", "png"):
        labels = {sq: k for k, sq in c.inputs.items()}
        ov = Overlay(marked=set(c.inputs.values()), labels=labels)
        if output is None:
            if fmt == "png":
                raise BadInput("PNG output needs --output FILE")
            if not as_json:
                click.echo(to_svg(c.board, ov), nl=False)
        else:
            _write_picture(output, c.board, ov, fmt)
    elif output is not None:
        deliver(output, full)
    if as_json:
        data = c.to_json()
        data["inputs"] = {k: [r + 1, col + 1] for k, (r, col) in c.inputs.items()}
        if output is None and fmt == "text":
            data["rows"] = body.splitlines()
        _emit(data)
    elif output is None and fmt == "text":
        click.echo(full, nl=False)
    elif output is not None and output != STDOUT:
        click.echo(f"{c.board.height}x{c.board.width} board written to {output}", err=True)
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
            return parse_formula(" ".join(text.split())), None
        except BadInput as exc:
            raise BadInput(f"{arg}: {exc}") from None
    return parse_formula(arg), None


@cli.command()
@click.argument("file")
@click.option("--output", "-o", required=True,
              help="Picture file (.svg or .png), or text (.txt: the board, with the witness "
                   "or the safe squares marked as check prints them); '-': standard output.")
@click.option("--witness", is_flag=True, help="Show a witness arrangement.")
@click.option("--safe", "show_safe", is_flag=True, help="Colour the safe and mined squares.")
@click.option("--mines", type=int, default=None, help="Total number of mines on the board.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def render(file: str, output: str, witness: bool, show_safe: bool, mines: int | None,
           as_json: bool) -> int:
    """Draw the board of FILE as SVG or PNG, with the witness or the safe squares.

    \b
    Examples:
      minesweeper render board.txt -o board.png --witness
      minesweeper render board.txt -o board.svg --safe --mines 10
      minesweeper render board.txt -o - --witness     the witness as text, on stdout
    """
    from .board import format_board
    from .render import Overlay
    from .sat import check as sat_check
    from .sat import safe_squares

    _check_stdout(output, as_json)
    kind = output_format(output, None, False)
    if kind == "mine" and (witness or show_safe):
        raise BadInput(f"cannot write {output} in the .mine format: it holds a board only, "
                       "not a witness or safe squares (use .txt, .svg or .png)")
    board, _ = _load_board(file, mines)
    ov = Overlay()
    consistent = True
    lines: list[str] = []
    if witness:
        res = signals.in_child(sat_check, board)
        consistent = res.consistent
        ov.mines = res.mines
        ov.marked = set(res.core)
        if consistent:
            lines += ["a witness arrangement (* mine, - no mine):",
                      format_board(board, mines=res.mines)]
        else:
            lines += ["these numbers cannot all hold:", format_board(board, mark=ov.marked)]
    if show_safe:
        sr = signals.in_child(safe_squares, board)
        consistent = consistent and sr.consistent
        ov.safe, ov.mined = sr.safe, sr.mined
        if sr.consistent:
            lines += ["safe in every arrangement (s), mined in every arrangement (m):",
                      _marked(board, sr.safe, sr.mined)]
    if witness or show_safe:
        text = "\n".join(["consistent" if consistent else "inconsistent", *lines]) + "\n"
    else:
        text = format_board(board) + "\n"
    _write_picture(output, board, ov, kind, text=text,
                   no_total="the board gives none (write .txt, or give --mines)")
    if as_json:
        _emit({"output": output, "consistent": consistent})
    elif output != STDOUT:
        click.echo(f"{board.height}x{board.width} board drawn to {output}", err=True)
    if not as_json:
        if (witness or show_safe) and not consistent:
            click.echo("minesweeper: the board is inconsistent: no arrangement to draw "
                       "(the numbers that cannot all hold are outlined)", err=True)
    return 0 if consistent else 1


@cli.command(name="eval")
@click.argument("formula")
@click.argument("values", nargs=-1)
@click.option("--dimacs", is_flag=True, help="FORMULA is a DIMACS CNF file.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def eval_cmd(formula: str, values: tuple[str, ...], dimacs: bool, as_json: bool) -> int:
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
    f, declared = _load_formula(formula, dimacs)
    known = set(declared) if declared is not None else variables(f)
    env: dict[str, bool] = {}
    for item in values:
        name, sep, val = item.partition("=")
        if not sep or val not in ("0", "1"):
            raise BadInput(f"values are written name=0 or name=1, not {item!r}")
        if name not in known:
            raise BadInput(f"{name!r} is not a variable of the formula (it has: "
                           f"{', '.join(sorted(known, key=_name_order))})")
        if name in env:
            raise BadInput(f"{name!r} is given a value twice")
        env[name] = val == "1"
    try:
        result = evaluate(f, env)
    except KeyError as exc:
        raise BadInput(f"no value given for {exc.args[0]}") from None
    if as_json:
        _emit({"value": result})
    else:
        click.echo("true" if result else "false")
    return 0 if result else 1


def _name_order(name: str) -> tuple[str, int]:
    """Sort x2 before x10."""
    m = re.fullmatch(r"(.*?)(\d+)", name)
    return (m.group(1), int(m.group(2))) if m else (name, -1)


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns (and, as a script, exits with) the exit code."""
    args = list(sys.argv[1:] if argv is None else argv)
    debug = "--debug" in args
    if debug:  # a program-wide flag: taken wherever it stands, after the command too
        args = ["--debug"] + [a for a in args if a != "--debug"]
    if argv is None:
        # As a program: SIGINT and SIGTERM end it at once (exit 130 or 143), also inside
        # a solver, after removing half-written output files (see minesweeper.signals).
        signals.install(PROG, remove_pending)
    try:
        rv = cli.main(args=args, prog_name=PROG, standalone_mode=False)
        code = rv if isinstance(rv, int) else 0
    except (click.exceptions.Abort, KeyboardInterrupt):  # Ctrl-C
        click.echo(printable(f"{PROG}: interrupted"), err=True)
        code = 130
    except click.ClickException as exc:  # a usage error is one line, --debug or not
        click.echo(printable(f"{PROG}: error: {exc.format_message()}".replace("\n", " ")),
                   err=True)
        code = 2
    except MinesweeperError as exc:
        if debug:
            raise
        click.echo(printable(f"{PROG}: error: {exc}"), err=True)
        code = exc.exit_code
    except OSError as exc:
        if debug:
            raise
        click.echo(printable(f"{PROG}: error: {exc.strerror or exc}: "
                             f"{exc.filename or ''}".rstrip(": ")), err=True)
        code = 2
    except Exception as exc:  # a fault of the program itself, not of the input
        if debug:
            raise
        click.echo(printable(f"{PROG}: internal error: {type(exc).__name__}: {exc} (run "
                             "again with --debug for the traceback, and please report it)"),
                   err=True)
        code = 70  # EX_SOFTWARE of sysexits.h
    if argv is None:
        sys.exit(code)
    return code


if __name__ == "__main__":  # pragma: no cover
    main()
