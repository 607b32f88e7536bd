"""Total counts of the plain queen board by joining half-boards (meet in the middle).

The board splits into a north half (the first ``n // 2`` rows) and a south half (the
last ``n // 2``); for odd ``n`` the middle row between them holds one queen whose
column is chosen explicitly. Every non-attacking placement of a half is listed once,
with its columns and the diagonal masks it leaves for the row next to the other
half, grouped by set of columns; turned upside down the north list is the south
list. A solution is a north and a south placement with complementary column sets and
disjoint diagonal masks, and those pairs are counted group by group in bulk (both
masks packed in one 64-bit word, groups split on one mask bit at a time). The
left-right mirror and the top-bottom flip make most groups count alike, so one of
each orbit is counted.

The work is in C (:mod:`nqueens._core.halves`) and runs without the GIL. It gives the
total only, for ``1 <= n <=`` :data:`MAX_N`; the half list of ``n`` takes
:func:`table_bytes` bytes (about 120 MB at n = 16, 280 MB at 17, 2.6 GB at 18), and
a count whose tables exceed ``max_bytes`` is refused before it starts.
"""

from __future__ import annotations

from .._core import halves as _c

#: The largest n accepted.
MAX_N = 20

#: The default bound on the tables of one count: 1 GiB.
DEFAULT_MAX_BYTES = 1 << 30


def table_bytes(n: int) -> int:
    """Bytes of the tables :func:`count_total` keeps for ``n`` (the half list and its
    group offsets; the scratch space of the largest group comes on top).

    >>> table_bytes(8)
    3320
    >>> table_bytes(16) < DEFAULT_MAX_BYTES < table_bytes(18)
    True
    """
    return _c.table_bytes(n)


def count_total(n: int, max_bytes: int = DEFAULT_MAX_BYTES) -> int:
    """The number of ways to place ``n`` non-attacking queens on an ``n``×``n`` board.

    Raises :class:`ValueError` for ``n`` outside ``1..MAX_N`` or when the tables
    (:func:`table_bytes`) would take more than ``max_bytes`` bytes.

    >>> [count_total(n) for n in range(1, 11)]
    [1, 0, 0, 2, 10, 4, 40, 92, 352, 724]
    >>> count_total(12)
    14200
    >>> count_total(18)
    Traceback (most recent call last):
    ...
    ValueError: counting n = 18 by half-boards needs ... bytes of tables, more than the ... allowed
    """
    if isinstance(n, bool) or not isinstance(n, int):
        raise TypeError(f"n must be an int, not {type(n).__name__}")
    if isinstance(max_bytes, bool) or not isinstance(max_bytes, int):
        raise TypeError(f"max_bytes must be an int, not {type(max_bytes).__name__}")
    return _c.count_total(n, max_bytes)
