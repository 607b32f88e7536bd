"""The tour of the Hungarian source: the four states of ``proba`` on 8x8 that it pictures.

The source walks its reader through the search with four boards: the sixth column
attacked everywhere (the step back at step 24), the second step back (step 36), the
failure at step 60, and the first solution at step 876. The player page stops at each
(its "tour" control, ``nqueens trace 8 --tour``) with these sentences; the command line
prints each board with its sentence.

A square in a sentence is written ``{e4}`` (its chess name); whoever shows the sentence
names it in the numbering it shows (:func:`words`).

>>> [stop.step for stop in stops(8, "proba", "queen")]
[24, 36, 60, 876]
>>> stops(8, "sets", "queen"), stops(6, "proba", "queen")
((), ())
>>> words(TOUR[0].text, str.upper)[:60]
'The first five queens went down without trouble, on A8, B6, '
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Stop:
    """One state the source pictures: its step, the square tested there, a title and
    the sentences that explain it."""

    step: int
    square: str
    title: str
    text: str

    def as_dict(self) -> dict[str, object]:
        """The stop as the page's script reads it.

        >>> sorted(TOUR[0].as_dict())
        ['square', 'step', 'text', 'title']
        """
        return {"step": self.step, "square": self.square, "title": self.title,
                "text": self.text}


#: The four stops, in the order of the source.
TOUR: tuple[Stop, ...] = (
    Stop(24, "e4", "the first step back",
         "The first five queens went down without trouble, on {a8}, {b6}, {c4}, {d7} and {e5}, "
         "but every square of the sixth column is attacked (steps 16 to 23): proba(6) "
         "returns false, the queen on {e5} is taken back, and at step 24 the fifth column "
         "is searched further down. {e4} is refused."),
    Stop(36, "d6", "stepping back twice",
         "The fifth queen found a new square, {e1}, at step 27, but the sixth column is still "
         "attacked everywhere (steps 28 to 35). {e1} is the column's last row, so that queen "
         "has nowhere left to go: it is taken back, and so is the queen on {d7}. At step 36 "
         "the fourth column is searched further down: {d6} is refused."),
    Stop(60, "h1", "a failure in the last column",
         "The fourth queen moved to {d2} at step 40, and {e7}, {f5} and {g3} followed; seven "
         "queens stand, but every square of the last column is attacked. At step 60 {h1}, "
         "the last of them, is refused, and the search steps back once more."),
    Stop(876, "h5", "the first solution",
         "{h5} is free and completes the board: the first solution, at step 876. Read "
         "column by column (oszlop 1 to 8), the queens stand on sor 1 5 8 6 3 7 2 4, counted "
         "from the top."),
)

#: The methods whose search is the one the source pictures (the same steps, the same board).
TOUR_METHODS: tuple[str, ...] = ("proba", "arrays")


def stops(n: int, method: str, piece: str) -> tuple[Stop, ...]:
    """The tour of a trace: the source's four stops for the 8-queens search of ``proba``
    or ``arrays``, else none."""
    return TOUR if (n == 8 and method in TOUR_METHODS and piece == "queen") else ()


def words(text: str, name: Callable[[str], str]) -> str:
    """A stop's sentences with every ``{square}`` named by ``name`` (from its chess name).

    >>> words("{a8} and {h1}", lambda sq: sq)
    'a8 and h1'
    """
    return re.sub(r"\{([a-z]+[0-9]+)\}", lambda m: name(m.group(1)), text)
