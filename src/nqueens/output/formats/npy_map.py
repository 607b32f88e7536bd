"""An ``npy`` board file mapped, not read: its columns are the file's pages, which the
system reads as they are used and may drop again, so a board of a billion queens takes
no memory of the program's own (what ``nqueens check`` does with a regular file).

The header is checked as :func:`nqueens.output.formats.readers.read_npy` checks it, with
the file's size in place of the bytes read: a 1-D integer array of at most
:data:`~nqueens.output.formats.limits.NPY_READ_MAX_N` values whose data fills the rest of
the file exactly, or one line of :class:`~nqueens.base.errors.BadInput`.

>>> import os, tempfile
>>> path = os.path.join(tempfile.mkdtemp(), "q.npy")
>>> np.save(path, np.array([1, 3, 0, 2], dtype=np.int32))
>>> is_npy_file(path), map_npy(path)
(True, Solution([1, 3, 0, 2]))
"""

from __future__ import annotations

import os
import stat
from typing import Any

import numpy as np

from puzzleshell.text import size_text

from ...base.board import Solution
from ...base.errors import BadInput
from .limits import NPY_MAGIC, NPY_READ_MAX_N
from .npy_header import parse_npy_header


def is_npy_file(path: str) -> bool:
    """Whether ``path`` is a regular file that starts as an npy file does (False for
    what cannot be opened, the reader of the bytes then says why, and for what is not a
    regular file, which is read as a stream).

    >>> is_npy_file("/no/such/file.npy")
    False
    """
    try:  # a FIFO or a device is not opened here: that would wait, or take its bytes
        if not stat.S_ISREG(os.stat(path).st_mode):
            return False
        with open(path, "rb") as fh:
            return fh.read(len(NPY_MAGIC)) == NPY_MAGIC
    except OSError:
        return False


def map_npy(path: str, source: str | None = None) -> Solution:
    """The board of the npy file ``path``, its columns mapped from the file (int32
    columns are used where they lie, other integer types are copied once to int32).
    ``source`` names the file in messages (``path`` by default).

    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "q.npy")
    >>> np.save(path, np.arange(4))
    >>> with open(path, "r+b") as fh:
    ...     _ = fh.truncate(os.path.getsize(path) - 8)
    >>> map_npy(path, "q.npy")
    Traceback (most recent call last):
    ...
    nqueens.base.errors.BadInput: q.npy: damaged npy file (its header gives 4 values of 8 bytes, ...
    """
    name = path if source is None else source
    with open(path, "rb") as fh:
        count, dtype, offset = _header(fh, name)
        rest = os.fstat(fh.fileno()).st_size - offset
    if count * dtype.itemsize != rest:
        raise BadInput(f"{name}: damaged npy file (its header gives {count:,} values "
                       f"of {dtype.itemsize} bytes, {rest:,} bytes follow it)")
    if count == 0:
        raise BadInput(f"{name}: a board needs at least one row")
    try:
        cols = np.memmap(path, dtype=dtype, mode="r", offset=offset, shape=(count,))
    except OSError as exc:  # no room for the mapping: an address-space limit, say
        raise BadInput(f"{name}: cannot map its {size_text(rest)} of columns "
                       f"({exc.strerror or exc}): raise the address-space limit (ulimit -v) "
                       "or check it on a machine with more memory") from None
    try:
        return Solution.of_fixed_array(cols)
    except BadInput as exc:
        raise BadInput(f"{name}: {exc}") from None


def _header(fh: Any, name: str) -> tuple[int, np.dtype[Any], int]:
    """The number of values, their dtype and where they start, from an npy header; a
    shape that is not one row of integers, or more than :data:`NPY_READ_MAX_N`, is
    refused."""
    shape, dtype = parse_npy_header(fh, name)
    if len(shape) != 1 or dtype.kind not in "iu":
        raise BadInput(f"{name}: an npy board is a 1-D integer array of columns")
    count = int(shape[0])
    if count > NPY_READ_MAX_N:
        raise BadInput(f"{name}: an npy board of {count:,} queens: boards are read up "
                       f"to n = {NPY_READ_MAX_N:,}")
    return count, dtype, int(fh.tell())
