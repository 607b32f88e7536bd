"""Start-up: every minesweeper command imports only what it uses.

Each check runs the real program in a fresh interpreter and, as it ends, reads the
modules it imported (``sys.modules``).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from puzzleshell import testing

#: Packages that no minesweeper command needs unless it says so below.
HEAVY = frozenset({"numpy", "pysat", "pyganak", "PIL", "rich", "matplotlib", "nqueens"})

ENTRY = "from minesweeper.__main__ import main; main()"

def _packages(modules: set[str]) -> set[str]:
    return {name.partition(".")[0] for name in modules}


def test_help_imports_only_click() -> None:
    modules, proc = testing.imported_modules(ENTRY, "--help")
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "Commands:" in proc.stdout
    assert "click" in modules
    assert not _packages(modules) & HEAVY


@pytest.mark.parametrize(("args", "allowed"), [
    (("eval", "a nor b", "a=0", "b=0"), set()),
    (("gadget", "wire"), {"numpy"}),
    (("check", "board.txt"), {"numpy", "pysat"}),
    (("check", "board.txt", "--count"), {"numpy", "pysat", "pyganak"}),
    (("render", "board.txt", "-o", "b.png"), {"numpy", "pysat", "PIL"}),
])
def test_commands_load_what_they_use(args: tuple[str, ...], allowed: set[str],
                                     tmp_path: Path) -> None:
    (tmp_path / "board.txt").write_text("1?\n??\n")
    modules, proc = testing.imported_modules(ENTRY, *args, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert not _packages(modules) & (HEAVY - allowed)


def test_minesweeper_imports_nothing_of_nqueens() -> None:
    """The two programs share no code: every module of minesweeper imports without
    nqueens."""
    code = ("import importlib, pkgutil, sys, minesweeper\n"
            "for info in pkgutil.walk_packages(minesweeper.__path__, 'minesweeper.'):\n"
            "    importlib.import_module(info.name)\n"
            "print(sorted(m for m in sys.modules if m.partition('.')[0] == 'nqueens'))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, env={**os.environ, "PYTHONSAFEPATH": "1"})
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "[]"
