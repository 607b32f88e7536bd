"""SIGINT, SIGTERM and SIGHUP end minesweeper at once, through the real command line:
exit 130 / 143 / 129, one line at most on stderr, no traceback, no file half written, also while a
solver runs and during start-up."""

from __future__ import annotations

import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from puzzleshell import testing

from ms_support import PROGRAM

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="signals, and /proc to see the work start")

@pytest.fixture(scope="module")
def boards(tmp_path_factory: pytest.TempPathFactory) -> dict[int, Path]:
    """A board built from a random 3-CNF of 60 variables: a minute or more of solver work
    for --count, several seconds for --safe."""
    folder = tmp_path_factory.mktemp("boards")
    rng = random.Random(1)
    made = {}
    for variables in (60,):
        clauses = []
        for _ in range(variables * 17 // 4):
            lits = [v if rng.random() < 0.5 else -v
                    for v in rng.sample(range(1, variables + 1), 3)]
            clauses.append(" ".join(map(str, lits)) + " 0")
        cnf = folder / f"f{variables}.cnf"
        cnf.write_text(f"p cnf {variables} {len(clauses)}\n" + "\n".join(clauses) + "\n")
        made[variables] = folder / f"board{variables}.txt"
        subprocess.run(PROGRAM + ["build", str(cnf), "-o", str(made[variables])],
                       check=True, capture_output=True, timeout=300)
    return made


@pytest.mark.slow
@pytest.mark.parametrize(("option", "variables", "sig"), [("--count", 60, signal.SIGTERM),
                                                           ("--safe", 60, signal.SIGINT),
                                                           ("--count", 60, signal.SIGHUP)])
def test_minesweeper_obeys_the_signal_inside_the_solver(tmp_path: Path,
                                                        boards: dict[int, Path],
                                                        option: str, variables: int,
                                                        sig: signal.Signals) -> None:
    big_board = boards[variables]
    r, took = testing.interrupt(PROGRAM + ["check", str(big_board), option, "-o", "answer.txt"],
                                sig, tmp_path, quick=PROGRAM + ["eval", "a", "a=1"], busy=2.5)
    testing.assert_ended(r, took, sig, "minesweeper")
    assert r.stdout == "" and list(tmp_path.iterdir()) == []
    deadline = time.monotonic() + 10  # the solver's process goes with the program
    while _running_with(str(big_board)):
        assert time.monotonic() < deadline, "the solver's process was left running"
        time.sleep(0.05)


def _running_with(word: str) -> bool:
    """Whether a live process has ``word`` in its command line."""
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if word in (entry / "cmdline").read_bytes().decode("utf-8", "replace") and \
                        "Z" not in (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]:
                    return True
            except OSError:
                continue
    return False


@pytest.mark.slow
def test_a_signal_during_start_up_ends_quietly() -> None:
    testing.signal_during_start_up(PROGRAM + ["gadget", "nor", "--verify"])


@pytest.mark.slow
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_play_in_worker_processes_ends_with_them(tmp_path: Path, sig: signal.Signals) -> None:
    out = tmp_path / "rate-of-the-workers.json"
    args = PROGRAM + ["play", "--level", "expert", "--games", "100000", "--look-ahead",
                      "--workers", "2", "-o", str(out)]
    r, took = testing.interrupt(args, sig, tmp_path, quick=PROGRAM + ["eval", "a", "a=1"],
                                busy=2.5)
    testing.assert_ended(r, took, sig, "minesweeper")
    assert r.stdout == "" and list(tmp_path.iterdir()) == []
    deadline = time.monotonic() + 5  # the worker processes go with the program
    while _running_with(out.name):
        assert time.monotonic() < deadline, "a worker process was left running"
        time.sleep(0.05)
