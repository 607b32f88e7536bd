"""The event vocabulary of traced searches: one truth for what a "step" is.

The classic algorithms (:mod:`nqueens.algorithms.classic`) and the repair heuristics yield a
stream of :class:`Event` objects as they work. A *step* is one square test
(:attr:`Kind.TEST`), as in the Dijkstra/Wirth backtracking of the source: the first
8-queens solution comes at step 876. Squares are 0-based ``(row, col)``.

:func:`replay` rebuilds the board after every event and checks that the stream is
consistent (a queen is only placed on an empty square, only removed where one
stands, every reported solution is one); :func:`attackers` is the reason a square
is refused, computed with the attack rule of :mod:`nqueens.base.pieces`.

>>> e = Event(Kind.TEST, row=0, col=0, step=1, ok=True)
>>> e.kind.value, e.square
('test', (0, 0))
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from enum import StrEnum

from .pieces import Piece, attacks, line_between
from .squares import Square, square_name


class Kind(StrEnum):
    """What happened.

    Each kind is also its lower-case name, the name used in JSON traces:

    >>> Kind("place") is Kind.PLACE, Kind.TEST == "test"
    (True, True)
    """

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
    human-readable reason. For a MOVE, ``from_row``/``from_col`` name the square the
    queen left (``-1`` when not given: :func:`replay` then takes the queen standing
    in the destination's column, or else in its row).

    >>> e = Event(Kind.TEST, row=1, col=1, step=2, depth=1, ok=False, attackers=((0, 0),),
    ...           note="diagonal of the queen on a4")
    >>> e.square, e.ok, e.attackers
    ((1, 1), False, ((0, 0),))
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
    from_row: int = -1
    from_col: int = -1

    @property
    def square(self) -> tuple[int, int]:
        """The square the event is about, ``(row, col)``."""
        return (self.row, self.col)


class TraceError(ValueError):
    """A trace that does not describe a consistent sequence of boards.

    :func:`replay` raises it at the first event that does not fit the board:

    >>> list(replay([Event(Kind.REMOVE, 0, 0)], 4))
    Traceback (most recent call last):
    ...
    nqueens.base.events.TraceError: event remove at (0, 0) (step 0): no queen stands there
    """


def attackers(piece: Piece, queens: Iterable[Square], square: Square,
              n: int | None = None) -> tuple[Square, ...]:
    """The queens (among ``queens``) that attack ``square``, in the order given.

    >>> attackers(Piece.QUEEN, [(0, 0), (1, 2)], (2, 2))
    ((0, 0), (1, 2))
    >>> attackers(Piece.SUPERQUEEN, [(0, 0)], (1, 2))
    ((0, 0),)
    """
    return tuple(q for q in queens if attacks(piece, q, square, n))


def refusal(piece: Piece, queens: Iterable[Square], square: Square, n: int) -> str:
    """Why ``square`` is refused: which queen attacks it along which line ('' when free).

    >>> refusal(Piece.QUEEN, [(0, 0)], (0, 3), 4)
    'same row as the queen on a4'
    >>> refusal(Piece.QUEEN, [(0, 0), (2, 1)], (1, 1), 4)
    'diagonal of the queen on a4; same column as the queen on b2'
    """
    reasons = []
    r, c = square
    words = {"row": "same row as", "column": "same column as", "diagonal": "diagonal of",
             "knight": "a knight's move from"}
    for q in attackers(piece, queens, square, n):
        kind = line_between(piece, q, square, n)
        reasons.append(f"{words[kind or 'knight']} the queen on {square_name(q, n)}")
    return "; ".join(reasons)


@dataclass
class BoardState:
    """The board as a replay sees it after one event.

    >>> b = BoardState(3, queens=[(0, 1), (2, 0)])
    >>> b.depth
    2
    >>> [''.join('Q' if q else '.' for q in row) for row in b.grid()]
    ['.Q.', '...', 'Q..']
    """

    n: int
    queens: list[Square] = field(default_factory=list)  #: in the order they were placed
    step: int = 0
    solutions: int = 0

    @property
    def depth(self) -> int:
        """How many queens stand on the board."""
        return len(self.queens)

    def grid(self) -> list[list[bool]]:
        """``grid[row][col]`` is True where a queen stands."""
        g = [[False] * self.n for _ in range(self.n)]
        for r, c in self.queens:
            g[r][c] = True
        return g


def replay(events: Iterable[Event], n: int, piece: Piece | str = Piece.QUEEN,
           check: bool = True) -> Iterator[tuple[Event, BoardState]]:
    """Rebuild the board after each event; raise :class:`TraceError` at the first
    inconsistency when ``check`` is on.

    Checks: squares lie on the board; a queen is placed only on an empty square and
    removed only where one stands; a MOVE moves exactly one queen; ``step`` counts
    the TEST events (a trace without TEST events, as the repairs that count their
    own steps, need only have steps that never decrease); ``depth`` is the number
    of queens; a TEST's ``ok`` and ``attackers`` agree with the board; a SOLUTION
    holds ``n`` queens that do not attack each other and is numbered in order. The
    same :class:`BoardState` object is yielded each time, updated in place.

    >>> from nqueens.algorithms.classic import trace
    >>> last = None
    >>> for e, b in replay(trace(4, "proba", until="first"), 4):
    ...     last = b
    >>> sorted(last.queens), last.step
    ([(0, 2), (1, 0), (2, 3), (3, 1)], 26)
    """
    piece = Piece.parse(piece)
    state = BoardState(n)
    on_board: set[Square] = set()
    tested = False
    last_step = 0

    def fail(e: Event, why: str) -> TraceError:
        return TraceError(f"event {e.kind.value} at {e.square} (step {e.step}): {why}")

    for e in events:
        sq = e.square
        if e.kind in (Kind.TEST, Kind.PLACE, Kind.REMOVE, Kind.MOVE) and check:
            if not (0 <= e.row < n and 0 <= e.col < n):
                raise fail(e, "square off the board")
        if e.kind is Kind.TEST:
            state.step += 1
            if check:
                att = attackers(piece, state.queens, sq, n)
                if sq in on_board:
                    att = (sq,) + att
                if bool(att) == e.ok:
                    raise fail(e, f"test says ok={e.ok} but the attackers are {att}")
                if set(e.attackers) != set(att):
                    raise fail(e, f"attackers {e.attackers} differ from the board's {att}")
        elif e.kind is Kind.PLACE:
            if sq in on_board and check:
                raise fail(e, "a queen already stands there")
            on_board.add(sq)
            state.queens.append(sq)
        elif e.kind is Kind.REMOVE:
            if sq not in on_board:
                if check:
                    raise fail(e, "no queen stands there")
            else:
                on_board.discard(sq)
                state.queens.remove(sq)
        elif e.kind is Kind.MOVE:
            src: Square | None = None
            if e.from_row >= 0:
                src = (e.from_row, e.from_col)
            else:
                same_col = [q for q in state.queens if q[1] == e.col and q != sq]
                same_row = [q for q in state.queens if q[0] == e.row and q != sq]
                if len(same_col) == 1:
                    src = same_col[0]
                elif len(same_row) == 1:
                    src = same_row[0]
            if src is None or src not in on_board:
                if check:
                    raise fail(e, "no single queen to move there")
            elif src != sq:
                if sq in on_board and check:
                    raise fail(e, "a queen already stands there")
                on_board.discard(src)
                on_board.add(sq)
                state.queens[state.queens.index(src)] = sq
        elif e.kind is Kind.SOLUTION:
            state.solutions += 1
            if check:
                if len(state.queens) != n:
                    raise fail(e, f"a solution needs {n} queens, the board holds "
                                  f"{len(state.queens)}")
                for i, a in enumerate(state.queens):
                    for b in state.queens[i + 1:]:
                        if attacks(piece, a, b, n):
                            raise fail(e, f"queens {a} and {b} attack each other")
                if e.count and e.count != state.solutions:
                    raise fail(e, f"solution numbered {e.count}, expected {state.solutions}")
        if check:
            if tested or e.kind is Kind.TEST:
                tested = True
                if e.step != state.step:
                    raise fail(e, f"step {e.step} but {state.step} squares were tested")
            elif e.step < last_step:
                raise fail(e, f"step {e.step} comes after step {last_step}")
            last_step = e.step
            if e.kind is not Kind.DONE and e.depth != len(state.queens):
                raise fail(e, f"depth {e.depth} but {len(state.queens)} queens stand")
        yield e, state


def solutions_of(events: Iterable[Event], n: int,
                 piece: Piece | str = Piece.QUEEN) -> list[tuple[int, ...]]:
    """The solutions a trace reports, each as the queen's column in each row (checked replay).

    >>> from nqueens.algorithms.classic import trace
    >>> solutions_of(trace(4, "sets"), 4)
    [(1, 3, 0, 2), (2, 0, 3, 1)]
    """
    found = []
    for e, b in replay(events, n, piece):
        if e.kind is Kind.SOLUTION:
            cols = [0] * n
            for r, c in b.queens:
                cols[r] = c
            found.append(tuple(cols))
    return found


def count_steps(events: Iterable[Event]) -> int:
    """How many squares a trace tested (its number of steps).

    >>> count_steps([Event(Kind.TEST, 0, 0, step=1), Event(Kind.PLACE, 0, 0, step=1)])
    1
    """
    return sum(1 for e in events if e.kind is Kind.TEST)
