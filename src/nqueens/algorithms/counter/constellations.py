"""Start constellations: the count as a sum over small, independent subproblems.

Every solution has exactly one queen in row 0, in row n-1, in column 0 and in
column n-1. Those (up to four) queens form the solution's *frame*. The 8 symmetries
of the square map frames to frames, so only one frame per symmetry class is kept —
the one whose ``(column in row 0, column in row n-1, row in column 0, row in column
n-1)`` is least — with a *weight* of 8, 4 or 2: the size of its class. A frame and
its images have the same number of completions, so

    all = Σ weight × completions(frame).

For the fundamental count (Burnside's lemma) only half and quarter turns matter: no
reflection leaves a solution of n > 1 unchanged. A solution that a rotation fixes
has a frame that rotation fixes, so only frames unchanged by a half turn (``sym``
1) or a quarter turn (``sym`` 2) test their completions, and

    fundamental = (all + Σ weight × fixed180 + 2 Σ weight × fixed90) / 8.

Each kept frame is searched in the orientation (one of its 8 images) whose first
rows to fill allow the fewest partial placements, and for large n it may be split
further by the queen of its first rows to fill. The resulting :class:`Subproblem`
is a small plain record: it pickles, stores in a database and travels to another
machine; :func:`solve` counts one.

>>> subs = make_subproblems(8)
>>> sum(s.weight * solve(s).total for s in subs)
92
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from ...base.pieces import Piece
from ..problem import Problem
from .work import Subproblem, SubResult, digest, slice_check, tally

if TYPE_CHECKING:
    import numpy as np

# numpy and the compiled kernels are imported by the functions that use them, so that
# the engine's records (engines.py) load without them: a count by another engine
# starts without numpy.

__all__ = ["Subproblem", "SubResult", "tally", "make_subproblems", "solve", "solve_batch",
           "digest", "frames", "frame_images"]

#: Version of the subproblem layout and kernels; journals of another version are refused.
ENGINE_VERSION = "constellations-2"

#: Below this n a local count (``workers=None``) counts start constellations in this
#: process: a pool costs more.
POOL_FROM_N = 14

#: From this n on each frame is split by the queen of its first row to fill.
SPLIT_FROM_N = 19

#: The smallest board the constellation engine handles (smaller ones have no frames).
MIN_N = 4

#: Rows to fill that the orientation choice looks ahead.
ESTIMATE_DEPTH = 3


def frame_images(n: int, t: tuple[int, int, int, int]) -> list[tuple[int, int, int, int]]:
    """The images of frame ``t = (a, b, c, d)`` under the 8 symmetries, in the order of
    :data:`nqueens.base.board.SYMMETRY_NAMES` (identity, the three turns, then the four
    reflections).

    >>> frame_images(8, (1, 3, 5, 6))[:2]
    [(1, 3, 5, 6), (2, 1, 3, 1)]
    """
    import numpy as np

    from ...kernels import constellations as kc
    out = np.empty((8, 4), dtype=np.int64)
    kc.frame_images_into(n, t[0], t[1], t[2], t[3], out)  # the one definition, compiled
    return [(a, b, c, d) for a, b, c, d in out.tolist()]


def _frame_squares(n: int, a: int, b: int, c: int, d: int) -> list[tuple[int, int]]:
    squares = {(0, a), (n - 1, b), (c, 0), (d, n - 1)}
    return sorted(squares)


def _arrays(n: int, queens: Sequence[tuple[int, int]], knight: bool
            ) -> tuple[int, np.ndarray, np.ndarray, np.ndarray]:
    import numpy as np

    from ...kernels import constellations as kc
    qr = np.array([q[0] for q in queens], dtype=np.int64)
    qc = np.array([q[1] for q in queens], dtype=np.int64)
    rows = np.zeros(n, dtype=np.int64)
    avail = np.zeros(n, dtype=np.uint64)
    gap = np.zeros(n, dtype=np.uint64)
    m = kc.prepare(n, qr, qc, knight, rows, avail, gap)
    return int(m), rows, avail, gap


def frames(n: int, piece: Piece | str = Piece.QUEEN
           ) -> list[tuple[tuple[int, int, int, int], int, int]]:
    """The canonical frames of an n×n board (n ≥ 4) as ``((a, b, c, d), weight, sym)``.

    >>> frames(4)  # two classes: 8 frames that cannot be completed, 2 that can
    [((0, 1, 0, 2), 8, 0), ((1, 2, 2, 1), 2, 2)]
    >>> sum(w for _, w, _ in frames(5))  # every frame of non-attacking border queens
    34
    """
    from ...kernels import constellations as kc
    table = kc.enumerate_frames(n, Piece.parse(piece).knight, 0)
    out = []
    for a, b, c, d, w, s, _ in table.tolist():
        me = (a, b, c, d)
        out.append((min(frame_images(n, me)), w, s))
    return out


def make_subproblems(n: int, piece: Piece | str = Piece.QUEEN, split: int = 0
                     ) -> list[Subproblem]:
    """All subproblems of an n×n count (n ≥ 4), largest estimated first.

    Each canonical frame is searched in the image (of its 8) whose first rows to fill
    allow the fewest partial placements. With ``split`` > 0 each frame is divided
    further by the queens of its first ``split`` rows to fill, for more and smaller
    subproblems (wide clusters, large n). The list is deterministic: the same n, piece
    and split always give the same list.

    >>> len(make_subproblems(8)), len(make_subproblems(8, split=1)) > len(make_subproblems(8))
    (78, True)
    """
    from ...kernels import constellations as kc
    p = Piece.parse(piece)
    if n < MIN_N:
        raise ValueError(f"start constellations need n >= {MIN_N}")
    records: list[tuple[int, int, int, tuple[int, ...], bool]] = []
    for a, b, c, d, weight, sym, cost in kc.enumerate_frames(n, p.knight,
                                                            ESTIMATE_DEPTH).tolist():
        for queens in _split(n, _frame_squares(n, a, b, c, d), p.knight, split):
            records.append((cost, weight, sym, tuple(x for q in queens for x in q), p.knight))
    records.sort(key=lambda t: (-t[0], t[3]))
    return [Subproblem(i, n, kn, w, s, q, cost) for i, (cost, w, s, q, kn) in enumerate(records)]


def _split(n: int, queens: list[tuple[int, int]], knight: bool, depth: int
           ) -> Iterable[list[tuple[int, int]]]:
    if depth <= 0:
        yield queens
        return
    m, rows, avail, _ = _arrays(n, queens, knight)
    if m <= 2:
        yield queens
        return
    r = int(rows[0])
    free = int(avail[0])
    while free:
        bit = free & -free
        free ^= bit
        more = sorted(queens + [(r, bit.bit_length() - 1)])
        if _arrays(n, more, knight)[0] >= 0:
            yield from _split(n, more, knight, depth - 1)


def solve(sub: Subproblem) -> SubResult:
    """Count one subproblem: its completions, those fixed by a half turn and by a quarter
    turn, the column sum and the slices (see :class:`SubResult`).

    >>> solve(make_subproblems(6)[0])
    SubResult(id=0, total=1, fixed180=1, fixed90=0, colsum=2, slices=(0, 0, 1))
    """
    import numpy as np

    from ...kernels import constellations as kc
    n = sub.n
    q = sub.queens
    pairs = [(q[i], q[i + 1]) for i in range(0, len(q), 2)]
    m, rows, avail, gap = _arrays(n, pairs, sub.knight)
    if m < 0:
        return SubResult(sub.id, 0, 0, 0, 0)
    if not sub.knight and not sub.sym:
        t, cs, sl = kc.count_queen(avail, gap, m)
        return SubResult(sub.id, int(t), 0, 0, int(cs), sl)
    base = np.zeros(n, dtype=np.int64)
    for r, c in pairs:
        base[r] = c
    t, a, b, cs, sl = kc.count_general(n, avail, gap, rows, m, base, sub.knight, sub.sym)
    return SubResult(sub.id, int(t), int(a), int(b), int(cs), sl)


def queen_rows(batch: Sequence[Subproblem]) -> tuple[np.ndarray, np.ndarray]:
    """The pre-placed queens of a batch as the kernels take them: a 2-D int64 array, row
    i holding subproblem i's (row, column) pairs, and how many each has.

    >>> queens, nq = queen_rows(make_subproblems(6)[:2])
    >>> queens.shape[0], nq.tolist()
    (2, [4, 3])
    """
    import numpy as np
    width = max(len(s.queens) for s in batch)
    queens = np.zeros((len(batch), width), dtype=np.int64)
    nq = np.empty(len(batch), dtype=np.int64)
    for i, s in enumerate(batch):
        queens[i, :len(s.queens)] = s.queens
        nq[i] = len(s.queens) // 2
    return queens, nq


def solve_batch(batch: Sequence[Subproblem]) -> list[SubResult]:
    """Count a batch of subproblems (the unit a worker receives); the plain-queen
    subproblems without a rotation test go to the kernel in one call.

    >>> subs = make_subproblems(8)
    >>> sum(s.weight * r.total for s, r in zip(subs, solve_batch(subs)))
    92
    """
    import numpy as np

    from ...kernels import constellations as kc
    plain = [s for s in batch if not s.knight and not s.sym]
    counted: dict[int, SubResult] = {}
    if plain:
        queens, nq = queen_rows(plain)
        out = np.zeros(len(plain), dtype=np.int64)
        colsums = np.zeros(len(plain), dtype=np.int64)
        slices = np.zeros((len(plain), 3), dtype=np.int64)
        kc.count_queen_many(plain[0].n, queens, nq, out, colsums, slices)
        for s, c, cs, sl in zip(plain, out.tolist(), colsums.tolist(), slices.tolist(),
                                strict=True):
            counted[s.id] = SubResult(s.id, int(c), 0, 0, int(cs), (sl[0], sl[1], sl[2]))
    return [counted[s.id] if s.id in counted else solve(s) for s in batch]


def default_split(n: int) -> int:
    """How many rows to fill each start constellation is split by (0 below
    :data:`SPLIT_FROM_N`).

    >>> default_split(18), default_split(19)
    (0, 1)
    """
    return 1 if n >= SPLIT_FROM_N else 0


def subproblems_of(problem: Problem) -> list[Subproblem]:
    """The subproblems of a whole-board count of ``problem`` (its piece, n >= 4), split
    by :func:`default_split`.

    >>> len(subproblems_of(Problem.make(8))) == len(make_subproblems(8))
    True
    """
    return make_subproblems(problem.n, problem.piece, default_split(problem.n))


def plausible(sub: Subproblem, r: SubResult) -> str:
    """Whether ``r`` could be the result of ``sub`` ('' if so, else why not): symmetric
    completions are among the completions, and only where the frame can have them; a
    column sum of at most ``n - 1`` a completion; slices that agree with the count and
    the column sum (:func:`nqueens.algorithms.counter.work.slice_check`).

    >>> sub = make_subproblems(8)[0]
    >>> plausible(sub, SubResult(sub.id, 3, 0, 0, 40, (0, 0, 3)))
    'its column sum 40 is more than 7 × 3'
    >>> plausible(sub, SubResult(sub.id, 11, 0, 0, 10, (0, 0, 3)))
    'its slices 0 + 0 + 3 do not add up to its count 11'
    """
    if r.fixed180 > r.total or r.fixed90 > r.fixed180:
        return "its symmetric completions outnumber its completions"
    if (sub.sym < 1 and r.fixed180) or (sub.sym < 2 and r.fixed90):
        return "it counts symmetric completions of a subproblem that has none to test"
    if r.colsum > (sub.n - 1) * r.total:
        return f"its column sum {r.colsum} is more than {sub.n - 1} × {r.total}"
    return slice_check(r.total, r.colsum, r.slices, by_column=True)
