"""Block motion estimation with N-queens subsampling.

Video coders predict each block of a frame from the best-matching block of the previous
frame, found by comparing the block with every candidate in a search window: the *sum of
absolute differences* (SAD) over its pixels. Computing the SAD only on the pixels of an
N-queens solution tiled over the block (one pixel per row and column of each N×N tile, at
most one per diagonal) does N times fewer operations for a small loss of quality.

>>> from nqueens.tasks.motion import make_pair, compare
>>> pair = make_pair(size=(128, 96), shifts=[(3, -2)])
>>> full, q4, q8 = compare(pair.reference, pair.target, ["4", "8"],
...                        true_dx=pair.true_dx, true_dy=pair.true_dy)
>>> full.correct, q4.correct, q8.correct
(1.0, 1.0, 1.0)
>>> q4.speedup, q8.speedup
(4.0, 8.0)
"""

from __future__ import annotations

from .evaluation import MethodResult, block_truth, compare, predict, psnr, vectors_text
from .frames import FramePair, load_frame, load_pair, make_pair, sample_photo, to_luma
from .patterns import DEFAULT_PATTERNS, Pattern, parse_pattern, pattern_from_solution, tile_lines
from .pictures import tradeoff_png, vectors_png
from .search import MotionField, full_search, pattern_search

__all__ = [
    "DEFAULT_PATTERNS",
    "FramePair",
    "MethodResult",
    "MotionField",
    "Pattern",
    "block_truth",
    "compare",
    "full_search",
    "load_frame",
    "load_pair",
    "make_pair",
    "parse_pattern",
    "pattern_from_solution",
    "pattern_search",
    "predict",
    "psnr",
    "sample_photo",
    "tile_lines",
    "to_luma",
    "tradeoff_png",
    "vectors_png",
    "vectors_text",
]
