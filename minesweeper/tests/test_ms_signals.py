"""SIGINT and SIGTERM end minesweeper at once, through the real command line: exit 130 /
143, one line at most on stderr, no traceback, no file half written, also while a
solver runs and during start-up."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ms_support import PROGRAM

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="signals, and /proc to see the work start")

#: How soon a signalled program must be gone (it takes well under a second; the slack
#: is for a loaded machine).
DEADLINE = 3.0


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
        proc = subprocess.Popen(PROGRAM + ["eval", "a", "a=1"], stdout=subprocess.PIPE)
        usage_before = os.times()
        proc.communicate(timeout=120)
        usage_after = os.times()
        _STARTUP.append(max(0.5, (usage_after.children_user - usage_before.children_user)
                            + (usage_after.children_system - usage_before.children_system)))
    return _STARTUP[0]


def _assert_ended(r: subprocess.CompletedProcess[str], took: float, sig: signal.Signals,
                  prog: str = "minesweeper") -> None:
    assert r.returncode == 128 + sig, (r.returncode, r.stderr)
    assert "Traceback" not in r.stderr
    lines = r.stderr.splitlines()
    assert len(lines) <= 1, r.stderr
    if sig == signal.SIGINT:
        assert lines and lines[0].startswith(f"{prog}: interrupted"), r.stderr
    assert took < DEADLINE, f"took {took:.2f} s to end"


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


@pytest.mark.parametrize(("option", "variables", "sig"), [("--count", 60, signal.SIGTERM),
                                                           ("--safe", 60, signal.SIGINT)])
def test_minesweeper_obeys_the_signal_inside_the_solver(tmp_path: Path,
                                                        boards: dict[int, Path],
                                                        option: str, variables: int,
                                                        sig: signal.Signals) -> None:
    big_board = boards[variables]
    r, took = _interrupt(PROGRAM + ["check", str(big_board), option, "-o", "answer.txt"],
                         sig, tmp_path, busy=2.5)
    _assert_ended(r, took, sig)
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


def test_a_signal_during_start_up_ends_quietly() -> None:
    """From the moment the program's handlers are set (the first thing it does, before
    its imports) a signal ends it with 130 / 143 and no traceback; once the work is done
    the program may also end normally, or by the signal itself while Python exits."""
    rng = random.Random(12)
    for trial in range(8):
        sig = (signal.SIGINT, signal.SIGTERM)[trial % 2]
        delay = rng.uniform(0.0, 1.0) if trial > 1 else 0.0
        proc = subprocess.Popen(PROGRAM + ["gadget", "nor", "--verify"], stdout=subprocess.DEVNULL,
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
