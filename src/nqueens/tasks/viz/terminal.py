"""Play a traced search in the terminal with rich: the board, the step counter, the
square being tried, the queens that attack it.

Keys (when standard input is a terminal): space pause/play, ``n`` or → one event
forward (paused), ``+``/``-`` faster/slower, ``q`` quit. Without a terminal for
input the animation just plays; without a terminal for output only the last
frame is printed.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Iterable

from rich.console import Console, Group
from rich.live import Live
from rich.text import Text

from puzzleshell import keys

from ...base.events import BoardState, Event, Kind, replay
from ...base.pieces import Piece
from .text import describe, file_labels


def frame(e: Event | None, board: BoardState, piece: Piece, title: str, speed: float,
          paused: bool) -> Group:
    """One picture of the animation (a rich renderable).

    >>> from nqueens.base.events import BoardState
    >>> b = BoardState(4, [(0, 1)], step=2)
    >>> e = Event(Kind.TEST, 1, 2, step=2, depth=1, ok=False, attackers=((0, 1),))
    >>> c = Console(width=60, color_system=None)
    >>> with c.capture() as cap:
    ...     c.print(frame(e, b, Piece.QUEEN, "proba", 10, False))
    >>> "step 2" in cap.get() and " x " in cap.get()
    True
    """
    n = board.n
    grid = board.grid()
    red = set(e.attackers) if e is not None and e.kind is Kind.TEST else set()
    tried = e.square if e is not None and e.kind is Kind.TEST else None
    text = Text()
    w = len(str(n))
    for r in range(n):
        text.append(f"{n - r:>{w}} ", style="dim")
        for c in range(n):
            if grid[r][c]:
                text.append("Q", style="bold red" if (r, c) in red else "bold")
            elif (r, c) == tried:
                ok = e is not None and e.ok
                text.append("o" if ok else "x", style="bold green" if ok else "bold red")
            else:
                text.append(".", style="dim")
            text.append(" ")
        text.append("\n")
    text.append("\n".join(" " * (w + 1) + row for row in file_labels(n)), style="dim")
    step = max(board.step, e.step) if e is not None else board.step
    head = Text(f"{title}   step {step:,}   depth {board.depth}   "
                f"solutions {board.solutions:,}   speed {speed:.4g} events/s"
                + ("   [paused]" if paused else ""), style="bold")
    line = Text(describe(e, n, piece, board.queens) if e is not None else "the empty board")
    keys = Text("space pause · n step · +/- speed · q quit", style="dim")
    return Group(head, text, line, keys)


def animate(events: Iterable[Event], n: int, *, piece: Piece = Piece.QUEEN,
            speed: float = 20.0, title: str = "", console: Console | None = None) -> BoardState:
    """Play ``events`` at ``speed`` events per second; return the final board.

    On a console that is not a terminal (a file, a pipe) only the last frame is
    printed, at once:

    >>> import io
    >>> from nqueens.algorithms.classic import trace
    >>> out = Console(file=io.StringIO(), width=60, color_system=None)
    >>> board = animate(trace(4, "proba", until="first"), 4, title="proba", console=out)
    >>> print(out.file.getvalue())
    proba   step 26   depth 4   solutions 1   speed 20 events/s
    4 . . Q .
    3 Q . . .
    2 . . . Q
    1 . Q . .
      a b c d
    step 26: done - 1 solution in 26 steps
    space pause · n step · +/- speed · q quit
    >>> sorted(board.queens), board.solutions
    ([(0, 2), (1, 0), (2, 3), (3, 1)], 1)
    """
    console = console or Console()
    stream = replay(events, n, piece, check=False)
    board = BoardState(n)
    last: Event | None = None
    if not console.is_terminal:
        tail = deque(stream, maxlen=1)
        if tail:
            last, board = tail[0]
        console.print(frame(last, board, piece, title, speed, False))
        return board
    paused = False
    first = frame(None, board, piece, title, speed, paused)
    with keys.key_presses() as pressed, Live(first, console=console, auto_refresh=False,
                                              transient=False) as live:
        due = time.monotonic()
        finished = False
        while not finished:
            advance = 0
            if pressed is not None:
                while not pressed.empty():
                    k = pressed.get()
                    if k == "q":
                        finished = True
                    elif k == " ":
                        paused = not paused
                        due = time.monotonic()
                    elif k in ("n", "N", "right"):
                        paused = True
                        advance += 1
                    elif k == "+":
                        speed = min(speed * 1.5, 1e6)
                    elif k == "-":
                        speed = max(speed / 1.5, 0.5)
            if finished:
                break
            now = time.monotonic()
            if not paused and now >= due:
                advance += max(1, int((now - due) * speed) + 1)
                due = now + 1.0 / speed
            for _ in range(advance):
                try:
                    last, board = next(stream)
                except StopIteration:
                    finished = True
                    break
            live.update(frame(last, board, piece, title, speed, paused), refresh=True)
            time.sleep(min(0.03, max(0.0, due - time.monotonic())) if not paused else 0.03)
    return board
