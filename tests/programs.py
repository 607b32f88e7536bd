"""A library call of the program interrupted by Ctrl-C, from the tests (the command
line of the program is :func:`puzzleshell.testing.program`)."""

from __future__ import annotations

import signal
import subprocess
import sys
import time

from puzzleshell import testing


def cpu_seconds_to_stop(call: str, setup: str = "") -> float:
    """Run ``call`` (Python source, after ``setup``) in a child process, send it SIGINT
    half a second into the call, and return the CPU seconds the child spent from the
    signal until it had caught KeyboardInterrupt and ended; fail unless it did just
    that. CPU time, not wall-clock time: a busy machine does not count against it."""
    # Ctrl-C raises KeyboardInterrupt in the session, as in a terminal, even where this
    # process was started with SIGINT ignored (a job in the background of a shell
    # without job control): Python leaves an ignored signal ignored.
    script = ("import signal\nsignal.signal(signal.SIGINT, signal.default_int_handler)\n"
              f"{setup}\nprint('ready', flush=True)\ntry:\n    {call}\n"
              "except KeyboardInterrupt:\n    print('stopped', flush=True)\n")
    proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None and proc.stdout.readline() == "ready\n"
        time.sleep(0.5)
    except BaseException:
        proc.kill()
        proc.wait()
        raise
    at_signal = testing.cpu_seconds(proc.pid)
    proc.send_signal(signal.SIGINT)
    out, err, cpu = testing.finish(proc)
    assert out == "stopped\n", err
    return max(0.0, cpu - at_signal)
