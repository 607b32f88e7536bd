"""A game of Minesweeper as people play it: the levels, the rules of the first click,
where the mines go, and a game that opens, flags and chords squares.

The mines of a game are placed once its first square is opened, uniformly over the
squares the rules allow: under the ``classic`` rules never on that square (the first
click is safe), under the ``safe-opening`` rules never on it nor on its neighbours (the
first click opens an area, as modern versions of the game do). Opening a square with no
mine around it opens its neighbours too; a game is won when every square without a mine
is open, lost when a mine is opened.

The analyser is told what the player sees, the revealed numbers and the number of mines,
never the player's flags (a flag may be wrong): :meth:`Game.position`.

>>> game = Game(parse_level("beginner"), seed=7)
>>> game.state, game.mines_left
('ready', 10)
>>> game.open((4, 4)) > 0, game.state
(True, 'playing')
>>> game.position().total
10
"""

from __future__ import annotations

import random
import re
import time
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ..base.board import UNKNOWN, Board, Cell
from ..base.errors import BadInput
from ..base.words import square_name

#: The rules of the first click: no mine on it (``classic``), or none on it nor on its
#: neighbours (``safe-opening``: it opens an area).
RULES: dict[str, str] = {"classic": "the first click safe",
                         "safe-opening": "the first click opens an area"}
#: The first click under the classic rules unless another is asked for: the corner (1, 1).
CORNER: Cell = (0, 0)
#: The first click under the safe-opening rules unless another is asked for: (4, 4), the
#: start of the published figures, where the analyser wins about 6 points more expert games
#: than from the corner (``benchmarks/README.md``).
OPENING_START: Cell = (3, 3)

#: The three levels of the classic game (width x height, mines).
LEVELS: dict[str, tuple[int, int, int]] = {
    "beginner": (9, 9, 10), "intermediate": (16, 16, 40), "expert": (30, 16, 99)}
_CUSTOM = re.compile(r"^\s*(\d{1,4})\s*[xX]\s*(\d{1,4})\s*[xX]\s*(\d{1,7})\s*$")


@dataclass(frozen=True)
class Level:
    """A kind of game: its size (width x height) and its mines."""

    name: str
    width: int
    height: int
    mines: int


def parse_level(text: str) -> Level:
    """A level by name (``beginner``, ``intermediate``, ``expert``) or as ``WxHxM``.

    >>> parse_level("expert")
    Level(name='expert', width=30, height=16, mines=99)
    >>> parse_level("4x4x16")
    Traceback (most recent call last):
    ...
    minesweeper.base.errors.BadInput: level 4x4x16: 16 mines leave no square for the first click
    """
    key = text.strip().lower()
    if key in LEVELS:
        return Level(key, *LEVELS[key])
    m = _CUSTOM.match(text)
    if m is None:
        raise BadInput(f"level {text!r}: a level is beginner, intermediate, expert or "
                       "WIDTHxHEIGHTxMINES such as 30x16x99")
    width, height, mines = (int(g) for g in m.groups())
    if not (1 <= width <= 1000 and 1 <= height <= 1000):
        raise BadInput(f"level {text}: each side must be 1 to 1000 squares")
    if mines >= width * height:
        raise BadInput(f"level {text}: {mines} mines leave no square for the first click")
    return Level(f"{width}x{height}x{mines}", width, height, mines)


def parse_start(text: str, level: Level, rules: str = "classic") -> Cell:
    """The first click: ``corner`` (the square (1, 1)), ``X,Y`` (the column and the row
    counted from 1, as the program names squares) or ``default`` (:func:`default_start`
    under ``rules``).

    >>> parse_start("corner", parse_level("expert")), parse_start("4,4", parse_level("expert"))
    ((0, 0), (3, 3))
    >>> parse_start("31,1", parse_level("expert"))
    Traceback (most recent call last):
    ...
    minesweeper.base.errors.BadInput: --start 31,1: the square is off the 30x16 board (X 1 \
to 30, Y 1 to 16)
    """
    key = text.strip().lower()
    if key == "corner":
        return CORNER
    if key == "default":
        return default_start(level, rules)
    m = re.fullmatch(r"\(?\s*(\d{1,4})\s*,\s*(\d{1,4})\s*\)?", key)
    if m is None:
        raise BadInput(f"--start {text!r}: give corner, default, or X,Y (column and row "
                       "from 1) such as 4,4")
    x, y = int(m.group(1)), int(m.group(2))
    if not (1 <= x <= level.width and 1 <= y <= level.height):
        raise BadInput(f"--start {text}: the square is off the {level.width}x{level.height} "
                       f"board (X 1 to {level.width}, Y 1 to {level.height})")
    return (y - 1, x - 1)


