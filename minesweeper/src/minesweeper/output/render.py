"""Pictures of boards: SVG text and PNG images, drawn from one layout.

Revealed squares are light with their number, covered squares grey, flags a red flag on a
grey square.  On request an arrangement is shown (a mine on each covered square holding
one), or the inference (green with a check mark: safe in every arrangement; dark red with
a mine: a mine in every one), or the exact mine probabilities as a heat map (pale yellow
through orange to dark red, the percentage in each square, 0 % and 100 % drawn as safe
and mined), or a set of squares is outlined (an inconsistent core, the ports of a gadget,
the square to open).

A picture is as wide as asked (``width``, in pixels), or by default at least
:data:`MIN_WIDTH` pixels wide with squares of at least :data:`CELL` pixels: enough for a
slide.  With ``labels`` the columns are numbered along the top and the rows along the
left side, counted from 1, so that a square (x, y) of the reports is found at column x,
row y.  A heat map, and a picture whose overlay has a key, has a legend under the board.
SVG and PNG are drawn by the same code (:func:`draw`) on two canvases, so that the two
agree square for square.

>>> from minesweeper.base.board import parse_board
>>> svg = to_svg(parse_board("1?/F2"))
>>> svg.startswith("<svg") and "</svg>" in svg
True
>>> layout(parse_board("1?/F2")).width >= MIN_WIDTH
True
"""

from __future__ import annotations

import math
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from puzzleshell.output import error_message, write_file
from puzzleshell.text import markup_text

from ..base.board import MINE, UNKNOWN, Board, Cell
from ..base.errors import BadInput

NUMBER_COLOURS = ["#000000", "#1f3fbf", "#1e7b1e", "#c62828", "#283593", "#6d1b1b",
                  "#00838f", "#222222", "#757575"]
BACKGROUND = "#ffffff"
REVEALED = "#e6e6e6"
UNKNOWN_FILL = "#a6a6a6"
GRID = "#777777"
SAFE_FILL = "#9fe09f"
SAFE_INK = "#1b5e20"
MINE_INK = "#111111"
FLAG_RED = "#d32f2f"
MARK = "#ff9800"
LABEL = "#000000"
AXIS = "#333333"

#: The heat map's colours from 0 to 1 (ColorBrewer's YlOrRd, light to dark): no green,
#: so that a small risk never reads as safe; 0 exactly is :data:`SAFE_FILL` instead.
HEAT_STOPS: tuple[tuple[float, str], ...] = (
    (0.0, "#ffffcc"), (0.125, "#ffeda0"), (0.25, "#fed976"), (0.375, "#feb24c"),
    (0.5, "#fd8d3c"), (0.625, "#fc4e2a"), (0.75, "#e31a1c"), (0.875, "#bd0026"),
    (1.0, "#800026"))
#: A square that holds a mine in every arrangement: the heat map's end.
MINED_FILL = HEAT_STOPS[-1][1]

#: The least side of a square, in pixels, of a picture drawn at its default size ...
CELL = 32
#: ... and the least width of such a picture: a board drawn alone fills a slide.
MIN_WIDTH = 640
#: The least side of a square a picture of a given width may leave.
MIN_CELL = 4
#: The widths a picture may be asked for (as nqueens takes them).
SIZES = (16, 20_000)
#: The most pixels of a PNG picture (450 MB of memory while it is drawn; image programs
#: refuse to open much larger ones).
MAX_PNG_PIXELS = 150_000_000

#: The largest SVG document drawn (about four times as much memory while it is
#: written), and the most squares a PNG picture draws (one at a time: about ten
#: seconds of drawing); a picture beyond them is refused before it is drawn.
MAX_SVG_BYTES = 128 << 20
MAX_PNG_SQUARES = 1_500_000
#: About how many bytes of SVG each square takes, and each mark drawn over one (as
#: measured): a square, a number on it, a flag, a mine (a witness, or a square mined
#: in every arrangement), a check mark (safe), a figure in a square, an outline.
SVG_BYTES = {"square": 105, "number": 110, "flag": 360, "mines": 1400, "mined": 1400,
             "safe": 200, "labels": 130, "marked": 210}

#: Widths of text, in font sizes: a digit, and a character of a sentence (a little more
#: than Pillow's own font and the usual sans-serif fonts take: text is never clipped).
DIGIT_EM = 0.6
TEXT_EM = 0.56


