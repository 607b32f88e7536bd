"""Judging motion vectors: the motion-compensated prediction, its PSNR, agreement with the
full search and with the true motion, and a side-by-side comparison of methods.

>>> from nqueens.tasks.motion.frames import make_pair
>>> pair = make_pair(size=(96, 64), shifts=[(2, 1)], noise=1.0)
>>> rows = compare(pair.reference, pair.target, ["4", "8"], block=16, radius=4,
...                true_dx=pair.true_dx, true_dy=pair.true_dy)
>>> [r.label for r in rows]
['full', '4-queens 2 4 1 3', '8-queens 1 5 8 6 3 7 2 4']
>>> [r.field.ops // rows[1].field.ops for r in rows]
[4, 1, 0]
>>> rows[0].speedup, rows[1].speedup, rows[2].speedup
(1.0, 4.0, 8.0)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from .patterns import Pattern, parse_pattern
from .search import Frame, MotionField, full_search, pattern_search, warm_up


def predict(reference: Frame, field: MotionField) -> Frame:
    """The motion-compensated prediction of the area covered by whole blocks: each block
    copied from the reference at its vector.

    >>> f = np.arange(16 * 16, dtype=np.uint8).reshape(16, 16)
    >>> m = full_search(f, f, block=8, radius=1)
    >>> bool((predict(f, m) == f).all())
    True
    """
    b = field.block
    nby, nbx = field.vectors.shape[:2]
    out = np.empty((nby * b, nbx * b), dtype=np.uint8)
    for by in range(nby):
        for bx in range(nbx):
            dx, dy = (int(v) for v in field.vectors[by, bx])
            y, x = by * b + dy, bx * b + dx
            out[by * b:(by + 1) * b, bx * b:(bx + 1) * b] = reference[y:y + b, x:x + b]
    return out


def psnr(a: npt.ArrayLike, b: npt.ArrayLike) -> float:
    """Peak signal-to-noise ratio in dB for 8-bit pictures; ``inf`` when they are equal.

    >>> round(psnr(np.zeros((2, 2)), np.full((2, 2), 255)), 2)
    0.0
    >>> psnr([[1, 2]], [[1, 2]])
    inf
    """
    x = np.asarray(a, dtype=np.float64)
    y = np.asarray(b, dtype=np.float64)
    mse = float(np.mean((x - y) ** 2))
    return math.inf if mse == 0 else 10.0 * math.log10(255.0 ** 2 / mse)


def block_truth(true_dx: npt.NDArray[np.int64], true_dy: npt.NDArray[np.int64], block: int,
                radius: int) -> npt.NDArray[np.int64]:
    """The true vector of each block, ``(nby, nbx, 2)``; ``(-999, -999)`` where the block
    does not move as one piece, where its true match leaves the frame or lies beyond the
    search range (no method can find it there).

    >>> dx = np.full((32, 32), -3); dy = np.zeros((32, 32), dtype=np.int64)
    >>> block_truth(dx, dy, 16, 4)[:, :, 0].tolist()
    [[-999, -3], [-999, -3]]
    """
    h, w = true_dx.shape
    nby, nbx = h // block, w // block
    out = np.full((nby, nbx, 2), -999, dtype=np.int64)
    for by in range(nby):
        for bx in range(nbx):
            sx = true_dx[by * block:(by + 1) * block, bx * block:(bx + 1) * block]
            sy = true_dy[by * block:(by + 1) * block, bx * block:(bx + 1) * block]
            dx, dy = int(sx.flat[0]), int(sy.flat[0])
            if (sx != dx).any() or (sy != dy).any() or max(abs(dx), abs(dy)) > radius:
                continue
            x, y = bx * block + dx, by * block + dy
            if 0 <= x and x + block <= w and 0 <= y and y + block <= h:
                out[by, bx] = (dx, dy)
    return out


@dataclass(frozen=True)
class MethodResult:
    """One method's motion field and how good and how costly it is.

    >>> from nqueens.tasks.motion.frames import make_pair
    >>> pair = make_pair(size=(64, 48), shifts=[(3, -2)])
    >>> full, q4 = compare(pair.reference, pair.target, ["4"], block=16, radius=4,
    ...                    true_dx=pair.true_dx, true_dy=pair.true_dy)
    >>> q4.label, q4.speedup, q4.correct
    ('4-queens 2 4 1 3', 4.0, 1.0)
    >>> d = q4.as_dict()
    >>> d["pattern"], d["samples_per_block"], d["ops"] * 4 == full.as_dict()["ops"]
    ('2 4 1 3', 64, True)
    """

    field: MotionField
    psnr: float
    speedup: float
    time_speedup: float
    agree_full: float
    correct: float | None

    @property
    def label(self) -> str:
        """``full`` or the pattern's name."""
        return self.field.label

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready summary (``psnr`` is ``null`` when the prediction is exact)."""
        f = self.field
        return {
            "method": f.method,
            "pattern": None if f.pattern is None else f.pattern.perm,
            "n": None if f.pattern is None else f.pattern.n,
            "samples_per_block": f.samples,
            "candidates": f.candidates,
            "ops": f.ops,
            "speedup_ops": self.speedup,
            "seconds": f.seconds,
            "speedup_time": self.time_speedup,
            "psnr_db": None if math.isinf(self.psnr) else self.psnr,
            "agree_with_full": self.agree_full,
            "correct_vectors": self.correct,
        }


def compare(reference: Frame, target: Frame, patterns: Sequence[str | Pattern] = ("4", "8"),
            block: int = 16, radius: int = 7, true_dx: npt.NDArray[np.int64] | None = None,
            true_dy: npt.NDArray[np.int64] | None = None, repeat: int = 1
            ) -> list[MethodResult]:
    """Full search, then the search on each pattern; the first row is the full search.

    PSNR is measured over the area covered by whole blocks. ``speedup`` is the ratio of
    operation counts (exact), ``time_speedup`` that of wall times (best of ``repeat`` runs,
    after the kernels are compiled). ``agree_full`` is the share of blocks with the full
    search's vector; ``correct`` the share of blocks with known, findable true motion whose
    vector is the true one (``None`` when the motion is not known).

    The picture moves 3 pixels right and 2 up, so the blocks that can see where
    their content came from find the vector (−3, +2) with every method:

    >>> from nqueens.tasks.motion.frames import make_pair
    >>> pair = make_pair(size=(64, 48), shifts=[(3, -2)])
    >>> rows = compare(pair.reference, pair.target, ["4", "8"], block=16, radius=4,
    ...                true_dx=pair.true_dx, true_dy=pair.true_dy)
    >>> [(r.label, r.speedup, r.correct) for r in rows]
    [('full', 1.0, 1.0), ('4-queens 2 4 1 3', 4.0, 1.0), ('8-queens 1 5 8 6 3 7 2 4', 8.0, 1.0)]
    >>> [r.field.vectors[0, 2].tolist() for r in rows]
    [[-3, 2], [-3, 2], [-3, 2]]
    """
    pats = [p if isinstance(p, Pattern) else parse_pattern(p) for p in patterns]
    warm_up()
    repeat = max(1, repeat)

    def best_of(run: Any) -> MotionField:
        fields = [run() for _ in range(repeat)]
        return min(fields, key=lambda m: m.seconds)

    fields = [best_of(lambda: full_search(reference, target, block, radius))]
    for p in pats:
        fields.append(best_of(lambda p=p: pattern_search(reference, target, p, block, radius)))
    truth = None
    if true_dx is not None and true_dy is not None:
        truth = block_truth(true_dx, true_dy, block, radius)
    full = fields[0]
    h, w = full.vectors.shape[0] * block, full.vectors.shape[1] * block
    covered = np.asarray(target)[:h, :w]
    results = []
    for f in fields:
        correct = None
        if truth is not None:
            known = truth[:, :, 0] != -999
            hits = (f.vectors == truth).all(axis=2) & known
            correct = float(hits.sum() / known.sum()) if known.any() else None
        results.append(MethodResult(
            field=f,
            psnr=psnr(predict(reference, f), covered),
            speedup=full.ops / f.ops if f.ops else math.inf,
            time_speedup=full.seconds / f.seconds if f.seconds > 0 else math.inf,
            agree_full=float((f.vectors == full.vectors).all(axis=2).mean()),
            correct=correct,
        ))
    return results


VECTOR_FORMATS: tuple[str, ...] = ("json", "csv")


def vectors_text(results: Sequence[MethodResult], fmt: str = "json") -> str:
    """Every method's motion vectors as JSON or CSV text.

    JSON: ``{"block": B, "range": R, "methods": [{"method", "pattern", "vectors":
    [[x, y, dx, dy, sad], ...]}]}``, one entry per block, (x, y) its top-left pixel. CSV: one
    line per method and block, ``method,pattern,x,y,dx,dy,sad``.

    >>> f = np.zeros((16, 16), dtype=np.uint8)
    >>> print(vectors_text(compare(f, f, [], block=16, radius=0), "csv"))
    method,pattern,x,y,dx,dy,sad
    full,,0,0,0,0,0
    """
    if fmt not in VECTOR_FORMATS:
        raise ValueError(f"unknown vector format {fmt!r}")
    first = results[0].field
    if fmt == "csv":
        lines = ["method,pattern,x,y,dx,dy,sad"]
        for r in results:
            f = r.field
            pat = "" if f.pattern is None else f.pattern.perm
            for by, bx in np.ndindex(*f.sads.shape):
                dx, dy = (int(v) for v in f.vectors[by, bx])
                lines.append(f"{f.method},{pat},{bx * f.block},{by * f.block},{dx},{dy},"
                             f"{int(f.sads[by, bx])}")
        return "\n".join(lines)
    import json

    methods = []
    for r in results:
        f = r.field
        vecs = [[bx * f.block, by * f.block, int(f.vectors[by, bx, 0]),
                 int(f.vectors[by, bx, 1]), int(f.sads[by, bx])]
                for by, bx in np.ndindex(*f.sads.shape)]
        methods.append({"method": f.method,
                        "pattern": None if f.pattern is None else f.pattern.perm,
                        "vectors": vecs})
    return json.dumps({"block": first.block, "range": first.radius,
                       "columns": ["x", "y", "dx", "dy", "sad"], "methods": methods})
