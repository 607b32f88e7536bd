"""Min-conflicts repair, O(n) for huge boards (the closed form is
:mod:`nqueens.algorithms.closed_form`).

* :func:`min_conflicts` starts from a greedy low-conflict permutation and repairs it
  with conflict-directed swaps (Minton et al. 1992; Sosič and Gu 1991), in the C
  kernel :mod:`nqueens.kernels.minconflicts`. A seed makes a run reproducible and
  different seeds give different solutions.
* :func:`trace_min_conflicts` is the same procedure written to be read, for small
  boards; it makes exactly the kernel's decisions and yields trace events.

>>> s = min_conflicts(50, seed=7)
>>> s.is_valid(), s == min_conflicts(50, seed=7)
(True, True)
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..base.board import Solution
from ..base.errors import BadInput, BudgetExhausted
from ..base.events import Event, Kind
from ..base.limits import MAX_LARGE_N, check_n, check_solvable
from ..base.methods import METHODS
from ..base.squares import square_name
from ..kernels import minconflicts as mc
from ..kernels.xorshift import XorShift

#: The record of this method.
METHOD = METHODS["min-conflicts"]

#: The largest board :func:`trace_min_conflicts` accepts (it keeps Python lists).
MAX_TRACE_N = METHOD.max_trace_n


def default_max_steps(n: int) -> int:
    """The repair budget used when none is given: 1,000,000 + 100·n candidate swaps.

    A run needs a few thousand steps, for large n (the greedy start leaves about ten
    attacking pairs at n = 10^6 and 10^7) and for small n (where restarts are common).

    >>> default_max_steps(10)
    1001000
    """
    return 1_000_000 + 100 * n


def step_budget(n: int, max_steps: int | None) -> int:
    """The repair budget: ``max_steps``, or :func:`default_max_steps` when it is None.

    >>> step_budget(10, None) == default_max_steps(10), step_budget(10, 5)
    (True, 5)
    >>> step_budget(10, -1)
    Traceback (most recent call last):
    ...
    nqueens.base.errors.BadInput: the step budget (max_steps, --max-steps) must be 0 or more, not -1
    """
    budget = default_max_steps(n) if max_steps is None else int(max_steps)
    if budget < 0:
        raise BadInput(f"the step budget (max_steps, --max-steps) must be 0 or more, not {budget}")
    return budget


@dataclass(frozen=True)
class RepairStats:
    """What a min-conflicts run did: ``steps`` candidate swaps evaluated, ``moves`` swaps
    made, ``restarts`` fresh greedy starts, ``initial_pairs`` attacking pairs after the
    first greedy start, ``rounds`` repair rounds.

    >>> min_conflicts_run(1)[1]
    RepairStats(steps=0, moves=0, restarts=0, initial_pairs=0, rounds=0)
    >>> s, st = min_conflicts_run(100, seed=3)
    >>> s.is_valid(), st.moves <= st.steps, st == min_conflicts_run(100, seed=3)[1]
    (True, True, True)
    """

    steps: int
    moves: int
    restarts: int
    initial_pairs: int
    rounds: int


def min_conflicts_run(n: int, seed: int = 0,
                      max_steps: int | None = None) -> tuple[Solution, RepairStats]:
    """Min-conflicts repair with its statistics; see :func:`min_conflicts`.

    >>> s, st = min_conflicts_run(1000, seed=1)
    >>> s.is_valid(), st.steps > 0
    (True, True)
    """
    n = check_n(n, MAX_LARGE_N)
    budget = step_budget(n, max_steps)
    if n == 1:
        return Solution([0]), RepairStats(0, 0, 0, 0, 0)
    check_solvable(n)
    perm = np.empty(n, dtype=np.int32)
    stats = np.zeros(6, dtype=np.int64)
    status = mc.min_conflicts_kernel(perm, np.uint64(mc.seed_state(seed)), budget, stats)
    info = RepairStats(int(stats[0]), int(stats[1]), int(stats[2]), int(stats[3]),
                       int(stats[5]))
    if status != mc.SOLVED:
        raise BudgetExhausted(
            f"min-conflicts used its budget of {budget} steps on n = {n} with {int(stats[4])} "
            f"attacking pair{'s' if stats[4] != 1 else ''} left (seed {seed}); raise "
            f"--max-steps or try another --seed",
            {"steps": info.steps, "moves": info.moves, "restarts": info.restarts},
        )
    return Solution.of_known_columns(perm), info


def min_conflicts(n: int, seed: int = 0, max_steps: int | None = None) -> Solution:
    """A solution by greedy start and min-conflicts repair (C, O(1) per move).

    ``seed`` makes the run reproducible; ``max_steps`` bounds the candidate swaps of the
    repair (default :func:`default_max_steps`). An exhausted budget raises
    :class:`~nqueens.base.errors.NoSolution`; no invalid board is ever returned.

    >>> min_conflicts(8, seed=3).is_valid()
    True
    >>> min_conflicts(3)
    Traceback (most recent call last):
    ...
    nqueens.base.errors.NoSolution: no solution exists for n = 3
    """
    return min_conflicts_run(n, seed, max_steps)[0]


# ------------------------------------------------------------------ the readable version
def trace_min_conflicts(n: int, seed: int = 0,
                        max_steps: int | None = None) -> Iterator[Event]:
    """Min-conflicts repair step by step, for n ≤ :data:`MAX_TRACE_N`.

    The same decisions as the kernel, in the same order, so the final board equals
    :func:`min_conflicts` for the same seed. Yields ``PLACE`` for each queen of a greedy
    start, ``CONFLICTS`` (``count`` = attacking pairs) after each start and each move,
    ``MOVE`` for both queens of a swap, ``SOLUTION`` at the end, or ``DONE`` with
    ``ok=False`` when the step budget runs out. A restart is a ``CONFLICTS`` event whose
    ``note`` is ``"restart"``. ``step`` counts candidate swaps, as ``max_steps`` does.

    >>> events = list(trace_min_conflicts(8, seed=3))
    >>> events[-1].kind, events[-1].count
    (<Kind.SOLUTION: 'solution'>, 1)
    """
    n = check_n(n, MAX_TRACE_N)
    budget = step_budget(n, max_steps)
    if n == 1:
        yield Event(Kind.PLACE, 0, 0, depth=1)
        yield Event(Kind.SOLUTION, 0, 0, depth=1, count=1)
        return
    check_solvable(n)
    rng = XorShift(seed)
    perm = [0] * n
    dn: list[int] = []
    dp: list[int] = []

    def add(r: int, c: int) -> int:
        a, b = r + c, r - c + n - 1
        added = dn[a] + dp[b]
        dn[a] += 1
        dp[b] += 1
        return added

    def remove(r: int, c: int) -> int:
        a, b = r + c, r - c + n - 1
        dn[a] -= 1
        dp[b] -= 1
        return dn[a] + dp[b]

    def attacked(r: int) -> bool:
        c = perm[r]
        return dn[r + c] > 1 or dp[r - c + n - 1] > 1

    def greedy_start(step: int) -> Iterator[Event]:
        """Shuffle the columns, then fill rows top to bottom: row i takes the first of the
        unused columns perm[i], perm[i + 1], ... (at most INIT_TRIES of them) whose
        diagonals are free, or else perm[i] with its conflicts. The conflicting rows
        are the first to repair."""
        for i in range(n):  # Fisher-Yates, inside-out
            j = rng.below(i + 1)
            perm[i] = perm[j]
            perm[j] = i
        dn[:] = [0] * (2 * n - 1)
        dp[:] = [0] * (2 * n - 1)
        failed: list[int] = []
        pairs = 0
        for i in range(n):
            free = next((j for j in range(i, min(n, i + mc.INIT_TRIES))
                         if not dn[i + perm[j]] and not dp[i - perm[j] + n - 1]), None)
            ok = free is not None
            j = i if free is None else free
            if free is None:
                failed.append(i)
            perm[i], perm[j] = perm[j], perm[i]
            pairs += add(i, perm[i])
            yield Event(Kind.PLACE, i, perm[i], step=step, depth=i + 1, ok=ok)
        state["pairs"] = pairs
        state["failed"] = failed

    def start(step: int, first: bool) -> Iterator[Event]:
        """Greedy starts until one is kept: a board of more than mc.SMALL_N queens with
        more than mc.PAIRS_CAP attacking pairs is started again (a restart), at most
        MAX_STALL_ROUNDS times in a row."""
        for _ in range(mc.MAX_STALL_ROUNDS):
            yield from greedy_start(step)
            if n <= mc.SMALL_N or state["pairs"] <= mc.PAIRS_CAP:
                yield Event(Kind.CONFLICTS, step=step, depth=n, count=state["pairs"],
                            note="greedy start" if first else "restart")
                return
            state["restarts"] += 1
            yield Event(Kind.CONFLICTS, step=step, depth=n, count=state["pairs"],
                        note="refused: restart")
        state["pairs"] = -1

    state: dict[str, Any] = {"pairs": 0, "restarts": 0, "failed": []}
    steps = 0
    yield from start(0, True)
    pairs = state["pairs"]
    todo: list[int] = state["failed"]
    stall = 0
    while pairs != 0:
        if pairs < 0:
            yield Event(Kind.DONE, step=steps, depth=n, ok=False, count=0,
                        note=f"every greedy start left more than {mc.PAIRS_CAP} attacking pairs")
            return
        nxt: list[int] = []
        improved = overflow = False
        for i in todo:
            ci = perm[i]
            if not attacked(i):
                continue
            moved = False
            for _ in range(mc.REPAIR_TRIES):
                if steps >= budget:
                    yield Event(Kind.DONE, step=steps, depth=n, ok=False, count=0,
                                note=f"step budget exhausted with {pairs} attacking "
                                     f"pair{'s' if pairs != 1 else ''} left")
                    return
                steps += 1
                j = rng.below(n - 1)
                if j >= i:
                    j += 1
                cj = perm[j]
                delta = -remove(i, ci) - remove(j, cj) + add(i, cj) + add(j, ci)
                if delta < 0:
                    perm[i], perm[j] = cj, ci
                    pairs += delta
                    moved = True
                    # the partner named by its square before the swap, as squares are named
                    yield Event(Kind.MOVE, i, cj, step=steps, depth=n,
                                note=f"swaps columns with the queen on {square_name((j, cj), n)}")
                    yield Event(Kind.MOVE, j, ci, step=steps, depth=n,
                                note=f"swaps columns with the queen on {square_name((i, ci), n)}")
                    yield Event(Kind.CONFLICTS, step=steps, depth=n, count=pairs)
                    if attacked(j):
                        if len(nxt) < mc.LIST_CAP:
                            nxt.append(j)
                        else:
                            overflow = True
                    break
                remove(i, cj)
                remove(j, ci)
                add(i, ci)
                add(j, cj)
            improved = improved or moved
            if attacked(i):
                if len(nxt) < mc.LIST_CAP:
                    nxt.append(i)
                else:
                    overflow = True
            if pairs == 0:
                break
        stall = 0 if improved else stall + 1
        if pairs > 0 and (stall >= mc.MAX_STALL_ROUNDS or not nxt):
            state["restarts"] += 1
            stall = 0
            yield from start(steps, False)
            pairs = state["pairs"]
            todo = state["failed"]
        elif overflow:  # a sweep list is kept short: the attacked rows afresh
            todo = [r for r in range(n) if attacked(r)][:mc.LIST_CAP]
        else:
            todo = nxt
    restarts = state["restarts"]
    yield Event(Kind.SOLUTION, step=steps, depth=n, count=1,
                note=f"{restarts} restart{'s' if restarts != 1 else ''}")


def replay_board(events: Iterator[Event] | list[Event], n: int) -> Solution:
    """The board a min-conflicts trace ends on (the last PLACE or MOVE of each row).

    >>> s = replay_board(trace_min_conflicts(10, seed=2), 10)
    >>> s == min_conflicts(10, seed=2)
    True
    """
    cols = np.zeros(n, dtype=np.int64)
    for e in events:
        if e.kind in (Kind.PLACE, Kind.MOVE):
            cols[e.row] = e.col
    return Solution(cols)


def solve_min_conflicts(n: int, *, seed: int = 0, max_steps: int | None = None,
                        **_: object) -> tuple[Solution, dict[str, int]]:
    """The ``min-conflicts`` method of :mod:`nqueens.base.methods`: :func:`min_conflicts_run`,
    and the counts of its work.

    >>> solve_min_conflicts(20, seed=1)[1].keys() == {"steps", "moves", "restarts"}
    True
    """
    solution, stats = min_conflicts_run(n, seed=seed, max_steps=max_steps)
    return solution, {k: getattr(stats, k) for k in METHOD.work}
