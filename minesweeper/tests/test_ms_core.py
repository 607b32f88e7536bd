"""The C minesweeper kernels against readable Python, and their argument checks."""

from __future__ import annotations

from itertools import product
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from minesweeper._core import mines as core
from minesweeper.analysis.reduce import collapse, verify
from minesweeper.base.board import MINE, UNKNOWN, Board, arrays_of, parse_board


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


# ---- the groups and the dry run of their sweeps -------------------------------------------

def _position(seed: int) -> Board:
    """A game position of a random size, density and share revealed, half with a total."""
    import random

    from ms_support import game_position

    rng = random.Random(seed)
    return game_position(rng, rng.randint(2, 14), rng.randint(2, 14),
                         rng.choice([0.1, 0.2, 0.3]), rng.choice([0.2, 0.5, 0.8]),
                         total=rng.random() < 0.5)


@pytest.mark.parametrize("block", range(6))
def test_the_groups_kernel_makes_the_readable_groups_and_orders(block: int) -> None:
    """The compiled groups (classes, rows over them, components, greedy sweep order and
    the mines the collapse fixed) are the readable ones, on 600 game positions."""
    from minesweeper.analysis import probability as p

    for seed in range(block * 100, block * 100 + 100):
        board = _position(seed)
        a = arrays_of(board)
        c = collapse(a, clauses=False)
        if c.contradiction:
            continue
        parent, parity, value = c.parent.tolist(), c.parity.tolist(), c.value.tolist()
        roots, fixed = p._classes(a.n, parent, parity, value, a.touched.tolist())
        counting = a.total_need is not None
        groups, order = p._groups(a, parent, parity, value, roots, counting)
        got = p._grouped(a, c.parent, c.parity, c.value, counting, 10**9)
        if groups is None:
            assert got is None, seed
            continue
        assert got is not None, seed
        assert got[1] == order and got[2] == fixed, seed
        assert [(g.ones, g.zeros, g.rows, g.squares) for g in got[0]] == \
            [(g.ones, g.zeros, g.rows, g.squares) for g in groups], seed


def _grouped_positions(count: int) -> Any:
    """For ``count`` game positions, those whose numbers hold and make groups: the seed,
    the arguments of ``_grouped`` up to its cap, and the readable groups."""
    from minesweeper.analysis import probability as p

    for seed in range(count):
        a = arrays_of(_position(seed))
        c = collapse(a, clauses=False)
        counting = a.total_need is not None
        grouped = None if c.contradiction else p._grouped(a, c.parent, c.parity, c.value,
                                                          counting, 10**9, dry=False)
        if grouped is not None and grouped[0]:
            yield seed, (a, c.parent, c.parity, c.value, counting), grouped[0]


def _least_room(groups: list, whole: bool) -> int:
    """The least room the readable sweeps of ``groups`` fit in: spans and every
    boundary's sums and counts (``whole``), or spans and the most two boundaries hold."""
    from minesweeper.analysis import probability as p

    spans = most = held = 0
    for g in groups:
        spans += p._spans(g)
        tables, _ = p._forward(g, 10**12, 10**12)
        sizes = [p._held(t) for t in tables]
        held += sum(sizes[1:])
        most = max([most] + [spans + a + b for a, b in zip(sizes, sizes[1:], strict=False)])
    return spans + held if whole else most


@pytest.mark.parametrize("whole", [True, False])
def test_the_dry_run_refuses_exactly_where_the_sweeps_would_pass_their_room(
        whole: bool) -> None:
    """The compiled dry run counts what the sweeps hold as they count it: a board fits
    in the least room its sweeps need and is refused in one less, on 150 positions."""
    from minesweeper.analysis import probability as p
    from minesweeper.base.errors import BadInput

    checked = 0
    for seed, args, groups in _grouped_positions(150):
        least = _least_room(groups, whole)
        assert p._grouped(*args, least, states=10**9, whole=whole) is not None, seed
        with pytest.raises(BadInput, match="overlap too widely"):
            p._grouped(*args, least - 1, states=10**9, whole=whole)
        checked += 1
    assert checked > 50


