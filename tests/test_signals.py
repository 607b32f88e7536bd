"""SIGINT and SIGTERM end every long computation of nqueens at once, through the
real command line: exit 130 / 143, one line at most on stderr, no traceback, no file
half written — also while a compiled search or a solver runs, and during start-up."""

from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="signals, and /proc to see the work start")

#: How soon a signalled program must be gone (it takes well under a second; the slack
#: is for a loaded machine).
DEADLINE = 3.0


def _program(name: str) -> list[str]:
    exe = shutil.which(name, path=os.path.dirname(sys.executable))
    if exe:
        return [exe]
    return [sys.executable, "-c", f"from nqueens.interrupt import {name}_main; "
                                  f"{name}_main()"]


def _cpu_seconds(pid: int) -> float:
    """CPU time of a process and its children (the solvers run in a child), in seconds."""
    total = 0.0
    pids = [pid]
    try:
        pids += [int(p) for p in
                 Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        pass
    for p in pids:
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def _handlers_installed(pid: int) -> bool:
    """Whether the program has its own SIGTERM handler yet (Python sets only SIGINT's)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("SigCgt:"):
                return bool(int(line.split()[1], 16) >> (signal.SIGTERM - 1) & 1)
    except OSError:
        pass
    return False


def _interrupt(args: list[str], sig: signal.Signals, cwd: Path,
               busy: float = 1.5) -> tuple[subprocess.CompletedProcess[str], float]:
    """Start ``args``, wait until it has computed ``busy`` CPU seconds past its start-up
    (the imports take about a second of CPU), send ``sig``; the result and how long the
    program took to end."""
    start = _cpu_seconds_of_startup()
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            cwd=cwd)
    deadline = time.monotonic() + 120
    while _cpu_seconds(proc.pid) < start + busy:
        assert proc.poll() is None, f"{args} ended before the signal: {proc.stderr.read()}"  # type: ignore[union-attr]
        assert time.monotonic() < deadline
        time.sleep(0.05)
    sent = time.monotonic()
    proc.send_signal(sig)
    try:
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    took = time.monotonic() - sent
    return subprocess.CompletedProcess(args, proc.returncode, out, err), took


_STARTUP: list[float] = []


def _cpu_seconds_of_startup() -> float:
    """CPU seconds of a trivial run of the command line (its imports), measured once."""
    if not _STARTUP:
        proc = subprocess.Popen(_program("nqueens") + ["solve", "4"], stdout=subprocess.PIPE)
        usage_before = os.times()
        proc.communicate(timeout=120)
        usage_after = os.times()
        _STARTUP.append(max(0.5, (usage_after.children_user - usage_before.children_user)
                            + (usage_after.children_system - usage_before.children_system)))
    return _STARTUP[0]


def _assert_ended(r: subprocess.CompletedProcess[str], took: float, sig: signal.Signals,
                  prog: str = "nqueens") -> None:
    assert r.returncode == 128 + sig, (r.returncode, r.stderr)
    assert "Traceback" not in r.stderr
    lines = r.stderr.splitlines()
    assert len(lines) <= 1, r.stderr
    if sig == signal.SIGINT:
        assert lines and lines[0].startswith(f"{prog}: interrupted"), r.stderr
    assert took < DEADLINE, f"took {took:.2f} s to end"


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
]


@pytest.mark.parametrize(("args", "sig"), NQUEENS_CASES)
def test_a_long_computation_obeys_the_signal(tmp_path: Path, args: list[str],
                                             sig: signal.Signals) -> None:
    r, took = _interrupt(_program("nqueens") + args, sig, tmp_path)
    _assert_ended(r, took, sig)
    assert r.stdout == ""
    assert list(tmp_path.iterdir()) == [], "an output file was left behind"


def test_a_count_says_what_the_signal_leaves(tmp_path: Path) -> None:
    r, took = _interrupt(_program("nqueens") + ["count", "20", "-w", "1", "-q"],
                         signal.SIGTERM, tmp_path)
    _assert_ended(r, took, signal.SIGTERM)
    assert r.stderr.startswith("nqueens: terminated; nothing was kept")


def test_a_page_too_large_is_refused_before_any_work(tmp_path: Path) -> None:
    started = time.monotonic()
    r = subprocess.run(_program("nqueens") + ["trace", "19", "--until", "all", "--html",
                                              str(tmp_path / "p.html")],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.count("\n") == 1 and "more than 150,790,375,043 events" in r.stderr
    assert time.monotonic() - started < 60 and list(tmp_path.iterdir()) == []
    r = subprocess.run(_program("nqueens") + ["trace", "16", "--until", "all", "--html",
                                              str(tmp_path / "p.html")],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and "20,319,837,773 events" in r.stderr
    assert "GB of memory" in r.stderr and list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("name,args", [("nqueens", ["count", "13", "-q"])])
def test_a_signal_during_start_up_ends_quietly(name: str, args: list[str]) -> None:
    """From the moment the program's handlers are set (the first thing it does, before
    its imports) a signal ends it with 130 / 143 and no traceback; once the work is done
    the program may also end normally, or by the signal itself while Python exits."""
    rng = random.Random(12)
    for trial in range(8):
        sig = (signal.SIGINT, signal.SIGTERM)[trial % 2]
        delay = rng.uniform(0.0, 1.0) if trial > 1 else 0.0
        proc = subprocess.Popen(_program(name) + args, stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 60
        while not _handlers_installed(proc.pid) and proc.poll() is None:
            assert time.monotonic() < deadline
            time.sleep(0.002)
        time.sleep(delay)
        proc.send_signal(sig)
        _, err = proc.communicate(timeout=60)
        assert proc.returncode in (0, 128 + sig, -sig), (delay, proc.returncode, err)
        assert "Traceback" not in err and err.count("\n") <= 1, (delay, err)
