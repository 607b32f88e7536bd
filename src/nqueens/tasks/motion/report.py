"""One motion-estimation study as ``nqueens motion`` runs it: the request checked whole
before any work (:func:`plan`), the frames, the comparison, and what it reports
(:class:`MotionReport`: the table, the summary line, the JSON document, the files).

Frame sizes are written one way, width×height, as pictures give them (``1280×720``);
``--frame`` also takes an ``x`` for the ``×``. The pictures are ``width`` pixels wide
(``--size``).

>>> study = plan(demo=True, size="64x48", shifts=("3,-2",), patterns=("4",), repeat=1)
>>> pair = study.frame_pair()
>>> pair.description
'grace_hopper.jpg 64×48, moved by (+3, -2)'
>>> report = study.run(pair)
>>> print(report.summary())
64×48 frames, 4×3 blocks of 16×16, range ±7; PSNR over the 64×48 area of whole blocks;
seconds: best of 1 run
>>> [r.label for r in report.results]
['full', '4-queens 2 4 1 3']
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from ...base.errors import BadInput
from ...output.figures import DEFAULT_WIDTH, check_width
from .evaluation import VECTOR_FORMATS, MethodResult, compare, vectors_text
from .frames import FramePair, load_pair, make_pair
from .patterns import DEFAULT_PATTERNS, Pattern, parse_pattern
from .search import check_settings

_SHIFT = re.compile(r"^\s*([+-]?\d+)\s*,\s*([+-]?\d+)\s*$")
_SIZE = re.compile(r"^\s*(\d+)\s*[xX×]\s*(\d+)\s*$")

#: The motion of the demonstration pair when no ``--shift`` is given.
DEFAULT_SHIFT = (3, 2)


def size_text(width: int, height: int) -> str:
    """A size as it is written everywhere: width×height.

    >>> size_text(1280, 720)
    '1280×720'
    """
    return f"{width}×{height}"


def parse_size(text: str) -> tuple[int, int]:
    """(width, height) from ``width×height`` (or ``widthxheight``).

    >>> parse_size("1280×720"), parse_size("640x480")
    ((1280, 720), (640, 480))
    >>> parse_size("720p")
    Traceback (most recent call last):
    ...
    nqueens.base.errors.BadInput: --frame '720p': expected width×height such as 1280×720
    """
    m = _SIZE.match(text)
    if not m:
        raise BadInput(f"--frame {text!r}: expected width×height such as 1280×720")
    return int(m.group(1)), int(m.group(2))


def parse_shift(text: str) -> tuple[int, int]:
    """(dx, dy) from ``DX,DY``: the content moves dx pixels right and dy down.

    >>> parse_shift("3,-2")
    (3, -2)
    >>> parse_shift("3")
    Traceback (most recent call last):
    ...
    nqueens.base.errors.BadInput: --shift '3': expected DX,DY such as '3,-2'
    """
    m = _SHIFT.match(text)
    if not m:
        raise BadInput(f"--shift {text!r}: expected DX,DY such as '3,-2'")
    return int(m.group(1)), int(m.group(2))


def _png_path(path: str | None, what: str) -> str | None:
    if path is not None and not path.lower().endswith(".png"):
        raise BadInput(f"{what} {path}: pictures are written as PNG (name the file *.png)")
    return path


def _vector_format(path: str | None) -> str | None:
    if path is None:
        return None
    ext = os.path.splitext(path)[1].lower().lstrip(".")
    if ext not in VECTOR_FORMATS:
        raise BadInput(f"--vectors {path}: name the file *.json or *.csv")
    return ext


@dataclass(frozen=True)
class MotionPlan:
    """A checked request: where the frames come from, the search, and the files to write
    (``vectors`` JSON or CSV by its name, ``picture`` and ``plot`` PNG)."""

    frames: tuple[str, str] | None      #: (reference, target) files; None for the demo
    size: tuple[int, int] | None        #: the demo's (width, height); None: the photograph's
    shifts: tuple[tuple[int, int], ...]
    noise: float
    seed: int
    patterns: tuple[Pattern, ...]
    block: int = 16
    radius: int = 7
    repeat: int = 3
    vectors: str | None = None
    picture: str | None = None
    plot: str | None = None
    width: int = DEFAULT_WIDTH          #: the pictures' width in pixels

    @property
    def outputs(self) -> list[tuple[str, str | None]]:
        """The output files, (option, path or None), to check before any work."""
        return [("--vectors", self.vectors), ("--picture", self.picture), ("--plot", self.plot)]

    @property
    def inputs(self) -> list[str]:
        """The frame files read (none for the demo)."""
        return list(self.frames or ())

    def frame_pair(self) -> FramePair:
        """Read the two frames, or make the demonstration pair."""
        if self.frames is None:
            return make_pair(size=self.size, shifts=self.shifts, noise=self.noise,
                             seed=self.seed)
        reference, target = self.frames
        ref, tgt = load_pair(reference, target)
        return FramePair(ref, tgt, description=f"{reference} -> {target}")

    def run(self, pair: FramePair) -> MotionReport:
        """Search ``pair`` with every method and report on it."""
        results = compare(pair.reference, pair.target, self.patterns, block=self.block,
                          radius=self.radius, true_dx=pair.true_dx, true_dy=pair.true_dy,
                          repeat=self.repeat)
        return MotionReport(pair, results, self.block, self.radius, self.repeat, self)


def plan(reference: str | None = None, target: str | None = None, *, demo: bool = False,
         shifts: Sequence[str] = (), size: str | None = None, noise: float = 0.0,
         seed: int = 0, block: int = 16, radius: int = 7, patterns: Sequence[str] = (),
         repeat: int = 3, vectors: str | None = None, picture: str | None = None,
         plot: str | None = None, width: int = DEFAULT_WIDTH) -> MotionPlan:
    """Check a request as the command line gives it (``shifts`` as ``DX,DY``, ``size``,
    the demo frame's, as width×height, ``patterns`` as ``N``, ``N:K`` or a permutation;
    none: 4 and 8; ``width``: the pictures', in pixels) and return the plan; every
    mistake is a :class:`~nqueens.base.errors.BadInput` before any work.

    >>> plan("a.png", "b.png").inputs
    ['a.png', 'b.png']
    >>> plan(demo=True, patterns=("8",), block=4)
    Traceback (most recent call last):
    ...
    nqueens.base.errors.BadInput: pattern 1 5 8 6 3 7 2 4: a 8-queens pattern does not fit ...
    >>> plan("a.png", "b.png", size="64x48")
    Traceback (most recent call last):
    ...
    nqueens.base.errors.BadInput: --shift, --frame, --noise and --seed make the --demo pair; ...
    """
    _check_source(reference, target, demo, bool(shifts or size is not None or noise or seed))
    if not (math.isfinite(noise) and noise >= 0):
        raise BadInput(f"--noise {noise:g}: must be a finite number of grey levels, 0 or more")
    pats = _search_patterns(patterns, block, radius, repeat)
    _vector_format(vectors)
    check_width(width)
    frames = None if demo else (str(reference), str(target))
    return MotionPlan(frames, parse_size(size) if size else None,
                      tuple(parse_shift(s) for s in shifts) or (DEFAULT_SHIFT,), noise, seed,
                      pats, block, radius, repeat, vectors, _png_path(picture, "--picture"),
                      _png_path(plot, "--plot"), width)


def _check_source(reference: str | None, target: str | None, demo: bool,
                  demo_options: bool) -> None:
    """Refuse frames and --demo together, demo options without --demo, and one frame."""
    if demo and (reference or target):
        raise BadInput("give REF and TARGET frames, or --demo, not both")
    if not demo and demo_options:
        raise BadInput("--shift, --frame, --noise and --seed make the --demo pair; add --demo")
    if not demo and not (reference and target):
        raise BadInput("give two frames, REF and TARGET, or --demo for a test pair")


def _search_patterns(patterns: Sequence[str], block: int, radius: int,
                     repeat: int) -> tuple[Pattern, ...]:
    """Check the search settings; the patterns (4 and 8 when none), each fitting a block."""
    if repeat < 1:
        raise BadInput("--repeat must be at least 1")
    check_settings(block, radius)
    pats = tuple(parse_pattern(p) for p in (patterns or DEFAULT_PATTERNS))
    for p in pats:
        if p.n > block:
            raise BadInput(f"pattern {p.perm}: a {p.n}-queens pattern does not fit in a "
                           f"{size_text(block, block)} block")
    return pats


def _psnr_text(value: float) -> str:
    return "inf" if math.isinf(value) else f"{value:.2f}"


def _cells(r: MethodResult, known: bool) -> list[str]:
    """One row of the table: method, pattern, ops, speed-ups, PSNR, seconds, agreement
    (and, when the true motion is ``known``, the share of correct vectors)."""
    f = r.field
    row = [
        "full" if f.pattern is None else f"{f.pattern.n}-queens",
        "-" if f.pattern is None else f.pattern.perm,
        f"{f.ops:,}",
        f"{r.speedup:.2f}x",
        f"{r.time_speedup:.2f}x",
        _psnr_text(r.psnr),
        f"{f.seconds:.4f}",
        f"{100 * r.agree_full:.1f}%",
    ]
    if known:
        row.append("-" if r.correct is None else f"{100 * r.correct:.1f}%")
    return row


@dataclass(frozen=True)
class MotionReport:
    """What one study found: every method's result (the full search first) on ``pair``."""

    pair: FramePair
    results: list[MethodResult]
    block: int
    radius: int
    repeat: int
    plan: MotionPlan | None = None

    @property
    def blocks(self) -> tuple[int, int]:
        """Whole blocks across and down."""
        nby, nbx = self.results[0].field.vectors.shape[:2]
        return int(nbx), int(nby)

    def summary(self) -> str:
        """The line for people: frame size, blocks, range, the area measured, the timing."""
        w, h = self.pair.size
        nbx, nby = self.blocks
        runs = f"{self.repeat} run{'s' if self.repeat > 1 else ''}"
        return (f"{size_text(w, h)} frames, {size_text(nbx, nby)} blocks of "
                f"{size_text(self.block, self.block)}, range ±{self.radius}; PSNR over the "
                f"{size_text(nbx * self.block, nby * self.block)} area of whole blocks; "
                f"seconds: best of {runs}")

    def table(self) -> str:
        """The table, one row per method (``correct`` only when the true motion is known)."""
        head = ["method", "pattern", "ops", "speed-up", "time speed-up", "PSNR dB", "seconds",
                "same as full"]
        known = self.results[0].correct is not None
        rows = [head + (["correct"] if known else [])]
        rows += [_cells(r, known) for r in self.results]
        widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
        return "\n".join(
            "  ".join(c.ljust(widths[i]) if i < 2 else c.rjust(widths[i])
                      for i, c in enumerate(row)).rstrip()
            for row in rows)

    def as_dict(self) -> dict[str, object]:
        """The JSON document: the frames, their width and height, the settings, the
        blocks, the area covered by whole blocks ([width, height]) and every method."""
        w, h = self.pair.size
        nbx, nby = self.blocks
        return {"frames": self.pair.description, "width": w, "height": h,
                "block": self.block, "range": self.radius, "repeat": self.repeat,
                "blocks": nbx * nby, "covered": [nbx * self.block, nby * self.block],
                "methods": [r.as_dict() for r in self.results]}

    def files(self) -> list[OutputFile]:
        """The files the plan names, made in memory, with what each holds."""
        from .pictures import tradeoff_png, vectors_png

        p = self.plan
        if p is None:
            return []
        files: list[OutputFile] = []
        fmt = _vector_format(p.vectors)
        px = f"{p.width}×{round(p.width * 9 / 16)} px"
        if p.vectors is not None and fmt is not None:
            files.append(OutputFile(p.vectors, False, vectors_text(self.results, fmt) + "\n",
                                    f"motion vectors of {len(self.results)} methods, {fmt}"))
        if p.picture is not None:
            last = self.results[-1].field
            files.append(OutputFile(p.picture, True,
                                    vectors_png(self.pair.target, last,
                                                full=self.results[0].field, width=p.width),
                                    f"the target frame with the {last.label} vectors, {px}"))
        if p.plot is not None:
            files.append(OutputFile(p.plot, True, tradeoff_png(self.results, width=p.width),
                                    f"PSNR against speed-up, {px}"))
        return files


class OutputFile(NamedTuple):
    """A file to write: where, whether binary, its content, and what it holds (for the
    message that says it was written)."""

    path: str
    binary: bool
    content: str | bytes
    what: str
