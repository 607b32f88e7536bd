"""all: every format through the registry; galleries captioned; -q; nothing counted twice."""

from __future__ import annotations

import re
from pathlib import Path

from PIL import Image


def test_an_svg_gallery_captions_each_board_with_its_permutation(run) -> None:
    r = run("all", "6", "-f", "svg")
    assert r.code == 0
    captions = re.findall(r'<text class="caption"[^>]*>([^<]*)</text>', r.out)
    assert captions == run("all", "6", "-f", "perm").out.splitlines()


def test_a_png_gallery_is_written_from_the_extension(run, tmp_path: Path) -> None:
    out = tmp_path / "twelve.png"
    r = run("all", "8", "-u", "-o", str(out))
    assert r.code == 0, r.err
    with Image.open(out) as im:
        wide, high = im.size
    assert wide > high > 0          # twelve boards in rows of five, with their captions
    one = tmp_path / "one.png"
    assert run("all", "8", "-u", "--limit", "1", "-o", str(one)).code == 0
    with Image.open(one) as im:
        assert im.size[1] > im.size[0] * 0.8   # one board and its caption


def test_a_gallery_past_its_limit_is_refused_and_nothing_is_written(run, tmp_path: Path) -> None:
    out = tmp_path / "many.svg"
    r = run("all", "11", "-o", str(out))
    assert r.code == 2 and "at most 2,000 boards" in r.err and not out.exists()


def test_quiet_all_prints_the_boards_alone(run) -> None:
    r = run("all", "5", "-q", "-f", "perm")
    assert r.code == 0 and r.err == "" and len(r.out.splitlines()) == 10
