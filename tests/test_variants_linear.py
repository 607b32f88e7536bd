"""Linear solutions (x, (a·x + b) mod n): the gcd rule against brute force, the
torus property, the table, and ``nqueens linear`` with its error paths."""

from __future__ import annotations

import csv
import io
import json
import math
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import nqueens
from nqueens import Solution
from nqueens.algorithms.linear import (
    exists,
    linear_count,
    linear_solutions,
    linear_table,
    multipliers,
    placement,
)

# n: (linear, all), the figures of the classic text (its 99 for n = 11 corrected to 88)
TABLE = {5: (10, 10), 7: (28, 40), 11: (88, 2680), 13: (130, 73712)}


@pytest.mark.parametrize("n", range(1, 26))
def test_the_gcd_rule_finds_exactly_the_valid_linear_placements(n: int) -> None:
    brute = {(a, b) for a in range(n) for b in range(n) if placement(n, a, b).is_valid()}
    listed = [(s.a, s.b) for s in linear_solutions(n)]
    assert set(listed) == brute
    assert len(listed) == len(brute) == linear_count(n)
    assert listed == sorted(listed)


def test_linear_solutions_exist_exactly_when_n_is_prime_to_6() -> None:
    for n in range(1, 200):
        assert exists(n) == (linear_count(n) > 0) == (math.gcd(n, 6) == 1)


def test_only_a_from_2_to_9_work_for_11() -> None:
    assert multipliers(11).tolist() == list(range(2, 10))
    assert linear_count(11) == 88  # the seed's 99 is wrong


@pytest.mark.parametrize("n", [1, 5, 7, 11, 13, 17])
def test_every_linear_solution_is_a_torus_solution(n: int) -> None:
    boards = [s.solution for s in linear_solutions(n)]
    assert all(s.is_valid(torus=True) for s in boards)
    assert all(s.is_valid() for s in boards)
    if n <= 13:
        torus = set(nqueens.solutions(n, torus=True))
        assert set(boards) <= torus
        if n in (5, 7, 11):  # A051906 equals the linear count here
            assert set(boards) == torus


def test_linear_boards_follow_their_formula() -> None:
    n = 13
    x = np.arange(n)
    for s in linear_solutions(n):
        assert s.solution.as_tuple() == tuple(((s.a * x + s.b) % n).tolist())


def test_huge_boards_stream_at_once() -> None:
    first = next(linear_solutions(1_000_003))
    assert (first.a, first.b) == (2, 0)
    assert first.solution.is_valid(torus=True)


@pytest.mark.parametrize("n", sorted(TABLE))
def test_table_values(n: int) -> None:
    (row,) = linear_table(n, n)
    assert (row.linear, row.total) == TABLE[n]


def test_table_through_the_command_line_as_csv(run) -> None:
    r = run("linear", "--table", "1", "13", "--format", "csv")
    assert r.code == 0, r.err
    rows = list(csv.DictReader(io.StringIO(r.out)))
    assert [int(row["n"]) for row in rows] == list(range(1, 14))
    got = {int(row["n"]): (int(row["linear"]), int(row["total"])) for row in rows}
    for n, want in TABLE.items():
        assert got[n] == want
    for n in range(1, 14):
        assert got[n][1] == nqueens.count(n).total
        assert got[n][0] == (n * len(multipliers(n)))
    pct = {int(row["n"]): row["percent"] for row in rows}
    assert float(pct[7]) == pytest.approx(70.0)
    assert float(pct[11]) == pytest.approx(100 * 88 / 2680, rel=1e-5)
    assert pct[2] == ""  # 0 of 0


def test_table_as_text_carries_the_note(run) -> None:
    r = run("linear", "--table", "5", "13")
    assert r.code == 0, r.err
    lines = r.out.splitlines()
    assert lines[0].split() == ["n", "linear", "total", "percent"]
    row13 = next(line.split() for line in lines if line.split()[:1] == ["13"])
    assert row13 == ["13", "130", "73,712", "0.176%"]
    assert "gcd(n, 6) = 1" in r.out and "torus" in r.out


