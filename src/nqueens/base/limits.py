"""The sizes each part of nqueens takes, and the check of a board size: the bottom of
the house, so that every layer checks n the same way.

>>> check_n(8), MAX_EXACT_N
(8, 32)
"""

from __future__ import annotations

from numbers import Integral

from .errors import BadInput, NoSolution

#: The largest board the exact search handles (bit masks of one machine word).
MAX_EXACT_N = 32

#: The largest board the readable backtracking of the sources is traced on.
MAX_CLASSIC_TRACE_N = 32

#: The largest board the closed-form construction and min-conflicts take (its columns
#: fit in 4 bytes each, 4 GB in all).
MAX_LARGE_N = 1_000_000_000


def check_n(n: object, maximum: int | None = None, what: str = "n") -> int:
    """Return ``n`` as an int, or raise :class:`BadInput` when it is not a usable board size.

    >>> check_n(8)
    8
    >>> check_n(0)
    Traceback (most recent call last):
    ...
    nqueens.base.errors.BadInput: n must be at least 1, not 0
    """
    if isinstance(n, bool) or not isinstance(n, Integral):  # numpy's integers too
        raise BadInput(f"{what} must be a whole number, not {n!r}")
    value = int(n)
    if value < 1:
        raise BadInput(f"{what} must be at least 1, not {value}")
    if maximum is not None and value > maximum:
        raise BadInput(f"{what} = {value} is above the largest this supports ({maximum})")
    return value


def check_solvable(n: int) -> None:
    """Raise :class:`~nqueens.base.errors.NoSolution` for the two sizes without a solution
    of the queen's problem on a plain board, n = 2 and n = 3.

    >>> check_solvable(4)
    >>> check_solvable(3)
    Traceback (most recent call last):
    ...
    nqueens.base.errors.NoSolution: no solution exists for n = 3
    """
    if n in (2, 3):
        raise NoSolution(f"no solution exists for n = {n}")
