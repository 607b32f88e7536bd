"""Frames for motion estimation: image files, the shipped photograph, test pairs with known
motion.

Frames are 2-D ``uint8`` arrays of luma (brightness), ``frame[y, x]``. Colour pictures are
converted with the ITU-R BT.601 weights (0.299 R + 0.587 G + 0.114 B), as MPEG encoders
match blocks on luma.

Motion vectors follow the usual coding convention: the block of the *target* frame whose
top-left pixel is (x, y) is predicted from the *reference* frame at (x + dx, y + dy). When the
picture content moves by (sx, sy) pixels (right and down) from reference to target, the true
vector is therefore (−sx, −sy).

>>> pair = make_pair(size=(64, 48), shifts=[(3, -2)])
>>> pair.reference.shape, pair.target.shape
((48, 64), (48, 64))
>>> bool((pair.target[10:40, 10:50] == pair.reference[12:42, 7:47]).all())
True
>>> pair.true_dx[0, 0], pair.true_dy[0, 0]
(np.int64(-3), np.int64(2))
"""

from __future__ import annotations

import math
import os
import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from ...base.errors import BadInput

Frame = npt.NDArray[np.uint8]

#: The photograph the demonstration pair is made from (it ships with matplotlib).
SAMPLE_PHOTO = "grace_hopper.jpg"

#: What to install when Pillow is missing.
INSTALL_HINT = "reading PNG/JPEG frames needs Pillow: pip install 'nqueens[motion]'"

#: The largest frame read (8000×8000 pixels): a picture whose header gives more is refused
#: before its pixels are decoded, so a small file that unpacks to gigabytes (a
#: "decompression bomb") costs nothing.
MAX_PIXELS = 64_000_000

#: Rows of a colour picture converted to luma at a time (bounds the float copies).
_LUMA_ROWS = 256


def _pil() -> Any:
    try:
        from PIL import Image, UnidentifiedImageError
    except ImportError:
        raise BadInput(INSTALL_HINT) from None
    return Image, UnidentifiedImageError


def to_luma(pixels: npt.ArrayLike, bits: int | None = None) -> Frame:
    """Luma of an image array: grey as it is, colour (RGB or RGBA, the alpha ignored) with
    the BT.601 weights, rounded to 0..255.

    Integer values of ``bits`` bits (0..2**bits - 1) are scaled to 0..255: by default 16 for
    ``uint16`` arrays and 8 (no scaling) for other integers; float images in [0, 1] are
    scaled to 0..255.

    >>> to_luma(np.array([[[255, 0, 0], [0, 255, 0], [0, 0, 255]]], dtype=np.uint8)).tolist()
    [[76, 150, 29]]
    >>> to_luma(np.array([[0, 257, 32768, 65535]], dtype=np.uint16)).tolist()
    [[0, 1, 128, 255]]
    >>> to_luma([[0, 2048, 4095]], bits=12).tolist()
    [[0, 128, 255]]
    """
    a = np.asarray(pixels)
    if a.ndim == 3 and a.shape[2] not in (3, 4):
        raise BadInput(f"an image with {a.shape[2]} channels is neither grey nor colour")
    if a.ndim not in (2, 3):
        raise BadInput("a frame is a 2-D picture")
    if bits is not None and not 1 <= bits <= 32:
        raise ValueError(f"bits {bits}: must be 1..32")
    if a.dtype.kind == "f":
        scale = 255.0
    elif a.dtype.kind in "iub":
        depth = bits if bits is not None else (16 if a.dtype == np.uint16 else 8)
        scale = 255.0 / (2 ** depth - 1)
    else:
        raise BadInput(f"pixels of type {a.dtype} are not a picture")
    out = np.empty(a.shape[:2], dtype=np.uint8)
    weights = np.array([0.299, 0.587, 0.114])
    for top in range(0, max(a.shape[0], 1), _LUMA_ROWS):  # a few MB of floats at a time
        values = a[top:top + _LUMA_ROWS].astype(np.float64) * scale
        if values.ndim == 3:
            values = values[..., :3] @ weights
        out[top:top + _LUMA_ROWS] = np.clip(np.floor(values + 0.5), 0, 255)
    return out


