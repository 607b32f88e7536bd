"""What a user sees through the installed command: sizes written width x height, the
legend of --safe, the assignment alone, pictures with port names, and the output format
following the -o extension on every command."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from ms_support import PROGRAM


def _run(*args: str, cwd: Path, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*PROGRAM, *args], capture_output=True, text=True, cwd=cwd,
                          input=stdin, timeout=120)


def test_safe_prints_a_legend(tmp_path: Path) -> None:
    done = _run("check", "-", "--safe", cwd=tmp_path, stdin="?1?/11.\n")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "consistent",
        "safe in every arrangement: 1; mined in every arrangement: 1; undetermined: 0",
        "s: safe in every arrangement, m: mined in every arrangement, ?: either",
        "m1s", "11."]


def test_assignment_is_printed_alone(tmp_path: Path) -> None:
    assert _run("build", "(a or b) and not c", "-o", "c.txt", cwd=tmp_path).returncode == 0
    done = _run("check", "c.txt", "--assignment", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "consistent" and len(lines) == 2, done.stdout
    assert lines[1].startswith("assignment: a=")
    values = lines[1].removeprefix("assignment: ").split()
    checked = _run("eval", "(a or b) and not c", *values, cwd=tmp_path)
    assert (checked.returncode, checked.stdout) == (0, "true\n")
    as_json = json.loads(_run("check", "c.txt", "--assignment", "--json", cwd=tmp_path).stdout)
    assert set(as_json["assignment"]) == {"a", "b", "c"} and as_json["mines"]


def test_sizes_are_width_by_height(tmp_path: Path) -> None:
    done = _run("build", "a nor b", "-o", "n.txt", cwd=tmp_path)
    rows = [r for r in (tmp_path / "n.txt").read_text().splitlines() if not r.startswith("#")]
    size = (tmp_path / "n.txt").stat().st_size
    assert done.stderr == (f"wrote n.txt (a {len(rows[0])}x{len(rows)} board built from the "
                           f"formula, 2 inputs, as text, {size:,} bytes)\n")
    assert len(rows[0]) != len(rows)  # the order can be told apart
    (tmp_path / "wide.txt").write_text("1?..\n")
    drawn = _run("render", "wide.txt", "-o", "w.svg", cwd=tmp_path)
    assert drawn.stderr.startswith("wrote w.svg (a 4x1 board, ")
    helped = " ".join(_run("--help", cwd=tmp_path).stdout.split())
    assert "Sizes are width x height and squares column, row (x, y), counted from 1" in helped


def test_quiet_leaves_standard_error_empty(tmp_path: Path) -> None:
    (tmp_path / "b.txt").write_text("1?\n")
    for args in (["build", "a", "-o", "a.txt", "-q"], ["render", "b.txt", "-o", "b.png", "-q"]):
        done = _run(*args, cwd=tmp_path)
        assert (done.returncode, done.stderr) == (0, ""), args


def test_pictures_have_port_names(tmp_path: Path) -> None:
    image = pytest.importorskip("PIL.Image")
    (tmp_path / "b.txt").write_text("1?1\n???\n")
    assert _run("render", "b.txt", "-o", "b.png", "--size", "96", "--no-labels",
                cwd=tmp_path).returncode == 0
    assert image.open(tmp_path / "b.png").size == (96, 64)  # squares of 32 px
    info = json.loads(_run("gadget", "wire", "--json", cwd=tmp_path).stdout)
    assert _run("gadget", "wire", "-o", "w.png", "--size", str(info["width"] * 32),
                "--no-labels", cwd=tmp_path).returncode == 0
    picture = image.open(tmp_path / "w.png").convert("RGB")
    for port in info["ports"].values():  # the name, in black, inside the port square
        x, y = port["x"], port["y"]
        box = picture.crop(((x - 1) * 32 + 6, (y - 1) * 32 + 6, x * 32 - 6, y * 32 - 6))
        assert (0, 0, 0) in {pixel for _, pixel in box.getcolors(1024)}
    assert _run("gadget", "wire", "-o", "w.svg", cwd=tmp_path).returncode == 0
    svg = (tmp_path / "w.svg").read_text()
    assert ">in</text>" in svg and ">out</text>" in svg


def test_check_writes_json_for_a_json_extension(tmp_path: Path) -> None:
    (tmp_path / "b.txt").write_text("1?\n11\n")
    done = _run("check", "b.txt", "-o", "a.json", cwd=tmp_path)
    assert done.returncode == 0 and done.stdout.startswith("consistent")
    written = json.loads((tmp_path / "a.json").read_text())
    printed = json.loads(_run("check", "b.txt", "--json", cwd=tmp_path).stdout)
    assert {**written, "seconds": 0} == {**printed, "seconds": 0}
    # 1? / 11: the mine is on the second square of the first row: [x, y] = [2, 1]
    assert written["mines"] == [[2, 1]] and (written["width"], written["height"]) == (2, 2)


@pytest.mark.parametrize("args", [
    ["check", "b.txt", "-f", "svg", "-o", "a.png"],
    ["check", "b.txt", "-f", "json", "-o", "a.txt"],
    ["render", "b.txt", "-f", "png", "-o", "a.svg"],
    ["gadget", "wire", "-f", "text", "-o", "a.png"],
    ["build", "a", "-f", "svg", "-o", "a.txt"],
])
def test_a_format_that_contradicts_the_extension_is_refused(tmp_path: Path,
                                                            args: list[str]) -> None:
    (tmp_path / "b.txt").write_text("1?\n11\n")
    done = _run(*args, cwd=tmp_path)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "does not match the extension" in done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b.txt"]


@pytest.mark.parametrize("args, kind", [
    (["check", "b.txt", "-f", "svg", "-o", "answer"], "<svg"),
    (["render", "b.txt", "--witness", "-f", "text", "-o", "answer"], "consistent"),
    (["gadget", "wire", "-f", "svg", "-o", "answer"], "<svg"),
    (["build", "a", "-f", "svg", "-o", "answer"], "<svg"),
])
def test_format_names_the_format_of_a_file_without_extension(tmp_path: Path,
                                                             args: list[str],
                                                             kind: str) -> None:
    (tmp_path / "b.txt").write_text("1?\n11\n")
    assert _run(*args, cwd=tmp_path).returncode == 0
    assert (tmp_path / "answer").read_text().startswith(kind)


def test_version_names_the_minesweeper_distribution(tmp_path: Path) -> None:
    from importlib.metadata import version

    done = _run("--version", cwd=tmp_path)
    assert done.stdout == f"minesweeper, version {version('minesweeper')}\n"
