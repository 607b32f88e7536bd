"""The C min-conflicts kernel against the readable Python version, and its argument checks."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from nqueens.algorithms.repair import replay_board, trace_min_conflicts
from nqueens.base.events import Kind
from nqueens.kernels import minconflicts as mc

from programs import cpu_seconds_to_stop


def _run(n: int, seed: int, budget: int) -> tuple[int, np.ndarray, np.ndarray]:
    perm = np.empty(n, dtype=np.int32)
    stats = np.zeros(6, dtype=np.int64)
    status = mc.min_conflicts_kernel(perm, np.uint64(mc.seed_state(seed)), budget, stats)
    return status, perm, stats


@pytest.mark.slow
@given(n=st.integers(4, 60), seed=st.integers(0, 2**64 - 1))
def test_the_kernel_makes_the_readable_versions_decisions(n: int, seed: int) -> None:
    status, perm, stats = _run(n, seed, 10**6)
    events = list(trace_min_conflicts(n, seed=seed, max_steps=10**6))
    assert status == mc.SOLVED and events[-1].kind is Kind.SOLUTION
    assert replay_board(events, n).as_tuple() == tuple(perm.tolist())
    assert int(stats[0]) == events[-1].step                       # candidate swaps
    assert int(stats[1]) == sum(e.kind is Kind.MOVE for e in events) // 2
    restarts = sum(e.kind is Kind.CONFLICTS and e.note == "restart" for e in events)
    assert int(stats[2]) == restarts
    assert int(stats[3]) == next(e.count for e in events if e.kind is Kind.CONFLICTS)
    assert int(stats[4]) == 0
    p = perm.tolist()
    assert sorted(p) == list(range(n))
    assert len({r + c for r, c in enumerate(p)}) == len({r - c for r, c in enumerate(p)}) == n


@given(n=st.integers(4, 60), seed=st.integers(0, 1000), budget=st.integers(0, 200))
def test_a_small_budget_runs_out_where_the_readable_version_does(n: int, seed: int,
                                                                budget: int) -> None:
    status, _, stats = _run(n, seed, budget)
    last = list(trace_min_conflicts(n, seed=seed, max_steps=budget))[-1]
    if last.kind is Kind.SOLUTION:
        assert status == mc.SOLVED and int(stats[0]) == last.step
    else:
        assert status == mc.OUT_OF_STEPS and int(stats[0]) == budget
        assert int(stats[4]) == int(last.note.split()[4])  # "... with K attacking pairs left"


def test_boards_for_a_seed_stay_the_same_from_version_to_version() -> None:
    # Fixed by the generator and the procedure; a change here changes every user's boards.
    # (They changed twice: when the greedy start went from 16 draws a row to 256, and
    # when it became a shuffle with 256 columns scanned in order.)
    assert _run(8, 1, 10**7)[1].tolist() == [7, 2, 0, 5, 1, 4, 6, 3]
    status, perm, stats = _run(12, 0, 10**7)
    assert perm.tolist() == [7, 0, 3, 6, 9, 11, 2, 5, 10, 1, 4, 8]
    assert stats.tolist() == [6, 2, 0, 2, 0, 2]
    status, perm, stats = _run(10_000, 3, 10**7)
    assert status == mc.SOLVED and stats.tolist() == [876, 18, 0, 18, 0, 3]
    assert int(perm.astype(np.int64) @ np.arange(10_000)) == 248848691343


@pytest.mark.parametrize("n", [256, 300, 1000])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_larger_boards_make_the_readable_versions_decisions(n: int, seed: int) -> None:
    # above SMALL_N the kernel's counters are bytes guarded by PAIRS_CAP
    status, perm, stats = _run(n, seed, 10**6)
    events = list(trace_min_conflicts(n, seed=seed, max_steps=10**6))
    assert status == mc.SOLVED and events[-1].kind is Kind.SOLUTION
    assert replay_board(events, n).as_tuple() == tuple(perm.tolist())
    assert int(stats[0]) == events[-1].step and int(stats[3]) == events[n].count


def test_one_two_and_three_queens_do_not_crash() -> None:
    assert _run(1, 0, 100)[0] == mc.SOLVED
    for n in (2, 3):  # no solution: the budget runs out
        status, perm, stats = _run(n, 0, 1000)
        assert status == mc.OUT_OF_STEPS and int(stats[0]) == 1000
        assert sorted(perm.tolist()) == list(range(n))


@pytest.mark.parametrize(("perm", "seed", "steps", "stats", "error"), [
    (np.empty(8, np.int64), 1, 10, np.zeros(6, np.int64), TypeError),
    (np.empty(8, np.float32), 1, 10, np.zeros(6, np.int64), TypeError),
    (np.empty(16, np.int32)[::2], 1, 10, np.zeros(6, np.int64), TypeError),
    (np.empty(8, np.int32), 1, 10, np.zeros(5, np.int64), ValueError),
    (np.empty(8, np.int32), 1, 10, np.zeros(6, np.int32), TypeError),
    (np.empty(0, np.int32), 1, 10, np.zeros(6, np.int64), ValueError),
    (np.empty(8, np.int32), 1, -1, np.zeros(6, np.int64), ValueError),
    (np.empty(8, np.int32), -1, 10, np.zeros(6, np.int64), ValueError),
    (np.empty(8, np.int32), 2**64, 10, np.zeros(6, np.int64), ValueError),
    (np.empty(8, np.int32), 1.5, 10, np.zeros(6, np.int64), TypeError),
    (np.empty(8, np.int32), 1, 2**63, np.zeros(6, np.int64), OverflowError),
    ([0] * 8, 1, 10, np.zeros(6, np.int64), TypeError),
], ids=["int64-perm", "float-perm", "strided-perm", "short-stats", "int32-stats", "empty-perm",
        "negative-budget", "negative-seed", "huge-seed", "float-seed", "huge-budget", "list"])
def test_bad_arguments_raise(perm: object, seed: object, steps: int, stats: object,
                             error: type[Exception]) -> None:
    with pytest.raises(error):
        mc.min_conflicts_kernel(perm, seed, steps, stats)  # type: ignore[arg-type]


def test_read_only_arrays_are_refused() -> None:
    perm = np.empty(8, np.int32)
    perm.flags.writeable = False
    with pytest.raises(TypeError, match="writable"):
        mc.min_conflicts_kernel(perm, 1, 10, np.zeros(6, np.int64))


def test_ctrl_c_in_a_library_session_stops_the_kernel() -> None:
    """The kernel runs without the interpreter lock but looks for a pending signal."""
    took = cpu_seconds_to_stop(
        "min_conflicts_kernel(perm, 1, 10**12, stats)",
        "import numpy as np\n"
        "from nqueens.kernels.minconflicts import min_conflicts_kernel\n"
        "perm, stats = np.empty(20_000_000, np.int32), np.zeros(6, np.int64)")
    assert took < 5, f"computed {took:.2f} CPU s after the signal"
