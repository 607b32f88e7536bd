"""A traced search as an object: iterate it for its events, or show it, in a notebook
as the player (the page of ``nqueens trace --html``, inline), outside one in the browser
(:func:`nqueens.show`).

The player is one self-contained page (no file, no network), put in the notebook's
output as an ``<iframe srcdoc>``: it runs the same in JupyterLab, in the classic
Notebook and in a static HTML export of the notebook, and its styles and scripts stay
out of the notebook's own.

>>> t = trace(4, until="first")
>>> t
Trace(n=4, method='proba', piece='queen', until='first')
>>> t.info().steps, t.info().solutions
(26, 1)
>>> html = t._repr_html_()
>>> html.startswith("<iframe") and "srcdoc=" in html and "<script" not in html
True
"""

from __future__ import annotations

import html
from collections.abc import Iterator
from dataclasses import dataclass, field

from ..algorithms.classic import METHODS
from ..algorithms.classic import trace as trace_events
from ..base.errors import BadInput
from ..base.events import Event
from ..base.limits import check_n
from ..base.pieces import Piece
from .viz.html import PageInfo, check_page_size, render_html

#: The height of the player in a notebook, in pixels: the page is laid out for a
#: 1280x720 screen and fits any height from about 600 px.
PLAYER_HEIGHT = 720


@dataclass(frozen=True)
class Trace:
    """The search of ``method`` on an n×n board, to its first solution or through all
    (``until``); ``seed`` and ``max_steps`` are for min-conflicts and intuitive. Make
    one with :func:`trace`.

    >>> [e.kind.name for e in trace(4)][:3]
    ['TEST', 'PLACE', 'TEST']
    """

    n: int
    method: str = "proba"
    piece: str = "queen"
    until: str = "first"
    seed: int | None = field(default=None, repr=False)
    max_steps: int | None = field(default=None, repr=False)

    def __iter__(self) -> Iterator[Event]:
        """The events of the search, one square tested, placed or taken back at a time."""
        return trace_events(self.n, self.method, piece=self.piece, until=self.until,
                            seed=self.seed, max_steps=self.max_steps)

    def page(self) -> str:
        """The player: one self-contained HTML page (``nqueens trace --html``)."""
        return self._render()[0]

    def info(self) -> PageInfo:
        """What the player holds: events, steps, solutions, and its size in bytes."""
        return self._render()[1]

    def _render(self) -> tuple[str, PageInfo]:
        return render_html(iter(self), self.n, method=self.method, piece=Piece.parse(self.piece),
                           until=self.until)

    def _repr_html_(self) -> str:
        """The player inline, for Jupyter: the page in an ``<iframe srcdoc>``."""
        page, info = self._render()
        title = (f"{self.method} on {self.n}x{self.n}: {info.steps:,} steps, "
                 f"{info.solutions:,} solution{'s' if info.solutions != 1 else ''}")
        return (f'<iframe title="{html.escape(title)}" srcdoc="{html.escape(page, quote=True)}" '
                f'style="width: 100%; height: {PLAYER_HEIGHT}px; border: 1px solid #ddd" '
                'sandbox="allow-scripts"></iframe>')


def trace(n: int, method: str = "proba", *, piece: Piece | str = Piece.QUEEN,
          until: str = "first", seed: int | None = None,
          max_steps: int | None = None) -> Trace:
    """The search of ``method`` (proba, arrays, sets, rows, min-conflicts, intuitive) on
    an n×n board as a :class:`Trace`: in a notebook it shows itself as the player;
    ``nqueens.show(t)`` opens the player in the browser; iterating it gives the events.
    A player too large for a browser is refused, as ``nqueens trace --html`` refuses it.

    >>> t = trace(8)
    >>> t.info().steps                  # proba reaches its first solution at step 876
    876
    >>> trace(8, "quick")
    Traceback (most recent call last):
    ...
    nqueens.base.errors.BadInput: method 'quick' is not traced (choose one of: proba, ...
    """
    n = check_n(n)
    if method not in METHODS:
        raise BadInput(f"method {method!r} is not traced (choose one of: {', '.join(METHODS)})")
    kind = Piece.parse(piece)
    check_page_size(n, method, kind, until)
    return Trace(n, method, kind.value, until, seed, max_steps)
