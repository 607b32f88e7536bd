"""Whole numbers out of a text buffer and into one, in one pass (permutations of any size).

The buffer is the file's bytes as a uint8 array; separators are spaces, tabs, line
breaks and commas. Nothing here knows about files or messages. The parser and the
writer are C (:mod:`nqueens._core.textparse`) and run without the interpreter lock.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from .._core import textparse as _core


def parse_uints(buf: npt.NDArray[np.uint8] | bytes,
                out: npt.NDArray[np.int64]) -> tuple[int, int]:
    """Write the numbers of ``buf`` into ``out``; return (how many, error offset or -1).

    A token that is not made of digits (an optional leading ``+`` allowed), or more
    tokens than ``out`` holds, stops the parse with the offset of the offending token.
    Values above 2**62 are clipped to 2**62 (they are off any board anyway), never
    wrapped around.

    >>> out = np.zeros(8, dtype=np.int64)
    >>> parse_uints(np.frombuffer(b"1, 3 0\\n+2", dtype=np.uint8), out), out[:4].tolist()
    ((4, -1), [1, 3, 0, 2])
    >>> parse_uints(np.frombuffer(b"1 x 3", dtype=np.uint8), out)  # "x" at byte 2
    (1, 2)
    >>> parse_uints(b"9" * 40, out), int(out[0]) == 2**62
    ((1, -1), True)
    """
    count, bad = _core.parse_uints(buf, out)
    return count, bad


def token_offset(buf: npt.NDArray[np.uint8] | bytes, k: int) -> int:
    """The byte offset of token ``k`` (0-based) of ``buf``, or -1.

    >>> buf = np.frombuffer(b"1, 3 0", dtype=np.uint8)
    >>> token_offset(buf, 2), token_offset(buf, 3)
    (5, -1)
    """
    return int(_core.token_offset(buf, k))


def format_uints(values: npt.NDArray[np.int32] | npt.NDArray[np.int64], start: int, add: int,
                 out: bytearray | npt.NDArray[np.uint8]) -> tuple[int, int]:
    """Write ``values[start:] + add`` in decimal into ``out`` while whole numbers fit,
    separated by single spaces (one before each value but ``values[0]``, so that
    consecutive calls join up); return (the first index not written, bytes written).
    A number is written only while 21 bytes are left (the widest number and its
    separator), so ``out`` needs at least that many.

    >>> out = bytearray(27)
    >>> format_uints(np.array([1, 3, 0, 2, 9999999]), 0, 1, out)
    (4, 7)
    >>> bytes(out[:7])
    b'2 4 1 3'
    >>> stop, n = format_uints(np.array([1, 3, 0, 2, 9999999]), 4, 1, out)
    >>> stop, bytes(out[:n])
    (5, b' 10000000')
    """
    stop, written = _core.format_uints(values, start, add, out)
    return stop, written