def label_size(label: str, size: int) -> int:
    """The font size of a port's name inside a square of ``size`` pixels: names up to
    three characters at half the square, longer ones smaller so that they fit.

    >>> label_size("a", 32), label_size("out", 32), label_size("x1234", 32)
    (16, 16, 11)
    """
    return max(6, min(size // 2, int(size * 1.8 / max(len(label), 1))))


@dataclass
class Overlay:
    """What to draw over the board: ``mines`` (a witness), ``safe`` and ``mined`` squares,
    ``marked`` squares to outline, ``labels`` to write in squares, and ``heat``: the
    mine probability of covered squares (:func:`heat_colour`; a square of ``safe`` or
    ``mined`` is drawn as such). ``key`` lists what the legend under the board explains:
    pairs of a swatch (``safe``, ``mine``, ``witness``, ``unknown``, ``marked``,
    ``flag``) and its words."""

    mines: set[Cell] = field(default_factory=set)
    safe: set[Cell] = field(default_factory=set)
    mined: set[Cell] = field(default_factory=set)
    marked: set[Cell] = field(default_factory=set)
    labels: dict[Cell, str] = field(default_factory=dict)
    heat: dict[Cell, float] = field(default_factory=dict)
    key: list[tuple[str, str]] = field(default_factory=list)


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def heat_colour(p: float) -> str:
    """The fill of a square that holds a mine with probability ``p`` (0 < p < 1; a square
    certainly safe or mined is drawn as such): pale yellow for a small risk, orange at
    one half, dark red near certainty.

    >>> heat_colour(0.01), heat_colour(0.2), heat_colour(0.5), heat_colour(1.0)
    ('#fffec8', '#fee187', '#fd8d3c', '#800026')
    """
    p = min(1.0, max(0.0, p))
    for (p0, c0), (p1, c1) in zip(HEAT_STOPS, HEAT_STOPS[1:], strict=False):
        if p <= p1:
            t = (p - p0) / (p1 - p0)
            return "#" + "".join(f"{round(a + (b - a) * t):02x}"
                                 for a, b in zip(_rgb(c0), _rgb(c1), strict=True))
    return HEAT_STOPS[-1][1]


def ink_on(fill: str) -> str:
    """Black or white, whichever reads better on ``fill``.

    >>> ink_on("#ffffcc"), ink_on("#800026")
    ('#000000', '#ffffff')
    """
    def linear(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(v) for v in _rgb(fill))
    luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b
    return "#000000" if luminance > 0.18 else "#ffffff"


def _fill(board: Board, r: int, c: int, ov: Overlay) -> str:
    v = int(board.cells[r, c])
    if v == UNKNOWN:
        if (r, c) in ov.safe:
            return SAFE_FILL
        if (r, c) in ov.mined:
            return MINED_FILL
        if (r, c) in ov.heat:
            return heat_colour(ov.heat[(r, c)])
        return UNKNOWN_FILL
    return UNKNOWN_FILL if v == MINE else REVEALED


# ------------------------------------------------------------------------- the layout

@dataclass(frozen=True)
class Legend:
    """Where the legend under the board lies: its font size, its left and right ends,
    the title's baseline, the colour bar's gradient (``bar``: x, y, width, height; None
    without a heat map) and the swatches of 0 % and 100 % at its ends (their top left
    corners), its ticks (the tick's x, the text's x, the text, how it is anchored) with
    their texts' baseline, the side of a swatch, the rows of the key (each a list of
    (x, y, kind, words): the swatch's top left corner, what it shows, what it says),
    and where the legend ends, padding included."""

    font: int
    left: float
    right: float
    title: tuple[float, float] | None
    bar: tuple[float, float, float, float] | None
    ends: tuple[tuple[float, float], tuple[float, float]] | None
    ticks: tuple[tuple[float, float, str, str], ...]
    tick_y: float
    swatch: float
    rows: tuple[tuple[tuple[float, float, str, str], ...], ...]
    bottom: float


@dataclass(frozen=True)
class Layout:
    """Where everything of a picture lies, in pixels: the picture's ``width`` and
    ``height``, the board's top left corner (``left``, ``top``) and its squares' side
    ``cell``; ``label_font`` the size of the column and row numbers (0: none), shown
    every ``col_step`` columns and ``row_step`` rows; ``legend``, or None.

    >>> from minesweeper.base.board import parse_board
    >>> lay = layout(parse_board("1?1/???"), width=400, labels=False)
    >>> lay.width, lay.cell, lay.left, lay.top
    (400, 133, 0, 0)
    """

    width: int
    height: int
    cell: int
    left: int
    top: int
    columns: int
    rows: int
    label_font: int
    col_step: int
    row_step: int
    legend: Legend | None

    def square(self, square: Cell) -> tuple[int, int, int, int]:
        """The box (left, top, right, bottom) of square ``square`` (0-based row, column).

        >>> from minesweeper.base.board import parse_board
        >>> layout(parse_board("1?1/???"), width=400, labels=False).square((1, 2))
        (266, 133, 399, 266)
        """
        x, y = self.left + square[1] * self.cell, self.top + square[0] * self.cell
        return x, y, x + self.cell, y + self.cell

    def column_labels(self) -> list[int]:
        """The columns numbered along the top (from 1; none without labels).

        >>> from minesweeper.base.board import parse_board
        >>> layout(parse_board("?" * 30)).column_labels()[:3]
        [1, 2, 3]
        """
        return _shown(self.columns, self.col_step) if self.label_font else []

    def row_labels(self) -> list[int]:
        """The rows numbered along the left side (from 1; none without labels)."""
        return _shown(self.rows, self.row_step) if self.label_font else []


def _shown(n: int, step: int) -> list[int]:
    return [k for k in range(1, n + 1) if k % step == 0 or (k == 1 and step != 2)]


def _label_font(cell: int) -> int:
    return max(12, min(24, round(cell * 0.5)))


def _margins(cell: int, columns: int, rows: int, labels: bool) -> tuple[int, int, int, int]:
    """The space left of, above, right of and under the board for its labels."""
    if not labels:
        return 0, 0, 0, 0
    lab = _label_font(cell)
    left = math.ceil(len(str(rows)) * DIGIT_EM * lab + 0.9 * lab)
    pad = math.ceil(0.6 * lab)
    return left, math.ceil(1.5 * lab), pad, pad


def _step(need: float, cell: int) -> int:
    """Every how many squares a label of ``need`` pixels fits."""
    for scale in (1, 10, 100, 1000, 10_000, 100_000):
        for step in (1, 2, 5):
            if need <= step * scale * cell:
                return step * scale
    return 1_000_000


def _fit(columns: int, rows: int, width: int | None, labels: bool) -> tuple[int, int, int]:
    """The squares' side and the space left and right of the board."""
    if width is None:                           # squares of CELL, or wider to fill MIN_WIDTH
        left, _, right, _ = _margins(CELL, columns, rows, labels)
        width = max(MIN_WIDTH, left + columns * CELL + right)
    cell = width // columns
    while cell >= MIN_CELL:
        left, _, right, _ = _margins(cell, columns, rows, labels)
        extra = width - left - columns * cell - right
        if extra >= 0:
            return cell, left + extra // 2, right + extra - extra // 2
        cell -= 1
    left, _, right, _ = _margins(MIN_CELL, columns, rows, labels)
    raise BadInput(f"--size {width} leaves squares of less than {MIN_CELL} px on a board "
                   f"{columns} squares wide: give --size {left + columns * MIN_CELL + right} "
                   "or more")


def layout(board: Board, overlay: Overlay | None = None, width: int | None = None,
           labels: bool = True) -> Layout:
    """The layout of the picture of ``board`` with ``overlay``: ``width`` pixels wide
    (None: :data:`MIN_WIDTH` or more, squares of :data:`CELL` or more), with the column
    and row numbers when ``labels``.

    >>> from minesweeper.base.board import parse_board
    >>> lay = layout(parse_board("?" * 30 + "\\n" + "?" * 30))
    >>> lay.cell, lay.width >= 30 * 32, lay.label_font
    (32, True, 16)
    >>> layout(parse_board("1?"), width=2000).width
    2000
    """
    ov = overlay or Overlay()
    columns, rows = board.width, board.height
    cell, left, right = _fit(columns, rows, width, labels)
    _, top, _, bottom = _margins(cell, columns, rows, labels)
    total = left + columns * cell + right
    lab = _label_font(cell) if labels else 0
    col_step = _step(len(str(columns)) * DIGIT_EM * lab + 0.3 * lab, cell) if lab else 1
    row_step = _step(1.15 * lab, cell) if lab else 1
    board_bottom = top + rows * cell
    legend = _legend(board, ov, total, left, left + columns * cell, board_bottom, labels)
    height = math.ceil(legend.bottom) if legend else board_bottom + bottom
    return Layout(total, height, cell, left, top, columns, rows, lab, col_step, row_step,
                  legend)


def _key(board: Board, ov: Overlay) -> list[tuple[str, str]]:
    """The key's entries, one for each kind of swatch (the first words given), and the
    flag's when the board has one."""
    key: dict[str, str] = {}
    for kind, words in ov.key:
        key.setdefault(kind, words)
    if key and bool((board.cells == MINE).any()):
        key.setdefault("flag", "a flag")
    return list(key.items())


def _legend(board: Board, ov: Overlay, width: int, board_left: int, board_right: int,
            board_bottom: int, labels: bool) -> Legend | None:
    key = _key(board, ov)
    if not ov.heat and not key:
        return None
    cell = (board_right - board_left) / max(1, board.width)
    lf = max(14, min(22, round(max(width / 40, cell * 0.4))))
    pad = max(board_left, math.ceil(0.5 * lf))
    left, right = float(pad), float(min(board_right, width - math.ceil(0.5 * lf)))
    if right - left < 16 * lf:                  # a narrow board: the legend takes the width
        left, right = 0.5 * lf, width - 0.5 * lf
    right = min(right, left + 40 * lf)
    longest = max((len(words) for _, words in key), default=0)
    lf = max(6, min(lf, int((right - left) / (longest * TEXT_EM + 2.2)))) if longest else lf
    swatch = 1.3 * lf
    y = board_bottom + (0.4 if labels else 0.9) * lf
    title = bar = ends = None
    ticks: tuple[tuple[float, float, str, str], ...] = ()
    tick_y = y
    if ov.heat:
        title = (left, y + lf)
        bar_y = y + 1.5 * lf
        g0, g1 = left + swatch + 0.5 * lf, right - swatch - 0.5 * lf
        bar = (g0, bar_y, max(1.0, g1 - g0), swatch)
        ends = ((left, bar_y), (right - swatch, bar_y))
        ticks = ((left + swatch / 2, left, "0 %", "start"),
                 *((g0 + t * (g1 - g0), g0 + t * (g1 - g0), f"{round(t * 100)} %", "middle")
                   for t in (0.25, 0.5, 0.75)),
                 (right - swatch / 2, right, "100 %", "end"))
        tick_y = bar_y + swatch + 0.35 * lf + lf
        y = tick_y + 0.5 * lf
    rows: list[tuple[tuple[float, float, str, str], ...]] = []
    x = left
    row: list[tuple[float, float, str, str]] = []
    for kind, words in key:
        wide = swatch + 0.4 * lf + len(words) * TEXT_EM * lf
        if row and x + wide > right:
            rows.append(tuple(row))
            x, row, y = left, [], y + 1.7 * lf
        row.append((x, y + 0.2 * lf, kind, words))
        x += wide + 1.2 * lf
    if row:
        rows.append(tuple(row))
        y += 0.2 * lf + swatch
    return Legend(lf, left, right, title, bar, ends, ticks, tick_y, swatch, tuple(rows),
                  y + 0.6 * lf)


# ------------------------------------------------------------------------ the canvases

class Canvas(Protocol):
    """What :func:`draw` draws with; coordinates in pixels, ``y`` of a text its
    baseline."""

    def rect(self, x: float, y: float, w: float, h: float, fill: str | None,
             stroke: str | None = None, width: float = 0.0) -> None: ...

    def text(self, x: float, y: float, text: str, size: float, fill: str,
             anchor: str = "middle", bold: bool = False, cls: str = "") -> None: ...

    def circle(self, cx: float, cy: float, r: float, fill: str) -> None: ...

    def polyline(self, points: Sequence[tuple[float, float]], stroke: str,
                 width: float) -> None: ...

    def polygon(self, points: Sequence[tuple[float, float]], fill: str) -> None: ...

    def gradient(self, x: float, y: float, w: float, h: float) -> None: ...

    def group(self, cls: str) -> None: ...

    def end(self) -> None: ...


def _n(v: float) -> str:
    """A coordinate as SVG writes it: whole numbers bare, others to 0.01."""
    if v == int(v):
        return str(int(v))
    return f"{v:.2f}".rstrip("0").rstrip(".")


class SvgCanvas:
    """A :class:`Canvas` that writes SVG elements (:meth:`document` puts them together)."""

    def __init__(self) -> None:
        self.parts: list[str] = []

    def rect(self, x: float, y: float, w: float, h: float, fill: str | None,
             stroke: str | None = None, width: float = 0.0) -> None:
        line = f' stroke="{stroke}" stroke-width="{_n(width)}"' if stroke else ""
        self.parts.append(f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" '
                          f'fill="{fill or "none"}"{line}/>')

    def text(self, x: float, y: float, text: str, size: float, fill: str,
             anchor: str = "middle", bold: bool = False, cls: str = "") -> None:
        extra = (' font-weight="bold"' if bold else "") + (f' class="{cls}"' if cls else "")
        self.parts.append(f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}" '
                          f'text-anchor="{anchor}" fill="{fill}"{extra}>{markup_text(text)}</text>')

    def circle(self, cx: float, cy: float, r: float, fill: str) -> None:
        self.parts.append(f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(r)}" fill="{fill}"/>')

    def polyline(self, points: Sequence[tuple[float, float]], stroke: str,
                 width: float) -> None:
        pts = " ".join(f"{_n(x)},{_n(y)}" for x, y in points)
        self.parts.append(f'<polyline points="{pts}" fill="none" stroke="{stroke}" '
                          f'stroke-width="{_n(width)}" stroke-linecap="round" '
                          'stroke-linejoin="round"/>')

    def polygon(self, points: Sequence[tuple[float, float]], fill: str) -> None:
        pts = " ".join(f"{_n(x)},{_n(y)}" for x, y in points)
        self.parts.append(f'<polygon points="{pts}" fill="{fill}"/>')

    def gradient(self, x: float, y: float, w: float, h: float) -> None:
        stops = "".join(f'<stop offset="{_n(p)}" stop-color="{c}"/>' for p, c in HEAT_STOPS)
        self.parts.append(f'<linearGradient id="ms-heat" x1="0" y1="0" x2="1" y2="0">{stops}'
                          '</linearGradient>')
        self.parts.append(f'<rect class="colour-bar" x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" '
                          f'height="{_n(h)}" fill="url(#ms-heat)" stroke="{GRID}" '
                          'stroke-width="1"/>')

    def group(self, cls: str) -> None:
        self.parts.append(f'<g class="{cls}">')

    def end(self) -> None:
        self.parts.append("</g>")

    def document(self, width: int, height: int) -> str:
        """The SVG document of ``width`` x ``height`` pixels."""
        head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
                f'viewBox="0 0 {width} {height}" font-family="sans-serif">')
        return "\n".join([head, *self.parts, "</svg>"]) + "\n"


