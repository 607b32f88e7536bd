"""Read and write every board format; reading detects the format.

Formats:

============  ==========================================================  =====
name          example for ``Solution([1, 3, 0, 2])``                      read
============  ==========================================================  =====
``board``     ``.Q..`` / ``...Q`` / ``Q...`` / ``..Q.`` (spaces optional)  yes
``matrix``    ``0 1 0 0`` / ``0 0 0 1`` / ... (``1`` is a queen)           yes
``list``      ``[".Q..","...Q","Q...","..Q."]``                            yes
``perm``      ``2 4 1 3`` (the queen's column in each row, 1-based)        yes
``algebraic`` ``a2 b4 c1 d3`` (file ``a`` = first column, rank 1 = bottom)  yes
``json``      ``{"n": 4, "queens": [[0, 1], [1, 3], [2, 0], [3, 2]]}``     yes
``svg``       a picture                                                    no
``png``       a picture (binary: :func:`write_bytes`)                      no
============  ==========================================================  =====

>>> from nqueens import Solution
>>> s = Solution([1, 3, 0, 2])
>>> write(s, "perm")
'2 4 1 3'
>>> write(s, "algebraic")
'a2 b4 c1 d3'
>>> read("a2 b4 c1 d3") == s
True
>>> detect('[".Q..","...Q","Q...","..Q."]')
'list'
"""

from __future__ import annotations

import functools
import io
import json
import re
from collections.abc import Iterable
from typing import IO, Any

import numpy as np

from .board import INT32_BELOW, Solution, column_dtype
from .bounded_input import printable
from .errors import BadInput
from .squares import NAME as SQUARE_NAME
from .squares import parse_square, square_name

#: Every format that can be written, in the order ``--help`` lists them.
WRITE_FORMATS: tuple[str, ...] = ("board", "matrix", "list", "perm", "algebraic", "json", "svg",
                                  "png", "npy")
#: The write formats that are bytes, not text (write them with :func:`write_bytes`).
#: ``npy`` is the Solution's column array (int32 below n = 2**31) as ``numpy.save``
#: writes it (:func:`write_npy`; read back by :func:`read_bytes`, int32 or int64).
BINARY_FORMATS: tuple[str, ...] = ("png", "npy")
#: Every text format that can be read (:func:`read`).
READ_FORMATS: tuple[str, ...] = ("board", "matrix", "list", "perm", "algebraic", "json")
#: Binary formats that can be read from a file's bytes (:func:`read_bytes`).
BINARY_READ_FORMATS: tuple[str, ...] = ("npy",)
#: Formats whose size grows with n² or that draw the board: the command line refuses
#: them above :data:`TEXT_MAX_N` and suggests ``perm`` or ``npy``.
SQUARE_FORMATS: tuple[str, ...] = ("board", "matrix", "list", "svg", "png")
#: The largest n the command line writes in a format other than ``perm`` and ``npy``.
TEXT_MAX_N = 1000
#: Inputs larger than this many bytes that look like a permutation are parsed by the
#: one-pass kernel of :mod:`nqueens.kernels.textparse`.
LARGE_INPUT_BYTES = 1 << 20
#: The largest board read in ``perm`` or ``npy`` (checked in a few seconds and a few GB).
READ_MAX_N = 100_000_000
#: Input size limits, from the largest n each format is read at (files written by
#: ``nqueens`` are always within them; a larger input is refused unread, exit 2):
#: ``perm`` 12 bytes a queen at n = :data:`READ_MAX_N` (numbers of at most 9 digits
#: and what separates them; the file ``solve -f perm`` writes is 0.89 GB);
PERM_MAX_BYTES = 12 * READ_MAX_N
#: ``npy`` the 8-byte columns of n = :data:`READ_MAX_N` queens and a header;
NPY_MAX_BYTES = 8 * READ_MAX_N + (1 << 16)
#: every other text format 4 bytes a square of a board of n = :data:`TEXT_MAX_N`
#: (``Q . .`` or ``0, 1,`` take 2 or 3), the most those formats are read at.
TEXT_MAX_BYTES = 4 * TEXT_MAX_N * TEXT_MAX_N
#: The most digits a number of a board file is read with (more is off any board).
_MAX_DIGITS = 18
_NPY_MAGIC = b"\x93NUMPY"



# ---------------------------------------------------------------------------------- writing
def write_board(s: Solution) -> str:
    """The Q/. board, one row per line.

    >>> print(write_board(Solution([1, 0])))
    .Q
    Q.
    """
    n = s.n
    if n > 64:  # one board this size: no table worth keeping
        return "\n".join("." * c + "Q" + "." * (n - 1 - c) for c in s)
    rows = _board_rows(n)
    return "\n".join([rows[c] for c in s])


@functools.lru_cache(maxsize=64)
def _board_rows(n: int) -> tuple[str, ...]:
    """The n possible rows of an n×n board (n ≤ 64), by the queen's column: boards of
    a stream are written row by row, many times over."""
    return tuple("." * c + "Q" + "." * (n - 1 - c) for c in range(n))


