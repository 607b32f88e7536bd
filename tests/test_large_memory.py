"""``solve`` knows the memory a huge board takes before it takes it: refused (exit 2, one
line) above what the machine allows, a warning near it, through the real command line."""

from __future__ import annotations

import re
import resource
import subprocess
import time
from pathlib import Path

import numpy as np
import pytest

from nqueens.algorithms.closed_form import construct
from nqueens.tasks.footprint import RUN_BYTES, check_memory, solve_bytes
from puzzleshell import testing
from puzzleshell.memory import Allowance, gib

NQUEENS = testing.program("nqueens")

#: The address space the refusals are tried under: the program itself fits in it with
#: room to spare, no board of the sizes below does.
LIMIT = 1_000_000_000


def _under_limit(args: list[str], address_space: int = LIMIT,
                 timeout: float = 120) -> tuple[subprocess.CompletedProcess[str], float]:
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (address_space, address_space))

    started = time.monotonic()
    done = subprocess.run([*NQUEENS, *args], capture_output=True, text=True, timeout=timeout,
                          preexec_fn=limit, stdin=subprocess.DEVNULL)
    return done, time.monotonic() - started


@pytest.mark.parametrize("n, method, need", [
    ("1000000000", "min-conflicts", "7.5 GiB"),
    ("300000000", "min-conflicts", "2.3 GiB"),
    ("150000000", "min-conflicts", "1.2 GiB"),
])
@pytest.mark.parametrize("fmt", ["npy", "perm"])
def test_a_board_beyond_the_address_space_is_refused_at_once(tmp_path: Path, n: str, method: str,
                                                              need: str, fmt: str) -> None:
    target = tmp_path / f"q.{fmt}"
    done, seconds = _under_limit(["solve", n, "-m", method, "-f", fmt, "-o", str(target)])
    testing.assert_one_line_error(done, f"solve {n} with {method} needs about {need}; "
                                        "this machine allows ", "(the address-space limit)",
                                  "--method construct")
    allowed = float(re.search(r"allows ([\d.]+) GiB", done.stderr).group(1))  # type: ignore
    assert 0.3 < allowed < LIMIT / (1 << 30)
    assert done.stdout == "" and list(tmp_path.iterdir()) == []
    assert seconds < 5, seconds


def test_the_construction_written_as_it_is_made_fits_where_min_conflicts_does_not(
        tmp_path: Path) -> None:
    target = tmp_path / "q.npy"
    done, _ = _under_limit(["solve", "1000000", "-f", "npy", "-o", str(target)],
                           address_space=LIMIT)
    assert done.returncode == 0 and done.stderr.startswith("wrote "), done.stderr
    assert np.array_equal(np.load(target), construct(1_000_000).cols)


def test_the_estimates_follow_the_arrays_each_method_allocates() -> None:
    n = 10**8
    assert solve_bytes(n, "construct", streamed=True) == RUN_BYTES
    assert solve_bytes(n, "construct") == RUN_BYTES + 4 * n
    # the int32 board and a byte per diagonal in each direction
    assert 8 * n < solve_bytes(n, "min-conflicts") - RUN_BYTES < 8 * n + (1 << 20)
    assert solve_bytes(32, "backtrack") == RUN_BYTES
    assert 250 * 10**5 < solve_bytes(10**5, "intuitive") - RUN_BYTES < 300 * 10**5


def test_near_the_allowance_a_warning_names_the_figures() -> None:
    said: list[str] = []
    room = Allowance(solve_bytes(10**8, "min-conflicts") * 10 // 9, "the memory available")
    check_memory(10**8, "min-conflicts", warn=said.append, room=room)
    assert said == [f"nqueens: warning: solve 100000000 with min-conflicts needs about "
                    f"{gib(solve_bytes(10**8, 'min-conflicts'))} of the {gib(room.bytes)} "
                    "this machine allows (the memory available)"]
    said.clear()
    check_memory(10**8, "min-conflicts", warn=said.append, room=Allowance(2 * room.bytes, "x"))
    assert said == []


@pytest.mark.slow
def test_the_warning_comes_from_the_command_line_near_the_limit(tmp_path: Path) -> None:
    """The program's own address space is learnt from a refusal, then the limit is set so
    that min-conflicts at 10^8 needs nine tenths of what is left: it warns, then solves."""
    n, method = 10**8, "min-conflicts"
    probe, _ = _under_limit(["solve", str(n), "-m", method, "-f", "npy", "-o",
                             str(tmp_path / "q.npy")], address_space=LIMIT // 2)
    allowed = float(re.search(r"allows ([\d.]+) GiB", probe.stderr).group(1))  # type: ignore
    own = LIMIT // 2 - int(allowed * (1 << 30))
    limit = own + solve_bytes(n, method) * 10 // 9
    done, _ = _under_limit(["solve", str(n), "-m", method, "-f", "npy", "-o",
                            str(tmp_path / "q.npy")], address_space=limit, timeout=300)
    assert done.returncode == 0, done.stderr
    first = done.stderr.splitlines()[0]
    assert first.startswith(f"nqueens: warning: solve {n} with {method} needs about 0.81 GiB "
                            "of the 0.") and first.endswith("(the address-space limit)"), first
    assert "Traceback" not in done.stderr
