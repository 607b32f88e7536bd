"""Linear ("analytic") solutions: queens on the squares (x, (a·x + b) mod n).

Row ``x`` holds its queen in column ``(a·x + b) mod n``, for x = 0 … n−1. Such a
placement is a solution exactly when gcd(a, n) = gcd(a − 1, n) = gcd(a + 1, n) = 1:
the columns, the differences row − column and the sums row + column are then
``n`` different residues. So every linear solution is also a solution on the torus
(where diagonals wrap around), and linear solutions exist exactly when
gcd(n, 6) = 1 (Pólya): for even n, a and a ± 1 cannot all be odd; for n divisible
by 3, one of a − 1, a, a + 1 is a multiple of 3. Each valid multiplier ``a`` gives
``n`` solutions, one per shift ``b``.

>>> from nqueens.algorithms.linear import multipliers, linear_count, linear_solutions
>>> multipliers(11).tolist()
[2, 3, 4, 5, 6, 7, 8, 9]
>>> linear_count(11)
88
>>> first = next(linear_solutions(5))
>>> (first.a, first.b, first.solution.as_tuple())
(2, 0, (0, 2, 4, 1, 3))
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ..base.board import Solution, column_dtype
from ..base.errors import BadInput
from ..base.limits import check_n

#: Boards larger than this are not counted in full by :func:`linear_table` unless asked.
DEFAULT_COUNT_MAX = 15


def exists(n: int) -> bool:
    """True when linear solutions exist for ``n``: exactly when gcd(n, 6) = 1.

    >>> [n for n in range(1, 20) if exists(n)]
    [1, 5, 7, 11, 13, 17, 19]
    """
    return math.gcd(check_n(n), 6) == 1


def multipliers(n: int) -> npt.NDArray[np.int64]:
    """The slopes ``a`` in 0 … n−1 with gcd(a, n) = gcd(a − 1, n) = gcd(a + 1, n) = 1.

    The three gcds are 1 exactly when no prime ``p`` dividing ``n`` divides a − 1, a
    or a + 1, that is when a mod p is none of p − 1, 0, 1; so ``n`` is factored once
    and all ``a`` are sieved at once with numpy.

    >>> multipliers(7).tolist()
    [2, 3, 4, 5]
    >>> multipliers(9).tolist()
    []
    >>> multipliers(35).tolist()[:6]
    [2, 3, 12, 17, 18, 23]
    """
    n = check_n(n)
    a = np.arange(n, dtype=np.int64)
    ok = np.ones(n, dtype=bool)
    for p in _prime_factors(n):
        r = a % p
        ok &= (r != 0) & (r != 1) & (r != p - 1)
    return a[ok]


def _prime_factors(n: int) -> list[int]:
    """The distinct primes dividing ``n`` (trial division).

    >>> _prime_factors(360)
    [2, 3, 5]
    """
    primes = []
    p = 2
    while p * p <= n:
        if n % p == 0:
            primes.append(p)
            while n % p == 0:
                n //= p
        p += 1 if p == 2 else 2
    if n > 1:
        primes.append(n)
    return primes


def linear_count(n: int) -> int:
    """How many linear solutions the ``n``×``n`` board has: n × (number of slopes).

    >>> [linear_count(n) for n in (5, 7, 11, 13)]
    [10, 28, 88, 130]
    """
    return int(check_n(n) * multipliers(n).size)


def placement(n: int, a: int, b: int) -> Solution:
    """The placement (x, (a·x + b) mod n), valid or not.

    >>> placement(5, 2, 1).as_tuple()
    (1, 3, 0, 2, 4)
    >>> placement(5, 1, 0).is_valid()
    False
    """
    n = check_n(n)
    x = np.arange(n, dtype=np.int64)
    return Solution.of_known_columns((a * x + b) % n)


@dataclass(frozen=True)
class LinearSolution:
    """One linear solution: its slope ``a``, its shift ``b`` and the board.

    >>> ls = LinearSolution(3, 1, placement(7, 3, 1))
    >>> ls.solution.as_tuple(), ls.solution.is_valid(torus=True)
    ((1, 4, 0, 3, 6, 2, 5), True)
    """

    a: int
    b: int
    solution: Solution

    def as_dict(self) -> dict[str, object]:
        """A JSON-ready dictionary: a, b and the 0-based queens.

        >>> LinearSolution(2, 0, placement(5, 2, 0)).as_dict()["columns"]
        [0, 2, 4, 1, 3]
        """
        return {"a": self.a, "b": self.b, "columns": list(self.solution.as_tuple())}


def linear_solutions(n: int) -> Iterator[LinearSolution]:
    """Every linear solution, by slope ``a`` and then shift ``b`` (both ascending).

    The boards are built with numpy a block of shifts at a time (about a million
    squares per block), so huge boards start streaming at once.

    >>> [(s.a, s.b) for s in linear_solutions(5)][:3]
    [(2, 0), (2, 1), (2, 2)]
    >>> sum(1 for _ in linear_solutions(6))
    0
    """
    n = check_n(n)
    x = np.arange(n, dtype=np.int64)
    block = max(1, (1 << 20) // n)
    for a in multipliers(n).tolist():
        ax = a * x
        for start in range(0, n, block):
            shifts = np.arange(start, min(n, start + block), dtype=np.int64)
            boards = ((ax[None, :] + shifts[:, None]) % n).astype(column_dtype(n))
            for k, shift in enumerate(shifts.tolist()):
                yield LinearSolution(a, shift, Solution.of_known_columns(boards[k]))


@dataclass(frozen=True)
class LinearRow:
    """One row of the linear table: ``total``, all the solutions of the board, is None
    when that count was not made.

    >>> LinearRow(n=7, linear=28, total=40).percent
    70.0
    >>> LinearRow(n=19, linear=304, total=None).percent is None
    True
    """

    n: int
    linear: int
    total: int | None

    @property
    def percent(self) -> float | None:
        """Linear solutions as a percentage of all solutions (None when unknown or 0/0)."""
        if not self.total:
            return None
        return 100.0 * self.linear / self.total

    def as_dict(self) -> dict[str, object]:
        """A JSON-ready dictionary.

        ``all``, the former name of ``total``, is kept as an alias for a release.

        >>> LinearRow(7, 28, 40).as_dict()
        {'n': 7, 'linear': 28, 'total': 40, 'all': 40, 'percent': 70.0}
        """
        pct = self.percent
        return {"n": self.n, "linear": self.linear, "total": self.total, "all": self.total,
                "percent": None if pct is None else round(pct, 6)}


def linear_row(n: int, count_max: int = DEFAULT_COUNT_MAX) -> LinearRow:
    """Linear and all solutions of one board; all are counted only when n ≤ ``count_max``.

    >>> linear_row(13)
    LinearRow(n=13, linear=130, total=73712)
    >>> linear_row(19, count_max=15).total is None
    True
    """
    from .counter import count

    n = check_n(n)
    total = count(n).total if n <= count_max else None
    return LinearRow(n, linear_count(n), total)


def linear_table(first: int, last: int, count_max: int = DEFAULT_COUNT_MAX) -> list[LinearRow]:
    """:func:`linear_row` for every n from ``first`` to ``last``.

    >>> [(r.n, r.linear, r.total) for r in linear_table(4, 6)]
    [(4, 0, 2), (5, 10, 10), (6, 0, 4)]
    """
    first = check_n(first, what="FROM")
    last = check_n(last, what="TO")
    if last < first:
        raise BadInput(f"the table runs from FROM to TO: {first} is above {last}")
    return [linear_row(n, count_max) for n in range(first, last + 1)]
