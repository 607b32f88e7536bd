"""The picture of a table of counts (``nqueens table --plot``): the computed counts
against n on a log scale with the published OEIS values laid over them, and the time
each count took.

A log scale cannot show 0: a count of 0 gets no point and no line passes over it (the
line breaks there); a cross on the bottom edge marks it. The published values come from
:mod:`nqueens.base.records` and are only drawn over the computed counts, as rings and
diamonds a computed point sits inside when the two agree.

>>> from nqueens.algorithms.counter import count
>>> rows = [count(n) for n in range(1, 9)]
>>> fig = table_figure(rows)
>>> counts, seconds, key = fig.axes
>>> counts.get_yscale(), [t.get_text() for t in counts.get_legend().get_texts()][-2:]
('log', ['OEIS A000170 (published)', 'OEIS A002562 (published)'])
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import IO, TYPE_CHECKING

from ..algorithms.counter import CountResult
from ..base.records import published
from .figures import DEFAULT_WIDTH, FIGURE_FORMATS, figure_bytes, slide_figure, styled

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

#: The picture formats :func:`plot_table` writes, by file suffix.
PLOT_FORMATS = FIGURE_FORMATS

#: The colours of the computed series (Okabe-Ito blue and vermilion: told apart by
#: colour-blind readers too, and drawn with different markers as well).
ALL_COLOUR = "#0072b2"
FUNDAMENTAL_COLOUR = "#d55e00"
TIME_COLOUR = "#009e73"
PUBLISHED_COLOUR = "#222222"
ZERO_COLOUR = "#7f7f7f"


def runs_of_positive(xs: Sequence[int], ys: Sequence[float]) -> list[tuple[list[int], list[float]]]:
    """The stretches of consecutive n over which ``ys`` stays above 0: each is drawn as
    its own line, so no line crosses an n whose value is 0 (or an n left out).

    >>> runs_of_positive([1, 2, 3, 4, 5, 7], [1, 0, 0, 2, 10, 40])
    [([1], [1]), ([4, 5], [2, 10]), ([7], [40])]
    """
    out: list[tuple[list[int], list[float]]] = []
    last: int | None = None
    for x, y in zip(xs, ys, strict=True):
        if y > 0:
            if last is not None and x == last + 1 and out:
                out[-1][0].append(x)
                out[-1][1].append(y)
            else:
                out.append(([x], [y]))
            last = x
        else:
            last = None
    return out


def _what(rows: Sequence[CountResult]) -> str:
    """What the counts are of: 'queens', 'superqueens', 'queens on a torus'."""
    first = rows[0] if rows else None
    piece = first.piece if first else "queen"
    return f"{piece}s" + (" on a torus" if first and first.torus else "")


def _count_ticks(value: float, _pos: int) -> str:
    """A tick of the log count axis, for people: 1, 10, 1,000, 100,000, then 10⁶ ..."""
    if value <= 0:
        return ""
    exp = round(math.log10(value))
    if abs(value - 10.0 ** exp) > 1e-9 * value:
        return ""
    return f"{10 ** exp:,}" if exp < 6 else f"$10^{{{exp}}}$"


def _n_axis(ax: Axes, rows: Sequence[CountResult]) -> None:
    """Whole n on the x axis, every one when there are few."""
    from matplotlib.ticker import MaxNLocator

    ns = [r.n for r in rows]
    if ns and len(ns) <= 20:
        ax.set_xticks(ns)
    else:
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    if ns:
        ax.set_xlim(min(ns) - 0.5, max(ns) + 0.5)


def _plot_counts(ax: Axes, rows: Sequence[CountResult], width: int) -> None:
    """The computed counts (lines broken at zeros), zeros marked on the bottom edge, and
    the published OEIS values over them; a note says whether the two agree."""
    from matplotlib.ticker import FuncFormatter, LogLocator
    from matplotlib.transforms import blended_transform_factory

    k = width / DEFAULT_WIDTH
    ns = [r.n for r in rows]
    series = [("all", "all solutions (computed)", [r.total for r in rows], ALL_COLOUR, "o"),
              ("fundamental", "fundamental (computed)",
               [r.fundamental if r.fundamental is not None else -1 for r in rows],
               FUNDAMENTAL_COLOUR, "s")]
    for _kind, label, values, colour, marker in series:
        for i, (xs, ys) in enumerate(runs_of_positive(ns, values)):
            ax.plot(xs, ys, marker=marker, color=colour, markersize=7 * k,
                    label=label if i == 0 else "_nolegend_", zorder=3)
    zeros = [r.n for r in rows if r.total == 0]
    if zeros:
        edge = blended_transform_factory(ax.transData, ax.transAxes)
        ax.plot(zeros, [0.0] * len(zeros), "x", color=ZERO_COLOUR, markersize=12 * k,
                markeredgewidth=2.5 * k, transform=edge, clip_on=False, zorder=4,
                linestyle="none", label="no solution (count 0, off the log scale)")
    agree, differ, shown = _overlay_published(ax, rows, k)
    ax.set_yscale("log")
    ax.yaxis.set_major_locator(LogLocator(base=10, numticks=12))
    ax.yaxis.set_major_formatter(FuncFormatter(_count_ticks))
    ax.grid(True, which="major", alpha=0.35)
    ax.set_xlabel("n (board n × n, n pieces)")
    ax.set_ylabel("solutions (log scale)")
    ax.set_title(f"Solutions, {_what(rows)}")
    _n_axis(ax, rows)
    note = None
    if differ:
        note = f"DIFFERS from the OEIS at n = {', '.join(map(str, differ))}"
    elif shown:
        note = f"computed = published: all {agree} counts agree"
    if ax.get_legend_handles_labels()[0]:
        legend = ax.legend(loc="upper left", title=note, alignment="left")
        if differ:
            legend.get_title().set_color("#b00000")


def _overlay_published(ax: Axes, rows: Sequence[CountResult], k: float
                       ) -> tuple[int, list[int], bool]:
    """Draw the published values of the n in ``rows`` (rings for all solutions,
    diamonds for fundamental ones); return how many computed counts equal theirs,
    the n where one differs, and whether any was drawn."""
    agree, shown = 0, False
    differ: list[int] = []
    first = rows[0] if rows else None
    if first is None:
        return agree, differ, shown
    for kind, marker, size in (("all", "o", 15.0), ("fundamental", "D", 13.0)):
        seq = published(first.piece, first.torus, kind)
        if seq is None:
            continue
        pts = []
        for r in rows:
            value = seq.value(r.n)
            mine = r.total if kind == "all" else r.fundamental
            if value is None or mine is None:
                continue
            if value == mine:
                agree += 1
            elif r.n not in differ:
                differ.append(r.n)
            if value > 0:
                pts.append((r.n, value))
        if pts:
            shown = True
            ax.plot([p[0] for p in pts], [p[1] for p in pts], linestyle="none",
                    marker=marker, markersize=size * k, markerfacecolor="none",
                    markeredgecolor=PUBLISHED_COLOUR, markeredgewidth=1.6 * k, zorder=5,
                    label=f"{seq.label} (published)")
    return agree, sorted(differ), shown


def _plot_seconds(ax: Axes, key: Axes, rows: Sequence[CountResult],
                  runs: Mapping[int, Sequence[float]] | None, k: float) -> None:
    """The seconds of each count: the fastest of its runs, with a bar up to the slowest
    when it ran more than once; a time of 0 (nothing left to time) is a cross on the
    bottom edge. The legend, which says so, goes in ``key``, an empty panel below."""
    from matplotlib.transforms import blended_transform_factory

    ns = [r.n for r in rows]
    times = [list(runs.get(r.n, [r.seconds])) if runs else [r.seconds] for r in rows]
    best = [min(t) for t in times]
    most = max((len(t) for t in times), default=1)
    label = (f"seconds: the fastest of up to {most} runs\n(bar: up to the slowest run)"
             if most > 1 else "seconds: one run each")
    for i, (xs, ys) in enumerate(runs_of_positive(ns, best)):
        ax.plot(xs, ys, marker="s", color=TIME_COLOUR, markersize=7 * k,
                label=label if i == 0 else "_nolegend_", zorder=3)
    for n, t in zip(ns, times, strict=True):
        if len(t) > 1 and min(t) > 0:
            ax.errorbar([n], [min(t)], yerr=[[0.0], [max(t) - min(t)]], color=TIME_COLOUR,
                        capsize=4 * k, elinewidth=1.5 * k, capthick=1.5 * k,
                        linestyle="none", zorder=2)
    instant = [n for n, b in zip(ns, best, strict=True) if b <= 0]
    if instant:
        edge = blended_transform_factory(ax.transData, ax.transAxes)
        ax.plot(instant, [0.0] * len(instant), "x", color=ZERO_COLOUR, markersize=12 * k,
                markeredgewidth=2.5 * k, transform=edge, clip_on=False, zorder=4,
                linestyle="none", label="0 s: nothing left to time")
    ax.set_yscale("log")
    ax.grid(True, which="major", alpha=0.35)
    ax.set_xlabel("n")
    ax.set_ylabel("seconds (log scale)")
    ax.set_title("Time to count")
    _n_axis(ax, rows)
    key.axis("off")
    handles, labels = ax.get_legend_handles_labels()
    if handles:
        key.legend(handles, labels, loc="center", title="the count alone: no start-up,\n"
                   "progress display or printing", title_fontsize=11 * k, alignment="left")


def table_figure(rows: Sequence[CountResult], runs: Mapping[int, Sequence[float]] | None = None,
                 width: int = DEFAULT_WIDTH) -> Figure:
    """The figure of a table: counts against n (left), seconds against n (right) with
    the key to them below, ``width`` pixels wide, 16:9. ``runs`` maps n to the seconds
    of every timed run of its count (the point is the fastest); without it, each row's
    ``seconds``. Its axes: the counts, the seconds, the key.

    >>> from nqueens.algorithms.counter import count
    >>> fig = table_figure([count(n) for n in (1, 2, 3, 4, 5)], width=640)
    >>> lines = [ln for ln in fig.axes[0].get_lines() if ln.get_linestyle() != "None"]
    >>> sorted([int(x) for x in ln.get_xdata()] for ln in lines)   # none over n = 2, 3
    [[1], [1], [4, 5], [4, 5]]
    """
    with styled(width):
        fig = slide_figure(width)
        grid = fig.add_gridspec(2, 2, width_ratios=[3, 2], height_ratios=[4, 1])
        counts = fig.add_subplot(grid[:, 0])
        seconds = fig.add_subplot(grid[0, 1])
        key = fig.add_subplot(grid[1, 1])
        _plot_counts(counts, rows, width)
        _plot_seconds(seconds, key, rows, runs, width / DEFAULT_WIDTH)
        if rows:
            fig.suptitle(f"{_what(rows).capitalize()}: solutions and time to count, "
                         f"n = {rows[0].n} to {rows[-1].n}", fontweight="bold")
    return fig


def plot_table(rows: Sequence[CountResult], out: IO[bytes], fmt: str,
               width: int = DEFAULT_WIDTH,
               runs: Mapping[int, Sequence[float]] | None = None) -> None:
    """Write :func:`table_figure` of ``rows`` as ``png`` or ``svg`` into the binary stream
    ``out``, ``width`` pixels wide.

    Drawing takes matplotlib about half a second, too slow to run with the examples:

    >>> import io
    >>> from nqueens.algorithms.counter import count
    >>> buf = io.BytesIO()
    >>> plot_table([count(n) for n in range(4, 9)], buf, "png")  # doctest: +SKIP
    >>> buf.getvalue()[:4]  # doctest: +SKIP
    b'\\x89PNG'
    >>> plot_table([], buf, "pdf")
    Traceback (most recent call last):
    ...
    nqueens.base.errors.BadInput: cannot draw a 'pdf' picture (choose one of: png, svg)
    """
    from ..base.errors import BadInput

    if fmt not in PLOT_FORMATS:
        raise BadInput(f"cannot draw a {fmt!r} picture (choose one of: {', '.join(PLOT_FORMATS)})")
    out.write(figure_bytes(table_figure(rows, runs, width), fmt))


def describe_plot(rows: Sequence[CountResult], width: int) -> str:
    """What the picture shows, for the message that says it was written.

    >>> from nqueens.algorithms.counter import count
    >>> describe_plot([count(4), count(5)], 1280)
    'counts and times of queens, n = 4 to 5, 1280×720 px'
    """
    span = f", n = {rows[0].n} to {rows[-1].n}" if rows else ""
    return f"counts and times of {_what(rows)}{span}, {width}×{round(width * 9 / 16)} px"