def test_the_dry_run_refuses_more_states_than_allowed_at_one_boundary() -> None:
    from minesweeper.analysis import probability as p
    from minesweeper.base.errors import BadInput

    for seed in range(100):                 # a position whose sweeps pass several states
        a = arrays_of(_position(seed))
        c = collapse(a, clauses=False)
        grouped = None if c.contradiction else p._grouped(a, c.parent, c.parity, c.value,
                                                          False, 10**9, dry=False)
        most = max([0] + [len(t) for g in (grouped or [[]])[0]
                          for t in p._forward(g, 10**12, 10**12)[0]])
        if most > 3:
            break
    assert most > 3
    args = (a, c.parent, c.parity, c.value, False, 10**9)
    assert p._grouped(*args, states=most) is not None
    with pytest.raises(BadInput, match=f"more than {most - 1:,} partial states at class"):
        p._grouped(*args, states=most - 1)


def test_bad_groups_arguments_raise() -> None:
    a = arrays_of(Board(np.array([[UNKNOWN, 1, UNKNOWN]], dtype=np.int8), None))
    c = collapse(a, clauses=False)
    good = dict(parent=c.parent, parity=c.parity, value=c.value, touched=a.touched,
                ptr=a.ptr, vars=a.vars, need=a.need, count_mines=False, cap=100,
                max_states=100, dry=True)
    assert core.groups(**good)[0] == 0
    for change, error in [
            ({"parent": np.array([1, 0], dtype=np.int32)}, ValueError),     # not roots
            ({"parent": np.array([0, 5], dtype=np.int32)}, ValueError),
            ({"touched": np.zeros(2, dtype=np.bool_)}, ValueError),
            ({"ptr": np.array([0, 3], dtype=np.int64)}, ValueError),
            ({"parity": np.zeros(2, dtype=np.int32)}, TypeError),
            ({"value": np.zeros(1, dtype=np.int8)}, ValueError)]:
        with pytest.raises(error):
            core.groups(**{**good, **change})


@pytest.mark.parametrize("block", range(4))
def test_the_compiled_sweeps_count_as_the_readable_ones(block: int) -> None:
    """The compiled sweeps give each group's polynomial and, weighted by any weights, each
    class's arrangements with it 1, as the readable sweeps do, on 400 game positions (the
    weights: all ones, then random integers past 64 bits)."""
    import random

    from minesweeper.analysis import probability as p

    rng = random.Random(block)
    swept = 0
    for seed in range(block * 100, block * 100 + 100):
        board = _position(seed)
        fast, readable = p._analyse(board), p._analyse(board, compiled=False)
        if readable is None:
            assert fast is None, seed
            continue
        assert fast is not None and fast.polys == readable.polys, seed
        for g, poly in enumerate(fast.polys):
            swept += fast.classes[g] is not None
            for weight in ([1] * len(poly), [rng.getrandbits(90) for _ in poly]):
                assert fast.ones(g, weight) == readable.ones(g, weight), seed
    assert swept > 100


def test_a_group_past_64_bits_is_left_to_the_readable_sweep() -> None:
    """A row of 4s over three rows of covered squares: one group with more than 2^64
    arrangements, which the compiled sweep leaves to the readable one; the answer is the
    same, square for square."""
    from minesweeper.analysis import probability as p

    middle = "".join("4" if c % 2 else "?" for c in range(81))
    board = Board(np.array([[UNKNOWN if ch == "?" else int(ch) for ch in row]
                            for row in ["?" * 81, middle, "?" * 81]], dtype=np.int8), None)
    an = p._analyse(board)
    assert an is not None and len(an.groups) == 1 and an.classes == [None]
    assert sum(an.polys[0]) > 2**64
    readable = p._analyse(board, compiled=False)
    assert p.probabilities_of(board, an) == p.probabilities_of(board, readable)


def test_bad_sweeps_arguments_raise() -> None:
    from minesweeper.base.board import parse_board

    a = arrays_of(parse_board("????/?22?/????"))
    c = collapse(a, clauses=False)
    status, _, _, _, *parts = core.groups(c.parent, c.parity, c.value, a.touched, a.ptr,
                                          a.vars, a.need, True, 10**6, 10**6, True)
    assert status == 0
    kinds = (np.int64, np.int32, np.int32, np.int32, np.int64, np.int64, np.int32, np.int8,
             np.int32)
    arrays = [np.frombuffer(b, dtype=k) for b, k in zip(parts, kinds, strict=True)]
    names = ["gptr", "ones", "zeros", "grptr", "rptr", "rpos", "rcoef", "rrhs"]
    good = dict(zip(names, arrays[:1] + arrays[2:], strict=True))   # not the order
    status, polys, _, _, _ = core.sweeps(**good)
    assert status == b"\0" and np.frombuffer(polys, dtype=np.uint64).sum() > 0
    for change, error in [
            ({"gptr": np.array([0, 99], dtype=np.int64)}, ValueError),
            ({"rpos": good["rpos"][::-1].copy()}, ValueError),
            ({"rcoef": np.full_like(good["rcoef"], 9)}, ValueError),
            ({"ones": good["ones"].astype(np.int64)}, TypeError),
            ({"rrhs": good["rrhs"][:-1].copy()}, ValueError)]:
        with pytest.raises(error):
            core.sweeps(**{**good, **change})


