"""More hostile input through minesweeper's command line: formulas that lay out boards
too large to read back, control characters in file names, and how little the program
imports before it obeys a signal."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from puzzleshell import testing

from ms_support import PROGRAM

#: The address space the program started here may use (a normal run needs well under 1 GiB).
ADDRESS_SPACE = 3_000_000_000


def _run(argv: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return testing.run_bounded(argv, timeout=180, address_space=ADDRESS_SPACE, cwd=cwd)


def _cnf(path: Path, variables: int, clauses: int) -> Path:
    lines = [f"{1 + i % variables} -{1 + (i + 1) % variables} {1 + (i + 2) % variables} 0"
             for i in range(clauses)]
    path.write_text(f"p cnf {variables} {clauses}\n" + "\n".join(lines) + "\n")
    return path


@pytest.mark.parametrize("variables,clauses", [(100_000, 1), (3, 50_000), (100, 2_000)])
def test_build_refuses_a_board_larger_than_check_reads(tmp_path: Path, variables: int,
                                                       clauses: int) -> None:
    """Too many literals for their lanes, or a layout that grows too wide: one line,
    exit 2, within seconds and without allocating the board."""
    if variables == 100_000:  # one clause of every variable
        (tmp_path / "f.cnf").write_text(
            f"p cnf {variables} 1\n" + " ".join(map(str, range(1, variables + 1))) + " 0\n")
    else:
        _cnf(tmp_path / "f.cnf", variables, clauses)
    done = _run(PROGRAM + ["build", "f.cnf", "-o", "b.txt"], tmp_path)
    testing.assert_one_line_error(
        done, "squares (width x height), more than the 100,000,000 a board is read up to")
    assert not (tmp_path / "b.txt").exists()


def test_build_of_a_fair_formula_still_works(tmp_path: Path) -> None:
    _cnf(tmp_path / "f.cnf", 20, 60)
    done = _run(PROGRAM + ["build", "f.cnf", "-o", "b.txt"], tmp_path)
    assert done.returncode == 0, done.stderr
    done = _run(PROGRAM + ["check", "b.txt"], tmp_path)
    assert done.returncode in (0, 1), done.stderr


@pytest.mark.parametrize("argv,shown", [
    (["check", "no\x07pe\r"], "no\\x07pe\\r"),
    (["build", "./f\x1b.cnf"], "f\\x1b.cnf"),
])
def test_file_names_in_messages_are_escaped(tmp_path: Path, argv: list[str],
                                            shown: str) -> None:
    done = _run(PROGRAM + argv, tmp_path)
    assert done.returncode == 2, done.stderr
    assert shown in done.stderr, done.stderr
    assert not any(ord(ch) < 32 for ch in done.stderr.rstrip("\n")), done.stderr


def test_the_console_script_sets_its_handlers_before_the_program_is_imported() -> None:
    """The entry point imports neither click nor numpy before the handlers are set."""
    watched = ["click", "numpy", "minesweeper.cli"]
    assert testing.imported_before_handlers("minesweeper.__main__", watched) == []
