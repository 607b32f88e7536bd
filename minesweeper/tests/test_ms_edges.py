"""Edge cases of every command, each through the real command line."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from minesweeper.base.board import UNKNOWN, Board, format_board
from minesweeper.cli import main


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


def revealed_position(h: int, w: int, density: float, seed: int) -> tuple[Board, int]:
    """Every safe square revealed, every mine unknown: a frontier as large as the mines."""
    rng = np.random.default_rng(seed)
    mines = rng.random((h, w)) < density
    padded = np.pad(mines.astype(np.int8), 1)
    numbers = sum(padded[1 + dr: h + 1 + dr, 1 + dc: w + 1 + dc]
                  for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0))
    cells = np.where(mines, UNKNOWN, numbers).astype(np.int8)
    return Board(cells, None), int(mines.sum())


# The backtracking solver on long frontiers, and its reasons

def test_backtrack_long_frontier_built_board(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    cnf = tmp_path / "r.cnf"
    cnf.write_text("p cnf 4 3\n3 3 2 0\n-3 1 -4 0\n-1 0\n")
    board = tmp_path / "r.txt"
    assert run(["build", str(cnf), "-o", str(board)], capsys)[0] == 0
    code, out, err = run(["check", str(board), "--method", "backtrack", "--assignment",
                          "--json"], capsys)
    assert code == 0 and err == ""
    values = json.loads(out)["assignment"]
    assert values["x1"] is False and (values["x3"] or values["x2"])
    assert not values["x3"] or not values["x4"]
    code, out, _ = run(["check", str(board), "--method", "backtrack", "--count", "--json"],
                       capsys)
    assert code == 0 and json.loads(out)["count"]["count"] == 4  # the formula's models


def test_backtrack_long_frontier_game_position(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    board, mines = revealed_position(80, 80, 0.16, 3)
    assert mines > 1000
    path = tmp_path / "p.txt"
    path.write_text(f"mines: {mines}\n" + format_board(board) + "\n")
    code, out, err = run(["check", str(path), "--method", "backtrack", "--json"], capsys)
    assert code == 0 and err == "" and len(json.loads(out)["mines"]) == mines
    code, out, _ = run(["check", str(path), "--method", "backtrack", "--count"], capsys)
    assert code == 0 and out.splitlines()[1].startswith("1 arrangement of")
    # one mine too many for the total: the total is the reason
    path.write_text(f"mines: {mines + 1}\n" + format_board(board) + "\n")
    code, out, _ = run(["check", str(path), "--method", "backtrack"], capsys)
    assert code == 1 and "total number of mines" in out


@pytest.mark.parametrize(
    ("rows", "reason", "marked"),
    [
        ("1?1/?0?/1?1", "these 5 numbers", 5),
        ("?1?/8..", "this number cannot hold", 1),
        ("?1...?2?/11...111", "these 6 numbers", 6),
    ],
)
def test_backtrack_gives_a_reason(rows: str, reason: str, marked: int, tmp_path: Path,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "b.txt"
    path.write_text(rows + "\n")
    code, out, _ = run(["check", str(path), "--method", "backtrack"], capsys)
    assert code == 1 and out.startswith("inconsistent\n") and reason in out
    assert out.count("[") == marked
    code, out, _ = run(["check", str(path), "--method", "backtrack", "--json"], capsys)
    data = json.loads(out)
    assert len(data["core"]) == marked and data["core_minimal"] is False


# A built board has no fixed total, so no .mine file

@pytest.mark.parametrize("args", [["-o", "a.mine"], ["-o", "a.mine", "--quiet"]])
def test_build_refuses_mine_format(args: list[str], tmp_path: Path,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    """A file named .mine is refused with the reason (``-f mine`` is not offered)."""
    args = [str(tmp_path / a) if a.endswith(".mine") else a for a in args]
    code, out, err = run(["build", "a", *args], capsys)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert ".mine format" in err and "total number of mines" in err
    assert not (tmp_path / "a.mine").exists()


# The model counter's progress lines stay off stdout

def script() -> str:
    exe = shutil.which("minesweeper") or str(Path(sys.executable).parent / "minesweeper")
    return exe


def test_count_json_is_clean(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    board = tmp_path / "u2.txt"
    formula = "(a or b) and (not a or b) and (a or not b) and (not a or not b)"
    assert run(["build", formula, "-o", str(board)], capsys)[0] == 0
    done = subprocess.run([script(), "check", str(board), "--count", "--json"],
                          capture_output=True, text=True)
    assert done.returncode == 1
    data = json.loads(done.stdout)  # nothing but the answer
    assert data["count"]["count"] == 0 and data["count"]["method"] == "collapse+ganak"
    done = subprocess.run([script(), "check", str(board), "--count"], capture_output=True,
                          text=True)
    assert done.stdout.splitlines()[0] == "inconsistent"
    assert done.stdout.splitlines()[1].startswith("0 arrangements")


def test_count_through_main_writes_only_the_answer(tmp_path: Path,
                                                   capfd: pytest.CaptureFixture[str]) -> None:
    board = tmp_path / "u.txt"
    assert main(["build", "(a or b) and not a and not b", "-o", str(board)]) == 0
    capfd.readouterr()
    assert main(["check", str(board), "--count", "--json"]) == 1
    out, _ = capfd.readouterr()
    assert json.loads(out)["count"]["count"] == 0


# An output folder that does not exist is named, not a temporary file

@pytest.mark.parametrize(
    "args",
    [["build", "a", "-o"], ["check", "1?/11", "-o"], ["gadget", "nor", "-o"],
     ["render", "1?/11", "-o"]],
)
def test_missing_output_folder(args: list[str], tmp_path: Path,
                               capsys: pytest.CaptureFixture[str]) -> None:
    if args[0] in ("check", "render"):
        board = tmp_path / "b.txt"
        board.write_text(args[1] + "\n")
        args = [args[0], str(board), *args[2:]]
    target = tmp_path / "nonexist" / "x.svg"
    code, _, err = run([*args, str(target)], capsys)
    assert code == 2 and err.count("\n") == 1
    assert f"cannot write {target}: the folder {target.parent} does not exist" in err
    assert ".x.svg." not in err and not target.parent.exists()


# The format follows the extension of -o unless --format says otherwise; a clash is
#    refused.  5. -f is the short form of --format.

@pytest.mark.parametrize("command", [["build", "a or b"], ["gadget", "nor"]])
@pytest.mark.parametrize(("name", "head"), [("x.svg", b"<svg"), ("x.png", b"\x89PNG"),
                                            ("x.txt", None)])
def test_format_from_extension(command: list[str], name: str, head: bytes | None,
                               tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / name
    assert run([*command, "-o", str(target)], capsys)[0] == 0
    data = target.read_bytes()
    if head is None:
        assert not data.startswith((b"<svg", b"\x89PNG")) and b"\n" in data
    else:
        assert data.startswith(head)


@pytest.mark.parametrize("command", [["build", "a or b"], ["gadget", "nor"]])
@pytest.mark.parametrize("flag", ["--format", "-f"])
def test_format_clash_refused(command: list[str], flag: str, tmp_path: Path,
                              capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "x.png"
    code, out, err = run([*command, flag, "svg", "-o", str(target)], capsys)
    assert code == 2 and err.count("\n") == 1 and not target.exists()
    assert "--format svg does not match the extension" in err


@pytest.mark.parametrize("command", [["build", "a or b"], ["gadget", "crossover"]])
def test_short_format_option(command: list[str], tmp_path: Path,
                             capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "x.svg"
    assert run([*command, "-f", "svg", "-o", str(target)], capsys)[0] == 0
    assert target.read_text().startswith("<svg")
    code, out, _ = run([*command, "-f", "svg"], capsys)
    assert code == 0 and out.startswith("<svg")
    # a name without extension takes --format as it is
    other = tmp_path / "picture"
    assert run([*command, "-f", "png", "-o", str(other)], capsys)[0] == 0
    assert other.read_bytes()[:4] == b"\x89PNG"


def test_unknown_extension_needs_format(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "x.gif"
    code, _, err = run(["build", "a", "-o", str(target)], capsys)
    assert code == 2 and "cannot tell the picture format" in err and "--format" in err
    assert run(["build", "a", "-f", "text", "-o", str(target)], capsys)[0] == 0
    assert target.read_text().startswith("# input a ")


# Every declared DIMACS variable is laid out, used in a clause or not

@pytest.mark.parametrize(
    ("text", "models"),
    [("p cnf 3 1\n1 0\n", 4), ("p cnf 3 2\n1 0\n2 -2 0\n", 4), ("p cnf 4 1\n-2 0\n", 8)],
)
def test_unused_dimacs_variables(text: str, models: int, tmp_path: Path,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    cnf = tmp_path / "u.cnf"
    cnf.write_text(text)
    board = tmp_path / "u.txt"
    assert run(["build", str(cnf), "-o", str(board)], capsys)[0] == 0
    declared = int(text.split()[2])
    code, out, _ = run(["check", str(board), "--assignment", "--json"], capsys)
    assert code == 0
    assert sorted(json.loads(out)["assignment"]) == sorted(f"x{k}"
                                                            for k in range(1, declared + 1))
    for method in ("sat", "backtrack"):
        code, out, _ = run(["check", str(board), "--count", "--json", "--method", method],
                           capsys)
        assert code == 0 and json.loads(out)["count"]["count"] == models


# --safe with a total decides the unconstrained squares together

@pytest.mark.parametrize(
    ("total", "safe", "mined", "code"),
    [(None, [[4, 1]], [[2, 1]], 0),          # (5, 1) sees no number: undetermined
     (1, [[4, 1], [5, 1]], [[2, 1]], 0),     # the frontier holds the one mine
     (2, [[4, 1]], [[2, 1], [5, 1]], 0),     # the second mine must be on (5, 1)
     (3, [], [], 1)],                        # no room for a third
)
def test_safe_with_total_decides_unconstrained_squares(
        total: int | None, safe: list[list[int]], mined: list[list[int]], code: int,
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "b.txt"
    path.write_text(("" if total is None else f"mines: {total}\n") + "1?1??\n")
    got, out, _ = run(["check", str(path), "--safe", "--json"], capsys)
    data = json.loads(out)["safe"]
    assert got == code and data["safe"] == safe and data["mined"] == mined


def test_safe_on_a_position_with_total(capsys: pytest.CaptureFixture[str],
                                       tmp_path: Path) -> None:
    # a game position: every unconstrained square is undetermined, the frontier's
    # answers are those of the same position without the total (the total leaves room)
    rng = np.random.default_rng(5)
    h = w = 30
    mines = rng.random((h, w)) < 0.16
    padded = np.pad(mines.astype(np.int8), 1)
    numbers = sum(padded[1 + dr: h + 1 + dr, 1 + dc: w + 1 + dc]
                  for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0))
    cells = np.full((h, w), UNKNOWN, dtype=np.int8)
    cells[8:22, 8:22] = np.where(mines[8:22, 8:22], UNKNOWN, numbers[8:22, 8:22])
    text = format_board(Board(cells, None)) + "\n"
    with_total, without = tmp_path / "t.txt", tmp_path / "n.txt"
    with_total.write_text(f"mines: {int(mines.sum())}\n" + text)
    without.write_text(text)
    code, out_plain, _ = run(["check", str(without), "--safe", "--json"], capsys)
    assert code == 0
    code, out_total, _ = run(["check", str(with_total), "--safe", "--json"], capsys)
    assert code == 0
    plain, total = json.loads(out_plain)["safe"], json.loads(out_total)["safe"]
    assert plain["safe"] and plain["mined"]
    assert plain == total


# Eval --help has examples; an argument is a file only when it looks like one

def test_eval_help_has_examples(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["eval", "--help"], capsys)
    assert code == 0 and "Examples:" in out and "minesweeper eval " in out
    # the examples say what they print
    assert run(["eval", "a nor b", "a=0", "b=0"], capsys)[:2] == (0, "true\n")
    assert run(["eval", "(a or b) and not c", "a=1", "b=0", "c=1"], capsys)[:2] == \
        (1, "false\n")


def test_formula_is_not_read_from_a_file_of_that_name(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a").write_text("b and not b\n")
    code, out, _ = run(["build", "a", "--json"], capsys)
    assert code == 0 and list(json.loads(out)["inputs"]) == ["a"]
    assert run(["eval", "a", "a=1"], capsys)[:2] == (0, "true\n")
    code, out, _ = run(["build", "./a", "--json"], capsys)
    assert code == 0 and list(json.loads(out)["inputs"]) == ["b"]
    code, _, err = run(["build", "missing.cnf"], capsys)
    assert code == 2 and "missing.cnf: no such file" in err
    code, out, _ = run(["build", "--help"], capsys)
    assert "even when a file" in " ".join(out.split())


# An empty clause is a valid, unsatisfiable formula: an inconsistent board

@pytest.mark.parametrize("text", ["p cnf 2 2\n1 2 0\n0\n", "p cnf 0 1\n0\n",
                                  "p cnf 3 3\n0\n1 -2 3 0\n0\n"])
def test_empty_clause_builds_an_inconsistent_board(text: str, tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    cnf = tmp_path / "e.cnf"
    cnf.write_text(text)
    board = tmp_path / "e.txt"
    code, _, err = run(["build", str(cnf), "-o", str(board)], capsys)
    assert code == 0 and err.startswith(f"wrote {board} (a ") and "board built" in err
    code, out, _ = run(["check", str(board), "--json"], capsys)
    assert code == 1 and json.loads(out)["core"]
    code, out, _ = run(["check", str(board), "--count", "--json"], capsys)
    assert code == 1 and json.loads(out)["count"]["count"] == 0
    declared = max(int(text.split()[2]), 1)  # an empty clause is read over x1 at least
    values = [f"x{k}={k % 2}" for k in range(1, declared + 1)]
    assert run(["eval", str(cnf), *values], capsys)[:2] == (1, "false\n")