def write_matrix(s: Solution) -> str:
    """The 0/1 matrix, ``1`` for a queen, entries separated by spaces.

    >>> print(write_matrix(Solution([1, 0])))
    0 1
    1 0
    """
    n = s.n
    return "\n".join(" ".join("1" if j == c else "0" for j in range(n)) for c in s)


def write_list(s: Solution) -> str:
    """The list of row strings, as a JSON array.

    >>> write_list(Solution([0]))
    '["Q"]'
    """
    return json.dumps(write_board(s).split("\n"), separators=(",", ":"))


def write_perm(s: Solution) -> str:
    """The 1-based column of the queen in each row, separated by spaces.

    >>> write_perm(Solution([1, 3, 0, 2]))
    '2 4 1 3'
    """
    return " ".join(map(str, (s.cols + 1).tolist()))


def write_perm_stream(s: Solution, out: IO[str], chunk: int = 1 << 20) -> None:
    """Write the ``perm`` format of a board of any size in chunks, ending with a newline.

    The numbers are formatted by the native core into a buffer of ``chunk`` bytes at a
    time (:func:`nqueens.kernels.textparse.format_uints`), so ten million queens never
    become one giant string.

    >>> import io
    >>> buf = io.StringIO()
    >>> write_perm_stream(Solution([1, 3, 0, 2]), buf, chunk=24)
    >>> print(buf.getvalue(), end="")
    2 4 1 3
    """
    from .kernels.textparse import format_uints

    cols = s.cols
    n = cols.shape[0]
    buf = bytearray(max(chunk, 64))
    start = 0
    while start < n:
        start, written = format_uints(cols, start, 1, buf)
        out.write(buf[:written].decode("ascii"))
    out.write("\n")


#: Columns of boards below this n are written to ``npy`` as int32 (half the bytes), as
#: boards hold them.
NPY_INT32_BELOW = INT32_BELOW


def write_npy(s: Solution, out: IO[bytes]) -> None:
    """Write the board's column array (0-based) as ``numpy.save`` would: int32 for n
    below :data:`NPY_INT32_BELOW` (every board the command line makes), int64 above.

    >>> import io
    >>> buf = io.BytesIO()
    >>> write_npy(Solution([1, 3, 0, 2]), buf)
    >>> buf.seek(0)
    0
    >>> arr = np.load(buf)
    >>> arr.dtype.name, arr.tolist(), read_bytes(buf.getvalue()).as_tuple()
    ('int32', [1, 3, 0, 2], (1, 3, 0, 2))
    """
    wide = len(s) >= NPY_INT32_BELOW
    arr = np.ascontiguousarray(s.cols, dtype=np.int64 if wide else np.int32)
    # The header and the data go through ``out.write`` (np.save would hand a real file to
    # C, where a reader that went away shows as a bare OSError instead of a broken pipe).
    header = io.BytesIO()
    np.lib.format.write_array_header_1_0(header, np.lib.format.header_data_from_array_1_0(arr))
    out.write(header.getvalue())
    out.write(arr.data.cast("B"))


def _several_boards_hint(rows: int, width: int) -> str:
    """A hint when the rows look like several boards one after another.

    >>> _several_boards_hint(8, 4)
    ' (2 boards of 4 rows? a board file holds one board)'
    >>> _several_boards_hint(5, 4)
    ''
    """
    if width and rows > width and rows % width == 0:
        return f" ({rows // width} boards of {width} rows? a board file holds one board)"
    return ""


def write_algebraic(s: Solution) -> str:
    """The queens' squares in chess notation, file by file (column a first).

    Row 0 is the top rank (rank ``n``), as on a printed board:

    >>> write_algebraic(Solution([1, 3, 0, 2]))
    'a2 b4 c1 d3'
    """
    n = s.n
    if not s.is_permutation():
        pairs = sorted((c, r) for r, c in enumerate(s))
        return " ".join(square_name((r, c), n) for c, r in pairs)
    inv = np.empty(n, dtype=np.int64)
    inv[s.cols] = np.arange(n)
    return " ".join(square_name((int(inv[c]), c), n) for c in range(n))


def solution_json(s: Solution) -> dict[str, Any]:
    """The JSON object of a board: ``{"n": n, "queens": [[row, col], ...]}`` (0-based).

    >>> solution_json(Solution([1, 3, 0, 2]))
    {'n': 4, 'queens': [[0, 1], [1, 3], [2, 0], [3, 2]]}
    """
    return {"n": s.n, "queens": [[r, c] for r, c in enumerate(s.cols.tolist())]}


def write_json(s: Solution) -> str:
    """The board as a JSON object.

    >>> write_json(Solution([1, 0]))
    '{"n": 2, "queens": [[0, 1], [1, 0]]}'
    """
    return json.dumps(solution_json(s))


def write_svg(s: Solution) -> str:
    """The board as an SVG picture.

    >>> svg = write_svg(Solution([1, 3, 0, 2]))
    >>> svg.startswith("<svg"), "<title>4-queens board</title>" in svg
    (True, True)
    """
    from .pictures import board_svg

    return board_svg(s)


