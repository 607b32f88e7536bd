"""The plain queen board counted by joining half-boards built from quadrants.

The board splits into a north half (the first ``n // 2`` rows) and a south half (the
last ``n // 2``); for odd ``n`` the middle row between them holds one queen whose
column is chosen explicitly. Turned upside down, the north placements are the south
ones, so one list serves both. That list is never kept whole: the columns split into
a west and an east part, every placement of queens in the north rows of each part
(a *quadrant*) is listed once, and the north placements are built from a west and an
east quadrant placement on complementary rows whose diagonals do not meet.

The count is a sum of independent **passes**: pass ``x`` builds the north
placements whose east columns are ``x`` and those whose east columns are the rest of
the east (their south partners), groups them by columns, and counts the pairs of
complementary groups whose diagonals, seen in the row between them, are disjoint —
in bulk, on 64-bit words holding both diagonal masks. The left-right mirror and the
top-bottom flip make most groups count alike, so one of each orbit is counted, and
the passes holding column ``n - 1`` in the north are never needed: there are
``2 ** (n // 2 - 1)`` passes.

The fundamental count needs the solutions a half or a quarter turn leaves unchanged
(Burnside's lemma, see :func:`nqueens.algorithms.counter.work.tally`); a separate, much smaller
search places queens in pairs a half turn apart, split by the column of the queen of
row 0 (mirror images share a subproblem of weight 2).

The work is in C (:mod:`nqueens._core.halves`) and runs without the GIL. A pass
builds its north placements a group at a time (for odd n it keeps the smaller of its
two classes whole when that takes at most 1 GiB, and otherwise builds that side's
groups again for each partner); :func:`worker_bytes` bounds what one process needs:
about 75 MiB at n = 19, 135 MiB at 20, 0.9 GiB at 21, 1.1 GiB at 22, 3.0 GiB at 23
(2.1 GiB of it the quadrant lists, which the threads of a process share).

>>> subs = make_subproblems(8)
>>> [(s.sym, s.part) for s in subs][:3], len(subs)
([(0, 6), (0, 5), (0, 3)], 12)
>>> from nqueens.algorithms.counter.work import tally
>>> tally(subs, solve_batch(subs))
(92, 12)
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from ..._core import halves as _c
from .work import Subproblem, SubResult

#: The engine's name in :class:`~nqueens.algorithms.counter.work.Subproblem` records.
ENGINE = "halves"

#: Version of the subproblem layout and kernels; journals of another version are refused.
ENGINE_VERSION = "halves-2"    # 2: even n weighs signatures by the square's 8 symmetries

#: The board sizes this engine counts (smaller boards have too few rows to split).
MIN_N = 4
MAX_N = 23

#: Below this n the default (``workers=None``) counts in-process: a pool costs more.
POOL_FROM_N = 17

#: The size estimate of one turn-search subproblem (they are tiny beside the passes).
TURN_COST = 1


def _check(n: int) -> None:
    if isinstance(n, bool) or not isinstance(n, int):
        raise TypeError(f"n must be an int, not {type(n).__name__}")
    if not MIN_N <= n <= MAX_N:
        raise ValueError(f"the half-board engine counts n = {MIN_N}..{MAX_N}, not {n}")


def passes(n: int) -> int:
    """How many passes the count of ``n`` has.

    >>> passes(8), passes(9), passes(20)
    (8, 8, 512)
    """
    _check(n)
    return 1 << (n // 2 - 1)


@lru_cache(maxsize=4)
def _plans(n: int) -> tuple[tuple[int, int], ...]:
    return tuple((int(b), int(e)) for b, e in _c.pass_plans(n))


def pass_entries(n: int, x: int) -> int:
    """At most how many north placements pass ``x`` of ``n`` lists (a size estimate of
    its work).

    >>> pass_entries(8, 0) > 0
    True
    """
    return _plans(n)[x][1]


def worker_bytes(n: int) -> int:
    """At most how many bytes one process needs to count passes of ``n``: the quadrant
    lists (kept by the process) plus what its largest pass allocates.

    >>> worker_bytes(16) < worker_bytes(17) < worker_bytes(18)
    True
    """
    _check(n)
    return int(_c.quadrant_bytes(n)) + max(b for b, _ in _plans(n))


def make_subproblems(n: int) -> list[Subproblem]:
    """All subproblems of the count of ``n``: the passes, largest estimated first, then
    the turn searches (one per column of row 0's queen in the left half). The list is
    deterministic.

    >>> subs = make_subproblems(9)
    >>> sum(s.sym == 0 for s in subs), [(s.part, s.weight) for s in subs if s.sym]
    (8, [(0, 2), (1, 2), (2, 2), (3, 2)])
    """
    _check(n)
    joins = sorted(range(passes(n)), key=lambda x: (-pass_entries(n, x), x))
    records = [(max(1, pass_entries(n, x)), 1, 0, x) for x in joins]
    records += [(TURN_COST, 2, 2, c) for c in range(n // 2)]
    return [Subproblem(i, n, False, w, sym, (), cost, ENGINE, part)
            for i, (cost, w, sym, part) in enumerate(records)]


def solve(sub: Subproblem) -> SubResult:
    """Solve one subproblem of this engine.

    >>> solve(make_subproblems(8)[1])
    SubResult(id=1, total=20, fixed180=0, fixed90=0, colsum=30)
    """
    if sub.sym == 0:
        total, listed = _c.count_pass(sub.n, sub.part)
        return SubResult(sub.id, int(total), 0, 0, int(listed))
    f180, f90, colsum = _c.count_turns(sub.n, sub.part)
    return SubResult(sub.id, 0, int(f180), int(f90), int(colsum))


def solve_batch(batch: Sequence[Subproblem]) -> list[SubResult]:
    """Solve a batch of this engine's subproblems, in order.

    >>> sum(r.total for r in solve_batch(make_subproblems(10)))
    724
    """
    return [solve(s) for s in batch]


def plausible(sub: Subproblem, r: SubResult) -> str:
    """Whether ``r`` could be the result of ``sub`` ('' if so, else why not): a pass
    counts no symmetric boards and has half placements in its pair counts when it counts
    any; a turn search counts only symmetric boards, the quarter-turn ones among the
    half-turn ones, with a column sum of at most ``n - 1`` per board.

    >>> turn = make_subproblems(8)[-1]
    >>> plausible(turn, SubResult(turn.id, 0, 2, 0, 9))
    ''
    >>> plausible(turn, SubResult(turn.id, 3, 2, 0, 9))
    'it counts all boards in the search for those a turn leaves unchanged'
    """
    if sub.sym == 0:
        if r.fixed180 or r.fixed90:
            return "it counts symmetric boards in a pass that has none to test"
        if r.total and not r.colsum:
            return "it counts solutions but no half placements entered its pair counts"
        return ""
    if r.total:
        return "it counts all boards in the search for those a turn leaves unchanged"
    if r.fixed90 > r.fixed180:
        return "its symmetric completions outnumber its completions"
    if r.colsum > (sub.n - 1) * r.fixed180:
        return f"its column sum {r.colsum} is more than {sub.n - 1} × {r.fixed180}"
    return ""
