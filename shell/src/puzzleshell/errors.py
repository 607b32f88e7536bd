"""The errors a program of this shell turns into one line and an exit code.

Each program derives its own errors from :class:`ProgramError` (``nqueens.base.errors``,
``minesweeper.base.errors``); :func:`puzzleshell.command.run` reports any of them as
``PROG: error: MESSAGE`` (or ``PROG: MESSAGE`` where :attr:`ProgramError.label` is
empty) and exits with its :attr:`ProgramError.exit_code`.

>>> BadInput("n must be at least 1").exit_code, isinstance(BadInput("x"), ValueError)
(2, True)
"""

from __future__ import annotations


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
