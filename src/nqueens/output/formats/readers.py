"""Readers of every text format, and of ``npy``: one board from a file's contents,
with messages that say where an input goes wrong (file, line, column).

>>> read_perm("2 4 1 3")
Solution([1, 3, 0, 2])
>>> detect(".Q\\nQ.")
'board'
"""

from __future__ import annotations

import io
import json
import re
from typing import Any

import numpy as np

from puzzleshell.text import printable

from ...base.board import Solution, column_dtype
from ...base.errors import BadInput
from ...base.placement import Placement
from ...base.squares import NAME as SQUARE_NAME
from ...base.squares import parse_square
from .limits import MAX_DIGITS, NPY_READ_MAX_N, READ_MAX_N, TEXT_MAX_N
from .npy_header import parse_npy_header


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


def where(source: str | None, line: int | None = None, col: int | None = None) -> str:
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
        raise BadInput(f"{where(source)}empty input: no board found")
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
    if tokens and tokens[0].lstrip("+").isdigit():  # numbers, then something else
        for line, raw in lines:
            for m in re.finditer(r"[^\s,]+", raw):
                if not m.group().lstrip("+").isdigit():
                    at = where(source, line, m.start() + 1)
                    raise BadInput(f"{at}{m.group()!r} is not a whole number (what comes "
                                   "before reads as a permutation)")
    raise BadInput(
        f"{where(source)}cannot tell the board format (expected a Q/. board, a 0/1 matrix, a "
        "list of strings, a permutation, algebraic squares or JSON); use --input-format"
    )


def _rows_of(rows: int, width: int) -> str:
    """How a board that is not square is shaped, in words.

    >>> _rows_of(1, 4), _rows_of(3, 4)
    ('1 row of 4', '3 rows of 4')
    """
    return f"{rows} row{'s' if rows != 1 else ''} of {width}"


def _rows_to_solution(rows: list[tuple[int, list[int]]], source: str | None,
                      partial: bool = False) -> Solution | Placement:
    """rows: (line number, columns holding a queen) for each board row, in order; with
    ``partial``, rows without a queen or with several make a :class:`Placement`."""
    n = len(rows)
    if partial and any(len(queens) != 1 for _, queens in rows):
        return Placement(n, tuple((r, c) for r, (_, q) in enumerate(rows) for c in q))
    cols = np.empty(n, dtype=np.int64)
    for r, (line, queens) in enumerate(rows):
        if not queens:
            raise BadInput(f"{where(source, line)}row {r + 1} has no queen")
        if len(queens) > 1:
            raise BadInput(
                f"{where(source, line, queens[1] + 1)}row {r + 1} has {len(queens)} queens "
                f"(one per row)"
            )
        cols[r] = queens[0]
    return Solution.of_known_columns(cols)


def _check_square_size(lines: list[tuple[int, str]], blanks: str, source: str | None) -> None:
    """Refuse a board or matrix of more than :data:`TEXT_MAX_N` rows or columns, before
    it is read square by square.

    >>> _check_square_size([(1, "Q" * 1001)], " ", "b.txt")
    Traceback (most recent call last):
    ...
    nqueens.base.errors.BadInput: b.txt, line 1: a row of 1,001 squares: boards and matrices ...
    """
    above = f"read up to n = {TEXT_MAX_N} (use perm or npy above)"
    if len(lines) > TEXT_MAX_N:
        raise BadInput(f"{where(source)}{len(lines):,} rows: boards and matrices are {above}")
    table = str.maketrans("", "", blanks)
    for line, raw in lines:
        width = len(raw.translate(table)) if len(raw) > TEXT_MAX_N else 0
        if width > TEXT_MAX_N:
            raise BadInput(f"{where(source, line)}a row of {width:,} squares: boards and "
                           f"matrices are {above}")


def _read_grid(text: str, source: str | None, marks: str, blanks: str, what: str,
               entries: str, partial: bool) -> Solution | Placement:
    """A board of one character a square (``marks``: the empty square, then the
    queens), one row a line, with ``blanks`` between squares allowed; ``what`` names
    the input and ``entries`` its squares in messages."""
    lines = _content_lines(text)
    if not lines:
        raise BadInput(f"{where(source)}empty input: no board found")
    _check_square_size(lines, blanks, source)
    rows: list[tuple[int, list[int]]] = []
    width: int | None = None
    queens = marks[1:]
    for line, raw in lines:
        cells: list[str] = []
        for pos, ch in enumerate(raw):
            if ch in blanks:
                continue
            if ch not in marks:
                held = " and ".join(repr(m) for m in dict.fromkeys(marks.upper()))
                raise BadInput(f"{where(source, line, pos + 1)}unexpected character {ch!r} "
                               f"(a {what} row holds {held})")
            cells.append(ch)
        if width is None:
            width = len(cells)
        elif len(cells) != width:
            raise BadInput(f"{where(source, line)}row {len(rows) + 1} has {len(cells)} "
                           f"{entries}, the first row has {width}")
        rows.append((line, [i for i, ch in enumerate(cells) if ch in queens]))
    assert width is not None
    if width != len(rows):
        raise BadInput(f"{where(source)}the {what} is not square: "
                       f"{_rows_of(len(rows), width)}" + _several_boards_hint(len(rows), width))
    return _rows_to_solution(rows, source, partial)


