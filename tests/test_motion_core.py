"""Motion estimation with N-queens subsampling: the Python API."""

from __future__ import annotations

import math
import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nqueens
from nqueens.base.errors import BadInput
from nqueens.tasks.motion import (
    block_truth,
    compare,
    full_search,
    load_frame,
    make_pair,
    parse_pattern,
    pattern_from_solution,
    pattern_search,
    predict,
    psnr,
    tile_lines,
    vectors_text,
)
from nqueens.tasks.motion.frames import INSTALL_HINT, canvas, sample_photo


def reference_search(ref: np.ndarray, tgt: np.ndarray, mask: np.ndarray, block: int,
                     radius: int) -> tuple[np.ndarray, np.ndarray, int]:
    """Plain numpy block matching with the documented tie rule, to check the kernels."""
    h, w = tgt.shape
    nby, nbx = h // block, w // block
    vec = np.zeros((nby, nbx, 2), dtype=np.int64)
    sad = np.zeros((nby, nbx), dtype=np.int64)
    cand = 0
    r = ref.astype(np.int64)
    for by in range(nby):
        for bx in range(nbx):
            y, x = by * block, bx * block
            t = tgt[y:y + block, x:x + block].astype(np.int64)
            best = None
            for dy in range(-radius, radius + 1):
                for dx in range(-radius, radius + 1):
                    if not (0 <= y + dy <= h - block and 0 <= x + dx <= w - block):
                        continue
                    cand += 1
                    s = int(np.abs(t - r[y + dy:y + dy + block, x + dx:x + dx + block])[mask].sum())
                    key = (s, abs(dx) + abs(dy))
                    if best is None or key < best[0]:
                        best = (key, dx, dy)
            assert best is not None
            vec[by, bx] = (best[1], best[2])
            sad[by, bx] = best[0][0]
    return vec, sad, cand


# -- patterns ------------------------------------------------------------------------------

@pytest.mark.parametrize("n", [1, 4, 5, 6, 7, 8])
def test_every_solution_samples_each_tile_line_as_a_queens_pattern(n: int) -> None:
    # Every row and column of an N×N tile holds exactly one sample; each of the 2N-1
    # diagonals in either direction holds at most one, so exactly N of them are used.
    for sol in nqueens.solutions(n):
        lines = tile_lines(pattern_from_solution(sol))
        assert (lines["rows"] == 1).all() and (lines["cols"] == 1).all()
        for key in ("diagonals", "antidiagonals"):
            assert len(lines[key]) == 2 * n - 1
            assert lines[key].max() == 1 and lines[key].sum() == n