class PngCanvas:
    """A :class:`Canvas` that draws on a Pillow image, ``scale`` times larger (to be
    reduced: smooth edges)."""

    def __init__(self, width: int, height: int, scale: int) -> None:
        from PIL import Image, ImageDraw

        self.k = scale
        self.image = Image.new("RGB", (width * scale, height * scale), BACKGROUND)
        self.draw = ImageDraw.Draw(self.image)

    def rect(self, x: float, y: float, w: float, h: float, fill: str | None,
             stroke: str | None = None, width: float = 0.0) -> None:
        k = self.k
        box = [x * k, y * k, (x + w) * k - 1, (y + h) * k - 1]
        if fill:
            self.draw.rectangle(box, fill=fill)
        if stroke:
            line = max(1, round(width * k))
            half = line / 2
            self.draw.rectangle([box[0] - half + 0.5, box[1] - half + 0.5, box[2] + half,
                                 box[3] + half], outline=stroke, width=line)

    def text(self, x: float, y: float, text: str, size: float, fill: str,
             anchor: str = "middle", bold: bool = False, cls: str = "") -> None:
        k = self.k
        where = {"start": "ls", "middle": "ms", "end": "rs"}[anchor]
        stroke = max(1, round(size * k * 0.03)) if bold else 0
        self.draw.text((x * k, y * k), text, fill=fill, font=_font(round(size * k)),
                       anchor=where, stroke_width=stroke, stroke_fill=fill)

    def circle(self, cx: float, cy: float, r: float, fill: str) -> None:
        k = self.k
        self.draw.ellipse([(cx - r) * k, (cy - r) * k, (cx + r) * k, (cy + r) * k], fill=fill)

    def polyline(self, points: Sequence[tuple[float, float]], stroke: str,
                 width: float) -> None:
        k = self.k
        line = max(1, round(width * k))
        pts = [(x * k, y * k) for x, y in points]
        self.draw.line(pts, fill=stroke, width=line, joint="curve")
        for px, py in (pts[0], pts[-1]):        # round caps
            self.draw.ellipse([px - line / 2, py - line / 2, px + line / 2, py + line / 2],
                              fill=stroke)

    def polygon(self, points: Sequence[tuple[float, float]], fill: str) -> None:
        k = self.k
        self.draw.polygon([(x * k, y * k) for x, y in points], fill=fill)

    def gradient(self, x: float, y: float, w: float, h: float) -> None:
        k = self.k
        x0, x1 = round(x * k), round((x + w) * k)
        for i in range(x0, x1):
            colour = heat_colour((i - x0 + 0.5) / max(1, x1 - x0))
            self.draw.line([(i, y * k), (i, (y + h) * k - 1)], fill=colour)
        self.rect(x, y, w, h, None, GRID, 1)

    def group(self, cls: str) -> None:
        pass

    def end(self) -> None:
        pass

    def png(self) -> bytes:
        """The picture as PNG data, at its own size."""
        import io

        image = self.image.reduce(self.k) if self.k > 1 else self.image
        buf = io.BytesIO()
        image.save(buf, format="PNG", optimize=False)
        return buf.getvalue()


