"""Block matching: full search, with the sum of absolute differences (SAD) over every pixel
of a block or only over the pixels of an N-queens pattern.

The target frame is cut into ``block × block`` blocks (those that fit whole). For each block
every displacement (dx, dy) with |dx|, |dy| ≤ ``radius`` whose reference block lies inside the
reference frame is a *candidate*; the candidate with the least SAD wins, ties going to the
shorter vector (|dx| + |dy|), then to the first in scan order (dy, then dx, ascending).

Operation counts are exact: every candidate evaluated costs one absolute difference per
sampled pixel (``block²`` for the full SAD, ``block²/N`` for an N-queens pattern when N
divides the block).

>>> from nqueens.tasks.motion.frames import make_pair
>>> from nqueens.tasks.motion.patterns import parse_pattern
>>> pair = make_pair(size=(64, 64), shifts=[(2, -1)])
>>> full = full_search(pair.reference, pair.target, block=16, radius=4)
>>> full.vectors[1, 1].tolist()
[-2, 1]
>>> fast = pattern_search(pair.reference, pair.target, parse_pattern("4"), block=16, radius=4)
>>> fast.vectors[1, 1].tolist(), full.ops // fast.ops
([-2, 1], 4)
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from nqueens._core import motion as _core

from ...base.errors import BadInput
from .patterns import Pattern

Frame = npt.NDArray[np.uint8]


def full_sad_kernel(ref: Frame, tgt: Frame, block: int, radius: int,
                    vectors: npt.NDArray[np.int64], sads: npt.NDArray[np.int64]) -> int:
    """Full search, SAD over all ``block²`` pixels; fills ``vectors[by, bx] = (dx, dy)`` and
    ``sads[by, bx]``; returns the number of candidates evaluated.

    ``ref`` and ``tgt`` are 2-D uint8 frames of one shape; the native kernel sums 16 pixels
    of a block row per instruction (``psadbw``).

    A target shifted one pixel right of the reference: the right-hand blocks find the
    exact match (SAD 0) at dx = -1; the left-hand ones, whose match lies off the frame,
    settle for a worse one. Each of the 4 blocks has 4 candidates inside the frame:

    >>> ref = (np.arange(64) * 37 % 251).reshape(8, 8).astype(np.uint8)
    >>> tgt = np.roll(ref, 1, axis=1)
    >>> vectors, sads = np.zeros((2, 2, 2), dtype=np.int64), np.zeros((2, 2), dtype=np.int64)
    >>> full_sad_kernel(ref, tgt, 4, 1, vectors, sads)
    16
    >>> vectors[:, 1].tolist(), sads[:, 1].tolist()
    ([[-1, 0], [-1, 0]], [0, 0])
    """
    return int(_core.full_sad(ref, tgt, block, radius, vectors, sads))


def sampled_sad_kernel(ref: Frame, tgt: Frame, block: int, radius: int,
                       si: npt.NDArray[np.int64], sj: npt.NDArray[np.int64],
                       vectors: npt.NDArray[np.int64], sads: npt.NDArray[np.int64]) -> int:
    """Full search, SAD only on the sampled pixels ``(si[k], sj[k])`` of each block.

    For one block, each sampled pixel adds its absolute difference to the SADs of every
    candidate at once: one row of lanes per vertical displacement, 16 horizontal
    displacements per SIMD operation (16-bit lanes flushed into 32-bit sums). ``ref`` and
    ``tgt`` are 2-D uint8 frames of one shape; ``si`` and ``sj`` int64 arrays of one length.
    Same outputs as :func:`full_sad_kernel`.

    The example of :func:`full_sad_kernel`, sampling each 4×4 block on the 4-queens
    solution (1, 3, 0, 2), finds the same vectors:

    >>> ref = (np.arange(64) * 37 % 251).reshape(8, 8).astype(np.uint8)
    >>> tgt = np.roll(ref, 1, axis=1)
    >>> si, sj = np.array([0, 1, 2, 3]), np.array([1, 3, 0, 2])
    >>> vectors, sads = np.zeros((2, 2, 2), dtype=np.int64), np.zeros((2, 2), dtype=np.int64)
    >>> sampled_sad_kernel(ref, tgt, 4, 1, si, sj, vectors, sads)
    16
    >>> vectors[:, 1].tolist(), sads[:, 1].tolist()
    ([[-1, 0], [-1, 0]], [0, 0])
    """
    return int(_core.sampled_sad(ref, tgt, block, radius, si, sj, vectors, sads))


@dataclass(frozen=True)
class MotionField:
    """The result of one block-matching run.

    ``vectors[by, bx] = (dx, dy)``: the block of the target whose top-left pixel is
    (bx·block, by·block) is predicted from the reference at (x + dx, y + dy). ``sads`` holds
    the winning (sampled) SAD of each block, ``candidates`` the candidates evaluated,
    ``samples`` the pixels compared per candidate and ``ops = candidates × samples`` the
    absolute differences computed; ``seconds`` is the wall time of the search kernel.

    Two 16×16 blocks side by side in a 32×16 frame, searched within ±1 pixel: only
    two displacements of each block keep it inside the frame.

    >>> f = np.arange(16 * 32, dtype=np.uint8).reshape(16, 32)
    >>> m = full_search(f, f, block=16, radius=1)
    >>> m.label, m.vectors.shape, m.candidates, m.samples, m.ops
    ('full', (1, 2, 2), 4, 256, 1024)
    """

    method: str
    pattern: Pattern | None
    block: int
    radius: int
    vectors: npt.NDArray[np.int64]
    sads: npt.NDArray[np.int64]
    candidates: int
    samples: int
    seconds: float

    @property
    def ops(self) -> int:
        """Absolute differences computed (exact)."""
        return self.candidates * self.samples

    @property
    def label(self) -> str:
        """``full`` or the pattern's name."""
        return self.method if self.pattern is None else self.pattern.name