def read_board(text: str, source: str | None = None, partial: bool = False
               ) -> Solution | Placement:
    """Read a Q/. board: one row per line, spaces optional, ``Q`` (or ``q``) for a queen.

    >>> read_board(". Q . .\\n. . . Q\\nQ . . .\\n. . Q .")
    Solution([1, 3, 0, 2])
    >>> read_board("Q.\\nQQ", source="b.txt")
    Traceback (most recent call last):
    ...
    nqueens.base.errors.BadInput: b.txt, line 2, column 2: row 2 has 2 queens (one per row)

    With ``partial``, rows may be empty: the queens are a :class:`Placement`.

    >>> read_board("Q...\\n....\\n.Q..\\n....", partial=True)
    Placement(n=4, queens=((0, 0), (2, 1)))
    """
    return _read_grid(text, source, ".Qq", " \t", "board", "squares", partial)


def read_matrix(text: str, source: str | None = None, partial: bool = False
                ) -> Solution | Placement:
    """Read a 0/1 matrix (entries separated by spaces or commas, or written together).

    >>> read_matrix("0 1 0 0\\n0,0,0,1\\n1000\\n0010")
    Solution([1, 3, 0, 2])
    """
    return _read_grid(text, source, "01", " \t,", "matrix", "entries", partial)


def read_list(text: str, source: str | None = None, partial: bool = False
              ) -> Solution | Placement:
    """Read the list of row strings, ``[".Q..","...Q","Q...","..Q."]``.

    >>> read_list('[".Q..","...Q","Q...","..Q."]')
    Solution([1, 3, 0, 2])
    """
    data = _json_loads(text, source, "a JSON list")
    if isinstance(data, list) and data and all(isinstance(b, list | dict) for b in data):
        raise BadInput(f"{where(source)}this holds a list of {len(data)} boards; a board "
                       "file holds one board")
    if not isinstance(data, list) or not data or not all(isinstance(r, str) for r in data):
        raise BadInput(f"{where(source)}expected a non-empty JSON list of row strings")
    try:
        return read_board("\n".join(data), partial=partial)
    except BadInput as exc:  # its lines and columns are the list's strings and characters
        msg = re.sub(r"^line (\d+), column (\d+): ", r"string \1, character \2: ", str(exc))
        msg = re.sub(r"^line (\d+): ", r"string \1: ", msg)
        raise BadInput(f"{where(source)}{msg}") from None


def _tokens(text: str, source: str | None) -> list[tuple[int, int, str]]:
    """The words of a text separated by blanks or commas, each with its line and column
    (1-based); an empty text is :class:`BadInput`."""
    tokens = [(line, m.start() + 1, m.group()) for line, raw in _content_lines(text)
              for m in re.finditer(r"[^\s,]+", raw)]
    if not tokens:
        raise BadInput(f"{where(source)}empty input: no board found")
    return tokens


def read_perm(text: str, source: str | None = None) -> Solution:
    """Read a 1-based permutation: the queen's column in each row, ``2 4 1 3``.

    >>> read_perm("2 4 1 3")
    Solution([1, 3, 0, 2])
    >>> read_perm("1 1", source="b.txt")
    Traceback (most recent call last):
    ...
    nqueens.base.errors.BadInput: b.txt, line 1, column 3: not a permutation: 1 appears twice ...
    """
    tokens = _tokens(text, source)
    n = len(tokens)
    cols = np.empty(n, dtype=np.int64)
    seen: dict[int, int] = {}
    for i, (line, col, tok) in enumerate(tokens):
        digits = tok.lstrip("+")
        if not (digits.isdigit() and digits.isascii()):
            raise BadInput(f"{where(source, line, col)}{printable(repr(tok), 60)} is not a "
                           "whole number")
        v = int(digits) if len(digits) <= MAX_DIGITS else 0
        if not 1 <= v <= n:
            raise BadInput(
                f"{where(source, line, col)}{_number(digits) if v == 0 else v} is not a "
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
                f"{where(source, line, col)}not a permutation: {v} appears twice "
                f"(rows {seen[v] + 1} and {i + 1}){hint}"
            )
        seen[v] = i
        cols[i] = v - 1
    return Solution.of_known_columns(cols)