@lru_cache(maxsize=64)
def _font(size: int) -> Any:
    """Pillow's own font at ``size`` pixels (an older Pillow has one size only)."""
    from PIL import ImageFont

    try:
        return ImageFont.load_default(size=max(1, size))
    except TypeError:
        return ImageFont.load_default()


# --------------------------------------------------------------------------- drawing

def _check(cv: Canvas, x: float, y: float, s: float) -> None:
    """A check mark in the square of side ``s`` at (x, y): safe."""
    cv.group("safe-mark")
    cv.polyline([(x + 0.24 * s, y + 0.53 * s), (x + 0.42 * s, y + 0.71 * s),
                 (x + 0.77 * s, y + 0.31 * s)], SAFE_INK, max(1.5, 0.11 * s))
    cv.end()


def _mine(cv: Canvas, x: float, y: float, s: float) -> None:
    """A mine (a disc with spikes, ringed in white to show on any fill)."""
    cx, cy = x + s / 2, y + s / 2
    spikes = [((cx - 0.36 * s, cy), (cx + 0.36 * s, cy)),
              ((cx, cy - 0.36 * s), (cx, cy + 0.36 * s)),
              ((cx - 0.27 * s, cy - 0.27 * s), (cx + 0.27 * s, cy + 0.27 * s)),
              ((cx - 0.27 * s, cy + 0.27 * s), (cx + 0.27 * s, cy - 0.27 * s))]
    ring = max(1.0, 0.035 * s)
    spike = max(1.0, 0.07 * s)
    cv.group("mine-mark")
    for a, b in spikes:
        cv.polyline([a, b], "#ffffff", spike + 2 * ring)
    cv.circle(cx, cy, 0.22 * s + ring, "#ffffff")
    for a, b in spikes:
        cv.polyline([a, b], MINE_INK, spike)
    cv.circle(cx, cy, 0.22 * s, MINE_INK)
    cv.circle(cx - 0.08 * s, cy - 0.08 * s, 0.055 * s, "#ffffff")
    cv.end()