def write_png(s: Solution) -> bytes:
    """The board as a PNG picture (bytes).

    >>> write_png(Solution([1, 3, 0, 2]))[:8]
    b'\\x89PNG\\r\\n\\x1a\\n'
    """
    from .pictures import board_png

    return board_png(s)


def write_bytes(s: Solution, fmt: str) -> bytes:
    """Write one board in any format as bytes (text formats in UTF-8).

    >>> write_bytes(Solution([1, 0]), "perm")
    b'2 1'
    >>> write_bytes(Solution([1, 0]), "png")[1:4]
    b'PNG'
    """
    if fmt == "png":
        return write_png(s)
    if fmt == "npy":
        buf = io.BytesIO()
        write_npy(s, buf)
        return buf.getvalue()
    return write(s, fmt).encode("utf-8")


_WRITERS = {
    "board": write_board,
    "matrix": write_matrix,
    "list": write_list,
    "perm": write_perm,
    "algebraic": write_algebraic,
    "json": write_json,
    "svg": write_svg,
}


def write(s: Solution, fmt: str = "board") -> str:
    """Write one board in format ``fmt`` (one of :data:`WRITE_FORMATS`).

    >>> print(write(Solution([1, 3, 0, 2])))
    .Q..
    ...Q
    Q...
    ..Q.
    >>> write(Solution([1, 3, 0, 2]), "json")
    '{"n": 4, "queens": [[0, 1], [1, 3], [2, 0], [3, 2]]}'
    >>> write(Solution([0]), "png")
    Traceback (most recent call last):
    ...
    nqueens.errors.BadInput: png is a binary format: write it with write_bytes, to a file
    """
    if fmt in BINARY_FORMATS:
        raise BadInput(f"{fmt} is a binary format: write it with write_bytes, to a file")
    try:
        writer = _WRITERS[fmt]
    except KeyError:
        choices = ", ".join(WRITE_FORMATS)
        raise BadInput(f"unknown format {fmt!r} (choose one of: {choices})") from None
    return writer(s)


def write_many(solutions: Iterable[Solution], fmt: str, out: IO[str]) -> int:
    """Stream boards to ``out`` as they come, one document for the whole stream.

    ``board`` and ``matrix`` boards are separated by a blank line; ``perm`` and
    ``algebraic`` take one line each; ``list`` and ``json`` write one JSON array
    (``[]`` when there are none). Returns how many boards were written.

    >>> import io
    >>> buf = io.StringIO()
    >>> write_many([Solution([1, 3, 0, 2]), Solution([2, 0, 3, 1])], "perm", buf)
    2
    >>> print(buf.getvalue(), end="")
    2 4 1 3
    3 1 4 2
    """
    if fmt in BINARY_FORMATS:
        raise BadInput(f"{fmt} is a binary format of one board; use perm for many boards")
    if fmt == "svg":
        from .pictures import gallery_svg

        boards = list(solutions)
        out.write(gallery_svg(boards) + "\n")
        return len(boards)
    count = 0
    array = fmt in ("list", "json")
    if array:
        out.write("[")
    for s in solutions:
        if count:
            out.write("," if array else ("\n\n" if fmt in ("board", "matrix") else "\n"))
        out.write(write(s, fmt))
        count += 1
    if array:
        out.write("]\n")
    elif count:
        out.write("\n")
    return count


def write_batches(batches: Iterable[np.ndarray], fmt: str, out: IO[str],
                  limit: int | None = None) -> int:
    """Like :func:`write_many`, for blocks of rows of columns (``(k, n)`` arrays, as
    :func:`nqueens.search.iter_solution_batches` gives them), at most ``limit`` boards:
    ``perm``, ``board``, ``list`` and ``json`` are formatted a block at a time, without a
    board object each.
    The text is the same as :func:`write_many` writes.

    >>> import io
    >>> buf = io.StringIO()
    >>> write_batches([np.array([[1, 3, 0, 2], [2, 0, 3, 1]])], "perm", buf)
    2
    >>> print(buf.getvalue(), end="")
    2 4 1 3
    3 1 4 2
    """
    if fmt not in _BLOCK_FORMATS:
        boards = (Solution._trusted(row) for block in batches
                  for row in block.astype(column_dtype(block.shape[1]), copy=False))
        if limit is not None:
            boards = (b for _, b in zip(range(limit), boards, strict=False))
        return write_many(boards, fmt, out)
    array = fmt in ("list", "json")
    between = {"board": "\n\n", "perm": "\n", "list": ",", "json": ","}[fmt]
    if array:
        out.write("[")
    count = 0
    for block in batches:
        if limit is not None:
            block = block[:max(0, limit - count)]
        if not len(block):
            break
        n = block.shape[1]
        rows = _board_rows(n) if n <= 64 else tuple(
            "." * c + "Q" + "." * (n - 1 - c) for c in range(n))
        if fmt == "perm":
            tokens = [str(c + 1) for c in range(n)]
            text = "\n".join(" ".join([tokens[c] for c in row]) for row in block.tolist())
        elif fmt == "board":
            text = "\n\n".join("\n".join([rows[c] for c in row]) for row in block.tolist())
        elif fmt == "list":  # as json.dumps(..., separators=(",", ":")) writes it
            quoted = [f'"{r}"' for r in rows]
            text = ",".join("[" + ",".join([quoted[c] for c in row]) + "]"
                            for row in block.tolist())
        else:  # json, as json.dumps writes solution_json
            head = f'{{"n": {n}, "queens": ['
            text = ",".join(head + ", ".join([f"[{r}, {c}]" for r, c in enumerate(row)]) + "]}"
                            for row in block.tolist())
        if count:
            out.write(between)
        out.write(text)
        count += len(block)
    if array:
        out.write("]\n")
    elif count:
        out.write("\n")
    return count