def test_table_as_markdown_and_json(run) -> None:
    r = run("linear", "--table", "5", "7", "-f", "markdown")
    assert r.code == 0
    assert "| 7 | 28 | 40 | 70% |" in r.out and "torus" in r.out
    r = run("linear", "--table", "5", "7", "--json")
    assert r.code == 0
    assert json.loads(r.out) == [
        {"n": 5, "linear": 10, "total": 10, "all": 10, "percent": 100.0},
        {"n": 6, "linear": 0, "total": 4, "all": 4, "percent": 0.0},
        {"n": 7, "linear": 28, "total": 40, "all": 40, "percent": 70.0},
    ]


def test_count_max_leaves_big_boards_uncounted(run) -> None:
    r = run("linear", "--table", "11", "13", "--count-max", "11", "--json")
    assert r.code == 0
    data = json.loads(r.out)
    assert [d["all"] for d in data] == [2680, None, None]
    assert [d["linear"] for d in data] == [88, 0, 130]


def test_listing_shows_a_b_and_a_valid_board(run) -> None:
    r = run("linear", "7")
    assert r.code == 0, r.err
    summary, body = r.err, r.out
    assert "28 linear solutions" in summary and "70% of all 40" in summary
    assert "torus" in summary
    heads = re.findall(r"^a = (\d+), b = (\d+)$", r.out, flags=re.M)
    assert len(heads) == 28
    boards = [nqueens.read(block.split("\n", 1)[1]) for block in body.strip().split("\n\n")]
    assert len(boards) == 28
    for (a, b), board in zip(heads, boards, strict=True):
        assert board == placement(7, int(a), int(b))
        assert board.is_valid(torus=True)


def test_listing_in_one_line_formats_and_limit(run) -> None:
    r = run("linear", "11", "--format", "perm", "--limit", "3")
    assert r.code == 0
    assert "88 linear solutions" in r.err and "2,680" in r.err
    assert r.out.splitlines() == [   # a = 2 and b = 0, 1, 2: data only, pipes like 'all'
        "1 3 5 7 9 11 2 4 6 8 10",
        "2 4 6 8 10 1 3 5 7 9 11",
        "3 5 7 9 11 2 4 6 8 10 1",
    ]
    r = run("linear", "5", "--format", "list", "--limit", "2")
    assert json.loads(r.out) == [["Q....", "..Q..", "....Q", ".Q...", "...Q."],
                                 [".Q...", "...Q.", "Q....", "..Q..", "....Q"]]


def test_text_boards_of_huge_linear_solutions_are_refused(run) -> None:
    r = run("linear", "1001", "--limit", "1")
    assert r.code == 2 and r.out == "" and "--format perm" in r.err
    r = run("linear", "1001", "--limit", "1", "--format", "perm")
    assert r.code == 0
    assert Solution([int(x) - 1 for x in r.out.split()]).is_valid(torus=True)


def test_listing_as_json(run) -> None:
    r = run("linear", "13", "--json")
    assert r.code == 0
    data = json.loads(r.out)
    assert (data["n"], data["linear"], data["all"]) == (13, 130, 73712)
    assert data["slopes"] == list(range(2, 12))
    assert len(data["solutions"]) == 130
    for item in data["solutions"]:
        s = Solution(item["columns"])
        assert s == placement(13, item["a"], item["b"])
        assert s.is_valid(torus=True)


def test_listing_to_a_file(run, tmp_path: Path) -> None:
    target = tmp_path / "linear.txt"
    r = run("linear", "5", "-f", "perm", "-o", str(target))
    assert (r.code, r.out) == (0, "")
    assert len(target.read_text().splitlines()) == 10


@pytest.mark.parametrize("n", [2, 3, 4, 6, 9, 12])
def test_no_linear_solution_is_exit_1(run, n: int) -> None:
    r = run("linear", str(n))
    assert r.code == 1
    assert r.out == ""
    assert "no linear solution" in r.err and "gcd(n, 6) = 1" in r.err
    r = run("linear", str(n), "--json")
    assert r.code == 1
    assert json.loads(r.out)["solutions"] == []


