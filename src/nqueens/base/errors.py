"""Errors that the library raises and the command line turns into one-line messages.

Every error carries the exit code the command line uses for it:

* :class:`BadInput` (exit 2): the request or a file cannot be understood, or
  (:class:`NotEnoughMemory`) needs more memory than this machine allows;
* :class:`NoSolution` (exit 1): the request is well formed but has no answer;
* :class:`InvalidBoard` (exit 1): a well-formed board whose queens attack each other.

>>> from nqueens.base.errors import BadInput
>>> BadInput("n must be at least 1").exit_code
2
"""

from __future__ import annotations

from puzzleshell import errors as shell


class NQueensError(shell.ProgramError):
    """Base class of every error the library raises on purpose.

    Catch it to handle every deliberate failure of the library at once:

    >>> from nqueens.algorithms.search import Problem
    >>> try:
    ...     Problem.make(0)
    ... except NQueensError as err:
    ...     print(type(err).__name__, err.exit_code)
    BadInput 2
    """

    exit_code: int = 2


class BadInput(NQueensError, shell.BadInput):
    """The input cannot be understood: a bad number, a malformed file, an unknown option.

    It is also a :class:`ValueError`, so code that already catches those keeps working:

    >>> from nqueens.base.pieces import Piece
    >>> try:
    ...     Piece.parse("bishop")
    ... except ValueError as err:
    ...     print(err)
    unknown piece 'bishop' (choose one of: queen, superqueen)
    """

    exit_code = 2


class NotEnoughMemory(BadInput):
    """The request needs more memory than this machine allows it (found before the
    memory is taken): refused as bad input is, exit 2.

    >>> err = NotEnoughMemory("solve 1000000000 with min-conflicts needs about 7.5 GiB")
    >>> err.exit_code, isinstance(err, BadInput)
    (2, True)
    """


class NoSolution(NQueensError):
    """The problem is well posed but has no solution (or none within the given budget).

    >>> err = NoSolution("no 3x3 board has 3 non-attacking queens")
    >>> err.exit_code, isinstance(err, NQueensError)
    (1, True)
    """

    exit_code = 1
    label = ""  # "nqueens: no solution exists for n = 3", not an error of the user


class BudgetExhausted(NoSolution):
    """A search gave up within its budget: no solution was *found*, though one may exist.
    ``work`` says what was done (for min-conflicts: steps, moves, restarts).

    >>> err = BudgetExhausted("min-conflicts used its budget of 10 steps", {"steps": 10})
    >>> err.exit_code, isinstance(err, NoSolution), err.work
    (1, True, {'steps': 10})
    """

    def __init__(self, message: str, work: dict[str, int] | None = None):
        super().__init__(message)
        self.work: dict[str, int] = dict(work or {})


class InvalidBoard(NQueensError, ValueError):
    """A well-formed board whose queens attack each other.

    ``pairs`` lists the attacking pairs found, each as ``((row, col), (row, col))``, 0-based.

    >>> from nqueens.base.board import Solution
    >>> try:
    ...     Solution([0, 1, 3, 2]).validate()
    ... except InvalidBoard as err:
    ...     print(err.exit_code, err.pairs[0])
    1 ((0, 0), (1, 1))
    """

    exit_code = 1

    def __init__(self, message: str, pairs: list[tuple[tuple[int, int], tuple[int, int]]]):
        super().__init__(message)
        self.pairs = pairs
