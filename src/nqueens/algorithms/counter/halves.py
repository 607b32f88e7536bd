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

**Parts.** From n = 24 (and below, when the whole lists do not fit a memory limit) the
lists are never whole: a pass splits into ``2 ** L`` parts by the first ``L`` west
columns its north groups use (the *prefix*), and a part lists only the west placements
of its prefix and its partners' and the east placements of its pass. A part's lists
are built when it is counted; the west list of the last prefix is kept for the next
part of that prefix (the parts are listed prefix by prefix). :func:`parts_within` picks
the least ``L`` whose parts fit a memory budget, from :func:`part_bytes_estimate`.

>>> subs = make_subproblems(8)
>>> [(s.sym, s.part) for s in subs][:3], len(subs)
([(0, 6), (0, 5), (0, 3)], 12)
>>> from nqueens.algorithms.counter.work import tally
>>> tally(subs, solve_batch(subs))
(92, 12)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

from ..._core import halves as _c
from .work import Subproblem, SubResult, slice_check

#: The engine's name in :class:`~nqueens.algorithms.counter.work.Subproblem` records.
ENGINE = "halves"

#: Version of the subproblem layout and kernels; journals of another version are refused.
ENGINE_VERSION = "halves-2"    # 2: even n weighs signatures by the square's 8 symmetries

#: The board sizes this engine counts (smaller boards have too few rows to split).
MIN_N = 4
MAX_N = 28

#: Up to this n a pass may use the whole quadrant lists; above, it is counted in parts.
WHOLE_MAX_N = 23

#: Below this n the default (``workers=None``) counts in-process: a pool costs more.
POOL_FROM_N = 17

#: The size estimate of one turn-search subproblem (they are tiny beside the passes).
TURN_COST = 1


#: How many west placements the whole west quadrant of n lists (``west_prefixes(n, 0)``
#: of :mod:`nqueens._core.halves`, measured for n <= 23; a test holds them to it).
WEST_PLACEMENTS = {
    4: 5, 5: 9, 6: 18, 7: 37, 8: 87, 9: 185, 10: 462, 11: 1039, 12: 2635, 13: 6335,
    14: 16870, 15: 42807, 16: 118969, 17: 316395, 18: 915442, 19: 2524999, 20: 7535369,
    21: 21637115, 22: 66807234, 23: 198770307,
}

#: The bytes one process holds to count whole passes of n: the quadrant lists it keeps
#: and what its largest pass allocates (``quadrant_bytes(n)`` plus the largest of
#: ``pass_plans(n)``, measured for n <= 23, the same with every compare; a test holds
#: them to it), so that a count plans its memory without building the lists first.
WHOLE_BYTES = {
    4: 440, 5: 728, 6: 1496, 7: 2480, 8: 6088, 9: 10024, 10: 25368, 11: 43408,
    12: 114744, 13: 221944, 14: 563736, 15: 1246704, 16: 3155336, 17: 9353352,
    18: 20017768, 19: 79540080, 20: 145776664, 21: 931513064, 22: 1200369880,
    23: 3266185552,
}

#: Beyond the measured sizes, the list of n + 2 is that of n times a factor that grows by
#: this much every two n (measured: 7.05, 7.70, 8.23, 8.87 for even n from 14 to 22;
#: 7.39, 7.98, 8.57, 9.19 for odd n from 15 to 23), rounded up.
GROWTH_STEP = 0.65

#: The most subproblems a count in parts lists: beyond, each takes a block of passes.
MAX_SUBPROBLEMS = 1 << 17