#: Text formats :func:`write_batches` writes a block at a time.
_BLOCK_FORMATS = ("perm", "board", "list", "json")


# ---------------------------------------------------------------------------------- reading
def _where(source: str | None, line: int | None = None, col: int | None = None) -> str:
    """The place an error message points at: ``FILE, line L, column C: ``."""
    parts = [source] if source else []
    if line is not None:
        parts.append(f"line {line}" + (f", column {col}" if col is not None else ""))
    return ", ".join(parts) + ": " if parts else ""


def _content_lines(text: str) -> list[tuple[int, str]]:
    """Non-empty lines with their 1-based line numbers."""
    return [(i + 1, ln.rstrip("\r")) for i, ln in enumerate(text.split("\n")) if ln.strip()]


def detect(text: str, source: str | None = None) -> str:
    """Tell the format of ``text``; raise :class:`BadInput` when no format fits (naming
    ``source``, and the line and column of the odd one out when the rest is a
    permutation).

    >>> detect("2 4 1 3"), detect(".Q\\nQ."), detect("0 1\\n1 0"), detect('{"n": 1}')
    ('perm', 'board', 'matrix', 'json')
    """
    body = text.strip()
    if not body:
        raise BadInput(f"{_where(source)}empty input: no board found")
    if body[0] == "{":
        return "json"
    if body[0] == "[":
        return "list"
    if set(body) <= set("Qq. \t\r\n"):
        return "board"
    first = body.split("\n", 1)[0].strip()
    if "\n" in body and set(first) <= set("Qq. \t\r") and set(first) & set("Qq."):
        return "board"  # a board with a stray character further down: its reader says where
    if ("\n" in body and len(re.split(r"[\s,]+", first)) > 1
            and set(first) <= set("01 ,\t\r")):
        return "matrix"
    tokens = re.split(r"[\s,]+", body)
    if all(SQUARE_NAME.match(t.lower()) for t in tokens):
        return "algebraic"
    lines = _content_lines(text)
    if len(lines) > 1 and all(re.fullmatch(r"[01\s,]+", ln) for _, ln in lines):
        return "matrix"
    if all(t.lstrip("+-").isdigit() for t in tokens):
        return "perm"
    where = _where(source)
    if tokens and tokens[0].lstrip("+").isdigit():  # numbers, then something else
        for line, raw in lines:
            for m in re.finditer(r"[^\s,]+", raw):
                if not m.group().lstrip("+").isdigit():
                    where = _where(source, line, m.start() + 1)
                    raise BadInput(f"{where}{m.group()!r} is not a whole number (what "
                                   "comes before reads as a permutation)")
    raise BadInput(
        f"{where}cannot tell the board format (expected a Q/. board, a 0/1 matrix, a list of "
        "strings, a permutation, algebraic squares or JSON); use --input-format"
    )


def _rows_of(rows: int, width: int) -> str:
    """How a board that is not square is shaped, in words.

    >>> _rows_of(1, 4), _rows_of(3, 4)
    ('1 row of 4', '3 rows of 4')
    """
    return f"{rows} row{'s' if rows != 1 else ''} of {width}"


def _rows_to_solution(rows: list[tuple[int, list[int]]], source: str | None) -> Solution:
    """rows: (line number, columns holding a queen) for each board row, in order."""
    n = len(rows)
    cols = np.empty(n, dtype=np.int64)
    for r, (line, queens) in enumerate(rows):
        if not queens:
            raise BadInput(f"{_where(source, line)}row {r + 1} has no queen")
        if len(queens) > 1:
            raise BadInput(
                f"{_where(source, line, queens[1] + 1)}row {r + 1} has {len(queens)} queens "
                f"(one per row)"
            )
        cols[r] = queens[0]
    return Solution._trusted(cols)


def _check_square_size(lines: list[tuple[int, str]], blanks: str, source: str | None) -> None:
    """Refuse a board or matrix of more than :data:`TEXT_MAX_N` rows or columns, before
    it is read square by square.

    >>> _check_square_size([(1, "Q" * 1001)], " ", "b.txt")
    Traceback (most recent call last):
    ...
    nqueens.errors.BadInput: b.txt, line 1: a row of 1,001 squares: boards and matrices ...
    """
    above = f"read up to n = {TEXT_MAX_N} (use perm or npy above)"
    if len(lines) > TEXT_MAX_N:
        raise BadInput(f"{_where(source)}{len(lines):,} rows: boards and matrices are {above}")
    table = str.maketrans("", "", blanks)
    for line, raw in lines:
        width = len(raw.translate(table)) if len(raw) > TEXT_MAX_N else 0
        if width > TEXT_MAX_N:
            raise BadInput(f"{_where(source, line)}a row of {width:,} squares: boards and "
                           f"matrices are {above}")


