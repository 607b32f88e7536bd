"""The table of counts: n, all, fundamental and seconds for a range of n.

>>> rows = count_table(4, 6)
>>> [(r.n, r.total, r.fundamental) for r in rows]
[(4, 2, 1), (5, 10, 2), (6, 4, 1)]
>>> print(format_table(rows, "csv", seconds=False).strip())
n,all,fundamental
4,2,1
5,10,2
6,4,1
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable, Sequence
from typing import IO

from ..errors import BadInput
from ..pieces import Piece
from . import CountResult, count

#: The formats :func:`format_table` writes.
TABLE_FORMATS = ("text", "markdown", "csv", "json")

#: The picture formats :func:`plot_table` writes, by file suffix.
PLOT_FORMATS = ("png", "svg")


def count_table(n_from: int, n_to: int, *, piece: Piece | str = Piece.QUEEN,
                workers: int | None = None,
                done: Callable[[CountResult], None] | None = None) -> list[CountResult]:
    """Count every n from ``n_from`` to ``n_to``; ``done`` is called with each result as
    it comes.

    >>> rows = count_table(6, 8, done=lambda r: print(f"n = {r.n}: {r.total}"))
    n = 6: 4
    n = 7: 40
    n = 8: 92
    >>> [r.fundamental for r in rows]
    [1, 6, 12]
    """
    if n_from > n_to:
        raise BadInput(f"FROM ({n_from}) must not be above TO ({n_to})")
    out = []
    for n in range(n_from, n_to + 1):
        r = count(n, piece=piece, workers=workers)
        out.append(r)
        if done is not None:
            done(r)
    return out


def _row(r: CountResult, seconds: bool) -> list[str]:
    cells = [str(r.n), str(r.total), str(r.fundamental)]
    if seconds:
        cells.append(f"{r.seconds:.3f}")
    return cells


def format_table(rows: Sequence[CountResult], fmt: str = "text", seconds: bool = True) -> str:
    """The table as ``text`` (aligned columns), ``markdown``, ``csv`` or ``json``.

    >>> rows = count_table(7, 8)
    >>> print(format_table(rows, seconds=False), end="")
    n  all  fundamental
    7   40            6
    8   92           12
    >>> format_table(rows[:1], "json", seconds=False)
    '[{"n": 7, "piece": "queen", "all": 40, "fundamental": 6}]\\n'
    """
    head = ["n", "all", "fundamental"] + (["seconds"] if seconds else [])
    if fmt == "json":
        data = []
        for r in rows:
            item: dict[str, object] = {"n": r.n, "piece": r.piece, "all": r.total,
                                       "fundamental": r.fundamental}
            if seconds:
                item["seconds"] = round(r.seconds, 6)
            data.append(item)
        return json.dumps(data) + "\n"
    body = [_row(r, seconds) for r in rows]
    if fmt == "csv":
        return "".join(",".join(line) + "\n" for line in [head, *body])
    if fmt == "markdown":
        lines = ["| " + " | ".join(head) + " |", "|" + "---:|" * len(head)]
        lines += ["| " + " | ".join(_group(c, i) for i, c in enumerate(line)) + " |"
                  for line in body]
        return "\n".join(lines) + "\n"
    if fmt == "text":
        cells = [head] + [[_group(c, i) for i, c in enumerate(line)] for line in body]
        widths = [max(len(line[i]) for line in cells) for i in range(len(head))]
        return "".join("  ".join(c.rjust(w) for c, w in zip(line, widths, strict=True)) + "\n"
                       for line in cells)
    raise BadInput(f"unknown table format {fmt!r} (choose one of: {', '.join(TABLE_FORMATS)})")


def _group(cell: str, column: int) -> str:
    return f"{int(cell):,}" if column in (1, 2) and cell.isdigit() else cell


def plot_table(rows: Sequence[CountResult], out: IO[bytes], fmt: str) -> None:
    """Draw counts (all, fundamental) and seconds against n on log scales, as ``png`` or
    ``svg``, into the binary stream ``out``. Zero counts cannot be drawn on a log scale
    and are left out.

    Drawing takes matplotlib about half a second, too slow to run with the examples:

    >>> import io
    >>> buf = io.BytesIO()
    >>> plot_table(count_table(4, 8), buf, "png")  # doctest: +SKIP
    >>> buf.getvalue()[:4]  # doctest: +SKIP
    b'\\x89PNG'
    >>> plot_table([], buf, "pdf")
    Traceback (most recent call last):
    ...
    nqueens.errors.BadInput: cannot draw a 'pdf' picture (choose one of: png, svg)
    """
    if fmt not in PLOT_FORMATS:
        raise BadInput(f"cannot draw a {fmt!r} picture (choose one of: {', '.join(PLOT_FORMATS)})")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4))
    try:
        for label, values in (("all", [r.total for r in rows]),
                              ("fundamental", [r.fundamental or 0 for r in rows])):
            pts = [(r.n, v) for r, v in zip(rows, values, strict=True) if v > 0]
            if pts:
                left.plot([p[0] for p in pts], [p[1] for p in pts], "o-", label=label)
        left.set_yscale("log")
        left.set_xlabel("n")
        left.set_ylabel("solutions")
        left.set_title(f"{rows[0].piece if rows else 'queen'} solutions")
        zeros = [r.n for r in rows if r.total == 0]
        if zeros:  # a log scale cannot show 0: say which n have none
            left.set_xlabel("n   (no solutions for n = " + ", ".join(map(str, zeros)) + ")")
        if left.get_legend_handles_labels()[0]:
            left.legend()
        pts_t = [(r.n, r.seconds) for r in rows if r.seconds > 0]
        if pts_t:
            right.plot([p[0] for p in pts_t], [p[1] for p in pts_t], "s-", color="tab:red")
        right.set_yscale("log")
        right.set_xlabel("n")
        right.set_ylabel("seconds")
        right.set_title("time to count")
        fig.tight_layout()
        buf = io.BytesIO()
        fig.savefig(buf, format=fmt)
        out.write(buf.getvalue())
    finally:
        plt.close(fig)