def check_settings(block: int, radius: int) -> None:
    """Raise :class:`BadInput` unless the block size (2..256) and range (0..256) are usable.

    >>> check_settings(16, 300)
    Traceback (most recent call last):
    ...
    nqueens.base.errors.BadInput: search range 300: must be 0..256 pixels
    """
    if not 2 <= block <= 256:
        raise BadInput(f"block size {block}: must be 2..256 pixels")
    if not 0 <= radius <= 256:
        raise BadInput(f"search range {radius}: must be 0..256 pixels")


def check_frames(reference: Frame, target: Frame, block: int, radius: int) -> None:
    """Raise :class:`BadInput` unless the frames and settings can be searched.

    >>> f = np.zeros((12, 20), dtype=np.uint8)
    >>> check_frames(f, f, block=8, radius=2)
    >>> check_frames(f, f, block=16, radius=2)
    Traceback (most recent call last):
    ...
    nqueens.base.errors.BadInput: a 20×12 frame holds no whole 16×16 block
    >>> check_frames(f, f[:8], block=8, radius=2)
    Traceback (most recent call last):
    ...
    nqueens.base.errors.BadInput: the reference and target frames must be 2-D and of the same size
    """
    if reference.ndim != 2 or reference.shape != target.shape:
        raise BadInput("the reference and target frames must be 2-D and of the same size")
    check_settings(block, radius)
    h, w = target.shape
    if h < block or w < block:
        raise BadInput(f"a {w}×{h} frame holds no whole {block}×{block} block")


def _prepare(reference: Frame, target: Frame, block: int, radius: int
             ) -> tuple[Frame, Frame, npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    ref = np.ascontiguousarray(reference, dtype=np.uint8)
    tgt = np.ascontiguousarray(target, dtype=np.uint8)
    check_frames(ref, tgt, block, radius)
    nby, nbx = tgt.shape[0] // block, tgt.shape[1] // block
    return (ref, tgt, np.zeros((nby, nbx, 2), dtype=np.int64),
            np.zeros((nby, nbx), dtype=np.int64))


def full_search(reference: Frame, target: Frame, block: int = 16, radius: int = 7
                ) -> MotionField:
    """Full-search block matching with the SAD over all ``block²`` pixels.

    >>> f = np.arange(32 * 32, dtype=np.uint8).reshape(32, 32)
    >>> m = full_search(f, f, block=16, radius=2)
    >>> m.vectors.tolist(), m.candidates, m.ops
    ([[[0, 0], [0, 0]], [[0, 0], [0, 0]]], 36, 9216)
    """
    ref, tgt, vectors, sads = _prepare(reference, target, block, radius)
    t0 = time.perf_counter()
    cand = full_sad_kernel(ref, tgt, block, radius, vectors, sads)
    seconds = time.perf_counter() - t0
    return MotionField("full", None, block, radius, vectors, sads, int(cand), block * block,
                       seconds)


def pattern_search(reference: Frame, target: Frame, pattern: Pattern, block: int = 16,
                   radius: int = 7) -> MotionField:
    """Full-search block matching with the SAD taken only on ``pattern`` tiled over the block.

    >>> from nqueens.tasks.motion.patterns import parse_pattern
    >>> f = np.arange(32 * 32, dtype=np.uint8).reshape(32, 32)
    >>> m = pattern_search(f, f, parse_pattern("8"), block=16, radius=2)
    >>> m.samples, m.ops
    (32, 1152)
    """
    ref, tgt, vectors, sads = _prepare(reference, target, block, radius)
    if pattern.n > block:
        raise BadInput(f"a {pattern.n}-queens pattern does not fit in a {block}×{block} block")
    mask = pattern.mask(block)
    si, sj = (np.ascontiguousarray(a, dtype=np.int64) for a in np.nonzero(mask))
    t0 = time.perf_counter()
    cand = sampled_sad_kernel(ref, tgt, block, radius, si, sj, vectors, sads)
    seconds = time.perf_counter() - t0
    return MotionField("queens", pattern, block, radius, vectors, sads, int(cand),
                       pattern.samples(block), seconds)


def warm_up() -> None:
    """Run both kernels once on a tiny input, so that the timings of real searches do not
    include loading the native core.

    It returns nothing; afterwards both searches run at once:

    >>> warm_up()
    >>> f = np.zeros((8, 8), dtype=np.uint8)
    >>> full_search(f, f, block=4, radius=1).vectors.tolist()
    [[[0, 0], [0, 0]], [[0, 0], [0, 0]]]
    """
    from ...base.board import Solution

    f = np.zeros((8, 8), dtype=np.uint8)
    full_search(f, f, block=4, radius=1)
    pattern_search(f, f, Pattern(Solution([1, 3, 0, 2])), block=4, radius=1)
