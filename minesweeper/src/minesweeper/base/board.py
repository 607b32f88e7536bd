"""Minesweeper positions: the board, its text formats and the constraints it states.

A board is a grid of squares.  A revealed square shows how many of its (up to eight)
neighbours hold a mine; an unknown square may or may not hold one; a flagged square is
known to hold a mine.  Two text formats are read:

* the plain grid: ``0``-``8`` revealed, ``.`` revealed empty (the same as ``0``), ``?`` or
  ``H`` unknown, ``F`` or ``*`` a known mine; one row a line, or rows separated by ``/`` on
  one line; blank lines and lines starting with ``#`` are skipped, and a line ``mines: N``
  before the rows gives the total number of mines;
* the ``.mine`` format of JSMinesweeper: a header ``WxHxM`` (width, height, mines), then
  ``H`` rows of ``W`` squares in the same alphabet.

>>> b = parse_board("1?1/?0?/1?1")
>>> b.height, b.width, len(b.unknowns())
(3, 3, 4)
>>> print(format_board(b))
1?1
?.?
1?1
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from puzzleshell.text import printable

from .._core import mines as kernels
from . import budget
from .cells import MINE, UNKNOWN
from .errors import BadInput, TooLarge
from .words import plural

_REVEALED_EMPTY = "."
_UNKNOWN_CHARS = "?Hh"
_MINE_CHARS = "F*f"
#: JSMinesweeper's ``.mine`` files also write a flag as ``O`` (one that needs no
#: inflating) and a covered square known to hold a mine as ``I``: both are mines here.
_MINE_FILE_FLAGS = str.maketrans("OI", "FF")
_HEADER = re.compile(r"^\s*(\d+)\s*[xX]\s*(\d+)\s*[xX]\s*(\d+)\s*$")
_MINES_LINE = re.compile(r"^\s*mines\s*[:=]\s*(\S*)\s*$", re.IGNORECASE)

Cell = tuple[int, int]

#: The most squares a board may have (height times width): a board of 100 million
#: squares is checked (``check``, through the collapse) in a few GB of memory.
MAX_SQUARES = 100_000_000
#: The largest board file read: two bytes a square (a square and a space or a line
#: break) of a board of :data:`MAX_SQUARES`, and 1 MiB of comments and header; a larger
#: input is refused before it is read (exit 2).
MAX_BOARD_BYTES = 2 * MAX_SQUARES + (1 << 20)
#: The most unknown squares and numbers next to them, together, that the solvers which
#: take a board square by square (:func:`problem_of`: ``--safe``, ``--method backtrack``,
#: counting or checking with a total, the reason for an inconsistency) accept: about
#: 350 bytes each, 700 MB.  ``check`` and ``--count`` without a total go through the
#: collapse, which has no such limit.
MAX_PROBLEM = 2_000_000


@dataclass
class Board:
    """A Minesweeper position.

    ``cells`` holds ``0``-``8`` for revealed squares, :data:`UNKNOWN` and :data:`MINE`;
    ``total`` is the total number of mines on the board (flags included) when known.

    >>> b = Board(np.array([[1, UNKNOWN]], dtype=np.int8))
    >>> b.unknowns()
    [(0, 1)]
    """

    cells: npt.NDArray[np.int8]
    total: int | None = None

    @property
    def height(self) -> int:
        """Number of rows."""
        return int(self.cells.shape[0])

    @property
    def width(self) -> int:
        """Number of columns."""
        return int(self.cells.shape[1])

    def unknowns(self) -> list[Cell]:
        """The unknown squares, row by row.

        >>> parse_board("?1/F?").unknowns()
        [(0, 0), (1, 1)]
        """
        rows, cols = np.nonzero(self.cells == UNKNOWN)
        return [(int(r), int(c)) for r, c in zip(rows, cols, strict=True)]

    def flags(self) -> int:
        """Number of squares known to hold a mine.

        >>> parse_board("F*/11").flags()
        2
        """
        return int(np.count_nonzero(self.cells == MINE))

    def to_json(self) -> dict[str, object]:
        """A JSON-ready description: rows as text, size and total.

        >>> parse_board("1?").to_json()["rows"]
        ['1?']
        """
        return {
            "height": self.height,
            "width": self.width,
            "total_mines": self.total,
            "rows": format_board(self).splitlines(),
        }


@dataclass
class Constraint:
    """One revealed number: the unknown squares around it must hold exactly ``need`` mines.

    ``cell`` is the revealed square, ``vars`` indexes into :attr:`Problem.squares` and
    ``need`` is the number minus the flagged neighbours.
    """

    cell: Cell
    vars: tuple[int, ...]
    need: int


@dataclass
class Problem:
    """The constraints of a board over its unknown squares.

    ``squares[i]`` is the square of variable ``i``; ``interior`` lists the variables no
    revealed number touches; ``total_need`` is the number of mines the unknown squares
    hold together when the board gives a total.

    >>> p = problem_of(parse_board("1?1/?0?/1?1"))
    >>> len(p.squares), len(p.constraints), p.interior
    (4, 5, [])
    """

    squares: list[Cell]
    constraints: list[Constraint]
    total_need: int | None
    interior: list[int] = field(default_factory=list)

    @property
    def frontier(self) -> list[int]:
        """Variables touched by at least one revealed number, in order."""
        inner = set(self.interior)
        return [v for v in range(len(self.squares)) if v not in inner]


_OFFSETS = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]


@dataclass
class Arrays:
    """The constraints of a board in array form (what large boards are read into).

    Variable ``i`` is the unknown square ``(rows[i], cols[i])`` (row by row); constraint
    ``j`` is the revealed square ``(cell_rows[j], cell_cols[j])`` whose unknown neighbours
    are ``vars[ptr[j]:ptr[j + 1]]`` and must hold ``need[j]`` mines; ``touched[i]`` says
    whether some number sees variable ``i``.

    >>> a = arrays_of(parse_board("1?1/?0?/1?1"))
    >>> a.n, a.m, a.vars[a.ptr[0]:a.ptr[1]].tolist(), a.need.tolist()
    (4, 5, [0, 1], [1, 1, 0, 1, 1])
    """

    rows: npt.NDArray[np.int32]
    cols: npt.NDArray[np.int32]
    cell_rows: npt.NDArray[np.int32]
    cell_cols: npt.NDArray[np.int32]
    ptr: npt.NDArray[np.int64]
    vars: npt.NDArray[np.int32]
    need: npt.NDArray[np.int16]
    touched: npt.NDArray[np.bool_]
    total_need: int | None

    @property
    def n(self) -> int:
        """Number of unknown squares."""
        return int(self.rows.shape[0])

    @property
    def m(self) -> int:
        """Number of constraints."""
        return int(self.need.shape[0])


def _extract(cells: npt.NDArray[np.int8]) -> tuple[
        npt.NDArray[np.int32], npt.NDArray[np.int32], npt.NDArray[np.int32],
        npt.NDArray[np.int32], npt.NDArray[np.int64], npt.NDArray[np.int32],
        npt.NDArray[np.int16]]:
    """The arrays of :class:`Arrays` (less ``touched``) of a 2-D int8 board, read by the
    native core in two passes (sizes, then contents).

    >>> rows, cols, cr, cc, ptr, vs, need = _extract(np.array([[1, -1, -2]], dtype=np.int8))
    >>> rows.tolist(), cols.tolist(), ptr.tolist(), vs.tolist(), need.tolist()
    ([0], [1], [0, 1], [0], [1])
    """
    n, m, entries = kernels.extract_sizes(cells)
    rows = np.empty(n, dtype=np.int32)
    cols = np.empty(n, dtype=np.int32)
    cell_rows = np.empty(m, dtype=np.int32)
    cell_cols = np.empty(m, dtype=np.int32)
    ptr = np.zeros(m + 1, dtype=np.int64)
    out = np.empty(entries, dtype=np.int32)
    need = np.empty(m, dtype=np.int16)
    kernels.extract(cells, rows, cols, cell_rows, cell_cols, ptr, out, need)
    return rows, cols, cell_rows, cell_cols, ptr, out, need


def arrays_of(board: Board) -> Arrays:
    """The constraints of a board in array form, read in one compiled pass.

    >>> arrays_of(parse_board("8")).need.tolist()
    [8]
    """
    rows, cols, cr, cc, ptr, vs, need = _extract(np.ascontiguousarray(board.cells))
    touched = np.zeros(rows.shape[0], dtype=np.bool_)
    touched[vs] = True
    total_need = None if board.total is None else board.total - board.flags()
    return Arrays(rows, cols, cr, cc, ptr, vs, need, touched, total_need)


def problem_of(board: Board, check: Callable[[Arrays], None] | None = None) -> Problem:
    """The constraints a board states: one per revealed number that touches an unknown
    square or disagrees with its flags, plus the total when one is given.

    >>> p = problem_of(parse_board("8"))
    >>> [(c.cell, c.vars, c.need) for c in p.constraints]
    [((0, 0), (), 8)]

    A board of more than :data:`MAX_PROBLEM` unknown squares and numbers is refused
    (:class:`TooLarge`), and so is one that ``check`` refuses from its arrays, before the
    constraints are made into Python objects (a second on a board of a million squares).
    """
    shape = budget.shape_of(board)
    n, m = shape.covered, shape.numbers
    if n + m > MAX_PROBLEM:
        raise TooLarge(f"the board has {n:,} unknown squares and {m:,} numbers next "
                       f"to them: this solver takes up to "
                       f"{MAX_PROBLEM:,} together (about 700 MB of memory); plain 'check' "
                       "and '--count' without a total take larger boards")
    budget.check("solver", shape)
    a = arrays_of(board)
    if check is not None:
        check(a)
    ptr = a.ptr.tolist()
    vs = a.vars.tolist()
    constraints = [Constraint((r, c), tuple(vs[ptr[j]:ptr[j + 1]]), need)
                   for j, (r, c, need) in enumerate(zip(a.cell_rows.tolist(),
                                                        a.cell_cols.tolist(),
                                                        a.need.tolist(), strict=True))]
    squares = list(zip(a.rows.tolist(), a.cols.tolist(), strict=True))
    interior = np.nonzero(~a.touched)[0].tolist()
    return Problem(squares, constraints, a.total_need, interior)


def _char_value(ch: str) -> int | None:
    if "0" <= ch <= "8":
        return ord(ch) - ord("0")
    if ch == _REVEALED_EMPTY:
        return 0
    if ch in _UNKNOWN_CHARS:
        return UNKNOWN
    if ch in _MINE_CHARS:
        return MINE
    return None


def _parse_row(text: str, line_no: int, start_col: int) -> list[int]:
    row: list[int] = []
    for i, ch in enumerate(text):
        if ch in " \t":
            continue
        value = _char_value(ch)
        if value is None:
            if ch == "9":
                raise BadInput("a number above 8 ('9')", line_no, start_col + i)
            raise BadInput(f"unknown character {ch!r} in a board", line_no, start_col + i)
        row.append(value)
    return row


def _parse_total(text: str, line_no: int) -> int:
    digits = text.lstrip("+-")
    if digits.isdigit() and digits.isascii() and len(digits.lstrip("0")) > 12:
        raise BadInput(f"the total number of mines ({len(digits):,} digits) is more than a "
                       f"board of at most {MAX_SQUARES:,} squares holds", line_no)
    if not re.fullmatch(r"[+-]?[0-9]+", text):
        raise BadInput(f"the total number of mines must be a whole number, not "
                       f"{printable(repr(text), 40)}", line_no)
    value = int(text)
    if value < 0:
        raise BadInput("the total number of mines cannot be negative", line_no)
    return value


def parse_board(text: str) -> Board:
    """Read a board in either text format (the ``.mine`` header is recognised).

    >>> parse_board("3x1x1\\n1?F").total
    1
    >>> parse_board("mines: 2\\n??").total
    2
    >>> parse_board("\\ufeff1?").width  # a byte-order mark is skipped
    2
    >>> parse_board("1?/123")
    Traceback (most recent call last):
    ...
    minesweeper.base.errors.BadInput: line 1, column 6: a row of 3 squares where 2 were expected
    """
    if text.startswith("\ufeff"):  # a UTF-8 byte-order mark, as some editors write
        text = text[1:]
    lines = text.splitlines()
    for i, raw in enumerate(lines):
        if raw.strip() and not raw.lstrip().startswith("#"):
            if _HEADER.match(raw):
                return _parse_mine(lines, i)
            break
    return _parse_grid(lines)


_LOOKUP = np.full(256, 127, dtype=np.int8)
for _ch in "012345678":
    _LOOKUP[ord(_ch)] = ord(_ch) - ord("0")
_LOOKUP[ord(_REVEALED_EMPTY)] = 0
for _ch in _UNKNOWN_CHARS:
    _LOOKUP[ord(_ch)] = UNKNOWN
for _ch in _MINE_CHARS:
    _LOOKUP[ord(_ch)] = MINE


def _fast_cells(rows: list[str]) -> npt.NDArray[np.int8] | None:
    """Rows of equal length made only of board characters, read in bulk; ``None`` when
    anything needs the careful reader (which also reports errors)."""
    if not rows or any(len(r) != len(rows[0]) for r in rows) or not rows[0]:
        return None
    try:
        data = "".join(rows).encode("ascii")
    except UnicodeEncodeError:
        return None
    cells = _LOOKUP[np.frombuffer(data, dtype=np.uint8)]
    if np.any(cells == 127):
        return None
    return cells.reshape(len(rows), len(rows[0]))


def _fast_grid(lines: list[str]) -> Board | None:
    rows: list[str] = []
    total: int | None = None
    for raw in lines:
        line = raw.rstrip("\r\n")
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if not rows and total is None and _MINES_LINE.match(line):
            m = _MINES_LINE.match(line)
            assert m is not None
            if not (m.group(1).isdigit() and m.group(1).isascii()) or len(m.group(1)) > 12:
                return None
            total = int(m.group(1))
            continue
        rows.append(line)
    cells = _fast_cells(rows)
    if cells is None or (total is not None and total < int(np.count_nonzero(cells == MINE))):
        return None
    _check_size(cells.shape[0], cells.shape[1])
    return Board(cells, total)


def _check_size(height: int, width: int, line_no: int | None = None) -> None:
    """Refuse a board of more than :data:`MAX_SQUARES` squares.

    >>> _check_size(20_000, 20_000)
    Traceback (most recent call last):
    ...
    minesweeper.base.errors.BadInput: a board of 400,000,000 squares: boards are read up to ...
    """
    if height * width > MAX_SQUARES:
        raise BadInput(f"a board of {height * width:,} squares: boards are read up to "
                       f"{MAX_SQUARES:,}", line_no)


def _parse_grid(lines: list[str]) -> Board:
    fast = _fast_grid(lines)
    if fast is not None:
        return fast
    rows: list[list[int]] = []
    total: int | None = None
    width = -1
    for line_no, raw in enumerate(lines, start=1):
        line = raw.rstrip("\r\n")
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        m = _MINES_LINE.match(line)
        if m:
            if rows:
                raise BadInput("the 'mines:' line must come before the rows", line_no)
            total = _parse_total(m.group(1), line_no)
            continue
        start = 0
        for piece in line.split("/"):
            row = _parse_row(piece, line_no, start + 1)
            end_col = start + len(piece.rstrip()) + 1
            if not row:
                raise BadInput("an empty row", line_no, start + 1)
            if width < 0:
                width = len(row)
            elif len(row) != width:
                if len(row) > width:
                    col = start + 1 + _column_of(piece, width)
                else:
                    col = end_col
                raise BadInput(f"a row of {plural(len(row), 'square')} where "
                               f"{plural(width, 'was', 'were')} expected",
                               line_no, col)
            rows.append(row)
            start += len(piece) + 1
    if not rows:
        raise BadInput("the board has no rows")
    return _make(rows, total)


def _column_of(piece: str, k: int) -> int:
    """0-based position in ``piece`` of its ``k``-th square (spaces skipped)."""
    seen = 0
    for i, ch in enumerate(piece):
        if ch in " \t":
            continue
        if seen == k:
            return i
        seen += 1
    return len(piece)


def _parse_mine(lines: list[str], header_at: int) -> Board:
    lines = lines[:header_at + 1] + [ln.translate(_MINE_FILE_FLAGS)
                                     for ln in lines[header_at + 1:]]
    m = _HEADER.match(lines[header_at])
    assert m is not None
    if any(len(g.lstrip("0")) > 12 or not g.isascii() for g in m.groups()):
        raise BadInput(f"the header gives a board larger than the {MAX_SQUARES:,} squares "
                       "boards are read up to", header_at + 1)
    width, height, mines = (int(g) for g in m.groups())
    if width < 1 or height < 1:
        raise BadInput("the header gives an empty board", header_at + 1)
    _check_size(height, width, header_at + 1)
    if mines > width * height:
        raise BadInput(f"the header gives {plural(mines, 'mine')} for "
                       f"{plural(width * height, 'square')}",
                       header_at + 1)
    body = [ln.rstrip("\r\n") for ln in lines[header_at + 1:] if ln.strip()]
    if len(body) == height and mines >= 0:
        cells = _fast_cells(body)
        if cells is not None and cells.shape[1] == width \
                and mines >= int(np.count_nonzero(cells == MINE)):
            return Board(cells, mines)
    rows: list[list[int]] = []
    last_line = header_at + 1
    for idx in range(header_at + 1, len(lines)):
        line_no = idx + 1
        line = lines[idx].rstrip("\r\n")
        if not line.strip():
            continue
        if len(rows) == height:
            raise BadInput(f"more rows than the {height} the header gives", line_no, 1)
        row = _parse_row(line, line_no, 1)
        if len(row) != width:
            col = _column_of(line, width) + 1 if len(row) > width else len(line.rstrip()) + 1
            raise BadInput(f"a row of {plural(len(row), 'square')} where the header "
                           f"gives {width}",
                           line_no, col)
        rows.append(row)
        last_line = line_no
    if len(rows) != height:
        raise BadInput(f"{plural(len(rows), 'row')} where the header gives {height}",
                       last_line + 1, 1)
    return _make(rows, mines)


def _make(rows: list[list[int]], total: int | None) -> Board:
    _check_size(len(rows), len(rows[0]) if rows else 0)
    cells = np.array(rows, dtype=np.int8)
    board = Board(cells, total)
    if total is not None and total < board.flags():
        raise BadInput(f"the total of {plural(total, 'mine')} is less than the "
                       f"{plural(board.flags(), 'flag')}")
    return board


def format_board(board: Board, mines: set[Cell] | None = None, mark: set[Cell] | None = None,
                 mine_format: bool = False,
                 letters: dict[str, set[Cell]] | None = None) -> str:
    """The board as text.  ``mines`` shows an arrangement (``*`` on unknown squares holding a
    mine, ``-`` on those that do not); ``letters`` writes each letter on its squares (the
    safe squares as ``s``); with ``mark``, every square takes three characters and the
    marked ones are bracketed (the numbers of an inconsistent core); ``mine_format``
    writes the ``.mine`` form.

    >>> print(format_board(parse_board("1?/??"), mines={(0, 1)}))
    1*
    --
    >>> print(format_board(parse_board("1?/?8"), mark={(1, 1)}))
     1  ?
     ? [8]
    >>> print(format_board(parse_board("1?/??"), mine_format=True))
    2x2x0
    1H
    HH
    >>> print(format_board(parse_board("1?/??"), letters={"m": {(0, 1)}, "s": {(1, 1)}}))
    1m
    ?s
    """
    out: list[str] = []
    if mark is not None:
        plain = format_board(board, mines=mines).splitlines()
        for r, line in enumerate(plain):
            out.append("".join(f"[{ch}]" if (r, c) in mark else f" {ch} "
                               for c, ch in enumerate(line)).rstrip())
        return "\n".join(out)
    if mine_format:
        total = board.total if board.total is not None else board.flags()
        out.append(f"{board.width}x{board.height}x{total}")
    cells = board.cells
    table = np.frombuffer(b"F?.12345678", dtype=np.uint8).copy()  # index: value + 2
    if mine_format:
        table[1], table[2] = ord("H"), ord("0")
    chars = table[cells.astype(np.int64) + 2]
    marks = dict(letters or {})
    if mines is not None:
        chars[cells == UNKNOWN] = ord("-")
        marks["*"] = mines
    for letter, squares in marks.items():
        if squares:
            rr, cc = np.array(list(squares), dtype=np.int64).reshape(-1, 2).T
            chars[rr, cc] = ord(letter)
    if board.height and board.width:
        lines = np.concatenate([chars, np.full((board.height, 1), ord("\n"), np.uint8)], 1)
        out.append(lines.tobytes().decode("ascii")[:-1])
    return "\n".join(out)


def board_from_rows(rows: list[str], total: int | None = None) -> Board:
    """Build a board from rows of text (a convenience for code and tests).

    >>> board_from_rows(["1?", "11"]).width
    2
    """
    return _make([_parse_row(r, i + 1, 1) for i, r in enumerate(rows)], total)
