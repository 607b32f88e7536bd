"""Text for messages: sizes as people read them, and text from files made safe to show.

:func:`printable` escapes what a terminal would act on (control characters, escape
sequences) before text from a file goes into a message; :func:`markup_text` what SVG or
HTML would read as markup. This module imports nothing.

>>> size_text(4_000_000), printable("row \\x1b[31m")
('4 MB', 'row \\\\x1b[31m')
"""

from __future__ import annotations


def size_text(n: int) -> str:
    """A size in bytes as people read it.

    >>> size_text(900), size_text(12_345), size_text(4_000_000), size_text(1_200_000_000)
    ('900 bytes', '12.3 kB', '4 MB', '1.2 GB')
    """
    if n < 10_000:
        return f"{n:,} bytes"
    if n < 1_000_000:
        return f"{n / 1e3:.3g} kB"
    if n < 1_000_000_000:
        return f"{n / 1e6:.3g} MB"
    return f"{n / 1e9:.3g} GB"


def printable(text: str | bytes, most: int | None = None) -> str:
    """``text`` with control characters, escape sequences and invalid bytes written as
    Python escapes (``\\x1b``, ``\\n``, ``\\u202e``, ``\\xff``), so that a message quoting
    a file cannot move the cursor, change colours or hide what follows; ``most``: at
    most this many characters are kept (then ``...``).

    >>> printable("a1 \\x1b[31mred")
    'a1 \\\\x1b[31mred'
    >>> printable(b"ok \\xff\\x00")
    'ok \\\\xff\\\\x00'
    >>> printable("x" * 10, most=4)
    'xxxx...'
    """
    if isinstance(text, bytes | bytearray):
        text = bytes(text).decode("utf-8", "backslashreplace")
    cut = most is not None and len(text) > most
    if cut:
        text = text[:most]
    if not text.isprintable():
        text = "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)
    return text + "..." if cut else text


def markup_text(text: str) -> str:
    """``text`` as the content of an SVG or HTML element: ``&``, ``<`` and ``>`` as
    entities (what ``xml.sax.saxutils.escape`` does, without the 20 ms of web modules
    its import brings into a program's start-up).

    >>> markup_text("a < b & c > d")
    'a &lt; b &amp; c &gt; d'
    """
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
