"""What a square of a board holds besides a revealed number ``0``-``8``.

>>> from minesweeper.base.cells import MINE, UNKNOWN
>>> UNKNOWN, MINE
(-1, -2)
"""

from __future__ import annotations

#: A covered square whose content is not known.
UNKNOWN = -1
#: A flagged square, or one known to hold a mine.
MINE = -2
