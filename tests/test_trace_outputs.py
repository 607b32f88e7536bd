"""``nqueens trace``: outputs that clash, options a method does not take, verdicts of the
repairs without a solution, budgets, and labels of pictures past 26 files."""

from __future__ import annotations

import io
import json
import re

import pytest

from nqueens.base import squares

MC_SHORT = ("trace", "8", "-m", "min-conflicts", "--seed", "2", "--max-steps", "3")


@pytest.mark.parametrize("method", ["intuitive", "min-conflicts"])
@pytest.mark.parametrize("n", [2, 3])
def test_repairs_without_solution_still_write_json_and_page(run, tmp_path, method, n) -> None:
    r = run("trace", str(n), "-m", method, "--json")
    assert r.code == 1 and "Traceback" not in r.err
    doc = json.loads(r.out)
    assert (doc["n"], doc["method"], doc["solutions"], doc["boards"]) == (n, method, 0, [])
    assert r.err.strip().splitlines()[-1] == f"nqueens: no solution exists for n = {n}"
    page = tmp_path / "p.html"
    r = run("trace", str(n), "-m", method, "--html", str(page))
    assert r.code == 1 and page.exists() and "<html" in page.read_text()
    assert "no solution exists" in r.err


def test_html_and_output_on_one_file_is_refused_before_any_work(run, tmp_path) -> None:
    page = tmp_path / "p.html"
    for other in (str(page), str(tmp_path / "." / "p.html")):
        r = run("trace", "8", "--html", str(page), "-o", other)
        assert r.code == 2 and len(r.err.strip().splitlines()) == 1
        assert "the same file as --html" in r.err and not page.exists()


def test_html_and_output_on_two_files_write_both(run, tmp_path) -> None:
    page, text = tmp_path / "p.html", tmp_path / "t.txt"
    r = run("trace", "8", "--html", str(page), "-o", str(text))
    assert r.code == 0 and page.exists()
    assert text.read_text().startswith("step 876: solution 1")


@pytest.mark.parametrize("extra", [["--json"], ["--html", "P"], ["-o", "O"], ["--step", "3"],
                                   ["--events"], ["-f", "svg"]])
def test_animate_refuses_the_outputs_it_ignores(run, tmp_path, extra) -> None:
    args = [str(tmp_path / a) if a in ("P", "O") else a for a in extra]
    r = run("trace", "8", "--animate", *args)
    assert r.code == 2 and r.out == "" and "--animate" in r.err
    assert len(r.err.strip().splitlines()) == 1 and not list(tmp_path.iterdir())


def test_format_must_agree_with_the_output_extension(run, tmp_path) -> None:
    svg, png = tmp_path / "x.svg", tmp_path / "x.png"
    for fmt, path in (("png", svg), ("svg", png), ("board", svg)):
        r = run("trace", "8", "-f", fmt, "-o", str(path))
        assert r.code == 2 and "contradicts" in r.err and not path.exists()
    r = run("trace", "8", "--json", "-o", str(png))
    assert r.code == 2 and not png.exists()
    # without -f the extension chooses the picture
    assert run("trace", "8", "-o", str(svg)).code == 0
    assert svg.read_text().startswith("<svg")
    assert run("trace", "8", "-o", str(png)).code == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_one_attacking_pair_is_singular(run) -> None:
    r = run(*MC_SHORT)
    assert r.code == 1 and "1 attacking pair left" in r.err and "pairs left" not in r.err
    r = run(*MC_SHORT, "--animate")       # not a terminal: the last frame only
    assert r.code == 1 and "1 attacking pair left" in r.out and "pairs left" not in r.out


def test_exhausted_budget_is_not_complete_and_reports_its_work(run) -> None:
    r = run(*MC_SHORT, "--json")
    assert r.code == 1
    doc = json.loads(r.out)
    assert doc["complete"] is False and doc["exhausted"] is True
    assert doc["work"] == {"steps": 3, "moves": 0, "restarts": 0}
    lines = r.err.strip().splitlines()
    assert lines[0] == "nqueens: min-conflicts: 3 steps, 0 moves, 0 restarts"
    assert "used its budget of 3 steps" in lines[1]
    done = json.loads(run("trace", "8", "-m", "min-conflicts", "--seed", "2", "--json").out)
    assert done["complete"] is True and done["exhausted"] is False


@pytest.mark.parametrize("method", ["proba", "arrays", "sets", "rows"])
def test_seed_and_budget_only_where_a_method_takes_them(run, method) -> None:
    r = run("trace", "6", "-m", method, "--seed", "1")
    assert r.code == 2 and "intuitive and min-conflicts" in r.err and r.out == ""
    r = run("trace", "6", "-m", method, "--max-steps", "5")
    assert r.code == 2 and "min-conflicts" in r.err and r.out == ""
    r = run("trace", "6", "-m", "intuitive", "--max-steps", "5")
    assert r.code == 2 and "min-conflicts" in r.err
    assert run("trace", "6", "-m", "intuitive", "--seed", "1").code == 0


def _texts(svg: str) -> list[str]:
    return re.findall(r"<text[^>]*>([^<]*)</text>", svg)


@pytest.mark.parametrize("n", [26, 27, 30])
def test_svg_labels_past_26_files(run, tmp_path, n) -> None:
    out = tmp_path / "s.svg"
    r = run("trace", str(n), "-m", "min-conflicts", "--seed", "1", "--step", "1", "-f", "svg",
            "-o", str(out))
    assert r.code == 0
    texts = _texts(out.read_text())
    assert texts[:n] == [squares.file_name(c) for c in range(n)]
    assert texts[n:] == [str(n - r) for r in range(n)]
    sizes = {float(x) for x in re.findall(r'font-size="([0-9.]+)"', out.read_text())}
    assert len(sizes) == 1 and sizes.pop() >= 4


def test_labels_stop_where_they_no_longer_fit() -> None:
    from nqueens.output.pictures import position_svg

    assert len(_texts(position_svg(55, [], labels=True))) == 110
    assert _texts(position_svg(56, [], labels=True)) == []
    assert len(_texts(position_svg(56, [], labels=True, size=640))) == 112


def test_png_labels_past_26_files(run, tmp_path) -> None:
    from matplotlib.image import imread

    out = tmp_path / "s.png"
    r = run("trace", "27", "-m", "min-conflicts", "--seed", "1", "--step", "1", "-o", str(out))
    assert r.code == 0
    img = imread(io.BytesIO(out.read_bytes()), format="png")
    height, width = img.shape[:2]
    assert width == height > 320          # the board and a margin for the labels
    margin = (width - 320) // 2
    dark = img[..., :3].mean(axis=2) < 0.5
    assert dark[height - margin:, margin:width - margin].any()    # file names under it
    assert dark[margin:height - margin, :margin].any()            # rank numbers left of it
