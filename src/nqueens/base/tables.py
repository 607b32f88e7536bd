"""The table forms, written once for every table of the program (``table``, ``linear
--table``): aligned ``text``, ``markdown``, ``csv`` and ``json``, a row at a time.

A table is its columns: each says its header and its cell in each form. A row may be
written as it comes (:class:`TableWriter`, for a count that takes minutes), or the whole
table at once (:func:`format_table`, which fits the text columns to the cells).

>>> cols = [Column("n", str), Column("square", lambda n: f"{n * n:,}",
...                                   csv=lambda n: str(n * n), json=lambda n: n * n)]
>>> print(format_table(cols, [9, 100]), end="")
  n  square
  9      81
100  10,000
>>> print(format_table(cols, [9, 100], "csv"), end="")
n,square
9,81
100,10000
>>> format_table(cols, [9], "json")
'[{"n": "9", "square": 81}]\\n'
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import BadInput

#: The forms a table is written in.
TABLE_FORMATS: tuple[str, ...] = ("text", "markdown", "csv", "json")

#: The output file extensions that name a table form; a ``.txt`` file takes any of them
#: (text unless ``--format`` says otherwise), ``.json`` is the format registry's.
TABLE_EXTENSIONS: dict[str, str] = {".md": "markdown", ".csv": "csv"}


@dataclass(frozen=True)
class Column:
    """One column: its header (the JSON key too), its cell in text and Markdown, in
    CSV (by default the text cell) and its JSON value (by default the text cell);
    ``shown``: False for a value that only JSON carries."""

    name: str
    text: Callable[[Any], str]
    csv: Callable[[Any], str] | None = None
    json: Callable[[Any], object] | None = None
    shown: bool = True


def check_format(fmt: str) -> str:
    """``fmt`` when it is a table form, else :class:`BadInput`.

    >>> check_format("xml")
    Traceback (most recent call last):
    ...
    nqueens.base.errors.BadInput: unknown table format 'xml' (choose one of: text, markdown, ...
    """
    if fmt not in TABLE_FORMATS:
        raise BadInput(f"unknown table format {fmt!r} (choose one of: "
                       f"{', '.join(TABLE_FORMATS)})")
    return fmt


class TableWriter:
    """A table written a row at a time: :meth:`head`, :meth:`row` for each row as it
    comes, then :meth:`end`. Text columns are ``widths`` wide (by default the width
    of their headers); ``note`` ends the text and Markdown forms, after a blank line.

    >>> w = TableWriter([Column("n", str)], "markdown")
    >>> w.head() + w.row(8) + w.end()
    '| n |\\n|---:|\\n| 8 |\\n'
    """

    def __init__(self, columns: Sequence[Column], fmt: str = "text",
                 widths: Sequence[int] | None = None, note: str = ""):
        self.fmt = check_format(fmt)
        self.columns = list(columns)
        self.shown = [c for c in self.columns if c.shown]
        self.widths = list(widths) if widths is not None else [len(c.name) for c in self.shown]
        self.note = note
        self._rows = 0

    def head(self) -> str:
        """The text before the first row."""
        names = [c.name for c in self.shown]
        if self.fmt == "json":
            return "["
        if self.fmt == "markdown":
            return "| " + " | ".join(names) + " |\n|" + "---:|" * len(names) + "\n"
        return self._line(names)

    def row(self, item: Any) -> str:
        """The text of one row."""
        self._rows += 1
        if self.fmt == "json":
            doc = {c.name: (c.json or c.text)(item) for c in self.columns}
            return (",\n" if self._rows > 1 else "") + json.dumps(doc)
        if self.fmt == "csv":
            return self._line([(c.csv or c.text)(item) for c in self.shown])
        return self._line(self.cells(item))

    def cells(self, item: Any) -> list[str]:
        """The text cells of one row."""
        return [c.text(item) for c in self.shown]

    def end(self) -> str:
        """The text after the last row."""
        if self.fmt == "json":
            return "]\n"
        return f"\n{self.note}\n" if self.note and self.fmt != "csv" else ""

    def _line(self, cells: Sequence[str]) -> str:
        if self.fmt == "csv":
            return ",".join(cells) + "\n"
        if self.fmt == "markdown":
            return "| " + " | ".join(cells) + " |\n"
        return "  ".join(c.rjust(w) for c, w in zip(cells, self.widths, strict=True)
                         ).rstrip() + "\n"


def format_table(columns: Sequence[Column], rows: Sequence[Any], fmt: str = "text",
                 note: str = "") -> str:
    """The whole table in form ``fmt``, the text columns as wide as their widest cell."""
    writer = TableWriter(columns, fmt, note=note)
    if fmt == "text":
        cells = [[c.name for c in writer.shown]] + [writer.cells(r) for r in rows]
        writer.widths = [max(len(line[i]) for line in cells) for i in range(len(cells[0]))]
    return writer.head() + "".join(writer.row(r) for r in rows) + writer.end()
