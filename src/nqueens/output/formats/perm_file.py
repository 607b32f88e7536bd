"""A permutation file too large to read whole (``solve -f perm`` of up to 10^9 queens,
9.9 GB): read a window of text at a time and parsed into the int32 columns, with the
messages of :func:`nqueens.output.formats.readers.read_perm_bytes`.

Memory: the columns (4 bytes a queen), one byte a queen to find a repeated column, and
one window of text and its numbers (16 MiB and 64 MiB): 5 bytes a queen in all, never
the text.

>>> import os, tempfile
>>> path = os.path.join(tempfile.mkdtemp(), "q.txt")
>>> with open(path, "w") as fh:
...     _ = fh.write("2 4\\n1 3\\n")
>>> read_perm_file(path, window=4)
Solution([1, 3, 0, 2])
"""

from __future__ import annotations

import os
import re
import stat
from typing import Any

import numpy as np
import numpy.typing as npt

from puzzleshell.text import printable, size_text

from ...base.board import Solution
from ...base.errors import BadInput
from .limits import NPY_READ_MAX_N, READ_MAX_N, looks_like_perm

#: The bytes of text parsed at a time (a window ends at a separator).
WINDOW = 1 << 24
#: The separators of the native parser (:mod:`nqueens.kernels.textparse`).
SEPARATORS = b" \t\n\r,\v\f"
#: The largest permutation file read this way: 12 bytes a queen at n = 10^9 (numbers of
#: at most 10 digits and what separates them; ``solve -f perm`` writes 9.9 GB).
PERM_FILE_MAX_BYTES = 12 * NPY_READ_MAX_N
#: Regular files from this size on are read this way: below it, a file cannot hold more
#: than :data:`~nqueens.output.formats.limits.READ_MAX_N` numbers (two bytes each at
#: least), the most read whole.
PERM_FILE_FROM_BYTES = 2 * READ_MAX_N
#: The bytes of the file's text scanned at a time to name a line and column.
_SCAN = 1 << 26


def is_large_perm_file(path: str) -> bool:
    """Whether ``path`` is a regular file of :data:`PERM_FILE_FROM_BYTES` or more whose
    first bytes are those of a permutation: one for :func:`read_perm_file`.

    >>> is_large_perm_file("/no/such/file.txt")
    False
    """
    try:  # a FIFO or a device is not opened here: that would wait, or take its bytes
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode) or info.st_size < PERM_FILE_FROM_BYTES:
            return False
        with open(path, "rb") as fh:
            return looks_like_perm(fh.read(4096).removeprefix(b"\xef\xbb\xbf"))
    except OSError:
        return False


def read_perm_file(path: str, source: str | None = None, window: int = WINDOW) -> Solution:
    """The board of the permutation file ``path`` (1-based columns), read a ``window``
    of text at a time; ``source`` names it in messages (``path`` by default).

    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "q.txt")
    >>> with open(path, "w") as fh:
    ...     _ = fh.write("2 4 1\\n3 3")
    >>> read_perm_file(path, "q.txt", window=3)
    Traceback (most recent call last):
    ...
    nqueens.base.errors.BadInput: q.txt, line 2, column 3: not a permutation: 3 appears twice ...
    """
    name = path if source is None else source
    with open(path, "rb") as fh:
        size = os.fstat(fh.fileno()).st_size
        if size > PERM_FILE_MAX_BYTES:
            raise BadInput(f"{name} is larger than the {size_text(PERM_FILE_MAX_BYTES)} a perm "
                           f"board of at most n = {NPY_READ_MAX_N:,} takes; refused")
        if size == 0:
            raise BadInput(f"{name}: empty input: no board found")
        return _Parse(fh.fileno(), size, name, max(window, 64)).board()


