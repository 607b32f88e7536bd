"""Read input files up to a size limit.

The programs of this shell read their files through :func:`read_bytes`: a regular file
larger than the limit is refused from its size alone; pipes, FIFOs and devices
(``/dev/zero``) are read in chunks and refused as soon as one byte more than the limit
has come, so no input ever takes more memory than its limit.
Opening a FIFO waits for a writer, as a shell redirection does; that wait, like every
read, is a plain system call, so SIGINT, SIGTERM and SIGHUP end it at once.

This module uses the standard library only, so that it is cheap to import.

>>> import os, tempfile
>>> path = os.path.join(tempfile.mkdtemp(), "board.txt")
>>> with open(path, "wb") as fh:
...     _ = fh.write(b"2 4 1 3\\n")
>>> read_bytes(path, limit=100)
b'2 4 1 3\\n'
>>> read_bytes(path, limit=4, what="the 4 bytes a test board takes")
Traceback (most recent call last):
...
puzzleshell.errors.BadInput: /...board.txt is larger than the 4 bytes a test board takes; refused
"""

from __future__ import annotations

import io
import os
import stat
import sys
from collections.abc import Callable
from typing import BinaryIO

from .errors import BadInput
from .text import size_text

#: One mebibyte.
MiB = 1 << 20

#: How much is read at a time from a pipe, a FIFO or a device.
CHUNK = 1 << 20


#: A size limit: bytes, or a function of the input's first :data:`HEAD` bytes that
#: gives the limit and the words that say what it is (a limit by format).
Limit = int | Callable[[bytes], tuple[int, str | None]]

#: How many bytes a :data:`Limit` function sees (fewer when the input is shorter).
HEAD = 1 << 16


def read_bytes(path: str, limit: Limit, what: str | None = None,
               stdin: BinaryIO | None = None) -> bytes:
    """The bytes of file ``path`` (standard input for ``-``), at most ``limit`` of them.

    An input larger than ``limit`` raises :class:`~puzzleshell.errors.BadInput` (``what``:
    the words that say what the limit is, e.g. "the 4 MB a board of at most n = 1000
    takes") before more than ``limit + 1`` bytes are read; a regular file is refused
    from its size, unread. ``limit`` may be a function of the first :data:`HEAD` bytes
    (the format they show). Errors of ``open`` (no such file, a folder, no permission)
    are raised as they are, for the caller's own words.

    An endless stream (``/dev/zero``, ``yes |``) is refused once past the limit:

    >>> import io
    >>> class Zeros(io.RawIOBase):
    ...     def readable(self) -> bool:
    ...         return True
    ...     def readinto(self, b) -> int:
    ...         b[:] = bytes(len(b))
    ...         return len(b)
    >>> read_bytes("-", limit=3 * CHUNK, stdin=Zeros())
    Traceback (most recent call last):
    ...
    puzzleshell.errors.BadInput: standard input is larger than 3.15 MB; refused
    >>> read_bytes("-", lambda head: (10, f"the 10 bytes {head[:1]!r} files take"),
    ...            stdin=Zeros())
    Traceback (most recent call last):
    ...
    puzzleshell.errors.BadInput: standard input is larger than the 10 bytes b'\\x00' files ...
    """
    if path == "-":
        stream = stdin if stdin is not None else getattr(sys.stdin, "buffer", None)
        if stream is None:  # a text stream put in place of stdin (tests, embedding)
            stream = io.BytesIO(sys.stdin.read().encode("utf-8"))
        return _read_from(stream, "standard input", limit, what)
    with open(path, "rb", buffering=0) as fh:
        return _read_from(fh, path, limit, what)


def _read_from(stream: BinaryIO, name: str, limit: Limit, what: str | None) -> bytes:
    size: int | None = None
    try:
        info = os.fstat(stream.fileno())
        if stat.S_ISREG(info.st_mode):
            size = info.st_size - stream.tell()
    except (OSError, AttributeError, ValueError, io.UnsupportedOperation):
        pass  # not a file descriptor: read as a stream
    head = b""
    ended = False  # the end was read: a terminal gives it once (Ctrl-D), so read no more
    if callable(limit):
        parts: list[bytes] = []
        got = 0
        # a buffered stream reads until it has what was asked or the end: less is the end
        buffered = isinstance(stream, io.BufferedIOBase)
        while got < HEAD:
            chunk = stream.read(HEAD - got)
            if not chunk or (buffered and len(chunk) < HEAD - got):
                ended = True
            if chunk:
                parts.append(chunk)
                got += len(chunk)
            if ended:
                break
        head = b"".join(parts)
        limit, what = limit(head)
        if size is not None and stream.seekable() and size > len(head):
            stream.seek(-len(head), os.SEEK_CUR)  # a file is read back in one piece
            head = b""
    if (size is not None and size > limit) or len(head) > limit:
        raise _too_large(name, limit, what)
    if ended and head:
        return head
    return _read_stream(stream, head, None if size is None else size - len(head), limit,
                        name, what)


def _read_stream(stream: BinaryIO, head: bytes, size: int | None, limit: int, name: str,
                 what: str | None) -> bytes:
    """Read to the end, or to ``limit + 1`` bytes (then refuse), after ``head``;
    ``size``: what a regular file says is left (read in one call, then checked for
    more)."""
    parts: list[bytes] = [head] if head else []
    total = len(head)
    want = min(size, limit) + 1 if size is not None else min(CHUNK, limit + 1 - total)
    while want > 0:
        chunk = stream.read(want)
        if not chunk:
            break
        parts.append(chunk)
        total += len(chunk)
        if total > limit:
            raise _too_large(name, limit, what)
        want = min(CHUNK, limit + 1 - total)
    if not parts:
        return b""
    return parts[0] if len(parts) == 1 else b"".join(parts)


def _too_large(name: str, limit: int, what: str | None) -> BadInput:
    return BadInput(f"{name} is larger than {what or size_text(limit)}; refused")


def read_input(path: str, limit: Limit, what: str | None = None,
               error: type[BadInput] = BadInput) -> bytes:
    """:func:`read_bytes`, with every failure an ``error`` (the program's own kind of
    :class:`~puzzleshell.errors.BadInput`) whose message names the file.

    >>> import os, tempfile
    >>> folder = tempfile.mkdtemp()
    >>> read_input(os.path.join(folder, "none.txt"), 100)
    Traceback (most recent call last):
    ...
    puzzleshell.errors.BadInput: /...none.txt: no such file
    >>> read_input(folder, 100)
    Traceback (most recent call last):
    ...
    puzzleshell.errors.BadInput: /...: is a folder, not a file
    """
    try:
        return read_bytes(path, limit, what)
    except BadInput as exc:
        raise error(str(exc)) from None
    except FileNotFoundError:
        raise error(f"{path}: no such file") from None
    except IsADirectoryError:
        raise error(f"{path}: is a folder, not a file") from None
    except PermissionError:
        raise error(f"{path}: permission denied") from None
    except OSError as exc:
        raise error(f"cannot read {path}: {exc.strerror or exc}") from None
