"""Starting the two programs from tests: their command lines and a memory ceiling."""

from __future__ import annotations

import resource
import shutil
import sys
from collections.abc import Callable
from pathlib import Path


def program(name: str) -> list[str]:
    """The command line that starts ``nqueens`` or ``minesweeper`` as installed."""
    if name == "nqueens":
        return [sys.executable, "-m", "nqueens"]
    exe = shutil.which("minesweeper") or str(Path(sys.executable).parent / "minesweeper")
    return [exe]


def memory_ceiling(address_space: int) -> Callable[[], None]:
    """A ``preexec_fn`` that limits the child's address space to ``address_space`` bytes."""
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (address_space, address_space))
    return limit
