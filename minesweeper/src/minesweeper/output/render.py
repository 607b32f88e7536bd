"""Pictures of boards: SVG text and PNG images.

Revealed squares are light with their number, unknown squares are raised grey, flags are
red.  On request an arrangement is shown (a dark dot on each unknown square holding a
mine), or the inference (green: safe in every arrangement, red: mined in every one), or a
set of squares is outlined (an inconsistent core, the ports of a gadget).

>>> from minesweeper.base.board import parse_board
>>> svg = to_svg(parse_board("1?/F2"))
>>> svg.startswith("<svg") and "</svg>" in svg
True
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from puzzleshell.output import error_message, write_file

from ..base.board import MINE, UNKNOWN, Board, Cell
from ..base.errors import BadInput

NUMBER_COLOURS = ["#000000", "#1f3fbf", "#1e7b1e", "#c62828", "#283593", "#6d1b1b",
                  "#00838f", "#222222", "#757575"]
REVEALED = "#e6e6e6"
UNKNOWN_FILL = "#9e9e9e"
FLAG_FILL = "#d84315"
SAFE_FILL = "#8bd88b"
MINED_FILL = "#f08080"
MARK = "#ff9800"
LABEL = "#000000"

#: Pixels per square side of a picture.
CELL = 32


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
    ``marked`` squares to outline, ``labels`` to write next to squares, and ``heat``: the
    mine probability of covered squares, drawn from green (0) through yellow to red (1)."""

    mines: set[Cell] = field(default_factory=set)
    safe: set[Cell] = field(default_factory=set)
    mined: set[Cell] = field(default_factory=set)
    marked: set[Cell] = field(default_factory=set)
    labels: dict[Cell, str] = field(default_factory=dict)
    heat: dict[Cell, float] = field(default_factory=dict)


def heat_colour(p: float) -> str:
    """The fill of a square that holds a mine with probability ``p``.

    >>> heat_colour(0.0), heat_colour(0.5), heat_colour(1.0)
    ('#2e9e44', '#f2c12e', '#d32f2f')
    """
    stops = [(0.0, (0x2E, 0x9E, 0x44)), (0.5, (0xF2, 0xC1, 0x2E)), (1.0, (0xD3, 0x2F, 0x2F))]
    p = min(1.0, max(0.0, p))
    for (p0, c0), (p1, c1) in zip(stops, stops[1:], strict=False):
        if p <= p1:
            t = (p - p0) / (p1 - p0)
            return "#" + "".join(f"{round(a + (b - a) * t):02x}" for a, b in zip(c0, c1,
                                                                                  strict=True))
    return "#d32f2f"


def _fill(board: Board, r: int, c: int, ov: Overlay) -> str:
    v = int(board.cells[r, c])
    if v == MINE:
        return FLAG_FILL
    if v == UNKNOWN:
        if (r, c) in ov.heat:
            return heat_colour(ov.heat[(r, c)])
        if (r, c) in ov.safe:
            return SAFE_FILL
        if (r, c) in ov.mined:
            return MINED_FILL
        return UNKNOWN_FILL
    return REVEALED


def to_svg(board: Board, overlay: Overlay | None = None, size: int = CELL) -> str:
    """The board as an SVG document; a labelled square has its label written in it.

    >>> from minesweeper.base.board import parse_board
    >>> "<circle" in to_svg(parse_board("1?"), Overlay(mines={(0, 1)}))
    True
    >>> ">in</text>" in to_svg(parse_board("1?"), Overlay(labels={(0, 1): "in"}))
    True
    """
    ov = overlay or Overlay()
    h, w = board.height, board.width
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w * size}" height="{h * size}" '
           f'viewBox="0 0 {w * size} {h * size}" font-family="sans-serif" '
           f'font-size="{int(size * 0.7)}" text-anchor="middle">']
    for r in range(h):
        for c in range(w):
            x, y = c * size, r * size
            v = int(board.cells[r, c])
            out.append(f'<rect x="{x}" y="{y}" width="{size}" height="{size}" '
                       f'fill="{_fill(board, r, c, ov)}" stroke="#777" stroke-width="0.5"/>')
            cx, cy = x + size / 2, y + size * 0.75
            if v > 0:
                out.append(f'<text x="{cx}" y="{cy}" fill="{NUMBER_COLOURS[v]}">{v}</text>')
            elif v == MINE:
                out.append(f'<text x="{cx}" y="{cy}" fill="#fff">F</text>')
            elif v == UNKNOWN and (r, c) in ov.mines:
                out.append(f'<circle cx="{cx}" cy="{y + size / 2}" r="{size * 0.3}" '
                           f'fill="#111"/>')
            if (r, c) in ov.marked:
                out.append(f'<rect x="{x + 1}" y="{y + 1}" width="{size - 2}" '
                           f'height="{size - 2}" fill="none" stroke="{MARK}" stroke-width="2"/>')
            if (r, c) in ov.labels:
                label = ov.labels[(r, c)]
                out.append(f'<text x="{x + size / 2}" y="{y + size / 2}" '
                           f'font-size="{label_size(label, size)}" dominant-baseline="central" '
                           f'font-weight="bold" fill="{LABEL}">{label}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def to_png_bytes(board: Board, overlay: Overlay | None = None, size: int = CELL) -> bytes:
    """The board as PNG image data, ``size`` pixels a square; a labelled square has its
    label written in it.

    >>> from minesweeper.base.board import parse_board
    >>> to_png_bytes(parse_board("1?"))[:4]
    b'\\x89PNG'
    """
    import io

    from PIL import Image, ImageDraw, ImageFont

    ov = overlay or Overlay()
    h, w = board.height, board.width
    img = Image.new("RGB", (w * size, h * size), "#ffffff")
    draw = ImageDraw.Draw(img)
    font = _font(ImageFont, int(size * 0.7))
    for r in range(h):
        for c in range(w):
            x, y = c * size, r * size
            v = int(board.cells[r, c])
            draw.rectangle([x, y, x + size - 1, y + size - 1], fill=_fill(board, r, c, ov),
                           outline="#777777")
            centre = (x + size / 2, y + size / 2)
            if v > 0:
                draw.text(centre, str(v), fill=NUMBER_COLOURS[v], font=font, anchor="mm")
            elif v == MINE:
                draw.text(centre, "F", fill="#ffffff", font=font, anchor="mm")
            elif v == UNKNOWN and (r, c) in ov.mines:
                rad = size * 0.3
                draw.ellipse([centre[0] - rad, centre[1] - rad, centre[0] + rad,
                              centre[1] + rad], fill="#111111")
            if (r, c) in ov.marked:
                draw.rectangle([x + 1, y + 1, x + size - 2, y + size - 2], outline=MARK,
                               width=2)
            if (r, c) in ov.labels:
                label = ov.labels[(r, c)]
                draw.text(centre, label, fill=LABEL, anchor="mm",
                          font=_font(ImageFont, label_size(label, size)))
    buf = io.BytesIO()
    img.save(buf, format="PNG")
    return buf.getvalue()


def _font(image_font: Any, size: int) -> Any:
    """Pillow's own font at ``size`` pixels (an older Pillow has one size only)."""
    try:
        return image_font.load_default(size=size)
    except TypeError:
        return image_font.load_default()


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
