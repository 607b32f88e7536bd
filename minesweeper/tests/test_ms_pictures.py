"""What every command promises alike, and pictures worth a slide: -q leaves standard
error empty, a file written with -o is said in one form ('wrote FILE (what, size)'),
squares are (x, y) (column, row, from 1) in every report, and a picture is at least
640 px wide by default, as wide as --size says, numbered along its edges unless
--no-labels, with a heat map that tells safe from a small risk and has a legend; the
PNG and the SVG of one picture agree."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from minesweeper.base.board import parse_board
from minesweeper.cli import main
from minesweeper.output import render
from minesweeper.output.report import Report
from puzzleshell.text import size_text

Image = pytest.importorskip("PIL.Image")

#: A position with every kind of covered square: (1, 2) holds a mine in every
#: arrangement, (3, 2), (4, 2) and (4, 3) in none, the others in 2/7 or 1/2 of them.
POSITION = "mines: 4\n?????\n?????\n2?1??\n"
MINE_SQUARE = (1, 0)                              # 0-based (row, column): (x, y) = (1, 2)
SAFE_SQUARES = [(1, 2), (1, 3), (2, 3)]           # (3, 2), (4, 2), (4, 3)
RISK_SQUARE = (0, 0)                              # 2/7: 29 %


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder of its own, with the position and a small consistent board."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "p.txt").write_text(POSITION)
    (tmp_path / "b.txt").write_text("1??\n12?\n01?\n")
    return tmp_path


def _svg_labels(svg: str) -> list[str]:
    return re.findall(r'<text [^>]*class="label"[^>]*>([^<]*)</text>', svg)


# -q: no messages, the same data ------------------------------------------------------

#: Each command, with what it writes; {n} numbers the file of a run.
COMMANDS = {
    "check": ["check", "p.txt", "--probabilities", "-o", "heat{n}.svg"],
    "check-safe": ["check", "b.txt", "--safe", "-o", "safe{n}.png"],
    "check-json": ["check", "b.txt", "-o", "answer{n}.json"],
    "hint": ["hint", "p.txt", "-o", "next{n}.png"],
    "gadget": ["gadget", "nor", "-o", "nor{n}.svg"],
    "build": ["build", "a nor b", "-o", "c{n}.txt"],
    "render": ["render", "b.txt", "--witness", "-o", "b{n}.png"],
    "play": ["play", "--level", "beginner", "--games", "2"],
    "play-o": ["play", "--level", "beginner", "--games", "2", "-o", "rate{n}.json"],
    "eval": ["eval", "a nor b", "a=0", "b=0"],
    "eval-o": ["eval", "a nor b", "a=0", "b=0", "-o", "value{n}.txt"],
}


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_quiet_leaves_standard_error_empty_and_the_data_as_it_was(
        name: str, here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = COMMANDS[name]
    code, out, err = run([a.format(n=1) for a in args], capsys)
    quiet_code, quiet_out, quiet_err = run([a.format(n=2) for a in args] + ["-q"], capsys)
    assert (quiet_code, quiet_err) == (code, "")
    speed = re.compile(r"[\d.,]+ games a second|\"seconds\": [\d.]+")   # timings differ
    assert speed.sub("", quiet_out) == speed.sub("", out)
    if "-o" in args:                          # the run without -q said what it wrote
        written = args[args.index("-o") + 1].format(n=1)
        assert err.startswith(f"wrote {written} (") and err.count("\n") == 1, err
        assert (here / written.replace("1", "2", 1)).exists()
    else:
        assert err == ""


def test_quiet_keeps_the_one_line_errors(here: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["check", "missing.txt", "-q"], capsys)
    assert code == 2 and out == "" and err.startswith("minesweeper: error: ")
    code, _, err = run(["render", "p.txt", "-o", "x.svg", "--size", "3", "-q"], capsys)
    assert code == 2 and err.count("\n") == 1 and "16 to 20,000 pixels" in err


# wrote FILE (what, size) ------------------------------------------------------------

def test_a_written_picture_is_said_in_one_line_with_its_width_and_size(
        here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["check", "p.txt", "--probabilities", "-o", "heat.png"], capsys)
    width = Image.open(here / "heat.png").size[0]
    size = size_text((here / "heat.png").stat().st_size)
    assert code == 0
    assert err == (f"wrote heat.png (a 5x3 board with its mine probabilities, {width:,} px "
                   f"wide, {size})\n")


@pytest.mark.parametrize("args, what", [
    (["check", "b.txt", "-o", "a.txt"], "the answer for a 3x3 board, as text"),
    (["check", "b.txt", "-o", "a.json"], "the answer for a 3x3 board, as JSON"),
    (["check", "b.txt", "-o", "w.svg"], "a 3x3 board with a witness arrangement, "),
    (["hint", "b.txt", "-o", "h.json"], "the advice for a 3x3 board, as JSON"),
    (["render", "b.txt", "--safe", "-o", "s.svg", "--size", "700"],
     "a 3x3 board with its safe and mined squares, 700 px wide"),
    (["render", "b.txt", "--mines", "3", "-o", "b.mine"], "a 3x3 board, in the .mine format"),
    (["gadget", "wire", "-o", "w.txt"], "the wire gadget, a 9x12 board, as text"),
    (["gadget", "wire", "-o", "w.png"], "the wire gadget, a 9x12 board with its ports named, "),
    (["build", "a", "-o", "a.svg"], "board built from the formula, 1 input named, "),
])
def test_every_written_file_is_said_alike(args: list[str], what: str, here: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    _, _, err = run(args, capsys)
    path = args[args.index("-o") + 1]
    size = size_text((here / path).stat().st_size)
    assert err.startswith(f"wrote {path} (") and err.endswith(f", {size})\n"), err
    assert what in err and err.count("\n") == 1


def test_play_and_eval_write_their_data_into_the_file_of_o(
        here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["eval", "a nor b", "a=0", "b=0", "-o", "v.txt"], capsys)
    assert (code, out, (here / "v.txt").read_text()) == (0, "", "true\n")
    assert err == "wrote v.txt (the value of the formula, as text, 5 bytes)\n"
    code, out, _ = run(["play", "--level", "beginner", "--games", "2", "-o", "r.json"], capsys)
    assert code == 0 and out == "" and json.loads((here / "r.json").read_text())["games"] == 2
    code, out, err = run(["play", "--games", "2", "--json", "-o", "r.txt"], capsys)
    assert code == 2 and out == "" and "give -o FILE.json" in err


def test_nothing_is_said_for_standard_output(here: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    for args in (["check", "b.txt", "-f", "svg", "-o", "-"], ["build", "a", "-o", "-"],
                 ["gadget", "wire", "-f", "svg", "-o", "-"]):
        code, out, err = run(args, capsys)
        assert code == 0 and out and err == "", args


# squares are (x, y): column, then row ---------------------------------------------

def test_hint_names_squares_column_then_row(here: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    (here / "tall.txt").write_text("1?\n1?\n..\n")   # (2, 2) safe, (2, 1) a mine
    code, out, _ = run(["hint", "tall.txt"], capsys)
    assert code == 0 and out.splitlines() == [
        "open (2, 2): safe in every arrangement",
        "1 square is safe in every arrangement: (2, 2)",
        "1 square holds a mine in every arrangement: (2, 1)",
        "(from the safe squares alone: the other squares' probabilities were not "
        "computed)"]
    data = json.loads(run(["hint", "tall.txt", "--json"], capsys)[1])
    assert (data["best"]["x"], data["best"]["y"]) == (2, 2)
    assert data["safe"] == [[2, 2]] and data["mines"] == [[2, 1]]


def test_json_squares_are_x_then_y(here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (here / "wide.txt").write_text("..1?\n..11\n")        # the mine: column 4, row 1
    data = json.loads(run(["check", "wide.txt", "--json"], capsys)[1])
    assert data["mines"] == [[4, 1]]
    data = json.loads(run(["check", "wide.txt", "--safe", "--json"], capsys)[1])
    assert data["safe"]["mined"] == [[4, 1]]
    (here / "eight.txt").write_text("...\n...\n.8.\n")     # the core: column 2, row 3
    assert json.loads(run(["check", "eight.txt", "--json"], capsys)[1])["core"] == [[2, 3]]
    data = json.loads(run(["check", "p.txt", "--probabilities", "--json"], capsys)[1])
    by_square = {(s["x"], s["y"]): s["mine"] for s in data["probabilities"]["squares"]}
    assert by_square[(1, 2)] == "1" and by_square[(4, 3)] == "0" and by_square[(5, 1)] == "2/7"


def test_gadget_ports_are_x_then_y(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["gadget", "wire"], capsys)
    lines = out.splitlines()
    assert code == 0 and "  port in: (1, 7)" in lines and "  port out: (9, 7)" in lines
    rows = [ln for ln in lines if set(ln) <= set("?.0123456789FIO*") and ln]
    assert rows[6][0] == "I" and rows[6][8] == "O"      # row 7, columns 1 and 9
    data = json.loads(run(["gadget", "wire", "--json"], capsys)[1])
    assert data["ports"] == {"in": {"x": 1, "y": 7}, "out": {"x": 9, "y": 7}}


def test_built_inputs_are_x_then_y_and_old_boards_still_read(
        here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["build", "a and not b", "-o", "c.txt", "-q"], capsys)[0] == 0
    text = (here / "c.txt").read_text()
    heads = [ln for ln in text.splitlines() if ln.startswith("# input")]
    rows = [ln for ln in text.splitlines() if not ln.startswith("#")]
    for line in heads:
        name, x, y = re.fullmatch(r"# input (\w+) x=(\d+) y=(\d+)", line).groups()  # type: ignore[union-attr]
        assert rows[int(y) - 1][int(x) - 1] == "?"      # an input square is covered
    data = json.loads(run(["build", "a and not b", "--json"], capsys)[1])
    assert [f"# input {k} x={v['x']} y={v['y']}" for k, v in data["inputs"].items()] == heads
    _, new, _ = run(["check", "c.txt", "--assignment"], capsys)
    assert "assignment: a=1 b=0" in new
    old = re.sub(r"# input (\w+) x=(\d+) y=(\d+)", r"# input \1 \3 \2", text)  # ROW COLUMN
    (here / "old.txt").write_text(old)
    assert run(["check", "old.txt", "--assignment"], capsys)[1] == new


def test_every_help_that_shows_squares_gives_their_order(
        capsys: pytest.CaptureFixture[str]) -> None:
    helped = " ".join(run(["--help"], capsys)[1].split())
    assert "Sizes are width x height and squares column, row (x, y), counted from 1" in helped
    for name in ("check", "hint", "gadget", "build", "render"):
        text = " ".join(run([name, "--help"], capsys)[1].split())
        assert "(x, y)" in text or "x=X y=Y" in text, name
        assert "--size PX" in text and "--labels / --no-labels" in text, name


# pictures: size and labels --------------------------------------------------------

@pytest.mark.parametrize("args", [
    ["render", "b.txt"], ["check", "p.txt", "--probabilities"], ["hint", "p.txt"],
    ["gadget", "wire"], ["build", "a"],
])
def test_a_picture_is_at_least_640_px_wide_and_takes_size(
        args: list[str], here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run([*args, "-o", "x.png"], capsys)[0] == 0
    assert Image.open(here / "x.png").size[0] >= render.MIN_WIDTH
    assert run([*args, "-o", "y.png", "--size", "1234"], capsys)[0] == 0
    assert Image.open(here / "y.png").size[0] == 1234
    assert run([*args, "-o", "y.svg", "--size", "1234"], capsys)[0] == 0
    assert re.search(r'<svg [^>]*width="1234"', (here / "y.svg").read_text())


def test_squares_are_never_smaller_than_32_px_by_default(
        here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (here / "expert.txt").write_text(("?" * 30 + "\n") * 16)
    assert run(["render", "expert.txt", "-o", "e.png", "--no-labels"], capsys)[0] == 0
    assert Image.open(here / "e.png").size == (30 * 32, 16 * 32)


def test_size_is_refused_where_it_cannot_be_kept(here: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    (here / "expert.txt").write_text(("?" * 30 + "\n") * 16)
    code, out, err = run(["render", "expert.txt", "-o", "e.png", "--size", "100"], capsys)
    assert code == 2 and out == "" and "give --size" in err and err.count("\n") == 1
    code, _, err = run(["check", "b.txt", "--size", "800"], capsys)   # text: no picture
    assert code == 2 and "--size is the width of a picture" in err
    assert sorted(p.name for p in here.iterdir()) == ["b.txt", "expert.txt", "p.txt"]


def test_labels_number_the_columns_and_rows_from_1(here: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    (here / "wide.txt").write_text("1?..1\n??.?.\n")       # 5 columns, 2 rows
    assert run(["render", "wide.txt", "-o", "w.svg"], capsys)[0] == 0
    assert _svg_labels((here / "w.svg").read_text()) == ["1", "2", "3", "4", "5", "1", "2"]
    assert run(["render", "wide.txt", "-o", "n.svg", "--no-labels"], capsys)[0] == 0
    assert _svg_labels((here / "n.svg").read_text()) == []


def test_labels_are_written_along_the_top_and_the_left_of_a_png(
        here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (here / "wide.txt").write_text("1?..1\n??.?.\n")
    assert run(["render", "wide.txt", "-o", "n.png", "--no-labels", "--size", "640"],
               capsys)[0] == 0
    assert Image.open(here / "n.png").size == (640, 256)    # the board alone: 128 px squares
    assert run(["render", "wide.txt", "-o", "w.png", "--size", "640"], capsys)[0] == 0
    picture = Image.open(here / "w.png").convert("L")
    lay = render.layout(parse_board("1?..1\n??.?.\n"), width=640)
    assert picture.size == (lay.width, lay.height) and lay.top > 0 and lay.left > 0
    above = picture.crop((lay.left, 0, lay.left + 5 * lay.cell, lay.top))
    beside = picture.crop((0, lay.top, lay.left, lay.top + 2 * lay.cell))
    assert above.getextrema()[0] < 100 and beside.getextrema()[0] < 100   # dark figures


def test_a_long_side_is_numbered_every_few_squares() -> None:
    """Numbers of three digits do not fit over squares of 32 px: every second column
    is numbered, far enough apart not to run into each other, up to the last one."""
    lay = render.layout(parse_board(("?" * 150 + "\n") * 3))
    shown = lay.column_labels()
    assert lay.cell == 32 and lay.col_step > 1 and shown[-1] == 150
    widest = len("150") * render.DIGIT_EM * lay.label_font
    assert all((b - a) * lay.cell > widest for a, b in zip(shown, shown[1:], strict=False))
    assert lay.row_labels() == [1, 2, 3]


# the heat map ------------------------------------------------------------------------

def test_the_heat_map_has_a_legend_with_a_colour_bar_and_ticks(
        here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["check", "p.txt", "--probabilities", "-o", "heat.svg", "-q"], capsys)[0] == 0
    svg = (here / "heat.svg").read_text()
    assert '<g class="legend">' in svg and "<linearGradient" in svg
    ticks = re.findall(r'class="tick">([^<]*)</text>', svg)
    assert ticks == ["0 %", "25 %", "50 %", "75 %", "100 %"]
    assert "0 %: safe in every arrangement" in svg
    assert "100 %: a mine in every arrangement" in svg


def test_the_png_heat_map_draws_the_colour_bar_where_the_layout_says(
        here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["check", "p.txt", "--probabilities", "-o", "heat.png", "-q"], capsys)[0] == 0
    picture = Image.open(here / "heat.png").convert("RGB")
    board = parse_board(POSITION)
    report = Report(board)
    from minesweeper.analysis.probability import probabilities
    report.add_probabilities(probabilities(board))
    lay = render.layout(board, report.overlay)
    assert picture.size == (lay.width, lay.height) and lay.legend and lay.legend.bar
    x, y, w, h = lay.legend.bar
    for t in (0.1, 0.5, 0.9):
        pixel = picture.getpixel((round(x + t * w), round(y + h / 2)))
        want = render._rgb(render.heat_colour(t))
        assert max(abs(a - b) for a, b in zip(pixel, want, strict=True)) < 12, (t, pixel)


def test_safe_is_not_a_colour_of_risk() -> None:
    """0 % is green with a check; every risk above it is yellow to red, never green."""
    green = render._rgb(render.SAFE_FILL)
    assert green[1] > green[0] and green[1] > green[2]
    for k in range(1, 101):
        r, g, b = render._rgb(render.heat_colour(k / 100))
        assert r > g and r >= b, k
    assert render.heat_colour(0.2) != render.SAFE_FILL


def _box(picture: object, lay: render.Layout, square: tuple[int, int]) -> set[tuple[int, ...]]:
    left, top, right, bottom = lay.square(square)
    crop = picture.crop((left + 2, top + 2, right - 2, bottom - 2))  # type: ignore[attr-defined]
    return {pixel for _, pixel in crop.getcolors(1 << 16)}


def test_safe_squares_have_a_check_and_certain_mines_a_mine(
        here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["check", "p.txt", "--probabilities", "-o", "heat.svg", "-q"], capsys)[0] == 0
    svg = (here / "heat.svg").read_text()
    # on the board, and once more each in the colour bar and in the key
    assert svg.count('<g class="safe-mark">') == len(SAFE_SQUARES) + 2
    assert svg.count('<g class="mine-mark">') == 1 + 2
    assert ">29</text>" in svg and ">50</text>" in svg       # the risks, in figures
    assert run(["check", "p.txt", "--probabilities", "-o", "heat.png", "-q"], capsys)[0] == 0
    picture = Image.open(here / "heat.png").convert("RGB")
    board = parse_board(POSITION)
    lay = render.layout(board, width=picture.size[0])
    ink, green = render._rgb(render.SAFE_INK), render._rgb(render.SAFE_FILL)
    for square in SAFE_SQUARES:
        colours = _box(picture, lay, square)
        assert green in colours and ink in colours, square
    mine = _box(picture, lay, MINE_SQUARE)
    assert render._rgb(render.MINED_FILL) in mine and render._rgb(render.MINE_INK) in mine
    risk = _box(picture, lay, RISK_SQUARE)
    assert render._rgb(render.heat_colour(2 / 7)) in risk and ink not in risk


def test_png_and_svg_agree_square_for_square(here: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    for kind in ("svg", "png"):
        assert run(["check", "p.txt", "--probabilities", "-o", f"heat.{kind}", "-q",
                    "--size", "700"], capsys)[0] == 0
    svg = (here / "heat.svg").read_text()
    picture = Image.open(here / "heat.png").convert("RGB")
    height = int(re.search(r'<svg [^>]*height="(\d+)"', svg).group(1))  # type: ignore[union-attr]
    assert picture.size == (700, height)
    lay = render.layout(parse_board(POSITION), width=700)
    for r in range(3):
        for c in range(5):
            left, top, _, _ = lay.square((r, c))
            fill = re.search(rf'<rect x="{left}" y="{top}" width="{lay.cell}" '
                             rf'height="{lay.cell}" fill="(#[0-9a-f]{{6}})"', svg)
            assert fill is not None, (r, c)
            assert picture.getpixel((left + 3, top + 3)) == render._rgb(fill.group(1)), (r, c)
