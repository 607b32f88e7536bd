"""The ``nqueens`` command line: a thin layer over the Python API.

Each command lives in its own module and registers itself on :data:`cli`.
"""

from __future__ import annotations

from . import basic  # noqa: F401  (registers solve, all, count, check)
from .app import cli, main

__all__ = ["cli", "main"]