#: The largest share of the whole west list a part of L prefix columns keeps, for even
#: and odd n (measured at n = 22 and 23, the largest; the odd shares grow with n, by
#: about a tenth every two n, which :func:`part_bytes_estimate` adds).
PART_SHARE = {
    0: (1.0, 1.0, 0.5215, 0.2679, 0.1356, 0.0712, 0.0362, 0.0197, 0.0105, 0.0057, 0.0035),
    1: (1.0, 1.0, 1.0, 0.7413, 0.5088, 0.3168, 0.1783, 0.1033, 0.0585, 0.0348, 0.0211, 0.0128),
}


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
    its work; it builds the whole lists, so n <= 23).

    >>> pass_entries(8, 0) > 0
    True
    """
    return _plans(n)[x][1]


def worker_bytes(n: int, parts: int = 0) -> int:
    """At most how many bytes one process needs to count passes of ``n``: the quadrant
    lists (kept by the process) plus what its largest pass allocates (:data:`WHOLE_BYTES`,
    known without building them); in parts of ``parts`` prefix columns (and whole
    passes beyond :data:`WHOLE_MAX_N`, which are counted in parts),
    :func:`part_bytes_estimate`.

    >>> worker_bytes(16) < worker_bytes(17) < worker_bytes(18)
    True
    >>> worker_bytes(24, 4) < 2 << 30 < worker_bytes(24, 3)
    True
    """
    _check(n)
    if parts or n > WHOLE_MAX_N:
        return part_bytes_estimate(n, parts)
    return WHOLE_BYTES[n]


def west_placements(n: int) -> int:
    """How many placements the whole west quadrant of ``n`` has: measured to n = 23
    (:data:`WEST_PLACEMENTS`), extrapolated beyond (:data:`GROWTH_STEP`).

    >>> west_placements(22), west_placements(24) > 9 * west_placements(22)
    (66807234, True)
    """
    _check(n)
    if n in WEST_PLACEMENTS:
        return WEST_PLACEMENTS[n]
    top = WHOLE_MAX_N if n % 2 == WHOLE_MAX_N % 2 else WHOLE_MAX_N - 1
    size = float(WEST_PLACEMENTS[top])
    factor = size / WEST_PLACEMENTS[top - 2]
    for _ in range(top + 2, n + 1, 2):
        factor += GROWTH_STEP
        size *= factor
    return math.ceil(size)


def part_share(n: int, parts: int) -> float:
    """At most what share of the whole west list a part of ``parts`` prefix columns
    keeps (:data:`PART_SHARE`; beyond its columns each one more keeps 0.62 of the last,
    and beyond n = 22 and 23 the share grows by 5 % (even n) or 10 % (odd n) every two n).

    >>> part_share(22, 3), part_share(24, 3) > part_share(22, 3)
    (0.2679, True)
    """
    table = PART_SHARE[n % 2]
    share = table[min(parts, len(table) - 1)] * 0.62 ** max(0, parts - len(table) + 1)
    drift = max(0, n - (WHOLE_MAX_N - 1 + n % 2)) // 2
    return min(1.0, share * (1.10 if n % 2 else 1.05) ** drift)


def part_bytes_estimate(n: int, parts: int) -> int:
    """At most about how many bytes one process needs to count a part of ``parts``
    prefix columns of a pass of ``n``: its west list (:func:`part_share` of the whole,
    with a tenth more), its keys, and the pass's buffers. For odd n those take at most
    0.8 of the lists (an odd part keeps a class whole only while it is at most half its
    lists); for even n they hold the largest groups, which parts do not split: 0.2 of
    the whole west list's bytes at n = 16, falling by 0.87 every two n (measured 0.21,
    0.16, 0.14, 0.12 from n = 16 to 22), so that from n = 26 even parts need more than
    2 GiB however fine. Tests hold the estimate above what
    :func:`nqueens._core.halves.part_bytes` measures.

    >>> part_bytes_estimate(24, 3) < part_bytes_estimate(24, 2)
    True
    """
    k, w = n // 2, n - n // 2
    slots = 2 + (parts if n % 2 else 0)
    whole = 8 * west_placements(n)
    lists = 1.1 * whole * part_share(n, parts)
    keys = 8 * (slots << (w - parts + k)) + 8 * (2 << k) + 4 * (1 << k)
    if n % 2:
        buffers = 0.8 * lists
    else:
        buffers = 0.2 * 0.87 ** max(0, (n - 16) / 2) * whole
    return int(lists + buffers) + keys + (64 << 10)


def parts_within(n: int, budget: int) -> int | None:
    """The fewest prefix columns whose parts of ``n`` fit ``budget`` bytes a process
    (:func:`part_bytes_estimate`), or None when not even the finest parts fit.

    >>> parts_within(24, 2 << 30), parts_within(27, 2 << 30), parts_within(26, 2 << 30)
    (4, 13, None)
    """
    _check(n)
    for parts in range(1, n - n // 2):
        if part_bytes_estimate(n, parts) <= budget:
            return parts
    return None


def pack_part(x: int, parts: int = 0, prefix: int = 0, block: int = 0) -> int:
    """The ``part`` field of a pass subproblem: pass ``x`` whole (``parts`` 0), or the
    part ``prefix`` of ``parts`` prefix columns of the ``2 ** block`` passes from ``x``.

    >>> pack_part(5), unpack_part(pack_part(5, 3, 6, 1))
    (5, (5, 3, 6, 1))
    """
    return x | prefix << 24 | block << 48 | parts << 56


def unpack_part(part: int) -> tuple[int, int, int, int]:
    """``(x, parts, prefix, block)`` of a pass subproblem's ``part`` (:func:`pack_part`)."""
    return part & 0xFFFFFF, part >> 56, (part >> 24) & 0xFFFFFF, (part >> 48) & 0xFF


