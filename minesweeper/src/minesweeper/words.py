"""Small helpers for the wording of messages.

>>> plural(1, "clause"), plural(2, "clause"), plural(0, "square")
('1 clause', '2 clauses', '0 squares')
"""

from __future__ import annotations


def plural(n: int, word: str, many: str | None = None) -> str:
    """``n`` followed by ``word``, or by its plural (``many``, else ``word + 's'``) when
    ``n`` is not 1.

    >>> plural(1, "arrangement"), plural(3, "was", "were")
    ('1 arrangement', '3 were')
    """
    return f"{n} {word if n == 1 else (many or word + 's')}"
