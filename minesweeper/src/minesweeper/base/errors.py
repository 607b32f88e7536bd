"""Errors that the minesweeper library raises and the command line turns into one-line messages.

* :class:`BadInput` (exit 2): a board, formula or option cannot be understood.

>>> from minesweeper.base.errors import BadInput
>>> BadInput("a number above 8", line=3, column=5).exit_code
2
>>> str(BadInput("a number above 8", line=3, column=5))
'line 3, column 5: a number above 8'
"""

from __future__ import annotations

from puzzleshell import errors as shell


class MinesweeperError(shell.ProgramError):
    """Base class of every error the minesweeper library raises on purpose."""

    exit_code: int = 2


class BadInput(MinesweeperError, shell.BadInput):
    """The input cannot be understood; ``line`` and ``column`` (1-based) locate it in a file."""

    exit_code = 2

    def __init__(self, message: str, line: int | None = None, column: int | None = None):
        where = ""
        if line is not None:
            where = f"line {line}, " if column is not None else f"line {line}: "
            if column is not None:
                where += f"column {column}: "
        super().__init__(where + message)
        self.line = line
        self.column = column


class TooLarge(BadInput):
    """A board beyond what a solver takes in bounded memory (exit 2)."""
