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
from typing import IO, Any

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
    from ...kernels.textparse import format_uints

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
    >>> arr.dtype.name, arr.tolist()
    ('int32', [1, 3, 0, 2])
    """
    wide = len(s) >= NPY_INT32_BELOW
    arr = np.ascontiguousarray(s.cols, dtype=np.int64 if wide else np.int32)
    # The header and the data go through ``out.write`` (np.save would hand a real file to
    # C, where a reader that went away shows as a bare OSError instead of a broken pipe).
    header = io.BytesIO()
    np.lib.format.write_array_header_1_0(header, np.lib.format.header_data_from_array_1_0(arr))
    out.write(header.getvalue())
    out.write(arr.data.cast("B"))