def read_board(text: str, source: str | None = None) -> Solution:
    """Read a Q/. board: one row per line, spaces optional, ``Q`` (or ``q``) for a queen.

    >>> read_board(". Q . .\\n. . . Q\\nQ . . .\\n. . Q .")
    Solution([1, 3, 0, 2])
    >>> read_board("Q.\\nQQ", source="b.txt")
    Traceback (most recent call last):
    ...
    nqueens.errors.BadInput: b.txt, line 2, column 2: row 2 has 2 queens (one per row)
    """
    lines = _content_lines(text)
    if not lines:
        raise BadInput(f"{_where(source)}empty input: no board found")
    _check_square_size(lines, " \t", source)
    rows: list[tuple[int, list[int]]] = []
    width: int | None = None
    for line, raw in lines:
        cells: list[str] = []
        for pos, ch in enumerate(raw):
            if ch in " \t":
                continue
            if ch not in "Qq.":
                raise BadInput(
                    f"{_where(source, line, pos + 1)}unexpected character {ch!r} "
                    f"(a board row holds 'Q' and '.')"
                )
            cells.append(ch)
        if width is None:
            width = len(cells)
        elif len(cells) != width:
            raise BadInput(
                f"{_where(source, line)}row {len(rows) + 1} has {len(cells)} squares, "
                f"the first row has {width}"
            )
        rows.append((line, [i for i, ch in enumerate(cells) if ch in "Qq"]))
    assert width is not None
    if width != len(rows):
        raise BadInput(f"{_where(source)}the board is not square: {_rows_of(len(rows), width)}"
                       + _several_boards_hint(len(rows), width))
    return _rows_to_solution(rows, source)


def read_matrix(text: str, source: str | None = None) -> Solution:
    """Read a 0/1 matrix (entries separated by spaces or commas, or written together).

    >>> read_matrix("0 1 0 0\\n0,0,0,1\\n1000\\n0010")
    Solution([1, 3, 0, 2])
    """
    lines = _content_lines(text)
    if not lines:
        raise BadInput(f"{_where(source)}empty input: no board found")
    _check_square_size(lines, " \t,", source)
    rows: list[tuple[int, list[int]]] = []
    width: int | None = None
    for line, raw in lines:
        cells: list[str] = []
        for pos, ch in enumerate(raw):
            if ch in " \t,":
                continue
            if ch not in "01":
                raise BadInput(
                    f"{_where(source, line, pos + 1)}unexpected character {ch!r} "
                    f"(a matrix holds 0 and 1)"
                )
            cells.append(ch)
        if width is None:
            width = len(cells)
        elif len(cells) != width:
            raise BadInput(
                f"{_where(source, line)}row {len(rows) + 1} has {len(cells)} entries, "
                f"the first row has {width}"
            )
        rows.append((line, [i for i, ch in enumerate(cells) if ch == "1"]))
    assert width is not None
    if width != len(rows):
        raise BadInput(f"{_where(source)}the matrix is not square: {_rows_of(len(rows), width)}"
                       + _several_boards_hint(len(rows), width))
    return _rows_to_solution(rows, source)


def read_list(text: str, source: str | None = None) -> Solution:
    """Read the list of row strings, ``[".Q..","...Q","Q...","..Q."]``.

    >>> read_list('[".Q..","...Q","Q...","..Q."]')
    Solution([1, 3, 0, 2])
    """
    data = _json_loads(text, source, "a JSON list")
    if isinstance(data, list) and data and all(isinstance(b, list | dict) for b in data):
        raise BadInput(f"{_where(source)}this holds a list of {len(data)} boards; a board "
                       "file holds one board")
    if not isinstance(data, list) or not data or not all(isinstance(r, str) for r in data):
        raise BadInput(f"{_where(source)}expected a non-empty JSON list of row strings")
    try:
        return read_board("\n".join(data))
    except BadInput as exc:  # its lines and columns are the list's strings and characters
        msg = re.sub(r"^line (\d+), column (\d+): ", r"string \1, character \2: ", str(exc))
        msg = re.sub(r"^line (\d+): ", r"string \1: ", msg)
        raise BadInput(f"{_where(source)}{msg}") from None


