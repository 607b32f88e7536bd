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

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from ...base.errors import NQueensError


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
    """The counts of one subproblem, before weighting, with the figures that check them.

    ``colsum`` is a second figure of the same search, which a recount must reproduce
    along with the counts: for start constellations the sum, over the completions, of
    the column of the queen in the last row to fill; for a half-board pass the number
    of half placements that entered its pair counts (both sides); for the turn search
    the sum of the columns of the row-1 queens of the boards it found.

    ``slices`` is the count again (``total``, or ``fixed180`` for the turn search), added
    up separately in three slices: for start constellations and the turn search by the
    column of colsum's queen modulo 3, for a pass by its north group's west columns (as
    a binary number) modulo 3. The slices add up to the count, and for the first two
    ``slice 1 + 2 × slice 2 ≡ colsum (mod 3)``: a number changed on its way (a faulty
    worker, an edited journal row) breaks these relations unless every figure is changed
    to match (:func:`nqueens.algorithms.counter.verify.plausible`).

    >>> from nqueens.algorithms.counter import constellations
    >>> constellations.solve_batch(constellations.make_subproblems(6)[:1])
    [SubResult(id=0, total=1, fixed180=1, fixed90=0, colsum=2, slices=(0, 0, 1))]
    """

    id: int
    total: int
    fixed180: int
    fixed90: int
    colsum: int = 0
    slices: tuple[int, int, int] = (0, 0, 0)


def slice_check(count: int, colsum: int, slices: tuple[int, int, int],
                by_column: bool) -> str:
    """Why ``slices`` cannot be the slices of a result with this ``count`` and column sum
    ('' when they can): they must add up to the count, and when they were counted by
    colsum's column (``by_column``), ``slice 1 + 2 × slice 2`` must equal the column sum
    modulo 3.

    >>> slice_check(5, 7, (2, 2, 1), True)
    ''
    >>> slice_check(13, 7, (2, 2, 1), True)
    'its slices 2 + 2 + 1 do not add up to its count 13'
    >>> slice_check(5, 8, (2, 2, 1), True)
    'its column sum 8 disagrees with its slices (2, 2, 1) modulo 3'
    """
    if len(slices) != 3 or any(type(v) is not int or v < 0 for v in slices):
        return "its slices are not three counts"
    a, b, c = slices
    if a + b + c != count:
        return f"its slices {a} + {b} + {c} do not add up to its count {count}"
    if by_column and (b + 2 * c - colsum) % 3:
        return f"its column sum {colsum} disagrees with its slices {slices} modulo 3"
    return ""


def digest(subs: Iterable[Subproblem]) -> str:
    """A SHA-256 digest of the subproblem list (for journals).

    The same request always gives the same list, so the same digest:

    >>> from nqueens.algorithms.counter.constellations import make_subproblems
    >>> d = digest(make_subproblems(6))
    >>> len(d), d == digest(make_subproblems(6)), d == digest(make_subproblems(6, split=1))
    (64, True, False)
    """
    import hashlib  # a journal's check: a count without one never loads it

    h = hashlib.sha256()
    for s in subs:
        h.update(s.key().encode())
        h.update(b"\n")
    return h.hexdigest()


class TallyError(NQueensError):
    """Results whose symmetry classes do not add up: one of them is wrong though each
    passed its own checks (``nqueens count --verify-sample`` recounts a journal's results
    by another method to find it). Exit status 1, as a failed check.

    >>> TallyError("the symmetry classes do not add up").exit_code
    1
    """

    exit_code = 1


def tally(subs: Sequence[Subproblem], results: Iterable[SubResult]) -> tuple[int, int]:
    """Combine subproblem results into ``(all, fundamental)``.

    On n = 6 one completion of weight 4, unchanged by a half turn, makes all 4
    solutions and (4 + 4) / 8 = 1 fundamental one:

    >>> from nqueens.algorithms.counter import constellations
    >>> subs = constellations.make_subproblems(6)
    >>> tally(subs, constellations.solve_batch(subs))
    (4, 1)

    Burnside's count must come out whole; when it does not, a result is wrong:

    >>> r = constellations.solve_batch(subs)
    >>> tally(subs, [r[0]._replace(total=2), *r[1:]])
    Traceback (most recent call last):
    ...
    nqueens.algorithms.counter.work.TallyError: the symmetry classes do not add up (12 is not ...
    """
    weight = {s.id: s.weight for s in subs}
    total = f180 = f90 = 0
    for r in results:
        w = weight[r.id]
        total += w * r.total
        f180 += w * r.fixed180
        f90 += w * r.fixed90
    fundamental, rest = divmod(total + f180 + 2 * f90, 8)
    if rest:
        raise TallyError(f"the symmetry classes do not add up ({total + f180 + 2 * f90} is "
                         "not a multiple of 8): a result is wrong; recount it with --verify-sample")
    return total, fundamental
