"""``nqueens motion --picture/--plot``: arrows that can be read on a slide, a key that
says what they are and their scale, a title, the size in pixels (``--size PX``) and the
message that names each file written."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from nqueens.cli.app import main
from nqueens.tasks.motion.evaluation import compare
from nqueens.tasks.motion.frames import make_pair
from nqueens.tasks.motion.pictures import (
    DIFFERS_COLOUR,
    FULL_COLOUR,
    SAME_COLOUR,
    arrow_scale,
    tradeoff_figure,
    vectors_figure,
)

PIL = pytest.importorskip("PIL.Image")


@pytest.fixture(scope="module")
def study() -> Any:
    """A pair in two bands moved differently, with noise: the 8-queens search differs
    from the full search on some blocks."""
    pair = make_pair(size=(256, 160), shifts=[(4, 0), (-3, 2)], noise=6.0, seed=1)
    return pair, compare(pair.reference, pair.target, ["8"], repeat=1)


def quivers(ax: Any) -> list[Any]:
    from matplotlib.quiver import Quiver

    return [c for c in ax.collections if isinstance(c, Quiver)]


def test_the_picture_draws_arrows_with_a_key_and_a_title(study: Any) -> None:
    from matplotlib.colors import to_hex
    from matplotlib.quiver import QuiverKey

    pair, (full, queens) = study
    differ = int((queens.field.vectors != full.field.vectors).any(axis=2).sum())
    assert 0 < differ < queens.field.vectors.shape[0] * queens.field.vectors.shape[1]
    fig = vectors_figure(pair.target, queens.field, full=full.field)
    frame, key = fig.axes
    arrows = quivers(frame)
    colours = sorted(to_hex(q.get_facecolor()[0]) for q in arrows)
    assert colours == sorted([SAME_COLOUR, DIFFERS_COLOUR, FULL_COLOUR])
    # one arrow per moving block: the 8-queens vectors, and the full search's where
    # they differ
    moving = lambda v: int(((v[..., 0] != 0) | (v[..., 1] != 0)).sum())  # noqa: E731
    diff_mask = (queens.field.vectors != full.field.vectors).any(axis=2)
    assert sum(q.N for q in arrows) == moving(queens.field.vectors) + \
        moving(np.where(diff_mask[..., None], full.field.vectors, 0))
    # thick enough to read, drawn longer than the motion by the scale the key gives
    scale = arrow_scale(queens.field, full.field)
    assert scale >= 2
    for q in arrows:
        assert q.width >= 1.0 and q.units == "dots" and q.scale == pytest.approx(1 / scale)
    texts = [t.get_text() for t in key.get_legend().get_texts()]
    assert texts[0].startswith("8-queens = full search\n(") and any(
        t.startswith(f"8-queens where it differs\n({differ} blocks, outlined)") for t in texts)
    assert "full search there" in texts and "no motion (0, 0)" in texts
    assert key.get_legend().get_title().get_text() == "16×16 blocks, range ±7"
    scale_keys = [a for a in key.artists if isinstance(a, QuiverKey)]
    assert len(scale_keys) == 1
    assert scale_keys[0].text.get_text().endswith(f"(arrows\ndrawn {scale}× as long)")
    assert fig.get_suptitle() == ("Motion vectors: 8-queens subsampled search "
                                        "(1 5 8 6 3 7 2 4) against full search")
    # the blocks that differ are outlined too: shape, not colour alone
    outlined = [p for p in frame.patches if p.get_linestyle() not in ("-", "solid")]
    assert len(outlined) == differ


def test_a_field_without_motion_has_dots_and_no_scale() -> None:
    pair = make_pair(size=(64, 48), shifts=[(0, 0)])
    full, = compare(pair.reference, pair.target, [], repeat=1)[:1]
    fig = vectors_figure(pair.target, full.field)
    frame, key = fig.axes
    assert quivers(frame) == [] and not key.artists
    dots = [ln for ln in frame.get_lines() if ln.get_marker() == "o"]
    assert sum(len(ln.get_xdata()) for ln in dots) == 12


def test_the_tradeoff_plot_has_a_legend_for_its_two_kinds_of_point(study: Any) -> None:
    _pair, results = study
    ax = tradeoff_figure(results).axes[0]
    assert [t.get_text() for t in ax.get_legend().get_texts()] == \
        ["operations (exact)", "wall time (measured)"]


# The files.

def png_size(path: Path) -> tuple[int, int]:
    with PIL.open(path) as im:
        assert im.format == "PNG"
        return im.size


@pytest.mark.parametrize(("args", "size"), [([], (1280, 720)), (["--size", "800"], (800, 450))])
def test_pictures_are_as_wide_as_size_says_and_each_file_is_named(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str],
        size: tuple[int, int]) -> None:
    pic, plot, mv = tmp_path / "v.png", tmp_path / "t.png", tmp_path / "mv.json"
    assert main(["motion", "--demo", "--frame", "128x96", "-p", "4", "--repeat", "1",
                 "--picture", str(pic), "--plot", str(plot), "--vectors", str(mv),
                 *args]) == 0
    err = capsys.readouterr().err.splitlines()
    assert png_size(pic) == size and png_size(plot) == size
    px = f"{size[0]}×{size[1]} px"
    wrote = [line for line in err if line.startswith("wrote ")]
    assert len(wrote) == 3
    assert wrote[0].startswith(f"wrote {mv} (motion vectors of 2 methods, json, ")
    assert wrote[1].startswith(f"wrote {pic} (the target frame with the 4-queens 2 4 1 3 "
                               f"vectors, {px}, ")
    assert wrote[2].startswith(f"wrote {plot} (PSNR against speed-up, {px}, ")


def test_q_silences_every_message(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pic = tmp_path / "v.png"
    assert main(["motion", "--demo", "--frame", "64x48", "-p", "4", "--repeat", "1",
                 "--picture", str(pic), "-q"]) == 0
    out, err = capsys.readouterr()
    assert err == "" and out and pic.exists()


@pytest.mark.parametrize("value", ["100", "9000"])
def test_a_size_out_of_range_is_refused_before_any_work(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], value: str) -> None:
    pic = tmp_path / "v.png"
    assert main(["motion", "--demo", "--picture", str(pic), "--size", value]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "320 to 7680 pixels" in err and not pic.exists()


def test_output_takes_the_table_or_the_json_and_says_so_last(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import json

    table, doc = tmp_path / "m.txt", tmp_path / "m.json"
    base = ["motion", "--demo", "--frame", "64x48", "-p", "4", "--repeat", "1"]
    assert main([*base, "-o", str(table)]) == 0
    out, err = capsys.readouterr()
    assert out == "" and table.read_text().startswith("method ")
    assert err.splitlines()[-1].startswith(f"wrote {table} (the table of 2 methods, ")
    assert main([*base, "--json", "-o", str(doc)]) == 0
    out, err = capsys.readouterr()
    assert out == "" and json.loads(doc.read_text())["width"] == 64
    assert err.splitlines()[-1].startswith(f"wrote {doc} (the summary of 2 methods, json, ")
