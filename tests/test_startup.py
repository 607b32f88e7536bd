"""Start-up: every command imports only what it uses.

Each check runs a real program in a fresh interpreter and, as it ends, reads the modules
it imported (``sys.modules``), held against the packages that command has no use for.
The short help that ``nqueens --help`` shows without importing the commands is held
against each command's own help.
"""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path

import click
import pytest

from nqueens.cli.app import COMMANDS, cli
from puzzleshell import testing
from puzzleshell.command import LazyGroup

#: Packages that only drawing, progress bars, live views and the cluster need, and SAT
#: solvers that nqueens never loads.
HEAVY = frozenset({"matplotlib", "dask", "distributed", "pysat", "pyganak", "PIL", "rich"})

#: A help text needs click and nothing that computes: not even numpy, which alone takes
#: longer than the rest of the program's start.
NOT_FOR_HELP = HEAVY | {"numpy", "numba"}

ENTRY = {
    "nqueens": "from nqueens.__main__ import main; main()",
}

def _packages(modules: set[str]) -> set[str]:
    return {name.partition(".")[0] for name in modules}


@pytest.mark.parametrize("program", ["nqueens"])
def test_help_imports_only_click(program: str) -> None:
    modules, proc = testing.imported_modules(ENTRY[program], "--help")
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "Commands:" in proc.stdout
    assert "click" in modules
    assert not _packages(modules) & NOT_FOR_HELP


def test_nqueens_help_imports_no_command() -> None:
    modules, _ = testing.imported_modules(ENTRY["nqueens"], "--help")
    loaded = sorted(m for m in modules if m.endswith("_cmd"))
    assert loaded == []


def test_import_nqueens_loads_no_drawing_and_no_cluster() -> None:
    modules, proc = testing.imported_modules("import nqueens")
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert not _packages(modules) & (HEAVY | {"numba"})
    assert "nqueens.algorithms.counter.cluster" not in modules


def test_the_library_solves_and_counts_without_drawing_or_cluster() -> None:
    code = "import nqueens; nqueens.solve(8); print(nqueens.count(10).total)"
    modules, proc = testing.imported_modules(code)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.split()[-1] == "724"
    assert not _packages(modules) & HEAVY
    assert "nqueens.algorithms.counter.cluster" not in modules


@pytest.mark.parametrize("args", [
    ("solve", "8"),
    ("count", "12"),
    ("check", "board.txt"),
    ("solve", "1000", "-f", "npy", "-o", "x.npy"),
    ("all", "6", "-f", "perm"),
    ("motion", "--help"),
    ("table", "--help"),
])
def test_nqueens_commands_load_no_drawing(args: tuple[str, ...], tmp_path: Path) -> None:
    (tmp_path / "board.txt").write_text(".Q..\n...Q\nQ...\n..Q.\n")
    modules, proc = testing.imported_modules(ENTRY["nqueens"], *args, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr[-2000:]
    # Standard error is not a terminal here: no progress bar, so no rich either.
    assert not _packages(modules) & HEAVY
    assert "nqueens.algorithms.counter.cluster" not in modules


#: What a count in one process has no use for: numpy (the half-board engine is C
#: alone), the pools of processes and the journal's SQLite.
NOT_FOR_A_COUNT = frozenset({"numpy", "sqlite3", "multiprocessing", "concurrent"})


@pytest.mark.parametrize("args", [
    ("count", "12"),
    ("count", "16", "-w", "1", "--json", "-q"),
    ("count", "10", "--json"),
])
def test_a_count_in_one_process_starts_without_numpy(args: tuple[str, ...],
                                                      tmp_path: Path) -> None:
    """``nqueens count`` of a board the half-board engine counts in this process loads
    no numpy, no process pool and no SQLite: its start is a fraction of theirs."""
    modules, proc = testing.imported_modules(ENTRY["nqueens"], *args, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "nqueens.algorithms.counter.halves" in modules
    assert not _packages(modules) & NOT_FOR_A_COUNT, sorted(
        m for m in modules if m.partition(".")[0] in NOT_FOR_A_COUNT)[:5]


def test_a_count_with_a_journal_or_workers_loads_what_it_uses(tmp_path: Path) -> None:
    modules, proc = testing.imported_modules(
        ENTRY["nqueens"], "count", "12", "-w", "2", "--journal", "j.sqlite", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert {"sqlite3", "multiprocessing"} <= _packages(modules)
    assert (tmp_path / "j.sqlite").is_file()


def test_command_table_matches_the_commands() -> None:
    """Each command's module defines it under the command's name; its short help, the
    first sentence of its help, is written in the table alone."""
    ctx = click.Context(cli)
    for name, (spec, short) in COMMANDS.items():
        module, _, function = spec.partition(":")
        defined = getattr(importlib.import_module(module), function)
        command = cli.get_command(ctx, name)
        assert command is defined and command.name == name, spec
        assert command.get_short_help_str(limit=10**6) == short, name
        assert (command.help or "").count(short) == 1, f"{name}: its first sentence twice"


@pytest.mark.parametrize("columns", ["60", "100"])
def test_help_lists_the_commands_as_when_they_are_loaded(columns: str) -> None:
    """The list of commands in 'nqueens --help' reads the same whether it comes from the
    table or from the loaded commands, at any width."""
    eager = ("import click; from nqueens.cli import cli; "
             "[cli.get_command(click.Context(cli), n) for n in list(cli.lazy)]")
    env = {"COLUMNS": columns}
    _, lazy_run = testing.imported_modules(ENTRY["nqueens"], "--help", env=env)
    _, eager_run = testing.imported_modules(f"{eager}; {ENTRY['nqueens']}", "--help", env=env)
    assert lazy_run.returncode == eager_run.returncode == 0
    assert lazy_run.stdout == eager_run.stdout
    listing = lazy_run.stdout.partition("Commands:")[2].split()
    assert all(name in listing for name in COMMANDS)


def test_each_command_help_loads_its_command() -> None:
    """'nqueens COMMAND --help' imports that command's module and no other."""
    modules, proc = testing.imported_modules(ENTRY["nqueens"], "steps", "--help")
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "Usage: nqueens steps" in proc.stdout
    assert sorted(m for m in modules if m.endswith("_cmd")) == ["nqueens.cli.steps_cmd"]


def test_unknown_command_is_one_line_and_exit_2() -> None:
    proc = subprocess.run([sys.executable, "-c", ENTRY["nqueens"], "sovle", "8"],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2
    assert proc.stderr.count("\n") == 1
    assert proc.stderr.startswith("nqueens: error: ") and "sovle" in proc.stderr


def test_lazy_group_lists_unloaded_commands() -> None:
    group = LazyGroup(name="demo", lazy={"x": ("no_such_module:x", "Do x.")})
    ctx = click.Context(group)
    assert group.list_commands(ctx) == ["x"]
    assert "Do x." in group.get_help(ctx)