def test_the_compiled_dry_run_counts_the_bytes_the_compiled_sweeps_keep() -> None:
    """With the compiled sweeps the dry run counts 8 bytes a partial count, 16 a state and
    1 a partial sum at every boundary after the first: a board fits in exactly that many
    bytes and is refused in one less, on 150 positions."""
    from minesweeper.analysis import probability as p
    from minesweeper.base.errors import BadInput

    checked = 0
    for seed, args, groups in _grouped_positions(150):
        least = 0
        for g in groups:
            tables, _ = p._forward(g, 10**12, 10**12)
            least += sum(8 * sum(len(q) for q in t.values()) +
                         sum(16 + len(state) for state in t) for t in tables[1:])
        assert p._grouped(*args, least, states=10**9, sweep=True) is not None, seed
        with pytest.raises(BadInput, match="the sweeps may hold"):
            p._grouped(*args, least - 1, states=10**9, sweep=True)
        checked += 1
    assert checked > 50


def test_a_board_built_from_a_formula_is_swept_along_its_length() -> None:
    """The sweep order with the fewest numbers open at once: on a board built from a
    formula of 6 variables (a long strip), the classes by column, where the greedy order
    keeps more than twice as many open."""
    import random

    from minesweeper.analysis import probability as p
    from minesweeper.circuits.circuit import build
    from minesweeper.circuits.formula import random_cnf

    board = build(random_cnf(6, 6, random.Random(1))).board
    a = arrays_of(board)
    c = collapse(a, clauses=False)
    parent, parity, value = c.parent.tolist(), c.parity.tolist(), c.value.tolist()
    roots, _ = p._classes(a.n, parent, parity, value, a.touched.tolist())
    groups, order = p._groups(a, parent, parity, value, roots, False)
    big = max(range(len(order)), key=lambda k: len(order[k]))
    rows = [{order[big][i]: k for i, k in zip(ids, coefs, strict=True)}
            for ids, coefs, _ in groups[big].rows]
    where = list(zip(a.rows.tolist(), a.cols.tolist(), strict=True))
    chosen = p._profile(order[big], rows)
    greedy = p._profile(p._greedy_order(order[big], rows), rows)
    assert order[big] == sorted(order[big], key=lambda r: (where[r][1], where[r][0]))
    assert 2 * chosen[0] < greedy[0]


@pytest.mark.parametrize("block", range(4))
def test_the_analysis_in_one_call_is_the_analysis_step_by_step(block: int) -> None:
    """The analysis made in one compiled call (extraction, collapse, groups and sweeps)
    is the one the calls one by one make, field by field, on 400 game positions with and
    without a total and flags, those the numbers rule out included."""
    from minesweeper.analysis import probability as p

    seen = {"none": 0, "total": 0, "plain": 0}
    for seed in range(block * 100, block * 100 + 100):
        board = _position(seed)
        numbers = np.argwhere(board.cells >= 0)
        if seed % 4 == 0 and len(numbers):         # a number changed: often impossible
            cells = board.cells.copy()
            r, c = numbers[seed % len(numbers)]
            cells[r, c] = (cells[r, c] + 1 + seed % 3) % 9
            board = Board(cells, board.total)
        done, fast = p._analysed_at_once(board, 600 << 20)
        slow = p._analyse(board, at_once=False)
        assert done, seed                  # small boards: nothing past 64 bits or a limit
        if slow is None:
            assert fast is None, seed
            seen["none"] += 1
            continue
        assert fast is not None, seed
        seen["total" if board.total is not None else "plain"] += 1
        assert (fast.squares, fast.total, fast.flags, fast.fixed, fast.order, fast.polys,
                fast.classes) == (slow.squares, slow.total, slow.flags, slow.fixed,
                                  slow.order, slow.polys, slow.classes), seed
        for name in ("parent", "parity", "value", "touched", "codes"):
            assert getattr(fast, name).tolist() == getattr(slow, name).tolist(), (seed, name)
        assert p.probabilities_of(board, fast) == p.probabilities_of(board, slow), seed
    assert min(seen.values()) > 0, seen


