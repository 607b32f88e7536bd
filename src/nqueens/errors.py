"""Errors that the library raises and the command line turns into one-line messages.

Every error carries the exit code the command line uses for it:

* :class:`BadInput` (exit 2): the request or a file cannot be understood;
* :class:`NoSolution` (exit 1): the request is well formed but has no answer;
* :class:`InvalidBoard` (exit 1): a well-formed board whose queens attack each other.

>>> from nqueens.errors import BadInput
>>> BadInput("n must be at least 1").exit_code
2
"""

from __future__ import annotations


class NQueensError(Exception):
    """Base class of every error the library raises on purpose."""

    exit_code: int = 2


class BadInput(NQueensError, ValueError):
    """The input cannot be understood: a bad number, a malformed file, an unknown option."""

    exit_code = 2


class NoSolution(NQueensError):
    """The problem is well posed but has no solution (or none within the given budget)."""

    exit_code = 1


class InvalidBoard(NQueensError, ValueError):
    """A well-formed board whose queens attack each other.

    ``pairs`` lists the attacking pairs found, each as ``((row, col), (row, col))``, 0-based.
    """

    exit_code = 1

    def __init__(self, message: str, pairs: list[tuple[tuple[int, int], tuple[int, int]]]):
        super().__init__(message)
        self.pairs = pairs
