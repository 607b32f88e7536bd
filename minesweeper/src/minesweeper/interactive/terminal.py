"""Play Minesweeper in the terminal, the analyser a key away (``minesweeper play
--interactive``): plain text and escape sequences, so it works over ssh too.

Keys:

- the arrows move the cursor; or type a square as ``X,Y`` (column, row, from 1) and
  press Enter to open it or ``f`` to flag it (Backspace and Escape edit what is typed);
- space or Enter opens the square under the cursor (on a revealed number: a chord,
  opening its other neighbours when as many flags surround it); ``f`` flags or unflags;
  ``c`` chords;
- ``h`` asks for the hint: the cursor goes to the square the analyser would open, and
  the line under the board says why; ``p`` shows or hides every covered square's mine
  probability (``s`` certainly safe, ``m`` certainly a mine, else the percentage);
- ``n`` starts a new game, ``q`` quits.

Squares are three characters wide where the terminal has room (the probabilities in
percent, as ``check --probabilities`` prints them), else two (the probabilities by their
tens: 3 for 30 to 39 %).
"""

from __future__ import annotations

import queue

from rich.console import Console, Group
from rich.live import Live
from rich.text import Text

from puzzleshell import keys as terminal_keys

from ..analysis.game import COVERED, EXPLODED, FLAG, MINE_SHOWN, WRONG_FLAG, Game, Level
from ..base.board import Cell
from ..base.errors import BadInput
from ..base.words import square_name
from .advice import Advice, advise

#: The keys, as the line under the board lists them.
KEYS = "arrows move · space open · f flag · c chord · h hint · p chances · n new · q quit"
_MOVES = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}
_STATES = {"ready": "open a square (or type X,Y and Enter)", "playing": "playing", "won": "won!",
           "lost": "lost"}


class Screen:
    """The state of the terminal game: the game, the cursor, what is typed, the
    analyser's last advice and whether its probabilities are shown.

    >>> from minesweeper.analysis.game import parse_level
    >>> s = Screen(parse_level("4x3x2"), "classic", seed=1)
    >>> s.press("right"); s.press(" "); s.game.state
    'playing'
    >>> s.press("h"); s.message.startswith("hint: open (")
    True
    """

    def __init__(self, level: Level, rules: str, seed: int | None = None) -> None:
        self.level, self.rules, self.seed = level, rules, seed
        self.game = Game(level, rules, seed)
        self.cursor: Cell = (0, 0)
        self.typed = ""
        self.message = ""
        self.show_probabilities = False
        self.advice: Advice | None = None
        self.quit = False

    def press(self, key: str) -> None:
        """Act on one key (a :func:`puzzleshell.keys.split_keys` name)."""
        if key in ("q", "eof"):
            self.quit = True
        elif key in _MOVES:
            dr, dc = _MOVES[key]
            r, c = self.cursor
            self.cursor = (min(max(r + dr, 0), self.level.height - 1),
                           min(max(c + dc, 0), self.level.width - 1))
        elif key.isdigit() or key == ",":
            self.typed = (self.typed + key)[-12:]
        elif key == "backspace":
            self.typed = self.typed[:-1]
        elif key == "escape":
            self.typed = ""
        elif key in (" ", "enter"):
            self._act("open")
        elif key == "f":
            self._act("flag")
        elif key == "c":
            self._act("chord")
        elif key == "h":
            self._hint()
        elif key == "p":
            self.show_probabilities = not self.show_probabilities
            self._refresh_advice()
        elif key == "n":
            seed = None if self.seed is None else self.seed + 1
            self.seed = seed
            self.game, self.advice, self.message = Game(self.level, self.rules, seed), None, ""
            self._refresh_advice()

    def _act(self, what: str) -> None:
        if self.typed:
            try:
                self.cursor = self._typed_square()
            except BadInput as exc:
                self.message = str(exc)
                return
            finally:
                self.typed = ""
        if what == "flag":
            self.game.flag(self.cursor)
        else:
            (self.game.chord if what == "chord" else self.game.open)(self.cursor)
            self.advice = None
        self.message = self._outcome()
        self._refresh_advice()

    def _typed_square(self) -> Cell:
        x, _, y = self.typed.partition(",")
        if not (x.isdigit() and y.isdigit()):
            raise BadInput(f"{self.typed!r}: type a square as X,Y (column, row, from 1)")
        square = (int(y) - 1, int(x) - 1)
        if not (0 <= square[0] < self.level.height and 0 <= square[1] < self.level.width):
            raise BadInput(f"({x}, {y}) is off the {self.level.width}x{self.level.height} "
                           "board")
        return square

    def _outcome(self) -> str:
        g = self.game
        if g.state == "won":
            return f"won in {_clock(g.seconds)} · n for a new game"
        if g.state == "lost" and g.exploded is not None:
            return f"a mine at {square_name(g.exploded)} · n for a new game"
        return ""

    def _hint(self) -> None:
        if self.game.over:
            return
        self.advice = advise(self.game.position(), self.show_probabilities)
        if self.advice.best is not None:
            self.cursor = self.advice.best
        self.message = "hint: " + "; ".join(self.advice.lines[:2])

    def _refresh_advice(self) -> None:
        if self.show_probabilities and not self.game.over:
            self.advice = advise(self.game.position(), True)
        elif not self.show_probabilities:
            self.advice = None

    def render(self, width: int = 120) -> Group:
        """The screen: a head line (the level, mines left, time, state), the board, the
        message and the keys; squares three characters wide where the terminal has room,
        else two."""
        g, level = self.game, self.level
        cell = 3 if width >= 3 * level.width + 4 else 2
        head = Text(f"{level.name} {level.width}x{level.height}, {level.mines} mines, "
                    f"{self.rules} · mines left {g.mines_left} · {_clock(g.seconds)} · "
                    f"{_STATES[g.state]}", style="bold")
        label = len(str(level.height))
        board = Text()
        board.append(" " * (label + 1))
        for c in range(level.width):
            board.append(_fit(str(c + 1) if (c + 1) % 5 == 0 or c == 0 else "", cell),
                         style="dim")
        board.append("\n")
        shown = self.advice.cells if self.advice is not None and self.show_probabilities \
            else {}
        best = self.advice.best if self.advice is not None else None
        view = g.view()
        for r, row in enumerate(view):
            board.append(f"{r + 1:>{label}} ", style="dim")
            for c, ch in enumerate(row):
                text, style = _square(ch, shown.get((r, c)), cell)
                if (r, c) == best and not g.over:
                    style += " underline"
                if (r, c) == self.cursor:
                    style += " reverse"
                board.append(text, style=style.strip())
            board.append("\n")
        lines = [head, board]
        if self.typed:
            lines.append(Text(f"square: {self.typed}_", style="bold"))
        if self.message:
            lines.append(Text(self.message))
        if self.advice is not None and self.advice.note and self.show_probabilities:
            lines.append(Text(f"probabilities: {self.advice.note}", style="dim"))
        if shown:
            scale = "the chance of a mine in %" if cell == 3 else \
                "tens of % of a mine (2: 20-29%)"
            lines.append(Text(f"s: safe in every arrangement · m: a mine in every one · "
                              f"digits: {scale}", style="dim"))
        lines.append(Text(KEYS, style="dim"))
        return Group(*lines)


