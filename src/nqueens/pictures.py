"""Pictures of boards: SVG drawn by hand (no dependency), for files and for Jupyter.

>>> from nqueens import Solution
>>> svg = board_svg(Solution([1, 3, 0, 2]))
>>> svg.startswith("<svg") and svg.count("<use") == 4
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from xml.sax.saxutils import escape

from .board import Solution

LIGHT = "#f0d9b5"
DARK = "#b58863"
QUEEN_FILL = "#1a1a1a"
ATTACK = "#e04040"

# A crown drawn on a 1×1 square, centred; referenced with <use> once per queen.
_QUEEN_PATH = (
    "M0.18 0.78 L0.82 0.78 L0.86 0.70 L0.14 0.70 Z "
    "M0.16 0.66 L0.84 0.66 L0.90 0.30 L0.70 0.52 L0.60 0.22 L0.50 0.50 "
    "L0.40 0.22 L0.30 0.52 L0.10 0.30 Z"
)


def _board_body(s: Solution, x0: float, y0: float, cell: float, uid: str,
                highlight: Iterable[tuple[int, int]] = (), labels: bool = False) -> list[str]:
    n = s.n
    parts = [
        f'<rect x="{x0}" y="{y0}" width="{n * cell}" height="{n * cell}" fill="{LIGHT}"/>',
    ]
    if n <= 200:
        dark = [
            f"M{x0 + c * cell:g} {y0 + r * cell:g}h{cell:g}v{cell:g}h{-cell:g}z"
            for r in range(n) for c in range(n) if (r + c) % 2
        ]
        if dark:
            parts.append(f'<path d="{"".join(dark)}" fill="{DARK}"/>')
    for r, c in highlight:
        parts.append(
            f'<rect x="{x0 + c * cell:g}" y="{y0 + r * cell:g}" width="{cell:g}" '
            f'height="{cell:g}" fill="{ATTACK}" fill-opacity="0.55"/>'
        )
    for r, c in enumerate(s):
        parts.append(
            f'<use href="#{uid}" transform="translate({x0 + c * cell:g} {y0 + r * cell:g}) '
            f'scale({cell:g})"/>'
        )
    if labels and n <= 26:
        from .formats import file_name

        fs = cell * 0.28
        for c in range(n):
            parts.append(
                f'<text x="{x0 + (c + 0.5) * cell:g}" y="{y0 + n * cell + fs * 1.2:g}" '
                f'font-size="{fs:g}" text-anchor="middle" font-family="sans-serif">'
                f"{escape(file_name(c))}</text>"
            )
        for r in range(n):
            parts.append(
                f'<text x="{x0 - fs * 0.5:g}" y="{y0 + (r + 0.6) * cell:g}" font-size="{fs:g}" '
                f'text-anchor="end" font-family="sans-serif">{n - r}</text>'
            )
    return parts


def _defs(uid: str) -> str:
    return (
        f'<defs><path id="{uid}" d="{_QUEEN_PATH}" fill="{QUEEN_FILL}" stroke="#ffffff" '
        f'stroke-width="0.02"/></defs>'
    )


def board_svg(s: Solution, size: int = 320, highlight: Sequence[tuple[int, int]] = (),
              labels: bool = False) -> str:
    """An SVG picture of the board, ``size`` pixels wide; ``highlight`` squares drawn red.

    ``labels=True`` adds the algebraic files and ranks around the board.
    """
    n = s.n
    cell = size / n
    margin = cell * 0.5 if labels else 0.0
    total = size + 2 * margin
    uid = "q"
    body = _board_body(s, margin, margin, cell, uid, highlight, labels)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{total:g}" height="{total:g}" '
        f'viewBox="0 0 {total:g} {total:g}">'
        f"<title>{n}-queens board</title>{_defs(uid)}{''.join(body)}</svg>"
    )


def gallery_svg(boards: Sequence[Solution], columns: int | None = None, cell: float = 16) -> str:
    """Many boards side by side in one SVG, row after row (empty picture for none).

    >>> gallery_svg([]).startswith("<svg")
    True
    """
    if not boards:
        return '<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0"></svg>'
    n = boards[0].n
    if columns is None:
        columns = max(1, min(len(boards), int(round(len(boards) ** 0.5 * 1.5))))
    gap = cell
    side = n * cell
    rows = (len(boards) + columns - 1) // columns
    width = columns * side + (columns + 1) * gap
    height = rows * side + (rows + 1) * gap
    uid = "q"
    parts: list[str] = []
    for i, b in enumerate(boards):
        x = gap + (i % columns) * (side + gap)
        y = gap + (i // columns) * (side + gap)
        parts.extend(_board_body(b, x, y, cell, uid))
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
        f'viewBox="0 0 {width:g} {height:g}"><title>{len(boards)} boards of {n} queens</title>'
        f'{_defs(uid)}<rect width="100%" height="100%" fill="#ffffff"/>{"".join(parts)}</svg>'
    )
