"""Types of the C module nqueens._core.lines (arrays: anything with the buffer protocol)."""

from typing import Any

def first_repeat(cols: Any, /) -> int: ...
