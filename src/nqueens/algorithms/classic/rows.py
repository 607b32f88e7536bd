"""Row-by-row generation of all solutions, as the Hungarian source describes it.

Start from the ``n`` placements of one queen on the first row. From every valid
placement on the first ``m − 1`` rows, try each square of row ``m`` and keep the
extensions whose new queen is not attacked; after ``n − 1`` extensions the
placements are exactly the solutions. The placements branch like a tree, level by
level (breadth first, where ``proba`` goes depth first); the squares tested are the
same, 15,720 for n = 8.

In the trace, the board shows the placement being extended: switching from one
placement to the next removes and places the queens that differ. Each kept
extension is placed, counted (a STATE whose ``count`` numbers it within its level,
or a SOLUTION on the last row) and taken back.

>>> from nqueens.base.events import count_steps, solutions_of
>>> count_steps(trace_rows(8))
15720
>>> len(solutions_of(trace_rows(6), 6))
4
"""

from __future__ import annotations

from collections.abc import Iterator

from ...base.events import Event
from ...base.pieces import Piece
from .common import Recorder, check_trace_n, check_until


def trace_rows(n: int, piece: Piece | str = Piece.QUEEN, until: str = "all") -> Iterator[Event]:
    """Trace the level-by-level generation (``until`` = first|all).

    Every placement of the first row is counted as a STATE before the second row
    is tried:

    >>> from nqueens.tasks.viz.text import describe
    >>> for e in list(trace_rows(4))[:4]:
    ...     print(describe(e, 4))
    step 1: test a4 - free
    step 1: place a queen on a4
    step 1: state 1 (placement 1 of rows 1..1)
    step 1: take back the queen on a4 (backtrack)
    >>> list(trace_rows(4))[-1].note
    '2 solutions in 60 steps'
    """
    n = check_trace_n(n)
    until = check_until(until)
    rec = Recorder(n, piece)

    def run() -> Iterator[Event]:
        level: list[tuple[int, ...]] = [()]            # placements of the first m rows
        for m in range(n):
            following: list[tuple[int, ...]] = []
            for placement in level:
                # show this placement on the board: take away what differs, put the rest
                wanted = {(r, c) for r, c in enumerate(placement)}
                for sq in sorted(set(rec.queens) - wanted, reverse=True):
                    yield rec.remove(*sq, note="next placement")
                for sq in sorted(wanted - set(rec.queens)):
                    yield rec.place(*sq, note="next placement")
                for col in range(n):
                    ok = not rec.attackers(m, col)
                    yield rec.test(m, col, ok)
                    if not ok:
                        continue
                    following.append(placement + (col,))
                    yield rec.place(m, col)
                    if m == n - 1:
                        yield rec.solution()
                        if until == "first":
                            yield rec.done()
                            return
                    else:
                        yield rec.state(len(following),
                                        note=f"placement {len(following)} of rows 1..{m + 1}")
                    yield rec.remove(m, col)
            level = following
            if not level:
                break
        yield rec.done()

    return run()
