"""The event vocabulary of traced searches: one truth for what a "step" is.

The classic algorithms (:mod:`nqueens.classic`) and the repair heuristics yield a
stream of :class:`Event` objects as they work. A *step* is one square test
(:attr:`Kind.TEST`), as in the Dijkstra/Wirth backtracking of the source: the first
8-queens solution comes at step 876. Squares are 0-based ``(row, col)``.

>>> e = Event(Kind.TEST, row=0, col=0, step=1, ok=True)
>>> e.kind.value, e.square
('test', (0, 0))
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Kind(StrEnum):
    """What happened."""

    TEST = "test"            #: a square was tested (one step); ``ok`` says whether it was free
    PLACE = "place"          #: a queen was put on the square
    REMOVE = "remove"        #: the queen on the square was taken away (backtrack)
    MOVE = "move"            #: a queen moved within its line to the square (repair methods)
    SOLUTION = "solution"    #: the board now holds a solution; ``count`` numbers it from 1
    CONFLICTS = "conflicts"  #: ``count`` is the number of attacking pairs on the board now
    STATE = "state"          #: a new board state was reached (repair methods count these)
    DONE = "done"            #: the search ended; ``count`` is the number of solutions found


@dataclass(frozen=True, slots=True)
class Event:
    """One thing a traced search did.

    ``step`` is the number of square tests so far (this one included for a TEST);
    ``depth`` the number of queens on the board after the event; ``attackers`` the
    queens that attack the tested square (empty when it is free); ``count`` carries
    the solution number, the conflict count or the state number; ``note`` is a short
    human-readable reason.
    """

    kind: Kind
    row: int = -1
    col: int = -1
    step: int = 0
    depth: int = 0
    ok: bool = True
    attackers: tuple[tuple[int, int], ...] = ()
    count: int = 0
    note: str = ""

    @property
    def square(self) -> tuple[int, int]:
        """The square the event is about, ``(row, col)``."""
        return (self.row, self.col)
