"""Small helpers for the wording of messages.

>>> plural(1, "clause"), plural(2, "clause"), plural(0, "square")
('1 clause', '2 clauses', '0 squares')
>>> size(30, 16)
'30x16'
"""

from __future__ import annotations


def plural(n: int, word: str, many: str | None = None) -> str:
    """``n`` followed by ``word``, or by its plural (``many``, else ``word + 's'``) when
    ``n`` is not 1.

    >>> plural(1, "arrangement"), plural(3, "was", "were")
    ('1 arrangement', '3 were')
    """
    return f"{n} {word if n == 1 else (many or word + 's')}"


def size(width: int, height: int) -> str:
    """A board's size as minesweeper writes it everywhere: width x height (columns x
    rows, as the ``.mine`` header and the classic game write it: Expert is 30x16).

    >>> size(width=3, height=2)
    '3x2'
    """
    return f"{width}x{height}"
