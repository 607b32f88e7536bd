"""Published counts of solutions, from the OEIS, for drawing beside the computed ones.

The program never takes a count from here: every count it prints is computed. These
values are only laid over a picture of the computed counts, so that a reader sees the two
agree (the tests keep their own, independent copies to check the counts against).

>>> q = published("queen", False, "all")
>>> q.label, q.value(8), q.value(99)
('OEIS A000170', 92, None)
>>> published("superqueen", False, "fundamental").value(12)
22
>>> published("queen", True, "fundamental") is None   # no sequence for these classes
True
"""

from __future__ import annotations

from dataclasses import dataclass

from .pieces import Piece


@dataclass(frozen=True)
class Published:
    """An OEIS sequence of counts: its A-number, what it counts and its terms from n = 1.

    >>> A000170.label, A000170.value(4), len(A000170.values)
    ('OEIS A000170', 2, 27)
    """

    anumber: str
    what: str
    values: tuple[int, ...]

    @property
    def label(self) -> str:
        """How a picture names it: ``OEIS A000170``."""
        return f"OEIS {self.anumber}"

    def value(self, n: int) -> int | None:
        """The published count for board size ``n``, or None beyond the known terms.

        >>> A002562.value(1), A002562.value(0)
        (1, None)
        """
        return self.values[n - 1] if 1 <= n <= len(self.values) else None


#: All solutions of the n-queens problem, n = 1..27.
A000170 = Published("A000170", "all solutions, queens", (
    1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184, 14772512,
    95815104, 666090624, 4968057848, 39029188884, 314666222712, 2691008701644,
    24233937684440, 227514171973736, 2207893435808352, 22317699616364044,
    234907967154122528))

#: Fundamental solutions (classes under the 8 symmetries of the square), n = 1..27.
A002562 = Published("A002562", "fundamental solutions, queens", (
    1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233, 45752, 285053, 1846955, 11977939,
    83263591, 621012754, 4878666808, 39333324973, 336376244042, 3029242658210,
    28439272956934, 275986683743434, 2789712466510289, 29363495934315694))

#: All solutions with superqueens (queen + knight), n = 1..26.
A051223 = Published("A051223", "all solutions, superqueens", (
    1, 0, 0, 0, 0, 0, 0, 0, 0, 4, 44, 156, 1876, 5180, 32516, 202900, 1330622, 8924976,
    64492432, 495864256, 3977841852, 34092182276, 306819842212, 2883202816808,
    28144109776812, 286022102245804))

#: Fundamental solutions with superqueens, n = 1..26.
A051224 = Published("A051224", "fundamental solutions, superqueens", (
    1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 6, 22, 239, 653, 4089, 25411, 166463, 1115871, 8062150,
    61984976, 497236090, 4261538564, 38352532487, 360400504834, 3518014210402,
    35752764285788))

#: All solutions with queens on a torus, n = 1..34 (none unless n is prime to 6).
A051906 = Published("A051906", "all solutions, queens on a torus", (
    1, 0, 0, 0, 10, 0, 28, 0, 0, 0, 88, 0, 4524, 0, 0, 0, 140692, 0, 820496, 0, 0, 0,
    128850048, 0, 1957725000, 0, 0, 0, 605917055356, 0, 13404947681712, 0, 0, 0))

_SEQUENCES: dict[tuple[Piece, bool, str], Published] = {
    (Piece.QUEEN, False, "all"): A000170,
    (Piece.QUEEN, False, "fundamental"): A002562,
    (Piece.SUPERQUEEN, False, "all"): A051223,
    (Piece.SUPERQUEEN, False, "fundamental"): A051224,
    (Piece.QUEEN, True, "all"): A051906,
}


def published(piece: Piece | str, torus: bool, kind: str) -> Published | None:
    """The OEIS sequence of ``kind`` (``all`` or ``fundamental``) counts of ``piece`` (on a
    torus with ``torus``), or None where the OEIS has none that counts the same thing
    (the fundamental solutions on a torus, under the 8 symmetries of the square alone;
    superqueens on a torus).

    >>> published("queen", False, "all").anumber, published("queen", True, "all").anumber
    ('A000170', 'A051906')
    >>> published("superqueen", True, "all") is None
    True
    """
    return _SEQUENCES.get((Piece(piece), bool(torus), kind))
