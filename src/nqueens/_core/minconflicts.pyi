"""Types of the C module nqueens._core.minconflicts (arrays: anything with the buffer protocol)."""

from typing import Any

INIT_TRIES: int
REPAIR_TRIES: int
MAX_STALL_ROUNDS: int
SMALL_N: int
PAIRS_CAP: int
LIST_CAP: int
SOLVED: int
OUT_OF_STEPS: int

def min_conflicts_kernel(perm: Any, seed: Any, max_steps: int, stats: Any) -> int: ...