def test_the_analysis_in_one_call_leaves_what_passes_its_limits_to_the_steps() -> None:
    """A group past 64 bits, or past the sweep's bytes, is not analysed in one call: the
    steps one by one take it (the readable sweep, or a refusal that says why)."""
    from minesweeper.analysis import probability as p

    middle = "".join("4" if c % 2 else "?" for c in range(81))
    board = Board(np.array([[UNKNOWN if ch == "?" else int(ch) for ch in row]
                            for row in ["?" * 81, middle, "?" * 81]], dtype=np.int8), None)
    assert p._analysed_at_once(board, 600 << 20) == (False, None)
    an = p._analyse(board)
    assert an is not None and an.classes == [None] and sum(an.polys[0]) > 2**64
    small = parse_board("????/?22?/????")
    assert p._analysed_at_once(small, 10) == (False, None)
    assert p._analysed_at_once(small, 1 << 20)[0]


@pytest.mark.parametrize("block", range(3))
def test_the_compiled_weighing_counts_as_the_readable_one(block: int,
                                                          monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    """Every square's count, the arrangements and the frontier's are those the readable
    weighing (``_weights``) gives, on 300 game positions with and without a total."""
    from minesweeper.analysis import probability as p

    weighed = 0
    for seed in range(block * 100, block * 100 + 100):
        board = _position(seed)
        an = p._analyse(board)
        if an is None:
            continue
        fast = p.probabilities_of(board, an)
        with monkeypatch.context() as m:
            m.setattr(p, "MAX_WEIGHED_GROUPS", -1)
            readable = p.probabilities_of(board, an)
        assert fast == readable, seed
        weighed += len(an.polys) <= p.MAX_WEIGHED_GROUPS
    assert weighed > 50


@settings(max_examples=300, deadline=None)
@given(st.lists(st.lists(st.integers(0, 2**70), min_size=1, max_size=5), max_size=5),
       st.integers(0, 30), st.integers(0, 12), st.one_of(st.none(), st.integers(0, 60)),
       st.randoms(use_true_random=False))
def test_the_compiled_weighing_of_any_polynomials_is_the_readable_one(
        polys: list[list[int]], interior: int, fixed: int, total: int | None,
        rng: Any) -> None:
    """Polynomials of any size (past 64 bits), any classes, any codes: the compiled
    weighing's counts are the readable ``_weights`` and values, exactly."""
    from minesweeper.analysis import probability as p

    polys = [q if any(q) else q[:-1] + [1] for q in polys]
    classes = [[[rng.randint(0, c) for c in q] for _ in range(rng.randint(1, 3))]
               for q in polys]
    if total is not None:
        total += fixed
    weights, arrangements, inner = p._weights(polys, fixed, interior, total)
    values = [0, arrangements, inner]
    for g, w in enumerate(weights):
        for row in classes[g]:
            k = sum(a * b for a, b in zip(row, w, strict=True))
            values += (k, arrangements - k)
    codes = np.array([rng.randrange(len(values)) for _ in range(20)], dtype=np.int32)
    mined, got, got_inner, frontier = core.weigh(polys, classes, codes, fixed, interior, total)
    assert (got, got_inner) == (arrangements, inner)
    assert mined == [values[c] for c in codes.tolist()]
    expected_frontier = 1
    for q in polys:
        expected_frontier *= sum(q)
    assert frontier == expected_frontier


def test_the_compiled_weighing_refuses_what_is_not_a_sweep() -> None:
    """Lists of the wrong shape are refused with a clear error, not read past."""
    codes = np.zeros(2, dtype=np.int32)
    for polys, classes, code, error in [
            ([[1, 2]], [[[1]]], codes, ValueError),           # a class shorter than its poly
            ([[1, 2]], [], codes, ValueError),                # classes not one a group
            ([[]], [[]], codes, TypeError),                   # an empty polynomial
            ([["1"]], [[]], codes, TypeError),                # not ints
            ([[1]], [[[1]]], np.array([9], dtype=np.int32), ValueError)]:   # no such count
        with pytest.raises(error):
            core.weigh(polys, classes, code, 0, 0, None)
