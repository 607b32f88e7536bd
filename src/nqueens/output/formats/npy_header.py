"""The header of an ``npy`` file, read from any bytes: what it says, or one line of
:class:`~nqueens.base.errors.BadInput`.

numpy's own reader of the header (:mod:`numpy.lib.format`) parses the header's text as
Python literals; a damaged header can make it fail in many ways (a ``ValueError``, a
``SyntaxError``, a ``tokenize.TokenError`` for an unclosed brace, a ``RecursionError``
for deep nesting...). Every one of them is the same answer here: the file is not an
npy file this program reads. Only running out of memory is left as it is.

>>> import io
>>> buf = io.BytesIO()
>>> np.save(buf, np.array([1, 3, 0, 2], dtype=np.int32))
>>> _ = buf.seek(0)
>>> parse_npy_header(buf, "q.npy"), buf.tell()
(((4,), dtype('int32')), 128)
>>> parse_npy_header(io.BytesIO(b"\\x93NUMPY\\x01\\x00\\x04\\x00{  \\n"), "q.npy")
Traceback (most recent call last):
...
nqueens.base.errors.BadInput: q.npy: damaged or unsupported npy file (its header ends inside ...
"""

from __future__ import annotations

import re
from typing import IO, Any

import numpy as np

from puzzleshell.text import printable

from ...base.errors import BadInput


def parse_npy_header(fh: IO[bytes], source: str | None) -> tuple[tuple[int, ...],
                                                                   np.dtype[Any]]:
    """The shape and dtype an npy header gives (versions 1.0 and 2.0), reading ``fh``
    from its start to the first byte of the data; whatever is wrong with the header is
    :class:`~nqueens.base.errors.BadInput` naming ``source``.

    >>> import io
    >>> parse_npy_header(io.BytesIO(b"\\x93NUMPY\\x03\\x00"), None)
    Traceback (most recent call last):
    ...
    nqueens.base.errors.BadInput: damaged or unsupported npy file (npy format version 3.0)
    """
    try:
        version = np.lib.format.read_magic(fh)
        if version == (1, 0):
            shape, _, dtype = np.lib.format.read_array_header_1_0(fh)
        elif version == (2, 0):
            shape, _, dtype = np.lib.format.read_array_header_2_0(fh)
        else:
            raise ValueError(f"npy format version {version[0]}.{version[1]}")
    except MemoryError:
        raise
    except Exception as exc:  # noqa: BLE001 - numpy's parser on hostile bytes: any failure
        where = f"{source}: " if source else ""
        raise BadInput(f"{where}damaged or unsupported npy file ({_reason(exc)})") from None
    return tuple(int(d) for d in shape), dtype


def _reason(exc: BaseException) -> str:
    """Why numpy refused a header, in a few words of one line.

    >>> import tokenize
    >>> _reason(tokenize.TokenError("EOF in multi-line statement", (2, 0)))
    'its header ends inside a bracket'
    >>> _reason(ValueError("malformed node or string on line 1: <ast.BinOp object at 0x7f>"))
    'its header holds an expression, not a value'
    """
    if type(exc).__name__ == "TokenError":
        return "its header ends inside a bracket"
    first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    if re.search(r"<ast\.\w+ object", first):
        return "its header holds an expression, not a value"
    return printable(first, 100)
