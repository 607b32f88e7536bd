"""The classic algorithms: traces, their step counts, the fast counting kernels."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nqueens
from nqueens.algorithms.classic import EXHAUSTIVE, search_space, steps_to_first, trace
from nqueens.base.errors import BadInput
from nqueens.base.events import Event, Kind, TraceError, count_steps, replay, solutions_of

# OEIS A140450, n = 4 … 20: steps of the backtracking to its first solution.
A140450 = [26, 15, 171, 42, 876, 333, 975, 517, 3066, 1365, 26495, 20280, 160712, 91222,
           743229, 48184, 3992510]


def test_steps_to_first_solution_are_a140450() -> None:
    assert [steps_to_first(n).steps for n in range(4, 21)] == A140450


def test_first_8_queens_solution_at_step_876_in_rows_15863724() -> None:
    r = steps_to_first(8)
    assert (r.steps, r.found) == (876, True)
    assert [x + 1 for x in r.rows] == [1, 5, 8, 6, 3, 7, 2, 4]
    assert r.solution is not None and r.solution.is_valid()
    for e, board in replay(trace(8, "proba", until="first"), 8):
        if e.kind is Kind.SOLUTION:
            assert e.step == 876
            assert [r + 1 for r, _ in sorted(board.queens, key=lambda q: q[1])] == \
                [1, 5, 8, 6, 3, 7, 2, 4]


@pytest.mark.parametrize("piece", ["queen", "superqueen"])
@pytest.mark.parametrize("method", ["proba", "arrays", "sets"])
def test_readable_backtracking_counts_what_the_kernel_counts(method: str, piece: str) -> None:
    for n in range(1, 11 if piece == "queen" else 12):
        fast = steps_to_first(n, piece)
        events = list(trace(n, method, piece=piece, until="first"))
        assert count_steps(events) == fast.steps, (n, method)
        assert sum(e.kind is Kind.PLACE for e in events) == fast.placed
        assert sum(e.kind is Kind.REMOVE for e in events) == fast.backtracks
        assert any(e.kind is Kind.SOLUTION for e in events) == fast.found


def test_stats_8_equals_the_table_of_the_source() -> None:
    s = search_space(8)
    assert s.subsets == 4_426_165_368
    assert s.per_column == 16_777_216
    assert s.permutations == 40_320
    assert s.nodes_per_level == (1, 8, 42, 140, 344, 568, 550, 312, 92)
    assert s.nodes == 2_057
    assert s.squares_tested == 15_720
    assert (s.solutions, s.fundamental) == (92, 12)


@pytest.mark.slow
@pytest.mark.parametrize("piece", ["queen", "superqueen"])
def test_search_tree_levels_match_the_readable_traces(piece: str) -> None:
    for n in range(1, 10):
        s = search_space(n, piece)
        events = list(trace(n, "proba", piece=piece))
        per_level = [1] + [0] * n
        for e in events:
            if e.kind is Kind.PLACE:
                per_level[e.depth] += 1
        assert tuple(per_level) == s.nodes_per_level, n
        assert count_steps(events) == s.squares_tested
        for method in ("arrays", "sets", "rows"):
            assert count_steps(trace(n, method, piece=piece)) == s.squares_tested, method
        assert s.solutions == nqueens.count(n, piece=piece).total


@pytest.mark.parametrize("method", EXHAUSTIVE)
@pytest.mark.parametrize("piece", ["queen", "superqueen"])
def test_replayed_solutions_are_those_of_the_fast_search(method: str, piece: str) -> None:
    for n in range(1, 9 if method != "rows" else 8):
        fast = {s.as_tuple() for s in nqueens.solutions(n, piece=piece)}
        found = solutions_of(trace(n, method, piece=piece), n, piece)
        assert len(found) == len(set(found))
        assert set(found) == fast, (method, n)


@settings(max_examples=25, deadline=None)
@given(n=st.integers(1, 7), method=st.sampled_from(EXHAUSTIVE),
       piece=st.sampled_from(["queen", "superqueen"]), until=st.sampled_from(["first", "all"]))
def test_every_trace_replays_consistently(n: int, method: str, piece: str, until: str) -> None:
    steps = 0
    last: Event | None = None
    for e, board in replay(trace(n, method, piece=piece, until=until), n, piece):
        if e.kind is Kind.TEST:
            steps += 1
            # the refused square's attackers all stand on the board
            assert set(e.attackers) <= set(board.queens)
        assert board.step == steps
        last = e
    assert last is not None and last.kind is Kind.DONE


def test_replay_rejects_inconsistent_traces() -> None:
    bad_place = [Event(Kind.PLACE, 0, 0, depth=1), Event(Kind.PLACE, 0, 0, depth=2)]
    with pytest.raises(TraceError, match="already stands"):
        list(replay(bad_place, 4))
    with pytest.raises(TraceError, match="no queen"):
        list(replay([Event(Kind.REMOVE, 1, 1)], 4))
    with pytest.raises(TraceError, match="attack"):
        list(replay([Event(Kind.PLACE, 0, 0, depth=1), Event(Kind.PLACE, 1, 1, depth=2),
                     Event(Kind.SOLUTION, depth=2)], 2))
    with pytest.raises(TraceError, match="step"):
        list(replay([Event(Kind.TEST, 0, 0, step=2)], 4))
    with pytest.raises(TraceError, match="ok"):
        list(replay([Event(Kind.PLACE, 0, 0, depth=1),
                     Event(Kind.TEST, 0, 1, step=1, depth=1, ok=True)], 4))


def test_bad_method_and_until_are_bad_input() -> None:
    with pytest.raises(BadInput, match="unknown method"):
        trace(8, "bogus")
    with pytest.raises(BadInput, match="until"):
        trace(8, "proba", until="some")
    with pytest.raises(BadInput):
        trace(0, "proba")


@pytest.mark.parametrize("method", ["intuitive", "min-conflicts"])
def test_repair_traces_replay_to_a_solution(method: str) -> None:
    try:
        events = list(trace(8, method, seed=3))
    except BadInput as exc:
        pytest.skip(f"{method} is not available here: {exc}")
    found = solutions_of(events, 8)
    assert len(found) == 1 and nqueens.Solution(found[0]).is_valid()
    with pytest.raises(BadInput, match="queens only"):
        trace(8, method, piece="superqueen")
