"""Writers of every text format, a block of boards at a time, and of ``npy``.

A block is a ``(k, n)`` array of columns, one board a row (as
:func:`nqueens.algorithms.search.iter_solution_batches` gives them); each block writer returns
the text of each of its boards, which :func:`nqueens.output.formats.write_blocks` joins.

>>> blk = np.array([[1, 3, 0, 2], [2, 0, 3, 1]])
>>> perm_texts(blk)
['2 4 1 3', '3 1 4 2']
>>> algebraic_texts(blk[:1])
['a2 b4 c1 d3']
"""

from __future__ import annotations

import functools
import io
import json
from collections.abc import Iterable
from typing import IO, Any, cast

import numpy as np
import numpy.typing as npt

from ...base.board import INT32_BELOW, Solution, row_texts
from ...base.squares import square_name

Block = npt.NDArray[np.integer[Any]]


def board_texts(block: Block) -> list[str]:
    """The Q/. board of each row of ``block``, one line a row of the board.

    >>> print(board_texts(np.array([[1, 0]]))[0])
    .Q
    Q.
    """
    rows = row_texts(block.shape[1])
    return ["\n".join([rows[c] for c in cols]) for cols in block.tolist()]


@functools.lru_cache(maxsize=64)
def _matrix_rows(n: int) -> tuple[str, ...]:
    """The n possible rows of an n×n 0/1 matrix, by the queen's column."""
    return tuple(" ".join("1" if j == c else "0" for j in range(n)) for c in range(n))


def matrix_texts(block: Block) -> list[str]:
    """The 0/1 matrix of each board (``1`` for a queen, entries separated by spaces).

    >>> print(matrix_texts(np.array([[1, 0]]))[0])
    0 1
    1 0
    """
    n = block.shape[1]
    rows = _matrix_rows(n) if n <= 64 else [" ".join("1" if j == c else "0" for j in range(n))
                                            for c in range(n)]
    return ["\n".join([rows[c] for c in cols]) for cols in block.tolist()]


def list_texts(block: Block) -> list[str]:
    """The list of row strings of each board, as a JSON array.

    >>> list_texts(np.array([[0]]))
    ['["Q"]']
    """
    rows = row_texts(block.shape[1])
    return [json.dumps([rows[c] for c in cols], separators=(",", ":"))
            for cols in block.tolist()]


def perm_texts(block: Block) -> list[str]:
    """The 1-based column of the queen in each row, separated by spaces.

    >>> perm_texts(np.array([[1, 3, 0, 2]]))
    ['2 4 1 3']
    """
    return [" ".join(map(str, cols)) for cols in (block + 1).tolist()]


def algebraic_texts(block: Block) -> list[str]:
    """The queens' squares in chess notation, file by file (column a first; row 0 is
    the top rank, rank ``n``, as on a printed board).

    >>> algebraic_texts(np.array([[1, 3, 0, 2]]))
    ['a2 b4 c1 d3']
    """
    n = block.shape[1]
    rows = np.arange(n)
    out = []
    for cols in block:
        order = np.lexsort((rows, cols)).tolist()   # by column, then row
        col_of = cols.tolist()
        out.append(" ".join([square_name((r, col_of[r]), n) for r in order]))
    return out


def solution_json(s: Solution) -> dict[str, Any]:
    """The JSON object of a board: ``{"n": n, "queens": [[row, col], ...]}`` (0-based).

    >>> solution_json(Solution([1, 3, 0, 2]))
    {'n': 4, 'queens': [[0, 1], [1, 3], [2, 0], [3, 2]]}
    """
    return {"n": s.n, "queens": [[r, c] for r, c in enumerate(s.cols.tolist())]}


def json_texts(block: Block) -> list[str]:
    """The JSON object of each board (see :func:`solution_json`).

    >>> json_texts(np.array([[1, 0]]))
    ['{"n": 2, "queens": [[0, 1], [1, 0]]}']
    """
    n = block.shape[1]
    return [json.dumps({"n": n, "queens": [[r, c] for r, c in enumerate(cols)]})
            for cols in block.tolist()]


def write_perm_stream(s: Solution, out: IO[str], chunk: int = 1 << 20) -> None:
    """Write the ``perm`` format of a board of any size in chunks, ending with a newline
    (:func:`write_perm_blocks` on the board's columns).

    >>> import io
    >>> buf = io.StringIO()
    >>> write_perm_stream(Solution([1, 3, 0, 2]), buf, chunk=24)
    >>> print(buf.getvalue(), end="")
    2 4 1 3
    """
    write_perm_blocks([s.cols], out, chunk)