class _Parse:
    """One parse of a permutation file, with what its messages need: where each window
    starts (its first token and byte) and ends."""

    def __init__(self, fd: int, size: int, name: str, window: int):
        self.fd = fd
        self.size = size
        self.name = name
        self.window = window
        self.start = 3 if os.pread(fd, 3, 0) == b"\xef\xbb\xbf" else 0  # a byte-order mark
        self.windows: list[tuple[int, int, int]] = []  # (first token, first byte, end byte)

    def _bytes(self, a: int, b: int) -> bytes:
        """The file's bytes ``a`` … ``b`` − 1."""
        parts = []
        while a < b:
            part = os.pread(self.fd, b - a, a)
            if not part:
                break
            parts.append(part)
            a += len(part)
        return b"".join(parts)

    def board(self) -> Solution:
        from ...kernels.textparse import parse_uints

        cap = min(self.size // 2 + 1, NPY_READ_MAX_N)
        cols = np.empty(cap, dtype=np.int32)  # pages are taken as they are written
        numbers = np.empty(self.window // 2 + 1, dtype=np.int64)
        count, first_off, a = 0, -1, self.start
        while a < self.size:
            text = self._bytes(a, min(self.size, a + self.window))
            b = a + _cut(text, a + len(text) == self.size)
            k, bad = parse_uints(np.frombuffer(text, dtype=np.uint8, count=b - a), numbers)
            if count + k > cap:
                raise BadInput(f"{self.name}: more than {NPY_READ_MAX_N:,} numbers: boards are "
                               f"read up to n = {NPY_READ_MAX_N:,}")
            if bad >= 0:
                self._not_a_number(a + bad)
            self.windows.append((count, a, b))
            vals = numbers[:k]
            off = np.flatnonzero((vals < 1) | (vals > cap))
            if off.size:  # refused below, once n is known; kept within int32 till then
                first_off = count + int(off[0]) if first_off < 0 else first_off
                np.clip(vals, 1, cap, out=vals)
            np.subtract(vals, 1, out=vals)
            cols[count:count + k] = vals
            count, a = count + k, b
        if count == 0:
            raise BadInput(f"{self.name}: empty input: no board found")
        n = count
        cols = cols[:n]
        above = self._first(cols, lambda part: part >= n)
        bad_rows = [i for i in (first_off, above) if i >= 0]
        if bad_rows:
            i = min(bad_rows)
            raise BadInput(f"{self.at(i)}{self.text_of(i)} is not a column of a {n}x{n} "
                           f"board (a permutation of 1..{n})")
        self._check_permutation(cols)
        return Solution.of_known_columns(cols)

    @staticmethod
    def _first(cols: npt.NDArray[np.int32], test: Any) -> int:
        """The first row whose column passes ``test`` (chunk by chunk), or -1."""
        for s in range(0, cols.shape[0], 1 << 24):
            hit = np.flatnonzero(test(cols[s:s + (1 << 24)]))
            if hit.size:
                return s + int(hit[0])
        return -1

    def _check_permutation(self, cols: npt.NDArray[np.int32]) -> None:
        """Refuse a column that appears twice, naming the first repeat and its first row."""
        n = cols.shape[0]
        seen = np.zeros(n, dtype=np.bool_)
        seen[cols] = True
        if np.count_nonzero(seen) == n:
            return
        seen[:] = False  # a repeat: find the first, a chunk at a time
        for s in range(0, n, 1 << 24):
            part = cols[s:s + (1 << 24)]
            again = seen[part]
            _, firsts = np.unique(part, return_index=True)
            inside = np.ones(part.shape[0], dtype=np.bool_)
            inside[firsts] = False
            hit = np.flatnonzero(again | inside)
            if hit.size:
                j = s + int(hit[0])
                value = int(cols[j])
                i = self._first(cols[:j], lambda p, v=value: p == v)
                raise BadInput(f"{self.at(j)}not a permutation: {value + 1} appears twice "
                               f"(rows {i + 1} and {j + 1})")
            seen[part] = True

    def _offset(self, token: int) -> int:
        """The byte where token ``token`` (0-based) starts."""
        from ...kernels.textparse import token_offset

        first, a, b = next(w for w in reversed(self.windows) if w[0] <= token)
        return a + int(token_offset(self._bytes(a, b), token - first))

    def _where(self, off: int) -> str:
        """``NAME, line L, column C: `` of the byte ``off``."""
        lines, line_start = 0, self.start
        for s in range(self.start, off, _SCAN):
            part = self._bytes(s, min(off, s + _SCAN))
            lines += part.count(b"\n")
            last = part.rfind(b"\n")
            if last >= 0:
                line_start = s + last + 1
        return f"{self.name}, line {lines + 1}, column {off - line_start + 1}: "

    def at(self, token: int) -> str:
        """Where token ``token`` is, for a message."""
        return self._where(self._offset(token))

    def text_of(self, token: int) -> str:
        """Token ``token`` as written (a very long one by its length)."""
        off = self._offset(token)
        m = re.match(rb"[^\s,]+", self._bytes(off, off + 4096))
        if m is None:
            return "?"
        if len(m.group()) == 4096:
            return "a number of more than 4,000 digits"
        digits = m.group().decode("ascii", "replace").lstrip("+")
        return digits if len(digits) <= 30 else f"a {len(digits):,}-digit number"

    def _not_a_number(self, off: int) -> None:
        tok = re.match(rb"[^ \t\n\r,]*", self._bytes(off, off + 200))
        text = (tok.group() if tok else b"").decode("utf-8", "replace")
        raise BadInput(f"{self._where(off)}{printable(repr(text), 60)} is not a whole number")


def _cut(text: bytes, last: bool) -> int:
    """Where a window of ``text`` ends: just after its last separator, unless it is the
    end of the file (a token longer than a whole window is cut: no number is that long,
    and each part is refused as one).

    >>> _cut(b"12 34 5", False), _cut(b"12 34 5", True), _cut(b"1234", False)
    (6, 7, 4)
    """
    if last:
        return len(text)
    for since in (max(0, len(text) - 4096), 0):  # the tail first: numbers are short
        end = max(text.rfind(bytes([sep]), since) for sep in SEPARATORS)
        if end >= 0:
            return end + 1
    return len(text)
