"""Starting the program from tests: its command line, a memory ceiling, and a library
call interrupted by Ctrl-C."""

from __future__ import annotations

import resource
import signal
import subprocess
import sys
import time
from collections.abc import Callable


def program(name: str) -> list[str]:
    """The command line that starts the program ``name`` (``nqueens``) as installed."""
    return [sys.executable, "-m", name]


def memory_ceiling(address_space: int) -> Callable[[], None]:
    """A ``preexec_fn`` that limits the child's address space to ``address_space`` bytes."""
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (address_space, address_space))
    return limit


def seconds_to_stop(call: str, setup: str = "") -> float:
    """Run ``call`` (Python source, after ``setup``) in a child process, send it SIGINT
    half a second into the call, and return the seconds from the signal until the child
    has caught KeyboardInterrupt and ended; fail unless it did just that."""
    script = (f"{setup}\nprint('ready', flush=True)\ntry:\n    {call}\n"
              "except KeyboardInterrupt:\n    print('stopped', flush=True)\n")
    proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None and proc.stdout.readline() == "ready\n"
        time.sleep(0.5)
        sent = time.monotonic()
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
        took = time.monotonic() - sent
    finally:
        proc.kill()
        proc.wait()
    assert out == "stopped\n", err
    return took
