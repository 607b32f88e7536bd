"""Pictures worth a slide: every nqueens command that draws boards takes --size PX (the
picture's width) and --labels/--no-labels (files and ranks; a gallery's captions), a
board alone is 640 px with its files and ranks by default, and a file written is said
in one line."""

from __future__ import annotations

import re
import struct
from pathlib import Path

import pytest

#: One call of each command that draws boards: (arguments, boards in the picture).
DRAWERS = [
    (("solve", "8"), 1),
    (("all", "6"), 4),
    (("linear", "7"), 28),
    (("trace", "8", "--step", "24"), 1),
]


def _png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def _svg_width(path: Path) -> float:
    found = re.search(r'<svg[^>]* width="([\d.]+)"', path.read_text())
    assert found
    return float(found.group(1))


@pytest.mark.parametrize("args, boards", DRAWERS, ids=lambda a: a[0] if isinstance(a, tuple)
                         else str(a))
def test_size_sets_the_width_of_every_picture(run, tmp_path: Path, args: tuple[str, ...],
                                              boards: int) -> None:
    png = tmp_path / "b.png"
    assert run(*args, "-o", str(png), "--size", "900", "-q").code == 0
    assert _png_size(png)[0] == 900
    svg = tmp_path / "b.svg"
    assert run(*args, "-o", str(svg), "--size", "700", "-q").code == 0
    assert abs(_svg_width(svg) - 700) < 0.5


def test_one_board_is_640_px_with_its_files_and_ranks_by_default(run, tmp_path: Path) -> None:
    png, svg = tmp_path / "b.png", tmp_path / "b.svg"
    assert run("solve", "8", "-o", str(png), "-q").code == 0
    assert _png_size(png) == (640, 640)
    assert run("solve", "8", "-o", str(svg), "-q").code == 0
    text = svg.read_text()
    names = re.findall(r">([a-h1-8])</text>", text)
    assert sorted(names) == sorted("abcdefgh12345678")
    assert run("solve", "8", "-o", str(svg), "--no-labels", "-q").code == 0
    assert "<text" not in svg.read_text() and _svg_width(svg) == 640


def test_a_trace_picture_is_labelled_and_sized_as_a_board(run, tmp_path: Path) -> None:
    png = tmp_path / "s.png"
    assert run("trace", "8", "--step", "24", "-o", str(png), "-q").code == 0
    assert _png_size(png) == (640, 640)
    svg = tmp_path / "s.svg"
    assert run("trace", "8", "--step", "24", "-o", str(svg), "--no-labels", "-q").code == 0
    assert "<text" not in svg.read_text()


def test_a_gallery_is_as_wide_as_a_slide_at_most_and_captions_each_board(run,
                                                                        tmp_path: Path) -> None:
    png = tmp_path / "g.png"
    assert run("all", "8", "--unique", "-o", str(png), "-q").code == 0
    width, height = _png_size(png)
    assert 1280 <= width <= 1920 and height > 600        # 12 boards of 40 px squares
    svg = tmp_path / "g.svg"
    assert run("all", "8", "--unique", "-o", str(svg), "-q").code == 0
    assert svg.read_text().count('class="caption"') == 12
    assert run("all", "8", "--unique", "-o", str(svg), "--no-labels", "-q").code == 0
    assert 'class="caption"' not in svg.read_text()
    big = tmp_path / "big.svg"                            # 92 boards: 16 px squares at least
    assert run("all", "8", "-o", str(big), "-q").code == 0
    assert _svg_width(big) == (14 * 9 + 1) * 16           # 14 columns of boards and gaps


@pytest.mark.parametrize("args, needle", [
    (("solve", "8", "-f", "perm", "--size", "800"), "--size draws pictures"),
    (("solve", "8", "--no-labels"), "--no-labels draws pictures"),
    (("solve", "8", "-o", "b.png", "--size", "8"), "16<=x<=20000"),
    (("linear", "--table", "5", "7", "--size", "800"), "--size draws pictures"),
])
def test_picture_options_without_a_picture_are_refused(run, tmp_path: Path,
                                                       args: tuple[str, ...],
                                                       needle: str) -> None:
    r = run(*[str(tmp_path / a) if a.endswith(".png") else a for a in args])
    assert r.code == 2 and needle in r.err and r.err.count("\n") == 1, r.err
    assert list(tmp_path.iterdir()) == []


def test_the_file_written_is_said_with_what_it_holds(run, tmp_path: Path) -> None:
    png = tmp_path / "b.png"
    r = run("solve", "8", "-o", str(png))
    assert r.err == f"wrote {png} (a picture of 8 queens, {png.stat().st_size / 1e3:.3g} kB)\n"
    txt = tmp_path / "q.txt"
    r = run("all", "6", "-f", "perm", "-o", str(txt))
    assert r.err == f"wrote {txt} (4 boards of 6 queens, perm, 48 bytes)\n"
