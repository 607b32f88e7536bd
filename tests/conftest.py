"""Shared test helpers: run the real command line in-process."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest
from hypothesis import settings

from nqueens.cli import main

# Property tests judge answers, not speed: a first call may include compiling a kernel,
# and a shared machine may be busy, so no example has a deadline.
settings.register_profile("nqueens", deadline=None)
settings.load_profile("nqueens")


@dataclass
class Run:
    code: int
    out: str
    err: str


@pytest.fixture
def run(capsys: pytest.CaptureFixture[str]) -> Callable[..., Run]:
    """Call ``nqueens ARGS...`` in-process and return its exit code, stdout and stderr."""

    def _run(*args: str, stdin: str | None = None) -> Run:
        import io
        import sys

        old = sys.stdin
        if stdin is not None:
            sys.stdin = io.StringIO(stdin)
        try:
            capsys.readouterr()
            code = main(list(args))
        finally:
            sys.stdin = old
        captured = capsys.readouterr()
        return Run(code, captured.out, captured.err)

    return _run
