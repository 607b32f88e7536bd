"""Standard output for -o -, the answer in check's text output, byte-order marks, eval's
names and --dimacs, and the wording of counts: each through the real command line."""

from __future__ import annotations

import os
import pty
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from minesweeper.cli import main

CONSISTENT = "1??\n12?\n01?\n"
SCRIPT = shutil.which("minesweeper") or str(Path(sys.executable).with_name("minesweeper"))


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def board(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "b.txt"
    path.write_text(CONSISTENT)
    return path


# -o - is standard output everywhere

@pytest.mark.parametrize(("args", "expect"), [
    (["build", "a nor b", "-o", "-"], "# input a "),
    (["gadget", "wire", "-o", "-"], "?"),
    (["gadget", "wire", "-f", "svg", "-o", "-"], "<svg"),
    (["check", "b.txt", "-o", "-"], "a witness arrangement"),
    (["render", "b.txt", "--witness", "-o", "-"], "1*-"),
])
def test_dash_output_is_stdout(args: list[str], expect: str, board: Path,
                               capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(args, capsys)
    assert code == 0 and expect in out and err == ""
    assert not (board.parent / "-").exists()


def test_dash_output_of_check_replaces_the_report(board: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["check", "b.txt"], capsys)
    assert run(["check", "b.txt", "-o", "-"], capsys)[:2] == (code, out)


@pytest.mark.parametrize("command", [["build", "a"], ["gadget", "wire"], ["check", "b.txt"],
                                     ["render", "b.txt"]])
def test_dash_output_with_json_is_refused(command: list[str], board: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run([*command, "-o", "-", "--json"], capsys)
    assert code == 2 and out == "" and "-o - and --json" in err and len(err.splitlines()) == 1


def test_png_to_a_pipe_and_not_to_a_terminal(tmp_path: Path) -> None:
    done = subprocess.run([SCRIPT, "build", "a", "-f", "png", "-o", "-"], cwd=tmp_path,
                          capture_output=True, timeout=120)
    assert done.returncode == 0 and done.stdout.startswith(b"\x89PNG\r\n\x1a\n")
    assert not (tmp_path / "-").exists()
    leader, follower = pty.openpty()
    try:
        done = subprocess.run([SCRIPT, "gadget", "wire", "-f", "png", "-o", "-"],
                              cwd=tmp_path, stdout=follower, stderr=subprocess.PIPE,
                              timeout=120)
    finally:
        os.close(follower)
        os.close(leader)
    assert done.returncode == 2 and b"terminal" in done.stderr
    assert not (tmp_path / "-").exists()


# check -o FILE.txt carries the answer

def test_check_text_output_is_the_answer(board: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["check", "b.txt", "-o", "w.txt"], capsys)
    written = (board.parent / "w.txt").read_text()
    assert code == 0 and written == out and "1*-\n12-\n.1*" in written
    code, out, _ = run(["check", "b.txt", "--safe", "-o", "s.txt"], capsys)
    written = (board.parent / "s.txt").read_text()
    assert code == 0 and written == out and "1ms\n12?\n.1?" in written
    (board.parent / "bad.txt").write_text("1?1\n?0?\n1?1\n")
    code, _, _ = run(["check", "bad.txt", "-o", "r.txt"], capsys)
    written = (board.parent / "r.txt").read_text()
    assert code == 1 and written.startswith("inconsistent\n") and "[1]" in written


def test_render_text_output_marks_the_answer(board: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["render", "b.txt", "--safe", "-o", "s.txt"], capsys)[0] == 0
    assert "1ms\n12?\n.1?" in (board.parent / "s.txt").read_text()
    assert run(["render", "b.txt", "-o", "plain.txt"], capsys)[0] == 0
    assert (board.parent / "plain.txt").read_text() == "1??\n12?\n.1?\n"


def test_check_answer_is_not_a_mine_file(board: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["check", "b.txt", "--mines", "2", "-o", "a.mine"], capsys)
    assert code == 2 and "use .txt, .svg or .png" in err and len(err.splitlines()) == 1
    assert not (board.parent / "a.mine").exists()


# A byte-order mark is skipped

@pytest.mark.parametrize("text", [CONSISTENT, "3x3x2\n1HH\n12H\n01H\n"])
def test_byte_order_mark(text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
                         monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "bom.txt"
    path.write_bytes(b"\xef\xbb\xbf" + text.encode())
    code, out, err = run(["check", str(path)], capsys)
    assert code == 0 and out.startswith("consistent") and err == ""
    monkeypatch.setattr("sys.stdin", __import__("io").StringIO("\ufeff" + text))
    assert run(["check", "-"], capsys)[0] == 0


# Eval --dimacs, and the help's recipe from check --assignment

def test_eval_dimacs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cnf = tmp_path / "clauses"
    cnf.write_text("p cnf 2 2\n1 2 0\n-1 0\n")
    assert run(["eval", str(cnf), "--dimacs", "x1=0", "x2=1"], capsys)[:2] == (0, "true\n")
    assert run(["eval", str(cnf), "--dimacs", "x1=0", "x2=0"], capsys)[:2] == (1, "false\n")
    code, _, err = run(["eval", str(cnf), "x1=0"], capsys)  # read as an expression
    assert code == 2


def test_eval_takes_the_assignment_line_of_check(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    formula = "(a or b) and not c"
    board = tmp_path / "c.txt"
    assert run(["build", formula, "-o", str(board)], capsys)[0] == 0
    code, out, _ = run(["check", str(board), "--assignment"], capsys)
    pairs = [ln for ln in out.splitlines() if ln.startswith("assignment: ")]
    assert code == 0 and len(pairs) == 1
    values = pairs[0].removeprefix("assignment: ").split()
    assert run(["eval", formula, *values], capsys)[:2] == (0, "true\n")
    _, text, _ = run(["eval", "--help"], capsys)
    assert "sed -n 's/^assignment: //p'" in text and "--json" not in text.split("Options")[0]


# Eval refuses names the formula has not, and names given twice

@pytest.mark.parametrize(("values", "name", "why"), [
    (["a=1", "b=1", "c=0"], "'c'", "not a variable"),
    (["a=1", "a=0", "b=1"], "'a'", "twice"),
])
def test_eval_names(values: list[str], name: str, why: str,
                    capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["eval", "a and b", *values], capsys)
    assert code == 2 and out == "" and len(err.splitlines()) == 1
    assert name in err and why in err


def test_eval_dimacs_names_are_the_declared_ones(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    cnf = tmp_path / "f.cnf"
    cnf.write_text("p cnf 3 1\n1 0\n")
    assert run(["eval", str(cnf), "x1=1", "x3=0"], capsys)[0] == 0  # x3: declared, unused
    code, _, err = run(["eval", str(cnf), "x1=1", "x4=0"], capsys)
    assert code == 2 and "'x4'" in err


# One arrangement, one clause, one row

def test_singular_wording(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    board = tmp_path / "a.txt"
    assert run(["build", "a", "-o", str(board)], capsys)[0] == 0
    _, out, _ = run(["check", str(board), "--count"], capsys)
    assert "\n1 arrangement of the squares" in out
    _, out, _ = run(["gadget", "true", "--verify"], capsys)
    assert "truth table from 1 consistent arrangement:" in out
    cnf = tmp_path / "f.cnf"
    cnf.write_text("p cnf 2 2\n1 0\n")
    _, _, err = run(["build", str(cnf)], capsys)
    assert "1 clause where the header declares 2" in err
    mine = tmp_path / "m.mine"
    mine.write_text("3x2x1\nHHH\n")
    _, _, err = run(["check", str(mine)], capsys)
    assert "1 row where the header gives 2" in err
    flagged = tmp_path / "f.txt"
    flagged.write_text("F?\n")
    _, _, err = run(["check", str(flagged), "--mines", "0"], capsys)
    assert err.rstrip().endswith("--mines 0 is less than the 1 flag")
    flagged.write_text("mines: 0\nF?\n")
    _, _, err = run(["check", str(flagged)], capsys)
    assert err.rstrip().endswith("the total of 0 mines is less than the 1 flag")


# Gadget -o FILE.mine gives advice the command can follow

def test_gadget_mine_advice(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "w.mine"
    code, _, err = run(["gadget", "wire", "-o", str(target)], capsys)
    assert code == 2 and "write .txt" in err and "give the total" not in err
    assert not target.exists()