@pytest.mark.parametrize("spec", ["4", "4:2", "8", "8:92", "8:37", "2 4 1 3"])
def test_tiled_mask_has_one_sample_per_row_column_and_diagonal_of_each_tile(spec: str) -> None:
    p = parse_pattern(spec)
    n, block = p.n, 16
    mask = p.mask(block)
    assert mask.sum() == block * block // n == p.samples(block)
    for ty in range(0, block, n):
        for tx in range(0, block, n):
            tile = mask[ty:ty + n, tx:tx + n]
            assert (tile.sum(axis=0) == 1).all() and (tile.sum(axis=1) == 1).all()
            for k in range(-n + 1, n):
                assert np.trace(tile, offset=k) <= 1
                assert np.trace(tile[:, ::-1], offset=k) <= 1
    # whole block: block/N samples in each row and column
    assert (mask.sum(axis=0) == block // n).all() and (mask.sum(axis=1) == block // n).all()


def test_patterns_are_named_by_n_by_index_or_by_permutation() -> None:
    assert parse_pattern("8").solution == nqueens.solve(8)
    assert parse_pattern("8:2").solution == list(nqueens.solutions(8))[1]
    assert parse_pattern("1 5 8 6 3 7 2 4").solution == nqueens.solve(8)
    assert parse_pattern("6:4").perm == nqueens.write(list(nqueens.solutions(6))[3], "perm")


@pytest.mark.parametrize("spec, words", [
    ("3", "no 3-queens solution"),
    ("2", "no 2-queens solution"),
    ("4:3", "only 2 solutions"),
    ("4:0", "numbered from 1"),
    ("0", "N must be"),
    ("1 2 3 4", "not an N-queens solution"),
    ("2 4 1", "not a column"),
    ("2 2 1 3", "appears twice"),
    ("x", "not a whole number"),
    ("", "empty"),
])
def test_invalid_patterns_are_bad_input(spec: str, words: str) -> None:
    with pytest.raises(BadInput, match=words):
        parse_pattern(spec)


# -- search --------------------------------------------------------------------------------

SHIFTS = [(0, 0), (3, 2), (-5, 1), (7, -7), (-2, -6), (1, 0)]


@pytest.mark.parametrize("shift", SHIFTS)
def test_every_method_finds_the_true_vector_of_a_pure_translation(shift: tuple[int, int]) -> None:
    pair = make_pair(size=(160, 112), shifts=[shift])
    truth = block_truth(pair.true_dx, pair.true_dy, 16, 7)
    known = truth[:, :, 0] != -999
    assert known.sum() >= 24  # most blocks have a findable true match
    results = compare(pair.reference, pair.target, ["4", "8", "8:50", "5", "16"], block=16,
                      radius=7, true_dx=pair.true_dx, true_dy=pair.true_dy)
    for r in results:
        assert r.correct == 1.0, r.label
        assert (r.field.vectors[known] == truth[known]).all()
        assert (r.field.vectors[known] == (-shift[0], -shift[1])).all()


def test_vectors_follow_each_band_of_a_motion_per_region() -> None:
    pair = make_pair(size=(192, 96), shifts=[(4, 0), (-3, 2), (0, -5)])
    truth = block_truth(pair.true_dx, pair.true_dy, 16, 7)
    assert {tuple(v) for v in truth.reshape(-1, 2).tolist()} >= {(-4, 0), (3, -2), (0, 5)}
    for r in compare(pair.reference, pair.target, ["4", "8"], block=16, radius=7,
                     true_dx=pair.true_dx, true_dy=pair.true_dy):
        assert r.correct == 1.0, r.label


@settings(max_examples=12, deadline=None)
@given(sx=st.integers(-6, 6), sy=st.integers(-6, 6), spec=st.sampled_from(["4", "4:2", "8:7"]))
def test_pure_translations_any_shift_and_pattern(sx: int, sy: int, spec: str) -> None:
    pair = make_pair(size=(96, 64), shifts=[(sx, sy)])
    rows = compare(pair.reference, pair.target, [spec], block=16, radius=6,
                   true_dx=pair.true_dx, true_dy=pair.true_dy)
    assert [r.correct for r in rows] == [1.0, 1.0]


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), spec=st.sampled_from(["1", "4", "5", "8:11"]),
       radius=st.integers(0, 9), block=st.sampled_from([8, 16]))
def test_kernels_agree_with_a_plain_numpy_search(seed: int, spec: str, radius: int,
                                                 block: int) -> None:
    rng = np.random.default_rng(seed)
    # few grey levels, so that ties happen and the tie rule is checked too
    ref = rng.integers(0, 4, size=(40, 56), dtype=np.uint8) * 60
    tgt = rng.integers(0, 4, size=(40, 56), dtype=np.uint8) * 60
    full = full_search(ref, tgt, block, radius)
    vec, sad, cand = reference_search(ref, tgt, np.ones((block, block), bool), block, radius)
    assert (full.vectors == vec).all() and (full.sads == sad).all() and full.candidates == cand
    p = parse_pattern(spec)
    fast = pattern_search(ref, tgt, p, block, radius)
    vec, sad, cand = reference_search(ref, tgt, p.mask(block), block, radius)
    assert (fast.vectors == vec).all() and (fast.sads == sad).all() and fast.candidates == cand


def test_large_blocks_do_not_overflow_the_sad() -> None:
    rng = np.random.default_rng(5)
    ref = rng.integers(0, 256, size=(80, 80), dtype=np.uint8)
    tgt = 255 - ref
    one = pattern_search(ref, tgt, parse_pattern("1"), block=32, radius=3)
    full = full_search(ref, tgt, block=32, radius=3)
    assert (one.sads == full.sads).all() and full.sads.max() > 0xFFFF
    assert (one.vectors == full.vectors).all()


