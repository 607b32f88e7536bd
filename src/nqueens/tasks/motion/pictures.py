"""Pictures of motion estimation: a frame with its motion vectors, and PSNR against speed-up.

Each picture is built as a matplotlib figure (:func:`vectors_figure`,
:func:`tradeoff_figure`: no window, no global state) and written as PNG bytes
(:func:`vectors_png`, :func:`tradeoff_png`), so callers can write them whole or not at
all. Both are ``width`` pixels wide (a 1280×720 slide by default), with text sized for a
projector.

>>> from nqueens.tasks.motion.frames import make_pair
>>> from nqueens.tasks.motion.evaluation import compare
>>> pair = make_pair(size=(64, 48), shifts=[(1, 1)])
>>> rows = compare(pair.reference, pair.target, ["4"], block=16, radius=2)
>>> png = vectors_png(pair.target, rows[1].field, full=rows[0].field, width=640)
>>> png[1:4], int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
(b'PNG', 640, 360)
>>> tradeoff_png(rows, width=640)[:4] == b"\\x89PNG"
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from ...output.figures import DEFAULT_WIDTH, figure_bytes, scale_of, slide_figure, styled
from .evaluation import MethodResult
from .search import Frame, MotionField

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

# matplotlib is imported by the functions that draw: it takes longer to load than the
# rest of the program, and only a picture needs it.

#: The arrows of blocks whose vector is the full search's (amber, outlined in black).
SAME_COLOUR = "#ffb000"
#: The arrows of the subsampled search where its vector differs (magenta), and the full
#: search's arrows there (cyan); those blocks are also outlined, dashed: shape, not
#: colour alone, tells them apart.
DIFFERS_COLOUR = "#ff2ec4"
FULL_COLOUR = "#00d5ff"


def arrow_scale(field: MotionField, full: MotionField | None = None) -> int:
    """How many times longer than the motion the arrows are drawn: a typical arrow (the
    90th percentile of the moving blocks' vectors) about four fifths of a block long,
    never shorter than the motion itself.

    >>> from nqueens.tasks.motion.frames import make_pair
    >>> from nqueens.tasks.motion.search import full_search
    >>> pair = make_pair(size=(64, 48), shifts=[(3, 2)])
    >>> arrow_scale(full_search(pair.reference, pair.target, 16, 4))
    3
    """
    lengths = [np.hypot(f.vectors[..., 0], f.vectors[..., 1]).ravel()
               for f in (field, full) if f is not None]
    moving = np.concatenate(lengths)
    moving = moving[moving > 0]
    if moving.size == 0:
        return 1
    typical = float(np.percentile(moving, 90))
    return max(1, int(0.8 * field.block // typical))


def _arrow_handler() -> Any:
    """A legend handler that draws an arrow, in the colours of its handle."""
    from matplotlib.legend_handler import HandlerPatch
    from matplotlib.patches import FancyArrow

    def arrow(legend: Any, orig_handle: Any, xdescent: float, ydescent: float,
              width: float, height: float, fontsize: float) -> FancyArrow:
        return FancyArrow(0, height / 2, width, 0, width=height * 0.3,
                          head_width=height * 0.9, head_length=height * 0.8,
                          length_includes_head=True)

    return HandlerPatch(patch_func=arrow)


def vectors_figure(frame: Frame, field: MotionField, title: str | None = None,
                   scale: int | None = None, full: MotionField | None = None,
                   width: int = DEFAULT_WIDTH) -> Figure:
    """The frame in grey with one arrow per block, from the block's centre towards
    where its content was in the reference (the vector drawn ``scale`` times longer;
    None: :func:`arrow_scale`); a dot where the vector is (0, 0). With ``full`` (the full
    search's field), the blocks where ``field`` differs from it are outlined and show
    both vectors. A key beside the frame says what the arrows are and their scale.
    The figure is ``width`` pixels wide, 16:9; its axes: the frame, then the key.

    >>> from nqueens.tasks.motion.frames import make_pair
    >>> from nqueens.tasks.motion.search import full_search
    >>> pair = make_pair(size=(64, 48), shifts=[(1, 1)])
    >>> fig = vectors_figure(pair.target, full_search(pair.reference, pair.target, 16, 2))
    >>> picture, key = fig.axes
    >>> [t.get_text() for t in key.get_legend().get_texts()][0]
    'full: 12 blocks'
    """
    h, w = frame.shape
    b = field.block
    scale = arrow_scale(field, full) if scale is None else scale
    k = scale_of(width)
    with styled(width):
        fig = slide_figure(width)
        grid = fig.add_gridspec(1, 2, width_ratios=[3, 1])
        ax = fig.add_subplot(grid[0, 0])
        key = fig.add_subplot(grid[0, 1])
        ax.imshow(frame, cmap="gray", vmin=-40, vmax=295, interpolation="nearest")
        ax.set_xlim(-0.5, w - 0.5)
        ax.set_ylim(h - 0.5, -0.5)
        ax.set_xticks([])
        ax.set_yticks([])
        nby, nbx = field.vectors.shape[:2]
        differs = np.zeros((nby, nbx), dtype=bool)
        if full is not None and full.vectors.shape == field.vectors.shape:
            differs = (field.vectors != full.vectors).any(axis=2)
        _key(key, field, full, differs, k)
        fig.suptitle(title or _title(field, full), fontweight="bold")
        # Lay the figure out first: the arrows are drawn as thick as a block on the
        # screen allows, and the scale goes where the key stays.
        fig.draw_without_rendering()
        block_px = b * ax.get_window_extent().width / w
        arrows = _arrows(ax, field, full, differs, scale, block_px, k)
        if arrows is not None:
            length = max(1, round(0.8 * b / scale))
            box = key.get_position()
            key.quiverkey(arrows, box.x0 + 0.02, box.y0 + 0.42 * box.height, length,
                          f"= {length} px of motion (arrows\ndrawn {scale}× as long)",
                          coordinates="figure", labelpos="E", color=SAME_COLOUR,
                          fontproperties={"size": 12 * k})
    return fig


def _arrows(ax: Axes, field: MotionField, full: MotionField | None,
            differs: np.ndarray[Any, Any], scale: int, block_px: float, k: float) -> Any:
    """Draw the vectors on the frame (``block_px``: a block's width on the screen) and
    outline the blocks that differ; return the arrows the scale is drawn for (None
    when no block moves)."""
    from matplotlib.patches import Rectangle

    b = field.block
    nby, nbx = field.vectors.shape[:2]
    cy, cx = np.mgrid[0:nby, 0:nbx]
    cx = cx * b + b / 2 - 0.5
    cy = cy * b + b / 2 - 0.5
    shaft = float(min(3.0 * k, max(1.0, 0.13 * block_px)))
    edge = min(0.7 * k, shaft / 4)
    plain: dict[str, Any] = dict(angles="xy", scale_units="xy", scale=1.0 / scale,
                                 units="dots", width=shaft, headwidth=3.2, headlength=3.5,
                                 headaxislength=3.0, edgecolor="black", linewidth=edge,
                                 zorder=3)
    layers = [("same", field.vectors, ~differs, SAME_COLOUR)]
    if full is not None and differs.any():
        layers += [("full", full.vectors, differs, FULL_COLOUR),
                   ("differs", field.vectors, differs, DIFFERS_COLOUR)]
    drawn: dict[str, Any] = {}
    for name, vectors, where, colour in layers:
        v = vectors.astype(float)
        moving = where & ((v[..., 0] != 0) | (v[..., 1] != 0))
        still = where & ~moving
        if moving.any():
            drawn[name] = ax.quiver(cx[moving], cy[moving], v[..., 0][moving],
                                    v[..., 1][moving], color=colour, **plain)
        if still.any():
            ax.plot(cx[still], cy[still], "o", color=colour, markeredgecolor="black",
                    markeredgewidth=edge, markersize=min(6 * k, 0.4 * block_px),
                    linestyle="none", zorder=4)
    outline = float(min(2.0 * k, max(0.8, 0.1 * block_px)))
    for by, bx in zip(*np.nonzero(differs), strict=True):
        ax.add_patch(Rectangle((bx * b - 0.5, by * b - 0.5), b, b, fill=False,
                               edgecolor=DIFFERS_COLOUR, linewidth=outline,
                               linestyle=(0, (4, 2)), zorder=2))
    return drawn.get("same", drawn.get("differs"))


def _title(field: MotionField, full: MotionField | None) -> str:
    """The picture's title: which search the arrows are, against which."""
    what = "full search" if field.pattern is None else \
        f"{field.pattern.n}-queens subsampled search ({field.pattern.perm})"
    against = " against full search" if full is not None and field.pattern is not None else ""
    return f"Motion vectors: {what}{against}"


def _key(key: Axes, field: MotionField, full: MotionField | None,
         differs: np.ndarray[Any, Any], k: float) -> None:
    """The key beside the frame: the legend of the arrows, the settings, the scale."""
    from matplotlib.patches import FancyArrow, Rectangle

    key.axis("off")
    name = "full" if field.pattern is None else f"{field.pattern.n}-queens"
    total, diff = differs.size, int(differs.sum())
    entries: list[tuple[Any, str]] = []
    same = FancyArrow(0, 0, 1, 0, facecolor=SAME_COLOUR, edgecolor="black", linewidth=0.9 * k)
    if full is None or field.pattern is None:
        entries.append((same, f"{name}: {total:,} blocks"))
    else:
        entries.append((same, f"{name} = full search\n({total - diff:,} of {total:,} blocks)"))
        if diff:
            entries += [
                (FancyArrow(0, 0, 1, 0, facecolor=DIFFERS_COLOUR, edgecolor="black",
                            linewidth=0.9 * k),
                 f"{name} where it differs\n({diff:,} blocks, outlined)"),
                (FancyArrow(0, 0, 1, 0, facecolor=FULL_COLOUR, edgecolor="black",
                            linewidth=0.9 * k),
                 "full search there"),
                (Rectangle((0, 0), 1, 1, fill=False, edgecolor=DIFFERS_COLOUR,
                           linewidth=2.0 * k, linestyle=(0, (4, 2))),
                 "a block where they differ")]
    from matplotlib.lines import Line2D

    entries.append((Line2D([], [], marker="o", color=SAME_COLOUR, markeredgecolor="black",
                           linestyle="none", markersize=6 * k), "no motion (0, 0)"))
    handler = _arrow_handler()
    legend = key.legend([e[0] for e in entries], [e[1] for e in entries], loc="upper left",
                        handler_map={FancyArrow: handler}, borderaxespad=0,
                        title=f"{field.block}×{field.block} blocks, range ±{field.radius}",
                        alignment="left", frameon=False)
    legend.get_title().set_fontweight("bold")
    key.text(0, 0.3, "arrow: from a block's centre\nto where its content was\n"
             "in the reference frame", transform=key.transAxes, va="top", ha="left",
             fontsize=12 * k)


def vectors_png(frame: Frame, field: MotionField, title: str | None = None,
                scale: int | None = None, full: MotionField | None = None,
                width: int = DEFAULT_WIDTH) -> bytes:
    """:func:`vectors_figure` as PNG bytes, ``width`` pixels wide (16:9).

    >>> from nqueens.tasks.motion.frames import make_pair
    >>> from nqueens.tasks.motion.search import full_search
    >>> pair = make_pair(size=(64, 48), shifts=[(1, 1)])
    >>> png = vectors_png(pair.target, full_search(pair.reference, pair.target, 16, 2),
    ...                   width=400)
    >>> png[1:4], int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
    (b'PNG', 400, 225)
    """
    return figure_bytes(vectors_figure(frame, field, title, scale, full, width), "png")


def tradeoff_figure(results: Sequence[MethodResult], title: str | None = None,
                    width: int = DEFAULT_WIDTH) -> Figure:
    """PSNR of the prediction against speed-up over the full search, one point per
    method: filled for the operation count, hollow for the measured wall time; ``width``
    pixels wide, 16:9.

    >>> from nqueens.tasks.motion.frames import make_pair
    >>> from nqueens.tasks.motion.evaluation import compare
    >>> pair = make_pair(size=(64, 48), shifts=[(1, 1)])
    >>> fig = tradeoff_figure(compare(pair.reference, pair.target, ["4"], radius=2))
    >>> fig.axes[0].get_xscale()
    'log'
    """
    from matplotlib.lines import Line2D

    k = scale_of(width)
    with styled(width):
        fig = slide_figure(width)
        ax = fig.add_subplot()
        finite = [r.psnr for r in results if not math.isinf(r.psnr)]
        top = (max(finite) + 1.0) if finite else 60.0
        for r in results:
            y = top if math.isinf(r.psnr) else r.psnr
            name = "full search" if r.field.pattern is None else f"{r.field.pattern.n}-queens"
            line = ax.plot([r.speedup], [y], "o", markersize=12 * k)[0]
            ax.plot([r.time_speedup], [y], "o", markerfacecolor="none",
                    markeredgecolor=line.get_color(), markeredgewidth=2 * k,
                    markersize=12 * k)
            ax.annotate(name, (r.speedup, y), textcoords="offset points",
                        xytext=(8 * k, 8 * k))
        ax.set_xscale("log", base=2)
        ax.set_xlabel("speed-up over the full search (log scale)")
        ax.set_ylabel("PSNR of the prediction (dB)")
        ax.grid(True, alpha=0.3)
        ax.margins(x=0.1, y=0.12)
        ax.legend([Line2D([], [], marker="o", color="#555555", linestyle="none",
                          markersize=12 * k),
                   Line2D([], [], marker="o", markerfacecolor="none",
                          markeredgecolor="#555555", markeredgewidth=2 * k,
                          linestyle="none", markersize=12 * k)],
                  ["operations (exact)", "wall time (measured)"], loc="best")
        fig.suptitle(title or "N-queens subsampling: quality against speed",
                     fontweight="bold")
    return fig


def tradeoff_png(results: Sequence[MethodResult], title: str | None = None,
                 width: int = DEFAULT_WIDTH) -> bytes:
    """:func:`tradeoff_figure` as PNG bytes, ``width`` pixels wide (16:9).

    Drawing takes matplotlib a fifth of a second, too slow to run with the examples
    (the module's example draws one):

    >>> from nqueens.tasks.motion.frames import make_pair
    >>> from nqueens.tasks.motion.evaluation import compare
    >>> pair = make_pair(size=(64, 48), shifts=[(1, 1)])
    >>> png = tradeoff_png(compare(pair.reference, pair.target, ["4", "8"]))  # doctest: +SKIP
    >>> png[1:4], int.from_bytes(png[16:20], "big")  # doctest: +SKIP
    (b'PNG', 1280)
    """
    return figure_bytes(tradeoff_figure(results, title, width), "png")
