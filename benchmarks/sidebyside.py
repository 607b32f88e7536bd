"""Old against new in one run: the helpers the benchmarks share for ``--old PYTHON``.

``--old`` names the Python of another environment with nqueens installed (an earlier
version, for example). A script run with it times each measurement under this Python
and under that one, interleaved, by running itself (or the command) in a child process
under each; the child prints its figures as one JSON object. Without ``--old`` the
scripts behave as before, and nothing here needs the other environment to exist.

The other Python runs without this run's ``PYTHONPATH``, so that it imports its own
environment's nqueens even when this one is taken from a source tree by ``PYTHONPATH``.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from typing import Any


def add_old_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--old", metavar="PYTHON", default=None,
                        help="also run each measurement under this Python (another "
                             "environment with nqueens installed), interleaved with this one")


def pythons(old: str | None) -> list[tuple[str, str]]:
    """``(label, interpreter)`` pairs to run: this Python ("new"), then ``old`` if given."""
    return [("new", sys.executable)] + ([("old", old)] if old else [])


def environment(python: str) -> dict[str, str]:
    """The environment to run ``python`` in: this one, less ``PYTHONPATH`` for another
    interpreter."""
    if python == sys.executable:
        return dict(os.environ)
    return {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}


def child_json(python: str, argv: list[str]) -> dict[str, Any]:
    """Run ``python argv...`` and return the JSON object its last line of output holds."""
    out = subprocess.run([python, *argv], capture_output=True, text=True, check=True,
                         env=environment(python)).stdout
    result: dict[str, Any] = json.loads(out.strip().splitlines()[-1])
    return result


def timed_command(argv: list[str]) -> tuple[bytes, float, float]:
    """Run a command with its output captured: (stdout, wall seconds, CPU seconds of the
    whole process, user + system)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    out = subprocess.run(argv, capture_output=True, check=True, env=environment(argv[0])).stdout
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return out, wall, cpu


def load() -> str:
    a, b, c = os.getloadavg()
    return f"load average {a:.2f} {b:.2f} {c:.2f}"
