"""The intuitive repair algorithm of the Hungarian source text, step by step.

The source's rule: put a queen in each column in turn, in the topmost row no queen to
its left attacks; when every row is attacked, take the row with the fewest attackers
and move a queen that attacks it, leftwards, until the board is consistent. As
described the rule cycles; a detected cycle is finished by a seeded min-conflicts
escape. How each word of the rule is read, the cycles, the escape and what a *state*
is (26 for n = 8, where the source says "about 2,000"): ``docs/large.md``, "The
intuitive repair".

Events, in the source's frame (``row``, ``col``, 0-based): ``TEST`` for every square
examined, with the queens on the board that attack it (the queen being moved is
lifted first, ``REMOVE``, so the squares of its column are seen without it), ``PLACE``
for a queen put down, ``STATE`` after each new state (``count`` = its number),
``CONFLICTS`` during repairs (``count`` = attacking pairs), ``SOLUTION`` at the end.
Each decision's reason (the number of attackers to the left) is in ``note``.

This module is the readable version, for traces of boards up to
:data:`MAX_INTUITIVE_N`; :func:`intuitive` solves boards up to
:data:`MAX_INTUITIVE_SOLVE_N` in the native core (:mod:`nqueens.kernels.intuitive`),
which makes the same decisions, event for event.

>>> s, states = intuitive(8)
>>> s.is_valid(), states
(True, 26)
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import numpy as np

from ...base.board import Solution
from ...base.errors import BadInput, NoSolution
from ...base.events import Event, Kind
from ...base.limits import check_n
from ...base.methods import METHODS
from ...kernels.intuitive import ESCAPE_NOISE, MAX_REPAIR_MOVES_FACTOR, intuitive_kernel

#: The largest board the readable version (:func:`trace_intuitive`) accepts: it is O(n²)
#: per move, in Python, for reading (n = 100 takes about 2 s, n = 300 about 35 s), and a
#: trace examines n squares a move.
MAX_INTUITIVE_N = METHODS["intuitive"].max_trace_n
#: The largest board :func:`intuitive` solves, in the native core.
MAX_INTUITIVE_SOLVE_N = METHODS["intuitive"].max_solve_n


class _Board:
    """The queens of the placed columns, with counters of rows and diagonals."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.row_of: list[int] = []          # row_of[col], for placed columns
        self.rows = [0] * n
        self.d1 = [0] * (2 * n - 1)          # row + col
        self.d2 = [0] * (2 * n - 1)          # row - col + n - 1

    def put(self, col: int, row: int) -> None:
        if col == len(self.row_of):
            self.row_of.append(row)
        else:
            self.row_of[col] = row
        self.rows[row] += 1
        self.d1[row + col] += 1
        self.d2[row - col + self.n - 1] += 1

    def lift(self, col: int) -> int:
        row = self.row_of[col]
        self.rows[row] -= 1
        self.d1[row + col] -= 1
        self.d2[row - col + self.n - 1] -= 1
        self.row_of[col] = -1
        return row

    def attackers(self, row: int, col: int, before: int | None = None) -> list[tuple[int, int]]:
        """Queens (row, col) attacking the square, among columns < ``before`` (default all)."""
        stop = len(self.row_of) if before is None else before
        out = []
        for c in range(stop):
            r = self.row_of[c]
            if r < 0 or c == col:
                continue
            if r == row or abs(r - row) == abs(c - col):
                out.append((r, c))
        return out

    def attacked_from_left(self, col: int) -> list[tuple[int, int]]:
        return self.attackers(self.row_of[col], col, before=col)

    def pairs(self) -> int:
        return sum(k * (k - 1) // 2 for line in (self.rows, self.d1, self.d2) for k in line)


def trace_intuitive(n: int, seed: int = 0) -> Iterator[Event]:
    """The intuitive repair of the source, as events (see the module text for the rule).

    >>> from nqueens.base.events import Kind
    >>> events = list(trace_intuitive(4))
    >>> [e.count for e in events if e.kind is Kind.STATE][-1]
    10
    >>> events[-1].kind
    <Kind.SOLUTION: 'solution'>
    """
    n = check_n(n)
    if n > MAX_INTUITIVE_N:
        raise BadInput(f"the intuitive repair is traced up to n = {MAX_INTUITIVE_N}, not "
                       f"{n:,} (each square it examines is an event); 'solve' runs it up "
                       f"to n = {MAX_INTUITIVE_SOLVE_N:,}")
    if n in (2, 3):
        raise NoSolution(f"no solution exists for n = {n}")
    rng = random.Random(seed)
    board = _Board(n)
    step = 0
    states = 0

    def depth() -> int:
        return sum(1 for r in board.row_of if r >= 0)

    def scan(col: int, before: int | None, skip: int = -1) -> Iterator[tuple[Event, int]]:
        """TEST each row of ``col`` top to bottom; yield (event, attackers counted)."""
        nonlocal step
        for row in range(n):
            if row == skip:
                continue
            step += 1
            everyone = board.attackers(row, col)
            counted = everyone if before is None else [q for q in everyone if q[1] < before]
            side = "on its left" if before is not None else "in all"
            yield Event(Kind.TEST, row, col, step, depth(), not everyone, tuple(everyone),
                        note=f"{len(counted)} attacker{'s' if len(counted) != 1 else ''} "
                             f"{side}"), len(counted)

    def new_state(note: str) -> Iterator[Event]:
        nonlocal states
        states += 1
        yield Event(Kind.STATE, step=step, depth=depth(), count=states, note=note)

    def relocate(col: int, before: int | None, exclude_current: bool,
                 chooser: random.Random | None, why: str) -> Iterator[Event]:
        """Lift the queen of ``col``, test its column, put it on the best row."""
        old = board.lift(col)
        yield Event(Kind.REMOVE, old, col, step, depth(), note=f"lifted to be moved: {why}")
        counts: list[tuple[int, int]] = []
        for e, k in scan(col, before, skip=old if exclude_current else -1):
            yield e
            counts.append((e.row, k))
        fewest = min(k for _, k in counts)
        best = [r for r, k in counts if k == fewest]
        if chooser is None:
            row = best[0]
        elif chooser.random() < ESCAPE_NOISE:
            row, _ = chooser.choice([rk for rk in counts if rk[0] != old] or counts)
            fewest = dict(counts)[row]
        else:
            row = chooser.choice(best)
        board.put(col, row)
        side = "on its left" if before is not None else "in all"
        if row != best[0] and fewest > min(k for _, k in counts):
            side += " (random walk)"
        yield Event(Kind.PLACE, row, col, step, depth(),
                    note=f"moved from row {old + 1}: {fewest} attacker"
                         f"{'s' if fewest != 1 else ''} {side}")
        if row != old:
            yield from new_state(f"queen of column {col + 1} moved to row {row + 1}")
        yield Event(Kind.CONFLICTS, step=step, depth=depth(), count=board.pairs())

    for k in range(n):
        counts = []
        for e, a in scan(k, before=k):
            yield e
            counts.append(a)
        fewest = min(counts)
        row = counts.index(fewest)
        board.put(k, row)
        yield Event(Kind.PLACE, row, k, step, depth(),
                    note="free" if fewest == 0 else
                    f"every row attacked; {fewest} attacker{'s' if fewest != 1 else ''} here")
        yield from new_state(f"queen of column {k + 1} placed in row {row + 1}")
        if fewest == 0:
            continue
        yield Event(Kind.CONFLICTS, step=step, depth=depth(), count=board.pairs())
        seen: set[tuple[tuple[int, ...], int]] = set()
        cur = k
        escaped = ""
        while True:
            left = board.attacked_from_left(cur)
            if not left:
                attacked = [c for c in range(k + 1) if board.attacked_from_left(c)]
                if not attacked:
                    break
                cur = attacked[-1]
                continue
            j = max(c for _, c in left)
            key = (tuple(board.row_of), j)
            if key in seen:
                escaped = "cycle: the source's rule came back to a board it had been in"
                break
            if len(seen) >= MAX_REPAIR_MOVES_FACTOR * n:
                escaped = (f"cycle: the source's rule made {len(seen)} moves without a "
                           f"consistent board")
                break
            seen.add(key)
            yield from relocate(j, before=j, exclude_current=True, chooser=None,
                                why=f"it attacks the queen of column {cur + 1}")
            cur = j
        if escaped:
            yield Event(Kind.CONFLICTS, step=step, depth=depth(), count=board.pairs(),
                        note=f"{escaped}; min-conflicts finishes this column")
            while board.pairs():
                attacked = [c for c in range(k + 1)
                            if board.attackers(board.row_of[c], c)]
                c = rng.choice(attacked)
                yield from relocate(c, before=None, exclude_current=False, chooser=rng,
                                    why="escape from a cycle")
    yield Event(Kind.SOLUTION, step=step, depth=n, count=1,
                note=f"{states} state{'s' if states != 1 else ''}")


def intuitive(n: int, seed: int = 0) -> tuple[Solution, int]:
    """The solution the intuitive repair ends on, and the number of states it went through,
    for n up to :data:`MAX_INTUITIVE_SOLVE_N` (the native core,
    :mod:`nqueens.kernels.intuitive`, which makes the decisions of
    :func:`trace_intuitive`).

    The solution is returned in the project's convention (``cols[row]``), the same
    board the trace shows.

    >>> s, states = intuitive(5)
    >>> s.as_tuple(), states
    ((0, 3, 1, 4, 2), 5)
    >>> intuitive(2000)[0].is_valid()
    True
    """
    n = check_n(n, MAX_INTUITIVE_SOLVE_N)
    if n == 1:
        return Solution([0]), 1
    if n in (2, 3):
        raise NoSolution(f"no solution exists for n = {n}")
    run = intuitive_kernel(n, seed)
    cols = np.empty(n, dtype=np.int32)
    cols[run.row_of] = np.arange(n, dtype=np.int32)
    sol = Solution.of_known_columns(cols)
    if not sol.is_valid():  # pragma: no cover - the kernel only ends on a solution
        raise NoSolution(f"the intuitive repair ended on an invalid board for n = {n}")
    return sol, run.states


def solve_intuitive(n: int, *, seed: int = 0, **_: object) -> tuple[Solution, dict[str, int]]:
    """The ``intuitive`` method of :mod:`nqueens.base.methods`: :func:`intuitive`, and the
    source's count of states.

    >>> solve_intuitive(8)[1]
    {'states': 26}
    """
    solution, states = intuitive(n, seed=seed)
    return solution, {"states": states}