def read_algebraic(text: str, source: str | None = None,
                   partial: bool = False) -> Solution | Placement:
    """Read squares in chess notation (``a2 b4 c1 d3``); n is the number of squares.
    With ``partial``, a rank holding two queens makes a :class:`Placement` (whose
    queens are then checked), not an error.

    The squares may come in any order:

    >>> read_algebraic("d3 c1 b4 a2")
    Solution([1, 3, 0, 2])
    >>> read_algebraic("a2 b2 c1 d3", partial=True)
    Placement(n=4, queens=((1, 3), (2, 0), (2, 1), (3, 2)))
    """
    tokens = _tokens(text, source)
    n = len(tokens)
    cols = np.full(n, -1, dtype=np.int64)
    seen: set[tuple[int, int]] = set()
    doubled = False
    for line, col, tok in tokens:
        try:
            r, c = parse_square(tok, n)
        except BadInput as exc:
            raise BadInput(f"{where(source, line, col)}{exc}") from None
        if (r, c) in seen:
            raise BadInput(f"{where(source, line, col)}{tok} is given twice")
        seen.add((r, c))
        if cols[r] >= 0:
            if not partial:
                raise BadInput(f"{where(source, line, col)}rank {n - r} has two queens (one "
                               "per row)")
            doubled = True
        cols[r] = c
    if doubled:
        return Placement(n, tuple(sorted(seen)))
    missing = np.flatnonzero(cols < 0)
    if missing.size:
        raise BadInput(f"{where(source)}rank {n - int(missing[0])} has no queen")
    return Solution.of_known_columns(cols)


def read_json(text: str, source: str | None = None, partial: bool = False
              ) -> Solution | Placement:
    """Read ``{"n": n, "queens": [[row, col], ...]}`` (0-based, one queen per row; with
    ``partial``, fewer queens, or several in a row, make a :class:`Placement`).

    >>> read_json('{"n": 2, "queens": [[1, 0], [0, 1]]}')
    Solution([1, 0])
    >>> read_json('{"n": 2, "queens": [[0, 0], [0, 1]]}')
    Traceback (most recent call last):
    ...
    nqueens.base.errors.BadInput: row 0 has two queens (one per row)
    """
    data = _json_loads(text, source, "JSON")
    if not isinstance(data, dict) or "n" not in data or "queens" not in data:
        raise BadInput(
            f'{where(source)}expected a JSON object {{"n": N, "queens": [[row, col], ...]}}'
        )
    n, queens = data["n"], data["queens"]
    if not isinstance(n, int) or isinstance(n, bool) or n < 1:
        shown = _number(str(n)) if isinstance(n, int) else printable(repr(n), 40)
        raise BadInput(f'{where(source)}"n" must be a positive whole number, not {shown}')
    if not isinstance(queens, list) or not all(
        isinstance(q, list) and len(q) == 2 and all(isinstance(v, int) and not isinstance(v, bool)
                                                    for v in q)
        for q in queens
    ):
        raise BadInput(f'{where(source)}"queens" must be a list of [row, col] pairs of integers')
    if partial and n > TEXT_MAX_N and len(queens) != n:
        raise BadInput(f"{where(source)}{len(queens)} queen{'s' if len(queens) != 1 else ''} "
                       f"given for n = {_number(str(n))} (a partial placement is read up to n = "
                       f"{TEXT_MAX_N})")
    if len(queens) > (n * n if partial else n) or len(queens) < n and not partial:
        raise BadInput(f"{where(source)}{len(queens)} queen{'s' if len(queens) != 1 else ''} "
                       f"given for n = {_number(str(n))} "
                       + ("(one per row)" if len(queens) > n or not partial else
                          f"(a partial placement is read up to n = {TEXT_MAX_N})"))
    cols = np.full(n, -1, dtype=np.int64)
    seen: set[tuple[int, int]] = set()
    for r, c in queens:
        if not (0 <= r < n and 0 <= c < n):
            raise BadInput(f"{where(source)}queen [{_number(str(r))}, {_number(str(c))}] is "
                           f"off the {n}x{n} board (0-based)")
        if (r, c) in seen:
            raise BadInput(f"{where(source)}queen [{r}, {c}] is given twice")
        seen.add((r, c))
        if cols[r] >= 0 and not partial:
            raise BadInput(f"{where(source)}row {r} has two queens (one per row)")
        cols[r] = c
    if len(seen) != n or len({r for r, _ in seen}) != n:
        return Placement(n, tuple(sorted(seen)))
    return Solution.of_known_columns(cols)