def _flag(cv: Canvas, x: float, y: float, s: float) -> None:
    """A flag on a pole: a mine the player marked."""
    cv.group("flag-mark")
    cv.polygon([(x + 0.56 * s, y + 0.17 * s), (x + 0.56 * s, y + 0.51 * s),
                (x + 0.22 * s, y + 0.34 * s)], FLAG_RED)
    cv.polyline([(x + 0.56 * s, y + 0.2 * s), (x + 0.56 * s, y + 0.74 * s)], MINE_INK,
                max(1.0, 0.06 * s))
    cv.polygon([(x + 0.32 * s, y + 0.72 * s), (x + 0.8 * s, y + 0.72 * s),
                (x + 0.8 * s, y + 0.81 * s), (x + 0.32 * s, y + 0.81 * s)], MINE_INK)
    cv.end()


def _outline(cv: Canvas, x: float, y: float, s: float) -> None:
    """An orange outline inside the square, edged in black to show on any fill."""
    w = max(2.0, min(8.0, round(s / 12)))
    cv.rect(x + w / 2, y + w / 2, s - w, s - w, None, MINE_INK, w + 2)
    cv.rect(x + w / 2, y + w / 2, s - w, s - w, None, MARK, w)


def _swatch(cv: Canvas, kind: str, x: float, y: float, s: float) -> None:
    fill = {"safe": SAFE_FILL, "mine": MINED_FILL, "marked": REVEALED}.get(kind,
                                                                          UNKNOWN_FILL)
    cv.rect(x, y, s, s, fill, GRID, 1)
    if kind == "safe":
        _check(cv, x, y, s)
    elif kind in ("mine", "witness"):
        _mine(cv, x, y, s)
    elif kind == "flag":
        _flag(cv, x, y, s)
    elif kind == "marked":
        _outline(cv, x, y, s)


