"""The C block-matching kernels against a readable numpy search, and their argument checks."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nqueens._core import motion as core
from nqueens.tasks.motion.search import full_sad_kernel, sampled_sad_kernel


def _readable(ref: np.ndarray, tgt: np.ndarray, block: int, radius: int,
              mask: np.ndarray) -> tuple[np.ndarray, np.ndarray, int]:
    """Every candidate's SAD over the pixels of ``mask``, the winner chosen by the rule
    (least SAD, then shortest |dx| + |dy|, then scan order dy, dx)."""
    h, w = tgt.shape
    nby, nbx = h // block, w // block
    vectors = np.zeros((nby, nbx, 2), dtype=np.int64)
    sads = np.zeros((nby, nbx), dtype=np.int64)
    candidates = 0
    for by in range(nby):
        for bx in range(nbx):
            y, x = by * block, bx * block
            t = tgt[y:y + block, x:x + block].astype(np.int64)
            best: tuple[int, int, int, int] | None = None
            order = 0
            for dy in range(-radius, radius + 1):
                for dx in range(-radius, radius + 1):
                    if not (0 <= y + dy <= h - block and 0 <= x + dx <= w - block):
                        continue
                    r = ref[y + dy:y + dy + block, x + dx:x + dx + block].astype(np.int64)
                    s = int(np.abs(t - r)[mask].sum())
                    key = (s, abs(dx) + abs(dy), order, 0)
                    order += 1
                    candidates += 1
                    if best is None or key < best:
                        best = key
                        vectors[by, bx] = (dx, dy)
                        sads[by, bx] = s
    return vectors, sads, candidates


def _outputs(shape: tuple[int, int], block: int) -> tuple[np.ndarray, np.ndarray]:
    nby, nbx = shape[0] // block, shape[1] // block
    return np.zeros((nby, nbx, 2), dtype=np.int64), np.zeros((nby, nbx), dtype=np.int64)


frames = st.tuples(st.integers(4, 40), st.integers(4, 40), st.integers(0, 2**32 - 1),
                   st.sampled_from(["random", "flat", "extreme"]))


def _pair(h: int, w: int, seed: int, kind: str) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    if kind == "flat":  # many ties: the tie rules decide
        ref = np.full((h, w), 7, dtype=np.uint8)
        tgt = ref.copy()
        tgt[rng.integers(0, h), rng.integers(0, w)] = 9
    elif kind == "extreme":  # 0 against 255: the largest differences
        ref = (rng.integers(0, 2, (h, w)) * 255).astype(np.uint8)
        tgt = (rng.integers(0, 2, (h, w)) * 255).astype(np.uint8)
    else:
        ref = rng.integers(0, 256, (h, w), dtype=np.uint8)
        tgt = np.roll(ref, (int(rng.integers(-3, 4)), int(rng.integers(-3, 4))), axis=(0, 1))
    return ref, tgt


@settings(max_examples=60, deadline=None)
@given(frame=frames, block=st.integers(2, 20), radius=st.integers(0, 20))
def test_full_sad_is_the_readable_search(frame: tuple[int, int, int, str], block: int,
                                         radius: int) -> None:
    h, w, seed, kind = frame
    block = min(block, h, w)
    ref, tgt = _pair(h, w, seed, kind)
    vectors, sads = _outputs(tgt.shape, block)
    cand = full_sad_kernel(ref, tgt, block, radius, vectors, sads)
    want = _readable(ref, tgt, block, radius, np.ones((block, block), dtype=bool))
    assert (vectors.tolist(), sads.tolist(), cand) == (want[0].tolist(), want[1].tolist(),
                                                       want[2])


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(frame=frames, block=st.integers(2, 20), radius=st.integers(0, 20),
       density=st.floats(0.05, 1.0), plain=st.booleans())
def test_sampled_sad_is_the_readable_search(frame: tuple[int, int, int, str], block: int,
                                            radius: int, density: float, plain: bool) -> None:
    h, w, seed, kind = frame
    block = min(block, h, w)
    ref, tgt = _pair(h, w, seed, kind)
    mask = np.random.default_rng(seed + 1).random((block, block)) < density
    si, sj = (np.ascontiguousarray(a, dtype=np.int64) for a in np.nonzero(mask))
    vectors, sads = _outputs(tgt.shape, block)
    cand = core.sampled_sad(ref, tgt, block, radius, si, sj, vectors, sads, plain=plain)
    want = _readable(ref, tgt, block, radius, mask)
    assert (vectors.tolist(), sads.tolist(), cand) == (want[0].tolist(), want[1].tolist(),
                                                       want[2])


def test_more_samples_than_a_16_bit_lane_holds() -> None:
    """A 32x32 block sampled everywhere against its negative: 1024 * 255 per candidate,
    past 65535, on every instruction set."""
    ref = np.zeros((64, 64), dtype=np.uint8)
    tgt = np.full((64, 64), 255, dtype=np.uint8)
    si, sj = (np.ascontiguousarray(a, dtype=np.int64) for a in np.nonzero(np.ones((32, 32))))
    for plain in (False, True):
        vectors, sads = _outputs(tgt.shape, 32)
        core.sampled_sad(ref, tgt, 32, 17, si, sj, vectors, sads, plain=plain)
        assert sads.tolist() == [[1024 * 255] * 2] * 2
    vectors, sads = _outputs(tgt.shape, 32)
    full_sad_kernel(ref, tgt, 32, 17, vectors, sads)
    assert sads.tolist() == [[1024 * 255] * 2] * 2


def test_largest_block_and_range() -> None:
    f = np.random.default_rng(3).integers(0, 256, (256, 300), dtype=np.uint8)
    vectors, sads = _outputs(f.shape, 256)
    assert full_sad_kernel(f, f, 256, 256, vectors, sads) == 45
    assert vectors.tolist() == [[[0, 0]]] and sads.tolist() == [[0]]
    si = sj = np.arange(0, 256, 8, dtype=np.int64)
    assert sampled_sad_kernel(f, f, 256, 256, si, sj, vectors, sads) == 45


def test_simd_names_an_instruction_set() -> None:
    assert core.simd() in ("avx2", "sse2", "plain")


def _args() -> dict[str, Any]:
    f = np.zeros((8, 8), dtype=np.uint8)
    vectors, sads = _outputs(f.shape, 4)
    return {"ref": f, "tgt": f.copy(), "block": 4, "radius": 1, "vectors": vectors,
            "sads": sads, "si": np.array([0, 1], dtype=np.int64),
            "sj": np.array([1, 3], dtype=np.int64)}


def _call_both(**change: Any) -> list[type[BaseException]]:
    raised: list[type[BaseException]] = []
    for name in ("full", "sampled"):
        a = _args() | change
        try:
            if name == "full":
                core.full_sad(a["ref"], a["tgt"], a["block"], a["radius"], a["vectors"],
                              a["sads"])
            else:
                core.sampled_sad(a["ref"], a["tgt"], a["block"], a["radius"], a["si"], a["sj"],
                                 a["vectors"], a["sads"])
        except (TypeError, ValueError) as exc:
            raised.append(type(exc))
    return raised


@pytest.mark.parametrize("change, error", [
    ({"ref": np.zeros((8, 8), dtype=np.int32)}, TypeError),
    ({"tgt": np.zeros((8, 8), dtype=np.float64)}, TypeError),
    ({"ref": np.zeros((8, 16), dtype=np.uint8)[:, ::2]}, TypeError),   # not contiguous
    ({"tgt": np.zeros((8, 7), dtype=np.uint8)}, ValueError),            # shapes differ
    ({"ref": np.zeros(64, dtype=np.uint8), "tgt": np.zeros(64, dtype=np.uint8)}, ValueError),
    ({"block": 1}, ValueError),
    ({"block": 257}, ValueError),
    ({"radius": -1}, ValueError),
    ({"radius": 257}, ValueError),
    ({"vectors": np.zeros((3, 2, 2), dtype=np.int64)}, ValueError),    # more blocks than fit
    ({"vectors": np.zeros((2, 2), dtype=np.int64)}, ValueError),
    ({"vectors": np.zeros((2, 2, 2), dtype=np.int32)}, TypeError),
    ({"sads": np.zeros(3, dtype=np.int64)}, ValueError),
    ({"sads": np.zeros(4, dtype=np.int64).data.toreadonly()}, TypeError),
    ({"vectors": bytes(64)}, TypeError),                               # read-only
])
def test_bad_arguments_raise(change: dict[str, object], error: type[BaseException]) -> None:
    assert _call_both(**change) == [error, error]


@pytest.mark.parametrize("si, sj, error", [
    (np.array([0, 4]), np.array([1, 1]), ValueError),      # row past the block
    (np.array([0, 1]), np.array([-1, 1]), ValueError),
    (np.array([0, 1]), np.array([1]), ValueError),         # lengths differ
    (np.array([0, 1], dtype=np.int32), np.array([1, 1]), TypeError),
])
def test_bad_samples_raise(si: np.ndarray, sj: np.ndarray, error: type[BaseException]) -> None:
    a = _args()
    with pytest.raises(error):
        core.sampled_sad(a["ref"], a["tgt"], 4, 1, si, sj, a["vectors"], a["sads"])