def read_perm(text: str, source: str | None = None) -> Solution:
    """Read a 1-based permutation: the queen's column in each row, ``2 4 1 3``.

    >>> read_perm("2 4 1 3")
    Solution([1, 3, 0, 2])
    >>> read_perm("1 1", source="b.txt")
    Traceback (most recent call last):
    ...
    nqueens.errors.BadInput: b.txt, line 1, column 3: not a permutation: 1 appears twice ...
    """
    tokens: list[tuple[int, int, str]] = []
    for line, raw in _content_lines(text):
        for m in re.finditer(r"[^\s,]+", raw):
            tokens.append((line, m.start() + 1, m.group()))
    if not tokens:
        raise BadInput(f"{_where(source)}empty input: no board found")
    n = len(tokens)
    cols = np.empty(n, dtype=np.int64)
    seen: dict[int, int] = {}
    for i, (line, col, tok) in enumerate(tokens):
        digits = tok.lstrip("+")
        if not (digits.isdigit() and digits.isascii()):
            raise BadInput(f"{_where(source, line, col)}{printable(repr(tok), 60)} is not a "
                           "whole number")
        v = int(digits) if len(digits) <= _MAX_DIGITS else 0
        if not 1 <= v <= n:
            raise BadInput(
                f"{_where(source, line, col)}{_number(digits) if v == 0 else v} is not a "
                f"column of a {n}x{n} board (a permutation of 1..{n})"
            )
        if v in seen:
            lines = sorted({ln for ln, _, _ in tokens})
            hint = ""
            if len(lines) > 1 and n % len(lines) == 0 and all(
                    sum(1 for ln, _, _ in tokens if ln == k) == n // len(lines) for k in lines):
                hint = (f"; {len(lines)} lines of {n // len(lines)} numbers: several boards? a "
                        "board file holds one board")
            raise BadInput(
                f"{_where(source, line, col)}not a permutation: {v} appears twice "
                f"(rows {seen[v] + 1} and {i + 1}){hint}"
            )
        seen[v] = i
        cols[i] = v - 1
    return Solution._trusted(cols)


def read_algebraic(text: str, source: str | None = None) -> Solution:
    """Read squares in chess notation (``a2 b4 c1 d3``); n is the number of squares.

    The squares may come in any order:

    >>> read_algebraic("d3 c1 b4 a2")
    Solution([1, 3, 0, 2])
    """
    tokens: list[tuple[int, int, str]] = []
    for line, raw in _content_lines(text):
        for m in re.finditer(r"[^\s,]+", raw):
            tokens.append((line, m.start() + 1, m.group()))
    if not tokens:
        raise BadInput(f"{_where(source)}empty input: no board found")
    n = len(tokens)
    cols = np.full(n, -1, dtype=np.int64)
    for line, col, tok in tokens:
        try:
            r, c = parse_square(tok, n)
        except BadInput as exc:
            raise BadInput(f"{_where(source, line, col)}{exc}") from None
        if cols[r] >= 0:
            raise BadInput(f"{_where(source, line, col)}rank {n - r} has two queens (one per row)")
        cols[r] = c
    missing = np.flatnonzero(cols < 0)
    if missing.size:
        raise BadInput(f"{_where(source)}rank {n - int(missing[0])} has no queen")
    return Solution._trusted(cols)


def read_json(text: str, source: str | None = None) -> Solution:
    """Read ``{"n": n, "queens": [[row, col], ...]}`` (0-based, one queen per row).

    >>> read_json('{"n": 2, "queens": [[1, 0], [0, 1]]}')
    Solution([1, 0])
    >>> read_json('{"n": 2, "queens": [[0, 0], [0, 1]]}')
    Traceback (most recent call last):
    ...
    nqueens.errors.BadInput: row 0 has two queens (one per row)
    """
    data = _json_loads(text, source, "JSON")
    if not isinstance(data, dict) or "n" not in data or "queens" not in data:
        raise BadInput(
            f'{_where(source)}expected a JSON object {{"n": N, "queens": [[row, col], ...]}}'
        )
    n, queens = data["n"], data["queens"]
    if not isinstance(n, int) or isinstance(n, bool) or n < 1:
        shown = _number(str(n)) if isinstance(n, int) else printable(repr(n), 40)
        raise BadInput(f'{_where(source)}"n" must be a positive whole number, not {shown}')
    if not isinstance(queens, list) or not all(
        isinstance(q, list) and len(q) == 2 and all(isinstance(v, int) and not isinstance(v, bool)
                                                    for v in q)
        for q in queens
    ):
        raise BadInput(f'{_where(source)}"queens" must be a list of [row, col] pairs of integers')
    if len(queens) != n:
        raise BadInput(f"{_where(source)}{len(queens)} queen{'s' if len(queens) != 1 else ''} "
                       f"given for n = {_number(str(n))} "
                       "(one per row)")
    cols = np.full(n, -1, dtype=np.int64)
    for r, c in queens:
        if not (0 <= r < n and 0 <= c < n):
            raise BadInput(f"{_where(source)}queen [{_number(str(r))}, {_number(str(c))}] is "
                           f"off the {n}x{n} board (0-based)")
        if cols[r] >= 0:
            raise BadInput(f"{_where(source)}row {r} has two queens (one per row)")
        cols[r] = c
    return Solution._trusted(cols)


_READERS = {
    "board": read_board,
    "matrix": read_matrix,
    "list": read_list,
    "perm": read_perm,
    "algebraic": read_algebraic,
    "json": read_json,
}


def read(text: str | bytes, fmt: str | None = None, source: str | None = None) -> Solution:
    """Read one board; detect the format unless ``fmt`` names one of :data:`READ_FORMATS`.

    ``source`` (a file name) prefixes error messages, which give the line and column.

    >>> read("2 4 1 3")
    Solution([1, 3, 0, 2])
    >>> read(".Q..\\n...Q\\nQ...\\n..Q.", fmt="board")
    Solution([1, 3, 0, 2])
    """
    if isinstance(text, bytes | bytearray):  # the bytes of a file: npy, or text
        return read_bytes(bytes(text), fmt, source)
    text = text.removeprefix("\ufeff")  # a byte-order mark some editors write
    if fmt is None:
        fmt = detect(text, source)
    if fmt in BINARY_FORMATS:
        raise BadInput(f"{_where(source)}{fmt} is a binary format: read it with read_bytes")
    try:
        reader = _READERS[fmt]
    except KeyError:
        choices = ", ".join(READ_FORMATS)
        raise BadInput(f"cannot read format {fmt!r} (choose one of: {choices})") from None
    return reader(text, source)


def read_npy(data: bytes, source: str | None = None) -> Solution:
    """Read a board saved by :func:`write_npy`: a 1-D integer array of 0-based columns.

    >>> import io
    >>> buf = io.BytesIO()
    >>> np.save(buf, np.array([1, 3, 0, 2], dtype=np.int32))
    >>> read_npy(buf.getvalue())
    Solution([1, 3, 0, 2])
    """
    if not data.startswith(b"\x93NUMPY"):
        raise BadInput(f"{_where(source)}not an npy file (it does not start with the npy magic)")
    count, dtype, offset = _check_npy_header(data, source)
    # the columns are read where they lie in the file's bytes: no copy when they are
    # int32 (or int64 from n = 2**31), one to the column dtype otherwise
    fixed = data if isinstance(data, bytes) else bytes(data)
    arr = np.frombuffer(fixed, dtype=dtype, count=count, offset=offset)
    try:
        return Solution._of_fixed_array(arr)
    except BadInput as exc:
        raise BadInput(f"{_where(source)}{exc}") from None


def _check_npy_header(data: bytes, source: str | None) -> tuple[int, np.dtype[Any], int]:
    """Refuse an npy file whose header does not describe what follows it (a shape larger
    than the file, or than :data:`READ_MAX_N`), before numpy allocates the array; return
    the number of values, their dtype and where they start.

    >>> import io
    >>> buf = io.BytesIO()
    >>> np.save(buf, np.arange(4))
    >>> _check_npy_header(buf.getvalue()[:-8], "q.npy")
    Traceback (most recent call last):
    ...
    nqueens.errors.BadInput: q.npy: damaged npy file (its header gives 4 values of 8 bytes, ...
    """
    fh = io.BytesIO(data)
    try:
        version = np.lib.format.read_magic(fh)
        if version == (1, 0):
            shape, _, dtype = np.lib.format.read_array_header_1_0(fh)
        elif version == (2, 0):
            shape, _, dtype = np.lib.format.read_array_header_2_0(fh)
        else:
            raise ValueError(f"npy format version {version[0]}.{version[1]}")
    except (ValueError, OSError, EOFError, SyntaxError, TypeError, RecursionError) as exc:
        first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise BadInput(f"{_where(source)}damaged or unsupported npy file "
                       f"({printable(first, 100)})") from None
    if len(shape) != 1 or dtype.kind not in "iu":
        raise BadInput(f"{_where(source)}an npy board is a 1-D integer array of columns")
    count, size = int(shape[0]), int(dtype.itemsize)
    if count > READ_MAX_N:
        raise BadInput(f"{_where(source)}an npy board of {count:,} queens: boards are read up "
                       f"to n = {READ_MAX_N:,}")
    rest = len(data) - fh.tell()
    if count * size != rest:
        raise BadInput(f"{_where(source)}damaged npy file (its header gives {count:,} values "
                       f"of {size} bytes, {rest:,} bytes follow it)")
    return count, dtype, fh.tell()


def _looks_like_perm(head: bytes) -> bool:
    return bool(head.strip()) and all(b in b"0123456789+ \t\r\n," for b in head)


def input_limit(head: bytes, fmt: str | None = None) -> tuple[int, str]:
    """The size limit of a board input whose first bytes are ``head`` (``fmt``: the
    format when it is given), and the words that say why: see :data:`PERM_MAX_BYTES`,
    :data:`NPY_MAX_BYTES` and :data:`TEXT_MAX_BYTES`.

    >>> input_limit(b"2 4 1 3")
    (1200000000, 'the 1.2 GB a perm board of at most n = 100,000,000 takes')
    >>> input_limit(b".Q..")[1]
    'the 4 MB a text board of at most n = 1000 takes (use perm or npy above)'
    """
    from .bounded_input import size_text

    head = head.removeprefix(b"\xef\xbb\xbf")
    if fmt == "npy" or (fmt is None and head.startswith(_NPY_MAGIC)):
        return NPY_MAX_BYTES, (f"the {size_text(NPY_MAX_BYTES)} an npy board of at most "
                               f"n = {READ_MAX_N:,} takes")
    if fmt == "perm" or (fmt is None and _looks_like_perm(head)):
        return PERM_MAX_BYTES, (f"the {size_text(PERM_MAX_BYTES)} a perm board of at most "
                                f"n = {READ_MAX_N:,} takes")
    return TEXT_MAX_BYTES, (f"the {size_text(TEXT_MAX_BYTES)} a text board of at most "
                            f"n = {TEXT_MAX_N} takes (use perm or npy above)")


def _number(text: str) -> str:
    """A number from a file as a message shows it: very long ones by their length.

    >>> _number("12"), _number("9" * 40)
    ('12', 'a 40-digit number')
    """
    digits = text.lstrip("+-")
    return text if len(digits) <= 30 else f"a {len(digits):,}-digit number"


def _json_loads(text: str, source: str | None, what: str) -> Any:
    """``json.loads`` with every failure as one :class:`BadInput` line (``what``: the
    words after "not", e.g. "JSON").

    >>> _json_loads("[" * 100_000, None, "JSON")
    Traceback (most recent call last):
    ...
    nqueens.errors.BadInput: not JSON: nested too deeply (a board file nests 3 levels)
    """
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise BadInput(f"{_where(source, exc.lineno, exc.colno)}not {what}: {exc.msg}") from None
    except RecursionError:
        raise BadInput(f"{_where(source)}not {what}: nested too deeply (a board file nests 3 "
                       "levels)") from None
    except ValueError:  # an integer of more digits than Python converts
        raise BadInput(f"{_where(source)}not {what}: a number of thousands of digits "
                       "(off any board)") from None


def read_perm_bytes(data: bytes, source: str | None = None) -> Solution:
    """Read a permutation of any size in one pass (the C parser), with the messages of
    :func:`read_perm`.

    >>> read_perm_bytes(b"2 4 1 3").as_tuple()
    (1, 3, 0, 2)
    """
    from .kernels.textparse import parse_uints, token_offset

    buf = np.frombuffer(data, dtype=np.uint8)
    out = np.empty(min(len(data) // 2 + 1, READ_MAX_N), dtype=np.int64)
    count, bad = parse_uints(buf, out)
    if bad >= 0 and count == out.shape[0]:
        raise BadInput(f"{_where(source)}more than {READ_MAX_N:,} numbers: boards are read up "
                       f"to n = {READ_MAX_N:,}")

    def where(token: int) -> str:
        off = int(token_offset(buf, token))
        line = data.count(b"\n", 0, off) + 1
        col = off - (data.rfind(b"\n", 0, off) + 1) + 1
        return _where(source, line, col)

    def text_of(token: int) -> str:  # the token as written (huge values are clipped)
        off = int(token_offset(buf, token))
        m = re.match(rb"[^\s,]+", data[off:off + 4096])
        if m and len(m.group()) == 4096:
            return "a number of more than 4,000 digits"
        return _number(m.group().decode("ascii", "replace").lstrip("+")) if m else "?"

    if bad >= 0:
        line = data.count(b"\n", 0, bad) + 1
        col = bad - (data.rfind(b"\n", 0, bad) + 1) + 1
        end = bad
        while end < len(data) and data[end:end + 1] not in (b" ", b"\t", b"\n", b"\r", b","):
            end += 1
        tok = data[bad:min(end, bad + 200)].decode("utf-8", "replace")
        raise BadInput(f"{_where(source, line, col)}{printable(repr(tok), 60)} is not a whole "
                       "number")
    if count == 0:
        raise BadInput(f"{_where(source)}empty input: no board found")
    vals = out[:count]
    n = count
    off_board = np.flatnonzero((vals < 1) | (vals > n))
    if off_board.size:
        i = int(off_board[0])
        raise BadInput(f"{where(i)}{text_of(i)} is not a column of a {n}x{n} "
                       f"board (a permutation of 1..{n})")
    cols = np.subtract(vals, 1, out=vals)
    seen = np.zeros(n, dtype=np.bool_)
    seen[cols] = True
    if np.count_nonzero(seen) < n:
        # the first repeated value, with the row where it first appeared
        order = np.argsort(cols, kind="stable")
        sc = cols[order]
        dup = np.flatnonzero(sc[1:] == sc[:-1])
        firsts = order[dup]
        seconds = order[dup + 1]
        k = int(np.argmin(seconds))
        i, j = int(firsts[k]), int(seconds[k])
        raise BadInput(f"{where(j)}not a permutation: {int(cols[j]) + 1} appears twice "
                       f"(rows {i + 1} and {j + 1})")
    return Solution._trusted(cols.astype(column_dtype(n)))


def read_bytes(data: bytes, fmt: str | None = None, source: str | None = None) -> Solution:
    """Read one board from the bytes of a file: ``npy`` (detected by its magic number),
    a large permutation (the one-pass parser), or any text format through :func:`read`.

    >>> read_bytes(b"2 4 1 3").as_tuple()
    (1, 3, 0, 2)
    """
    data = data.removeprefix(b"\xef\xbb\xbf")  # a UTF-8 byte-order mark
    if fmt == "npy" or (fmt is None and data.startswith(_NPY_MAGIC)):
        return read_npy(data, source)
    if fmt == "perm" or (fmt is None and len(data) > LARGE_INPUT_BYTES
                         and _looks_like_perm(data[:4096])):
        return read_perm_bytes(data, source)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise BadInput(f"{_where(source)}not a text file (nor an npy file)") from None
    return read(text, fmt, source)