def draw(cv: Canvas, board: Board, overlay: Overlay | None, lay: Layout) -> None:
    """Draw ``board`` with ``overlay`` on ``cv`` as ``lay`` says."""
    ov = overlay or Overlay()
    s = lay.cell
    grid = max(0.5, s / 48)
    number = round(0.7 * s)
    cv.rect(0, 0, lay.width, lay.height, BACKGROUND)
    for r in range(lay.rows):
        for c in range(lay.columns):
            x, y = lay.left + c * s, lay.top + r * s
            v = int(board.cells[r, c])
            fill = _fill(board, r, c, ov)
            cv.rect(x, y, s, s, fill, GRID, grid)
            if v > 0 and s >= 8:
                cv.text(x + s / 2, y + s / 2 + 0.35 * number, str(v), number,
                        NUMBER_COLOURS[v], bold=True)
            elif v == MINE:
                _flag(cv, x, y, s)
            elif v == UNKNOWN:
                if (r, c) in ov.safe:
                    _check(cv, x, y, s)
                elif (r, c) in ov.mined or (r, c) in ov.mines:
                    _mine(cv, x, y, s)
            if (r, c) in ov.labels and s >= 8:
                label = ov.labels[(r, c)]
                size = label_size(label, s)
                cv.text(x + s / 2, y + s / 2 + 0.35 * size, label, size, ink_on(fill),
                        bold=True, cls="in-square")
    for r, c in sorted(ov.marked):
        _outline(cv, lay.left + c * s, lay.top + r * s, s)
    lab = lay.label_font
    for k in lay.column_labels():
        cv.text(lay.left + (k - 0.5) * s, lay.top - 0.45 * lab, str(k), lab, AXIS,
                cls="label")
    for k in lay.row_labels():
        cv.text(lay.left - 0.4 * lab, lay.top + (k - 0.5) * s + 0.35 * lab, str(k), lab,
                AXIS, anchor="end", cls="label")
    if lay.legend is not None:
        _draw_legend(cv, lay.legend)


