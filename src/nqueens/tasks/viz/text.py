"""The board of a traced search as text, with the square being tried marked.

>>> print(board_text(4, [(0, 1)], tried=(1, 2), ok=False, attackers=[(0, 1)]))
  4 . Q . .
  3 . . x .
  2 . . . .
  1 . . . .
    a b c d
"""

from __future__ import annotations

from collections.abc import Iterable

from ...base.events import Event, Kind, refusal
from ...base.pieces import Piece
from ...base.squares import Square, file_name, square_name

#: Marks: a queen, a queen attacking the tried square, the tried square (free / refused).
QUEEN, ATTACKER, FREE, REFUSED, EMPTY = "Q", "Q", "o", "x", "."


def board_text(n: int, queens: Iterable[Square], tried: Square | None = None,
               ok: bool = True, attackers: Iterable[Square] = ()) -> str:
    """The board with ranks and files; the tried square is ``o`` (free) or ``x`` (refused).

    >>> print(board_text(4, [(0, 0), (2, 1)], tried=(1, 3), ok=True))
      4 Q . . .
      3 . . . o
      2 . Q . .
      1 . . . .
        a b c d
    """
    grid = [[EMPTY] * n for _ in range(n)]
    for r, c in queens:
        grid[r][c] = QUEEN
    for r, c in attackers:
        grid[r][c] = ATTACKER
    if tried is not None and grid[tried[0]][tried[1]] == EMPTY:
        grid[tried[0]][tried[1]] = FREE if ok else REFUSED
    w = len(str(n))
    lines = [f"  {n - r:>{w}} " + " ".join(row) for r, row in enumerate(grid)]
    lines.extend("  " + " " * w + " " + labels for labels in file_labels(n))
    return "\n".join(lines)


def file_labels(n: int) -> list[str]:
    """The file names under a board whose squares are one character apart, written
    downwards: one text row per letter of the longest name, so that beyond 26 files
    the column of ``aa`` reads ``a`` over ``a`` and no two columns look alike.

    >>> file_labels(4)
    ['a b c d']
    >>> [row[-7:] for row in file_labels(28)]
    ['    a a', 'y z a b']
    """
    names = [file_name(c) for c in range(n)]
    depth = max((len(x) for x in names), default=1)
    rows = [" ".join(x.rjust(depth)[i] for x in names).rstrip() for i in range(depth)]
    return rows


def describe(e: Event, n: int, piece: Piece = Piece.QUEEN,
             queens: Iterable[Square] = ()) -> str:
    """One line for an event: ``step 24: test e4 — refused: same row as the queen on a4``.

    >>> describe(Event(Kind.TEST, 1, 1, step=3, depth=1, ok=False, attackers=((0, 0),)), 4)
    'step 3: test b3 - refused: diagonal of the queen on a4'
    >>> describe(Event(Kind.REMOVE, 2, 1, step=9, depth=1), 4)
    'step 9: take back the queen on b2 (backtrack)'
    >>> describe(Event(Kind.DONE, step=60, count=2), 4)
    'step 60: done - 2 solutions'
    >>> describe(Event(Kind.CONFLICTS, step=7, count=1), 4)
    'step 7: 1 attacking pair'
    """
    where = square_name(e.square, n) if e.row >= 0 else ""
    if e.kind is Kind.TEST:
        if e.ok:
            return f"step {e.step}: test {where} - free"
        why = refusal(piece, list(e.attackers) or list(queens), e.square, n)
        return f"step {e.step}: test {where} - refused: {why}"
    if e.kind is Kind.PLACE:
        return f"step {e.step}: place a queen on {where}" + (f" ({e.note})" if e.note else "")
    if e.kind is Kind.REMOVE:
        return f"step {e.step}: take back the queen on {where}" + (
            f" ({e.note})" if e.note else " (backtrack)")
    if e.kind is Kind.MOVE:
        return f"step {e.step}: move a queen to {where}" + (f" ({e.note})" if e.note else "")
    if e.kind is Kind.SOLUTION:
        return f"step {e.step}: solution {e.count}"
    if e.kind is Kind.CONFLICTS:
        return f"step {e.step}: {count_of(e.count, 'attacking pair')}"
    if e.kind is Kind.STATE:
        return f"step {e.step}: state {e.count}" + (f" ({e.note})" if e.note else "")
    return f"step {e.step}: done - {e.note or count_of(e.count, 'solution')}"


def count_of(k: int, word: str, words: str | None = None) -> str:
    """``k`` things, with the plural only when ``k`` is not 1 and thousands separated.

    >>> count_of(1, "state"), count_of(26, "state"), count_of(1200, "solution")
    ('1 state', '26 states', '1,200 solutions')
    """
    return f"{k:,} {word if k == 1 else (words or word + 's')}"
