"""The errors a program of this shell turns into one line and an exit code.

Each program derives its own errors from :class:`ProgramError` (``nqueens.base.errors``,
``minesweeper.base.errors``); :func:`puzzleshell.command.run` reports any of them as
``PROG: error: MESSAGE`` (or ``PROG: MESSAGE`` where :attr:`ProgramError.label` is
empty) and exits with its :attr:`ProgramError.exit_code`.

>>> BadInput("n must be at least 1").exit_code, isinstance(BadInput("x"), ValueError)
(2, True)

Running out of memory is not a fault of the program either: :class:`OutOfMemory` (raised
on purpose where a need is estimated before it is taken) and any other
:class:`MemoryError` are one line with exit 2 (:func:`memory_line`).
"""

from __future__ import annotations

from .memory import allowed, gib


class ProgramError(Exception):
    """An error raised on purpose: what the command line says in one line.

    ``exit_code``: 2 for bad input, 1 for an answer that does not exist or a board
    that breaks the rules; ``label``: the words before the message.

    >>> class NoAnswer(ProgramError):
    ...     exit_code, label = 1, ""
    >>> NoAnswer("no solution exists for n = 3").exit_code
    1
    """

    exit_code: int = 2
    label: str = "error: "


class BadInput(ProgramError, ValueError):
    """The input cannot be understood (a bad number, a file too large or malformed).

    It is also a :class:`ValueError`, so code that already catches those keeps working.

    >>> try:
    ...     raise BadInput("unknown piece 'bishop'")
    ... except ValueError as err:
    ...     print(err)
    unknown piece 'bishop'
    """

    exit_code = 2


class ReaderGone(Exception):
    """The program reading standard output went away (``nqueens all 12 | head``): the
    command line ends quietly, with exit status 0.

    >>> issubclass(ReaderGone, ProgramError)
    False
    """


class OutOfMemory(ProgramError, MemoryError):
    """The work needs more memory than this machine allows: raise it where the need is
    estimated before it is taken (``needed_bytes``; None where it is not known), with
    ``what`` naming the work. The line says the need and what the machine allows (its
    address-space limit, its control group's limit or its physical memory), exit 2.

    >>> err = OutOfMemory(12 << 30, "counting n = 27")
    >>> str(err).startswith("counting n = 27 needs about 12.0 GiB of memory; this machine "
    ...                     "allowed ")
    True
    >>> err.exit_code, err.needed_bytes, isinstance(err, MemoryError)
    (2, 12884901888, True)
    >>> str(OutOfMemory()).startswith("ran out of memory; this machine allowed ")
    True
    """

    exit_code = 2

    def __init__(self, needed_bytes: int | None = None, what: str = "this") -> None:
        self.needed_bytes = needed_bytes
        self.what = what
        super().__init__(_memory_text(needed_bytes, what))

    def __reduce__(self) -> tuple[type[OutOfMemory], tuple[int | None, str]]:
        """Pickled as its need and its words (it crosses from a child process)."""
        return (type(self), (self.needed_bytes, self.what))


def memory_line(exc: MemoryError) -> str:
    """What the one line says for ``exc``: its own words for an :class:`OutOfMemory`;
    for numpy's error (an array that did not fit), that array's size.

    >>> memory_line(MemoryError()).startswith("ran out of memory; this machine allowed ")
    True
    >>> class ArrayMemoryError(MemoryError):
    ...     _total_size = 3 << 30
    >>> memory_line(ArrayMemoryError()).startswith("ran out of memory: 3.0 GiB more did not")
    True
    """
    if isinstance(exc, OutOfMemory):
        return str(exc)
    size = getattr(exc, "_total_size", None)  # numpy's _ArrayMemoryError
    more = f": {gib(size)} more did not fit" if isinstance(size, int) and size > 0 else ""
    return _memory_text(None, "this", more)


def _memory_text(needed: int | None, what: str, more: str = "") -> str:
    size, source = allowed()
    room = f"this machine allowed {gib(size)} ({source})"
    if needed is not None:
        return f"{what} needs about {gib(needed)} of memory; {room}"
    return f"ran out of memory{more}; {room}"
