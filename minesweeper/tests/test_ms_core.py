"""The C minesweeper kernels against readable Python, and their argument checks."""

from __future__ import annotations

from itertools import product

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from minesweeper._core import mines as core
from minesweeper.analysis.reduce import collapse, verify
from minesweeper.base.board import MINE, UNKNOWN, Board, arrays_of


def _readable_constraints(cells: np.ndarray) -> list[tuple[int, int, list[int], int]]:
    """(row, col, unknown neighbours, need) of every number that says something."""
    h, w = cells.shape
    index: dict[tuple[int, int], int] = {}
    for r in range(h):
        for c in range(w):
            if cells[r, c] == UNKNOWN:
                index[r, c] = len(index)
    out = []
    for r in range(h):
        for c in range(w):
            v = int(cells[r, c])
            if v < 0:
                continue
            seen, flags = [], 0
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    rr, cc = r + dr, c + dc
                    if (dr, dc) == (0, 0) or not (0 <= rr < h and 0 <= cc < w):
                        continue
                    if cells[rr, cc] == UNKNOWN:
                        seen.append(index[rr, cc])
                    elif cells[rr, cc] == MINE:
                        flags += 1
            if seen or v != flags:
                out.append((r, c, seen, v - flags))
    return out


boards = st.tuples(st.integers(1, 6), st.integers(1, 6), st.integers(0, 2**32 - 1),
                   st.floats(0.0, 1.0), st.floats(0.0, 0.5), st.booleans())


def _board(spec: tuple[int, int, int, float, float, bool]) -> Board:
    """A position from a real layout (consistent), or with numbers changed (maybe not)."""
    h, w, seed, hidden, flagged, scramble = spec
    rng = np.random.default_rng(seed)
    mines = rng.random((h, w)) < 0.3
    padded = np.pad(mines.astype(int), 1)
    numbers = sum(padded[1 + dr:h + 1 + dr, 1 + dc:w + 1 + dc]
                  for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0))
    cells = np.where(rng.random((h, w)) < hidden, UNKNOWN, numbers)
    cells = np.where(mines & (cells != UNKNOWN), np.where(rng.random((h, w)) < flagged, MINE,
                                                          UNKNOWN), cells)
    if scramble:
        cells = np.where(cells >= 0, rng.integers(0, 9, (h, w)), cells)
    return Board(cells.astype(np.int8), None)


@settings(max_examples=150, deadline=None)
@given(spec=boards)
def test_extract_is_the_readable_reading(spec: tuple[int, int, int, float, float, bool]) -> None:
    board = _board(spec)
    a = arrays_of(board)
    want = _readable_constraints(board.cells)
    assert a.cell_rows.tolist() == [r for r, _, _, _ in want]
    assert a.cell_cols.tolist() == [c for _, c, _, _ in want]
    assert [a.vars[a.ptr[j]:a.ptr[j + 1]].tolist() for j in range(a.m)] == \
        [s for _, _, s, _ in want]
    assert a.need.tolist() == [k for _, _, _, k in want]
    unknown = np.argwhere(board.cells == UNKNOWN)
    assert a.rows.tolist() == unknown[:, 0].tolist() and a.cols.tolist() == unknown[:, 1].tolist()


@settings(max_examples=150, deadline=None)
@given(spec=boards)
def test_collapse_keeps_exactly_the_boards_solutions(
        spec: tuple[int, int, int, float, float, bool]) -> None:
    """Every arrangement of the unknown squares satisfies the board if and only if it
    satisfies what the collapse leaves: the relations, the fixed values and the clauses;
    a contradiction is only reported for a board without solutions."""
    board = _board(spec)
    a = arrays_of(board)
    if a.n > 12:
        return
    want = _readable_constraints(board.cells)
    c = collapse(a)
    solutions = 0
    for bits in product((0, 1), repeat=a.n):
        x = np.array(bits, dtype=np.int64)
        good = all(int(x[s].sum()) == k for _, _, s, k in want)
        solutions += good
        assert verify(a, x.astype(bool)) == (-1 if good else next(
            j for j, (_, _, s, k) in enumerate(want) if int(x[s].sum()) != k))
        if c.contradiction:
            assert not good
            continue
        kept = all(x[v] == x[c.parent[v]] ^ c.parity[v] for v in range(a.n))
        kept = kept and all(x[v] == c.value[v] for v in range(a.n) if c.value[v] >= 0)
        kept = kept and all(any((lit > 0) == bool(x[c.root_of[abs(lit)]]) for lit in cl)
                            for cl in c.clauses)
        assert kept == good
        if good and not c.clauses:
            assert verify(a, c.witness()) == -1
    if not c.contradiction and solutions and all(int(r) == v for v, r in enumerate(c.parent)):
        assert c.rounds >= 1


