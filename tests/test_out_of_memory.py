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
    # --memory-limit overrides what the machine allows: the whole lists of n = 21 do not
    # fit the address space, and the count runs out anyway.
    done = testing.run_bounded(NQUEENS + ["count", "21", "-q", "--memory-limit", "4G",
                                          "-o", "c.txt"],
                               address_space=1000 << 20, timeout=300, cwd=tmp_path)
    _assert_out_of_memory(done, "0.98 GiB")
    assert done.stdout == "" and list(tmp_path.iterdir()) == []


def test_a_count_plans_its_parts_within_the_address_space_before_taking_it() -> None:
    code = ("from nqueens.algorithms.counter import plan_parts, plan_workers\n"
            "from nqueens.algorithms.search import Problem\n"
            "for n in (20, 22, 23):\n"
            "    p = plan_parts(Problem.make(n))\n"
            "    print(n, p, plan_workers(Problem.make(n), 2, None, p)[0])\n")
    done = testing.run_bounded([sys.executable, "-c", code], address_space=1000 << 20,
                               timeout=60)
    assert done.returncode == 0, done.stderr
    plans = {int(n): (int(p), int(w)) for n, p, w in map(str.split, done.stdout.splitlines())}
    # n = 20's whole lists (146 MB a worker) fit; n = 22's (1.2 GB) and 23's do not, so
    # their passes are counted in parts, on both workers.
    assert plans[20] == (0, 2)
    assert plans[22][0] >= 1 and plans[23][0] > plans[22][0]
    assert plans[22][1] == plans[23][1] == 2


def test_a_count_too_large_for_the_address_space_is_refused_at_once(tmp_path: Path) -> None:
    done = testing.run_bounded(NQUEENS + ["count", "27", "-o", "c.txt"],
                               address_space=1000 << 20, timeout=60, cwd=tmp_path)
    testing.assert_one_line_error(done, "this machine allows", "(the address-space limit)")
    assert "even in its finest parts" in done.stderr
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
