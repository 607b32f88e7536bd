"""How the objects of nqueens show themselves in a notebook, and outside one.

In IPython and Jupyter a board (:class:`~nqueens.base.board.Solution`) and a partial
placement (:class:`~nqueens.base.placement.Placement`) draw themselves as a labelled
SVG board, and a count (:class:`~nqueens.algorithms.counter.CountResult`) as a small
table: :func:`register` tells IPython's display formatters (``import nqueens`` calls
it when IPython is running). A trace (:class:`~nqueens.tasks.player.Trace`) shows
itself as the player, by its own ``_repr_html_``. :func:`show` opens the same picture,
table or player in the web browser outside a notebook.

>>> from nqueens import solve
>>> svg = svg_of(solve(4))
>>> svg.startswith("<svg") and svg.count("<text") == 8  # the files and the ranks
True
>>> print(markdown_of(__import__("nqueens").count(8)).splitlines()[2])
| 8 | queen | 92 | 12 |
"""

from __future__ import annotations

import html
import os
import tempfile
from typing import Any

from ..base.board import Solution
from ..base.placement import Placement
from ..output.pictures import board_svg, position_svg

#: How wide a board is drawn in a notebook, in pixels (its labels add a margin).
SIZE = 400


def svg_of(obj: Solution | Placement) -> str:
    """The board as a notebook shows it: SVG, :data:`SIZE` pixels, files and ranks.

    >>> svg_of(Placement(4, ((0, 1),))).count("<use")
    1
    """
    if isinstance(obj, Placement):
        return position_svg(obj.n, obj.queens, size=SIZE, labels=True)
    return board_svg(obj, size=SIZE, labels=True)


def markdown_of(result: Any) -> str:
    """A count as a notebook shows it: n, the piece (on the torus), the total and the
    fundamental solutions, with thousands separators."""
    piece = result.piece + (" on the torus" if result.torus else "")
    fundamental = "—" if result.fundamental is None else f"{result.fundamental:,}"
    return ("| n | piece | total | fundamental |\n|---:|---|---:|---:|\n"
            f"| {result.n} | {piece} | {result.total:,} | {fundamental} |")


def register(shell: Any) -> None:
    """Tell an IPython shell's display formatters how the objects of nqueens look
    (by the names of their classes: nothing is imported until one is shown)."""
    formatters = shell.display_formatter.formatters
    for module, name in (("nqueens.base.board", "Solution"),
                         ("nqueens.base.placement", "Placement")):
        formatters["image/svg+xml"].for_type_by_name(module, name, svg_of)
    formatters["text/markdown"].for_type_by_name("nqueens.algorithms.counter", "CountResult",
                                                 markdown_of)


def page_of(obj: Any) -> str:
    """A whole HTML page that shows ``obj``: a board drawn, a count as its table, a
    trace as its player, any other object as its text.

    >>> "<svg" in page_of(__import__("nqueens").solve(5))
    True
    """
    from .player import Trace

    if isinstance(obj, Trace):
        return obj.page()
    if isinstance(obj, Solution | Placement):
        body = svg_of(obj)
    elif hasattr(obj, "fundamental") and hasattr(obj, "total"):
        body = f"<pre>{html.escape(markdown_of(obj))}</pre>"
    else:
        body = f"<pre>{html.escape(str(obj))}</pre>"
    return ('<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            f"<title>nqueens</title></head><body>{body}</body></html>\n")


def show(obj: Any, opener: Any = None) -> str:
    """Show ``obj`` in the web browser (outside a notebook, where it shows itself): the
    page of :func:`page_of` is written to a temporary file, which is opened; returns
    the file's path. ``opener`` (by default :func:`webbrowser.open`) is called with
    the file's URL.

    >>> opened = []
    >>> path = show(__import__("nqueens").solve(4), opener=opened.append)
    >>> opened == ["file://" + path] and open(path).read().startswith("<!DOCTYPE html>")
    True
    >>> os.unlink(path)
    """
    fd, path = tempfile.mkstemp(prefix="nqueens-", suffix=".html")
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        out.write(page_of(obj))
    if opener is None:
        import webbrowser

        opener = webbrowser.open
    opener("file://" + path)
    return path