def _csr() -> dict[str, np.ndarray]:
    return {"ptr": np.array([0, 2, 3], dtype=np.int64),
            "vars": np.array([0, 1, 0], dtype=np.int32),
            "need": np.array([1, 1], dtype=np.int16)}


def _uf(n: int = 2) -> dict[str, np.ndarray]:
    return {"parent": np.arange(n, dtype=np.int32), "parity": np.zeros(n, dtype=np.uint8),
            "value": np.full(n, -1, dtype=np.int8)}


@pytest.mark.parametrize("change, error", [
    ({"ptr": np.array([0, 2, 3], dtype=np.int32)}, TypeError),
    ({"vars": np.array([0, 1, 0], dtype=np.int64)}, TypeError),
    ({"need": np.array([1, 1], dtype=np.int32)}, TypeError),
    ({"ptr": np.array([0, 2], dtype=np.int64)}, ValueError),         # m + 1 needed
    ({"ptr": np.array([0, 2, 4], dtype=np.int64)}, ValueError),      # past vars
    ({"ptr": np.array([0, 3, 2], dtype=np.int64)}, ValueError),      # backwards
    ({"ptr": np.array([-1, 2, 3], dtype=np.int64)}, ValueError),
    ({"vars": np.array([0, 2, 0], dtype=np.int32)}, ValueError),     # variable past n
    ({"vars": np.array([0, -1, 0], dtype=np.int32)}, ValueError),
])
def test_bad_constraints_raise(change: dict[str, np.ndarray], error: type[Exception]) -> None:
    a = _csr() | change
    u = _uf()
    with pytest.raises(error):
        core.collapse(a["ptr"], a["vars"], a["need"], 60, u["parent"], u["parity"], u["value"],
                      np.zeros(2, dtype=bool))
    with pytest.raises(error):  # no mines, satisfying every number read before the fault
        need = a["need"] * 0 if a["need"].dtype == np.int16 else a["need"]
        core.violated(a["ptr"], a["vars"], need, np.zeros(2, dtype=bool))
    with pytest.raises(error):
        core.clauses(u["parent"], u["parity"], u["value"], a["ptr"], a["vars"], a["need"],
                     np.zeros(2, dtype=bool))


def test_more_than_eight_squares_in_a_constraint_raise() -> None:
    ptr, vs = np.array([0, 9]), np.arange(9, dtype=np.int32)
    u = _uf(9)
    with pytest.raises(ValueError, match="spans 9"):
        core.collapse(ptr, vs, np.array([1], dtype=np.int16), 60, u["parent"], u["parity"],
                      u["value"], np.zeros(1, dtype=bool))


@pytest.mark.parametrize("change, error", [
    ({"parent": np.array([0, 2], dtype=np.int32)}, ValueError),    # parent past n
    ({"parent": np.array([0, -5], dtype=np.int32)}, ValueError),
    ({"parity": np.zeros(1, dtype=np.uint8)}, ValueError),         # short
    ({"value": np.zeros(2, dtype=np.int64)}, TypeError),
    ({"parent": np.arange(2, dtype=np.int64)}, TypeError),
])
def test_bad_union_find_raises(change: dict[str, np.ndarray], error: type[Exception]) -> None:
    u = _uf() | change
    with pytest.raises(error):
        core.values(u["parent"], u["parity"], u["value"], np.zeros(2, dtype=bool))


def test_bad_outputs_raise() -> None:
    a, u = _csr(), _uf()
    with pytest.raises(ValueError):   # done shorter than the constraints
        core.collapse(a["ptr"], a["vars"], a["need"], 60, u["parent"], u["parity"], u["value"],
                      np.zeros(1, dtype=bool))
    with pytest.raises(TypeError):    # read-only
        core.values(u["parent"], u["parity"], u["value"], bytes(2))
    with pytest.raises(ValueError):
        core.violated(a["ptr"], a["vars"], a["need"], np.zeros(1, dtype=bool))
    cells = np.array([[1, -1]], dtype=np.int8)
    assert core.extract_sizes(cells) == (1, 1, 1)
    i32, one = np.zeros(1, dtype=np.int32), np.zeros(2, dtype=np.int64)
    with pytest.raises(ValueError):   # room for no unknown square
        core.extract(cells, np.zeros(0, dtype=np.int32), np.zeros(0, dtype=np.int32), i32,
                     i32.copy(), one, i32.copy(), np.zeros(1, dtype=np.int16))
    with pytest.raises(ValueError):   # vars too short
        core.extract(cells, i32.copy(), i32.copy(), i32.copy(), i32.copy(), one,
                     np.zeros(0, dtype=np.int32), np.zeros(1, dtype=np.int16))
    with pytest.raises(ValueError):
        core.extract_sizes(np.zeros(4, dtype=np.int8))
    with pytest.raises(TypeError):
        core.extract_sizes(np.zeros((2, 2), dtype=np.int16))
