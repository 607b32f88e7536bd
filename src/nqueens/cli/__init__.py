"""The ``nqueens`` command line: a thin layer over the Python API.

Each command lives in its own module and registers itself on :data:`cli`.
"""

from __future__ import annotations

from . import all_cmd, check_cmd, count_cmd, linear_cmd, solve_cmd, table_cmd  # noqa: F401
from .app import cli, main

__all__ = ["cli", "main"]