def default_start(level: Level, rules: str) -> Cell:
    """The first click unless another is asked for: the corner (1, 1) under the classic
    rules; under the safe-opening rules (4, 4), or the middle of a board too small for it
    (from there the analyser wins about six points more expert games than from the
    corner, and as many as from further in, within the noise).

    >>> expert = parse_level("expert")
    >>> default_start(expert, "classic"), default_start(expert, "safe-opening")
    ((0, 0), (3, 3))
    >>> default_start(parse_level("5x4x3"), "safe-opening")
    (1, 2)
    """
    if rules != "safe-opening":
        return CORNER
    return (min(OPENING_START[0], (level.height - 1) // 2),
            min(OPENING_START[1], (level.width - 1) // 2))


def allowed_squares(level: Level, rules: str, start: Cell) -> list[int]:
    """The squares (row-major indices) that may hold a mine when the first click is
    ``start`` under ``rules``; refused (:class:`~minesweeper.base.errors.BadInput`) when
    they are fewer than the mines.

    >>> len(allowed_squares(parse_level("beginner"), "classic", (0, 0)))
    80
    >>> len(allowed_squares(parse_level("beginner"), "safe-opening", (4, 4)))
    72
    """
    if rules not in RULES:
        raise BadInput(f"rules {rules!r}: the rules are {', '.join(RULES)}")
    r0, c0 = start
    near = 1 if rules == "safe-opening" else 0
    spots = [r * level.width + c for r in range(level.height) for c in range(level.width)
             if max(abs(r - r0), abs(c - c0)) > near]
    if len(spots) < level.mines:
        raise BadInput(f"level {level.name} under the {rules} rules with the first click at "
                       f"{square_name(start)}: {level.mines} mines do not fit in the "
                       f"{len(spots)} squares left for them")
    return spots


def deal(level: Level, rules: str, start: Cell, rng: random.Random) -> npt.NDArray[np.bool_]:
    """Where the mines of one game are: ``level.mines`` squares drawn uniformly from
    those the rules allow around the first click ``start``.

    >>> mine = deal(parse_level("beginner"), "safe-opening", (0, 0), random.Random(1))
    >>> int(mine.sum()), bool(mine[:2, :2].any())
    (10, False)
    """
    mined = np.zeros(level.height * level.width, dtype=np.bool_)
    mined[rng.sample(allowed_squares(level, rules, start), level.mines)] = True
    return mined.reshape(level.height, level.width)




def numbers_of(mine: npt.NDArray[np.bool_]) -> npt.NDArray[np.int8]:
    """The number each square shows: the mines among its (up to eight) neighbours.

    >>> numbers_of(np.array([[True, False, False]])).tolist()
    [[0, 1, 0]]
    """
    h, w = mine.shape
    padded = np.pad(mine.astype(np.int8), 1)
    numbers = np.zeros((h, w), dtype=np.int8)
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if (dr, dc) != (0, 0):
                numbers += padded[1 + dr:h + 1 + dr, 1 + dc:w + 1 + dc]
    return numbers


def open_area(cells: npt.NDArray[np.int8], numbers: npt.NDArray[np.int8], square: Cell,
              shut: npt.NDArray[np.bool_] | None = None) -> int:
    """Open ``square`` of ``cells`` (:data:`~minesweeper.base.board.UNKNOWN` where
    covered) and, around the squares with no mine near, their neighbours, except the
    ``shut`` ones (flagged); the number of squares newly opened.

    >>> cells = np.full((1, 3), UNKNOWN, dtype=np.int8)
    >>> open_area(cells, np.array([[0, 1, 9]], dtype=np.int8), (0, 0)), cells.tolist()
    (2, [[0, 1, -1]])
    """
    h, w = cells.shape
    opened = 0
    stack = [square]
    while stack:
        r, c = stack.pop()
        if cells[r, c] != UNKNOWN or (shut is not None and shut[r, c]):
            continue
        cells[r, c] = numbers[r, c]
        opened += 1
        if numbers[r, c] == 0:
            stack.extend((r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                         if 0 <= r + dr < h and 0 <= c + dc < w
                         and cells[r + dr, c + dc] == UNKNOWN)
    return opened


#: What :meth:`Game.view` shows on a square besides a revealed number ``0``-``8``.
COVERED, FLAG, MINE_SHOWN, EXPLODED, WRONG_FLAG = "?", "F", "*", "X", "!"


class Game:
    """One game of ``level`` under ``rules``, played square by square (squares are
    0-based ``(row, column)`` pairs); the mines are drawn from ``seed`` when the first
    square is opened. ``state`` is ``ready`` (nothing opened yet), ``playing``, ``won``
    or ``lost``.

    >>> game = Game(parse_level("3x3x1"), seed=6)
    >>> game.open((0, 0)), game.state
    (8, 'won')
    >>> game.view()
    ['01F', '011', '000']
    """

    def __init__(self, level: Level, rules: str = "classic", seed: int | None = None) -> None:
        if rules not in RULES:
            raise BadInput(f"rules {rules!r}: the rules are {', '.join(RULES)}")
        self.level, self.rules = level, rules
        self._rng = random.Random(seed)
        h, w = level.height, level.width
        self.cells = np.full((h, w), UNKNOWN, dtype=np.int8)
        self.flags = np.zeros((h, w), dtype=np.bool_)
        self.mine = np.zeros((h, w), dtype=np.bool_)
        self.numbers = np.zeros((h, w), dtype=np.int8)
        self.state = "ready"
        self.exploded: Cell | None = None
        self._left = h * w - level.mines
        self._began: float | None = None
        self._ended: float | None = None

    @property
    def mines_left(self) -> int:
        """The mines less the flags (negative when too many squares are flagged)."""
        return self.level.mines - int(np.count_nonzero(self.flags))

    @property
    def seconds(self) -> float:
        """The time since the first square was opened, to the end of the game."""
        if self._began is None:
            return 0.0
        return (self._ended if self._ended is not None else time.monotonic()) - self._began

    @property
    def over(self) -> bool:
        """Whether the game is won or lost."""
        return self.state in ("won", "lost")

    def _check(self, square: Cell) -> Cell:
        r, c = square
        if not (0 <= r < self.level.height and 0 <= c < self.level.width):
            raise BadInput(f"the square {square_name(square)} is off the "
                           f"{self.level.width}x{self.level.height} board")
        return (int(r), int(c))

    def open(self, square: Cell) -> int:
        """Open a covered square (a revealed number chords: :meth:`chord`); the number of
        squares opened. A flagged square, or any square once the game is over, stays."""
        r, c = self._check(square)
        if self.over or self.flags[r, c]:
            return 0
        if self.cells[r, c] != UNKNOWN:
            return self.chord((r, c))
        if self.state == "ready":
            self.mine = deal(self.level, self.rules, (r, c), self._rng)
            self.numbers = numbers_of(self.mine)
            self.state, self._began = "playing", time.monotonic()
        return self._open_all([(r, c)])

    def chord(self, square: Cell) -> int:
        """On a revealed number with as many flags around it, open its other covered
        neighbours; the number of squares opened (0 when the flags do not match)."""
        r, c = self._check(square)
        if self.over or self.cells[r, c] == UNKNOWN:
            return 0
        near = [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                if 0 <= r + dr < self.level.height and 0 <= c + dc < self.level.width
                and (dr, dc) != (0, 0)]
        if sum(bool(self.flags[sq]) for sq in near) != self.cells[r, c]:
            return 0
        return self._open_all([sq for sq in near
                               if self.cells[sq] == UNKNOWN and not self.flags[sq]])

    def _open_all(self, squares: list[Cell]) -> int:
        opened = 0
        for sq in squares:
            if self.mine[sq]:
                self.state, self.exploded, self._ended = "lost", sq, time.monotonic()
                return opened
            opened += open_area(self.cells, self.numbers, sq, self.flags)
        self._left -= opened
        if self._left == 0:
            self.state, self._ended = "won", time.monotonic()
            self.flags |= self.mine
        return opened

    def flag(self, square: Cell) -> bool:
        """Put a flag on a covered square, or take it off; whether the square is flagged."""
        r, c = self._check(square)
        if not self.over and self.cells[r, c] == UNKNOWN:
            self.flags[r, c] = not self.flags[r, c]
        return bool(self.flags[r, c])

    def position(self) -> Board:
        """What the player knows, for the analyser: the revealed numbers and the number
        of mines (the flags left out: a flag may be wrong)."""
        return Board(self.cells.copy(), self.level.mines)

    def view(self) -> list[str]:
        """The board as the player sees it, a string a row: ``0``-``8`` revealed,
        ``?`` covered, ``F`` flagged; once lost, ``*`` the mines, ``X`` the one opened,
        ``!`` a flag where no mine was."""
        out = np.full(self.cells.shape, COVERED, dtype="<U1")
        shown = self.cells != UNKNOWN
        out[shown] = self.cells[shown].astype("<U1")
        out[self.flags] = FLAG
        if self.state in ("lost", "won"):
            out[self.mine & ~self.flags] = MINE_SHOWN
            out[self.flags & ~self.mine] = WRONG_FLAG
        if self.exploded is not None:
            out[self.exploded] = EXPLODED
        return ["".join(row) for row in out]
