"""The unit of counting work that every engine, the journal and the cluster share.

A count is a deterministic list of independent :class:`Subproblem` records, each
solved into one :class:`SubResult`. Two engines make them:

* ``"halves"`` (:mod:`nqueens.algorithms.counter.halves`): the plain queen board, by joining
  half-boards built from quadrants;
* ``"constellations"`` (:mod:`nqueens.algorithms.counter.constellations`): start constellations,
  for the superqueen and for boards beyond the half-board engine's reach.

:func:`nqueens.algorithms.counter.engines.solve_batch` sends each record to its engine, and
:func:`tally` adds the
weighted results up into ``(all, fundamental)`` by Burnside's lemma: no reflection
leaves a solution of n > 1 unchanged, so

    fundamental = (all + fixed by a half turn + 2 × fixed by a quarter turn) / 8.

>>> from nqueens.algorithms.counter import halves
>>> subs = halves.make_subproblems(8)
>>> tally(subs, halves.solve_batch(subs))
(92, 12)
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from typing import NamedTuple


class Subproblem(NamedTuple):
    """One unit of counting work.

    ``engine`` names the engine that solves it; ``weight`` multiplies its counts;
    ``cost`` is its size estimate (for ordering, batching and progress). For start
    constellations ``queens`` holds the pre-placed queens as flat ``(row, column,
    ...)`` pairs and ``sym`` says whether completions are tested for a half turn (1)
    or also a quarter turn (2). For half-boards ``part`` is the pass (``sym`` 0) or the
    column of row 0's queen in the search for boards a turn leaves unchanged (``sym``
    2).

    >>> from nqueens.algorithms.counter import constellations, halves
    >>> sub = constellations.make_subproblems(6)[0]
    >>> sub.weight, sub.sym, sub.queens, sub.key()
    (4, 1, (0, 1, 2, 5, 3, 0, 5, 4), '0:6:0:4:1:0,1,2,5,3,0,5,4')
    >>> halves.make_subproblems(8)[-1].key()
    '11:8:halves:2:2:3'
    """

    id: int
    n: int
    knight: bool
    weight: int
    sym: int
    queens: tuple[int, ...]
    cost: int = 0
    engine: str = "constellations"
    part: int = 0

    def key(self) -> str:
        """A text form for digests and journals."""
        if self.engine != "constellations":
            return f"{self.id}:{self.n}:{self.engine}:{self.weight}:{self.sym}:{self.part}"
        q = ",".join(map(str, self.queens))
        return f"{self.id}:{self.n}:{int(self.knight)}:{self.weight}:{self.sym}:{q}"


class SubResult(NamedTuple):
    """The counts of one subproblem, before weighting.

    ``colsum`` is a second figure of the same search, which a recount must reproduce
    along with the counts: for start constellations the sum, over the completions, of
    the column of the queen in the last row to fill; for a half-board pass the number
    of half placements that entered its pair counts (both sides); for the turn search
    the sum of the columns of the row-1 queens of the boards it found.

    >>> from nqueens.algorithms.counter import constellations
    >>> constellations.solve_batch(constellations.make_subproblems(6)[:1])
    [SubResult(id=0, total=1, fixed180=1, fixed90=0, colsum=2)]
    """

    id: int
    total: int
    fixed180: int
    fixed90: int
    colsum: int = 0


def digest(subs: Iterable[Subproblem]) -> str:
    """A SHA-256 digest of the subproblem list (for journals).

    The same request always gives the same list, so the same digest:

    >>> from nqueens.algorithms.counter.constellations import make_subproblems
    >>> d = digest(make_subproblems(6))
    >>> len(d), d == digest(make_subproblems(6)), d == digest(make_subproblems(6, split=1))
    (64, True, False)
    """
    h = hashlib.sha256()
    for s in subs:
        h.update(s.key().encode())
        h.update(b"\n")
    return h.hexdigest()


def tally(subs: Sequence[Subproblem], results: Iterable[SubResult]) -> tuple[int, int]:
    """Combine subproblem results into ``(all, fundamental)``.

    On n = 6 one completion of weight 4, unchanged by a half turn, makes all 4
    solutions and (4 + 4) / 8 = 1 fundamental one:

    >>> from nqueens.algorithms.counter import constellations
    >>> subs = constellations.make_subproblems(6)
    >>> tally(subs, constellations.solve_batch(subs))
    (4, 1)
    """
    weight = {s.id: s.weight for s in subs}
    total = f180 = f90 = 0
    for r in results:
        w = weight[r.id]
        total += w * r.total
        f180 += w * r.fixed180
        f90 += w * r.fixed90
    fundamental, rest = divmod(total + f180 + 2 * f90, 8)
    if rest:  # pragma: no cover - would mean a kernel bug
        raise AssertionError("symmetry classes do not add up")
    return total, fundamental
