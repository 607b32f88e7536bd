"""Parse whole numbers out of a text buffer in one pass (for permutations of any size).

The buffer is the file's bytes as a uint8 array; separators are spaces, tabs, line
breaks and commas. Nothing here knows about files or messages. The parser is C
(:mod:`nqueens._core.textparse`) and runs without the interpreter lock.
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
