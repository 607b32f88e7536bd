"""The command line on huge boards: methods, seeds, budgets, perm and npy files, check."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from nqueens.algorithms.closed_form import construct
from nqueens.base.board import Solution
from nqueens.output import formats


def _perm(text: str) -> Solution:
    return formats.read(text, "perm")


@pytest.mark.parametrize("method", ["auto", "backtrack", "construct", "min-conflicts",
                                    "intuitive"])
def test_every_method_prints_a_valid_board(run, method: str) -> None:
    r = run("solve", "12", "--method", method, "--format", "perm")
    assert r.code == 0, r.err
    assert _perm(r.out).is_valid()


@pytest.mark.parametrize("method", ["auto", "backtrack", "construct", "min-conflicts",
                                    "intuitive"])
@pytest.mark.parametrize("n", ["2", "3"])
def test_two_and_three_say_no_solution(run, method: str, n: str) -> None:
    r = run("solve", n, "--method", method, "--format", "matrix")
    assert r.code == 1 and r.out.strip() == "Solution does not exist"
    assert f"no solution exists for n = {n}" in r.err


def test_seed_reproduces_and_varies(run) -> None:
    a = run("solve", "300", "-m", "min-conflicts", "--seed", "4", "-f", "perm").out
    b = run("solve", "300", "-m", "min-conflicts", "--seed", "4", "-f", "perm").out
    c = run("solve", "300", "-m", "min-conflicts", "--seed", "5", "-f", "perm").out
    assert a == b != c
    assert _perm(a).is_valid() and _perm(c).is_valid()


def test_exhausted_budget_exits_1_and_prints_no_board(run) -> None:
    r = run("solve", "5000", "-m", "min-conflicts", "--max-steps", "10", "-f", "perm")
    assert r.code == 1 and r.out == ""
    assert "budget of 10 steps" in r.err and "--max-steps" in r.err
    r = run("solve", "50", "-m", "min-conflicts", "--max-steps", "-1")
    assert r.code == 2


@pytest.mark.parametrize("fmt", ["board", "matrix", "list", "algebraic", "svg", "json"])
def test_text_boards_beyond_1000_are_refused_with_a_hint(run, fmt: str) -> None:
    r = run("solve", "1001", "--format", fmt)
    assert r.code == 2 and r.out == ""
    assert "perm" in r.err and "npy" in r.err and len(r.err.strip().splitlines()) == 1
    r = run("solve", "1000", "--format", fmt)
    assert r.code == 0


def test_json_beyond_1000_is_refused(run) -> None:
    r = run("solve", "2000", "--json")
    assert r.code == 2 and "perm" in r.err


def test_perm_of_a_million_queens_streams_and_checks(run, tmp_path: Path) -> None:
    target = tmp_path / "q.txt"
    r = run("solve", "1000000", "-f", "perm", "-o", str(target))
    assert r.code == 0 and r.out == ""
    data = target.read_bytes()
    assert data.endswith(b"\n") and data.count(b"\n") == 1
    assert formats.read_bytes(data) == construct(1_000_000)
    r = run("check", str(target))
    assert r.code == 0 and r.out.startswith("valid: 1,000,000 queens")


def test_npy_round_trip_and_check(run, tmp_path: Path) -> None:
    target = tmp_path / "q.npy"
    r = run("solve", "200000", "-m", "min-conflicts", "--seed", "2", "-f", "npy", "-o",
            str(target))
    assert r.code == 0 and r.out == ""
    arr = np.load(target)
    assert arr.shape == (200_000,) and arr.dtype == np.int32 and Solution(arr).is_valid()
    r = run("check", str(target), "--json")
    assert r.code == 0 and '"valid": true' in r.out
    # an attacking pair is named
    arr[[0, 1]] = 5, 6
    np.save(target, arr)
    r = run("check", str(target))
    assert r.code == 1 and "invalid" in r.out and "same" in r.out


@pytest.mark.parametrize("dtype", [np.int32, np.int64, np.uint32, np.int16])
def test_npy_boards_of_every_integer_width_read_alike(run, tmp_path: Path, dtype: type) -> None:
    board = construct(1000).cols
    target = tmp_path / "q.npy"
    np.save(target, board.astype(dtype))
    r = run("check", str(target), "--json")
    assert r.code == 0 and json.loads(r.out)["valid"] is True
    assert formats.read_bytes(target.read_bytes()) == Solution(board)
    # written back: int32, the same board
    again = tmp_path / "again.npy"
    with open(again, "wb") as fh:
        formats.write_npy(formats.read_bytes(target.read_bytes()), fh)
    back = np.load(again)
    assert back.dtype == np.int32 and back.tolist() == board.tolist()


def test_check_names_the_trouble_in_a_huge_permutation(run, tmp_path: Path) -> None:
    n = 300_000  # above the one-pass threshold of one megabyte
    cols = construct(n).cols + 1
    bad = cols.copy()
    bad[[7, 8]] = bad[[8, 7]]
    f = tmp_path / "bad.txt"
    f.write_text(" ".join(map(str, bad.tolist())) + "\n")
    r = run("check", str(f))
    assert r.code == 1 and "attack each other" in r.err
    dup = cols.copy()
    dup[100] = dup[5]
    f.write_text(" ".join(map(str, dup.tolist())))
    r = run("check", str(f))
    assert r.code == 2 and "appears twice (rows 6 and 101)" in r.err
    f.write_text(" ".join(["5"] * 600_000) + "\n3 x4 7")
    r = run("check", str(f))
    assert r.code == 2 and "line 2, column 3" in r.err and "'x4'" in r.err
    f.write_text(" ".join(map(str, cols.tolist())) + f" {n + 5}")
    r = run("check", str(f))
    assert r.code == 2 and "is not a column" in r.err


@pytest.mark.slow
def test_check_refuses_a_hundred_million_queens_with_one_attacking_pair(run, tmp_path: Path
                                                                      ) -> None:
    n = 10**8  # even, n mod 6 = 4: row i < n/2 holds column 2i + 1, the others 2(i - n/2)
    cols = construct(n).cols.copy()
    cols[[0, 1]] = cols[[1, 0]]  # (0, 3) now shares the diagonal r - c = -3 with (2, 5)
    f = tmp_path / "one-pair.npy"
    np.save(f, cols)
    del cols
    r = run("check", str(f), "--json")
    assert r.code == 1
    report = json.loads(r.out)
    assert report["valid"] is False and report["conflicting_pairs"] == 1
    assert report["attacking_pairs"] == [[[0, 3], [2, 5]]]
    text = run("check", str(f))
    assert text.code == 1 and "1 conflicting pair" in text.out and "same diagonal" in text.out
    assert text.err.strip() == "nqueens: 1 pair of queens attack each other"


def test_check_reads_npy_from_stdin_bytes_and_rejects_garbage(run, tmp_path: Path) -> None:
    f = tmp_path / "junk.npy"
    f.write_bytes(b"\x93NUMPY garbage")
    r = run("check", str(f))
    assert r.code == 2 and "npy" in r.err
    np.save(f, np.zeros((2, 2), dtype=np.int64))
    r = run("check", str(f))
    assert r.code == 2 and "1-D" in r.err


def test_npy_to_a_terminal_is_refused(monkeypatch: pytest.MonkeyPatch, run) -> None:
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True, raising=False)
    r = run("solve", "8", "-f", "npy")
    assert r.code == 2 and "--output" in r.err


def test_installed_script_pipes_perm_into_check() -> None:
    exe = Path(sys.executable).with_name("nqueens")
    solve = subprocess.run([str(exe), "solve", "100000", "-m", "min-conflicts", "--seed", "9",
                            "-f", "perm"], capture_output=True, check=False)
    assert solve.returncode == 0
    check = subprocess.run([str(exe), "check", "-"], input=solve.stdout, capture_output=True,
                           check=False)
    assert check.returncode == 0 and check.stdout.startswith(b"valid: 100,000 queens")


def test_repair_methods_report_their_work(run) -> None:
    from nqueens.algorithms.classic.intuitive import intuitive

    r = run("solve", "8", "--method", "intuitive", "--format", "perm")
    assert r.code == 0
    assert r.err == f"nqueens: intuitive: {intuitive(8)[1]:,} states\n"
    data = json.loads(run("solve", "8", "-m", "intuitive", "--json").out)
    assert data["work"] == {"states": intuitive(8)[1]}
    r = run("solve", "200", "-m", "min-conflicts", "--seed", "4", "--json")
    work = json.loads(r.out)["work"]
    assert set(work) == {"steps", "moves", "restarts"} and work["moves"] <= work["steps"]
    assert run("solve", "8", "-m", "intuitive", "--quiet").err == ""
    assert run("solve", "8").err == ""