def load_frame(path: str | os.PathLike[str]) -> Frame:
    """Read a PNG or JPEG file (or any picture Pillow reads) as a luma frame.

    Grey pictures of more than 8 bits (16-bit PNG or TIFF: Pillow modes ``I;16`` and ``I``)
    are scaled to 0..255 (a 16-bit value v becomes v·255/65535, rounded); integer pictures
    whose values exceed 16 bits are taken as 32-bit. Colour pictures are read by Pillow
    at 8 bits per channel.

    Missing, unreadable or non-picture files raise :class:`BadInput` with a one-line reason.

    >>> load_frame("no-such-file.png")
    Traceback (most recent call last):
    ...
    nqueens.base.errors.BadInput: no-such-file.png: no such file
    """
    name = os.fspath(path)
    if not os.path.exists(name):
        raise BadInput(f"{name}: no such file")
    if os.path.isdir(name):
        raise BadInput(f"{name}: is a folder, not a picture")
    image_mod, unidentified = _pil()
    try:
        with warnings.catch_warnings():  # the size is checked here, with a clearer message
            warnings.simplefilter("ignore", image_mod.DecompressionBombWarning)
            im = image_mod.open(name)
    except image_mod.DecompressionBombError:
        raise BadInput(f"{name}: the picture has more than {MAX_PIXELS:,} pixels, the "
                       "most a frame may have; refused") from None
    except unidentified:
        raise BadInput(f"{name}: not a picture Pillow can read (PNG or JPEG expected)") from None
    except (OSError, SyntaxError, ValueError) as exc:
        raise BadInput(f"{name}: cannot read the picture ({exc})") from None
    if im.width * im.height > MAX_PIXELS:
        im.close()
        raise BadInput(f"{name}: a {im.width}×{im.height} picture has more than the "
                       f"{MAX_PIXELS:,} pixels a frame may have; refused")
    try:
        with im:
            im.load()
            mode = im.mode
            if mode.startswith("I"):  # I;16, I;16B, I;16L, I;16N, I: high bit depth
                pixels = np.asarray(im)
            else:
                grey = im.convert("L") if mode not in ("L", "RGB", "RGBA") else im
                pixels = np.asarray(grey)
    except unidentified:
        raise BadInput(f"{name}: not a picture Pillow can read (PNG or JPEG expected)") from None
    except (OSError, SyntaxError, ValueError) as exc:
        raise BadInput(f"{name}: cannot read the picture ({exc})") from None
    if mode.startswith("I"):
        if pixels.size and int(pixels.min()) < 0:
            raise BadInput(f"{name}: negative pixel values (a mode {mode} picture)")
        top = int(pixels.max()) if pixels.size else 0
        return to_luma(pixels, bits=16 if top <= 0xFFFF else 32)
    return to_luma(pixels)


def load_pair(reference: str | os.PathLike[str], target: str | os.PathLike[str]
              ) -> tuple[Frame, Frame]:
    """Read the reference and target frames; they must have the same size.

    >>> import os, tempfile
    >>> from PIL import Image
    >>> folder = tempfile.mkdtemp()
    >>> grey = np.arange(24 * 32, dtype=np.uint8).reshape(24, 32)
    >>> Image.fromarray(grey).save(os.path.join(folder, "a.png"))
    >>> Image.fromarray(np.roll(grey, 2, axis=1)).save(os.path.join(folder, "b.png"))
    >>> Image.fromarray(grey[:16]).save(os.path.join(folder, "small.png"))
    >>> ref, tgt = load_pair(os.path.join(folder, "a.png"), os.path.join(folder, "b.png"))
    >>> ref.shape, bool((ref == grey).all()), bool((tgt[:, 2:] == grey[:, :-2]).all())
    ((24, 32), True, True)
    >>> load_pair(os.path.join(folder, "a.png"), os.path.join(folder, "small.png"))
    Traceback (most recent call last):
    ...
    nqueens.base.errors.BadInput: frame sizes differ: /...a.png is 32×24, /...small.png is 32×16
    """
    ref = load_frame(reference)
    tgt = load_frame(target)
    if ref.shape != tgt.shape:
        raise BadInput(
            f"frame sizes differ: {os.fspath(reference)} is {ref.shape[1]}×{ref.shape[0]}, "
            f"{os.fspath(target)} is {tgt.shape[1]}×{tgt.shape[0]}"
        )
    return ref, tgt


def sample_photo() -> Frame:
    """The shipped photograph (matplotlib's ``grace_hopper.jpg``, 512×600) as luma.

    >>> sample_photo().shape
    (600, 512)
    """
    from matplotlib import cbook

    path = cbook.get_sample_data(SAMPLE_PHOTO, asfileobj=False)
    return load_frame(str(path))


def resize(frame: npt.NDArray[Any], height: int, width: int) -> npt.NDArray[np.float64]:
    """Bilinear resampling (pixel centres aligned) to ``height × width``, as floats.

    >>> resize(np.array([[0, 100]], dtype=np.uint8), 1, 4).tolist()
    [[0.0, 25.0, 75.0, 100.0]]
    """
    h, w = frame.shape
    f = frame.astype(np.float64)

    def axis(n_in: int, n_out: int) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64],
                                              npt.NDArray[np.float64]]:
        pos = (np.arange(n_out) + 0.5) * (n_in / n_out) - 0.5
        pos = np.clip(pos, 0, n_in - 1)
        lo = np.floor(pos).astype(np.int64)
        hi = np.minimum(lo + 1, n_in - 1)
        return lo, hi, pos - lo

    y0, y1, wy = axis(h, height)
    x0, x1, wx = axis(w, width)
    top = f[y0][:, x0] * (1 - wx) + f[y0][:, x1] * wx
    bottom = f[y1][:, x0] * (1 - wx) + f[y1][:, x1] * wx
    out: npt.NDArray[np.float64] = top * (1 - wy)[:, None] + bottom * wy[:, None]
    return out


