"""The ``nqueens`` command line: a thin layer over the Python API.

Each command lives in its own module and registers itself on :data:`cli`.
"""

from __future__ import annotations

from . import (  # noqa: F401  (register commands)
    all_cmd,
    check_cmd,
    count_cmd,
    linear_cmd,
    motion_cmd,
    solve_cmd,
    stats_cmd,
    steps_cmd,
    table_cmd,
    trace_cmd,
)
from .app import cli, main

__all__ = ["cli", "main"]
