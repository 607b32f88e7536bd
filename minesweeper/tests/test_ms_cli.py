"""The command line, through main() and through the installed script."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from minesweeper.cli import main


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def boards(tmp_path: Path) -> dict[str, Path]:
    files = {
        "bad": "1?1\n?0?\n1?1\n",
        "good": "1??\n12?\n01?\n",
        "eight": "000\n080\n000\n",
        "ragged": "1?1\n1?\n",
        "nine": "??\n?9\n",
        "char": "1?x\n",
        "header": "3x2x1\nHHH\n",
        "mine": "3x1x1\nH1H\n",
    }
    out = {}
    for name, text in files.items():
        p = tmp_path / f"{name}.txt"
        p.write_text(text)
        out[name] = p
    return out


def test_check_consistent(boards: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["check", str(boards["good"])], capsys)
    assert code == 0 and out.startswith("consistent") and err == ""


def test_check_inconsistent_core(boards: dict[str, Path],
                                 capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["check", str(boards["bad"])], capsys)
    assert code == 1 and "cannot all hold" in out and "[" in out
    code, out, _ = run(["check", str(boards["eight"]), "--json"], capsys)
    data = json.loads(out)
    assert code == 1 and data["consistent"] is False and data["core"] == [[2, 2]]


def test_check_backtrack(boards: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["check", str(boards["good"]), "--method", "backtrack"], capsys)[0] == 0
    assert run(["check", str(boards["bad"]), "--method", "backtrack"], capsys)[0] == 1


def test_count_and_safe(boards: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["check", str(boards["good"]), "--count", "--json"], capsys)
    assert code == 0 and json.loads(out)["count"]["count"] == 2
    code, out, _ = run(["check", str(boards["mine"]), "--count"], capsys)
    assert code == 0 and "of every covered square with" in out
    code, out, _ = run(["check", str(boards["good"]), "--safe", "--json"], capsys)
    data = json.loads(out)
    # 1?? / 12? / 01?: (3, 1) is safe in every arrangement, (2, 1) a mine: [x, y]
    assert data["safe"]["safe"] == [[3, 1]] and data["safe"]["mined"] == [[2, 1]]


def test_pictures(boards: dict[str, Path], tmp_path: Path,
                  capsys: pytest.CaptureFixture[str]) -> None:
    svg, png = tmp_path / "a.svg", tmp_path / "a.png"
    assert run(["check", str(boards["good"]), "-o", str(svg)], capsys)[0] == 0
    assert svg.read_text().startswith("<svg")
    assert run(["render", str(boards["good"]), "-o", str(png), "--safe"], capsys)[0] == 0
    assert png.read_bytes()[:4] == b"\x89PNG"
    bad_svg = tmp_path / "bad.svg"
    code, _, err = run(["render", str(boards["bad"]), "-o", str(bad_svg), "--witness"], capsys)
    assert code == 1 and "inconsistent" in err and bad_svg.read_text().startswith("<svg")
    code, out, _ = run(["gadget", "nor", "--format", "svg"], capsys)
    assert code == 0 and out.startswith("<svg")


def test_gadget_verify(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["gadget", "crossover", "--verify"], capsys)
    assert code == 0 and "as intended" in out
    code, out, _ = run(["gadget", "nor", "--verify", "--json"], capsys)
    rows = json.loads(out)["truth_table"]["rows"]
    assert [r["out"] for r in rows] == [True, False, False, False]
    code, out, _ = run(["gadget"], capsys)
    assert code == 0 and "crossover" in out


def test_build_check_assignment(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    board = tmp_path / "f.txt"
    assert run(["build", "p and not q", "-o", str(board)], capsys)[0] == 0
    code, out, _ = run(["check", str(board), "--assignment", "--json"], capsys)
    assert code == 0 and json.loads(out)["assignment"] == {"p": True, "q": False}
    cnf = tmp_path / "u.cnf"
    cnf.write_text("p cnf 1 2\n1 0\n-1 0\n")
    unsat = tmp_path / "u.txt"
    assert run(["build", str(cnf), "-o", str(unsat)], capsys)[0] == 0
    assert run(["check", str(unsat)], capsys)[0] == 1


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["check", "ragged"], "line 2, column 3"),
        (["check", "nine"], "line 2, column 2: a number above 8"),
        (["check", "char"], "line 1, column 3: unknown character"),
        (["check", "header"], "line 3, column 1"),
        (["check", "missing"], "no such file"),
        (["check"], "Missing argument"),
        (["check", "good", "--method", "magic"], "Invalid value"),
        (["check", "good", "--mines", "-3"], "cannot be negative"),
        (["check", "good", "--assignment"], "--assignment needs a board made by 'build'"),
        (["check", "good", "-o", "pic.gif"], "cannot tell the picture format"),
        (["frobnicate"], "No such command"),
        (["gadget", "toaster"], "no gadget named 'toaster'"),
        (["gadget", "nor", "--format", "png"], "PNG output needs --output"),
        (["build", "a and"], "column 6"),
        (["build", "a and b", "--dimacs"], "no such file"),
        (["eval", "a", "a=2"], "name=0 or name=1"),
    ],
)
def test_error_paths(args: list[str], needle: str, boards: dict[str, Path], tmp_path: Path,
                     capsys: pytest.CaptureFixture[str]) -> None:
    resolved = []
    for a in args:
        if a in boards:
            resolved.append(str(boards[a]))
        elif a in ("missing", "pic.gif"):
            resolved.append(str(tmp_path / a))
        else:
            resolved.append(a)
    code, out, err = run(resolved, capsys)
    assert code == 2
    assert err.startswith("minesweeper: error: ") and needle in err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_installed_script(boards: dict[str, Path]) -> None:
    exe = shutil.which("minesweeper") or str(Path(sys.executable).parent / "minesweeper")
    bad = subprocess.run([exe, "check", str(boards["bad"])], capture_output=True, text=True)
    assert bad.returncode == 1 and bad.stdout.startswith("inconsistent")
    err = subprocess.run([exe, "check", str(boards["nine"])], capture_output=True, text=True)
    assert err.returncode == 2 and err.stderr.count("\n") == 1
    assert "line 2, column 2" in err.stderr
    dbg = subprocess.run([exe, "--debug", "check", str(boards["nine"])], capture_output=True,
                         text=True)
    assert dbg.returncode != 0 and "Traceback" in dbg.stderr


def test_version_and_a_debug_flag_after_the_command(boards: dict[str, Path],
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    from importlib.metadata import version

    code, out, err = run(["--version"], capsys)
    assert code == 0 and out == f"minesweeper, version {version('minesweeper')}\n"
    code, out, err = run(["check", str(boards["good"]), "--debug"], capsys)
    assert code == 0 and out.startswith("consistent")          # --debug taken after it too
    code, out, err = run(["check", str(boards["good"]), "--no-such-option", "--debug"], capsys)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1   # no traceback
    assert "Traceback" not in err and "--no-such-option" in err


@pytest.mark.parametrize("option", ["--safe", "--probabilities", "--count"])
def test_an_inconsistent_board_gives_its_reason_whatever_was_asked(
        boards: dict[str, Path], capsys: pytest.CaptureFixture[str], option: str) -> None:
    code, out, _ = run(["check", str(boards["bad"]), option], capsys)
    assert code == 1
    assert out.startswith("inconsistent\n") and "these 2 numbers cannot all hold:" in out
    code, out, _ = run(["check", str(boards["bad"]), option, "--json"], capsys)
    data = json.loads(out)
    assert code == 1 and data["consistent"] is False and len(data["core"]) == 2


def test_a_negative_total_is_refused_as_negative(boards: dict[str, Path],
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["check", str(boards["good"]), "--mines", "-1"], capsys)
    assert code == 2 and "cannot be negative" in err and "flag" not in err


def test_build_offers_only_the_formats_it_writes(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["build", "--help"], capsys)
    assert code == 0 and "[text|svg|png]" in out and "mine" not in out.split("--format")[1]
    code, _, err = run(["build", "a nor b", "-f", "mine"], capsys)
    assert code == 2 and "'mine' is not one of" in err


def test_a_count_says_nothing_of_squares_no_number_sees_when_there_are_none(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    board = tmp_path / "b.txt"
    board.write_text("?1?\n???\n")
    code, out, _ = run(["check", str(board), "--count"], capsys)
    assert code == 0
    assert out.splitlines()[1] == ("5 arrangements of the squares next to a number; 5 of "
                                   "every covered square")
    board.write_text("?1??\n????\n")
    code, out, _ = run(["check", str(board), "--count"], capsys)
    assert "(each of the 2 squares no number sees is free)" in out


def test_a_count_made_whole_has_no_components_in_its_json(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The collapse and the model counter count a board whole: its JSON says so with
    null, not with an empty list of components; the sweep lists its parts."""
    board = tmp_path / "b.txt"
    board.write_text("?1?\n???\n")
    code, out, _ = run(["check", str(board), "--count", "--json"], capsys)
    count = json.loads(out)["count"]
    assert code == 0 and count["count"] == 5
    assert (count["components"] is None) == count["method"].startswith("collapse+ganak")
    board.write_text("mines: 2\n?1?\n???\n")
    code, out, _ = run(["check", str(board), "--count", "--json"], capsys)
    count = json.loads(out)["count"]
    assert count["components"] == [{"squares": 5, "count": 5}]