def read_npy(data: bytes, source: str | None = None) -> Solution:
    """Read a board saved by :func:`write_npy`: a 1-D integer array of 0-based columns.

    >>> import io
    >>> buf = io.BytesIO()
    >>> np.save(buf, np.array([1, 3, 0, 2], dtype=np.int32))
    >>> read_npy(buf.getvalue())
    Solution([1, 3, 0, 2])
    """
    if not data.startswith(b"\x93NUMPY"):
        raise BadInput(f"{where(source)}not an npy file (it does not start with the npy magic)")
    count, dtype, offset = _check_npy_header(data, source)
    # the columns are read where they lie in the file's bytes: no copy when they are
    # int32 (or int64 from n = 2**31), one to the column dtype otherwise
    fixed = data if isinstance(data, bytes) else bytes(data)
    arr = np.frombuffer(fixed, dtype=dtype, count=count, offset=offset)
    try:
        return Solution.of_fixed_array(arr)
    except BadInput as exc:
        raise BadInput(f"{where(source)}{exc}") from None


def _check_npy_header(data: bytes, source: str | None) -> tuple[int, np.dtype[Any], int]:
    """Refuse an npy file whose header does not describe what follows it (a shape larger
    than the file, or than :data:`NPY_READ_MAX_N`), before numpy allocates the array; return
    the number of values, their dtype and where they start.

    >>> import io
    >>> buf = io.BytesIO()
    >>> np.save(buf, np.arange(4))
    >>> _check_npy_header(buf.getvalue()[:-8], "q.npy")
    Traceback (most recent call last):
    ...
    nqueens.base.errors.BadInput: q.npy: damaged npy file (its header gives 4 values of 8 bytes, ...
    """
    fh = io.BytesIO(data)
    shape, dtype = parse_npy_header(fh, source)
    if len(shape) != 1 or dtype.kind not in "iu":
        raise BadInput(f"{where(source)}an npy board is a 1-D integer array of columns")
    count, size = int(shape[0]), int(dtype.itemsize)
    if count > NPY_READ_MAX_N:
        raise BadInput(f"{where(source)}an npy board of {count:,} queens: boards are read up "
                       f"to n = {NPY_READ_MAX_N:,}")
    rest = len(data) - fh.tell()
    if count * size != rest:
        raise BadInput(f"{where(source)}damaged npy file (its header gives {count:,} values "
                       f"of {size} bytes, {rest:,} bytes follow it)")
    return count, dtype, fh.tell()


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
    nqueens.base.errors.BadInput: not JSON: nested too deeply (a board file nests 3 levels)
    """
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise BadInput(f"{where(source, exc.lineno, exc.colno)}not {what}: {exc.msg}") from None
    except RecursionError:
        raise BadInput(f"{where(source)}not {what}: nested too deeply (a board file nests 3 "
                       "levels)") from None
    except ValueError:  # an integer of more digits than Python converts
        raise BadInput(f"{where(source)}not {what}: a number of thousands of digits "
                       "(off any board)") from None


def read_perm_bytes(data: bytes, source: str | None = None) -> Solution:
    """Read a permutation of any size in one pass (the C parser), with the messages of
    :func:`read_perm`.

    >>> read_perm_bytes(b"2 4 1 3").as_tuple()
    (1, 3, 0, 2)
    """
    from ...kernels.textparse import parse_uints, token_offset

    buf = np.frombuffer(data, dtype=np.uint8)
    out = np.empty(min(len(data) // 2 + 1, READ_MAX_N), dtype=np.int64)
    count, bad = parse_uints(buf, out)
    if bad >= 0 and count == out.shape[0]:
        raise BadInput(f"{where(source)}more than {READ_MAX_N:,} numbers: boards are read up "
                       f"to n = {READ_MAX_N:,}")

    def at(token: int) -> str:
        off = int(token_offset(buf, token))
        line = data.count(b"\n", 0, off) + 1
        col = off - (data.rfind(b"\n", 0, off) + 1) + 1
        return where(source, line, col)

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
        raise BadInput(f"{where(source, line, col)}{printable(repr(tok), 60)} is not a whole "
                       "number")
    if count == 0:
        raise BadInput(f"{where(source)}empty input: no board found")
    vals = out[:count]
    n = count
    off_board = np.flatnonzero((vals < 1) | (vals > n))
    if off_board.size:
        i = int(off_board[0])
        raise BadInput(f"{at(i)}{text_of(i)} is not a column of a {n}x{n} "
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
        raise BadInput(f"{at(j)}not a permutation: {int(cols[j]) + 1} appears twice "
                       f"(rows {i + 1} and {j + 1})")
    return Solution.of_known_columns(cols.astype(column_dtype(n)))
