"""The ``nqueens`` command line: a thin layer over the Python API.

Each command lives in its own module, imported only when that command runs (see
:class:`~nqueens.cli.app.LazyGroup`); the module registers the command on :data:`cli`.
"""

from __future__ import annotations

from .app import cli, main

__all__ = ["cli", "main"]
