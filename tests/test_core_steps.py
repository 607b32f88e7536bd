"""The C step-count kernels against the readable traced ``proba``
(:func:`nqueens.algorithms.classic.trace`) and a readable tree walk: the same tests, placements,
removals, tree levels and trace bytes, for the queen and the superqueen; and bad
arguments raise instead of crashing."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from nqueens._core import steps as core
from nqueens.algorithms.classic import trace
from nqueens.base.events import Kind
from nqueens.base.pieces import Piece, attacks
from nqueens.kernels import steps
from nqueens.tasks.viz.html import encode_events

pieces = st.sampled_from([Piece.QUEEN, Piece.SUPERQUEEN])


@given(st.integers(1, 9), pieces)
def test_first_solution_steps_are_the_traced_ones(n: int, piece: Piece) -> None:
    events = list(trace(n, "proba", piece=piece, until="first"))
    kinds = [e.kind for e in events]
    pos = np.zeros(n, dtype=np.int64)
    tests, placed, removed, found = steps.first_solution_steps(n, piece.knight, pos)
    assert (tests, placed, removed) == (kinds.count(Kind.TEST), kinds.count(Kind.PLACE),
                                        kinds.count(Kind.REMOVE))
    assert found == (Kind.SOLUTION in kinds)
    if found:
        # the search runs down columns: the queen of column c stands in row pos[c]
        board: dict[int, int] = {}
        for e in events:
            if e.kind == Kind.PLACE:
                board[e.col] = e.row
            elif e.kind == Kind.REMOVE:
                del board[e.col]
        assert board == {c: int(r) for c, r in enumerate(pos)}


def readable_profile(n: int, knight: bool, first: int) -> list[int]:
    """Nodes per level below the first queen, by a walk over (column, row) squares."""
    piece = Piece.SUPERQUEEN if knight else Piece.QUEEN
    nodes = [0] * (n + 1)

    def walk(rows: list[int]) -> None:
        nodes[len(rows)] += 1
        if len(rows) == n:
            return
        c = len(rows)
        for r in range(n):
            if not any(attacks(piece, (rows[q], q), (r, c)) for q in range(c)):
                walk(rows + [r])

    walk([first])
    return nodes


@given(st.integers(1, 8).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, n - 1))),
       st.booleans())
def test_tree_profile_is_the_readable_walk(case: tuple[int, int], knight: bool) -> None:
    n, first = case
    nodes = np.full(n + 1, 5, dtype=np.int64)  # the kernel adds to what is there
    steps.tree_profile(n, knight, first, nodes)
    assert [x - 5 for x in nodes.tolist()] == readable_profile(n, knight, first)


@pytest.mark.parametrize("n", range(1, 9))
@pytest.mark.parametrize("piece", [Piece.QUEEN, Piece.SUPERQUEEN])
@pytest.mark.parametrize("until", ["first", "all"])
def test_trace_bytes_are_the_encoded_events(n: int, piece: Piece, until: str) -> None:
    want = encode_events(trace(n, "proba", piece=piece, until=until), n, scan="column")
    out = np.zeros(len(want) + 64, dtype=np.uint8)
    k = steps.proba_trace_bytes(n, piece.knight, until == "first", out)
    assert out[:k].tobytes() == want
    # an exact buffer is enough, one byte less is refused
    assert steps.proba_trace_bytes(n, piece.knight, until == "first",
                                   np.zeros(len(want), dtype=np.uint8)) == len(want)
    for short in range(0, len(want), max(1, len(want) // 17)):
        assert steps.proba_trace_bytes(n, piece.knight, until == "first",
                                       np.zeros(short, dtype=np.uint8)) == -1


def test_bad_arguments_raise() -> None:
    with pytest.raises(ValueError):
        core.first_solution_steps(0, False, np.zeros(4, dtype=np.int64))
    with pytest.raises(ValueError):
        core.first_solution_steps(64, False, np.zeros(64, dtype=np.int64))
    with pytest.raises(ValueError):
        core.first_solution_steps(8, False, np.zeros(7, dtype=np.int64))
    with pytest.raises(TypeError):
        core.first_solution_steps(8, False, np.zeros(8, dtype=np.int32))
    with pytest.raises(TypeError):
        core.first_solution_steps(8, False, bytes(64))  # read-only
    with pytest.raises(ValueError):
        core.tree_profile(8, False, 0, np.zeros(8, dtype=np.int64))
    with pytest.raises(ValueError):
        core.tree_profile(8, False, 8, np.zeros(9, dtype=np.int64))
    with pytest.raises(ValueError):
        core.tree_profile(8, False, -1, np.zeros(9, dtype=np.int64))
    with pytest.raises(TypeError):
        core.tree_profile(8, False, 0, np.zeros(9, dtype=np.float64))
    with pytest.raises(TypeError):
        core.proba_trace_bytes(8, False, False, np.zeros(9, dtype=np.int8))
    with pytest.raises(TypeError):
        core.proba_trace_bytes(8, False, False, np.zeros(100, dtype=np.uint8)[::2])
    with pytest.raises(ValueError):
        core.proba_trace_bytes(70, False, False, np.zeros(100, dtype=np.uint8))