def _draw_legend(cv: Canvas, lg: Legend) -> None:
    lf = lg.font
    cv.group("legend")
    if lg.title is not None:
        cv.text(*lg.title, "chance of a mine, in percent (the figure in each covered "
                           "square)" if lg.right - lg.left > 40 * TEXT_EM * lf else
                "chance of a mine (%)", lf, LABEL, anchor="start")
    if lg.bar is not None and lg.ends is not None:
        cv.gradient(*lg.bar)
        _swatch(cv, "safe", *lg.ends[0], lg.swatch)
        _swatch(cv, "mine", *lg.ends[1], lg.swatch)
        bottom = lg.bar[1] + lg.bar[3]
        for x, at, words, anchor in lg.ticks:
            cv.polyline([(x, bottom), (x, bottom + 0.35 * lf)], AXIS, max(1.0, lf / 12))
            cv.text(at, lg.tick_y, words, lf, LABEL, anchor=anchor, cls="tick")
    for row in lg.rows:
        for x, y, kind, words in row:
            _swatch(cv, kind, x, y, lg.swatch)
            cv.text(x + lg.swatch + 0.4 * lf, y + lg.swatch / 2 + 0.35 * lf, words, lf,
                    LABEL, anchor="start", cls="key")
    cv.end()


def to_svg(board: Board, overlay: Overlay | None = None, width: int | None = None,
           labels: bool = True) -> str:
    """The board as an SVG document, ``width`` pixels wide (None: the default size), the
    columns and rows numbered when ``labels``; a labelled square has its label in it.

    >>> from minesweeper.base.board import parse_board
    >>> 'class="mine-mark"' in to_svg(parse_board("1?"), Overlay(mines={(0, 1)}))
    True
    >>> ">in</text>" in to_svg(parse_board("1?"), Overlay(labels={(0, 1): "in"}))
    True
    >>> 'class="label"' in to_svg(parse_board("1?"), labels=False)
    False
    """
    return picture(board, overlay, "svg", width, labels)[0]  # type: ignore[return-value]


def to_png_bytes(board: Board, overlay: Overlay | None = None, width: int | None = None,
                 labels: bool = True) -> bytes:
    """The board as PNG image data, as :func:`to_svg` draws it.

    >>> from minesweeper.base.board import parse_board
    >>> to_png_bytes(parse_board("1?"))[:4]
    b'\\x89PNG'
    """
    return picture(board, overlay, "png", width, labels)[0]  # type: ignore[return-value]


def marks_of(overlay: Overlay | None) -> dict[str, int]:
    """How many marks of each kind ``overlay`` draws (for :func:`check_picture`)."""
    ov = overlay or Overlay()
    return {"mines": len(ov.mines), "mined": len(ov.mined), "safe": len(ov.safe),
            "labels": len(ov.labels), "marked": len(ov.marked)}


def svg_bytes(board: Board, marks: dict[str, int]) -> int:
    """About how many bytes the SVG picture of ``board`` takes with ``marks`` (how many
    marks of each kind of :data:`SVG_BYTES`), found before anything is drawn.

    >>> from minesweeper.base.board import parse_board
    >>> b = parse_board("\\n".join(["1?F2" * 25] * 100))
    >>> 0.9 < svg_bytes(b, {}) / len(to_svg(b)) < 1.3
    True
    """
    cells = board.cells
    out = SVG_BYTES["square"] * int(cells.size) + 20_000
    out += SVG_BYTES["number"] * int(np.count_nonzero(cells > 0))
    out += SVG_BYTES["flag"] * int(np.count_nonzero(cells == MINE))
    return out + sum(SVG_BYTES[k] * v for k, v in marks.items())


