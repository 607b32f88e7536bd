"""The everyday commands through the real command line: solve, all, count, check."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from nqueens import Solution
from nqueens.base.errors import BadInput
from nqueens.output import formats
from puzzleshell import testing


def test_solve_prints_the_first_board(run) -> None:
    r = run("solve", "8")
    assert r.code == 0
    assert r.out.splitlines()[0] == "Q......."
    assert Solution([0, 4, 7, 5, 2, 6, 1, 3]) == formats.read(r.out)
    assert r.err == ""


@pytest.mark.parametrize("fmt", formats.WRITE_FORMATS)
def test_solve_in_every_format(run, fmt: str, tmp_path: Path) -> None:
    if fmt in formats.BINARY_FORMATS:
        target = tmp_path / f"board.{fmt}"
        r = run("solve", "6", "--format", fmt, "--output", str(target))
        assert r.code == 0 and r.out == ""
        if fmt == "npy":
            assert formats.read_bytes(target.read_bytes()).as_tuple() == (1, 3, 5, 0, 2, 4)
        else:
            assert target.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
        return
    r = run("solve", "6", "--format", fmt)
    assert r.code == 0
    if fmt == "svg":
        assert r.out.startswith("<svg")
    else:
        assert formats.read(r.out, fmt).as_tuple() == (1, 3, 5, 0, 2, 4)


def test_solve_json(run) -> None:
    r = run("solve", "4", "--json")
    data = json.loads(r.out)
    assert data["n"] == 4 and data["queens"] == [[0, 1], [1, 3], [2, 0], [3, 2]]
    assert data["permutation"] == [2, 4, 1, 3]


def test_solve_one_queen(run) -> None:
    assert run("solve", "1").out == "Q\n"
    assert run("all", "1", "--format", "list").out == '[["Q"]]\n'


@pytest.mark.parametrize("n", ["2", "3"])
def test_solve_without_solution(run, n: str) -> None:
    r = run("solve", n)
    assert r.code == 1 and r.out == ""
    assert r.err == f"nqueens: no solution exists for n = {n}\n"
    r = run("solve", n, "--format", "matrix")
    assert r.code == 1 and r.out == "Solution does not exist\n"
    r = run("solve", n, "--json")
    data = json.loads(r.out)
    assert r.code == 1 and data["n"] == int(n) and data["queens"] is None
    found = json.loads(run("solve", "4", "--json").out)
    assert set(data) == set(found)          # one shape, found or not


def test_no_solution_answer_goes_to_the_output_file(run, tmp_path: Path) -> None:
    matrix, js, board = tmp_path / "m.txt", tmp_path / "s.json", tmp_path / "b.txt"
    r = run("solve", "3", "--format", "matrix", "-o", str(matrix))
    assert r.code == 1 and r.out == "" and matrix.read_text() == "Solution does not exist\n"
    r = run("solve", "2", "--json", "-o", str(js))
    assert r.code == 1 and r.out == "" and json.loads(js.read_text())["queens"] is None
    r = run("solve", "3", "-o", str(board))
    assert r.code == 1 and not board.exists() and "no solution" in r.err


@pytest.mark.parametrize("n", ["2", "3"])
def test_all_and_count_without_solution(run, n: str) -> None:
    r = run("all", n)
    assert (r.code, r.out) == (1, "") and r.err == f"nqueens: no solution exists for n = {n}\n"
    r = run("all", n, "--format", "list")
    assert (r.code, r.out) == (1, "[]\n")
    assert run("all", n, "--json").out == "[]\n"
    r = run("count", n)   # a count of zero is an answer
    assert r.code == 0 and r.out == "0\n" and r.err == ""


def test_all_streams_every_board(run) -> None:
    r = run("all", "6", "--format", "perm")
    lines = r.out.splitlines()
    assert lines == ["2 4 6 1 3 5", "3 6 2 5 1 4", "4 1 5 2 6 3", "5 3 1 6 4 2"]
    r = run("all", "8", "--format", "perm")
    boards = [formats.read(line, "perm") for line in r.out.splitlines()]
    assert len(boards) == 92 and len(set(boards)) == 92
    assert all(b.is_valid() for b in boards)


def test_all_unique_and_limit(run) -> None:
    r = run("all", "8", "--unique", "--json")
    data = json.loads(r.out)
    assert len(data) == 12
    assert all(formats.read(json.dumps(d)).is_canonical() for d in data)
    r = run("all", "10", "--limit", "3", "--format", "perm")
    assert len(r.out.splitlines()) == 3
    r = run("all", "8", "--format", "board")
    assert r.out.count("\n\n") == 91


def test_all_refuses_enormous_outputs(run) -> None:
    r = run("all", "16")
    assert r.code == 2 and r.out == ""
    assert "14,772,512 boards" in r.err and "--limit" in r.err and "nqueens count 16" in r.err
    r = run("all", "20")
    assert r.code == 2 and "about" in r.err
    r = run("all", "16", "--limit", "2", "--format", "perm")
    assert r.code == 0 and len(r.out.splitlines()) == 2


def test_all_svg_gallery_to_file(run, tmp_path: Path) -> None:
    target = tmp_path / "twelve.svg"
    r = run("all", "8", "--unique", "--format", "svg", "--output", str(target))
    assert r.code == 0 and r.out == ""
    svg = target.read_text()
    assert svg.startswith("<svg") and svg.count("<use ") == 12 * 8


def test_all_png_gallery(run, tmp_path: Path) -> None:
    target = tmp_path / "twelve.png"
    r = run("all", "8", "--unique", "--format", "png", "--output", str(target))
    assert r.code == 0 and r.out == ""
    assert target.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    r = run("all", "12", "--format", "svg")
    assert r.code == 2 and "at most 2,000 boards" in r.err


def test_count(run) -> None:
    assert run("count", "8").out == "92\n"
    assert run("count", "8", "--unique").out == "12\n"
    data = json.loads(run("count", "10", "--json").out)
    assert data["n"] == 10 and data["all"] == 724 and data["fundamental"] == 92


def test_check_valid_and_invalid(run, tmp_path: Path) -> None:
    good = tmp_path / "good.txt"
    good.write_text(".Q..\n...Q\nQ...\n..Q.\n")
    r = run("check", str(good))
    assert r.code == 0 and r.out.startswith("valid")
    bad = tmp_path / "bad.txt"
    bad.write_text("1 2 3 4\n")
    r = run("check", str(bad))
    assert r.code == 1
    # four queens on one diagonal: 6 pairs conflict, 3 of them face each other directly
    assert "invalid: 6 conflicting pairs; the 3 that face each other directly" in r.out
    assert "a4 b3  (same diagonal)" in r.out
    r = run("check", str(bad), "--json")
    data = json.loads(r.out)
    assert data["valid"] is False and data["attacking_pairs"][0] == [[0, 0], [1, 1]]
    assert data["conflicting_pairs"] == 6 and len(data["attacking_pairs"]) == 3


def test_check_counts_every_conflict_and_caps_the_list(run) -> None:
    r = run("check", "-", stdin=" ".join(str(i) for i in range(1, 2001)) + "\n")
    assert r.code == 1
    assert r.out.startswith("invalid: 1,999,000 conflicting pairs; the first 1,000")
    assert len(r.out.splitlines()) == 1001


def test_check_reads_stdin_and_forced_formats(run) -> None:
    r = run("check", "-", stdin="2 4 1 3\n")
    assert r.code == 0
    r = run("check", stdin="a2 b4 c1 d3")
    assert r.code == 0
    r = run("check", "-", "--input-format", "matrix", stdin="0100\n0001\n1000\n0010\n")
    assert r.code == 0
    r = run("check", "-", "--input-format", "perm", stdin=".Q\nQ.")
    assert r.code == 2 and "not a whole number" in r.err


@pytest.mark.parametrize(
    ("args", "stdin", "message"),
    [
        (("solve", "x"), None, "'x' is not a valid integer"),
        (("solve", "0"), None, "n must be at least 1, not 0"),
        (("solve", "--", "-4"), None, "n must be at least 1, not -4"),
        (("count", "33"), None, "above the largest"),
        (("all", "8.5"), None, "not a valid integer"),
        (("all", "8", "--limit", "-1"), None, "-1"),
        (("solve", "8", "--format", "png3"), None, "'png3' is not one of"),
        (("solve",), None, "Missing argument 'N'"),
        (("frobnicate",), None, "No such command 'frobnicate'"),
        (("check", "/nonexistent/board.txt"), None, "no such file"),
        (("check", "-"), "", "empty input"),
        (("check", "-"), ".Q..\n...Q\nQ..\n..Q.\n", "line 3: row 3 has 3 squares"),
        (("check", "-"), "Q.\n.x\n", "line 2, column 2: unexpected character 'x'"),
        (("check", "-"), "hello\nworld\n", "cannot tell the board format"),
        (("solve", "-3"), None, "-3 is not a board size"),
        (("table", "4", "5", "--formt", "csv"), None, "No such option '--formt'"),
        (("check", "-", "-i", "board"), "Q.\n.x\n", "line 2, column 2: unexpected character 'x'"),
        (("check", "-"), '{"n": 2, "queens": [[0, 0], [1, 1], [1, 0], [0, 1], [0, 0]]}',
         "5 queens given"),
        (("check", "-"), "QQ\n..\n..\n", "not square"),
        (("check", "-"), "0 1 0\n1 0 0\n", "not square"),
        (("check", "-"), "1 1 2", "not a permutation"),
        (("check", "-"), '{"n": 3, "queens": 5}', "list of [row, col] pairs"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(run, args, stdin, message) -> None:
    r = run(*args, stdin=stdin)
    assert r.code == 2, r.err
    assert r.out == "" or args[0] != "check"
    lines = r.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("nqueens: error:")
    assert message in lines[0]
    assert "Traceback" not in r.err


def test_check_directory_is_bad_input(run, tmp_path: Path) -> None:
    r = run("check", str(tmp_path))
    assert r.code == 2 and "folder" in r.err


def test_help_teaches_with_examples(run) -> None:
    r = run("--help")
    assert r.code == 0 and "Examples:" in r.out and "nqueens solve 8" in r.out
    for command in ("solve", "all", "count", "check"):
        r = run(command, "--help")
        assert r.code == 0 and "Examples:" in r.out, command


def test_output_file_is_written_whole_or_not_at_all(run, tmp_path: Path) -> None:
    target = tmp_path / "board.txt"
    assert run("solve", "5", "-o", str(target)).code == 0
    assert formats.read(target.read_text()).is_valid()
    mask = os.umask(0)
    os.umask(mask)
    assert target.stat().st_mode & 0o777 == 0o666 & ~mask  # as any new file, not 0600
    missing = tmp_path / "no" / "such" / "dir" / "x.txt"
    r = run("solve", "5", "-o", str(missing))
    assert r.code == 2 and not missing.exists()
    target2 = tmp_path / "none.txt"
    assert run("solve", "3", "-o", str(target2)).code == 1
    assert not target2.exists()
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".nqueens-")] == []


def _script() -> list[str]:
    exe = shutil.which("nqueens", path=os.path.dirname(sys.executable))
    return [exe] if exe else [sys.executable, "-m", "nqueens"]


def test_installed_script_pipes_and_exit_codes() -> None:
    solve = subprocess.run(_script() + ["solve", "8", "--format", "perm"], capture_output=True,
                           text=True, check=False)
    assert solve.returncode == 0 and solve.stdout == "1 5 8 6 3 7 2 4\n" and solve.stderr == ""
    check = subprocess.run(_script() + ["check", "-"], input=solve.stdout, capture_output=True,
                           text=True, check=False)
    assert check.returncode == 0 and check.stdout.startswith("valid")
    bad = subprocess.run(_script() + ["solve", "zero"], capture_output=True, text=True,
                         check=False)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
    debug = subprocess.run(_script() + ["--debug", "count", "0"], capture_output=True, text=True,
                           check=False)
    assert debug.returncode != 0 and "Traceback" in debug.stderr


def test_broken_pipe_is_quiet() -> None:
    proc = subprocess.Popen(_script() + ["all", "12", "--format", "perm"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    assert proc.stdout is not None
    proc.stdout.readline()
    proc.stdout.close()
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 0 and b"Traceback" not in err


def test_check_at_a_terminal_says_what_it_waits_for() -> None:
    session = testing.PtySession("nqueens", "check")
    assert session.read_until(b"then press Ctrl-D", timeout=30), session.text
    session.send(b".Q..\r...Q\rQ...\r..Q.\r\x04")
    assert session.wait(30) == 0
    assert "valid" in session.text


def test_debug_is_an_option_before_or_after_the_command(run) -> None:
    with pytest.raises(BadInput):
        run("--debug", "solve", "0")
    with pytest.raises(BadInput):
        run("solve", "0", "--debug")
    r = run("solve", "0")
    assert r.code == 2 and r.err == "nqueens: error: n must be at least 1, not 0\n"
    r = run("solve", "8", "-f", "perm", "--debug")
    assert (r.code, r.out) == (0, "1 5 8 6 3 7 2 4\n")
    assert "--debug" not in run("solve", "--help").out   # the group's help shows it
    assert "--debug" in run("--help").out


def test_an_error_of_the_command_line_is_one_line_even_with_debug(run) -> None:
    for args in (("--debug", "solve", "--bogus"), ("solve", "eight", "--debug"),
                 ("--debug", "--bogus")):
        r = run(*args)
        assert r.code == 2 and r.out == "" and r.err.count("\n") == 1, args
        assert r.err.startswith("nqueens: error: ") and "Traceback" not in r.err


def test_version(run) -> None:
    r = run("--version")
    assert r.code == 0 and r.out.startswith("nqueens, version ")
