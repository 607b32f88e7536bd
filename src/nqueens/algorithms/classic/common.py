"""What every traced classic algorithm shares: the recorder that turns its actions
into :class:`~nqueens.base.events.Event` objects, counting steps as it goes."""

from __future__ import annotations

from ...base.events import Event, Kind, attackers
from ...base.limits import MAX_CLASSIC_TRACE_N as MAX_TRACE_N
from ...base.limits import check_n
from ...base.pieces import KNIGHT_STEPS, Piece
from ...base.squares import Square

UNTIL = ("first", "all")


def check_until(until: str) -> str:
    """``first`` or ``all``, or :class:`~nqueens.base.errors.BadInput`.

    >>> check_until("first")
    'first'
    >>> check_until("some")
    Traceback (most recent call last):
    ...
    nqueens.base.errors.BadInput: until must be 'first' or 'all', not 'some'
    """
    from ...base.errors import BadInput

    if until not in UNTIL:
        raise BadInput(f"until must be 'first' or 'all', not {until!r}")
    return until


def check_trace_n(n: object) -> int:
    """A board size a readable trace accepts.

    >>> check_trace_n(8)
    8
    >>> check_trace_n(40)
    Traceback (most recent call last):
    ...
    nqueens.base.errors.BadInput: n = 40 is above the largest this supports (32)
    """
    return check_n(n, MAX_TRACE_N)


def knight_attacked(queens: list[Square], square: Square) -> bool:
    """True when a queen of ``queens`` is a knight's move away from ``square``
    (the superqueen's extra move, used by the methods whose own bookkeeping only
    knows lines).

    >>> knight_attacked([(0, 0), (3, 3)], (1, 2)), knight_attacked([(0, 0)], (1, 1))
    (True, False)
    """
    r, c = square
    return any((r - qr, c - qc) in KNIGHT_STEPS for qr, qc in queens)


class Recorder:
    """Keeps the queens and the step counter of one traced search and makes its events.

    >>> rec = Recorder(4)
    >>> rec.test(0, 1, ok=True).step, rec.place(0, 1).depth
    (1, 1)
    >>> refused = rec.test(1, 1, ok=False)
    >>> refused.step, refused.attackers
    (2, ((0, 1),))
    >>> rec.done().note
    '0 solutions in 2 steps'
    """

    def __init__(self, n: int, piece: Piece | str = Piece.QUEEN) -> None:
        self.n = n
        self.piece = Piece.parse(piece)
        self.queens: list[Square] = []
        self.step = 0
        self.solutions = 0

    def attackers(self, row: int, col: int) -> tuple[Square, ...]:
        """The queens on the board that attack ``(row, col)``."""
        return attackers(self.piece, self.queens, (row, col), self.n)

    def test(self, row: int, col: int, ok: bool, note: str = "") -> Event:
        """One square test: one step."""
        self.step += 1
        att = () if ok else self.attackers(row, col)
        return Event(Kind.TEST, row, col, self.step, len(self.queens), ok, att, note=note)

    def place(self, row: int, col: int, note: str = "") -> Event:
        """A queen goes on ``(row, col)``."""
        self.queens.append((row, col))
        return Event(Kind.PLACE, row, col, self.step, len(self.queens), note=note)

    def remove(self, row: int, col: int, note: str = "") -> Event:
        """The queen on ``(row, col)`` is taken away."""
        self.queens.remove((row, col))
        return Event(Kind.REMOVE, row, col, self.step, len(self.queens), note=note)

    def solution(self) -> Event:
        """The board holds a solution."""
        self.solutions += 1
        return Event(Kind.SOLUTION, step=self.step, depth=len(self.queens),
                     count=self.solutions, note=f"solution {self.solutions}")

    def state(self, number: int, note: str = "") -> Event:
        """A board state worth counting was reached."""
        return Event(Kind.STATE, step=self.step, depth=len(self.queens), count=number, note=note)

    def done(self) -> Event:
        """The search ended."""
        k = self.solutions
        return Event(Kind.DONE, step=self.step, depth=len(self.queens), count=k,
                     note=f"{k:,} solution{'s' if k != 1 else ''} in {self.step:,} "
                          f"step{'s' if self.step != 1 else ''}")