def _square(ch: str, probability: str | None, cell: int) -> tuple[str, str]:
    """The text and style of one square: covered grey (its probability when shown: safe
    green, mine red, else plain), a flag red, a number bold; the letters carry the
    meaning as well as the colours."""
    if ch == COVERED:
        if probability is None:
            return _fit("·", cell), "dim"
        text = probability if cell == 3 or probability in ("s", "m") else _tens(probability)
        return _fit(text, cell), ("green" if probability == "s" else
                                  "red" if probability == "m" else "yellow")
    if ch == FLAG:
        return _fit("F", cell), "bold red"
    if ch in (MINE_SHOWN, EXPLODED, WRONG_FLAG):
        return _fit(ch, cell), "bold red" + (" reverse" if ch == EXPLODED else "")
    return _fit("" if ch == "0" else ch, cell), "bold"


def _tens(percent: str) -> str:
    """A percentage in one character, its tens (``<1`` is 0, ``>99`` is 9).

    >>> _tens("<1"), _tens("37"), _tens(">99"), _tens("100")
    ('0', '3', '9', '9')
    """
    value = {"<1": 0, ">99": 99}.get(percent)
    return str(min(9, (int(percent) if value is None else value) // 10))


def _fit(text: str, cell: int) -> str:
    return text.rjust(cell - 1) + " " if len(text) < cell else text[:cell]


def _clock(seconds: float) -> str:
    whole = int(seconds)
    return f"{whole // 60}:{whole % 60:02d}"


def play_in_terminal(level: Level, rules: str = "classic", seed: int | None = None,
                     console: Console | None = None) -> str:
    """Play games of ``level`` in this terminal until ``q``; the state of the last game
    (``ready``, ``playing``, ``won`` or ``lost``). Standard input and output must be a
    terminal."""
    console = console or Console()
    columns, lines = 2 * level.width + 4, level.height + 7
    if console.width < columns or console.height < lines:
        raise BadInput(f"a board of {level.width}x{level.height} needs a terminal of at least "
                       f"{columns} columns and {lines} lines; this one has {console.width} "
                       f"and {console.height}")
    screen = Screen(level, rules, seed)
    with terminal_keys.key_presses() as pressed:
        if pressed is None:
            raise BadInput("--interactive needs a terminal: standard input is not one")
        with Live(screen.render(console.width), console=console, auto_refresh=False,
                  screen=False, transient=False) as live:
            while not screen.quit:
                try:
                    key = pressed.get(timeout=0.5)
                except queue.Empty:
                    key = None
                if key is not None:
                    screen.press(key)
                    while not pressed.empty() and not screen.quit:
                        screen.press(pressed.get())
                live.update(screen.render(console.width), refresh=True)
    return screen.game.state
