"""Every board format, declared once in :data:`FORMATS`; reading detects the format.

============  ==========================================================  =====
name          example for ``Solution([1, 3, 0, 2])``                      read
============  ==========================================================  =====
``board``     ``.Q..`` / ``...Q`` / ``Q...`` / ``..Q.`` (spaces optional)  yes
``matrix``    ``0 1 0 0`` / ``0 0 0 1`` / ... (``1`` is a queen)           yes
``list``      ``[".Q..","...Q","Q...","..Q."]``                            yes
``perm``      ``2 4 1 3`` (the queen's column in each row, 1-based)        yes
``algebraic`` ``a2 b4 c1 d3`` (file ``a`` = first column, rank 1 = bottom)  yes
``json``      ``{"n": 4, "queens": [[0, 1], [1, 3], [2, 0], [3, 2]]}``     yes
``svg``       a picture (a gallery for several boards)                    no
``png``       a picture (binary: :func:`write_bytes`)                      no
``npy``       the column array as ``numpy.save`` writes it (binary)        yes
============  ==========================================================  =====

A :class:`Format` says how a format reads and writes, whether it is bytes, how a
board's size grows with n, which file extensions name it and whether a document
holds several boards. Text formats write a block of boards at a time
(:func:`write_blocks`); one board is a block of one row (:func:`write`).

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
>>> FORMATS["png"].binary, FORMATS["board"].growth, format_for_extension(".svg")
(True, 'n²', 'svg')
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import IO, Any, Literal

import numpy as np

from ...base.board import Solution, column_dtype
from ...base.errors import BadInput
from ...base.placement import Placement
from ..pictures import DEFAULT_STYLE, GALLERY_MAX, Style
from . import readers, writers
from .limits import (
    LARGE_INPUT_BYTES,
    NPY_MAGIC,
    NPY_MAX_BYTES,
    PERM_MAX_BYTES,
    READ_MAX_N,
    TEXT_MAX_BYTES,
    TEXT_MAX_N,
    input_limit,
    looks_like_perm,
)
from .readers import detect, read_npy, read_perm, read_perm_bytes
from .writers import (
    Block,
    solution_json,
    write_npy,
    write_npy_blocks,
    write_perm_blocks,
    write_perm_stream,
)

Growth = Literal["n", "n²"]


@dataclass(frozen=True)
class Format:
    """One board format: how it is read and written, and what a file of it is.

    ``texts`` (text formats) gives the text of each board of a block, joined by
    ``between`` (inside ``[`` ``]`` when ``array``); ``whole`` (pictures, ``npy``)
    makes the document from all its boards at once (with a caption each), at most
    ``most`` of them (None: no limit; ``many`` false: one). ``growth``:
    a board's size grows with n (a number or name a queen) or with n² (a mark or a
    picture's square a square). ``streamed``: written in pieces, for any n.
    ``partial``: its reader takes ``partial=True`` and then reads a board with empty
    rows as a :class:`~nqueens.base.placement.Placement`.

    >>> FORMATS["perm"].streamed, FORMATS["json"].array, FORMATS["npy"].many
    (True, True, False)
    """

    name: str
    summary: str
    binary: bool = False
    growth: Growth = "n"
    extensions: tuple[str, ...] = ()
    many: bool = True
    most: int | None = None
    streamed: bool = False
    read: Callable[..., Solution | Placement] | None = None
    partial: bool = False
    read_data: Callable[[bytes, str | None], Solution] | None = None
    texts: Callable[[Block], list[str]] | None = None
    between: str = "\n"
    array: bool = False
    whole: Callable[[Sequence[Solution], Sequence[str] | None, Style], str | bytes] | None = None

    def check_n(self, n: int) -> None:
        """Refuse a board too large to write in this format (one square a mark or a
        picture's square, or built whole in memory) above :data:`TEXT_MAX_N`.

        >>> FORMATS["board"].check_n(1001)
        Traceback (most recent call last):
        ...
        nqueens.base.errors.BadInput: --format board is refused for n = 1001 (above 1000); ...
        """
        if n > TEXT_MAX_N and not self.streamed:
            raise BadInput(f"--format {self.name} is refused for n = {n} (above {TEXT_MAX_N}); "
                           "use --format perm (streamed text) or --format npy (binary)")


def _svg(boards: Sequence[Solution], captions: Sequence[str] | None, style: Style) -> str:
    from ..pictures import picture_svg

    return picture_svg(boards, style, captions)


def _png(boards: Sequence[Solution], captions: Sequence[str] | None, style: Style) -> bytes:
    from ..pictures import picture_png

    return picture_png(boards, style, captions)


def _npy(boards: Sequence[Solution], captions: Sequence[str] | None, style: Style) -> bytes:
    buf = io.BytesIO()
    write_npy(boards[0], buf)
    return buf.getvalue()


#: Every format, in the order ``--help`` lists them.
FORMATS: dict[str, Format] = {f.name: f for f in (
    Format("board", "a Q/. board, one row a line", growth="n²", partial=True,
           read=readers.read_board,
           texts=writers.board_texts, between="\n\n"),
    Format("matrix", "the 0/1 matrix, 1 for a queen", growth="n²", partial=True,
           read=readers.read_matrix,
           texts=writers.matrix_texts, between="\n\n"),
    Format("list", "the rows as a JSON list of strings", growth="n²", partial=True,
           read=readers.read_list,
           texts=writers.list_texts, between=",", array=True),
    Format("perm", "the queen's column in each row, 1-based", streamed=True,
           read=readers.read_perm, texts=writers.perm_texts),
    Format("algebraic", "the queens' squares, a1 the bottom left", read=readers.read_algebraic,
           partial=True,
           texts=writers.algebraic_texts),
    Format("json", 'a JSON object {"n": N, "queens": [[row, col], ...]}', extensions=(".json",),
           partial=True,
           read=readers.read_json, texts=writers.json_texts, between=",", array=True),
    Format("svg", "a picture (a gallery for several boards)", growth="n²",
           extensions=(".svg",), most=GALLERY_MAX, whole=_svg),
    Format("png", "a picture (a gallery for several boards)", binary=True, growth="n²",
           extensions=(".png",), most=GALLERY_MAX, whole=_png),
    Format("npy", "the column array as numpy.save writes it", binary=True,
           extensions=(".npy",), many=False, streamed=True, read_data=read_npy, whole=_npy),
)}

#: Every format that can be written.
WRITE_FORMATS: tuple[str, ...] = tuple(FORMATS)
#: The write formats that are bytes, not text (write them with :func:`write_bytes`).
BINARY_FORMATS: tuple[str, ...] = tuple(f.name for f in FORMATS.values() if f.binary)
#: Every text format that can be read (:func:`read`).
READ_FORMATS: tuple[str, ...] = tuple(f.name for f in FORMATS.values() if f.read)
#: Binary formats that can be read from a file's bytes (:func:`read_bytes`).
BINARY_READ_FORMATS: tuple[str, ...] = tuple(f.name for f in FORMATS.values() if f.read_data)


def get(name: str) -> Format:
    """The format called ``name``.

    >>> get("perm").name
    'perm'
    >>> get("gif")
    Traceback (most recent call last):
    ...
    nqueens.base.errors.BadInput: unknown format 'gif' (choose one of: board, matrix, list, ...
    """
    try:
        return FORMATS[name]
    except KeyError:
        raise BadInput(f"unknown format {name!r} (choose one of: "
                       f"{', '.join(WRITE_FORMATS)})") from None


#: The extensions of an output written as text in the format asked for (or the default).
TEXT_EXTENSIONS: tuple[str, ...] = (".txt", ".text")


def format_for_extension(ext: str) -> str | None:
    """The format a file extension (``.svg``, any case) names, or None.

    >>> format_for_extension(".PNG"), format_for_extension(".txt")
    ('png', None)
    """
    ext = ext.lower()
    return next((f.name for f in FORMATS.values() if ext in f.extensions), None)


# ---------------------------------------------------------------------------------- writing
def write(s: Solution, fmt: str = "board", style: Style = DEFAULT_STYLE) -> str:
    """Write one board in the text format ``fmt``: the format's block writer on one row.

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
    nqueens.base.errors.BadInput: png is a binary format: write it with write_bytes, to a file
    """
    f = get(fmt)
    if f.binary:
        raise BadInput(f"{fmt} is a binary format: write it with write_bytes, to a file")
    if f.texts is not None:
        return f.texts(s.cols[np.newaxis, :])[0]
    assert f.whole is not None
    return str(f.whole([s], None, style))


def write_bytes(s: Solution, fmt: str, style: Style = DEFAULT_STYLE) -> bytes:
    """Write one board in any format as bytes (text formats in UTF-8).

    >>> write_bytes(Solution([1, 0]), "perm")
    b'2 1'
    >>> write_bytes(Solution([1, 0]), "png")[1:4]
    b'PNG'
    """
    f = get(fmt)
    if f.binary:
        assert f.whole is not None
        data = f.whole([s], None, style)
        return data if isinstance(data, bytes) else data.encode("utf-8")
    return write(s, fmt, style).encode("utf-8")


def write_blocks(blocks: Iterable[Block], fmt: str, out: IO[Any], limit: int | None = None,
                 captions: Sequence[str] | None = None, style: Style = DEFAULT_STYLE) -> int:
    """Write the boards of ``blocks`` (``(k, n)`` arrays of columns) to ``out`` as one
    document of format ``fmt``, at most ``limit`` of them; return how many.

    Text formats are written a block at a time as the blocks come: ``board`` and
    ``matrix`` boards are separated by a blank line, ``perm`` and ``algebraic`` take
    one line each, ``list`` and ``json`` make one JSON array (``[]`` for none).
    Pictures draw all the boards at once (``captions``: the words under each board of
    a gallery; the permutation when None).

    >>> import io
    >>> buf = io.StringIO()
    >>> write_blocks([np.array([[1, 3, 0, 2], [2, 0, 3, 1]])], "perm", buf)
    2
    >>> print(buf.getvalue(), end="")
    2 4 1 3
    3 1 4 2
    """
    f = get(fmt)
    if f.texts is None:
        return _write_whole(f, list(_boards(blocks, _wanted(f, limit))), out, captions, style)
    if f.array:
        out.write("[")
    count = 0
    for block in blocks:
        block = block if limit is None else block[:max(0, limit - count)]
        if len(block):
            out.write((f.between if count else "") + f.between.join(f.texts(block)))
            count += len(block)
        elif limit is not None and count >= limit:
            break
    if f.array:
        out.write("]\n")
    elif count:
        out.write("\n")
    return count


def _wanted(f: Format, limit: int | None) -> int | None:
    """How many boards to take for a document written whole: ``limit``, and one past
    the most the format holds (to tell that there are more)."""
    most = f.most if f.many else 1
    if most is None or limit is not None and limit <= most:
        return limit
    return most + 1


def _write_whole(f: Format, boards: list[Solution], out: IO[Any],
                 captions: Sequence[str] | None, style: Style) -> int:
    """Write a picture or an npy file of ``boards``, refusing more than it holds."""
    assert f.whole is not None
    most = f.most if f.many else 1
    if most is not None and len(boards) > most:
        raise BadInput(f"a {f.name} picture shows at most {most:,} boards; use --limit K or "
                       "--unique, or another --format" if f.many else
                       f"{f.name} holds one board; use perm for many boards")
    if not boards and not f.many:
        raise BadInput(f"{f.name} holds one board: there is none to write")
    data = f.whole(boards, captions, style)
    out.write(data + "\n" if isinstance(data, str) else data)
    return len(boards)


def write_many(solutions: Iterable[Solution], fmt: str, out: IO[Any],
               captions: Sequence[str] | None = None, style: Style = DEFAULT_STYLE) -> int:
    """Write boards to ``out`` as they come, one document for them all (see
    :func:`write_blocks`); return how many.

    >>> import io
    >>> buf = io.StringIO()
    >>> write_many([Solution([1, 3, 0, 2]), Solution([2, 0, 3, 1])], "json", buf)
    2
    >>> buf.getvalue().count('"queens"'), buf.getvalue()[0]
    (2, '[')
    """
    return write_blocks((s.cols[np.newaxis, :] for s in solutions), fmt, out,
                        captions=captions, style=style)


def _boards(blocks: Iterable[Block], limit: int | None) -> Iterator[Solution]:
    count = 0
    for block in blocks:
        for row in block.astype(column_dtype(block.shape[1]), copy=False):
            if limit is not None and count >= limit:
                return
            count += 1
            yield Solution.of_known_columns(row)


# ---------------------------------------------------------------------------------- reading
def read(text: str | bytes, fmt: str | None = None, source: str | None = None) -> Solution:
    """Read one board; detect the format unless ``fmt`` names one of :data:`READ_FORMATS`.

    ``source`` (a file name) prefixes error messages, which give the line and column.
    (:func:`read_placement` reads boards with empty rows too.)

    >>> read("2 4 1 3")
    Solution([1, 3, 0, 2])
    >>> read(".Q..\\n...Q\\nQ...\\n..Q.", fmt="board")
    Solution([1, 3, 0, 2])
    """
    board = _read(text, fmt, source, partial=False)
    assert isinstance(board, Solution)
    return board


def read_placement(data: str | bytes, fmt: str | None = None,
                   source: str | None = None) -> Solution | Placement:
    """Read one board, or the queens of a board with empty rows as a
    :class:`~nqueens.base.placement.Placement` (the formats whose ``partial`` is true).

    >>> read_placement(".Q..\\n....\\n....\\n..Q.")
    Placement(n=4, queens=((0, 1), (3, 2)))
    >>> read_placement(b"2 4 1 3")
    Solution([1, 3, 0, 2])
    """
    return _read(data, fmt, source, partial=True)


def _read(text: str | bytes, fmt: str | None, source: str | None,
          partial: bool) -> Solution | Placement:
    if isinstance(text, bytes | bytearray):  # the bytes of a file: npy, or text
        return _read_bytes(bytes(text), fmt, source, partial)
    text = text.removeprefix("\ufeff")  # a byte-order mark some editors write
    if fmt is None:
        fmt = detect(text, source)
    f = FORMATS.get(fmt)
    if f is not None and f.binary:
        raise BadInput(f"{readers.where(source)}{fmt} is a binary format: read it with "
                       "read_bytes")
    if f is None or f.read is None:
        raise BadInput(f"cannot read format {fmt!r} (choose one of: "
                       f"{', '.join(READ_FORMATS)})")
    if partial and f.partial:
        return f.read(text, source, partial=True)
    board = f.read(text, source)
    assert isinstance(board, Solution)
    return board


def read_bytes(data: bytes, fmt: str | None = None, source: str | None = None) -> Solution:
    """Read one board from the bytes of a file: ``npy`` (detected by its magic number),
    a large permutation (the one-pass parser), or any text format through :func:`read`.

    >>> read_bytes(b"2 4 1 3").as_tuple()
    (1, 3, 0, 2)
    """
    board = _read_bytes(data, fmt, source, partial=False)
    assert isinstance(board, Solution)
    return board


def _read_bytes(data: bytes, fmt: str | None, source: str | None,
                partial: bool) -> Solution | Placement:
    data = data.removeprefix(b"\xef\xbb\xbf")  # a UTF-8 byte-order mark
    if fmt == "npy" or (fmt is None and data.startswith(NPY_MAGIC)):
        return read_npy(data, source)
    if fmt == "perm" or (fmt is None and len(data) > LARGE_INPUT_BYTES
                         and looks_like_perm(data[:4096])):
        return read_perm_bytes(data, source)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise BadInput(f"{readers.where(source)}not a text file (nor an npy file)") from None
    return _read(text, fmt, source, partial)


__all__ = [
    "BINARY_FORMATS", "BINARY_READ_FORMATS", "FORMATS", "Format", "NPY_MAX_BYTES",
    "PERM_MAX_BYTES", "READ_FORMATS", "READ_MAX_N", "TEXT_MAX_BYTES", "TEXT_MAX_N",
    "TEXT_EXTENSIONS", "WRITE_FORMATS", "detect", "format_for_extension", "get", "input_limit",
    "read",
    "read_bytes", "read_perm", "read_placement", "read_perm_bytes", "solution_json", "write",
    "write_blocks", "write_bytes", "write_many", "write_npy", "write_npy_blocks",
    "write_perm_blocks", "write_perm_stream",
]
