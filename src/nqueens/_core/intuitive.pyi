"""Types of the C module nqueens._core.intuitive (arrays: anything with the buffer protocol)."""

from typing import Any

MAX_N: int
REPAIR_FACTOR: int
NOISE: float

def intuitive_kernel(key: Any, row_of: Any, stats: Any, record: bool) -> bytes | None: ...