def write_perm_blocks(blocks: Iterable[Block], out: IO[str], chunk: int = 1 << 20) -> None:
    """Write the ``perm`` format of a board whose columns come in ``blocks`` (1-D
    arrays, the rows in order), ending with a newline: the same text as
    :func:`write_perm_stream` of the whole board.

    The numbers are formatted by the native core into a buffer of ``chunk`` bytes at a
    time (:func:`nqueens.kernels.textparse.format_uints`) and written at once, so the
    text never exists whole and a block may be overwritten as soon as the next is asked
    for.

    >>> import io
    >>> buf = io.StringIO()
    >>> write_perm_blocks([np.array([1, 3]), np.array([0, 2])], buf, chunk=24)
    >>> buf.getvalue()
    '2 4 1 3\\n'
    """
    from ...kernels.textparse import format_uints

    buf = bytearray(max(chunk, 64))
    written_any = False
    for block in blocks:
        cols = _formattable(block)
        n = cols.shape[0]
        if n and written_any:
            out.write(" ")  # each call separates only the numbers of its own block
        start = 0
        while start < n:
            start, written = format_uints(cols, start, 1, buf)
            out.write(buf[:written].decode("ascii"))
        written_any = written_any or n > 0
    out.write("\n")


def _formattable(block: Block) -> npt.NDArray[np.int32] | npt.NDArray[np.int64]:
    """``block`` as int32 or int64, the integers the native formatter takes (a copy
    only for other integer types)."""
    if block.dtype == np.int32 or block.dtype == np.int64:
        return cast("npt.NDArray[np.int32] | npt.NDArray[np.int64]", block)
    return block.astype(np.int64)


#: Columns of boards below this n are written to ``npy`` as int32 (half the bytes), as
#: boards hold them.
NPY_INT32_BELOW = INT32_BELOW

#: Rows of a board's columns handed to ``out.write`` at a time by :func:`write_npy`.
NPY_BLOCK_ROWS = 1 << 20


def npy_dtype(n: int) -> np.dtype[Any]:
    """The dtype of the columns of a board of ``n`` in an ``npy`` file.

    >>> npy_dtype(8).name, npy_dtype(2**31).name
    ('int32', 'int64')
    """
    return np.dtype(np.int64 if n >= NPY_INT32_BELOW else np.int32)


def npy_header(n: int) -> bytes:
    """The header ``numpy.save`` writes before the columns of a board of ``n`` (format
    1.0, the dtype of :func:`npy_dtype`, shape ``(n,)``).

    >>> h = npy_header(4)
    >>> len(h) % 64, h[:6], b"'shape': (4,)" in h
    (0, b'\\x93NUMPY', True)
    """
    header = io.BytesIO()
    np.lib.format.write_array_header_1_0(header, {
        "descr": np.lib.format.dtype_to_descr(npy_dtype(n)),
        "fortran_order": False, "shape": (int(n),)})
    return header.getvalue()


def write_npy(s: Solution, out: IO[bytes]) -> None:
    """Write the board's column array (0-based) as ``numpy.save`` would: int32 for n
    below :data:`NPY_INT32_BELOW` (every board the command line makes), int64 above
    (:func:`write_npy_blocks` on views of the columns: no copy when they have that
    dtype).

    >>> import io
    >>> buf = io.BytesIO()
    >>> write_npy(Solution([1, 3, 0, 2]), buf)
    >>> buf.seek(0)
    0
    >>> arr = np.load(buf)
    >>> arr.dtype.name, arr.tolist()
    ('int32', [1, 3, 0, 2])
    """
    cols, n = s.cols, len(s)
    write_npy_blocks(n, (cols[i:i + NPY_BLOCK_ROWS] for i in range(0, n, NPY_BLOCK_ROWS)), out)


def write_npy_blocks(n: int, blocks: Iterable[Block], out: IO[bytes]) -> None:
    """Write a board of ``n`` whose columns come in ``blocks`` (1-D arrays, the rows in
    order) as ``numpy.save`` writes the whole array: the header for shape ``(n,)``
    first, then each block as it comes (converted to :func:`npy_dtype` when it has
    another dtype, a block at a time). Blocks that do not add up to ``n`` rows raise
    ValueError (the caller's output is then not kept).

    >>> import io
    >>> buf = io.BytesIO()
    >>> write_npy_blocks(4, [np.array([1, 3]), np.array([0, 2])], buf)
    >>> buf.getvalue() == npy_header(4) + np.array([1, 3, 0, 2], np.int32).tobytes()
    True
    """
    dtype = npy_dtype(n)
    # the header and the data go through ``out.write`` (np.save would hand a real file to
    # C, where a reader that went away shows as a bare OSError instead of a broken pipe)
    out.write(npy_header(n))
    rows = 0
    for block in blocks:
        rows += block.shape[0]
        if rows > n:
            break
        out.write(np.ascontiguousarray(block, dtype=dtype).data.cast("B"))
    if rows != n:
        raise ValueError(f"the blocks of a board of {n:,} rows hold "
                         f"{'more' if rows > n else f'{rows:,}'}")
