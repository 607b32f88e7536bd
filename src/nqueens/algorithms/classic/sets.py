"""Backtracking row by row with three sets, as the Uzbek source writes it.

``queens[r]`` is the column of the queen in row ``r``; ``cols`` holds the used
columns, ``diag1`` the used ``r − c`` and ``diag2`` the used ``r + c``, so a test
is three set look-ups::

    BACKTRACK(row):
      IF row = n: record the board; RETURN
      FOR col = 0 .. n-1:
        IF col in cols OR row-col in diag1 OR row+col in diag2: CONTINUE
        place; BACKTRACK(row + 1); take back

Every ``col`` examined is one step. By the symmetry of the board under
transposition this is the column-by-column ``proba`` turned on its side, so the
step counts are the same (876 to the first 8-queens solution).

>>> from nqueens.base.events import count_steps, solutions_of
>>> solutions_of(trace_sets(4), 4)
[(1, 3, 0, 2), (2, 0, 3, 1)]
>>> count_steps(trace_sets(8, until="first"))
876
"""

from __future__ import annotations

from collections.abc import Generator, Iterator

from ...base.events import Event
from ...base.pieces import Piece
from .common import Recorder, check_trace_n, check_until, knight_attacked


def trace_sets(n: int, piece: Piece | str = Piece.QUEEN, until: str = "all") -> Iterator[Event]:
    """Trace the set-based search row by row (``until`` = first|all).

    >>> from nqueens.tasks.viz.text import describe
    >>> for e in list(trace_sets(4))[2:6]:
    ...     print(describe(e, 4))
    step 2: test a3 - refused: same column as the queen on a4
    step 3: test b3 - refused: diagonal of the queen on a4
    step 4: test c3 - free
    step 4: place a queen on c3
    >>> list(trace_sets(8, "superqueen"))[-1].note  # no 8x8 board holds 8 superqueens
    '0 solutions in 632 steps'
    """
    n = check_trace_n(n)
    until = check_until(until)
    rec = Recorder(n, piece)
    superqueen = rec.piece.knight
    queens = [-1] * n
    cols: set[int] = set()
    diag1: set[int] = set()
    diag2: set[int] = set()

    def backtrack(row: int) -> Generator[Event, None, bool]:
        """Yield the events; return True to stop (the first solution was asked for)."""
        if row == n:
            yield rec.solution()
            return until == "first"
        for col in range(n):
            unsafe = col in cols or (row - col) in diag1 or (row + col) in diag2
            if superqueen and not unsafe:
                unsafe = knight_attacked(rec.queens, (row, col))
            yield rec.test(row, col, not unsafe)
            if unsafe:
                continue
            queens[row] = col
            cols.add(col)
            diag1.add(row - col)
            diag2.add(row + col)
            yield rec.place(row, col)
            if (yield from backtrack(row + 1)):
                return True
            queens[row] = -1
            cols.discard(col)
            diag1.discard(row - col)
            diag2.discard(row + col)
            yield rec.remove(row, col)
        return False

    def run() -> Iterator[Event]:
        yield from backtrack(0)
        yield rec.done()

    return run()
