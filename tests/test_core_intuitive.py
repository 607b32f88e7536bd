"""The intuitive repair in the native core against the readable version, event by event,
and on boards far beyond the readable version's reach."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nqueens._core import intuitive as core
from nqueens.algorithms.classic.intuitive import intuitive, trace_intuitive
from nqueens.base.events import Event, Kind
from nqueens.kernels.intuitive import (
    ESCAPE_NOTES,
    EVENT_KINDS,
    MAX_N,
    intuitive_kernel,
    seed_key,
)

from programs import cpu_seconds_to_stop


def _fewest(e: Event) -> int:
    """The attackers a PLACE event's note gives for the chosen row."""
    if e.note == "free":
        return 0
    if e.note.startswith("every row attacked"):
        return int(e.note.split("; ")[1].split()[0])
    return int(e.note.split(": ")[1].split()[0])  # "moved from row 3: 1 attacker ..."


def readable_events(n: int, seed: int) -> list[tuple[int, ...]]:
    """The readable version's events, in the kernel's seven integers."""
    out = []
    for e in trace_intuitive(n, seed):
        if e.kind is Kind.TEST:
            counted = int(e.note.split()[0])  # "2 attackers on its left"
            fields = (e.row, e.col, counted, int(e.ok))
            assert e.ok == (not e.attackers)
        elif e.kind is Kind.REMOVE:
            fields = (e.row, e.col, 0, 0)
        elif e.kind is Kind.PLACE:
            fields = (e.row, e.col, _fewest(e), int("(random walk)" in e.note))
        elif e.kind is Kind.STATE:
            fields = (-1, -1, e.count, 0)
        elif e.kind is Kind.CONFLICTS:
            why = next((k for k, w in enumerate(ESCAPE_NOTES) if k and e.note and w in e.note),
                       0)
            fields = (-1, -1, e.count, why)
        else:
            assert e.kind is Kind.SOLUTION
            fields = (-1, -1, 1, 0)
        out.append((EVENT_KINDS.index(e.kind), fields[0], fields[1], e.step, e.depth,
                    fields[2], fields[3]))
    return out


@pytest.mark.slow
@pytest.mark.parametrize("n", range(4, 31))
@pytest.mark.parametrize("seed", [0, 1, -7, 2**70 + 3])
def test_the_kernel_makes_the_readable_versions_events(n: int, seed: int) -> None:
    run = intuitive_kernel(n, seed, record=True)
    assert run.events is not None
    assert [tuple(e) for e in run.events.tolist()] == readable_events(n, seed)


@pytest.mark.slow
@given(n=st.integers(31, 60), seed=st.integers(-2**80, 2**80))
@settings(max_examples=15, deadline=None)
def test_larger_boards_and_any_seed_make_the_same_events(n: int, seed: int) -> None:
    run = intuitive_kernel(n, seed, record=True)
    assert run.events is not None
    assert [tuple(e) for e in run.events.tolist()] == readable_events(n, seed)


def test_escapes_of_both_kinds_and_random_walks_are_exercised() -> None:
    # the comparison above covers what the procedure does at its corners
    seen_notes, walks = set(), 0
    for n in range(4, 31):
        events = intuitive_kernel(n, 0, record=True).events
        assert events is not None
        conflicts = events[events[:, 0] == EVENT_KINDS.index(Kind.CONFLICTS)]
        seen_notes |= set(conflicts[:, 6].tolist())
        places = events[events[:, 0] == EVENT_KINDS.index(Kind.PLACE)]
        walks += int(places[:, 6].sum())
    assert {0, 1} <= seen_notes and walks > 0


@pytest.mark.parametrize("n", [4, 8, 29, 60])
def test_a_run_without_its_record_ends_where_the_recorded_one_does(n: int) -> None:
    fast, slow = intuitive_kernel(n, 5), intuitive_kernel(n, 5, record=True)
    assert fast.events is None and slow.events is not None
    assert fast.row_of.tolist() == slow.row_of.tolist()
    assert (fast.states, fast.steps, fast.moves, fast.escapes, fast.escape_moves) == \
        (slow.states, slow.steps, slow.moves, slow.escapes, slow.escape_moves)
    assert fast.steps == int(slow.events[-1, 3])  # the last event's step


def _distinct_lines(cols: np.ndarray) -> bool:
    n = cols.shape[0]
    rows = np.arange(n)
    c = cols.astype(np.int64)
    return all(np.unique(key).size == n for key in (c, rows - c, rows + c))


@pytest.mark.parametrize("n", [301, 1000, 4099, 20_000])
def test_boards_beyond_the_readable_version_are_solved(n: int) -> None:
    s, states = intuitive(n, seed=n)
    assert s.n == n and _distinct_lines(s.cols) and states >= n
    assert intuitive(n, seed=n) == (s, states)


@pytest.mark.slow
def test_the_largest_board() -> None:
    s, states = intuitive(MAX_N)
    assert MAX_N == 100_000 and _distinct_lines(s.cols) and states >= MAX_N


def test_seeds_change_the_escapes() -> None:
    boards = {intuitive(1000, seed=s)[0] for s in range(4)}
    assert len(boards) == 4


def test_the_seed_words_are_those_random_seeds_from() -> None:
    assert seed_key(0) == seed_key(-0) == np.array([0], np.uint32).tobytes()
    assert np.frombuffer(seed_key(2**64 + 7), np.uint32).tolist() == [7, 0, 1]
    assert seed_key(-12) == seed_key(12)


@pytest.mark.parametrize(("key", "rows", "stats", "error"), [
    (b"", np.empty(8, np.int32), np.zeros(6, np.int64), ValueError),
    (b"abc", np.empty(8, np.int32), np.zeros(6, np.int64), ValueError),
    (seed_key(0), np.empty(3, np.int32), np.zeros(6, np.int64), ValueError),
    (seed_key(0), np.empty(MAX_N + 1, np.int32), np.zeros(6, np.int64), ValueError),
    (seed_key(0), np.empty(8, np.int64), np.zeros(6, np.int64), TypeError),
    (seed_key(0), np.empty(8, np.int32), np.zeros(5, np.int64), ValueError),
    (seed_key(0), np.empty(8, np.int32), np.zeros(6, np.int32), TypeError),
    ("words", np.empty(8, np.int32), np.zeros(6, np.int64), TypeError),
], ids=["no-key", "ragged-key", "small-board", "huge-board", "int64-rows", "short-stats",
        "int32-stats", "str-key"])
def test_bad_arguments_raise(key: object, rows: object, stats: object,
                             error: type[Exception]) -> None:
    with pytest.raises(error):
        core.intuitive_kernel(key, rows, stats, False)


def test_ctrl_c_in_a_library_session_stops_the_kernel() -> None:
    took = cpu_seconds_to_stop("intuitive_kernel(100_000)",
                           "from nqueens.kernels.intuitive import intuitive_kernel")
    assert took < 1, f"computed {took:.2f} CPU s after the signal"
