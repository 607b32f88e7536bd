"""Memory that runs out is bad input, not a fault of the program: through the real
command line under an address-space limit, one line saying what the machine allowed
(exit 2), no traceback, no output file left."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from puzzleshell import testing

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="an address-space limit (RLIMIT_AS)")

NQUEENS = testing.program("nqueens")


def _assert_out_of_memory(done: subprocess.CompletedProcess[str], allowed: str) -> None:
    testing.assert_one_line_error(done, f"this machine allowed {allowed} (the address-space "
                                  "limit, ulimit -v)")
    assert "ran out of memory" in done.stderr or "needs about" in done.stderr


@pytest.mark.slow
def test_a_count_past_the_address_space_is_one_line(tmp_path: Path) -> None:
    done = testing.run_bounded(NQUEENS + ["count", "21", "-q", "-o", "c.txt"],
                               address_space=1000 << 20, timeout=300, cwd=tmp_path)
    _assert_out_of_memory(done, "0.98 GiB")
    assert done.stdout == "" and list(tmp_path.iterdir()) == []


def test_checking_a_huge_board_past_the_address_space_is_one_line(tmp_path: Path) -> None:
    board = tmp_path / "id.npy"
    np.save(board, np.arange(10**7))
    work = tmp_path / "work"
    work.mkdir()
    done = testing.run_bounded(NQUEENS + ["check", str(board), "--torus", "-o", "v.txt"],
                               address_space=400 << 20, timeout=300, cwd=work)
    _assert_out_of_memory(done, "0.39 GiB")
    assert done.stdout == "" and list(work.iterdir()) == []
