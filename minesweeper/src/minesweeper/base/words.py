"""Small helpers for the wording of messages.

>>> plural(1, "clause"), plural(2, "clause"), plural(0, "square")
('1 clause', '2 clauses', '0 squares')
>>> size(30, 16)
'30x16'

A square is written column then row, (x, y), counted from 1 from the top left, as the
classic game and JSMinesweeper write it; the library's own squares are 0-based
``(row, column)`` pairs, the order numpy indexes a board in:

>>> square_name((15, 29)), square_pair((15, 29)), square_keys((15, 29))
('(30, 16)', [30, 16], {'x': 30, 'y': 16})
"""

from __future__ import annotations

import json
import math
from typing import Any


def plural(n: int, word: str, many: str | None = None) -> str:
    """``n`` followed by ``word``, or by its plural (``many``, else ``word + 's'``) when
    ``n`` is not 1.

    >>> plural(1, "arrangement"), plural(3, "was", "were")
    ('1 arrangement', '3 were')
    """
    return f"{n} {word if n == 1 else (many or word + 's')}"


def count_text(n: int) -> str:
    """A count as the text reports write it: exact up to 30 digits, else to four
    significant digits (the JSON gives it whole).

    >>> count_text(14200), count_text(2 ** 200)
    ('14,200', 'about 1.607 × 10^60')
    """
    if n < 10**30:
        return f"{n:,}"
    shift = max(0, n.bit_length() - 64)
    exponent = math.log10(n >> shift) + shift * math.log10(2)
    whole = math.floor(exponent)
    return f"about {10 ** (exponent - whole):.3f} × 10^{whole:,}"


def size(width: int, height: int) -> str:
    """A board's size as minesweeper writes it everywhere: width x height (columns x
    rows, as the ``.mine`` header and the classic game write it: Expert is 30x16).

    >>> size(width=3, height=2)
    '3x2'
    """
    return f"{width}x{height}"


def square_name(square: tuple[int, int]) -> str:
    """A square as people read it: ``(x, y)``, column then row, counted from 1 (the
    library's square is the 0-based ``(row, column)``).

    >>> square_name((0, 2))
    '(3, 1)'
    """
    return f"({square[1] + 1}, {square[0] + 1})"


def square_pair(square: tuple[int, int]) -> list[int]:
    """A square in a JSON list of squares: ``[x, y]``, column then row, from 1.

    >>> square_pair((0, 2))
    [3, 1]
    """
    return [square[1] + 1, square[0] + 1]


def square_keys(square: tuple[int, int]) -> dict[str, int]:
    """A square standing alone in JSON: ``{"x": column, "y": row}``, from 1.

    >>> square_keys((0, 2))
    {'x': 3, 'y': 1}
    """
    return {"x": square[1] + 1, "y": square[0] + 1}


def json_text(value: Any) -> str:
    """``value`` as JSON, indented by two spaces like ``json.dumps(value, indent=2)``,
    except that a list of plain values (numbers, strings, booleans, null) stays on one
    line: a square is ``[x, y]`` on its line, and a million squares are a million
    lines, not four million.

    >>> print(json_text({"safe": [[1, 2], [3, 4]], "empty": [], "n": 2, "m": {}}))
    {
      "safe": [
        [1, 2],
        [3, 4]
      ],
      "empty": [],
      "n": 2,
      "m": {}
    }
    >>> json.loads(json_text({"a": [True, None, "x"]}))
    {'a': [True, None, 'x']}
    """
    parts: list[str] = []
    _json_parts(value, "", parts)
    return "".join(parts)


_PLAIN = (int, float, str, bool, type(None))
_NULL_VALUE = len(": null}")


def _json_key(key: Any) -> str:
    """A key as ``json.dumps`` writes it (``true`` for True, ``1.5`` for 1.5; a key JSON
    cannot take raises ``TypeError``)."""
    return json.dumps({key: None})[1:-_NULL_VALUE]


def _json_parts(value: Any, pad: str, out: list[str]) -> None:
    inner = pad + "  "
    if isinstance(value, dict):
        if not value:
            out.append("{}")
            return
        out.append("{\n")
        for k, (key, item) in enumerate(value.items()):
            if k:
                out.append(",\n")
            out.append(f"{inner}{_json_key(key)}: ")
            _json_parts(item, inner, out)
        out.append(f"\n{pad}}}")
    elif isinstance(value, (list, tuple)):
        if all(isinstance(x, _PLAIN) for x in value):
            out.append(json.dumps(list(value)))
            return
        out.append("[\n")
        for k, item in enumerate(value):
            if k:
                out.append(",\n")
            out.append(inner)
            if isinstance(item, list) and all(type(x) is int for x in item):
                out.append("[" + ", ".join(map(str, item)) + "]")  # a square, quickly
            else:
                _json_parts(item, inner, out)
        out.append(f"\n{pad}]")
    else:
        out.append(json.dumps(value))
