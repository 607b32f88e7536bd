"""SIGINT, SIGTERM and SIGHUP end every long computation of nqueens at once, through
the real command line: exit 130 / 143 / 129, one line at most on stderr, no traceback, no file
half written — also while a compiled search or a solver runs, and during start-up."""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

import pytest

from puzzleshell import testing

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="signals, and /proc to see the work start")

NQUEENS = testing.program("nqueens")


def _interrupt(args: list[str], sig: signal.Signals,
               cwd: Path) -> tuple[subprocess.CompletedProcess[str], float]:
    return testing.interrupt(NQUEENS + args, sig, cwd, quick=NQUEENS + ["solve", "4"])


NQUEENS_CASES = [
    pytest.param(["stats", "19", "-q"], signal.SIGTERM, id="stats-sigterm"),
    pytest.param(["stats", "19", "-q"], signal.SIGINT, id="stats-sigint"),
    pytest.param(["steps", "4", "32", "--piece", "superqueen"], signal.SIGTERM, id="steps"),
    pytest.param(["count", "20", "-w", "1", "-q"], signal.SIGINT, id="count"),
    pytest.param(["solve", "100000000", "-m", "min-conflicts", "-q", "-f", "npy", "-o",
                  "q.npy"], signal.SIGTERM, id="min-conflicts"),  # about 9 s of CPU
    pytest.param(["solve", "100000", "-m", "intuitive", "-q", "-f", "npy", "-o", "q.npy"],
                 signal.SIGINT, id="intuitive"),  # about 4 s of CPU
    pytest.param(["trace", "14", "--until", "all", "--html", "p.html"], signal.SIGINT,
                 id="trace-html"),
    pytest.param(["trace", "19", "--until", "all", "-o", "t.txt"], signal.SIGTERM,
                 id="trace-text"),
    pytest.param(["solve", "100000", "-m", "intuitive", "-q", "-f", "npy", "-o", "q.npy"],
                 signal.SIGHUP, id="intuitive-sighup"),
    pytest.param(["trace", "19", "--until", "all", "-o", "t.txt"], signal.SIGHUP,
                 id="trace-text-sighup"),
    pytest.param(["count", "20", "-w", "1", "-q"], signal.SIGHUP, id="count-sighup"),
]


@pytest.mark.slow
@pytest.mark.parametrize(("args", "sig"), NQUEENS_CASES)
def test_a_long_computation_obeys_the_signal(tmp_path: Path, args: list[str],
                                             sig: signal.Signals) -> None:
    r, took = _interrupt(args, sig, tmp_path)
    testing.assert_ended(r, took, sig, "nqueens")
    assert r.stdout == ""
    assert list(tmp_path.iterdir()) == [], "an output file was left behind"


@pytest.mark.slow
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP])
def test_checking_a_huge_torus_board_obeys_the_signal(tmp_path: Path,
                                                      sig: signal.Signals) -> None:
    """Ten million queens on one wrapped diagonal: the 15 million attacking pairs are
    sorted in steps that each leave the signal's watchdog free to end the program."""
    import numpy as np

    board = tmp_path / "input" / "id.npy"
    board.parent.mkdir()
    np.save(board, np.arange(10**7))
    work = tmp_path / "work"
    work.mkdir()
    r, took = _interrupt(["check", str(board), "--torus", "-o", "verdict.txt"], sig, work)
    testing.assert_ended(r, took, sig, "nqueens")
    assert r.stdout == "" and list(work.iterdir()) == []


@pytest.mark.slow
@pytest.mark.parametrize(("sig", "how"), [(signal.SIGTERM, "terminated"),
                                         (signal.SIGHUP, "hung up")])
def test_a_count_says_what_the_signal_leaves(tmp_path: Path, sig: signal.Signals,
                                             how: str) -> None:
    r, took = _interrupt(["count", "20", "-w", "1", "-q"], sig, tmp_path)
    testing.assert_ended(r, took, sig, "nqueens")
    assert r.stderr.startswith(f"nqueens: {how}; nothing was kept")


def test_a_page_too_large_is_refused_before_any_work(tmp_path: Path) -> None:
    r = subprocess.run(NQUEENS + ["trace", "19", "--until", "all", "--html",
                                  str(tmp_path / "p.html")],
                       capture_output=True, text=True, timeout=60)  # not after the work
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.count("\n") == 1 and "more than 150,790,375,043 events" in r.stderr
    assert list(tmp_path.iterdir()) == []
    r = subprocess.run(NQUEENS + ["trace", "16", "--until", "all", "--html",
                                  str(tmp_path / "p.html")],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and "20,319,837,773 events" in r.stderr
    assert "GB of memory" in r.stderr and list(tmp_path.iterdir()) == []


@pytest.mark.slow
def test_a_signal_during_start_up_ends_quietly() -> None:
    testing.signal_during_start_up(NQUEENS + ["count", "13", "-q"])