@pytest.mark.parametrize("args, needle", [
    ((), "give N"),
    (("5", "--table", "1", "3"), "not both"),
    (("--table", "7", "5"), "7 is above 5"),
    (("--table", "0", "5"), "FROM must be at least 1"),
    (("5", "--format", "csv"), "for --table"),
    (("--table", "1", "3", "--format", "perm"), "--table prints"),
    (("0",), "at least 1"),
    (("5", "--format", "npy"), "npy"),
])
def test_bad_requests_are_exit_2(run, args: tuple[str, ...], needle: str) -> None:
    r = run("linear", *args)
    assert r.code == 2
    assert needle in r.err
    assert r.out == ""
    assert "Traceback" not in r.err


def test_the_installed_script() -> None:
    script = Path(sys.executable).with_name("nqueens")
    done = subprocess.run([str(script), "linear", "--table", "5", "7", "-f", "csv"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[1:] == ["5,10,10,100", "6,0,4,0", "7,28,40,70"]


def test_help_has_examples(run) -> None:
    r = run("linear", "--help")
    assert r.code == 0
    assert "Examples" in r.out and "--table" in r.out


def test_no_linear_solution_in_list_form_is_the_empty_list(run) -> None:
    r = run("linear", "6", "-f", "list")
    assert (r.code, r.out) == (1, "[]\n")
    data = json.loads(run("linear", "6", "--json").out)
    assert data["torus_solutions"] is False and data["solutions"] == []
    assert json.loads(run("linear", "5", "--json").out)["torus_solutions"] is True


def test_quiet_leaves_out_the_summary(run) -> None:
    r = run("linear", "7", "-f", "perm", "-q")
    assert (r.code, r.err) == (0, "")
    assert len(r.out.splitlines()) == 28
    r = run("linear", "6", "--quiet")
    assert r.code == 1 and "no linear solution" in r.err   # errors are still said


def test_the_gallery_captions_each_board_with_its_a_and_b(run, tmp_path: Path) -> None:
    r = run("linear", "5", "-f", "svg")
    assert r.code == 0 and r.out.startswith("<svg")
    captions = re.findall(r'<text class="caption"[^>]*>([^<]*)</text>', r.out)
    assert captions == [f"a={a}, b={b}" for a in (2, 3) for b in range(5)]
    target = tmp_path / "linear.svg"          # the extension names the format
    r = run("linear", "7", "-l", "3", "-o", str(target))
    assert (r.code, r.out) == (0, "")
    assert re.findall(r'class="caption"[^>]*>([^<]*)<', target.read_text()) == [
        "a=2, b=0", "a=2, b=1", "a=2, b=2"]


def test_the_output_extension_names_the_format(run, tmp_path: Path) -> None:
    boards = tmp_path / "linear.json"
    assert run("linear", "5", "-o", str(boards)).code == 0
    assert json.loads(boards.read_text())["linear"] == 10
    table = tmp_path / "table.csv"
    assert run("linear", "--table", "5", "7", "-o", str(table)).code == 0
    assert table.read_text().splitlines()[0] == "n,linear,total,percent"
    md = tmp_path / "table.md"
    assert run("linear", "--table", "5", "7", "-o", str(md)).code == 0
    assert md.read_text().startswith("| n | linear |")
    text = tmp_path / "table.txt"
    assert run("linear", "--table", "5", "7", "-f", "markdown", "-o", str(text)).code == 0
    assert text.read_text().startswith("| n |")


@pytest.mark.parametrize("args, needle", [
    (("5", "-f", "perm", "-o", "x.svg"), "--format perm contradicts --output"),
    (("5", "-o", "x.npy"), "does not write npy files"),
    (("5", "--json", "-o", "x.svg"), "--json writes a JSON document, not svg"),
    (("--table", "5", "7", "-f", "csv", "-o", "x.md"), "--format csv contradicts"),
    (("--table", "5", "7", "--json", "-o", "x.csv"), "--json contradicts"),
    (("--table", "5", "7", "-o", "x.svg"), "does not write svg files"),
    (("101", "-f", "svg"), "at most 2,000 boards"),
])
def test_a_format_that_clashes_with_the_output_file_is_refused(run, tmp_path: Path,
                                                               args: tuple[str, ...],
                                                               needle: str) -> None:
    args = tuple(str(tmp_path / a) if a.startswith("x.") else a for a in args)
    r = run("linear", *args)
    assert r.code == 2 and needle in r.err and r.err.count("\n") == 1
    assert r.out == "" and list(tmp_path.iterdir()) == []
