"""How large a board each format is read and written at.

>>> TEXT_MAX_N, READ_MAX_N, NPY_READ_MAX_N
(1000, 100000000, 1000000000)
"""

from __future__ import annotations

from puzzleshell.text import size_text

from ...base.limits import MAX_LARGE_N

#: The largest n the command line writes in a format other than ``perm`` and ``npy``.
TEXT_MAX_N = 1000
#: Inputs larger than this many bytes that look like a permutation are parsed by the
#: one-pass kernel of :mod:`nqueens.kernels.textparse`.
LARGE_INPUT_BYTES = 1 << 20
#: The largest board read in ``perm`` (parsed whole: a few seconds and a few GB).
READ_MAX_N = 100_000_000
#: The largest board read in ``npy``: every board ``solve`` makes (a file is mapped, not
#: read, so that its columns are the page cache's; from a pipe they are read whole).
NPY_READ_MAX_N = MAX_LARGE_N
#: Input size limits, from the largest n each format is read at (files written by
#: ``nqueens`` are always within them; a larger input is refused unread, exit 2):
#: ``perm`` 12 bytes a queen at n = :data:`READ_MAX_N` (numbers of at most 9 digits
#: and what separates them; the file ``solve -f perm`` writes is 0.89 GB);
PERM_MAX_BYTES = 12 * READ_MAX_N
#: ``npy`` the 8-byte columns of n = :data:`NPY_READ_MAX_N` queens and a header (the
#: int32 file ``solve -f npy`` writes at that n is half of it, 4 GB);
NPY_MAX_BYTES = 8 * NPY_READ_MAX_N + (1 << 16)
#: every other text format 4 bytes a square of a board of n = :data:`TEXT_MAX_N`
#: (``Q . .`` or ``0, 1,`` take 2 or 3), the most those formats are read at.
TEXT_MAX_BYTES = 4 * TEXT_MAX_N * TEXT_MAX_N
#: The most digits a number of a board file is read with (more is off any board).
MAX_DIGITS = 18
NPY_MAGIC = b"\x93NUMPY"


def looks_like_perm(head: bytes) -> bool:
    """Whether the first bytes of an input are those of a permutation.

    >>> looks_like_perm(b"2 4 1 3"), looks_like_perm(b".Q..")
    (True, False)
    """
    return bool(head.strip()) and all(b in b"0123456789+ \t\r\n," for b in head)


def input_limit(head: bytes, fmt: str | None = None) -> tuple[int, str]:
    """The size limit of a board input whose first bytes are ``head`` (``fmt``: the
    format when it is given), and the words that say why: see :data:`PERM_MAX_BYTES`,
    :data:`NPY_MAX_BYTES` and :data:`TEXT_MAX_BYTES`.

    >>> input_limit(b"2 4 1 3")
    (1200000000, 'the 1.2 GB a perm board of at most n = 100,000,000 takes')
    >>> input_limit(b".Q..")[1]
    'the 4 MB a text board of at most n = 1000 takes (use perm or npy above)'
    """
    head = head.removeprefix(b"\xef\xbb\xbf")
    if fmt == "npy" or (fmt is None and head.startswith(NPY_MAGIC)):
        return NPY_MAX_BYTES, (f"the {size_text(NPY_MAX_BYTES)} an npy board of at most "
                               f"n = {NPY_READ_MAX_N:,} takes")
    if fmt == "perm" or (fmt is None and looks_like_perm(head)):
        return PERM_MAX_BYTES, (f"the {size_text(PERM_MAX_BYTES)} a perm board of at most "
                                f"n = {READ_MAX_N:,} takes")
    return TEXT_MAX_BYTES, (f"the {size_text(TEXT_MAX_BYTES)} a text board of at most "
                            f"n = {TEXT_MAX_N} takes (use perm or npy above)")
