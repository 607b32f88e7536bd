"""The table of counts: n, all, fundamental and seconds for a range of n, as a whole
(:func:`format_table`) or a row at a time as the counts finish (:class:`TableWriter`).
Its picture is drawn by :mod:`nqueens.output.table_plot`.

>>> rows = count_table(4, 6)
>>> [(r.n, r.total, r.fundamental) for r in rows]
[(4, 2, 1), (5, 10, 2), (6, 4, 1)]
>>> print(format_table(rows, "csv", seconds=False).strip())
n,total,fundamental
4,2,1
5,10,2
6,4,1
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from ...base import tables
from ...base.errors import BadInput
from ...base.limits import MAX_EXACT_N, check_n
from ...base.pieces import Piece
from ...base.tables import Column, TableWriter
from . import CountResult, count


def count_table(n_from: int, n_to: int, *, piece: Piece | str = Piece.QUEEN,
                torus: bool = False, workers: int | None = None,
                done: Callable[[CountResult], None] | None = None) -> list[CountResult]:
    """Count every n from ``n_from`` to ``n_to`` (on a torus with ``torus``); ``done`` is
    called with each result as it comes.

    >>> rows = count_table(6, 8, done=lambda r: print(f"n = {r.n}: {r.total}"))
    n = 6: 4
    n = 7: 40
    n = 8: 92
    >>> [r.fundamental for r in rows]
    [1, 6, 12]
    >>> [r.total for r in count_table(4, 7, torus=True)]
    [0, 10, 0, 28]
    """
    check_range(n_from, n_to)
    out = []
    for n in range(n_from, n_to + 1):
        r = count(n, piece=piece, torus=torus, workers=workers)
        out.append(r)
        if done is not None:
            done(r)
    return out


def check_range(n_from: int, n_to: int) -> tuple[int, int]:
    """``(n_from, n_to)`` as board sizes of a table, or :class:`BadInput`.

    >>> check_range(1, 12)
    (1, 12)
    >>> check_range(9, 4)
    Traceback (most recent call last):
    ...
    nqueens.base.errors.BadInput: FROM (9) must not be above TO (4)
    """
    n_from = check_n(n_from, MAX_EXACT_N, "FROM")
    n_to = check_n(n_to, MAX_EXACT_N, "TO")
    if n_from > n_to:
        raise BadInput(f"FROM ({n_from}) must not be above TO ({n_to})")
    return n_from, n_to


def describe(piece: Piece | str, torus: bool) -> str:
    """What a table of ``piece`` (on a torus with ``torus``) counts, when that is not the
    plain queen board ('' for it).

    >>> describe("queen", False), describe("superqueen", True)
    ('', 'counts of superqueens (queen + knight) on a torus')
    """
    piece = Piece(piece)
    if piece is Piece.QUEEN and not torus:
        return ""
    what = "queens" if piece is Piece.QUEEN else f"{piece.value}s (queen + knight)"
    return f"counts of {what}{' on a torus' if torus else ''}"


def expected_digits(n: int) -> int:
    """How many digits the count of solutions of the n×n queen board is expected to
    have at most: the asymptotic growth (0.143 n)^n with two digits to spare (a
    superqueen or torus board has no more solutions). It sizes the columns of a table
    printed a row at a time; a larger count widens its own row.

    >>> [expected_digits(n) for n in (4, 8, 12, 18)]
    [2, 3, 6, 10]
    """
    return max(1, math.ceil(n * math.log10(max(0.143 * n, 1e-9)) + 2.5))


def expected_widths(n_to: int, seconds: bool = True) -> list[int]:
    """The text columns of a table up to ``n_to``: wide enough for the header and for
    the counts :func:`expected_digits` expects, with thousands separators.

    >>> expected_widths(12)
    [2, 7, 11, 7]
    """
    def grouped(digits: int) -> int:
        return digits + (digits - 1) // 3

    widths = [max(1, len(str(n_to))), max(5, grouped(expected_digits(n_to))),
              max(11, grouped(expected_digits(n_to)))]
    return widths + [7] if seconds else widths


def columns(seconds: bool = True) -> list[Column]:
    """The columns of a table of counts: n, total, fundamental and (with ``seconds``) the
    seconds each took; JSON also says the piece and the torus, and keeps ``all``, the
    former name of the total, as an alias for a release.

    >>> [c.name for c in columns() if c.shown]
    ['n', 'total', 'fundamental', 'seconds']
    """
    cols = [Column("n", lambda r: str(r.n), json=lambda r: r.n),
            Column("piece", lambda r: r.piece, shown=False),
            Column("torus", lambda r: str(r.torus), json=lambda r: r.torus, shown=False),
            Column("total", lambda r: _grouped(r.total), csv=lambda r: str(r.total),
                   json=lambda r: r.total),
            Column("all", lambda r: str(r.total), json=lambda r: r.total, shown=False),
            Column("fundamental", lambda r: _grouped(r.fundamental),
                   csv=lambda r: str(r.fundamental), json=lambda r: r.fundamental)]
    if seconds:
        cols.append(Column("seconds", lambda r: f"{r.seconds:.3f}",
                           json=lambda r: round(r.seconds, 6)))
    return cols


def table_writer(fmt: str = "text", seconds: bool = True,
                 widths: Sequence[int] | None = None) -> TableWriter:
    """A :class:`~nqueens.base.tables.TableWriter` of counts, a row as each count finishes;
    text columns ``widths`` wide (by default those of :func:`expected_widths` for 32).

    >>> w = table_writer("csv", seconds=False)
    >>> w.head() + w.row(count(8)) + w.end()
    'n,total,fundamental\\n8,92,12\\n'
    """
    return TableWriter(columns(seconds), fmt,
                       expected_widths(MAX_EXACT_N, seconds) if widths is None else widths)


def format_table(rows: Sequence[CountResult], fmt: str = "text", seconds: bool = True) -> str:
    """The table as ``text`` (aligned columns), ``markdown``, ``csv`` or ``json``.

    >>> rows = count_table(7, 8)
    >>> print(format_table(rows, seconds=False), end="")
    n  total  fundamental
    7     40            6
    8     92           12
    >>> format_table(rows[:1], "json", seconds=False)
    '[{"n": 7, "piece": "queen", "torus": false, "total": 40, "all": 40, "fundamental": 6}]\\n'
    """
    return tables.format_table(columns(seconds), rows, fmt)


def _grouped(value: int | None) -> str:
    return str(value) if value is None else f"{value:,}"