@pytest.mark.parametrize("block, radius", [(16, 7), (16, 0), (16, 15), (8, 3)])
def test_operation_counts_are_exact_and_drop_n_fold(block: int, radius: int) -> None:
    pair = make_pair(size=(100, 90), shifts=[(1, 1)])
    h, w = pair.target.shape
    expected = 0  # candidates whose reference block lies inside the frame
    for y in range(0, h - block + 1, block):
        for x in range(0, w - block + 1, block):
            ys = sum(1 for d in range(-radius, radius + 1) if 0 <= y + d <= h - block)
            xs = sum(1 for d in range(-radius, radius + 1) if 0 <= x + d <= w - block)
            expected += ys * xs
    full = full_search(pair.reference, pair.target, block, radius)
    assert full.candidates == expected and full.ops == expected * block * block
    for n in (1, 4, 8):
        if n > block:
            continue
        m = pattern_search(pair.reference, pair.target, parse_pattern(str(n)), block, radius)
        assert m.candidates == expected
        assert m.ops * n == full.ops
    # N not dividing the block: exactly the sampled pixels of the partial tiles
    m5 = pattern_search(pair.reference, pair.target, parse_pattern("5"), block, radius)
    assert m5.ops == expected * int(parse_pattern("5").mask(block).sum())


def test_search_rejects_unusable_settings() -> None:
    f = np.zeros((32, 32), dtype=np.uint8)
    with pytest.raises(BadInput, match="same size"):
        full_search(f, np.zeros((32, 31), dtype=np.uint8))
    with pytest.raises(BadInput, match="no whole"):
        full_search(f[:10], f[:10], block=16)
    with pytest.raises(BadInput, match="block size"):
        full_search(f, f, block=1)
    with pytest.raises(BadInput, match="search range"):
        full_search(f, f, radius=-1)
    with pytest.raises(BadInput, match="does not fit"):
        pattern_search(f, f, parse_pattern("8"), block=4)


# -- evaluation ----------------------------------------------------------------------------

def test_prediction_psnr_and_agreement() -> None:
    pair = make_pair(size=(128, 96), shifts=[(2, 3)], noise=3.0, seed=1)
    rows = compare(pair.reference, pair.target, ["4", "8"], block=16, radius=7,
                   true_dx=pair.true_dx, true_dy=pair.true_dy)
    full = rows[0]
    assert full.agree_full == 1.0 and full.speedup == 1.0
    assert [r.speedup for r in rows] == [1.0, 4.0, 8.0]
    pred = predict(pair.reference, full.field)
    assert math.isclose(full.psnr, psnr(pred, pair.target[:pred.shape[0], :pred.shape[1]]))
    # the full search minimises the SAD, so its prediction is never worse in total error
    for r in rows[1:]:
        p = predict(pair.reference, r.field).astype(int)
        t = pair.target[:p.shape[0], :p.shape[1]].astype(int)
        assert np.abs(pred.astype(int) - t).sum() <= np.abs(p - t).sum()
        assert math.isfinite(r.psnr) and r.psnr > 10
    # without noise the prediction of a translated block is exact
    clean = make_pair(size=(128, 96), shifts=[(2, 3)])
    f = full_search(clean.reference, clean.target)
    known = block_truth(clean.true_dx, clean.true_dy, 16, 7)[:, :, 0] != -999
    pred = predict(clean.reference, f)
    for by, bx in zip(*np.nonzero(known), strict=True):
        sl = np.s_[by * 16:(by + 1) * 16, bx * 16:(bx + 1) * 16]
        assert (pred[sl] == clean.target[sl]).all()


def test_psnr_values() -> None:
    assert psnr([[0, 0]], [[0, 0]]) == math.inf
    assert math.isclose(psnr(np.zeros((4, 4)), np.full((4, 4), 255)), 0.0)
    assert math.isclose(psnr([[0]], [[1]]), 20 * math.log10(255))


