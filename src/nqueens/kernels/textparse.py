"""Parse whole numbers out of a text buffer in one pass (for permutations of any size).

The buffer is the file's bytes as a uint8 array; separators are spaces, tabs, line
breaks and commas. Nothing here knows about files or messages.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit


@njit(cache=True, nogil=True)
def _is_sep(b: np.uint8) -> bool:
    return b == 32 or b == 9 or b == 10 or b == 13 or b == 44 or b == 11 or b == 12


@njit(cache=True, nogil=True)
def parse_uints(buf: npt.NDArray[np.uint8], out: npt.NDArray[np.int64]) -> tuple[int, int]:
    """Write the numbers of ``buf`` into ``out``; return (how many, error offset or -1).

    A token that is not made of digits (an optional leading ``+`` allowed), or more
    tokens than ``out`` holds, stops the parse with the offset of the offending token.
    Values above 2**62 are clipped to 2**62 (they are off any board anyway).

    >>> out = np.zeros(8, dtype=np.int64)
    >>> parse_uints(np.frombuffer(b"1, 3 0\\n+2", dtype=np.uint8), out), out[:4].tolist()
    ((4, -1), [1, 3, 0, 2])
    >>> parse_uints(np.frombuffer(b"1 x 3", dtype=np.uint8), out)  # "x" at byte 2
    (1, 2)
    """
    n = buf.shape[0]
    cap = out.shape[0]
    count = 0
    i = 0
    limit = np.int64(1) << 62
    while i < n:
        b = buf[i]
        if _is_sep(b):
            i += 1
            continue
        start = i
        if b == 43:  # '+'
            i += 1
        value = np.int64(0)
        digits = 0
        while i < n and not _is_sep(buf[i]):
            d = np.int64(buf[i]) - 48
            if d < 0 or d > 9:
                return count, start
            if value > (limit - d) // 10:  # would pass 2**62 (and never wrap around)
                value = limit
            else:
                value = value * 10 + d
            digits += 1
            i += 1
        if digits == 0 or count >= cap:
            return count, start
        out[count] = value
        count += 1
    return count, -1


@njit(cache=True, nogil=True)
def token_offset(buf: npt.NDArray[np.uint8], k: int) -> int:
    """The byte offset of token ``k`` (0-based) of ``buf``, or -1.

    >>> buf = np.frombuffer(b"1, 3 0", dtype=np.uint8)
    >>> token_offset(buf, 2), token_offset(buf, 3)
    (5, -1)
    """
    n = buf.shape[0]
    count = 0
    i = 0
    while i < n:
        if _is_sep(buf[i]):
            i += 1
            continue
        if count == k:
            return i
        count += 1
        while i < n and not _is_sep(buf[i]):
            i += 1
    return -1
