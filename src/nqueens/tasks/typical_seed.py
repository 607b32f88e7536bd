"""The typical seed of min-conflicts: the seed whose run is of median length.

Min-conflicts draws at random, and its runs differ a great deal from seed to seed: on
8x8 the greedy start of some seeds is already a solution, while others take more than
30,000 candidate swaps (starts that stall and start again). A page that shows
min-conflicts next to another method should show a run that is neither lucky nor
unlucky: the run of median length over the seeds 0…99.

The steps are those ``nqueens solve -m min-conflicts --seed S`` and ``nqueens trace
-m min-conflicts --seed S`` count (candidate swaps), taken from the compiled kernel
(:func:`nqueens.algorithms.repair.min_conflicts_run`), which makes the same decisions as the
readable trace (:func:`nqueens.algorithms.repair.trace_min_conflicts`) and so counts the same
steps; a hundred runs at n = 8 take about a hundredth of a second.

>>> typical_seed(8)
26
>>> steps = seed_steps(8)
>>> sorted(steps)[len(steps) // 2 - 1] == steps[26]
True
>>> typical_note(8)
'seed 26: the median run of seeds 0…99 at n = 8'
"""

from __future__ import annotations

from functools import lru_cache

from ..algorithms.repair import min_conflicts_run, step_budget
from ..base.errors import BadInput, BudgetExhausted
from ..base.pieces import Piece

#: The seeds whose runs are compared: 0…99.
SEEDS: range = range(100)


@lru_cache(maxsize=64)
def _steps(n: int) -> tuple[int, ...]:
    """The candidate swaps of each seed of :data:`SEEDS` at ``n`` (cached)."""
    counts = []
    for seed in SEEDS:
        try:
            counts.append(min_conflicts_run(n, seed)[1].steps)
        except BudgetExhausted:   # longer than any run that ends within the budget
            counts.append(step_budget(n, None) + 1)
    return tuple(counts)


def seed_steps(n: int) -> list[int]:
    """The steps (candidate swaps) of min-conflicts on an n×n board for each seed
    0…99, in the order of the seeds; a run that uses up the default step budget counts
    one step more than the budget. n = 2 and 3 raise NoSolution.

    >>> seed_steps(8)[:4]
    [12386, 8, 8, 22619]
    """
    return list(_steps(n))


def typical_seed(n: int, piece: str = "queen") -> int:
    """The seed among 0…99 whose min-conflicts run on an n×n board is of median length:
    the lower median of the hundred step counts, and of the seeds with that count the
    smallest. Min-conflicts places queens only (another ``piece`` is refused); n = 2
    and 3 raise NoSolution.

    >>> typical_seed(8), typical_seed(1)
    (26, 0)
    >>> typical_seed(8, "superqueen")
    Traceback (most recent call last):
    ...
    nqueens.base.errors.BadInput: min-conflicts places queens only, not the superqueen
    """
    kind = Piece.parse(piece)
    if kind is not Piece.QUEEN:
        raise BadInput(f"min-conflicts places queens only, not the {kind.value}")
    steps = _steps(n)
    median = sorted(steps)[(len(steps) - 1) // 2]
    return steps.index(median)


def typical_note(n: int, seed: int | None = None) -> str:
    """What to say beside a run of the typical seed (``seed``, when already known).

    >>> typical_note(10, 4)
    'seed 4: the median run of seeds 0…99 at n = 10'
    """
    seed = typical_seed(n) if seed is None else seed
    return f"seed {seed}: the median run of seeds {SEEDS[0]}…{SEEDS[-1]} at n = {n}"