def test_vector_text_lists_every_block_of_every_method() -> None:
    import json

    pair = make_pair(size=(64, 48), shifts=[(1, -1)])
    rows = compare(pair.reference, pair.target, ["4"], block=16, radius=3)
    data = json.loads(vectors_text(rows, "json"))
    assert data["block"] == 16 and data["range"] == 3
    assert [m["pattern"] for m in data["methods"]] == [None, "2 4 1 3"]
    assert len(data["methods"][0]["vectors"]) == 12
    csv = vectors_text(rows, "csv").splitlines()
    assert csv[0] == "method,pattern,x,y,dx,dy,sad" and len(csv) == 1 + 2 * 12
    assert csv[-1].startswith("queens,2 4 1 3,48,32,")


# -- frames --------------------------------------------------------------------------------

def test_made_pairs_are_true_translations_of_the_photograph() -> None:
    pair = make_pair(size=(200, 150), shifts=[(-4, 6)])
    ref, tgt = pair.reference.astype(int), pair.target.astype(int)
    assert (tgt[6:, :196] == ref[:144, 4:]).all()
    assert (pair.true_dx == 4).all() and (pair.true_dy == -6).all()
    assert pair.reference.std() > 20  # a real picture, not a flat one
    noisy = make_pair(size=(200, 150), shifts=[(-4, 6)], noise=5.0, seed=3)
    assert 3.0 < np.std(noisy.target.astype(int) - tgt) < 7.0
    same = make_pair(size=(200, 150), shifts=[(-4, 6)], noise=5.0, seed=3)
    assert (same.target == noisy.target).all()


def _mirror_seam(frame: np.ndarray, width: int = 8) -> float:
    """The smallest mean difference, over every column s, between the `width` columns left
    of s and the mirror image of those right of it: 0 where a picture meets its mirror."""
    f = frame.astype(float)
    return min(float(np.abs(f[:, s - width:s] - f[:, s:s + width][:, ::-1]).mean())
               for s in range(width, f.shape[1] - width))


def test_photo_and_the_1280x720_canvas() -> None:
    photo = sample_photo()
    assert photo.shape == (600, 512) and photo.dtype == np.uint8
    big = canvas(photo, 720, 1280)
    assert big.shape == (720, 1280)
    # the photo scaled by 2.5 to cover 1280 columns, its middle 720 rows kept: one picture
    rows, cols = np.arange(0, 720, 5), np.arange(0, 1280, 5)
    seen = big[np.ix_(rows, cols)].astype(float).ravel()
    source = photo[np.ix_((156 + rows / 2.5).astype(int), (cols / 2.5).astype(int))]
    assert np.corrcoef(seen, source.astype(float).ravel())[0, 1] > 0.97
    assert _mirror_seam(big) > 1.0


@pytest.mark.parametrize("size", [None, (1280, 720), (640, 480), (512, 600)])
def test_the_demo_pair_is_one_picture_shifted_with_no_mirrored_seam(
        size: tuple[int, int] | None) -> None:
    pair = make_pair(size=size, shifts=[(3, 2)])
    assert _mirror_seam(pair.reference) > 1.0 and _mirror_seam(pair.target) > 1.0
    w, h = pair.size
    assert (pair.target[2:h, 3:w] == pair.reference[0:h - 2, 0:w - 3]).all()


@pytest.mark.parametrize("bad", [[(3, 2)] * 0, [(400, 0)]])
def test_make_pair_rejects_impossible_motion(bad: list[tuple[int, int]]) -> None:
    with pytest.raises(BadInput):
        make_pair(size=(64, 64), shifts=bad)


def test_make_pair_rejects_bad_sizes_and_noise() -> None:
    with pytest.raises(BadInput, match="8..8192"):
        make_pair(size=(4, 64))
    with pytest.raises(BadInput, match="noise"):
        make_pair(size=(64, 64), noise=-1)


def test_without_pillow_reading_frames_says_what_to_install(tmp_path, monkeypatch) -> None:
    path = tmp_path / "a.png"
    path.write_bytes(b"\x89PNG\r\n\x1a\n")
    monkeypatch.setitem(sys.modules, "PIL", None)
    with pytest.raises(BadInput) as info:
        load_frame(path)
    assert str(info.value) == INSTALL_HINT and "nqueens[motion]" in INSTALL_HINT
