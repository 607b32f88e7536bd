"""What the tests of a program of this shell hold its commands to, written once.

A program's own tests call these with its own commands: a signal ends a long
computation at once (:func:`interrupt`, :func:`assert_ended`), also during start-up
(:func:`signal_during_start_up`); an error is one line with exit 2
(:func:`assert_one_line_error`). Needs Linux's ``/proc`` to see a program's work begin.

>>> assert_one_line_error(subprocess.CompletedProcess([], 2, "", "demo: error: no\\n"), "no")
"""

from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

#: How soon a signalled program must be gone (it takes well under a second; the slack
#: is for a loaded machine).
DEADLINE = 3.0


def program(name: str) -> list[str]:
    """The command that runs the installed program ``name``: its console script, else
    ``python -m name``.

    >>> program("python-has-no-such-program")[1:]
    ['-m', 'python-has-no-such-program']
    """
    exe = shutil.which(name, path=os.path.dirname(sys.executable))
    return [exe] if exe else [sys.executable, "-m", name]


def cpu_seconds(pid: int) -> float:
    """CPU time of a process and its children (the solvers run in a child), in seconds.

    >>> cpu_seconds(os.getpid()) > 0
    True
    """
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


def handlers_installed(pid: int) -> bool:
    """Whether process ``pid`` has its own SIGTERM handler yet (Python sets only
    SIGINT's).

    >>> handlers_installed(os.getpid()) in (True, False)
    True
    """
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("SigCgt:"):
                return bool(int(line.split()[1], 16) >> (signal.SIGTERM - 1) & 1)
    except OSError:
        pass
    return False


_STARTUP: dict[tuple[str, ...], float] = {}


def start_up_seconds(args: list[str]) -> float:
    """CPU seconds of the short run ``args`` (a program's imports), measured once."""
    key = tuple(args)
    if key not in _STARTUP:
        proc = subprocess.Popen(args, stdout=subprocess.PIPE)
        usage_before = os.times()
        proc.communicate(timeout=120)
        usage_after = os.times()
        _STARTUP[key] = max(0.5, (usage_after.children_user - usage_before.children_user)
                            + (usage_after.children_system - usage_before.children_system))
    return _STARTUP[key]


def interrupt(args: list[str], sig: signal.Signals, cwd: Path, quick: list[str],
              busy: float = 1.5) -> tuple[subprocess.CompletedProcess[str], float]:
    """Start ``args``, wait until it has computed ``busy`` CPU seconds more than the
    short run ``quick`` takes in all (its start-up), send ``sig``; the finished process
    and how long it took to end after the signal."""
    start = start_up_seconds(quick)
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            cwd=cwd)
    deadline = time.monotonic() + 120
    while cpu_seconds(proc.pid) < start + busy:
        if proc.poll() is not None:
            raise AssertionError(f"{args} ended before the signal: {proc.communicate()[1]}")
        assert time.monotonic() < deadline, "the work never began"
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


def assert_ended(r: subprocess.CompletedProcess[str], took: float, sig: signal.Signals,
                 prog: str) -> None:
    """That the program ended as ``sig`` ends it: exit 128 + sig within
    :data:`DEADLINE` seconds, no traceback, one line at most (``PROG: interrupted...``
    for SIGINT)."""
    assert r.returncode == 128 + sig, (r.returncode, r.stderr)
    assert "Traceback" not in r.stderr
    lines = r.stderr.splitlines()
    assert len(lines) <= 1, r.stderr
    if sig == signal.SIGINT:
        assert lines and lines[0].startswith(f"{prog}: interrupted"), r.stderr
    assert took < DEADLINE, f"took {took:.2f} s to end"


def signal_during_start_up(args: list[str], trials: int = 8) -> None:
    """From the moment the program's handlers are set (the first thing it does, before
    its imports) a signal ends it with 130 / 143 and no traceback; once the work is done
    the program may also end normally, or by the signal itself while Python exits."""
    rng = random.Random(12)
    for trial in range(trials):
        sig = (signal.SIGINT, signal.SIGTERM)[trial % 2]
        delay = rng.uniform(0.0, 1.0) if trial > 1 else 0.0
        proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                text=True)
        deadline = time.monotonic() + 60
        while not handlers_installed(proc.pid) and proc.poll() is None:
            assert time.monotonic() < deadline
            time.sleep(0.002)
        time.sleep(delay)
        proc.send_signal(sig)
        _, err = proc.communicate(timeout=60)
        assert proc.returncode in (0, 128 + sig, -sig), (delay, proc.returncode, err)
        assert "Traceback" not in err and err.count("\n") <= 1, (delay, err)


def assert_one_line_error(done: subprocess.CompletedProcess[str], *words: str) -> None:
    """That a run failed as bad input does: exit 2, one line ``PROG: error: ...`` holding
    each of ``words``, no traceback."""
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done.stderr
    assert done.stderr.split(":")[1].strip() == "error", done.stderr
    for word in words:
        assert word in done.stderr, done.stderr
