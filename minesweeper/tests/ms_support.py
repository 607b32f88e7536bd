"""Starting the installed ``minesweeper`` program from the tests."""

from __future__ import annotations

import resource
import shutil
import sys
from collections.abc import Callable
from pathlib import Path

#: The command line of the installed program.
PROGRAM = [shutil.which("minesweeper", path=str(Path(sys.executable).parent))
           or shutil.which("minesweeper") or str(Path(sys.executable).parent / "minesweeper")]


def memory_ceiling(address_space: int) -> Callable[[], None]:
    """A ``preexec_fn`` that limits the child's address space to ``address_space`` bytes."""
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (address_space, address_space))
    return limit
