"""Keys pressed in a terminal, one at a time, for the programs' interactive screens.

A terminal sends a key as one character, or an arrow and a few other keys as an escape
sequence: :func:`split_keys` names each key of what one read returned;
:func:`key_presses` puts the terminal in cbreak mode (each key as it is pressed, not
echoed; Ctrl-C still a signal) and reads the keys in a background thread.
"""

from __future__ import annotations

import os
import queue
import select
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager

#: The escape sequences that name a key (both forms terminals send for the arrows).
SEQUENCES = {"\x1b[A": "up", "\x1b[B": "down", "\x1b[C": "right", "\x1b[D": "left",
             "\x1bOA": "up", "\x1bOB": "down", "\x1bOC": "right", "\x1bOD": "left",
             "\x1b[H": "home", "\x1b[F": "end", "\x1b[3~": "delete"}
#: Single characters with a name: Enter (either end of line), Backspace, Tab, Escape.
NAMED = {"\r": "enter", "\n": "enter", "\x7f": "backspace", "\x08": "backspace",
         "\t": "tab"}


def split_keys(text: str) -> list[str]:
    """Every key in what one read of the terminal returned, in order: a character
    stands for itself, a named key (:data:`SEQUENCES`, :data:`NAMED`) is its name, an
    escape sequence with no name is dropped, and Escape alone is ``escape``.

    >>> split_keys("ab\\x1b[C\\x1bOA\\r\\x1b[5~\\x7f")
    ['a', 'b', 'right', 'up', 'enter', 'backspace']
    >>> split_keys("\\x1b")
    ['escape']
    """
    keys: list[str] = []
    i = 0
    while i < len(text):
        if text[i] == "\x1b" and i + 1 < len(text) and text[i + 1] in "[O":
            j = i + 2
            while j < len(text) and not (text[j].isalpha() or text[j] == "~"):
                j += 1
            name = SEQUENCES.get(text[i:j + 1])
            if name is not None:
                keys.append(name)
            i = j + 1
        elif text[i] == "\x1b":
            keys.append("escape")
            i += 1
        else:
            keys.append(NAMED.get(text[i], text[i]))
            i += 1
    return keys


@contextmanager
def key_presses() -> Iterator[queue.Queue[str] | None]:
    """A queue of the keys pressed (:func:`split_keys` names), read by a background
    thread while the block runs, the terminal restored after; None when standard input
    is not a terminal."""
    if not sys.stdin.isatty():
        yield None
        return
    try:
        import termios
        import tty
    except ImportError:  # pragma: no cover - not a POSIX system
        yield None
        return
    fd = sys.stdin.fileno()
    old = termios.tcgetattr(fd)
    keys: queue.Queue[str] = queue.Queue()
    stop = threading.Event()

    def reader() -> None:
        while not stop.is_set():
            ready, _, _ = select.select([fd], [], [], 0.05)
            if ready:
                data = os.read(fd, 256)
                if not data:            # the terminal is gone
                    keys.put("eof")
                    return
                for key in split_keys(data.decode(errors="ignore")):
                    keys.put(key)

    tty.setcbreak(fd)
    thread = threading.Thread(target=reader, daemon=True)
    thread.start()
    try:
        yield keys
    finally:
        stop.set()
        thread.join(timeout=0.5)
        termios.tcsetattr(fd, termios.TCSADRAIN, old)
