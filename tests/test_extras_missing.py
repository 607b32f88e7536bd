"""Without an optional package, a command that needs it says which extra installs it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest


def _without(package: str, *argv: str) -> subprocess.CompletedProcess[str]:
    """Run ``nqueens ARGV`` in a fresh interpreter where ``package`` cannot be imported."""
    code = (f"import sys; sys.modules[{package!r}] = None; from nqueens.cli import main; "
            f"sys.exit(main({list(argv)!r}))")
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120)


@pytest.mark.parametrize(("argv", "name"), [
    (["solve", "8", "-o", "{dir}/board.png"], "board.png"),
    (["all", "6", "-o", "{dir}/all.png"], "all.png"),
    (["table", "4", "6", "-o", "{dir}/t.png"], "t.png"),
])
def test_a_png_without_matplotlib_names_the_plot_extra(tmp_path: Path, argv: list[str],
                                                       name: str) -> None:
    done = _without("matplotlib", *[a.format(dir=tmp_path) for a in argv])
    assert done.returncode == 2, done.stderr
    assert done.stderr.strip() == ("nqueens: error: this needs matplotlib, which the 'plot' "
                                   "extra installs: pip install 'nqueens[plot]'")
    assert not (tmp_path / name).exists()


def test_what_needs_no_extra_runs_without_it(tmp_path: Path) -> None:
    done = _without("matplotlib", "solve", "8", "-o", str(tmp_path / "board.svg"))
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "board.svg").read_text().startswith("<svg")
