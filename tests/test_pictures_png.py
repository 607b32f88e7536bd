"""Board pictures in PNG: squares, queens and highlights where they belong."""

from __future__ import annotations

import io

import numpy as np
from matplotlib.colors import to_rgb

from nqueens import Solution
from nqueens.output.pictures import DARK, LIGHT, QUEEN_FILL, board_png


def _pixels(data: bytes) -> np.ndarray:
    from PIL import Image

    return np.asarray(Image.open(io.BytesIO(data)).convert("RGB")).astype(int)


def _near(pixel: np.ndarray, color: str) -> bool:
    return bool(np.all(np.abs(pixel - np.array(to_rgb(color)) * 255) <= 3))


def test_squares_and_queens_are_where_the_board_says() -> None:
    s = Solution([1, 3, 0, 2])
    img = _pixels(board_png(s, size=320))
    cell = img.shape[0] // 4
    assert img.shape[:2] == (320, 320)
    for r in range(4):
        for c in range(4):
            y, x = r * cell + 3, c * cell + 3            # a corner: no queen drawn there
            assert _near(img[y, x], DARK if (r + c) % 2 else LIGHT), (r, c)
            block = img[r * cell:(r + 1) * cell, c * cell:(c + 1) * cell].reshape(-1, 3)
            has_queen = any(_near(p, QUEEN_FILL) for p in block[:: 7])
            assert has_queen == (s[r] == c), (r, c)


def test_a_large_board_is_one_image_not_a_patch_per_square() -> None:
    s = Solution(list(range(1, 200, 2)) + list(range(0, 200, 2)))   # any placement
    img = _pixels(board_png(s, size=400))
    assert img.shape[:2] == (400, 400)
    assert _near(img[1, 9], LIGHT) and _near(img[1, 11], DARK)      # 2 px a square
