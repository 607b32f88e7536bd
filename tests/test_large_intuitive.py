"""The source's intuitive repair: a valid board and its number of states, n = 4…30."""

from __future__ import annotations

import pytest

from nqueens.algorithms.classic.intuitive import intuitive, trace_intuitive
from nqueens.base.errors import NoSolution
from nqueens.base.events import Kind, replay


@pytest.mark.parametrize("n", range(4, 31))
def test_intuitive_gives_a_valid_board_and_counts_its_states(n: int) -> None:
    events = list(trace_intuitive(n))
    assert events[-1].kind is Kind.SOLUTION
    states = [e.count for e in events if e.kind is Kind.STATE]
    assert states == list(range(1, len(states) + 1))  # numbered 1, 2, 3, ...
    places = sum(1 for e in events if e.kind is Kind.PLACE and "moved" not in e.note)
    assert places == n  # one first placement per column
    assert len(states) >= n
    s, count = intuitive(n)
    assert s.is_valid() and count == len(states)
    # the trace is consistent with the board it describes (tests, attackers, solution)
    last = None
    for _e, board in replay(events, n):
        last = board
    assert last is not None
    assert sorted(last.queens) == sorted((r, c) for r, c in enumerate(s.cols.tolist()))


def test_the_rule_is_followed_while_it_does_not_cycle() -> None:
    # n = 5: every column has a free row, no repair at all: 5 states, rows 1 3 5 2 4
    s, states = intuitive(5)
    assert states == 5
    events = list(trace_intuitive(5))
    tests = [e for e in events if e.kind is Kind.TEST]
    assert len(tests) == 25  # every square of every column examined once
    placed = [(e.row, e.col) for e in events if e.kind is Kind.PLACE]
    assert placed == [(0, 0), (2, 1), (4, 2), (1, 3), (3, 4)]


def test_first_repair_moves_the_nearest_attacker_to_its_topmost_best_row() -> None:
    events = list(trace_intuitive(4))
    # column 3 (index 2) finds every row attacked; it goes to the topmost least attacked
    third = next(e for e in events if e.kind is Kind.PLACE and e.col == 2)
    assert third.row == 0 and "every row attacked" in third.note
    first_two = [(e.row, e.col) for e in events if e.kind is Kind.PLACE][:2]
    assert first_two == [(0, 0), (2, 1)]
    # (0, 2) is attacked along its row by (0, 0) only: that queen is the one to move
    lifted = next(e for e in events if e.kind is Kind.REMOVE)
    assert (lifted.row, lifted.col) == (0, 0)
    assert "attacks the queen of column 3" in lifted.note


def test_cycles_are_detected_and_escaped() -> None:
    notes = [e.note for e in trace_intuitive(8) if e.kind is Kind.CONFLICTS]
    assert any(note.startswith("cycle") for note in notes)
    s, states = intuitive(8)
    assert s.is_valid() and states == 26


def test_reproducible_and_no_solution_for_two_and_three() -> None:
    assert intuitive(12) == intuitive(12)
    for n in (2, 3):
        with pytest.raises(NoSolution):
            intuitive(n)