def block_bits(n: int, parts: int) -> int:
    """How many passes a subproblem of ``n`` in parts of ``parts`` columns takes, as a
    power of two: enough that the list has at most :data:`MAX_SUBPROBLEMS`.

    >>> block_bits(24, 4), block_bits(27, 13)
    (0, 8)
    """
    return max(0, (n // 2 - 1) + parts - MAX_SUBPROBLEMS.bit_length() + 1)


def _part_weight(n: int, x: int, parts: int, prefix: int) -> int:
    """A size estimate of part ``prefix`` of pass x that builds nothing: the pass's pairs
    of column sets, times the share of its north groups that have the part's prefix
    (none, when the prefix holds more columns than a group has), in units of 2^-24 of
    a pair so that a fine part is not rounded away."""
    k, w, c = n // 2, n - n // 2, x.bit_count()
    need, used = k - c, prefix.bit_count()
    pairs = math.comb(w, need) * math.comb(k, c) * math.comb(w, c) * math.comb(k, need)
    if not parts:
        return pairs << 24
    if used > need or need - used > w - parts:
        return 0
    return (pairs << 24) * math.comb(w - parts, need - used) // math.comb(w, need)


def make_subproblems(n: int, parts: int | None = None) -> list[Subproblem]:
    """All subproblems of the count of ``n``: the passes, largest estimated first, then
    the turn searches (one per column of row 0's queen in the left half). The list is
    deterministic.

    In parts (``parts`` prefix columns; None: whole passes to n = 23, else the parts
    that fit 2 GiB a process, or the finest there are), the passes come prefix by
    prefix, each prefix's largest first, a block of ``2 ** block_bits(n, parts)`` passes
    a subproblem.

    >>> subs = make_subproblems(9)
    >>> sum(s.sym == 0 for s in subs), [(s.part, s.weight) for s in subs if s.sym]
    (8, [(0, 2), (1, 2), (2, 2), (3, 2)])
    >>> len(make_subproblems(9, parts=2))
    36
    """
    _check(n)
    if parts is None:
        parts = 0 if n <= WHOLE_MAX_N else parts_within(n, 2 << 30) or n - n // 2 - 1
    if not isinstance(parts, int) or not (0 if n <= WHOLE_MAX_N else 1) <= parts < n - n // 2:
        raise ValueError(f"n = {n} is counted in parts of 1 to {n - n // 2 - 1} prefix "
                         f"columns{' or whole (0)' if n <= WHOLE_MAX_N else ''}, not {parts}")
    records: list[tuple[int, int, int, int]] = []
    if parts == 0:
        joins = sorted(range(passes(n)), key=lambda x: (-pass_entries(n, x), x))
        records += [(max(1, pass_entries(n, x)), 1, 0, x) for x in joins]
    else:
        block = block_bits(n, parts)
        starts = range(0, passes(n), 1 << block)
        # the weights depend on how many east columns a pass and a prefix hold
        hist = {x0: [0] * (n // 2 + 1) for x0 in starts}
        for x in range(passes(n)):
            hist[x - x % (1 << block)][x.bit_count()] += 1
        orders: dict[int, list[tuple[int, int]]] = {}
        for used in range(parts + 1):
            weight = [_part_weight(n, (1 << c) - 1, parts, (1 << used) - 1)
                      for c in range(n // 2 + 1)]
            size = {x0: sum(h * wt for h, wt in zip(hist[x0], weight, strict=True))
                    for x0 in starts}
            orders[used] = sorted(((size[x0], x0) for x0 in starts),
                                  key=lambda sx: (-sx[0], sx[1]))
        scale = max(order[0][0] for order in orders.values()) // (1 << 40) + 1
        for prefix in range(1 << parts):  # costs kept within 2^40
            records += [(max(1, size // scale), 1, 0, pack_part(x0, parts, prefix, block))
                        for size, x0 in orders[prefix.bit_count()]]
    records += [(TURN_COST, 2, 2, c) for c in range(n // 2)]
    return [Subproblem(i, n, False, w, sym, (), cost, ENGINE, part)
            for i, (cost, w, sym, part) in enumerate(records)]


def layout(subs: Sequence[Subproblem]) -> str:
    """The journal's name for a list of this engine's subproblems: the engine version,
    and the parts when the passes are split.

    >>> layout(make_subproblems(8)), layout(make_subproblems(8, parts=2))
    ('halves-2', 'halves-2:parts=2')
    """
    parts = unpack_part(subs[0].part)[1] if subs and subs[0].sym == 0 else 0
    return ENGINE_VERSION + (f":parts={parts}" if parts else "")


def parts_of_layout(version: str) -> int | None:
    """The parts of a list named ``version`` by :func:`layout` (0: whole passes), or None
    when the name is not one of this engine's.

    >>> parts_of_layout("halves-2:parts=3"), parts_of_layout("halves-2"), parts_of_layout("x")
    (3, 0, None)
    """
    if version == ENGINE_VERSION:
        return 0
    head, _, tail = version.partition(":parts=")
    return int(tail) if head == ENGINE_VERSION and tail.isdigit() else None


def solve(sub: Subproblem) -> SubResult:
    """Solve one subproblem of this engine.

    >>> solve(make_subproblems(8)[1])
    SubResult(id=1, total=20, fixed180=0, fixed90=0, colsum=30, slices=(0, 16, 4))
    """
    if sub.sym == 0:
        x0, parts, prefix, block = unpack_part(sub.part)
        total = listed = 0
        slices = [0, 0, 0]
        for x in range(x0, x0 + (1 << block)):
            t, m, s = _c.count_pass(sub.n, x, prefix_bits=parts, prefix=prefix)
            total += t
            listed += m
            slices = [a + b for a, b in zip(slices, s, strict=True)]
        return SubResult(sub.id, int(total), 0, 0, int(listed), _three(slices))
    f180, f90, colsum, by_column = _c.count_turns(sub.n, sub.part)
    return SubResult(sub.id, 0, int(f180), int(f90), int(colsum), _three(by_column))


def _three(values: Sequence[int]) -> tuple[int, int, int]:
    a, b, c = values
    return int(a), int(b), int(c)


def setup_key(sub: Subproblem) -> tuple[int, int, int] | None:
    """What a subproblem's lists depend on beyond its pass: ``(n, parts, prefix)`` for
    a part (its west list, kept for the next part of that prefix), None otherwise.

    >>> setup_key(make_subproblems(8, 2)[0]), setup_key(make_subproblems(8)[0])
    ((8, 2, 0), None)
    """
    if sub.sym != 0:
        return None
    _, parts, prefix, _ = unpack_part(sub.part)
    return (sub.n, parts, prefix) if parts else None


def prepare(sub: Subproblem) -> None:
    """Build the lists a part of a pass needs and keep its west list, as solving it
    would: a sample times the counting apart from the building.

    >>> prepare(make_subproblems(10, 2)[0])
    """
    if setup_key(sub) is not None:
        x0, parts, prefix, _ = unpack_part(sub.part)
        _c.part_bytes(sub.n, x0, parts, prefix)


def solve_batch(batch: Sequence[Subproblem]) -> list[SubResult]:
    """Solve a batch of this engine's subproblems, in order.

    >>> sum(r.total for r in solve_batch(make_subproblems(10)))
    724
    """
    return [solve(s) for s in batch]


def plausible(sub: Subproblem, r: SubResult) -> str:
    """Whether ``r`` could be the result of ``sub`` ('' if so, else why not): a pass
    counts no symmetric boards, has half placements in its pair counts when it counts
    any, and its slices add up to its total; a turn search counts only symmetric boards,
    the quarter-turn ones among the half-turn ones, with a column sum of at most ``n - 1``
    per board, and slices that agree with both
    (:func:`nqueens.algorithms.counter.work.slice_check`).

    >>> turn = make_subproblems(8)[-1]
    >>> plausible(turn, SubResult(turn.id, 0, 2, 0, 9, (2, 0, 0)))
    ''
    >>> plausible(turn, SubResult(turn.id, 3, 2, 0, 9, (2, 0, 0)))
    'it counts all boards in the search for those a turn leaves unchanged'
    >>> one = make_subproblems(8)[1]
    >>> plausible(one, SubResult(one.id, 28, 0, 0, 30, (0, 16, 4)))
    'its slices 0 + 16 + 4 do not add up to its count 28'
    """
    if sub.sym == 0:
        if r.fixed180 or r.fixed90:
            return "it counts symmetric boards in a pass that has none to test"
        if r.total and not r.colsum:
            return "it counts solutions but no half placements entered its pair counts"
        return slice_check(r.total, r.colsum, r.slices, by_column=False)
    if r.total:
        return "it counts all boards in the search for those a turn leaves unchanged"
    if r.fixed90 > r.fixed180:
        return "its symmetric completions outnumber its completions"
    if r.colsum > (sub.n - 1) * r.fixed180:
        return f"its column sum {r.colsum} is more than {sub.n - 1} × {r.fixed180}"
    return slice_check(r.fixed180, r.colsum, r.slices, by_column=True)
