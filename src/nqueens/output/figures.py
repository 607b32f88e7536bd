"""Figures for a slide: a matplotlib figure of a given width in pixels, 16:9 by default,
with text sized for a projector, written as PNG or SVG of exactly that width.

At the default width of 1280 pixels (a projector's 1280×720) body text is 17 pixels
and titles 21; a narrower or wider picture scales everything with its width, so that
it looks the same, only smaller or larger.

>>> fig = slide_figure(640)
>>> png = figure_bytes(fig, "png")
>>> png[1:4], int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
(b'PNG', 640, 360)
>>> check_width(100)
Traceback (most recent call last):
...
nqueens.base.errors.BadInput: --size 100: the picture's width must be 320 to 7680 pixels
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from ..base.errors import BadInput

if TYPE_CHECKING:
    from matplotlib.figure import Figure

#: The width of a picture when none is asked for: a slide on a 1280×720 projector.
DEFAULT_WIDTH = 1280
#: The narrowest and widest pictures drawn (pixels).
MIN_WIDTH, MAX_WIDTH = 320, 7680
#: The formats :func:`figure_bytes` writes.
FIGURE_FORMATS = ("png", "svg")
#: Pixels per inch: 96, as a browser counts them, so that an SVG's width is the same
#: number of CSS pixels as the PNG's.
DPI = 96


def check_width(width: int) -> int:
    """``width`` when a picture may be that many pixels wide, else :class:`BadInput`.

    >>> check_width(1280)
    1280
    """
    if isinstance(width, bool) or not isinstance(width, int) or \
            not MIN_WIDTH <= width <= MAX_WIDTH:
        raise BadInput(f"--size {width}: the picture's width must be {MIN_WIDTH} to "
                       f"{MAX_WIDTH} pixels")
    return width


def scale_of(width: int) -> float:
    """How much larger than at :data:`DEFAULT_WIDTH` text and lines are drawn.

    >>> scale_of(1280), scale_of(640)
    (1.0, 0.5)
    """
    return width / DEFAULT_WIDTH


def style(width: int) -> dict[str, Any]:
    """The matplotlib settings of a picture ``width`` pixels wide: text of 13 points
    (17 pixels at 1280), titles of 16, lines and markers to match.

    >>> style(1280)["font.size"], style(640)["font.size"]
    (13.0, 6.5)
    """
    k = scale_of(width)
    return {
        "font.size": 13.0 * k, "axes.titlesize": 16.0 * k, "axes.labelsize": 14.0 * k,
        "xtick.labelsize": 12.0 * k, "ytick.labelsize": 12.0 * k,
        "legend.fontsize": 12.0 * k, "figure.titlesize": 17.0 * k,
        "lines.linewidth": 2.5 * k, "lines.markersize": 8.0 * k,
        "axes.linewidth": 1.0 * k, "grid.linewidth": 0.8 * k,
        "xtick.major.width": 1.0 * k, "ytick.major.width": 1.0 * k,
        "xtick.minor.width": 0.8 * k, "ytick.minor.width": 0.8 * k,
        "xtick.major.size": 5.0 * k, "ytick.major.size": 5.0 * k,
        "xtick.minor.size": 3.0 * k, "ytick.minor.size": 3.0 * k,
        "patch.linewidth": 1.0 * k, "legend.framealpha": 0.92,
    }


@contextmanager
def styled(width: int) -> Iterator[None]:
    """Draw inside this block with the settings of :func:`style` (text sizes are fixed
    when a text is made, so the whole figure is built inside it).

    >>> import matplotlib
    >>> with styled(640):
    ...     matplotlib.rcParams["font.size"]
    6.5
    """
    import matplotlib

    settings: Any = style(width)    # matplotlib types its keys as literals
    with matplotlib.rc_context(settings):
        yield


def slide_figure(width: int = DEFAULT_WIDTH, height: int | None = None) -> Figure:
    """An empty figure ``width`` pixels wide and ``height`` high (None: 16:9), laid out
    by matplotlib's constrained layout, with a white background.

    >>> fig = slide_figure(1280)
    >>> pixel_size(fig)
    (1280, 720)
    """
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    height = round(width * 9 / 16) if height is None else height
    fig = Figure(figsize=(width / DPI, height / DPI), dpi=DPI, layout="constrained",
                 facecolor="white")
    FigureCanvasAgg(fig)
    return fig


def pixel_size(fig: Figure) -> tuple[int, int]:
    """The (width, height) in pixels that :func:`figure_bytes` writes ``fig`` at.

    >>> pixel_size(slide_figure(800, 600))
    (800, 600)
    """
    w, h = fig.get_size_inches() * fig.dpi
    return round(w), round(h)


def figure_bytes(fig: Figure, fmt: str = "png") -> bytes:
    """``fig`` as a PNG (exactly :func:`pixel_size` pixels) or an SVG (that many CSS
    pixels wide: ``width`` in points is three quarters of it).

    >>> svg = figure_bytes(slide_figure(640), "svg").decode()
    >>> 'width="480pt"' in svg
    True
    """
    if fmt not in FIGURE_FORMATS:
        raise BadInput(f"cannot draw a {fmt!r} picture (choose one of: "
                       f"{', '.join(FIGURE_FORMATS)})")
    w, h = pixel_size(fig)
    # Agg truncates the size in pixels: a quarter pixel more makes it exact.
    pad = 0.25 if fmt == "png" else 0.0
    fig.set_dpi(DPI)
    fig.set_size_inches((w + pad) / DPI, (h + pad) / DPI)
    buf = io.BytesIO()
    try:
        fig.savefig(buf, format=fmt, dpi=DPI, facecolor=fig.get_facecolor())
    finally:
        fig.set_size_inches(w / DPI, h / DPI)
    return buf.getvalue()
