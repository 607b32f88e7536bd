"""Run the installed ``nqueens`` script in a pseudo-terminal and talk to it (for the
terminal animation's keys)."""

from __future__ import annotations

import os
import select
import sys
import time
from pathlib import Path

import pytest


class PtySession:
    """``nqueens ARGS`` on a pseudo-terminal: read its screen, send keys, wait for exit."""

    def __init__(self, *args: str) -> None:
        import pty

        script = Path(sys.executable).parent / "nqueens"
        if not script.exists():
            pytest.skip("the nqueens script is not installed next to this Python")
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # pragma: no cover - the child
            os.execv(str(script), [str(script), *args])
        self.out = b""
        self.closed = False

    def read_until(self, needle: bytes, timeout: float = 60.0) -> bool:
        """Read the screen until ``needle`` shows (True) or the time is up / it ends."""
        deadline = time.monotonic() + timeout
        while needle not in self.out and time.monotonic() < deadline and not self.closed:
            ready, _, _ = select.select([self.fd], [], [], 0.2)
            if not ready:
                continue
            try:
                chunk = os.read(self.fd, 65536)
            except OSError:
                chunk = b""
            if not chunk:
                self.closed = True
            self.out += chunk
        return needle in self.out

    def send(self, keys: bytes) -> None:
        os.write(self.fd, keys)

    def wait(self, timeout: float = 10.0) -> int | None:
        """The exit status once the program has ended, or None (it is then killed)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            done, status = os.waitpid(self.pid, os.WNOHANG)
            if done:
                return os.WEXITSTATUS(status)
            self.read_until(b"\0never\0", timeout=0.1)  # keep draining the screen
        os.kill(self.pid, 9)
        os.waitpid(self.pid, 0)
        return None

    @property
    def text(self) -> str:
        return self.out.decode(errors="ignore")
