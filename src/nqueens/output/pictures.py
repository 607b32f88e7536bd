"""Pictures of boards: SVG drawn by hand (no dependency) and PNG drawn with matplotlib.

A picture may show more than the queens: the squares they attack (``attacked``),
the queens that attack each other (``conflicts``, ringed in red), and, for a board
in the middle of a search, the square being tried (green when free, red when
refused) with the queens that attack it. Which squares a piece attacks comes from
:mod:`nqueens.base.pieces`.

>>> from nqueens import Solution
>>> svg = board_svg(Solution([1, 3, 0, 2]))
>>> svg.startswith("<svg") and svg.count("<use") == 4
True
>>> svg = position_svg(4, [(0, 0)], tried=(1, 1), tried_ok=False, attackers=[(0, 0)])
>>> 'class="tried refused"' in svg and 'class="attacker"' in svg
True
>>> board_png(Solution([1, 3, 0, 2]))[1:4]
b'PNG'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from puzzleshell.text import markup_text

from ..base.board import Solution
from ..base.pieces import Piece, attacks
from ..base.squares import Square, file_name

if TYPE_CHECKING:
    from matplotlib.path import Path

LIGHT = "#f0d9b5"
DARK = "#b58863"
QUEEN_FILL = "#1a1a1a"
ATTACK = "#e04040"
ATTACKED = "#7a9cc6"
FREE = "#2e9e44"
REFUSED = "#d02020"
#: Largest board whose attacked squares are worked out for a picture (n² × queens tests).
MAX_ATTACKED_N = 128

# A crown drawn on a 1×1 square, centred; referenced with <use> once per queen.
QUEEN_PATH = (
    "M0.18 0.78 L0.82 0.78 L0.86 0.70 L0.14 0.70 Z "
    "M0.16 0.66 L0.84 0.66 L0.90 0.30 L0.70 0.52 L0.60 0.22 L0.50 0.50 "
    "L0.40 0.22 L0.30 0.52 L0.10 0.30 Z"
)


#: The smallest font size (pixels) a label is drawn at; boards whose file names would
#: need less are drawn without labels.
MIN_LABEL_PX = 4.0
#: The width of one character of a label, in font sizes (sans-serif letters and digits).
_CHAR_EM = 0.65


class LabelLayout:
    """Where the file and rank names go around a board of ``n`` squares of ``cell`` px.

    File names (``a`` … ``z``, ``aa``, ``ab`` … from :func:`nqueens.base.squares.file_name`)
    sit under their columns and must fit in one square's width; rank numbers sit in
    the left margin. The font is 0.28 of a square, at least 8 px, at most what fits:
    the margin grows to hold the names. :func:`label_layout` returns None when the
    names would need a font under :data:`MIN_LABEL_PX`.

    >>> lay = label_layout(27, 320 / 27)
    >>> lay.names[26], round(lay.font, 1), lay.margin > lay.font
    ('aa', 8.0, True)
    """

    def __init__(self, n: int, cell: float, font: float, margin: float) -> None:
        self.n, self.cell, self.font, self.margin = n, cell, font, margin
        self.names = [file_name(c) for c in range(n)]


def label_layout(n: int, cell: float) -> LabelLayout | None:
    """The labels of an n×n board of ``cell`` px squares, or None when they do not fit.

    At the default picture size (320 px) labels are drawn up to n = 55; n = 56 and
    more are drawn without them (a larger ``size`` keeps them further).

    >>> label_layout(55, 320 / 55) is not None, label_layout(56, 320 / 56)
    (True, None)
    """
    longest = len(file_name(max(n - 1, 0)))       # the names only grow: aa after z
    font = min(max(0.28 * cell, 8.0), 0.9 * cell / (_CHAR_EM * longest), 0.8 * cell)
    if font < MIN_LABEL_PX:
        return None
    digits = len(str(n))
    margin = max(0.5 * cell, font * (_CHAR_EM * digits + 0.6), font * 1.5)
    return LabelLayout(n, cell, font, margin)


def _labels_svg(lay: LabelLayout, x0: float, y0: float) -> list[str]:
    n, cell, fs = lay.n, lay.cell, lay.font
    parts = [
        f'<text x="{x0 + (c + 0.5) * cell:g}" y="{y0 + n * cell + fs * 1.2:g}" '
        f'font-size="{fs:g}" text-anchor="middle" font-family="sans-serif">'
        f"{markup_text(name)}</text>"
        for c, name in enumerate(lay.names)
    ]
    parts.extend(
        f'<text x="{x0 - fs * 0.4:g}" y="{y0 + (r + 0.5) * cell + 0.35 * fs:g}" '
        f'font-size="{fs:g}" text-anchor="end" font-family="sans-serif">{n - r}</text>'
        for r in range(n)
    )
    return parts


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
    lay = label_layout(n, cell) if labels else None
    if lay is not None:
        parts.extend(_labels_svg(lay, x0, y0))
    return parts


def _defs(uid: str) -> str:
    return (
        f'<defs><path id="{uid}" d="{QUEEN_PATH}" fill="{QUEEN_FILL}" stroke="#ffffff" '
        f'stroke-width="0.02"/></defs>'
    )


def board_svg(s: Solution, size: float = 320, highlight: Sequence[tuple[int, int]] = (),
              labels: bool = False, *, attacked: bool = False, conflicts: bool = False,
              piece: Piece | str = Piece.QUEEN) -> str:
    """An SVG picture of the board, ``size`` pixels wide; ``highlight`` squares drawn red.

    ``labels=True`` adds the algebraic files (``aa``, ``ab`` … past ``z``) and ranks
    around the board, at a font that fits the squares: up to n = 55 at 320 px (see
    :func:`label_layout`; a larger board is drawn without them);
    ``attacked`` shades the squares the queens attack, ``conflicts`` marks the
    queens that attack each other (see :func:`position_svg`).

    >>> svg = board_svg(Solution([1, 3, 0, 2]), size=100, labels=True)
    >>> svg[svg.index("width"):svg.index(" viewBox")]  # 100 px and a margin for the labels
    'width="125" height="125"'
    >>> svg.count("<use"), svg.count("<text")
    (4, 8)
    """
    if attacked or conflicts:
        return position_svg(s.n, s.queens(), attackers=highlight, attacked=attacked,
                            conflicts=conflicts, piece=piece, size=size, labels=labels)
    n = s.n
    cell = size / n
    lay = label_layout(n, cell) if labels else None
    margin = lay.margin if lay is not None else 0.0
    total = size + 2 * margin
    uid = "q"
    body = _board_body(s, margin, margin, cell, uid, highlight, labels)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{total:g}" height="{total:g}" '
        f'viewBox="0 0 {total:g} {total:g}">'
        f"<title>{n}-queens board</title>{_defs(uid)}{''.join(body)}</svg>"
    )


def gallery_svg(boards: Sequence[Solution], columns: int | None = None, cell: float = 16,
                captions: Sequence[str] | None = None, labels: bool = True) -> str:
    """Many boards side by side in one SVG, row after row, each with a caption under it
    (``captions``; None: the permutation, 1-based, when it fits the board's width; none
    when ``labels`` is false); an empty picture for none.

    >>> svg = gallery_svg([Solution([1, 3, 0, 2]), Solution([2, 0, 3, 1])])
    >>> svg.count('class="caption"'), ">2 4 1 3</text>" in svg
    (2, True)
    >>> gallery_svg([]).startswith("<svg")
    True
    """
    if not boards:
        return '<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0"></svg>'
    n = boards[0].n
    if columns is None:
        columns = max(1, min(len(boards), int(round(len(boards) ** 0.5 * 1.5))))
    side = n * cell
    if captions is None:
        captions = [" ".join(str(c + 1) for c in b) for b in boards]
    font = min(12.0, max(7.0, cell * 0.75))
    longest = max((len(t) for t in captions), default=0)
    if longest * font * _CHAR_EM > side + cell:   # the widest caption fits its board
        font = (side + cell) / (longest * _CHAR_EM) if longest else font
    shown = labels and font >= MIN_LABEL_PX
    gap = cell
    below = font * 1.6 if shown else 0.0
    rows = (len(boards) + columns - 1) // columns
    width = columns * side + (columns + 1) * gap
    height = rows * (side + below) + (rows + 1) * gap
    uid = "q"
    parts: list[str] = []
    for i, b in enumerate(boards):
        x = gap + (i % columns) * (side + gap)
        y = gap + (i // columns) * (side + below + gap)
        parts.extend(_board_body(b, x, y, cell, uid))
        if shown:
            parts.append(f'<text class="caption" x="{x + side / 2:g}" '
                         f'y="{y + side + font * 1.2:g}" '
                         f'font-size="{font:.3g}" font-family="sans-serif" text-anchor="middle" '
                         f'fill="#333333">{markup_text(captions[i])}</text>')
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
        f'viewBox="0 0 {width:g} {height:g}"><title>{len(boards)} boards of {n} queens</title>'
        f'{_defs(uid)}<rect width="100%" height="100%" fill="#ffffff"/>{"".join(parts)}</svg>'
    )


# ------------------------------------------------------------------- positions mid-search
class Scene:
    """What one picture shows, worked out once for SVG and PNG alike.

    Two queens on one diagonal of a 4x4 board: both are in conflict, and they attack
    12 of the 14 empty squares.

    >>> sc = Scene(4, [(0, 0), (1, 1)], attacked=True, conflicts=True)
    >>> sorted(sc.conflicting), len(sc.attacked), (3, 2) in sc.attacked
    ([(0, 0), (1, 1)], 12, False)
    """

    def __init__(self, n: int, queens: Iterable[Square], *, tried: Square | None = None,
                 tried_ok: bool = True, attackers: Iterable[Square] = (),
                 attacked: bool = False, conflicts: bool = False,
                 piece: Piece | str = Piece.QUEEN) -> None:
        self.n = n
        self.queens = list(queens)
        self.tried = tried
        self.tried_ok = tried_ok
        self.attackers = set(attackers)
        piece = Piece.parse(piece)
        self.attacked: set[Square] = set()
        if attacked and n <= MAX_ATTACKED_N:
            occupied = set(self.queens)
            self.attacked = {
                (r, c) for r in range(n) for c in range(n)
                if (r, c) not in occupied and any(attacks(piece, q, (r, c), n)
                                                  for q in self.queens)
            }
        self.conflicting: set[Square] = set()
        if conflicts:
            for i, a in enumerate(self.queens):
                for b in self.queens[i + 1:]:
                    if attacks(piece, a, b, n):
                        self.conflicting.update((a, b))


def _scene_svg(sc: Scene, size: float, labels: bool) -> str:
    n = sc.n
    cell = size / n
    lay = label_layout(n, cell) if labels else None
    margin = lay.margin if lay is not None else 0.0
    total = size + 2 * margin
    x0 = y0 = margin
    parts: list[str] = []
    for r, c in sorted(sc.attacked):
        parts.append(f'<rect class="attacked" x="{x0 + c * cell:g}" y="{y0 + r * cell:g}" '
                     f'width="{cell:g}" height="{cell:g}" fill="{ATTACKED}" '
                     f'fill-opacity="0.45"/>')
    for r, c in sorted(sc.attackers | sc.conflicting):
        cls = "attacker" if (r, c) in sc.attackers else "conflict"
        parts.append(f'<rect class="{cls}" x="{x0 + c * cell:g}" y="{y0 + r * cell:g}" '
                     f'width="{cell:g}" height="{cell:g}" fill="{ATTACK}" fill-opacity="0.6"/>')
    if sc.tried is not None:
        r, c = sc.tried
        colour = FREE if sc.tried_ok else REFUSED
        cls = "tried free" if sc.tried_ok else "tried refused"
        w = max(cell * 0.08, 1.0)
        parts.append(f'<rect class="{cls}" x="{x0 + c * cell + w / 2:g}" '
                     f'y="{y0 + r * cell + w / 2:g}" width="{cell - w:g}" height="{cell - w:g}" '
                     f'fill="none" stroke="{colour}" stroke-width="{w:g}"/>')
    for r, c in sc.queens:
        parts.append(f'<use href="#q" transform="translate({x0 + c * cell:g} {y0 + r * cell:g}) '
                     f'scale({cell:g})"/>')
    # the board: light squares, dark squares, labels (the queens are drawn above)
    base = [f'<rect x="{x0:g}" y="{y0:g}" width="{n * cell:g}" height="{n * cell:g}" '
            f'fill="{LIGHT}"/>']
    if n <= 200:
        dark = [f"M{x0 + c * cell:g} {y0 + r * cell:g}h{cell:g}v{cell:g}h{-cell:g}z"
                for r in range(n) for c in range(n) if (r + c) % 2]
        if dark:
            base.append(f'<path d="{"".join(dark)}" fill="{DARK}"/>')
    if lay is not None:
        base.extend(_labels_svg(lay, x0, y0))
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{total:g}" height="{total:g}" '
        f'viewBox="0 0 {total:g} {total:g}"><title>{n}x{n} board, {len(sc.queens)} queens'
        f"</title>{_defs('q')}{''.join(base)}{''.join(parts)}</svg>"
    )


def position_svg(n: int, queens: Iterable[Square], *, tried: Square | None = None,
                 tried_ok: bool = True, attackers: Iterable[Square] = (),
                 attacked: bool = False, conflicts: bool = False,
                 piece: Piece | str = Piece.QUEEN, size: float = 320,
                 labels: bool = False) -> str:
    """An SVG picture of any placement (a partial board in the middle of a search too).

    ``tried`` is the square being tested (outlined green if ``tried_ok``, red if
    not), ``attackers`` the queens that attack it (red squares); ``attacked`` shades
    the squares the queens attack, ``conflicts`` marks the queens that attack each
    other. ``labels`` names the files (``aa``, ``ab`` … past ``z``) and ranks in a margin
    while they fit (n ≤ 55 at 320 px, see :func:`label_layout`).

    >>> svg = position_svg(4, [(0, 0), (1, 1)], conflicts=True)
    >>> svg.count('class="conflict"')
    2
    """
    return _scene_svg(Scene(n, queens, tried=tried, tried_ok=tried_ok, attackers=attackers,
                            attacked=attacked, conflicts=conflicts, piece=piece), size, labels)


def _queen_path() -> Path:
    """The crown of :data:`QUEEN_PATH` as a matplotlib path on a unit square."""
    from matplotlib.path import Path as MplPath

    verts: list[tuple[float, float]] = []
    codes: list[int] = []
    for chunk in QUEEN_PATH.split("Z"):
        tokens = chunk.replace("M", " M ").replace("L", " L ").split()
        points = [tokens[i:i + 3] for i in range(0, len(tokens), 3)]
        start: tuple[float, float] | None = None
        for op, x, y in points:
            pt = (float(x), float(y))
            verts.append(pt)
            codes.append(int(MplPath.MOVETO if op == "M" else MplPath.LINETO))
            if op == "M":
                start = pt
        if start is not None:
            verts.append(start)
            codes.append(int(MplPath.CLOSEPOLY))
    return MplPath(verts, codes)


def _scene_png(sc: Scene, size: float, labels: bool = False) -> bytes:
    import io

    import matplotlib

    matplotlib.use("Agg", force=False)
    from matplotlib.figure import Figure
    from matplotlib.patches import PathPatch, Rectangle
    from matplotlib.transforms import Affine2D

    n = sc.n
    dpi = 100
    cell = size / n
    lay = label_layout(n, cell) if labels else None
    m = lay.margin / cell if lay is not None else 0.0     # the margin, in squares
    total = round(size + 2 * m * cell)
    fig = Figure(figsize=(total / dpi, total / dpi), dpi=dpi, facecolor="white")
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(-m, n + m)
    ax.set_ylim(n + m, -m)
    ax.set_axis_off()
    if lay is not None:
        pt = lay.font * 72 / dpi       # matplotlib sizes fonts in points
        f = lay.font / cell            # the font size, in squares
        for c, name in enumerate(lay.names):
            ax.text(c + 0.5, n + 1.2 * f, name, fontsize=pt, ha="center", va="baseline",
                    family="sans-serif")
        for r in range(n):
            ax.text(-0.4 * f, r + 0.5, str(n - r), fontsize=pt, ha="right", va="center",
                    family="sans-serif")
    # The squares as one image (one pixel a square, blended as the SVG draws them): a
    # patch per square made a 200x200 board take over ten seconds.
    from matplotlib.colors import to_rgb

    squares = np.empty((n, n, 3))
    squares[:] = to_rgb(LIGHT)
    if n <= 200:
        rr, cc = np.indices((n, n))
        squares[(rr + cc) % 2 == 1] = to_rgb(DARK)
    for cells, color, alpha in ((sc.attacked, ATTACKED, 0.45),
                                (sc.attackers | sc.conflicting, ATTACK, 0.6)):
        if cells:
            rows, cols = np.array(sorted(cells)).T
            squares[rows, cols] = ((1 - alpha) * squares[rows, cols]
                                   + alpha * np.array(to_rgb(color)))
    ax.imshow(squares, extent=(0, n, n, 0), interpolation="nearest", zorder=0)
    ax.set_xlim(-m, n + m)
    ax.set_ylim(n + m, -m)
    if sc.tried is not None:
        r, c = sc.tried
        ax.add_patch(Rectangle((c + 0.04, r + 0.04), 0.92, 0.92, facecolor="none",
                               edgecolor=FREE if sc.tried_ok else REFUSED,
                               linewidth=max(1.0, 0.08 * size / n)))
    crown = _queen_path()
    if sc.queens:  # every queen in one compound path: one patch to draw
        from matplotlib.path import Path as MplPath

        path = MplPath.make_compound_path(
            *(crown.transformed(Affine2D().translate(c, r)) for r, c in sorted(sc.queens)))
        ax.add_patch(PathPatch(path, facecolor=QUEEN_FILL, edgecolor="white", linewidth=0.5))
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=dpi, facecolor="white")
    return buf.getvalue()


def position_png(n: int, queens: Iterable[Square], *, tried: Square | None = None,
                 tried_ok: bool = True, attackers: Iterable[Square] = (),
                 attacked: bool = False, conflicts: bool = False,
                 piece: Piece | str = Piece.QUEEN, size: float = 320,
                 labels: bool = False) -> bytes:
    """A PNG picture of any placement (same options as :func:`position_svg`).

    ``labels=True`` adds the files and ranks in a margin around the board (as
    :func:`position_svg`; none past the size :func:`label_layout` allows).

    >>> png = position_png(4, [(0, 0)], tried=(1, 1), tried_ok=False, attackers=[(0, 0)],
    ...                    size=80)
    >>> png[1:4], int.from_bytes(png[16:20], "big")  # format and width in pixels
    (b'PNG', 80)
    """
    return _scene_png(Scene(n, queens, tried=tried, tried_ok=tried_ok, attackers=attackers,
                            attacked=attacked, conflicts=conflicts, piece=piece), size,
                      labels)


def board_png(s: Solution, size: float = 320, *, attacked: bool = False, conflicts: bool = False,
              piece: Piece | str = Piece.QUEEN, labels: bool = False) -> bytes:
    """A PNG picture of the board, ``size`` pixels wide (``conflicts`` marks attacking queens;
    ``labels`` adds files and ranks in a margin, as :func:`board_svg`).

    >>> png = board_png(Solution([1, 3, 0, 2]), size=64)
    >>> png[1:4], int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
    (b'PNG', 64, 64)
    """
    return position_png(s.n, s.queens(), attacked=attacked, conflicts=conflicts, piece=piece,
                        size=size, labels=labels)


#: The most boards one gallery picture shows.
GALLERY_MAX = 2000


def gallery_png(boards: Sequence[Solution], columns: int | None = None, cell: float = 16,
                captions: Sequence[str] | None = None, labels: bool = True) -> bytes:
    """Many boards side by side in one PNG picture, row after row, each with a caption
    under it (like :func:`gallery_svg`: ``captions``, or the permutation).

    >>> from nqueens import solutions
    >>> gallery_png(list(solutions(6)))[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
    True
    """
    import io

    import matplotlib

    matplotlib.use("Agg", force=False)
    from matplotlib.collections import PatchCollection
    from matplotlib.figure import Figure
    from matplotlib.patches import PathPatch, Rectangle
    from matplotlib.transforms import Affine2D

    if not boards:
        boards = []
    n = boards[0].n if boards else 1
    count = max(1, len(boards))
    if columns is None:
        columns = max(1, min(count, int(round(count ** 0.5 * 1.5))))
    rows = (count + columns - 1) // columns
    gap = 1.0
    if captions is None:
        captions = [" ".join(str(c + 1) for c in b) for b in boards]
    longest = max((len(t) for t in captions), default=0)
    font = min(0.75, (n + gap) / (longest * _CHAR_EM)) if longest else 0.0  # in squares
    shown = labels and font * cell >= MIN_LABEL_PX
    below = 1.6 * font if shown else 0.0
    width = columns * (n + gap) + gap
    height = rows * (n + below + gap) + gap
    dpi = 100
    fig = Figure(figsize=(width * cell / dpi, height * cell / dpi), dpi=dpi)
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, width)
    ax.set_ylim(height, 0)
    ax.set_axis_off()
    light: list[Rectangle] = []
    dark: list[Rectangle] = []
    crowns: list[PathPatch] = []
    crown = _queen_path()
    for i, b in enumerate(boards):
        x = gap + (i % columns) * (n + gap)
        y = gap + (i // columns) * (n + below + gap)
        if shown:
            ax.text(x + n / 2, y + n + 1.2 * font, captions[i], ha="center", va="baseline",
                    fontsize=font * cell * 72 / dpi, color="#333333", family="sans-serif")
        light.append(Rectangle((x, y), n, n))
        dark.extend(Rectangle((x + c, y + r), 1, 1)
                    for r in range(n) for c in range(n) if (r + c) % 2)
        crowns.extend(PathPatch(crown.transformed(Affine2D().translate(x + c, y + r)))
                      for r, c in enumerate(b))
    ax.add_collection(PatchCollection(light, facecolor=LIGHT, edgecolor="none"))
    ax.add_collection(PatchCollection(dark, facecolor=DARK, edgecolor="none"))
    ax.add_collection(PatchCollection(crowns, facecolor=QUEEN_FILL, edgecolor="white",
                                      linewidth=0.3))
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=dpi, facecolor="white")
    return buf.getvalue()


# ------------------------------------------------------------- pictures of one or many
#: The default width of a picture of one board, in pixels: half a slide's height or more.
BOARD_WIDTH = 640
#: A gallery's default: squares of 40 px, shrunk to keep it within 1920 px (a slide's
#: width), never under 16 px.
GALLERY_CELL, GALLERY_WIDTH, GALLERY_MIN_CELL = 40.0, 1920, 16.0


@dataclass(frozen=True)
class Style:
    """How a picture of boards is drawn: ``width``, the whole picture's width in pixels
    (None: :data:`BOARD_WIDTH` for one board, a slide's width at most for a gallery), and
    ``labels``: the files and ranks around one board, the caption under each board of a
    gallery.

    >>> Style().labels, Style(width=800).width
    (True, 800)
    """

    width: int | None = None
    labels: bool = True

    def __post_init__(self) -> None:
        if self.width is not None and not 16 <= self.width <= 20_000:
            from ..base.errors import BadInput

            raise BadInput(f"--size {self.width}: a picture is 16 to 20,000 pixels wide")


#: The style of a picture when none is asked for.
DEFAULT_STYLE = Style()


def fit_board(n: int, width: float, labels: bool) -> float:
    """The side of an n×n board (px) whose picture, with its labels' margin, is ``width``
    pixels wide: the margin grows with the squares, so the fit is found by a few steps.

    >>> side = fit_board(8, 640, labels=True)
    >>> lay = label_layout(8, side / 8)
    >>> round(side + 2 * lay.margin, 6), side < 640, fit_board(8, 640, labels=False)
    (640.0, True, 640)
    """
    if not labels:
        return width
    side = width
    for _ in range(30):
        lay = label_layout(n, side / n)
        if lay is None:
            return width
        side = width - 2 * lay.margin
    return side


def _gallery_cell(boards: Sequence[Solution], columns: int | None, width: int | None) -> float:
    """The square size (px) of a gallery ``width`` wide (None: the default)."""
    n, count = boards[0].n, len(boards)
    cols = columns or max(1, min(count, int(round(count ** 0.5 * 1.5))))
    units = cols * (n + 1) + 1      # boards and the gaps between them, in squares
    if width is not None:
        return width / units
    return max(GALLERY_MIN_CELL, min(GALLERY_CELL, GALLERY_WIDTH / units))


def picture_svg(boards: Sequence[Solution], style: Style = DEFAULT_STYLE,
                captions: Sequence[str] | None = None) -> str:
    """One board as a labelled picture (:func:`board_svg`), or several as a gallery
    (:func:`gallery_svg`, each captioned), drawn as ``style`` says.

    >>> svg = picture_svg([Solution([1, 3, 0, 2])])
    >>> svg[svg.index("width"):svg.index(" viewBox")], svg.count("<text")
    ('width="640" height="640"', 8)
    >>> 'width="400"' in picture_svg([Solution([1, 3, 0, 2])] * 2, Style(width=400))
    True
    """
    return str(_picture(boards, style, captions, board_svg, gallery_svg))


def picture_png(boards: Sequence[Solution], style: Style = DEFAULT_STYLE,
                captions: Sequence[str] | None = None) -> bytes:
    """The PNG form of :func:`picture_svg`.

    >>> import struct
    >>> png = picture_png([Solution([1, 3, 0, 2])])
    >>> struct.unpack(">II", png[16:24])   # width and height, in pixels
    (640, 640)
    """
    data = _picture(boards, style, captions, board_png, gallery_png)
    assert isinstance(data, bytes)
    return data


def _picture(boards: Sequence[Solution], style: Style, captions: Sequence[str] | None,
             one: Callable[..., str | bytes], many: Callable[..., str | bytes]) -> str | bytes:
    """One board drawn by ``one`` at the style's width, or a gallery drawn by ``many``."""
    if len(boards) == 1 and captions is None:
        side = fit_board(boards[0].n, style.width or BOARD_WIDTH, style.labels)
        return one(boards[0], size=side, labels=style.labels)
    if not boards:
        return many(boards)
    return many(boards, cell=_gallery_cell(boards, None, style.width), captions=captions,
                labels=style.labels)
