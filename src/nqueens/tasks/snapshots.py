"""What a trace did and the boards at chosen moments: the library side of ``trace``.

:class:`TraceSummary` counts a trace as it passes (steps, solutions, the work ``solve``
reports) and gives its verdict; :func:`snapshots` picks the boards at chosen steps, or
at each solution, each a :class:`Snapshot` that says what happened there.

>>> from nqueens.algorithms.classic import trace
>>> summary = TraceSummary("proba")
>>> snaps = snapshots(summary.watch(trace(8, "proba", until="first")), 8, Piece.QUEEN, [])
>>> summary.steps, summary.solutions, snaps[0].step
(876, 1, 876)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence

from ..base import methods
from ..base.errors import BudgetExhausted, NoSolution
from ..base.events import BoardState, Event, Kind, replay
from ..base.pieces import Piece
from ..base.squares import Square, square_name
from .viz.text import count_of, describe


class Snapshot:
    """The board at one chosen moment of the trace.

    ``head`` is the line that says what happened at that step (by default the
    description of ``event``); ``step`` the step it shows (by default the event's).

    >>> e = Event(Kind.TEST, 1, 1, step=3, depth=1, ok=False, attackers=((0, 0),))
    >>> snap = Snapshot(e, [(0, 0)], solutions=0)
    >>> snap.tried
    (1, 1)
    >>> d = snap.as_dict(4, Piece.QUEEN)
    >>> d["square_name"], d["reason"]
    ('b3', 'step 3: test b3 - refused: diagonal of the queen on a4')
    """

    def __init__(self, e: Event, queens: list[Square], solutions: int,
                 step: int | None = None, head: str | None = None) -> None:
        self.event = e
        self.queens = list(queens)
        self.solutions = solutions
        self.step = e.step if step is None else step
        self.head = head
        self.then: list[str] = []   # what a free test led to: the queen placed, a solution

    def follow(self, e: Event, n: int, piece: Piece, queens: list[Square],
               solutions: int) -> None:
        """Take in an event the shown step led to (after a free test: the placement, the
        solution it completes): the board becomes the one after it."""
        self.then.append(describe(e, n, piece, queens))
        self.queens = list(queens)
        self.solutions = solutions

    @property
    def tried(self) -> Square | None:
        return self.event.square if self.event.kind is Kind.TEST else None

    def describe(self, n: int, piece: Piece) -> str:
        if self.head is not None:
            return self.head
        first = describe(self.event, n, piece, self.queens)
        return "; ".join([first, *(t.split(": ", 1)[-1] for t in self.then)])

    def as_dict(self, n: int, piece: Piece) -> dict[str, object]:
        e = self.event
        return {
            "step": self.step, "event": e.kind.value,
            "square": list(e.square) if e.row >= 0 else None,
            "square_name": square_name(e.square, n) if e.row >= 0 else None,
            "ok": e.ok if e.kind is Kind.TEST else None,
            "attackers": [list(a) for a in e.attackers],
            "reason": self.describe(n, piece),
            "depth": len(self.queens), "queens": [list(q) for q in self.queens],
            "solutions_so_far": self.solutions,
        }


class TraceSummary:
    """What a trace did, counted from its events as they pass (:meth:`watch`): its
    steps, solutions, and the work ``solve`` reports for its method.

    >>> s = TraceSummary("intuitive")
    >>> states = [Event(Kind.STATE, step=4, count=1), Event(Kind.STATE, step=8, count=2)]
    >>> [e.step for e in s.watch(states)]
    [4, 8]
    >>> s.steps, s.work(), s.complete
    (8, {'states': 2}, True)
    """

    def __init__(self, method: str) -> None:
        self.method = method
        self.steps = 0
        self.solutions = 0
        self.states = 0
        self.moves = 0
        self.restarts = 0
        self.last: Event | None = None
        self.complete = False     #: the trace was read to its end
        self.error: NoSolution | None = None    #: the method refused before its first event

    def see(self, e: Event) -> None:
        self.steps = max(self.steps, e.step)
        self.last = e
        if e.kind is Kind.SOLUTION:
            self.solutions += 1
        elif e.kind is Kind.STATE:
            self.states = max(self.states, e.count)
        elif e.kind is Kind.MOVE:
            self.moves += 1
        elif e.kind is Kind.CONFLICTS and e.note == "restart":
            self.restarts += 1

    @property
    def exhausted(self) -> bool:
        """The method gave up within its step budget (no answer either way)."""
        e = self.last
        return self.complete and e is not None and e.kind is Kind.DONE and not e.ok

    def work(self) -> dict[str, int]:
        """The counts ``solve`` reports for the method (its ``work``, named in
        :mod:`nqueens.base.methods`); a swap moves two queens and is one move, as solve
        counts them."""
        counts = {"steps": self.steps, "moves": self.moves // 2, "restarts": self.restarts,
                  "states": self.states}
        return {k: counts[k] for k in methods.get(self.method).work}

    def watch(self, events: Iterable[Event]) -> Iterator[Event]:
        """Pass the events on, counting them; mark the summary complete at the end.

        A method that knows at once there is no solution (the repairs at n = 2, 3)
        raises :class:`NoSolution` before its first event: that is an empty trace whose
        verdict is the error, so the outputs are still written.
        """
        try:
            for e in events:
                self.see(e)
                yield e
        except BudgetExhausted:
            raise
        except NoSolution as exc:
            self.error = exc
        self.complete = True

    def work_text(self) -> str:
        names = {"steps": "step", "moves": "move", "restarts": "restart", "states": "state"}
        return ", ".join(count_of(v, names[k]) for k, v in self.work().items())

    def verdict(self, n: int) -> NoSolution | None:
        """The error to end with when the whole trace found no solution, else None."""
        if self.error is not None:
            return self.error
        if not self.complete or self.solutions:
            return None
        e = self.last
        if e is not None and self.exhausted:
            return BudgetExhausted(f"{self.method} used its budget of "
                                   f"{count_of(self.steps, 'step')} on n = {n}: {e.note} "
                                   f"(raise --max-steps or try another --seed)")
        return NoSolution(f"no solution: {self.method} ended after "
                          f"{count_of(self.steps, 'step')} ({methods.get(self.method).step_unit}) "
                          f"without finding one for n = {n}")


def snapshots(events: Iterable[Event], n: int, piece: Piece, wanted: Sequence[int],
              method: str = "proba", seen: Callable[[str], None] | None = None
              ) -> list[Snapshot]:
    """The boards of a trace of ``method`` at steps ``wanted`` (sorted), or at each
    solution when none is wanted; ``seen`` is told each event, in words, as it passes.

    Step k is the k-th square tested and, when it was free, what it led to before the
    next test: the queen placed there and the solution it completes. A method that
    counts its own steps (min-conflicts) shows the board after its k-th step.

    >>> from nqueens.algorithms.classic import trace
    >>> [s.step for s in snapshots(trace(6, "proba"), 6, Piece.QUEEN, [])]
    [171, 405, 495, 729]
    >>> snapshots(trace(8, "proba"), 8, Piece.QUEEN, [24])[0].describe(8, Piece.QUEEN)[:21]
    'step 24: test e4 - re'
    """
    wanted = list(wanted)
    if wanted and methods.get(method).own_steps:
        return _own_steps(events, n, piece, wanted, seen)
    snaps: list[Snapshot] = []
    following: Snapshot | None = None
    for e, board in replay(events, n, piece, check=False):
        if seen is not None:
            seen(describe(e, n, piece, board.queens))
        if following is not None:
            if e.kind in (Kind.PLACE, Kind.SOLUTION):
                following.follow(e, n, piece, board.queens, board.solutions)
                continue
            if following.step == wanted[-1]:
                break
            following = None
        if wanted:
            if e.kind is Kind.TEST and e.step in wanted:
                snaps.append(Snapshot(e, board.queens, board.solutions))
                if e.ok:
                    following = snaps[-1]
                elif e.step == wanted[-1]:
                    break
        elif e.kind is Kind.SOLUTION:
            snaps.append(Snapshot(e, board.queens, board.solutions))
    return snaps


def _own_steps(events: Iterable[Event], n: int, piece: Piece, wanted: list[int],
               seen: Callable[[str], None] | None) -> list[Snapshot]:
    """The boards after steps ``wanted`` of a method that counts its own steps (the events
    carry the count; a step that changed nothing has no event)."""
    pending = list(wanted)
    snaps: list[Snapshot] = []
    at_step: list[Event] = []       # the events of the latest step seen
    ref: list[BoardState] = []

    def take(k: int) -> None:
        board = ref[0] if ref else BoardState(n)
        last = at_step[-1] if at_step else Event(Kind.DONE, step=0)
        if at_step and last.step == k:
            parts = [describe(x, n, piece).split(": ", 1)[1] for x in at_step
                     if x.kind in (Kind.MOVE, Kind.CONFLICTS, Kind.SOLUTION, Kind.DONE)]
            if any(x.kind is Kind.CONFLICTS and x.note == "restart" for x in at_step):
                parts.insert(0, "restart from a new greedy start")
            head = f"step {k:,}: " + "; ".join(parts)
        else:
            head = (f"step {k:,}: a candidate swap that would not lower the attacking pairs "
                    f"(the board is as after step {last.step:,})")
        snaps.append(Snapshot(last, board.queens, board.solutions, step=k, head=head))

    def gate() -> Iterator[Event]:
        for e in events:
            while pending and e.step > pending[0]:
                take(pending.pop(0))
            if not pending:
                return
            if at_step and at_step[-1].step != e.step:
                at_step.clear()
            at_step.append(e)
            yield e
        last = at_step[-1].step if at_step else 0
        while pending and pending[0] <= last:
            take(pending.pop(0))

    for e, board in replay(gate(), n, piece, check=False):
        if not ref:
            ref.append(board)
        if seen is not None:
            seen(describe(e, n, piece, board.queens))
    return snaps


