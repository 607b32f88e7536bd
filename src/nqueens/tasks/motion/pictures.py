"""Pictures of motion estimation: a frame with its motion vectors, and PSNR against speed-up.

Both return PNG bytes (matplotlib, no window, no global state), so callers can write them
whole or not at all.

>>> from nqueens.tasks.motion.frames import make_pair
>>> from nqueens.tasks.motion.evaluation import compare
>>> pair = make_pair(size=(64, 48), shifts=[(1, 1)])
>>> rows = compare(pair.reference, pair.target, ["4"], block=16, radius=2)
>>> vectors_png(pair.target, rows[1].field)[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True
>>> tradeoff_png(rows)[:4] == b"\\x89PNG"
True
"""

from __future__ import annotations

import io
import math
import textwrap
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from .evaluation import MethodResult
from .search import Frame, MotionField

if TYPE_CHECKING:
    from matplotlib.figure import Figure

# matplotlib is imported by the functions that draw: it takes longer to load than the
# rest of the program, and only a picture needs it.


def _png(fig: Figure) -> bytes:
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    FigureCanvasAgg(fig)
    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    return buf.getvalue()


def vectors_png(frame: Frame, field: MotionField, title: str | None = None,
                scale: float = 1.0, full: MotionField | None = None) -> bytes:
    """The frame in grey with one arrow per block, from the block's centre to where its
    content comes from in the reference (the vector times ``scale``); zero vectors are dots.
    With ``full`` (the full search's field), blocks whose vector differs from it are red.

    The picture is at least 400×300 pixels (one pixel per frame pixel above that):

    >>> from nqueens.tasks.motion.frames import make_pair
    >>> from nqueens.tasks.motion.search import full_search
    >>> pair = make_pair(size=(64, 48), shifts=[(1, 1)])
    >>> png = vectors_png(pair.target, full_search(pair.reference, pair.target, 16, 2))
    >>> png[1:4], int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
    (b'PNG', 400, 300)
    """
    from matplotlib.figure import Figure

    h, w = frame.shape
    dpi = 100
    fig = Figure(figsize=(max(4.0, w / dpi), max(3.0, h / dpi + 0.4)), dpi=dpi)
    ax = fig.add_axes((0.0, 0.0, 1.0, h / (h + 40)))
    ax.imshow(frame, cmap="gray", vmin=0, vmax=255, interpolation="nearest")
    b = field.block
    nby, nbx = field.vectors.shape[:2]
    cy, cx = np.mgrid[0:nby, 0:nbx]
    cx = cx * b + b / 2 - 0.5
    cy = cy * b + b / 2 - 0.5
    u = field.vectors[:, :, 0].astype(float) * scale
    v = field.vectors[:, :, 1].astype(float) * scale
    moving = (u != 0) | (v != 0)
    differs = np.zeros(moving.shape, dtype=bool)
    if full is not None and full.vectors.shape == field.vectors.shape:
        differs = (field.vectors != full.vectors).any(axis=2)
    for sel, colour in ((moving & ~differs, "#ffcc00"), (moving & differs, "#ff3030")):
        if sel.any():
            ax.quiver(cx[sel], cy[sel], u[sel], v[sel], color=colour, angles="xy",
                      scale_units="xy", scale=1.0, width=0.0025, headwidth=4, headlength=4)
    for sel, colour in ((~moving & ~differs, "#00c0ff"), (~moving & differs, "#ff3030")):
        ax.plot(cx[sel], cy[sel], ".", color=colour, markersize=3)
    ax.set_xlim(-0.5, w - 0.5)
    ax.set_ylim(h - 0.5, -0.5)
    ax.axis("off")
    text = title or f"motion vectors: {field.label}, {b}×{b} blocks, range ±{field.radius}"
    _fit_title(fig, text, top=1.0 - h / (h + 40))
    return _png(fig)


def _wrappings(text: str, lines: int) -> list[str]:
    """``text`` broken into at most ``lines`` lines of similar length: first only after
    commas (keeping a pattern's numbers together), then at any space.

    >>> _wrappings("a b, c d, e", 2)
    ['a b,\\nc d, e', 'a b, c\\nd, e']
    """
    if lines <= 1:
        return [text]
    out = []
    glued = ", ".join(part.replace(" ", "\xa0") for part in text.split(", "))
    for source in (glued, text):
        width = max(1, -(-len(text) // lines))
        while True:
            parts = textwrap.wrap(source, width=width, break_long_words=False)
            if len(parts) <= lines:
                break
            width += 1
        wrapped = "\n".join(parts).replace("\xa0", " ")
        if wrapped not in out:
            out.append(wrapped)
    return out


def _fit_title(fig: Figure, text: str, top: float) -> None:
    """Put ``text`` as the figure's title within its width and the top ``top`` share of its
    height: on one line at 10 points when it fits, else broken into two or three lines,
    else smaller, down to 6 points."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    renderer = FigureCanvasAgg(fig).get_renderer()
    width = fig.bbox.width - 8
    height = top * fig.bbox.height - 3
    sup = fig.suptitle(text, fontsize=10, y=1.0 - 2 / fig.bbox.height, va="top")
    for size in (10, 9, 8, 7, 6):
        for lines in (1, 2, 3):
            for candidate in _wrappings(text, lines):
                sup.set_text(candidate)
                sup.set_fontsize(size)
                box = sup.get_window_extent(renderer)
                if box.width <= width and box.height <= height:
                    return


def tradeoff_png(results: Sequence[MethodResult], title: str | None = None) -> bytes:
    """PSNR of the prediction against speed-up over the full search, one point per method:
    filled for the operation count, hollow for the measured wall time.

    The plot is 640 pixels wide; drawing it takes matplotlib a fifth of a second, too
    slow to run with the examples (the module's example draws one):

    >>> from nqueens.tasks.motion.frames import make_pair
    >>> from nqueens.tasks.motion.evaluation import compare
    >>> pair = make_pair(size=(64, 48), shifts=[(1, 1)])
    >>> png = tradeoff_png(compare(pair.reference, pair.target, ["4", "8"]))  # doctest: +SKIP
    >>> png[1:4], int.from_bytes(png[16:20], "big")  # doctest: +SKIP
    (b'PNG', 640)
    """
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=(6.4, 4.4), dpi=100)
    FigureCanvasAgg(fig)
    ax = fig.add_subplot()
    finite = [r.psnr for r in results if not math.isinf(r.psnr)]
    top = (max(finite) + 1.0) if finite else 60.0
    for r in results:
        y = top if math.isinf(r.psnr) else r.psnr
        name = "full search" if r.field.pattern is None else f"{r.field.pattern.n}-queens"
        line = ax.plot([r.speedup], [y], "o", markersize=8)[0]
        ax.plot([r.time_speedup], [y], "o", markerfacecolor="none",
                markeredgecolor=line.get_color(), markersize=8)
        ax.annotate(name, (r.speedup, y), textcoords="offset points", xytext=(6, 6),
                    fontsize=9)
    ax.set_xscale("log", base=2)
    ax.set_xlabel("speed-up over full search (filled: operations, hollow: wall time)")
    ax.set_ylabel("PSNR of the prediction (dB)")
    ax.grid(True, alpha=0.3)
    ax.set_title(title or "N-queens subsampling: quality against speed", fontsize=10)
    fig.tight_layout()
    return _png(fig)
