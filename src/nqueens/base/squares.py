"""Squares of an n×n board and their chess names: the bottom of the house.

A square is a 0-based ``(row, column)`` pair, row 0 the top of the board as it is
printed. Its name is the chess one: file ``a`` is column 0, rank 1 is the bottom row
(row ``n - 1``); past ``z`` the files go on ``aa``, ``ab``, … (bijective base 26), so
every board has names.

>>> square_name((0, 0), 8), square_name((7, 7), 8)
('a8', 'h1')
>>> parse_square("a8", 8)
(0, 0)
>>> parse_squares("a1, d4", 4)
[(3, 0), (0, 3)]
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from .errors import BadInput

Square = tuple[int, int]

#: Squares as the API takes them: a text of names as the command line takes them
#: (``"a1,h8"``), or any mix of names and 0-based (row, column) pairs
#: (:func:`as_squares`).
Squares = str | Iterable[Square | str]

#: A square's name: letters (the file), then digits (the rank); matched in lower case.
NAME = re.compile(r"^([a-z]+)(\d+)$")
#: Longest file and rank a name is read with: more is off any board (a file of 8
#: letters is past column 200 billion).
_MAX_LETTERS, _MAX_DIGITS = 8, 18


def file_name(col: int) -> str:
    """The file of 0-based column ``col``: a…z, then aa, ab, … (bijective base 26).

    >>> [file_name(c) for c in (0, 25, 26, 27, 701, 702)]
    ['a', 'z', 'aa', 'ab', 'zz', 'aaa']
    """
    name = ""
    k = col + 1
    while k > 0:
        k, r = divmod(k - 1, 26)
        name = chr(ord("a") + r) + name
    return name


def file_index(name: str) -> int:
    """The 0-based column of file ``name`` (the inverse of :func:`file_name`).

    >>> file_index("a"), file_index("aa")
    (0, 26)
    """
    k = 0
    for ch in name:
        k = k * 26 + (ord(ch) - ord("a") + 1)
    return k - 1


def square_name(square: Square, n: int) -> str:
    """The chess name of a 0-based (row, column) square of an n×n board.

    >>> square_name((0, 0), 8), square_name((7, 7), 8), square_name((0, 26), 27)
    ('a8', 'h1', 'aa27')
    """
    return f"{file_name(square[1])}{n - square[0]}"


def describe(square: Square, n: int) -> str:
    """The name of a square, or its coordinates when it is off the board.

    >>> describe((0, 0), 4), describe((5, -1), 4)
    ('a4', '(5, -1)')
    """
    r, c = square
    return square_name(square, n) if 0 <= r < n and 0 <= c < n else f"({r}, {c})"


def parse_square(token: str, n: int) -> Square:
    """The 0-based square named ``token`` (any case) on an n×n board; :class:`BadInput`
    saying why when it names none.

    >>> parse_square("D1", 4)
    (3, 3)
    >>> parse_square("e1", 4)
    Traceback (most recent call last):
    ...
    nqueens.base.errors.BadInput: square e1 is off the 4x4 board
    """
    from puzzleshell.text import printable

    m = NAME.match(token.lower())
    if m is None:
        raise BadInput(f"{printable(repr(token), 60)} is not a square like 'a1'")
    letters, digits = m.groups()
    if len(letters) > _MAX_LETTERS or len(digits) > _MAX_DIGITS:
        raise BadInput(f"square {printable(token, 40)} is off the {n}x{n} board")
    col, rank = file_index(letters), int(digits)
    if col >= n or not 1 <= rank <= n:
        raise BadInput(f"square {token} is off the {n}x{n} board")
    return n - rank, col


def parse_squares(text: str | None, n: int) -> list[Square]:
    """The squares of a list of names separated by commas or blanks, in order; a
    square named twice is :class:`BadInput`.

    >>> parse_squares("a1,d4", 4)
    [(3, 0), (0, 3)]
    >>> parse_squares("a1 a1", 4)
    Traceback (most recent call last):
    ...
    nqueens.base.errors.BadInput: square a1 is named twice
    """
    squares: list[Square] = []
    for token in re.split(r"[\s,]+", (text or "").strip()):
        if not token:
            continue
        square = parse_square(token, n)
        if square in squares:
            raise BadInput(f"square {token} is named twice")
        squares.append(square)
    return squares


def as_squares(items: Squares, n: int, kind: str) -> tuple[Square, ...]:
    """The squares of ``items``, sorted and distinct, as the API takes them: a text of
    names as the command line takes them (``"a1,h8"``), or any mix of names
    (``["d1"]``) and 0-based ``(row, column)`` pairs; :class:`BadInput` naming the bad
    one (``kind`` says which squares they are).

    >>> as_squares("a1,h8", 8, "blocked"), as_squares(["d1", (0, 2)], 8, "fixed")
    (((0, 7), (7, 0)), ((0, 2), (7, 3)))
    >>> as_squares([(1, 2), (0, 3), (1, 2)], 4, "fixed")
    ((0, 3), (1, 2))
    >>> as_squares([(0, 1.5)], 4, "fixed")
    Traceback (most recent call last):
    ...
    nqueens.base.errors.BadInput: fixed square (0, 1.5) is neither a name such as 'a1' nor ...
    """
    if isinstance(items, str):
        try:
            return tuple(sorted(set(parse_squares(items, n))))
        except BadInput as exc:
            raise BadInput(f"{kind}: {exc}") from None
    out = set()
    for item in items:
        if isinstance(item, str):
            try:
                out.add(parse_square(item.strip(), n))
            except BadInput as exc:
                raise BadInput(f"{kind}: {exc}") from None
            continue
        try:
            r, c = item
            if isinstance(r, bool) or isinstance(c, bool):
                raise TypeError
            sq = (int(r), int(c))
            if sq != (r, c):
                raise ValueError
        except (TypeError, ValueError):
            raise BadInput(f"{kind} square {item!r} is neither a name such as 'a1' nor a "
                           "(row, column) pair of whole numbers") from None
        out.add(sq)
    return tuple(sorted(out))