def canvas(photo: Frame, height: int, width: int) -> Frame:
    """A ``height × width`` picture made from ``photo``: scaled (bilinear) so that it covers
    the shape, then cropped about its centre. One continuous picture: no part of it is
    tiled or mirrored.

    >>> canvas(sample_photo(), 720, 1280).shape
    (720, 1280)
    """
    h, w = photo.shape
    scale = max(height / h, width / w)
    new_h, new_w = max(height, round(h * scale)), max(width, round(w * scale))
    scaled = resize(photo, new_h, new_w)
    y0, x0 = (new_h - height) // 2, (new_w - width) // 2
    return np.clip(scaled[y0:y0 + height, x0:x0 + width] + 0.5, 0, 255).astype(np.uint8)


@dataclass(frozen=True)
class FramePair:
    """Two frames and, for made pairs, the true motion of every target pixel (``None`` for
    frames read from files).

    >>> f = np.zeros((48, 64), dtype=np.uint8)
    >>> pair = FramePair(f, f)
    >>> pair.size, pair.true_dx is None
    ((64, 48), True)
    >>> made = make_pair(size=(64, 48), shifts=[(3, -2)])
    >>> made.description
    'grace_hopper.jpg 64×48, moved by (+3, -2)'
    """

    reference: Frame
    target: Frame
    true_dx: npt.NDArray[np.int64] | None = None
    true_dy: npt.NDArray[np.int64] | None = None
    description: str = ""

    @property
    def size(self) -> tuple[int, int]:
        """(width, height)."""
        return int(self.reference.shape[1]), int(self.reference.shape[0])


def make_pair(size: tuple[int, int] | None = None, shifts: Sequence[tuple[int, int]] = ((3, 2),),
              noise: float = 0.0, seed: int = 0, photo: Frame | None = None) -> FramePair:
    """A test pair from a real photograph moved by known motion.

    ``size`` is (width, height), by default the photograph's own size (512×600). With one
    shift (sx, sy) the whole picture content moves sx pixels right and sy down from the
    reference to the target; with k shifts the frame is cut into k vertical bands of equal
    width (rounded to 16 pixels), each moving by its own shift. ``noise`` adds Gaussian
    noise of that standard deviation (grey levels) to both frames, independently.

    Pixels that come into view are taken from the photograph around the frame, so the target
    is a true translation of a larger picture, with no borders filled in.

    >>> p = make_pair(size=(64, 32), shifts=[(1, 0), (-2, 0)])
    >>> sorted(set(p.true_dx.ravel().tolist()))
    [-1, 2]
    >>> make_pair(size=(64, 32), noise=float("nan"))
    Traceback (most recent call last):
    ...
    nqueens.base.errors.BadInput: noise nan: must be a finite number, zero or more
    """
    if not shifts:
        raise BadInput("give at least one shift")
    if not (math.isfinite(noise) and noise >= 0):
        raise BadInput(f"noise {noise:g}: must be a finite number, zero or more")
    base = sample_photo() if photo is None else photo
    width, height = size if size is not None else (base.shape[1], base.shape[0])
    if not (8 <= width <= 8192 and 8 <= height <= 8192):
        raise BadInput(f"frame size {width}×{height}: each side must be 8..8192 pixels")
    margin = max(max(abs(sx), abs(sy)) for sx, sy in shifts)
    if margin > min(width, height) // 2:
        raise BadInput(f"shift of {margin} pixels is too large for a {width}×{height} frame")
    if size is None and margin == 0:
        big = base
    else:
        big = canvas(base, height + 2 * margin, width + 2 * margin)
    ref = np.ascontiguousarray(big[margin:margin + height, margin:margin + width])
    tgt = np.empty_like(ref)
    true_dx = np.empty((height, width), dtype=np.int64)
    true_dy = np.empty((height, width), dtype=np.int64)
    k = len(shifts)
    band = max(16, -(-width // k // 16) * 16) if k > 1 else width
    for i, (sx, sy) in enumerate(shifts):
        x0, x1 = min(i * band, width), (width if i == k - 1 else min((i + 1) * band, width))
        if x0 >= x1:
            raise BadInput(f"{k} bands do not fit in a frame {width} pixels wide")
        tgt[:, x0:x1] = big[margin - sy:margin - sy + height, margin - sx + x0:margin - sx + x1]
        true_dx[:, x0:x1] = -sx
        true_dy[:, x0:x1] = -sy
    if noise > 0:
        rng = np.random.default_rng(seed)
        ref = np.clip(ref + rng.normal(0.0, noise, ref.shape) + 0.5, 0, 255).astype(np.uint8)
        tgt = np.clip(tgt + rng.normal(0.0, noise, tgt.shape) + 0.5, 0, 255).astype(np.uint8)
    moves = ", ".join(f"({sx:+d}, {sy:+d})" for sx, sy in shifts)
    what = "moved by" if k == 1 else f"in {k} vertical bands moved by"
    desc = f"{SAMPLE_PHOTO if photo is None else 'picture'} {width}×{height}, {what} {moves}"
    if noise > 0:
        desc += f", noise sigma {noise:g}"
    return FramePair(ref, tgt, true_dx, true_dy, desc)