def check_picture(board: Board, kind: str, marks: dict[str, int],
                  width: int | None = None, labels: bool = True) -> None:
    """Refuse, before anything is drawn, a picture beyond the limits: an SVG document of
    more than :data:`MAX_SVG_BYTES`, a PNG of more than :data:`MAX_PNG_SQUARES`
    squares or :data:`MAX_PNG_PIXELS` pixels, or one that needs more memory than this
    process is allowed (:func:`~minesweeper.base.budget.require`).

    >>> import numpy as np
    >>> from minesweeper.base.board import Board, UNKNOWN
    >>> check_picture(Board(np.full((1000, 10_000), UNKNOWN, dtype=np.int8)), "svg", {})
    ... # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    minesweeper.base.errors.BadInput: the picture would be about 1,050 MB of SVG ...
    """
    from ..base import budget

    if kind == "svg":
        size = svg_bytes(board, marks)
        if size > MAX_SVG_BYTES:
            raise BadInput(f"the picture would be about {size / 1e6:,.0f} MB of SVG "
                           f"({board.width}x{board.height} squares); the limit is "
                           f"{MAX_SVG_BYTES / 1e6:,.0f} MB: write the board as text, or "
                           "draw a part of it")
        budget.require(budget.BASE + 3 * int(board.cells.size) + 4 * size,
                       "drawing this picture", f"about {size / 1e6:,.0f} MB of SVG")
        return
    squares = int(board.cells.size)
    if squares > MAX_PNG_SQUARES:
        raise BadInput(f"the picture would draw {squares:,} squares; a PNG draws at most "
                       f"{MAX_PNG_SQUARES:,}: write the board as text, or draw a part of it")
    lay = layout(board, None, width, labels)
    pixels = lay.width * lay.height
    if pixels > MAX_PNG_PIXELS:
        raise BadInput(f"a PNG of {lay.width:,} x {lay.height:,} pixels is more than the "
                       f"{MAX_PNG_PIXELS:,} pixels drawn at most: write .svg, or give a "
                       "smaller --size")
    scale = 2 if pixels <= 8_000_000 else 1
    budget.require(budget.BASE + 3 * squares + 8 * pixels * scale * scale,
                   "drawing this picture", f"{lay.width:,} x {lay.height:,} pixels")


def picture(board: Board, overlay: Overlay | None, kind: str, width: int | None = None,
            labels: bool = True) -> tuple[str | bytes, Layout]:
    """The picture of ``board`` as ``kind`` (``svg``: text, ``png``: bytes), and its
    layout; a PNG of more than :data:`MAX_PNG_PIXELS` is refused.

    >>> from minesweeper.base.board import parse_board
    >>> data, lay = picture(parse_board("1?"), None, "png", width=100, labels=False)
    >>> data[:4], lay.width, lay.height
    (b'\\x89PNG', 100, 50)
    """
    if width is not None and not SIZES[0] <= width <= SIZES[1]:
        raise BadInput(f"--size {width}: a picture is {SIZES[0]} to {SIZES[1]:,} pixels wide")
    check_picture(board, kind, marks_of(overlay), width, labels)
    lay = layout(board, overlay, width, labels)
    if kind == "svg":
        svg = SvgCanvas()
        draw(svg, board, overlay, lay)
        return svg.document(lay.width, lay.height), lay
    pixels = lay.width * lay.height
    if pixels > MAX_PNG_PIXELS:
        raise BadInput(f"a PNG of {lay.width:,} x {lay.height:,} pixels is more than the "
                       f"{MAX_PNG_PIXELS:,} pixels drawn at most: write .svg, or give a "
                       "smaller --size")
    png = PngCanvas(lay.width, lay.height, 2 if pixels <= 8_000_000 else 1)
    draw(png, board, overlay, lay)
    return png.png(), lay


def write_atomic(path: str | Path, data: bytes | str) -> None:
    """Write a file as a shell redirection would, and whole or not at all: a link is
    followed, a FIFO or a device is written into, and a regular file is replaced
    through a temporary file in its folder, keeping its permissions (see
    :mod:`puzzleshell.output`).

    >>> import tempfile, os
    >>> d = tempfile.mkdtemp()
    >>> write_atomic(os.path.join(d, "x.txt"), "hi")
    >>> open(os.path.join(d, "x.txt")).read()
    'hi'
    >>> write_atomic(os.path.join(d, "no", "x.txt"), "hi")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    minesweeper.base.errors.BadInput: cannot write .../no/x.txt: the folder .../no does not exist
    """
    try:
        write_file(os.fspath(path), data)
    except OSError as exc:  # name the user's file, not a temporary one
        raise BadInput(error_message(exc, os.fspath(path))) from None
