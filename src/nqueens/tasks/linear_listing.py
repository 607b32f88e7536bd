"""What ``nqueens linear`` shows of the linear solutions (:mod:`nqueens.algorithms.linear`): their
table of counts in every table form, and the listing of their boards.

>>> from nqueens.algorithms.linear import linear_table
>>> print(format_linear_table(linear_table(5, 5), "csv"), end="")
n,linear,total,percent
5,10,10,100
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import islice
from typing import IO, Any

from ..algorithms.linear import (
    DEFAULT_COUNT_MAX,
    LinearRow,
    LinearSolution,
    linear_row,
    linear_solutions,
    multipliers,
)
from ..base.errors import BadInput, NoSolution
from ..base.limits import check_n
from ..base.tables import Column, format_table
from ..output import formats
from ..output.pictures import DEFAULT_STYLE, GALLERY_MAX, Style

#: What the table's note says, in words.
NOTE = ("Linear solutions (x, (a·x + b) mod n) exist exactly when gcd(n, 6) = 1; "
        "each one is also a solution on the torus, where the diagonals wrap around.")

#: The columns of the table: an uncounted ``all`` is ``?`` (empty in CSV, null in JSON).
COLUMNS = [
    Column("n", lambda r: str(r.n), json=lambda r: r.n),
    Column("linear", lambda r: f"{r.linear:,}", csv=lambda r: str(r.linear),
           json=lambda r: r.linear),
    Column("total", lambda r: "?" if r.total is None else f"{r.total:,}",
           csv=lambda r: "" if r.total is None else str(r.total), json=lambda r: r.total),
    Column("all", str, json=lambda r: r.total, shown=False),   # the former name, for a release
    Column("percent", lambda r: "" if r.percent is None else f"{r.percent:.3g}%",
           csv=lambda r: "" if r.percent is None else f"{r.percent:.6g}",
           json=lambda r: None if r.percent is None else round(r.percent, 6)),
]


def format_linear_table(rows: list[LinearRow], fmt: str = "text") -> str:
    """The table of n, linear, all and percentage as ``text``, ``markdown``, ``csv`` or
    ``json`` (:mod:`nqueens.base.tables`). Text and Markdown end with :data:`NOTE`.

    >>> from nqueens.algorithms.linear import linear_table
    >>> print(format_linear_table(linear_table(5, 7), "csv"), end="")
    n,linear,total,percent
    5,10,10,100
    6,0,4,0
    7,28,40,70
    """
    return format_table(COLUMNS, rows, fmt, note=NOTE)


#: The forms the boards of a listing are written in: every text format, and the gallery
#: (svg, png).
BOARD_FORMATS: tuple[str, ...] = tuple(f for f in formats.WRITE_FORMATS
                                       if formats.FORMATS[f].many)
#: The pictures among them.
PICTURES = ("svg", "png")


@dataclass(frozen=True)
class LinearListing:
    """What ``nqueens linear N`` writes: the counts (``row``), the slopes, the boards
    (at most ``limit``) in the format ``fmt``, and a summary for people.

    ``board`` and ``matrix`` boards are headed by their a and b, a gallery (``svg``,
    ``png``, drawn as ``style`` says) captions each board with them, the one-line forms
    (perm, algebraic, list) are data only, and ``json`` is one document with the counts
    and every board's a and b.

    >>> import io
    >>> listing = linear_listing(5, "perm", limit=2)
    >>> for part in listing.summary().split("; "):
    ...     print(part)
    n = 5: 10 linear solutions, 100% of all 10
    a = 2, 3 and b = 0…4
    each one also solves the torus
    >>> out = io.StringIO()
    >>> listing.write(out)
    >>> print(out.getvalue(), end="")
    1 3 5 2 4
    2 4 1 3 5
    """

    row: LinearRow
    slopes: list[int]
    fmt: str
    limit: int | None = None
    style: Style = DEFAULT_STYLE

    def solutions(self) -> Iterator[LinearSolution]:
        """The boards to write, by a then b (at most ``limit``)."""
        return islice(linear_solutions(self.row.n), self.limit)

    @property
    def writes(self) -> bool:
        """Whether anything is written: the boards, or the empty answer of the forms that
        have one (``[]`` for list, the document for json)."""
        return bool(self.row.linear) or self.fmt in ("json", "list")

    def summary(self) -> str | None:
        """The line for people: how many, what share of all solutions, which a and b;
        None when there are none or the output is JSON (which says it all itself)."""
        row = self.row
        if not row.linear or self.fmt == "json":
            return None
        if row.total is None:
            of_all = "all solutions not counted (n is above --count-max)"
        else:
            pct = row.percent
            of_all = (f"{pct:.3g}% of all {row.total:,}" if pct is not None
                      else f"of all {row.total:,}")
        shifts = "b = 0" if row.n == 1 else f"b = 0…{row.n - 1}"
        plural = "s" if row.linear != 1 else ""
        return (f"n = {row.n}: {row.linear:,} linear solution{plural}, {of_all}; "
                f"a = {_slopes_text(self.slopes)} and {shifts}; each one also solves the torus")

    @property
    def binary(self) -> bool:
        """Whether the listing is bytes (a png gallery), to be written to a binary stream."""
        return formats.FORMATS[self.fmt].binary

    def write(self, out: IO[Any]) -> None:
        """Write the boards (or the empty answer) to ``out`` in the listing's format (a
        binary stream for a png gallery)."""
        if self.fmt == "json":
            data = self.row.as_dict()
            data.update({"slopes": self.slopes, "torus_solutions": bool(self.row.linear),
                         "solutions": [i.as_dict() for i in self.solutions()]})
            out.write(json.dumps(data) + "\n")
        elif self.fmt in PICTURES:
            items = list(self.solutions())
            formats.write_many((i.solution for i in items), self.fmt, out,
                               captions=[f"a={i.a}, b={i.b}" for i in items], style=self.style)
        elif self.fmt in ("board", "matrix"):  # each board headed by its a and b
            for k, item in enumerate(self.solutions()):
                out.write(("\n" if k else "") + f"a = {item.a}, b = {item.b}\n"
                          + formats.write(item.solution, self.fmt) + "\n")
        else:  # data only, as 'nqueens all' writes them
            formats.write_many((i.solution for i in self.solutions()), self.fmt, out)

    def check_found(self) -> None:
        """Raise :class:`~nqueens.base.errors.NoSolution` when the board has no linear solution.

        >>> linear_listing(6, "perm").check_found()
        Traceback (most recent call last):
        ...
        nqueens.base.errors.NoSolution: no linear solution for n = 6: ... when gcd(n, 6) = 1
        """
        if not self.row.linear:
            raise NoSolution(f"no linear solution for n = {self.row.n}: linear solutions "
                             "exist only when gcd(n, 6) = 1")


def _slopes_text(slopes: list[int]) -> str:
    """The slopes, the middle left out when there are more than 12.

    >>> _slopes_text(list(range(2, 30)))
    '2, 3, 4, 5, 6, 7, 8, 9, …, 28, 29 (28 slopes)'
    """
    if len(slopes) <= 12:
        return ", ".join(map(str, slopes))
    return (", ".join(map(str, slopes[:8])) + ", …, " + ", ".join(map(str, slopes[-2:]))
            + f" ({len(slopes):,} slopes)")


def linear_listing(n: int, fmt: str = "board", as_json: bool = False, limit: int | None = None,
                   count_max: int = DEFAULT_COUNT_MAX,
                   style: Style = DEFAULT_STYLE) -> LinearListing:
    """The listing of the linear solutions of the n×n board in ``fmt`` (``json`` for
    ``as_json``), checked before anything is written: a table form, a picture with
    ``as_json``, a form that grows with n² above :data:`nqueens.output.formats.TEXT_MAX_N` and
    a gallery of more than :data:`GALLERY_MAX` boards are refused.

    >>> linear_listing(7, "svg").row
    LinearRow(n=7, linear=28, total=40)
    >>> linear_listing(5, "csv")
    Traceback (most recent call last):
    ...
    nqueens.base.errors.BadInput: boards are printed as board, ..., png, not csv (... for --table)
    >>> linear_listing(5, "png", as_json=True)
    Traceback (most recent call last):
    ...
    nqueens.base.errors.BadInput: --json writes a JSON document, not png
    """
    n = check_n(n)
    if fmt not in BOARD_FORMATS:
        raise BadInput(f"boards are printed as {', '.join(BOARD_FORMATS)}, not {fmt} "
                       f"(that form is for --table)")
    if as_json and fmt in PICTURES:
        raise BadInput(f"--json writes a JSON document, not {fmt}")
    fmt = "json" if as_json else fmt
    if n > formats.TEXT_MAX_N and formats.FORMATS[fmt].growth == "n²":
        raise BadInput(f"--format {fmt} is refused for n = {n} (above "
                       f"{formats.TEXT_MAX_N}); use --format perm, algebraic or --json")
    slopes = multipliers(n).tolist()
    shown = n * len(slopes) if limit is None else min(limit, n * len(slopes))
    if fmt in PICTURES and shown > GALLERY_MAX:
        raise BadInput(f"a picture shows at most {GALLERY_MAX:,} boards, not {shown:,}; "
                       "use --limit K, or another --format")
    return LinearListing(linear_row(n, count_max), slopes, fmt, limit, style)
